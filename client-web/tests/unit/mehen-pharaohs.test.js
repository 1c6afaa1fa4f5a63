// Pharaohs and lions Mehen: its words (phase, events, seat lines), the scene of the board
// and its SVG markup, on views shaped as src/rules/mehen_pharaohs/view.rs serializes them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventText, phaseText, seatLines, whyNotText } from '../../js/games/mehen-pharaohs/words.js';
import { BAND, layoutOf, pieceLabels, sceneOf } from '../../js/games/mehen-pharaohs/scene.js';
import { bandsMarkup, esc, lionMarkup, pharaohMarkup } from '../../js/games/mehen-pharaohs/svg.js';
import { decisionMarkup, teamsMarkup } from '../../js/games/mehen-pharaohs/panel.js';

const NAMES = ['Ra', 'Ptah', 'Isis', 'Bast'];
const COMMITMENT = '3f7bea031b083b4b1e013e609a01a19f454ff572752d641f40095911bf94b200';

/** A four-player view: Ra and Ptah are the Lions, Isis and Bast the Lionesses. */
function view(over = {}) {
  return {
    players: 4,
    spaces: 70,
    turn: 3,
    moving_team: 0,
    pharaohs: {
      0: { owner: 0, team: 0, place: 'serpent', space: 12, attacked_by: 2 },
      1: { owner: 1, team: 0, place: 'waiting', attacked_by: null },
      2: { owner: 2, team: 1, place: 'serpent', space: 40, attacked_by: null },
      3: { owner: 3, team: 1, place: 'delivered', attacked_by: null },
    },
    teams: [
      { team: 0, side: 'Lions', seats: [0, 1], standing: 2, attacking: 0, graveyard: 1, streak: 1 },
      { team: 1, side: 'Lionesses', seats: [2, 3], standing: 2, attacking: 1, graveyard: 0, streak: 0 },
    ],
    phase: { phase: 'choose', team: 0, pharaohs: [0, 1] },
    outcome: null,
    ...over,
  };
}

function state({ you = 0, legal = [], game = view() } = {}) {
  return {
    game,
    legal,
    you,
    status: 'playing',
    secret: null,
    seats: NAMES.map((name, seat) => ({ seat, team: seat < 2 ? 0 : 1, side: seat < 2 ? 'Lions' : 'Lionesses', name, connected: true })),
  };
}

/** The page's ctx for a viewer: "You"/"your" for its own seat. */
function ctx(you = 0) {
  const explained = [];
  const sent = [];
  return {
    name: (s) => (s === you ? 'You' : NAMES[s]),
    possessive: (s) => (s === you ? 'your' : `${NAMES[s]}’s`),
    color: (s) => (s < 2 ? '#c98a12' : '#11806f'),
    send: (a) => sent.push(a),
    announce: () => {},
    explain: (t) => explained.push(t),
    explained,
    sent,
  };
}

test('choosing: the team in words, from state.legal', () => {
  const legal = [{ type: 'choose', pharaoh: 0 }, { type: 'choose', pharaoh: 1 }];
  assert.equal(phaseText(state({ legal }), ctx()), 'Your team, the Lions, chooses which pharaoh moves: tap one of yours.');
  assert.equal(phaseText(state({ you: 2 }), ctx(2)), 'The Lions choose which of their pharaohs moves.');
  assert.equal(phaseText(state({ you: null }), ctx(-1)), 'The Lions choose which of their pharaohs moves.');
});

test('a move: who hides 1 to 5, who guesses, who reveals', () => {
  const conceal = view({ phase: { phase: 'conceal', pharaoh: 1, contest: 'move', concealer: 1, max: 5 } });
  assert.equal(phaseText(state({ game: conceal }), ctx()), 'Ptah hides 1 to 5 marbles to move their pharaoh.');
  assert.equal(phaseText(state({ you: 2, game: conceal }), ctx(2)), 'Ptah hides 1 to 5 marbles to move their pharaoh. Your team guesses next.');
  assert.equal(phaseText(state({ you: 1, game: conceal }), ctx(1)), 'You hide 1 to 5 marbles to move your pharaoh.');
  const guess = view({ phase: { phase: 'guess', pharaoh: 1, contest: 'move', concealer: 1, guessers: [2, 3], commitment: COMMITMENT, max: 5 } });
  assert.equal(
    phaseText(state({ you: 3, game: guess }), ctx(3)),
    'Your team guesses how many marbles Ptah hid (1 to 5). Whoever enters the guess moves their own pharaoh if it is right.',
  );
  assert.equal(phaseText(state({ game: guess }), ctx()), 'The Lionesses guess how many marbles Ptah hid (1 to 5).');
  const reveal = view({ phase: { phase: 'reveal', pharaoh: 1, contest: 'move', concealer: 1, commitment: COMMITMENT, guess: 4, guesser: 3 } });
  assert.equal(phaseText(state({ you: 1, game: reveal }), ctx(1)), 'Bast guessed 4: revealing your hand…');
  assert.equal(phaseText(state({ game: reveal }), ctx()), 'Bast guessed 4: waiting for Ptah to reveal.');
});

