//! What a player may do next, read off the game's state and asked of the ruleset: the move
//! generator that the simulator plays with (`carcspec simulate`). The ruleset says which
//! occupations are legal; this file names them as the game language does, so that the
//! checker reads every move back as the move the generator chose.

use std::sync::OnceLock;

use super::game::Game;
use super::names::{Deployment, SlotTable, feature_name};
use crate::engine::{FigureId, NodeId, PlacementId, Spot};
use crate::model::{Anchor, AnchorClass, FeatureKind, FeatureRef, Half, MoveWordsRead, Pos};
use crate::rules::{Context, Move, MoveArg, Phase, TurnView};
use crate::syntax::statements::MoveWords;

/// A legal deployment as [`Game::offered_deployments`] lists it: its feature's name stays in
/// the game's table of names ([`Game::target_of`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Offered {
    pub figure: &'static str,
    pub kind: FeatureKind,
    pub node: NodeId,
    /// The tile the feature is on: the tile just placed, or one the ruleset opens to the
    /// figure step ([`crate::rules::Rules::deployment_tiles`]).
    placement: PlacementId,
    /// The (tile and rotation, feature and figure) entry of the name.
    name: (usize, usize),
}

impl Game {
    /// Every legal deployment on the tile just placed: each feature and each figure that may
    /// stand there, from the supply, on a feature no figure blocks.
    pub fn legal_deployments(&mut self) -> Vec<Deployment> {
        let mut offered = Vec::new();
        self.offered_deployments(&mut offered);
        offered
            .iter()
            .map(|o| Deployment {
                figure: o.figure,
                target: self.target_of(o).clone(),
                at: self.deployment_elsewhere(o),
                kind: o.kind,
                node: o.node,
            })
            .collect()
    }

    /// Whether the figure step of the turn opens `placement`, a tile other than the one just
    /// placed, to a deployment ([`crate::rules::Rules::deployment_tiles`]).
    pub fn deploys_on(&mut self, placement: PlacementId) -> bool {
        if !self.hooks.deploys_elsewhere {
            return false;
        }
        let Some(view) = self.turn_view() else {
            return false;
        };
        self.tiles_opened(Some(&view), view.player, view.placed)
            .contains(&placement)
    }

    /// The tiles besides `placed` that `player`'s figure step in `turn` may deploy on, as the
    /// ruleset opens them ([`crate::rules::Rules::deployment_tiles`]).
    fn tiles_opened(
        &mut self,
        turn: Option<&TurnView>,
        player: usize,
        placed: Option<PlacementId>,
    ) -> Vec<PlacementId> {
        let mut opened = Vec::new();
        let mut at = Context {
            engine: &mut self.engine,
            turn,
            player,
            placement: placed,
        };
        self.rules.deployment_tiles(&mut at, &mut opened);
        opened.retain(|&tile| Some(tile) != placed);
        opened
    }

    /// The position of an offered deployment's tile where it is not the tile just placed
    /// (the game language writes it: `deploy <figure> at <x>,<y> on <feature>`).
    #[inline]
    pub fn deployment_elsewhere(&self, offered: &Offered) -> Option<Pos> {
        let placed = self.turn.as_ref()?.placed.as_ref()?.placement;
        (offered.placement != placed).then(|| self.engine.placement(offered.placement).pos)
    }

