// RFC 6902 JSON Patch, the operations the server sends to turn one state into the next.
// Applied to a deep copy, so a patch that fails leaves the caller's state untouched.

/** @typedef {{op: 'add'|'remove'|'replace'|'move'|'copy'|'test', path: string, from?: string, value?: unknown}} PatchOp */

export class PatchError extends Error {}

/**
 * The reference tokens of a JSON Pointer (RFC 6901).
 * @param {string} pointer
 * @returns {string[]}
 */
export function parsePointer(pointer) {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new PatchError(`bad pointer ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Whether two JSON values are equal; an object's keys may come in any order, as JSON allows.
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
export function sameJson(a, b) {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  const ka = Object.keys(a);
  const kb = /** @type {Record<string, unknown>} */ (b);
  return ka.length === Object.keys(b).length && ka.every((k) => k in kb && sameJson(/** @type {Record<string, unknown>} */ (a)[k], kb[k]));
}

/** @param {unknown} v @returns {any} */
function clone(v) {
  return v === undefined ? v : JSON.parse(JSON.stringify(v));
}

/**
 * @param {any} doc
 * @param {string[]} tokens
 * @returns {{parent: any, key: string}}
 */
function locate(doc, tokens) {
  let parent = doc;
  for (const t of tokens.slice(0, -1)) {
    if (parent === null || typeof parent !== 'object' || !(t in parent)) {
      throw new PatchError(`no such path /${tokens.join('/')}`);
    }
    parent = parent[t];
  }
  if (parent === null || typeof parent !== 'object') throw new PatchError('path through a value');
  return { parent, key: tokens[tokens.length - 1] };
}

/** @param {any} doc @param {string} path */
function get(doc, path) {
  let node = doc;
  for (const t of parsePointer(path)) {
    if (node === null || typeof node !== 'object' || !(t in node)) throw new PatchError(`no such path ${path}`);
    node = node[t];
  }
  return node;
}

/** @param {any[]} arr @param {string} key @param {boolean} forAdd */
function index(arr, key, forAdd) {
  if (forAdd && key === '-') return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(key)) throw new PatchError(`bad array index ${key}`);
  const i = Number(key);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new PatchError(`index ${i} out of range`);
  return i;
}

/** @param {any} doc @param {string} path @param {unknown} value @returns {any} */
function add(doc, path, value) {
  const tokens = parsePointer(path);
  if (tokens.length === 0) return value;
  const { parent, key } = locate(doc, tokens);
  if (Array.isArray(parent)) parent.splice(index(parent, key, true), 0, value);
  else parent[key] = value;
  return doc;
}

/** @param {any} doc @param {string} path @returns {[any, unknown]} */
function remove(doc, path) {
  const tokens = parsePointer(path);
  if (tokens.length === 0) return [undefined, doc];
  const { parent, key } = locate(doc, tokens);
  if (Array.isArray(parent)) {
    const [removed] = parent.splice(index(parent, key, false), 1);
    return [doc, removed];
  }
  if (!(key in parent)) throw new PatchError(`no such path ${path}`);
  const removed = parent[key];
  delete parent[key];
  return [doc, removed];
}

/** @param {unknown} a @param {unknown} b @returns {boolean} */
function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  // @ts-ignore: indexing plain objects by their own keys
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
}

/**
 * Applies `ops` in order to a copy of `doc` and returns the copy.
 * @template T
 * @param {T} doc
 * @param {PatchOp[]} ops
 * @returns {T}
 */
export function applyPatch(doc, ops) {
  let out = clone(doc);
  for (const op of ops) {
    switch (op.op) {
      case 'add':
        out = add(out, op.path, clone(op.value));
        break;
      case 'remove':
        out = remove(out, op.path)[0];
        break;
      case 'replace': {
        const tokens = parsePointer(op.path);
        if (tokens.length === 0) {
          out = clone(op.value);
        } else {
          get(out, op.path);
          const { parent, key } = locate(out, tokens);
          if (Array.isArray(parent)) parent[index(parent, key, false)] = clone(op.value);
          else parent[key] = clone(op.value);
        }
        break;
      }
      case 'move': {
        if (op.from === undefined) throw new PatchError('move without from');
        if (op.path.startsWith(op.from + '/')) throw new PatchError('move into itself');
        const [rest, value] = remove(out, op.from);
        out = add(rest, op.path, value);
        break;
      }
      case 'copy':
        if (op.from === undefined) throw new PatchError('copy without from');
        out = add(out, op.path, clone(get(out, op.from)));
        break;
      case 'test':
        if (!deepEqual(get(out, op.path), op.value)) throw new PatchError(`test failed at ${op.path}`);
        break;
      default:
        throw new PatchError(`unknown op ${/** @type {any} */ (op).op}`);
    }
  }
  return out;
}
