//! Requests on a tile set (`.tiles`): hover, go to definition and references of labels,
//! completion, formatting (`carcspec tiles fmt`) and document symbols.

use lsp_types::{
    CompletionItem, CompletionItemKind, DocumentSymbol, Hover, Location, Position, Range,
    SymbolKind, TextEdit,
};

use super::Context;
use super::describe::{describe_anchor, fold, tile_block_end, tile_markdown};
use crate::diagnostic::Span;
use crate::model::{Anchor, Ruleset};
use crate::syntax::tiles::{FeatureDecl, TileDecl, TileFile};

/// What stands under the cursor of a tile file.
enum Found<'f, 'a> {
    TileId(&'f TileDecl<'a>),
    /// An anchor of a feature.
    Anchor(Anchor, Span),
    /// A feature's own label.
    Label(&'f TileDecl<'a>, &'f FeatureDecl<'a>),
    /// A label named by an attribute (`touches=c`, `into=l`): the tile and the label.
    LabelUse(&'f TileDecl<'a>, String, Span),
}

fn contains(span: Span, offset: usize) -> bool {
    span.start <= offset && offset <= span.end
}

fn find<'f, 'a>(file: &'f TileFile<'a>, offset: usize) -> Option<Found<'f, 'a>> {
    for tile in &file.tiles {
        if contains(tile.id.span, offset) {
            return Some(Found::TileId(tile));
        }
        for feature in &tile.features {
            if feature
                .label
                .as_ref()
                .is_some_and(|l| contains(l.span, offset))
            {
                return Some(Found::Label(tile, feature));
            }
            for anchor in &feature.anchors {
                if contains(anchor.span, offset) {
                    return Some(Found::Anchor(anchor.value.parse().ok()?, anchor.span));
                }
            }
            for attribute in &feature.attributes {
                if !matches!(attribute.key.value.as_ref(), "touches" | "into") {
                    continue;
                }
                for value in &attribute.values {
                    if contains(value.span, offset) {
                        return Some(Found::LabelUse(tile, value.value.to_string(), value.span));
                    }
                }
            }
        }
    }
    None
}

fn ruleset_of(file: &TileFile<'_>) -> Option<Ruleset> {
    file.header.iter().find_map(|item| match &item.value.value {
        crate::syntax::tiles::HeaderValue::Word(word) if item.key.value == "ruleset" => {
            word.parse().ok()
        }
        _ => None,
    })
}

fn markdown(value: String, range: Range) -> Hover {
    Hover {
        contents: lsp_types::HoverContents::Markup(lsp_types::MarkupContent {
            kind: lsp_types::MarkupKind::Markdown,
            value,
        }),
        range: Some(range),
    }
}

pub(crate) fn hover(cx: &Context<'_>, position: Position) -> Option<Hover> {
    let text = cx.document.text.as_str();
    let (file, _) = crate::syntax::tiles::parse(text);
    let offset = cx.index.offset(text, position);
    let lowered = |decl: &TileDecl<'_>| {
        let mut ignored = Vec::new();
        crate::lower::tiles::lower_tile(decl, &mut ignored)
    };
    match find(&file, offset)? {
        Found::TileId(decl) => {
            let tile = lowered(decl);
            let value = tile_markdown(cx, &tile, ruleset_of(&file), "defined here");
            Some(markdown(value, cx.index.range(text, decl.id.span)))
        }
        Found::Anchor(anchor, span) => Some(markdown(
            format!("`{anchor}` (tile orientation): {}", describe_anchor(anchor)),
            cx.index.range(text, span),
        )),
        Found::Label(_, feature) => {
            let label = feature.label.as_ref()?;
            Some(markdown(
                format!(
                    "`{}`: label of the {} at {}",
                    label.value,
                    feature.kind.value,
                    anchors_of(feature)
                ),
                cx.index.range(text, label.span),
            ))
        }
        Found::LabelUse(tile, label, span) => {
            let feature = labelled(tile, &label)?;
            Some(markdown(
                format!(
                    "`{label}`: the {} at {}",
                    feature.kind.value,
                    anchors_of(feature)
                ),
                cx.index.range(text, span),
            ))
        }
    }
}

fn anchors_of(feature: &FeatureDecl<'_>) -> String {
    feature
        .anchors
        .iter()
        .map(|a| a.value.as_ref())
        .collect::<Vec<_>>()
        .join(" ")
}

fn labelled<'f, 'a>(tile: &'f TileDecl<'a>, label: &str) -> Option<&'f FeatureDecl<'a>> {
    tile.features
        .iter()
        .find(|f| f.label.as_ref().is_some_and(|l| l.value == label))
}

