//! The language server's input: a session of framed messages built from the fuzz data —
//! malformed frames and bodies, edits at any position (negative and past the end too),
//! requests at any position (the code lens and its commands too) — after `initialize` and the
//! opening of a game. Asserts what the
//! protocol promises whatever comes: the server ends with 0 or 1, writes only well-formed
//! frames, and answers every request of the session (a raw body that says `exit` is left out,
//! since it ends the session early).
#![no_main]

use std::collections::HashMap;

use carcspec::lsp::transport::{Incoming, Reader};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

const GAME: &str = "game \"fuzz\"\nruleset carcassonne\ntiles carcassonne-base\nplayers red blue\n\nturn red\ndraw BA/C\nplace at 0,-1 r180\ndeploy knight on S\n\nturn blue\ndraw BA/CRFR\nplace at \n";
const METHODS: [&str; 12] = [
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/codeAction",
    "textDocument/formatting",
    "textDocument/rangeFormatting",
    "textDocument/documentSymbol",
    "textDocument/codeLens",
    "textDocument/inlayHint",
    // The lenses' commands that write no file (`carcspec.renderBoard` writes a PNG).
    "workspace/executeCommand",
    "shutdown",
];

fn frame(out: &mut Vec<u8>, body: &[u8]) {
    out.extend(format!("Content-Length: {}\r\n\r\n", body.len()).bytes());
    out.extend(body);
}

/// A signed number from two bytes: mostly small, sometimes negative or far off.
fn number(bytes: &mut impl Iterator<Item = u8>) -> i64 {
    let (a, b) = (bytes.next().unwrap_or(0), bytes.next().unwrap_or(0));
    match a % 8 {
        0 => -i64::from(b),
        1 => i64::from(b) * 1000,
        _ => i64::from(b % 24),
    }
}

fuzz_target!(|data: &[u8]| {
    let uri = "file:///fuzz/session.game";
    let mut wire = Vec::new();
    let mut requests: Vec<String> = Vec::new();
    let mut request = |wire: &mut Vec<u8>, id: i64, method: &str, params: Value| {
        let id = format!("session-{id}");
        requests.push(id.clone());
        let body = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
        frame(wire, body.to_string().as_bytes());
    };
    request(&mut wire, 0, "initialize", json!({ "capabilities": {} }));
    let notify = |wire: &mut Vec<u8>, method: &str, params: Value| {
        let body = json!({ "jsonrpc": "2.0", "method": method, "params": params });
        frame(wire, body.to_string().as_bytes());
    };
    notify(&mut wire, "initialized", json!({}));
    notify(
        &mut wire,
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "carcspec-game", "version": 1, "text": GAME } }),
    );
    let mut bytes = data.iter().copied();
    let mut version = 1;
    let mut id = 0;
    while let Some(op) = bytes.next() {
        let position = |bytes: &mut std::iter::Copied<std::slice::Iter<'_, u8>>| {
            json!({ "line": number(bytes), "character": number(bytes) })
        };
        match op % 4 {
            // Raw bytes as a body (any JSON, or none).
            0 => {
                let length = usize::from(bytes.next().unwrap_or(0));
                let body: Vec<u8> = bytes.by_ref().take(length).collect();
                let exits = serde_json::from_slice::<Value>(&body)
                    .is_ok_and(|v| v.get("method").is_some_and(|m| m == "exit"));
                if !exits {
                    frame(&mut wire, &body);
                }
            }
            // An edit at any place, with text from the data.
            1 => {
                version += 1;
                let (start, end) = (position(&mut bytes), position(&mut bytes));
                let length = usize::from(bytes.next().unwrap_or(0) % 16);
                let text = String::from_utf8_lossy(&bytes.by_ref().take(length).collect::<Vec<u8>>()).into_owned();
                let change = if op & 0x80 == 0 {
                    json!({ "range": { "start": start, "end": end }, "text": text })
                } else {
                    json!({ "text": format!("{GAME}{text}") })
                };
                notify(
                    &mut wire,
                    "textDocument/didChange",
                    json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [change] }),
                );
            }
            // A request at any place.
            _ => {
                id += 1;
                let method = METHODS[usize::from(bytes.next().unwrap_or(0)) % METHODS.len()];
                let at = position(&mut bytes);
                let params = json!({
                    "textDocument": { "uri": uri },
                    "position": at,
                    "range": { "start": at, "end": position(&mut bytes) },
                    "context": { "diagnostics": [], "includeDeclaration": true },
                    "options": { "tabSize": 4, "insertSpaces": true },
                    "command": if op & 0x40 == 0 { "carcspec.legalPlacements" } else { "carcspec.showExpectation" },
                    "arguments": [uri, number(&mut bytes)],
                });
                request(&mut wire, id, method, params);
            }
        }
    }
    let (code, written) = carcspec::lsp::serve_bytes(&wire);
    assert!(code == 0 || code == 1, "exit code {code}");
    let mut answered: HashMap<String, usize> = HashMap::new();
    let mut reader = Reader::new(written.as_slice());
    while let Some(message) = reader.read_next().expect("reading memory") {
        match message {
            Incoming::Message(message) => {
                let value = serde_json::to_value(&message).expect("a message is JSON");
                if let Some(id) = value.get("id").and_then(Value::as_str) {
                    *answered.entry(id.to_string()).or_default() += 1;
                }
            }
            // The answers to malformed input: an error with the id `null`.
            Incoming::Malformed(malformed) => {
                assert!(malformed.is_response && malformed.id.is_null(), "{malformed:?}");
            }
        }
    }
    for id in requests {
        assert!(answered.contains_key(&id), "request {id} is answered");
    }
});
