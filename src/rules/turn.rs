//! The shape of a turn, as a ruleset decides it: which decision the game waits for next, the
//! moves a decision offers, and what a move brings (points, figures going home, broken rules).
//!
//! The steps every ruleset of the family shares (draw, place or discard, deploy or pass) are
//! laid out by [`next_decision`]; a ruleset inserts its own decisions through
//! [`Rules::pending_decision`](super::Rules::pending_decision) (a flock token after a shepherd,
//! a flock choice after a tile extended a shepherd's field, a decision between placement and
//! occupation), its draws through [`Rules::after_draw`](super::Rules::after_draw) (the tile
//! under a hill) and [`Rules::bonus_turn_due`](super::Rules::bonus_turn_due), its immediate
//! effects through [`Rules::after_placement`](super::Rules::after_placement), and plays its own
//! moves with [`Rules::play`](super::Rules::play). The checker maps the text of a game to these
//! moves and reports what they break; the simulator asks for the same decisions and moves.

use super::ScoreEvent;
use crate::codes::Code;
use crate::engine::FigureId;
use crate::model::TokenDraw;

/// The decision a game waits for: a step every ruleset of the family shares, or one a ruleset
/// (an expansion in it) declares of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// The turn's land tile is to be drawn (again, after a discard).
    Draw,
    /// The next tile of the stack goes face down under the hill tile just drawn (Hills & Sheep).
    UnderTile,
    /// The tile in hand is to be placed — or discarded, when it fits nowhere.
    Place,
    /// A figure may be deployed on the tile just placed; or the player passes.
    DeployOrPass,
    /// The player draws and places a bonus tile (Hunters and Gatherers: a forest with a gold
    /// nugget was completed). A ruleset's own bonus turn (the 2020 menhir turn) is this
    /// decision too, asked for by [`Rules::bonus_turn_due`](super::Rules::bonus_turn_due).
    BonusDraw,
    /// A decision the ruleset declares ([`RulesetDecision`]): its moves are the ruleset's
    /// offers ([`Rules::offers`](super::Rules::offers)), taken by whom it says.
    Ruleset(RulesetDecision),
    /// Nothing is left to do: the next player's turn.
    EndOfTurn,
}

/// A decision a ruleset or one of its expansions declares (Hills & Sheep: the token drawn for
/// a shepherd, the flock's grow or stable), with who takes it. The runner, the checker, the
/// simulator and its search handle it by these facts alone: a new one needs no change to
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RulesetDecision {
    /// What the decision is, for messages and debugging (`flock token`).
    pub name: &'static str,
    pub decider: Decider,
    /// JCloisterZone's name of the phase its game is in while the decision waits
    /// (`ShepherdPhase`), which its engine tests assert.
    pub jcz_phase: &'static str,
}

/// Who takes a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decider {
    /// Chance: each offer is a draw whose outcome the caller supplies (the text, or the
    /// simulator's generator), and no player chooses.
    Chance,
    /// The player whose turn it is.
    TurnPlayer,
    /// The player in this seat, in another player's turn (a move made out of turn).
    Seat(usize),
}

impl Decision {
    /// The player who takes the decision in a turn of `turn_player`: the turn's player for
    /// the common steps, the one the ruleset names for its own, `None` for chance.
    pub fn decider(self, turn_player: usize) -> Option<usize> {
        match self {
            Decision::Ruleset(RulesetDecision {
                decider: Decider::Chance,
                ..
            }) => None,
            Decision::Ruleset(RulesetDecision {
                decider: Decider::Seat(seat),
                ..
            }) => Some(seat),
            _ => Some(turn_player),
        }
    }

    /// Whether chance takes the decision (its moves are draws).
    pub fn is_chance(self) -> bool {
        matches!(
            self,
            Decision::Ruleset(RulesetDecision {
                decider: Decider::Chance,
                ..
            })
        )
    }
}

/// A move of a ruleset's own (the common moves — draw, place, deploy, pass — are the
/// checker's and the engine's): the keyword of the statement that writes it, which the ruleset
/// declares with its words in the statement table (`src/syntax/statements.rs`: `flock`,
/// `grow`, `stable`, `return`), and what it names. The runner, the checker, the simulator and
/// the search pass it through to the ruleset's [`Rules::play`](super::Rules::play) without
/// reading it, so a new move needs no case here.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Move {
    pub keyword: &'static str,
    pub arg: MoveArg,
}

/// What a ruleset's move names, in the game's own terms.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MoveArg {
    /// Nothing (`stable`).
    Nothing,
    /// A token drawn from a bag (`flock sheep2`, `grow wolf`), or chance's draw in a simulation.
    Token(TokenDraw),
    /// A figure on the board (`return abbot at 0,0 on I`).
    Figure(FigureId),
}

/// The keyword of a take-back: the turn's player takes a figure of theirs back to the supply,
/// a move of [`Decision::DeployOrPass`] that the ruleset offers among its own
/// ([`Rules::offers`](super::Rules::offers)) and plays the effects of (points, a count of powers
/// used, whether it was the tile's figure step: [`Outcome::figure_step_done`]); the runner takes
/// the figure off the board. The 2020 shaman and the abbot both take back this way.
pub const TAKE_BACK: &str = "return";

impl Move {
    pub const fn new(keyword: &'static str, arg: MoveArg) -> Move {
        Move { keyword, arg }
    }

    /// `return <figure> …`: the take-back of this figure.
    pub const fn take_back(figure: FigureId) -> Move {
        Move::new(TAKE_BACK, MoveArg::Figure(figure))
    }

