//! The duel judged as two races run side by side: each side, on its own, either brings its
//! two marbles home or loses its three lions, and whichever side's race ends first decides
//! the game (a finish wins it, a fall loses it).
//!
//! A side's race is followed turn by turn in a table built once: for every course (the
//! spaces of its two marbles, its standing lions) and every number of its own turns, the
//! chance it has finished by then and the chance it has fallen. A turn is taken as the
//! guessing makes it on average: a right guess one time in the reserve's size, otherwise the
//! number hidden is any of the reserve's, alike. After a wrong guess the side takes the
//! action a patient player would: the one that brings home soonest, a turn's delay weighed
//! at [`PATIENCE`], a fall at nothing. The two sides' races meet only in captures, which the
//! table leaves out: the search sees a capture itself, one action ahead.
//!
//! The table is built for the compact serpent; on the extended one a space counts as the
//! compact serpent's share of it.

use std::sync::OnceLock;

use super::super::MARBLES;

/// The last space of the serpent the table is built for.
const HEAD: u8 = 48;
/// Standing lions a duel side starts with.
const LIONS: u8 = 3;
/// Own turns each race is followed for: long enough that nearly every race has ended.
const HORIZON: usize = 240;
/// What a finish one turn later is worth to the patient player, against a finish now.
const PATIENCE: f64 = 0.97;

/// One side of the duel on its own: where its marbles are (0 for one not yet deployed, the
/// head for a finished one; `near <= far`) and how many of its lions stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Course {
    pub near: u8,
    pub far: u8,
    pub lions: u8,
}

impl Course {
    /// The course of marbles at `spaces` on a serpent whose last space is `head`, with
    /// `lions` standing, as the table's serpent shows it.
    pub fn new(spaces: &[u8], head: u8, lions: u8) -> Course {
        let scaled = |space: u8| match space {
            0 => 0,
            _ if space >= head => HEAD,
            _ => {
                let share = u32::from(space) * u32::from(HEAD) / u32::from(head);
                share.clamp(1, u32::from(HEAD - 1)) as u8
            }
        };
        let mut marbles = [0, 0];
        for (slot, space) in marbles.iter_mut().zip(spaces) {
            *slot = scaled(*space);
        }
        marbles.sort_unstable();
        Course {
            near: marbles[0],
            far: marbles[1],
            lions: lions.clamp(1, LIONS),
        }
    }

    fn index(self) -> usize {
        let far = usize::from(self.far);
        (far * (far + 1) / 2 + usize::from(self.near)) * usize::from(LIONS)
            + usize::from(self.lions - 1)
    }

    fn finished(self) -> bool {
        self.near == HEAD
    }

    fn reserve(self) -> u8 {
        MARBLES - u8::from(self.near > 0) - u8::from(self.far > 0)
    }

    /// Where a wrong guess with `number` hidden may take the course.
    fn actions(self, number: u8) -> impl Iterator<Item = Course> {
        let moved = |from: u8, other: u8| {
            let to = (from + number).min(HEAD);
            Course {
                near: to.min(other),
                far: to.max(other),
                lions: self.lions,
            }
        };
        let near = (self.near > 0 && self.near < HEAD).then(|| moved(self.near, self.far));
        let far = (self.far > 0 && self.far < HEAD).then(|| moved(self.far, self.near));
        let deploy = (self.near == 0).then(|| moved(0, self.far));
        let recover = (self.lions < LIONS).then_some(Course {
            lions: self.lions + 1,
            ..self
        });
        [near, far, deploy, recover].into_iter().flatten()
    }

    /// Every course of the table.
    fn all() -> impl Iterator<Item = Course> {
        (0..=HEAD).flat_map(|far| {
            (0..=far)
                .flat_map(move |near| (1..=LIONS).map(move |lions| Course { near, far, lions }))
        })
    }
}

/// How a turn may leave a course: after a right guess, and after a wrong one with each
/// number, by the patient player's action.
struct Turn {
    caught: Option<Course>,
    moved: Vec<Course>,
}

/// The table of the races.
pub struct Races {
    /// `finished[course * (HORIZON + 1) + t]`: the chance the course is finished within
    /// `t` of its own turns; `fallen` likewise for its last lion falling.
    finished: Vec<f32>,
    fallen: Vec<f32>,
}

