// Asymmetric Men through the UI against a real server: a whole game, desktop against phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playWholeGame } from './men-play.js';

test('a whole game of asymmetric Men through the UI', { timeout: 480_000 }, async () => {
  const actions = await playWholeGame('men-asymmetric', /\d+ points? · \d+ off · \d+ lost/);
  assert.ok(actions > 10);
});
