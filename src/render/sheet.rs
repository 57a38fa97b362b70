//! A tile set as a sheet (every tile once, with its id and count), and as pages to print and
//! cut (every copy, at real size in millimetres).

use crate::model::{Rotation, TileKind, TileSet};

use super::svg::{Point, Svg, num};
use super::tile::{self, TileDecor};

const SHEET_TILE: f64 = 100.0;
const SHEET_COLUMNS: usize = 8;
const SHEET_GAP: f64 = 24.0;
const SHEET_LABELS: f64 = 30.0;

/// Every tile of the set once, in the set's order, in rows of eight, with its id and count
/// (and `start` or `bonus`) under it.
pub fn sheet_svg(set: &TileSet) -> String {
    let count = set.tiles.len();
    let columns = count.clamp(1, SHEET_COLUMNS);
    let rows = count.div_ceil(columns).max(1);
    let cell_width = SHEET_TILE + SHEET_GAP;
    let cell_height = SHEET_TILE + SHEET_LABELS;
    let header = 40.0;
    let width = columns as f64 * cell_width + SHEET_GAP;
    let height = header + rows as f64 * cell_height + 10.0;
    let mut svg = Svg::new();
    svg.rect(0.0, 0.0, width, height, r##"fill="#ffffff""##);
    let mut title = format!(
        "{} ({}) — {} tiles, {} copies",
        set.name,
        set.ruleset.name(),
        set.tiles.len(),
        set.copies()
    );
    if set.is_expansion() {
        title.push_str(&format!(", expansion {}", set.expansions.join(", ")));
    }
    svg.text_start(
        Point::new(SHEET_GAP, 20.0),
        15.0,
        r##"fill="#111111""##,
        &title,
    );
    for (n, tile) in set.tiles.iter().enumerate() {
        let x = SHEET_GAP + (n % columns) as f64 * cell_width;
        let y = header + (n / columns) as f64 * cell_height;
        tile::draw(
            &mut svg,
            tile,
            Rotation(0),
            x,
            y,
            SHEET_TILE,
            &TileDecor::default(),
        );
        let centre = x + SHEET_TILE / 2.0;
        svg.text(
            Point::new(centre, y + SHEET_TILE + 10.0),
            11.0,
            r##"fill="#111111""##,
            &tile.id,
        );
        let mut detail = format!("x{}", tile.count);
        if tile.kind != TileKind::Land {
            detail.push_str(&format!(" {}", tile.kind.name()));
        }
        svg.text(
            Point::new(centre, y + SHEET_TILE + 22.0),
            10.0,
            r##"fill="#555555""##,
            &detail,
        );
    }
    svg.finish(width, height)
}

/// A paper size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    A4,
    Letter,
}

impl Page {
    /// Width and height in millimetres, portrait.
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Page::A4 => (210.0, 297.0),
            Page::Letter => (215.9, 279.4),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Page::A4 => "A4",
            Page::Letter => "Letter",
        }
    }
}

/// How the print layout lays tiles out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrintLayout {
    pub page: Page,
    /// The side of a tile on paper, in millimetres (45 mm is the size of the boxed tiles).
    pub tile_mm: f64,
}

impl PrintLayout {
    /// The margin every printer can print to, in millimetres.
    pub const MARGIN_MM: f64 = 10.0;
    /// Room at the top of each page for its title.
    const HEADER_MM: f64 = 8.0;

    pub fn new(page: Page) -> PrintLayout {
        PrintLayout {
            page,
            tile_mm: 45.0,
        }
    }

    /// Tiles across and down one page (0 when a tile does not fit on the page).
    pub fn grid(&self) -> (usize, usize) {
        let (width, height) = self.page.size_mm();
        let across = ((width - 2.0 * Self::MARGIN_MM) / self.tile_mm).floor();
        let down = ((height - 2.0 * Self::MARGIN_MM - Self::HEADER_MM) / self.tile_mm).floor();
        (across.max(0.0) as usize, down.max(0.0) as usize)
    }
}

/// Every copy of every tile at real size, edge to edge so that one cut serves two tiles, on as
/// many pages as it takes (one SVG document a page, sized in millimetres). Each tile carries
/// its id small in a corner, each page its number. Empty when a tile does not fit on the page.
pub fn print_pages_svg(set: &TileSet, layout: PrintLayout) -> Vec<String> {
    let (across, down) = layout.grid();
    let per_page = across * down;
    if per_page == 0 {
        return Vec::new();
    }
    let copies: Vec<&crate::model::Tile> = set
        .tiles
        .iter()
        .flat_map(|tile| std::iter::repeat_n(tile, tile.count as usize))
        .collect();
    let pages = copies.len().div_ceil(per_page).max(1);
    let (width, height) = layout.page.size_mm();
    let size = layout.tile_mm;
    let grid_width = across as f64 * size;
    let left = (width - grid_width) / 2.0;
    let top = PrintLayout::MARGIN_MM + PrintLayout::HEADER_MM;
    let mut documents = Vec::with_capacity(pages);
    for page in 0..pages {
        let mut svg = Svg::new();
        svg.rect(0.0, 0.0, width, height, r##"fill="#ffffff""##);
        svg.text_start(
            Point::new(left, PrintLayout::MARGIN_MM + 2.0),
            3.5,
            r##"fill="#333333""##,
            &format!(
                "{} — page {} of {} — tiles {} mm, cut along the lines",
                set.name,
                page + 1,
                pages,
                num(size)
            ),
        );
        let on_page = copies.iter().skip(page * per_page).take(per_page);
        for (n, tile) in on_page.enumerate() {
            let x = left + (n % across) as f64 * size;
            let y = top + (n / across) as f64 * size;
            tile::draw(
                &mut svg,
                tile,
                Rotation(0),
                x,
                y,
                size,
                &TileDecor::default(),
            );
            svg.text_start(
                Point::new(x + 1.0, y + 2.2),
                2.2,
                r##"fill="#222222" stroke="#ffffff" stroke-width="0.5" paint-order="stroke""##,
                &tile.id,
            );
        }
        let (mm_w, mm_h) = (format!("{}mm", num(width)), format!("{}mm", num(height)));
        documents.push(svg.finish_sized(width, height, &mm_w, &mm_h));
    }
    documents
}
