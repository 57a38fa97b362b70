//! The wire: JSON-RPC messages framed by `Content-Length` headers on stdin and stdout, read
//! by hand so that a malformed message is answered and skipped instead of ending the server.
//!
//! `lsp-server`'s own reader treats any bad frame as the end of the input. Here each way a
//! message can be wrong becomes a [`Malformed`] with the JSON-RPC error code the protocol
//! gives for it (`-32700` parse error, `-32600` invalid request); only the end of the input
//! (or an error reading it) ends the stream. After a frame whose length is unknown the reader
//! skips to the next `Content-Length` header, so one broken message costs only itself.

use std::io::{self, BufRead, Read, Write};

use std::sync::Arc;

use lsp_server::{Message, RequestId};
use serde_json::Value;

/// JSON-RPC 2.0's codes for a message that cannot be read.
pub const PARSE_ERROR: i32 = -32700;
pub const INVALID_REQUEST: i32 = -32600;

/// The longest header line and the largest body read: bounded memory for any input.
const MAX_HEADER_LINE: u64 = 8 * 1024;
pub const MAX_BODY: usize = 64 * 1024 * 1024;

/// A message that could not be read, with what the server answers.
#[derive(Debug, Clone, PartialEq)]
pub struct Malformed {
    /// `PARSE_ERROR` or `INVALID_REQUEST`.
    pub code: i32,
    /// The id to answer, when the message had a readable one (`null` otherwise).
    pub id: Value,
    /// Whether the sender expects no answer: a malformed response is only logged.
    pub is_response: bool,
    pub reason: String,
}

/// What one read of the input gives.
#[derive(Debug)]
pub enum Incoming {
    Message(Message),
    Malformed(Malformed),
}

/// Reads framed messages; remembers whether it must look for the next header first.
pub struct Reader<R> {
    input: R,
    resync: bool,
}

impl<R: BufRead> Reader<R> {
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            resync: false,
        }
    }

    /// The next message; `None` when the input has ended (also in the middle of a message).
    pub fn read_next(&mut self) -> io::Result<Option<Incoming>> {
        let mut length: Option<Result<usize, String>> = None;
        let mut first = true;
        loop {
            let Some(mut line) = self.header_line()? else {
                return Ok(None);
            };
            if self.resync {
                match find_ignoring_case(&line, b"content-length:") {
                    Some(at) => {
                        line.drain(..at);
                        self.resync = false;
                    }
                    None => continue,
                }
            }
            let trimmed = trim_line_end(&line);
            if trimmed.is_empty() {
                if first {
                    // A stray blank line between messages.
                    continue;
                }
                break;
            }
            first = false;
            let Ok(header) = std::str::from_utf8(trimmed) else {
                length.get_or_insert(Err("a header is not UTF-8".into()));
                continue;
            };
            match header.split_once(':') {
                Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                    let value = value.trim();
                    length = Some(match value.parse::<usize>() {
                        Ok(n) if n <= MAX_BODY => Ok(n),
                        Ok(n) => Err(format!(
                            "Content-Length {n} is larger than the {MAX_BODY} bytes accepted"
                        )),
                        Err(_) => Err(format!("Content-Length `{value}` is not a number")),
                    });
                }
                Some(_) => {} // Content-Type and other headers: nothing to do.
                None => {
                    length.get_or_insert(Err(format!("`{header}` is not a header")));
                }
            }
        }
        let length = match length {
            Some(Ok(n)) => n,
            Some(Err(reason)) => return Ok(Some(self.lost_frame(reason))),
            None => return Ok(Some(self.lost_frame("no Content-Length header".into()))),
        };
        let mut body = vec![0; length];
        match self.input.read_exact(&mut body) {
            Ok(()) => {
                let incoming = decode(&body);
                // A body that is not JSON may be a frame whose length is wrong: one shorter
                // than its body leaves the rest of it in front of the next header, one longer
                // took the start of the next message. The reader looks for the next header
                // instead of reading what follows as headers, so only this frame is lost.
                if matches!(&incoming, Incoming::Malformed(m) if m.code == PARSE_ERROR) {
                    self.resync = true;
                }
                Ok(Some(incoming))
            }
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// A frame whose body cannot be found: answered as a parse error; the reader then skips
    /// to the next header.
    fn lost_frame(&mut self, reason: String) -> Incoming {
        self.resync = true;
        Incoming::Malformed(Malformed {
            code: PARSE_ERROR,
            id: Value::Null,
            is_response: false,
            reason: format!("{reason}: the message cannot be framed and is skipped"),
        })
    }

    /// One line up to and with its `\n` (at most [`MAX_HEADER_LINE`] bytes: a longer one is
    /// returned in pieces); `None` at the end of the input.
    fn header_line(&mut self) -> io::Result<Option<Vec<u8>>> {
        let mut line = Vec::new();
        let read = (&mut self.input)
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)?;
        Ok((read > 0).then_some(line))
    }
}

