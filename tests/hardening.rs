//! Hostile and huge input (issue 10): each reproducer of the issue, built here rather than
//! committed, ends with a diagnostic that names the limit, and reports stay proportional to the
//! number of diagnostics. No timing is asserted: an input that would blow up makes the test run
//! out of time or memory instead.

mod common;

use common::carcspec;
use std::path::{Path, PathBuf};
use std::process::Command;

use carcspec::check::{self, CheckReport};
use carcspec::diagnostic::MAX_DIAGNOSTICS;
use carcspec::load;

/// A fresh folder under the target directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn codes(report: &CheckReport) -> Vec<&'static str> {
    report.diagnostics.iter().map(|d| d.code.code).collect()
}

fn rendered(report: &CheckReport) -> String {
    carcspec::cli::render_check_report(report, false)
}

const HEADER: &str = "ruleset carcassonne\ntiles carcassonne-base\nplayers red blue\n";

#[test]
fn many_errors_on_one_line_give_a_bounded_report() {
    for count in [4_000, 20_000] {
        let text = format!("{HEADER}turn red; {}\n", "draw NOPE; ".repeat(count));
        let report = check::check_text("many.game", text, Path::new("."));
        // The first diagnostics, and one summary of the rest.
        assert_eq!(report.diagnostics.len(), MAX_DIAGNOSTICS + 1);
        let summary = report.diagnostics.last().unwrap();
        assert_eq!(summary.code.code, "F004");
        assert!(
            summary
                .message
                .contains(&format!("{} × G004 unknown-tile", count - MAX_DIAGNOSTICS)),
            "{}",
            summary.message
        );
        let output = rendered(&report);
        // Each diagnostic shows the line cut around its place, not the whole line.
        assert!(output.len() < 200 * 1024, "{} bytes", output.len());
        assert!(output.contains("many.game:4:11 ]"), "{}", &output[..600]);
    }
}

#[test]
fn a_long_line_is_cut_around_the_place_with_the_columns_of_the_file() {
    let padding = "x".repeat(50_000);
    let text = format!("{HEADER}game \"{padding}\"; turn green # {padding}\n");
    let report = check::check_text("long.game", text, Path::new("."));
    let output = rendered(&report);
    assert!(output.len() < 4_000, "{output}");
    // `green` stands after `game "` (6), the padding, `"; turn ` (8).
    let column = 6 + padding.len() + 8 + 1;
    assert!(
        output.contains(&format!("long.game:4:{column} ]")),
        "{output}"
    );
    assert!(output.contains(" 4 │ …"), "{output}");
}

#[test]
fn saved_games_of_messages_without_a_type_are_read_once() {
    let fixture =
        std::fs::read_to_string("tests/fixtures/jcz/valid/road-between-crossroads.jcz").unwrap();
    let mut document: serde_json::Value = serde_json::from_str(&fixture).unwrap();
    document["replay"] =
        serde_json::Value::Array(vec![serde_json::json!({"payload": {}}); 200_000]);
    let report = check::check_jcz_text("no-type.jcz", document.to_string());
    assert_eq!(report.diagnostics.len(), MAX_DIAGNOSTICS + 1);
    assert!(report.diagnostics[0].primary.is_some());
    assert!(
        report.diagnostics[MAX_DIAGNOSTICS]
            .message
            .contains("199800 × J002"),
        "{}",
        report.diagnostics[MAX_DIAGNOSTICS].message
    );
    // One line of ten thousand passes: every diagnostic points into the same line.
    document["replay"] = serde_json::Value::Array(vec![
        serde_json::json!({"type": "PASS", "payload": {}, "player": 0});
        10_000
    ]);
    let report = check::check_jcz_text("passes.jcz", document.to_string());
    assert!(rendered(&report).len() < 200 * 1024);
}

