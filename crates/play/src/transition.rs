//! The moves of a game applied: one transition each for `turn`, `draw` and `bonus`, `under`,
//! `discard`, `place`, `deploy`, `pass`, `return`, a ruleset's own moves and `end`, with the
//! scoring of a placed tile (`settle`), the end of a turn and final scoring. The checker
//! (`crates/check/src/replay/`) validates a transcript's move, reports what it breaks, and calls
//! these; the simulator applies the moves it took from the ruleset's offers through
//! [`Game::play`], which calls the same ones without validating them again. So a game changes
//! the same way whoever plays it: the stacks, the hand, the supply, the figures and every
//! question to the ruleset (`after_draw`, what a discard brings, `after_placement`,
//! `deployed`, a take-back's `play`, `score_completed`, `after_scoring`, `end_turn`, `final_scoring`)
//! are written once, here.

use super::game::{Game, Hand, PlacedNow, Scored, Turn, zero};
use crate::engine::{FigureId, NodeId, PlacementId, Pos, Rotation};
use crate::model::TileKind;
use crate::rules::{Context, Decision, FigureSpec, Move, Outcome, Phase, ScoreEvent, TilePut};
use crate::setup::catalog::is_bonus;

/// The tile that `under` puts under a hill tile.
#[derive(Debug, Clone, Copy)]
pub enum UnderTile {
    /// A tile of the catalog.
    Named(usize),
    /// `under ?`: a tile the transcript does not name, which still leaves the stack.
    Unnamed,
    /// A tile id the game's tile sets do not have (reported by the checker).
    Unknown,
}

/// A move chosen among those the ruleset offers, by catalog index, node and figure id rather
/// than by the text's names (a transcript keeps the text), for [`Game::play`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GameMove {
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
    /// `deploy` of a figure on a feature of the tile just placed, as the move generator
    /// offered it.
    Deploy { figure: &'static str, node: NodeId },
    /// `pass`: no figure on the tile just placed.
    Pass,
    /// A move the ruleset offers ([`Game::offers`]): of its own decisions (`flock`, `grow`,
    /// `stable`), or a take-back of the figure step (`return`, [`Move::take_back`]).
    Ruleset(Move),
    /// `end` after the turn that placed the last land tile.
    End,
}

