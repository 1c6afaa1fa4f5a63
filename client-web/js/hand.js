// The concealer's hand: open with the picked marbles in the palm, or closed (a fist) once
// the number is committed. Decorative: the words beside it say the same.

const NS = 'http://www.w3.org/2000/svg';

/**
 * @param {number} count marbles in the hand
 * @param {boolean} closed
 * @param {string} color
 */
export function handSvg(count, closed, color) {
  const el = document.createElementNS(NS, 'svg');
  el.setAttribute('viewBox', '0 0 120 90');
  el.setAttribute('class', `hand-svg ${closed ? 'closed' : 'open'}`);
  el.setAttribute('aria-hidden', 'true');
  const palm = closed
    ? // A fist seen from the side: knuckles on top, thumb across.
      'M22 30 Q22 14 38 14 L86 14 Q102 14 102 30 L102 60 Q102 80 80 80 L42 80 Q22 80 22 60 Z'
    : // An open palm, fingers apart.
      'M18 44 Q14 30 26 30 Q32 30 34 40 L36 18 Q38 8 46 10 Q52 12 52 20 L54 14 Q56 4 64 6 Q70 8 70 16 L72 18 Q74 10 82 12 Q88 14 88 22 L88 30 Q92 22 98 26 Q104 30 100 40 L92 66 Q86 84 62 84 L44 84 Q26 84 22 64 Z';
  const path = document.createElementNS(NS, 'path');
  path.setAttribute('d', palm);
  path.setAttribute('class', 'hand-shape');
  el.append(path);
  if (closed) {
    for (const x of [40, 56, 72, 88]) {
      const k = document.createElementNS(NS, 'path');
      k.setAttribute('d', `M${x} 16 L${x} 34`);
      k.setAttribute('class', 'hand-line');
      el.append(k);
    }
    const thumb = document.createElementNS(NS, 'path');
    thumb.setAttribute('d', 'M26 52 Q50 44 74 52');
    thumb.setAttribute('class', 'hand-line');
    el.append(thumb);
  } else {
    for (let i = 0; i < count; i++) {
      const c = document.createElementNS(NS, 'circle');
      const row = i < 3 ? 0 : 1;
      const col = row === 0 ? i : i - 3;
      c.setAttribute('cx', String(42 + col * 18 + row * 9));
      c.setAttribute('cy', String(68 - row * 16));
      c.setAttribute('r', '8');
      c.setAttribute('fill', color);
      c.setAttribute('class', 'hand-marble');
      el.append(c);
    }
  }
  return el;
}
