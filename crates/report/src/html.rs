//! The HTML report (`check --format html`, `tiles lint --format html`): one self-contained page
//! for people and CI artifacts. Every file checked is one item of a list, in the order of the
//! run: a clean file one line (hidden until "show the clean files" is ticked), a file with
//! diagnostics its problems grouped by line — each group linkable as `#FILE:LINE` — with, for
//! a game, the board after each line that breaks a rule, as `render --at LINE+1` draws it.
//!
//! The page is streamed a file at a time like the other formats; the summary, known at the
//! end, is written last and shown first (CSS `order`). The boards share their tiles' drawings
//! (`render::html::TileBook`), written once at the end, and their number is bounded, so that a
//! report stays proportional to the files it lists.

use std::io::{self, Write};

use super::{FileOutcome, line_column};
use crate::diagnostic::Diagnostic;
use crate::render::html::{PAGE_STYLE, TileBook, escape_text};
use crate::render::svg::escape;

/// The boards one file's report draws at most.
pub const MAX_BOARDS_PER_FILE: usize = 10;
/// The boards a whole report draws at most.
pub const MAX_BOARDS: usize = 200;

/// How a file's report gets the board after a line (at the end for `None`): `None` for a file
/// that has no board (a tile set), `Err` with the reason for a game that cannot be replayed.
pub type BoardSource<'a> = &'a dyn Fn(Option<usize>) -> Option<Result<String, String>>;

/// Writes one HTML report, a file at a time.
pub struct HtmlWriter {
    book: TileBook,
    boards: usize,
}

