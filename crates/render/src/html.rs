//! Pages: a game's replay to step through (`render GAME --format html`) and what the check
//! report (`check --format html`) shares with it — the style, and boards whose tiles are drawn
//! once.
//!
//! A board picture is [`super::board_svg`]'s, unchanged: [`TileBook`] only moves the drawing of
//! each tile out of it. `tile::draw` writes a tile as one group, `<g transform="translate(X Y)
//! …">` and its shapes, and the same tile in the same rotation is the same shapes wherever it
//! lies, on every board of a game. The book keeps each distinct group once, as a definition,
//! and the board refers to it with `<use href="#id" transform="translate(X Y) …"/>`, which SVG
//! draws exactly as the group (the same shapes under the same transform). So a page of 200
//! boards holds each tile's drawing once and 200 lists of where the tiles lie, and every board
//! is the picture `render --at` draws (a test expands the references back and compares).
//!
//! Everything is self-contained: no script, style or font is loaded from anywhere; the text
//! is HTML text (scores, events, diagnostics), and the page follows `prefers-color-scheme`.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::svg::escape;

/// Text escaped for HTML content and attribute values. Unlike an SVG picture's text (one line,
/// `svg::escape`), a page's text keeps its line breaks and tabs: a transcript or a diagnostic
/// shown in `<pre>` is several lines.
pub fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        for part in body.split('\t').enumerate() {
            if part.0 > 0 {
                out.push('\t');
            }
            out.push_str(&escape(part.1));
        }
        out.push_str(end);
    }
    out
}

/// The opening of a top-level tile group, as `tile::draw` writes it.
const TILE_GROUP: &str = "<g transform=\"translate(";

/// The drawings of tiles shared by the boards of one page.
#[derive(Debug, Default)]
pub struct TileBook {
    /// The body of each distinct tile group, keyed by that body; the value is its index.
    ids: HashMap<String, usize>,
    bodies: Vec<String>,
}

impl TileBook {
    pub fn new() -> TileBook {
        TileBook::default()
    }

    /// The lines of `svg` (a picture of `board_svg`) with every top-level tile group replaced
    /// by a reference to its drawing in the book. The first line is the `<svg …>` element, the
    /// last `</svg>`.
    pub fn compact(&mut self, svg: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut lines = svg.lines();
        while let Some(line) = lines.next() {
            let Some(transform) = tile_transform(line) else {
                out.push(line.to_string());
                continue;
            };
            // The group's body: every line up to the `</g>` that closes it.
            let mut body = String::new();
            let mut depth = 1usize;
            for inner in lines.by_ref() {
                if inner.starts_with("<g ") || inner == "<g>" {
                    depth += 1;
                } else if inner == "</g>" {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                body.push_str(inner);
                body.push('\n');
            }
            let id = match self.ids.get(&body) {
                Some(&id) => id,
                None => {
                    let id = self.bodies.len();
                    self.bodies.push(body.clone());
                    self.ids.insert(body, id);
                    id
                }
            };
            out.push(format!(
                "<use href=\"#{}\" transform=\"{transform}\"/>",
                tile_id(id)
            ));
        }
        out
    }

    /// How many distinct tile drawings the book holds.
    pub fn len(&self) -> usize {
        self.bodies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bodies.is_empty()
    }

    /// The definitions, as an SVG element that takes no room on the page (a `<use>` finds them
    /// by id anywhere in the document).
    pub fn definitions(&self) -> String {
        let mut out = String::from(
            "<svg class=\"definitions\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>\n",
        );
        for (id, body) in self.bodies.iter().enumerate() {
            let _ = write!(out, "<g id=\"{}\">\n{body}</g>\n", tile_id(id));
        }
        out.push_str("</defs></svg>\n");
        out
    }
}

/// The id of the book's `index`-th drawing.
fn tile_id(index: usize) -> String {
    format!("tile-{index}")
}

/// The transform of a line that opens a tile group, `translate(X Y) …`.
fn tile_transform(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("<g transform=\"")?;
    if !line.starts_with(TILE_GROUP) {
        return None;
    }
    rest.strip_suffix("\">")
}

/// The style of carcspec's pages: system fonts, sizes in `rem` so that zoom enlarges
/// everything, a layout that wraps at 200 % zoom, and colours for light and dark schemes.
/// Board pictures keep their own light background.
pub const PAGE_STYLE: &str = r#"
:root { color-scheme: light dark; --fg: #1b1b1b; --bg: #ffffff; --muted: #555555; --line: #d0d0d0;
  --panel: #f4f4f0; --error: #b00020; --warning: #8a5a00; --ok: #1e6b2e; --accent: #ff7a00; --link: #1f4fb0; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e8e8e8; --bg: #161616; --muted: #b0b0b0; --line: #444444; --panel: #232323;
    --error: #ff6b81; --warning: #f0b54a; --ok: #6fd487; --link: #8fb4ff; }
}
* { box-sizing: border-box; }
body { margin: 0; padding: 1rem; font: 1rem/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--link); }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
h2 { font-size: 1.15rem; margin: 1rem 0 .4rem; }
pre { font: .85rem/1.4 ui-monospace, monospace; background: var(--panel); padding: .5rem; overflow-x: auto;
  white-space: pre-wrap; overflow-wrap: anywhere; border-radius: 4px; margin: .3rem 0; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: .15rem .6rem .15rem 0; border-bottom: 1px solid var(--line); }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
