// Three browsers play a long stretch of Kendall–Skiryuk Mehen on the compact serpent through
// the UI, Ada (Carnelian) and Cleo (Turquoise) at desktop size and Ben (Lapis) on a phone:
// each throws the sticks by a tap, then enters a ball or the lion, saves the 1, spends saved
// ones (when a move would) with a button, or taps a piece and the ring where it lands. Every
// throw shows checked in every browser's sticks panel and log; every choice shows in every
// browser's log in its own words; a tap that cannot act says why, and a page not awaited has
// nothing to tap. A whole game is some 1,500 moves, so the test stops after 75 UI actions,
// once every player has thrown, chosen and moved by taps a few times.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DESKTOP, PHONE, SHOTS, axeViolations, createRoom, launch, openPage, sit, sleep, versionOf } from './harness.js';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {{seat: number, name: string, size: string, page: Page, errors: string[]}} Player */

const NAMES = ['Ada', 'Ben', 'Cleo'];
const SIDES = ['Carnelian', 'Lapis', 'Turquoise'];
/** The compact serpent: cells 1 to 39, then the centre. */
const CELLS = 40;
/** Piece ids per seat: six balls, then the lion. */
const PER_SEAT = 7;

/**
 * What a page shows now, read in one go: whether it may throw, its choice buttons, the
 * pieces it may pick up (and the one picked), every piece on the serpent, the log's event
 * lines, each throw's mark in the log, and the sticks panel.
 * @param {Page} page
 */
function look(page) {
  return page.evaluate(() => {
    const all = (/** @type {string} */ sel) => [...document.querySelectorAll(sel)];
    const attr = (/** @type {Element} */ e, /** @type {string} */ name) => e.getAttribute(name) || '';
    return {
      canThrow: !!document.querySelector('.actions .throw-button:enabled'),
      buttons: all('.mk-choices .mk-choice').map((b) => b.textContent || ''),
      movable: all('.mk-board .mk-piece.mk-movable[role=button]').map((e) => ({ id: attr(e, 'data-piece'), label: attr(e, 'aria-label') })),
      picked: all('.mk-board .mk-selected').map((e) => attr(e, 'data-piece')),
      pieces: all('.mk-board .mk-piece[data-piece]').map((e) => Number(attr(e, 'data-piece'))),
      log: all('.log-list li.ev').map((li) => /** @type {HTMLElement} */ (li).innerText),
      thrown: all('.log-list li.ev-thrown').map((li) => !!li.querySelector('.ok')),
      panel: /** @type {HTMLElement | null} */ (document.querySelector('.actions .throw-result'))?.innerText ?? '',
    };
  });
}

/** Waits until the page's log holds `lines` event lines. @param {Page} page @param {number} lines */
async function logReaches(page, lines) {
  await page.waitForFunction((n) => document.querySelectorAll('.log-list li.ev').length >= n, lines, { timeout: 8000 });
}

/** Waits until the page has checked throw number `n` and shows it checked in its sticks panel. @param {Page} page @param {number} n */
async function throwChecked(page, n) {
  await page.waitForFunction(
    (want) => {
      const thrown = document.querySelectorAll('.log-list li.ev-thrown');
      return thrown.length >= want && !!thrown[want - 1].querySelector('.ok') && !!document.querySelector('.actions .throw-result .ok');
    },
    n,
    { timeout: 8000 },
  );
}

/** The owner of a piece, from its id. @param {number} id */
const ownerOf = (id) => Math.floor(id / PER_SEAT);

/** Waits for a toast that says `words` (the whole text). @param {Page} page @param {RegExp} words */
async function explained(page, words) {
  await page.locator('#toasts .toast', { hasText: words }).first().waitFor({ timeout: 4000 });
}

/** A line of the actor's log in another viewer's words. @param {string} line @param {string} name */
const inWordsOf = (line, name) => line.replace(/^You /, `${name} `).replace(/^Your /, `${name}’s `);

