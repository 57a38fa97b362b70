//! Simulation: complete random (or greedy) games of a ruleset on given tile sets, played through
//! the game runner and move generator that the checker applies transcripts with
//! (`crates/play/src/`), so that every simulated game is legal by the same rules that check
//! transcripts. Deterministic for a seed, whatever the number of
//! threads: game `i` draws from a generator seeded by (seed, i).
//!
//! Its files, one concern each: a run (this file: the games played in parallel, handed on in
//! order and counted into the statistics); what a run is asked to play (`config.rs`); the
//! random numbers (`rng.rs`); the game loop (`playthrough.rs`) and the policies it asks
//! (`policy.rs`); what a game showed (`outcome.rs`); the statistics (`stats.rs`), the shards
//! (`shard.rs`), the search (`mcts.rs`), the seats' own policies (`seats.rs`), the order of
//! the games over the threads (`ordered.rs`) and the balance reports (`compare.rs`).
//!
//! A crate of its own (`carcspec-simulate`) on the runner, the renderer (a report's charts)
//! and the layers below, so that it imports nothing of the checker is Cargo's rule.

// The layers below, at the paths the modules name them by.
pub(crate) use carcspec_core::{codes, diagnostic, model};
pub(crate) use carcspec_engine as engine;
pub(crate) use carcspec_front::{format, load, setup};
pub(crate) use carcspec_play as play;
pub(crate) use carcspec_render as render;
pub(crate) use carcspec_rules as rules;

pub mod compare;
mod config;
pub mod mcts;
mod ordered;
mod outcome;
mod playthrough;
mod policy;
mod rng;
pub mod seats;
pub mod shard;
pub mod stats;

use std::ops::ControlFlow;
use std::path::Path;

use crate::diagnostic::Diagnostic;
use crate::play::Game;
use crate::setup::catalog::build_catalog;
use stats::{Accumulator, Statistics};

pub use config::{Config, PLAYER_NAMES, Policy, RunOptions, header, readings};
use outcome::tile_outcomes;
pub use outcome::{GameResult, TileOutcome, nominal_points};
pub use playthrough::play;
pub(crate) use playthrough::{MoveBuffers, play_out, play_seated};
// The checker's replay tests play games on a game they reuse, as a run's threads do.
pub use playthrough::{new_game, play_on};
pub use rng::Rng;
pub use rng::game_rng;

/// Why [`run`] stopped before the end.
#[derive(Debug)]
pub enum Stopped<E> {
    /// The tile sets cannot be played, or a simulated move broke a rule (a bug of carcspec:
    /// the first such game, in the order of the games).
    Diagnostics(Vec<Diagnostic>),
    /// `on_game` failed (a transcript that could not be written).
    Output(E),
}

/// A finished run: the statistics of every game and the warnings of its tile sets.
#[derive(Debug)]
pub struct Simulation {
    pub statistics: Statistics,
    /// The exact sums the statistics come from (what a shard's JSON carries).
    pub sums: Accumulator,
    pub warnings: Vec<Diagnostic>,
    /// Each policy's wins, when the seats have their own ([`Policy::Seats`]).
    pub win_rates: Option<seats::WinRates>,
}

/// Plays every game of `config`, in parallel, and hands each finished game to `on_game` in the
/// order of the games (whatever the threads), after counting it into the statistics. Nothing
/// is kept of a game once `on_game` returns, and at most a window of games per thread is in
/// flight, so memory does not grow with the number of games. `progress` is called with the
/// number of games handed on so far.
pub fn run<E>(
    config: &Config,
    progress: &(dyn Fn(usize) + Sync),
    on_game: impl FnMut(usize, GameResult) -> Result<(), E>,
) -> Result<Simulation, Stopped<E>> {
    run_with(config, RunOptions::default(), progress, on_game)
}

