//! The front layers: what turns text into a checked model and a game's setup, below the game
//! runner. Bottom up (docs/architecture.md): `format` beside the rulesets; `lint` and
//! `shipped`; `lower`; `interchange`; `load`; `setup`.
//!
//! A crate of its own (`carcspec-front`) on the core, the syntax, the engine and the rulesets,
//! so that none of these modules imports the runner, the checker, the renderer or anything
//! else above them is Cargo's rule; the `carcspec` crate re-exports each module at its path
//! (`carcspec::lint`, `carcspec::lower`, …).

// The layers below, at the paths the modules name them by.
pub(crate) use carcspec_core::{codes, diagnostic, input, model};
pub(crate) use carcspec_engine as engine;
pub(crate) use carcspec_rules as rules;
pub(crate) use carcspec_syntax as syntax;

pub mod format;
pub mod interchange;
pub mod lint;
pub mod load;
pub mod lower;
pub mod setup;
pub mod shipped;
