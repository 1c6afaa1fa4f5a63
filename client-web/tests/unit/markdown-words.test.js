import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { markdownToHtml } from '../../js/markdown.js';
import { initialView } from '../../js/history.js';
import { eventText, outcomeText, phaseText } from '../../js/words.js';

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
  for (const id of ['set-up', 'a-turn', 'movement', 'reserves', 'decisions-where-the-seed-is-open']) assert.match(html, new RegExp(`id="${id}"`));
});

test('words: phases for the actor, the guessers and onlookers', () => {
  const view = initialView('duel', 'compact');
  const who = { names: { 0: 'Ada', 1: 'Ben' }, you: 1 };
  assert.equal(phaseText(view, { ...who, you: 0 }), 'Your turn: conceal 1 to 6 marbles in your hand.');
  assert.equal(phaseText(view, who), 'Ada is concealing marbles (1 to 6).');
  view.phase = { phase: 'guess', actor: 0, commitment: 'ab', max: 6 };
  assert.equal(phaseText(view, who), 'Guess: how many marbles did Ada hide? (1 to 6)');
  view.phase = { phase: 'act', actor: 0, distance: 4, options: [] };
  assert.equal(phaseText(view, who), 'Wrong guess! Ada moves 4.');
  assert.equal(outcomeText(view, { winner: 1, reason: 'lions_fallen' }), 'Lapis wins: all three opposing lions fell.');
  assert.equal(eventText(view, who, { type: 'advanced', marble: 3, from: 4, to: 9 }, { 3: 0 }), 'Ada’s marble moved from space 4 to 9.');
  assert.equal(eventText(view, who, { type: 'captured', marble: 3, owner: 0, at: 9, by: 4 }), 'Captured! A marble of Ada on space 9 goes back to the pile.');
});

test('words: six-player names carry their team', () => {
  const view = initialView('teams', 'extended');
  const who = { names: { 0: 'Ra', 3: 'Bast' }, you: 3 };
  assert.equal(phaseText(view, who), 'The Lions choose who acts.');
  assert.equal(phaseText(view, { ...who, you: 0 }), 'Your team, the Lions, chooses who acts.');
  assert.equal(eventText(view, who, { type: 'frozen', seat: 0 }), 'Ra (Lions) is frozen.');
  assert.equal(outcomeText(view, { winner: 1, reason: 'all_frozen' }), 'Lionesses win: all three opponents were frozen at once.');
});
