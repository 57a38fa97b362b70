//! Rulesets: what may be deployed where, when features complete, how they score, and which
//! draws a player earns. A ruleset works on the engine's features and figures only; it knows
//! nothing of text (the checker maps its results back to the game file).

pub mod carcassonne;
pub mod hunters_gatherers;
pub mod hunters_gatherers_2020;

use crate::engine::{CompiledTile, Engine, Figure, FigureId, FigureKind, NodeId, PlacementId};
use crate::model::{FeatureKind, Ruleset};

/// A kind of figure and where it may stand.
#[derive(Debug, Clone, Copy)]
pub struct FigureSpec {
    pub kind: FigureKind,
    /// Index into [`Rules::pools`]: the supply the figure comes from.
    pub pool: usize,
    pub stands_on: &'static [FeatureKind],
    /// It occupies a whole river system rather than one feature (a hut).
    pub holds_river_system: bool,
}

/// Points for one feature, to one or more players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreEvent {
    pub players: Vec<usize>,
    pub points: u32,
    pub feature: FeatureKind,
    /// How the points come about: "river of 3 segments + 3 fish = 6".
    pub breakdown: String,
}

/// What the completions of one placement bring.
#[derive(Debug, Default)]
pub struct Completion {
    pub events: Vec<ScoreEvent>,
    /// Roots of the completed features whose figures go back to their owners.
    pub returned: Vec<NodeId>,
    /// The placing player earns a bonus draw (a forest with a gold nugget was completed).
    pub earns_bonus: bool,
}

/// A rule variant a game may choose: name, values (the first is the default).
#[derive(Debug, Clone, Copy)]
pub struct VariantSpec {
    pub name: &'static str,
    pub values: &'static [&'static str],
}

pub trait Rules {
    /// (name, count) of each supply a player starts with.
    fn pools(&self) -> &'static [(&'static str, u32)];
    fn figure(&self, name: &str) -> Option<FigureSpec>;
    fn figure_names(&self) -> &'static [&'static str];
    /// Whether a hill tile takes the next tile of the stack under it (Hills & Sheep).
    fn hills_take_a_tile(&self) -> bool {
        true
    }
    /// How many players the game is for (the figures come in so many colours).
    fn player_count(&self) -> std::ops::RangeInclusive<usize>;
    fn variants(&self) -> &'static [VariantSpec];
    /// The figures that forbid deploying `figure` on the feature of `node`.
    fn blockers(&self, engine: &mut Engine, figure: &FigureSpec, node: NodeId) -> Vec<FigureId>;
    /// Scores the features that the placement `placement` completed; `roots` are the features
    /// the placed tile is part of.
    fn score_completed(
        &self,
        engine: &mut Engine,
        placement: PlacementId,
        roots: &[NodeId],
    ) -> Completion;
    /// Scores the end of the game and takes the figures off incomplete features.
    fn final_scoring(&self, engine: &mut Engine) -> Vec<ScoreEvent>;
    /// A warning about a tile that does not fully belong to this ruleset, if any.
    fn tile_warning(&self, tile: &CompiledTile) -> Option<String>;

    // The turn hooks of the 2020 Hunters and Gatherers powers; the other rulesets keep the
    // defaults (nothing happens).

    /// What the tile just placed in a turn does at once, before its figure step (the logboat's
    /// and the hunting trap's points, to the placer).
    fn placed(
        &mut self,
        _engine: &mut Engine,
        _placement: PlacementId,
        _player: usize,
    ) -> Vec<ScoreEvent> {
        Vec::new()
    }
    /// Whether placing `tile` lets its player take one of their figures back (`return`, the
    /// shaman) before the figure step.
    fn may_take_back(&self, _tile: &CompiledTile) -> bool {
        false
    }
    /// Whether `figure` is one that may be taken back.
    fn takes_back(&self, _figure: &Figure) -> bool {
        false
    }
    /// A figure was taken back (for the ruleset's count of powers used).
    fn took_back(&mut self) {}
    /// Whether figures that this turn's scoring returned may go on the turn's bonus tile, when
    /// the ruleset decides it rather than the 2002 variant.
    fn returned_figures_on_bonus_tile(&self) -> Option<bool> {
        None
    }
    /// Whether the figure taken back may stand on the tile that took it back, at once.
    fn taken_back_figure_on_tile(&self) -> bool {
        true
    }
    /// Whether a bonus tile that fits nowhere is replaced by another draw.
    fn unplaceable_bonus_tile_redrawn(&self) -> bool {
        true
    }
    /// The animals that powers covered so far, where the ruleset covers animals.
    fn covered_animals(&self) -> Option<hunters_gatherers_2020::Animals> {
        None
    }
    /// How many powers acted so far in the game.
    fn powers_used(&self) -> u32 {
        0
    }
}

/// The rules of `ruleset`, played with the chosen `(name, value)` variants (the lowering has
/// checked them against [`Rules::variants`]).
pub fn for_ruleset(ruleset: Ruleset, variants: &[(String, String)]) -> Box<dyn Rules> {
    let chosen = |name: &str, value: &str| variants.iter().any(|(n, v)| n == name && v == value);
    match ruleset {
        Ruleset::HuntersGatherers => Box::new(hunters_gatherers::HuntersGatherers),
        Ruleset::HuntersGatherers2020 => {
            Box::new(hunters_gatherers_2020::HuntersGatherers2020::new(variants))
        }
        Ruleset::Carcassonne => Box::new(carcassonne::Carcassonne {
            hill_tiebreak_by_count: chosen(carcassonne::HILL_TIEBREAKER, "number-of-followers"),
            closed_flock_stable_at_once: chosen(carcassonne::CLOSED_FLOCK, "stable-at-once"),
            jcloisterzone_seats: chosen(carcassonne::PLAYER_COUNT, "jcloisterzone"),
            farmers: !chosen(carcassonne::FARMERS, "off"),
            hills: !chosen(carcassonne::HILLS, "off"),
            vineyards: !chosen(carcassonne::VINEYARDS, "off"),
        }),
    }
}

/// How the game language names a supply pool: `followers`, `shepherds`, `tribe-members`,
/// `huts`.
pub fn pool_word(pool: &str) -> String {
    format!("{}s", pool.replace(' ', "-"))
}

/// The players with the most of the given figures (all of them on a tie); empty when there
/// are none.
pub fn majority(
    engine: &Engine,
    figures: &[FigureId],
    counts: impl Fn(&crate::engine::Figure) -> bool,
) -> Vec<usize> {
    let mut per_player: Vec<(usize, u32)> = Vec::new();
    for figure in figures {
        let figure = &engine.figures[*figure as usize];
        if !figure.on_board || !counts(figure) {
            continue;
        }
        match per_player.iter_mut().find(|(p, _)| *p == figure.player) {
            Some((_, n)) => *n += 1,
            None => per_player.push((figure.player, 1)),
        }
    }
    let most = per_player.iter().map(|(_, n)| *n).max().unwrap_or(0);
    let mut winners: Vec<usize> = per_player
        .into_iter()
        .filter(|(_, n)| most > 0 && *n == most)
        .map(|(p, _)| p)
        .collect();
    winners.sort_unstable();
    winners
}
