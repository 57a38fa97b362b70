//! Every fuzz target's body, with its properties, on the target's seed corpus: the
//! repository's own inputs that `fuzz/seed-corpora.sh` copies into `fuzz/corpus/` (the tile
//! sets of `tiles/`, `tests/fixtures/` and `spec/`; the games of `spec/` and
//! `tests/fixtures/`; the saved games of `tests/fixtures/`; the JSON and YAML tile documents,
//! with the byte that chooses their format, and the shipped sets exported). The bodies are
//! the targets' own (`fuzz/properties.rs`), so a file of the repository that breaks a round
//! trip fails here, on stable Rust, without a fuzzing run.

use std::path::{Path, PathBuf};

#[path = "../fuzz/properties.rs"]
mod properties;

/// The files under the repository's `folders` whose name ends in `extension`, sorted.
fn files(folders: &[&str], extension: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let mut pending: Vec<PathBuf> = folders.iter().map(|f| root.join(f)).collect();
    while let Some(folder) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.to_string_lossy().ends_with(extension) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Runs `body` on every file, naming the file whose input fails it; requires some files, so
/// that a moved folder cannot leave the test with nothing to run.
fn each(files: Vec<PathBuf>, body: fn(&[u8]), prefix: Option<u8>) {
    assert!(!files.is_empty(), "no seeds found");
    for file in files {
        let mut data: Vec<u8> = prefix.into_iter().collect();
        data.extend(std::fs::read(&file).expect("a readable seed"));
        let failed = std::panic::catch_unwind(|| body(&data));
        assert!(
            failed.is_ok(),
            "the fuzz target fails on {}",
            file.display()
        );
    }
}

fn tile_files() -> Vec<PathBuf> {
    files(&["tiles", "tests/fixtures", "spec"], ".tiles")
}

fn game_files() -> Vec<PathBuf> {
    files(&["spec", "tests/fixtures"], ".game")
}

fn jcz_files() -> Vec<PathBuf> {
    files(&["tests/fixtures"], ".jcz")
}

#[test]
fn tiles_lint_holds_on_its_seeds() {
    each(tile_files(), properties::tiles_lint, None);
}

#[test]
fn roundtrip_tiles_holds_on_its_seeds() {
    each(tile_files(), properties::roundtrip_tiles, None);
}

#[test]
fn game_check_holds_on_its_seeds() {
    each(game_files(), properties::game_check, None);
}

#[test]
fn roundtrip_game_holds_on_its_seeds() {
    each(game_files(), properties::roundtrip_game, None);
}

#[test]
fn jcz_check_holds_on_its_seeds() {
    each(jcz_files(), properties::jcz_check, None);
}

#[test]
fn roundtrip_jcz_holds_on_its_seeds() {
    each(jcz_files(), properties::roundtrip_jcz, None);
}

/// The JSON and YAML documents of the fixtures, and the shipped sets exported in both formats
/// (as the seed script exports them), each after the byte that chooses its format.
#[test]
fn tile_documents_holds_on_its_seeds() {
    each(
        files(&["tests/fixtures"], ".json"),
        properties::tile_documents,
        Some(0),
    );
    each(
        files(&["tests/fixtures"], ".yaml"),
        properties::tile_documents,
        Some(1),
    );
    for set in ["carcassonne-base", "hills-and-sheep"] {
        let loaded = carcspec::load::load(set).expect("a shipped set");
        let tiles = loaded.usable().expect("a clean shipped set");
        for (choice, format) in [
            (0u8, carcspec::interchange::DocumentFormat::Json),
            (1, carcspec::interchange::DocumentFormat::Yaml),
        ] {
            let mut data = vec![choice];
            data.extend(carcspec::interchange::write(tiles, format).into_bytes());
            properties::tile_documents(&data);
        }
    }
}
