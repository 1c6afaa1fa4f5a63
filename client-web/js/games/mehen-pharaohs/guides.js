// The short guides the rules page shows above docs/rules/mehen-pharaohs.md: the game in a
// few lines, and how to read this board.

export const guides = [
  {
    title: 'Pharaohs and lions: 2, 4 or 6 players in two teams',
    points: [
      'Lions against Lionesses. Every player races one pharaoh from beside the tail (space 1 is the first) past space 70 into the head; it need not land exactly.',
      'The teams take turns, Lions first. On its turn a team picks which of its pharaohs moves.',
      'That pharaoh’s owner hides 1 to 5 marbles. The other team talks it over in team chat, proposes numbers, and one of them enters the guess.',
      'Wrong guess: the chosen pharaoh moves that many spaces. Right guess: the guesser’s own pharaoh moves instead, and the guesser may set one of the team’s lions on the pharaoh that just hid.',
      'Land on an opponent and you swap places (an opponent hit by a pharaoh entering the board goes back beside the tail). Land on a teammate and you step on to the next space.',
      'Two right move guesses in a row bring one of the team’s dead lions back.',
      'The first team to deliver all its pharaohs through the head wins.',
    ],
  },
  {
    title: 'The lion duel',
    points: [
      'A pharaoh with a lion on it cannot move until it kills the lion.',
      'When its team picks it, the lion’s owner hides 1 to 3 marbles and the pharaoh’s owner guesses.',
      'Right: the lion goes to its team’s graveyard and the pharaoh makes a normal move. Wrong: the lion stays and the turn ends.',
    ],
  },
  {
    title: 'Reading the board',
    points: [
      'The Lions’ pharaohs are gold squares, the Lionesses’ are green diamonds; each carries its player’s initial (or seat number).',
      'Pharaohs not yet on the serpent wait in the band below it; delivered ones shine in the afterlife band above.',
      'An attacking lion (maned) or lioness stands across the track beside its pharaoh, facing it.',
      'The team cards show the lions each team holds, how many attack, its graveyard of dead lions and its run of right guesses.',
    ],
  },
];
