// The start and rules pages, the extended serpent at both sizes, keyboard play on the
// dashed rings, and the loud warning when a reveal does not open its commitment (the
// socket of one browser is tampered with in transit).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BASE, DESKTOP, PHONE, SHOTS, axeViolations, createRoom, launch, openPage, sit, versionOf, waitPast } from './harness.js';

test('start and rules pages', { timeout: 60_000 }, async () => {
  const browser = await launch();
  try {
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
      const { page, errors } = await openPage(browser, viewport);
      await page.goto(BASE + '/');
      await page.getByRole('button', { name: 'Create room' }).waitFor();
      // Every rule set the server offers, with its seats.
      const offered = (await (await fetch(`${BASE}/api/rule-sets`)).json()).rule_sets;
      for (const r of offered) {
        const choice = page.locator('label.choice', { has: page.locator(`input[name=rule_set][value="${r.name}"]`) });
        const words = await choice.innerText();
        assert.ok(words.includes(r.title) && /\d players?/.test(words), words);
      }
      await page.locator('input[name=mode][value=teams]').waitFor();
      assert.match(await page.locator('label.choice', { has: page.locator('input[name=mode][value=teams]') }).innerText(), /6 players/);
      await page.screenshot({ path: join(SHOTS, `start-${size}.png`), fullPage: true });
      assert.deepEqual(await axeViolations(page), [], 'start page accessibility');
      await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Rules' }).click();
      await page.getByRole('heading', { name: 'How we read the sources' }).waitFor();
      await page.screenshot({ path: join(SHOTS, `rules-duel-${size}.png`) });
      assert.deepEqual(await axeViolations(page), [], 'rules page accessibility');
      await page.getByRole('heading', { name: /Lions against Lionesses/ }).waitFor();
      const other = offered.find((r) => r.name !== 'mehen-san-martin');
      await page.getByRole('navigation', { name: 'Game' }).getByRole('link', { name: other.title }).click();
      // The page before also has headings in `.doc`: wait until the duel's page has gone.
      await page.getByRole('heading', { name: /Lions against Lionesses/ }).waitFor({ state: 'detached' });
      await page.locator('.doc h2').first().waitFor();
      // Joining by a pasted link goes to the room.
      await page.goto(BASE + '/');
      await page.getByLabel('Room code or link').fill(`${BASE}/r/abcdefghjk`);
      await page.getByRole('button', { name: 'Join', exact: true }).click();
      await page.waitForURL(/\/r\/abcdefghjk$/);
      await page.getByRole('heading', { name: 'Room not found' }).waitFor();
      assert.deepEqual(errors, []);
    }
  } finally {
    await browser.close();
  }
});

