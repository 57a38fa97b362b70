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

// The bottom layer's model at the path the files name it by.
pub(crate) use carcspec_core::model;

mod board;
pub mod catalog;
mod pieces;
mod union_find;

use std::hash::Hasher;
use std::sync::Arc;

use board::{Board, Cell, CellRef};
use union_find::UnionFind;

use crate::model::{FeatureKind, Side};
pub use crate::model::{Pos, Rotation};
pub use catalog::{CONTENT_KINDS, CompiledTile, SideEntry, Slot, content_index};
pub use pieces::{Figure, Spot};

fn opposite(side: Side) -> Side {
    Side::from_index(side.index() + 2)
}

/// An integer whose order is the order of positions (x, then y), for sorting.
fn position_key(pos: Pos) -> u64 {
    let biased = |coordinate: i32| u64::from((coordinate as u32) ^ 0x8000_0000);
    (biased(pos.x) << 32) | biased(pos.y)
}

/// An empty position next to at least one tile and the edges its sides must show: the edge
/// letters of the touching sides packed as in [`catalog::pack_edges`] (`wanted`), and `0xFF` in
/// the bytes of the sides a tile touches (`mask`). A tile turned so that it shows the packed
/// edges `edges` fits when `edges & mask == wanted`: checking a rotation is one mask and one
/// comparison instead of four lookups.
#[derive(Debug, Clone, Copy)]
struct OpenPosition {
    /// [`position_key`] of the position (which [`Engine::placement_of_key`] turns back into
    /// it), computed once when the position opens: the legal-placement scan lists it for every
    /// position where the tile fits at every move, so it is not worked out again there.
    key: u64,
    wanted: u32,
    mask: u32,
    /// Where the board stores this position, so that moving the entry (a swap-remove) updates
    /// the board's index of it without finding the position again.
    at: CellRef,
}

impl OpenPosition {
    fn admits(&self, rotated_edges: u32) -> bool {
        rotated_edges & self.mask == self.wanted
    }

    /// The rotations of a tile (its packed edges in each rotation, `rotated`) that fit here, as
    /// bit `r` for rotation `r`. The four tests are combined without a branch each, so that the
    /// compiler can do them side by side.
    fn fitting_rotations(&self, rotated: &[u32; 4]) -> u8 {
        let mut rotations = 0;
        for (r, edges) in rotated.iter().enumerate() {
            rotations |= u8::from(self.admits(*edges)) << r;
        }
        rotations
    }

    /// Records the edge a new neighbour shows on `side` of this position.
    fn require(&mut self, side: Side, edge: u8) {
        let shift = 8 * side.index();
        self.mask |= 0xFF << shift;
        self.wanted = (self.wanted & !(0xFF << shift)) | (u32::from(edge) << shift);
    }
}

/// A fast hasher for board positions (a multiply-rotate mix of the two coordinates), used for
/// the board's map of blocks; the standard hasher's resistance to crafted keys is not needed for
/// coordinates bounded by the game language.
#[derive(Default)]
pub struct PosHasher(u64);

impl Hasher for PosHasher {
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.write_u64(u64::from(*byte));
        }
    }

    fn write_i32(&mut self, value: i32) {
        self.write_u64(u64::from(value as u32));
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
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

/// A whole feature: the data of a union-find root. Its segments (and through them its tiles,
/// lakes and cities) are listed by [`Engine::segments_of`], [`Engine::tile_count`],
/// [`Engine::lakes_of`] and [`Engine::cities_touched`]. The two vectors stay empty, and so
/// unallocated, until a figure or token is put on the feature.
#[derive(Debug, Clone, Default)]
pub struct Component {
    pub kind: Option<FeatureKind>,
    /// Side slots not yet facing a neighbour. Zero means the feature is closed.
    pub open_ends: u32,
    pub contents: [u32; CONTENT_KINDS],
    /// Figures standing on the feature.
    pub figures: Vec<FigureId>,
    /// Placed tile features (nodes) joined in this feature: its segments.
    pub segments: u32,
    /// Tokens lying on the feature (the sheep of a Hills & Sheep flock), by value.
    pub tokens: Vec<u32>,
}

impl Component {
    pub fn count(&self, content: crate::model::ContentKind) -> u32 {
        self.contents[content_index(content)]
    }

    /// Takes in the data of `other`, whose feature stops being a root. The figures and tokens
    /// of the feature with more segments come first, as they did when each feature kept a list
    /// of its tiles and the longer list stayed in place (the order of returned figures shows in
    /// reports). Only the two lists move (swapped when `other`'s come first, then the other's
    /// appended, which costs a length test when it is empty, as most are); the counts are
    /// added in place, so a union copies no whole record. The counts left in `other` are not
    /// cleared: only a root's record is ever read (every reader finds the root first), so
    /// clearing them would be stores for nothing at every union.
    fn absorb(&mut self, other: &mut Component) {
        if other.segments > self.segments {
            std::mem::swap(&mut self.figures, &mut other.figures);
            std::mem::swap(&mut self.tokens, &mut other.tokens);
            self.kind = other.kind;
        }
        // Onto an empty list (usually one that never held anything, so unallocated) the other
        // list is moved whole rather than copied into a new allocation.
        if !other.figures.is_empty() {
            if self.figures.is_empty() {
                std::mem::swap(&mut self.figures, &mut other.figures);
            } else {
                self.figures.append(&mut other.figures);
            }
        }
        if !other.tokens.is_empty() {
            if self.tokens.is_empty() {
                std::mem::swap(&mut self.tokens, &mut other.tokens);
            } else {
                self.tokens.append(&mut other.tokens);
            }
        }
        self.open_ends += other.open_ends;
        for (mine, theirs) in self.contents.iter_mut().zip(&other.contents) {
            *mine += *theirs;
        }
        self.segments += other.segments;
    }
}

/// Mutable references to two different elements of `items`.
fn two_mut<T>(items: &mut [T], a: usize, b: usize) -> (&mut T, &mut T) {
    assert_ne!(a, b, "two different elements");
    if a < b {
        let (low, high) = items.split_at_mut(b);
        (&mut low[a], &mut high[0])
    } else {
        let (low, high) = items.split_at_mut(a);
        (&mut high[0], &mut low[b])
    }
}

/// What one feature of a tile would become if the tile were placed (see [`Engine::preview`]).
#[derive(Debug, Clone)]
pub struct Preview {
    pub kind: FeatureKind,
    /// Roots of the placed features it would join.
    pub joins: Vec<NodeId>,
    /// Open ends of the joined feature; 0 means the placement completes it. (Features of the
    /// tile that join each other through the board are counted apart, so this is exact for
    /// the common case and an estimate otherwise.)
    pub open_ends: i64,
}

/// A river system: rivers joined through the lakes they flow into.
#[derive(Debug, Clone, Default)]
pub struct RiverSystem {
    pub fish: u32,
    pub figures: Vec<FigureId>,
}

/// Why a tile cannot lie where a move puts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlacementProblem {
    Occupied,
    NoNeighbour,
    /// The board sides whose edges do not match the neighbour's.
    Mismatch(Vec<Side>),
}

