//! `carcspec lsp` driven over stdio with JSON-RPC, as an editor drives it: initialize, open,
//! change, hover, definition, completion, formatting, code actions, shutdown and exit, on the
//! specs of the repository and on broken files. Every wait has a timeout, so a hung server
//! fails the test instead of blocking CI.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long any answer may take before the test fails.
const TIMEOUT: Duration = Duration::from_secs(60);

struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    /// Notifications received while waiting for something else.
    pending: Vec<Value>,
    next_id: i64,
}

fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length: ") {
            length = value.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Client {
    /// Starts the server and initializes it (UTF-16 positions, as VS Code asks).
    fn start() -> Client {
        let mut client = Client::spawn();
        let root = path_uri(Path::new("."));
        let result = client.request(
            "initialize",
            json!({ "processId": null, "rootUri": root, "capabilities": {} }),
        );
        assert_eq!(result["capabilities"]["hoverProvider"], json!(true));
        client.notify("initialized", json!({}));
        client
    }

    /// Starts the server and initializes it, its standard error written to `log`.
    fn start_logging_to(log: &Path) -> Client {
        let log = std::fs::File::create(log).expect("the log can be written");
        let mut client = Client::spawn_with(Stdio::from(log));
        let result = client.request(
            "initialize",
            json!({ "processId": null, "rootUri": path_uri(Path::new(".")), "capabilities": {} }),
        );
        assert_eq!(result["capabilities"]["hoverProvider"], json!(true));
        client.notify("initialized", json!({}));
        client
    }

    /// Starts the server without initializing it.
    fn spawn() -> Client {
        Client::spawn_with(Stdio::null())
    }

    fn spawn_with(stderr: Stdio) -> Client {
        let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp-cache");
        let mut child = Command::new(env!("CARGO_BIN_EXE_carcspec"))
            .arg("lsp")
            .env("XDG_CACHE_HOME", cache)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("carcspec lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        Client {
            child,
            stdin,
            messages,
            pending: Vec::new(),
            next_id: 0,
        }
    }

    fn send(&mut self, message: &Value) {
        self.send_body(message.to_string().as_bytes());
    }

    /// Sends `body` framed with its length, whatever it holds.
    fn send_body(&mut self, body: &[u8]) {
        let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        frame.extend_from_slice(body);
        self.send_raw(&frame);
    }

    /// Sends bytes as they are, framing and all.
    fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write");
        self.stdin.flush().expect("flush");
    }

    /// Waits for a message that `wanted` accepts; the others stay pending.
    fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + TIMEOUT;
        if let Some(at) = self.pending.iter().position(&wanted) {
            return self.pending.remove(at);
        }
        loop {
            let message = self.receive(deadline);
            if wanted(&message) {
                return message;
            }
            self.pending.push(message);
        }
    }

    /// Waits for the server to exit; its exit code.
    fn exit_code(&mut self) -> Option<i32> {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.code();
            }
            assert!(Instant::now() < deadline, "the server exits in time");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    fn receive(&mut self, deadline: Instant) -> Value {
        let left = deadline.saturating_duration_since(Instant::now());
        self.messages
            .recv_timeout(left)
            .expect("the server answers in time")
    }

    /// Sends a request and waits for its response; returns `result` (panics on an error).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let response = self.request_raw(method, params);
        assert!(response.get("error").is_none(), "{method}: {response}");
        response["result"].clone()
    }

    fn request_raw(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let message = self.receive(deadline);
            if message.get("id") == Some(&json!(id)) && message.get("method").is_none() {
                return message;
            }
            self.pending.push(message);
        }
    }

    /// Waits for the diagnostics of `uri` at `version`.
    /// The code actions offered on the first of `diagnostics` (all of them as context).
    fn code_actions_for(&mut self, uri: &str, diagnostics: &[Value]) -> Value {
        self.request(
            "textDocument/codeAction",
            json!({
                "textDocument": { "uri": uri },
                "range": diagnostics[0]["range"],
                "context": { "diagnostics": diagnostics },
            }),
        )
    }

    fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let found = self.pending.iter().position(|m| {
                m["method"] == "textDocument/publishDiagnostics"
                    && m["params"]["uri"] == uri
                    && m["params"]["version"] == version
            });
            if let Some(at) = found {
                let message = self.pending.remove(at);
                return message["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
            let message = self.receive(deadline);
            self.pending.push(message);
        }
    }

    fn open(&mut self, uri: &str, language: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": language, "version": 1, "text": text } }),
        );
    }

    fn open_file(&mut self, path: &Path) -> (String, String) {
        let text = std::fs::read_to_string(path).expect("readable");
        let uri = path_uri(path);
        let language = match path.extension().and_then(|e| e.to_str()) {
            Some("tiles") => "carcspec-tiles",
            Some("jcz") => "jcz",
            _ => "carcspec-game",
        };
        self.open(&uri, language, &text);
        (uri, text)
    }

    fn change(&mut self, uri: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "text": text }] }),
        );
    }

    fn at(&mut self, method: &str, uri: &str, position: (usize, usize)) -> Value {
        let mut params = json!({
            "textDocument": { "uri": uri },
            "position": { "line": position.0, "character": position.1 },
        });
        if method == "textDocument/references" {
            params["context"] = json!({ "includeDeclaration": true });
        }
        self.request(method, params)
    }

    /// The markdown of a hover at `position`.
    fn hover(&mut self, uri: &str, position: (usize, usize)) -> String {
        let hover = self.at("textDocument/hover", uri, position);
        hover["contents"]["value"]
            .as_str()
            .expect("a hover in markdown")
            .to_string()
    }

    /// Shuts the server down; it must exit with 0.
    fn shutdown(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        assert_eq!(self.exit_code(), Some(0), "the server exits cleanly");
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn path_uri(path: &Path) -> String {
    let absolute = std::fs::canonicalize(path).expect("exists");
    carcspec::lsp::text::path_to_uri(&absolute)
        .expect("a file uri")
        .as_str()
        .to_string()
}

/// The (line, character) of the first occurrence of `needle` after `after` in `text`, plus
/// `shift` characters (ASCII text).
fn find(text: &str, after: &str, needle: &str, shift: usize) -> (usize, usize) {
    let from = text.find(after).expect("marker in text");
    let at = from + text[from..].find(needle).expect("needle in text") + shift;
    let line = text[..at].matches('\n').count();
    let column = at - text[..at].rfind('\n').map_or(0, |n| n + 1);
    (line, column)
}

fn files(dir: &str, extension: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![PathBuf::from(dir)];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).expect("folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == extension) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn codes_of(diagnostics: &[Value]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap_or("").to_string())
        .collect()
}

/// Every spec and every invalid game fixture shows, in the editor, exactly the diagnostics
/// `carcspec check` reports: same codes on the same lines.
#[test]
fn diagnostics_are_those_of_check() {
    let mut client = Client::start();
    let mut games = files("spec", "game");
    games.extend(files("tests/fixtures/games/invalid", "game"));
    let mut opened = Vec::new();
    for path in &games {
        let (uri, _) = client.open_file(path);
        opened.push((path.clone(), uri));
    }
    let mut with_findings = 0;
    for (path, uri) in &opened {
        let shown = client.diagnostics(uri, 1);
        let report = carcspec::check::check_file(path);
        let line_of = |offset: usize| {
            report.text[..offset.min(report.text.len())]
                .matches('\n')
                .count()
        };
        let expected: Vec<(String, usize)> = report
            .diagnostics
            .iter()
            .map(|d| {
                let line = d.primary.as_ref().map_or(0, |l| line_of(l.span.start));
                (d.code.code.to_string(), line)
            })
            .collect();
        let got: Vec<(String, usize)> = shown
            .iter()
            .map(|d| {
                (
                    d["code"].as_str().unwrap_or("").to_string(),
                    d["range"]["start"]["line"].as_u64().unwrap_or(u64::MAX) as usize,
                )
            })
            .collect();
        assert_eq!(got, expected, "{}", path.display());
        with_findings += usize::from(!got.is_empty());
    }
    assert!(with_findings >= 20, "the invalid fixtures have findings");
    client.shutdown();
}

/// A violation points at the move, links its code to the explanation and names the earlier
/// move involved as related information; an edit that fixes it clears the diagnostics.
#[test]
fn violations_carry_related_moves_and_clear_on_change() {
    let mut client = Client::start();
    let path = Path::new("spec/carcassonne/occupied-feature.game");
    let text = std::fs::read_to_string(path).unwrap();
    // Without the expectation the violation is reported.
    let broken = text.replacen("expect violation feature-occupied\n", "", 1);
    let uri = path_uri(path);
    client.open(&uri, "carcspec-game", &broken);
    let diagnostics = client.diagnostics(&uri, 1);
    assert_eq!(codes_of(&diagnostics), ["V110"], "{diagnostics:?}");
    let v110 = &diagnostics[0];
    assert_eq!(
        v110["range"]["start"]["line"],
        json!(find(&broken, "turn blue", "deploy knight on E", 0).0)
    );
    let related = v110["relatedInformation"]
        .as_array()
        .expect("related moves");
    let put_line = find(&broken, "lay BA", "put red knight", 0).0;
    assert!(
        related
            .iter()
            .any(|r| r["location"]["range"]["start"]["line"] == json!(put_line)),
        "{related:?}"
    );
    assert!(v110["message"].as_str().unwrap().contains("help:"));
    let href = v110["codeDescription"]["href"].as_str().expect("a link");
    let explanation = std::fs::read_to_string(href.strip_prefix("file://").unwrap()).unwrap();
    assert!(
        explanation.starts_with("# V110 feature-occupied"),
        "{explanation}"
    );

    client.change(&uri, 2, &text);
    assert_eq!(client.diagnostics(&uri, 2), Vec::<Value>::new());
    client.shutdown();
}

/// Changes faster than the checks: the last version's diagnostics are published, and none of
/// a version older than one already published.
#[test]
fn rapid_changes_publish_the_newest_version() {
    let mut client = Client::start();
    let path = Path::new("spec/hunters-gatherers/short-complete-game.game");
    let (uri, text) = client.open_file(path);
    for version in 2..=30 {
        // Even versions break the game; the last one (30) is broken too.
        let body = if version % 2 == 0 {
            text.replacen("players", "players\nturn nobody\n", 1)
        } else {
            text.clone()
        };
        client.change(&uri, version, &body);
    }
    let last = client.diagnostics(&uri, 30);
    assert!(!last.is_empty());
    let published: Vec<i64> = client
        .pending
        .iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri)
        .filter_map(|m| m["params"]["version"].as_i64())
        .collect();
    assert!(
        published.iter().all(|v| *v < 30),
        "nothing after the newest: {published:?}"
    );
    client.shutdown();
}

#[test]
fn hover_explains_tiles_anchors_codes_and_turns() {
    let mut client = Client::start();
    let path = Path::new("spec/hunters-gatherers/huts-and-fishermen.game");
    let (uri, text) = client.open_file(path);
    client.diagnostics(&uri, 1);

    let value = client.hover(&uri, find(&text, "turn blue", "LAKE-WE", 1));
    assert!(value.contains("tile `LAKE-WE`"), "{value}");
    assert!(value.contains("lake"), "the features: {value}");
    assert!(
        value.contains("rulebook.tiles"),
        "where it comes from: {value}"
    );
    // Its picture, drawn by the renderer: an SVG (`<svg` is `PHN2Zy` in base64).
    assert!(
        value.contains("](data:image/svg+xml;base64,PHN2Zy"),
        "{value}"
    );

    let value = client.hover(&uri, find(&text, "draw LAKE-WE", "on I", 3));
    assert!(value.contains("inside"), "{value}");
    assert!(
        value.contains("lake"),
        "the feature it names on LAKE-WE: {value}"
    );

    let value = client.hover(&uri, find(&text, "expect violation", "feature-occupied", 2));
    assert!(value.starts_with("# V110 feature-occupied"), "{value}");

    // Scores: a spec whose turn scores.
    let path = Path::new("spec/hunters-gatherers/river-scores-6.game");
    let (uri, text) = client.open_file(path);
    client.diagnostics(&uri, 1);
    let value = client.hover(&uri, find(&text, "\nturn ", "turn", 1));
    assert!(value.contains("this turn scored"), "{value}");
    assert!(value.contains("red 6"), "{value}");

    // On a placement: the tile in its rotation.
    let path = Path::new("spec/carcassonne/occupied-feature.game");
    let (uri, text) = client.open_file(path);
    let value = client.hover(&uri, find(&text, "draw BA/C\n", "r270", 1));
    assert!(
        value.starts_with("**`BA/C`** placed turned r270"),
        "{value}"
    );
    assert!(value.contains("data:image/svg+xml;base64,"), "{value}");
    client.shutdown();
}

