//! What a player may do next, read off the replay's state: the move generator that the
//! simulator plays with (`carcspec simulate`), and that keeps it to the same rules as the
//! checker.

use super::Replay;
use crate::engine::{Engine, NodeId, Pos, Rotation};
use crate::model::{Anchor, AnchorClass, FeatureKind, FeatureRef, Half};

/// A legal deployment on the tile just placed.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Deployment {
    pub figure: &'static str,
    pub target: FeatureRef,
    pub kind: FeatureKind,
    pub node: NodeId,
}

impl Replay<'_> {
    pub(crate) fn engine(&self) -> &Engine {
        &self.engine
    }

    pub(crate) fn engine_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// Wolves drawn so far (Hills & Sheep).
    pub(crate) fn bag_wolves_drawn(&self) -> usize {
        self.wolves_drawn
    }

    /// Copies left in the stacks, per catalog index.
    pub(crate) fn stack(&self) -> &[u32] {
        &self.stack
    }

    pub(crate) fn scores(&self) -> &[i64] {
        &self.scores
    }

    /// Whether the turn's player now draws a bonus tile (a gold forest was completed).
    pub(crate) fn bonus_due(&self) -> bool {
        self.turn
            .as_ref()
            .is_some_and(|t| t.bonus_earned && !t.bonus_drawn)
            && self.bonus_left > 0
    }

    /// A shepherd was just deployed: its token is to be drawn.
    pub(crate) fn flock_draw_due(&self) -> bool {
        self.pending_flock.is_some()
    }

    /// Fields waiting for the player's grow-or-stable choice.
    pub(crate) fn flock_choices_due(&self) -> usize {
        self.turn.as_ref().map_or(0, |t| t.flock_choices.len())
    }

    /// The tiles under hills must be recorded: whether the tile in hand is a hill that takes one.
    pub(crate) fn under_due(&self) -> bool {
        self.turn.as_ref().is_some_and(|t| t.needs_under)
    }

    /// Every legal (position, rotation) of a tile now.
    pub(crate) fn legal_placements(&self, tile: usize) -> Vec<(Pos, Rotation)> {
        self.engine.legal_placements(tile)
    }

    /// Every legal deployment on the tile just placed: each feature and each figure that may
    /// stand there, from the supply, on a feature no figure blocks.
    pub(crate) fn legal_deployments(&mut self) -> Vec<Deployment> {
        let Some(turn) = self.turn.as_ref() else {
            return Vec::new();
        };
        let player = turn.player;
        let Some(placed) = turn.placed.as_ref().filter(|p| !p.deployed && !p.settled) else {
            return Vec::new();
        };
        let (placement, on_bonus) = (placed.placement, placed.bonus);
        let returned = turn.returned.clone();
        let tile = self.engine.placement(placement);
        let (first_node, rotation, tile_index) = (tile.first_node, tile.rotation, tile.tile);
        let figures: Vec<&'static str> = self.rules.figure_names().to_vec();
        let has_shepherds = self
            .script
            .expansions
            .iter()
            .any(|e| e == "hills-and-sheep");
        let mut deployments = Vec::new();
        let feature_count = self.engine.catalog[tile_index].features.len();
        for feature in 0..feature_count {
            let compiled = &self.engine.catalog[tile_index].features[feature];
            let kind = compiled.kind;
            let anchors: Vec<Anchor> = compiled
                .anchors
                .iter()
                .map(|a| board_anchor(*a, rotation))
                .collect();
            let target = match (kind.anchor_class(), anchors.as_slice()) {
                (_, [single]) => FeatureRef::Anchor(*single),
                (AnchorClass::Area, _) => FeatureRef::Anchors(halves(&anchors)),
                _ => FeatureRef::Anchors(anchors),
            };
            let node = first_node + feature as NodeId;
            for figure in &figures {
                if *figure == "shepherd" && !has_shepherds {
                    continue;
                }
                let Some(spec) = self.rules.figure(figure) else {
                    continue;
                };
                if !spec.stands_on.contains(&kind) {
                    continue;
                }
                let usable = if on_bonus && !self.returned_on_bonus_allowed {
                    self.supply[player][spec.pool].saturating_sub(returned[spec.pool])
                } else {
                    self.supply[player][spec.pool]
                };
                if usable == 0
                    || !self
                        .rules
                        .blockers(&mut self.engine, &spec, node)
                        .is_empty()
                {
                    continue;
                }
                deployments.push(Deployment {
                    figure,
                    target: target.clone(),
                    kind,
                    node,
                });
            }
        }
        deployments
    }
}

/// An anchor of a tile turned by `rotation`, in board orientation.
pub(super) fn board_anchor(anchor: Anchor, rotation: Rotation) -> Anchor {
    match anchor {
        Anchor::Side(side) => Anchor::Side(rotation.to_board(side)),
        Anchor::Half(side, half) => Anchor::Half(rotation.to_board(side), half),
        Anchor::Inner => Anchor::Inner,
    }
}

/// An area's anchors as half-sides, so that a whole side is not read as a road in its middle.
pub(super) fn halves(anchors: &[Anchor]) -> Vec<Anchor> {
    anchors
        .iter()
        .flat_map(|anchor| match anchor {
            Anchor::Side(side) => vec![Anchor::Half(*side, Half::L), Anchor::Half(*side, Half::R)],
            other => vec![*other],
        })
        .collect()
}