/// A position where a tile fits, with the rotations that fit there.
#[derive(Debug, Clone, Copy)]
struct FittingPosition {
    /// [`position_key`] of the position.
    key: u64,
    /// Bit `r` set when rotation `r` fits.
    rotations: u8,
    /// How many rotations fit: the placements the position holds (kept, in the entry's
    /// padding, because the k-th pick weighs the positions by it in every round).
    placements: u8,
}

/// The number of rotations in each set of rotations (bit `r` for rotation `r`): the scan reads
/// it for every position where the tile fits, and `count_ones` is a dozen instructions on
/// processors without a population count (the default target's).
const PLACEMENTS_OF: [u8; 16] = {
    let mut table = [0; 16];
    let mut set = 0;
    while set < 16 {
        table[set] = (set as u8).count_ones() as u8;
        set += 1;
    }
    table
};

impl FittingPosition {
    fn new(key: u64, rotations: u8) -> FittingPosition {
        FittingPosition {
            key,
            rotations,
            placements: PLACEMENTS_OF[usize::from(rotations & 0xF)],
        }
    }

    /// The `nth` (from 0) of the rotations that fit, in order.
    fn nth_placement(&self, nth: usize) -> (Pos, Rotation) {
        debug_assert!(nth < usize::from(self.placements));
        // The lowest rotation left once the `nth` lowest are cleared (each `x & (x - 1)`
        // clears the lowest set bit): no loop over the four rotations.
        let mut rotations = self.rotations;
        for _ in 0..nth {
            rotations &= rotations.wrapping_sub(1);
        }
        assert!(rotations != 0, "a position holds its rotations");
        Engine::placement_of_key((self.key, rotations.trailing_zeros() as u8))
    }
}

/// The legal placements of one tile, as one scan of the open positions found them (see
/// [`Engine::scan_legal_placements`]): each position where the tile fits, once, with the set of
/// its rotations that fit, rather than one entry a placement. Their order is that of
/// [`Engine::legal_placements`]: by position ([`position_key`]), then rotation.
#[derive(Debug, Clone)]
pub struct LegalPlacements {
    /// In no order: the first `positions` entries. The vector is kept at least as long as the open
    /// positions (grown, never shortened), so that the scan writes each entry by index, with
    /// no capacity check and no update of the vector's length a position.
    fitting: Vec<FittingPosition>,
    positions: usize,
    /// The number of placements: the rotations of every entry of `fitting`.
    count: usize,
    /// The placements of each column of the board (positions of one `x`), from the column
    /// whose biased `x` (the high half of [`position_key`]) is `first_column`, for
    /// [`LegalPlacements::kth`]: the first `width` entries; `width` is 0 when the board's
    /// columns are too many to count (see [`Engine::scan_legal_placements`]). A table of a
    /// fixed size, because the scan zeroes it at every move: a few stores, where zeroing a
    /// vector of the board's width is a call.
    columns: [u32; MAX_COLUMNS],
    width: usize,
    first_column: u32,
}

/// The most columns [`Engine::scan_legal_placements`] counts the placements of (a base game's
/// board spans some 10 to 30).
const MAX_COLUMNS: usize = 64;

impl Default for LegalPlacements {
    fn default() -> LegalPlacements {
        LegalPlacements {
            fitting: Vec::new(),
            positions: 0,
            count: 0,
            columns: [0; MAX_COLUMNS],
            width: 0,
            first_column: 0,
        }
    }
}

impl LegalPlacements {
    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Keeps the placements that `keep` accepts (a ruleset's own placement rules on top of the
    /// sides' match: a river tile continues the river), with the counts and the order of the
    /// rest as a scan of only those would leave them.
    pub fn retain(&mut self, mut keep: impl FnMut(Pos, Rotation) -> bool) {
        let mut len = 0;
        let mut count = 0;
        self.columns = [0; MAX_COLUMNS];
        for index in 0..self.positions {
            let position = self.fitting[index];
            let mut rotations = 0u8;
            for rotation in 0..4u8 {
                if position.rotations & (1 << rotation) != 0 {
                    let (pos, rotation_kept) = Engine::placement_of_key((position.key, rotation));
                    if keep(pos, rotation_kept) {
                        rotations |= 1 << rotation;
                    }
                }
            }
            if rotations == 0 {
                continue;
            }
            let kept = FittingPosition::new(position.key, rotations);
            self.fitting[len] = kept;
            len += 1;
            count += usize::from(kept.placements);
            let column = ((position.key >> 32) as u32).wrapping_sub(self.first_column) as usize;
            self.columns[column % MAX_COLUMNS] += u32::from(kept.placements);
        }
        self.positions = len;
        self.count = count;
    }

    /// The placements in order, as [`Engine::legal_placements`] lists them (sorts the positions
    /// first).
    pub fn sorted(&mut self) -> impl Iterator<Item = (Pos, Rotation)> + '_ {
        let fitting = &mut self.fitting[..self.positions];
        fitting.sort_unstable_by_key(|position| position.key);
        fitting.iter().flat_map(|position| {
            (0..usize::from(position.placements)).map(|nth| position.nth_placement(nth))
        })
    }

    /// The placement at index `k` of the sorted list (`sorted().nth(k)`), without sorting: a
    /// quickselect on the position key in which a position weighs as many placements as it has
    /// fitting rotations. Each round splits the positions around a pivot and counts the
    /// placements before it on the way: the `k`-th placement is one of the pivot's rotations,
    /// or the search goes on in the part before or after it. Expected linear in the number of
    /// positions (a move's few dozen); a run of bad pivots hands over to [`select_weighted`],
    /// which sorts, so a move is O(n log n) at worst. Leaves the positions in some other order.
    ///
    /// # Panics
    /// When `k` is not below [`LegalPlacements::len`].
    pub fn kth(&mut self, k: usize) -> (Pos, Rotation) {
        assert!(k < self.count, "placement {k} of {}", self.count);
        if self.width == 0 {
            return select_kth(&mut self.fitting[..self.positions], self.count, k);
        }
        // The order is by column first: the counts find the k-th's column, and only that
        // column's positions (a few on a base board) are selected among.
        let (mut k, mut column) = (k, self.first_column);
        for &placements in &self.columns[..self.width] {
            if k < placements as usize {
                break;
            }
            k -= placements as usize;
            column += 1;
        }
        let fitting = &mut self.fitting[..self.positions];
        let (mut in_column, mut weight) = (0, 0);
        for index in 0..fitting.len() {
            if (fitting[index].key >> 32) as u32 == column {
                weight += usize::from(fitting[index].placements);
                fitting.swap(in_column, index);
                in_column += 1;
            }
        }
        select_kth(&mut fitting[..in_column], weight, k)
    }
}

