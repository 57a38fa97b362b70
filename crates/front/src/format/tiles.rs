//! The canonical layout of a tile file.
//!
//! Formatting works on the AST, not the model, so it changes layout only, never meaning:
//! statements keep their order and words, comments stay with the statement they precede or
//! follow. Canonical: the header first; one blank line before each tile; features indented by
//! two spaces; single spaces between words; `kind label: ANCHORS attributes`; a trailing
//! comment two spaces after its statement; blank lines inside a tile or the header kept (one at
//! most) where the author put them.

use std::fmt::Write;

use crate::diagnostic::Span;
use crate::model::TileSet;
use crate::syntax::tiles::{Attribute, FeatureDecl, HeaderItem, HeaderValue, TileDecl, TileFile};
use crate::syntax::{Comments, Spanned, Text};

/// Writes `file` in canonical layout.
pub fn format(file: &TileFile) -> String {
    let mut out = String::new();
    for (index, item) in file.header.iter().enumerate() {
        write_leading(&mut out, &item.comments, index > 0, "");
        let value = match &item.value.value {
            HeaderValue::Word(word) => word.to_string(),
            HeaderValue::Text(text) => quote(text),
        };
        write_statement(
            &mut out,
            "",
            &format!("{} {value}", item.key.value),
            &item.comments,
        );
    }
    for (index, tile) in file.tiles.iter().enumerate() {
        if index > 0 || !file.header.is_empty() {
            out.push('\n');
        }
        write_leading(&mut out, &tile.comments, false, "");
        let mut line = format!("tile {}", tile.id.value);
        for modifier in &tile.modifiers {
            line.push(' ');
            line.push_str(&modifier.value);
        }
        line.push_str(" {");
        write_statement(&mut out, "", &line, &tile.comments);
        for (feature_index, feature) in tile.features.iter().enumerate() {
            write_leading(&mut out, &feature.comments, feature_index > 0, "  ");
            write_statement(&mut out, "  ", &feature_text(feature), &feature.comments);
        }
        for comment in &tile.closing_comments {
            write_comment(&mut out, "  ", comment);
        }
        let closing = Comments {
            trailing: tile.closing_trailing.clone(),
            ..Comments::default()
        };
        write_statement(&mut out, "", "}", &closing);
    }
    if !file.closing_comments.is_empty() {
        if !out.is_empty() {
            out.push('\n');
        }
        for comment in &file.closing_comments {
            write_comment(&mut out, "", comment);
        }
    }
    out
}

fn feature_text(feature: &FeatureDecl) -> String {
    let mut text = feature.kind.value.to_string();
    if let Some(label) = &feature.label {
        text.push(' ');
        text.push_str(&label.value);
    }
    text.push(':');
    for anchor in &feature.anchors {
        text.push(' ');
        text.push_str(&anchor.value);
    }
    for attribute in &feature.attributes {
        text.push(' ');
        text.push_str(&attribute.key.value);
        for (index, value) in attribute.values.iter().enumerate() {
            text.push(if index == 0 { '=' } else { ',' });
            text.push_str(&value.value);
        }
    }
    text
}

fn write_leading(out: &mut String, comments: &Comments, keep_blank: bool, indent: &str) {
    if keep_blank && comments.blank_before {
        out.push('\n');
    }
    for comment in &comments.leading {
        write_comment(out, indent, comment);
    }
}

fn write_comment(out: &mut String, indent: &str, comment: &str) {
    let _ = writeln!(out, "{indent}#{comment}");
}

fn write_statement(out: &mut String, indent: &str, text: &str, comments: &Comments) {
    match &comments.trailing {
        Some(comment) => {
            let _ = writeln!(out, "{indent}{text}  #{comment}");
        }
        None => {
            let _ = writeln!(out, "{indent}{text}");
        }
    }
}

pub(crate) fn quote(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                quoted.push('\\');
                quoted.push(c);
            }
            // A string stays on its line: line breaks and other control characters are
            // written as escapes, which the parsers read back.
            '\n' => quoted.push_str("\\n"),
            '\r' => quoted.push_str("\\r"),
            '\t' => quoted.push_str("\\t"),
            c if c.is_control() => quoted.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

/// Writes tiles (without a header) in the tile language, as a game file defines its own.
pub fn print_tiles(tiles: &[crate::model::Tile]) -> String {
    let file = TileFile {
        header: Vec::new(),
        tiles: tiles.iter().map(tile_to_ast).collect(),
        closing_comments: Vec::new(),
    };
    format(&file)
}

