//! The body of every fuzz target: what each one runs on an input and the properties it
//! asserts. Each target in `fuzz_targets/` calls its function here, and `tests/fuzz_seeds.rs`
//! (an ordinary `cargo test`, no nightly) calls the same functions on the targets' seed
//! corpora — the repository's own inputs that `seed-corpora.sh` copies — so that an input of
//! the repository that breaks a property fails the tests the day it is added.
//!
//! Included as a module (`#[path]`) by the targets and the test: it uses carcspec's public
//! API only.

use std::path::Path;

use carcspec::check::CheckReport;
use carcspec::interchange::{self, DocumentFormat};
use carcspec::model::{Script, TileSet};

/// `tiles_lint`: the tile language through parsing, lowering, lint and the human report.
pub fn tiles_lint(data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    let loaded = carcspec::load::from_text("fuzz.tiles", text, None);
    let _ = carcspec::report::render(&loaded.origin, &loaded.text, &loaded.diagnostics, false);
    let _ = carcspec::report::to_json_all(&loaded.text, &loaded.diagnostics);
}

/// `tile_documents`: JSON and YAML tile sets (the first byte chooses: even JSON, odd YAML)
/// through reading, lint and the report.
pub fn tile_documents(data: &[u8]) {
    let Some((choice, rest)) = data.split_first() else {
        return;
    };
    let format = if choice % 2 == 0 {
        DocumentFormat::Json
    } else {
        DocumentFormat::Yaml
    };
    let text = String::from_utf8_lossy(rest).into_owned();
    let loaded = carcspec::load::from_text("fuzz.document", text, Some(format));
    let _ = carcspec::report::render(&loaded.origin, &loaded.text, &loaded.diagnostics, false);
}

/// `game_check`: the game language through the whole check (parse, lower, tile sets, replay,
/// expectations) and both reports (the human one and the JSON diagnostics).
pub fn game_check(data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    // Tile sets are named by their shipped names; no path is read.
    let report = carcspec::check::check_text("fuzz.game", text, Path::new("/nonexistent"));
    let _ = carcspec::cli::render_check_report(&report, false);
    for diagnostics in [&report.diagnostics, &report.expected_violations] {
        for json in carcspec::report::to_json_all(&report.text, diagnostics) {
            let _ = json.message.len() + json.line.unwrap_or(0);
        }
    }
}

/// `jcz_check`: JCloisterZone saved games through import (printed as a game) and check.
pub fn jcz_check(data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    if let Ok(script) = carcspec::check::import_jcz(&text) {
        let _ = carcspec::format::game::print_script(&script, Some("fuzz.jcz"));
    }
    let report = carcspec::check::check_jcz_text("fuzz.jcz", text);
    let _ = carcspec::cli::render_check_report(&report, false);
}

/// `roundtrip_game`: every game the parser accepts prints to a text that parses to the same
/// game, and checks to the same report.
pub fn roundtrip_game(data: &[u8]) {
    // The text as `check` reads it: a lone CR ends a line, a byte-order mark is dropped.
    let text = carcspec::input::normalize(String::from_utf8_lossy(data).into_owned());
    let Some(script) = accepted_game(&text) else {
        return;
    };
    let printed = carcspec::format::game::print_script(&script, None);
    let again = accepted_game(&printed).expect("the printed game parses");
    assert_eq!(without_places(&again), without_places(&script), "{printed}");
    let base = Path::new("/nonexistent");
    let original = carcspec::check::check_text("a.game", text, base);
    let reprinted = carcspec::check::check_text("b.game", printed.clone(), base);
    assert_eq!(essence(&original), essence(&reprinted), "{printed}");
}

/// `roundtrip_tiles`: every tile set that loads is written (tile language, JSON, YAML) and
/// read back to the same model.
pub fn roundtrip_tiles(data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    // What the text's allow comments allow, its copies without comments still break.
    let allowed = carcspec::load::allowed_anywhere(&text);
    let Some(set) = tile_model(text, None, &[]) else {
        return;
    };
    let printed = carcspec::format::tiles::print_model(&set);
    assert_eq!(
        tile_model(printed.clone(), None, &allowed).as_ref(),
        Some(&set),
        "{printed}"
    );
    for format in [DocumentFormat::Json, DocumentFormat::Yaml] {
        let document = interchange::write(&set, format);
        assert_eq!(
            tile_model(document.clone(), Some(format), &allowed).as_ref(),
            Some(&set),
            "{document}"
        );
    }
}

/// `roundtrip_jcz`: a saved game that imports checks to the same report (scores,
/// expectations, codes) directly and through its import.
pub fn roundtrip_jcz(data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    let imported = carcspec::check::import_jcz(&text);
    let direct = carcspec::check::check_jcz_text("saved.jcz", text);
    // A saved game that does not import does not check clean either.
    let Ok(script) = imported else {
        assert!(!direct.ok(), "checks clean but does not import");
        return;
    };
    let printed = carcspec::format::game::print_script(&script, None);
    let imported = carcspec::check::check_text("imported.game", printed.clone(), Path::new("."));
    // What reading the saved game itself found (`J…`: an element listed but unused) is about
    // the `.jcz` document, which the printed game no longer is; the rest must be the same.
    let mut direct = essence(&direct);
    direct.4.retain(|code| !code.starts_with('J'));
    assert_eq!(essence(&imported), direct, "{printed}");
}

/// What two checks of the same game must share: the scores, the expectations and the codes
/// found, in order of code (the places, and so the order of the text, differ between two
/// texts of the game).
type Essence = (Vec<i64>, usize, usize, Vec<String>, Vec<&'static str>);

fn essence(report: &CheckReport) -> Essence {
    let mut codes: Vec<&'static str> = report.diagnostics.iter().map(|d| d.code.code).collect();
    codes.sort_unstable();
    (
        report.scores.clone(),
        report.expectations_passed,
        report.expectations_failed,
        report.not_applicable.clone(),
        codes,
    )
}

/// The game, when the text parses and lowers without a diagnostic.
fn accepted_game(text: &str) -> Option<Script> {
    let (file, diagnostics) = carcspec::syntax::game::parse(text);
    let lowered = carcspec::lower::game::lower(&file);
    (diagnostics.is_empty() && lowered.diagnostics.is_empty())
        .then_some(lowered.script)
        .flatten()
}

/// The script's debug text without the places in the text.
fn without_places(script: &Script) -> String {
    let debug = format!("{script:?}");
    let mut out = String::new();
    let mut rest = debug.as_str();
    while let Some(at) = rest.find("Span { start: ") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        rest = after.find('}').map_or("", |end| &after[end + 1..]);
    }
    out.push_str(rest);
    out
}

/// The tile set a text loads to, without the places in the text, with the codes `allowed`
/// left out of its findings.
fn tile_model(text: String, format: Option<DocumentFormat>, allowed: &[String]) -> Option<TileSet> {
    let mut loaded = carcspec::load::from_text("fuzz", text, format);
    loaded.diagnostics.retain(|d| {
        !allowed
            .iter()
            .any(|code| d.code.code.starts_with(code.as_str()))
    });
    let mut set = loaded.usable()?.clone();
    for tile in &mut set.tiles {
        tile.spans = Default::default();
        for feature in &mut tile.features {
            feature.spans = Default::default();
        }
    }
    Some(set)
}
