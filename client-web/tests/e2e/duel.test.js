// Two browsers play a whole duel through the UI, one at desktop size and one at phone size;
// one of them reloads mid-game and must get its seat back without being asked.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BASE, DESKTOP, PHONE, SHOTS, createRoom, launch, move, openPage, phaseOf, sit, sleep } from './harness.js';

/** Prefer finishing, then capturing, then the farthest landing. */
function bestOption(texts) {
  let best = 0;
  let score = -1;
  texts.forEach((t, i) => {
    const to = Number(t.match(/to (\d+)/)?.[1] ?? 0);
    const s = (/finish/.test(t) ? 1000 : 0) + (/captur/.test(t) ? 500 : 0) + to;
    if (s > score) {
      score = s;
      best = i;
    }
  });
  return best;
}

test('a full duel through the UI, with a reload mid-game', { timeout: 240_000 }, async () => {
  const browser = await launch();
  try {
    const a = await openPage(browser, DESKTOP);
    const b = await openPage(browser, PHONE);
    const code = await createRoom(a.page, { mode: 'duel', board: 'compact' });
    await a.page.screenshot({ path: join(SHOTS, 'duel-picker-desktop.png'), fullPage: true });
    await sit(a.page, code, 'Ada', 'Carnelian');
    await a.page.screenshot({ path: join(SHOTS, 'duel-waiting-desktop.png'), fullPage: true });
    await b.page.goto(`${BASE}/r/${code}`);
    await b.page.screenshot({ path: join(SHOTS, 'duel-picker-phone.png'), fullPage: true });
    await sit(b.page, code, 'Ben', 'Lapis');

    const players = [
      { name: 'A', size: 'desktop', ...a },
      { name: 'B', size: 'phone', ...b },
    ];
    const shot = new Set();
    let guesses = 0;
    let lastHidden = 1;
    let moves = 0;
    let reloaded = false;
    const policy = {
      // Hide 2 or more, guess 1: every guess but the first is wrong, so marbles move.
      hide: (max) => (lastHidden = 2 + Math.floor(Math.random() * (max - 1))),
      // The first guess is right (a lion falls).
      guess: () => (guesses++ === 0 ? lastHidden : 1),
      option: bestOption,
    };
    const deadline = Date.now() + 200_000;
    let over = false;
    while (!over && Date.now() < deadline) {
      let did = false;
      for (const p of players) {
        const phase = await phaseOf(p.page);
        if (phase === 'over') {
          over = true;
          break;
        }
        const key = `${phase}-${p.size}`;
        const mine = (await p.page.locator('.status.your-turn').count()) > 0;
        if (!shot.has(key + mine) && phase) {
          shot.add(key + mine);
          await p.page.screenshot({ path: join(SHOTS, `duel-${phase}${mine ? '-yours' : ''}-${p.size}.png`), fullPage: true });
        }
        const what = await move(p.page, policy);
        if (what) {
          did = true;
          moves++;
        }
      }
      if (!reloaded && moves >= 12) {
        // Reload the phone mid-game: the seat comes back by itself.
        reloaded = true;
        await b.page.reload();
        await b.page.locator('main[data-version]').waitFor();
        assert.equal(await b.page.getByLabel('Your name at the table').count(), 0, 'no seat picker after a reload');
        await b.page.locator('.player.is-you').waitFor();
        assert.match(await b.page.locator('.player.is-you').innerText(), /Ben/);
        await b.page.screenshot({ path: join(SHOTS, 'duel-after-reload-phone.png'), fullPage: true });
      }
      if (!did) await sleep(80);
    }
    assert.ok(over, 'the game reached its result');
    for (const p of [a.page, b.page]) await p.locator('.actions .outcome').waitFor();
    const outcomeA = await a.page.locator('.actions .outcome').innerText();
    const outcomeB = await b.page.locator('.actions .outcome').innerText();
    assert.equal(outcomeA, outcomeB);
    assert.match(outcomeA, /(Carnelian|Lapis) wins/);
    await a.page.screenshot({ path: join(SHOTS, 'duel-over-desktop.png'), fullPage: true });
    await b.page.screenshot({ path: join(SHOTS, 'duel-over-phone.png'), fullPage: true });

    // Every reveal was checked in the browser, and all of them verified.
    for (const p of [a.page, b.page]) {
      assert.equal(await p.locator('.log-list .bad').count(), 0);
      assert.ok((await p.locator('.log-list .ok').count()) >= 3);
      assert.equal(await p.locator('.verify.bad').count(), 0);
    }
    const logA = await a.page.locator('.log-list').innerText();
    assert.match(logA, /(Your|Ben’s) lion falls/, 'a correct guess felled a lion');
    assert.doesNotMatch(logA, /of You\b/, 'one’s own pieces in one’s own words');
    await a.page.locator('.actions h2', { hasText: /^You (won!|lost\.)$/ }).waitFor();
    assert.equal(await a.page.locator('main').getByText('Game over', { exact: false }).count(), 0, 'the result, not "Game over" again and again');

    // The replay steps through the finished game, and Ada stays at the table meanwhile.
    const socketsBefore = a.sockets.length;
    assert.ok(a.sockets.some((ws) => !ws.isClosed()), 'the room is connected');
    await a.page.getByRole('link', { name: 'Watch the replay' }).click();
    const slider = a.page.locator('#replay-step');
    await slider.waitFor();
    const max = Number(await slider.getAttribute('max'));
    assert.ok(max > 10);
    await slider.fill(String(Math.floor(max / 2)));
    await a.page.screenshot({ path: join(SHOTS, 'duel-replay-desktop.png'), fullPage: true });
    assert.match(await a.page.locator('.step-text').innerText(), new RegExp(`Step ${Math.floor(max / 2)} of ${max}`));
    await slider.fill(String(max));
    assert.match(await a.page.locator('.step-text').innerText(), /wins/);
    await a.page.screenshot({ path: join(SHOTS, 'duel-replay-end-desktop.png'), fullPage: true });
    assert.equal(a.sockets.length, socketsBefore, 'the replay opens no socket');
    assert.ok(!a.sockets[socketsBefore - 1].isClosed(), 'and the room keeps its own open');
    await b.page.locator('.player[data-seat="0"] .presence.on').waitFor();
    assert.equal(await b.page.locator('.toast', { hasText: 'went offline' }).count(), 0);

    // Play again: same seats, a new game, nothing left over from the last one.
    await a.page.getByRole('link', { name: 'Back to the room' }).click();
    await a.page.getByRole('button', { name: 'Play again' }).click();
    for (const p of [a.page, b.page]) {
      await p.locator('main[data-phase=conceal]').waitFor();
      await p.locator('.room-title .meta', { hasText: 'game 2' }).waitFor();
      assert.equal(await p.locator('.verify.ok, .verify.bad').count(), 0);
      assert.equal(await p.locator('.marble').count(), 0);
    }

    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  } finally {
    await browser.close();
  }
});
