//! Code actions on a game file: quick fixes and the legal-placements expectation.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionOrCommand, CodeActionParams, NumberOrString, Range, TextEdit,
    WorkspaceEdit,
};

use super::{GameView, Role, state};
use crate::Context;
use crate::codes;
use crate::describe::to_board;
use crate::diagnostic::{Span, edit_distance, nearest};
use crate::model::{Rotation, Tile};

/// Quick fixes for the diagnostics under the cursor, and the legal-placements expectation for
/// a drawn tile.
pub(crate) fn code_actions(
    cx: &Context<'_>,
    params: &CodeActionParams,
) -> Vec<CodeActionOrCommand> {
    let text = cx.document.text.as_str();
    let view = GameView::new(text, cx.document.path.as_deref());
    let mut actions = Vec::new();
    let wanted = |kind: &lsp_types::CodeActionKind| crate::kind_wanted(params, kind);
    let edit = |range: Range, new_text: String| {
        let mut changes = HashMap::new();
        changes.insert(
            cx.document.uri.clone(),
            vec![TextEdit::new(range, new_text)],
        );
        WorkspaceEdit::new(changes)
    };
    let fixes: &[lsp_types::Diagnostic] = if wanted(&lsp_types::CodeActionKind::QUICKFIX) {
        &params.context.diagnostics
    } else {
        &[]
    };
    for diagnostic in fixes {
        let Some(NumberOrString::String(code)) = &diagnostic.code else {
            continue;
        };
        let start = cx.index.offset(text, diagnostic.range.start);
        let end = cx.index.offset(text, diagnostic.range.end);
        let candidates: Vec<(Span, Vec<String>)> = match code.as_str() {
            // Unknown anchor, no such feature: the nearest anchors of the tile.
            c if c == codes::UNKNOWN_ANCHOR.code || c == codes::NO_SUCH_FEATURE.code => view
                .words
                .iter()
                .filter(|w| {
                    w.role == Role::Target
                        && w.span.start >= start
                        && w.span.end <= end.max(w.span.end)
                })
                .filter(|w| w.span.start <= end)
                .filter_map(|w| {
                    let (id, rotation) = view.target_tile(w.statement)?;
                    let (tile, _) = view.tile(&id)?;
                    Some((w.span, nearest_anchors(&w.text, &tile, rotation)))
                })
                .collect(),
            c if c == codes::UNKNOWN_TILE.code => view
                .words
                .iter()
                .filter(|w| w.role == Role::TileId && w.span.start >= start && w.span.start <= end)
                .map(|w| {
                    let ids: Vec<String> = view.tile_ids().into_iter().map(|(id, _)| id).collect();
                    (w.span, nearest(&w.text, &ids, 3))
                })
                .collect(),
            c if c == codes::UNKNOWN_PLAYER.code => view
                .words
                .iter()
                .filter(|w| w.role == Role::Player && w.span.start >= start && w.span.start <= end)
                .map(|w| (w.span, nearest(&w.text, &view.players, 2)))
                .collect(),
            _ => Vec::new(),
        };
        for (span, replacements) in candidates {
            for (rank, replacement) in replacements.into_iter().enumerate() {
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: format!("replace with `{replacement}`"),
                    kind: Some(lsp_types::CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![diagnostic.clone()]),
                    edit: Some(edit(cx.index.range(text, span), replacement)),
                    is_preferred: Some(rank == 0),
                    ..CodeAction::default()
                }));
            }
        }
    }
    actions.extend(state::placement_actions(
        cx,
        &view,
        params.range,
        &params.context.diagnostics,
        &wanted,
    ));
    actions
}

/// The anchors of the tile's features in board orientation, nearest to `written` first: same
/// side before other sides, then by edit distance.
fn nearest_anchors(written: &str, tile: &Tile, rotation: Rotation) -> Vec<String> {
    let mut anchors: Vec<String> = tile
        .features
        .iter()
        .flat_map(|f| f.anchors.iter().map(|a| to_board(*a, rotation).to_string()))
        .collect();
    anchors.sort();
    anchors.dedup();
    let first = written.chars().next();
    anchors.sort_by_key(|a| {
        (
            a.chars().next() != first,
            edit_distance(written, a),
            a.clone(),
        )
    });
    anchors.truncate(3);
    anchors
}