/** The log line a choice button or landing label ("Move the ball from cell 5 to cell 8, where …") leads to. @param {string} label */
function movedLine(label) {
  return `${label.replace(/^Move the (ball|lion)/, 'Your $1 moved').replace(/, where .+ stands/, '')}.`;
}

/** How far along a piece is, from its label ("Your ball on cell 12, heading in: pick it up"). @param {string} label */
function progress(label) {
  const cell = Number(label.match(/on cell (\d+)/)?.[1] ?? 0);
  if (label.includes('in the centre')) return CELLS;
  return label.includes('heading back') ? 2 * CELLS - cell : cell;
}

/** A cell with nothing on it or next to it: no piece, no landing ring. @param {Page} page */
async function quietCell(page) {
  const busy = await page.evaluate(() => [
    ...[...document.querySelectorAll('.mk ul.sr-only li')].map((li) => Number(li.textContent?.match(/on cell (\d+)/)?.[1] ?? 0)),
    ...[...document.querySelectorAll('.mk-target[data-place^="cell-"]')].map((e) => Number(e.getAttribute('data-place')?.slice(5))),
  ]);
  for (let cell = CELLS - 2; cell > 1; cell--) if (![cell - 1, cell, cell + 1].some((c) => busy.includes(c))) return cell;
  throw new Error('no quiet cell on the serpent');
}

/** Taps a quiet cell and waits for the toast that explains why nothing happens. @param {Page} page @param {(cell: number) => RegExp} words */
async function tapQuiet(page, words) {
  const cell = await quietCell(page);
  await page.locator(`.mk-board [data-place="cell-${cell}"]`).click();
  await explained(page, words(cell));
}

/** Whether a tap on the piece reaches it, not a landing ring drawn over it. @param {Page} page @param {number} id */
async function uncovered(page, id) {
  return page.evaluate((n) => {
    const el = document.querySelector(`.mk-board .mk-piece[data-piece="${n}"]`);
    if (!el) return false;
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('[data-piece], [data-place]') === el;
  }, id);
}

