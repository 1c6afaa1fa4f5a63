// Six browsers play the six-player game in a trustless room: choosing the actor, team chat
// (seen by teammates, never by opponents), guess proposals, a freeze, and a revival.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BASE, DESKTOP, PHONE, SHOTS, axeViolations, createRoom, launch, openPage, phaseOf, sit, sleep, versionOf, waitPast } from './harness.js';

const NAMES = ['Ra', 'Ptah', 'Isis', 'Bast', 'Nut', 'Maat'];

test('six players: team chat stays in the team, proposals, freezing and reviving', { timeout: 300_000 }, async () => {
  const browser = await launch();
  try {
    const seats = [];
    for (let s = 0; s < 6; s++) seats.push({ seat: s, team: Math.floor(s / 3), size: s === 0 || s === 3 ? 'desktop' : 'phone', ...(await openPage(browser, s === 0 || s === 3 ? DESKTOP : PHONE)) });
    const code = await createRoom(seats[0].page, { mode: 'teams', board: 'compact', commitment: 'trustless' });
    for (const p of seats) {
      if (p.seat !== 0) await p.page.goto(`${BASE}/r/${code}`);
      await sit(p.page, code, NAMES[p.seat], p.team === 0 ? 'Lions' : 'Lionesses', p.seat + 1);
    }
    for (const p of seats) await p.page.waitForFunction(() => document.querySelector('main')?.dataset.phase === 'action');

    // Team chat: a Lion writes to the team; the Lions see it, the Lionesses never do.
    const secret = 'lions-only: they always hide two';
    const ptah = seats[1].page;
    await ptah.getByRole('tab', { name: /^Team/ }).click();
    await ptah.getByLabel('Message').fill(secret);
    await ptah.getByRole('button', { name: 'Send' }).click();
    await seats[0].page.getByRole('tab', { name: /^Team/ }).click();
    await seats[0].page.locator('.chat-list', { hasText: secret }).waitFor();
    await seats[2].page.getByRole('tab', { name: /^Team/ }).click();
    await seats[2].page.locator('.chat-list', { hasText: secret }).waitFor();
    // A table message reaches everyone, so by the time it shows the team one has had its chance.
    await seats[4].page.getByLabel('Message').fill('good luck, all');
    await seats[4].page.getByRole('button', { name: 'Send' }).click();
    for (const p of seats) {
      await p.page.getByRole('tab', { name: /^Table/ }).click();
      await p.page.locator('.chat-list', { hasText: 'good luck, all' }).waitFor();
    }
    for (const p of seats.filter((q) => q.team === 1)) {
      await p.page.getByRole('tab', { name: /^Team/ }).click();
      assert.ok(!(await p.page.content()).includes(secret), `seat ${p.seat} must not see the Lions' team chat`);
      await p.page.getByRole('tab', { name: /^Table/ }).click();
      assert.ok(!(await p.page.content()).includes(secret));
    }
    // After a reload the snapshot brings the chat back: a Lion finds the team message once,
    // a Lioness only the table's.
    for (const p of [seats[2], seats[3]]) {
      await p.page.reload();
      await p.page.locator('.chat-list', { hasText: 'good luck, all' }).waitFor();
      await p.page.getByRole('tab', { name: /^Team/ }).click();
      if (p.team === 0) {
        await p.page.locator('.chat-list', { hasText: secret }).waitFor();
        assert.equal(await p.page.locator('.chat-list li', { hasText: secret }).count(), 1, 'restored once');
      } else {
        assert.ok(!(await p.page.content()).includes(secret), 'a reload never shows the other team chat');
      }
      await p.page.getByRole('tab', { name: /^Table/ }).click();
    }
    await seats[0].page.screenshot({ path: join(SHOTS, 'teams-choose-desktop.png'), fullPage: true });
    await seats[1].page.screenshot({ path: join(SHOTS, 'teams-choose-phone.png'), fullPage: true });
    assert.deepEqual(await axeViolations(seats[0].page), [], 'six-player room accessibility');

    const shot = new Set();
    let turns = 0;
    let froze = false;
    let revived = false;
    let lastHidden = 2;
    let reloadedActor = false;
    const deadline = Date.now() + 240_000;
    while (!(froze && revived && turns >= 6) && Date.now() < deadline) {
      const phase = await phaseOf(seats[0].page);
      for (const p of seats) {
        const k = `${await phaseOf(p.page)}-${p.size}-${p.team}`;
        if (!shot.has(k)) {
          shot.add(k);
          await p.page.screenshot({ path: join(SHOTS, `teams-${k}.png`), fullPage: true });
        }
      }
      let acted = false;
      for (const p of seats) {
        const v = await versionOf(p.page);
        if (await p.page.locator('.game-controls button.choose').count()) {
          await p.page.locator('.game-controls button.choose').first().click();
        } else if (await p.page.locator('.actions .pile').count()) {
          const max = await p.page.locator('.actions .marble-btn').count();
          lastHidden = 2 + Math.floor(Math.random() * (max - 1));
          await p.page.locator('.actions .marble-btn').nth(lastHidden - 1).click();
          await p.page.getByRole('button', { name: /^Close hand/ }).click();
          if (!reloadedActor) {
            // Trustless: the nonce lives in this browser. Reload before the guess; the page
            // must still reveal by itself once the guess is in.
            reloadedActor = true;
            await waitPast(p.page, v);
            await p.page.reload();
            await p.page.locator('main[data-phase=guess]').waitFor();
            assert.match(await p.page.locator('.closed-hand').innerText(), new RegExp(`holds ${lastHidden} marble`));
            acted = true;
            break;
          }
        } else if (await p.page.locator('.actions .numbers').count()) {
          // The first guesser of the team suggests; a teammate sees it and enters the guess.
          const mates = seats.filter((q) => q.team === p.team);
          const n = froze ? 1 : lastHidden;
          await mates[0].page.getByRole('button', { name: `Suggest ${n} to your team` }).click();
          await mates[2].page.locator('.actions .votes').first().waitFor();
          if (turns === 0) {
            // The open guess's proposals come back with the snapshot after a reload.
            await mates[1].page.reload();
            await mates[1].page.locator('.actions .votes').first().waitFor();
          }
          for (const o of seats.filter((q) => q.team !== p.team)) assert.equal(await o.page.locator('.votes').count(), 0, 'opponents never see proposals');
          const k = `guess-proposed-${mates[2].size}`;
          if (!shot.has(k)) {
            shot.add(k);
            await mates[2].page.screenshot({ path: join(SHOTS, `teams-${k}.png`), fullPage: true });
          }
          await mates[2].page.getByRole('button', { name: `Enter ${n} as the team’s guess` }).click();
          await waitPast(mates[2].page, v);
          if (!froze) {
            await p.page.locator('.player .tag.frozen').first().waitFor();
            froze = true;
          }
          acted = true;
          break;
        } else if (await p.page.locator('.game-controls .options').count()) {
          const texts = await p.page.locator('.game-controls .option').allTextContents();
          const revive = texts.findIndex((t) => t.startsWith('Revive'));
          await p.page.locator('.game-controls .option').nth(revive >= 0 ? revive : 0).click();
          if (revive >= 0) revived = true;
          turns++;
        } else continue;
        await waitPast(p.page, v);
        acted = true;
        break;
      }
      if (!acted) await sleep(100);
      void phase;
    }
    assert.ok(froze, 'a correct guess froze the actor');
    assert.ok(revived, 'a frozen teammate was revived');
    // Every trustless reveal verified in every browser.
    for (const p of seats) {
      assert.equal(await p.page.locator('.log-list .bad').count(), 0);
      assert.ok((await p.page.locator('.log-list .ok').count()) >= 3, `seat ${p.seat} verified the reveals`);
      assert.match(await p.page.locator('.log-list').innerText(), /revived/);
    }
    for (const p of seats) assert.deepEqual(p.errors, [], `seat ${p.seat} had no page errors`);
  } finally {
    await browser.close();
  }
});
