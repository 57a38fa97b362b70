//! Go to definition and references on a game file: tiles, players, labels, codes.

use lsp_types::{Location, Position, Range};

use super::{GameView, Role, TileSource};
use crate::Context;
use crate::diagnostic::Span;
use crate::rules::codes;

pub(crate) fn definition(cx: &Context<'_>, position: Position) -> Option<Vec<Location>> {
    let text = cx.document.text.as_str();
    let view = GameView::new(text, cx.document.path.as_deref());
    let word = view.word_at(cx.index.offset(text, position))?;
    let here = |span: Span| Location::new(cx.document.uri.clone(), cx.index.range(text, span));
    let near = view.near();
    let location = match word.role {
        Role::TileId => {
            let (tile, source) = view.tile(&word.text)?;
            match source {
                TileSource::Local => here(tile.spans.id),
                TileSource::Set(set) => set.location(&near, tile.spans.id, cx.encoding)?,
            }
        }
        Role::Player | Role::PlayerDeclaration => {
            let declaration = view
                .words
                .iter()
                .find(|w| w.role == Role::PlayerDeclaration && w.text == word.text)?;
            here(declaration.span)
        }
        Role::TileSet => view
            .sets
            .iter()
            .find(|s| s.name == word.text)?
            .whole(&near)?,
        Role::Target if !word.text.starts_with(|c: char| c.is_uppercase()) => {
            let (id, _) = view.target_tile(word.statement)?;
            let (tile, source) = view.tile(&id)?;
            let feature = tile.feature_by_label(&word.text)?;
            match source {
                TileSource::Local => here(feature.spans.label),
                TileSource::Set(set) => set.location(&near, feature.spans.label, cx.encoding)?,
            }
        }
        Role::Code => {
            let uri = crate::analysis::explanation_uri(codes::find(&word.text)?)?;
            Location::new(uri, Range::default())
        }
        _ => return None,
    };
    Some(vec![location])
}

pub(crate) fn references(
    cx: &Context<'_>,
    position: Position,
    include_declaration: bool,
) -> Option<Vec<Location>> {
    let text = cx.document.text.as_str();
    let view = GameView::new(text, cx.document.path.as_deref());
    let offset = cx.index.offset(text, position);
    let here = |span: Span| Location::new(cx.document.uri.clone(), cx.index.range(text, span));
    let local_decl = view
        .file
        .tiles
        .iter()
        .find(|d| d.id.span.start <= offset && offset <= d.id.span.end);
    let (name, roles): (String, &[Role]) = match (local_decl, view.word_at(offset)) {
        (Some(decl), _) => (decl.id.value.to_string(), &[Role::TileId]),
        (None, Some(word)) => match word.role {
            Role::TileId => (word.text.clone(), &[Role::TileId]),
            Role::Player | Role::PlayerDeclaration => {
                (word.text.clone(), &[Role::Player, Role::PlayerDeclaration])
            }
            Role::Figure => (word.text.clone(), &[Role::Figure]),
            _ => return None,
        },
        (None, None) => return None,
    };
    let mut locations = Vec::new();
    if include_declaration
        && roles.contains(&Role::TileId)
        && let Some((tile, source)) = view.tile(&name)
    {
        match source {
            TileSource::Local => locations.push(here(tile.spans.id)),
            TileSource::Set(set) => {
                locations.extend(set.location(&view.near(), tile.spans.id, cx.encoding));
            }
        }
    }
    locations.extend(
        view.words
            .iter()
            .filter(|w| roles.contains(&w.role) && w.text == name)
            .filter(|w| include_declaration || w.role != Role::PlayerDeclaration)
            .map(|w| here(w.span)),
    );
    Some(locations)
}

/// What a rename at `position` renames: the word under the cursor, its current name, and every
/// place it is written. Players are renamed in the file that declares them; a tile id or a
/// label belongs to a tile set that games elsewhere also name, so it is not renamed from one
/// game (the error says so).
pub(crate) fn rename_target(
    cx: &Context<'_>,
    position: Position,
) -> Result<(Span, String, Vec<Span>), String> {
    let text = cx.document.text.as_str();
    let view = GameView::new(text, cx.document.path.as_deref());
    let word = view
        .word_at(cx.index.offset(text, position))
        .ok_or("there is nothing to rename here")?;
    match word.role {
        Role::Player | Role::PlayerDeclaration => {
            let spans = view
                .words
                .iter()
                .filter(|w| {
                    matches!(w.role, Role::Player | Role::PlayerDeclaration) && w.text == word.text
                })
                .map(|w| w.span)
                .collect();
            Ok((word.span, word.text.clone(), spans))
        }
        Role::TileId => Err(format!(
            "`{}` is a tile id: ids are named by every game of their tile set, so rename it in the tile set and its games together (search and replace)",
            word.text
        )),
        _ => Err(format!(
            "`{}` cannot be renamed: only players can",
            word.text
        )),
    }
}

/// The edits that rename the player at `position` to `new_name`; an error when the name cannot
/// be written as a player (it must be one word of the game language) or is taken.
pub(crate) fn rename(
    cx: &Context<'_>,
    position: Position,
    new_name: &str,
) -> Result<Vec<lsp_types::TextEdit>, String> {
    let text = cx.document.text.as_str();
    let (_, old, spans) = rename_target(cx, position)?;
    let view = GameView::new(text, cx.document.path.as_deref());
    if new_name != old && view.players.iter().any(|p| p == new_name) {
        return Err(format!("`{new_name}` is a player already"));
    }
    let mut renamed = text.to_string();
    for span in spans.iter().rev() {
        renamed.replace_range(span.start..span.end, new_name);
    }
    // The name must read back as the same player: one word, in the same place of the list.
    let expected: Vec<String> = view
        .players
        .iter()
        .map(|p| {
            if *p == old {
                new_name.to_string()
            } else {
                p.clone()
            }
        })
        .collect();
    let reread = GameView::new(&renamed, cx.document.path.as_deref());
    if new_name.is_empty() || reread.players != expected {
        return Err(format!(
            "`{new_name}` cannot be a player's name: write it as one word, without spaces, quotes, `#` or `;`"
        ));
    }
    Ok(spans
        .into_iter()
        .map(|span| lsp_types::TextEdit::new(cx.index.range(text, span), new_name.to_string()))
        .collect())
}
