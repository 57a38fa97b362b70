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

// `lsp_types::Uri` caches its parse in a cell, which clippy takes for a mutable key; its hash
// and equality depend on the text only (rust-analyzer allows this lint for the same reason).
#![allow(clippy::mutable_key_type)]

pub mod analysis;
pub(crate) mod game;
mod picture;
mod sets;
mod state;
pub mod text;
mod tiles;
mod worker;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use lsp_server::{Connection, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    Notification as _, PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    References, Request as _,
};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, OneOf, PositionEncodingKind,
    PublishDiagnosticsParams, SaveOptions, ServerCapabilities, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Uri,
};
use serde_json::Value;

use analysis::{Analysis, DocumentKind};
use text::{Encoding, LineIndex, uri_to_path};

/// An open document.
#[derive(Debug, Clone)]
pub(crate) struct Document {
    pub uri: Uri,
    pub path: Option<PathBuf>,
    pub kind: DocumentKind,
    pub text: Arc<String>,
    pub version: i32,
    /// Changed in the editor since it was opened or saved.
    pub unsaved: bool,
}

/// Everything a request is answered from.
pub(crate) struct Context<'a> {
    pub document: &'a Document,
    pub index: LineIndex,
    pub encoding: Encoding,
    /// The worker's last analysis of this very version, if it is done.
    pub analysis: Option<Arc<Analysis>>,
}

impl Context<'_> {
    /// The edits that turn the document into `formatted`: one edit of the whole text, or
    /// none when it is formatted already.
    pub fn whole_text_edit(&self, formatted: String) -> Vec<lsp_types::TextEdit> {
        let text = self.document.text.as_str();
        if formatted == text {
            return Vec::new();
        }
        vec![lsp_types::TextEdit::new(
            self.index
                .range(text, crate::diagnostic::Span::new(0, text.len())),
            formatted,
        )]
    }
}

/// Shared between the main loop and the worker: the newest version of every open document,
/// and the last analysis of each.
#[derive(Default)]
pub(crate) struct Shared {
    pub versions: HashMap<Uri, i32>,
    pub analyses: HashMap<Uri, (i32, Arc<Analysis>)>,
}

/// Runs the server on stdin and stdout until the client says `exit`; returns the exit code.
pub fn run() -> i32 {
    let (connection, io_threads) = Connection::stdio();
    let code = match serve(&connection) {
        Ok(()) => crate::cli::EXIT_CLEAN,
        Err(error) => {
            eprintln!("carcspec lsp: {error}");
            crate::cli::EXIT_USAGE
        }
    };
    drop(connection);
    let _ = io_threads.join();
    code
}

fn capabilities(encoding: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(match encoding {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(true),
                })),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into(), "+".into()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    }
}

/// The client's preferred position encoding: UTF-8 when it offers it, else UTF-16.
fn negotiate_encoding(params: &Value) -> Encoding {
    let offered = params
        .pointer("/capabilities/general/positionEncodings")
        .and_then(Value::as_array);
    match offered {
        Some(list) if list.iter().any(|e| e == "utf-8") => Encoding::Utf8,
        _ => Encoding::Utf16,
    }
}

