//! Tiles that are the same tile under another id (T228): the same features on the same sides,
//! with the same contents, markers and closed sides, in some rotation. A fan author who writes
//! a tile twice meant either more copies of one tile (`xN`) or two different tiles.
//!
//! An expansion set is checked, alone and with the sets it is linted with; a base set is not:
//! it transcribes a whole box, whose ids may name each printed tile (the 2020 Hunters and
//! Gatherers set numbers every tile of its punchboards, ten of them twins of others).

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};

use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::model::{Anchor, Side, Tile, TileKind, TileSet};

/// What makes a tile the tile it is, turned by `turns` quarter turns clockwise: its features
/// (kind, anchors, shares, contents, power, and the anchors of the features it names by label
/// in place of the labels), its markers and closed sides, in an order of their own. Ids,
/// labels, counts and names are left out.
fn shape(tile: &Tile, turns: usize) -> String {
    let turn = |side: Side| Side::from_index((side.index() + turns) % 4);
    let anchors_of = |anchors: &[Anchor]| {
        let mut turned: Vec<Anchor> = anchors
            .iter()
            .map(|anchor| match *anchor {
                Anchor::Side(side) => Anchor::Side(turn(side)),
                Anchor::Half(side, half) => Anchor::Half(turn(side), half),
                Anchor::Inner => Anchor::Inner,
            })
            .collect();
        turned.sort();
        turned
    };
    let named = |labels: &[String]| {
        let mut anchors: Vec<Vec<Anchor>> = labels
            .iter()
            .filter_map(|label| tile.feature_by_label(label))
            .map(|feature| anchors_of(&feature.anchors))
            .collect();
        anchors.sort();
        anchors
    };
    let mut features: Vec<String> = tile
        .features
        .iter()
        .map(|feature| {
            let mut shares: Vec<Side> = feature.shares.iter().map(|&s| turn(s)).collect();
            shares.sort();
            format!(
                "{:?} {:?} {:?} {:?} {:?} {:?} {:?}",
                feature.kind,
                anchors_of(&feature.anchors),
                shares,
                feature.contents,
                feature.power,
                named(&feature.touches),
                named(&feature.flows_into),
            )
        })
        .collect();
    features.sort();
    let mut markers = tile.markers.clone();
    markers.sort();
    let mut closed: Vec<Side> = tile.closed.iter().map(|&s| turn(s)).collect();
    closed.sort();
    format!(
        "{features:?} {markers:?} {closed:?} {}",
        tile.kind == TileKind::Bonus
    )
}

/// The tile's shape in the rotation that sorts first: two tiles are the same tile when these
/// are equal.
fn canonical_shape(tile: &Tile) -> String {
    (0..4)
        .map(|turns| shape(tile, turns))
        .min()
        .unwrap_or_default()
}

/// The first tile of each shape among `tiles`, by shape.
fn first_of_each_shape<'a>(tiles: impl Iterator<Item = &'a Tile>) -> HashMap<String, &'a Tile> {
    let mut first = HashMap::new();
    for tile in tiles {
        first.entry(canonical_shape(tile)).or_insert(tile);
    }
    first
}

fn same_as(tile: &Tile, earlier: &Tile, place: &str) -> Diagnostic {
    let diagnostic = Diagnostic::new(
        &codes::SAME_AS_ANOTHER_TILE,
        format!(
            "tile `{}` is tile `{}`{place} under another id: the same features on the same sides",
            tile.id, earlier.id
        ),
    )
    .at(tile.spans.id, format!("the same tile as `{}`", earlier.id));
    if place.is_empty() {
        diagnostic
            .also(earlier.spans.id, "written first here")
            .help(format!(
                "for more copies of one tile, remove this one and raise the count of `{}` (`x{}`); if the tiles differ, change a side or a feature",
                earlier.id,
                earlier.count.saturating_add(tile.count)
            ))
    } else {
        diagnostic.help(
            "a game plays both: if this tile is meant to add copies, say so in the count of the other; if the tiles differ, change a side or a feature",
        )
    }
}

/// T228 within a set: each tile that is an earlier tile of the set under another id. Linear in
/// the number of tiles.
pub(super) fn lint_same_tiles(set: &TileSet, complete: &[bool], findings: &mut Vec<Diagnostic>) {
    if !set.is_expansion() {
        return;
    }
    let mut first: HashMap<String, &Tile> = HashMap::new();
    // A tile that lost a line to an error already reported is not compared.
    for (tile, _) in set
        .tiles
        .iter()
        .zip(complete)
        .filter(|(_, complete)| **complete)
    {
        match first.entry(canonical_shape(tile)) {
            Entry::Occupied(earlier) => findings.push(same_as(tile, earlier.get(), "")),
            Entry::Vacant(place) => {
                place.insert(tile);
            }
        }
    }
}

/// T228 across sets played together: each tile of `set` that is a tile of one of `others`.
pub(super) fn lint_same_tiles_with(
    set: &TileSet,
    others: &[(&str, &TileSet)],
    findings: &mut Vec<Diagnostic>,
) {
    if !set.is_expansion() {
        return;
    }
    for (name, other) in others {
        let theirs = first_of_each_shape(other.tiles.iter());
        let their_ids: HashSet<&str> = other.tiles.iter().map(|t| t.id.as_str()).collect();
        for tile in &set.tiles {
            // A tile whose id the other set has too is T227's, one error for one cause.
            if their_ids.contains(tile.id.as_str()) {
                continue;
            }
            if let Some(earlier) = theirs.get(&canonical_shape(tile)) {
                findings.push(same_as(tile, earlier, &format!(" of `{name}`")));
            }
        }
    }
}
