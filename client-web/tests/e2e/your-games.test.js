// "Your games" on the start page: a browser holding seats in several rooms (one where it is
// its turn, one where it is not, one waiting for players, one finished, one the server does
// not have) lists them, its turn first and standing out, and says so in the page's title;
// when the opponent moves and the page comes back into view, the list and the title follow;
// a finished game is forgotten with one button. At 360 px and on a desktop, with no serious
// accessibility violation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BASE, DESKTOP, PHONE, SHOTS, axeViolations, launch, openPage } from './harness.js';
import { playOutRoom } from './archive-games.js';

const DUEL = { rule_set: 'mehen-san-martin', options: { mode: 'duel', board: 'compact' }, commitment: 'server' };

/** @param {string} path @param {unknown} body */
async function post(path, body) {
  const res = await fetch(BASE + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json();
  assert.ok(res.ok, `${path}: ${JSON.stringify(data)}`);
  return data;
}

/** A duel of `turnTimer` seconds a step, `names[n]` in seat n; its code and the seats' tokens. */
async function duel(turnTimer, names) {
  const { code } = await post('/api/rooms', { ...DUEL, turn_timer: turnTimer });
  const seats = [];
  for (const [seat, name] of names.entries()) seats.push(await post(`/api/rooms/${code}/seats`, { name, seat }));
  /** The seat of `name`. @param {string} name */
  const of = (name) => seats[names.indexOf(name)];
  return { code, seats, of };
}

/** `names` in the order of the seats, the first of them in the seat that plays first. */
async function seatedFirst(names) {
  const probe = await duel(null, ['x', 'y']);
  const first = (await summaries(probe)).find((s) => s.your_turn).you;
  return first === 0 ? names : [...names].reverse();
}

/** The server's summary of each seat of `room`. */
const summaries = async (room) => (await post('/api/rooms/mine', { tokens: room.seats.map((s) => ({ room: room.code, token: s.token })) })).rooms;

/** Ben, in another browser's page, conceals his number in `room` (he must be the one to). */
async function benConceals(page, code, token) {
  await page.goto(BASE + '/');
  await page.evaluate(
    async ({ code, token }) => {
      const { RoomSocket } = await import('/js/socket.js');
      const { msg } = await import('/js/protocol.js');
      await new Promise((resolve) => {
        let sent = false;
        const socket = new RoomSocket(code, token, {
          onStatus: () => {},
          onMessage: () => {},
          onState: (state) => {
            const a = state.awaiting;
            if (!sent && a.kind === 'conceal' && a.seat === state.you) {
              sent = true;
              socket.send(msg.conceal(socket.version, a.min));
            } else if (sent) {
              socket.close();
              resolve(undefined);
            }
          },
        });
      });
    },
    { code, token },
  );
}

test('the start page lists your games, your turn first, and counts them in its title', { timeout: 240_000 }, async () => {
  const browser = await launch();
  try {
    // Ada's turn in one daily game; Ben's in a game of three days a step.
    const daily = await duel(86_400, await seatedFirst(['Ada', 'Ben']));
    const slow = await duel(259_200, await seatedFirst(['Ben', 'Ada']));
    const waiting = await duel(null, ['Ada']);
    const helper = await openPage(browser, DESKTOP);
    await helper.page.goto(BASE + '/');
    const finished = await playOutRoom(helper.page, { ruleSet: 'mehen-san-martin', options: DUEL.options, names: ['Ada', 'Ben'] });

    const { page, errors } = await openPage(browser, PHONE);
    await page.goto(BASE + '/');
    const held = {
      [daily.code]: daily.of('Ada'),
      [slow.code]: slow.of('Ada'),
      [waiting.code]: waiting.of('Ada'),
      [finished.code]: finished.seats[0],
      // A room this server never had.
      abcdefghij: { seat: 0, token: 'ab'.repeat(32) },
    };
    await page.evaluate((held) => {
      for (const [code, seat] of Object.entries(held)) localStorage.setItem(`hesy:seat:${code}`, JSON.stringify(seat));
    }, held);
    await page.reload();

    const games = page.getByRole('region', { name: 'Your games' });
    await games.waitFor();
    const current = games.locator('.your-games-list').first().locator('.your-game');
    await current.first().waitFor();
    assert.deepEqual(
      await current.evaluateAll((items) => items.map((li) => li.getAttribute('data-room'))),
      [daily.code, slow.code, waiting.code],
      'your turn, then theirs, then the room still waiting',
    );
    const first = current.first();
    assert.match(await first.getAttribute('class'), /is-yours/);
    assert.match(await first.innerText(), /San Martin Mehen[\s\S]*against Ben[\s\S]*Your turn · 23 h 5\d min left/);
    assert.match(await current.nth(1).innerText(), /against Ben[\s\S]*Ben to play · 2 d 23 h left/);
    assert.match(await current.nth(2).innerText(), /Waiting for 1 more player/);
    assert.equal(await first.locator('a').getAttribute('href'), `/r/${daily.code}`);
    await page.waitForFunction(() => document.title === '(1) Your turn · Hesy');

    const folded = games.locator('details');
    assert.equal(await folded.locator('summary').innerText(), '2 finished games');
    await folded.locator('summary').click();
    const over = folded.locator(`[data-room="${finished.code}"]`);
    assert.match(await over.innerText(), /Over: (you|Ben) won/);
    assert.match(await folded.locator('[data-room="abcdefghij"]').innerText(), /no longer on the server/);
    await page.screenshot({ path: join(SHOTS, 'your-games-360.png') });
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
    assert.ok(fits, 'nothing scrolls sideways at 360 px');
    assert.deepEqual(await axeViolations(page), []);

    // A finished game is forgotten in this browser.
    await over.getByRole('button', { name: /^Forget/ }).click();
    await over.waitFor({ state: 'detached' });
    assert.equal(await folded.locator('summary').innerText(), '1 finished game');
    assert.equal(await page.evaluate((code) => localStorage.getItem(`hesy:seat:${code}`), finished.code), null);

    // Ben conceals in the slow game: Ada's turn there too, once the page looks again.
    await benConceals(helper.page, slow.code, slow.of('Ben').token);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForFunction(() => document.title === '(2) Your turn · Hesy');
    assert.equal(await games.locator('.is-yours').count(), 2);

    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: join(SHOTS, 'your-games-desktop.png') });
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(errors, []);
    await helper.context.close();
  } finally {
    await browser.close();
  }
});
