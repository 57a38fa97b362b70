//! What a picture or an editor shows of a game at a point, read off the runner's board: the
//! tiles, the pieces in play and where each is, the players and the last tile placed. The
//! checker's state at a line ([`crate::check::GameState`]) hands it to render and the language
//! server, which so read the runner, not the checker.

use crate::engine::{Engine, Figure, FigureId, NodeId, PlacementId, Pos, Spot};
use crate::model::{FeatureKind, FeatureRef, Ruleset};

use super::names::feature_target;

/// The board of a game at a point, as render draws it.
#[derive(Debug, Clone, Copy)]
pub struct BoardView<'a> {
    /// The placements, features and figures.
    pub engine: &'a Engine,
    pub players: &'a [String],
    /// The last tile placed (by a turn or a setup `lay`), which a picture marks.
    pub last_placed: Option<PlacementId>,
    /// The ruleset, whose descriptor gives each figure's strength (a large follower is drawn
    /// larger).
    pub ruleset: Ruleset,
}

/// A piece in play: a figure or a neutral piece on the board, or a figure held by a player.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceInPlay {
    pub id: FigureId,
    /// Index into the game's players; `None` for a neutral piece (the dragon, the fairy).
    pub owner: Option<usize>,
    pub kind: &'static str,
    pub spot: PieceSpot,
}

/// Where a piece in play is ([`Spot`] with what a picture needs to find it).
#[derive(Debug, Clone, PartialEq)]
pub enum PieceSpot {
    /// On a feature of a tile (or on its river system).
    Feature(FeatureSpot),
    /// On a tile as a whole.
    Tile { placement: PlacementId, pos: Pos },
    /// On the corner where four positions meet: the north-west corner of `pos`.
    Corner { pos: Pos },
    /// Beside the figure `figure` (one of the pieces listed with it).
    Beside { figure: FigureId },
    /// On the tower of a tile: a floor, or the figure on its top.
    Tower { placement: PlacementId, pos: Pos },
    /// In the hands of player `by` (a prisoner), off the board.
    Held { by: usize },
}

/// A feature a piece stands on.
#[derive(Debug, Clone, PartialEq)]
pub struct FeatureSpot {
    /// The feature node (see [`Engine::origin`], [`Engine::component`]).
    pub node: NodeId,
    pub placement: PlacementId,
    pub pos: Pos,
    /// Index of the feature in its tile's definition.
    pub feature: usize,
    pub feature_kind: FeatureKind,
    /// The feature as a deployment names it, in board orientation (`on NL`, `on ER+SL+SR+WL`).
    pub target: FeatureRef,
}

impl PieceInPlay {
    /// The feature the piece stands on, if it stands on one.
    pub fn feature(&self) -> Option<&FeatureSpot> {
        match &self.spot {
            PieceSpot::Feature(on) => Some(on),
            _ => None,
        }
    }
}

/// Every piece in play (on the board or held by a player), in the order they came into play,
/// with its owner and where it is.
pub fn pieces_in_play(engine: &Engine) -> Vec<PieceInPlay> {
    engine
        .figures
        .iter()
        .enumerate()
        .filter(|(_, figure)| figure.on_board)
        .map(|(id, figure)| PieceInPlay {
            id: id as FigureId,
            owner: figure.owner(),
            kind: figure.kind.0,
            spot: spot_of(engine, figure),
        })
        .collect()
}

/// Where figure `id` is, or stood last if it went home.
pub fn last_spot(engine: &Engine, id: FigureId) -> PieceSpot {
    spot_of(engine, &engine.figures[id as usize])
}

