//! Every integration test, in one test binary: each file under `tests/` is a module of it.
//!
//! One binary instead of one per file: each binary linked the whole library and its
//! dependencies, and instantiated its generic code again, which was most of a cold `cargo
//! test` (docs/performance.md, "A cold start"). The files stay where they are, each a module
//! by `#[path]` (so `mod common;` in them still finds `tests/common/mod.rs`). Cargo's
//! discovery of test files is off (`autotests = false` in Cargo.toml): a new file under
//! `tests/` must be added here, and `every_test_file_is_a_module_of_the_suite` fails until it
//! is. One file's tests: `cargo test --test suite specs::`.

// Each file keeps its own `mod common;`, so `tests/common/mod.rs` (a few small functions) is
// compiled once per file that declares it; the files stay as they were.
#![allow(clippy::duplicate_mod)]

#[path = "authoring.rs"]
mod authoring;
#[path = "browser.rs"]
mod browser;
#[path = "cli.rs"]
mod cli;
#[path = "engine.rs"]
mod engine;
#[path = "fit.rs"]
mod fit;
#[path = "formats.rs"]
mod formats;
#[path = "fuzz_dictionaries.rs"]
mod fuzz_dictionaries;
#[path = "fuzz_seeds.rs"]
mod fuzz_seeds;
#[path = "game_fixtures.rs"]
mod game_fixtures;
#[path = "hardening.rs"]
mod hardening;
#[path = "html.rs"]
mod html;
#[path = "install.rs"]
mod install;
#[path = "jcz.rs"]
mod jcz;
#[path = "jcz_reading.rs"]
mod jcz_reading;
#[path = "jcz_suite.rs"]
mod jcz_suite;
#[path = "layers.rs"]
mod layers;
#[path = "lsp.rs"]
mod lsp;
#[path = "lsp_neovim.rs"]
mod lsp_neovim;
#[path = "mcts.rs"]
mod mcts;
#[path = "properties.rs"]
mod properties;
#[path = "reference_scorer.rs"]
mod reference_scorer;
#[path = "render.rs"]
mod render;
#[path = "round_trips.rs"]
mod round_trips;
#[path = "roundtrip.rs"]
mod roundtrip;
#[path = "shipped_tiles.rs"]
mod shipped_tiles;
#[path = "simulation.rs"]
mod simulation;
#[path = "specs.rs"]
mod specs;
#[path = "tile_fixtures.rs"]
mod tile_fixtures;

/// A test file left out of the list above would silently never run.
#[test]
fn every_test_file_is_a_module_of_the_suite() {
    let suite = std::fs::read_to_string("tests/suite.rs").unwrap();
    for entry in std::fs::read_dir("tests").unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if let Some(module) = name.strip_suffix(".rs")
            && module != "suite"
        {
            assert!(
                suite.contains(&format!("#[path = \"{name}\"]\nmod {module};")),
                "tests/{name} is not a module of tests/suite.rs"
            );
        }
    }
}
