//! How a computer player judges Kendall–Skiryuk Mehen.
//!
//! The game is won by the lion that eats the most, so a player's prospects are counted in
//! balls: the balls its lion has eaten, plus what brings that lion home (the leading ball's
//! way home before the lion is earned, the lion's own way to and out of the centre, the
//! saved ones the centre will cost). A position is as good for a player as its prospects
//! beat the best opponent's. (Counting the eating a lion may still do, by the opponents'
//! balls out on the track, taught the computer to keep its own balls off the board and its
//! lion from ever finishing: games between computers never ended.)
//! Nothing is hidden, so the game is rebuilt whole from the view.

use crate::fair::GameId;
use crate::rules::Team;
use crate::rules::computer::{ComputerPlayer, Seen};

use super::options::{BALL_EXIT, LION_EXIT, Options};
use super::piece::{Place, Spot};
use super::view::{PhaseView, View};
use super::{MehenKendall, Phase, Player};

/// Worth of earning the lion, on top of the way there.
const LION: f64 = 0.6;
/// Worth of a whole journey made: by the leading ball before the lion, by the lion after.
const JOURNEY: f64 = 0.6;
/// Worth of each saved one the centre still needs.
const SAVED: f64 = 0.04;
/// Ball units that make a position all but certain: the value is `tanh(lead / SCALE)`.
const SCALE: f64 = 2.0;

impl ComputerPlayer for MehenKendall {
    const LOOKAHEAD: u8 = 2;
    const NODES: u32 = 8000;
    const ROUNDS: u32 = 32;

    /// Twice the positions at a table of two: with three or four players each position costs
    /// more, and twice would take a decision past 5 ms at p99.
    fn nodes(options: &Options) -> u32 {
        match u8::from(options.players) {
            2 => 2 * Self::NODES,
            _ => Self::NODES,
        }
    }

    fn evaluate(&self, team: Team) -> f64 {
        let me = usize::from(team.0);
        let Some(mine) = self.players().get(me).map(|player| self.prospects(player)) else {
            return 0.0;
        };
        let best_other = self
            .players()
            .iter()
            .enumerate()
            .filter(|(seat, _)| *seat != me)
            .map(|(_, player)| self.prospects(player))
            .fold(f64::NEG_INFINITY, f64::max);
        if best_other.is_finite() {
            ((mine - best_other) / SCALE).tanh()
        } else {
            0.0
        }
    }

    fn rebuild(seen: &Seen<Self>) -> Option<Self> {
        let view = &seen.view;
        let options = seen.options;
        if view.cells != options.board.cells() || view.players.len() != usize::from(options.seats())
        {
            return None;
        }
        let mut game = MehenKendall::new(options, GameId::default());
        for (seat, shown) in view.players.iter().enumerate() {
            let player = game.players_mut().get_mut(seat)?;
            player.saved = shown.saved;
            player.eaten = shown.eaten;
            player.lion = shown.lion.map(|place| spot(place, view.cells));
        }
        for (id, piece) in &view.pieces {
            if id.owner() != piece.owner || id.kind() != piece.kind {
                return None;
            }
            game.spot(*id)?;
            game.set_spot(*id, spot(piece.place, view.cells));
        }
        game.turn = view.turn;
        game.phase = phase(view)?;
        for &seat in &view.lions_home {
            game.lions_home.push(seat);
        }
        game.all_eaten_at_first_home = view.all_eaten_at_first_home;
        Some(game)
    }
}

/// The engine's spot for a place a player reads.
fn spot(place: Place, cells: u16) -> Spot {
    match place {
        Place::OffBoard => Spot::Off,
        Place::Inward { cell } => Spot::Track(cell),
        Place::Centre => Spot::Track(cells),
        Place::Outward { cell } => Spot::Track(2 * cells - cell),
        Place::Home => Spot::Home,
        Place::Eaten => Spot::Eaten,
    }
}

fn phase(view: &View) -> Option<Phase> {
    Some(match view.phase {
        PhaseView::Throw { seat } => Phase::Throw { seat },
        PhaseView::Choose { seat } => Phase::Choose {
            seat,
            score: view.throw?,
        },
        PhaseView::Over => Phase::Over {
            outcome: view.outcome?,
        },
    })
}

impl MehenKendall {
    /// A player's prospects in balls: eaten, and the way to bringing its lion home.
    fn prospects(&self, player: &Player) -> f64 {
        let journey = 2 * self.cells();
        // Steps made of the journey, home counting it whole.
        let steps = |spot: Spot| match spot {
            Spot::Track(p) => p,
            Spot::Home => journey,
            Spot::Off | Spot::Eaten => 0,
        };
        let progress = |steps: u16| f64::from(steps) / f64::from(journey);
        let eaten = f64::from(player.eaten);
        let (way, fees) = match player.lion {
            None => {
                let lead = progress(player.balls.iter().map(|b| steps(*b)).max().unwrap_or(0));
                let ball_fee = if lead > 0.5 { 0 } else { BALL_EXIT };
                (lead * JOURNEY, ball_fee + LION_EXIT)
            }
            Some(lion) => {
                let run = progress(steps(lion));
                let fee = if run > 0.5 { 0 } else { LION_EXIT };
                (LION + JOURNEY * run, fee)
            }
        };
        let saved = f64::from(player.saved.min(fees)) * SAVED;
        eaten + way + saved
    }
}
