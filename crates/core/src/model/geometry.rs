//! Positions and rotations on the board.

use crate::model::{Anchor, Side};

/// A board position; x grows to the east, y to the south (as in JCloisterZone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

/// The largest coordinate a position may have: positions far beyond any table are refused, so
/// that no neighbour overflows.
pub const MAX_COORDINATE: i32 = 1_000_000;

impl Pos {
    pub fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    /// A position as the languages write it, `x,y`: each coordinate a whole number from
    /// -[`MAX_COORDINATE`] to [`MAX_COORDINATE`].
    #[inline]
    pub fn from_word(word: &str) -> Option<Pos> {
        let bytes = word.as_bytes();
        let comma = bytes.iter().position(|b| *b == b',')?;
        Some(Pos::new(
            coordinate(&bytes[..comma])?,
            coordinate(&bytes[comma + 1..])?,
        ))
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

    /// A rotation as the languages write it: `r0`, `r90`, `r180` or `r270` (what `Display`
    /// writes).
    #[inline]
    pub fn from_word(word: &str) -> Option<Rotation> {
        match word {
            "r0" => Some(Rotation(0)),
            "r90" => Some(Rotation(1)),
            "r180" => Some(Rotation(2)),
            "r270" => Some(Rotation(3)),
            _ => None,
        }
    }

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

/// A coordinate of a position: what `str::parse::<i32>` reads (an optional `+` or `-`, then
/// ASCII digits), from -[`MAX_COORDINATE`] to [`MAX_COORDINATE`] — positions far beyond any
/// table are refused, so that no neighbour overflows. Read byte by byte: `split_once` and
/// `parse` took some 40 instructions a placement more.
#[inline]
fn coordinate(text: &[u8]) -> Option<i32> {
    let (negative, digits) = match text {
        [b'-', digits @ ..] => (true, digits),
        [b'+', digits @ ..] => (false, digits),
        digits => (false, digits),
    };
    if digits.is_empty() {
        return None;
    }
    let mut value: i32 = 0;
    for byte in digits {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        // At most MAX_COORDINATE × 10 + 9: no overflow.
        value = value * 10 + i32::from(digit);
        if value > MAX_COORDINATE {
            return None;
        }
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A coordinate is read as `parse::<i32>` and the bounds read it, for every kind of word.
    #[test]
    fn coordinates_read_as_parse_reads_them() {
        let parse = |text: &str| {
            text.parse::<i32>()
                .ok()
                .filter(|c| (-MAX_COORDINATE..=MAX_COORDINATE).contains(c))
        };
        let mut words: Vec<String> = [
            "",
            "+",
            "-",
            "0",
            "-0",
            "+0",
            "7",
            "-7",
            "+7",
            "--7",
            "+-7",
            "-+7",
            "7-",
            "1x",
            "x1",
            " 1",
            "1 ",
            "1_000",
            "0x10",
            "١",
            "00000000000000000001",
            "1000000",
            "1000001",
            "-1000000",
            "-1000001",
            "999999",
            "2147483647",
            "2147483648",
            "-2147483648",
            "99999999999999999999",
            "1,2",
            "1.5",
            "٣",
        ]
        .iter()
        .map(|w| w.to_string())
        .collect();
        words.extend(
            (-1_100_000..=1_100_000)
                .step_by(9_973)
                .map(|n| n.to_string()),
        );
        words.extend((0..=255u8).map(|b| char::from(b).to_string()));
        for word in &words {
            assert_eq!(coordinate(word.as_bytes()), parse(word), "{word:?}");
        }
    }

    #[test]
    fn positions_and_rotations_read_as_written() {
        assert_eq!(Pos::from_word("-3,+2"), Some(Pos::new(-3, 2)));
        assert_eq!(Pos::from_word("1,2,3"), None);
        assert_eq!(Pos::from_word("1"), None);
        assert_eq!(Pos::from_word("1000001,0"), None);
        for rotation in Rotation::ALL {
            assert_eq!(Rotation::from_word(&rotation.to_string()), Some(rotation));
        }
        assert_eq!(Rotation::from_word("r45"), None);
        assert_eq!(Rotation::from_word("90"), None);
    }
}
