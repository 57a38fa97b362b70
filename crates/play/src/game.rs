//! One game's state, owned (no borrow of a script or a text): the engine, the stacks, the
//! supplies, the scores, the turn, the ruleset (which keeps the game's own state) and the
//! tables of the move generator. Its moves are applied by `transition.rs`, its legal moves
//! listed by `moves.rs`.

use std::sync::{Arc, OnceLock};

use super::names::{Deployment, SlotTable};
use crate::engine::{CompiledTile, Engine, LegalPlacements, NodeId, PlacementId, Pos, Rotation};
use crate::model::{Ruleset, Script};
use crate::rules::turn::{TurnView, next_decision};
use crate::rules::{
    self, Completion, Decision, FigureSpec, Hooks, Occupation, Offer, Phase, Rules,
    RulesetDecision, Violation,
};
use crate::setup::catalog::is_bonus;

/// The tile the current player holds.
#[derive(Debug, Clone, Copy)]
pub struct Hand {
    pub tile: usize,
    pub bonus: bool,
}

/// The last tile placed in the turn (whether it is scored yet is the turn's phase:
/// [`Phase::before_scoring`]).
#[derive(Debug, Clone)]
pub struct PlacedNow {
    pub placement: PlacementId,
    pub(crate) bonus: bool,
    /// The features the tile is part of, until its scoring (which hands the list back).
    pub(crate) roots: Vec<NodeId>,
    /// A figure was deployed on it (in its figure step; the checker plays a second
    /// deployment, or one after the scoring, as written).
    pub deployed: bool,
    /// The figure the tile's figure step took back (`return`: the shaman, the abbot), with its
    /// owner and pool: one a tile.
    pub(crate) took_back: Option<(usize, usize)>,
    /// The take-back came instead of the deployment (the abbot's return): it was the tile's
    /// figure step.
    pub took_back_instead: bool,
}

#[derive(Debug, Clone)]
pub struct Turn {
    pub player: usize,
    /// The step the turn is at; the fields below are what the turn has had so far.
    pub phase: Phase,
    /// The decision of the ruleset's step before the tile's scoring, while the turn is in
    /// [`Phase::RulesetSteps`]: what [`Rules::before_scoring`] named last.
    pub(crate) ruleset_step: Option<RulesetDecision>,
    /// The tile drawn, while it is in hand ([`Phase::Tile`]).
    pub hand: Option<Hand>,
    pub placed: Option<PlacedNow>,
    pub land_placed: bool,
    /// A land tile was drawn in this turn (placed, discarded or still in hand).
    pub land_drawn: bool,
    /// The last tile drawn was discarded and the next draw is due: `Some(true)` for a bonus
    /// tile, `Some(false)` for a land tile.
    pub redraw_due: Option<bool>,
    pub bonus_earned: bool,
    pub bonus_drawn: bool,
    /// Figures returned to the supply by this turn's scoring, per player and pool: “From the
    /// next turn onwards, the player can then use them again” is about the player's own.
    /// One list, at `player * pools + pool`: emptied at each turn in one go.
    pub(crate) returned: Vec<u32>,
    /// The ruleset's pools of figures (the stride of `returned`).
    pub(crate) pools: usize,
    /// Points each player scored in this turn.
    pub points: Vec<i64>,
    /// Figures deployed from this index on were deployed in this turn.
    pub(crate) first_figure: usize,
}

impl Turn {
    /// Whether a hill tile was drawn and the tile under it is not recorded yet.
    pub fn under_due(&self) -> bool {
        matches!(self.phase, Phase::Tile { under_due: true })
    }

    /// The phase the turn goes back to when the tile it drew leaves the hand without lying
    /// on the board (a discard, a placement the checker could not play): the draw of its
    /// land tile when it placed none yet, else what follows the last tile's scoring.
    pub(crate) fn phase_without_tile(&self) -> Phase {
        if self.placed.is_some() {
            Phase::Scoring
        } else {
            Phase::TurnBegins
        }
    }
}

/// What of a game's header the runner plays with: the ruleset, the players, the expansions
/// (which figures are in play) and the supply a `supply` line sets.
#[derive(Debug, Clone)]
pub struct Setup {
    pub ruleset: Ruleset,
    pub players: Vec<String>,
    pub(crate) expansions: Vec<String>,
    pub(crate) supply: Vec<(String, u32)>,
}

