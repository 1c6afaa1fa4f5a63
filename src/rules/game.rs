//! Any game, whichever its rule set: the one place that names every rule set.
//!
//! [`RuleSet`] is a rule set's stable name, [`Setup`] a rule set with its typed options,
//! [`Game`] a game under way. The room, the wire and the store hold these and never a rule
//! set of their own choosing; they speak to a game in JSON (the protocol's own form), and
//! each rule set parses that JSON into its typed actions here, at the edge.
//!
//! Adding a rule set adds one line to the `rule_sets!` list at the bottom.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use thiserror::Error;

use crate::fair::GameId;

use super::computer::{Chance, Decision, Strength};
use super::events::Events;
use super::json::{Playable, info, json, parse_options, schemas, step_of_json};
use super::random::RandomPlayer;
use super::tree::Tree;
use super::{Awaiting, Refusal, Rules, Seat, Step, Table, Team};

/// What an accepted action was, and what it caused, as the log and the journal keep them.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The action as stored: a concealment without the number the room may hold.
    pub action: Value,
    pub events: Events,
}

/// A move for any game: a rule set's action in JSON (as a client sends it), or a step the
/// room supplies.
#[derive(Clone, Debug, PartialEq)]
pub enum Move {
    Action(Value),
    Step(Step),
}

/// Options that do not fit their rule set, or a rule set this server does not offer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("there is no rule set named `{0}`")]
    UnknownRuleSet(String),
    #[error("the options do not fit {rule_set}: {reason}")]
    BadOptions {
        rule_set: &'static str,
        reason: String,
    },
}

/// One rule set as `GET /api/rule-sets` lists it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct RuleSetInfo {
    /// The stable name rooms and archives use.
    pub name: &'static str,
    pub title: &'static str,
    /// Every set-up the server suggests, with the seats it makes.
    pub presets: Vec<Preset>,
    /// The JSON Schema of the rule set's options.
    pub options: Schema,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Preset {
    pub options: Value,
    pub seats: usize,
}

/// `Setup` as JSON: `{"rule_set": "…", "options": {…}}`.
#[derive(Serialize, Deserialize)]
struct SetupJson {
    rule_set: String,
    #[serde(default = "no_options")]
    options: Value,
}

fn no_options() -> Value {
    Value::Object(serde_json::Map::new())
}

impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SetupJson {
            rule_set: self.rule_set().name().to_owned(),
            options: self.options(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let SetupJson { rule_set, options } = SetupJson::deserialize(deserializer)?;
        Setup::parse(&rule_set, options).map_err(serde::de::Error::custom)
    }
}

impl Serialize for RuleSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for RuleSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = Cow::<str>::deserialize(deserializer)?;
        RuleSet::parse(&name)
            .ok_or_else(|| serde::de::Error::custom(SetupError::UnknownRuleSet(name.into_owned())))
    }
}

impl Setup {
    /// The rule set named `rule_set` with `options`, checked.
    pub fn parse(rule_set: &str, options: Value) -> Result<Setup, SetupError> {
        RuleSet::parse(rule_set)
            .ok_or_else(|| SetupError::UnknownRuleSet(rule_set.to_owned()))?
            .setup(options)
    }
}

impl Game {
    /// Plays a client's `action` (the rule set's action in JSON) for `seat`.
    pub fn apply(&mut self, seat: Seat, action: &Value) -> Result<Played, Refusal> {
        self.playable_mut().apply_json(seat, action)
    }

    /// Plays `chosen` for `seat`.
    pub fn play(&mut self, seat: Seat, chosen: &Move) -> Result<Played, Refusal> {
        match chosen {
            Move::Action(action) => self.apply(seat, action),
            Move::Step(step) => self.apply_step(seat, *step),
        }
    }

    /// A random legal move (see [`RandomPlayer`]).
    pub fn random_move(&self, player: &mut RandomPlayer) -> Option<(Seat, Move)> {
        self.playable().random_move(player)
    }

    /// What a computer player of `strength` at `seat` does now, deciding from what that seat
    /// is shown (see [`super::computer`]); `None` when nothing is its to do.
    pub fn decide(
        &self,
        seat: Seat,
        strength: Strength,
        chance: &mut dyn Chance,
    ) -> Option<Decision<Value>> {
        self.playable().decide(seat, strength, chance)
    }

    /// The legal action of `seat` that guesses `number`, if it may guess it now.
    pub fn guess(&self, seat: Seat, number: u8) -> Option<Value> {
        self.playable().guess_json(seat, number)
    }

    /// Plays a step the room supplies for `seat`.
    pub fn apply_step(&mut self, seat: Seat, step: Step) -> Result<Played, Refusal> {
        self.playable_mut().apply_step(seat, step)
    }

    /// Every action `seat` may send now, in JSON (the room's own steps excepted).
    pub fn legal_actions(&self, seat: Seat) -> Vec<Value> {
        self.playable().legal_json(seat)
    }

    /// The same actions as trees: the room's form for views and patches.
    pub fn legal_trees(&self, seat: Seat) -> Vec<Tree> {
        self.playable().legal_trees(seat)
    }

    pub fn awaiting(&self) -> Awaiting {
        self.playable().awaiting()
    }

    pub fn game_id(&self) -> GameId {
        self.playable().game_id()
    }