#[test]
fn a_saved_game_declaring_thousands_of_elements_keeps_a_bounded_list_of_warnings() {
    let fixture =
        std::fs::read_to_string("tests/fixtures/jcz/valid/road-between-crossroads.jcz").unwrap();
    let mut document: serde_json::Value = serde_json::from_str(&fixture).unwrap();
    for i in 0..5_000 {
        document["setup"]["elements"][format!("element-{i}")] = serde_json::json!(1);
    }
    let report = check::check_jcz_text("elements.jcz", document.to_string());
    let unused = codes(&report).iter().filter(|c| **c == "J004").count();
    assert_eq!(unused, MAX_DIAGNOSTICS, "{:?}", codes(&report));
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.code.code == "F005" && d.message.contains("4800 × J004")),
        "{:?}",
        report
            .diagnostics
            .iter()
            .map(|d| &d.message)
            .collect::<Vec<_>>()
    );
}

#[test]
fn many_players_are_read_in_linear_time_and_a_duplicate_is_found() {
    let names: Vec<String> = (0..100_000).map(|i| format!("p{i}")).collect();
    let text = format!(
        "ruleset carcassonne\ntiles carcassonne-base\nplayers {} p0\nstop\n",
        names.join(" ")
    );
    let report = check::check_text("players.game", text, Path::new("."));
    // The duplicate, and then the game has no usable `players` line.
    assert!(codes(&report).iter().all(|code| *code == "G006"));
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.message.contains("`p0` named twice"))
    );
}

#[test]
fn deeply_nested_yaml_is_refused_before_the_yaml_reader() {
    let text = format!(
        "name: deep\nruleset: carcassonne\ntiles: {}1{}\n",
        "{a: ".repeat(100_000),
        "}".repeat(100_000)
    );
    let loaded = load::from_text(
        "deep.yaml",
        text,
        Some(carcspec::interchange::DocumentFormat::Yaml),
    );
    let found: Vec<&str> = loaded.diagnostics.iter().map(|d| d.code.code).collect();
    assert_eq!(found, ["T123"]);
    assert!(loaded.diagnostics[0].message.contains("64 levels"));
    // Block nesting by indentation counts too.
    let text = (0..1_000)
        .map(|i| format!("{}a{i}:", " ".repeat(i)))
        .collect::<Vec<_>>()
        .join("\n");
    let loaded = load::from_text(
        "deep.yaml",
        text,
        Some(carcspec::interchange::DocumentFormat::Yaml),
    );
    assert_eq!(loaded.diagnostics[0].code.code, "T123");
}

#[test]
fn huge_counts_are_refused_and_build_no_stack() {
    let dir = scratch("huge-counts");
    let set = dir.join("huge.tiles");
    std::fs::copy(
        "tests/fixtures/tiles/invalid/lint-too-many-tiles.tiles",
        &set,
    )
    .unwrap();
    let set = set.display().to_string();
    let lint = carcspec(&["tiles", "lint", &set]);
    assert_eq!(lint.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&lint.stdout).contains("T219 too-many-tiles"));
    let simulate = carcspec(&["simulate", "--games", "1", "--tiles", &set]);
    assert_eq!(simulate.status.code(), Some(2));
    // A game of sets within the limits can still ask for too many tiles in all.
    let text = format!("ruleset carcassonne\ntiles {set} x100\nplayers a b\nstop\n");
    let report = check::check_text("g.game", text, Path::new("."));
    assert_eq!(codes(&report), ["G008"]);
}

#[test]
fn one_multiplier_limit_for_games_and_simulate() {
    let simulate = carcspec(&[
        "simulate",
        "--games",
        "1",
        "--tiles",
        "carcassonne-base:x101",
    ]);
    assert_eq!(simulate.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&simulate.stderr).contains("from 1 to 100"));
    let text = "ruleset carcassonne\ntiles carcassonne-base x101\nplayers a b\nstop\n";
    let report = check::check_text("g.game", text.into(), Path::new("."));
    assert_eq!(codes(&report), ["G002"]);
    assert!(
        report.diagnostics[0]
            .primary
            .as_ref()
            .unwrap()
            .message
            .contains("1 to 100")
    );
}

