//! JCloisterZone interop: its engine tests (`../shared/peer-tests/jcloisterzone`, and the
//! tests of the whole suite that replay clean, when they are beside the repository) pass with
//! every assertion checked; every saved game
//! imports to a game that checks to the same report; broken saved games get diagnostics,
//! never a panic.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use carcspec::check::{self, CheckReport};
use proptest::prelude::*;

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "jcz") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn peer_tests() -> Vec<PathBuf> {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/peer-tests");
    let mut games = files(&shared.join("jcloisterzone"));
    // The expansions' engine tests, folder by folder as their rules are played.
    games.extend(files(
        &shared.join("jcloisterzone-expansions/inns-and-cathedrals"),
    ));
    games.extend(files(&shared.join("jcloisterzone-expansions/basic")));
    // The tests of the whole suite that replay clean (tests/jcz_suite.rs keeps the list).
    let suite = shared.join("jcloisterzone-engine-tests");
    if suite.is_dir() {
        let listed = std::fs::read_to_string("tests/fixtures/jcz/engine-suite-clean.txt").unwrap();
        games.extend(
            listed
                .lines()
                .map(str::trim)
                .filter(|line| !line.is_empty() && !line.starts_with('#'))
                .map(|line| suite.join(line)),
        );
    }
    games
}

/// Every saved game the tests read: the peer tests when present, and our own fixture.
fn saved_games() -> Vec<PathBuf> {
    let mut games = peer_tests();
    games.extend(files(Path::new("tests/fixtures/jcz/valid")));
    games
}

#[test]
fn jcloisterzone_engine_tests_pass() {
    for path in saved_games() {
        let report = check::check_file(&path);
        let rendered = carcspec::cli::render_check_report(&report, false);
        assert!(report.ok(), "{}\n{rendered}", path.display());
        assert!(
            report.not_applicable.is_empty(),
            "{}: every assertion is checked\n{rendered}",
            path.display()
        );
        assert!(
            report.expectations_passed > 0,
            "{} checked no assertion",
            path.display()
        );
        let document: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let assertions = document
            .pointer("/test/assertions")
            .and_then(|a| a.as_array())
            .map_or(0, Vec::len);
        assert_eq!(
            report.expectations_passed + report.expectations_failed + report.not_applicable.len(),
            assertions,
            "{}: every assertion is checked or listed as not applicable",
            path.display()
        );
    }
}

/// What a report says, without the places in the text (which differ between a .jcz and the
/// game printed from it).
#[derive(Debug, PartialEq)]
struct Essence {
    scores: Vec<i64>,
    events: Vec<(Vec<String>, u32, String)>,
    passed: usize,
    failed: usize,
    not_applicable: Vec<String>,
    codes: BTreeSet<&'static str>,
    final_scored: bool,
}

fn essence(report: &CheckReport) -> Essence {
    Essence {
        scores: report.scores.clone(),
        events: report
            .events
            .iter()
            .map(|e| (e.players.clone(), e.points, e.breakdown.clone()))
            .collect(),
        passed: report.expectations_passed,
        failed: report.expectations_failed,
        not_applicable: report.not_applicable.clone(),
        codes: report.diagnostics.iter().map(|d| d.code.code).collect(),
        final_scored: report.final_scored,
    }
}

#[test]
fn imported_games_check_to_the_same_report() {
    for path in saved_games() {
        let text = std::fs::read_to_string(&path).unwrap();
        let script =
            check::import_jcz(&text).unwrap_or_else(|d| panic!("{}: {d:?}", path.display()));
        let printed = carcspec::format::game::print_script(
            &script,
            Some("Imported by carcspec from a saved game."),
        );
        let from_game = check::check_text("imported.game", printed.clone(), Path::new("."));
        let mut from_jcz = check::check_jcz_text("saved.jcz", text);
        // The import reports an element declared but not played (J004) beside the printed
        // game, not in it.
        from_jcz.diagnostics.retain(|d| d.code.code != "J004");
        assert_eq!(
            essence(&from_game),
            essence(&from_jcz),
            "{}:\n{printed}",
            path.display()
        );
    }
}

#[test]
fn the_import_of_the_fixture_is_stable() {
    let text =
        std::fs::read_to_string("tests/fixtures/jcz/valid/road-between-crossroads.jcz").unwrap();
    let script = check::import_jcz(&text).unwrap();
    let printed = carcspec::format::game::print_script(
        &script,
        Some("Imported by carcspec from road-between-crossroads.jcz."),
    );
    insta::with_settings!({
        snapshot_path => "../snapshots/jcz",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("road-between-crossroads.game", printed);
    });
}

