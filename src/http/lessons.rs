//! The lessons, served without a room: `GET /api/lessons` lists the rule sets that have one,
//! `GET /api/lessons/{rule_set}` gives a lesson's steps, each opened on its position with
//! its throw set, and `POST /api/lessons/{rule_set}/{step}` judges one move.
//!
//! Nothing is kept between requests: each one rebuilds the step from its named position and
//! plays it through the rules (`crate::lessons`), so a lesson takes no seat, no socket, no
//! database row, and never reaches the archive. A request builds a few positions and plays
//! at most two actions on one (no more than a move in a room), so it is held to the limits
//! every request meets and no rate of its own.

use std::sync::Arc;

use axum::extract::Path;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::lessons::{self, LessonError, Opened, Step};
use crate::rules::{Awaiting, Events, RuleSet, Seat, Team, Tree};
use crate::wire::ApiErrorCode;

use super::App;
use super::rooms::{Answer, Refusal};

/// The lessons' routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/lessons", get(list))
        .route("/api/lessons/{rule_set}", get(lesson))
        .route("/api/lessons/{rule_set}/{step}", post(answer))
}

/// `GET /api/lessons`.
#[derive(Debug, Serialize)]
pub struct Lessons {
    pub lessons: Vec<LessonSummary>,
}

#[derive(Debug, Serialize)]
pub struct LessonSummary {
    pub rule_set: RuleSet,
    pub title: &'static str,
    pub steps: usize,
}

/// `GET /api/lessons/{rule_set}`: the lesson, every step opened.
#[derive(Debug, Serialize)]
pub struct Lesson {
    pub rule_set: RuleSet,
    pub title: &'static str,
    pub steps: Vec<OpenedStep>,
}

/// A seat of a step's table; at a table of more than two, with the name the step's words
/// call its player by.
#[derive(Debug, Serialize)]
pub struct LessonSeat {
    pub seat: Seat,
    pub team: Team,
    pub side: &'static str,
    pub name: Option<&'static str>,
}

#[derive(Debug, Serialize)]
pub struct OpenedStep {
    pub idea: &'static str,
    pub look: &'static str,
    pub ask: &'static str,
    /// The score the lesson set the sticks to, if it threw them.
    pub throw: Option<u8>,
    /// The number the lesson concealed, if it concealed one.
    pub concealed: Option<u8>,
    /// The guess the lesson makes for the guessing side, if it makes one.
    pub guess: Option<u8>,
    pub board: Board,
}

/// The game as a learner sees it: its table, the view a room would show, what it awaits,
/// the moves open to `you` (a number to conceal, when the learner hides one), and the
/// events that led here.
#[derive(Debug, Serialize)]
pub struct Board {
    pub seats: Vec<LessonSeat>,
    pub you: Seat,
    pub awaiting: Awaiting,
    pub game: Tree,
    pub legal: Vec<Value>,
    pub events: Events,
}

/// `POST /api/lessons/{rule_set}/{step}`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    pub action: Value,
}

/// How the move was judged; `board`, after a right one, is the game as it went on.
#[derive(Debug, Serialize)]
pub struct Judged {
    pub right: bool,
    pub says: String,
    pub board: Option<Board>,
}

impl Board {
    fn of(opened: Opened) -> Board {
        let table = opened.game.table();
        let count = table.seats.len();
        let seats = table
            .seats()
            .zip(&table.seats)
            .map(|(seat, s)| LessonSeat {
                seat,
                team: s.team,
                side: s.side,
                name: lessons::name(count, seat),
            })
            .collect();
        Board {
            seats,
            you: opened.you,
            awaiting: opened.game.awaiting(),
            game: opened.game.view(),
            legal: opened.legal(),
            events: opened.events,
        }
    }
}

async fn list() -> Json<Lessons> {
    let lessons = RuleSet::ALL
        .iter()
        .map(|&rule_set| LessonSummary {
            rule_set,
            title: rule_set.info().title,
            steps: lessons::lesson(rule_set).len(),
        })
        .collect();
    Json(Lessons { lessons })
}

async fn lesson(Path(name): Path<String>) -> Answer<Json<Lesson>> {
    let (rule_set, steps) = find(&name)?;
    let opened = steps
        .iter()
        .map(|step| step.open().map(|opened| (step, opened)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(broken)?;
    let steps = opened
        .into_iter()
        .map(|(step, opened)| OpenedStep {
            idea: step.idea,
            look: step.look,
            ask: step.ask,
            throw: step.sets.throw(),
            concealed: step.sets.concealed(),
            guess: step.sets.guess(),
            board: Board::of(opened),
        })
        .collect();
    Ok(Json(Lesson {
        rule_set,
        title: rule_set.info().title,
        steps,
    }))
}

async fn answer(
    Path((name, index)): Path<(String, usize)>,
    body: Result<Json<Move>, JsonRejection>,
) -> Answer<Json<Judged>> {
    let (_, steps) = find(&name)?;
    let Json(Move { action }) = body?;
    let step = steps.get(index).ok_or_else(no_such_step)?;
    let verdict = step.answer(&action).map_err(broken)?;
    Ok(Json(Judged {
        right: verdict.right,
        says: verdict.says,
        board: verdict.after.map(Board::of),
    }))
}

fn find(name: &str) -> Answer<(RuleSet, Vec<Step>)> {
    let rule_set = RuleSet::parse(name).ok_or_else(no_such_step)?;
    Ok((rule_set, lessons::lesson(rule_set)))
}

fn no_such_step() -> Refusal {
    Refusal::not_found(ApiErrorCode::NoSuchLesson, "there is no such lesson")
}

/// A lesson whose data no longer fits its rules: the lessons' tests keep this from
/// happening.
fn broken(error: LessonError) -> Refusal {
    tracing::error!(%error, "a lesson does not fit its rules");
    Refusal::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        ApiErrorCode::NoSuchLesson,
        format!("this lesson does not fit the rules: {error}"),
    )
}
