// A stick game against the real server: two browsers in a Senet room commit their chains,
// give their links by themselves, throw by tapping, and check every throw's proof; node
// checks the same proofs with js/throws.js. The pieces are moved by a helper connection per
// seat (the first legal move), so this holds with or without the rule set's own module.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BASE, DESKTOP, PHONE, SHOTS, createRoom, launch, openPage, sleep, throwSticks } from './harness.js';
import { ThrowVerifier } from '../../js/throws.js';

const THROWS = 8;

test('Senet: fair throws through the room, checked in every browser', { timeout: 180_000 }, async () => {
  const browser = await launch();
  try {
    const a = await openPage(browser, DESKTOP);
    const b = await openPage(browser, PHONE);
    const code = await createRoom(a.page, { ruleSet: 'senet', options: {} });
    for (const [p, name] of [[a, 'Ada'], [b, 'Ben']]) {
      if (p === b) await b.page.goto(`${BASE}/r/${code}`);
      await p.page.getByLabel('Your name at the table').fill(name);
      await p.page.getByRole('button', { name: /^Sit as/ }).first().click();
      await p.page.locator('main[data-version]').waitFor();
    }
    const tokens = await Promise.all([a, b].map((p) => p.page.evaluate((c) => JSON.parse(String(localStorage.getItem(`hesy:seat:${c}`))).token, code)));

    // The movers: one more connection per seat, through the client's own socket, playing the
    // first legal move whenever the game awaits one from that seat.
    const helper = await openPage(browser, PHONE);
    await helper.page.goto(BASE + '/');
    await helper.page.evaluate(
      async ([room, seatTokens]) => {
        const { RoomSocket } = await import('/js/socket.js');
        const w = /** @type {any} */ (window);
        w.movers = seatTokens.map((token) => {
          let moved = -1;
          const socket = new RoomSocket(room, token, {
            onState(state) {
              const a = state.awaiting;
              if (a.kind === 'action' && a.seats.includes(state.you) && state.legal.length && moved !== socket.version) {
                moved = socket.version;
                socket.send({ type: 'move', version: socket.version, action: state.legal[0] });
              }
            },
            onMessage() {},
            onStatus() {},
          });
          return socket;
        });
      },
      [code, tokens],
    );
    const proofs = () => helper.page.evaluate(() => /** @type {any} */ (window).movers[0].log.filter((e) => e.throw).map((e) => e.throw));

    /** Waits until `p`'s browser has given its link to the throw that is due (its chain's record says so). */
    const linkGiven = async (p, seat) => {
      const due = await helper.page.evaluate(() => {
        const s = /** @type {any} */ (window).movers[0].state;
        return { game: s.game_id, index: s.throws?.pending?.index ?? 0 };
      });
      await p.page.waitForFunction(
        ([key, want]) => {
          const chain = JSON.parse(localStorage.getItem(key) || 'null');
          return !!chain && chain.game === want.game && chain.index >= want.index;
        },
        [`hesy:chain:${code}:${seat}`, due],
      );
    };

    let shot = false;
    const deadline = Date.now() + 120_000;
    while ((await proofs()).length < THROWS && Date.now() < deadline) {
      let threw = false;
      for (const [seat, p] of [a, b].entries()) {
        if (!(await p.page.locator('.actions .throw-button:enabled').count())) continue;
        if (!shot) {
          shot = true;
          await p.page.screenshot({ path: join(SHOTS, `sticks-yours-${p === a ? 'desktop' : 'phone'}.png`), fullPage: true });
        }
        // After the first throw both chains take part: the other seat's link goes first.
        if ((await proofs()).length > 0) await linkGiven(seat === 0 ? b : a, 1 - seat);
        threw = (await throwSticks(p.page)) || threw;
      }
      if (!threw) await sleep(80);
    }
    const all = await proofs();
    assert.ok(all.length >= THROWS, `${all.length} throws made`);

    // Every proof checks out in node too, and after the first throw (due before any chain
    // was committed) every seat's link is in it, deeper each time.
    const game = await helper.page.evaluate(() => /** @type {any} */ (window).movers[0].state.game_id);
    const verifier = new ThrowVerifier(game);
    for (const proof of all) assert.equal(verifier.check(proof, 4), null, `throw ${proof.index}`);
    assert.deepEqual(all[0].links, []);
    for (const proof of all.slice(1)) assert.deepEqual(proof.links.map((l) => l.seat), [0, 1], `throw ${proof.index} has both links`);
    const depths = all.slice(1).map((proof) => proof.links[0].depth);
    assert.deepEqual(depths, [...depths].sort((x, y) => x - y));
    assert.equal(new Set(depths).size, depths.length, 'no link twice');

    // Both browsers checked every throw themselves, and none failed.
    for (const p of [a, b]) {
      await p.page.waitForFunction((n) => document.querySelectorAll('.log-list .ok').length >= n, all.length);
      assert.equal(await p.page.locator('.log-list .bad, .verify.bad').count(), 0);
      await p.page.locator('.throw-result .stick').first().waitFor();
    }
    await a.page.screenshot({ path: join(SHOTS, 'sticks-desktop.png'), fullPage: true });
    await b.page.screenshot({ path: join(SHOTS, 'sticks-phone.png'), fullPage: true });
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  } finally {
    await browser.close();
  }
});
