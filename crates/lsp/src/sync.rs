//! The documents' text, kept as the editor's: `didOpen`, `didChange` (its changes applied
//! one by one, a change that cannot be applied marking the document out of sync), `didSave`
//! and `didClose`. Each opened, changed or saved document is queued for a check
//! (`diagnostics.rs`; a `.jcz` saved game on open and save only).

use std::sync::Arc;

use lsp_server::{Message, Notification};
use lsp_types::notification::{
    DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::{PublishDiagnosticsParams, Uri};
use serde_json::Value;

use super::analysis::DocumentKind;
use super::text::{Encoding, LineIndex, uri_to_path};
use super::{Document, Server};

/// Why a notification's params cannot be read.
fn bad_params(error: lsp_server::ExtractError<Notification>) -> String {
    format!("bad params: {error}")
}

impl Server {
    /// `textDocument/didOpen`: the document is the editor's, checked at once (and the games
    /// again, for a tile set open with changes not saved).
    pub(super) fn did_open(&mut self, notification: Notification) -> Result<(), String> {
        let params: lsp_types::DidOpenTextDocumentParams = notification
            .extract(DidOpenTextDocument::METHOD)
            .map_err(bad_params)?;
        let item = params.text_document;
        let path = uri_to_path(&item.uri);
        let Some(kind) = DocumentKind::of(path.as_deref(), &item.language_id) else {
            // Not a language of carcspec: nothing to do.
            return Ok(());
        };
        let text = crate::input::with_line_feeds(item.text.clone());
        let unsaved = path
            .as_ref()
            .and_then(|p| crate::input::read_text(p).ok())
            .is_some_and(|saved| saved != text);
        let document = Document {
            uri: item.uri.clone(),
            path,
            kind,
            text: Arc::new(text),
            client_text: Arc::new(item.text),
            version: item.version,
            unsaved,
            out_of_sync: None,
        };
        self.documents.insert(item.uri.clone(), document);
        self.check(&item.uri);
        if kind == DocumentKind::Tiles && unsaved {
            self.check_games();
        }
        Ok(())
    }

    /// `textDocument/didChange`: the changes applied to the server's copy, or the document
    /// marked out of sync with the editor when one cannot be.
    pub(super) fn did_change(&mut self, notification: Notification) -> Result<(), String> {
        // Read by hand: a change the protocol's types refuse (a negative position)
        // must still reach the document it was meant for, to mark it out of sync.
        let uri = notification
            .params
            .pointer("/textDocument/uri")
            .and_then(Value::as_str)
            .and_then(|u| u.parse::<Uri>().ok())
            .ok_or("no `textDocument.uri`")?;
        let notification_version = notification.params["textDocument"]["version"].clone();
        let encoding = self.encoding;
        let document = self
            .documents
            .get_mut(&uri)
            .ok_or_else(|| format!("`{}` is not open", uri.as_str()))?;
        let applied =
            serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(notification.params)
                .map_err(|e| format!("the change cannot be read: {e}"))
                .and_then(|params| {
                    let mut text = document.client_text.as_str().to_string();
                    for change in params.content_changes {
                        if change.range.is_none() {
                            // The whole text: in sync again whatever came before.
                            document.out_of_sync = None;
                        }
                        apply_change(&mut text, change, encoding)?;
                    }
                    Ok((text, params.text_document.version))
                });
        match applied {
            Ok((text, version)) => {
                document.set_text(text);
                document.version = version;
            }
            Err(problem) => {
                document.version =
                    version_of(&notification_version).unwrap_or(document.version.saturating_add(1));
                if document.out_of_sync.is_none() {
                    self.outbox.show(
                            lsp_types::MessageType::ERROR,
                            &format!(
                                "{}: a change could not be applied ({problem}); close and reopen the file",
                                uri.as_str()
                            ),
                        );
                }
                document.out_of_sync = Some(problem);
            }
        }
        let was_unsaved = std::mem::replace(&mut document.unsaved, true);
        let kind = document.kind;
        match kind {
            // A saved game is checked as saved: on open and on save.
            DocumentKind::Jcz => {}
            _ => self.check(&uri),
        }
        if kind == DocumentKind::Tiles && !was_unsaved {
            self.check_games();
        }
        Ok(())
    }

    /// `textDocument/didSave`: the document is as saved (and the games that read a saved
    /// tile set are checked again).
    pub(super) fn did_save(&mut self, notification: Notification) -> Result<(), String> {
        let params: lsp_types::DidSaveTextDocumentParams = notification
            .extract(DidSaveTextDocument::METHOD)
            .map_err(bad_params)?;
        let uri = params.text_document.uri;
        let document = self
            .documents
            .get_mut(&uri)
            .ok_or_else(|| format!("`{}` is not open", uri.as_str()))?;
        if let Some(text) = params.text {
            document.set_text(text);
            document.out_of_sync = None;
        }
        document.unsaved = false;
        let kind = document.kind;
        self.check(&uri);
        if kind == DocumentKind::Tiles {
            // Games read their tile sets from disk: check them against the saved set.
            self.check_games();
        }
        Ok(())
    }

    /// `textDocument/didClose`: the document and its analysis are forgotten, and its
    /// diagnostics cleared.
    pub(super) fn did_close(&mut self, notification: Notification) -> Result<(), String> {
        let params: lsp_types::DidCloseTextDocumentParams = notification
            .extract(DidCloseTextDocument::METHOD)
            .map_err(bad_params)?;
        let uri = params.text_document.uri;
        let closed = self
            .documents
            .remove(&uri)
            .ok_or_else(|| format!("`{}` is not open", uri.as_str()))?;
        if let Ok(mut shared) = self.shared.lock() {
            shared.versions.remove(&uri);
            shared.analyses.remove(&uri);
        }
        if closed.kind == DocumentKind::Tiles && closed.unsaved {
            self.check_games();
        }
        let params = PublishDiagnosticsParams::new(uri, Vec::new(), None);
        let publish = Notification::new(PublishDiagnostics::METHOD.into(), params);
        self.outbox.send(Message::Notification(publish));
        Ok(())
    }
}

/// A document version as the protocol writes it.
fn version_of(value: &Value) -> Option<i32> {
    value.as_i64().and_then(|v| i32::try_from(v).ok())
}

/// Applies one change of `didChange` (a range replaced, or the whole text). A range that
/// lies outside the text (a line past its end) or ends before it starts is refused: applying
/// it would leave the server's text different from the editor's. A column past a line's end
/// stands for the line's end, as the specification says.
fn apply_change(
    text: &mut String,
    change: lsp_types::TextDocumentContentChangeEvent,
    encoding: Encoding,
) -> Result<(), String> {
    match change.range {
        None => *text = change.text,
        Some(range) => {
            let index = LineIndex::new(text, encoding);
            let lines = index.line_count();
            for position in [range.start, range.end] {
                // A position on the line after the last one is the end of the text.
                if position.line as usize > lines {
                    return Err(format!(
                        "line {} is past the end of the text ({lines} lines)",
                        position.line
                    ));
                }
            }
            if (range.end.line, range.end.character) < (range.start.line, range.start.character) {
                return Err("the range ends before it starts".into());
            }
            let start = index.offset(text, range.start);
            let end = index.offset(text, range.end).max(start);
            text.replace_range(start..end, &change.text);
        }
    }
    Ok(())
}