#[cfg(unix)]
#[test]
fn devices_and_pipes_are_not_read() {
    let loaded = load::load("/dev/zero").unwrap_err();
    assert_eq!(loaded.code.code, "F002");
    let lint = carcspec(&["tiles", "lint", "/dev/zero"]);
    assert_eq!(lint.status.code(), Some(2));
    // `tiles lint` reports an input it cannot read in its report, as every other input.
    assert!(String::from_utf8_lossy(&lint.stdout).contains("F002 not-a-regular-file"));
    let simulate = carcspec(&["simulate", "--games", "1", "--tiles", "/dev/zero"]);
    assert_eq!(simulate.status.code(), Some(2));
    let text = "ruleset carcassonne\ntiles /dev/zero\nplayers a b\nstop\n";
    let report = check::check_text("g.game", text.into(), Path::new("."));
    assert_eq!(codes(&report), ["G008"]);
    assert!(report.diagnostics[0].message.contains("not a regular file"));

    let dir = scratch("fifo");
    std::fs::copy("spec/carcassonne/road-majority.game", dir.join("a.game")).unwrap();
    let fifo = dir.join("b.game");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let output = carcspec(&["check", &dir.display().to_string()]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("F002 not-a-regular-file"), "{text}");
    assert!(text.contains("1 of 2 games clean"), "{text}");
}

#[test]
fn files_over_the_size_limit_are_refused_before_reading() {
    let dir = scratch("too-large");
    let path = dir.join("big.game");
    // A sparse file: as long as the limit allows and one byte more, without the disk space.
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(carcspec::input::MAX_INPUT_BYTES + 1).unwrap();
    let report = check::check_file(&path);
    assert_eq!(codes(&report), ["F003"]);
    assert!(
        report.diagnostics[0]
            .message
            .contains(&carcspec::input::MAX_INPUT_BYTES.to_string())
    );
}

#[cfg(unix)]
#[test]
fn symlink_loops_visit_each_folder_once() {
    use std::os::unix::fs::symlink;
    let dir = scratch("loops");
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::create_dir_all(dir.join("b")).unwrap();
    std::fs::copy(
        "spec/carcassonne/road-majority.game",
        dir.join("a/one.game"),
    )
    .unwrap();
    std::fs::copy(
        "spec/carcassonne/road-majority.game",
        dir.join("b/two.game"),
    )
    .unwrap();
    symlink("..", dir.join("a/up")).unwrap();
    symlink("../b", dir.join("a/to-b")).unwrap();
    symlink("../a", dir.join("b/to-a")).unwrap();
    symlink(".", dir.join("self")).unwrap();
    let output = carcspec(&["check", &dir.display().to_string()]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("2 of 2 games clean"), "{text}");
    std::fs::copy(
        "tests/fixtures/tiles/valid/carcassonne-minimal.tiles",
        dir.join("a/m.tiles"),
    )
    .unwrap();
    let output = carcspec(&["tiles", "lint", &dir.display().to_string()]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("1 of 1 tile set clean"), "{text}");
}

#[test]
fn a_long_transcript_keeps_only_the_first_diagnostics() {
    // 100,000 turns on a stack of 72 tiles: every turn after the stack is empty is wrong.
    let mut text = String::from(HEADER);
    for turn in 0..100_000 {
        let player = if turn % 2 == 0 { "red" } else { "blue" };
        text.push_str(&format!(
            "turn {player}\ndraw BA/RRR\nplace at {},0\n",
            turn + 1
        ));
    }
    text.push_str("end\n");
    let report = check::check_text("long.game", text, Path::new("."));
    assert_eq!(report.diagnostics.len(), MAX_DIAGNOSTICS + 1);
    assert_eq!(report.diagnostics.last().unwrap().code.code, "F004");
}

