//! Laying a tile: the position filled and its empty neighbours opened or narrowed, one node of
//! the feature graph for each feature of the tile, and the joins with the features the tile
//! faces; and the preview of what a placement would join, without laying it. Apart from the
//! feature graph ([`crate::features`]) because this is where the board meets the graph: the
//! sides' slot entries are read here and turned into unions there.

use std::sync::Arc;

use crate::board::Cell;
use crate::catalog::{self, CompiledTile, SideEntry, content_index};
use crate::features::Component;
use crate::legal::{OpenPosition, position_key};
use crate::model::{FeatureKind, Pos, Rotation, Side};
use crate::{Engine, NodeId, NodeLinks, Placement, PlacementId, opposite};

/// What one feature of a tile would become if the tile were placed (see [`Engine::preview`]).
#[derive(Debug, Clone)]
pub struct Preview {
    pub kind: FeatureKind,
    /// Roots of the placed features it would join.
    pub joins: Vec<NodeId>,
    /// Open ends of the joined feature; 0 means the placement completes it. (Features of the
    /// tile that join each other through the board are counted apart, so this is exact for
    /// the common case and an estimate otherwise.)
    pub open_ends: i64,
}

impl Engine {
    /// What placing `tile` turned by `rotation` at the position whose [`Engine::neighbours`]
    /// are `neighbours` would join, without placing it: for each feature of the tile, the
    /// roots of the features it would join and how many open ends the joined feature would
    /// keep.
    ///
    /// Written into `previews`, a feature's entry each, whose lists of roots are reused from
    /// call to call: the greedy policy previews every placement of every tile it draws, and
    /// the search plays thousands of its games a decision, so that allocating them anew was a
    /// fifth of its time.
    pub fn preview(
        &mut self,
        tile: usize,
        rotation: Rotation,
        neighbours: [Option<PlacementId>; 4],
        previews: &mut Vec<Preview>,
    ) {
        // The catalog held apart from the engine, so that the partners are read from it while
        // the union-find is searched (no list of them made).
        let catalog = Arc::clone(&self.catalog);
        let features = &catalog[tile].features;
        previews.truncate(features.len());
        for (preview, feature) in previews.iter_mut().zip(features) {
            preview.kind = feature.kind;
            preview.joins.clear();
            preview.open_ends = i64::from(feature.open_ends);
        }
        let reused = previews.len();
        previews.extend(features[reused..].iter().map(|f| Preview {
            kind: f.kind,
            joins: Vec::new(),
            open_ends: i64::from(f.open_ends),
        }));
        for side in Side::ALL {
            let Some(neighbour) = neighbours[side.index()] else {
                continue;
            };
            let theirs = self.placements[neighbour as usize];
            let my_slots = &catalog[tile].sides[rotation.to_tile(side).index()];
            let their_slots =
                &catalog[theirs.tile].sides[theirs.rotation.to_tile(opposite(side)).index()];
            let their_features = &catalog[theirs.tile].features;
            if catalog[theirs.tile].closes(theirs.rotation, opposite(side)) {
                // Each end of the tile on a closed side closes, joining nothing.
                for &(_, feature) in my_slots {
                    previews[feature].open_ends -= 1;
                }
                continue;
            }
            for &(slot, feature) in my_slots {
                let kind = features[feature].kind;
                let mut partners = their_slots
                    .iter()
                    .filter(|(s, f)| *s == slot.facing() && their_features[*f].kind == kind)
                    .map(|(_, f)| *f)
                    .peekable();
                if partners.peek().is_none() {
                    continue;
                }
                // This end closes, and so does each partner's end on the other side.
                let preview = &mut previews[feature];
                preview.open_ends -= 1;
                for partner in partners {
                    let root = self
                        .features
                        .find_mut(theirs.first_node + partner as NodeId);
                    if !preview.joins.contains(&root) {
                        preview.joins.push(root);
                        preview.open_ends += i64::from(self.components[root as usize].open_ends);
                    }
                    preview.open_ends -= 1;
                }
            }
        }
    }

