//! Read-only views of a replay's state between two steps, for [`crate::check::state`]: whose
//! turn it is, the tile in hand, the last placement, the supplies, and what was found so far.

use super::Replay;
use crate::check::ReportedEvent;
use crate::diagnostic::Diagnostic;
use crate::engine::PlacementId;

impl Replay<'_> {
    /// The player of the turn in progress, if a turn has begun and not ended.
    pub(crate) fn current_player(&self) -> Option<usize> {
        self.turn.as_ref().map(|t| t.player)
    }

    /// The player whose turn comes next (the one after the turn in progress).
    pub(crate) fn next_player(&self) -> usize {
        self.next_player
    }

    /// The tile the current player holds (catalog index) and whether it is a bonus tile.
    pub(crate) fn in_hand(&self) -> Option<(usize, bool)> {
        self.turn
            .as_ref()
            .and_then(|t| t.hand)
            .map(|h| (h.tile, h.bonus))
    }

    /// The tile placed in the turn in progress, if any.
    pub(crate) fn placed_this_turn(&self) -> Option<PlacementId> {
        self.turn
            .as_ref()
            .and_then(|t| t.placed.as_ref())
            .map(|p| p.placement)
    }

    /// Whether the game is over (final scoring done or the last land tile's turn ended).
    pub(crate) fn is_over(&self) -> bool {
        self.game_over
    }

    pub(crate) fn is_final_scored(&self) -> bool {
        self.final_scored
    }

    /// Land tiles left in the stack.
    pub(crate) fn land_tiles_left(&self) -> u32 {
        self.land_left
    }

    /// Figures left in each player's supply, per pool of [`crate::rules::Rules::pools`].
    pub(crate) fn supplies(&self) -> &[Vec<u32>] {
        &self.supply
    }

    pub(crate) fn pools(&self) -> &'static [(&'static str, u32)] {
        self.rules.pools()
    }

    /// Problems found so far.
    pub(crate) fn diagnostics_so_far(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Scoring events so far.
    pub(crate) fn events_so_far(&self) -> &[ReportedEvent] {
        &self.events
    }

    /// Ends the game as [`Replay::finish`] would (the open turn is closed and, when the stack is
    /// empty, the game scored), without consuming the replay.
    pub(crate) fn conclude(&mut self) {
        if !self.stopped && !self.final_scored {
            self.end_turn();
        }
    }
}

/// How a deployment names the feature of `node` in board orientation: its one anchor, or all
/// of them joined (an area's whole sides as halves), as the move generator writes targets.
pub(crate) fn feature_target(
    engine: &crate::engine::Engine,
    node: crate::engine::NodeId,
) -> crate::model::FeatureRef {
    use crate::model::{AnchorClass, FeatureRef};
    let (placement, feature) = engine.origin(node);
    let placed = engine.placement(placement);
    let compiled = &engine.catalog[placed.tile].features[feature];
    let anchors: Vec<_> = compiled
        .anchors
        .iter()
        .map(|a| super::moves::board_anchor(*a, placed.rotation))
        .collect();
    match (compiled.kind.anchor_class(), anchors.as_slice()) {
        (_, [single]) => FeatureRef::Anchor(*single),
        (AnchorClass::Area, _) => FeatureRef::Anchors(super::moves::halves(&anchors)),
        _ => FeatureRef::Anchors(anchors),
    }
}
