//! Reports: diagnostics rendered for people (ariadne, with the source) and for machines (JSON,
//! SARIF, JUnit XML, GitHub Actions workflow commands).
//!
//! A crate of its own (`carcspec-report`) on the renderer (the HTML page's pictures and
//! styles) and the layers below, so that it imports nothing of the checker or the command line
//! is Cargo's rule.

// The layers below, at the paths the modules name them by.
pub(crate) use carcspec_core::{codes, diagnostic};
pub(crate) use carcspec_render as render;
pub(crate) use carcspec_rules as rules;

pub mod github;
pub mod html;
pub mod junit;
pub mod sarif;

use ariadne::{Color, Config, IndexType, Label, Report, ReportKind, Source};
use std::io::Write;

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity, Span};
// Places in a text as line and column: with the spans they translate, low enough that the
// parsers of JSON, YAML and saved games read them too.
pub use crate::diagnostic::{line_column, offset_at};

/// Lines longer than this (in bytes) are shown cut around the place a diagnostic names, so that
/// a report stays proportional to its number of diagnostics however long the lines are.
pub const MAX_SHOWN_LINE: usize = 200;
/// What a cut line shows: about this many bytes, starting a little before the place.
const CUT_WIDTH: usize = 120;
const CUT_CONTEXT: usize = 40;
/// Marks the ends of a cut line.
const ELLIPSIS: &str = "…";

/// Renders `diagnostics` of the text `text` (shown as `origin`) for a terminal or a log.
pub fn render(origin: &str, text: &str, diagnostics: &[Diagnostic], color: bool) -> String {
    if diagnostics.is_empty() {
        // A clean file (most of a run) shows no source: index nothing.
        return String::new();
    }
    let mut out = Vec::new();
    // Index the text's lines once for all diagnostics, not once for each.
    let source = Source::from(text);
    let lines = LineIndex::new(text);
    for diagnostic in diagnostics {
        render_one(origin, text, &source, &lines, diagnostic, color, &mut out);
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The byte offset where each line of a text starts.
struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    fn new(text: &str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(at, _)| at + 1))
            .collect();
        LineIndex {
            starts,
            len: text.len(),
        }
    }

    /// The 0-based line holding `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|start| *start <= offset) - 1
    }

    /// The 1-based line and column (in characters) of byte `offset`, as [`line_column`]
    /// counts them, reading only the line's text before it.
    fn line_column(&self, text: &str, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        let column = text[self.starts[line]..offset].chars().count() + 1;
        (line + 1, column)
    }

    /// The bytes of line `line`, without its line break.
    fn range(&self, text: &str, line: usize) -> std::ops::Range<usize> {
        let start = self.starts[line];
        let end = self.starts.get(line + 1).map_or(self.len, |next| next - 1);
        let end = if text[start..end].ends_with('\r') {
            end - 1
        } else {
            end
        };
        start..end
    }
}

