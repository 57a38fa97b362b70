//! Writes a game model ([`Script`]) in the game language: what `carcspec import` prints for a
//! JCloisterZone saved game. The text lowers back to the same moves and expectations.

use std::fmt::Write;

use crate::model::{Action, Expectation, MoveWordsRead, Script, TokenDraw};

/// A word as the game language reads it back: bare when it is one, quoted otherwise.
fn word(text: &str) -> String {
    let bare = !text.is_empty()
        && !text
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || "\"#;\\".contains(c));
    if bare {
        text.to_string()
    } else {
        super::tiles::quote(text)
    }
}

fn token(draw: &TokenDraw) -> String {
    match draw {
        TokenDraw::Token(token) => crate::model::token_word(*token),
        TokenDraw::Random(random) => format!("random {random}"),
    }
}

/// Writes `script` as a game file, with `origin` as its first line, a comment (where the game
/// comes from: "Imported by carcspec from game.jcz.", "Played by carcspec simulate, …").
pub fn print_script(script: &Script, origin: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(origin) = origin {
        let _ = writeln!(out, "# {origin}");
    }
    if let Some(title) = &script.title {
        let _ = writeln!(out, "game {}", super::tiles::quote(title));
    }
    if script.excerpt {
        let _ = writeln!(out, "excerpt");
    }
    let _ = writeln!(out, "ruleset {}", script.ruleset.name());
    for expansion in &script.expansions {
        let _ = writeln!(out, "expansion {expansion}");
    }
    for (name, value, _) in &script.variants {
        let _ = writeln!(out, "variant {name} {value}");
    }
    for (set, multiplier, _) in &script.tile_sets {
        let times = if *multiplier == 1 {
            String::new()
        } else {
            format!(" x{multiplier}")
        };
        let _ = writeln!(out, "tiles {}{times}", word(set));
    }
    if let Some((tile, _)) = &script.start {
        let _ = writeln!(out, "start {}", word(tile));
    }
    let players: Vec<String> = script.players.iter().map(|p| word(p)).collect();
    let _ = writeln!(out, "players {}", players.join(" "));
    if !script.supply.is_empty() {
        let pools: Vec<String> = script
            .supply
            .iter()
            .map(|(pool, count)| format!("{pool} {count}"))
            .collect();
        let _ = writeln!(out, "supply {}", pools.join(" "));
    }
    if !script.local_tiles.is_empty() {
        out.push('\n');
        out.push_str(&super::tiles::print_tiles(&script.local_tiles));
    }
    let player = |index: usize| word(script.players.get(index).map_or("?", String::as_str));
    let mut previous_was_setup = false;
    for step in &script.steps {
        let line = match &step.action {
            Action::Lay {
                tile,
                pos,
                rotation,
            } => format!("lay {} at {pos} {rotation}", word(tile)),
            Action::Put {
                player: p,
                figure,
                pos,
                target,
            } => {
                format!("put {} {figure} at {pos} on {target}", player(*p))
            }
            Action::Turn { player: p } => format!("\nturn {}", player(*p)),
            Action::Draw { tile } => format!("draw {}", word(tile)),
            Action::Discard => "discard".into(),
            Action::Place { pos, rotation } => format!("place at {pos} {rotation}"),
            Action::Deploy {
                figure,
                target,
                at: None,
            } => format!("deploy {figure} on {target}"),
            Action::Deploy {
                figure,
                target,
                at: Some(pos),
            } => format!("deploy {figure} at {pos} on {target}"),
            Action::Pass => "pass".into(),
            Action::Bonus { tile } => format!("bonus {}", word(tile)),
            Action::Under { tile } => {
                format!("under {}", tile.as_deref().map_or("?".to_string(), word))
            }
            Action::RulesetMove { keyword, arg } => ruleset_move_line(keyword, arg, &player),
            Action::End => "\nend".into(),
            Action::Stop => "\nstop".into(),
            Action::Expect(expectation) => expectation_line(expectation, &player),
        };
        let is_setup = matches!(step.action, Action::Lay { .. } | Action::Put { .. });
        if is_setup && !previous_was_setup {
            out.push('\n');
        }
        previous_was_setup = is_setup;
        let _ = writeln!(out, "{line}");
    }
    out
}

