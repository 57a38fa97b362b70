//! Balance reports (`simulate --compare-with SETS`): the same games — the same seeds, game by
//! game — played on tile sets A and B, and what changes: the shift in final scores, game
//! length and the share of each feature kind completed, as paired differences with 95 %
//! confidence intervals; and for every tile how often it is placed, how often it fits nowhere,
//! how often it completes a feature and the nominal points of the features it ends up in, each
//! with its interval, the tiles outside the spread of their kind flagged.
//!
//! The methods, as docs/simulation.md states them:
//! - a shift is the mean of the differences B − A of the paired games (game *i* of both runs),
//!   with Student's *t* interval of that mean (`mean ± t₀.₉₇₅,ₙ₋₁ · s / √n`);
//! - a share (unplaceable, completes) has the Wilson score interval of its count;
//! - a tile's mean points has Student's *t* interval of the mean over its placements;
//! - a tile is flagged when the whole interval of one of its figures lies outside Tukey's fences
//!   (Q1 − 1.5·IQR, Q3 + 1.5·IQR, quartiles interpolated linearly, the IQR at least
//!   [`MIN_SHARE_SPREAD`] or [`MIN_POINTS_SPREAD`]) of that figure over the tiles of its kind —
//!   the tiles with the same feature kinds other than fields — when the kind has at least
//!   [`MIN_KIND_TILES`] tiles placed.

use serde::Serialize;

use super::{Config, GameResult, RunOptions, Stopped};
use crate::diagnostic::Diagnostic;
use crate::model::{FeatureKind, Tile};

/// The fewest tiles a kind must have for its spread to flag any of them.
pub const MIN_KIND_TILES: usize = 4;

/// The smallest spread (interquartile range) the fences are drawn with, for shares and for
/// points: tiles of a kind that are all alike (none of them ever unplaceable) would otherwise
/// have fences of no width, which a single unplaceable draw crosses.
pub const MIN_SHARE_SPREAD: f64 = 0.02;
pub const MIN_POINTS_SPREAD: f64 = 0.5;

/// The 97.5 % quantile of the standard normal distribution.
const Z: f64 = 1.959_963_984_540_054;

/// The 97.5 % quantiles of Student's t for 1 to 30 degrees of freedom.
const T_975: [f64; 30] = [
    12.706_204_736,
    4.302_652_730,
    3.182_446_305,
    2.776_445_105,
    2.570_581_836,
    2.446_911_851,
    2.364_624_252,
    2.306_004_135,
    2.262_157_163,
    2.228_138_852,
    2.200_985_160,
    2.178_812_830,
    2.160_368_656,
    2.144_786_688,
    2.131_449_546,
    2.119_905_299,
    2.109_815_578,
    2.100_922_040,
    2.093_024_054,
    2.085_963_447,
    2.079_613_845,
    2.073_873_068,
    2.068_657_610,
    2.063_898_562,
    2.059_538_553,
    2.055_529_439,
    2.051_830_516,
    2.048_407_142,
    2.045_229_642,
    2.042_272_456,
];

/// The 97.5 % quantile of Student's t with `df` degrees of freedom: the table up to 30, the
/// Cornish–Fisher expansion beyond (within 10⁻⁴ of the exact value there).
pub fn t_quantile(df: u64) -> f64 {
    match df {
        0 => f64::INFINITY,
        1..=30 => T_975[df as usize - 1],
        _ => {
            let n = df as f64;
            let (z3, z5) = (Z.powi(3), Z.powi(5));
            Z + (z3 + Z) / (4.0 * n) + (5.0 * z5 + 16.0 * z3 + 3.0 * Z) / (96.0 * n * n)
        }
    }
}

/// A figure with its 95 % confidence interval, over `n` observations (games, pairs, draws or
/// placements). The interval is absent with too few observations for one.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Estimate {
    pub value: f64,
    pub low: Option<f64>,
    pub high: Option<f64>,
    pub n: u64,
}

