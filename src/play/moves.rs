//! What a player may do next, read off the game's state and asked of the ruleset: the move
//! generator that the simulator plays with (`carcspec simulate`). The ruleset says which
//! occupations are legal; this file names them as the game language does, so that the
//! checker reads every move back as the move the generator chose.

use std::sync::OnceLock;

use super::game::Game;
use crate::engine::{Engine, FigureId, NodeId, PlacementId, Rotation};
use crate::model::{Anchor, AnchorClass, FeatureKind, FeatureRef, Half};
use crate::rules::{Move, Standing};

/// A legal deployment on the tile just placed, as the game language names it: an occupation
/// the ruleset allows, with the feature written so that the checker reads it back.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Deployment {
    pub figure: &'static str,
    pub target: FeatureRef,
    pub kind: FeatureKind,
    pub node: NodeId,
}

/// What the move generator works out once for a tile laid in a rotation (a slot): which
/// figures in play may stand on each feature, and how the game language names it.
///
/// It depends only on the catalog and the ruleset's figures, so a game keeps it from game to
/// game, and its copies share it: the search plays thousands of copies a decision, and when
/// each copy cloned the tables and worked out again the slots it met, that was a tenth of the
/// search's time.
#[derive(Debug)]
pub(crate) struct SlotTable {
    /// The standings (`rules::standings`) whose features the game language can name for their
    /// figure: the generator offers no deployment it could not write.
    standings: Vec<Standing>,
    /// The name of each of them, by feature and figure (`None` for the others).
    names: Vec<Option<FeatureRef>>,
}

/// A legal deployment as [`Game::offered_deployments`] lists it: its feature's name stays in
/// the game's table of names ([`Game::target_of`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Offered {
    pub figure: &'static str,
    pub kind: FeatureKind,
    pub node: NodeId,
    /// The (tile and rotation, feature and figure) entry of the name.
    name: (usize, usize),
}

impl Game {
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
        match self.slot_tables[slot]
            .get()
            .map(|table| &table.names[index])
        {
            Some(Some(target)) => target,
            // `offered_deployments` offers only features it could name.
            _ => unreachable!("an offered deployment of a feature without a name"),
        }
    }

    /// The legal deployments of [`Game::legal_deployments`], into `into` (emptied first),
    /// with their features' names left in the game's table: the simulator asks for them on
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
            // of `figure_names`: the same for every tile of the game, and for every game that
            // keeps its ruleset and setup.
            let descriptor = crate::rules::descriptor::describe(self.setup.ruleset);
            let in_play = |figure: &str| {
                descriptor
                    .missing_expansion_for(figure, &self.setup.expansions)
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
                self.slot_tables = std::sync::Arc::new([]);
            }
            // A slot for each tile in each rotation, empty until the tile is laid so.
            let slots = self.engine.catalog.len() * 4;
            if self.slot_tables.len() != slots {
                self.slot_tables = (0..slots).map(|_| OnceLock::new()).collect();
            }
            self.figures_checked = true;
        }
        // The figures usable per pool, with the turn as the ruleset sees it looked at once.
        let mut usable = std::mem::take(&mut self.usable);
        usable.clear();
        let view = self.turn_view();
        usable.extend(
            (0..self.pools().len()).map(|pool| self.usable_figures_in(view.as_ref(), player, pool)),
        );
        let tile = *self.engine.placement(placement);
        let slot = tile.tile * 4 + usize::from(tile.rotation.0);
        let table = self.slot_tables[slot].get_or_init(|| self.slot_table(placement));
        let mut occupations = std::mem::take(&mut self.occupations);
        self.rules.legal_occupations(
            &mut self.engine,
            placement,
            &table.standings,
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

    /// The [`SlotTable`] of the tile of `placement` in its rotation.
    fn slot_table(&self, placement: PlacementId) -> SlotTable {
        let tile = &self.engine.catalog[self.engine.placement(placement).tile];
        let mut standings = Vec::new();
        crate::rules::standings(tile, &self.figures_in_play, &mut standings);
        let figures = self.figures_in_play.len();
        let mut names = vec![None; tile.features.len() * figures];
        // Where the ruleset lets no figure stand (the water of The River, the volcano lake).
        standings.retain(|standing| {
            self.rules
                .deployment_violation(tile, standing.kind)
                .is_none()
        });
        standings.retain(|standing| {
            let named = self
                .rules
                .figure(standing.figure)
                .and_then(|spec| self.name_feature(placement, standing.feature, spec.stands_on));
            let nameable = named.is_some();
            names[standing.feature * figures + standing.figure_index] = named;
            nameable
        });
        SlotTable { standings, names }
    }

    /// The feature (index on its tile) that a deployment's target names on a placement:
    /// `Err` with the candidates when it names several (an anchor shared by two lakes), `Err`
    /// with none when it names nothing.
    pub(crate) fn locate(
        &self,
        placement: PlacementId,
        target: &FeatureRef,
        stands_on: &[FeatureKind],
    ) -> Result<usize, Vec<usize>> {
        let placed = *self.engine.placement(placement);
        let tile = &self.engine.catalog[placed.tile];
        let accept = |k| stands_on.contains(&k);
        let feature = match target {
            FeatureRef::Anchor(anchor) => {
                let in_tile = placed.rotation.anchor_to_tile(*anchor);
                // Two features the figure may stand on that claim the anchor as their own (two
                // lakes at `I`): the anchor alone does not say which is meant.
                if tile
                    .features_claiming_directly(in_tile, accept)
                    .nth(1)
                    .is_some()
                {
                    return Err(tile.features_claiming_directly(in_tile, accept).collect());
                }
                tile.feature_at(in_tile, accept)
            }
            FeatureRef::Anchors(named) => {
                let in_tile = named.iter().map(|a| placed.rotation.anchor_to_tile(*a));
                tile.feature_claiming(in_tile, accept)
            }
            FeatureRef::Label(label) => tile.feature_by_label(label),
        };
        feature.ok_or_else(Vec::new)
    }

    /// A name of feature `feature` of a placement, for a figure that stands on `stands_on`,
    /// that the checker reads back as that very feature: its anchors in board orientation,
    /// or else its label where the anchors name several features (the two lakes at `I` of
    /// `HG/83`); `None` for a feature that neither names.
    fn name_feature(
        &self,
        placement: PlacementId,
        feature: usize,
        stands_on: &[FeatureKind],
    ) -> Option<FeatureRef> {
        let by_anchors = feature_name(&self.engine, placement, feature);
        let names_it =
            |target: &FeatureRef| self.locate(placement, target, stands_on) == Ok(feature);
        if names_it(&by_anchors) {
            return Some(by_anchors);
        }
        self.engine.tile_of(placement).features[feature]
            .label
            .as_ref()
            .map(|l| FeatureRef::Label(l.clone()))
            .filter(|by_label| names_it(by_label))
    }

    /// Whether `return` can name the figure `id` (its kind, the position of its tile, its
    /// feature): the runner offers no take-back whose move it could not write.
    pub(super) fn names_return(&self, id: FigureId) -> bool {
        let figure = &self.engine.figures[id as usize];
        let Some(spec) = self.rules.figure(figure.kind.0) else {
            return false;
        };
        // Only a figure on a feature is named by `return … on <feature>`.
        let Some(node) = figure.node() else {
            return false;
        };
        let (placement, feature) = self.engine.origin(node);
        self.name_feature(placement, feature, spec.stands_on)
            .is_some()
    }

    /// The player's figure of `kind` standing on `node`, if any.
    pub(crate) fn figure_at(&self, player: usize, kind: &str, node: NodeId) -> Option<FigureId> {
        self.engine
            .figures
            .iter()
            .position(|f| {
                f.on_board && f.player == player && f.kind.0 == kind && f.node() == Some(node)
            })
            .map(|i| i as FigureId)
    }
}

