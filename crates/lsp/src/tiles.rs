//! Requests on a tile set (`.tiles`): hover, go to definition and references of labels,
//! completion, formatting (`carcspec tiles fmt`) and document symbols.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CompletionItem, CompletionItemKind,
    DocumentSymbol, Hover, Location, NumberOrString, Position, Range, SymbolKind, TextEdit,
    WorkspaceEdit,
};

use super::Context;
use super::describe::{describe_anchor, fold, tile_block_end, tile_markdown};
use crate::codes;
use crate::diagnostic::{Span, nearest};
use crate::model::{Anchor, AnchorClass, ContentKind, FeatureKind, Marker, Ruleset};
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

/// The feature kinds of the tile language, each with the ruleset whose tiles have it and where
/// its anchors go, read from the model so that a new kind is completed without a list here:
/// those of `family`'s tiles when the set says its ruleset (a Carcassonne set is offered no
/// forest or meadow).
fn feature_kinds(family: Option<Ruleset>) -> impl Iterator<Item = (&'static str, String)> {
    let belongs = move |kind: FeatureKind| family.is_none_or(|family| kind.belongs_to(family));
    FeatureKind::ALL
        .into_iter()
        .filter(move |kind| belongs(*kind))
        .map(|kind| {
            let anchors = match kind.anchor_class() {
                AnchorClass::Whole => "whole sides",
                AnchorClass::Middle => "middles of sides",
                AnchorClass::Area => "sides, half-sides, or I",
                AnchorClass::Inner => "I",
            };
            (kind.name(), format!("{}: {anchors}", kind.ruleset().name()))
        })
}

const ANCHORS: &[&str] = &[
    "N", "E", "S", "W", "NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR", "I",
];

/// The attributes of a feature line: the contents of the model (with the features each goes
/// on), and the tile language's references and powers; with `family`, those its tiles may
/// carry (what its lint accepts: a content on one of its features, a reference to one).
fn attributes(family: Option<Ruleset>) -> Vec<(&'static str, String)> {
    let belongs = |kind: FeatureKind| family.is_none_or(|family| kind.belongs_to(family));
    let mut attributes: Vec<(&'static str, String)> = ContentKind::ALL
        .into_iter()
        .filter(|content| family.is_none_or(|family| content.belongs_to(family)))
        .map(|content| {
            let on: Vec<&str> = content.allowed_on().iter().map(|k| k.name()).collect();
            (content.name(), format!("on a {}", on.join(" or ")))
        })
        .collect();
    attributes.extend(
        [
            (
                "touches=",
                "field: the cities it touches",
                FeatureKind::Field,
            ),
            (
                "shares=",
                "city: a second stretch on a side",
                FeatureKind::City,
            ),
            ("into=", "river: flows into this lake", FeatureKind::River),
            (
                "power=",
                "meadow, lake: a 2020 special power",
                FeatureKind::Meadow,
            ),
        ]
        .into_iter()
        .filter(|(_, _, on)| belongs(*on))
        .map(|(name, detail, _)| (name, detail.to_string())),
    );
    attributes
}

/// The words that may follow a tile's id on its `tile` line: a count, the kinds of tile, and
/// the markers of the model (with `family`, those its tiles may have: a bonus tile and the
/// markers of its own or its expansions').
fn tile_modifiers(family: Option<Ruleset>) -> Vec<&'static str> {
    let mut words = vec!["x2", "start", "land"];
    if family.is_none_or(|family| family == Ruleset::HuntersGatherers) {
        words.push("bonus");
    }
    words.extend(
        Marker::ALL
            .into_iter()
            .filter(|marker| {
                family.is_none_or(|family| {
                    crate::rules::descriptor::owner_of_marker_in(*marker, family).0 == family
                })
            })
            .map(Marker::name),
    );
    words.push("{");
    words
}

/// The ruleset family a tile set's `ruleset` line names, if it names one.
fn family_of(text: &str) -> Option<Ruleset> {
    text.lines()
        .map(str::split_whitespace)
        .find_map(|mut words| match (words.next(), words.next()) {
            (Some("ruleset"), Some(name)) => name.parse::<Ruleset>().ok().map(Ruleset::family),
            _ => None,
        })
}