#[test]
fn definition_and_references_of_tiles_and_players() {
    let mut client = Client::start();
    // A tile of a tile set on disk.
    let path = Path::new("spec/hunters-gatherers/huts-and-fishermen.game");
    let (uri, text) = client.open_file(path);
    let found = client.at(
        "textDocument/definition",
        &uri,
        find(&text, "turn blue", "LAKE-WE", 2),
    );
    let location = &found[0];
    assert!(
        location["uri"]
            .as_str()
            .unwrap()
            .ends_with("spec/hunters-gatherers/rulebook.tiles")
    );
    let tiles = std::fs::read_to_string("spec/hunters-gatherers/rulebook.tiles").unwrap();
    let line = location["range"]["start"]["line"].as_u64().unwrap() as usize;
    assert!(
        tiles
            .lines()
            .nth(line)
            .unwrap()
            .starts_with("tile LAKE-WE "),
        "line {line}"
    );

    // A shipped tile set: the file under tiles/ of this checkout.
    let path = Path::new("spec/carcassonne/occupied-feature.game");
    let (uri, text) = client.open_file(path);
    let found = client.at(
        "textDocument/definition",
        &uri,
        find(&text, "turn red", "BA/C", 1),
    );
    let location = &found[0];
    let target = location["uri"].as_str().unwrap();
    assert!(target.ends_with("tiles/carcassonne-base.tiles"), "{target}");
    let shipped = std::fs::read_to_string("tiles/carcassonne-base.tiles").unwrap();
    let line = location["range"]["start"]["line"].as_u64().unwrap() as usize;
    assert!(
        shipped.lines().nth(line).unwrap().starts_with("tile BA/C "),
        "line {line}"
    );

    // Players: the definition is in `players`, the references every use.
    let found = client.at(
        "textDocument/definition",
        &uri,
        find(&text, "turn blue", "blue", 0),
    );
    assert_eq!(
        found[0]["range"]["start"]["line"],
        json!(find(&text, "players", "blue", 0).0)
    );
    let all = client.at(
        "textDocument/references",
        &uri,
        find(&text, "players", "red", 0),
    );
    let uses = text
        .lines()
        .filter(|l| l.split_whitespace().any(|w| w == "red") && !l.starts_with('#'))
        .count();
    // The declaration in `players` and every use.
    assert_eq!(all.as_array().unwrap().len(), uses, "{all}");

    // A tile defined in the game file.
    let local = "ruleset hunters-gatherers\nplayers red blue\ntile START start {\n  meadow: N E S W\n}\ntile M x3 {\n  meadow: N E S W\n}\nturn red\ndraw M\nplace at 1,0\npass\nstop\n";
    let uri = "file:///nowhere/local.game";
    client.open(uri, "carcspec-game", local);
    let found = client.at("textDocument/definition", uri, find(local, "draw", "M", 0));
    assert_eq!(
        found[0]["range"]["start"],
        json!({ "line": 5, "character": 5 })
    );
    let refs = client.at("textDocument/references", uri, (5, 5));
    assert_eq!(refs.as_array().unwrap().len(), 2, "{refs}");
    client.shutdown();
}

#[test]
fn completion_offers_keywords_tiles_anchors_and_legal_placements() {
    let mut client = Client::start();
    let path = Path::new("spec/hunters-gatherers/huts-and-fishermen.game");
    let text = std::fs::read_to_string(path).unwrap();
    let uri = path_uri(path);
    let labels = |items: &Value| -> Vec<String> {
        items
            .as_array()
            .expect("a list")
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect()
    };

    // A deployment being written on LAKE-WE (placed at 1,0): its anchors.
    let cut = text.find("deploy hut on I").unwrap();
    let typing = format!("{}deploy hut on \n", &text[..cut]);
    client.open(&uri, "carcspec-game", &typing);
    let at = find(&typing, "draw LAKE-WE", "deploy hut on ", 14);
    let items = labels(&client.at("textDocument/completion", &uri, at));
    for anchor in ["I", "W", "E"] {
        assert!(items.contains(&anchor.to_string()), "{anchor} in {items:?}");
    }
    assert!(
        !items.contains(&"NL".to_string()),
        "only anchors of the tile: {items:?}"
    );

    // The start of a line in a turn: the statements of a turn.
    client.change(&uri, 2, &format!("{}\n", &text[..cut]));
    let line = typing[..cut].matches('\n').count();
    let items = labels(&client.at("textDocument/completion", &uri, (line, 0)));
    for keyword in ["deploy", "pass", "expect", "turn"] {
        assert!(
            items.contains(&keyword.to_string()),
            "{keyword} in {items:?}"
        );
    }

    // A figure's place named by its position (`expect stands`, `return`, `put`): the
    // features of the tile there, LAKE-WE at 1,0, not of the tile placed last (RIVER-WE).
    let cut = text.find("\n# A second hut").unwrap();
    let typing = format!("{}\nexpect stands blue hut at 1,0 on \n", &text[..cut]);
    client.change(&uri, 3, &typing);
    let line = typing.matches('\n').count() - 1;
    let items = labels(&client.at("textDocument/completion", &uri, (line, 34)));
    assert!(
        items.contains(&"I".to_string()),
        "LAKE-WE's lake in {items:?}"
    );

    // After `expect`: every kind of expectation.
    let typing = format!("{}\nexpect \n", &text[..cut]);
    client.change(&uri, 4, &typing);
    let line = typing.matches('\n').count() - 1;
    let items = labels(&client.at("textDocument/completion", &uri, (line, 7)));
    for kind in [
        "score",
        "winner",
        "supply",
        "stands",
        "home",
        "bonus",
        "unsupported",
    ] {
        assert!(items.contains(&kind.to_string()), "{kind} in {items:?}");
    }

    // The start of a header line: the header's statements, `start` and `supply` among them.
    let typing = "ruleset hunters-gatherers\n\n";
    client.change(&uri, 5, typing);
    let items = labels(&client.at("textDocument/completion", &uri, (1, 0)));
    for keyword in ["tiles", "players", "start", "supply", "excerpt", "variant"] {
        assert!(
            items.contains(&keyword.to_string()),
            "{keyword} in {items:?}"
        );
    }
    assert!(
        !items.contains(&"deploy".to_string()),
        "no move in a header: {items:?}"
    );

    // A supply, a variant and its values: the ruleset's own.
    let typing =
        "ruleset hunters-gatherers\nsupply \nvariant \nvariant returned-figures-on-bonus-tile \n";
    client.change(&uri, 6, typing);
    let items = labels(&client.at("textDocument/completion", &uri, (1, 7)));
    assert_eq!(
        items,
        ["tribe-members", "huts"],
        "the supplies of Hunters and Gatherers"
    );
    // A Carcassonne supply: the pools of the game's expansions, and no other.
    client.change(
        &uri,
        7,
        "ruleset carcassonne\nexpansion hills-and-sheep\nsupply \n",
    );
    let items = labels(&client.at("textDocument/completion", &uri, (2, 7)));
    assert_eq!(
        items,
        ["followers", "shepherds"],
        "Hills & Sheep's shepherds"
    );
    client.change(&uri, 8, typing);
    let items = labels(&client.at("textDocument/completion", &uri, (2, 8)));
    assert!(
        items.contains(&"returned-figures-on-bonus-tile".to_string()),
        "{items:?}"
    );
    assert!(
        !items.contains(&"player-count".to_string()),
        "a Carcassonne variant: {items:?}"
    );
    let items = labels(&client.at("textDocument/completion", &uri, (3, 39)));
    assert_eq!(items, ["forbidden", "allowed"]);

    // A tile to draw: the ids of the game's tile sets.
    let cut = text.find("draw LAKE-WE").unwrap();
    let typing = format!("{}draw \n", &text[..cut]);
    client.change(&uri, 8, &typing);
    let line = typing[..cut].matches('\n').count();
    let items = labels(&client.at("textDocument/completion", &uri, (line, 5)));
    assert!(items.contains(&"LAKE-WE".to_string()) && items.contains(&"RIVER-WE".to_string()));

    // A placement: exactly the legal positions and rotations the checker computes.
    let cut = text.find("place at 1,0").unwrap();
    let typing = format!("{}place at \n", &text[..cut]);
    client.change(&uri, 7, &typing);
    let line = typing[..cut].matches('\n').count();
    let items = labels(&client.at("textDocument/completion", &uri, (line, 9)));
    let expected = legal_placements(&text[..cut], "LAKE-WE", path.parent().unwrap());
    assert!(!expected.is_empty());
    let mut got = items.clone();
    got.sort();
    assert_eq!(got, expected);
    client.shutdown();
}

/// The legal placements of `tile` after the game text `prefix`, as the checker reports them
/// for a wrong `expect placements` (so that the test does not trust the server's own answer).
fn legal_placements(prefix: &str, tile: &str, base: &Path) -> Vec<String> {
    let probe = format!("{prefix}expect placements {tile} none\nstop\n");
    let report = carcspec::check::check_text("probe.game", probe, base);
    let mismatch = report
        .diagnostics
        .iter()
        .find(|d| d.code.code == "X005")
        .expect("the tile fits somewhere");
    let list = mismatch.message.split(" fits at ").nth(1).unwrap();
    let mut placements: Vec<String> = list.split(", ").map(str::to_string).collect();
    placements.sort();
    placements
}

#[test]
fn formatting_a_tile_set_and_quick_fixes() {
    let mut client = Client::start();
    let messy = "tileset t\nruleset carcassonne\ntile A   x2 start {\n    city c:   N\n  field: E S W touches=c\n}\n";
    let uri = "file:///nowhere/messy.tiles";
    client.open(uri, "carcspec-tiles", messy);
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    let (ast, _) = carcspec::syntax::tiles::parse(messy);
    let formatted = apply_edits(messy, edits.as_array().unwrap());
    assert_eq!(formatted, carcspec::format::tiles::format(&ast));
    // Minimal edits: the lines already in layout (`tileset`, `ruleset`, `}`) are left alone.
    assert!(
        edits
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["range"]["start"]["line"] != 0),
        "{edits}"
    );

    // A game: `carcspec fmt`'s layout; a formatted spec needs no edit.
    let game = "ruleset  hunters-gatherers\nplayers red   blue\n\n\n\nturn red;draw A   # drawn\n";
    let game_uri = "file:///nowhere/messy.game";
    client.open(game_uri, "carcspec-game", game);
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": game_uri }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    let formatted = carcspec::format::game_layout::format(game);
    assert_eq!(apply_edits(game, edits.as_array().unwrap()), formatted);
    assert!(
        formatted.contains("turn red; draw A  # drawn"),
        "{formatted}"
    );
    let (spec_uri, _) = client.open_file(Path::new("spec/carcassonne/occupied-feature.game"));
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": spec_uri }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    assert_eq!(edits, json!([]));

    // A file with a syntax error is not formatted.
    client.change(uri, 2, "tile A {\n  city: N\n");
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    assert_eq!(edits, Value::Null);

    // An anchor the placed tile does not have: replace it with the nearest one it has.
    let path = Path::new("tests/fixtures/games/invalid/no-such-feature.game");
    let (uri, text) = client.open_file(path);
    let diagnostics = client.diagnostics(&uri, 1);
    assert_eq!(codes_of(&diagnostics), ["V111"]);
    let actions = client.code_actions_for(&uri, &diagnostics);
    let first = &actions[0];
    assert_eq!(first["kind"], json!("quickfix"));
    let edit = &first["edit"]["changes"][&uri][0];
    let at = find(&text, "deploy fisherman", "I", 0);
    assert_eq!(
        edit["range"]["start"],
        json!({ "line": at.0, "character": at.1 })
    );
    let replacement = edit["newText"].as_str().unwrap();
    assert!(["N", "E", "S", "W"].contains(&replacement), "{replacement}");
    client.shutdown();
}

