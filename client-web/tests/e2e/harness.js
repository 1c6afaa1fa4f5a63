// Shared by the browser tests: Debian's Chromium through playwright-core, and UI drivers
// that play the way a person would, by clicking: create a room of any rule set, sit, throw
// the sticks, and San Martin Mehen's moves.

import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const BASE = process.env.HESY_URL || 'http://127.0.0.1:8080';
export const SHOTS = process.env.HESY_SHOTS || join(import.meta.dirname, '..', '..', 'test-results');
mkdirSync(SHOTS, { recursive: true });

export const PHONE = { width: 360, height: 760 };
export const DESKTOP = { width: 1280, height: 860 };

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A browser context and page, with console errors and every WebSocket the page opens
 * collected.
 * @param {import('playwright-core').Browser} browser
 * @param {{width: number, height: number}} viewport
 */
export async function openPage(browser, viewport) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  /** @type {import('playwright-core').WebSocket[]} */
  const sockets = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && !/WebSocket|Failed to load resource/.test(m.text()) && errors.push(m.text()));
  page.on('websocket', (ws) => sockets.push(ws));
  return { context, page, errors, sockets };
}

/**
 * Creates a room through the start page and returns its code. `mode` and `board` are San
 * Martin Mehen's options; any rule set's go in `options` (each the value of its radio).
 */
export async function createRoom(page, { ruleSet = 'mehen-san-martin', mode = 'duel', board = 'compact', options, timer = '', commitment = 'server' } = {}) {
  await page.goto(BASE + '/');
  await page.locator(`input[name=rule_set][value="${ruleSet}"]`).check();
  for (const [name, value] of Object.entries(options ?? (ruleSet === 'mehen-san-martin' ? { mode, board } : {}))) {
    await page.locator(`input[name="${name}"][value="${value}"]`).check();
  }
  await page.locator('select[name=timer]').selectOption(timer);
  // Only the games where a player hides a number ask who keeps it.
  if (commitment !== 'server') await page.locator(`input[name=commitment][value=${commitment}]`).check();
  await page.getByRole('button', { name: 'Create room' }).click();
  await page.waitForURL(/\/r\/[a-z0-9]{10}$/);
  return page.url().split('/r/')[1];
}

/** Takes a seat through the picker. */
export async function sit(page, code, name, side, seatNumber) {
  if (!page.url().endsWith(`/r/${code}`)) await page.goto(`${BASE}/r/${code}`);
  await page.getByLabel('Your name at the table').fill(name);
  const label = seatNumber === undefined ? new RegExp(`^Sit as ${side}`) : `Sit as ${side}, seat ${seatNumber}`;
  await page.getByRole('button', { name: label }).click();
  await page.locator('main[data-version]').waitFor();
}

/** What the page shows now: `waiting`, `over`, or what the game awaits (`state.awaiting.kind`). */
export const phaseOf = (page) => page.locator('main').getAttribute('data-phase');
export const versionOf = async (page) => Number(await page.locator('main').getAttribute('data-version'));

/** Waits until the page has seen a newer version than `v`. */
export async function waitPast(page, v, timeout = 8000) {
  await page.waitForFunction((old) => Number(document.querySelector('main')?.dataset.version) > old, v, { timeout });
}

/** Throws the sticks if this page is to throw; whether it did. */
export async function throwSticks(page) {
  const button = page.locator('.actions .throw-button:enabled');
  if (!(await button.count())) return false;
  const v = await versionOf(page);
  await button.click();
  await waitPast(page, v);
  return true;
}

/**
 * One UI move of San Martin Mehen if this page has one to make. `policy` picks numbers and
 * options. Returns what it did, or null.
 */
export async function move(page, policy) {
  const v = await versionOf(page);
  if (await page.locator('.actions .pile').count()) {
    const max = await page.locator('.actions .marble-btn').count();
    const n = policy.hide(max);
    await page.locator('.actions .marble-btn').nth(n - 1).click();
    await page.getByRole('button', { name: /^Close hand/ }).click();
    await waitPast(page, v);
    return `hide ${n}`;
  }
  if (await page.locator('.actions .numbers').count()) {
    const max = await page.locator('.actions .number').count();
    const n = policy.guess(max);
    await page.locator('.actions .number').nth(n - 1).click();
    await waitPast(page, v);
    return `guess ${n}`;
  }
  if (await page.locator('.game-controls .options').count()) {
    const options = page.locator('.game-controls .option');
    const texts = await options.allTextContents();
    const i = policy.option(texts);
    await options.nth(i).click();
    await waitPast(page, v);
    return `act ${texts[i]}`;
  }
  return null;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical accessibility violations on the page, by axe-core, as strings. */
export async function axeViolations(page) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(() => /** @type {any} */ (window).axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}
