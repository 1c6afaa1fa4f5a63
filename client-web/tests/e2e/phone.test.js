// A first game on a phone, for every rule set: from the start page, "Play against the
// computer" opens a room with the player seated and computers in the other seats; the player
// then plays the first turns at 360x740 without ever scrolling: before every tap, the board and
// the control tapped are inside the window and the page has not moved. The same room is then
// measured at 390x844 and on two desktops, where the whole board shows.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BASE, SHOTS, launch, openPage, sleep, versionOf } from './harness.js';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

const RULE_SETS = ['mehen-san-martin', 'mehen-pharaohs', 'mehen-kendall-skiryuk', 'senet', 'men-asymmetric', 'men-symmetric'];
const SIZES = [
  ['390', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
  ['laptop', { width: 1366, height: 768 }],
];
/** The player's actions to make at 360x740. */
const TURNS = 4;

/** Where the board and the current action are, and how the page scrolls. @param {Page} page */
function geometry(page) {
  return page.evaluate(async () => {
    const box = (/** @type {Element | null} */ el) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    // The board as the page itself finds it to size it.
    const { boardIn } = await import('/js/room/fit.js');
    const host = document.querySelector('.game-host');
    const board = host instanceof HTMLElement ? boardIn(host) : null;
    const actions = document.querySelector('.actions:not([hidden])');
    return {
      board: box(board),
      action: box(actions),
      scrollY: window.scrollY,
      width: window.innerWidth,
      height: window.innerHeight,
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
}

/** @param {{top: number, bottom: number, left: number, right: number} | null} box @param {{width: number, height: number}} win */
const inside = (box, win) => !!box && box.top >= -1 && box.left >= -1 && box.bottom <= win.height + 1 && box.right <= win.width + 1;

/** Asserts the board (and the action card, when one shows) fit the window, with no sideways scroll. @param {Page} page @param {string} where */
async function assertFits(page, where) {
  const g = await geometry(page);
  assert.ok(inside(g.board, g), `${where}: the board is inside the window: ${JSON.stringify(g)}`);
  if (g.action) assert.ok(inside(g.action, g), `${where}: the action is inside the window: ${JSON.stringify(g)}`);
  assert.ok(g.scrollWidth <= g.width, `${where}: no sideways scroll (${g.scrollWidth} > ${g.width})`);
}

/**
 * What the player can tap now, first match wins: the sticks, closing the hand (a marble is
 * in it from the start), a marble, a guess, the game's own buttons, then a piece or place on
 * the board: the `tap`th of them, so that a move's second tap lands somewhere new.
 * @param {Page} page @param {number} tap @returns {Promise<Locator | null>}
 */
async function nextTap(page, tap) {
  for (const selector of ['.actions .throw-button:enabled', '.actions .hand-row button.primary', '.actions .marble-btn:not(.in-hand)', '.actions .number:enabled', '.game-host button:visible']) {
    const found = page.locator(selector).first();
    if (await found.count()) return found;
  }
  const board = page.locator('.game-host [role=button]');
  const count = await board.count();
  return count ? board.nth(tap % count) : null;
}

/**
 * Taps `target` only if it is already on screen and the page has not scrolled; false when it
 * went away first (the computer moved, and the panel with it), so the caller looks again.
 * @param {Page} page @param {Locator} target @param {string} where @returns {Promise<boolean>}
 */
async function tapWithoutScrolling(page, target, where) {
  const box = await target.boundingBox({ timeout: 2000 }).catch(() => null);
  if (!box) return false;
  const g = await geometry(page);
  assert.equal(g.scrollY, 0, `${where}: the page has not scrolled`);
  assert.ok(inside({ top: box.y, bottom: box.y + box.height, left: box.x, right: box.x + box.width }, g), `${where}: the control is on screen: ${JSON.stringify(box)}`);
  await assertFits(page, where);
  return target
    .click({ timeout: 2000 })
    .then(() => true)
    .catch(() => false);
}

/**
 * Makes one action of the player's (a throw, a concealment, a guess or a move), waiting for the
 * computers' turns in between; returns false when nothing came to do in time.
 * @param {Page} page @param {string} where
 */
async function playOne(page, where) {
  const v = await versionOf(page);
  let taps = 0;
  for (let tries = 0; tries < 300; tries++) {
    if ((await page.locator('main').getAttribute('data-phase')) === 'over') return false;
    const target = await nextTap(page, taps++);
    if (target) {
      if (!(await tapWithoutScrolling(page, target, where))) continue;
      // A piece picked up waits for its landing: the next tap is part of the same move.
      const moved = await page
        .waitForFunction((old) => Number(document.querySelector('main')?.dataset.version) > old, v, { timeout: 1500 })
        .then(() => true)
        .catch(() => false);
      if (moved) return true;
    } else {
      await sleep(100);
    }
  }
  return false;
}

for (const ruleSet of RULE_SETS) {
  test(`${ruleSet}: a first game against the computer on a phone, without scrolling`, { timeout: 180_000 }, async () => {
    const browser = await launch();
    try {
      const { page, errors, context } = await openPage(browser, { width: 360, height: 740 });
      await page.goto(BASE + '/');
      const start = page.getByRole('button', { name: 'Play against the computer' });
      await start.waitFor();
      const g = await geometry(page);
      const box = await start.boundingBox();
      assert.ok(box && box.y + box.height <= g.height, 'the start buttons are in the first screen');
      await page.locator(`input[name=rule_set][value="${ruleSet}"]`).check();
      await start.click();
      await page.waitForURL(/\/r\/[a-z0-9]{10}$/);
      await page.locator('main[data-version]').waitFor();
      await page.waitForFunction(() => document.querySelector('main')?.dataset.phase !== 'waiting');
      assert.ok(await page.locator('.guide-offer:visible').count(), 'how to play is offered before the first move');
      await page.screenshot({ path: join(SHOTS, `phone-${ruleSet}-360.png`) });
      let made = 0;
      for (let turn = 0; turn < TURNS; turn++) if (await playOne(page, `${ruleSet} at 360, action ${turn + 1}`)) made++;
      assert.ok(made >= 2, `the player made ${made} actions`);
      await sleep(300);
      await assertFits(page, `${ruleSet} at 360 after ${made} actions`);
      await page.screenshot({ path: join(SHOTS, `phone-${ruleSet}-360-played.png`) });

      // The same seat (this browser's token) at the other sizes.
      const code = page.url().split('/r/')[1];
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        await page.goto(`${BASE}/r/${code}`);
        await page.locator('main[data-version]').waitFor();
        await sleep(400);
        await assertFits(page, `${ruleSet} at ${size}`);
        await page.screenshot({ path: join(SHOTS, `phone-${ruleSet}-${size}.png`) });
      }
      assert.deepEqual(errors, []);
      await context.close();
    } finally {
      await browser.close();
    }
  });
}
