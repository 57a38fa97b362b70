//! The lowered model: what the engine and every tool work on, independent of any text format.

pub mod game;
pub mod geometry;
pub mod tile;

pub use game::*;
pub use geometry::*;
pub use tile::*;
