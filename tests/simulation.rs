//! Simulated games are legal games: every one, written as a transcript, replays through the
//! checker with no violation and the same scores. And the simulation is deterministic for a
//! seed, whatever the number of threads.

mod common;

use std::path::Path;

use carcspec::model::Ruleset;
use carcspec::simulate::{self, Config, Policy, Stopped};
use common::{carcspec, stderr, stdout};

/// The count `name` a ruleset kept of its own state in `game` (its statistics').
fn count(game: &simulate::GameResult, name: &str) -> usize {
    let index = carcspec::rules::statistic_counts()
        .position(|count| count == name)
        .unwrap_or_else(|| panic!("no count `{name}`"));
    game.counts[index] as usize
}

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

/// The tile sets each ruleset is simulated on: its shipped sets, alone and with each
/// expansion it implements (`every_expansion_is_simulated` holds the list to the
/// descriptors).
fn tile_sets(ruleset: Ruleset) -> Vec<(&'static [&'static str], &'static [&'static str])> {
    match ruleset {
        Ruleset::Carcassonne => vec![
            (&[], &["carcassonne-base"]),
            (
                &["hills-and-sheep"],
                &["carcassonne-base", "hills-and-sheep"],
            ),
            (
                &["inns-and-cathedrals"],
                &["carcassonne-base", "inns-and-cathedrals"],
            ),
            (&["the-river"], &["carcassonne-base", "the-river"]),
            (&["the-river-2"], &["carcassonne-base", "the-river-2"]),
            // The base set with the gardens printed on it, played instead of the base set.
            (&["abbot-and-gardens"], &["carcassonne-base-gardens"]),
            // The goods, the builder's double turn and the pig.
            (
                &["traders-and-builders"],
                &["carcassonne-base", "traders-and-builders"],
            ),
            // The abbey, the mayor, the wagon and the barn.
            (
                &["abbey-and-mayor"],
                &["carcassonne-base", "abbey-and-mayor"],
            ),
        ],
        Ruleset::HuntersGatherers | Ruleset::HuntersGatherers2020 => {
            vec![(&[], &["hunters-gatherers-v2"])]
        }
    }
}

