//! Where pieces are: a figure or a neutral piece on a feature (listed in the feature's
//! figures, so counted in its majority), on a river system, on a tile, on a corner, beside a
//! figure, on a tower, or held by a player; and the moves between these spots.

use super::{Engine, FigureId, FigureKind, NodeId, PlacementId, Pos};

/// Where a piece (a figure or a token a ruleset moves about) is: on a feature, as every
/// follower of the base game, or off the features, as the pieces of later expansions are.
///
/// Only a piece on a feature (or a river system) is listed in that feature's figures, so only
/// it counts in the feature's majority; a piece elsewhere is found by [`Engine::pieces_at`]
/// and counts where a ruleset counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Spot {
    /// On the feature of a node: listed in the feature's figures (a follower on a road).
    Feature(NodeId),
    /// On a river or lake node, listed in its river system's figures rather than the
    /// feature's (a hut of Hunters and Gatherers).
    RiverSystem(NodeId),
    /// On a tile as a whole, on none of its features (the dragon).
    Tile(PlacementId),
    /// On the point where four positions meet: the north-west corner of the position `Pos`,
    /// which it shares with its west, north and north-west neighbours (the barn; see
    /// [`Engine::corner_tiles`]).
    Corner(Pos),
    /// Beside another figure, following it wherever it stands (the fairy beside a follower).
    Beside(FigureId),
    /// On the tower of a tile: a floor of it or the figure on its top.
    Tower(PlacementId),
    /// Off the board in a player's hands (a prisoner of The Tower), not in its owner's supply.
    Held { by: usize },
}

