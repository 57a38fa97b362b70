//! River systems: rivers joined through the lakes they flow into, a second union-find over the
//! feature graph's nodes, kept only for the nodes of tiles with a river or a lake (a base game
//! writes none), with the fish and the figures (huts) of each system. Apart from the feature
//! graph because only river rulesets read it and its tables are sparse.

use crate::model::FeatureKind;
use crate::{Engine, FigureId, NodeId};

/// A river system: rivers joined through the lakes they flow into.
#[derive(Debug, Clone, Default)]
pub struct RiverSystem {
    pub fish: u32,
    pub figures: Vec<FigureId>,
}

impl Engine {
    /// Gives every node below `nodes` its entry in the river-system tables (a system of its own,
    /// empty), if it has none yet.
    pub(crate) fn cover_systems(&mut self, nodes: usize) {
        let covered = self.systems.len();
        if covered < nodes {
            self.systems_uf.add_sets(nodes - covered);
            self.systems.resize_with(nodes, RiverSystem::default);
        }
    }

    pub(crate) fn union_systems(&mut self, a: NodeId, b: NodeId) {
        // Two river segments: each was given its system when its tile was placed.
        debug_assert!(
            (a.max(b) as usize) < self.systems.len(),
            "a river node without its system"
        );
        let root_a = self.systems_uf.find_mut(a);
        let root_b = self.systems_uf.find_mut(b);
        if root_a == root_b {
            return;
        }
        let root = self.systems_uf.union_roots(root_a, root_b);
        let other = if root == root_a { root_b } else { root_a };
        let absorbed = std::mem::take(&mut self.systems[other as usize]);
        let system = &mut self.systems[root as usize];
        system.fish += absorbed.fish;
        system.figures.extend(absorbed.figures);
    }

    pub fn system_root(&mut self, node: NodeId) -> NodeId {
        if node as usize >= self.systems.len() {
            // Past the river-system tables: a system of its own (see `systems`).
            return node;
        }
        self.systems_uf.find_mut(node)
    }

    pub fn system(&mut self, node: NodeId) -> &RiverSystem {
        /// The system of a node past the river-system tables (see `systems`).
        static NO_SYSTEM: RiverSystem = RiverSystem {
            fish: 0,
            figures: Vec::new(),
        };
        if node as usize >= self.systems.len() {
            return &NO_SYSTEM;
        }
        let root = self.systems_uf.find_mut(node);
        &self.systems[root as usize]
    }

    /// The roots of every river system on the board, each once.
    pub fn system_roots(&mut self) -> Vec<NodeId> {
        // Only rivers and lakes are joined into systems, so a system's root is one of its
        // nodes, and the nodes that are their own root are each system once, in order.
        (0..self.nodes.len() as NodeId)
            .filter(|n| {
                matches!(
                    self.feature_kind(*n),
                    FeatureKind::River | FeatureKind::Lake
                ) && self.systems_uf.find_mut(*n) == *n
            })
            .collect()
    }

    pub fn figures_on_system(&mut self, node: NodeId) -> Vec<FigureId> {
        self.system(node).figures.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FigureKind;
    use crate::tests::{base_catalog, lay_connected};

    /// A game without rivers or lakes writes no river-system entry, and its nodes answer as
    /// systems of their own, empty, until a figure is put on one's river system.
    #[test]
    fn river_systems_are_kept_for_the_nodes_of_river_tiles_only() {
        let catalog = base_catalog();
        assert!(catalog.iter().all(|tile| !tile.has_river_system));
        let mut engine = Engine::new(catalog);
        // As many tiles as a base game.
        lay_connected(&mut engine, 71);
        assert!(engine.systems.is_empty());
        let last = engine.nodes.len() as NodeId - 1;
        for node in [0, last / 2, last] {
            assert_eq!(engine.system_root(node), node);
            let system = engine.system(node);
            assert_eq!((system.fish, system.figures.len()), (0, 0));
        }
        assert!(engine.system_roots().is_empty());
        let figure = engine.deploy(1, FigureKind("hut"), last / 2, true, 0);
        assert_eq!(engine.systems.len(), last as usize / 2 + 1);
        assert_eq!(engine.figures_on_system(last / 2), [figure]);
        assert_eq!(engine.system_root(last), last);
        assert!(engine.figures_on_system(last).is_empty());
    }
}
