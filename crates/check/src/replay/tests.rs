//! Tests of the runner through the checker: the simulator's games, applied by the runner
//! without validation, reach the state of the same moves read back from their transcripts
//! and checked; and the move generator's deployments read back as the features it checked.
//! They live here, above both the runner and the simulator (which imports nothing of the
//! checker), so that no import runs in a circle.

mod equivalence {
    use std::path::Path;

    use super::super::Replay;
    use crate::model::{Action, Ruleset};
    use crate::play::Game;
    use crate::simulate::{self, Config, Policy, Rng};
    use crate::{Catalog, build_catalog};

    /// What a game has reached: the scores, the supplies and stacks, every tile and figure on
    /// the board (where it stands, or that it went home).
    fn state(game: &Game) -> String {
        let engine = &game.engine;
        format!(
            "scores {:?}\nfinal {}\nsupply {:?}\nstack {:?} {} {}\nplacements {:?}\nfigures {:?}",
            game.scores,
            game.final_scored,
            game.supply,
            game.stack,
            game.land_left,
            game.bonus_left,
            engine.placements,
            engine.figures,
        )
    }

    /// Every scoring of a game: its players, points, breakdown and whether it is final.
    type Scorings = Vec<(Vec<String>, u32, String, bool)>;

    /// The scorings the simulator's game kept (the runner's own record).
    fn scorings_of_game(game: &Game) -> Scorings {
        let scored = game.scored.iter();
        scored
            .map(|s| (s.players.clone(), s.points, s.breakdown.clone(), s.is_final))
            .collect()
    }

    /// The scorings the checker reported.
    fn scorings_of_replay(replay: &Replay) -> Scorings {
        let events = replay.events_so_far().iter();
        events
            .map(|e| (e.players.clone(), e.points, e.breakdown.clone(), e.is_final))
            .collect()
    }

