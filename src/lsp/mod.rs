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

// `lsp_types::Uri` caches its parse in a cell, which clippy takes for a mutable key; its hash
// and equality depend on the text only (rust-analyzer allows this lint for the same reason).
#![allow(clippy::mutable_key_type)]

pub mod analysis;
mod describe;
mod game;
mod long;
mod picture;
mod sets;
pub mod text;
mod tiles;
pub mod transport;
mod worker;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use lsp_server::{Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument, Exit,
    LogMessage, Notification as _, PublishDiagnostics, ShowMessage,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    Initialize, InlayHintRequest, RangeFormatting, References, Request as _, Shutdown,
};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, OneOf, PositionEncodingKind,
    PublishDiagnosticsParams, SaveOptions, ServerCapabilities, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Uri,
};
use serde_json::Value;

use analysis::{Analysis, DocumentKind};
use long::{Answer, Reply};
use text::{Encoding, LineIndex, uri_to_path};
use transport::{Incoming, Outgoing};

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

/// What the client chose: from its capabilities, its `initializationOptions`, and the
/// settings of `workspace/didChangeConfiguration` (the options `hoverPictures`, `debounceMs` and
/// `maxDiagnostics`, at the top or under `carcspec`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Pictures of tiles in hovers. Off when the client's hovers take no Markdown, or when
    /// the option `hoverPictures` is `false` (terminal editors show an image as its address, a
    /// screenful of base64); on otherwise.
    pub pictures: bool,
    /// The client's hovers take Markdown (`textDocument.hover.contentFormat`).
    markdown_hovers: bool,
    /// The client takes snippets in completion items
    /// (`textDocument.completion.completionItem.snippetSupport`).
    pub snippets: bool,
    /// The client watches files for the server when asked
    /// (`workspace.didChangeWatchedFiles.dynamicRegistration`): tile sets changed on disk
    /// outside the editor are then reported, and the games re-checked.
    pub watches_files: bool,
    /// How long the worker waits for typing to pause before it checks (`debounceMs`).
    pub debounce: std::time::Duration,
    /// The most diagnostics published for one document (`maxDiagnostics`; none: all of them).
    pub max_diagnostics: Option<usize>,
}

/// The longest pause the `debounceMs` option may ask for: longer, and the diagnostics would
/// seem not to come at all.
pub const MAX_DEBOUNCE_MS: u64 = 5_000;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            pictures: true,
            markdown_hovers: true,
            snippets: false,
            watches_files: false,
            debounce: worker::DEBOUNCE,
            max_diagnostics: None,
        }
    }
}

impl Settings {
    /// The settings an `initialize` request's params ask for, and what was wrong in its
    /// options.
    pub fn from_initialize(params: &Value) -> (Settings, Vec<String>) {
        let markdown_hovers = params
            .pointer("/capabilities/textDocument/hover/contentFormat")
            .and_then(Value::as_array)
            .is_none_or(|formats| formats.iter().any(|f| f == "markdown"));
        let snippets = params
            .pointer("/capabilities/textDocument/completion/completionItem/snippetSupport")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let watches_files = params
            .pointer("/capabilities/workspace/didChangeWatchedFiles/dynamicRegistration")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let mut settings = Settings {
            pictures: markdown_hovers,
            markdown_hovers,
            snippets,
            watches_files,
            ..Settings::default()
        };
        let problems = params
            .get("initializationOptions")
            .map_or_else(Vec::new, |options| settings.take_options(options));
        (settings, problems)
    }