/// Broken input of every kind: the server answers, reports, and never dies.
#[test]
fn broken_documents_and_requests_do_not_stop_the_server() {
    let mut client = Client::start();
    let inputs = [
        (
            "file:///x/a.game",
            "carcspec-game",
            "ruleset\nplayers\nturn\ndeploy on\nexpect placements\n\"unterminated\n",
        ),
        (
            "file:///x/b.tiles",
            "carcspec-tiles",
            "tile {\n  city c: Q\n}}\n",
        ),
        ("file:///x/c.jcz", "jcz", "{\"players\": ["),
        (
            "file:///x/d.game",
            "carcspec-game",
            "\u{0}\u{feff}ü𝄞\r\n;;;",
        ),
    ];
    for (uri, language, text) in inputs {
        client.open(uri, language, text);
        assert!(!client.diagnostics(uri, 1).is_empty(), "{uri}");
        for line in 0..4 {
            for character in [0, 3, 40] {
                for method in [
                    "textDocument/hover",
                    "textDocument/definition",
                    "textDocument/completion",
                    "textDocument/references",
                ] {
                    client.at(method, uri, (line, character));
                }
            }
        }
        client.request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": uri } }),
        );
    }
    // Parameters that are not what the method takes: an error answer, not a crash.
    let response = client.request_raw("textDocument/hover", json!({ "nonsense": true }));
    assert!(response.get("error").is_some());
    let response = client.request_raw("textDocument/unknownThing", json!({}));
    assert!(response.get("error").is_some());
    // A request on a document never opened has no answer.
    let hover = client.at("textDocument/hover", "file:///never/opened.game", (0, 0));
    assert_eq!(hover, Value::Null);
    client.shutdown();
}

/// `.jcz` saved games are checked on open and on save, not while they are edited.
#[test]
fn jcz_is_checked_on_open_and_save() {
    let mut client = Client::start();
    let path = files("tests/fixtures/jcz", "jcz")
        .into_iter()
        .next()
        .expect("a .jcz fixture");
    let (uri, text) = client.open_file(&path);
    let expected = carcspec::check::check_file(&path).diagnostics.len();
    assert_eq!(client.diagnostics(&uri, 1).len(), expected);
    client.change(&uri, 2, "not json at all");
    client.notify(
        "textDocument/didSave",
        json!({ "textDocument": { "uri": uri }, "text": text }),
    );
    // The save checks the text as saved; the change alone published nothing.
    let saved = client.diagnostics(&uri, 2);
    assert_eq!(saved.len(), expected);
    client.shutdown();
}

/// L002: a game reads its tile set from disk, so unsaved changes of the set in the editor are
/// pointed out; saving the set checks the game again.
#[test]
fn unsaved_tile_set_is_pointed_out() {
    let mut client = Client::start();
    let set = Path::new("spec/hunters-gatherers/rulebook.tiles");
    let (set_uri, set_text) = client.open_file(set);
    let game = Path::new("spec/hunters-gatherers/huts-and-fishermen.game");
    let (game_uri, _) = client.open_file(game);
    assert!(client.diagnostics(&game_uri, 1).is_empty());
    client.change(&set_uri, 2, &format!("{set_text}\n# an edit\n"));
    let diagnostics = client.diagnostics(&game_uri, 1);
    assert_eq!(codes_of(&diagnostics), ["L002"], "{diagnostics:?}");
    client.notify(
        "textDocument/didSave",
        json!({ "textDocument": { "uri": set_uri }, "text": set_text }),
    );
    // (the text saved is the file's own: nothing on disk changes in this test)
    let deadline = Instant::now() + TIMEOUT;
    loop {
        let cleared = client.pending.iter().any(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == game_uri
                && m["params"]["diagnostics"] == json!([])
        });
        if cleared {
            break;
        }
        let message = client.receive(deadline);
        client.pending.push(message);
    }
    client.shutdown();
}

/// Every code of the language server's range is documented and produced by a test here.
#[test]
fn every_lsp_code_is_exercised() {
    let exercised = ["L001", "L002", "L010", "L011"];
    for code in carcspec::rules::codes::all()
        .iter()
        .filter(|c| c.code.starts_with('L'))
    {
        assert!(
            exercised.contains(&code.code),
            "{} is exercised by no test",
            code.code
        );
        assert!(!carcspec::rules::codes::explanation(code).is_empty());
    }
}

/// Applies the text edits of one code action to `text` (edits of one document, any order).
/// Lines end as the protocol says: at a LF, a CR LF, or a CR alone.
fn apply_edits(text: &str, edits: &[Value]) -> String {
    let mut line_starts = vec![0];
    let bytes = text.as_bytes();
    for (at, byte) in bytes.iter().enumerate() {
        if *byte == b'\n' || (*byte == b'\r' && bytes.get(at + 1) != Some(&b'\n')) {
            line_starts.push(at + 1);
        }
    }
    let offset = |position: &Value| {
        let line = position["line"].as_u64().unwrap() as usize;
        let character = position["character"].as_u64().unwrap() as usize;
        line_starts[line] + character
    };
    let mut edits: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (start, end, new_text) in edits {
        out.replace_range(start..end, &new_text);
    }
    out
}

/// The legal-placements expectation inserted after a draw, and the one written over a wrong
/// expectation, both hold when the game is checked.
#[test]
fn placement_expectations_from_code_actions_hold() {
    let mut client = Client::start();
    let path = Path::new("spec/hunters-gatherers/huts-and-fishermen.game");
    let (uri, text) = client.open_file(path);
    let at = find(&text, "turn red", "draw RIVER-WE", 0);
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": at.0, "character": 0 }, "end": { "line": at.0, "character": 0 } },
            "context": { "diagnostics": [] },
        }),
    );
    let insert = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "insert the legal placements of `RIVER-WE`")
        .expect("the insert action");
    let edited = apply_edits(&text, insert["edit"]["changes"][&uri].as_array().unwrap());
    assert!(
        edited.contains("draw RIVER-WE\nexpect placements RIVER-WE at "),
        "{edited}"
    );
    let report = carcspec::check::check_text("edited.game", edited, path.parent().unwrap());
    assert!(report.ok(), "{:?}", report.diagnostics);
    assert_eq!(report.expectations_failed, 0);

    let path = Path::new("tests/fixtures/games/invalid/wrong-placements.game");
    let (uri, text) = client.open_file(path);
    let diagnostics = client.diagnostics(&uri, 1);
    assert_eq!(codes_of(&diagnostics), ["X005"]);
    let actions = client.code_actions_for(&uri, &diagnostics);
    let fix = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["kind"] == "quickfix")
        .expect("a quick fix");
    let edited = apply_edits(&text, fix["edit"]["changes"][&uri].as_array().unwrap());
    let report = carcspec::check::check_text("edited.game", edited, path.parent().unwrap());
    assert!(report.ok(), "{:?}", report.diagnostics);
    client.shutdown();
}

/// A wrong `expect score`, `total` or `final`: the quick fix writes the points of the replay,
/// and the game then checks clean.
#[test]
fn score_expectations_are_fixed_by_the_replay() {
    let mut client = Client::start();
    for (fixture, code) in [
        ("wrong-turn-score", "X001"),
        ("wrong-total", "X002"),
        ("wrong-final", "X003"),
    ] {
        let path = PathBuf::from(format!("tests/fixtures/games/invalid/{fixture}.game"));
        let (uri, text) = client.open_file(&path);
        let diagnostics = client.diagnostics(&uri, 1);
        assert_eq!(codes_of(&diagnostics), [code]);
        let actions = client.code_actions_for(&uri, &diagnostics);
        let fix = actions
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["kind"] == "quickfix")
            .unwrap_or_else(|| panic!("a quick fix for {fixture}: {actions}"));
        let edited = apply_edits(&text, fix["edit"]["changes"][&uri].as_array().unwrap());
        let report =
            carcspec::check::check_text("edited.game", edited.clone(), path.parent().unwrap());
        assert!(report.ok(), "{fixture}: {edited}\n{:?}", report.diagnostics);
    }
    client.shutdown();
}

/// Completion on a deployment: the figures the player has left, and the spots of the placed
/// tile where one may legally stand come first.
#[test]
fn completion_of_figures_and_legal_spots() {
    let mut client = Client::start();
    let path = Path::new("spec/carcassonne/occupied-feature.game");
    let text = std::fs::read_to_string(path).unwrap();
    let uri = path_uri(path);
    // Blue's knight may not join red's city: E (the city) is not a legal spot, the field is.
    let cut = text.find("deploy knight on E").unwrap();
    let typing = format!("{}deploy knight on \n", &text[..cut]);
    client.open(&uri, "carcspec-game", &typing);
    let line = typing[..cut].matches('\n').count();
    let items = client.at("textDocument/completion", &uri, (line, 17));
    let detail = |label: &str| -> String {
        items
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["label"] == label)
            .map(|i| i["detail"].as_str().unwrap().to_string())
            .unwrap_or_else(|| panic!("{label} in {items}"))
    };
    assert!(
        detail("E").starts_with("city") && !detail("E").contains("legal"),
        "{}",
        detail("E")
    );
    // The spots are the named figure's: a knight stands on no field, so no field is marked.
    let legal_fields = |items: &serde_json::Value| {
        items
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| {
                let detail = i["detail"].as_str().unwrap();
                detail.starts_with("field") && detail.contains("· legal")
            })
            .count()
    };
    assert_eq!(legal_fields(&items), 0, "{items}");
    // A farmer's are the fields.
    let typing = format!("{}deploy farmer on \n", &text[..cut]);
    client.change(&uri, 3, &typing);
    let items = client.at("textDocument/completion", &uri, (line, 17));
    assert!(legal_fields(&items) > 0, "{items}");
    assert!(
        !items.as_array().unwrap().iter().any(|i| i["detail"]
            .as_str()
            .unwrap()
            .starts_with("city")
            && i["detail"].as_str().unwrap().contains("· legal")),
        "{items}"
    );

    let typing = format!("{}deploy \n", &text[..cut]);
    client.change(&uri, 4, &typing);
    let items = client.at("textDocument/completion", &uri, (line, 7));
    let knight = items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "knight")
        .expect("knight offered");
    // Blue has all 7 meeples: none deployed yet.
    assert!(
        knight["detail"].as_str().unwrap().starts_with("7 left"),
        "{knight}"
    );
    assert!(
        !items
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["label"] == "shepherd"),
        "no Hills & Sheep here"
    );
    client.shutdown();
}

/// With Inns & Cathedrals the large follower's four words are offered, with what is left of
/// its own pool (red's one large follower already stands in the city); the tile language
/// completes `inn` and `cathedral` on a feature's line.
#[test]
fn completion_of_the_large_follower_and_of_inns_and_cathedrals() {
    let mut client = Client::start();
    let path = Path::new("spec/inns-and-cathedrals/one-large-follower-each.game");
    let text = std::fs::read_to_string(path).unwrap();
    let uri = path_uri(path);
    let cut = text.find("deploy large-thief on N").unwrap();
    let typing = format!("{}deploy \n", &text[..cut]);
    client.open(&uri, "carcspec-game", &typing);
    let line = typing[..cut].matches('\n').count();
    let items = client.at("textDocument/completion", &uri, (line, 7));
    let detail = |label: &str| -> String {
        items
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["label"] == label)
            .map(|i| i["detail"].as_str().unwrap().to_string())
            .unwrap_or_else(|| panic!("{label} in {items}"))
    };
    for large in ["large-thief", "large-knight", "large-monk", "large-farmer"] {
        assert!(
            detail(large).starts_with("0 left"),
            "{large}: {}",
            detail(large)
        );
    }
    assert!(detail("thief").starts_with("7 left"), "{}", detail("thief"));

    let tiles = "tileset t\nruleset carcassonne\nexpansion inns-and-cathedrals\ntile A {\n  road: E W \n}\n";
    let uri = "file:///nowhere/inns.tiles";
    client.open(uri, "carcspec-tiles", tiles);
    let items = client.at("textDocument/completion", uri, (4, 12));
    for content in ["inn", "cathedral"] {
        assert!(
            items
                .as_array()
                .unwrap()
                .iter()
                .any(|i| i["label"] == content),
            "{content} in {items}"
        );
    }
    client.shutdown();
}

mod never_panics {
    //! The server's document analysis and every request it answers, on arbitrary and damaged
    //! text at any position: only a panic fails (the server would catch it as `L001`; here it
    //! is not caught, so that it shows).

    use std::path::Path;

    use carcspec::lsp::analysis::DocumentKind;
    use proptest::prelude::*;

    /// `text` with the bytes from `cut` (wrapped to its length) to `cut + len` replaced by
    /// `insert` (as in `tests/properties.rs`).
    fn damage(text: &str, cut: usize, len: usize, insert: &str) -> String {
        let mut bytes = text.as_bytes().to_vec();
        let cut = cut % bytes.len().max(1);
        let end = (cut + len).min(bytes.len());
        bytes.splice(cut..end, insert.bytes());
        String::from_utf8_lossy(&bytes).into_owned()
    }

    fn exercise(kind: DocumentKind, path: &str, text: &str, offset: usize) {
        let offset = offset % (text.len() + 1);
        carcspec::lsp::exercise(kind, Some(Path::new(path)), text, offset);
    }

