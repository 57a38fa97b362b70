//! What a player may do next, read off the replay's state and asked of the ruleset: the move
//! generator that the simulator plays with (`carcspec simulate`), and that keeps it to the
//! same rules as the checker. The ruleset says which occupations are legal; this file names
//! them as the game language does.

use super::Replay;
use crate::engine::{Engine, NodeId, Rotation};
use crate::model::{Anchor, AnchorClass, FeatureKind, FeatureRef, Half};

/// A legal deployment on the tile just placed, as the game language names it: an occupation
/// the ruleset allows, with the feature written so that the checker reads it back.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Deployment {
    pub figure: &'static str,
    pub target: FeatureRef,
    pub kind: FeatureKind,
    pub node: NodeId,
}

/// A legal deployment as [`Replay::offered_deployments`] lists it: its feature's name stays in
/// the replay's table of names ([`Replay::target_of`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Offered {
    pub figure: &'static str,
    pub kind: FeatureKind,
    pub node: NodeId,
    /// The (tile and rotation, feature and figure) entry of the name.
    name: (usize, usize),
}

impl Replay<'_> {
    pub(crate) fn engine(&self) -> &Engine {
        &self.engine
    }

    pub(crate) fn engine_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// Wolves drawn so far (Hills & Sheep).
    pub(crate) fn bag_wolves_drawn(&self) -> usize {
        self.rules.bag().map_or(0, |(_, wolves)| wolves)
    }

    /// The moves the ruleset's own decision offers.
    pub(crate) fn offers(&self, decision: crate::rules::Decision) -> Vec<crate::rules::Offer> {
        self.rules.offers(decision)
    }

    /// Copies left in the stacks, per catalog index.
    pub(crate) fn stack(&self) -> &[u32] {
        &self.stack
    }

    pub(crate) fn scores(&self) -> &[i64] {
        &self.scores
    }

    /// How many findings the replay has reported so far.
    pub(crate) fn findings(&self) -> usize {
        self.diagnostics.len()
    }

    /// The first error among the findings from index `from` on.
    pub(crate) fn first_error_since(&self, from: usize) -> Option<&crate::diagnostic::Diagnostic> {
        self.diagnostics
            .get(from..)
            .and_then(|found| found.iter().find(|d| d.is_error()))
    }

    /// Whether the turn's player now draws a bonus tile (a gold forest was completed).
    pub(crate) fn bonus_due(&self) -> bool {
        self.turn_view()
            .is_some_and(|turn| self.rules.bonus_turn_due(&turn))
    }

    /// Every legal deployment on the tile just placed: each feature and each figure that may
    /// stand there, from the supply, on a feature no figure blocks.
    pub(crate) fn legal_deployments(&mut self) -> Vec<Deployment> {
        let mut offered = Vec::new();
        self.offered_deployments(&mut offered);
        offered
            .iter()
            .map(|o| Deployment {
                figure: o.figure,
                target: self.target_of(o).clone(),
                kind: o.kind,
                node: o.node,
            })
            .collect()
    }

    /// The feature an offered deployment names, as the game language writes it.
    pub(crate) fn target_of(&self, offered: &Offered) -> &FeatureRef {
        let (slot, index) = offered.name;
        match &self.target_names[slot][index] {
            Some(Some(target)) => target,
            // `offered_deployments` offers only features it could name.
            _ => unreachable!("an offered deployment of a feature without a name"),
        }
    }

    /// The legal deployments of [`Replay::legal_deployments`], into `into` (emptied first),
    /// with their features' names left in the replay's table: the simulator asks for them on
    /// every tile placed and clones the name of the one it chooses only.
    pub(crate) fn offered_deployments(&mut self, into: &mut Vec<Offered>) {
        into.clear();
        let Some(turn) = self.turn.as_ref() else {
            return;
        };
        let player = turn.player;
        let Some(placed) = turn.placed.as_ref().filter(|p| !p.deployed && !p.settled) else {
            return;
        };
        let placement = placed.placement;
        if !self.figures_checked {
            // The ruleset's figures with the spec of each the game has in play, in the order
            // of `figure_names`: the same for every tile of the game, and for every game of a
            // replay that keeps its ruleset and setup.
            let descriptor = crate::rules::descriptor::describe(self.script.ruleset);
            let in_play = |figure: &str| {
                descriptor
                    .missing_expansion_for(figure, &self.script.expansions)
                    .is_none()
            };
            let rules = &self.rules;
            let figures: Vec<_> = rules
                .figure_names()
                .iter()
                .map(|name| (*name, rules.figure(name).filter(|_| in_play(name))))
                .collect();
            if figures != self.figures_in_play {
                // Other figures (a variant without farmers): the tables of the figures
                // before are no use.
                self.figures_in_play = figures;
                self.target_names.clear();
                self.standings.clear();
            }
            self.figures_checked = true;
        }
        // The figures usable per pool, with the turn as the ruleset sees it looked at once.
        let mut usable = std::mem::take(&mut self.usable);
        usable.clear();
        let view = self.turn_view();
        usable.extend(
            (0..self.rules.pools().len())
                .map(|pool| self.usable_figures_in(view.as_ref(), player, pool)),
        );
        let tile = *self.engine.placement(placement);
        let slot = tile.tile * 4 + usize::from(tile.rotation.0);
        if self.standings.len() <= slot {
            self.standings.resize(slot + 1, None);
        }
        if self.standings[slot].is_none() {
            let standings = self.nameable_standings(placement);
            self.standings[slot] = Some(standings);
        }
        let mut occupations = std::mem::take(&mut self.occupations);
        let standings = self.standings[slot].as_deref().unwrap_or_default();
        self.rules.legal_occupations(
            &mut self.engine,
            placement,
            standings,
            &usable,
            &mut occupations,
        );
        self.usable = usable;
        let figures = self.figures_in_play.len();
        into.extend(occupations.iter().map(|occupation| Offered {
            figure: occupation.figure,
            kind: occupation.kind,
            node: occupation.node,
            name: (slot, occupation.feature * figures + occupation.figure_index),
        }));
        self.occupations = occupations;
    }

    /// The standings (`rules::standings`) of the tile of `placement` whose features the game
    /// language can name for their figure, with each name worked out into `target_names`: the
    /// generator offers no deployment it could not write.
    fn nameable_standings(
        &mut self,
        placement: crate::engine::PlacementId,
    ) -> Vec<crate::rules::Standing> {
        let tile = *self.engine.placement(placement);
        let slot = tile.tile * 4 + usize::from(tile.rotation.0);
        let mut standings = Vec::new();
        crate::rules::standings(
            &self.engine.catalog[tile.tile],
            &self.figures_in_play,
            &mut standings,
        );
        let features = self.engine.catalog[tile.tile].features.len();
        let figures = self.figures_in_play.len();
        if self.target_names.len() <= slot {
            self.target_names.resize(slot + 1, Vec::new());
        }
        if self.target_names[slot].is_empty() {
            self.target_names[slot] = vec![None; features * figures];
        }
        standings.retain(|standing| {
            // How a feature is named depends only on the tile, its rotation and the figure:
            // worked out once per replay (and reused by the games a replay plays).
            let index = standing.feature * figures + standing.figure_index;
            if self.target_names[slot][index].is_none() {
                let named = self.name_target(placement, standing.figure, standing.feature);
                self.target_names[slot][index] = Some(named);
            }
            matches!(self.target_names[slot][index], Some(Some(_)))
        });
        standings
    }

    /// How the game language names the feature of an occupation on a placement, so that the
    /// checker reads it back as this very feature: by its anchors, or by its label where the
    /// anchors name several features (the two lakes at `I` of `HG/83`); `None` for a feature
    /// that neither names.
    fn name_target(
        &self,
        placement: crate::engine::PlacementId,
        figure: &str,
        feature: usize,
    ) -> Option<FeatureRef> {
        let tile = self.engine.placement(placement);
        let (rotation, tile_index) = (tile.rotation, tile.tile);
        let compiled = &self.engine.catalog[tile_index].features[feature];
        let anchors: Vec<Anchor> = compiled
            .anchors
            .iter()
            .map(|a| board_anchor(*a, rotation))
            .collect();
        let by_anchors = match (compiled.kind.anchor_class(), anchors.as_slice()) {
            (_, [single]) => FeatureRef::Anchor(*single),
            (AnchorClass::Area, _) => FeatureRef::Anchors(halves(&anchors)),
            _ => FeatureRef::Anchors(anchors),
        };
        let label = compiled.label.clone();
        let spec = self.rules.figure(figure)?;
        let names_this =
            |target: &FeatureRef| self.locate(placement, target, spec.stands_on) == Ok(feature);
        if names_this(&by_anchors) {
            Some(by_anchors)
        } else {
            label
                .map(FeatureRef::Label)
                .filter(|by_label| names_this(by_label))
        }
    }
}

