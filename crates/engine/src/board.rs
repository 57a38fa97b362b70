//! The board: what each position holds, stored in blocks of 4 × 4 cells.
//!
//! A placement reads its position and its four neighbours. With the board in a hash map each of
//! those was a hash look-up; here a position is found once (its block through a small map of
//! blocks), and every neighbour after that is reached by index: a step inside a block is an
//! offset, a step across a block's edge follows a link the block keeps to each of its four
//! neighbouring blocks. Blocks are created on demand and linked to the neighbouring blocks that
//! exist, so a hash look-up happens only when a block is created (once per 16 cells) or when a
//! caller names a position out of the blue ([`Board::locate`]: once per placement, for the
//! placed position itself).
//!
//! Why blocks and not one array over the bounding box: tiles are connected, but a game of 50,000
//! tiles (the most G020 allows) may be a line, an L or a diagonal staircase, whose bounding box
//! is 25,000 × 25,000 cells or more, and an illegal move may even lay a tile far from the others.
//! Blocks follow the tiles: a block exists only where a tile or one of its neighbours lies, so
//! memory grows with the tiles placed, whatever their shape. Four by four keeps a block at 88
//! bytes (64 of cells, one cache line, and its links and coordinates), so that even a hostile
//! game of tiles laid far apart, each in up to three blocks of its own, costs about as much as
//! the hash map of positions it replaces; the larger blocks of 8 × 8 or 16 × 16 cells would
//! have cost up to 4 or 16 times as much there, for few steps saved in connected games.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::PlacementId;
use crate::model::{Pos, Side};

/// A fast hasher for board positions (a multiply-rotate mix of the two coordinates), used for
/// the board's map of blocks; the standard hasher's resistance to crafted keys is not needed for
/// coordinates bounded by the game language.
#[derive(Default)]
pub(crate) struct PosHasher(u64);

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

/// Cells along a block's side, as a power of two: positions map to blocks by shifts and masks.
const BLOCK_SHIFT: u32 = 2;
const BLOCK_SIDE: i32 = 1 << BLOCK_SHIFT;
const BLOCK_CELLS: usize = (BLOCK_SIDE * BLOCK_SIDE) as usize;
/// A missing link to a neighbouring block.
const NO_BLOCK: u32 = u32::MAX;

/// What the board holds at a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Cell {
    Empty,
    Placed(PlacementId),
    /// An empty position next to a tile: its index in the engine's open positions.
    Open(u32),
}

// A cell is packed in a `u32` (a block's 16 cells in 64 bytes, half of what an enum of 8
// bytes a cell would take): a placement id as it is, an open position's index with the high
// bit set, and all ones for an empty cell. Ids and indexes stay far below 2^31: each one is a
// placed tile or an open position beside one, held in memory.
const EMPTY: u32 = u32::MAX;
const OPEN_BIT: u32 = 1 << 31;

fn pack(cell: Cell) -> u32 {
    match cell {
        Cell::Empty => EMPTY,
        Cell::Placed(id) => {
            debug_assert!(id < OPEN_BIT);
            id
        }
        Cell::Open(index) => {
            debug_assert!(index < OPEN_BIT - 1);
            OPEN_BIT | index
        }
    }
}

fn unpack(value: u32) -> Cell {
    if value == EMPTY {
        Cell::Empty
    } else if value & OPEN_BIT != 0 {
        Cell::Open(value & !OPEN_BIT)
    } else {
        Cell::Placed(value)
    }
}

/// Where a cell is stored: `block * 16 + cell in block`, the index into [`Board::cells`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct CellRef(u32);

impl CellRef {
    fn block(self) -> usize {
        (self.0 as usize) / BLOCK_CELLS
    }

    /// The cell's column and row inside its block.
    fn within(self) -> (u32, u32) {
        let offset = self.0 % BLOCK_CELLS as u32;
        (offset % BLOCK_SIDE as u32, offset / BLOCK_SIDE as u32)
    }
}

/// The block holding `pos` and the cell's offset inside it. Arithmetic shifts round towards
/// minus infinity, so negative coordinates fall into their blocks like positive ones.
fn split(pos: Pos) -> (Pos, u32) {
    let block = Pos::new(pos.x >> BLOCK_SHIFT, pos.y >> BLOCK_SHIFT);
    let column = (pos.x & (BLOCK_SIDE - 1)) as u32;
    let row = (pos.y & (BLOCK_SIDE - 1)) as u32;
    (block, row * BLOCK_SIDE as u32 + column)
}

