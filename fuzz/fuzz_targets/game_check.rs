//! The game language through the whole check (parse, lower, tile sets, replay, expectations)
//! and both reports (the human one and the JSON diagnostics).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    // Tile sets are named by their shipped names; no path is read.
    let report =
        carcspec::check::check_text("fuzz.game", text, std::path::Path::new("/nonexistent"));
    let _ = carcspec::cli::render_check_report(&report, false);
    for diagnostic in report.diagnostics.iter().chain(&report.expected_violations) {
        let _ = serde_json_line(&report.text, diagnostic);
    }
});

fn serde_json_line(text: &str, diagnostic: &carcspec::diagnostic::Diagnostic) -> usize {
    let json = carcspec::report::to_json(text, diagnostic);
    json.message.len() + json.line.unwrap_or(0)
}