impl Spot {
    /// The node of a spot on a feature or a river system.
    #[inline]
    pub fn node(self) -> Option<NodeId> {
        match self {
            Spot::Feature(node) | Spot::RiverSystem(node) => Some(node),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Figure {
    /// Its owner, or [`Figure::NOBODY`] for a neutral piece (the dragon, the fairy, a tower
    /// floor once placed).
    pub player: usize,
    pub kind: FigureKind,
    /// Where it stands, or stood last once it went back to its owner (a take-back names the
    /// figure where it stood). Moved by [`Engine::move_piece`], never written directly, so
    /// that the features' lists of figures follow it.
    spot: Spot,
    /// In play: on the board or held by a player. False once the figure went back to its
    /// owner's supply.
    pub on_board: bool,
    /// Caller's tag (the checker keeps the step that deployed the figure, for labels).
    pub tag: usize,
}

impl Figure {
    /// The owner of a neutral piece, which belongs to nobody.
    pub const NOBODY: usize = usize::MAX;

    /// Where the figure stands (or stood last).
    #[inline]
    pub fn spot(&self) -> Spot {
        self.spot
    }

    /// The node the figure stands (or stood last) on, when on a feature or a river system:
    /// the one read the scoring and majority code makes of where a figure is.
    #[inline]
    pub fn node(&self) -> Option<NodeId> {
        self.spot.node()
    }

    /// Its owner; `None` for a neutral piece.
    pub fn owner(&self) -> Option<usize> {
        (self.player != Figure::NOBODY).then_some(self.player)
    }
}

impl Engine {
    /// Puts a new piece of `player` (or [`Figure::NOBODY`]'s) at `spot` and returns its id.
    pub fn put(&mut self, player: usize, kind: FigureKind, spot: Spot, tag: usize) -> FigureId {
        let id = self.figures.len() as FigureId;
        self.figures.push(Figure {
            player,
            kind,
            spot,
            on_board: true,
            tag,
        });
        self.enter(id, spot);
        id
    }

    /// Moves a piece in play to `to`: a dragon's step from tile to tile, the fairy beside
    /// another follower, a follower captured into a player's hands (`Spot::Held`) or put back
    /// on the board. It leaves the list of the feature it stood on and joins that of the
    /// feature it goes to; the pieces beside it go with it.
    pub fn move_piece(&mut self, figure: FigureId, to: Spot) {
        debug_assert!(self.figures[figure as usize].on_board, "a piece in play");
        debug_assert!(
            to != Spot::Beside(figure),
            "a piece does not stand beside itself"
        );
        self.leave(figure);
        self.figures[figure as usize].spot = to;
        self.enter(figure, to);
    }

    /// Takes a figure prisoner: off the board into the hands of player `by`.
    pub fn capture(&mut self, figure: FigureId, by: usize) {
        self.move_piece(figure, Spot::Held { by });
    }

    /// Puts a piece into the list of the feature or river system `spot` is on (a piece
    /// elsewhere is in no list).
    fn enter(&mut self, figure: FigureId, spot: Spot) {
        match spot {
            Spot::Feature(node) => {
                let root = self.features.find_mut(node);
                self.components[root as usize].figures.push(figure);
            }
            Spot::RiverSystem(node) => {
                self.cover_systems(node as usize + 1);
                let root = self.systems_uf.find_mut(node);
                self.systems[root as usize].figures.push(figure);
            }
            _ => {}
        }
    }

    /// Takes a piece out of the list of the feature or river system it stands on.
    pub(super) fn leave(&mut self, figure: FigureId) {
        match self.figures[figure as usize].spot {
            Spot::Feature(node) => {
                let root = self.features.find_mut(node) as usize;
                self.components[root].figures.retain(|f| *f != figure);
            }
            // Entering a river system gave the node its entry (`enter`).
            Spot::RiverSystem(node) => {
                let root = self.systems_uf.find_mut(node) as usize;
                self.systems[root].figures.retain(|f| *f != figure);
            }
            _ => {}
        }
    }

    /// The pieces in play at `spot` exactly, in the order they were put into play (a scan of
    /// the figures, a few dozen). The figures of a whole feature, on whichever of its nodes
    /// they stand, are its list instead: [`Engine::figures_on`].
    pub fn pieces_at(&self, spot: Spot) -> impl Iterator<Item = FigureId> + '_ {
        self.figures
            .iter()
            .enumerate()
            .filter(move |(_, f)| f.on_board && f.spot == spot)
            .map(|(id, _)| id as FigureId)
    }

    /// The placements at the four positions that meet at the corner of `Spot::Corner(pos)`:
    /// north-west, north, west of `pos`, and `pos` itself.
    pub fn corner_tiles(&self, pos: Pos) -> [Option<PlacementId>; 4] {
        [
            Pos::new(pos.x - 1, pos.y - 1),
            Pos::new(pos.x, pos.y - 1),
            Pos::new(pos.x - 1, pos.y),
            pos,
        ]
        .map(|at| self.at(at))
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{base_catalog, play};
    use super::*;
    use crate::model::FeatureKind;

    const FOLLOWER: FigureKind = FigureKind("follower");
    const DRAGON: FigureKind = FigureKind("dragon");
    const FAIRY: FigureKind = FigureKind("fairy");
    const BARN: FigureKind = FigureKind("barn");
    const FLOOR: FigureKind = FigureKind("floor");

    /// A whole base game laid out.
    fn board() -> Engine {
        let (catalog, counts) = base_catalog();
        let mut engine = Engine::new(catalog);
        play(&mut engine, &counts, 0);
        engine
    }

    /// Two nodes of two different roads, on different tiles.
    fn two_roads(engine: &mut Engine) -> (NodeId, NodeId) {
        let roads: Vec<NodeId> = engine
            .feature_roots()
            .into_iter()
            .filter(|n| engine.feature_kind(*n) == FeatureKind::Road)
            .collect();
        let first = roads[0];
        let second = *roads
            .iter()
            .find(|n| engine.origin(**n).0 != engine.origin(first).0)
            .expect("roads on two tiles");
        (first, second)
    }

    /// Every feature's list of figures, to tell that a piece is on no feature.
    fn listed(engine: &mut Engine) -> Vec<FigureId> {
        let mut all = Vec::new();
        for root in engine.feature_roots() {
            all.extend(engine.component(root).figures.iter().copied());
        }
        all.sort_unstable();
        all
    }

    /// A position whose north-west corner is where four tiles meet.
    fn inner_corner(engine: &Engine) -> Pos {
        engine
            .placements
            .iter()
            .map(|p| p.pos)
            .find(|pos| engine.corner_tiles(*pos).iter().all(Option::is_some))
            .expect("four tiles meet somewhere in a whole game")
    }

    #[test]
    fn each_spot_holds_its_pieces_and_only_a_feature_lists_them() {
        let mut engine = board();
        let (road, _) = two_roads(&mut engine);
        let (tile, _) = engine.origin(road);
        let corner = inner_corner(&engine);

        let follower = engine.deploy(0, FOLLOWER, road, false, 0);
        let hut = engine.deploy(0, FigureKind("hut"), road, true, 0);
        // Player 1's pieces everywhere but on the road's feature, and neutral ones.
        let dragon = engine.put(Figure::NOBODY, DRAGON, Spot::Tile(tile), 0);
        let barn = engine.put(1, BARN, Spot::Corner(corner), 0);
        let fairy = engine.put(Figure::NOBODY, FAIRY, Spot::Beside(follower), 0);
        let floors = [0, 1].map(|_| engine.put(Figure::NOBODY, FLOOR, Spot::Tower(tile), 0));
        let on_top = engine.put(1, FOLLOWER, Spot::Tower(tile), 0);
        let prisoner = engine.put(1, FOLLOWER, Spot::Held { by: 0 }, 0);

        let figure = |id: FigureId| engine.figures[id as usize].clone();
        assert_eq!(figure(follower).spot(), Spot::Feature(road));
        assert_eq!(figure(follower).node(), Some(road));
        assert_eq!(figure(hut).node(), Some(road));
        for off in [dragon, barn, fairy, floors[0], floors[1], on_top, prisoner] {
            assert_eq!(figure(off).node(), None, "{:?}", figure(off));
            assert!(figure(off).on_board, "in play: {:?}", figure(off));
        }
        assert_eq!(figure(dragon).owner(), None);
        assert_eq!(figure(barn).owner(), Some(1));

        // Only the follower is in the feature's list (and so in its majority); the hut is in
        // the river system's.
        assert_eq!(listed(&mut engine), [follower]);
        assert_eq!(engine.figures_on(road), [follower]);
        assert_eq!(engine.figures_on_system(road), [hut]);

        let at = |engine: &Engine, spot| engine.pieces_at(spot).collect::<Vec<_>>();
        assert_eq!(at(&engine, Spot::Tile(tile)), [dragon]);
        assert_eq!(at(&engine, Spot::Corner(corner)), [barn]);
        assert_eq!(at(&engine, Spot::Beside(follower)), [fairy]);
        assert_eq!(
            at(&engine, Spot::Tower(tile)),
            [floors[0], floors[1], on_top]
        );
        assert_eq!(at(&engine, Spot::Held { by: 0 }), [prisoner]);
        assert!(at(&engine, Spot::Held { by: 1 }).is_empty());
        assert_eq!(at(&engine, Spot::Feature(road)), [follower]);
    }

    #[test]
    fn the_corner_is_where_four_positions_meet() {
        let engine = board();
        let corner = inner_corner(&engine);
        let [north_west, north, west, here] = engine.corner_tiles(corner);
        let at = |dx, dy| engine.at(Pos::new(corner.x + dx, corner.y + dy));
        assert_eq!(
            (north_west, north, west, here),
            (at(-1, -1), at(0, -1), at(-1, 0), at(0, 0))
        );
        assert!(here.is_some());
        // Beside the first tile of a game only that tile's corner holds a tile.
        let (catalog, _) = base_catalog();
        let mut alone = Engine::new(catalog);
        let placed = alone.place(0, Pos::new(0, 0), crate::model::Rotation(0)).0;
        assert_eq!(
            alone.corner_tiles(Pos::new(0, 0)),
            [None, None, None, Some(placed)]
        );
        assert_eq!(
            alone.corner_tiles(Pos::new(1, 1)),
            [Some(placed), None, None, None]
        );
    }

    #[test]
    fn pieces_move_between_spots() {
        let mut engine = board();
        let (road, other_road) = two_roads(&mut engine);
        let (tile, _) = engine.origin(road);
        let (other_tile, _) = engine.origin(other_road);
        let follower = engine.deploy(0, FOLLOWER, road, false, 0);
        let other = engine.deploy(1, FOLLOWER, other_road, false, 0);

        // A piece put at `from` and moved to `to` is found there alone, and no longer at
        // `from`.
        let put_and_move = |engine: &mut Engine, kind, from, to| {
            let piece = engine.put(Figure::NOBODY, kind, from, 0);
            engine.move_piece(piece, to);
            assert_eq!(engine.pieces_at(from).count(), 0);
            assert_eq!(engine.pieces_at(to).collect::<Vec<_>>(), [piece]);
            piece
        };
        // The dragon's step, from tile to tile; the fairy, moved beside another follower.
        let dragon = put_and_move(
            &mut engine,
            DRAGON,
            Spot::Tile(tile),
            Spot::Tile(other_tile),
        );
        put_and_move(
            &mut engine,
            FAIRY,
            Spot::Beside(follower),
            Spot::Beside(other),
        );
        assert_eq!(
            listed(&mut engine),
            [follower, other],
            "the fairy is on no feature"
        );

        // A follower moved from feature to feature (a wagon) leaves the one and joins the other.
        engine.move_piece(other, Spot::Feature(road));
        assert!(engine.figures_on(other_road).is_empty());
        assert_eq!(engine.figures_on(road), [follower, other]);
        engine.move_piece(other, Spot::Feature(other_road));

        // Captured: off the feature, into player 1's hands, still out of its owner's supply.
        engine.capture(follower, 1);
        assert!(engine.figures_on(road).is_empty());
        let prisoner = &engine.figures[follower as usize];
        assert_eq!(
            (prisoner.spot(), prisoner.node()),
            (Spot::Held { by: 1 }, None)
        );
        assert!(prisoner.on_board);
        assert_eq!(
            engine.pieces_at(Spot::Held { by: 1 }).collect::<Vec<_>>(),
            [follower]
        );

        // Released: home to its owner's supply, named where it was last.
        engine.return_figure(follower);
        assert!(!engine.figures[follower as usize].on_board);
        assert_eq!(
            engine.figures[follower as usize].spot(),
            Spot::Held { by: 1 }
        );
        assert_eq!(engine.pieces_at(Spot::Held { by: 1 }).count(), 0);
        assert!(engine.figures_on(road).is_empty());

        // A figure captured from a tower's top and put back on the board on a feature.
        let on_top = engine.put(0, FOLLOWER, Spot::Tower(tile), 0);
        engine.capture(on_top, 1);
        assert_eq!(engine.pieces_at(Spot::Tower(tile)).count(), 0);
        engine.move_piece(on_top, Spot::Feature(road));
        assert_eq!(engine.figures_on(road), [on_top]);

        // A hut moved off its river system leaves the system's list.
        let hut = engine.deploy(0, FigureKind("hut"), other_road, true, 0);
        engine.move_piece(hut, Spot::Tile(tile));
        assert!(engine.figures_on_system(other_road).is_empty());
        assert_eq!(listed(&mut engine), [other, on_top]);

        // A piece off a feature goes home without touching a feature's list.
        engine.return_figure(dragon);
        assert_eq!(engine.pieces_at(Spot::Tile(other_tile)).count(), 0);
        assert_eq!(listed(&mut engine), [other, on_top]);
    }

    /// A piece moved onto a feature is in the feature's list after tiles join it to others,
    /// as a deployed figure is.
    #[test]
    fn a_piece_moved_onto_a_feature_follows_its_joins() {
        let (catalog, _) = base_catalog();
        let mut engine = Engine::new(catalog);
        let start = engine
            .catalog
            .iter()
            .position(|t| t.kind == crate::model::TileKind::Start)
            .expect("a start tile");
        let (placed, _) = engine.place(start, Pos::new(0, 0), crate::model::Rotation(0));
        let first = engine.placement(placed).first_node;
        let road = (first..first + engine.tile_of(placed).features.len() as NodeId)
            .find(|n| engine.feature_kind(*n) == FeatureKind::Road)
            .expect("the start tile has a road");
        let dragon = engine.put(Figure::NOBODY, DRAGON, Spot::Tile(placed), 0);
        engine.move_piece(dragon, Spot::Feature(road));
        // A tile beside the start tile's road, on either side, extends it.
        let beside = (0..engine.catalog.len())
            .flat_map(|tile| {
                engine
                    .legal_placements(tile)
                    .into_iter()
                    .map(move |p| (tile, p))
            })
            .find(|(_, (pos, _))| pos.y == 0)
            .expect("a tile fits beside the road");
        engine.place(beside.0, beside.1.0, beside.1.1);
        assert_eq!(engine.component(road).segments, 2, "the road extended");
        assert_eq!(engine.figures_on(road), [dragon]);
        assert_eq!(listed(&mut engine), [dragon]);
    }
}