impl Game {
    /// Plays a move taken from the ruleset's offers without validating it (debug builds
    /// assert that it is legal): what the ruleset breaks is left in `violations`.
    pub fn play(&mut self, mv: GameMove) {
        // As the checker before every move but the pending decision's own (`flock`): the
        // ruleset's pending decision (there is none when the moves follow `decision()`) is
        // left.
        let answers_pending = match mv {
            GameMove::Ruleset(mv) => self.answers_pending(mv.keyword),
            _ => false,
        };
        if !answers_pending {
            self.leave_pending();
        }
        debug_assert!(
            !self.game_over || mv == GameMove::End,
            "a move after the end of the game"
        );
        debug_assert!(
            self.turn.is_some() || matches!(mv, GameMove::Turn { .. } | GameMove::End),
            "a move outside a turn"
        );
        match mv {
            GameMove::Turn { player } => {
                self.end_turn();
                debug_assert!(!self.game_over, "a turn after the end of the game");
                debug_assert_eq!(player, self.next_player, "a turn out of turn");
                self.open_turn(player);
            }
            GameMove::Draw { tile, bonus } => {
                self.settle();
                debug_assert!(self.turn.as_ref().is_some_and(|t| t.hand.is_none()));
                debug_assert_eq!(is_bonus(&self.engine.catalog[tile]), bonus);
                let taken = self.apply_draw(tile, bonus);
                debug_assert!(taken, "a draw of a tile not in the stack");
            }
            GameMove::Under { tile } => {
                debug_assert!(
                    self.turn.as_ref().is_some_and(|t| t.under_due()),
                    "an `under` with no hill drawn"
                );
                let taken = self.apply_under(UnderTile::Named(tile));
                debug_assert!(taken, "an `under` of a tile not in the stack");
            }
            GameMove::Discard => {
                let hand = self.apply_discard();
                debug_assert!(hand.is_some(), "a discard with no tile in hand");
                debug_assert!(
                    hand.is_none_or(|hand| !self.fits_somewhere(hand.tile)),
                    "a discard of a tile that fits"
                );
            }
            GameMove::Place { pos, rotation } => {
                self.settle();
                debug_assert!(
                    self.turn.as_ref().is_some_and(|t| !t.under_due()),
                    "a hill tile placed before its `under`"
                );
                debug_assert!(
                    self.turn
                        .as_ref()
                        .and_then(|t| t.hand)
                        .is_some_and(|hand| self.allows_placement(hand.tile, pos, rotation)),
                    "a placement that does not fit"
                );
                // The checker warns once about a tile whose power the ruleset ignores: a
                // warning, not a rule.
                self.apply_place(Some((pos, rotation)));
            }
            GameMove::Deploy { figure, node } => {
                let spec = self
                    .rules
                    .figure(figure)
                    .expect("a deployment of a figure of the game");
                debug_assert!(
                    self.turn
                        .as_ref()
                        .is_some_and(|turn| matches!(turn.phase, Phase::FigureStep)),
                    "a deployment with no tile just placed"
                );
                debug_assert!(spec.stands_on.contains(&self.engine.feature_kind(node)));
                debug_assert!(
                    self.turn
                        .as_ref()
                        .is_some_and(|turn| self.usable_figures(turn.player, spec.pool) > 0)
                );
                debug_assert!(
                    {
                        let view = self.turn_view();
                        let mut at = Context {
                            engine: &mut self.engine,
                            turn: view.as_ref(),
                            player: view.map_or(0, |view| view.player),
                            placement: view.and_then(|view| view.placed),
                        };
                        self.rules.blockers(&mut at, &spec, node).is_empty()
                    },
                    "a deployment on an occupied feature"
                );
                self.apply_deploy(Some((&spec, node)));
            }
            GameMove::Pass => {
                debug_assert!(
                    self.turn
                        .as_ref()
                        .is_some_and(|t| matches!(t.phase, Phase::FigureStep)),
                    "a `pass` with no tile just placed"
                );
                self.apply_pass();
            }
            GameMove::Ruleset(mv) if let Some(figure) = mv.taken_back() => {
                debug_assert!(
                    self.take_back_due(),
                    "a `return` the figure step does not allow"
                );
                debug_assert!(
                    self.turn.as_ref().is_some_and(|t| {
                        let f = &self.engine.figures[figure as usize];
                        f.on_board && f.player == t.player
                    }),
                    "a `return` of a figure the player does not have on the board"
                );
                self.apply_take_back(figure);
            }
            GameMove::Ruleset(mv) => self.ruleset_move(mv),
            GameMove::End => {
                self.end_turn();
                if !self.final_scored {
                    self.final_scoring();
                }
            }
        }
    }

    /// The ruleset's pending decision is left by another move: what that breaks.
    #[inline]
    pub fn leave_pending(&mut self) {
        if self.hooks.own_decisions
            && let Some(violation) = self.rules.leave_pending()
        {
            self.apply_outcome(Outcome::violation(violation));
        }
    }

    /// Lays the start tile of the catalog at 0,0 before the first turn; `false` when the
    /// catalog has none.
    pub fn lay_start_tile(&mut self) -> bool {
        let start = (0..self.engine.catalog.len())
            .find(|i| self.engine.catalog[*i].kind == TileKind::Start);
        let Some(tile) = start else {
            return false;
        };
        self.take_from_stack(tile);
        self.engine.place(tile, Pos::new(0, 0), Rotation(0));
        true
    }

    /// A copy of `tile` leaves its stack; `false` when none is left.
    pub fn take_from_stack(&mut self, tile: usize) -> bool {
        if self.stack[tile] == 0 {
            return false;
        }
        self.stack[tile] -= 1;
        // Saturating: tiles that left unnamed (`under ?`) are counted in `land_left` only.
        if is_bonus(&self.engine.catalog[tile]) {
            self.bonus_left = self.bonus_left.saturating_sub(1);
        } else {
            self.land_left = self.land_left.saturating_sub(1);
        }
        true
    }

