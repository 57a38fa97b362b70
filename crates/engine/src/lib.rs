//! The game-agnostic engine: the board, tile placement, the feature graph and the figures.
//!
//! Pure and deterministic: no I/O, no clocks, no randomness. Each placement costs amortised
//! O(1): the board is kept in blocks of cells whose neighbours are reached by index (see
//! [`board`]), features are joined in a union-find whose roots carry the data of their whole
//! feature (open ends, contents, figures), and the set of open positions is kept up to date
//! instead of being searched for.
//!
//! A placement allocates nothing on the heap (once the tables have grown): a feature's segments
//! are threaded on a circular list through each node's `next_segment` (joining two features
//! splices their lists in O(1)) instead of each feature owning vectors of its tiles, lakes and
//! cities, every table grows by amortised pushes, and [`Engine::place_into`] writes the roots it
//! returns into the caller's buffer. [`Engine::clear`] empties the engine for the next game and
//! keeps its capacity.
//!
//! This file holds the [`Engine`] itself (its tables and the reads of the board) and the
//! crate's public names; each concern is a module of its own:
//!
//! - `board`: what each position holds, in blocks of cells;
//! - `catalog`: the tiles compiled for play;
//! - `legal`: where a tile may lie (the open positions, the check of one placement, the scan
//!   of all of them) and, in `legal::pick`, the k-th legal placement without sorting;
//! - `place`: laying a tile (and previewing it): the board filled, the features joined;
//! - `features`: the feature graph, its union-find merge and the reads the rules score from;
//! - `rivers`: river systems, rivers joined through their lakes;
//! - `pieces`: the figures and tokens, where each stands and how it moves;
//! - `union_find`: the disjoint sets under the feature graph and the river systems.

// The bottom layer's model at the path the files name it by.
pub(crate) use carcspec_core::model;

mod board;
pub mod catalog;
mod features;
mod legal;
mod pieces;
mod place;
mod rivers;
mod union_find;

use std::sync::Arc;

use board::Board;
use legal::OpenPosition;
use union_find::UnionFind;

use crate::model::{FeatureKind, Side};
pub use crate::model::{Pos, Rotation};
pub use catalog::{CONTENT_KINDS, CompiledTile, SideEntry, Slot, content_index};
pub use features::Component;
pub use legal::{LegalPlacements, PlacementProblem};
pub use pieces::{Figure, Spot};
pub use place::Preview;
pub use rivers::RiverSystem;

/// The side facing `side` across the edge between two positions.
fn opposite(side: Side) -> Side {
    Side::from_index(side.index() + 2)
}

/// A feature of a placed tile: one node of the feature graph.
pub type NodeId = u32;
/// Index into [`Engine::placements`].
pub type PlacementId = u32;
/// Index into [`Engine::figures`].
pub type FigureId = u32;

