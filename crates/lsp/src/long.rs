//! Long requests, answered on a thread of their own so that the editor's other requests do not
//! wait behind them: a whole-file code action, the outline, the code lens and the commands
//! they run (`workspace/executeCommand`).
//!
//! Each can be cancelled (`$/cancelRequest`): a request cancelled before its answer is sent
//! answers `-32800` (RequestCancelled), and the work checks [`Work::cancelled`] as it goes, so
//! that a cancelled replay of a long game stops early. Each reports `$/progress` when the
//! client gave a `workDoneToken` with the request, or said it takes server-made tokens
//! (`window.workDoneProgress`): the server then asks for one
//! (`window/workDoneProgress/create`) and waits a moment for the client's answer.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lsp_server::{Message, Notification, Request, RequestId, Response};
use serde_json::{Value, json};

use super::Outbox;

/// JSON-RPC's code of a request the client cancelled (the LSP specification's
/// `RequestCancelled`).
pub const REQUEST_CANCELLED: i32 = -32800;

/// How long a job waits for the client to accept a progress token it asked for.
const TOKEN_WAIT: Duration = Duration::from_secs(1);

/// The least time between two progress reports: a replay of thousands of steps reports a
/// handful of times, not once per step.
const REPORT_EVERY: Duration = Duration::from_millis(100);

/// The answer of a request, or the error code and message.
pub(crate) type Answer = Result<Reply, (i32, String)>;

/// A request's result: a JSON value, or JSON text serialised straight from the answer's types
/// (for the long answers, and kept to be sent again).
#[derive(Debug, Clone)]
pub(crate) enum Reply {
    Value(Value),
    Json(Arc<str>),
}

impl Reply {
    /// `result` as JSON text; `null` if it cannot be written (no answer of ours fails to).
    pub fn serialise(result: &impl serde::Serialize) -> Reply {
        Reply::Json(
            serde_json::to_string(result)
                .unwrap_or_else(|_| "null".to_string())
                .into(),
        )
    }

    /// The message that answers request `id` with this result.
    pub fn answering(self, id: RequestId) -> super::transport::Outgoing {
        match self {
            Reply::Value(value) => Message::Response(Response::new_ok(id, value)).into(),
            Reply::Json(result) => super::transport::Outgoing::Answer { id, result },
        }
    }
}

impl From<Value> for Reply {
    fn from(value: Value) -> Reply {
        Reply::Value(value)
    }
}

/// What a long request can see of its own state: whether it was cancelled, and where its
/// progress goes.
#[derive(Clone, Default)]
pub(crate) struct Work {
    cancelled: Option<Arc<AtomicBool>>,
    progress: Option<Arc<Progress>>,
    outbox: Option<Outbox>,
}

impl Work {
    /// Whether the client cancelled the request: the work may stop, its answer is not sent.
    pub fn cancelled(&self) -> bool {
        self.cancelled
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Shows `text` to the user (`window/showMessage`): what a command did.
    pub fn show(&self, kind: lsp_types::MessageType, text: &str) {
        if let Some(outbox) = &self.outbox {
            outbox.show(kind, text);
        }
    }

    /// Reports that `done` of `total` parts are done (at most every [`REPORT_EVERY`]).
    pub fn report(&self, done: usize, total: usize) {
        if let Some(progress) = &self.progress {
            progress.report(done, total);
        }
    }
}

/// A progress token in use, and when it last reported.
struct Progress {
    outbox: Outbox,
    token: Value,
    last: Mutex<Option<Instant>>,
}

impl Progress {
    fn send(&self, value: Value) {
        self.outbox.send(Message::Notification(Notification::new(
            "$/progress".into(),
            json!({ "token": self.token, "value": value }),
        )));
    }

