//! Formatting and interchange keep everything: `tiles fmt` is idempotent and changes no
//! meaning, and tile language → JSON / YAML → model gives the same model back.

use std::path::PathBuf;

use carcspec::format::tiles::{format, print_model};
use carcspec::interchange::{self, DocumentFormat};
use carcspec::load::{self, LoadedTiles};
use carcspec::model::TileSet;
use carcspec::syntax::tiles::parse;

/// Every tile-language file whose round trip is checked: the shipped sets and the valid
/// fixtures.
fn tile_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["tiles", "tests/fixtures/tiles/valid"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "tiles") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 6);
    files
}

/// The model of a text, with the places in the text cleared (they differ between layouts).
/// `allowed`: codes the source's allow comments allow, which a copy written without its
/// comments (an export, the printed model) still breaks on purpose.
fn model_of(
    origin: &str,
    text: String,
    format: Option<DocumentFormat>,
    allowed: &[String],
) -> TileSet {
    let mut loaded: LoadedTiles = load::from_text(origin, text, format);
    loaded.diagnostics.retain(|d| {
        !allowed
            .iter()
            .any(|code| d.code.code.starts_with(code.as_str()))
    });
    assert!(
        loaded.diagnostics.is_empty(),
        "{origin}: {:?}",
        loaded.diagnostics
    );
    let mut set = loaded.set.unwrap();
    for tile in &mut set.tiles {
        tile.spans = Default::default();
        for feature in &mut tile.features {
            feature.spans = Default::default();
        }
    }
    set
}

#[test]
fn fmt_is_idempotent_and_keeps_the_meaning_and_the_comments() {
    for path in tile_files() {
        let origin = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let (ast, diagnostics) = parse(&text);
        assert!(diagnostics.is_empty(), "{origin}");
        let once = format(&ast);
        let (ast_again, diagnostics) = parse(&once);
        assert!(
            diagnostics.is_empty(),
            "{origin} formatted does not parse:\n{once}"
        );
        assert_eq!(format(&ast_again), once, "{origin}: fmt is not idempotent");
        assert_eq!(
            model_of(&origin, text.clone(), None, &[]),
            model_of(&origin, once.clone(), None, &[]),
            "{origin}: fmt changed the meaning"
        );
        let comments = |t: &str| t.lines().filter(|l| l.contains('#')).count();
        // A `#` inside a string is no comment, but it survives formatting just the same.
        assert_eq!(
            comments(&text),
            comments(&once),
            "{origin}: fmt lost a comment"
        );
    }
}

#[test]
fn the_shipped_sets_are_in_canonical_layout() {
    for path in tile_files().into_iter().filter(|p| p.starts_with("tiles")) {
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            format(&parse(&text).0),
            text,
            "{}: run `carcspec tiles fmt`",
            path.display()
        );
    }
}

#[test]
fn comments_stay_where_they_were() {
    let text =
        std::fs::read_to_string("tests/fixtures/tiles/valid/comments-everywhere.tiles").unwrap();
    insta::with_settings!({
        snapshot_path => "../snapshots/format",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("comments-everywhere.tiles", format(&parse(&text).0));
    });
}

#[test]
fn json_yaml_and_tiles_exports_read_back_to_the_same_model() {
    for path in tile_files() {
        let origin = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let allowed = load::allowed_anywhere(&text);
        let set = model_of(&origin, text, None, &[]);
        for format in [DocumentFormat::Json, DocumentFormat::Yaml] {
            let document = interchange::write(&set, format);
            assert_eq!(
                model_of(&origin, document, Some(format), &allowed),
                set,
                "{origin} via {format:?}"
            );
        }
        assert_eq!(
            model_of(&origin, print_model(&set), None, &allowed),
            set,
            "{origin} via tiles"
        );
    }
}

#[test]
fn the_json_export_has_the_documented_fields() {
    let loaded = load::load("carcassonne-base").unwrap();
    let json = interchange::write(loaded.usable().unwrap(), DocumentFormat::Json);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let tiles = value["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 24);
    let start = tiles.iter().find(|t| t["kind"] == "start").unwrap();
    assert_eq!(start["id"], "BA/RCr");
    assert_eq!(start["count"], 4);
    assert_eq!(start["edges"], "CRFR");
    let copies: u64 = tiles.iter().map(|t| t["count"].as_u64().unwrap()).sum();
    assert_eq!(copies, 72);
}
