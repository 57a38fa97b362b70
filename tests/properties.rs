//! Property tests: no input, however broken, panics the parser, the lowering, the linter, the
//! formatter or the JSON/YAML reader.

use carcspec::interchange::DocumentFormat;
use carcspec::load;
use carcspec::report;
use proptest::prelude::*;

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
        let mut bytes = text.as_bytes().to_vec();
        let cut = cut % bytes.len();
        let end = (cut + len).min(bytes.len());
        bytes.splice(cut..end, insert.bytes());
        load_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn damaged_json_documents_never_panic(cut in 0usize..10_000, len in 0usize..50, insert in "[ -~\n]{0,8}") {
        let loaded = load::load("hills-and-sheep").unwrap();
        let json = carcspec::interchange::write(loaded.usable().unwrap(), DocumentFormat::Json);
        let mut bytes = json.into_bytes();
        let cut = cut % bytes.len();
        let end = (cut + len).min(bytes.len());
        bytes.splice(cut..end, insert.bytes());
        load_everything(&String::from_utf8_lossy(&bytes));
    }
}