    const SPECS: &[&str] = &[
        "spec/hunters-gatherers/huts-and-fishermen.game",
        "spec/hunters-gatherers/bonus-shrine.game",
        "spec/carcassonne/occupied-feature.game",
        "spec/hills-and-sheep/example-2-wolf.game",
    ];

    fn game_piece() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("ruleset carcassonne\n".to_string()),
            Just("tiles carcassonne-base\n".to_string()),
            Just("players red blue\n".to_string()),
            Just("lay BA/C at 0,0 r90\n".to_string()),
            Just("put red knight at 0,0 on N\n".to_string()),
            Just("turn red\n".to_string()),
            Just("draw BA/RCr\n".to_string()),
            Just("place at 1,0 r180\n".to_string()),
            Just("place at \n".to_string()),
            Just("deploy knight on ER+SL\n".to_string()),
            Just("deploy farmer on c\n".to_string()),
            Just("deploy \n".to_string()),
            Just("expect placements BA/C at 1,0 r0\n".to_string()),
            Just("expect violation V110\n".to_string()),
            Just("tile L {\n  city c: N E S W\n}\n".to_string()),
            "[ -~]{0,16}\n",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn arbitrary_text(text in any::<String>(), offset in any::<usize>()) {
            exercise(DocumentKind::Game, "spec/x.game", &text, offset);
            exercise(DocumentKind::Tiles, "spec/x.tiles", &text, offset);
            exercise(DocumentKind::Jcz, "spec/x.jcz", &text, offset);
        }

        #[test]
        fn games_of_pieces(pieces in proptest::collection::vec(game_piece(), 0..30), offset in any::<usize>()) {
            exercise(DocumentKind::Game, "spec/carcassonne/x.game", &pieces.concat(), offset);
        }

        #[test]
        fn damaged_specs(spec in 0..SPECS.len(), cut in 0usize..5_000, len in 0usize..80, insert in "[ -~\n]{0,8}", offset in any::<usize>()) {
            let text = std::fs::read_to_string(SPECS[spec]).unwrap();
            exercise(DocumentKind::Game, SPECS[spec], &damage(&text, cut, len, &insert), offset);
        }

        #[test]
        fn damaged_tile_sets(cut in 0usize..30_000, len in 0usize..200, insert in "[ -~\n]{0,8}", offset in any::<usize>()) {
            let text = carcspec::shipped::tiles("hills-and-sheep").unwrap();
            exercise(DocumentKind::Tiles, "tiles/x.tiles", &damage(text, cut, len, &insert), offset);
        }
    }
}

/// Editors send changes as ranges (the server asks for incremental sync), with columns in
/// UTF-16 code units: the server's text after a series of such edits is the editor's.
#[test]
fn incremental_changes_apply_in_utf16_columns() {
    let mut client = Client::start();
    let uri = "file:///nowhere/edited.tiles";
    client.open(uri, "carcspec-tiles", "tileset t\nruleset carcassonne\n");
    let edit = |client: &mut Client, version: i64, range: [(u32, u32); 2], text: &str| {
        client.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{
                    "range": {
                        "start": { "line": range[0].0, "character": range[0].1 },
                        "end": { "line": range[1].0, "character": range[1].1 },
                    },
                    "text": text,
                }],
            }),
        );
    };
    // Append a tile whose comment holds characters outside the BMP (two UTF-16 units each).
    edit(
        &mut client,
        2,
        [(2, 0), (2, 0)],
        "tile A x2 {  # 𝄞𝄞 é\n  city c: N\n}\n",
    );
    // Replace `N` (line 3, after `  city c: `) by `N   E`: columns count UTF-16 units.
    edit(&mut client, 3, [(3, 10), (3, 11)], "N   E");
    // Delete the `x2 ` on line 2 and insert a count after the comment's last character.
    edit(&mut client, 4, [(2, 7), (2, 10)], "");
    edit(&mut client, 5, [(2, 20), (2, 20)], "!");
    let expected = "tileset t\nruleset carcassonne\ntile A {  # 𝄞𝄞 é!\n  city c: N   E\n}\n";
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    let (ast, diagnostics) = carcspec::syntax::tiles::parse(expected);
    assert!(diagnostics.is_empty());
    // The server's text is `expected` exactly when its formatting edits turn `expected` into
    // the formatted text.
    assert_eq!(
        apply_edits(expected, edits.as_array().unwrap()),
        carcspec::format::tiles::format(&ast)
    );
    // The edits lie within the text as the server holds it: five lines.
    for edit in edits.as_array().unwrap() {
        assert!(
            edit["range"]["end"]["line"].as_u64().unwrap() <= 5,
            "{edit}"
        );
    }
    // And its diagnostics are those of the same text linted.
    let linted = carcspec::load::from_text("edited.tiles", expected.to_string(), None);
    let codes: Vec<String> = linted
        .diagnostics
        .iter()
        .map(|d| d.code.code.to_string())
        .collect();
    assert_eq!(codes_of(&client.diagnostics(uri, 5)), codes);
    client.shutdown();
}

/// The error a response carries: its code.
fn error_code(response: &Value) -> Option<i64> {
    response["error"]["code"].as_i64()
}

/// Every kind of malformed message gets the JSON-RPC error the protocol gives for it, a log
/// message to the client, and the server goes on to answer the next request.
#[test]
fn malformed_messages_are_answered_and_the_server_reads_on() {
    let mut client = Client::start();
    let null_error = |code: i64| move |m: &Value| m["id"].is_null() && error_code(m) == Some(code);
    let logged = |m: &Value| m["method"] == "window/logMessage" && m["params"]["type"] == 1;
    let cases: [(&[u8], i64); 6] = [
        (b"this is not json", -32700),
        (br#"[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]"#, -32600),
        (br#"{"jsonrpc":"2.0","params":{}}"#, -32600),
        (
            b"{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\"a\":\"\xff\"}}",
            -32700,
        ),
        (
            br#"{"jsonrpc":"2.0","method":"x","params":{"a":"\ud800"}}"#,
            -32700,
        ),
        (br#"{"jsonrpc":"2.0","id":{},"method":"x"}"#, -32600),
    ];
    for (body, code) in cases {
        client.send_body(body);
        client.wait_for(null_error(code));
        client.wait_for(logged);
    }
    // A request without `jsonrpc` is refused with its own id.
    client.send_body(br#"{"id":77,"method":"textDocument/hover","params":{}}"#);
    let answer = client.wait_for(|m| m["id"] == 77);
    assert_eq!(error_code(&answer), Some(-32600), "{answer}");
    // Frames that cannot be read: the server skips to the next header.
    let hover = |id: i64| {
        json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": {
            "textDocument": { "uri": "file:///none.game" },
            "position": { "line": 0, "character": 0 } } })
        .to_string()
    };
    client.send_raw(format!("Content-Type: x\r\n\r\n{}", hover(90)).as_bytes());
    client.wait_for(null_error(-32700));
    client.send_raw(format!("Content-Length: many\r\n\r\n{}", hover(91)).as_bytes());
    client.wait_for(null_error(-32700));
    let body = hover(92);
    client.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    let answer = client.wait_for(|m| m["id"] == 92);
    assert!(answer["error"].is_null(), "{answer}");
    assert!(
        !client
            .pending
            .iter()
            .any(|m| m["id"] == 90 || m["id"] == 91),
        "a frame that cannot be read is not guessed at"
    );
    client.shutdown();
}

/// The lifecycle of the LSP specification: no request before `initialize` (-32002), one
/// `initialize` only (-32600), no request after `shutdown` (-32600), exit code 0 after
/// `shutdown` and 1 without it or when the input ends.
#[test]
fn the_lifecycle_is_that_of_the_specification() {
    let mut client = Client::spawn();
    let early = client.request_raw("textDocument/documentSymbol", json!({}));
    assert_eq!(error_code(&early), Some(-32002), "{early}");
    let init = json!({ "processId": null, "capabilities": {} });
    let first = client.request_raw("initialize", init.clone());
    assert!(first["result"]["capabilities"].is_object(), "{first}");
    let second = client.request_raw("initialize", init.clone());
    assert_eq!(error_code(&second), Some(-32600), "{second}");
    // Before `initialized` the server already answers.
    let uri = "file:///before/initialized.game";
    client.open(uri, "carcspec-game", "ruleset carcassonne\nplayers a b\n");
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    assert!(
        symbols.as_array().is_some_and(|s| !s.is_empty()),
        "{symbols}"
    );
    client.notify("initialized", json!({}));
    client.request("shutdown", Value::Null);
    let late = client.request_raw(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    assert_eq!(error_code(&late), Some(-32600), "{late}");
    client.notify("exit", Value::Null);
    assert_eq!(client.exit_code(), Some(0));

    let mut client = Client::start();
    client.notify("exit", Value::Null);
    assert_eq!(client.exit_code(), Some(1), "`exit` without `shutdown`");

    let ended = Command::new(env!("CARGO_BIN_EXE_carcspec"))
        .arg("lsp")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("carcspec lsp runs");
    assert_eq!(ended.code(), Some(1), "the input ended without `exit`");
}

/// A change the server cannot apply (a negative position, a line past the end) is refused
/// loudly: a message to the user, the L010 diagnostic, errors on requests, until the whole
/// text comes again. The server never goes on with a text the editor does not have.
#[test]
fn a_change_that_cannot_be_applied_puts_the_document_out_of_sync() {
    let mut client = Client::start();
    let uri = "file:///nowhere/sync.game";
    let text = "ruleset carcassonne\nplayers a b\n";
    client.open(uri, "carcspec-game", text);
    client.diagnostics(uri, 1);
    for (version, range) in [
        (
            2,
            json!({ "start": { "line": 0, "character": -1 }, "end": { "line": 0, "character": 0 } }),
        ),
        (
            3,
            json!({ "start": { "line": 7, "character": 0 }, "end": { "line": 7, "character": 0 } }),
        ),
        (
            4,
            json!({ "start": { "line": 1, "character": 0 }, "end": { "line": 0, "character": 0 } }),
        ),
    ] {
        client.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version },
                    "contentChanges": [{ "range": range, "text": "x" }] }),
        );
        let diagnostics = client.diagnostics(uri, version);
        assert_eq!(codes_of(&diagnostics), ["L010"], "{range}: {diagnostics:?}");
        let hover = client.request_raw(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 0 } }),
        );
        assert_eq!(error_code(&hover), Some(-32803), "{hover}");
    }
    client.wait_for(|m| m["method"] == "window/showMessage" && m["params"]["type"] == 1);
    client.change(uri, 5, text);
    let diagnostics = client.diagnostics(uri, 5);
    assert!(
        !codes_of(&diagnostics).contains(&"L010".to_string()),
        "{diagnostics:?}"
    );
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    assert!(symbols.is_array());
    client.shutdown();
}

/// The range a completion item replaces, and the text after applying it at the cursor.
fn complete(client: &mut Client, uri: &str, text: &str, at: (usize, usize), label: &str) -> String {
    let items = client.at("textDocument/completion", uri, at);
    let item = items
        .as_array()
        .expect("a list")
        .iter()
        .find(|i| i["label"] == label)
        .unwrap_or_else(|| panic!("{label} in {items}"))
        .clone();
    for other in items.as_array().unwrap() {
        assert!(
            other["textEdit"]["range"].is_object(),
            "every item has its range: {other}"
        );
    }
    apply_edits(text, std::slice::from_ref(&item["textEdit"]))
}

/// Completion items replace the word being typed, as the editor would apply them: a tile id
/// after `draw BA/` or `draw FK/`, a placement after `place at -`.
#[test]
fn completion_items_replace_the_word_typed() {
    let mut client = Client::start();
    let path = Path::new("spec/carcassonne/fan-expansion/keep-city.game");
    let text = std::fs::read_to_string(path).unwrap();
    let uri = path_uri(path);
    let cut = text.find("draw FK/KEEP").unwrap();
    let line = text[..cut].matches('\n').count();
    for (typed, label) in [
        ("draw BA/", "BA/C"),
        ("draw BA/C", "BA/C"),
        ("draw FK/", "FK/KEEP"),
    ] {
        let typing = format!("{}{typed}\n", &text[..cut]);
        client.open(&uri, "carcspec-game", &typing);
        let done = complete(&mut client, &uri, &typing, (line, typed.len()), label);
        assert_eq!(done, format!("{}draw {label}\n", &text[..cut]));
    }
    // Placements, typed up to their first `,` (VS Code's words end there, Neovim's at `-`):
    // one west of the start where there is one.
    for (before, tile) in [("place at 0,-1", "FK/KEEP"), ("place at 0,-2 r180", "BA/C")] {
        let place = text.find(before).unwrap();
        let legal = legal_placements(&text[..place], tile, path.parent().unwrap());
        let label = legal
            .iter()
            .find(|p| p.starts_with('-'))
            .unwrap_or(&legal[0]);
        let typed = &label[..=label.find(',').unwrap()];
        let typing = format!("{}place at {typed}\n", &text[..place]);
        client.open(&uri, "carcspec-game", &typing);
        let line = text[..place].matches('\n').count();
        let done = complete(&mut client, &uri, &typing, (line, 9 + typed.len()), label);
        assert_eq!(done, format!("{}place at {label}\n", &text[..place]));
    }
    client.shutdown();
}

