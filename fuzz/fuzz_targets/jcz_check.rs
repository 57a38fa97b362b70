//! JCloisterZone saved games through import (printed as a game) and check.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    if let Ok(script) = carcspec::check::import_jcz(&text) {
        let _ = carcspec::format::game::print_script(&script, Some("fuzz.jcz"));
    }
    let report = carcspec::check::check_jcz_text("fuzz.jcz", text);
    let _ = carcspec::cli::render_check_report(&report, false);
});
