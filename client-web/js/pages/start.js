// The start page: every rule set the server offers (GET /api/rule-sets) with its line and
// picture; create a room of one with its own options, or play it against the computer in one
// step (a room with you seated and computer players in the other seats); or join by code.
// Above them, the games this browser holds a seat in (`your-games.js`).

import { addComputer, createRoom, getRoom, ruleSets, takeSeat } from '../api.js';
import { h, toast } from '../dom.js';
import { games } from '../games/index.js';
import { learnCard } from '../lessons/links.js';
import { ROOM_CODE, paths } from '../protocol.js';
import { store } from '../store.js';
import { yourGames } from './your-games.js';

/** @typedef {import('../types.js').RuleSetInfo} RuleSetInfo */
/** @typedef {{value: string | number, label: string, hint: string}} Choice */
/** @typedef {{name: string, legend: string, integer: boolean, choices: Choice[], initial: string | number}} OptionField */

/** @param {string} text */
const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1).replace(/_/g, ' ');

/** "2 players", "2 or 6 players", "2, 4 or 6 players". @param {number[]} counts */
export function playerCount(counts) {
  const sorted = [...new Set(counts)].sort((a, b) => a - b);
  const words = sorted.length > 1 ? `${sorted.slice(0, -1).join(', ')} or ${sorted[sorted.length - 1]}` : String(sorted[0] ?? '?');
  return `${words} player${sorted.length === 1 && sorted[0] === 1 ? '' : 's'}`;
}

/**
 * A rule set's options as form fields, read from its options' JSON Schema and its presets:
 * each property's values (an `enum`, `const`s with descriptions, or the presets' values),
 * the first preset's as the initial choice, and "N players" beside a value that decides it.
 * @param {RuleSetInfo} info
 * @returns {OptionField[]}
 */
