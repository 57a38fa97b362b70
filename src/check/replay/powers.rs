//! The moves and expectations of the powers of the 2020 Hunters and Gatherers tiles: the
//! shaman's `return` (one of the player's own figures back to the supply) and `expect covered`
//! (the animals the hunting traps covered). What the powers do is the ruleset's
//! (`src/rules/hunters_gatherers_2020/`), the `return` itself the runner's
//! (`src/play/transition.rs`); this maps the text to it and reports.

use super::{Replay, label};
use crate::codes;
use crate::model::{FeatureRef, Pos};

impl Replay<'_> {
    /// `return <figure> at <x>,<y> on <feature>`: the shaman takes one of the player's own
    /// figures back to the supply.
    pub(super) fn take_back(&mut self, figure: &str, pos: Pos, target: &FeatureRef) {
        if self.unknown_drawn {
            // The shaman's tile, if it was one, is the unknown tile: nothing to check it against.
            return;
        }
        let Some(turn) = self.game.turn.as_ref() else {
            return;
        };
        let player = turn.player;
        let name = self.player_name(player).to_string();
        if !self.game.take_back_due() {
            let why = match turn.placed.as_ref() {
                None => "no tile was placed in this turn yet".to_string(),
                Some(p) if p.took_back.is_some() => {
                    "the tile already took a figure back".to_string()
                }
                Some(p) if p.deployed || p.settled => "the tile's figure step is over".to_string(),
                Some(p) => format!(
                    "tile `{}` has no power that takes a figure back",
                    self.game.engine.tile_of(p.placement).id
                ),
            };
            self.report(
                &codes::RETURN_NOT_ALLOWED,
                format!("{name} may not take a figure back here"),
                &why,
                "`return` follows the `place` of a tile with the shaman, once, before `deploy` or `pass`",
            );
            return;
        }
        let Some(spec) = self.figure_spec(figure) else {
            return;
        };
        let Some(placement) = self.game.engine.at(pos) else {
            self.report(
                &codes::NO_FIGURE_TO_RETURN,
                format!("no tile lies at {pos}"),
                "no figure can stand there",
                "name where the figure stands: `return hunter at 2,1 on N`",
            );
            return;
        };
        let Some(node) = self.resolve_target(placement, target, spec.stands_on) else {
            return;
        };
        let standing = self.game.figure_at(player, spec.kind.0, node);
        let Some(id) = standing else {
            let others: Vec<String> = self
                .game
                .engine
                .figures
                .iter()
                .filter(|f| f.on_board && f.node == node && f.kind == spec.kind)
                .map(|f| self.script.players[f.player].clone())
                .collect();
            let why = if others.is_empty() {
                format!("no {figure} stands on {target} at {pos}")
            } else {
                format!("the {figure} there is {}'s", others.join(", "))
            };
            self.report(
                &codes::NO_FIGURE_TO_RETURN,
                format!("{name} has no {figure} at {pos} on {target}"),
                &why,
                "the shaman takes back one of the player's own figures on the board",
            );
            return;
        };
        if !self
            .game
            .rules
            .takes_back(&self.game.engine.figures[id as usize])
        {
            let deployed = self.figure_steps[id as usize];
            self.report(
                &codes::NOT_RETURNABLE,
                format!("{name}'s {figure} cannot be taken back"),
                "huts stay all game",
                "the shaman takes back a meeple (gatherer, fisherman or hunter), not a hut",
            )
            .secondary
            .extend(label(deployed, "the hut was built here"));
            return;
        }
        self.game.apply_return(id, spec.pool);
    }

    /// `expect covered <animal> <n> ...`
    pub(super) fn expect_covered(&mut self, animals: &[(String, u32)]) {
        let Some(covered) = self.game.rules.covered_animals() else {
            self.failed += 1;
            self.report(
                &codes::COVERED_MISMATCH,
                "this ruleset covers no animals".into(),
                "this expectation does not hold",
                "`expect covered` counts the animals the hunting traps of `hunters-gatherers-2020` covered",
            );
            return;
        };
        let count = |animal: &str| match animal {
            "deer" => covered.deer,
            "aurochs" => covered.aurochs,
            "mammoth" => covered.mammoths,
            _ => covered.tigers,
        };
        let wrong: Vec<String> = animals
            .iter()
            .filter(|(animal, n)| count(animal) != *n)
            .map(|(animal, n)| format!("{} {animal} covered, the game expects {n}", count(animal)))
            .collect();
        let message = wrong.join("; ");
        if wrong.is_empty() {
            self.passed += 1;
        } else {
            self.failed += 1;
            self.report(
                &codes::COVERED_MISMATCH,
                message,
                "this expectation does not hold",
                &format!("covered so far: {}", covered.describe()),
            );
        }
    }
}
