//! The tile language through parsing, lowering, lint and the human report.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let loaded = carcspec::load::from_text("fuzz.tiles", text, None);
    let _ = carcspec::report::render(&loaded.origin, &loaded.text, &loaded.diagnostics, false);
    for diagnostic in &loaded.diagnostics {
        let _ = carcspec::report::to_json(&loaded.text, diagnostic);
    }
});
