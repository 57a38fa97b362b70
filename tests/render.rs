//! `carcspec render`: pictures drawn from the tile model.
//!
//! - SVG of a handful of tiles and of a board, and the text views, are snapshot-tested;
//! - every shipped tile is drawn in every rotation, rasterised, and each of its sides is
//!   checked to show the feature the tile language puts there, where the rotation puts it;
//! - PNGs decode to the size asked for; drawing is deterministic;
//! - every code of the R range is produced by an invocation of the command;
//! - the pictures committed under `docs/images/` are what the commands draw today.

mod common;

use common::{carcspec, stderr, stdout};
use std::path::Path;

use carcspec::model::{Anchor, AnchorClass, FeatureKind, Half, Rotation, Side, Tile, TileSet};
use carcspec::render;

fn shipped(name: &str) -> TileSet {
    carcspec::load::load(name)
        .ok()
        .and_then(|loaded| loaded.usable().cloned())
        .expect("a shipped set loads clean")
}

fn tile<'a>(set: &'a TileSet, id: &str) -> &'a Tile {
    set.tiles
        .iter()
        .find(|t| t.id == id)
        .expect("the tile exists")
}

fn snapshot(name: &str, value: &str) {
    insta::with_settings!({
        snapshot_path => "../snapshots/render",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, value);
    });
}

#[test]
fn tiles_as_svg() {
    let base = shipped("carcassonne-base");
    let hills = shipped("hills-and-sheep");
    let hg = shipped("hunters-gatherers-v2");
    let cases: [(&str, &TileSet, &str, u8); 8] = [
        ("base-RCr-r0", &base, "BA/RCr", 0),
        ("base-CcRr+-corner-city-r270", &base, "BA/CcRr+", 3),
        ("base-CccR+-r90", &base, "BA/CccR+", 1),
        ("base-RRRR-r0", &base, "BA/RRRR", 0),
        ("hills-CC!.v-two-city-stretches", &hills, "HS/CC!.v", 0),
        ("hills-C!.v-two-fields-r270", &hills, "HS/C!.v", 3),
        ("hg-93-lake-logboat", &hg, "HG/93", 0),
        ("hg-14-forest-end-tiger-r180", &hg, "HG/14", 2),
    ];
    for (name, set, id, quarter) in cases {
        let svg = render::tile_svg(tile(set, id), Rotation(quarter), &[]);
        snapshot(&format!("tile-{name}.svg"), &svg);
    }
}

