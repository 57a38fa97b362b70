//! Where the server's messages go: one writer that the main loop, the worker and the thread
//! of long requests share, each message written whole.

use std::sync::{Arc, Mutex};

use lsp_server::{Message, Notification, RequestId, Response};
use lsp_types::notification::{LogMessage, Notification as _, ShowMessage};

use super::transport::{self, Outgoing};

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

    pub(super) fn reply_error(&self, id: RequestId, code: i32, text: String) {
        self.send(Message::Response(Response::new_err(id, code, text)));
    }
}