impl Estimate {
    /// The mean of observations given by their count, sum and sum of squares, with Student's
    /// t interval.
    pub fn mean(n: u64, sum: f64, sum_of_squares: f64) -> Estimate {
        if n == 0 {
            return Estimate {
                value: 0.0,
                low: None,
                high: None,
                n,
            };
        }
        let count = n as f64;
        let mean = sum / count;
        if n < 2 {
            return Estimate {
                value: mean,
                low: None,
                high: None,
                n,
            };
        }
        let variance = ((sum_of_squares - sum * sum / count) / (count - 1.0)).max(0.0);
        let half = t_quantile(n - 1) * (variance / count).sqrt();
        Estimate {
            value: mean,
            low: Some(mean - half),
            high: Some(mean + half),
            n,
        }
    }

    /// The share `k / n` with its Wilson score interval.
    pub fn share(k: u64, n: u64) -> Estimate {
        if n == 0 {
            return Estimate {
                value: 0.0,
                low: None,
                high: None,
                n,
            };
        }
        let (k, count) = (k as f64, n as f64);
        let p = k / count;
        let z2 = Z * Z;
        let denominator = 1.0 + z2 / count;
        let centre = (p + z2 / (2.0 * count)) / denominator;
        let half = Z * (p * (1.0 - p) / count + z2 / (4.0 * count * count)).sqrt() / denominator;
        // The bounds are 0 and 1 exactly at a count of none or all (the formula's rounding
        // would leave a bound a hair inside, enough to lie past a fence of 0).
        let low = if k == 0.0 {
            0.0
        } else {
            (centre - half).max(0.0)
        };
        let high = if k == count {
            1.0
        } else {
            (centre + half).min(1.0)
        };
        Estimate {
            value: p,
            low: Some(low),
            high: Some(high),
            n,
        }
    }

    /// The mean of `values` with Student's t interval.
    pub fn mean_of(values: &[f64]) -> Estimate {
        let sum: f64 = values.iter().sum();
        let mean = if values.is_empty() {
            0.0
        } else {
            sum / values.len() as f64
        };
        // The squares about the mean, not the raw sum of squares: no cancellation for large
        // values with a small spread.
        let centred: f64 = values.iter().map(|v| (v - mean) * (v - mean)).sum();
        let n = values.len() as u64;
        Estimate::mean(n, sum, centred + sum * mean)
    }
}

/// The counts of one tile over a run's games.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TileSums {
    pub placed: u64,
    pub unplaceable: u64,
    pub completed: u64,
    pub points: u64,
    pub points_squared: u64,
}

/// What one game of a run showed, for the pairing.
#[derive(Debug, Clone)]
struct GameFigures {
    mean_score: f64,
    turns: u32,
    /// By kind, in the order of [`FeatureKind::ALL`]: (features, completed).
    features: Vec<(u32, u32)>,
}

/// A run played for a comparison.
#[derive(Debug, Clone)]
pub struct RunFigures {
    /// The tile sets, as the report names them.
    pub tile_sets: Vec<String>,
    /// The tiles of the run, in the order of the catalog.
    pub tiles: Vec<Tile>,
    pub per_tile: Vec<TileSums>,
    games: Vec<GameFigures>,
}

impl RunFigures {
    /// Counts the games of a run: `tiles` are the run's tiles in the order of its catalog.
    pub fn of(tile_sets: Vec<String>, tiles: Vec<Tile>, games: &[GameResult]) -> RunFigures {
        let mut figures = RunFigures {
            tile_sets,
            per_tile: vec![TileSums::default(); tiles.len()],
            tiles,
            games: Vec::with_capacity(games.len()),
        };
        for game in games {
            figures.add(game);
        }
        figures
    }