    /// Marks `pos` as holding placement `id` (it stops being open) and opens or narrows its
    /// empty neighbours. Returns the placements on the four sides (N E S W), read on the way.
    fn fill(&mut self, id: PlacementId, pos: Pos) -> [Option<PlacementId>; 4] {
        // The one look-up of the placement: the position's block. The neighbours are then
        // reached by index from its cell (see `board`).
        let here = self.board.locate_or_insert(pos);
        if let Cell::Open(index) = self.board.replace(here, Cell::Placed(id)) {
            self.open.swap_remove(index as usize);
            if let Some(moved) = self.open.get(index as usize) {
                self.board.set(moved.at, Cell::Open(index));
            }
        }
        let Placement { tile, rotation, .. } = self.placements[id as usize];
        let mut neighbours = [None; 4];
        for side in Side::ALL {
            let next = self.board.neighbour_or_insert(here, side);
            let edge = self.edge(tile, rotation, side);
            let index = match self.board.get(next) {
                Cell::Placed(neighbour) => {
                    neighbours[side.index()] = Some(neighbour);
                    continue;
                }
                Cell::Open(index) => index,
                Cell::Empty => {
                    let index = self.open.len() as u32;
                    let key = position_key(pos.neighbour(side));
                    let column = (key >> 32) as u32;
                    self.open_columns.0 = self.open_columns.0.min(column);
                    self.open_columns.1 = self.open_columns.1.max(column);
                    self.open.push(OpenPosition {
                        key,
                        wanted: 0,
                        mask: 0,
                        at: next,
                    });
                    self.board.set(next, Cell::Open(index));
                    index
                }
            };
            self.open[index as usize].require(opposite(side), edge);
        }
        neighbours
    }

    /// Lays `tile` at `pos` (which must be free) and joins its features with the neighbours'.
    /// The caller checks legality first; a tile laid against the rules joins only the features
    /// that do face each other, so a replay can go on after an illegal move. Returns the roots
    /// of the features the tile is part of, completed or not, without repeats, in increasing
    /// order. [`Engine::place_into`] does the same without allocating the list.
    pub fn place(
        &mut self,
        tile: usize,
        pos: Pos,
        rotation: Rotation,
    ) -> (PlacementId, Vec<NodeId>) {
        let mut roots = Vec::new();
        let id = self.place_into(tile, pos, rotation, &mut roots);
        (id, roots)
    }

    /// [`Engine::place`], writing the roots into `roots` (emptied first) so that a caller that
    /// keeps one buffer from placement to placement allocates nothing.
    pub fn place_into(
        &mut self,
        tile: usize,
        pos: Pos,
        rotation: Rotation,
        roots: &mut Vec<NodeId>,
    ) -> PlacementId {
        let id = self.placements.len() as PlacementId;
        let first_node = self.nodes.len() as NodeId;
        self.placements.push(Placement {
            tile,
            pos,
            rotation,
            first_node,
        });
        let neighbours = self.fill(id, pos);

        let compiled = &self.catalog[tile];
        let feature_count = compiled.features.len();
        // One node per feature of the tile, in every per-node table. Each table is extended
        // from an iterator of known length (a range or a slice), which reserves once and writes
        // without a capacity check per element, instead of a push per node and table.
        self.features.add_sets(feature_count);
        self.nodes
            .extend(
                (0..feature_count as u16)
                    .zip(&compiled.features)
                    .map(|(index, feature)| NodeLinks {
                        placement: id,
                        index,
                        next_segment: first_node + NodeId::from(index),
                        kind: feature.kind,
                    }),
            );
        self.components
            .extend(compiled.features.iter().map(|feature| Component {
                kind: Some(feature.kind),
                open_ends: feature.open_ends,
                contents: feature.contents,
                figures: Vec::new(),
                segments: 1,
                tokens: Vec::new(),
            }));
        debug_assert_eq!(self.components.len(), first_node as usize + feature_count);
        // A river and the lakes it flows into form one river system. Only the nodes of tiles
        // with a river or a lake are given a system (see `systems`): a base game writes none.
        if compiled.has_river_system {
            self.cover_systems(first_node as usize + feature_count);
            for index in 0..feature_count {
                let feature = &self.catalog[tile].features[index];
                if matches!(feature.kind, FeatureKind::River | FeatureKind::Lake) {
                    self.systems[first_node as usize + index].fish =
                        feature.contents[content_index(crate::model::ContentKind::Fish)];
                }
                for nth in 0..self.catalog[tile].features[index].lakes.len() {
                    let lake = self.catalog[tile].features[index].lakes[nth];
                    self.union_systems(first_node + index as NodeId, first_node + lake as NodeId);
                }
            }
        }

        // The joins with the neighbours (see `join_facing`), made as the catalog's side entries
        // are read: the catalog is held apart from the engine meanwhile (a second handle on
        // the shared tiles), so that reading it and changing the features do not conflict.
        let catalog = Arc::clone(&self.catalog);
        for side in Side::ALL {
            if let Some(neighbour) = neighbours[side.index()] {
                self.join_facing(&catalog, id, side, neighbour);
            }
        }

        roots.clear();
        roots.extend((0..feature_count as NodeId).map(|i| self.features.find_mut(first_node + i)));
        roots.sort_unstable();
        roots.dedup();
        id
    }

