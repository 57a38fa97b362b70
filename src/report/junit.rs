//! JUnit XML, as CI test reporters (GitLab, Jenkins, GitHub test-report actions) read it: a test
//! suite per folder, a test case per file, a failure per error (a violation or an expectation
//! that does not hold) with its message and line.
//!
//! Files come in the order of the run; a suite is written when the next file lies in another
//! folder, so memory holds one folder's test cases, never the whole archive.

use std::io::{self, Write};
use std::path::Path;

use super::{FileOutcome, line_column};
use crate::diagnostic::Severity;

/// Writes one JUnit document, a file at a time.
pub struct JunitWriter {
    suite: Option<Suite>,
}

struct Suite {
    name: String,
    tests: usize,
    failures: usize,
    errors: usize,
    cases: String,
}

impl JunitWriter {
    pub fn begin(out: &mut impl Write, name: &str) -> io::Result<JunitWriter> {
        writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
        writeln!(out, "<testsuites name=\"{}\">", escape(name))?;
        Ok(JunitWriter { suite: None })
    }

    /// Adds the test case of one file. `unreadable` files are errors (the test could not run),
    /// not failures; with `deny_warnings` warnings are failures too.
    pub fn file(
        &mut self,
        out: &mut impl Write,
        outcome: &FileOutcome,
        unreadable: bool,
        deny_warnings: bool,
    ) -> io::Result<()> {
        let folder = Path::new(outcome.origin)
            .parent()
            .map(|p| p.display().to_string())
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| ".".to_string());
        if self.suite.as_ref().is_some_and(|s| s.name != folder) {
            self.close_suite(out)?;
        }
        let suite = self.suite.get_or_insert_with(|| Suite {
            name: folder,
            tests: 0,
            failures: 0,
            errors: 0,
            cases: String::new(),
        });
        suite.tests += 1;
        let name = Path::new(outcome.origin)
            .file_name()
            .map_or(outcome.origin.to_string(), |n| {
                n.to_string_lossy().into_owned()
            });
        let mut case = format!(
            "    <testcase name=\"{}\" classname=\"{}\" file=\"{}\"",
            escape(&name),
            escape(&suite.name),
            escape(outcome.origin)
        );
        let errors: Vec<_> = outcome
            .diagnostics
            .iter()
            .filter(|d| d.severity() == Severity::Error || deny_warnings)
            .collect();
        let warnings: Vec<_> = outcome
            .diagnostics
            .iter()
            .filter(|d| d.severity() == Severity::Warning && !deny_warnings)
            .collect();
        if errors.is_empty() && warnings.is_empty() {
            case.push_str("/>\n");
        } else {
            case.push_str(">\n");
            let element = if unreadable { "error" } else { "failure" };
            if !errors.is_empty() {
                if unreadable {
                    suite.errors += 1;
                } else {
                    suite.failures += 1;
                }
            }
            for diagnostic in errors {
                let line = diagnostic
                    .primary
                    .as_ref()
                    .map(|l| line_column(outcome.text, l.span.start).0);
                let place = line.map_or(String::new(), |l| format!(":{l}"));
                let mut body = format!(
                    "{}{place}: {} {}: {}",
                    outcome.origin, diagnostic.code.code, diagnostic.code.name, diagnostic.message
                );
                if let Some(help) = &diagnostic.help {
                    body.push_str(&format!("\nhelp: {help}"));
                }
                case.push_str(&format!(
                    "      <{element} message=\"{}\" type=\"{}\">{}</{element}>\n",
                    escape(&match line {
                        Some(line) => format!("line {line}: {}", diagnostic.message),
                        None => diagnostic.message.clone(),
                    }),
                    diagnostic.code.code,
                    escape_text(&body)
                ));
            }
            if !warnings.is_empty() {
                let text: Vec<String> = warnings
                    .iter()
                    .map(|d| {
                        let line = d
                            .primary
                            .as_ref()
                            .map_or(0, |l| line_column(outcome.text, l.span.start).0);
                        format!(
                            "{}:{line}: warning {} {}: {}",
                            outcome.origin, d.code.code, d.code.name, d.message
                        )
                    })
                    .collect();
                case.push_str(&format!(
                    "      <system-out>{}</system-out>\n",
                    escape_text(&text.join("\n"))
                ));
            }
            case.push_str("    </testcase>\n");
        }
        suite.cases.push_str(&case);
        Ok(())
    }

    fn close_suite(&mut self, out: &mut impl Write) -> io::Result<()> {
        if let Some(suite) = self.suite.take() {
            writeln!(
                out,
                "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"0\">",
                escape(&suite.name),
                suite.tests,
                suite.failures,
                suite.errors
            )?;
            write!(out, "{}", suite.cases)?;
            writeln!(out, "  </testsuite>")?;
        }
        Ok(())
    }

    pub fn finish(mut self, out: &mut impl Write) -> io::Result<()> {
        self.close_suite(out)?;
        writeln!(out, "</testsuites>")
    }
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
