//! Every rulebook example under `spec/` is an executable spec: it replays clean (no violation
//! that it does not expect, every expectation holding), and its report is snapshotted in
//! `snapshots/spec/`. A spec with a deliberately wrong number must fail, clearly.

use std::path::{Path, PathBuf};

use carcspec::check::{self, CheckReport};

fn specs() -> Vec<PathBuf> {
    fn collect(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                collect(&path, found);
            } else if path.extension().is_some_and(|e| e == "game") {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    collect(Path::new("spec"), &mut found);
    found.sort();
    found
}

fn rendered(report: &CheckReport) -> String {
    carcspec::cli::render_check_report(report, false)
}

#[test]
fn every_spec_replays_clean_and_matches_its_snapshot() {
    let specs = specs();
    assert!(specs.len() >= 29, "only {} specs found", specs.len());
    for path in specs {
        let report = check::check_file(&path);
        let text = rendered(&report);
        assert!(report.ok(), "{}\n{text}", path.display());
        assert!(
            report.expectations_passed > 0,
            "{} states no expectation",
            path.display()
        );
        let name = path
            .strip_prefix("spec")
            .unwrap()
            .with_extension("")
            .to_string_lossy()
            .replace(['/', '\\'], "__");
        insta::with_settings!({
            snapshot_path => "../snapshots/spec",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(name, text);
        });
    }
}

#[test]
fn every_spec_quotes_its_source() {
    for path in specs() {
        let text = std::fs::read_to_string(&path).unwrap();
        let comment: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
        assert!(
            comment.len() >= 2 && comment.iter().any(|l| l.contains('"') || l.contains('“')),
            "{} should open with a comment naming its source and quoting the rulebook",
            path.display()
        );
    }
}

/// Replays a copy of a spec with one number changed.
fn check_changed(spec: &str, from: &str, to: &str) -> CheckReport {
    let path = Path::new("spec/hunters-gatherers").join(spec);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{spec} has no `{from}`");
    check::check_text(spec, text.replacen(from, to, 1), path.parent().unwrap())
}

#[test]
fn a_wrong_turn_score_fails_clearly() {
    let report = check_changed(
        "river-scores-6.game",
        "expect score red 6",
        "expect score red 7",
    );
    assert!(!report.ok());
    assert_eq!(report.expectations_failed, 1);
    let text = rendered(&report);
    assert!(text.contains("X001 score-mismatch"), "{text}");
    assert!(
        text.contains("red scored 6 in this turn, the game expects 7"),
        "{text}"
    );
    assert!(text.contains("river of 3 segments + 3 fish = 6"), "{text}");
}

#[test]
fn a_wrong_final_score_fails_clearly() {
    let report = check_changed("meadows-a-to-d.game", "red 10", "red 12");
    assert!(!report.ok());
    let text = rendered(&report);
    assert!(text.contains("X003 final-mismatch"), "{text}");
    assert!(
        text.contains("red has 10 after final scoring, the game expects 12"),
        "{text}"
    );
}

#[test]
fn an_expected_violation_that_does_not_happen_fails() {
    let report = check_changed(
        "joined-meadows-no-hunter.game",
        "place at 0,0\ndeploy hunter on N",
        "place at 0,0\npass",
    );
    assert!(!report.ok());
    assert!(rendered(&report).contains("X004 violation-not-found"));
}

#[test]
fn an_illegal_move_is_reported_and_the_replay_goes_on() {
    // Without its `expect violation`, the occupied forest is a violation; the later turns are
    // still replayed and checked.
    let report = check_changed(
        "only-a-hunter-forest-occupied.game",
        "expect violation feature-occupied\n",
        "",
    );
    assert!(!report.ok());
    let text = rendered(&report);
    assert!(text.contains("V110 feature-occupied"), "{text}");
    assert!(text.contains("red's gatherer stands here"), "{text}");
    assert_eq!(report.diagnostics.len(), 1, "{text}");
}

#[test]
fn every_spec_is_in_the_rules_coverage() {
    let coverage = std::fs::read_to_string("docs/rules-coverage.md").unwrap();
    for path in specs() {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(
            coverage.contains(&format!("`{name}`")),
            "{name} is not listed in docs/rules-coverage.md"
        );
    }
}

/// The messages about the forest that earns a bonus tile name the ruleset's own find: the
/// 2020 rules' menhir, the 2002 rules' gold nugget.
#[test]
fn bonus_messages_name_the_menhir_under_the_2020_rules() {
    // Blue completes a forest with a menhir, draws no menhir tile (V113) and expects no bonus
    // (X010); red then draws a menhir tile it did not earn (V112).
    let game = "ruleset hunters-gatherers-2020\ntiles rulebook.tiles\nplayers blue red\n\
             lay FOREST-END at 0,0 r180\nlay FOREST-WE-MENHIR at 1,0\nlay FOREST-WE at 2,0\n\
             turn blue\ndraw FOREST-END\nplace at 3,0\npass\nexpect bonus none\n\
             turn red\ndraw MEADOW\nplace at 3,1\npass\nbonus M-MEADOW\nplace at 4,1\npass\nstop\n";
    let texts = |report: &CheckReport| -> Vec<(&str, String)> {
        report
            .diagnostics
            .iter()
            .map(|d| {
                let label = d.primary.as_ref().map_or("", |l| l.message.as_str());
                let help = d.help.as_deref().unwrap_or("");
                (d.code.code, format!("{} | {label} | {help}", d.message))
            })
            .collect()
    };
    let report = check::check_text(
        "menhir.game",
        game.to_string(),
        Path::new("spec/hunters-gatherers-2020"),
    );
    let found = texts(&report);
    let codes: Vec<&str> = found.iter().map(|(code, _)| *code).collect();
    assert_eq!(codes, ["X010", "V113", "V112"], "{found:#?}");
    for (code, text) in &found {
        assert!(text.contains("menhir"), "{code}: {text}");
        assert!(!text.contains("gold"), "{code}: {text}");
    }
    assert!(
        found[1]
            .1
            .starts_with("blue completed a forest with a menhir but drew")
    );
}
