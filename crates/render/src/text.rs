//! The plain-text view: each tile as a 5 × 5 block of characters, small enough to read in a
//! terminal and in a diff.
//!
//! The block maps the anchors: the middle of each border row or column is a side's middle
//! (`N`, `E` …), the cells beside it the half-sides (`NL` `NR` on top, `EL` `ER` down the
//! right, `SL` `SR` along the bottom from right to left, `WL` `WR` up the left), the centre
//! cell `I`. Each cell shows the feature there:
//!
//! ```text
//! CCCCC   C city      F forest   . field   , meadow   : two fields meet
//! .....   | - road    ~ river    + roads meet   o road end   s spring
//! -----   M monastery O lake     G garden   * village   ^ hill   v vineyard   A volcano
//! .....   1-9 a figure of player 1-9   # highlighted feature   ? a legal position
//! .....
//! ```

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::model::{
    Anchor, AnchorClass, FeatureKind, Half, Marker, Pos, Rotation, Side, Tile, TileKind, TileSet,
};

use super::board::{Board, BoardFigure, BoardSpot};
use super::svg::Point;
use super::symbols;
use super::tile::{SIZE, TileLayout};

const N: usize = 5;

/// One tile as characters, with the feature each cell shows.
#[derive(Debug, Clone)]
struct Block {
    cells: [[char; N]; N],
    owners: [[Option<usize>; N]; N],
}

fn kind_char(kind: FeatureKind, vertical: bool) -> char {
    symbols::letter(kind, vertical)
}

/// The middle of the `index`-th row or column of a block, in tile coordinates (a tile is
/// 100 units, north up).
fn cell_middle(index: usize) -> f64 {
    (index as f64 + 0.5) * SIZE / N as f64
}

/// The cell of a half-side, `(row, column)`.
fn half_cell(side: Side, half: Half) -> (usize, usize) {
    match (side, half) {
        (Side::N, Half::L) => (0, 1),
        (Side::N, Half::R) => (0, 3),
        (Side::E, Half::L) => (1, 4),
        (Side::E, Half::R) => (3, 4),
        (Side::S, Half::L) => (4, 3),
        (Side::S, Half::R) => (4, 1),
        (Side::W, Half::L) => (3, 0),
        (Side::W, Half::R) => (1, 0),
    }
}

/// The cell of a side's middle, and the cell inside next to it.
fn middle_cells(side: Side) -> ((usize, usize), (usize, usize)) {
    match side {
        Side::N => ((0, 2), (1, 2)),
        Side::E => ((2, 4), (2, 3)),
        Side::S => ((4, 2), (3, 2)),
        Side::W => ((2, 0), (2, 1)),
    }
}

/// The corner cell between two sides, clockwise, and the inner cell diagonal to it.
fn corner_cells(side: Side) -> ((usize, usize), (usize, usize)) {
    // The corner after `side` going clockwise: N→NE, E→SE, S→SW, W→NW.
    match side {
        Side::N => ((0, 4), (1, 3)),
        Side::E => ((4, 4), (3, 3)),
        Side::S => ((4, 0), (3, 1)),
        Side::W => ((0, 0), (1, 1)),
    }
}

