//! The render stage: tile model and board state → pictures (SVG, PNG) and a plain-text view.
//!
//! Everything here is a pure function from the model to a string or bytes: no files, no
//! clocks, no fonts of the system. The same input always gives the same output, byte for byte
//! (the SVG is snapshot-tested). `src/cli/render.rs` reads the inputs and writes the results.
//!
//! Pictures are drawn from the tile model, never from artwork (see `tile.rs` for how anchors
//! become shapes), so any tile that lints clean can be drawn.
//!
//! A crate of its own (`carcspec-render`) on the game runner's views and the layers below, so
//! that it imports none of the checker, the simulator or anything else above it is Cargo's
//! rule.

// The layers below, at the paths the modules name them by.
pub(crate) use carcspec_core::{diagnostic, model};
pub(crate) use carcspec_engine as engine;
#[cfg(test)]
pub(crate) use carcspec_front::load;
pub(crate) use carcspec_play as play;
pub(crate) use carcspec_rules as rules;

mod board;
pub mod chart;
mod game;
pub mod html;
mod sheet;
pub mod svg;
mod symbols;
pub mod text;
mod tile;

pub use board::{Board, BoardFigure, BoardSpot, BoardTile, LegalOverlay, board_svg, player_colour};
pub use game::{BoardProblem, FeatureOnBoard, board_from_view, parse_feature_ref, resolve_feature};
pub use sheet::{MAX_PRINT_PAGES, Page, PrintLayout, PrintProblem, print_pages_svg, sheet_svg};

use crate::model::{Rotation, Tile};

use svg::{Point, Svg};

/// Margin around a single tile's picture, room for the anchor labels.
const TILE_MARGIN: f64 = 34.0;
/// A single tile is drawn larger than the tiles of a sheet or board, for its labels.
const TILE_SIZE: f64 = 200.0;

/// One tile, turned by `rotation`, with the anchors of the board's sides written round it
/// (`N`, `NL`, `NR` …: the names a game uses to deploy on it) and its id, rotation and count
/// below. `highlight` lists features (indexes into `tile.features`) to outline.
pub fn tile_svg(tile: &Tile, rotation: Rotation, highlight: &[usize]) -> String {
    let mut svg = Svg::new();
    let (x0, y0, size) = (TILE_MARGIN, TILE_MARGIN, TILE_SIZE);
    let width = size + 2.0 * TILE_MARGIN;
    let height = size + 2.0 * TILE_MARGIN + 22.0;
    svg.rect(0.0, 0.0, width, height, r##"fill="#ffffff""##);
    let decor = tile::TileDecor {
        highlight: highlight.to_vec(),
    };
    tile::draw(&mut svg, tile, rotation, x0, y0, size, &decor);
    let label = r##"fill="#444444""##;
    let (near, mid, far) = (0.25 * size, 0.5 * size, 0.75 * size);
    let gap = 13.0;
    // North and south: left and right as seen from the centre looking out.
    for (text, x) in [("NL", near), ("N", mid), ("NR", far)] {
        svg.text(Point::new(x0 + x, y0 - gap), 11.0, label, text);
    }
    for (text, x) in [("SR", near), ("S", mid), ("SL", far)] {
        svg.text(Point::new(x0 + x, y0 + size + gap), 11.0, label, text);
    }
    for (text, y) in [("EL", near), ("E", mid), ("ER", far)] {
        svg.text(Point::new(x0 + size + gap + 3.0, y0 + y), 11.0, label, text);
    }
    for (text, y) in [("WR", near), ("W", mid), ("WL", far)] {
        svg.text(Point::new(x0 - gap - 3.0, y0 + y), 11.0, label, text);
    }
    // The inside, where a game deploys on a monastery, a lake or an inner field: labelled
    // just below the middle (below a monastery's door), on a light disc to stay readable.
    if tile
        .features
        .iter()
        .any(|f| f.anchors.contains(&crate::model::Anchor::Inner))
    {
        let at = Point::new(x0 + mid, y0 + mid + 0.17 * size);
        svg.circle(
            at,
            8.0,
            r##"fill="#ffffff" fill-opacity="0.85" stroke="#444444" stroke-width="0.8""##,
        );
        svg.text(at, 11.0, label, "I");
    }
    let mut caption = format!("{}  {}  x{}", tile.id, rotation, tile.count);
    if tile.kind != crate::model::TileKind::Land {
        caption.push_str(&format!("  {}", tile.kind.name()));
    }
    // A long id (a fan expansion's) is set smaller, so that the caption stays on the picture.
    let caption_size = ((width - 8.0) / sheet::text_width(&caption, 1.0)).clamp(7.0, 14.0);
    svg.text(
        Point::new(width / 2.0, y0 + size + 36.0),
        (caption_size * 2.0).floor() / 2.0,
        r##"fill="#111111""##,
        &caption,
    );
    svg.finish(width, height)
}

/// The widest and tallest board drawn, in positions. The tiles of a game lie next to each
/// other, so a real board is far smaller; a larger one comes from illegal placements far away.
pub const MAX_BOARD_SPAN: i64 = 400;

/// The bundled font (DejaVu Sans, see `font/LICENSE`), the only one the PNG rasteriser knows.
static FONT: &[u8] = include_bytes!("font/DejaVuSans.ttf");

/// The largest PNG carcspec makes, in pixels (width × height): 64 megapixels, 256 MB of memory.
pub const MAX_PNG_PIXELS: u64 = 64 * 1024 * 1024;

/// Why a picture could not be rasterised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PngError {
    /// The picture would be larger than [`MAX_PNG_PIXELS`].
    TooLarge { width: u64, height: u64 },
    /// The SVG could not be read or the PNG not encoded (a bug of carcspec).
    Internal(String),
}

