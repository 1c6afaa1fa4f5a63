// The turn in one line over the board: what the game waits for, the rule set's sentence for
// it, and the step's countdown on the server's clock.

import { h } from '../dom.js';
import { secondsLeft, spanInWords } from '../clock.js';
import { sentences } from './context.js';

/** @typedef {import('../types.js').RoomView} RoomView */

/** A short word per thing a game waits for. */
const BADGE = /** @type {Record<string, string>} */ ({ action: 'move', conceal: 'conceal', guess: 'guess', reveal: 'reveal', throw: 'throw', over: 'over' });

export class StatusBar {
  constructor() {
    this.el = h('section', { class: 'status', 'aria-label': 'Turn' });
    /** @type {number | null} */
    this.deadline = null;
  }

  /** @param {RoomView} state @param {string} sentence @param {boolean} yourTurn */
  render(state, sentence, yourTurn) {
    const word = state.status === 'waiting' ? 'waiting' : BADGE[state.awaiting.kind] || state.awaiting.kind;
    this.deadline = state.status === 'playing' ? state.deadline_ms : null;
    // Once the game is over its panel says so.
    this.el.hidden = state.status === 'over';
    this.el.className = `status ${yourTurn ? 'your-turn' : ''} phase-${word}`;
    this.el.replaceChildren(
      h('span', { class: 'phase-badge' }, word),
      h('p', { class: 'phase-text' }, sentences(sentence)),
      this.deadline ? h('span', { class: 'timer', 'aria-label': 'Time left' }) : '',
    );
  }

  /** Counts down. @param {number} nowMs the server's time */
  tick(nowMs) {
    const t = this.el.querySelector('.timer');
    if (!t || !this.deadline) return;
    const left = secondsLeft(this.deadline, nowMs);
    t.textContent = spanInWords(left);
    t.classList.toggle('urgent', left <= 10);
  }
}
