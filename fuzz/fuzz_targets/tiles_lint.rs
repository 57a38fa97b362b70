//! Fuzz target `tiles_lint`: its body and properties are `properties::tiles_lint`, shared
//! with `tests/fuzz_seeds.rs`, which runs them on the seed corpus in every `cargo test`.
#![no_main]

#[allow(dead_code)]
#[path = "../properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::tiles_lint(data));
