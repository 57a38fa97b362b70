//! carcspec: a rules-spec validator and tile-data toolkit for the Carcassonne family of board
//! games. The modules follow the pipeline of `docs/architecture.md`:
//! `syntax` → `lower` → (`lint`) → model → report, with `cli` on top.

// The bottom layer is a crate of its own (`crates/core`): its modules keep their paths here.
pub use carcspec_core::{codes, diagnostic, input, model};
// The languages' parsers and the statement table (`crates/syntax`), above the core.
pub use carcspec_syntax as syntax;
// The game-agnostic engine (`crates/engine`), above the core.
pub use carcspec_engine as engine;
// The rulesets (`crates/rules`), above the syntax and the engine.
pub use carcspec_rules as rules;
// The front layers (`crates/front`), above the rulesets: the formatter, the lints, the shipped
// tile sets, lowering, interchange and loading, each at its path (a game's setup is the front
// crate's, for the layers above it).
pub use carcspec_front::{format, interchange, lint, load, lower, shipped};
// The game runner (`crates/play`) is not re-exported: the layers above it name it, the command
// line does not (it was the crate's own).
// The checker (`crates/check`), above the runner.
pub use carcspec_check as check;
// The renderer (`crates/render`), above the runner.
pub use carcspec_render as render;
// The simulator (`crates/simulate`), above the runner and the renderer.
pub use carcspec_simulate as simulate;
// The reports (`crates/report`), above the renderer.
pub use carcspec_report as report;
// The language server (`crates/lsp`), above the checker and the renderer.
pub use carcspec_lsp as lsp;

pub mod cli;
