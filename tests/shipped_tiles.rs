//! The shipped tile sets: they lint clean, and their totals and edge topologies match the
//! reference data in `../shared/reference/` when that folder is beside the repository, and the
//! figures written here otherwise (which are themselves checked against the reference data
//! whenever it is present, so they cannot drift).

use std::collections::BTreeMap;
use std::path::PathBuf;

use carcspec::lint::Summary;
use carcspec::load;
use carcspec::model::{Ruleset, TileKind, TileSet};

fn shipped(name: &str) -> TileSet {
    let loaded = load::load(&format!("tiles/{name}.tiles")).unwrap();
    assert!(
        loaded.diagnostics.is_empty(),
        "{name} does not lint clean: {:?}",
        loaded.diagnostics
    );
    loaded.set.unwrap()
}

fn reference(path: &str) -> Option<String> {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/reference")
        .join(path);
    std::fs::read_to_string(file).ok()
}

/// The smallest rotation of four edge letters (F < M < R, as in the reference's topology).
fn topology(edges: &str) -> String {
    (0..4)
        .map(|r| format!("{}{}", &edges[r..], &edges[..r]))
        .min()
        .unwrap()
}

/// Copies per edge topology, for the tiles of `set` that `keep` selects.
fn topology_counts(set: &TileSet, keep: impl Fn(TileKind) -> bool) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    for tile in set.tiles.iter().filter(|t| keep(t.kind)) {
        *counts
            .entry(topology(&tile.edges(set.ruleset)))
            .or_default() += u64::from(tile.count);
    }
    counts
}

fn counts(pairs: &[(&str, u64)]) -> BTreeMap<String, u64> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

// Written from `../shared/reference/hunters-gatherers/topology-counts.csv`.
const HG_LAND: &[(&str, u64)] = &[
    ("FFFM", 5),
    ("FFFR", 4),
    ("FFMM", 10),
    ("FFMR", 1),
    ("FFRM", 3),
    ("FFRR", 6),
    ("FMFM", 5),
    ("FMMM", 4),
    ("FMRM", 2),
    ("FMRR", 3),
    ("FRFR", 5),
    ("FRMR", 4),
    ("FRRM", 3),
    ("FRRR", 1),
    ("MMMM", 2),
    ("MMRR", 5),
    ("MRMR", 6),
    ("MRRR", 8),
    ("RRRR", 2),
];
const HG_MENHIR: &[(&str, u64)] = &[
    ("FFMM", 2),
    ("FFRM", 1),
    ("FFRR", 1),
    ("FMFR", 1),
    ("FMMM", 2),
    ("FMRR", 2),
    ("FRMM", 1),
    ("MMMM", 1),
    ("MMRR", 1),
    ("MRRR", 3),
    ("RRRR", 1),
];

#[test]
fn hunters_gatherers_v2_matches_the_reference_topologies() {
    let set = shipped("hunters-gatherers-v2");
    assert_eq!(set.ruleset, Ruleset::HuntersGatherers);
    let summary = Summary::of(&set);
    assert_eq!(
        (summary.copies, summary.start, summary.land, summary.bonus),
        (95, 1, 78, 16)
    );
    let land = topology_counts(&set, |k| k != TileKind::Bonus);
    let menhir = topology_counts(&set, |k| k == TileKind::Bonus);
    assert_eq!(land, counts(HG_LAND));
    assert_eq!(menhir, counts(HG_MENHIR));

    if let Some(csv) = reference("hunters-gatherers/topology-counts.csv") {
        let mut reference_land = BTreeMap::new();
        let mut reference_menhir = BTreeMap::new();
        for line in csv.lines().skip(1).filter(|l| !l.starts_with("TOTAL")) {
            let cells: Vec<&str> = line.split(',').collect();
            let (land_count, menhir_count): (u64, u64) =
                (cells[1].parse().unwrap(), cells[2].parse().unwrap());
            if land_count > 0 {
                reference_land.insert(cells[0].to_string(), land_count);
            }
            if menhir_count > 0 {
                reference_menhir.insert(cells[0].to_string(), menhir_count);
            }
        }
        assert_eq!(land, reference_land);
        assert_eq!(menhir, reference_menhir);
    }
}

#[test]
fn hunters_gatherers_v2_tiles_match_the_reference_one_by_one() {
    let Some(json) = reference("hunters-gatherers/chacun-tiles.json") else {
        return;
    };
    let set = shipped("hunters-gatherers-v2");
    let document: serde_json::Value = serde_json::from_str(&json).unwrap();
    let reference_tiles = document["tiles"].as_array().unwrap();
    assert_eq!(reference_tiles.len(), set.tiles.len());
    for reference_tile in reference_tiles {
        let id = format!("HG/{}", reference_tile["id"]);
        let tile = set
            .tiles
            .iter()
            .find(|t| t.id == id)
            .unwrap_or_else(|| panic!("{id} missing"));
        assert_eq!(
            tile.edges(set.ruleset),
            reference_tile["edges_NESW"].as_str().unwrap(),
            "{id}"
        );
        let kind = match reference_tile["kind"].as_str().unwrap() {
            "START" => TileKind::Start,
            "MENHIR" => TileKind::Bonus,
            _ => TileKind::Land,
        };
        assert_eq!(tile.kind, kind, "{id}");
        let zones = reference_tile["zones"].as_array().unwrap();
        assert_eq!(
            tile.features.len(),
            zones.len(),
            "{id}: one feature per zone"
        );
    }
}

