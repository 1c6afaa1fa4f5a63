// The database goes away while a player throws: the server holds the throw until it is
// stored, and the page says "saving…", then why, instead of looking frozen; once the database
// is back the throw goes through. A server of its own runs on a fresh Postgres database behind
// a small TCP proxy that this test stops and starts. Needs Postgres (HESY_PG_URL, as
// run-e2e.sh passes the caller's DATABASE_URL) and the server binary (HESY_BIN).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { SHOTS, launch, openPage, sleep, versionOf, waitPast } from './harness.js';

const PG = process.env.HESY_PG_URL || '';
const BIN = process.env.HESY_BIN || '';
const WEB = join(import.meta.dirname, '..', '..');

/** A free port on the loopback address. @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

/** A TCP proxy to `upstream` on a fixed port that can be stopped (every connection cut) and started again. */
class Proxy {
  /** @param {number} port @param {{host: string, port: number}} upstream */
  constructor(port, upstream) {
    this.port = port;
    this.upstream = upstream;
    /** @type {Set<import('node:net').Socket>} */
    this.sockets = new Set();
    /** @type {import('node:net').Server | null} */
    this.server = null;
  }

  /** @returns {Promise<void>} */
  start() {
    this.server = createServer((client) => {
      const db = connect(this.upstream);
      for (const s of [client, db]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(db).pipe(client);
    });
    return new Promise((resolve) => this.server?.listen(this.port, '127.0.0.1', () => resolve()));
  }

  /** @returns {Promise<void>} */
  stop() {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

test('a throw held for the database says "saving…", then why, then goes through', { skip: !PG.startsWith('postgres') || !BIN, timeout: 120_000 }, async () => {
  const base = new URL(PG);
  const name = `hesy_e2e_outage_${process.pid}`;
  const psql = (/** @type {string} */ sql) => execFileSync('psql', [PG, '-q', '-c', sql]);
  psql(`CREATE DATABASE ${name}`);
  const proxy = new Proxy(await freePort(), { host: base.hostname, port: Number(base.port || 5432) });
  await proxy.start();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const db = new URL(PG);
  db.host = `127.0.0.1:${proxy.port}`;
  db.pathname = `/${name}`;
  const server = spawn(BIN, [], {
    env: { ...process.env, DATABASE_URL: db.href, HESY_ADDR: `127.0.0.1:${port}`, HESY_STATIC_DIR: WEB, HESY_PUBLIC_URL: url, RUST_LOG: 'error' },
    stdio: 'ignore',
  });
  const browser = await launch();
  try {
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`${url}/healthz`).then((r) => r.ok).catch(() => false);
      if (up) break;
      await sleep(100);
    }
    const { page, errors } = await openPage(browser, { width: 360, height: 740 });
    await page.goto(url + '/');
    await page.locator('input[name=rule_set][value="senet"]').check();
    await page.getByRole('button', { name: 'Play against the computer' }).click();
    await page.waitForURL(/\/r\/[a-z0-9]{10}$/);
    // The Cones (this browser) throw first.
    const sticks = page.locator('.actions .throw-button:enabled');
    await sticks.waitFor();
    const saving = page.locator('.play-bar .saving');
    assert.ok(await saving.isHidden(), 'no note while nothing is held');

    await proxy.stop();
    const v = await versionOf(page);
    await sticks.click();
    await saving.filter({ hasText: 'Saving your move' }).waitFor({ timeout: 3000 });
    await saving.filter({ hasText: 'waiting for its database' }).waitFor({ timeout: 8000 });
    assert.equal(await versionOf(page), v, 'the throw is not told before it is stored');
    await page.screenshot({ path: join(SHOTS, 'outage-saving-phone.png') });

    await proxy.start();
    await waitPast(page, v, 30_000);
    await saving.waitFor({ state: 'hidden' });
    await page.getByText('You threw', { exact: false }).first().waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.kill();
    await new Promise((resolve) => server.once('exit', resolve));
    await proxy.stop();
    psql(`DROP DATABASE IF EXISTS ${name}`);
  }
});
