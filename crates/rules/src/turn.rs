//! The shape of a turn, as a ruleset decides it: which decision the game waits for next, the
//! moves a decision offers, and what a move brings (points, figures going home, broken rules).
//!
//! The steps every ruleset of the family shares (draw, place or discard, deploy or pass) are
//! the turn's [`Phase`]s, which [`next_decision`] reads; a ruleset inserts its own decisions
//! through [`Rules::before_scoring`](super::Rules::before_scoring) (a step between the figure
//! step and the tile's scoring) and
//! [`Rules::pending_decision`](super::Rules::pending_decision) (a flock token after a shepherd,
//! a flock choice after a tile extended a shepherd's field, a decision between placement and
//! occupation), its draws through [`Rules::after_draw`](super::Rules::after_draw) (the tile
//! under a hill) and [`Rules::bonus_turn_due`](super::Rules::bonus_turn_due), its immediate
//! effects through [`Rules::after_placement`](super::Rules::after_placement), and plays its own
//! moves with [`Rules::play`](super::Rules::play). The checker maps the text of a game to these
//! moves and reports what they break; the simulator asks for the same decisions and moves.

use super::ScoreEvent;
use crate::engine::{FigureId, FigureKind, NodeId};
use crate::model::{Pos, Rotation, TokenDraw};
use carcspec_core::codes::Code;

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
/// declares with its words in the statement table (`crates/syntax/src/statements.rs`: `flock`,
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
    /// A figure on the board or in a player's hands (`return abbot at 0,0 on I`, a figure of
    /// another player's where it stands, a prisoner bought back).
    Figure(FigureId),
    /// A position on the board, with a tile or without (a piece moved onto a tile).
    Position(Pos),
    /// A position and a rotation (a tile the move puts down).
    Placement(Pos, Rotation),
    /// A feature of a tile on the board (where a piece goes).
    Feature(NodeId),
    /// A figure of this kind from the supply of the player who moves, onto the tile at a
    /// position (a follower on top of a tower).
    Supplied(FigureKind, Pos),
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
    /// Figures the move put into play from their owners' supplies (a barn on its corner, a
    /// wagon moving on after its feature scored and it went home): the runner takes each from
    /// its pool, and reports one put from an empty pool (V108).
    pub deployed: Vec<FigureId>,
    /// Rules the move broke.
    pub violations: Vec<Violation>,
    /// The move was the figure step of the tile just placed: no deployment follows, and the
    /// tile's scoring comes at once (the abbot's return, “instead of placing a meeple”). A
    /// ruleset move of [`Decision::DeployOrPass`] that leaves it `false` comes before the
    /// deployment, which is still due (the 2020 shaman's take-back).
    pub figure_step_done: bool,
    /// A tile the move puts on the board as the turn's tile, in place of a drawn one (the
    /// abbey, placed instead of drawing): the runner lays it, and the turn goes on to its
    /// figure step as after a `place`. Where it may lie is the ruleset's to check (it reports
    /// in `violations`); the runner lays no tile on a square that holds one.
    pub tile_put: Option<TilePut>,
}

/// A tile put on the board by a ruleset's move: its index in the game's catalog, where and
/// how it lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TilePut {
    pub tile: usize,
    pub pos: Pos,
    pub rotation: Rotation,
}

impl Outcome {
    pub fn violation(violation: Violation) -> Self {
        Outcome {
            violations: vec![violation],
            ..Outcome::default()
        }
    }
}

