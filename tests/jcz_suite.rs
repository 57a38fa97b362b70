//! JCloisterZone's whole engine-test suite (`../shared/peer-tests/jcloisterzone-engine-tests/`,
//! one folder per expansion) as carcspec's conformance test. Every saved game is checked and
//! sorted: replayed clean (every assertion checked and holding), refused (an expansion carcspec
//! does not play: `J002`, naming what is missing), or failing. The coverage is printed folder by
//! folder and must be the table of `docs/jcloisterzone.md`; the tests that replay clean must be
//! exactly those of `tests/fixtures/jcz/engine-suite-clean.txt` (a regression fails, and a test
//! that newly passes must be added there); and no assertion of a replayed test may be "not
//! applicable".

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use carcspec::check::{self, CheckReport};

const SUITE: &str = "../shared/peer-tests/jcloisterzone-engine-tests";
const EXPECTED_CLEAN: &str = "tests/fixtures/jcz/engine-suite-clean.txt";
const DOCS: &str = "docs/jcloisterzone.md";
/// The docs' coverage table lies between these lines.
const TABLE_START: &str = "<!-- engine-suite coverage: start -->";
const TABLE_END: &str = "<!-- engine-suite coverage: end -->";

/// How one saved game of the suite fares.
#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    /// Replayed, every assertion checked and holding.
    Clean,
    /// Refused: it needs what carcspec does not play (the `J002` messages).
    Refused(Vec<String>),
    /// Replayed or read, and something does not hold (the diagnostics' codes and messages).
    Failing(Vec<String>),
}

struct Tested {
    /// The path below the suite's folder, `basic/garden-scoring.jcz`.
    name: String,
    outcome: Outcome,
    checked: usize,
    not_applicable: Vec<String>,
}

fn outcome(report: &CheckReport) -> Outcome {
    let refusals: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.code.code == "J002")
        .map(|d| d.message.clone())
        .collect();
    if !refusals.is_empty() {
        Outcome::Refused(refusals)
    } else if report.ok() && report.not_applicable.is_empty() {
        Outcome::Clean
    } else {
        let mut problems: Vec<String> = report
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| format!("{} {}", d.code.code, d.message))
            .collect();
        problems.extend(
            report
                .not_applicable
                .iter()
                .map(|a| format!("not applicable: {a}")),
        );
        Outcome::Failing(problems)
    }
}

fn saved_games(root: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(root)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
        .flat_map(|dir| std::fs::read_dir(dir).into_iter().flatten().flatten())
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "jcz"))
        .collect();
    found.sort();
    found
}

fn run_suite(root: &Path) -> Vec<Tested> {
    saved_games(root)
        .into_iter()
        .map(|path| {
            let report = check::check_file(&path);
            let name = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            Tested {
                name,
                outcome: outcome(&report),
                checked: report.expectations_passed + report.expectations_failed,
                not_applicable: report.not_applicable.clone(),
            }
        })
        .collect()
}

/// The coverage table, folder by folder, as `docs/jcloisterzone.md` shows it.
fn coverage_table(tested: &[Tested]) -> String {
    #[derive(Default)]
    struct Row {
        tests: usize,
        clean: usize,
        refused: usize,
        failing: usize,
        checked: usize,
        not_applicable: usize,
    }
    let mut rows: BTreeMap<&str, Row> = BTreeMap::new();
    for test in tested {
        let folder = test.name.split('/').next().unwrap_or_default();
        let row = rows.entry(folder).or_default();
        row.tests += 1;
        match test.outcome {
            Outcome::Clean => row.clean += 1,
            Outcome::Refused(_) => row.refused += 1,
            Outcome::Failing(_) => row.failing += 1,
        }
        if !matches!(test.outcome, Outcome::Refused(_)) {
            row.checked += test.checked;
            row.not_applicable += test.not_applicable.len();
        }
    }
    let mut table = String::from(
        "| folder | tests | replayed clean | refused | failing | assertions checked | not applicable |\n\
         | --- | --: | --: | --: | --: | --: | --: |\n",
    );
    let mut total = Row::default();
    for (folder, row) in &rows {
        table.push_str(&format!(
            "| {folder} | {} | {} | {} | {} | {} | {} |\n",
            row.tests, row.clean, row.refused, row.failing, row.checked, row.not_applicable
        ));
        total.tests += row.tests;
        total.clean += row.clean;
        total.refused += row.refused;
        total.failing += row.failing;
        total.checked += row.checked;
        total.not_applicable += row.not_applicable;
    }
    table.push_str(&format!(
        "| **all** | {} | {} | {} | {} | {} | {} |\n",
        total.tests, total.clean, total.refused, total.failing, total.checked, total.not_applicable
    ));
    table
}