    /// The figure this move takes back, if it is a take-back.
    pub fn taken_back(self) -> Option<FigureId> {
        match self {
            Move {
                keyword: TAKE_BACK,
                arg: MoveArg::Figure(figure),
            } => Some(figure),
            _ => None,
        }
    }
}

/// A move a decision offers: a move, or a draw from a bag whose outcome chance decides (the
/// caller supplies it: the checker from the text, the simulator from its generator). A
/// ruleset offers the moves of its own decisions (a flock token, grow or stable) and its own
/// moves of a common decision (a take-back in the figure step: the 2020 shaman before the
/// deployment, the abbot instead of it), through [`Rules::offers`](super::Rules::offers).
#[derive(Debug, Clone, Copy)]
pub enum Offer {
    Move(Move),
    /// The move of this keyword with the token chance draws.
    Draw(&'static str),
}

impl Offer {
    /// The statement keyword of the move offered.
    pub fn keyword(self) -> &'static str {
        match self {
            Offer::Move(mv) => mv.keyword,
            Offer::Draw(keyword) => keyword,
        }
    }

    /// The move offered, a draw's with the token `draw` gives.
    pub fn into_move(self, draw: impl FnOnce() -> TokenDraw) -> Move {
        match self {
            Offer::Move(mv) => mv,
            Offer::Draw(keyword) => Move::new(keyword, MoveArg::Token(draw())),
        }
    }
}

/// A rule a move broke: what the checker reports (the move is played as written all the same).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub code: &'static Code,
    pub message: String,
    pub label: String,
    pub help: String,
}

impl Violation {
    pub fn new(code: &'static Code, message: impl Into<String>, label: &str, help: &str) -> Self {
        Violation {
            code,
            message: message.into(),
            label: label.to_string(),
            help: help.to_string(),
        }
    }
}

/// What a move or an effect brought, in the order it happened.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Points scored.
    pub events: Vec<ScoreEvent>,
    /// Figures taken off the board, going back to their owners' supplies.
    pub returned: Vec<FigureId>,
    /// Rules the move broke.
    pub violations: Vec<Violation>,
    /// The move was the figure step of the tile just placed: no deployment follows, and the
    /// tile's scoring comes at once (the abbot's return, “instead of placing a meeple”). A
    /// ruleset move of [`Decision::DeployOrPass`] that leaves it `false` comes before the
    /// deployment, which is still due (the 2020 shaman's take-back).
    pub figure_step_done: bool,
}

impl Outcome {
    pub fn violation(violation: Violation) -> Self {
        Outcome {
            violations: vec![violation],
            ..Outcome::default()
        }
    }
}

/// The state of the turn in play, as the ruleset sees it.
#[derive(Debug, Clone, Copy, Default)]
pub struct TurnView {
    pub player: usize,
    /// Figures from this index on were deployed in this turn.
    pub first_figure: usize,
    /// A tile is in hand (drawn, neither placed nor discarded).
    pub tile_in_hand: bool,
    /// The tile drawn last takes a tile under it that is not recorded yet.
    pub under_due: bool,
    /// A tile was placed and its occupation (deploy or pass) is still open.
    pub occupation_open: bool,
    /// The tile placed last in the turn (its scoring done or not).
    pub placed: Option<crate::engine::PlacementId>,
    /// The figure step of the tile placed last took a figure back already (`return`).
    pub took_back: bool,
    /// The figure step of the tile placed last is done: a figure was deployed on it, or a
    /// take-back came instead of the deployment.
    pub deployed: bool,
    /// The tile placed last is a bonus tile.
    pub on_bonus_tile: bool,
    /// The turn's land tile was placed.
    pub land_placed: bool,
    /// The turn's scoring earned a bonus tile, and whether it was drawn.
    pub bonus_earned: bool,
    pub bonus_drawn: bool,
    /// Tiles left in the land and bonus stacks.
    pub land_left: u32,
    pub bonus_left: u32,
}

/// The finding for a ruleset move that no decision waits for (a `flock` line with no shepherd
/// just deployed, a `grow` with no flock to decide on, a `return` no figure step allows): the
/// words its statement declares ([`crate::syntax::statements::RulesetMove::not_due`]).
pub fn not_due(mv: Move) -> Outcome {
    let Some((_, statement)) = crate::syntax::statements::ruleset_move(mv.keyword) else {
        unreachable!("a ruleset move `{}` with no statement", mv.keyword)
    };
    let finding = statement.not_due;
    Outcome::violation(Violation::new(
        finding.code,
        finding.message,
        finding.label,
        finding.help,
    ))
}

/// The decision due next: the ruleset's own, if it has one pending (where the game asks it
/// for its own decisions: `hooks`), else the common steps of a turn in their order.
pub fn next_decision(rules: &dyn super::Rules, hooks: super::Hooks, turn: &TurnView) -> Decision {
    if hooks.own_decisions
        && let Some(decision) = rules.pending_decision()
    {
        return decision;
    }
    if turn.under_due {
        Decision::UnderTile
    } else if turn.tile_in_hand {
        Decision::Place
    } else if turn.occupation_open {
        Decision::DeployOrPass
    } else if !turn.land_placed && turn.land_left > 0 && !turn.bonus_drawn {
        Decision::Draw
    } else if rules.bonus_turn_due(turn) {
        Decision::BonusDraw
    } else {
        Decision::EndOfTurn
    }
}