    /// An excerpt starts where its first draw says: the tiles of the draw groups before the
    /// drawn tile's (The River's river tiles, before a land tile) were drawn before the
    /// excerpt begins, off its picture, and leave the stacks, so that its draws follow what
    /// it shows (docs/game-language.md, "Recorded games and excerpts").
    pub fn begin_excerpt_at(&mut self, tile: usize) {
        if !self.ordered_draws {
            return;
        }
        let group = self.rules.draw_group(&self.engine.catalog[tile]);
        for index in 0..self.stack.len() {
            let other = &self.engine.catalog[index];
            if index != tile && !is_bonus(other) && self.rules.draw_group(other) < group {
                while self.take_from_stack(index) {}
            }
        }
    }

    /// A setup's `lay`: the tile lies on the board, outside any turn.
    pub fn lay(&mut self, tile: usize, pos: Pos, rotation: Rotation) {
        let (_, roots) = self.put_tile(tile, pos, rotation);
        self.spare_roots = roots;
    }

    /// Starts `player`'s turn: the next player is the one after, and the turn's lists are
    /// emptied.
    pub fn open_turn(&mut self, player: usize) {
        self.turns_started = true;
        let players = self.setup.players.len();
        self.next_player = (player + 1) % players;
        let pools = self.pools().len();
        // The per-player counts of the turn that ended, emptied: no vectors per turn.
        let (mut returned, mut points) = self.spare_turn.take().unwrap_or_default();
        zero(&mut returned, players * pools);
        zero(&mut points, players);
        self.turn = Some(Turn {
            player,
            phase: Phase::TurnBegins,
            ruleset_step: None,
            hand: None,
            placed: None,
            land_placed: false,
            land_drawn: false,
            redraw_due: None,
            bonus_earned: false,
            bonus_drawn: false,
            returned,
            pools,
            points,
            first_figure: self.engine.figures.len(),
        });
        if self.hooks.turn_begins
            && let Some(view) = self.turn_view()
        {
            let outcome = self.rules.turn_begins(&mut self.engine, &view);
            self.apply_outcome(outcome);
        }
    }

    /// `draw <tile>` (or `bonus <tile>`): the tile drawn leaves its stack when it is in that
    /// stack (returns whether it was) and comes into the hand; the ruleset says whether a tile
    /// goes under it (a hill). The tile placed before is scored already: the callers settle
    /// it first, since the checks of a draw read what its scoring earned (a bonus tile).
    pub fn apply_draw(&mut self, tile: usize, bonus: bool) -> bool {
        if self.ordered_draws
            && !bonus
            && self.stack[tile] > 0
            && let Some(violation) =
                self.rules
                    .draw_violation(&self.engine.catalog, &self.stack, tile)
        {
            self.violations.push(violation);
        }
        let taken = is_bonus(&self.engine.catalog[tile]) == bonus && self.take_from_stack(tile);
        let hill_takes_a_tile = self
            .rules
            .after_draw(&self.engine.catalog[tile], self.land_left)
            == Some(Decision::UnderTile);
        let turn = self.turn.as_mut().expect("in a turn");
        if bonus {
            turn.bonus_drawn = true;
        } else {
            turn.land_drawn = true;
        }
        turn.redraw_due = None;
        turn.phase = Phase::Tile {
            under_due: hill_takes_a_tile,
        };
        turn.hand = Some(Hand { tile, bonus });
        taken
    }

    /// `under <tile>`: the hill tile's tile is recorded; it leaves the land stack. Returns
    /// whether a named tile was a land tile still in the stack.
    pub fn apply_under(&mut self, tile: UnderTile) -> bool {
        if let Some(turn) = self.turn.as_mut() {
            // The hill tile in hand is placed next; one discarded before its tile was
            // recorded leaves the turn to draw again.
            turn.phase = if turn.hand.is_some() {
                Phase::Tile { under_due: false }
            } else {
                turn.phase_without_tile()
            };
        }
        match tile {
            UnderTile::Named(tile) => {
                !is_bonus(&self.engine.catalog[tile]) && self.take_from_stack(tile)
            }
            UnderTile::Unnamed => {
                // Counted in `land_left` only: the game is one tile shorter.
                self.land_left = self.land_left.saturating_sub(1);
                true
            }
            UnderTile::Unknown => false,
        }
    }

