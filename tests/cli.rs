//! The command line as users run it: every command the README shows, and the exit codes.

mod common;

// Further tests of the command line, in files of their own.
#[path = "cli/ci_tools.rs"]
mod ci_tools;
#[path = "cli/conventions.rs"]
mod conventions;
#[path = "cli/unsupported.rs"]
mod unsupported;
#[path = "cli/walk.rs"]
mod walk;

use common::{carcspec, stdout};
use std::path::Path;
use std::process::Output;

/// The JSON objects printed one a line.
fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    stdout(output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The commands in the README's `sh` blocks, as argument lists for the carcspec binary:
/// `carcspec …` and `cargo run --release -- …` lines (comments after `#` dropped).
fn readme_commands() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let mut commands = Vec::new();
    let mut in_sh = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        let command = line.split(" #").next().unwrap().trim();
        let args = command
            .strip_prefix("carcspec ")
            .or_else(|| command.strip_prefix("cargo run --release -- "));
        if let Some(args) = args {
            commands.push(args.split_whitespace().map(str::to_string).collect());
        }
    }
    commands
}

#[test]
fn every_readme_command_succeeds() {
    let commands = readme_commands();
    assert!(
        commands.len() >= 7,
        "README commands not found: {commands:?}"
    );
    for args in commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = carcspec(&args);
        assert_eq!(
            output.status.code(),
            Some(0),
            "carcspec {}\n{}{}",
            args.join(" "),
            stdout(&output),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            !stdout(&output).is_empty(),
            "carcspec {} printed nothing",
            args.join(" ")
        );
    }
}

#[test]
fn lint_summarises_each_shipped_set() {
    let output = carcspec(&["tiles", "lint", "tiles"]);
    let text = stdout(&output);
    assert!(
        text.contains(
            "tiles/carcassonne-base.tiles: 24 tiles, 72 copies: 1 start, 71 land, 0 bonus; clean"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "tiles/hills-and-sheep.tiles: 16 tiles, 18 copies: 0 start, 18 land, 0 bonus; clean"
        ),
        "{text}"
    );
    assert!(text.contains("tiles/hunters-gatherers-v2.tiles: 95 tiles, 95 copies: 1 start, 78 land, 16 bonus; clean"), "{text}");
    assert!(!text.contains('\u{1b}'), "colour without a terminal");
}

#[test]
fn lint_exit_codes() {
    let findings = carcspec(&[
        "tiles",
        "lint",
        "tests/fixtures/tiles/invalid/lint-unknown-city.tiles",
    ]);
    assert_eq!(findings.status.code(), Some(1));
    assert!(stdout(&findings).contains("T204 unknown-city"));
    let missing = carcspec(&["tiles", "lint", "no/such/file.tiles"]);
    assert_eq!(missing.status.code(), Some(2));
    // An unreadable input is a diagnostic of the report, like any other finding.
    assert!(stdout(&missing).contains("F001 unreadable-input"));
    assert_eq!(carcspec(&["tiles", "lint"]).status.code(), Some(2));
    assert_eq!(carcspec(&["tiles", "frobnicate"]).status.code(), Some(2));
}