/// How the game language names feature `feature` of a placement by its anchors in board
/// orientation: its one anchor, or all of them (an area's whole sides as halves, so that a
/// whole side is not read as a road in its middle).
fn feature_name(engine: &Engine, placement: PlacementId, feature: usize) -> FeatureRef {
    let placed = engine.placement(placement);
    let compiled = &engine.catalog[placed.tile].features[feature];
    let anchors: Vec<Anchor> = compiled
        .anchors
        .iter()
        .map(|a| board_anchor(*a, placed.rotation))
        .collect();
    match (compiled.kind.anchor_class(), anchors.as_slice()) {
        (_, [single]) => FeatureRef::Anchor(*single),
        (AnchorClass::Area, _) => FeatureRef::Anchors(halves(&anchors)),
        _ => FeatureRef::Anchors(anchors),
    }
}

/// How a deployment names the feature of `node` in board orientation, as the move generator
/// writes targets (by its anchors).
pub(crate) fn feature_target(engine: &Engine, node: NodeId) -> FeatureRef {
    let (placement, feature) = engine.origin(node);
    feature_name(engine, placement, feature)
}

/// An anchor of a tile turned by `rotation`, in board orientation.
fn board_anchor(anchor: Anchor, rotation: Rotation) -> Anchor {
    match anchor {
        Anchor::Side(side) => Anchor::Side(rotation.to_board(side)),
        Anchor::Half(side, half) => Anchor::Half(rotation.to_board(side), half),
        Anchor::Inner => Anchor::Inner,
    }
}

/// An area's anchors as half-sides, so that a whole side is not read as a road in its middle.
fn halves(anchors: &[Anchor]) -> Vec<Anchor> {
    anchors
        .iter()
        .flat_map(|anchor| match anchor {
            Anchor::Side(side) => vec![Anchor::Half(*side, Half::L), Anchor::Half(*side, Half::R)],
            other => vec![*other],
        })
        .collect()
}

impl Game {
    /// The game-language move of a ruleset move (the simulator writes its moves as text); a
    /// take-back names its figure where it stands (or stood: the figure is named after it
    /// left the board too).
    pub(crate) fn action_of(&self, mv: Move) -> crate::model::Action {
        use crate::model::Action;
        match mv {
            Move::FlockToken(token) => Action::Flock { token },
            Move::Grow(token) => Action::Grow { token },
            Move::Stable => Action::Stable,
            Move::TakeBack(id) => {
                let figure = &self.engine.figures[id as usize];
                // Offered only for a figure `names_return` names: one on a feature.
                let node = figure
                    .node()
                    .expect("a figure taken back stands on a feature");
                let (placement, feature) = self.engine.origin(node);
                let target = self
                    .rules
                    .figure(figure.kind.0)
                    .and_then(|spec| self.name_feature(placement, feature, spec.stands_on))
                    .unwrap_or_else(|| feature_name(&self.engine, placement, feature));
                Action::Return {
                    figure: figure.kind.0.into(),
                    pos: self.engine.placement(placement).pos,
                    target,
                }
            }
        }
    }
}
