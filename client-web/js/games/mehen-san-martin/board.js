// San Martin Mehen on the serpent: marbles in their seats' colours, dashed rings where a
// marble would land (each a button for its option), and short animations for captures and
// finishes. The serpent itself is the shared one (js/board.js).

import { drawSerpent, svg } from '../../board.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').ActOption} ActOption */
/** @typedef {import('./types.js').Event} Event */
/** @typedef {import('./types.js').MarbleView} MarbleView */
/** @typedef {import('../../board.js').Point} Point */

/** Offsets of up to four marbles sharing one space. @param {number} count */
function cluster(count) {
  if (count <= 1) return [[0, 0]];
  if (count === 2) return [[-0.21, 0], [0.21, 0]];
  if (count === 3) return [[-0.21, 0.14], [0.21, 0.14], [0, -0.21]];
  return [[-0.2, -0.2], [0.2, -0.2], [-0.2, 0.2], [0.2, 0.2]];
}

/**
 * @typedef {{
 *   color: (seat: number) => string,
 *   labels?: Record<number, string>,
 *   names?: Record<number, string>,
 *   options?: ActOption[],
 *   onOption?: (option: ActOption) => void,
 *   events?: Event[],
 *   movable?: string[],
 * }} BoardOptions
 */

export class Board {
  /** @param {HTMLElement} host */
  constructor(host) {
    this.host = host;
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

  /** @param {View} view @param {BoardOptions} opts */
  update(view, opts) {
    if (view.spaces !== this.spaces) {
      this.spaces = view.spaces;
      this.points = drawSerpent(this.root, this.layers.body, view.spaces);
      this.marbleEls.clear();
      this.layers.marbles.replaceChildren();
    }
    const labels = opts.labels || {};
    const names = opts.names || {};
    // Group marbles by space, in id order (earliest first).
    /** @type {Map<number, Array<[string, MarbleView]>>} */
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
        const el = this.marble(id);
        const ball = /** @type {SVGCircleElement} */ (el.firstChild);
        ball.setAttribute('r', String(r));
        ball.setAttribute('fill', opts.color(m.owner));
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
    for (const ev of opts.events || []) this.animate(ev, opts.color);
  }

  /** The marble's element, made when it first appears. @param {string} id */
  marble(id) {
    const known = this.marbleEls.get(id);
    if (known) return known;
    const el = /** @type {SVGGElement} */ (svg('g', { class: 'marble' }));
    el.append(svg('circle', { class: 'marble-ball' }), svg('text', { class: 'marble-label', y: 0.1 }));
    this.layers.marbles.append(el);
    this.marbleEls.set(id, el);
    if (this.drawnOnce) {
      // A marble deployed during play enters at the tail, then slides to its space; those
      // already there when the page opens are simply there.
      const tail = this.points[0];
      el.style.transform = `translate(${tail.x}px, ${tail.y}px)`;
      el.getBoundingClientRect();
    }
    return el;
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
      if (!onOption) {
        g.append(ring);
        continue;
      }
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
    }
  }

  /** @param {Event} ev @param {(seat: number) => string} color */
  animate(ev, color) {
    if (ev.type === 'captured') {
      // The captured marble swells, then drops out of the serpent; a red ring bursts.
      const p = this.points[ev.at];
      const ghost = svg('circle', { class: 'fx-ghost', cx: p.x, cy: p.y, r: 0.3, fill: color(ev.owner) });
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
