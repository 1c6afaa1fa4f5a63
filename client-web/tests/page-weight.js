// What a visit costs over the network: requests and bytes received (headers and compressed
// bodies) for a cold start page, the start page visited again, "Create room" from the start
// page, and a cold room link. Run it against any server:
//
//   HESY_URL=http://127.0.0.1:8080 node tests/page-weight.js
//
// A measurement, not a test: it prints a table and fails only if a page does not open.

import { BASE, launch, PHONE } from './e2e/harness.js';
import { measure } from './network.js';

const createResponse = await fetch(`${BASE}/api/rooms`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ rule_set: 'mehen-san-martin', options: { mode: 'duel' } }),
});
const { code } = await createResponse.json();

/** @param {{requests: number, kilobytes: number, files: string[]}} m */
const row = ({ requests, kilobytes, files }) => ({ requests, kilobytes, files: files.length, which: files.length <= 3 ? files.join(' ') : '' });

const browser = await launch();
try {
  /** @type {Record<string, ReturnType<typeof row>>} */
  const rows = {};
  const start = await (await browser.newContext({ viewport: PHONE })).newPage();
  const openStart = async () => {
    await start.goto(BASE + '/');
    await start.getByRole('button', { name: 'Create room' }).waitFor();
  };
  rows['start page, cold'] = row(await measure(start, openStart));
  rows['start page, again'] = row(await measure(start, openStart));
  rows['Create room, from the start page'] = row(
    await measure(start, async () => {
      await start.getByRole('button', { name: 'Create room' }).click();
      await start.waitForURL(/\/r\/[a-z0-9]{10}$/);
      await start.getByLabel('Your name at the table').waitFor();
    }),
  );
  const link = await (await browser.newContext({ viewport: PHONE })).newPage();
  rows['room link, cold'] = row(
    await measure(link, async () => {
      await link.goto(`${BASE}/r/${code}`);
      await link.getByLabel('Your name at the table').waitFor();
    }),
  );
  console.table(rows);
} finally {
  await browser.close();
}
