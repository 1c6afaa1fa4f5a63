import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyPatch, PatchError, sameJson } from '../../js/patch.js';

test('add, remove, replace on objects and arrays', () => {
  const doc = { a: { b: 1 }, list: [1, 2, 3], marbles: { '0': { space: 3 } } };
  const out = applyPatch(doc, [
    { op: 'replace', path: '/a/b', value: 2 },
    { op: 'add', path: '/list/1', value: 9 },
    { op: 'add', path: '/list/-', value: 4 },
    { op: 'remove', path: '/list/0' },
    { op: 'add', path: '/marbles/1', value: { space: 5 } },
    { op: 'remove', path: '/marbles/0' },
  ]);
  assert.deepEqual(out, { a: { b: 2 }, list: [9, 2, 3, 4], marbles: { '1': { space: 5 } } });
  assert.deepEqual(doc.list, [1, 2, 3], 'the input is untouched');
});

test('move, copy, test and escaped pointers', () => {
  const doc = { 'x/y': 1, 'm~n': [1], z: null };
  const out = applyPatch(doc, [
    { op: 'test', path: '/x~1y', value: 1 },
    { op: 'copy', from: '/m~0n', path: '/c' },
    { op: 'move', from: '/x~1y', path: '/z' },
  ]);
  assert.deepEqual(out, { 'm~n': [1], z: 1, c: [1] });
});

test('a failing test or a missing path throws and changes nothing', () => {
  const doc = { a: 1 };
  assert.throws(() => applyPatch(doc, [{ op: 'test', path: '/a', value: 2 }]), PatchError);
  assert.throws(() => applyPatch(doc, [{ op: 'remove', path: '/b' }]), PatchError);
  assert.throws(() => applyPatch(doc, [{ op: 'replace', path: '/b', value: 1 }]), PatchError);
  assert.throws(() => applyPatch({ l: [1] }, [{ op: 'add', path: '/l/5', value: 1 }]), PatchError);
  assert.deepEqual(doc, { a: 1 });
});

test('replacing the root', () => {
  assert.deepEqual(applyPatch({ a: 1 }, [{ op: 'replace', path: '', value: { b: 2 } }]), { b: 2 });
});

test('JSON values are the same whatever the order of their keys', () => {
  assert.ok(sameJson({ type: 'advance', marble: 2 }, { marble: 2, type: 'advance' }));
  assert.ok(sameJson([1, { a: [null, true] }], [1, { a: [null, true] }]));
  assert.ok(!sameJson({ type: 'advance', marble: 2 }, { type: 'advance', marble: 3 }));
  assert.ok(!sameJson({ a: 1 }, { a: 1, b: 2 }));
  assert.ok(!sameJson({ a: undefined }, { b: undefined }));
  assert.ok(!sameJson([1, 2], { 0: 1, 1: 2 }));
  assert.ok(!sameJson(null, {}));
});
