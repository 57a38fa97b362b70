//! The replay: one game's steps, in order, checked and then applied through the game runner
//! ([`crate::play::Game`]), with the reports, the expectations and the events of a check.

mod harness;
mod inspect;
mod powers;
mod state;
mod turn;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use super::report::{CheckReport, LineCursor, ReportedEvent};
use crate::codes::{self, Code};
use crate::diagnostic::{self, Diagnostic, Omitted, Span};
use crate::engine::{Engine, NodeId, PlacementId, PlacementProblem, Pos, Rotation};
use crate::model::{Action, Expectation, FeatureRef, MoveWordsRead, Script, Step};
use crate::play::{Game, Setup};
use crate::rules::Rules;
use crate::setup::catalog::{Catalog, is_bonus};
use crate::syntax::statements::{self, Part};

/// The part of the turn's placed tile a deployment's checks read.
#[derive(Debug, Clone, Copy)]
struct PlacedState {
    placement: PlacementId,
    deployed: bool,
    settled: bool,
    took_back_instead: bool,
}

pub(crate) struct Replay<'s> {
    script: &'s Script,
    text: &'s str,
    /// The game as the moves applied so far left it.
    game: Game,
    ids: Arc<crate::setup::catalog::TileIds>,
    stopped: bool,
    /// The step that placed each placement (for labels on later moves).
    placement_steps: Vec<Span>,
    /// Where each figure was deployed.
    figure_steps: Vec<Span>,
    current_step: Span,
    /// The `turn` line that began the turn in play.
    turn_started: Span,
    /// The turn's last draw named a tile the game's sets do not have (G004): the moves on
    /// that tile are not checked, since each would only repeat that the tile is missing.
    unknown_drawn: bool,
    diagnostics: Vec<Diagnostic>,
    /// Index in `diagnostics` where the current action's findings start.
    action_start: usize,
    expected_violations: Vec<Diagnostic>,
    passed: usize,
    failed: usize,
    events: Vec<ReportedEvent>,
    warned_tiles: Vec<usize>,
    /// Assertions the game states that carcspec cannot check.
    not_applicable: Vec<String>,
    /// Finds the line of a step for the scoring events.
    lines: LineCursor,
    /// Diagnostics beyond the report's limit, counted (a transcript wrong on every move must
    /// not keep a diagnostic per move in memory).
    omitted: Omitted,
    /// The places of the game's first step and of the last step applied, for the diagnostics
    /// about the game as a whole.
    first_step: Option<Span>,
    last_step: Option<Span>,
    /// The last move applied (not an expectation) is one JCloisterZone lets its player undo:
    /// it drew no random number and left the turn with its player (`expect jcloisterzone
    /// "Undo is allowed"`).
    undoable_last: bool,
}

impl<'s> Replay<'s> {
    pub(crate) fn new(
        script: &'s Script,
        catalog: Catalog,
        rules: Box<dyn Rules>,
        text: &'s str,
    ) -> Self {
        Replay {
            script,
            text,
            game: Game::new(catalog.tiles, catalog.counts, rules, Setup::of(script)),
            ids: catalog.ids,
            stopped: false,
            placement_steps: Vec::new(),
            figure_steps: Vec::new(),
            current_step: Span::default(),
            turn_started: Span::default(),
            unknown_drawn: false,
            diagnostics: Vec::new(),
            action_start: 0,
            expected_violations: Vec::new(),
            passed: 0,
            failed: 0,
            events: Vec::new(),
            warned_tiles: Vec::new(),
            not_applicable: Vec::new(),
            lines: LineCursor::default(),
            omitted: Omitted::default(),
            first_step: script.steps.first().map(|s| s.span),
            last_step: None,
            undoable_last: false,
        }
    }

    /// Takes what the runner's last call brought, at the current step: the rules it broke
    /// (reported) and its scorings (kept for the report, with the step's line). Called after
    /// every call that changes the game, so that the reports come in the order of the moves;
    /// most calls bring nothing, and cost two comparisons here.
    #[inline]
    fn sync(&mut self) {
        if !self.game.violations.is_empty() || !self.game.scored.is_empty() {
            self.take_findings();
        }
        debug_assert_eq!(
            self.placement_steps.len(),
            self.game.engine.placements.len()
        );
        debug_assert_eq!(self.figure_steps.len(), self.game.engine.figures.len());
    }

    fn take_findings(&mut self) {
        for violation in std::mem::take(&mut self.game.violations) {
            self.report(
                violation.code,
                violation.message,
                &violation.label,
                &violation.help,
            );
        }
        if !self.game.scored.is_empty() {
            let line = self.lines.line_of(self.text, self.current_step.start);
            let span = self.current_step;
            self.events
                .extend(self.game.scored.drain(..).map(|scored| ReportedEvent {
                    line,
                    players: scored.players,
                    points: scored.points,
                    breakdown: scored.breakdown,
                    family: scored.family,
                    is_final: scored.is_final,
                    span,
                }));
        }
    }

