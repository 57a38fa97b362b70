//! Where a tile may lie: the open positions beside the board with the edges their sides must
//! show (kept up to date by each placement, see [`crate::place`]), the check of one placement,
//! and the scan of every legal placement of a tile, which the simulator runs at every move.
//! Apart from the placement itself because it reads the board and changes nothing: a move's
//! legality and the move generator's list come from here.

mod pick;

use crate::board::{Cell, CellRef};
use crate::catalog::CompiledTile;
use crate::model::{CLOSED_EDGE, Pos, Rotation, Side};
use crate::{Engine, opposite};

/// An integer whose order is the order of positions (x, then y), for sorting.
pub(crate) fn position_key(pos: Pos) -> u64 {
    let biased = |coordinate: i32| u64::from((coordinate as u32) ^ 0x8000_0000);
    (biased(pos.x) << 32) | biased(pos.y)
}

/// An empty position next to at least one tile and the edges its sides must show: the edge
/// letters of the touching sides packed as in [`crate::catalog::pack_edges`] (`wanted`), and `0xFF` in
/// the bytes of the sides a tile touches (`mask`). A tile turned so that it shows the packed
/// edges `edges` fits when `edges & mask == wanted`: checking a rotation is one mask and one
/// comparison instead of four lookups.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OpenPosition {
    /// [`position_key`] of the position (which [`Engine::placement_of_key`] turns back into
    /// it), computed once when the position opens: the legal-placement scan lists it for every
    /// position where the tile fits at every move, so it is not worked out again there.
    pub(crate) key: u64,
    pub(crate) wanted: u32,
    pub(crate) mask: u32,
    /// Where the board stores this position, so that moving the entry (a swap-remove) updates
    /// the board's index of it without finding the position again.
    pub(crate) at: CellRef,
}

impl OpenPosition {
    fn admits(&self, rotated_edges: u32) -> bool {
        rotated_edges & self.mask == self.wanted
    }

    /// [`OpenPosition::admits`] for a tile that closes some of its sides: the bytes of those
    /// sides (`0xFF` in `closed`) are not compared, since a closed side fits any neighbour.
    fn admits_closing(&self, rotated_edges: u32, closed: u32) -> bool {
        rotated_edges & self.mask & !closed == self.wanted & !closed
    }

    /// Whether `tile`, turned by `rotation`, fits here.
    fn admits_tile(&self, tile: &CompiledTile, rotation: Rotation) -> bool {
        let edges = tile.rotated_edges[rotation.0 as usize];
        if tile.closes_sides() {
            self.admits_closing(edges, tile.closed_mask(rotation))
        } else {
            self.admits(edges)
        }
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

    /// Records the edge a new neighbour shows on `side` of this position. A closed side
    /// ([`CLOSED_EDGE`]) fits any side, so it asks nothing of the tile laid here.
    pub(crate) fn require(&mut self, side: Side, edge: u8) {
        let shift = 8 * side.index();
        self.wanted &= !(0xFF << shift);
        if edge == CLOSED_EDGE {
            self.mask &= !(0xFF << shift);
        } else {
            self.mask |= 0xFF << shift;
            self.wanted |= u32::from(edge) << shift;
        }
    }
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
}

impl Engine {
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
                if self.open[index as usize].admits_tile(&self.catalog[tile], rotation) {
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
                let my_edge = self.edge(tile, rotation, side);
                let fits =
                    my_edge == their_edge || my_edge == CLOSED_EDGE || their_edge == CLOSED_EDGE;
                if !fits {
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
        if self.catalog[tile].closes_sides() {
            return self.scan_closing_tile(tile, into);
        }
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

    /// [`Engine::scan_legal_placements`] for a tile that closes some of its sides, which fit
    /// any neighbour: a test a step longer, kept out of the scan of the other tiles. The
    /// placements are not counted per column (the tiles that close sides are few).
    #[cold]
    #[inline(never)]
    fn scan_closing_tile(&self, tile: usize, into: &mut LegalPlacements) {
        let compiled = &self.catalog[tile];
        // The list keeps its length (see `LegalPlacements::fitting`): written by index.
        if into.fitting.len() < self.open.len() {
            into.fitting
                .resize(self.open.len(), FittingPosition::new(0, 0));
        }
        into.positions = 0;
        into.count = 0;
        into.width = 0;
        for open in &self.open {
            let rotations = Rotation::ALL
                .into_iter()
                .filter(|&rotation| open.admits_tile(compiled, rotation))
                .fold(0u8, |rotations, rotation| rotations | 1 << rotation.0);
            if rotations != 0 {
                let position = FittingPosition::new(open.key, rotations);
                into.count += usize::from(position.placements);
                into.fitting[into.positions] = position;
                into.positions += 1;
            }
        }
    }

    /// The placement of an order key ([`position_key`]) and a rotation.
    pub(crate) fn placement_of_key((key, rotation): (u64, u8)) -> (Pos, Rotation) {
        let unbiased = |biased: u64| ((biased as u32) ^ 0x8000_0000) as i32;
        (
            Pos::new(unbiased(key >> 32), unbiased(key)),
            Rotation(rotation),
        )
    }

    pub fn fits_somewhere(&self, tile: usize) -> bool {
        let compiled = &self.catalog[tile];
        if compiled.closes_sides() {
            return self.open.iter().any(|open| {
                Rotation::ALL
                    .into_iter()
                    .any(|rotation| open.admits_tile(compiled, rotation))
            });
        }
        let rotated = compiled.rotated_edges;
        self.open
            .iter()
            .any(|open| rotated.iter().any(|edges| open.admits(*edges)))
    }
}

/// Whether the scan counted the placements by columns (see
/// [`Engine::scan_legal_placements`]), for the tests that lay boards of every shape.
#[cfg(test)]
impl LegalPlacements {
    pub(crate) fn by_columns(&self) -> bool {
        self.width != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::base_catalog;

    /// The pick from the counts per column is the k-th of the sorted list on boards of other
    /// shapes too: a tall column (hundreds of open positions in one column); tiles laid apart,
    /// whose columns outnumber the open positions, and a board wider than the table of
    /// columns (neither counted per column).
    #[test]
    fn the_kth_pick_from_the_counts_follows_any_board() {
        let catalog = base_catalog();
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
}