    fn add(&mut self, game: &GameResult) {
        let mut features = vec![(0u32, 0u32); FeatureKind::ALL.len()];
        for &(kind, _, completed) in &game.features {
            let entry = &mut features[kind as usize];
            entry.0 += 1;
            entry.1 += u32::from(completed);
        }
        let seats = game.scores.len().max(1) as f64;
        self.games.push(GameFigures {
            mean_score: game.scores.iter().sum::<i64>() as f64 / seats,
            turns: game.turns as u32,
            features,
        });
        for &tile in &game.discarded {
            self.per_tile[tile].unplaceable += 1;
        }
        for outcome in &game.tile_outcomes {
            let sums = &mut self.per_tile[outcome.tile];
            sums.placed += 1;
            sums.completed += u64::from(outcome.completed_a_feature);
            sums.points += u64::from(outcome.points);
            sums.points_squared += u64::from(outcome.points) * u64::from(outcome.points);
        }
    }
}

/// Plays the games of `config` (the sets of `tile_sets`, named so in the report) with the
/// per-tile outcomes kept, and counts them as they end.
pub fn play(
    config: &Config,
    tile_sets: Vec<String>,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<RunFigures, Vec<Diagnostic>> {
    let mut diagnostics = Vec::new();
    let catalog = crate::setup::catalog::build_catalog(
        &super::header(config),
        &[],
        std::path::Path::new("."),
        &mut diagnostics,
    );
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(diagnostics);
    }
    // The models of the catalog's tiles, for their kinds and pictures.
    let mut models: Vec<Tile> = Vec::new();
    for (name, _) in &config.tile_sets {
        if let Ok(loaded) = crate::load::load(name)
            && let Some(set) = loaded.usable()
        {
            models.extend(set.tiles.iter().cloned());
        }
    }
    let tiles: Vec<Tile> = catalog
        .tiles
        .iter()
        .map(|compiled| {
            let model = models.iter().find(|t| t.id == compiled.id);
            model.cloned().unwrap_or_else(|| Tile {
                id: compiled.id.clone(),
                count: 0,
                kind: compiled.kind,
                markers: Vec::new(),
                features: Vec::new(),
                closed: Vec::new(),
                spans: Default::default(),
            })
        })
        .collect();
    let mut run = RunFigures::of(tile_sets, tiles, &[]);
    let options = RunOptions {
        shard: None,
        per_tile: true,
    };
    let played = super::run_with(config, options, progress, |_, game: GameResult| {
        run.add(&game);
        Ok::<(), std::convert::Infallible>(())
    });
    match played {
        Ok(_) => Ok(run),
        Err(Stopped::Diagnostics(diagnostics)) => Err(diagnostics),
        Err(Stopped::Output(never)) => match never {},
    }
}

/// The shift of one measure from A to B.
#[derive(Debug, Clone, Serialize)]
pub struct Shift {
    pub measure: String,
    /// The mean in A and in B over the games that pair.
    pub a: f64,
    pub b: f64,
    /// The mean difference B − A over the paired games, with its interval.
    pub difference: Estimate,
    /// Whether the measure is a share (0 to 1), which the report for people gives in percent
    /// and its difference in percentage points; the JSON keeps the fraction.
    #[serde(skip)]
    pub share: bool,
}

/// One tile's figures in one run.
#[derive(Debug, Clone, Serialize)]
pub struct TileReport {
    pub id: String,
    /// The feature kinds of the tile other than fields (`city+road`): the tiles it is
    /// compared with for the flags.
    pub kind: String,
    pub placed_per_game: f64,
    /// Of the draws of the tile, the share that fit nowhere.
    pub unplaceable: Estimate,
    /// Of its placements, the share that completed a feature.
    pub completes: Estimate,
    /// The mean nominal points of the features it lies in at the end, per placement.
    pub mean_points: Estimate,
    /// Why the tile stands out of its kind (empty when it does not).
    pub flags: Vec<String>,
}

/// A balance report.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    pub games: usize,
    pub seed: u64,
    pub players: usize,
    pub policy: String,
    pub a: Vec<String>,
    pub b: Vec<String>,
    pub shifts: Vec<Shift>,
    pub tiles_a: Vec<TileReport>,
    pub tiles_b: Vec<TileReport>,
}

