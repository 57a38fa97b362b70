//! Reports: diagnostics rendered for people (ariadne, with the source) and for machines (JSON,
//! SARIF, JUnit XML, GitHub Actions workflow commands).

pub mod github;
pub mod junit;
pub mod sarif;

use ariadne::{Color, Config, IndexType, Label, Report, ReportKind, Source};
use std::io::Write;

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity, Span};

/// Renders `diagnostics` of the text `text` (shown as `origin`) for a terminal or a log.
pub fn render(origin: &str, text: &str, diagnostics: &[Diagnostic], color: bool) -> String {
    let mut out = Vec::new();
    // Index the text's lines once for all diagnostics, not once for each.
    let source = Source::from(text);
    for diagnostic in diagnostics {
        render_one(origin, text, &source, diagnostic, color, &mut out);
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn render_one(
    origin: &str,
    text: &str,
    source: &Source<&str>,
    diagnostic: &Diagnostic,
    color: bool,
    out: &mut Vec<u8>,
) {
    if diagnostic.primary.is_none() {
        // Nothing to show of the source: ariadne would drop the help with the snippet.
        let kind = match diagnostic.severity() {
            Severity::Error => "Error",
            Severity::Warning => "Warning",
        };
        let code = diagnostic.code;
        let _ = writeln!(
            out,
            "[{} {}] {kind}: {}",
            code.code, code.name, diagnostic.message
        );
        let _ = writeln!(out, "   ╭─[ {origin} ]");
        if let Some(help) = &diagnostic.help {
            let _ = writeln!(out, "   │ Help: {help}");
        }
        let _ = writeln!(out, "───╯");
        return;
    }
    let kind = match diagnostic.severity() {
        Severity::Error => ReportKind::Error,
        Severity::Warning => ReportKind::Warning,
    };
    let clamp = |span: Span| {
        let end = span.end.min(text.len());
        span.start.min(end)..end
    };
    let primary = diagnostic.primary.as_ref().map(|l| clamp(l.span));
    let config = Config::default()
        .with_color(color)
        .with_index_type(IndexType::Byte);
    let mut report = Report::build(kind, (origin, primary.clone().unwrap_or(0..0)))
        .with_config(config)
        .with_code(format!("{} {}", diagnostic.code.code, diagnostic.code.name))
        .with_message(&diagnostic.message);
    // ariadne shows labels in one snippet only when they come in the order of the text.
    let mut labels: Vec<(&crate::diagnostic::Label, Option<Color>)> = diagnostic
        .primary
        .iter()
        .map(|l| (l, Some(Color::Red)))
        .chain(diagnostic.secondary.iter().map(|l| (l, Some(Color::Blue))))
        .collect();
    labels.sort_by_key(|(l, _)| l.span.start);
    for (label, label_color) in labels {
        let mut ariadne_label =
            Label::new((origin, clamp(label.span))).with_message(&label.message);
        if let Some(c) = label_color.filter(|_| color) {
            ariadne_label = ariadne_label.with_color(c);
        }
        report = report.with_label(ariadne_label);
    }
    if let Some(help) = &diagnostic.help {
        report = report.with_help(help);
    }
    // Writing into a Vec cannot fail.
    let _ = report.finish().write((origin, source), &mut *out);
}

/// What one input file came to, as the machine formats report it.
pub struct FileOutcome<'a> {
    /// The file's name as given (or `-`'s `--stdin-filename`).
    pub origin: &'a str,
    pub text: &'a str,
    /// The problems: errors fail the file, warnings do not (unless denied).
    pub diagnostics: &'a [Diagnostic],
}

/// A place in a text as editors count it: 1-based lines and columns (in characters), the end
/// just after the last character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    pub start_line: usize,
    pub start_column: usize,
    pub end_line: usize,
    pub end_column: usize,
}

/// The region of `span` in `text`; an empty span covers one character, so that it shows.
pub fn region(text: &str, span: Span) -> Region {
    let (start_line, start_column) = line_column(text, span.start);
    let (end_line, mut end_column) = line_column(text, span.end.max(span.start));
    if (end_line, end_column) <= (start_line, start_column) {
        end_column = start_column + 1;
    }
    Region {
        start_line,
        start_column,
        end_line: end_line.max(start_line),
        end_column,
    }
}

/// A diagnostic as one JSON object: code, name, severity, message, 1-based line and column of
/// its primary place (absent when it has none), help, and the related places.
#[derive(Debug, Serialize)]
pub struct JsonDiagnostic {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub related: Vec<JsonPlace>,
}

#[derive(Debug, Serialize)]
pub struct JsonPlace {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

pub fn to_json(text: &str, diagnostic: &Diagnostic) -> JsonDiagnostic {
    let primary = diagnostic
        .primary
        .as_ref()
        .map(|l| line_column(text, l.span.start));
    JsonDiagnostic {
        code: diagnostic.code.code,
        name: diagnostic.code.name,
        severity: diagnostic.severity(),
        message: diagnostic.message.clone(),
        line: primary.map(|(line, _)| line),
        column: primary.map(|(_, column)| column),
        help: diagnostic.help.clone(),
        related: diagnostic
            .secondary
            .iter()
            .map(|l| {
                let (line, column) = line_column(text, l.span.start);
                JsonPlace {
                    line,
                    column,
                    message: l.message.clone(),
                }
            })
            .collect(),
    }
}

/// The 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |at| at + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// The byte offset of a 1-based line and column (columns counted in characters), as parsers of
/// JSON and YAML report places; the inverse of [`line_column`].
pub fn offset_at(text: &str, line: usize, column: usize) -> usize {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let rest = &text[line_start.min(text.len())..];
    let column_offset = rest
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(rest.len(), |(at, _)| at);
    line_start + column_offset
}

#[cfg(test)]
mod tests {
    use super::line_column;

    #[test]
    fn offset_at_inverts_line_column() {
        let text = "ab\ncé d";
        for offset in [0, 1, 3, 4, 6, 7] {
            let (line, column) = super::line_column(text, offset);
            assert_eq!(super::offset_at(text, line, column), offset);
        }
    }

    #[test]
    fn line_column_counts_characters() {
        assert_eq!(line_column("ab\ncé d", 7), (2, 4));
        assert_eq!(line_column("ab", 99), (1, 3));
    }
}
