//! Scaling: time per placement of synthetic games of 1,000, 10,000 and 50,000 tiles (the most a
//! game may have, `MAX_TILES_PER_GAME`), checked end to end. One tile with a field on every
//! side, laid in a square spiral from the start, so every placement joins the one growing field:
//! the worst case for the feature graph. The tile is defined in a tile-set file, multiplied
//! where the game needs more copies than a set may hold (`MAX_TILES_PER_SET`). Prints the peak
//! memory of the process after the largest game. Figures: `docs/performance.md`.
//!
//! Run with `cargo bench --bench scaling`.

use std::fmt::Write;
use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use carcspec::model::{MAX_TILES_PER_GAME, MAX_TILES_PER_SET};

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

/// The game of `tiles` tiles, and writes its tile set (`spiral-TILES.tiles`) into `dir`.
fn synthetic_game(tiles: usize, dir: &Path) -> String {
    let per_set = MAX_TILES_PER_SET as usize;
    let multiplier = tiles.div_ceil(per_set);
    assert_eq!(tiles % multiplier, 0, "{tiles} tiles in equal sets");
    let set = format!(
        "tileset spiral\nruleset carcassonne\n\ntile F x{} start {{\n  field: N E S W\n}}\n",
        tiles / multiplier
    );
    let name = format!("spiral-{tiles}.tiles");
    std::fs::write(dir.join(&name), set).expect("the tile set is written");
    let mut text = String::from("ruleset carcassonne\nplayers red blue\n");
    let _ = writeln!(text, "tiles {name} x{multiplier}");
    for (turn, (x, y)) in spiral(tiles - 1).into_iter().enumerate() {
        let player = if turn % 2 == 0 { "red" } else { "blue" };
        let _ = writeln!(text, "turn {player}; draw F; place at {x},{y}; pass");
    }
    text
}

fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn scaling(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("carcspec-scaling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let largest = MAX_TILES_PER_GAME as usize;
    let mut group = c.benchmark_group("scaling");
    group.sample_size(10);
    for tiles in [1_000, 10_000, largest] {
        let game = synthetic_game(tiles, &dir);
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
        if tiles == largest
            && let Some(kib) = peak_memory_kib()
        {
            eprintln!(
                "peak memory of the benchmark after the {tiles}-tile games: {} MiB",
                kib / 1024
            );
        }
    }
    group.finish();
    std::fs::remove_dir_all(&dir).ok();
}

criterion_group!(benches, scaling);
criterion_main!(benches);
