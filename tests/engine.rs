//! The engine (crates/engine) on the shipped tile sets: whole base games laid out, every
//! feature walked and compared, pieces put and moved on them, and every shipped tile's
//! compiled searches held to the lists they stand for. The engine's own tests
//! (crates/engine/src/) build their few tiles from the model; these need the tile files
//! loaded, which is a layer above the engine.

use carcspec::engine::catalog::{CompiledTile, NO_ENTRY, SEVERAL_ENTRIES, SideEntry};
use carcspec::engine::{Engine, FigureKind, LegalPlacements, NodeId, PlacementId, Pos, Rotation};
use carcspec::model::{FeatureKind, Ruleset, Side, TileKind};

/// The base set's catalog and the number of copies of each tile.
fn base_catalog() -> (Vec<CompiledTile>, Vec<u32>) {
    let set = carcspec::load::load("carcassonne-base")
        .expect("shipped set")
        .usable()
        .expect("clean set")
        .clone();
    let catalog = set
        .tiles
        .iter()
        .map(|tile| CompiledTile::compile(tile, Ruleset::Carcassonne))
        .collect();
    (catalog, set.tiles.iter().map(|tile| tile.count).collect())
}

/// Plays a game of every tile of the base set, each where it fits first in the legal list
/// after `skip` others (so different `skip`s give different boards); returns the moves.
fn play(engine: &mut Engine, counts: &[u32], skip: usize) -> Vec<(usize, Pos, Rotation)> {
    let start = engine
        .catalog
        .iter()
        .position(|t| t.kind == TileKind::Start)
        .expect("a start tile");
    engine.place(start, Pos::new(0, 0), Rotation(0));
    let mut moves = vec![(start, Pos::new(0, 0), Rotation(0))];
    for (tile, count) in counts.iter().enumerate() {
        let copies = if tile == start { count - 1 } else { *count };
        for copy in 0..copies as usize {
            let legal = engine.legal_placements(tile);
            // The k-th pick of the scan is the k-th of the list, for every k.
            let mut scan = LegalPlacements::default();
            engine.scan_legal_placements(tile, &mut scan);
            assert_eq!(scan.len(), legal.len());
            for (k, placement) in legal.iter().enumerate() {
                assert_eq!(scan.kth(k), *placement, "k {k}");
            }
            if legal.is_empty() {
                assert!(!engine.fits_somewhere(tile));
                continue;
            }
            assert!(engine.fits_somewhere(tile));
            let (pos, rotation) = legal[(skip * 7 + copy * 3 + tile) % legal.len()];
            assert_eq!(engine.check_placement(tile, pos, rotation), Ok(()));
            engine.place(tile, pos, rotation);
            moves.push((tile, pos, rotation));
        }
    }
    moves
}

/// Everything a rule reads of a feature, for every feature on the board.
fn features(engine: &mut Engine) -> Vec<(NodeId, u32, u32, usize, Vec<NodeId>)> {
    engine
        .feature_roots()
        .into_iter()
        .map(|root| {
            let component = engine.component(root).clone();
            let mut cities: Vec<NodeId> = engine.cities_touched(root).collect();
            cities.sort_unstable();
            (
                root,
                component.open_ends,
                component.segments,
                engine.tile_count(root),
                cities,
            )
        })
        .collect()
}

/// The edge letter on board side `side` of `tile` turned by `rotation`.
fn edge(engine: &Engine, tile: usize, rotation: Rotation, side: Side) -> u8 {
    engine.catalog[tile].edges[rotation.to_tile(side).index()]
}

fn opposite(side: Side) -> Side {
    Side::from_index(side.index() + 2)
}

/// The number of nodes of the feature graph: a node for each feature of each placed tile.
fn node_count(engine: &Engine) -> NodeId {
    let features = engine
        .placements
        .iter()
        .map(|p| engine.catalog[p.tile].features.len());
    features.sum::<usize>() as NodeId
}

