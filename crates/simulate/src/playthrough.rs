//! The game loop: one game played through the game runner, turn by turn and decision by
//! decision, each move written down when the transcript is kept and a move that breaks a rule
//! rejecting the game; and a search's playout from where a game stands, through the very same
//! turns. How a policy picks a move is `policy.rs`'s.

use crate::codes::Severity;
use crate::diagnostic::{Diagnostic, Span};
use crate::engine::{LegalPlacements, Preview};
use crate::model::{Action, Completion, Name, Script, Step, TokenDraw};
use crate::play::moves::Offered;
use crate::play::{Game, GameMove, Setup};
use crate::rules::{self, Decision, Offer, Violation};
use crate::setup::catalog::Catalog;

use super::{Config, GameResult, Policy, Rng, mcts};

/// One game: a shuffled stack, and each turn's moves chosen by the policy from the legal ones.
/// A move that breaks a rule of the ruleset — the move generator and the ruleset disagree, a
/// bug of carcspec — ends the game with that finding instead of a game that would not check
/// clean.
pub fn play(
    config: &Config,
    header: &Script,
    catalog: &Catalog,
    rng: Rng,
) -> Result<GameResult, Diagnostic> {
    let mut game = new_game(config, header, catalog);
    play_on(&mut game, config, header, catalog, rng)
}

/// A game for the games of `config`, to be started for each game by [`play_on`].
pub fn new_game(config: &Config, header: &Script, catalog: &Catalog) -> Game {
    let rules = rules::for_ruleset(config.ruleset, &config.variants);
    Game::new(
        catalog.tiles.clone(),
        catalog.counts.clone(),
        rules,
        Setup::of(header),
    )
}

/// The move generator's buffers, kept from game to game on a thread (see [`SPARE_BUFFERS`]),
/// and from playout to playout by a search.
#[derive(Default)]
pub(crate) struct MoveBuffers {
    legal_placements: LegalPlacements,
    deployments: Vec<Offered>,
    previews: Vec<Preview>,
}

thread_local! {
    /// The buffers of the last game played on this thread, for the next one: a run of many
    /// games grows them once, not again at every game (a thread-local rather than a parameter
    /// so that [`play_on`]'s callers keep nothing of the generator's).
    static SPARE_BUFFERS: std::cell::Cell<Option<MoveBuffers>> = const { std::cell::Cell::new(None) };
}

/// One game, as [`play`], on a game of the same header and catalog that earlier games may
/// have used: it is emptied first (keeping its tables' capacity).
pub fn play_on(
    game: &mut Game,
    config: &Config,
    header: &Script,
    catalog: &Catalog,
    rng: Rng,
) -> Result<GameResult, Diagnostic> {
    play_seated(game, config, header, catalog, rng, 0)
}