    pub fn turn(&self) -> u32 {
        self.playable().turn()
    }

    pub fn table(&self) -> Table {
        self.playable().table()
    }

    /// See [`Rules::guesses`].
    pub fn guesses(&self) -> Option<(u8, u8)> {
        self.playable().guesses()
    }

    /// The public view, as a [`Tree`]: cheap to compare and diff.
    pub fn view(&self) -> Tree {
        self.playable().view_tree()
    }

    /// What `seat` alone sees; `null` when nothing.
    pub fn secret(&self, seat: Seat) -> Tree {
        self.playable().secret_tree(seat)
    }

    /// How the game ended (`{"winner": …, "reason": …}`), once it has.
    pub fn outcome(&self) -> Option<Value> {
        self.playable().outcome_json()
    }

    /// The team that won, once the game is over and someone has.
    pub fn winner(&self) -> Option<Team> {
        self.playable().winner()
    }

    pub fn is_over(&self) -> bool {
        self.awaiting() == Awaiting::Over
    }
}

/// The list of rule sets. Each line is `Variant(the rule set's type)`.
macro_rules! rule_sets {
    ($($variant:ident($rules:ty)),* $(,)?) => {
        /// A rule set this server offers.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum RuleSet {
            $($variant),*
        }

        /// A rule set with its options: everything a new game needs but its id.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Setup {
            $($variant(<$rules as Rules>::Options)),*
        }

        /// A game under way, of any rule set (boxed: the rule sets' states differ in size).
        #[derive(Clone, Debug, PartialEq)]
        pub enum Game {
            $($variant(Box<$rules>)),*
        }

        $(
            impl From<$rules> for Game {
                fn from(game: $rules) -> Game {
                    Game::$variant(Box::new(game))
                }
            }
        )*

        impl RuleSet {
            pub const ALL: &'static [RuleSet] = &[$(RuleSet::$variant),*];

            pub const fn name(self) -> &'static str {
                match self {
                    $(RuleSet::$variant => <$rules as Rules>::NAME),*
                }
            }

            pub fn parse(name: &str) -> Option<RuleSet> {
                RuleSet::ALL.iter().copied().find(|r| r.name() == name)
            }

            pub fn setup(self, options: Value) -> Result<Setup, SetupError> {
                match self {
                    $(RuleSet::$variant => parse_options::<$rules>(options).map(Setup::$variant)),*
                }
            }

            pub fn info(self) -> RuleSetInfo {
                match self {
                    $(RuleSet::$variant => info::<$rules>()),*
                }
            }

            /// The rule set's own schemas, by kind (`options`, `action`, `event`, `view`,
            /// `secret`).
            pub fn schemas(self) -> Vec<(&'static str, Schema)> {
                match self {
                    $(RuleSet::$variant => schemas::<$rules>()),*
                }
            }
        }

        impl Setup {
            pub fn rule_set(&self) -> RuleSet {
                match self {
                    $(Setup::$variant(_) => RuleSet::$variant),*
                }
            }

            pub fn options(&self) -> Value {
                match self {
                    $(Setup::$variant(options) => json(options)),*
                }
            }

            pub fn table(&self) -> Table {
                match self {
                    $(Setup::$variant(options) => <$rules as Rules>::table(options)),*
                }
            }

            /// A new game of this set-up, bound to `id`.
            pub fn start(&self, id: GameId) -> Game {
                match self {
                    $(Setup::$variant(options) => Game::$variant(Box::new(<$rules as Rules>::new(options, id)))),*
                }
            }

            /// The step a stored action is, if it is one (a concealment, a reveal, a throw).
            pub fn step_of(&self, action: &Value) -> Option<Step> {
                match self {
                    $(Setup::$variant(_) => step_of_json::<$rules>(action)),*
                }
            }
        }

        impl Game {
            pub fn setup(&self) -> Setup {
                match self {
                    $(Game::$variant(game) => Setup::$variant(game.options())),*
                }
            }

            fn playable(&self) -> &dyn Playable {
                match self {
                    $(Game::$variant(game) => &**game),*
                }
            }

            fn playable_mut(&mut self) -> &mut dyn Playable {
                match self {
                    $(Game::$variant(game) => &mut **game),*
                }
            }
        }

        impl JsonSchema for Setup {
            fn schema_name() -> Cow<'static, str> {
                "Setup".into()
            }

            fn json_schema(generator: &mut SchemaGenerator) -> Schema {
                let one_of = vec![$(json_schema!({
                    "type": "object",
                    "properties": {
                        "rule_set": { "const": <$rules as Rules>::NAME },
                        "options": generator.subschema_for::<<$rules as Rules>::Options>(),
                    },
                    "required": ["rule_set", "options"],
                })),*];
                json_schema!({ "oneOf": one_of })
            }
        }
    };
}

rule_sets! {
    MehenSanMartin(super::mehen::Mehen),
    MehenPharaohs(super::mehen_pharaohs::MehenPharaohs),
    MehenKendallSkiryuk(super::mehen_kendall::MehenKendall),
    Senet(super::senet::Senet),
    MenAsymmetric(super::men_asymmetric::MenAsymmetric),
    MenSymmetric(super::men_symmetric::MenSymmetric),
}