/// The paired shift of `measure` between the games of A and B that both have a value.
fn shift(
    measure: String,
    share: bool,
    pairs: impl Iterator<Item = (Option<f64>, Option<f64>)>,
) -> Shift {
    let (mut a, mut b, mut differences) = (0.0, 0.0, Vec::new());
    for (x, y) in pairs {
        if let (Some(x), Some(y)) = (x, y) {
            a += x;
            b += y;
            differences.push(y - x);
        }
    }
    let n = differences.len().max(1) as f64;
    Shift {
        measure,
        a: a / n,
        b: b / n,
        difference: Estimate::mean_of(&differences),
        share,
    }
}

/// The feature kinds of a tile other than fields, in their order, joined by `+` (`field` for a
/// tile of fields only).
pub fn tile_kind(tile: &Tile) -> String {
    let kinds: Vec<&str> = FeatureKind::ALL
        .iter()
        .filter(|kind| **kind != FeatureKind::Field)
        .filter(|kind| tile.features.iter().any(|f| f.kind == **kind))
        .map(|kind| kind.name())
        .collect();
    if kinds.is_empty() {
        "field".to_string()
    } else {
        kinds.join("+")
    }
}

/// The `q`-quantile of sorted `values`, interpolated linearly between order statistics.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = q * (sorted.len() - 1) as f64;
    let (below, above) = (at.floor() as usize, at.ceil() as usize);
    sorted[below] + (sorted[above] - sorted[below]) * (at - below as f64)
}

/// The tiles' figures of one run, flagged against the spread of their kinds.
pub fn tile_reports(run: &RunFigures) -> Vec<TileReport> {
    let games = run.games.len().max(1) as f64;
    let mut reports: Vec<TileReport> = run
        .tiles
        .iter()
        .zip(&run.per_tile)
        .map(|(tile, sums)| TileReport {
            id: tile.id.clone(),
            kind: tile_kind(tile),
            placed_per_game: sums.placed as f64 / games,
            unplaceable: Estimate::share(sums.unplaceable, sums.placed + sums.unplaceable),
            completes: Estimate::share(sums.completed, sums.placed),
            mean_points: Estimate::mean(
                sums.placed,
                sums.points as f64,
                sums.points_squared as f64,
            ),
            flags: Vec::new(),
        })
        .collect();
    flag_outliers(&mut reports);
    reports
}

/// Flags the tiles whose interval of a figure lies wholly outside Tukey's fences of that
/// figure over the placed tiles of their kind (kinds of [`MIN_KIND_TILES`] placed tiles or
/// more).
pub fn flag_outliers(reports: &mut [TileReport]) {
    type Figure = fn(&TileReport) -> &Estimate;
    let figures: [(&str, Figure, f64); 3] = [
        ("mean points", |r| &r.mean_points, MIN_POINTS_SPREAD),
        ("completes", |r| &r.completes, MIN_SHARE_SPREAD),
        ("unplaceable", |r| &r.unplaceable, MIN_SHARE_SPREAD),
    ];
    let mut kinds: Vec<String> = reports.iter().map(|r| r.kind.clone()).collect();
    kinds.sort();
    kinds.dedup();
    for kind in kinds {
        let members: Vec<usize> = (0..reports.len())
            .filter(|&i| reports[i].kind == kind && reports[i].mean_points.n > 0)
            .collect();
        if members.len() < MIN_KIND_TILES {
            continue;
        }
        for (name, figure, least_spread) in figures {
            let mut values: Vec<f64> = members.iter().map(|&i| figure(&reports[i]).value).collect();
            values.sort_by(f64::total_cmp);
            let (q1, q3) = (quantile(&values, 0.25), quantile(&values, 0.75));
            let spread = (q3 - q1).max(least_spread);
            let (low_fence, high_fence) = (q1 - 1.5 * spread, q3 + 1.5 * spread);
            for &i in &members {
                let estimate = *figure(&reports[i]);
                let (Some(low), Some(high)) = (estimate.low, estimate.high) else {
                    continue;
                };
                let side = if low > high_fence {
                    "above"
                } else if high < low_fence {
                    "below"
                } else {
                    continue;
                };
                reports[i].flags.push(format!(
                    "{name} {side} the spread of {kind} tiles ({} to {})",
                    round(low_fence),
                    round(high_fence)
                ));
            }
        }
    }
}

