//! The Hills & Sheep steps of a turn: a token drawn for a shepherd just deployed, and the
//! grow-or-stable choice for each field a tile extended that holds the player's shepherd.
//! The bag and the decisions waiting are state of the game that the ruleset keeps. The
//! pictures of the expansion's shepherd, hills and vineyards are declared here.

use super::{Bag, CLOSED_FLOCK, CLOSED_FLOCK_TIMING, SHEPHERD, scatter, stable};
use crate::chosen;
use crate::descriptor::StatisticsLine;
use crate::engine::{Engine, FigureId, NodeId};
use crate::model::Marker;
use crate::model::token_word;
use crate::model::{FeatureKind, TokenDraw};
use crate::turn::{
    Decider, Decision, Move, MoveArg, Offer, Outcome, RulesetDecision, TurnView, Violation, not_due,
};
use crate::{
    FigurePicture, MEEPLE_OUTLINE, MarkerPicture, Paint, PictureStroke, SymbolElement,
    SymbolPictures,
};
use carcspec_core::codes;

/// The pictures of the Hills & Sheep markers, each drawn on the pale disc of a marker.
pub(super) const PICTURES: SymbolPictures = SymbolPictures {
    markers: &[
        // A green hill with tufts of grass.
        MarkerPicture {
            marker: Marker::Hill,
            letter: '^',
            elements: &[
                SymbolElement::Path {
                    d: "M-8,4 Q0,-12 8,4 Z",
                    paint: r##"fill="#8ea24a" stroke="#4d5a22" stroke-width="1""##,
                },
                SymbolElement::Path {
                    d: "M-3,-1 L-2,-3 M1,-2 L2,-4 M3,1 L4,-1",
                    paint: r##"stroke="#4d5a22" stroke-width="0.8""##,
                },
            ],
        },
        // A bunch of grapes with its stalk and a leaf.
        MarkerPicture {
            marker: Marker::Vineyard,
            letter: 'v',
            elements: &[
                SymbolElement::Path {
                    d: "M0,-6 L1,-8",
                    paint: r##"stroke="#4d3a1a" stroke-width="1""##,
                },
                SymbolElement::Path {
                    d: "M1,-7 Q5,-9 6,-5 Q3,-4 1,-7 Z",
                    paint: r##"fill="#4e9a2e""##,
                },
                grape(-3.0, -3.5),
                grape(0.0, -3.5),
                grape(3.0, -3.5),
                grape(-1.5, -0.5),
                grape(1.5, -0.5),
                grape(0.0, 2.5),
            ],
        },
    ],
    contents: &[],
};

/// One grape of the vineyard's bunch, centred at `(x, y)`.
const fn grape(x: f64, y: f64) -> SymbolElement {
    SymbolElement::Circle {
        centre: (x, y),
        radius: 1.7,
        paint: r##"fill="#6b2a8a" stroke="#3a1050" stroke-width="0.5""##,
    }
}