/// An anchor of a tile turned by `rotation`, in board orientation.
pub(super) fn board_anchor(anchor: Anchor, rotation: Rotation) -> Anchor {
    match anchor {
        Anchor::Side(side) => Anchor::Side(rotation.to_board(side)),
        Anchor::Half(side, half) => Anchor::Half(rotation.to_board(side), half),
        Anchor::Inner => Anchor::Inner,
    }
}

/// An area's anchors as half-sides, so that a whole side is not read as a road in its middle.
pub(super) fn halves(anchors: &[Anchor]) -> Vec<Anchor> {
    anchors
        .iter()
        .flat_map(|anchor| match anchor {
            Anchor::Side(side) => vec![Anchor::Half(*side, Half::L), Anchor::Half(*side, Half::R)],
            other => vec![*other],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::check::build_catalog;
    use crate::engine::Pos;
    use crate::model::Script;

    /// The game `text` (tile sets next to the Hunters and Gatherers specs), lowered.
    fn script_of(text: &str) -> Script {
        let (file, diagnostics) = crate::syntax::game::parse(text);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        crate::lower::game::lower(&file).script.expect("a script")
    }

    /// The replay of `script` after its last step.
    fn replayed<'s>(script: &'s Script, text: &'s str) -> Replay<'s> {
        let mut diagnostics = Vec::new();
        let catalog = build_catalog(
            script,
            &[],
            Path::new("spec/hunters-gatherers"),
            &mut diagnostics,
        );
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        let rules = crate::rules::for_ruleset(script.ruleset, &[]);
        let mut replay = Replay::new(script, catalog, rules, text);
        replay.begin(true);
        for step in &script.steps {
            replay.apply(step);
        }
        replay
    }

    /// The reproducer: red completes blue's gold forest, blue's gatherer returns, and
    /// red's own tribe member — never used — may go on the bonus tile: the simulator offers it.
    #[test]
    fn another_players_returned_figure_does_not_block_the_bonus_tile() {
        let text = "ruleset hunters-gatherers\ntiles rulebook.tiles\nplayers red blue\n\
            lay MEADOW at 5,5\nput red hunter at 5,5 on N\nlay MEADOW at 7,5\nput red hunter at 7,5 on N\n\
            lay MEADOW at 9,5\nput red hunter at 9,5 on N\nlay MEADOW at 11,5\nput red hunter at 11,5 on N\n\
            lay FOREST-END-GOLD at 0,0 r180\nput blue gatherer at 0,0 on E\n\
            turn red\ndraw FOREST-END\nplace at 1,0\npass\nbonus B-AUROCHS\nplace at 0,1\n";
        let script = script_of(text);
        let mut replay = replayed(&script, text);
        let deployments = replay.legal_deployments();
        assert!(
            deployments.iter().any(|d| d.figure == "hunter"),
            "{deployments:?}"
        );
    }

    /// Two lakes at `I` on one tile (as `HG/83`): the generator names each lake by its label,
    /// offers a hut only on the lake whose river system is free, and every target it writes
    /// resolves to the feature it checked.
    #[test]
    fn deployments_name_the_feature_they_checked() {
        let text = "ruleset hunters-gatherers\ntiles rulebook.tiles\nplayers red blue\n\
            tile TWO-LAKES x2 {\n  lake l1: I fish=2\n  lake l2: I fish=2\n  meadow: NL ER SL WR\n\
            river: N into=l1\n  meadow: NR EL\n  river: E into=l1\n  river: S into=l2\n\
            meadow: SR WL\n  river: W into=l2\n}\n\
            lay TWO-LAKES at 0,0\nput blue hut at 0,0 on l1\nturn red\ndraw TWO-LAKES\nplace at 1,0\n";
        let script = script_of(text);
        let mut replay = replayed(&script, text);
        let placement = replay.engine.at(Pos::new(1, 0)).expect("placed");
        let first_node = replay.engine.placement(placement).first_node;
        let deployments = replay.legal_deployments();
        for deployment in &deployments {
            let spec = replay.rules.figure(deployment.figure).expect("a figure");
            let feature = replay
                .locate(placement, &deployment.target, spec.stands_on)
                .expect("a target that names one feature");
            assert_eq!(
                first_node + feature as NodeId,
                deployment.node,
                "{deployment:?}"
            );
        }
        let huts: Vec<&FeatureRef> = deployments
            .iter()
            .filter(|d| d.figure == "hut" && d.kind == FeatureKind::Lake)
            .map(|d| &d.target)
            .collect();
        assert_eq!(huts, [&FeatureRef::Label("l1".into())]);
    }
}
