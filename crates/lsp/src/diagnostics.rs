//! The checks behind the diagnostics: a document queued for the worker to check (`worker.rs`
//! publishes what it finds), or, when it is out of sync with the editor, told so at once;
//! and every open game checked again when a tile set it may read changed.

use lsp_server::{Message, Notification};
use lsp_types::notification::{Notification as _, PublishDiagnostics};
use lsp_types::{PublishDiagnosticsParams, Uri};

use super::analysis::{self, DocumentKind};
use super::text::LineIndex;
use super::{Server, game};

impl Server {
    /// Queues the document for checking on the worker.
    pub(super) fn check(&mut self, uri: &Uri) {
        let Some(document) = self.documents.get(uri) else {
            return;
        };
        if let Ok(mut shared) = self.shared.lock() {
            shared.versions.insert(uri.clone(), document.version);
            if document.out_of_sync.is_some() {
                shared.analyses.remove(uri);
            }
        }
        if let Some(problem) = &document.out_of_sync {
            let diagnostic = crate::diagnostic::Diagnostic::new(
                &crate::codes::DOCUMENT_OUT_OF_SYNC,
                format!("the editor's text and the server's differ: a change could not be applied ({problem})"),
            )
            .at(crate::diagnostic::Span::new(0, 0), "from here on the server's copy is stale")
            .help("close the file and open it again, so that the editor sends its whole text");
            let text = document.text.as_str();
            let index = LineIndex::new(text, self.encoding);
            let params = PublishDiagnosticsParams::new(
                uri.clone(),
                vec![analysis::to_lsp(&diagnostic, text, &index, uri)],
                Some(document.version),
            );
            let publish = Notification::new(PublishDiagnostics::METHOD.into(), params);
            self.outbox.send(Message::Notification(publish));
            return;
        }
        let unsaved = self
            .documents
            .values()
            .filter(|d| d.kind == DocumentKind::Tiles && d.unsaved)
            .filter_map(|d| d.path.clone())
            .collect();
        self.worker.queue(document.clone(), unsaved);
    }

    /// Checks every open game again (a tile set they may read changed).
    pub(super) fn check_games(&mut self) {
        // The replay states kept for completion were read with the tile sets as they were.
        game::state::forget_states();
        let games: Vec<Uri> = self
            .documents
            .values()
            .filter(|d| d.kind == DocumentKind::Game)
            .map(|d| d.uri.clone())
            .collect();
        for uri in games {
            self.check(&uri);
        }
    }
}
