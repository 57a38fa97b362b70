//! Hover on a game file: a tile, a feature, a turn, a code, a player, a tile set.

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position, Range};

use super::{GameView, Role, TileSource, Word, target_before};
use crate::Context;
use crate::describe::{describe_anchor, tile_markdown, to_board};
use crate::diagnostic::Span;
use crate::model::Anchor;
use crate::rules::codes;

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
            crate::analysis::explanation_markdown(code)
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
                    .filter_map(|e| e.points_of(&word.text))
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
        for (at, player) in players.iter().enumerate() {
            totals[at] += event.points_of(player).unwrap_or(0);
        }
        if event.span.start >= extent.start {
            lines.push(format!("- {}: {}", event.breakdown, event.players_text()));
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
