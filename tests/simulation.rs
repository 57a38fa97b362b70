//! Simulated games are legal games: every one, written as a transcript, replays through the
//! checker with no violation and the same scores. And the simulation is deterministic for a
//! seed, whatever the number of threads.

mod common;

use std::path::Path;

use carcspec::model::Ruleset;
use carcspec::simulate::{self, Config, Policy, Stopped};
use common::{carcspec, stderr, stdout};

fn config(
    ruleset: Ruleset,
    expansions: &[&str],
    tiles: &[&str],
    policy: Policy,
    games: usize,
    seed: u64,
) -> Config {
    Config {
        ruleset,
        expansions: expansions.iter().map(|e| e.to_string()).collect(),
        variants: Vec::new(),
        tile_sets: tiles.iter().map(|t| (t.to_string(), 1)).collect(),
        start: None,
        players: 2 + (seed % 3) as usize,
        games,
        seed,
        policy,
        threads: 2,
        transcripts: true,
    }
}

/// The tile sets each ruleset is simulated on: its shipped sets, with and without the
/// expansion it has.
fn tile_sets(ruleset: Ruleset) -> Vec<(&'static [&'static str], &'static [&'static str])> {
    match ruleset {
        Ruleset::Carcassonne => vec![
            (&[], &["carcassonne-base"]),
            (
                &["hills-and-sheep"],
                &["carcassonne-base", "hills-and-sheep"],
            ),
        ],
        Ruleset::HuntersGatherers | Ruleset::HuntersGatherers2020 => {
            vec![(&[], &["hunters-gatherers-v2"])]
        }
    }
}

