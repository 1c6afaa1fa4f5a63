// How a piece looks, as the seed describes the set: round balls, and lions shaped as lions.
// The sides differ by colour and by the initial each piece carries.

import { lionParts } from '../../board.js';
import { esc } from './markup.js';

/** The side's initial, written on its pieces. @param {string} side */
export function initialOf(side) {
  return side.slice(0, 1).toUpperCase();
}

/**
 * One piece as SVG markup, centred on (0, 0) with radius about `r`: a ball, or a lion facing
 * the way pieces run, its body in the side's colour.
 * @param {{lion: boolean, color: string, letter: string, r: number}} piece
 */
export function pieceMarkup({ lion, color, letter, r }) {
  if (lion) {
    // The lion's 24-unit box, scaled so that it stands a little wider than a ball.
    const k = (r * 2.8) / 24;
    const at = (/** @type {number} */ x) => (x * k - r * 1.4).toFixed(3);
    return (
      `<g class="mk-lion" fill="${esc(color)}" transform="translate(${at(0)} ${at(0)}) scale(${k.toFixed(4)})">${lionParts('mk-lion')}</g>` +
      `<text class="mk-letter" x="${at(11.5)}" y="${at(15.2)}" font-size="${(r * 0.8).toFixed(3)}">${esc(letter)}</text>`
    );
  }
  return (
    `<circle class="mk-ball" r="${r.toFixed(3)}" fill="${esc(color)}"/>` +
    `<circle class="mk-shine" cx="${(-r * 0.35).toFixed(3)}" cy="${(-r * 0.4).toFixed(3)}" r="${(r * 0.25).toFixed(3)}"/>` +
    `<text class="mk-letter" y="${(r * 0.36).toFixed(3)}" font-size="${(r * 1.1).toFixed(3)}">${esc(letter)}</text>`
  );
}
