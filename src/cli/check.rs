//! `carcspec check <PATH>...`

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, ReportFormat, use_color};
use crate::check::{self, CheckReport, ReportedEvent};
use crate::report::{self, JsonDiagnostic};

/// The game files named by `paths`: files as given, folders searched for `.game` files.
fn game_files(paths: &[String]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        let path = Path::new(path);
        if path.is_dir() {
            let mut found = super::files_below(path, "game");
            found.extend(super::files_below(path, "jcz"));
            found.sort();
            if found.is_empty() {
                return Err(format!("no .game or .jcz files in `{}`", path.display()));
            }
            files.extend(found);
        } else if path.is_file() {
            files.push(path.to_path_buf());
        } else {
            return Err(format!(
                "`{}` is neither a file nor a folder",
                path.display()
            ));
        }
    }
    Ok(files)
}

#[derive(Serialize)]
struct ExpectationsJson {
    passed: usize,
    failed: usize,
}

#[derive(Serialize)]
struct CheckJson<'a> {
    file: &'a str,
    ok: bool,
    violations: Vec<JsonDiagnostic>,
    expected_violations: Vec<JsonDiagnostic>,
    expectations: ExpectationsJson,
    events: &'a [ReportedEvent],
    scores: serde_json::Map<String, serde_json::Value>,
    final_scored: bool,
    not_applicable: &'a [String],
}

pub fn run(paths: &[String], format: ReportFormat) -> i32 {
    let files = match game_files(paths) {
        Ok(files) => files,
        Err(message) => {
            eprintln!("error[F001 unreadable-input]: {message}");
            eprintln!("help: give .game files or folders that hold them");
            return EXIT_USAGE;
        }
    };
    let mut exit = EXIT_CLEAN;
    let (mut clean, mut total) = (0, 0);
    let mut out = std::io::stdout().lock();
    for file in files {
        let report = check::check_file(&file);
        total += 1;
        if report.ok() {
            clean += 1;
        } else {
            exit = EXIT_FINDINGS;
        }
        let _ = match format {
            ReportFormat::Human => write!(out, "{}", render_human(&report, use_color())),
            ReportFormat::Json => writeln!(
                out,
                "{}",
                serde_json::to_string(&to_json(&report)).unwrap_or_default()
            ),
        };
    }
    if format == ReportFormat::Human {
        let _ = writeln!(
            out,
            "{clean} of {total} game{} clean",
            if total == 1 { "" } else { "s" }
        );
    }
    exit
}

/// The report of one game as people read it: problems with the source, then what was scored.
pub fn render_human(report: &CheckReport, color: bool) -> String {
    let mut text = report::render(&report.origin, &report.text, &report.diagnostics, color);
    text.push_str(&format!("{}\n", report.origin));
    for event in &report.events {
        let who = if event.players.is_empty() {
            "nobody".to_string()
        } else {
            event.players.join(", ")
        };
        let when = if event.is_final {
            "final".to_string()
        } else {
            format!("line {}", event.line)
        };
        text.push_str(&format!("  {when:>9}  {}: {who}\n", event.breakdown));
    }
    if !report.players.is_empty() && !report.scores.is_empty() {
        let scores: Vec<String> = report
            .players
            .iter()
            .zip(&report.scores)
            .map(|(p, s)| format!("{p} {s}"))
            .collect();
        let label = if report.final_scored {
            "final scores"
        } else {
            "scores"
        };
        text.push_str(&format!("  {label}: {}\n", scores.join(", ")));
    }
    let expected = report.expected_violations.len();
    text.push_str(&format!(
        "  expectations: {} passed, {} failed{}\n",
        report.expectations_passed,
        report.expectations_failed,
        if expected > 0 {
            format!(
                " (including {expected} expected violation{})",
                if expected == 1 { "" } else { "s" }
            )
        } else {
            String::new()
        }
    ));
    for assertion in &report.not_applicable {
        text.push_str(&format!("  not applicable: {assertion}\n"));
    }
    text.push_str(if report.ok() { "  ok\n" } else { "  FAILED\n" });
    text
}

fn to_json(report: &CheckReport) -> CheckJson<'_> {
    let scores = report
        .players
        .iter()
        .zip(&report.scores)
        .map(|(p, s)| (p.clone(), serde_json::Value::from(*s)))
        .collect();
    CheckJson {
        file: &report.origin,
        ok: report.ok(),
        violations: report
            .diagnostics
            .iter()
            .map(|d| report::to_json(&report.text, d))
            .collect(),
        expected_violations: report
            .expected_violations
            .iter()
            .map(|d| report::to_json(&report.text, d))
            .collect(),
        expectations: ExpectationsJson {
            passed: report.expectations_passed,
            failed: report.expectations_failed,
        },
        events: &report.events,
        scores,
        final_scored: report.final_scored,
        not_applicable: &report.not_applicable,
    }
}