impl Setup {
    pub fn of(script: &Script) -> Setup {
        Setup {
            ruleset: script.ruleset,
            players: script.players.clone(),
            expansions: script.expansions.clone(),
            supply: script.supply.clone(),
        }
    }
}

/// A scoring, as the runner keeps it for a report ([`Game::keep_events`]): the players by
/// name, the points and their breakdown written out.
#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    pub players: Vec<String>,
    /// What each of `players` gained (a payment: what moved, the payer's score permitting).
    pub points: u32,
    pub breakdown: String,
    /// The scoring's family ([`crate::rules::ScoreEvent::family`]).
    pub family: String,
    /// A payment's payer, who lost `points` for each of `players`.
    pub paid_by: Option<String>,
    pub is_final: bool,
}

/// One game in play. The checker validates a transcript's moves and applies them here; the
/// simulator applies the moves it picked from the ruleset's offers through [`Game::play`].
/// A clone is a game of its own (the search policy plays copies of a game to their end).
#[derive(Clone)]
pub struct Game {
    pub setup: Setup,
    pub rules: Box<dyn Rules>,
    pub engine: Engine,
    /// Copies left in the stacks, per catalog index.
    pub stack: Vec<u32>,
    pub land_left: u32,
    pub bonus_left: u32,
    pub supply: Vec<Vec<u32>>,
    pub scores: Vec<i64>,
    pub turn: Option<Turn>,
    pub next_player: usize,
    pub(crate) turns_started: bool,
    pub game_over: bool,
    pub final_scored: bool,
    /// The rules the moves applied broke, in order, until the caller takes them: the checker
    /// reports them after each call, the simulator rejects a game with one.
    pub violations: Vec<Violation>,
    /// The scorings so far, kept when [`Game::keep_events`] is on, until the caller takes
    /// them (the checker, after each call).
    pub scored: Vec<Scored>,
    /// Whether scorings are kept (`scored`); the simulator, which shows none, turns it off,
    /// so that no text is written for them.
    pub keep_events: bool,
    /// What the move generator worked out of each tile and rotation (`moves.rs`), shared by
    /// the game's copies.
    pub(super) slot_tables: Arc<[OnceLock<SlotTable>]>,
    /// Buffers of the move generator, kept from move to move: the ruleset's occupations and
    /// the figures usable per pool.
    pub(super) occupations: Vec<Occupation>,
    pub(super) usable: Vec<u32>,
    /// The ruleset's figures ([`Rules::figure_names`]) with the spec of each the game has in
    /// play, worked out at the first deployment the generator lists in a game.
    pub(super) figures_in_play: Vec<(&'static str, Option<FigureSpec>)>,
    /// Whether each pool holds a figure of `figures_in_play` in play: the usable counts of
    /// the others are never asked for (a base game's five pools of expansions it lacks).
    pub(super) pools_in_play: Vec<bool>,
    /// Whether `figures_in_play` was checked against this game's ruleset and setup.
    pub(super) figures_checked: bool,
    /// The per-player counts of the last turn that ended (`Turn::returned`, `Turn::points`),
    /// for the next turn to fill again.
    pub(super) spare_turn: Option<(Vec<u32>, Vec<i64>)>,
    /// The list of a placement's roots, kept from one placement to the next: a tile's scoring
    /// hands it back (a placement never scored leaves a new one to be made).
    pub(super) spare_roots: Vec<NodeId>,
    /// What a placement's scoring brought ([`Rules::score_completed`]), kept from one placement
    /// to the next for its lists' room.
    pub(super) spare_completion: Completion,
    /// Whether the ruleset draws the catalog's tiles in groups (The River's tiles first):
    /// only then is a draw asked whether it comes out of order.
    pub(crate) ordered_draws: bool,
    /// The catalog's tiles that the ruleset's own placement rules restrict (a river tile
    /// continues the river), by catalog index: asked of the ruleset once a catalog, not at
    /// every placement; shared by the game's copies.
    pub(super) placement_ruled: Arc<[bool]>,
    /// The ruleset's hooks this game asks ([`Rules::hooks`], once its expansions are known).
    pub(super) hooks: Hooks,
}

impl Game {
    /// A new game of `setup` with the tiles of `tiles`, `counts` copies of each in the stacks.
    pub fn new(
        tiles: Arc<[CompiledTile]>,
        mut counts: Vec<u32>,
        mut rules: Box<dyn Rules>,
        setup: Setup,
    ) -> Game {
        rules.expansions_in_play(&setup.expansions);
        let hooks = rules.hooks();
        rules.prepare_stacks(&tiles, &mut counts);
        let ordered_draws = ordered_draws(rules.as_ref(), &tiles);
        let placement_ruled = tiles
            .iter()
            .map(|tile| rules.restricts_placement(tile))
            .collect();
        let (land_left, bonus_left) = stack_sizes(&tiles, &counts);
        let players = setup.players.len();
        // Each player's supply: the ruleset's, or what the game's `supply` line says.
        let supply = vec![
            rules::starting_supply(setup.ruleset, &setup.expansions, &setup.supply)
                .collect();
            players
        ];
        Game {
            setup,
            rules,
            engine: Engine::new(tiles),
            stack: counts,
            land_left,
            bonus_left,
            supply,
            scores: vec![0; players],
            turn: None,
            next_player: 0,
            turns_started: false,
            game_over: false,
            final_scored: false,
            violations: Vec::new(),
            scored: Vec::new(),
            keep_events: true,
            slot_tables: Arc::new([]),
            occupations: Vec::new(),
            usable: Vec::new(),
            figures_in_play: Vec::new(),
            pools_in_play: Vec::new(),
            figures_checked: false,
            spare_turn: None,
            spare_roots: Vec::new(),
            spare_completion: Completion::default(),
            ordered_draws,
            placement_ruled,
            hooks,
        }
    }