    /// `discard`: the tile in hand leaves the game (returned, `None` when the hand is empty).
    /// The ruleset says whether a bonus tile is drawn again (a land tile always is).
    pub fn apply_discard(&mut self) -> Option<Hand> {
        let redrawn_bonus = self.rules.unplaceable_bonus_tile_redrawn();
        let turn = self.turn.as_mut().expect("in a turn");
        let hand = turn.hand.take()?;
        // A hill tile's tile under it was drawn with it: it is still to be recorded.
        if !turn.under_due() {
            turn.phase = turn.phase_without_tile();
        }
        let redrawn = !hand.bonus || redrawn_bonus;
        if hand.bonus && redrawn {
            // “If there is no legal place for the bonus card, the player discards it from the
            // game and draws another.”
            turn.bonus_drawn = false;
        }
        // “it is removed from the game, and the player draws another”
        turn.redraw_due = redrawn.then_some(hand.bonus);
        Some(hand)
    }

    /// `place at <pos> <rotation>`: the tile in hand leaves it (a land tile is the turn's
    /// land tile; a tile still due under it is no longer asked for) and lies at `at`, where
    /// its immediate effects act. `at` is `None` for a position already taken, the one move
    /// the checker cannot play as written: the tile is then gone. The hand must hold a tile,
    /// and the tile placed before is scored already (the callers settle it first).
    pub fn apply_place(&mut self, at: Option<(Pos, Rotation)>) {
        let turn = self.turn.as_mut().expect("in a turn");
        let hand = turn.hand.take().expect("a tile in hand to place");
        if !hand.bonus {
            turn.land_placed = true;
        }
        // A tile lost (`at` is `None`) leaves the turn as a discard does.
        turn.phase = turn.phase_without_tile();
        if let Some((pos, rotation)) = at {
            if self.placement_ruled[hand.tile]
                && self
                    .engine
                    .check_placement(hand.tile, pos, rotation)
                    .is_ok()
                && let Some(violation) =
                    self.rules
                        .placement_violation(&self.engine, hand.tile, pos, rotation)
            {
                self.violations.push(violation);
            }
            let (placement, roots) = self.put_tile(hand.tile, pos, rotation);
            self.placed(placement, hand.bonus, roots);
        }
    }

    /// A tile laid on the board (by `place`, or by a setup's `lay`): the engine's placement.
    fn put_tile(
        &mut self,
        tile: usize,
        pos: Pos,
        rotation: Rotation,
    ) -> (PlacementId, Vec<NodeId>) {
        let mut roots = std::mem::take(&mut self.spare_roots);
        let placement = self.engine.place_into(tile, pos, rotation, &mut roots);
        (placement, roots)
    }

    /// The turn's tile lies at `placement`: it is the tile figures go on now, and its
    /// immediate effects (the ruleset's powers) act before its occupation.
    fn placed(&mut self, placement: PlacementId, bonus: bool, roots: Vec<NodeId>) {
        let turn = self.turn.as_mut().expect("in a turn");
        turn.placed = Some(PlacedNow {
            placement,
            bonus,
            roots,
            deployed: false,
            took_back: None,
            took_back_instead: false,
        });
        turn.phase = Phase::FigureStep;
        if let Some(view) = self.turn_view() {
            let outcome = self
                .rules
                .after_placement(&mut self.engine, &view, placement);
            self.apply_outcome(outcome);
        }
    }

    /// `deploy <figure> on <feature>`: the turn's player's figure of `spec` stands on the node
    /// (`None` when the text names no figure of the game or no feature: no figure), and the
    /// tile's figure step is over ([`Game::end_figure_step`]).
    pub fn apply_deploy(&mut self, deployment: Option<(&FigureSpec, NodeId)>) {
        let player = self.turn.as_ref().expect("in a turn").player;
        if let Some((spec, node)) = deployment {
            self.stand(player, spec, node);
        }
        if let Some(placed) = self.turn.as_mut().and_then(|t| t.placed.as_mut()) {
            placed.deployed = true;
        }
        self.end_figure_step();
    }

    /// `pass`: no figure on the tile just placed; its figure step is over
    /// ([`Game::end_figure_step`]).
    pub fn apply_pass(&mut self) {
        self.end_figure_step();
    }

    /// The figure step of the tile just placed is over (a deployment, a pass, a take-back
    /// instead of the deployment): the ruleset's steps before its scoring follow, where the
    /// game's expansions have any ([`Rules::before_scoring`](crate::rules::Rules::before_scoring)),
    /// else the tile is scored at once. A move of the figure step that comes out of it (the
    /// checker plays a second deployment as written) scores the tile if it is not yet.
    fn end_figure_step(&mut self) {
        if self.hooks.before_scoring
            && self
                .turn
                .as_ref()
                .is_some_and(|t| matches!(t.phase, Phase::FigureStep))
            && self.ruleset_step_due()
        {
            return;
        }
        self.settle();
    }