.swatch { display: inline-block; width: .9em; height: .9em; border: 1px solid var(--fg); border-radius: 50%;
  vertical-align: -.1em; margin-right: .35em; }
.board { max-width: 100%; overflow: auto; }
.board svg { max-width: 100%; height: auto; display: block; }
.definitions { position: absolute; width: 0; height: 0; overflow: hidden; }
.error { color: var(--error); }
.warning { color: var(--warning); }
.ok { color: var(--ok); }
.muted { color: var(--muted); }
button, input { font: inherit; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
"#;

/// One step of a replay: the board after a number of turns and what the page says about it.
#[derive(Debug, Clone)]
pub struct ReplayStep {
    /// The turns played (the number in the page's address, `#turn=N`).
    pub turns: usize,
    /// What the step shows: `after turn 3`, `after turn 71, the end`.
    pub label: String,
    /// The board as `board_svg` draws it.
    pub board_svg: String,
    /// Each player's score.
    pub scores: Vec<i64>,
    /// Each player's figures in the supply (pool name, count).
    pub supplies: Vec<Vec<(String, u32)>>,
    /// The lines of the transcript the step played: (1-based line number, text).
    pub transcript: Vec<(usize, String)>,
    /// What was scored in the step, as text.
    pub events: Vec<String>,
    /// The diagnostics of the step's lines, as `check` shows them (plain text), and how many
    /// are errors.
    pub diagnostics: String,
    pub errors: usize,
    pub warnings: usize,
}

/// A game to step through.
#[derive(Debug, Clone)]
pub struct Replay {
    pub title: String,
    pub origin: String,
    pub players: Vec<String>,
    /// From before the first turn (or the setup of an excerpt) to the end.
    pub steps: Vec<ReplayStep>,
}

/// The replay page: it opens on the last step (or the one the address names, `#turn=N`) and
/// steps with the buttons, the slider and the ← → Home End keys.
pub fn replay_page(replay: &Replay) -> String {
    let mut book = TileBook::new();
    // Every distinct line of every board once; a board is the list of its lines' numbers.
    let mut dictionary: Vec<String> = Vec::new();
    let mut numbers: HashMap<String, usize> = HashMap::new();
    let mut boards: Vec<Vec<usize>> = Vec::new();
    let mut last_board = Vec::new();
    for step in &replay.steps {
        let lines = book.compact(&step.board_svg);
        let board = lines
            .iter()
            .map(|line| {
                let next = dictionary.len();
                *numbers.entry(line.clone()).or_insert_with(|| {
                    dictionary.push(line.clone());
                    next
                })
            })
            .collect();
        boards.push(board);
        last_board = lines;
    }

    let last = replay.steps.len().saturating_sub(1);
    let mut html = String::with_capacity(64 * 1024);
    let title = escape(&replay.title);
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"generator\" content=\"carcspec\">\n<title>{title}</title>\n<style>{PAGE_STYLE}{REPLAY_STYLE}</style>\n</head>\n<body>\n\
<header><h1>{title}</h1><p class=\"muted\">{} · {} · step through the turns with the buttons, the slider or the ← → keys (Home, End: first, last)</p></header>\n",
        escape(&replay.origin),
        escape(&replay.players.join(", ")),
    );
    let _ = writeln!(
        html,
        "<nav class=\"controls\" aria-label=\"turns\">\
<button type=\"button\" id=\"first\" aria-label=\"first turn\">◀◀ first</button>\
<button type=\"button\" id=\"previous\" aria-label=\"previous turn\" aria-keyshortcuts=\"ArrowLeft\">◀ previous</button>\
<label for=\"slider\" class=\"slider\">turn <input type=\"range\" id=\"slider\" min=\"0\" max=\"{last}\" value=\"{last}\" step=\"1\"></label>\
<button type=\"button\" id=\"next\" aria-label=\"next turn\" aria-keyshortcuts=\"ArrowRight\">next ▶</button>\
<button type=\"button\" id=\"last\" aria-label=\"last turn\">last ▶▶</button>\
<output id=\"position\" for=\"slider\" aria-live=\"polite\"></output>\
<button type=\"button\" id=\"zoom\" aria-pressed=\"false\" aria-controls=\"board\">actual size</button></nav>"
    );
    let problems: Vec<(usize, &ReplayStep)> = replay
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| s.errors + s.warnings > 0)
        .collect();
    if !problems.is_empty() {
        html.push_str("<p class=\"problems\">Diagnostics at ");
        for (n, (_, step)) in problems.iter().enumerate() {
            if n > 0 {
                html.push_str(", ");
            }
            let class = if step.errors > 0 { "error" } else { "warning" };
            let _ = write!(
                html,
                "<a class=\"{class}\" href=\"#turn={0}\">turn {0}</a>",
                step.turns
            );
        }
        html.push_str("</p>\n");
    }
    // The board of the last step is in the page as it is, for a reader without scripts.
    html.push_str(
        "<main class=\"replay\">\n<figure class=\"board\" id=\"board\" aria-label=\"the board\">\n",
    );
    for line in &last_board {
        html.push_str(line);
        html.push('\n');
    }
    html.push_str("</figure>\n<div class=\"steps\">\n");
    for (index, step) in replay.steps.iter().enumerate() {
        step_section(&mut html, replay, index, step, index == last);
    }
    html.push_str("</div>\n</main>\n");
    html.push_str(&book.definitions());
    // The boards' lines, one a line (the markup escapes `<` in text, so no line closes the
    // element), and each board's list of line numbers.
    html.push_str("<script type=\"text/plain\" id=\"board-lines\">\n");
    for line in &dictionary {
        html.push_str(line);
        html.push('\n');
    }
    html.push_str("</script>\n<script type=\"application/json\" id=\"boards\">[");
    for (n, board) in boards.iter().enumerate() {
        if n > 0 {
            html.push(',');
        }
        html.push('[');
        for (i, number) in board.iter().enumerate() {
            if i > 0 {
                html.push(',');
            }
            let _ = write!(html, "{number}");
        }
        html.push(']');
    }
    html.push_str("]</script>\n<script type=\"application/json\" id=\"turns\">[");
    let turns: Vec<String> = replay.steps.iter().map(|s| s.turns.to_string()).collect();
    html.push_str(&turns.join(","));
    let _ = write!(
        html,
        "]</script>\n<script>{REPLAY_SCRIPT}</script>\n</body>\n</html>\n"
    );
    html
}

