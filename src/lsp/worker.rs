//! The worker thread that checks documents, so that the editor never waits for a replay.
//!
//! Changes come faster than a long game replays: the worker waits until no change arrived for
//! [`DEBOUNCE`], checks only the newest version of each document, and drops a result when the
//! document changed while it was being checked (the newer version is already queued).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};

use std::sync::{Arc, Mutex};
use std::time::Duration;

use lsp_server::{Message, Notification};

use super::Outbox;
use lsp_types::notification::{Notification as _, PublishDiagnostics};
use lsp_types::{PublishDiagnosticsParams, Uri};

use super::analysis::analyse;
use super::text::Encoding;
use super::{Document, Shared};

/// How long the worker waits for typing to pause before it checks.
pub const DEBOUNCE: Duration = Duration::from_millis(150);

struct Job {
    document: Document,
    /// Tile-set files open with unsaved changes (for `L002`).
    unsaved: Vec<PathBuf>,
}

pub(crate) struct Worker {
    jobs: mpsc::Sender<Job>,
}

impl Worker {
    pub fn start(client: Outbox, shared: Arc<Mutex<Shared>>, encoding: Encoding) -> Worker {
        let (jobs, receiver) = mpsc::channel();
        std::thread::Builder::new()
            .name("carcspec-lsp-check".into())
            .spawn(move || run(&receiver, &client, &shared, encoding))
            .ok();
        Worker { jobs }
    }

    pub fn queue(&self, document: Document, unsaved: Vec<PathBuf>) {
        let _ = self.jobs.send(Job { document, unsaved });
    }
}

fn run(receiver: &Receiver<Job>, client: &Outbox, shared: &Mutex<Shared>, encoding: Encoding) {
    let mut pending: HashMap<Uri, Job> = HashMap::new();
    loop {
        // Wait for work (unless some is left from the last round), then for a pause in the
        // changes.
        if pending.is_empty() {
            match receiver.recv() {
                Ok(job) => {
                    pending.insert(job.document.uri.clone(), job);
                }
                Err(_) => return,
            }
        }
        loop {
            match receiver.recv_timeout(DEBOUNCE) {
                Ok(job) => {
                    pending.insert(job.document.uri.clone(), job);
                }
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
        let mut jobs: Vec<Job> = pending.drain().map(|(_, job)| job).collect();
        jobs.sort_by(|a, b| a.document.uri.as_str().cmp(b.document.uri.as_str()));
        for job in jobs {
            // A newer version arrived while others were checked: check that one instead.
            while let Ok(newer) = receiver.try_recv() {
                pending.insert(newer.document.uri.clone(), newer);
            }
            if pending.contains_key(&job.document.uri) || !is_newest(shared, &job.document) {
                continue;
            }
            let document = &job.document;
            let analysis = Arc::new(analyse(
                document.kind,
                &document.uri,
                document.path.as_deref(),
                &document.text,
                encoding,
                &job.unsaved,
            ));
            let Ok(mut state) = shared.lock() else {
                return;
            };
            if state.versions.get(&document.uri) != Some(&document.version) {
                continue;
            }
            state.analyses.insert(
                document.uri.clone(),
                (document.version, Arc::clone(&analysis)),
            );
            drop(state);
            let params = PublishDiagnosticsParams::new(
                document.uri.clone(),
                analysis.diagnostics.clone(),
                Some(document.version),
            );
            let notification = Notification::new(PublishDiagnostics::METHOD.into(), params);
            if !client.send(Message::Notification(notification)) {
                return;
            }
        }
    }
}

fn is_newest(shared: &Mutex<Shared>, document: &Document) -> bool {
    shared
        .lock()
        .is_ok_and(|s| s.versions.get(&document.uri) == Some(&document.version))
}
