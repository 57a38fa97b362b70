//! The document's shape: its outline (document symbols, a long request, kept for the text it
//! outlines) and its folding ranges.

use std::sync::{Arc, Mutex};

use super::analysis::DocumentKind;
use super::long::Reply;
use super::text::Encoding;
use super::{Context, Server, game, tiles};

impl Server {
    /// `textDocument/foldingRange`.
    pub(super) fn folding_ranges(
        &self,
        params: lsp_types::FoldingRangeParams,
    ) -> Option<Vec<lsp_types::FoldingRange>> {
        self.with(&params.text_document.uri, |cx| match cx.document.kind {
            DocumentKind::Game => game::folding_ranges(cx),
            DocumentKind::Tiles => tiles::folding_ranges(cx),
            DocumentKind::Jcz => Vec::new(),
        })
    }
}

/// How many outlines are kept: a document or two, before and after an edit.
const KEPT_OUTLINES: usize = 4;

/// An outline sent, with what it was made from: the document's kind, the client's column
/// encoding and the text (the outline reads nothing else).
type KeptOutline = (DocumentKind, Encoding, Arc<String>, Arc<str>);

/// The last outlines sent, newest first.
static KEPT_OUTLINE: Mutex<Vec<KeptOutline>> = Mutex::new(Vec::new());

/// The document's outline (document symbols) as JSON text, kept for the text it outlines:
/// editors ask for the outline of one version several times (the outline view, breadcrumbs,
/// sticky scroll), and on 2,000 turns it is half a megabyte. Kept by the text itself, not the
/// version, so that no two documents (or servers in one process) can mix theirs up.
pub(super) fn outline(cx: &Context<'_>) -> Reply {
    let document = cx.document;
    let same = |(kind, encoding, text, _): &KeptOutline| {
        *kind == document.kind
            && *encoding == cx.encoding
            && (Arc::ptr_eq(text, &document.text) || text == &document.text)
    };
    if let Ok(mut kept) = KEPT_OUTLINE.lock()
        && let Some(at) = kept.iter().position(same)
    {
        let entry = kept.remove(at);
        let answer = Arc::clone(&entry.3);
        kept.insert(0, entry);
        return Reply::Json(answer);
    }
    let symbols = match document.kind {
        DocumentKind::Game => game::symbols(cx),
        DocumentKind::Tiles => tiles::symbols(cx),
        DocumentKind::Jcz => Vec::new(),
    };
    let reply = Reply::serialise(&lsp_types::DocumentSymbolResponse::Nested(symbols));
    // A cancelled outline may be cut short: not kept.
    if let (Reply::Json(answer), false) = (&reply, cx.work.cancelled())
        && let Ok(mut kept) = KEPT_OUTLINE.lock()
    {
        kept.insert(
            0,
            (
                document.kind,
                cx.encoding,
                Arc::clone(&document.text),
                Arc::clone(answer),
            ),
        );
        kept.truncate(KEPT_OUTLINES);
    }
    reply
}
