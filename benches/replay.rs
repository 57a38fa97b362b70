//! Replay speed of the checker: a complete game of Hunters and Gatherers with the 79 land tiles
//! of the 2020 edition (no bonus tiles), generated here with the engine's own legal-move
//! generation and a fixed seed. Figures: `docs/performance.md`.
//!
//! Run with `cargo bench --bench replay`.

use std::fmt::Write;
use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use carcspec::engine::{CompiledTile, Engine, Rotation};
use carcspec::model::{Ruleset, TileKind};

/// A small linear congruential generator: the benchmark needs the same game every run, not
/// good randomness.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % bound.max(1)
    }
}

/// Writes the land tiles of the 2020 set as a tile file, and a complete game on them.
fn generated_game(dir: &Path) -> (String, usize) {
    let loaded = carcspec::load::load("hunters-gatherers-v2").expect("shipped set");
    let mut set = loaded.usable().expect("clean set").clone();
    set.tiles.retain(|t| t.kind != TileKind::Bonus);
    set.name = "hunters-gatherers-v2-land".into();
    std::fs::write(
        dir.join("land.tiles"),
        carcspec::format::tiles::print_model(&set),
    )
    .unwrap();

    let catalog: Vec<CompiledTile> = set
        .tiles
        .iter()
        .map(|t| CompiledTile::compile(t, Ruleset::HuntersGatherers))
        .collect();
    let start = catalog
        .iter()
        .position(|t| t.kind == TileKind::Start)
        .unwrap();
    let mut stack: Vec<usize> = (0..catalog.len()).filter(|i| *i != start).collect();
    let mut rng = Lcg(7);
    for i in (1..stack.len()).rev() {
        stack.swap(i, rng.next(i + 1));
    }
    let mut engine = Engine::new(catalog);
    engine.place(start, carcspec::engine::Pos::new(0, 0), Rotation(0));
    let mut text = String::from("ruleset hunters-gatherers\ntiles land.tiles\nplayers red blue\n");
    let mut placed = 1;
    for (turn, tile) in stack.into_iter().enumerate() {
        let player = if turn % 2 == 0 { "red" } else { "blue" };
        let _ = writeln!(text, "turn {player}; draw {}", engine.catalog[tile].id);
        let legal = engine.legal_placements(tile);
        if legal.is_empty() {
            text.push_str("discard\n");
            continue;
        }
        let (pos, rotation) = legal[rng.next(legal.len())];
        engine.place(tile, pos, rotation);
        placed += 1;
        let _ = writeln!(text, "place at {pos} {rotation}; pass");
    }
    (text, placed)
}

fn replay(c: &mut Criterion) {
    let dir: PathBuf = std::env::temp_dir().join(format!("carcspec-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (game, placed) = generated_game(&dir);
    let report = carcspec::check::check_text("generated.game", game.clone(), &dir);
    assert!(
        report.ok(),
        "{}",
        carcspec::cli::render_check_report(&report, false)
    );

    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(placed as u64));
    group.bench_function(format!("hunters-gatherers game of {placed} tiles"), |b| {
        b.iter(|| carcspec::check::check_text("generated.game", black_box(game.clone()), &dir))
    });
    group.finish();
    std::fs::remove_dir_all(&dir).ok();
}

criterion_group!(benches, replay);
criterion_main!(benches);
