// The games page: finished games from the server's archive (GET /api/games), newest first,
// filtered by game and by a player's name, or this browser's own (the games its seat tokens
// sat in, POST /api/games/mine), a page at a time; and one game's replay with a link to share
// it and its audit bundle to check it with `hesy verify`.
//
// `#games?rule_set=senet&player=Ada&page=1` is the list (its filters kept in the address, so
// the back button and a shared link find the same games; `mine=1` for this browser's own);
// `#games/{id}` is one game.

import { ApiError, listGames, listMyGames, ruleSets, ruleSetTitle } from '../api.js';
import { h, announce } from '../dom.js';
import { paths } from '../protocol.js';
import { copy } from '../share.js';
import { store } from '../store.js';
import { mountReplay } from './replay.js';

/** @typedef {import('../types.js').ArchivedGame} ArchivedGame */
/** @typedef {import('../types.js').PlayedSeat} PlayedSeat */
/** @typedef {import('../types.js').Replay} Replay */
/** @typedef {{rule_set: string, player: string, mine: boolean, page: number, per_page: number | undefined}} Filter */

/** The list as last shown, for a replay's way back. */
let lastList = '#games';

/** @param {string} text */
const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1).replace(/_/g, ' ');

/** "Ada", "Ada and Cy", "Ada, Cy and Eve". @param {string[]} names */
export function listOf(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
}

/** A game's options in a few words: "Duel · Compact", "4 players". @param {Record<string, unknown>} options */
export function optionWords(options) {
  return Object.entries(options)
    .map(([key, value]) => (typeof value === 'number' ? `${value} ${key.replace(/_/g, ' ')}` : cap(String(value))))
    .join(' · ');
}

/** Who played which side: "Ada (Carnelian) · Ben (Lapis)", a team's players together. @param {PlayedSeat[]} seats */
export function sidesOf(seats) {
  /** @type {Map<string, string[]>} */
  const bySide = new Map();
  for (const s of seats) bySide.set(s.side, [...(bySide.get(s.side) ?? []), s.name]);
  return [...bySide].map(([side, names]) => `${listOf(names)} (${side})`).join(' · ');
}

/** How the game ended, in words: "Ada won", "Ada, Cy and Eve won", "A draw". @param {ArchivedGame} game */
export function resultOf(game) {
  const winner = game.result?.winner;
  if (winner === null) return 'A draw';
  if (winner === undefined) return 'Ended';
  return `${listOf(game.seats.filter((s) => s.team === winner).map((s) => s.name))} won`;
}