    /// The current step is where the tiles and figures the runner's last call put on the
    /// board were put (for the labels of later moves): called after each call that places a
    /// tile or deploys a figure, before [`Replay::sync`].
    fn note_steps(&mut self) {
        let (placements, figures) = (
            self.game.engine.placements.len(),
            self.game.engine.figures.len(),
        );
        // Most calls put one tile or one figure, or none: no call to grow a list for nothing.
        if self.placement_steps.len() < placements {
            self.placement_steps.resize(placements, self.current_step);
        }
        if self.figure_steps.len() < figures {
            self.figure_steps.resize(figures, self.current_step);
        }
    }

    /// Diagnostics found before the replay (lowering, tile sets), and those left out of them,
    /// reported with its own.
    pub(crate) fn add_diagnostics(&mut self, earlier: Vec<Diagnostic>, omitted: Omitted) {
        self.diagnostics.extend(earlier);
        self.omitted.merge(omitted);
    }

    /// Where the game's first step stands, when the steps are not listed in the script but
    /// applied as they are read.
    pub(crate) fn set_first_step(&mut self, span: Option<Span>) {
        self.first_step = span;
    }

    fn report(
        &mut self,
        code: &'static Code,
        message: String,
        label: &str,
        help: &str,
    ) -> &mut Diagnostic {
        self.diagnostics.push(
            Diagnostic::new(code, message)
                .at(self.current_step, label.to_string())
                .help(help.to_string()),
        );
        self.diagnostics.last_mut().expect("just pushed")
    }

    /// How messages name the forest that earns a bonus tile, in a ruleset that has bonus
    /// tiles (its descriptor's words).
    fn bonus_wording(&self) -> Option<crate::rules::BonusWording> {
        crate::rules::describe(self.script.ruleset).bonus
    }

    fn player_name(&self, player: usize) -> &str {
        &self.script.players[player]
    }

    /// Prepares the board: the start tile, unless the game lays its own board.
    pub(crate) fn begin(&mut self, lays_tiles: bool) {
        if !lays_tiles {
            self.lay_start_tile();
        }
    }

    /// Plays one step of the game.
    pub(crate) fn apply(&mut self, step: &Step) {
        self.current_step = step.span;
        self.last_step = Some(step.span);
        if !matches!(step.action, Action::Expect(_)) {
            // A draw from a bag (`flock`, `grow`) is chance's, which JCloisterZone does not undo.
            self.undoable_last = matches!(
                step.action,
                Action::Place { .. } | Action::Under { .. } | Action::Deploy { .. } | Action::Pass
            ) || matches!(
                step.action,
                Action::RulesetMove { ref arg, .. } if !matches!(arg, MoveWordsRead::Token(_))
            );
            // The previous action's findings have met their expectations: keep the first ones.
            self.omitted.keep_first(&mut self.diagnostics);
            self.action_start = self.diagnostics.len();
        }
        self.step(&step.action);
    }

    /// Ends the game as the text ends, and reports, handing the engine back for the next game
    /// (`Engine::clear`).
    pub(crate) fn finish_keeping_engine(mut self) -> (CheckReport, Engine) {
        if !self.stopped && !self.game.final_scored {
            self.end_turn();
            if !self.game.final_scored {
                let end = Span::new(self.text.trim_end().len(), self.text.trim_end().len());
                self.current_step = self.last_step.unwrap_or(end);
                let left = self.game.land_left;
                self.report(
                    &codes::TRUNCATED_GAME,
                    format!("the game ends with {left} land tile{} left in the stack", if left == 1 { "" } else { "s" }),
                    "the last move",
                    "end the game with `end` (final scoring) or an example with `stop` (no final scoring)",
                );
            }
        }
        diagnostic::limit_with(&mut self.diagnostics, std::mem::take(&mut self.omitted));
        let report = CheckReport {
            origin: String::new(),
            text: String::new(),
            players: self.script.players.clone(),
            diagnostics: self.diagnostics,
            expected_violations: self.expected_violations,
            expectations_passed: self.passed,
            expectations_failed: self.failed,
            events: self.events,
            scores: std::mem::take(&mut self.game.scores),
            final_scored: self.game.final_scored,
            not_applicable: self.not_applicable,
        };
        (report, self.game.into_engine())
    }

    /// Lays the start tile of the game's tile sets at 0,0 before the first turn.
    fn lay_start_tile(&mut self) {
        if self.game.lay_start_tile() {
            self.note_steps();
            self.sync();
        } else {
            self.current_step = self.first_step.unwrap_or_default();
            let base = crate::rules::descriptor::describe(self.script.ruleset)
                .base_tile_set
                .name;
            self.report(
                &codes::NO_START_TILE,
                "the game has no start tile".into(),
                "the game starts here with an empty board",
                &format!("add a set with a start tile (an expansion set has none), e.g. `tiles {base}`; or choose one with `start <tile-id>`, or lay the example's tiles with `lay`"),
            );
        }
    }

