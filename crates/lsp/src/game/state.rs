//! The game's state where the cursor is, from the checker's replay up to that line
//! (`crate::check::game_state_of_text`): the tile in hand, its legal placements, the figures
//! the player has left and where they may stand — for completion and code actions.
//!
//! The replay reads the text above the cursor's line only, so that the line being typed (and
//! whatever broken text follows it) does not keep the state from being computed.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use lsp_types::{CodeAction, CodeActionKind, CodeActionOrCommand, Range, TextEdit, WorkspaceEdit};

use super::GameView;
use crate::Context;
use crate::analysis::base_dir;
use crate::check::{GameFormat, GameState, game_state_of_text};
use crate::codes;
use crate::diagnostic::{Span, edit_distance};
use crate::engine::Pos;
use crate::model::{Expectation, Rotation};

/// The state of the replay before the statement at the cursor.
#[derive(Debug, Clone, Default)]
pub(crate) struct LineState {
    /// The tile the turn's player holds.
    pub hand: Option<String>,
    /// Legal (x, y, rotation) of the tile in hand.
    pub placements: Vec<(i32, i32, Rotation)>,
    /// Figure, copies left in the player's supply, whether it may stand on the tile just placed.
    pub figures_left: Vec<(&'static str, u32, bool)>,
    /// Legal deployments on the tile just placed: figure and feature as the game language
    /// writes it (an anchor, or anchors joined by `+`).
    pub deployments: Vec<(&'static str, String)>,
    /// Copies left in the stack, per tile id.
    pub stack_left: HashMap<String, u32>,
    /// The player whose turn comes next.
    pub next_player: Option<usize>,
    /// The scorings so far (and the payments between players).
    pub scorings: Vec<crate::check::ReportedEvent>,
}

/// The replay's state before the line that holds byte `offset`: from the states kept of the
/// last replays when the text above the line is the same (typing on one line, a completion per
/// keystroke), otherwise replayed and kept.
pub(crate) fn state_before_line(
    cx: &Context<'_>,
    text: &str,
    offset: usize,
) -> Option<Arc<GameState>> {
    let line_start = text[..offset.min(text.len())]
        .rfind('\n')
        .map_or(0, |at| at + 1);
    let above = &text[..line_start];
    let base = base_dir(cx.document.path.as_deref());
    if let Some(kept) = kept_state(&base, above) {
        return Some(kept);
    }
    let lines = above.lines().count();
    let state = game_state_of_text(
        "editor",
        above.to_string(),
        GameFormat::Game,
        &base,
        Some(lines + 1),
    )
    .ok()
    .map(Arc::new)?;
    keep_state(base, Arc::clone(&state));
    Some(state)
}

/// How many replay states are kept: the line being typed and the `place` above it, for a
/// document or two.
const KEPT_STATES: usize = 4;

/// The last replay states, newest first, with the folder their tile sets were read from. A
/// state is the replay of exactly its `text` (the lines above a point), so it answers for any
/// version of a document whose text above that point is the same.
static KEPT: Mutex<Vec<(PathBuf, Arc<GameState>)>> = Mutex::new(Vec::new());

fn kept_state(base: &Path, above: &str) -> Option<Arc<GameState>> {
    let mut kept = KEPT.lock().ok()?;
    let at = kept
        .iter()
        .position(|(folder, state)| folder == base && state.text == above)?;
    let entry = kept.remove(at);
    let state = Arc::clone(&entry.1);
    kept.insert(0, entry);
    Some(state)
}

fn keep_state(base: PathBuf, state: Arc<GameState>) {
    if let Ok(mut kept) = KEPT.lock() {
        kept.insert(0, (base, state));
        kept.truncate(KEPT_STATES);
    }
}

/// Forgets the kept states: a tile set they were replayed with may have changed.
pub(crate) fn forget_states() {
    if let Ok(mut kept) = KEPT.lock() {
        kept.clear();
    }
}

pub(crate) fn before(cx: &Context<'_>, view: &GameView<'_>, offset: usize) -> Option<LineState> {
    let state = state_before_line(cx, view.text, offset)?;
    let mut line = LineState {
        hand: state.in_hand.clone(),
        next_player: Some(state.to_move),
        stack_left: state.stack.iter().cloned().collect(),
        scorings: state.events.clone(),
        ..LineState::default()
    };
    if let Some(tile) = &state.in_hand {
        line.placements = state
            .legal_placements(tile)
            .unwrap_or_default()
            .into_iter()
            .map(|(pos, rotation)| (pos.x, pos.y, rotation))
            .collect();
    }
    // The deployments on the tile placed last in this turn: asked of the state before its
    // `place` line, as if placing it there now.
    if let Some(place) = last_place_in_turn(view, offset) {
        let words: Vec<&str> = place.1.iter().map(String::as_str).collect();
        let pos = words.get(1).and_then(|p| Pos::from_word(p));
        let rotation = words
            .get(2)
            .and_then(|r| Rotation::from_word(r))
            .unwrap_or(Rotation(0));
        if let (Some(pos), Some(before_place)) =
            (pos, state_before_line(cx, view.text, place.0.start))
            && let Some(tile) = &before_place.in_hand
        {
            // The deployments `deploy <figure> on <feature>` writes: on the tile placed.
            line.deployments = before_place
                .legal_deployments(tile, pos, rotation)
                .into_iter()
                .filter(|d| d.at.is_none())
                .map(|d| (d.figure, d.target.to_string()))
                .collect();
        }
    }
    let player = state.current_player.unwrap_or(state.to_move);
    let rules = crate::rules::for_script(&state.script);
    let descriptor = crate::rules::descriptor::describe(state.script.ruleset);
    for figure in rules.figure_names() {
        if descriptor
            .missing_expansion_for(figure, &state.script.expansions)
            .is_some()
        {
            continue;
        }
        let Some(spec) = rules.figure(figure) else {
            continue;
        };
        let left = state
            .supplies
            .get(player)
            .and_then(|pools| pools.get(spec.pool))
            .map_or(0, |(_, n)| *n);
        let legal = line.deployments.iter().any(|(f, _)| f == figure);
        line.figures_left.push((figure, left, legal));
    }
    Some(line)
}

/// The `place` statement of the turn the cursor is in, before the cursor: its span and words.
fn last_place_in_turn(view: &GameView<'_>, offset: usize) -> Option<(Span, Vec<String>)> {
    let mut found = None;
    for statement in view
        .file
        .statements
        .iter()
        .take_while(|s| s.span.start < offset)
    {
        match statement.keyword.value.as_ref() {
            "turn" | "draw" | "bonus" => found = None,
            "place" => {
                found = Some((
                    statement.span,
                    statement
                        .words
                        .iter()
                        .map(|w| w.value.to_string())
                        .collect(),
                ));
            }
            _ => {}
        }
    }
    found
}

/// The `expect placements` line for `tile` in `state`, as `carcspec fit` prints it.
pub(crate) fn placements_line(state: &GameState, tile: &str) -> Option<String> {
    let placements = state.legal_placements(tile)?;
    let line = crate::format::game::expectation_line(
        &Expectation::Placements {
            tile: tile.to_string(),
            placements,
        },
        &|player| state.players.get(player).cloned().unwrap_or_default(),
    );
    Some(line.trim_end().to_string())
}

/// The codes of a placement that the legal placements fix: no neighbour, sides that clash.
const PLACEMENT_CODES: [&str; 2] = [codes::NOT_ADJACENT.code, codes::EDGES_DO_NOT_MATCH.code];

/// How many fixes a wrong move gets: the nearest legal moves.
const MOVE_FIXES: usize = 3;

/// The `place` lines of the legal placements of `tile` nearest to the position written (by
/// steps on the board), the written rotation first among equals.
fn nearest_placements(
    state: &GameState,
    tile: &str,
    written: &str,
    rotation: Option<Rotation>,
) -> Vec<String> {
    let mut placements = state.legal_placements(tile).unwrap_or_default();
    let target = Pos::from_word(written);
    placements.sort_by_key(|(pos, r)| {
        let steps = target.map_or(0, |t| {
            (pos.x - t.x).unsigned_abs() + (pos.y - t.y).unsigned_abs()
        });
        (steps, Some(*r) != rotation, pos.x, pos.y, r.0)
    });
    placements
        .into_iter()
        .take(MOVE_FIXES)
        .map(|(pos, r)| {
            if r == Rotation(0) {
                format!("place at {},{}", pos.x, pos.y)
            } else {
                format!("place at {},{} {r}", pos.x, pos.y)
            }
        })
        .collect()
}

/// The legal deployments nearest to a wrong one: the same figure elsewhere on the tile (the
/// nearest anchors first), then other figures on the feature written.
fn nearest_deployments(
    legal: &[(&'static str, String)],
    figure: &str,
    target: &str,
) -> Vec<(&'static str, String)> {
    let mut options: Vec<(&'static str, String)> = legal
        .iter()
        .filter(|(f, t)| *f == figure || t.split('+').any(|a| target.split('+').any(|w| w == a)))
        .cloned()
        .collect();
    // A feature that has the anchor written keeps it: `deploy thief on E`, not `on E+W`.
    for (_, t) in &mut options {
        if t.split('+').any(|a| a == target) {
            *t = target.to_string();
        }
    }
    options.sort_by_key(|(f, t)| (*f != figure, edit_distance(target, t), t.clone()));
    options.dedup();
    options.truncate(MOVE_FIXES);
    options
}

/// The most draws a code-action range may hold for the insertions to be offered.
pub(crate) const MAX_INSERTIONS: usize = 8;

/// The codes of expectations that do not hold, which the replay can fix.
const EXPECTATION_CODES: [&str; 4] = ["X001", "X002", "X003", "X005"];

/// Code actions of the replay: after a `draw` or `bonus` in the range, insert the tile's
/// legal-placements expectation; on an `expect placements`, `score`, `total` or `final` that
/// does not hold (or any in the range), write what the rules give.
///
/// Each needs a replay, so a request over the whole file must not ask one per statement: the
/// expectation fixes come only for the expectations the request's diagnostics say fail, and
/// the insertions only when the range holds at most [`MAX_INSERTIONS`] draws (a line or a
/// selection, not a whole file); `wanted` says which kinds the client asked for (`only`).
pub(crate) fn placement_actions(
    cx: &Context<'_>,
    view: &GameView<'_>,
    range: Range,
    diagnostics: &[lsp_types::Diagnostic],
    wanted: &dyn Fn(&CodeActionKind) -> bool,
) -> Vec<CodeActionOrCommand> {
    let text = view.text;
    let start = cx.index.offset(text, range.start);
    let end = cx.index.offset(text, range.end);
    let mut actions = Vec::new();
    let failing = |span: Span| {
        let line = cx.index.position(text, span.start).line;
        diagnostics.iter().any(|d| {
            d.range.start.line <= line
                && line <= d.range.end.line
                && matches!(&d.code, Some(lsp_types::NumberOrString::String(c)) if EXPECTATION_CODES.contains(&c.as_str()))
        })
    };
    let in_range = |statement: &crate::syntax::game::Statement<'_>| {
        let line_start = text[..statement.span.start]
            .rfind('\n')
            .map_or(0, |at| at + 1);
        let line_end = text[statement.span.end..]
            .find('\n')
            .map_or(text.len(), |at| statement.span.end + at);
        (line_end >= start && line_start <= end).then_some((line_start, line_end))
    };
    let draws = view
        .file
        .statements
        .iter()
        .filter(|s| matches!(s.keyword.value.as_ref(), "draw" | "bonus") && in_range(s).is_some())
        .count();
    // A move the request's diagnostics report with one of `codes`, on the line of `span`.
    let reported = |span: Span, codes: &[&str]| {
        let line = cx.index.position(text, span.start).line;
        diagnostics.iter().any(|d| {
            d.range.start.line <= line
                && line <= d.range.end.line
                && matches!(&d.code, Some(lsp_types::NumberOrString::String(c)) if codes.contains(&c.as_str()))
        })
    };
    let insertions = wanted(&CodeActionKind::REFACTOR) && draws <= MAX_INSERTIONS;
    let fixes = wanted(&CodeActionKind::QUICKFIX);
    let edit = |span: Span, new_text: String| {
        let mut changes = HashMap::new();
        changes.insert(
            cx.document.uri.clone(),
            vec![TextEdit::new(cx.index.range(text, span), new_text)],
        );
        WorkspaceEdit::new(changes)
    };
    // A quick fix that writes `line` over the statement at `span`.
    let replacement = |title: String, span: Span, line: String, preferred: bool| {
        CodeActionOrCommand::CodeAction(CodeAction {
            title,
            kind: Some(CodeActionKind::QUICKFIX),
            edit: Some(edit(span, line)),
            is_preferred: Some(preferred),
            ..CodeAction::default()
        })
    };
    let total = view.file.statements.len();
    for (at, statement) in view.file.statements.iter().enumerate() {
        // A cancelled request's answer is not sent: stop here.
        if cx.work.cancelled() {
            break;
        }
        cx.work.report(at, total);
        let Some((line_start, line_end)) = in_range(statement) else {
            continue;
        };
        let keyword = statement.keyword.value.as_ref();
        let words: Vec<&str> = statement.words.iter().map(|w| w.value.as_ref()).collect();
        let fix_here = fixes && failing(statement.span);
        match (keyword, words.as_slice()) {
            ("draw" | "bonus", [tile]) if insertions => {
                // The state after the draw: before the next line.
                let Some(state) = state_before_line(cx, text, (line_end + 1).min(text.len()))
                    .filter(|s| s.in_hand.as_deref() == Some(*tile))
                else {
                    continue;
                };
                let Some(line) = placements_line(&state, tile) else {
                    continue;
                };
                let indent: String = text[line_start..statement.span.start]
                    .chars()
                    .take_while(|c| c.is_whitespace())
                    .collect();
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: format!("insert the legal placements of `{tile}`"),
                    kind: Some(CodeActionKind::REFACTOR),
                    edit: Some(edit(
                        Span::new(line_end, line_end),
                        format!("\n{indent}{line}"),
                    )),
                    ..CodeAction::default()
                }));
            }
            ("expect", ["placements", tile, ..]) if fix_here => {
                let Some(state) = state_before_line(cx, text, statement.span.start) else {
                    continue;
                };
                let Some(line) = placements_line(&state, tile) else {
                    continue;
                };
                if line == text[statement.span.start..statement.span.end].trim() {
                    continue;
                }
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: format!("write the legal placements of `{tile}` here"),
                    kind: Some(CodeActionKind::QUICKFIX),
                    edit: Some(edit(statement.span, line)),
                    is_preferred: Some(true),
                    ..CodeAction::default()
                }));
            }
            ("place", ["at", written, rest @ ..])
                if fixes && reported(statement.span, &PLACEMENT_CODES) =>
            {
                let Some(state) = state_before_line(cx, text, statement.span.start) else {
                    continue;
                };
                let Some(tile) = state.in_hand.clone() else {
                    continue;
                };
                let rotation = rest.first().and_then(|r| Rotation::from_word(r));
                for (rank, line) in nearest_placements(&state, &tile, written, rotation)
                    .into_iter()
                    .enumerate()
                {
                    let title = format!("`{line}`: a legal placement of `{tile}`");
                    actions.push(replacement(title, statement.span, line, rank == 0));
                }
            }
            ("deploy", [figure, "on", target])
                if fixes && reported(statement.span, &[codes::WRONG_FEATURE_FOR_FIGURE.code]) =>
            {
                let Some(line) = before(cx, view, statement.span.start) else {
                    continue;
                };
                for (rank, (figure, target)) in
                    nearest_deployments(&line.deployments, figure, target)
                        .into_iter()
                        .enumerate()
                {
                    let line = format!("deploy {figure} on {target}");
                    let title = format!("`{line}`: a legal deployment here");
                    actions.push(replacement(title, statement.span, line, rank == 0));
                }
            }
            ("expect", [kind @ ("score" | "total" | "final"), named @ ..]) if fix_here => {
                let Some(line) = scores_line(cx, view, statement.span, kind, named) else {
                    continue;
                };
                if line == text[statement.span.start..statement.span.end].trim() {
                    continue;
                }
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: format!("write the points the replay gives: `{line}`"),
                    kind: Some(CodeActionKind::QUICKFIX),
                    edit: Some(edit(statement.span, line)),
                    is_preferred: Some(true),
                    ..CodeAction::default()
                }));
            }
            _ => {}
        }
    }
    actions
}