fn serve(connection: &Connection) -> Result<(), String> {
    let (id, params) = connection.initialize_start().map_err(|e| e.to_string())?;
    let encoding = negotiate_encoding(&params);
    let result = serde_json::json!({
        "capabilities": capabilities(encoding),
        "serverInfo": { "name": "carcspec", "version": env!("CARGO_PKG_VERSION") },
    });
    connection
        .initialize_finish(id, result)
        .map_err(|e| e.to_string())?;

    let shared = Arc::new(Mutex::new(Shared::default()));
    let worker = worker::Worker::start(connection.sender.clone(), Arc::clone(&shared), encoding);
    let mut server = Server {
        documents: HashMap::new(),
        shared,
        worker,
        encoding,
    };
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection
                    .handle_shutdown(&request)
                    .map_err(|e| e.to_string())?
                {
                    return Ok(());
                }
                let response = server.respond(request);
                connection
                    .sender
                    .send(Message::Response(response))
                    .map_err(|e| e.to_string())?;
            }
            Message::Notification(notification) => {
                if notification.method == "exit" {
                    return Ok(());
                }
                if let Some(publish) = server.notify(notification) {
                    connection
                        .sender
                        .send(Message::Notification(publish))
                        .map_err(|e| e.to_string())?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

struct Server {
    documents: HashMap<Uri, Document>,
    shared: Arc<Mutex<Shared>>,
    worker: worker::Worker,
    encoding: Encoding,
}

impl Server {
    /// Handles a notification; returns a notification to send at once, if any.
    fn notify(&mut self, notification: Notification) -> Option<Notification> {
        let method = notification.method.clone();
        match method.as_str() {
            DidOpenTextDocument::METHOD => {
                let params: lsp_types::DidOpenTextDocumentParams =
                    notification.extract(DidOpenTextDocument::METHOD).ok()?;
                let item = params.text_document;
                let path = uri_to_path(&item.uri);
                let kind = DocumentKind::of(path.as_deref(), &item.language_id)?;
                let unsaved = path
                    .as_ref()
                    .and_then(|p| crate::input::read_text(p).ok())
                    .is_some_and(|saved| saved != item.text);
                let document = Document {
                    uri: item.uri.clone(),
                    path,
                    kind,
                    text: Arc::new(item.text),
                    version: item.version,
                    unsaved,
                };
                self.documents.insert(item.uri.clone(), document);
                self.check(&item.uri);
                if kind == DocumentKind::Tiles && unsaved {
                    self.check_games();
                }
                None
            }
            DidChangeTextDocument::METHOD => {
                let params: lsp_types::DidChangeTextDocumentParams =
                    notification.extract(DidChangeTextDocument::METHOD).ok()?;
                let uri = params.text_document.uri;
                let encoding = self.encoding;
                let document = self.documents.get_mut(&uri)?;
                let mut text = document.text.as_str().to_string();
                for change in params.content_changes {
                    apply_change(&mut text, change, encoding);
                }
                document.text = Arc::new(text);
                document.version = params.text_document.version;
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
                None
            }
            DidSaveTextDocument::METHOD => {
                let params: lsp_types::DidSaveTextDocumentParams =
                    notification.extract(DidSaveTextDocument::METHOD).ok()?;
                let uri = params.text_document.uri;
                let document = self.documents.get_mut(&uri)?;
                if let Some(text) = params.text {
                    document.text = Arc::new(text);
                }
                document.unsaved = false;
                let kind = document.kind;
                self.check(&uri);
                if kind == DocumentKind::Tiles {
                    // Games read their tile sets from disk: check them against the saved set.
                    self.check_games();
                }
                None
            }
            DidCloseTextDocument::METHOD => {
                let params: lsp_types::DidCloseTextDocumentParams =
                    notification.extract(DidCloseTextDocument::METHOD).ok()?;
                let uri = params.text_document.uri;
                let closed = self.documents.remove(&uri)?;
                if let Ok(mut shared) = self.shared.lock() {
                    shared.versions.remove(&uri);
                    shared.analyses.remove(&uri);
                }
                if closed.kind == DocumentKind::Tiles && closed.unsaved {
                    self.check_games();
                }
                let params = PublishDiagnosticsParams::new(uri, Vec::new(), None);
                Some(Notification::new(PublishDiagnostics::METHOD.into(), params))
            }
            _ => None,
        }
    }

    /// Queues the document for checking on the worker.
    fn check(&mut self, uri: &Uri) {
        let Some(document) = self.documents.get(uri) else {
            return;
        };
        if let Ok(mut shared) = self.shared.lock() {
            shared.versions.insert(uri.clone(), document.version);
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
    fn check_games(&mut self) {
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

    fn respond(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        match self.answer(request) {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code, message),
        }
    }

    fn answer(&mut self, request: Request) -> Result<Value, (i32, String)> {
        let method = request.method.as_str();
        let params = request.params.clone();
        let bad_params =
            |e: serde_json::Error| (lsp_server::ErrorCode::InvalidParams as i32, e.to_string());
        macro_rules! handle {
            ($request:ty, $handler:expr) => {{
                let params: <$request as lsp_types::request::Request>::Params =
                    serde_json::from_value(params).map_err(bad_params)?;
                let result: <$request as lsp_types::request::Request>::Result =
                    $handler(self, params);
                Ok(serde_json::to_value(result).unwrap_or(Value::Null))
            }};
        }
        match method {
            HoverRequest::METHOD => {
                handle!(HoverRequest, |s: &mut Server, p: lsp_types::HoverParams| {
                    let at = p.text_document_position_params;
                    s.with(&at.text_document.uri, |cx| match cx.document.kind {
                        DocumentKind::Game => game::hover(cx, at.position),
                        DocumentKind::Tiles => tiles::hover(cx, at.position),
                        DocumentKind::Jcz => None,
                    })
                    .flatten()
                })
            }
            GotoDefinition::METHOD => handle!(
                GotoDefinition,
                |s: &mut Server, p: lsp_types::GotoDefinitionParams| {
                    let at = p.text_document_position_params;
                    s.with(&at.text_document.uri, |cx| match cx.document.kind {
                        DocumentKind::Game => game::definition(cx, at.position),
                        DocumentKind::Tiles => tiles::definition(cx, at.position),
                        DocumentKind::Jcz => None,
                    })
                    .flatten()
                    .map(lsp_types::GotoDefinitionResponse::Array)
                }
            ),
            References::METHOD => handle!(
                References,
                |s: &mut Server, p: lsp_types::ReferenceParams| {
                    let at = p.text_document_position;
                    let declaration = p.context.include_declaration;
                    s.with(&at.text_document.uri, |cx| match cx.document.kind {
                        DocumentKind::Game => game::references(cx, at.position, declaration),
                        DocumentKind::Tiles => tiles::references(cx, at.position, declaration),
                        DocumentKind::Jcz => None,
                    })
                    .flatten()
                }
            ),
            Completion::METHOD => handle!(
                Completion,
                |s: &mut Server, p: lsp_types::CompletionParams| {
                    let at = p.text_document_position;
                    s.with(&at.text_document.uri, |cx| match cx.document.kind {
                        DocumentKind::Game => game::completion(cx, at.position),
                        DocumentKind::Tiles => tiles::completion(cx, at.position),
                        DocumentKind::Jcz => Vec::new(),
                    })
                    .map(lsp_types::CompletionResponse::Array)
                }
            ),
            Formatting::METHOD => handle!(
                Formatting,
                |s: &mut Server, p: lsp_types::DocumentFormattingParams| {
                    s.with(&p.text_document.uri, |cx| match cx.document.kind {
                        DocumentKind::Game => game::formatting(cx),
                        DocumentKind::Tiles => tiles::formatting(cx),
                        DocumentKind::Jcz => None,
                    })
                    .flatten()
                }
            ),
            DocumentSymbolRequest::METHOD => handle!(
                DocumentSymbolRequest,
                |s: &mut Server, p: lsp_types::DocumentSymbolParams| {
                    s.with(&p.text_document.uri, |cx| match cx.document.kind {
                        DocumentKind::Game => game::symbols(cx),
                        DocumentKind::Tiles => tiles::symbols(cx),
                        DocumentKind::Jcz => Vec::new(),
                    })
                    .map(lsp_types::DocumentSymbolResponse::Nested)
                }
            ),
            CodeActionRequest::METHOD => handle!(
                CodeActionRequest,
                |s: &mut Server, p: lsp_types::CodeActionParams| {
                    s.with(&p.text_document.uri, |cx| match cx.document.kind {
                        DocumentKind::Game => game::code_actions(cx, &p),
                        DocumentKind::Tiles | DocumentKind::Jcz => Vec::new(),
                    })
                }
            ),
            _ => Err((
                lsp_server::ErrorCode::MethodNotFound as i32,
                format!("carcspec lsp does not handle `{method}`"),
            )),
        }
    }

    /// Runs `answer` on the open document `uri`, guarded: a failure of carcspec answers
    /// nothing instead of ending the server.
    fn with<T>(&self, uri: &Uri, answer: impl FnOnce(&Context<'_>) -> T) -> Option<T> {
        let document = self.documents.get(uri)?;
        let analysis = self.shared.lock().ok().and_then(|shared| {
            shared
                .analyses
                .get(uri)
                .filter(|(version, _)| *version == document.version)
                .map(|(_, analysis)| Arc::clone(analysis))
        });
        let context = Context {
            document,
            index: LineIndex::new(&document.text, self.encoding),
            encoding: self.encoding,
            analysis,
        };
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer(&context))).ok()
    }
}

/// Runs the document analysis and every request the server answers (hover, definition,
/// references, completion, formatting, symbols, code actions) at byte `offset` of `text`,
/// without the guard the server puts around them, so that a property test sees any panic.
/// Returns how many answers were not empty.
#[doc(hidden)]
pub fn exercise(kind: DocumentKind, path: Option<&Path>, text: &str, offset: usize) -> usize {
    let uri = path
        .and_then(text::path_to_uri)
        .unwrap_or_else(|| "file:///untitled".parse().expect("a valid uri"));
    let index = LineIndex::new(text, Encoding::Utf16);
    let analysis = analysis::analyse_unguarded(kind, &uri, path, text, &index, &[]);
    let document = Document {
        uri: uri.clone(),
        path: path.map(Path::to_path_buf),
        kind,
        text: Arc::new(text.to_string()),
        version: 1,
        unsaved: false,
    };
    let position = index.position(text, offset);
    let cx = Context {
        document: &document,
        index,
        encoding: Encoding::Utf16,
        analysis: Some(Arc::new(analysis.clone())),
    };
    let whole = lsp_types::Range::new(lsp_types::Position::new(0, 0), position);
    let actions = lsp_types::CodeActionParams {
        text_document: lsp_types::TextDocumentIdentifier::new(uri),
        range: whole,
        context: lsp_types::CodeActionContext {
            diagnostics: analysis.diagnostics.clone(),
            only: None,
            trigger_kind: None,
        },
        work_done_progress_params: lsp_types::WorkDoneProgressParams::default(),
        partial_result_params: lsp_types::PartialResultParams::default(),
    };
    let answers = match kind {
        DocumentKind::Game => [
            game::hover(&cx, position).is_some(),
            game::definition(&cx, position).is_some(),
            game::references(&cx, position, true).is_some(),
            !game::completion(&cx, position).is_empty(),
            game::formatting(&cx).is_some(),
            !game::symbols(&cx).is_empty(),
            !game::code_actions(&cx, &actions).is_empty(),
        ],
        DocumentKind::Tiles => [
            tiles::hover(&cx, position).is_some(),
            tiles::definition(&cx, position).is_some(),
            tiles::references(&cx, position, true).is_some(),
            !tiles::completion(&cx, position).is_empty(),
            tiles::formatting(&cx).is_some(),
            !tiles::symbols(&cx).is_empty(),
            false,
        ],
        DocumentKind::Jcz => [false; 7],
    };
    answers.iter().filter(|a| **a).count() + usize::from(!analysis.diagnostics.is_empty())
}

/// Applies one change of `didChange` (a range replaced, or the whole text).
fn apply_change(
    text: &mut String,
    change: lsp_types::TextDocumentContentChangeEvent,
    encoding: Encoding,
) {
    match change.range {
        None => *text = change.text,
        Some(range) => {
            let index = LineIndex::new(text, encoding);
            let start = index.offset(text, range.start);
            let end = index.offset(text, range.end).max(start);
            text.replace_range(start..end, &change.text);
        }
    }
}

/// Where the server keeps the files it writes for editors to open: the explanations of codes
/// and the shipped tile sets. `$XDG_CACHE_HOME/carcspec/<version>` (or `~/.cache/…`, or the
/// system's temporary folder).
pub(crate) fn cache_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    Some(base.join("carcspec").join(env!("CARGO_PKG_VERSION")))
}

/// Writes `text` to `path` unless it already holds exactly that; `None` when it cannot.
pub(crate) fn write_if_changed(path: &Path, text: &str) -> Option<()> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Some(());
    }
    std::fs::create_dir_all(path.parent()?).ok()?;
    std::fs::write(path, text).ok()
}
