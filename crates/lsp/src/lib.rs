//! `carcspec lsp`: the language server for tile sets (`.tiles`), games (`.game`) and
//! JCloisterZone saved games (`.jcz`), over stdio with JSON-RPC.
//!
//! Built on `lsp-server` and `lsp-types`, the crates rust-analyzer and ruff's server use: a
//! synchronous main loop that owns the open documents and answers requests, and one worker
//! thread that checks documents (see `docs/architecture.md` for the choice).
//!
//! - Checking a game replays it, which may take a while for a long game; it runs on the worker
//!   (`worker.rs`), debounced, and its result is dropped when the document changed meanwhile,
//!   so the editor is never kept waiting and never shown stale diagnostics.
//! - Requests (hover, definition, completion …) are answered on the main thread from the
//!   current text: parsing is fast, and what needs the replay (scores on a turn) reads the
//!   worker's last analysis of the same version.
//! - Long requests (a whole-file code action, the outline, the code lens and its commands) are
//!   answered on a thread of their own (`long.rs`), can be cancelled and report progress, so
//!   that a hover sent meanwhile is not kept waiting.
//!
//! The server's files, one concern each: the session (this file: the open documents, the
//! state shared with the worker, the entry points), its life from `initialize` to `exit`
//! (`lifecycle.rs`), the settings the client chose (`settings.rs`), the outbox every thread
//! writes to (`outbox.rs`), and the dispatch of each notification and request to one function
//! (`dispatch.rs`), which stands in the file of its feature: the documents' text kept in sync
//! (`sync.rs`), the workspace's settings and files (`workspace.rs`), the checks on the worker
//! and their diagnostics (`diagnostics.rs`), hover, definition and references
//! (`navigation.rs`), renaming (`rename.rs`), completion (`completion.rs`), formatting
//! (`formatting.rs`), the outline and folding (`outline.rs`), inlay hints and semantic tokens
//! (`decorations.rs`), and code actions, the code lens and its commands (`actions.rs`). What
//! each request answers on a game or a tile set is `game/`'s and `tiles.rs`'s.

// `lsp_types::Uri` caches its parse in a cell, which clippy takes for a mutable key; its hash
// and equality depend on the text only (rust-analyzer allows this lint for the same reason).
#![allow(clippy::mutable_key_type)]

// A crate of its own (`carcspec-lsp`) on the checker, the renderer and the layers below, so
// that it imports nothing of the command line is Cargo's rule. The layers below, at the paths
// the modules name them by:
pub(crate) use carcspec_check as check;
pub(crate) use carcspec_core::{codes, diagnostic, input, model};
pub(crate) use carcspec_engine as engine;
pub(crate) use carcspec_front::{format, load, lower, shipped};
pub(crate) use carcspec_render as render;
pub(crate) use carcspec_rules as rules;
pub(crate) use carcspec_syntax as syntax;

mod actions;
pub mod analysis;
mod cache;
mod completion;
mod decorations;
mod describe;
mod diagnostics;
mod dispatch;
mod exercise;
mod formatting;
mod game;
mod lifecycle;
mod long;
mod navigation;
mod outbox;
mod outline;
mod picture;
mod rename;
mod sets;
mod settings;
mod sync;
pub mod text;
mod tiles;
pub mod transport;
mod worker;
mod workspace;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use lsp_types::Uri;

pub(crate) use actions::kind_wanted;
use analysis::{Analysis, DocumentKind};
pub(crate) use cache::{cache_dir, write_if_changed};
pub use exercise::exercise;
use lifecycle::serve;
pub(crate) use outbox::Outbox;
pub use settings::{MAX_DEBOUNCE_MS, Settings};
use text::{Encoding, LineIndex};
use transport::Incoming;

/// An open document.
#[derive(Debug, Clone)]
pub(crate) struct Document {
    pub uri: Uri,
    pub path: Option<PathBuf>,
    pub kind: DocumentKind,
    /// The text as every reader of it reads it: the editor's, with each carriage return alone
    /// a line feed ([`crate::input::with_line_feeds`]), so that the parsers, the check and the
    /// positions see the lines the editor shows, at the same places.
    pub text: Arc<String>,
    /// The text as the editor holds it: its changes apply to this one, and formatting edits
    /// are made against it.
    pub client_text: Arc<String>,
    pub version: i32,
    /// Changed in the editor since it was opened or saved.
    pub unsaved: bool,
    /// Why the server's text no longer matches the editor's: a change it could not apply.
    pub out_of_sync: Option<String>,
}

