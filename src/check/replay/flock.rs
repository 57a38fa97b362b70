//! The Hills & Sheep steps of a turn: the tile under a hill, and the shepherds' flocks.

use super::Replay;
use crate::codes;
use crate::engine::NodeId;
use crate::model::{FeatureKind, TokenDraw};
use crate::rules::carcassonne::{self, SHEPHERD, token_name};

impl Replay<'_> {
    /// `under <tile>`: the tile put face down under the hill tile just drawn (`under ?`: a
    /// tile the transcript does not name).
    pub(super) fn under(&mut self, id: Option<&str>) {
        let needed = self.turn.as_ref().is_some_and(|t| t.needs_under);
        if !needed {
            self.report(
                &codes::TILE_UNDER_HILL,
                "a tile is put under a tile without a hill".into(),
                "no hill tile was just drawn (or the stack was empty)",
                "`under` follows the draw of a hill tile",
            );
            return;
        }
        if let Some(turn) = self.turn.as_mut() {
            turn.needs_under = false;
        }
        let Some(id) = id else {
            // A tile the transcript does not name still leaves the stack: the game is shorter.
            self.land_left = self.land_left.saturating_sub(1);
            return;
        };
        let Some(tile) = self.tile(id) else { return };
        if super::is_bonus(&self.engine.catalog[tile]) || !self.take_from_stack(tile) {
            self.report(
                &codes::TILE_NOT_IN_STACK,
                format!("tile `{id}` is not in the stack"),
                "the tile under the hill comes from the stack",
                "record a tile that is still in the stack",
            );
        }
    }

    /// `flock <token>`: the token drawn for the shepherd just deployed. In a setup, further
    /// `flock` lines add tokens to the flock of the shepherd put last, as a picture shows them.
    pub(super) fn flock(&mut self, token: TokenDraw) {
        let setup_flock = if self.turns_started {
            None
        } else {
            self.last_setup_shepherd
        };
        let Some((node, shepherd)) = self.pending_flock.take().or(setup_flock) else {
            self.report(
                &codes::FLOCK_STEP,
                "a flock token with no shepherd just deployed".into(),
                "no shepherd was deployed right before",
                "`flock <token>` follows the deployment of a shepherd",
            );
            return;
        };
        let token = self.draw_token(token);
        if token == 0 {
            // “If it is a wolf token, place it back in the bag and return your shepherd.”
            self.bag.put_back([0]);
            self.engine.return_figure(shepherd);
            self.give_back(shepherd);
        } else {
            self.engine.add_token(node, token);
        }
        self.stable_if_closed(node);
    }

    /// Takes the token drawn out of the bag, reporting a token that is not in it, and returns
    /// it. A JCloisterZone random number picks `bag[floor(random × len)]`, the bag in its order.
    fn draw_token(&mut self, draw: TokenDraw) -> u32 {
        let token = match draw {
            TokenDraw::Token(token) => token,
            TokenDraw::Random(random) => self.bag.pick(random),
        };
        if token == 0 {
            self.wolves_drawn += 1;
        }
        if !self.bag.take(token) {
            let name = token_name(token);
            self.report(
                &codes::TOKEN_NOT_IN_BAG,
                format!("no `{name}` token is left in the bag"),
                "this token cannot be drawn",
                "record the token actually drawn; sheep in fields are not in the bag",
            );
        }
        token
    }

    /// The field waiting for the current player's flock choice, if any.
    fn next_flock_choice(&mut self, what: &str) -> Option<NodeId> {
        let choice = self
            .turn
            .as_mut()
            .and_then(|t| (!t.flock_choices.is_empty()).then(|| t.flock_choices.remove(0)));
        if choice.is_none() {
            self.report(
                &codes::FLOCK_STEP,
                format!("`{what}` with no flock to decide on"),
                "the tile extended no field with the player's shepherd",
                "grow or stable only after a tile extends your shepherd's field",
            );
        }
        choice
    }

    /// `grow <token>`: the flock of the extended field grows by the token drawn — or a wolf
    /// scatters it.
    pub(super) fn grow(&mut self, token: TokenDraw) {
        let Some(node) = self.next_flock_choice("grow") else {
            return;
        };
        let token = self.draw_token(token);
        if token == 0 {
            // “all sheep tokens from that field are returned to the bag, and each shepherd on
            // that field is returned to its owner's supply.”
            self.bag.put_back([0]);
            for shepherd in carcassonne::scatter(&mut self.engine, node, &mut self.bag) {
                self.give_back(shepherd);
            }
        } else {
            self.engine.add_token(node, token);
            self.stable_if_closed(node);
        }
    }

    /// `stable`: the flock of the extended field is guided to the stable.
    pub(super) fn choose_stable(&mut self) {
        if let Some(node) = self.next_flock_choice("stable") {
            self.guide_to_stable(node);
        }
    }

    fn guide_to_stable(&mut self, node: NodeId) {
        let (event, shepherds) = carcassonne::stable(&mut self.engine, node, &mut self.bag);
        self.apply_events(event.as_slice(), false);
        for shepherd in shepherds {
            self.give_back(shepherd);
        }
    }

    /// “If any player closes a field with shepherds and sheep by fully surrounding it by roads
    /// and cities, immediately resolve the Guide the flock to the stable action for that
    /// field.”
    fn stable_if_closed(&mut self, node: NodeId) {
        let component = self.engine.component(node);
        let (open_ends, has_sheep) = (component.open_ends, !component.tokens.is_empty());
        let figures = component.figures.clone();
        let has_shepherd = figures.iter().any(|f| {
            let figure = &self.engine.figures[*f as usize];
            figure.on_board && figure.kind == SHEPHERD
        });
        let root = self.engine.root(node);
        let waiting = self.turn.as_ref().is_some_and(|t| {
            t.flock_choices
                .iter()
                .any(|c| self.engine.clone_root(*c) == root)
        });
        // A shepherd whose token is still to be drawn has no flock yet.
        if open_ends == 0 && has_shepherd && has_sheep && !waiting {
            self.guide_to_stable(node);
        }
    }

    /// After a tile's meeple step: each field it extended that holds the player's shepherd
    /// (deployed in an earlier turn) waits for `grow` or `stable`; closed fields with
    /// shepherds go to the stable.
    pub(super) fn offer_flock_choices(&mut self, roots: &[NodeId]) {
        let Some(turn) = self.turn.as_ref() else {
            return;
        };
        let (player, first_figure) = (turn.player, turn.first_figure);
        for &root in roots {
            if self.engine.feature_kind(root) != FeatureKind::Field {
                continue;
            }
            let component = self.engine.component(root);
            let closed = component.open_ends == 0;
            let figures = component.figures.clone();
            let own_shepherd = figures.iter().any(|f| {
                let figure = &self.engine.figures[*f as usize];
                figure.on_board
                    && figure.kind == SHEPHERD
                    && figure.player == player
                    && (*f as usize) < first_figure
            });
            if own_shepherd && !(closed && self.closed_flock_stable_at_once) {
                if let Some(turn) = self.turn.as_mut() {
                    turn.flock_choices.push(root);
                }
            } else {
                self.stable_if_closed(root);
            }
        }
    }
}
