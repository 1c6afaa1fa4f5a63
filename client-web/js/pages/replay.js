// The replay of a finished game, step by step with a slider. The server replays the game
// with its own rules (GET /api/games/{id}/replay) and sends the public view after every
// step; the page draws each with the rule set's module, as the live room does, and checks
// every reveal and throw itself, marking each line of the log with its check. It opens no
// socket. The room shows it in place; the games page shows it with the game's audit bundle.

import { getReplay } from '../api.js';
import { h, toast } from '../dom.js';
import { games } from '../games/index.js';
import { gameContext } from '../room/context.js';
import { fitBoard } from '../room/fit.js';
import { playersPanel } from '../room/players.js';
import { Checks } from '../room/verification.js';

/** @typedef {import('../types.js').RoomView} RoomView */
/** @typedef {import('../types.js').LogEntry} LogEntry */
/** @typedef {import('../types.js').Replay} Replay */
/** @typedef {import('../types.js').ReplayFrame} ReplayFrame */
/** @typedef {import('../types.js').GameModule} GameModule */
/** @typedef {import('../types.js').Sticks} Sticks */

/**
 * The state a live room would have shown a spectator at this point of the game.
 * @param {Replay} replay @param {ReplayFrame} frame @param {boolean} last
 * @returns {RoomView}
 */
function stateAt(replay, frame, last) {
  return {
    room: '',
    rule_set: replay.rule_set,
    options: replay.options,
    game_id: replay.id,
    game_number: 1,
    status: last && replay.result ? 'over' : 'playing',
    commitment: 'server',
    turn_timer: null,
    deadline_ms: null,
    seats: replay.seats.map((s) => ({ ...s, connected: true })),
    spectators: 0,
    you: null,
    awaiting: frame.awaiting,
    game: frame.view,
    secret: null,
    legal: [],
    throws: null,
  };
}

/**
 * Shows the replay of game `gameId` in `el`.
 * @param {HTMLElement} el
 * @param {string} gameId
 * @param {GameModule | undefined} module the rule set's module (else the one the client has for it)
 * @param {{label: string, href: string}} back where the page's back link goes
 * @param {(replay: Replay) => Node[]} [aside] more for the side column, once the game is loaded
 * @returns {() => void} stops it
 */