/// Every tile set of a `tiles` line counts: hover and definition of a tile of the second set,
/// definition of the set's file, and the fix for a mistyped id of that set.
#[test]
fn every_tile_set_of_a_tiles_line_is_seen() {
    let mut client = Client::start();
    let path = Path::new("spec/carcassonne/fan-expansion/keep-city.game");
    let (uri, text) = client.open_file(path);
    let keep = find(&text, "turn red", "FK/KEEP", 1);
    assert!(client.hover(&uri, keep).contains("FK/KEEP"));
    let definition = client.at("textDocument/definition", &uri, keep);
    assert!(
        definition[0]["uri"]
            .as_str()
            .unwrap()
            .ends_with("fan-keep.tiles"),
        "{definition}"
    );
    let set = find(&text, "tiles carcassonne-base", "fan-keep.tiles", 2);
    let definition = client.at("textDocument/definition", &uri, set);
    assert!(
        definition[0]["uri"]
            .as_str()
            .unwrap()
            .ends_with("fan-keep.tiles"),
        "{definition}"
    );
    assert!(client.hover(&uri, set).contains("fan-keep.tiles"));

    let mistyped = text.replacen("draw FK/KEEP", "draw FK/KEPE", 1);
    client.change(&uri, 2, &mistyped);
    let diagnostics = client.diagnostics(&uri, 2);
    let unknown: Vec<Value> = diagnostics
        .into_iter()
        .filter(|d| d["message"].as_str().unwrap_or("").contains("FK/KEPE"))
        .collect();
    assert!(!unknown.is_empty());
    let actions = client.code_actions_for(&uri, &unknown);
    let fixed = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "replace with `FK/KEEP`");
    assert!(fixed.is_some(), "{actions}");
    client.shutdown();
}

/// L002 also for the second set of a `tiles` line.
#[test]
fn unsaved_second_tile_set_is_pointed_out() {
    let mut client = Client::start();
    let game = Path::new("spec/carcassonne/fan-expansion/keep-city.game");
    let set = Path::new("spec/carcassonne/fan-expansion/fan-keep.tiles");
    let (set_uri, set_text) = client.open_file(set);
    client.change(&set_uri, 2, &format!("{set_text}\n# edited\n"));
    let (uri, _) = client.open_file(game);
    let diagnostics = client.diagnostics(&uri, 1);
    assert!(
        codes_of(&diagnostics).contains(&"L002".to_string()),
        "{diagnostics:?}"
    );
    client.shutdown();
}

/// Hovers put the tile's definition first and its picture last, and leave the picture out
/// when the client asks (`hoverPictures: false`) or its hovers take no Markdown.
#[test]
fn hover_pictures_follow_the_client() {
    let path = Path::new("spec/carcassonne/fan-expansion/keep-city.game");
    for (options, capabilities, pictures) in [
        (json!({}), json!({}), true),
        (json!({ "hoverPictures": false }), json!({}), false),
        (
            json!({}),
            json!({ "textDocument": { "hover": { "contentFormat": ["plaintext"] } } }),
            false,
        ),
    ] {
        let mut client = Client::spawn();
        client.request(
            "initialize",
            json!({ "processId": null, "capabilities": capabilities, "initializationOptions": options }),
        );
        client.notify("initialized", json!({}));
        let (uri, text) = client.open_file(path);
        let hover = client.hover(&uri, find(&text, "turn red", "FK/KEEP", 1));
        let picture = hover.find("data:image/svg+xml");
        assert_eq!(picture.is_some(), pictures, "{options} {capabilities}");
        let definition = hover.find("```carcspec-tiles").expect("the definition");
        assert!(
            picture.is_none_or(|p| p > definition),
            "the picture comes last"
        );
        client.shutdown();
    }
}

/// Inlay hints: the scores after each turn, from the replay, and the sides of each drawn tile.
#[test]
fn inlay_hints_show_scores_after_turns_and_sides_of_drawn_tiles() {
    let mut client = Client::start();
    let path = Path::new("spec/carcassonne/fan-expansion/keep-city.game");
    let (uri, text) = client.open_file(path);
    client.diagnostics(&uri, 1);
    let lines = text.lines().count();
    let hints = client.request(
        "textDocument/inlayHint",
        json!({ "textDocument": { "uri": uri },
                "range": { "start": { "line": 0, "character": 0 }, "end": { "line": lines, "character": 0 } } }),
    );
    let labels: Vec<(u64, String)> = hints
        .as_array()
        .expect("hints")
        .iter()
        .map(|h| {
            (
                h["position"]["line"].as_u64().unwrap(),
                h["label"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let line_of = |needle: &str, nth: usize| -> u64 {
        let at = text.match_indices(needle).nth(nth).expect("in the game").0;
        text[..at].matches('\n').count() as u64
    };
    // The last turn (blue's second) closes red's city: 14, as the spec expects.
    let last_turn = line_of("turn blue", 1);
    assert!(
        labels.contains(&(last_turn, "→ red 14 · blue 0".to_string())),
        "{labels:?}"
    );
    assert!(
        labels.contains(&(line_of("turn red", 0), "→ red 0 · blue 0".to_string())),
        "{labels:?}"
    );
    // The sides of FK/KEEP as its tile set gives them (a city on all four sides).
    let keep = line_of("draw FK/KEEP", 0);
    assert!(labels.contains(&(keep, "CCCC".to_string())), "{labels:?}");
    // The lines on screen only: the last turn's hints, none of the others.
    let in_view = client.request(
        "textDocument/inlayHint",
        json!({ "textDocument": { "uri": uri },
                "range": { "start": { "line": last_turn, "character": 0 }, "end": { "line": last_turn + 2, "character": 0 } } }),
    );
    let lines_in_view: Vec<u64> = in_view
        .as_array()
        .expect("hints")
        .iter()
        .map(|h| h["position"]["line"].as_u64().unwrap())
        .collect();
    let last_draw = line_of("draw BA/C", 2);
    assert_eq!(lines_in_view, [last_turn, last_draw], "{in_view}");
    client.shutdown();
}

/// `context.only` is honoured and the kinds are declared; a whole-file request gets no
/// insertions.
#[test]
fn code_actions_honour_only() {
    let mut client = Client::spawn();
    let result = client.request(
        "initialize",
        json!({ "processId": null, "capabilities": {} }),
    );
    let kinds = &result["capabilities"]["codeActionProvider"]["codeActionKinds"];
    assert_eq!(kinds, &json!(["quickfix", "refactor"]));
    client.notify("initialized", json!({}));
    let path = Path::new("spec/hunters-gatherers/huts-and-fishermen.game");
    let (uri, text) = client.open_file(path);
    let at = find(&text, "turn red", "draw RIVER-WE", 0);
    let on_draw = |only: Value| {
        json!({ "textDocument": { "uri": uri },
                "range": { "start": { "line": at.0, "character": 0 }, "end": { "line": at.0, "character": 0 } },
                "context": { "diagnostics": [], "only": only } })
    };
    let titles = |actions: &Value| -> Vec<String> {
        actions
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["title"].as_str().unwrap().to_string())
            .collect()
    };
    let refactors = client.request("textDocument/codeAction", on_draw(json!(["refactor"])));
    assert_eq!(
        titles(&refactors),
        ["insert the legal placements of `RIVER-WE`"]
    );
    let fixes = client.request("textDocument/codeAction", on_draw(json!(["quickfix"])));
    assert!(titles(&fixes).is_empty(), "{fixes}");
    let fix_all = client.request("textDocument/codeAction", on_draw(json!(["source.fixAll"])));
    assert!(titles(&fix_all).is_empty(), "{fix_all}");
    client.shutdown();
}

/// Documents whose lines end with a CR alone (old Mac files), or with a mix of CR, LF and
/// CR LF, are formatted like any other: the edits turn the text into the formatter's layout of
/// it as the check reads it, and the server never panics (its standard error stays clean).
#[test]
fn documents_with_lone_carriage_returns_are_formatted() {
    let log = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp-line-ends.log");
    let mut client = Client::start_logging_to(&log);
    let tiles = "tileset t\nruleset carcassonne\ntile A   x2 start {\n    city c:   N\n  field: E S W touches=c\n}\ntile B {\n  city: N E S W\n}\n";
    let game = "ruleset  hunters-gatherers\nplayers red   blue\n\n\n\nturn red;draw A   # drawn\n";
    let lone_cr = |text: &str| text.replace('\n', "\r");
    // Each kind of line end in turn, and the three mixed.
    let mixed = |text: &str| {
        let mut ends = ["\r", "\n", "\r\n"].into_iter().cycle();
        text.split_inclusive('\n')
            .map(|line| format!("{}{}", &line[..line.len() - 1], ends.next().unwrap()))
            .collect::<String>()
    };
    let cases = [
        ("lone-cr.tiles", "carcspec-tiles", lone_cr(tiles)),
        ("mixed.tiles", "carcspec-tiles", mixed(tiles)),
        ("lone-cr.game", "carcspec-game", lone_cr(game)),
        ("mixed.game", "carcspec-game", mixed(game)),
        // A lone CR that ends a comment: read without it as a line end, the comment swallows
        // the next line and the game parses, while the diff of the formatting cuts a line
        // there (the panic of issue 55).
        (
            "comment-cr.game",
            "carcspec-game",
            "ruleset  hunters-gatherers\nplayers red   blue  # the players\rturn red;draw A   # drawn\n"
                .to_string(),
        ),
    ];
    for (name, language, text) in cases {
        let uri = format!("file:///nowhere/{name}");
        client.open(&uri, language, &text);
        let edits = client.request(
            "textDocument/formatting",
            json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 2, "insertSpaces": true } }),
        );
        let read = carcspec::input::normalize(text.clone());
        let expected = if language == "carcspec-tiles" {
            carcspec::format::tiles::format(&carcspec::syntax::tiles::parse(&read).0)
        } else {
            carcspec::format::game_layout::format(&read)
        };
        let edits = edits
            .as_array()
            .unwrap_or_else(|| panic!("{name}: edits, not {edits}"));
        assert_eq!(apply_edits(&text, edits), expected, "{name}");
        // Formatted once, the document needs no more edits.
        client.change(&uri, 2, &expected);
        let again = client.request(
            "textDocument/formatting",
            json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 2, "insertSpaces": true } }),
        );
        assert_eq!(again, json!([]), "{name}");
    }
    // A LF typed just after a lone CR makes the two one line end (CR LF), as the editor reads
    // them: the server's lines stay the editor's.
    let uri = "file:///nowhere/typed.tiles";
    let before = lone_cr(tiles);
    client.open(uri, "carcspec-tiles", &before);
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 2 },
            "contentChanges": [{
                "range": { "start": { "line": 1, "character": 0 }, "end": { "line": 1, "character": 0 } },
                "text": "\n",
            }],
        }),
    );
    let after = before.replacen("tileset t\r", "tileset t\r\n", 1);
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    let read = carcspec::input::normalize(after.clone());
    let expected = carcspec::format::tiles::format(&carcspec::syntax::tiles::parse(&read).0);
    assert_eq!(apply_edits(&after, edits.as_array().unwrap()), expected);
    client.shutdown();
    let stderr = std::fs::read_to_string(&log).expect("the log is readable");
    assert!(!stderr.contains("panic"), "{stderr}");
}