    /// Takes the options in `options` (an object of them, or one under `carcspec`); an option
    /// that is absent keeps its value. Says what was wrong: an option of the wrong type or out
    /// of range is left as it was.
    pub fn take_options(&mut self, options: &Value) -> Vec<String> {
        let options = options.get("carcspec").unwrap_or(options);
        let mut problems = Vec::new();
        if let Some(value) = options.get("hoverPictures") {
            match value.as_bool() {
                Some(asked) => self.pictures = self.markdown_hovers && asked,
                None => problems.push(format!("`hoverPictures` is `true` or `false`, not {value}")),
            }
        }
        if let Some(value) = options.get("debounceMs") {
            match value.as_u64().filter(|ms| *ms <= MAX_DEBOUNCE_MS) {
                Some(ms) => self.debounce = std::time::Duration::from_millis(ms),
                None => problems.push(format!(
                    "`debounceMs` is a number of milliseconds from 0 to {MAX_DEBOUNCE_MS}, not {value}"
                )),
            }
        }
        if let Some(value) = options.get("maxDiagnostics") {
            match value {
                Value::Null => self.max_diagnostics = None,
                _ => match value
                    .as_u64()
                    .and_then(|n| usize::try_from(n).ok())
                    .filter(|n| *n > 0)
                {
                    Some(n) => self.max_diagnostics = Some(n),
                    None => problems.push(format!(
                        "`maxDiagnostics` is a number above 0 (or null for no limit), not {value}"
                    )),
                },
            }
        }
        problems
    }
}

impl Context<'_> {
    /// The edits that turn the document into `formatted`: one per run of changed lines, so
    /// that the editor keeps its marks, folds and cursor on the lines that stay; none when it
    /// is formatted already.
    pub fn edits_to(&self, formatted: &str) -> Vec<lsp_types::TextEdit> {
        // Against the editor's own text: a line whose end the layout changes (a CR alone, a
        // CR LF, to the layout's LF) is rewritten, so that the edited text is the layout.
        let text = self.document.client_text.as_str();
        if formatted == text {
            return Vec::new();
        }
        // The diff's line numbers index these: its lines are cut as the protocol's are (LF,
        // CR LF, or a CR alone), by the one function every reader of a text uses.
        let mut old_starts = crate::input::line_starts(text);
        // And the end of a last line without a line end.
        if old_starts.last() != Some(&text.len()) {
            old_starts.push(text.len());
        }
        let new_lines: Vec<&str> = crate::input::lines_with_ends(formatted).collect();
        let diff = similar::TextDiff::from_lines(text, formatted);
        let edit = |old: std::ops::Range<usize>, new: std::ops::Range<usize>| {
            let span = crate::diagnostic::Span::new(old_starts[old.start], old_starts[old.end]);
            lsp_types::TextEdit::new(self.index.range(text, span), new_lines[new].concat())
        };
        diff.ops()
            .iter()
            .filter(|op| !matches!(op, similar::DiffOp::Equal { .. }))
            .flat_map(|op| {
                let (old, new) = (op.old_range(), op.new_range());
                // As many lines rewritten as there were: one edit per line, so that a range
                // formatting takes only its own lines.
                if old.len() == new.len() {
                    old.zip(new)
                        .map(|(o, n)| edit(o..o + 1, n..n + 1))
                        .collect()
                } else {
                    vec![edit(old, new)]
                }
            })
            .collect()
    }
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

/// Where the server's messages go: written whole, one at a time, from any thread.
#[derive(Clone)]
pub(crate) struct Outbox(Arc<Mutex<Box<dyn std::io::Write + Send>>>);

impl Outbox {
    pub fn new(out: Box<dyn std::io::Write + Send>) -> Outbox {
        Outbox(Arc::new(Mutex::new(out)))
    }

    /// Sends a message; `false` when the output is gone.
    pub fn send(&self, message: impl Into<Outgoing>) -> bool {
        let Ok(mut out) = self.0.lock() else {
            return false;
        };
        transport::write(&mut *out, &message.into()).is_ok()
    }

    /// Logs `text` to the client (`window/logMessage`) and to standard error.
    pub fn log(&self, kind: lsp_types::MessageType, text: &str) {
        eprintln!("carcspec lsp: {text}");
        self.send(Message::Notification(Notification::new(
            LogMessage::METHOD.into(),
            lsp_types::LogMessageParams {
                typ: kind,
                message: text.to_string(),
            },
        )));
    }

    /// Shows `text` to the user (`window/showMessage`) and logs it.
    pub fn show(&self, kind: lsp_types::MessageType, text: &str) {
        self.log(kind, text);
        self.send(Message::Notification(Notification::new(
            ShowMessage::METHOD.into(),
            lsp_types::ShowMessageParams {
                typ: kind,
                message: text.to_string(),
            },
        )));
    }