export function mountReplay(el, gameId, module, back, aside = () => []) {
  el.replaceChildren(h('p', { class: 'card loading' }, 'Loading the game…'));
  /** @type {ReturnType<typeof setInterval> | null} */
  let playing = null;
  /** @type {import('../types.js').GameController | null} */
  let controller = null;
  let gone = false;
  /** @type {ReturnType<typeof fitBoard> | null} */
  let fit = null;
  const backLink = () => h('a', { class: 'button', href: back.href }, back.label);
  getReplay(gameId)
    .then((replay) => !gone && show(replay))
    .catch((err) => {
      if (gone) return;
      const words = err?.code === 'no_such_game' ? 'The replay is ready once the game is over.' : err instanceof Error ? err.message : String(err);
      el.replaceChildren(h('section', { class: 'card' }, h('h1', {}, 'No replay'), h('p', {}, words), h('p', {}, backLink())));
    });

  /** @param {Replay} replay */
  function show(replay) {
    const game = module ?? games[replay.rule_set];
    const frames = [replay.start, ...replay.steps];
    const states = frames.map((frame, i) => stateAt(replay, frame, i === frames.length - 1));
    /** @type {LogEntry[]} */
    const log = replay.steps.map((s) => ({ seat: s.seat, auto: false, events: s.events, throw: s.throw }));
    let shown = states[0];
    const ctx = gameContext(() => shown, () => toast('This is a replay: nothing can be played here.'));
    const boardHost = h('div', { class: 'game-host' });
    controller = game ? game.mount(boardHost, ctx) : null;
    if (!game) boardHost.append(h('p', { class: 'card notice' }, `This client cannot draw ${replay.rule_set} yet.`));
    const last = states.length - 1;
    const slider = h('input', { type: 'range', min: 0, max: last, value: 0, id: 'replay-step', class: 'slider' });
    const stepText = h('p', { class: 'step-text', 'aria-live': 'polite' });
    const players = h('div', { class: 'players-host' });
    const checks = new Checks(replay.id);
    const throwing = frames.map((f) => f.awaiting).find((a) => a.kind === 'throw');
    const sticks = /** @type {Sticks | null} */ (throwing && throwing.kind === 'throw' ? throwing.sticks : null);
    /** @param {number} i */
    const linesAt = (i) => (game && i > 0 ? log[i - 1].events.map((ev) => game.eventText(ev, states[i], ctx)).filter(Boolean) : []);

    // The whole log, one line per step; a line is a button to that step, with the mark of
    // the reveal or throw it holds (checking until the checks are done).
    const logList = h('ol', { class: 'log-list replay-log' });
    const fillLog = () =>
      logList.replaceChildren(
        ...log.map((entry, k) =>
          h(
            'li',
            {},
            h(
              'button',
              { type: 'button', class: 'step-link', 'data-step': k + 1, onclick: () => go(k + 1) },
              `${k + 1}. ${linesAt(k + 1).join(' ')}`,
              entry.events.some((ev) => ev.type === 'revealed') ? Checks.badge(checks.reveals, k, 'SHA-256 of the reveal matches the commitment') : null,
              entry.throw ? Checks.badge(checks.throws, k, 'the faces follow from the server’s value and the players’ links') : null,
            ),
          ),
        ),
      );
    fillLog();
    checks.run(log, sticks, () => {}).then(() => {
      if (gone) return;
      fillLog();
      go(Number(slider.value));
    });

    /** @param {number} i */
    function go(i) {
      slider.value = String(i);
      shown = states[i];
      const entry = i > 0 ? log[i - 1] : null;
      controller?.update(shown, entry ? entry.events : []);
      const lines = entry ? linesAt(i) : ['The game begins.'];
      const reveal = entry && checks.reveals.has(i - 1) ? (checks.reveals.get(i - 1) ? ' ✓ Reveal verified.' : ' ⚠ The reveal did NOT match its commitment!') : '';
      const thrown = entry && checks.throws.has(i - 1) ? (checks.throws.get(i - 1) ? ' ✓ Throw verified.' : ' ⚠ The throw did NOT match its proof!') : '';
      stepText.textContent = `Step ${i} of ${last}: ${lines.join(' ')}${reveal}${thrown}`;
      players.replaceChildren(playersPanel(shown, game, ctx, { presence: false }));
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
          if (Number(slider.value) >= last) go(0);
          playing = setInterval(() => {
            const next = Number(slider.value) + 1;
            if (next > last) stop();
            else go(next);
          }, 900);
        },
      },
      'Play',
    );
    const summary = replay.result && game ? game.phaseText(states[last], ctx) : 'This game is still being played.';
    const controls = h(
      'section',
      { class: 'card replay-controls', 'aria-label': 'Replay controls' },
      h('label', { for: 'replay-step' }, 'Step'),
      slider,
      h(
        'div',
        { class: 'button-row' },
        h('button', { type: 'button', onclick: () => go(Math.max(0, Number(slider.value) - 1)) }, '◀ Back'),
        playButton,
        h('button', { type: 'button', onclick: () => go(Math.min(last, Number(slider.value) + 1)) }, 'Next ▶'),
      ),
      stepText,
    );
    el.replaceChildren(
      h(
        'div',
        { class: 'room-head' },
        h('div', { class: 'room-title' }, h('h2', {}, 'Replay'), h('span', { class: 'meta' }, summary)),
        backLink(),
      ),
      h(
        'div',
        { class: 'room-grid' },
        h('div', { class: 'col-board' }, boardHost),
        h(
          'div',
          { class: 'col-side' },
          controls,
          players,
          h('section', { class: 'card log', 'aria-labelledby': 'replay-log-title' }, h('h2', { id: 'replay-log-title' }, 'Game log'), logList),
          ...aside(replay),
        ),
      ),
    );
    // As in the room: the board, then the controls under it, on one screen.
    const oneColumn = matchMedia('(max-width: 959px)');
    fit = fitBoard(el, boardHost, () => (oneColumn.matches ? controls : boardHost));
    go(0);
  }

  return () => {
    gone = true;
    if (playing) clearInterval(playing);
    controller?.destroy();
    fit?.stop();
    el.replaceChildren();
  };
}
