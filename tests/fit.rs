//! The game state at a point of a game (`carcspec::check::game_state`) and `carcspec fit`:
//! what `fit` prints, pasted into the game at the same line, is an expectation that holds;
//! every deployment it lists is one the checker accepts.

use std::path::Path;
use std::process::{Command, Output};

use carcspec::check::{self, GameState, StateError, game_state};
use carcspec::engine::{Pos, Rotation};

fn carcspec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carcspec"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the carcspec binary runs")
}

/// `text` with `inserted` as a new line before the 1-based `line`.
fn insert_line(text: &str, line: usize, inserted: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(line - 1, inserted);
    lines.join("\n") + "\n"
}

/// Checks `text` as if it were the file `path` (tile sets relative to its folder).
fn check_as(path: &str, text: String) -> check::CheckReport {
    let dir = Path::new(path).parent().unwrap();
    check::check_text(path, text, dir)
}

/// The `expect placements` line that `fit` prints for `tile` before `line`, pasted there,
/// passes; the same line with one placement left out fails with X005.
fn pasted_fit_holds(path: &str, tile: &str, line: usize) {
    let output = carcspec(&["fit", path, tile, "--at", &line.to_string()]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let printed = String::from_utf8(output.stdout).unwrap();
    let expectation = printed.lines().next().unwrap().to_string();
    assert!(
        expectation.starts_with(&format!("expect placements {tile} ")),
        "{expectation}"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let before = check_as(path, text.clone());
    let after = check_as(path, insert_line(&text, line, &expectation));
    assert_eq!(
        after.expectations_passed,
        before.expectations_passed + 1,
        "{path}:{line}: {expectation}\n{}",
        carcspec::cli::render_check_report(&after, false)
    );
    assert_eq!(after.expectations_failed, before.expectations_failed);

    // The comparison is not vacuous: one placement fewer is wrong.
    let words: Vec<&str> = expectation.split_whitespace().collect();
    if words.len() > 5 {
        let shortened = words[..words.len() - 2].join(" ");
        let wrong = check_as(path, insert_line(&text, line, &shortened));
        assert!(
            wrong.diagnostics.iter().any(|d| d.code.code == "X005"),
            "{shortened}"
        );
    }
}

#[test]
fn fit_prints_an_expectation_that_holds_where_it_is_pasted() {
    pasted_fit_holds(
        "spec/hunters-gatherers/legal-placements.game",
        "FOREST-END",
        14,
    );
    pasted_fit_holds(
        "spec/hunters-gatherers/legal-placements.game",
        "FOREST-END",
        17,
    );
    pasted_fit_holds("spec/carcassonne/road-majority.game", "BA/RFr", 22);
    pasted_fit_holds("spec/carcassonne/road-majority.game", "BA/Cccc+", 25);
    pasted_fit_holds("spec/carcassonne/farms.game", "BA/RCr", 10);
}

#[test]
fn state_before_a_line_holds_the_board_figures_and_hand() {
    let path = Path::new("spec/carcassonne/road-majority.game");
    // Before `place at 2,0` (line 23): blue holds BA/RFr, five tiles and three thieves lie.
    let state = game_state(path, Some(23)).unwrap();
    assert_eq!(state.engine.placements.len(), 5);
    assert_eq!(state.in_hand.as_deref(), Some("BA/RFr"));
    assert_eq!(state.current_player, Some(0));
    assert_eq!(state.players[state.to_move], "blue");
    let last = state.last_placement().unwrap();
    assert_eq!((last.pos, last.rotation), (Pos::new(5, 0), Rotation(2)));
    let figures = state.figures();
    let owners: Vec<(&str, Pos, String)> = figures
        .iter()
        .map(|f| {
            (
                state.players[f.player].as_str(),
                f.pos,
                f.target.to_string(),
            )
        })
        .collect();
    assert_eq!(
        owners,
        [
            ("red", Pos::new(1, 0), "E+W".to_string()),
            ("red", Pos::new(3, 0), "E+W".to_string()),
            ("blue", Pos::new(4, 0), "E+W".to_string()),
        ]
    );
    assert!(figures.iter().all(|f| f.kind == "thief"));
    assert_eq!(state.scores, [0, 0]);
    assert!(
        state
            .legal_placements("BA/RFr")
            .unwrap()
            .contains(&(Pos::new(2, 0), Rotation(0)))
    );

    // At the end the road is scored and the thieves are home.
    let end = game_state(path, None).unwrap();
    assert_eq!(end.scores, [0, 6]);
    assert_eq!(end.figures().len(), 0);
    assert_eq!(end.engine.placements.len(), 6);
    assert_eq!(end.last_placement().unwrap().pos, Pos::new(2, 0));
    assert!(end.diagnostics.is_empty(), "{:?}", end.diagnostics);
}

#[test]
fn state_of_a_line_outside_the_text_is_refused() {
    let path = Path::new("spec/carcassonne/road-majority.game");
    let lines = std::fs::read_to_string(path).unwrap().lines().count();
    assert!(game_state(path, Some(lines + 1)).is_ok());
    for line in [0, lines + 2, usize::MAX] {
        assert!(matches!(
            game_state(path, Some(line)),
            Err(StateError::NoSuchLine { .. })
        ));
    }
    let output = carcspec(&["fit", path.to_str().unwrap(), "BA/RFr", "--at", "999"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_game_that_cannot_be_replayed_gives_its_diagnostics() {
    let state = game_state(
        Path::new("tests/fixtures/games/invalid/unknown-statement.game"),
        None,
    );
    let Err(StateError::Unplayable(report)) = state else {
        panic!("a game with a syntax error has no state");
    };
    assert!(report.diagnostics.iter().any(|d| d.code.code == "G001"));
    assert_eq!(
        carcspec(&[
            "fit",
            "tests/fixtures/games/invalid/unknown-statement.game",
            "X"
        ])
        .status
        .code(),
        Some(1)
    );
}

/// Every deployment the state lists for a placement, written after it in the game, passes
/// the checker; and a figure it does not list is refused.
fn deployments_are_legal(path: &str, state: &GameState, tile: &str, line: usize, turn: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut listed = 0;
    for (pos, rotation) in state.legal_placements(tile).unwrap() {
        for option in state.legal_deployments(tile, pos, rotation) {
            listed += 1;
            let moves = format!(
                "{turn}place at {pos} {rotation}; deploy {} on {}; stop",
                option.figure, option.target
            );
            let mut lines: Vec<&str> = text.lines().take(line - 1).collect();
            lines.push(&moves);
            let report = check_as(path, lines.join("\n") + "\n");
            let violations: Vec<_> = report
                .diagnostics
                .iter()
                .filter(|d| d.code.code.starts_with('V'))
                .collect();
            assert!(violations.is_empty(), "{moves}: {violations:?}");
        }
    }
    assert!(listed > 0);
}

#[test]
fn listed_deployments_are_accepted_by_the_checker() {
    let path = "spec/carcassonne/road-majority.game";
    let state = game_state(Path::new(path), Some(23)).unwrap();
    deployments_are_legal(path, &state, "BA/RFr", 23, "");
    // The road at 4,0 E holds blue's thief: on a tile that continues it, no thief.
    let options = state.legal_deployments("BA/RFr", Pos::new(2, 0), Rotation(0));
    assert!(!options.iter().any(|d| d.figure == "thief"), "{options:?}");
    assert!(options.iter().any(|d| d.figure == "farmer"), "{options:?}");

    let path = "spec/hunters-gatherers/legal-placements.game";
    let state = game_state(Path::new(path), Some(15)).unwrap();
    deployments_are_legal(path, &state, "FOREST-END", 15, "draw FOREST-END; ");
    // Before the turn begins, the tile is drawn in the next player's turn.
    let state = game_state(Path::new(path), Some(13)).unwrap();
    assert_eq!(state.players[state.to_move], "red");
    deployments_are_legal(
        path,
        &state,
        "FOREST-END",
        13,
        "turn red; draw FOREST-END; ",
    );
}
