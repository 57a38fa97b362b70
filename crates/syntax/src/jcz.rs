//! JCloisterZone saved games (`.jcz`, JSON): the document as JSON values, with the places of
//! its replay messages and assertions in the text, for diagnostics. What the values mean is
//! decided by `carcspec::lower::jcz`. The format is described in
//! `../shared/reference/jcloisterzone/FORMAT.md` and `docs/jcloisterzone.md`.

use std::collections::HashMap;

use serde_json::Value;

use crate::codes;
use crate::diagnostic::{Diagnostic, Omitted, Span};

/// The keys JCloisterZone (6.x) writes at the top level of a saved game.
pub const ROOT_KEYS: &[&str] = &[
    "appVersion",
    "gameId",
    "name",
    "initialRandom",
    "created",
    "clock",
    "setup",
    "players",
    "chat",
    "replay",
    "gameAnnotations",
    "test",
];

/// The keys of `setup` (the game's setup message, and the client's options beside it).
pub const SETUP_KEYS: &[&str] = &[
    "sets", "elements", "rules", "timer", "start", "options", "ai", "addons",
];

/// The keys of a start tile in `setup.start`.
pub const START_KEYS: &[&str] = &["tile", "x", "y", "rotation"];

/// The keys of a player in `players`.
pub const PLAYER_KEYS: &[&str] = &["name", "slot", "ai", "clientId"];

/// The keys of `test` (the saved games of JCloisterZone's engine tests).
pub const TEST_KEYS: &[&str] = &["description", "assertions"];

/// The keys of a replay message.
pub const MESSAGE_KEYS: &[&str] = &["type", "payload", "player", "clock"];

/// The payload keys a message of these types always has: JCloisterZone's message sets each of
/// them when it is made, and a move read without one would be made up (a tile of no id).
pub const REQUIRED_PAYLOAD_KEYS: &[(&str, &[&str])] = &[
    ("PLACE_TILE", &["tileId", "rotation", "position"]),
    ("DEPLOY_MEEPLE", &["pointer", "meepleId"]),
    ("FLOCK_EXPAND_OR_SCORE", &["value"]),
];

/// The keys of each replayable message's payload, by message type: the fields of
/// JCloisterZone's message classes (`com.jcloisterzone.io.message`).
pub const PAYLOAD_KEYS: &[(&str, &[&str])] = &[
    ("PLACE_TILE", &["tileId", "rotation", "position"]),
    ("DEPLOY_MEEPLE", &["pointer", "meepleId", "random"]),
    ("COMMIT", &["random"]),
    ("PASS", &[]),
    ("UNDO", &[]),
    ("SHEPHERD_CONFIRM", &["random"]),
    ("TILE_CONFIRM", &["random"]),
    ("FLOCK_EXPAND_OR_SCORE", &["value", "random"]),
    ("RETURN_MEEPLE", &["pointer", "source"]),
    ("CAPTURE_FOLLOWER", &["pointer"]),
    ("PAY_RANSOM", &["meepleId"]),
    ("PLACE_TOKEN", &["token", "pointer"]),
    ("MOVE_NEUTRAL_FIGURE", &["figureId", "to"]),
    ("CIRCLE_REMOVE_OR_DEPLOY", &["value"]),
    ("EXCHANGE_FOLLOWER", &["meepleId"]),
    ("BAZAAR_BID", &["supplyIndex", "price"]),
    ("BAZAAR_BUY_OR_SELL", &["value"]),
    ("SCORE_ACROBATS", &["pointer"]),
];

/// A parsed saved game.
#[derive(Debug, Clone)]
pub struct JczDocument {
    pub root: Value,
    /// The span of each replay message, in order: its `"type"` key, or its first character
    /// when it has none.
    pub message_spans: Vec<Span>,
    /// The spans of the values of each replay message's payload, by key (`tileId`,
    /// `position`, `pointer`: a container from its opening to its closing bracket), in the
    /// order of `message_spans`.
    payload_spans: Vec<Vec<(String, Span)>>,
    /// The span of each element of `test.assertions`, in order.
    pub assertion_spans: Vec<Span>,
    /// The span of each element of `setup.start`, in order.
    pub start_spans: Vec<Span>,
    /// The spans of the keys of the root, of its objects and of `setup`'s objects (`players`,
    /// `setup/sets/basic:1`, `setup/rules/…`), by path.
    key_spans: HashMap<String, Span>,
    /// What reading found that does not keep the game from being read: keys JCloisterZone
    /// does not write (`J006`), the first ones and a summary of the rest.
    pub warnings: Vec<Diagnostic>,
}

