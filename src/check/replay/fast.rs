//! The simulator's fast path: moves that the move generator took from what the ruleset offers
//! (and the `turn`, `pass` and `end` it plays in their order) are applied without being checked
//! a second time. Each calls the very transition the checked move of `mod.rs` calls after its
//! checks (`transition.rs`: stacks, hand, supply, figures, and the questions to the ruleset —
//! `after_draw`, whether a discarded bonus tile is drawn again, `after_placement`, `deployed`,
//! `score_completed` through `settle`…), so no state change is written twice and the
//! ruleset's code decides everything; what is skipped is the checker's re-verification of a
//! move the ruleset itself offered — the fit of a placement, the feature a target names, the
//! supply, the blocking figures — and the building of diagnostics. Debug builds still assert
//! each of those (every test that simulates runs them), and the simulated transcripts are
//! still checked by the full checker in the tests (`tests/simulation.rs`,
//! `tests/reference_scorer.rs`, and the comparison of both paths below).
//!
//! One replay also plays many games: [`Replay::restart`] empties it for the next game and keeps
//! every table's capacity (the engine's through `Engine::clear`, the catalog compiled once).

use super::transition::UnderTile;
use super::{Replay, is_bonus};
use crate::diagnostic::{Omitted, Span};
use crate::engine::{NodeId, Pos, Rotation};
use crate::rules::Rules;

/// A move the simulator chose among those the ruleset offers, by catalog index and node rather
/// than by the text's names (the transcript keeps the text).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Generated {
    /// `turn`: the player whose turn is next begins it (the previous turn ends).
    Turn { player: usize },
    /// `draw` (or `bonus`) of the tile with this catalog index.
    Draw { tile: usize, bonus: bool },
    /// `under`: the tile put under the hill tile just drawn.
    Under { tile: usize },
    /// `discard` of a tile that fits nowhere.
    Discard,
    /// `place` of the tile in hand where it fits.
    Place { pos: Pos, rotation: Rotation },
    /// `deploy` of a figure on a feature of the tile just placed, as `legal_deployments`
    /// offered it.
    Deploy { figure: &'static str, node: NodeId },
    /// `pass`: no figure on the tile just placed.
    Pass,
    /// `end` after the turn that placed the last land tile.
    End,
}

