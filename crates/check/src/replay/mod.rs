//! The replay: one game's steps, in order, checked and then applied through the game runner
//! ([`crate::play::Game`]), with the reports, the expectations and the events of a check.
//!
//! Its files, one concern each: the replay's state, the dispatch of each step and the
//! reports (this file); the board's tiles and their checks (`placement.rs`); the figures
//! and theirs (`deployment.rs`); the moves of a turn (`moves.rs`), the moves the runner's
//! transitions do not check (`turn.rs`) and the take-back (`powers.rs`); the expectations
//! (`expect.rs`), those about the state of the game (`state.rs`) and JCloisterZone's
//! assertions (`harness.rs`); and the read-only views of the state between two steps
//! (`inspect.rs`).

mod deployment;
mod expect;
mod harness;
mod inspect;
mod moves;
mod placement;
mod powers;
mod state;
mod turn;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use super::report::{CheckReport, LineCursor, ReportedEvent};
use crate::codes::{self, Code};
use crate::diagnostic::{self, Diagnostic, Omitted, Span};
use crate::engine::Engine;
use crate::model::{Action, MoveWordsRead, Script, Step};
use crate::play::{Game, Setup};
use crate::rules::Rules;
use crate::setup::catalog::Catalog;
use crate::syntax::statements::{self, Part};

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
    /// Whether an excerpt has drawn its first land tile ([`Game::begin_excerpt_at`]).
    excerpt_draws_begun: bool,
    /// Whether each tile of the catalog is of a shipped tile set ([`Catalog::shipped`]).
    shipped_tiles: Vec<bool>,
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
    /// Whether every step so far stands after the one before it in the text, so that the
    /// report in the text's order is the game's order (a saved game's assertions stand
    /// before its moves: its report keeps the order the replay found them in).
    steps_in_text_order: bool,
    last_placed_step_start: usize,
    /// The last move applied (not an expectation) is one JCloisterZone lets its player undo:
    /// it drew no random number and left the turn with its player (`expect jcloisterzone
    /// "Undo is allowed"`).
    undoable_last: bool,
}

/// Why a tile has no copy left, for the messages that say so (V101): a game's copies are
/// counted as its tile sets give them, less a start tile sent back to the box.
const COPIES_HELP: &str = "a game has the copies its tile sets count (`xN`), less the start copy \
    an expansion's start tile sends back to the box (The River's spring); lay or draw another \
    tile, or raise the count in the tile set";

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
            shipped_tiles: catalog.shipped,
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
            excerpt_draws_begun: false,
            not_applicable: Vec::new(),
            lines: LineCursor::default(),
            omitted: Omitted::default(),
            first_step: script.steps.first().map(|s| s.span),
            last_step: None,
            steps_in_text_order: true,
            last_placed_step_start: 0,
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
            self.events.extend(
                self.game
                    .scored
                    .drain(..)
                    .map(|scored| ReportedEvent::of(scored, line, span)),
            );
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
        // A step written nowhere (a saved game's `end`, which the import adds) has no place.
        if step.span != Span::default() {
            self.steps_in_text_order &= step.span.start >= self.last_placed_step_start;
            self.last_placed_step_start = step.span.start;
        }
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
        let order = if self.steps_in_text_order {
            diagnostic::Order::ByPosition
        } else {
            diagnostic::Order::AsFound
        };
        diagnostic::limit_in_order(
            &mut self.diagnostics,
            std::mem::take(&mut self.omitted),
            order,
        );
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
            Action::Deploy { figure, target, at } => self.deploy(figure, target, *at),
            Action::Pass => self.pass(),
            Action::Expect(expectation) => self.expect(expectation),
            Action::End => self.end_game(),
            Action::Stop => {
                self.stopped = true;
                self.end_turn();
            }
        }
    }
}

/// A secondary label at `span`, unless the place is unknown (a step without one).
fn label(span: Span, message: &str) -> Option<crate::diagnostic::Label> {
    (!span.is_unknown()).then(|| crate::diagnostic::Label {
        span,
        message: message.to_string(),
    })
}
