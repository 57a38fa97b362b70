//! Which feature of a tile a deployment's anchors name: the searches of
//! [`CompiledTile::features_claiming_directly`], [`CompiledTile::feature_at`] and
//! [`CompiledTile::feature_claiming`], on a feature's anchors held as bits of one integer.
//! Those searches build a list of places for every feature and anchor compared (the
//! JCloisterZone-style names `W+N+S` of every transcript the simulator writes made them cost
//! some 2,600 instructions a deployment); here a feature's anchors and places are one mask
//! each, made once per feature, and a test compares every answer with the catalog's own.

use crate::engine::catalog::CompiledTile;
use crate::model::{Anchor, AnchorClass, FeatureKind, Half};

/// The bit of an anchor: a side (0–3), a half side (4–11: two a side) or the inner area (12).
fn bit(anchor: Anchor) -> u16 {
    match anchor {
        Anchor::Side(side) => 1 << side.index(),
        Anchor::Half(side, half) => 1 << (4 + 2 * side.index() + usize::from(half == Half::R)),
        Anchor::Inner => 1 << 12,
    }
}

/// Both halves of `anchor`'s side.
fn halves(anchor: Anchor) -> u16 {
    match anchor {
        Anchor::Side(side) | Anchor::Half(side, _) => {
            bit(Anchor::Half(side, Half::L)) | bit(Anchor::Half(side, Half::R))
        }
        Anchor::Inner => 0,
    }
}

/// One feature of a tile, as the searches see it.
#[derive(Debug, Clone, Copy)]
struct Feature {
    kind: FeatureKind,
    /// Its anchors as written (tile orientation).
    anchors: u16,
    /// The sides it shares with another feature.
    shares: u16,
    /// The places it claims: its anchors, a side of a field or meadow standing for both its
    /// halves, and the sides it shares.
    places: u16,
    /// How many places `feature_claiming` lists for it, repeats included: among several
    /// features that claim every anchor named, the one with the fewest is taken.
    listed: usize,
}

impl Feature {
    fn of(feature: &crate::engine::catalog::CompiledFeature) -> Feature {
        let area = feature.kind.anchor_class() == AnchorClass::Area;
        let (mut anchors, mut places, mut listed) = (0, 0, feature.shares.len());
        for anchor in &feature.anchors {
            anchors |= bit(*anchor);
            if area && matches!(anchor, Anchor::Side(_)) {
                places |= halves(*anchor);
                listed += 2;
            } else {
                places |= bit(*anchor);
                listed += 1;
            }
        }
        let shares = feature
            .shares
            .iter()
            .fold(0, |mask, side| mask | bit(Anchor::Side(*side)));
        Feature {
            kind: feature.kind,
            anchors,
            shares,
            places: places | shares,
            listed,
        }
    }

    fn is_area(&self) -> bool {
        self.kind.anchor_class() == AnchorClass::Area
    }

    /// `features_claiming_directly`'s test: `anchor` is one of its own anchors (a side through
    /// both its halves, a half through the side of a field or meadow).
    fn claims_directly(&self, anchor: Anchor) -> bool {
        let has = |mask: u16| self.anchors & mask == mask;
        match anchor {
            Anchor::Inner => has(bit(anchor)),
            Anchor::Side(_) => has(bit(anchor)) || has(halves(anchor)),
            Anchor::Half(side, _) => {
                has(bit(anchor)) || (self.is_area() && has(bit(Anchor::Side(side))))
            }
        }
    }

    /// `feature_at`'s test: as [`Feature::claims_directly`], and a side it shares.
    fn is_at(&self, anchor: Anchor) -> bool {
        self.claims_directly(anchor)
            || matches!(anchor, Anchor::Side(_)) && self.shares & bit(anchor) != 0
    }

    /// `feature_claiming`'s test: `anchor` is among its places (a side of a field or meadow
    /// through both its halves).
    fn claims(&self, anchor: Anchor) -> bool {
        let wanted = match anchor {
            Anchor::Side(_) if self.is_area() => halves(anchor),
            _ => bit(anchor),
        };
        self.places & wanted == wanted
    }
}

/// The features of `tile` as the searches see them, in the tile's order, into `features`
/// (emptied first).
fn features_of(tile: &CompiledTile, features: &mut Vec<Feature>) {
    features.clear();
    features.extend(tile.features.iter().map(Feature::of));
}

