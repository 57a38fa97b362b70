//! `expect jcloisterzone "<assertion>"`: an assertion of JCloisterZone's engine tests, checked
//! against the game as it stands, as the client's harness checks it against JCloisterZone's
//! state (`crate::lower::jcz_harness`). The phase, whether the player can pass or undo, and the
//! actions on offer are read off the turn: the decision it waits for, the tile in hand, the
//! deployments the ruleset allows, and the last move played.

use super::Replay;
use crate::codes;
use crate::engine::{NodeId, PlacementId};
use crate::lower::jcz_harness::{self, FeatureOption, HarnessAssertion};
use crate::model::{FeatureRef, Pos, Rotation};
use crate::rules::{Decision, Offer};

/// JCloisterZone's phase of a turn, as carcspec's turn stands.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    /// A tile is on offer to be placed.
    Tile,
    /// The tile is placed and the player may deploy or take back a figure, or pass.
    Action,
    /// Nothing is left to choose: the player commits the turn.
    CommitAction,
    /// A decision of the ruleset's own, in the phase JCloisterZone names for it
    /// ([`crate::rules::RulesetDecision::jcz_phase`]: Hills & Sheep's `ShepherdPhase`).
    Ruleset(&'static str),
    /// The game is over, final scoring done.
    GameOver,
    /// Between turns, or a turn waiting for its draw.
    Unknown,
}

impl Phase {
    fn name(self) -> &'static str {
        match self {
            Phase::Tile => "TilePhase",
            Phase::Action => "ActionPhase",
            Phase::CommitAction => "CommitActionPhase",
            Phase::Ruleset(name) => name,
            Phase::GameOver => "GameOverPhase",
            Phase::Unknown => "no phase (between turns)",
        }
    }
}

