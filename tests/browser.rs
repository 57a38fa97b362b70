//! The HTML pages in a real browser: headless Chromium driven through the DevTools protocol
//! (a WebSocket on the loopback interface). The replay page is stepped through with key
//! presses, and its DOM (turn, address, scores) and its pixels (the last tile's orange frame, a
//! figure in its player's colour) are checked; the check report is opened at a failing line.
//!
//! Skipped, with the reason printed, when no Chromium is installed (`.ci/run` installs
//! Debian's `chromium`). `CARCSPEC_SCREENSHOTS=docs/images` writes the pictures the docs show.

mod common;

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::{carcspec, simulated_game, stderr, write_output};
use resvg::tiny_skia::Pixmap;
use serde_json::{Value, json};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// The browser's program: `CHROMIUM` if set, else the first of Debian's and others' names.
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| {
            ["chromium", "chromium-browser", "google-chrome"].map(|name| dir.join(name))
        })
        .find(|candidate| candidate.is_file())
}

/// A headless Chromium and a DevTools session on one page.
struct Browser {
    child: Child,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next_id: u64,
    _profile: PathBuf,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.socket.close(None);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    fn launch(program: &Path, profile: PathBuf) -> Browser {
        let mut child = Command::new(program)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--hide-scrollbars",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                "about:blank",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        // Chromium says where its DevTools listen on standard error.
        let (sender, receiver) = mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(url) = line.strip_prefix("DevTools listening on ") {
                    let _ = sender.send(url.trim().to_string());
                }
            }
        });
        let url = receiver
            .recv_timeout(Duration::from_secs(60))
            .expect("chromium prints its DevTools address");
        let (socket, _) = tungstenite::connect(url.as_str()).expect("the DevTools socket opens");
        if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
            stream
                .set_read_timeout(Some(Duration::from_secs(30)))
                .unwrap();
        }
        let mut browser = Browser {
            child,
            socket,
            session: String::new(),
            next_id: 0,
            _profile: profile,
        };
        let target = browser.call("Target.createTarget", json!({"url": "about:blank"}));
        let target = target["targetId"].as_str().unwrap().to_string();
        let attached = browser.call(
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        browser.call("Page.enable", json!({}));
        browser
    }

    /// Sends a command (to the page's session once there is one) and waits for its answer.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::text(message.to_string()))
            .expect("a command is sent");
        loop {
            let reply = self.socket.read().expect("the browser answers");
            let Message::Text(text) = reply else { continue };
            let reply: Value = serde_json::from_str(text.as_str()).unwrap();
            if reply["id"] == json!(id) {
                assert!(reply.get("error").is_none(), "{method}: {reply}");
                return reply["result"].clone();
            }
        }
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        assert!(
            result.get("exceptionDetails").is_none(),
            "{expression}: {result}"
        );
        result["result"]["value"].clone()
    }

    /// Opens `url` and waits until the page has loaded.
    fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": url}));
        let start = Instant::now();
        while self.eval("document.readyState") != json!("complete")
            || self.eval("location.href") != json!(url)
        {
            assert!(start.elapsed() < Duration::from_secs(30), "{url} loads");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Presses and releases a key, as a keyboard does: `key` as the event names it, `code`
    /// the key's place, `number` its virtual key code.
    fn press(&mut self, key: &str, code: &str, number: u32) {
        let printable = key.chars().count() == 1;
        for kind in ["keyDown", "keyUp"] {
            let mut event = json!({"type": kind, "key": key, "code": code,
                       "windowsVirtualKeyCode": number, "nativeVirtualKeyCode": number});
            if printable && kind == "keyDown" {
                event["text"] = json!(key);
            }
            self.call("Input.dispatchKeyEvent", event);
        }
    }

    fn viewport(&mut self, width: u32, height: u32, scale: f64) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": scale, "mobile": false}),
        );
    }

    /// The page as the screen shows it, and the PNG's bytes.
    fn screenshot(&mut self) -> (Pixmap, Vec<u8>) {
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let png = base64_decode(shot["data"].as_str().unwrap());
        (Pixmap::decode_png(&png).unwrap(), png)
    }
}