#[derive(Debug, Clone, Default)]
pub(super) struct Board {
    /// Every block's cells, one block after the other (see [`CellRef`]).
    cells: Vec<u32>,
    /// Per block: the index of the block beyond each side (N E S W), or `NO_BLOCK`.
    links: Vec<[u32; 4]>,
    /// Per block: its block coordinates (position divided by the block side).
    origins: Vec<Pos>,
    /// The index of each block, by block coordinates.
    directory: HashMap<Pos, u32, BuildHasherDefault<PosHasher>>,
    /// The position [`Board::locate_or_insert`] found last and where it is stored: the engine
    /// locates each placed position there, and the rules then ask [`Board::square`] around the
    /// same position, which this spares a second look-up. A cell never moves once its block
    /// exists, so the pair stays true until the board is cleared.
    last_located: Option<(Pos, CellRef)>,
}

impl Board {
    /// Empties the board and keeps its capacity.
    pub(super) fn clear(&mut self) {
        self.cells.clear();
        self.links.clear();
        self.origins.clear();
        self.directory.clear();
        self.last_located = None;
    }

    /// Where `pos` is stored, if its block exists.
    #[inline]
    pub(super) fn locate(&self, pos: Pos) -> Option<CellRef> {
        let (block, offset) = split(pos);
        let index = *self.directory.get(&block)?;
        Some(CellRef(index * BLOCK_CELLS as u32 + offset))
    }

    /// Where `pos` is stored; creates its block if needed.
    pub(super) fn locate_or_insert(&mut self, pos: Pos) -> CellRef {
        let (block, offset) = split(pos);
        let index = match self.directory.get(&block) {
            Some(index) => *index,
            None => self.insert_block(block),
        };
        let at = CellRef(index * BLOCK_CELLS as u32 + offset);
        self.last_located = Some((pos, at));
        at
    }

    #[inline]
    pub(super) fn get(&self, at: CellRef) -> Cell {
        unpack(self.cells[at.0 as usize])
    }

    /// What the board holds at `pos`.
    #[inline]
    pub(super) fn at(&self, pos: Pos) -> Cell {
        self.locate(pos).map_or(Cell::Empty, |at| self.get(at))
    }

    /// The placement at `pos`, if a tile lies there: [`Board::at`] without unpacking the cell
    /// (the rules ask this for the eight positions around a tile). An empty cell and an open
    /// position both have the high bit set; a placement id never does.
    #[inline]
    pub(super) fn placed_at(&self, pos: Pos) -> Option<PlacementId> {
        self.placed_in(self.locate(pos))
    }

    /// Stores `cell` and returns what was there.
    #[inline]
    pub(super) fn replace(&mut self, at: CellRef, cell: Cell) -> Cell {
        unpack(std::mem::replace(
            &mut self.cells[at.0 as usize],
            pack(cell),
        ))
    }

    #[inline]
    pub(super) fn set(&mut self, at: CellRef, cell: Cell) {
        self.cells[at.0 as usize] = pack(cell);
    }

    /// The cell beyond `side` of `at` (the position `pos.neighbour(side)`), creating its block
    /// if needed. Inside a block it is an offset; across a block's edge it follows the link, so
    /// only the creation of a block looks anything up.
    #[inline]
    pub(super) fn neighbour_or_insert(&mut self, at: CellRef, side: Side) -> CellRef {
        match landing(at, side) {
            Landing::Inside(next) => next,
            Landing::Across { block, offset } => {
                let mut beyond = self.links[block][side.index()];
                if beyond == NO_BLOCK {
                    beyond = self.insert_beyond(block, side);
                }
                CellRef(beyond * BLOCK_CELLS as u32 + offset)
            }
        }
    }

    /// The cell beyond `side` of `at`, if its block exists.
    #[inline]
    fn neighbour(&self, at: CellRef, side: Side) -> Option<CellRef> {
        match landing(at, side) {
            Landing::Inside(next) => Some(next),
            Landing::Across { block, offset } => {
                let beyond = self.links[block][side.index()];
                (beyond != NO_BLOCK).then(|| CellRef(beyond * BLOCK_CELLS as u32 + offset))
            }
        }
    }

    fn placed_in(&self, at: Option<CellRef>) -> Option<PlacementId> {
        let value = self.cells[at?.0 as usize];
        (value & OPEN_BIT == 0).then_some(value)
    }

    /// The placements beside `pos`, on its sides N E S W: one look-up for `pos`, then steps
    /// by index (the greedy policy asks this for every placement it weighs).
    pub(super) fn neighbours(&self, pos: Pos) -> [Option<PlacementId>; 4] {
        // Written out side by side: `Side::ALL.map` was not inlined, and cost more than the
        // steps themselves.
        match self.locate(pos) {
            Some(centre) => {
                let beside = |side| self.placed_in(self.neighbour(centre, side));
                [
                    beside(Side::N),
                    beside(Side::E),
                    beside(Side::S),
                    beside(Side::W),
                ]
            }
            // No block at `pos`: a neighbour may still lie in a block of its own.
            None => {
                let beside = |side| self.placed_at(pos.neighbour(side));
                [
                    beside(Side::N),
                    beside(Side::E),
                    beside(Side::S),
                    beside(Side::W),
                ]
            }
        }
    }