/// [`run`] for the games `options` choose (a shard of the run), keeping what it asks for:
/// `on_game` receives each game's global index, and `progress` the number of the shard's
/// games handed on so far.
pub fn run_with<E>(
    config: &Config,
    options: RunOptions,
    progress: &(dyn Fn(usize) + Sync),
    mut on_game: impl FnMut(usize, GameResult) -> Result<(), E>,
) -> Result<Simulation, Stopped<E>> {
    let header = header(config);
    let mut diagnostics = Vec::new();
    let catalog = build_catalog(&header, &[], Path::new("."), &mut diagnostics);
    let has_start = catalog
        .tiles
        .iter()
        .any(|t| t.kind == crate::model::TileKind::Start);
    if !has_start && !diagnostics.iter().any(Diagnostic::is_error) {
        // An expansion set plays only together with a set that has a start tile.
        let base = crate::rules::descriptor::describe(config.ruleset)
            .base_tile_set
            .name;
        let names: Vec<&str> = config.tile_sets.iter().map(|(n, _)| n.as_str()).collect();
        diagnostics.push(
            Diagnostic::new(
                &crate::codes::NO_START_TILE,
                format!(
                    "the tile sets {} have no start tile (an expansion set plays only with a base set)",
                    names.join(", ")
                ),
            )
            .help(format!(
                "add a set with a start tile, e.g. `--tiles {base}`, or choose a tile of the sets with `--start <tile-id>`"
            )),
        );
    }
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(Stopped::Diagnostics(diagnostics));
    }
    let mut statistics = Accumulator::new(
        catalog.tiles.iter().map(|t| t.id.clone()).collect(),
        config.ruleset,
    );
    let mut win_rates = match &config.policy {
        Policy::Seats(seats) => Some(seats::WinRates::new(seats)),
        _ => None,
    };
    let (first, step) = options
        .shard
        .map_or((0, 1), |(index, count)| (index - 1, count.max(1)));
    let games = options.game_count(config.games);
    let threads = config.threads.clamp(1, 64).min(games.max(1));
    // One game (and engine) per worker, emptied between games; the statistics show no
    // scoring events, so the game keeps none.
    let new_worker = || {
        let mut game = new_game(config, &header, &catalog);
        game.keep_events = false;
        game
    };
    let play_game = |game: &mut Game, nth: usize| {
        let index = first + nth * step;
        let mut played = play_seated(
            game,
            config,
            &header,
            &catalog,
            game_rng(config.seed, index),
            index,
        )
        .map_err(|d| {
            let message = format!("simulated game {index}: {}", d.message);
            Diagnostic { message, ..d }
        })?;
        if options.per_tile {
            played.tile_outcomes = tile_outcomes(&mut game.engine);
        }
        Ok(played)
    };
    let consume = |nth: usize, played: Result<GameResult, Diagnostic>| {
        let index = first + nth * step;
        let game = match played {
            Ok(game) => game,
            Err(rejected) => return ControlFlow::Break(Stopped::Diagnostics(vec![rejected])),
        };
        statistics.add(&game);
        if let (Some(rates), Policy::Seats(seats)) = (&mut win_rates, &config.policy) {
            rates.add(seats, index, &game.scores, &game.searched);
        }
        if let Err(error) = on_game(index, game) {
            return ControlFlow::Break(Stopped::Output(error));
        }
        progress(nth + 1);
        ControlFlow::Continue(())
    };
    let flow = ordered::for_each_ordered_with(games, threads, new_worker, play_game, consume);
    if let ControlFlow::Break(stopped) = flow {
        return Err(stopped);
    }
    Ok(Simulation {
        statistics: statistics.statistics(),
        sums: statistics,
        warnings: diagnostics,
        win_rates,
    })
}

/// Plays every game of `config` and keeps them all, in order: for tests and small runs (a game
/// takes some 40 KB); [`run`] streams them instead. Returns the diagnostics of tile sets that
/// cannot be played, or of the first game with a move that broke a rule.
pub fn simulate(
    config: &Config,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<GameResult>, Vec<Diagnostic>> {
    let mut games = Vec::with_capacity(config.games);
    let kept = run(config, progress, |_, game| {
        games.push(game);
        Ok::<(), std::convert::Infallible>(())
    });
    match kept {
        Ok(_) => Ok(games),
        Err(Stopped::Diagnostics(diagnostics)) => Err(diagnostics),
        Err(Stopped::Output(never)) => match never {},
    }
}