/// Standard base64 (the screenshot's encoding).
fn base64_decode(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut buffer, mut bits) = (0u32, 0);
    for byte in text.bytes().filter(|b| *b != b'=') {
        let value = ALPHABET.iter().position(|a| *a == byte).unwrap() as u32;
        buffer = (buffer << 6) | value;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
        }
    }
    out
}

/// The colour of the pixel at CSS pixel (x, y) of a screenshot taken at `scale`.
fn pixel(shot: &Pixmap, x: f64, y: f64, scale: f64) -> (u8, u8, u8) {
    let p = shot
        .pixel((x * scale) as u32, (y * scale) as u32)
        .expect("the point is on the screen");
    (p.red(), p.green(), p.blue())
}

fn close_to(colour: (u8, u8, u8), hex: u32) -> bool {
    let want = ((hex >> 16) as u8, (hex >> 8) as u8, hex as u8);
    let near = |a: u8, b: u8| a.abs_diff(b) <= 24;
    near(colour.0, want.0) && near(colour.1, want.1) && near(colour.2, want.2)
}

/// Keeps a screenshot to look at, in the target folder; one the docs show (`for_docs`) goes
/// to the folder `CARCSPEC_SCREENSHOTS` names, when it is set.
fn keep(png: &[u8], name: &str, for_docs: bool) {
    let docs = std::env::var_os("CARCSPEC_SCREENSHOTS").filter(|_| for_docs);
    let dir = docs
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots"));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), png).unwrap();
}

/// The text of the scores shown, per player, in the visible step.
fn shown_scores(browser: &mut Browser) -> Value {
    browser.eval(
        "Array.from(document.querySelectorAll('section.step:not([hidden]) td.score')).map(td => Number(td.textContent))",
    )
}

/// Finds the centre (CSS pixels) of the first element of the board matching `selector`.
fn centre_of(browser: &mut Browser, selector: &str) -> (f64, f64) {
    let at = browser.eval(&format!(
        "(() => {{ const r = document.querySelector('#board {selector}').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, r.left, r.top]; }})()"
    ));
    (at[0].as_f64().unwrap(), at[1].as_f64().unwrap())
}

