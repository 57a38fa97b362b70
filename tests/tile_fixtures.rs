//! Parser, lowering and lint fixtures: one case per file under `tests/fixtures/tiles/`.
//!
//! Valid fixtures load with no diagnostic at all. Each invalid fixture names the codes it must
//! produce (a first line `# expect: T201 T216`, or in the file name for JSON, which has no
//! comments: `document-malformed.T120.json`) and produces exactly those; its rendered report,
//! source included, is snapshotted in `snapshots/tiles/`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use carcspec::load;
use carcspec::report;

fn fixtures(kind: &str) -> Vec<PathBuf> {
    let dir = Path::new("tests/fixtures/tiles").join(kind);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no fixtures in {}", dir.display());
    files
}

fn relative(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

fn expected_codes(path: &Path, text: &str) -> BTreeSet<String> {
    let from_comment = text
        .lines()
        .next()
        .and_then(|line| line.strip_prefix("# expect:"))
        .map(str::to_string);
    let from_name = || {
        let stem = path.file_stem()?.to_str()?;
        let (_, codes) = stem.rsplit_once('.')?;
        Some(codes.replace('-', " "))
    };
    from_comment
        .or_else(from_name)
        .unwrap_or_else(|| panic!("{}: names no expected codes", path.display()))
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
fn valid_fixtures_load_without_diagnostics() {
    for path in fixtures("valid") {
        let loaded = load::load(&relative(&path)).unwrap();
        let rendered = report::render(&loaded.origin, &loaded.text, &loaded.diagnostics, false);
        assert!(
            loaded.diagnostics.is_empty() && loaded.set.is_some(),
            "{} should be clean:\n{rendered}",
            path.display()
        );
    }
}

/// A fixture whose second line is `# with: <set>...` is linted as played together with those
/// sets (`carcspec tiles lint <fixture> --with <set>`), for the lints of a combination.
fn lint_with_named_sets(loaded: &mut load::LoadedTiles) {
    let Some(names) = loaded
        .text
        .lines()
        .nth(1)
        .and_then(|line| line.strip_prefix("# with:"))
    else {
        return;
    };
    let others: Vec<load::LoadedTiles> = names
        .split_whitespace()
        .map(|name| load::load(name).unwrap())
        .collect();
    let others: Vec<(&str, &carcspec::model::TileSet)> = others
        .iter()
        .map(|o| (o.origin.as_str(), o.set.as_ref().unwrap()))
        .collect();
    if let Some(set) = loaded.usable() {
        let findings = carcspec::lint::lint_with(set, &others);
        loaded.diagnostics.extend(findings);
    }
}

#[test]
fn invalid_fixtures_report_exactly_their_codes() {
    for path in fixtures("invalid") {
        let origin = relative(&path);
        let mut loaded = load::load(&origin).unwrap();
        lint_with_named_sets(&mut loaded);
        let expected = expected_codes(&path, &loaded.text);
        let found: BTreeSet<String> = loaded
            .diagnostics
            .iter()
            .map(|d| d.code.code.to_string())
            .collect();
        let rendered = report::render(&origin, &loaded.text, &loaded.diagnostics, false);
        assert_eq!(found, expected, "{origin}:\n{rendered}");
        assert!(loaded.usable().is_none() || loaded.diagnostics.iter().all(|d| !d.is_error()));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({
            snapshot_path => "../snapshots/tiles",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(name, rendered);
        });
    }
}

#[test]
fn every_code_of_the_tile_ranges_has_a_fixture() {
    let mut covered = BTreeSet::new();
    for path in fixtures("invalid") {
        let text = std::fs::read_to_string(&path).unwrap();
        covered.extend(expected_codes(&path, &text));
    }
    let missing: Vec<&str> = carcspec::rules::codes::all()
        .iter()
        .map(|c| c.code)
        .filter(|code| code.starts_with('T') && !covered.contains(*code))
        .collect();
    assert!(
        missing.is_empty(),
        "codes without an invalid fixture: {missing:?}"
    );
}

/// The twelve places round a tile's edge, clockwise from the north-west corner, as this test
/// reads the tile language on its own (not through the linter): each side's left half, its
/// middle, its right half. `NL` is the west half of N, `SL` the east half of S.
const EDGE: [&str; 12] = [
    "NL", "N", "NR", "EL", "E", "ER", "SL", "S", "SR", "WL", "W", "WR",
];

fn place(name: &str) -> usize {
    EDGE.iter().position(|p| *p == name).unwrap()
}

/// The halves a field's anchors name (a whole side `N` is both halves).
fn halves_of(feature: &carcspec::model::Feature) -> Vec<usize> {
    feature
        .anchors
        .iter()
        .flat_map(|a| {
            let a = a.to_string();
            if a.len() == 1 && a != "I" {
                vec![place(&format!("{a}L")), place(&format!("{a}R"))]
            } else if a == "I" {
                vec![]
            } else {
                vec![place(&a)]
            }
        })
        .collect()
}

/// Whether `p` lies on the clockwise stretch strictly between the places `from` and `to`.
fn between(from: usize, to: usize, p: usize) -> bool {
    (p + 12 - from) % 12 < (to + 12 - from) % 12 && p != from
}

fn lint_codes(set: &carcspec::model::TileSet, tile: carcspec::model::Tile) -> Vec<String> {
    let mut alone = set.clone();
    alone.tiles = vec![tile];
    carcspec::lint::lint(&alone)
        .into_iter()
        .map(|d| d.code.code.to_string())
        .filter(|c| c.starts_with("T24"))
        .collect()
}

/// Breaks the shipped tiles on purpose, three ways, and checks that the topology lints catch
/// every break (and that the unbroken tiles are clean): a field that lines a city loses its
/// `touches=` (T241); the halves of a road's side swap fields, so that both fields cross the
/// road (T240); a field beyond a road from a city claims it (T242).
#[test]
fn the_topology_lints_catch_broken_copies_of_the_shipped_tiles() {
    use carcspec::model::{AnchorClass, FeatureKind};
    let mut broken = [0usize; 3];
    for name in [
        "carcassonne-base",
        "hills-and-sheep",
        "hunters-gatherers-v2",
    ] {
        let set = load::load(&format!("tiles/{name}.tiles"))
            .unwrap()
            .set
            .unwrap();
        for tile in &set.tiles {
            assert_eq!(
                lint_codes(&set, tile.clone()),
                Vec::<String>::new(),
                "{}",
                tile.id
            );
            // 1. A field on the half just past a city's sides, around the edge, lines it.
            for (field_index, field) in tile.features.iter().enumerate() {
                if field.kind != FeatureKind::Field {
                    continue;
                }
                let halves = halves_of(field);
                let lines_a_city = tile
                    .features
                    .iter()
                    .filter(|f| f.kind == FeatureKind::City)
                    .any(|city| {
                        let sides: Vec<usize> = city
                            .anchors
                            .iter()
                            .map(|a| place(&a.to_string()))
                            .chain(city.shares.iter().map(|s| place(&s.letter().to_string())))
                            .collect();
                        sides.iter().any(|&middle| {
                            let (before, after) = ((middle + 10) % 12, (middle + 2) % 12);
                            (halves.contains(&before) && !sides.contains(&((middle + 9) % 12)))
                                || (halves.contains(&after)
                                    && !sides.contains(&((middle + 3) % 12)))
                        })
                    });
                if lines_a_city {
                    let mut copy = tile.clone();
                    copy.features[field_index].touches.clear();
                    let codes = lint_codes(&set, copy);
                    assert!(
                        codes.iter().all(|c| c == "T241") && !codes.is_empty(),
                        "{}: {codes:?}",
                        tile.id
                    );
                    broken[0] += 1;
                }
            }
            // 2 and 3. A road or river from one side to another.
            for road in tile
                .features
                .iter()
                .filter(|f| f.kind.anchor_class() == AnchorClass::Middle && f.anchors.len() == 2)
            {
                let (a, b) = (
                    place(&road.anchors[0].to_string()),
                    place(&road.anchors[1].to_string()),
                );
                let side_of = |p: usize| between(a, b, p);
                // Swap the owners of the two halves beside the road's first end.
                let (left, right) = ((a + 11) % 12, (a + 1) % 12);
                let owner = |p: usize| {
                    tile.features.iter().position(|f| {
                        f.kind.anchor_class() == AnchorClass::Area && halves_of(f).contains(&p)
                    })
                };
                if let (Some(l), Some(r)) = (owner(left), owner(right)) {
                    let others_l = halves_of(&tile.features[l]).len() > 1;
                    let others_r = halves_of(&tile.features[r]).len() > 1;
                    if l != r && (others_l || others_r) {
                        let mut copy = tile.clone();
                        let swap = |f: &mut carcspec::model::Feature, from: &str, to: &str| {
                            for anchor in &mut f.anchors {
                                if anchor.to_string() == from {
                                    *anchor = to.parse().unwrap();
                                }
                            }
                        };
                        swap(&mut copy.features[l], EDGE[left], EDGE[right]);
                        swap(&mut copy.features[r], EDGE[right], EDGE[left]);
                        let codes = lint_codes(&set, copy);
                        assert!(
                            codes.contains(&"T240".to_string()),
                            "{}: {codes:?}",
                            tile.id
                        );
                        broken[1] += 1;
                    }
                }
                // A city wholly on one side, a field wholly on the other, told it touches it.
                for city in tile.features.iter().filter(|f| f.kind == FeatureKind::City) {
                    let Some(label) = &city.label else { continue };
                    let city_side: Vec<bool> = city
                        .anchors
                        .iter()
                        .map(|x| side_of(place(&x.to_string())))
                        .collect();
                    if city_side.iter().any(|s| *s != city_side[0]) {
                        continue;
                    }
                    for (field_index, field) in tile.features.iter().enumerate() {
                        let halves = halves_of(field);
                        if field.kind != FeatureKind::Field
                            || halves.is_empty()
                            || halves.iter().any(|&h| side_of(h) == city_side[0])
                        {
                            continue;
                        }
                        let mut copy = tile.clone();
                        copy.features[field_index].touches.push(label.clone());
                        let codes = lint_codes(&set, copy);
                        assert_eq!(codes, ["T242"], "{}", tile.id);
                        broken[2] += 1;
                    }
                }
            }
        }
    }
    // Every way of breaking a tile was tried on many tiles.
    assert!(broken.iter().all(|n| *n >= 5), "{broken:?}");
}
