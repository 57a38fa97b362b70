//! Read-only views of a replay's state between two steps, for [`crate::state`]: the
//! game as the runner holds it, and what was found so far.

use super::Replay;
use crate::diagnostic::Diagnostic;
use crate::engine::Engine;
use crate::report::ReportedEvent;

impl Replay<'_> {
    /// The game as the moves so far left it.
    pub(crate) fn game(&self) -> &crate::play::Game {
        &self.game
    }

    pub(crate) fn engine(&self) -> &Engine {
        &self.game.engine
    }

    pub(crate) fn engine_mut(&mut self) -> &mut Engine {
        &mut self.game.engine
    }

    /// Keeps the scoring events for a report (the default), or only applies their points:
    /// then no text is written for them.
    pub(crate) fn report_events(&mut self, report: bool) {
        self.game.keep_events = report;
    }

    /// How many findings the replay has reported so far.
    #[cfg(test)]
    pub(crate) fn findings(&self) -> usize {
        self.diagnostics.len()
    }

    /// The first error among the findings from index `from` on.
    #[cfg(test)]
    pub(crate) fn first_error_since(&self, from: usize) -> Option<&Diagnostic> {
        self.diagnostics
            .get(from..)
            .and_then(|found| found.iter().find(|d| d.is_error()))
    }

    /// The player of the turn in progress, if a turn has begun and not ended.
    pub(crate) fn current_player(&self) -> Option<usize> {
        self.game.turn.as_ref().map(|t| t.player)
    }

    /// The tile the current player holds (catalog index) and whether it is a bonus tile.
    pub(crate) fn in_hand(&self) -> Option<(usize, bool)> {
        self.game
            .turn
            .as_ref()
            .and_then(|t| t.hand)
            .map(|h| (h.tile, h.bonus))
    }

    /// Whether the game is over (final scoring done or the last land tile's turn ended).
    pub(crate) fn is_over(&self) -> bool {
        self.game.game_over
    }

    pub(crate) fn is_final_scored(&self) -> bool {
        self.game.final_scored
    }

    /// Copies left in the stacks, per catalog index.
    pub(crate) fn stack(&self) -> &[u32] {
        &self.game.stack
    }

    pub(crate) fn scores(&self) -> &[i64] {
        &self.game.scores
    }

    /// Land tiles left in the stack.
    pub(crate) fn land_tiles_left(&self) -> u32 {
        self.game.land_left
    }

    /// Figures left in each player's supply, per pool of the ruleset's descriptor.
    pub(crate) fn supplies(&self) -> &[Vec<u32>] {
        &self.game.supply
    }

    /// How many copies of `tile` lie on the board, for a message that says no copy is left.
    pub(super) fn copies_in_play(&self, tile: usize) -> usize {
        let placements = &self.game.engine.placements;
        placements.iter().filter(|p| p.tile == tile).count()
    }

    pub(crate) fn pools(&self) -> &'static [(&'static str, u32)] {
        self.game.pools()
    }

    /// Problems found so far.
    pub(crate) fn diagnostics_so_far(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Scoring events so far.
    pub(crate) fn events_so_far(&self) -> &[ReportedEvent] {
        &self.events
    }

    /// Ends the game as [`Replay::finish_keeping_engine`] would (the open turn is closed and,
    /// when the stack is empty, the game scored), without consuming the replay.
    pub(crate) fn conclude(&mut self) {
        if !self.stopped && !self.game.final_scored {
            self.end_turn();
        }
    }
}
