//! A union-find over dense node ids that can be emptied and reused.
//!
//! It takes the same decisions as `petgraph::unionfind::UnionFind` (union by rank, the first
//! argument's root winning a tie, path halving on `find_mut`), so the root of every feature —
//! and with it the order in which features are listed and scored — is what it was with petgraph.
//! It exists for [`UnionFind::clear`]: an engine reused for the next game keeps its capacity.

/// One element: its parent and its rank side by side, so that adding elements is one table
/// to extend and a union reads and writes one entry of each root.
#[derive(Debug, Clone, Copy)]
struct Entry {
    parent: u32,
    rank: u32,
}

#[derive(Debug, Clone, Default)]
pub struct UnionFind {
    entries: Vec<Entry>,
}

impl UnionFind {
    /// Empties the structure and keeps its capacity.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Adds a set of one element and returns it (the next dense id).
    #[cfg(test)]
    pub fn new_set(&mut self) -> u32 {
        let id = self.entries.len() as u32;
        self.entries.push(Entry {
            parent: id,
            rank: 0,
        });
        id
    }

    /// Adds `count` sets of one element each, with the next dense ids.
    pub fn add_sets(&mut self, count: usize) {
        let first = self.entries.len() as u32;
        self.entries
            .extend((first..first + count as u32).map(|parent| Entry { parent, rank: 0 }));
    }

    /// Whether `x` represents its set: one read, where [`UnionFind::find`] of `x` compared with
    /// `x` would walk the path of every other element.
    pub fn is_root(&self, x: u32) -> bool {
        self.entries[x as usize].parent == x
    }

    /// The representative of `x`'s set, without changing anything.
    pub fn find(&self, mut x: u32) -> u32 {
        loop {
            let parent = self.entries[x as usize].parent;
            if parent == x {
                return x;
            }
            x = parent;
        }
    }

    /// The representative of `x`'s set; halves the path on the way.
    pub fn find_mut(&mut self, mut x: u32) -> u32 {
        let mut parent = self.entries[x as usize].parent;
        while parent != x {
            let grandparent = self.entries[parent as usize].parent;
            self.entries[x as usize].parent = grandparent;
            x = parent;
            parent = grandparent;
        }
        x
    }

    /// Joins the sets of `x` and `y`; false when they were one set already.
    #[cfg(test)]
    pub fn union(&mut self, x: u32, y: u32) -> bool {
        let x = self.find_mut(x);
        let y = self.find_mut(y);
        if x == y {
            return false;
        }
        self.union_roots(x, y);
        true
    }

    /// Joins the sets whose roots are `x` and `y` (two different roots) and returns the root of
    /// the joined set. The engine finds both roots before it joins (it needs them to merge the
    /// features' data), so the roots are not looked for again here.
    pub fn union_roots(&mut self, x: u32, y: u32) -> u32 {
        debug_assert!(x != y && self.find(x) == x && self.find(y) == y);
        let (x_rank, y_rank) = (self.entries[x as usize].rank, self.entries[y as usize].rank);
        match x_rank.cmp(&y_rank) {
            std::cmp::Ordering::Less => {
                self.entries[x as usize].parent = y;
                y
            }
            std::cmp::Ordering::Greater => {
                self.entries[y as usize].parent = x;
                x
            }
            std::cmp::Ordering::Equal => {
                self.entries[y as usize].parent = x;
                self.entries[x as usize].rank += 1;
                x
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::UnionFind;

    #[test]
    fn joins_sets_and_keeps_capacity_when_cleared() {
        let mut sets = UnionFind::default();
        let ids: Vec<u32> = (0..6).map(|_| sets.new_set()).collect();
        assert_eq!(ids, [0, 1, 2, 3, 4, 5]);
        sets.add_sets(2);
        assert_eq!((sets.find(6), sets.find(7)), (6, 7));
        assert!(sets.union(0, 1));
        assert!(sets.union(2, 3));
        assert!(sets.union(1, 3));
        assert!(!sets.union(0, 2));
        assert_eq!(sets.find(3), sets.find_mut(0));
        assert_ne!(sets.find(4), sets.find(0));
        // Equal ranks: the first argument's root wins, as in petgraph.
        assert_eq!(sets.find(1), 0);
        let capacity = sets.entries.capacity();
        sets.clear();
        assert!(sets.entries.is_empty());
        assert_eq!(sets.entries.capacity(), capacity);
        assert_eq!(sets.new_set(), 0);
        sets.add_sets(3);
        assert_eq!(sets.new_set(), 4);
    }
}