/// A ruleset's move as a line of the game language: its keyword and its words
/// (`crates/syntax/src/statements.rs`: `MoveWords`), as lowering reads them.
pub(crate) fn ruleset_move_line(
    keyword: &str,
    arg: &MoveWordsRead,
    player: &dyn Fn(usize) -> String,
) -> String {
    match arg {
        MoveWordsRead::Nothing => keyword.to_string(),
        MoveWordsRead::Token(draw) => format!("{keyword} {}", token(draw)),
        MoveWordsRead::Standing {
            figure,
            pos,
            target,
        } => format!("{keyword} {figure} at {pos} on {target}"),
        MoveWordsRead::Owned {
            player: owner,
            figure,
            pos,
            target,
        } => format!("{keyword} {} {figure} at {pos} on {target}", player(*owner)),
        MoveWordsRead::Held { figure, holder } => {
            format!("{keyword} {figure} from {}", player(*holder))
        }
        MoveWordsRead::Position(pos) => format!("{keyword} at {pos}"),
        MoveWordsRead::Placement(pos, rotation) => {
            format!("{keyword} at {pos} {rotation}")
        }
        MoveWordsRead::Place { pos, target } => format!("{keyword} at {pos} on {target}"),
        MoveWordsRead::Supplied { figure, pos } => format!("{keyword} {figure} at {pos}"),
    }
}

/// One expectation as a line of the game language (`expect placements …`, as `carcspec fit` prints it).
pub fn expectation_line(expectation: &Expectation, player: &dyn Fn(usize) -> String) -> String {
    let scores = |list: &[(usize, i64)]| {
        list.iter()
            .map(|(p, n)| format!("{} {n}", player(*p)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match expectation {
        Expectation::Score(list) => format!("expect score {}", scores(list)),
        Expectation::Total(list) => format!("expect total {}", scores(list)),
        Expectation::Final(list) => format!("expect final {}", scores(list)),
        Expectation::Winner(winners) => {
            let names: Vec<String> = winners.iter().map(|p| player(*p)).collect();
            format!("expect winner {}", names.join(" "))
        }
        Expectation::Violation(name) => format!("expect violation {}", word(name)),
        Expectation::Placements { tile, placements } if placements.is_empty() => {
            format!("expect placements {} none", word(tile))
        }
        Expectation::Placements { tile, placements } => {
            let list: Vec<String> = placements.iter().map(|(p, r)| format!("{p} {r}")).collect();
            format!("expect placements {} at {}", word(tile), list.join(" "))
        }
        Expectation::Scored {
            player: p,
            feature,
            points,
        } => {
            format!("expect scored {} {} {points}", player(*p), word(feature))
        }
        Expectation::Supply(supplies) => {
            let supplies: Vec<String> = supplies
                .iter()
                .map(|(p, pools)| {
                    let pools: Vec<String> = pools
                        .iter()
                        .map(|(pool, n)| format!("{pool} {n}"))
                        .collect();
                    format!("{} {}", player(*p), pools.join(" "))
                })
                .collect();
            format!("expect supply {}", supplies.join(" "))
        }
        Expectation::Figure {
            player: p,
            figure,
            pos,
            target,
            home,
        } => format!(
            "expect {} {} {figure} at {pos} on {target}",
            if *home { "home" } else { "stands" },
            player(*p)
        ),
        Expectation::Counted {
            kind,
            player: whose,
            counts,
        } => {
            let mut words: Vec<String> = whose.map(player).into_iter().collect();
            words.extend(counts.iter().map(|(name, n)| format!("{name} {n}")));
            format!("expect {kind} {}", words.join(" "))
        }
        Expectation::Bonus(earned) => {
            format!("expect bonus {}", if *earned { "earned" } else { "none" })
        }
        Expectation::Harness(text) => {
            format!("expect jcloisterzone {}", super::tiles::quote(text))
        }
        Expectation::Unsupported(text) => {
            format!("expect unsupported {}", super::tiles::quote(text))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counted expectation is written as lowering reads it: the player first for a kind
    /// counted for each player, none for the game's counts.
    #[test]
    fn a_counted_expectation_names_its_player_when_it_has_one() {
        let player = |index: usize| ["red", "blue"][index].to_string();
        let counted = |whose| Expectation::Counted {
            kind: "goods",
            player: whose,
            counts: vec![("wine", 2), ("cloth", 0)],
        };
        assert_eq!(
            expectation_line(&counted(Some(1)), &player),
            "expect goods blue wine 2 cloth 0"
        );
        assert_eq!(
            expectation_line(&counted(None), &player),
            "expect goods wine 2 cloth 0"
        );
    }
}
