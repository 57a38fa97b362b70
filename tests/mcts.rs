//! The search policy (`--policy mcts`) plays legal games: every game it plays, written as a
//! transcript, checks clean with the simulator's scores, in each ruleset and expansion; and
//! its games are the same for a seed on any number of threads.

use std::path::Path;

use carcspec::model::Ruleset;
use carcspec::simulate::mcts::{Playout, Prior, Search};
use carcspec::simulate::seats::Seats;
use carcspec::simulate::{self, Config, Policy};

/// A small budget: the tests are about legality, not strength.
fn search(playout: Playout) -> Search {
    Search {
        playouts: 6,
        exploration: 0.7,
        playout,
        ..Search::default()
    }
}

fn config(ruleset: Ruleset, expansions: &[&str], tiles: &[&str], policy: Policy) -> Config {
    Config {
        ruleset,
        expansions: expansions.iter().map(|e| e.to_string()).collect(),
        variants: Vec::new(),
        tile_sets: tiles.iter().map(|t| (t.to_string(), 1)).collect(),
        start: None,
        players: 2,
        games: 3,
        seed: 31,
        policy,
        threads: 2,
        transcripts: true,
    }
}

/// Plays `config` and checks every transcript as `check` reads it; returns the games'
/// transcripts.
fn simulate_then_check(config: &Config) -> Vec<String> {
    let games = simulate::simulate(config, &|_| {}).unwrap();
    assert_eq!(games.len(), config.games);
    let mut searched = 0;
    let mut texts = Vec::new();
    for (index, game) in games.iter().enumerate() {
        let text = carcspec::format::game::print_script(&game.script, None);
        let report = carcspec::check::check_text("mcts.game", text.clone(), Path::new("."));
        let rendered = carcspec::cli::render_check_report(&report, false);
        let what = format!("{:?} {:?} game {index}", config.ruleset, config.tile_sets);
        assert!(report.ok(), "{what}:\n{rendered}\n{text}");
        assert!(report.final_scored, "{what} was not scored");
        assert_eq!(report.scores, game.scores, "{what}");
        searched += game.searched.iter().sum::<usize>();
        texts.push(text);
    }
    // The search took the decisions, not the fallback of the greedy policy.
    assert!(
        searched > 10 * config.games,
        "{searched} decisions searched"
    );
    texts
}

/// Each ruleset and expansion the simulator plays, searched against greedy, seats alternated,
/// with random and with greedy playouts, and with each prior.
#[test]
fn searched_games_check_clean_in_every_ruleset() {
    let cases: [(Ruleset, &[&str], &[&str]); 8] = [
        (Ruleset::Carcassonne, &[], &["carcassonne-base"]),
        (
            Ruleset::Carcassonne,
            &["hills-and-sheep"],
            &["carcassonne-base", "hills-and-sheep"],
        ),
        (Ruleset::HuntersGatherers, &[], &["hunters-gatherers-v2"]),
        (
            Ruleset::HuntersGatherers2020,
            &[],
            &["hunters-gatherers-v2"],
        ),
        (
            Ruleset::Carcassonne,
            &["the-river"],
            &["carcassonne-base", "the-river"],
        ),
        // The volcano lake gives its player another turn, in the real game and in playouts.
        (
            Ruleset::Carcassonne,
            &["the-river-2"],
            &["carcassonne-base", "the-river-2"],
        ),
        (
            Ruleset::Carcassonne,
            &["abbot-and-gardens"],
            &["carcassonne-base-gardens"],
        ),
        (
            Ruleset::Carcassonne,
            &["inns-and-cathedrals"],
            &["carcassonne-base", "inns-and-cathedrals"],
        ),
    ];
    let searches = [
        (Playout::Random, Prior::Immediate),
        (Playout::Greedy, Prior::Immediate),
        (Playout::Greedy, Prior::Standing),
        (Playout::Greedy, Prior::Prospect),
    ];
    for (ruleset, expansions, tiles) in cases {
        for (playout, prior_kind) in searches {
            let search = Search {
                prior_kind,
                ..search(playout)
            };
            let seats = Seats::new(&[Policy::Mcts(search), Policy::Greedy], true).unwrap();
            simulate_then_check(&config(ruleset, expansions, tiles, Policy::Seats(seats)));
        }
    }
}

/// Every seat searching, on four threads or one: the same games.
#[test]
fn searched_games_are_the_same_on_any_number_of_threads() {
    let mut one = config(
        Ruleset::Carcassonne,
        &["hills-and-sheep"],
        &["carcassonne-base", "hills-and-sheep"],
        Policy::Mcts(search(Playout::Random)),
    );
    one.threads = 1;
    let four = Config {
        threads: 4,
        ..one.clone()
    };
    assert_eq!(simulate_then_check(&one), simulate_then_check(&four));
}

/// The search beats the random policy even on a small budget: it is searching, not moving
/// at random (20 games; a random player wins about half of them against another).
#[test]
fn a_small_search_beats_random_play() {
    let seats = Seats::new(
        &[
            Policy::Mcts(Search {
                playouts: 20,
                ..search(Playout::Greedy)
            }),
            Policy::Random,
        ],
        true,
    )
    .unwrap();
    let config = Config {
        games: 20,
        transcripts: false,
        ..config(
            Ruleset::Carcassonne,
            &[],
            &["carcassonne-base"],
            Policy::Seats(seats),
        )
    };
    let run = simulate::run(&config, &|_| {}, |_, _| Ok::<(), ()>(())).unwrap();
    let rates = run.win_rates.unwrap();
    let mcts = &rates.policies[0];
    assert_eq!(mcts.seats_played, 20);
    assert!(mcts.wins >= 16, "{mcts:?}");
}
