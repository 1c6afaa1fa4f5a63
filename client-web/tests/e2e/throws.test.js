// The browser's part in fair throws (docs/fair-throws.md), against a scripted room: the
// page serves itself from the real server, but its room and socket are played here, so each
// message the browser sends is checked byte for byte. It commits a chain, gives its next
// link at once to the other seat's throw, throws with the link after on a tap, shows the
// faces and score, and checks every proof itself, loudly when one is forged.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { BASE, DESKTOP, PHONE, SHOTS, axeViolations, launch, openPage } from './harness.js';
import { fromHex, toHex } from '../../js/commitment.js';
import { facesOf, hashTimes, throwLayout } from '../../js/throws.js';
import { sha256 } from '../../js/sha256.js';

const CODE = 'sticks2345';
const GAME = '6f1c0a52-3b8e-4e1f-9a55-0d3c2b1a9e77';
const RULE_SET = 'scripted-sticks';
const seats = [
  { seat: 0, team: 0, side: 'Cones', name: 'Ada', connected: true },
  { seat: 1, team: 1, side: 'Spools', name: 'Ben', connected: true },
];

/** A server draw: its value and commitment. */
function draw() {
  const value = randomBytes(32).toString('hex');
  return { value, commitment: createHash('sha256').update(Buffer.from(value, 'hex')).digest('hex') };
}

/** The room's state with this awaiting and these throws. */
const stateWith = (awaiting, throws) => ({
  room: CODE, rule_set: RULE_SET, options: {}, game_id: GAME, game_number: 1, status: 'playing', commitment: 'server',
  turn_timer: null, deadline_ms: null, seats, spectators: 0, you: 0, awaiting, game: {}, secret: null, legal: [], throws,
});

