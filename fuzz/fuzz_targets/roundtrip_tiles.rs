//! Fuzz target `roundtrip_tiles`: its body and properties are `properties::roundtrip_tiles`, shared
//! with `tests/fuzz_seeds.rs`, which runs them on the seed corpus in every `cargo test`.
#![no_main]

#[allow(dead_code)]
#[path = "../properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::roundtrip_tiles(data));
