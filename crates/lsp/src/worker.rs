//! The worker thread that checks documents, so that the editor never waits for a replay.
//!
//! Changes come faster than a long game replays: the worker waits until no change arrived for
//! [`DEBOUNCE`] (or the `debounceMs` setting), checks only the newest version of each document, and drops a result when the
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
    jobs: Option<mpsc::Sender<Job>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Worker {
    pub fn start(client: Outbox, shared: Arc<Mutex<Shared>>, encoding: Encoding) -> Worker {
        let (jobs, receiver) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("carcspec-lsp-check".into())
            .spawn(move || run(&receiver, &client, &shared, encoding))
            .ok();
        Worker {
            jobs: Some(jobs),
            thread,
        }
    }

    pub fn queue(&self, document: Document, unsaved: Vec<PathBuf>) {
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(Job { document, unsaved });
        }
    }
}

/// When the server ends, the checking thread ends with it: its queue is closed (the checks
/// still waiting are dropped, a check under way finishes) and the thread is joined, so that
/// no thread of a session outlives it (a server run in-process, as the fuzz target and the
/// tests do, would otherwise leave one behind each session).
impl Drop for Worker {
    fn drop(&mut self) {
        drop(self.jobs.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
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
        let Some((debounce, cap)) = shared
            .lock()
            .ok()
            .map(|s| (s.settings.debounce, s.settings.max_diagnostics))
        else {
            return;
        };
        loop {
            match receiver.recv_timeout(debounce) {
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
                capped(&analysis.diagnostics, cap, &document.text, encoding),
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

/// The diagnostics to publish: all of them, or the first `cap` and, last, one that says how
/// many more there are (`L011`), at the first of those left out.
fn capped(
    diagnostics: &[lsp_types::Diagnostic],
    cap: Option<usize>,
    text: &str,
    encoding: Encoding,
) -> Vec<lsp_types::Diagnostic> {
    let Some(cap) = cap.filter(|cap| diagnostics.len() > *cap) else {
        return diagnostics.to_vec();
    };
    let left_out = diagnostics.len() - cap;
    let first_left_out = diagnostics[cap].range;
    let mut shown = diagnostics[..cap].to_vec();
    let index = super::text::LineIndex::new(text, encoding);
    let start = index.offset(text, first_left_out.start);
    let note = crate::diagnostic::Diagnostic::new(
        &crate::codes::DIAGNOSTICS_CAPPED,
        format!(
            "{left_out} more finding{} not shown: the first {cap} are",
            if left_out == 1 { "" } else { "s" }
        ),
    )
    .at(
        crate::diagnostic::Span::new(start, start),
        "the first finding not shown",
    )
    .help(
        "raise the `maxDiagnostics` setting, or run `carcspec check` on the file for all of them",
    );
    let placeholder: lsp_types::Uri = "file:///".parse().expect("a valid uri");
    shown.push(super::analysis::to_lsp(&note, text, &index, &placeholder));
    shown
}
