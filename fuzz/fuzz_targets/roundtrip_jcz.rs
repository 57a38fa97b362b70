//! `.jcz` → import → check: a saved game checked directly and its import checked give the same
//! report (scores, expectations, codes).
#![no_main]

use std::path::Path;

use carcspec::check::CheckReport;
use libfuzzer_sys::fuzz_target;

fn essence(report: &CheckReport) -> (Vec<i64>, usize, usize, Vec<String>, Vec<&'static str>) {
    (
        report.scores.clone(),
        report.expectations_passed,
        report.expectations_failed,
        report.not_applicable.clone(),
        sorted(report.diagnostics.iter().map(|d| d.code.code).collect()),
    )
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let Ok(script) = carcspec::check::import_jcz(&text) else {
        return;
    };
    let printed = carcspec::format::game::print_script(&script, None);
    let direct = carcspec::check::check_jcz_text("saved.jcz", text);
    let imported = carcspec::check::check_text("imported.game", printed.clone(), Path::new("."));
    assert_eq!(essence(&imported), essence(&direct), "{printed}");
});

/// The codes in order of code: the places (and so the order of the text) differ between the
/// two texts.
fn sorted(mut codes: Vec<&'static str>) -> Vec<&'static str> {
    codes.sort_unstable();
    codes
}
