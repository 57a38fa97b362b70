//! Completion: the items the game's or the tile set's own completion offers (`game/`,
//! `tiles.rs`), each given the range it replaces, and written as a snippet where the client
//! takes them. Apart from the items themselves: how an item replaces the word being typed is
//! the editor's protocol, the same for both languages.

use super::analysis::DocumentKind;
use super::{Context, Server, game, tiles};

impl Server {
    /// `textDocument/completion`.
    pub(super) fn completion(
        &self,
        params: lsp_types::CompletionParams,
    ) -> Option<lsp_types::CompletionResponse> {
        let at = params.text_document_position;
        self.with(&at.text_document.uri, |cx| {
            let items = match cx.document.kind {
                DocumentKind::Game => game::completion(cx, at.position),
                DocumentKind::Tiles => tiles::completion(cx, at.position),
                DocumentKind::Jcz => Vec::new(),
            };
            with_replaced_range(cx, at.position, items)
        })
        .map(lsp_types::CompletionResponse::Array)
    }
}

/// Gives every completion item the range it replaces: the word being typed, up to the
/// cursor. Without it each editor guesses the word by its own rules (Neovim's ends at `/`,
/// VS Code's at `,`), and an item such as `BA/C` or `-1,0 r90` is inserted after what was
/// typed instead of over it. A word of a game ends at white space or `;`; in a tile set also at
/// `+` and `:`, which join anchors and follow a feature.
fn with_replaced_range(
    cx: &Context<'_>,
    position: lsp_types::Position,
    mut items: Vec<lsp_types::CompletionItem>,
) -> Vec<lsp_types::CompletionItem> {
    let text = cx.document.text.as_str();
    let offset = cx.index.offset(text, position);
    let ends_word = |c: char| {
        c.is_whitespace()
            || c == ';'
            || (cx.document.kind == DocumentKind::Tiles && matches!(c, '+' | ':'))
    };
    let start = text[..offset]
        .char_indices()
        .rev()
        .find(|(_, c)| ends_word(*c))
        .map_or(0, |(at, c)| at + c.len_utf8());
    let range = lsp_types::Range::new(cx.index.position(text, start), position);
    for item in &mut items {
        let mut new_text = item
            .insert_text
            .take()
            .unwrap_or_else(|| item.label.clone());
        // A plain item is inserted up to its first space by some clients (Neovim takes that
        // as the word); a snippet is inserted whole.
        if cx.settings.snippets && new_text.contains(char::is_whitespace) {
            new_text = snippet_text(&new_text);
            item.insert_text_format = Some(lsp_types::InsertTextFormat::SNIPPET);
        }
        item.text_edit = Some(lsp_types::CompletionTextEdit::Edit(
            lsp_types::TextEdit::new(range, new_text),
        ));
    }
    items
}

/// `text` as a snippet that inserts exactly it: `\`, `$` and `}` escaped.
fn snippet_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '$' | '}') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