/// The text of one step: where it is, the scores, the transcript, the events, the diagnostics.
fn step_section(html: &mut String, replay: &Replay, index: usize, step: &ReplayStep, shown: bool) {
    let _ = write!(
        html,
        "<section class=\"step\" id=\"step-{index}\" data-turns=\"{}\"{}>\n<h2>{}</h2>\n",
        step.turns,
        if shown { "" } else { " hidden" },
        escape(&step.label)
    );
    html.push_str("<table class=\"scores\"><caption class=\"muted\">scores</caption><thead><tr><th scope=\"col\">player</th><th scope=\"col\">points</th><th scope=\"col\">supply</th></tr></thead><tbody>\n");
    for (player, name) in replay.players.iter().enumerate() {
        let score = step.scores.get(player).copied().unwrap_or(0);
        let supply: Vec<String> = step
            .supplies
            .get(player)
            .map(|pools| {
                pools
                    .iter()
                    .map(|(pool, n)| format!("{n} {pool}{}", crate::diagnostic::plural(*n)))
                    .collect()
            })
            .unwrap_or_default();
        let _ = writeln!(
            html,
            "<tr><th scope=\"row\"><span class=\"swatch\" style=\"background:{}\"></span>{}</th><td class=\"number score\">{score}</td><td class=\"muted\">{}</td></tr>",
            super::player_colour(name, player),
            escape(name),
            escape(&supply.join(", "))
        );
    }
    html.push_str("</tbody></table>\n");
    if step.transcript.is_empty() {
        html.push_str("<p class=\"muted\">no lines of the transcript</p>\n");
    } else {
        html.push_str("<h3>transcript</h3>\n<pre class=\"transcript\">");
        for (line, text) in &step.transcript {
            let _ = writeln!(
                html,
                "<span class=\"line-number\">{line:>4}</span>  {}",
                escape(text)
            );
        }
        html.push_str("</pre>\n");
    }
    if step.events.is_empty() {
        html.push_str("<p class=\"muted events\">nothing scored</p>\n");
    } else {
        html.push_str("<h3>scored</h3>\n<ul class=\"events\">\n");
        for event in &step.events {
            let _ = writeln!(html, "<li>{}</li>", escape(event));
        }
        html.push_str("</ul>\n");
    }
    if !step.diagnostics.is_empty() {
        let _ = write!(
            html,
            "<h3 class=\"{}\">{} error(s), {} warning(s)</h3>\n<pre class=\"diagnostics\">{}</pre>\n",
            if step.errors > 0 { "error" } else { "warning" },
            step.errors,
            step.warnings,
            escape_text(&step.diagnostics)
        );
    }
    html.push_str("</section>\n");
}

