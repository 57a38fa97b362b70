//! A game's board at one point: the placed tiles, the figures in their players' colours on the
//! features they stand on, the last placed tile, the legal positions of a tile, a highlighted
//! feature.

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

/// A figure standing on feature `feature` (an index into the tile's features) of the tile
/// placed `placement`-th.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardFigure {
    pub placement: usize,
    pub feature: usize,
    pub player: usize,
    /// The figure's kind (`follower`, `shepherd`, `hut` …).
    pub kind: String,
    /// What the figure weighs in a majority (`FigureSpec::strength` of its ruleset): a figure
    /// heavier than a follower is drawn larger.
    pub strength: u32,
    /// Its picture, as its ruleset declares it (`FigureSpec::picture`).
    pub picture: FigurePicture,
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

    // Figures, several on one feature of one tile side by side.
    // What each feature of each tile has taken so far, in figure widths: a large follower
    // takes more room, so that the figures beside it are not hidden under it.
    let mut seen: BTreeMap<(usize, usize), f64> = BTreeMap::new();
    let layouts: Vec<TileLayout> = board.tiles.iter().map(|t| TileLayout::of(t.tile)).collect();
    for figure in &board.figures {
        let (Some(placed), Some(layout)) = (
            board.tiles.get(figure.placement),
            layouts.get(figure.placement),
        ) else {
            continue;
        };
        let taken = seen
            .entry((figure.placement, figure.feature))
            .or_insert(0.0);
        let width = if symbols::is_drawn_large(figure.strength) {
            2.0
        } else {
            1.0
        };
        let nth = *taken + (width - 1.0) / 2.0;
        let mut local = tile::rotate(layout.anchor(figure.feature), placed.rotation);
        // The feature's symbols stand at its anchor: the figure stands beside them.
        let has_symbols = placed.tile.features.get(figure.feature).is_some_and(|f| {
            f.contents.keys().any(|c| {
                !matches!(
                    c,
                    crate::model::ContentKind::Spring | crate::model::ContentKind::ForestEnd
                )
            }) || f.power.is_some()
        });
        if has_symbols {
            local.y += if local.y > 60.0 { -17.0 } else { 17.0 };
        }
        let at = place(placed.pos).offset(local.x + nth * 9.0, local.y - 2.0 + nth * 3.0);
        *taken += width;
        let name = board.players.get(figure.player).map_or("", String::as_str);
        let colour = player_colour(name, figure.player);
        let in_a_field = placed
            .tile
            .features
            .get(figure.feature)
            .is_some_and(|f| f.kind.anchor_class() == crate::model::AnchorClass::Area);
        // Farmers and hunters lie in their fields; a shepherd stands by his flock, a hut is
        // a hut.
        // A heavier figure (the large follower of Inns & Cathedrals) is drawn half as large
        // again.
        symbols::sized_for(&mut svg, figure.strength, at, |svg| {
            if in_a_field && figure.picture.lies_in_a_field() {
                symbols::lying_figure(svg, at, colour);
            } else {
                symbols::figure(svg, figure.picture, at, colour);
            }
        });
    }

    // Legend: the players' colours.
    let mut x = MARGIN;
    let y = height - legend / 2.0;
    for (index, name) in board.players.iter().enumerate() {
        symbols::figure(
            &mut svg,
            FigurePicture::Meeple,
            Point::new(x + 7.0, y),
            player_colour(name, index),
        );
        svg.text_start(Point::new(x + 18.0, y), 12.0, r##"fill="#111111""##, name);
        x += 30.0 + name.chars().count() as f64 * 7.5;
    }
    svg.finish(width, height)
}
