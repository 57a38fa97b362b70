//! The k-th legal placement of a tile without listing and sorting them all: the random
//! simulator draws one placement a move, and a weighted quickselect over the positions where
//! the tile fits (a position weighs its fitting rotations) finds it in expected linear time.
//! Apart from the scan ([`super`]) because it is a selection algorithm with its own bounds and
//! fallbacks, which the scan's readers never see.

use super::{FittingPosition, LegalPlacements};
use crate::model::{Pos, Rotation};

impl LegalPlacements {
    /// The placement at index `k` of the sorted list (`sorted().nth(k)`), without sorting: a
    /// quickselect on the position key in which a position weighs as many placements as it has
    /// fitting rotations. Each round splits the positions around a pivot and counts the
    /// placements before it on the way: the `k`-th placement is one of the pivot's rotations,
    /// or the search goes on in the part before or after it. Expected linear in the number of
    /// positions (a move's few dozen); a run of bad pivots hands over to [`select_weighted`],
    /// which sorts, so a move is O(n log n) at worst. Leaves the positions in some other order.
    ///
    /// # Panics
    /// When `k` is not below [`LegalPlacements::len`].
    pub fn kth(&mut self, k: usize) -> (Pos, Rotation) {
        assert!(k < self.count, "placement {k} of {}", self.count);
        if self.width == 0 {
            return select_kth(&mut self.fitting[..self.positions], self.count, k);
        }
        // The order is by column first: the counts find the k-th's column, and only that
        // column's positions (a few on a base board) are selected among.
        let (mut k, mut column) = (k, self.first_column);
        for &placements in &self.columns[..self.width] {
            if k < placements as usize {
                break;
            }
            k -= placements as usize;
            column += 1;
        }
        let fitting = &mut self.fitting[..self.positions];
        let (mut in_column, mut weight) = (0, 0);
        for index in 0..fitting.len() {
            if (fitting[index].key >> 32) as u32 == column {
                weight += usize::from(fitting[index].placements);
                fitting.swap(in_column, index);
                in_column += 1;
            }
        }
        select_kth(&mut fitting[..in_column], weight, k)
    }
}

/// The most positions [`select_kth`] counts off directly ([`select_among_few`]) rather than
/// selects among.
const SORTED_UP_TO: usize = 8;

/// The placement at index `k` of the sorted placements of `positions`, which hold `weight`
/// placements in all: the weighted quickselect of [`LegalPlacements::kth`].
fn select_kth(positions: &mut [FittingPosition], weight: usize, k: usize) -> (Pos, Rotation) {
    debug_assert!(k < weight);
    // A few positions (the usual case within a column of a base board: one to three) are
    // counted off instead, which costs less than a round of the selection.
    if positions.len() <= SORTED_UP_TO {
        return select_among_few(positions, k);
    }
    let (mut rest, mut weight, mut k) = (positions, weight, k);
    // Twice the rounds of halving it would take, and a few more: only bad luck, or an
    // order made to defeat the sampled pivots, runs out of them.
    let mut rounds = 2 * usize::BITS.saturating_sub(rest.len().leading_zeros()) + 4;
    loop {
        if rounds == 0 {
            return select_weighted(rest, k);
        }
        rounds -= 1;
        // The pivot: of the first, middle and last entries, the one whose rank among the
        // three is nearest the rank the k-th placement has among all (rest's positions
        // lie in no order, so three entries are a sample of them); it is parked at the end
        // while the smaller keys (keys are distinct: one a position) are moved to the
        // front, counting their placements.
        let last = rest.len() - 1;
        let [mut low, mut middle, mut high] = [0, last / 2, last];
        if rest[low].key > rest[middle].key {
            std::mem::swap(&mut low, &mut middle);
        }
        if rest[middle].key > rest[high].key {
            std::mem::swap(&mut middle, &mut high);
            if rest[low].key > rest[middle].key {
                std::mem::swap(&mut low, &mut middle);
            }
        }
        rest.swap([low, middle, high][(3 * k / weight).min(2)], last);
        let pivot = rest[last].key;
        let (mut smaller, mut placements_before) = (0, 0);
        for index in 0..last {
            if rest[index].key < pivot {
                placements_before += usize::from(rest[index].placements);
                rest.swap(smaller, index);
                smaller += 1;
            }
        }
        rest.swap(smaller, last);
        let here = usize::from(rest[smaller].placements);
        if k < placements_before {
            (rest, weight) = (&mut rest[..smaller], placements_before);
        } else if k < placements_before + here {
            return rest[smaller].nth_placement(k - placements_before);
        } else {
            k -= placements_before + here;
            weight -= placements_before + here;
            rest = &mut rest[smaller + 1..];
        }
    }
}

