//! Semantic tokens on a game file, for editors without the TextMate grammar (Neovim, Helix):
//! each word coloured by its role in its statement (`crates/syntax/src/statements.rs`), and a tile id
//! the game's tile sets do not have told apart from one they have.

use std::collections::HashSet;

use lsp_types::{
    SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokens, SemanticTokensLegend,
};

use super::{GameView, Role};
use crate::Context;

/// The token types, in the legend's order (a token names its type by this index).
const TYPES: [&str; 10] = [
    "keyword",
    "variable",
    "class",
    "type",
    "property",
    "number",
    "namespace",
    "enumMember",
    "string",
    // rust-analyzer's name for a reference that resolves to nothing.
    "unresolvedReference",
];
const KEYWORD: u32 = 0;
const VARIABLE: u32 = 1;
const CLASS: u32 = 2;
const TYPE: u32 = 3;
const PROPERTY: u32 = 4;
const NUMBER: u32 = 5;
const NAMESPACE: u32 = 6;
const ENUM_MEMBER: u32 = 7;
const STRING: u32 = 8;
const UNRESOLVED: u32 = 9;

/// The one modifier: a player's name where the `players` line declares it.
const DECLARATION: u32 = 1;

/// The legend the server announces in its capabilities.
pub(crate) fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.iter().map(|t| SemanticTokenType::new(t)).collect(),
        token_modifiers: vec![SemanticTokenModifier::DECLARATION],
    }
}

/// The type (and modifiers) of a word, or `None` to leave it to the editor.
fn token_of(role: Role, text: &str, known_tiles: &HashSet<String>) -> Option<(u32, u32)> {
    Some(match role {
        Role::Keyword | Role::Fixed => (KEYWORD, 0),
        Role::Player => (VARIABLE, 0),
        Role::PlayerDeclaration => (VARIABLE, DECLARATION),
        Role::TileId if known_tiles.contains(text) => (CLASS, 0),
        Role::TileId => (UNRESOLVED, 0),
        Role::Figure => (TYPE, 0),
        Role::Target => (PROPERTY, 0),
        Role::Position | Role::Rotation | Role::Multiplier => (NUMBER, 0),
        Role::TileSet | Role::Ruleset | Role::Expansion => (NAMESPACE, 0),
        Role::Code | Role::Pool | Role::Variant | Role::VariantValue => (ENUM_MEMBER, 0),
        Role::Other if text.starts_with('"') => (STRING, 0),
        Role::Other if text.parse::<f64>().is_ok() => (NUMBER, 0),
        Role::Other => return None,
    })
}

/// Every word's token, in the order of the text, as the protocol encodes them (each relative
/// to the one before).
pub(crate) fn semantic_tokens(cx: &Context<'_>) -> SemanticTokens {
    let text = cx.document.text.as_str();
    let view = GameView::new(text, cx.document.path.as_deref());
    let known: HashSet<String> = view.tile_ids().into_iter().map(|(id, _)| id).collect();
    let mut data = Vec::new();
    let (mut line, mut start) = (0, 0);
    for word in &view.words {
        let Some((token_type, modifiers)) = token_of(word.role, &word.text, &known) else {
            continue;
        };
        let range = cx.index.range(text, word.span);
        // A word never spans lines (a game's statements are line-based); one that did would
        // be left uncoloured rather than given a length past its line.
        if range.end.line != range.start.line {
            continue;
        }
        let delta_line = range.start.line - line;
        let delta_start = if delta_line == 0 {
            range.start.character - start
        } else {
            range.start.character
        };
        data.push(SemanticToken {
            delta_line,
            delta_start,
            length: range.end.character - range.start.character,
            token_type,
            token_modifiers_bitset: modifiers,
        });
        (line, start) = (range.start.line, range.start.character);
    }
    SemanticTokens {
        result_id: None,
        data,
    }
}