impl Block {
    fn of(tile: &Tile) -> Block {
        let features = &tile.features;
        let area = features
            .iter()
            .position(|f| f.kind.anchor_class() == AnchorClass::Area);
        let background = area.map_or(' ', |i| kind_char(features[i].kind, false));
        let mut block = Block {
            cells: [[background; N]; N],
            owners: [[None; N]; N],
        };
        // The ground: each cell belongs to the field whose slices of the picture hold its
        // middle (`TileLayout::field_at`), so that the cells a field's highlight or its farmer
        // marks are the ones the picture tints; a cell on a hedge between two fields is
        // nobody's.
        let layout = TileLayout::of(tile);
        for r in 0..N {
            for c in 0..N {
                let middle = Point::new(cell_middle(c), cell_middle(r));
                if let Some(field) = layout.field_at(middle) {
                    block.cells[r][c] = kind_char(features[field].kind, false);
                    block.owners[r][c] = Some(field);
                }
            }
        }
        let set = |block: &mut Block, (r, c): (usize, usize), ch: char, owner: usize| {
            block.cells[r][c] = ch;
            block.owners[r][c] = Some(owner);
        };

        // Areas on their half-sides; hedges (`:`) where a side's two halves are different
        // fields.
        let mut half_owner: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        for (index, feature) in features.iter().enumerate() {
            if feature.kind.anchor_class() != AnchorClass::Area {
                continue;
            }
            let ch = kind_char(feature.kind, false);
            for anchor in &feature.anchors {
                let halves: Vec<(Side, Half)> = match anchor {
                    Anchor::Side(side) => vec![(*side, Half::L), (*side, Half::R)],
                    Anchor::Half(side, half) => vec![(*side, *half)],
                    Anchor::Inner => vec![],
                };
                for (side, half) in halves {
                    let cell = half_cell(side, half);
                    half_owner.insert(cell, index);
                    set(&mut block, cell, ch, index);
                }
            }
        }
        for side in Side::ALL {
            let left = half_owner.get(&half_cell(side, Half::L));
            let right = half_owner.get(&half_cell(side, Half::R));
            let (middle, _) = middle_cells(side);
            match (left, right) {
                (Some(l), Some(r)) if l == r => {
                    set(&mut block, middle, kind_char(features[*l].kind, false), *l)
                }
                (Some(_), Some(_)) => {
                    block.cells[middle.0][middle.1] = ':';
                    block.owners[middle.0][middle.1] = None;
                }
                _ => {}
            }
        }

        // Cities and forests: their sides, and inwards when they join sides.
        for (index, feature) in features.iter().enumerate() {
            if feature.kind.anchor_class() != AnchorClass::Whole {
                continue;
            }
            let ch = kind_char(feature.kind, false);
            let sides: Vec<Side> = feature
                .touched_sides()
                .chain(feature.shares.iter().copied())
                .collect();
            let claims = |s: Side| sides.contains(&s);
            for &side in &sides {
                let (middle, inner) = middle_cells(side);
                set(&mut block, middle, ch, index);
                for half in [Half::L, Half::R] {
                    set(&mut block, half_cell(side, half), ch, index);
                }
                let next = Side::from_index(side.index() + 1);
                let (corner, inner_corner) = corner_cells(side);
                if claims(next) {
                    set(&mut block, corner, ch, index);
                    set(&mut block, inner_corner, ch, index);
                    set(&mut block, inner, ch, index);
                    set(&mut block, middle_cells(next).1, ch, index);
                }
                let opposite = Side::from_index(side.index() + 2);
                if claims(opposite) {
                    set(&mut block, inner, ch, index);
                    set(&mut block, (2, 2), ch, index);
                }
            }
            if sides.len() >= 3 {
                set(&mut block, (2, 2), ch, index);
            }
        }

        // Corners: the feature of both half-sides beside them, or a city's.
        for side in Side::ALL {
            let next = Side::from_index(side.index() + 1);
            let (corner, _) = corner_cells(side);
            let a = half_cell(side, Half::R);
            let b = half_cell(next, Half::L);
            let (ca, cb) = (block.cells[a.0][a.1], block.cells[b.0][b.1]);
            if block.owners[corner.0][corner.1]
                .is_some_and(|o| features[o].kind.anchor_class() == AnchorClass::Whole)
            {
                continue;
            }
            let is_whole = |cell: (usize, usize)| {
                block.owners[cell.0][cell.1]
                    .is_some_and(|o| features[o].kind.anchor_class() == AnchorClass::Whole)
            };
            let same_feature = block.owners[a.0][a.1] == block.owners[b.0][b.1];
            let from = if (ca == cb && same_feature) || is_whole(a) {
                Some(a)
            } else if is_whole(b) {
                Some(b)
            } else {
                None
            };
            if let Some(cell) = from {
                block.cells[corner.0][corner.1] = block.cells[cell.0][cell.1];
                block.owners[corner.0][corner.1] = block.owners[cell.0][cell.1];
            }
        }

        // Inner fields, monasteries and lakes in the centre; a garden in the cell where the
        // picture puts it, inside its field.
        let mut centre_taken = false;
        let mut gardens = Vec::new();
        for (index, feature) in features.iter().enumerate() {
            if feature.kind == FeatureKind::Garden {
                let at = layout.anchor(index);
                let cell = |v: f64| ((v / (SIZE / N as f64)) as usize).min(N - 1);
                gardens.push(((cell(at.y), cell(at.x)), index));
                centre_taken |= (cell(at.y), cell(at.x)) == (2, 2);
            } else if feature.anchors.contains(&Anchor::Inner) {
                set(&mut block, (2, 2), kind_char(feature.kind, false), index);
                centre_taken = feature.kind.anchor_class() == AnchorClass::Inner;
            }
        }

        // Roads and rivers.
        let dead_end_roads = features
            .iter()
            .filter(|f| f.kind == FeatureKind::Road && f.touched_sides().count() == 1)
            .count();
        let village = dead_end_roads >= 3
            && !features
                .iter()
                .any(|f| f.kind.anchor_class() == AnchorClass::Inner);
        for (index, feature) in features.iter().enumerate() {
            if feature.kind.anchor_class() != AnchorClass::Middle {
                continue;
            }
            let sides: Vec<Side> = feature.touched_sides().collect();
            for &side in &sides {
                let vertical = matches!(side, Side::N | Side::S);
                let ch = kind_char(feature.kind, vertical);
                let (middle, inner) = middle_cells(side);
                set(&mut block, middle, ch, index);
                set(&mut block, inner, ch, index);
            }
            let river = feature.kind == FeatureKind::River;
            match sides.as_slice() {
                // A dead end (not at a monastery, a lake or the village of a crossroads).
                [only] if !centre_taken && (river || !village) => {
                    let (_, inner) = middle_cells(*only);
                    let end = if river {
                        if feature.count(crate::model::ContentKind::Spring) > 0 {
                            's'
                        } else {
                            '~'
                        }
                    } else {
                        'o'
                    };
                    set(&mut block, inner, end, index);
                }
                [a, b] if !centre_taken => {
                    let straight = (a.index() + 2) % 4 == b.index();
                    let ch = if river {
                        '~'
                    } else if straight {
                        kind_char(FeatureKind::Road, matches!(a, Side::N | Side::S))
                    } else {
                        '+'
                    };
                    set(&mut block, (2, 2), ch, index);
                }
                [_, _, _, ..] if !centre_taken => {
                    set(&mut block, (2, 2), if river { '~' } else { '+' }, index);
                }
                _ => {}
            }
        }
        if village && !centre_taken {
            block.cells[2][2] = '*';
            block.owners[2][2] = None;
        }
        for (cell, index) in gardens {
            set(
                &mut block,
                cell,
                kind_char(FeatureKind::Garden, false),
                index,
            );
        }

        // Closed sides as walls along the edge, corners included: no feature reaches them.
        for &side in &tile.closed {
            for along in 0..N {
                let cell = match side {
                    Side::N => (0, along),
                    Side::E => (along, N - 1),
                    Side::S => (N - 1, along),
                    Side::W => (along, 0),
                };
                block.cells[cell.0][cell.1] = CLOSED_MARK;
                block.owners[cell.0][cell.1] = None;
            }
        }

        // Markers in free inner corners.
        let mut free = [(3usize, 3usize), (3, 1), (1, 3), (1, 1)].into_iter();
        for marker in &tile.markers {
            let ch = symbols::marker_letter(*marker);
            let spot = free.by_ref().find(|&(r, c)| {
                block.owners[r][c]
                    .is_some_and(|o| features[o].kind.anchor_class() == AnchorClass::Area)
            });
            if let Some((r, c)) = spot {
                block.cells[r][c] = ch;
                block.owners[r][c] = None;
            }
        }
        block
    }

