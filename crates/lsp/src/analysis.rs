//! The analysis of one document: the diagnostics `carcspec check` (for games and `.jcz`
//! saved games) or `carcspec tiles lint` (for tile sets) gives for its text, turned into the
//! protocol's diagnostics, and what hover needs of a game's replay (the scoring events).
//!
//! An analysis is a pure function of the text, its path and the open documents: it runs on
//! the worker thread (`super::worker`), never on the thread that answers the editor.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use lsp_types::{
    CodeDescription, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    Uri,
};

use super::text::{Encoding, LineIndex, path_to_uri};
use crate::check::{self, ReportedEvent};
use crate::codes::{self, Code};
use crate::diagnostic::{Diagnostic, Label, Severity, Span};
use crate::{load, syntax};

/// The languages the server knows, by the file name's ending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentKind {
    Tiles,
    Game,
    Jcz,
}

impl DocumentKind {
    /// The kind of a document, by its path's ending or else by the editor's language id.
    pub fn of(path: Option<&Path>, language_id: &str) -> Option<DocumentKind> {
        let by_extension = path
            .and_then(|p| p.extension())
            .and_then(|e| e.to_str())
            .and_then(|e| match e {
                "tiles" => Some(DocumentKind::Tiles),
                "game" => Some(DocumentKind::Game),
                "jcz" => Some(DocumentKind::Jcz),
                _ => None,
            });
        by_extension.or(match language_id {
            "carcspec-tiles" | "carcspec_tiles" | "tiles" => Some(DocumentKind::Tiles),
            "carcspec-game" | "carcspec_game" | "game" => Some(DocumentKind::Game),
            "jcz" => Some(DocumentKind::Jcz),
            _ => None,
        })
    }
}

/// What the analysis of one version of a document found.
#[derive(Debug, Clone, Default)]
pub struct Analysis {
    pub diagnostics: Vec<lsp_types::Diagnostic>,
    /// The scoring events of a game's replay, for hover on a turn.
    pub events: Vec<ReportedEvent>,
    pub players: Vec<String>,
}

/// Analyses `text`. `unsaved` holds the paths of tile-set files open in the editor with
/// changes not yet saved. A failure of carcspec itself becomes an `L001` diagnostic instead of
/// ending the server.
pub fn analyse(
    kind: DocumentKind,
    uri: &Uri,
    path: Option<&Path>,
    text: &str,
    encoding: Encoding,
    unsaved: &[PathBuf],
) -> Analysis {
    let index = LineIndex::new(text, encoding);
    let run = || analyse_unguarded(kind, uri, path, text, &index, unsaved);
    catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|_| Analysis {
        diagnostics: vec![internal_error(text, &index, uri)],
        ..Analysis::default()
    })
}

/// The diagnostic that stands for a failure of the analysis itself.
fn internal_error(text: &str, index: &LineIndex, uri: &Uri) -> lsp_types::Diagnostic {
    let diagnostic = Diagnostic::new(
        &codes::LSP_INTERNAL_ERROR,
        "carcspec failed while analysing this document",
    )
    .at(Span::new(0, 0), "here")
    .help("report this document as a bug; the server keeps serving the others");
    to_lsp(&diagnostic, text, index, uri)
}

pub(crate) fn analyse_unguarded(
    kind: DocumentKind,
    uri: &Uri,
    path: Option<&Path>,
    text: &str,
    index: &LineIndex,
    unsaved: &[PathBuf],
) -> Analysis {
    let origin = path.map_or_else(|| uri.as_str().to_string(), |p| p.display().to_string());
    let (diagnostics, events, players) = match kind {
        DocumentKind::Tiles => {
            let format = path.and_then(load::format_of);
            let loaded = load::from_text(&origin, text.to_string(), format);
            (loaded.diagnostics, Vec::new(), Vec::new())
        }
        DocumentKind::Game => {
            let base = base_dir(path);
            let report = check::check_text(&origin, text.to_string(), &base);
            let mut diagnostics = report.diagnostics;
            diagnostics.extend(unsaved_tile_sets(text, &base, unsaved));
            (diagnostics, report.events, report.players)
        }
        DocumentKind::Jcz => {
            let report = check::check_jcz_text(&origin, text.to_string());
            (report.diagnostics, report.events, report.players)
        }
    };
    Analysis {
        diagnostics: diagnostics
            .iter()
            .map(|d| to_lsp(d, text, index, uri))
            .collect(),
        events,
        players,
    }
}

