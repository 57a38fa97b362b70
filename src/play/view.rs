//! What a picture or an editor shows of a game at a point, read off the runner's board: the
//! tiles, the figures standing on them, the players and the last tile placed. The checker's
//! state at a line ([`crate::check::GameState`]) hands it to render and the language server,
//! which so read the runner, not the checker.

use crate::engine::{Engine, FigureId, NodeId, PlacementId, Pos};
use crate::model::{FeatureKind, FeatureRef, Ruleset};

use super::names::feature_target;

/// The board of a game at a point, as render draws it.
#[derive(Debug, Clone, Copy)]
pub struct BoardView<'a> {
    /// The placements, features and figures.
    pub engine: &'a Engine,
    pub players: &'a [String],
    /// The last tile placed (by a turn or a setup `lay`), which a picture marks.
    pub last_placed: Option<PlacementId>,
    /// The ruleset, whose descriptor gives each figure's strength (a large follower is drawn
    /// larger).
    pub ruleset: Ruleset,
}

/// A figure on the board.
#[derive(Debug, Clone, PartialEq)]
pub struct FigureOnBoard {
    pub id: FigureId,
    /// Index into the game's players.
    pub player: usize,
    pub kind: &'static str,
    /// The feature node it stands on (see [`Engine::origin`], [`Engine::component`]).
    pub node: NodeId,
    pub placement: PlacementId,
    pub pos: Pos,
    /// Index of the feature in its tile's definition.
    pub feature: usize,
    pub feature_kind: FeatureKind,
    /// The feature as a deployment names it, in board orientation (`on NL`, `on ER+SL+SR+WL`).
    pub target: FeatureRef,
}

/// Every figure standing on the board, with its owner and the feature it stands on.
pub fn figures_on_board(engine: &Engine) -> Vec<FigureOnBoard> {
    engine
        .figures
        .iter()
        .enumerate()
        .filter(|(_, figure)| figure.on_board)
        .map(|(id, figure)| {
            let (placement, feature) = engine.origin(figure.node);
            FigureOnBoard {
                id: id as FigureId,
                player: figure.player,
                kind: figure.kind.0,
                node: figure.node,
                placement,
                pos: engine.placement(placement).pos,
                feature,
                feature_kind: engine.feature_kind(figure.node),
                target: feature_target(engine, figure.node),
            }
        })
        .collect()
}
