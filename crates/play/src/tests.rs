//! Tests of the runner's phases: a ruleset's own step between the figure step and the tile's
//! scoring, and points a ruleset has one player pay another, played through the one runner.

use std::path::Path;

use super::{Game, GameMove, Setup};
use crate::engine::{CompiledTile, Engine, FigureId, NodeId, PlacementId};
use crate::model::{FeatureKind, Script};
use crate::rules::{
    self, Breakdown, Completion, Context, Decider, Decision, FigureSpec, Hooks, Move, MoveArg,
    Offer, Outcome, Phase, Rules, RulesetDecision, ScoreEvent, TileWarning, TurnView,
};

/// A step of the test's ruleset before the tile's scoring, taken by the player after the
/// turn's player (a move made out of turn, as a dragon moved by another player).
fn step_of(turn_player: usize) -> RulesetDecision {
    RulesetDecision {
        name: "step before scoring",
        decider: Decider::Seat((turn_player + 1) % 2),
        jcz_phase: "TestPhase",
    }
}

/// Carcassonne with a step of its own before the scoring of every tile placed: what an
/// expansion with a dragon or a capture declares. Its one move is its own (`STEP_MOVE`), which
/// the runner hands to the ruleset.
#[derive(Clone)]
struct StepBeforeScoring {
    inner: Box<dyn Rules>,
    /// The tile whose step is due, and the tiles whose step was taken.
    due: Option<PlacementId>,
    taken: Vec<PlacementId>,
}

/// The methods every ruleset implements, passed on to the wrapped ruleset `inner` of a test's
/// ruleset, which adds its own hooks (`extra_hooks`) to the inner ruleset's.
macro_rules! wrapped_rules {
    ($extra_hooks:expr) => {
        fn figure(&self, name: &str) -> Option<FigureSpec> {
            self.inner.figure(name)
        }
        fn figure_names(&self) -> &'static [&'static str] {
            self.inner.figure_names()
        }
        fn hooks(&self) -> Hooks {
            $extra_hooks(self.inner.hooks())
        }
        fn expansions_in_play(&mut self, expansions: &[String]) {
            self.inner.expansions_in_play(expansions);
        }
        fn blockers(&self, at: &mut Context, figure: &FigureSpec, node: NodeId) -> Vec<FigureId> {
            self.inner.blockers(at, figure, node)
        }
        fn blocked(&self, at: &mut Context, figure: &FigureSpec, node: NodeId) -> bool {
            self.inner.blocked(at, figure, node)
        }
        fn score_completed(
            &mut self,
            at: &mut Context,
            roots: &[NodeId],
            completion: &mut Completion,
        ) {
            self.inner.score_completed(at, roots, completion);
        }
        fn final_scoring(&self, engine: &mut Engine) -> Vec<ScoreEvent> {
            self.inner.final_scoring(engine)
        }
        fn tile_warning(&self, tile: &CompiledTile, shipped: bool) -> Option<TileWarning> {
            self.inner.tile_warning(tile, shipped)
        }
    };
}

impl Rules for StepBeforeScoring {
    wrapped_rules!(|inner| Hooks {
        before_scoring: true,
        ..inner
    });
    fn before_scoring(&mut self, at: &mut Context) -> Option<RulesetDecision> {
        let placement = at.placement?;
        if self.taken.contains(&placement) {
            return None;
        }
        self.due = Some(placement);
        Some(step_of(at.player))
    }
    fn offers(
        &self,
        engine: &mut Engine,
        turn: &TurnView,
        decision: Decision,
        into: &mut Vec<Offer>,
    ) {
        self.inner.offers(engine, turn, decision, into);
        if decision == Decision::Ruleset(step_of(turn.player)) {
            into.push(Offer::Move(STEP_MOVE));
        }
    }
    fn play(&mut self, engine: &mut Engine, mv: Move, setup: bool) -> Outcome {
        match (mv, self.due.take()) {
            (STEP_MOVE, Some(placement)) => {
                self.taken.push(placement);
                Outcome::default()
            }
            _ => self.inner.play(engine, mv, setup),
        }
    }
}

