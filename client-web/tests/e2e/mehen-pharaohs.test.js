// Four browsers play Pharaohs and lions Mehen to the end, through the UI: the team picks its
// pharaoh by tapping it on the serpent (a tap on an opponent's says why not) or with a button,
// the owner hides 1 to 5, the guessing team talks in team chat and proposes numbers before
// one of them enters the guess, a right guess unleashes a lioness, the lion duel (hide 1 to
// 3, guess) holds the pharaoh once and then kills the lioness into the graveyard, and the
// game runs on until one team has delivered both pharaohs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DESKTOP, PHONE, SHOTS, axeViolations, createRoom, launch, openPage, sit, sleep, versionOf, waitPast } from './harness.js';

const NAMES = ['Ra', 'Ptah', 'Isis', 'Bast'];
const LIONS = [0, 1];

/** Where each pharaoh is, as the board says: a space number, 'waiting' or 'delivered'. */
async function places(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.ph-pharaoh')].map((g) => [g.getAttribute('data-pharaoh'), g.getAttribute('data-place')])));
}

/** A number to hide for a move of `seat`'s pharaoh whose landing space is free (the game then never stalls on swaps). */
async function freeMove(page, seat, max) {
  const at = await places(page);
  const start = Number(at[seat]) || 0;
  const taken = new Set(Object.values(at));
  for (let n = max; n > 1; n--) if (!taken.has(String(start + n))) return n;
  return 1;
}

/** Puts `n` marbles in the hand through the shared conceal panel and closes it. */
async function hide(page, n) {
  await page.locator('.actions .marble-btn').nth(n - 1).click();
  await page.getByRole('button', { name: `Close hand (${n})` }).click();
}

