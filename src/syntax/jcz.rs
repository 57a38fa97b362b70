//! JCloisterZone saved games (`.jcz`, JSON): the document as JSON values, with the places of
//! its replay messages and assertions in the text, for diagnostics. What the values mean is
//! decided by [`crate::lower::jcz`]. The format is described in
//! `../shared/reference/jcloisterzone/FORMAT.md` and `docs/jcloisterzone.md`.

use std::collections::HashMap;

use serde_json::Value;

use crate::codes;
use crate::diagnostic::{Diagnostic, Span};

/// A parsed saved game.
#[derive(Debug, Clone)]
pub struct JczDocument {
    pub root: Value,
    /// The span of each replay message, in order: its `"type"` key, or its first character
    /// when it has none.
    pub message_spans: Vec<Span>,
    /// The span of each element of `test.assertions`, in order.
    pub assertion_spans: Vec<Span>,
    /// The span of each element of `setup.start`, in order.
    pub start_spans: Vec<Span>,
    /// The spans of the keys of the root, of its objects and of `setup`'s objects (`players`,
    /// `setup/sets/basic:1`, `setup/rules/…`), by path.
    key_spans: HashMap<String, Span>,
}

impl JczDocument {
    /// The span of the key at `path` (`players`, `setup/sets/basic:1`), if the text has it.
    pub fn key_span(&self, path: &str) -> Span {
        self.key_spans.get(path).copied().unwrap_or_default()
    }
}

/// Parses a saved game; malformed or truncated JSON is one diagnostic with its line and column.
pub fn parse(text: &str) -> Result<JczDocument, Diagnostic> {
    let root: Value = serde_json::from_str(text).map_err(|error| {
        let offset = crate::diagnostic::offset_at(text, error.line(), error.column());
        Diagnostic::new(
            &codes::MALFORMED_JCZ,
            format!("not a readable JCloisterZone saved game: {error}"),
        )
        .at(Span::new(offset, offset), "here")
        .help("a .jcz file is the JSON that JCloisterZone saves; check that it is complete")
    })?;
    let mut document = JczDocument {
        root,
        message_spans: Vec::new(),
        assertion_spans: Vec::new(),
        start_spans: Vec::new(),
        key_spans: HashMap::new(),
    };
    locate(text, &mut document);
    Ok(document)
}

/// A container being read by [`locate`].
struct Frame {
    object: bool,
    /// The key or index by which the container is reached from its parent.
    segment: String,
    /// The last key read (objects), or the index of the next element (arrays).
    key: String,
    index: usize,
    expect_key: bool,
}

/// Finds, in one pass over `text` (JSON already known to be well-formed), the places of the
/// replay messages, assertions, start tiles and top-level keys, so that each diagnostic about
/// them can point at the text without searching it again.
fn locate(text: &str, document: &mut JczDocument) {
    let bytes = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        match byte {
            b'}' | b']' => {
                stack.pop();
                at += 1;
            }
            b',' => {
                if let Some(top) = stack.last_mut() {
                    top.expect_key = top.object;
                }
                at += 1;
            }
            b':' => at += 1,
            b if b.is_ascii_whitespace() => at += 1,
            b'"' => {
                let end = string_end(bytes, at);
                let is_key = stack.last().is_some_and(|top| top.object && top.expect_key);
                if is_key {
                    let raw = &text[at..end];
                    let key = if raw.contains('\\') {
                        serde_json::from_str::<String>(raw).unwrap_or_default()
                    } else {
                        raw[1..raw.len() - 1].to_string()
                    };
                    let span = Span::new(at, end);
                    // Keys of the root, of its objects, and of `setup`'s objects (not of the
                    // replay's messages, which are found by index).
                    let wanted = stack.len() <= 2
                        || (stack.len() == 3 && stack[1].segment == "setup" && stack[2].object);
                    if wanted {
                        let mut path: Vec<&str> =
                            stack.iter().skip(1).map(|f| f.segment.as_str()).collect();
                        path.push(&key);
                        document.key_spans.entry(path.join("/")).or_insert(span);
                    }
                    if key == "type"
                        && stack.len() == 3
                        && in_path(&stack, &["replay"])
                        && let Some(last) = document.message_spans.last_mut()
                    {
                        *last = span;
                    }
                    if let Some(top) = stack.last_mut() {
                        top.key = key;
                        top.expect_key = false;
                    }
                } else {
                    value_starts(&mut stack, document, Span::new(at, end));
                }
                at = end;
            }
            b'{' | b'[' => {
                let segment = value_starts(&mut stack, document, Span::new(at, at + 1));
                stack.push(Frame {
                    object: byte == b'{',
                    segment,
                    key: String::new(),
                    index: 0,
                    expect_key: byte == b'{',
                });
                at += 1;
            }
            _ => {
                // A number, `true`, `false` or `null`.
                let end = bytes[at..]
                    .iter()
                    .position(|b| matches!(b, b',' | b']' | b'}') || b.is_ascii_whitespace())
                    .map_or(bytes.len(), |n| at + n);
                value_starts(&mut stack, document, Span::new(at, end));
                at = end.max(at + 1);
            }
        }
    }
}

/// Whether the containers below the root are reached by `path` (and nothing deeper than one
/// more level).
fn in_path(stack: &[Frame], path: &[&str]) -> bool {
    stack.len() > path.len()
        && stack[1..=path.len()]
            .iter()
            .zip(path)
            .all(|(frame, segment)| frame.segment == *segment)
}

/// Notes a value that starts at `span` in the current container; returns its path segment.
fn value_starts(stack: &mut [Frame], document: &mut JczDocument, span: Span) -> String {
    let depth = stack.len();
    let Some(top) = stack.last_mut() else {
        return String::new();
    };
    let in_array = !top.object;
    let segment = if top.object {
        top.key.clone()
    } else {
        top.index += 1;
        (top.index - 1).to_string()
    };
    if in_array && depth == 2 && in_path(stack, &["replay"]) {
        document.message_spans.push(span);
    } else if in_array && depth == 3 && in_path(stack, &["test", "assertions"]) {
        document.assertion_spans.push(span);
    } else if in_array && depth == 3 && in_path(stack, &["setup", "start"]) {
        document.start_spans.push(span);
    }
    segment
}

/// The offset just past the string that starts with the quote at `start`.
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut at = start + 1;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            b'"' => return at + 1,
            _ => at += 1,
        }
    }
    bytes.len()
}
