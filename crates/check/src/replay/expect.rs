//! The expectations (`expect …`): the dispatch of each to its check, and the checks of the
//! points (a turn's scores, the totals, the final scores, a scoring), of the rules broken
//! (`expect violation`) and of the legal placements. The expectations about the state of
//! the game are `state.rs`'s, those of JCloisterZone's tests `harness.rs`'s.

use super::{Replay, label};
use crate::codes::{self, Code};
use crate::engine::{Pos, Rotation};
use crate::model::Expectation;
use crate::report::ReportedEvent;

impl Replay<'_> {
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
    pub(super) fn expect(&mut self, expectation: &Expectation) {
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
                        // The same violation reported by an earlier move (the expectation
                        // one statement late): say where, so that it can be moved there.
                        let earlier = self.diagnostics
                            [..self.action_start.min(self.diagnostics.len())]
                            .iter()
                            .rev()
                            .find(|d| d.code.code == name || d.code.name == name)
                            .and_then(|d| d.primary.as_ref().map(|label| label.span));
                        let help = match earlier {
                            Some(span) => format!(
                                "`{name}` was reported for the move on line {}: `expect violation` \
                                 follows the move that breaks the rule, so move it to just after that one",
                                self.lines.line_of(self.text, span.start)
                            ),
                            None => "`expect violation` follows the move that breaks the rule"
                                .to_string(),
                        };
                        let reported = self.report(
                            &codes::VIOLATION_NOT_FOUND,
                            format!("expected the violation `{name}`, but {got}"),
                            "this expectation does not hold",
                            &help,
                        );
                        if let Some(span) = earlier {
                            reported
                                .secondary
                                .extend(label(span, &format!("`{name}` was reported here")));
                        }
                    }
                }
            }
            Expectation::Scored {
                player,
                feature,
                points,
            } => {
                let name = self.player_name(*player).to_string();
                // A payment's payer "scored" it less its points (`expect scored blue ransom -3`).
                let found = self
                    .events
                    .iter()
                    .any(|e| e.points_of(&name) == Some(*points) && e.family == *feature);
                if found {
                    self.passed += 1;
                } else {
                    self.failed += 1;
                    let help = self.scorings_of(&name);
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
            Expectation::Supply(supplies) => self.expect_supply(supplies),
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
    pub(super) fn placements_differ(
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
    pub(super) fn scoring_of(&self, player: usize, since: usize) -> String {
        let name = &self.script.players[player];
        let events: Vec<(&ReportedEvent, i64)> = self
            .events
            .iter()
            .filter(|e| e.span.start >= since)
            .filter_map(|e| Some((e, e.points_of(name)?)))
            .collect();
        if events.is_empty() {
            return format!("{name} scored nothing so far");
        }
        let sum: i64 = events.iter().map(|(_, points)| points).sum();
        let listed: Vec<String> = events
            .iter()
            .map(|(e, _)| {
                let at = if e.is_final {
                    "final".to_string()
                } else {
                    format!("line {}", e.line)
                };
                match &e.paid_by {
                    Some(payer) if payer == name => format!("{at} {} paid", e.breakdown),
                    _ => format!("{at} {}", e.breakdown),
                }
            })
            .collect();
        format!("{name} scored: {} (sum {sum})", listed.join(", "))
    }
}
