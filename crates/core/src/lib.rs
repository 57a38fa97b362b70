//! carcspec's bottom layer, which every other layer reads and which reads none of them: the
//! registry's diagnostic codes (`codes`), diagnostics and their spans (`diagnostic`), reading
//! a file or standard input (`input`), and the tile and game model the languages lower to
//! (`model`). The `carcspec` crate re-exports each module at its own path
//! (`carcspec::model`, …), so the layers above name them as before.

pub mod codes;
pub mod diagnostic;
pub mod input;
pub mod model;
