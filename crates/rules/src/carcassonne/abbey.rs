//! Abbey & Mayor (`../shared/rules/abbey-and-mayor.md`): the abbey tile a player puts down
//! instead of drawing, into a square with four neighbours, where it closes every feature it
//! touches (its tile closes its four sides: `closed: N E S W` in `tiles/abbey-and-mayor.tiles`);
//! the mayor, a knight whose strength is the city's pennants (a row of the figures:
//! `Strength::PerContent`); the wagon, which may move on after its feature scored, by its
//! owner, in seat order from the turn's player; and the barn, on a corner where four field
//! corners meet, which scores its field's farmers at once and the field for its owner at the
//! end. Readings are recorded in `docs/rules/carcassonne.md`.

use super::{Carcassonne, FARMER, LARGE_FARMER, completed_cities_touched};
use crate::descriptor::{CodeNote, ShippedSet};
use crate::engine::{CompiledTile, Engine, FigureId, FigureKind, NodeId, PlacementId, Spot};
use crate::jcz::{JczElement, JczMeaning, JczPart};
use crate::model::{Anchor, FeatureKind, Half, Pos, Rotation, Side};
use crate::turn::{
    Decider, Decision, Move, MoveArg, Offer, Outcome, RulesetDecision, TilePut, TurnView,
    Violation, not_due,
};
use crate::{Breakdown, FigurePicture, Paint, PictureStroke, ScoreEvent};

/// The expansion, as an `expansion` line names it.
pub const ABBEY_AND_MAYOR: &str = "abbey-and-mayor";

pub const MAYOR: FigureKind = FigureKind("mayor");
pub const WAGON: FigureKind = FigureKind("wagon");
pub const BARN: FigureKind = FigureKind("barn");

/// `abbey at <x>,<y>`: the turn's player puts their abbey down instead of drawing. Each
/// keyword is a statement of the game language (`crates/syntax/src/statements.rs`).
pub const ABBEY: &str = "abbey";
/// JCloisterZone's id of the abbey tile, which its `PLACE_TILE` names where an abbey is put
/// down instead of a draw.
pub const JCZ_ABBEY_TILE: &str = "AM/A";
/// `keep-abbey`: the turn's player, who could put their abbey down, draws instead.
pub const KEEP_ABBEY: &str = "keep-abbey";
/// `wagon at <x>,<y> on <feature>`: a wagon whose feature was just scored moves on.
pub const WAGON_MOVE: &str = "wagon";
/// `wagon-home`: the wagon just scored stays in its owner's supply.
pub const WAGON_HOME: &str = "wagon-home";
/// `barn at <x>,<y>`: the barn, instead of a follower, on the corner north-west of `<x>,<y>`
/// (JCloisterZone names a barn's corner by the tile south-east of it as well).
pub const BARN_MOVE: &str = "barn";

/// Whether a barn may go into a field that holds one: `not-occupied` (the rules) or `occupied`
/// (JCloisterZone's option).
pub const BARN_PLACEMENT: &str = "barn-placement";

/// The points of a barn's field for each completed city it touches: to the farmers when the
/// barn is placed in their field, to the farmers when a tile joins their field to a barn's, to
/// the barn's owner at the end (Abbey & Mayor, “6. The barn”).
const BARN_PLACED_POINTS: u32 = 3;
const BARN_JOINED_POINTS: u32 = 1;
const BARN_FINAL_POINTS: u32 = 4;

/// The player whose turn begins may put their abbey down instead of drawing.
pub const ABBEY_CHOICE: RulesetDecision = RulesetDecision {
    name: "abbey or draw",
    decider: Decider::TurnPlayer,
    jcz_phase: "AbbeyPhase",
};

/// The wagon of the player in `seat` was scored and may move on: its owner decides, in any
/// player's turn.
pub const fn wagon_choice(seat: usize) -> RulesetDecision {
    RulesetDecision {
        name: "wagon move",
        decider: Decider::Seat(seat),
        jcz_phase: "WagonPhase",
    }
}