impl Replay<'_> {
    /// Plays a move that the generator chose from the ruleset's offers, without checking it
    /// again (debug builds assert that it is legal).
    pub(crate) fn play_generated(&mut self, mv: Generated) {
        // What `apply` and `step` do before every move: no step text, no expectation, and the
        // ruleset's pending decision (there is none when the generator follows `decision()`)
        // is left.
        self.current_step = Span::default();
        self.last_step = Some(Span::default());
        self.omitted.keep_first(&mut self.diagnostics);
        self.action_start = self.diagnostics.len();
        if let Some(violation) = self.rules.leave_pending() {
            self.apply_outcome(crate::rules::Outcome::violation(violation));
        }
        debug_assert!(
            !self.game_over || mv == Generated::End,
            "a generated move after the end of the game"
        );
        debug_assert!(
            self.turn.is_some() || matches!(mv, Generated::Turn { .. } | Generated::End),
            "a generated move outside a turn"
        );
        match mv {
            Generated::Turn { player } => self.turn_generated(player),
            Generated::Pass => self.pass_generated(),
            Generated::End => self.end_game(),
            Generated::Draw { tile, bonus } => self.draw_generated(tile, bonus),
            Generated::Under { tile } => self.under_generated(tile),
            Generated::Discard => self.discard_generated(),
            Generated::Place { pos, rotation } => self.place_generated(pos, rotation),
            Generated::Deploy { figure, node } => self.deploy_generated(figure, node),
        }
    }

    fn turn_generated(&mut self, player: usize) {
        self.end_turn();
        debug_assert!(
            !self.game_over,
            "a generated turn after the end of the game"
        );
        debug_assert_eq!(player, self.next_player, "a generated turn out of turn");
        self.open_turn(player);
    }

    fn pass_generated(&mut self) {
        debug_assert!(
            self.turn
                .as_ref()
                .is_some_and(|t| t.placed.as_ref().is_some_and(|p| !p.settled)),
            "a generated `pass` with no tile just placed"
        );
        self.settle();
    }

    fn draw_generated(&mut self, tile: usize, bonus: bool) {
        self.settle();
        debug_assert!(self.turn.as_ref().is_some_and(|t| t.hand.is_none()));
        debug_assert_eq!(is_bonus(&self.engine.catalog[tile]), bonus);
        let taken = self.apply_draw(tile, bonus);
        debug_assert!(taken, "a generated draw of a tile not in the stack");
    }

    fn under_generated(&mut self, tile: usize) {
        debug_assert!(
            self.turn.as_ref().is_some_and(|t| t.needs_under),
            "a generated `under` with no hill drawn"
        );
        let taken = self.apply_under(UnderTile::Named(tile));
        debug_assert!(taken, "a generated `under` of a tile not in the stack");
    }

    fn discard_generated(&mut self) {
        let hand = self.apply_discard();
        debug_assert!(hand.is_some(), "a generated discard with no tile in hand");
        debug_assert!(
            hand.is_none_or(|hand| !self.engine.fits_somewhere(hand.tile)),
            "a generated discard of a tile that fits"
        );
    }

    fn place_generated(&mut self, pos: Pos, rotation: Rotation) {
        self.settle();
        debug_assert!(
            self.turn.as_ref().is_some_and(|t| !t.needs_under),
            "a hill tile placed before its `under`"
        );
        debug_assert!(
            self.turn
                .as_ref()
                .and_then(|t| t.hand)
                .is_some_and(|hand| self
                    .engine
                    .check_placement(hand.tile, pos, rotation)
                    .is_ok()),
            "a generated placement that does not fit"
        );
        // The checked path warns once about a tile whose power the ruleset ignores: a warning,
        // not a rule, and the simulator reports no warnings.
        self.apply_place(Some((pos, rotation)));
    }

    fn deploy_generated(&mut self, figure: &str, node: NodeId) {
        let spec = self
            .rules
            .figure(figure)
            .expect("a generated deployment of a figure of the game");
        debug_assert!(
            self.turn.as_ref().is_some_and(|turn| turn
                .placed
                .as_ref()
                .is_some_and(|p| !p.deployed && !p.settled)),
            "a generated deployment with no tile just placed"
        );
        debug_assert!(spec.stands_on.contains(&self.engine.feature_kind(node)));
        debug_assert!(
            self.turn
                .as_ref()
                .is_some_and(|turn| self.usable_figures(turn.player, spec.pool) > 0)
        );
        debug_assert!(
            self.rules
                .blockers(&mut self.engine, &spec, node)
                .is_empty(),
            "a generated deployment on an occupied feature"
        );
        self.apply_deploy(Some((&spec, node)));
    }

    /// Flocks guided to the stable so far (Hills & Sheep).
    pub(crate) fn flocks_scored(&self) -> usize {
        self.flocks_scored
    }

    /// Keeps the scoring events for a report (the default), or only applies their points: the
    /// simulator shows no events, and then no text is written for them.
    pub(crate) fn report_events(&mut self, report: bool) {
        self.report_events = report;
    }

    /// Empties the replay for the next game on the same script and catalog, with `rules` (a
    /// new value: it holds the game's own state) and the stacks' `counts`: the engine is
    /// cleared with its capacity kept, and so are the replay's own lists.
    pub(crate) fn restart(&mut self, counts: &[u32], rules: Box<dyn Rules>) {
        // Every field is named, so that a field added to the replay must be reset here too.
        let Replay {
            script,
            text: _,
            rules: old_rules,
            engine,
            ids: _,
            stack,
            land_left,
            bonus_left,
            supply,
            scores,
            turn,
            next_player,
            turns_started,
            game_over,
            final_scored,
            stopped,
            placement_steps,
            figure_steps,
            current_step,
            diagnostics,
            action_start,
            expected_violations,
            passed,
            failed,
            events,
            warned_tiles,
            not_applicable,
            lines,
            omitted,
            first_step,
            last_step,
            // How features are named depends only on the catalog and the ruleset's figures,
            // the same for every game of the replay.
            target_names: _,
            // Buffers, emptied by each use.
            occupations: _,
            usable: _,
            // Checked against the new ruleset at the game's first deployment listed; the
            // tables below are kept while its figures stay those in play.
            figures_in_play: _,
            figures_checked,
            standings: _,
            spare_turn: _,
            spare_roots: _,
            spare_completion: _,
            // The caller's choice, for every game of the replay.
            report_events: _,
            flocks_scored,
        } = self;
        *old_rules = rules;
        engine.clear();
        stack.clear();
        stack.extend_from_slice(counts);
        (*land_left, *bonus_left) = super::stack_sizes(&engine.catalog, counts);
        for player_supply in supply.iter_mut() {
            player_supply.clear();
            player_supply.extend(crate::rules::starting_supply(
                old_rules.as_ref(),
                &script.supply,
            ));
        }
        scores.fill(0);
        *turn = None;
        *next_player = 0;
        *turns_started = false;
        *game_over = false;
        *final_scored = false;
        *stopped = false;
        placement_steps.clear();
        figure_steps.clear();
        *current_step = Span::default();
        diagnostics.clear();
        *action_start = 0;
        expected_violations.clear();
        *passed = 0;
        *failed = 0;
        events.clear();
        // The new rules may have other figures in play (a variant without farmers).
        *figures_checked = false;
        *flocks_scored = 0;
        *lines = crate::check::LineCursor::default();
        warned_tiles.clear();
        not_applicable.clear();
        *omitted = Omitted::default();
        *first_step = script.steps.first().map(|s| s.span);
        *last_step = None;
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::check::{Catalog, build_catalog};
    use crate::model::{Action, Ruleset};
    use crate::simulate::{self, Config, Policy, Rng};

    /// What a replay has reached: the scores and every scoring, the supplies and stacks, every
    /// tile and figure on the board (where it stands, or that it went home).
    fn state(replay: &Replay) -> String {
        let engine = replay.engine();
        format!(
            "scores {:?}\nfinal {}\nsupply {:?}\nstack {:?} {} {}\nevents {:?}\nplacements {:?}\nfigures {:?}",
            replay.scores,
            replay.final_scored,
            replay.supply,
            replay.stack,
            replay.land_left,
            replay.bonus_left,
            replay.events,
            engine.placements,
            engine.figures,
        )
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
            checked.diagnostics
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
                .filter(|t| **t == "hills-and-sheep")
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
            ],
            Ruleset::HuntersGatherers => vec![
                vec!["hunters-gatherers-v2"],
                vec!["spec/hunters-gatherers/rulebook.tiles"],
            ],
            Ruleset::HuntersGatherers2020 => vec![
                vec!["hunters-gatherers-v2"],
                vec!["spec/hunters-gatherers-2020/rulebook.tiles"],
            ],
        }
    }

    /// The simulator's moves, applied through the fast path, reach the same state as the same
    /// moves read back from the transcript and checked, which finds no broken rule — on
    /// seeds of every ruleset and tile set, in every reading of its rules (each value of each
    /// variant the ruleset lists), with both policies. One replay plays all the games of a
    /// configuration, so this also shows that `restart` leaves nothing of a game behind.
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

    /// `config`'s games of the generators `seeds`, played through the fast path, and checked afresh from
    /// their transcripts: the same state after every game.
    fn compare_paths(config: &Config, seeds: &[Rng]) {
        let header = simulate::header(config);
        let mut diagnostics = Vec::new();
        let catalog = build_catalog(&header, &[], Path::new("."), &mut diagnostics);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        let mut fast = simulate::new_replay(config, &header, &catalog);
        for (seed, rng) in seeds.iter().enumerate() {
            let game = simulate::play_on(&mut fast, config, &header, &catalog, rng.clone())
                .expect("a legal game");
            assert!(fast.first_error_since(0).is_none());
            let checked = checked_afresh(config, &catalog, &game, seed as u64);
            assert_eq!(
                state(&fast),
                state(&checked),
                "{:?} {:?} {:?} {:?}, seed {seed}",
                config.ruleset,
                config.tile_sets,
                config.variants,
                config.policy
            );
            assert_eq!(game.scores, checked.scores);
        }
    }

    /// A menhir tile that fits nowhere, under `unplaceable-menhir-tile lost`: the fast path
    /// asks the ruleset whether another is drawn, as the checked path does (it drew another
    /// whatever the variant, and its game broke V112 when checked).
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

    /// A replay keeps the table of the figures that may stand on each feature (and of their
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
        let mut replay = simulate::new_replay(&with_farmers, &header, &catalog);
        let farmers_deployed = |config: &Config, replay: &mut Replay, seed: u64| {
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