impl Document {
    /// The editor's text is now `client_text`.
    fn set_text(&mut self, client_text: String) {
        self.text = Arc::new(crate::input::with_line_feeds(client_text.clone()));
        self.client_text = Arc::new(client_text);
    }
}

/// Everything a request is answered from.
pub(crate) struct Context<'a> {
    pub document: &'a Document,
    pub index: LineIndex,
    pub encoding: Encoding,
    /// The worker's last analysis of this very version, if it is done.
    pub analysis: Option<Arc<Analysis>>,
    pub settings: Settings,
    /// Whether the request was cancelled, and where its progress goes (long requests).
    pub work: long::Work,
}

/// Shared between the main loop and the worker: the newest version of every open document,
/// and the last analysis of each.
#[derive(Default)]
pub(crate) struct Shared {
    pub versions: HashMap<Uri, i32>,
    pub analyses: HashMap<Uri, (i32, Arc<Analysis>)>,
    /// The settings the worker reads at each round: the pause it waits for, the cap.
    pub settings: Settings,
}

/// The exit code of an `exit` after `shutdown` (the LSP specification: "exit with code 0").
/// The protocol sets the server's exit codes, so they are the server's own, not the command
/// line's (which happen to agree).
pub const EXIT_AFTER_SHUTDOWN: i32 = 0;

/// The exit code of an `exit` that came without `shutdown` before it, and of an input that
/// ended without `exit` (the LSP specification: "exit with code 1").
pub const EXIT_WITHOUT_SHUTDOWN: i32 = 1;

/// Runs the server on stdin and stdout until the client says `exit` or the input ends;
/// returns the exit code: [`EXIT_AFTER_SHUTDOWN`] after `shutdown` and `exit`, else
/// [`EXIT_WITHOUT_SHUTDOWN`].
pub fn run() -> i32 {
    let outbox = Outbox::new(Box::new(std::io::stdout()));
    let (sender, inbox) = crossbeam_channel::unbounded();
    // The reader blocks on stdin; it is never joined, so that `exit` ends the process at once.
    std::thread::Builder::new()
        .name("carcspec-lsp-read".into())
        .spawn(move || read_into(std::io::stdin().lock(), &sender))
        .ok();
    serve(&inbox, &outbox)
}

/// Runs the server over `input` (framed messages, as a client writes them to stdin) to the
/// input's end; returns the exit code and everything the server wrote. For the fuzz target
/// and tests: the same loop as [`run`], with memory for stdin and stdout.
#[doc(hidden)]
pub fn serve_bytes(input: &[u8]) -> (i32, Vec<u8>) {
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);
    impl std::io::Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            if let Ok(mut out) = self.0.lock() {
                out.extend_from_slice(bytes);
            }
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buffer = Buffer::default();
    let outbox = Outbox::new(Box::new(buffer.clone()));
    let (sender, inbox) = crossbeam_channel::unbounded();
    read_into(input, &sender);
    drop(sender);
    let code = serve(&inbox, &outbox);
    let written = buffer.0.lock().map(|out| out.clone()).unwrap_or_default();
    (code, written)
}

/// Reads framed messages from `input` into `sender` until the input ends.
pub(crate) fn read_into(
    input: impl std::io::BufRead,
    sender: &crossbeam_channel::Sender<Incoming>,
) {
    let mut reader = transport::Reader::new(input);
    loop {
        match reader.read_next() {
            Ok(Some(incoming)) => {
                if sender.send(incoming).is_err() {
                    return;
                }
            }
            Ok(None) => return,
            Err(error) => {
                eprintln!("carcspec lsp: reading the input failed: {error}");
                return;
            }
        }
    }
}

/// The server's session: the open documents, what it shares with the worker, and what the
/// client chose. Each notification and request is dispatched to one of its methods
/// (`dispatch.rs`), which stand in the files of their features.
struct Server {
    documents: HashMap<Uri, Document>,
    shared: Arc<Mutex<Shared>>,
    worker: worker::Worker,
    encoding: Encoding,
    settings: Settings,
    outbox: Outbox,
    long: long::LongWork,
}