#[test]
fn lint_json_is_one_object_per_file() {
    let output = carcspec(&[
        "tiles",
        "lint",
        "--format",
        "json",
        "tiles/hills-and-sheep.tiles",
        "tests/fixtures/tiles/invalid/lint-unknown-city.tiles",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let objects = json_lines(&output);
    assert_eq!(objects.len(), 3);
    assert_eq!(objects[0]["ok"], true);
    assert_eq!(objects[0]["summary"]["copies"], 18);
    assert_eq!(objects[2]["record"], "summary");
    assert_eq!(objects[2]["files"], 2);
    assert_eq!(objects[2]["clean"], 1);
    assert_eq!(objects[1]["ok"], false);
    let diagnostic = &objects[1]["diagnostics"][0];
    assert_eq!(diagnostic["code"], "T204");
    assert_eq!(diagnostic["name"], "unknown-city");
    assert_eq!(diagnostic["line"], 14);
    assert_eq!(diagnostic["column"], 16);
}

#[test]
fn fmt_rewrites_then_check_passes() {
    let dir = std::env::temp_dir().join(format!("carcspec-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("messy.tiles");
    let messy =
        std::fs::read_to_string("tests/fixtures/tiles/valid/comments-everywhere.tiles").unwrap();
    std::fs::write(&file, &messy).unwrap();
    let path = file.to_str().unwrap();
    assert_eq!(
        carcspec(&["tiles", "fmt", "--check", path]).status.code(),
        Some(1)
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        messy,
        "--check must not write"
    );
    assert_eq!(carcspec(&["tiles", "fmt", path]).status.code(), Some(0));
    assert_eq!(
        carcspec(&["tiles", "fmt", "--check", path]).status.code(),
        Some(0)
    );
    let broken = dir.join("broken.tiles");
    std::fs::write(
        &broken,
        "tileset b\nruleset carcassonne\ntile A {\n  city N\n}\n",
    )
    .unwrap();
    let output = carcspec(&["tiles", "fmt", broken.to_str().unwrap()]);
    // Like rustfmt and ruff: a file that does not parse cannot be formatted (exit 2), and is
    // left as it is.
    assert_eq!(output.status.code(), Some(2));
    assert!(
        common::stderr(&output).contains("cannot be formatted: fix the syntax errors first"),
        "{}",
        common::stderr(&output)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn export_refuses_a_set_with_errors_and_reads_its_own_output() {
    let refused = carcspec(&[
        "tiles",
        "export",
        "--format",
        "json",
        "tests/fixtures/tiles/invalid/lint-two-starts.tiles",
    ]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(refused.stdout.is_empty());
    let dir = std::env::temp_dir().join(format!("carcspec-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for format in ["json", "yaml", "tiles"] {
        let exported = carcspec(&[
            "tiles",
            "export",
            "--format",
            format,
            "hunters-gatherers-v2",
        ]);
        assert_eq!(exported.status.code(), Some(0));
        let file = dir.join(format!("hg.{format}"));
        std::fs::write(&file, &exported.stdout).unwrap();
        let lint = carcspec(&["tiles", "lint", file.to_str().unwrap()]);
        assert!(
            stdout(&lint).contains("95 tiles, 95 copies: 1 start, 78 land, 16 bonus; clean"),
            "{format}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn explain_knows_every_code_by_number_and_name() {
    for code in carcspec::rules::codes::all() {
        for query in [code.code, code.name] {
            let output = carcspec(&["explain", query]);
            assert_eq!(output.status.code(), Some(0), "{query}");
            assert!(stdout(&output).starts_with(&format!("{} {}", code.code, code.name)));
        }
    }
    let list = stdout(&carcspec(&["explain", "--list"]));
    assert_eq!(list.lines().count(), carcspec::rules::codes::all().len());
    assert_eq!(carcspec(&["explain", "T999"]).status.code(), Some(2));
}

#[test]
fn codes_are_unique_and_well_formed() {
    let mut seen = std::collections::HashSet::new();
    for code in carcspec::rules::codes::all() {
        assert!(seen.insert(code.code), "{} twice", code.code);
        assert!(seen.insert(code.name), "{} twice", code.name);
        assert!(
            code.name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{}",
            code.name
        );
        assert!(!carcspec::rules::codes::explanation(code).is_empty());
    }
    assert!(Path::new("docs/tile-language.md").exists());
}

#[test]
fn check_reports_specs_and_exit_codes() {
    let clean = carcspec(&["check", "spec"]);
    assert_eq!(clean.status.code(), Some(0), "{}", stdout(&clean));
    let text = stdout(&clean);
    assert!(
        text.contains("river of 3 segments + 3 fish = 6: red"),
        "{text}"
    );
    let last = text.lines().last().unwrap();
    let counts: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(
        (counts[1], counts[3], counts[4]),
        ("of", "games", "clean"),
        "{last}"
    );
    assert_eq!(counts[0], counts[2], "{last}");

    let violation = carcspec(&[
        "check",
        "tests/fixtures/games/invalid/occupied-position.game",
    ]);
    assert_eq!(violation.status.code(), Some(1));
    assert!(stdout(&violation).contains("V102 occupied-position"));

    assert_eq!(
        carcspec(&["check", "no/such/folder"]).status.code(),
        Some(2)
    );
    assert_eq!(carcspec(&["check"]).status.code(), Some(2));
}

#[test]
fn check_json_has_the_documented_fields() {
    let output = carcspec(&[
        "check",
        "--format",
        "json",
        "spec/hunters-gatherers/river-scores-6.game",
        "tests/fixtures/games/invalid/occupied-position.game",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let objects = json_lines(&output);
    assert_eq!(objects.len(), 3);
    let summary = &objects[2];
    assert_eq!(summary["schema"], 1);
    assert_eq!(summary["record"], "summary");
    assert_eq!(
        (&summary["files"], &summary["clean"], &summary["violations"]),
        (&2.into(), &1.into(), &1.into())
    );
    assert_eq!(summary["expectations"]["passed"], 1);
    let spec = &objects[0];
    assert_eq!(spec["record"], "file");
    assert_eq!(spec["file"], "spec/hunters-gatherers/river-scores-6.game");
    assert_eq!(spec["ok"], true);
    assert_eq!(spec["scores"]["red"], 6);
    assert_eq!(spec["expectations"]["passed"], 1);
    assert_eq!(spec["expectations"]["failed"], 0);
    let bad = &objects[1];
    assert_eq!(bad["ok"], false);
    let violation = &bad["violations"][0];
    assert_eq!(violation["code"], "V102");
    assert_eq!(violation["name"], "occupied-position");
    assert!(violation["line"].as_u64().unwrap() > 1);
    assert_eq!(violation["column"], 1);
    assert!(
        violation["message"]
            .as_str()
            .unwrap()
            .contains("already taken")
    );
}
