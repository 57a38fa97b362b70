//! Scaling: time per placement of synthetic games of 1,000, 10,000 and 50,000 tiles (the most a
//! game may have, G020), checked end to end. One tile with a field on every side, laid in a square spiral from the start, so
//! every placement joins the one growing field: the worst case for the feature graph. Prints
//! the peak memory of the process after the largest game. Figures: `docs/performance.md`.
//!
//! Run with `cargo bench --bench scaling`.

use std::fmt::Write;
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The positions of a square spiral around 0,0 (after 0,0 itself).
fn spiral(count: usize) -> Vec<(i32, i32)> {
    let (mut x, mut y) = (0i32, 0i32);
    let (mut dx, mut dy) = (1i32, 0i32);
    let mut leg = 1;
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        for _ in 0..2 {
            for _ in 0..leg {
                x += dx;
                y += dy;
                positions.push((x, y));
                if positions.len() == count {
                    return positions;
                }
            }
            (dx, dy) = (-dy, dx);
        }
        leg += 1;
    }
    positions
}

/// A tile set holds at most 10,000 tiles (T219) and a game at most 50,000 (G020): the games
/// are played with a set of `copies` copies of one all-field tile, named `multiplier` times.
const MAX_SET_COPIES: usize = 10_000;

/// The game of `tiles` tiles and the text of the tile set it names (`./fan.tiles`).
fn synthetic_game(tiles: usize) -> (String, String) {
    let copies = tiles.min(MAX_SET_COPIES);
    assert_eq!(tiles % copies, 0, "a whole number of sets");
    let set = format!(
        "tileset fan-field\nruleset carcassonne\n\ntile F x{copies} start {{\n  field: N E S W\n}}\n"
    );
    let mut text = String::from("ruleset carcassonne\nplayers red blue\n");
    let _ = writeln!(text, "tiles ./fan.tiles x{}", tiles / copies);
    for (turn, (x, y)) in spiral(tiles - 1).into_iter().enumerate() {
        let player = if turn % 2 == 0 { "red" } else { "blue" };
        let _ = writeln!(text, "turn {player}; draw F; place at {x},{y}; pass");
    }
    (text, set)
}

fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn scaling(c: &mut Criterion) {
    let mut group = c.benchmark_group("scaling");
    group.sample_size(10);
    let dir = std::env::temp_dir().join(format!("carcspec-scaling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder for the tile set");
    // 50,000 is the most tiles a game may have (G020); 100,000 cannot be checked.
    for tiles in [1_000, 10_000, 50_000] {
        let (game, set) = synthetic_game(tiles);
        std::fs::write(dir.join("fan.tiles"), set).expect("the tile set written");
        let report = carcspec::check::check_text("synthetic.game", game.clone(), &dir);
        assert!(
            report.ok(),
            "{}",
            carcspec::cli::render_check_report(&report, false)
        );
        group.throughput(Throughput::Elements(tiles as u64));
        group.bench_function(format!("check a game of {tiles} tiles"), |b| {
            b.iter(|| carcspec::check::check_text("synthetic.game", black_box(game.clone()), &dir))
        });
        if tiles == 50_000 {
            if let Some(kib) = peak_memory_kib() {
                eprintln!(
                    "peak memory of the benchmark after the {tiles}-tile games: {} MiB",
                    kib / 1024
                );
            }
        }
    }
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, scaling);
criterion_main!(benches);