impl JczDocument {
    /// The span of the key at `path` (`players`, `setup/sets/basic:1`), if the text has it.
    pub fn key_span(&self, path: &str) -> Span {
        self.key_spans.get(path).copied().unwrap_or_default()
    }

    /// Where the values of replay message `message`'s payload at `keys` stand: from the first
    /// of them in the text to the end of the last (a placement's `rotation` and `position`),
    /// so that a diagnostic about a move points at what the move says rather than at its
    /// `type`. `None` when the payload has none of them.
    pub fn payload_span(&self, message: usize, keys: &[&str]) -> Option<Span> {
        self.payload_spans
            .get(message)?
            .iter()
            .filter(|(key, _)| keys.contains(&key.as_str()))
            .map(|(_, span)| *span)
            .reduce(|a, b| Span::new(a.start.min(b.start), a.end.max(b.end)))
    }
}

/// Parses a saved game: malformed or truncated JSON is one diagnostic at its place, and a
/// document without the keys JCloisterZone always writes (or with the wrong kind of value
/// there) is refused with one diagnostic a key (`J005`), with the warnings about unknown keys
/// beside them. A byte-order mark at the start is read as the space it stands for, so that
/// every entry point reads a text alike, and places stay those of `text`.
///
/// Every reader of a saved game (the check, the import, the language server) reads it through
/// this function, so that all read the same document.
pub fn parse(text: &str) -> Result<JczDocument, Vec<Diagnostic>> {
    let body_start = if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let body = &text[body_start..];
    let root: Value = serde_json::from_str(body).map_err(|error| {
        let offset = body_start + crate::diagnostic::offset_at(body, error.line(), error.column());
        // serde's own line and column count lines its way; the report gives the place.
        let what = error.to_string();
        let what = what.split(" at line ").next().unwrap_or_default();
        vec![
            Diagnostic::new(
                &codes::MALFORMED_JCZ,
                format!("not a readable JCloisterZone saved game: {what}"),
            )
            .at(Span::new(offset, offset), "reading stopped here")
            .help("a .jcz file is the JSON that JCloisterZone saves; check that it is complete"),
        ]
    })?;
    let mut document = JczDocument {
        root,
        message_spans: Vec::new(),
        payload_spans: Vec::new(),
        assertion_spans: Vec::new(),
        start_spans: Vec::new(),
        key_spans: HashMap::new(),
        warnings: Vec::new(),
    };
    let mut unknown = UnknownKeys::default();
    locate(text, &mut document, &mut unknown);
    document.warnings = unknown.found;
    document.warnings.extend(unknown.omitted.summary());
    // The document's first character: where a key missing from it is reported.
    let root_at = body_start + (body.len() - body.trim_start().len());
    let problems = shape_problems(&document, Span::new(root_at, root_at + 1));
    if problems.is_empty() {
        Ok(document)
    } else {
        let mut diagnostics = problems;
        diagnostics.append(&mut document.warnings);
        Err(diagnostics)
    }
}