/// The shepherd's picture: a meeple with a crook, standing by its flock in a field.
pub const SHEPHERD_PICTURE: FigurePicture = FigurePicture {
    name: "shepherd",
    strokes: &[
        PictureStroke {
            path: MEEPLE_OUTLINE,
            paint: Paint::Owner,
        },
        // The crook.
        PictureStroke {
            path: "M7,7 L7,-6 Q7,-9 9.5,-8",
            paint: Paint::Fixed(r##"fill="none" stroke="#5a3a1a" stroke-width="1.2""##),
        },
    ],
    lies_in_a_field: false,
};

/// `flock <token>`: the token drawn for the shepherd just deployed (in a setup, a token of
/// the flock of the shepherd put last). Each keyword is a statement of the game language
/// (`crates/syntax/src/statements.rs`), which says how it is written and what a move no decision
/// waits for breaks.
pub const FLOCK: &str = "flock";
/// `grow <token>`: the flock of the extended field grows by the token drawn.
pub const GROW: &str = "grow";
/// `stable`: the flock of the extended field goes to the stable.
pub const STABLE: &str = "stable";

/// “If you place the shepherd, immediately draw a token from the bag”: chance decides.
pub const FLOCK_TOKEN: RulesetDecision = RulesetDecision {
    name: "flock token",
    decider: Decider::Chance,
    jcz_phase: "ShepherdPhase",
};

/// A tile extended the field of the player's shepherd: the player grows the flock (a token
/// drawn) or guides it to the stable.
pub const FLOCK_CHOICE: RulesetDecision = RulesetDecision {
    name: "flock choice",
    decider: Decider::TurnPlayer,
    jcz_phase: "ShepherdPhase",
};

/// The counts of [`Flocks::count`] that `simulate` reports.
pub const FLOCKS_SCORED: &str = "flocks_scored";
pub const WOLVES: &str = "wolves";

/// `simulate`'s line for the flocks.
pub const STATISTICS: StatisticsLine = StatisticsLine {
    counts: &[FLOCKS_SCORED, WOLVES],
    text: "\nflocks to the stable per game: {}; wolves drawn per game: {}",
};

/// The flocks' state in one game.
#[derive(Debug, Clone, Default)]
pub struct Flocks {
    /// The sheep and wolf tokens still in the bag.
    pub bag: Bag,
    /// Flocks guided to the stable so far, and wolves that scattered a flock (drawn to grow
    /// it; not those drawn for a shepherd just deployed): the statistics of `simulate`.
    flocks_scored: u32,
    wolves_scattering: u32,
    /// A shepherd just deployed (its field and the figure), waiting for the token drawn for it.
    pending_token: Option<(NodeId, FigureId)>,
    /// The shepherd the setup put last, whose flock further setup `flock` lines grow.
    last_setup_shepherd: Option<(NodeId, FigureId)>,
    /// Fields with the player's shepherd that the turn's tile extended: each waits for `grow`
    /// or `stable`.
    choices: Vec<NodeId>,
    /// The variant `closed-flock stable-at-once`.
    closed_flock_stable_at_once: bool,
    /// The variant `closed-flock-timing after-draws` (JCloisterZone's order): the fields the
    /// tile closed go to the stable after the turn's token draws, not before them.
    closed_after_draws: bool,
    /// Fields the turn's tile closed, with shepherds of other players, waiting for the turn's
    /// draws under `closed-flock-timing after-draws`.
    closed_waiting: Vec<NodeId>,
    /// Whether a shepherd was deployed in this game (by the setup or a turn): until one is,
    /// no field has a flock, and nothing after a scoring needs a look at the figures.
    shepherd_deployed: bool,
}

impl Flocks {
    /// The count of [`STATISTICS`] named `name` ([`crate::Rules::count`]).
    pub fn count(&self, name: &str) -> Option<u32> {
        match name {
            FLOCKS_SCORED => Some(self.flocks_scored),
            WOLVES => Some(self.wolves_scattering),
            _ => None,
        }
    }

    /// A full bag and no flock yet, with the game's readings of `closed-flock` and
    /// `closed-flock-timing` (its chosen `(name, value)` variants).
    pub fn from_variants(variants: &[(String, String)]) -> Self {
        Flocks {
            closed_flock_stable_at_once: chosen(variants, CLOSED_FLOCK, "stable-at-once"),
            closed_after_draws: chosen(variants, CLOSED_FLOCK_TIMING, "after-draws"),
            ..Flocks::default()
        }
    }

    /// Whether a draw or choice of the turn is still to come.
    fn draws_due(&self) -> bool {
        self.pending_token.is_some() || !self.choices.is_empty()
    }

    /// Under `closed-flock-timing after-draws`, once the turn's draws are done, the fields the
    /// tile closed go to the stable.
    fn stable_waiting(&mut self, engine: &mut Engine, outcome: &mut Outcome) {
        if self.draws_due() {
            return;
        }
        for node in std::mem::take(&mut self.closed_waiting) {
            self.stable_if_closed(engine, node, outcome);
        }
    }

    pub fn pending_decision(&self) -> Option<Decision> {
        if self.pending_token.is_some() {
            Some(Decision::Ruleset(FLOCK_TOKEN))
        } else if !self.choices.is_empty() {
            Some(Decision::Ruleset(FLOCK_CHOICE))
        } else {
            None
        }
    }

    /// The moves of the flock's decisions, into `into`.
    pub fn offers(decision: Decision, into: &mut Vec<Offer>) {
        match decision {
            Decision::Ruleset(FLOCK_TOKEN) => into.push(Offer::Draw(FLOCK)),
            Decision::Ruleset(FLOCK_CHOICE) => {
                into.extend([
                    Offer::Draw(GROW),
                    Offer::Move(Move::new(STABLE, MoveArg::Nothing)),
                ]);
            }
            _ => {}
        }
    }

    /// “If you place the shepherd, immediately draw a token from the bag.”
    pub fn deployed(&mut self, engine: &Engine, figure: FigureId, node: NodeId, setup: bool) {
        if engine.figures[figure as usize].kind == SHEPHERD {
            self.shepherd_deployed = true;
            self.pending_token = Some((node, figure));
            if setup {
                self.last_setup_shepherd = Some((node, figure));
            }
        }
    }

    /// A move other than the token's comes while a token is due: the token is dropped.
    pub fn leave_pending(&mut self) -> Option<Violation> {
        self.pending_token.take().map(|_| {
            Violation::new(
                &codes::FLOCK_STEP,
                "the token drawn for the shepherd is not recorded",
                "a shepherd was just deployed",
                "record the token drawn at once with `flock <token>` (sheep1 … sheep4 or wolf)",
            )
        })
    }

    pub fn play(&mut self, engine: &mut Engine, mv: Move, setup: bool) -> Outcome {
        match (mv.keyword, mv.arg) {
            (FLOCK, MoveArg::Token(token)) => self.flock(engine, token, setup),
            (GROW, MoveArg::Token(token)) => self.grow(engine, token),
            (STABLE, MoveArg::Nothing) => self.choose_stable(engine),
            // Not a flock's move: the ruleset plays it (the abbot's return).
            _ => not_due(mv),
        }
    }

    /// `flock <token>`: the token drawn for the shepherd just deployed. In a setup, further
    /// `flock` lines add tokens to the flock of the shepherd put last, as a picture shows them.
    fn flock(&mut self, engine: &mut Engine, draw: TokenDraw, setup: bool) -> Outcome {
        let setup_flock = if setup {
            self.last_setup_shepherd
        } else {
            None
        };
        let Some((node, shepherd)) = self.pending_token.take().or(setup_flock) else {
            return not_due(Move::new(FLOCK, MoveArg::Token(draw)));
        };
        let mut outcome = Outcome::default();
        let token = self.draw_token(draw, &mut outcome);
        if token == 0 {
            // “If it is a wolf token, place it back in the bag and return your shepherd.”
            self.bag.put_back([0]);
            engine.return_figure(shepherd);
            outcome.returned.push(shepherd);
        } else {
            engine.add_token(node, token);
        }
        self.stable_if_closed(engine, node, &mut outcome);
        self.stable_waiting(engine, &mut outcome);
        outcome
    }

    /// Takes the token drawn out of the bag, reporting a token that is not in it, and returns
    /// it. A JCloisterZone random number picks `bag[floor(random × len)]`, the bag in its order.
    fn draw_token(&mut self, draw: TokenDraw, outcome: &mut Outcome) -> u32 {
        let token = match draw {
            TokenDraw::Token(token) => token,
            TokenDraw::Random(random) => self.bag.pick(random),
        };
        if !self.bag.take(token) {
            let name = token_word(token);
            outcome.violations.push(Violation::new(
                &codes::TOKEN_NOT_IN_BAG,
                format!("no `{name}` token is left in the bag"),
                "this token cannot be drawn",
                "record the token actually drawn; sheep in fields are not in the bag",
            ));
        }
        token
    }

    /// The field waiting for the current player's flock choice, if any (the move is not due
    /// without one).
    fn next_choice(&mut self) -> Option<NodeId> {
        (!self.choices.is_empty()).then(|| self.choices.remove(0))
    }

    /// `grow <token>`: the flock of the extended field grows by the token drawn — or a wolf
    /// scatters it.
    fn grow(&mut self, engine: &mut Engine, draw: TokenDraw) -> Outcome {
        let Some(node) = self.next_choice() else {
            return not_due(Move::new(GROW, MoveArg::Token(draw)));
        };
        let mut outcome = Outcome::default();
        let token = self.draw_token(draw, &mut outcome);
        if token == 0 {
            self.wolves_scattering += 1;
            // “all sheep tokens from that field are returned to the bag, and each shepherd on
            // that field is returned to its owner's supply.”
            self.bag.put_back([0]);
            outcome
                .returned
                .extend(scatter(engine, node, &mut self.bag));
        } else {
            engine.add_token(node, token);
            self.stable_if_closed(engine, node, &mut outcome);
        }
        self.stable_waiting(engine, &mut outcome);
        outcome
    }

    /// `stable`: the flock of the extended field is guided to the stable.
    fn choose_stable(&mut self, engine: &mut Engine) -> Outcome {
        let mut outcome = Outcome::default();
        match self.next_choice() {
            Some(node) => self.guide_to_stable(engine, node, &mut outcome),
            None => return not_due(Move::new(STABLE, MoveArg::Nothing)),
        }
        self.stable_waiting(engine, &mut outcome);
        outcome
    }

    fn guide_to_stable(&mut self, engine: &mut Engine, node: NodeId, outcome: &mut Outcome) {
        let (event, shepherds) = stable(engine, node, &mut self.bag);
        self.flocks_scored += u32::from(event.is_some());
        outcome.events.extend(event);
        outcome.returned.extend(shepherds);
    }

    /// “If any player closes a field with shepherds and sheep by fully surrounding it by roads
    /// and cities, immediately resolve the Guide the flock to the stable action for that
    /// field.”
    fn stable_if_closed(&mut self, engine: &mut Engine, node: NodeId, outcome: &mut Outcome) {
        let component = engine.component(node);
        let (open_ends, has_sheep) = (component.open_ends, !component.tokens.is_empty());
        // Sheep lie only where a shepherd drew them, and leave the field with the shepherds
        // (`stable`, `scatter`): a field with sheep has its shepherd, so the sheep alone say
        // that a flock is there. A shepherd whose token is still to be drawn has no flock yet.
        #[cfg(debug_assertions)]
        let figures = component.figures.clone();
        #[cfg(debug_assertions)]
        debug_assert!(
            !has_sheep
                || figures.iter().any(|f| {
                    let figure = &engine.figures[*f as usize];
                    figure.on_board && figure.kind == SHEPHERD
                }),
            "sheep without a shepherd"
        );
        // A field whose player is still to grow or stable its flock is never asked here: the
        // fields a tile extended go either to the choices or to the stable (`after_scoring`,
        // each field once), and `grow` and `stable` take their field out of the choices first.
        debug_assert!(
            {
                let root = engine.root(node);
                !self.choices.iter().any(|c| engine.clone_root(*c) == root)
            },
            "a field waiting for its flock choice"
        );
        if open_ends == 0 && has_sheep {
            self.guide_to_stable(engine, node, outcome);
        }
    }

    /// After a tile's meeple step: each field it extended that holds the player's shepherd
    /// (deployed in an earlier turn) waits for `grow` or `stable`; closed fields with
    /// shepherds go to the stable.
    pub fn after_scoring(
        &mut self,
        engine: &mut Engine,
        turn: &TurnView,
        roots: &[NodeId],
    ) -> Outcome {
        let mut outcome = Outcome::default();
        // With no shepherd on the board (every game without Hills & Sheep, and most turns of
        // one), no field has a flock: one look at the figures instead of one at each field,
        // and none before the game's first shepherd (every shepherd comes through `deployed`).
        if !self.shepherd_deployed
            || !engine
                .figures
                .iter()
                .any(|f| f.on_board && f.kind == SHEPHERD)
        {
            return outcome;
        }
        for &root in roots {
            // A field without a shepherd has no flock to grow or stable (most fields, and
            // every field of a game without Hills & Sheep): nothing to look at.
            if engine.feature_kind(root) != FeatureKind::Field
                || !crate::any_figure_on(engine, root, false, |f| f.on_board && f.kind == SHEPHERD)
            {
                continue;
            }
            let component = engine.component(root);
            let closed = component.open_ends == 0;
            let figures = component.figures.clone();
            let own_shepherd = figures.iter().any(|f| {
                let figure = &engine.figures[*f as usize];
                figure.on_board
                    && figure.kind == SHEPHERD
                    && figure.player == turn.player
                    && (*f as usize) < turn.first_figure
            });
            if own_shepherd && !(closed && self.closed_flock_stable_at_once) {
                self.choices.push(root);
            } else if self.closed_after_draws {
                self.closed_waiting.push(root);
            } else {
                // “immediately”: before the turn's token draws.
                self.stable_if_closed(engine, root, &mut outcome);
            }
        }
        self.stable_waiting(engine, &mut outcome);
        outcome
    }

    /// The turn ends: a flock choice left open is a broken rule.
    pub fn end_turn(&mut self) -> Option<Violation> {
        // Emptied in place: the list keeps its room for the next turn.
        let undecided = !self.choices.is_empty();
        self.choices.clear();
        self.closed_waiting.clear();
        undecided.then(|| {
            Violation::new(
                &codes::FLOCK_STEP,
                "the turn ends without growing or stabling the flock",
                "the tile extended a field with the player's shepherd",
                "after the meeple step, `grow <token>` or `stable` for each such field",
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::statements::{MoveWords, ruleset_move};

    /// The flock's moves are statements of the game language, read with the words the moves
    /// carry (lowering builds the move from them; the replay passes it to `play`).
    #[test]
    fn the_flocks_moves_are_statements_with_their_words() {
        for (keyword, words) in [
            (FLOCK, MoveWords::Token),
            (GROW, MoveWords::Token),
            (STABLE, MoveWords::Nothing),
        ] {
            let (_, statement) = ruleset_move(keyword).expect("a statement of the move");
            assert_eq!(statement.words, words, "`{keyword}`");
            assert_eq!(statement.not_due.code.code, "V119", "`{keyword}`");
        }
    }

    /// A move no decision waits for is reported with its statement's words.
    #[test]
    fn a_flock_move_not_due_says_so() {
        let mut flocks = Flocks::default();
        let mut engine = Engine::new(Vec::new());
        let outcome = flocks.play(&mut engine, Move::new(STABLE, MoveArg::Nothing), false);
        let messages: Vec<&str> = outcome
            .violations
            .iter()
            .map(|v| v.message.as_str())
            .collect();
        assert_eq!(messages, ["`stable` with no flock to decide on"]);
    }
}