fn trim_line_end(line: &[u8]) -> &[u8] {
    let mut end = line.len();
    while end > 0 && matches!(line[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    &line[..end]
}

fn find_ignoring_case(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window.eq_ignore_ascii_case(needle))
}

/// A body as a message, or why it is not one.
pub fn decode(body: &[u8]) -> Incoming {
    let malformed = |code, id, is_response, reason: String| {
        Incoming::Malformed(Malformed {
            code,
            id,
            is_response,
            reason,
        })
    };
    let Ok(text) = std::str::from_utf8(body) else {
        return malformed(
            PARSE_ERROR,
            Value::Null,
            false,
            "the body is not UTF-8".into(),
        );
    };
    let value: Value = match serde_json::from_str(text) {
        Ok(value) => value,
        // serde_json also refuses a lone surrogate (`"\ud800"`), which no string can hold.
        Err(e) => return malformed(PARSE_ERROR, Value::Null, false, format!("not JSON: {e}")),
    };
    let Value::Object(object) = &value else {
        let reason = if value.is_array() {
            "a batch (a JSON array) is not part of the Language Server Protocol".to_string()
        } else {
            "a message must be a JSON object".to_string()
        };
        return malformed(INVALID_REQUEST, Value::Null, false, reason);
    };
    let id = object.get("id").cloned();
    let is_response = !object.contains_key("method")
        && (object.contains_key("result") || object.contains_key("error"));
    let valid_id = match &id {
        None => true,
        Some(Value::String(_)) => true,
        Some(Value::Number(n)) => n.as_i64().and_then(|n| i32::try_from(n).ok()).is_some(),
        Some(_) => false,
    };
    let answer_to = if valid_id {
        id.clone().unwrap_or(Value::Null)
    } else {
        Value::Null
    };
    if object.get("jsonrpc") != Some(&Value::from("2.0")) {
        let reason = "`jsonrpc` must be \"2.0\"".to_string();
        return malformed(INVALID_REQUEST, answer_to, is_response, reason);
    }
    if !valid_id {
        let reason = "an id must be a string or a 32-bit integer".to_string();
        return malformed(INVALID_REQUEST, answer_to, is_response, reason);
    }
    match object.get("method") {
        Some(Value::String(_)) => {}
        Some(_) => {
            let reason = "`method` must be a string".to_string();
            return malformed(INVALID_REQUEST, answer_to, false, reason);
        }
        None if !is_response => {
            let reason = "no `method`: neither a request nor a notification".to_string();
            return malformed(INVALID_REQUEST, answer_to, false, reason);
        }
        None => {}
    }
    let params = object.get("params").unwrap_or(&Value::Null);
    if !(params.is_object() || params.is_array() || params.is_null()) {
        let reason = "`params` must be an object or an array".to_string();
        return malformed(INVALID_REQUEST, answer_to, false, reason);
    }
    match serde_json::from_value::<Message>(value) {
        Ok(message) => Incoming::Message(message),
        Err(e) => malformed(INVALID_REQUEST, answer_to, is_response, e.to_string()),
    }
}

/// What the server sends: a message, a raw JSON value (an error answer to an id
/// `lsp-server` cannot represent, such as `null`), or the answer to a request whose result is
/// JSON text already.
#[derive(Debug)]
pub enum Outgoing {
    Message(Message),
    Raw(Value),
    /// A result serialised straight from its types: a long answer (an outline of 2,000 turns,
    /// half a megabyte) built as a `serde_json::Value` first cost more to build, write and drop
    /// than to compute, and a kept answer is sent again as it is.
    Answer {
        id: RequestId,
        result: Arc<str>,
    },
}

impl From<Message> for Outgoing {
    fn from(message: Message) -> Outgoing {
        Outgoing::Message(message)
    }
}

/// The error answer to a malformed message.
pub fn error_answer(malformed: &Malformed) -> Value {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": malformed.id,
        "error": { "code": malformed.code, "message": malformed.reason },
    })
}

