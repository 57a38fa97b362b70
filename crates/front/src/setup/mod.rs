//! A game's setup, read before its first move: the tiles it plays with (its catalog) from the
//! tile sets it names, shipped or by path, and the sets prepared once a run for every game
//! that names them. The one part of a game's preparation that reads files, apart from the
//! runner (`crates/play/src/`), which plays on what this gives it.

pub mod catalog;
pub mod tile_sets;
