//! Every request at once on one text, unguarded: for the property tests, which look for a
//! panic at any offset of any text. Apart from the server: it answers no client.

use std::path::Path;
use std::sync::Arc;

use super::analysis::{self, DocumentKind};
use super::text::{self, Encoding, LineIndex};
use super::{Context, Document, Settings, game, long, tiles};

/// Runs the document analysis and every request the server answers (hover, definition,
/// references, completion, formatting, symbols, code actions) at byte `offset` of `text`,
/// without the guard the server puts around them, so that a property test sees any panic.
/// Returns how many answers were not empty.
#[doc(hidden)]
pub fn exercise(kind: DocumentKind, path: Option<&Path>, text: &str, offset: usize) -> usize {
    let uri = path
        .and_then(text::path_to_uri)
        .unwrap_or_else(|| "file:///untitled".parse().expect("a valid uri"));
    let index = LineIndex::new(text, Encoding::Utf16);
    let analysis = analysis::analyse_unguarded(kind, &uri, path, text, &index, &[]);
    let document = Document {
        uri: uri.clone(),
        path: path.map(Path::to_path_buf),
        kind,
        text: Arc::new(text.to_string()),
        client_text: Arc::new(text.to_string()),
        version: 1,
        unsaved: false,
        out_of_sync: None,
    };
    let position = index.position(text, offset);
    let cx = Context {
        document: &document,
        index,
        encoding: Encoding::Utf16,
        analysis: Some(Arc::new(analysis.clone())),
        settings: Settings::default(),
        work: long::Work::default(),
    };
    let whole = lsp_types::Range::new(lsp_types::Position::new(0, 0), position);
    let actions = lsp_types::CodeActionParams {
        text_document: lsp_types::TextDocumentIdentifier::new(uri),
        range: whole,
        context: lsp_types::CodeActionContext {
            diagnostics: analysis.diagnostics.clone(),
            only: None,
            trigger_kind: None,
        },
        work_done_progress_params: lsp_types::WorkDoneProgressParams::default(),
        partial_result_params: lsp_types::PartialResultParams::default(),
    };
    let answers = match kind {
        DocumentKind::Game => [
            game::hover(&cx, position).is_some(),
            game::definition(&cx, position).is_some(),
            game::references(&cx, position, true).is_some(),
            !game::completion(&cx, position).is_empty(),
            game::formatting(&cx).is_some(),
            !game::symbols(&cx).is_empty(),
            !game::code_actions(&cx, &actions).is_empty(),
            !game::folding_ranges(&cx).is_empty(),
            !game::semantic_tokens(&cx).data.is_empty(),
        ],
        DocumentKind::Tiles => [
            tiles::hover(&cx, position).is_some(),
            tiles::definition(&cx, position).is_some(),
            tiles::references(&cx, position, true).is_some(),
            !tiles::completion(&cx, position).is_empty(),
            tiles::formatting(&cx).is_some(),
            !tiles::symbols(&cx).is_empty(),
            false,
            !tiles::folding_ranges(&cx).is_empty(),
            false,
        ],
        DocumentKind::Jcz => [false; 9],
    };
    answers.iter().filter(|a| **a).count() + usize::from(!analysis.diagnostics.is_empty())
}
