// A room: take a seat (or watch), then play. The page keeps the seat token in this browser,
// so a reload or a dropped connection resumes the seat without asking.

import { ApiError, getRoom, rematch, takeSeat } from '../api.js';
import { Board } from '../board.js';
import { makeCommitment, secrets, verify, hasWebCrypto } from '../commitment.js';
import { announce, h, toast } from '../dom.js';
import { handSvg } from '../hand.js';
import { revealsOf } from '../history.js';
import { actorOf, playersPanel, roundPanel } from '../panels.js';
import { SIDE_COLOR, seatColor } from '../colors.js';
import { secondsLeft } from '../clock.js';
import { errorInWords, msg, paths } from '../protocol.js';
import { shareBox } from '../share.js';
import { RoomSocket } from '../socket.js';
import { store } from '../store.js';
import { eventText, phaseText, seatName } from '../words.js';

/** @typedef {import('../types.js').RoomView} RoomView */
/** @typedef {import('../types.js').RoomInfo} RoomInfo */
/** @typedef {import('../types.js').LogEntry} LogEntry */
/** @typedef {import('../types.js').View} View */
/** @typedef {import('../types.js').ActOption} ActOption */

/**
 * @param {HTMLElement} main
 * @param {string} code
 * @returns {() => void} leaves the page
 */
