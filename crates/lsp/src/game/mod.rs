//! Requests on a game file (`.game`), one file a feature: hover, go to definition and
//! references (`navigation`), completion, formatting and document symbols (`outline`), code
//! actions and inlay hints.
//!
//! They share this view of the document: the parsed text, where every word knows its
//! statement and its role there (`crates/syntax/src/statements.rs`), the players and the tile sets the
//! file names. Where the rules must speak (legal placements, figures left), they ask the
//! replay up to the cursor (`state`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::analysis::base_dir;
use crate::diagnostic::Span;
use crate::model::{Pos, Rotation, Ruleset, Tile};
use crate::sets::NamedSet;
use crate::syntax::game::GameFile;
use crate::syntax::statements::{self};

pub(crate) use crate::syntax::statements::Role;

mod actions;
mod completion;
mod hover;
mod inlay;
mod lens;
mod navigation;
mod outline;
pub(crate) mod state;
pub(crate) mod tokens;

pub(crate) use actions::code_actions;
pub(crate) use completion::completion;
pub(crate) use hover::hover;
pub(crate) use inlay::inlay_hints;
pub(crate) use lens::{COMMANDS, code_lenses, execute_command};
pub(crate) use navigation::{definition, references, rename, rename_target};
pub(crate) use outline::{folding_ranges, formatting, symbols};
pub(crate) use tokens::semantic_tokens;

/// A word of the file with its role.
#[derive(Debug, Clone)]
pub(crate) struct Word {
    pub text: String,
    pub span: Span,
    pub statement: usize,
    pub role: Role,
}

/// A game file read for answering requests.
pub(crate) struct GameView<'t> {
    pub text: &'t str,
    pub file: GameFile<'t>,
    pub words: Vec<Word>,
    pub ruleset: Option<Ruleset>,
    /// The expansions its `expansion` lines name.
    pub expansions: Vec<String>,
    pub players: Vec<String>,
    /// The tile sets it names that could be read.
    pub sets: Vec<std::sync::Arc<NamedSet>>,
    pub path: Option<PathBuf>,
}