fn round(value: f64) -> String {
    let text = format!("{value:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" { "0" } else { text }.to_string()
}

impl Comparison {
    /// The report of runs `a` and `b` of the same games (the same seed, games and players).
    pub fn of(config: &Config, a: &RunFigures, b: &RunFigures) -> Comparison {
        let pairs = || a.games.iter().zip(&b.games);
        let mut shifts = vec![
            shift(
                "final score (mean of the seats)".to_string(),
                false,
                pairs().map(|(x, y)| (Some(x.mean_score), Some(y.mean_score))),
            ),
            shift(
                "game length (turns)".to_string(),
                false,
                pairs().map(|(x, y)| (Some(f64::from(x.turns)), Some(f64::from(y.turns)))),
            ),
        ];
        for (index, kind) in FeatureKind::ALL.iter().enumerate() {
            let occurs = |run: &RunFigures| run.games.iter().any(|g| g.features[index].0 > 0);
            if !occurs(a) && !occurs(b) {
                continue;
            }
            let share = |g: &GameFigures| {
                let (count, completed) = g.features[index];
                (count > 0).then(|| f64::from(completed) / f64::from(count))
            };
            shifts.push(shift(
                format!("{} completed (share per game)", kind.name()),
                true,
                pairs().map(|(x, y)| (share(x), share(y))),
            ));
        }
        Comparison {
            games: a.games.len(),
            seed: config.seed,
            players: config.players,
            policy: super::shard::policy_name(config.policy),
            a: a.tile_sets.clone(),
            b: b.tile_sets.clone(),
            shifts,
            tiles_a: tile_reports(a),
            tiles_b: tile_reports(b),
        }
    }

    /// The report for people.
    pub fn render(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} games paired by seed (seed {}, {} players, policy {})",
            self.games, self.seed, self.players, self.policy
        );
        let _ = writeln!(out, "  A: {}", self.a.join(" "));
        let _ = writeln!(out, "  B: {}", self.b.join(" "));
        let _ = writeln!(
            out,
            "\nshift B − A (mean of the paired differences, 95 % t interval; shares in %, their shifts in percentage points):"
        );
        let width = self
            .shifts
            .iter()
            .map(|s| s.measure.chars().count())
            .max()
            .unwrap_or(0);
        for shift in &self.shifts {
            let _ = writeln!(out, "  {:<width$}  {}", shift.measure, shift.figures());
        }
        for (name, tiles) in [("A", &self.tiles_a), ("B", &self.tiles_b)] {
            let _ = writeln!(
                out,
                "\ntiles of {name} (placed per game; unplaceable %, completes a feature %, mean points of its features, each with a 95 % interval):"
            );
            let id_width = tiles
                .iter()
                .map(|t| t.id.chars().count())
                .max()
                .unwrap_or(0)
                .max(10);
            let kind_width = tiles
                .iter()
                .map(|t| t.kind.chars().count())
                .max()
                .unwrap_or(0);
            for tile in tiles {
                let _ = write!(
                    out,
                    "  {:<id_width$} {:<kind_width$} {:>6.2}  {:>5.1} {:<13}  {:>5.1} {:<13}  {:>6.2} {:<15}",
                    tile.id,
                    tile.kind,
                    tile.placed_per_game,
                    100.0 * tile.unplaceable.value,
                    interval(&tile.unplaceable, 100.0, false),
                    100.0 * tile.completes.value,
                    interval(&tile.completes, 100.0, false),
                    tile.mean_points.value,
                    interval(&tile.mean_points, 1.0, false),
                );
                if tile.flags.is_empty() {
                    let _ = writeln!(out);
                } else {
                    let _ = writeln!(out, "  ! {}", tile.flags.join("; "));
                }
            }
        }
        out
    }
}

