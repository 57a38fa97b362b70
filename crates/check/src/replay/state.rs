//! Expectations about the state of the game rather than its points: a player's supply, where
//! a figure stands or that it is home, the sheep bag, an earned bonus tile.

use super::Replay;
use crate::codes;
use crate::engine::NodeId;
use crate::model::{FeatureRef, Pos};

impl Replay<'_> {
    fn holds(&mut self, holds: bool, code: &'static codes::Code, message: String, help: &str) {
        if holds {
            self.passed += 1;
        } else {
            self.failed += 1;
            self.report(code, message, "this expectation does not hold", help);
        }
    }

    /// `expect supply (<player> (<pool> <n>)…)…`: one expectation, which holds when every
    /// pool named for every player holds; the help shows the supplies of the players named.
    pub(super) fn expect_supply(&mut self, supplies: &[(usize, Vec<(String, u32)>)]) {
        let words: Vec<String> = self
            .game
            .pools()
            .iter()
            .map(|(name, _)| crate::rules::pool_word(name))
            .collect();
        let mut wrong = Vec::new();
        let mut shown: Vec<usize> = Vec::new();
        for (player, pools) in supplies {
            let player = *player;
            let name = self.player_name(player).to_string();
            for (pool, expected) in pools {
                match words.iter().position(|w| w == pool) {
                    Some(index) if self.game.supply[player][index] == *expected => {}
                    Some(index) if !self.game.pool_in_play(index) => {
                        let descriptor = crate::rules::describe(self.script.ruleset);
                        let owner =
                            descriptor
                                .pool_owner(index)
                                .map_or(String::new(), |expansion| {
                                    format!(
                                        ": they are {}'s, and the game has no `expansion {}`",
                                        expansion.title, expansion.name
                                    )
                                });
                        wrong.push(format!(
                            "{name} has no {pool}{owner}; the game expects {expected}"
                        ))
                    }
                    Some(index) => wrong.push(format!(
                        "{name} has {} {pool} in the supply, the game expects {expected}",
                        self.game.supply[player][index]
                    )),
                    None => {
                        let message = format!("this game has no supply `{pool}`");
                        if !wrong.contains(&message) {
                            wrong.push(message);
                        }
                    }
                }
            }
            if !shown.contains(&player) {
                shown.push(player);
            }
        }
        let help: Vec<String> = shown
            .iter()
            .map(|&player| {
                let actual: Vec<String> = words
                    .iter()
                    .zip(&self.game.supply[player])
                    .enumerate()
                    .filter(|(index, _)| self.game.pool_in_play(*index))
                    .map(|(_, (w, n))| format!("{w} {n}"))
                    .collect();
                format!(
                    "{}'s supply: {}",
                    self.player_name(player),
                    actual.join(", ")
                )
            })
            .collect();
        self.holds(
            wrong.is_empty(),
            &codes::SUPPLY_MISMATCH,
            wrong.join("; "),
            &help.join("; "),
        );
    }

    /// `expect stands|home <player> <figure> at <x>,<y> on <feature>`
    pub(super) fn expect_figure(
        &mut self,
        player: usize,
        figure: &str,
        pos: Pos,
        target: &FeatureRef,
        home: bool,
    ) {
        let name = self.player_name(player).to_string();
        let what = format!("{name}'s {figure} at {pos} on {target}");
        let Some(spec) = self.game.rules.figure(figure) else {
            let figures = self.game.rules.figure_names().join(", ");
            self.holds(
                false,
                &codes::FIGURE_MISMATCH,
                format!("`{figure}` is not a figure of this game"),
                &format!("figures: {figures}"),
            );
            return;
        };
        let Some(placement) = self.game.engine.at(pos) else {
            self.holds(
                false,
                &codes::FIGURE_MISMATCH,
                format!("no tile lies at {pos}"),
                "name the position of a placed tile",
            );
            return;
        };
        let node = match self.locate(placement, target, spec.stands_on) {
            Ok(feature) => self.game.engine.placement(placement).first_node + feature as NodeId,
            Err(_) => {
                self.holds(
                    false,
                    &codes::FIGURE_MISMATCH,
                    format!("no single feature at `{target}` of the tile at {pos}"),
                    "name an anchor in board orientation, or a label of the tile",
                );
                return;
            }
        };
        let deployed: Vec<bool> = self
            .game
            .engine
            .figures
            .iter()
            .filter(|f| f.player == player && f.kind == spec.kind && f.node() == Some(node))
            .map(|f| f.on_board)
            .collect();
        let standing = deployed.iter().any(|on| *on);
        let (ok, message) = if home {
            (
                !deployed.is_empty() && !standing,
                if deployed.is_empty() {
                    format!("{what}: no such figure was ever deployed")
                } else {
                    format!("{what} still stands")
                },
            )
        } else {
            (standing, format!("{what} does not stand there"))
        };
        self.holds(
            ok,
            &codes::FIGURE_MISMATCH,
            message,
            "`stands` holds while the figure is on the board, `home` once it went back to the supply",
        );
    }

    /// `expect <kind> [<player>] (<name> <n>)…` of a counted expectation (`expect bag`,
    /// `expect covered`; the player for a kind counted for each player): the ruleset's counts ([`crate::rules::Rules::counted`]), reported as the
    /// statement table declares (`crates/syntax/src/statements.rs`).
    pub(super) fn expect_counted(
        &mut self,
        kind: &str,
        player: Option<usize>,
        expected: &[(&'static str, u32)],
    ) {
        let Some(declared) = crate::syntax::statements::counted_expectation(kind) else {
            unreachable!("`expect {kind}` is lowered from a counted expectation")
        };
        let Some(counts) = self.game.rules.counted(kind, player) else {
            self.holds(
                false,
                declared.code,
                declared.absent.to_string(),
                declared.absent_help,
            );
            return;
        };
        let count = |name: &str| {
            counts
                .counts
                .iter()
                .find(|(counted, _)| *counted == name)
                .map_or(0, |(_, n)| *n)
        };
        let wrong: Vec<String> = expected
            .iter()
            .filter(|(name, n)| count(name) != *n)
            .map(|(name, n)| {
                declared
                    .mismatch
                    .replace("{actual}", &count(name).to_string())
                    .replace("{name}", name)
                    .replace("{expected}", &n.to_string())
            })
            .collect();
        self.holds(
            wrong.is_empty(),
            declared.code,
            wrong.join("; "),
            &counts.in_words,
        );
    }

    /// `expect winner <player>...`: exactly the players with the most points, every one of
    /// them when several tie (“tied players share the victory”, 2020 rules digest §8).
    pub(super) fn expect_winner(&mut self, expected: &[usize]) {
        let best = self.game.scores.iter().copied().max().unwrap_or(0);
        let winners: Vec<usize> = (0..self.game.scores.len())
            .filter(|p| self.game.scores[*p] == best)
            .collect();
        let holds = expected.len() == winners.len() && expected.iter().all(|p| winners.contains(p));
        let names: Vec<String> = winners
            .iter()
            .map(|p| self.player_name(*p).to_string())
            .collect();
        let message = if names.len() == 1 {
            format!(
                "{} wins with {best} point{}",
                names[0],
                crate::diagnostic::plural(best)
            )
        } else {
            format!(
                "{} share the victory with {best} point{} each",
                names.join(" and "),
                crate::diagnostic::plural(best)
            )
        };
        self.holds(
            holds,
            &codes::FINAL_MISMATCH,
            message,
            "the winner has the most points after final scoring; tied players share the victory: name them all",
        );
    }

    /// `expect bonus earned|none`
    pub(super) fn expect_bonus(&mut self, earned: bool) {
        let actual = self.game.turn.as_ref().is_some_and(|t| t.bonus_earned);
        let wording = self.bonus_wording();
        let message = match wording {
            _ if actual => "this turn earned a bonus tile".to_string(),
            Some(wording) if self.game.bonus_left == 0 => format!(
                "this turn earned no bonus tile: {} is used up",
                wording.pile
            ),
            _ => "this turn earned no bonus tile".to_string(),
        };
        let help = match wording {
            Some(wording) => format!(
                "a turn earns a bonus tile when its land tile completes {}, while {} holds tiles",
                wording.earning, wording.pile
            ),
            None => format!(
                "{} has no bonus tiles: no turn earns one",
                crate::rules::describe(self.script.ruleset).title
            ),
        };
        self.holds(actual == earned, &codes::BONUS_MISMATCH, message, &help);
    }
}
