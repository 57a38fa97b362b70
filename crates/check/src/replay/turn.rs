//! The moves of the turn that the runner's transitions do not check: `under` (the tile under
//! a hill, taken from the stack) and the ruleset's own moves (`flock`, `grow`, `stable`),
//! whose rules the ruleset checks itself.

use super::Replay;
use crate::codes::{self, Code};
use crate::engine::{FigureId, FigureKind, NodeId, Spot};
use crate::model::{FeatureKind, FeatureRef, MoveWordsRead, Pos};
use crate::play::UnderTile;
use crate::rules::turn::{Move, MoveArg, TAKE_BACK};
use crate::syntax::statements;

impl Replay<'_> {
    /// `under <tile>`: the tile put face down under the hill tile just drawn (`under ?`: a
    /// tile the transcript does not name).
    pub(super) fn under(&mut self, id: Option<&str>) {
        let needed = self.game.turn.as_ref().is_some_and(|t| t.under_due());
        if !needed {
            // After a tile the sets do not have (G004), whether it was a hill is not known.
            if !self.unknown_drawn {
                self.report(
                    &codes::TILE_UNDER_HILL,
                    "a tile is put under a tile without a hill".into(),
                    "no hill tile was just drawn (or the stack was empty)",
                    "`under` follows the draw of a hill tile",
                );
            }
            return;
        }
        let tile = match id.map(|id| self.tile(id)) {
            None => UnderTile::Unnamed,
            Some(Some(tile)) => UnderTile::Named(tile),
            Some(None) => UnderTile::Unknown,
        };
        if !self.game.apply_under(tile) && matches!(tile, UnderTile::Named(_)) {
            let id = id.unwrap_or_default();
            self.report(
                &codes::TILE_NOT_IN_STACK,
                format!("tile `{id}` is not in the stack"),
                "the tile under the hill comes from the stack",
                "record a tile that is still in the stack",
            );
        }
    }

    /// A ruleset's own move as the text writes it: its words resolved on the board (a figure
    /// where it stands or in a player's hands, a feature of a tile) into the runner's
    /// [`MoveArg`], then played. A take-back goes through the checks of `return`.
    pub(super) fn ruleset_move_written(&mut self, keyword: &'static str, arg: &MoveWordsRead) {
        let arg = match arg {
            MoveWordsRead::Nothing => MoveArg::Nothing,
            MoveWordsRead::Token(token) => MoveArg::Token(*token),
            MoveWordsRead::Position(pos) => MoveArg::Position(*pos),
            MoveWordsRead::Placement(pos, rotation) => MoveArg::Placement(*pos, *rotation),
            // What stands at the position is the ruleset's to judge (a tower to go on).
            MoveWordsRead::Supplied { figure, pos } => match self.figure_spec(figure) {
                Some(spec) => MoveArg::Supplied(spec.kind, *pos),
                None => return,
            },
            MoveWordsRead::Standing {
                figure,
                pos,
                target,
            } if keyword == TAKE_BACK => {
                self.take_back(figure, *pos, target);
                return;
            }
            words => match self.resolve_move_words(keyword, words) {
                Some(arg) => arg,
                None => return,
            },
        };
        self.ruleset_move(Move::new(keyword, arg));
    }

    /// The figure or the feature that a move's words name, or the finding its statement
    /// declares for one the board does not hold (`RulesetMove::absent`).
    fn resolve_move_words(&mut self, keyword: &str, words: &MoveWordsRead) -> Option<MoveArg> {
        let (_, ruleset_move) = statements::ruleset_move(keyword)?;
        // The table holds that words naming a figure or a tile declare their finding, and
        // that such moves stand in turns only, where the replay has a turn's player.
        let code = ruleset_move.absent?;
        let mover = self
            .game
            .current_player()
            .or_else(|| self.game.turn.as_ref().map(|turn| turn.player))?;
        let usage = statements::statement(keyword).map_or(String::new(), |spec| spec.usage());
        let no_tile_help = format!("name a position that holds a tile: `{usage}`");
        let help = format!("name the figure as `expect stands` does: `{usage}`");
        match words {
            MoveWordsRead::Standing {
                figure,
                pos,
                target,
            } => self
                .standing_figure(mover, figure, *pos, target, code, (&no_tile_help, &help))
                .map(MoveArg::Figure),
            MoveWordsRead::Owned {
                player,
                figure,
                pos,
                target,
            } => self
                .standing_figure(*player, figure, *pos, target, code, (&no_tile_help, &help))
                .map(MoveArg::Figure),
            MoveWordsRead::Held { figure, holder } => {
                let held = self.game.engine.figures.iter().position(|f| {
                    f.player == mover
                        && f.kind.0 == figure.as_str()
                        && f.spot() == Spot::Held { by: *holder }
                });
                if held.is_none() {
                    let holder = self.player_name(*holder).to_string();
                    let mover = self.player_name(mover).to_string();
                    self.report(
                        code,
                        format!("{holder} holds no {figure} of {mover}'s"),
                        "no such figure in that player's hands",
                        &format!("name a figure the other player holds: `{usage}`"),
                    );
                }
                held.map(|id| MoveArg::Figure(id as FigureId))
            }
            MoveWordsRead::Place { pos, target } => {
                let Some(placement) = self.game.engine.at(*pos) else {
                    self.report(
                        code,
                        format!("no tile lies at {pos}"),
                        "nothing to go to there",
                        &no_tile_help,
                    );
                    return None;
                };
                self.resolve_target(placement, target, &FeatureKind::ALL)
                    .map(MoveArg::Feature)
            }
            MoveWordsRead::Nothing
            | MoveWordsRead::Token(_)
            | MoveWordsRead::Position(_)
            | MoveWordsRead::Placement(..)
            | MoveWordsRead::Supplied { .. } => None,
        }
    }

    /// The figure of `player`'s of the kind `figure` that stands at `pos` on `target`, or the
    /// finding `code` (with the helps for a position without a tile and for a figure not
    /// there) when the board holds none.
    pub(super) fn standing_figure(
        &mut self,
        player: usize,
        figure: &str,
        pos: Pos,
        target: &FeatureRef,
        code: &'static Code,
        (no_tile_help, help): (&str, &str),
    ) -> Option<FigureId> {
        let spec = self.figure_spec(figure)?;
        let Some(placement) = self.game.engine.at(pos) else {
            self.report(
                code,
                format!("no tile lies at {pos}"),
                "no figure can stand there",
                no_tile_help,
            );
            return None;
        };
        let node = self.resolve_target(placement, target, spec.stands_on)?;
        let standing = self.game.figure_at(player, spec.kind.0, node);
        if standing.is_none() {
            let others: Vec<String> = self
                .players_with_figure_on(spec.kind, node)
                .into_iter()
                .map(|player| self.script.players[player].clone())
                .collect();
            let why = if others.is_empty() {
                format!("no {figure} stands on {target} at {pos}")
            } else {
                format!("the {figure} there is {}'s", others.join(", "))
            };
            let name = self.player_name(player).to_string();
            self.report(
                code,
                format!("{name} has no {figure} at {pos} on {target}"),
                &why,
                help,
            );
        }
        standing
    }

    /// The players (one entry a figure) whose figure of `kind` stands on the feature `node`
    /// names, whoever's turn it is: which player's figure a move named.
    pub(super) fn players_with_figure_on(&self, kind: FigureKind, node: NodeId) -> Vec<usize> {
        self.game
            .engine
            .figures
            .iter()
            .filter(|f| f.on_board && f.node() == Some(node) && f.kind == kind)
            .map(|f| f.player)
            .collect()
    }

    /// A move of the ruleset's own decisions (`flock`, `grow`, `stable`), played by the
    /// ruleset; what it brings is applied and what it breaks reported.
    pub(super) fn ruleset_move(&mut self, mv: Move) {
        self.game.ruleset_move(mv);
        // A ruleset's move may put a tile down (the abbey) or a figure (the barn, the wagon).
        self.note_steps();
        self.sync();
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::generator::{begun, script_of};
    use super::*;
    use crate::model::{Script, Step};
    use crate::rules::Offer;
    use crate::rules::carcassonne::flock::{FLOCK, GROW, STABLE};
    use crate::rules::turn::Decision;

    /// Replays `script` step by step, and returns the decision due after each step.
    fn decisions(script: &Script, text: &str) -> Vec<Option<Decision>> {
        let mut replay = begun(script, text);
        let mut due = Vec::new();
        for step in &script.steps {
            replay.apply(step);
            due.push(replay.game.decision());
        }
        assert_eq!(replay.findings(), 0, "the game breaks no rule");
        due
    }

    /// Replays every step of the game `text`, which breaks no rule, and asks `then` of the
    /// replay that follows.
    fn replayed<T>(text: &str, then: impl FnOnce(&mut Replay) -> T) -> T {
        let script = script_of(text);
        let mut replay = begun(&script, text);
        for step in &script.steps {
            replay.apply(step);
        }
        assert_eq!(replay.findings(), 0, "the game breaks no rule:\n{text}");
        then(&mut replay)
    }

    /// The figures the figure step of the game `text` offers on the features of `kind` of the
    /// tile just placed, in name order.
    fn figures_offered_on(text: &str, kind: crate::model::FeatureKind) -> Vec<&'static str> {
        let mut offered = Vec::new();
        replayed(text, |replay| replay.game.offered_deployments(&mut offered));
        let mut figures: Vec<&str> = offered
            .iter()
            .filter(|o| o.kind == kind)
            .map(|o| o.figure)
            .collect();
        figures.sort_unstable();
        figures
    }

    /// A gold forest completed by the land tile brings a bonus draw after the occupation; the
    /// bonus tile's own turn ends the turn.
    #[test]
    fn hunters_gatherers_turn_with_a_bonus_tile() {
        let text = "ruleset hunters-gatherers\ntiles rulebook.tiles\nplayers red blue\n\
            lay FOREST-END-GOLD at 0,0 r180\n\
            turn red\ndraw FOREST-END\nplace at 1,0\npass\nbonus B-AUROCHS\nplace at 0,1\npass\n";
        let script = script_of(text);
        let due = decisions(&script, text);
        use Decision::*;
        assert_eq!(
            due,
            [
                None,
                Some(Draw),
                Some(Place),
                Some(DeployOrPass),
                Some(BonusDraw),
                Some(Place),
                Some(DeployOrPass),
                Some(EndOfTurn)
            ]
        );
    }

    /// A tile that extends the field of the player's shepherd brings the flock choice after the
    /// occupation, offering a grow (a draw from the bag) or the stable; a shepherd put in the
    /// setup waits for its token.
    #[test]
    fn hills_and_sheep_turn_with_a_flock_choice() {
        let text = "ruleset carcassonne\nexpansion hills-and-sheep\ntiles carcassonne-base\n\
            tiles hills-and-sheep\nplayers red blue\n\
            lay BA/Ccc at 0,0\nput red shepherd at 0,0 on S\nflock sheep4\n\
            turn red\ndraw BA/Ccc\nplace at 0,1 r180\npass\ngrow sheep3\n";
        let script = script_of(text);
        use crate::rules::carcassonne::flock::{FLOCK_CHOICE, FLOCK_TOKEN};
        use Decision::*;
        assert_eq!(
            decisions(&script, text),
            [
                None,
                None,
                None,
                Some(Draw),
                Some(Place),
                Some(DeployOrPass),
                Some(Ruleset(FLOCK_CHOICE)),
                Some(EndOfTurn)
            ]
        );
        let mut rules = crate::rules::for_ruleset(script.ruleset, &[]);
        let mut engine = crate::engine::Engine::new(Vec::new());
        let turn = crate::rules::TurnView::default();
        let mut offers = Vec::new();
        rules.offers(&mut engine, &turn, Ruleset(FLOCK_CHOICE), &mut offers);
        assert!(
            matches!(
                offers.as_slice(),
                [
                    Offer::Draw(GROW),
                    Offer::Move(Move {
                        keyword: STABLE,
                        ..
                    })
                ]
            ),
            "{offers:?}"
        );
        rules.offers(&mut engine, &turn, Ruleset(FLOCK_TOKEN), &mut offers);
        assert!(matches!(offers.as_slice(), [Offer::Draw(_)]));
        // Without a shepherd just deployed, a token is not due, and a `flock` line is a
        // broken rule.
        assert_eq!(rules.pending_decision(), None);
        let outcome = rules.play(
            &mut engine,
            Move::new(FLOCK, MoveArg::Token(crate::model::TokenDraw::Token(1))),
            false,
        );
        assert_eq!(outcome.violations.len(), 1);
        assert_eq!(outcome.violations[0].code.code, codes::FLOCK_STEP.code);
    }

    #[test]
    fn ruleset_moves_are_written_as_the_game_language_reads_them() {
        let header = "ruleset carcassonne\nexpansion hills-and-sheep\ntiles carcassonne-base\n\
                 tiles hills-and-sheep\nplayers red blue\n";
        let step = |text: &str| -> String {
            let script = script_of(&format!("{header}turn red\n{text}\n"));
            let last: &Step = script.steps.last().expect("a step");
            format!("{:?}", last.action)
        };
        let script = script_of(header);
        let replay = begun(&script, header);
        let written = |mv: Move| format!("{:?}", replay.game.action_of(mv));
        let token = |token| MoveArg::Token(crate::model::TokenDraw::Token(token));
        assert_eq!(written(Move::new(STABLE, MoveArg::Nothing)), step("stable"));
        assert_eq!(written(Move::new(GROW, token(2))), step("grow sheep2"));
        assert_eq!(written(Move::new(FLOCK, token(0))), step("flock wolf"));
    }

    /// The abbot and gardens, §5.2: “Only while the feature is incomplete. If it is already
    /// surrounded (e.g. the tile you just placed closed it) the abbot cannot be returned.” The
    /// figure step offers the abbot's return while its garden has seven neighbours, and not
    /// once the tile just placed is the eighth (the simulator plays only what is offered).
    #[test]
    fn an_abbot_on_a_surrounded_garden_is_not_offered_a_return() {
        let around_the_garden = "ruleset carcassonne\nexpansion abbot-and-gardens\n\
            tiles carcassonne-base-gardens\nplayers red blue\n\
            lay BA/CG at 0,0\nput red abbot at 0,0 on I\n\
            lay BA/L at -1,-1\nlay BA/C at 0,-1 r180\nlay BA/L at 1,-1\nlay BA/L at -1,0\n\
            lay BA/L at 1,0\nlay BA/C at -1,1 r180\n";
        let returns_offered = |text: &str| {
            replayed(text, |replay| {
                assert_eq!(replay.game.decision(), Some(Decision::DeployOrPass));
                let offers = replay.game.offers(Decision::DeployOrPass);
                offers
                    .iter()
                    .filter(|offer| matches!(offer, Offer::Move(mv) if mv.taken_back().is_some()))
                    .count()
            })
        };
        let turn = "turn red\ndraw BA/C\nplace at 1,1 r180\n";
        let seventh = format!("{around_the_garden}{turn}");
        assert_eq!(
            returns_offered(&seventh),
            1,
            "seven neighbours: the return is offered"
        );
        let eighth = format!("{around_the_garden}lay BA/C at 0,1 r180\n{turn}");
        assert_eq!(
            returns_offered(&eighth),
            0,
            "surrounded: no return is offered"
        );
    }

    /// Each kind of a move's words is resolved on the board (a figure where it stands, in a
    /// player's hands, a feature) into what the runner plays, with the statement's finding
    /// for one the board lacks, and the runner writes the resolved move back in the same
    /// words: the text reads the same after the round trip.
    #[test]
    fn move_words_resolve_on_the_board_and_are_written_back() {
        use crate::syntax::statements::MoveWords;
        let text = "ruleset carcassonne\ntiles carcassonne-base\nplayers red blue\n\
            lay BA/Ccc at 0,0\nput blue knight at 0,0 on N\nput red farmer at 0,0 on S\n\
            turn red\ndraw BA/Ccc\nplace at 0,1 r180\npass\n";
        replayed(text, |replay| {
            // The words of `return <line>` as lowering reads them.
            let read = |line: &str| -> MoveWordsRead {
                let script = script_of(&format!("{text}return {line}\n"));
                match &script.steps.last().expect("a step").action {
                    crate::model::Action::RulesetMove { arg, .. } => arg.clone(),
                    other => panic!("{other:?}"),
                }
            };
            let round_trip = |replay: &mut Replay, words: MoveWords, read: &MoveWordsRead| {
                let resolved = replay
                    .resolve_move_words(TAKE_BACK, read)
                    .expect("resolved on the board");
                replay.game.words_of(words, resolved)
            };
            // The lowering of `return` reads a figure where it stands; the others are built.
            let standing = read("farmer at 0,0 on S");
            assert_eq!(round_trip(replay, MoveWords::Standing, &standing), standing);
            let owned = MoveWordsRead::Owned {
                player: 1,
                figure: crate::model::Name::new("knight"),
                pos: Pos::new(0, 0),
                target: FeatureRef::Label("c".into()),
            };
            let blue_follower = replay.resolve_move_words(TAKE_BACK, &owned);
            assert!(
                matches!(blue_follower, Some(MoveArg::Figure(_))),
                "{:?}",
                replay.diagnostics
            );
            let place = MoveWordsRead::Place {
                pos: Pos::new(0, 1),
                target: FeatureRef::Label("c".into()),
            };
            let Some(MoveArg::Feature(node)) = replay.resolve_move_words(TAKE_BACK, &place) else {
                panic!("a feature of the tile at 0,1");
            };
            let (placement, _) = replay.game.engine.origin(node);
            assert_eq!(replay.game.engine.placement(placement).pos, Pos::new(0, 1));
            assert_eq!(replay.findings(), 0);
            // Red holds blue's knight: blue buys it back from red.
            let Some(MoveArg::Figure(id)) = blue_follower else {
                unreachable!()
            };
            replay.game.engine.capture(id, 0);
            let held = MoveWordsRead::Held {
                figure: crate::model::Name::new("knight"),
                holder: 0,
            };
            // The mover is the turn's player, red, who holds it: red has no knight of
            // theirs in red's hands.
            assert_eq!(replay.resolve_move_words(TAKE_BACK, &held), None);
            assert_eq!(replay.findings(), 1, "held by nobody: a finding");
            assert_eq!(
                replay.game.words_of(MoveWords::Held, MoveArg::Figure(id)),
                held,
                "a figure in a player's hands is named by them"
            );
            // What the board lacks is the statement's finding.
            let nobody_there = MoveWordsRead::Owned {
                player: 0,
                figure: crate::model::Name::new("knight"),
                pos: Pos::new(0, 0),
                target: FeatureRef::Label("c".into()),
            };
            assert_eq!(replay.resolve_move_words(TAKE_BACK, &nobody_there), None);
            let no_tile = MoveWordsRead::Place {
                pos: Pos::new(5, 5),
                target: FeatureRef::Label("c".into()),
            };
            assert_eq!(replay.resolve_move_words(TAKE_BACK, &no_tile), None);
            assert_eq!(replay.findings(), 3);
            let codes: Vec<&str> = replay.diagnostics.iter().map(|d| d.code.code).collect();
            assert_eq!(codes, [codes::NO_FIGURE_TO_RETURN.code; 3]);
            for (words, read) in [
                (MoveWords::Position, MoveWordsRead::Position(Pos::new(2, 2))),
                (
                    MoveWords::Placement,
                    MoveWordsRead::Placement(Pos::new(2, 2), crate::model::Rotation(1)),
                ),
            ] {
                let arg = match read {
                    MoveWordsRead::Position(pos) => MoveArg::Position(pos),
                    MoveWordsRead::Placement(pos, r) => MoveArg::Placement(pos, r),
                    _ => unreachable!(),
                };
                assert_eq!(replay.game.words_of(words, arg), read);
            }
            let supplied = MoveWordsRead::Supplied {
                figure: crate::model::Name::new("knight"),
                pos: Pos::new(0, 1),
            };
            let kind = crate::engine::FigureKind("knight");
            assert_eq!(
                replay
                    .game
                    .words_of(MoveWords::Supplied, MoveArg::Supplied(kind, Pos::new(0, 1))),
                supplied
            );
        });
    }

    /// Hills & Sheep: “You can place your shepherd even if there is already a farmer in that
    /// field (and vice versa), but you cannot place a shepherd if there is already another
    /// shepherd in that field.” The figure step of a tile that extends blue's shepherd's field
    /// (and, after that, a farmer's) offers red a farmer there and no shepherd; a shepherd
    /// still, once only a farmer stands in the field.
    #[test]
    fn a_shepherd_blocks_only_shepherds_in_the_figures_offered() {
        let header = "ruleset carcassonne\nexpansion hills-and-sheep\ntiles carcassonne-base\n\
            tiles hills-and-sheep\nplayers red blue\nlay BA/Ccc at 0,0\n";
        let offered_on_the_field = |setup: &str| {
            let text = format!("{header}{setup}turn red\ndraw BA/Ccc\nplace at 0,1 r180\n");
            figures_offered_on(&text, crate::model::FeatureKind::Field)
        };
        let shepherd = "put blue shepherd at 0,0 on S\nflock sheep4\n";
        let farmer = "put blue farmer at 0,0 on S\n";
        assert_eq!(offered_on_the_field(""), ["farmer", "shepherd"]);
        assert_eq!(offered_on_the_field(shepherd), ["farmer"]);
        assert_eq!(offered_on_the_field(farmer), ["shepherd"]);
        // Both kinds in the field, listed in either order.
        assert_eq!(
            offered_on_the_field(&format!("{shepherd}{farmer}")),
            [] as [&str; 0]
        );
        assert_eq!(
            offered_on_the_field(&format!("{farmer}{shepherd}")),
            [] as [&str; 0]
        );
    }

    /// Hunters and Gatherers, both editions: a tribe member only “on a feature not already
    /// occupied by a figure of the same kind”, a hut only on a river system without a hut, and
    /// “Fishers do not block huts”. The figure step of a river tile that extends the start
    /// tile's river (into its lake) offers red on the river: a fisherman and a hut; a hut only,
    /// once blue's fisherman is on that river; a fisherman only, once blue's hut is on the lake.
    #[test]
    fn tribe_members_and_huts_are_blocked_by_their_own_kind_on_the_river() {
        for ruleset in ["hunters-gatherers", "hunters-gatherers-2020"] {
            let offered_on_the_river = |setup: &str| {
                let text = format!(
                    "ruleset {ruleset}\ntiles hunters-gatherers-v2\nplayers red blue\n\
                    lay HG/56 at 0,0\n{setup}turn red\ndraw HG/48\nplace at -1,0\n"
                );
                figures_offered_on(&text, crate::model::FeatureKind::River)
            };
            assert_eq!(offered_on_the_river(""), ["fisherman", "hut"], "{ruleset}");
            assert_eq!(
                offered_on_the_river("put blue fisherman at 0,0 on W\n"),
                ["hut"],
                "{ruleset}"
            );
            assert_eq!(
                offered_on_the_river("put blue hut at 0,0 on l\n"),
                ["fisherman"],
                "{ruleset}"
            );
        }
    }
}
