//! Replay speed of the checker on complete games, generated here with the engine's own
//! legal-move generation and a fixed seed: Hunters and Gatherers on the 79 land tiles of the
//! 2020 edition (no bonus tiles), the 72-tile Carcassonne base game (once with a tile file of
//! its own, once naming the shipped set as a base transcript does), and the base game with
//! Hills & Sheep. Figures: `docs/performance.md`.
//!
//! Run with `cargo bench --bench replay`.

use std::fmt::Write;
use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use carcspec::engine::{CompiledTile, Engine, Pos, Rotation};
use carcspec::model::{Marker, Ruleset, TileKind, TileSet};

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

/// A complete game on the tiles of `sets` (each a shipped set's name, or a file name to write
/// the set into `dir`):
/// every tile of the stack drawn in a shuffled order and placed at a legal position chosen with
/// a fixed seed (discarded when it fits nowhere; a hill takes the next tile under it), no
/// figures. Returns the game text and the number of placements.
fn generated_game(
    dir: &Path,
    ruleset: Ruleset,
    header: &str,
    sets: &[(&str, TileSet)],
) -> (String, usize) {
    let mut text = format!("ruleset {}\n{header}", ruleset.name());
    let mut catalog: Vec<CompiledTile> = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    for (file, set) in sets {
        // A shipped set is named; any other is written beside the game.
        if carcspec::shipped::tiles(file).is_none() {
            std::fs::write(dir.join(file), carcspec::format::tiles::print_model(set)).unwrap();
        }
        let _ = writeln!(text, "tiles {file}");
        for tile in &set.tiles {
            let index = catalog.len();
            catalog.push(CompiledTile::compile(tile, ruleset));
            stack.extend(std::iter::repeat_n(index, tile.count as usize));
        }
    }
    text.push_str("players red blue\n");
    let start = catalog
        .iter()
        .position(|t| t.kind == TileKind::Start)
        .unwrap();
    let start_copy = stack.iter().position(|t| *t == start).unwrap();
    stack.remove(start_copy);
    let mut rng = Lcg(7);
    for i in (1..stack.len()).rev() {
        stack.swap(i, rng.next(i + 1));
    }
    let mut engine = Engine::new(catalog);
    engine.place(start, Pos::new(0, 0), Rotation(0));
    let mut placed = 1;
    let mut turn = 0;
    while let Some(tile) = stack.pop() {
        let player = if turn % 2 == 0 { "red" } else { "blue" };
        turn += 1;
        let _ = writeln!(text, "turn {player}; draw {}", engine.catalog[tile].id);
        if engine.catalog[tile].markers.has(Marker::Hill)
            && let Some(under) = stack.pop()
        {
            let _ = writeln!(text, "under {}", engine.catalog[under].id);
        }
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

fn shipped(name: &str) -> TileSet {
    carcspec::load::load(name)
        .expect("shipped set")
        .usable()
        .expect("clean set")
        .clone()
}

fn replay(c: &mut Criterion) {
    let dir: PathBuf = std::env::temp_dir().join(format!("carcspec-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut hunters_land = shipped("hunters-gatherers-v2");
    hunters_land.tiles.retain(|t| t.kind != TileKind::Bonus);
    let games = [
        (
            "a hunters-gatherers game",
            generated_game(
                &dir,
                Ruleset::HuntersGatherers,
                "",
                &[("land.tiles", hunters_land)],
            ),
        ),
        (
            "a carcassonne base game",
            generated_game(
                &dir,
                Ruleset::Carcassonne,
                "",
                &[("base.tiles", shipped("carcassonne-base"))],
            ),
        ),
        // What a base-game transcript is: a game naming the shipped set, whose catalog the
        // checker compiles once per process, so the figure is the reading and the replay.
        // The game above names a tile file of its own, read and compiled for every check.
        (
            "a carcassonne base transcript",
            generated_game(
                &dir,
                Ruleset::Carcassonne,
                "",
                &[("carcassonne-base", shipped("carcassonne-base"))],
            ),
        ),
        (
            "a carcassonne game with hills & sheep",
            generated_game(
                &dir,
                Ruleset::Carcassonne,
                "expansion hills-and-sheep\n",
                &[
                    ("base.tiles", shipped("carcassonne-base")),
                    ("hs.tiles", shipped("hills-and-sheep")),
                ],
            ),
        ),
    ];
    let mut group = c.benchmark_group("replay");
    for (name, (game, placed)) in &games {
        let report = carcspec::check::check_text("generated.game", game.clone(), &dir);
        assert!(
            report.ok(),
            "{}",
            carcspec::cli::render_check_report(&report, false)
        );
        group.throughput(Throughput::Elements(*placed as u64));
        group.bench_function(format!("{name} of {placed} placed tiles"), |b| {
            b.iter(|| carcspec::check::check_text("generated.game", black_box(game.clone()), &dir))
        });
    }
    group.finish();
    std::fs::remove_dir_all(&dir).ok();
}

criterion_group!(benches, replay);
criterion_main!(benches);