    /// The placements at `pos` and at the eight positions around it, in the order of
    /// [`super::Engine::square_around`]. One look-up for `pos`, then steps by index: the rules
    /// ask this for every placement (the monasteries near it) and for every monastery.
    ///
    /// A diagonal is reached through an orthogonal neighbour (north or south, then east or
    /// west). When that neighbour's block is missing, the diagonal holds no tile: a placed
    /// tile's four neighbours always have cells (`Engine::place` creates them as open
    /// positions), and the orthogonal neighbour of `pos` on the way is one of them.
    pub(super) fn square(&self, pos: Pos) -> [Option<PlacementId>; 9] {
        let centre = match self.last_located {
            Some((last, at)) if last == pos => Some(at),
            _ => self.locate(pos),
        };
        let Some(centre) = centre else {
            // No block at `pos` (so no tile there, nor beside it); a diagonal may still hold
            // one, in a block of its own: look each position up.
            let mut square = [None; 9];
            let (x, y) = (pos.x, pos.y);
            for (cell, (dx, dy)) in square.iter_mut().zip(SQUARE) {
                *cell = self.placed_at(Pos::new(x + dx, y + dy));
            }
            return square;
        };
        let north = self.neighbour(centre, Side::N);
        let south = self.neighbour(centre, Side::S);
        let beyond = |cell: Option<CellRef>, side| cell.and_then(|at| self.neighbour(at, side));
        [
            self.placed_in(Some(centre)),
            self.placed_in(beyond(north, Side::W)),
            self.placed_in(north),
            self.placed_in(beyond(north, Side::E)),
            self.placed_in(self.neighbour(centre, Side::W)),
            self.placed_in(self.neighbour(centre, Side::E)),
            self.placed_in(beyond(south, Side::W)),
            self.placed_in(south),
            self.placed_in(beyond(south, Side::E)),
        ]
    }

    /// Creates the block beyond `side` of block `block` (kept out of line: once per block).
    #[inline(never)]
    fn insert_beyond(&mut self, block: usize, side: Side) -> u32 {
        let origin = self.origins[block];
        let (dx, dy) = step(side);
        self.insert_block(Pos::new(origin.x + dx, origin.y + dy))
    }

    /// Adds an empty block at block coordinates `origin` and links it with the neighbouring
    /// blocks that exist (both ways), so that steps between them never look anything up.
    fn insert_block(&mut self, origin: Pos) -> u32 {
        let index = self.origins.len() as u32;
        self.cells.extend([EMPTY; BLOCK_CELLS]);
        self.origins.push(origin);
        let mut links = [NO_BLOCK; 4];
        for side in Side::ALL {
            let (dx, dy) = step(side);
            if let Some(&other) = self.directory.get(&Pos::new(origin.x + dx, origin.y + dy)) {
                links[side.index()] = other;
                self.links[other as usize][(side.index() + 2) % 4] = index;
            }
        }
        self.links.push(links);
        self.directory.insert(origin, index);
        index
    }

    /// The bytes the board holds (its tables' capacities), for the tests of its memory.
    #[cfg(test)]
    pub(super) fn memory_bytes(&self) -> usize {
        self.cells.capacity() * std::mem::size_of::<u32>()
            + self.links.capacity() * std::mem::size_of::<[u32; 4]>()
            + self.origins.capacity() * std::mem::size_of::<Pos>()
            // A hash table entry and its control byte.
            + self.directory.capacity() * (std::mem::size_of::<(Pos, u32)>() + 1)
    }

    /// How many blocks the board has.
    #[cfg(test)]
    pub(super) fn blocks(&self) -> usize {
        self.origins.len()
    }
}

