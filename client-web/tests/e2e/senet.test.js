// Two browsers play a whole game of Senet through the UI, the Cones at desktop size and the
// Spools at phone size: throw the sticks, tap a piece in a gold frame, tap the ring where it
// lands, until one side has all its pieces off the board.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BASE, DESKTOP, PHONE, SHOTS, axeViolations, createRoom, launch, openPage, phaseOf, sit, sleep, throwSticks, versionOf, waitPast } from './harness.js';

/** @typedef {import('playwright-core').Page} Page */

/** Where each piece that can move would land, from the board's buttons: [from, to] pairs. @param {Page} page */
async function moves(page) {
  const labels = await page.locator('.senet-hit[role=button]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-place'), e.getAttribute('aria-label') || '']));
  return labels.flatMap(([to, label]) => {
    const from = label.match(/move the piece on (\d+) here$/)?.[1];
    return from && to ? [{ from, to }] : [];
  });
}

/** The best landing for a quick game: off the board first, then the farthest square. @param {Array<{from: string, to: string}>} list */
function farthest(list) {
  const rank = (/** @type {string} */ to) => (to === 'off' ? 99 : Number(to));
  return list.reduce((best, m) => (rank(m.to) > rank(best.to) ? m : best));
}

/** The text of the newest toast. @param {Page} page */
async function lastToast(page) {
  const toast = page.locator('#toasts .toast').last();
  await toast.waitFor();
  return toast.innerText();
}

/**
 * Makes this page's move if it has one: pick the piece, check what the board says, tap its
 * landing. Returns the move, or null.
 * @param {Page} page
 */
async function movePiece(page) {
  const open = await moves(page);
  if (!open.length) return null;
  const v = await versionOf(page);
  const m = farthest(open);
  await page.locator(`.senet-hit[data-place="${m.from}"]`).click();
  await page.locator('.senet-picked').waitFor();
  assert.match(await page.locator('.senet-hint').innerText(), new RegExp(` on ${m.from} (lands on|leaves the board)`));
  await page.locator(`.senet-hit[data-place="${m.to}"]`).click();
  await waitPast(page, v);
  return m;
}

