// What the pages cost and how they read on a phone: the rules page never scrolls sideways
// at 360 px and its sections can be linked; a returning browser asks only for the page
// itself; moving between the start page, a room and the rules draws in place, loading no
// file again.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, DESKTOP, PHONE, launch, openPage } from './harness.js';
import { measure } from '../network.js';

test('the rules of every game fit a 360 px screen, and a section can be linked', { timeout: 60_000 }, async () => {
  const offered = (await (await fetch(`${BASE}/api/rule-sets`)).json()).rule_sets;
  const browser = await launch();
  try {
    const { page, errors } = await openPage(browser, PHONE);
    for (const r of offered) {
      await page.goto(`${BASE}/#rules/${r.name}`);
      await page.locator('.doc[aria-busy]').waitFor({ state: 'detached' });
      await page.locator('.doc h2').first().waitFor();
      const fit = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: innerWidth,
        // A pill that wrapped its words is taller than one line of them.
        tabs: [...document.querySelectorAll('.tabs a')].map((a) => a.getBoundingClientRect().height),
        tables: document.querySelectorAll('.doc .table-wrap > table').length === document.querySelectorAll('.doc table').length,
      }));
      assert.ok(fit.page <= fit.screen, `${r.name}: the page is ${fit.page} px wide on a ${fit.screen} px screen`);
      assert.equal(fit.tabs.length, offered.length);
      for (const height of fit.tabs) assert.ok(height < 44, `${r.name}: a game tab is ${height} px tall`);
      assert.ok(fit.tables, `${r.name}: every table sits in its own scrolling box`);
    }

    // A section's address opens the page at that section.
    const senet = (await (await fetch(`${BASE}/rules/senet.html`)).text()).match(/<h3 id="([^"]+)">/);
    assert.ok(senet, 'the Senet rules have sections with ids');
    await page.goto(`${BASE}/`);
    await page.goto(`${BASE}/#rules/senet/${senet[1]}`);
    const heading = page.locator(`#${senet[1]}`);
    await heading.waitFor();
    await page.waitForFunction((id) => {
      const box = document.getElementById(id)?.getBoundingClientRect();
      return box && box.top >= 0 && box.top < innerHeight / 2;
    }, senet[1]);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a returning browser asks only for the page; a room opens in place', { timeout: 60_000 }, async () => {
  const browser = await launch();
  try {
    const { page, errors, sockets } = await openPage(browser, DESKTOP);
    const openStart = async () => {
      await page.goto(BASE + '/');
      await page.getByRole('button', { name: 'Create room' }).waitFor();
    };
    const cold = await measure(page, openStart);
    assert.ok(cold.files.includes('/js/main.js'), 'the first visit loads the modules');
    const again = await measure(page, openStart);
    assert.deepEqual(again.files, ['/'], 'a second visit asks only whether the page changed');

    // "Create room" draws the room in this same document: no page, no module loaded again.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const create = await measure(page, async () => {
      await page.getByRole('button', { name: 'Create room' }).click();
      await page.waitForURL(/\/r\/[a-z0-9]{10}$/);
      await page.getByLabel('Your name at the table').waitFor();
    });
    assert.deepEqual(create.files, [], 'nothing but the API was asked for');
    assert.equal(await page.evaluate(() => 'stillHere' in window), true, 'the page was not loaded again');
    const room = page.url();

    // In the room with a seat, then out by the header's link: the room's connection closes.
    await page.getByLabel('Your name at the table').fill('Ada');
    await page.getByRole('button', { name: /^Sit as/ }).first().click();
    await page.locator('main[data-version]').waitFor();
    const out = await measure(page, async () => {
      await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Rules' }).click();
      await page.locator('.doc h2').first().waitFor();
    });
    assert.deepEqual(out.files, ['/rules/mehen-san-martin.html']);
    assert.ok(sockets.length > 0);
    for (const ws of sockets) if (!ws.isClosed()) await ws.waitForEvent('close');

    // Back to the room, still in place, and its seat is still this browser's.
    await page.goBack();
    await page.waitForURL(room);
    await page.locator('.player.is-you', { hasText: 'Ada' }).waitFor();
    assert.equal(await page.evaluate(() => 'stillHere' in window), true);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('answers are compressed, and the files named by their hash are kept for a year', async () => {
  const page = await fetch(`${BASE}/`, { headers: { 'accept-encoding': 'br' } });
  assert.equal(page.headers.get('content-encoding'), 'br');
  assert.equal(page.headers.get('cache-control'), 'no-cache');
  const html = await page.text();
  const main = html.match(/src="(\/js\/main\.js\?v=[0-9a-f]+)"/)?.[1];
  assert.ok(main, 'the page names its first module with its hash');
  assert.match(html, /<script type="importmap">\{"imports":\{.*"\/js\/dom\.js":"\/js\/dom\.js\?v=[0-9a-f]+"/);
  const kept = await fetch(BASE + main);
  assert.match(String(kept.headers.get('cache-control')), /max-age=31536000, immutable/);
  const etag = String(page.headers.get('etag'));
  const unchanged = await fetch(`${BASE}/r/abcdefghjk`, { headers: { 'if-none-match': etag } });
  assert.equal(unchanged.status, 304, 'a room link is the same page, unchanged');
});