/// Writes a tile set in the tile language (what `tiles export --format tiles` prints). The
/// text lowers back to the same model.
pub fn print_model(set: &TileSet) -> String {
    format(&to_ast(set))
}

fn spanned<'a>(value: impl Into<Text<'a>>) -> Spanned<Text<'a>> {
    Spanned::new(value.into(), Span::default())
}

fn header_item(key: &'static str, value: HeaderValue<'static>) -> HeaderItem<'static> {
    HeaderItem {
        key: spanned(key),
        value: Spanned::new(value, Span::default()),
        comments: Comments::default(),
    }
}

fn to_ast(set: &TileSet) -> TileFile<'_> {
    // Names and sources may hold spaces or quotes: a word only when it reads back as one.
    let value = |text: &str| {
        let is_word = !text.is_empty()
            && text
                .chars()
                .all(|c| !c.is_whitespace() && !"\"#{}:".contains(c));
        if is_word {
            HeaderValue::Word(Text::Owned(text.to_string()))
        } else {
            HeaderValue::Text(Text::Owned(text.to_string()))
        }
    };
    let mut header = vec![
        header_item("tileset", value(&set.name)),
        header_item("ruleset", HeaderValue::Word(set.ruleset.name().into())),
    ];
    for expansion in &set.expansions {
        header.push(header_item("expansion", value(expansion)));
    }
    if let Some(source) = &set.source {
        header.push(header_item(
            "source",
            HeaderValue::Text(Text::Owned(source.clone())),
        ));
    }
    let tiles = set.tiles.iter().map(tile_to_ast).collect();
    TileFile {
        header,
        tiles,
        closing_comments: Vec::new(),
    }
}

fn tile_to_ast(tile: &crate::model::Tile) -> TileDecl<'_> {
    let mut modifiers = vec![spanned(format!("x{}", tile.count))];
    if tile.kind != crate::model::TileKind::Land {
        modifiers.push(spanned(tile.kind.name()));
    }
    modifiers.extend(tile.markers.iter().map(|m| spanned(m.name())));
    let mut features: Vec<FeatureDecl> = tile.features.iter().map(feature_to_ast).collect();
    if !tile.closed.is_empty() {
        features.push(FeatureDecl {
            kind: spanned(crate::syntax::tiles::CLOSED_SIDES),
            label: None,
            anchors: tile
                .closed
                .iter()
                .map(|side| spanned(side.letter().to_string()))
                .collect(),
            attributes: Vec::new(),
            comments: Comments::default(),
            span: Span::default(),
        });
    }
    TileDecl {
        id: spanned(tile.id.clone()),
        modifiers,
        features,
        comments: Comments::default(),
        header_span: Span::default(),
        closing_comments: Vec::new(),
        closing_trailing: None,
        damaged: false,
    }
}

fn feature_to_ast(feature: &crate::model::Feature) -> FeatureDecl<'_> {
    let attribute = |key: &'static str, values: Vec<String>| Attribute {
        key: spanned(key),
        values: values.into_iter().map(spanned).collect(),
        span: Span::default(),
    };
    let mut attributes: Vec<Attribute> = feature
        .contents
        .iter()
        .map(|(content, count)| {
            let values = if *count == 1 {
                Vec::new()
            } else {
                vec![count.to_string()]
            };
            attribute(content.name(), values)
        })
        .collect();
    if let Some(power) = feature.power {
        attributes.push(attribute("power", vec![power.name().into()]));
    }
    if !feature.touches.is_empty() {
        attributes.push(attribute("touches", feature.touches.clone()));
    }
    if !feature.flows_into.is_empty() {
        attributes.push(attribute("into", feature.flows_into.clone()));
    }
    if !feature.shares.is_empty() {
        let sides = feature
            .shares
            .iter()
            .map(|s| s.letter().to_string())
            .collect();
        attributes.push(attribute("shares", sides));
    }
    FeatureDecl {
        kind: spanned(feature.kind.name()),
        label: feature.label.clone().map(spanned),
        anchors: feature
            .anchors
            .iter()
            .map(|a| spanned(a.to_string()))
            .collect(),
        attributes,
        comments: Comments::default(),
        span: Span::default(),
    }
}
