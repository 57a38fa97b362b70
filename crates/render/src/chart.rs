//! The chart of a balance report (`simulate --compare-with SETS --chart FILE`): a row per tile,
//! labelled with the tile's picture, its id and its kind, and a panel per figure, each figure
//! a dot with its 95 % interval as a bar — the compared run's in blue (red when the tile is
//! flagged for that figure), the baseline run's for the same tile in grey below it.

use super::svg::{Point, Svg, num};
use crate::model::{Rotation, Tile};

/// A figure with its interval: (value, low, high), in the panel's unit.
pub type Interval = (f64, Option<f64>, Option<f64>);

/// One panel (column) of the chart.
#[derive(Debug, Clone)]
pub struct ChartPanel {
    pub title: String,
    /// Shares from 0 to 1, drawn as 0–100 %; otherwise numbers from 0 up.
    pub percent: bool,
}

/// One tile's row.
#[derive(Debug, Clone)]
pub struct ChartRow<'a> {
    pub tile: &'a Tile,
    pub kind: String,
    /// The compared run's figures, a panel each (`None`: no figure, e.g. never placed).
    pub figures: Vec<Option<Interval>>,
    /// The baseline run's figures for the same tile (`None` where it has none).
    pub baseline: Vec<Option<Interval>>,
    /// Whether each figure is flagged.
    pub flagged: Vec<bool>,
}

/// Where things lie on the chart, in pixels (user units): public for the tests that sample
/// the rasterised chart.
pub mod layout {
    pub const MARGIN: f64 = 16.0;
    /// The top of the first row.
    pub const ROWS_TOP: f64 = 124.0;
    pub const ROW_HEIGHT: f64 = 46.0;
    pub const PICTURE: f64 = 38.0;
    /// The left of the first panel.
    pub const PANELS_LEFT: f64 = 236.0;
    pub const PANEL_WIDTH: f64 = 250.0;
    pub const PANEL_GAP: f64 = 44.0;
    /// The compared run's bar and the baseline's, below the top of a row.
    pub const FIGURE_DY: f64 = 17.0;
    pub const BASELINE_DY: f64 = 31.0;

    /// The left of panel `index`.
    pub fn panel_left(index: usize) -> f64 {
        PANELS_LEFT + index as f64 * (PANEL_WIDTH + PANEL_GAP)
    }

    /// The top of row `index`.
    pub fn row_top(index: usize) -> f64 {
        ROWS_TOP + index as f64 * ROW_HEIGHT
    }
}

pub const COMPARED: &str = "#1f6fb4";
pub const FLAGGED: &str = "#c62828";
pub const BASELINE: &str = "#9e9e9e";
pub const FLAGGED_ROW: &str = "#fdecea";
pub const STRIPE: &str = "#f4f6f8";

/// The upper end of a panel's axis: a round number at or above every figure and interval
/// (at most 100 % for shares), so that figures near 0 are not squeezed into a corner.
pub fn axis_top(panel: &ChartPanel, rows: &[ChartRow], index: usize) -> f64 {
    let highest = rows
        .iter()
        .flat_map(|row| [row.figures[index], row.baseline[index]])
        .flatten()
        .map(|(value, _, high)| high.unwrap_or(value))
        .fold(0.0, f64::max);
    if panel.percent {
        nice_ceiling(highest).min(1.0)
    } else {
        nice_ceiling(highest)
    }
}

/// The smallest of 1, 2, 2.5, 5 times a power of ten at or above `value` (1 for nothing,
/// 0.01 at least).
fn nice_ceiling(value: f64) -> f64 {
    if value <= 0.01 || !value.is_finite() {
        return if value > 0.0 { 0.01 } else { 1.0 };
    }
    let power = 10f64.powf(value.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|step| step * power)
        .find(|top| *top >= value - 1e-9)
        .unwrap_or(10.0 * power)
}

/// The x of `value` in panel `index` of axis top `top`.
pub fn x_of(index: usize, top: f64, value: f64) -> f64 {
    layout::panel_left(index) + layout::PANEL_WIDTH * (value / top).clamp(0.0, 1.0)
}

