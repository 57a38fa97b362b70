//! The shipped tile sets: they lint clean, and their totals and edge topologies match the
//! reference data in `../shared/reference/` when that folder is beside the repository, and the
//! figures written here otherwise (which are themselves checked against the reference data
//! whenever it is present, so they cannot drift). With the reference present, every tile is
//! compared feature by feature: where each feature lies, and everything on it (fish, animals,
//! menhirs, mushrooms, powers, the lake a river flows into, pennants, the cities a field
//! touches, hills and vineyards). Without it, each such test says that it was skipped.

mod common;

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
    let text = std::fs::read_to_string(&file).ok();
    if text.is_none() {
        common::skip(format!(
            "{} is absent; the shipped tiles are not compared with it",
            file.display()
        ));
    }
    text
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
/// a side is C when a city names it, R when a road does, I when a river does, F otherwise.
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
        for (tag, letter) in [("road", 'R'), ("city", 'C'), ("river", 'I')] {
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

/// Tiles JCloisterZone builds in its code, not in its tile files: Abbey & Mayor's abbey
/// (compared with the rules digest on its own).
const BUILT_IN_CODE: &[&str] = &["AM/A"];

fn check_against_jcloisterzone(name: &str, file: &str, set_id: &str) -> Option<()> {
    let xml = reference(&format!("jcloisterzone/{file}"))?;
    let set = shipped(name);
    let expected = jcloisterzone_tiles(&xml, set_id);
    let actual: Vec<(String, u64, String)> = set
        .tiles
        .iter()
        .filter(|t| !BUILT_IN_CODE.contains(&t.id.as_str()))
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

/// How one feature reads, for comparison: its kind, the places it lies at (a whole side of a
/// field or meadow as its two halves), and everything on it, in a fixed order.
fn signature(kind: &str, places: &[String], details: &[String]) -> String {
    let mut places = places.to_vec();
    places.sort();
    places.dedup();
    let mut details = details.to_vec();
    details.sort();
    // A field names each city it touches once.
    details.dedup();
    format!("{kind} {} [{}]", places.join(","), details.join(" "))
}

/// The places of a shipped feature.
fn places_of(feature: &carcspec::model::Feature) -> Vec<String> {
    use carcspec::model::{Anchor, AnchorClass};
    let mut places = Vec::new();
    for anchor in &feature.anchors {
        match anchor {
            Anchor::Side(side) if feature.kind.anchor_class() == AnchorClass::Area => {
                places.push(format!("{}L", side.letter()));
                places.push(format!("{}R", side.letter()));
            }
            other => places.push(other.to_string()),
        }
    }
    places
}

/// Every feature of a shipped tile, as a signature; `linked` names a feature its tile links
/// to by label (a river's lake, a field's cities).
fn shipped_signatures(tile: &carcspec::model::Tile) -> Vec<String> {
    use carcspec::model::ContentKind;
    let by_label = |label: &str| {
        tile.features
            .iter()
            .find(|f| f.label.as_deref() == Some(label))
            .unwrap_or_else(|| panic!("{}: no feature `{label}`", tile.id))
    };
    // A lake is known by the rivers that flow into it (HG/83 has two lakes, both at I).
    let lake_key = |label: &str| {
        let mut rivers: Vec<String> = tile
            .features
            .iter()
            .filter(|f| f.flows_into.iter().any(|l| l == label))
            .flat_map(places_of)
            .collect();
        rivers.sort();
        format!("lake<{}>", rivers.join(","))
    };
    let mut signatures: Vec<String> = tile
        .features
        .iter()
        .map(|feature| {
            let mut details: Vec<String> = feature
                .contents
                .iter()
                // No reference source records springs or gold.
                .filter(|(content, _)| !matches!(content, ContentKind::Spring | ContentKind::Gold))
                .map(|(content, count)| {
                    if content.is_counted() {
                        format!("{}={count}", content.name())
                    } else {
                        content.name().to_string()
                    }
                })
                .collect();
            if let Some(power) = feature.power {
                details.push(format!("power={}", power.name()));
            }
            details.extend(
                feature
                    .shares
                    .iter()
                    .map(|s| format!("shares={}", s.letter())),
            );
            for lake in &feature.flows_into {
                details.push(format!("into={}", lake_key(lake)));
            }
            if let Some(label) = &feature.label
                && feature.kind == carcspec::model::FeatureKind::Lake
            {
                details.push(lake_key(label));
            }
            for city in &feature.touches {
                let mut sides = places_of(by_label(city));
                sides.sort();
                details.push(format!("touches=city<{}>", sides.join(",")));
            }
            signature(feature.kind.name(), &places_of(feature), &details)
        })
        .collect();
    for marker in &tile.markers {
        if matches!(
            marker,
            carcspec::model::Marker::Hill
                | carcspec::model::Marker::Vineyard
                | carcspec::model::Marker::Volcano
        ) {
            signatures.push(marker.name().to_string());
        }
    }
    signatures.sort();
    signatures
}

/// Every zone of a ChaCuN tile, as a signature.
fn chacun_signatures(tile: &serde_json::Value) -> Vec<String> {
    let zones = tile["zones"].as_array().unwrap();
    let mut places: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    for side in tile["sides"].as_array().unwrap() {
        let letter = side["dir"].as_str().unwrap();
        let ids: Vec<u64> = side["zones"]
            .as_array()
            .unwrap()
            .iter()
            .map(|z| z.as_u64().unwrap())
            .collect();
        match ids.as_slice() {
            // A whole side: a meadow's two halves, or a forest's side.
            [zone] => {
                let kind = zones
                    .iter()
                    .find(|z| z["id"].as_u64() == Some(*zone))
                    .unwrap()["type"]
                    .as_str()
                    .unwrap();
                let entry = places.entry(*zone).or_default();
                if kind == "meadow" {
                    entry.push(format!("{letter}L"));
                    entry.push(format!("{letter}R"));
                } else {
                    entry.push(letter.to_string());
                }
            }
            // Left half, the river in the middle, right half (clockwise along the side).
            [left, river, right] => {
                places.entry(*left).or_default().push(format!("{letter}L"));
                places.entry(*river).or_default().push(letter.to_string());
                places.entry(*right).or_default().push(format!("{letter}R"));
            }
            other => panic!("tile {}: side {letter} has zones {other:?}", tile["id"]),
        }
    }
    let lake_key = |lake: u64| {
        let mut rivers: Vec<String> = zones
            .iter()
            .filter(|z| z["type"] == "river" && z["lake"].as_u64() == Some(lake))
            .flat_map(|z| places[&z["id"].as_u64().unwrap()].clone())
            .collect();
        rivers.sort();
        format!("lake<{}>", rivers.join(","))
    };
    let mut signatures: Vec<String> = zones
        .iter()
        .map(|zone| {
            let id = zone["id"].as_u64().unwrap();
            let kind = zone["type"].as_str().unwrap();
            let mut details = Vec::new();
            if let Some(fish) = zone["fish"].as_u64().filter(|f| *f > 0) {
                details.push(format!("fish={fish}"));
            }
            let mut animals: BTreeMap<String, u32> = BTreeMap::new();
            for animal in zone["animals"].as_array().into_iter().flatten() {
                *animals
                    .entry(animal.as_str().unwrap().to_lowercase())
                    .or_default() += 1;
            }
            details.extend(animals.iter().map(|(a, n)| format!("{a}={n}")));
            match zone["kind"].as_str() {
                Some("WITH_MENHIR") => details.push("menhir".into()),
                Some("WITH_MUSHROOMS") => details.push("mushrooms".into()),
                _ => {}
            }
            if let Some(power) = zone["power"].as_str() {
                details.push(format!("power={}", power.to_lowercase().replace('_', "-")));
            }
            if let Some(lake) = zone["lake"].as_u64() {
                details.push(format!("into={}", lake_key(lake)));
            }
            // A river that ends on its tile in no lake ends in the tile's forest: ChaCuN
            // closes a river at such an end, and the 2020 rules name "a forest or a lake"
            // (digest §10.8); the shipped tiles mark it `forest-end`.
            let ends_on_tile = places.get(&id).is_some_and(|p| p.len() == 1);
            if kind == "river"
                && zone["lake"].is_null()
                && ends_on_tile
                && zones.iter().any(|z| z["type"] == "forest")
            {
                details.push("forest-end".into());
            }
            let places = if kind == "lake" {
                details.push(lake_key(id));
                vec!["I".to_string()]
            } else {
                places.get(&id).cloned().unwrap_or_default()
            };
            signature(kind, &places, &details)
        })
        .collect();
    signatures.sort();
    signatures
}

#[test]
fn hunters_gatherers_v2_contents_match_the_reference() {
    let Some(json) = reference("hunters-gatherers/chacun-tiles.json") else {
        return;
    };
    let set = shipped("hunters-gatherers-v2");
    let document: serde_json::Value = serde_json::from_str(&json).unwrap();
    let mut compared = 0;
    for reference_tile in document["tiles"].as_array().unwrap() {
        let id = format!("HG/{}", reference_tile["id"]);
        let tile = set.tiles.iter().find(|t| t.id == id).unwrap();
        assert_eq!(
            shipped_signatures(tile),
            chacun_signatures(reference_tile),
            "{id}"
        );
        compared += 1;
    }
    assert_eq!(compared, set.tiles.len());
}

/// Every feature of every tile of a JCloisterZone tile-definition file, as signatures, by id.
fn jcloisterzone_signatures(xml: &str) -> BTreeMap<String, Vec<String>> {
    let attribute = |element: &str, name: &str| -> Option<String> {
        let start = element.find(&format!("{name}=\""))? + name.len() + 2;
        Some(element[start..].split('"').next().unwrap().to_string())
    };
    let mut tiles = BTreeMap::new();
    for block in xml.split("<tile id=\"").skip(1) {
        let id = block.split('"').next().unwrap().to_string();
        let body = block.split("</tile>").next().unwrap();
        // (tag, attributes, text) of every element of the tile.
        let elements: Vec<(String, String, String)> = body
            .split('<')
            .skip(1)
            .filter(|e| !e.starts_with('/'))
            .map(|e| {
                let (head, text) = e.split_once('>').unwrap();
                let tag = head
                    .split_whitespace()
                    .next()
                    .unwrap()
                    .trim_end_matches('/');
                (tag.to_string(), head.to_string(), text.trim().to_string())
            })
            .collect();
        let cities: Vec<Vec<String>> = elements
            .iter()
            .filter(|(tag, ..)| tag == "city")
            .map(|(.., text)| text.split_whitespace().map(str::to_string).collect())
            .collect();
        let mut signatures = Vec::new();
        for (tag, head, text) in &elements {
            // `I` and `II` are two inner fields of one tile (AM/CCcc+): both lie inside it.
            let mut places: Vec<String> = text
                .split_whitespace()
                .map(|place| if place == "II" { "I" } else { place }.to_string())
                .collect();
            let mut details = Vec::new();
            let kind = match tag.as_str() {
                "road" => {
                    if attribute(head, "inn").as_deref() == Some("true") {
                        details.push("inn".to_string());
                    }
                    "road"
                }
                "city" => {
                    if attribute(head, "cathedral").as_deref() == Some("true") {
                        details.push("cathedral".to_string());
                    }
                    if let Some(pennants) = attribute(head, "pennants") {
                        details.push(format!("pennant={pennants}"));
                    }
                    if let Some(shared) = attribute(head, "multi-edge") {
                        details.push(format!("shares={shared}"));
                    }
                    // One goods symbol of Traders & Builders (digest §13).
                    if let Some(goods) = attribute(head, "resource") {
                        details.push(goods);
                    }
                    "city"
                }
                "field" => {
                    if attribute(head, "pig-herd").as_deref() == Some("true") {
                        details.push("pig-herd".to_string());
                    }
                    for side in attribute(head, "city")
                        .unwrap_or_default()
                        .split_whitespace()
                    {
                        let mut city = cities
                            .iter()
                            .find(|c| c.iter().any(|s| s == side))
                            .unwrap_or_else(|| panic!("{id}: no city at {side}"))
                            .clone();
                        city.sort();
                        details.push(format!("touches=city<{}>", city.join(",")));
                    }
                    "field"
                }
                "monastery" => {
                    places = vec!["I".into()];
                    "monastery"
                }
                // A garden lies inside its tile's field, as a monastery lies on its tile.
                "garden" => {
                    places = vec!["I".into()];
                    "garden"
                }
                "hill" | "vineyard" | "volcano" => {
                    signatures.push(tag.clone());
                    continue;
                }
                // The river's lake tiles (group `river-lake`) end their river in a lake, which
                // the shipped tiles write as a lake the river flows into.
                "river" if block.contains("group=\"river-lake\"") => {
                    let key = format!("lake<{}>", places.join(","));
                    signatures.push(signature(
                        "lake",
                        &["I".to_string()],
                        std::slice::from_ref(&key),
                    ));
                    details.push(format!("into={key}"));
                    "river"
                }
                "river" => "river",
                // `wagon-move` and `castle-base` belong to other expansions.
                _ => continue,
            };
            details.sort();
            details.dedup();
            signatures.push(signature(kind, &places, &details));
        }
        signatures.sort();
        tiles.insert(id, signatures);
    }
    tiles
}

fn compare_contents_with_jcloisterzone(name: &str, file: &str) {
    let Some(xml) = reference(&format!("jcloisterzone/{file}")) else {
        return;
    };
    let set = shipped(name);
    let reference_tiles = jcloisterzone_signatures(&xml);
    for tile in set
        .tiles
        .iter()
        .filter(|t| !BUILT_IN_CODE.contains(&t.id.as_str()))
    {
        let expected = reference_tiles
            .get(&tile.id)
            .unwrap_or_else(|| panic!("{} is not in {file}", tile.id));
        assert_eq!(&shipped_signatures(tile), expected, "{}", tile.id);
    }
}

#[test]
fn carcassonne_base_contents_match_jcloisterzone() {
    compare_contents_with_jcloisterzone("carcassonne-base", "basic.xml");
}

#[test]
fn hills_and_sheep_contents_match_jcloisterzone() {
    compare_contents_with_jcloisterzone("hills-and-sheep", "hills_and_sheep.xml");
}

#[test]
fn inns_and_cathedrals_matches_jcloisterzone_inns_and_cathedrals_1() {
    use carcspec::model::ContentKind;
    let set = shipped("inns-and-cathedrals");
    let summary = Summary::of(&set);
    assert_eq!((summary.tiles, summary.copies, summary.start), (17, 18, 0));
    assert!(set.is_expansion());
    // “6 carry an inn, 2 carry a cathedral” (the digest's contents).
    let copies_with = |content| {
        set.tiles
            .iter()
            .filter(|t| t.features.iter().any(|f| f.count(content) > 0))
            .map(|t| t.count)
            .sum::<u32>()
    };
    assert_eq!(copies_with(ContentKind::Inn), 6);
    assert_eq!(copies_with(ContentKind::Cathedral), 2);
    // The T-junction's inn lines one of its three roads.
    let junction = set.tiles.iter().find(|t| t.id == "IC/RRR.i").unwrap();
    let roads_with_inn: Vec<bool> = junction
        .features
        .iter()
        .filter(|f| f.kind == carcspec::model::FeatureKind::Road)
        .map(|f| f.count(ContentKind::Inn) > 0)
        .collect();
    assert_eq!(roads_with_inn, [true, false, false]);
    check_against_jcloisterzone(
        "inns-and-cathedrals",
        "inns_and_cathedrals.xml",
        "inns-and-cathedrals:1",
    );
}

#[test]
fn inns_and_cathedrals_contents_match_jcloisterzone() {
    compare_contents_with_jcloisterzone("inns-and-cathedrals", "inns_and_cathedrals.xml");
}

#[test]
fn the_river_matches_jcloisterzone_river_1_1() {
    let set = shipped("the-river");
    let summary = Summary::of(&set);
    assert_eq!((summary.tiles, summary.copies, summary.start), (10, 12, 1));
    assert!(set.is_expansion());
    check_against_jcloisterzone("the-river", "river.xml", "river/1:1");
}

#[test]
fn the_river_2_matches_jcloisterzone_river_2_1() {
    let set = shipped("the-river-2");
    let summary = Summary::of(&set);
    assert_eq!((summary.tiles, summary.copies, summary.start), (12, 12, 1));
    assert!(set.is_expansion());
    let volcano = set
        .tiles
        .iter()
        .filter(|t| t.has_marker(carcspec::model::Marker::Volcano))
        .map(|t| t.id.as_str())
        .collect::<Vec<_>>();
    assert_eq!(volcano, ["RI.2/I.v"]);
    check_against_jcloisterzone("the-river-2", "river.xml", "river/2:1");
}

/// The river tiles' fields: the spring and the lakes have one field that goes round the
/// water; the road bridge has four; every other river tile has its fields split by the river.
#[test]
fn the_river_tiles_have_the_fields_of_the_rules() {
    use carcspec::model::FeatureKind;
    let fields = |set: &TileSet, id: &str| {
        set.tiles
            .iter()
            .find(|t| t.id == id)
            .unwrap_or_else(|| panic!("no {id}"))
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Field)
            .count()
    };
    let river = shipped("the-river");
    let river_2 = shipped("the-river-2");
    for (set, id, expected) in [
        (&river, "RI/s", 1),
        (&river, "RI.1/I.e", 1),
        (&river, "RI.1/RIrI", 4),
        (&river, "RI.1/IFI", 2),
        (&river, "RI.1/CIRI", 4),
        (&river, "RI.1/LIRI", 3),
        (&river_2, "RI/s", 1),
        (&river_2, "RI.2/I.v", 1),
        (&river_2, "RI.2/RIrI", 4),
        (&river_2, "RI.2/CIcI", 2),
        (&river_2, "RI.2/III", 3),
    ] {
        assert_eq!(fields(set, id), expected, "{id}");
    }
}

#[test]
fn the_river_contents_match_jcloisterzone() {
    compare_contents_with_jcloisterzone("the-river", "river.xml");
    compare_contents_with_jcloisterzone("the-river-2", "river.xml");
}

/// The tiles of `set` with a garden: (id, copies), in the set's order.
fn with_a_garden(set: &TileSet) -> Vec<(&str, u32)> {
    set.tiles
        .iter()
        .filter(|t| {
            t.features
                .iter()
                .any(|f| f.kind == carcspec::model::FeatureKind::Garden)
        })
        .map(|t| (t.id.as_str(), t.count))
        .collect()
}

/// The base set of the box with the abbot (`basic:2`): 72 tiles as in `basic:1`, with one copy
/// of eight tile types replaced by the same tile with a garden (digest §7.1).
#[test]
fn carcassonne_base_gardens_matches_jcloisterzone_basic_2() {
    let set = shipped("carcassonne-base-gardens");
    let summary = Summary::of(&set);
    assert_eq!(
        (summary.tiles, summary.copies, summary.start, summary.land),
        (32, 72, 1, 71)
    );
    assert_eq!(
        with_a_garden(&set),
        [
            ("BA/CcG", 1),
            ("BA/Cc+G", 1),
            ("BA/CccG", 1),
            ("BA/CG", 1),
            ("BA/CFCG", 1),
            ("BA/CCG", 1),
            ("BA/RrG", 1),
            ("BA/RFrG", 1)
        ]
    );
    // The gardens leave the edges as they are: the topologies are `basic:1`'s.
    assert_eq!(topology_counts(&set, |_| true), counts(BASE_TOPOLOGIES));
    check_against_jcloisterzone("carcassonne-base-gardens", "basic.xml", "basic:2");
}

#[test]
fn carcassonne_base_gardens_contents_match_jcloisterzone() {
    compare_contents_with_jcloisterzone("carcassonne-base-gardens", "basic.xml");
}

/// Hills & Sheep's printing with a garden (`hills-and-sheep:2`): its 18 tiles, with the hill
/// tile HS/RR.h replaced by HS/RR.hG, the same tile with a garden.
#[test]
fn hills_and_sheep_gardens_matches_jcloisterzone_hills_and_sheep_2() {
    let set = shipped("hills-and-sheep-gardens");
    let plain = shipped("hills-and-sheep");
    let (summary, plain_summary) = (Summary::of(&set), Summary::of(&plain));
    assert_eq!(
        (summary.tiles, summary.copies, summary.start),
        (
            plain_summary.tiles,
            plain_summary.copies,
            plain_summary.start
        )
    );
    assert!(set.is_expansion());
    assert_eq!(with_a_garden(&set), [("HS/RR.hG", 1)]);
    let garden_tile = set.tiles.iter().find(|t| t.id == "HS/RR.hG").unwrap();
    assert!(garden_tile.has_marker(carcspec::model::Marker::Hill));
    // The garden leaves the edges as they are: every other tile is `hills-and-sheep`'s.
    let ids = |set: &TileSet| -> Vec<String> { set.tiles.iter().map(|t| t.id.clone()).collect() };
    let expected: Vec<String> = ids(&plain)
        .into_iter()
        .map(|id| {
            if id == "HS/RR.h" {
                "HS/RR.hG".into()
            } else {
                id
            }
        })
        .collect();
    assert_eq!(ids(&set), expected);
    check_against_jcloisterzone(
        "hills-and-sheep-gardens",
        "hills_and_sheep.xml",
        "hills-and-sheep:2",
    );
}

#[test]
fn hills_and_sheep_gardens_contents_match_jcloisterzone() {
    compare_contents_with_jcloisterzone("hills-and-sheep-gardens", "hills_and_sheep.xml");
}

/// Traders & Builders (`traders-and-builders:1`): 24 tiles, one copy each; 20 carry one goods
/// symbol (9 wine, 6 grain, 5 cloth), all on a city of two or more sides; four have an inner
/// field; the bridge has two roads and four fields (digest §1 and §3).
#[test]
fn traders_and_builders_matches_jcloisterzone_traders_and_builders_1() {
    use carcspec::model::{ContentKind, FeatureKind};
    let set = shipped("traders-and-builders");
    let summary = Summary::of(&set);
    assert_eq!((summary.tiles, summary.copies, summary.start), (24, 24, 0));
    assert!(set.is_expansion());
    let symbols = |content| {
        set.tiles
            .iter()
            .flat_map(|t| &t.features)
            .map(|f| f.count(content))
            .sum::<u32>()
    };
    assert_eq!(
        [ContentKind::Wine, ContentKind::Grain, ContentKind::Cloth].map(symbols),
        [9, 6, 5]
    );
    for feature in set.tiles.iter().flat_map(|t| &t.features) {
        let goods = [ContentKind::Wine, ContentKind::Grain, ContentKind::Cloth]
            .into_iter()
            .map(|c| feature.count(c))
            .sum::<u32>();
        if goods > 0 {
            assert_eq!(feature.kind, FeatureKind::City);
            assert!(places_of(feature).len() >= 2, "{feature:?}");
        }
    }
    let inner_fields: Vec<&str> = set
        .tiles
        .iter()
        .filter(|t| {
            t.features
                .iter()
                .any(|f| f.kind == FeatureKind::Field && places_of(f) == ["I"])
        })
        .map(|t| t.id.as_str())
        .collect();
    assert_eq!(
        inner_fields,
        ["TB/CCc.c", "TB/CCc.w", "TB/CcCC.c", "TB/CcCc.w"]
    );
    let kinds = |id: &str, kind: FeatureKind| {
        set.tiles
            .iter()
            .find(|t| t.id == id)
            .unwrap()
            .features
            .iter()
            .filter(|f| f.kind == kind)
            .count()
    };
    // The bridge: two roads, four fields; the monastery: three roads, three fields; the
    // cottage: two roads, three fields.
    assert_eq!(
        (
            kinds("TB/RRrr", FeatureKind::Road),
            kinds("TB/RRrr", FeatureKind::Field)
        ),
        (2, 4)
    );
    assert_eq!(
        (
            kinds("TB/LRRR", FeatureKind::Road),
            kinds("TB/LRRR", FeatureKind::Field)
        ),
        (3, 3)
    );
    assert_eq!(
        (
            kinds("TB/RRC", FeatureKind::Road),
            kinds("TB/RRC", FeatureKind::Field)
        ),
        (2, 3)
    );
    check_against_jcloisterzone(
        "traders-and-builders",
        "traders_and_builders.xml",
        "traders-and-builders:1",
    );
}

#[test]
fn traders_and_builders_contents_match_jcloisterzone() {
    compare_contents_with_jcloisterzone("traders-and-builders", "traders_and_builders.xml");
    compare_contents_with_jcloisterzone("traders-and-builders-gardens", "traders_and_builders.xml");
}

/// The printing with gardens (`traders-and-builders:2`): TB/CcRR.w and TB/CcR.c replaced by
/// the same tiles with a garden.
#[test]
fn traders_and_builders_gardens_matches_jcloisterzone_traders_and_builders_2() {
    let set = shipped("traders-and-builders-gardens");
    assert_eq!(Summary::of(&set).copies, 24);
    assert_eq!(with_a_garden(&set), [("TB/CcRR.wG", 1), ("TB/CcR.cG", 1)]);
    check_against_jcloisterzone(
        "traders-and-builders-gardens",
        "traders_and_builders.xml",
        "traders-and-builders:2",
    );
}

/// Abbey & Mayor's 12 land tiles (`abbey-and-mayor:1`), and its abbey tile, which
/// JCloisterZone builds in its code: a monastery whose four sides are closed, one a player
/// (the digest, "The abbey tile"; six in the box).
#[test]
fn abbey_and_mayor_matches_jcloisterzone_abbey_and_mayor_1() {
    use carcspec::model::{ContentKind, FeatureKind, Side};
    let set = shipped("abbey-and-mayor");
    let summary = Summary::of(&set);
    assert_eq!((summary.tiles, summary.copies, summary.start), (13, 18, 0));
    assert!(set.is_expansion());
    // “Pennants in the set: 6.”
    let pennants: u32 = set
        .tiles
        .iter()
        .flat_map(|t| {
            t.features
                .iter()
                .map(move |f| f.count(ContentKind::Pennant) * t.count)
        })
        .sum();
    assert_eq!(pennants, 6);
    let abbey = set
        .tiles
        .iter()
        .find(|t| t.id == "AM/A")
        .expect("the abbey");
    assert_eq!(abbey.count, 6, "one abbey a player, six in the box");
    assert_eq!(abbey.closed, Side::ALL.to_vec(), "every side closed");
    let kinds: Vec<FeatureKind> = abbey.features.iter().map(|f| f.kind).collect();
    assert_eq!(
        kinds,
        [FeatureKind::Monastery],
        "a monastery and nothing else"
    );
    check_against_jcloisterzone(
        "abbey-and-mayor",
        "abbey_and_mayor.xml",
        "abbey-and-mayor:1",
    );
}

#[test]
fn abbey_and_mayor_contents_match_jcloisterzone() {
    compare_contents_with_jcloisterzone("abbey-and-mayor", "abbey_and_mayor.xml");
}

/// The printing with a garden (`abbey-and-mayor:2`): AM/R replaced by AM/RG.
#[test]
fn abbey_and_mayor_gardens_matches_jcloisterzone_abbey_and_mayor_2() {
    let set = shipped("abbey-and-mayor-gardens");
    let plain = shipped("abbey-and-mayor");
    let ids = |set: &TileSet| -> Vec<String> { set.tiles.iter().map(|t| t.id.clone()).collect() };
    let expected: Vec<String> = ids(&plain)
        .into_iter()
        .map(|id| {
            if id == "AM/R" {
                "AM/RG".to_string()
            } else {
                id
            }
        })
        .collect();
    assert_eq!(ids(&set), expected);
    check_against_jcloisterzone(
        "abbey-and-mayor-gardens",
        "abbey_and_mayor.xml",
        "abbey-and-mayor:2",
    );
    compare_contents_with_jcloisterzone("abbey-and-mayor-gardens", "abbey_and_mayor.xml");
}
