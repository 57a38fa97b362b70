//! Formatting: the whole document (`textDocument/formatting`) or the lines of a range
//! (`textDocument/rangeFormatting`), as the edits that turn the editor's text into the
//! formatter's (`crate::format`), one a run of changed lines.

use super::analysis::DocumentKind;
use super::{Context, Server, game, tiles};

impl Server {
    /// `textDocument/formatting`.
    pub(super) fn formatting(
        &self,
        params: lsp_types::DocumentFormattingParams,
    ) -> Option<Vec<lsp_types::TextEdit>> {
        self.with(&params.text_document.uri, |cx| match cx.document.kind {
            DocumentKind::Game => game::formatting(cx),
            DocumentKind::Tiles => tiles::formatting(cx),
            DocumentKind::Jcz => None,
        })
        .flatten()
    }

    /// `textDocument/rangeFormatting`: the edits of the whole file's formatting that touch the
    /// range's lines.
    pub(super) fn range_formatting(
        &self,
        params: lsp_types::DocumentRangeFormattingParams,
    ) -> Option<Vec<lsp_types::TextEdit>> {
        let (first, last) = (params.range.start.line, params.range.end.line);
        self.with(&params.text_document.uri, |cx| match cx.document.kind {
            DocumentKind::Game => game::formatting(cx),
            DocumentKind::Tiles => tiles::formatting(cx),
            DocumentKind::Jcz => None,
        })
        .flatten()
        .map(|edits| {
            edits
                .into_iter()
                .filter(|e| {
                    // An edit that ends at the start of the first line does not
                    // touch it.
                    let (start, end) = (e.range.start, e.range.end);
                    start.line <= last
                        && (start.line >= first
                            || end.line > first
                            || (end.line == first && end.character > 0))
                })
                .collect()
        })
    }
}

impl Context<'_> {
    /// The edits that turn the document into `formatted`: one per run of changed lines, so
    /// that the editor keeps its marks, folds and cursor on the lines that stay; none when it
    /// is formatted already.
    pub fn edits_to(&self, formatted: &str) -> Vec<lsp_types::TextEdit> {
        // Against the editor's own text: a line whose end the layout changes (a CR alone, a
        // CR LF, to the layout's LF) is rewritten, so that the edited text is the layout.
        let text = self.document.client_text.as_str();
        if formatted == text {
            return Vec::new();
        }
        // The diff's line numbers index these: its lines are cut as the protocol's are (LF,
        // CR LF, or a CR alone), by the one function every reader of a text uses.
        let mut old_starts = crate::input::line_starts(text);
        // And the end of a last line without a line end.
        if old_starts.last() != Some(&text.len()) {
            old_starts.push(text.len());
        }
        let new_lines: Vec<&str> = crate::input::lines_with_ends(formatted).collect();
        let diff = similar::TextDiff::from_lines(text, formatted);
        let edit = |old: std::ops::Range<usize>, new: std::ops::Range<usize>| {
            let span = crate::diagnostic::Span::new(old_starts[old.start], old_starts[old.end]);
            lsp_types::TextEdit::new(self.index.range(text, span), new_lines[new].concat())
        };
        diff.ops()
            .iter()
            .filter(|op| !matches!(op, similar::DiffOp::Equal { .. }))
            .flat_map(|op| {
                let (old, new) = (op.old_range(), op.new_range());
                // As many lines rewritten as there were: one edit per line, so that a range
                // formatting takes only its own lines.
                if old.len() == new.len() {
                    old.zip(new)
                        .map(|(o, n)| edit(o..o + 1, n..n + 1))
                        .collect()
                } else {
                    vec![edit(old, new)]
                }
            })
            .collect()
    }
}
