//! What a tile-set author wants to know from many simulated games.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::GameResult;
use crate::model::{FeatureKind, Ruleset};

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
    /// Bonus tiles drawn per game: the 2002 Hunters and Gatherers rules' gold-nugget tiles
    /// (0 for Carcassonne). Absent under the 2020 rules, which count menhir turns instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus_tiles_per_game: Option<f64>,
    /// The 2020 Hunters and Gatherers rules' menhir bonus turns per game (a turn that plays
    /// a menhir tile, after a forest with a menhir was completed); present under those rules
    /// only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub menhir_bonus_turns_per_game: Option<f64>,
    /// The means per game of the counts the rulesets keep of their own state (the 2020
    /// powers used, Hills & Sheep's flocks to the stable and wolves): `<count>_per_game`, for
    /// every ruleset's counts.
    #[serde(flatten)]
    pub ruleset_counts: PerGame,
}

/// The means per game of the rulesets' counts, one for each of
/// [`crate::rules::statistic_counts`], in that order; written as the fields
/// `<count>_per_game`.
#[derive(Debug)]
pub struct PerGame(pub Vec<f64>);

impl PerGame {
    /// The mean of the count `name`.
    pub fn of(&self, name: &str) -> f64 {
        crate::rules::statistic_counts()
            .position(|count| count == name)
            .and_then(|index| self.0.get(index).copied())
            .unwrap_or(0.0)
    }
}

impl Serialize for PerGame {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, mean) in crate::rules::statistic_counts().zip(&self.0) {
            map.serialize_entry(&format!("{name}_per_game"), mean)?;
        }
        map.end()
    }
}

/// A shard's sums of the rulesets' counts, by name (`"flocks_scored": 12`), read back in the
/// order of [`crate::rules::statistic_counts`].
mod counts_by_name {
    use std::collections::BTreeMap;

    use serde::ser::SerializeMap;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(counts: &[u64], serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(counts.len()))?;
        for (name, sum) in crate::rules::statistic_counts().zip(counts) {
            map.serialize_entry(name, sum)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u64>, D::Error> {
        let read = BTreeMap::<String, u64>::deserialize(deserializer)?;
        if let Some(unknown) = read
            .keys()
            .find(|name| crate::rules::statistic_counts().all(|count| count != name.as_str()))
        {
            return Err(serde::de::Error::custom(format!(
                "unknown count `{unknown}`"
            )));
        }
        Ok(crate::rules::statistic_counts()
            .map(|name| read.get(name).copied().unwrap_or(0))
            .collect())
    }
}

/// The size buckets of features, in the order the report lists them.
const SIZE_BUCKETS: [&str; 6] = ["1", "2", "3", "4-5", "6-9", "10+"];

fn size_bucket(tiles: usize) -> usize {
    match tiles {
        0 | 1 => 0,
        2 => 1,
        3 => 2,
        4 | 5 => 3,
        6..=9 => 4,
        _ => 5,
    }
}

/// `numerator / count` as the report shows it (0 for no games).
fn ratio(numerator: u64, count: u64) -> f64 {
    if count == 0 {
        0.0
    } else {
        numerator as f64 / count as f64
    }
}

/// The sums of one seat's scores.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct SeatSums {
    sum: i128,
    sum_of_squares: i128,
    min: i64,
    max: i64,
}

/// The counts of one feature kind over all games.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct FeatureSums {
    count: u64,
    completed: u64,
    tiles: u64,
    sizes: [usize; 6],
}

/// The statistics of a run gathered as its games finish: counts and sums only, so that its
/// memory depends on the tile set and the seats, never on the number of games. Every figure of
/// [`Statistics`] is computed from exact integer sums, so the order in which games are added
/// does not change a digit. The sums are what a shard's statistics carry (`simulate --shard`),
/// so that [`Accumulator::merge`] adds the shards up exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Accumulator {
    tile_ids: Vec<String>,
    games: u64,
    turns: u64,
    turns_min: usize,
    turns_max: usize,
    seats: Vec<SeatSums>,
    /// By kind, in the order of [`FeatureKind::ALL`] (the order of the kinds): an entry of
    /// a map for each feature of each game cost more than the rest of the counting.
    features: [FeatureSums; FeatureKind::ALL.len()],
    placed: Vec<usize>,
    fit_nowhere: Vec<usize>,
    /// Under the 2020 Hunters and Gatherers rules the bonus draws are menhir turns.
    menhir_turns: bool,
    bonus_tiles: u64,
    /// The sums of the rulesets' counts ([`GameResult::counts`]).
    #[serde(with = "counts_by_name")]
    counts: Vec<u64>,
}

