//! A game's board at one point: the placed tiles, the pieces in their players' colours where
//! they stand (on a feature, on a tile, on a corner, beside a figure, on a tower, or held by a
//! player beside the player's name), the last placed tile, the legal positions of a tile, a
//! highlighted feature.

use std::collections::BTreeMap;

use crate::model::{Pos, Rotation, Tile};
use crate::rules::FigurePicture;

use super::svg::{Point, Svg};
use super::symbols;
use super::tile::{self, TileDecor, TileLayout};

/// A tile on the board.
#[derive(Debug, Clone)]
pub struct BoardTile<'a> {
    pub tile: &'a Tile,
    pub pos: Pos,
    pub rotation: Rotation,
}

/// A piece in play and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardFigure {
    pub spot: BoardSpot,
    /// Index into the players; `None` for a neutral piece (the dragon, the fairy), drawn in
    /// a colour of nobody's.
    pub player: Option<usize>,
    /// The figure's kind (`follower`, `shepherd`, `hut` …).
    pub kind: String,
    /// What the figure weighs in a majority (`FigureSpec::strength` of its ruleset): a figure
    /// heavier than a follower is drawn larger.
    pub strength: crate::rules::Strength,
    /// Its picture, as its ruleset declares it (`FigureSpec::picture`); `None` for a kind the
    /// ruleset does not declare, drawn as an unknown piece.
    pub picture: Option<&'static FigurePicture>,
}

/// Where a piece is drawn. Tiles are indices into [`Board::tiles`] (in the order placed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardSpot {
    /// On feature `feature` (an index into the tile's features) of a tile.
    Feature { placement: usize, feature: usize },
    /// On a tile as a whole: in its south-west quarter, on a ground of its own.
    Tile { placement: usize },
    /// On the corner where four positions meet, the north-west corner of `pos`: at that point.
    Corner { pos: Pos },
    /// Beside another piece (an index into [`Board::figures`]): at its right.
    Beside { figure: usize },
    /// On the tower of a tile: stacked up a stone column in the tile's south-east quarter, in
    /// the order the pieces came.
    Tower { placement: usize },
    /// Held by player `by`: beside the player's name in the legend.
    Held { by: usize },
}

/// Where a tile could be placed, and in which rotations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegalOverlay {
    pub tile_id: String,
    pub placements: BTreeMap<Pos, Vec<Rotation>>,
}

/// Everything a board picture shows.
#[derive(Debug, Clone, Default)]
pub struct Board<'a> {
    /// What the picture shows (the game and the point of it), written above it.
    pub title: String,
    /// Tiles in the order they were placed.
    pub tiles: Vec<BoardTile<'a>>,
    pub figures: Vec<BoardFigure>,
    pub players: Vec<String>,
    /// The index (into `tiles`) of the tile placed last.
    pub last: Option<usize>,
    pub legal: Option<LegalOverlay>,
    /// Features to outline: (index into `tiles`, feature index).
    pub highlight: Vec<(usize, usize)>,
}

impl Board<'_> {
    /// The smallest and largest x and y of the tiles and legal positions.
    pub fn bounds(&self) -> Option<(Pos, Pos)> {
        let positions = self
            .tiles
            .iter()
            .map(|t| t.pos)
            .chain(self.legal.iter().flat_map(|l| l.placements.keys().copied()));
        let mut bounds: Option<(Pos, Pos)> = None;
        for pos in positions {
            bounds = Some(match bounds {
                None => (pos, pos),
                Some((min, max)) => (
                    Pos::new(min.x.min(pos.x), min.y.min(pos.y)),
                    Pos::new(max.x.max(pos.x), max.y.max(pos.y)),
                ),
            });
        }
        bounds
    }
}

/// The colour of player `index`: the player's name when it is a colour (specs often call
/// their players `red` and `blue`), otherwise the next of a palette told apart easily.
pub fn player_colour(name: &str, index: usize) -> &'static str {
    const NAMED: [(&str, &str); 10] = [
        ("red", "#d62828"),
        ("blue", "#1f5fd1"),
        ("green", "#2a9d3a"),
        ("yellow", "#f2d20c"),
        ("black", "#222222"),
        ("gray", "#8c8c8c"),
        ("grey", "#8c8c8c"),
        ("pink", "#f06ab0"),
        ("purple", "#7d3cc0"),
        ("orange", "#f07f0c"),
    ];
    const PALETTE: [&str; 6] = [
        "#d62828", "#1f5fd1", "#2a9d3a", "#f2d20c", "#222222", "#f06ab0",
    ];
    let lower = name.to_ascii_lowercase();
    NAMED
        .iter()
        .find(|(n, _)| *n == lower)
        .map(|(_, c)| *c)
        .unwrap_or(PALETTE[index % PALETTE.len()])
}

