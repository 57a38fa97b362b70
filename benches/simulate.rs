//! Simulation speed: complete random 2-player games per second on one core (move generation,
//! meeple placement, farms and final scoring included), for each ruleset. Figures:
//! `docs/performance.md`.
//!
//! Run with `cargo bench --bench simulate`.

use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use carcspec::model::Ruleset;
use carcspec::simulate::{self, Config, Policy, Rng};

/// The games of a run in the benchmark of whole runs: enough that the catalog, built once a
/// run, is a small part of it.
const GAMES_IN_A_RUN: usize = 200;

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
        // A game on its own: its engine and replay built for it, as a caller of `play` has it.
        group.throughput(Throughput::Elements(1));
        group.bench_function(format!("one random 2-player game: {name}"), |b| {
            b.iter(|| {
                seed += 1;
                simulate::play(&config, &header, &catalog, Rng::new(seed))
            })
        });
        // Games as `carcspec simulate` plays them: one run of many, which builds the catalog
        // once and plays each game on the engine and replay of the one before (emptied), its
        // statistics gathered. The figure of the speed target.
        let mut run = config.clone();
        run.games = GAMES_IN_A_RUN;
        group.throughput(Throughput::Elements(GAMES_IN_A_RUN as u64));
        group.bench_function(
            format!("random 2-player games, {GAMES_IN_A_RUN} in one run: {name}"),
            |b| {
                b.iter(|| {
                    run.seed += 1;
                    simulate::run(&run, &|_| {}, |_, _| Ok::<(), ()>(()))
                        .map(|simulation| simulation.statistics)
                        .map_err(|_| "the simulation stopped")
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
