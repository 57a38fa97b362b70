//! The take-back of a figure: `return` (one of the player's own figures back to the
//! supply: the 2020 shaman, the abbot). When a take-back is due and what it does is the
//! ruleset's (`Rules::take_back_due`, `Rules::play`), the `return` itself the runner's
//! (`crates/play/src/transition.rs`); this maps the text to it and reports.

use super::{Replay, label};
use crate::codes;
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
            self.report(
                refusal.code,
                format!("{name}{}", refusal.message),
                &refusal.label,
                &refusal.help,
            );
            return;
        }
        let help = self.game.rules.take_back_help();
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
}
