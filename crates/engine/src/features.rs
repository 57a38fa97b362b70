//! The feature graph: every feature of every placed tile is a node, joined with the features
//! it meets in a union-find whose roots carry the whole feature's data ([`Component`]: open
//! ends, contents, figures, tokens), merged at each union; a feature's segments are threaded on
//! a circular list that a union splices. The reads the rules score from live here too (roots,
//! segments, tile counts, lakes and cities). Apart from the placement because they are the
//! graph's own operations, whoever joins the nodes.

use crate::catalog::{self, CONTENT_KINDS, content_index};
use crate::model::FeatureKind;
use crate::{Engine, FigureId, NodeId, NodeLinks, PlacementId};

/// A whole feature: the data of a union-find root. Its segments (and through them its tiles,
/// lakes and cities) are listed by [`Engine::segments_of`], [`Engine::tile_count`],
/// [`Engine::lakes_of`] and [`Engine::cities_touched`]. The two vectors stay empty, and so
/// unallocated, until a figure or token is put on the feature.
#[derive(Debug, Clone, Default)]
pub struct Component {
    pub kind: Option<FeatureKind>,
    /// Side slots not yet facing a neighbour. Zero means the feature is closed.
    pub open_ends: u32,
    pub contents: [u32; CONTENT_KINDS],
    /// Figures standing on the feature.
    pub figures: Vec<FigureId>,
    /// Placed tile features (nodes) joined in this feature: its segments.
    pub segments: u32,
    /// Tokens lying on the feature (the sheep of a Hills & Sheep flock), by value.
    pub tokens: Vec<u32>,
}

impl Component {
    pub fn count(&self, content: crate::model::ContentKind) -> u32 {
        self.contents[content_index(content)]
    }

    /// Takes in the data of `other`, whose feature stops being a root. The figures and tokens
    /// of the feature with more segments come first, as they did when each feature kept a list
    /// of its tiles and the longer list stayed in place (the order of returned figures shows in
    /// reports). Only the two lists move (swapped when `other`'s come first, then the other's
    /// appended, which costs a length test when it is empty, as most are); the counts are
    /// added in place, so a union copies no whole record. The counts left in `other` are not
    /// cleared: only a root's record is ever read (every reader finds the root first), so
    /// clearing them would be stores for nothing at every union.
    // Inlined into `Engine::union`, at every join of a placement: left to the compiler it
    // became a call once the engine's modules were split (docs/performance.md).
    #[inline]
    fn absorb(&mut self, other: &mut Component) {
        if other.segments > self.segments {
            std::mem::swap(&mut self.figures, &mut other.figures);
            std::mem::swap(&mut self.tokens, &mut other.tokens);
            self.kind = other.kind;
        }
        // Onto an empty list (usually one that never held anything, so unallocated) the other
        // list is moved whole rather than copied into a new allocation.
        if !other.figures.is_empty() {
            if self.figures.is_empty() {
                std::mem::swap(&mut self.figures, &mut other.figures);
            } else {
                self.figures.append(&mut other.figures);
            }
        }
        if !other.tokens.is_empty() {
            if self.tokens.is_empty() {
                std::mem::swap(&mut self.tokens, &mut other.tokens);
            } else {
                self.tokens.append(&mut other.tokens);
            }
        }
        self.open_ends += other.open_ends;
        for (mine, theirs) in self.contents.iter_mut().zip(&other.contents) {
            *mine += *theirs;
        }
        self.segments += other.segments;
    }
}

/// Mutable references to two different elements of `items`.
// Inlined into `Engine::union`, as `Component::absorb` is.
#[inline]
fn two_mut<T>(items: &mut [T], a: usize, b: usize) -> (&mut T, &mut T) {
    assert_ne!(a, b, "two different elements");
    if a < b {
        let (low, high) = items.split_at_mut(b);
        (&mut low[a], &mut high[0])
    } else {
        let (low, high) = items.split_at_mut(a);
        (&mut high[0], &mut low[b])
    }
}

impl Engine {
    /// Joins the features of `a` and `b`; returns the root of the joined feature.
    pub(crate) fn union(&mut self, a: NodeId, b: NodeId) -> NodeId {
        let root_a = self.features.find_mut(a);
        let root_b = self.features.find_mut(b);
        if root_a == root_b {
            return root_a;
        }
        let root = self.features.union_roots(root_a, root_b);
        let other = if root == root_a { root_b } else { root_a };
        // Splicing two circular lists: swapping one successor of each makes one circle.
        let (next_a, next_b) = (
            self.nodes[root_a as usize].next_segment,
            self.nodes[root_b as usize].next_segment,
        );
        self.nodes[root_a as usize].next_segment = next_b;
        self.nodes[root_b as usize].next_segment = next_a;
        let (kept, absorbed) = two_mut(&mut self.components, root as usize, other as usize);
        kept.absorb(absorbed);
        if matches!(
            self.components[root as usize].kind,
            Some(FeatureKind::River)
        ) {
            self.union_systems(a, b);
        }
        root
    }

