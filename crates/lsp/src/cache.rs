//! The files the server writes for editors to open (the explanations of codes, the shipped
//! tile sets), in a cache folder of the user's.

use std::path::{Path, PathBuf};

/// Where the server keeps the files it writes for editors to open: the explanations of codes
/// and the shipped tile sets. `$XDG_CACHE_HOME/carcspec/<version>` (or `~/.cache/…`, or the
/// system's temporary folder).
pub(crate) fn cache_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    Some(base.join("carcspec").join(env!("CARGO_PKG_VERSION")))
}

/// Writes `text` to `path` unless it already holds exactly that; `None` when it cannot.
pub(crate) fn write_if_changed(path: &Path, text: &str) -> Option<()> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Some(());
    }
    std::fs::create_dir_all(path.parent()?).ok()?;
    std::fs::write(path, text).ok()
}