/** When a game ended, in this browser's language and time zone. @param {string | null} at */
function when(at) {
  if (!at) return null;
  const date = new Date(at);
  return h('time', { datetime: at }, date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
}

/** The filter an address holds. @param {string} query @returns {Filter} */
function filterOf(query) {
  const q = new URLSearchParams(query);
  const perPage = Number(q.get('per_page'));
  return {
    rule_set: q.get('rule_set') ?? '',
    player: q.get('player') ?? '',
    mine: q.get('mine') === '1',
    page: Math.max(0, Math.floor(Number(q.get('page')) || 0)),
    per_page: perPage > 0 ? perPage : undefined,
  };
}

/** The address of a filter. @param {Filter} filter */
function addressOf(filter) {
  const q = new URLSearchParams();
  if (filter.rule_set) q.set('rule_set', filter.rule_set);
  if (filter.player) q.set('player', filter.player);
  if (filter.mine) q.set('mine', '1');
  if (filter.page) q.set('page', String(filter.page));
  if (filter.per_page) q.set('per_page', String(filter.per_page));
  const query = String(q);
  return `#games${query ? `?${query}` : ''}`;
}

/**
 * The games page: `rest` is what follows `#games` in the address.
 * @param {HTMLElement} main
 * @param {string} rest
 * @returns {() => void} leaves the page
 */
export function gamesPage(main, rest) {
  const id = rest.match(/^\/([0-9a-f-]{36})$/i)?.[1];
  if (id) return gameView(main, id);
  listView(main, filterOf(rest.replace(/^\?/, '')));
  return () => {};
}

/** @param {HTMLElement} main @param {Filter} filter */
function listView(main, filter) {
  document.title = 'Hesy · finished games';
  const ruleSetField = h('select', { id: 'games-rule-set', name: 'rule_set' }, h('option', { value: '' }, 'Every game'));
  const playerField = h('input', {
    id: 'games-player',
    name: 'player',
    type: 'search',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'A player’s name',
    value: filter.player,
  });
  const held = store.seats().map((s) => s.token);
  const form = h(
    'form',
    { class: 'card games-filter', role: 'search', 'aria-label': 'Find games' },
    h('div', { class: 'field' }, h('label', { for: 'games-rule-set' }, 'Game'), ruleSetField),
    h('div', { class: 'field' }, h('label', { for: 'games-player' }, 'Player'), playerField),
    h(
      'div',
      { class: 'button-row' },
      h('button', { type: 'submit', class: 'primary' }, 'Find games'),
      held.length ? h('button', { type: 'button', class: 'your-games', onclick: () => search({ player: '', mine: true }) }, 'Your games') : null,
    ),
  );
  const intro = h('p', { class: 'games-intro' }, 'Every game played to its end on this server, newest first. Open one to replay it move by move and check that every throw and hidden number was fair.');
  const status = h('p', { class: 'games-status small', 'aria-live': 'polite' });
  const list = h('ol', { class: 'games-list', 'aria-labelledby': 'games-title' });
  const pager = h('nav', { class: 'button-row games-pager', 'aria-label': 'Pages' });
  const results = h('section', { class: 'games-results' }, status, list, pager);
  main.append(
    h(
      'div',
      { class: 'games-page' },
      h('h1', { id: 'games-title' }, 'Finished games'),
      intro,
      form,
      results,
    ),
  );

  ruleSets()
    .then((all) => {
      ruleSetField.append(...all.map((r) => h('option', { value: r.name, selected: r.name === filter.rule_set }, r.title)));
    })
    .catch(() => {});
  ruleSetField.addEventListener('change', () => search({}));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    search({ mine: false });
  });

  /** Shows page 0 of the form's filter, with `change` on top. @param {Partial<Filter>} change */
  function search(change) {
    if (change.player !== undefined) playerField.value = change.player;
    load({ ...filter, rule_set: ruleSetField.value, player: playerField.value.trim(), page: 0, ...change });
  }

  /** Answers to an older search are dropped. */
  let asked = 0;
  /** @param {Filter} next */
  function load(next) {
    const ask = ++asked;
    filter = next;
    lastList = addressOf(filter);
    history.replaceState(null, '', lastList);
    status.textContent = 'Looking for games…';
    const { rule_set, player, page, per_page } = filter;
    const asking = !filter.mine ? listGames({ rule_set, player, page, per_page }) : held.length ? listMyGames(held, filter) : Promise.resolve({ games: [], next_page: null });
    asking
      .then((page) => {
        if (ask !== asked || !main.contains(results)) return;
        show(page.games, page.next_page);
      })
      .catch((err) => {
        if (ask !== asked) return;
        list.replaceChildren();
        pager.replaceChildren();
        if (err instanceof ApiError && err.code === 'no_archive') {
          form.hidden = true;
          intro.hidden = true;
          results.replaceChildren(h('section', { class: 'card notice no-archive' }, h('h2', {}, 'No archive on this server'), h('p', {}, err.message), h('p', {}, h('a', { href: '/' }, 'Play a game'))));
          return;
        }
        status.textContent = `The games could not be loaded: ${err instanceof Error ? err.message : err}`;
      });
  }

  /** @param {ArchivedGame[]} found @param {number | null} nextPage */
  function show(found, nextPage) {
    const filtered = filter.rule_set || filter.player || filter.mine;
    const page = filter.page + 1;
    const whose = filter.mine ? ' you played' : filter.player ? ` with ${filter.player}` : '';
    status.textContent = found.length
      ? `Page ${page}: ${found.length} game${found.length === 1 ? '' : 's'}${whose}.`
      : filter.mine
        ? 'None of the games you sat down in on this browser has ended yet.'
        : filtered
          ? 'No finished game matches. Try another name or every game.'
          : 'No game has been played to its end here yet.';
    announce(status.textContent);
    list.replaceChildren(...found.map(row));
    pager.replaceChildren(
      ...[
        filter.page > 0 ? h('button', { type: 'button', class: 'newer', onclick: () => turn(-1) }, '◀ Newer') : '',
        nextPage !== null ? h('button', { type: 'button', class: 'older', onclick: () => turn(1) }, 'Older ▶') : '',
      ],
    );
  }

  /** @param {number} by */
  function turn(by) {
    load({ ...filter, page: Math.max(0, filter.page + by) });
    results.scrollIntoView({ block: 'start' });
  }

  load(filter);
}

