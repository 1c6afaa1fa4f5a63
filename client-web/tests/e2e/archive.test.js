// The games page, as a player would use it at 360 px and on a desktop: a finished game of
// every rule set (played out quickly by archive-games.js) is found by a player's name and by
// game, paged, opened on its board, stepped through to its end with every reveal and throw
// verified, shared by its link, and its audit bundle downloaded and verified with `hesy
// verify`. Team chat stays out of all of it. A server without an archive says so.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BASE, DESKTOP, PHONE, SHOTS, axeViolations, launch, openPage, sleep } from './harness.js';
import { playOutRoom } from './archive-games.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const HESY = process.env.HESY_BIN || resolve(ROOT, process.env.CARGO_TARGET_DIR || 'target', 'debug', 'hesy');
/** Names of this run alone, so the games found are the ones made here. */
const RUN = Date.now().toString(36);
const NAMES = ['Ada', 'Ben', 'Cy', 'Dan', 'Eve', 'Fay'].map((n) => `${n}-${RUN}`);
const TEAM_SECRET = `team-canary-${RUN}`;
const TABLE_LINE = `well played ${RUN}`;

/** @type {Array<{ruleSet: string, options: Record<string, unknown>, id: string}>} */
const played = [];
/** The seat each game's room gave NAMES[0], as this browser would keep it. @type {Array<{code: string, seat: {seat: number, token: string}}>} */
const firstSeats = [];
/** @type {import('playwright-core').Browser} */
let browser;
const downloads = mkdtempSync(join(tmpdir(), 'hesy-bundles-'));

before(async () => {
  browser = await launch();
  const { page } = await openPage(browser, DESKTOP);
  await page.goto(BASE + '/');
  const offered = await page.evaluate(async () => (await fetch('/api/rule-sets').then((r) => r.json())).rule_sets);
  // Each rule set's first set-up, and San Martin's teams, where team chat is said.
  /** @type {Array<{ruleSet: string, options: Record<string, unknown>, seats: number, chat?: {table: string, team: string}}>} */
  const games = offered.map((/** @type {any} */ r) => ({ ruleSet: r.name, options: r.presets[0].options, seats: r.presets[0].seats }));
  games.push({ ruleSet: 'mehen-san-martin', options: { mode: 'teams', board: 'compact' }, seats: 6, chat: { table: TABLE_LINE, team: TEAM_SECRET } });
  for (const g of games) {
    const { code, seats, gameId: id } = await playOutRoom(page, { ruleSet: g.ruleSet, options: g.options, names: NAMES.slice(0, g.seats), chat: g.chat });
    played.push({ ruleSet: g.ruleSet, options: g.options, id });
    firstSeats.push({ code, seat: seats[0] });
  }
  await page.context().close();
});

after(async () => {
  await browser?.close();
  rmSync(downloads, { recursive: true, force: true });
});

/** The games page's rows, once `count` of them show. @param {import('playwright-core').Page} page @param {number} count */
async function rows(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll('.game-row').length === n && !/Looking/.test(document.querySelector('.games-status')?.textContent ?? ''), count);
  return page.locator('.game-row');
}

/**
 * Waits until a whole page of `count` rows has loaded whose first game is `first` (or, with
 * `away`, is not). While the next page loads the list may be empty: that is not a turned page.
 * @param {import('playwright-core').Page} page @param {number} count @param {string} first @param {boolean} away
 */
async function pageTurned(page, count, first, away) {
  await page.waitForFunction(([n, id, other]) => {
    const shown = document.querySelectorAll('.game-row');
    if (shown.length !== n || /Looking/.test(document.querySelector('.games-status')?.textContent ?? '')) return false;
    return (/** @type {HTMLElement} */ (shown[0]).dataset.game === id) !== other;
  }, /** @type {[number, string, boolean]} */ ([count, first, away]));
}

/** The ids of the rows shown. @param {import('playwright-core').Page} page */
const shownIds = (page) => page.locator('.game-row').evaluateAll((els) => els.map((e) => /** @type {HTMLElement} */ (e).dataset.game));

