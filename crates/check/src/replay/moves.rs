//! The moves of a turn that the runner's transitions play, each checked before it is applied:
//! `turn`, `draw` and `bonus`, `discard`, `place`, `deploy`, `pass`, and the end of a turn
//! (its checks of a complete turn) and of the game (`end`). The ruleset's own moves and
//! `under` are `turn.rs`'s, the take-back `powers.rs`'s.

use super::{COPIES_HELP, Replay, label};
use crate::codes;
use crate::engine::{PlacementId, Pos, Rotation};
use crate::model::FeatureRef;
use crate::setup::catalog::is_bonus;

/// The part of the turn's placed tile a deployment's checks read.
#[derive(Debug, Clone, Copy)]
struct PlacedState {
    placement: PlacementId,
    deployed: bool,
    settled: bool,
    took_back_instead: bool,
}

impl Replay<'_> {
    /// `turn <player>`: closes the turn in play and opens `player`'s, reporting a turn after
    /// the end of the game or out of order.
    pub(super) fn begin_turn(&mut self, player: usize) {
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
            let first_turn = self.turn_started == crate::diagnostic::Span::default();
            let help = if first_turn && self.script.excerpt {
                format!(
                    "an excerpt starts with the first player of the `players` line ({expected}): \
                     write the players from the one whose turn comes first, `players {}`",
                    self.players_from(player).join(" ")
                )
            } else if first_turn {
                format!(
                    "the game starts with the first player of the `players` line ({expected}); \
                     players take turns in its order"
                )
            } else {
                "players take turns in the order of the `players` line".to_string()
            };
            self.report(
                &codes::WRONG_PLAYER,
                format!(
                    "it is {expected}'s turn, not {}'s",
                    self.player_name(player)
                ),
                "out of turn",
                &help,
            );
        }
        self.game.open_turn(player);
        self.turn_started = self.current_step;
        self.unknown_drawn = false;
    }

    /// The players in the order of the `players` line, from `first` on (round the table).
    fn players_from(&self, first: usize) -> Vec<&str> {
        let players = &self.script.players;
        (0..players.len())
            .map(|offset| players[(first + offset) % players.len()].as_str())
            .collect()
    }

    /// `draw <tile>` (`bonus <tile>`: a bonus tile): the tile taken from the stack into the
    /// player's hand, with what is wrong with the draw reported.
    pub(super) fn draw(&mut self, id: &str, bonus: bool) {
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
        // A bonus tile drawn from a used-up pile is one cause, reported once, as the pile
        // used up (V112), not also as a tile no longer in the stack (V101).
        let mut pile_used_up = false;
        // A ruleset without bonus tiles answered a `bonus` line above.
        if bonus && let Some(wording) = self.bonus_wording() {
            let turn = self.game.turn.as_ref().expect("in a turn");
            if !turn.bonus_earned || turn.bonus_drawn {
                let why = if turn.bonus_drawn {
                    "this turn already had its bonus tile".to_string()
                } else if self.game.bonus_left == 0 {
                    pile_used_up = true;
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
        if self.script.excerpt && !bonus && !self.excerpt_draws_begun {
            self.excerpt_draws_begun = true;
            self.game.begin_excerpt_at(tile);
        }
        if !self.game.apply_draw(tile, bonus) {
            let drawn_as_what_it_is = is_bonus(&self.game.engine.catalog[tile]) == bonus;
            if pile_used_up && drawn_as_what_it_is {
                self.sync();
                return;
            }
            let why = if !drawn_as_what_it_is {
                if bonus {
                    format!("`{id}` is a land tile, not a bonus tile")
                } else {
                    format!("`{id}` is a bonus tile, drawn only as a bonus")
                }
            } else {
                let copies = self.copies_in_play(tile);
                format!("every copy of `{id}` has already been drawn: {copies} on the board")
            };
            self.report(
                &codes::TILE_NOT_IN_STACK,
                format!("tile `{id}` is not in the stack"),
                &why,
                COPIES_HELP,
            );
        }
        // What the ruleset found in the draw (a tile out of The River's order).
        self.sync();
    }

    /// `discard`: the tile in hand is removed, reported when it fits somewhere.
    pub(super) fn discard(&mut self) {
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

    /// `place at <x>,<y> <rotation>`: the tile in hand placed, its placement checked.
    pub(super) fn place(&mut self, pos: Pos, rotation: Rotation) {
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

    /// `deploy <figure> on <feature>`: a figure on the tile just placed, checked as the
    /// figure step allows; `deploy <figure> at <x>,<y> on <feature>` names the tile, one the
    /// ruleset opens to the figure step (V122 where it opens none).
    pub(super) fn deploy(&mut self, figure: &str, target: &FeatureRef, at: Option<Pos>) {
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
        let placement = match at.map(|pos| (pos, self.game.engine.at(pos))) {
            None => Some(placed.placement),
            Some((pos, None)) => {
                self.report(
                    &codes::NO_SUCH_FEATURE,
                    format!("no tile lies at {pos}"),
                    "nothing to deploy on",
                    "deploy on the tile just placed: `deploy <figure> on <feature>`",
                );
                None
            }
            Some((pos, Some(elsewhere))) => {
                if elsewhere != placed.placement && !self.game.deploys_on(elsewhere) {
                    self.report(
                        &codes::DEPLOYED_ELSEWHERE,
                        format!("a figure is deployed at {pos}, not on the tile just placed"),
                        "no deployment on this tile now",
                        "deploy on the tile just placed: `deploy <figure> on <feature>`",
                    );
                }
                Some(elsewhere)
            }
        };
        let node =
            placement.and_then(|placement| self.resolve_target(placement, target, spec.stands_on));
        if let Some(node) = node {
            self.check_deployment(player, &spec, node, true);
        }
        self.game.apply_deploy(node.map(|node| (&spec, node)));
        self.note_steps();
        self.sync();
    }

    /// `pass`: the figure step ends with no figure deployed.
    pub(super) fn pass(&mut self) {
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
    pub(super) fn end_turn(&mut self) {
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

    /// `end`: closes the last turn and scores the game, if the last land tile has not done so.
    pub(super) fn end_game(&mut self) {
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
}
