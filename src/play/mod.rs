//! The game runner: one game's state and one transition per move, below the checker (which
//! validates a transcript's moves and then applies them here), the simulator (which picks its
//! moves from the ruleset's offers and applies them here without validating), and the views
//! of a game that render, `fit` and the language server read.

pub(crate) mod game;
pub(crate) mod moves;
mod names;
pub(crate) mod transition;
pub mod view;

pub(crate) use game::{Game, Scored, Setup};
pub(crate) use transition::{GameMove, UnderTile};

#[cfg(test)]
mod tests;