test('three players: Kendall–Skiryuk Mehen through the UI, throws checked, taps explained', { timeout: 240_000 }, async () => {
  const browser = await launch();
  try {
    /** @type {Player[]} */
    const players = [];
    for (const [seat, name] of NAMES.entries()) {
      const size = seat === 1 ? 'phone' : 'desktop';
      players.push({ seat, name, size, ...(await openPage(browser, size === 'phone' ? PHONE : DESKTOP)) });
    }
    const code = await createRoom(players[0].page, { ruleSet: 'mehen-kendall-skiryuk', options: { players: 3, board: 'compact' } });
    for (const p of players) await sit(p.page, code, p.name, SIDES[p.seat]);
    for (const p of players) await p.page.locator('main[data-phase=throw] svg.mk-board').waitFor();
    const shoot = (/** @type {Player} */ p, /** @type {string} */ what) =>
      p.page.screenshot({ path: join(SHOTS, `mehen-kendall-${what}-${p.size}.png`), fullPage: true });
    /** Every page but `p`. @param {Player} p */
    const others = (p) => players.filter((q) => q !== p);

    // The board: the compact serpent's 39 cells, the centre and home; the legend names each
    // side, its player and its pieces' colour and letter; nothing on the serpent yet.
    for (const p of players) {
      assert.equal(await p.page.locator('.mk-board .mk-cell[data-place^="cell-"]').count(), CELLS - 1);
      assert.equal(await p.page.locator('.mk-board [data-place=centre]').count(), 1);
      assert.equal(await p.page.locator('.mk-board [data-place=home]').count(), 1);
      assert.equal(await p.page.locator('.mk-board .mk-piece').count(), 0);
      const legend = await p.page.locator('.mk-legend').innerText();
      for (const [seat, side] of SIDES.entries()) {
        const who = seat === p.seat ? 'You' : NAMES[seat];
        assert.ok(legend.includes(`${side} · ${who}: balls marked ${side[0]}`), `${p.name} sees ${side} in the legend`);
      }
      assert.deepEqual(await axeViolations(p.page), [], `${p.name}'s room is accessible`);
    }
    await shoot(players[0], 'start');
    await shoot(players[1], 'start');

    // Seat by seat, what each has done through the UI, and the throws the room saved for them
    // (a 1 that nothing else could use); the wrong taps explained so far.
    const did = players.map(() => ({ throws: 0, choices: 0, entered: 0, saved: 0, spent: 0, moved: 0, autoSaved: 0 }));
    const explainedSoFar = new Set();
    const shot = new Set();
    let throws = 0;
    let actions = 0;

    /**
     * A page that is not awaited taps the board, once per phase and size: it has nothing to
     * throw and nothing glows, the tap is explained, and nothing is sent.
     * @param {Player} idle @param {Player} awaited @param {'throw' | 'choose'} phase
     */
    async function idleTap(idle, awaited, phase) {
      const key = `idle-${phase}-${idle.size}`;
      if (explainedSoFar.has(key)) return;
      explainedSoFar.add(key);
      const page = idle.page;
      const v = await versionOf(page);
      assert.equal(await page.locator('.actions .throw-button').count(), 0, `${idle.name} has no sticks to throw`);
      assert.equal(await page.locator('.mk-choices .mk-choice, .mk-board [role=button]').count(), 0, `${idle.name} has nothing to tap`);
      if (phase === 'throw') {
        await tapQuiet(page, () => new RegExp(`^It is ${awaited.name}’s throw, not yours\\.$`));
      } else {
        const score = (await look(awaited.page)).panel.match(/^You threw (\d)/)?.[1];
        const theirs = (await look(page)).pieces.find((id) => ownerOf(id) === awaited.seat);
        const words = new RegExp(`^${awaited.name} threw ${score} and is choosing, not you\\.$`);
        if (theirs === undefined) await tapQuiet(page, () => words);
        else {
          await page.locator(`.mk-board .mk-piece[data-piece="${theirs}"]`).click();
          await explained(page, words);
        }
      }
      assert.equal(await versionOf(page), v, 'the tap sent nothing');
    }

    /** Throws for `p` by a tap, and checks the throw in every browser: the panel and the log. @param {Player} p */
    async function throwFor(p) {
      const page = p.page;
      if (!explainedSoFar.has('own-throw')) {
        explainedSoFar.add('own-throw');
        await tapQuiet(page, () => /^Throw the sticks first\.$/);
      }
      for (const q of others(p)) await idleTap(q, p, 'throw');
      const before = (await look(page)).log.length;
      await page.locator('.actions .throw-button:enabled').click();
      throws++;
      actions++;
      did[p.seat].throws++;
      let score = '';
      for (const q of [p, ...others(p)]) {
        await throwChecked(q.page, throws);
        const seen = await look(q.page);
        const fresh = seen.log.slice(before);
        if (q === p) {
          score = fresh[0].match(/^You threw (\d)\. ✓ verified$/)?.[1] ?? '';
          assert.ok(score, `the log tells ${p.name}'s throw, verified: ${fresh[0]}`);
          if (fresh.some((l) => l.startsWith('You saved the 1:'))) did[p.seat].autoSaved++;
        } else assert.equal(fresh[0], `${p.name} threw ${score}. ✓ verified`, `${q.name}'s log tells ${p.name}'s throw`);
        const who = q === p ? 'You' : p.name;
        assert.match(seen.panel, new RegExp(`^${who} threw ${score} \\([0-3] of 3 fell flat side up\\)\\. ✓ verified$`), `${q.name}'s sticks panel`);
        assert.equal(seen.thrown.length, throws);
      }
    }

    /**
     * Makes `p`'s choice through the UI if it has one, then checks that every browser's log
     * tells it. Entering a piece (the lion whenever it waits, a ball while none of `p`'s is
     * out), saving a 1 and a move that spends saved ones are buttons; any other move is a tap
     * on the piece farthest along, then on the ring where it lands.
     * @param {Player} p
     */
    async function choose(p) {
      const page = p.page;
      const seen = await look(page);
      if (!seen.buttons.length && !seen.movable.length) return false;
      for (const q of others(p)) await idleTap(q, p, 'choose');
      const mine = seen.pieces.filter((id) => ownerOf(id) === p.seat).length;
      const buttons = page.locator('.mk-choices .mk-choice');
      const button = (/** @type {(label: string) => boolean} */ test) => seen.buttons.find(test);
      const spend = button((l) => l.startsWith('Move the'));
      const lion = button((l) => l === 'Enter your lion on cell 1');
      const ball = button((l) => l === 'Enter a ball on cell 1');
      const save = button((l) => l.startsWith('Save this 1'));
      let expected = '';
      if (spend) {
        if (!shot.has(`spend-${p.size}`)) {
          shot.add(`spend-${p.size}`);
          await shoot(p, 'spend');
        }
        await buttons.filter({ hasText: spend }).click();
        expected = movedLine(spend);
        did[p.seat].spent++;
      } else if (lion || (ball && mine === 0)) {
        await buttons.filter({ hasText: lion ?? ball }).click();
        expected = `You entered ${lion ? 'the lion' : 'a ball'} on cell 1.`;
        did[p.seat].entered++;
      } else if (save) {
        const had = Number(save.match(/you have (\d+) saved/)?.[1]);
        await buttons.filter({ hasText: save }).click();
        expected = `You saved the 1: ${had + 1} saved one${had === 0 ? '' : 's'} now.`;
        did[p.seat].saved++;
      } else {
        expected = await tapMove(p, seen);
        did[p.seat].moved++;
      }
      actions++;
      did[p.seat].choices++;
      for (const q of [p, ...others(p)]) {
        await logReaches(q.page, seen.log.length + 1);
        const line = (await look(q.page)).log[seen.log.length];
        assert.equal(line, q === p ? expected : inWordsOf(expected, p.name), `${q.name}'s log tells ${p.name}'s choice`);
      }
      return true;
    }

    /**
     * Taps the piece of `p` farthest along, checks the board shows where it lands, taps there.
     * The first times, wrong taps of each kind are explained on the way. Returns the log line due.
     * @param {Player} p @param {Awaited<ReturnType<typeof look>>} seen
     */
    async function tapMove(p, seen) {
      const page = p.page;
      const best = seen.movable.reduce((a, b) => (progress(b.label) > progress(a.label) ? b : a));
      const picked = page.locator(`.mk-board .mk-selected[data-piece="${best.id}"]`);
      const piece = page.locator(`.mk-board .mk-piece[data-piece="${best.id}"]`);
      // With one piece to move and one way to move it, the board has picked it up already.
      let pickedUp = seen.picked.length > 0;
      if (!explainedSoFar.has('own-nowhere')) {
        explainedSoFar.add('own-nowhere');
        if (pickedUp) {
          await piece.click();
          assert.equal(await page.locator('.mk-board .mk-selected').count(), 0, 'a tap on the piece picked up puts it down');
          pickedUp = false;
        }
        await tapQuiet(page, (cell) => new RegExp(`^Nothing of yours can land on cell ${cell} with this \\d\\. You may: Move the .+\\.$`));
      }
      if (!explainedSoFar.has('own-theirs')) {
        for (const id of seen.pieces) {
          if (ownerOf(id) === p.seat || !(await uncovered(page, id))) continue;
          explainedSoFar.add('own-theirs');
          await page.locator(`.mk-board .mk-piece[data-piece="${id}"]`).click();
          const kind = id % PER_SEAT === PER_SEAT - 1 ? 'lion' : 'ball';
          await explained(page, new RegExp(`^That is ${NAMES[ownerOf(id)]}’s ${kind}\\. Yours are the balls marked ${SIDES[p.seat][0]}\\.$`));
          break;
        }
      }
      if (!pickedUp) await piece.click();
      await picked.waitFor();
      const landing = page.locator('.mk-board .mk-target.mk-chosen');
      assert.equal(await landing.count(), 1, 'the picked piece shows the one ring where it lands');
      if (!explainedSoFar.has('own-wrong')) {
        explainedSoFar.add('own-wrong');
        await tapQuiet(page, (cell) => new RegExp(`^Your (ball|lion) cannot land on cell ${cell}: it lands on (cell \\d+|the centre|home)\\.$`));
        assert.equal(await picked.count(), 1, 'a wrong tap keeps the piece picked up');
      }
      if (!shot.has(`picked-${p.size}`)) {
        shot.add(`picked-${p.size}`);
        await shoot(p, 'picked');
        assert.deepEqual(await axeViolations(page), [], 'the board with a piece picked up');
      }
      // The ring's label names the move of the piece picked up: that is the log line to come.
      const from = best.label.match(/^Your (?:ball|lion) (on cell \d+|in the centre)/)?.[1] ?? '';
      const fromWords = from === 'in the centre' ? 'out of the centre' : from.replace(/^on /, 'from ');
      const said = ((await landing.getAttribute('aria-label')) ?? '').replace(/^[^:]+: /, '').split(', or ');
      const label = said.find((l) => l.includes(` ${fromWords} `) || l.endsWith(` ${fromWords}`));
      assert.ok(label, `the ring names the move of the piece ${from}: ${said}`);
      await landing.click();
      return movedLine(label);
    }

    // Round the table until every player has thrown and chosen a few times, moved by taps,
    // and the buttons to enter and to save have both been used.
    const wrongTaps = ['own-throw', 'own-nowhere', 'own-theirs', 'own-wrong', ...['throw', 'choose'].flatMap((ph) => [`idle-${ph}-phone`, `idle-${ph}-desktop`])];
    const enough = () =>
      did.every((d) => d.throws >= 4 && d.choices >= 3 && d.moved >= 1) &&
      did.some((d) => d.entered > 0) &&
      did.some((d) => d.saved > 0) &&
      actions >= 75 &&
      wrongTaps.every((k) => explainedSoFar.has(k));
    const started = Date.now();
    while (!enough()) {
      assert.ok(Date.now() - started < 150_000, `the stretch did not finish in time: ${JSON.stringify({ did, actions, explained: [...explainedSoFar] })}`);
      let acted = false;
      for (const p of players) {
        if ((await look(p.page)).canThrow) {
          await throwFor(p);
          acted = true;
        } else if (await choose(p)) acted = true;
      }
      if (!acted) await sleep(50);
    }

    // Where the stretch ended: every browser's players panel names each side's pieces, and its
    // log has every player's throws, all checked, and their choices in words.
    for (const p of players) {
      const panel = await p.page.locator('.players').innerText();
      for (const [seat, side] of SIDES.entries()) assert.ok(panel.includes(`Pieces: balls marked ${side[0]}`), `${p.name}'s panel shows ${side}'s pieces`);
      const seen = await look(p.page);
      assert.equal(seen.thrown.length, throws);
      assert.ok(seen.thrown.every(Boolean), `${p.name} verified every throw`);
      assert.equal(await p.page.locator('.log-list .bad, .verify.bad').count(), 0);
      const log = seen.log.join('\n');
      for (const q of others(p)) {
        assert.match(log, new RegExp(`^${q.name} threw \\d\\.`, 'm'));
        assert.match(log, new RegExp(`^${q.name}’s (ball|lion) moved from cell \\d+ `, 'm'));
      }
      await shoot(p, `stretch-seat${p.seat + 1}`);
    }
    console.log(`Kendall–Skiryuk: ${actions} UI actions, ${throws} throws in ${Math.round((Date.now() - started) / 1000)} s`, JSON.stringify(did));
    for (const p of players) assert.deepEqual(p.errors, [], `${p.name} had no page errors`);
  } finally {
    await browser.close();
  }
});
