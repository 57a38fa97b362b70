//! `carcspec render GAME --format html`: the game's states turn by turn, read as `render
//! --turn N` reads them (`check::game_state` before the line where turn N + 1 begins, the end
//! after the last turn), each board drawn as `render` draws it, and the page built by
//! `render::html`. The check report's boards (`check --format html`) are drawn here too.

use std::path::Path;

use super::{
    PictureFormat, Refusal, RenderArgs, board_of, game_tiles, point_after_turns, refuse_options,
    state_at,
};
use crate::check::{self, GameFormat, GameState, ReportedEvent, StatePoint};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::model::Action;
use crate::render::{self, html};

/// The page of the game `args.input`, from before its first turn to its end.
pub(super) fn replay_page(args: &RenderArgs) -> Result<String, Refusal> {
    refuse_options(args, true)?;
    let misplaced = [
        (args.at.is_some(), "--at"),
        (args.turn.is_some(), "--turn"),
        (args.legal.is_some(), "--legal"),
        (!args.highlight.is_empty(), "--highlight"),
        (args.scale.is_some(), "--scale"),
    ];
    if let Some((_, name)) = misplaced.iter().find(|(given, _)| *given) {
        return Err(Refusal::new(
            &codes::RENDER_OPTION_DOES_NOT_APPLY,
            format!("`{name}` does not apply to a page of the whole game"),
            format!(
                "leave out `{name}`: the page shows every turn (`#turn=N` in its address opens one)"
            ),
        ));
    }
    debug_assert!(args.format() == PictureFormat::Html);
    let path = Path::new(args.shown());
    let end = state_at(args, StatePoint::End)?;
    let tiles = game_tiles(&end, path);
    let turns = end
        .script
        .steps
        .iter()
        .filter(|s| matches!(s.action, Action::Turn { .. }))
        .count();
    // The points to show: after 0, 1 … turns, each the state before the line where the next
    // turn begins. Turns that begin on one line (a JCloisterZone game written on one line)
    // cannot be told apart by a line: that line's state is after the first of them.
    let mut points: Vec<(usize, Option<usize>)> = Vec::new();
    for played in 0..=turns {
        // The page shows the game line by line: a turn is shown from the line it begins on.
        let before = if played == turns {
            None
        } else {
            point_after_turns(&end, played)?.map(|byte| end.text[..byte].matches('\n').count() + 1)
        };
        if before.is_some() && points.last().is_some_and(|(_, line)| *line == before) {
            continue;
        }
        points.push((played, before));
    }
    let report = super::super::output::check_game(&args.input, args.stdin_filename.as_deref())
        .map_err(Refusal::of_diagnostic)?;
    let lines: Vec<&str> = end.text.lines().collect();
    let mut steps = Vec::with_capacity(points.len());
    let mut first_line = 1;
    let mut events_before = 0;
    for (played, before) in &points {
        let state = match before {
            None => end.clone(),
            Some(line) => state_at(args, StatePoint::BeforeLine(*line))?,
        };
        let point = if before.is_none() {
            check::after_turns(*played, *played)
        } else {
            check::after_turns(*played, turns)
        };
        let board = board_of(
            &state,
            &tiles,
            state.board_title(args.shown(), &point),
            None,
            &[],
        )?;
        let line_range = first_line..before.unwrap_or(usize::MAX);
        let transcript = lines
            .iter()
            .enumerate()
            .map(|(index, text)| (index + 1, text.to_string()))
            .filter(|(line, _)| line_range.contains(line))
            .collect();
        let diagnostics: Vec<Diagnostic> = report
            .diagnostics
            .iter()
            .filter(|d| line_range.contains(&diagnostic_line(&report.text, d)))
            .cloned()
            .collect();
        let errors = diagnostics.iter().filter(|d| d.is_error()).count();
        steps.push(html::ReplayStep {
            turns: *played,
            label: point,
            board_svg: render::board_svg(&board),
            scores: state.scores.clone(),
            supplies: state
                .supplies
                .iter()
                .map(|pools| pools.iter().map(|(p, n)| (p.to_string(), *n)).collect())
                .collect(),
            transcript,
            events: state.events[events_before.min(state.events.len())..]
                .iter()
                .map(event_text)
                .collect(),
            diagnostics: crate::report::render(&report.origin, &report.text, &diagnostics, false),
            errors,
            warnings: diagnostics.len() - errors,
        });
        events_before = state.events.len();
        first_line = line_range.end;
    }
    let title = end
        .script
        .title
        .clone()
        .unwrap_or_else(|| args.shown().to_string());
    Ok(html::replay_page(&html::Replay {
        title,
        origin: args.shown().to_string(),
        players: end.players.clone(),
        steps,
    }))
}

/// The line a diagnostic belongs to: its primary place's, or past every line (the end of the
/// game) when it has none.
fn diagnostic_line(text: &str, diagnostic: &Diagnostic) -> usize {
    diagnostic.primary.as_ref().map_or(usize::MAX - 1, |label| {
        crate::report::line_column(text, label.span.start).0
    })
}

/// A scoring as the check report writes it: where, what, who.
fn event_text(event: &ReportedEvent) -> String {
    let place = if event.is_final {
        "final scoring".to_string()
    } else {
        format!("line {}", event.line)
    };
    format!("{place}: {}: {}", event.breakdown, event.players_text())
}

/// The board of the game `text` (named `origin`, a `.game` or `.jcz` file) after the 1-based
/// line `line` (at the end when `None`), as `render --at LINE+1` draws it; `Err` says why
/// there is none (a game that cannot be replayed). For the check report's failing moves.
pub(in crate::cli) fn board_after_line(
    origin: &str,
    text: &str,
    line: Option<usize>,
) -> Result<String, String> {
    let path = Path::new(origin);
    let base_dir = super::super::output::folder_of(origin);
    let state = |before| {
        check::game_state_of_text(
            origin,
            text.to_string(),
            GameFormat::of_path(path),
            base_dir,
            before,
        )
        .map_err(|error| error.to_string())
    };
    let lines = text.lines().count();
    let (state, point): (GameState, String) = match line {
        Some(line) if line < lines => (state(Some(line + 1))?, format!("after line {line}")),
        _ => (state(None)?, "the end".to_string()),
    };
    let tiles = game_tiles(&state, path);
    let board = board_of(&state, &tiles, state.board_title(origin, &point), None, &[])
        .map_err(|refusal| refusal.message)?;
    Ok(render::board_svg(&board))
}