/// The placement at index `k` of the sorted placements of a few `positions` (up to
/// [`SORTED_UP_TO`]), without moving them: a position holds the k-th placement when the
/// placements of the positions before it (of smaller keys) number at most `k`, and with its own
/// more than `k`. Quadratic in the positions, so for a handful only, where it needs neither the
/// sort's moves nor its calls.
fn select_among_few(positions: &[FittingPosition], k: usize) -> (Pos, Rotation) {
    for position in positions {
        let before: usize = positions
            .iter()
            .filter(|other| other.key < position.key)
            .map(|other| usize::from(other.placements))
            .sum();
        if let Some(nth) = k.checked_sub(before)
            && nth < usize::from(position.placements)
        {
            return position.nth_placement(nth);
        }
    }
    unreachable!("k is below the placements' count (checked by LegalPlacements::kth)")
}

/// The placement at index `k` of the sorted placements of `positions`: the positions sorted by
/// key, then their rotations counted off until the `k`-th. O(n log n) whatever the order or the
/// weights, which an interpolated selection is not (a guess that misses by one position a
/// round makes it quadratic), so it is the bound behind [`LegalPlacements::kth`].
fn select_weighted(positions: &mut [FittingPosition], k: usize) -> (Pos, Rotation) {
    positions.sort_unstable_by_key(|p| p.key);
    let mut k = k;
    for position in positions.iter() {
        let here = usize::from(position.placements);
        if k < here {
            return position.nth_placement(k);
        }
        k -= here;
    }
    unreachable!("k is below the placements' count (checked by LegalPlacements::kth)")
}
#[cfg(test)]
mod tests {
    use super::super::position_key;
    use super::*;

    /// `LegalPlacements::kth` finds the placement the sorted list holds at `k`, for lists of
    /// board shape (a few columns around the origin, negative ones included), spread far, or
    /// with positions of one rotation or all four.
    #[test]
    fn the_kth_legal_placement_is_that_of_the_sorted_list() {
        let mut state = 11u64;
        let mut below = |bound: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) as usize) % bound
        };
        for round in 0..2_000 {
            let spread = if round % 4 == 0 { 1_000 } else { 12 };
            let mut scan = LegalPlacements::default();
            for _ in 0..1 + below(60) {
                let x = below(2 * spread) as i32 - spread as i32;
                let y = below(2 * spread) as i32 - spread as i32;
                let key = position_key(Pos::new(x, y));
                if scan.fitting.iter().any(|other| other.key == key) {
                    continue;
                }
                let rotations = match round % 3 {
                    0 => 1 << below(4),
                    1 => 0b1111,
                    _ => 1 + below(15) as u8,
                };
                scan.fitting.push(FittingPosition::new(key, rotations));
                scan.positions += 1;
                scan.count += rotations.count_ones() as usize;
            }
            let mut by_sort = scan.clone();
            let sorted: Vec<(Pos, Rotation)> = by_sort.sorted().collect();
            assert_eq!(sorted.len(), scan.len());
            assert!(sorted.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
            for (k, placement) in sorted.iter().enumerate() {
                assert_eq!(scan.kth(k), *placement, "round {round}, k {k}");
                // The fallback after a run of bad pivots, on its own.
                assert_eq!(
                    select_weighted(&mut scan.fitting, k),
                    *placement,
                    "round {round}, k {k}"
                );
                if scan.fitting.len() <= SORTED_UP_TO {
                    assert_eq!(
                        select_among_few(&scan.fitting, k),
                        *placement,
                        "round {round}, k {k}"
                    );
                }
            }
        }
    }
}
