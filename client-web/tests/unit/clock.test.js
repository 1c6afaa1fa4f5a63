import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ServerClock, secondsLeft } from '../../js/clock.js';

test('a device clock 20 s behind still counts down the server deadline', () => {
  const clock = new ServerClock();
  const server = 1_764_421_000_000;
  const device = server - 20_000;
  clock.observe(server, device);
  const deadline = server + 30_000;
  assert.equal(secondsLeft(deadline, clock.now(device)), 30);
  assert.equal(secondsLeft(deadline, clock.now(device + 12_000)), 18);
  assert.equal(secondsLeft(deadline, clock.now(device + 45_000)), 0);
});

test('before any frame the device clock is trusted', () => {
  assert.equal(new ServerClock().now(1234), 1234);
});
