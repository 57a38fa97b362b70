//! The workspace: `initialized` (the server asks to hear of tile sets changed on disk),
//! `workspace/didChangeConfiguration` (the settings changed) and
//! `workspace/didChangeWatchedFiles` (a tile set changed outside the editor). Apart from the
//! documents' own notifications (`sync.rs`): these change what every open document is checked
//! with.

use lsp_server::{Message, Notification, Request};
use lsp_types::Uri;
use serde_json::Value;

use super::Server;
use super::text::uri_to_path;

/// The endings of the files a game's `tiles` line can name: the tile language, JSON and YAML.
const TILE_SET_ENDINGS: [&str; 4] = ["tiles", "json", "yaml", "yml"];

/// Whether `path` is a tile set a game may read (by its ending).
fn is_tile_set_file(path: &std::path::Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| TILE_SET_ENDINGS.contains(&e))
}

impl Server {
    /// `initialized`: the client is ready to hear the server's registrations.
    pub(super) fn initialized(&mut self) -> Result<(), String> {
        if self.settings.watches_files {
            self.watch_tile_sets();
        }
        Ok(())
    }

    /// `workspace/didChangeConfiguration`: the settings taken, and a new cap on the diagnostics
    /// applied to the open documents.
    pub(super) fn did_change_configuration(
        &mut self,
        notification: &Notification,
    ) -> Result<(), String> {
        let settings = notification.params.get("settings").unwrap_or(&Value::Null);
        let before = self.settings;
        for problem in self.settings.take_options(settings) {
            self.outbox.log(
                lsp_types::MessageType::WARNING,
                &format!("settings: {problem}"),
            );
        }
        if let Ok(mut shared) = self.shared.lock() {
            shared.settings = self.settings;
        }
        // A new cap applies to the diagnostics shown now.
        if self.settings.max_diagnostics != before.max_diagnostics {
            let open: Vec<Uri> = self.documents.keys().cloned().collect();
            for uri in open {
                self.check(&uri);
            }
        }
        Ok(())
    }

    /// `workspace/didChangeWatchedFiles`: files changed on disk.
    pub(super) fn did_change_watched_files(
        &mut self,
        notification: Notification,
    ) -> Result<(), String> {
        let params: lsp_types::DidChangeWatchedFilesParams =
            serde_json::from_value(notification.params).map_err(|e| format!("bad params: {e}"))?;
        // A tile set changed on disk (a checkout, a script, another editor): the games
        // read their sets from disk, so check them again. An open set the editor
        // holds unsaved is the editor's, and is checked when it changes there.
        let tile_set_changed = params
            .changes
            .iter()
            .any(|change| uri_to_path(&change.uri).is_some_and(|path| is_tile_set_file(&path)));
        if tile_set_changed {
            self.check_games();
        }
        Ok(())
    }

    /// Asks the client to tell the server of tile sets created, changed or deleted on disk
    /// (`client/registerCapability`; its answer needs no handling).
    fn watch_tile_sets(&mut self) {
        let watchers: Vec<Value> = TILE_SET_ENDINGS
            .iter()
            .map(|ending| serde_json::json!({ "globPattern": format!("**/*.{ending}") }))
            .collect();
        let params = serde_json::json!({
            "registrations": [{
                "id": "carcspec-tile-sets",
                "method": "workspace/didChangeWatchedFiles",
                "registerOptions": { "watchers": watchers },
            }],
        });
        self.outbox.send(Message::Request(Request::new(
            lsp_server::RequestId::from("carcspec-watch-tile-sets".to_string()),
            "client/registerCapability".to_string(),
            params,
        )));
    }
}
