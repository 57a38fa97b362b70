//! The reference scorer (`tests/reference/`) agrees with the checker on thousands of simulated
//! games of every ruleset and expansion, with both policies: the same scorings in each turn
//! (players, points, feature kind), the same final scorings and the same scores. The simulator
//! plays through the checker's replay, so "simulated games replay clean" cannot catch a misread
//! rule; a scorer written apart from the engine can.
//!
//! `REFERENCE_GAMES=<n>` sets the games per configuration (default 200; 16 configurations).

mod reference;

use std::collections::BTreeSet;
use std::path::Path;

use carcspec::model::{Ruleset, Tile};
use carcspec::simulate::{self, Config, Policy};

fn config(
    ruleset: Ruleset,
    expansions: &[&str],
    tiles: &[&str],
    policy: Policy,
    seed: u64,
) -> Config {
    let games = std::env::var("REFERENCE_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    Config {
        ruleset,
        expansions: expansions.iter().map(|e| e.to_string()).collect(),
        variants: Vec::new(),
        tile_sets: tiles.iter().map(|t| (t.to_string(), 1)).collect(),
        players: 2 + (seed % 4) as usize,
        games,
        seed,
        policy,
        threads: 2,
        start: None,
        transcripts: true,
    }
}

fn configs() -> Vec<Config> {
    let mut configs = Vec::new();
    for (policy, seed) in [(Policy::Random, 101), (Policy::Greedy, 202)] {
        configs.push(config(
            Ruleset::Carcassonne,
            &[],
            &["carcassonne-base"],
            policy,
            seed,
        ));
        let mut sheep = config(
            Ruleset::Carcassonne,
            &["hills-and-sheep"],
            &["carcassonne-base", "hills-and-sheep"],
            policy,
            seed + 1,
        );
        configs.push(sheep.clone());
        sheep.variants = vec![("hill-tiebreaker".into(), "number-of-followers".into())];
        sheep.seed += 1;
        configs.push(sheep);
        let mut hunters = config(
            Ruleset::HuntersGatherers,
            &[],
            &["hunters-gatherers-v2"],
            policy,
            seed + 3,
        );
        configs.push(hunters.clone());
        hunters.variants = vec![("returned-figures-on-bonus-tile".into(), "allowed".into())];
        hunters.seed += 1;
        configs.push(hunters);
        // The tiles of the rulebook's pictures bring the 2002 bonus tiles: fire, mushrooms,
        // aurochs and the shrine.
        configs.push(config(
            Ruleset::HuntersGatherers,
            &[],
            &["spec/hunters-gatherers/rulebook.tiles"],
            policy,
            seed + 5,
        ));
        // The 2020 rules on the v2 tiles, with their powers; then with every reading of the
        // rules' open questions and every other variant of the ruleset turned to its variant.
        let mut edition_2020 = config(
            Ruleset::HuntersGatherers2020,
            &[],
            &["hunters-gatherers-v2"],
            policy,
            seed + 6,
        );
        configs.push(edition_2020.clone());
        edition_2020.variants = [
            ("hunting-trap-lone-tigers", "covered"),
            ("wild-fire-and-hunting-trap", "tigers-flee"),
            ("pit-trap-deer-eaten", "inside-first"),
            ("lake-at-both-ends", "twice"),
            ("returned-figures-on-bonus-tile", "forbidden"),
            // These two change which moves are legal, not how a move scores: a shaman's
            // figure stands elsewhere; a menhir tile that fits nowhere is lost, not redrawn.
            ("shaman-figure-on-tile", "forbidden"),
            ("unplaceable-menhir-tile", "lost"),
        ]
        .iter()
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect();
        edition_2020.seed += 1;
        configs.push(edition_2020);
    }
    configs
}

fn tiles_of(config: &Config) -> Vec<Tile> {
    config
        .tile_sets
        .iter()
        .flat_map(|(name, _)| {
            let loaded = carcspec::load::load(name).expect("a shipped set");
            loaded.usable().expect("a clean set").tiles.clone()
        })
        .collect()
}

/// The checker's scorings in the reference's terms.
fn checker_scorings(report: &carcspec::check::CheckReport, text: &str) -> Vec<reference::Scoring> {
    let mut turn_of_line = vec![0usize];
    let mut turn = 0;
    for line in text.lines() {
        if line.starts_with("turn ") {
            turn += 1;
        }
        turn_of_line.push(turn);
    }
    let mut scorings: Vec<reference::Scoring> = report
        .events
        .iter()
        .map(|event| {
            let word = event.breakdown.split([' ', ':']).next().unwrap_or_default();
            let kind = match word {
                "road" => "road",
                "city" => "city",
                "monastery" => "monastery",
                "field" => "field",
                "flock" => "flock",
                "forest" => "forest",
                "river" => "river",
                "huts" => "huts",
                "meadow" => "meadow",
                "logboat" => "logboat",
                "hunting-trap" => "hunting-trap",
                other => panic!("unknown scoring `{other}` in `{}`", event.breakdown),
            };
            let mut players = event.players.clone();
            players.sort();
            reference::Scoring {
                turn: if event.is_final {
                    0
                } else {
                    turn_of_line[event.line]
                },
                players,
                points: event.points,
                kind,
                is_final: event.is_final,
            }
        })
        .collect();
    scorings.sort();
    scorings
}