/// Writes one message with its header.
pub fn write(out: &mut impl Write, message: &Outgoing) -> io::Result<()> {
    match message {
        Outgoing::Message(message) => message.write(out),
        Outgoing::Raw(value) => {
            let body = value.to_string();
            write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())?;
            out.flush()
        }
        Outgoing::Answer { id, result } => {
            let id = serde_json::to_string(id).map_err(io::Error::other)?;
            let head = format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"result\":");
            let length = head.len() + result.len() + 1;
            write!(out, "Content-Length: {length}\r\n\r\n{head}")?;
            out.write_all(result.as_bytes())?;
            out.write_all(b"}")?;
            out.flush()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    fn read_all(input: &[u8]) -> Vec<Result<String, (i32, String)>> {
        let mut reader = Reader::new(input);
        let mut out = Vec::new();
        while let Some(incoming) = reader.read_next().expect("reading a slice") {
            out.push(match incoming {
                Incoming::Message(Message::Request(r)) => Ok(r.method),
                Incoming::Message(Message::Notification(n)) => Ok(n.method),
                Incoming::Message(Message::Response(r)) => Ok(format!("response {}", r.id)),
                Incoming::Malformed(m) => Err((m.code, m.id.to_string())),
            });
        }
        out
    }

    #[test]
    fn each_malformed_message_is_answered_and_the_next_one_read() {
        let good = r#"{"jsonrpc":"2.0","method":"ok"}"#;
        let mut input = String::new();
        for body in [
            "not json",
            r#"{"jsonrpc":"2.0","id":1}"#,
            r#"[{"jsonrpc":"2.0","method":"a"}]"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"x","params":"\ud800"}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":7}"#,
            r#"{"jsonrpc":"2.0","id":true,"method":"x"}"#,
            r#"{"id":4,"method":"x"}"#,
            good,
        ] {
            input.push_str(&frame(body));
        }
        // No Content-Length, then a non-numeric one: the reader finds the next header.
        input.push_str(&format!("Content-Type: x\r\n\r\n{good}"));
        input.push_str(&format!("Content-Length: ten\r\n\r\n{good}"));
        input.push_str(&frame(good));
        let mut bytes = input.into_bytes();
        // Invalid UTF-8 in a body.
        bytes.extend(b"Content-Length: 3\r\n\r\n\xff\xfe{");
        bytes.extend(frame(good).bytes());
        let read = read_all(&bytes);
        let expected: Vec<Result<String, (i32, String)>> = vec![
            Err((PARSE_ERROR, "null".into())),
            Err((INVALID_REQUEST, "1".into())),
            Err((INVALID_REQUEST, "null".into())),
            Err((PARSE_ERROR, "null".into())),
            Err((INVALID_REQUEST, "3".into())),
            Err((INVALID_REQUEST, "null".into())),
            Err((INVALID_REQUEST, "4".into())),
            Ok("ok".into()),
            Err((PARSE_ERROR, "null".into())),
            Err((PARSE_ERROR, "null".into())),
            Ok("ok".into()),
            Err((PARSE_ERROR, "null".into())),
            Ok("ok".into()),
        ];
        assert_eq!(read, expected);
    }

    #[test]
    fn an_answer_of_json_text_is_one_response_frame() {
        let mut out = Vec::new();
        for id in [RequestId::from(7), RequestId::from("a\"b".to_string())] {
            let result: Arc<str> = r#"[{"name":"turn red"}]"#.into();
            write(&mut out, &Outgoing::Answer { id, result }).expect("written");
        }
        let mut reader = Reader::new(out.as_slice());
        for id in [serde_json::json!(7), serde_json::json!("a\"b")] {
            let Some(Incoming::Message(Message::Response(response))) =
                reader.read_next().expect("read")
            else {
                panic!("not a response");
            };
            assert_eq!(serde_json::to_value(&response.id).unwrap(), id);
            assert_eq!(
                response.response_result.ok(),
                Some(serde_json::json!([{ "name": "turn red" }]))
            );
        }
        assert!(reader.read_next().expect("read").is_none());
    }

    #[test]
    fn a_frame_whose_length_is_short_of_its_body_costs_only_itself() {
        let good = r#"{"jsonrpc":"2.0","id":2,"method":"next"}"#;
        let first = r#"{"jsonrpc":"2.0","id":1,"method":"first","params":{}}"#;
        // The first frame says 10 bytes where its body has more: the rest of the body stands
        // before the next header, on its line.
        let input = format!("Content-Length: 10\r\n\r\n{first}{}", frame(good));
        assert_eq!(
            read_all(input.as_bytes()),
            vec![Err((PARSE_ERROR, "null".into())), Ok("next".into())]
        );
        // A body with a line break in the part left over, then the next request.
        let input = format!(
            "Content-Length: 10\r\n\r\n{{\"jsonrpc\":\n\"2.0\"}}\r\n{}",
            frame(good)
        );
        assert_eq!(
            read_all(input.as_bytes()),
            vec![Err((PARSE_ERROR, "null".into())), Ok("next".into())]
        );
    }

    #[test]
    fn a_message_cut_short_ends_the_input() {
        let input = b"Content-Length: 50\r\n\r\n{\"jsonrpc\"";
        assert!(read_all(input).is_empty());
    }

    #[test]
    fn headers_are_case_insensitive_and_lines_may_end_in_lf() {
        let body = r#"{"jsonrpc":"2.0","id":"a","method":"m"}"#;
        let input = format!("\r\ncontent-length: {}\n\n{body}", body.len());
        assert_eq!(read_all(input.as_bytes()), vec![Ok("m".to_string())]);
    }
}