/// The feature a single anchor (tile orientation) names, as the replay resolves it: `Err` with
/// the candidates when several features that `accept` admits claim it directly (two lakes at
/// `I`), else [`CompiledTile::feature_at`]'s answer (`Err` with none when it names nothing).
pub(crate) fn feature_at_anchor(
    tile: &CompiledTile,
    anchor: Anchor,
    accept: impl Fn(FeatureKind) -> bool,
) -> Result<usize, Vec<usize>> {
    let mut features = Vec::with_capacity(tile.features.len());
    features_of(tile, &mut features);
    let direct = |index: &usize| {
        let feature = &features[*index];
        accept(feature.kind) && feature.claims_directly(anchor)
    };
    if (0..features.len()).filter(direct).nth(1).is_some() {
        return Err((0..features.len()).filter(direct).collect());
    }
    let mut candidates = (0..features.len()).filter(|i| features[*i].is_at(anchor));
    let first = candidates.next().ok_or_else(Vec::new)?;
    if accept(features[first].kind) {
        return Ok(first);
    }
    Ok(candidates
        .find(|i| accept(features[*i].kind))
        .unwrap_or(first))
}

/// [`CompiledTile::feature_claiming`]: the feature that claims every one of `anchors` (tile
/// orientation), the first of those `accept` admits with the fewest places listed.
pub(crate) fn feature_claiming(
    tile: &CompiledTile,
    anchors: impl Iterator<Item = Anchor> + Clone,
    accept: impl Fn(FeatureKind) -> bool,
) -> Option<usize> {
    let mut features = Vec::with_capacity(tile.features.len());
    features_of(tile, &mut features);
    (0..features.len())
        .filter(|i| anchors.clone().all(|a| features[*i].claims(a)))
        .min_by_key(|i| (!accept(features[*i].kind), features[*i].listed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Side;

    /// Every anchor of a tile: the four sides, the eight halves and the inner area.
    fn every_anchor() -> Vec<Anchor> {
        let mut anchors: Vec<Anchor> = Side::ALL.into_iter().map(Anchor::Side).collect();
        for side in Side::ALL {
            anchors.push(Anchor::Half(side, Half::L));
            anchors.push(Anchor::Half(side, Half::R));
        }
        anchors.push(Anchor::Inner);
        anchors
    }

    /// The searches on masks give the catalog's answers, for every tile of the shipped sets of
    /// every ruleset, every anchor alone and every set of up to four anchors, whichever kinds
    /// the figure accepts.
    #[test]
    fn the_masks_name_the_features_the_catalog_names() {
        let anchors = every_anchor();
        let accepts: [&dyn Fn(FeatureKind) -> bool; 4] = [
            &|_| true,
            &|k| k == FeatureKind::Field,
            &|k| matches!(k, FeatureKind::Road | FeatureKind::City),
            &|k| matches!(k, FeatureKind::Lake | FeatureKind::Monastery),
        ];
        let mut tiles = 0;
        let cache = crate::check::TileSetCache::default();
        let sets = crate::shipped::TILE_SETS
            .iter()
            .map(|(name, _)| *name)
            .chain(["spec/hunters-gatherers/rulebook.tiles"]);
        for set in sets {
            let resolved = cache.resolve(set, std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
            let prepared = resolved.prepared.as_ref().expect("a shipped set");
            assert!(prepared.usable().is_some(), "{set} loads");
            for tile in prepared.compiled.iter() {
                tiles += 1;
                for accept in accepts {
                    for anchor in &anchors {
                        let named = tile.features_claiming_directly(*anchor, accept);
                        let expected = if named.len() > 1 {
                            Err(named)
                        } else {
                            tile.feature_at(*anchor, accept).ok_or_else(Vec::new)
                        };
                        assert_eq!(
                            feature_at_anchor(tile, *anchor, accept),
                            expected,
                            "tile {} at {anchor}",
                            tile.id
                        );
                    }
                    // Every set of one to four anchors, in increasing order of bits.
                    let mut sets: Vec<Vec<Anchor>> = vec![Vec::new()];
                    for anchor in &anchors {
                        let longer: Vec<Vec<Anchor>> = sets
                            .iter()
                            .filter(|set| set.len() < 4)
                            .map(|set| {
                                let mut set = set.clone();
                                set.push(*anchor);
                                set
                            })
                            .collect();
                        sets.extend(longer);
                    }
                    for set in sets.iter().filter(|set| !set.is_empty()) {
                        assert_eq!(
                            feature_claiming(tile, set.iter().copied(), accept),
                            tile.feature_claiming(set, accept),
                            "tile {} at {set:?}",
                            tile.id
                        );
                    }
                }
            }
        }
        assert!(tiles > 100, "only {tiles} tiles compared");
    }
}