    /// `game` replayed by a replay of its own, as `check` replays a transcript, which must
    /// find no rule broken (warnings, such as a 2020 tile's power that the 2002 rules ignore,
    /// are none).
    fn checked_afresh<'g>(
        config: &Config,
        catalog: &Catalog,
        game: &'g simulate::GameResult,
        seed: u64,
    ) -> Replay<'g> {
        let rules = crate::rules::for_ruleset(config.ruleset, &config.variants);
        let mut checked = Replay::new(&game.script, catalog.clone(), rules, "");
        checked.begin(false);
        for step in &game.script.steps {
            checked.apply(step);
        }
        assert!(
            checked.first_error_since(0).is_none(),
            "{:?} {:?}, seed {seed}: {:?}",
            config.tile_sets,
            config.variants,
            checked.diagnostics_so_far()
        );
        checked
    }

    fn config(
        ruleset: Ruleset,
        tiles: &[&str],
        variants: &[(&str, &str)],
        policy: Policy,
        players: usize,
    ) -> Config {
        Config {
            ruleset,
            // The command line adds the expansions of the tile sets.
            expansions: tiles
                .iter()
                .filter(|t| matches!(**t, "hills-and-sheep" | "the-river" | "the-river-2"))
                .map(|t| t.to_string())
                .collect(),
            variants: variants
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            tile_sets: tiles.iter().map(|t| (t.to_string(), 1)).collect(),
            start: None,
            players,
            games: 1,
            seed: 1,
            policy,
            threads: 1,
            transcripts: true,
        }
    }

    /// The tile sets each ruleset's games are compared on: the shipped ones (with and without
    /// the expansion), and the rulebook's own tiles of the examples.
    fn tile_sets(ruleset: Ruleset) -> Vec<Vec<&'static str>> {
        match ruleset {
            Ruleset::Carcassonne => vec![
                vec!["carcassonne-base"],
                vec!["carcassonne-base", "hills-and-sheep"],
                vec!["carcassonne-base", "the-river"],
                vec!["carcassonne-base", "the-river-2", "hills-and-sheep"],
                vec!["carcassonne-base", "the-river", "the-river-2"],
            ],
            Ruleset::HuntersGatherers => vec![
                vec!["hunters-gatherers-v2"],
                vec![concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../../spec/hunters-gatherers/rulebook.tiles"
                )],
            ],
            Ruleset::HuntersGatherers2020 => vec![
                vec!["hunters-gatherers-v2"],
                vec![concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../../spec/hunters-gatherers-2020/rulebook.tiles"
                )],
            ],
        }
    }

    /// The simulator's moves, applied by the runner without validation, reach the same state
    /// and scorings as the same moves read back from the transcript and checked, which finds
    /// no broken rule — on seeds of every ruleset and tile set, in every reading of its rules
    /// (each value of each variant the ruleset lists), with both policies. One game plays all
    /// the games of a configuration, so this also shows that `restart` leaves nothing of a game
    /// behind.
    #[test]
    fn generated_moves_reach_the_state_of_the_checked_moves() {
        let mut configurations = 0;
        for ruleset in Ruleset::ALL {
            for tiles in tile_sets(ruleset) {
                for reading in simulate::readings(ruleset) {
                    let variants: Vec<(&str, &str)> = reading
                        .iter()
                        .map(|(n, v)| (n.as_str(), v.as_str()))
                        .collect();
                    for policy in [Policy::Random, Policy::Greedy] {
                        let players = 2 + configurations % 3;
                        let config = config(ruleset, &tiles, &variants, policy, players);
                        let seeds: Vec<Rng> = (0..12).map(Rng::new).collect();
                        compare_paths(&config, &seeds);
                        configurations += 1;
                    }
                }
            }
        }
        assert!(configurations >= 2 * 2 * Ruleset::ALL.len());
    }

    /// `config`'s games of the generators `seeds`, played by the simulator (the runner without
    /// validation), and checked afresh from their transcripts: the same state and the same
    /// scorings after every game.
    fn compare_paths(config: &Config, seeds: &[Rng]) {
        let header = simulate::header(config);
        let mut diagnostics = Vec::new();
        let catalog = build_catalog(&header, &[], Path::new("."), &mut diagnostics);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        let mut fast = simulate::new_game(config, &header, &catalog);
        let mut scored = 0;
        for (seed, rng) in seeds.iter().enumerate() {
            let game = simulate::play_on(&mut fast, config, &header, &catalog, rng.clone())
                .expect("a legal game");
            assert!(fast.violations.is_empty());
            let checked = checked_afresh(config, &catalog, &game, seed as u64);
            let what = format!(
                "{:?} {:?} {:?} {:?}, seed {seed}",
                config.ruleset, config.tile_sets, config.variants, config.policy
            );
            assert_eq!(state(&fast), state(checked.game()), "{what}");
            let scorings = scorings_of_game(&fast);
            scored += scorings.len();
            assert_eq!(scorings, scorings_of_replay(&checked), "{what}");
            assert_eq!(game.scores, checked.scores());
        }
        assert!(scored > 0, "the games score");
    }

    /// A menhir tile that fits nowhere, under `unplaceable-menhir-tile lost`: the simulator's
    /// game asks the ruleset whether another is drawn, as the checker does (a fast path of the
    /// simulator's once drew another whatever the variant, and its game broke V112 when
    /// checked).
    #[test]
    fn a_lost_menhir_tile_is_lost_on_both_paths() {
        let config = Config {
            seed: 7,
            ..config(
                Ruleset::HuntersGatherers2020,
                &["hunters-gatherers-v2"],
                &[("unplaceable-menhir-tile", "lost")],
                Policy::Greedy,
                2,
            )
        };
        // Game 79 of `simulate --seed 7 --games 400` with these rules discards a menhir tile.
        compare_paths(&config, &[simulate::game_rng(config.seed, 78)]);
    }

    /// A game keeps the table of the figures that may stand on each feature (and of their
    /// names) from game to game, while the figures in play stay the same: a game whose rules
    /// have other figures (`farmers off`) builds it again, so that no farmer is offered there,
    /// and farmers come back with the rules that have them.
    #[test]
    fn a_replay_offers_the_figures_of_each_games_rules() {
        let with_farmers = config(
            Ruleset::Carcassonne,
            &["carcassonne-base"],
            &[],
            Policy::Random,
            2,
        );
        let without_farmers = config(
            Ruleset::Carcassonne,
            &["carcassonne-base"],
            &[("farmers", "off")],
            Policy::Random,
            2,
        );
        let header = simulate::header(&with_farmers);
        let mut diagnostics = Vec::new();
        let catalog = build_catalog(&header, &[], Path::new("."), &mut diagnostics);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        let mut replay = simulate::new_game(&with_farmers, &header, &catalog);
        let farmers_deployed = |config: &Config, replay: &mut Game, seed: u64| {
            let header = simulate::header(config);
            let mut farmers = 0;
            for seed in seed..seed + 5 {
                let game = simulate::play_on(replay, config, &header, &catalog, Rng::new(seed))
                    .expect("a legal game");
                checked_afresh(config, &catalog, &game, seed);
                farmers += game
                    .script
                    .steps
                    .iter()
                    .filter(|step| {
                        matches!(&step.action, Action::Deploy { figure, .. } if &**figure == "farmer")
                    })
                    .count();
            }
            farmers
        };
        assert!(farmers_deployed(&with_farmers, &mut replay, 0) > 0);
        assert_eq!(farmers_deployed(&without_farmers, &mut replay, 5), 0);
        assert!(farmers_deployed(&with_farmers, &mut replay, 10) > 0);
    }
}