/// What the refused tests need, each reason with the number of tests it keeps out.
fn refusal_reasons(tested: &[Tested]) -> BTreeMap<String, usize> {
    let mut reasons = BTreeMap::new();
    for test in tested {
        if let Outcome::Refused(messages) = &test.outcome {
            let mut seen: Vec<&String> = messages.iter().collect();
            seen.sort();
            seen.dedup();
            for message in seen {
                *reasons.entry(message.clone()).or_insert(0) += 1;
            }
        }
    }
    reasons
}

#[test]
fn the_engine_test_suite_replays_as_recorded() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(SUITE);
    if !root.is_dir() {
        common::skip(format!(
            "JCloisterZone's engine-test suite is not at {} (the reference data beside the \
             repository)",
            root.display()
        ));
        return;
    }
    let tested = run_suite(&root);
    assert!(!tested.is_empty(), "no saved game in {}", root.display());
    let table = coverage_table(&tested);
    println!("JCloisterZone's engine-test suite, folder by folder:\n\n{table}");
    println!("What the refused tests need (tests kept out by each):");
    for (reason, count) in refusal_reasons(&tested) {
        println!("  {count:3}  {reason}");
    }
    let failing: Vec<String> = tested
        .iter()
        .filter_map(|test| match &test.outcome {
            Outcome::Failing(problems) => Some(format!("{}: {}", test.name, problems.join("; "))),
            _ => None,
        })
        .collect();
    if !failing.is_empty() {
        println!("Failing:");
        for line in &failing {
            println!("  {line}");
        }
    }

    // No assertion of a replayed test is left unchecked.
    let unchecked: Vec<String> = tested
        .iter()
        .filter(|test| !matches!(test.outcome, Outcome::Refused(_)))
        .flat_map(|test| {
            test.not_applicable
                .iter()
                .map(move |assertion| format!("{}: {assertion}", test.name))
        })
        .collect();
    assert!(
        unchecked.is_empty(),
        "assertions of replayed tests left unchecked:\n{}",
        unchecked.join("\n")
    );

    // The tests that replay clean are exactly the committed list.
    let expected_text = std::fs::read_to_string(EXPECTED_CLEAN).unwrap();
    let expected: Vec<&str> = expected_text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let clean: Vec<&str> = tested
        .iter()
        .filter(|test| test.outcome == Outcome::Clean)
        .map(|test| test.name.as_str())
        .collect();
    let regressed: Vec<String> = expected
        .iter()
        .filter(|name| !clean.contains(name))
        .map(|name| {
            let why = tested
                .iter()
                .find(|test| test.name == *name)
                .map_or("not in the suite".to_string(), |test| {
                    format!("{:?}", test.outcome)
                });
            format!("{name}: {why}")
        })
        .collect();
    assert!(
        regressed.is_empty(),
        "tests of {EXPECTED_CLEAN} no longer replay clean:\n{}",
        regressed.join("\n")
    );
    let new: Vec<&&str> = clean
        .iter()
        .filter(|name| !expected.contains(name))
        .collect();
    assert!(
        new.is_empty(),
        "tests now replay clean: add them to {EXPECTED_CLEAN}: {new:?}"
    );

    // The docs show the coverage as it is.
    let docs = std::fs::read_to_string(DOCS).unwrap();
    let shown = docs
        .split_once(TABLE_START)
        .and_then(|(_, rest)| rest.split_once(TABLE_END))
        .map(|(table, _)| table.trim())
        .unwrap_or_else(|| {
            panic!("{DOCS} has no coverage table between {TABLE_START} and {TABLE_END}")
        });
    assert_eq!(
        shown,
        table.trim(),
        "{DOCS}'s coverage table is not the suite's coverage; put this one there:\n{table}"
    );
}
