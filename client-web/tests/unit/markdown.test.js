import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { markdownToHtml } from '../../js/markdown.js';

test('markdown: headings, lists, tables, inline marks, and escaping', () => {
  const html = markdownToHtml('# Title\n\nA *b* **c** `d` <script>x</script>\n\n- one\n  - nested\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
  assert.match(html, /<h2 id="title">Title<\/h2>/);
  assert.match(html, /<em>b<\/em> <strong>c<\/strong> <code>d<\/code> &#60;script&#62;/);
  assert.ok(!html.includes('<script>'));
  assert.match(html, /<ul><li>one<ul><li>nested<\/li><\/ul><\/li><li>two<\/li><\/ul>/);
  assert.match(html, /<th scope="col">a<\/th>/);
  assert.match(html, /<td>2<\/td>/);
});

test('markdown: the rules document renders every section', () => {
  const md = readFileSync(new URL('../../rules/mehen-san-martin.md', import.meta.url), 'utf8');
  const html = markdownToHtml(md);
  for (const id of ['the-serpent-and-the-pieces', 'your-turn-hide-and-guess', 'moving-and-capturing', 'how-we-read-the-sources', 'for-developers']) assert.match(html, new RegExp(`id="${id}"`));
});
