//! Tiles compiled for play: for each side, which features meet the neighbour there, and how
//! many open ends each feature has. Built once per tile type, so that placing a tile only reads
//! tables.

use crate::model::{
    Anchor, AnchorClass, ContentKind, FeatureKind, Half, MarkerSet, Rotation, Side, Tile, TileKind,
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
    /// `anchors` and `shares` as masks, for the searches of the feature a target names.
    pub masks: AnchorMasks,
}

/// The bit of an anchor: a side (0–3), a half side (4–11: two a side) or the inner area (12).
fn anchor_bit(anchor: Anchor) -> u16 {
    match anchor {
        Anchor::Side(side) => 1 << side.index(),
        Anchor::Half(side, half) => 1 << (4 + 2 * side.index() + usize::from(half == Half::R)),
        Anchor::Inner => 1 << 12,
    }
}

/// Both halves of `anchor`'s side.
fn both_halves(anchor: Anchor) -> u16 {
    match anchor {
        Anchor::Side(side) | Anchor::Half(side, _) => {
            anchor_bit(Anchor::Half(side, Half::L)) | anchor_bit(Anchor::Half(side, Half::R))
        }
        Anchor::Inner => 0,
    }
}

/// A feature's anchors and the places it claims, each as the bits of one integer
/// ([`anchor_bit`]), made once when its tile is compiled: the searches of the feature an
/// anchor names ([`CompiledTile::feature_at`] and the others) test a bit or two for each
/// feature instead of looking through its lists of anchors and sides (every deployment a
/// transcript names is resolved by them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AnchorMasks {
    kind_is_area: bool,
    /// Its anchors as written (tile orientation).
    anchors: u16,
    /// The sides it shares with another feature.
    shares: u16,
    /// The places it claims: its anchors, a side of a field or meadow standing for both its
    /// halves, and the sides it shares.
    places: u16,
    /// How many places it claims, repeats included (a side both written and shared counts
    /// twice): among several features that claim every anchor named, the one with the fewest
    /// is taken.
    listed: usize,
}

impl AnchorMasks {
    fn of(kind: FeatureKind, anchors: &[Anchor], shares: &[Side]) -> AnchorMasks {
        let area = kind.anchor_class() == AnchorClass::Area;
        let mut masks = AnchorMasks {
            kind_is_area: area,
            listed: shares.len(),
            ..AnchorMasks::default()
        };
        for anchor in anchors {
            masks.anchors |= anchor_bit(*anchor);
            if area && matches!(anchor, Anchor::Side(_)) {
                masks.places |= both_halves(*anchor);
                masks.listed += 2;
            } else {
                masks.places |= anchor_bit(*anchor);
                masks.listed += 1;
            }
        }
        masks.shares = shares
            .iter()
            .fold(0, |mask, side| mask | anchor_bit(Anchor::Side(*side)));
        masks.places |= masks.shares;
        masks
    }

    /// `anchor` is one of its own anchors (a side through both its halves, a half through
    /// the side of a field or meadow).
    fn claims_directly(&self, anchor: Anchor) -> bool {
        let has = |mask: u16| self.anchors & mask == mask;
        match anchor {
            Anchor::Inner => has(anchor_bit(anchor)),
            Anchor::Side(_) => has(anchor_bit(anchor)) || has(both_halves(anchor)),
            Anchor::Half(side, _) => {
                has(anchor_bit(anchor))
                    || (self.kind_is_area && has(anchor_bit(Anchor::Side(side))))
            }
        }
    }

    /// As [`AnchorMasks::claims_directly`], or a side it shares.
    fn is_at(&self, anchor: Anchor) -> bool {
        self.claims_directly(anchor)
            || matches!(anchor, Anchor::Side(_)) && self.shares & anchor_bit(anchor) != 0
    }

