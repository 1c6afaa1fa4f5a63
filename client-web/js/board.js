// The coiled serpent as SVG: a spiral from the tail (outside, space 0) to the head (centre,
// the last space), numbered spaces, marbles in side colours, dashed rings where a marble
// would land, and short animations for captures and finishes.

import { seatColor } from './colors.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').ActOption} ActOption */
/** @typedef {import('./types.js').GameEvent} GameEvent */
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
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {string} [text]
 */
function svg(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Offsets of up to four marbles sharing one space. @param {number} count */
function cluster(count) {
  if (count <= 1) return [[0, 0]];
  if (count === 2) return [[-0.21, 0], [0.21, 0]];
  if (count === 3) return [[-0.21, 0.14], [0.21, 0.14], [0, -0.21]];
  return [[-0.2, -0.2], [0.2, -0.2], [-0.2, 0.2], [0.2, 0.2]];
}

/**
 * @typedef {{
 *   labels?: Record<number, string>,
 *   names?: Record<number, string>,
 *   options?: ActOption[],
 *   onOption?: (option: ActOption) => void,
 *   events?: GameEvent[],
 *   movable?: string[],
 * }} BoardOptions
 */

export class Board {
  /** @param {HTMLElement} host */
  constructor(host) {
    this.host = host;
    /** @type {number} */
    this.spaces = 0;
    /** @type {Point[]} */
    this.points = [];
    // A group, not an image: the dashed rings inside are buttons.
    this.root = svg('svg', { class: 'serpent', role: 'group' });
    this.title = svg('title');
    this.root.append(this.title);
    this.layers = {
      body: svg('g', { class: 'layer-body' }),
      rings: svg('g', { class: 'layer-rings' }),
      marbles: svg('g', { class: 'layer-marbles' }),
      badges: svg('g', { class: 'layer-badges', 'aria-hidden': 'true' }),
      fx: svg('g', { class: 'layer-fx', 'aria-hidden': 'true' }),
    };
    this.root.append(this.layers.body, this.layers.marbles, this.layers.badges, this.layers.rings, this.layers.fx);
    this.list = document.createElement('ul');
    this.list.className = 'sr-only';
    host.replaceChildren(this.root, this.list);
    /** @type {Map<string, SVGGElement>} */
    this.marbleEls = new Map();
    this.drawnOnce = false;
  }

  /** @param {number} spaces */
  drawSerpent(spaces) {
    const { points, body, extent } = spiralLayout(spaces);
    this.spaces = spaces;
    this.points = points;
    const e = extent.toFixed(2);
    this.root.setAttribute('viewBox', `-${e} -${e} ${(extent * 2).toFixed(2)} ${(extent * 2).toFixed(2)}`);
    const g = this.layers.body;
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
    points.forEach((p, i) => {
      const cell = svg('g', { class: 'space', transform: `translate(${p.x.toFixed(3)} ${p.y.toFixed(3)})` });
      const isHead = i === spaces - 1;
      if (isHead) return;
      cell.append(svg('circle', { r: 0.43, class: i === 0 ? 'cell tail-cell' : 'cell' }));
      cell.append(svg('text', { class: 'num', y: 0.12 }, String(i)));
      g.append(cell);
    });
    // The head: eyes facing along the last stretch of the coil.
    const head = points[spaces - 1];
    const hg = svg('g', { class: 'head', transform: `translate(${head.x} ${head.y}) rotate(${head.angle})` });
    hg.append(
      svg('path', { class: 'tongue', d: 'M1.02 0 L1.26 0 L1.4 -0.1 M1.26 0 L1.4 0.1' }),
      svg('path', { class: 'head-shape', d: 'M-0.7 -0.62 Q0.2 -0.95 0.95 -0.35 Q1.2 0 0.95 0.35 Q0.2 0.95 -0.7 0.62 Z' }),
      svg('circle', { class: 'eye', cx: 0.62, cy: -0.42, r: 0.09 }),
      svg('circle', { class: 'eye', cx: 0.62, cy: 0.42, r: 0.09 }),
      svg('circle', { class: 'cell head-cell', r: 0.5 }),
      svg('text', { class: 'num head-num', y: 0.15, transform: `rotate(${-head.angle})` }, String(spaces - 1)),
    );
    g.append(hg);
    this.marbleEls.clear();
    this.layers.marbles.replaceChildren();
  }

  /**
   * @param {View} view
   * @param {BoardOptions} [opts]
   */
  update(view, opts = {}) {
    if (view.spaces !== this.spaces) this.drawSerpent(view.spaces);
    const labels = opts.labels || {};
    const names = opts.names || {};
    // Group marbles by space, in id order (earliest first).
    /** @type {Map<number, Array<[string, import('./types.js').MarbleView]>>} */
    const bySpace = new Map();
    Object.entries(view.marbles)
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .forEach(([id, m]) => {
        const list = bySpace.get(m.space) || [];
        list.push([id, m]);
        bySpace.set(m.space, list);
      });
    const seen = new Set();
    this.layers.badges.replaceChildren();
    /** @type {string[]} */
    const described = [];
    for (const [space, list] of bySpace) {
      const p = this.points[Math.min(space, this.points.length - 1)];
      const offs = cluster(list.length);
      const r = [0.3, 0.3, 0.23, 0.21, 0.19][Math.min(list.length, 4)];
      list.forEach(([id, m], k) => {
        const [dx, dy] = offs[Math.min(k, offs.length - 1)];
        let el = this.marbleEls.get(id);
        if (!el) {
          el = /** @type {SVGGElement} */ (svg('g', { class: 'marble' }));
          el.append(svg('circle', { class: 'marble-ball' }), svg('text', { class: 'marble-label', y: 0.1 }));
          this.layers.marbles.append(el);
          this.marbleEls.set(id, el);
          if (this.drawnOnce) {
            // A marble deployed during play enters at the tail, then slides to its space;
            // those already there when the page opens are simply there.
            const tail = this.points[0];
            el.style.transform = `translate(${tail.x}px, ${tail.y}px)`;
            el.getBoundingClientRect();
          }
        }
        const ball = /** @type {SVGCircleElement} */ (el.firstChild);
        ball.setAttribute('r', String(r));
        ball.setAttribute('fill', seatColor(view, m.owner));
        const label = /** @type {SVGTextElement} */ (el.lastChild);
        label.textContent = labels[m.owner] || '';
        label.setAttribute('font-size', String(r * 1.05));
        el.dataset.marble = id;
        el.dataset.owner = String(m.owner);
        el.dataset.space = String(m.space);
        el.classList.toggle('finished', m.finished);
        el.classList.toggle('movable', (opts.movable || []).includes(id));
        el.style.transform = `translate(${(p.x + dx).toFixed(3)}px, ${(p.y + dy).toFixed(3)}px)`;
        seen.add(id);
        const who = names[m.owner] || `seat ${m.owner + 1}`;
        described.push(m.finished ? `${who}: a marble finished at the head` : `${who}: a marble on space ${m.space}`);
      });
      if (list.length > 4) {
        // More than four on one space: a count badge.
        this.layers.badges.append(svg('text', { class: 'count-badge', x: p.x + 0.45, y: p.y - 0.35 }, `×${list.length}`));
      }
    }
    for (const [id, el] of this.marbleEls) {
      if (!seen.has(id)) {
        el.remove();
        this.marbleEls.delete(id);
      }
    }
    this.drawnOnce = true;
    this.drawRings(opts.options || [], opts.onOption);
    this.title.textContent = `The serpent: ${view.spaces} spaces from the tail (0) to the head (${view.head}).`;
    this.root.setAttribute('aria-label', this.title.textContent);
    this.list.replaceChildren(
      ...(described.length ? described : ['No marble is on the serpent.']).map((t) => {
        const li = document.createElement('li');
        li.textContent = t;
        return li;
      }),
    );
    for (const ev of opts.events || []) this.animate(ev, view);
  }

  /**
   * Dashed rings on the spaces a marble would land on; each is a button for its option.
   * @param {ActOption[]} options
   * @param {((option: ActOption) => void) | undefined} onOption
   */
  drawRings(options, onOption) {
    const g = this.layers.rings;
    g.replaceChildren();
    /** @type {Set<number>} */
    const drawn = new Set();
    for (const o of options) {
      if (o.lands_on === null || o.lands_on === undefined) continue;
      const p = this.points[Math.min(o.lands_on, this.points.length - 1)];
      const ring = svg('circle', {
        class: 'landing',
        cx: p.x.toFixed(3),
        cy: p.y.toFixed(3),
        r: drawn.has(o.lands_on) ? 0.66 : 0.54,
      });
      drawn.add(o.lands_on);
      if (onOption) {
        const from = o.action.type === 'advance' ? this.marbleEls.get(String(o.action.marble))?.dataset.space : undefined;
        const what = o.action.type === 'deploy' ? 'deploy a new marble here' : `move your marble here from space ${from ?? '?'}`;
        const a = svg('g', { class: 'landing-target', tabindex: 0, role: 'button', 'aria-label': `Space ${o.lands_on}: ${what}` });
        a.append(ring);
        a.addEventListener('click', () => onOption(o));
        a.addEventListener('keydown', (e) => {
          const k = /** @type {KeyboardEvent} */ (e).key;
          if (k === 'Enter' || k === ' ') {
            e.preventDefault();
            onOption(o);
          }
        });
        g.append(a);
      } else {
        g.append(ring);
      }
    }
  }

  /** @param {GameEvent} ev @param {View} view */
  animate(ev, view) {
    if (ev.type === 'captured') {
      // The captured marble swells, then drops out of the serpent; a red ring bursts.
      const p = this.points[ev.at];
      const ghost = svg('circle', { class: 'fx-ghost', cx: p.x, cy: p.y, r: 0.3, fill: seatColor(view, ev.owner) });
      const burst = svg('circle', { class: 'fx-capture', cx: p.x, cy: p.y, r: 0.5 });
      this.layers.fx.append(ghost, burst);
      setTimeout(() => {
        ghost.remove();
        burst.remove();
      }, 1400);
    } else if (ev.type === 'finished') {
      const p = this.points[this.points.length - 1];
      for (const delay of [0, 250, 500]) {
        const ring = svg('circle', { class: 'fx-finish', cx: p.x, cy: p.y, r: 0.7 });
        ring.style.animationDelay = `${delay}ms`;
        this.layers.fx.append(ring);
        setTimeout(() => ring.remove(), 1800 + delay);
      }
    }
  }
}

/**
 * A lion figurine: standing (facing the serpent), fallen, or frozen (facing away, iced).
 * @param {'standing' | 'fallen' | 'frozen'} state
 */
export function lionSvg(state) {
  const el = svg('svg', { viewBox: '0 0 24 24', class: `lion lion-${state}`, 'aria-hidden': 'true' });
  // The seed: an active lion faces the serpent; a fallen or frozen one faces away.
  const away = 'translate(24 0) scale(-1 1)';
  const g = svg('g', state === 'fallen' ? { transform: `${away} rotate(90 12 12.5)` } : state === 'frozen' ? { transform: away } : {});
  g.append(
    svg('path', { class: 'lion-body', d: 'M4 20 L5 13 Q6 9 11 9 L15 9 L17 6 Q20 5 21 8 Q22 11 19 12 L18 20 L16 20 L15.5 15 L9 15 L8 20 Z' }),
    svg('circle', { class: 'lion-mane', cx: 18.3, cy: 8.6, r: 3.4 }),
    svg('circle', { class: 'lion-face', cx: 19, cy: 8.6, r: 1.8 }),
    svg('path', { class: 'lion-tail', d: 'M5 13 Q2 12 2.5 8', fill: 'none' }),
  );
  el.append(g);
  if (state === 'frozen') el.append(svg('path', { class: 'frost', d: 'M17 1 l4 4 M21 1 l-4 4 M19 0 v6 M16 3 h6' }));
  return el;
}
