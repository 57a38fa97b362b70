//! JUnit XML, as CI test reporters (GitLab, Jenkins, GitHub test-report actions, junitparser)
//! read it: a test suite per folder, a test case per file, and in a file that fails one
//! `failure` (an `error` for an input that could not be read) that holds every finding of the
//! file, since Ant's schema and the readers count a test case as one failure at most.
//! Each test case has the time it took (`time`, in seconds), each suite and the root the sum of
//! their cases' times, and the root the totals of the run.
//!
//! The root's totals are known at the end of the run only, so the suites are kept as text
//! (some 150 bytes a clean file) and the document is written when the run finishes.

use std::io::{self, Write};
use std::path::Path;
use std::time::Duration;

use super::{FileOutcome, line_column};
use crate::diagnostic::{Diagnostic, Severity};

/// Writes one JUnit document, a file at a time.
pub struct JunitWriter {
    name: String,
    suite: Option<Suite>,
    /// The closed suites' text.
    suites: String,
    totals: Counts,
}

/// Test cases, failures, errors and time, of a suite or of the run.
#[derive(Default, Clone, Copy)]
struct Counts {
    tests: usize,
    failures: usize,
    errors: usize,
    /// Written on a `testsuite` only (Ant's schema has it there).
    skipped: usize,
    time: Duration,
}

impl Counts {
    fn attributes(&self) -> String {
        format!(
            "tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{}\"",
            self.tests,
            self.failures,
            self.errors,
            seconds(self.time)
        )
    }

    fn add(&mut self, other: &Counts) {
        self.tests += other.tests;
        self.failures += other.failures;
        self.errors += other.errors;
        self.skipped += other.skipped;
        self.time += other.time;
    }
}

struct Suite {
    name: String,
    counts: Counts,
    cases: String,
}

/// A time as JUnit writes it: seconds, to the millisecond.
fn seconds(time: Duration) -> String {
    format!("{:.3}", time.as_secs_f64())
}

impl JunitWriter {
    pub fn begin(name: &str) -> JunitWriter {
        JunitWriter {
            name: name.to_string(),
            suite: None,
            suites: String::new(),
            totals: Counts::default(),
        }
    }

    /// Adds the test case of one file, which took `time` to check. `unreadable` files are
    /// errors (the test could not run), not failures; with `deny_warnings` warnings are
    /// failures too, and otherwise they go to the case's `system-out`.
    pub fn file(
        &mut self,
        outcome: &FileOutcome,
        unreadable: bool,
        deny_warnings: bool,
        time: Duration,
    ) {
        let mut case = self.open_case(outcome, time);
        let Some(suite) = self.suite.as_mut() else {
            return;
        };
        let fails = |d: &&Diagnostic| d.severity() == Severity::Error || deny_warnings;
        let failing: Vec<&Diagnostic> = outcome.diagnostics.iter().filter(fails).collect();
        let warnings: Vec<&Diagnostic> = outcome.diagnostics.iter().filter(|d| !fails(d)).collect();
        if failing.is_empty() && warnings.is_empty() {
            case.push_str("/>\n");
        } else {
            case.push_str(">\n");
            if let Some(first) = failing.first() {
                let element = if unreadable {
                    suite.counts.errors += 1;
                    "error"
                } else {
                    suite.counts.failures += 1;
                    "failure"
                };
                // The message is the first finding (what a test list shows), the text every
                // finding, a line each, with its help.
                let mut message = match line_of(outcome, first) {
                    Some(line) => format!("line {line}: {}", first.message),
                    None => first.message.clone(),
                };
                if failing.len() > 1 {
                    message.push_str(&format!(" (and {} more)", failing.len() - 1));
                }
                let body: Vec<String> = failing.iter().map(|d| finding(outcome, d)).collect();
                case.push_str(&format!(
                    "      <{element} message=\"{}\" type=\"{}\">{}</{element}>\n",
                    escape(&message),
                    first.code.code,
                    escape_text(&body.join("\n"))
                ));
            }
            if !warnings.is_empty() {
                let text: Vec<String> = warnings.iter().map(|d| finding(outcome, d)).collect();
                case.push_str(&format!(
                    "      <system-out>{}</system-out>\n",
                    escape_text(&text.join("\n"))
                ));
            }
            case.push_str("    </testcase>\n");
        }
        suite.cases.push_str(&case);
    }

