// A room in play, for any rule set: the socket, and every panel drawn from the state it
// keeps. The rule set's own board and words come from its module (js/games/); a rule set
// without one gets a plain notice and everything else still works. `#replay` shows the
// finished game's replay in place, with the room's connection kept open.

import { rematch, ruleSetTitle } from '../api.js';
import { secrets } from '../commitment.js';
import { h, toast } from '../dom.js';
import { games } from '../games/index.js';
import { mountReplay } from '../pages/replay.js';
import { errorInWords, msg, paths } from '../protocol.js';
import { shareBox } from '../share.js';
import { RoomSocket } from '../socket.js';
import { store } from '../store.js';
import { showPanel } from './actions.js';
import { ChatPanel } from './chat.js';
import { awaitedSeats, gameContext, myTeam } from './context.js';
import { fitBoard } from './fit.js';
import { gameOverPanel } from './game-over.js';
import { openGuide } from './guide.js';
import { HandPanel } from './hand-panel.js';
import { RoomHead } from './head.js';
import { logLines, showLog } from './log.js';
import { playersPanel } from './players.js';
import { SavingNote } from './saving.js';
import { StatusBar } from './status.js';
import { ThrowParty } from './throw-party.js';
import { throwPanel } from './throw-panel.js';
import { Checks, showCheck } from './verification.js';

/** @typedef {import('../types.js').RoomView} RoomView */
/** @typedef {import('../types.js').RoomInfo} RoomInfo */
/** @typedef {import('../types.js').LogEntry} LogEntry */
/** @typedef {import('../types.js').GameEvent} GameEvent */
/** @typedef {import('../types.js').Sticks} Sticks */
/** @typedef {import('../protocol.js').Proposal} Proposal */
/** @typedef {import('./actions.js').Panel} Panel */

/**
 * @param {HTMLElement} main
 * @param {RoomInfo} info
 * @param {string | null} token the seat's token; null to watch
 * @param {() => void} repick shows the seat picker again (the seat was lost)
 * @returns {() => void} leaves the room
 */