    fn reply_error(&self, id: RequestId, code: i32, text: String) {
        self.send(Message::Response(Response::new_err(id, code, text)));
    }
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
        rename_provider: Some(OneOf::Right(lsp_types::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: lsp_types::WorkDoneProgressOptions::default(),
        })),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(
            lsp_types::CodeActionOptions {
                code_action_kinds: Some(vec![
                    lsp_types::CodeActionKind::QUICKFIX,
                    lsp_types::CodeActionKind::REFACTOR,
                ]),
                ..lsp_types::CodeActionOptions::default()
            },
        )),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        code_lens_provider: Some(lsp_types::CodeLensOptions {
            resolve_provider: Some(false),
        }),
        execute_command_provider: Some(lsp_types::ExecuteCommandOptions {
            commands: game::COMMANDS.iter().map(ToString::to_string).collect(),
            work_done_progress_options: lsp_types::WorkDoneProgressOptions {
                work_done_progress: Some(true),
            },
        }),
        folding_range_provider: Some(lsp_types::FoldingRangeProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(
            lsp_types::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lsp_types::SemanticTokensOptions {
                    legend: game::tokens::legend(),
                    full: Some(lsp_types::SemanticTokensFullOptions::Bool(true)),
                    range: None,
                    ..Default::default()
                },
            ),
        ),
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

/// The server's life as the LSP specification gives it: requests before `initialize` are
/// refused (`-32002`), a second `initialize` is an invalid request, after `shutdown` every
/// request is invalid and notifications are dropped, and `exit` ends the server — with 0 only
/// after `shutdown`. A malformed message is answered (`-32700`, `-32600`) and logged, and the
/// server reads on; only the end of the input ends it otherwise.
pub(crate) fn serve(inbox: &crossbeam_channel::Receiver<Incoming>, outbox: &Outbox) -> i32 {
    let mut server: Option<Server> = None;
    let mut shut_down = false;
    for incoming in inbox {
        let message = match incoming {
            Incoming::Message(message) => message,
            Incoming::Malformed(malformed) => {
                let kind = if malformed.is_response {
                    "response"
                } else {
                    "message"
                };
                outbox.log(
                    lsp_types::MessageType::ERROR,
                    &format!("a malformed {kind} was skipped: {}", malformed.reason),
                );
                if !malformed.is_response {
                    outbox.send(Outgoing::Raw(transport::error_answer(&malformed)));
                }
                continue;
            }
        };
        match message {
            Message::Request(request) => {
                let id = request.id.clone();
                if request.method == Initialize::METHOD {
                    if server.is_some() {
                        let text = "`initialize` was received already".to_string();
                        outbox.reply_error(id, lsp_server::ErrorCode::InvalidRequest as i32, text);
                    } else {
                        server = Some(Server::initialize(request, outbox));
                    }
                    continue;
                }
                let Some(server) = server.as_mut() else {
                    let text = format!("`{}` before `initialize`", request.method);
                    outbox.reply_error(
                        id,
                        lsp_server::ErrorCode::ServerNotInitialized as i32,
                        text,
                    );
                    continue;
                };
                if shut_down {
                    let text = format!("`{}` after `shutdown`", request.method);
                    outbox.reply_error(id, lsp_server::ErrorCode::InvalidRequest as i32, text);
                    continue;
                }
                if request.method == Shutdown::METHOD {
                    shut_down = true;
                    outbox.send(Message::Response(Response::new_ok(id, Value::Null)));
                    continue;
                }
                if let Some(response) = server.respond(request) {
                    outbox.send(response);
                }
            }
            Message::Notification(notification) => {
                if notification.method == Exit::METHOD {
                    return if shut_down {
                        EXIT_AFTER_SHUTDOWN
                    } else {
                        outbox.log(
                            lsp_types::MessageType::WARNING,
                            "`exit` without `shutdown` before it: exit code 1",
                        );
                        EXIT_WITHOUT_SHUTDOWN
                    };
                }
                match server.as_mut() {
                    Some(server) if !shut_down => server.notify(notification),
                    // Dropped, as the specification says, but not silently.
                    _ => eprintln!(
                        "carcspec lsp: `{}` {} is dropped",
                        notification.method,
                        if shut_down {
                            "after `shutdown`"
                        } else {
                            "before `initialize`"
                        }
                    ),
                }
            }
            Message::Response(response) => {
                if let Some(server) = server.as_ref() {
                    server.long.answered(&response);
                }
            }
        }
    }
    eprintln!("carcspec lsp: the input ended without `exit`");
    EXIT_WITHOUT_SHUTDOWN
}

