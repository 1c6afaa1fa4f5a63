// The concealed number, for any rule set that hides one (state.awaiting kinds conceal, guess
// and reveal): the concealer picks marbles into a hand and closes it, the other side guesses
// (a team proposes numbers to each other first), and in a trustless room this browser makes
// the commitment and reveals it once the guess is in.

import { makeCommitment, secrets } from '../commitment.js';
import { h, toast } from '../dom.js';
import { handSvg } from '../hand.js';
import { msg } from '../protocol.js';

/** @typedef {import('../types.js').RoomView} RoomView */
/** @typedef {import('../types.js').LogEntry} LogEntry */
/** @typedef {import('../types.js').GameContext} GameContext */
/** @typedef {import('../protocol.js').Proposal} Proposal */
/** @typedef {import('./actions.js').Panel} Panel */

/** The last event of `type` in the log, if any. @param {LogEntry[]} log @param {string} type */
function lastEvent(log, type) {
  for (let i = log.length - 1; i >= 0; i--) {
    const ev = [...log[i].events].reverse().find((e) => e.type === type);
    if (ev) return ev;
  }
  return null;
}

export class HandPanel {
  /**
   * @param {(make: (version: number) => object) => void} move sends a message made on the current version
   * @param {(message: object) => void} send sends a message that carries no version
   * @param {() => void} redraw asks the page to draw the panel again
   */
  constructor(move, send, redraw) {
    this.move = move;
    this.send = send;
    this.redraw = redraw;
    this.pick = 1;
    /** The turn whose reveal this browser sent. */
    this.revealSentFor = '';
  }

  /**
   * The panel for this viewer now, or null when the concealed number is not its business.
   * @param {RoomView} state @param {LogEntry[]} log @param {Proposal[]} proposals @param {GameContext} ctx
   * @returns {Panel | null}
   */
  render(state, log, proposals, ctx) {
    const a = state.awaiting;
    const you = state.you;
    if (you === null || state.status !== 'playing') return null;
    if (a.kind === 'conceal' && a.seat === you) return this.conceal(state, a, ctx);
    if ((a.kind === 'guess' && a.concealer === you) || (a.kind === 'reveal' && a.seat === you)) return this.closed(state, log);
    if (a.kind === 'guess' && a.seats.includes(you)) return this.guess(state, a, proposals, ctx);
    return null;
  }

  /**
   * @param {RoomView} state @param {{seat: number, turn: number, min: number, max: number}} a @param {GameContext} ctx
   * @returns {Panel}
   */
  conceal(state, a, ctx) {
    this.pick = Math.min(Math.max(a.min, this.pick), a.max);
    const color = ctx.color(a.seat);
    const pile = h(
      'div',
      { class: 'pile', role: 'group', 'aria-label': 'Marbles to hide' },
      Array.from({ length: a.max }, (_, i) =>
        h('button', {
          type: 'button',
          class: `marble-btn ${i < this.pick ? 'in-hand' : ''}`,
          style: `--side:${color}`,
          'aria-pressed': i < this.pick ? 'true' : 'false',
          'aria-label': `Hide ${i + 1} marble${i ? 's' : ''}`,
          onclick: () => {
            this.pick = Math.max(a.min, i + 1);
            this.redraw();
          },
        }),
      ),
    );
    const n = this.pick;
    const close = async () => {
      if (state.commitment === 'trustless') {
        const commitment = await makeCommitment(state.game_id, a.turn, a.seat, n);
        this.move((v) => msg.commit(v, commitment));
      } else {
        this.move((v) => msg.conceal(v, n));
      }
    };
    return {
      title: 'Conceal marbles',
      body: [
        h('p', { class: 'how' }, `Tap marbles to put them in your hand (${a.min} to ${a.max}). Nobody else sees how many.`),
        pile,
        h(
          'div',
          { class: 'hand-row' },
          handSvg(n, false, color),
          h('span', { class: 'hand', 'aria-live': 'polite' }, `In your hand: ${n}`),
          h('button', { type: 'button', class: 'primary', onclick: close }, `Close hand (${n})`),
        ),
        state.commitment === 'trustless' ? h('p', { class: 'small' }, 'Trustless room: your browser makes the commitment and keeps the secret until the reveal.') : null,
      ],
    };
  }