/// Range formatting: only the edits on the selected lines.
#[test]
fn range_formatting_edits_only_the_selected_lines() {
    let mut client = Client::start();
    let game = "ruleset  hunters-gatherers\nplayers red   blue\n\nturn red;draw A\n";
    let uri = "file:///nowhere/range.game";
    client.open(uri, "carcspec-game", game);
    let edits = client.request(
        "textDocument/rangeFormatting",
        json!({ "textDocument": { "uri": uri },
                "range": { "start": { "line": 1, "character": 0 }, "end": { "line": 1, "character": 3 } },
                "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    assert_eq!(
        apply_edits(game, edits.as_array().unwrap()),
        "ruleset  hunters-gatherers\nplayers red blue\n\nturn red;draw A\n"
    );
    client.shutdown();
}

/// The expansions an `expansion` line completes are the ruleset's own (its descriptor's), in a
/// game and in a tile set: Hills & Sheep, Inns & Cathedrals, The River, The River II and the
/// abbot and gardens for Carcassonne, none for
/// Hunters and Gatherers.
#[test]
fn expansion_completion_offers_the_rulesets_expansions() {
    let mut client = Client::start();
    let labels = |items: &Value| -> Vec<String> {
        items
            .as_array()
            .expect("a list")
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect()
    };
    let game = "ruleset carcassonne\nexpansion \n";
    let uri = "file:///nowhere/expansion.game";
    client.open(uri, "carcspec-game", game);
    let items = labels(&client.at("textDocument/completion", uri, (1, 10)));
    assert_eq!(
        items,
        [
            "hills-and-sheep",
            "inns-and-cathedrals",
            "the-river",
            "the-river-2",
            "abbot-and-gardens",
            "traders-and-builders",
            "abbey-and-mayor"
        ],
        "{items:?}"
    );

    let hunters = "ruleset hunters-gatherers\nexpansion \n";
    let uri = "file:///nowhere/hunters.game";
    client.open(uri, "carcspec-game", hunters);
    let items = labels(&client.at("textDocument/completion", uri, (1, 10)));
    assert!(items.is_empty(), "{items:?}");

    let tiles = "tileset t\nruleset carcassonne\nexpansion \n";
    let uri = "file:///nowhere/expansion.tiles";
    client.open(uri, "carcspec-tiles", tiles);
    let items = labels(&client.at("textDocument/completion", uri, (2, 10)));
    assert!(items.contains(&"hills-and-sheep".to_string()), "{items:?}");
}

/// Folding ranges over a game's turns and local tiles, and over a tile set's tiles; semantic
/// tokens that tell a tile id the game's sets have from one they do not, and a player's
/// declaration from its uses.
#[test]
fn folding_ranges_and_semantic_tokens() {
    let mut client = Client::start();
    let path = Path::new("spec/hunters-gatherers/huts-and-fishermen.game");
    let text = std::fs::read_to_string(path).unwrap();
    let uri = path_uri(path);
    let typing = text.replace("draw LAKE-WE", "draw LAKE-NOWHERE");
    client.open(&uri, "carcspec-game", &typing);
    let doc = json!({ "textDocument": { "uri": uri } });

    let folds = client.request("textDocument/foldingRange", doc.clone());
    let folds: Vec<(u64, u64)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap(),
                f["endLine"].as_u64().unwrap(),
            )
        })
        .collect();
    let line_of =
        |needle: &str| typing[..typing.find(needle).unwrap()].matches('\n').count() as u64;
    let first_turn = line_of("turn blue");
    assert!(
        folds.contains(&(first_turn, line_of("deploy hut on I"))),
        "the first turn, up to its deployment: {folds:?}"
    );
    assert_eq!(folds.len(), 3, "three turns: {folds:?}");

    let tokens = client.request("textDocument/semanticTokens/full", doc);
    let data: Vec<u64> = tokens["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    // Decode: absolute line and column of each token, with its type and modifiers.
    let legend = [
        "keyword",
        "variable",
        "class",
        "type",
        "property",
        "number",
        "namespace",
        "enumMember",
        "string",
        "unresolvedReference",
    ];
    let (mut line, mut column) = (0, 0);
    let mut decoded = Vec::new();
    for token in data.chunks(5) {
        if token[0] > 0 {
            column = 0;
        }
        line += token[0];
        column += token[1];
        let word = &typing.lines().nth(line as usize).unwrap()
            [column as usize..(column + token[2]) as usize];
        decoded.push((word.to_string(), legend[token[3] as usize], token[4]));
    }
    let kind_of = |word: &str| {
        decoded
            .iter()
            .find(|(w, _, _)| w == word)
            .map(|(_, k, m)| (*k, *m))
    };
    assert_eq!(kind_of("RIVER-WE"), Some(("class", 0)), "{decoded:?}");
    assert_eq!(kind_of("LAKE-NOWHERE"), Some(("unresolvedReference", 0)));
    assert_eq!(
        kind_of("blue"),
        Some(("variable", 1)),
        "declared on the players line"
    );
    assert!(
        decoded
            .iter()
            .any(|(w, k, m)| w == "blue" && *k == "variable" && *m == 0),
        "{decoded:?}"
    );
    assert_eq!(kind_of("fisherman"), Some(("type", 0)));
    assert_eq!(kind_of("turn"), Some(("keyword", 0)));
    assert_eq!(kind_of("rulebook.tiles"), Some(("namespace", 0)));

    let tiles = Path::new("spec/hunters-gatherers/rulebook.tiles");
    let (tiles_uri, tiles_text) = client.open_file(tiles);
    let folds = client.request(
        "textDocument/foldingRange",
        json!({ "textDocument": { "uri": tiles_uri } }),
    );
    let blocks = tiles_text
        .lines()
        .filter(|l| l.starts_with("tile ") && l.trim_end().ends_with('{'))
        .count();
    assert_eq!(
        folds.as_array().unwrap().len(),
        blocks,
        "one fold a tile block"
    );
    client.shutdown();
}

/// A tile set changed on disk outside the editor: a client that watches files for the server
/// is asked to watch the tile sets, and when it reports a change the open games that read the
/// set are checked again.
#[test]
fn games_are_checked_again_when_a_tile_set_changes_on_disk() {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("lsp-watch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let set = dir.join("set.tiles");
    std::fs::write(
        &set,
        "tileset t\nruleset carcassonne\ntile A x4 start {\n  field: N E S W\n}\n",
    )
    .unwrap();
    let game = dir.join("g.game");
    std::fs::write(&game, "ruleset carcassonne\ntiles set.tiles\nplayers red blue\nturn red\ndraw A\nplace at 1,0\npass\nstop\n").unwrap();

    let mut client = Client::spawn();
    let capabilities =
        json!({ "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } } });
    client.request(
        "initialize",
        json!({ "processId": null, "rootUri": path_uri(&dir), "capabilities": capabilities }),
    );
    client.notify("initialized", json!({}));
    let registration = client.wait_for(|m| m["method"] == "client/registerCapability");
    let watchers = &registration["params"]["registrations"][0]["registerOptions"]["watchers"];
    assert!(
        watchers
            .as_array()
            .unwrap()
            .iter()
            .any(|w| w["globPattern"] == "**/*.tiles"),
        "{registration}"
    );

    let (uri, _) = client.open_file(&game);
    assert!(client.diagnostics(&uri, 1).is_empty(), "the game is clean");
    std::fs::write(
        &set,
        "tileset t\nruleset carcassonne\ntile A x4 start {\n  nonsense: N E S W\n}\n",
    )
    .unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": path_uri(&set), "type": 2 }] }),
    );
    let again = client.diagnostics(&uri, 1);
    assert!(!again.is_empty(), "the broken set is reported in the game");
    client.shutdown();
    let _ = std::fs::remove_dir_all(&dir);
}

/// Quick fixes of a tile set: an unknown feature kind and an unknown anchor are replaced by the
/// nearest ones; a second tile with a used id is merged into the first when it is the same
/// tile, and renamed when it is not. Each fix, applied, leaves the set without that finding.
#[test]
fn tile_set_quick_fixes_remove_their_findings() {
    let mut client = Client::start();
    let uri = "file:///nowhere/fixes.tiles";
    let set = "tileset fixes\nruleset carcassonne\n\ntile A x2 start {\n  citty c: N\n  field: E S W touches=c\n}\n\ntile B {\n  road: E WW\n  field: N S\n}\n\ntile C {\n  monastery: I\n  field: N E S W\n}\n\ntile C x3 {\n  monastery: I\n  field: N E S W\n}\n\ntile A {\n  city: N E S W\n}\n";
    client.open(uri, "carcspec-tiles", set);
    let diagnostics = client.diagnostics(uri, 1);
    let found = codes_of(&diagnostics);
    for code in ["T107", "T110", "T208"] {
        assert!(found.contains(&code.to_string()), "{found:?}");
    }
    let mut fixed_text = |diagnostic: &Value| preferred_fix(&mut client, uri, set, diagnostic);
    let by_code = |code: &str| -> Vec<Value> {
        diagnostics
            .iter()
            .filter(|d| d["code"] == json!(code))
            .cloned()
            .collect()
    };
    let (title, text) = fixed_text(&by_code("T107")[0]);
    assert_eq!(title, "replace with `city`");
    assert!(text.contains("  city c: N\n"), "{text}");
    let (title, text) = fixed_text(&by_code("T110")[0]);
    assert_eq!(title, "replace with `W`");
    assert!(text.contains("  road: E W\n"), "{text}");
    // The two C tiles are one tile: one block with both counts.
    let duplicates = by_code("T208");
    let second_c = duplicates
        .iter()
        .find(|d| d["message"].as_str().unwrap().contains("`C`"))
        .expect("the second C");
    let (title, merged) = fixed_text(second_c);
    assert_eq!(title, "merge into one `C` x4");
    assert_eq!(merged.matches("tile C").count(), 1, "{merged}");
    assert!(merged.contains("tile C x4 {\n"), "{merged}");
    // The second A is another tile: renamed to a free id.
    let second_a = duplicates
        .iter()
        .find(|d| d["message"].as_str().unwrap().contains("`A`"))
        .expect("the second A");
    let (title, renamed) = fixed_text(second_a);
    assert_eq!(title, "rename this tile to `A-2`");
    assert!(renamed.contains("tile A-2 {\n"), "{renamed}");
    // Each fix removes its finding and adds none.
    for (version, text, code) in [(2, &merged, "T208"), (3, &renamed, "T208")] {
        client.change(uri, version, text);
        let after = codes_of(&client.diagnostics(uri, version));
        assert_eq!(
            after.iter().filter(|c| *c == code).count(),
            found.iter().filter(|c| *c == code).count() - 1,
            "{after:?}"
        );
        assert_eq!(after.len(), found.len() - 1, "{after:?}");
    }
    client.shutdown();
}

/// Quick fixes of a wrong move: a placement whose sides clash (V104) or that touches no tile
/// (V103) is replaced by the nearest legal placements, a figure on a feature it cannot stand on
/// (V109) by the legal deployments nearest to it. Applied, the fix removes the finding.
#[test]
fn wrong_moves_are_fixed_with_legal_ones() {
    let mut client = Client::start();
    let fixed = preferred_fix;

    let path = Path::new("tests/fixtures/games/invalid/edges-do-not-match.game");
    let (uri, text) = client.open_file(path);
    let diagnostics = client.diagnostics(&uri, 1);
    assert_eq!(codes_of(&diagnostics), ["V104", "V104"]);
    let (title, after) = fixed(&mut client, &uri, &text, &diagnostics[0]);
    assert!(title.contains("a legal placement of `BA/C`"), "{title}");
    assert!(!after.contains("place at 0,-1\n"), "{after}");
    client.change(&uri, 2, &after);
    let remaining = client.diagnostics(&uri, 2);
    assert_eq!(codes_of(&remaining), ["V104"], "{after}");
    assert_ne!(
        remaining[0]["range"]["start"]["line"],
        diagnostics[0]["range"]["start"]["line"]
    );

    // A tile far from every other: the nearest legal spots are next to the start tile.
    let far = "ruleset carcassonne\ntiles carcassonne-base\nplayers red blue\nturn red\ndraw BA/L\nplace at 5,5\npass\nstop\n";
    let uri = "file:///nowhere/far.game".to_string();
    client.open(&uri, "carcspec-game", far);
    let diagnostics = client.diagnostics(&uri, 1);
    assert_eq!(codes_of(&diagnostics), ["V103"]);
    let (_, after) = fixed(&mut client, &uri, far, &diagnostics[0]);
    client.change(&uri, 2, &after);
    assert_eq!(
        codes_of(&client.diagnostics(&uri, 2)),
        Vec::<String>::new(),
        "{after}"
    );

    // A knight on a road: the thief goes there.
    let knight = "ruleset carcassonne\ntiles carcassonne-base\nplayers red blue\nturn red\ndraw BA/RFr\nplace at 1,0\ndeploy knight on E\nstop\n";
    let uri = "file:///nowhere/knight.game".to_string();
    client.open(&uri, "carcspec-game", knight);
    let diagnostics = client.diagnostics(&uri, 1);
    assert_eq!(codes_of(&diagnostics), ["V109"]);
    let (title, after) = fixed(&mut client, &uri, knight, &diagnostics[0]);
    assert_eq!(title, "`deploy thief on E`: a legal deployment here");
    client.change(&uri, 2, &after);
    assert_eq!(
        codes_of(&client.diagnostics(&uri, 2)),
        Vec::<String>::new(),
        "{after}"
    );
    client.shutdown();
}

/// `expect scored <player> ` completes the feature kinds the player scored so far, and then the
/// points of those scorings; the line completed so holds when the game is checked.
#[test]
fn expect_scored_completes_the_players_scorings() {
    let mut client = Client::start();
    let path = Path::new("spec/carcassonne/road-majority.game");
    let text = std::fs::read_to_string(path).unwrap();
    let uri = path_uri(path);
    let cut = text.rfind("stop").unwrap();
    let line = text[..cut].matches('\n').count();
    let typing = format!("{}expect scored red \nstop\n", &text[..cut]);
    client.open(&uri, "carcspec-game", &typing);
    let items = client.at("textDocument/completion", &uri, (line, 18));
    let labels: Vec<(&str, &str)> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["label"].as_str().unwrap(), i["detail"].as_str().unwrap()))
        .collect();
    assert_eq!(labels, [("road", "road of 6 tiles = 6")]);
    // Blue scored nothing: nothing to offer.
    let typing = format!("{}expect scored blue \nstop\n", &text[..cut]);
    client.change(&uri, 2, &typing);
    let items = client.at("textDocument/completion", &uri, (line, 19));
    assert_eq!(items, json!([]));
    let typing = format!("{}expect scored red road \nstop\n", &text[..cut]);
    client.change(&uri, 3, &typing);
    let completed = complete(&mut client, &uri, &typing, (line, 23), "6");
    assert!(
        completed.contains("expect scored red road 6\n"),
        "{completed}"
    );
    client.change(&uri, 4, &completed);
    assert_eq!(codes_of(&client.diagnostics(&uri, 4)), Vec::<String>::new());
    let report = carcspec::check::check_text(
        "road-majority.game",
        completed.clone(),
        Path::new("spec/carcassonne"),
    );
    assert_eq!(report.expectations_passed, 2, "{completed}");
    client.shutdown();
}