pub(crate) fn definition(cx: &Context<'_>, position: Position) -> Option<Vec<Location>> {
    let text = cx.document.text.as_str();
    let (file, _) = crate::syntax::tiles::parse(text);
    let span = match find(&file, cx.index.offset(text, position))? {
        Found::LabelUse(tile, label, _) => labelled(tile, &label)?.label.as_ref()?.span,
        Found::Label(_, feature) => feature.label.as_ref()?.span,
        Found::TileId(decl) => decl.id.span,
        Found::Anchor(..) => return None,
    };
    Some(vec![Location::new(
        cx.document.uri.clone(),
        cx.index.range(text, span),
    )])
}

pub(crate) fn references(
    cx: &Context<'_>,
    position: Position,
    include_declaration: bool,
) -> Option<Vec<Location>> {
    let text = cx.document.text.as_str();
    let (file, _) = crate::syntax::tiles::parse(text);
    let (tile, label) = match find(&file, cx.index.offset(text, position))? {
        Found::LabelUse(tile, label, _) => (tile, label),
        Found::Label(tile, feature) => (tile, feature.label.as_ref()?.value.to_string()),
        _ => return None,
    };
    let mut spans = Vec::new();
    for feature in &tile.features {
        if include_declaration {
            spans.extend(
                feature
                    .label
                    .as_ref()
                    .filter(|l| l.value == label)
                    .map(|l| l.span),
            );
        }
        for attribute in &feature.attributes {
            if matches!(attribute.key.value.as_ref(), "touches" | "into") {
                spans.extend(
                    attribute
                        .values
                        .iter()
                        .filter(|v| v.value == label)
                        .map(|v| v.span),
                );
            }
        }
    }
    Some(
        spans
            .into_iter()
            .map(|span| Location::new(cx.document.uri.clone(), cx.index.range(text, span)))
            .collect(),
    )
}

fn item(label: &str, kind: CompletionItemKind, detail: &str) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: Some(detail.to_string()),
        ..CompletionItem::default()
    }
}

const FEATURE_KINDS: &[(&str, &str)] = &[
    ("city", "carcassonne: whole sides"),
    ("road", "carcassonne: middles of sides"),
    ("field", "carcassonne: sides, half-sides, or I"),
    ("monastery", "carcassonne: I"),
    ("forest", "hunters-gatherers: whole sides"),
    ("river", "hunters-gatherers: middles of sides"),
    ("meadow", "hunters-gatherers: sides, half-sides, or I"),
    ("lake", "hunters-gatherers: I"),
];

const ANCHORS: &[&str] = &[
    "N", "E", "S", "W", "NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR", "I",
];

const ATTRIBUTES: &[(&str, &str)] = &[
    ("pennant", "city: a coat of arms"),
    ("touches=", "field: the cities it touches"),
    ("shares=", "city: a second stretch on a side"),
    ("fish", "lake, river: fish"),
    ("spring", "river: springs here (its end for the 2002 rules)"),
    (
        "forest-end",
        "river: ends in a forest of the tile (the 2020 end)",
    ),
    ("into=", "river: flows into this lake"),
    ("gold", "forest: gold nugget"),
    ("menhir", "forest: menhir"),
    ("mushrooms", "forest: mushrooms"),
    ("deer", "meadow"),
    ("mammoth", "meadow"),
    ("tiger", "meadow"),
    ("aurochs", "meadow"),
    ("fire", "meadow"),
    ("shrine", "meadow"),
    ("power=", "meadow, lake: a 2020 special power"),
    (
        "inn",
        "road: an inn (Inns & Cathedrals): 2 a tile when complete",
    ),
    (
        "cathedral",
        "city: a cathedral (Inns & Cathedrals): 3 a tile and pennant when complete",
    ),
];

/// Completion inside a tile block, from the words typed on the line so far.
pub(crate) fn feature_completion(words: &[&str]) -> Vec<CompletionItem> {
    match words {
        [] => FEATURE_KINDS
            .iter()
            .map(|(k, d)| item(k, CompletionItemKind::KEYWORD, d))
            .collect(),
        ["tile", ..] => [
            "x2", "start", "land", "bonus", "hill", "vineyard", "volcano", "{",
        ]
        .iter()
        .map(|m| item(m, CompletionItemKind::KEYWORD, "tile modifier"))
        .collect(),
        [first, ..] if words.iter().any(|w| w.ends_with(':')) || first.contains(':') => {
            let mut items: Vec<CompletionItem> = ANCHORS
                .iter()
                .map(|a| {
                    let anchor: Anchor = a.parse().unwrap_or(Anchor::Inner);
                    item(a, CompletionItemKind::ENUM_MEMBER, &describe_anchor(anchor))
                })
                .collect();
            items.extend(
                ATTRIBUTES
                    .iter()
                    .map(|(a, d)| item(a, CompletionItemKind::PROPERTY, d)),
            );
            items
        }
        _ => Vec::new(),
    }
}