    /// Empties the game for the next one of the same setup and catalog, with `rules` (a new
    /// value: it holds the game's own state) and the stacks' `counts`: the engine is cleared
    /// with its capacity kept, and so are the game's own lists.
    pub fn restart(&mut self, counts: &[u32], rules: Box<dyn Rules>) {
        // Every field is named, so that a field added to the game must be reset here too.
        let Game {
            setup,
            rules: old_rules,
            engine,
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
            violations,
            scored,
            // The caller's choice, for every game.
            keep_events: _,
            // Buffers, emptied by each use.
            occupations: _,
            usable: _,
            // Checked against the new ruleset at the game's first deployment listed; the
            // tables of the tiles and rotations are kept while its figures stay those in play
            // (what they hold depends only on the catalog and those figures).
            figures_in_play: _,
            pools_in_play: _,
            figures_checked,
            slot_tables: _,
            spare_turn: _,
            spare_roots: _,
            spare_completion: _,
            // The same catalog and ruleset.
            ordered_draws: _,
            placement_ruled: _,
            hooks,
        } = self;
        *old_rules = rules;
        old_rules.expansions_in_play(&setup.expansions);
        *hooks = old_rules.hooks();
        engine.clear();
        stack.clear();
        stack.extend_from_slice(counts);
        old_rules.prepare_stacks(&engine.catalog, stack);
        (*land_left, *bonus_left) = stack_sizes(&engine.catalog, stack);
        for player_supply in supply.iter_mut() {
            player_supply.clear();
            player_supply.extend(rules::starting_supply(
                setup.ruleset,
                &setup.expansions,
                &setup.supply,
            ));
        }
        scores.fill(0);
        *turn = None;
        *next_player = 0;
        *turns_started = false;
        *game_over = false;
        *final_scored = false;
        violations.clear();
        scored.clear();
        // The new rules may have other figures in play (a variant without farmers).
        *figures_checked = false;
    }

    /// The game's engine, taken back for the next game (`Engine::clear`).
    pub fn into_engine(self) -> Engine {
        self.engine
    }

    /// The turn in play, as the ruleset sees it (`None` between turns).
    // Inlined into the simulator's and the checker's turns (other crates, and no LTO): a call
    // across the crates' boundary at each of their questions of the game.
    #[inline]
    pub fn turn_view(&self) -> Option<TurnView> {
        let turn = self.turn.as_ref()?;
        let placed = turn.placed.as_ref();
        Some(TurnView {
            player: turn.player,
            phase: turn.phase,
            first_figure: turn.first_figure,
            placed: placed.map(|p| p.placement),
            took_back: placed.is_some_and(|p| p.took_back.is_some()),
            deployed: placed.is_some_and(|p| p.deployed),
            on_bonus_tile: placed.is_some_and(|p| p.bonus),
            land_placed: turn.land_placed,
            bonus_earned: turn.bonus_earned,
            bonus_drawn: turn.bonus_drawn,
            land_left: self.land_left,
            bonus_left: self.bonus_left,
        })
    }