/// The step's one move: the test ruleset's own, which the runner passes to its `play` by its
/// keyword alone (a checked game would declare it in the statement table).
const STEP_MOVE: Move = Move::new("step", MoveArg::Nothing);

/// A base game of two players with `rules` (wrapped by `wrap`), the start tile laid and the
/// first turn begun; and the catalog index of `BA/C` (a city on one side).
fn game_with(wrap: impl FnOnce(Box<dyn Rules>) -> Box<dyn Rules>) -> (Game, usize) {
    let text = "ruleset carcassonne\ntiles carcassonne-base\nplayers red blue\n";
    let (file, diagnostics) = crate::syntax::game::parse(text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let script: Script = crate::lower::game::lower(&file).script.expect("a script");
    let mut diagnostics = Vec::new();
    let catalog =
        crate::setup::catalog::build_catalog(&script, &[], Path::new("."), &mut diagnostics);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let city = catalog
        .tiles
        .iter()
        .position(|tile| tile.id == "BA/C")
        .expect("the base game's tile BA/C");
    let rules = wrap(rules::for_script(&script));
    let mut game = Game::new(catalog.tiles, catalog.counts, rules, Setup::of(&script));
    assert!(game.lay_start_tile());
    game.play(GameMove::Turn { player: 0 });
    (game, city)
}

/// Red draws `BA/C`, closes the start tile's city with it, and deploys a follower on the
/// closed city: returns the follower's id.
fn close_the_city_with_a_follower(game: &mut Game, city: usize) -> FigureId {
    game.play(GameMove::Draw {
        tile: city,
        bonus: false,
    });
    // The placement where a follower on the tile's city is on a city of two tiles, closed.
    for (pos, rotation) in game.legal_placements(city) {
        let mut tried = game.clone();
        tried.play(GameMove::Place { pos, rotation });
        let on_city = tried
            .legal_deployments()
            .into_iter()
            .find(|d| d.kind == FeatureKind::City);
        let Some(deployment) = on_city else { continue };
        if tried.engine.component(deployment.node).open_ends == 0 {
            game.play(GameMove::Place { pos, rotation });
            let figure = game.engine.figures.len() as FigureId;
            game.play(GameMove::Deploy {
                figure: deployment.figure,
                node: deployment.node,
            });
            return figure;
        }
    }
    panic!("no placement of BA/C closes the start tile's city");
}

/// The ruleset's step before the scoring: after the deployment it is due (taken by the player
/// it names, blue in red's turn), the tile is not scored before its move and is scored after
/// it; the same game without the step scores the tile at the deployment.
#[test]
fn a_ruleset_step_comes_between_the_figure_step_and_the_scoring() {
    // Without the step: the city of two tiles scores 4 at once and the follower goes home.
    let (mut plain, city) = game_with(|rules| rules);
    let follower = close_the_city_with_a_follower(&mut plain, city);
    assert_eq!(plain.scores, [4, 0]);
    assert!(!plain.engine.figures[follower as usize].on_board);
    assert_eq!(plain.decision(), Some(Decision::EndOfTurn));

    let (mut game, city) = game_with(|inner| {
        Box::new(StepBeforeScoring {
            inner,
            due: None,
            taken: Vec::new(),
        })
    });
    let follower = close_the_city_with_a_follower(&mut game, city);
    // (a) The step is due after the deployment, in the ruleset's phase.
    let step = Decision::Ruleset(step_of(0));
    assert_eq!(game.decision(), Some(step));
    assert!(matches!(
        game.turn_view().map(|view| view.phase),
        Some(Phase::RulesetSteps)
    ));
    // (d) The player it names takes it.
    assert_eq!(game.current_player(), Some(1));
    // (b) The tile is not scored yet: no points, the follower still on the closed city.
    assert_eq!(game.scores, [0, 0]);
    assert!(game.engine.figures[follower as usize].on_board);
    // The step's move, as the simulator and the search take it: from the offers.
    let offers = game.offers(step);
    let [Offer::Move(mv)] = offers.as_slice() else {
        panic!("one move offered: {offers:?}");
    };
    game.play(GameMove::Ruleset(*mv));
    assert!(game.violations.is_empty(), "{:?}", game.violations);
    // (c) Scored after the move, as without the step.
    assert_eq!(game.scores, [4, 0]);
    assert!(!game.engine.figures[follower as usize].on_board);
    assert_eq!(game.decision(), Some(Decision::EndOfTurn));
    assert_eq!(game.current_player(), Some(0));
}

/// A pass ends the figure step as a deployment does: the step is due after it too, and the
/// turn's next decision comes only after the step's move.
#[test]
fn the_ruleset_step_follows_a_pass() {
    let (mut game, city) = game_with(|inner| {
        Box::new(StepBeforeScoring {
            inner,
            due: None,
            taken: Vec::new(),
        })
    });
    game.play(GameMove::Draw {
        tile: city,
        bonus: false,
    });
    let (pos, rotation) = game.legal_placements(city)[0];
    game.play(GameMove::Place { pos, rotation });
    assert_eq!(game.decision(), Some(Decision::DeployOrPass));
    game.play(GameMove::Pass);
    assert_eq!(game.decision(), Some(Decision::Ruleset(step_of(0))));
    game.play(GameMove::Ruleset(STEP_MOVE));
    assert_eq!(game.decision(), Some(Decision::EndOfTurn));
}

/// Carcassonne where the turn's player may put `BA/C` down in place of drawing, as an abbey
/// is placed: the ruleset's move names where, and its outcome puts the tile.
#[derive(Clone)]
struct TileInsteadOfDraw {
    inner: Box<dyn Rules>,
    tile: usize,
}

/// The move that puts the tile: the test ruleset's own.
const PUT_TILE: &str = "put-tile";

impl Rules for TileInsteadOfDraw {
    wrapped_rules!(|inner| inner);
    fn play(&mut self, engine: &mut Engine, mv: Move, setup: bool) -> Outcome {
        match mv {
            Move {
                keyword: PUT_TILE,
                arg: MoveArg::Placement(pos, rotation),
            } => Outcome {
                tile_put: Some(rules::TilePut {
                    tile: self.tile,
                    pos,
                    rotation,
                }),
                ..Outcome::default()
            },
            _ => self.inner.play(engine, mv, setup),
        }
    }
}

/// A tile put down by a ruleset's move is the turn's tile: it lies on the board, the stack
/// keeps its tiles, the figure step follows on it, and what it completes is scored as after
/// a `place`.
#[test]
fn a_ruleset_move_puts_the_turns_tile_in_place_of_a_draw() {
    let (plain, city) = game_with(|rules| rules);
    // Where BA/C closes the start tile's city (found by playing it as a drawn tile).
    let mut drawn = plain.clone();
    let figure = close_the_city_with_a_follower(&mut drawn, city);
    let node = drawn.engine.figures[figure as usize]
        .node()
        .expect("the follower stood on the city");
    let placement = drawn.engine.placement(drawn.engine.origin(node).0);
    let (pos, rotation) = (placement.pos, placement.rotation);

    let (mut game, _) = game_with(|inner| Box::new(TileInsteadOfDraw { inner, tile: city }));
    let stack = game.stack.clone();
    assert_eq!(game.decision(), Some(Decision::Draw));
    game.play(GameMove::Ruleset(Move::new(
        PUT_TILE,
        MoveArg::Placement(pos, rotation),
    )));
    assert!(game.violations.is_empty(), "{:?}", game.violations);
    let put = game
        .engine
        .at(pos)
        .expect("the tile lies where the move put it");
    assert_eq!(game.engine.placement(put).tile, city);
    assert_eq!(game.stack, stack, "no tile drawn from the stack");
    assert_eq!(game.decision(), Some(Decision::DeployOrPass));
    let on_city = game
        .legal_deployments()
        .into_iter()
        .find(|d| d.kind == FeatureKind::City)
        .expect("a follower may go on the tile's city");
    game.play(GameMove::Deploy {
        figure: on_city.figure,
        node: on_city.node,
    });
    assert_eq!(
        game.scores,
        [4, 0],
        "the closed city scored as after a place"
    );
    assert_eq!(game.decision(), Some(Decision::EndOfTurn));

    // A square that holds a tile keeps it.
    let (mut game, _) = game_with(|inner| Box::new(TileInsteadOfDraw { inner, tile: city }));
    let start = game
        .engine
        .at(crate::model::Pos::new(0, 0))
        .expect("the start tile");
    game.play(GameMove::Ruleset(Move::new(
        PUT_TILE,
        MoveArg::Placement(crate::model::Pos::new(0, 0), rotation),
    )));
    assert_eq!(game.engine.at(crate::model::Pos::new(0, 0)), Some(start));
    assert_eq!(game.decision(), Some(Decision::Draw));
}

/// Carcassonne where the figure step may deploy on any tile of the board, as through a
/// magic portal.
#[derive(Clone)]
struct DeployAnywhere {
    inner: Box<dyn Rules>,
}

impl Rules for DeployAnywhere {
    wrapped_rules!(|inner| Hooks {
        deploys_elsewhere: true,
        ..inner
    });
    fn deployment_tiles(&self, at: &mut Context, into: &mut Vec<PlacementId>) {
        into.clear();
        into.extend((0..at.engine.placements.len()).map(|id| id as PlacementId));
    }
}

/// A ruleset that opens other tiles to the figure step has their occupations offered with
/// the tile's position (written `deploy <figure> at <x>,<y> on <feature>`), and a figure
/// deployed there stands on that tile; the base game offers the tile just placed only.
#[test]
fn a_ruleset_may_open_other_tiles_to_the_figure_step() {
    let placed_city = |game: &mut Game, city: usize| {
        game.play(GameMove::Draw {
            tile: city,
            bonus: false,
        });
        let (pos, rotation) = game.legal_placements(city)[0];
        game.play(GameMove::Place { pos, rotation });
        pos
    };
    let (mut plain, city) = game_with(|rules| rules);
    let pos = placed_city(&mut plain, city);
    let start = plain
        .engine
        .at(crate::model::Pos::new(0, 0))
        .expect("the start tile");
    assert!(plain.legal_deployments().iter().all(|d| d.at.is_none()));
    assert!(!plain.deploys_on(start));

    let (mut game, city) = game_with(|inner| Box::new(DeployAnywhere { inner }));
    assert_eq!(placed_city(&mut game, city), pos);
    assert!(game.deploys_on(start));
    let deployments = game.legal_deployments();
    let here = deployments.iter().filter(|d| d.at.is_none()).count();
    assert_eq!(
        here,
        plain.legal_deployments().len(),
        "the tile just placed's as before"
    );
    let on_start = deployments
        .iter()
        .find(|d| d.at == Some(crate::model::Pos::new(0, 0)) && d.kind == FeatureKind::Road)
        .expect("a thief on the start tile's road")
        .clone();
    assert_eq!(game.engine.origin(on_start.node).0, start);
    let figure = game.engine.figures.len();
    game.play(GameMove::Deploy {
        figure: on_start.figure,
        node: on_start.node,
    });
    assert!(game.violations.is_empty(), "{:?}", game.violations);
    assert_eq!(game.engine.figures[figure].node(), Some(on_start.node));
}

/// Carcassonne where, as each turn begins, the turn's player pays the other player the
/// points of a payment (The Tower's ransom, paid at the start of the payer's turn): the
/// payments come from the ruleset's [`Outcome`] as every effect's points do.
#[derive(Clone)]
struct PaysAsTurnsBegin {
    inner: Box<dyn Rules>,
    /// The points paid as each turn begins, in order.
    payments: std::collections::VecDeque<u32>,
}

impl Rules for PaysAsTurnsBegin {
    wrapped_rules!(|inner| Hooks {
        turn_begins: true,
        ..inner
    });
    fn turn_begins(&mut self, engine: &mut Engine, turn: &TurnView) -> Outcome {
        let mut outcome = self.inner.turn_begins(engine, turn);
        if let Some(points) = self.payments.pop_front() {
            outcome.events.push(ScoreEvent {
                players: vec![(turn.player + 1) % 2],
                points,
                feature: FeatureKind::City,
                breakdown: Breakdown::Payment {
                    payer: turn.player,
                    reason: "ransom",
                },
            });
        }
        outcome
    }
}

/// A payment moves points from its payer to its payee, in the scores, in the turn's points
/// (`expect score`) and in the report's lines, and never takes the payer below 0: red pays 3
/// with 0 points (nothing moves), scores a city of 4, blue pays 3 with 0, red pays 3 of its 4,
/// blue pays 1, and red pays what it has left, 2 of 3.
#[test]
fn a_payment_moves_points_from_its_payer_to_its_payee_never_below_zero() {
    let (mut game, city) = game_with(|inner| {
        Box::new(PaysAsTurnsBegin {
            inner,
            payments: [3, 3, 3, 1, 3].into(),
        })
    });
    assert_eq!(game.scores, [0, 0]);
    close_the_city_with_a_follower(&mut game, city);
    assert_eq!(game.scores, [4, 0]);
    game.play(GameMove::Turn { player: 1 });
    assert_eq!(game.scores, [4, 0]);
    game.play(GameMove::Turn { player: 0 });
    assert_eq!(game.scores, [1, 3]);
    assert_eq!(
        game.turn.as_ref().map(|turn| turn.points.clone()),
        Some(vec![-3, 3]),
        "the turn's points, as `expect score` reads them"
    );
    game.play(GameMove::Turn { player: 1 });
    assert_eq!(game.scores, [2, 2]);
    game.play(GameMove::Turn { player: 0 });
    assert_eq!(game.scores, [0, 4]);
    assert!(game.violations.is_empty(), "{:?}", game.violations);

    // What the runner kept of each scoring, in order: who gained, the points, the breakdown,
    // the payer and the family, as the checker reports them (its test
    // `a_payment_is_reported_with_its_payer` writes the report's lines of the same six).
    let scored: Vec<_> = game
        .scored
        .iter()
        .map(|s| {
            let players: Vec<&str> = s.players.iter().map(String::as_str).collect();
            let paid_by = s.paid_by.as_deref();
            (
                players,
                s.points,
                &*s.breakdown,
                paid_by,
                &*s.family,
                s.is_final,
            )
        })
        .collect();
    assert_eq!(
        scored,
        [
            (vec!["blue"], 0, "ransom = 0", Some("red"), "ransom", false),
            (vec!["red"], 4, "city of 2 tiles = 4", None, "city", false),
            (vec!["red"], 0, "ransom = 0", Some("blue"), "ransom", false),
            (vec!["blue"], 3, "ransom = 3", Some("red"), "ransom", false),
            (vec!["red"], 1, "ransom = 1", Some("blue"), "ransom", false),
            (vec!["blue"], 2, "ransom = 2", Some("red"), "ransom", false),
        ]
    );
}

/// Carcassonne that keeps the players' scores as they change, as a ruleset whose moves read
/// a player's score does (The Tower's ransom).
#[derive(Clone)]
struct KeepsScores {
    inner: Box<dyn Rules>,
    scores: Vec<i64>,
}

impl Rules for KeepsScores {
    wrapped_rules!(|inner| Hooks {
        follows_scores: true,
        ..inner
    });
    fn scores_changed(&mut self, scores: &[i64]) {
        self.scores = scores.to_vec();
    }
    fn count(&self, name: &str) -> Option<u32> {
        // The test reads the kept scores through the trait, as the runner holds the rules.
        let player: usize = name.strip_prefix("score of ")?.parse().ok()?;
        self.scores.get(player).map(|score| *score as u32)
    }
}

/// A ruleset that follows the scores sees them after every scoring; the others are not asked.
#[test]
fn a_ruleset_that_follows_the_scores_sees_them_change() {
    let (mut game, city) = game_with(|inner| {
        Box::new(KeepsScores {
            inner,
            scores: Vec::new(),
        })
    });
    assert_eq!(game.rules.count("score of 0"), None, "no points yet");
    close_the_city_with_a_follower(&mut game, city);
    assert_eq!(game.scores, [4, 0]);
    assert_eq!(game.rules.count("score of 0"), Some(4));
    assert_eq!(game.rules.count("score of 1"), Some(0));
}
