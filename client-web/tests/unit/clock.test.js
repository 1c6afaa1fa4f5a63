import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ServerClock, secondsLeft, spanInWords } from '../../js/clock.js';

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

test('a span reads in its two largest units, the second left out when zero', () => {
  assert.equal(spanInWords(0), '0 s');
  assert.equal(spanInWords(42), '42 s');
  assert.equal(spanInWords(60), '1 min');
  assert.equal(spanInWords(245), '4 min 5 s');
  assert.equal(spanInWords(3_600), '1 h');
  assert.equal(spanInWords(5 * 3_600 + 12 * 60 + 59), '5 h 12 min');
  assert.equal(spanInWords(2 * 86_400 + 4 * 3_600 + 59 * 60), '2 d 4 h');
  assert.equal(spanInWords(14 * 86_400), '14 d');
  assert.equal(spanInWords(-5), '0 s');
});

test('a span in long words names its units in full', () => {
  assert.equal(spanInWords(86_400, true), '1 day');
  assert.equal(spanInWords(3 * 86_400, true), '3 days');
  assert.equal(spanInWords(90, true), '1 minute 30 seconds');
  assert.equal(spanInWords(30, true), '30 seconds');
});
