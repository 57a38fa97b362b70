//! What a tile-set author wants to know from many simulated games.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::Serialize;

use super::GameResult;
use crate::model::FeatureKind;

#[derive(Debug, Serialize)]
pub struct TileStats {
    pub id: String,
    /// Times the tile was drawn and fit nowhere, over all games.
    pub fit_nowhere: usize,
    pub placed: usize,
}

#[derive(Debug, Serialize)]
pub struct SeatStats {
    pub seat: usize,
    pub mean: f64,
    pub spread: f64,
    pub min: i64,
    pub max: i64,
}

#[derive(Debug, Serialize)]
pub struct FeatureStats {
    pub kind: FeatureKind,
    /// Features of this kind per game.
    pub per_game: f64,
    pub share_completed: f64,
    pub mean_tiles: f64,
    /// Features by size in tiles: "1", "2", "3", "4-5", "6-9", "10+".
    pub sizes: BTreeMap<&'static str, usize>,
}

#[derive(Debug, Serialize)]
pub struct Statistics {
    pub games: usize,
    pub turns_mean: f64,
    pub turns_min: usize,
    pub turns_max: usize,
    pub seats: Vec<SeatStats>,
    pub features: Vec<FeatureStats>,
    pub tiles: Vec<TileStats>,
    pub bonus_tiles_per_game: f64,
    /// Special powers that acted per game (2020 Hunters and Gatherers).
    pub powers_used_per_game: f64,
    pub flocks_scored_per_game: f64,
    pub wolves_per_game: f64,
}

fn mean(values: impl Iterator<Item = f64> + Clone) -> f64 {
    let count = values.clone().count();
    if count == 0 {
        0.0
    } else {
        values.sum::<f64>() / count as f64
    }
}

fn size_bucket(tiles: usize) -> &'static str {
    match tiles {
        0 | 1 => "1",
        2 => "2",
        3 => "3",
        4 | 5 => "4-5",
        6..=9 => "6-9",
        _ => "10+",
    }
}

impl Statistics {
    /// Gathers the statistics of `games`; `tile_ids` names the catalog indexes.
    pub fn of(games: &[GameResult], tile_ids: &[String]) -> Statistics {
        let count = games.len();
        let per_game = |total: usize| {
            if count == 0 {
                0.0
            } else {
                total as f64 / count as f64
            }
        };
        let seats = games.first().map_or(0, |g| g.scores.len());
        let seats = (0..seats)
            .map(|seat| {
                let scores: Vec<f64> = games.iter().map(|g| g.scores[seat] as f64).collect();
                let m = mean(scores.iter().copied());
                let variance = mean(scores.iter().map(|s| (s - m) * (s - m)));
                SeatStats {
                    seat,
                    mean: m,
                    spread: variance.sqrt(),
                    min: games.iter().map(|g| g.scores[seat]).min().unwrap_or(0),
                    max: games.iter().map(|g| g.scores[seat]).max().unwrap_or(0),
                }
            })
            .collect();
        let mut by_kind: BTreeMap<FeatureKind, Vec<(usize, bool)>> = BTreeMap::new();
        for game in games {
            for (kind, tiles, completed) in &game.features {
                by_kind.entry(*kind).or_default().push((*tiles, *completed));
            }
        }
        let features = by_kind
            .into_iter()
            .map(|(kind, list)| {
                let mut sizes = BTreeMap::new();
                for (tiles, _) in &list {
                    *sizes.entry(size_bucket(*tiles)).or_insert(0) += 1;
                }
                FeatureStats {
                    kind,
                    per_game: per_game(list.len()),
                    share_completed: mean(list.iter().map(|(_, c)| if *c { 1.0 } else { 0.0 })),
                    mean_tiles: mean(list.iter().map(|(t, _)| *t as f64)),
                    sizes,
                }
            })
            .collect();
        let mut tiles: Vec<TileStats> = tile_ids
            .iter()
            .map(|id| TileStats {
                id: id.clone(),
                fit_nowhere: 0,
                placed: 0,
            })
            .collect();
        for game in games {
            for tile in &game.discarded {
                tiles[*tile].fit_nowhere += 1;
            }
            for tile in &game.placed {
                tiles[*tile].placed += 1;
            }
        }
        Statistics {
            games: count,
            turns_mean: mean(games.iter().map(|g| g.turns as f64)),
            turns_min: games.iter().map(|g| g.turns).min().unwrap_or(0),
            turns_max: games.iter().map(|g| g.turns).max().unwrap_or(0),
            seats,
            features,
            tiles,
            bonus_tiles_per_game: per_game(games.iter().map(|g| g.bonus_tiles).sum()),
            powers_used_per_game: per_game(games.iter().map(|g| g.powers_used).sum()),
            flocks_scored_per_game: per_game(games.iter().map(|g| g.flocks_scored).sum()),
            wolves_per_game: per_game(games.iter().map(|g| g.wolves).sum()),
        }
    }

    /// The statistics as a report for people.
    pub fn render(&self, players: &[String]) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} games, {:.1} turns on average ({} to {})",
            self.games, self.turns_mean, self.turns_min, self.turns_max
        );
        let _ = writeln!(out, "\nfinal scores per seat (mean ± spread, min–max):");
        for seat in &self.seats {
            let name = players.get(seat.seat).map_or("?", String::as_str);
            let _ = writeln!(
                out,
                "  {:>2} {name:<8} {:>6.1} ± {:<5.1} {}–{}",
                seat.seat + 1,
                seat.mean,
                seat.spread,
                seat.min,
                seat.max
            );
        }
        let _ = writeln!(
            out,
            "\nfeatures at the end (per game, completed, mean tiles; sizes 1/2/3/4-5/6-9/10+):"
        );
        for feature in &self.features {
            let sizes: Vec<String> = ["1", "2", "3", "4-5", "6-9", "10+"]
                .iter()
                .map(|b| feature.sizes.get(b).copied().unwrap_or(0).to_string())
                .collect();
            let _ = writeln!(
                out,
                "  {:<10} {:>6.1}  {:>5.1}%  {:>5.2}  {}",
                feature.kind.name(),
                feature.per_game,
                100.0 * feature.share_completed,
                feature.mean_tiles,
                sizes.join("/")
            );
        }
        if self.bonus_tiles_per_game > 0.0 {
            let _ = writeln!(
                out,
                "\nbonus tiles drawn per game: {:.2}",
                self.bonus_tiles_per_game
            );
        }
        if self.powers_used_per_game > 0.0 {
            let _ = writeln!(
                out,
                "special powers used per game: {:.2}",
                self.powers_used_per_game
            );
        }
        if self.flocks_scored_per_game > 0.0 || self.wolves_per_game > 0.0 {
            let _ = writeln!(
                out,
                "\nflocks to the stable per game: {:.2}; wolves drawn per game: {:.2}",
                self.flocks_scored_per_game, self.wolves_per_game
            );
        }
        let _ = writeln!(out, "\ntiles (placed; drawn when they fit nowhere):");
        for tile in &self.tiles {
            let _ = writeln!(
                out,
                "  {:<12} {:>7} {:>5}",
                tile.id, tile.placed, tile.fit_nowhere
            );
        }
        out
    }
}
