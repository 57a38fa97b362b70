//! Simulation speed: complete random 2-player games per second on one core (move generation,
//! meeple placement, farms and final scoring included), for each ruleset. Figures:
//! `docs/performance.md`.
//!
//! Run with `cargo bench --bench simulate`.

use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use carcspec::model::Ruleset;
use carcspec::simulate::{self, Config, Policy, Rng};

fn config(ruleset: Ruleset, expansions: &[&str], tiles: &[&str]) -> Config {
    Config {
        ruleset,
        expansions: expansions.iter().map(|e| e.to_string()).collect(),
        variants: Vec::new(),
        tile_sets: tiles.iter().map(|t| (t.to_string(), 1)).collect(),
        start: None,
        players: 2,
        games: 1,
        seed: 1,
        policy: Policy::Random,
        threads: 1,
        // As `carcspec simulate` without `--out`: no transcript is written down.
        transcripts: false,
    }
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("simulate");
    group.throughput(Throughput::Elements(1));
    for (name, config) in [
        (
            "carcassonne base game",
            config(Ruleset::Carcassonne, &[], &["carcassonne-base"]),
        ),
        (
            "carcassonne with hills & sheep",
            config(
                Ruleset::Carcassonne,
                &["hills-and-sheep"],
                &["carcassonne-base", "hills-and-sheep"],
            ),
        ),
        (
            "hunters-gatherers",
            config(Ruleset::HuntersGatherers, &[], &["hunters-gatherers-v2"]),
        ),
    ] {
        let header = simulate::header(&config);
        let catalog = carcspec::check::build_catalog(&header, &[], Path::new("."), &mut Vec::new());
        let mut seed = 0;
        group.bench_function(format!("one random 2-player game: {name}"), |b| {
            b.iter(|| {
                seed += 1;
                simulate::play(&config, &header, &catalog, Rng::new(seed))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
