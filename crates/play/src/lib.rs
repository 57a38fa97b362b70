//! The game runner: one game's state and one transition per move, below the checker (which
//! validates a transcript's moves and then applies them here), the simulator (which picks its
//! moves from the ruleset's offers and applies them here without validating), and the views
//! of a game that render, `fit` and the language server read.
//!
//! A crate of its own (`carcspec-play`) on the front layers and those below, so that the
//! runner imports none of the layers above it is Cargo's rule; the checker, the renderer and
//! the simulator name it as `crate::play`.

// The layers below, at the paths the modules name them by.
pub(crate) use carcspec_core::model;
pub(crate) use carcspec_engine as engine;
#[cfg(any(test, feature = "fixture"))]
pub(crate) use carcspec_front::load;
#[cfg(test)]
pub(crate) use carcspec_front::lower;
pub(crate) use carcspec_front::setup;
pub(crate) use carcspec_rules as rules;
pub(crate) use carcspec_syntax as syntax;

pub(crate) mod game;
pub mod moves;
mod names;
pub(crate) mod transition;
pub mod view;

pub use game::{Game, Scored, Setup};
pub use transition::{GameMove, UnderTile};

#[cfg(test)]
mod tests;
