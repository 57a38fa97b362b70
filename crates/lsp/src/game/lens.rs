//! The code lens of a game file, and the commands its lenses run
//! (`workspace/executeCommand`):
//!
//! - on each `draw` or `bonus`: how many legal placements the drawn tile had
//!   (`carcspec.legalPlacements` shows them as an `expect placements` line);
//! - on each `expect`: whether it holds, from the check of this version
//!   (`carcspec.showExpectation` shows the finding);
//! - on each `turn`: "render the board here" (`carcspec.renderBoard` draws the board after the
//!   turn, as `carcspec render --turn N`, to a PNG in the server's cache folder).
//!
//! The placement counts come from one replay of the whole game (`check::drawn_tiles`), not one
//! per draw, so that a game of thousands of turns gets its lenses in one pass.

use std::collections::HashMap;

use lsp_types::{CodeLens, Command, MessageType};
use serde_json::{Value, json};

use super::GameView;
use super::state::{placements_line, state_before_line};
use crate::Context;
use crate::analysis::base_dir;
use crate::check::{GameFormat, StatePoint, after_turns, drawn_tiles, game_state_of_text_at};
use crate::long::Answer;
use crate::model::Tile;

/// The commands the server runs for its lenses.
pub(crate) const RENDER_BOARD: &str = "carcspec.renderBoard";
pub(crate) const LEGAL_PLACEMENTS: &str = "carcspec.legalPlacements";
pub(crate) const SHOW_EXPECTATION: &str = "carcspec.showExpectation";
pub(crate) const COMMANDS: [&str; 3] = [RENDER_BOARD, LEGAL_PLACEMENTS, SHOW_EXPECTATION];

/// The scale of a board picture: 2 pixels a unit, as `carcspec render -o board.png`; a board
/// too large for that is drawn smaller.
const SCALE: f32 = 2.0;

/// The lenses of the game; `None` when the request was cancelled.
pub(crate) fn code_lenses(cx: &Context<'_>) -> Option<Vec<CodeLens>> {
    let text = cx.document.text.as_str();
    let view = GameView::new(text, cx.document.path.as_deref());
    let base = base_dir(cx.document.path.as_deref());
    let uri = Value::from(cx.document.uri.as_str());
    let mut go_on = |done: usize, total: usize| {
        cx.work.report(done, total);
        !cx.work.cancelled()
    };
    // A game that cannot be replayed has no counts and no expectations checked: its
    // diagnostics say why.
    let Ok(drawn) = drawn_tiles(text, GameFormat::Game, &base, &mut go_on) else {
        return Some(Vec::new());
    };
    let drawn = drawn?;
    let lens = |span, title: String, command: &str, arguments: Vec<Value>| CodeLens {
        range: cx.index.range(text, span),
        command: Some(Command {
            title,
            command: command.to_string(),
            arguments: Some(arguments),
        }),
        data: None,
    };
    let mut lenses = Vec::new();
    for tile in &drawn {
        let line = cx.index.position(text, tile.span.start).line;
        let n = tile.placements;
        let title = format!(
            "{n} legal placement{} of {}",
            if n == 1 { "" } else { "s" },
            tile.tile
        );
        lenses.push(lens(
            tile.span,
            title,
            LEGAL_PLACEMENTS,
            vec![uri.clone(), line.into()],
        ));
    }
    // The first failing expectation's finding on each line (codes X…).
    let mut failing: HashMap<u32, String> = HashMap::new();
    for diagnostic in cx.analysis.iter().flat_map(|a| &a.diagnostics) {
        if let Some(lsp_types::NumberOrString::String(code)) = &diagnostic.code
            && code.starts_with('X')
        {
            let message = diagnostic.message.lines().next().unwrap_or_default();
            failing
                .entry(diagnostic.range.start.line)
                .or_insert_with(|| format!("{code} {message}"));
        }
    }
    let mut turns = 0usize;
    for statement in &view.file.statements {
        if cx.work.cancelled() {
            return None;
        }
        match statement.keyword.value.as_ref() {
            "turn" => {
                turns += 1;
                lenses.push(lens(
                    statement.span,
                    "render the board here".into(),
                    RENDER_BOARD,
                    vec![uri.clone(), turns.into()],
                ));
            }
            "expect" if cx.analysis.is_some() => {
                let range = cx.index.range(text, statement.span);
                let finding = (range.start.line..=range.end.line).find_map(|l| failing.get(&l));
                let title = match finding {
                    Some(finding) => format!("✗ fails: {finding}"),
                    None => "✓ holds".to_string(),
                };
                lenses.push(lens(
                    statement.span,
                    title,
                    SHOW_EXPECTATION,
                    vec![uri.clone(), range.start.line.into()],
                ));
            }
            _ => {}
        }
    }
    lenses.sort_by_key(|l| (l.range.start.line, l.range.start.character));
    Some(lenses)
}

