//! Requests on a game file (`.game`): hover, go to definition, references, completion,
//! formatting, document symbols and code actions.
//!
//! Answers come from the parsed text (every word knows its statement and its role there) and,
//! where the rules must speak (legal placements, figures left), from the replay up to the
//! cursor (`super::state`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use lsp_types::{
    CodeAction, CodeActionOrCommand, CodeActionParams, CompletionItem, CompletionItemKind,
    DocumentSymbol, Hover, HoverContents, Location, MarkupContent, MarkupKind, NumberOrString,
    Position, Range, SymbolKind, TextEdit, WorkspaceEdit,
};

use super::Context;
use super::analysis::base_dir;
use super::sets::NamedSet;
use crate::codes;
use crate::diagnostic::{Span, edit_distance, nearest};
use crate::model::{Anchor, Half, Pos, Rotation, Ruleset, Side, Tile};
use crate::syntax::game::{GameFile, Statement};
use crate::syntax::statements::{self, Part};

pub(crate) use crate::syntax::statements::Role;

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
        let mut hand: Option<String> = None;
        let mut placed: Option<(String, Rotation)> = None;
        let mut board: HashMap<Pos, (String, Rotation)> = HashMap::new();
        for statement in self.file.statements.iter().take(at) {
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
        let statement = self.file.statements.get(at)?;
        if statement.keyword.value == "deploy" {
            return placed;
        }
        let values: Vec<&str> = statement.words.iter().map(|w| w.value.as_ref()).collect();
        let roles = statements::roles(&statement.keyword.value, &values);
        let pos = roles.iter().position(|r| *r == Role::Position)?;
        board.get(&Pos::from_word(values[pos])?).cloned()
    }
}

/// Where a tile is defined.
pub(crate) enum TileSource<'a> {
    Local,
    Set(&'a NamedSet),
}

/// An anchor of a tile in board orientation, for a tile turned by `rotation`.
pub(crate) fn to_board(anchor: Anchor, rotation: Rotation) -> Anchor {
    match anchor {
        Anchor::Side(side) => Anchor::Side(rotation.to_board(side)),
        Anchor::Half(side, half) => Anchor::Half(rotation.to_board(side), half),
        Anchor::Inner => Anchor::Inner,
    }
}

/// What an anchor names, in words.
pub(crate) fn describe_anchor(anchor: Anchor) -> String {
    let side_name = |side: Side| match side {
        Side::N => "north",
        Side::E => "east",
        Side::S => "south",
        Side::W => "west",
    };
    match anchor {
        Anchor::Side(side) => format!(
            "the {} side: the whole side (city, forest), both halves (field, meadow) or its middle (road, river)",
            side_name(side)
        ),
        Anchor::Half(side, half) => {
            // Left and right as seen looking out from the tile's centre.
            let towards = match (side, half) {
                (Side::N, Half::L) | (Side::S, Half::R) => Side::W,
                (Side::N, Half::R) | (Side::S, Half::L) => Side::E,
                (Side::E, Half::L) | (Side::W, Half::R) => Side::N,
                (Side::E, Half::R) | (Side::W, Half::L) => Side::S,
            };
            let which = if half == Half::L { "left" } else { "right" };
            format!(
                "the {which} half of the {} side (looking out from the centre): its {} half",
                side_name(side),
                side_name(towards)
            )
        }
        Anchor::Inner => "the inside of the tile: an area that touches no side (a lake)".into(),
    }
}

/// A tile's definition as Markdown: its id, where it comes from, its sides and its text in
/// the tile language, then its picture when the client shows pictures (last, so that an
/// editor that shows the image's address as text still shows the definition first).
pub(crate) fn tile_markdown(
    cx: &Context<'_>,
    tile: &Tile,
    ruleset: Option<Ruleset>,
    source: &str,
) -> String {
    let mut out = format!("**tile `{}`** — {source}", tile.id);
    if let Some(ruleset) = ruleset {
        out.push_str(&format!(
            "\n\nsides N E S W: `{}` · {} cop{} · {}",
            tile.edges(ruleset),
            tile.count,
            if tile.count == 1 { "y" } else { "ies" },
            tile.kind.name()
        ));
    }
    out.push_str("\n\n```carcspec-tiles\n");
    out.push_str(crate::format::tiles::print_tiles(std::slice::from_ref(tile)).trim_end());
    out.push_str("\n```");
    out.push_str(&cx.picture(tile, Rotation(0), &[]));
    out
}