impl<'t> GameView<'t> {
    pub fn new(text: &'t str, path: Option<&Path>) -> GameView<'t> {
        let (file, _) = crate::syntax::game::parse(text);
        let mut words = Vec::new();
        let mut ruleset = None;
        let mut players = Vec::new();
        let mut expansions = Vec::new();
        let mut set_names = Vec::new();
        for (at, statement) in file.statements.iter().enumerate() {
            let keyword = statement.keyword.value.as_ref();
            words.push(Word {
                text: keyword.to_string(),
                span: statement.keyword.span,
                statement: at,
                role: Role::Keyword,
            });
            let values: Vec<&str> = statement.words.iter().map(|w| w.value.as_ref()).collect();
            let roles = statements::roles(keyword, &values);
            for (word, role) in statement.words.iter().zip(roles) {
                words.push(Word {
                    text: word.value.to_string(),
                    span: word.span,
                    statement: at,
                    role,
                });
            }
            match keyword {
                "ruleset" => ruleset = values.first().and_then(|r| r.parse().ok()),
                "expansion" => expansions.extend(values.iter().map(ToString::to_string)),
                "players" if players.is_empty() => {
                    players = values.iter().map(ToString::to_string).collect();
                }
                "tiles" => set_names.extend(
                    values
                        .iter()
                        .filter(|w| !statements::is_multiplier(w))
                        .map(ToString::to_string),
                ),
                _ => {}
            }
        }
        let base = base_dir(path);
        let sets = set_names
            .iter()
            .filter_map(|name| NamedSet::load(name, &base))
            .collect();
        GameView {
            text,
            file,
            words,
            ruleset,
            expansions,
            players,
            sets,
            path: path.map(Path::to_path_buf),
        }
    }

    /// The word under byte `offset` (its end counts, so that a word just typed is found).
    pub fn word_at(&self, offset: usize) -> Option<&Word> {
        self.words
            .iter()
            .find(|w| w.span.start <= offset && offset <= w.span.end)
    }

    fn near(&self) -> PathBuf {
        base_dir(self.path.as_deref())
    }

    /// The tile `id`: defined in this file, or in one of its tile sets.
    pub fn tile(&self, id: &str) -> Option<(Tile, TileSource<'_>)> {
        let (tiles, _) = self.local_tiles();
        if let Some(tile) = tiles.into_iter().find(|t| t.id == id) {
            return Some((tile, TileSource::Local));
        }
        self.sets.iter().find_map(|set| {
            set.tiles
                .iter()
                .find(|t| t.id == id)
                .map(|t| (t.clone(), TileSource::Set(set.as_ref())))
        })
    }

    /// The tiles this file defines.
    pub fn local_tiles(&self) -> (Vec<Tile>, Vec<crate::diagnostic::Diagnostic>) {
        let mut diagnostics = Vec::new();
        let tiles = self
            .file
            .tiles
            .iter()
            .filter(|d| !d.id.value.is_empty())
            .map(|decl| crate::lower::tiles::lower_tile(decl, &mut diagnostics))
            .collect();
        (tiles, diagnostics)
    }

    /// Every tile id the game can name, with where it comes from.
    pub fn tile_ids(&self) -> Vec<(String, String)> {
        let (local, _) = self.local_tiles();
        let mut ids: Vec<(String, String)> = local
            .iter()
            .map(|t| (t.id.clone(), "defined in this file".to_string()))
            .collect();
        for set in &self.sets {
            ids.extend(
                set.tiles
                    .iter()
                    .map(|t| (t.id.clone(), format!("{} ×{}", set.name, t.count))),
            );
        }
        ids
    }

    /// The tile and rotation a feature word of statement `at` refers to: for `deploy`, the
    /// tile placed last in the turn; for a statement that names the figure's position (`put`,
    /// `return`, `expect stands` and `home`), the tile laid or placed there.
    pub fn target_tile(&self, at: usize) -> Option<(String, Rotation)> {
        let (placed, board) = self.tiles_before(at);
        let statement = self.file.statements.get(at)?;
        if statement.keyword.value == "deploy" {
            return placed;
        }
        let values: Vec<&str> = statement.words.iter().map(|w| w.value.as_ref()).collect();
        let roles = statements::roles(&statement.keyword.value, &values);
        let pos = roles.iter().position(|r| *r == Role::Position)?;
        board.get(&Pos::from_word(values[pos])?).cloned()
    }

    /// The tiles the statements before `upto` put down, as the text says (no rules asked): the
    /// one placed last in the turn, if any, and each by its position.
    fn tiles_before(&self, upto: usize) -> (Option<TurnedTile>, HashMap<Pos, TurnedTile>) {
        let mut hand: Option<String> = None;
        let mut placed: Option<TurnedTile> = None;
        let mut board: HashMap<Pos, TurnedTile> = HashMap::new();
        for statement in self.file.statements.iter().take(upto) {
            let words: Vec<&str> = statement.words.iter().map(|w| w.value.as_ref()).collect();
            match (statement.keyword.value.as_ref(), words.as_slice()) {
                ("draw" | "bonus", [tile, ..]) => hand = Some(tile.to_string()),
                ("place", ["at", pos, rest @ ..]) => {
                    let rotation = rest.first().and_then(|r| Rotation::from_word(r));
                    placed = hand.take().map(|t| (t, rotation.unwrap_or(Rotation(0))));
                    if let (Some(pos), Some(tile)) = (Pos::from_word(pos), &placed) {
                        board.insert(pos, tile.clone());
                    }
                }
                ("lay", [tile, "at", pos, rest @ ..]) => {
                    if let Some(pos) = Pos::from_word(pos) {
                        let rotation = rest.first().and_then(|r| Rotation::from_word(r));
                        board.insert(pos, (tile.to_string(), rotation.unwrap_or(Rotation(0))));
                    }
                }
                ("turn", _) => placed = None,
                _ => {}
            }
        }
        (placed, board)
    }
}

/// A tile by its id, and how it is turned.
type TurnedTile = (String, Rotation);

/// Where a tile is defined.
pub(crate) enum TileSource<'a> {
    Local,
    Set(&'a NamedSet),
}

/// The tile placed last before statement `upto`, as for a `deploy` standing there.
fn target_before(view: &GameView<'_>, upto: usize) -> Option<(String, Rotation)> {
    view.tiles_before(upto).0
}
