//! The abbot and gardens (the C2/C3 base box, `../shared/rules/abbot-and-gardens.md`): the
//! garden, a one-tile feature inside a field scored like a monastery without its bonuses, and
//! the abbot, each player's one figure of its own pool that stands on a monastery or a garden
//! and may go home early — “instead of placing a meeple” — scoring at once what its feature
//! is worth (`return`, a take-back of the figure step: `Move::take_back`). Readings are
//! recorded in `docs/rules/carcassonne.md`.

use super::{ABBOT, Carcassonne};
use crate::descriptor::{CodeNote, ShippedSet};
use crate::engine::{Engine, FigureId, NodeId};
use crate::jcz::{JczElement, JczMeaning, JczPart};
use crate::model::{FeatureKind, Marker};
use crate::{
    Breakdown, Counted, Move, Offer, Outcome, ScoreEvent, Surrounded, TurnView, Violation,
};
use crate::{FigurePicture, Paint, PictureStroke};
use carcspec_core::codes;

/// The abbot's picture: a robed, hooded figure with a golden crosier, taller than a meeple
/// and without its arms, so that it reads apart from the monks.
pub const ABBOT_PICTURE: FigurePicture = FigurePicture {
    name: "abbot",
    strokes: &[
        PictureStroke {
            path: "M0,-11 Q-4.5,-11 -4,-6 Q-4,-4 -3,-3.5 L-7,8 L7,8 L3,-3.5 Q4,-4 4,-6 Q4.5,-11 0,-11 Z",
            paint: Paint::Owner,
        },
        // The hood's opening.
        PictureStroke {
            path: "M-2,-6.5 Q0,-9 2,-6.5",
            paint: Paint::Fixed(r##"fill="none" stroke="#222222" stroke-width="0.8""##),
        },
        // The crosier.
        PictureStroke {
            path: "M8.5,8 L8.5,-7 Q8.5,-10.5 11,-10 Q12.5,-9 11,-7.5",
            paint: Paint::Fixed(r##"fill="none" stroke="#c9a227" stroke-width="1.4""##),
        },
    ],
    lies_in_a_field: false,
};

/// The base game's tiles with the gardens printed on them (JCloisterZone's `basic:2`), played
/// instead of the base set.
pub(super) const TILE_SET: ShippedSet = ShippedSet {
    name: "carcassonne-base-gardens",
    text: include_str!("../../../../tiles/carcassonne-base-gardens.tiles"),
};

carcspec_core::codes::codes! {
    /// The abbot's rule violations, in the registry through the expansion's descriptor
    /// (`rules::codes` gathers them).
    pub(super) CODES;

    ABBOT_FEATURE_COMPLETE = "V154" "abbot-feature-complete" Error:
"A `return` takes the abbot back from a monastery or garden that is complete (all 8 positions
around it hold tiles), as happens when the tile just placed surrounds it. The early return is
only for an incomplete feature; a surrounded one scores 9 in the turn's scoring, and the
abbot comes home then.

Rule (the abbot, C2/C3 base game): “Only while the feature is incomplete. If it is already
surrounded (e.g. the tile you just placed closed it) the abbot cannot be returned; it will
score 9 in step 3 instead.”";
}

/// What the abbot adds to the explanations of the shared codes: its supply, where it stands,
/// and its early return, a take-back of the figure step.
pub(super) const CODE_NOTES: [CodeNote; 5] = [
    CodeNote {
        code: &carcspec_core::codes::SUPPLY_EMPTY,
        text: "  - with the abbot and gardens: one abbot as well.",
    },
    CodeNote {
        code: &carcspec_core::codes::WRONG_FEATURE_FOR_FIGURE,
        text: "  - with the abbot and gardens: the abbot on a monastery or a garden, and only the abbot
    on a garden (“Only an abbot may occupy a garden”).",
    },
    CodeNote {
        code: &carcspec_core::codes::RETURN_NOT_ALLOWED,
        text: "Rule (the abbot, C2/C3 base game): on your own turn, instead of placing a meeple, you may
take your abbot back and score its monastery or garden at once: write `return abbot at <x>,<y>
on <feature>` after `place`, in place of `deploy` or `pass`. With no abbot of the player's on
the board there is none to take back.",
    },
    CodeNote {
        code: &carcspec_core::codes::NOT_RETURNABLE,
        text: "With the abbot (Carcassonne): a `return` names a follower or a shepherd; only the abbot
goes home early, the others when their feature is scored.",
    },
    CodeNote {
        code: &codes::RETURN_AND_DEPLOY,
        text: "Rule (the abbot, C2/C3 base game): “on your own turn, in step 2 (placing a meeple),
instead of placing a meeple” you may take your abbot back; “you cannot place a figure and
return the abbot in the same turn”.",
    },
];

/// Why an abbot in play has a node: it is deployed on a monastery or a garden only and leaves
/// it only for its owner's supply.
const ABBOT_ON_A_FEATURE: &str = "an abbot stands on a feature";

/// The expansion of the abbot and the gardens, as an `expansion` line names it.
pub const ABBOT_AND_GARDENS: &str = "abbot-and-gardens";

/// The abbot and the gardens in JCloisterZone's saved games: `abbot` is each player's count
/// of abbots, `garden` whether the gardens of the `basic:2` tiles are in play (JCloisterZone
/// switches both on together; without `garden` it ignores the garden symbols, where carcspec
/// keeps them as gardens on which only an abbot can stand). The abbot's early return is a
/// `RETURN_MEEPLE` from `ABBOT_RETURN`.
pub(super) const JCZ: JczPart = JczPart {
    elements: &[
        JczElement {
            name: "abbot",
            meaning: JczMeaning::Pool {
                pool: super::ABBOTS,
                or_flag: true,
            },
        },
        JczElement {
            name: "garden",
            meaning: JczMeaning::Presence,
        },
    ],
    meeples: &[("abbot", super::ABBOTS)],
    features: &[("Garden", FeatureKind::Garden)],
    rules: &[],
    implied_variants: &[],
    take_back: Some(("ABBOT_RETURN", "abbot")),
    moves: &[],
};

/// Whether a feature of this kind is one the abbot stands on and that scores by its
/// neighbours: a monastery or a garden.
pub fn is_cloister(kind: FeatureKind) -> bool {
    matches!(kind, FeatureKind::Monastery | FeatureKind::Garden)
}

/// The positions filled around the tile of `node` (of the 8).
pub fn neighbours(engine: &Engine, node: NodeId) -> usize {
    let (placement, _) = engine.origin(node);
    engine.filled_around(engine.placement(placement).pos)
}

impl Carcassonne {
    /// The turn's player's abbots on the board, in the order of their ids.
    fn abbots_on_board(engine: &Engine, player: usize) -> impl Iterator<Item = FigureId> + '_ {
        engine
            .figures
            .iter()
            .enumerate()
            .filter(move |(_, f)| f.on_board && f.player == player && f.kind == ABBOT)
            .map(|(id, _)| id as FigureId)
    }

    /// §5.2: the abbot's return is due in the figure step of the tile just placed, instead of
    /// the deployment, when the player has an abbot on the board.
    pub(super) fn abbot_return_due(&self, engine: &Engine, turn: &TurnView) -> bool {
        self.abbot_deployed
            && turn.placed.is_some()
            && turn.figure_step_open()
            && !turn.took_back
            && !self.volcano_turn(engine, turn)
            && Self::abbots_on_board(engine, turn.player).next().is_some()
    }

    /// Whether the turn placed The River II's volcano lake, whose player “immediately takes
    /// another turn drawing a normal tile, doing nothing else with the volcano turn” (river
    /// digest §9.2.5): its figure step holds no abbot's return either, since the return is
    /// that step's move (docs/rules/carcassonne.md, "The abbot and gardens").
    fn volcano_turn(&self, engine: &Engine, turn: &TurnView) -> bool {
        turn.placed.is_some_and(|placement| {
            super::river::another_turn(engine.tile_of(placement), self.river)
        })
    }

    /// The abbots the player may take back, in the order of their ids, into `into`: on a
    /// monastery or garden that is not complete (“Only while the feature is incomplete”).
    pub(super) fn abbot_return_offers(
        &self,
        engine: &mut Engine,
        turn: &TurnView,
        into: &mut Vec<Offer>,
    ) {
        if !self.abbot_return_due(engine, turn) {
            return;
        }
        into.extend(
            Self::abbots_on_board(engine, turn.player)
                .filter(|f| {
                    engine.figures[*f as usize]
                        .node()
                        .is_some_and(|node| neighbours(engine, node) < 8)
                })
                .map(|f| Offer::Move(Move::take_back(f))),
        );
    }

    /// Why a `return` is not due: the figure step is over (a figure was deployed: the return
    /// replaces the deployment), or the player has no abbot on the board.
    pub(super) fn abbot_return_not_due(&self, engine: &Engine, turn: &TurnView) -> Violation {
        let help = "the abbot's return replaces the figure step of your turn: after `place`, `return abbot at <x>,<y> on <feature>` instead of `deploy` or `pass`; a player takes back only their own abbot, in their own turn";
        if turn.placed.is_some() && turn.deployed && !turn.took_back {
            return Violation::new(
                &codes::RETURN_AND_DEPLOY,
                " may not take the abbot back in a turn that deployed a figure",
                "a figure was deployed on the tile just placed",
                "return the abbot instead of deploying, not as well",
            );
        }
        let why = match turn.placed {
            None => "no tile was placed in this turn yet",
            Some(_) if self.volcano_turn(engine, turn) => {
                "the volcano lake's turn does nothing else: its player plays again at once"
            }
            Some(_) if turn.took_back => "the abbot's return was this turn's figure step already",
            Some(_) if !turn.figure_step_open() => "the tile's figure step is over",
            // A tile placed, its figure step open and no take-back yet: the return is due
            // whenever the player has an abbot on the board (`abbot_return_due`), so that is
            // the one reason left.
            Some(_) => {
                debug_assert!(Self::abbots_on_board(engine, turn.player).next().is_none());
                "the player has no abbot on the board"
            }
        };
        Violation::new(
            &codes::RETURN_NOT_ALLOWED,
            " may not take a figure back here",
            why,
            help,
        )
    }

    /// A `return` of one of the player's figures that is not an abbot on an incomplete
    /// monastery or garden.
    pub(super) fn abbot_return_refused(
        &self,
        engine: &mut Engine,
        figure: FigureId,
    ) -> Option<(Violation, &'static str)> {
        let standing = &engine.figures[figure as usize];
        if standing.kind != ABBOT {
            return Some((
                Violation::new(
                    &codes::NOT_RETURNABLE,
                    format!("'s {} cannot be taken back", standing.kind.0),
                    "only the abbot goes home early",
                    "a follower goes home when its feature is scored; `return` takes back the abbot",
                ),
                "the figure was deployed here",
            ));
        }
        let node = standing.node().expect(ABBOT_ON_A_FEATURE);
        if neighbours(engine, node) == 8 {
            let kind = engine.feature_kind(node);
            return Some((
                Violation::new(
                    &ABBOT_FEATURE_COMPLETE,
                    format!(" may not take the abbot back from a complete {kind}"),
                    &format!("the {kind} is surrounded: it scores 9 in this turn's scoring"),
                    "the abbot returns early only from an incomplete monastery or garden",
                ),
                "the abbot was deployed here",
            ));
        }
        None
    }

    /// The abbot goes home: its owner scores at once 1 + the tiles around its feature, with
    /// no monastery bonus (“Returning the abbot is scoring the abbot, not scoring the
    /// feature”), whoever else stands there (JCloisterZone's reading, §6).
    pub(super) fn abbot_returns(&self, engine: &mut Engine, figure: FigureId) -> Outcome {
        let standing = &engine.figures[figure as usize];
        let player = standing.player;
        let node = standing.node().expect(ABBOT_ON_A_FEATURE);
        let kind = engine.feature_kind(node);
        let around = neighbours(engine, node);
        Outcome {
            events: vec![ScoreEvent {
                players: vec![player],
                points: 1 + around as u32,
                feature: kind,
                // The feature first, as every scoring reads (and `expect scored` matches).
                breakdown: Breakdown::Neighbours {
                    feature: kind.name(),
                    neighbours: around,
                    ended: Surrounded::Early("the abbot back early"),
                    extra: Counted::NONE,
                },
            }],
            // “instead of placing a meeple”: the return is the tile's figure step.
            figure_step_done: true,
            ..Outcome::default()
        }
    }

    /// A garden's score, to the majority of its figures (only abbots stand on gardens): 9
    /// when surrounded, 1 + its neighbours at the end of the game; no vineyard bonus, but with
    /// `variant vineyards-for-garden on` 3 a vineyard around it when surrounded.
    pub(super) fn garden(
        &self,
        engine: &mut Engine,
        node: NodeId,
        complete: bool,
    ) -> Option<ScoreEvent> {
        let garden = engine.component(node);
        let (figures, contents) = (garden.figures.clone(), garden.contents);
        let winners = crate::majority(
            engine,
            &figures,
            super::DESCRIPTOR.figures,
            &contents,
            super::is_follower,
        );
        if winners.is_empty() {
            return None;
        }
        // The vineyard bonus is the monastery's; a garden earns it only by the variant.
        let (around, vineyards) =
            self.neighbours_and_vineyards(engine, node, complete && self.vineyards_for_garden);
        let extra = if vineyards > 0 {
            Counted {
                count: vineyards,
                word: Marker::Vineyard.name(),
            }
        } else {
            Counted::NONE
        };
        Some(ScoreEvent {
            players: winners,
            points: (1 + around + 3 * vineyards) as u32,
            feature: FeatureKind::Garden,
            breakdown: Breakdown::Neighbours {
                feature: FeatureKind::Garden.name(),
                neighbours: around,
                ended: Surrounded::when(complete),
                extra,
            },
        })
    }
}
