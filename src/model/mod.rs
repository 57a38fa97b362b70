//! The lowered model: what the engine and every tool work on, independent of any text format.

pub mod tile;

pub use tile::*;
