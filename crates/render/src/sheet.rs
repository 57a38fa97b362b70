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
    // At least as wide as the title, for a set of few tiles.
    let title_width = title.chars().count() as f64 * 15.0 * 0.62;
    let width = (columns as f64 * cell_width + SHEET_GAP).max(title_width + 2.0 * SHEET_GAP);
    let height = header + rows as f64 * cell_height + 10.0;
    let mut svg = Svg::new();
    svg.rect(0.0, 0.0, width, height, r##"fill="#ffffff""##);
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
        let lines = fit_label(&tile.id, cell_width - 8.0);
        let mut baseline = y + SHEET_TILE + 10.0;
        for line in &lines {
            svg.text(
                Point::new(centre, baseline),
                line.size,
                &line.style(r##"fill="#111111""##),
                &line.text,
            );
            baseline += line.size + 1.0;
        }
        let mut detail = format!("x{}", tile.count);
        if tile.kind != TileKind::Land {
            detail.push_str(&format!(" {}", tile.kind.name()));
        }
        svg.text(
            Point::new(centre, baseline),
            10.0,
            r##"fill="#555555""##,
            &detail,
        );
    }
    svg.finish(width, height)
}

/// One line of a tile's label on a sheet.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct LabelLine {
    pub text: String,
    pub size: f64,
    /// The width the line is squeezed to, when even the smallest size is too wide for it.
    pub squeezed: Option<f64>,
}

impl LabelLine {
    fn style(&self, fill: &str) -> String {
        match self.squeezed {
            Some(width) => format!(
                r#"{fill} textLength="{}" lengthAdjust="spacingAndGlyphs""#,
                num(width)
            ),
            None => fill.to_string(),
        }
    }
}

/// A generous estimate of the width of `text` in the bundled font at `size`: wider than the
/// font's own advances (DejaVu Sans: capitals up to 0.77 em, lower case 0.61), so that a label
/// measured to fit does fit.
pub(super) fn text_width(text: &str, size: f64) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            'W' | 'M' | 'm' | 'w' | '+' | '%' | '@' => 1.0,
            c if c.is_uppercase() => 0.78,
            c if c.is_ascii_digit() => 0.64,
            c if c.is_lowercase() => 0.62,
            ' ' | '.' | ',' | '!' | '/' | '-' | ':' | ';' | '|' | '\'' => 0.4,
            _ => 0.8,
        })
        .sum();
    em * size
}

/// A tile's id as the lines of its label under a sheet's tile, each no wider than `width`:
/// one line at 11 units if it fits, else a smaller size down to 9, else two lines broken after
/// a `/`, `-` or `.` near the middle, each at the size that fits (down to 7, then squeezed).
/// Long ids of a fan expansion would otherwise run into their neighbours' labels.
pub(super) fn fit_label(id: &str, width: f64) -> Vec<LabelLine> {
    let one = |text: &str, largest: f64, smallest: f64| {
        let size = (width / text_width(text, 1.0)).clamp(smallest, largest);
        let size = (size * 2.0).floor() / 2.0;
        LabelLine {
            text: text.to_string(),
            size,
            squeezed: (text_width(text, size) > width).then_some(width),
        }
    };
    let single = one(id, 11.0, 9.0);
    if single.squeezed.is_none() {
        return vec![single];
    }
    let chars: Vec<char> = id.chars().collect();
    let middle = chars.len() / 2;
    let break_after = (1..chars.len())
        .filter(|&i| matches!(chars[i - 1], '/' | '-' | '.' | '_'))
        .min_by_key(|&i| i.abs_diff(middle))
        .unwrap_or(middle.max(1));
    let first: String = chars[..break_after].iter().collect();
    let second: String = chars[break_after..].iter().collect();
    if second.is_empty() {
        return vec![one(id, 11.0, 7.0)];
    }
    let (a, b) = (one(&first, 10.0, 7.0), one(&second, 10.0, 7.0));
    let size = a.size.min(b.size);
    [first, second]
        .into_iter()
        .map(|text| LabelLine {
            squeezed: (text_width(&text, size) > width).then_some(width),
            text,
            size,
        })
        .collect()
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

/// Why a print layout cannot be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrintProblem {
    /// Not even one tile of that size fits inside the page's margins.
    TileDoesNotFit,
    /// The set's copies would fill more than [`MAX_PRINT_PAGES`] pages.
    TooManyPages(u64),
}

/// The most pages a print layout makes (a real set fills a handful: the base game 4 on A4).
pub const MAX_PRINT_PAGES: u64 = 200;

/// Every copy of every tile at real size, edge to edge so that one cut serves two tiles, on as
/// many pages as it takes (one SVG document a page, sized in millimetres). Each tile carries
/// its id small in a corner, each page its number.
pub fn print_pages_svg(set: &TileSet, layout: PrintLayout) -> Result<Vec<String>, PrintProblem> {
    let (across, down) = layout.grid();
    let per_page = across * down;
    if per_page == 0 || !layout.tile_mm.is_finite() {
        return Err(PrintProblem::TileDoesNotFit);
    }
    let pages = set.copies().div_ceil(per_page as u64).max(1);
    if pages > MAX_PRINT_PAGES {
        return Err(PrintProblem::TooManyPages(pages));
    }
    let pages = pages as usize;
    // Bounded by the page count checked above.
    let copies: Vec<&crate::model::Tile> = set
        .tiles
        .iter()
        .flat_map(|tile| std::iter::repeat_n(tile, tile.count as usize))
        .collect();
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
    Ok(documents)
}

#[cfg(test)]
mod label_tests {
    use super::*;

    #[test]
    fn a_short_id_is_one_line_and_a_long_one_two_that_fit() {
        assert_eq!(fit_label("BA/RCr", 116.0).len(), 1);
        let lines = fit_label("BW/TWO-CITIES-ROAD-AND-CHAPEL", 116.0);
        assert_eq!(lines.len(), 2);
        assert!(lines.iter().all(|l| text_width(&l.text, l.size) <= 116.0));
    }
}
