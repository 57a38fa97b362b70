//! JCloisterZone's tile pack and its draws (engine v6.2.8: `TilePack`, `TilePackBuilder`,
//! `ForcedDrawTilePack`, `RandomGenerator`, `RiverCapability.onStartGame`), so that the import
//! of a saved game can name the tile JCloisterZone drew after the last move: the tile its
//! assertions (`TilePlacement <tile> options`) are about.
//!
//! The pack holds the tiles of the game's sets, in groups (`default`; with a river
//! `river-fork`, `river`, `river-lake`; the spring leaves the pack) sorted by name, each
//! group's tiles sorted by id. A draw takes the next tile of the save's draw order
//! (`gameAnnotations.drawOrder`) while it has one, and else the tile at `floor(r × n)` of the
//! active groups' `n` tiles, `r` the random generator's number: the last one a message carried
//! (`COMMIT`'s `random`), or the game's `initialRandom`, stepped on by a linear congruential
//! generator at each use. A hill tile takes no tile out of the pack.

use std::collections::VecDeque;

use crate::engine::CompiledTile;
use crate::model::{Ruleset, TileKind};
use crate::rules::carcassonne::river;

/// JCloisterZone's `RandomGenerator`: a number in [0, 1) that each use steps on.
#[derive(Debug, Clone, Copy)]
pub struct RandomGenerator {
    random: f64,
}

impl RandomGenerator {
    const MODULUS_MASK: u64 = (1 << 48) - 1;
    const MULTIPLIER: u64 = 25_214_903_917;
    const INCREMENT: u64 = 11;

    pub fn new(random: f64) -> Self {
        RandomGenerator { random }
    }

    /// A message carried a new number.
    pub fn set(&mut self, random: f64) {
        self.random = random;
    }

    /// `floor(r × bound)`, then the next number: the low 48 bits of `r`'s IEEE 754 bits
    /// through `x → (a·x + c) mod 2^48`, over 2^48.
    pub fn next_index(&mut self, bound: usize) -> usize {
        let index = (self.random * bound as f64) as usize;
        let x = self.random.to_bits() & Self::MODULUS_MASK;
        let x = x
            .wrapping_mul(Self::MULTIPLIER)
            .wrapping_add(Self::INCREMENT)
            & Self::MODULUS_MASK;
        self.random = x as f64 / (Self::MODULUS_MASK + 1) as f64;
        index.min(bound.saturating_sub(1))
    }
}

/// A group of the pack.
#[derive(Debug, Clone)]
struct Group {
    name: &'static str,
    tiles: Vec<String>,
    active: bool,
    /// The group activated when this one is empty.
    successor: Option<&'static str>,
}

/// JCloisterZone's pack, as the moves of a saved game leave it.
#[derive(Debug, Clone)]
pub struct TilePack {
    groups: Vec<Group>,
    draw_order: VecDeque<String>,
    /// `None` until a number is known (a save without `initialRandom`).
    random: Option<RandomGenerator>,
}

/// What JCloisterZone draws next.
#[derive(Debug, Clone, PartialEq)]
pub enum Drawn {
    Tile(String),
    /// The pack is empty: the game is over.
    Empty,
    /// A random draw, and the save gives no random number to draw with.
    Unknown,
}

/// What goes into a pack: each tile's id, copies and compiled form.
pub struct PackTile<'t> {
    pub id: &'t str,
    pub copies: u32,
    pub compiled: &'t CompiledTile,
}

fn group_of(tile: &CompiledTile) -> &'static str {
    if !river::is_river_tile(tile) {
        return "default";
    }
    if tile.kind == TileKind::Start {
        return "river-spring";
    }
    match river::draw_group(tile) {
        river::FORK => "river-fork",
        river::LAKE => "river-lake",
        _ => "river",
    }
}

