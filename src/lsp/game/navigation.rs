//! Go to definition and references on a game file: tiles, players, labels, codes.

use lsp_types::{Location, Position, Range};

use super::{GameView, Role, TileSource};
use crate::codes;
use crate::diagnostic::Span;
use crate::lsp::Context;

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
            let uri = crate::lsp::analysis::explanation_uri(codes::find(&word.text)?)?;
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
