//! The moves and expectations of the powers of the 2020 Hunters and Gatherers tiles: the
//! shaman's `return` (one of the player's own figures back to the supply) and `expect covered`
//! (the animals the hunting traps covered). What the powers do is the ruleset's
//! (`src/rules/hunters_gatherers_2020/`); this maps the text to it and reports.

use super::moves::{board_anchor, halves};
use super::{Replay, label};
use crate::codes;
use crate::engine::NodeId;
use crate::model::{Anchor, AnchorClass, FeatureRef, Pos};

impl Replay<'_> {
    /// The figures of `pool` that `player` took back with the power of the tile just placed,
    /// when the ruleset keeps them off that tile (`variant shaman-figure-on-tile forbidden`).
    pub(super) fn taken_back_now(&self, player: usize, pool: usize) -> u32 {
        if self.rules.taken_back_figure_on_tile() {
            return 0;
        }
        let taken = self
            .turn
            .as_ref()
            .and_then(|t| t.placed.as_ref())
            .filter(|p| !p.settled)
            .and_then(|p| p.took_back);
        u32::from(taken == Some((player, pool)))
    }

    /// Whether the turn's player may take a figure back now: the tile just placed has the
    /// power, and neither a figure step nor another `return` followed it.
    pub(crate) fn take_back_due(&self) -> bool {
        let Some(placed) = self.turn.as_ref().and_then(|t| t.placed.as_ref()) else {
            return false;
        };
        !placed.deployed
            && !placed.settled
            && placed.took_back.is_none()
            && self
                .rules
                .may_take_back(self.engine.tile_of(placed.placement))
    }

    /// `return <figure> at <x>,<y> on <feature>`: the shaman takes one of the player's own
    /// figures back to the supply.
    pub(super) fn take_back(&mut self, figure: &str, pos: Pos, target: &FeatureRef) {
        let Some(turn) = self.turn.as_ref() else {
            return;
        };
        let player = turn.player;
        let name = self.player_name(player).to_string();
        if !self.take_back_due() {
            let why = match turn.placed.as_ref() {
                None => "no tile was placed in this turn yet".to_string(),
                Some(p) if p.took_back.is_some() => {
                    "the tile already took a figure back".to_string()
                }
                Some(p) if p.deployed || p.settled => "the tile's figure step is over".to_string(),
                Some(p) => format!(
                    "tile `{}` has no power that takes a figure back",
                    self.engine.tile_of(p.placement).id
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
        let Some(placement) = self.engine.at(pos) else {
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
        let standing = self.figure_at(player, spec.kind.0, node);
        let Some(id) = standing else {
            let others: Vec<String> = self
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
        if !self.rules.takes_back(&self.engine.figures[id as usize]) {
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
        self.apply_return(id, spec.pool);
    }

    /// How many powers acted in the game so far.
    pub(crate) fn powers_used(&self) -> u32 {
        self.rules.powers_used()
    }

    /// Every figure the turn's player may take back now, as `return` names it: figure, the
    /// position of its tile and the feature (empty unless a `return` is due).
    pub(crate) fn legal_returns(&self) -> Vec<(&'static str, Pos, FeatureRef)> {
        let Some(player) = self.turn.as_ref().map(|t| t.player) else {
            return Vec::new();
        };
        if !self.take_back_due() {
            return Vec::new();
        }
        let mut returns = Vec::new();
        for figure in &self.engine.figures {
            if !figure.on_board || figure.player != player || !self.rules.takes_back(figure) {
                continue;
            }
            let Some(spec) = self.rules.figure(figure.kind.0) else {
                continue;
            };
            let (placement, feature) = self.engine.origin(figure.node);
            if let Some(target) = self.name_feature(placement, feature, spec.stands_on) {
                let pos = self.engine.placement(placement).pos;
                returns.push((spec.kind.0, pos, target));
            }
        }
        returns
    }

    /// A name of feature `feature` of a placement that the checker reads back as that very
    /// feature: its anchors in board orientation, or else its label.
    fn name_feature(
        &self,
        placement: crate::engine::PlacementId,
        feature: usize,
        stands_on: &[crate::model::FeatureKind],
    ) -> Option<FeatureRef> {
        let placed = self.engine.placement(placement);
        let compiled = &self.engine.tile_of(placement).features[feature];
        let anchors: Vec<Anchor> = compiled
            .anchors
            .iter()
            .map(|a| board_anchor(*a, placed.rotation))
            .collect();
        let by_anchors = match (compiled.kind.anchor_class(), anchors.as_slice()) {
            (_, [single]) => FeatureRef::Anchor(*single),
            (AnchorClass::Area, _) => FeatureRef::Anchors(halves(&anchors)),
            _ => FeatureRef::Anchors(anchors),
        };
        let names_it =
            |target: &FeatureRef| self.locate(placement, target, stands_on) == Ok(feature);
        if names_it(&by_anchors) {
            return Some(by_anchors);
        }
        compiled
            .label
            .as_ref()
            .map(|l| FeatureRef::Label(l.clone()))
            .filter(|by_label| names_it(by_label))
    }

    /// The player's figure of `kind` standing on `node`, if any.
    fn figure_at(
        &self,
        player: usize,
        kind: &str,
        node: NodeId,
    ) -> Option<crate::engine::FigureId> {
        self.engine
            .figures
            .iter()
            .position(|f| f.on_board && f.player == player && f.kind.0 == kind && f.node == node)
            .map(|i| i as crate::engine::FigureId)
    }

    /// `expect covered <animal> <n> ...`
    pub(super) fn expect_covered(&mut self, animals: &[(String, u32)]) {
        let Some(covered) = self.rules.covered_animals() else {
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