export function optionFields(info) {
  const schema = info.options;
  /** @param {any} node */
  const resolve = (node) => {
    const ref = typeof node?.$ref === 'string' ? node.$ref.match(/^#\/\$defs\/(.+)$/) : null;
    return ref ? { ...schema.$defs?.[ref[1]], ...node, $ref: undefined } : node || {};
  };
  const seatsVary = new Set(info.presets.map((p) => p.seats)).size > 1;
  /** @type {Array<OptionField & {decidesSeats: boolean}>} */
  const fields = Object.entries(schema.properties || {}).map(([name, raw]) => {
    const prop = resolve(raw);
    const integer = prop.type === 'integer';
    /** @type {Array<{value: string | number, hint: string}>} */
    const known = Array.isArray(prop.enum)
      ? prop.enum.map((/** @type {string | number} */ value) => ({ value, hint: '' }))
      : Array.isArray(prop.oneOf)
        ? prop.oneOf.filter((/** @type {any} */ o) => 'const' in o).map((/** @type {any} */ o) => ({ value: o.const, hint: (o.description || '').replace(/\.$/, '') }))
        : [];
    for (const p of info.presets) {
      const value = /** @type {string | number} */ (p.options[name]);
      if (value !== undefined && !known.some((k) => k.value === value)) known.push({ value, hint: '' });
    }
    const choices = known.map(({ value, hint }) => {
      const seats = info.presets.filter((p) => p.options[name] === value).map((p) => p.seats);
      const players = seatsVary && seats.length && new Set(seats).size === 1 ? playerCount(seats) : '';
      // A number that is the count of players reads as one ("2 players", not "2 · 2 players").
      if (players && players === playerCount([Number(value)])) return { value, label: players, hint, decides: true };
      return { value, label: typeof value === 'string' ? cap(value) : String(value), hint: [players, hint].filter(Boolean).join(' · '), decides: !!players };
    });
    const initial = /** @type {string | number} */ (info.presets[0]?.options[name] ?? prop.default ?? choices[0]?.value);
    return { name, legend: cap(name), integer, choices: choices.map(({ decides, ...c }) => c), initial, decidesSeats: choices.some((c) => c.decides) };
  });
  // What decides how many play comes first.
  return fields.sort((a, b) => Number(b.decidesSeats) - Number(a.decidesSeats));
}

/**
 * @param {string} name @param {string} legend @param {Array<{value: string | number, label: string, hint: string}>} choices
 * @param {string | number} initial
 */
function radios(name, legend, choices, initial) {
  return h(
    'fieldset',
    { class: 'choices' },
    h('legend', {}, legend),
    choices.map((c) =>
      h(
        'label',
        { class: 'choice' },
        h('input', { type: 'radio', name, value: String(c.value), checked: c.value === initial }),
        h('span', { class: 'choice-body' }, h('strong', {}, c.label), c.hint ? h('small', {}, c.hint) : null),
      ),
    ),
  );
}

/** Goes to room `code`. @param {string} code */
const enter = (code) => location.assign(paths.roomPage(code));

/**
 * A room of `settings` with this browser in its first seat and `strength` computers in the
 * others; returns its code.
 * @param {Parameters<typeof createRoom>[0]} settings @param {'easy' | 'strong'} strength
 */
async function againstComputers(settings, strength) {
  const { code } = await createRoom(settings);
  const info = await getRoom(code);
  const [mine, ...others] = info.seats;
  store.saveSeat(code, await takeSeat(code, store.name() || 'Player', mine.seat));
  for (const seat of others) await addComputer(code, strength, seat.seat);
  return code;
}

/** A game to pick: its picture, title, line and how many play. @param {RuleSetInfo} info @param {boolean} checked */
function gameChoice(info, checked) {
  const about = games[info.name]?.howToPlay;
  return h(
    'label',
    { class: 'choice game-choice' },
    h('input', { type: 'radio', name: 'rule_set', value: info.name, checked }),
    about ? h('span', { class: 'game-picture' }, about.picture()) : null,
    h(
      'span',
      { class: 'choice-body' },
      h('strong', {}, info.title),
      about ? h('span', { class: 'game-line' }, about.summary) : null,
      h('small', {}, [playerCount(info.presets.map((p) => p.seats)), about ? '' : 'this client cannot draw it yet'].filter(Boolean).join(' · ')),
    ),
  );
}

/**
 * @param {HTMLElement} main
 * @returns {() => void} leaves the page
 */
export function startPage(main) {
  const title = 'Hesy · the games of the Tomb of Hesy';
  document.title = title;
  const yours = yourGames(title);
  const optionsHost = h('div', { class: 'options-host' });
  const gamesHost = h('div', { class: 'games-host' }, h('p', { class: 'small' }, 'Loading the games…'));
  const commitment = radios(
    'commitment',
    'Who keeps a concealed number',
    [
      { value: 'server', label: 'The server', hint: 'It commits to your number and reveals it for you' },
      { value: 'trustless', label: 'Your browser', hint: 'Trustless: the server learns your number only at the reveal' },
    ],
    'server',
  );
  const create = h(
    'form',
    { class: 'card create', 'aria-labelledby': 'create-title' },
    h('h2', { id: 'create-title' }, 'Choose a game'),
    gamesHost,
    optionsHost,
    h(
      'label',
      { class: 'field' },
      h('span', {}, 'Time for each step (playing with friends)'),
      h(
        'select',
        { name: 'timer' },
        h('option', { value: '' }, 'No timer'),
        h('option', { value: '30' }, '30 seconds'),
        h('option', { value: '60' }, '1 minute'),
        h('option', { value: '120', selected: true }, '2 minutes'),
        h('option', { value: '300' }, '5 minutes'),
        h('option', { value: '86400' }, '1 day'),
        h('option', { value: '259200' }, '3 days'),
      ),
    ),
    commitment,
    radios(
      'computer',
      'The computer plays',
      [
        { value: 'easy', label: 'Easy', hint: 'For a first game' },
        { value: 'strong', label: 'Strong', hint: 'It plays to win' },
      ],
      'easy',
    ),
    h(
      'div',
      { class: 'create-bar' },
      h('button', { type: 'submit', class: 'primary', value: 'computer' }, 'Play against the computer'),
      h('button', { type: 'submit', value: 'friends' }, 'Create room'),
    ),
  );
  /** @type {RuleSetInfo[]} */
  let offered = [];
  /** @type {OptionField[]} */
  let fields = [];
  const chosen = () => offered.find((r) => r.name === new FormData(create).get('rule_set'));
  const showOptions = () => {
    const info = chosen();
    fields = info ? optionFields(info) : [];
    optionsHost.replaceChildren(...fields.filter((f) => f.choices.length > 1).map((f) => radios(f.name, f.legend, f.choices, f.initial)));
    // Only the games where a player hides a number ask who keeps it.
    commitment.hidden = !(info && games[info.name]?.howToPlay.conceals);
  };
  ruleSets()
    .then((all) => {
      offered = all;
      gamesHost.replaceChildren(
        h('fieldset', { class: 'choices game-choices' }, h('legend', { class: 'sr-only' }, 'Game'), all.map((r, i) => gameChoice(r, i === 0))),
      );
      showOptions();
    })
    .catch((err) => gamesHost.replaceChildren(h('p', { role: 'alert' }, `The server did not list its games: ${err instanceof Error ? err.message : err}`)));
  create.addEventListener('change', (e) => {
    if (/** @type {HTMLInputElement} */ (e.target).name === 'rule_set') showOptions();
  });
  create.addEventListener('submit', async (e) => {
    e.preventDefault();
    const info = chosen();
    if (!info) return;
    const data = new FormData(create);
    const alone = /** @type {HTMLButtonElement | null} */ (e.submitter)?.value === 'computer';
    const buttons = [...create.querySelectorAll('button[type=submit]')].map((b) => /** @type {HTMLButtonElement} */ (b));
    buttons.forEach((b) => (b.disabled = true));
    try {
      const timer = String(data.get('timer') || '');
      /** @type {Record<string, unknown>} */
      const options = {};
      for (const f of fields) {
        const raw = data.get(f.name) ?? String(f.initial);
        options[f.name] = f.integer ? Number(raw) : String(raw);
      }
      /** @type {Parameters<typeof createRoom>[0]} */
      const settings = {
        rule_set: info.name,
        options,
        // Nobody needs hurrying at a table of computers.
        turn_timer: timer && !alone ? Number(timer) : null,
        commitment: data.get('commitment') === 'trustless' && !commitment.hidden ? 'trustless' : 'server',
      };
      enter(alone ? await againstComputers(settings, data.get('computer') === 'strong' ? 'strong' : 'easy') : (await createRoom(settings)).code);
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err), 'error');
      buttons.forEach((b) => (b.disabled = false));
    }
  });

  const codeInput = h('input', {
    name: 'code',
    id: 'join-code',
    autocomplete: 'off',
    autocapitalize: 'none',
    spellcheck: 'false',
    inputmode: 'text',
    placeholder: 'k7hq2mxa9c',
    required: true,
  });
  const join = h(
    'form',
    { class: 'card join', 'aria-labelledby': 'join-title' },
    h('h2', { id: 'join-title' }, 'Join a room'),
    h('label', { class: 'field', for: 'join-code' }, h('span', {}, 'Room code or link')),
    codeInput,
    h('button', { type: 'submit' }, 'Join'),
  );
  join.addEventListener('submit', (e) => {
    e.preventDefault();
    const raw = codeInput.value.trim();
    const code = (raw.match(/\/r\/([^/#?\s]+)/)?.[1] || raw).toLowerCase();
    if (!ROOM_CODE.test(code)) {
      toast('A room code is 10 letters and digits, like k7hq2mxa9c.', 'error');
      codeInput.focus();
      return;
    }
    enter(code);
  });

  main.append(
    h(
      'section',
      { class: 'hero' },
      h('h1', {}, 'The games of the Tomb of Hesy'),
      h(
        'p',
        {},
        'Board games painted in an Egyptian tomb some 4,600 years ago, to play in the browser: against the computer, or with friends by sending a room’s link. ',
        h('a', { href: '/#rules' }, 'Read the rules'),
        '.',
      ),
      h('p', {}, h('a', { href: '/#games' }, 'Replay a finished game'), ': find any game played here, step through it and check it was fair.'),
    ),
    yours.el,
    h('div', { class: 'start-grid' }, create, h('div', { class: 'start-side' }, join, learnCard())),
  );
  return yours.leave;
}
