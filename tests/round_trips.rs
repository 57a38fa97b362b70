//! Round trips that the docs promise, as properties: the game printer and the game parser
//! agree on every game the parser accepts, and the tile writer and reader (tile language,
//! JSON, YAML) on every tile set that loads.

use std::collections::BTreeSet;

use carcspec::format::game::print_script;
use carcspec::interchange::{self, DocumentFormat};
use carcspec::load;
use carcspec::model::{Script, TileSet};
use carcspec::{lower, syntax};
use proptest::prelude::*;

/// A word as a person would write it: bare when it can be, quoted (with escapes) otherwise.
fn written(word: &str) -> String {
    let bare = !word.is_empty()
        && !word
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || "\"#;\\".contains(c));
    if bare {
        return word.to_string();
    }
    quoted(word)
}

/// A quoted string, with the escapes of both languages.
fn quoted(word: &str) -> String {
    let mut out = String::from("\"");
    for c in word.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A script with the places in the text cleared, as text: equal for the same game.
fn without_places(script: &Script) -> String {
    let debug = format!("{script:?}");
    // `Span { start: 12, end: 15 }` → `Span`.
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug.as_str();
    while let Some(at) = rest.find("Span { start: ") {
        out.push_str(&rest[..at]);
        out.push_str("Span");
        let after = &rest[at..];
        rest = after.find('}').map_or("", |end| &after[end + 1..]);
    }
    out.push_str(rest);
    out
}

/// Parses and lowers `text`; the script if there is no diagnostic at all.
fn accepted(text: &str) -> Option<Script> {
    let (file, mut diagnostics) = syntax::game::parse(text);
    let lowered = lower::game::lower(&file);
    diagnostics.extend(lowered.diagnostics);
    if diagnostics.is_empty() {
        lowered.script
    } else {
        None
    }
}

fn name() -> impl Strategy<Value = String> {
    "[a-zA-Zé0-9#;\"\\\\ ?,.]{1,6}"
}

fn free_text() -> impl Strategy<Value = String> {
    "[ -~é\n\r\t\u{0}\u{7f}]{0,12}"
}

/// One move or expectation, written with the players `players` (indexes into them).
fn step(players: usize) -> impl Strategy<Value = (u8, usize, String, i64, String)> {
    (0u8..22, 0..players, name(), -5i64..50, free_text())
}

fn write_step(
    players: &[String],
    (kind, player, word, number, text): &(u8, usize, String, i64, String),
) -> String {
    let p = written(&players[*player]);
    let w = written(word);
    let (x, y) = (number % 7 - 3, number % 5 - 2);
    let r = ["r0", "r90", "r180", "r270"][(*number).rem_euclid(4) as usize];
    match kind {
        0 => format!("turn {p}"),
        1 => format!("draw {w}"),
        2 => format!("place at {x},{y} {r}"),
        3 => "deploy knight on N".into(),
        4 => "deploy farmer on ER+SL+SR".into(),
        5 => format!("deploy thief on road-{}", number.rem_euclid(9)),
        6 => "pass".into(),
        7 => "discard".into(),
        8 => format!("under {w}"),
        9 => "under ?".into(),
        10 => format!("flock sheep{}", number.rem_euclid(4) + 1),
        11 => format!("grow random 0.{}", number.rem_euclid(1000)),
        12 => "stable".into(),
        13 => format!("expect score {p} {number}"),
        14 => format!("expect total {p} {number} {p} {}", number + 1),
        15 => format!("expect final {p} {number}"),
        16 => format!("expect violation {w}"),
        17 => format!("expect placements {w} at {x},{y} {r} {y},{x} r0"),
        18 => format!("expect placements {w} none"),
        19 => format!("expect scored {p} {w} {number}"),
        20 => format!("expect unsupported {}", written(text)),
        _ => "stop".into(),
    }
}

fn game() -> impl Strategy<Value = String> {
    (
        proptest::collection::btree_set(name(), 1..4),
        proptest::option::of(free_text()),
        proptest::collection::vec(step(4), 0..30),
        any::<bool>(),
    )
        .prop_map(|(players, title, steps, semicolons)| {
            let players: Vec<String> = players
                .into_iter()
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            let mut text = String::new();
            if let Some(title) = title {
                text.push_str(&format!("game {}\n", written(&title)));
            }
            text.push_str("ruleset carcassonne\nexpansion hills-and-sheep\n");
            text.push_str("tiles carcassonne-base x2\ntiles hills-and-sheep\n");
            let names: Vec<String> = players.iter().map(|p| written(p)).collect();
            text.push_str(&format!("players {}\n", names.join(" ")));
            text.push_str("lay BA/RCr at 0,0 r90\n");
            text.push_str(&format!("put {} knight at 0,0 on N\n", names[0]));
            let separator = if semicolons { "; " } else { "\n" };
            let written: Vec<String> = steps
                .iter()
                .map(|s| {
                    let mut s = s.clone();
                    s.1 %= players.len();
                    write_step(&players, &s)
                })
                .collect();
            text.push_str(&written.join(separator));
            text.push('\n');
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// print(parse(text)) parses back to the same game, for every game the parser accepts.
    #[test]
    fn the_game_printer_and_parser_agree(text in game()) {
        let Some(script) = accepted(&text) else {
            // Not a game the parser accepts (a name that is a control character, say).
            return Ok(());
        };
        let printed = print_script(&script, Some("a property test"));
        let again = accepted(&printed);
        prop_assert!(again.is_some(), "the printed game is refused:\n{printed}\nfrom:\n{text}");
        prop_assert_eq!(without_places(&again.unwrap()), without_places(&script), "{}", printed);
    }
}

/// Every spec, and every game in the fixtures the parser accepts, prints and parses back.
#[test]
fn every_spec_prints_and_parses_back() {
    let mut stack = vec![std::path::PathBuf::from("spec")];
    let mut checked = 0;
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "game") {
                let text = std::fs::read_to_string(&path).unwrap();
                let Some(script) = accepted(&text) else {
                    continue;
                };
                let printed = print_script(&script, None);
                let again = accepted(&printed).unwrap_or_else(|| {
                    panic!("{}: printed game refused:\n{printed}", path.display())
                });
                assert_eq!(
                    without_places(&again),
                    without_places(&script),
                    "{}",
                    path.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "{checked}");
}

// The inputs the fuzz targets found (`tests/fixtures/games/roundtrip/`,
// `tests/fixtures/jcz/roundtrip/`) are seeds of their targets, run with the targets' own
// bodies by `tests/fuzz_seeds.rs`.

/// A tile set's model with the places in the text cleared.
fn model(origin: &str, text: String, format: Option<DocumentFormat>) -> Option<TileSet> {
    let loaded = load::from_text(origin, text, format);
    let mut set = loaded.usable()?.clone();
    for tile in &mut set.tiles {
        tile.spans = Default::default();
        for feature in &mut tile.features {
            feature.spans = Default::default();
        }
    }
    Some(set)
}

const BODIES: [&str; 7] = [
    "  road: E W\n  city c: N\n  field: EL WR touches=c\n  field: ER S WL\n",
    "  city: N E S W pennant=2\n",
    "  monastery: I\n  field: N E S W\n",
    "  road: N\n  road: E\n  road: S\n  road: W\n  field: NL WR\n  field: NR EL\n  field: ER SL\n  field: SR WL\n",
    "  city c: N W pennant\n  road: E S\n  field: EL SR touches=c\n  field: ER SL\n",
    "  monastery: I\n  closed: N E S W\n",
    "  road: E W\n  field: N EL WR\n  field: ER WL\n  closed: S\n",
];

fn tile_set() -> impl Strategy<Value = String> {
    (
        "[a-z][a-z0-9-]{0,8}",
        // A source is a name: printable text, with quotes and backslashes.
        proptest::option::of("[ -~é]{0,12}"),
        proptest::collection::vec(
            ("[A-Za-z0-9/_.!+*?é-]{1,8}", 1u32..30, 0usize..BODIES.len()),
            0..8,
        ),
    )
        .prop_map(|(name, source, tiles)| {
            let mut text = format!("tileset {name}\nruleset carcassonne\n");
            if let Some(source) = source {
                text.push_str(&format!("source {}\n", quoted(&source)));
            }
            text.push_str(&format!("\ntile START x1 start {{\n{}}}\n", BODIES[0]));
            for (id, count, body) in tiles {
                text.push_str(&format!("\ntile {id} x{count} {{\n{}}}\n", BODIES[body]));
            }
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every tile set that loads is written and read back to the same model: in the tile
    /// language, in JSON and in YAML.
    #[test]
    fn the_tile_writer_and_reader_agree(text in tile_set()) {
        let Some(set) = model("set.tiles", text.clone(), None) else {
            return Ok(());
        };
        let printed = carcspec::format::tiles::print_model(&set);
        let again = model("printed.tiles", printed.clone(), None);
        prop_assert_eq!(again.as_ref(), Some(&set), "{}", printed);
        for format in [DocumentFormat::Json, DocumentFormat::Yaml] {
            let document = interchange::write(&set, format);
            let again = model("document", document.clone(), Some(format));
            prop_assert_eq!(again.as_ref(), Some(&set), "{}", document);
        }
    }
}
