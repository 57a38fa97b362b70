//! SARIF 2.1.0 (the OASIS Static Analysis Results Interchange Format), as GitHub code scanning
//! reads it: one run whose tool lists every diagnostic code of the registry (`rules::codes`) as
//! a rule, and a result per diagnostic with its place (start and end) and the related places
//! of its labels.
//!
//! The log is written as the files are checked: the run's header (with the rules) first, then
//! one result per line, then the closing brackets, so memory does not grow with the archive.

use std::io::{self, Write};

use serde_json::{Value, json};

use super::{FileOutcome, region};
use crate::codes::{self, Code};
use crate::diagnostic::{Label, Severity};

/// The published location of the SARIF 2.1.0 schema, as SARIF producers name it.
pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// Writes one SARIF log, a file at a time.
pub struct SarifWriter {
    results: usize,
}

impl SarifWriter {
    /// Writes the log's header: the tool and its rules.
    pub fn begin(out: &mut impl Write) -> io::Result<SarifWriter> {
        let rules: Vec<Value> = crate::rules::codes::all()
            .iter()
            .map(|code| rule(code))
            .collect();
        let driver = json!({
            "name": "carcspec",
            "semanticVersion": env!("CARGO_PKG_VERSION"),
            "informationUri": codes::DOCS_URL,
            "rules": rules,
        });
        writeln!(
            out,
            "{{\"$schema\":{},\"version\":\"2.1.0\",\"runs\":[{{\"tool\":{{\"driver\":{}}},\
             \"columnKind\":\"unicodeCodePoints\",\"results\":[",
            json!(SCHEMA_URI),
            driver
        )?;
        Ok(SarifWriter { results: 0 })
    }

    /// Writes a result for each diagnostic of one file; those of a file `check --unsupported
    /// skip` passed over are notes.
    pub fn file(
        &mut self,
        out: &mut impl Write,
        outcome: &FileOutcome,
        skipped: bool,
    ) -> io::Result<()> {
        for diagnostic in outcome.diagnostics {
            let separator = if self.results == 0 { "" } else { "," };
            self.results += 1;
            let mut result = json!({
                "ruleId": diagnostic.code.code,
                "ruleIndex": crate::rules::codes::all().iter().position(|c| std::ptr::eq(*c, diagnostic.code)),
                "level": match diagnostic.severity() {
                    _ if skipped => "note",
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                },
                "message": { "text": message_text(diagnostic) },
                "locations": [location(outcome, diagnostic.primary.as_ref(), None)],
            });
            if !diagnostic.secondary.is_empty() {
                result["relatedLocations"] = diagnostic
                    .secondary
                    .iter()
                    .enumerate()
                    .map(|(id, label)| location(outcome, Some(label), Some(id)))
                    .collect();
            }
            writeln!(out, "{separator}{result}")?;
        }
        Ok(())
    }

    /// Closes the log; `successful` says whether carcspec could read every input.
    pub fn finish(self, out: &mut impl Write, successful: bool) -> io::Result<()> {
        writeln!(
            out,
            "],\"invocations\":[{{\"executionSuccessful\":{successful}}}]}}]}}"
        )
    }
}

/// A rule of the tool: the code's metadata, its explanation as help, and where it is documented.
fn rule(code: &Code) -> Value {
    let explanation = crate::rules::codes::explanation(code);
    let summary = explanation.split("\n\n").next().unwrap_or_default();
    json!({
        "id": code.code,
        "name": code.name,
        "shortDescription": { "text": summary.replace('\n', " ") },
        "fullDescription": { "text": explanation },
        "help": { "text": explanation },
        "helpUri": codes::help_uri(code),
        "defaultConfiguration": {
            "level": match code.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            }
        },
    })
}

/// The message with the help, which SARIF has no field of its own for in a result.
fn message_text(diagnostic: &crate::diagnostic::Diagnostic) -> String {
    match &diagnostic.help {
        Some(help) => format!("{}\nhelp: {help}", diagnostic.message),
        None => diagnostic.message.clone(),
    }
}

fn location(outcome: &FileOutcome, label: Option<&Label>, id: Option<usize>) -> Value {
    let mut physical = json!({ "artifactLocation": { "uri": uri_of(outcome.origin) } });
    if let Some(label) = label {
        let place = region(outcome.text, label.span);
        physical["region"] = json!({
            "startLine": place.start_line,
            "startColumn": place.start_column,
            "endLine": place.end_line,
            "endColumn": place.end_column,
        });
    }
    let mut location = json!({ "physicalLocation": physical });
    if let Some(id) = id {
        location["id"] = json!(id);
    }
    if let Some(label) = label.filter(|l| !l.message.is_empty()) {
        location["message"] = json!({ "text": label.message });
    }
    location
}

/// A file path as a relative URI reference: `/` separators, and every byte that may not stand
/// in a URI percent-encoded.
pub fn uri_of(path: &str) -> String {
    let path = path.replace('\\', "/");
    let mut uri = String::new();
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            uri.push(byte as char);
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

#[cfg(test)]
mod tests {
    #[test]
    fn uris_encode_what_a_path_may_hold() {
        assert_eq!(super::uri_of("spec/a b/ü.game"), "spec/a%20b/%C3%BC.game");
        assert_eq!(super::uri_of(r"spec\x.game"), "spec/x.game");
    }
}