#[test]
fn feature_lists_walk_every_segment_once() {
    let (catalog, counts) = base_catalog();
    let mut engine = Engine::new(catalog);
    let mut tiles_with_two_segments = 0;
    for skip in 0..8 {
        engine.clear();
        play(&mut engine, &counts, skip);
        let tile_counts = engine.tile_counts();
        let roots = engine.feature_roots();
        for node in 0..node_count(&engine) {
            if !roots.contains(&node) {
                assert_eq!(tile_counts[node as usize], 0, "not a root");
            }
        }
        for root in roots {
            let segments: Vec<NodeId> = engine.segments_of(root).collect();
            assert_eq!(segments.len() as u32, engine.component(root).segments);
            assert!(segments.iter().all(|s| engine.clone_root(*s) == root));
            // The tiles counted by walking, against a count of distinct placements.
            let mut tiles: Vec<PlacementId> =
                segments.iter().map(|s| engine.origin(*s).0).collect();
            tiles.sort_unstable();
            tiles.dedup();
            assert_eq!(engine.tile_count(root), tiles.len());
            assert_eq!(tile_counts[root as usize] as usize, tiles.len());
            if tiles.len() < segments.len() {
                tiles_with_two_segments += 1;
            }
            // Every city a field touches is a city of one of its tiles.
            for city in engine.cities_touched(root) {
                assert_eq!(engine.feature_kind(city), FeatureKind::City);
                assert!(tiles.contains(&engine.origin(city).0));
            }
        }
    }
    // The case that needs the deduplication came up.
    assert!(tiles_with_two_segments > 0);
}

#[test]
fn a_cleared_engine_plays_the_next_game_as_a_new_one() {
    let (catalog, counts) = base_catalog();
    let mut fresh = Engine::new(catalog.clone());
    let expected_moves = play(&mut fresh, &counts, 1);
    let expected = features(&mut fresh);

    let mut reused = Engine::new(catalog);
    play(&mut reused, &counts, 2);
    reused.deploy(0, FigureKind("follower"), 0, false, 0);
    let capacity = reused.placements.capacity();
    reused.clear();
    assert!(reused.is_empty() && reused.figures.is_empty());
    assert_eq!(reused.placements.capacity(), capacity);
    assert_eq!(play(&mut reused, &counts, 1), expected_moves);
    assert_eq!(features(&mut reused), expected);
}

/// The joins by key (a side's single entry of a key looked up) make the same features as
/// the comparison of every pair of entries, which a side with several entries of one key
/// takes: a catalog whose sides all claim several entries a key plays the same game.
#[test]
fn joins_by_key_are_those_of_every_pair() {
    let (catalog, counts) = base_catalog();
    let mut by_key = Engine::new(catalog.clone());
    let moves = play(&mut by_key, &counts, 6);
    let mut all_pairs = catalog;
    for tile in &mut all_pairs {
        for table in &mut tile.entry_of_key {
            for entry in table.iter_mut().filter(|e| **e != NO_ENTRY) {
                *entry = SEVERAL_ENTRIES;
            }
        }
    }
    let mut by_pairs = Engine::new(all_pairs);
    for (tile, pos, rotation) in moves {
        by_pairs.place(tile, pos, rotation);
    }
    assert_eq!(features(&mut by_key), features(&mut by_pairs));
    assert!(by_key.catalog.iter().any(|tile| {
        tile.entry_of_key
            .iter()
            .flatten()
            .any(|e| *e != NO_ENTRY && *e != SEVERAL_ENTRIES)
    }));
}

/// An entry past the 64th of its side is not in the bit mask of the entries already
/// partnered: whether an earlier entry faced it is asked again. A catalog whose every side
/// has 64 entries that nothing faces before its own (so that every join takes that way)
/// plays the same game.
#[test]
fn joins_past_the_64th_entry_of_a_side_are_those_before_it() {
    let (catalog, counts) = base_catalog();
    let mut plain = Engine::new(catalog.clone());
    let moves = play(&mut plain, &counts, 6);
    // No feature of the kind lies on a side, and the slot it faces is not its own.
    let monastery = (FeatureKind::Monastery as u16) << 2;
    let filler = SideEntry {
        key: monastery,
        facing: monastery | 1,
        feature: 0,
    };
    let mut padded = catalog;
    for tile in &mut padded {
        for (entries, table) in tile.side_entries.iter_mut().zip(&mut tile.entry_of_key) {
            entries.splice(0..0, std::iter::repeat_n(filler, 64));
            for entry in table.iter_mut().filter(|e| **e != NO_ENTRY) {
                *entry = SEVERAL_ENTRIES;
            }
            table[usize::from(monastery)] = SEVERAL_ENTRIES;
        }
    }
    let mut past_64 = Engine::new(padded);
    for (tile, pos, rotation) in moves {
        past_64.place(tile, pos, rotation);
    }
    assert_eq!(features(&mut plain), features(&mut past_64));
}