    /// The block turned clockwise by `rotation`: roads change direction with it.
    fn rotated(&self, rotation: Rotation) -> Block {
        let mut block = self.clone();
        for _ in 0..rotation.0 % 4 {
            let old = block.clone();
            for r in 0..N {
                for c in 0..N {
                    let ch = old.cells[N - 1 - c][r];
                    block.cells[r][c] = match ch {
                        '|' => '-',
                        '-' => '|',
                        other => other,
                    };
                    block.owners[r][c] = old.owners[N - 1 - c][r];
                }
            }
        }
        block
    }

    /// Marks the cells of `feature` as highlighted (`#`).
    fn mark(&mut self, feature: usize) {
        for r in 0..N {
            for c in 0..N {
                if self.owners[r][c] == Some(feature) {
                    self.cells[r][c] = '#';
                }
            }
        }
    }

    /// The cell showing feature `feature` nearest the block's centre, for a figure.
    fn cell_of(&self, feature: usize) -> Option<(usize, usize)> {
        let mut best: Option<((usize, usize), usize)> = None;
        for r in 0..N {
            for c in 0..N {
                if self.owners[r][c] == Some(feature) {
                    let distance = r.abs_diff(2) + c.abs_diff(2);
                    if best.is_none_or(|(_, d)| distance < d) {
                        best = Some(((r, c), distance));
                    }
                }
            }
        }
        best.map(|(cell, _)| cell)
    }

