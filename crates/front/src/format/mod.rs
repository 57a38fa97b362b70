//! Canonical text of the languages: the formatter (`tiles fmt`) and the printer that writes a
//! model back as text (`tiles export --format tiles`).

pub mod game;
pub mod game_layout;
pub mod tiles;