/// A browser at a 1000 × 800 window and a fresh folder for the test `name`, or `None` (the
/// reason printed) when no Chromium is installed.
fn browser_in(name: &str) -> Option<(Browser, PathBuf)> {
    let Some(program) = chromium() else {
        common::skip("no chromium on PATH (install Debian's `chromium`, or set CHROMIUM)");
        return None;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut browser = Browser::launch(&program, dir.join("profile"));
    browser.viewport(1000, 800, 1.0);
    Some((browser, dir))
}

const GAME: &str = "spec/carcassonne/city-with-pennant.game";
const FAILING: &str = "tests/fixtures/games/invalid/two-figures-on-one-tile.game";

#[test]
fn the_replay_steps_with_keys_and_shows_the_board_the_scores_and_the_figures() {
    let Some((mut browser, dir)) = browser_in("browser-replay") else {
        return;
    };
    let page = write_output(&["render", GAME, "--format", "html"], &dir, "game.html");
    let url = format!("file://{}", page.canonicalize().unwrap().display());

    browser.open(&url);
    // It opens on the end: turn 2, the city of 3 tiles and a pennant scored, red 8.
    assert_eq!(browser.eval("document.body.dataset.turn"), json!("2"));
    assert_eq!(
        browser.eval("document.getElementById('position').textContent"),
        json!("turn 2 of 2")
    );
    assert_eq!(shown_scores(&mut browser), json!([8, 0]));
    let (_, png) = browser.screenshot();
    keep(&png, "replay-end.png", false);

    // ← : after turn 1, nothing scored yet, the knight of red on the city, the address says so.
    browser.press("ArrowLeft", "ArrowLeft", 37);
    assert_eq!(browser.eval("location.hash"), json!("#turn=1"));
    assert_eq!(browser.eval("document.body.dataset.turn"), json!("1"));
    assert_eq!(shown_scores(&mut browser), json!([0, 0]));
    assert_eq!(
        browser.eval("document.querySelector('section.step:not([hidden]) .transcript').textContent.includes('deploy knight on S')"),
        json!(true)
    );
    let (shot, png) = browser.screenshot();
    keep(&png, "replay-turn-1.png", true);
    // The last tile's frame: its left edge, halfway down, is the frame's orange.
    let frame = browser.eval(
        "(() => { const r = document.querySelector('#board rect[stroke=\"#ff7a00\"]').getBoundingClientRect(); return [r.left, r.top + r.height / 2]; })()",
    );
    let (x, y) = (frame[0].as_f64().unwrap(), frame[1].as_f64().unwrap());
    let edge = pixel(&shot, x + 0.5, y, 1.0);
    assert!(
        close_to(edge, 0xff7a00),
        "the frame at ({x}, {y}) is {edge:?}"
    );
    // Red's knight, in red (the first red figure of the board; the legend's comes last).
    let (fx, fy) = centre_of(&mut browser, "path[fill=\"#d62828\"]");
    let figure = pixel(&shot, fx, fy, 1.0);
    assert!(
        close_to(figure, 0xd62828),
        "the figure at ({fx}, {fy}) is {figure:?}"
    );
    // The legend's figure is below the board: the one found lies on a tile.
    let tiles_bottom = browser.eval(
        "Math.max(...Array.from(document.querySelectorAll('#board use')).map(u => u.getBoundingClientRect().bottom))",
    );
    assert!(fy < tiles_bottom.as_f64().unwrap());

    // ← again: before the first turn, the start tile alone; Home and End; → stops at the end.
    browser.press("ArrowLeft", "ArrowLeft", 37);
    assert_eq!(browser.eval("location.hash"), json!("#turn=0"));
    assert_eq!(
        browser.eval("document.querySelectorAll('#board use').length"),
        json!(1)
    );
    browser.press("ArrowLeft", "ArrowLeft", 37);
    assert_eq!(browser.eval("location.hash"), json!("#turn=0"));
    browser.press("End", "End", 35);
    assert_eq!(browser.eval("location.hash"), json!("#turn=2"));
    browser.press("ArrowRight", "ArrowRight", 39);
    assert_eq!(browser.eval("location.hash"), json!("#turn=2"));
    browser.press("Home", "Home", 36);
    assert_eq!(
        browser.eval("document.getElementById('slider').value"),
        json!("0")
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('#board use').length"),
        json!(1)
    );

    // An address with a turn opens that turn.
    browser.open(&format!("{url}#turn=1"));
    assert_eq!(browser.eval("document.body.dataset.turn"), json!("1"));
    assert_eq!(shown_scores(&mut browser), json!([0, 0]));

    // 200 % zoom: nothing wider than the window.
    browser.viewport(500, 400, 2.0);
    browser.open(&format!("{url}#turn=2"));
    assert_eq!(
        browser.eval("document.documentElement.scrollWidth <= window.innerWidth"),
        json!(true)
    );
    // A dark scheme: the page's own background turns dark.
    browser.viewport(1000, 800, 1.0);
    browser.call(
        "Emulation.setEmulatedMedia",
        json!({"features": [{"name": "prefers-color-scheme", "value": "dark"}]}),
    );
    let background = browser.eval("getComputedStyle(document.body).backgroundColor");
    assert_eq!(background, json!("rgb(22, 22, 22)"));
}

#[test]
fn the_check_report_opens_at_a_failing_line_with_its_board() {
    let Some((mut browser, dir)) = browser_in("browser-report") else {
        return;
    };
    let report = dir.join("report.html");
    let output = carcspec(&[
        "check",
        "--format",
        "html",
        "-o",
        report.to_str().unwrap(),
        "spec/hunters-gatherers",
        FAILING,
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let url = format!(
        "file://{}#{FAILING}:10",
        report.canonicalize().unwrap().display()
    );

    browser.open(&url);
    assert_eq!(
        browser.eval("document.querySelector(':target').id"),
        json!(format!("{FAILING}:10"))
    );
    // The clean games are hidden until asked for; the summary is at the top.
    let hidden = browser.eval(
        "Array.from(document.querySelectorAll('li.clean')).every(li => li.offsetParent === null)",
    );
    assert_eq!(hidden, json!(true));
    let summary_top =
        browser.eval("document.querySelector('.summary').getBoundingClientRect().top + scrollY");
    let list_top =
        browser.eval("document.querySelector('.files').getBoundingClientRect().top + scrollY");
    assert!(summary_top.as_f64() < list_top.as_f64());
    // The board after line 10: the tile just placed framed in orange, red's gatherer in red.
    let (shot, png) = browser.screenshot();
    keep(&png, "check-report.png", true);
    let frame = browser.eval(&format!(
        "(() => {{ const r = document.getElementById('{FAILING}:10').querySelector('rect[stroke=\"#ff7a00\"]').getBoundingClientRect(); return [r.left, r.top + r.height / 2]; }})()"
    ));
    let (x, y) = (frame[0].as_f64().unwrap(), frame[1].as_f64().unwrap());
    let edge = pixel(&shot, x + 0.5, y, 1.0);
    assert!(
        close_to(edge, 0xff7a00),
        "the frame at ({x}, {y}) is {edge:?}"
    );
    let figure = browser.eval(&format!(
        "(() => {{ const r = document.getElementById('{FAILING}:10').querySelector('path[fill=\"#d62828\"]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }})()"
    ));
    let (fx, fy) = (figure[0].as_f64().unwrap(), figure[1].as_f64().unwrap());
    let colour = pixel(&shot, fx, fy, 1.0);
    assert!(
        close_to(colour, 0xd62828),
        "the figure at ({fx}, {fy}) is {colour:?}"
    );
    // Ticking the box shows the clean games; the keyboard reaches it.
    browser.eval("document.getElementById('show-clean').focus()");
    browser.press(" ", "Space", 32);
    assert_eq!(
        browser.eval("document.querySelector('li.clean').offsetParent !== null"),
        json!(true)
    );
}

/// The board at the end of a long game takes the page's width: a Hunters and Gatherers game
/// of some 80 tiles, 12 columns wide, is drawn at its own size (a tile 100 pixels, its animals
/// readable) in a window wide enough, not shrunk into a column beside the text; in a narrower
/// window it fits the width, and "actual size" draws it at its own size in a board that
/// scrolls, the page itself no wider than the window.
#[test]
fn the_replay_board_takes_the_width_and_zooms() {
    let Some((mut browser, dir)) = browser_in("browser-replay-wide") else {
        return;
    };
    let game = simulated_game("hunters-gatherers-v2", 3, &dir.join("games"));
    let page = write_output(
        &["render", game.to_str().unwrap(), "--format", "html"],
        &dir,
        "game.html",
    );
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    let tile_width = |browser: &mut Browser| {
        browser
            .eval("document.querySelector('#board use').getBoundingClientRect().width")
            .as_f64()
            .unwrap()
    };
    let board_width = |browser: &mut Browser| {
        browser
            .eval("Number(document.querySelector('#board svg').getAttribute('width'))")
            .as_f64()
            .unwrap()
    };
    browser.viewport(1400, 1000, 1.0);
    browser.open(&url);
    assert!(
        board_width(&mut browser) < 1360.0,
        "the board fits the window"
    );
    let (_, png) = browser.screenshot();
    keep(&png, "replay-wide-board.png", false);
    let wide = tile_width(&mut browser);
    assert!((wide - 100.0).abs() < 0.5, "a tile is {wide} pixels wide");

    browser.viewport(900, 800, 1.0);
    browser.open(&url);
    let fitted = tile_width(&mut browser);
    assert!(
        fitted < 90.0 && fitted > 60.0,
        "a tile is {fitted} pixels wide"
    );
    browser.eval("document.getElementById('zoom').click()");
    assert_eq!(
        browser.eval("document.getElementById('zoom').getAttribute('aria-pressed')"),
        json!("true")
    );
    let actual = tile_width(&mut browser);
    assert!(
        (actual - 100.0).abs() < 0.5,
        "a tile is {actual} pixels wide"
    );
    assert_eq!(
        browser.eval("document.documentElement.scrollWidth <= window.innerWidth"),
        json!(true)
    );
    // Stepping keeps the zoom.
    browser.press("ArrowLeft", "ArrowLeft", 37);
    let stepped = tile_width(&mut browser);
    assert!(
        (stepped - 100.0).abs() < 0.5,
        "a tile is {stepped} pixels wide"
    );
}