    fn rows(&self) -> Vec<String> {
        self.cells.iter().map(|row| row.iter().collect()).collect()
    }
}

fn caption(tile: &Tile) -> String {
    let mut caption = format!("x{}", tile.count);
    if tile.kind != TileKind::Land {
        caption.push(' ');
        caption.push_str(tile.kind.name());
    }
    caption
}

/// The characters a text view uses, for its legend (only those that appear): the features'
/// letters (`symbols::letter`) by how the kinds sit on a tile — whole sides, areas, lines,
/// inside —, each group followed by the marks the view draws for it, then the markers'
/// letters and the view's own marks.
fn legend(text: &str) -> String {
    const MARKS_AFTER: [(AnchorClass, &[(char, &str)]); 4] = [
        (AnchorClass::Whole, &[]),
        (AnchorClass::Area, &[(':', "fields meet")]),
        (
            AnchorClass::Middle,
            &[('+', "roads meet"), ('o', "road end"), ('s', "spring")],
        ),
        (AnchorClass::Inner, &[('*', "village")]),
    ];
    const VIEW_MARKS: [(char, &str); 4] = [
        (CLOSED_MARK, "closed side"),
        ('#', "highlighted"),
        ('?', "legal position"),
        (NEUTRAL_MARK, "a neutral piece"),
    ];
    let mut entries: Vec<(String, &str)> = Vec::new();
    for (class, marks) in MARKS_AFTER {
        for kind in FeatureKind::ALL {
            if kind.anchor_class() != class {
                continue;
            }
            let (vertical, across) = (symbols::letter(kind, true), symbols::letter(kind, false));
            if text.contains(vertical) || text.contains(across) {
                let shown = if vertical == across {
                    vertical.to_string()
                } else {
                    format!("{vertical}{across}")
                };
                entries.push((shown, kind.name()));
            }
        }
        entries.extend(
            marks
                .iter()
                .filter(|(ch, _)| text.contains(*ch))
                .map(|(ch, meaning)| (ch.to_string(), *meaning)),
        );
    }
    for marker in Marker::ALL {
        let letter = symbols::marker_letter(marker);
        if text.contains(letter) {
            entries.push((letter.to_string(), marker.name()));
        }
    }
    entries.extend(
        VIEW_MARKS
            .iter()
            .filter(|(ch, _)| text.contains(*ch))
            .map(|(ch, meaning)| (ch.to_string(), *meaning)),
    );
    let mut parts: Vec<String> = entries
        .into_iter()
        .map(|(shown, meaning)| format!("{shown} {meaning}"))
        .collect();
    if text.chars().any(|c| c.is_ascii_digit()) {
        parts.push("1-9 a figure of that player".to_string());
    }
    parts.join("  ")
}