/// What kind of JSON value `value` is, as a message names it.
fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// The keys JCloisterZone always writes, each with the kind of value it holds: a missing key
/// or a value of another kind is one `J005` each; so is an entry of `players` or `replay` that
/// is not an object (the first ones, and a count of the rest).
fn shape_problems(document: &JczDocument, root_span: Span) -> Vec<Diagnostic> {
    let problem = |message: String, span: Span, label: &str| {
        Diagnostic::new(&codes::MISSHAPEN_JCZ, message)
            .at(span, label)
            .help("a JCloisterZone saved game is an object with `setup`, `players` and `replay`, as JCloisterZone 6 saves it")
    };
    let Some(root) = document.root.as_object() else {
        return vec![problem(
            format!(
                "the saved game is {}, not an object with `setup`, `players` and `replay`",
                kind_of(&document.root)
            ),
            root_span,
            "not a saved game",
        )];
    };
    let mut problems = Vec::new();
    let mut omitted = Omitted::default();
    for (key, is_wanted, wanted) in [
        ("setup", Value::is_object as fn(&Value) -> bool, "an object"),
        ("players", Value::is_array, "a list of players"),
        ("replay", Value::is_array, "a list of messages"),
    ] {
        match root.get(key) {
            None => problems.push(problem(
                format!("the saved game has no `{key}` ({wanted})"),
                root_span,
                "the saved game",
            )),
            Some(value) if !is_wanted(value) => problems.push(problem(
                format!("`{key}` holds {}, not {wanted}", kind_of(value)),
                document.key_span(key),
                "this key",
            )),
            Some(_) => {}
        }
    }
    let entries = |key: &str| {
        root.get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
    };
    for (index, player) in entries("players") {
        if !player.is_object() {
            problems.push(problem(
                format!(
                    "the player `players[{index}]` is {}, not an object with `name` and `slot`",
                    kind_of(player)
                ),
                document.key_span("players"),
                "in this list",
            ));
            omitted.keep_first(&mut problems);
        }
    }
    for (index, message) in entries("replay") {
        let span = document
            .message_spans
            .get(index)
            .copied()
            .unwrap_or_default();
        if !message.is_object() {
            problems.push(problem(
                format!(
                    "the message `replay[{index}]` is {}, not an object with `type` and `payload`",
                    kind_of(message)
                ),
                span,
                "this message",
            ));
            omitted.keep_first(&mut problems);
            continue;
        }
        let kind = message
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let Some((_, required)) = REQUIRED_PAYLOAD_KEYS.iter().find(|(k, _)| *k == kind) else {
            continue;
        };
        let payload = message.get("payload");
        let missing: Vec<String> = required
            .iter()
            .filter(|key| payload.and_then(|p| p.get(**key)).is_none())
            .map(|key| format!("`{key}`"))
            .collect();
        if !missing.is_empty() {
            let what = match payload {
                Some(payload) if payload.is_object() => "its payload has no".to_string(),
                Some(payload) => format!("its payload is {}, without", kind_of(payload)),
                None => "it has no payload, so no".to_string(),
            };
            problems.push(problem(
                format!(
                    "the {kind} message `replay[{index}]` is not a whole move: {what} {}",
                    missing.join(", ")
                ),
                span,
                "this message",
            ));
            omitted.keep_first(&mut problems);
        }
    }
    problems.extend(omitted.summary());
    problems
}

/// The containers whose keys JCloisterZone's format fixes.
#[derive(Clone, Copy)]
enum Keyed {
    Root,
    Setup,
    Start,
    Player,
    Test,
    Message,
    Payload,
}

impl Keyed {
    /// Where such a container is, for a message (`setup`, `replay[3].payload`).
    fn place(self, stack: &[Frame]) -> String {
        let index = |depth: usize| stack.get(depth).map_or("", |f| f.segment.as_str());
        match self {
            Keyed::Root => "the top level".into(),
            Keyed::Setup => "`setup`".into(),
            Keyed::Test => "`test`".into(),
            Keyed::Start => format!("`setup.start[{}]`", index(3)),
            Keyed::Player => format!("`players[{}]`", index(2)),
            Keyed::Message => format!("`replay[{}]`", index(2)),
            Keyed::Payload => format!("`replay[{}].payload`", index(2)),
        }
    }

    /// The keys the container may have (a payload's depend on its message's type).
    fn keys(self) -> &'static [&'static str] {
        match self {
            Keyed::Root => ROOT_KEYS,
            Keyed::Setup => SETUP_KEYS,
            Keyed::Start => START_KEYS,
            Keyed::Player => PLAYER_KEYS,
            Keyed::Test => TEST_KEYS,
            Keyed::Message => MESSAGE_KEYS,
            Keyed::Payload => &[],
        }
    }

    /// The container the top of `stack` is, if its keys are fixed.
    fn of(stack: &[Frame]) -> Option<Keyed> {
        let top = stack.last()?;
        if !top.object {
            return None;
        }
        // Each container below the root, by the key or index that reaches it, and whether
        // it is an object.
        let at = |depth: usize, segment: &str, object: bool| {
            stack
                .get(depth)
                .is_some_and(|f| f.object == object && (segment.is_empty() || f.segment == segment))
        };
        match stack.len() {
            1 => Some(Keyed::Root),
            2 if at(1, "setup", true) => Some(Keyed::Setup),
            2 if at(1, "test", true) => Some(Keyed::Test),
            3 if at(1, "players", false) => Some(Keyed::Player),
            3 if at(1, "replay", false) => Some(Keyed::Message),
            4 if at(1, "setup", true) && at(2, "start", false) => Some(Keyed::Start),
            4 if at(1, "replay", false) && at(2, "", true) && top.segment == "payload" => {
                Some(Keyed::Payload)
            }
            _ => None,
        }
    }
}