/// Tile sets and games read the same with a byte-order mark and with CR-only line endings.
#[test]
fn byte_order_marks_and_carriage_returns_are_read() {
    let tiles =
        std::fs::read_to_string("tests/fixtures/tiles/valid/carcassonne-minimal.tiles").unwrap();
    let yaml =
        std::fs::read_to_string("tests/fixtures/tiles/valid/carcassonne-minimal.yaml").unwrap();
    let json = carcspec::interchange::write(
        load::from_text("m", tiles.clone(), None).usable().unwrap(),
        carcspec::interchange::DocumentFormat::Json,
    );
    use carcspec::interchange::DocumentFormat::{Json, Yaml};
    for (text, format) in [(&tiles, None), (&yaml, Some(Yaml)), (&json, Some(Json))] {
        let plain = load::from_text("plain", text.clone(), format);
        assert!(plain.usable().is_some());
        for variant in [format!("\u{feff}{text}"), text.replace('\n', "\r")] {
            let loaded = load::from_text("variant", variant, format);
            assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
            assert_eq!(loaded.set, plain.set);
        }
    }
    let game = std::fs::read_to_string("spec/carcassonne/road-majority.game").unwrap();
    let plain = check::check_text("g.game", game.clone(), Path::new("spec/carcassonne"));
    assert!(plain.ok());
    for variant in [format!("\u{feff}{game}"), game.replace('\n', "\r")] {
        let report = check::check_text("g.game", variant, Path::new("spec/carcassonne"));
        assert!(report.ok(), "{}", rendered(&report));
        assert_eq!(report.scores, plain.scores);
        assert_eq!(report.events.len(), plain.events.len());
    }
    let jcz =
        std::fs::read_to_string("tests/fixtures/jcz/valid/road-between-crossroads.jcz").unwrap();
    let report = check::check_jcz_text("s.jcz", format!("\u{feff}{jcz}"));
    assert!(report.ok(), "{}", rendered(&report));
    // Through the files and the binary too.
    let dir = scratch("bom");
    let path = dir.join("bom.tiles");
    std::fs::write(&path, format!("\u{feff}{tiles}")).unwrap();
    assert_eq!(
        carcspec(&["tiles", "lint", &path.display().to_string()])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn a_nul_byte_in_a_tile_id_is_an_error() {
    let text = "{\"name\": \"n\", \"ruleset\": \"carcassonne\", \"tiles\": [{\"id\": \"A\\u0000B\", \"count\": 1, \"kind\": \"start\", \"features\": [{\"kind\": \"city\", \"anchors\": [\"N\", \"E\", \"S\", \"W\"]}]}]}";
    let loaded = load::from_text(
        "nul.json",
        text.into(),
        Some(carcspec::interchange::DocumentFormat::Json),
    );
    let found: Vec<&str> = loaded.diagnostics.iter().map(|d| d.code.code).collect();
    assert!(found.contains(&"T217"), "{found:?}");
}

/// What a report says, without the places in the text.
fn essence(report: &CheckReport) -> (Vec<i64>, usize, usize, Vec<String>, Vec<&'static str>) {
    (
        report.scores.clone(),
        report.expectations_passed,
        report.expectations_failed,
        report.not_applicable.clone(),
        codes(report),
    )
}

/// A saved game checked directly and through `import` gives the same report.
fn same_both_ways(document: &serde_json::Value) -> CheckReport {
    let text = document.to_string();
    let direct = check::check_jcz_text("saved.jcz", text.clone());
    match check::import_jcz(&text) {
        Ok(script) => {
            let printed = carcspec::format::game::print_script(&script, None);
            let imported = check::check_text("imported.game", printed.clone(), Path::new("."));
            assert_eq!(essence(&imported), essence(&direct), "{printed}");
        }
        Err(diagnostics) => {
            let codes: Vec<&str> = diagnostics.iter().map(|d| d.code.code).collect();
            assert_eq!(codes, essence(&direct).4);
        }
    }
    direct
}

#[test]
fn saved_games_and_their_import_check_alike() {
    let fixture =
        std::fs::read_to_string("tests/fixtures/jcz/valid/road-between-crossroads.jcz").unwrap();
    let base: serde_json::Value = serde_json::from_str(&fixture).unwrap();

    let mut document = base.clone();
    document["test"]["assertions"] = serde_json::json!([
        "Alice has 3 points",
        "line one\nline two \"quoted\" \\ back",
        "Alice scored road#; for 3 points",
        "Alice scored r;o#ad for 3 points"
    ]);
    let report = same_both_ways(&document);
    // No form of JCloisterZone's harness reads the three last: each fails (X012 for the text
    // with line breaks), none is left unchecked.
    assert!(report.not_applicable.is_empty());
    assert_eq!(report.expectations_failed, 3);

    let mut document = base.clone();
    document["players"][1]["name"] = serde_json::json!("Alice");
    let report = same_both_ways(&document);
    assert_eq!(codes(&report), ["J010"]);

    let random =
        std::fs::read_to_string("tests/fixtures/jcz/invalid/random-out-of-range.J003.jcz").unwrap();
    let report = same_both_ways(&serde_json::from_str(&random).unwrap());
    assert_eq!(codes(&report), ["J003"]);
}

/// The summary is a warning when every diagnostic left out is one, an error otherwise.
#[test]
fn the_summary_of_left_out_diagnostics_has_their_severity() {
    use carcspec::codes;
    use carcspec::diagnostic::{Diagnostic, Span, limit};
    let warning = |at: usize| {
        Diagnostic::new(&codes::UNTOUCHABLE_TILE, "w").at(Span::new(at, at + 1), "here")
    };
    let mut diagnostics: Vec<Diagnostic> = (0..MAX_DIAGNOSTICS + 5).map(warning).collect();
    limit(&mut diagnostics);
    assert_eq!(diagnostics.len(), MAX_DIAGNOSTICS + 1);
    let summary = diagnostics.last().unwrap();
    assert_eq!(summary.code.code, "F005");
    assert!(!summary.is_error());
    assert!(
        summary.message.starts_with("5 more diagnostics"),
        "{}",
        summary.message
    );
    // An error among those left out makes the summary an error; limiting again changes nothing.
    let mut diagnostics: Vec<Diagnostic> = (0..MAX_DIAGNOSTICS + 5).map(warning).collect();
    diagnostics.push(Diagnostic::new(&codes::UNKNOWN_TILE, "e").at(Span::new(9_999, 10_000), "x"));
    limit(&mut diagnostics);
    assert_eq!(diagnostics.last().unwrap().code.code, "F004");
    let before = diagnostics.clone();
    limit(&mut diagnostics);
    assert_eq!(diagnostics, before);
}

/// Tile ids written with escapes are not found in the text as written: the search for their
/// places stays within a budget (it once read the rest of the document for every tile).
#[test]
fn escaped_ids_in_a_large_document_load() {
    let tiles: Vec<serde_json::Value> = (0..9_000)
        .map(|i| {
            serde_json::json!({"id": format!("T{i}"), "count": 1,
                "features": [{"kind": "city", "anchors": ["N", "E", "S", "W"]}]})
        })
        .collect();
    let text = serde_json::json!({"name": "n", "ruleset": "carcassonne", "tiles": tiles})
        .to_string()
        .replace("\"id\":\"T", "\"id\":\"\\u0054");
    let loaded = load::from_text(
        "escaped.json",
        text,
        Some(carcspec::interchange::DocumentFormat::Json),
    );
    let set = loaded.set.expect("the document reads");
    assert_eq!(set.tiles.len(), 9_000);
    assert_eq!(set.tiles[8_999].id, "T8999");
}