/// One tile as text: its id, rotation and count, the block, and a legend. The features
/// `highlight` lists (indexes into `tile.features`) are marked `#`, as on a board.
pub fn tile_text(tile: &Tile, rotation: Rotation, highlight: &[usize]) -> String {
    let mut block = Block::of(tile).rotated(rotation);
    for &feature in highlight {
        block.mark(feature);
    }
    let body = block.rows().join("\n");
    format!(
        "{} {} {}\n{body}\n{}\n",
        tile.id,
        rotation,
        caption(tile),
        legend(&body)
    )
}

/// A tile set as text: the blocks in rows of eight, each with its id and count under it.
pub fn sheet_text(set: &TileSet) -> String {
    let mut out = format!(
        "{} ({}): {} tiles, {} copies\n",
        set.name,
        set.ruleset.name(),
        set.tiles.len(),
        set.copies()
    );
    let mut body = String::new();
    let mut shown = String::new();
    for chunk in set.tiles.chunks(8) {
        let width = chunk
            .iter()
            .map(|t| t.id.chars().count().max(caption(t).len()).max(N))
            .max()
            .unwrap_or(N)
            + 2;
        let blocks: Vec<Block> = chunk.iter().map(Block::of).collect();
        shown.extend(blocks.iter().flat_map(Block::rows));
        body.push('\n');
        for r in 0..N {
            let line: String = blocks
                .iter()
                .map(|b| format!("{:<width$}", b.rows()[r]))
                .collect();
            body.push_str(line.trim_end());
            body.push('\n');
        }
        for label in [
            chunk.iter().map(|t| t.id.clone()).collect::<Vec<_>>(),
            chunk.iter().map(caption).collect::<Vec<_>>(),
        ] {
            let line: String = label.iter().map(|l| format!("{l:<width$}")).collect();
            body.push_str(line.trim_end());
            body.push('\n');
        }
    }
    out.push_str(&body);
    out.push('\n');
    out.push_str(&legend(&shown));
    out.push('\n');
    out
}

/// The board as text: x above the columns, y left of the rows, a block per tile, figures on
/// features as their player's number (a neutral piece as `@`); the players, the pieces off
/// the features (a line each: on a tile, on a corner, beside a figure, on a tower, held by a
/// player), the last placed tile and the legal positions listed below.
pub fn board_text(board: &Board) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", board.title);
    let Some((min, max)) = board.bounds() else {
        out.push_str("(no tile on the board)\n");
        return out;
    };
    let mut grid: BTreeMap<Pos, Block> = BTreeMap::new();
    for (index, placed) in board.tiles.iter().enumerate() {
        let mut block = Block::of(placed.tile).rotated(placed.rotation);
        for (_, feature) in board.highlight.iter().filter(|(t, _)| *t == index) {
            block.mark(*feature);
        }
        grid.insert(placed.pos, block);
    }
    for figure in &board.figures {
        let BoardSpot::Feature { placement, feature } = figure.spot else {
            continue;
        };
        let Some(placed) = board.tiles.get(placement) else {
            continue;
        };
        if let Some(block) = grid.get_mut(&placed.pos)
            && let Some((r, c)) = block.cell_of(feature)
        {
            block.cells[r][c] = owner_mark(figure.player);
        }
    }
    if let Some(legal) = &board.legal {
        for pos in legal.placements.keys() {
            grid.entry(*pos).or_insert_with(|| {
                let mut cells = [[' '; N]; N];
                for (r, row) in cells.iter_mut().enumerate() {
                    for (c, cell) in row.iter_mut().enumerate() {
                        if r == 0 || c == 0 || r == N - 1 || c == N - 1 {
                            *cell = '?';
                        }
                    }
                }
                Block {
                    cells,
                    owners: [[None; N]; N],
                }
            });
        }
    }
    let label_width = [min.y, max.y]
        .iter()
        .map(|y| format!("y{y}").len())
        .max()
        .unwrap_or(2);
    let mut header = " ".repeat(label_width + 1);
    for x in min.x..=max.x {
        header.push_str(&format!("{:<6}", format!("x{x}")));
    }
    let mut body = String::new();
    body.push_str(header.trim_end());
    body.push('\n');
    for y in min.y..=max.y {
        for r in 0..N {
            let label = if r == 2 {
                format!("y{y}")
            } else {
                String::new()
            };
            let mut line = format!("{label:<label_width$} ");
            for x in min.x..=max.x {
                match grid.get(&Pos::new(x, y)) {
                    Some(block) => line.push_str(&block.rows()[r]),
                    None => line.push_str("     "),
                }
                line.push(' ');
            }
            body.push_str(line.trim_end());
            body.push('\n');
        }
    }
    out.push_str(&body);
    let shown: String = grid.values().flat_map(|b| b.rows()).collect();
    let legend_line = legend(&shown);
    if !legend_line.is_empty() {
        let _ = writeln!(out, "{legend_line}");
    }
    for (index, name) in board.players.iter().enumerate() {
        let _ = writeln!(out, "player {}: {name}", index + 1);
    }
    // The pieces off the features, which the blocks have no cell for, a line each.
    for figure in &board.figures {
        if let Some(spot) = spot_text(board, &figure.spot) {
            let _ = writeln!(
                out,
                "{} {} {spot}",
                owner_text(figure.player),
                piece_text(figure)
            );
        }
    }
    if let Some(last) = board.last.and_then(|i| board.tiles.get(i)) {
        let _ = writeln!(
            out,
            "last placed: {} at {} {}",
            last.tile.id, last.pos, last.rotation
        );
    }
    if let Some(legal) = &board.legal {
        if legal.placements.is_empty() {
            let _ = writeln!(out, "{} fits nowhere", legal.tile_id);
        }
        for (pos, rotations) in &legal.placements {
            let names: Vec<String> = rotations.iter().map(|r| r.to_string()).collect();
            let _ = writeln!(out, "{} fits at {pos} {}", legal.tile_id, names.join(" "));
        }
    }
    out
}