/// The most positions [`select_kth`] counts off directly ([`select_among_few`]) rather than
/// selects among.
const SORTED_UP_TO: usize = 8;

/// The placement at index `k` of the sorted placements of `positions`, which hold `weight`
/// placements in all: the weighted quickselect of [`LegalPlacements::kth`].
fn select_kth(positions: &mut [FittingPosition], weight: usize, k: usize) -> (Pos, Rotation) {
    debug_assert!(k < weight);
    // A few positions (the usual case within a column of a base board: one to three) are
    // counted off instead, which costs less than a round of the selection.
    if positions.len() <= SORTED_UP_TO {
        return select_among_few(positions, k);
    }
    let (mut rest, mut weight, mut k) = (positions, weight, k);
    // Twice the rounds of halving it would take, and a few more: only bad luck, or an
    // order made to defeat the sampled pivots, runs out of them.
    let mut rounds = 2 * usize::BITS.saturating_sub(rest.len().leading_zeros()) + 4;
    loop {
        if rounds == 0 {
            return select_weighted(rest, k);
        }
        rounds -= 1;
        // The pivot: of the first, middle and last entries, the one whose rank among the
        // three is nearest the rank the k-th placement has among all (rest's positions
        // lie in no order, so three entries are a sample of them); it is parked at the end
        // while the smaller keys (keys are distinct: one a position) are moved to the
        // front, counting their placements.
        let last = rest.len() - 1;
        let [mut low, mut middle, mut high] = [0, last / 2, last];
        if rest[low].key > rest[middle].key {
            std::mem::swap(&mut low, &mut middle);
        }
        if rest[middle].key > rest[high].key {
            std::mem::swap(&mut middle, &mut high);
            if rest[low].key > rest[middle].key {
                std::mem::swap(&mut low, &mut middle);
            }
        }
        rest.swap([low, middle, high][(3 * k / weight).min(2)], last);
        let pivot = rest[last].key;
        let (mut smaller, mut placements_before) = (0, 0);
        for index in 0..last {
            if rest[index].key < pivot {
                placements_before += usize::from(rest[index].placements);
                rest.swap(smaller, index);
                smaller += 1;
            }
        }
        rest.swap(smaller, last);
        let here = usize::from(rest[smaller].placements);
        if k < placements_before {
            (rest, weight) = (&mut rest[..smaller], placements_before);
        } else if k < placements_before + here {
            return rest[smaller].nth_placement(k - placements_before);
        } else {
            k -= placements_before + here;
            weight -= placements_before + here;
            rest = &mut rest[smaller + 1..];
        }
    }
}

/// The placement at index `k` of the sorted placements of a few `positions` (up to
/// [`SORTED_UP_TO`]), without moving them: a position holds the k-th placement when the
/// placements of the positions before it (of smaller keys) number at most `k`, and with its own
/// more than `k`. Quadratic in the positions, so for a handful only, where it needs neither the
/// sort's moves nor its calls.
fn select_among_few(positions: &[FittingPosition], k: usize) -> (Pos, Rotation) {
    for position in positions {
        let before: usize = positions
            .iter()
            .filter(|other| other.key < position.key)
            .map(|other| usize::from(other.placements))
            .sum();
        if let Some(nth) = k.checked_sub(before)
            && nth < usize::from(position.placements)
        {
            return position.nth_placement(nth);
        }
    }
    unreachable!("k is below the placements' count (checked by LegalPlacements::kth)")
}