    /// `anchor` is among its places (a side of a field or meadow through both its halves).
    fn claims(&self, anchor: Anchor) -> bool {
        let wanted = match anchor {
            Anchor::Side(_) if self.kind_is_area => both_halves(anchor),
            _ => anchor_bit(anchor),
        };
        self.places & wanted == wanted
    }
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
    /// The markers printed on the tile (a hill, a vineyard, a volcano), each asked with
    /// [`MarkerSet::has`].
    pub markers: MarkerSet,
    /// Edge letters in tile orientation, N E S W.
    pub edges: [u8; 4],
    /// Per rotation (indexed by `Rotation.0`), the edge letters the turned tile shows on the
    /// board sides N E S W, packed one byte a side from the low byte ([`pack_edges`]), so that
    /// whether it fits an open position is one mask and one comparison.
    pub rotated_edges: [u32; 4],
    /// The sides the tile closes (see `Tile::closed`), bit `i` for side `i` in tile orientation:
    /// those sides fit any neighbour. One byte, so that the compiled tile keeps its size and
    /// layout (the hot fields read by every placement stay where they were).
    pub closed_sides: u8,
    /// For each side (tile orientation), the (slot, feature index) pairs on it.
    pub sides: [Vec<(Slot, usize)>; 4],
    /// `sides` again, each entry packed for joining: see [`SideEntry`].
    pub side_entries: [Vec<SideEntry>; 4],
    /// For each side (tile orientation), the features with an end on it, a bit each by index
    /// (the first 64 features of a tile): what an empty neighbour there leaves open.
    pub ends_on_side: [u64; 4],
    /// For each side (tile orientation), the index in `side_entries` of the entry of each key
    /// ([`SideEntry::key`]): [`NO_ENTRY`] when the side has none, [`SEVERAL_ENTRIES`] when it
    /// has more than one (or one past the 64th). A placement looks up the partner of each of
    /// its entries here instead of comparing it with every entry of the facing side.
    pub entry_of_key: [[u8; SIDE_KEYS]; 4],
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

/// The number of [`SideEntry::key`]s: four slots for each feature kind.
pub const SIDE_KEYS: usize = 4 * FeatureKind::ALL.len();
/// In [`CompiledTile::entry_of_key`]: no entry of the side has the key.
pub const NO_ENTRY: u8 = u8::MAX;
/// In [`CompiledTile::entry_of_key`]: the key is that of several entries of the side (the
/// joins then compare every pair, as for a side whose entries are many).
pub const SEVERAL_ENTRIES: u8 = u8::MAX - 1;

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
                masks: AnchorMasks::of(feature.kind, &feature.anchors, &feature.shares),
            });
        }
        let side_entries = sides.each_ref().map(|entries| {
            entries
                .iter()
                .map(|&(slot, feature)| SideEntry::new(slot, features[feature].kind, feature))
                .collect()
        });
        let entry_of_key = side_entries.each_ref().map(|entries: &Vec<SideEntry>| {
            let mut table = [NO_ENTRY; SIDE_KEYS];
            for (index, entry) in entries.iter().enumerate() {
                let slot = &mut table[usize::from(entry.key)];
                *slot = if *slot == NO_ENTRY && index < 64 {
                    index as u8
                } else {
                    SEVERAL_ENTRIES
                };
            }
            table
        });
        let ends_on_side = sides.each_ref().map(|entries| {
            entries
                .iter()
                .filter(|(_, feature)| *feature < 64)
                .fold(0u64, |ends, (_, feature)| ends | 1 << feature)
        });
        let edges = tile.edges(ruleset).into_bytes();
        let edges = [edges[0], edges[1], edges[2], edges[3]];
        let rotated_edges = Rotation::ALL.map(|rotation| {
            pack_edges(Side::ALL.map(|side| edges[rotation.to_tile(side).index()]))
        });
        let closed_sides = tile
            .closed
            .iter()
            .fold(0u8, |bits, side| bits | 1 << side.index());
        CompiledTile {
            id: tile.id.clone(),
            kind: tile.kind,
            markers: tile.markers.iter().copied().collect(),
            edges,
            rotated_edges,
            closed_sides,
            sides,
            side_entries,
            ends_on_side,
            entry_of_key,
            has_river_system: features
                .iter()
                .any(|feature| matches!(feature.kind, FeatureKind::River | FeatureKind::Lake)),
            features,
        }
    }

    /// Whether the tile closes any of its sides (see `closed_sides`).
    #[inline]
    pub fn closes_sides(&self) -> bool {
        self.closed_sides != 0
    }

    /// Whether the tile, turned by `rotation`, closes board side `side`.
    #[inline]
    pub fn closes(&self, rotation: Rotation, side: Side) -> bool {
        self.closed_sides >> rotation.to_tile(side).index() & 1 != 0
    }

    /// `0xFF` in the bytes of `rotated_edges[rotation]` whose board side the tile, so turned,
    /// closes: the bytes a fit does not compare.
    pub fn closed_mask(&self, rotation: Rotation) -> u32 {
        pack_edges(Side::ALL.map(|side| if self.closes(rotation, side) { 0xFF } else { 0 }))
    }

    /// The feature of this tile that an anchor (in tile orientation) names, preferring one that
    /// `accept` admits when several features lie there (an inner monastery and an inner
    /// field; the middle and the halves of a side).
    pub fn feature_at(
        &self,
        anchor: Anchor,
        accept: impl Fn(FeatureKind) -> bool,
    ) -> Option<usize> {
        let mut candidates =
            (0..self.features.len()).filter(|i| self.features[*i].masks.is_at(anchor));
        let first = candidates.next()?;
        if accept(self.features[first].kind) {
            return Some(first);
        }
        Some(
            candidates
                .find(|i| accept(self.features[*i].kind))
                .unwrap_or(first),
        )
    }

    /// The feature of this tile that claims every one of `anchors` (tile orientation), as
    /// JCloisterZone names a location by all of its sides (`ER.SL.SR.WL`). A side named for a
    /// field or meadow stands for both its halves. Among several candidates, the one that
    /// `accept` admits and that claims the fewest other places is taken.
    pub fn feature_claiming(
        &self,
        anchors: impl Iterator<Item = Anchor> + Clone,
        accept: impl Fn(FeatureKind) -> bool,
    ) -> Option<usize> {
        (0..self.features.len())
            .filter(|i| {
                let masks = &self.features[*i].masks;
                anchors.clone().all(|anchor| masks.claims(anchor))
            })
            .min_by_key(|i| {
                let feature = &self.features[*i];
                (!accept(feature.kind), feature.masks.listed)
            })
    }

    /// The features that `accept` admits and that claim `anchor` (tile orientation) in their
    /// own anchors — not through a side they share. More than one (two lakes at `I`) means
    /// the anchor alone does not say which feature it names.
    pub fn features_claiming_directly<'t>(
        &'t self,
        anchor: Anchor,
        accept: impl Fn(FeatureKind) -> bool + 't,
    ) -> impl Iterator<Item = usize> + 't {
        (0..self.features.len()).filter(move |i| {
            let feature = &self.features[*i];
            accept(feature.kind) && feature.masks.claims_directly(anchor)
        })
    }

    pub fn feature_by_label(&self, label: &str) -> Option<usize> {
        self.features
            .iter()
            .position(|f| f.label.as_deref() == Some(label))
    }
}