/// The offsets of [`Board::square`]'s positions: the centre, then the eight around it row by
/// row, as [`super::Engine::around`] lists them.
const SQUARE: [(i32, i32); 9] = [
    (0, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Where a step beyond a side of a cell lands: in the same block, or at `offset` in the block
/// beyond the edge of `block`.
enum Landing {
    Inside(CellRef),
    Across { block: usize, offset: u32 },
}

fn landing(at: CellRef, side: Side) -> Landing {
    // Cells are stored row by row, so a step is +-1 (a column) or +-BLOCK_SIDE (a row) while
    // it stays inside the block; `wrap` is the offset that lands on the far edge of the next
    // block when it crosses.
    const LAST: u32 = BLOCK_SIDE as u32 - 1;
    const ROW: u32 = BLOCK_SIDE as u32;
    let (column, row) = at.within();
    let (inside, delta, wrap) = match side {
        Side::N => (row > 0, -(ROW as i32), LAST * ROW),
        Side::E => (column < LAST, 1, 0),
        Side::S => (row < LAST, ROW as i32, 0),
        Side::W => (column > 0, -1, LAST),
    };
    if inside {
        return Landing::Inside(CellRef(at.0.wrapping_add_signed(delta)));
    }
    // The cell keeps its row (a step east or west) or its column (north or south).
    let kept = match side {
        Side::N | Side::S => column,
        Side::E | Side::W => row * ROW,
    };
    Landing::Across {
        block: at.block(),
        offset: kept + wrap,
    }
}

/// The step in x and y from a position to its neighbour beyond `side` (as `Pos::neighbour`).
fn step(side: Side) -> (i32, i32) {
    match side {
        Side::N => (0, -1),
        Side::E => (1, 0),
        Side::S => (0, 1),
        Side::W => (-1, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_across_blocks_reach_the_neighbouring_position() {
        let mut board = Board::default();
        // Positions on both sides of block edges, negative ones included.
        let positions = [
            Pos::new(0, 0),
            Pos::new(7, 7),
            Pos::new(-1, -1),
            Pos::new(-4, 4),
            Pos::new(-5, 3),
            Pos::new(-9, 15),
            Pos::new(1_000_000, -1_000_000),
        ];
        for (id, pos) in positions.into_iter().enumerate() {
            let at = board.locate_or_insert(pos);
            board.set(at, Cell::Placed(id as PlacementId));
        }
        for (id, pos) in positions.into_iter().enumerate() {
            let at = board.locate(pos).expect("its block exists");
            assert_eq!(board.get(at), Cell::Placed(id as PlacementId));
            for side in Side::ALL {
                let next = board.neighbour_or_insert(at, side);
                board.set(next, Cell::Open(id as u32));
                assert_eq!(
                    board.locate(pos.neighbour(side)),
                    Some(next),
                    "{pos:?} {side:?}"
                );
                // And back again.
                assert_eq!(
                    board.neighbour_or_insert(next, Side::from_index(side.index() + 2)),
                    at
                );
            }
        }
        assert_eq!(board.at(Pos::new(7, 7)), Cell::Placed(1));
        assert_eq!(board.at(Pos::new(8, 7)), Cell::Open(1));
        assert_eq!(board.at(Pos::new(-5, 3)), Cell::Placed(4));
        assert_eq!(board.at(Pos::new(500, 500)), Cell::Empty);
        assert_eq!(board.placed_at(Pos::new(-5, 3)), Some(4));
        assert_eq!(board.placed_at(Pos::new(8, 7)), None);
        assert_eq!(board.placed_at(Pos::new(9, 7)), None);
        assert_eq!(board.placed_at(Pos::new(500, 500)), None);
        board.clear();
        assert_eq!(board.at(Pos::new(0, 0)), Cell::Empty);
        assert_eq!(board.blocks(), 0);
    }

    #[test]
    fn the_square_around_a_position_and_its_neighbours_are_what_each_position_holds() {
        // Tiles laid along a path that wanders over block edges (negative coordinates
        // included), each with its four neighbours as open positions, as `Engine::place` does.
        let mut board = Board::default();
        let mut pos = Pos::new(-3, 2);
        let mut seed = 7u64;
        let mut placed = Vec::new();
        for id in 0..400 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let side = Side::from_index((seed >> 33) as usize % 4);
            pos = pos.neighbour(side);
            let at = board.locate_or_insert(pos);
            if board.placed_at(pos).is_some() {
                continue;
            }
            board.set(at, Cell::Placed(id));
            placed.push(pos);
            for side in Side::ALL {
                let next = board.neighbour_or_insert(at, side);
                if board.get(next) == Cell::Empty {
                    board.set(next, Cell::Open(0));
                }
            }
        }
        // A lone tile far away, and positions with no block of their own.
        let far = Pos::new(1_000, 1_000);
        let at = board.locate_or_insert(far);
        board.set(at, Cell::Placed(9_999));
        let mut probes: Vec<Pos> = placed.clone();
        probes.extend(placed.iter().map(|p| Pos::new(p.x + 1, p.y + 1)));
        probes.extend([
            far,
            Pos::new(1_001, 999),
            Pos::new(-500, 40),
            Pos::new(4, 4),
        ]);
        for probe in probes {
            let expected: Vec<Option<PlacementId>> = SQUARE
                .iter()
                .map(|(dx, dy)| board.placed_at(Pos::new(probe.x + dx, probe.y + dy)))
                .collect();
            assert_eq!(board.square(probe).to_vec(), expected, "around {probe:?}");
            let beside = Side::ALL.map(|side| board.placed_at(probe.neighbour(side)));
            assert_eq!(board.neighbours(probe), beside, "beside {probe:?}");
        }
    }
}
