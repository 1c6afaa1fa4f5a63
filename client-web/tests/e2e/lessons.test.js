// Every lesson played through in the browser, on a desktop and on a 360 px phone: each step
// shows its board, a wrong move (one the rules allow but the step did not ask for) is
// answered wrong with a sentence and leaves the step standing, the move asked for is
// answered right and moves the lesson on; the last step ends the lesson. No room is made
// and no socket opened. Screenshots of each lesson's first and last step at both sizes
// (HESY_SHOTS, as every browser test: lesson-{rule set}-{first|last}-{desktop|phone}.png).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BASE, DESKTOP, PHONE, SHOTS, createRoom, launch, openPage, sit } from './harness.js';

/** @typedef {import('playwright-core').Page} Page */

/**
 * Each lesson's steps as taps: [the move asked for, a wrong move]. Senet's are the squares a
 * piece is taken from; Men's are `enter` (a waiting pile) or the board line (0 to 31 from
 * the narrow end) of the stack or piece to move; Kendall–Skiryuk's are a 1's choice
 * (`enter_ball`, `save`) or the id of the piece to move; San Martin's and the Pharaohs' are
 * `hide N` (marbles into the hand, then close it), `guess N`, a button (`deploy`, `recover`,
 * `revive`, `unleash`, `spare`), `from N` (the space of the marble to move), `acts NAME` (the
 * teammate to act, in the six-player game) or `choose N` (the space of the pharaoh to move).
 */
const LESSONS = {
  senet: [[10, 8], [3, 12], [3, 12], [3, 12], [24, 13], [13, 26], [28, 13]],
  'men-asymmetric': [['enter', 2], ['enter', 2], [4, 0], [6, 'enter'], [4, 14], [22, 26], [28, 10]],
  'men-symmetric': [['enter', 0], [4, 'enter'], [13, 'enter'], [28, 4]],
  'mehen-kendall-skiryuk': [['enter_ball', 'save'], [0, 1], [0, 1], [0, 1], [0, 1], [6, 1]],
  'mehen-pharaohs': [['choose 30', 'choose 10'], ['hide 3', 'hide 1'], ['guess 3', 'guess 1'], ['unleash', 'spare'], ['guess 2', 'guess 1']],
  'mehen-san-martin': [['hide 4', 'hide 2'], ['from 3', 'deploy'], ['guess 2', 'guess 3'], ['from 2', 'from 1'], ['from 44', 'deploy'], ['recover', 'from 2'], ['acts Hori', 'acts Meryt'], ['revive', 'from 1']],
};

/** The buttons a 1's choices show in Kendall–Skiryuk. */
const KENDALL_BUTTONS = { enter_ball: 'Enter a ball', save: 'Save this 1' };

/** Plays the move from Senet square `from`: the piece, then where the board says it lands. @param {Page} page @param {number} from */
async function senetMove(page, from) {
  await page.locator(`.senet-hit[data-place="${from}"]`).click();
  await page.locator('.senet-picked').waitFor();
  const to = await page.locator('.senet-hit[role=button]').evaluateAll(
    (els, f) => els.map((e) => [e.getAttribute('data-place'), e.getAttribute('aria-label') || '']).find(([, label]) => label.endsWith(`the piece on ${f} here`))?.[0],
    from,
  );
  assert.ok(to, `the piece on ${from} shows where it lands`);
  await page.locator(`.senet-hit[data-place="${to}"]`).click();
}

/** Plays a Men move: the waiting pile or the column on `what`, then its landing. @param {Page} page @param {number | string} what */
async function menMove(page, what) {
  const mover = what === 'enter' ? page.locator('.men-start.men-movable') : page.locator(`.men-column.men-movable[data-line="${what}"]`);
  await mover.click();
  await page.locator('.men-landing').click();
}

/** Plays a Kendall–Skiryuk move: a 1's button, or the piece `what` and then its landing. @param {Page} page @param {number | string} what */
async function kendallMove(page, what) {
  if (typeof what === 'string') {
    await page.locator('.mk-choices .mk-choice', { hasText: KENDALL_BUTTONS[/** @type {keyof typeof KENDALL_BUTTONS} */ (what)] }).click();
    return;
  }
  await page.locator(`.mk-board .mk-piece[data-piece="${what}"]`).click();
  await page.locator(`.mk-board .mk-selected[data-piece="${what}"]`).waitFor();
  await page.locator('.mk-board .mk-target').click();
}