fn markdown_hover(value: String, range: Range) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(range),
    }
}

pub(crate) fn hover(cx: &Context<'_>, position: Position) -> Option<Hover> {
    let text = cx.document.text.as_str();
    let view = GameView::new(text, cx.document.path.as_deref());
    let offset = cx.index.offset(text, position);
    // The id of a tile defined in the file.
    if let Some(decl) = view
        .file
        .tiles
        .iter()
        .find(|d| d.id.span.start <= offset && offset <= d.id.span.end)
    {
        let (tile, _) = view.tile(&decl.id.value)?;
        let markdown = tile_markdown(cx, &tile, view.ruleset, "defined in this file");
        return Some(markdown_hover(markdown, cx.index.range(text, decl.id.span)));
    }
    let word = view.word_at(offset)?;
    let range = cx.index.range(text, word.span);
    let markdown = match word.role {
        Role::TileId => {
            let (tile, source) = view.tile(&word.text)?;
            let from = match source {
                TileSource::Local => "defined in this file".to_string(),
                TileSource::Set(set) => format!("from `{}`", set.name),
            };
            tile_markdown(cx, &tile, view.ruleset, &from)
        }
        Role::Target => target_markdown(cx, &view, word)?,
        Role::Code => {
            let code = codes::find(&word.text)?;
            super::analysis::explanation_markdown(code)
        }
        Role::Keyword if word.text == "turn" => turn_markdown(cx, &view, word)?,
        Role::Position | Role::Rotation
            if view.file.statements[word.statement].keyword.value == "place" =>
        {
            let (id, rotation) = target_before(&view, word.statement + 1)?;
            let (tile, _) = view.tile(&id)?;
            format!(
                "**`{id}`** placed turned r{}{}",
                rotation.degrees(),
                cx.picture(&tile, rotation, &[])
            )
        }
        Role::Player | Role::PlayerDeclaration => {
            let at = view.players.iter().position(|p| *p == word.text)?;
            let mut out = format!(
                "**player `{}`**, {} of {} in turn order",
                word.text,
                at + 1,
                view.players.len()
            );
            if let Some(analysis) = &cx.analysis {
                let points: i64 = analysis
                    .events
                    .iter()
                    .filter(|e| e.players.contains(&word.text))
                    .map(|e| i64::from(e.points))
                    .sum();
                out.push_str(&format!("\n\npoints at the end of the game text: {points}"));
            }
            out
        }
        Role::TileSet => {
            let set = view.sets.iter().find(|s| s.name == word.text)?;
            format!(
                "**tile set `{}`**{} — {} tiles, {} copies",
                set.name,
                set.ruleset
                    .map(|r| format!(" for `{}`", r.name()))
                    .unwrap_or_default(),
                set.tiles.len(),
                set.tiles.iter().map(|t| u64::from(t.count)).sum::<u64>()
            )
        }
        _ => return None,
    };
    Some(markdown_hover(markdown, range))
}