    /// Asks the ruleset for its decision before the scoring of the tile just placed: the turn
    /// waits in [`Phase::RulesetSteps`] while it has one (returns whether it has).
    fn ruleset_step_due(&mut self) -> bool {
        let Some(view) = self.turn_view() else {
            return false;
        };
        let mut at = Context {
            engine: &mut self.engine,
            turn: Some(&view),
            player: view.player,
            placement: view.placed,
        };
        let step = self.rules.before_scoring(&mut at);
        match (step, self.turn.as_mut()) {
            (Some(decision), Some(turn)) => {
                turn.phase = Phase::RulesetSteps;
                turn.ruleset_step = Some(decision);
                true
            }
            _ => false,
        }
    }

    /// A figure of `player`'s supply stands on `node` (a deployment, or a setup's `put`), and
    /// the ruleset learns of it.
    pub fn stand(&mut self, player: usize, spec: &FigureSpec, node: NodeId) -> FigureId {
        let pool = spec.pool;
        self.supply[player][pool] = self.supply[player][pool].saturating_sub(1);
        let tag = self.engine.figures.len();
        let figure = self
            .engine
            .deploy(player, spec.kind, node, spec.holds_river_system, tag);
        self.rules
            .deployed(&self.engine, figure, node, !self.turns_started);
        figure
    }

    /// `return <figure> …`: the turn's player takes `figure` back to the supply in the figure
    /// step of the tile just placed, once, as the ruleset's take-back allows it. The ruleset
    /// plays its effects first (the points of an abbot's return, the count of powers used);
    /// a take-back that the ruleset says was the tile's figure step (the abbot's, instead of
    /// the deployment: [`Outcome::figure_step_done`]) is followed at once by the tile's
    /// scoring, as after a deployment.
    pub fn apply_take_back(&mut self, figure: FigureId) {
        let setup = !self.turns_started;
        let outcome = self
            .rules
            .play(&mut self.engine, Move::take_back(figure), setup);
        let taken = &self.engine.figures[figure as usize];
        let player = taken.player;
        let pool = self.rules.figure(taken.kind.0).map_or(0, |s| s.pool);
        self.engine.return_figure(figure);
        self.supply[player][pool] += 1;
        let instead_of_deployment = outcome.figure_step_done;
        if let Some(placed) = self.turn.as_mut().and_then(|t| t.placed.as_mut()) {
            placed.took_back = Some((player, pool));
            placed.took_back_instead = instead_of_deployment;
        }
        self.apply_outcome(outcome);
        if instead_of_deployment {
            self.end_figure_step();
        }
    }

    /// A move of the ruleset's own decisions (`flock`, `grow`, `stable`; a `return` is the
    /// take-back's transition), played by the ruleset; what it brings is applied. In the
    /// ruleset's steps before the tile's scoring ([`Phase::RulesetSteps`]), the ruleset is
    /// asked for its next decision there, and the tile is scored when it has none left.
    pub fn ruleset_move(&mut self, mv: Move) {
        if let Some(figure) = mv.taken_back() {
            self.apply_take_back(figure);
            return;
        }
        let setup = !self.turns_started;
        let outcome = self.rules.play(&mut self.engine, mv, setup);
        // A move that was the tile's figure step (a barn instead of a follower) ends it, as a
        // deployment does.
        let figure_step_done = outcome.figure_step_done
            && self
                .turn
                .as_ref()
                .is_some_and(|t| matches!(t.phase, Phase::FigureStep));
        self.apply_outcome(outcome);
        if figure_step_done {
            if let Some(placed) = self.turn.as_mut().and_then(|t| t.placed.as_mut()) {
                placed.deployed = true;
            }
            self.end_figure_step();
            return;
        }
        if self.hooks.before_scoring
            && self
                .turn
                .as_ref()
                .is_some_and(|t| matches!(t.phase, Phase::RulesetSteps))
            && !self.ruleset_step_due()
        {
            self.settle();
        }
    }

