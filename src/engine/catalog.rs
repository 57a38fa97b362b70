//! Tiles compiled for play: for each side, which features meet the neighbour there, and how
//! many open ends each feature has. Built once per tile type, so that placing a tile only reads
//! tables.

use crate::model::{
    Anchor, AnchorClass, ContentKind, FeatureKind, Half, Rotation, Side, Tile, TileKind,
};

/// Where on a side a feature sits, for joining with the facing side of a neighbour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// The whole side (city, forest).
    Whole,
    /// The middle of a split side (road, river).
    Middle,
    /// A half-side (field, meadow).
    Half(Half),
}

impl Slot {
    /// The slot facing this one on the neighbour's side: halves swap, since left and right are
    /// seen from each tile's own centre.
    pub fn facing(self) -> Slot {
        match self {
            Slot::Half(Half::L) => Slot::Half(Half::R),
            Slot::Half(Half::R) => Slot::Half(Half::L),
            other => other,
        }
    }
}

#[derive(Debug, Clone)]
pub struct CompiledFeature {
    pub kind: FeatureKind,
    pub label: Option<String>,
    /// Slots this feature occupies (each side slot is one open end until a neighbour closes it).
    pub open_ends: u32,
    /// Count per content, indexed by [`content_index`].
    pub contents: [u32; CONTENT_KINDS],
    /// Feature indexes (on the same tile) of the lakes a river flows into.
    pub lakes: Vec<usize>,
    /// Feature indexes of the cities a field touches.
    pub cities: Vec<usize>,
    pub has_power: bool,
    /// The special power printed on the feature (2020 Hunters and Gatherers).
    pub power: Option<crate::model::Power>,
    /// The anchors as written (tile orientation), to resolve a deployment's target.
    pub anchors: Vec<Anchor>,
    pub shares: Vec<Side>,
}

pub const CONTENT_KINDS: usize = ContentKind::ALL.len();

/// Four edge letters (board sides N E S W) packed one byte a side, N in the low byte.
pub fn pack_edges(edges: [u8; 4]) -> u32 {
    u32::from_le_bytes(edges)
}

pub fn content_index(content: ContentKind) -> usize {
    content as usize
}

#[derive(Debug, Clone)]
pub struct CompiledTile {
    pub id: String,
    pub kind: TileKind,
    pub hill: bool,
    pub vineyard: bool,
    /// Edge letters in tile orientation, N E S W.
    pub edges: [u8; 4],
    /// Per rotation (indexed by `Rotation.0`), the edge letters the turned tile shows on the
    /// board sides N E S W, packed one byte a side from the low byte ([`pack_edges`]), so that
    /// whether it fits an open position is one mask and one comparison.
    pub rotated_edges: [u32; 4],
    /// For each side (tile orientation), the (slot, feature index) pairs on it.
    pub sides: [Vec<(Slot, usize)>; 4],
    /// `sides` again, each entry packed for joining: see [`SideEntry`].
    pub side_entries: [Vec<SideEntry>; 4],
    pub features: Vec<CompiledFeature>,
    /// Whether a feature of the tile is a river or a lake: only such tiles take part in river
    /// systems, so the engine keeps its river-system tables for their nodes only.
    pub(crate) has_river_system: bool,
}

/// An entry of [`CompiledTile::sides`] with its feature's kind, packed so that whether two
/// facing entries join is one comparison of small integers (`a.facing == b.key`) instead of
/// comparing slots and looking both features' kinds up: a placement tests every pair of
/// entries of the sides it lays against its neighbours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SideEntry {
    /// The slot and the kind of the feature.
    pub key: u16,
    /// The slot that faces this one on a neighbour, and the kind: the `key` of a partner.
    pub facing: u16,
    /// The feature's index on the tile.
    pub feature: u32,
}

impl SideEntry {
    fn new(slot: Slot, kind: FeatureKind, feature: usize) -> SideEntry {
        let code = |slot: Slot| match slot {
            Slot::Whole => 0,
            Slot::Middle => 1,
            Slot::Half(Half::L) => 2,
            Slot::Half(Half::R) => 3,
        };
        let kind = (kind as u16) << 2;
        SideEntry {
            key: kind | code(slot),
            facing: kind | code(slot.facing()),
            feature: feature as u32,
        }
    }
}

impl CompiledTile {
    pub fn compile(tile: &Tile, ruleset: crate::model::Ruleset) -> CompiledTile {
        let mut sides: [Vec<(Slot, usize)>; 4] = Default::default();
        let mut features = Vec::with_capacity(tile.features.len());
        let index_of = |label: &str| {
            tile.features
                .iter()
                .position(|f| f.label.as_deref() == Some(label))
        };
        for (index, feature) in tile.features.iter().enumerate() {
            let mut open_ends = 0;
            let mut add = |side: Side, slot: Slot| {
                sides[side.index()].push((slot, index));
                open_ends += 1;
            };
            for anchor in &feature.anchors {
                match (feature.kind.anchor_class(), anchor) {
                    (AnchorClass::Whole, Anchor::Side(side)) => add(*side, Slot::Whole),
                    (AnchorClass::Middle, Anchor::Side(side)) => add(*side, Slot::Middle),
                    (AnchorClass::Area, Anchor::Side(side)) => {
                        add(*side, Slot::Half(Half::L));
                        add(*side, Slot::Half(Half::R));
                    }
                    (AnchorClass::Area, Anchor::Half(side, half)) => add(*side, Slot::Half(*half)),
                    _ => {}
                }
            }
            for side in &feature.shares {
                add(*side, Slot::Whole);
            }
            let mut contents = [0; CONTENT_KINDS];
            for (content, count) in &feature.contents {
                contents[content_index(*content)] = *count;
            }
            features.push(CompiledFeature {
                kind: feature.kind,
                label: feature.label.clone(),
                open_ends,
                contents,
                lakes: feature
                    .flows_into
                    .iter()
                    .filter_map(|l| index_of(l))
                    .collect(),
                cities: feature.touches.iter().filter_map(|l| index_of(l)).collect(),
                has_power: feature.power.is_some(),
                power: feature.power,
                anchors: feature.anchors.clone(),
                shares: feature.shares.clone(),
            });
        }
        let side_entries = sides.each_ref().map(|entries| {
            entries
                .iter()
                .map(|&(slot, feature)| SideEntry::new(slot, features[feature].kind, feature))
                .collect()
        });
        let edges = tile.edges(ruleset).into_bytes();
        let edges = [edges[0], edges[1], edges[2], edges[3]];
        let rotated_edges = Rotation::ALL.map(|rotation| {
            pack_edges(Side::ALL.map(|side| edges[rotation.to_tile(side).index()]))
        });
        CompiledTile {
            id: tile.id.clone(),
            kind: tile.kind,
            hill: tile.has_marker(crate::model::Marker::Hill),
            vineyard: tile.has_marker(crate::model::Marker::Vineyard),
            edges,
            rotated_edges,
            sides,
            side_entries,
            has_river_system: features
                .iter()
                .any(|feature| matches!(feature.kind, FeatureKind::River | FeatureKind::Lake)),
            features,
        }
    }

