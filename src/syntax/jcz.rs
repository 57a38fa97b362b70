//! JCloisterZone saved games (`.jcz`, JSON): the document as JSON values, with the places of
//! its replay messages and assertions in the text, for diagnostics. What the values mean is
//! decided by [`crate::lower::jcz`]. The format is described in
//! `../shared/reference/jcloisterzone/FORMAT.md` and `docs/jcloisterzone.md`.

use serde_json::Value;

use crate::codes;
use crate::diagnostic::{Diagnostic, Span};

/// A parsed saved game.
#[derive(Debug, Clone)]
pub struct JczDocument {
    pub root: Value,
    /// The span of each replay message, in order (where its `"type"` key stands).
    pub message_spans: Vec<Span>,
}

/// Parses a saved game; malformed or truncated JSON is one diagnostic with its line and column.
pub fn parse(text: &str) -> Result<JczDocument, Diagnostic> {
    let root: Value = serde_json::from_str(text).map_err(|error| {
        let offset = crate::report::offset_at(text, error.line(), error.column());
        Diagnostic::new(
            &codes::MALFORMED_JCZ,
            format!("not a readable JCloisterZone saved game: {error}"),
        )
        .at(Span::new(offset, offset), "here")
        .help("a .jcz file is the JSON that JCloisterZone saves; check that it is complete")
    })?;
    let replay_start = text.find("\"replay\"").unwrap_or(text.len());
    let mut message_spans = Vec::new();
    let mut at = replay_start;
    let count = root
        .get("replay")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    for _ in 0..count {
        match text[at..].find("\"type\"") {
            Some(found) => {
                let start = at + found;
                message_spans.push(Span::new(start, start + "\"type\"".len()));
                at = start + 1;
            }
            None => message_spans.push(Span::default()),
        }
    }
    Ok(JczDocument {
        root,
        message_spans,
    })
}

/// The span of the first occurrence of `needle` (as a JSON string) in `text`, if any.
pub fn span_of_string(text: &str, needle: &str) -> Span {
    let quoted = serde_json::to_string(needle).unwrap_or_default();
    text.find(&quoted).map_or(Span::default(), |start| {
        Span::new(start, start + quoted.len())
    })
}
