// Just enough Markdown for docs/rules: headings, paragraphs, lists (one level of nesting),
// tables, bold, italics, code and links. Text is escaped before any markup is added.

/** @param {string} s */
function escape(s) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** @param {string} s */
function inline(s) {
  return escape(s)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, text, href) =>
      /^(https?:|\/|#)/.test(href) ? `<a href="${href}">${text}</a>` : text,
    );
}

/** @param {string} line */
const cells = (line) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());

/**
 * @param {string} md
 * @returns {string} HTML
 */
export function markdownToHtml(md) {
  const lines = md.replace(/\r/g, '').split('\n');
  /** @type {string[]} */
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = line.match(/^(#{1,4})\s+(.*)$/);
    if (heading) {
      const level = Math.min(6, heading[1].length + 1);
      const id = heading[2].toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      out.push(`<h${level} id="${id}">${inline(heading[2])}</h${level}>`);
      i++;
      continue;
    }
    if (line.trim().startsWith('|') && lines[i + 1]?.match(/^\s*\|?\s*:?-{3}/)) {
      const head = cells(line);
      i += 2;
      /** @type {string[][]} */
      const rows = [];
      while (i < lines.length && lines[i].trim().startsWith('|')) rows.push(cells(lines[i++]));
      out.push(
        `<div class="table-wrap" tabindex="0" role="region" aria-label="Table (scrolls sideways)"><table><thead><tr>${head.map((c) => (c ? `<th scope="col">${inline(c)}</th>` : '<td></td>')).join('')}</tr></thead><tbody>` +
          rows.map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`).join('') +
          '</tbody></table></div>',
      );
      continue;
    }
    const item = /^(\s*)([-*]|\d+\.)\s+(.*)$/;
    if (item.test(line)) {
      const ordered = /\d/.test(/** @type {RegExpMatchArray} */ (line.match(item))[2]);
      /** @type {string[]} */
      const items = [];
      while (i < lines.length && (item.test(lines[i]) || /^\s{2,}\S/.test(lines[i]))) {
        const m = lines[i].match(item);
        if (m && m[1].length === 0) {
          items.push(inline(m[3]));
        } else if (m) {
          // A nested item: gathered into a sub-list of the last item.
          const sub = [];
          while (i < lines.length && (m2 => m2 && m2[1].length > 0)(lines[i].match(item))) {
            sub.push(`<li>${inline(/** @type {RegExpMatchArray} */ (lines[i].match(item))[3])}</li>`);
            i++;
          }
          items[items.length - 1] += `<ul>${sub.join('')}</ul>`;
          continue;
        } else {
          items[items.length - 1] += ' ' + inline(lines[i].trim());
        }
        i++;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.map((t) => `<li>${t}</li>`).join('')}</${tag}>`);
      continue;
    }
    /** @type {string[]} */
    const para = [];
    while (i < lines.length && lines[i].trim() && !/^(#{1,4}\s|\s*\||\s*([-*]|\d+\.)\s)/.test(lines[i])) para.push(lines[i++].trim());
    out.push(`<p>${inline(para.join(' '))}</p>`);
  }
  return out.join('\n');
}