    /// Keeps the rules broken, scores the points and puts the figures sent home back in their
    /// owners' supplies.
    pub(crate) fn apply_outcome(&mut self, outcome: Outcome) {
        // Most outcomes (the end of every turn, the flocks' look after every scoring) bring
        // nothing: no loops to enter and no vectors to drop.
        if outcome.violations.is_empty()
            && outcome.events.is_empty()
            && outcome.returned.is_empty()
            && outcome.deployed.is_empty()
            && outcome.tile_put.is_none()
        {
            return;
        }
        self.violations.extend(outcome.violations);
        self.apply_events(&outcome.events, false);
        for figure in outcome.returned {
            self.give_back(figure);
        }
        for figure in outcome.deployed {
            self.take_from_supply(figure);
        }
        if let Some(put) = outcome.tile_put {
            self.put_turn_tile(put);
        }
    }

    /// A tile a ruleset's move puts down as the turn's tile, in place of a drawn one (the
    /// abbey): it lies on the board and the turn goes on to its figure step, as after `place`.
    /// The ruleset has checked where it may lie; a square that holds a tile keeps it.
    fn put_turn_tile(&mut self, put: TilePut) {
        let Some(turn) = self.turn.as_mut() else {
            return;
        };
        if self.engine.at(put.pos).is_some() || put.tile >= self.engine.catalog.len() {
            return;
        }
        turn.land_placed = true;
        let (placement, roots) = self.put_tile(put.tile, put.pos, put.rotation);
        self.placed(placement, false, roots);
    }

    /// Scores what the tile just placed completed (after its deployment), returns figures, and
    /// notes an earned bonus tile; nothing when the tile is scored already (most calls: each
    /// draw, placement and end of turn settles the tile before).
    #[inline]
    pub fn settle(&mut self) {
        if self.turn.as_ref().is_some_and(|t| t.phase.before_scoring()) {
            self.settle_placed();
        }
    }

    fn settle_placed(&mut self) {
        let Some(turn) = self.turn.as_mut() else {
            return;
        };
        let Some(placed) = turn.placed.as_mut() else {
            return;
        };
        turn.phase = Phase::Scoring;
        turn.ruleset_step = None;
        // Nothing reads a tile's roots after its scoring.
        let roots = std::mem::take(&mut placed.roots);
        let (bonus, placement) = (placed.bonus, placed.placement);
        let mut completion = std::mem::take(&mut self.spare_completion);
        completion.clear();
        let view = self.turn_view();
        let mut at = Context {
            engine: &mut self.engine,
            turn: view.as_ref(),
            player: view.map_or(0, |view| view.player),
            placement: Some(placement),
        };
        self.rules.score_completed(&mut at, &roots, &mut completion);
        self.apply_events(&completion.events, false);
        for &root in &completion.returned {
            for figure in self.engine.return_figures(root) {
                self.give_back(figure);
            }
        }
        if self
            .rules
            .earns_bonus_turn(&completion, bonus, self.bonus_left)
            && let Some(turn) = self.turn.as_mut()
        {
            turn.bonus_earned = true;
        }
        if self.hooks.after_scoring
            && let Some(view) = self.turn_view()
        {
            let outcome = self.rules.after_scoring(&mut self.engine, &view, &roots);
            self.apply_outcome(outcome);
        }
        // The lists go back to be filled by the next placement (`place_into` empties the
        // roots, `settle` the completion).
        self.spare_roots = roots;
        self.spare_completion = completion;
    }

    /// A figure a ruleset's move put into play leaves its owner's supply; one put from an
    /// empty supply is reported (V108), and stays in play as written.
    fn take_from_supply(&mut self, figure: FigureId) {
        let figure = &self.engine.figures[figure as usize];
        let (player, kind) = (figure.player, figure.kind);
        let pool = self.rules.figure(kind.0).map_or(0, |s| s.pool);
        let Some(supply) = self.supply.get_mut(player).and_then(|s| s.get_mut(pool)) else {
            return;
        };
        if *supply == 0 {
            self.violations.push(crate::rules::Violation::new(
                &carcspec_core::codes::SUPPLY_EMPTY,
                format!("no {} left in the supply", kind.0),
                "the supply is empty",
                "a figure goes into play only from its owner's supply",
            ));
            return;
        }
        *supply -= 1;
    }

