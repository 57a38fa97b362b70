//! Expectations about the state of the game rather than its points: a player's supply, where
//! a figure stands or that it is home, the sheep bag, an earned bonus tile.

use super::Replay;
use crate::codes;
use crate::engine::NodeId;
use crate::model::token_word;
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

    /// `expect supply <player> <pool> <n> ...`
    pub(super) fn expect_supply(&mut self, player: usize, pools: &[(String, u32)]) {
        let words: Vec<String> = self
            .game
            .pools()
            .iter()
            .map(|(name, _)| crate::rules::pool_word(name))
            .collect();
        let name = self.player_name(player).to_string();
        let mut wrong = Vec::new();
        for (pool, expected) in pools {
            match words.iter().position(|w| w == pool) {
                Some(index) if self.game.supply[player][index] == *expected => {}
                Some(index) => wrong.push(format!(
                    "{name} has {} {pool} in the supply, the game expects {expected}",
                    self.game.supply[player][index]
                )),
                None => wrong.push(format!("this game has no supply `{pool}`")),
            }
        }
        let actual: Vec<String> = words
            .iter()
            .zip(&self.game.supply[player])
            .map(|(w, n)| format!("{w} {n}"))
            .collect();
        self.holds(
            wrong.is_empty(),
            &codes::SUPPLY_MISMATCH,
            wrong.join("; "),
            &format!("{name}'s supply: {}", actual.join(", ")),
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

    /// `expect bag <token> <n> ...`
    pub(super) fn expect_bag(&mut self, tokens: &[(u32, u32)]) {
        // A game without Hills & Sheep's count holds the full bag.
        let full = crate::rules::carcassonne::Bag::default();
        let bag = crate::rules::carcassonne::Bag(std::array::from_fn(|token| {
            self.game
                .rules
                .count(crate::rules::carcassonne::BAG_COUNTS[token])
                .unwrap_or(full.0[token])
        }));
        let wrong: Vec<String> = tokens
            .iter()
            .filter(|(token, n)| bag.0.get(*token as usize) != Some(n))
            .map(|(token, n)| {
                format!(
                    "the bag holds {} {}, the game expects {n}",
                    bag.0.get(*token as usize).copied().unwrap_or(0),
                    token_word(*token)
                )
            })
            .collect();
        let contents: Vec<String> = [1, 2, 3, 4, 0]
            .iter()
            .map(|t| format!("{} {}", token_word(*t), bag.0[*t as usize]))
            .collect();
        self.holds(
            wrong.is_empty(),
            &codes::BAG_MISMATCH,
            wrong.join("; "),
            &format!("the bag: {}", contents.join(", ")),
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