impl TilePack {
    /// The pack of `tiles` at the start of the game: the start tiles `started` out of it, the
    /// river's groups set up as `RiverCapability.onStartGame` does.
    pub fn new(
        tiles: &[PackTile<'_>],
        started: &[String],
        draw_order: Vec<String>,
        initial_random: Option<f64>,
    ) -> TilePack {
        let mut groups: Vec<Group> = Vec::new();
        for tile in tiles {
            let name = group_of(tile.compiled);
            let group = match groups.iter_mut().find(|g| g.name == name) {
                Some(group) => group,
                None => {
                    groups.push(Group {
                        name,
                        tiles: Vec::new(),
                        active: true,
                        successor: None,
                    });
                    groups.last_mut().unwrap()
                }
            };
            group.tiles.extend(std::iter::repeat_n(
                tile.id.to_string(),
                tile.copies as usize,
            ));
        }
        groups.sort_by_key(|g| g.name);
        for group in &mut groups {
            group.tiles.sort();
        }
        let mut pack = TilePack {
            groups,
            draw_order: draw_order.into(),
            random: initial_random.map(RandomGenerator::new),
        };
        for id in started {
            pack.take(id);
        }
        if pack.group("river").is_some() || pack.group("river-fork").is_some() {
            pack.start_river(tiles);
        }
        pack
    }

    fn group(&mut self, name: &str) -> Option<&mut Group> {
        self.groups.iter_mut().find(|g| g.name == name)
    }

    /// `RiverCapability.onStartGame`: the land waits for the river and the lakes for the
    /// river's tiles; with a fork, the fork comes first, and the lakes are as many as the
    /// river's ends (copies of a lake drawn at random added, or lakes taken out at random,
    /// never the volcano lake).
    fn start_river(&mut self, tiles: &[PackTile<'_>]) {
        for (name, active, successor) in [
            ("default", false, None),
            ("river-lake", false, Some("default")),
            ("river", true, Some("river-lake")),
        ] {
            if let Some(group) = self.group(name) {
                group.active = active;
                if successor.is_some() {
                    group.successor = successor;
                }
            }
        }
        if let Some(forks) = self.group("river-fork").map(|g| g.tiles.clone()) {
            if let Some(group) = self.group("river-fork") {
                group.successor = Some("river");
            }
            if let Some(group) = self.group("river") {
                group.active = false;
            }
            let arms = |id: &str| {
                tiles
                    .iter()
                    .find(|t| t.id == id)
                    .map_or(0, |t| river::river_sides(t.compiled))
            };
            let branches =
                forks.iter().map(|id| arms(id)).sum::<usize>() as i64 - 2 * forks.len() as i64 + 1;
            let lakes = self
                .group("river-lake")
                .map_or(Vec::new(), |g| g.tiles.clone());
            let ends = lakes.len() as i64;
            if branches != ends && !lakes.is_empty() {
                let adjusted = if branches > ends {
                    let mut more = lakes.clone();
                    for _ in 0..branches - ends {
                        let index = self.next_index(lakes.len());
                        more.push(lakes[index].clone());
                    }
                    more
                } else {
                    let mut pool: Vec<usize> = (0..lakes.len())
                        .filter(|i| lakes[*i] != VOLCANO_LAKE)
                        .collect();
                    let mut removed = Vec::new();
                    for _ in 0..(ends - branches).min(pool.len() as i64) {
                        let index = self.next_index(pool.len());
                        removed.push(pool.remove(index));
                    }
                    lakes
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| !removed.contains(i))
                        .map(|(_, id)| id.clone())
                        .collect()
                };
                if let Some(group) = self.group("river-lake") {
                    group.tiles = adjusted;
                }
            }
        }
        // The unused springs leave the pack.
        self.groups.retain(|g| g.name != "river-spring");
    }

    /// A message carried the random number `random`.
    pub fn set_random(&mut self, random: f64) {
        match self.random.as_mut() {
            Some(generator) => generator.set(random),
            None => self.random = Some(RandomGenerator::new(random)),
        }
    }

    /// An index below `bound` from the generator (0 while no number is known: the draws that
    /// follow are [`Drawn::Unknown`]).
    fn next_index(&mut self, bound: usize) -> usize {
        self.random.as_mut().map_or(0, |g| g.next_index(bound))
    }

    /// The number of tiles of the active groups.
    fn active_size(&self) -> usize {
        self.groups
            .iter()
            .filter(|g| g.active)
            .map(|g| g.tiles.len())
            .sum()
    }

    /// The tile JCloisterZone draws now: the next of the draw order, or a random one of the
    /// active groups.
    pub fn draw(&mut self) -> Drawn {
        if let Some(id) = self.draw_order.pop_front() {
            self.take(&id);
            return Drawn::Tile(id);
        }
        let size = self.active_size();
        if size == 0 {
            return Drawn::Empty;
        }
        if self.random.is_none() {
            return Drawn::Unknown;
        }
        let mut index = self.next_index(size);
        for at in 0..self.groups.len() {
            let group = &mut self.groups[at];
            if !group.active {
                continue;
            }
            if index < group.tiles.len() {
                let id = group.tiles.remove(index);
                self.emptied(at);
                return Drawn::Tile(id);
            }
            index -= group.tiles.len();
        }
        Drawn::Empty
    }

    /// The save's move placed `id`: the draw that gave it is done (the draw order's next, or a
    /// random number used), and the tile leaves the pack.
    pub fn drawn(&mut self, id: &str) {
        if self.draw_order.pop_front().is_none() {
            let size = self.active_size();
            self.next_index(size);
        }
        self.take(id);
    }

    /// Takes the tile `id` out of the pack, from an active group where one has it; whether
    /// the pack had it.
    fn take(&mut self, id: &str) -> bool {
        let position = |active: bool| {
            self.groups.iter().enumerate().find_map(|(at, g)| {
                (g.active == active)
                    .then(|| g.tiles.iter().position(|t| t == id).map(|i| (at, i)))
                    .flatten()
            })
        };
        let Some((at, index)) = position(true).or_else(|| position(false)) else {
            return false;
        };
        self.groups[at].tiles.remove(index);
        self.emptied(at);
        true
    }

    /// A group left empty leaves the pack, and its successor becomes active.
    fn emptied(&mut self, at: usize) {
        if !self.groups[at].tiles.is_empty() {
            return;
        }
        let group = self.groups.remove(at);
        if let Some(next) = group.successor.and_then(|name| self.group(name)) {
            next.active = true;
        }
    }

    /// A tile was placed, `placed` tiles on the board now: once the first river tile lies
    /// beside the spring, the river's tiles come (`RiverCapability.onTilePlaced`).
    pub fn placed(&mut self, placed: usize) {
        if placed > 1
            && let Some(group) = self.group("river")
        {
            group.active = true;
        }
    }
}

/// The volcano lake, which the lakes' adjustment never takes out.
const VOLCANO_LAKE: &str = "RI.2/I.v";

/// The pack of the shipped sets `sets` (name and multiplier).
pub fn shipped_pack_tiles(sets: &[(String, u32)]) -> Vec<(String, u32, CompiledTile)> {
    sets.iter()
        .filter_map(|(name, times)| Some((crate::shipped::tiles(name)?, *times)))
        .filter_map(|(text, times)| {
            let set = crate::lower::tiles::lower(&crate::syntax::tiles::parse(text).0).set?;
            Some((set, times))
        })
        .flat_map(|(set, times)| {
            set.tiles.into_iter().map(move |tile| {
                let compiled = CompiledTile::compile(&tile, Ruleset::Carcassonne);
                (tile.id.clone(), tile.count * times, compiled)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// JCloisterZone's generator: the index is `floor(r × bound)`, and the next number comes
    /// from the low 48 bits of `r` (worked out by hand from `RandomGenerator.getNextInt`).
    #[test]
    fn the_generator_steps_as_jcloisterzones() {
        let mut random = RandomGenerator::new(0.5);
        assert_eq!(random.next_index(10), 5);
        // 0.5 is 0x3FE0000000000000: its low 48 bits are 0, so the next is 11 / 2^48.
        assert_eq!(random.random, 11.0 / (1u64 << 48) as f64);
        assert_eq!(random.next_index(10), 0);
    }
}
