//! Simulation: complete random (or greedy) games of a ruleset on given tile sets, played through
//! the game runner and move generator that the checker applies transcripts with
//! (`src/play/`), so that every simulated game is legal by the same rules that check
//! transcripts. Deterministic for a seed, whatever the number of
//! threads: game `i` draws from a generator seeded by (seed, i).

pub mod compare;
pub mod mcts;
mod ordered;
pub mod seats;
pub mod shard;
pub mod stats;

use std::ops::ControlFlow;
use std::path::Path;

use crate::codes::Severity;
use crate::diagnostic::{Diagnostic, Span};
use crate::engine::{CompiledTile, Engine, LegalPlacements, PlacementId, Pos, Preview, Rotation};
use crate::model::{Action, Completion, FeatureKind, Name, Ruleset, Script, Side, Step, TokenDraw};
use crate::play::moves::Offered;
use crate::play::{Game, GameMove, Setup};
use crate::rules::{self, Decision, Offer, Violation};
use crate::setup::catalog::{Catalog, build_catalog};
use stats::{Accumulator, Statistics};

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
    pub transcripts: bool,
}

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
    /// Special powers that acted (2020 Hunters and Gatherers): placed logboats and hunting
    /// traps, and the shaman's figures taken back.
    pub powers_used: usize,
    pub flocks_scored: usize,
    pub wolves: usize,
    /// What each placed tile became by the end of the game, in the order of the placements:
    /// empty unless the run asks for it ([`RunOptions::per_tile`], the balance reports).
    pub tile_outcomes: Vec<TileOutcome>,
    /// Decisions each seat's search took (`--policy mcts`; those of one move are not
    /// searched): empty when no seat searches.
    pub searched: Vec<usize>,
}

impl GameResult {
    /// A game about to be played, under `script`'s header: nothing happened yet.
    fn empty(script: Script) -> GameResult {
        GameResult {
            script,
            scores: Vec::new(),
            turns: 0,
            discarded: Vec::new(),
            placed: Vec::new(),
            features: Vec::new(),
            bonus_tiles: 0,
            powers_used: 0,
            flocks_scored: 0,
            wolves: 0,
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

/// Which games a run plays and what it keeps of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RunOptions {
    /// The run plays shard `I` of `N` (`Some((I, N))`, 1-based): the games whose global index
    /// `i` has `i % N == I - 1`, as `check --shard` shares its inputs. Every game keeps its
    /// global index (its seed, its transcript's name), so the shards of a run never overlap
    /// and together play every game of the run.
    pub shard: Option<(usize, usize)>,
    /// Whether each game's [`GameResult::tile_outcomes`] is filled.
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

/// A small, fast, deterministic generator (SplitMix64).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (0 when `bound` is 0).
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            0
        } else {
            (self.next_u64() % bound as u64) as usize
        }
    }