test('the lion duel: the lion’s owner hides 1 to 3, the pharaoh’s owner guesses', () => {
  const conceal = view({ phase: { phase: 'conceal', pharaoh: 0, contest: 'lion', concealer: 2, max: 3 } });
  assert.equal(
    phaseText(state({ game: conceal }), ctx()),
    'Lion duel: Isis hides 1 to 3 marbles for the lioness attacking your pharaoh; you guess next.',
  );
  const guess = view({ phase: { phase: 'guess', pharaoh: 0, contest: 'lion', concealer: 2, guessers: [0], commitment: COMMITMENT, max: 3 } });
  assert.equal(
    phaseText(state({ game: guess }), ctx()),
    'Lion duel: guess how many marbles Isis hid (1 to 3). Right kills the lioness and your pharaoh moves; wrong and it holds you this turn.',
  );
  assert.equal(phaseText(state({ you: 3, game: guess }), ctx(3)), 'Lion duel: Ra guesses how many marbles Isis hid (1 to 3) to kill the lioness.');
});

test('unleashing: a lion for the Lions, a lioness for the Lionesses, as buttons from state.legal', () => {
  const unleash = view({ moving_team: 1, phase: { phase: 'unleash', guesser: 0, target: 2 } });
  const legal = [{ type: 'unleash', target: 2 }, { type: 'spare' }];
  const s = state({ game: unleash, legal });
  assert.equal(phaseText(s, ctx()), 'Right guess! Unleash a lion on Isis’s pharaoh, or spare it.');
  assert.equal(phaseText(state({ you: 2, game: unleash }), ctx(2)), 'Right guess: Ra may unleash a lion on your pharaoh, or spare it.');
  const markup = decisionMarkup(s, ctx());
  assert.match(markup, /data-legal="0">Unleash a lion on Isis’s pharaoh</);
  assert.match(markup, /data-legal="1">Spare it: keep the lions back</);
  assert.equal(decisionMarkup(state({ you: 2, game: unleash }), ctx(2)), '', 'no buttons without legal actions');
});

test('choosing buttons name each pharaoh and where it is; a guess is left to the shared panel', () => {
  const legal = [{ type: 'choose', pharaoh: 0 }, { type: 'choose', pharaoh: 1 }];
  const markup = decisionMarkup(state({ legal }), ctx());
  assert.match(markup, /data-legal="0">Move your pharaoh \(on space 12\)</);
  assert.match(markup, /data-legal="1">Move Ptah’s pharaoh \(waiting by the tail\)</);
  const guess = view({ phase: { phase: 'guess', pharaoh: 1, contest: 'move', concealer: 1, guessers: [2, 3], commitment: COMMITMENT, max: 5 } });
  assert.equal(decisionMarkup(state({ you: 2, game: guess, legal: [{ type: 'guess', number: 1 }] }), ctx(2)), '');
});

test('a tap on a pharaoh that cannot be chosen says why', () => {
  const legal = [{ type: 'choose', pharaoh: 0 }, { type: 'choose', pharaoh: 1 }];
  assert.equal(whyNotText(state({ legal }), ctx(), 2), 'Isis’s pharaoh plays for the Lionesses: your team moves one of its own.');
  const unleash = view({ phase: { phase: 'unleash', guesser: 0, target: 2 } });
  const s = state({ game: unleash, legal: [{ type: 'unleash', target: 2 }, { type: 'spare' }] });
  assert.equal(whyNotText(s, ctx(), 3), 'A lion may only be set on Isis’s pharaoh, whose marbles you guessed.');
  assert.equal(whyNotText(state({ you: 2 }), ctx(2), 0), 'Not now: The Lions choose which of their pharaohs moves.');
});

