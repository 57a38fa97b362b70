//! The policies: how the random and the greedy player choose a placement, a deployment or
//! pass, and one of the ruleset's own moves, and the immediate value of a placement that the
//! greedy policy and the search's prior read. Apart from the game loop (`playthrough.rs`),
//! which asks them at each decision.

use crate::engine::{CompiledTile, Engine, PlacementId, Pos, Preview, Rotation};
use crate::model::{Action, Completion, FeatureKind, Side};
use crate::play::{Game, GameMove};
use crate::rules::Decision;

use super::playthrough::Playthrough;
use super::{PLAYER_NAMES, Policy};

/// The points a placement would bring the player at once: features it completes where the
/// player has the majority of figures, or that are empty (a figure of the player's could go
/// there and score). `previews` is a buffer for [`crate::engine::Engine::preview`].
pub(crate) fn immediate_value(
    game: &mut Game,
    tile: usize,
    (pos, rotation): (Pos, Rotation),
    player: usize,
    previews: &mut Vec<Preview>,
) -> i64 {
    let engine = &mut game.engine;
    let neighbours = engine.neighbours(pos);
    if !may_close(&engine.catalog[tile], rotation, neighbours) {
        // Every test that plays the greedy policy checks the shortcut against the preview.
        debug_assert_eq!(
            closing_value(engine, tile, rotation, neighbours, player, previews),
            0,
            "a placement of tile {tile} at {pos:?} closes a feature with an end left open"
        );
        return 0;
    }
    closing_value(engine, tile, rotation, neighbours, player, previews)
}

/// [`immediate_value`] of the placement of `tile` turned by `rotation` among `neighbours`, from
/// its preview.
fn closing_value(
    engine: &mut Engine,
    tile: usize,
    rotation: Rotation,
    neighbours: [Option<PlacementId>; 4],
    player: usize,
    previews: &mut Vec<Preview>,
) -> i64 {
    engine.preview(tile, rotation, neighbours, previews);
    let mut value = 0;
    for preview in previews.iter() {
        let per_tile = closed_value_per_tile(preview.kind);
        if preview.open_ends > 0 || per_tile == 0 {
            continue;
        }
        let mut tiles = 1;
        // Figures on the feature per player (at most six players): no map, no copy of
        // the features' lists, for every placement of every tile the policy looks at.
        let mut counts = [0u32; PLAYER_NAMES.len()];
        for root in &preview.joins {
            tiles += engine.tile_count(*root) as i64;
            // The root found once (`component` compresses its path), then read by index.
            let standing = engine.component(*root).figures.len();
            for at in 0..standing {
                let id = engine.component(*root).figures[at];
                let figure = &engine.figures[id as usize];
                if figure.on_board
                    && let Some(count) = counts.get_mut(figure.player)
                {
                    *count += 1;
                }
            }
        }
        let points = i64::from(per_tile) * tiles;
        let most = counts.iter().copied().max().unwrap_or(0);
        if most == 0 || counts.get(player).copied() == Some(most) {
            value += points;
        }
    }
    value
}

/// Whether a feature of the tile, turned by `rotation` among `neighbours`, could close and pay
/// at once ([`closed_value_per_tile`]): it has no end on a side where no tile lies beside it,
/// which would stay open. Most placements of a game close nothing, and this is told from the
/// tile's sides alone, without the union-find lookups of a preview.
fn may_close(
    tile: &CompiledTile,
    rotation: Rotation,
    neighbours: [Option<PlacementId>; 4],
) -> bool {
    // The features with an end on an open side, a bit each (a tile of more than 64 features,
    // which no tile set has, is previewed whole).
    if tile.features.len() > 64 {
        return true;
    }
    let mut left_open = 0u64;
    for side in Side::ALL {
        if neighbours[side.index()].is_none() {
            left_open |= tile.ends_on_side[rotation.to_tile(side).index()];
        }
    }
    tile.features.iter().enumerate().any(|(index, feature)| {
        left_open & (1 << index) == 0 && closed_value_per_tile(feature.kind) > 0
    })
}

/// What a feature of `kind` is worth a tile at once when a placement closes its last end, as
/// the greedy policy counts it: a completed city's or forest's 2, a road's or river's 1, and
/// nothing for the kinds no closing completes (a monastery, a garden, a field, a lake) or that
/// are worth nothing until the end (a meadow).
pub(super) fn closed_value_per_tile(kind: FeatureKind) -> u32 {
    match kind.completion() {
        Completion::Ends => kind.nominal_points_per_tile(true),
        Completion::Square | Completion::Enclosed | Completion::Never => 0,
    }
}