    /// A number in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
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

/// Why [`run`] stopped before the end.
#[derive(Debug)]
pub enum Stopped<E> {
    /// The tile sets cannot be played, or a simulated move broke a rule (a bug of carcspec:
    /// the first such game, in the order of the games).
    Diagnostics(Vec<Diagnostic>),
    /// `on_game` failed (a transcript that could not be written).
    Output(E),
}

/// A finished run: the statistics of every game and the warnings of its tile sets.
#[derive(Debug)]
pub struct Simulation {
    pub statistics: Statistics,
    /// The exact sums the statistics come from (what a shard's JSON carries).
    pub sums: Accumulator,
    pub warnings: Vec<Diagnostic>,
    /// Each policy's wins, when the seats have their own ([`Policy::Seats`]).
    pub win_rates: Option<seats::WinRates>,
}

/// Plays every game of `config`, in parallel, and hands each finished game to `on_game` in the
/// order of the games (whatever the threads), after counting it into the statistics. Nothing
/// is kept of a game once `on_game` returns, and at most a window of games per thread is in
/// flight, so memory does not grow with the number of games. `progress` is called with the
/// number of games handed on so far.
pub fn run<E>(
    config: &Config,
    progress: &(dyn Fn(usize) + Sync),
    on_game: impl FnMut(usize, GameResult) -> Result<(), E>,
) -> Result<Simulation, Stopped<E>> {
    run_with(config, RunOptions::default(), progress, on_game)
}

/// [`run`] for the games `options` choose (a shard of the run), keeping what it asks for:
/// `on_game` receives each game's global index, and `progress` the number of the shard's
/// games handed on so far.
pub fn run_with<E>(
    config: &Config,
    options: RunOptions,
    progress: &(dyn Fn(usize) + Sync),
    mut on_game: impl FnMut(usize, GameResult) -> Result<(), E>,
) -> Result<Simulation, Stopped<E>> {
    let header = header(config);
    let mut diagnostics = Vec::new();
    let catalog = build_catalog(&header, &[], Path::new("."), &mut diagnostics);
    let has_start = catalog
        .tiles
        .iter()
        .any(|t| t.kind == crate::model::TileKind::Start);
    if !has_start && !diagnostics.iter().any(Diagnostic::is_error) {
        // An expansion set plays only together with a set that has a start tile.
        let base = crate::rules::descriptor::describe(config.ruleset)
            .base_tile_set
            .name;
        let names: Vec<&str> = config.tile_sets.iter().map(|(n, _)| n.as_str()).collect();
        diagnostics.push(
            Diagnostic::new(
                &crate::codes::NO_START_TILE,
                format!(
                    "the tile sets {} have no start tile (an expansion set plays only with a base set)",
                    names.join(", ")
                ),
            )
            .help(format!(
                "add a set with a start tile, e.g. `--tiles {base}`, or choose a tile of the sets with `--start <tile-id>`"
            )),
        );
    }
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(Stopped::Diagnostics(diagnostics));
    }
    let mut statistics = Accumulator::new(
        catalog.tiles.iter().map(|t| t.id.clone()).collect(),
        config.ruleset,
    );
    let mut win_rates = match &config.policy {
        Policy::Seats(seats) => Some(seats::WinRates::new(seats)),
        _ => None,
    };
    let (first, step) = options
        .shard
        .map_or((0, 1), |(index, count)| (index - 1, count.max(1)));
    let games = options.game_count(config.games);
    let threads = config.threads.clamp(1, 64).min(games.max(1));
    // One game (and engine) per worker, emptied between games; the statistics show no
    // scoring events, so the game keeps none.
    let new_worker = || {
        let mut game = new_game(config, &header, &catalog);
        game.keep_events = false;
        game
    };
    let play_game = |game: &mut Game, nth: usize| {
        let index = first + nth * step;
        let mut played = play_seated(
            game,
            config,
            &header,
            &catalog,
            game_rng(config.seed, index),
            index,
        )
        .map_err(|d| {
            let message = format!("simulated game {index}: {}", d.message);
            Diagnostic { message, ..d }
        })?;
        if options.per_tile {
            played.tile_outcomes = tile_outcomes(&mut game.engine);
        }
        Ok(played)
    };
    let consume = |nth: usize, played: Result<GameResult, Diagnostic>| {
        let index = first + nth * step;
        let game = match played {
            Ok(game) => game,
            Err(rejected) => return ControlFlow::Break(Stopped::Diagnostics(vec![rejected])),
        };
        statistics.add(&game);
        if let (Some(rates), Policy::Seats(seats)) = (&mut win_rates, &config.policy) {
            rates.add(seats, index, &game.scores, &game.searched);
        }
        if let Err(error) = on_game(index, game) {
            return ControlFlow::Break(Stopped::Output(error));
        }
        progress(nth + 1);
        ControlFlow::Continue(())
    };
    let flow = ordered::for_each_ordered_with(games, threads, new_worker, play_game, consume);
    if let ControlFlow::Break(stopped) = flow {
        return Err(stopped);
    }
    Ok(Simulation {
        statistics: statistics.statistics(),
        sums: statistics,
        warnings: diagnostics,
        win_rates,
    })
}