/// The settings of `workspace/didChangeConfiguration` (and the same options at `initialize`):
/// a cap on the diagnostics with a note of how many more there are, no cap again with `null`,
/// pictures in hovers switched off and on, and an option of the wrong kind refused with a log
/// message while the others apply.
#[test]
fn settings_change_the_cap_pictures_and_pause() {
    let mut client = Client::spawn();
    client.request(
        "initialize",
        json!({ "processId": null, "capabilities": {}, "initializationOptions": { "maxDiagnostics": 1, "debounceMs": 0 } }),
    );
    client.notify("initialized", json!({}));
    let (uri, _) = client.open_file(Path::new(
        "tests/fixtures/games/invalid/edges-do-not-match.game",
    ));
    let capped = client.diagnostics(&uri, 1);
    assert_eq!(codes_of(&capped), ["V104", "L011"]);
    assert!(
        capped[1]["message"]
            .as_str()
            .unwrap()
            .starts_with("1 more finding not shown"),
        "{}",
        capped[1]
    );
    // The open documents are checked again for the new cap: version 1 comes once more. The
    // note stood where the first finding left out is.
    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "carcspec": { "maxDiagnostics": null } } }),
    );
    let all_shown = client.diagnostics(&uri, 1);
    assert_eq!(codes_of(&all_shown), ["V104", "V104"]);
    assert_eq!(capped[1]["range"]["start"], all_shown[1]["range"]["start"]);

    // Pictures off, then on again; a bad option is logged and the good one still applies.
    let (keep, keep_text) =
        client.open_file(Path::new("spec/carcassonne/fan-expansion/keep-city.game"));
    let at = find(&keep_text, "turn red", "FK/KEEP", 1);
    assert!(client.hover(&keep, at).contains("data:image/svg+xml"));
    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "hoverPictures": false, "debounceMs": "soon" } }),
    );
    let log = client.wait_for(|m| m["method"] == "window/logMessage");
    assert!(
        log["params"]["message"]
            .as_str()
            .unwrap()
            .contains("`debounceMs`"),
        "{log}"
    );
    assert!(!client.hover(&keep, at).contains("data:image/svg+xml"));
    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "carcspec": { "hoverPictures": true } } }),
    );
    assert!(client.hover(&keep, at).contains("data:image/svg+xml"));
    client.shutdown();
}

/// Rename: a player everywhere the game names it (the renamed game checks as before), a label
/// of a tile set with the references to it; a name that cannot be written there, a name taken,
/// and a tile id (named by games elsewhere) are refused with the reason.
#[test]
fn rename_players_and_labels() {
    let mut client = Client::start();
    let path = Path::new("spec/carcassonne/road-majority.game");
    let (uri, text) = client.open_file(path);
    assert_eq!(client.diagnostics(&uri, 1), Vec::<Value>::new());
    let at = find(&text, "turn blue", "blue", 0);
    let rename = |client: &mut Client, uri: &str, at: (usize, usize), name: &str| {
        client.request_raw(
            "textDocument/rename",
            json!({ "textDocument": { "uri": uri }, "position": { "line": at.0, "character": at.1 }, "newName": name }),
        )
    };
    let prepared = client.at("textDocument/prepareRename", &uri, at);
    assert_eq!(prepared["placeholder"], json!("blue"));
    let answer = rename(&mut client, &uri, at, "green");
    let edits = answer["result"]["changes"][&uri]
        .as_array()
        .unwrap()
        .clone();
    let renamed = apply_edits(&text, &edits);
    // Every `blue` outside the comments, and only those, is renamed.
    assert_eq!(
        renamed.matches("blue").count(),
        comments_naming(&text, "blue"),
        "{renamed}"
    );
    assert_eq!(
        edits.len(),
        text.matches("blue").count() - comments_naming(&text, "blue")
    );
    client.change(&uri, 2, &renamed);
    assert_eq!(
        client.diagnostics(&uri, 2),
        Vec::<Value>::new(),
        "{renamed}"
    );
    for refused in ["red", "two words", "", "a#b"] {
        let answer = rename(&mut client, &uri, at, refused);
        assert_eq!(error_code(&answer), Some(-32803), "{refused}: {answer}");
    }
    let tile = find(&text, "draw", "BA/RFr", 0);
    let answer = client.request_raw(
        "textDocument/prepareRename",
        json!({ "textDocument": { "uri": &uri }, "position": { "line": tile.0, "character": tile.1 } }),
    );
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("tile id"),
        "{answer}"
    );

    let set = "tileset t\nruleset carcassonne\ntile A x2 start {\n  city c: N\n  city d: S\n  field: E W touches=c,d\n}\n";
    let set_uri = "file:///nowhere/rename.tiles";
    client.open(set_uri, "carcspec-tiles", set);
    let at = find(set, "city c", " c:", 1);
    let answer = rename(&mut client, set_uri, at, "north");
    let edits = answer["result"]["changes"][set_uri]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"))
        .clone();
    let renamed = apply_edits(set, &edits);
    assert!(
        renamed.contains("city north: N") && renamed.contains("touches=north,d"),
        "{renamed}"
    );
    assert_eq!(
        error_code(&rename(&mut client, set_uri, at, "d")),
        Some(-32803)
    );
    assert_eq!(
        error_code(&rename(&mut client, set_uri, at, "9lives")),
        Some(-32803)
    );
    client.shutdown();
}

/// How often `name` is written in the comments of `text` (which a rename leaves alone).
fn comments_naming(text: &str, name: &str) -> usize {
    text.lines()
        .filter_map(|line| line.find('#').map(|at| &line[at..]))
        .map(|comment| comment.matches(name).count())
        .sum()
}

/// The preferred quick fix offered on `diagnostic` of the document `uri` (whose text is
/// `text`): its title, and the text with its edits applied.
fn preferred_fix(
    client: &mut Client,
    uri: &str,
    text: &str,
    diagnostic: &Value,
) -> (String, String) {
    let actions = client.code_actions_for(uri, std::slice::from_ref(diagnostic));
    let actions = actions.as_array().cloned().unwrap_or_default();
    let preferred = actions
        .iter()
        .find(|a| a["isPreferred"] == json!(true))
        .unwrap_or_else(|| panic!("no preferred fix for {diagnostic}: {actions:?}"));
    assert_eq!(preferred["kind"], json!("quickfix"));
    let edits = preferred["edit"]["changes"][uri].as_array().unwrap();
    (
        preferred["title"].as_str().unwrap().to_string(),
        apply_edits(text, edits),
    )
}

/// The code lens of a game: each draw's count of legal placements is that of the checker's
/// move generator at that point (as `carcspec fit` and `expect placements` give them); each
/// expectation says whether the check found it to hold; each turn renders its board.
#[test]
fn code_lens_counts_placements_checks_expectations_and_renders() {
    let mut client = Client::spawn();
    let result = client.request(
        "initialize",
        json!({ "processId": null, "capabilities": {} }),
    );
    assert_eq!(
        result["capabilities"]["codeLensProvider"]["resolveProvider"],
        json!(false)
    );
    let commands = result["capabilities"]["executeCommandProvider"]["commands"].clone();
    assert!(
        commands
            .as_array()
            .unwrap()
            .contains(&json!("carcspec.renderBoard")),
        "{commands}"
    );
    client.notify("initialized", json!({}));
    let path = Path::new("spec/carcassonne/fan-expansion/keep-city.game");
    let base = path.parent().unwrap();
    let saved = std::fs::read_to_string(path).unwrap();
    // The last expectation made wrong: it must show as failing, the others as holding.
    let text = saved.replace("expect total red 14 blue 0", "expect total red 13 blue 0");
    let uri = path_uri(path);
    client.open(&uri, "carcspec-game", &text);
    let diagnostics = client.diagnostics(&uri, 1);
    assert_eq!(codes_of(&diagnostics), ["X002"]);
    let lenses = client.request(
        "textDocument/codeLens",
        json!({ "textDocument": { "uri": uri } }),
    );
    let lenses = lenses.as_array().expect("lenses");
    let on_line = |line: usize| -> Vec<String> {
        lenses
            .iter()
            .filter(|l| l["range"]["start"]["line"] == json!(line))
            .map(|l| l["command"]["title"].as_str().unwrap().to_string())
            .collect()
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut draws = 0;
    for (at, line) in lines.iter().enumerate() {
        if let Some(tile) = line.strip_prefix("draw ") {
            draws += 1;
            let prefix: String = lines[..=at].iter().map(|l| format!("{l}\n")).collect();
            let legal = legal_placements(&prefix, tile, base).len();
            assert_eq!(
                on_line(at),
                [format!("{legal} legal placements of {tile}")],
                "line {at}"
            );
        }
        if line.starts_with("expect ") {
            let expected = if line.contains("red 13") {
                vec!["✗ fails: X002 ".to_string()]
            } else {
                vec!["✓ holds".to_string()]
            };
            let shown = on_line(at);
            assert_eq!(shown.len(), 1, "line {at}: {shown:?}");
            assert!(shown[0].starts_with(&expected[0]), "line {at}: {shown:?}");
        }
        if line.starts_with("turn ") {
            assert_eq!(on_line(at), ["render the board here"], "line {at}");
        }
    }
    assert_eq!(draws, 4);
    // The placements lens's command writes the expectation the checker accepts.
    let first_draw = lines.iter().position(|l| l.starts_with("draw ")).unwrap();
    let lens = lenses
        .iter()
        .find(|l| l["range"]["start"]["line"] == json!(first_draw))
        .unwrap();
    let shown = client.request("workspace/executeCommand", lens["command"].clone());
    let expectation = shown["expectation"].as_str().unwrap();
    let prefix: String = lines[..=first_draw]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    let probe = format!("{prefix}{expectation}\nstop\n");
    let report = carcspec::check::check_text("probe.game", probe, base);
    assert!(
        !codes_of_report(&report).contains(&"X005".to_string()),
        "{expectation}"
    );
    // Rendering the board after the second turn writes a PNG and says where.
    let second_turn = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("turn "))
        .nth(1)
        .unwrap()
        .0;
    let lens = lenses
        .iter()
        .find(|l| {
            l["range"]["start"]["line"] == json!(second_turn)
                && l["command"]["command"] == "carcspec.renderBoard"
        })
        .unwrap();
    assert_eq!(lens["command"]["arguments"][1], json!(2));
    let written = client.request("workspace/executeCommand", lens["command"].clone());
    let picture = PathBuf::from(written["path"].as_str().unwrap());
    let bytes = std::fs::read(&picture).expect("the picture is written");
    assert!(
        bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        "{}",
        picture.display()
    );
    let message = client.wait_for(|m| {
        m["method"] == "window/showMessage"
            && m["params"]["message"]
                .as_str()
                .is_some_and(|t| t.contains("after turn 2"))
    });
    assert!(
        message["params"]["message"]
            .as_str()
            .unwrap()
            .contains(&picture.display().to_string())
    );
    // Each board has the title `carcspec render --turn N` gives it: after the last turn too,
    // which both name the end.
    let turns = lines.iter().filter(|l| l.starts_with("turn ")).count();
    for turn in [2, turns] {
        let written = client.request(
            "workspace/executeCommand",
            json!({ "command": "carcspec.renderBoard", "arguments": [uri, turn] }),
        );
        let rendered = Command::new(env!("CARGO_BIN_EXE_carcspec"))
            .args([
                "render",
                path.to_str().unwrap(),
                "--format",
                "text",
                "--turn",
            ])
            .arg(turn.to_string())
            .output()
            .unwrap();
        let rendered = String::from_utf8(rendered.stdout).unwrap();
        assert_eq!(
            written["title"].as_str(),
            rendered.lines().next(),
            "turn {turn} of {turns}"
        );
        if turn == turns {
            assert!(rendered.contains(", the end"), "{rendered}");
        }
    }
    // A turn the game does not have is refused, with the reason.
    let response = client.request_raw(
        "workspace/executeCommand",
        json!({ "command": "carcspec.renderBoard", "arguments": [uri, 99] }),
    );
    assert_eq!(error_code(&response), Some(-32602), "{response}");
    client.shutdown();
}

