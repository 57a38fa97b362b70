//! What the editor draws over a game's text: inlay hints (the scores after each turn, the sides
//! of each drawn tile) and semantic tokens (each word coloured by its role). A tile set has
//! neither.

use super::analysis::DocumentKind;
use super::{Server, game};

impl Server {
    /// `textDocument/inlayHint`.
    pub(super) fn inlay_hints(
        &self,
        params: lsp_types::InlayHintParams,
    ) -> Option<Vec<lsp_types::InlayHint>> {
        self.with(&params.text_document.uri, |cx| match cx.document.kind {
            DocumentKind::Game => Some(game::inlay_hints(cx, params.range)),
            DocumentKind::Tiles | DocumentKind::Jcz => None,
        })
        .flatten()
    }

    /// `textDocument/semanticTokens/full`.
    pub(super) fn semantic_tokens(
        &self,
        params: lsp_types::SemanticTokensParams,
    ) -> Option<lsp_types::SemanticTokensResult> {
        self.with(&params.text_document.uri, |cx| match cx.document.kind {
            DocumentKind::Game => Some(game::semantic_tokens(cx)),
            DocumentKind::Tiles | DocumentKind::Jcz => None,
        })
        .flatten()
        .map(lsp_types::SemanticTokensResult::Tokens)
    }
}
