//! The tiles a document can name: a game's tile sets (shipped or by path) and its own tiles,
//! each with the place of its definition, for hover and go to definition.

use std::path::{Path, PathBuf};

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

impl NamedSet {
    /// Reads the set `name` as the checker does: a path relative to `base`, else a shipped set.
    pub fn load(name: &str, base: &Path) -> Option<NamedSet> {
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
