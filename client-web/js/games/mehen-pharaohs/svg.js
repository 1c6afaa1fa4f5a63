// What this game draws on the shared serpent, as SVG markup: the captions of the two bands
// (the afterlife above, the tail's waiting place below), the pharaohs (the Lions' square, the
// Lionesses' diamond, each with its player's letter) and the lions (maned) and lionesses.
// Strings only, so the drawing is tested without a browser; every text is escaped.

/** @typedef {import('./scene.js').Scene} Scene */
/** @typedef {import('./scene.js').PharaohPiece} PharaohPiece */
/** @typedef {import('./scene.js').LionPiece} LionPiece */

/** @param {string} text */
export function esc(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** @param {number} n */
const f = (n) => n.toFixed(3);

/** The outline of a team's pharaoh, centred on 0 0. @param {number} team */
export function pharaohShape(team) {
  return team === 0
    ? '<rect class="ph-shape" x="-0.3" y="-0.3" width="0.6" height="0.6" rx="0.07"/>'
    : '<path class="ph-shape" d="M0 -0.4 L0.4 0 L0 0.4 L-0.4 0 Z"/>';
}

/** The captions of the bands above and below the coil. @param {Scene} scene */
export function bandsMarkup(scene) {
  const { waiting, afterlife } = scene;
  return [
    `<text class="ph-band" x="${f(afterlife.x)}" y="${f(afterlife.y + 0.13)}">Afterlife ★</text>`,
    `<text class="ph-band" x="${f(waiting.x)}" y="${f(waiting.y + 0.13)}">Waiting by the tail</text>`,
  ].join('');
}

/**
 * One pharaoh's inner markup (its group is placed by the caller).
 * @param {PharaohPiece} piece
 * @param {{color: string, label: string, title: string, mine: boolean, tappable: boolean}} look
 */
export function pharaohMarkup(piece, look) {
  return [
    look.tappable ? '<circle class="ph-tap-ring" r="0.52"/>' : '',
    look.mine ? '<circle class="ph-mine" r="0.47"/>' : '',
    `<g style="fill:${esc(look.color)}">${pharaohShape(piece.team)}</g>`,
    `<text class="ph-label" y="0.12">${esc(look.label)}</text>`,
    `<title>${esc(look.title)}</title>`,
  ].join('');
}

/**
 * A lion (team 0, maned) or a lioness (team 1, eared), facing +x, about 0.6 long.
 * @param {number} team @param {string} color
 */
export function beastMarkup(team, color) {
  const mane = team === 0 ? '<circle class="ph-mane" cx="0.17" cy="-0.07" r="0.15"/>' : '';
  const ears = team === 0 ? '' : '<circle class="ph-beast" cx="0.15" cy="-0.17" r="0.04"/><circle class="ph-beast" cx="0.24" cy="-0.16" r="0.04"/>';
  return [
    `<g style="fill:${esc(color)}">`,
    '<path class="ph-beast-line" d="M-0.22 0.02 Q-0.34 -0.04 -0.3 -0.16"/>',
    '<path class="ph-beast" d="M-0.24 0.16 L-0.22 -0.02 Q-0.2 -0.1 -0.08 -0.1 L0.14 -0.1 L0.16 0.16 L0.09 0.16 L0.07 0.06 L-0.12 0.06 L-0.15 0.16 Z"/>',
    mane,
    ears,
    '<circle class="ph-beast" cx="0.2" cy="-0.07" r="0.09"/>',
    '<circle class="ph-beast-eye" cx="0.24" cy="-0.09" r="0.018"/>',
    '</g>',
  ].join('');
}

/**
 * An attacking lion's inner markup, turned to face its pharaoh (mirrored rather than upside
 * down when it faces left).
 * @param {LionPiece} lion @param {string} color @param {string} title
 */
export function lionMarkup(lion, color, title) {
  const mirror = Math.abs(lion.facing) > 90 ? ' scale(1 -1)' : '';
  return `<g transform="rotate(${f(lion.facing)})${mirror} scale(1.35)">${beastMarkup(lion.team, color)}</g><title>${esc(title)}</title>`;
}

/**
 * A small standalone SVG of a beast for the team cards: `dead` ones lie on their back, grey.
 * @param {number} team @param {string} color @param {boolean} dead
 */
export function beastIcon(team, color, dead) {
  const turn = dead ? ' transform="scale(1 -1)"' : '';
  return `<svg class="ph-icon${dead ? ' ph-dead' : ''}" viewBox="-0.36 -0.3 0.72 0.5" aria-hidden="true"><g${turn}>${beastMarkup(team, dead ? '#b9ad98' : color)}</g></svg>`;
}

/** A small standalone SVG of a team's pharaoh with a label. @param {number} team @param {string} color @param {string} label */
export function pharaohIcon(team, color, label) {
  return `<svg class="ph-icon" viewBox="-0.45 -0.45 0.9 0.9" aria-hidden="true"><g style="fill:${esc(color)}">${pharaohShape(team)}</g><text class="ph-label" y="0.12">${esc(label)}</text></svg>`;
}
