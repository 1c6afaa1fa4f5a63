// The coiled serpent shared by the Mehen boards: where each space lies on an Archimedean
// spiral from the tail (outside, space 0) to the head (centre, the last space), and the
// serpent itself drawn as SVG (body, numbered spaces, head). What stands on it is each rule
// set's own (js/games/).

/** @typedef {{x: number, y: number, angle: number}} Point */

const NS = 'http://www.w3.org/2000/svg';
/** Space between two neighbouring coils, in space widths. */
const GAP = 1.12;
const R_IN = 1.35;

/**
 * Where each space sits: an Archimedean spiral, equal arc length between spaces.
 * @param {number} spaces
 * @returns {{points: Point[], body: string, extent: number}}
 */
export function spiralLayout(spaces) {
  // Every space but the head lies on the coil; the head sits in the middle of it.
  const length = spaces - 2;
  const rOut = Math.sqrt((length * GAP) / Math.PI + R_IN * R_IN);
  const thetaMax = (2 * Math.PI * (rOut - R_IN)) / GAP;
  // Dense samples with their running arc length.
  const n = spaces * 40;
  /** @type {Array<{x: number, y: number, s: number, t: number}>} */
  const samples = [];
  let s = 0;
  for (let i = 0; i <= n; i++) {
    const t = (thetaMax * i) / n;
    const r = rOut - (GAP * t) / (2 * Math.PI);
    // Start at the bottom and coil clockwise inward.
    const x = r * Math.cos(t + Math.PI / 2);
    const y = r * Math.sin(t + Math.PI / 2);
    if (i > 0) {
      const prev = samples[i - 1];
      s += Math.hypot(x - prev.x, y - prev.y);
    }
    samples.push({ x, y, s, t });
  }
  const step = s / length;
  /** @type {Point[]} */
  const points = [];
  let j = 0;
  for (let k = 0; k < spaces - 1; k++) {
    const target = k * step;
    while (j < samples.length - 2 && samples[j + 1].s < target) j++;
    const a = samples[j];
    const b = samples[j + 1];
    const f = b.s === a.s ? 0 : Math.min(1, Math.max(0, (target - a.s) / (b.s - a.s)));
    points.push({
      x: a.x + (b.x - a.x) * f,
      y: a.y + (b.y - a.y) * f,
      angle: (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI,
    });
  }
  const last = points[points.length - 1];
  points.push({ x: 0, y: 0, angle: (Math.atan2(-last.y, -last.x) * 180) / Math.PI });
  const body =
    samples
      .filter((_, i) => i % 4 === 0 || i === samples.length - 1)
      .map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(3)} ${p.y.toFixed(3)}`)
      .join('') + 'L0 0';
  return { points, body, extent: rOut + 0.75 };
}

/**
 * A lion facing right in a 24-unit box, as markup: body, mane, face and tail, each with the
 * class `{prefix}-body`, `{prefix}-mane`… so that every board colours it its own way.
 * @param {string} prefix
 */
export function lionParts(prefix) {
  return (
    `<path class="${prefix}-body" d="M4 20 L5 13 Q6 9 11 9 L15 9 L17 6 Q20 5 21 8 Q22 11 19 12 L18 20 L16 20 L15.5 15 L9 15 L8 20 Z"/>` +
    `<circle class="${prefix}-mane" cx="18.3" cy="8.6" r="3.4"/><circle class="${prefix}-face" cx="19" cy="8.6" r="1.8"/>` +
    `<path class="${prefix}-tail" d="M5 13 Q2 12 2.5 8" fill="none"/>`
  );
}

/** The serpent's head facing +x around its last space: tongue, head and eyes, as markup. */
export const HEAD =
  '<path class="tongue" d="M1.02 0 L1.26 0 L1.4 -0.1 M1.26 0 L1.4 0.1"/>' +
  '<path class="head-shape" d="M-0.7 -0.62 Q0.2 -0.95 0.95 -0.35 Q1.2 0 0.95 0.35 Q0.2 0.95 -0.7 0.62 Z"/>' +
  '<circle class="eye" cx="0.62" cy="-0.42" r="0.09"/><circle class="eye" cx="0.62" cy="0.42" r="0.09"/>';

/**
 * An SVG element with attributes (and text).
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {string} [text]
 */
export function svg(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * Draws the serpent of `spaces` spaces into `g` (its body, each space numbered, the head
 * with its number) and sizes `root`'s viewBox to it.
 * @param {SVGElement} root @param {SVGElement} g @param {number} spaces
 * @returns {Point[]} where each space lies
 */
export function drawSerpent(root, g, spaces) {
  const { points, body, extent } = spiralLayout(spaces);
  const e = extent.toFixed(2);
  root.setAttribute('viewBox', `-${e} -${e} ${(extent * 2).toFixed(2)} ${(extent * 2).toFixed(2)}`);
  g.replaceChildren();
  const tail = points[0];
  const rad = (tail.angle * Math.PI) / 180;
  // The tail tapers outward, behind space 0.
  g.append(
    svg('path', {
      class: 'tail',
      d: `M${tail.x - Math.cos(rad) * 1.3} ${tail.y - Math.sin(rad) * 1.3} L${tail.x + Math.sin(rad) * 0.42} ${tail.y - Math.cos(rad) * 0.42} L${tail.x - Math.sin(rad) * 0.42} ${tail.y + Math.cos(rad) * 0.42}Z`,
    }),
    svg('path', { class: 'body-edge', d: body }),
    svg('path', { class: 'body', d: body }),
  );
  points.slice(0, -1).forEach((p, i) => {
    const cell = svg('g', { class: 'space', transform: `translate(${p.x.toFixed(3)} ${p.y.toFixed(3)})` });
    cell.append(svg('circle', { r: 0.43, class: i === 0 ? 'cell tail-cell' : 'cell' }));
    cell.append(svg('text', { class: 'num', y: 0.12 }, String(i)));
    g.append(cell);
  });
  // The head: eyes facing along the last stretch of the coil.
  const head = points[spaces - 1];
  const hg = svg('g', { class: 'head', transform: `translate(${head.x} ${head.y}) rotate(${head.angle})` });
  hg.innerHTML = HEAD;
  hg.append(
    svg('circle', { class: 'cell head-cell', r: 0.5 }),
    svg('text', { class: 'num head-num', y: 0.15, transform: `rotate(${-head.angle})` }, String(spaces - 1)),
  );
  g.append(hg);
  return points;
}

/**
 * A small serpent of `spaces` spaces with a few pieces on it, as a picture (the start page, the
 * player's guide): each entry puts SVG markup, drawn about one space across, on a space.
 * @param {number} spaces @param {Array<[number, string]>} pieces
 */
export function serpentPicture(spaces, pieces) {
  const root = svg('svg', { class: 'serpent picture', 'aria-hidden': 'true' });
  const body = svg('g');
  root.append(body);
  const at = drawSerpent(root, body, spaces);
  for (const [space, markup] of pieces) {
    const p = at[space];
    const g = svg('g', { transform: `translate(${p.x.toFixed(3)} ${p.y.toFixed(3)})` });
    g.innerHTML = markup;
    root.append(g);
  }
  return root;
}

/**
 * A small stand-alone drawing from SVG markup, for a guide's list of pieces.
 * @param {string} viewBox @param {string} markup
 */
export function picture(viewBox, markup) {
  const root = svg('svg', { viewBox, class: 'guide-picture', 'aria-hidden': 'true' });
  root.innerHTML = markup;
  return root;
}
