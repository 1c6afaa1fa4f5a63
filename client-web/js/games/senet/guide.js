// The short guide the rules page shows above the full rules (docs/rules/senet.md).

export const guides = [
  {
    title: 'Senet: Cones against Spools',
    points: [
      'Two players with five pieces each: the Cones (cone-shaped) and the Spools (reel-shaped). They start alternating on squares 1 to 10, and the Cones throw first.',
      'Throw the four sticks: each flat face up counts 1, so a throw is 1 to 4, and no flat face at all counts 6. There is no 5.',
      'Move one piece forward exactly that many squares along the track: 1 to 10 on the top row, 11 to 20 back along the middle, 21 to 30 along the bottom. If any piece can use the throw, you must move one.',
      'A 1, 4 or 6 that you used earns another throw; otherwise, or when no piece can use the throw, the turn passes.',
      'Land on a lone enemy piece and the two change places: it goes back to the square you came from. Two pieces of one side next to each other cannot be landed on; three in a row cannot be passed either.',
      'Every piece must stop on 26, the House of Beauty, before going on. A piece that stops on 27, the House of Water, drowns and goes back to 15, the House of Rebirth (or the lowest free square if 15 is taken).',
      'Pieces leave the board with exactly a 3 from 28, a 2 from 29 or a 1 from 30. The first to bring all five pieces off wins.',
      'On screen: throw the sticks, tap a piece in a gold frame, then tap the ring where it lands.',
    ],
  },
];