/// [`play_on`] as game `index` of its run, which says each seat's policy when the seats have
/// their own ([`Policy::Seats`]).
pub(crate) fn play_seated(
    game: &mut Game,
    config: &Config,
    header: &Script,
    catalog: &Catalog,
    mut rng: Rng,
    index: usize,
) -> Result<GameResult, Diagnostic> {
    game.restart(
        &catalog.counts,
        rules::for_ruleset(config.ruleset, &config.variants),
    );
    // `run` refuses tile sets without a start tile.
    game.lay_start_tile();
    let buffers = SPARE_BUFFERS.take().unwrap_or_default();
    let mut game = Playthrough {
        game,
        steps: Vec::new(),
        transcript: config.transcripts,
        moves: 0,
        rng: &mut rng,
        policy: config.policy.of_seat(index, 0, header.players.len()),
        seating: (config.policy, index),
        rejected: None,
        under_hills: Vec::new(),
        legal_placements: buffers.legal_placements,
        deployments: buffers.deployments,
        previews: buffers.previews,
        result: GameResult::empty(header.clone()),
    };
    // The decks and the game's lists made once at their full size: they grow by a move or a
    // tile at a time, and their reallocations (the transcript's, copying every step so far,
    // most of all) cost more than the few bytes a short game leaves unused.
    let (mut land, mut bonus) = game.game.tiles_left();
    let tiles = land.len() + bonus.len();
    // A turn is four moves (`turn`, a draw, `place`, a deployment or `pass`), with room for
    // a discard and redraw, a bonus turn or a ruleset's decision now and then.
    if game.transcript {
        game.steps.reserve(5 * tiles + 8);
    }
    game.result.placed.reserve(tiles);
    game.rng.shuffle(&mut land);
    game.rng.shuffle(&mut bonus);
    game.game.order_deck(&mut land);

    let players = header.players.len();
    let mut player = 0;
    while !land.is_empty() && game.rejected.is_none() {
        game.result.turns += 1;
        game.policy = config.policy.of_seat(index, player, players);
        game.act(GameMove::Turn { player }, |_| Action::Turn { player });
        game.play_turn(&mut land, &mut bonus, player);
        // The runner says whose turn is next (the volcano lake's player again).
        player = game.game.player_after_turn();
    }
    game.act(GameMove::End, |_| Action::End);
    let Playthrough {
        game,
        steps,
        mut result,
        rejected,
        legal_placements,
        deployments,
        previews,
        ..
    } = game;
    SPARE_BUFFERS.set(Some(MoveBuffers {
        legal_placements,
        deployments,
        previews,
    }));
    if let Some(rejected) = rejected {
        return Err(rejected);
    }
    result.scores = game.scores.clone();
    result.counts = crate::rules::statistic_counts()
        .map(|name| game.ruleset_count(name))
        .collect();
    // Every feature at the end (a game that broke no rule was final-scored).
    debug_assert!(game.final_scored);
    let engine = &mut game.engine;
    let roots = engine.feature_roots();
    // The tiles of every feature counted in one pass, not a walk of each feature.
    let tiles = engine.tile_counts();
    result.features.reserve(roots.len());
    for root in roots {
        let component = engine.component(root);
        let (Some(kind), open_ends) = (component.kind, component.open_ends) else {
            continue;
        };
        let completed = match kind.completion() {
            Completion::Square => {
                let pos = engine.placement(engine.origin(root).0).pos;
                engine.filled_around(pos) == 8
            }
            Completion::Never => continue,
            Completion::Ends | Completion::Enclosed => open_ends == 0,
        };
        result
            .features
            .push((kind, tiles[root as usize] as usize, completed));
    }
    result.script.steps = steps;
    Ok(result)
}

/// Plays `game` from where it stands — in a turn, or between two — to its end, with the land
/// and bonus decks `land` and `bonus` (drawn from their ends) and `policy` (random or greedy)
/// for every player: a playout of the search (`mcts.rs`), through the very turns
/// [`play_on`] plays. Returns whether every move was legal (a move that broke a rule is a bug
/// of carcspec; the search's caller finds it in the real game, checked as every other).
pub(crate) fn play_out(
    game: &mut Game,
    land: &mut Vec<usize>,
    bonus: &mut Vec<usize>,
    policy: Policy,
    rng: &mut Rng,
    buffers: &mut MoveBuffers,
) -> bool {
    let ruleset = game.setup.ruleset;
    let mut through = Playthrough {
        game,
        steps: Vec::new(),
        transcript: false,
        moves: 0,
        rng,
        policy,
        seating: (policy, 0),
        rejected: None,
        under_hills: Vec::new(),
        legal_placements: std::mem::take(&mut buffers.legal_placements),
        deployments: std::mem::take(&mut buffers.deployments),
        previews: std::mem::take(&mut buffers.previews),
        result: GameResult::empty(Script::empty(ruleset)),
    };
    if let Some(player) = through.game.turn.as_ref().map(|turn| turn.player) {
        through.play_turn(land, bonus, player);
    }
    while !through.game.game_over && !land.is_empty() && through.rejected.is_none() {
        // The runner knows whose turn is next (the volcano lake's player again).
        let player = through.game.player_after_turn();
        through.act(GameMove::Turn { player }, |_| Action::Turn { player });
        through.play_turn(land, bonus, player);
    }
    if !through.game.game_over {
        through.act(GameMove::End, |_| Action::End);
    }
    buffers.legal_placements = std::mem::take(&mut through.legal_placements);
    buffers.deployments = std::mem::take(&mut through.deployments);
    buffers.previews = std::mem::take(&mut through.previews);
    through.rejected.is_none()
}

