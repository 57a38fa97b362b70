//! carcspec: a rules-spec validator and tile-data toolkit for the Carcassonne family of board
//! games. The modules follow the pipeline of `docs/architecture.md`:
//! `syntax` → `lower` → (`lint`) → model → report, with `cli` on top.

pub mod check;
pub mod cli;
pub mod codes;
pub mod diagnostic;
pub mod engine;
pub mod format;
pub mod input;
pub mod interchange;
pub mod lint;
pub mod load;
pub mod lower;
pub mod lsp;
pub mod model;
pub(crate) mod play;
pub mod render;
pub mod report;
pub mod rules;
pub mod shipped;
pub mod simulate;
pub mod syntax;
