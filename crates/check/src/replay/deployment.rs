//! Figures on features: the feature a target names on a tile (or why it names none, or
//! several), the figure a name stands for, a setup's `put`, and the checks of every
//! deployment (the feature's kind, the supply, the figures that block it). Apart from the
//! turn's moves (`moves.rs`), which deploy through the same checks.

use super::{Replay, label};
use crate::codes;
use crate::engine::{NodeId, PlacementId, Pos};
use crate::model::FeatureRef;

impl Replay<'_> {
    /// The feature (index on its tile) that a deployment's target names on a placement:
    /// `Err` with the candidates when it names several (an anchor shared by two lakes), `Err`
    /// with none when it names nothing.
    pub(crate) fn locate(
        &self,
        placement: PlacementId,
        target: &FeatureRef,
        stands_on: &[crate::model::FeatureKind],
    ) -> Result<usize, Vec<usize>> {
        self.game.locate(placement, target, stands_on)
    }

    /// The node of the feature that `target` names on `placement`, or a report of why it
    /// names none or several.
    pub(super) fn resolve_target(
        &mut self,
        placement: PlacementId,
        target: &FeatureRef,
        stands_on: &[crate::model::FeatureKind],
    ) -> Option<NodeId> {
        let first_node = self.game.engine.placement(placement).first_node;
        match self.locate(placement, target, stands_on) {
            Ok(feature) => Some(first_node + feature as NodeId),
            Err(candidates) => {
                let tile = &self.game.engine.catalog[self.game.engine.placement(placement).tile];
                let id = tile.id.clone();
                if candidates.is_empty() {
                    // What the figure could stand on, each as the checker reads it back.
                    let names: Vec<String> = (0..tile.features.len())
                        .filter(|f| stands_on.contains(&tile.features[*f].kind))
                        .filter_map(|f| {
                            let name = self.game.name_feature(placement, f, stands_on)?;
                            Some(format!("`{name}` ({})", tile.features[f].kind))
                        })
                        .collect();
                    let help = match names.as_slice() {
                        [] => format!(
                            "no feature of tile `{id}` is one the figure stands on; anchors are \
                             N E S W, NL NR EL ER SL SR WL WR and I, in board orientation"
                        ),
                        _ => format!(
                            "name an anchor in board orientation (after the tile's rotation) or a \
                             label of the tile; the figure may stand on {}",
                            names.join(", ")
                        ),
                    };
                    self.report(
                        &codes::NO_SUCH_FEATURE,
                        format!("tile `{id}` has no feature at `{target}`"),
                        "nothing to stand on there",
                        &help,
                    );
                } else {
                    let names: Vec<String> = candidates
                        .iter()
                        .map(|f| {
                            let feature = &tile.features[*f];
                            match &feature.label {
                                Some(label) => format!("{} `{label}`", feature.kind),
                                None => format!("an unlabelled {}", feature.kind),
                            }
                        })
                        .collect();
                    // Two fields beside a road that splits the side named: its halves tell them
                    // apart (two city stretches sharing a side are told apart by their labels).
                    let beside_a_road = candidates.iter().all(|f| {
                        tile.features[*f].kind.anchor_class() == crate::model::AnchorClass::Area
                    });
                    let split_side = match target {
                        FeatureRef::Anchor(crate::model::Anchor::Side(side)) if beside_a_road => {
                            Some(side.letter())
                        }
                        _ => None,
                    };
                    let help = if let Some(side) = split_side {
                        format!(
                            "side {side} is split in two: name the half the figure stands on, `{side}L` or `{side}R`"
                        )
                    } else if tile.features[candidates[0]].label.is_some() {
                        "name the feature by its label".to_string()
                    } else {
                        format!(
                            "give the features of tile `{id}` labels, and name one by its label"
                        )
                    };
                    self.report(
                        &codes::AMBIGUOUS_ANCHOR,
                        format!(
                            "`{target}` names {} features of tile `{id}`: {}",
                            candidates.len(),
                            names.join(", ")
                        ),
                        "which one is meant",
                        &help,
                    );
                }
                None
            }
        }
    }

    /// The figure of this game's rules, or a report: a `.jcz` game whose setup leaves the
    /// element out (`farmers`) has no such figure.
    pub(super) fn figure_spec(&mut self, figure: &str) -> Option<crate::rules::FigureSpec> {
        let spec = self.game.rules.figure(figure);
        if spec.is_none() {
            let figures = self.game.rules.figure_names().join(", ");
            self.report(
                &codes::UNKNOWN_FIGURE,
                format!("`{figure}` is not a figure of this game"),
                "not in play",
                &format!("this game plays with: {figures}"),
            );
        }
        spec
    }

    /// `put <player> <figure> at <x>,<y> on <feature>`: a figure of the setup, standing where
    /// the game shows it.
    pub(super) fn put(&mut self, player: usize, figure: &str, pos: Pos, target: &FeatureRef) {
        let Some(spec) = self.figure_spec(figure) else {
            return;
        };
        let Some(placement) = self.game.engine.at(pos) else {
            self.report(
                &codes::NO_SUCH_FEATURE,
                format!("no tile lies at {pos}"),
                "nothing to put a figure on",
                "lay a tile there first",
            );
            return;
        };
        let Some(node) = self.resolve_target(placement, target, spec.stands_on) else {
            return;
        };
        // A setup shows figures as a picture does: several may already share a feature.
        let before = self.diagnostics.len();
        self.check_deployment(player, &spec, node, false);
        if self.diagnostics.len() > before {
            // A figure the rules refuse there (a thief on a garden) or that the supply lacks
            // is not put: a setup is a picture of a legal board, and a figure that could not
            // stand there must not score (docs/game-language.md, "Setup"). A move in a turn
            // is deployed all the same, so that the replay goes on as written.
            for refused in &mut self.diagnostics[before..] {
                let help = refused.help.take().unwrap_or_default();
                refused.help = Some(format!(
                    "{help} (the setup does not put the {figure}: the game goes on without it)"
                ));
            }
            return;
        }
        self.game.stand(player, &spec, node);
        self.note_steps();
        self.sync();
    }

    /// Checks the figure's feature and the supply (and, for a deployment in a turn, the
    /// figures that block it) and reports what is wrong: the figure is deployed all the same,
    /// so that the replay goes on as written.
    pub(super) fn check_deployment(
        &mut self,
        player: usize,
        spec: &crate::rules::FigureSpec,
        node: NodeId,
        check_occupancy: bool,
    ) {
        let kind = self.game.engine.feature_kind(node);
        let placement = self.game.engine.origin(node).0;
        let view = self.game.turn_view();
        let at = crate::rules::Context {
            engine: &mut self.game.engine,
            turn: view.as_ref(),
            player,
            placement: Some(placement),
        };
        if let Some(violation) = self.game.rules.deployment_violation(&at, kind) {
            self.report(
                violation.code,
                violation.message,
                &violation.label,
                &violation.help,
            );
        } else if !spec.stands_on.contains(&kind) {
            let allowed: Vec<&str> = spec.stands_on.iter().map(|k| k.name()).collect();
            // And which of the game's figures may stand there: "only an abbot" on a garden.
            let descriptor = crate::rules::describe(self.script.ruleset);
            let standing: Vec<&str> = descriptor
                .figures
                .iter()
                .filter(|f| {
                    f.stands_on.contains(&kind)
                        && descriptor
                            .missing_expansion_for(f.kind.0, &self.script.expansions)
                            .is_none()
                })
                .map(|f| f.kind.0)
                .collect();
            let who_stands_there = match standing.as_slice() {
                [] => format!("; no figure of this game stands on a {kind}"),
                [one] => format!(
                    "; only {} {one} stands on a {kind}",
                    crate::diagnostic::article(one)
                ),
                many => format!("; on a {kind} stand: {}", many.join(", ")),
            };
            self.report(
                &codes::WRONG_FEATURE_FOR_FIGURE,
                format!(
                    "{} {} cannot stand on a {kind}",
                    crate::diagnostic::article(spec.kind.0),
                    spec.kind.0
                ),
                "wrong feature for this figure",
                &format!(
                    "{} {} stands on: {}{who_stands_there}",
                    crate::diagnostic::article(spec.kind.0),
                    spec.kind.0,
                    allowed.join(", ")
                ),
            );
        }
        let pool = spec.pool;
        if self.game.usable_figures(player, pool) == 0 {
            let pool_name = self.game.pools()[pool].0;
            let name = self.player_name(player).to_string();
            let why = if self.game.supply[player][pool] > 0 {
                format!(
                    "{name}'s {pool_name}s in the supply came back this turn: they can be used from the next turn on"
                )
            } else {
                // The game's own supply, which a `supply` line may set below the ruleset's.
                let start = crate::rules::starting_supply(
                    self.script.ruleset,
                    &self.script.expansions,
                    &self.script.supply,
                )
                .nth(pool)
                .unwrap_or(0);
                match start {
                    0 => format!("{name} has no {pool_name}s in this game"),
                    1 => format!("{name}'s one {pool_name} is in play"),
                    _ => format!("all {start} of {name}'s {pool_name}s are in play"),
                }
            };
            self.report(
                &codes::SUPPLY_EMPTY,
                format!("{name} has no {pool_name} left"),
                &why,
                "pass instead, or wait for figures to come back",
            );
        }
        let view = self.game.turn_view();
        let mut at = crate::rules::Context {
            engine: &mut self.game.engine,
            turn: view.as_ref(),
            player,
            placement: Some(placement),
        };
        // A figure that needs the player's own follower there (the builder, the pig) is
        // refused for that, where it may stand on the feature at all — in a setup too, whose
        // board is a legal one.
        let refused = spec
            .stands_on
            .contains(&kind)
            .then(|| self.game.rules.occupation_refused(&mut at, spec, node))
            .flatten();
        let blockers = if check_occupancy {
            self.game.rules.blockers(&mut at, spec, node)
        } else {
            Vec::new()
        };
        if let Some(violation) = refused {
            self.report(
                violation.code,
                violation.message,
                &violation.label,
                &violation.help,
            );
        }
        if !blockers.is_empty() {
            let labels: Vec<crate::diagnostic::Label> = blockers
                .iter()
                .flat_map(|f| {
                    let figure = &self.game.engine.figures[*f as usize];
                    label(
                        self.figure_steps[*f as usize],
                        &format!(
                            "{}'s {} stands here",
                            self.script.players[figure.player], figure.kind.0
                        ),
                    )
                })
                .collect();
            let what = if spec.holds_river_system {
                "river system"
            } else {
                kind.name()
            };
            self.report(
                &codes::FEATURE_OCCUPIED,
                format!("the {what} is already occupied"),
                &format!("another figure already holds this {what}"),
                "deploy on a free feature of the tile, or pass",
            )
            .secondary
            .extend(labels);
        }
    }
}