test('four players: Pharaohs and lions Mehen through the UI to the end', { timeout: 600_000 }, async () => {
  const browser = await launch();
  try {
    const seats = [];
    for (let s = 0; s < 4; s++) {
      const size = s === 0 || s === 3 ? 'desktop' : 'phone';
      seats.push({ seat: s, team: LIONS.includes(s) ? 0 : 1, size, ...(await openPage(browser, size === 'desktop' ? DESKTOP : PHONE)) });
    }
    const code = await createRoom(seats[0].page, { ruleSet: 'mehen-pharaohs', options: { players: 4 } });
    for (const p of seats) await sit(p.page, code, NAMES[p.seat], p.team === 0 ? 'Lions' : 'Lionesses', p.seat + 1);
    for (const p of seats) await p.page.locator('.ph-root[data-phase=choose]').waitFor();
    const page = (s) => seats[s].page;

    /** @type {Set<string>} */
    const shot = new Set();
    async function shoot(label) {
      for (const p of seats) {
        const k = `${label}-${p.size}-${p.team === 0 ? 'lions' : 'lionesses'}`;
        if (shot.has(k)) continue;
        shot.add(k);
        await p.page.screenshot({ path: join(SHOTS, `pharaohs-${k}.png`), fullPage: true });
      }
    }

    // The Lions choose: a tap on a Lioness's pharaoh says why not, a tap on Ra's own moves it.
    await shoot('choose');
    assert.deepEqual(await axeViolations(page(1)), [], 'the Pharaohs room is accessible');
    await page(0).locator('.ph-pharaoh[data-pharaoh="2"]').click({ force: true });
    await page(0).locator('.toast', { hasText: 'plays for the Lionesses' }).waitFor();
    assert.equal(await page(2).locator('.ph-pharaoh.ph-tappable').count(), 0, 'the Lionesses have nothing to tap');
    let v = await versionOf(page(0));
    await page(0).locator('.ph-pharaoh.ph-tappable[data-pharaoh="0"]').click();
    await waitPast(page(0), v);
    assert.match(await page(0).locator('.status').innerText(), /You hide 1 to 5 marbles to move your pharaoh/);

    // Ra hides 4. The Lionesses talk it over in team chat, Isis proposes, Bast enters the guess.
    v = await versionOf(page(0));
    await hide(page(0), 4);
    await waitPast(page(0), v);
    const secret = 'lionesses only: Ra likes to hide four';
    await page(2).getByRole('tab', { name: /^Team/ }).click();
    await page(2).getByLabel('Message').fill(secret);
    await page(2).getByRole('button', { name: 'Send' }).click();
    await page(3).getByRole('tab', { name: /^Team/ }).click();
    await page(3).locator('.chat-list', { hasText: secret }).waitFor();
    await page(2).getByRole('button', { name: 'Suggest 2 to your team' }).click();
    await page(3).locator('.actions .votes').first().waitFor();
    await shoot('guess-proposed');
    for (const s of LIONS) {
      assert.equal(await page(s).locator('.votes').count(), 0, 'the Lions never see the proposals');
      await page(s).getByRole('tab', { name: /^Team/ }).click();
      assert.ok(!(await page(s).content()).includes(secret), 'nor the Lionesses’ team chat');
    }
    v = await versionOf(page(3));
    await page(3).getByRole('button', { name: 'Enter 2 as the team’s guess' }).click();
    await waitPast(page(3), v);
    await page(0).locator('.ph-pharaoh[data-pharaoh="0"][data-place="4"]').waitFor();

    // On to the end. The Lionesses guess Ra's next move right and unleash a lioness on it; the
    // lion duel that follows is lost once (the lioness holds Ra) and then won (it dies); every
    // other guess is wrong and every hand lands on a free space.
    /** The concealment under way: who hid how many, as the test hid it. */
    const hand = { seat: 0, number: 0 };
    let unleashed = false;
    let lionGuesses = 0;
    let steps = 0;
    const deadline = Date.now() + 480_000;

    /** One step by whichever page has something to do; false when none has yet. */
    async function step() {
      for (const p of seats) {
        const pg = p.page;
        const root = pg.locator('.ph-root');
        const contest = await root.getAttribute('data-contest');
        const v0 = await versionOf(pg);
        if (await pg.locator('.ph-decision .ph-action').count()) {
          const buttons = pg.locator('.ph-decision .ph-action');
          const texts = await buttons.allTextContents();
          let i = 0;
          if ((await root.getAttribute('data-phase')) === 'unleash') {
            await shoot('unleash');
            i = texts.findIndex((t) => t.startsWith('Unleash a lioness'));
            assert.ok(i >= 0, `an unleash button among ${texts}`);
            unleashed = true;
          }
          await buttons.nth(i).click();
        } else if (await pg.locator('.actions .pile').count()) {
          const max = await pg.locator('.actions .marble-btn').count();
          hand.seat = p.seat;
          hand.number = contest === 'lion' ? 2 : await freeMove(pg, p.seat, max);
          if (contest === 'lion') await shoot('lion-duel-hide');
          await hide(pg, hand.number);
        } else if (await pg.locator('.actions .numbers').count()) {
          let right = false;
          if (contest === 'lion') {
            await shoot('lion-duel-guess');
            right = lionGuesses++ > 0;
          } else {
            right = p.team === 1 && !unleashed && /^\d+$/.test((await places(pg))[hand.seat] || '');
          }
          const n = right ? hand.number : hand.number === 1 ? 2 : 1;
          await pg.getByRole('button', { name: new RegExp(`^(Enter ${n} as the team’s guess|Guess ${n})$`) }).click();
          if (contest === 'lion') {
            await waitPast(pg, v0);
            const words = right ? /killed the lioness/ : /holds your pharaoh/;
            await page(0).locator('.log-list', { hasText: words }).waitFor();
            if (right) {
              await page(0).locator('.ph-team', { hasText: 'Graveyard: 1' }).waitFor();
              assert.equal(await page(0).locator('.ph-lion').count(), 0, 'the dead lioness left the board');
              await shoot('graveyard');
            }
          }
        } else continue;
        await waitPast(pg, v0);
        if (unleashed && (await page(0).locator('.ph-lion').count())) await shoot('attacked');
        steps++;
        return true;
      }
      return false;
    }

    while ((await page(0).locator('main').getAttribute('data-phase')) !== 'over') {
      assert.ok(Date.now() < deadline, `the game did not end in time (${steps} steps)`);
      if (!(await step())) await sleep(80);
    }
    for (const p of seats) await p.page.locator('main[data-phase=over]').waitFor();
    await shoot('over');
    assert.ok(unleashed, 'a lioness was unleashed');
    assert.ok(lionGuesses >= 2, 'the lion duel was fought twice');

    await page(0).locator('.actions h2', { hasText: /^Your team (won!|lost\.)$/ }).waitFor();
    assert.match(await page(0).locator('.actions').innerText(), /won: all their pharaohs are delivered into the afterlife/);
    assert.equal(await page(0).locator('main').getByText('Game over', { exact: false }).count(), 0, 'the result, said once');
    const log = await page(0).locator('.log-list').innerText();
    for (const words of [/reborn into the afterlife/, /unleashed a lioness/, /holds your pharaoh/, /killed the lioness/]) assert.match(log, words);
    for (const p of seats) {
      const delivered = await p.page.locator('.ph-pharaoh[data-place=delivered]').count();
      assert.ok(delivered >= 2, `seat ${p.seat} sees a team delivered`);
      assert.equal(await p.page.locator('.log-list .bad').count(), 0, 'every reveal verified');
    }

    // The replay draws the same board, where nobody may act.
    const phone = page(1);
    await phone.getByRole('link', { name: 'Watch the replay' }).click();
    const slider = phone.locator('#replay-step');
    await slider.waitFor();
    const max = Number(await slider.getAttribute('max'));
    await slider.fill(String(Math.floor(max / 2)));
    const replay = phone.locator('.replay-host');
    assert.equal(await replay.locator('.ph-pharaoh').count(), 4);
    assert.equal(await replay.locator('.ph-pharaoh.ph-tappable, .ph-decision .ph-action').count(), 0, 'nothing to tap in a replay');
    await phone.screenshot({ path: join(SHOTS, 'pharaohs-replay-phone.png'), fullPage: true });
    await slider.fill(String(max));
    assert.ok((await replay.locator('.ph-pharaoh[data-place=delivered]').count()) >= 2);
    for (const p of seats) assert.deepEqual(p.errors, [], `seat ${p.seat} had no page errors`);
  } finally {
    await browser.close();
  }
});