  /** The concealer, waiting for the guess and the reveal. @param {RoomView} state @param {LogEntry[]} log @returns {Panel} */
  closed(state, log) {
    const concealed = lastEvent(log, 'concealed');
    const secret = state.commitment === 'trustless' && concealed ? secrets.load(state.game_id, concealed.turn) : null;
    const held = /** @type {{hand?: number} | null} */ (state.secret);
    const hand = held?.hand ?? secret?.number ?? null;
    const revealing = state.awaiting.kind === 'reveal';
    const guess = revealing ? lastEvent(log, 'guessed')?.number : undefined;
    return {
      title: 'Your hand is closed',
      body: [
        h('div', { class: 'hand-row' }, handSvg(0, true, ''), h('p', { class: 'closed-hand' }, hand !== null ? `Your closed hand holds ${hand} marble${hand === 1 ? '' : 's'}.` : 'You have concealed your marbles.')),
        h('p', {}, revealing ? `They guessed ${guess ?? '?'}. Revealing…` : 'The other side is guessing…'),
        revealing && state.commitment === 'trustless'
          ? h('button', { type: 'button', onclick: () => ((this.revealSentFor = ''), this.autoReveal(state)) }, 'Reveal now')
          : null,
      ],
    };
  }

  /**
   * @param {RoomView} state @param {{seats: number[], concealer: number, min: number, max: number}} a
   * @param {Proposal[]} proposals @param {GameContext} ctx
   * @returns {Panel}
   */
  guess(state, a, proposals, ctx) {
    const team = a.seats.length > 1;
    const guesses = /** @type {Array<{type: string, number?: number}>} */ (state.legal).filter((g) => g.type === 'guess');
    const numbers = Array.from({ length: a.max - a.min + 1 }, (_, i) => a.min + i);
    /** @param {number} seat */
    const initial = (seat) => (state.seats.find((s) => s.seat === seat)?.name || '?').slice(0, 1).toUpperCase();
    return {
      title: 'Guess the hidden number',
      body: [
        h('p', {}, team ? `How many did ${ctx.name(a.concealer)} hide? Suggest a number to your team, or enter the team’s guess.` : `How many marbles did ${ctx.name(a.concealer)} hide?`),
        h(
          'div',
          { class: 'numbers', role: 'group', 'aria-label': 'Guess' },
          numbers.map((n) => {
            const action = guesses.find((g) => g.number === n);
            const props = proposals.filter((p) => p.number === n);
            return h(
              'div',
              { class: 'number-cell' },
              h(
                'button',
                { type: 'button', class: 'number primary', disabled: !action, 'aria-label': team ? `Enter ${n} as the team’s guess` : `Guess ${n}`, onclick: () => action && this.move((v) => msg.move(v, action)) },
                String(n),
              ),
              team ? h('button', { type: 'button', class: 'propose', 'aria-label': `Suggest ${n} to your team`, onclick: () => this.send(msg.propose(n)) }, 'suggest') : null,
              props.length ? h('span', { class: 'votes', 'aria-label': `suggested by ${props.map((p) => ctx.name(p.seat)).join(', ')}` }, props.map((p) => initial(p.seat)).join(' ')) : null,
            );
          }),
        ),
        team && proposals.length
          ? h(
              'ul',
              { class: 'suggestions', 'aria-label': 'Suggestions from your team' },
              proposals.map((p) => h('li', {}, h('strong', {}, ctx.name(p.seat)), ` suggest${p.seat === state.you ? '' : 's'} ${p.number}`)),
            )
          : null,
      ],
    };
  }

  /** Trustless: open this browser's own commitment once the guess is in. @param {RoomView} state */
  autoReveal(state) {
    const a = state.awaiting;
    if (state.commitment !== 'trustless' || a.kind !== 'reveal' || a.seat !== state.you) return;
    const key = `${state.game_id}:${a.turn}`;
    if (this.revealSentFor === key) return;
    this.revealSentFor = key;
    const secret = secrets.load(state.game_id, a.turn);
    if (!secret) {
      toast('This browser does not hold the secret of this hand, so it cannot reveal it.', 'error');
      return;
    }
    this.move((v) => msg.reveal(v, secret.number, secret.nonce));
  }
}