/// A game being played by the simulator: the runner's game, the policy and what the game
/// showed so far.
pub(super) struct Playthrough<'a, 'r> {
    pub(super) game: &'r mut Game,
    /// The moves so far, when the game's transcript is kept (`transcript`).
    steps: Vec<Step>,
    transcript: bool,
    /// The number of moves played so far.
    moves: usize,
    pub(super) rng: &'a mut Rng,
    /// The policy of the turn's player.
    pub(super) policy: Policy,
    /// The policy of every seat (the run's, with the game's index), for a decision the
    /// ruleset gives a player other than the turn's.
    seating: (Policy, usize),
    /// The first of the simulator's moves that broke a rule.
    rejected: Option<Diagnostic>,
    /// The tiles put face down under a hill so far (Hills & Sheep): gone from the stack, but
    /// no player saw which, so the search deals them as if still unknown.
    under_hills: Vec<usize>,
    result: GameResult,
    /// The legal placements of the tile in hand (a buffer kept from move to move).
    pub(super) legal_placements: LegalPlacements,
    /// The legal deployments on the tile just placed (a buffer kept from move to move).
    pub(super) deployments: Vec<Offered>,
    /// What a placement would join, as the greedy policy previews it (a buffer kept from
    /// placement to placement).
    pub(super) previews: Vec<Preview>,
}

impl Playthrough<'_, '_> {
    /// Plays a move the generator took from the ruleset's offers through the runner, which
    /// applies it without checking it again (debug builds assert that it is legal). `action`
    /// writes the move down (from the catalog and the names of the features, which the move
    /// does not change): only when the transcript is kept, or the move broke a rule.
    pub(super) fn act(&mut self, mv: GameMove, action: impl Fn(&Game) -> Action) {
        if self.rejected.is_some() {
            return;
        }
        self.game.play(mv);
        let broken = self
            .game
            .violations
            .iter()
            .position(|v| v.code.severity == Severity::Error);
        if self.transcript || broken.is_some() {
            let step = Step {
                action: action(self.game),
                span: Span::default(),
            };
            let broken = broken.map(|index| self.game.violations.swap_remove(index));
            self.recorded(step, broken);
        } else {
            self.moves += 1;
        }
        // The warnings of the ruleset are none of the simulator's business.
        self.game.violations.clear();
    }

    /// Deploys a figure the runner offered (by the policy's or the search's choice), written as
    /// the transcript names it. Inlined: the policies call it from their own module at every
    /// deployment, as they call [`Playthrough::act`].
    #[inline]
    pub(super) fn deploy(&mut self, deployment: Offered) {
        let generated = GameMove::Deploy {
            figure: deployment.figure,
            node: deployment.node,
        };
        self.act(generated, |game| Action::Deploy {
            figure: deployment.figure.into(),
            target: game.target_of(&deployment).clone(),
            at: game.deployment_elsewhere(&deployment),
        });
    }

    /// Writes the move just played into the transcript (when it is kept); a rule it broke
    /// rejects the game.
    fn recorded(&mut self, step: Step, broken: Option<Violation>) {
        self.moves += 1;
        if let Some(error) = broken {
            // The move's line as the transcript would print it: the last line of the header
            // and the move.
            let mut game = self.result.script.clone();
            game.steps = vec![step.clone()];
            let text = crate::format::game::print_script(&game, None);
            let line = text.lines().last().unwrap_or_default().to_string();
            self.rejected = Some(
                Diagnostic::new(
                    error.code,
                    format!(
                        "the replay rejects the simulator's move `{line}` (move {}): {}",
                        self.moves, error.message
                    ),
                )
                .help(
                    "the move generator and the checker disagree: this is a bug of carcspec; please report it with the command line",
                ),
            );
        }
        if self.transcript {
            self.steps.push(step);
        }
    }

