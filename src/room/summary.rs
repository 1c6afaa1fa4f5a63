//! A seat's game at a glance, for the player who holds its token: what `POST
//! /api/rooms/mine` lists. Reading it changes nothing and is no activity, so a client asking
//! now and then keeps no room from closing.

use super::Room;
use crate::wire::{RoomStatus, SeatSummary, SeatToken};

impl Room {
    /// The summary of the seat `token` holds; `None` when it holds none here.
    pub(super) fn summary(&self, token: &SeatToken) -> Option<SeatSummary> {
        let you = self.seats.find(token)?;
        let status = self.status();
        let waiting_on = match status {
            RoomStatus::Playing => self.saved.game.awaiting().seats(),
            _ => Vec::new(),
        };
        Some(SeatSummary {
            room: self.code.clone(),
            setup: self.settings.setup.clone(),
            status,
            game_number: self.saved.game_number,
            version: self.saved.version,
            you,
            seats: self.seats.views(),
            your_turn: waiting_on.contains(&you),
            waiting_on,
            turn_timer: self.settings.turn_timer,
            deadline_ms: self.timer.deadline_ms(),
            winner: self.saved.game.game().winner(),
        })
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::super::effects::{Input, Reply};
    use super::super::scripted::Script;
    use crate::rules::Seat;
    use crate::rules::examples::concealing_duel;
    use crate::wire::{CommitmentMode, RoomStatus, SeatSummary, SeatToken};

    /// What the room answers for `token`, checking that answering changed nothing.
    fn ask(script: &mut Script, token: &SeatToken) -> Option<SeatSummary> {
        let wake = script.room.next_wake();
        let effects = script.input(Input::Summary {
            token: token.clone(),
        });
        assert!(effects.out.is_empty() && effects.think.is_none() && !effects.close);
        assert_eq!(script.room.next_wake(), wake, "a summary is no activity");
        match effects.reply {
            Some(Reply::Summary(summary)) => summary,
            reply => panic!("the room replied {reply:?}"),
        }
    }

    #[test]
    fn a_seat_sees_its_game_and_a_stranger_sees_nothing() {
        let day = 24 * 60 * 60;
        let mut script = Script::new(concealing_duel(), CommitmentMode::Server, Some(day));
        let ada = script.sit(None, "Ada").unwrap().token.unwrap();
        let waiting = ask(&mut script, &ada).unwrap();
        assert_eq!(waiting.status, RoomStatus::Waiting);
        assert_eq!((waiting.you, waiting.your_turn), (Seat(0), false));
        assert!(waiting.waiting_on.is_empty() && waiting.deadline_ms.is_none());

        let ben = script.sit(None, "Ben").unwrap().token.unwrap();
        script.now += Duration::from_secs(60);
        let (ada, ben) = (
            ask(&mut script, &ada).unwrap(),
            ask(&mut script, &ben).unwrap(),
        );
        assert_eq!(ada.status, RoomStatus::Playing);
        assert_eq!(
            ada.waiting_on,
            vec![Seat(0)],
            "the duel opens on Ada's concealment"
        );
        assert!(ada.your_turn && !ben.your_turn);
        assert_eq!(ben.you, Seat(1));
        assert_eq!(ada.seats[1].name.as_ref().unwrap().as_str(), "Ben");
        assert_eq!(ada.deadline_ms, ben.deadline_ms);
        assert!(ada.deadline_ms.is_some() && ada.winner.is_none());

        let stranger = SeatToken::try_from("ab".repeat(32)).unwrap();
        assert_eq!(ask(&mut script, &stranger), None);
    }
}