/// What a feature word names: each anchor, and the features of the tile it refers to there.
fn target_markdown(cx: &Context<'_>, view: &GameView<'_>, word: &Word) -> Option<String> {
    let mut out = String::new();
    let anchors: Option<Vec<Anchor>> = word.text.split('+').map(|a| a.parse().ok()).collect();
    let found = view.target_tile(word.statement);
    let tile = found.as_ref().and_then(|(id, _)| view.tile(id));
    match &anchors {
        Some(anchors) if word.text.starts_with(|c: char| c.is_uppercase()) => {
            for anchor in anchors {
                out.push_str(&format!(
                    "`{anchor}` (board orientation): {}\n\n",
                    describe_anchor(*anchor)
                ));
            }
        }
        _ => out.push_str(&format!("`{}`: a feature label of the tile\n\n", word.text)),
    }
    if let (Some((id, rotation)), Some((tile, _))) = (&found, &tile) {
        out.push_str(&format!("on `{id}` turned r{}:\n", rotation.degrees()));
        let named: Vec<&crate::model::Feature> = tile
            .features
            .iter()
            .filter(|f| match &anchors {
                Some(list) if word.text.starts_with(|c: char| c.is_uppercase()) => {
                    list.iter().all(|a| {
                        let on_tile = rotation.anchor_to_tile(*a);
                        f.anchors.contains(&on_tile)
                            || matches!(on_tile, Anchor::Half(side, _) if f.anchors.contains(&Anchor::Side(side)))
                            || matches!(on_tile, Anchor::Side(side) if f.anchors.iter().any(|x| matches!(x, Anchor::Half(s, _) if *s == side)))
                    })
                }
                _ => f.label.as_deref() == Some(word.text.as_str()),
            })
            .collect();
        if named.is_empty() {
            out.push_str("- no feature of the tile lies there\n");
        }
        let highlight: Vec<usize> = tile
            .features
            .iter()
            .enumerate()
            .filter(|(_, f)| named.iter().any(|n| std::ptr::eq(*n, *f)))
            .map(|(at, _)| at)
            .collect();
        for feature in named {
            let board: Vec<String> = feature
                .anchors
                .iter()
                .map(|a| to_board(*a, *rotation).to_string())
                .collect();
            out.push_str(&format!(
                "- {}{} at {} (board orientation)\n",
                feature.kind.name(),
                feature
                    .label
                    .as_ref()
                    .map(|l| format!(" `{l}`"))
                    .unwrap_or_default(),
                board.join(" ")
            ));
        }
        out.push_str(&cx.picture(tile, *rotation, &highlight));
    }
    Some(out)
}

/// The statements of the turn that begins at statement `at`: up to the next `turn`.
fn turn_extent(view: &GameView<'_>, at: usize) -> Span {
    let start = view.file.statements[at].span.start;
    let end = view.file.statements[at + 1..]
        .iter()
        .find(|s| s.keyword.value == "turn")
        .map_or(view.text.len(), |s| s.span.start);
    Span::new(start, end)
}

/// On a `turn`: what the turn scored and the scores after it, from the last check.
fn turn_markdown(cx: &Context<'_>, view: &GameView<'_>, word: &Word) -> Option<String> {
    let analysis = cx.analysis.as_ref()?;
    let extent = turn_extent(view, word.statement);
    let players = &analysis.players;
    let mut totals = vec![0i64; players.len()];
    let mut lines = Vec::new();
    for event in analysis.events.iter().filter(|e| !e.is_final) {
        if event.span.start >= extent.end {
            break;
        }
        for player in &event.players {
            if let Some(at) = players.iter().position(|p| p == player) {
                totals[at] += i64::from(event.points);
            }
        }
        if event.span.start >= extent.start {
            let who = if event.players.is_empty() {
                "nobody".to_string()
            } else {
                event.players.join(", ")
            };
            lines.push(format!("- {}: {who}", event.breakdown));
        }
    }
    let mut out = String::from("**this turn scored**\n");
    if lines.is_empty() {
        out.push_str("- nothing\n");
    }
    for line in lines {
        out.push_str(&line);
        out.push('\n');
    }
    let scores: Vec<String> = players
        .iter()
        .zip(&totals)
        .map(|(p, s)| format!("{p} {s}"))
        .collect();
    out.push_str(&format!(
        "\n**scores after the turn**: {}",
        scores.join(", ")
    ));
    Some(out)
}

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
            let uri = super::analysis::explanation_uri(codes::find(&word.text)?)?;
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

/// The statements that may stand where the cursor is, by the part of the file, each with its
/// usage and a line of help.
fn keywords_for(view: &GameView<'_>, statement: usize) -> Vec<(&'static str, String)> {
    let before = &view.file.statements[..statement.min(view.file.statements.len())];
    let is_header = |s: &Statement<'_>| {
        statements::statement(&s.keyword.value).is_some_and(|spec| spec.stands_in(Part::Header))
    };
    let parts: &[Part] = if before.iter().any(|s| s.keyword.value == "turn") {
        &[Part::Turn]
    } else if before.iter().any(|s| !is_header(s)) {
        &[Part::Setup]
    } else if before.iter().any(|s| s.keyword.value == "players") {
        // Setup may start at once after the header.
        &[Part::Header, Part::Setup]
    } else {
        &[Part::Header]
    };
    statements::STATEMENTS
        .iter()
        .filter(|spec| parts.iter().any(|part| spec.stands_in(*part)))
        .map(|spec| (spec.keyword, format!("{}: {}", spec.summary, spec.usage())))
        .collect()
}

