// Symmetric Men through the UI against a real server: a whole race, desktop against phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playWholeGame } from './men-play.js';

test('a whole game of symmetric Men through the UI', { timeout: 480_000 }, async () => {
  const actions = await playWholeGame('men-symmetric', /5 of 5 off/);
  assert.ok(actions > 10);
});
