//! The HTML pages, run as a user runs them: `render GAME --format html` and `check --format
//! html`. The replay page's boards are rebuilt here from the page's own data (its lines, its
//! lists of lines, its tile definitions) by plain text substitution, and compared byte for byte
//! with what `render --turn N` draws. The browser test (`tests/browser.rs`) steps through the
//! page in Chromium.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use common::{carcspec, simulated_game, stderr, stdout, write_output};

/// A fresh folder under the target directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("html-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes the replay page of `game` and returns its text.
fn replay_page(game: &str, dir: &Path) -> String {
    let page = write_output(&["render", game, "--format", "html"], dir, "game.html");
    std::fs::read_to_string(page).unwrap()
}

/// The text between `start` and the next `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("no {start}")) + start.len();
    let to = from + text[from..].find(end).unwrap();
    &text[from..to]
}

/// The boards of a replay page as standalone SVG documents, one per step, with every
/// `<use href="#tile-N" transform="T"/>` written back as the group it stands for.
fn boards_of(page: &str) -> Vec<String> {
    let lines: Vec<&str> = between(
        page,
        "<script type=\"text/plain\" id=\"board-lines\">\n",
        "</script>",
    )
    .lines()
    .collect();
    let boards: Vec<Vec<usize>> = serde_json::from_str(between(
        page,
        "<script type=\"application/json\" id=\"boards\">",
        "</script>",
    ))
    .unwrap();
    let definitions = between(page, "<defs>\n", "</defs>");
    let mut tiles: HashMap<String, String> = HashMap::new();
    let mut current: Option<(String, String)> = None;
    for line in definitions.lines() {
        if let Some(id) = line
            .strip_prefix("<g id=\"")
            .and_then(|rest| rest.strip_suffix("\">"))
            .filter(|id| id.starts_with("tile-"))
        {
            if let Some((id, body)) = current.take() {
                tiles.insert(id, body);
            }
            current = Some((id.to_string(), String::new()));
        } else if let Some((_, body)) = &mut current {
            body.push_str(line);
            body.push('\n');
        }
    }
    if let Some((id, body)) = current.take() {
        tiles.insert(id, body);
    }
    // Each body ends with the `</g>` that closes its definition.
    for body in tiles.values_mut() {
        assert!(body.ends_with("</g>\n"));
        body.truncate(body.len() - "</g>\n".len());
    }
    boards
        .iter()
        .map(|board| {
            let mut svg = String::new();
            for number in board {
                let line = lines[*number];
                match line
                    .strip_prefix("<use href=\"#")
                    .and_then(|rest| rest.strip_suffix("\"/>"))
                {
                    Some(rest) => {
                        let (id, transform) = rest.split_once("\" transform=\"").unwrap();
                        svg.push_str(&format!("<g transform=\"{transform}\">\n"));
                        svg.push_str(&tiles[id]);
                        svg.push_str("</g>\n");
                    }
                    None => {
                        svg.push_str(line);
                        svg.push('\n');
                    }
                }
            }
            svg
        })
        .collect()
}

/// What `render GAME --turn N` draws.
fn render_turn(game: &str, turn: usize) -> String {
    let output = carcspec(&["render", game, "--turn", &turn.to_string()]);
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
}

/// The turns of each step of the page.
fn turns_of(page: &str) -> Vec<usize> {
    serde_json::from_str(between(
        page,
        "<script type=\"application/json\" id=\"turns\">",
        "</script>",
    ))
    .unwrap()
}

#[test]
fn every_step_of_a_replay_is_the_board_render_draws_at_that_turn() {
    for game in [
        "spec/carcassonne/city-with-pennant.game",
        "spec/hills-and-sheep/example-1-shepherd-and-token.game",
        "spec/hunters-gatherers-2020/ex01-fishers.game",
        "spec/hunters-gatherers/bonus-fire.game",
        "tests/fixtures/jcz/valid/road-between-crossroads.jcz",
    ] {
        if !Path::new(game).exists() {
            panic!("{game} is gone: name another game of its ruleset");
        }
        let dir = scratch("faithful");
        let page = replay_page(game, &dir);
        let turns = turns_of(&page);
        let boards = boards_of(&page);
        assert_eq!(turns.len(), boards.len());
        assert_eq!(
            turns.first(),
            Some(&0),
            "{game} opens before its first turn"
        );
        for (turn, board) in turns.iter().zip(&boards) {
            assert_eq!(
                board,
                &render_turn(game, *turn),
                "{game}: the page's board after turn {turn} is not render's"
            );
        }
    }
}

