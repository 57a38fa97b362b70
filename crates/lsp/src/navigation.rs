//! What the word under the cursor is and where else it stands: hover, go to definition and
//! find references, each answered by the game's or the tile set's own (`game/`, `tiles.rs`).

use super::analysis::DocumentKind;
use super::{Server, game, tiles};

impl Server {
    /// `textDocument/hover`.
    pub(super) fn hover(&self, params: lsp_types::HoverParams) -> Option<lsp_types::Hover> {
        let at = params.text_document_position_params;
        self.with(&at.text_document.uri, |cx| match cx.document.kind {
            DocumentKind::Game => game::hover(cx, at.position),
            DocumentKind::Tiles => tiles::hover(cx, at.position),
            DocumentKind::Jcz => None,
        })
        .flatten()
    }

    /// `textDocument/definition`.
    pub(super) fn definition(
        &self,
        params: lsp_types::GotoDefinitionParams,
    ) -> Option<lsp_types::GotoDefinitionResponse> {
        let at = params.text_document_position_params;
        self.with(&at.text_document.uri, |cx| match cx.document.kind {
            DocumentKind::Game => game::definition(cx, at.position),
            DocumentKind::Tiles => tiles::definition(cx, at.position),
            DocumentKind::Jcz => None,
        })
        .flatten()
        .map(lsp_types::GotoDefinitionResponse::Array)
    }

    /// `textDocument/references`.
    pub(super) fn references(
        &self,
        params: lsp_types::ReferenceParams,
    ) -> Option<Vec<lsp_types::Location>> {
        let at = params.text_document_position;
        let declaration = params.context.include_declaration;
        self.with(&at.text_document.uri, |cx| match cx.document.kind {
            DocumentKind::Game => game::references(cx, at.position, declaration),
            DocumentKind::Tiles => tiles::references(cx, at.position, declaration),
            DocumentKind::Jcz => None,
        })
        .flatten()
    }
}