#[test]
fn the_reference_scorer_agrees_with_the_checker_on_simulated_games() {
    let mut games_checked = 0;
    // What the games exercised: every scoring kind, and the 2020 powers that show only in
    // the text of an event or as a move.
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for config in configs() {
        let tiles = tiles_of(&config);
        let games = simulate::simulate(&config, &|_| {}).expect("the simulation runs");
        for (index, game) in games.iter().enumerate() {
            let text = carcspec::format::game::print_script(&game.script, None);
            let report =
                carcspec::check::check_text("simulated.game", text.clone(), Path::new("."));
            assert!(report.ok(), "{config:?} game {index} does not check clean");
            let (file, _) = carcspec::syntax::game::parse(&text);
            let script = carcspec::lower::game::lower(&file)
                .script
                .expect("a script");
            let (mut expected, scores) = reference::score(&script, &tiles)
                .unwrap_or_else(|why| panic!("{config:?} game {index}: {why}"));
            for scoring in &mut expected {
                if scoring.is_final {
                    scoring.turn = 0;
                }
            }
            expected.sort();
            let actual = checker_scorings(&report, &text);
            seen.extend(actual.iter().map(|scoring| scoring.kind));
            for (mark, power) in [
                ("raft", "raft"),
                ("pit trap", "pit-trap"),
                ("wild fire", "wild-fire"),
            ] {
                if report.events.iter().any(|e| e.breakdown.contains(mark)) {
                    seen.insert(power);
                }
            }
            if text.lines().any(|line| line.starts_with("return ")) {
                seen.insert("shaman");
            }
            if expected != actual || scores != report.scores {
                let only_reference: Vec<_> =
                    expected.iter().filter(|e| !actual.contains(e)).collect();
                let only_checker: Vec<_> =
                    actual.iter().filter(|e| !expected.contains(e)).collect();
                panic!(
                    "{:?} {:?} {:?} game {index}: the reference scores {scores:?}, the checker {:?}\n\
                     only the reference: {only_reference:#?}\nonly the checker: {only_checker:#?}\n{text}",
                    config.ruleset, config.expansions, config.policy, report.scores
                );
            }
            games_checked += 1;
        }
    }
    assert!(games_checked >= configs().len());
    let every_kind = [
        "road",
        "city",
        "monastery",
        "field",
        "flock",
        "forest",
        "river",
        "huts",
        "meadow",
        "logboat",
        "hunting-trap",
        "raft",
        "pit-trap",
        "wild-fire",
        "shaman",
    ];
    let missed: Vec<&str> = every_kind
        .into_iter()
        .filter(|kind| !seen.contains(kind))
        .collect();
    assert!(
        missed.is_empty(),
        "no game exercised {missed:?}: raise REFERENCE_GAMES"
    );
}

/// The reference refuses what it does not score — a `return` move outside the 2020 rules —
/// with a reason instead of a panic or a made-up score.
#[test]
fn the_reference_refuses_a_return_outside_the_2020_rules() {
    let tiles: Vec<Tile> = carcspec::load::load("hunters-gatherers-v2")
        .expect("a shipped set")
        .usable()
        .expect("a clean set")
        .tiles
        .clone();
    let text = "ruleset hunters-gatherers\ntiles hunters-gatherers-v2\nplayers red blue\n\
                turn red\ndraw MEADOW\nplace at 0,1\nreturn hunter at 0,0 on N\npass\n";
    let (file, _) = carcspec::syntax::game::parse(text);
    let script = carcspec::lower::game::lower(&file)
        .script
        .expect("a script");
    assert!(
        script
            .steps
            .iter()
            .any(|s| matches!(s.action, carcspec::model::Action::Return { .. }))
    );
    let why = reference::score(&script, &tiles).expect_err("a `return` move is refused");
    assert!(why.contains("`return`"), "{why}");
}

/// The 2020 games of the comparison turn every variant of the ruleset to its other value at
/// least once: a variant left out of the list is a reading that nothing compares.
#[test]
fn the_2020_games_play_every_variant_of_the_ruleset() {
    let played: BTreeSet<String> = configs()
        .iter()
        .filter(|config| config.ruleset == Ruleset::HuntersGatherers2020)
        .flat_map(|config| config.variants.iter().map(|(name, _)| name.clone()))
        .collect();
    for variant in carcspec::rules::for_ruleset(Ruleset::HuntersGatherers2020, &[]).variants() {
        assert!(
            played.contains(variant.name),
            "the variant `{}` is in no 2020 configuration",
            variant.name
        );
    }
}