/// Completion inside a tile block, from the words typed on the line so far; `family` (the
/// ruleset of the set or of the game) keeps out what its tiles cannot have.
pub(crate) fn feature_completion(words: &[&str], family: Option<Ruleset>) -> Vec<CompletionItem> {
    match words {
        [] => feature_kinds(family)
            .map(|(k, d)| item(k, CompletionItemKind::KEYWORD, &d))
            .chain(std::iter::once(item(
                crate::syntax::tiles::CLOSED_SIDES,
                CompletionItemKind::KEYWORD,
                "the sides the tile closes: whole sides no feature reaches",
            )))
            .collect(),
        ["tile", ..] => tile_modifiers(family)
            .into_iter()
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
                attributes(family)
                    .into_iter()
                    .map(|(a, d)| item(a, CompletionItemKind::PROPERTY, &d)),
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
        return feature_completion(&words, family_of(text));
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

/// Quick fixes for a tile set's diagnostics: the nearest feature kinds for an unknown kind
/// (T107), the nearest anchors for an unknown anchor (T110), and for a second tile with an id
/// already used (T208) either one tile with both counts (when the two are the same tile) or a
/// free id.
pub(crate) fn code_actions(
    cx: &Context<'_>,
    params: &lsp_types::CodeActionParams,
) -> Vec<CodeActionOrCommand> {
    if !crate::kind_wanted(params, &CodeActionKind::QUICKFIX) {
        return Vec::new();
    }
    let text = cx.document.text.as_str();
    let (file, _) = crate::syntax::tiles::parse(text);
    let mut actions = Vec::new();
    let mut fix = |title: String,
                   diagnostic: &lsp_types::Diagnostic,
                   edits: Vec<TextEdit>,
                   preferred: bool| {
        let mut changes = HashMap::new();
        changes.insert(cx.document.uri.clone(), edits);
        actions.push(CodeActionOrCommand::CodeAction(CodeAction {
            title,
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![diagnostic.clone()]),
            edit: Some(WorkspaceEdit::new(changes)),
            is_preferred: Some(preferred),
            ..CodeAction::default()
        }));
    };
    for diagnostic in &params.context.diagnostics {
        let Some(NumberOrString::String(code)) = &diagnostic.code else {
            continue;
        };
        let start = cx.index.offset(text, diagnostic.range.start);
        let end = cx.index.offset(text, diagnostic.range.end);
        let within = |span: Span| span.start >= start && span.start <= end;
        let replace = |span: Span, with: &str| {
            vec![TextEdit::new(cx.index.range(text, span), with.to_string())]
        };
        let features = file.tiles.iter().flat_map(|t| t.features.iter());
        match code.as_str() {
            c if c == codes::UNKNOWN_FEATURE_KIND.code => {
                let kinds: Vec<String> = FeatureKind::ALL
                    .into_iter()
                    .filter(|k| ruleset_of(&file).is_none_or(|r| k.ruleset() == r))
                    .map(|k| k.name().to_string())
                    .collect();
                for feature in features.filter(|f| within(f.kind.span)) {
                    for (rank, kind) in nearest(&feature.kind.value, &kinds, 3)
                        .into_iter()
                        .enumerate()
                    {
                        fix(
                            format!("replace with `{kind}`"),
                            diagnostic,
                            replace(feature.kind.span, &kind),
                            rank == 0,
                        );
                    }
                }
            }
            c if c == codes::UNKNOWN_ANCHOR.code => {
                let anchors: Vec<String> = ANCHORS.iter().map(|a| a.to_string()).collect();
                for anchor in features
                    .flat_map(|f| f.anchors.iter())
                    .filter(|a| within(a.span))
                {
                    for (rank, name) in nearest(&anchor.value.to_uppercase(), &anchors, 3)
                        .into_iter()
                        .enumerate()
                    {
                        fix(
                            format!("replace with `{name}`"),
                            diagnostic,
                            replace(anchor.span, &name),
                            rank == 0,
                        );
                    }
                }
            }
            c if c == codes::DUPLICATE_TILE_ID.code => {
                for (at, second) in file
                    .tiles
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| within(t.id.span))
                {
                    let Some(first) = file.tiles[..at]
                        .iter()
                        .find(|t| t.id.value == second.id.value)
                    else {
                        continue;
                    };
                    if same_tile(text, first, second) {
                        let count = tile_count(first) + tile_count(second);
                        let id = &first.id.value;
                        // The first tile's count written (or added after its id); the second
                        // tile's block removed with its line end.
                        let count_edit = match first
                            .modifiers
                            .iter()
                            .find(|m| count_word(&m.value).is_some())
                        {
                            Some(word) => {
                                TextEdit::new(cx.index.range(text, word.span), format!("x{count}"))
                            }
                            None => TextEdit::new(
                                cx.index
                                    .range(text, Span::new(first.id.span.end, first.id.span.end)),
                                format!(" x{count}"),
                            ),
                        };
                        let block = Span::new(
                            text[..second.header_span.start]
                                .rfind('\n')
                                .map_or(0, |at| at + 1),
                            (tile_block_end(text, second.header_span) + 1).min(text.len()),
                        );
                        let removal = TextEdit::new(cx.index.range(text, block), String::new());
                        fix(
                            format!("merge into one `{id}` x{count}"),
                            diagnostic,
                            vec![count_edit, removal],
                            true,
                        );
                    } else {
                        let taken: std::collections::HashSet<&str> =
                            file.tiles.iter().map(|t| t.id.value.as_ref()).collect();
                        let free = (2..)
                            .map(|n| format!("{}-{n}", second.id.value))
                            .find(|id| !taken.contains(id.as_str()));
                        if let Some(free) = free {
                            fix(
                                format!("rename this tile to `{free}`"),
                                diagnostic,
                                replace(second.id.span, &free),
                                true,
                            );
                        }
                    }
                }
            }
            _ => {}
        }
    }
    actions
}