    /// Does what laying placement `mine` beside `theirs` (on board side `side` of `mine`) does
    /// to the features: every pair of facing slot entries joins, and each entry with a partner
    /// closes one end of its feature — a city stretch facing two stretches still closes once.
    /// Each end is closed on the root the union that found its partner returns, so no close
    /// looks for a root again: an entry of `theirs` at its first union, an entry of `mine`
    /// after its last one (the root of its feature then). The closes once came after the
    /// joins; the order does not change the result, because a union adds the open ends of both
    /// sides and each entry closes at most once (an entry counts one end of its feature, so
    /// nothing goes below zero either way). The entries of `theirs` that found a partner are
    /// gathered in a bit mask; a side has a handful of entries, and one past the 64th is
    /// asked again. `catalog` is the engine's (see `place_into`).
    fn join_facing(
        &mut self,
        catalog: &[CompiledTile],
        mine: PlacementId,
        side: Side,
        theirs: PlacementId,
    ) {
        let a = self.placements[mine as usize];
        let b = self.placements[theirs as usize];
        let a_slots = &catalog[a.tile].side_entries[a.rotation.to_tile(side).index()];
        let b_slots = &catalog[b.tile].side_entries[b.rotation.to_tile(opposite(side)).index()];
        if catalog[a.tile].closes(a.rotation, side)
            || catalog[b.tile].closes(b.rotation, opposite(side))
        {
            // A closed side ends every feature that meets it, and joins none (it has no
            // entries of its own: no feature reaches it).
            let ends = a_slots
                .iter()
                .map(|entry| a.first_node + entry.feature)
                .chain(b_slots.iter().map(|entry| b.first_node + entry.feature));
            for node in ends {
                let root = self.features.find_mut(node);
                self.close_end_of_root(root);
            }
            return;
        }
        // Facing slots of features of the same kind (see `SideEntry`).
        let faces = |entry_a: &SideEntry, entry_b: &SideEntry| entry_a.facing == entry_b.key;
        let b_entry_of_key =
            &catalog[b.tile].entry_of_key[b.rotation.to_tile(opposite(side)).index()];
        let mut partnered_b: u64 = 0;
        for (i, entry_a) in a_slots.iter().enumerate() {
            let node_a = a.first_node + entry_a.feature;
            // The partner is found by its key when the facing side has one entry of that key
            // (the usual case): the same union as the comparison of every pair would make.
            let single = b_entry_of_key[usize::from(entry_a.facing)];
            if single == catalog::NO_ENTRY {
                continue;
            }
            if single != catalog::SEVERAL_ENTRIES {
                let j = usize::from(single);
                let root = self.union(node_a, b.first_node + b_slots[j].feature);
                if partnered_b & (1 << j) == 0 {
                    partnered_b |= 1 << j;
                    self.close_end_of_root(root);
                }
                self.close_end_of_root(root);
                continue;
            }
            let mut joined = None;
            for (j, entry_b) in b_slots.iter().enumerate() {
                if faces(entry_a, entry_b) {
                    let root = self.union(node_a, b.first_node + entry_b.feature);
                    joined = Some(root);
                    let first_partner = if j < 64 {
                        let first = partnered_b & (1 << j) == 0;
                        partnered_b |= 1 << j;
                        first
                    } else {
                        !a_slots[..i].iter().any(|earlier| faces(earlier, entry_b))
                    };
                    if first_partner {
                        self.close_end_of_root(root);
                    }
                }
            }
            if let Some(root) = joined {
                self.close_end_of_root(root);
            }
        }
    }

    /// Closes one open end of the feature rooted at `root`.
    fn close_end_of_root(&mut self, root: NodeId) {
        let component = &mut self.components[root as usize];
        component.open_ends = component.open_ends.saturating_sub(1);
    }
}
