// A person sits as the Spools and gives the Cones to a strong computer player from the room
// page: the seat shows as a computer's, and the computer, first to play, throws and moves
// on its own.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DESKTOP, PHONE, SHOTS, createRoom, launch, openPage, sit } from './harness.js';

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`a computer player takes a seat from the room page and plays (${size})`, { timeout: 120_000 }, async () => {
    const browser = await launch();
    try {
      const { page } = await openPage(browser, viewport);
      const code = await createRoom(page, { ruleSet: 'senet' });
      await sit(page, code, 'Ada', 'Spools');
      const add = page.getByRole('button', { name: 'Add a strong computer player at seat 1' });
      await add.waitFor();
      await page.screenshot({ path: join(SHOTS, `computer-offer-${size}.png`), fullPage: true });
      await add.click();
      const badge = page.locator('.player[data-seat="0"] .tag.computer');
      await badge.waitFor();
      assert.equal((await badge.innerText()).toLowerCase(), 'computer · strong');
      await page.getByText('The strong computer threw', { exact: false }).first().waitFor({ timeout: 30_000 });
      await page.screenshot({ path: join(SHOTS, `computer-playing-${size}.png`), fullPage: true });
    } finally {
      await browser.close();
    }
  });
}