    fn tile(&mut self, id: &str) -> Option<usize> {
        let found = self.ids.get(id).copied();
        if found.is_none() {
            let names: Vec<String> = self.ids.keys().map(|k| k.to_string()).collect();
            let elsewhere =
                "define the tile in the game file, or name the tile set that has it with `tiles`";
            let help = match crate::diagnostic::did_you_mean(id, &names, 3) {
                Some(close) => format!("{close} (tile ids are case-sensitive; or {elsewhere})"),
                None => elsewhere.to_string(),
            };
            self.report(
                &codes::UNKNOWN_TILE,
                format!("unknown tile `{id}`"),
                "no such tile in the game's tile sets",
                &help,
            );
        }
        found
    }

    fn step(&mut self, action: &Action) {
        // A move leaves the ruleset's pending decision unless it is that decision's (`flock`
        // after a shepherd); an expectation looks at the game between moves.
        let leaves_pending = match action {
            Action::Expect(_) => false,
            Action::RulesetMove { keyword, .. } => !self.game.answers_pending(keyword),
            _ => true,
        };
        if leaves_pending {
            self.game.leave_pending();
            self.sync();
        }
        // A ruleset's move that may stand in a setup (`flock`) is checked there by its ruleset.
        let in_turn = match action {
            Action::RulesetMove { keyword, .. } => {
                statements::statement(keyword).is_some_and(|spec| !spec.stands_in(Part::Setup))
            }
            _ => matches!(
                action,
                Action::Draw { .. }
                    | Action::Discard
                    | Action::Place { .. }
                    | Action::Deploy { .. }
                    | Action::Pass
                    | Action::Bonus { .. }
                    | Action::Under { .. }
            ),
        };
        if self.game.game_over && (in_turn || matches!(action, Action::Turn { .. })) {
            self.report(
                &codes::GAME_OVER,
                "move after the end of the game".into(),
                "the game is over",
                "the game ends after the turn in which the last land tile is placed",
            );
            return;
        }
        if in_turn && self.game.turn.is_none() {
            self.report(
                &codes::STATEMENT_OUT_OF_PLACE,
                "move outside a turn".into(),
                "no turn has begun",
                "begin the turn with `turn <player>`",
            );
            return;
        }
        match action {
            Action::Lay {
                tile,
                pos,
                rotation,
            } => self.lay(tile, *pos, *rotation),
            Action::Put {
                player,
                figure,
                pos,
                target,
            } => self.put(*player, figure, *pos, target),
            Action::Turn { player } => self.begin_turn(*player),
            Action::Draw { tile } => self.draw(tile, false),
            Action::Bonus { tile } => self.draw(tile, true),
            Action::Under { tile } => self.under(tile.as_deref()),
            Action::RulesetMove { keyword, arg } => self.ruleset_move_written(keyword, arg),
            Action::Discard => self.discard(),
            Action::Place { pos, rotation } => self.place(*pos, *rotation),
            Action::Deploy { figure, target } => self.deploy(figure, target),
            Action::Pass => self.pass(),
            Action::Expect(expectation) => self.expect(expectation),
            Action::End => self.end_game(),
            Action::Stop => {
                self.stopped = true;
                self.end_turn();
            }
        }
    }

    /// `end`: closes the last turn and scores the game, if the last land tile has not done so.
    fn end_game(&mut self) {
        self.end_turn();
        if !self.game.final_scored {
            if !self.script.excerpt && self.game.land_left > 0 {
                let left = self.game.land_left;
                self.report(
                    &codes::EARLY_END,
                    format!(
                        "the game ends with {left} land tile{} left in the stack",
                        if left == 1 { "" } else { "s" }
                    ),
                    "final scoring here",
                    "a recorded game ends by itself after the last land tile is placed; a file that shows part of a game says `excerpt` in its header",
                );
            }
            self.final_scoring();
        }
    }

    fn lay(&mut self, id: &str, pos: Pos, rotation: Rotation) {
        let Some(tile) = self.tile(id) else { return };
        if !self.game.take_from_stack(tile) {
            self.report(
                &codes::TILE_NOT_IN_STACK,
                format!("every copy of tile `{id}` is already in play"),
                "no copy left",
                "raise the tile's count, or lay another tile",
            );
        }
        // A setup shows part of a board, like a rulebook picture: its tiles must match where
        // they touch, but need not touch.
        if self.check_placement(tile, pos, rotation, true) {
            self.game.lay(tile, pos, rotation);
            self.note_steps();
            self.sync();
        }
    }

