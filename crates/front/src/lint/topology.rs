//! Lints of a tile's topology: the tile read as a plane, and the farm mistakes it can show.
//!
//! The edge of a tile is a cycle of twelve boundary positions, clockwise from the north-west
//! corner: `NL N NR`, `EL E ER`, `SL S SR`, `WL W WR` (each side's left half, its middle, its
//! right half). A city or forest covers the three positions of each side it claims, a road or
//! river the middle of its sides, a field or meadow the halves it claims (and the middle of a
//! side it claims whole). Features touching no side (`I`: monasteries, lakes, inner fields)
//! have no position.
//!
//! [`TilePlane`] is that picture as a graph: one node per boundary position, joined to the
//! next around the cycle, and one node per feature, joined to the positions it covers. The
//! lints are questions about the graph:
//!
//! - **Separation.** A feature that leaves the tile through two or more stretches of the
//!   boundary (a road from N to S, a city from N to S) cuts the tile's disc into as many
//!   regions: the boundary positions left when its own are taken out fall into that many
//!   connected runs, and two positions lie on one side of it exactly when they are in one run.
//!   A road that ends on the tile (at a village, a monastery, a city gate) leaves one run and
//!   separates nothing by itself: whether several road ends meet at a village or stop at
//!   houses of their own is not in the data, so these lints never count on it.
//! - **Borders.** A city's edge runs from corner to corner of the stretch it covers; the
//!   positions just beyond its ends, around the cycle, belong to the fields that line it. A
//!   field there borders the city for certain (other fields may border it too, past a road
//!   that ends at the city's gate: the lints only ever report what is certain).
//!
//! A field on both sides of a separator is a tile that cannot be drawn (T240); a field that
//! borders a city but does not name it in `touches=` scores nothing for it (T241); a field
//! that names a city a separator keeps it from (T242) scores a city it cannot touch.

use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::visit::{Dfs, NodeFiltered};

use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::model::{Anchor, AnchorClass, Feature, FeatureKind, Half, Side, Tile};

/// Positions around the boundary: three per side.
const POSITIONS: usize = 12;

/// A boundary position: `3 * side` is the side's left half, `+ 1` its middle, `+ 2` its right
/// half (left and right as seen from the centre, so the cycle runs clockwise).
type Position = usize;

fn middle(side: Side) -> Position {
    3 * side.index() + 1
}

fn half(side: Side, half: Half) -> Position {
    3 * side.index() + if half == Half::L { 0 } else { 2 }
}

/// A place of the tile's plane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Boundary(Position),
    Feature(usize),
}

/// The tile as a plane: boundary positions joined around the cycle, features joined to the
/// positions they cover.
pub struct TilePlane {
    graph: UnGraph<Place, ()>,
    positions: [NodeIndex; POSITIONS],
    features: Vec<NodeIndex>,
}

/// How the runs of the boundary fall around one separating feature: the run of each position
/// (`None` for the separator's own positions).
struct Separation {
    run_of: [Option<usize>; POSITIONS],
}

impl TilePlane {
    pub fn of(tile: &Tile) -> TilePlane {
        let mut graph = UnGraph::new_undirected();
        let positions: [NodeIndex; POSITIONS] =
            std::array::from_fn(|p| graph.add_node(Place::Boundary(p)));
        for p in 0..POSITIONS {
            graph.add_edge(positions[p], positions[(p + 1) % POSITIONS], ());
        }
        let features = tile
            .features
            .iter()
            .enumerate()
            .map(|(index, feature)| {
                let node = graph.add_node(Place::Feature(index));
                for position in covered_positions(feature) {
                    graph.update_edge(node, positions[position], ());
                }
                node
            })
            .collect();
        TilePlane {
            graph,
            positions,
            features,
        }
    }

    /// The boundary positions feature `index` covers, in cycle order.
    fn covers(&self, index: usize) -> Vec<Position> {
        let mut covered: Vec<Position> = self
            .graph
            .neighbors(self.features[index])
            .filter_map(|n| match self.graph[n] {
                Place::Boundary(p) => Some(p),
                Place::Feature(_) => None,
            })
            .collect();
        covered.sort_unstable();
        covered
    }

