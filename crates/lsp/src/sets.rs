//! The tiles a document can name: a game's tile sets (shipped or by path) and its own tiles,
//! each with the place of its definition, for hover and go to definition.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use lsp_types::{Location, Range, Uri};

use super::text::{Encoding, LineIndex, path_to_uri};
use crate::diagnostic::Span;
use crate::load;
use crate::model::{Ruleset, Tile};

/// A tile set a game names.
pub struct NamedSet {
    /// As written after `tiles`.
    pub name: String,
    /// The file it was read from; `None` for a shipped set.
    pub file: Option<PathBuf>,
    pub text: String,
    pub tiles: Vec<Tile>,
    pub ruleset: Option<Ruleset>,
}

/// The sets read so far, by the file (or shipped name) and the file's modification time:
/// every request reads a game's sets, and parsing the base game's 72 tiles for each hover or
/// outline would cost more than the answer.
type Cache = HashMap<PathBuf, (Option<SystemTime>, Arc<NamedSet>)>;

impl NamedSet {
    /// The set `name` as the checker reads it, from the cache while its file is unchanged.
    pub fn load(name: &str, base: &Path) -> Option<Arc<NamedSet>> {
        static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
        let by_path = base.join(name);
        let key = if by_path.is_file() {
            by_path.clone()
        } else {
            PathBuf::from(name)
        };
        let modified = std::fs::metadata(&by_path).and_then(|m| m.modified()).ok();
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        if let Some((when, set)) = cache.lock().ok()?.get(&key)
            && *when == modified
            && set.name == name
        {
            return Some(Arc::clone(set));
        }
        let set = Arc::new(NamedSet::read(name, base)?);
        cache.lock().ok()?.insert(key, (modified, Arc::clone(&set)));
        Some(set)
    }

    /// Reads the set `name` as the checker does: a path relative to `base`, else a shipped set.
    fn read(name: &str, base: &Path) -> Option<NamedSet> {
        let by_path = base.join(name);
        let (target, file) = if by_path.is_file() {
            (by_path.display().to_string(), Some(by_path))
        } else {
            (name.to_string(), None)
        };
        let loaded = load::load(&target).ok()?;
        let set = loaded.set?;
        Some(NamedSet {
            name: name.to_string(),
            file,
            text: loaded.text,
            tiles: set.tiles,
            ruleset: Some(set.ruleset),
        })
    }

    /// The file an editor opens for this set (for a shipped set, see [`shipped_file`]).
    pub fn path(&self, near: &Path) -> Option<PathBuf> {
        match &self.file {
            Some(file) => Some(file.clone()),
            None => shipped_file(&self.name, near),
        }
    }

    /// Where `span` of this set's text is, as a location an editor can open.
    pub fn location(&self, near: &Path, span: Span, encoding: Encoding) -> Option<Location> {
        let uri: Uri = path_to_uri(&self.path(near)?)?;
        let index = LineIndex::new(&self.text, encoding);
        Some(Location::new(uri, index.range(&self.text, span)))
    }

    pub fn whole(&self, near: &Path) -> Option<Location> {
        let uri = path_to_uri(&self.path(near)?)?;
        Some(Location::new(uri, Range::default()))
    }
}

/// The file of a shipped tile set. When the document lies in a checkout of carcspec (an
/// ancestor folder has `tiles/<name>.tiles` with the very text built into the binary), that
/// file; otherwise a read-only copy written to the cache folder, so that every editor can open
/// it without a custom protocol extension.
pub fn shipped_file(name: &str, near: &Path) -> Option<PathBuf> {
    let text = crate::shipped::tiles(name)?;
    let file_name = format!("{name}.tiles");
    for folder in near.ancestors() {
        let candidate = folder.join("tiles").join(&file_name);
        if crate::input::read_text(&candidate).is_ok_and(|on_disk| on_disk == text) {
            return Some(candidate);
        }
    }
    let copy = super::cache_dir()?.join("tiles").join(file_name);
    super::write_if_changed(&copy, text)?;
    Some(copy)
}
