//! What game files and tile sets share in the server: how tiles and anchors are described in
//! words and Markdown, where a tile block ends, and a folding range over lines.

use crate::Context;
use crate::diagnostic::Span;
use crate::model::{Anchor, Half, Rotation, Ruleset, Side, Tile};

/// An anchor of a tile in board orientation, for a tile turned by `rotation`.
pub(crate) fn to_board(anchor: Anchor, rotation: Rotation) -> Anchor {
    match anchor {
        Anchor::Side(side) => Anchor::Side(rotation.to_board(side)),
        Anchor::Half(side, half) => Anchor::Half(rotation.to_board(side), half),
        Anchor::Inner => Anchor::Inner,
    }
}

/// What an anchor names, in words.
pub(crate) fn describe_anchor(anchor: Anchor) -> String {
    let side_name = |side: Side| match side {
        Side::N => "north",
        Side::E => "east",
        Side::S => "south",
        Side::W => "west",
    };
    match anchor {
        Anchor::Side(side) => format!(
            "the {} side: the whole side (city, forest), both halves (field, meadow) or its middle (road, river)",
            side_name(side)
        ),
        Anchor::Half(side, half) => {
            // Left and right as seen looking out from the tile's centre.
            let towards = match (side, half) {
                (Side::N, Half::L) | (Side::S, Half::R) => Side::W,
                (Side::N, Half::R) | (Side::S, Half::L) => Side::E,
                (Side::E, Half::L) | (Side::W, Half::R) => Side::N,
                (Side::E, Half::R) | (Side::W, Half::L) => Side::S,
            };
            let which = if half == Half::L { "left" } else { "right" };
            format!(
                "the {which} half of the {} side (looking out from the centre): its {} half",
                side_name(side),
                side_name(towards)
            )
        }
        Anchor::Inner => "the inside of the tile: an area that touches no side (a lake)".into(),
    }
}

/// A tile's definition as Markdown: its id, where it comes from, its sides and its text in
/// the tile language, then its picture when the client shows pictures (last, so that an
/// editor that shows the image's address as text still shows the definition first).
pub(crate) fn tile_markdown(
    cx: &Context<'_>,
    tile: &Tile,
    ruleset: Option<Ruleset>,
    source: &str,
) -> String {
    let mut out = format!("**tile `{}`** — {source}", tile.id);
    if let Some(ruleset) = ruleset {
        out.push_str(&format!(
            "\n\nsides N E S W: `{}` · {} cop{} · {}",
            tile.edges(ruleset),
            tile.count,
            if tile.count == 1 { "y" } else { "ies" },
            tile.kind.name()
        ));
    }
    out.push_str("\n\n```carcspec-tiles\n");
    out.push_str(crate::format::tiles::print_tiles(std::slice::from_ref(tile)).trim_end());
    out.push_str("\n```");
    out.push_str(&cx.picture(tile, Rotation(0), &[]));
    out
}

/// The end of a tile block of the tile language (`tile … {` up to its `}` line), or of its
/// header line when the block is not closed.
pub(crate) fn tile_block_end(text: &str, header: Span) -> usize {
    text[header.start..]
        .find("\n}")
        .map_or(header.end, |at| header.start + at + 2)
}

/// A folding range over the lines of `span`, when it covers more than one.
pub(crate) fn fold(cx: &Context<'_>, span: Span) -> Option<lsp_types::FoldingRange> {
    let text = cx.document.text.as_str();
    let (start, end) = (
        cx.index.position(text, span.start),
        cx.index.position(text, span.end),
    );
    (end.line > start.line).then_some(lsp_types::FoldingRange {
        start_line: start.line,
        start_character: None,
        end_line: end.line,
        end_character: None,
        kind: Some(lsp_types::FoldingRangeKind::Region),
        collapsed_text: None,
    })
}