fn render_one(
    origin: &str,
    text: &str,
    source: &Source<&str>,
    lines: &LineIndex,
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
    let clamp = |span: Span| {
        let end = span.end.min(text.len());
        Span::new(span.start.min(end), end)
    };
    let mut labels: Vec<(Span, &str, Option<Color>)> = diagnostic
        .primary
        .iter()
        .map(|l| (clamp(l.span), l.message.as_str(), Some(Color::Red)))
        .chain(
            diagnostic
                .secondary
                .iter()
                .map(|l| (clamp(l.span), l.message.as_str(), Some(Color::Blue))),
        )
        .collect();
    let primary = labels[0].0;
    // ariadne shows labels in one snippet only when they come in the order of the text.
    labels.sort_by_key(|(span, _, _)| span.start);
    let mut shown: Vec<usize> = labels
        .iter()
        .flat_map(|(span, _, _)| [lines.line_of(span.start), lines.line_of(span.end)])
        .collect();
    shown.sort_unstable();
    shown.dedup();
    let long = shown
        .iter()
        .any(|line| lines.range(text, *line).len() > MAX_SHOWN_LINE);
    if !long {
        let spans: Vec<_> = labels
            .iter()
            .map(|(span, _, _)| span.start..span.end)
            .collect();
        write_report(
            origin,
            source,
            diagnostic,
            primary.start..primary.end,
            &labels,
            &spans,
            color,
            out,
        );
        return;
    }
    // A long line: show an excerpt of the lines with labels, each long one cut around the first
    // label on it (the primary one when it is there), numbered as in the file.
    let first = shown[0];
    let last = shown[shown.len() - 1];
    let mut excerpt = String::new();
    // For each shown line: (line, where its window starts in the text, where the window
    // starts in the excerpt, window end in the text).
    let mut windows: Vec<(usize, usize, usize, usize)> = Vec::new();
    for line in first..=last {
        if line > first {
            excerpt.push('\n');
        }
        if shown.binary_search(&line).is_err() {
            continue;
        }
        let range = lines.range(text, line);
        let (mut start, mut end) = (range.start, range.end);
        if range.len() > MAX_SHOWN_LINE {
            let anchor = if lines.line_of(primary.start) == line {
                primary.start
            } else {
                labels
                    .iter()
                    .map(|(span, _, _)| span.start)
                    .filter(|at| lines.line_of(*at) == line)
                    .min()
                    .unwrap_or(range.start)
            };
            start = floor_boundary(text, anchor.saturating_sub(CUT_CONTEXT).max(range.start));
            end = floor_boundary(text, (start + CUT_WIDTH).min(range.end));
            if end <= anchor && anchor < range.end {
                end = floor_boundary(text, (anchor + 1).min(range.end)).max(anchor);
            }
            if start > range.start {
                excerpt.push_str(ELLIPSIS);
            }
        }
        windows.push((line, start, excerpt.len(), end));
        excerpt.push_str(&text[start..end]);
        if end < range.end {
            excerpt.push_str(ELLIPSIS);
        }
    }
    let map = |offset: usize| -> usize {
        let line = lines.line_of(offset);
        let (_, start, at, end) = windows
            .iter()
            .copied()
            .find(|(l, ..)| *l == line)
            .unwrap_or((line, offset, 0, offset));
        at + offset.clamp(start, end) - start
    };
    let spans: Vec<_> = labels
        .iter()
        .map(|(span, _, _)| map(span.start)..map(span.end))
        .collect();
    let excerpt_source = Source::from(excerpt.as_str());
    let mut rendered = Vec::new();
    // Without colour: the excerpt's line numbers are rewritten below, which escape codes would
    // get in the way of.
    write_report(
        origin,
        &excerpt_source,
        diagnostic,
        map(primary.start)..map(primary.end),
        &labels,
        &spans,
        false,
        &mut rendered,
    );
    let rendered = String::from_utf8_lossy(&rendered);
    // ariadne numbers the excerpt's lines from 1 and names the column within the excerpt:
    // number them as in the file, with a margin as wide as those numbers, and name the column
    // in the file.
    let primary_line = lines.line_of(primary.start);
    let in_excerpt = {
        let mapped = map(primary.start);
        let line_start = excerpt[..mapped].rfind('\n').map_or(0, |at| at + 1);
        excerpt[line_start..mapped].chars().count() + 1
    };
    let in_file = text[lines.starts[primary_line]..primary.start]
        .chars()
        .count()
        + 1;
    let digits = |n: usize| n.to_string().len();
    let (narrow, wide) = (digits(last - first + 1), digits(last + 1));
    let widen = wide.saturating_sub(narrow);
    for (index, row) in rendered.lines().enumerate() {
        if index == 0 {
            let _ = writeln!(out, "{row}");
            continue;
        }
        let row = row.replacen(
            &format!("[ {origin}:{}:{in_excerpt} ]", primary_line - first + 1),
            &format!("[ {origin}:{}:{in_file} ]", primary_line + 1),
            1,
        );
        let numbered = row
            .strip_prefix(' ')
            .and_then(|rest| rest.split_once(" │"))
            .and_then(|(number, rest)| Some((number.trim().parse::<usize>().ok()?, rest)));
        match numbered {
            Some((number, rest)) => {
                let _ = writeln!(out, " {:>wide$} │{rest}", number + first);
            }
            None if row.starts_with('─') => {
                let _ = writeln!(out, "{}{row}", "─".repeat(widen));
            }
            None => {
                let _ = writeln!(out, "{}{row}", " ".repeat(widen));
            }
        }
    }
}