/// The chart as SVG: `title`, `subtitle` and a `headline` (the run's shifts) above, the rows
/// below.
pub fn tile_figures_chart(
    title: &str,
    subtitle: &str,
    headline: &str,
    panels: &[ChartPanel],
    rows: &[ChartRow],
) -> String {
    use layout::*;
    let mut svg = Svg::new();
    let width = panel_left(panels.len()) - PANEL_GAP + MARGIN + 10.0;
    let height = row_top(rows.len()) + 40.0;
    svg.rect(0.0, 0.0, width, height, r##"fill="#ffffff""##);
    svg.text_start(
        Point::new(MARGIN, 22.0),
        17.0,
        r##"fill="#111111" font-weight="bold""##,
        title,
    );
    svg.text_start(
        Point::new(MARGIN, 42.0),
        12.0,
        r##"fill="#444444""##,
        subtitle,
    );
    svg.text_start(
        Point::new(MARGIN, 60.0),
        12.0,
        r##"fill="#111111" class="headline""##,
        headline,
    );
    // The legend.
    let legend_y = 80.0;
    let mut x = MARGIN;
    for (colour, text) in [
        (COMPARED, "compared run (B)"),
        (BASELINE, "baseline run (A), same tile"),
        (FLAGGED, "outside the spread of its kind"),
    ] {
        svg.line(
            Point::new(x, legend_y),
            Point::new(x + 22.0, legend_y),
            &format!(r#"stroke="{colour}" stroke-width="2.5""#),
        );
        svg.circle(
            Point::new(x + 11.0, legend_y),
            4.0,
            &format!(r#"fill="{colour}""#),
        );
        svg.text_start(
            Point::new(x + 28.0, legend_y),
            11.0,
            r##"fill="#333333""##,
            text,
        );
        x += 40.0 + super::sheet::text_width(text, 11.0);
    }
    // The rows' backgrounds: striped, a flagged tile's row tinted.
    for (index, row) in rows.iter().enumerate() {
        let fill = if row.flagged.iter().any(|f| *f) {
            FLAGGED_ROW
        } else if index % 2 == 1 {
            STRIPE
        } else {
            "#ffffff"
        };
        svg.rect(
            MARGIN / 2.0,
            row_top(index),
            width - MARGIN,
            ROW_HEIGHT,
            &format!(r#"fill="{fill}""#),
        );
    }
    // The panels: title, grid and tick labels.
    for (index, panel) in panels.iter().enumerate() {
        let left = panel_left(index);
        let top = axis_top(panel, rows, index);
        svg.text(
            Point::new(left + PANEL_WIDTH / 2.0, ROWS_TOP - 24.0),
            12.5,
            r##"fill="#111111" font-weight="bold""##,
            &panel.title,
        );
        for step in 0..=4 {
            let value = top * f64::from(step) / 4.0;
            let x = x_of(index, top, value);
            svg.line(
                Point::new(x, ROWS_TOP - 4.0),
                Point::new(x, row_top(rows.len())),
                r##"stroke="#d0d4d8" stroke-width="0.8""##,
            );
            let label = if panel.percent {
                format!("{}%", num(100.0 * value))
            } else {
                num(value)
            };
            svg.text(
                Point::new(x, ROWS_TOP - 10.0),
                10.0,
                r##"fill="#555555""##,
                &label,
            );
        }
    }
    // The rows: the tile's picture and names, then its figures.
    for (index, row) in rows.iter().enumerate() {
        let y = row_top(index);
        svg.open_group(&format!(
            r#"class="tile-row" data-tile="{}""#,
            super::svg::escape(&row.tile.id)
        ));
        super::tile::draw(
            &mut svg,
            row.tile,
            Rotation(0),
            MARGIN,
            y + (ROW_HEIGHT - PICTURE) / 2.0,
            PICTURE,
            &super::tile::TileDecor::default(),
        );
        let text_left = MARGIN + PICTURE + 10.0;
        let id_size = ((PANELS_LEFT - text_left - 12.0)
            / super::sheet::text_width(&row.tile.id, 1.0))
        .clamp(7.0, 12.0);
        svg.text_start(
            Point::new(text_left, y + 16.0),
            id_size,
            r##"fill="#111111""##,
            &row.tile.id,
        );
        svg.text_start(
            Point::new(text_left, y + 31.0),
            9.5,
            r##"fill="#666666""##,
            &row.kind,
        );
        for (panel, (figure, baseline)) in row.figures.iter().zip(&row.baseline).enumerate() {
            let top = axis_top(&panels[panel], rows, panel);
            let flagged = row.flagged.get(panel).copied().unwrap_or(false);
            let colour = if flagged { FLAGGED } else { COMPARED };
            for (interval, dy, colour, radius) in [
                (figure, FIGURE_DY, colour, 4.5),
                (baseline, BASELINE_DY, BASELINE, 3.5),
            ] {
                let Some((value, low, high)) = *interval else {
                    continue;
                };
                if let (Some(low), Some(high)) = (low, high) {
                    svg.line(
                        Point::new(x_of(panel, top, low), y + dy),
                        Point::new(x_of(panel, top, high), y + dy),
                        &format!(r#"stroke="{colour}" stroke-width="2.5" class="interval""#),
                    );
                }
                svg.circle(
                    Point::new(x_of(panel, top, value), y + dy),
                    radius,
                    &format!(r#"fill="{colour}" class="figure""#),
                );
            }
        }
        svg.close_group();
    }
    svg.text_start(
        Point::new(MARGIN, height - 16.0),
        10.0,
        r##"fill="#666666""##,
        "dots: the figure; bars: its 95 % interval (Wilson for shares, Student's t for points); see docs/simulation.md",
    );
    svg.finish(width, height)
}