    /// The feature an offered deployment names, as the game language writes it.
    // Inlined into the simulator's deployments (another crate, and no LTO), at each one.
    #[inline]
    pub fn target_of(&self, offered: &Offered) -> &FeatureRef {
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
    pub fn offered_deployments(&mut self, into: &mut Vec<Offered>) {
        into.clear();
        let Some(turn) = self.turn.as_ref() else {
            return;
        };
        let player = turn.player;
        let Some(placed) = turn
            .placed
            .as_ref()
            .filter(|_| matches!(turn.phase, Phase::FigureStep))
        else {
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
                let pools = self.pools().len();
                self.pools_in_play = (0..pools)
                    .map(|pool| {
                        figures
                            .iter()
                            .any(|(_, spec)| spec.is_some_and(|spec| spec.pool == pool))
                    })
                    .collect();
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
        usable.extend((0..self.pools().len()).map(|pool| {
            if self.pools_in_play[pool] {
                self.usable_figures_in(view.as_ref(), player, pool)
            } else {
                0
            }
        }));
        self.offer_on(placement, view.as_ref(), player, &usable, into);
        if self.hooks.deploys_elsewhere {
            // The other tiles the ruleset opens to this figure step (the magic portal).
            for other in self.tiles_opened(view.as_ref(), player, Some(placement)) {
                self.offer_on(other, view.as_ref(), player, &usable, into);
            }
        }
        self.usable = usable;
    }

    /// The legal occupations of the tile at `placement` by `player` in the figure step of
    /// `turn`, each figure of its pool's `usable` count, appended to `into`.
    #[inline]
    fn offer_on(
        &mut self,
        placement: PlacementId,
        turn: Option<&TurnView>,
        player: usize,
        usable: &[u32],
        into: &mut Vec<Offered>,
    ) {
        let tile = *self.engine.placement(placement);
        let slot = tile.tile * 4 + usize::from(tile.rotation.0);
        if self.slot_tables[slot].get().is_none() {
            let table = self.slot_table(placement, turn, player);
            // A copy of the game that shares the tables may have filled the slot meanwhile,
            // with the same table.
            let _ = self.slot_tables[slot].set(table);
        }
        let Some(table) = self.slot_tables[slot].get() else {
            unreachable!("the slot's table was set above");
        };
        let mut occupations = std::mem::take(&mut self.occupations);
        let mut at = Context {
            engine: &mut self.engine,
            turn,
            player,
            placement: Some(placement),
        };
        self.rules
            .legal_occupations(&mut at, &table.standings, usable, &mut occupations);
        let figures = self.figures_in_play.len();
        into.extend(occupations.iter().map(|occupation| Offered {
            figure: occupation.figure,
            kind: occupation.kind,
            node: occupation.node,
            placement,
            name: (slot, occupation.feature * figures + occupation.figure_index),
        }));
        self.occupations = occupations;
    }

    /// The [`SlotTable`] of the tile of `placement` in its rotation, worked out in `player`'s
    /// turn `turn` (kept for every later turn: see
    /// [`crate::rules::Rules::deployment_violation`]).
    fn slot_table(
        &mut self,
        placement: PlacementId,
        turn: Option<&TurnView>,
        player: usize,
    ) -> SlotTable {
        let mut standings = Vec::new();
        let tile = &self.engine.catalog[self.engine.placement(placement).tile];
        crate::rules::standings(tile, &self.figures_in_play, &mut standings);
        let figures = self.figures_in_play.len();
        let mut names = vec![None; tile.features.len() * figures];
        // Where the ruleset lets no figure stand (the water of The River, the volcano lake).
        let at = Context {
            engine: &mut self.engine,
            turn,
            player,
            placement: Some(placement),
        };
        standings.retain(|standing| {
            self.rules
                .deployment_violation(&at, standing.kind)
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
    pub fn locate(
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
                    let candidates: Vec<usize> =
                        tile.features_claiming_directly(in_tile, accept).collect();
                    // A whole side named where a road runs through its middle and a field lies
                    // on both its halves (a target of any kind: where a wagon goes) is the
                    // middle of the split side, the road, as the tile language reads `S`.
                    let middle: Vec<usize> = candidates
                        .iter()
                        .copied()
                        .filter(|f| tile.features[*f].kind.anchor_class() == AnchorClass::Middle)
                        .collect();
                    if let (Anchor::Side(_), [road]) = (in_tile, middle.as_slice()) {
                        return Ok(*road);
                    }
                    return Err(candidates);
                }
                let found = tile.feature_at(in_tile, accept);
                // A whole side that a road splits, named for a figure that stands on what lies
                // beside the road (a farmer on `E`): the side's halves say which is meant, one
                // feature on both, or two to choose from — never the road the figure cannot
                // stand on.
                if let (Anchor::Side(side), Some(at_side)) = (in_tile, found)
                    && !accept(tile.features[at_side].kind)
                {
                    let mut beside: Vec<usize> = [Half::L, Half::R]
                        .into_iter()
                        .filter_map(|half| tile.feature_at(Anchor::Half(side, half), accept))
                        .filter(|&feature| accept(tile.features[feature].kind))
                        .collect();
                    beside.dedup();
                    match beside.as_slice() {
                        [only] => return Ok(*only),
                        [_, _] => return Err(beside),
                        _ => {}
                    }
                }
                found
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
    pub fn name_feature(
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
    pub fn figure_at(&self, player: usize, kind: &str, node: NodeId) -> Option<FigureId> {
        self.engine
            .figures
            .iter()
            .position(|f| {
                f.on_board && f.player == player && f.kind.0 == kind && f.node() == Some(node)
            })
            .map(|i| i as FigureId)
    }
}

impl Game {
    /// The game-language move of a ruleset move (the simulator writes its moves as text), in
    /// the words its statement declares: a figure is named where it stands (or stood: a
    /// figure taken back is named after it left the board) or whose hands hold it, a feature
    /// by its tile's position and its name.
    pub fn action_of(&self, mv: Move) -> crate::model::Action {
        use crate::syntax::statements;
        let words =
            statements::ruleset_move(mv.keyword).map_or(MoveWords::Nothing, |(_, row)| row.words);
        crate::model::Action::RulesetMove {
            keyword: mv.keyword,
            arg: self.words_of(words, mv.arg),
        }
    }

    /// What `arg` names, in `words`.
    pub fn words_of(&self, words: MoveWords, arg: MoveArg) -> MoveWordsRead {
        match arg {
            MoveArg::Nothing => MoveWordsRead::Nothing,
            MoveArg::Token(token) => MoveWordsRead::Token(token),
            MoveArg::Position(pos) => MoveWordsRead::Position(pos),
            MoveArg::Placement(pos, rotation) => MoveWordsRead::Placement(pos, rotation),
            MoveArg::Supplied(kind, pos) => MoveWordsRead::Supplied {
                figure: kind.0.into(),
                pos,
            },
            MoveArg::Feature(node) => {
                let (placement, feature) = self.engine.origin(node);
                MoveWordsRead::Place {
                    pos: self.engine.placement(placement).pos,
                    target: feature_name(&self.engine, placement, feature),
                }
            }
            MoveArg::Figure(id) => {
                let figure = &self.engine.figures[id as usize];
                let name = figure.kind.0.into();
                match (words, figure.spot()) {
                    (MoveWords::Held, Spot::Held { by }) => MoveWordsRead::Held {
                        figure: name,
                        holder: by,
                    },
                    _ => {
                        // Offered only for a figure that stands on a feature (a take-back's:
                        // `names_return`).
                        let node = figure.node().expect("a figure named where it stands");
                        let (placement, feature) = self.engine.origin(node);
                        let target = self
                            .rules
                            .figure(figure.kind.0)
                            .and_then(|spec| self.name_feature(placement, feature, spec.stands_on))
                            .unwrap_or_else(|| feature_name(&self.engine, placement, feature));
                        let pos = self.engine.placement(placement).pos;
                        if words == MoveWords::Owned {
                            MoveWordsRead::Owned {
                                player: figure.player,
                                figure: name,
                                pos,
                                target,
                            }
                        } else {
                            MoveWordsRead::Standing {
                                figure: name,
                                pos,
                                target,
                            }
                        }
                    }
                }
            }
        }
    }
}