impl Replay<'_> {
    /// Checks one assertion of JCloisterZone's harness.
    pub(super) fn expect_harness(&mut self, text: &str) {
        let Some(assertion) = jcz_harness::parse(text) else {
            // No form of the harness reads it: the harness fails it as an unknown assertion.
            self.harness_fails(
                format!("`{text}` is not an assertion JCloisterZone's test harness reads"),
                "the harness reads points, scorings, the phase, passing, undo, the actions on offer and their options (docs/jcloisterzone.md)".into(),
            );
            return;
        };
        let outcome = match assertion {
            HarnessAssertion::Points { player, points } => self.player_index(&player).map(|p| {
                let actual = self.game.scores[p];
                (actual == points).then_some(()).ok_or_else(|| {
                    (
                        format!("{player} has {actual} points, the assertion {points}"),
                        self.scoring_of(p, 0),
                    )
                })
            }),
            HarnessAssertion::Scored {
                player,
                family,
                points,
            } => self.player_index(&player).map(|_| {
                let family = match family.as_str() {
                    "cloister" => "monastery",
                    "farm" => "field",
                    other => other,
                };
                let found = self
                    .events
                    .iter()
                    .any(|e| e.points_of(&player) == Some(points) && e.family == family);
                found.then_some(()).ok_or_else(|| {
                    (
                        format!("{player} scored no {family} for {points} points"),
                        self.scorings_of(&player),
                    )
                })
            }),
            HarnessAssertion::CanPass(expected) => {
                let actual = self.phase() == Phase::Action;
                Ok(self.same(
                    actual,
                    expected,
                    "the player can pass",
                    "the player cannot pass",
                ))
            }
            HarnessAssertion::Phase(expected) => {
                let phase = self.phase();
                Ok((phase.name() == expected).then_some(()).ok_or_else(|| {
                    (
                        format!("the phase is {}, not {expected}", phase.name()),
                        "the phase follows the last move: a tile on offer (TilePhase), a tile placed with figures to deploy (ActionPhase), a turn to commit (CommitActionPhase), the game scored (GameOverPhase)".into(),
                    )
                }))
            }
            HarnessAssertion::Undo(expected) => {
                let actual = self.undo_allowed();
                Ok(self.same(actual, expected, "undo is allowed", "undo is not allowed"))
            }
            HarnessAssertion::Available { action, of } => {
                Ok(self.available(&action, of.as_deref()))
            }
            HarnessAssertion::TilePlacement { tile, placements } => {
                Ok(self.tile_placement(&tile, placements))
            }
            HarnessAssertion::MeepleOptions { figure, options } => {
                Ok(self.meeple_options(&figure, &options))
            }
            HarnessAssertion::ReturnOptions { source, options } => {
                Ok(self.return_options(&source, &options))
            }
            HarnessAssertion::OtherExpansion(what) => Ok(Err((
                format!("`{text}` asserts {what}, which carcspec does not play"),
                "the import refuses a saved game with such an assertion (J002)".into(),
            ))),
        };
        match outcome.and_then(|result| result) {
            Ok(()) => self.passed += 1,
            Err((message, help)) => self.harness_fails(message, help),
        }
    }

    fn harness_fails(&mut self, message: String, help: String) {
        self.failed += 1;
        self.report(
            &codes::HARNESS_MISMATCH,
            message,
            "this assertion does not hold",
            &help,
        );
    }

    /// The index of the player named `name`; a name the game does not have fails the
    /// assertion (a typo in a test must never pass).
    fn player_index(&self, name: &str) -> Result<usize, (String, String)> {
        self.script
            .players
            .iter()
            .position(|p| p == name)
            .ok_or_else(|| {
                (
                    format!("the game has no player `{name}`"),
                    format!("the players are {}", self.script.players.join(", ")),
                )
            })
    }

    /// What the player named `name` scored (and paid) so far, for the help of a scoring not
    /// found.
    pub(super) fn scorings_of(&self, name: &str) -> String {
        let theirs: Vec<String> = self
            .events
            .iter()
            .filter(|e| e.points_of(name).is_some())
            .map(|e| e.breakdown.clone())
            .collect();
        if theirs.is_empty() {
            format!("{name} scored nothing so far")
        } else {
            format!("{name}'s scorings: {}", theirs.join("; "))
        }
    }

    fn same(
        &mut self,
        actual: bool,
        expected: bool,
        yes: &str,
        no: &str,
    ) -> Result<(), (String, String)> {
        if actual == expected {
            return Ok(());
        }
        let (is, asserted) = if actual { (yes, no) } else { (no, yes) };
        Err((
            format!("{is}, the assertion says {asserted}"),
            format!("the phase is {}", self.phase().name()),
        ))
    }

    /// JCloisterZone's phase of the turn as it stands.
    fn phase(&mut self) -> Phase {
        if self.game.final_scored {
            return Phase::GameOver;
        }
        match self.game.decision() {
            // JCloisterZone's tile phase begins with the draw: a turn whose tile the save
            // does not name is in it too.
            Some(Decision::Draw | Decision::Place | Decision::UnderTile) => Phase::Tile,
            Some(Decision::DeployOrPass) => {
                if self.deployable().is_empty() && self.take_backs().is_empty() {
                    Phase::CommitAction
                } else {
                    Phase::Action
                }
            }
            Some(Decision::Ruleset(decision)) => Phase::Ruleset(decision.jcz_phase),
            Some(Decision::EndOfTurn) => Phase::CommitAction,
            Some(Decision::BonusDraw) | None => Phase::Unknown,
        }
    }

    /// JCloisterZone allows undo after a move that drew no random number and left the turn
    /// with its player: a tile placed, a figure deployed or taken back, a pass, a flock to the
    /// stable — not after a commit (the next turn's draw), a token drawn, or the game's end.
    fn undo_allowed(&self) -> bool {
        !self.game.final_scored && self.undoable_last
    }

    /// The features of the tile just placed (placement and feature) on which a figure of the
    /// meeple type `meeple_type` may be deployed now.
    fn deployable_for(&mut self, meeple_type: Option<&str>) -> Vec<(PlacementId, usize)> {
        let pool = meeple_type.and_then(crate::lower::jcz::meeple_pool);
        let mut features: Vec<(PlacementId, usize)> = self
            .game
            .legal_deployments()
            .into_iter()
            .filter(|d| {
                pool.is_none_or(|pool| {
                    self.game
                        .rules
                        .figure(d.figure)
                        .is_some_and(|spec| spec.pool == pool)
                })
            })
            .map(|d| self.game.engine.origin(d.node))
            .collect();
        features.sort();
        features.dedup();
        features
    }

    fn deployable(&mut self) -> Vec<(PlacementId, usize)> {
        if self.game.decision() != Some(Decision::DeployOrPass) {
            return Vec::new();
        }
        self.deployable_for(None)
    }

    /// The figures the turn may take back now (the abbot's early return), by the node each
    /// stands on.
    fn take_backs(&mut self) -> Vec<(NodeId, String)> {
        let Some(decision) = self.game.decision() else {
            return Vec::new();
        };
        self.game
            .offers(decision)
            .into_iter()
            .filter_map(|offer| match offer {
                Offer::Move(mv) => mv.taken_back().and_then(|figure| {
                    let figure = &self.game.engine.figures[figure as usize];
                    figure.node().map(|node| (node, figure.kind.0.to_string()))
                }),
                Offer::Draw(_) => None,
            })
            .collect()
    }

    /// The tile on offer: the tile in hand, not yet placed.
    fn tile_on_offer(&self) -> Option<usize> {
        let turn = self.game.turn.as_ref()?;
        if turn.placed.is_some() {
            return None;
        }
        turn.hand.as_ref().map(|hand| hand.tile)
    }

    fn tile_id(&self, tile: usize) -> &str {
        &self.game.engine.catalog[tile].id
    }

    fn available(&mut self, action: &str, of: Option<&str>) -> Result<(), (String, String)> {
        let phase = self.phase();
        let offered: Vec<String> = match action {
            "TilePlacement" => self
                .tile_on_offer()
                .filter(|_| phase == Phase::Tile)
                .map(|tile| self.tile_id(tile).to_string())
                .into_iter()
                .collect(),
            "Meeple" => {
                if phase != Phase::Action {
                    Vec::new()
                } else {
                    jcz_harness::FIGURE_CLASSES
                        .iter()
                        .filter(|(_, meeple_type)| {
                            !self.deployable_for(Some(meeple_type)).is_empty()
                        })
                        .map(|(class, _)| class.to_string())
                        .collect()
                }
            }
            "ReturnMeeple" => {
                if phase != Phase::Action || self.take_backs().is_empty() {
                    Vec::new()
                } else {
                    crate::lower::jcz::take_back_sources()
                }
            }
            _ => Vec::new(),
        };
        let found = match of {
            Some(of) => offered.iter().any(|o| o == of),
            None => !offered.is_empty(),
        };
        if found {
            return Ok(());
        }
        let what = of.map_or(action.to_string(), |of| format!("{action} for {of}"));
        let help = if offered.is_empty() {
            format!("no {action} is on offer in {}", phase.name())
        } else {
            format!("on offer: {action} for {}", offered.join(", "))
        };
        Err((format!("the action {what} is not on offer"), help))
    }

    fn tile_placement(
        &mut self,
        tile: &str,
        expected: Vec<(Pos, Rotation)>,
    ) -> Result<(), (String, String)> {
        let Some(on_offer) = self.tile_on_offer() else {
            return Err((
                format!("no tile is on offer, not `{tile}`"),
                format!("the phase is {}", self.phase().name()),
            ));
        };
        if self.tile_id(on_offer) != tile {
            return Err((
                format!(
                    "the tile on offer is `{}`, not `{tile}`",
                    self.tile_id(on_offer)
                ),
                "the import draws the save's draw order, then JCloisterZone's random draw (docs/jcloisterzone.md)".into(),
            ));
        }
        match self.placements_differ(tile, on_offer, &expected) {
            None => Ok(()),
            Some(difference) => Err(difference),
        }
    }

    /// The feature of the tile at `option.pos` that the option names, as the import reads a
    /// deployment's pointer.
    fn option_feature(&self, option: &FeatureOption) -> Option<(PlacementId, usize)> {
        let kind = jcz_harness::feature_kind(&option.feature)?;
        let anchors = jcz_harness::location_anchors(&option.location)?;
        let placement = self.game.engine.at(option.pos)?;
        let target = match anchors.as_slice() {
            [single] => FeatureRef::Anchor(*single),
            _ => FeatureRef::Anchors(anchors),
        };
        let feature = self.game.locate(placement, &target, &[kind]).ok()?;
        Some((placement, feature))
    }

    fn meeple_options(
        &mut self,
        figure: &str,
        options: &[FeatureOption],
    ) -> Result<(), (String, String)> {
        let Some((_, meeple_type)) = jcz_harness::FIGURE_CLASSES
            .iter()
            .find(|(class, _)| *class == figure)
        else {
            return Err((
                format!("the figure `{figure}` is not one carcspec plays"),
                "the import refuses a saved game with such an assertion (J002)".into(),
            ));
        };
        let actual = if self.phase() == Phase::Action {
            self.deployable_for(Some(meeple_type))
        } else {
            Vec::new()
        };
        let expected: Vec<Option<(PlacementId, usize)>> =
            options.iter().map(|o| self.option_feature(o)).collect();
        let mut named: Vec<(PlacementId, usize)> = expected.iter().flatten().copied().collect();
        named.sort();
        named.dedup();
        if expected.iter().all(Option::is_some) && named.len() == options.len() && named == actual {
            return Ok(());
        }
        let describe = |this: &Self, (placement, feature): (PlacementId, usize)| {
            let pos = this.game.engine.placement(placement).pos;
            let tile = this.game.engine.tile_of(placement);
            format!("the {} at {pos}", tile.features[feature].kind)
        };
        let actual_text: Vec<String> = actual.iter().map(|f| describe(self, *f)).collect();
        let unknown: Vec<String> = options
            .iter()
            .zip(&expected)
            .filter(|(_, found)| found.is_none())
            .map(|(o, _)| format!("{{{},{},{}}}", o.feature, o.location, o.pos))
            .collect();
        let help = if unknown.is_empty() {
            "every feature of the tile just placed that is free and that the figure may stand on"
                .to_string()
        } else {
            format!("no such feature: {}", unknown.join("; "))
        };
        Err((
            format!(
                "a {figure} may be deployed on {}",
                if actual_text.is_empty() {
                    "nothing".to_string()
                } else {
                    actual_text.join(", ")
                }
            ),
            help,
        ))
    }

    fn return_options(
        &mut self,
        source: &str,
        options: &[(String, FeatureOption)],
    ) -> Result<(), (String, String)> {
        if !crate::lower::jcz::take_back_sources()
            .iter()
            .any(|s| s == source)
        {
            return Err((
                format!("the return `{source}` is not one carcspec plays"),
                "the import refuses a saved game with such an assertion (J002)".into(),
            ));
        }
        let mut actual: Vec<(PlacementId, usize)> = if self.phase() == Phase::Action {
            self.take_backs()
                .into_iter()
                .map(|(node, _)| self.game.engine.origin(node))
                .collect()
        } else {
            Vec::new()
        };
        actual.sort();
        let mut expected: Vec<Option<(PlacementId, usize)>> = options
            .iter()
            .map(|(_, option)| self.option_feature(option))
            .collect();
        expected.sort();
        if expected.iter().all(Option::is_some)
            && expected.iter().flatten().copied().collect::<Vec<_>>() == actual
        {
            return Ok(());
        }
        Err((
            format!(
                "{} figure{} may be taken back by {source}, the assertion lists {}",
                actual.len(),
                crate::diagnostic::plural(actual.len() as i64),
                options.len()
            ),
            "the figures of the player that the source may take back now".into(),
        ))
    }
}