impl Shift {
    /// The means in A and B and the shift with its interval, for people: a share in percent
    /// and its shift in percentage points (`A  50.5 %  B  53.7 %  +3.2 pp [+1.5, +4.9]`), other
    /// measures in their unit.
    pub fn figures(&self) -> String {
        let pairs = self.difference.n;
        if self.share {
            format!(
                "A {:>6.1} %  B {:>6.1} %  {:>+6.1} pp {}  ({pairs} pairs)",
                100.0 * self.a,
                100.0 * self.b,
                100.0 * self.difference.value,
                interval(&self.difference, 100.0, true)
            )
        } else {
            format!(
                "A {:>8.3}  B {:>8.3}  {:>+8.3} {}  ({pairs} pairs)",
                self.a,
                self.b,
                self.difference.value,
                interval(&self.difference, 1.0, true)
            )
        }
    }
}

/// `[low, high]` of an estimate, times `scale`; `[–]` without an interval.
fn interval(estimate: &Estimate, scale: f64, signed: bool) -> String {
    match (estimate.low, estimate.high) {
        (Some(low), Some(high)) if signed && scale == 1.0 => format!("[{:+.3}, {:+.3}]", low, high),
        (Some(low), Some(high)) if signed => format!("[{:+.1}, {:+.1}]", low * scale, high * scale),
        (Some(low), Some(high)) if scale == 1.0 => format!("[{:.2}, {:.2}]", low, high),
        (Some(low), Some(high)) => format!("[{:.1}, {:.1}]", low * scale, high * scale),
        _ => "[–]".to_string(),
    }
}

/// The chart of the tiles of B (`run_b`, the run `comparison.tiles_b` reports), with A's
/// figures for the same tiles: the tiles that were drawn, in the order of the catalog.
pub fn chart(comparison: &Comparison, run_b: &RunFigures) -> String {
    use crate::render::chart::{ChartPanel, ChartRow, Interval, tile_figures_chart};
    let panels = [
        ChartPanel {
            title: "unplaceable when drawn".to_string(),
            percent: true,
        },
        ChartPanel {
            title: "completes a feature".to_string(),
            percent: true,
        },
        ChartPanel {
            title: "mean points of its features".to_string(),
            percent: false,
        },
    ];
    let figures = |report: &TileReport| -> Vec<Option<Interval>> {
        [&report.unplaceable, &report.completes, &report.mean_points]
            .iter()
            .map(|e| (e.n > 0).then_some((e.value, e.low, e.high)))
            .collect()
    };
    let rows: Vec<ChartRow> = run_b
        .tiles
        .iter()
        .zip(&comparison.tiles_b)
        .filter(|(_, report)| report.unplaceable.n > 0)
        .map(|(tile, report)| {
            let baseline = comparison.tiles_a.iter().find(|a| a.id == report.id);
            ChartRow {
                tile,
                kind: report.kind.clone(),
                figures: figures(report),
                baseline: baseline.map_or(vec![None; 3], figures),
                // In the order of the panels, by the names the flags start with.
                flagged: ["unplaceable", "completes", "mean points"]
                    .iter()
                    .map(|name| report.flags.iter().any(|f| f.starts_with(name)))
                    .collect(),
            }
        })
        .collect();
    let title = format!("Tiles of {}", comparison.b.join(" + "));
    let subtitle = format!(
        "{} games (seed {}, {} players, policy {}); grey: {}",
        comparison.games,
        comparison.seed,
        comparison.players,
        comparison.policy,
        comparison.a.join(" + ")
    );
    // The headline shifts, the final score and the game length, above the tiles.
    let headline: Vec<String> = comparison
        .shifts
        .iter()
        .filter(|shift| !shift.share)
        .map(|shift| {
            let interval = match (shift.difference.low, shift.difference.high) {
                (Some(low), Some(high)) => format!(" [{low:+.1}, {high:+.1}]"),
                _ => String::new(),
            };
            format!(
                "{}: A {:.1}, B {:.1}, shift {:+.1}{interval}",
                shift.measure, shift.a, shift.b, shift.difference.value
            )
        })
        .collect();
    let headline = format!("B − A (95 % interval) · {}", headline.join(" · "));
    tile_figures_chart(&title, &subtitle, &headline, &panels, &rows)
}