/// The endings of the files a game's `tiles` line can name: the tile language, JSON and YAML.
const TILE_SET_ENDINGS: [&str; 4] = ["tiles", "json", "yaml", "yml"];

/// Whether `path` is a tile set a game may read (by its ending).
fn is_tile_set_file(path: &std::path::Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| TILE_SET_ENDINGS.contains(&e))
}

struct Server {
    documents: HashMap<Uri, Document>,
    shared: Arc<Mutex<Shared>>,
    worker: worker::Worker,
    encoding: Encoding,
    settings: Settings,
    outbox: Outbox,
    long: long::LongWork,
}

impl Server {
    /// Answers `initialize` and starts the worker.
    fn initialize(request: Request, outbox: &Outbox) -> Server {
        let encoding = negotiate_encoding(&request.params);
        let (settings, problems) = Settings::from_initialize(&request.params);
        let result = serde_json::json!({
            "capabilities": capabilities(encoding),
            "serverInfo": { "name": "carcspec", "version": env!("CARGO_PKG_VERSION") },
        });
        outbox.send(Message::Response(Response::new_ok(request.id, result)));
        for problem in problems {
            outbox.log(
                lsp_types::MessageType::WARNING,
                &format!("initializationOptions: {problem}"),
            );
        }
        let shared = Arc::new(Mutex::new(Shared {
            settings,
            ..Shared::default()
        }));
        let worker = worker::Worker::start(outbox.clone(), Arc::clone(&shared), encoding);
        let create_tokens = request
            .params
            .pointer("/capabilities/window/workDoneProgress")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        Server {
            long: long::LongWork::start(outbox.clone(), create_tokens),
            documents: HashMap::new(),
            shared,
            worker,
            encoding,
            settings,
            outbox: outbox.clone(),
        }
    }

    /// Handles a notification.
    fn notify(&mut self, notification: Notification) {
        let method = notification.method.clone();
        if let Err(problem) = self.apply(notification) {
            self.outbox.log(
                lsp_types::MessageType::ERROR,
                &format!("`{method}` was not applied: {problem}"),
            );
        }
    }

