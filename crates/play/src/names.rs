//! How the game language names what the runner offers: a legal deployment with its feature's
//! name, the table of names a tile laid in a rotation gives its features, and a feature's name
//! by its anchors in board orientation. The move generator (`moves.rs`) fills them; the game
//! (`game.rs`) keeps the table; the board view (`view.rs`) names the features figures stand on.

use crate::engine::{Engine, NodeId, PlacementId, Pos, Rotation};
use crate::model::{Anchor, AnchorClass, FeatureKind, FeatureRef, Half};
use crate::rules::Standing;

/// A legal deployment on the tile just placed, as the game language names it: an occupation
/// the ruleset allows, with the feature written so that the checker reads it back.
#[derive(Debug, Clone, PartialEq)]
pub struct Deployment {
    pub figure: &'static str,
    pub target: FeatureRef,
    /// The position of the feature's tile where it is not the tile just placed (the magic
    /// portal's deployments).
    pub at: Option<Pos>,
    pub kind: FeatureKind,
    pub node: NodeId,
}

/// What the move generator works out once for a tile laid in a rotation (a slot): which
/// figures in play may stand on each feature, and how the game language names it.
///
/// It depends only on the catalog and the ruleset's figures, so a game keeps it from game to
/// game, and its copies share it: the search plays thousands of copies a decision, and when
/// each copy cloned the tables and worked out again the slots it met, that was a tenth of the
/// search's time.
#[derive(Debug)]
pub(crate) struct SlotTable {
    /// The standings (`rules::standings`) whose features the game language can name for their
    /// figure: the generator offers no deployment it could not write.
    pub(super) standings: Vec<Standing>,
    /// The name of each of them, by feature and figure (`None` for the others).
    pub(super) names: Vec<Option<FeatureRef>>,
}

/// How the game language names feature `feature` of a placement by its anchors in board
/// orientation: its one anchor, or all of them (an area's whole sides as halves, so that a
/// whole side is not read as a road in its middle).
pub(super) fn feature_name(engine: &Engine, placement: PlacementId, feature: usize) -> FeatureRef {
    let placed = engine.placement(placement);
    let compiled = &engine.catalog[placed.tile].features[feature];
    let anchors: Vec<Anchor> = compiled
        .anchors
        .iter()
        .map(|a| board_anchor(*a, placed.rotation))
        .collect();
    match (compiled.kind.anchor_class(), anchors.as_slice()) {
        (_, [single]) => FeatureRef::Anchor(*single),
        (AnchorClass::Area, _) => FeatureRef::Anchors(halves(&anchors)),
        _ => FeatureRef::Anchors(anchors),
    }
}

/// How a deployment names the feature of `node` in board orientation, as the move generator
/// writes targets (by its anchors).
pub(crate) fn feature_target(engine: &Engine, node: NodeId) -> FeatureRef {
    let (placement, feature) = engine.origin(node);
    feature_name(engine, placement, feature)
}

/// An anchor of a tile turned by `rotation`, in board orientation.
fn board_anchor(anchor: Anchor, rotation: Rotation) -> Anchor {
    match anchor {
        Anchor::Side(side) => Anchor::Side(rotation.to_board(side)),
        Anchor::Half(side, half) => Anchor::Half(rotation.to_board(side), half),
        Anchor::Inner => Anchor::Inner,
    }
}

/// An area's anchors as half-sides, so that a whole side is not read as a road in its middle.
fn halves(anchors: &[Anchor]) -> Vec<Anchor> {
    anchors
        .iter()
        .flat_map(|anchor| match anchor {
            Anchor::Side(side) => vec![Anchor::Half(*side, Half::L), Anchor::Half(*side, Half::R)],
            other => vec![*other],
        })
        .collect()
}