pub(crate) fn completion(cx: &Context<'_>, position: Position) -> Vec<CompletionItem> {
    let text = cx.document.text.as_str();
    let offset = cx.index.offset(text, position);
    let line_start = text[..offset].rfind('\n').map_or(0, |at| at + 1);
    let typed = &text[line_start..offset];
    if typed.contains('#') {
        return Vec::new();
    }
    let mut words: Vec<&str> = typed.split_whitespace().collect();
    if !(typed.is_empty() || typed.ends_with(char::is_whitespace)) {
        words.pop();
    }
    // Inside a tile: the last `tile … {` line above has no `}` line after it.
    let in_tile = text[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('}') || (l.starts_with("tile ") && l.ends_with('{')))
        .is_some_and(|l| l.starts_with("tile "));
    if in_tile || words.first() == Some(&"tile") {
        return feature_completion(&words);
    }
    match words.as_slice() {
        [] => [
            ("tileset", "the set's name"),
            ("ruleset", "carcassonne or hunters-gatherers"),
            ("expansion", "the expansion this set belongs to"),
            ("source", "where the tiles come from"),
            ("tile", "a tile: tile <id> [xN] {"),
        ]
        .iter()
        .map(|(k, d)| item(k, CompletionItemKind::KEYWORD, d))
        .collect(),
        ["ruleset"] => Ruleset::ALL
            .iter()
            .map(|r| item(r.name(), CompletionItemKind::ENUM_MEMBER, "ruleset"))
            .collect(),
        ["expansion"] => crate::rules::descriptor::all()
            .flat_map(|d| d.expansion_names())
            .map(|e| item(e, CompletionItemKind::ENUM_MEMBER, "expansion"))
            .collect(),
        _ => Vec::new(),
    }
}

/// `carcspec tiles fmt`'s layout, as one edit of the whole text; nothing when the file has
/// syntax errors (formatting never guesses at a broken file) or is already formatted.
pub(crate) fn formatting(cx: &Context<'_>) -> Option<Vec<TextEdit>> {
    let text = cx.document.text.as_str();
    let (file, diagnostics) = crate::syntax::tiles::parse(text);
    if !diagnostics.is_empty() {
        return None;
    }
    Some(cx.edits_to(&crate::format::tiles::format(&file)))
}

pub(crate) fn symbols(cx: &Context<'_>) -> Vec<DocumentSymbol> {
    let text = cx.document.text.as_str();
    let (file, _) = crate::syntax::tiles::parse(text);
    let range = |span: Span| cx.index.range(text, span);
    #[allow(deprecated)]
    let symbol = |name: String,
                  detail: Option<String>,
                  kind: SymbolKind,
                  span: Span,
                  pick: Span,
                  children: Option<Vec<DocumentSymbol>>| DocumentSymbol {
        name,
        detail,
        kind,
        tags: None,
        deprecated: None,
        range: range(span),
        selection_range: range(pick),
        children,
    };
    file.tiles
        .iter()
        .map(|tile| {
            let end = tile_block_end(text, tile.header_span);
            let features = tile
                .features
                .iter()
                .map(|f| {
                    let name = match &f.label {
                        Some(label) => format!("{} {}", f.kind.value, label.value),
                        None => f.kind.value.to_string(),
                    };
                    symbol(
                        name,
                        Some(anchors_of(f)),
                        SymbolKind::FIELD,
                        f.span,
                        f.kind.span,
                        None,
                    )
                })
                .collect();
            let modifiers: Vec<&str> = tile.modifiers.iter().map(|m| m.value.as_ref()).collect();
            symbol(
                tile.id.value.to_string(),
                Some(modifiers.join(" ")),
                SymbolKind::CLASS,
                Span::new(tile.header_span.start, end.max(tile.header_span.end)),
                tile.id.span,
                Some(features),
            )
        })
        .collect()
}

/// Folding ranges: each tile's block.
pub(crate) fn folding_ranges(cx: &Context<'_>) -> Vec<lsp_types::FoldingRange> {
    let text = cx.document.text.as_str();
    let (file, _) = crate::syntax::tiles::parse(text);
    file.tiles
        .iter()
        .filter_map(|tile| {
            let end = tile_block_end(text, tile.header_span);
            fold(cx, Span::new(tile.header_span.start, end))
        })
        .collect()
}
