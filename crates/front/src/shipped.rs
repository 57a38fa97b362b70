//! The tile sets shipped with carcspec (`tiles/`), built into the binary so that games and
//! commands can name them (`carcassonne-base`) wherever a tile-set path is accepted. Each set
//! is declared by the ruleset or expansion it belongs to (its descriptor's `base_tile_set` or
//! `tile_set`); this module lists what the descriptors hold, so a new expansion's set needs no
//! line here.

use std::sync::OnceLock;

use crate::rules::descriptor::{ShippedSet, all};

/// Every shipped tile set, once each (the 2002 and 2020 Hunters and Gatherers rules play the
/// same set), in the order of their names.
pub fn tile_sets() -> &'static [&'static ShippedSet] {
    static SETS: OnceLock<Vec<&'static ShippedSet>> = OnceLock::new();
    SETS.get_or_init(|| {
        let mut sets: Vec<&'static ShippedSet> = all()
            .flat_map(|d| {
                std::iter::once(d.base_tile_set)
                    .chain(d.expansions.iter().flat_map(|e| e.tile_sets()))
            })
            .collect();
        sets.sort_by_key(|set| set.name);
        sets.dedup_by_key(|set| set.name);
        sets
    })
}

/// The names of the shipped tile sets, in order.
pub fn names() -> impl Iterator<Item = &'static str> {
    tile_sets().iter().map(|set| set.name)
}

/// The shipped sets' names as a help lists them: "carcassonne-base, hills-and-sheep, …".
pub fn names_for_help() -> String {
    names().collect::<Vec<_>>().join(", ")
}

/// The text of the shipped tile set `name`.
pub fn tiles(name: &str) -> Option<&'static str> {
    tile_sets()
        .iter()
        .find(|set| set.name == name)
        .map(|set| set.text)
}