/** One game in the list: a link to its replay. @param {ArchivedGame} game */
function row(game) {
  const title = h('strong', { class: 'game-title' }, game.rule_set);
  ruleSetTitle(game.rule_set).then((t) => (title.textContent = t));
  const options = optionWords(game.options);
  return h(
    'li',
    { class: 'card game-row', 'data-game': game.id, 'data-rule-set': game.rule_set },
    h(
      'a',
      { href: `#games/${game.id}`, class: 'game-link' },
      h('span', { class: 'game-name' }, title, options ? h('span', { class: 'small' }, ` · ${options}`) : null),
      h('span', { class: 'game-players' }, sidesOf(game.seats)),
      h('span', { class: 'game-result' }, h('strong', {}, resultOf(game)), game.ended_at ? h('span', { class: 'sep' }, ' · ') : null, when(game.ended_at)),
    ),
  );
}

/** One game's replay, with its link and audit bundle. @param {HTMLElement} main @param {string} id */
function gameView(main, id) {
  document.title = 'Hesy · replay of a finished game';
  const host = h('div', { class: 'replay-host archive-replay' });
  main.append(host);
  return mountReplay(host, id, undefined, { label: 'All games', href: lastList }, (replay) => [about(replay)]);
}

/** The game's players, its link to share and its bundle to check. @param {Replay} replay */
function about(replay) {
  const link = `${location.origin}/#games/${replay.id}`;
  const file = `hesy-game-${replay.id}.json`;
  const copyButton = h(
    'button',
    {
      type: 'button',
      onclick: async () => {
        const ok = await copy(link);
        copyButton.textContent = ok ? 'Copied!' : 'Select the link and copy it';
        setTimeout(() => (copyButton.textContent = 'Copy link'), 2000);
      },
    },
    'Copy link',
  );
  const title = h('h2', { id: 'game-about-title' }, replay.rule_set);
  ruleSetTitle(replay.rule_set).then((t) => (title.textContent = t));
  return h(
    'section',
    { class: 'card game-about', 'aria-labelledby': 'game-about-title' },
    title,
    h('p', {}, sidesOf(replay.seats)),
    h('p', {}, h('strong', {}, resultOf(replay)), replay.ended_at ? ' · ended ' : null, when(replay.ended_at)),
    h('h3', {}, 'Share this game'),
    h('div', { class: 'link-row' }, h('a', { href: link, class: 'link-text game-share-link' }, link), copyButton),
    h('h3', {}, 'Check it yourself'),
    h('p', {}, h('a', { class: 'button', href: paths.bundle(replay.id), download: file }, 'Download the audit bundle')),
    h(
      'p',
      { class: 'small' },
      'The bundle holds every move, commitment, reveal and throw proof of the game. Anyone can re-check it without trusting this server: run ',
      h('code', {}, `hesy verify ${file}`),
      ' and it replays the game by its rules and checks every hidden number and throw.',
    ),
  );
}
