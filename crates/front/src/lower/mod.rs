//! Lowering: AST → model. Checks that every keyword, anchor and attribute names something
//! that exists; what the model then says is checked by [`crate::lint`].

pub mod game;
pub mod jcz;
pub mod jcz_draw;
pub mod jcz_harness;
pub mod tiles;