/** The replay's step text once it shows step `i`. @param {import('playwright-core').Page} page @param {number} i */
async function atStep(page, i) {
  const text = page.locator('.replay-controls .step-text');
  await page.waitForFunction((n) => document.querySelector('.replay-controls .step-text')?.textContent?.startsWith(`Step ${n} of`), i);
  return text.innerText();
}

/** Waits for every check of the log, and asserts none failed; how many passed. @param {import('playwright-core').Page} page */
async function verifiedMarks(page) {
  await page.waitForFunction(() => !document.querySelector('.replay-log')?.textContent?.includes('checking…'));
  const log = await page.locator('.replay-log').innerText();
  assert.ok(!log.includes('DID NOT MATCH'), 'every reveal and throw checks out');
  assert.ok(!(await page.locator('.replay-controls .step-text').innerText()).includes('⚠'));
  return page.locator('.replay-log .ok').count();
}

/** Downloads the shown game's audit bundle and verifies it with the binary. @param {import('playwright-core').Page} page */
async function downloadAndVerify(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the audit bundle' }).click()]);
  const file = join(downloads, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  const out = execFileSync(HESY, ['verify', file], { encoding: 'utf8' });
  assert.match(out, /verified/);
  return readFileSync(file, 'utf8');
}

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`every finished game is found, replayed to its end and verified from the games page (${size})`, { timeout: 300_000 }, async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto(BASE + '/');
    // The name this browser last sat down with, and the seats it holds.
    await page.evaluate(
      ([name, held]) => {
        localStorage.setItem('hesy:name', name);
        for (const { code, seat } of held) localStorage.setItem(`hesy:seat:${code}`, JSON.stringify(seat));
      },
      /** @type {[string, typeof firstSeats]} */ ([NAMES[0], firstSeats]),
    );
    await page.getByRole('banner').getByRole('link', { name: 'Past games' }).click();
    await page.getByRole('heading', { name: 'Finished games' }).waitFor();

    // Found by a player's name, typed in any case, or as "your games" (by the seats this
    // browser holds): one row per game, newest first.
    if (size === 'phone') {
      await page.getByLabel('Player', { exact: true }).fill(NAMES[0].toLowerCase());
      await page.getByRole('button', { name: 'Find games' }).click();
    } else {
      await page.getByRole('button', { name: 'Your games', exact: true }).click();
    }
    const list = await rows(page, played.length);
    assert.deepEqual(await shownIds(page), played.map((g) => g.id).reverse());
    for (const text of await list.allInnerTexts()) {
      assert.ok(text.includes(NAMES[0]) && /\(\p{L}[^)]*\)/u.test(text), `the players with their sides: ${text}`);
      assert.match(text, / won|A draw/, 'the result');
    }
    assert.equal(await page.locator('.game-row time').count(), played.length, 'when each ended');
    assert.equal(await page.locator('body').getByText(TEAM_SECRET).count(), 0);
    const address = size === 'phone' ? `#games?player=${NAMES[0].toLowerCase()}` : '#games?mine=1';
    assert.ok(page.url().toLowerCase().endsWith(address), page.url());
    assert.deepEqual(await axeViolations(page), []);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'nothing wider than the screen');
    await page.screenshot({ path: join(SHOTS, `archive-list-${size}.png`), fullPage: true });

    // By game too.
    await page.getByLabel('Game', { exact: true }).selectOption('senet');
    await rows(page, 1);
    assert.equal(await page.locator('.game-row').getAttribute('data-rule-set'), 'senet');
    await page.getByLabel('Game', { exact: true }).selectOption('');
    await rows(page, played.length);

    // A page at a time.
    await page.goto(`${BASE}/#games?player=${NAMES[1]}&per_page=3`);
    await rows(page, 3);
    const seen = await shownIds(page);
    await page.getByRole('button', { name: 'Older ▶' }).click();
    await pageTurned(page, 3, seen[0], true);
    seen.push(...(await shownIds(page)));
    await page.getByRole('button', { name: '◀ Newer' }).click();
    await pageTurned(page, 3, seen[0], false);
    assert.equal(new Set(seen).size, 6, 'two pages, six different games');

    // Every game: opened on its board, to its end, every check passed, its bundle verified.
    await page.goto(`${BASE}/#games?player=${NAMES[0]}`);
    await rows(page, played.length);
    /** @type {Array<{id: string, steps: number}>} */
    const lengths = [];
    for (const game of played) {
      await page.locator(`.game-row[data-game="${game.id}"] a`).click();
      const slider = page.locator('#replay-step');
      await slider.waitFor();
      assert.ok(await page.locator('.game-host > *').count(), `${game.ruleSet} is drawn`);
      assert.equal(await page.locator('.game-host .notice').count(), 0, `${game.ruleSet} is drawn`);
      const steps = Number(await slider.getAttribute('max'));
      lengths.push({ id: game.id, steps });
      await slider.focus();
      await page.keyboard.press('End');
      assert.match(await atStep(page, steps), new RegExp(`^Step ${steps} of ${steps}`));
      assert.doesNotMatch(await page.locator('.room-title .meta').innerText(), /still being played/);
      assert.ok((await verifiedMarks(page)) > 0, `${game.ruleSet}: reveals or throws verified`);
      const bundle = await downloadAndVerify(page);
      assert.ok(!bundle.includes(TEAM_SECRET), 'no team chat in the bundle');
      assert.ok(!(await page.locator('body').innerText()).includes(TEAM_SECRET), 'no team chat in the replay');
      if (game.ruleSet === 'senet') await page.screenshot({ path: join(SHOTS, `archive-replay-${size}.png`), fullPage: true });
      await page.getByRole('link', { name: 'All games' }).click();
      await rows(page, played.length);
    }
    const teams = played[played.length - 1];
    await page.goto(`${BASE}/#games/${teams.id}`);
    await page.locator('#replay-step').waitFor();
    assert.ok((await downloadAndVerify(page)).includes(TABLE_LINE), 'table chat is in the bundle');

    // The shortest, step by step with Next, from its shared link in a fresh browser.
    const shortest = lengths.reduce((a, b) => (b.steps < a.steps ? b : a));
    const link = await page.evaluate((id) => `${location.origin}/#games/${id}`, shortest.id);
    const friend = await openPage(browser, viewport);
    await friend.page.goto(link);
    await friend.page.locator('#replay-step').waitFor();
    assert.equal(await friend.page.locator('.game-share-link').getAttribute('href'), link);
    const next = friend.page.getByRole('button', { name: 'Next ▶' });
    for (let i = 1; i <= shortest.steps; i++) {
      await next.click();
      await atStep(friend.page, i);
    }
    assert.match(await atStep(friend.page, shortest.steps), new RegExp(`^Step ${shortest.steps} of ${shortest.steps}`));
    await verifiedMarks(friend.page);
    assert.ok(await friend.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'nothing wider than the screen');
    await friend.page.screenshot({ path: join(SHOTS, `archive-replay-end-${size}.png`), fullPage: true });
    assert.deepEqual([...errors, ...friend.errors], []);
    await friend.context.close();
    await page.context().close();
  });
}