#[test]
fn broken_saved_games_report_exactly_their_codes() {
    let invalid = files(Path::new("tests/fixtures/jcz/invalid"));
    assert!(invalid.len() >= 8);
    let mut covered = BTreeSet::new();
    for path in invalid {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let expected: BTreeSet<String> = stem
            .rsplit_once('.')
            .unwrap()
            .1
            .split('-')
            .map(str::to_string)
            .collect();
        let report = check::check_file(&path);
        let found: BTreeSet<String> = report
            .diagnostics
            .iter()
            .map(|d| d.code.code.to_string())
            .collect();
        let rendered = carcspec::cli::render_check_report(&report, false);
        assert_eq!(found, expected, "{}:\n{rendered}", path.display());
        covered.extend(expected);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({
            snapshot_path => "../snapshots/jcz",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(name, rendered);
        });
    }
    for code in carcspec::rules::codes::all()
        .iter()
        .filter(|c| c.code.starts_with('J'))
    {
        assert!(covered.contains(code.code), "{} has no fixture", code.code);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn mutated_saved_games_never_panic(which in 0usize..16, cut in 0usize..20_000, len in 0usize..60, insert in "[ -~\n]{0,10}") {
        let games = saved_games();
        let text = std::fs::read_to_string(&games[which % games.len()]).unwrap();
        let mut bytes = text.into_bytes();
        let cut = cut % bytes.len();
        let end = (cut + len).min(bytes.len());
        bytes.splice(cut..end, insert.bytes());
        let report = check::check_jcz_text("mutated.jcz", String::from_utf8_lossy(&bytes).into_owned());
        let _ = carcspec::cli::render_check_report(&report, false);
    }
}

/// `setup.elements` switch rules on and off: each element read from a saved game becomes the
/// game's own rules (a `supply` line, a `variant`), and an absent element is not in play.
/// The Inns & Cathedrals set, elements and rules: the set and any of its elements bring the
/// expansion; `big-follower` is the large followers' supply; JCloisterZone's rules of the
/// expansion and the tiny city become the variants of the same name; the inns or the
/// cathedrals left out play as plain roads and cities (`variant inns off`, `variant cathedrals
/// off`), while an element present with `false` is on, as JCloisterZone reads it; a rule value
/// carcspec does not know is refused (`J002`).
#[test]
fn inns_and_cathedrals_elements_and_rules_become_the_games_rules() {
    let fixture =
        std::fs::read_to_string("tests/fixtures/jcz/valid/road-between-crossroads.jcz").unwrap();
    let with = |sets: &str, elements: &str, rules: &str| -> String {
        fixture
            .replace(
                r#""elements": {"small-follower": 7, "farmers": true}"#,
                &format!(r#""elements": {elements}"#),
            )
            .replace(r#""sets": {"basic:1": 1}"#, &format!(r#""sets": {sets}"#))
            .replace(r#""rules": {}"#, &format!(r#""rules": {rules}"#))
    };
    let header = |text: &str| -> Vec<String> {
        imported_lines(text, &["variant ", "supply ", "expansion "])
    };
    assert!(
        fixture.contains(r#""rules": {}"#),
        "the fixture has no rules"
    );
    let inns = r#"{"basic:1": 1, "inns-and-cathedrals:1": 1}"#;
    let all = r#"{"small-follower": 7, "farmers": true, "big-follower": 1, "inn": true, "cathedral": true}"#;
    assert_eq!(
        header(&with(inns, all, "{}")),
        ["expansion inns-and-cathedrals"]
    );
    let two = all.replace(r#""big-follower": 1"#, r#""big-follower": 2"#);
    assert_eq!(
        header(&with(inns, &two, "{}")),
        ["expansion inns-and-cathedrals", "supply large-followers 2"]
    );
    let none = r#"{"small-follower": 7, "farmers": true, "inn": true, "cathedral": true}"#;
    assert_eq!(
        header(&with(inns, none, "{}")),
        ["expansion inns-and-cathedrals", "supply large-followers 0"]
    );
    let rules = r#"{"tiny-city-scoring": "2", "inn-and-cathedral-final-scoring": "ignore"}"#;
    let mut chosen = header(&with(inns, all, rules));
    // In the order the JSON object is read: sorted, to hold whatever that order is.
    chosen.sort();
    assert_eq!(
        chosen,
        [
            "expansion inns-and-cathedrals",
            "variant inn-and-cathedral-final-scoring ignore",
            "variant tiny-city-scoring 2",
        ]
    );
    let refused = |text: String| {
        let codes: Vec<&str> = check::import_jcz(&text)
            .expect_err("refused")
            .iter()
            .map(|d| d.code.code)
            .collect();
        assert!(codes.contains(&"J002"), "{codes:?}");
    };
    // JCloisterZone asks whether the key is there (`GameElementQuery`): `false` is on.
    assert_eq!(
        header(&with(
            inns,
            &all.replace(r#""inn": true"#, r#""inn": false"#),
            "{}",
        )),
        ["expansion inns-and-cathedrals"]
    );
    assert_eq!(
        header(&with(
            inns,
            r#"{"small-follower": 7, "farmers": true, "big-follower": 1}"#,
            "{}",
        )),
        [
            "expansion inns-and-cathedrals",
            "variant inns off",
            "variant cathedrals off"
        ]
    );
    assert_eq!(
        header(&with(
            inns,
            r#"{"small-follower": 7, "farmers": true, "big-follower": 1, "cathedral": false}"#,
            "{}",
        )),
        ["expansion inns-and-cathedrals", "variant inns off"]
    );
    refused(with(inns, all, r#"{"tiny-city-scoring": "3"}"#));
}

/// The lines of the game a saved game imports to that start with one of `starts`.
fn imported_lines(text: &str, starts: &[&str]) -> Vec<String> {
    let script = check::import_jcz(text).unwrap_or_else(|d| panic!("{text}: {d:?}"));
    carcspec::format::game::print_script(&script, None)
        .lines()
        .filter(|l| starts.iter().any(|start| l.starts_with(start)))
        .map(str::to_string)
        .collect()
}

/// Hills & Sheep's printing with a garden (`hills-and-sheep:2`) plays `hills-and-sheep-gardens`
/// with the expansion's rules, and JCloisterZone's boolean rule `vineyards-for-garden` is the
/// variant of that name, `true` as `on` and `false` as `off`; another value is refused.
#[test]
fn the_garden_printing_and_the_boolean_rule_become_the_games_rules() {
    let fixture =
        std::fs::read_to_string("tests/fixtures/jcz/valid/road-between-crossroads.jcz").unwrap();
    let with = |rules: &str| -> String {
        fixture
            .replace(
                r#""sets": {"basic:1": 1}"#,
                r#""sets": {"basic:2": 1, "hills-and-sheep:2": 1}"#,
            )
            .replace(r#""rules": {}"#, &format!(r#""rules": {rules}"#))
    };
    let header = |text: &str| -> Vec<String> {
        imported_lines(
            text,
            &["variant vineyards-for-garden", "tiles ", "expansion "],
        )
    };
    let sets_and_expansions = [
        "expansion abbot-and-gardens",
        "expansion hills-and-sheep",
        "tiles carcassonne-base-gardens",
        "tiles hills-and-sheep-gardens",
    ];
    let sorted = |mut lines: Vec<String>| {
        lines.sort();
        lines
    };
    assert_eq!(sorted(header(&with("{}"))), sets_and_expansions);
    for (value, variant) in [("true", "on"), ("false", "off")] {
        let mut expected: Vec<String> = sets_and_expansions.map(String::from).to_vec();
        expected.push(format!("variant vineyards-for-garden {variant}"));
        assert_eq!(
            sorted(header(&with(&format!(
                r#"{{"vineyards-for-garden": {value}}}"#
            )))),
            sorted(expected),
            "{value}"
        );
    }
    let codes: Vec<&str> = check::import_jcz(&with(r#"{"vineyards-for-garden": 3}"#))
        .expect_err("refused")
        .iter()
        .map(|d| d.code.code)
        .collect();
    assert!(codes.contains(&"J002"), "{codes:?}");
}

#[test]
fn setup_elements_become_the_games_rules() {
    let fixture =
        std::fs::read_to_string("tests/fixtures/jcz/valid/road-between-crossroads.jcz").unwrap();
    let import = |sets: &str, elements: &str| -> String {
        let text = fixture
            .replace(
                r#""elements": {"small-follower": 7, "farmers": true}"#,
                &format!(r#""elements": {elements}"#),
            )
            .replace(r#""sets": {"basic:1": 1}"#, &format!(r#""sets": {sets}"#));
        let script = check::import_jcz(&text).unwrap_or_else(|d| panic!("{elements}: {d:?}"));
        carcspec::format::game::print_script(&script, None)
    };
    let base = r#"{"basic:1": 1}"#;
    let sheep = r#"{"basic:1": 1, "hills-and-sheep:1": 1}"#;
    let all =
        r#"{"small-follower": 7, "farmers": true, "shepherd": 1, "hill": true, "vineyard": true}"#;
    let header = |printed: &str| -> Vec<String> {
        printed
            .lines()
            .filter(|l| {
                l.starts_with("variant ") || l.starts_with("supply ") || l.starts_with("expansion ")
            })
            .map(str::to_string)
            .collect()
    };
    // Every element in play: the rules as the rulebooks have them, in JCloisterZone's order of
    // a turn's flock steps.
    assert_eq!(
        header(&import(sheep, all)),
        [
            "expansion hills-and-sheep",
            "variant closed-flock-timing after-draws"
        ]
    );
    assert!(header(&import(base, r#"{"small-follower": 7, "farmers": true}"#)).is_empty());
    // small-follower: the followers each player has.
    assert_eq!(
        header(&import(base, r#"{"small-follower": 3, "farmers": true}"#)),
        ["supply followers 3"]
    );
    assert_eq!(
        header(&import(base, r#"{"farmers": true}"#)),
        ["supply followers 0"]
    );
    // farmers: absent, no farmers; present, farmers, even `false` (JCloisterZone's
    // `addCapabilities` asks only whether the key has a value).
    assert_eq!(
        header(&import(base, r#"{"small-follower": 7}"#)),
        ["variant farmers off"]
    );
    assert!(header(&import(base, r#"{"small-follower": 7, "farmers": false}"#)).is_empty());
    // shepherd: the shepherds each player has (`true` is one); it brings the expansion.
    let shepherds = |value: &str| {
        header(&import(
            base,
            &format!(
                r#"{{"small-follower": 7, "farmers": true, "shepherd": {value}, "hill": true, "vineyard": true}}"#
            ),
        ))
    };
    assert_eq!(
        shepherds("true"),
        [
            "expansion hills-and-sheep",
            "variant closed-flock-timing after-draws"
        ]
    );
    assert_eq!(
        shepherds("2"),
        [
            "expansion hills-and-sheep",
            "variant closed-flock-timing after-draws",
            "supply shepherds 2"
        ]
    );
    // hill and vineyard: absent, no hill rule and no vineyard bonus.
    assert_eq!(
        header(&import(
            sheep,
            r#"{"small-follower": 7, "farmers": true, "shepherd": 1}"#
        )),
        [
            "expansion hills-and-sheep",
            "variant closed-flock-timing after-draws",
            "variant hills off",
            "variant vineyards off"
        ]
    );
    assert_eq!(
        header(&import(
            sheep,
            r#"{"small-follower": 7, "farmers": true, "shepherd": 1, "vineyard": true}"#
        )),
        [
            "expansion hills-and-sheep",
            "variant closed-flock-timing after-draws",
            "variant hills off"
        ]
    );
    // Without `elements` at all, the rulebooks' games.
    let without = fixture.replace(r#""elements": {"small-follower": 7, "farmers": true},"#, "");
    assert!(!without.contains("elements"));
    let script = check::import_jcz(&without).unwrap();
    assert!(script.variants.is_empty() && script.supply.is_empty());
    // Each printed game reads back to the same rules.
    for printed in [
        import(sheep, r#"{"small-follower": 2}"#),
        import(sheep, all),
    ] {
        let report = check::check_text("imported.game", printed.clone(), Path::new("."));
        assert!(report.ok(), "{printed}");
    }
}

/// `carcspec import` keeps the warnings of a saved game it imports: the transcript on standard
/// output, the J004 on standard error, and the import succeeds.
#[test]
fn import_reports_its_warnings_beside_the_transcript() {
    let path = "tests/fixtures/jcz/invalid/unused-element.J004.jcz";
    let output = common::carcspec(&["import", path]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("J004"), "{stderr}");
    assert!(
        stdout.contains("ruleset carcassonne") && !stdout.contains("unused-jcz-element"),
        "{stdout}"
    );
}

/// A saved game's assertions stand before its moves in the text and are checked after them:
/// its report follows the replay, so the illegal move comes before the assertions it makes
/// fail, and the move's finding points at what the move says (its `rotation` and `position`),
/// not at its `"type"`.
#[test]
fn a_saved_games_report_follows_the_replay_and_points_at_the_values() {
    let report = check::check_file(Path::new(
        "tests/fixtures/jcz/invalid/illegal-move.V103-X002-X006.jcz",
    ));
    let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code.code).collect();
    assert_eq!(codes.first(), Some(&"V103"), "{codes:?}");
    assert!(codes[1..].iter().all(|c| c.starts_with('X')), "{codes:?}");
    let primary = report.diagnostics[0].primary.as_ref().unwrap().span;
    let shown = &report.text[primary.start..primary.end];
    assert!(
        shown.starts_with("\"R0\"") && shown.contains("5,") && shown.ends_with(']'),
        "{shown:?}"
    );
}