const TILE: f64 = 100.0;
const MARGIN: f64 = 36.0;
const TITLE: f64 = 44.0;

/// The board as SVG: column numbers (x) above and row numbers (y) at the left, every tile in
/// its rotation, figures, the last placed tile framed in orange, legal positions dashed with
/// their rotations, highlighted features in yellow, and the players' colours below.
pub fn board_svg(board: &Board) -> String {
    let (min, max) = board.bounds().unwrap_or((Pos::new(0, 0), Pos::new(0, 0)));
    let columns = i64::from(max.x) - i64::from(min.x) + 1;
    let rows = i64::from(max.y) - i64::from(min.y) + 1;
    // The title in two lines (the game; the point and the scores), and the picture at least
    // as wide as they are.
    let (heading, subheading) = board
        .title
        .split_once(" — ")
        .map_or((board.title.as_str(), ""), |(a, b)| (a, b));
    let text_width = |text: &str, size: f64| text.chars().count() as f64 * size * 0.62;
    let width = (MARGIN * 2.0 + columns as f64 * TILE)
        .max(MARGIN * 2.0 + text_width(heading, 14.0))
        .max(MARGIN * 2.0 + text_width(subheading, 12.0));
    let legend = 30.0;
    let height = TITLE + MARGIN * 2.0 + rows as f64 * TILE + legend;
    let origin_x = MARGIN;
    let origin_y = TITLE + MARGIN;
    let place = |pos: Pos| -> Point {
        Point::new(
            origin_x + (i64::from(pos.x) - i64::from(min.x)) as f64 * TILE,
            origin_y + (i64::from(pos.y) - i64::from(min.y)) as f64 * TILE,
        )
    };

    let mut svg = Svg::new();
    svg.rect(0.0, 0.0, width, height, r##"fill="#f7f5ef""##);
    svg.text_start(
        Point::new(MARGIN, 16.0),
        14.0,
        r##"fill="#111111""##,
        heading,
    );
    svg.text_start(
        Point::new(MARGIN, 34.0),
        12.0,
        r##"fill="#444444""##,
        subheading,
    );
    let label = r##"fill="#555555""##;
    for column in 0..columns {
        let x = i64::from(min.x) + column;
        let at = Point::new(
            origin_x + column as f64 * TILE + TILE / 2.0,
            origin_y - 14.0,
        );
        svg.text(at, 12.0, label, &format!("x {x}"));
    }
    for row in 0..rows {
        let y = i64::from(min.y) + row;
        let at = Point::new(origin_x - 18.0, origin_y + row as f64 * TILE + TILE / 2.0);
        svg.text(at, 12.0, label, &format!("y {y}"));
    }

    for (index, placed) in board.tiles.iter().enumerate() {
        let at = place(placed.pos);
        let highlight: Vec<usize> = board
            .highlight
            .iter()
            .filter(|(tile, _)| *tile == index)
            .map(|(_, feature)| *feature)
            .collect();
        tile::draw(
            &mut svg,
            placed.tile,
            placed.rotation,
            at.x,
            at.y,
            TILE,
            &TileDecor { highlight },
        );
    }

    if let Some(legal) = &board.legal {
        for (pos, rotations) in &legal.placements {
            let at = place(*pos);
            svg.rect(
                at.x + 3.0,
                at.y + 3.0,
                TILE - 6.0,
                TILE - 6.0,
                r##"fill="#ffffff" fill-opacity="0.6" stroke="#2a7a2a" stroke-width="2.5" stroke-dasharray="8 5""##,
            );
            svg.text(
                Point::new(at.x + TILE / 2.0, at.y + 30.0),
                11.0,
                r##"fill="#1d5a1d""##,
                &legal.tile_id,
            );
            let names: Vec<String> = rotations.iter().map(|r| r.to_string()).collect();
            for (line, chunk) in names.chunks(2).enumerate() {
                svg.text(
                    Point::new(at.x + TILE / 2.0, at.y + 52.0 + line as f64 * 15.0),
                    12.0,
                    r##"fill="#1d5a1d""##,
                    &chunk.join(" "),
                );
            }
        }
    }

    if let Some(last) = board.last.and_then(|i| board.tiles.get(i)) {
        let at = place(last.pos);
        svg.rect(
            at.x + 1.5,
            at.y + 1.5,
            TILE - 3.0,
            TILE - 3.0,
            r##"fill="none" stroke="#ff7a00" stroke-width="4""##,
        );
    }

    let layouts: Vec<TileLayout> = board.tiles.iter().map(|t| TileLayout::of(t.tile)).collect();
    let points = piece_points(board, &layouts, &place);
    // Each tower a column of stone as high as the pieces on it, drawn under them.
    let mut storeys: BTreeMap<usize, f64> = BTreeMap::new();
    for figure in &board.figures {
        if let BoardSpot::Tower { placement } = figure.spot {
            *storeys.entry(placement).or_insert(0.0) += 1.0;
        }
    }
    for (placement, storeys) in storeys {
        if let Some(placed) = board.tiles.get(placement) {
            let foot = place(placed.pos).offset(TOWER_FOOT.x, TOWER_FOOT.y);
            let top = foot.y - (storeys - 1.0) * TOWER_STOREY - 10.0;
            svg.rect(
                foot.x - 10.0,
                top,
                20.0,
                foot.y + 10.0 - top,
                r##"fill="#a39a8c" stroke="#4a443c" stroke-width="1.5""##,
            );
        }
    }
    let mut held_by: BTreeMap<usize, Vec<&BoardFigure>> = BTreeMap::new();
    for (figure, point) in board.figures.iter().zip(&points) {
        if let BoardSpot::Held { by } = figure.spot {
            held_by.entry(by).or_default().push(figure);
            continue;
        }
        let Some(at) = *point else {
            continue;
        };
        let colour = piece_colour(board, figure);
        // A farmer in a field too narrow for the whole of it is drawn smaller, inside it.
        let lying_scale = match figure.spot {
            BoardSpot::Feature { placement, feature } if lies_in_a_field(board, figure) => {
                layouts[placement].lying_scale(feature)
            }
            _ => 1.0,
        };
        match figure.spot {
            BoardSpot::Tile { .. } => symbols::piece_ground(&mut svg, at, 12.0, "#555555"),
            BoardSpot::Corner { .. } => symbols::piece_ground(&mut svg, at, 11.0, "#8a5a1a"),
            _ => {}
        }
        // Farmers and hunters lie in their fields; a shepherd stands by his flock, a hut is
        // a hut.
        // A heavier figure (the large follower of Inns & Cathedrals) is drawn half as large
        // again.
        symbols::sized_for(&mut svg, figure.strength, at, |svg| {
            if lies_in_a_field(board, figure) {
                symbols::scaled(svg, at, lying_scale, |svg| {
                    symbols::lying_figure(svg, at, colour)
                });
            } else {
                symbols::piece(svg, figure.picture, at, colour);
            }
        });
    }

    // Legend: the players' colours.
    let mut x = MARGIN;
    let y = height - legend / 2.0;
    for (index, name) in board.players.iter().enumerate() {
        symbols::figure(
            &mut svg,
            &FigurePicture::MEEPLE,
            Point::new(x + 7.0, y),
            player_colour(name, index),
        );
        svg.text_start(Point::new(x + 18.0, y), 12.0, r##"fill="#111111""##, name);
        x += 30.0 + name.chars().count() as f64 * 7.5;
        // The pieces the player holds (prisoners), after the name and the word "holds", in
        // their owners' colours behind bars.
        if let Some(held) = held_by.get(&index) {
            svg.text_start(Point::new(x - 6.0, y), 11.0, r##"fill="#555555""##, "holds");
            x += 30.0;
            for piece in held {
                let at = Point::new(x + 7.0, y);
                symbols::piece(&mut svg, piece.picture, at, piece_colour(board, piece));
                symbols::bars(&mut svg, at);
                x += 20.0;
            }
            x += 12.0;
        }
    }
    svg.finish(width, height)
}

/// Whether `figure` lies in a field (a farmer, a hunter): its picture lies there, and it
/// stands on a field or a meadow.
fn lies_in_a_field(board: &Board, figure: &BoardFigure) -> bool {
    let BoardSpot::Feature { placement, feature } = figure.spot else {
        return false;
    };
    figure
        .picture
        .is_some_and(|picture| picture.lies_in_a_field)
        && board
            .tiles
            .get(placement)
            .and_then(|placed| placed.tile.features.get(feature))
            .is_some_and(|f| f.kind.anchor_class() == crate::model::AnchorClass::Area)
}

/// The colour a piece is drawn in: its owner's, or a colour of nobody's for a neutral piece.
fn piece_colour(board: &Board, figure: &BoardFigure) -> &'static str {
    match figure.player {
        Some(player) => {
            let name = board.players.get(player).map_or("", String::as_str);
            player_colour(name, player)
        }
        None => symbols::NEUTRAL_FILL,
    }
}

/// Where a piece on a tile as a whole stands on it: in its south-west quarter, off the
/// middle, where a monastery or a garden stands.
const ON_TILE: Point = Point { x: 27.0, y: 73.0 };
/// Where the first piece on a tile's tower stands; each next one a storey higher.
const TOWER_FOOT: Point = Point { x: 76.0, y: 76.0 };
const TOWER_STOREY: f64 = 13.0;

/// Where each piece of the board is drawn (`None` for a piece held by a player, drawn in the
/// legend, or one whose tile or figure is not on the board). `place` is the top-left corner
/// of a position's square.
fn piece_points(
    board: &Board,
    layouts: &[TileLayout],
    place: &impl Fn(Pos) -> Point,
) -> Vec<Option<Point>> {
    let mut points = vec![None; board.figures.len()];
    // Several figures on one feature of one tile side by side: what each feature of each tile
    // has taken so far, in figure widths (a large follower takes more room, so that the
    // figures beside it are not hidden under it); the pieces on a tile's tower, so far.
    let mut seen: BTreeMap<(usize, usize), f64> = BTreeMap::new();
    let mut floors: BTreeMap<usize, f64> = BTreeMap::new();
    for (index, figure) in board.figures.iter().enumerate() {
        points[index] = match figure.spot {
            BoardSpot::Feature { placement, feature } => {
                let (Some(placed), Some(layout)) =
                    (board.tiles.get(placement), layouts.get(placement))
                else {
                    continue;
                };
                let taken = seen.entry((placement, feature)).or_insert(0.0);
                let width = if symbols::is_drawn_large(figure.strength) {
                    2.0
                } else {
                    1.0
                };
                let nth = *taken + (width - 1.0) / 2.0;
                let mut local = tile::rotate(layout.anchor(feature), placed.rotation);
                // The feature's symbols stand at its anchor: the figure stands beside them.
                let has_symbols = placed.tile.features.get(feature).is_some_and(|f| {
                    f.contents.keys().any(|c| symbols::drawn_in_row(*c)) || f.power.is_some()
                });
                if has_symbols {
                    local.y += if local.y > 60.0 { -17.0 } else { 17.0 };
                }
                *taken += width;
                // A standing figure is lifted a little, to stand on its point; one lying in
                // a field lies round it, inside the field's room.
                let lift = if lies_in_a_field(board, figure) {
                    0.0
                } else {
                    2.0
                };
                Some(place(placed.pos).offset(local.x + nth * 9.0, local.y - lift + nth * 3.0))
            }
            BoardSpot::Tile { placement } => board
                .tiles
                .get(placement)
                .map(|placed| place(placed.pos).offset(ON_TILE.x, ON_TILE.y)),
            BoardSpot::Tower { placement } => board.tiles.get(placement).map(|placed| {
                let below = floors.entry(placement).or_insert(0.0);
                let at =
                    place(placed.pos).offset(TOWER_FOOT.x, TOWER_FOOT.y - *below * TOWER_STOREY);
                *below += 1.0;
                at
            }),
            BoardSpot::Corner { pos } => Some(place(pos)),
            // Placed once the pieces they stand beside are (below).
            BoardSpot::Beside { .. } | BoardSpot::Held { .. } => None,
        };
    }
    // A piece beside another, at its right: the other may have come into play after it (the
    // fairy moved beside a follower deployed later), or stand beside a third, so the pieces
    // beside are placed in rounds until a round places none.
    let beside = |index: usize| match board.figures[index].spot {
        BoardSpot::Beside { figure } => Some(figure),
        _ => None,
    };
    loop {
        let mut placed_any = false;
        for index in 0..board.figures.len() {
            if let (None, Some(other)) = (points[index], beside(index))
                && let Some(Some(at)) = points.get(other).copied()
            {
                points[index] = Some(at.offset(11.0, 3.0));
                placed_any = true;
            }
        }
        if !placed_any {
            break;
        }
    }
    points
}