/** San Martin's and the Pharaohs' action buttons, by tap: where they are and what they say. */
const GUESSING_BUTTONS = {
  deploy: ['.game-controls .option', 'Deploy a new marble'],
  recover: ['.game-controls .option', 'Stand a fallen lion back up'],
  revive: ['.game-controls .option', 'Revive'],
  unleash: ['.ph-action', 'Unleash'],
  spare: ['.ph-action', 'Spare it'],
};

/**
 * Plays a move of a Mehen that hides numbers: marbles hidden in the room's hand panel, a
 * guess in it, or one of the buttons.
 * @param {Page} page @param {string} what
 */
async function guessingMove(page, what) {
  const [verb, number] = what.split(' ');
  if (verb === 'hide') {
    await page.locator('.lesson-hand .pile .marble-btn').nth(Number(number) - 1).click();
    return page.locator('.lesson-hand button', { hasText: `Close hand (${number})` }).click();
  }
  if (verb === 'guess') return page.locator(`.lesson-hand .numbers button[aria-label="Guess ${number}"]`).click();
  const [where, words] =
    verb === 'from'
      ? ['.game-controls .option', `from space ${number} to`]
      : verb === 'choose'
        ? ['.ph-action', `(on space ${number})`]
        : verb === 'acts'
          ? ['.game-controls .choose', `${number} acts`]
          : GUESSING_BUTTONS[/** @type {keyof typeof GUESSING_BUTTONS} */ (verb)];
  return page.locator(where, { hasText: words }).click();
}

/** @param {Page} page @param {string} ruleSet @param {number | string} what */
function play(page, ruleSet, what) {
  if (ruleSet === 'senet') return senetMove(page, Number(what));
  if (ruleSet === 'mehen-san-martin' || ruleSet === 'mehen-pharaohs') return guessingMove(page, String(what));
  if (ruleSet === 'mehen-kendall-skiryuk') return kendallMove(page, what);
  return menMove(page, what);
}

for (const [ruleSet, steps] of Object.entries(LESSONS)) {
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    test(`the ${ruleSet} lesson, every step, on a ${size}`, async () => {
      const browser = await launch();
      try {
        const { page, errors, sockets } = await openPage(browser, viewport);
        await page.goto(`${BASE}/`);
        await page.locator(`a[data-learn="${ruleSet}"]`).click();
        const shot = (/** @type {string} */ what) => page.screenshot({ path: join(SHOTS, `lesson-${ruleSet}-${what}-${size}.png`), fullPage: true });
        for (const [i, [right, wrong]] of steps.entries()) {
          await page.locator(`main[data-lesson-step="${i}"]`).waitFor();
          assert.match(await page.locator('.lesson-thrown').innerText(), /^((Sticks|Number|Guess) set by the lesson: |$)/);
          if (i === 0) await shot('first');
          await play(page, ruleSet, wrong);
          const verdict = page.locator('.lesson-verdict');
          await page.locator('.lesson-verdict.wrong').waitFor();
          assert.ok((await verdict.innerText()).length > 10, `step ${i}: the wrong move is explained`);
          await play(page, ruleSet, right);
          await page.locator('.lesson-verdict.right').waitFor();
          assert.match(await verdict.innerText(), /^Right: /);
          if (i < steps.length - 1) await page.locator('.lesson-next').click();
        }
        await page.locator('.lesson-end').waitFor();
        await shot('last');
        assert.equal(await page.locator('.lesson-dot[data-done="yes"]').count(), steps.length, 'every step is starred');
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        assert.ok(wide <= 0, `no sideways scroll (${wide} px too wide)`);
        await page.goto(`${BASE}/`);
        assert.match(await page.locator(`a[data-learn="${ruleSet}"] + small`).innerText(), new RegExp(`${steps.length} of ${steps.length} steps done`));
        assert.deepEqual(sockets.map((s) => s.url()), [], 'a lesson opens no socket');
        assert.deepEqual(errors, []);
      } finally {
        await browser.close();
      }
    });
  }
}

test('a room’s how to play links to its game’s lesson', async () => {
  const browser = await launch();
  try {
    const { page, errors } = await openPage(browser, PHONE);
    const code = await createRoom(page, { ruleSet: 'senet' });
    await sit(page, code, 'Ada', 'Cones');
    await page.locator('button.how-to').click();
    const link = page.locator('dialog.guide .guide-learn a');
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), '/#learn/senet');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
