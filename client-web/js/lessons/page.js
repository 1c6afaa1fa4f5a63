// A lesson: one idea a step, on the game's own board drawn by its module. The server opens
// every step on its position with the sticks set (and the step says so), and judges each
// move the learner makes on the board: right moves the lesson on, wrong is told why in a
// sentence and the step stays. Where a step asks for a guess or for a number to hide, the
// room's own hand panel offers it. Progress stays in this browser (progress.js).

import { h, linkStyle } from '../dom.js';
import { games } from '../games/index.js';
import { gameContext } from '../room/context.js';
import { fitBoard } from '../room/fit.js';
import { showPanel } from '../room/actions.js';
import { HandPanel } from '../room/hand-panel.js';
import { answer, getLesson } from './api.js';
import { done, markDone } from './progress.js';
import { capital } from '../words.js';

/** @typedef {import('./api.js').Lesson} Lesson */
/** @typedef {import('./api.js').LessonBoard} LessonBoard */
/** @typedef {import('../types.js').RoomView} RoomView */

/**
 * The room view a module draws for `board`; `playable` leaves its moves open.
 * @param {Lesson} lesson @param {LessonBoard} board @param {boolean} playable
 * @returns {RoomView}
 */
function stateOf(lesson, board, playable) {
  return {
    room: '',
    rule_set: lesson.rule_set,
    options: {},
    game_id: '',
    game_number: 1,
    status: 'playing',
    commitment: 'server',
    turn_timer: null,
    deadline_ms: null,
    seats: board.seats.map((s) => ({ ...s, name: s.seat === board.you ? 'You' : (s.name ?? `the ${s.side}`), connected: true, computer: null })),
    spectators: 0,
    you: board.you,
    awaiting: board.awaiting,
    game: board.game,
    secret: null,
    legal: playable ? board.legal.filter((a) => /** @type {{type: string}} */ (a).type !== 'conceal') : [],
    throws: null,
  };
}

/**
 * Shows the lesson of `ruleSet` in `main`, at its first step not yet done.
 * @param {HTMLElement} main @param {string} ruleSet
 * @returns {() => void} leaves the page
 */
export function lessonPage(main, ruleSet) {
  document.title = 'Hesy · learn to play';
  linkStyle(new URL('./lessons.css', import.meta.url).href);
  let gone = false;
  /** @type {(() => void) | null} */
  let stop = null;
  main.append(h('p', { class: 'card loading' }, 'Opening the lesson…'));
  getLesson(ruleSet)
    .then((lesson) => {
      if (!gone) stop = show(main, lesson);
    })
    .catch((err) => {
      if (gone) return;
      main.replaceChildren(
        h('section', { class: 'card' }, h('h1', {}, 'No lesson here'), h('p', {}, err instanceof Error ? err.message : String(err)), h('p', {}, h('a', { href: '/' }, 'Back to the games'))),
      );
    });
  return () => {
    gone = true;
    stop?.();
  };
}

