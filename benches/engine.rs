//! The engine alone: complete base games, already lowered to (tile, position, rotation)
//! placements, replayed through `check_placement` and `place` on one engine that is cleared
//! between games. This is the "engine's replay of an already lowered game"; no text is
//! parsed and no rules are asked. The roots of each placement go into one buffer kept across
//! placements (`Engine::place_into`), as a replay that keeps its buffers does.

use carcspec::engine::{CompiledTile, Engine};
use carcspec::model::{Pos, Rotation, Ruleset, TileKind};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// A tiny deterministic generator (a linear congruential one), so that the games are the same
/// on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % bound
    }
}

type Moves = Vec<(usize, Pos, Rotation)>;

/// A complete random game on the base set: every tile of the stack placed where it fits (a
/// random legal placement) or left out when it fits nowhere.
fn random_game(engine: &mut Engine, counts: &[u32], seed: u64) -> Moves {
    engine.clear();
    let start = engine
        .catalog
        .iter()
        .position(|t| t.kind == TileKind::Start)
        .expect("a start tile");
    let mut stack: Vec<usize> = Vec::new();
    for (index, count) in counts.iter().enumerate() {
        // The start tile's first copy is laid first.
        let copies = if index == start { count - 1 } else { *count };
        stack.extend(std::iter::repeat_n(index, copies as usize));
    }
    let mut rng = Lcg(seed);
    for i in (1..stack.len()).rev() {
        stack.swap(i, rng.next(i + 1));
    }
    let mut moves = vec![(start, Pos::new(0, 0), Rotation(0))];
    engine.place(start, Pos::new(0, 0), Rotation(0));
    while let Some(tile) = stack.pop() {
        let legal = engine.legal_placements(tile);
        if legal.is_empty() {
            continue;
        }
        let (pos, rotation) = legal[rng.next(legal.len())];
        engine.place(tile, pos, rotation);
        moves.push((tile, pos, rotation));
    }
    moves
}

fn engine_replay(c: &mut Criterion) {
    let set = carcspec::load::load("carcassonne-base")
        .expect("shipped set")
        .usable()
        .expect("clean set")
        .clone();
    let catalog: Vec<CompiledTile> = set
        .tiles
        .iter()
        .map(|tile| CompiledTile::compile(tile, Ruleset::Carcassonne))
        .collect();
    let counts: Vec<u32> = set.tiles.iter().map(|tile| tile.count).collect();
    let mut engine = Engine::new(catalog);
    let games: Vec<Moves> = (1..=20)
        .map(|seed| random_game(&mut engine, &counts, seed))
        .collect();
    let placements: usize = games.iter().map(Vec::len).sum();

    let mut roots = Vec::new();
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(placements as u64));
    group.bench_function(
        format!("replay 20 lowered base games ({placements} placements)"),
        |b| {
            b.iter(|| {
                for moves in &games {
                    engine.clear();
                    for &(tile, pos, rotation) in moves {
                        engine
                            .check_placement(tile, pos, rotation)
                            .expect("a legal placement");
                        engine.place_into(tile, pos, rotation, &mut roots);
                    }
                }
                engine.placements.len()
            })
        },
    );
    group.finish();
}

criterion_group!(benches, engine_replay);
criterion_main!(benches);