/// The unknown keys [`locate`] finds, as `J006` warnings (the first ones, and a count of the
/// rest), and the message being read: its type and its payload's keys, which are checked
/// when the message ends (its `type` may follow its `payload`).
#[derive(Default)]
struct UnknownKeys {
    found: Vec<Diagnostic>,
    omitted: Omitted,
    message_type: Option<String>,
    payload_keys: Vec<(String, Span)>,
}

impl UnknownKeys {
    fn warn(&mut self, key: &str, place: String, known: &[&str], span: Span) {
        let names: Vec<String> = known.iter().map(|k| k.to_string()).collect();
        let known_list = if known.is_empty() {
            "none".to_string()
        } else {
            known
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let help = match crate::diagnostic::did_you_mean(key, &names, 1) {
            Some(suggestion) => format!("{suggestion} JCloisterZone writes {known_list} there"),
            None => format!("JCloisterZone writes {known_list} there; the key is ignored"),
        };
        self.found.push(
            Diagnostic::new(
                &codes::UNKNOWN_JCZ_KEY,
                format!("unknown key {key:?} in {place}"),
            )
            .at(span, "not a key of JCloisterZone's format here")
            .help(help),
        );
        self.omitted.keep_first(&mut self.found);
    }

    /// The message at `replay[index]` ended: its payload's keys against its type's.
    fn message_ended(&mut self, index: &str) {
        let keys = std::mem::take(&mut self.payload_keys);
        let Some(kind) = self.message_type.take() else {
            return;
        };
        // A type JCloisterZone does not define is refused by the lowering (`J002`).
        let Some((_, known)) = PAYLOAD_KEYS.iter().find(|(k, _)| *k == kind) else {
            return;
        };
        for (key, span) in keys {
            if !known.contains(&key.as_str()) {
                let place = format!("the payload of `replay[{index}]` ({kind})");
                self.warn(&key, place, known, span);
            }
        }
    }
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
fn locate(text: &str, document: &mut JczDocument, unknown: &mut UnknownKeys) {
    let bytes = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    // A byte-order mark before the document is read as the space it stands for.
    let mut at = if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    while at < bytes.len() {
        let byte = bytes[at];
        match byte {
            b'}' | b']' => {
                if matches!(Keyed::of(&stack), Some(Keyed::Message)) {
                    let index = stack.last().map(|f| f.segment.clone()).unwrap_or_default();
                    unknown.message_ended(&index);
                }
                // A container that is a payload's value ends here.
                if in_payload(&stack[..stack.len().saturating_sub(1)])
                    && let Some((_, span)) = document
                        .payload_spans
                        .last_mut()
                        .and_then(|values| values.last_mut())
                {
                    span.end = at + 1;
                }
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
                    match Keyed::of(&stack) {
                        Some(Keyed::Payload) => unknown.payload_keys.push((key.clone(), span)),
                        Some(keyed) if !keyed.keys().contains(&key.as_str()) => {
                            unknown.warn(&key, keyed.place(&stack), keyed.keys(), span);
                        }
                        _ => {}
                    }
                    if let Some(top) = stack.last_mut() {
                        top.key = key;
                        top.expect_key = false;
                    }
                } else {
                    let in_message = matches!(Keyed::of(&stack), Some(Keyed::Message));
                    if in_message && stack.last().is_some_and(|top| top.key == "type") {
                        unknown.message_type = serde_json::from_str(&text[at..end]).ok();
                    }
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

/// Whether the innermost container is a replay message's payload (`replay/<n>/payload`).
fn in_payload(stack: &[Frame]) -> bool {
    stack.len() == 4
        && stack[1].segment == "replay"
        && stack[3].segment == "payload"
        && stack[3].object
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
    if in_payload(stack)
        && let Some(values) = document.payload_spans.last_mut()
    {
        values.push((segment.clone(), span));
    }
    if in_array && depth == 2 && in_path(stack, &["replay"]) {
        document.message_spans.push(span);
        document.payload_spans.push(Vec::new());
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