#[test]
fn place_into_is_place_without_the_allocation() {
    let (catalog, counts) = base_catalog();
    let mut engine = Engine::new(catalog.clone());
    let moves = play(&mut engine, &counts, 5);
    let mut by_place = Engine::new(catalog.clone());
    let mut by_place_into = Engine::new(catalog);
    let mut roots = vec![99];
    for (tile, pos, rotation) in moves {
        let (id, expected) = by_place.place(tile, pos, rotation);
        assert_eq!(
            by_place_into.place_into(tile, pos, rotation, &mut roots),
            id
        );
        assert_eq!(roots, expected);
        assert!(roots.windows(2).all(|w| w[0] < w[1]));
    }
    assert_eq!(features(&mut by_place), features(&mut by_place_into));
}

#[test]
fn open_positions_answer_like_the_board() {
    let (catalog, counts) = base_catalog();
    let mut engine = Engine::new(catalog);
    play(&mut engine, &counts, 3);
    // Every empty position beside the board: a placement is legal by the open positions'
    // packed constraints exactly when it is by the neighbours' edges.
    let placed: Vec<Pos> = engine.placements.iter().map(|p| p.pos).collect();
    for pos in placed
        .iter()
        .flat_map(|p| Side::ALL.map(|s| p.neighbour(s)))
    {
        for tile in 0..engine.catalog.len() {
            for rotation in Rotation::ALL {
                let by_board = engine.at(pos).is_none()
                    && Side::ALL.into_iter().all(|side| {
                        engine.at(pos.neighbour(side)).is_none_or(|n| {
                            let theirs = engine.placements[n as usize];
                            edge(&engine, theirs.tile, theirs.rotation, opposite(side))
                                == edge(&engine, tile, rotation, side)
                        })
                    });
                let listed = engine.legal_placements(tile).contains(&(pos, rotation));
                assert_eq!(by_board, listed, "{pos:?} {tile} {rotation:?}");
                assert_eq!(
                    by_board,
                    engine.check_placement(tile, pos, rotation).is_ok()
                );
            }
        }
    }
    let legal = engine.legal_placements(0);
    assert!(legal.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
}

/// Where pieces stand (crates/engine/src/pieces.rs): on a feature, a tile, a corner, beside a
/// figure, on a tower, held by a player.
mod pieces {
    use super::{base_catalog, play};
    use carcspec::engine::{Engine, Figure, FigureId, FigureKind, NodeId, Pos, Spot};
    use carcspec::model::FeatureKind;

    const FOLLOWER: FigureKind = FigureKind("follower");
    const DRAGON: FigureKind = FigureKind("dragon");
    const FAIRY: FigureKind = FigureKind("fairy");
    const BARN: FigureKind = FigureKind("barn");
    const FLOOR: FigureKind = FigureKind("floor");

    /// A whole base game laid out.
    fn board() -> Engine {
        let (catalog, counts) = base_catalog();
        let mut engine = Engine::new(catalog);
        play(&mut engine, &counts, 0);
        engine
    }

    /// Two nodes of two different roads, on different tiles.
    fn two_roads(engine: &mut Engine) -> (NodeId, NodeId) {
        let roads: Vec<NodeId> = engine
            .feature_roots()
            .into_iter()
            .filter(|n| engine.feature_kind(*n) == FeatureKind::Road)
            .collect();
        let first = roads[0];
        let second = *roads
            .iter()
            .find(|n| engine.origin(**n).0 != engine.origin(first).0)
            .expect("roads on two tiles");
        (first, second)
    }

    /// Every feature's list of figures, to tell that a piece is on no feature.
    fn listed(engine: &mut Engine) -> Vec<FigureId> {
        let mut all = Vec::new();
        for root in engine.feature_roots() {
            all.extend(engine.component(root).figures.iter().copied());
        }
        all.sort_unstable();
        all
    }

    /// A position whose north-west corner is where four tiles meet.
    fn inner_corner(engine: &Engine) -> Pos {
        engine
            .placements
            .iter()
            .map(|p| p.pos)
            .find(|pos| engine.corner_tiles(*pos).iter().all(Option::is_some))
            .expect("four tiles meet somewhere in a whole game")
    }

    #[test]
    fn each_spot_holds_its_pieces_and_only_a_feature_lists_them() {
        let mut engine = board();
        let (road, _) = two_roads(&mut engine);
        let (tile, _) = engine.origin(road);
        let corner = inner_corner(&engine);

        let follower = engine.deploy(0, FOLLOWER, road, false, 0);
        let hut = engine.deploy(0, FigureKind("hut"), road, true, 0);
        // Player 1's pieces everywhere but on the road's feature, and neutral ones.
        let dragon = engine.put(Figure::NOBODY, DRAGON, Spot::Tile(tile), 0);
        let barn = engine.put(1, BARN, Spot::Corner(corner), 0);
        let fairy = engine.put(Figure::NOBODY, FAIRY, Spot::Beside(follower), 0);
        let floors = [0, 1].map(|_| engine.put(Figure::NOBODY, FLOOR, Spot::Tower(tile), 0));
        let on_top = engine.put(1, FOLLOWER, Spot::Tower(tile), 0);
        let prisoner = engine.put(1, FOLLOWER, Spot::Held { by: 0 }, 0);

        let figure = |id: FigureId| engine.figures[id as usize].clone();
        assert_eq!(figure(follower).spot(), Spot::Feature(road));
        assert_eq!(figure(follower).node(), Some(road));
        assert_eq!(figure(hut).node(), Some(road));
        for off in [dragon, barn, fairy, floors[0], floors[1], on_top, prisoner] {
            assert_eq!(figure(off).node(), None, "{:?}", figure(off));
            assert!(figure(off).on_board, "in play: {:?}", figure(off));
        }
        assert_eq!(figure(dragon).owner(), None);
        assert_eq!(figure(barn).owner(), Some(1));

        // Only the follower is in the feature's list (and so in its majority); the hut is in
        // the river system's.
        assert_eq!(listed(&mut engine), [follower]);
        assert_eq!(engine.figures_on(road), [follower]);
        assert_eq!(engine.figures_on_system(road), [hut]);

        let at = |engine: &Engine, spot| engine.pieces_at(spot).collect::<Vec<_>>();
        assert_eq!(at(&engine, Spot::Tile(tile)), [dragon]);
        assert_eq!(at(&engine, Spot::Corner(corner)), [barn]);
        assert_eq!(at(&engine, Spot::Beside(follower)), [fairy]);
        assert_eq!(
            at(&engine, Spot::Tower(tile)),
            [floors[0], floors[1], on_top]
        );
        assert_eq!(at(&engine, Spot::Held { by: 0 }), [prisoner]);
        assert!(at(&engine, Spot::Held { by: 1 }).is_empty());
        assert_eq!(at(&engine, Spot::Feature(road)), [follower]);
    }

    #[test]
    fn the_corner_is_where_four_positions_meet() {
        let engine = board();
        let corner = inner_corner(&engine);
        let [north_west, north, west, here] = engine.corner_tiles(corner);
        let at = |dx, dy| engine.at(Pos::new(corner.x + dx, corner.y + dy));
        assert_eq!(
            (north_west, north, west, here),
            (at(-1, -1), at(0, -1), at(-1, 0), at(0, 0))
        );
        assert!(here.is_some());
        // Beside the first tile of a game only that tile's corner holds a tile.
        let (catalog, _) = base_catalog();
        let mut alone = Engine::new(catalog);
        let placed = alone
            .place(0, Pos::new(0, 0), carcspec::model::Rotation(0))
            .0;
        assert_eq!(
            alone.corner_tiles(Pos::new(0, 0)),
            [None, None, None, Some(placed)]
        );
        assert_eq!(
            alone.corner_tiles(Pos::new(1, 1)),
            [Some(placed), None, None, None]
        );
    }

    #[test]
    fn pieces_move_between_spots() {
        let mut engine = board();
        let (road, other_road) = two_roads(&mut engine);
        let (tile, _) = engine.origin(road);
        let (other_tile, _) = engine.origin(other_road);
        let follower = engine.deploy(0, FOLLOWER, road, false, 0);
        let other = engine.deploy(1, FOLLOWER, other_road, false, 0);

        // A piece put at `from` and moved to `to` is found there alone, and no longer at
        // `from`.
        let put_and_move = |engine: &mut Engine, kind, from, to| {
            let piece = engine.put(Figure::NOBODY, kind, from, 0);
            engine.move_piece(piece, to);
            assert_eq!(engine.pieces_at(from).count(), 0);
            assert_eq!(engine.pieces_at(to).collect::<Vec<_>>(), [piece]);
            piece
        };
        // The dragon's step, from tile to tile; the fairy, moved beside another follower.
        let dragon = put_and_move(
            &mut engine,
            DRAGON,
            Spot::Tile(tile),
            Spot::Tile(other_tile),
        );
        put_and_move(
            &mut engine,
            FAIRY,
            Spot::Beside(follower),
            Spot::Beside(other),
        );
        assert_eq!(
            listed(&mut engine),
            [follower, other],
            "the fairy is on no feature"
        );

        // A follower moved from feature to feature (a wagon) leaves the one and joins the other.
        engine.move_piece(other, Spot::Feature(road));
        assert!(engine.figures_on(other_road).is_empty());
        assert_eq!(engine.figures_on(road), [follower, other]);
        engine.move_piece(other, Spot::Feature(other_road));

        // Captured: off the feature, into player 1's hands, still out of its owner's supply.
        engine.capture(follower, 1);
        assert!(engine.figures_on(road).is_empty());
        let prisoner = &engine.figures[follower as usize];
        assert_eq!(
            (prisoner.spot(), prisoner.node()),
            (Spot::Held { by: 1 }, None)
        );
        assert!(prisoner.on_board);
        assert_eq!(
            engine.pieces_at(Spot::Held { by: 1 }).collect::<Vec<_>>(),
            [follower]
        );

        // Released: home to its owner's supply, named where it was last.
        engine.return_figure(follower);
        assert!(!engine.figures[follower as usize].on_board);
        assert_eq!(
            engine.figures[follower as usize].spot(),
            Spot::Held { by: 1 }
        );
        assert_eq!(engine.pieces_at(Spot::Held { by: 1 }).count(), 0);
        assert!(engine.figures_on(road).is_empty());

        // A figure captured from a tower's top and put back on the board on a feature.
        let on_top = engine.put(0, FOLLOWER, Spot::Tower(tile), 0);
        engine.capture(on_top, 1);
        assert_eq!(engine.pieces_at(Spot::Tower(tile)).count(), 0);
        engine.move_piece(on_top, Spot::Feature(road));
        assert_eq!(engine.figures_on(road), [on_top]);

        // A hut moved off its river system leaves the system's list.
        let hut = engine.deploy(0, FigureKind("hut"), other_road, true, 0);
        engine.move_piece(hut, Spot::Tile(tile));
        assert!(engine.figures_on_system(other_road).is_empty());
        assert_eq!(listed(&mut engine), [other, on_top]);

        // A piece off a feature goes home without touching a feature's list.
        engine.return_figure(dragon);
        assert_eq!(engine.pieces_at(Spot::Tile(other_tile)).count(), 0);
        assert_eq!(listed(&mut engine), [other, on_top]);
    }

    /// A piece moved onto a feature is in the feature's list after tiles join it to others,
    /// as a deployed figure is.
    #[test]
    fn a_piece_moved_onto_a_feature_follows_its_joins() {
        let (catalog, _) = base_catalog();
        let mut engine = Engine::new(catalog);
        let start = engine
            .catalog
            .iter()
            .position(|t| t.kind == carcspec::model::TileKind::Start)
            .expect("a start tile");
        let (placed, _) = engine.place(start, Pos::new(0, 0), carcspec::model::Rotation(0));
        let first = engine.placement(placed).first_node;
        let road = (first..first + engine.tile_of(placed).features.len() as NodeId)
            .find(|n| engine.feature_kind(*n) == FeatureKind::Road)
            .expect("the start tile has a road");
        let dragon = engine.put(Figure::NOBODY, DRAGON, Spot::Tile(placed), 0);
        engine.move_piece(dragon, Spot::Feature(road));
        // A tile beside the start tile's road, on either side, extends it.
        let beside = (0..engine.catalog.len())
            .flat_map(|tile| {
                engine
                    .legal_placements(tile)
                    .into_iter()
                    .map(move |p| (tile, p))
            })
            .find(|(_, (pos, _))| pos.y == 0)
            .expect("a tile fits beside the road");
        engine.place(beside.0, beside.1.0, beside.1.1);
        assert_eq!(engine.component(road).segments, 2, "the road extended");
        assert_eq!(engine.figures_on(road), [dragon]);
        assert_eq!(listed(&mut engine), [dragon]);
    }
}

/// The tiles compiled for play (crates/engine/src/catalog.rs), on every shipped set.
mod compiled_tiles {
    use carcspec::engine::catalog::{CompiledFeature, CompiledTile};
    use carcspec::model::{Anchor, AnchorClass, FeatureKind, Half, Side};

    /// The searches as first written, on the feature's lists of anchors and shared sides
    /// (places listed for every feature and anchor compared): the reference the masks are
    /// held to.
    mod by_lists {
        use super::*;

        pub fn feature_at(
            tile: &CompiledTile,
            anchor: Anchor,
            accept: impl Fn(FeatureKind) -> bool,
        ) -> Option<usize> {
            // A side is also found by the features that only share it.
            let matches = |feature: &CompiledFeature| {
                claims_directly(feature, anchor)
                    || matches!(anchor, Anchor::Side(side) if feature.shares.contains(&side))
            };
            let candidates: Vec<usize> = (0..tile.features.len())
                .filter(|i| matches(&tile.features[*i]))
                .collect();
            candidates
                .iter()
                .copied()
                .find(|i| accept(tile.features[*i].kind))
                .or_else(|| candidates.first().copied())
        }

        pub fn feature_claiming(
            tile: &CompiledTile,
            anchors: &[Anchor],
            accept: impl Fn(FeatureKind) -> bool,
        ) -> Option<usize> {
            let places = |feature: &CompiledFeature| -> Vec<Anchor> {
                let mut places = Vec::new();
                for anchor in &feature.anchors {
                    match (feature.kind.anchor_class(), anchor) {
                        (AnchorClass::Area, Anchor::Side(side)) => {
                            places.push(Anchor::Half(*side, Half::L));
                            places.push(Anchor::Half(*side, Half::R));
                        }
                        _ => places.push(*anchor),
                    }
                }
                places.extend(feature.shares.iter().map(|s| Anchor::Side(*s)));
                places
            };
            let claims = |feature: &CompiledFeature, anchor: &Anchor| {
                let places = places(feature);
                match anchor {
                    Anchor::Side(side) if feature.kind.anchor_class() == AnchorClass::Area => {
                        places.contains(&Anchor::Half(*side, Half::L))
                            && places.contains(&Anchor::Half(*side, Half::R))
                    }
                    _ => places.contains(anchor),
                }
            };
            (0..tile.features.len())
                .filter(|i| anchors.iter().all(|a| claims(&tile.features[*i], a)))
                .min_by_key(|i| {
                    (
                        !accept(tile.features[*i].kind),
                        places(&tile.features[*i]).len(),
                    )
                })
        }

        pub fn features_claiming_directly(
            tile: &CompiledTile,
            anchor: Anchor,
            accept: impl Fn(FeatureKind) -> bool,
        ) -> Vec<usize> {
            (0..tile.features.len())
                .filter(|i| {
                    accept(tile.features[*i].kind) && claims_directly(&tile.features[*i], anchor)
                })
                .collect()
        }

        /// Whether `feature` names `anchor` among its own anchors: a side by both its halves
        /// too, and a half by its whole side when the feature is an area.
        fn claims_directly(feature: &CompiledFeature, anchor: Anchor) -> bool {
            match anchor {
                Anchor::Inner => feature.anchors.contains(&Anchor::Inner),
                Anchor::Side(side) => {
                    feature.anchors.contains(&Anchor::Side(side))
                        || (feature.anchors.contains(&Anchor::Half(side, Half::L))
                            && feature.anchors.contains(&Anchor::Half(side, Half::R)))
                }
                Anchor::Half(side, _) => {
                    feature.anchors.contains(&anchor)
                        || (feature.kind.anchor_class() == AnchorClass::Area
                            && feature.anchors.contains(&Anchor::Side(side)))
                }
            }
        }
    }

    /// Every anchor of a tile: the four sides, the eight halves and the inner area.
    fn every_anchor() -> Vec<Anchor> {
        let mut anchors: Vec<Anchor> = Side::ALL.into_iter().map(Anchor::Side).collect();
        for side in Side::ALL {
            anchors.push(Anchor::Half(side, Half::L));
            anchors.push(Anchor::Half(side, Half::R));
        }
        anchors.push(Anchor::Inner);
        anchors
    }

    /// The searches on masks give the answers of the searches on lists, for every tile of the
    /// shipped sets of every ruleset, every anchor alone and every set of up to four anchors,
    /// whichever kinds the figure accepts.
    #[test]
    fn the_masks_name_the_features_the_lists_name() {
        let anchors = every_anchor();
        let accepts: [&dyn Fn(FeatureKind) -> bool; 4] = [
            &|_| true,
            &|k| k == FeatureKind::Field,
            &|k| matches!(k, FeatureKind::Road | FeatureKind::City),
            &|k| matches!(k, FeatureKind::Lake | FeatureKind::Monastery),
        ];
        let (mut tiles, mut several_direct) = (0, 0);
        let rulebook = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/spec/hunters-gatherers/rulebook.tiles"
        );
        for set in carcspec::shipped::names().chain([rulebook]) {
            let loaded = carcspec::load::load(set).expect("a shipped set");
            let usable = loaded.usable().unwrap_or_else(|| panic!("{set} loads"));
            let compiled: Vec<CompiledTile> = usable
                .tiles
                .iter()
                .map(|tile| CompiledTile::compile(tile, usable.ruleset))
                .collect();
            for tile in &compiled {
                tiles += 1;
                for accept in accepts {
                    for anchor in &anchors {
                        let direct: Vec<usize> =
                            tile.features_claiming_directly(*anchor, accept).collect();
                        assert_eq!(
                            direct,
                            by_lists::features_claiming_directly(tile, *anchor, accept),
                            "tile {} at {anchor}",
                            tile.id
                        );
                        several_direct += usize::from(direct.len() > 1);
                        assert_eq!(
                            tile.feature_at(*anchor, accept),
                            by_lists::feature_at(tile, *anchor, accept),
                            "tile {} at {anchor}",
                            tile.id
                        );
                    }
                    // Every set of one to four anchors, in increasing order of bits.
                    let mut sets: Vec<Vec<Anchor>> = vec![Vec::new()];
                    for anchor in &anchors {
                        let longer: Vec<Vec<Anchor>> = sets
                            .iter()
                            .filter(|set| set.len() < 4)
                            .map(|set| {
                                let mut set = set.clone();
                                set.push(*anchor);
                                set
                            })
                            .collect();
                        sets.extend(longer);
                    }
                    for set in sets.iter().filter(|set| !set.is_empty()) {
                        assert_eq!(
                            tile.feature_claiming(set.iter().copied(), accept),
                            by_lists::feature_claiming(tile, set, accept),
                            "tile {} at {set:?}",
                            tile.id
                        );
                    }
                }
            }
        }
        assert!(tiles > 100, "only {tiles} tiles compared");
        assert!(
            several_direct > 0,
            "no anchor claimed directly by several features"
        );
    }
}