impl Accumulator {
    /// No games yet; `tile_ids` names the catalog indexes of the games to come, played under
    /// `ruleset`.
    pub fn new(tile_ids: Vec<String>, ruleset: Ruleset) -> Accumulator {
        let tiles = tile_ids.len();
        Accumulator {
            tile_ids,
            games: 0,
            turns: 0,
            turns_min: 0,
            turns_max: 0,
            seats: Vec::new(),
            features: Default::default(),
            placed: vec![0; tiles],
            fit_nowhere: vec![0; tiles],
            menhir_turns: ruleset == Ruleset::HuntersGatherers2020,
            bonus_tiles: 0,
            counts: vec![0; crate::rules::statistic_counts().count()],
        }
    }

    /// Adds the games `other` counted (of the same tile sets and ruleset: the caller checks
    /// that the runs match) to these: the sums of all their games, as if one run had counted
    /// them all, whatever the order. Returns a message when `other` counts other tiles.
    pub fn merge(&mut self, other: &Accumulator) -> Result<(), String> {
        if self.tile_ids != other.tile_ids
            || self.menhir_turns != other.menhir_turns
            || (self.games > 0 && other.games > 0 && self.seats.len() != other.seats.len())
        {
            return Err("the statistics count other tiles or seats".to_string());
        }
        if other.games == 0 {
            return Ok(());
        }
        if self.games == 0 {
            let tile_ids = std::mem::take(&mut self.tile_ids);
            *self = Accumulator {
                tile_ids,
                ..other.clone()
            };
            return Ok(());
        }
        self.games += other.games;
        self.turns += other.turns;
        self.turns_min = self.turns_min.min(other.turns_min);
        self.turns_max = self.turns_max.max(other.turns_max);
        for (seat, theirs) in self.seats.iter_mut().zip(&other.seats) {
            seat.sum += theirs.sum;
            seat.sum_of_squares += theirs.sum_of_squares;
            seat.min = seat.min.min(theirs.min);
            seat.max = seat.max.max(theirs.max);
        }
        for (sums, theirs) in self.features.iter_mut().zip(&other.features) {
            sums.count += theirs.count;
            sums.completed += theirs.completed;
            sums.tiles += theirs.tiles;
            for (size, their_size) in sums.sizes.iter_mut().zip(theirs.sizes) {
                *size += their_size;
            }
        }
        for (placed, theirs) in self.placed.iter_mut().zip(&other.placed) {
            *placed += theirs;
        }
        for (fit_nowhere, theirs) in self.fit_nowhere.iter_mut().zip(&other.fit_nowhere) {
            *fit_nowhere += theirs;
        }
        self.bonus_tiles += other.bonus_tiles;
        for (sum, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *sum += theirs;
        }
        Ok(())
    }

    /// Counts one finished game.
    pub fn add(&mut self, game: &GameResult) {
        if self.games == 0 {
            self.turns_min = game.turns;
            self.turns_max = game.turns;
            self.seats = game
                .scores
                .iter()
                .map(|&score| SeatSums {
                    min: score,
                    max: score,
                    ..SeatSums::default()
                })
                .collect();
        }
        self.games += 1;
        self.turns += game.turns as u64;
        self.turns_min = self.turns_min.min(game.turns);
        self.turns_max = self.turns_max.max(game.turns);
        for (seat, &score) in self.seats.iter_mut().zip(&game.scores) {
            seat.sum += i128::from(score);
            seat.sum_of_squares += i128::from(score) * i128::from(score);
            seat.min = seat.min.min(score);
            seat.max = seat.max.max(score);
        }
        for &(kind, tiles, completed) in &game.features {
            debug_assert_eq!(FeatureKind::ALL[kind as usize], kind);
            let sums = &mut self.features[kind as usize];
            sums.count += 1;
            sums.completed += u64::from(completed);
            sums.tiles += tiles as u64;
            sums.sizes[size_bucket(tiles)] += 1;
        }
        for &tile in &game.discarded {
            self.fit_nowhere[tile] += 1;
        }
        for &tile in &game.placed {
            self.placed[tile] += 1;
        }
        self.bonus_tiles += game.bonus_tiles as u64;
        for (sum, &count) in self.counts.iter_mut().zip(&game.counts) {
            *sum += u64::from(count);
        }
    }