    /// Checks a placement and reports what is wrong with it (and a tile whose power the
    /// ruleset ignores, once). Returns whether the tile can lie there: the position is free.
    fn check_placement(&mut self, tile: usize, pos: Pos, rotation: Rotation, setup: bool) -> bool {
        // The tile's id is written only into a report: cloned there, not for every placement.
        let id = |replay: &Self| replay.game.engine.catalog[tile].id.clone();
        match self.game.engine.check_placement(tile, pos, rotation) {
            Ok(()) => {}
            Err(PlacementProblem::Occupied) => {
                let there = self
                    .game
                    .engine
                    .at(pos)
                    .map(|p| self.placement_steps[p as usize])
                    .unwrap_or_default();
                self.report(
                    &codes::OCCUPIED_POSITION,
                    format!("{pos} is already taken"),
                    "a tile already lies there",
                    "place the tile on a free position",
                )
                .secondary
                .extend(label(there, "the tile placed there"));
                return false;
            }
            Err(PlacementProblem::NoNeighbour) if setup => {}
            Err(PlacementProblem::NoNeighbour) => {
                let id = id(self);
                self.report(
                    &codes::NOT_ADJACENT,
                    format!("tile `{id}` at {pos} touches no tile"),
                    "no neighbour by a side",
                    "place the tile next to a tile in play, side to side",
                );
            }
            Err(PlacementProblem::Mismatch(sides)) => {
                let id = id(self);
                let mut labels = Vec::new();
                for side in &sides {
                    if let Some(neighbour) = self.game.engine.at(pos.neighbour(*side)) {
                        labels.extend(label(
                            self.placement_steps[neighbour as usize],
                            &format!("the tile on the {} side", side.letter()),
                        ));
                    }
                }
                // Each clashing side, and what each of the two tiles has there.
                let clashes: Vec<String> = sides
                    .iter()
                    .map(|side| {
                        let ours = describe_side(
                            &self.game.engine.catalog[tile],
                            rotation.to_tile(*side),
                        );
                        let theirs = self.game.engine.at(pos.neighbour(*side)).map(|p| {
                            let placed = *self.game.engine.placement(p);
                            let facing = crate::model::Side::from_index(side.index() + 2);
                            (
                                placed.pos,
                                facing,
                                describe_side(
                                    &self.game.engine.catalog[placed.tile],
                                    placed.rotation.to_tile(facing),
                                ),
                            )
                        });
                        match theirs {
                            Some((at, facing, theirs)) => format!(
                                "its {} side has {ours}, the tile at {at} has {theirs} on its {} side",
                                side.letter(),
                                facing.letter()
                            ),
                            None => format!("its {} side has {ours}", side.letter()),
                        }
                    })
                    .collect();
                self.report(
                    &codes::EDGES_DO_NOT_MATCH,
                    format!(
                        "tile `{id}` at {pos} {rotation} does not continue its neighbours: {}",
                        clashes.join("; ")
                    ),
                    "the sides do not match",
                    "turn the tile or place it elsewhere; `carcspec fit <GAME> <TILE> --at <LINE>` lists where it fits",
                )
                .secondary
                .extend(labels);
            }
        }
        if !self.warned_tiles.contains(&tile)
            && let Some(warning) = self
                .game
                .rules
                .tile_warning(&self.game.engine.catalog[tile])
        {
            self.warned_tiles.push(tile);
            self.report(warning.code, warning.message, "placed here", warning.help);
        }
        true
    }

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

