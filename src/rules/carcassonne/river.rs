//! The River and The River II (`../shared/rules/river.md`): the river tiles come first, the
//! spring is the start tile, the fork (River II) is drawn first and the lake last; each river
//! tile continues the river without a U-turn, the two branches of the fork never meet, no
//! figure stands on the water, and the volcano lake gives its player another turn at once.
//! Readings of the text are recorded in `docs/rules/carcassonne.md`.

/// The River, as an `expansion` line names it.
pub const THE_RIVER: &str = "the-river";
/// The River II, as an `expansion` line names it.
pub const THE_RIVER_2: &str = "the-river-2";
