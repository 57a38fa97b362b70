//! The game state at a point of a game (`carcspec::check::game_state`) and `carcspec fit`:
//! what `fit` prints, pasted into the game at the same line, is an expectation that holds;
//! every deployment it lists is one the checker accepts.

mod common;

use common::carcspec;
use std::path::Path;

use carcspec::check::{self, GameState, StateError, game_state};
use carcspec::engine::{Pos, Rotation};

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
            let on = f.feature().expect("a thief stands on its road");
            (
                state.players[f.owner.unwrap()].as_str(),
                on.pos,
                on.target.to_string(),
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

/// The River II's volcano lake gives its player another turn at once: after that turn, the
/// player to move is the same player, for the state, `fit` and the deployments it lists.
#[test]
fn after_the_volcano_lake_its_player_moves_again() {
    let path = "spec/the-river/river-2-volcano-another-turn.game";
    let text = std::fs::read_to_string(path).unwrap();
    // The line after red's `pass` on the volcano lake, before red's second `turn`.
    let line = text
        .lines()
        .position(|l| l == "# Red again, with the first land tile.")
        .unwrap()
        + 1;
    let state = game_state(Path::new(path), Some(line)).unwrap();
    assert_eq!(state.players[state.to_move], "red");
    deployments_are_legal(path, &state, "BA/L", line, "turn red; draw BA/L; ");
    // The monastery of the game's own next move is among them.
    let options = state.legal_deployments("BA/L", Pos::new(0, -1), Rotation(0));
    assert!(options.iter().any(|d| d.figure == "monk"), "{options:?}");

    let output = carcspec(&[
        "fit",
        path,
        "BA/L",
        "--at",
        &line.to_string(),
        "--deployments",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["to_move"], "red");
}

/// In every spec, before every `draw`, the placements the state lists for the drawn tile,
/// pasted there as `expect placements`, hold: the state and the checker agree at every point.
#[test]
fn the_state_agrees_with_the_checker_before_every_draw_of_every_spec() {
    let mut specs = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from("spec")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "game") {
                specs.push(path);
            }
        }
    }
    let mut pasted = 0;
    for path in specs {
        let text = std::fs::read_to_string(&path).unwrap();
        let before = check::check_file(&path);
        for (index, line) in text.lines().enumerate() {
            let Some(tile) = line.trim().strip_prefix("draw ") else {
                continue;
            };
            let tile = tile.split_whitespace().next().unwrap();
            let number = index + 1;
            let state = game_state(&path, Some(number)).unwrap();
            let placements = state.legal_placements(tile).unwrap();
            let expectation = carcspec::format::game::expectation_line(
                &carcspec::model::Expectation::Placements {
                    tile: tile.to_string(),
                    placements,
                },
                &|_| String::new(),
            );
            let after = check_as(
                path.to_str().unwrap(),
                insert_line(&text, number, &expectation),
            );
            assert_eq!(
                (after.expectations_passed, after.expectations_failed),
                (before.expectations_passed + 1, before.expectations_failed),
                "{}:{number}: {expectation}",
                path.display()
            );
            pasted += 1;
        }
    }
    assert!(pasted > 50, "only {pasted} draws in the specs");
}

#[test]
fn fit_takes_the_next_tile_by_default_and_prints_json() {
    let path = "spec/hunters-gatherers/legal-placements.game";
    // Before line 14 the game has not drawn yet: the next draw is FOREST-END.
    let output = carcspec(&[
        "fit",
        path,
        "--at",
        "14",
        "--deployments",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["tile"], "FOREST-END");
    assert_eq!(json["to_move"], "red");
    let placements = json["placements"].as_array().unwrap();
    assert_eq!(placements.len(), 12);
    assert_eq!(
        (
            &placements[0]["x"],
            &placements[0]["y"],
            &placements[0]["rotation"]
        ),
        (
            &serde_json::json!(-1),
            &serde_json::json!(0),
            &serde_json::json!("r0")
        )
    );
    let deployments = placements[0]["deployments"].as_array().unwrap();
    assert!(
        deployments
            .iter()
            .any(|d| d["figure"] == "gatherer" && d["feature"] == "forest")
    );
    assert!(
        json["expectation"]
            .as_str()
            .unwrap()
            .starts_with("expect placements FOREST-END at -1,0 r0")
    );
    // An unknown tile is a usage error that suggests the ids that look like it.
    let output = carcspec(&["fit", path, "forest-end"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("did you mean `FOREST-END`"));
}

/// V104's help gives the `fit` command to run, with the game's path, the tile and the line of
/// the refused placement filled in: run as written, it lists the tile's placements.
#[test]
fn the_edges_do_not_match_help_is_a_fit_command_that_runs() {
    let path = "tests/fixtures/games/invalid/edges-do-not-match.game";
    let report = check::check_file(Path::new(path));
    let helps: Vec<&str> = report
        .diagnostics
        .iter()
        .filter(|d| d.code.code == "V104")
        .filter_map(|d| d.help.as_deref())
        .collect();
    assert_eq!(helps.len(), 2, "{helps:?}");
    for help in helps {
        let command = help
            .split('`')
            .nth(1)
            .unwrap_or_else(|| panic!("no command in {help}"));
        let words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(&words[..3], &["carcspec", "fit", path], "{command}");
        let output = carcspec(&words[1..]);
        assert_eq!(output.status.code(), Some(0), "{command}: {output:?}");
        let printed = String::from_utf8(output.stdout).unwrap();
        assert!(
            printed.starts_with(&format!("expect placements {} ", words[3])),
            "{command}: {printed}"
        );
    }
}