    fn give_back(&mut self, figure: FigureId) {
        let figure = self.engine.figures[figure as usize].clone();
        let pool = self.rules.figure(figure.kind.0).map_or(0, |s| s.pool);
        self.supply[figure.player][pool] += 1;
        if let Some(turn) = self.turn.as_mut() {
            debug_assert!(pool < turn.pools, "a figure of no pool of the ruleset");
            turn.returned[figure.player * turn.pools + pool] += 1;
        }
    }

    fn apply_events(&mut self, events: &[ScoreEvent], is_final: bool) {
        if events.is_empty() {
            return;
        }
        for event in events {
            // A payment moves what the payer has, up to its points: a score never goes
            // below 0 (docs/rules/carcassonne.md, "Points paid between players").
            let points = match event.payer() {
                None => event.points,
                Some(payer) => self.pay(payer, event.points, event.players.len()),
            };
            for player in &event.players {
                self.scores[*player] += i64::from(points);
                if let Some(turn) = self.turn.as_mut() {
                    turn.points[*player] += i64::from(points);
                }
            }
            if !self.keep_events {
                continue;
            }
            self.scored.push(Scored {
                players: event
                    .players
                    .iter()
                    .map(|p| self.setup.players[*p].clone())
                    .collect(),
                points,
                breakdown: event.breakdown.text(points),
                family: event.family().to_string(),
                paid_by: event.payer().map(|p| self.setup.players[p].clone()),
                is_final,
            });
        }
        if self.hooks.follows_scores {
            self.rules.scores_changed(&self.scores);
        }
    }

    /// Takes from `payer` what a payment of `points` to each of `payees` players moves: the
    /// most each payee can be paid alike without the payer's score going below 0. Returns
    /// what each payee gets.
    fn pay(&mut self, payer: usize, points: u32, payees: usize) -> u32 {
        let payees = payees.max(1) as i64;
        let affordable = (self.scores[payer].max(0) / payees).min(i64::from(points));
        self.scores[payer] -= affordable * payees;
        if let Some(turn) = self.turn.as_mut() {
            turn.points[payer] -= affordable * payees;
        }
        affordable as u32
    }

    /// Closes the current turn: the scoring of its last tile, what the ruleset finds at the
    /// end of a turn, and the end of the game when the land stack is empty.
    pub(crate) fn end_turn(&mut self) {
        self.settle();
        if self.turn.is_none() {
            return;
        }
        self.rules_end_turn();
        if self.turn.is_some() {
            self.close_turn();
        }
    }

    /// The turn ends ([`Phase::TurnEnds`]): what the ruleset finds at its end (a flock step
    /// left out).
    pub fn rules_end_turn(&mut self) {
        if let Some(turn) = self.turn.as_mut() {
            turn.phase = Phase::TurnEnds;
        }
        let violations = self.rules.end_turn();
        self.apply_outcome(Outcome {
            violations,
            ..Default::default()
        });
    }

    /// The turn is over (its tile scored, the ruleset asked): the game ends when the land
    /// stack is empty.
    pub fn close_turn(&mut self) {
        if self.land_left == 0 && !self.game_over {
            // “The game ends at the end of the turn in which the last land tile is placed.”
            self.final_scoring();
        }
        // The volcano lake's player takes another turn at once (The River II).
        self.next_player = self.player_after_turn();
        // The per-player counts go back to be emptied by the next turn.
        if let Some(turn) = self.turn.as_mut() {
            let counts = (
                std::mem::take(&mut turn.returned),
                std::mem::take(&mut turn.points),
            );
            self.spare_turn = Some(counts);
        }
        self.turn = None;
    }

    /// Final scoring; the game is over.
    pub fn final_scoring(&mut self) {
        // The figures final scoring takes off the board (tribe members in incomplete forests
        // and rivers) go home as every other: into their owners' supplies.
        let mut standing = Vec::with_capacity(self.engine.figures.len());
        standing.extend(
            (0..self.engine.figures.len() as FigureId)
                .filter(|f| self.engine.figures[*f as usize].on_board),
        );
        let events = self.rules.final_scoring(&mut self.engine);
        self.apply_events(&events, true);
        for figure in standing {
            if !self.engine.figures[figure as usize].on_board {
                self.give_back(figure);
            }
        }
        self.final_scored = true;
        self.game_over = true;
    }
}