impl Races {
    /// The table, built on first use.
    pub fn get() -> &'static Races {
        static RACES: OnceLock<Races> = OnceLock::new();
        RACES.get_or_init(Races::build)
    }

    fn build() -> Races {
        let courses: Vec<Course> = Course::all().collect();
        let turns = patient_turns(&courses);
        let width = HORIZON + 1;
        let mut finished = vec![0.0f32; courses.len() * width];
        let mut fallen = vec![0.0f32; courses.len() * width];
        for t in 1..width {
            for course in &courses {
                let index = course.index();
                if course.finished() {
                    finished[index * width + t] = 1.0;
                    continue;
                }
                let size = f32::from(course.reserve());
                let turn = &turns[index];
                let caught = 1.0 / size;
                let each = (1.0 - caught) / size;
                let (mut done, mut down) = match turn.caught {
                    Some(next) => {
                        let at = next.index() * width + t - 1;
                        (caught * finished[at], caught * fallen[at])
                    }
                    None => (0.0, caught),
                };
                for next in &turn.moved {
                    let at = next.index() * width + t - 1;
                    done += each * if next.finished() { 1.0 } else { finished[at] };
                    down += each * fallen[at];
                }
                finished[index * width + t] = done;
                fallen[index * width + t] = down;
            }
        }
        Races { finished, fallen }
    }

    /// How the duel stands for the side whose turn comes first, from -1 to 1: its chance to
    /// win less its chance to lose, its race against the other's.
    pub fn first_against(&self, first: Course, second: Course) -> f64 {
        let width = HORIZON + 1;
        let row = |course: Course| {
            let start = course.index() * width;
            (
                &self.finished[start..start + width],
                &self.fallen[start..start + width],
            )
        };
        let (a_done, a_down) = row(first);
        let (b_done, b_down) = row(second);
        let mut value = 0.0f64;
        for t in 1..width {
            let a_ends =
                f64::from(a_done[t] - a_done[t - 1]) - f64::from(a_down[t] - a_down[t - 1]);
            let b_ends =
                f64::from(b_done[t] - b_done[t - 1]) - f64::from(b_down[t] - b_down[t - 1]);
            // The first side's t-th turn comes before the second's.
            let b_running = 1.0 - f64::from(b_done[t - 1] + b_down[t - 1]);
            let a_running = 1.0 - f64::from(a_done[t] + a_down[t]);
            value += a_ends * b_running - b_ends * a_running;
        }
        value
    }
}

/// Every course's turn by the patient player: the action after each wrong guess that
/// maximizes the worth of finishing, `PATIENCE` to the power of the turns it takes (a fall
/// is worth nothing), found by sweeping the courses from the most advanced down until the
/// worths settle (only a lion's fall and recovery lead back to a course as advanced).
fn patient_turns(courses: &[Course]) -> Vec<Turn> {
    let mut worth = vec![0.0f64; courses.len()];
    let caught = |course: Course| {
        (course.lions > 1).then_some(Course {
            lions: course.lions - 1,
            ..course
        })
    };
    let best = |worth: &[f64], course: Course, number: u8| {
        course
            .actions(number)
            .max_by(|a, b| value_of(worth, *a).total_cmp(&value_of(worth, *b)))
    };
    for _ in 0..1000 {
        let mut change = 0.0f64;
        for course in courses.iter().rev() {
            if course.finished() {
                continue;
            }
            let size = f64::from(course.reserve());
            let after_caught = caught(*course).map_or(0.0, |next| value_of(&worth, next));
            let moved: f64 = (1..=course.reserve())
                .filter_map(|number| best(&worth, *course, number))
                .map(|next| value_of(&worth, next))
                .sum();
            let new = PATIENCE * (after_caught / size + (1.0 - 1.0 / size) * moved / size);
            let index = course.index();
            change = change.max((new - worth[index]).abs());
            worth[index] = new;
        }
        if change < 1e-9 {
            break;
        }
    }
    courses
        .iter()
        .map(|&course| Turn {
            caught: caught(course),
            moved: (1..=course.reserve())
                .filter_map(|number| best(&worth, course, number))
                .collect(),
        })
        .collect()
}

fn value_of(worth: &[f64], course: Course) -> f64 {
    if course.finished() {
        1.0
    } else {
        worth[course.index()]
    }
}
