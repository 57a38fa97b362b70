//! Reading a tile set from wherever it comes from: a `.tiles` file, a JSON or YAML document, or
//! the name of a tile set shipped with carcspec. Every path runs the same checks (lowering and
//! lints), so what loads without errors is safe to play.

use std::path::Path;
use std::sync::OnceLock;

use crate::codes;
use crate::diagnostic::{self, Diagnostic};
use crate::interchange::{self, DocumentFormat};
use crate::model::TileSet;
use crate::{lint, lower, shipped, syntax};

/// A tile-set source with everything found in it.
#[derive(Debug, Clone)]
pub struct LoadedTiles {
    /// The name to show in diagnostics: the path, or the shipped set's name.
    pub origin: String,
    pub text: String,
    /// The tile set, when its header could be read (it may still have errors).
    pub set: Option<TileSet>,
    /// Syntax, lowering and lint diagnostics, in the order of the text.
    pub diagnostics: Vec<Diagnostic>,
}

impl LoadedTiles {
    pub fn has_errors(&self) -> bool {
        self.set.is_none() || self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The tile set, if it loaded without errors.
    pub fn usable(&self) -> Option<&TileSet> {
        if self.has_errors() {
            None
        } else {
            self.set.as_ref()
        }
    }
}

/// How a text is written, by the file name's ending: `.json`, `.yaml`/`.yml`, otherwise the
/// tile language.
pub fn format_of(path: &Path) -> Option<DocumentFormat> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("json") => Some(DocumentFormat::Json),
        Some("yaml" | "yml") => Some(DocumentFormat::Yaml),
        _ => None,
    }
}

/// Loads a tile set from a shipped set's name or from a path. A bare shipped name
/// (`carcassonne-base`) is always the shipped set, even when a file or folder of that name
/// exists: write `./carcassonne-base` for the file.
pub fn load(name_or_path: &str) -> Result<LoadedTiles, Diagnostic> {
    let path = Path::new(name_or_path);
    if let Some(loaded) = shipped_set(name_or_path) {
        return Ok(loaded.clone());
    }
    let text = crate::input::read_text(path).map_err(|mut diagnostic| {
        if diagnostic.code == &codes::UNREADABLE_INPUT && !path.exists() {
            diagnostic.help = Some(format!(
                "give a path to a .tiles, .json or .yaml file, or a shipped tile set: {}",
                shipped::names_for_help()
            ));
        }
        diagnostic
    })?;
    Ok(from_text(name_or_path, text, format_of(path)))
}

/// A shipped tile set, parsed, lowered and linted once per process: checking many games of the
/// same set does not read it again for each one.
fn shipped_set(name: &str) -> Option<&'static LoadedTiles> {
    static LOADED: OnceLock<Vec<LoadedTiles>> = OnceLock::new();
    let loaded = LOADED.get_or_init(|| {
        shipped::tile_sets()
            .iter()
            .map(|set| from_text(set.name, set.text.to_string(), None))
            .collect()
    });
    loaded.iter().find(|set| set.origin == name)
}

/// Parses, lowers and lints `text`.
pub fn from_text(origin: &str, text: String, format: Option<DocumentFormat>) -> LoadedTiles {
    let text = crate::input::normalize(text);
    let (set, mut diagnostics, incomplete) = match format {
        None => {
            let (file, mut diagnostics) = syntax::tiles::parse(&text);
            let lowered = lower::tiles::lower(&file);
            diagnostics.extend(lowered.diagnostics);
            (lowered.set, diagnostics, lowered.incomplete)
        }
        Some(format) => {
            let (set, diagnostics) = interchange::read(&text, format);
            (set, diagnostics, Vec::new())
        }
    };
    if let Some(set) = &set {
        diagnostics.extend(lint::lint_except_incomplete(set, &incomplete));
    }
    // A tile that breaks a lint on purpose allows its code with a comment (the tile
    // language's `# carcspec: allow …`): a shipped set's too.
    if format.is_none() {
        let (allowed, unknown) = allowed_by_comments(&text);
        diagnostics.retain(|d| !allowed.iter().any(|allow| allow.covers(d)));
        diagnostics.extend(unknown);
    }
    diagnostic::sort_by_position(&mut diagnostics);
    diagnostic::limit(&mut diagnostics);
    LoadedTiles {
        origin: origin.to_string(),
        text,
        set,
        diagnostics,
    }
}

