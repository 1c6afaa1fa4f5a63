// Sharing a room: the link, a copy button, and a QR code for phones around a table.

import { h, toast } from './dom.js';
import { qrSvg } from './qr.js';

/** Copies `text` to the clipboard; whether it could. @param {string} text */
export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Plain-HTTP pages on the home network have no clipboard API: select and copy instead.
    const area = h('textarea', { class: 'sr-only', 'aria-hidden': 'true' });
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** @param {string} link @param {{compact?: boolean}} [opts] */
export function shareBox(link, opts = {}) {
  const qr = h('div', { class: 'qr' });
  qr.innerHTML = qrSvg(link, 'QR code of the room link: scan it with a phone to join');
  // A phone breaks the link before the room's code rather than inside it.
  const at = link.lastIndexOf('/') + 1;
  const text = h('p', { class: 'link-text', id: 'room-link' }, link.slice(0, at), h('wbr'), link.slice(at));
  const button = h(
    'button',
    {
      type: 'button',
      class: 'primary copy',
      onclick: async () => {
        const ok = await copy(link);
        button.textContent = ok ? 'Copied!' : 'Copy failed';
        toast(ok ? 'Link copied. Send it to your friends.' : 'Select the link and copy it by hand.', ok ? 'info' : 'error');
        setTimeout(() => (button.textContent = 'Copy link'), 2000);
      },
    },
    'Copy link',
  );
  /** @type {HTMLButtonElement | null} */
  const native =
    typeof navigator.share === 'function'
      ? h('button', { type: 'button', onclick: () => navigator.share({ title: 'Play Mehen with me', url: link }).catch(() => {}) }, 'Share…')
      : null;
  return h(
    'section',
    { class: `share ${opts.compact ? 'share-compact' : ''}`, 'aria-label': 'Invite friends' },
    h('div', { class: 'share-text' }, h('p', {}, 'Send this link to your friends, or let them scan the code.'), h('div', { class: 'link-row' }, text, button, native)),
    qr,
  );
}
