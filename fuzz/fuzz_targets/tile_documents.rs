//! JSON and YAML tile sets (the first byte chooses) through reading, lint and the report.
#![no_main]

use carcspec::interchange::DocumentFormat;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((choice, rest)) = data.split_first() else {
        return;
    };
    let format = if choice % 2 == 0 {
        DocumentFormat::Json
    } else {
        DocumentFormat::Yaml
    };
    let text = String::from_utf8_lossy(rest).into_owned();
    let loaded = carcspec::load::from_text("fuzz.document", text, Some(format));
    let _ = carcspec::report::render(&loaded.origin, &loaded.text, &loaded.diagnostics, false);
});
