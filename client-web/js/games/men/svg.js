// The board is built as a small tree of plain objects first, so node tests can read it, and
// only then turned into SVG elements in the browser.

const NS = 'http://www.w3.org/2000/svg';

/**
 * @typedef {string | number | boolean | null | undefined | ((e: Event) => void)} AttrValue
 * @typedef {{tag: string, attrs: Record<string, AttrValue>, children: Array<Tree | string>}} Tree
 * @typedef {Tree | string | null | undefined | false} Child
 */

/**
 * `s('rect', {x: 1, onclick: f}, …)`. `null`, `undefined` and `false` children and attributes
 * are left out; attributes starting with `on` become listeners.
 * @param {string} tag
 * @param {Record<string, AttrValue>} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {Tree}
 */
export function s(tag, attrs = {}, ...children) {
  /** @type {Array<Tree | string>} */
  const kept = [];
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) kept.push(c);
  return { tag, attrs, children: kept };
}

/** Every node of `tree` that `keep` accepts, depth first. @param {Tree} tree @param {(t: Tree) => boolean} keep @returns {Tree[]} */
export function findAll(tree, keep) {
  /** @type {Tree[]} */
  const found = keep(tree) ? [tree] : [];
  for (const c of tree.children) if (typeof c !== 'string') found.push(...findAll(c, keep));
  return found;
}

/** The words of `tree`, as a screen reader or a test reads them. @param {Tree | string} tree @returns {string} */
export function textOf(tree) {
  return typeof tree === 'string' ? tree : tree.children.map(textOf).join('');
}

/**
 * SVG elements for `tree`. A node with `role: 'button'` and an `onclick` also answers Enter
 * and Space, as a button does. Elements outside the SVG namespace are not needed here.
 * @param {Tree} tree
 * @returns {SVGElement}
 */
export function toSvg(tree) {
  const el = /** @type {SVGElement} */ (document.createElementNS(NS, tree.tag));
  for (const [k, v] of Object.entries(tree.attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  const click = tree.attrs.onclick;
  if (tree.attrs.role === 'button' && typeof click === 'function') {
    el.addEventListener('keydown', (e) => {
      const key = /** @type {KeyboardEvent} */ (e).key;
      if (key !== 'Enter' && key !== ' ') return;
      e.preventDefault();
      click(e);
    });
  }
  for (const c of tree.children) el.append(typeof c === 'string' ? c : toSvg(c));
  return el;
}