carcspec_core::codes::codes! {
    /// The rule violations of Abbey & Mayor, in the registry through the expansion's
    /// descriptor (`rules::codes` gathers them).
    pub(super) CODES;

    ABBEY_NOT_IN_HOLE = "V176" "abbey-not-in-hole" Error:
"An abbey is put down on a square that is not a hole: the square holds a tile, or one of the
four squares beside it (north, east, south, west) is empty. The diagonal squares do not matter.

Rule (Abbey & Mayor, the abbey): “At the start of your turn, instead of drawing a land tile,
you may place your abbey. It may only go into a space surrounded on all four sides by tiles.”";

    NO_ABBEY_LEFT = "V177" "no-abbey-left" Error:
"A player puts a second abbey down: each player has one abbey tile and places it once in the
game.

Rule (Abbey & Mayor, preparation): “Each player takes one abbey tile.”";

    BARN_CORNER = "V178" "barn-corner" Error:
"A barn is put on a corner where it may not stand: the barn goes on a corner of the tile just
placed where four tiles meet, and each of the four tiles shows only field at that corner (no
city, no road there). `barn at <x>,<y>` names the corner north-west of the tile at <x>,<y>.

Rule (Abbey & Mayor, the barn): “Instead of a meeple, you may place your barn on a corner of
the tile you just placed where four tiles meet and all four corners show field.”";

    BARN_IN_BARN_FIELD = "V179" "barn-in-barn-field" Error:
"A barn is put into a field that holds a barn already. The variant `barn-placement occupied`
(JCloisterZone's option) allows it.

Rule (Abbey & Mayor, the barn): a barn may be placed in a field with farmers, “but not in a field
that already holds a barn”.";

    WAGON_TARGET = "V183" "wagon-target" Error:
"A wagon moves to a feature it may not go to. After its feature is scored, a wagon may move to a
road, city or monastery (the abbey too) that is not complete and holds no figure, with a part
on the tile where the wagon stood or on one of the 8 tiles around it.

Rule (Abbey & Mayor, 2nd edition, the wagon): “move it to another unoccupied, incomplete
feature on the same tile or an adjacent tile”; a field is never a target.";
}

/// What Abbey & Mayor adds to the explanations of the shared codes: its figures.
pub(super) const CODE_NOTES: [CodeNote; 2] = [
    CodeNote {
        code: &carcspec_core::codes::SUPPLY_EMPTY,
        text: "  - with Abbey & Mayor: one mayor, one wagon and one barn as well.",
    },
    CodeNote {
        code: &carcspec_core::codes::WRONG_FEATURE_FOR_FIGURE,
        text: "  - with Abbey & Mayor: the mayor in a city; the wagon on a road, in a city or on a
    monastery; the barn on a corner (`barn at <x>,<y>`), never with `deploy`.",
    },
];

/// The expansion's tiles: its 12 land tiles and the abbey tile.
pub(super) const TILE_SET: ShippedSet = ShippedSet {
    name: "abbey-and-mayor",
    text: include_str!("../../../../tiles/abbey-and-mayor.tiles"),
};

/// The printing with a garden (JCloisterZone's `abbey-and-mayor:2`): AM/R replaced by AM/RG.
pub(super) const GARDENS_TILE_SET: ShippedSet = ShippedSet {
    name: "abbey-and-mayor-gardens",
    text: include_str!("../../../../tiles/abbey-and-mayor-gardens.tiles"),
};

/// Abbey & Mayor in JCloisterZone's saved games: the elements `abbey`, `mayor`, `wagon`,
/// `barn`, their meeple types and the rule `barn-placement`. (Its rule `wagon-move`, whose
/// `C1` moves a wagon by connection, is not played yet: the wagon moves as the 2nd edition
/// says, to its tile or the 8 around it, JCloisterZone's `C2`.)
pub(super) const JCZ: JczPart = JczPart {
    elements: &[
        JczElement {
            name: "abbey",
            meaning: JczMeaning::Presence,
        },
        JczElement {
            name: "mayor",
            meaning: JczMeaning::Pool {
                pool: super::MAYORS,
                or_flag: true,
            },
        },
        JczElement {
            name: "wagon",
            meaning: JczMeaning::Pool {
                pool: super::WAGONS,
                or_flag: true,
            },
        },
        JczElement {
            name: "barn",
            meaning: JczMeaning::Pool {
                pool: super::BARNS,
                or_flag: true,
            },
        },
    ],
    meeples: &[
        ("mayor", super::MAYORS),
        ("wagon", super::WAGONS),
        ("barn", super::BARNS),
    ],
    features: &[],
    rules: &[BARN_PLACEMENT],
    implied_variants: &[],
    take_back: None,
    moves: &[],
};

/// The mayor's picture: a meeple with a tall hat and a chain of office.
pub const MAYOR_PICTURE: FigurePicture = FigurePicture {
    name: "mayor",
    strokes: &[
        PictureStroke {
            path: crate::MEEPLE_OUTLINE,
            paint: Paint::Owner,
        },
        // The hat.
        PictureStroke {
            path: "M-3,-8.5 L3,-8.5 L2.4,-13 L-2.4,-13 Z",
            paint: Paint::Fixed(r##"fill="#222222" stroke="#000000" stroke-width="0.6""##),
        },
        // The chain of office.
        PictureStroke {
            path: "M-3.5,-3 Q0,1 3.5,-3",
            paint: Paint::Fixed(r##"fill="none" stroke="#d4a017" stroke-width="1.2""##),
        },
    ],
    lies_in_a_field: false,
};

/// The wagon's picture: a covered cart with two wheels.
pub const WAGON_PICTURE: FigurePicture = FigurePicture {
    name: "wagon",
    strokes: &[
        // The cover.
        PictureStroke {
            path: "M-8,1 L-8,-4 Q-8,-9 0,-9 Q8,-9 8,-4 L8,1 Z",
            paint: Paint::Owner,
        },
        // The cart's body.
        PictureStroke {
            path: "M-9,1 L9,1 L9,4 L-9,4 Z",
            paint: Paint::Fixed(r##"fill="#8a5a2b" stroke="#3a2410" stroke-width="0.8""##),
        },
        // The wheels.
        PictureStroke {
            path: "M-8,6 Q-8,3 -5,3 Q-2,3 -2,6 Q-2,9 -5,9 Q-8,9 -8,6 Z M2,6 Q2,3 5,3 Q8,3 8,6 Q8,9 5,9 Q2,9 2,6 Z",
            paint: Paint::Fixed(r##"fill="#3a2410" stroke="#000000" stroke-width="0.6""##),
        },
    ],
    lies_in_a_field: false,
};

/// The barn's picture: a house with a steep roof and a wide door.
pub const BARN_PICTURE: FigurePicture = FigurePicture {
    name: "barn",
    strokes: &[
        PictureStroke {
            path: "M-8,8 L-8,-2 L0,-10 L8,-2 L8,8 Z",
            paint: Paint::Owner,
        },
        // The door.
        PictureStroke {
            path: "M-3,8 L-3,1 L3,1 L3,8",
            paint: Paint::Fixed(r##"fill="#5a3a1a" stroke="#222222" stroke-width="0.8""##),
        },
        // The roof's edge.
        PictureStroke {
            path: "M-9.5,-1 L0,-11.5 L9.5,-1",
            paint: Paint::Fixed(r##"fill="none" stroke="#7a1f12" stroke-width="1.6""##),
        },
    ],
    lies_in_a_field: false,
};

/// Whether a catalog tile is an abbey: a monastery whose four sides are closed. In a game of
/// the expansion it is never drawn: each player keeps theirs in front of them (a fan tile of
/// that shape is an abbey there too; without the expansion it is drawn as any tile).
pub fn is_abbey_tile(tile: &CompiledTile) -> bool {
    tile.closed_sides == 0b1111
        && tile
            .features
            .iter()
            .all(|feature| feature.kind == FeatureKind::Monastery)
}

/// The abbeys are never in the stack (in a game of the expansion).
pub fn prepare_stacks(catalog: &[CompiledTile], counts: &mut [u32]) {
    for (tile, count) in catalog.iter().zip(counts.iter_mut()) {
        if is_abbey_tile(tile) {
            *count = 0;
        }
    }
}

/// The state of Abbey & Mayor in one game.
#[derive(Debug, Clone, Default)]
pub struct AbbeyAndMayor {
    /// The abbey is in play (the expansion), and the wagon, the barn.
    pub abbeys: bool,
    pub wagons: bool,
    pub barns: bool,
    /// `variant barn-placement occupied`: a barn may join another in its field.
    barn_on_barn: bool,
    /// The abbeys each player has put down, by seat.
    abbeys_placed: Vec<u8>,
    /// The turn's player may put their abbey down instead of drawing (asked as the turn
    /// begins: they hold it and a hole exists).
    abbey_choice: bool,
    /// The player whose turn it is, and the tile placed last in it while its figure step is
    /// open (a barn goes on one of its corners).
    turn_player: usize,
    figure_step: Option<PlacementId>,
    /// Wagons scored in the turn, waiting for their owners' choice, in the order they decide:
    /// the owner and the node the wagon stood on.
    waiting_wagons: Vec<(usize, NodeId)>,
    /// The barn put this turn: its field is scored after the tile's completed features.
    barn_placed: Option<FigureId>,
    /// Whether a barn stands on the board: until one does, no field is a barn's.
    barn_on_board: bool,
}

impl AbbeyAndMayor {
    /// The game's readings of the expansion's variants (chosen `(name, value)` pairs).
    pub fn from_variants(variants: &[(String, String)]) -> AbbeyAndMayor {
        AbbeyAndMayor {
            barn_on_barn: crate::chosen(variants, BARN_PLACEMENT, "occupied"),
            ..AbbeyAndMayor::default()
        }
    }

    /// The decision the expansion waits for: the abbey's, then the wagons' in order.
    pub fn pending_decision(&self) -> Option<Decision> {
        if self.abbey_choice {
            return Some(Decision::Ruleset(ABBEY_CHOICE));
        }
        self.waiting_wagons
            .first()
            .map(|(seat, _)| Decision::Ruleset(wagon_choice(*seat)))
    }

    /// A move other than the decision's comes: the player draws instead of putting the abbey
    /// down, the wagon stays in its owner's supply (both are the player's choice).
    pub fn leave_pending(&mut self) {
        self.abbey_choice = false;
        self.waiting_wagons.clear();
    }

    /// The turn begins: whether its player may put their abbey down instead of drawing.
    pub fn turn_begins(&mut self, engine: &Engine, turn: &TurnView) {
        self.turn_player = turn.player;
        self.figure_step = None;
        self.abbey_choice = self.abbeys
            && turn.land_left > 0
            && self.has_abbey(turn.player)
            && engine.catalog.iter().any(is_abbey_tile)
            && !holes(engine).is_empty();
    }

    fn has_abbey(&self, player: usize) -> bool {
        self.abbeys_placed.get(player).copied().unwrap_or(0) == 0
    }

    /// The tile just placed opens its figure step (a barn may go on its corners).
    pub fn after_placement(&mut self, turn: &TurnView, placement: PlacementId) {
        self.turn_player = turn.player;
        self.figure_step = Some(placement);
    }

    /// A figure was deployed: the figure step is over.
    pub fn deployed(&mut self) {
        self.figure_step = None;
    }

    /// The moves of the expansion's decisions, and its moves of the figure step (the barn).
    pub fn offers(
        &self,
        engine: &mut Engine,
        turn: &TurnView,
        decision: Decision,
        into: &mut Vec<Offer>,
    ) {
        match decision {
            Decision::Ruleset(ABBEY_CHOICE) => {
                into.extend(holes(engine).into_iter().map(|pos| {
                    Offer::Move(Move::new(ABBEY, MoveArg::Placement(pos, Rotation(0))))
                }));
                into.push(Offer::Move(Move::new(KEEP_ABBEY, MoveArg::Nothing)));
            }
            Decision::Ruleset(RulesetDecision {
                name: "wagon move", ..
            }) => {
                if let Some(&(_, from)) = self.waiting_wagons.first() {
                    into.extend(
                        wagon_targets(engine, from)
                            .into_iter()
                            .map(|node| Offer::Move(Move::new(WAGON_MOVE, MoveArg::Feature(node)))),
                    );
                }
                into.push(Offer::Move(Move::new(WAGON_HOME, MoveArg::Nothing)));
            }
            Decision::DeployOrPass if self.barns && !turn.deployed && !turn.took_back => {
                let Some(placement) = turn.placed else { return };
                let has_barn = engine
                    .figures
                    .iter()
                    .any(|f| f.kind == BARN && f.player == turn.player);
                // One barn each (the rules' count): a player whose barn stands has none left.
                if has_barn {
                    return;
                }
                let pos = engine.placement(placement).pos;
                for corner in corners_of(pos) {
                    if self.barn_problem(engine, corner, placement).is_none() {
                        into.push(Offer::Move(Move::new(BARN_MOVE, MoveArg::Position(corner))));
                    }
                }
            }
            _ => {}
        }
    }

    /// Plays a move of the expansion; `None` when the move is none of its own.
    pub fn play(&mut self, engine: &mut Engine, mv: Move) -> Option<Outcome> {
        Some(match (mv.keyword, mv.arg) {
            (ABBEY, MoveArg::Placement(pos, rotation)) => self.put_abbey(engine, mv, pos, rotation),
            (KEEP_ABBEY, MoveArg::Nothing) => {
                if !self.abbey_choice {
                    return Some(not_due(mv));
                }
                self.abbey_choice = false;
                Outcome::default()
            }
            (WAGON_MOVE, MoveArg::Feature(node)) => self.move_wagon(engine, mv, node),
            (WAGON_HOME, MoveArg::Nothing) => {
                if self.waiting_wagons.is_empty() {
                    return Some(not_due(mv));
                }
                self.waiting_wagons.remove(0);
                self.drop_wagons_without_target(engine);
                Outcome::default()
            }
            (BARN_MOVE, MoveArg::Position(corner)) => self.put_barn(engine, mv, corner),
            _ => return None,
        })
    }

    /// `abbey at <x>,<y>`: the abbey goes into a hole as the turn's tile.
    fn put_abbey(&mut self, engine: &Engine, mv: Move, pos: Pos, rotation: Rotation) -> Outcome {
        if !self.abbey_choice {
            // A turn that drew already, or a player without an abbey or a hole to put it in.
            if !self.has_abbey(self.turn_player) && self.abbeys {
                return Outcome::violation(Violation::new(
                    &NO_ABBEY_LEFT,
                    "the player has put their abbey down already",
                    "a second abbey",
                    "each player has one abbey tile",
                ));
            }
            return not_due(mv);
        }
        self.abbey_choice = false;
        let Some(tile) = engine.catalog.iter().position(is_abbey_tile) else {
            return not_due(mv);
        };
        let mut outcome = Outcome::default();
        if !is_hole(engine, pos) {
            outcome.violations.push(Violation::new(
                &ABBEY_NOT_IN_HOLE,
                format!("the abbey is put at {pos}, which is not a hole"),
                "not a square with tiles on all four sides",
                "an abbey goes only into an empty square whose north, east, south and west neighbours all hold tiles",
            ));
        }
        let player = self.turn_player;
        if self.abbeys_placed.len() <= player {
            self.abbeys_placed.resize(player + 1, 0);
        }
        self.abbeys_placed[player] += 1;
        outcome.tile_put = Some(TilePut {
            tile,
            pos,
            rotation,
        });
        outcome
    }

    /// The wagons of the features `scored` (their roots, about to go home), which may move on
    /// once the turn's scoring is over.
    pub fn note_scored_wagons(&mut self, engine: &mut Engine, scored: &[NodeId]) {
        if !self.wagons {
            return;
        }
        for &root in scored {
            for figure in engine.figures_on(root) {
                let wagon = &engine.figures[figure as usize];
                if wagon.kind == WAGON
                    && let Some(node) = wagon.node()
                {
                    self.waiting_wagons.push((wagon.player, node));
                }
            }
        }
    }

    /// After the tile's scoring: the barn placed scores its field, a field the tile joined to
    /// a barn's scores its farmers, and the wagons scored wait for their owners in seat order
    /// from the turn's player (those with nowhere to go stay home).
    pub fn after_scoring(
        &mut self,
        rules: &Carcassonne,
        engine: &mut Engine,
        turn: &TurnView,
        roots: &[NodeId],
    ) -> Outcome {
        self.figure_step = None;
        let mut outcome = Outcome::default();
        if let Some(barn) = self.barn_placed.take()
            && let Spot::Corner(corner) = engine.figures[barn as usize].spot()
            && let Some(field) = corner_field(engine, corner)
        {
            barn_field_scoring(rules, engine, field, BARN_PLACED_POINTS, &mut outcome);
        }
        if self.barn_on_board {
            for &root in roots {
                if engine.feature_kind(root) == FeatureKind::Field
                    && self.field_has_barn(engine, root)
                {
                    barn_field_scoring(rules, engine, root, BARN_JOINED_POINTS, &mut outcome);
                }
            }
        }
        // Clockwise from the turn's player: their seat and those after it, then those before.
        let turn_player = turn.player;
        self.waiting_wagons
            .sort_by_key(|&(seat, _)| (seat < turn_player, seat));
        self.drop_wagons_without_target(engine);
        outcome
    }

    /// The wagons first in line with no feature to go to stay home.
    fn drop_wagons_without_target(&mut self, engine: &mut Engine) {
        while let Some(&(_, from)) = self.waiting_wagons.first() {
            if !wagon_targets(engine, from).is_empty() {
                return;
            }
            self.waiting_wagons.remove(0);
        }
    }

    /// `wagon at <x>,<y> on <feature>`: the first waiting wagon moves on.
    fn move_wagon(&mut self, engine: &mut Engine, mv: Move, node: NodeId) -> Outcome {
        if self.waiting_wagons.is_empty() {
            return not_due(mv);
        }
        let (player, from) = self.waiting_wagons.remove(0);
        let mut outcome = Outcome::default();
        let root = engine.root(node);
        let allowed = wagon_targets(engine, from)
            .into_iter()
            .any(|target| engine.root(target) == root);
        if !allowed {
            outcome.violations.push(Violation::new(
                &WAGON_TARGET,
                "the wagon moves to a feature it may not go to",
                "not an unoccupied, incomplete road, city or monastery on or beside the wagon's tile",
                "a wagon moves to a road, city or monastery that holds no figure and is not complete, with a part on the tile where it stood or one of the 8 around it",
            ));
        }
        let tag = engine.figures.len();
        let wagon = engine.put(player, WAGON, Spot::Feature(node), tag);
        outcome.deployed.push(wagon);
        self.drop_wagons_without_target(engine);
        outcome
    }

    /// `barn at <x>,<y>`: the barn on the corner north-west of `<x>,<y>`, instead of a
    /// follower on the tile just placed.
    fn put_barn(&mut self, engine: &mut Engine, mv: Move, corner: Pos) -> Outcome {
        let Some(placement) = self.figure_step.take() else {
            return not_due(mv);
        };
        let mut outcome = Outcome::default();
        if let Some(violation) = self.barn_problem(engine, corner, placement) {
            outcome.violations.push(violation);
        }
        let tag = engine.figures.len();
        let barn = engine.put(self.turn_player, BARN, Spot::Corner(corner), tag);
        outcome.deployed.push(barn);
        outcome.figure_step_done = true;
        self.barn_placed = Some(barn);
        self.barn_on_board = true;
        outcome
    }

    /// Why a barn may not go on `corner` in the figure step of `placement`, if it may not.
    fn barn_problem(
        &self,
        engine: &mut Engine,
        corner: Pos,
        placement: PlacementId,
    ) -> Option<Violation> {
        let tiles = engine.corner_tiles(corner);
        let on_the_tile = tiles.contains(&Some(placement));
        let field = corner_field(engine, corner);
        let Some(field) = field.filter(|_| on_the_tile) else {
            return Some(Violation::new(
                &BARN_CORNER,
                format!("no barn may stand on the corner north-west of {corner}"),
                "not a corner of the tile just placed where four field corners meet",
                "a barn goes on a corner of the tile just placed where four tiles meet and each shows only field",
            ));
        };
        if !self.barn_on_barn && self.field_has_barn(engine, field) {
            return Some(Violation::new(
                &BARN_IN_BARN_FIELD,
                "the field holds a barn already",
                "a second barn in the field",
                "a barn may not go into a field that has one (`variant barn-placement occupied` allows it)",
            ));
        }
        None
    }

    /// Whether a barn stands in the field of `node`.
    pub fn field_has_barn(&self, engine: &mut Engine, node: NodeId) -> bool {
        // Asked of every field the move generator looks at: nothing to look for in a game
        // without barns.
        self.barns && !self.barns_in_field(engine, node).is_empty()
    }

    /// The end of the game: each field with barns scores 4 a completed city it touches to every
    /// player with a barn there, once each.
    pub fn final_scoring(&self, engine: &mut Engine) -> Vec<ScoreEvent> {
        if !self.barns {
            return Vec::new();
        }
        let mut fields: Vec<(NodeId, Vec<usize>)> = Vec::new();
        for (_, player, corner) in barn_corners(engine) {
            let Some(field) = corner_field(engine, corner) else {
                continue;
            };
            let root = engine.root(field);
            match fields.iter_mut().find(|(f, _)| *f == root) {
                Some((_, players)) => players.push(player),
                None => fields.push((root, vec![player])),
            }
        }
        fields
            .into_iter()
            .map(|(root, mut players)| {
                players.sort_unstable();
                players.dedup();
                let cities = completed_cities_touched(engine, root);
                let points = BARN_FINAL_POINTS * cities as u32;
                ScoreEvent {
                    players,
                    points,
                    feature: FeatureKind::Field,
                    breakdown: Breakdown::Text(format!(
                        "field with a barn touching {cities} completed {}, {BARN_FINAL_POINTS} each = {points}",
                        if cities == 1 { "city" } else { "cities" }
                    )),
                }
            })
            .collect()
    }
}

/// The farmers of the barn's field `field` score `per_city` a completed city it touches and go
/// home (the barn placed: 3; a field joined to a barn's: 1).
fn barn_field_scoring(
    rules: &Carcassonne,
    engine: &mut Engine,
    field: NodeId,
    per_city: u32,
    outcome: &mut Outcome,
) {
    let component = engine.component(field);
    let (figures, contents) = (component.figures.clone(), component.contents);
    let farmers: Vec<FigureId> = figures
        .into_iter()
        .filter(|f| {
            let figure = &engine.figures[*f as usize];
            figure.on_board && (figure.kind == FARMER || figure.kind == LARGE_FARMER)
        })
        .collect();
    if farmers.is_empty() {
        return;
    }
    let winners = rules.winners(engine, &farmers, &contents);
    let cities = completed_cities_touched(engine, field);
    let why = if per_city == BARN_PLACED_POINTS {
        "a barn placed"
    } else {
        "joined to a barn's"
    };
    // Traders & Builders' pig adds 1 a city for its owner in both scorings, and goes home with
    // the farmers (JCloisterZone's reading; the barn's own final scoring takes no pig).
    let (with_pig, without): (Vec<usize>, Vec<usize>) = winners
        .into_iter()
        .partition(|&player| rules.traders.has_pig(engine, field, player));
    for (players, pig) in [(without, false), (with_pig, true)] {
        if players.is_empty() {
            continue;
        }
        let each = per_city + u32::from(pig);
        let points = each * cities as u32;
        outcome.events.push(ScoreEvent {
            players,
            points,
            feature: FeatureKind::Field,
            breakdown: Breakdown::Text(format!(
                "field touching {cities} completed {}, {why}: {each} each{} = {points}",
                if cities == 1 { "city" } else { "cities" },
                if pig { " with the pig" } else { "" }
            )),
        });
    }
    for kind in [FARMER, LARGE_FARMER, super::traders::PIG] {
        outcome
            .returned
            .extend(engine.return_figures_of(field, kind));
    }
}

/// The barns on the board: each one's id, owner and corner.
fn barn_corners(engine: &Engine) -> Vec<(FigureId, usize, Pos)> {
    engine
        .figures
        .iter()
        .enumerate()
        .filter(|(_, f)| f.on_board && f.kind == BARN)
        .filter_map(|(id, f)| match f.spot() {
            Spot::Corner(corner) => Some((id as FigureId, f.player, corner)),
            _ => None,
        })
        .collect()
}

/// The four corners of the tile at `pos`, each named by the position south-east of it
/// (`Spot::Corner`): north-west, north-east, south-west, south-east.
fn corners_of(pos: Pos) -> [Pos; 4] {
    [
        pos,
        Pos::new(pos.x + 1, pos.y),
        Pos::new(pos.x, pos.y + 1),
        Pos::new(pos.x + 1, pos.y + 1),
    ]
}

/// The field that meets at the corner north-west of `corner` when four tiles meet there and
/// each shows one field at its corner (both half-sides at the corner in one field), or `None`.
fn corner_field(engine: &mut Engine, corner: Pos) -> Option<NodeId> {
    // The tiles north-west, north, west of the corner's position and at it, and the two
    // half-sides (board orientation) of each that meet at the corner.
    const HALVES: [[(Side, Half); 2]; 4] = [
        [(Side::E, Half::R), (Side::S, Half::L)],
        [(Side::S, Half::R), (Side::W, Half::L)],
        [(Side::N, Half::R), (Side::E, Half::L)],
        [(Side::W, Half::R), (Side::N, Half::L)],
    ];
    let tiles = engine.corner_tiles(corner);
    let mut field = None;
    for (placement, halves) in tiles.into_iter().zip(HALVES) {
        let placement = placement?;
        let placed = *engine.placement(placement);
        let tile = &engine.catalog[placed.tile];
        let anchors = halves.map(|(side, half)| Anchor::Half(placed.rotation.to_tile(side), half));
        let index =
            tile.feature_claiming(anchors.into_iter(), |kind| kind == FeatureKind::Field)?;
        if tile.features[index].kind != FeatureKind::Field {
            return None;
        }
        field.get_or_insert(placed.first_node + index as NodeId);
    }
    field
}

/// The empty squares whose four neighbours hold tiles, in board order.
pub fn holes(engine: &Engine) -> Vec<Pos> {
    let mut holes: Vec<Pos> = engine
        .placements
        .iter()
        .flat_map(|placed| Side::ALL.map(|side| placed.pos.neighbour(side)))
        .filter(|pos| is_hole(engine, *pos))
        .collect();
    holes.sort_unstable_by_key(|pos| (pos.y, pos.x));
    holes.dedup();
    holes
}

/// Whether `pos` is empty and its four neighbours hold tiles.
fn is_hole(engine: &Engine, pos: Pos) -> bool {
    engine.at(pos).is_none() && engine.neighbours(pos).iter().all(Option::is_some)
}

/// The features a wagon that stood on `from` may move to (2nd edition): a road, city or
/// monastery with a part on the wagon's tile or one of the 8 around it, not complete and with
/// no figure on it; one node of each feature.
pub fn wagon_targets(engine: &mut Engine, from: NodeId) -> Vec<NodeId> {
    let (placement, _) = engine.origin(from);
    let pos = engine.placement(placement).pos;
    let mut targets: Vec<(NodeId, NodeId)> = Vec::new();
    for near in engine.square_around(pos).into_iter().flatten() {
        let placed = *engine.placement(near);
        let count = engine.catalog[placed.tile].features.len();
        for index in 0..count {
            let node = placed.first_node + index as NodeId;
            let kind = engine.feature_kind(node);
            let complete = match kind {
                FeatureKind::Road | FeatureKind::City => engine.component(node).open_ends == 0,
                FeatureKind::Monastery => engine.filled_around(placed.pos) == 8,
                _ => continue,
            };
            let root = engine.root(node);
            let occupied = crate::any_figure_on(engine, node, false, |f| f.on_board);
            if !complete && !occupied && !targets.iter().any(|(r, _)| *r == root) {
                targets.push((root, node));
            }
        }
    }
    targets.into_iter().map(|(_, node)| node).collect()
}

/// The roots of the features on the tiles beside `placement` that meet a side its tile
/// closes (the abbey's neighbours' roads, cities and fields facing it): what placing it may
/// complete besides its own features. Empty for a tile that closes no side.
pub fn closed_beside(engine: &mut Engine, placement: PlacementId) -> Vec<NodeId> {
    let placed = *engine.placement(placement);
    if !engine.catalog[placed.tile].closes_sides() {
        return Vec::new();
    }
    let mut roots = Vec::new();
    for side in Side::ALL {
        if !engine.catalog[placed.tile].closes(placed.rotation, side) {
            continue;
        }
        let Some(neighbour) = engine.at(placed.pos.neighbour(side)) else {
            continue;
        };
        let theirs = *engine.placement(neighbour);
        let facing = theirs.rotation.to_tile(Side::from_index(side.index() + 2));
        let nodes: Vec<NodeId> = engine.catalog[theirs.tile].side_entries[facing.index()]
            .iter()
            .map(|entry| theirs.first_node + entry.feature)
            .collect();
        for node in nodes {
            let root = engine.root(node);
            if !roots.contains(&root) {
                roots.push(root);
            }
        }
    }
    roots
}

impl AbbeyAndMayor {
    /// The barns standing in the field of `node` (they keep farmers out of it).
    pub fn barns_in_field(&self, engine: &mut Engine, node: NodeId) -> Vec<FigureId> {
        if !self.barn_on_board {
            return Vec::new();
        }
        let root = engine.root(node);
        barn_corners(engine)
            .into_iter()
            .filter(|(_, _, corner)| {
                corner_field(engine, *corner).is_some_and(|f| engine.root(f) == root)
            })
            .map(|(id, ..)| id)
            .collect()
    }
}
