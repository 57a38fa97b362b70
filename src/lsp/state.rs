//! The game's state where the cursor is, read from the replay up to that line: the tile in
//! hand, its legal placements, the figures the player has left and where they may stand.

use lsp_types::{CodeActionOrCommand, Range};

use super::Context;
use super::game::GameView;
use crate::model::Rotation;

/// The state of the replay before the statement at the cursor.
#[derive(Debug, Clone, Default)]
pub(crate) struct LineState {
    /// The tile the turn's player holds.
    pub hand: Option<String>,
    /// Legal (x, y, rotation) of the tile in hand.
    pub placements: Vec<(i32, i32, Rotation)>,
    /// Figure, copies left in the player's supply, whether it may stand on the tile just placed.
    pub figures_left: Vec<(&'static str, u32, bool)>,
    /// Legal deployments on the tile just placed: figure and feature (anchors joined by `+`).
    pub deployments: Vec<(&'static str, String)>,
    /// Copies left in the stack, per tile id.
    pub stack_left: std::collections::HashMap<String, u32>,
    /// The player whose turn comes next.
    pub next_player: Option<usize>,
}

pub(crate) fn before(_cx: &Context<'_>, _view: &GameView<'_>, _offset: usize) -> Option<LineState> {
    None
}

pub(crate) fn placement_actions(
    _cx: &Context<'_>,
    _view: &GameView<'_>,
    _range: Range,
) -> Vec<CodeActionOrCommand> {
    Vec::new()
}