// The policies' methods are `#[inline]`, as the generator's steps (rng.rs): the game loop
// (`play_turn`, playthrough.rs) calls them at every decision from another module, so another
// codegen unit; without the attribute the split of the simulator into its files cost 1.2 % of
// a run's CPU time (docs/performance.md).
impl Playthrough<'_, '_> {
    /// One of the legal placements of `tile` (scanned into `legal_placements`), as if picked
    /// from `Engine::legal_placements`'s sorted list: the random policy takes the k-th of that
    /// order without sorting or listing the rest.
    #[inline]
    pub(super) fn choose_placement(&mut self, tile: usize, player: usize) -> (Pos, Rotation) {
        if self.policy == Policy::Random {
            let k = self.rng.below(self.legal_placements.len());
            return self.legal_placements.kth(k);
        }
        // The greedy policy looks at the board for each placement: the list is taken out for
        // that while (the random one above uses it in place: no copy of the buffer a move).
        let mut legal = std::mem::take(&mut self.legal_placements);
        let mut best: Vec<(Pos, Rotation)> = Vec::new();
        let mut best_value = i64::MIN;
        for (pos, rotation) in legal.sorted() {
            let value =
                immediate_value(self.game, tile, (pos, rotation), player, &mut self.previews);
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push((pos, rotation));
            }
        }
        self.legal_placements = legal;
        best[self.rng.below(best.len())]
    }

    /// One of the ruleset's own moves of the figure step ([`Game::offers`]: a take-back),
    /// half of the time, the move at random among them; returns whether one was played (the
    /// turn's next decision then says whether a deployment is still due).
    #[inline]
    pub(super) fn ruleset_move_of_figure_step(&mut self) -> bool {
        let mut offers = self.game.offers(Decision::DeployOrPass);
        if offers.is_empty() || self.rng.below(2) == 0 {
            return false;
        }
        let offer = offers.swap_remove(self.rng.below(offers.len()));
        self.play_offer(offer);
        true
    }

    #[inline]
    pub(super) fn deploy_or_pass(&mut self) {
        let mut deployments = std::mem::take(&mut self.deployments);
        self.game.offered_deployments(&mut deployments);
        let chosen = match self.policy {
            Policy::Random if deployments.is_empty() || self.rng.below(2) == 0 => None,
            Policy::Random => Some(self.rng.below(deployments.len())),
            Policy::Greedy | Policy::Mcts(_) | Policy::Seats(_) => {
                // A figure on a feature this tile completed scores at once and comes back.
                let engine = &mut self.game.engine;
                let completed: Vec<usize> = (0..deployments.len())
                    .filter(|i| {
                        let d = &deployments[*i];
                        closed_value_per_tile(d.kind) > 0 && engine.component(d.node).open_ends == 0
                    })
                    .collect();
                if !completed.is_empty() {
                    Some(completed[self.rng.below(completed.len())])
                } else if !deployments.is_empty() && self.rng.below(3) == 0 {
                    Some(self.rng.below(deployments.len()))
                } else {
                    None
                }
            }
        };
        let chosen = chosen.map(|index| deployments[index]);
        self.deployments = deployments;
        match chosen {
            Some(deployment) => self.deploy(deployment),
            None => self.act(GameMove::Pass, |_| Action::Pass),
        }
    }

    /// A decision of the ruleset's own: one of its offers at random, a draw from the bag by a
    /// random number. Returns `false` when it offers nothing: the ruleset and the simulator
    /// disagree (a bug of carcspec, which debug builds stop at), and the turn ends there, so
    /// that the runner reports the decision left open as the ruleset words it and the game is
    /// rejected with that, instead of waiting for ever.
    #[inline]
    pub(super) fn ruleset_decision(&mut self, decision: Decision) -> bool {
        let offers = self.game.offers(decision);
        let offer = match offers.len() {
            0 => {
                debug_assert!(false, "the ruleset's decision {decision:?} offers no move");
                return false;
            }
            1 => offers[0],
            n => offers[self.rng.below(n)],
        };
        self.play_offer(offer);
        true
    }
}