fn codes_of_report(report: &carcspec::check::CheckReport) -> Vec<String> {
    report
        .diagnostics
        .iter()
        .map(|d| d.code.code.to_string())
        .collect()
}

/// A long game, played by the simulator: 2,015 turns of the base game's tiles ×28.
fn long_game() -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp-long-game");
    let path = folder.join("game-00001.game");
    if !path.exists() {
        let status = Command::new(env!("CARGO_BIN_EXE_carcspec"))
            .args([
                "simulate",
                "--tiles",
                "carcassonne-base:x28",
                "--games",
                "1",
            ])
            .args(["--seed", "1", "--out"])
            .arg(&folder)
            .stdout(Stdio::null())
            .status()
            .expect("simulate runs");
        assert!(status.success());
    }
    path
}

/// `$/cancelRequest` makes long requests still waiting answer RequestCancelled (-32800); the
/// one not cancelled is answered, and a hover is answered meanwhile.
#[test]
fn cancelled_long_requests_answer_request_cancelled() {
    let mut client = Client::start();
    let (uri, text) = client.open_file(&long_game());
    let lines = text.lines().count();
    let doc = json!({ "uri": uri });
    let whole =
        json!({ "start": { "line": 0, "character": 0 }, "end": { "line": lines, "character": 0 } });
    let send = |client: &mut Client, id: i64, method: &str, params: Value| {
        client.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
    };
    // Ids far above the client's own.
    send(
        &mut client,
        1001,
        "textDocument/codeLens",
        json!({ "textDocument": doc }),
    );
    send(
        &mut client,
        1002,
        "textDocument/documentSymbol",
        json!({ "textDocument": doc }),
    );
    send(
        &mut client,
        1003,
        "textDocument/codeAction",
        json!({ "textDocument": doc, "range": whole, "context": { "diagnostics": [] } }),
    );
    client.notify("$/cancelRequest", json!({ "id": 1002 }));
    client.notify("$/cancelRequest", json!({ "id": 1003 }));
    let hover = client.at("textDocument/hover", &uri, (lines - 3, 6));
    assert!(hover.is_object() || hover.is_null());
    for cancelled in [1002, 1003] {
        let answer = client.wait_for(|m| m["id"] == json!(cancelled));
        assert_eq!(error_code(&answer), Some(-32800), "{answer}");
    }
    let lenses = client.wait_for(|m| m["id"] == json!(1001));
    let count = lenses["result"].as_array().expect("lenses").len();
    let turns = text.lines().filter(|l| l.starts_with("turn ")).count();
    assert!(count >= 2 * turns, "{count} lenses for {turns} turns");
    // A cancellation of a request answered already changes nothing.
    client.notify("$/cancelRequest", json!({ "id": 1001 }));
    client.shutdown();
}

/// Long work reports `$/progress`: on the client's `workDoneToken`, or on a token the server
/// asks for when the client offers `window.workDoneProgress`.
#[test]
fn long_requests_report_progress() {
    let path = Path::new("spec/carcassonne/fan-expansion/keep-city.game");
    // The client's own token.
    let mut client = Client::start();
    let (uri, _) = client.open_file(path);
    let lenses = client.request(
        "textDocument/codeLens",
        json!({ "textDocument": { "uri": uri }, "workDoneToken": "lens-1" }),
    );
    assert!(!lenses.as_array().unwrap().is_empty());
    let kinds: Vec<String> = client
        .pending
        .iter()
        .filter(|m| m["method"] == "$/progress" && m["params"]["token"] == "lens-1")
        .map(|m| m["params"]["value"]["kind"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        kinds.first().map(String::as_str),
        Some("begin"),
        "{kinds:?}"
    );
    assert_eq!(kinds.last().map(String::as_str), Some("end"), "{kinds:?}");
    client.shutdown();

    // A token the server makes.
    let mut client = Client::spawn();
    client.request(
        "initialize",
        json!({ "processId": null, "capabilities": { "window": { "workDoneProgress": true } } }),
    );
    client.notify("initialized", json!({}));
    let (uri, _) = client.open_file(path);
    client.next_id += 1;
    let id = client.next_id;
    client.send(
        &json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/documentSymbol",
                         "params": { "textDocument": { "uri": uri } } }),
    );
    let create = client.wait_for(|m| m["method"] == "window/workDoneProgress/create");
    let token = create["params"]["token"].clone();
    client.send(&json!({ "jsonrpc": "2.0", "id": create["id"], "result": null }));
    let answer = client.wait_for(|m| m["id"] == json!(id) && m.get("method").is_none());
    assert!(answer["result"].is_array(), "{answer}");
    let kinds: Vec<String> = client
        .pending
        .iter()
        .filter(|m| m["method"] == "$/progress" && m["params"]["token"] == token)
        .map(|m| m["params"]["value"]["kind"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        kinds.first().map(String::as_str),
        Some("begin"),
        "{kinds:?}"
    );
    assert_eq!(kinds.last().map(String::as_str), Some("end"), "{kinds:?}");
    client.shutdown();
}

/// The outline: the header as one group, each turn a symbol with its moves as its detail;
/// asked again for the same text it is the same, and it follows each edit (the server keeps
/// the last outlines sent, by their text).
#[test]
fn the_outline_has_turns_with_their_moves_and_follows_edits() {
    let mut client = Client::start();
    let path = Path::new("spec/carcassonne/fan-expansion/keep-city.game");
    let (uri, text) = client.open_file(path);
    let outline = |client: &mut Client| {
        client.request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": uri } }),
        )
    };
    let first = outline(&mut client);
    let symbols = first.as_array().expect("symbols");
    let names: Vec<&str> = symbols
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["header", "turn red", "turn blue", "turn red", "turn blue"],
        "{first}"
    );
    let header: Vec<&str> = symbols[0]["children"]
        .as_array()
        .expect("the header's lines")
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(
        header.contains(&"tiles carcassonne-base fan-keep.tiles"),
        "{header:?}"
    );
    assert_eq!(
        symbols[1]["detail"],
        "draw FK/KEEP · place at 0,-1 · deploy knight on N"
    );
    // The turn's symbol spans its moves: from `turn red` to `deploy knight on N`.
    let (turn_line, _) = find(&text, "", "turn red", 0);
    let (deploy_line, _) = find(&text, "", "deploy knight on N", 0);
    assert_eq!(symbols[1]["range"]["start"]["line"], turn_line);
    assert_eq!(symbols[1]["range"]["end"]["line"], deploy_line);
    assert_eq!(
        outline(&mut client),
        first,
        "the same text, the same outline"
    );

    let edited = text.replacen(
        "deploy knight on N",
        "deploy knight on N\n# red's knight",
        1,
    );
    let edited = edited.replacen("draw FK/KEEP", "draw BA/CC", 1);
    client.change(&uri, 2, &edited);
    let after = outline(&mut client);
    assert_eq!(
        after[1]["detail"], "draw BA/CC · place at 0,-1 · deploy knight on N",
        "{after}"
    );
    assert_eq!(
        after[2]["range"]["start"]["line"],
        symbols[2]["range"]["start"]["line"].as_u64().unwrap() + 1,
        "the next turn one line further down"
    );
    client.change(&uri, 3, &text);
    assert_eq!(
        outline(&mut client),
        first,
        "the text back, its outline back"
    );
    client.shutdown();
}

/// Completion after `expect` offers the forms the game can hold, in the table's order: in a
/// base game no `bag` (Hills & Sheep), `covered` (the 2020 rules) or `bonus` (Hunters and
/// Gatherers), `score` first; with Hills & Sheep, `bag` too.
#[test]
fn completion_of_expect_offers_the_game_s_forms_in_order() {
    let mut client = Client::start();
    let path = Path::new("spec/carcassonne/occupied-feature.game");
    let uri = path_uri(path);
    let labels_in_order = |items: &serde_json::Value| -> Vec<String> {
        let mut items: Vec<(String, String)> = items
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                (
                    i["sortText"].as_str().unwrap_or_default().to_string(),
                    i["label"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        items.sort();
        items.into_iter().map(|(_, label)| label).collect()
    };
    let base = "ruleset carcassonne\ntiles carcassonne-base\nplayers red blue\nturn red\nexpect \n";
    client.open(&uri, "carcspec-game", base);
    let offered = labels_in_order(&client.at("textDocument/completion", &uri, (4, 7)));
    assert_eq!(
        offered.first().map(String::as_str),
        Some("score"),
        "{offered:?}"
    );
    for absent in ["bag", "covered", "bonus"] {
        assert!(
            !offered.iter().any(|l| l == absent),
            "{absent} in {offered:?}"
        );
    }
    let with_sheep = base.replace(
        "players",
        "expansion hills-and-sheep\ntiles hills-and-sheep\nplayers",
    );
    client.change(&uri, 2, &with_sheep);
    let offered = labels_in_order(&client.at("textDocument/completion", &uri, (6, 7)));
    assert!(offered.iter().any(|l| l == "bag"), "{offered:?}");
    client.shutdown();
}

/// Completion in a tile set offers what its ruleset's tiles can have: in a Carcassonne set no
/// forest, meadow, gold, mushrooms or animals, and no bonus tile, but the inn and the hill; in
/// a Hunters and Gatherers set the forest and the gold, and no city.
#[test]
fn tile_completion_follows_the_set_s_ruleset() {
    let mut client = Client::start();
    let uri = path_uri(Path::new(
        "tests/fixtures/tiles/valid/carcassonne-minimal.tiles",
    ));
    let labels = |items: &serde_json::Value| -> Vec<String> {
        items
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect()
    };
    let text = "tileset x\nruleset carcassonne\n\ntile A {\n  \n  road: W E \n}\ntile B \n";
    client.open(&uri, "carcspec-tiles", text);
    let kinds = labels(&client.at("textDocument/completion", &uri, (4, 2)));
    assert!(kinds.contains(&"city".to_string()), "{kinds:?}");
    for absent in ["forest", "meadow"] {
        assert!(
            !kinds.contains(&absent.to_string()),
            "{absent} in {kinds:?}"
        );
    }
    let attributes = labels(&client.at("textDocument/completion", &uri, (5, 13)));
    assert!(attributes.contains(&"inn".to_string()), "{attributes:?}");
    for absent in ["gold", "mushrooms", "deer", "power="] {
        assert!(
            !attributes.contains(&absent.to_string()),
            "{absent} in {attributes:?}"
        );
    }
    let modifiers = labels(&client.at("textDocument/completion", &uri, (7, 7)));
    assert!(modifiers.contains(&"hill".to_string()), "{modifiers:?}");
    assert!(!modifiers.contains(&"bonus".to_string()), "{modifiers:?}");
    let hunters = text.replace("ruleset carcassonne", "ruleset hunters-gatherers");
    client.change(&uri, 2, &hunters);
    let kinds = labels(&client.at("textDocument/completion", &uri, (4, 2)));
    assert!(kinds.contains(&"forest".to_string()), "{kinds:?}");
    assert!(!kinds.contains(&"city".to_string()), "{kinds:?}");
    client.shutdown();
}
