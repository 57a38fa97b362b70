//! The take-back of a figure: `return` (one of the player's own figures back to the
//! supply: the 2020 shaman, the abbot). When a take-back is due and what it does is the
//! ruleset's (`Rules::take_back_due`, `Rules::play`), the `return` itself the runner's
//! (`crates/play/src/transition.rs`); this maps the text to it and reports.

use super::{Replay, label};
use crate::codes;
use crate::engine::NodeId;
use crate::model::{FeatureRef, Pos};

impl Replay<'_> {
    /// `return <figure> at <x>,<y> on <feature>`: the player takes one of their own figures
    /// back to the supply, as the figure step allows (the 2020 shaman, the abbot). The ruleset
    /// says whether a take-back is due and which figures it takes; this maps the text to the
    /// figure and reports, and the runner plays the move.
    pub(super) fn take_back(&mut self, figure: &str, pos: Pos, target: &FeatureRef) {
        if self.unknown_drawn {
            // The tile that allowed it, if it did, is the unknown tile: nothing to check it
            // against.
            return;
        }
        let Some(view) = self.game.turn_view() else {
            return;
        };
        let player = view.player;
        let name = self.player_name(player).to_string();
        if !self.game.take_back_due() {
            let refusal = self.game.rules.take_back_not_due(&self.game.engine, &view);
            // Another player's figure named: say whose it is, and who may take it back.
            let owners = self.owners_of(figure, pos, target);
            let label = match owners.as_slice() {
                [] => refusal.label,
                owners if owners.contains(&player) => refusal.label,
                owners => {
                    let names: Vec<&str> = owners.iter().map(|&o| self.player_name(o)).collect();
                    format!(
                        "{}; the {figure} there is {}'s",
                        refusal.label,
                        names.join(" and ")
                    )
                }
            };
            self.report(
                refusal.code,
                format!("{name}{}", refusal.message),
                &label,
                &refusal.help,
            );
            return;
        }
        let help = crate::rules::describe(self.script.ruleset)
            .take_back_help
            .unwrap_or("a `return` takes back one of the player's own figures on the board");
        let Some(id) = self.standing_figure(
            player,
            figure,
            pos,
            target,
            &codes::NO_FIGURE_TO_RETURN,
            (
                "name where the figure stands: `return hunter at 2,1 on N`",
                help,
            ),
        ) else {
            return;
        };
        if let Some((refusal, deployed_label)) =
            self.game
                .rules
                .take_back_refused(&mut self.game.engine, &view, id)
        {
            let deployed = self.figure_steps[id as usize];
            self.report(
                refusal.code,
                format!("{name}{}", refusal.message),
                &refusal.label,
                &refusal.help,
            )
            .secondary
            .extend(label(deployed, deployed_label));
            return;
        }
        self.game.apply_take_back(id);
        self.sync();
    }

    /// The players whose `figure` stands where a `return` names, found without reporting
    /// anything (an unknown figure, tile or feature finds nobody).
    fn owners_of(&self, figure: &str, pos: Pos, target: &FeatureRef) -> Vec<usize> {
        let Some(spec) = self.game.rules.figure(figure) else {
            return Vec::new();
        };
        let Some(placement) = self.game.engine.at(pos) else {
            return Vec::new();
        };
        let Ok(feature) = self.game.locate(placement, target, spec.stands_on) else {
            return Vec::new();
        };
        let node = self.game.engine.placement(placement).first_node + feature as NodeId;
        let mut owners = self.players_with_figure_on(spec.kind, node);
        owners.dedup();
        owners
    }
}