/// The codes one tile allows: `# carcspec: allow T212, untouchable-tile` above the tile or at
/// the end of its `tile … {` line. It covers the diagnostics whose place lies in the tile.
pub struct Allowance {
    range: std::ops::Range<usize>,
    prefixes: Vec<String>,
}

impl Allowance {
    pub fn covers(&self, diagnostic: &Diagnostic) -> bool {
        diagnostic.primary.as_ref().is_some_and(|label| {
            self.range.contains(&label.span.start)
                && self
                    .prefixes
                    .iter()
                    .any(|p| diagnostic.code.code.starts_with(p.as_str()))
        })
    }
}

/// The marker of an allow comment.
const ALLOW_MARKER: &str = "carcspec: allow";

/// The allowances of the tiles of a tile-language text, and the findings for codes an allow
/// comment names that do not exist (`F023`), so that a typo does not silently allow nothing.
pub fn allowed_by_comments(text: &str) -> (Vec<Allowance>, Vec<Diagnostic>) {
    let (file, _) = syntax::tiles::parse(text);
    let mut allowances = Vec::new();
    let mut unknown = Vec::new();
    for (index, tile) in file.tiles.iter().enumerate() {
        let end = file
            .tiles
            .get(index + 1)
            .map_or(text.len(), |next| next.header_span.start);
        let mut prefixes = Vec::new();
        for comment in tile.comments.leading.iter().chain(&tile.comments.trailing) {
            let Some(at) = comment.find(ALLOW_MARKER) else {
                continue;
            };
            let list = &comment[at + ALLOW_MARKER.len()..];
            for word in list.split([',', ' ', '\t']).filter(|w| !w.is_empty()) {
                match code_pattern(word) {
                    Some(prefix) => prefixes.push(prefix),
                    None => {
                        let start = crate::syntax::offset_in(text, comment.as_ref());
                        unknown.push(
                            Diagnostic::new(
                                &codes::UNKNOWN_ALLOWED_CODE,
                                format!("`{word}` is not a diagnostic code, name or prefix"),
                            )
                            .at(
                                crate::diagnostic::Span::new(start, start + comment.len()),
                                "this allow comment",
                            )
                            .help("`carcspec explain --list` lists every code"),
                        );
                    }
                }
            }
        }
        if !prefixes.is_empty() {
            allowances.push(Allowance {
                range: tile.header_span.start..end,
                prefixes,
            });
        }
    }
    (allowances, unknown)
}

/// A code, a name or a prefix of codes, as the prefix the codes it stands for start with.
pub fn code_pattern(pattern: &str) -> Option<String> {
    if let Some(code) = crate::rules::codes::find(pattern) {
        return Some(code.code.to_string());
    }
    let prefix = pattern.to_ascii_uppercase();
    (!prefix.is_empty()
        && crate::rules::codes::all()
            .iter()
            .any(|c| c.code.starts_with(&prefix)))
    .then_some(prefix)
}

/// The codes (prefixes) that any tile of a tile-language text allows: what a copy of the set
/// written without its comments (a JSON or YAML export, the model printed again) still means
/// to allow, where the places of the tiles are no longer the text's.
pub fn allowed_anywhere(text: &str) -> Vec<String> {
    let (allowances, _) = allowed_by_comments(text);
    let mut prefixes: Vec<String> = allowances.into_iter().flat_map(|a| a.prefixes).collect();
    prefixes.sort();
    prefixes.dedup();
    prefixes
}