    /// Applies a notification to the open documents; says why when it cannot.
    fn apply(&mut self, notification: Notification) -> Result<(), String> {
        let method = notification.method.clone();
        let params = |e: lsp_server::ExtractError<Notification>| format!("bad params: {e}");
        match method.as_str() {
            DidOpenTextDocument::METHOD => {
                let params: lsp_types::DidOpenTextDocumentParams = notification
                    .extract(DidOpenTextDocument::METHOD)
                    .map_err(params)?;
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
            DidChangeTextDocument::METHOD => {
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
                let applied = serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(
                    notification.params,
                )
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
                        document.version = version_of(&notification_version)
                            .unwrap_or(document.version.saturating_add(1));
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
            DidSaveTextDocument::METHOD => {
                let params: lsp_types::DidSaveTextDocumentParams = notification
                    .extract(DidSaveTextDocument::METHOD)
                    .map_err(params)?;
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
            DidCloseTextDocument::METHOD => {
                let params: lsp_types::DidCloseTextDocumentParams = notification
                    .extract(DidCloseTextDocument::METHOD)
                    .map_err(params)?;
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
            "initialized" => {
                if self.settings.watches_files {
                    self.watch_tile_sets();
                }
                Ok(())
            }
            "workspace/didChangeConfiguration" => {
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
            "workspace/didChangeWatchedFiles" => {
                let params: lsp_types::DidChangeWatchedFilesParams =
                    serde_json::from_value(notification.params)
                        .map_err(|e| format!("bad params: {e}"))?;
                // A tile set changed on disk (a checkout, a script, another editor): the games
                // read their sets from disk, so check them again. An open set the editor
                // holds unsaved is the editor's, and is checked when it changes there.
                let tile_set_changed = params.changes.iter().any(|change| {
                    uri_to_path(&change.uri).is_some_and(|path| is_tile_set_file(&path))
                });
                if tile_set_changed {
                    self.check_games();
                }
                Ok(())
            }
            "$/cancelRequest" => {
                let id: RequestId = notification
                    .params
                    .get("id")
                    .cloned()
                    .and_then(|id| serde_json::from_value(id).ok())
                    .ok_or("no `id` to cancel")?;
                self.long.cancel(&id);
                Ok(())
            }
            // `$/setTrace` and the like: nothing to do.
            _ => Ok(()),
        }
    }

    /// Queues the document for checking on the worker.
    fn check(&mut self, uri: &Uri) {
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

    fn check_games(&mut self) {
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

    /// The answer to `request`; `None` for a long request, queued to be answered by its
    /// thread.
    fn respond(&mut self, request: Request) -> Option<Outgoing> {
        let id = request.id.clone();
        let answer = if long_request(&request.method) {
            match self.queue_long(request) {
                Ok(()) => return None,
                Err(refused) => Err(refused),
            }
        } else {
            self.answer(request)
        };
        Some(match answer {
            Ok(reply) => reply.answering(id),
            Err((code, message)) => Message::Response(Response::new_err(id, code, message)).into(),
        })
    }

    /// The open document of a request and what the thread of long requests needs to answer
    /// from it, or why it cannot be answered.
    fn owned_context(&self, uri: &Uri) -> Result<OwnedContext, (i32, String)> {
        let document = self.documents.get(uri).ok_or_else(|| {
            (
                lsp_server::ErrorCode::InvalidParams as i32,
                format!("`{}` is not open", uri.as_str()),
            )
        })?;
        if let Some(problem) = &document.out_of_sync {
            return Err((
                lsp_server::ErrorCode::RequestFailed as i32,
                format!("the document is out of sync with the editor ({problem}): reopen it"),
            ));
        }
        let analysis = self.shared.lock().ok().and_then(|shared| {
            shared
                .analyses
                .get(uri)
                .filter(|(version, _)| *version == document.version)
                .map(|(_, analysis)| Arc::clone(analysis))
        });
        Ok((document.clone(), analysis))
    }

    /// Queues a long request on its thread, or says why it is refused at once.
    fn queue_long(&mut self, request: Request) -> Result<(), (i32, String)> {
        let bad_params =
            |e: serde_json::Error| (lsp_server::ErrorCode::InvalidParams as i32, e.to_string());
        let token = request
            .params
            .get("workDoneToken")
            .filter(|t| t.is_string() || t.is_number())
            .cloned();
        let (encoding, settings) = (self.encoding, self.settings);
        let method = request.method.clone();
        let uri_of = |params: &Value| -> Result<Uri, (i32, String)> {
            let uri = if method == "workspace/executeCommand" {
                params.pointer("/arguments/0")
            } else {
                params.pointer("/textDocument/uri")
            };
            uri.and_then(Value::as_str)
                .and_then(|u| u.parse::<Uri>().ok())
                .ok_or_else(|| {
                    (
                        lsp_server::ErrorCode::InvalidParams as i32,
                        "no document uri".to_string(),
                    )
                })
        };
        let uri = uri_of(&request.params)?;
        let (document, analysis) = self.owned_context(&uri)?;
        let params = request.params;
        // Each long request: what its progress says, and how it is answered.
        let (title, answer): (&str, LongAnswer) = match method.as_str() {
            CodeActionRequest::METHOD => {
                let p: lsp_types::CodeActionParams =
                    serde_json::from_value(params).map_err(bad_params)?;
                (
                    "code actions",
                    Box::new(move |cx: &Context<'_>| {
                        let actions = match cx.document.kind {
                            DocumentKind::Game => game::code_actions(cx, &p),
                            DocumentKind::Tiles => tiles::code_actions(cx, &p),
                            DocumentKind::Jcz => Vec::new(),
                        };
                        Ok(Reply::serialise(&actions))
                    }),
                )
            }
            DocumentSymbolRequest::METHOD => {
                ("outline", Box::new(|cx: &Context<'_>| Ok(outline(cx))))
            }
            "textDocument/codeLens" => (
                "replaying the game for the code lens",
                Box::new(|cx: &Context<'_>| {
                    let lenses = match cx.document.kind {
                        DocumentKind::Game => game::code_lenses(cx),
                        DocumentKind::Tiles | DocumentKind::Jcz => Some(Vec::new()),
                    };
                    Ok(Reply::serialise(&lenses))
                }),
            ),
            _ => {
                let p: lsp_types::ExecuteCommandParams =
                    serde_json::from_value(params).map_err(bad_params)?;
                (
                    "running a carcspec command",
                    Box::new(move |cx: &Context<'_>| {
                        game::execute_command(cx, &p.command, &p.arguments)
                    }),
                )
            }
        };
        // The outline reads the text alone: it does not wait for a check of a new version.
        let needs_analysis = method != DocumentSymbolRequest::METHOD;
        let run = move |work: &long::Work| -> Answer {
            let analysis = analysis.or_else(|| {
                // Not checked yet: the same pure analysis the worker runs.
                needs_analysis.then(|| {
                    Arc::new(analysis::analyse(
                        document.kind,
                        &document.uri,
                        document.path.as_deref(),
                        &document.text,
                        encoding,
                        &[],
                    ))
                })
            });
            let cx = Context {
                index: LineIndex::new(&document.text, encoding),
                document: &document,
                encoding,
                analysis,
                settings,
                work: work.clone(),
            };
            answer(&cx)
        };
        self.long.queue(long::Job {
            id: request.id,
            title: title.to_string(),
            token,
            run: Box::new(run),
        });
        Ok(())
    }

    fn answer(&mut self, request: Request) -> Answer {
        let method = request.method.as_str();
        let params = request.params.clone();
        let stale = params
            .pointer("/textDocument/uri")
            .and_then(Value::as_str)
            .and_then(|u| u.parse::<Uri>().ok())
            .and_then(|uri| self.documents.get(&uri))
            .and_then(|d| d.out_of_sync.as_ref());
        if let Some(problem) = stale {
            return Err((
                lsp_server::ErrorCode::RequestFailed as i32,
                format!("the document is out of sync with the editor ({problem}): reopen it"),
            ));
        }
        let bad_params =
            |e: serde_json::Error| (lsp_server::ErrorCode::InvalidParams as i32, e.to_string());
        macro_rules! handle {
            ($request:ty, $handler:expr) => {{
                let params: <$request as lsp_types::request::Request>::Params =
                    serde_json::from_value(params).map_err(bad_params)?;
                let result: <$request as lsp_types::request::Request>::Result =
                    $handler(self, params);
                Ok(Reply::serialise(&result))
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
            "textDocument/prepareRename" => {
                let at: lsp_types::TextDocumentPositionParams =
                    serde_json::from_value(params).map_err(bad_params)?;
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
            "textDocument/rename" => {
                let p: lsp_types::RenameParams =
                    serde_json::from_value(params).map_err(bad_params)?;
                let at = p.text_document_position;
                let uri = at.text_document.uri.clone();
                let edits = self.with(&uri, |cx| match cx.document.kind {
                    DocumentKind::Game => game::rename(cx, at.position, &p.new_name),
                    DocumentKind::Tiles => tiles::rename(cx, at.position, &p.new_name),
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
            Completion::METHOD => handle!(
                Completion,
                |s: &mut Server, p: lsp_types::CompletionParams| {
                    let at = p.text_document_position;
                    s.with(&at.text_document.uri, |cx| {
                        let items = match cx.document.kind {
                            DocumentKind::Game => game::completion(cx, at.position),
                            DocumentKind::Tiles => tiles::completion(cx, at.position),
                            DocumentKind::Jcz => Vec::new(),
                        };
                        with_replaced_range(cx, at.position, items)
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
            RangeFormatting::METHOD => handle!(
                RangeFormatting,
                |s: &mut Server, p: lsp_types::DocumentRangeFormattingParams| {
                    // The edits of the whole file's formatting that touch the range's lines.
                    let (first, last) = (p.range.start.line, p.range.end.line);
                    s.with(&p.text_document.uri, |cx| match cx.document.kind {
                        DocumentKind::Game => game::formatting(cx),
                        DocumentKind::Tiles => tiles::formatting(cx),
                        DocumentKind::Jcz => None,
                    })
                    .flatten()
                    .map(|edits| {
                        edits
                            .into_iter()
                            .filter(|e| {
                                // An edit that ends at the start of the first line does not
                                // touch it.
                                let (start, end) = (e.range.start, e.range.end);
                                start.line <= last
                                    && (start.line >= first
                                        || end.line > first
                                        || (end.line == first && end.character > 0))
                            })
                            .collect()
                    })
                }
            ),
            InlayHintRequest::METHOD => handle!(
                InlayHintRequest,
                |s: &mut Server, p: lsp_types::InlayHintParams| {
                    s.with(&p.text_document.uri, |cx| match cx.document.kind {
                        DocumentKind::Game => Some(game::inlay_hints(cx, p.range)),
                        DocumentKind::Tiles | DocumentKind::Jcz => None,
                    })
                    .flatten()
                }
            ),
            lsp_types::request::FoldingRangeRequest::METHOD => handle!(
                lsp_types::request::FoldingRangeRequest,
                |s: &mut Server, p: lsp_types::FoldingRangeParams| {
                    s.with(&p.text_document.uri, |cx| match cx.document.kind {
                        DocumentKind::Game => game::folding_ranges(cx),
                        DocumentKind::Tiles => tiles::folding_ranges(cx),
                        DocumentKind::Jcz => Vec::new(),
                    })
                }
            ),
            lsp_types::request::SemanticTokensFullRequest::METHOD => handle!(
                lsp_types::request::SemanticTokensFullRequest,
                |s: &mut Server, p: lsp_types::SemanticTokensParams| {
                    s.with(&p.text_document.uri, |cx| match cx.document.kind {
                        DocumentKind::Game => Some(game::semantic_tokens(cx)),
                        DocumentKind::Tiles | DocumentKind::Jcz => None,
                    })
                    .flatten()
                    .map(lsp_types::SemanticTokensResult::Tokens)
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
            settings: self.settings,
            work: long::Work::default(),
        };
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer(&context))).ok()
    }
}

/// A document and its last analysis, for the thread of long requests.
type OwnedContext = (Document, Option<Arc<Analysis>>);

/// How a long request is answered, given the document's context on its thread.
type LongAnswer = Box<dyn FnOnce(&Context<'_>) -> Answer + Send>;

/// How many outlines are kept: a document or two, before and after an edit.
const KEPT_OUTLINES: usize = 4;

/// An outline sent, with what it was made from: the document's kind, the client's column
/// encoding and the text (the outline reads nothing else).
type KeptOutline = (DocumentKind, Encoding, Arc<String>, Arc<str>);

/// The last outlines sent, newest first.
static KEPT_OUTLINE: Mutex<Vec<KeptOutline>> = Mutex::new(Vec::new());

/// The document's outline (document symbols) as JSON text, kept for the text it outlines:
/// editors ask for the outline of one version several times (the outline view, breadcrumbs,
/// sticky scroll), and on 2,000 turns it is half a megabyte. Kept by the text itself, not the
/// version, so that no two documents (or servers in one process) can mix theirs up.
fn outline(cx: &Context<'_>) -> Reply {
    let document = cx.document;
    let same = |(kind, encoding, text, _): &KeptOutline| {
        *kind == document.kind
            && *encoding == cx.encoding
            && (Arc::ptr_eq(text, &document.text) || text == &document.text)
    };
    if let Ok(mut kept) = KEPT_OUTLINE.lock()
        && let Some(at) = kept.iter().position(same)
    {
        let entry = kept.remove(at);
        let answer = Arc::clone(&entry.3);
        kept.insert(0, entry);
        return Reply::Json(answer);
    }
    let symbols = match document.kind {
        DocumentKind::Game => game::symbols(cx),
        DocumentKind::Tiles => tiles::symbols(cx),
        DocumentKind::Jcz => Vec::new(),
    };
    let reply = Reply::serialise(&lsp_types::DocumentSymbolResponse::Nested(symbols));
    // A cancelled outline may be cut short: not kept.
    if let (Reply::Json(answer), false) = (&reply, cx.work.cancelled())
        && let Ok(mut kept) = KEPT_OUTLINE.lock()
    {
        kept.insert(
            0,
            (
                document.kind,
                cx.encoding,
                Arc::clone(&document.text),
                Arc::clone(answer),
            ),
        );
        kept.truncate(KEPT_OUTLINES);
    }
    reply
}

/// Whether `method` is answered on the thread of long requests (`long.rs`).
fn long_request(method: &str) -> bool {
    matches!(
        method,
        CodeActionRequest::METHOD
            | DocumentSymbolRequest::METHOD
            | "textDocument/codeLens"
            | "workspace/executeCommand"
    )
}

/// Whether a code action of `kind` answers the request: every kind when it names none in
/// `context.only`, else the kinds it names and their sub-kinds (`refactor` takes
/// `refactor.rewrite`).
pub(crate) fn kind_wanted(
    params: &lsp_types::CodeActionParams,
    kind: &lsp_types::CodeActionKind,
) -> bool {
    params.context.only.as_ref().is_none_or(|only| {
        only.iter().any(|asked| {
            let (kind, asked) = (kind.as_str(), asked.as_str());
            kind == asked
                || kind
                    .strip_prefix(asked)
                    .is_some_and(|rest| rest.starts_with('.'))
        })
    })
}

/// A document version as the protocol writes it.
fn version_of(value: &Value) -> Option<i32> {
    value.as_i64().and_then(|v| i32::try_from(v).ok())
}

/// Gives every completion item the range it replaces: the word being typed, up to the
/// cursor. Without it each editor guesses the word by its own rules (Neovim's ends at `/`,
/// VS Code's at `,`), and an item such as `BA/C` or `-1,0 r90` is inserted after what was
/// typed instead of over it. A word of a game ends at white space or `;`; in a tile set also at
/// `+` and `:`, which join anchors and follow a feature.
fn with_replaced_range(
    cx: &Context<'_>,
    position: lsp_types::Position,
    mut items: Vec<lsp_types::CompletionItem>,
) -> Vec<lsp_types::CompletionItem> {
    let text = cx.document.text.as_str();
    let offset = cx.index.offset(text, position);
    let ends_word = |c: char| {
        c.is_whitespace()
            || c == ';'
            || (cx.document.kind == DocumentKind::Tiles && matches!(c, '+' | ':'))
    };
    let start = text[..offset]
        .char_indices()
        .rev()
        .find(|(_, c)| ends_word(*c))
        .map_or(0, |(at, c)| at + c.len_utf8());
    let range = lsp_types::Range::new(cx.index.position(text, start), position);
    for item in &mut items {
        let mut new_text = item
            .insert_text
            .take()
            .unwrap_or_else(|| item.label.clone());
        // A plain item is inserted up to its first space by some clients (Neovim takes that
        // as the word); a snippet is inserted whole.
        if cx.settings.snippets && new_text.contains(char::is_whitespace) {
            new_text = snippet_text(&new_text);
            item.insert_text_format = Some(lsp_types::InsertTextFormat::SNIPPET);
        }
        item.text_edit = Some(lsp_types::CompletionTextEdit::Edit(
            lsp_types::TextEdit::new(range, new_text),
        ));
    }
    items
}

/// `text` as a snippet that inserts exactly it: `\`, `$` and `}` escaped.
fn snippet_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '$' | '}') {
            out.push('\\');
        }
        out.push(c);
    }
    out
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
        client_text: Arc::new(text.to_string()),
        version: 1,
        unsaved: false,
        out_of_sync: None,
    };
    let position = index.position(text, offset);
    let cx = Context {
        document: &document,
        index,
        encoding: Encoding::Utf16,
        analysis: Some(Arc::new(analysis.clone())),
        settings: Settings::default(),
        work: long::Work::default(),
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
            !game::folding_ranges(&cx).is_empty(),
            !game::semantic_tokens(&cx).data.is_empty(),
        ],
        DocumentKind::Tiles => [
            tiles::hover(&cx, position).is_some(),
            tiles::definition(&cx, position).is_some(),
            tiles::references(&cx, position, true).is_some(),
            !tiles::completion(&cx, position).is_empty(),
            tiles::formatting(&cx).is_some(),
            !tiles::symbols(&cx).is_empty(),
            false,
            !tiles::folding_ranges(&cx).is_empty(),
            false,
        ],
        DocumentKind::Jcz => [false; 9],
    };
    answers.iter().filter(|a| **a).count() + usize::from(!analysis.diagnostics.is_empty())
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