/// Games per configuration of [`every_configuration`]: `SIMULATED_GAMES=<n>`, or a few.
fn games_per_configuration() -> usize {
    std::env::var("SIMULATED_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(24)
}

/// Every ruleset, on each of its tile sets, in every reading of its rules (each variant's
/// values, from the ruleset's own list), with both policies: each a configuration of
/// [`games_per_configuration`] games, on a seed and a number of players of its own.
fn every_configuration() -> Vec<Config> {
    let mut configs = Vec::new();
    for ruleset in Ruleset::ALL {
        for (expansions, tiles) in tile_sets(ruleset) {
            for variants in simulate::readings(ruleset) {
                for policy in [Policy::Random, Policy::Greedy] {
                    let seed = 100 + configs.len() as u64;
                    configs.push(Config {
                        variants: variants.clone(),
                        ..config(
                            ruleset,
                            expansions,
                            tiles,
                            policy,
                            games_per_configuration(),
                            seed,
                        )
                    });
                }
            }
        }
    }
    configs
}

/// Plays `config`'s games and checks each one's transcript as `check` reads it: clean, final
/// scored, with the simulator's scores. Returns the number of games.
fn simulate_then_check(config: &Config) -> usize {
    let games = simulate::simulate(config, &|_| {}).unwrap();
    assert_eq!(games.len(), config.games);
    for (index, game) in games.iter().enumerate() {
        let text = carcspec::format::game::print_script(&game.script, None);
        let report = carcspec::check::check_text("simulated.game", text.clone(), Path::new("."));
        let rendered = carcspec::cli::render_check_report(&report, false);
        let what = format!(
            "{:?} {:?} {:?} {:?} seed {} game {index}",
            config.ruleset, config.tile_sets, config.variants, config.policy, config.seed
        );
        assert!(report.ok(), "{what}:\n{rendered}\n{text}");
        assert!(report.final_scored, "{what} was not scored");
        assert_eq!(report.scores, game.scores, "{what}");
    }
    games.len()
}

/// The 2020 rules' simulated games play the menhir turns, the powers and the shaman's choice.
#[test]
fn the_2020_rules_play_menhir_turns_powers_and_the_shaman() {
    let config = config(
        Ruleset::HuntersGatherers2020,
        &[],
        &["hunters-gatherers-v2"],
        Policy::Random,
        300,
        21,
    );
    let games = simulate::simulate(&config, &|_| {}).unwrap();
    assert!(games.iter().map(|g| g.bonus_tiles).sum::<usize>() > 300);
    assert!(games.iter().map(|g| g.powers_used).sum::<usize>() > 30);
    let returns = games
        .iter()
        .filter(|g| {
            g.script
                .steps
                .iter()
                .any(|s| matches!(s.action, carcspec::model::Action::Return { .. }))
        })
        .count();
    assert!(returns > 0, "no simulated shaman took a figure back");
}

/// The statistics name the bonus draws as each ruleset plays them: the 2020 rules' menhir
/// bonus turns (human line and JSON field), the 2002 rules' bonus tiles.
#[test]
fn bonus_draws_are_named_as_the_ruleset_plays_them() {
    for (ruleset, line, field, other_line, other_field) in [
        (
            Ruleset::HuntersGatherers2020,
            "menhir bonus turns per game: ",
            "menhir_bonus_turns_per_game",
            "bonus tiles drawn per game",
            "bonus_tiles_per_game",
        ),
        (
            Ruleset::HuntersGatherers,
            "bonus tiles drawn per game: ",
            "bonus_tiles_per_game",
            "menhir bonus turns",
            "menhir_bonus_turns_per_game",
        ),
    ] {
        let config = config(
            ruleset,
            &[],
            &["hunters-gatherers-v2"],
            Policy::Random,
            40,
            5,
        );
        let simulation = simulate::run(&config, &|_| {}, |_, _| Ok::<(), ()>(())).unwrap();
        let statistics = &simulation.statistics;
        let players: Vec<String> = (0..config.players).map(|p| p.to_string()).collect();
        let human = statistics.render(&players);
        let json = serde_json::to_value(statistics).unwrap();
        let per_game = json[field].as_f64().expect("the ruleset's field");
        assert!(per_game > 0.0, "{ruleset:?}: {json}");
        assert!(
            human.contains(&format!("{line}{per_game:.2}")),
            "{ruleset:?}: {human}"
        );
        assert!(!human.contains(other_line), "{ruleset:?}: {human}");
        assert!(json.get(other_field).is_none(), "{ruleset:?}: {json}");
    }
}

/// Simulate-then-check agrees on every configuration: each ruleset, tile set, reading of the
/// rules and policy (`SIMULATED_GAMES=<n>` games each; the closing figure of issue 24 was
/// 20,160 games, `SIMULATED_GAMES=420`).
#[test]
fn simulated_games_replay_clean_with_the_same_scores() {
    let configs = every_configuration();
    // Two policies of at least the default game and one variant per ruleset.
    assert!(configs.len() >= 4 * Ruleset::ALL.len());
    let games: usize = configs.iter().map(simulate_then_check).sum();
    eprintln!(
        "{games} simulated games in {} configurations checked clean",
        configs.len()
    );
}

/// The games of `simulate --ruleset hunters-gatherers-2020 --variant
/// unplaceable-menhir-tile=lost --seed 7 --policy greedy --games 400`: a menhir tile that fits
/// nowhere is lost, and no other is drawn in its place (one of them drew another, which the
/// checker rejects: V112).
#[test]
fn a_lost_menhir_tile_is_not_drawn_again() {
    let config = Config {
        variants: vec![("unplaceable-menhir-tile".into(), "lost".into())],
        players: 2,
        ..config(
            Ruleset::HuntersGatherers2020,
            &[],
            &["hunters-gatherers-v2"],
            Policy::Greedy,
            400,
            7,
        )
    };
    simulate_then_check(&config);
}

#[test]
fn the_same_seed_gives_the_same_games_on_any_number_of_threads() {
    let mut one = config(
        Ruleset::Carcassonne,
        &["hills-and-sheep"],
        &["carcassonne-base", "hills-and-sheep"],
        Policy::Random,
        12,
        99,
    );
    one.threads = 1;
    let mut three = one.clone();
    three.threads = 3;
    let a = simulate::simulate(&one, &|_| {}).unwrap();
    let b = simulate::simulate(&three, &|_| {}).unwrap();
    let print = |games: &[simulate::GameResult]| -> Vec<String> {
        games
            .iter()
            .map(|g| carcspec::format::game::print_script(&g.script, None))
            .collect()
    };
    assert_eq!(print(&a), print(&b));
    let mut other_seed = one.clone();
    other_seed.seed = 100;
    assert_ne!(
        print(&a),
        print(&simulate::simulate(&other_seed, &|_| {}).unwrap())
    );
}

#[test]
fn statistics_count_every_tile_and_feature() {
    let config = config(
        Ruleset::Carcassonne,
        &[],
        &["carcassonne-base"],
        Policy::Random,
        10,
        5,
    );
    let games = simulate::simulate(&config, &|_| {}).unwrap();
    let ids: Vec<String> = carcspec::load::load("carcassonne-base")
        .unwrap()
        .usable()
        .unwrap()
        .tiles
        .iter()
        .map(|t| t.id.clone())
        .collect();
    let statistics = simulate::stats::Statistics::of(&games, &ids);
    // Every copy but the start tile is drawn once per game: placed or found to fit nowhere.
    let drawn: usize = statistics
        .tiles
        .iter()
        .map(|t| t.placed + t.fit_nowhere)
        .sum();
    assert_eq!(drawn, 10 * 71);
    assert_eq!(statistics.seats.len(), config.players);
    assert!(
        statistics
            .features
            .iter()
            .any(|f| f.kind == carcspec::model::FeatureKind::City)
    );
}

#[test]
fn streamed_games_come_in_order_and_their_statistics_do_not_depend_on_the_threads() {
    let mut one = config(
        Ruleset::Carcassonne,
        &["hills-and-sheep"],
        &["carcassonne-base", "hills-and-sheep"],
        Policy::Random,
        40,
        21,
    );
    one.threads = 1;
    let mut three = one.clone();
    three.threads = 3;
    let stream = |config: &Config| {
        let mut games = Vec::new();
        let simulation = simulate::run(config, &|_| {}, |index, game| {
            games.push((index, game));
            Ok::<(), ()>(())
        })
        .unwrap();
        (simulation, games)
    };
    let (a, games_a) = stream(&one);
    let (b, games_b) = stream(&three);
    let indexes: Vec<usize> = games_b.iter().map(|(index, _)| *index).collect();
    assert_eq!(indexes, (0..40).collect::<Vec<_>>());
    let json = |s: &simulate::stats::Statistics| serde_json::to_string(s).unwrap();
    assert_eq!(json(&a.statistics), json(&b.statistics));
    let scripts = |games: &[(usize, simulate::GameResult)]| -> Vec<String> {
        games
            .iter()
            .map(|(_, g)| carcspec::format::game::print_script(&g.script, None))
            .collect()
    };
    assert_eq!(scripts(&games_a), scripts(&games_b));

    // Without transcripts (`simulate` without `--out`) the same games are played: the same
    // results and statistics, and no move written down.
    let mut untold = one.clone();
    untold.transcripts = false;
    let (c, games_c) = stream(&untold);
    assert_eq!(json(&a.statistics), json(&c.statistics));
    for ((_, told), (_, untold)) in games_a.iter().zip(&games_c) {
        assert!(!told.script.steps.is_empty());
        assert!(untold.script.steps.is_empty());
        let without_steps = |g: &simulate::GameResult| simulate::GameResult {
            script: simulate::header(&one),
            ..g.clone()
        };
        assert_eq!(
            format!("{:?}", without_steps(told)),
            format!("{:?}", without_steps(untold))
        );
    }

    // The statistics gathered as games end are those of the games kept whole.
    let kept: Vec<simulate::GameResult> = games_a.into_iter().map(|(_, g)| g).collect();
    let ids: Vec<String> = a.statistics.tiles.iter().map(|t| t.id.clone()).collect();
    let of_kept = simulate::stats::Statistics::of(&kept, &ids);
    assert_eq!(json(&a.statistics), json(&of_kept));
    assert_eq!(a.statistics.games, 40);
    // The spread of a seat is the standard deviation of its scores, computed here the
    // schoolbook way (two passes over the scores).
    for seat in &a.statistics.seats {
        let scores: Vec<f64> = kept.iter().map(|g| g.scores[seat.seat] as f64).collect();
        let mean = scores.iter().sum::<f64>() / scores.len() as f64;
        let variance =
            scores.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / scores.len() as f64;
        assert_eq!(seat.mean, mean);
        assert!((seat.spread - variance.sqrt()).abs() < 1e-9, "{seat:?}");
        assert!(seat.spread > 0.0);
    }
}

#[test]
fn a_failing_output_stops_the_run() {
    for threads in [1, 2] {
        let mut config = config(
            Ruleset::Carcassonne,
            &[],
            &["carcassonne-base"],
            Policy::Random,
            200,
            3,
        );
        config.threads = threads;
        let mut handed_on = 0;
        let stopped = simulate::run(&config, &|_| {}, |index, _| {
            handed_on += 1;
            if index == 4 { Err("disk full") } else { Ok(()) }
        });
        assert!(matches!(stopped, Err(Stopped::Output("disk full"))));
        assert_eq!(handed_on, 5);
    }
}

#[test]
fn transcripts_and_report_are_the_same_on_any_number_of_threads() {
    let dir = std::env::temp_dir().join(format!("carcspec-simulate-{}", std::process::id()));
    let mut runs = Vec::new();
    for threads in ["1", "3"] {
        let out = dir.join(threads);
        let output = carcspec(&[
            "simulate",
            "--tiles",
            "hunters-gatherers-v2",
            "--games",
            "30",
            "--seed",
            "5",
            "--format",
            "json",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let mut files: Vec<(String, String)> = std::fs::read_dir(&out)
            .unwrap()
            .map(|entry| {
                let path = entry.unwrap().path();
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read_to_string(&path).unwrap())
            })
            .collect();
        files.sort();
        assert_eq!(files.len(), 30);
        assert_eq!(files[29].0, "game-00030.game");
        assert!(files[0].1.contains("game 1"), "{}", files[0].1);
        runs.push((stdout(&output), files));
    }
    assert!(runs[0] == runs[1], "the runs differ");
    std::fs::remove_dir_all(&dir).ok();
}

/// The JSON statistics of `simulate` with `args` (and `extra`), checked to succeed.
fn simulate_json(args: &[&str], extra: &[&str]) -> String {
    let mut all = vec!["simulate", "--format", "json"];
    all.extend(args);
    all.extend(extra);
    let output = carcspec(&all);
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
}

#[test]
fn merged_shards_print_the_whole_runs_statistics_to_the_byte() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // Runs of several shapes: 3 shards of a base run, 4 of a Hills & Sheep run with more
    // players, and more shards than a run has games (shards with no game at all).
    let runs: [(&[&str], usize); 3] = [
        (&["--games", "40", "--seed", "7", "--policy", "greedy"], 3),
        (
            &[
                "--games",
                "13",
                "--seed",
                "2",
                "--players",
                "3",
                "--tiles",
                "carcassonne-base",
                "hills-and-sheep",
            ],
            4,
        ),
        (&["--games", "2", "--seed", "9"], 3),
    ];
    for (args, shards) in runs {
        let whole = simulate_json(args, &[]);
        let mut files = Vec::new();
        // The shards played in reverse and merged in that order: neither matters.
        for index in (1..=shards).rev() {
            let shard = format!("{index}/{shards}");
            let path = dir.path().join(format!("shard-{index}.json"));
            std::fs::write(&path, simulate_json(args, &["--shard", &shard, "-j", "1"]))
                .expect("the shard is written");
            files.push(path.display().to_string());
        }
        let merged = dir.path().join("merged.json");
        let mut merge = vec!["stats", "merge"];
        merge.extend(files.iter().map(String::as_str));
        merge.extend(["-o", merged.to_str().expect("a UTF-8 path")]);
        let output = carcspec(&merge);
        assert!(output.status.success(), "{}", stderr(&output));
        let merged = std::fs::read_to_string(&merged).expect("the merge is written");
        assert_eq!(merged, whole, "{args:?} in {shards} shards");
    }
}

#[test]
fn shards_play_every_game_once_under_its_own_number() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let whole = dir.path().join("whole");
    let sharded = dir.path().join("sharded");
    let run = |out: &Path, shard: Option<&str>| {
        let mut args = vec!["simulate", "--games", "7", "--seed", "5", "--out"];
        args.push(out.to_str().expect("a UTF-8 path"));
        if let Some(shard) = shard {
            args.extend(["--shard", shard]);
        }
        let output = carcspec(&args);
        assert!(output.status.success(), "{}", stderr(&output));
    };
    run(&whole, None);
    for shard in ["1/3", "2/3", "3/3"] {
        run(&sharded, Some(shard));
    }
    let names = |folder: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .expect("the transcripts are written")
            .map(|entry| entry.expect("an entry").file_name().display().to_string())
            .collect();
        names.sort();
        names
    };
    assert_eq!(names(&whole).len(), 7);
    assert_eq!(names(&whole), names(&sharded));
    for name in names(&whole) {
        let read = |folder: &Path| std::fs::read_to_string(folder.join(&name)).expect("read");
        assert_eq!(read(&whole), read(&sharded), "{name}");
    }
    // Shard 2/3 plays games 2 and 5 (counted from 1: the numbers 1, 4, 7 leave 0 by 3).
    let second = dir.path().join("second");
    run(&second, Some("2/3"));
    assert_eq!(names(&second), ["game-00002.game", "game-00005.game"]);
}