/** A free port on loopback. @returns {Promise<number>} */
const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => ok(port));
    });
  });

test('a server without an archive says so instead of an empty list', { timeout: 60_000 }, async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(HESY, ['--memory-only', '--addr', `127.0.0.1:${port}`, '--static-dir', resolve(ROOT, 'client-web')], { stdio: 'ignore' });
  try {
    for (let i = 0; i < 100 && !(await fetch(`${url}/healthz`).then((r) => r.ok, () => false)); i++) await sleep(100);
    const { page, errors } = await openPage(browser, PHONE);
    await page.goto(`${url}/#games`);
    const notice = page.locator('.no-archive');
    await notice.waitFor();
    assert.match(await notice.innerText(), /keeps no games/);
    assert.ok(await page.locator('.games-filter').isHidden(), 'no filters for a list that cannot be');
    await page.screenshot({ path: join(SHOTS, 'archive-memory-only-phone.png'), fullPage: true });
    await page.goto(`${url}/#games/01a248e2-8cbc-7236-aff5-cae1abf1f507`);
    await page.getByRole('heading', { name: 'No replay' }).waitFor();
    assert.match(await page.locator('main').innerText(), /keeps no games/);
    assert.deepEqual(errors, []);
  } finally {
    server.kill();
  }
});
