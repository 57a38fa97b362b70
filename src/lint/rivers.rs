//! Lints of the ends of rivers. A river that touches one side only ends on its tile, and the
//! tile says how: at a lake (`into=<lake>`) or at a spring (`spring`) — the 2002 rules complete
//! a river with "a lake or spring on each end", the 2020 rules when "both ends reach a forest or
//! a lake" (the v2 tiles' springs lie in their forests). A river that touches two sides or more
//! has its ends on the sides, where its neighbours continue it. These lints find tile data
//! whose end of a river contradicts that: a spring on a river that runs through the tile, or a
//! river that ends both at a spring and in a lake.

use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::model::{ContentKind, Feature, FeatureKind, Tile};

/// The lints of one feature's river ends (nothing for a feature that is not a river).
pub(super) fn lint_river_ends(tile: &Tile, feature: &Feature, findings: &mut Vec<Diagnostic>) {
    if feature.kind != FeatureKind::River || feature.count(ContentKind::Spring) == 0 {
        return;
    }
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