#[test]
fn the_page_is_self_contained() {
    let dir = scratch("contained");
    let page = replay_page("spec/carcassonne/city-with-pennant.game", &dir);
    for reference in ["<link", "src=", "@import", "url(", "https:", "//fonts"] {
        assert!(
            !page.contains(reference),
            "the page loads something: {reference}"
        );
    }
    // The only address is SVG's namespace name, which nothing loads.
    assert!(page.matches("http:").count() == page.matches("http://www.w3.org/2000/svg").count());
    assert!(page.contains("prefers-color-scheme: dark"));
}

#[test]
fn a_step_shows_its_scores_transcript_events_and_diagnostics_as_text() {
    let dir = scratch("text");
    let page = replay_page("spec/carcassonne/city-with-pennant.game", &dir);
    let last = between(&page, "<section class=\"step\" id=\"step-2\"", "</section>");
    assert!(last.contains("after turn 2, the end"), "{last}");
    assert!(last.contains("<td class=\"number score\">8</td>"), "{last}");
    assert!(
        last.contains("place at 0,-2 r180"),
        "the transcript of turn 2"
    );
    assert!(last.contains("city"), "the city scored in turn 2: {last}");
    // A game that breaks a rule: the diagnostic stands at the turn of its line.
    let page = replay_page(FAILING, &dir);
    let turn_1 = between(&page, "<section class=\"step\" id=\"step-1\"", "</section>");
    assert!(turn_1.contains("1 error(s)"), "{turn_1}");
    assert!(turn_1.contains("V107"), "{turn_1}");
    assert!(
        !page.contains('\u{fffd}'),
        "the diagnostics keep their line breaks"
    );
    assert!(page.contains("<a class=\"error\" href=\"#turn=1\">turn 1</a>"));
}

/// A player's supply on the page holds the pools of the game's expansions only: a base game's
/// seven followers, and no shepherd, large follower or abbot; a game with Inns & Cathedrals
/// adds its large follower.
#[test]
fn a_step_shows_the_supply_of_the_games_expansions_only() {
    let dir = scratch("supply");
    let supply_cell = |page: &str| {
        let step = between(page, "<section class=\"step\" id=\"step-0\"", "</section>");
        between(step, "<td class=\"muted\">", "</td>").to_string()
    };
    let base = replay_page("spec/carcassonne/city-with-pennant.game", &dir);
    assert_eq!(supply_cell(&base), "7 followers");
    let inns = replay_page(
        "spec/inns-and-cathedrals/example-3-large-follower-majority.game",
        &dir,
    );
    let inns = supply_cell(&inns);
    assert!(
        inns.starts_with("7 followers, ") && inns.contains(" large follower"),
        "{inns}"
    );
}

/// A game that breaks a rule at line 10: a second figure on the tile just placed.
const FAILING: &str = "tests/fixtures/games/invalid/two-figures-on-one-tile.game";

#[test]
fn a_replay_of_two_hundred_turns_is_under_two_megabytes() {
    let dir = scratch("long");
    // Three copies of every base tile: 216 tiles, a game of some 215 turns.
    let base = std::fs::read_to_string("tiles/carcassonne-base.tiles").unwrap();
    let tripled: String = base
        .lines()
        .map(|line| {
            let mut words: Vec<String> = line.split(' ').map(str::to_string).collect();
            if words.first().map(String::as_str) == Some("tile") {
                for word in &mut words {
                    if let Some(count) = word.strip_prefix('x').and_then(|n| n.parse::<u32>().ok())
                    {
                        *word = format!("x{}", count * 3);
                    }
                }
            }
            let line = words.join(" ");
            line.replace("tileset carcassonne-base", "tileset triple-base")
        })
        .collect::<Vec<_>>()
        .join("\n");
    let tiles = dir.join("triple-base.tiles");
    std::fs::write(&tiles, tripled).unwrap();
    let game = simulated_game(tiles.to_str().unwrap(), 3, &dir.join("games"));
    let game = game.to_str().unwrap();
    let page = replay_page(game, &dir);
    let turns = turns_of(&page);
    assert!(
        *turns.last().unwrap() >= 200,
        "{} turns",
        turns.last().unwrap()
    );
    assert!(page.len() < 2_000_000, "{} bytes", page.len());
    // Faithful at its start, middle and end too.
    let boards = boards_of(&page);
    for step in [1, turns.len() / 2, turns.len() - 1] {
        assert_eq!(
            boards[step],
            render_turn(game, turns[step]),
            "turn {}",
            turns[step]
        );
    }
}