fn item(
    label: impl Into<String>,
    kind: CompletionItemKind,
    detail: impl Into<String>,
) -> CompletionItem {
    CompletionItem {
        label: label.into(),
        kind: Some(kind),
        detail: Some(detail.into()),
        ..CompletionItem::default()
    }
}

pub(crate) fn completion(cx: &Context<'_>, position: Position) -> Vec<CompletionItem> {
    let text = cx.document.text.as_str();
    let offset = cx.index.offset(text, position);
    let view = GameView::new(text, cx.document.path.as_deref());
    // The statement being typed: the line up to the cursor, after the last `;`.
    let line_start = text[..offset].rfind('\n').map_or(0, |at| at + 1);
    let typed = &text[line_start..offset];
    if typed.contains('#') || typed.matches('"').count() % 2 == 1 {
        return Vec::new();
    }
    let typed = typed.rsplit(';').next().unwrap_or("");
    let mut words: Vec<&str> = typed.split_whitespace().collect();
    let ends_in_space = typed.is_empty() || typed.ends_with(char::is_whitespace);
    if !ends_in_space {
        words.pop();
    }
    // Which statement of the parse the cursor belongs to (for the section and the state).
    let statement = view
        .file
        .statements
        .iter()
        .position(|s| s.span.start >= line_start.max(1) - 1 && s.span.start <= offset)
        .or_else(|| {
            view.file
                .statements
                .iter()
                .position(|s| s.span.start > offset)
        })
        .unwrap_or(view.file.statements.len());
    if view.file.tiles.iter().any(|t| {
        t.header_span.start <= offset
            && view.text[t.header_span.start..]
                .find('}')
                .is_none_or(|close| offset <= t.header_span.start + close)
    }) {
        return super::tiles::feature_completion(&words);
    }
    let Some((keyword, args)) = words.split_first() else {
        return keywords_for(&view, statement)
            .into_iter()
            .map(|(k, detail)| item(k, CompletionItemKind::KEYWORD, detail))
            .collect();
    };
    let index = args.len();
    let role = statements::role_of(keyword, args, index);
    let state = || super::state::before(cx, &view, offset);
    match role {
        Role::Fixed if *keyword == "expect" && index == 0 => statements::EXPECTATIONS
            .iter()
            .filter_map(|form| Some(item(form.word?, CompletionItemKind::KEYWORD, form.usage())))
            .collect(),
        Role::Fixed => statements::fixed_words(keyword, args, index)
            .into_iter()
            .map(|w| item(w, CompletionItemKind::KEYWORD, ""))
            .collect(),
        Role::TileId => {
            let left = state().map(|s| s.stack_left).unwrap_or_default();
            view.tile_ids()
                .into_iter()
                .map(|(id, from)| {
                    let detail = match left.get(&id) {
                        Some(n) => format!("{from} · {n} left"),
                        None => from,
                    };
                    item(id, CompletionItemKind::CONSTANT, detail)
                })
                .collect()
        }
        Role::Player => {
            let next = state().and_then(|s| s.next_player);
            view.players
                .iter()
                .enumerate()
                .map(|(at, p)| {
                    let mut it = item(p, CompletionItemKind::VARIABLE, "player");
                    if Some(at) == next {
                        it.detail = Some("player · next in turn order".into());
                        it.preselect = Some(true);
                        it.sort_text = Some("0".into());
                    }
                    it
                })
                .collect()
        }
        Role::Figure => figure_completion(&view, state()),
        Role::Target => target_completion(&view, statement, offset, state()),
        Role::Position if *keyword == "place" => placement_completion(state()),
        Role::Rotation if *keyword == "place" => {
            let pos = args.get(1).and_then(|p| Pos::from_word(p));
            placement_completion(state())
                .into_iter()
                .filter_map(|mut it| {
                    let (p, r) = it.label.split_once(' ')?;
                    let (p, r) = (Pos::from_word(p), r.to_string());
                    (p == pos).then(|| {
                        it.label = r;
                        it
                    })
                })
                .collect()
        }
        Role::Rotation => ["r0", "r90", "r180", "r270"]
            .iter()
            .map(|r| item(*r, CompletionItemKind::ENUM_MEMBER, "rotation, clockwise"))
            .collect(),
        Role::Code => codes::ALL
            .iter()
            .filter(|c| c.code.starts_with(['V', 'G']))
            .map(|c| item(c.name, CompletionItemKind::ENUM_MEMBER, c.code))
            .collect(),
        Role::Ruleset => Ruleset::ALL
            .iter()
            .map(|r| item(r.name(), CompletionItemKind::ENUM_MEMBER, "ruleset"))
            .collect(),
        Role::Expansion => view
            .ruleset
            .into_iter()
            .flat_map(|r| crate::rules::descriptor::describe(r).expansion_names())
            .map(|e| item(e, CompletionItemKind::ENUM_MEMBER, "expansion"))
            .collect(),
        Role::TileSet => tile_set_completion(&view),
        _ => Vec::new(),
    }
}