/** Frames sent by the page, one at a time as they come. */
function inbox() {
  /** @type {any[]} */
  const queue = [];
  /** @type {((m: any) => void) | null} */
  let waiting = null;
  return {
    push(m) {
      if (waiting) {
        const w = waiting;
        waiting = null;
        w(m);
      } else queue.push(m);
    },
    next() {
      return queue.length ? Promise.resolve(queue.shift()) : new Promise((resolve) => (waiting = resolve));
    },
  };
}

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`fair throws in the browser (${size})`, { timeout: 60_000 }, async () => {
    const browser = await launch();
    try {
      const { context, page, errors } = await openPage(browser, viewport);
      await context.addInitScript(
        ([code]) => localStorage.setItem(`hesy:seat:${code}`, JSON.stringify({ seat: 0, token: 'scripted' })),
        [CODE],
      );
      const info = { code: CODE, rule_set: RULE_SET, options: {}, turn_timer: null, commitment: 'server', status: 'playing', game_number: 1, seats, spectators: 0 };
      await page.route(`**/api/rooms/${CODE}`, (route) => route.fulfill({ json: info }));
      await page.route('**/api/rule-sets', (route) => route.fulfill({ json: { rule_sets: [{ name: RULE_SET, title: 'Scripted sticks', presets: [{ options: {}, seats: 2 }], options: {} }] } }));
      const sent = inbox();
      /** @type {import('playwright-core').WebSocketRoute | null} */
      let room = null;
      await page.routeWebSocket(/\/ws$/, (ws) => {
        room = ws;
        ws.onMessage((m) => sent.push(JSON.parse(String(m))));
      });
      let version = 1;
      const say = (frame) => /** @type {any} */ (room).send(JSON.stringify(frame));
      const patch = (ops, log) => say({ type: 'patch', version, ops, log, now_ms: Date.now() });

      await page.goto(`${BASE}/r/${CODE}`);
      assert.deepEqual(await sent.next(), { type: 'join', room: CODE, token: 'scripted' });
      const first = draw();
      say({
        type: 'snapshot', version, log: [], chat: [], proposals: [], now_ms: Date.now(),
        state: stateWith({ kind: 'throw', seat: 1, sticks: 'four_senet' }, { chains: [], pending: { index: 1, seat: 1, commitment: first.commitment } }),
      });

      // No chain listed for this seat: the page commits one.
      const chain = await sent.next();
      assert.equal(chain.type, 'chain');
      assert.match(chain.anchor, /^[0-9a-f]{64}$/);
      assert.ok(chain.length >= 1 && chain.length <= 16384);
      await page.locator('.actions h2', { hasText: 'Ben’s throw' }).waitFor();
      await page.locator('.notice', { hasText: 'cannot draw' }).waitFor();

      // Listed: it sends its next link for Ben's pending throw at once, untapped.
      patch([{ op: 'replace', path: '/throws/chains', value: [{ seat: 0, anchor: chain.anchor, length: chain.length, depth: 0, active: true }] }]);
      const given = await sent.next();
      assert.equal(given.type, 'throw');
      assert.equal(given.index, 1);
      assert.equal(given.link.depth, 1);
      assert.equal(toHex(hashTimes(fromHex(given.link.value, 32), 1)), chain.anchor, 'the link hashes once to the anchor');

      // Ben throws: the room logs the proof; now it is Ada's throw.
      const links = [{ seat: 0, anchor: chain.anchor, depth: 1, value: given.link.value }];
      const faces = facesOf(sha256(throwLayout(GAME, 1, first.value, links)), 4);
      const score = [6, 1, 2, 3, 4][[0, 1, 2, 3].filter((k) => faces & (1 << k)).length];
      version++;
      const second = draw();
      patch(
        [
          { op: 'replace', path: '/awaiting', value: { kind: 'throw', seat: 0, sticks: 'four_senet' } },
          { op: 'replace', path: '/throws', value: { chains: [{ seat: 0, anchor: chain.anchor, length: chain.length, depth: 1, active: true }], pending: { index: 2, seat: 0, commitment: second.commitment } } },
        ],
        [{ seat: 1, auto: false, events: [{ type: 'thrown', seat: 1, faces, score }], throw: { index: 1, faces, server: first, links } }],
      );
      const button = page.getByRole('button', { name: 'Throw the sticks' });
      await button.waitFor();
      await page.locator('.throw-result', { hasText: `Ben threw ${score}` }).waitFor();
      await page.locator('.throw-result .ok', { hasText: 'verified' }).waitFor();
      await page.locator('.log-list .ev-throw .ok').waitFor();
      assert.equal(await page.locator('.throw-result .stick').count(), 4);
      assert.equal(await page.locator('.throw-result .stick.flat').count(), [0, 1, 2, 3].filter((k) => faces & (1 << k)).length);
      const box = await button.boundingBox();
      // Well past the 48 px a thumb needs; on a phone the button is a bar under the board, short enough to leave the board on screen.
      assert.ok(box && box.height >= 56 && box.width >= 200, `a tap target a thumb finds (${JSON.stringify(box)})`);
      await page.screenshot({ path: join(SHOTS, `throw-yours-${size}.png`), fullPage: true });
      assert.deepEqual(await axeViolations(page), [], 'throw panel accessibility');

      // Ada taps: the throw carries her next link, once.
      await button.click();
      const thrown = await sent.next();
      assert.deepEqual({ type: thrown.type, index: thrown.index, depth: thrown.link.depth }, { type: 'throw', index: 2, depth: 2 });
      assert.equal(toHex(hashTimes(fromHex(thrown.link.value, 32), 1)), given.link.value);
      await page.locator('.throw-button[disabled]').waitFor();

      // A forged proof: the faces are not what the digest gives.
      version++;
      const forged = (facesOf(sha256(throwLayout(GAME, 2, second.value, [{ seat: 0, depth: 2, value: thrown.link.value }])), 4) ^ 1) & 15;
      patch(
        [
          { op: 'replace', path: '/awaiting', value: { kind: 'action', seats: [0] } },
          { op: 'replace', path: '/throws/pending', value: null },
        ],
        [{ seat: 0, auto: false, events: [{ type: 'thrown', seat: 0, faces: forged, score: 1 }], throw: { index: 2, faces: forged, server: second, links: [{ seat: 0, anchor: chain.anchor, depth: 2, value: thrown.link.value }] } }],
      );
      await page.locator('.verify.bad', { hasText: 'a throw did not match its proof' }).waitFor();
      await page.locator('.throw-result .bad').waitFor();
      await page.screenshot({ path: join(SHOTS, `throw-forged-${size}.png`), fullPage: true });

      // A reload mid-game: the stored chain goes on, and no link is given twice.
      await page.reload();
      assert.equal((await sent.next()).type, 'join');
      const third = draw();
      say({
        type: 'snapshot', version, log: [], chat: [], proposals: [], now_ms: Date.now(),
        state: stateWith({ kind: 'throw', seat: 1, sticks: 'four_senet' }, { chains: [{ seat: 0, anchor: chain.anchor, length: chain.length, depth: 2, active: true }], pending: { index: 3, seat: 1, commitment: third.commitment } }),
      });
      const after = await sent.next();
      assert.deepEqual({ index: after.index, depth: after.link.depth }, { index: 3, depth: 3 });
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}
