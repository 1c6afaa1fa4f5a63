// The board is built as a small tree of plain objects, so that node can test the drawing
// without a DOM; `toDom` turns a tree into elements (SVG ones from an <svg> down).

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * @typedef {{tag: string, attrs: Record<string, string | number>, children: Node[]}} Element
 * @typedef {Element | string} Node
 * @typedef {Node | null | undefined | false} Child
 */

/**
 * `el('rect', {x: 0, width: 10}, …children)`. Null, undefined and false children are left out.
 * @param {string} tag
 * @param {Record<string, string | number | null | undefined>} [attrs] null and undefined are left out
 * @param {...(Child | Child[])} children
 * @returns {Element}
 */
export function el(tag, attrs = {}, ...children) {
  /** @type {Record<string, string | number>} */
  const kept = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) kept[k] = v;
  /** @type {Node[]} */
  const nodes = [];
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) nodes.push(c);
  return { tag, attrs: kept, children: nodes };
}

/**
 * The elements of `node`, created in `doc`.
 * @param {Node} node
 * @param {Document} doc
 * @param {boolean} [inSvg]
 * @returns {globalThis.Node}
 */
export function toDom(node, doc, inSvg = false) {
  if (typeof node === 'string') return doc.createTextNode(node);
  const svg = inSvg || node.tag === 'svg';
  const made = svg ? doc.createElementNS(SVG_NS, node.tag) : doc.createElement(node.tag);
  for (const [k, v] of Object.entries(node.attrs)) made.setAttribute(k, String(v));
  for (const c of node.children) made.append(toDom(c, doc, svg));
  return made;
}
