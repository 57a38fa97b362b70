//! Fan-expansion authoring: own expansions combined with a base set, the start-tile choice,
//! tile-set names next to a game, and `simulate` with combined sets.

mod common;

use common::carcspec;
use std::path::Path;
use std::process::{Command, Output};

use carcspec::check;

fn text(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

fn check_game(dir: &str, game: &str) -> check::CheckReport {
    check::check_text("test.game", game.to_string(), Path::new(dir))
}

fn codes(report: &check::CheckReport) -> Vec<&str> {
    report.diagnostics.iter().map(|d| d.code.code).collect()
}

#[test]
fn start_chooses_which_start_tile_is_laid_and_the_other_is_a_land_tile() {
    // carcassonne-base (BA/RCr) and a set of its own with OB/START: the game chooses OB/START.
    let game = "ruleset carcassonne
tiles carcassonne-base ../sets/own-base.tiles
start OB/START
players red blue
turn red
draw BA/RCr
place at 0,-1 r180
pass
stop
";
    let report = check_game("tests/fixtures/games/invalid", game);
    // BA/RCr turned r180 has its city on S, meeting OB/START's city on N: legal only if
    // OB/START lies at 0,0; and drawn as a land tile, BA/RCr is in the stack.
    assert!(
        report.ok(),
        "{}",
        carcspec::cli::render_check_report(&report, false)
    );
    let board = check::game_state_of_text(
        "test.game",
        game.to_string(),
        check::GameFormat::Game,
        Path::new("tests/fixtures/games/invalid"),
        None,
    )
    .unwrap();
    let first = board.engine.placement(0);
    assert_eq!(board.engine.catalog[first.tile].id, "OB/START");
    let copies_left = |id: &str| board.stack.iter().find(|(t, _)| t == id).unwrap().1;
    assert_eq!(copies_left("BA/RCr"), 3);
    assert_eq!(copies_left("OB/START"), 0);
    // Without the choice the combination is refused (G031), with it the game is played.
    let unchosen = check_game(
        "tests/fixtures/games/invalid",
        &game.replace("start OB/START\n", ""),
    );
    assert_eq!(codes(&unchosen), ["G031"]);
}

#[test]
fn start_may_name_a_land_tile_and_an_expansion_alone_is_refused_with_what_to_add() {
    // The fan expansion alone has no start tile: check says G011 with the base set to add.
    let alone = "ruleset carcassonne
tiles ../sets/fan-road.tiles
players red blue
turn red
draw FR/ROAD
place at 1,0
pass
stop
";
    let report = check_game("tests/fixtures/games/invalid", alone);
    assert!(codes(&report).contains(&"G011"), "{:?}", codes(&report));
    let help = report.diagnostics[0].help.clone().unwrap_or_default();
    assert!(help.contains("tiles carcassonne-base"), "{help}");
    // Choosing one of its tiles as the start tile plays it alone.
    let chosen = alone.replace("players", "start FR/ROAD\nplayers");
    let report = check_game("tests/fixtures/games/invalid", &chosen);
    assert!(report.ok(), "{:?}", codes(&report));

    // simulate: an expansion alone is an error that says what to add.
    let output = carcspec(&["simulate", "--tiles", "hills-and-sheep", "--games", "1"]);
    assert_eq!(output.status.code(), Some(2));
    let said = text(&output);
    assert!(
        said.contains("G011") && said.contains("--tiles carcassonne-base"),
        "{said}"
    );
}

#[test]
fn simulate_combines_a_fan_expansion_with_the_base_set() {
    let dir = std::env::temp_dir().join(format!("carcspec-authoring-{}", std::process::id()));
    let out = dir.join("games");
    let output = carcspec(&[
        "simulate",
        "--tiles",
        "carcassonne-base",
        "spec/carcassonne/fan-expansion/fan-keep.tiles",
        "--games",
        "20",
        "--seed",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(text(&output).contains("FK/KEEP"), "{}", text(&output));
    // Every transcript names both sets and checks clean.
    let first = std::fs::read_to_string(out.join("game-00001.game")).unwrap();
    assert!(first.contains("fan-keep.tiles"), "{first}");
    let checked = carcspec(&["check", out.to_str().unwrap()]);
    assert_eq!(checked.status.code(), Some(0), "{}", text(&checked));

    // Two start tiles need --start.
    let two = carcspec(&[
        "simulate",
        "--tiles",
        "carcassonne-base",
        "--tiles",
        "tests/fixtures/games/sets/own-base.tiles",
        "--games",
        "2",
    ]);
    assert_eq!(two.status.code(), Some(2));
    assert!(text(&two).contains("G031"), "{}", text(&two));
    let chosen_out = dir.join("chosen");
    let chosen = carcspec(&[
        "simulate",
        "--tiles",
        "carcassonne-base",
        "--tiles",
        "tests/fixtures/games/sets/own-base.tiles",
        "--start",
        "OB/START",
        "--games",
        "5",
        "--out",
        chosen_out.to_str().unwrap(),
    ]);
    assert_eq!(chosen.status.code(), Some(0), "{}", text(&chosen));
    // The transcripts say which tile starts, and check clean.
    let first = std::fs::read_to_string(chosen_out.join("game-00001.game")).unwrap();
    assert!(first.contains("\nstart OB/START\n"), "{first}");
    let checked = carcspec(&["check", chosen_out.to_str().unwrap()]);
    assert_eq!(checked.status.code(), Some(0), "{}", text(&checked));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_bare_shipped_name_is_the_shipped_set_wherever_the_command_runs() {
    let dir = std::env::temp_dir().join(format!("carcspec-shadow-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("carcassonne-base")).unwrap();
    // A folder named like the shipped set in the current folder does not shadow it.
    let output = Command::new(env!("CARGO_BIN_EXE_carcspec"))
        .args(["tiles", "lint", "carcassonne-base"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(text(&output).contains("72 copies"), "{}", text(&output));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn own_expansion_names_are_accepted_and_rule_expansions_still_switch_rules_on() {
    let lint = carcspec(&[
        "tiles",
        "lint",
        "tests/fixtures/tiles/valid/fan-expansion.tiles",
    ]);
    assert_eq!(lint.status.code(), Some(0), "{}", text(&lint));
    // The game may declare the fan expansion (checked against its sets) or leave it out.
    for header in ["expansion river-keep\n", ""] {
        let game = format!(
            "ruleset carcassonne
{header}tiles carcassonne-base ../../tiles/valid/fan-expansion.tiles
players red blue
turn red
draw RK/ROAD
place at 1,0
pass
stop
"
        );
        let report = check_game("tests/fixtures/games/invalid", &game);
        assert!(report.ok(), "{header}: {:?}", codes(&report));
    }
    // hills-and-sheep is still a rule-bearing expansion: its set needs the declaration.
    let game = "ruleset carcassonne
tiles carcassonne-base hills-and-sheep
players red blue
stop
";
    let report = check_game(".", game);
    assert!(codes(&report).contains(&"G008"), "{:?}", codes(&report));
    // And it is no expansion of hunters-gatherers.
    let game = "ruleset hunters-gatherers
expansion hills-and-sheep
players red blue
stop
";
    assert!(codes(&check_game(".", game)).contains(&"T104"));
}

#[test]
fn the_spec_fan_expansion_lints_clean_with_the_base_set() {
    let output = carcspec(&[
        "tiles",
        "lint",
        "spec/carcassonne/fan-expansion/fan-keep.tiles",
        "--with",
        "carcassonne-base",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(text(&output).contains("6 copies: 0 start, 6 land, 0 bonus; clean"));
    // Linted with a set it clashes with, the same command fails.
    let output = carcspec(&[
        "tiles",
        "lint",
        "tests/fixtures/tiles/invalid/combination-disagrees.tiles",
        "--with",
        "carcassonne-base",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    assert!(text(&output).contains("T227"));
}

/// A block of `docs/authoring.md`: a file to write, commands to run, or output they print.
enum DocBlock {
    File { path: String, text: String },
    Commands(Vec<(Vec<String>, i32)>),
    Output(String),
}

/// The fenced blocks of the authoring guide: ```text file=PATH (a file), ```sh (commands, one a
/// line, `# exit N` when one must fail), ```text (what the commands before it print).
fn doc_blocks(doc: &str) -> Vec<DocBlock> {
    let mut blocks = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        let text = body.join("\n") + "\n";
        if let Some(path) = info.strip_prefix("text file=") {
            blocks.push(DocBlock::File {
                path: path.to_string(),
                text,
            });
        } else if info == "sh" {
            let commands = body
                .iter()
                .filter(|l| !l.trim().is_empty())
                .map(|l| {
                    let (command, exit) = match l.split_once("# exit ") {
                        Some((command, code)) => (command, code.trim().parse().unwrap()),
                        None => (*l, 0),
                    };
                    let words: Vec<String> =
                        command.split_whitespace().map(str::to_string).collect();
                    assert_eq!(words[0], "carcspec", "{l}");
                    (words[1..].to_vec(), exit)
                })
                .collect();
            blocks.push(DocBlock::Commands(commands));
        } else if info == "text" {
            blocks.push(DocBlock::Output(text));
        }
    }
    blocks
}

#[test]
fn the_authoring_guide_works_as_written() {
    let doc = std::fs::read_to_string("docs/authoring.md").unwrap();
    let blocks = doc_blocks(&doc);
    let dir = std::env::temp_dir().join(format!("carcspec-guide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for block in &blocks {
        if let DocBlock::File { path, text } = block {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
    }
    let mut printed = String::new();
    let mut ran = 0;
    for block in &blocks {
        match block {
            DocBlock::File { .. } => {}
            DocBlock::Commands(commands) => {
                printed.clear();
                for (args, exit) in commands {
                    let output = Command::new(env!("CARGO_BIN_EXE_carcspec"))
                        .args(args)
                        .current_dir(&dir)
                        .env("NO_COLOR", "1")
                        .output()
                        .unwrap();
                    let said = text(&output);
                    assert_eq!(output.status.code(), Some(*exit), "{args:?}:\n{said}");
                    printed.push_str(&said);
                    ran += 1;
                }
            }
            DocBlock::Output(expected) => {
                for line in expected.lines().filter(|l| !l.trim().is_empty()) {
                    assert!(
                        printed.contains(line),
                        "the guide shows `{line}`, the commands before it print:\n{printed}"
                    );
                }
            }
        }
    }
    assert!(ran >= 8, "only {ran} commands in the guide");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_mistyped_tile_id_is_answered_with_the_nearest_ids() {
    let game = "game \"typo\"
excerpt
ruleset carcassonne
tiles carcassonne-base
players red blue
turn red
draw BA/RCR
place at 0,-1 r180
pass
end
";
    let report = check_game("tests/fixtures/games/invalid", game);
    let g004 = report
        .diagnostics
        .iter()
        .find(|d| d.code.code == "G004")
        .expect("G004");
    let help = g004.help.clone().unwrap_or_default();
    assert!(help.contains("`BA/RCr`"), "{help}");
}

#[test]
fn a_wrong_total_lists_that_players_scoring_in_order_with_the_sum() {
    let game = "game \"wrong total\"
excerpt
ruleset carcassonne
tiles carcassonne-base
players red blue
turn red
draw BA/RCr
place at 0,-1 r180
deploy knight on S
end
expect final red 5 blue 0
";
    let report = check_game("tests/fixtures/games/invalid", game);
    let x003 = report
        .diagnostics
        .iter()
        .find(|d| d.code.code == "X003")
        .unwrap_or_else(|| panic!("{:?}", codes(&report)));
    let help = x003.help.clone().unwrap_or_default();
    assert_eq!(help, "red scored: line 9 city of 2 tiles = 4 (sum 4)");
}

#[test]
fn simulate_keeps_its_tile_table_in_columns_for_long_ids() {
    let dir = std::env::temp_dir().join(format!("carcspec-long-ids-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let set = dir.join("long.tiles");
    std::fs::write(
        &set,
        "tileset long\nruleset carcassonne\nexpansion long\n\ntile LONG/A-VERY-LONG-TILE-ID x2 {\n  road: E W\n  city c: N\n  field: EL WR touches=c\n  field: ER S WL\n}\n",
    )
    .unwrap();
    let output = carcspec(&[
        "simulate",
        "--tiles",
        "carcassonne-base",
        set.to_str().unwrap(),
        "--games",
        "2",
        "--seed",
        "1",
    ]);
    let said = text(&output);
    let table: Vec<&str> = said
        .lines()
        .skip_while(|l| !l.starts_with("tiles (placed"))
        .skip(1)
        .filter(|l| l.starts_with("  "))
        .collect();
    assert!(table.len() > 20, "{said}");
    let widths: std::collections::BTreeSet<usize> =
        table.iter().map(|l| l.chars().count()).collect();
    assert_eq!(widths.len(), 1, "{}", table.join("\n"));
    std::fs::remove_dir_all(&dir).ok();
}
