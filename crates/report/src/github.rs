//! GitHub Actions workflow commands (`::error file=…,line=…::message`): a step that prints them
//! makes GitHub annotate the lines of the pull request's diff.
//!
//! The escaping follows the runner's own (`@actions/core`): in the message `%`, CR and LF are
//! percent-encoded; in a property `:` and `,` are too, since they separate properties.

use super::{FileOutcome, region};
use crate::diagnostic::Severity;

/// One workflow command per diagnostic of the file.
pub fn annotations(outcome: &FileOutcome, skipped: bool) -> String {
    let mut text = String::new();
    for diagnostic in outcome.diagnostics {
        let command = match diagnostic.severity() {
            // A file `check --unsupported skip` passed over: what it needs, as a notice.
            _ if skipped => "notice",
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut properties = vec![format!("file={}", escape_property(outcome.origin))];
        if let Some(primary) = &diagnostic.primary {
            let place = region(outcome.text, primary.span);
            properties.push(format!("line={}", place.start_line));
            properties.push(format!("col={}", place.start_column));
            properties.push(format!("endLine={}", place.end_line));
            properties.push(format!("endColumn={}", place.end_column));
        }
        properties.push(format!(
            "title={}",
            escape_property(&format!(
                "{} {}",
                diagnostic.code.code, diagnostic.code.name
            ))
        ));
        let mut message = diagnostic.message.clone();
        for label in &diagnostic.secondary {
            let (line, _) = super::line_column(outcome.text, label.span.start);
            message.push_str(&format!("\nline {line}: {}", label.message));
        }
        if let Some(help) = &diagnostic.help {
            message.push_str(&format!("\nhelp: {help}"));
        }
        text.push_str(&format!(
            "::{command} {}::{}\n",
            properties.join(","),
            escape_data(&message)
        ));
    }
    text
}

/// Escapes the message of a workflow command.
pub fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value of a workflow command.
pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::{escape_data, escape_property};

    #[test]
    fn escapes_what_the_runner_decodes() {
        assert_eq!(escape_data("50% a\r\nb"), "50%25 a%0D%0Ab");
        assert_eq!(escape_property("a:b,c%"), "a%3Ab%2Cc%25");
    }
}