    /// The features covering `position`.
    fn features_at(&self, position: Position) -> impl Iterator<Item = usize> + '_ {
        self.graph
            .neighbors(self.positions[position])
            .filter_map(|n| match self.graph[n] {
                Place::Feature(index) => Some(index),
                Place::Boundary(_) => None,
            })
    }

    /// The runs of boundary left connected when feature `index`'s positions are taken out, or
    /// `None` when it leaves one run (it divides nothing).
    fn separation(&self, index: usize) -> Option<Separation> {
        let own = self.covers(index);
        if own.is_empty() {
            return None;
        }
        let open = NodeFiltered::from_fn(
            &self.graph,
            |node| matches!(self.graph[node], Place::Boundary(p) if !own.contains(&p)),
        );
        let mut run_of = [None; POSITIONS];
        let mut runs = 0;
        for start in 0..POSITIONS {
            if own.contains(&start) || run_of[start].is_some() {
                continue;
            }
            let mut dfs = Dfs::new(&open, self.positions[start]);
            while let Some(node) = dfs.next(&open) {
                if let Place::Boundary(p) = self.graph[node] {
                    run_of[p] = Some(runs);
                }
            }
            runs += 1;
        }
        (runs > 1).then_some(Separation { run_of })
    }

    /// The positions just beyond each end of the stretches feature `index` covers: where the
    /// features that line its edge meet the boundary.
    fn beyond_ends(&self, index: usize) -> Vec<Position> {
        let own = self.covers(index);
        let mut beyond: Vec<Position> = own
            .iter()
            .flat_map(|&p| self.graph.neighbors(self.positions[p]))
            .filter_map(|n| match self.graph[n] {
                Place::Boundary(q) if !own.contains(&q) => Some(q),
                _ => None,
            })
            .collect();
        beyond.sort_unstable();
        beyond.dedup();
        beyond
    }
}

impl Separation {
    /// The runs `positions` fall in (each once, in order of first appearance).
    fn runs(&self, positions: &[Position]) -> Vec<usize> {
        let mut runs = Vec::new();
        for run in positions.iter().filter_map(|&p| self.run_of[p]) {
            if !runs.contains(&run) {
                runs.push(run);
            }
        }
        runs
    }
}

/// The boundary positions a feature covers (see the module's comment).
fn covered_positions(feature: &Feature) -> Vec<Position> {
    let class = feature.kind.anchor_class();
    let mut covered = Vec::new();
    let whole_sides = feature.anchors.iter().filter_map(|anchor| match anchor {
        Anchor::Side(side) => Some(*side),
        _ => None,
    });
    for side in whole_sides.chain(feature.shares.iter().copied()) {
        match class {
            AnchorClass::Middle => covered.push(middle(side)),
            AnchorClass::Whole | AnchorClass::Area => {
                covered.extend([half(side, Half::L), middle(side), half(side, Half::R)])
            }
            AnchorClass::Inner => {}
        }
    }
    for anchor in &feature.anchors {
        if let Anchor::Half(side, h) = anchor {
            covered.push(half(*side, *h));
        }
    }
    covered
}

/// What a feature is called in a message: `the road N S`, `the city c`.
fn describe(feature: &Feature) -> String {
    match &feature.label {
        Some(label) => format!("the {} `{label}`", feature.kind),
        None => {
            let anchors: Vec<String> = feature.anchors.iter().map(Anchor::to_string).collect();
            format!("the {} `{}`", feature.kind, anchors.join(" "))
        }
    }
}

/// Runs the topology lints over one tile whose sides are claimed consistently (the side lints
/// found nothing: a tile with holes or double claims has no plane to read).
pub fn lint_tile(tile: &Tile, findings: &mut Vec<Diagnostic>) {
    let plane = TilePlane::of(tile);
    let separations: Vec<(usize, Separation)> = tile
        .features
        .iter()
        .enumerate()
        .filter(|(_, f)| f.kind.anchor_class() != AnchorClass::Area)
        .filter_map(|(index, _)| Some((index, plane.separation(index)?)))
        .collect();
    // A city that a river crosses is a bridge over the water (The River II's `RI.2/CIcI`):
    // the land of each bank passes under it, so it parts no field.
    let separations: Vec<(usize, Separation)> = separations
        .into_iter()
        .filter(|(index, separation)| {
            let is_city = tile.features[*index].kind == FeatureKind::City;
            !(is_city
                && tile.features.iter().enumerate().any(|(river, f)| {
                    f.kind == FeatureKind::River && separation.runs(&plane.covers(river)).len() > 1
                }))
        })
        .collect();
    let mut crossing = vec![false; tile.features.len()];
    for (index, area) in tile.features.iter().enumerate() {
        if area.kind.anchor_class() != AnchorClass::Area {
            continue;
        }
        let covered = plane.covers(index);
        if let Some((separator, separation)) = separations
            .iter()
            .find(|(_, separation)| separation.runs(&covered).len() > 1)
        {
            crossing[index] = true;
            findings.push(crosses(tile, area, &tile.features[*separator], separation));
        }
    }
    for (index, field) in tile.features.iter().enumerate() {
        if field.kind != FeatureKind::Field || crossing[index] {
            continue;
        }
        lint_impossible_touches(tile, &plane, &separations, field, index, findings);
    }
    lint_missing_touches(tile, &plane, findings);
}