/// The mark of a neutral piece on a feature (`*` is a crossroads' village).
const NEUTRAL_MARK: char = '@';

/// A closed side of a tile (`closed:`), drawn as a wall.
const CLOSED_MARK: char = '=';

/// A figure's mark on a block: its player's number (9 for the ninth and later), or the
/// neutral piece's mark.
fn owner_mark(player: Option<usize>) -> char {
    player.map_or(NEUTRAL_MARK, |player| {
        char::from_digit((player as u32 + 1).min(9), 10).unwrap_or('9')
    })
}

fn owner_text(player: Option<usize>) -> String {
    player.map_or("neutral".to_string(), |player| {
        format!("player {}'s", player + 1)
    })
}

/// A piece's kind, with a note when its ruleset declares no picture for it (a piece render
/// does not know).
fn piece_text(figure: &BoardFigure) -> String {
    match figure.picture {
        Some(_) => figure.kind.clone(),
        None => format!("{} (no picture declared)", figure.kind),
    }
}

/// Where a piece off the features is, in words; `None` for a piece on a feature (drawn in
/// its tile's block).
fn spot_text(board: &Board, spot: &BoardSpot) -> Option<String> {
    let tile_at = |placement: usize| {
        board
            .tiles
            .get(placement)
            .map_or("?".to_string(), |placed| placed.pos.to_string())
    };
    Some(match *spot {
        BoardSpot::Feature { .. } => return None,
        BoardSpot::Tile { placement } => format!("on the tile at {}", tile_at(placement)),
        BoardSpot::Tower { placement } => {
            format!("on the tower of the tile at {}", tile_at(placement))
        }
        BoardSpot::Corner { pos } => format!("on the corner north-west of {pos}"),
        BoardSpot::Beside { figure } => match board.figures.get(figure) {
            Some(other) => {
                let at = spot_text(board, &other.spot).unwrap_or_else(|| match other.spot {
                    BoardSpot::Feature { placement, .. } => format!("at {}", tile_at(placement)),
                    _ => String::new(),
                });
                format!("beside {} {} {at}", owner_text(other.player), other.kind)
            }
            None => "beside a piece not on the board".to_string(),
        },
        BoardSpot::Held { by } => {
            let name = board.players.get(by).map_or("?", String::as_str);
            format!("held by player {} ({name})", by + 1)
        }
    })
}