#[derive(Debug, Clone, Copy)]
pub struct Placement {
    /// Index into the engine's catalog.
    pub tile: usize,
    pub pos: Pos,
    pub rotation: Rotation,
    pub first_node: NodeId,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FigureKind(pub &'static str);

/// [`Engine::open_columns`] before any position opened: an empty range.
const NO_COLUMNS: (u32, u32) = (u32::MAX, 0);

#[derive(Debug, Clone)]
pub struct Engine {
    /// The compiled tiles, shared by every game of a run that plays the same tile sets.
    pub catalog: Arc<[CompiledTile]>,
    /// Every placed tile and every open position: placed tiles and open positions share one
    /// board so that a placement finds its four neighbours, and whether each is a tile or an
    /// open position, with one read each.
    board: Board,
    pub placements: Vec<Placement>,
    /// Empty positions next to at least one tile, with the edge each of their sides must show,
    /// kept dense so that move generation scans a vector, not a hash map. A filled position is
    /// swap-removed, so the order depends only on the moves played: deterministic.
    open: Vec<OpenPosition>,
    /// The least and the greatest column (biased `x`, the high half of [`legal::position_key`]) of
    /// the positions opened this game; `(u32::MAX, 0)` before the first. The open positions'
    /// columns never leave this range, so [`Engine::scan_legal_placements`] counts the
    /// placements of each column in a table over it.
    open_columns: (u32, u32),
    features: UnionFind,
    /// Per node: its placement and its feature index on the tile.
    /// Per node: where it lies and the next segment of its feature (see [`NodeLinks`]).
    nodes: Vec<NodeLinks>,
    components: Vec<Component>,
    /// The river systems, by node like the features, but only as far as the last node of a
    /// tile with a river or a lake (see [`Engine::cover_systems`]): nodes past the end are each
    /// a system of their own, with no fish and no figures, as they were when every node had an
    /// entry, and base games, which have no rivers, write no entry at all.
    systems_uf: UnionFind,
    systems: Vec<RiverSystem>,
    pub figures: Vec<Figure>,
}

/// Where a node lies (its placement and its feature index on the tile) and the next segment of
/// its feature round a circular list (see the module doc): one record a node, so that a
/// placement extends one table for them, not two. The feature's kind is copied in (it fits in
/// the record's padding) because the rules ask a node's kind often, and reading it through the
/// placement, the catalog and the tile's features is three dependent look-ups.
#[derive(Debug, Clone, Copy)]
struct NodeLinks {
    placement: PlacementId,
    next_segment: NodeId,
    index: u16,
    kind: FeatureKind,
}

impl Engine {
    pub fn new(catalog: impl Into<Arc<[CompiledTile]>>) -> Engine {
        Engine {
            catalog: catalog.into(),
            board: Board::default(),
            placements: Vec::new(),
            open: Vec::new(),
            open_columns: NO_COLUMNS,
            features: UnionFind::default(),
            nodes: Vec::new(),
            components: Vec::new(),
            systems_uf: UnionFind::default(),
            systems: Vec::new(),
            figures: Vec::new(),
        }
    }

    /// Empties the board for a new game on the same catalog, keeping the capacity of every
    /// table so that the next game allocates (almost) nothing.
    pub fn clear(&mut self) {
        self.board.clear();
        self.placements.clear();
        self.open.clear();
        self.open_columns = NO_COLUMNS;
        self.features.clear();
        self.nodes.clear();
        self.components.clear();
        self.systems_uf.clear();
        self.systems.clear();
        self.figures.clear();
    }

    pub fn is_empty(&self) -> bool {
        self.placements.is_empty()
    }

    #[inline]
    pub fn at(&self, pos: Pos) -> Option<PlacementId> {
        self.board.placed_at(pos)
    }

    /// The eight positions around `pos`.
    pub fn around(pos: Pos) -> impl Iterator<Item = Pos> {
        (-1..=1)
            .flat_map(move |dy| (-1..=1).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| (dx, dy) != (0, 0))
            .map(move |(dx, dy)| Pos::new(pos.x + dx, pos.y + dy))
    }

    /// The placements at `pos` and at the eight positions around it (in the order of
    /// [`Engine::around`]): one look-up and steps by index instead of nine look-ups.
    // Asked by the rules (a monastery's square) from the crates above: inlined there, as
    // when the engine was a module of theirs (docs/performance.md).
    #[inline]
    pub fn square_around(&self, pos: Pos) -> [Option<PlacementId>; 9] {
        self.board.square(pos)
    }

    /// How many of the eight positions around `pos` hold a tile.
    // As `square_around`.
    #[inline]
    pub fn filled_around(&self, pos: Pos) -> usize {
        self.square_around(pos)[1..].iter().flatten().count()
    }

    pub fn placement(&self, id: PlacementId) -> &Placement {
        &self.placements[id as usize]
    }

    pub fn tile_of(&self, id: PlacementId) -> &CompiledTile {
        &self.catalog[self.placements[id as usize].tile]
    }

    /// The edge letter on board side `side` of a tile turned by `rotation`.
    fn edge(&self, tile: usize, rotation: Rotation, side: Side) -> u8 {
        self.catalog[tile].edges[rotation.to_tile(side).index()]
    }

    /// The tiles beside `pos`, on its sides N E S W.
    pub fn neighbours(&self, pos: Pos) -> [Option<PlacementId>; 4] {
        self.board.neighbours(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Ruleset, TileKind};

    /// The base game's tiles (tiles/carcassonne-base.tiles), compiled here from the model
    /// that `carcspec::load` reads them into: the engine sits below the loading of tile files,
    /// which its tests alone use, through `carcspec` (a dependency of the tests only).
    pub(crate) fn base_catalog() -> Vec<CompiledTile> {
        let loaded = carcspec::load::load("carcassonne-base").expect("the shipped base set");
        let set = loaded.usable().expect("the base set loads clean");
        set.tiles
            .iter()
            .map(|tile| CompiledTile::compile(tile, Ruleset::Carcassonne))
            .collect()
    }

    /// The base catalog and, last, a tile that closes its four sides around a monastery, as
    /// Abbey & Mayor's abbey does (`closed: N E S W`).
    fn catalog_with_closed_tile() -> Vec<CompiledTile> {
        use crate::model::{Anchor, Feature, Tile, TileKind};
        let mut catalog = base_catalog();
        let closed = Tile {
            id: "closed".into(),
            count: 1,
            kind: TileKind::Land,
            markers: Vec::new(),
            features: vec![Feature::new(FeatureKind::Monastery, vec![Anchor::Inner])],
            closed: Side::ALL.to_vec(),
            spans: Default::default(),
        };
        catalog.push(CompiledTile::compile(&closed, Ruleset::Carcassonne));
        catalog
    }

    /// The node of the first feature of `kind` on placement `id`.
    fn node_of(engine: &Engine, id: PlacementId, kind: FeatureKind) -> NodeId {
        let index = engine
            .tile_of(id)
            .features
            .iter()
            .position(|f| f.kind == kind);
        engine.placement(id).first_node + index.expect("a feature of that kind") as NodeId
    }

    /// A closed side ends the features that meet it, whichever of the two tiles is laid
    /// first, and joins none: the city stays one tile long.
    #[test]
    fn a_closed_side_ends_the_features_that_meet_it() {
        let catalog = catalog_with_closed_tile();
        let index = |id: &str| catalog.iter().position(|t| t.id == id).expect(id);
        let (cap, closed) = (index("BA/C"), index("closed"));
        // The closed tile north of the cap (y grows southwards), laid second, then first.
        for closed_first in [false, true] {
            let mut engine = Engine::new(catalog.clone());
            let (cap_at, closed_at) = (Pos::new(0, 0), Pos::new(0, -1));
            let (first, second) = if closed_first {
                ((closed, closed_at), (cap, cap_at))
            } else {
                ((cap, cap_at), (closed, closed_at))
            };
            let (first_id, _) = engine.place(first.0, first.1, Rotation(0));
            if !closed_first {
                let city = node_of(&engine, first_id, FeatureKind::City);
                assert_eq!(engine.component(city).open_ends, 1, "the city is open");
            }
            let (second_id, _) = engine.place(second.0, second.1, Rotation(0));
            let cap_id = if closed_first { second_id } else { first_id };
            let city = node_of(&engine, cap_id, FeatureKind::City);
            assert_eq!(engine.component(city).open_ends, 0, "the city is closed");
            assert_eq!(engine.component(city).segments, 1, "and joins nothing");
        }
    }

    /// A closed side fits against any side: the closed tile fits every rotation of every open
    /// position, and a tile laid only beside a closed side fits there in every rotation.
    #[test]
    fn a_closed_side_fits_any_side() {
        let catalog = catalog_with_closed_tile();
        let index = |id: &str| catalog.iter().position(|t| t.id == id).expect(id);
        let (cap, closed) = (index("BA/C"), index("closed"));
        let mut engine = Engine::new(catalog);
        engine.place(cap, Pos::new(0, 0), Rotation(0));
        assert_eq!(engine.legal_placements(closed).len(), 4 * 4);
        assert_eq!(
            engine.check_placement(closed, Pos::new(0, -1), Rotation(1)),
            Ok(())
        );
        engine.place(closed, Pos::new(0, -1), Rotation(0));
        // North of the closed tile only the closed side touches: the cap fits turned any way.
        let north = Pos::new(0, -2);
        let fitting = engine.legal_placements(cap);
        assert_eq!(fitting.iter().filter(|(pos, _)| *pos == north).count(), 4);
        assert!(engine.fits_somewhere(closed));
    }

    /// Lays the start tile and then `tiles` tiles more, the n-th of them the catalog's n-th
    /// tile (round the catalog) at the n-th of its legal placements (round the list; none when
    /// it fits nowhere), and checks on the way that the scan of a board so laid, a connected
    /// one, counts its placements by columns.
    pub(crate) fn lay_connected(engine: &mut Engine, tiles: usize) {
        let start = engine
            .catalog
            .iter()
            .position(|t| t.kind == TileKind::Start)
            .expect("a start tile");
        engine.place(start, Pos::new(0, 0), Rotation(0));
        let mut scan = LegalPlacements::default();
        for n in 0..tiles {
            let tile = n % engine.catalog.len();
            engine.scan_legal_placements(tile, &mut scan);
            assert!(scan.by_columns(), "a connected board is counted by columns");
            let legal = engine.legal_placements(tile);
            if let Some(&(pos, rotation)) = legal.get(n % legal.len().max(1)) {
                engine.place(tile, pos, rotation);
            }
        }
    }

    /// Lays a game of `MAX_TILES_PER_GAME` copies of the catalog's first tile, the n-th at
    /// `shape(n)`, on a new engine (edges need not match: the engine joins what faces, as in a
    /// replay that goes on after an illegal move); checks that the board holds each tile where
    /// it was laid and returns the board's memory and blocks.
    fn lay_game(catalog: &[CompiledTile], shape: impl Fn(i32) -> Pos) -> (usize, usize) {
        let mut engine = Engine::new(catalog.to_vec());
        let tiles = crate::model::MAX_TILES_PER_GAME as i32;
        let mut roots = Vec::new();
        for n in 0..tiles {
            let id = engine.place_into(0, shape(n), Rotation(0), &mut roots);
            assert_eq!(id, n as PlacementId);
        }
        for n in 0..tiles {
            assert_eq!(engine.at(shape(n)), Some(n as PlacementId));
        }
        (engine.board.memory_bytes(), engine.board.blocks())
    }

    #[test]
    fn the_board_follows_the_tiles_whatever_the_shape_of_the_game() {
        let catalog = base_catalog();
        let tiles = crate::model::MAX_TILES_PER_GAME as i32;
        let half = tiles / 2;
        // Connected games whose bounding box is huge: a single array over it would take up to
        // 25,000 x 25,000 cells. The board's blocks follow the tiles instead.
        let line = lay_game(&catalog, |n| Pos::new(n, 0));
        let l_shape = lay_game(&catalog, |n| {
            if n < half {
                Pos::new(n, 0)
            } else {
                Pos::new(half, n - half)
            }
        });
        let staircase = lay_game(&catalog, |n| Pos::new((n + 1) / 2, n / 2));
        for (name, (bytes, blocks)) in [("line", line), ("L", l_shape), ("staircase", staircase)] {
            // A line of 50,000 tiles and its open positions fill two rows of 12,500 blocks:
            // about 3 MB with the tables' spare capacity, some 60 bytes a tile.
            assert!(bytes < 8 << 20, "{name}: {bytes} bytes");
            assert!(blocks <= 2 * tiles as usize / 3, "{name}: {blocks} blocks");
        }
        // Hostile: every tile alone, in the corner cell of a block, so that it and its
        // neighbours take three blocks of their own (illegal moves, but a replay goes on).
        let (bytes, blocks) = lay_game(&catalog, |n| {
            Pos::new(8 * (n % 1000) + 3, 8 * (n / 1000) + 3)
        });
        assert_eq!(blocks, 3 * tiles as usize);
        assert!(bytes < 40 << 20, "scattered: {bytes} bytes");
    }
}