    /// The root of the feature that `node` belongs to.
    // The rules' reads of a feature (`root`, `component`) are called from the crates above at
    // every scoring and deployment: inlined there, as they were when the engine was a module
    // of theirs (docs/performance.md).
    #[inline]
    pub fn root(&mut self, node: NodeId) -> NodeId {
        self.features.find_mut(node)
    }

    /// The root of the feature of `node`, without compressing paths (for a shared borrow).
    pub fn clone_root(&self, node: NodeId) -> NodeId {
        self.features.find(node)
    }

    #[inline]
    pub fn component(&mut self, node: NodeId) -> &Component {
        let root = self.features.find_mut(node);
        &self.components[root as usize]
    }

    /// Every segment (placed tile feature) of the feature of `node`, once each, starting with
    /// `node`. Walks the feature: O(its size).
    pub fn segments_of(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let mut next = Some(node);
        std::iter::from_fn(move || {
            let current = next?;
            let following = self.nodes[current as usize].next_segment;
            next = (following != node).then_some(following);
            Some(current)
        })
    }

    /// The number of distinct tiles the feature of `node` lies on (a tile may hold two of its
    /// segments, joined through the board). Walks the feature: O(its size); nothing allocates.
    pub fn tile_count(&self, node: NodeId) -> usize {
        let root = self.features.find(node);
        // A tile is counted at its first feature (in tile order) that lies in this feature.
        self.segments_of(node)
            .filter(|&segment| {
                let NodeLinks {
                    placement, index, ..
                } = self.nodes[segment as usize];
                let first = self.placements[placement as usize].first_node;
                (0..NodeId::from(index)).all(|earlier| self.features.find(first + earlier) != root)
            })
            .count()
    }

    /// [`Engine::tile_count`] of every feature at once, by node: the entry of a root is the
    /// number of distinct tiles its feature lies on (the entries of other nodes are 0). One
    /// pass over the nodes, each found once, where a walk of each feature finds the earlier
    /// features of each segment's tile again: for the statistics of every feature at the end
    /// of a game. A tile's nodes are consecutive, so a root counts a tile when the last tile
    /// it was seen on (`seen_on`) is another. The finds halve the paths they walk, as every
    /// node is found: the later ones walk the shorter paths.
    pub fn tile_counts(&mut self) -> Vec<u32> {
        let mut counts = vec![0; self.nodes.len()];
        let mut seen_on = vec![PlacementId::MAX; self.nodes.len()];
        for (node, links) in self.nodes.iter().enumerate() {
            let root = self.features.find_mut(node as NodeId) as usize;
            if seen_on[root] != links.placement {
                seen_on[root] = links.placement;
                counts[root] += 1;
            }
        }
        counts
    }

    /// The lake nodes at the ends of the river of `node`, with repeats when two segments flow
    /// into one lake.
    pub fn lakes_of(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.related(node, |feature| &feature.lakes)
    }

    /// The city nodes the field of `node` touches, with repeats (map them to their roots to
    /// count cities).
    pub fn cities_touched(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.related(node, |feature| &feature.cities)
    }

    /// The nodes that `related` names (as feature indexes on the same tile) for each segment of
    /// the feature of `node`.
    fn related<'a>(
        &'a self,
        node: NodeId,
        related: impl Fn(&'a catalog::CompiledFeature) -> &'a Vec<usize> + 'a,
    ) -> impl Iterator<Item = NodeId> + 'a {
        self.segments_of(node).flat_map(move |segment| {
            let NodeLinks {
                placement, index, ..
            } = self.nodes[segment as usize];
            let first = self.placements[placement as usize].first_node;
            related(&self.tile_of(placement).features[usize::from(index)])
                .iter()
                .map(move |other| first + *other as NodeId)
        })
    }

    /// The roots of every feature on the board, each once, in board order: the nodes that are
    /// their own root (no list of every node's root to sort and deduplicate). A node is a root
    /// when it is its own parent, which one read tells (no find, so no path is walked).
    pub fn feature_roots(&self) -> Vec<NodeId> {
        // Made at the size of every node (a few kilobytes at most for a base game): a list
        // grown root by root reallocates several times a game.
        let mut roots = Vec::with_capacity(self.nodes.len());
        roots.extend((0..self.nodes.len() as NodeId).filter(|n| self.features.is_root(*n)));
        roots
    }

    /// Where a node lies: its placement and feature index.
    pub fn origin(&self, node: NodeId) -> (PlacementId, usize) {
        let NodeLinks {
            placement,
            index: feature,
            ..
        } = self.nodes[node as usize];
        (placement, feature as usize)
    }

    pub fn feature_kind(&self, node: NodeId) -> FeatureKind {
        self.nodes[node as usize].kind
    }
}
