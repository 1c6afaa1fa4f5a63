import { test } from 'node:test';
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { qrMatrix, qrSvg } from '../../js/qr.js';

/** Renders the matrix to RGBA pixels (4 px a module, quiet zone) and decodes it with jsQR. */
function decode(text) {
  const m = qrMatrix(text);
  const scale = 4;
  const size = (m.length + 8) * scale;
  const px = new Uint8ClampedArray(size * size * 4).fill(255);
  m.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const i = (((y + 4) * scale + dy) * size + (x + 4) * scale + dx) * 4;
          px[i] = px[i + 1] = px[i + 2] = 0;
        }
    }),
  );
  return jsQR(px, size, size)?.data;
}

test('room links of every length up to version 9 decode back', () => {
  for (const len of [5, 14, 20, 30, 40, 50, 60, 70, 90, 110, 130, 150, 175]) {
    const text = `http://127.0.0.1:8080/r/${'abcdefghjk'.repeat(20)}`.slice(0, len);
    assert.equal(decode(text), text, `length ${len}`);
  }
});

test('the SVG carries its label and too long a text throws', () => {
  assert.match(qrSvg('hi', 'QR code of the room link'), /aria-label="QR code of the room link"/);
  assert.throws(() => qrMatrix('x'.repeat(400)));
});
