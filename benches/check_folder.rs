//! Throughput of `carcspec check` over a folder of simulated base-game transcripts, on one
//! thread and on every core, through the command line's own runner (folder walk, parallel
//! check, ordered report). Figures: `docs/performance.md`.
//!
//! Run with `cargo bench --bench check_folder`; `CARCSPEC_BENCH_GAMES` sets the number of games
//! (default 1,000, so that the benchmark stays short; the documented figures use 10,000).

use std::ffi::OsString;
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn run(args: &[&str]) -> i32 {
    carcspec::cli::run(
        std::iter::once("carcspec")
            .chain(args.iter().copied())
            .map(OsString::from),
    )
}

fn check_folder(c: &mut Criterion) {
    let games: usize = std::env::var("CARCSPEC_BENCH_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000);
    let dir = std::env::temp_dir().join(format!("carcspec-bench-games-{games}"));
    if !dir.is_dir() {
        let games = games.to_string();
        let status = run(&[
            "simulate",
            "--tiles",
            "carcassonne-base",
            "--games",
            &games,
            "--seed",
            "1",
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(status, 0, "simulating the games");
    }
    let folder = dir.to_str().unwrap();
    let mut group = c.benchmark_group("check_folder");
    group.sample_size(10);
    group.throughput(Throughput::Elements(games as u64));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for threads in [1, cores] {
        let threads = threads.to_string();
        group.bench_function(format!("{games} games, {threads} threads"), |b| {
            b.iter(|| {
                let status = run(&["--quiet", "check", "--threads", &threads, folder]);
                assert_eq!(black_box(status), 0);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, check_folder);
criterion_main!(benches);