fn figure_completion(
    view: &GameView<'_>,
    state: Option<super::state::LineState>,
) -> Vec<CompletionItem> {
    let Some(state) = state else {
        let names = view
            .ruleset
            .map(|r| crate::rules::for_ruleset(r, &[]).figure_names().to_vec())
            .unwrap_or_default();
        return names
            .iter()
            .map(|f| item(*f, CompletionItemKind::CLASS, "figure"))
            .collect();
    };
    state
        .figures_left
        .iter()
        .map(|(figure, left, legal)| {
            let mut it = item(
                *figure,
                CompletionItemKind::CLASS,
                format!(
                    "{left} left{}",
                    if *legal {
                        ""
                    } else {
                        " · no legal spot on this tile"
                    }
                ),
            );
            if !*legal {
                it.sort_text = Some(format!("z{figure}"));
            }
            it
        })
        .collect()
}

/// Anchors of the features on the tile the target refers to, in its rotation, and its labels;
/// the spots where a figure may legally stand first.
fn target_completion(
    view: &GameView<'_>,
    statement: usize,
    offset: usize,
    state: Option<super::state::LineState>,
) -> Vec<CompletionItem> {
    // A figure's position names its tile (`put`, `return`, `expect stands`); otherwise the
    // statement is a `deploy`, which may not be parsed as one yet: find the tile as if it were.
    let names_position = view
        .words
        .iter()
        .any(|w| w.statement == statement && w.role == Role::Position);
    let is_deploy = view
        .file
        .statements
        .get(statement)
        .is_some_and(|s| s.keyword.value == "deploy");
    let found = view.target_tile(statement).or_else(|| {
        if names_position {
            return None;
        }
        let upto = view
            .file
            .statements
            .iter()
            .position(|s| s.span.start > offset)
            .unwrap_or(view.file.statements.len());
        target_before(view, upto)
    });
    let Some((id, rotation)) = found else {
        return Vec::new();
    };
    let Some((tile, _)) = view.tile(&id) else {
        return Vec::new();
    };
    // The legal deployments are those of the tile just placed: they mark a `deploy`'s targets.
    let legal: Vec<String> = state
        .filter(|_| is_deploy || !names_position)
        .map(|s| {
            s.deployments
                .iter()
                .map(|(_, target)| target.clone())
                .collect()
        })
        .unwrap_or_default();
    let mut items = Vec::new();
    for feature in &tile.features {
        let anchors: Vec<String> = feature
            .anchors
            .iter()
            .map(|a| to_board(*a, rotation).to_string())
            .collect();
        let joined = anchors.join("+");
        let mut names = anchors.clone();
        if anchors.len() > 1 {
            names.push(joined.clone());
        }
        if let Some(label) = &feature.label {
            names.push(label.clone());
        }
        for name in names {
            let is_legal = legal.contains(&name) || legal.contains(&joined);
            let mut it = item(
                name.clone(),
                CompletionItemKind::FIELD,
                format!(
                    "{} at {joined} on `{id}` r{}{}",
                    feature.kind.name(),
                    rotation.degrees(),
                    if is_legal { " · legal" } else { "" }
                ),
            );
            it.sort_text = Some(format!("{}{name}", if is_legal { 0 } else { 1 }));
            if !items.iter().any(|i: &CompletionItem| i.label == name) {
                items.push(it);
            }
        }
    }
    items
}