test('a rule set this client cannot draw: the room says so, and the rest works', { timeout: 60_000 }, async (t) => {
  const { games } = await import('../../js/games/index.js');
  const offered = (await (await fetch(`${BASE}/api/rule-sets`)).json()).rule_sets;
  const undrawn = offered.find((r) => !games[r.name]);
  if (!undrawn) return t.skip('this client draws every rule set the server offers');
  const browser = await launch();
  try {
    const { page, errors } = await openPage(browser, PHONE);
    await page.goto(BASE + '/');
    assert.match(await page.locator('label.choice', { has: page.locator(`input[name=rule_set][value="${undrawn.name}"]`) }).innerText(), /cannot draw it yet/);
    const code = await createRoom(page, { ruleSet: undrawn.name, options: {} });
    await page.getByLabel('Your name at the table').fill('Ada');
    await page.getByRole('button', { name: /^Sit as/ }).first().click();
    await page.locator('main[data-version]').waitFor();
    await page.locator('.notice', { hasText: 'cannot draw' }).waitFor();
    await page.locator('.player.is-you', { hasText: 'Ada' }).waitFor();
    assert.ok(code);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('extended serpent, keyboard play, and a tampered reveal raises the alarm', { timeout: 90_000 }, async () => {
  const browser = await launch();
  try {
    const a = await openPage(browser, DESKTOP);
    const b = await openPage(browser, PHONE);
    // Everything the server sends to B passes through here; every reveal gets a wrong nonce.
    await b.context.routeWebSocket(/\/ws$/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => {
        const frame = JSON.parse(String(m));
        for (const entry of frame.type === 'patch' ? frame.log ?? [] : []) {
          for (const ev of entry.events) if (ev.type === 'revealed') ev.nonce = 'ff'.repeat(32);
        }
        ws.send(JSON.stringify(frame));
      });
    });
    // A's connection passes through untouched, so the test can drop it later.
    let aSocket = null;
    await a.context.routeWebSocket(/\/ws$/, (ws) => {
      ws.connectToServer();
      aSocket = ws;
    });
    const code = await createRoom(a.page, { mode: 'duel', board: 'extended', timer: '60' });
    assert.deepEqual(await axeViolations(a.page), [], 'seat picker accessibility');
    await sit(a.page, code, 'Ada', 'Carnelian');
    await a.page.locator('main[data-phase=waiting]').waitFor();
    assert.deepEqual(await axeViolations(a.page), [], 'waiting room accessibility');
    await b.page.goto(`${BASE}/r/${code}`);
    await sit(b.page, code, 'Ben', 'Lapis');
    await a.page.locator('main[data-phase=conceal]').waitFor();

    // Keyboard only: Tab to a marble, Enter, then the close-hand button.
    let v = await versionOf(a.page);
    await a.page.locator('.actions .marble-btn').nth(2).focus();
    await a.page.keyboard.press('Enter');
    await a.page.getByRole('button', { name: 'Close hand (3)' }).focus();
    await a.page.keyboard.press('Enter');
    await waitPast(a.page, v);
    await b.page.locator('.actions .numbers').waitFor();
    await b.page.screenshot({ path: join(SHOTS, 'extended-guess-phone.png'), fullPage: true });
    assert.deepEqual(await axeViolations(b.page), [], 'guessing page accessibility');
    v = await versionOf(b.page);
    await b.page.getByRole('button', { name: 'Guess 1' }).click();
    await waitPast(b.page, v);

    // B's copy of the reveal was tampered with: a loud warning there, a green check at A.
    await b.page.locator('.verify.bad').waitFor();
    assert.match(await b.page.locator('.verify.bad').innerText(), /did not match/i);
    await b.page.screenshot({ path: join(SHOTS, 'tampered-reveal-phone.png') });
    await a.page.locator('.verify.ok').waitFor();

    // The dashed ring is a keyboard target: focus it and press Enter to deploy.
    await a.page.locator('main[data-phase=action]').waitFor();
    await a.page.screenshot({ path: join(SHOTS, 'extended-act-desktop.png'), fullPage: true });
    await b.page.screenshot({ path: join(SHOTS, 'extended-act-phone.png'), fullPage: true });
    assert.deepEqual(await axeViolations(a.page), [], 'acting page accessibility');
    const ring = a.page.getByRole('button', { name: 'Space 3: deploy a new marble here' });
    v = await versionOf(a.page);
    await ring.focus();
    await a.page.keyboard.press('Enter');
    await waitPast(a.page, v);
    await a.page.locator('.marble[data-space="3"]').waitFor();
    await b.page.locator('.marble[data-space="3"]').waitFor();
    assert.match(await a.page.locator('.timer').innerText(), /^(1 min|\d+ s)$/);

    // A spectator sees the serpent and the log, has no controls and no hand.
    const watcher = await openPage(browser, PHONE);
    await watcher.page.goto(`${BASE}/r/${code}`);
    await watcher.page.getByRole('button', { name: 'Just watch' }).click();
    await watcher.page.locator('.actions h2', { hasText: 'Watching' }).waitFor();
    await watcher.page.locator('.marble[data-space="3"]').waitFor();
    assert.equal(await watcher.page.locator('.player.is-you').count(), 0);
    assert.equal(await watcher.page.locator('#chat-input').count(), 0);

    // The connection drops: the page says so, reconnects by itself and keeps its seat.
    await b.page.locator('main[data-phase=conceal]').waitFor();
    const before = aSocket;
    await aSocket.close({ code: 1001, reason: 'gone' });
    await a.page.locator('.conn-closed, .conn-connecting').first().waitFor();
    await a.page.waitForFunction(() => !!document.querySelector('.conn-open'));
    assert.notEqual(aSocket, before, 'a new WebSocket was opened');
    await a.page.locator('.player.is-you', { hasText: 'Ada' }).waitFor();
    v = await versionOf(b.page);
    await b.page.locator('.actions .marble-btn').nth(1).click();
    await b.page.getByRole('button', { name: 'Close hand (2)' }).click();
    await a.page.locator('.actions .numbers').waitFor();
    assert.deepEqual(a.errors, []);
  } finally {
    await browser.close();
  }
});
