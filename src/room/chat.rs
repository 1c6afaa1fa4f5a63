//! Who may read what: the team channel reaches the sender's team alone, the table channel
//! reaches everyone at the table, spectators included. Team guess proposals follow the team
//! channel. What the room keeps for snapshots is read through the same rule, so a message
//! reaches a late arrival exactly when it would have reached it live.

use std::collections::VecDeque;

use super::effects::Audience;
use crate::rules::{Seat, Table, Team, Viewer};
use crate::wire::{CHAT_HISTORY, Channel, ChatLine, Proposal};

/// Whether `viewer` may read a message `from` a seat on `channel`.
pub fn reaches(table: &Table, channel: Channel, from: Seat, viewer: Viewer) -> bool {
    match (channel, viewer) {
        (Channel::Table, _) => true,
        (Channel::Team, Viewer::Seat(seat)) => table.team_of(seat) == table.team_of(from),
        (Channel::Team, Viewer::Spectator) => false,
    }
}

/// Who reads a message `from` a seat on `channel`: everyone, or the seat's own team.
pub fn audience(table: &Table, channel: Channel, from: Seat) -> Option<Audience> {
    match channel {
        Channel::Table => Some(Audience::Everyone),
        Channel::Team => table.team_of(from).map(Audience::Team),
    }
}

/// The room's recent chat, oldest first, at most [`CHAT_HISTORY`] messages per audience
/// (the table, and each team's own channel), so one chatty team cannot push the table's
/// messages out. A room restored after a restart refills it from its game's saved chat.
#[derive(Debug, Default)]
pub struct History {
    lines: VecDeque<ChatLine>,
}

impl History {
    pub fn push(&mut self, table: &Table, line: ChatLine) {
        // The table is one audience (`None`), each team's channel another.
        let audience = |line: &ChatLine| match line.channel {
            Channel::Table => None,
            Channel::Team => table.team_of(line.seat),
        };
        let key: Option<Team> = audience(&line);
        self.lines.push_back(line);
        let kept = self.lines.iter().filter(|l| audience(l) == key).count();
        if kept > CHAT_HISTORY
            && let Some(oldest) = self.lines.iter().position(|l| audience(l) == key)
        {
            self.lines.remove(oldest);
        }
    }

    /// The messages `viewer` may read.
    pub fn read(&self, table: &Table, viewer: Viewer) -> Vec<ChatLine> {
        self.lines
            .iter()
            .filter(|line| reaches(table, line.channel, line.seat, viewer))
            .cloned()
            .collect()
    }
}

/// The proposals of the open guess, the latest of each seat; a guess ends them.
#[derive(Debug, Default)]
pub struct Proposals(Vec<Proposal>);

impl Proposals {
    pub fn set(&mut self, proposal: Proposal) {
        self.0.retain(|p| p.seat != proposal.seat);
        self.0.push(proposal);
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// The proposals of `viewer`'s teammates.
    pub fn read(&self, table: &Table, viewer: Viewer) -> Vec<Proposal> {
        self.0
            .iter()
            .filter(|p| reaches(table, Channel::Team, p.seat, viewer))
            .copied()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::examples::table;
    use crate::wire::{ChatText, DisplayName};

    /// Two teams of three: seats 0 to 2, and 3 to 5.
    fn teams() -> Table {
        table(2, 3)
    }

    fn line(channel: Channel, seat: u8, text: &str) -> ChatLine {
        ChatLine {
            channel,
            seat: Seat(seat),
            name: DisplayName::try_from("Ada".to_owned()).unwrap(),
            text: ChatText::try_from(text.to_owned()).unwrap(),
        }
    }

    /// Each audience keeps its own last messages: a team's flood leaves the table's and the
    /// other team's alone.
    #[test]
    fn history_is_bounded_per_audience() {
        let mut history = History::default();
        history.push(&teams(), line(Channel::Table, 0, "hello"));
        history.push(&teams(), line(Channel::Team, 4, "ours"));
        for n in 0..=CHAT_HISTORY {
            history.push(&teams(), line(Channel::Team, 1, &n.to_string()));
        }
        let texts = |viewer| -> Vec<String> {
            let lines = history.read(&teams(), viewer);
            lines.into_iter().map(|l| String::from(l.text)).collect()
        };
        let lions = texts(Viewer::Seat(Seat(2)));
        assert_eq!(lions.len(), 1 + CHAT_HISTORY);
        assert_eq!(lions[..2], ["hello", "1"], "the oldest team message went");
        assert_eq!(texts(Viewer::Seat(Seat(3))), ["hello", "ours"]);
        assert_eq!(history.read(&teams(), Viewer::Spectator).len(), 1);
    }

    #[test]
    fn proposals_keep_each_seats_latest_for_its_team() {
        let mut proposals = Proposals::default();
        for (seat, number) in [(3, 2), (4, 5), (3, 6)] {
            proposals.set(Proposal {
                seat: Seat(seat),
                number,
            });
        }
        let team = proposals.read(&teams(), Viewer::Seat(Seat(5)));
        assert_eq!(
            team.iter()
                .map(|p| (p.seat.0, p.number))
                .collect::<Vec<_>>(),
            [(4, 5), (3, 6)]
        );
        assert!(proposals.read(&teams(), Viewer::Seat(Seat(0))).is_empty());
        assert!(proposals.read(&teams(), Viewer::Spectator).is_empty());
        proposals.clear();
        assert!(proposals.read(&teams(), Viewer::Seat(Seat(5))).is_empty());
    }

    #[test]
    fn team_chat_stays_in_the_team() {
        let from = Seat(1);
        let team = |viewer| reaches(&teams(), Channel::Team, from, viewer);
        assert!(team(Viewer::Seat(Seat(0))));
        assert!(team(Viewer::Seat(Seat(2))));
        assert!(!team(Viewer::Seat(Seat(3))));
        assert!(!team(Viewer::Spectator));
        assert!(!reaches(
            &table(2, 1),
            Channel::Team,
            Seat(0),
            Viewer::Seat(Seat(1))
        ));
    }

    #[test]
    fn table_chat_reaches_everyone() {
        for viewer in [Viewer::Seat(Seat(5)), Viewer::Spectator] {
            assert!(reaches(&teams(), Channel::Table, Seat(0), viewer));
        }
    }
}
