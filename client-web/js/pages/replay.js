// The replay of a room's game, step by step with a slider. The log comes from the room
// (as a spectator); every state is rebuilt from its events in the browser.

import { Board } from '../board.js';
import { verify } from '../commitment.js';
import { h } from '../dom.js';
import { replaySteps, revealsOf } from '../history.js';
import { playersPanel } from '../panels.js';
import { paths } from '../protocol.js';
import { RoomSocket } from '../socket.js';
import { eventText, outcomeText } from '../words.js';

/** @typedef {import('../types.js').RoomView} RoomView */
/** @typedef {import('../types.js').LogEntry} LogEntry */

/**
 * @param {HTMLElement} main
 * @param {string} code
 * @returns {() => void}
 */
export function replayPage(main, code) {
  document.title = `Hesy · replay of ${code}`;
  main.append(h('p', { class: 'card loading' }, 'Loading the game…'));
  /** @type {ReturnType<typeof setInterval> | null} */
  let playing = null;
  const socket = new RoomSocket(code, null, {
    onState(state, log, why) {
      if (why !== 'snapshot') return;
      socket.close();
      show(state, log);
    },
    onMessage(m) {
      if (m.type === 'error') main.replaceChildren(h('section', { class: 'card' }, h('h1', {}, 'No replay'), h('p', {}, m.message), h('p', {}, h('a', { href: '/' }, 'Home'))));
    },
    onStatus() {},
  });

  /** @param {RoomView} state @param {LogEntry[]} log */
  function show(state, log) {
    const view = state.game;
    const steps = replaySteps(view.mode, view.board, log);
    const names = Object.fromEntries(state.seats.filter((s) => s.name).map((s) => [s.seat, /** @type {string} */ (s.name)]));
    const who = { names, you: null };
    const boardHost = h('div', { class: 'board-host' });
    const board = new Board(boardHost);
    const slider = h('input', { type: 'range', min: 0, max: steps.length - 1, value: 0, id: 'replay-step', class: 'slider' });
    const stepText = h('p', { class: 'step-text', 'aria-live': 'polite' });
    const players = h('div');
    /** @type {Map<number, boolean>} */
    const checks = new Map();
    const reveals = revealsOf(log);
    Promise.all(
      reveals.map(async (r) =>
        checks.set(r.index, r.commitment !== null && (await verify({ gameId: state.game_id, turn: r.turn, seat: r.seat, nonce: r.nonce, number: r.number, commitment: r.commitment }))),
      ),
    ).then(() => go(Number(slider.value)));
    const summary = h('p', { class: 'meta' });

    // The whole log, one line per step; a line is a button to that step.
    /** @type {Record<number, number>} */
    const allOwners = {};
    const logList = h(
      'ol',
      { class: 'log-list replay-log' },
      log.map((entry, k) => {
        entry.events.forEach((ev) => ev.type === 'deployed' && (allOwners[ev.marble] = ev.seat));
        const text = entry.events.map((ev) => eventText(steps[k + 1], who, ev, allOwners)).filter(Boolean).join(' ');
        return h('li', {}, h('button', { type: 'button', class: 'step-link', 'data-step': k + 1, onclick: () => go(k + 1) }, `${k + 1}. ${text}`));
      }),
    );

    /** @param {number} i */
    function go(i) {
      slider.value = String(i);
      const v = steps[i];
      const entry = i > 0 ? log[i - 1] : null;
      board.update(v, {
        names,
        labels: v.mode === 'teams' ? Object.fromEntries(Object.entries(names).map(([s, n]) => [s, n.slice(0, 1).toUpperCase()])) : {},
        events: entry ? entry.events : [],
      });
      /** @type {Record<number, number>} */
      const owners = {};
      log.slice(0, i).forEach((e) => e.events.forEach((ev) => ev.type === 'deployed' && (owners[ev.marble] = ev.seat)));
      const lines = entry ? entry.events.map((ev) => eventText(v, who, ev, owners)).filter(Boolean) : ['The game begins.'];
      const check = entry && checks.has(i - 1) ? (checks.get(i - 1) ? ' ✓ Reveal verified.' : ' ⚠ The reveal did NOT match its commitment!') : '';
      stepText.textContent = `Step ${i} of ${steps.length - 1}: ${lines.join(' ')}${check}`;
      players.replaceChildren(playersPanel(v, { names, you: null }));
      logList.querySelectorAll('.step-link').forEach((b) => {
        const current = Number(/** @type {HTMLElement} */ (b).dataset.step) === i;
        b.toggleAttribute('aria-current', current);
        if (current) {
          // Scroll the list alone, never the page.
          const lr = logList.getBoundingClientRect();
          const br = b.getBoundingClientRect();
          if (br.top < lr.top || br.bottom > lr.bottom) logList.scrollTop += br.top - lr.top - lr.height / 2;
        }
      });
    }
    slider.addEventListener('input', () => go(Number(slider.value)));
    const stop = () => {
      if (playing) clearInterval(playing);
      playing = null;
      playButton.textContent = 'Play';
    };
    const playButton = h(
      'button',
      {
        type: 'button',
        onclick: () => {
          if (playing) return stop();
          playButton.textContent = 'Pause';
          if (Number(slider.value) >= steps.length - 1) go(0);
          playing = setInterval(() => {
            const next = Number(slider.value) + 1;
            if (next >= steps.length) stop();
            else go(next);
          }, 900);
        },
      },
      'Play',
    );
    summary.textContent = view.outcome ? outcomeText(view, view.outcome) : state.status === 'over' ? 'Game over.' : 'This game is still being played; the replay shows it so far.';
    main.replaceChildren(
      h(
        'div',
        { class: 'room-head' },
        h('div', { class: 'room-title' }, h('h1', {}, 'Replay of room ', h('code', {}, code)), summary),
        h('a', { class: 'button', href: paths.roomPage(code) }, 'Back to the room'),
      ),
      h(
        'div',
        { class: 'room-grid' },
        h('div', { class: 'col-board' }, boardHost),
        h(
          'div',
          { class: 'col-side' },
          h(
            'section',
            { class: 'card replay-controls', 'aria-label': 'Replay controls' },
            h('label', { for: 'replay-step' }, 'Step'),
            slider,
            h(
              'div',
              { class: 'button-row' },
              h('button', { type: 'button', onclick: () => go(Math.max(0, Number(slider.value) - 1)) }, '◀ Back'),
              playButton,
              h('button', { type: 'button', onclick: () => go(Math.min(steps.length - 1, Number(slider.value) + 1)) }, 'Next ▶'),
            ),
            stepText,
          ),
          players,
          h('section', { class: 'card log', 'aria-labelledby': 'replay-log-title' }, h('h2', { id: 'replay-log-title' }, 'Game log'), logList),
        ),
      ),
    );
    go(0);
  }

  return () => {
    socket.close();
    if (playing) clearInterval(playing);
  };
}
