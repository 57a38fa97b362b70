//! Positions and rotations on the board.

use crate::model::{Anchor, Side};

/// A board position; x grows to the east, y to the south (as in JCloisterZone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    pub fn neighbour(self, side: Side) -> Pos {
        match side {
            Side::N => Pos::new(self.x, self.y - 1),
            Side::E => Pos::new(self.x + 1, self.y),
            Side::S => Pos::new(self.x, self.y + 1),
            Side::W => Pos::new(self.x - 1, self.y),
        }
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Quarter turns clockwise (0–3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Rotation(pub u8);

impl Rotation {
    pub const ALL: [Rotation; 4] = [Rotation(0), Rotation(1), Rotation(2), Rotation(3)];

    /// The board side where the tile's own side `side` ends up.
    pub fn to_board(self, side: Side) -> Side {
        Side::from_index(side.index() + self.0 as usize)
    }

    /// The tile's own side that lies on board side `side`.
    pub fn to_tile(self, side: Side) -> Side {
        Side::from_index(side.index() + 4 - self.0 as usize)
    }

    pub fn degrees(self) -> u32 {
        u32::from(self.0) * 90
    }

    /// An anchor given in board orientation, in the tile's own orientation.
    pub fn anchor_to_tile(self, anchor: Anchor) -> Anchor {
        match anchor {
            Anchor::Side(side) => Anchor::Side(self.to_tile(side)),
            Anchor::Half(side, half) => Anchor::Half(self.to_tile(side), half),
            Anchor::Inner => Anchor::Inner,
        }
    }
}

impl std::fmt::Display for Rotation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "r{}", self.degrees())
    }
}