/// Every expansion a ruleset implements is simulated, with its shipped tile set, so that the
/// simulate-then-check test below plays its rules too.
#[test]
fn every_expansion_is_simulated() {
    for descriptor in carcspec::rules::all() {
        let simulated = tile_sets(descriptor.ruleset);
        for expansion in descriptor.expansions {
            let set = simulated
                .iter()
                .find(|(expansions, _)| expansions.contains(&expansion.name))
                .unwrap_or_else(|| panic!("{} is not simulated", expansion.name));
            if let Some(tile_set) = expansion.tile_set {
                assert!(set.1.contains(&tile_set.name), "{}", expansion.name);
            }
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
    assert!(games.iter().map(|g| count(g, "powers_used")).sum::<usize>() > 30);
    let returns = games
        .iter()
        .filter(|g| {
            g.script.steps.iter().any(|s| {
                matches!(
                    s.action,
                    carcspec::model::Action::RulesetMove {
                        keyword: "return",
                        ..
                    }
                )
            })
        })
        .count();
    assert!(returns > 0, "no simulated shaman took a figure back");

    // The powers that act in the game (not at final scoring) each count once when they act:
    // a logboat or a hunting trap placed, a figure the shaman took back. Counted here from
    // the game's own script and the tile file's text.
    let tiles = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tiles/hunters-gatherers-v2.tiles"),
    )
    .unwrap();
    let acting: Vec<&str> = tiles
        .split("\ntile ")
        .filter(|block| block.contains("power=logboat") || block.contains("power=hunting-trap"))
        .map(|block| block.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        acting.len(),
        2,
        "the logboat's and the hunting trap's tiles"
    );
    for (index, game) in games.iter().enumerate() {
        let mut counted = 0;
        let mut in_hand = None;
        for step in &game.script.steps {
            match &step.action {
                carcspec::model::Action::Draw { tile }
                | carcspec::model::Action::Bonus { tile } => {
                    in_hand = Some(tile.as_str());
                }
                carcspec::model::Action::Place { .. } => {
                    counted += usize::from(in_hand.is_some_and(|tile| acting.contains(&tile)));
                }
                carcspec::model::Action::RulesetMove {
                    keyword: "return", ..
                } => counted += 1,
                _ => {}
            }
        }
        assert_eq!(count(game, "powers_used"), counted, "game {index}");
    }
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
/// rules and policy (`SIMULATED_GAMES=<n>` games each: `SIMULATED_GAMES=140` checks 21,280
/// games in 152 configurations, every expansion included).
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

mod balance {
    use super::{carcspec, stderr, stdout};
    use carcspec::simulate::compare::{Estimate, TileReport, flag_outliers, quantile, t_quantile};

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    #[test]
    fn intervals_are_those_of_the_textbook_formulas() {
        // The mean of 1, 2, 3, 4: 2.5; the sample variance ((1.5² + 0.5²) · 2) / 3 = 5/3; the
        // t quantile of 3 degrees of freedom 3.1824 (a table's): 2.5 ± 3.1824 · √(5/3) / 2.
        let mean = Estimate::mean_of(&[1.0, 2.0, 3.0, 4.0]);
        let half = 3.182_446 * (5.0f64 / 3.0).sqrt() / 2.0;
        assert_eq!(mean.n, 4);
        assert!(close(mean.value, 2.5, 1e-12));
        assert!(close(mean.low.unwrap(), 2.5 - half, 1e-5), "{mean:?}");
        assert!(close(mean.high.unwrap(), 2.5 + half, 1e-5), "{mean:?}");
        // The same from the count, sum and sum of squares (1 + 4 + 9 + 16 = 30).
        assert_eq!(Estimate::mean(4, 10.0, 30.0).low, mean.low);
        // One observation has no interval; none has no figure.
        assert_eq!(Estimate::mean_of(&[7.0]).low, None);
        assert_eq!(Estimate::mean(0, 0.0, 0.0).value, 0.0);
        // Wilson's interval of 8 successes in 10: 0.4902 to 0.9433 (as tables give it).
        let share = Estimate::share(8, 10);
        assert!(close(share.value, 0.8, 1e-12));
        assert!(close(share.low.unwrap(), 0.4902, 1e-4), "{share:?}");
        assert!(close(share.high.unwrap(), 0.9433, 1e-4), "{share:?}");
        // None and all of them: the bounds are 0 and 1 exactly; 0 of 10 reaches 0.2775 (the
        // rule of three's neighbour: z² / (n + z²) = 3.8415 / 13.8415).
        let none = Estimate::share(0, 10);
        assert_eq!(none.low, Some(0.0));
        assert!(
            close(none.high.unwrap(), 3.841_459 / 13.841_459, 1e-6),
            "{none:?}"
        );
        assert_eq!(Estimate::share(10, 10).high, Some(1.0));
        // Student's t: the table, and the expansion past it (2.0003 for 60, 1.9840 for 100).
        assert!(close(t_quantile(1), 12.7062, 1e-4));
        assert!(close(t_quantile(30), 2.0423, 1e-4));
        assert!(close(t_quantile(60), 2.0003, 1e-4));
        assert!(close(t_quantile(100), 1.9840, 1e-4));
        // Quartiles interpolated between order statistics.
        assert!(close(quantile(&[1.0, 2.0, 3.0, 4.0], 0.25), 1.75, 1e-12));
        assert!(close(quantile(&[1.0, 2.0, 3.0, 4.0], 0.75), 3.25, 1e-12));
    }

    fn report(id: &str, kind: &str, points: (f64, f64, f64)) -> TileReport {
        let share = Estimate::share(5, 100);
        TileReport {
            id: id.to_string(),
            kind: kind.to_string(),
            placed_per_game: 1.0,
            unplaceable: share,
            completes: share,
            mean_points: Estimate {
                value: points.0,
                low: Some(points.1),
                high: Some(points.2),
                n: 100,
            },
            flags: Vec::new(),
        }
    }

    #[test]
    fn a_tile_is_flagged_when_its_interval_lies_past_the_fences_of_its_kind() {
        // Four cities at 4 to 4.6 points (Q1 4.15, Q3 4.45 with the fifth at 9: IQR 0.3, less
        // than the least spread 0.5, so the fences are 4.15 − 0.75 and 4.45 + 0.75 = 5.2).
        let mut reports = vec![
            report("a", "city", (4.0, 3.9, 4.1)),
            report("b", "city", (4.2, 4.1, 4.3)),
            report("c", "city", (4.4, 4.3, 4.5)),
            report("d", "city", (4.45, 4.35, 4.55)),
            report("strong", "city", (9.0, 8.5, 9.5)),
            // Past the fences, but its interval reaches back inside them: not flagged.
            report("noisy", "city", (6.0, 5.0, 7.0)),
            // A kind of three tiles is too small to have a spread.
            report("x", "road", (1.0, 0.9, 1.1)),
            report("y", "road", (1.0, 0.9, 1.1)),
            report("z", "road", (9.0, 8.9, 9.1)),
        ];
        flag_outliers(&mut reports);
        let flagged: Vec<&str> = reports
            .iter()
            .filter(|r| !r.flags.is_empty())
            .map(|r| r.id.as_str())
            .collect();
        assert_eq!(flagged, ["strong"]);
        assert!(
            reports[4].flags[0].starts_with("mean points above the spread of city tiles"),
            "{:?}",
            reports[4].flags
        );
    }

    fn compare_json(args: &[&str]) -> serde_json::Value {
        let mut all = vec!["simulate", "--format", "json"];
        all.extend(args);
        let output = carcspec(&all);
        assert!(output.status.success(), "{}", stderr(&output));
        serde_json::from_str(&stdout(&output)).expect("the report is JSON")
    }

    fn keys(value: &serde_json::Value) -> Vec<String> {
        let mut keys: Vec<String> = value
            .as_object()
            .expect("an object")
            .keys()
            .cloned()
            .collect();
        keys.sort();
        keys
    }

    #[test]
    fn a_set_compared_with_itself_shifts_nothing() {
        let report = compare_json(&[
            "--games",
            "30",
            "--seed",
            "3",
            "--policy",
            "greedy",
            "--compare-with",
            "carcassonne-base",
        ]);
        let shifts = report["shifts"].as_array().expect("shifts");
        assert!(shifts.len() >= 4, "{shifts:?}");
        for shift in shifts {
            assert_eq!(shift["a"], shift["b"], "{shift}");
            assert_eq!(shift["difference"]["value"], 0.0, "{shift}");
            assert_eq!(shift["difference"]["low"], 0.0, "{shift}");
            assert_eq!(shift["difference"]["high"], 0.0, "{shift}");
        }
        assert_eq!(report["tiles_a"], report["tiles_b"]);
        assert_eq!(report["games"], 30);
    }

    #[test]
    fn the_balance_report_keeps_its_json_schema() {
        let report = compare_json(&[
            "--games",
            "12",
            "--seed",
            "1",
            "--tiles",
            "carcassonne-base",
            "--compare-with",
            "carcassonne-base",
            "spec/carcassonne/fan-expansion/fan-keep.tiles",
        ]);
        let owned = |names: &[&str]| -> Vec<String> {
            let mut names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
            names.sort();
            names
        };
        assert_eq!(
            keys(&report),
            owned(&[
                "a", "b", "games", "players", "policy", "seed", "shifts", "tiles_a", "tiles_b"
            ])
        );
        assert_eq!(
            report["b"][1],
            "spec/carcassonne/fan-expansion/fan-keep.tiles"
        );
        let shift = &report["shifts"][0];
        assert_eq!(keys(shift), owned(&["a", "b", "difference", "measure"]));
        assert_eq!(
            keys(&shift["difference"]),
            owned(&["high", "low", "n", "value"])
        );
        let measures: Vec<&str> = report["shifts"]
            .as_array()
            .expect("shifts")
            .iter()
            .map(|s| s["measure"].as_str().expect("a measure"))
            .collect();
        assert_eq!(
            measures[..2],
            ["final score (mean of the seats)", "game length (turns)"]
        );
        assert!(
            measures.contains(&"city completed (share per game)"),
            "{measures:?}"
        );
        let tiles = report["tiles_b"].as_array().expect("tiles");
        assert_eq!(
            keys(&tiles[0]),
            owned(&[
                "completes",
                "flags",
                "id",
                "kind",
                "mean_points",
                "placed_per_game",
                "unplaceable"
            ])
        );
        let keep = tiles
            .iter()
            .find(|t| t["id"] == "FK/KEEP")
            .expect("the keep");
        assert_eq!(keep["kind"], "city");
        assert!(
            report["tiles_a"]
                .as_array()
                .expect("tiles")
                .iter()
                .all(|t| t["id"] != "FK/KEEP")
        );
        // Six more tiles: six more turns a game, less a turn for each tile more that fit
        // nowhere (it is redrawn in the same turn), which is rare.
        let turns = report["shifts"][1]["difference"]["value"]
            .as_f64()
            .expect("a number");
        assert!((5.0..=6.0).contains(&turns), "{turns}");
    }

    #[test]
    fn the_chart_draws_a_row_per_tile_and_its_figures_where_the_axes_put_them() {
        use carcspec::render::chart::{
            BASELINE, COMPARED, ChartPanel, ChartRow, FLAGGED, FLAGGED_ROW, STRIPE, layout,
            tile_figures_chart, x_of,
        };
        let loaded = carcspec::load::load("carcassonne-base").expect("the base set");
        let set = loaded.usable().expect("a clean set");
        let panels = [
            ChartPanel {
                title: "completes".to_string(),
                percent: true,
            },
            ChartPanel {
                title: "points".to_string(),
                percent: false,
            },
        ];
        // Two tiles: the first flagged for its points (red dot, tinted row).
        let rows = vec![
            ChartRow {
                tile: &set.tiles[0],
                kind: "monastery".to_string(),
                figures: vec![
                    Some((0.5, Some(0.4), Some(0.6))),
                    Some((8.0, Some(7.5), Some(8.5))),
                ],
                baseline: vec![Some((0.25, Some(0.2), Some(0.3))), Some((2.0, None, None))],
                flagged: vec![false, true],
            },
            ChartRow {
                tile: &set.tiles[1],
                kind: "road+monastery".to_string(),
                figures: vec![
                    Some((0.75, Some(0.7), Some(0.8))),
                    Some((4.0, Some(3.0), Some(5.0))),
                ],
                baseline: vec![None, None],
                flagged: vec![false, false],
            },
        ];
        let svg = tile_figures_chart("Tiles", "a test", "the shifts", &panels, &rows);
        assert_eq!(svg.matches(r#"class="tile-row""#).count(), 2);
        assert!(svg.contains(&format!(r#"data-tile="{}""#, set.tiles[0].id)));
        // Dots: two figures a row, and the first row's two baselines.
        assert_eq!(svg.matches(r#"class="figure""#).count(), 6);
        // The axes: shares to 100 % (the highest bound is 80 %), points to 10 (8.5 at most).
        assert!(svg.contains(">100%<") && svg.contains(">10<"), "{svg}");
        let png = carcspec::render::png(&svg, 1.0).expect("a picture");
        let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).expect("a PNG");
        let pixel = |x: f64, y: f64| {
            let p = pixmap
                .pixel(x.round() as u32, y.round() as u32)
                .expect("on the chart");
            format!("#{:02x}{:02x}{:02x}", p.red(), p.green(), p.blue())
        };
        let y0 = layout::row_top(0);
        let y1 = layout::row_top(1);
        assert_eq!(pixel(x_of(0, 1.0, 0.5), y0 + layout::FIGURE_DY), COMPARED);
        assert_eq!(pixel(x_of(1, 10.0, 8.0), y0 + layout::FIGURE_DY), FLAGGED);
        assert_eq!(
            pixel(x_of(0, 1.0, 0.25), y0 + layout::BASELINE_DY),
            BASELINE
        );
        // The interval's bar reaches its bounds, and no further.
        assert_eq!(pixel(x_of(1, 10.0, 3.2), y1 + layout::FIGURE_DY), COMPARED);
        assert_eq!(pixel(x_of(1, 10.0, 5.6), y1 + layout::FIGURE_DY), STRIPE);
        // The flagged row is tinted where nothing is drawn.
        assert_eq!(pixel(x_of(1, 10.0, 6.2), y0 + 40.0), FLAGGED_ROW);
    }

    #[test]
    fn compare_writes_its_chart_as_svg_and_png() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        for name in ["chart.svg", "chart.png"] {
            let path = dir.path().join(name);
            let output = carcspec(&[
                "simulate",
                "--games",
                "6",
                "--compare-with",
                "carcassonne-base",
                "spec/carcassonne/fan-expansion/fan-keep.tiles",
                "--chart",
                path.to_str().expect("a UTF-8 path"),
            ]);
            assert!(output.status.success(), "{}", stderr(&output));
            let report = stdout(&output);
            assert!(report.contains("shift B − A"));
            // Shares in percent, their shifts in percentage points; the score in points.
            let city = report
                .lines()
                .find(|l| l.trim_start().starts_with("city completed"))
                .expect("the cities' shift");
            assert!(city.contains(" %  B ") && city.contains(" pp ["), "{city}");
            let score = report
                .lines()
                .find(|l| l.trim_start().starts_with("final score"))
                .expect("the score's shift");
            assert!(!score.contains('%') && !score.contains("pp"), "{score}");
            let bytes = std::fs::read(&path).expect("the chart is written");
            if name.ends_with(".svg") {
                let text = String::from_utf8(bytes).expect("UTF-8");
                // The headline shifts are in the chart too.
                let headline = text
                    .lines()
                    .find(|l| l.contains(r#"class="headline""#))
                    .expect("the headline");
                assert!(
                    headline.contains("final score") && headline.contains("game length"),
                    "{headline}"
                );
                // The 24 tile kinds of the base set and the keep's 4 (those drawn in 6 games).
                assert!(text.matches(r#"class="tile-row""#).count() >= 24);
                assert!(text.contains(r#"data-tile="FK/KEEP""#));
            } else {
                assert!(bytes.starts_with(b"\x89PNG"));
            }
        }
        let refused = carcspec(&[
            "simulate",
            "--games",
            "2",
            "--compare-with",
            "carcassonne-base",
            "--chart",
            "x.gif",
        ]);
        assert_eq!(refused.status.code(), Some(2));
        assert!(stderr(&refused).contains(".svg"));
    }
}

/// Hills & Sheep: the wolves a simulated game reports are those that scattered a flock, each
/// drawn to grow one (`grow`), so never more than its draws to grow. The script records a
/// draw as JCloisterZone's random number, not the token, so the total is held to the bag
/// instead: “18 flock and wolf tokens (… 2x wolf)”, a wolf put back whenever drawn, so over
/// these 100 seeded games a wolf comes out of well under half the draws (a count of none, or
/// of the sheep drawn, would not).
#[test]
fn the_wolves_reported_are_some_of_the_draws_to_grow_a_flock() {
    let config = config(
        Ruleset::Carcassonne,
        &["hills-and-sheep"],
        &["carcassonne-base", "hills-and-sheep"],
        Policy::Random,
        100,
        4,
    );
    let games = simulate::simulate(&config, &|_| {}).unwrap();
    let (mut wolves, mut grown) = (0, 0);
    for (index, game) in games.iter().enumerate() {
        let draws = game
            .script
            .steps
            .iter()
            .filter(|step| {
                matches!(
                    step.action,
                    carcspec::model::Action::RulesetMove {
                        keyword: "grow",
                        ..
                    }
                )
            })
            .count();
        assert!(count(game, "wolves") <= draws, "game {index}");
        wolves += count(game, "wolves");
        grown += draws;
    }
    // 20 wolves in 142 draws when this test was written.
    assert!(
        wolves > 0 && wolves * 2 < grown,
        "{wolves} wolves in {grown} draws to grow"
    );
}