/// The count a `xN` word gives.
fn count_word(word: &str) -> Option<u32> {
    word.strip_prefix('x')?.parse().ok()
}

fn tile_count(tile: &TileDecl<'_>) -> u32 {
    tile.modifiers
        .iter()
        .find_map(|m| count_word(&m.value))
        .unwrap_or(1)
}

/// Whether two tile blocks describe the same tile: the same modifiers besides the count, and
/// the same feature lines, word for word (comments and spacing aside).
fn same_tile(text: &str, a: &TileDecl<'_>, b: &TileDecl<'_>) -> bool {
    let modifiers = |t: &TileDecl<'_>| -> Vec<String> {
        t.modifiers
            .iter()
            .filter(|m| count_word(&m.value).is_none())
            .map(|m| m.value.to_string())
            .collect()
    };
    let features = |t: &TileDecl<'_>| -> Vec<Vec<String>> {
        t.features
            .iter()
            .map(|f| {
                text[f.span.start..f.span.end]
                    .split_whitespace()
                    .map(str::to_string)
                    .collect()
            })
            .collect()
    };
    !a.damaged && !b.damaged && modifiers(a) == modifiers(b) && features(a) == features(b)
}

/// What a rename at `position` renames in a tile set: a feature's label with the references to
/// it in the tile (`touches=`, `into=`). Tile ids are named by games elsewhere, so they are not
/// renamed from the set alone (the error says so).
pub(crate) fn rename_target(
    cx: &Context<'_>,
    position: Position,
) -> Result<(Span, String, Vec<Span>), String> {
    let text = cx.document.text.as_str();
    let (file, _) = crate::syntax::tiles::parse(text);
    let (span, label) = match find(&file, cx.index.offset(text, position)) {
        Some(Found::LabelUse(_, label, span)) => (span, label),
        Some(Found::Label(_, feature)) => {
            let label = feature.label.as_ref().ok_or("this feature has no label")?;
            (label.span, label.value.to_string())
        }
        Some(Found::TileId(tile)) => {
            return Err(format!(
                "`{}` is a tile id: games name it too, so rename it in the set and its games together (search and replace)",
                tile.id.value
            ));
        }
        _ => return Err("there is nothing to rename here: labels can be renamed".into()),
    };
    let spans = references(cx, position, true)
        .unwrap_or_default()
        .into_iter()
        .map(|location| {
            Span::new(
                cx.index.offset(text, location.range.start),
                cx.index.offset(text, location.range.end),
            )
        })
        .collect();
    Ok((span, label, spans))
}

/// The edits that rename the label at `position` to `new_name`; an error when the name is not
/// a label (a letter, then letters, digits, `-` or `_`) or another feature of the tile has it.
pub(crate) fn rename(
    cx: &Context<'_>,
    position: Position,
    new_name: &str,
) -> Result<Vec<TextEdit>, String> {
    let text = cx.document.text.as_str();
    let (_, old, spans) = rename_target(cx, position)?;
    let mut chars = new_name.chars();
    let is_label = chars.next().is_some_and(char::is_alphabetic)
        && chars.all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    if !is_label {
        return Err(format!(
            "`{new_name}` cannot be a label: a letter, then letters, digits, `-` or `_`"
        ));
    }
    let (file, _) = crate::syntax::tiles::parse(text);
    let offset = cx.index.offset(text, position);
    let taken = file
        .tiles
        .iter()
        .find(|t| t.header_span.start <= offset && offset <= tile_block_end(text, t.header_span))
        .is_some_and(|tile| {
            tile.features.iter().any(|f| {
                f.label
                    .as_ref()
                    .is_some_and(|l| l.value == new_name && l.value != old)
            })
        });
    if taken {
        return Err(format!(
            "another feature of this tile is labelled `{new_name}`"
        ));
    }
    Ok(spans
        .into_iter()
        .map(|span| TextEdit::new(cx.index.range(text, span), new_name.to_string()))
        .collect())
}
