//! The moves of a turn applied: one transition each for `draw` and `bonus`, `under`,
//! `discard`, `place`, `deploy` and `return`. The checked moves of `mod.rs` (and `powers.rs`,
//! `turn.rs`) validate the text and report what it breaks, then call these; the simulator's
//! fast path (`fast.rs`) calls the same ones for the moves it took from the ruleset's offers.
//! So a game changes the same way whichever path plays it: the stacks, the hand, the supply,
//! the figures and every question to the ruleset (`after_draw`, what a discard brings,
//! `after_placement`, `deployed`, `took_back`, the scoring of `settle`) are written once, here.

use super::{Hand, PlacedNow, Replay, is_bonus};
use crate::engine::{FigureId, NodeId, PlacementId, Pos, Rotation};
use crate::rules::{Decision, FigureSpec};

/// The tile that `under` puts under a hill tile.
#[derive(Debug, Clone, Copy)]
pub(super) enum UnderTile {
    /// A tile of the catalog.
    Named(usize),
    /// `under ?`: a tile the transcript does not name, which still leaves the stack.
    Unnamed,
    /// A tile id the game's tile sets do not have (reported by the checked move).
    Unknown,
}

impl Replay<'_> {
    /// `draw <tile>` (or `bonus <tile>`): the tile drawn leaves its stack when it is in that
    /// stack (returns whether it was) and comes into the hand; the ruleset says whether a tile
    /// goes under it (a hill). The tile placed before is scored already: both paths settle it
    /// first, since the checks of a draw read what its scoring earned (a bonus tile).
    pub(super) fn apply_draw(&mut self, tile: usize, bonus: bool) -> bool {
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
        turn.needs_under = hill_takes_a_tile;
        turn.hand = Some(Hand { tile, bonus });
        taken
    }

    /// `under <tile>`: the hill tile's tile is recorded; it leaves the land stack. Returns
    /// whether a named tile was a land tile still in the stack.
    pub(super) fn apply_under(&mut self, tile: UnderTile) -> bool {
        if let Some(turn) = self.turn.as_mut() {
            turn.needs_under = false;
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
    pub(super) fn apply_discard(&mut self) -> Option<Hand> {
        let redrawn_bonus = self.rules.unplaceable_bonus_tile_redrawn();
        let turn = self.turn.as_mut().expect("in a turn");
        let hand = turn.hand.take()?;
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
    /// and the tile placed before is scored already (both paths settle it first).
    pub(super) fn apply_place(&mut self, at: Option<(Pos, Rotation)>) {
        let turn = self.turn.as_mut().expect("in a turn");
        let hand = turn.hand.take().expect("a tile in hand to place");
        if !hand.bonus {
            turn.land_placed = true;
        }
        turn.needs_under = false;
        if let Some((pos, rotation)) = at {
            let (placement, roots) = self.put_tile(hand.tile, pos, rotation);
            self.placed(placement, hand.bonus, roots);
        }
    }

    /// A tile laid on the board (by `place`, or by a setup's `lay`): the engine's placement,
    /// with the step that placed it for the labels of later moves.
    pub(super) fn put_tile(
        &mut self,
        tile: usize,
        pos: Pos,
        rotation: Rotation,
    ) -> (PlacementId, Vec<NodeId>) {
        let mut roots = std::mem::take(&mut self.spare_roots);
        let placement = self.engine.place_into(tile, pos, rotation, &mut roots);
        self.placement_steps.push(self.current_step);
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
            settled: false,
            took_back: None,
        });
        if let Some(view) = self.turn_view() {
            let outcome = self
                .rules
                .after_placement(&mut self.engine, &view, placement);
            self.apply_outcome(outcome);
        }
    }

    /// `deploy <figure> on <feature>`: the turn's player's figure of `spec` stands on the node
    /// (`None` when the text names no figure of the game or no feature: no figure), the tile's
    /// figure step is over and what it completed is scored.
    pub(super) fn apply_deploy(&mut self, deployment: Option<(&FigureSpec, NodeId)>) {
        let player = self.turn.as_ref().expect("in a turn").player;
        if let Some((spec, node)) = deployment {
            self.stand(player, spec, node);
        }
        if let Some(placed) = self.turn.as_mut().and_then(|t| t.placed.as_mut()) {
            placed.deployed = true;
        }
        self.settle();
    }

    /// A figure of `player`'s supply stands on `node` (a deployment, or a setup's `put`), and
    /// the ruleset learns of it.
    pub(super) fn stand(&mut self, player: usize, spec: &FigureSpec, node: NodeId) -> FigureId {
        let pool = spec.pool;
        self.supply[player][pool] = self.supply[player][pool].saturating_sub(1);
        let figure = self.engine.deploy(
            player,
            spec.kind,
            node,
            spec.holds_river_system,
            self.figure_steps.len(),
        );
        self.rules
            .deployed(&self.engine, figure, node, !self.turns_started);
        debug_assert_eq!(figure as usize, self.figure_steps.len());
        self.figure_steps.push(self.current_step);
        figure
    }

    /// `return <figure> …`: the shaman's power takes the turn's player's figure `figure` (of
    /// pool `pool`) back to the supply, once for the tile just placed.
    pub(super) fn apply_return(&mut self, figure: FigureId, pool: usize) {
        let player = self.engine.figures[figure as usize].player;
        self.engine.return_figure(figure);
        self.supply[player][pool] += 1;
        self.rules.took_back();
        if let Some(placed) = self.turn.as_mut().and_then(|t| t.placed.as_mut()) {
            placed.took_back = Some((player, pool));
        }
    }
}
