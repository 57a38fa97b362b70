//! The tile sets shipped with carcspec (`tiles/`), built into the binary so that games and
//! commands can name them (`carcassonne-base`) wherever a tile-set path is accepted.

/// (name, text) of every shipped tile set.
pub const TILE_SETS: &[(&str, &str)] = &[
    (
        "carcassonne-base",
        include_str!("../tiles/carcassonne-base.tiles"),
    ),
    (
        "carcassonne-base-gardens",
        include_str!("../tiles/carcassonne-base-gardens.tiles"),
    ),
    (
        "hills-and-sheep",
        include_str!("../tiles/hills-and-sheep.tiles"),
    ),
    (
        "hunters-gatherers-v2",
        include_str!("../tiles/hunters-gatherers-v2.tiles"),
    ),
    (
        "inns-and-cathedrals",
        include_str!("../tiles/inns-and-cathedrals.tiles"),
    ),
    ("the-river", include_str!("../tiles/the-river.tiles")),
    ("the-river-2", include_str!("../tiles/the-river-2.tiles")),
];

/// The text of the shipped tile set `name`.
pub fn tiles(name: &str) -> Option<&'static str> {
    TILE_SETS
        .iter()
        .find(|(shipped, _)| *shipped == name)
        .map(|(_, text)| *text)
}
