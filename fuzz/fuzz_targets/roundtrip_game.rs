//! Game print → parse → check: every game the parser accepts prints to a text that parses to
//! the same game, and checks to the same report.
#![no_main]

use std::path::Path;

use carcspec::check::CheckReport;
use carcspec::model::Script;
use libfuzzer_sys::fuzz_target;

fn accepted(text: &str) -> Option<Script> {
    let (file, diagnostics) = carcspec::syntax::game::parse(text);
    let lowered = carcspec::lower::game::lower(&file);
    (diagnostics.is_empty() && lowered.diagnostics.is_empty())
        .then_some(lowered.script)
        .flatten()
}

/// The script's debug text without the places in the text.
fn without_places(script: &Script) -> String {
    let debug = format!("{script:?}");
    let mut out = String::new();
    let mut rest = debug.as_str();
    while let Some(at) = rest.find("Span { start: ") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        rest = after.find('}').map_or("", |end| &after[end + 1..]);
    }
    out.push_str(rest);
    out
}

fn essence(report: &CheckReport) -> (Vec<i64>, usize, usize, Vec<&'static str>) {
    (
        report.scores.clone(),
        report.expectations_passed,
        report.expectations_failed,
        sorted(report.diagnostics.iter().map(|d| d.code.code).collect()),
    )
}

fuzz_target!(|data: &[u8]| {
    // The text as `check` reads it: a lone CR ends a line, a byte-order mark is dropped.
    let text = carcspec::input::normalize(String::from_utf8_lossy(data).into_owned());
    let Some(script) = accepted(&text) else {
        return;
    };
    let printed = carcspec::format::game::print_script(&script, None);
    let again = accepted(&printed).expect("the printed game parses");
    assert_eq!(without_places(&again), without_places(&script), "{printed}");
    let base = Path::new("/nonexistent");
    let original = carcspec::check::check_text("a.game", text, base);
    let reprinted = carcspec::check::check_text("b.game", printed, base);
    assert_eq!(essence(&original), essence(&reprinted));
});

/// The codes in order of code: the places (and so the order of the text) differ between the
/// two texts.
fn sorted(mut codes: Vec<&'static str>) -> Vec<&'static str> {
    codes.sort_unstable();
    codes
}