test('a whole game of Senet through the UI, with taps explained', { timeout: 600_000 }, async () => {
  const browser = await launch();
  try {
    const a = await openPage(browser, DESKTOP);
    const b = await openPage(browser, PHONE);
    const code = await createRoom(a.page, { ruleSet: 'senet' });
    await sit(a.page, code, 'Ada', 'Cones');
    await b.page.goto(`${BASE}/r/${code}`);
    await sit(b.page, code, 'Ben', 'Spools');
    for (const p of [a.page, b.page]) await p.locator('svg.senet-board').waitFor();

    // The board: thirty numbered squares, ten pieces of two shapes, the houses in the key.
    for (const p of [a.page, b.page]) {
      assert.equal(await p.locator('.senet-number').count(), 30);
      assert.equal(await p.locator('svg.senet-board .senet-cones').count(), 5);
      assert.equal(await p.locator('svg.senet-board .senet-spools').count(), 5);
      const legend = await p.locator('.senet-legend').innerText();
      for (const words of ['Cones', 'Spools', 'House of Rebirth', 'House of Beauty', 'House of Water', 'exits']) assert.ok(legend.includes(words), words);
    }
    assert.match(await a.page.locator('.senet-legend').innerText(), /Spools: Ben/);
    assert.match(await b.page.locator('.senet-legend').innerText(), /Spools: You/);
    await a.page.screenshot({ path: join(SHOTS, 'senet-start-desktop.png'), fullPage: true });
    await b.page.screenshot({ path: join(SHOTS, 'senet-start-phone.png'), fullPage: true });
    for (const p of [a.page, b.page]) assert.deepEqual(await axeViolations(p), []);

    // Out of turn, a tap on the board says whose turn it is.
    await b.page.locator('.senet-hit[data-place="1"]').click();
    assert.match(await lastToast(b.page), /^Not your turn\. Ada \(Cones\) throws the sticks\./);

    const players = [
      { size: 'desktop', ...a },
      { size: 'phone', ...b },
    ];
    const shot = new Set();
    let explained = false;
    let moved = 0;
    let over = false;
    const deadline = Date.now() + 540_000;
    while (!over && Date.now() < deadline) {
      let did = false;
      for (const p of players) {
        const phase = await phaseOf(p.page);
        if (phase === 'over') {
          over = true;
          break;
        }
        const open = await moves(p.page);
        const key = `${phase}${open.length ? '-yours' : ''}-${p.size}`;
        if (phase && !shot.has(key)) {
          shot.add(key);
          await p.page.screenshot({ path: join(SHOTS, `senet-${key}.png`), fullPage: true });
        }
        if (open.length && !explained) {
          // A tap on a square that is neither a piece that can move nor a landing says why not.
          const busy = new Set(open.flatMap((m) => [m.from, m.to]));
          const idle = Array.from({ length: 30 }, (_, i) => String(i + 1)).find((n) => !busy.has(n));
          await p.page.locator(`.senet-hit[data-place="${idle}"]`).click();
          assert.match(await lastToast(p.page), /can move\.$/);
          await p.page.locator(`.senet-hit[data-place="${open[0].from}"]`).click();
          await p.page.screenshot({ path: join(SHOTS, `senet-picked-${p.size}.png`), fullPage: true });
          assert.deepEqual(await axeViolations(p.page), [], 'a picked piece, its landing and the buttons');
          await p.page.locator(`.senet-hit[data-place="${open[0].from}"]`).click();
          assert.equal(await p.page.locator('.senet-picked').count(), 0, 'a second tap puts the piece down');
          explained = true;
        }
        if (await throwSticks(p.page)) did = true;
        else if (await movePiece(p.page)) {
          did = true;
          moved++;
        }
      }
      if (!did) await sleep(50);
    }
    assert.ok(over, 'the game reached its result');
    assert.ok(moved > 20, `pieces moved (${moved})`);

    for (const p of [a.page, b.page]) await p.locator('.actions .outcome').waitFor();
    const outcome = await a.page.locator('.actions .outcome').innerText();
    assert.match(outcome, /(Ada \(Cones\)|Ben \(Spools\)|You) wins?: all 5 (Cones|Spools) are off the board\./);
    const log = await a.page.locator('.log-list').innerText();
    assert.match(log, /threw \d/);
    assert.match(log, /left the board from (28|29|30)/);
    assert.match(log, /Extra throw: /);
    for (const p of players) {
      const [cones, spools] = await p.page.locator('.senet-tray').allTextContents();
      assert.ok(/off: 5 of 5/.test(cones) || /off: 5 of 5/.test(spools), 'one side has all five off');
      await p.page.screenshot({ path: join(SHOTS, `senet-over-${p.size}.png`), fullPage: true });
    }

    // The replay draws the same board, in which nobody may act, at any step.
    await a.page.getByRole('link', { name: 'Watch the replay' }).click();
    const replay = a.page.locator('.replay-host');
    const slider = replay.locator('#replay-step');
    await slider.waitFor();
    const last = Number(await slider.getAttribute('max'));
    await slider.fill(String(Math.floor(last / 2)));
    await replay.locator('svg.senet-board').waitFor();
    assert.equal(await replay.locator('svg.senet-board .senet-piece').count(), 10);
    assert.equal(await replay.locator('.senet-hit[role=button]').count(), 0);
    await a.page.screenshot({ path: join(SHOTS, 'senet-replay-desktop.png'), fullPage: true });
    await slider.fill(String(last));
    assert.match((await replay.locator('.senet-tray').allTextContents()).join(' '), /off: 5 of 5/);
    for (const p of players) assert.deepEqual(p.errors, []);
  } finally {
    await browser.close();
  }
});