test('every event of the rule set has words', () => {
  const s = state();
  const c = ctx();
  const lines = [
    [{ type: 'turn_began', team: 0 }, 'Your team’s turn (Lions).'],
    [{ type: 'turn_began', team: 1 }, 'The Lionesses’ turn.'],
    [{ type: 'pharaoh_chosen', pharaoh: 1 }, 'Ptah’s pharaoh is chosen to move.'],
    [{ type: 'concealed', seat: 1, turn: 4, contest: 'move', commitment: COMMITMENT }, 'Ptah hid marbles for a move (commitment 3f7bea03…).'],
    [{ type: 'concealed', seat: 2, turn: 5, contest: 'lion', commitment: COMMITMENT }, 'Isis hid marbles for the lion duel (commitment 3f7bea03…).'],
    [{ type: 'guessed', by: 0, number: 2 }, 'You guessed 2.'],
    [{ type: 'revealed', seat: 2, turn: 5, number: 2, nonce: '00', correct: true }, 'Isis revealed 2: guessed right!'],
    [{ type: 'withheld', seat: 3 }, 'Bast did not reveal in time: counted as guessed right.'],
    [{ type: 'moved', pharaoh: 1, from: { place: 'waiting' }, to: { place: 'serpent', space: 3 } }, 'Ptah’s pharaoh entered the serpent on space 3.'],
    [{ type: 'moved', pharaoh: 0, from: { place: 'serpent', space: 12 }, to: { place: 'serpent', space: 15 } }, 'Your pharaoh moved from space 12 to 15.'],
    [{ type: 'moved', pharaoh: 3, from: { place: 'serpent', space: 68 }, to: { place: 'delivered' } }, 'Bast’s pharaoh reached the head and is reborn into the afterlife!'],
    [{ type: 'swapped', pharaoh: 2, to: 12 }, 'Isis’s pharaoh was landed on and swapped back to space 12.'],
    [{ type: 'sent_off', pharaoh: 2 }, 'Isis’s pharaoh was landed on by an entering pharaoh and must start again by the tail.'],
    [{ type: 'stayed', pharaoh: 0 }, 'Your pharaoh cannot take the move: it is held by a lion or already delivered.'],
    [{ type: 'lion_unleashed', by: 2, target: 0 }, 'Isis unleashed a lioness on your pharaoh.'],
    [{ type: 'lion_spared', by: 1 }, 'Ptah kept the lions back.'],
    [{ type: 'lion_killed', target: 0, team: 1 }, 'Your pharaoh killed the lioness: it goes to the Lionesses’ graveyard.'],
    [{ type: 'lion_held', target: 0 }, 'The lioness holds your pharaoh: no move this turn.'],
    [{ type: 'lion_returned', target: 2, team: 0 }, 'The lion attacking Isis’s pharaoh went back to the Lions’ hand.'],
    [{ type: 'lion_revived', team: 0 }, 'Two right guesses in a row: a dead lion of the Lions comes back to life.'],
    [{ type: 'game_over', outcome: { winner: 0, reason: 'all_delivered' } }, 'Your team, the Lions, won: all their pharaohs are delivered into the afterlife.'],
    [{ type: 'game_over', outcome: { winner: 1, reason: 'all_delivered' } }, 'The Lionesses won: all their pharaohs are delivered into the afterlife.'],
  ];
  for (const [ev, words] of lines) assert.equal(eventText(ev, s, c), words, ev.type);
});

test('the game over in words', () => {
  const over = view({ moving_team: null, phase: { phase: 'over' }, outcome: { winner: 1, reason: 'all_delivered' } });
  assert.equal(phaseText(state({ you: 2, game: over }), ctx(2)), 'Your team, the Lionesses, won: all their pharaohs are delivered into the afterlife.');
});

test('seat lines: where the pharaoh is, and the lion attacking it', () => {
  const s = state();
  assert.deepEqual(seatLines(s, 0), ['Pharaoh on space 12', 'Attacked by Isis’s lioness']);
  assert.deepEqual(seatLines(s, 1), ['Pharaoh waiting by the tail']);
  assert.deepEqual(seatLines(s, 3), ['Pharaoh delivered into the afterlife']);
  assert.deepEqual(seatLines(s, 9), []);
});

