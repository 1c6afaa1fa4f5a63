// A whole game of Men through the UI, for both rule sets' browser tests: White on a desktop
// browser, Black on a phone, each throwing the sticks and moving by tapping a piece, then
// the dashed place it lands on, until the game is over; then its replay. Taps that cannot
// move must say why.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BASE, DESKTOP, PHONE, SHOTS, axeViolations, createRoom, launch, openPage, phaseOf, sit, sleep, throwSticks, versionOf, waitPast } from './harness.js';

/** The pieces, stacks or waiting pieces this page may move now. @param {import('playwright-core').Page} page */
const movers = (page) => page.locator('.men-board .men-movable[role=button]');

/** Picks one of this page's movers at random and lands it; whether it moved. @param {import('playwright-core').Page} page */
async function moveOne(page) {
  const count = await movers(page).count();
  if (!count) return false;
  const v = await versionOf(page);
  await movers(page).nth(Math.floor(Math.random() * count)).click();
  await page.locator('.men-landing').click();
  await waitPast(page, v);
  return true;
}

/** The newest toast's words. @param {import('playwright-core').Page} page */
async function lastToast(page) {
  const toast = page.locator('#toasts .toast').last();
  await toast.waitFor();
  return toast.innerText();
}

/**
 * Plays one game of `ruleSet` to its end; `expectLine` is what the players panel must show
 * under a seat (points, pieces off).
 * @param {'men-asymmetric' | 'men-symmetric'} ruleSet @param {RegExp} expectLine
 */
export async function playWholeGame(ruleSet, expectLine) {
  const browser = await launch();
  try {
    const white = { size: 'desktop', ...(await openPage(browser, DESKTOP)) };
    const black = { size: 'phone', ...(await openPage(browser, PHONE)) };
    const code = await createRoom(white.page, { ruleSet });
    await sit(white.page, code, 'Ada', 'White');
    await black.page.goto(`${BASE}/r/${code}`);
    await sit(black.page, code, 'Ben', 'Black');
    const shot = async (/** @type {typeof white} */ p, /** @type {string} */ what) =>
      p.page.screenshot({ path: join(SHOTS, `${ruleSet}-${what}-${p.size}.png`), fullPage: true });

    let explained = false;
    let actions = 0;
    const shots = new Set();
    const deadline = Date.now() + 400_000;
    while (Date.now() < deadline && (await phaseOf(white.page)) !== 'over') {
      let did = false;
      for (const p of [white, black]) {
        if (await throwSticks(p.page)) {
          did = true;
          actions++;
          continue;
        }
        if (!(await movers(p.page).count())) continue;
        if (!shots.has(p.size)) {
          shots.add(p.size);
          await shot(p, 'move');
        }
        if (!explained) {
          // A tap on the other side's waiting pieces explains itself and moves nothing.
          explained = true;
          const theirs = p === white ? 'black' : 'white';
          await p.page.locator(`.men-start-${theirs}`).click();
          assert.equal(await lastToast(p.page), `Those are ${theirs}’s pieces waiting to enter.`);
          await movers(p.page).first().click();
          await shot(p, 'picked');
          assert.equal(await p.page.locator('.men-landing').count(), 1, 'the picked piece shows where it lands');
          assert.deepEqual(await axeViolations(p.page), [], 'the board with a piece picked');
          await movers(p.page).first().click();
          assert.equal(await p.page.locator('.men-landing').count(), 0, 'a second tap puts it down');
        }
        if (await moveOne(p.page)) {
          did = true;
          actions++;
        }
        if (actions === 40) await shot(p, 'midgame');
      }
      if (!did) await sleep(60);
    }
    assert.equal(await phaseOf(white.page), 'over', 'the game reached its end');
    for (const p of [white, black]) {
      await p.page.locator('main[data-phase=over]').waitFor();
      await shot(p, 'over');
      assert.match(await p.page.locator('.players').innerText(), expectLine);
      assert.ok((await p.page.locator('.log-list').innerText()).includes('Game over:'), 'the log tells the end');
    }
    // The replay draws every step on the same board, where nobody may move.
    for (const p of [white, black]) {
      await p.page.getByRole('link', { name: 'Watch the replay' }).click();
      const slider = p.page.locator('#replay-step');
      await slider.waitFor();
      const max = Number(await slider.getAttribute('max'));
      await slider.fill(String(Math.floor(max / 2)));
      await p.page.locator('.men-board').last().waitFor();
      assert.equal(await p.page.locator('.men-board .men-movable[role=button]').count(), 0);
      // The board is on the first screen, its controls under it (a phone) or beside it.
      await sleep(300);
      const [board, controls] = await Promise.all(['.replay-host .men-board', '.replay-host .replay-controls'].map((sel) => p.page.locator(sel).last().boundingBox()));
      const height = p.page.viewportSize()?.height ?? 0;
      assert.ok(board && controls && (board.y < controls.y || board.x + board.width <= controls.x) && board.y + board.height <= height + 1, `the replay's board is on screen, above or beside its controls: ${JSON.stringify({ board, controls, height })}`);
      await shot(p, 'replay');
      assert.deepEqual(p.errors, []);
    }
    return actions;
  } finally {
    await browser.close();
  }
}