/// T240: an area on both sides of a separator, with the split that would fix it.
fn crosses(
    tile: &Tile,
    area: &Feature,
    separator: &Feature,
    separation: &Separation,
) -> Diagnostic {
    let mut parts: Vec<(usize, Vec<String>)> = Vec::new();
    for anchor in &area.anchors {
        let positions = covered_positions(&Feature::new(area.kind, vec![*anchor]));
        let Some(run) = separation.runs(&positions).first().copied() else {
            continue;
        };
        match parts.iter_mut().find(|(r, _)| *r == run) {
            Some((_, names)) => names.push(anchor.to_string()),
            None => parts.push((run, vec![anchor.to_string()])),
        }
    }
    // The tile's other areas of the kind on either side are the same land: each side's area
    // takes them in, and they go (a field next to a field with nothing between would be drawn
    // with a hedge across it). Naming only the crossing area's halves would leave them apart.
    let mut merged = 0;
    for other in &tile.features {
        if std::ptr::eq(other, area) || other.kind != area.kind {
            continue;
        }
        let runs = separation.runs(&covered_positions(other));
        let [run] = runs.as_slice() else {
            continue;
        };
        if let Some((_, names)) = parts.iter_mut().find(|(r, _)| r == run) {
            names.extend(other.anchors.iter().map(Anchor::to_string));
            merged += 1;
        }
    }
    let split: Vec<String> = parts
        .iter()
        .map(|(_, names)| format!("`{}: {}`", area.kind, names.join(" ")))
        .collect();
    let merging = match merged {
        0 => String::new(),
        1 => format!(" in place of it and of the other {} beside it", area.kind),
        _ => format!(
            " in place of it and of the {merged} other {}s beside it",
            area.kind
        ),
    };
    Diagnostic::new(
        &codes::FIELD_CROSSES_ROAD,
        format!(
            "a {} of tile `{}` lies on both sides of {}",
            area.kind,
            tile.id,
            describe(separator)
        ),
    )
    .at(
        area.spans.line,
        format!("on both sides of the {}", separator.kind),
    )
    .also(separator.spans.line, "divides the tile")
    .help(format!(
        "a {} cannot cross a {}: write one {} for each side, {}{merging}",
        area.kind,
        separator.kind,
        area.kind,
        split.join(" and ")
    ))
}

/// T242: `touches=` naming a city that a separator keeps from the field.
fn lint_impossible_touches(
    tile: &Tile,
    plane: &TilePlane,
    separations: &[(usize, Separation)],
    field: &Feature,
    index: usize,
    findings: &mut Vec<Diagnostic>,
) {
    let field_positions = plane.covers(index);
    for label in &field.touches {
        let Some((city_index, city)) = tile
            .features
            .iter()
            .enumerate()
            .find(|(_, f)| f.label.as_deref() == Some(label) && f.kind == FeatureKind::City)
        else {
            continue; // T204 reports it
        };
        let city_positions = plane.covers(city_index);
        let between = separations.iter().find(|(separator, separation)| {
            let city_runs = separation.runs(&city_positions);
            let field_runs = separation.runs(&field_positions);
            *separator != city_index
                && city_runs.len() == 1
                && field_runs.len() == 1
                && city_runs != field_runs
        });
        if let Some((separator, _)) = between {
            let separator = &tile.features[*separator];
            findings.push(
                Diagnostic::new(
                    &codes::IMPOSSIBLE_TOUCHES,
                    format!(
                        "a field of tile `{}` says it touches the city `{label}`, but {} lies between them",
                        tile.id,
                        describe(separator)
                    ),
                )
                .at(field.spans.attribute("touches"), format!("names `{label}`"))
                .also(separator.spans.line, "lies between the field and the city")
                .also(city.spans.line, "the city, on the other side")
                .help(format!(
                    "remove `{label}` from `touches=`: only a field on the city's side of the {} can touch it",
                    separator.kind
                )),
            );
        }
    }
}