pub(super) mod generator {
    use std::path::Path;

    use super::super::Replay;
    use crate::build_catalog;
    use crate::engine::{NodeId, Pos};
    use crate::model::{FeatureKind, FeatureRef, Script};

    /// The game `text` (tile sets next to the Hunters and Gatherers specs), lowered.
    pub(in crate::replay) fn script_of(text: &str) -> Script {
        let (file, diagnostics) = crate::syntax::game::parse(text);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        crate::lower::game::lower(&file).script.expect("a script")
    }

    /// The replay of `script` after its last step.
    fn replayed<'s>(script: &'s Script, text: &'s str) -> Replay<'s> {
        let mut replay = begun(script, text);
        for step in &script.steps {
            replay.apply(step);
        }
        replay
    }

    /// The replay of `script` before its first step, its board begun (the game lays its own).
    pub(in crate::replay) fn begun<'s>(script: &'s Script, text: &'s str) -> Replay<'s> {
        let mut diagnostics = Vec::new();
        let catalog = build_catalog(
            script,
            &[],
            Path::new(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../spec/hunters-gatherers"
            )),
            &mut diagnostics,
        );
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        let rules = crate::rules::for_ruleset(script.ruleset, &[]);
        let mut replay = Replay::new(script, catalog, rules, text);
        replay.begin(true);
        replay
    }

    /// The reproducer: red completes blue's gold forest, blue's gatherer returns, and
    /// red's own tribe member — never used — may go on the bonus tile: the simulator offers it.
    #[test]
    fn another_players_returned_figure_does_not_block_the_bonus_tile() {
        let text = "ruleset hunters-gatherers\ntiles rulebook.tiles\nplayers red blue\n\
            lay MEADOW at 5,5\nput red hunter at 5,5 on N\nlay MEADOW at 7,5\nput red hunter at 7,5 on N\n\
            lay MEADOW at 9,5\nput red hunter at 9,5 on N\nlay MEADOW at 11,5\nput red hunter at 11,5 on N\n\
            lay FOREST-END-GOLD at 0,0 r180\nput blue gatherer at 0,0 on E\n\
            turn red\ndraw FOREST-END\nplace at 1,0\npass\nbonus B-AUROCHS\nplace at 0,1\n";
        let script = script_of(text);
        let mut replay = replayed(&script, text);
        let deployments = replay.game.legal_deployments();
        assert!(
            deployments.iter().any(|d| d.figure == "hunter"),
            "{deployments:?}"
        );
    }

    /// Two lakes at `I` on one tile (as `HG/83`): the generator names each lake by its label,
    /// offers a hut only on the lake whose river system is free, and every target it writes
    /// resolves to the feature it checked.
    #[test]
    fn deployments_name_the_feature_they_checked() {
        let text = "ruleset hunters-gatherers\ntiles rulebook.tiles\nplayers red blue\n\
            tile TWO-LAKES x2 {\n  lake l1: I fish=2\n  lake l2: I fish=2\n  meadow: NL ER SL WR\n\
            river: N into=l1\n  meadow: NR EL\n  river: E into=l1\n  river: S into=l2\n\
            meadow: SR WL\n  river: W into=l2\n}\n\
            lay TWO-LAKES at 0,0\nput blue hut at 0,0 on l1\nturn red\ndraw TWO-LAKES\nplace at 1,0\n";
        let script = script_of(text);
        let mut replay = replayed(&script, text);
        let placement = replay.game.engine.at(Pos::new(1, 0)).expect("placed");
        let first_node = replay.game.engine.placement(placement).first_node;
        let deployments = replay.game.legal_deployments();
        for deployment in &deployments {
            let spec = replay
                .game
                .rules
                .figure(deployment.figure)
                .expect("a figure");
            let feature = replay
                .locate(placement, &deployment.target, spec.stands_on)
                .expect("a target that names one feature");
            assert_eq!(
                first_node + feature as NodeId,
                deployment.node,
                "{deployment:?}"
            );
        }
        let huts: Vec<&FeatureRef> = deployments
            .iter()
            .filter(|d| d.figure == "hut" && d.kind == FeatureKind::Lake)
            .map(|d| &d.target)
            .collect();
        assert_eq!(huts, [&FeatureRef::Label("l1".into())]);
    }
}