export function liveRoom(main, info, token, repick) {
  const code = info.code;
  const link = `${location.origin}${paths.roomPage(code)}`;
  const game = games[info.rule_set];
  let title = info.rule_set;
  const guide = game ? () => openGuide(game.howToPlay, title, info.rule_set) : null;
  const head = new RoomHead(code, link, guide);
  const status = new StatusBar();
  const verifyEl = h('div', { class: 'verify', role: 'status' });
  const gameHost = h('div', { class: 'game-host' });
  const actions = h('section', { class: 'card actions', 'aria-labelledby': 'actions-title', hidden: true });
  const players = h('div', { class: 'players-host' });
  const logList = h('ol', { class: 'log-list', tabindex: 0, 'aria-label': 'Game log' });
  const chatEl = h('section', { class: 'card chat', 'aria-labelledby': 'chat-title' });
  const logEl = h('section', { class: 'card log', 'aria-labelledby': 'log-title' }, h('h2', { id: 'log-title' }, 'Game log'), logList);
  /** On a phone the board comes first, then the action; the rest is one tap below. */
  const offer = guide ? h('p', { class: 'guide-offer', hidden: true }, 'New to this game? ', h('button', { type: 'button', class: 'link-button', onclick: guide }, 'How to play, in a minute')) : null;
  const saving = new SavingNote();
  const bar = h('div', { class: 'play-bar' }, actions, saving.el, offer, roomNav([['Log', logEl], ['Players', players], ['Chat', chatEl]]));
  const grid = h(
    'div',
    { class: 'room-grid' },
    h('div', { class: 'col-board' }, status.el, gameHost),
    h('div', { class: 'col-side' }, head.el, head.share, bar, verifyEl, players, logEl, chatEl),
  );
  const replayHost = h('div', { class: 'replay-host', hidden: true });
  main.replaceChildren(grid, replayHost);
  const oneColumn = matchMedia('(max-width: 959px)');
  const fit = fitBoard(main, gameHost, () => (oneColumn.matches ? bar : gameHost));

  /** @type {RoomView | null} */
  let state = null;
  /** @type {LogEntry[]} */
  let log = [];
  /** The open guess's proposals from teammates. @type {Proposal[]} */
  let proposals = [];
  /** @type {Checks | null} */
  let checks = null;
  /** The sticks this game throws, once a throw has been due. @type {Sticks | null} */
  let sticks = null;
  /** The throw this seat tapped, until the room answers. */
  let thrownFor = 0;
  let lastAnnounced = '';
  let wasYourTurn = false;
  let lastKind = '';
  /** Seats seen going offline, to say when they come back. */
  const offline = new Set();
  /** @type {(() => void) | null} */
  let leaveReplay = null;
  /** @type {HTMLElement | null} */
  let waitingShare = null;

  /** @param {object} message */
  const send = (message) => {
    if (!socket.send(message)) toast('Not connected. Reconnecting…', 'error');
  };
  /** @param {(version: number) => object} make */
  const move = (make) => {
    saving.sent();
    send(make(socket.version));
  };
  const ctx = gameContext(() => state, (action) => move((v) => msg.move(v, action)));
  const chat = new ChatPanel(chatEl, send);
  const hand = new HandPanel(move, send, () => renderActions());
  const party = new ThrowParty(code, (m) => socket.send(m), () => socket.ws?.readyState === WebSocket.OPEN);
  const controller = game ? game.mount(gameHost, ctx) : null;
  /** @param {string} name */
  const notice = (name) => `This client cannot draw ${name} yet. The players, the log and the chat still work here.`;
  if (!game) gameHost.append(h('p', { class: 'card notice' }, notice(info.rule_set)));

  const socket = new RoomSocket(code, token, {
    onState(s, l, why, news) {
      if (state && state.game_id !== s.game_id) {
        verifyEl.className = 'verify';
        verifyEl.setAttribute('role', 'status');
        verifyEl.replaceChildren();
        sticks = null;
        toast('A new game begins.');
      }
      if (!checks || checks.gameId !== s.game_id) checks = new Checks(s.game_id);
      state = s;
      saving.settled();
      log = l;
      if (why === 'snapshot') party.reconnected();
      const kind = s.awaiting.kind;
      if (s.awaiting.kind === 'throw') sticks = s.awaiting.sticks;
      if (kind !== 'guess') proposals = [];
      // Guessing is a team discussion: open the team chat when the guess comes to your team.
      if (kind === 'guess' && lastKind !== 'guess' && s.you !== null && s.awaiting.seats.includes(s.you) && myTeam(s).length > 1) chat.show('team');
      lastKind = kind;
      render(news.flatMap((entry) => entry.events));
      // For tests and styling: what this page shows now.
      main.dataset.version = String(socket.version);
      main.dataset.phase = s.status === 'playing' ? kind : s.status;
      runChecks();
      hand.autoReveal(s);
      party.onState(s);
      if (location.hash === '#replay') showReplay();
    },
    onMessage(m) {
      if (m.type === 'snapshot') {
        // The server's history is the whole story this viewer may read: it replaces what
        // the page held, so nothing received before a reconnection shows twice.
        chat.restore(m.chat);
        proposals = [...m.proposals];
      } else if (m.type === 'chat') {
        chat.receive(m);
      } else if (m.type === 'proposal') {
        proposals = proposals.filter((p) => p.seat !== m.seat).concat([{ seat: m.seat, number: m.number }]);
        chat.receive({ channel: 'team', seat: m.seat, name: ctx.name(m.seat), text: `suggests guessing ${m.number}` }, true);
        renderActions();
      } else if (m.type === 'error') {
        saving.settled();
        if (m.code === 'bad_token') {
          store.forgetSeat(code);
          toast('This browser no longer holds that seat. Pick one again.', 'error');
          leave();
          repick();
          return;
        }
        toast(errorInWords(m.code, m.message), 'error');
        if (m.code === 'stale_version') hand.revealSentFor = '';
        thrownFor = 0;
        renderActions();
      } else if (m.type === 'presence' && state && m.seat !== state.you) {
        // Seats are patched too; this only says it in words.
        if (!m.connected) {
          offline.add(m.seat);
          toast(`${ctx.name(m.seat)} went offline.`, 'info', `presence-${m.seat}`);
        } else if (offline.delete(m.seat)) {
          toast(`${ctx.name(m.seat)} is back.`, 'info', `presence-${m.seat}`);
        }
      }
    },
    onStatus(s) {
      head.render({ connection: s });
    },
  });
  const timer = setInterval(() => status.tick(socket.clock.now()), 1000);
  ruleSetTitle(info.rule_set).then((t) => {
    title = t;
    head.render({ title: t });
    const plain = gameHost.querySelector('.notice');
    if (plain) plain.textContent = notice(t);
  });
  window.addEventListener('hashchange', onHash);
  head.render();

  /** @param {GameEvent[]} events */
  function render(events) {
    if (!state) return;
    const s = state;
    let sentence = game ? game.phaseText(s, ctx) : `A game of ${title}.`;
    if (s.status === 'waiting') {
      const missing = s.seats.filter((q) => !q.name).length;
      sentence = `Waiting for ${missing} more player${missing === 1 ? '' : 's'}. Invite friends with the link.`;
    }
    const yourTurn = s.you !== null && awaitedSeats(s).includes(s.you);
    // A tab in the background says so in its title; a phone buzzes once.
    document.title = `${yourTurn ? '● Your move · ' : ''}Hesy · room ${code}`;
    // Browsers refuse (and complain about) vibration before the person has touched the
    // page, as on a reload that lands on their turn.
    const mayVibrate = typeof navigator.vibrate === 'function' && (navigator.userActivation?.hasBeenActive ?? true);
    if (yourTurn && !wasYourTurn && mayVibrate) navigator.vibrate(60);
    wasYourTurn = yourTurn;
    status.render(s, sentence, yourTurn);
    status.tick(socket.clock.now());
    if (sentence !== lastAnnounced) {
      lastAnnounced = sentence;
      ctx.announce(sentence);
    }
    controller?.update(s, events);
    players.replaceChildren(playersPanel(s, game, ctx));
    renderActions();
    renderLog();
    chat.render(s);
    head.render({ state: s });
    // Offered until the first move.
    if (offer) offer.hidden = log.length > 0 || s.status === 'over';
    fit.refit();
  }

  /** @returns {Panel | null} */
  function panel() {
    if (!state || !checks) return null;
    const s = state;
    if (s.status === 'waiting') {
      waitingShare ??= shareBox(link, { compact: true });
      const taken = s.seats.filter((q) => q.name).length;
      return { title: 'Waiting for players', body: [h('p', {}, `${taken} of ${s.seats.length} seats taken. The game starts when every seat is taken: invite friends, or give a free seat to a computer player under Players.`), waitingShare] };
    }
    if (s.status === 'over') {
      const again = s.you !== null && token ? () => rematch(code, /** @type {string} */ (token)).catch((e) => toast(e.message, 'error')) : null;
      return gameOverPanel(s, log, game ? game.phaseText(s, ctx) : '', { rematch: again });
    }
    const pending = s.throws?.pending;
    const tap = { throwing: !!pending && thrownFor === pending.index, onThrow };
    return (
      hand.render(s, log, proposals, ctx) ??
      throwPanel(s, log, sticks, ctx, checks, tap) ??
      (s.you === null ? { title: 'Watching', body: [h('p', {}, 'You are watching this game. Team chat and hands stay hidden from spectators.')] } : null)
    );
  }

  function renderActions() {
    showPanel(actions, panel());
  }

  function renderLog() {
    if (state && checks) showLog(logList, logLines(state, log, game, ctx, checks));
  }

  function onThrow() {
    const pending = state?.throws?.pending;
    if (!state || !pending) return;
    if (!party.throwSticks(state)) {
      toast('Not connected. Reconnecting…', 'error');
      return;
    }
    thrownFor = pending.index;
    saving.sent();
    renderActions();
  }

  function runChecks() {
    if (!state || !checks) return;
    const s = state;
    const mine = checks;
    let changed = false;
    mine
      .run(log, sticks, (what) => {
        // A rematch began meanwhile: this game's checks are no longer on the page.
        if (mine !== checks) return;
        changed = true;
        showCheck(verifyEl, what, ctx);
        if (what.kind === 'reveal' && what.reveal.seat === s.you && s.commitment === 'trustless') secrets.drop(s.game_id, what.reveal.turn);
      })
      .then(() => {
        if (!changed) return;
        renderLog();
        renderActions();
      });
  }

  function showReplay() {
    if (!state || leaveReplay) return;
    grid.hidden = true;
    replayHost.hidden = false;
    leaveReplay = mountReplay(replayHost, state.game_id, game, { label: 'Back to the room', href: '#' });
  }

  function onHash() {
    if (location.hash === '#replay') {
      showReplay();
      return;
    }
    leaveReplay?.();
    leaveReplay = null;
    replayHost.hidden = true;
    grid.hidden = false;
  }

  function leave() {
    socket.close();
    clearInterval(timer);
    window.removeEventListener('hashchange', onHash);
    controller?.destroy();
    leaveReplay?.();
    fit.stop();
  }
  return leave;
}

/**
 * Buttons that bring each part of the room below the play into view, for a phone.
 * @param {Array<[string, HTMLElement]>} parts
 */
function roomNav(parts) {
  return h(
    'nav',
    { class: 'room-nav', 'aria-label': 'More of the room' },
    parts.map(([label, el]) => h('button', { type: 'button', class: 'link-button', onclick: () => el.scrollIntoView({ behavior: 'smooth', block: 'start' }) }, label)),
  );
}