#[test]
fn stats_merge_refuses_what_is_not_one_run_exactly() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("written");
        path.display().to_string()
    };
    let args = ["--games", "6", "--seed", "1"];
    let first = write("1.json", &simulate_json(&args, &["--shard", "1/2"]));
    let second = write("2.json", &simulate_json(&args, &["--shard", "2/2"]));
    let other_seed = write(
        "seed.json",
        &simulate_json(&["--games", "6", "--seed", "2"], &["--shard", "2/2"]),
    );
    let other_split = write("split.json", &simulate_json(&args, &["--shard", "2/3"]));
    let whole = write("whole.json", &simulate_json(&args, &[]));
    let malformed = write("malformed.json", "{\"games\": 3,\n  \"shard\": [}");
    let refused = |files: &[&str], code: &str, words: &str| {
        let mut merge = vec!["stats", "merge"];
        merge.extend(files);
        let output = carcspec(&merge);
        assert_eq!(output.status.code(), Some(2), "{files:?}");
        assert!(stdout(&output).is_empty());
        let message = stderr(&output);
        assert!(message.contains(code), "{message}");
        assert!(message.contains(words), "{message}");
        assert!(message.contains("help:"), "{message}");
    };
    refused(
        &[&first],
        "F052 incomplete-shards",
        "shard 2/2 of the run is missing",
    );
    refused(&[&first, &second, &second], "F052", "both shard 2/2");
    refused(&[&first, &other_split], "F052", "split the run differently");
    refused(
        &[&first, &other_seed],
        "F051 mismatched-shards",
        "seed `2` there, `1` here",
    );
    refused(
        &[&first, &whole],
        "F050 malformed-statistics",
        "missing field `shard`",
    );
    refused(&[&malformed], "F050", "malformed.json:2:13");
    let output = carcspec(&["stats", "merge", &first, &second]);
    assert!(output.status.success(), "{}", stderr(&output));
}
