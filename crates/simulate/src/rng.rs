//! The simulator's random numbers: a small, fast, deterministic generator, and each game's
//! own seed from the run's, so that a game is the same whatever the threads.

/// A small, fast, deterministic generator (SplitMix64).
#[derive(Debug, Clone)]
pub struct Rng(u64);

// Its steps are `#[inline]`: the game loop and the policies draw at every move, from other
// modules, so other codegen units (the policies' methods, policy.rs, say what it costs).
impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (0 when `bound` is 0).
    #[inline]
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            0
        } else {
            (self.next_u64() % bound as u64) as usize
        }
    }

    /// A number in [0, 1).
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The generator of game `index` of a run with `seed`: each game's own, whatever the threads.
pub fn game_rng(seed: u64, index: usize) -> Rng {
    Rng::new(seed ^ (index as u64).wrapping_mul(0xA076_1D64_78BD_642F))
}