/// T241: a field lining a city's edge that does not name the city in `touches=`.
fn lint_missing_touches(tile: &Tile, plane: &TilePlane, findings: &mut Vec<Diagnostic>) {
    let surrounding_city = surrounding_city(tile, plane);
    for (city_index, city) in tile.features.iter().enumerate() {
        if city.kind != FeatureKind::City {
            continue;
        }
        let mut lining: Vec<usize> = plane
            .beyond_ends(city_index)
            .into_iter()
            .flat_map(|p| plane.features_at(p).collect::<Vec<_>>())
            .filter(|&f| tile.features[f].kind == FeatureKind::Field)
            .collect();
        if surrounding_city == Some(city_index) {
            lining.extend((0..tile.features.len()).filter(|&f| {
                tile.features[f].kind == FeatureKind::Field && plane.covers(f).is_empty()
            }));
        }
        lining.sort_unstable();
        lining.dedup();
        for field in lining.into_iter().map(|f| &tile.features[f]) {
            let named = city
                .label
                .as_ref()
                .is_some_and(|label| field.touches.contains(label));
            if named {
                continue;
            }
            let (label, label_first) = match &city.label {
                Some(label) => (label.clone(), String::new()),
                None => {
                    let free = free_label(tile);
                    let anchors: Vec<String> = city.anchors.iter().map(Anchor::to_string).collect();
                    let first =
                        format!("label the city (`city {free}: {}`) and ", anchors.join(" "));
                    (free, first)
                }
            };
            let mut touches = field.touches.clone();
            touches.push(label.clone());
            findings.push(
                Diagnostic::new(
                    &codes::MISSING_TOUCHES,
                    format!(
                        "a field of tile `{}` borders {} but does not name it in `touches=`",
                        tile.id,
                        describe(city)
                    ),
                )
                .at(
                    field.spans.line,
                    "borders the city: its farmers would score nothing for it",
                )
                .also(city.spans.line, "the city it borders")
                .help(format!(
                    "{label_first}write `touches={}` on the field",
                    touches.join(",")
                )),
            );
        }
    }
}

/// The city that covers the whole boundary, if one does: an inner field of that tile lies
/// inside it.
fn surrounding_city(tile: &Tile, plane: &TilePlane) -> Option<usize> {
    (0..tile.features.len()).find(|&index| {
        tile.features[index].kind == FeatureKind::City && plane.covers(index).len() == POSITIONS
    })
}

/// A label no feature of the tile has, for the help of an unlabelled city.
fn free_label(tile: &Tile) -> String {
    std::iter::once("c".to_string())
        .chain((2..).map(|n| format!("c{n}")))
        .find(|label| tile.feature_by_label(label).is_none())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(features: &[(FeatureKind, &[&str])]) -> Tile {
        Tile {
            id: "T".into(),
            count: 1,
            kind: Default::default(),
            markers: Vec::new(),
            features: features
                .iter()
                .map(|(kind, anchors)| {
                    Feature::new(*kind, anchors.iter().map(|a| a.parse().unwrap()).collect())
                })
                .collect(),
            closed: Vec::new(),
            spans: Default::default(),
        }
    }

    #[test]
    fn positions_run_clockwise_from_the_north_west_corner() {
        assert_eq!(half(Side::N, Half::L), 0);
        assert_eq!(middle(Side::N), 1);
        assert_eq!(half(Side::E, Half::L), 3);
        assert_eq!(half(Side::S, Half::L), 6);
        assert_eq!(half(Side::W, Half::R), 11);
    }

    #[test]
    fn a_road_through_the_tile_separates_and_a_road_end_does_not() {
        let through = tile(&[(FeatureKind::Road, &["N", "S"])]);
        let separation = TilePlane::of(&through).separation(0).unwrap();
        // NR and SL (east) lie on one side, NL and SR (west) on the other.
        assert_eq!(separation.runs(&[2, 6]).len(), 1);
        assert_eq!(separation.runs(&[0, 8]).len(), 1);
        assert_eq!(separation.runs(&[0, 6]).len(), 2);
        let end = tile(&[(FeatureKind::Road, &["S"])]);
        assert!(TilePlane::of(&end).separation(0).is_none());
    }

    #[test]
    fn a_road_through_four_sides_makes_four_regions() {
        let roundabout = tile(&[(FeatureKind::Road, &["N", "E", "S", "W"])]);
        let separation = TilePlane::of(&roundabout).separation(0).unwrap();
        assert_eq!(separation.runs(&[0, 2, 3, 5, 6, 8, 9, 11]).len(), 4);
        assert_eq!(separation.runs(&[2, 3]).len(), 1);
    }

    #[test]
    fn a_city_band_separates_and_a_city_cap_does_not() {
        let band = tile(&[(FeatureKind::City, &["N", "S"])]);
        assert!(TilePlane::of(&band).separation(0).is_some());
        let cap = tile(&[(FeatureKind::City, &["N", "E"])]);
        assert!(TilePlane::of(&cap).separation(0).is_none());
    }

    #[test]
    fn a_city_cap_is_lined_at_both_corners() {
        let cap = tile(&[(FeatureKind::City, &["N"])]);
        assert_eq!(TilePlane::of(&cap).beyond_ends(0), vec![3, 11]);
    }
}