#[test]
fn options_of_one_picture_are_refused_for_the_page() {
    let output = carcspec(&[
        "render",
        "spec/carcassonne/city-with-pennant.game",
        "--format",
        "html",
        "--turn",
        "1",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("R0"), "{}", stderr(&output));
    assert!(stderr(&output).contains("#turn=N"));
}

/// Runs `check` with `args` and returns the exit code and the report written to `-o`.
fn check_report(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let report = dir.join("report.html");
    let mut all = vec!["check", "--format", "html", "-o", report.to_str().unwrap()];
    all.extend_from_slice(args);
    let output = carcspec(&all);
    assert!(stdout(&output).is_empty(), "the report goes to -o");
    (
        output.status.code(),
        std::fs::read_to_string(report).unwrap(),
    )
}

#[test]
fn the_check_report_shows_the_board_at_each_failing_move() {
    let dir = scratch("report");
    let (code, report) = check_report(&dir, &["spec/carcassonne", FAILING]);
    assert_eq!(code, Some(1));
    // Clean games are one line each, and hidden until asked for.
    let clean = report.matches("<li class=\"clean\"").count();
    assert!(clean >= 10, "{clean} clean games");
    assert!(
        report.contains("main:has(#show-clean:not(:checked)) .files > li.clean { display: none; }")
    );
    // The failing game: linkable by its name and by the line of its violation, with the
    // board after that line, as `render --at 11` draws it (its tiles by reference).
    assert!(report.contains(&format!("<li class=\"problems\" id=\"{FAILING}\">")));
    let section = between(
        &report,
        &format!("<div class=\"move\" id=\"{FAILING}:10\">"),
        "</div>",
    );
    assert!(section.contains("V107"), "{section}");
    assert!(section.contains("the board after line 10"));
    let drawn = stdout(&carcspec(&["render", FAILING, "--at", "11"]));
    let title = between(&drawn, "font-size=\"14\" fill=\"#111111\">", "</text>");
    assert!(section.contains(title), "the board's title: {title}");
    assert!(section.contains("<use href=\"#tile-"));
    // The diagnostics' text keeps its lines.
    assert!(section.contains("deploy hunter on N\n"), "{section}");
    assert!(!report.contains('\u{fffd}'));
    assert!(
        report.contains("<g id=\"tile-0\">"),
        "the tiles are defined once"
    );
    assert!(report.contains("games clean</p>"));
}

#[test]
fn a_report_of_clean_games_costs_a_line_each() {
    let dir = scratch("clean");
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let game = std::fs::read_to_string("spec/carcassonne/road-completed.game").unwrap();
    for n in 0..300 {
        std::fs::write(games.join(format!("game-{n:05}.game")), &game).unwrap();
    }
    let (code, report) = check_report(&dir, &[games.to_str().unwrap()]);
    assert_eq!(code, Some(0));
    assert_eq!(report.matches("<li class=\"clean\"").count(), 300);
    // A clean game costs its line and nothing more: its path three times (id, link, name)
    // and some 100 bytes of markup; 10,000 games with paths of 40 bytes stay under 5 MB.
    let path_length = games.join("game-00000.game").to_str().unwrap().len();
    let frame = 20_000;
    assert!(
        report.len() < frame + 300 * (3 * path_length + 100),
        "{} bytes for paths of {path_length}",
        report.len()
    );
}

#[test]
fn tile_sets_have_the_same_report_without_boards() {
    let output = carcspec(&["tiles", "lint", "--format", "html", "tiles"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report = stdout(&output);
    assert!(report.starts_with("<!DOCTYPE html>"));
    assert!(report.contains("<li class=\"clean\" id=\"tiles/carcassonne-base.tiles\">"));
    assert!(report.contains("tile sets clean</p>"));
    assert!(!report.contains("<figure"));
}
