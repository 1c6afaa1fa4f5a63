// The board and the current action share the first screen: the board's drawing is given
// the height the window has left once what sits above it and what must stay under it (the
// action bar on a phone, the board's own key on a desktop) have theirs. The page sets it
// as `--board-max` on `main`; the boards' stylesheets read it.

/** A board never shrinks below this: past it the page scrolls instead. */
const SMALLEST = 180;

/** The biggest drawing in `host`: the board. @param {HTMLElement} host */
export function boardIn(host) {
  /** @type {SVGSVGElement | null} */
  let best = null;
  let area = 0;
  for (const el of host.querySelectorAll('svg')) {
    const r = el.getBoundingClientRect();
    if (r.width * r.height > area) {
      area = r.width * r.height;
      best = el;
    }
  }
  return best;
}

/**
 * Keeps the board in `host` sized so that everything from the top of the page down to the
 * bottom of `under()` fits the window, `under()` being what must show below the board.
 * @param {HTMLElement} main @param {HTMLElement} host @param {() => HTMLElement} under
 * @returns {{refit: () => void, stop: () => void}}
 */
export function fitBoard(main, host, under) {
  let frame = 0;
  const measure = () => {
    frame = 0;
    const board = boardIn(host);
    if (!board || !board.isConnected) return;
    const r = board.getBoundingClientRect();
    const below = Math.max(0, under().getBoundingClientRect().bottom - r.bottom);
    const room = `${Math.max(SMALLEST, Math.floor(innerHeight - (r.top + scrollY) - below - 6))}px`;
    if (main.style.getPropertyValue('--board-max') !== room) main.style.setProperty('--board-max', room);
  };
  const refit = () => {
    frame ||= requestAnimationFrame(measure);
  };
  const watch = new ResizeObserver(refit);
  watch.observe(main);
  window.addEventListener('resize', refit);
  return {
    refit,
    stop() {
      cancelAnimationFrame(frame);
      watch.disconnect();
      window.removeEventListener('resize', refit);
      main.style.removeProperty('--board-max');
    },
  };
}
