//! Completion on a game file: the statements of each part of the file, then each word by its role.

use lsp_types::{CompletionItem, CompletionItemKind, Position};

use super::{GameView, Role, state, target_before};
use crate::Context;
use crate::describe::to_board;
use crate::model::{Pos, Ruleset};
use crate::rules::codes;
use crate::syntax::game::Statement;
use crate::syntax::statements::{self, Part};

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
        return crate::tiles::feature_completion(&words, view.ruleset.map(Ruleset::family));
    }
    let Some((keyword, args)) = words.split_first() else {
        return keywords_for(&view, statement)
            .into_iter()
            .map(|(k, detail)| item(k, CompletionItemKind::KEYWORD, detail))
            .collect();
    };
    let index = args.len();
    let role = statements::role_of(keyword, args, index);
    let state = || state::before(cx, &view, offset);
    match role {
        Role::Fixed if *keyword == "expect" && index == 0 => {
            // The forms this game can hold, in the table's order (the common ones first): a
            // count that the game's rules do not keep (`bag` without Hills & Sheep, `covered`
            // outside the 2020 rules) and `bonus` in a ruleset without bonus tiles are left out.
            let rules = view.ruleset.map(|ruleset| {
                let mut rules = crate::rules::for_ruleset(ruleset, &[]);
                rules.expansions_in_play(&view.expansions);
                rules
            });
            let holds = |word: &str| {
                let Some(ruleset) = view.ruleset else {
                    return true;
                };
                if word == "bonus" {
                    return crate::rules::describe(ruleset).bonus.is_some();
                }
                match (statements::counted_expectation(word), &rules) {
                    (Some(counted), Some(rules)) => {
                        let player = counted.of_each_player.then_some(0);
                        rules.counted(word, player).is_some()
                    }
                    _ => true,
                }
            };
            statements::EXPECTATIONS
                .iter()
                .enumerate()
                .filter_map(|(order, form)| {
                    let word = form.word?;
                    holds(word).then(|| {
                        let mut it = item(word, CompletionItemKind::KEYWORD, form.usage());
                        it.sort_text = Some(format!("{order:02}"));
                        it
                    })
                })
                .collect()
        }
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
        Role::Code => codes::all()
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
        Role::Pool => view
            .ruleset
            .map(|ruleset| {
                // The pools of the game's expansions only: a base game has no shepherds.
                let descriptor = crate::rules::describe(ruleset);
                descriptor
                    .pools
                    .iter()
                    .enumerate()
                    .filter(|(pool, _)| descriptor.pool_in_play(*pool, &view.expansions))
                    .map(|(_, (name, n))| {
                        let word = crate::rules::pool_word(name);
                        item(
                            word,
                            CompletionItemKind::ENUM_MEMBER,
                            format!("a supply: {n} at the start"),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default(),
        Role::Variant => view
            .ruleset
            .map(|ruleset| {
                crate::rules::describe(ruleset)
                    .variants
                    .iter()
                    .map(|v| item(v.name, CompletionItemKind::PROPERTY, v.help))
                    .collect()
            })
            .unwrap_or_default(),
        Role::VariantValue => view
            .ruleset
            .and_then(|ruleset| {
                let name = args.first()?;
                let variant = crate::rules::describe(ruleset)
                    .variants
                    .iter()
                    .find(|v| v.name == *name)?;
                Some(
                    variant
                        .values
                        .iter()
                        .enumerate()
                        .map(|(i, value)| {
                            let detail = if i == 0 { "the default" } else { "" };
                            item(*value, CompletionItemKind::ENUM_MEMBER, detail)
                        })
                        .collect(),
                )
            })
            .unwrap_or_default(),
        Role::Other if *keyword == "expect" && args.first() == Some(&"scored") && index >= 2 => {
            scored_completion(args, index, state())
        }
        _ => Vec::new(),
    }
}

/// `expect scored <player> <feature> <n>`: the feature kinds the player scored so far (each
/// scoring's family, which the expectation matches), then the points of the player's scorings
/// of that kind (a payment's payer: less them), each with its breakdown.
fn scored_completion(
    args: &[&str],
    index: usize,
    state: Option<state::LineState>,
) -> Vec<CompletionItem> {
    let (Some(player), Some(state)) = (args.get(1), state) else {
        return Vec::new();
    };
    let theirs = state
        .scorings
        .iter()
        .filter_map(|event| Some((event, event.points_of(player)?)));
    let mut items: Vec<CompletionItem> = Vec::new();
    let mut add = |label: String, detail: String| {
        if !items.iter().any(|it| it.label == label) {
            items.push(item(label, CompletionItemKind::VALUE, detail));
        }
    };
    for (event, points) in theirs {
        let kind = event.family.as_str();
        match index {
            2 => add(kind.to_string(), event.breakdown.clone()),
            3 if args.get(2) == Some(&kind) => add(points.to_string(), event.breakdown.clone()),
            _ => {}
        }
    }
    items
}

fn figure_completion(view: &GameView<'_>, state: Option<state::LineState>) -> Vec<CompletionItem> {
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
    state: Option<state::LineState>,
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
    // The legal deployments are those of the tile just placed: they mark a `deploy`'s targets,
    // those of the figure the statement names once it names one (`deploy thief on `: the
    // roads, not the cities a knight would take).
    let figure = view
        .words
        .iter()
        .find(|w| w.statement == statement && w.role == Role::Figure)
        .map(|w| w.text.as_str());
    let legal: Vec<String> = state
        .filter(|_| is_deploy || !names_position)
        .map(|s| {
            s.deployments
                .iter()
                .filter(|(kind, _)| figure.is_none_or(|figure| figure == *kind))
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
                // A place on the tile, not a field of a record (the kind "Field" reads as
                // Carcassonne's field in editors that show the kind): a value of the statement.
                CompletionItemKind::VALUE,
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

fn placement_completion(state: Option<state::LineState>) -> Vec<CompletionItem> {
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
    let mut items: Vec<CompletionItem> = crate::shipped::names()
        .map(|name| item(name, CompletionItemKind::MODULE, "shipped tile set"))
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