fn spot_of(engine: &Engine, figure: &Figure) -> PieceSpot {
    let on_tile = |placement: PlacementId| (placement, engine.placement(placement).pos);
    match figure.spot() {
        Spot::Feature(node) | Spot::RiverSystem(node) => {
            let (placement, feature) = engine.origin(node);
            PieceSpot::Feature(FeatureSpot {
                node,
                placement,
                pos: engine.placement(placement).pos,
                feature,
                feature_kind: engine.feature_kind(node),
                target: feature_target(engine, node),
            })
        }
        Spot::Tile(placement) => {
            let (placement, pos) = on_tile(placement);
            PieceSpot::Tile { placement, pos }
        }
        Spot::Tower(placement) => {
            let (placement, pos) = on_tile(placement);
            PieceSpot::Tower { placement, pos }
        }
        Spot::Corner(pos) => PieceSpot::Corner { pos },
        Spot::Beside(figure) => PieceSpot::Beside { figure },
        Spot::Held { by } => PieceSpot::Held { by },
    }
}

/// A small board with a piece in each kind of spot, for the tests of the view and of render:
/// no ruleset puts pieces off the features yet, so the tests put them through the engine.
/// Compiled for the tests of the renderer too (the crate's feature `fixture`).
#[cfg(any(test, feature = "fixture"))]
pub mod fixture {
    use crate::engine::{CompiledTile, Engine, Figure, FigureId, FigureKind, NodeId, Pos, Spot};
    use crate::model::{FeatureKind, Rotation, Ruleset, TileKind};

    /// The ids of the pieces [`board_with_a_piece_in_each_spot`] puts.
    #[derive(Debug)]
    pub struct Pieces {
        pub road: NodeId,
        pub follower: FigureId,
        pub dragon: FigureId,
        pub barn: FigureId,
        pub fairy: FigureId,
        pub floors: [FigureId; 2],
        pub on_top: FigureId,
        pub prisoner: FigureId,
        /// A follower that went home: not in play.
        pub gone: FigureId,
    }

    /// The base set's start tile at 0,0 and tiles at 1,0, 0,1 and 1,1 (so four tiles meet at
    /// the corner north-west of 1,1), with red's (player 0's) thief on the start tile's road
    /// (where a thief of blue stood and went home), the fairy beside it, the dragon on the tile
    /// at 1,0, blue's barn on the corner, two floors and blue's knight on the tower of the tile
    /// at 0,1, and a knight of blue held by red. The base game declares the thief and the
    /// knight, not the other pieces.
    pub fn board_with_a_piece_in_each_spot() -> (Engine, Pieces) {
        let set = crate::load::load("carcassonne-base")
            .ok()
            .and_then(|loaded| loaded.usable().cloned())
            .expect("the shipped base set");
        let catalog: Vec<CompiledTile> = set
            .tiles
            .iter()
            .map(|tile| CompiledTile::compile(tile, Ruleset::Carcassonne))
            .collect();
        let mut engine = Engine::new(catalog);
        let start = (0..engine.catalog.len())
            .find(|t| engine.catalog[*t].kind == TileKind::Start)
            .expect("a start tile");
        let (first, _) = engine.place(start, Pos::new(0, 0), Rotation(0));
        let mut placed = vec![first];
        for pos in [Pos::new(1, 0), Pos::new(0, 1), Pos::new(1, 1)] {
            let (tile, rotation) = (0..engine.catalog.len())
                .find_map(|tile| {
                    engine
                        .legal_placements(tile)
                        .into_iter()
                        .find(|(at, _)| *at == pos)
                        .map(|(_, rotation)| (tile, rotation))
                })
                .expect("a base tile fits");
            placed.push(engine.place(tile, pos, rotation).0);
        }
        let first_node = engine.placement(first).first_node;
        let road = (first_node..)
            .find(|n| engine.feature_kind(*n) == FeatureKind::Road)
            .expect("the start tile has a road");
        let follower = engine.deploy(0, FigureKind("thief"), road, false, 0);
        let gone = engine.deploy(1, FigureKind("thief"), road, false, 0);
        engine.return_figure(gone);
        let fairy = engine.put(
            Figure::NOBODY,
            FigureKind("fairy"),
            Spot::Beside(follower),
            0,
        );
        let dragon = engine.put(
            Figure::NOBODY,
            FigureKind("dragon"),
            Spot::Tile(placed[1]),
            0,
        );
        let barn = engine.put(1, FigureKind("barn"), Spot::Corner(Pos::new(1, 1)), 0);
        let floors = [0, 1].map(|_| {
            engine.put(
                Figure::NOBODY,
                FigureKind("floor"),
                Spot::Tower(placed[2]),
                0,
            )
        });
        let on_top = engine.put(1, FigureKind("knight"), Spot::Tower(placed[2]), 0);
        let prisoner = engine.put(1, FigureKind("knight"), Spot::Held { by: 0 }, 0);
        let pieces = Pieces {
            road,
            follower,
            dragon,
            barn,
            fairy,
            floors,
            on_top,
            prisoner,
            gone,
        };
        (engine, pieces)
    }
}

