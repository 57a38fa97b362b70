//! Parser, lowering and lint fixtures: one case per file under `tests/fixtures/tiles/`.
//!
//! Valid fixtures load with no diagnostic at all. Each invalid fixture names the codes it must
//! produce (a first line `# expect: T201 T216`, or in the file name for JSON, which has no
//! comments: `document-malformed.T120.json`) and produces exactly those; its rendered report,
//! source included, is snapshotted in `snapshots/tiles/`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use carcspec::load;
use carcspec::report;

fn fixtures(kind: &str) -> Vec<PathBuf> {
    let dir = Path::new("tests/fixtures/tiles").join(kind);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no fixtures in {}", dir.display());
    files
}

fn relative(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

fn expected_codes(path: &Path, text: &str) -> BTreeSet<String> {
    let from_comment = text
        .lines()
        .next()
        .and_then(|line| line.strip_prefix("# expect:"))
        .map(str::to_string);
    let from_name = || {
        let stem = path.file_stem()?.to_str()?;
        let (_, codes) = stem.rsplit_once('.')?;
        Some(codes.replace('-', " "))
    };
    from_comment
        .or_else(from_name)
        .unwrap_or_else(|| panic!("{}: names no expected codes", path.display()))
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
fn valid_fixtures_load_without_diagnostics() {
    for path in fixtures("valid") {
        let loaded = load::load(&relative(&path)).unwrap();
        let rendered = report::render(&loaded.origin, &loaded.text, &loaded.diagnostics, false);
        assert!(
            loaded.diagnostics.is_empty() && loaded.set.is_some(),
            "{} should be clean:\n{rendered}",
            path.display()
        );
    }
}

/// A fixture whose second line is `# with: <set>...` is linted as played together with those
/// sets (`carcspec tiles lint <fixture> --with <set>`), for the lints of a combination.
fn lint_with_named_sets(loaded: &mut load::LoadedTiles) {
    let Some(names) = loaded
        .text
        .lines()
        .nth(1)
        .and_then(|line| line.strip_prefix("# with:"))
    else {
        return;
    };
    let others: Vec<load::LoadedTiles> = names
        .split_whitespace()
        .map(|name| load::load(name).unwrap())
        .collect();
    let others: Vec<(&str, &carcspec::model::TileSet)> = others
        .iter()
        .map(|o| (o.origin.as_str(), o.set.as_ref().unwrap()))
        .collect();
    if let Some(set) = loaded.usable() {
        let findings = carcspec::lint::lint_with(set, &others);
        loaded.diagnostics.extend(findings);
    }
}

#[test]
fn invalid_fixtures_report_exactly_their_codes() {
    for path in fixtures("invalid") {
        let origin = relative(&path);
        let mut loaded = load::load(&origin).unwrap();
        lint_with_named_sets(&mut loaded);
        let expected = expected_codes(&path, &loaded.text);
        let found: BTreeSet<String> = loaded
            .diagnostics
            .iter()
            .map(|d| d.code.code.to_string())
            .collect();
        let rendered = report::render(&origin, &loaded.text, &loaded.diagnostics, false);
        assert_eq!(found, expected, "{origin}:\n{rendered}");
        assert!(loaded.usable().is_none() || loaded.diagnostics.iter().all(|d| !d.is_error()));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({
            snapshot_path => "../snapshots/tiles",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(name, rendered);
        });
    }
}

#[test]
fn every_code_of_the_tile_ranges_has_a_fixture() {
    let mut covered = BTreeSet::new();
    for path in fixtures("invalid") {
        let text = std::fs::read_to_string(&path).unwrap();
        covered.extend(expected_codes(&path, &text));
    }
    let missing: Vec<&str> = carcspec::codes::ALL
        .iter()
        .map(|c| c.code)
        .filter(|code| code.starts_with('T') && !covered.contains(*code))
        .collect();
    assert!(
        missing.is_empty(),
        "codes without an invalid fixture: {missing:?}"
    );
}