    /// Plays the turn's decisions, in the order the ruleset lays them out, until the turn is
    /// over: draws from the land or bonus deck (discarding a tile that fits nowhere), places,
    /// deploys or passes, and plays the ruleset's own decisions (the Hills & Sheep steps).
    /// A search's playout (`mcts.rs`) takes up a turn where its tree left it: with the tile in
    /// hand that the game holds (none at the start of a turn).
    fn play_turn(&mut self, land: &mut Vec<usize>, bonus: &mut Vec<usize>, player: usize) {
        let hand = self.game.turn.as_ref().and_then(|turn| turn.hand);
        let mut in_hand: Option<usize> = hand.map(|hand| hand.tile);
        let mut drawing_bonus = hand.is_some_and(|hand| hand.bonus);
        let mut bonus_turn = false;
        while self.rejected.is_none() {
            let Some(decision) = self.game.decision() else {
                return;
            };
            // A decision the ruleset gives another seat is taken by that seat's policy.
            let policy = match decision.decider(player) {
                Some(seat) if seat != player => {
                    let (run, index) = self.seating;
                    run.of_seat(index, seat, self.game.setup.players.len())
                }
                _ => self.policy,
            };
            if let Policy::Mcts(search) = policy
                && self.searched(decision, search, &mut in_hand)
            {
                continue;
            }
            match decision {
                Decision::Draw | Decision::BonusDraw => {
                    drawing_bonus = decision == Decision::BonusDraw;
                    if drawing_bonus && !bonus_turn {
                        bonus_turn = true;
                        self.result.bonus_tiles += 1;
                    }
                    let deck = if drawing_bonus {
                        &mut *bonus
                    } else {
                        &mut *land
                    };
                    let Some(tile) = deck.pop() else { return };
                    in_hand = Some(tile);
                    let bonus = drawing_bonus;
                    self.act(GameMove::Draw { tile, bonus }, |game| {
                        let tile = Name::new(&game.engine.catalog[tile].id);
                        if bonus {
                            Action::Bonus { tile }
                        } else {
                            Action::Draw { tile }
                        }
                    });
                }
                Decision::UnderTile => {
                    let deck = if drawing_bonus {
                        &mut *bonus
                    } else {
                        &mut *land
                    };
                    let Some(under) = deck.pop() else { return };
                    self.under_hills.push(under);
                    self.act(GameMove::Under { tile: under }, |game| Action::Under {
                        tile: Some(Name::new(&game.engine.catalog[under].id)),
                    });
                }
                Decision::Place => {
                    let Some(tile) = in_hand.take() else { return };
                    let legal = &mut self.legal_placements;
                    self.game.scan_legal_placements(tile, legal);
                    if legal.is_empty() {
                        self.result.discarded.push(tile);
                        self.act(GameMove::Discard, |_| Action::Discard);
                        continue;
                    }
                    let (pos, rotation) = self.choose_placement(tile, player);
                    let generated = GameMove::Place { pos, rotation };
                    self.act(generated, |_| Action::Place { pos, rotation });
                    self.result.placed.push(tile);
                }
                Decision::DeployOrPass => {
                    // The ruleset's own moves of the figure step (a take-back: the 2020
                    // shaman's before the occupation, the abbot's instead of it), half of the
                    // time; the decision that follows says what is left to do.
                    if !self.ruleset_move_of_figure_step() {
                        self.deploy_or_pass();
                    }
                }
                Decision::Ruleset(_) => {
                    if !self.ruleset_decision(decision) {
                        return;
                    }
                }
                Decision::EndOfTurn => return,
            }
        }
    }

    /// The decision due, taken by the search (`mcts.rs`) when it is one of the player's with
    /// more than one move: returns whether it was (else the caller plays it as the greedy
    /// policy would, or draws what is drawn).
    fn searched(
        &mut self,
        decision: Decision,
        search: mcts::Search,
        in_hand: &mut Option<usize>,
    ) -> bool {
        let Some(choice) = mcts::choose(self.game, decision, search, &self.under_hills, self.rng)
        else {
            return false;
        };
        // The search took the decision before it was played: its player is still the one
        // who takes the decision due.
        let player = self.game.current_player().unwrap_or(0);
        if self.result.searched.len() <= player {
            self.result.searched.resize(player + 1, 0);
        }
        self.result.searched[player] += 1;
        match choice {
            mcts::Choice::Place { pos, rotation } => {
                let Some(tile) = in_hand.take() else {
                    return false;
                };
                self.act(GameMove::Place { pos, rotation }, |_| Action::Place {
                    pos,
                    rotation,
                });
                self.result.placed.push(tile);
            }
            mcts::Choice::Deploy(deployment) => self.deploy(deployment),
            mcts::Choice::Pass => self.act(GameMove::Pass, |_| Action::Pass),
            mcts::Choice::Offer(offer) => self.play_offer(offer),
        }
        true
    }

    /// A move the ruleset's decision offers, played: a draw from the bag by a random number.
    // `#[inline]`: the policies (policy.rs) play the offers they pick from another module.
    #[inline]
    pub(super) fn play_offer(&mut self, offer: Offer) {
        let mv = offer.into_move(|| TokenDraw::Random(self.rng.unit()));
        self.act(GameMove::Ruleset(mv), |game| game.action_of(mv));
    }
}