    /// The feature of this tile that an anchor (in tile orientation) names, preferring one that
    /// `accept` admits when several features lie there (an inner monastery and an inner
    /// field; the middle and the halves of a side).
    pub fn feature_at(
        &self,
        anchor: Anchor,
        accept: impl Fn(FeatureKind) -> bool,
    ) -> Option<usize> {
        let matches = |feature: &CompiledFeature| match anchor {
            Anchor::Inner => feature.anchors.contains(&Anchor::Inner),
            Anchor::Side(side) => {
                feature.anchors.contains(&Anchor::Side(side))
                    || feature.shares.contains(&side)
                    || (feature.anchors.contains(&Anchor::Half(side, Half::L))
                        && feature.anchors.contains(&Anchor::Half(side, Half::R)))
            }
            Anchor::Half(side, _) => {
                feature.anchors.contains(&anchor)
                    || (feature.kind.anchor_class() == AnchorClass::Area
                        && feature.anchors.contains(&Anchor::Side(side)))
            }
        };
        let candidates: Vec<usize> = (0..self.features.len())
            .filter(|i| matches(&self.features[*i]))
            .collect();
        candidates
            .iter()
            .copied()
            .find(|i| accept(self.features[*i].kind))
            .or_else(|| candidates.first().copied())
    }

    /// The feature of this tile that claims every one of `anchors` (tile orientation), as
    /// JCloisterZone names a location by all of its sides (`ER.SL.SR.WL`). A side named for a
    /// field or meadow stands for both its halves. Among several candidates, the one that
    /// `accept` admits and that claims the fewest other places is taken.
    pub fn feature_claiming(
        &self,
        anchors: &[Anchor],
        accept: impl Fn(FeatureKind) -> bool,
    ) -> Option<usize> {
        let places = |feature: &CompiledFeature| -> Vec<Anchor> {
            let mut places = Vec::new();
            for anchor in &feature.anchors {
                match (feature.kind.anchor_class(), anchor) {
                    (AnchorClass::Area, Anchor::Side(side)) => {
                        places.push(Anchor::Half(*side, Half::L));
                        places.push(Anchor::Half(*side, Half::R));
                    }
                    _ => places.push(*anchor),
                }
            }
            places.extend(feature.shares.iter().map(|s| Anchor::Side(*s)));
            places
        };
        let claims = |feature: &CompiledFeature, anchor: &Anchor| {
            let places = places(feature);
            match anchor {
                Anchor::Side(side) if feature.kind.anchor_class() == AnchorClass::Area => {
                    places.contains(&Anchor::Half(*side, Half::L))
                        && places.contains(&Anchor::Half(*side, Half::R))
                }
                _ => places.contains(anchor),
            }
        };
        (0..self.features.len())
            .filter(|i| anchors.iter().all(|a| claims(&self.features[*i], a)))
            .min_by_key(|i| {
                (
                    !accept(self.features[*i].kind),
                    places(&self.features[*i]).len(),
                )
            })
    }

    /// The features that `accept` admits and that claim `anchor` (tile orientation) in their
    /// own anchors — not through a side they share. More than one (two lakes at `I`) means
    /// the anchor alone does not say which feature it names.
    pub fn features_claiming_directly(
        &self,
        anchor: Anchor,
        accept: impl Fn(FeatureKind) -> bool,
    ) -> Vec<usize> {
        let claims = |feature: &CompiledFeature| match anchor {
            Anchor::Inner => feature.anchors.contains(&Anchor::Inner),
            Anchor::Side(side) => {
                feature.anchors.contains(&Anchor::Side(side))
                    || (feature.anchors.contains(&Anchor::Half(side, Half::L))
                        && feature.anchors.contains(&Anchor::Half(side, Half::R)))
            }
            Anchor::Half(side, _) => {
                feature.anchors.contains(&anchor)
                    || (feature.kind.anchor_class() == AnchorClass::Area
                        && feature.anchors.contains(&Anchor::Side(side)))
            }
        };
        (0..self.features.len())
            .filter(|i| accept(self.features[*i].kind) && claims(&self.features[*i]))
            .collect()
    }

    pub fn feature_by_label(&self, label: &str) -> Option<usize> {
        self.features
            .iter()
            .position(|f| f.label.as_deref() == Some(label))
    }
}