    /// The decision the game waits for now, as the ruleset lays out the turn (`None` between
    /// turns and after the end of the game).
    // Inlined into the simulator's turn, at each decision, as `Game::turn_view` is.
    #[inline]
    pub fn decision(&self) -> Option<Decision> {
        if self.game_over {
            return None;
        }
        let view = self.turn_view()?;
        let step = self
            .turn
            .as_ref()
            .and_then(|turn| turn.ruleset_step.as_ref());
        Some(next_decision(self.rules.as_ref(), self.hooks, &view, step))
    }

    /// Each player's pools of figures: (name, the count a player starts with), from the
    /// ruleset's descriptor.
    pub fn pools(&self) -> &'static [(&'static str, u32)] {
        rules::describe(self.setup.ruleset).pools
    }

    /// Whether pool `pool` of [`Game::pools`] is in this game: its figures are the ruleset's
    /// own or an expansion's the game plays. A pool that is not starts empty and is not shown.
    pub fn pool_in_play(&self, pool: usize) -> bool {
        rules::describe(self.setup.ruleset).pool_in_play(pool, &self.setup.expansions)
    }

    /// The player who takes the decision due now: the turn's player, or the one the ruleset
    /// names for a decision of its own; `None` for chance's decisions, between turns and after
    /// the end of the game.
    // Inlined into the simulator's turn, as `Game::decision` is.
    #[inline]
    pub fn current_player(&self) -> Option<usize> {
        let player = self.turn.as_ref()?.player;
        self.decision()?.decider(player)
    }

    /// Whether the turn's player now draws a bonus tile (a gold forest was completed).
    pub(crate) fn bonus_due(&self) -> bool {
        self.turn_view()
            .is_some_and(|turn| self.rules.bonus_turn_due(&turn))
    }

    /// The ruleset's own moves that `decision` offers now ([`Rules::offers`]): the moves of
    /// its own decisions, and its moves of a common one (a take-back in the figure step),
    /// less a take-back whose figure the game language cannot name (the simulator writes
    /// every move it plays).
    // Inlined into the simulator's turn, where most decisions take the first return (no
    // figure-step moves): a call across the crates' boundary for nothing otherwise.
    #[inline]
    pub fn offers(&mut self, decision: Decision) -> Vec<Offer> {
        let mut offers = Vec::new();
        if decision == Decision::DeployOrPass && !self.hooks.figure_step_moves {
            return offers;
        }
        let view = self.turn_view().unwrap_or_default();
        self.rules
            .offers(&mut self.engine, &view, decision, &mut offers);
        offers.retain(|offer| match offer {
            Offer::Move(mv) => mv
                .taken_back()
                .is_none_or(|figure| self.names_return(figure)),
            Offer::Draw(_) => true,
        });
        offers
    }

    /// Whether a move of this statement keyword answers the ruleset's pending decision (the
    /// `flock` drawn for a shepherd just deployed), rather than leaving it.
    pub fn answers_pending(&mut self, keyword: &str) -> bool {
        if !self.hooks.own_decisions {
            return false;
        }
        let Some(decision) = self.rules.pending_decision() else {
            return false;
        };
        let mut offers = Vec::new();
        let view = self.turn_view().unwrap_or_default();
        self.rules
            .offers(&mut self.engine, &view, decision, &mut offers);
        offers.iter().any(|offer| offer.keyword() == keyword)
    }

    /// A count the ruleset keeps of its own state ([`crate::rules::Rules::count`]: the
    /// statistics' counts), 0 where it keeps none.
    pub fn ruleset_count(&self, name: &str) -> u32 {
        self.rules.count(name).unwrap_or(0)
    }

    /// The figures of a pool that `player` may deploy now, as the ruleset counts them: the
    /// supply, less what it keeps back (Hunters and Gatherers: on the turn's bonus tile, the
    /// player's own figures that came back in this turn).
    pub fn usable_figures(&self, player: usize, pool: usize) -> u32 {
        self.usable_figures_in(self.turn_view().as_ref(), player, pool)
    }

    /// [`Game::usable_figures`] with the turn's view (`turn_view`) worked out by the caller.
    pub(crate) fn usable_figures_in(
        &self,
        view: Option<&TurnView>,
        player: usize,
        pool: usize,
    ) -> u32 {
        let supply = self.supply[player][pool];
        let returned = self
            .turn
            .as_ref()
            .map_or(0, |t| t.returned[player * t.pools + pool]);
        self.rules
            .usable_figures(view, supply, returned, self.taken_back_now(player, pool))
    }

    /// The figures of `pool` that `player` took back (`return`) in the figure step of the tile
    /// just placed, while its scoring is to come.
    pub(crate) fn taken_back_now(&self, player: usize, pool: usize) -> u32 {
        let taken = self
            .turn
            .as_ref()
            .filter(|t| t.phase.before_scoring())
            .and_then(|t| t.placed.as_ref())
            .and_then(|p| p.took_back);
        u32::from(taken == Some((player, pool)))
    }

    /// Whether the turn's player may take a figure back now (`return`), as the ruleset says.
    pub fn take_back_due(&self) -> bool {
        self.turn_view()
            .is_some_and(|view| self.rules.take_back_due(&self.engine, &view))
    }
}