#[cfg(test)]
mod tests {
    use super::fixture::board_with_a_piece_in_each_spot;
    use super::*;
    use crate::model::Anchor;

    #[test]
    fn the_view_lists_every_piece_in_play_where_it_is() {
        let (engine, ids) = board_with_a_piece_in_each_spot();
        let pieces = pieces_in_play(&engine);
        let spot = |id: FigureId| {
            pieces
                .iter()
                .find(|p| p.id == id)
                .map(|p| (p.owner, p.kind, p.spot.clone()))
        };
        let (follower_owner, _, on_road) = spot(ids.follower).expect("listed");
        assert_eq!(follower_owner, Some(0));
        let on = match on_road {
            PieceSpot::Feature(on) => on,
            other => panic!("on the road: {other:?}"),
        };
        assert_eq!(
            (on.node, on.pos, on.feature_kind),
            (ids.road, Pos::new(0, 0), FeatureKind::Road)
        );
        // The start tile's road runs west to east.
        assert_eq!(
            on.target,
            FeatureRef::Anchors(vec![
                Anchor::Side(crate::model::Side::E),
                Anchor::Side(crate::model::Side::W)
            ])
        );
        let tile_at = |pos: Pos| engine.at(pos).expect("a tile");
        assert_eq!(
            spot(ids.dragon),
            Some((
                None,
                "dragon",
                PieceSpot::Tile {
                    placement: tile_at(Pos::new(1, 0)),
                    pos: Pos::new(1, 0)
                }
            ))
        );
        assert_eq!(
            spot(ids.barn),
            Some((
                Some(1),
                "barn",
                PieceSpot::Corner {
                    pos: Pos::new(1, 1)
                }
            ))
        );
        assert_eq!(
            spot(ids.fairy),
            Some((
                None,
                "fairy",
                PieceSpot::Beside {
                    figure: ids.follower
                }
            ))
        );
        let tower = PieceSpot::Tower {
            placement: tile_at(Pos::new(0, 1)),
            pos: Pos::new(0, 1),
        };
        for floor in ids.floors {
            assert_eq!(spot(floor), Some((None, "floor", tower.clone())));
        }
        assert_eq!(spot(ids.on_top), Some((Some(1), "knight", tower)));
        assert_eq!(
            spot(ids.prisoner),
            Some((Some(1), "knight", PieceSpot::Held { by: 0 }))
        );
        // The follower that went home is not in play; every other piece is listed once, in
        // the order they came into play.
        assert_eq!(spot(ids.gone), None);
        let listed: Vec<FigureId> = pieces.iter().map(|p| p.id).collect();
        let mut expected: Vec<FigureId> = (0..engine.figures.len() as FigureId)
            .filter(|id| *id != ids.gone)
            .collect();
        expected.sort_unstable();
        assert_eq!(listed, expected);
        assert_eq!(pieces.iter().filter(|p| p.feature().is_some()).count(), 1);
    }
}