/// The step a turn is at. The runner holds it and moves it on with each move
/// (`crates/play/src/transition.rs`); [`next_decision`] reads the decision due off it, and a ruleset
/// sees it in [`TurnView`]. A turn goes
/// `TurnBegins → Tile → FigureStep → RulesetSteps → Scoring`, then back to `Tile` for a bonus
/// tile, and ends with `TurnEnds`; a discard goes back to the step before the draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Phase {
    /// The turn has begun ([`Rules::turn_begins`](super::Rules::turn_begins) acted) and holds
    /// no tile: its land tile is to be drawn (again, after a discard).
    #[default]
    TurnBegins,
    /// A tile was drawn: it is in hand, to be placed, or discarded when it fits nowhere. A
    /// hill tile takes the tile under it first (`under_due`): “immediately”, so a discard of
    /// the hill tile before the tile under it is recorded leaves that still due.
    Tile { under_due: bool },
    /// The tile just placed waits for its figure step: a deployment, a pass, or a ruleset's
    /// take-back ([`Decision::DeployOrPass`]).
    FigureStep,
    /// The figure step is done and the ruleset takes decisions of its own before the tile is
    /// scored ([`Rules::before_scoring`](super::Rules::before_scoring): the dragon's move, a
    /// capture): the tile is scored once the ruleset has none left. The decision due is the
    /// one `before_scoring` named last, which the runner keeps (the phase stays a small value
    /// that every look at the turn copies).
    RulesetSteps,
    /// The tile placed last was scored (or the tile in hand was lost: a placement the checker
    /// could not play): a bonus tile may be drawn, else the turn ends.
    Scoring,
    /// The turn ends: the ruleset's end of turn ([`Rules::end_turn`](super::Rules::end_turn))
    /// and whether the player takes another turn
    /// ([`Rules::another_turn`](super::Rules::another_turn)).
    TurnEnds,
}

impl Phase {
    /// Whether the tile placed last is still to be scored: its figure step, or the ruleset's
    /// steps before its scoring, are open.
    pub fn before_scoring(self) -> bool {
        matches!(self, Phase::FigureStep | Phase::RulesetSteps)
    }
}

/// The state of the turn in play, as the ruleset sees it.
#[derive(Debug, Clone, Copy, Default)]
pub struct TurnView {
    pub player: usize,
    /// The step the turn is at.
    pub phase: Phase,
    /// Figures from this index on were deployed in this turn.
    pub first_figure: usize,
    /// The tile placed last in the turn (its scoring done or not).
    pub placed: Option<crate::engine::PlacementId>,
    /// The figure step of the tile placed last took a figure back already (`return`).
    pub took_back: bool,
    /// A figure was deployed on the tile placed last.
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

impl TurnView {
    /// Whether the tile just placed waits for its figure step ([`Phase::FigureStep`]).
    pub fn figure_step_open(&self) -> bool {
        matches!(self.phase, Phase::FigureStep)
    }
}

/// What a hook is asked about: the board, the turn in play as the ruleset sees it, the player
/// the question is about, and the tile, where there is one. A ruleset tells from it whose
/// figure it is and in whose turn (a deployment in another player's turn, a scoring of one
/// player's tile that pays another).
pub struct Context<'a> {
    pub engine: &'a mut crate::engine::Engine,
    /// The turn in play; `None` outside a turn (a setup's figures, before the first turn).
    pub turn: Option<&'a TurnView>,
    /// The player asked about: whose figure would stand (a deployment), whose tile is scored.
    pub player: usize,
    /// The tile asked about: the tile just placed (its deployments, its scoring), or the tile
    /// of the feature a figure would stand on.
    pub placement: Option<crate::engine::PlacementId>,
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
/// for its own decisions: `hooks`), else the one of the turn's phase — a draw while the turn
/// holds no tile (the land tile, then the bonus tile a scoring earned), the tile under a
/// hill, the placement, the figure step, the ruleset's step before the scoring (`step`: the
/// decision [`Rules::before_scoring`](super::Rules::before_scoring) named for it).
pub fn next_decision(
    rules: &dyn super::Rules,
    hooks: super::Hooks,
    turn: &TurnView,
    step: Option<&RulesetDecision>,
) -> Decision {
    if hooks.own_decisions
        && let Some(decision) = rules.pending_decision()
    {
        return decision;
    }
    match turn.phase {
        Phase::Tile { under_due: true } => Decision::UnderTile,
        Phase::Tile { under_due: false } => Decision::Place,
        Phase::FigureStep => Decision::DeployOrPass,
        Phase::RulesetSteps if let Some(step) = step => Decision::Ruleset(*step),
        // (`RulesetSteps` with no step kept has none left: what follows the scoring.)
        Phase::TurnBegins | Phase::Scoring | Phase::RulesetSteps => {
            if !turn.land_placed && turn.land_left > 0 && !turn.bonus_drawn {
                Decision::Draw
            } else if rules.bonus_turn_due(turn) {
                Decision::BonusDraw
            } else {
                Decision::EndOfTurn
            }
        }
        Phase::TurnEnds => Decision::EndOfTurn,
    }
}
