//! The dispatch of the client's messages: each notification (`apply`) and each request
//! (`answer`, and `queue_long` for the long ones) to the one function that handles its
//! method, in the file of its feature. Here too what every request shares: its document's
//! context, guarded against a failure of carcspec (`with`), and for a long request the copy
//! its thread answers from.

use std::sync::Arc;

use lsp_server::{Message, Notification, Request, RequestId, Response};
use lsp_types::Uri;
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    Notification as _,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    InlayHintRequest, RangeFormatting, References, Request as _,
};
use serde_json::Value;

use super::analysis::{self, Analysis};
use super::long::{self, Answer, Reply};
use super::text::LineIndex;
use super::transport::Outgoing;
use super::{Context, Document, Server, actions, outline};

/// A document and its last analysis, for the thread of long requests.
type OwnedContext = (Document, Option<Arc<Analysis>>);

/// How a long request is answered, given the document's context on its thread.
type LongAnswer = Box<dyn FnOnce(&Context<'_>) -> Answer + Send>;

/// The answer to a request whose params cannot be read.
fn bad_params(error: serde_json::Error) -> (i32, String) {
    (
        lsp_server::ErrorCode::InvalidParams as i32,
        error.to_string(),
    )
}

impl Server {
    /// Handles a notification.
    pub(super) fn notify(&mut self, notification: Notification) {
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
        match notification.method.as_str() {
            DidOpenTextDocument::METHOD => self.did_open(notification),
            DidChangeTextDocument::METHOD => self.did_change(notification),
            DidSaveTextDocument::METHOD => self.did_save(notification),
            DidCloseTextDocument::METHOD => self.did_close(notification),
            "initialized" => self.initialized(),
            "workspace/didChangeConfiguration" => self.did_change_configuration(&notification),
            "workspace/didChangeWatchedFiles" => self.did_change_watched_files(notification),
            "$/cancelRequest" => self.cancel_request(&notification),
            // `$/setTrace` and the like: nothing to do.
            _ => Ok(()),
        }
    }

    /// `$/cancelRequest`: a long request is cancelled (the others are answered before the
    /// next message is read).
    fn cancel_request(&mut self, notification: &Notification) -> Result<(), String> {
        let id: RequestId = notification
            .params
            .get("id")
            .cloned()
            .and_then(|id| serde_json::from_value(id).ok())
            .ok_or("no `id` to cancel")?;
        self.long.cancel(&id);
        Ok(())
    }

    /// The answer to `request`; `None` for a long request, queued to be answered by its
    /// thread.
    pub(super) fn respond(&mut self, request: Request) -> Option<Outgoing> {
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
        let analysis = self.current_analysis(uri, document);
        Ok((document.clone(), analysis))
    }

    /// Queues a long request on its thread, or says why it is refused at once.
    fn queue_long(&mut self, request: Request) -> Result<(), (i32, String)> {
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
                    Box::new(move |cx: &Context<'_>| actions::code_actions(cx, &p)),
                )
            }
            DocumentSymbolRequest::METHOD => (
                "outline",
                Box::new(|cx: &Context<'_>| Ok(outline::outline(cx))),
            ),
            "textDocument/codeLens" => (
                "replaying the game for the code lens",
                Box::new(actions::code_lenses),
            ),
            _ => {
                let p: lsp_types::ExecuteCommandParams =
                    serde_json::from_value(params).map_err(bad_params)?;
                (
                    "running a carcspec command",
                    Box::new(move |cx: &Context<'_>| actions::execute_command(cx, &p)),
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

    /// The answer to a request that is not long: the function of its method, with its
    /// params read and its result written.
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
            HoverRequest::METHOD => handle!(HoverRequest, Server::hover),
            GotoDefinition::METHOD => handle!(GotoDefinition, Server::definition),
            References::METHOD => handle!(References, Server::references),
            "textDocument/prepareRename" => {
                self.prepare_rename(serde_json::from_value(params).map_err(bad_params)?)
            }
            "textDocument/rename" => {
                self.rename(serde_json::from_value(params).map_err(bad_params)?)
            }
            Completion::METHOD => handle!(Completion, Server::completion),
            Formatting::METHOD => handle!(Formatting, Server::formatting),
            RangeFormatting::METHOD => handle!(RangeFormatting, Server::range_formatting),
            InlayHintRequest::METHOD => handle!(InlayHintRequest, Server::inlay_hints),
            lsp_types::request::FoldingRangeRequest::METHOD => {
                handle!(
                    lsp_types::request::FoldingRangeRequest,
                    Server::folding_ranges
                )
            }
            lsp_types::request::SemanticTokensFullRequest::METHOD => handle!(
                lsp_types::request::SemanticTokensFullRequest,
                Server::semantic_tokens
            ),
            _ => Err((
                lsp_server::ErrorCode::MethodNotFound as i32,
                format!("carcspec lsp does not handle `{method}`"),
            )),
        }
    }

    /// The worker's analysis of the open document `uri` at its current version, if the worker
    /// has finished it (an analysis of an older version answers nothing).
    fn current_analysis(&self, uri: &Uri, document: &Document) -> Option<Arc<Analysis>> {
        self.shared.lock().ok().and_then(|shared| {
            shared
                .analyses
                .get(uri)
                .filter(|(version, _)| *version == document.version)
                .map(|(_, analysis)| Arc::clone(analysis))
        })
    }

    /// Runs `answer` on the open document `uri`, guarded: a failure of carcspec answers
    /// nothing instead of ending the server.
    pub(super) fn with<T>(&self, uri: &Uri, answer: impl FnOnce(&Context<'_>) -> T) -> Option<T> {
        let document = self.documents.get(uri)?;
        let analysis = self.current_analysis(uri, document);
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
