//! What a run is asked to play: the policies the players choose their moves by, the
//! configuration of a run (ruleset, tile sets, players, games, seed, threads), which of its
//! games a run plays and keeps ([`RunOptions`]), the script header every game shares and the
//! readings of a ruleset's variants. Apart from the playing: a reader of the command line or
//! of a shard's report needs these and nothing of the game loop.

use crate::diagnostic::Span;
use crate::model::{Ruleset, Script};
use crate::rules;

use super::{mcts, seats};

/// How the simulated players choose their moves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Policy {
    /// Every legal move equally likely (and a figure on half of the tiles).
    Random,
    /// The placement and deployment with the best immediate score; ties at random.
    Greedy,
    /// A Monte Carlo tree search over the ruleset's decisions (`mcts.rs`).
    Mcts(mcts::Search),
    /// Each seat its own policy, the seats turned by one each game or not (`seats.rs`).
    Seats(seats::Seats),
}

impl Policy {
    /// The policy of `seat` in game `index` of a run: one of the three above.
    // `#[inline]`: the game loop (playthrough.rs) asks it at every turn, from another module.
    #[inline]
    pub fn of_seat(&self, index: usize, seat: usize, players: usize) -> Policy {
        match self {
            Policy::Seats(seats) => seats.policy(index, seat, players),
            one => *one,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    pub ruleset: Ruleset,
    pub expansions: Vec<String>,
    pub variants: Vec<(String, String)>,
    /// Tile sets (shipped names or paths) and their multipliers.
    pub tile_sets: Vec<(String, u32)>,
    /// The tile that starts every game, when the sets have several start tiles (or none).
    pub start: Option<String>,
    pub players: usize,
    pub games: usize,
    pub seed: u64,
    pub policy: Policy,
    /// Threads to play on (the results do not depend on it).
    pub threads: usize,
    /// Whether each game's [`GameResult::script`] lists its moves (for `--out`, and for the
    /// tests that check the games again). Without, the script is the header alone and no move
    /// is written down: the games and their statistics are the same.
    ///
    /// [`GameResult::script`]: super::GameResult::script
    pub transcripts: bool,
}

/// Which games a run plays and what it keeps of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RunOptions {
    /// The run plays shard `I` of `N` (`Some((I, N))`, 1-based): the games whose global index
    /// `i` has `i % N == I - 1`, as `check --shard` shares its inputs. Every game keeps its
    /// global index (its seed, its transcript's name), so the shards of a run never overlap
    /// and together play every game of the run.
    pub shard: Option<(usize, usize)>,
    /// Whether each game's [`GameResult::tile_outcomes`] is filled.
    ///
    /// [`GameResult::tile_outcomes`]: super::GameResult::tile_outcomes
    pub per_tile: bool,
}

impl RunOptions {
    /// The global indexes of the games of `games` this run plays, in order.
    pub fn game_indexes(&self, games: usize) -> impl Iterator<Item = usize> {
        let (index, count) = self.shard.unwrap_or((1, 1));
        (index - 1..games).step_by(count.max(1))
    }

    /// How many games of `games` this run plays.
    pub fn game_count(&self, games: usize) -> usize {
        let (index, count) = self.shard.unwrap_or((1, 1));
        games.saturating_sub(index - 1).div_ceil(count.max(1))
    }
}

pub const PLAYER_NAMES: [&str; 6] = ["red", "blue", "green", "yellow", "black", "gray"];

/// The script header every simulated game of `config` shares.
pub fn header(config: &Config) -> Script {
    Script {
        title: None,
        excerpt: false,
        ruleset: config.ruleset,
        expansions: config.expansions.clone(),
        expansion_spans: Vec::new(),
        variants: config
            .variants
            .iter()
            .map(|(n, v)| (n.clone(), v.clone(), Span::default()))
            .collect(),
        tile_sets: config
            .tile_sets
            .iter()
            .map(|(n, m)| (n.clone(), *m, Span::default()))
            .collect(),
        start: config
            .start
            .as_ref()
            .map(|tile| (tile.clone(), Span::default())),
        local_tiles: Vec::new(),
        players: PLAYER_NAMES
            .iter()
            .take(config.players)
            .map(|p| p.to_string())
            .collect(),
        supply: Vec::new(),
        steps: Vec::new(),
    }
}

/// Every reading of `ruleset`'s rules, as the variants of the ruleset's own list
/// (its descriptor's) give them: the default game (no variant chosen), then each
/// other value of each variant on its own. A variant added to a ruleset is a reading here at
/// once, for the tests that play every one.
pub fn readings(ruleset: Ruleset) -> Vec<Vec<(String, String)>> {
    let mut readings = vec![Vec::new()];
    for variant in rules::describe(ruleset).variants {
        for value in variant.values.iter().skip(1) {
            readings.push(vec![(variant.name.to_string(), value.to_string())]);
        }
    }
    readings
}