#[test]
fn a_board_as_svg_and_text() {
    let output = carcspec(&["render", "spec/hills-and-sheep/two-city-stretches.game"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    snapshot("board-two-city-stretches.svg", &stdout(&output));

    let output = carcspec(&[
        "render",
        "spec/carcassonne/farms.game",
        "--format",
        "text",
        "--legal",
        "BA/RCr",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    snapshot("board-farms-legal.txt", &stdout(&output));
}

/// The large follower is drawn half as large again as the followers beside it, and the inn
/// and the cathedral have symbols of their own: the board of a spec with both (its SVG
/// snapshot-tested like the others).
#[test]
fn the_large_follower_stands_out_and_inns_and_cathedrals_are_drawn() {
    let output = carcspec(&[
        "render",
        "spec/inns-and-cathedrals/example-6-large-followers-tie.game",
        "--at",
        "25",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let svg = stdout(&output);
    // Three large knights: yellow, red and green, each in a group scaled about its place.
    assert_eq!(svg.matches("scale(1.5)").count(), 3, "{svg}");
    snapshot("board-large-followers.svg", &svg);
    let set = shipped("inns-and-cathedrals");
    let inn = render::tile_svg(tile(&set, "IC/RFr.i"), Rotation(0), &[]);
    let plain = render::tile_svg(
        tile(&shipped("carcassonne-base"), "BA/RFr"),
        Rotation(0),
        &[],
    );
    assert!(inn.len() > plain.len(), "the inn adds its symbol");
    assert!(inn.contains("#e9a630"), "the inn's tankard");
    let cathedral = render::tile_svg(tile(&set, "IC/Cccc.c"), Rotation(0), &[]);
    assert!(cathedral.contains("#c9c4bb"), "the cathedral's grey nave");
}

#[test]
fn tile_sets_as_text() {
    snapshot(
        "sheet-hills-and-sheep.txt",
        &render::text::sheet_text(&shipped("hills-and-sheep")),
    );
    let base = shipped("carcassonne-base");
    let turned: String = (0..4)
        .map(|q| render::text::tile_text(tile(&base, "BA/CRr"), Rotation(q), &[]))
        .collect();
    snapshot("tile-base-CRr-rotations.txt", &turned);
    // The legend says every letter the view shows: a garden's, and a road's that runs east–west
    // only.
    let gardens = shipped("carcassonne-base-gardens");
    let garden: String = (0..2)
        .map(|q| render::text::tile_text(tile(&gardens, "BA/RFrG"), Rotation(q), &[]))
        .collect();
    snapshot("tile-gardens-RFrG-rotations.txt", &garden);
}

/// The colours a side of a tile shows, as RGB.
fn rgb(hex: &str) -> [u8; 3] {
    let value = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap();
    [(value >> 16) as u8, (value >> 8) as u8, value as u8]
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 12)
}

/// What the tile language puts at the middle of a side (for an open side: at its halves).
fn expected_on_side(tile: &Tile, side: Side) -> Vec<(f64, FeatureKind)> {
    let claims = |anchor: Anchor| {
        tile.features.iter().find(|f| match anchor {
            Anchor::Side(s) => {
                f.anchors.contains(&Anchor::Side(s))
                    && matches!(
                        f.kind.anchor_class(),
                        AnchorClass::Whole | AnchorClass::Middle
                    )
                    || f.shares.contains(&s)
            }
            Anchor::Half(s, h) => {
                f.kind.anchor_class() == AnchorClass::Area
                    && (f.anchors.contains(&Anchor::Half(s, h))
                        || f.anchors.contains(&Anchor::Side(s)))
            }
            Anchor::Inner => false,
        })
    };
    let shared = tile.features.iter().any(|f| f.shares.contains(&side));
    if let Some(feature) = claims(Anchor::Side(side)) {
        // A side two city stretches share has a wall between them at its middle.
        return if shared {
            vec![(0.25, feature.kind), (0.75, feature.kind)]
        } else {
            vec![(0.5, feature.kind)]
        };
    }
    [(Half::L, 0.25), (Half::R, 0.75)]
        .into_iter()
        .filter_map(|(half, along)| claims(Anchor::Half(side, half)).map(|f| (along, f.kind)))
        .collect()
}

fn colour_of(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::City => "#d8b27a",
        FeatureKind::Forest => "#2f6f3a",
        FeatureKind::Road => "#f4ecd8",
        FeatureKind::River => "#5fa8e8",
        FeatureKind::Field => "#a4cf6a",
        FeatureKind::Meadow => "#c3dc7e",
        other => panic!("{other} lies on no side"),
    }
}

#[test]
fn every_shipped_tile_shows_its_sides_in_every_rotation() {
    // The single-tile picture puts the tile at (34, 34), 200 units a side; at scale 1 a pixel
    // is a unit. Each side is sampled 8 units inside the border: at its middle for a city,
    // forest, road or river, at the middle of each half for a field or meadow.
    let (origin, size, inset) = (34.0, 200.0, 8.0);
    let mut checked = 0;
    for name in [
        "carcassonne-base",
        "hills-and-sheep",
        "hunters-gatherers-v2",
    ] {
        let set = shipped(name);
        for tile in &set.tiles {
            for rotation in Rotation::ALL {
                let svg = render::tile_svg(tile, rotation, &[]);
                let png = render::png(&svg, 1.0).expect("the picture rasterises");
                let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
                for side in Side::ALL {
                    let board_side = rotation.to_board(side);
                    for (along, kind) in expected_on_side(tile, side) {
                        // `along` runs clockwise along the tile's own side, so along the board
                        // side it lands on as well.
                        let (x, y) = match board_side {
                            Side::N => (along * size, inset),
                            Side::E => (size - inset, along * size),
                            Side::S => ((1.0 - along) * size, size - inset),
                            Side::W => (inset, (1.0 - along) * size),
                        };
                        let (px, py) = ((origin + x) as u32, (origin + y) as u32);
                        let pixel = pixmap.pixel(px, py).unwrap();
                        let got = [pixel.red(), pixel.green(), pixel.blue()];
                        assert!(
                            close(got, rgb(colour_of(kind))),
                            "{} {rotation}: side {} of the tile (board side {}) should show {kind}, shows {got:?} at {px},{py}",
                            tile.id,
                            side.letter(),
                            board_side.letter()
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 2000, "only {checked} samples");
}

#[test]
fn png_has_the_size_asked_for() {
    let base = shipped("carcassonne-base");
    let svg = render::tile_svg(tile(&base, "BA/RCr"), Rotation(1), &[]);
    for (scale, width, height) in [(1.0, 268, 290), (2.0, 536, 580)] {
        let png = render::png(&svg, scale).unwrap();
        let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (width, height));
    }
    let pages = render::print_pages_svg(&base, render::PrintLayout::new(render::Page::A4)).unwrap();
    // 4 × 5 tiles of 45 mm a page: 72 copies take 4 pages, at 10 pixels a millimetre 2100 × 2970.
    assert_eq!(pages.len(), 4);
    let pixmap =
        resvg::tiny_skia::Pixmap::decode_png(&render::png(&pages[0], 10.0).unwrap()).unwrap();
    assert_eq!((pixmap.width(), pixmap.height()), (2100, 2970));
}

#[test]
fn the_output_extension_chooses_the_format_unless_one_is_given() {
    let dir = std::env::temp_dir().join(format!("carcspec-render-ext-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = "spec/carcassonne/farms.game";
    let png = dir.join("board.png");
    let txt = dir.join("board.txt");
    let forced = dir.join("forced.png");
    for (path, format) in [(&png, None), (&txt, None), (&forced, Some("svg"))] {
        let mut args = vec!["render", game, "-o", path.to_str().unwrap()];
        if let Some(format) = format {
            args.extend(["--format", format]);
        }
        let output = carcspec(&args);
        assert!(output.status.success(), "{}", stderr(&output));
    }
    let png = std::fs::read(&png).unwrap();
    assert!(
        resvg::tiny_skia::Pixmap::decode_png(&png).is_ok(),
        "`-o board.png` is a PNG"
    );
    let txt = std::fs::read_to_string(&txt).unwrap();
    assert!(!txt.contains("<svg"), "`-o board.txt` is the text view");
    let forced = std::fs::read_to_string(&forced).unwrap();
    assert!(
        forced.starts_with("<svg"),
        "`--format svg` wins over the extension"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn print_pages_hold_every_copy_at_real_size() {
    let set = shipped("hills-and-sheep");
    for page in [render::Page::A4, render::Page::Letter] {
        let layout = render::PrintLayout::new(page);
        let pages = render::print_pages_svg(&set, layout).unwrap();
        let tiles: usize = pages.iter().map(|p| p.matches("scale(0.45)").count()).sum();
        assert_eq!(tiles as u64, set.copies(), "{page:?}");
        let (w, _) = page.size_mm();
        assert!(pages[0].contains(&format!("width=\"{}mm\"", carcspec::render::svg::num(w))));
    }
    // A tile larger than the page does not fit.
    let huge = render::PrintLayout {
        page: render::Page::A4,
        tile_mm: 300.0,
    };
    assert_eq!(
        render::print_pages_svg(&set, huge),
        Err(render::PrintProblem::TileDoesNotFit)
    );
    // A count no box holds is refused before anything is laid out.
    let mut many = set.clone();
    many.tiles[0].count = u32::MAX;
    assert!(matches!(
        render::print_pages_svg(&many, render::PrintLayout::new(render::Page::A4)),
        Err(render::PrintProblem::TooManyPages(_))
    ));
}

#[test]
fn rendering_is_deterministic() {
    let hg = shipped("hunters-gatherers-v2");
    assert_eq!(render::sheet_svg(&hg), render::sheet_svg(&hg));
    let a = carcspec(&["render", "spec/hunters-gatherers/huts-and-fishermen.game"]);
    let b = carcspec(&["render", "spec/hunters-gatherers/huts-and-fishermen.game"]);
    assert_eq!(stdout(&a), stdout(&b));
    let svg = render::tile_svg(tile(&hg, "HG/93"), Rotation(2), &[]);
    assert_eq!(
        render::png(&svg, 1.5).unwrap(),
        render::png(&svg, 1.5).unwrap()
    );
}

#[test]
fn games_render_at_a_line_and_after_a_turn() {
    let game = "spec/hills-and-sheep/two-city-stretches.game";
    let at_end = stdout(&carcspec(&["render", game, "--format", "text"]));
    let before_first_turn = stdout(&carcspec(&[
        "render", game, "--format", "text", "--turn", "0",
    ]));
    assert!(at_end.contains("last placed:"));
    // The game's turns change the board: the end is not the state before the first turn.
    assert_ne!(
        at_end.lines().skip(1).collect::<Vec<_>>(),
        before_first_turn.lines().skip(1).collect::<Vec<_>>()
    );
    // The line of the first `turn`: the same board as `--turn 0`.
    let text = std::fs::read_to_string(game).unwrap();
    let line = text.lines().position(|l| l.starts_with("turn ")).unwrap() + 1;
    let at_line = stdout(&carcspec(&[
        "render",
        game,
        "--format",
        "text",
        "--at",
        &line.to_string(),
    ]));
    assert_eq!(
        at_line.lines().skip(1).collect::<Vec<_>>(),
        before_first_turn.lines().skip(1).collect::<Vec<_>>()
    );
}

/// Turns written on one line (`turn red; …; turn blue; …`, as a recorded game may be): each
/// `--turn N` shows the board after exactly N turns, not after the line's first.
#[test]
fn turns_on_one_line_render_one_by_one() {
    let dir = std::env::temp_dir().join(format!("carcspec-one-line-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("one-line.game");
    std::fs::write(
        &game,
        "ruleset carcassonne\ntiles carcassonne-base\nplayers red blue\nturn red; draw BA/RFr; place at 1,0; pass; turn blue; draw BA/RFr; place at 2,0; pass\nstop\n",
    )
    .unwrap();
    let game = game.to_str().unwrap();
    for (turns, last) in [
        ("0", "BA/RCr at 0,0"),
        ("1", "BA/RFr at 1,0"),
        ("2", "BA/RFr at 2,0"),
    ] {
        let board = stdout(&carcspec(&[
            "render", game, "--format", "text", "--turn", turns,
        ]));
        assert!(
            board.contains(&format!("last placed: {last}")),
            "--turn {turns}:\n{board}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_highlight_covers_the_whole_feature() {
    // In farms.game the city of the start tile (0,0) joins the city of the tile above it.
    let output = carcspec(&[
        "render",
        "spec/carcassonne/farms.game",
        "--format",
        "text",
        "--highlight",
        "0,0:N",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let rows: Vec<&str> = text.lines().collect();
    // Rows of y -1 (lines 2–6) and y 0 (lines 7–11): both halves of the joined city are `#`.
    assert!(rows[2..7].iter().any(|r| r.contains("###")), "{text}");
    assert!(rows[7..12].iter().any(|r| r.contains("###")), "{text}");
}

/// Every R code, and an invocation that produces it.
#[test]
fn every_render_code_is_produced() {
    let out = std::env::temp_dir().join(format!("carcspec-render-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let png = out.join("a.png").display().to_string();
    let pages = out.join("pages.svg").display().to_string();
    let missing_dir = out.join("no/such/folder/a.svg").display().to_string();
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("R001", vec!["carcassonne-base", "--tile", "BA/NOPE"]),
        (
            "R001",
            vec!["spec/carcassonne/farms.game", "--legal", "BA/NOPE"],
        ),
        (
            "R002",
            vec!["carcassonne-base", "--tile", "BA/RCr", "--rotation", "r45"],
        ),
        ("R003", vec!["carcassonne-base", "--format", "png"]),
        ("R004", vec!["spec/carcassonne/farms.game", "--at", "9999"]),
        ("R004", vec!["spec/carcassonne/farms.game", "--turn", "99"]),
        (
            "R005",
            vec!["spec/carcassonne/farms.game", "--highlight", "7,7:N"],
        ),
        (
            "R005",
            vec!["spec/carcassonne/farms.game", "--highlight", "north"],
        ),
        (
            "R005",
            vec!["carcassonne-base", "--tile", "BA/L", "--highlight", "zz"],
        ),
        ("R006", vec!["tests/fixtures/render/broken.tiles"]),
        ("R006", vec!["tests/fixtures/render/unplayable.game"]),
        ("R007", vec!["carcassonne-base", "--at", "3"]),
        (
            "R007",
            vec!["spec/carcassonne/farms.game", "--tile", "BA/RCr"],
        ),
        (
            "R007",
            vec!["carcassonne-base", "--page", "a4", "--format", "text"],
        ),
        ("R008", vec!["tests/fixtures/render/far-apart.game"]),
        (
            "R008",
            vec![
                "tests/fixtures/render/many-copies.tiles",
                "--page",
                "a4",
                "-o",
                &pages,
            ],
        ),
        (
            "R008",
            vec![
                "carcassonne-base",
                "--format",
                "png",
                "--scale",
                "60",
                "-o",
                &png,
            ],
        ),
        ("R009", vec!["carcassonne-base", "-o", &missing_dir]),
        ("R010", vec!["carcassonne-base", "--page", "a4"]),
        (
            "R011",
            vec!["carcassonne-base", "--page", "letter", "--tile-mm", "250"],
        ),
    ];
    let mut covered = std::collections::BTreeSet::new();
    for (code, args) in &cases {
        let mut full = vec!["render"];
        full.extend(args.iter().copied());
        let output = carcspec(&full);
        let err = stderr(&output);
        assert!(
            err.contains(&format!("error[{code} ")),
            "carcspec {}: expected {code}, got:\n{err}",
            full.join(" ")
        );
        assert_ne!(output.status.code(), Some(0));
        assert!(stdout(&output).is_empty(), "no picture on a refusal");
        covered.insert(*code);
    }
    for code in carcspec::rules::codes::all()
        .iter()
        .filter(|c| c.code.starts_with('R'))
    {
        assert!(
            covered.contains(code.code),
            "{} is produced by no case",
            code.code
        );
    }
    // The multi-page print writes one file a page.
    let output = carcspec(&["render", "carcassonne-base", "--page", "a4", "-o", &pages]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    for n in 1..=4 {
        assert!(out.join(format!("pages-{n}.svg")).is_file());
    }
    std::fs::remove_dir_all(&out).ok();
}

/// The pictures in `docs/images/` are what the commands of `docs/rendering.md` draw today.
#[test]
fn the_pictures_in_the_docs_are_current() {
    let cases: [(&str, &[&str]); 4] = [
        (
            "docs/images/tile-BA-CRr-r90.svg",
            &["carcassonne-base", "--tile", "BA/CRr", "--rotation", "r90"],
        ),
        (
            "docs/images/tile-HS-CCv.svg",
            &["hills-and-sheep", "--tile", "HS/CC!.v"],
        ),
        (
            "docs/images/sheet-hills-and-sheep.svg",
            &["hills-and-sheep"],
        ),
        (
            "docs/images/board-farms.svg",
            &["spec/carcassonne/farms.game", "--legal", "BA/RCr"],
        ),
    ];
    for (file, args) in cases {
        let mut full = vec!["render"];
        full.extend(args.iter().copied());
        let drawn = stdout(&carcspec(&full));
        let committed = std::fs::read_to_string(Path::new(file)).unwrap_or_default();
        assert!(
            drawn == committed,
            "{file} is out of date: run `carcspec {} -o {file}`",
            full.join(" ")
        );
    }
}

/// Every spec's board at its end, and every shipped set's sheet, draws to SVG and to a PNG
/// that decodes.
#[test]
fn every_spec_board_and_every_sheet_renders() {
    let out = std::env::temp_dir().join(format!("carcspec-render-all-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let png = out.join("picture.png");
    fn games_below(dir: &Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                games_below(&path, found);
            } else if path.extension().is_some_and(|e| e == "game") {
                found.push(path.display().to_string());
            }
        }
    }
    let mut inputs: Vec<String> = Vec::new();
    games_below(Path::new("spec"), &mut inputs);
    inputs.sort();
    assert!(inputs.len() > 40, "specs not found");
    inputs.extend(
        [
            "carcassonne-base",
            "hills-and-sheep",
            "hunters-gatherers-v2",
        ]
        .map(String::from),
    );
    for input in &inputs {
        let svg = carcspec(&["render", input]);
        assert_eq!(svg.status.code(), Some(0), "{input}: {}", stderr(&svg));
        assert!(stdout(&svg).starts_with("<svg "), "{input}");
        let output = carcspec(&[
            "render",
            input,
            "--format",
            "png",
            "--scale",
            "0.5",
            "-o",
            png.to_str().unwrap(),
        ]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{input}: {}",
            stderr(&output)
        );
        let pixmap = resvg::tiny_skia::Pixmap::decode_png(&std::fs::read(&png).unwrap()).unwrap();
        assert!(pixmap.width() > 50 && pixmap.height() > 50, "{input}");
    }
    std::fs::remove_dir_all(&out).ok();
}

/// The shapes follow the anchors: one shape per city (two on the side two stretches share),
/// a hedge between separate fields and none inside one field.
#[test]
fn the_shapes_follow_the_anchors() {
    let base = shipped("carcassonne-base");
    let hills = shipped("hills-and-sheep");
    let city_shapes = |svg: &str| svg.matches(r##"fill="#d8b27a""##).count();
    let hedges = |svg: &str| svg.matches(r##"stroke="#5d7f2e""##).count();
    let draw = |t: &Tile| render::tile_svg(t, Rotation(0), &[]);
    // `city c: N E W` is one shape; the base tile with one field has no hedge.
    assert_eq!(city_shapes(&draw(tile(&base, "BA/CccR"))), 1);
    assert_eq!(hedges(&draw(tile(&base, "BA/C"))), 0);
    // Two cities on N and S that do not join: two shapes.
    assert_eq!(city_shapes(&draw(tile(&base, "BA/CFC.2"))), 2);
    // HS/CC!.v: two city stretches on side N, two shapes.
    assert_eq!(city_shapes(&draw(tile(&hills, "HS/CC!.v"))), 2);
    // HS/C!.v: the open side S is two fields: a hedge parts them.
    assert!(hedges(&draw(tile(&hills, "HS/C!.v"))) >= 1);
    // HS/CFC.v: fields N and S between the cities of W and E: a hedge from wall to wall.
    assert_eq!(hedges(&draw(tile(&hills, "HS/CFC.v"))), 2);
    // A field on NL alone lies on the left (west) half of side N: the hedge of a tile whose
    // side N has two fields runs down from the middle of N.
    let local = carcspec::load::from_text(
        "local.tiles",
        "tileset local\nruleset carcassonne\ntile HALF x1 start {\n  field: NL\n  field: NR E S W\n}\n".to_string(),
        None,
    );
    let set = local.usable().expect("the local set lints clean");
    let svg = draw(&set.tiles[0]);
    assert!(
        svg.contains(r#"<line x1="50" y1="50" x2="50" y2="0""#),
        "{svg}"
    );
}

/// Two fields that only a road ending on the tile parts near its side meet beyond the road's
/// end: a hedge runs from the end to the side where they meet, so that they do not read as one.
#[test]
fn fields_parted_by_a_road_end_meet_at_a_hedge() {
    let road_end = tile_of(
        "tileset t\nruleset carcassonne\ntile ROADEND x1 start {\n  road: S\n  field: SR WL WR NL\n  field: NR EL ER SL\n}\n",
    );
    let png = single_tile_png(&road_end, Rotation(0), &[]);
    let hedge = rgb("#5d7f2e");
    assert!(
        close(tile_pixel(&png, 50.0, 20.0), hedge),
        "a hedge north of the road's end"
    );
    assert!(
        !close(tile_pixel(&png, 30.0, 20.0), hedge),
        "the fields themselves"
    );
    // One field all round the road's end: no hedge.
    let one_field = tile_of(
        "tileset t\nruleset carcassonne\ntile ROADEND x1 start {\n  road: S\n  field: SR W N E SL\n}\n",
    );
    let png = single_tile_png(&one_field, Rotation(0), &[]);
    assert!(!close(tile_pixel(&png, 50.0, 20.0), hedge));
}

/// The tile a text of the tile language defines (a set of its own, linted clean).
fn tile_of(text: &str) -> Tile {
    let set = carcspec::load::from_text("test.tiles", text.to_string(), None)
        .usable()
        .cloned()
        .expect("the test's tile set lints clean");
    set.tiles[0].clone()
}

/// The pixel of a single tile's PNG at a point of the tile (tile coordinates, 0–100, north up
/// as drawn): the picture puts the tile at (34, 34), two pixels a unit.
fn tile_pixel(png: &[u8], x: f64, y: f64) -> [u8; 3] {
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(png).unwrap();
    let pixel = pixmap
        .pixel((34.0 + 2.0 * x) as u32, (34.0 + 2.0 * y) as u32)
        .unwrap();
    [pixel.red(), pixel.green(), pixel.blue()]
}

fn single_tile_png(tile: &Tile, rotation: Rotation, highlight: &[usize]) -> Vec<u8> {
    render::png(&render::tile_svg(tile, rotation, highlight), 1.0).unwrap()
}

/// The feature of `tile` that claims `anchor`.
fn feature_at(tile: &Tile, anchor: &str) -> usize {
    let anchor: Anchor = anchor.parse().unwrap();
    tile.features
        .iter()
        .position(|f| f.anchors.contains(&anchor))
        .expect("a feature claims the anchor")
}

/// A field's colour under the highlight's yellow tint (45 %).
fn tinted_field() -> [u8; 3] {
    let (field, yellow) = (rgb("#a4cf6a"), rgb("#ffd400"));
    std::array::from_fn(|i| (f64::from(field[i]) * 0.55 + f64::from(yellow[i]) * 0.45) as u8)
}

#[test]
fn a_field_highlight_covers_its_field_and_nothing_else() {
    let base = shipped("carcassonne-base");
    // BA/RCr: the field north of the road (EL WR) lies between the city and the road.
    let rcr = tile(&base, "BA/RCr");
    let png = single_tile_png(rcr, Rotation(0), &[feature_at(rcr, "EL")]);
    let got = tile_pixel(&png, 85.0, 36.0);
    assert!(close(got, tinted_field()), "the field is tinted: {got:?}");
    let got = tile_pixel(&png, 50.0, 8.0);
    assert!(close(got, rgb("#d8b27a")), "the city is not: {got:?}");
    let got = tile_pixel(&png, 30.0, 50.0);
    assert!(close(got, rgb("#f4ecd8")), "the road is not: {got:?}");
    let got = tile_pixel(&png, 50.0, 80.0);
    assert!(
        close(got, rgb("#a4cf6a")),
        "the other field is not: {got:?}"
    );
    // BA/CcRr: the field EL SR runs between the corner city and the road's curve, right up to
    // the curve near the centre (no notch where the slices of the other field meet).
    let ccrr = tile(&base, "BA/CcRr");
    let png = single_tile_png(ccrr, Rotation(0), &[feature_at(ccrr, "EL")]);
    let got = tile_pixel(&png, 60.0, 57.0);
    assert!(close(got, tinted_field()), "up to the curve: {got:?}");
    let got = tile_pixel(&png, 57.0, 60.0);
    assert!(close(got, tinted_field()), "on both slices: {got:?}");
    let got = tile_pixel(&png, 85.0, 85.0);
    assert!(close(got, rgb("#a4cf6a")), "not inside the curve: {got:?}");
    let got = tile_pixel(&png, 20.0, 20.0);
    assert!(close(got, rgb("#d8b27a")), "not the city: {got:?}");
}

#[test]
fn roads_that_cross_without_joining_pass_on_a_bridge() {
    let bridge = tile_of(
        "tileset t\nruleset carcassonne\ntile BRIDGE x2 start {\n  road: N S\n  road: E W\n  field: NR EL\n  field: ER SL\n  field: SR WL\n  field: WR NL\n}\n",
    );
    let parapet = rgb("#4a3f35");
    // The later road (E W) passes over: a parapet along each of its sides at the crossing.
    let png = single_tile_png(&bridge, Rotation(0), &[]);
    assert!(close(tile_pixel(&png, 58.0, 44.0), parapet));
    assert!(close(tile_pixel(&png, 42.0, 56.0), parapet));
    // The crossroads, whose four roads end at a village, has none.
    let base = shipped("carcassonne-base");
    let png = single_tile_png(tile(&base, "BA/RRRR"), Rotation(0), &[]);
    assert!(!close(tile_pixel(&png, 58.0, 44.0), parapet));
    // Turned, the bridge turns with its road.
    let png = single_tile_png(&bridge, Rotation(1), &[]);
    assert!(close(tile_pixel(&png, 56.0, 58.0), parapet));
}

/// A highlight follows its road through a bridge: the road under the bridge is outlined up to
/// the deck and no further (the outline would seem to run over the bridge), the road on the
/// bridge across it.
#[test]
fn a_highlight_on_a_bridge_tile_keeps_the_bridge_on_top() {
    let bridge = tile_of(
        "tileset t\nruleset carcassonne\ntile BRIDGE x2 start {\n  road: N S\n  road: E W\n  field: NR EL\n  field: ER SL\n  field: SR WL\n  field: WR NL\n}\n",
    );
    // The outline of a road: the highlight's yellow at 80 % over the road's colour.
    let (deck, yellow, road) = (rgb("#c9b99a"), rgb("#ffd400"), rgb("#f4ecd8"));
    let highlight: [u8; 3] =
        std::array::from_fn(|i| (f64::from(yellow[i]) * 0.8 + f64::from(road[i]) * 0.2) as u8);
    let under = single_tile_png(&bridge, Rotation(0), &[feature_at(&bridge, "N")]);
    assert!(
        close(tile_pixel(&under, 50.0, 20.0), highlight),
        "the road under is outlined"
    );
    let centre = tile_pixel(&under, 50.0, 50.0);
    assert!(
        close(centre, deck),
        "the deck covers the road under it: {centre:?}"
    );
    let over = single_tile_png(&bridge, Rotation(0), &[feature_at(&bridge, "E")]);
    let centre = tile_pixel(&over, 50.0, 50.0);
    assert!(
        !close(centre, deck),
        "the road on the bridge is outlined across it: {centre:?}"
    );
    assert!(close(tile_pixel(&over, 80.0, 50.0), highlight));
}

#[test]
fn buildings_stay_upright_in_every_rotation() {
    // BA/RRR: the village where its three roads end. Its roof is above its middle however
    // the tile is turned (the red of the roof at 4 units above the centre).
    let base = shipped("carcassonne-base");
    let roof = rgb("#b5442f");
    for rotation in Rotation::ALL {
        let png = single_tile_png(tile(&base, "BA/RRR"), rotation, &[]);
        assert!(close(tile_pixel(&png, 50.0, 45.0), roof), "{rotation}");
        assert!(!close(tile_pixel(&png, 50.0, 55.0), roof), "{rotation}");
    }
    // A monastery's cross stands above it.
    let monastery = tile(&base, "BA/LR");
    for rotation in Rotation::ALL {
        let png = single_tile_png(monastery, rotation, &[]);
        assert!(
            close(tile_pixel(&png, 50.0, 30.5), rgb("#5a2a1a")),
            "{rotation}"
        );
    }
}

#[test]
fn a_pennant_stands_outside_an_inner_fields_circle() {
    let inner = tile_of(
        "tileset t\nruleset carcassonne\ntile INNER x2 start {\n  city c: N E S W pennant\n  field: I touches=c\n}\n",
    );
    let png = single_tile_png(&inner, Rotation(0), &[]);
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    let shield = rgb("#2553a8");
    let mut inside = 0;
    let mut outside = 0;
    for py in 34..234 {
        for px in 34..234 {
            let p = pixmap.pixel(px, py).unwrap();
            if close([p.red(), p.green(), p.blue()], shield) {
                let (x, y) = ((f64::from(px) - 34.0) / 2.0, (f64::from(py) - 34.0) / 2.0);
                if ((x - 50.0).powi(2) + (y - 50.0).powi(2)).sqrt() <= 19.0 {
                    inside += 1;
                } else {
                    outside += 1;
                }
            }
        }
    }
    assert_eq!(inside, 0, "no pennant inside the inner field's circle");
    assert!(outside > 20, "the pennant is drawn ({outside} pixels)");
}

#[test]
fn the_single_tile_view_labels_the_inside() {
    let base = shipped("carcassonne-base");
    let svg = render::tile_svg(tile(&base, "BA/LR"), Rotation(0), &[]);
    assert!(svg.contains(">I</text>"));
    let png = render::png(&svg, 1.0).unwrap();
    // The light disc of the label, below the monastery's door.
    assert!(close(tile_pixel(&png, 52.5, 67.0), [255, 255, 255]));
    // A tile with nothing inside has no `I`.
    let svg = render::tile_svg(tile(&base, "BA/RCr"), Rotation(0), &[]);
    assert!(!svg.contains(">I</text>"));
}

#[test]
fn long_tile_ids_on_a_sheet_do_not_run_into_each_other() {
    let set = carcspec::load::from_text(
        "long.tiles",
        "tileset long\nruleset carcassonne\nexpansion long\n\
         tile BW/TWO-CITIES-ROAD {\n  city a: N\n  city b: S\n  field: E touches=a,b\n  field: W touches=a,b\n}\n\
         tile BW/CHAPEL-CROSSING-WITH-WELL {\n  monastery: I\n  field: N E S W\n}\n"
            .to_string(),
        None,
    )
    .usable()
    .cloned()
    .unwrap();
    let png = render::png(&render::sheet_svg(&set), 1.0).unwrap();
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    // The sheet's cells are 124 wide from x 24, the tiles 100: the 24 between the first two
    // tiles and their labels (each at most 116 wide round its tile's middle) stays white
    // between the labels' ends (the labels stand from y 140 to 170).
    for py in 140..170 {
        for px in 134..139 {
            let p = pixmap.pixel(px, py).unwrap();
            assert!(
                p.red() > 200 && p.green() > 200 && p.blue() > 200,
                "text between the labels at {px},{py}"
            );
        }
    }
}

#[test]
fn farmers_lie_in_their_fields() {
    // farms.game ends with a red farmer at 0,0 and a blue one at 0,-1, both in fields: each
    // is wider than tall, as a meeple laid down is.
    let svg = stdout(&carcspec(&["render", "spec/carcassonne/farms.game"]));
    let png = render::png(&svg, 1.0).unwrap();
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    for colour in ["#d62828", "#1f5fd1"] {
        let (mut x0, mut x1, mut y0, mut y1) = (u32::MAX, 0, u32::MAX, 0);
        // Above the legend, which stands its figures up.
        for py in 0..pixmap.height() - 40 {
            for px in 0..pixmap.width() {
                let p = pixmap.pixel(px, py).unwrap();
                if close([p.red(), p.green(), p.blue()], rgb(colour)) {
                    (x0, x1, y0, y1) = (x0.min(px), x1.max(px), y0.min(py), y1.max(py));
                }
            }
        }
        assert!(x1 > x0, "{colour}: no figure drawn");
        assert!(
            x1 - x0 > y1 - y0,
            "{colour}: the farmer stands ({}×{})",
            x1 - x0,
            y1 - y0
        );
    }
}

/// The single-tile view's caption (id, rotation, count) stays on the picture: a long id of a fan
/// expansion is set smaller than a short one, whose size is unchanged.
#[test]
fn a_long_id_is_set_smaller_in_the_tile_caption() {
    let caption_size = |svg: &str, id: &str| -> f64 {
        let text = svg
            .lines()
            .flat_map(|line| line.split("<text "))
            .find(|t| t.contains(&format!(">{id}  r0")))
            .unwrap_or_else(|| panic!("no caption for {id}"));
        let size = text.split("font-size=\"").nth(1).unwrap();
        size[..size.find('"').unwrap()].parse().unwrap()
    };
    let base = shipped("carcassonne-base");
    let short = render::tile_svg(tile(&base, "BA/RCr"), Rotation(0), &[]);
    assert_eq!(caption_size(&short, "BA/RCr"), 14.0);
    let mut long = tile(&base, "BA/RCr").clone();
    long.id = "BW/A-VERY-LONG-MONASTERY-NAME-INDEED".into();
    let svg = render::tile_svg(&long, Rotation(0), &[]);
    assert!(caption_size(&svg, &long.id) < 10.0, "{svg}");
}

/// An unknown tile id is answered with the ids nearest to it by edit distance, as `check` and
/// `fit` answer it: a slip of case or a letter finds the tile.
#[test]
fn an_unknown_tile_suggests_the_nearest_ids() {
    let output = carcspec(&["render", "carcassonne-base", "--tile", "ba/rcr"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("did you mean `BA/RCr`"), "{stderr}");
    let output = carcspec(&["render", "carcassonne-base", "--tile", "BA/RCX"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("`BA/RCr`"), "one letter off: {stderr}");
}

/// Pixels of `png` (a single tile's picture) inside the tile whose colour is within `tolerance`
/// of `colour` on every channel.
fn tile_pixels_near(png: &[u8], colour: &str, tolerance: u8) -> Vec<(u32, u32)> {
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(png).unwrap();
    let target = rgb(colour);
    let mut found = Vec::new();
    for py in 34..234 {
        for px in 34..234 {
            let p = pixmap.pixel(px, py).unwrap();
            let [r, g, b] = [p.red(), p.green(), p.blue()];
            if [r, g, b]
                .iter()
                .zip(target)
                .all(|(x, y)| x.abs_diff(y) <= tolerance)
            {
                found.push((px, py));
            }
        }
    }
    found
}

const RIVER_FILL: &str = "#5fa8e8";
const FOREST_EDGE: &str = "#1b4724";

/// "Both ends reach a forest or a lake" (the 2020 rules): a river whose end is `forest-end`
/// is drawn running into a forest of its tile, in every rotation, not stopping in a meadow
/// short of it. Its water meets a forest's edge.
#[test]
fn a_river_that_ends_in_a_forest_runs_into_it() {
    let set = shipped("hunters-gatherers-v2");
    let forest_ends: Vec<&Tile> = set
        .tiles
        .iter()
        .filter(|t| {
            t.features.iter().any(|f| {
                f.kind == FeatureKind::River
                    && f.contents
                        .contains_key(&carcspec::model::ContentKind::ForestEnd)
            })
        })
        .collect();
    assert!(
        forest_ends.len() >= 6,
        "the 2020 set has rivers that end in forests"
    );
    for tile in forest_ends {
        for quarter in 0..4 {
            let png = single_tile_png(tile, Rotation(quarter), &[]);
            let edges: std::collections::HashSet<(u32, u32)> =
                tile_pixels_near(&png, FOREST_EDGE, 10)
                    .into_iter()
                    .collect();
            let meets = tile_pixels_near(&png, RIVER_FILL, 10)
                .into_iter()
                .any(|(x, y)| {
                    (x.saturating_sub(4)..=x + 4)
                        .any(|ex| (y.saturating_sub(4)..=y + 4).any(|ey| edges.contains(&(ex, ey))))
                });
            assert!(
                meets,
                "{} r{}: its river runs into a forest",
                tile.id,
                quarter * 90
            );
        }
    }
    // HG/14 (river from N, forests E, S and W): the water runs straight down to the south
    // forest, through the middle where the short end used to leave meadow.
    let hg14 = tile(&set, "HG/14");
    let png = single_tile_png(hg14, Rotation(0), &[]);
    assert!(close(tile_pixel(&png, 50.0, 60.0), rgb(RIVER_FILL)));
}

/// Two rivers that end in one forest from neighbouring sides (HG/70: from N and from E into the
/// forest on S and W) stay two rivers in the picture: their water never touches.
#[test]
fn two_rivers_into_one_forest_stay_apart() {
    let set = shipped("hunters-gatherers-v2");
    let png = single_tile_png(tile(&set, "HG/70"), Rotation(0), &[]);
    // The water and its banks, flooded from one pixel: one river's pixels only.
    let water: std::collections::HashSet<(u32, u32)> = tile_pixels_near(&png, RIVER_FILL, 40)
        .into_iter()
        .chain(tile_pixels_near(&png, "#2a6cb0", 40))
        .collect();
    let start = *water.iter().min().unwrap();
    let mut seen = std::collections::HashSet::from([start]);
    let mut queue = vec![start];
    while let Some((x, y)) = queue.pop() {
        for next in [
            (x + 1, y),
            (x.wrapping_sub(1), y),
            (x, y + 1),
            (x, y.wrapping_sub(1)),
        ] {
            if water.contains(&next) && seen.insert(next) {
                queue.push(next);
            }
        }
    }
    let other: Vec<&(u32, u32)> = water.difference(&seen).collect();
    assert!(
        other.len() * 5 > water.len(),
        "one river's water ({} pixels) is not all the water ({})",
        seen.len(),
        water.len()
    );
    // And the two are well apart, not only parted by the forest's edge drawn between them.
    let gap = seen
        .iter()
        .flat_map(|a| {
            other
                .iter()
                .map(move |b| (a.0.abs_diff(b.0).pow(2) + a.1.abs_diff(b.1).pow(2)) as f64)
        })
        .fold(f64::INFINITY, f64::min)
        .sqrt();
    assert!(gap >= 10.0, "the two rivers are {gap:.1} pixels apart");
}

/// The inn (Inns & Cathedrals) has a symbol of its own: a tankard on a round sign, in a colour
/// nothing else uses, and nothing like the house that marks a road's end (the village of
/// IC/RRR.i stands beside it).
#[test]
fn the_inn_is_not_drawn_as_a_house() {
    let set = shipped("inns-and-cathedrals");
    let with_inn = tile(&set, "IC/RRR.i");
    let mut without = with_inn.clone();
    for feature in &mut without.features {
        feature.contents.remove(&carcspec::model::ContentKind::Inn);
    }
    let (inn_png, plain_png) = (
        single_tile_png(with_inn, Rotation(0), &[]),
        single_tile_png(&without, Rotation(0), &[]),
    );
    // The houses' red roofs: the inn adds none.
    let roofs = |png: &[u8]| tile_pixels_near(png, "#b5442f", 30).len();
    assert_eq!(roofs(&inn_png), roofs(&plain_png), "the inn adds no roof");
    let ale = |png: &[u8]| tile_pixels_near(png, "#e9a630", 12).len();
    assert!(
        ale(&inn_png) > 30,
        "the tankard's ale is drawn ({})",
        ale(&inn_png)
    );
    assert_eq!(ale(&plain_png), 0);
}

/// The pixels of `tile` drawn alone (two pixels a unit), as colours, with its width.
fn tile_pixels(png: &[u8]) -> (Vec<[u8; 3]>, u32) {
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(png).unwrap();
    let pixels = pixmap
        .pixels()
        .iter()
        .map(|p| [p.red(), p.green(), p.blue()])
        .collect();
    (pixels, pixmap.width())
}

/// A garden lies inside its field, as a farmer does: on every garden tile in every rotation,
/// the ground under its bed (the tile drawn without the garden) is field, never a city, a
/// wall or a road (on `BA/CccG` it was the city, on `BA/RFrG` the road, on `BA/CcG` the wall).
#[test]
fn a_garden_lies_inside_its_field() {
    let lawn = rgb("#8cc063");
    let field = rgb("#a4cf6a");
    let mut seen = 0;
    for set in ["carcassonne-base-gardens", "hills-and-sheep-gardens"] {
        let set = shipped(set);
        for with_garden in set
            .tiles
            .iter()
            .filter(|t| t.features.iter().any(|f| f.kind == FeatureKind::Garden))
        {
            let mut without = with_garden.clone();
            without.features.retain(|f| f.kind != FeatureKind::Garden);
            for rotation in Rotation::ALL {
                let (garden, width) = tile_pixels(&single_tile_png(with_garden, rotation, &[]));
                let (ground, _) = tile_pixels(&single_tile_png(&without, rotation, &[]));
                // The bed: the box round the lawn's pixels (the lawn rings the tree), told
                // from the blend of a hedge's edge with the field by their exact colour.
                let lawn_at: Vec<(u32, u32)> = (0..garden.len() as u32)
                    .filter(|i| {
                        let pixel = garden[*i as usize];
                        pixel.iter().zip(lawn).all(|(a, b)| a.abs_diff(b) <= 2)
                    })
                    .map(|i| (i % width, i / width))
                    .collect();
                assert!(
                    !lawn_at.is_empty(),
                    "{} {rotation}: no garden",
                    with_garden.id
                );
                let (x0, x1) = (
                    lawn_at.iter().map(|p| p.0).min().unwrap(),
                    lawn_at.iter().map(|p| p.0).max().unwrap(),
                );
                let (y0, y1) = (
                    lawn_at.iter().map(|p| p.1).min().unwrap(),
                    lawn_at.iter().map(|p| p.1).max().unwrap(),
                );
                let (cx, cy) = (f64::from(x0 + x1) / 2.0, f64::from(y0 + y1) / 2.0);
                let radius = f64::from(x1 - x0).max(f64::from(y1 - y0)) / 2.0 + 1.0;
                for (i, colour) in ground.iter().enumerate() {
                    let (x, y) = (f64::from(i as u32 % width), f64::from(i as u32 / width));
                    if (x - cx).hypot(y - cy) <= radius {
                        assert!(
                            close(*colour, field),
                            "{} {rotation}: under the garden at ({x}, {y}) lies {colour:?}, not field",
                            with_garden.id
                        );
                    }
                }
                seen += 1;
            }
        }
    }
    assert_eq!(seen, 9 * 4, "every garden tile in every rotation");
}

/// A board of one tile with one figure of red's on `feature`, as a PNG (two pixels a unit),
/// or without it.
fn one_tile_board_png(tile: &Tile, rotation: Rotation, feature: Option<usize>) -> Vec<u8> {
    let board = render::Board {
        title: "t".into(),
        tiles: vec![render::BoardTile {
            tile,
            pos: carcspec::model::Pos::new(0, 0),
            rotation,
        }],
        figures: feature
            .map(|feature| render::BoardFigure {
                spot: render::BoardSpot::Feature {
                    placement: 0,
                    feature,
                },
                player: Some(0),
                kind: "follower".into(),
                strength: carcspec::rules::Strength::Fixed(1),
                picture: Some(&carcspec::rules::FigurePicture::MEEPLE),
            })
            .into_iter()
            .collect(),
        players: vec!["red".into()],
        ..render::Board::default()
    };
    render::png(&render::board_svg(&board), 2.0).unwrap()
}

/// A farmer lies inside its field: on every tile of the base game (with and without gardens)
/// in every rotation, the ground under every pixel of a farmer on each field is that field,
/// never a city wall (the narrow fields of `BA/CFc+`), a road or a garden.
#[test]
fn a_farmer_lies_inside_its_field() {
    let field = rgb("#a4cf6a");
    for set in ["carcassonne-base", "carcassonne-base-gardens"] {
        let set = shipped(set);
        for tile in &set.tiles {
            for (index, _) in tile
                .features
                .iter()
                .enumerate()
                .filter(|(_, f)| f.kind == FeatureKind::Field)
            {
                for rotation in Rotation::ALL {
                    let (with, _) = tile_pixels(&one_tile_board_png(tile, rotation, Some(index)));
                    let (ground, width) = tile_pixels(&one_tile_board_png(tile, rotation, None));
                    // The legend's figure, below the board, is not the farmer.
                    let board_end = ground.len() - 60 * 2 * width as usize;
                    let mut farmer = 0;
                    for i in 0..board_end {
                        if with[i] != ground[i] {
                            farmer += 1;
                            assert!(
                                close(ground[i], field),
                                "{} {rotation}: the farmer on field {index} lies on {:?} at ({}, {})",
                                tile.id,
                                ground[i],
                                i % width as usize,
                                i / width as usize
                            );
                        }
                    }
                    assert!(farmer > 50, "{} {rotation}: no farmer drawn", tile.id);
                }
            }
        }
    }
}

/// A tile of `set` turned by `rotation`, its PNG's pixel at a point given as the tile lies at
/// r0 (the point turned with the tile).
fn turned_pixel(png: &[u8], rotation: Rotation, x: f64, y: f64) -> [u8; 3] {
    let (mut x, mut y) = (x, y);
    for _ in 0..rotation.0 {
        (x, y) = (100.0 - y, x);
    }
    tile_pixel(png, x, y)
}

/// The River's road bridges carry the road over the water: the deck lies along the road with
/// its parapets across the river, the water seen flowing under it on both sides.
#[test]
fn a_road_crosses_the_river_on_its_bridge() {
    let parapet = rgb("#4a3f35");
    let (river, road) = (rgb("#5fa8e8"), rgb("#f4ecd8"));
    for (set, id) in [("the-river", "RI.1/RIrI"), ("the-river-2", "RI.2/RIrI")] {
        let set = shipped(set);
        let bridge = tile(&set, id);
        for rotation in Rotation::ALL {
            let png = single_tile_png(bridge, rotation, &[]);
            // r0: the road runs W E, the river N S.
            for (x, y) in [(40.0, 44.0), (60.0, 44.0), (40.0, 56.0), (60.0, 56.0)] {
                let got = turned_pixel(&png, rotation, x, y);
                assert!(close(got, parapet), "{id} {rotation} ({x}, {y}): {got:?}");
            }
            for (x, y) in [(50.0, 25.0), (50.0, 75.0)] {
                let got = turned_pixel(&png, rotation, x, y);
                assert!(close(got, river), "{id} {rotation} ({x}, {y}): {got:?}");
            }
            // The road on the west bank, up to the deck.
            let got = turned_pixel(&png, rotation, 30.0, 50.0);
            assert!(close(got, road), "{id} {rotation}: {got:?}");
        }
    }
}

/// The River II's lake by a city (`RI.2/IFC`) ends its river in a lake, not in a ring like
/// the spring's; the arms of its fork (`RI.2/III`) flow into each other with no edge across
/// the water where they meet.
#[test]
fn the_river_ends_in_its_lake_and_the_fork_has_no_seam() {
    let set = shipped("the-river-2");
    let (lake, river) = (rgb("#4f95d6"), rgb("#5fa8e8"));
    let png = single_tile_png(tile(&set, "RI.2/IFC"), Rotation(0), &[]);
    let (pixels, _) = tile_pixels(&png);
    let lake_pixels = pixels.iter().filter(|p| close(**p, lake)).count();
    // A lake some 30 units across: far more than a ring of 9 (at two pixels a unit).
    assert!(lake_pixels > 2000, "{lake_pixels} pixels of lake");
    assert!(close(tile_pixel(&png, 40.0, 50.0), lake));
    let fork = single_tile_png(tile(&set, "RI.2/III"), Rotation(0), &[]);
    for (x, y) in [(45.2, 48.0), (52.5, 45.2), (47.0, 47.0)] {
        let got = tile_pixel(&fork, x, y);
        assert!(close(got, river), "the fork at ({x}, {y}): {got:?}");
    }
}

/// The text view marks exactly the cells of the highlighted feature, as the picture tints
/// it: the field under the road of `BA/RCr`, and on the bridge board the one quarter of the
/// bridge tile's fields that `0,0:NL` names, with the fields it joins.
#[test]
fn the_text_view_highlights_what_the_picture_highlights() {
    let text = stdout(&carcspec(&[
        "render",
        "carcassonne-base",
        "--tile",
        "BA/RCr",
        "--highlight",
        "ER",
        "--format",
        "text",
    ]));
    let block: Vec<&str> = text.lines().skip(1).take(5).collect();
    assert_eq!(
        block,
        ["CCCCC", ".....", "-----", "#####", "#####"],
        "{text}"
    );
    let text = stdout(&carcspec(&[
        "render",
        "spec/the-river/excerpt-after-the-river.game",
        "--highlight",
        "0,0:NL",
        "--format",
        "text",
    ]));
    let board: Vec<&str> = text.lines().skip(2).take(15).collect();
    assert_eq!(
        board,
        [
            "          .....",
            "          .....",
            "y-1       --*--",
            "          ##|..",
            "          ##|..",
            "    ##### ##|..",
            "    ##### ##|..",
            "y0  ~~~~~ ~~~~~",
            "    ..... ..|..",
            "    ..... ..|..",
            "          ..|..",
            "          ..|..",
            "y1        --*--",
            "          .....",
            "          .....",
        ],
        "{text}"
    );
}
