//! What a simulated game showed: its result ([`GameResult`]: the scores, the tiles placed and
//! discarded, the features at the end, the powers and the searches) and what each placed tile
//! became ([`TileOutcome`], for the balance reports). Apart from the game loop: the statistics,
//! the shards and the comparisons read these alone.

use crate::model::{Completion, FeatureKind, Script};

/// One simulated game and what it showed.
#[derive(Debug, Clone)]
pub struct GameResult {
    /// The game as a script: printed with `format::game::print_script`, it checks clean. Its
    /// steps are empty unless the configuration asks for `transcripts`.
    pub script: Script,
    pub scores: Vec<i64>,
    pub turns: usize,
    /// Catalog index of every tile drawn when it fit nowhere.
    pub discarded: Vec<usize>,
    /// Catalog index of every tile placed.
    pub placed: Vec<usize>,
    /// Every feature at the end: kind, tiles it covers, completed or not.
    pub features: Vec<(FeatureKind, usize, bool)>,
    pub bonus_tiles: usize,
    /// The counts the rulesets keep of their own state at the end of the game (Hills &
    /// Sheep's flocks to the stable, the 2020 powers used), one for each of
    /// [`crate::rules::statistic_counts`], in that order.
    pub counts: Vec<u32>,
    /// What each placed tile became by the end of the game, in the order of the placements:
    /// empty unless the run asks for it ([`RunOptions::per_tile`], the balance reports).
    ///
    /// [`RunOptions::per_tile`]: super::RunOptions::per_tile
    pub tile_outcomes: Vec<TileOutcome>,
    /// Decisions each seat's search took (`--policy mcts`; those of one move are not
    /// searched): empty when no seat searches.
    pub searched: Vec<usize>,
}

impl GameResult {
    /// A game about to be played, under `script`'s header: nothing happened yet.
    pub(super) fn empty(script: Script) -> GameResult {
        GameResult {
            script,
            scores: Vec::new(),
            turns: 0,
            discarded: Vec::new(),
            placed: Vec::new(),
            features: Vec::new(),
            bonus_tiles: 0,
            counts: Vec::new(),
            tile_outcomes: Vec::new(),
            searched: Vec::new(),
        }
    }
}

/// What one placed tile became by the end of its game (see [`tile_outcomes`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileOutcome {
    /// Catalog index of the tile.
    pub tile: usize,
    /// The nominal points of the features the tile lies in at the end ([`nominal_points`]),
    /// summed over those features (each once, however many of its segments the tile holds).
    pub points: u32,
    /// Whether the tile was the one that completed a feature: one it lies in, or a monastery
    /// or garden it is a neighbour of.
    pub completed_a_feature: bool,
}

/// The points a feature is worth for the per-tile figures, the same under every ruleset: a
/// feature completed by its square (a monastery, a garden) its tile and the tiles around it,
/// any other its tiles at the kind's nominal points a tile
/// ([`FeatureKind::nominal_points_per_tile`]: twice for a completed city or forest, nothing
/// for a field or a lake).
pub fn nominal_points(kind: FeatureKind, tiles: u32, completed: bool, around: u32) -> u32 {
    match kind.completion() {
        Completion::Square => 1 + around,
        Completion::Ends | Completion::Enclosed | Completion::Never => {
            kind.nominal_points_per_tile(completed) * tiles
        }
    }
}

/// What every placed tile of a finished game became, in the order of the placements (the
/// start tile, which no player placed, left out): the nominal points of the features it lies
/// in, and whether it completed a feature ([`FeatureKind::completion`]) — the last tile placed
/// of one completed by its ends (a road, city, forest, river, meadow), or the last of the nine
/// tiles of one completed by its square (a monastery, a garden).
pub(crate) fn tile_outcomes(engine: &mut crate::engine::Engine) -> Vec<TileOutcome> {
    let tiles = engine.tile_counts();
    let placements = engine.placements.len();
    // By root: the feature's nominal points and the placement that completed it.
    let mut points = vec![0u32; tiles.len()];
    let mut completer = vec![u32::MAX; tiles.len()];
    for root in engine.feature_roots() {
        let component = engine.component(root);
        let (Some(kind), open_ends) = (component.kind, component.open_ends) else {
            continue;
        };
        let (completed, around, last) = match kind.completion() {
            Completion::Square => {
                let pos = engine.placement(engine.origin(root).0).pos;
                let square = engine.square_around(pos);
                let filled = square.iter().flatten().count() as u32;
                let last = square.iter().flatten().copied().max();
                (filled == 9, filled - 1, last)
            }
            Completion::Never | Completion::Enclosed => continue,
            Completion::Ends => {
                let last = engine.segments_of(root).map(|n| engine.origin(n).0).max();
                (open_ends == 0, 0, last)
            }
        };
        points[root as usize] = nominal_points(kind, tiles[root as usize], completed, around);
        if completed && let Some(last) = last {
            completer[root as usize] = last;
        }
    }
    // By placement: whether it completed a feature (one it lies in, or one completed by its
    // square that it is a neighbour of).
    let mut completed_one = vec![false; placements];
    for last in completer.iter().filter(|p| **p != u32::MAX) {
        completed_one[*last as usize] = true;
    }
    let mut outcomes = Vec::with_capacity(placements.saturating_sub(1));
    let mut roots = Vec::new();
    for (id, completed_a_feature) in completed_one.iter().enumerate().skip(1) {
        let placement = engine.placements[id];
        let features = engine
            .tile_of(id as crate::engine::PlacementId)
            .features
            .len();
        roots.clear();
        for node in 0..features {
            let root = engine.root(placement.first_node + node as crate::engine::NodeId);
            if !roots.contains(&root) {
                roots.push(root);
            }
        }
        outcomes.push(TileOutcome {
            tile: placement.tile,
            points: roots.iter().map(|r| points[*r as usize]).sum(),
            completed_a_feature: *completed_a_feature,
        });
    }
    outcomes
}