/// Plays every game of `config` and keeps them all, in order: for tests and small runs (a game
/// takes some 40 KB); [`run`] streams them instead. Returns the diagnostics of tile sets that
/// cannot be played, or of the first game with a move that broke a rule.
pub fn simulate(
    config: &Config,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<GameResult>, Vec<Diagnostic>> {
    let mut games = Vec::with_capacity(config.games);
    let kept = run(config, progress, |_, game| {
        games.push(game);
        Ok::<(), std::convert::Infallible>(())
    });
    match kept {
        Ok(_) => Ok(games),
        Err(Stopped::Diagnostics(diagnostics)) => Err(diagnostics),
        Err(Stopped::Output(never)) => match never {},
    }
}

/// The generator of game `index` of a run with `seed`: each game's own, whatever the threads.
pub(crate) fn game_rng(seed: u64, index: usize) -> Rng {
    Rng::new(seed ^ (index as u64).wrapping_mul(0xA076_1D64_78BD_642F))
}

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
pub(crate) fn new_game(config: &Config, header: &Script, catalog: &Catalog) -> Game {
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
pub(crate) fn play_on(
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
    result.powers_used = game.powers_used() as usize;
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
    result.flocks_scored = game.flocks_scored;
    Ok(result)
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
fn closed_value_per_tile(kind: FeatureKind) -> u32 {
    match kind.completion() {
        Completion::Ends => kind.nominal_points_per_tile(true),
        Completion::Square | Completion::Enclosed | Completion::Never => 0,
    }
}

/// A game being played by the simulator: the runner's game, the policy and what the game
/// showed so far.
struct Playthrough<'a, 'r> {
    game: &'r mut Game,
    /// The moves so far, when the game's transcript is kept (`transcript`).
    steps: Vec<Step>,
    transcript: bool,
    /// The number of moves played so far.
    moves: usize,
    rng: &'a mut Rng,
    /// The policy of the turn's player.
    policy: Policy,
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
    legal_placements: LegalPlacements,
    /// The legal deployments on the tile just placed (a buffer kept from move to move).
    deployments: Vec<Offered>,
    /// What a placement would join, as the greedy policy previews it (a buffer kept from
    /// placement to placement).
    previews: Vec<Preview>,
}

impl Playthrough<'_, '_> {
    /// Plays a move the generator took from the ruleset's offers through the runner, which
    /// applies it without checking it again (debug builds assert that it is legal). `action`
    /// writes the move down (from the catalog and the names of the features, which the move
    /// does not change): only when the transcript is kept, or the move broke a rule.
    fn act(&mut self, mv: GameMove, action: impl Fn(&Game) -> Action) {
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
            mcts::Choice::Deploy(deployment) => {
                let generated = GameMove::Deploy {
                    figure: deployment.figure,
                    node: deployment.node,
                };
                self.act(generated, |game| Action::Deploy {
                    figure: deployment.figure.into(),
                    target: game.target_of(&deployment).clone(),
                });
            }
            mcts::Choice::Pass => self.act(GameMove::Pass, |_| Action::Pass),
            mcts::Choice::Offer(offer) => self.play_offer(offer),
        }
        true
    }

    /// One of the legal placements of `tile` (scanned into `legal_placements`), as if picked
    /// from `Engine::legal_placements`'s sorted list: the random policy takes the k-th of that
    /// order without sorting or listing the rest.
    fn choose_placement(&mut self, tile: usize, player: usize) -> (Pos, Rotation) {
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
    fn ruleset_move_of_figure_step(&mut self) -> bool {
        let mut offers = self.game.offers(Decision::DeployOrPass);
        if offers.is_empty() || self.rng.below(2) == 0 {
            return false;
        }
        let offer = offers.swap_remove(self.rng.below(offers.len()));
        self.play_offer(offer);
        true
    }

    fn deploy_or_pass(&mut self) {
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
            Some(deployment) => {
                let generated = GameMove::Deploy {
                    figure: deployment.figure,
                    node: deployment.node,
                };
                self.act(generated, |game| Action::Deploy {
                    figure: deployment.figure.into(),
                    target: game.target_of(&deployment).clone(),
                });
            }
            None => self.act(GameMove::Pass, |_| Action::Pass),
        }
    }

    /// A decision of the ruleset's own: one of its offers at random, a draw from the bag by a
    /// random number. Returns `false` when it offers nothing: the ruleset and the simulator
    /// disagree (a bug of carcspec, which debug builds stop at), and the turn ends there, so
    /// that the runner reports the decision left open as the ruleset words it and the game is
    /// rejected with that, instead of waiting for ever.
    fn ruleset_decision(&mut self, decision: Decision) -> bool {
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

    /// A move the ruleset's decision offers, played: a draw from the bag by a random number.
    fn play_offer(&mut self, offer: Offer) {
        let mv = offer.into_move(|| TokenDraw::Random(self.rng.unit()));
        let wolves_before = self.game.bag_wolves_drawn();
        self.act(GameMove::Ruleset(mv), |game| game.action_of(mv));
        // The statistics count the wolves that scatter a flock (not those drawn for a shepherd
        // just deployed).
        if mv.keyword == crate::rules::carcassonne::flock::GROW {
            self.result.wolves += self.game.bag_wolves_drawn() - wolves_before;
        }
    }
}