/// The largest char boundary of `text` at or before `offset`.
fn floor_boundary(text: &str, mut offset: usize) -> usize {
    offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[allow(clippy::too_many_arguments)]
fn write_report(
    origin: &str,
    source: &Source<&str>,
    diagnostic: &Diagnostic,
    primary: std::ops::Range<usize>,
    labels: &[(Span, &str, Option<Color>)],
    spans: &[std::ops::Range<usize>],
    color: bool,
    out: &mut Vec<u8>,
) {
    let kind = match diagnostic.severity() {
        Severity::Error => ReportKind::Error,
        Severity::Warning => ReportKind::Warning,
    };
    let config = Config::default()
        .with_color(color)
        .with_index_type(IndexType::Byte);
    let mut report = Report::build(kind, (origin, primary))
        .with_config(config)
        .with_code(format!("{} {}", diagnostic.code.code, diagnostic.code.name))
        .with_message(&diagnostic.message);
    for ((_, message, label_color), span) in labels.iter().zip(spans) {
        let mut ariadne_label = Label::new((origin, span.clone())).with_message(message);
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

/// One diagnostic as JSON. For the diagnostics of one text, [`to_json_all`].
pub fn to_json(text: &str, diagnostic: &Diagnostic) -> JsonDiagnostic {
    json_of(text, &LineIndex::new(text), diagnostic)
}

/// The diagnostics of `text` as JSON, its lines indexed once: each place is then a search
/// among the line starts, not a reading of the text up to it, which made the report of a
/// text with many diagnostics grow with their count times the text's length.
pub fn to_json_all(text: &str, diagnostics: &[Diagnostic]) -> Vec<JsonDiagnostic> {
    let lines = LineIndex::new(text);
    diagnostics
        .iter()
        .map(|diagnostic| json_of(text, &lines, diagnostic))
        .collect()
}

fn json_of(text: &str, lines: &LineIndex, diagnostic: &Diagnostic) -> JsonDiagnostic {
    let primary = diagnostic
        .primary
        .as_ref()
        .map(|l| lines.line_column(text, l.span.start));
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
                let (line, column) = lines.line_column(text, l.span.start);
                JsonPlace {
                    line,
                    column,
                    message: l.message.clone(),
                }
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes;

    /// The JSON places are [`line_column`]'s, at every offset (line ends, several bytes to a
    /// character, past the end).
    #[test]
    fn json_places_are_those_of_line_column() {
        let text = "ab\ncé 𝄞d\r\n\nxyz";
        // (An empty span at 0 is no place at all.)
        let diagnostics: Vec<Diagnostic> = (1..=text.len() + 2)
            .map(|at| {
                Diagnostic::new(&codes::UNREADABLE_INPUT, "m")
                    .at(Span::new(at, at + 1), "here")
                    .also(Span::new(at / 2, at + 1), "there")
            })
            .collect();
        for (json, diagnostic) in to_json_all(text, &diagnostics).iter().zip(&diagnostics) {
            let at = diagnostic.primary.as_ref().unwrap().span.start;
            let (line, column) = line_column(text, at);
            assert_eq!((json.line, json.column), (Some(line), Some(column)), "{at}");
            let (line, column) = line_column(text, at / 2);
            assert_eq!(
                (json.related[0].line, json.related[0].column),
                (line, column)
            );
        }
    }

    /// A place costs a search among the line starts, not a reading of the text before it: the
    /// places of 200,000 diagnostics spread over a text of 200,000 lines are found in well
    /// under a second, where reading up to each place (as before) is 2·10^10 bytes read, and
    /// the test run never ends. (No clock is read: the blow-up shows as a test that hangs.)
    #[test]
    fn json_places_do_not_read_the_text_up_to_them() {
        let text = "tile A {\n".repeat(200_000);
        let diagnostics: Vec<Diagnostic> = (0..200_000)
            .map(|line| {
                let at = line * "tile A {\n".len() + 5;
                Diagnostic::new(&codes::UNREADABLE_INPUT, "m").at(Span::new(at, at + 1), "id")
            })
            .collect();
        let json = to_json_all(&text, &diagnostics);
        assert_eq!(json.last().and_then(|j| j.line), Some(200_000));
        assert!(json.iter().all(|j| j.column == Some(6)));
    }
}