    fn report(&self, done: usize, total: usize) {
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if last.is_some_and(|at| at.elapsed() < REPORT_EVERY) {
            return;
        }
        *last = Some(Instant::now());
        let percentage = (done * 100).checked_div(total).unwrap_or(0).min(100);
        self.send(json!({
            "kind": "report",
            "message": format!("{done} of {total}"),
            "percentage": percentage,
        }));
    }
}

/// A long request waiting for the thread.
pub(crate) struct Job {
    pub id: RequestId,
    /// What the progress says is being done ("replaying the game").
    pub title: String,
    /// The client's `workDoneToken`, if the request had one.
    pub token: Option<Value>,
    pub run: Box<dyn FnOnce(&Work) -> Answer + Send>,
}

/// The thread of long requests, and what the main loop tells it.
pub(crate) struct LongWork {
    /// `None` once the server ends.
    jobs: Option<mpsc::Sender<Job>>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// The cancellation flag of each request queued or running.
    flags: Arc<Mutex<HashMap<RequestId, Arc<AtomicBool>>>>,
    /// The jobs waiting for the client's answer to a `window/workDoneProgress/create`, by the
    /// id of that request.
    token_waits: Arc<Mutex<HashMap<RequestId, mpsc::Sender<bool>>>>,
}

impl LongWork {
    /// Starts the thread; `create_tokens`: the client takes tokens the server makes.
    pub fn start(outbox: Outbox, create_tokens: bool) -> LongWork {
        let (jobs, receiver) = mpsc::channel::<Job>();
        let flags: Arc<Mutex<HashMap<RequestId, Arc<AtomicBool>>>> = Arc::default();
        let token_waits: Arc<Mutex<HashMap<RequestId, mpsc::Sender<bool>>>> = Arc::default();
        let (thread_flags, thread_waits) = (Arc::clone(&flags), Arc::clone(&token_waits));
        let thread = std::thread::Builder::new()
            .name("carcspec-lsp-long".into())
            .spawn(move || {
                let mut made = 0u64;
                for job in receiver {
                    let flag = thread_flags
                        .lock()
                        .ok()
                        .and_then(|flags| flags.get(&job.id).cloned())
                        .unwrap_or_default();
                    let id = job.id.clone();
                    let answer = if flag.load(Ordering::Relaxed) {
                        None
                    } else {
                        let token = job.token.clone().or_else(|| {
                            create_tokens.then(|| {
                                made += 1;
                                create_token(&outbox, &thread_waits, made)
                            })?
                        });
                        Some(run(job, token, &flag, &outbox))
                    };
                    if let Ok(mut flags) = thread_flags.lock() {
                        flags.remove(&id);
                    }
                    let response = match answer {
                        Some(Ok(reply)) if !flag.load(Ordering::Relaxed) => reply.answering(id),
                        Some(Err((code, message))) if !flag.load(Ordering::Relaxed) => {
                            Message::Response(Response::new_err(id, code, message)).into()
                        }
                        _ => Message::Response(Response::new_err(
                            id,
                            REQUEST_CANCELLED,
                            "the request was cancelled".into(),
                        ))
                        .into(),
                    };
                    if !outbox.send(response) {
                        return;
                    }
                }
            })
            .ok();
        LongWork {
            jobs: Some(jobs),
            thread,
            flags,
            token_waits,
        }
    }

    /// Queues a long request.
    pub fn queue(&self, job: Job) {
        if let Ok(mut flags) = self.flags.lock() {
            flags.insert(job.id.clone(), Arc::default());
        }
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(job);
        }
    }

    /// `$/cancelRequest` for `id`: nothing when it was answered already.
    pub fn cancel(&self, id: &RequestId) {
        if let Some(flag) = self.flags.lock().ok().and_then(|f| f.get(id).cloned()) {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// A response from the client: the answer to a token the server asked for, if it is one.
    pub fn answered(&self, response: &Response) {
        if let Some(waiting) = self
            .token_waits
            .lock()
            .ok()
            .and_then(|mut waits| waits.remove(&response.id))
        {
            let _ = waiting.send(response.response_result.is_ok());
        }
    }
}

/// When the server ends, the requests still waiting or running are cancelled and answered
/// (`-32800`) before it goes: every request gets its answer, and none is written after the
/// server's end.
impl Drop for LongWork {
    fn drop(&mut self) {
        if let Ok(flags) = self.flags.lock() {
            for flag in flags.values() {
                flag.store(true, Ordering::Relaxed);
            }
        }
        drop(self.jobs.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Asks the client for the progress token `carcspec-progress-<n>`; the token once the client
/// accepted it, `None` when it refused or did not answer in time.
fn create_token(
    outbox: &Outbox,
    waits: &Mutex<HashMap<RequestId, mpsc::Sender<bool>>>,
    n: u64,
) -> Option<Value> {
    let token = format!("carcspec-progress-{n}");
    let id = RequestId::from(format!("carcspec-create-{token}"));
    let (sender, accepted) = mpsc::channel();
    waits.lock().ok()?.insert(id.clone(), sender);
    outbox.send(Message::Request(Request::new(
        id.clone(),
        "window/workDoneProgress/create".into(),
        json!({ "token": token }),
    )));
    let answer = accepted.recv_timeout(TOKEN_WAIT).unwrap_or(false);
    if let Ok(mut waits) = waits.lock() {
        waits.remove(&id);
    }
    answer.then(|| Value::from(token))
}

/// Runs `job`, with its progress begun and ended on `token`; a failure of carcspec answers an
/// internal error instead of ending the thread.
fn run(job: Job, token: Option<Value>, flag: &Arc<AtomicBool>, outbox: &Outbox) -> Answer {
    let progress = token.map(|token| {
        Arc::new(Progress {
            outbox: outbox.clone(),
            token,
            last: Mutex::new(None),
        })
    });
    if let Some(progress) = &progress {
        progress.send(json!({ "kind": "begin", "title": job.title, "cancellable": true }));
    }
    let work = Work {
        cancelled: Some(Arc::clone(flag)),
        progress: progress.clone(),
        outbox: Some(outbox.clone()),
    };
    let run = job.run;
    let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&work)))
        .unwrap_or_else(|_| {
            Err((
                lsp_server::ErrorCode::InternalError as i32,
                "carcspec failed while answering".into(),
            ))
        });
    if let Some(progress) = &progress {
        let message = if work.cancelled() {
            "cancelled"
        } else {
            "done"
        };
        progress.send(json!({ "kind": "end", "message": message }));
    }
    answer
}