/// Runs one of [`COMMANDS`]; its arguments are the document's uri and a number (a line, or
/// the turns played).
pub(crate) fn execute_command(cx: &Context<'_>, command: &str, arguments: &[Value]) -> Answer {
    let invalid = |why: String| Err((lsp_server::ErrorCode::InvalidParams as i32, why));
    let Some(number) = arguments
        .get(1)
        .and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
    else {
        return invalid(format!("`{command}` takes a document's uri and a number"));
    };
    match command {
        RENDER_BOARD => render_board(cx, number),
        LEGAL_PLACEMENTS => {
            let text = cx.document.text.as_str();
            let view = GameView::new(text, cx.document.path.as_deref());
            let line_start = cx
                .index
                .offset(text, lsp_types::Position::new(number as u32, 0));
            let line_end = text[line_start..]
                .find('\n')
                .map_or(text.len(), |at| line_start + at + 1);
            let state = state_before_line(cx, text, line_end.min(text.len()));
            let tile = view
                .file
                .statements
                .iter()
                .filter(|s| s.span.start >= line_start && s.span.start < line_end)
                .filter(|s| matches!(s.keyword.value.as_ref(), "draw" | "bonus"))
                .find_map(|s| s.words.first().map(|w| w.value.to_string()));
            let line = state
                .zip(tile)
                .and_then(|(state, tile)| placements_line(&state, &tile));
            match line {
                Some(line) => {
                    cx.work.show(MessageType::INFO, &line);
                    Ok(json!({ "expectation": line }).into())
                }
                None => invalid(format!(
                    "line {} draws no tile that can be placed",
                    number + 1
                )),
            }
        }
        SHOW_EXPECTATION => {
            let findings: Vec<String> = cx
                .analysis
                .iter()
                .flat_map(|a| &a.diagnostics)
                .filter(|d| d.range.start.line as usize == number)
                .filter(|d| {
                    matches!(&d.code, Some(lsp_types::NumberOrString::String(c)) if c.starts_with('X'))
                })
                .map(|d| d.message.clone())
                .collect();
            let message = if findings.is_empty() {
                format!("the expectation on line {} holds", number + 1)
            } else {
                findings.join("\n")
            };
            cx.work.show(MessageType::INFO, &message);
            Ok(json!({ "holds": findings.is_empty(), "message": message }).into())
        }
        _ => Err((
            lsp_server::ErrorCode::InvalidParams as i32,
            format!("carcspec has no command `{command}`"),
        )),
    }
}

/// Draws the board after `turns` turns (as `carcspec render --turn N`) to a PNG in the cache
/// folder; answers its path, uri and title (the picture's, as `render` writes it), and tells
/// the user where it is.
fn render_board(cx: &Context<'_>, turns: usize) -> Answer {
    let failed = |why: String| Err((lsp_server::ErrorCode::RequestFailed as i32, why));
    let text = cx.document.text.as_str();
    let path = cx.document.path.as_deref();
    let base = base_dir(path);
    let origin = path.map_or_else(
        || cx.document.uri.as_str().to_string(),
        |p| p.display().to_string(),
    );
    let state_at = |point| {
        game_state_of_text_at(&origin, text.to_string(), GameFormat::Game, &base, point)
            .map_err(|e| e.to_string())
    };
    let end = match state_at(StatePoint::End) {
        Ok(state) => state,
        Err(why) => return failed(format!("{why}: see its diagnostics")),
    };
    let starts = end.script.turn_starts();
    if turns > starts.len() {
        return Err((
            lsp_server::ErrorCode::InvalidParams as i32,
            format!("the game has {} turns, not {turns}", starts.len()),
        ));
    }
    let state = match starts.get(turns) {
        None => end,
        Some(start) => match state_at(StatePoint::BeforeByte(*start)) {
            Ok(state) => state,
            Err(why) => return failed(why),
        },
    };
    if cx.work.cancelled() {
        return failed("cancelled".into());
    }
    let view = GameView::new(text, path);
    let (local, _) = view.local_tiles();
    let mut tiles: HashMap<String, Tile> = HashMap::new();
    for tile in view.sets.iter().flat_map(|set| set.tiles.iter().cloned()) {
        tiles.entry(tile.id.clone()).or_insert(tile);
    }
    for tile in local {
        tiles.insert(tile.id.clone(), tile);
    }
    // The title `carcspec render --turn N` writes: the end is named after the last turn.
    let title = state.board_title(&origin, &after_turns(turns, starts.len()));
    let board =
        match crate::render::board_from_view(&state.board_view(), &tiles, title.clone(), None, &[])
        {
            Ok(board) => board,
            Err(problem) => return failed(format!("the board cannot be drawn: {problem:?}")),
        };
    let svg = crate::render::board_svg(&board);
    let png = match crate::render::png(&svg, SCALE) {
        Err(crate::render::PngError::TooLarge { width, height }) => {
            // Drawn smaller, to fit the largest picture `render` writes.
            let fit = (crate::render::MAX_PNG_PIXELS as f64 / (width as f64 * height as f64)).sqrt()
                as f32;
            crate::render::png(&svg, SCALE * fit * 0.95)
        }
        other => other,
    };
    let Ok(png) = png else {
        return failed("the board could not be drawn as PNG".into());
    };
    let stem = path
        .and_then(|p| p.file_stem())
        .map_or_else(|| "game".to_string(), |s| s.to_string_lossy().into_owned());
    let Some(file) =
        crate::cache_dir().map(|dir| dir.join("boards").join(format!("{stem}-turn-{turns}.png")))
    else {
        return failed("no folder to write the picture to".into());
    };
    let written = file
        .parent()
        .map(std::fs::create_dir_all)
        .transpose()
        .and_then(|_| std::fs::write(&file, &png));
    if let Err(error) = written {
        return failed(format!("{} could not be written: {error}", file.display()));
    }
    let uri = crate::text::path_to_uri(&file).map(|u| u.as_str().to_string());
    cx.work.show(
        MessageType::INFO,
        &format!("the board after turn {turns}: {}", file.display()),
    );
    Ok(json!({
        "path": file.display().to_string(),
        "uri": uri,
        "turns": turns,
        "title": title,
    })
    .into())
}
