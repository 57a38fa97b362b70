//! Tile sets prepared for play once, not once per game: a set's text is read, parsed, lowered,
//! linted and compiled the first time a game names it, and every later game of the run that
//! names it shares the result (read-only, across threads). What a game's own combination needs
//! — its multipliers, its own tiles, the checks between its sets — is still done per game in
//! `build_catalog`, so every game reports the same diagnostics as if it were checked alone.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::engine::CompiledTile;
use crate::load::{self, LoadedTiles};
use crate::model::TileSet;

/// The catalog index of each tile id, looked up for every tile drawn. Ids come from tile
/// files and game texts, which may be hostile, so the hasher is keyed, seeded at random for
/// each map — foldhash's, not the standard SipHash, which took 170 instructions to hash a
/// short id (the lookup, compare included, fell from about 180 to 110 instructions).
pub type TileIds = HashMap<String, usize, foldhash::quality::RandomState>;

/// One tile set, loaded and, when it has no errors, compiled for play.
#[derive(Debug)]
pub(crate) struct PreparedSet {
    /// The text, the set and the diagnostics of loading it.
    pub loaded: LoadedTiles,
    /// The set's tiles compiled for its ruleset, in the set's order (empty when the set has
    /// errors: such a set is never played).
    pub compiled: Arc<[CompiledTile]>,
    /// The catalog index of each tile id of `compiled`.
    pub ids: Arc<TileIds>,
}

impl PreparedSet {
    fn new(loaded: LoadedTiles) -> PreparedSet {
        let compiled: Vec<CompiledTile> = loaded
            .usable()
            .map(|set| {
                set.tiles
                    .iter()
                    .map(|tile| CompiledTile::compile(tile, set.ruleset))
                    .collect()
            })
            .unwrap_or_default();
        let ids = ids_of(&compiled);
        PreparedSet {
            loaded,
            compiled: compiled.into(),
            ids: Arc::new(ids),
        }
    }

    /// The tile set, when it loaded without errors.
    pub fn usable(&self) -> Option<&TileSet> {
        self.loaded.usable()
    }
}

/// The catalog index of each tile id (the first tile of an id, should one repeat).
pub(crate) fn ids_of(tiles: &[CompiledTile]) -> TileIds {
    let mut ids = TileIds::with_capacity_and_hasher(tiles.len(), Default::default());
    for (index, tile) in tiles.iter().enumerate() {
        ids.entry(tile.id.clone()).or_insert(index);
    }
    ids
}

/// What a game's `tiles` name comes to: where it is loaded from and what was found there.
#[derive(Debug)]
pub(crate) struct ResolvedSet {
    /// What was loaded: a shipped set's name or a path.
    pub target: String,
    /// A file of the shipped set's name next to the game, which is not read.
    pub shadowing: Option<PathBuf>,
    /// The set, or why it could not be read.
    pub prepared: Result<Arc<PreparedSet>, String>,
}

/// The tile sets of one run (`carcspec check` of many files), shared by its threads: each
/// `tiles` name, from each folder, is resolved, read and compiled once. A run only — a tile
/// set file that changes is read again by the next run (the language server makes a cache for
/// each analysis, never one for the process). The shipped sets are prepared once per process
/// whatever the cache, since their text is part of the binary.
#[derive(Debug, Default)]
pub struct TileSetCache {
    resolved: Mutex<HashMap<(String, PathBuf), Arc<ResolvedSet>>>,
}

impl TileSetCache {
    /// The set that a game in `base_dir` names `name`, resolved and prepared on first use.
    pub(crate) fn resolve(&self, name: &str, base_dir: &Path) -> Arc<ResolvedSet> {
        let key = (name.to_string(), base_dir.to_path_buf());
        if let Some(found) = self.lock().get(&key) {
            return Arc::clone(found);
        }
        // Prepared outside the lock, so that other threads go on meanwhile; two threads that
        // meet the same new set both prepare it and the first one's is kept (the same result).
        let resolved = Arc::new(resolve(name, base_dir));
        Arc::clone(self.lock().entry(key).or_insert(resolved))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(String, PathBuf), Arc<ResolvedSet>>> {
        // A thread that panicked while holding the lock left the map whole (one insert).
        self.resolved
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A bare shipped name (`carcassonne-base`) is always the shipped set; anything else is a path
/// relative to `base_dir` (the folder of the game or `.jcz` file, never the current one).
pub(crate) fn resolve_target(name: &str, base_dir: &Path) -> (String, Option<PathBuf>) {
    let by_path = base_dir.join(name);
    if crate::shipped::tiles(name).is_some() {
        return (name.to_string(), by_path.is_file().then_some(by_path));
    }
    (by_path.display().to_string(), None)
}

fn resolve(name: &str, base_dir: &Path) -> ResolvedSet {
    let (target, shadowing) = resolve_target(name, base_dir);
    let prepared = match shipped(&target) {
        Some(prepared) => Ok(prepared),
        None => load::load(&target)
            .map(|loaded| Arc::new(PreparedSet::new(loaded)))
            .map_err(|error| error.message),
    };
    ResolvedSet {
        target,
        shadowing,
        prepared,
    }
}

/// A shipped set, prepared once per process.
fn shipped(name: &str) -> Option<Arc<PreparedSet>> {
    static PREPARED: OnceLock<Vec<Arc<PreparedSet>>> = OnceLock::new();
    crate::shipped::tiles(name)?;
    PREPARED
        .get_or_init(|| {
            crate::shipped::names()
                .filter_map(|name| load::load(name).ok())
                .map(|loaded| Arc::new(PreparedSet::new(loaded)))
                .collect()
        })
        .iter()
        .find(|prepared| prepared.loaded.origin == name)
        .cloned()
}