    /// The statistics of the games added so far.
    pub fn statistics(&self) -> Statistics {
        let games = self.games;
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(seat, sums)| {
                // The variance n·Σs² − (Σs)² over n², exact in integers up to one division: the
                // spread does not depend on the order of the games (nor on the threads).
                let n = i128::from(games);
                let variance =
                    (n * sums.sum_of_squares - sums.sum * sums.sum) as f64 / (n * n) as f64;
                SeatStats {
                    seat,
                    mean: sums.sum as f64 / games as f64,
                    spread: variance.sqrt(),
                    min: sums.min,
                    max: sums.max,
                }
            })
            .collect();
        // The kinds that occurred, in their order.
        let features = FeatureKind::ALL
            .into_iter()
            .zip(&self.features)
            .filter(|(_, sums)| sums.count > 0)
            .map(|(kind, sums)| FeatureStats {
                kind,
                per_game: ratio(sums.count, games),
                share_completed: ratio(sums.completed, sums.count),
                mean_tiles: ratio(sums.tiles, sums.count),
                // Only the buckets that occur, as the JSON report has always listed them.
                sizes: SIZE_BUCKETS
                    .iter()
                    .zip(sums.sizes)
                    .filter(|(_, count)| *count > 0)
                    .map(|(bucket, count)| (*bucket, count))
                    .collect(),
            })
            .collect();
        let tiles = self
            .tile_ids
            .iter()
            .zip(self.placed.iter().zip(&self.fit_nowhere))
            .map(|(id, (&placed, &fit_nowhere))| TileStats {
                id: id.clone(),
                fit_nowhere,
                placed,
            })
            .collect();
        Statistics {
            games: games as usize,
            turns_mean: ratio(self.turns, games),
            turns_min: self.turns_min,
            turns_max: self.turns_max,
            seats,
            features,
            tiles,
            bonus_tiles_per_game: (!self.menhir_turns).then(|| ratio(self.bonus_tiles, games)),
            menhir_bonus_turns_per_game: self.menhir_turns.then(|| ratio(self.bonus_tiles, games)),
            ruleset_counts: PerGame(self.counts.iter().map(|&sum| ratio(sum, games)).collect()),
        }
    }
}

impl Statistics {
    /// Gathers the statistics of `games` (of one configuration, so of one ruleset); `tile_ids`
    /// names the catalog indexes.
    pub fn of(games: &[GameResult], tile_ids: &[String]) -> Statistics {
        let ruleset = games
            .first()
            .map_or(Ruleset::Carcassonne, |game| game.script.ruleset);
        let mut accumulator = Accumulator::new(tile_ids.to_vec(), ruleset);
        for game in games {
            accumulator.add(game);
        }
        accumulator.statistics()
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
            let sizes: Vec<String> = SIZE_BUCKETS
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
        if let Some(tiles) = self.bonus_tiles_per_game.filter(|n| *n > 0.0) {
            let _ = writeln!(out, "\nbonus tiles drawn per game: {tiles:.2}");
        }
        if let Some(turns) = self.menhir_bonus_turns_per_game.filter(|n| *n > 0.0) {
            let _ = writeln!(out, "\nmenhir bonus turns per game: {turns:.2}");
        }
        for line in crate::rules::statistics() {
            let means: Vec<f64> = line
                .counts
                .iter()
                .map(|name| self.ruleset_counts.of(name))
                .collect();
            if means.iter().any(|mean| *mean > 0.0) {
                let _ = writeln!(out, "{}", line.written(&means));
            }
        }
        let _ = writeln!(out, "\ntiles (placed; drawn when they fit nowhere):");
        // The id column is as wide as the longest id (at least 12), so that the numbers of
        // a fan expansion's long ids stay in their columns.
        let id_width = self
            .tiles
            .iter()
            .map(|t| t.id.chars().count())
            .max()
            .unwrap_or(0)
            .max(12);
        for tile in &self.tiles {
            let _ = writeln!(
                out,
                "  {:<id_width$} {:>7} {:>5}",
                tile.id, tile.placed, tile.fit_nowhere
            );
        }
        out
    }
}