const REPORT_STYLE: &str = r#"
main { display: flex; flex-direction: column; align-items: stretch; }
.summary { order: -1; font-size: 1.1rem; }
.files { padding-left: 1.5rem; }
.files > li { margin: .15rem 0; }
.files > li.problems { margin: 1rem 0; border-top: 1px solid var(--line); padding-top: .3rem; }
.files h2 { font-size: 1.1rem; margin: .2rem 0; overflow-wrap: anywhere; }
.move { margin: .6rem 0 .6rem .5rem; }
.move h3 { font-size: 1rem; margin: .2rem 0; }
.board { margin: .3rem 0; }
.board figcaption { color: var(--muted); font-size: .9rem; }
main:has(#show-clean:not(:checked)) .files > li.clean { display: none; }
.files > li.clean:target { display: list-item !important; }
"#;

impl HtmlWriter {
    pub fn begin(out: &mut impl Write, title: &str) -> io::Result<HtmlWriter> {
        let title = escape(title);
        write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"generator\" content=\"carcspec\">\n<title>{title}</title>\n<style>{PAGE_STYLE}{REPORT_STYLE}</style>\n</head>\n<body>\n<main>\n\
<h1 style=\"order:-2\">{title}</h1>\n\
<p><label><input type=\"checkbox\" id=\"show-clean\"> show the clean files</label></p>\n<ol class=\"files\">\n"
        )?;
        Ok(HtmlWriter {
            book: TileBook::new(),
            boards: 0,
        })
    }

    /// Adds one file: `ok` is the run's verdict on it, `expectations` those passed and failed.
    pub fn file(
        &mut self,
        out: &mut impl Write,
        outcome: &FileOutcome,
        ok: bool,
        expectations: (usize, usize),
        board: BoardSource,
    ) -> io::Result<()> {
        let id = anchor(outcome.origin);
        let name = escape(outcome.origin);
        let (passed, failed) = expectations;
        let expected = match passed + failed {
            0 => String::new(),
            1 => " · 1 expectation".to_string(),
            n => format!(" · {n} expectations"),
        };
        if outcome.diagnostics.is_empty() && ok {
            return writeln!(
                out,
                "<li class=\"clean\" id=\"{id}\"><a href=\"#{id}\">{name}</a> <span class=\"ok\">ok</span><span class=\"muted\">{expected}</span></li>"
            );
        }
        let errors = outcome.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = outcome.diagnostics.len() - errors;
        let (class, verdict) = if ok {
            ("ok", "ok")
        } else {
            ("error", "FAILED")
        };
        let mut counts = vec![plural(errors, "error"), plural(warnings, "warning")];
        if failed > 0 {
            counts.push(format!(
                "{failed} of {} expectations failed",
                passed + failed
            ));
        }
        write!(
            out,
            "<li class=\"problems\" id=\"{id}\">\n<h2><a href=\"#{id}\">{name}</a> <span class=\"{class}\">{verdict}</span> <span class=\"muted\">{}</span></h2>\n",
            counts.join(", ")
        )?;
        // The diagnostics grouped by their line, in the order of the text (a diagnostic
        // without a place, at the end).
        let mut groups: Vec<(Option<usize>, Vec<&Diagnostic>)> = Vec::new();
        let mut sorted: Vec<(Option<usize>, &Diagnostic)> = outcome
            .diagnostics
            .iter()
            .map(|d| (line_of(outcome.text, d), d))
            .collect();
        sorted.sort_by_key(|(line, _)| line.unwrap_or(usize::MAX));
        for (line, diagnostic) in sorted {
            match groups.last_mut() {
                Some((last, group)) if *last == line => group.push(diagnostic),
                _ => groups.push((line, vec![diagnostic])),
            }
        }
        let mut drawn = 0;
        for (line, group) in groups {
            let (move_id, heading) = match line {
                Some(line) => (format!("{id}:{line}"), format!("line {line}")),
                None => (format!("{id}:end"), "the whole file".to_string()),
            };
            write!(
                out,
                "<div class=\"move\" id=\"{move_id}\">\n<h3><a href=\"#{move_id}\">{heading}</a></h3>\n<pre>"
            )?;
            let owned: Vec<Diagnostic> = group.iter().map(|d| (*d).clone()).collect();
            let text = super::render(outcome.origin, outcome.text, &owned, false);
            writeln!(out, "{}</pre>", escape_text(&text))?;
            if group.iter().any(|d| d.is_error()) {
                self.board(out, outcome.origin, line, &mut drawn, board)?;
            }
            writeln!(out, "</div>")?;
        }
        writeln!(out, "</li>")
    }

    /// The board after `line` of a failing game, if the report still draws boards.
    fn board(
        &mut self,
        out: &mut impl Write,
        origin: &str,
        line: Option<usize>,
        drawn: &mut usize,
        board: BoardSource,
    ) -> io::Result<()> {
        let point = line.map_or("at the end".to_string(), |l| format!("after line {l}"));
        if *drawn >= MAX_BOARDS_PER_FILE || self.boards >= MAX_BOARDS {
            let at = line.map_or(String::new(), |l| format!(" --at {}", l + 1));
            return writeln!(
                out,
                "<p class=\"muted\">board {point} not drawn (the report draws {MAX_BOARDS_PER_FILE} a file, {MAX_BOARDS} in all): <code>carcspec render {}{at}</code></p>",
                escape(origin)
            );
        }
        match board(line) {
            None => Ok(()),
            Some(Err(why)) => writeln!(
                out,
                "<p class=\"muted\">no board {point}: {}</p>",
                escape(&why)
            ),
            Some(Ok(svg)) => {
                *drawn += 1;
                self.boards += 1;
                writeln!(out, "<figure class=\"board\">")?;
                for line in self.book.compact(&svg) {
                    writeln!(out, "{line}")?;
                }
                writeln!(out, "<figcaption>the board {point}</figcaption>\n</figure>")
            }
        }
    }

    /// Ends the page with the summary line (shown at its top).
    pub fn finish(self, out: &mut impl Write, summary: &str) -> io::Result<()> {
        write!(
            out,
            "</ol>\n<p class=\"summary\" role=\"status\">{}</p>\n</main>\n{}</body>\n</html>\n",
            escape(summary),
            self.book.definitions()
        )
    }
}

/// `1 error`, `2 warnings`.
fn plural(count: usize, noun: &str) -> String {
    format!("{count} {noun}{}", crate::diagnostic::plural(count))
}

/// The 1-based line of a diagnostic's primary place.
fn line_of(text: &str, diagnostic: &Diagnostic) -> Option<usize> {
    diagnostic
        .primary
        .as_ref()
        .map(|label| line_column(text, label.span.start).0)
}

/// A file's name as an element id and address fragment: the name with white space made `_`
/// (an id has none), escaped for an attribute.
pub fn anchor(origin: &str) -> String {
    let name: String = origin
        .chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect();
    escape(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_is_an_id_without_white_space() {
        assert_eq!(anchor("spec/a b.game"), "spec/a_b.game");
        assert_eq!(anchor("x\"y"), "x&quot;y");
    }
}