export function roomPage(main, code) {
  document.title = `Hesy · room ${code}`;
  const link = `${location.origin}${paths.roomPage(code)}`;
  /** @type {RoomSocket | null} */
  let socket = null;
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;

  main.append(h('p', { class: 'card loading' }, 'Opening the room…'));
  getRoom(code)
    .then((info) => {
      const seat = store.seat(code);
      if (seat) play(seat.token);
      else pickSeat(info);
    })
    .catch((err) => {
      main.replaceChildren(
        h(
          'section',
          { class: 'card' },
          h('h1', {}, 'Room not found'),
          h('p', {}, err instanceof ApiError ? err.message : 'The server could not be reached.'),
          h('p', {}, h('a', { href: '/' }, 'Create a new room')),
        ),
      );
    });

  /** The seat picker: a display name and a free seat, or watching. @param {RoomInfo} info */
  function pickSeat(info) {
    const free = info.seats.filter((s) => !s.name);
    const nameInput = h('input', { id: 'display-name', name: 'name', maxlength: 24, required: true, autocomplete: 'nickname', value: store.name() });
    /** @param {number} seat */
    const sit = async (seat) => {
      const name = nameInput.value.trim();
      if (!name) {
        toast('Choose a display name first.', 'error');
        nameInput.focus();
        return;
      }
      try {
        store.saveName(name);
        const taken = await takeSeat(code, name, seat);
        store.saveSeat(code, taken);
        play(taken.token);
      } catch (err) {
        toast(err instanceof Error ? err.message : String(err), 'error');
        getRoom(code).then(pickSeat).catch(() => {});
      }
    };
    const modeWords = info.options.mode === 'duel' ? 'Duel' : 'Six players, two teams';
    main.replaceChildren(
      h(
        'section',
        { class: 'card picker', 'aria-labelledby': 'picker-title' },
        h('h1', { id: 'picker-title' }, 'Join the game'),
        h('p', { class: 'meta' }, `${modeWords} · ${info.options.board === 'extended' ? '127' : '49'} spaces · ${info.turn_timer ? `${info.turn_timer} s a step` : 'no timer'} · ${info.commitment === 'trustless' ? 'trustless commitments' : 'server-held commitments'}`),
        h('label', { class: 'field', for: 'display-name' }, h('span', {}, 'Your name at the table')),
        nameInput,
        h(
          'ul',
          { class: 'seat-list', 'aria-label': 'Seats' },
          info.seats.map((s) =>
            h(
              'li',
              { class: `seat-choice side-${s.side.toLowerCase()}` },
              s.name
                ? h('span', { class: 'taken' }, h('strong', {}, s.side), ` · ${s.name}`)
                : h(
                    'button',
                    { type: 'button', onclick: () => sit(s.seat), 'aria-label': `Sit as ${s.side}, seat ${s.seat + 1}` },
                    h('span', { class: 'chip', style: `background:${SIDE_COLOR[s.side] || '#555'}`, 'aria-hidden': 'true' }),
                    h('strong', {}, s.side),
                    ` · seat ${s.seat + 1}`,
                  ),
            ),
          ),
        ),
        free.length === 0 ? h('p', {}, 'Every seat is taken.') : null,
        h('button', { type: 'button', class: 'link-button', onclick: () => play(null) }, 'Just watch'),
      ),
      shareBox(link),
    );
    nameInput.focus();
  }

  /** @param {string | null} token */
  function play(token) {
    main.replaceChildren();
    const els = {
      head: h('div', { class: 'room-head' }),
      status: h('section', { class: 'status', 'aria-label': 'Turn' }),
      verify: h('div', { class: 'verify', role: 'status' }),
      round: h('div', { class: 'round-host' }),
      board: h('div', { class: 'board-host' }),
      actions: h('section', { class: 'card actions', 'aria-labelledby': 'actions-title' }),
      players: h('div', { class: 'players-host' }),
      log: h('ol', { class: 'log-list' }),
      chat: h('section', { class: 'card chat', 'aria-labelledby': 'chat-title' }),
      share: h('div', { class: 'share-host', hidden: true }),
    };
    main.append(
      els.head,
      els.share,
      h(
        'div',
        { class: 'room-grid' },
        h('div', { class: 'col-board' }, els.status, els.verify, els.round, els.board),
        h(
          'div',
          { class: 'col-side' },
          els.actions,
          els.players,
          h('section', { class: 'card log', 'aria-labelledby': 'log-title' }, h('h2', { id: 'log-title' }, 'Game log'), els.log),
          els.chat,
        ),
      ),
    );
    const board = new Board(els.board);

    /** @type {RoomView | null} */
    let state = null;
    /** @type {LogEntry[]} */
    let log = [];
    let connection = 'connecting';
    let handPick = 1;
    /** @type {Map<number, boolean>} log index of a reveal → verified */
    const verified = new Map();
    /** @type {import('../protocol.js').ChatLine[]} */
    let chat = [];
    /** Guess suggestions of this turn, from teammates. */
    let proposals = { key: '', list: /** @type {Array<{seat: number, number: number}>} */ ([]) };
    let chatTab = /** @type {'table' | 'team'} */ ('table');
    const unread = { table: 0, team: 0 };
    /** Seats seen going offline, to say when they come back. */
    const offline = new Set();
    let lastAnnounced = '';
    let revealSentFor = '';
    let actionsKey = '';
    let wasYourTurn = false;
    let teamTabFor = '';

    const who = () => ({
      names: Object.fromEntries((state?.seats || []).filter((s) => s.name).map((s) => [s.seat, /** @type {string} */ (s.name)])),
      you: state ? state.you : null,
    });

    socket = new RoomSocket(code, token, {
      onState(s, l, why, entry) {
        if (state && state.game_id !== s.game_id) {
          // A rematch: a new game, a new log to verify.
          verified.clear();
          els.verify.replaceChildren();
          els.verify.className = 'verify';
          toast('A new game begins.');
        }
        state = s;
        log = l;
        if (why === 'snapshot') actionsKey = '';
        render(entry ? entry.events : []);
        // For tests and styling: what this page shows now.
        main.dataset.version = String(socket?.version ?? 0);
        main.dataset.phase = s.status === 'playing' ? s.game.phase.phase : s.status;
        checkReveals();
        autoReveal();
      },
      onMessage(m) {
        if (m.type === 'snapshot') {
          // The server's history is the whole story this viewer may read: it replaces what
          // the page held, so nothing received before a reconnection shows twice.
          chat = [...m.chat];
          proposals = { key: proposalKey(m.state), list: [...m.proposals] };
        } else if (m.type === 'chat') {
          chat.push(m);
          if (m.channel !== chatTab) unread[m.channel]++;
          renderChat();
          if (m.channel === 'team' && chatTab !== 'team' && m.seat !== state?.you) toast(`Team · ${m.name}: ${m.text}`);
        } else if (m.type === 'proposal') {
          const key = proposalKey();
          if (proposals.key !== key) proposals = { key, list: [] };
          proposals.list = proposals.list.filter((p) => p.seat !== m.seat).concat([{ seat: m.seat, number: m.number }]);
          chat.push({ channel: 'team', seat: m.seat, name: who().names[m.seat] || `Seat ${m.seat + 1}`, text: `suggests guessing ${m.number}` });
          if (chatTab !== 'team') unread.team++;
          renderChat();
          actionsKey = '';
          renderActions();
        } else if (m.type === 'error') {
          if (m.code === 'bad_token') {
            store.forgetSeat(code);
            socket?.close();
            toast('This browser no longer holds that seat. Pick one again.', 'error');
            getRoom(code).then(pickSeat).catch(() => {});
            return;
          }
          toast(errorInWords(m.code, m.message), 'error');
          if (m.code === 'stale_version') revealSentFor = '';
        } else if (m.type === 'presence' && state && m.seat !== state.you) {
          // Seats are patched too; this only says it in words.
          const name = who().names[m.seat] || `Seat ${m.seat + 1}`;
          if (!m.connected) {
            offline.add(m.seat);
            toast(`${name} went offline.`);
          } else if (offline.delete(m.seat)) {
            toast(`${name} is back.`);
          }
        }
      },
      onStatus(s) {
        connection = s;
        renderHead();
      },
    });

    timer = setInterval(renderTimer, 1000);

    /** The turn proposals belong to. @param {RoomView | null} s */
    function proposalKey(s = state) {
      return s ? `${s.game_id}:${s.game.turn}` : '';
    }

    /** @param {object} message */
    function send(message) {
      if (!socket || !socket.send(message)) toast('Not connected. Reconnecting…', 'error');
    }

    /** @param {(version: number) => object} make */
    function move(make) {
      if (socket) send(make(socket.version));
    }

    function renderHead() {
      const status = connection === 'open' ? 'Connected' : connection === 'connecting' ? 'Connecting…' : 'Offline, reconnecting…';
      const shareOpen = !els.share.hidden;
      els.head.replaceChildren(
        h(
          'div',
          { class: 'room-title' },
          h('h1', {}, 'Room ', h('code', {}, code)),
          state ? h('span', { class: 'meta' }, `${state.game.mode === 'duel' ? 'Duel' : 'Six players'} · ${state.game.spaces} spaces${state.game_number > 1 ? ` · game ${state.game_number}` : ''}`) : null,
        ),
        h(
          'div',
          { class: 'room-tools' },
          h('span', { class: `conn conn-${connection}`, role: 'status' }, status),
          h(
            'button',
            {
              type: 'button',
              'aria-expanded': shareOpen ? 'true' : 'false',
              'aria-controls': 'share-panel',
              onclick: () => {
                els.share.hidden = !els.share.hidden;
                if (!els.share.hidden && !els.share.firstChild) els.share.append(shareBox(link, { compact: true }));
                renderHead();
              },
            },
            shareOpen ? 'Hide invite' : 'Invite',
          ),
        ),
      );
      els.share.id = 'share-panel';
    }

    function renderTimer() {
      const t = els.status.querySelector('.timer');
      if (!t || !state || !state.deadline_ms || !socket) return;
      const left = secondsLeft(state.deadline_ms, socket.clock.now());
      t.textContent = `${left} s`;
      t.classList.toggle('urgent', left <= 10);
    }

    /** @param {import('../types.js').GameEvent[]} events */
    function render(events) {
      if (!state) return;
      const view = state.game;
      renderHead();
      const w = who();
      let sentence = phaseText(view, w);
      if (state.status === 'waiting') {
        const missing = state.seats.filter((s) => !s.name).length;
        sentence = `Waiting for ${missing} more player${missing === 1 ? '' : 's'}. Invite friends with the link.`;
      }
      const actor = actorOf(view);
      const ph = view.phase.phase;
      const yourTurn =
        state.status === 'playing' && ((actor === state.you && (ph === 'conceal' || ph === 'act')) || isGuesser(view) || isChooser(view));
      // A tab in the background says so in its title; a phone buzzes once.
      document.title = `${yourTurn ? '● Your move · ' : ''}Hesy · room ${code}`;
      // Browsers refuse (and complain about) vibration before the person has touched the
      // page, as on a reload that lands on their turn.
      const mayVibrate = typeof navigator.vibrate === 'function' && (navigator.userActivation?.hasBeenActive ?? true);
      if (yourTurn && !wasYourTurn && mayVibrate) navigator.vibrate(60);
      // Guessing is a team discussion: open the team chat when the guess comes to your team.
      if (isGuesser(view) && view.mode === 'teams' && teamTabFor !== proposalKey()) {
        teamTabFor = proposalKey();
        chatTab = 'team';
        unread.team = 0;
      }
      wasYourTurn = yourTurn;
      els.status.className = `status ${yourTurn ? 'your-turn' : ''} phase-${view.phase.phase}`;
      els.status.replaceChildren(
        h('span', { class: 'phase-badge' }, state.status === 'waiting' ? 'waiting' : view.phase.phase),
        h('p', { class: 'phase-text' }, sentence),
        state.deadline_ms && state.status === 'playing' ? h('span', { class: 'timer', 'aria-label': 'Time left' }) : '',
      );
      renderTimer();
      if (sentence !== lastAnnounced) {
        lastAnnounced = sentence;
        announce(sentence);
      }
      els.round.replaceChildren(roundPanel(view) || '');
      const myOptions = view.phase.phase === 'act' && view.phase.actor === state.you ? view.phase.options : [];
      const shownOptions = view.phase.phase === 'act' ? view.phase.options : [];
      board.update(view, {
        labels: view.mode === 'teams' ? Object.fromEntries(Object.entries(w.names).map(([s, n]) => [s, n.slice(0, 1).toUpperCase()])) : {},
        names: w.names,
        options: shownOptions,
        onOption: myOptions.length ? (o) => actOn(o) : undefined,
        movable: myOptions.flatMap((o) => (o.action.type === 'advance' ? [String(o.action.marble)] : [])),
        events,
      });
      els.players.replaceChildren(playersPanel(view, { ...w, seats: state.seats, waiting: state.status === 'waiting' }));
      renderActions();
      renderLog();
      renderChat();
    }

    /** @param {View} view */
    function isGuesser(view) {
      if (!state || state.you === null || view.phase.phase !== 'guess') return false;
      const actor = view.phase.actor;
      const me = view.players.find((p) => p.seat === state?.you);
      const them = view.players.find((p) => p.seat === actor);
      return !!me && !!them && me.team !== them.team;
    }

    /** @param {View} view */
    function isChooser(view) {
      if (!state || state.you === null || view.phase.phase !== 'choose') return false;
      const team = view.phase.team;
      return view.players.find((p) => p.seat === state?.you)?.team === team;
    }

    /** @param {ActOption} o */
    function actOn(o) {
      move((v) => msg.act(v, o.action));
    }

    /** @param {ActOption} o @param {View} view */
    function optionText(o, view) {
      const a = o.action;
      const w = who();
      const lands = o.lands_on;
      const enemyThere =
        lands !== null && lands < view.head && Object.values(view.marbles).some((m) => m.space === lands && view.players[m.owner]?.team !== view.players[state?.you ?? 0]?.team);
      const suffix = lands === null ? '' : lands >= view.head ? ' and finish!' : enemyThere ? ', capturing!' : '';
      switch (a.type) {
        case 'advance': {
          const m = view.marbles[String(a.marble)];
          return `Move your marble from space ${m ? m.space : '?'} to ${lands}${suffix}`;
        }
        case 'deploy':
          return `Deploy a new marble to space ${lands}${suffix}`;
        case 'recover':
          return 'Stand a fallen lion back up';
        case 'revive':
          return `Revive ${w.names[a.seat] || `seat ${a.seat + 1}`}`;
        default:
          return a.type;
      }
    }

    function renderActions() {
      if (!state) return;
      const view = state.game;
      const ph = view.phase;
      const you = state.you;
      const key = JSON.stringify([state.status, state.game_id, ph, you, state.secret, proposals, handPick, view.players.map((p) => p.reserve)]);
      if (key === actionsKey) return;
      actionsKey = key;
      const w = who();
      /** @type {Array<Node | string | null>} */
      let body = [];
      let title = 'Your move';
      if (state.status === 'waiting') {
        title = 'Waiting for players';
        body = [
          h('p', {}, `${state.seats.filter((s) => s.name).length} of ${state.seats.length} seats taken. The game starts when every seat is taken.`),
          shareBox(link, { compact: true }),
        ];
      } else if (ph.phase === 'over' || state.status === 'over') {
        title = 'Game over';
        const myTeam = you === null ? null : view.players.find((p) => p.seat === you)?.team;
        body = [
          myTeam !== null && myTeam !== undefined && view.outcome
            ? h('p', { class: `personal ${view.outcome.winner === myTeam ? 'won' : 'lost'}` }, view.outcome.winner === myTeam ? (view.mode === 'teams' ? 'Your team won!' : 'You won!') : view.mode === 'teams' ? 'Your team lost.' : 'You lost.')
            : null,
          h('p', { class: 'outcome' }, phaseText(view, w)),
          h(
            'div',
            { class: 'button-row' },
            you !== null && token
              ? h(
                  'button',
                  {
                    type: 'button',
                    class: 'primary',
                    onclick: () => rematch(code, /** @type {string} */ (token)).catch((e) => toast(e.message, 'error')),
                  },
                  'Play again',
                )
              : null,
            h('a', { class: 'button', href: `${paths.roomPage(code)}#replay` }, 'Watch the replay'),
          ),
        ];
      } else if (you === null) {
        title = 'Watching';
        body = [h('p', {}, 'You are watching this game. Team chat and hands stay hidden from spectators.')];
      } else if (ph.phase === 'choose' && isChooser(view)) {
        title = 'Who acts for your team?';
        body = [
          h('p', {}, 'Choose a teammate who has not acted this round.'),
          h(
            'div',
            { class: 'button-row' },
            ph.eligible.map((s) =>
              h('button', { type: 'button', class: 'primary choose', onclick: () => move((v) => msg.choose(v, s)) }, s === you ? 'I will act' : `${w.names[s] || `Seat ${s + 1}`} acts`),
            ),
          ),
        ];
      } else if (ph.phase === 'conceal' && ph.actor === you) {
        title = 'Conceal marbles';
        handPick = Math.min(Math.max(1, handPick), ph.max);
        const pile = h(
          'div',
          { class: 'pile', role: 'group', 'aria-label': 'Marbles in your reserve' },
          Array.from({ length: ph.max }, (_, i) =>
            h('button', {
              type: 'button',
              class: `marble-btn ${i < handPick ? 'in-hand' : ''}`,
              style: `--side:${seatColor(view, /** @type {number} */ (you))}`,
              'aria-pressed': i < handPick ? 'true' : 'false',
              'aria-label': `Hide ${i + 1} marble${i ? 's' : ''}`,
              onclick: () => {
                handPick = i + 1;
                renderActions();
                /** @type {HTMLElement | null} */ (els.actions.querySelector(`.marble-btn:nth-child(${i + 1})`))?.focus();
              },
            }),
          ),
        );
        body = [
          h('p', {}, `Tap marbles in your reserve to put them in your hand (1 to ${ph.max}). Nobody else sees how many.`),
          pile,
          h(
            'div',
            { class: 'hand-row' },
            handSvg(handPick, false, seatColor(view, /** @type {number} */ (you))),
            h('span', { class: 'hand', 'aria-live': 'polite' }, `In your hand: ${handPick}`),
            h(
              'button',
              {
                type: 'button',
                class: 'primary',
                onclick: async () => {
                  if (!state) return;
                  const n = handPick;
                  if (state.commitment === 'trustless') {
                    const commitment = await makeCommitment(state.game_id, state.game.turn, /** @type {number} */ (you), n);
                    move((v) => msg.commit(v, commitment));
                  } else {
                    move((v) => msg.conceal(v, n));
                  }
                },
              },
              `Close hand (${handPick})`,
            ),
          ),
          state.commitment === 'trustless' ? h('p', { class: 'small' }, 'Trustless room: your browser makes the commitment and keeps the secret until the reveal.') : null,
        ];
      } else if ((ph.phase === 'guess' || ph.phase === 'reveal') && ph.actor === you) {
        title = 'Your hand is closed';
        const secret = state.commitment === 'trustless' ? secrets.load(state.game_id, view.turn) : null;
        const hand = state.secret?.hand ?? secret?.number ?? null;
        body = [
          h('div', { class: 'hand-row' }, handSvg(0, true, ''), h('p', { class: 'closed-hand' }, hand !== null ? `Your closed hand holds ${hand} marble${hand === 1 ? '' : 's'}.` : 'You have concealed your marbles.')),
          h('p', {}, ph.phase === 'guess' ? 'The other side is guessing…' : `They guessed ${ph.guess}. Revealing…`),
          ph.phase === 'reveal' && state.commitment === 'trustless'
            ? h('button', { type: 'button', onclick: () => ((revealSentFor = ''), autoReveal()) }, 'Reveal now')
            : null,
        ];
      } else if (ph.phase === 'guess' && isGuesser(view)) {
        title = 'Guess the hidden number';
        const teams = view.mode === 'teams';
        const byNumber = (/** @type {number} */ n) => proposals.key === proposalKey() ? proposals.list.filter((p) => p.number === n) : [];
        body = [
          h('p', {}, teams ? `How many did ${seatName(view, w, ph.actor)} hide? Suggest a number to your team, or enter the team’s guess.` : `How many marbles did ${seatName(view, w, ph.actor)} hide?`),
          h(
            'div',
            { class: 'numbers', role: 'group', 'aria-label': 'Guess' },
            Array.from({ length: ph.max }, (_, i) => {
              const n = i + 1;
              const props = byNumber(n);
              return h(
                'div',
                { class: 'number-cell' },
                h('button', { type: 'button', class: 'number primary', 'aria-label': teams ? `Enter ${n} as the team’s guess` : `Guess ${n}`, onclick: () => move((v) => msg.guess(v, n)) }, String(n)),
                teams ? h('button', { type: 'button', class: 'propose', 'aria-label': `Suggest ${n} to your team`, onclick: () => send(msg.propose(n)) }, 'suggest') : null,
                props.length ? h('span', { class: 'votes', 'aria-label': `suggested by ${props.map((p) => w.names[p.seat]).join(', ')}` }, props.map((p) => (w.names[p.seat] || '?').slice(0, 1).toUpperCase()).join(' ')) : null,
              );
            }),
          ),
          teams && proposals.key === proposalKey() && proposals.list.length
            ? h(
                'ul',
                { class: 'suggestions', 'aria-label': 'Suggestions from your team' },
                proposals.list.map((p) => h('li', {}, h('strong', {}, p.seat === you ? 'You' : w.names[p.seat] || `Seat ${p.seat + 1}`), ` suggest${p.seat === you ? '' : 's'} ${p.number}`)),
              )
            : null,
        ];
      } else if (ph.phase === 'act' && ph.actor === you) {
        title = `Move ${ph.distance}`;
        body = [
          h('p', {}, 'Wrong guess! Choose one action (or pick a dashed ring on the serpent).'),
          h(
            'div',
            { class: 'options' },
            ph.options.map((o) => h('button', { type: 'button', class: 'primary option', onclick: () => actOn(o) }, optionText(o, view))),
          ),
        ];
      } else {
        const actor = actorOf(view);
        title = actor === null ? 'Waiting' : ph.phase === 'guess' ? 'The other side guesses' : `${w.names[actor] || `Seat ${actor + 1}`}’s move`;
        body = [h('p', {}, phaseText(view, w))];
      }
      // Keyboard users keep their place: if focus was in this panel, it stays in it.
      const hadFocus = els.actions.contains(document.activeElement);
      els.actions.replaceChildren(h('h2', { id: 'actions-title', tabindex: -1 }, title), ...body.filter((b) => b !== null));
      if (hadFocus) {
        const target = /** @type {HTMLElement | null} */ (els.actions.querySelector('button, [href]')) || /** @type {HTMLElement} */ (els.actions.querySelector('h2'));
        target?.focus();
      }
    }

    function renderLog() {
      if (!state) return;
      const view = state.game;
      const w = who();
      /** @type {HTMLElement[]} */
      const items = [];
      /** @type {Record<number, number>} marble id → owner, from the deployments */
      const owners = {};
      log.forEach((entry, index) => {
        if (entry.note) items.push(h('li', { class: 'ev ev-note' }, entry.note));
        for (const ev of entry.events) {
          if (ev.type === 'deployed') owners[ev.marble] = ev.seat;
          const text = eventText(view, w, ev, owners);
          if (!text) continue;
          const badge =
            ev.type === 'revealed'
              ? verified.has(index)
                ? verified.get(index)
                  ? h('span', { class: 'ok', title: 'SHA-256 of the reveal matches the commitment' }, ' ✓ verified')
                  : h('span', { class: 'bad' }, ' ✗ DID NOT MATCH')
                : h('span', { class: 'small' }, ' checking…')
              : null;
          items.push(h('li', { class: `ev ev-${ev.type}` }, text, entry.auto ? h('span', { class: 'small' }, ' (timer)') : null, badge));
        }
      });
      const atBottom = els.log.scrollHeight - els.log.scrollTop - els.log.clientHeight < 40;
      els.log.replaceChildren(...(items.length ? items : [h('li', { class: 'small' }, 'Nothing has happened yet.')]));
      if (atBottom) els.log.scrollTop = els.log.scrollHeight;
    }

    let chatBuilt = false;
    const chatList = h('ol', { class: 'chat-list', 'aria-live': 'polite' });
    const chatInput = h('textarea', { id: 'chat-input', rows: 1, maxlength: 280, placeholder: 'Say something…' });
    function renderChat() {
      if (!state) return;
      const teams = state.game.mode === 'teams' && state.you !== null;
      if (!chatBuilt) {
        chatBuilt = true;
        const form = h(
          'form',
          { class: 'chat-form' },
          h('label', { for: 'chat-input', class: 'sr-only' }, 'Message'),
          chatInput,
          h('button', { type: 'submit' }, 'Send'),
        );
        form.addEventListener('submit', (e) => {
          e.preventDefault();
          const text = chatInput.value.trim();
          if (!text) return;
          send(msg.chat(chatTab, text));
          chatInput.value = '';
        });
        chatInput.addEventListener('keydown', (e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            form.requestSubmit();
          }
        });
        els.chat.replaceChildren(h('h2', { id: 'chat-title' }, 'Chat'), h('div', { class: 'chat-tabs', role: 'tablist' }), chatList, state.you !== null ? form : h('p', { class: 'small' }, 'Spectators read the table chat.'));
      }
      const tabs = /** @type {HTMLElement} */ (els.chat.querySelector('.chat-tabs'));
      const tabsWanted = teams ? ['table', 'team'] : [];
      tabs.replaceChildren(
        ...tabsWanted.map((t) =>
          h(
            'button',
            {
              type: 'button',
              role: 'tab',
              'aria-selected': chatTab === t ? 'true' : 'false',
              class: `tab tab-${t}`,
              onclick: () => {
                chatTab = /** @type {'table' | 'team'} */ (t);
                unread[chatTab] = 0;
                renderChat();
              },
            },
            t === 'team' ? `Team (${state?.game.players.find((p) => p.seat === state?.you)?.side || 'team'})` : 'Table',
            unread[/** @type {'table' | 'team'} */ (t)] ? h('span', { class: 'unread', 'aria-label': `${unread[/** @type {'table' | 'team'} */ (t)]} unread` }, String(unread[/** @type {'table' | 'team'} */ (t)])) : null,
          ),
        ),
      );
      if (!teams) chatTab = 'table';
      chatInput.placeholder = chatTab === 'team' ? 'Message your team only…' : 'Message the table…';
      els.chat.classList.toggle('team-tab', chatTab === 'team');
      const shown = chat.filter((c) => c.channel === chatTab);
      chatList.replaceChildren(
        ...(shown.length ? shown : []).map((c) => h('li', { class: `chat-${c.channel}` }, h('strong', {}, c.name), ' ', c.text)),
      );
      chatList.scrollTop = chatList.scrollHeight;
    }

    async function checkReveals() {
      if (!state) return;
      const gameId = state.game_id;
      for (const r of revealsOf(log)) {
        if (verified.has(r.index)) continue;
        const ok = r.commitment !== null && (await verify({ gameId, turn: r.turn, seat: r.seat, nonce: r.nonce, number: r.number, commitment: r.commitment }));
        verified.set(r.index, ok);
        if (r.seat === state.you && state.commitment === 'trustless') secrets.drop(gameId, r.turn);
        const mine = r.seat === state.you;
        const name = mine ? 'You' : who().names[r.seat] || `Seat ${r.seat + 1}`;
        if (ok) {
          els.verify.className = 'verify ok';
          els.verify.replaceChildren(h('span', { 'aria-hidden': 'true' }, '✓ '), `Verified: ${mine ? 'your' : `${name}’s`} hand of ${r.number} matches the commitment made before the guess (SHA-256${hasWebCrypto() ? ', Web Crypto' : ''}).`);
        } else {
          els.verify.className = 'verify bad';
          els.verify.setAttribute('role', 'alert');
          els.verify.replaceChildren(
            h('strong', {}, '⚠ Warning: a reveal did not match its commitment.'),
            ` ${name} revealed ${r.number}, but its SHA-256 does not match the commitment published before the guess. The number may have been changed after the guess.`,
          );
          announce(`Warning: ${name}'s reveal did not match the commitment.`, true);
        }
        renderLog();
      }
    }

    /** Trustless: open our own commitment once the guess is in. */
    function autoReveal() {
      if (!state || state.commitment !== 'trustless') return;
      const ph = state.game.phase;
      if (ph.phase !== 'reveal' || ph.actor !== state.you) return;
      const key = `${state.game_id}:${state.game.turn}`;
      if (revealSentFor === key) return;
      const secret = secrets.load(state.game_id, state.game.turn);
      if (!secret) {
        toast('This browser does not hold the secret of this hand, so it cannot reveal it.', 'error');
        revealSentFor = key;
        return;
      }
      revealSentFor = key;
      move((v) => msg.reveal(v, secret.number, secret.nonce));
    }

    renderHead();
  }

  return () => {
    socket?.close();
    if (timer) clearInterval(timer);
  };
}
