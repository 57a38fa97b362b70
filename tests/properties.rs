//! Property tests: no input, however broken, panics the parser, the lowering, the linter, the
//! formatter or the JSON/YAML reader.

use carcspec::interchange::DocumentFormat;
use carcspec::load;
use carcspec::report;
use proptest::prelude::*;

/// `text` with the bytes from `cut` (wrapped to its length) to `cut + len` replaced by `insert`.
fn damage(text: &str, cut: usize, len: usize, insert: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let cut = cut % bytes.len().max(1);
    let end = (cut + len).min(bytes.len());
    bytes.splice(cut..end, insert.bytes());
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Loads `text` as every kind of input and renders what was found; only a panic fails.
fn load_everything(text: &str) {
    for format in [None, Some(DocumentFormat::Json), Some(DocumentFormat::Yaml)] {
        let loaded = load::from_text("input", text.to_string(), format);
        let _ = report::render(&loaded.origin, &loaded.text, &loaded.diagnostics, false);
        for diagnostic in &loaded.diagnostics {
            let _ = report::to_json(&loaded.text, diagnostic);
        }
    }
    let (ast, _) = carcspec::syntax::tiles::parse(text);
    let _ = carcspec::format::tiles::format(&ast);
}

/// Pieces of the tile language, so that random inputs reach deep into the parser.
fn tile_language_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("tile ".to_string()),
        Just("{\n".to_string()),
        Just("}\n".to_string()),
        Just("tileset t\nruleset carcassonne\n".to_string()),
        Just("ruleset hunters-gatherers\n".to_string()),
        Just("expansion hills-and-sheep\n".to_string()),
        Just("source \"s\\\"x\"\n".to_string()),
        Just("  city c: N E ".to_string()),
        Just("  field: EL WR touches=c,d ".to_string()),
        Just("  river: N into=l spring fish=2 ".to_string()),
        Just("  lake l: I fish ".to_string()),
        Just("x0 start bonus hill ".to_string()),
        Just("shares=N ".to_string()),
        Just("# comment é\n".to_string()),
        Just("\n".to_string()),
        "[ -~]{0,12}",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        load_everything(&text);
    }

    #[test]
    fn tile_language_fragments_never_panic(pieces in proptest::collection::vec(tile_language_piece(), 0..40)) {
        load_everything(&pieces.concat());
    }

    #[test]
    fn damaged_shipped_sets_never_panic(cut in 0usize..30_000, len in 0usize..200, insert in "[ -~\n]{0,8}") {
        let text = carcspec::shipped::tiles("hills-and-sheep").unwrap();
        load_everything(&damage(text, cut, len, &insert));
    }

    #[test]
    fn damaged_json_documents_never_panic(cut in 0usize..10_000, len in 0usize..50, insert in "[ -~\n]{0,8}") {
        let loaded = load::load("hills-and-sheep").unwrap();
        let json = carcspec::interchange::write(loaded.usable().unwrap(), DocumentFormat::Json);
        load_everything(&damage(&json, cut, len, &insert));
    }
}

/// Checks `text` as a game file; only a panic fails.
fn check_game(text: &str) {
    let report = carcspec::check::check_text(
        "input.game",
        text.to_string(),
        std::path::Path::new("spec/hunters-gatherers"),
    );
    let _ = carcspec::cli::render_check_report(&report, false);
}

fn game_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("ruleset hunters-gatherers\n".to_string()),
        Just("tiles rulebook.tiles\n".to_string()),
        Just("players red blue\n".to_string()),
        Just("lay VOLCANO at 0,0\n".to_string()),
        Just("turn red\n".to_string()),
        Just("turn blue\n".to_string()),
        Just("draw FOREST-END\n".to_string()),
        Just("draw MEADOW\n".to_string()),
        Just("bonus B-FIRE\n".to_string()),
        Just("place at 1,0 r180\n".to_string()),
        Just("place at 0,1\n".to_string()),
        Just("deploy gatherer on E\n".to_string()),
        Just("deploy hut on I\n".to_string()),
        Just("put red hunter at 0,0 on N\n".to_string()),
        Just("pass\n".to_string()),
        Just("discard\n".to_string()),
        Just("expect score red 4\n".to_string()),
        Just("expect placements MEADOW none\n".to_string()),
        Just("expect final red 0\n".to_string()),
        Just("expect violation feature-occupied\n".to_string()),
        Just("end\n".to_string()),
        Just("stop\n".to_string()),
        Just("tile L {\n  meadow: N E S W\n}\n".to_string()),
        "[ -~]{0,16}\n",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_games_never_panic(pieces in proptest::collection::vec(game_piece(), 0..40)) {
        check_game(&pieces.concat());
    }

    #[test]
    fn damaged_specs_never_panic(cut in 0usize..5_000, len in 0usize..80, insert in "[ -~\n]{0,8}") {
        let text = std::fs::read_to_string("spec/hunters-gatherers/bonus-shrine.game").unwrap();
        check_game(&damage(&text, cut, len, &insert));
    }
}
