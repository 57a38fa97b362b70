//! A game file's layout (`carcspec fmt`) and its outline (document symbols).

use lsp_types::{DocumentSymbol, Range, SymbolKind, TextEdit};

use crate::Context;
use crate::describe::{fold, tile_block_end};
use crate::diagnostic::Span;

/// `carcspec fmt`'s layout, as one edit of the whole text; nothing when the file has syntax
/// errors (the formatter never guesses at a broken file) or is already formatted.
pub(crate) fn formatting(cx: &Context<'_>) -> Option<Vec<TextEdit>> {
    let text = cx.document.text.as_str();
    let (_, diagnostics) = crate::syntax::game::parse(text);
    if !diagnostics.is_empty() {
        return None;
    }
    Some(cx.edits_to(&crate::format::game_layout::format(text)))
}

pub(crate) fn symbols(cx: &Context<'_>) -> Vec<DocumentSymbol> {
    let text = cx.document.text.as_str();
    // The text alone: the outline needs no tile set and no replay.
    let (file, _) = crate::syntax::game::parse(text);
    let range = |span: Span| cx.index.range(text, span);
    #[allow(deprecated)]
    let symbol = |name: String,
                  detail: Option<String>,
                  kind: SymbolKind,
                  span: Span,
                  pick: Span,
                  children: Vec<DocumentSymbol>| DocumentSymbol {
        name,
        detail,
        kind,
        tags: None,
        deprecated: None,
        range: range(span),
        selection_range: range(pick),
        children: (!children.is_empty()).then_some(children),
    };
    let mut out = Vec::new();
    let mut header: Vec<DocumentSymbol> = Vec::new();
    let mut setup: Vec<DocumentSymbol> = Vec::new();
    // A turn's moves are its detail, not symbols of their own: on a long game one symbol per
    // move made the outline ten times larger (1.6 MB on 2,000 turns) for little use.
    let mut turn: Option<(DocumentSymbol, Vec<String>)> = None;
    let mut turns = Vec::new();
    let close = |(mut open, moves): (DocumentSymbol, Vec<String>)| {
        open.detail = (!moves.is_empty()).then(|| moves.join(" · "));
        open
    };
    let total = file.statements.len();
    for (at, statement) in file.statements.iter().enumerate() {
        // A cancelled request's answer is not sent: stop here.
        if cx.work.cancelled() {
            break;
        }
        cx.work.report(at, total);
        let keyword = statement.keyword.value.as_ref();
        let rest: Vec<&str> = statement.words.iter().map(|w| w.value.as_ref()).collect();
        let name = format!("{keyword} {}", rest.join(" ")).trim().to_string();
        if let (Some((open, moves)), false) = (turn.as_mut(), keyword == "turn") {
            open.range.end = range(statement.span).end;
            moves.push(name);
            continue;
        }
        let this = symbol(
            name,
            None,
            SymbolKind::EVENT,
            statement.span,
            statement.keyword.span,
            Vec::new(),
        );
        match keyword {
            "game" | "ruleset" | "expansion" | "variant" | "tiles" | "players" => {
                header.push(DocumentSymbol {
                    kind: SymbolKind::PROPERTY,
                    ..this
                });
            }
            "turn" => {
                turns.extend(turn.take().map(close));
                let open = DocumentSymbol {
                    kind: SymbolKind::FUNCTION,
                    ..this
                };
                turn = Some((open, Vec::new()));
            }
            _ => setup.push(this),
        }
    }
    turns.extend(turn.take().map(close));
    let group = |name: &str, kind: SymbolKind, children: Vec<DocumentSymbol>| {
        let first = children.first()?.range;
        let last = children.last()?.range;
        #[allow(deprecated)]
        Some(DocumentSymbol {
            name: name.to_string(),
            detail: None,
            kind,
            tags: None,
            deprecated: None,
            range: Range::new(first.start, last.end),
            selection_range: first,
            children: Some(children),
        })
    };
    out.extend(group("header", SymbolKind::NAMESPACE, header));
    out.extend(group("setup", SymbolKind::NAMESPACE, setup));
    out.extend(turns);
    for decl in &file.tiles {
        let end = text[decl.header_span.start..]
            .find('}')
            .map_or(decl.header_span.end, |close| {
                decl.header_span.start + close + 1
            });
        out.push(symbol(
            decl.id.value.to_string(),
            Some("tile".into()),
            SymbolKind::CLASS,
            Span::new(decl.header_span.start, end),
            decl.id.span,
            Vec::new(),
        ));
    }
    out.sort_by_key(|s| (s.range.start.line, s.range.start.character));
    out
}

/// Folding ranges: each turn, from its `turn` line to its last statement, and each tile the
/// file defines.
pub(crate) fn folding_ranges(cx: &Context<'_>) -> Vec<lsp_types::FoldingRange> {
    let text = cx.document.text.as_str();
    let (file, _) = crate::syntax::game::parse(text);
    let mut ranges: Vec<lsp_types::FoldingRange> = file
        .tiles
        .iter()
        .filter_map(|tile| {
            fold(
                cx,
                Span::new(
                    tile.header_span.start,
                    tile_block_end(text, tile.header_span),
                ),
            )
        })
        .collect();
    let mut turn: Option<Span> = None;
    for statement in &file.statements {
        let keyword = statement.keyword.value.as_ref();
        if matches!(keyword, "turn" | "end" | "stop") {
            ranges.extend(turn.take().and_then(|span| fold(cx, span)));
            if keyword == "turn" {
                turn = Some(statement.span);
            }
        } else if let Some(span) = &mut turn {
            span.end = statement.span.end;
        }
    }
    ranges.extend(turn.and_then(|span| fold(cx, span)));
    ranges.sort_by_key(|r| r.start_line);
    ranges
}