/// (id, count, edges N E S W) of every tile, read from a JCloisterZone tile-definition file:
/// a side is C when a city names it, R when a road does, F otherwise.
fn jcloisterzone_tiles(xml: &str, set_id: &str) -> Vec<(String, u64, String)> {
    let attribute = |element: &str, name: &str| -> String {
        let start = element.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        element[start..].split('"').next().unwrap().to_string()
    };
    let mut edges = BTreeMap::new();
    for block in xml.split("<tile id=\"").skip(1) {
        let id = block.split('"').next().unwrap().to_string();
        let body = block.split("</tile>").next().unwrap();
        let mut letters = ['F'; 4];
        for (tag, letter) in [("road", 'R'), ("city", 'C')] {
            for element in body.split(&format!("<{tag}")).skip(1) {
                let sides = element
                    .split('>')
                    .nth(1)
                    .unwrap()
                    .split('<')
                    .next()
                    .unwrap();
                for side in sides.split_whitespace() {
                    letters["NESW".find(side).unwrap()] = letter;
                }
            }
        }
        edges.insert(id, letters.iter().collect::<String>());
    }
    let set_block = xml
        .split(&format!("<tile-set id=\"{set_id}\">"))
        .nth(1)
        .unwrap();
    let set_block = set_block.split("</tile-set>").next().unwrap();
    set_block
        .split("<ref ")
        .skip(1)
        .map(|element| {
            let id = attribute(element, "tile");
            let count = attribute(element, "count").parse().unwrap();
            let tile_edges = edges[&id].clone();
            (id, count, tile_edges)
        })
        .collect()
}

fn check_against_jcloisterzone(name: &str, file: &str, set_id: &str) -> Option<()> {
    let xml = reference(&format!("jcloisterzone/{file}"))?;
    let set = shipped(name);
    let expected = jcloisterzone_tiles(&xml, set_id);
    let actual: Vec<(String, u64, String)> = set
        .tiles
        .iter()
        .map(|t| (t.id.clone(), u64::from(t.count), t.edges(set.ruleset)))
        .collect();
    assert_eq!(actual, expected, "{name} against {file} `{set_id}`");
    Some(())
}

// Written from `../shared/reference/jcloisterzone/basic.xml`, tile set `basic:1`.
const BASE_TOPOLOGIES: &[(&str, u64)] = &[
    ("CCCC", 1),
    ("CCCF", 4),
    ("CCCR", 3),
    ("CCFF", 7),
    ("CCRR", 5),
    ("CFCF", 6),
    ("CFFF", 5),
    ("CFRR", 3),
    ("CRFR", 4),
    ("CRRF", 3),
    ("CRRR", 3),
    ("FFFF", 4),
    ("FFFR", 2),
    ("FFRR", 9),
    ("FRFR", 8),
    ("FRRR", 4),
    ("RRRR", 1),
];

#[test]
fn carcassonne_base_matches_jcloisterzone_basic_1() {
    let set = shipped("carcassonne-base");
    let summary = Summary::of(&set);
    assert_eq!(
        (summary.tiles, summary.copies, summary.start, summary.land),
        (24, 72, 1, 71)
    );
    let start: Vec<&str> = set
        .tiles
        .iter()
        .filter(|t| t.kind == TileKind::Start)
        .map(|t| t.id.as_str())
        .collect();
    assert_eq!(start, ["BA/RCr"]);
    assert_eq!(topology_counts(&set, |_| true), counts(BASE_TOPOLOGIES));
    check_against_jcloisterzone("carcassonne-base", "basic.xml", "basic:1");
}

#[test]
fn hills_and_sheep_matches_jcloisterzone_hills_and_sheep_1() {
    let set = shipped("hills-and-sheep");
    let summary = Summary::of(&set);
    assert_eq!((summary.tiles, summary.copies, summary.start), (16, 18, 0));
    assert!(set.is_expansion());
    let with = |marker| {
        set.tiles
            .iter()
            .filter(|t| t.has_marker(marker))
            .map(|t| t.count)
            .sum::<u32>()
    };
    assert_eq!(with(carcspec::model::Marker::Hill), 8);
    assert_eq!(with(carcspec::model::Marker::Vineyard), 8);
    // The tile with two city stretches on one side, and the tile with two separate fields.
    let stretches = set.tiles.iter().find(|t| t.id == "HS/CC!.v").unwrap();
    assert!(stretches.features.iter().any(|f| !f.shares.is_empty()));
    let separate = set.tiles.iter().find(|t| t.id == "HS/C!.v").unwrap();
    assert_eq!(
        separate
            .features
            .iter()
            .filter(|f| f.kind == carcspec::model::FeatureKind::Field)
            .count(),
        2
    );
    check_against_jcloisterzone(
        "hills-and-sheep",
        "hills_and_sheep.xml",
        "hills-and-sheep:1",
    );
}