/// The placement at index `k` of the sorted placements of `positions`: the positions sorted by
/// key, then their rotations counted off until the `k`-th. O(n log n) whatever the order or the
/// weights, which an interpolated selection is not (a guess that misses by one position a
/// round makes it quadratic), so it is the bound behind [`LegalPlacements::kth`].
fn select_weighted(positions: &mut [FittingPosition], k: usize) -> (Pos, Rotation) {
    positions.sort_unstable_by_key(|p| p.key);
    let mut k = k;
    for position in positions.iter() {
        let here = usize::from(position.placements);
        if k < here {
            return position.nth_placement(k);
        }
        k -= here;
    }
    unreachable!("k is below the placements' count (checked by LegalPlacements::kth)")
}

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
    /// The least and the greatest column (biased `x`, the high half of [`position_key`]) of
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
    pub fn square_around(&self, pos: Pos) -> [Option<PlacementId>; 9] {
        self.board.square(pos)
    }

    /// How many of the eight positions around `pos` hold a tile.
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

    /// Checks that `tile` may lie at `pos` turned by `rotation`: the position is free, touches
    /// a tile by a side (unless the board is empty), and every touching side matches.
    pub fn check_placement(
        &self,
        tile: usize,
        pos: Pos,
        rotation: Rotation,
    ) -> Result<(), PlacementProblem> {
        if self.placements.is_empty() {
            return Ok(());
        }
        // The common case, a legal placement, is answered by the open position's constraints;
        // the board is read only to say what is wrong.
        match self.board.at(pos) {
            Cell::Placed(_) => return Err(PlacementProblem::Occupied),
            Cell::Open(index) => {
                let rotated = self.catalog[tile].rotated_edges[rotation.0 as usize];
                if self.open[index as usize].admits(rotated) {
                    return Ok(());
                }
            }
            Cell::Empty => {}
        }
        let mut touching = false;
        let mut mismatched = Vec::new();
        for side in Side::ALL {
            if let Some(neighbour) = self.at(pos.neighbour(side)) {
                touching = true;
                let theirs = self.placements[neighbour as usize];
                let their_edge = self.edge(theirs.tile, theirs.rotation, opposite(side));
                if self.edge(tile, rotation, side) != their_edge {
                    mismatched.push(side);
                }
            }
        }
        match (touching, mismatched.is_empty()) {
            (false, _) => Err(PlacementProblem::NoNeighbour),
            (true, true) => Ok(()),
            (true, false) => Err(PlacementProblem::Mismatch(mismatched)),
        }
    }

    /// The tiles beside `pos`, on its sides N E S W.
    pub fn neighbours(&self, pos: Pos) -> [Option<PlacementId>; 4] {
        self.board.neighbours(pos)
    }

    /// What placing `tile` turned by `rotation` at the position whose [`Engine::neighbours`]
    /// are `neighbours` would join, without placing it: for each feature of the tile, the
    /// roots of the features it would join and how many open ends the joined feature would
    /// keep.
    ///
    /// Written into `previews`, a feature's entry each, whose lists of roots are reused from
    /// call to call: the greedy policy previews every placement of every tile it draws, and
    /// the search plays thousands of its games a decision, so that allocating them anew was a
    /// fifth of its time.
    pub fn preview(
        &mut self,
        tile: usize,
        rotation: Rotation,
        neighbours: [Option<PlacementId>; 4],
        previews: &mut Vec<Preview>,
    ) {
        // The catalog held apart from the engine, so that the partners are read from it while
        // the union-find is searched (no list of them made).
        let catalog = Arc::clone(&self.catalog);
        let features = &catalog[tile].features;
        previews.truncate(features.len());
        for (preview, feature) in previews.iter_mut().zip(features) {
            preview.kind = feature.kind;
            preview.joins.clear();
            preview.open_ends = i64::from(feature.open_ends);
        }
        let reused = previews.len();
        previews.extend(features[reused..].iter().map(|f| Preview {
            kind: f.kind,
            joins: Vec::new(),
            open_ends: i64::from(f.open_ends),
        }));
        for side in Side::ALL {
            let Some(neighbour) = neighbours[side.index()] else {
                continue;
            };
            let theirs = self.placements[neighbour as usize];
            let my_slots = &catalog[tile].sides[rotation.to_tile(side).index()];
            let their_slots =
                &catalog[theirs.tile].sides[theirs.rotation.to_tile(opposite(side)).index()];
            let their_features = &catalog[theirs.tile].features;
            for &(slot, feature) in my_slots {
                let kind = features[feature].kind;
                let mut partners = their_slots
                    .iter()
                    .filter(|(s, f)| *s == slot.facing() && their_features[*f].kind == kind)
                    .map(|(_, f)| *f)
                    .peekable();
                if partners.peek().is_none() {
                    continue;
                }
                // This end closes, and so does each partner's end on the other side.
                let preview = &mut previews[feature];
                preview.open_ends -= 1;
                for partner in partners {
                    let root = self
                        .features
                        .find_mut(theirs.first_node + partner as NodeId);
                    if !preview.joins.contains(&root) {
                        preview.joins.push(root);
                        preview.open_ends += i64::from(self.components[root as usize].open_ends);
                    }
                    preview.open_ends -= 1;
                }
            }
        }
    }

    /// Every legal (position, rotation) for `tile`, in position then rotation order. Reads the
    /// open positions and their side constraints, kept up to date by each placement: nothing
    /// looks at the board.
    ///
    /// The scan order of the open positions is deterministic already; the result is still
    /// sorted because the simulator draws from this list and the replay takes its first entry,
    /// and games played from a seed must stay the games they were. The sort is kept cheap: only
    /// positions where the tile fits are sorted, by one integer key each, and a position's
    /// rotations come out in order without sorting.
    pub fn legal_placements(&self, tile: usize) -> Vec<(Pos, Rotation)> {
        let mut scan = LegalPlacements::default();
        self.scan_legal_placements(tile, &mut scan);
        let mut legal = Vec::with_capacity(scan.len());
        legal.extend(scan.sorted());
        legal
    }

    /// The legal placements of `tile`, into `into` (emptied first): each open position where
    /// the tile fits, with the rotations that fit there, and how many placements that makes. A
    /// caller that needs one of them (the random simulator) takes the k-th of
    /// [`Engine::legal_placements`]' order with [`LegalPlacements::kth`] instead of listing and
    /// sorting them all, and reuses the buffer from move to move.
    ///
    /// The placements are also counted per column (`x`) of the board, so that
    /// [`LegalPlacements::kth`] finds the k-th's column by a walk over a few counts and selects
    /// only among that column's positions. The table of counts spans the columns the open
    /// positions have reached this game; on a board of connected tiles each of them holds an
    /// open position (the one above the column's top tile, or the one beside every tile of the
    /// outermost columns), so it is never longer than the list of open positions. A board whose
    /// columns outnumber its open positions (tiles laid apart by illegal moves) is not counted
    /// per column, which keeps the scan linear in the open positions.
    pub fn scan_legal_placements(&self, tile: usize, into: &mut LegalPlacements) {
        // The list is taken out of `into` while the scan writes it, so that the compiler keeps
        // its length and the count in registers (a write through `into` could otherwise change
        // them, as far as it knows).
        let mut fitting = std::mem::take(&mut into.fitting);
        if fitting.len() < self.open.len() {
            fitting.resize(self.open.len(), FittingPosition::new(0, 0));
        }
        let mut len = 0;
        let (first, last) = self.open_columns;
        let width = last.wrapping_sub(first).wrapping_add(1) as usize;
        into.width = if width <= self.open.len() && width <= MAX_COLUMNS {
            width
        } else {
            0
        };
        into.columns = [0; MAX_COLUMNS];
        into.first_column = first;
        let columns = &mut into.columns;
        let mut count = 0;
        let rotated = self.catalog[tile].rotated_edges;
        // Without a branch on whether the tile fits: every position is written at `len`, which
        // moves on only when some rotation fits (a position that fits nowhere is overwritten
        // by the next), and every position adds its placements, 0 when none fits, to the
        // count and to its column. About half of the positions fit, in no pattern a processor
        // predicts: the branch's mispredictions cost more time than the stores it saved
        // (about 2.4 % more instructions for 11 % less CPU time, measured). When the columns
        // are not counted (`width` 0) the table is not read, and the index is folded into it
        // only to stay within it.
        for open in &self.open {
            let rotations = open.fitting_rotations(&rotated);
            let position = FittingPosition::new(open.key, rotations);
            fitting[len] = position;
            len += usize::from(rotations != 0);
            count += usize::from(position.placements);
            let column = ((open.key >> 32) as u32).wrapping_sub(first) as usize;
            columns[column % MAX_COLUMNS] += u32::from(position.placements);
        }
        into.fitting = fitting;
        into.positions = len;
        into.count = count;
    }

    /// The placement of an order key ([`position_key`]) and a rotation.
    pub fn placement_of_key((key, rotation): (u64, u8)) -> (Pos, Rotation) {
        let unbiased = |biased: u64| ((biased as u32) ^ 0x8000_0000) as i32;
        (
            Pos::new(unbiased(key >> 32), unbiased(key)),
            Rotation(rotation),
        )
    }

    pub fn fits_somewhere(&self, tile: usize) -> bool {
        let rotated = self.catalog[tile].rotated_edges;
        self.open
            .iter()
            .any(|open| rotated.iter().any(|edges| open.admits(*edges)))
    }

    /// Marks `pos` as holding placement `id` (it stops being open) and opens or narrows its
    /// empty neighbours. Returns the placements on the four sides (N E S W), read on the way.
    fn fill(&mut self, id: PlacementId, pos: Pos) -> [Option<PlacementId>; 4] {
        // The one look-up of the placement: the position's block. The neighbours are then
        // reached by index from its cell (see `board`).
        let here = self.board.locate_or_insert(pos);
        if let Cell::Open(index) = self.board.replace(here, Cell::Placed(id)) {
            self.open.swap_remove(index as usize);
            if let Some(moved) = self.open.get(index as usize) {
                self.board.set(moved.at, Cell::Open(index));
            }
        }
        let Placement { tile, rotation, .. } = self.placements[id as usize];
        let mut neighbours = [None; 4];
        for side in Side::ALL {
            let next = self.board.neighbour_or_insert(here, side);
            let edge = self.edge(tile, rotation, side);
            let index = match self.board.get(next) {
                Cell::Placed(neighbour) => {
                    neighbours[side.index()] = Some(neighbour);
                    continue;
                }
                Cell::Open(index) => index,
                Cell::Empty => {
                    let index = self.open.len() as u32;
                    let key = position_key(pos.neighbour(side));
                    let column = (key >> 32) as u32;
                    self.open_columns.0 = self.open_columns.0.min(column);
                    self.open_columns.1 = self.open_columns.1.max(column);
                    self.open.push(OpenPosition {
                        key,
                        wanted: 0,
                        mask: 0,
                        at: next,
                    });
                    self.board.set(next, Cell::Open(index));
                    index
                }
            };
            self.open[index as usize].require(opposite(side), edge);
        }
        neighbours
    }

    /// Lays `tile` at `pos` (which must be free) and joins its features with the neighbours'.
    /// The caller checks legality first; a tile laid against the rules joins only the features
    /// that do face each other, so a replay can go on after an illegal move. Returns the roots
    /// of the features the tile is part of, completed or not, without repeats, in increasing
    /// order. [`Engine::place_into`] does the same without allocating the list.
    pub fn place(
        &mut self,
        tile: usize,
        pos: Pos,
        rotation: Rotation,
    ) -> (PlacementId, Vec<NodeId>) {
        let mut roots = Vec::new();
        let id = self.place_into(tile, pos, rotation, &mut roots);
        (id, roots)
    }

    /// [`Engine::place`], writing the roots into `roots` (emptied first) so that a caller that
    /// keeps one buffer from placement to placement allocates nothing.
    pub fn place_into(
        &mut self,
        tile: usize,
        pos: Pos,
        rotation: Rotation,
        roots: &mut Vec<NodeId>,
    ) -> PlacementId {
        let id = self.placements.len() as PlacementId;
        let first_node = self.nodes.len() as NodeId;
        self.placements.push(Placement {
            tile,
            pos,
            rotation,
            first_node,
        });
        let neighbours = self.fill(id, pos);

        let compiled = &self.catalog[tile];
        let feature_count = compiled.features.len();
        // One node per feature of the tile, in every per-node table. Each table is extended
        // from an iterator of known length (a range or a slice), which reserves once and writes
        // without a capacity check per element, instead of a push per node and table.
        self.features.add_sets(feature_count);
        self.nodes
            .extend(
                (0..feature_count as u16)
                    .zip(&compiled.features)
                    .map(|(index, feature)| NodeLinks {
                        placement: id,
                        index,
                        next_segment: first_node + NodeId::from(index),
                        kind: feature.kind,
                    }),
            );
        self.components
            .extend(compiled.features.iter().map(|feature| Component {
                kind: Some(feature.kind),
                open_ends: feature.open_ends,
                contents: feature.contents,
                figures: Vec::new(),
                segments: 1,
                tokens: Vec::new(),
            }));
        debug_assert_eq!(self.components.len(), first_node as usize + feature_count);
        // A river and the lakes it flows into form one river system. Only the nodes of tiles
        // with a river or a lake are given a system (see `systems`): a base game writes none.
        if compiled.has_river_system {
            self.cover_systems(first_node as usize + feature_count);
            for index in 0..feature_count {
                let feature = &self.catalog[tile].features[index];
                if matches!(feature.kind, FeatureKind::River | FeatureKind::Lake) {
                    self.systems[first_node as usize + index].fish =
                        feature.contents[content_index(crate::model::ContentKind::Fish)];
                }
                for nth in 0..self.catalog[tile].features[index].lakes.len() {
                    let lake = self.catalog[tile].features[index].lakes[nth];
                    self.union_systems(first_node + index as NodeId, first_node + lake as NodeId);
                }
            }
        }

        // The joins with the neighbours (see `join_facing`), made as the catalog's side entries
        // are read: the catalog is held apart from the engine meanwhile (a second handle on
        // the shared tiles), so that reading it and changing the features do not conflict.
        let catalog = Arc::clone(&self.catalog);
        for side in Side::ALL {
            if let Some(neighbour) = neighbours[side.index()] {
                self.join_facing(&catalog, id, side, neighbour);
            }
        }

        roots.clear();
        roots.extend((0..feature_count as NodeId).map(|i| self.features.find_mut(first_node + i)));
        roots.sort_unstable();
        roots.dedup();
        id
    }

    /// Does what laying placement `mine` beside `theirs` (on board side `side` of `mine`) does
    /// to the features: every pair of facing slot entries joins, and each entry with a partner
    /// closes one end of its feature — a city stretch facing two stretches still closes once.
    /// Each end is closed on the root the union that found its partner returns, so no close
    /// looks for a root again: an entry of `theirs` at its first union, an entry of `mine`
    /// after its last one (the root of its feature then). The closes once came after the
    /// joins; the order does not change the result, because a union adds the open ends of both
    /// sides and each entry closes at most once (an entry counts one end of its feature, so
    /// nothing goes below zero either way). The entries of `theirs` that found a partner are
    /// gathered in a bit mask; a side has a handful of entries, and one past the 64th is
    /// asked again. `catalog` is the engine's (see `place_into`).
    fn join_facing(
        &mut self,
        catalog: &[CompiledTile],
        mine: PlacementId,
        side: Side,
        theirs: PlacementId,
    ) {
        let a = self.placements[mine as usize];
        let b = self.placements[theirs as usize];
        let a_slots = &catalog[a.tile].side_entries[a.rotation.to_tile(side).index()];
        let b_slots = &catalog[b.tile].side_entries[b.rotation.to_tile(opposite(side)).index()];
        // Facing slots of features of the same kind (see `SideEntry`).
        let faces = |entry_a: &SideEntry, entry_b: &SideEntry| entry_a.facing == entry_b.key;
        let b_entry_of_key =
            &catalog[b.tile].entry_of_key[b.rotation.to_tile(opposite(side)).index()];
        let mut partnered_b: u64 = 0;
        for (i, entry_a) in a_slots.iter().enumerate() {
            let node_a = a.first_node + entry_a.feature;
            // The partner is found by its key when the facing side has one entry of that key
            // (the usual case): the same union as the comparison of every pair would make.
            let single = b_entry_of_key[usize::from(entry_a.facing)];
            if single == catalog::NO_ENTRY {
                continue;
            }
            if single != catalog::SEVERAL_ENTRIES {
                let j = usize::from(single);
                let root = self.union(node_a, b.first_node + b_slots[j].feature);
                if partnered_b & (1 << j) == 0 {
                    partnered_b |= 1 << j;
                    self.close_end_of_root(root);
                }
                self.close_end_of_root(root);
                continue;
            }
            let mut joined = None;
            for (j, entry_b) in b_slots.iter().enumerate() {
                if faces(entry_a, entry_b) {
                    let root = self.union(node_a, b.first_node + entry_b.feature);
                    joined = Some(root);
                    let first_partner = if j < 64 {
                        let first = partnered_b & (1 << j) == 0;
                        partnered_b |= 1 << j;
                        first
                    } else {
                        !a_slots[..i].iter().any(|earlier| faces(earlier, entry_b))
                    };
                    if first_partner {
                        self.close_end_of_root(root);
                    }
                }
            }
            if let Some(root) = joined {
                self.close_end_of_root(root);
            }
        }
    }

    /// Closes one open end of the feature rooted at `root`.
    fn close_end_of_root(&mut self, root: NodeId) {
        let component = &mut self.components[root as usize];
        component.open_ends = component.open_ends.saturating_sub(1);
    }

    /// Joins the features of `a` and `b`; returns the root of the joined feature.
    fn union(&mut self, a: NodeId, b: NodeId) -> NodeId {
        let root_a = self.features.find_mut(a);
        let root_b = self.features.find_mut(b);
        if root_a == root_b {
            return root_a;
        }
        let root = self.features.union_roots(root_a, root_b);
        let other = if root == root_a { root_b } else { root_a };
        // Splicing two circular lists: swapping one successor of each makes one circle.
        let (next_a, next_b) = (
            self.nodes[root_a as usize].next_segment,
            self.nodes[root_b as usize].next_segment,
        );
        self.nodes[root_a as usize].next_segment = next_b;
        self.nodes[root_b as usize].next_segment = next_a;
        let (kept, absorbed) = two_mut(&mut self.components, root as usize, other as usize);
        kept.absorb(absorbed);
        if matches!(
            self.components[root as usize].kind,
            Some(FeatureKind::River)
        ) {
            self.union_systems(a, b);
        }
        root
    }

    /// Gives every node below `nodes` its entry in the river-system tables (a system of its own,
    /// empty), if it has none yet.
    fn cover_systems(&mut self, nodes: usize) {
        let covered = self.systems.len();
        if covered < nodes {
            self.systems_uf.add_sets(nodes - covered);
            self.systems.resize_with(nodes, RiverSystem::default);
        }
    }

    fn union_systems(&mut self, a: NodeId, b: NodeId) {
        // Two river segments: each was given its system when its tile was placed.
        debug_assert!(
            (a.max(b) as usize) < self.systems.len(),
            "a river node without its system"
        );
        let root_a = self.systems_uf.find_mut(a);
        let root_b = self.systems_uf.find_mut(b);
        if root_a == root_b {
            return;
        }
        let root = self.systems_uf.union_roots(root_a, root_b);
        let other = if root == root_a { root_b } else { root_a };
        let absorbed = std::mem::take(&mut self.systems[other as usize]);
        let system = &mut self.systems[root as usize];
        system.fish += absorbed.fish;
        system.figures.extend(absorbed.figures);
    }

    /// The root of the feature that `node` belongs to.
    pub fn root(&mut self, node: NodeId) -> NodeId {
        self.features.find_mut(node)
    }

    /// The root of the feature of `node`, without compressing paths (for a shared borrow).
    pub fn clone_root(&self, node: NodeId) -> NodeId {
        self.features.find(node)
    }

    pub fn component(&mut self, node: NodeId) -> &Component {
        let root = self.features.find_mut(node);
        &self.components[root as usize]
    }

    /// Every segment (placed tile feature) of the feature of `node`, once each, starting with
    /// `node`. Walks the feature: O(its size).
    pub fn segments_of(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let mut next = Some(node);
        std::iter::from_fn(move || {
            let current = next?;
            let following = self.nodes[current as usize].next_segment;
            next = (following != node).then_some(following);
            Some(current)
        })
    }

    /// The number of distinct tiles the feature of `node` lies on (a tile may hold two of its
    /// segments, joined through the board). Walks the feature: O(its size); nothing allocates.
    pub fn tile_count(&self, node: NodeId) -> usize {
        let root = self.features.find(node);
        // A tile is counted at its first feature (in tile order) that lies in this feature.
        self.segments_of(node)
            .filter(|&segment| {
                let NodeLinks {
                    placement, index, ..
                } = self.nodes[segment as usize];
                let first = self.placements[placement as usize].first_node;
                (0..NodeId::from(index)).all(|earlier| self.features.find(first + earlier) != root)
            })
            .count()
    }

    /// [`Engine::tile_count`] of every feature at once, by node: the entry of a root is the
    /// number of distinct tiles its feature lies on (the entries of other nodes are 0). One
    /// pass over the nodes, each found once, where a walk of each feature finds the earlier
    /// features of each segment's tile again: for the statistics of every feature at the end
    /// of a game. A tile's nodes are consecutive, so a root counts a tile when the last tile
    /// it was seen on (`seen_on`) is another. The finds halve the paths they walk, as every
    /// node is found: the later ones walk the shorter paths.
    pub fn tile_counts(&mut self) -> Vec<u32> {
        let mut counts = vec![0; self.nodes.len()];
        let mut seen_on = vec![PlacementId::MAX; self.nodes.len()];
        for (node, links) in self.nodes.iter().enumerate() {
            let root = self.features.find_mut(node as NodeId) as usize;
            if seen_on[root] != links.placement {
                seen_on[root] = links.placement;
                counts[root] += 1;
            }
        }
        counts
    }

    /// The lake nodes at the ends of the river of `node`, with repeats when two segments flow
    /// into one lake.
    pub fn lakes_of(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.related(node, |feature| &feature.lakes)
    }

    /// The city nodes the field of `node` touches, with repeats (map them to their roots to
    /// count cities).
    pub fn cities_touched(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.related(node, |feature| &feature.cities)
    }

    /// The nodes that `related` names (as feature indexes on the same tile) for each segment of
    /// the feature of `node`.
    fn related<'a>(
        &'a self,
        node: NodeId,
        related: impl Fn(&'a catalog::CompiledFeature) -> &'a Vec<usize> + 'a,
    ) -> impl Iterator<Item = NodeId> + 'a {
        self.segments_of(node).flat_map(move |segment| {
            let NodeLinks {
                placement, index, ..
            } = self.nodes[segment as usize];
            let first = self.placements[placement as usize].first_node;
            related(&self.tile_of(placement).features[usize::from(index)])
                .iter()
                .map(move |other| first + *other as NodeId)
        })
    }

    pub fn system_root(&mut self, node: NodeId) -> NodeId {
        if node as usize >= self.systems.len() {
            // Past the river-system tables: a system of its own (see `systems`).
            return node;
        }
        self.systems_uf.find_mut(node)
    }

    pub fn system(&mut self, node: NodeId) -> &RiverSystem {
        /// The system of a node past the river-system tables (see `systems`).
        static NO_SYSTEM: RiverSystem = RiverSystem {
            fish: 0,
            figures: Vec::new(),
        };
        if node as usize >= self.systems.len() {
            return &NO_SYSTEM;
        }
        let root = self.systems_uf.find_mut(node);
        &self.systems[root as usize]
    }

    /// The roots of every river system on the board, each once.
    pub fn system_roots(&mut self) -> Vec<NodeId> {
        // Only rivers and lakes are joined into systems, so a system's root is one of its
        // nodes, and the nodes that are their own root are each system once, in order.
        (0..self.nodes.len() as NodeId)
            .filter(|n| {
                matches!(
                    self.feature_kind(*n),
                    FeatureKind::River | FeatureKind::Lake
                ) && self.systems_uf.find_mut(*n) == *n
            })
            .collect()
    }

    /// The roots of every feature on the board, each once, in board order: the nodes that are
    /// their own root (no list of every node's root to sort and deduplicate). A node is a root
    /// when it is its own parent, which one read tells (no find, so no path is walked).
    pub fn feature_roots(&self) -> Vec<NodeId> {
        // Made at the size of every node (a few kilobytes at most for a base game): a list
        // grown root by root reallocates several times a game.
        let mut roots = Vec::with_capacity(self.nodes.len());
        roots.extend((0..self.nodes.len() as NodeId).filter(|n| self.features.is_root(*n)));
        roots
    }

    /// Where a node lies: its placement and feature index.
    pub fn origin(&self, node: NodeId) -> (PlacementId, usize) {
        let NodeLinks {
            placement,
            index: feature,
            ..
        } = self.nodes[node as usize];
        (placement, feature as usize)
    }

    pub fn feature_kind(&self, node: NodeId) -> FeatureKind {
        self.nodes[node as usize].kind
    }

    /// Puts a figure on `node` (into its river system's list when `river_system`) and returns
    /// its id.
    pub fn deploy(
        &mut self,
        player: usize,
        kind: FigureKind,
        node: NodeId,
        river_system: bool,
        tag: usize,
    ) -> FigureId {
        let spot = if river_system {
            Spot::RiverSystem(node)
        } else {
            Spot::Feature(node)
        };
        self.put(player, kind, spot, tag)
    }

    /// Takes the figures of the feature rooted at `root` off the board; returns them.
    pub fn return_figures(&mut self, root: NodeId) -> Vec<FigureId> {
        let root = self.features.find_mut(root);
        let figures = std::mem::take(&mut self.components[root as usize].figures);
        for figure in &figures {
            self.figures[*figure as usize].on_board = false;
        }
        figures
    }

    /// Lays a token on the feature of `node`.
    pub fn add_token(&mut self, node: NodeId, value: u32) {
        let root = self.features.find_mut(node);
        self.components[root as usize].tokens.push(value);
    }

    /// Takes every token off the feature of `node`.
    pub fn take_tokens(&mut self, node: NodeId) -> Vec<u32> {
        let root = self.features.find_mut(node);
        std::mem::take(&mut self.components[root as usize].tokens)
    }

    /// Sends one piece back to its owner's supply, from wherever it is: off the board or out
    /// of a player's hands (a prisoner released). It keeps its spot, where it stood last.
    ///
    /// A hut leaves no list: a river system keeps the figures put on it, which its readers
    /// tell apart by `on_board` (and by their place in the list).
    pub fn return_figure(&mut self, figure: FigureId) {
        if let Spot::Feature(_) = self.figures[figure as usize].spot() {
            self.leave(figure);
        }
        self.figures[figure as usize].on_board = false;
    }

    /// Takes the figures of `kind` off the feature of `node`; returns them.
    pub fn return_figures_of(&mut self, node: NodeId, kind: FigureKind) -> Vec<FigureId> {
        let root = self.features.find_mut(node) as usize;
        let (gone, kept): (Vec<FigureId>, Vec<FigureId>) = self.components[root]
            .figures
            .iter()
            .partition(|f| self.figures[**f as usize].kind == kind);
        self.components[root].figures = kept;
        for figure in &gone {
            self.figures[*figure as usize].on_board = false;
        }
        gone
    }

    /// The figures on the feature of `node` that are still on the board.
    pub fn figures_on(&mut self, node: NodeId) -> Vec<FigureId> {
        self.component(node).figures.clone()
    }

    pub fn figures_on_system(&mut self, node: NodeId) -> Vec<FigureId> {
        self.system(node).figures.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Anchor, Feature, Half, Ruleset, Tile, TileKind};

    /// `words`' anchors as the tile language writes them: a side (`N`), a half side (`NL`) or
    /// the inner area (`I`).
    fn anchors(words: &str) -> Vec<Anchor> {
        words
            .split_whitespace()
            .map(|word| {
                let side = |letter| match letter {
                    'N' => Side::N,
                    'E' => Side::E,
                    'S' => Side::S,
                    _ => Side::W,
                };
                let mut letters = word.chars();
                match (letters.next(), letters.next()) {
                    (Some('I'), None) => Anchor::Inner,
                    (Some(letter), None) => Anchor::Side(side(letter)),
                    (Some(letter), Some('L')) => Anchor::Half(side(letter), Half::L),
                    (Some(letter), _) => Anchor::Half(side(letter), Half::R),
                    (None, _) => unreachable!("split_whitespace yields no empty word"),
                }
            })
            .collect()
    }

    /// Seven tiles of the base game (tiles/carcassonne-base.tiles: its start tile, a
    /// monastery, a city, roads straight, bent and crossing, a whole city), built from the
    /// model directly: the engine sits below the loading of tile files. A field touches the
    /// city labelled `c` of its tile where the tile file says so. The tests that play the
    /// whole shipped base set are in tests/engine.rs.
    fn small_catalog() -> Vec<CompiledTile> {
        let tiles: [(&str, TileKind, &[(FeatureKind, &str, bool)]); 7] = [
            (
                "BA/RCr",
                TileKind::Start,
                &[
                    (FeatureKind::Road, "E W", false),
                    (FeatureKind::City, "N", false),
                    (FeatureKind::Field, "EL WR", true),
                    (FeatureKind::Field, "ER S WL", false),
                ],
            ),
            (
                "BA/L",
                TileKind::Land,
                &[
                    (FeatureKind::Monastery, "I", false),
                    (FeatureKind::Field, "N E S W", false),
                ],
            ),
            (
                "BA/C",
                TileKind::Land,
                &[
                    (FeatureKind::City, "N", false),
                    (FeatureKind::Field, "E S W", true),
                ],
            ),
            (
                "BA/RFr",
                TileKind::Land,
                &[
                    (FeatureKind::Road, "E W", false),
                    (FeatureKind::Field, "N EL WR", false),
                    (FeatureKind::Field, "ER S WL", false),
                ],
            ),
            (
                "BA/Rr",
                TileKind::Land,
                &[
                    (FeatureKind::Road, "S W", false),
                    (FeatureKind::Field, "N E SL WR", false),
                    (FeatureKind::Field, "SR WL", false),
                ],
            ),
            (
                "BA/RRRR",
                TileKind::Land,
                &[
                    (FeatureKind::Road, "N", false),
                    (FeatureKind::Road, "E", false),
                    (FeatureKind::Road, "S", false),
                    (FeatureKind::Road, "W", false),
                    (FeatureKind::Field, "NL WR", false),
                    (FeatureKind::Field, "NR EL", false),
                    (FeatureKind::Field, "ER SL", false),
                    (FeatureKind::Field, "SR WL", false),
                ],
            ),
            (
                "BA/Cccc",
                TileKind::Land,
                &[(FeatureKind::City, "N E S W", false)],
            ),
        ];
        tiles
            .into_iter()
            .map(|(id, kind, features)| {
                let features = features
                    .iter()
                    .map(|&(feature_kind, words, touches_city)| {
                        let mut feature = Feature::new(feature_kind, anchors(words));
                        if feature_kind == FeatureKind::City {
                            feature.label = Some("c".into());
                        }
                        if touches_city {
                            feature.touches = vec!["c".into()];
                        }
                        feature
                    })
                    .collect();
                let tile = Tile {
                    id: id.into(),
                    count: 1,
                    kind,
                    markers: Vec::new(),
                    features,
                    spans: Default::default(),
                };
                CompiledTile::compile(&tile, Ruleset::Carcassonne)
            })
            .collect()
    }

    /// Lays `tiles` tiles of the catalog, from the start tile on, each the catalog's next tile
    /// (round the catalog) at the first of its legal placements that it fits, and checks on
    /// the way that the scan of a connected board counts its placements by columns.
    fn lay_connected(engine: &mut Engine, tiles: usize) {
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
            assert!(scan.width != 0, "a connected board is counted by columns");
            let legal = engine.legal_placements(tile);
            if let Some(&(pos, rotation)) = legal.get(n % legal.len().max(1)) {
                engine.place(tile, pos, rotation);
            }
        }
    }

    /// `LegalPlacements::kth` finds the placement the sorted list holds at `k`, for lists of
    /// board shape (a few columns around the origin, negative ones included), spread far, or
    /// with positions of one rotation or all four.
    #[test]
    fn the_kth_legal_placement_is_that_of_the_sorted_list() {
        let mut state = 11u64;
        let mut below = |bound: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) as usize) % bound
        };
        for round in 0..2_000 {
            let spread = if round % 4 == 0 { 1_000 } else { 12 };
            let mut scan = LegalPlacements::default();
            for _ in 0..1 + below(60) {
                let x = below(2 * spread) as i32 - spread as i32;
                let y = below(2 * spread) as i32 - spread as i32;
                let key = position_key(Pos::new(x, y));
                if scan.fitting.iter().any(|other| other.key == key) {
                    continue;
                }
                let rotations = match round % 3 {
                    0 => 1 << below(4),
                    1 => 0b1111,
                    _ => 1 + below(15) as u8,
                };
                scan.fitting.push(FittingPosition::new(key, rotations));
                scan.positions += 1;
                scan.count += rotations.count_ones() as usize;
            }
            let mut by_sort = scan.clone();
            let sorted: Vec<(Pos, Rotation)> = by_sort.sorted().collect();
            assert_eq!(sorted.len(), scan.len());
            assert!(sorted.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
            for (k, placement) in sorted.iter().enumerate() {
                assert_eq!(scan.kth(k), *placement, "round {round}, k {k}");
                // The fallback after a run of bad pivots, on its own.
                assert_eq!(
                    select_weighted(&mut scan.fitting, k),
                    *placement,
                    "round {round}, k {k}"
                );
                if scan.fitting.len() <= SORTED_UP_TO {
                    assert_eq!(
                        select_among_few(&scan.fitting, k),
                        *placement,
                        "round {round}, k {k}"
                    );
                }
            }
        }
    }

    /// The pick from the counts per column is the k-th of the sorted list on boards of other
    /// shapes too: a tall column (hundreds of open positions in one column); tiles laid apart,
    /// whose columns outnumber the open positions, and a board wider than the table of
    /// columns (neither counted per column).
    #[test]
    fn the_kth_pick_from_the_counts_follows_any_board() {
        let catalog = small_catalog();
        let tall = |n: i32| Pos::new(n % 2, n / 2 - 50);
        let apart = |n: i32| Pos::new(5 * n - 40, 3 * (n % 3));
        let wide = |n: i32| Pos::new(n / 2 - 50, n % 2);
        for (name, shape, by_columns) in [
            ("tall", &tall as &dyn Fn(i32) -> Pos, true),
            ("apart", &apart, false),
            ("wide", &wide, false),
        ] {
            let mut engine = Engine::new(catalog.clone());
            let mut roots = Vec::new();
            for n in 0..200 {
                engine.place_into(
                    n as usize % engine.catalog.len(),
                    shape(n),
                    Rotation((n % 4) as u8),
                    &mut roots,
                );
            }
            let mut legal = LegalPlacements::default();
            let mut tiles_that_fit = 0;
            for tile in 0..engine.catalog.len() {
                let sorted = engine.legal_placements(tile);
                engine.scan_legal_placements(tile, &mut legal);
                assert_eq!(legal.len(), sorted.len());
                assert_eq!(legal.width != 0, by_columns, "{name}");
                for (k, placement) in sorted.iter().enumerate() {
                    assert_eq!(legal.kth(k), *placement, "{name} {tile} {k}");
                }
                tiles_that_fit += usize::from(!sorted.is_empty());
            }
            assert!(tiles_that_fit > 0, "{name}");
        }
    }

    /// A game without rivers or lakes writes no river-system entry, and its nodes answer as
    /// systems of their own, empty, until a figure is put on one's river system.
    #[test]
    fn river_systems_are_kept_for_the_nodes_of_river_tiles_only() {
        let catalog = small_catalog();
        assert!(catalog.iter().all(|tile| !tile.has_river_system));
        let mut engine = Engine::new(catalog);
        lay_connected(&mut engine, 60);
        assert!(engine.systems.is_empty());
        let last = engine.nodes.len() as NodeId - 1;
        for node in [0, last / 2, last] {
            assert_eq!(engine.system_root(node), node);
            let system = engine.system(node);
            assert_eq!((system.fish, system.figures.len()), (0, 0));
        }
        assert!(engine.system_roots().is_empty());
        let figure = engine.deploy(1, FigureKind("hut"), last / 2, true, 0);
        assert_eq!(engine.systems.len(), last as usize / 2 + 1);
        assert_eq!(engine.figures_on_system(last / 2), [figure]);
        assert_eq!(engine.system_root(last), last);
        assert!(engine.figures_on_system(last).is_empty());
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
        let catalog = small_catalog();
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
