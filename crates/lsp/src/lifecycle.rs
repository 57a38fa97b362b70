//! The server's life: the main loop over the incoming messages (`initialize`, `shutdown`,
//! `exit` and the order the specification gives them), and what `initialize` answers (the
//! server's capabilities, the position encoding) and starts (the worker, the thread of long
//! requests). Apart from the dispatch of the messages in between (`dispatch.rs`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use lsp_server::{Message, Request, Response};
use lsp_types::notification::{Exit, Notification as _};
use lsp_types::request::{Initialize, Request as _, Shutdown};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, OneOf, PositionEncodingKind, SaveOptions,
    ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions,
};
use serde_json::Value;

use super::text::Encoding;
use super::transport::{self, Incoming, Outgoing};
use super::{
    EXIT_AFTER_SHUTDOWN, EXIT_WITHOUT_SHUTDOWN, Outbox, Server, Settings, Shared, game, long,
    worker,
};

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
}
