//! Lints of the ends of rivers. A river that touches one side only ends on its tile, and the
//! tile says how: at a lake (`into=<lake>`), at a spring (`spring`) or in a forest of the tile
//! (`forest-end`) — the 2002 rules complete a river with "a lake or spring on each end", the
//! 2020 rules when "both ends reach a forest or a lake". A river that touches two sides or more
//! has its ends on the sides, where its neighbours continue it. These lints find tile data
//! whose end of a river contradicts that, or contradicts the tile's other features:
//!
//! - a spring on a river that runs through the tile (T230), or a river that ends both at a
//!   spring and in a lake (T231);
//! - a river said to end in a forest on a tile where no forest is there to reach: the tile has
//!   no forest, or one meadow lies on both halves of the river's side and so goes round the
//!   river's end, closing it off from every forest (T232);
//! - a `forest-end` on a river that does not end on its tile in a forest: it runs through the
//!   tile, or it flows into a lake (T233).
//!
//! A spring and a forest end may stand together: a river that springs in a forest ends at its
//! spring for the 2002 rules and in the forest for the 2020 rules.

use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::model::{Anchor, ContentKind, Feature, FeatureKind, Half, Side, Tile};

/// The lints of one feature's river ends (nothing for a feature that is not a river).
pub(super) fn lint_river_ends(tile: &Tile, feature: &Feature, findings: &mut Vec<Diagnostic>) {
    if feature.kind != FeatureKind::River {
        return;
    }
    if feature.count(ContentKind::Spring) > 0 {
        lint_spring(tile, feature, findings);
    }
    if feature.count(ContentKind::ForestEnd) > 0 {
        lint_forest_end(tile, feature, findings);
    }
}

fn lint_spring(tile: &Tile, feature: &Feature, findings: &mut Vec<Diagnostic>) {
    let sides = feature.touched_sides().count();
    if sides >= 2 {
        findings.push(
            Diagnostic::new(
                &codes::SPRING_ON_A_THROUGH_RIVER,
                format!(
                    "a river of tile `{}` springs on the tile, but touches {sides} sides",
                    tile.id
                ),
            )
            .at(feature.spans.line, "this river runs through the tile")
            .help("a river with a spring touches one side; drop `spring`, or split the river"),
        );
    } else if !feature.flows_into.is_empty() {
        findings.push(
            Diagnostic::new(
                &codes::SPRING_INTO_A_LAKE,
                format!(
                    "a river of tile `{}` ends on the tile both at a spring and in a lake",
                    tile.id
                ),
            )
            .at(feature.spans.line, "two ends for one end of the river")
            .help("keep `into=<lake>` for a river that flows into a lake, or `spring` for one that springs here"),
        );
    }
}

fn lint_forest_end(tile: &Tile, feature: &Feature, findings: &mut Vec<Diagnostic>) {
    let at = feature.spans.attribute(ContentKind::ForestEnd.name());
    let sides: Vec<Side> = feature.touched_sides().collect();
    let not_an_end = |message: String, label: &str, help: &str| {
        Diagnostic::new(&codes::FOREST_END_NOT_AN_END, message)
            .at(at, label.to_string())
            .help(help.to_string())
    };
    let [side] = sides.as_slice() else {
        findings.push(not_an_end(
            format!(
                "a river of tile `{}` ends in a forest of the tile, but touches {} sides",
                tile.id,
                sides.len()
            ),
            "this river runs through the tile",
            "a river that ends in a forest of its tile touches one side; drop `forest-end`, or split the river",
        ));
        return;
    };
    if !feature.flows_into.is_empty() {
        findings.push(not_an_end(
            format!(
                "a river of tile `{}` ends on the tile both in a forest and in a lake",
                tile.id
            ),
            "two ends for one end of the river",
            "keep `into=<lake>` for a river that flows into a lake, or `forest-end` for one that ends in a forest",
        ));
        return;
    }
    let no_forest = |message: String, help: &str| {
        Diagnostic::new(&codes::FOREST_END_WITHOUT_FOREST, message)
            .at(at, "no forest to reach")
            .help(help.to_string())
    };
    if !tile.features.iter().any(|f| f.kind == FeatureKind::Forest) {
        findings.push(no_forest(
            format!(
                "a river of tile `{}` ends in a forest, but the tile has no forest",
                tile.id
            ),
            "drop `forest-end`; the river's end is then a spring (`spring`) or a lake it flows into (`into=<lake>`)",
        ));
        return;
    }
    // The features on the two halves of the river's side: one feature on both goes round the
    // river's end, which then lies inside it.
    let on_half = |half: Half| {
        tile.features
            .iter()
            .position(|f| f.anchors.contains(&Anchor::Half(*side, half)))
    };
    if let (Some(left), Some(right)) = (on_half(Half::L), on_half(Half::R))
        && left == right
    {
        let around = &tile.features[left];
        findings.push(
            no_forest(
                format!(
                    "a river of tile `{}` ends in a forest, but one {} lies on both sides of it at {}: it goes round the river's end",
                    tile.id,
                    around.kind,
                    side.letter()
                ),
                "a river ends in a forest when the forest parts the two areas beside it; write those halves as two features, or drop `forest-end`",
            )
            .also(around.spans.line, format!("this {} lines both banks", around.kind)),
        );
    }
}