test('the scene: pharaohs on their spaces, waiting below, delivered above, the lion across the track', () => {
  const scene = sceneOf(view());
  const { points } = layoutOf(70);
  assert.equal(points.length, 71, 'the tail’s end, then spaces 1 to 70, the head last');
  assert.deepEqual([points[70].x, points[70].y], [0, 0], 'the head in the middle');
  const at = (id) => scene.pharaohs.find((p) => p.id === id);
  assert.deepEqual([at(0).x, at(0).y], [points[12].x, points[12].y], 'space 12 is point 12');
  assert.ok(at(1).y > scene.box.y + scene.box.height - BAND, 'a waiting pharaoh is in the band below the coil');
  assert.ok(at(3).y < scene.box.y + BAND, 'a delivered pharaoh is in the band above the coil');
  assert.equal(scene.lions.length, 1);
  const lion = scene.lions[0];
  assert.equal(lion.team, 1, 'the attacker is a lioness');
  assert.equal(lion.target, 0);
  // Across the track: perpendicular to the serpent at space 12, and facing the pharaoh.
  const [dx, dy] = [at(0).x - lion.x, at(0).y - lion.y];
  const track = (points[12].angle * Math.PI) / 180;
  assert.ok(Math.abs(dx * Math.cos(track) + dy * Math.sin(track)) < 1e-9, 'perpendicular to the track');
  assert.ok(Math.abs((Math.atan2(dy, dx) * 180) / Math.PI - lion.facing) < 1e-9, 'facing the pharaoh');
  assert.ok(Math.hypot(lion.x, lion.y) > Math.hypot(at(0).x, at(0).y), 'on the side away from the head');
});

test('labels: initials, or seat numbers when two names share one', () => {
  assert.deepEqual(pieceLabels(state().seats), { 0: 'R', 1: 'P', 2: 'I', 3: 'B' });
  const twins = [{ seat: 0, name: 'Ra' }, { seat: 1, name: 'Renen' }];
  assert.deepEqual(pieceLabels(twins), { 0: '1', 1: '2' });
});

test('the SVG: the bands’ captions; square Lions, diamond Lionesses; escaped text', () => {
  const scene = sceneOf(view());
  const bands = bandsMarkup(scene);
  assert.match(bands, /Afterlife/);
  assert.match(bands, /Waiting by the tail/);
  const look = { color: '#c98a12', label: 'R', title: 'Ra <b>', mine: true, tappable: true };
  const lionsPharaoh = pharaohMarkup(scene.pharaohs[0], look);
  assert.match(lionsPharaoh, /<rect class="ph-shape"/);
  assert.match(lionsPharaoh, /ph-tap-ring/);
  assert.match(lionsPharaoh, /<title>Ra &#60;b&#62;<\/title>/);
  const lionesses = pharaohMarkup(scene.pharaohs[2], { ...look, mine: false, tappable: false });
  assert.match(lionesses, /<path class="ph-shape" d="M0 -0.4/);
  assert.doesNotMatch(lionesses, /ph-tap-ring|ph-mine/);
  assert.equal(esc(`"x" & 'y'`), '&#34;x&#34; &#38; &#39;y&#39;');
});

test('a lioness has no mane; a lion facing left is mirrored, not upside down', () => {
  const right = lionMarkup({ kind: 'lion', target: 0, team: 1, x: 0, y: 0, facing: 10 }, '#11806f', 't');
  assert.doesNotMatch(right, /ph-mane/);
  assert.doesNotMatch(right, /scale\(1 -1\)/);
  const left = lionMarkup({ kind: 'lion', target: 0, team: 0, x: 0, y: 0, facing: 170 }, '#c98a12', 't');
  assert.match(left, /ph-mane/);
  assert.match(left, /rotate\(170\.000\) scale\(1 -1\) scale/);
});

test('team cards: the viewer’s team first, lions in hand, the graveyard and the streak', () => {
  const labels = pieceLabels(state().seats);
  const cards = teamsMarkup(state({ you: 2 }), ctx(2), labels);
  assert.ok(cards.indexOf('aria-label="Lionesses"') < cards.indexOf('aria-label="Lions"'), 'own team first');
  assert.match(cards, /In hand: 2</);
  assert.match(cards, /Attacking: 1/);
  assert.match(cards, /Graveyard: 1</);
  assert.match(cards, /Graveyard: empty/);
  assert.equal((cards.match(/ph-icon ph-dead/g) || []).length, 1, 'one dead lion drawn');
  assert.match(cards, /square pharaohs/);
  assert.match(cards, /diamond pharaohs/);
  assert.match(cards, /Streak: 1 right/);
});

test('six pharaohs waiting all fit in the band below the coil', () => {
  const pharaohs = Object.fromEntries([0, 1, 2, 3, 4, 5].map((s) => [s, { owner: s, team: s < 3 ? 0 : 1, place: 'waiting', attacked_by: null }]));
  const scene = sceneOf(view({ players: 6, pharaohs }));
  const right = scene.box.x + scene.box.width;
  for (const p of scene.pharaohs) assert.ok(p.x + 0.45 < right && p.x - 0.45 > scene.box.x, `pharaoh ${p.id} inside the board`);
  const xs = scene.pharaohs.map((p) => p.x);
  for (let i = 1; i < xs.length; i++) assert.ok(xs[i] - xs[i - 1] >= 1.04, 'tap rings do not overlap');
});