    /// The test case of one file, in the suite of its folder (begun here when the file is the
    /// first of its folder): the opening tag, not closed.
    fn open_case(&mut self, outcome: &FileOutcome, time: Duration) -> String {
        let folder = Path::new(outcome.origin)
            .parent()
            .map(|p| p.display().to_string())
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| ".".to_string());
        if self.suite.as_ref().is_some_and(|s| s.name != folder) {
            self.close_suite();
        }
        let suite = self.suite.get_or_insert_with(|| Suite {
            name: folder,
            counts: Counts::default(),
            cases: String::new(),
        });
        suite.counts.tests += 1;
        suite.counts.time += time;
        let name = Path::new(outcome.origin)
            .file_name()
            .map_or(outcome.origin.to_string(), |n| {
                n.to_string_lossy().into_owned()
            });
        format!(
            "    <testcase name=\"{}\" classname=\"{}\" file=\"{}\" time=\"{}\"",
            escape(&name),
            escape(&suite.name),
            escape(outcome.origin),
            seconds(time)
        )
    }

    /// Adds the test case of a file that `check --unsupported skip` passed over: skipped, with
    /// what it needs as the message.
    pub fn skipped(&mut self, outcome: &FileOutcome, time: Duration) {
        let mut case = self.open_case(outcome, time);
        let Some(suite) = self.suite.as_mut() else {
            return;
        };
        suite.counts.skipped += 1;
        let needs: Vec<&str> = outcome
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        case.push_str(&format!(
            ">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
            escape(&needs.join("; "))
        ));
        suite.cases.push_str(&case);
    }

    fn close_suite(&mut self) {
        if let Some(suite) = self.suite.take() {
            self.suites.push_str(&format!(
                "  <testsuite name=\"{}\" {} skipped=\"{}\">\n{}  </testsuite>\n",
                escape(&suite.name),
                suite.counts.attributes(),
                suite.counts.skipped,
                suite.cases
            ));
            self.totals.add(&suite.counts);
        }
    }

    /// Writes the document.
    pub fn finish(mut self, out: &mut impl Write) -> io::Result<()> {
        self.close_suite();
        writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
        writeln!(
            out,
            "<testsuites name=\"{}\" {}>",
            escape(&self.name),
            self.totals.attributes()
        )?;
        out.write_all(self.suites.as_bytes())?;
        writeln!(out, "</testsuites>")
    }
}

fn line_of(outcome: &FileOutcome, diagnostic: &Diagnostic) -> Option<usize> {
    diagnostic
        .primary
        .as_ref()
        .map(|l| line_column(outcome.text, l.span.start).0)
}

/// One finding as a line of a failure's text: `file:line: severity CODE name: message`, and its
/// help on the next line.
fn finding(outcome: &FileOutcome, diagnostic: &Diagnostic) -> String {
    let place = line_of(outcome, diagnostic).map_or(String::new(), |l| format!(":{l}"));
    let severity = match diagnostic.severity() {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let mut text = format!(
        "{}{place}: {severity} {} {}: {}",
        outcome.origin, diagnostic.code.code, diagnostic.code.name, diagnostic.message
    );
    if let Some(help) = &diagnostic.help {
        text.push_str(&format!("\n  help: {help}"));
    }
    text
}

/// Escapes text for an XML attribute; characters XML 1.0 forbids (control characters other
/// than tab, newline and carriage return) become U+FFFD.
pub fn escape(text: &str) -> String {
    escape_xml(text, true)
}

/// Escapes the text of an element, where line breaks may stand as they are.
fn escape_text(text: &str) -> String {
    escape_xml(text, false)
}

fn escape_xml(text: &str, in_attribute: bool) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            '\n' if in_attribute => escaped.push_str("&#10;"),
            '\r' => escaped.push_str("&#13;"),
            '\n' => escaped.push('\n'),
            '\t' => escaped.push('\t'),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                escaped.push('\u{FFFD}')
            }
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes_markup_and_forbidden_characters() {
        assert_eq!(
            super::escape("a<b & \"c\"\u{1}\n"),
            "a&lt;b &amp; &quot;c&quot;\u{FFFD}&#10;"
        );
    }
}