/// Rasterises one of carcspec's SVG pictures at `scale` pixels per unit (a print page's unit
/// is a millimetre, so `scale` is then dots per millimetre). The text is set in the bundled
/// font, so the same picture gives the same PNG on every machine.
pub fn png(svg_text: &str, scale: f32) -> Result<Vec<u8>, PngError> {
    let mut options = resvg::usvg::Options {
        font_family: svg::FONT_FAMILY.to_string(),
        ..resvg::usvg::Options::default()
    };
    options.fontdb_mut().load_font_data(FONT.to_vec());
    let tree = resvg::usvg::Tree::from_str(svg_text, &options)
        .map_err(|e| PngError::Internal(format!("the picture could not be read: {e}")))?;
    // Pixels are counted per unit of the picture's viewBox (a millimetre on a print page),
    // not per CSS pixel of its declared size.
    let size = tree.size();
    let (units_wide, units_high) =
        view_box_size(svg_text).unwrap_or((f64::from(size.width()), f64::from(size.height())));
    let width = (units_wide * f64::from(scale)).ceil().max(1.0) as u64;
    let height = (units_high * f64::from(scale)).ceil().max(1.0) as u64;
    if width.saturating_mul(height) > MAX_PNG_PIXELS
        || width > u64::from(u32::MAX)
        || height > u64::from(u32::MAX)
    {
        return Err(PngError::TooLarge { width, height });
    }
    let mut pixmap = resvg::tiny_skia::Pixmap::new(width as u32, height as u32)
        .ok_or_else(|| PngError::Internal("no memory for the picture".to_string()))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(
            width as f32 / size.width(),
            height as f32 / size.height(),
        ),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| PngError::Internal(format!("the PNG could not be encoded: {e}")))
}

/// The width and height of the `viewBox="0 0 W H"` of one of carcspec's own pictures.
fn view_box_size(svg_text: &str) -> Option<(f64, f64)> {
    let start = svg_text.find("viewBox=\"")? + "viewBox=\"".len();
    let end = start + svg_text[start..].find('"')?;
    let numbers: Vec<f64> = svg_text[start..end]
        .split_whitespace()
        .map(|n| n.parse().ok())
        .collect::<Option<_>>()?;
    match numbers.as_slice() {
        [_, _, w, h] if *w > 0.0 && *h > 0.0 => Some((*w, *h)),
        _ => None,
    }
}
