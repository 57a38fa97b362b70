//! Game-language and rule-violation fixtures: one case per file under
//! `tests/fixtures/games/invalid/`, each naming on its first line (`# expect: V102`) the codes
//! it must produce, and producing exactly those. Reports are snapshotted in `snapshots/games/`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use carcspec::check;

/// The fixtures, in `invalid/` and its subfolders (a subfolder holds a fixture with the files
/// beside it that it reads, or must not read).
fn fixtures() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![PathBuf::from("tests/fixtures/games/invalid")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "game" || e == "jcz") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn expected_codes(text: &str) -> BTreeSet<String> {
    text.lines()
        .next()
        .and_then(|line| line.strip_prefix("# expect:"))
        .expect("fixture names its codes")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
fn invalid_games_report_exactly_their_codes() {
    let files = fixtures();
    assert!(files.len() >= 20);
    for path in files {
        let report = check::check_file(&path);
        let found: BTreeSet<String> = report
            .diagnostics
            .iter()
            .map(|d| d.code.code.to_string())
            .collect();
        let rendered = carcspec::cli::render_check_report(&report, false);
        assert_eq!(
            found,
            expected_codes(&report.text),
            "{}:\n{rendered}",
            path.display()
        );
        assert!(!report.ok(), "{}", path.display());
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({
            snapshot_path => "../snapshots/games",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(name, rendered);
        });
    }
}

/// Every game-language, violation and expectation code is exercised: by an invalid fixture,
/// or by a spec that expects it (`expect violation <name>`).
#[test]
fn every_game_code_is_exercised() {
    let mut covered = BTreeSet::new();
    for path in fixtures() {
        covered.extend(expected_codes(&std::fs::read_to_string(&path).unwrap()));
    }
    let mut stack = vec![Path::new("spec").to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "game") {
                for line in std::fs::read_to_string(&path).unwrap().lines() {
                    if let Some(name) = line.trim().strip_prefix("expect violation ") {
                        let code = carcspec::rules::codes::find(name.trim()).expect("a known code");
                        covered.insert(code.code.to_string());
                    }
                }
            }
        }
    }
    let missing: Vec<&str> = carcspec::rules::codes::all()
        .iter()
        .map(|c| c.code)
        .filter(|code| code.starts_with(['G', 'V', 'X']) && !covered.contains(*code))
        .collect();
    assert!(
        missing.is_empty(),
        "codes no fixture or spec exercises: {missing:?}"
    );
}