const REPLAY_STYLE: &str = r#"
.controls { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .5rem 0; }
.controls button { padding: .3rem .7rem; }
.slider { display: inline-flex; align-items: center; gap: .4rem; }
.slider input { width: min(24rem, 60vw); }
#position { font-weight: 600; }
.replay { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.replay .board { flex: 0 1 auto; margin: 0; }
.replay .board.actual svg { max-width: none; }
.steps { flex: 1 1 20rem; min-width: 0; }
h3 { font-size: 1rem; margin: .8rem 0 .2rem; }
.line-number { color: var(--muted); }
"#;

/// Steps through the boards: builds the board of a step from its lines, shows the step's
/// text, and keeps the address (`#turn=N`) and the controls in step.
const REPLAY_SCRIPT: &str = r##"
(function () {
  "use strict";
  var lines = document.getElementById("board-lines").textContent.split("\n").slice(1);
  var boards = JSON.parse(document.getElementById("boards").textContent);
  var turns = JSON.parse(document.getElementById("turns").textContent);
  var board = document.getElementById("board");
  var slider = document.getElementById("slider");
  var position = document.getElementById("position");
  var shown = boards.length - 1;
  function stepOfTurn(turn) {
    for (var i = 0; i < turns.length; i++) { if (turns[i] >= turn) { return i; } }
    return turns.length - 1;
  }
  function show(step, fromAddress) {
    step = Math.max(0, Math.min(boards.length - 1, step));
    var markup = boards[step].map(function (n) { return lines[n]; }).join("\n");
    board.innerHTML = markup;
    var old = document.getElementById("step-" + shown);
    if (old) { old.hidden = true; }
    document.getElementById("step-" + step).hidden = false;
    shown = step;
    slider.value = String(step);
    position.textContent = "turn " + turns[step] + " of " + turns[turns.length - 1];
    if (!fromAddress) { history.replaceState(null, "", "#turn=" + turns[step]); }
    document.body.setAttribute("data-turn", String(turns[step]));
  }
  function fromAddress() {
    var match = /^#turn=(\d+)$/.exec(location.hash);
    show(match ? stepOfTurn(Number(match[1])) : boards.length - 1, true);
  }
  // The board takes the page's width, drawn at its own size (a tile 100 pixels) where it
  // fits and smaller where it does not; "actual size" keeps its own size and scrolls.
  var zoom = document.getElementById("zoom");
  zoom.addEventListener("click", function () {
    var actual = zoom.getAttribute("aria-pressed") !== "true";
    zoom.setAttribute("aria-pressed", String(actual));
    board.classList.toggle("actual", actual);
  });
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("previous").addEventListener("click", function () { show(shown - 1); });
  document.getElementById("next").addEventListener("click", function () { show(shown + 1); });
  document.getElementById("last").addEventListener("click", function () { show(boards.length - 1); });
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  document.addEventListener("keydown", function (event) {
    // The slider moves itself with the arrow keys; a modified key is the browser's.
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var to = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: boards.length - 1 }[event.key];
    if (to === undefined) { return; }
    event.preventDefault();
    show(to);
  });
  window.addEventListener("hashchange", fromAddress);
  fromAddress();
})();
"##;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_text_keeps_its_lines() {
        assert_eq!(escape_text("a<b\n\tc & d\n"), "a&lt;b\n\tc &amp; d\n");
        assert_eq!(escape_text("nul\u{0}"), "nul\u{fffd}");
    }

    #[test]
    fn a_tile_drawn_twice_is_defined_once_and_referenced_where_it_lies() {
        let svg = "<svg viewBox=\"0 0 10 10\">\n<rect x=\"0\"/>\n\
<g transform=\"translate(36 80) scale(1)\">\n<g transform=\"rotate(90 50 50)\">\n<rect a/>\n</g>\n<path b/>\n</g>\n\
<g transform=\"translate(136 80) scale(1)\">\n<g transform=\"rotate(90 50 50)\">\n<rect a/>\n</g>\n<path b/>\n</g>\n\
<path figure/>\n</svg>\n";
        let mut book = TileBook::new();
        let lines = book.compact(svg);
        assert_eq!(book.len(), 1);
        assert_eq!(
            lines,
            [
                "<svg viewBox=\"0 0 10 10\">",
                "<rect x=\"0\"/>",
                "<use href=\"#tile-0\" transform=\"translate(36 80) scale(1)\"/>",
                "<use href=\"#tile-0\" transform=\"translate(136 80) scale(1)\"/>",
                "<path figure/>",
                "</svg>",
            ]
        );
        assert!(book.definitions().contains(
            "<g id=\"tile-0\">\n<g transform=\"rotate(90 50 50)\">\n<rect a/>\n</g>\n<path b/>\n</g>"
        ));
    }
}