/// The tile placed last before statement `upto`, as for a `deploy` standing there.
fn target_before(view: &GameView<'_>, upto: usize) -> Option<(String, Rotation)> {
    let mut hand = None;
    let mut placed = None;
    for statement in view.file.statements.iter().take(upto) {
        let words: Vec<&str> = statement.words.iter().map(|w| w.value.as_ref()).collect();
        match (statement.keyword.value.as_ref(), words.as_slice()) {
            ("draw" | "bonus", [tile, ..]) => hand = Some(tile.to_string()),
            ("place", ["at", _, rest @ ..]) => {
                let rotation = rest.first().and_then(|r| Rotation::from_word(r));
                placed = hand.take().map(|t| (t, rotation.unwrap_or(Rotation(0))));
            }
            ("turn", _) => placed = None,
            _ => {}
        }
    }
    placed
}

fn placement_completion(state: Option<super::state::LineState>) -> Vec<CompletionItem> {
    let Some(state) = state else {
        return Vec::new();
    };
    let tile = state.hand.clone().unwrap_or_default();
    state
        .placements
        .iter()
        .enumerate()
        .map(|(at, (x, y, rotation))| {
            let label = format!("{x},{y} r{}", rotation.degrees());
            let mut it = item(
                label,
                CompletionItemKind::VALUE,
                format!("legal for `{tile}`"),
            );
            it.sort_text = Some(format!("{at:06}"));
            it
        })
        .collect()
}

fn tile_set_completion(view: &GameView<'_>) -> Vec<CompletionItem> {
    let mut items: Vec<CompletionItem> = crate::shipped::TILE_SETS
        .iter()
        .map(|(name, _)| item(*name, CompletionItemKind::MODULE, "shipped tile set"))
        .collect();
    if let Ok(entries) = std::fs::read_dir(view.near()) {
        let mut files: Vec<String> = entries
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|name| name.ends_with(".tiles"))
            .collect();
        files.sort();
        items.extend(
            files
                .into_iter()
                .map(|name| item(name, CompletionItemKind::FILE, "tile set next to the game")),
        );
    }
    items
}

/// `carcspec fmt`'s layout, as one edit of the whole text; nothing when the file has syntax
/// errors (the formatter never guesses at a broken file) or is already formatted.
pub(crate) fn formatting(cx: &Context<'_>) -> Option<Vec<TextEdit>> {
    let text = cx.document.text.as_str();
    let (_, diagnostics) = crate::syntax::game::parse(text);
    if !diagnostics.is_empty() {
        return None;
    }
    Some(cx.edits_to(&crate::format::game_layout::format(text)))
}

pub(crate) fn symbols(cx: &Context<'_>) -> Vec<DocumentSymbol> {
    let text = cx.document.text.as_str();
    let view = GameView::new(text, cx.document.path.as_deref());
    let range = |span: Span| cx.index.range(text, span);
    #[allow(deprecated)]
    let symbol = |name: String,
                  detail: Option<String>,
                  kind: SymbolKind,
                  span: Span,
                  pick: Span,
                  children: Vec<DocumentSymbol>| DocumentSymbol {
        name,
        detail,
        kind,
        tags: None,
        deprecated: None,
        range: range(span),
        selection_range: range(pick),
        children: (!children.is_empty()).then_some(children),
    };
    let mut out = Vec::new();
    let mut header: Vec<DocumentSymbol> = Vec::new();
    let mut setup: Vec<DocumentSymbol> = Vec::new();
    // A turn's moves are its detail, not symbols of their own: on a long game one symbol per
    // move made the outline ten times larger (1.6 MB on 2,000 turns) for little use.
    let mut turn: Option<(DocumentSymbol, Vec<String>)> = None;
    let mut turns = Vec::new();
    let close = |(mut open, moves): (DocumentSymbol, Vec<String>)| {
        open.detail = (!moves.is_empty()).then(|| moves.join(" · "));
        open
    };
    for statement in &view.file.statements {
        let keyword = statement.keyword.value.as_ref();
        let rest: Vec<&str> = statement.words.iter().map(|w| w.value.as_ref()).collect();
        let name = format!("{keyword} {}", rest.join(" ")).trim().to_string();
        if let (Some((open, moves)), false) = (turn.as_mut(), keyword == "turn") {
            open.range.end = range(statement.span).end;
            moves.push(name);
            continue;
        }
        let this = symbol(
            name,
            None,
            SymbolKind::EVENT,
            statement.span,
            statement.keyword.span,
            Vec::new(),
        );
        match keyword {
            "game" | "ruleset" | "expansion" | "variant" | "tiles" | "players" => {
                header.push(DocumentSymbol {
                    kind: SymbolKind::PROPERTY,
                    ..this
                });
            }
            "turn" => {
                turns.extend(turn.take().map(close));
                let open = DocumentSymbol {
                    kind: SymbolKind::FUNCTION,
                    ..this
                };
                turn = Some((open, Vec::new()));
            }
            _ => setup.push(this),
        }
    }
    turns.extend(turn.take().map(close));
    let group = |name: &str, kind: SymbolKind, children: Vec<DocumentSymbol>| {
        let first = children.first()?.range;
        let last = children.last()?.range;
        #[allow(deprecated)]
        Some(DocumentSymbol {
            name: name.to_string(),
            detail: None,
            kind,
            tags: None,
            deprecated: None,
            range: Range::new(first.start, last.end),
            selection_range: first,
            children: Some(children),
        })
    };
    out.extend(group("header", SymbolKind::NAMESPACE, header));
    out.extend(group("setup", SymbolKind::NAMESPACE, setup));
    out.extend(turns);
    for decl in &view.file.tiles {
        let end = text[decl.header_span.start..]
            .find('}')
            .map_or(decl.header_span.end, |close| {
                decl.header_span.start + close + 1
            });
        out.push(symbol(
            decl.id.value.to_string(),
            Some("tile".into()),
            SymbolKind::CLASS,
            Span::new(decl.header_span.start, end),
            decl.id.span,
            Vec::new(),
        ));
    }
    out.sort_by_key(|s| (s.range.start.line, s.range.start.character));
    out
}