/// An `expect score|total|final` line for the players it names (every player when it names
/// none), with the points the replay gives there: read after the line, since the expectation
/// itself settles the turn's scoring (and `final` ends the game).
fn scores_line(
    cx: &Context<'_>,
    view: &GameView<'_>,
    span: Span,
    kind: &str,
    named: &[&str],
) -> Option<String> {
    let text = view.text;
    let after = text[span.end..]
        .find('\n')
        .map_or(text.len(), |at| span.end + at + 1);
    let state = state_before_line(cx, text, after)?;
    if kind == "final" && !state.final_scored {
        return None;
    }
    let points: Vec<i64> = if kind == "score" {
        // The points of the turn: its scoring events so far.
        let turn_start = view
            .file
            .statements
            .iter()
            .take_while(|s| s.span.start < span.start)
            .filter(|s| s.keyword.value == "turn")
            .last()
            .map_or(0, |s| s.span.start);
        let mut points = vec![0; state.players.len()];
        for event in state
            .events
            .iter()
            .filter(|e| !e.is_final && e.span.start >= turn_start)
        {
            for (at, player) in state.players.iter().enumerate() {
                points[at] += event.points_of(player).unwrap_or(0);
            }
        }
        points
    } else {
        state.scores.clone()
    };
    let players: Vec<&str> = named
        .iter()
        .step_by(2)
        .copied()
        .filter(|p| state.players.iter().any(|known| known == p))
        .collect();
    let players: Vec<&str> = if players.is_empty() {
        state.players.iter().map(String::as_str).collect()
    } else {
        players
    };
    let mut line = format!("expect {kind}");
    for player in players {
        let at = state.players.iter().position(|p| p == player)?;
        line.push_str(&format!(" {player} {}", points[at]));
    }
    Some(line)
}