/** @param {HTMLElement} main @param {Lesson} lesson @returns {() => void} */
function show(main, lesson) {
  document.title = `Hesy · learn ${lesson.title}`;
  const module = games[lesson.rule_set];
  const finished = done(lesson.rule_set);
  let index = lesson.steps.findIndex((_, i) => !finished.has(i));
  if (index < 0) index = 0;
  /** @type {RoomView} */
  let shown = stateOf(lesson, lesson.steps[index].board, true);
  let waiting = false;
  const ctx = gameContext(() => shown, (action) => judge(action));
  const boardHost = h('div', { class: 'game-host lesson-board' });
  const controller = module?.mount(boardHost, ctx);
  if (!module) boardHost.append(h('p', { class: 'card notice' }, `This client cannot draw ${lesson.title} yet.`));

  const stepsList = h('ol', { class: 'lesson-steps', 'aria-label': 'Steps' });
  const idea = h('h2', { id: 'lesson-idea' });
  const look = h('p', { class: 'lesson-look' });
  const ask = h('p', { class: 'lesson-ask' });
  const thrown = h('p', { class: 'lesson-thrown small' });
  const handHost = h('section', { class: 'lesson-hand', 'aria-labelledby': 'actions-title', hidden: true });
  /** Whether the step still waits for the learner's answer. */
  let open = true;
  const hand = new HandPanel(
    (make) => {
      const m = /** @type {{type: string, number?: number, action?: object}} */ (make(0));
      judge(m.type === 'conceal' ? { type: 'conceal', number: m.number } : /** @type {object} */ (m.action));
    },
    // No team guesses in a lesson, so no suggestion is ever sent.
    () => {},
    () => drawHand(),
  );
  const verdict = h('p', { class: 'lesson-verdict', 'aria-live': 'polite' });
  const next = h('button', { type: 'button', class: 'primary lesson-next', hidden: true, onclick: () => go(index + 1) }, 'Next step');
  const end = h(
    'div',
    { class: 'lesson-end', hidden: true },
    h('p', {}, `That is the whole lesson. You know enough to play ${lesson.title}.`),
    h('p', { class: 'button-row' }, h('a', { class: 'button primary', href: '/' }, `Play ${lesson.title}`), h('button', { type: 'button', onclick: () => go(0) }, 'Start the lesson again')),
  );
  const answerBar = h('section', { class: 'card lesson-answer play-bar', 'aria-labelledby': 'lesson-idea' }, idea, ask, thrown, handHost, verdict, next, end);

  main.replaceChildren(
    h(
      'section',
      { class: 'lesson', 'data-rule-set': lesson.rule_set },
      h('div', { class: 'room-head' }, h('div', { class: 'room-title' }, h('h1', {}, `Learn ${lesson.title}`)), h('a', { class: 'button', href: '/' }, 'All games')),
      stepsList,
      h('section', { class: 'card lesson-text', 'aria-label': 'What to look at' }, look),
      boardHost,
      answerBar,
    ),
  );
  // As in a room: in one column the answer must show under the board; in two, beside it,
  // the board and its own parts fill the window's height.
  const oneColumn = matchMedia('(max-width: 959px)');
  const fit = fitBoard(main, boardHost, () => (oneColumn.matches ? answerBar : boardHost));

  const drawSteps = () =>
    stepsList.replaceChildren(
      ...lesson.steps.map((s, i) =>
        h(
          'li',
          {},
          h(
            'button',
            { type: 'button', class: 'lesson-dot', 'aria-current': i === index ? 'step' : null, 'data-done': finished.has(i) ? 'yes' : 'no', title: s.idea, onclick: () => go(i) },
            finished.has(i) ? '★' : String(i + 1),
            h('span', { class: 'sr-only' }, ` ${s.idea}${finished.has(i) ? ' (done)' : ''}`),
          ),
        ),
      ),
    );

  /** @param {number} i */
  function go(i) {
    index = Math.max(0, Math.min(i, lesson.steps.length - 1));
    const step = lesson.steps[index];
    shown = stateOf(lesson, step.board, true);
    main.dataset.lessonStep = String(index);
    idea.textContent = `${index + 1}. ${step.idea}`;
    look.textContent = step.look;
    ask.textContent = step.ask;
    const setLines = module ? step.board.events.flatMap((e) => module.eventText(e, shown, ctx) ?? []).filter(Boolean).map(capital) : [];
    if (step.throw !== null) thrown.textContent = `Sticks set by the lesson: ${setLines.join(' ') || step.throw}`;
    else if (step.concealed !== null) thrown.textContent = `Number set by the lesson: ${step.concealed}. ${setLines.join(' ')}`.trim();
    else if (step.guess !== null) thrown.textContent = `Guess set by the lesson: ${step.guess}. You hide the number.`;
    else thrown.textContent = '';
    open = true;
    drawHand();
    verdict.textContent = '';
    verdict.className = 'lesson-verdict';
    next.hidden = true;
    end.hidden = true;
    controller?.update(shown, []);
    drawSteps();
    fit.refit();
  }

  /** The room's hand panel when the open step asks to hide a number or to guess one. */
  function drawHand() {
    showPanel(handHost, open ? hand.render(shown, [], [], ctx) : null);
  }

  /** @param {object} action */
  function judge(action) {
    if (waiting) return;
    waiting = true;
    const at = index;
    answer(lesson.rule_set, at, action)
      .then((judged) => {
        if (at !== index) return;
        verdict.textContent = judged.says;
        verdict.className = `lesson-verdict ${judged.right ? 'right' : 'wrong'}`;
        if (!judged.right || !judged.board) {
          controller?.update(shown, []);
          return;
        }
        finished.add(at);
        markDone(lesson.rule_set, at);
        shown = stateOf(lesson, judged.board, false);
        open = false;
        drawHand();
        controller?.update(shown, judged.board.events);
        const last = at === lesson.steps.length - 1;
        next.hidden = last;
        end.hidden = !last;
        drawSteps();
        if (!last) next.focus();
      })
      .catch((err) => {
        verdict.textContent = err instanceof Error ? err.message : String(err);
        verdict.className = 'lesson-verdict wrong';
      })
      .finally(() => {
        waiting = false;
      });
  }

  go(index);
  return () => {
    controller?.destroy();
    fit.stop();
    delete main.dataset.lessonStep;
  };
}