/// Quick fixes for the diagnostics under the cursor, and the legal-placements expectation for
/// a drawn tile.
pub(crate) fn code_actions(
    cx: &Context<'_>,
    params: &CodeActionParams,
) -> Vec<CodeActionOrCommand> {
    let text = cx.document.text.as_str();
    let view = GameView::new(text, cx.document.path.as_deref());
    let mut actions = Vec::new();
    let wanted = |kind: &lsp_types::CodeActionKind| super::kind_wanted(params, kind);
    let edit = |range: Range, new_text: String| {
        let mut changes = HashMap::new();
        changes.insert(
            cx.document.uri.clone(),
            vec![TextEdit::new(range, new_text)],
        );
        WorkspaceEdit::new(changes)
    };
    let fixes: &[lsp_types::Diagnostic] = if wanted(&lsp_types::CodeActionKind::QUICKFIX) {
        &params.context.diagnostics
    } else {
        &[]
    };
    for diagnostic in fixes {
        let Some(NumberOrString::String(code)) = &diagnostic.code else {
            continue;
        };
        let start = cx.index.offset(text, diagnostic.range.start);
        let end = cx.index.offset(text, diagnostic.range.end);
        let candidates: Vec<(Span, Vec<String>)> = match code.as_str() {
            // Unknown anchor, no such feature: the nearest anchors of the tile.
            c if c == codes::UNKNOWN_ANCHOR.code || c == codes::NO_SUCH_FEATURE.code => view
                .words
                .iter()
                .filter(|w| {
                    w.role == Role::Target
                        && w.span.start >= start
                        && w.span.end <= end.max(w.span.end)
                })
                .filter(|w| w.span.start <= end)
                .filter_map(|w| {
                    let (id, rotation) = view.target_tile(w.statement)?;
                    let (tile, _) = view.tile(&id)?;
                    Some((w.span, nearest_anchors(&w.text, &tile, rotation)))
                })
                .collect(),
            c if c == codes::UNKNOWN_TILE.code => view
                .words
                .iter()
                .filter(|w| w.role == Role::TileId && w.span.start >= start && w.span.start <= end)
                .map(|w| {
                    let ids: Vec<String> = view.tile_ids().into_iter().map(|(id, _)| id).collect();
                    (w.span, nearest(&w.text, &ids, 3))
                })
                .collect(),
            c if c == codes::UNKNOWN_PLAYER.code => view
                .words
                .iter()
                .filter(|w| w.role == Role::Player && w.span.start >= start && w.span.start <= end)
                .map(|w| (w.span, nearest(&w.text, &view.players, 2)))
                .collect(),
            _ => Vec::new(),
        };
        for (span, replacements) in candidates {
            for (rank, replacement) in replacements.into_iter().enumerate() {
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: format!("replace with `{replacement}`"),
                    kind: Some(lsp_types::CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![diagnostic.clone()]),
                    edit: Some(edit(cx.index.range(text, span), replacement)),
                    is_preferred: Some(rank == 0),
                    ..CodeAction::default()
                }));
            }
        }
    }
    actions.extend(super::state::placement_actions(
        cx,
        &view,
        params.range,
        &params.context.diagnostics,
        &wanted,
    ));
    actions
}