/// The folder tile sets named by path are looked up in: the game's own.
pub fn base_dir(path: Option<&Path>) -> PathBuf {
    path.and_then(Path::parent)
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// `L002` on each `tiles` line naming a file that is open with unsaved changes.
fn unsaved_tile_sets(text: &str, base: &Path, unsaved: &[PathBuf]) -> Vec<Diagnostic> {
    if unsaved.is_empty() {
        return Vec::new();
    }
    let (file, _) = syntax::game::parse(text);
    file.statements
        .iter()
        .filter(|s| s.keyword.value == "tiles")
        .flat_map(|s| &s.words)
        .filter(|word| !crate::syntax::statements::is_multiplier(&word.value))
        .filter(|word| {
            let path = base.join(word.value.as_ref());
            unsaved.iter().any(|open| same_file(open, &path))
        })
        .map(|word| {
            Diagnostic::new(
                &codes::UNSAVED_TILE_SET,
                format!(
                    "`{}` has unsaved changes; the game is checked against the saved file",
                    word.value
                ),
            )
            .at(word.span, "open in the editor with unsaved changes")
            .help("save the tile set to check the game against it")
        })
        .collect()
}

/// Whether two paths name the same file (compared canonically when both exist).
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// A carcspec diagnostic as the protocol's: its code linked to its explanation, the help
/// after the message, and the related places (earlier moves) as related information.
pub fn to_lsp(
    diagnostic: &Diagnostic,
    text: &str,
    index: &LineIndex,
    uri: &Uri,
) -> lsp_types::Diagnostic {
    let span = diagnostic
        .primary
        .as_ref()
        .map_or(Span::new(0, 0), |l| l.span);
    let mut message = diagnostic.message.clone();
    if let Some(label) = diagnostic
        .primary
        .as_ref()
        // A label that repeats what the message says (a syntax error's "expected a position
        // `x,y`") is not said twice.
        .filter(|l| !l.message.is_empty() && !diagnostic.message.contains(&l.message))
    {
        message.push_str(&format!(" ({})", label.message));
    }
    if let Some(help) = &diagnostic.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = diagnostic
        .secondary
        .iter()
        .map(|Label { span, message }| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), index.range(text, *span)),
            message: message.clone(),
        })
        .collect();
    lsp_types::Diagnostic {
        range: index.range(text, span),
        severity: Some(match diagnostic.severity() {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(diagnostic.code.code.to_string())),
        code_description: explanation_uri(diagnostic.code).map(|href| CodeDescription { href }),
        source: Some("carcspec".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}

/// The page that explains a code: `carcspec explain`'s text, written once per process to a
/// Markdown file in the cache folder (see `docs/editors.md`), so that every editor can open it.
pub fn explanation_uri(code: &'static Code) -> Option<Uri> {
    use std::sync::{Mutex, OnceLock};
    static WRITTEN: OnceLock<Mutex<HashMap<&'static str, Option<Uri>>>> = OnceLock::new();
    let written = WRITTEN.get_or_init(|| Mutex::new(HashMap::new()));
    let mut written = written.lock().ok()?;
    written
        .entry(code.code)
        .or_insert_with(|| {
            let path = super::cache_dir()?
                .join("explain")
                .join(format!("{}.md", code.code));
            super::write_if_changed(&path, &explanation_markdown(code))?;
            path_to_uri(&path)
        })
        .clone()
}

/// `carcspec explain <code>` as Markdown.
pub fn explanation_markdown(code: &Code) -> String {
    let severity = match code.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    format!(
        "# {} {} ({severity})\n\n{}\n",
        code.code,
        code.name,
        crate::rules::codes::explanation(code)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn a_failing_analysis_becomes_an_internal_error_diagnostic() {
        let uri = Uri::from_str("file:///x.game").unwrap();
        let text = "ruleset carcassonne\n";
        let index = LineIndex::new(text, Encoding::Utf16);
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let caught = catch_unwind(AssertUnwindSafe(|| -> Analysis { panic!("a bug") }));
        std::panic::set_hook(previous);
        let analysis = caught.unwrap_or_else(|_| Analysis {
            diagnostics: vec![internal_error(text, &index, &uri)],
            ..Analysis::default()
        });
        let code = analysis.diagnostics[0].code.clone();
        assert_eq!(code, Some(NumberOrString::String("L001".into())));
    }

    /// A label is added to the message in brackets, unless the message says it already.
    #[test]
    fn a_label_the_message_repeats_is_not_added_twice() {
        let uri = Uri::from_str("file:///x.game").unwrap();
        let text = "place at\n";
        let index = LineIndex::new(text, Encoding::Utf16);
        let code = &crate::codes::BAD_STATEMENT;
        let repeated = Diagnostic::new(code, "`place`: expected a position `x,y`")
            .at(Span::new(8, 8), "expected a position `x,y`");
        assert_eq!(
            to_lsp(&repeated, text, &index, &uri).message,
            "`place`: expected a position `x,y`"
        );
        let other = Diagnostic::new(code, "`place`: expected a position `x,y`")
            .at(Span::new(0, 5), "this statement");
        assert_eq!(
            to_lsp(&other, text, &index, &uri).message,
            "`place`: expected a position `x,y` (this statement)"
        );
    }
}
