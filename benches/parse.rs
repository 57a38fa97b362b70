//! Parsing speed of the tile language (a generated set of 10,000 tiles, the shipped sets) and
//! of the game language (a generated game of 10,000 turns). Figures and the machine they were measured on: `docs/performance.md`.
//!
//! Run with `cargo bench --bench parse`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use carcspec::{load, shipped, syntax};

/// A tile set of `tiles` tiles, each a copy of a base-game tile under a new id, so that the
/// text has the shapes and the line lengths of a real set.
fn generated_set(tiles: usize) -> String {
    let base = shipped::tiles("carcassonne-base").expect("shipped");
    let bodies: Vec<&str> = base
        .split("\ntile ")
        .skip(1)
        .map(|block| block.split_once('{').expect("tile block").1)
        .collect();
    let mut text = String::from("tileset generated\nruleset carcassonne\n");
    for index in 0..tiles {
        let kind = if index == 0 { " start" } else { "" };
        text.push_str(&format!("\ntile G/{index} x1{kind} {{"));
        text.push_str(bodies[index % bodies.len()].trim_end());
        text.push('\n');
    }
    text
}

fn parse(c: &mut Criterion) {
    let generated = generated_set(10_000);
    let mut group = c.benchmark_group("tiles");
    group.throughput(Throughput::Bytes(generated.len() as u64));
    group.bench_function("parse 10,000 tiles", |b| {
        b.iter(|| syntax::tiles::parse(black_box(&generated)))
    });
    group.bench_function("parse, lower and lint 10,000 tiles", |b| {
        b.iter(|| load::from_text("generated", black_box(generated.clone()), None))
    });
    for set in shipped::tile_sets() {
        let (name, text) = (set.name, set.text);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("parse, lower and lint {name}"), |b| {
            b.iter(|| load::from_text(name, black_box(text.to_string()), None))
        });
    }
    group.finish();
}

/// A game of `turns` turns on one all-field tile, laid in a row: game-language text of the
/// shape of real transcripts (turn, draw, place, pass; a deployment every fourth turn).
fn generated_game(turns: usize) -> String {
    let mut text = format!(
        "ruleset carcassonne\nplayers red blue\ntile F x{} start {{\n  field: N E S W\n}}\n",
        turns + 1
    );
    for turn in 0..turns {
        let player = if turn % 2 == 0 { "red" } else { "blue" };
        text.push_str(&format!(
            "\nturn {player}\ndraw F\nplace at {},0 r0\n",
            turn + 1
        ));
        text.push_str(if turn % 4 == 0 {
            "deploy farmer on N\n"
        } else {
            "pass\n"
        });
    }
    text
}

fn parse_games(c: &mut Criterion) {
    let game = generated_game(10_000);
    let mut group = c.benchmark_group("games");
    group.throughput(Throughput::Bytes(game.len() as u64));
    group.bench_function("parse a game of 10,000 turns", |b| {
        b.iter(|| carcspec::syntax::game::parse(black_box(&game)))
    });
    group.bench_function("parse and lower a game of 10,000 turns", |b| {
        b.iter(|| {
            let (file, _) = carcspec::syntax::game::parse(black_box(&game));
            carcspec::lower::game::lower(&file).script.is_some()
        })
    });
    group.finish();
}

criterion_group!(benches, parse, parse_games);
criterion_main!(benches);