/// The anchors of the tile's features in board orientation, nearest to `written` first: same
/// side before other sides, then by edit distance.
fn nearest_anchors(written: &str, tile: &Tile, rotation: Rotation) -> Vec<String> {
    let mut anchors: Vec<String> = tile
        .features
        .iter()
        .flat_map(|f| f.anchors.iter().map(|a| to_board(*a, rotation).to_string()))
        .collect();
    anchors.sort();
    anchors.dedup();
    let first = written.chars().next();
    anchors.sort_by_key(|a| {
        (
            a.chars().next() != first,
            edit_distance(written, a),
            a.clone(),
        )
    });
    anchors.truncate(3);
    anchors
}

/// Inlay hints in `range`: after each `turn` line, the scores once that turn is over (from
/// the last check of this version, so none while it runs); after each `draw` or `bonus`, the
/// drawn tile's sides (N E S W, as in `carcspec tiles show`).
pub(crate) fn inlay_hints(cx: &Context<'_>, range: Range) -> Vec<lsp_types::InlayHint> {
    let text = cx.document.text.as_str();
    let view = GameView::new(text, cx.document.path.as_deref());
    let (first, last) = (
        cx.index.offset(text, range.start),
        cx.index.offset(text, range.end),
    );
    let line_end = |at: usize| text[at..].find('\n').map_or(text.len(), |n| at + n);
    let hint = |at: usize, label: String, kind| lsp_types::InlayHint {
        position: cx.index.position(text, at),
        label: lsp_types::InlayHintLabel::String(label),
        kind: Some(kind),
        text_edits: None,
        tooltip: None,
        padding_left: Some(true),
        padding_right: None,
        data: None,
    };
    let mut hints = Vec::new();
    if let Some(analysis) = &cx.analysis {
        let players = &analysis.players;
        let mut totals = vec![0i64; players.len()];
        let mut events = analysis.events.iter().filter(|e| !e.is_final).peekable();
        let turns: Vec<usize> = (0..view.file.statements.len())
            .filter(|at| view.file.statements[*at].keyword.value == "turn")
            .collect();
        for (k, at) in turns.iter().enumerate() {
            let statement = &view.file.statements[*at];
            if statement.span.start > last {
                break;
            }
            let turn_end = turns
                .get(k + 1)
                .map_or(text.len(), |next| view.file.statements[*next].span.start);
            while let Some(event) = events.next_if(|e| e.span.start < turn_end) {
                for player in &event.players {
                    if let Some(seat) = players.iter().position(|p| p == player) {
                        totals[seat] += i64::from(event.points);
                    }
                }
            }
            if statement.span.end >= first {
                let scores: Vec<String> = players
                    .iter()
                    .zip(&totals)
                    .map(|(p, s)| format!("{p} {s}"))
                    .collect();
                let label = format!("→ {}", scores.join(" · "));
                hints.push(hint(
                    line_end(statement.span.end),
                    label,
                    lsp_types::InlayHintKind::PARAMETER,
                ));
            }
        }
    }
    if let Some(ruleset) = view.ruleset {
        let (local, _) = view.local_tiles();
        let mut sides: HashMap<&str, String> = HashMap::new();
        for tile in view.sets.iter().flat_map(|s| &s.tiles).chain(&local) {
            sides.insert(&tile.id, tile.edges(ruleset));
        }
        for statement in &view.file.statements {
            if statement.span.end < first || statement.span.start > last {
                continue;
            }
            if let ("draw" | "bonus", [tile]) =
                (statement.keyword.value.as_ref(), statement.words.as_slice())
                && let Some(edges) = sides.get(tile.value.as_ref())
            {
                hints.push(hint(
                    tile.span.end,
                    edges.clone(),
                    lsp_types::InlayHintKind::TYPE,
                ));
            }
        }
    }
    hints.sort_by_key(|h| (h.position.line, h.position.character));
    hints
}
