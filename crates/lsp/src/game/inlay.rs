//! Inlay hints on a game file: the scores after each turn, the sides of each drawn tile.

use std::collections::HashMap;

use lsp_types::Range;

use super::GameView;
use crate::Context;

/// Inlay hints in `range`: after each `turn` line, the scores once that turn is over (from
/// the last check of this version, so none while it runs); after each `draw` or `bonus`, the
/// drawn tile's sides (N E S W, as in `carcspec tiles show`).
pub(crate) fn inlay_hints(cx: &Context<'_>, range: Range) -> Vec<lsp_types::InlayHint> {
    let text = cx.document.text.as_str();
    let view = GameView::new(text, cx.document.path.as_deref());
    let (first, last) = (
        cx.index.offset(text, range.start),
        cx.index.offset(text, range.end),
    );
    let line_end = |at: usize| text[at..].find('\n').map_or(text.len(), |n| at + n);
    let hint = |at: usize, label: String, kind| lsp_types::InlayHint {
        position: cx.index.position(text, at),
        label: lsp_types::InlayHintLabel::String(label),
        kind: Some(kind),
        text_edits: None,
        tooltip: None,
        padding_left: Some(true),
        padding_right: None,
        data: None,
    };
    let mut hints = Vec::new();
    if let Some(analysis) = &cx.analysis {
        let players = &analysis.players;
        let mut totals = vec![0i64; players.len()];
        let mut events = analysis.events.iter().filter(|e| !e.is_final).peekable();
        let turns: Vec<usize> = (0..view.file.statements.len())
            .filter(|at| view.file.statements[*at].keyword.value == "turn")
            .collect();
        for (k, at) in turns.iter().enumerate() {
            let statement = &view.file.statements[*at];
            if statement.span.start > last {
                break;
            }
            let turn_end = turns
                .get(k + 1)
                .map_or(text.len(), |next| view.file.statements[*next].span.start);
            while let Some(event) = events.next_if(|e| e.span.start < turn_end) {
                for (seat, player) in players.iter().enumerate() {
                    totals[seat] += event.points_of(player).unwrap_or(0);
                }
            }
            if statement.span.end >= first {
                let scores: Vec<String> = players
                    .iter()
                    .zip(&totals)
                    .map(|(p, s)| format!("{p} {s}"))
                    .collect();
                let label = format!("→ {}", scores.join(" · "));
                hints.push(hint(
                    line_end(statement.span.end),
                    label,
                    lsp_types::InlayHintKind::PARAMETER,
                ));
            }
        }
    }
    if let Some(ruleset) = view.ruleset {
        let (local, _) = view.local_tiles();
        let mut sides: HashMap<&str, String> = HashMap::new();
        for tile in view.sets.iter().flat_map(|s| &s.tiles).chain(&local) {
            sides.insert(&tile.id, tile.edges(ruleset));
        }
        for statement in &view.file.statements {
            if statement.span.end < first || statement.span.start > last {
                continue;
            }
            if let ("draw" | "bonus", [tile]) =
                (statement.keyword.value.as_ref(), statement.words.as_slice())
                && let Some(edges) = sides.get(tile.value.as_ref())
            {
                hints.push(hint(
                    tile.span.end,
                    edges.clone(),
                    lsp_types::InlayHintKind::TYPE,
                ));
            }
        }
    }
    hints.sort_by_key(|h| (h.position.line, h.position.character));
    hints
}