/// Whether the catalog's tiles fall into more than one group of the ruleset's draw order.
fn ordered_draws(rules: &dyn Rules, catalog: &[CompiledTile]) -> bool {
    let mut groups = catalog.iter().map(|tile| rules.draw_group(tile));
    let first = groups.next();
    groups.any(|group| Some(group) != first)
}

/// What a player may do next, for every caller: the checker, the simulator and its search,
/// `fit`, render's legal overlay and the language server ask these, so that each shows what
/// `check` enforces.
impl Game {
    /// Every legal position and rotation of `tile` on the board as it is, sorted: where its
    /// sides match, and where the ruleset's own placement rules allow it (a river tile).
    pub fn legal_placements(&self, tile: usize) -> Vec<(Pos, Rotation)> {
        let mut scan = LegalPlacements::default();
        self.scan_legal_placements(tile, &mut scan);
        scan.sorted().collect()
    }

    /// The legal placements of [`Game::legal_placements`], scanned into `into` (emptied
    /// first) in its order, for a caller that picks one of them ([`LegalPlacements::kth`])
    /// or walks them and keeps the buffer from move to move.
    // Inlined into the simulator's turn, as `Game::decision` is: a wrapper of the engine's.
    #[inline]
    pub fn scan_legal_placements(&self, tile: usize, into: &mut LegalPlacements) {
        self.engine.scan_legal_placements(tile, into);
        if self.placement_ruled[tile] {
            into.retain(|pos, rotation| {
                self.rules
                    .placement_violation(&self.engine, tile, pos, rotation)
                    .is_none()
            });
        }
    }

    /// Whether `tile` may lie at `pos` turned by `rotation`: its sides match, and the
    /// ruleset's own placement rules allow it (one of [`Game::legal_placements`], without
    /// listing them).
    pub(crate) fn allows_placement(&self, tile: usize, pos: Pos, rotation: Rotation) -> bool {
        self.engine.check_placement(tile, pos, rotation).is_ok()
            && (!self.placement_ruled[tile]
                || self
                    .rules
                    .placement_violation(&self.engine, tile, pos, rotation)
                    .is_none())
    }

    /// Whether `tile` has a legal placement ([`Game::legal_placements`]).
    pub fn fits_somewhere(&self, tile: usize) -> bool {
        if self.placement_ruled[tile] {
            !self.legal_placements(tile).is_empty()
        } else {
            self.engine.fits_somewhere(tile)
        }
    }

    /// The player whose turn comes after the turn in play: the same player again where the
    /// ruleset gives another turn (the volcano lake of The River II), else the next in seat
    /// order; between turns, the player whose turn is next.
    // Inlined into the simulator's turn, as `Game::decision` is.
    #[inline]
    pub fn player_after_turn(&self) -> usize {
        let (Some(turn), Some(view)) = (self.turn.as_ref(), self.turn_view()) else {
            return self.next_player;
        };
        if self.rules.another_turn(&self.engine, &view) {
            turn.player
        } else {
            (turn.player + 1) % self.setup.players.len()
        }
    }

    /// The player who places the next tile: the turn's player while the turn's tile is still
    /// to be placed (drawn or not), otherwise the player of the next turn
    /// ([`Game::player_after_turn`]).
    pub fn player_to_place(&self) -> usize {
        match self.turn.as_ref() {
            Some(turn) if turn.placed.is_none() || turn.hand.is_some() => turn.player,
            _ => self.player_after_turn(),
        }
    }