    fn resolve_target(
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
                    self.report(
                        &codes::NO_SUCH_FEATURE,
                        format!("tile `{id}` has no feature at `{target}`"),
                        "nothing to stand on there",
                        "name an anchor in board orientation (after the tile's rotation) or a label of the tile",
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
                    let help = if tile.features[candidates[0]].label.is_some() {
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
    fn figure_spec(&mut self, figure: &str) -> Option<crate::rules::FigureSpec> {
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

    fn put(&mut self, player: usize, figure: &str, pos: Pos, target: &FeatureRef) {
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
        self.check_deployment(player, &spec, node, false);
        self.game.stand(player, &spec, node);
        self.note_steps();
        self.sync();
    }

    /// Checks the figure's feature and the supply (and, for a deployment in a turn, the
    /// figures that block it) and reports what is wrong: the figure is deployed all the same,
    /// so that the replay goes on as written.
    fn check_deployment(
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
            self.report(
                &codes::WRONG_FEATURE_FOR_FIGURE,
                format!("a {} cannot stand on a {kind}", spec.kind.0),
                "wrong feature for this figure",
                &format!("a {} stands on: {}", spec.kind.0, allowed.join(", ")),
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
                let start = crate::rules::starting_supply(self.script.ruleset, &self.script.supply)
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
        let blockers = if check_occupancy {
            let view = self.game.turn_view();
            let mut at = crate::rules::Context {
                engine: &mut self.game.engine,
                turn: view.as_ref(),
                player,
                placement: Some(placement),
            };
            self.game.rules.blockers(&mut at, spec, node)
        } else {
            Vec::new()
        };
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

    /// The figures of a pool that `player` may deploy now, as the ruleset counts them: the
    /// supply, less what it keeps back (Hunters and Gatherers: on the turn's bonus tile, the
    /// player's own figures that came back in this turn).
    fn begin_turn(&mut self, player: usize) {
        self.end_turn();
        if self.game.game_over {
            // The turn just closed placed the last land tile: no turn follows.
            self.report(
                &codes::GAME_OVER,
                "a turn after the end of the game".into(),
                "the game is over",
                "the game ends after the turn in which the last land tile is placed",
            );
            return;
        }
        if player != self.game.next_player {
            let expected = self.player_name(self.game.next_player).to_string();
            self.report(
                &codes::WRONG_PLAYER,
                format!(
                    "it is {expected}'s turn, not {}'s",
                    self.player_name(player)
                ),
                "out of turn",
                "players take turns in the order of the `players` line",
            );
        }
        self.game.open_turn(player);
        self.turn_started = self.current_step;
        self.unknown_drawn = false;
    }

    /// Starts `player`'s turn (the checks of `begin_turn` made, or the simulator's turn, which
    /// needs none): the next player is the one after, and the turn's lists are emptied.
    fn draw(&mut self, id: &str, bonus: bool) {
        self.settle();
        if bonus && self.bonus_wording().is_none() {
            // A ruleset without bonus tiles: the line is no move of it, reported once (not
            // also as a tile that is not in the stack, or left in hand).
            self.report(
                &codes::BONUS_NOT_EARNED,
                "a bonus tile is drawn without being earned".into(),
                &format!(
                    "{} has no bonus tiles",
                    crate::rules::describe(self.script.ruleset).title
                ),
                "draw the turn's land tile with `draw <tile>`; `bonus <tile>` records the bonus tile of Hunters and Gatherers",
            );
            return;
        }
        let Some(tile) = self.tile(id) else {
            self.unknown_drawn = true;
            return;
        };
        self.unknown_drawn = false;
        let turn = self.game.turn.as_ref().expect("in a turn");
        if turn.hand.is_some() {
            self.report(
                &codes::MOVE_OUT_OF_ORDER,
                "a tile is drawn while another is still in hand".into(),
                "the drawn tile was not placed",
                "place the tile in hand (or `discard` it if it fits nowhere) first",
            );
        } else if !bonus && turn.land_placed {
            self.report(
                &codes::MOVE_OUT_OF_ORDER,
                "a second land tile is drawn in one turn".into(),
                "one land tile a turn",
                "begin the next turn with `turn <player>`",
            );
        }
        // A ruleset without bonus tiles answered a `bonus` line above.
        if bonus && let Some(wording) = self.bonus_wording() {
            let turn = self.game.turn.as_ref().expect("in a turn");
            if !turn.bonus_earned || turn.bonus_drawn {
                let why = if turn.bonus_drawn {
                    "this turn already had its bonus tile".to_string()
                } else if self.game.bonus_left == 0 {
                    format!("{} is used up", wording.pile)
                } else {
                    format!(
                        "no {} was completed by this turn's land tile",
                        wording.forest
                    )
                };
                let help = format!(
                    "a bonus tile is drawn only by the player who completes {}, once a turn",
                    wording.forest_short
                );
                self.report(
                    &codes::BONUS_NOT_EARNED,
                    "a bonus tile is drawn without being earned".into(),
                    &why,
                    &help,
                );
            }
        }
        if !self.game.apply_draw(tile, bonus) {
            let why = if is_bonus(&self.game.engine.catalog[tile]) != bonus {
                if bonus {
                    format!("`{id}` is a land tile, not a bonus tile")
                } else {
                    format!("`{id}` is a bonus tile, drawn only as a bonus")
                }
            } else {
                format!("every copy of `{id}` has already been drawn")
            };
            self.report(
                &codes::TILE_NOT_IN_STACK,
                format!("tile `{id}` is not in the stack"),
                &why,
                "draw a tile that is still in the stack",
            );
        }
        // What the ruleset found in the draw (a tile out of The River's order).
        self.sync();
    }

    fn discard(&mut self) {
        let Some(hand) = self.game.apply_discard() else {
            if self.unknown_drawn {
                return;
            }
            self.report(
                &codes::MOVE_OUT_OF_ORDER,
                "nothing to discard".into(),
                "no tile in hand",
                "draw a tile first",
            );
            return;
        };
        if self.game.fits_somewhere(hand.tile) {
            let id = self.game.engine.catalog[hand.tile].id.clone();
            let (pos, rotation) = self.game.legal_placements(hand.tile)[0];
            self.report(
                &codes::DISCARDED_TILE_FITS,
                format!("tile `{id}` is discarded but fits, e.g. at {pos} {rotation}"),
                "this tile can be placed",
                "only a tile that fits nowhere is removed; place it",
            );
        }
    }

    fn place(&mut self, pos: Pos, rotation: Rotation) {
        if self.unknown_drawn {
            return;
        }
        self.settle();
        let turn = self.game.turn.as_ref().expect("in a turn");
        let Some(hand) = turn.hand else {
            self.report(
                &codes::MOVE_OUT_OF_ORDER,
                "a tile is placed with none in hand".into(),
                "no tile was drawn",
                "draw a tile first",
            );
            return;
        };
        if turn.under_due() {
            self.report(
                &codes::TILE_UNDER_HILL,
                "the tile put under the hill tile is not recorded".into(),
                "a hill tile is placed",
                "record the tile drawn face down under the hill with `under <tile>` after the draw",
            );
        }
        let lies = self.check_placement(hand.tile, pos, rotation, false);
        self.game.apply_place(lies.then_some((pos, rotation)));
        self.note_steps();
        self.sync();
    }

    fn deploy(&mut self, figure: &str, target: &FeatureRef) {
        if self.unknown_drawn {
            return;
        }
        let Some(spec) = self.figure_spec(figure) else {
            // Played as written: no figure stands, but the tile's figure step is over.
            self.game.apply_deploy(None);
            self.sync();
            return;
        };
        let turn = self.game.turn.as_ref().expect("in a turn");
        let player = turn.player;
        // What the checks read of the tile just placed (its roots are not cloned).
        let Some(placed) = turn.placed.as_ref().map(|p| PlacedState {
            placement: p.placement,
            deployed: p.deployed,
            settled: !turn.phase.before_scoring(),
            took_back_instead: p.took_back_instead,
        }) else {
            self.report(
                &codes::MOVE_OUT_OF_ORDER,
                "a figure is deployed with no tile just placed".into(),
                "nothing placed to deploy on",
                "deploy right after placing a tile",
            );
            return;
        };
        if placed.took_back_instead {
            let name = self.player_name(player).to_string();
            self.report(
                &codes::RETURN_AND_DEPLOY,
                format!("{name} deploys a figure in a turn that took the abbot back"),
                "the abbot's return was this turn's figure step",
                "return the abbot instead of deploying, not as well",
            );
        } else if placed.deployed {
            self.report(
                &codes::ONE_FIGURE_PER_TILE,
                "a second figure on the same tile".into(),
                "one figure a tile",
                "deploy one figure (or none) on the tile just placed",
            );
        } else if placed.settled {
            self.report(
                &codes::MOVE_OUT_OF_ORDER,
                "a figure is deployed after the tile's scoring".into(),
                "the tile's turn to deploy is over",
                "deploy right after placing the tile, before `pass` or the next draw",
            );
        }
        let node = self.resolve_target(placed.placement, target, spec.stands_on);
        if let Some(node) = node {
            self.check_deployment(player, &spec, node, true);
        }
        self.game.apply_deploy(node.map(|node| (&spec, node)));
        self.note_steps();
        self.sync();
    }

    fn pass(&mut self) {
        if self.unknown_drawn {
            return;
        }
        let has_placed = self
            .game
            .turn
            .as_ref()
            .is_some_and(|t| t.phase.before_scoring());
        if !has_placed {
            self.report(
                &codes::MOVE_OUT_OF_ORDER,
                "`pass` with no tile just placed".into(),
                "nothing to pass on",
                "`pass` follows `place`, instead of `deploy`",
            );
        }
        self.game.apply_pass();
        self.sync();
    }

    /// Scores what the tile just placed completed (after its deployment), returns figures, and
    /// notes an earned bonus tile.
    fn settle(&mut self) {
        self.game.settle();
        self.sync();
    }

    /// Closes the current turn: scoring of its last tile, the checks of a complete turn, and
    /// the end of the game when the land stack is empty.
    fn end_turn(&mut self) {
        self.settle();
        if self.game.turn.is_none() {
            return;
        }
        self.game.rules_end_turn();
        self.sync();
        // The turn stays in place while it is checked (the reports do not read it), rather than
        // moved out and, for the last turn's final scoring, back: what the checks read of it.
        let Some(turn) = self.game.turn.as_ref() else {
            return;
        };
        let (player, redraw_due, started) = (turn.player, turn.redraw_due, self.turn_started);
        let (land_drawn, land_placed) = (turn.land_drawn, turn.land_placed);
        let (bonus_earned, bonus_drawn) = (turn.bonus_earned, turn.bonus_drawn);
        // An example may stop with a tile in hand: the situation it shows is the tile on offer.
        if turn.hand.is_some() && !self.stopped {
            self.report(
                &codes::MOVE_OUT_OF_ORDER,
                "the turn ends with a drawn tile not placed".into(),
                "the tile in hand was never placed",
                "place the tile, or `discard` it if it fits nowhere",
            );
        }
        let redraw_possible = |bonus: bool| {
            if bonus {
                self.game.bonus_left > 0
            } else {
                self.game.land_left > 0
            }
        };
        // An example may stop in the middle of a turn: the turn's own draw is not due then.
        if !self.stopped {
            if let Some(bonus) = redraw_due.filter(|b| redraw_possible(*b)) {
                let what = if bonus { "bonus" } else { "land" };
                let name = self.player_name(player).to_string();
                self.report(
                    &codes::DISCARD_NOT_REDRAWN,
                    format!("{name} discarded a {what} tile and drew no other"),
                    "the turn ends here",
                    &format!(
                        "after `discard`, record the next {what} tile drawn (`{}`)",
                        if bonus { "bonus <tile>" } else { "draw <tile>" }
                    ),
                )
                .secondary
                .extend(label(started, "the turn began here"));
            } else if !land_drawn && !land_placed && self.game.land_left > 0 && !self.unknown_drawn
            {
                let name = self.player_name(player).to_string();
                self.report(
                    &codes::TURN_WITHOUT_TILE,
                    format!("{name}'s turn draws no land tile"),
                    "the turn ends here",
                    "a turn draws a land tile and places it (`draw <tile>`, `place at <x>,<y>`); end an example in the middle of a turn with `stop`",
                )
                .secondary
                .extend(label(started, "the turn began here"));
            }
        }
        // Only a ruleset with bonus tiles earns one.
        if bonus_earned
            && !bonus_drawn
            && redraw_due != Some(true)
            && self.game.bonus_left > 0
            && !self.unknown_drawn
            && let Some(wording) = self.bonus_wording()
        {
            let name = self.player_name(player).to_string();
            self.report(
                &codes::BONUS_NOT_DRAWN,
                format!(
                    "{name} completed {} but drew no bonus tile",
                    wording.forest_short
                ),
                "a bonus tile is due this turn",
                "add `bonus <tile>` with the bonus tile drawn, then place it",
            );
        }
        // The game ends with the turn that placed the last land tile.
        self.game.close_turn();
        self.sync();
    }

    fn final_scoring(&mut self) {
        self.game.final_scoring();
        self.sync();
    }

    /// Ends the turn, for an expectation of the final scores (`what`, by `statement`): with
    /// it the game, when the last land tile has been placed. Whether the game is scored; if
    /// not, the expectation fails.
    fn finally_scored(&mut self, what: &str, statement: &str) -> bool {
        self.end_turn();
        if !self.game.final_scored {
            self.failed += 1;
            self.report(
                &codes::FINAL_MISMATCH,
                format!("{what} expected, but the game has not been scored"),
                "no final scoring before this line",
                &format!("put `end` before `{statement}`"),
            );
        }
        self.game.final_scored
    }

    /// An expectation observes the game as it stands: it never moves the turn on (an
    /// expectation between `place` and `deploy` leaves the figure step open, and sees the tile
    /// not scored yet). Only `expect final` and `expect winner` read the game after its turn,
    /// which they end.
    fn expect(&mut self, expectation: &Expectation) {
        match expectation {
            Expectation::Score(expected) => {
                let actual: Vec<i64> = self
                    .game
                    .turn
                    .as_ref()
                    .map_or_else(|| vec![0; self.game.scores.len()], |t| t.points.clone());
                self.compare(
                    expected,
                    &actual,
                    &codes::SCORE_MISMATCH,
                    "scored",
                    "in this turn",
                );
            }
            Expectation::Total(expected) => {
                let actual = self.game.scores.clone();
                self.compare(expected, &actual, &codes::TOTAL_MISMATCH, "has", "in all");
            }
            Expectation::Final(expected) => {
                if !self.finally_scored("final scores", "expect final") {
                    return;
                }
                let actual = self.game.scores.clone();
                self.compare(
                    expected,
                    &actual,
                    &codes::FINAL_MISMATCH,
                    "has",
                    "after final scoring",
                );
            }
            Expectation::Winner(expected) => {
                if self.finally_scored("the winner", "expect winner") {
                    self.expect_winner(expected);
                }
            }
            Expectation::Violation(name) => {
                let found = (self.action_start..self.diagnostics.len()).find(|i| {
                    self.diagnostics[*i].code.code == name || self.diagnostics[*i].code.name == name
                });
                match found {
                    Some(index) => {
                        self.passed += 1;
                        let diagnostic = self.diagnostics.remove(index);
                        self.expected_violations.push(diagnostic);
                    }
                    None => {
                        self.failed += 1;
                        let broken: Vec<String> = self.diagnostics[self.action_start..]
                            .iter()
                            .map(|d| format!("{} {}", d.code.code, d.code.name))
                            .collect();
                        let got = if broken.is_empty() {
                            "the move breaks no rule".to_string()
                        } else {
                            format!("the move breaks {}", broken.join(", "))
                        };
                        self.report(
                            &codes::VIOLATION_NOT_FOUND,
                            format!("expected the violation `{name}`, but {got}"),
                            "this expectation does not hold",
                            "`expect violation` follows the move that breaks the rule",
                        );
                    }
                }
            }
            Expectation::Scored {
                player,
                feature,
                points,
            } => {
                let name = self.player_name(*player).to_string();
                let found = self.events.iter().any(|e| {
                    i64::from(e.points) == *points
                        && e.players.contains(&name)
                        && e.family == *feature
                });
                if found {
                    self.passed += 1;
                } else {
                    self.failed += 1;
                    let theirs: Vec<String> = self
                        .events
                        .iter()
                        .filter(|e| e.players.contains(&name))
                        .map(|e| e.breakdown.clone())
                        .collect();
                    let help = if theirs.is_empty() {
                        format!("{name} scored nothing so far")
                    } else {
                        format!("{name}'s scorings: {}", theirs.join("; "))
                    };
                    self.report(
                        &codes::SCORED_NOT_FOUND,
                        format!(
                            "{name} scored no {feature} for {points} point{}",
                            crate::diagnostic::plural(*points)
                        ),
                        "this expectation does not hold",
                        &help,
                    );
                }
            }
            Expectation::Unsupported(text) => self.not_applicable.push(text.clone()),
            Expectation::Harness(text) => self.expect_harness(text),
            Expectation::Supply { player, pools } => {
                self.expect_supply(*player, pools);
            }
            Expectation::Figure {
                player,
                figure,
                pos,
                target,
                home,
            } => {
                self.expect_figure(*player, figure, *pos, target, *home);
            }
            Expectation::Counted {
                kind,
                player,
                counts,
            } => self.expect_counted(kind, *player, counts),
            Expectation::Bonus(earned) => self.expect_bonus(*earned),
            Expectation::Placements { tile, placements } => {
                let Some(tile_index) = self.tile(tile) else {
                    self.failed += 1;
                    return;
                };
                match self.placements_differ(tile, tile_index, placements) {
                    None => self.passed += 1,
                    Some((message, label)) => {
                        self.failed += 1;
                        self.report(
                            &codes::PLACEMENTS_MISMATCH,
                            message,
                            &label,
                            "list every legal position and rotation, or `none`",
                        );
                    }
                }
            }
        }
    }

    /// Whether the legal placements of tile `tile_index` (named `tile`) are not `expected`:
    /// the message (where it fits) and the label (what is not legal and what is also legal).
    fn placements_differ(
        &self,
        tile: &str,
        tile_index: usize,
        expected: &[(Pos, Rotation)],
    ) -> Option<(String, String)> {
        let mut expected = expected.to_vec();
        expected.sort();
        expected.dedup();
        let actual = self.game.legal_placements(tile_index);
        if actual == expected {
            return None;
        }
        let show = |list: Vec<&(Pos, Rotation)>| {
            if list.is_empty() {
                "none".to_string()
            } else {
                list.iter()
                    .map(|(p, r)| format!("{p} {r}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        Some((
            format!("tile `{tile}` fits at {}", show(actual.iter().collect())),
            format!(
                "not legal: {}; also legal: {}",
                show(expected.iter().filter(|p| !actual.contains(p)).collect()),
                show(actual.iter().filter(|p| !expected.contains(p)).collect())
            ),
        ))
    }

    fn compare(
        &mut self,
        expected: &[(usize, i64)],
        actual: &[i64],
        code: &'static Code,
        verb: &str,
        when: &str,
    ) {
        let wrong: Vec<(usize, i64)> = expected
            .iter()
            .copied()
            .filter(|(player, points)| actual[*player] != *points)
            .collect();
        if wrong.is_empty() {
            self.passed += 1;
            return;
        }
        self.failed += 1;
        let message: Vec<String> = wrong
            .iter()
            .map(|(player, points)| {
                format!(
                    "{} {verb} {} {when}, the game expects {points}",
                    self.script.players[*player], actual[*player]
                )
            })
            .collect();
        // An expectation of one turn is about that turn's scoring; the others about the game's.
        let since = match (code.code == codes::SCORE_MISMATCH.code, &self.game.turn) {
            (true, Some(_)) => self.turn_started.start,
            _ => 0,
        };
        let help: Vec<String> = wrong
            .iter()
            .map(|(player, _)| self.scoring_of(*player, since))
            .collect();
        self.report(
            code,
            message.join("; "),
            "this expectation does not hold",
            &help.join("; "),
        );
    }

    /// What `player` scored in the events reported since the step at offset `since`, in order,
    /// each with its breakdown, and their sum: the help of a score that does not match.
    fn scoring_of(&self, player: usize, since: usize) -> String {
        let name = &self.script.players[player];
        let events: Vec<&ReportedEvent> = self
            .events
            .iter()
            .filter(|e| e.span.start >= since && e.players.contains(name))
            .collect();
        if events.is_empty() {
            return format!("{name} scored nothing so far");
        }
        let sum: u64 = events.iter().map(|e| u64::from(e.points)).sum();
        let listed: Vec<String> = events
            .iter()
            .map(|e| {
                let at = if e.is_final {
                    "final".to_string()
                } else {
                    format!("line {}", e.line)
                };
                format!("{at} {}", e.breakdown)
            })
            .collect();
        format!("{name} scored: {} (sum {sum})", listed.join(", "))
    }
}

/// The land and the bonus tiles in stacks of `counts` copies of each tile of `catalog`.
fn label(span: Span, message: &str) -> Option<crate::diagnostic::Label> {
    (!span.is_unknown()).then(|| crate::diagnostic::Label {
        span,
        message: message.to_string(),
    })
}

/// What a tile has along one of its sides (tile orientation), in words: "a city", "a road
/// between fields", "a field", "two city stretches".
fn describe_side(tile: &crate::engine::CompiledTile, side: crate::model::Side) -> String {
    use crate::engine::Slot;
    let slots = &tile.sides[side.index()];
    let kind_of = |slot: fn(&Slot) -> bool| {
        slots
            .iter()
            .filter(|(s, _)| slot(s))
            .map(|(_, feature)| tile.features[*feature].kind)
            .collect::<Vec<_>>()
    };
    let whole = kind_of(|s| matches!(s, Slot::Whole));
    let middle = kind_of(|s| matches!(s, Slot::Middle));
    let halves = kind_of(|s| matches!(s, Slot::Half(_)));
    match (whole.as_slice(), middle.first(), halves.first()) {
        ([kind], _, _) => format!("a {kind}"),
        ([kind, ..], _, _) => format!("{} {kind} stretches", whole.len()),
        ([], Some(kind), Some(area)) => format!("a {kind} between {area}s"),
        ([], Some(kind), None) => format!("a {kind}"),
        ([], None, Some(area)) => format!("a {area}"),
        ([], None, None) => "nothing".to_string(),
    }
}
