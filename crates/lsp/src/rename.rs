//! Renaming: `textDocument/prepareRename` (what would be renamed, or why nothing can be) and
//! `textDocument/rename` (the edits), each answered by the game's or the tile set's own. Apart
//! from navigation: a rename answers an error the editor shows, where the others answer
//! nothing.

use std::collections::HashMap;

use serde_json::Value;

use super::analysis::DocumentKind;
use super::long::{Answer, Reply};
use super::{Server, game, tiles};

impl Server {
    /// `textDocument/prepareRename`.
    pub(super) fn prepare_rename(&self, at: lsp_types::TextDocumentPositionParams) -> Answer {
        let target = self.with(&at.text_document.uri, |cx| {
            let target = match cx.document.kind {
                DocumentKind::Game => game::rename_target(cx, at.position),
                DocumentKind::Tiles => tiles::rename_target(cx, at.position),
                DocumentKind::Jcz => Err("a saved game is not edited here".to_string()),
            };
            target.map(|(span, name, _)| {
                let text = cx.document.text.as_str();
                serde_json::json!({ "range": cx.index.range(text, span), "placeholder": name })
            })
        });
        match target {
            Some(Ok(answer)) => Ok(answer.into()),
            Some(Err(why)) => Err((lsp_server::ErrorCode::RequestFailed as i32, why)),
            None => Ok(Value::Null.into()),
        }
    }

    /// `textDocument/rename`.
    pub(super) fn rename(&self, params: lsp_types::RenameParams) -> Answer {
        let at = params.text_document_position;
        let uri = at.text_document.uri.clone();
        let edits = self.with(&uri, |cx| match cx.document.kind {
            DocumentKind::Game => game::rename(cx, at.position, &params.new_name),
            DocumentKind::Tiles => tiles::rename(cx, at.position, &params.new_name),
            DocumentKind::Jcz => Err("a saved game is not edited here".to_string()),
        });
        match edits {
            Some(Ok(edits)) => {
                let mut changes = HashMap::new();
                changes.insert(uri, edits);
                Ok(Reply::serialise(&lsp_types::WorkspaceEdit::new(changes)))
            }
            Some(Err(why)) => Err((lsp_server::ErrorCode::RequestFailed as i32, why)),
            None => Ok(Value::Null.into()),
        }
    }
}