    /// The land and bonus tiles left in the stacks, a catalog index a copy, in catalog order
    /// (the simulator shuffles them into its decks; the search deals them to its copies).
    pub fn tiles_left(&self) -> (Vec<usize>, Vec<usize>) {
        let catalog = &self.engine.catalog;
        let copies = |bonus: bool| {
            self.stack
                .iter()
                .enumerate()
                .filter(|(tile, _)| is_bonus(&catalog[*tile]) == bonus)
                .map(|(_, copies)| *copies as usize)
                .sum::<usize>()
        };
        let mut land: Vec<usize> = Vec::with_capacity(copies(false));
        let mut bonus: Vec<usize> = Vec::with_capacity(copies(true));
        for (tile, copies) in self.stack.iter().enumerate() {
            let deck = if is_bonus(&catalog[tile]) {
                &mut bonus
            } else {
                &mut land
            };
            deck.extend(std::iter::repeat_n(tile, *copies as usize));
        }
        (land, bonus)
    }

    /// Puts a shuffled land deck into the ruleset's draw order, drawn from its end (The
    /// River's tiles first, its lake last), each group keeping its shuffled order; a ruleset
    /// without groups leaves it as it is.
    pub fn order_deck(&self, land: &mut [usize]) {
        if self.ordered_draws {
            let (rules, catalog) = (&self.rules, &self.engine.catalog);
            land.sort_by_key(|tile| std::cmp::Reverse(rules.draw_group(&catalog[*tile])));
        }
    }

    /// The legal deployments if the player to place ([`Game::player_to_place`]) placed `tile`
    /// at `pos` turned by `rotation` now, on a copy of the game: the tile in hand is placed;
    /// otherwise it is drawn first — in the turn just begun, as the bonus tile the turn
    /// earned, or in the next turn. Empty when the game is over or the placement is not
    /// legal.
    ///
    /// The copy takes the runner's transitions without the checks of [`Game::play`]: the tile
    /// asked about may have no copy left in the stack, and a hill's tile under it is not
    /// known, and neither changes where a figure may stand.
    pub fn deployments_if_placed(
        &self,
        tile: usize,
        pos: Pos,
        rotation: Rotation,
    ) -> Vec<Deployment> {
        if self.game_over || !self.allows_placement(tile, pos, rotation) {
            return Vec::new();
        }
        let mut game = self.clone();
        game.keep_events = false;
        let bonus = is_bonus(&game.engine.catalog[tile]);
        let turn = game.turn.as_ref();
        let holds_it = turn
            .and_then(|t| t.hand)
            .is_some_and(|hand| hand.tile == tile);
        let turn_begun_to_draw = turn.is_some_and(|t| t.hand.is_none() && t.placed.is_none());
        if !holds_it {
            // The tile is drawn in this turn (its land tile, or the bonus tile it earned),
            // or else in the next.
            let drawn_in_this_turn = turn_begun_to_draw || (bonus && game.bonus_due());
            if !drawn_in_this_turn {
                let player = game.player_after_turn();
                game.end_turn();
                if game.game_over {
                    return Vec::new();
                }
                game.open_turn(player);
            }
            game.settle();
            game.apply_draw(tile, bonus);
        }
        game.settle();
        game.apply_place(Some((pos, rotation)));
        game.legal_deployments()
    }
}

/// The land and the bonus tiles in stacks of `counts` copies of each tile of `catalog`.
pub(super) fn stack_sizes(catalog: &[CompiledTile], counts: &[u32]) -> (u32, u32) {
    let (mut land, mut bonus) = (0u32, 0u32);
    for (tile, count) in catalog.iter().zip(counts) {
        let left = if is_bonus(tile) {
            &mut bonus
        } else {
            &mut land
        };
        *left = left.saturating_add(*count);
    }
    (land, bonus)
}

/// Makes `counts` `len` zeros, in place when it has that length already (every turn of a game
/// but its first: a fill, not a call to grow it).
pub(super) fn zero<T: Copy + Default>(counts: &mut Vec<T>, len: usize) {
    if counts.len() == len {
        counts.fill(T::default());
    } else {
        counts.clear();
        counts.resize(len, T::default());
    }
}
