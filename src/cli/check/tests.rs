//! Tests of the checker whose reports are compared as the command line writes them
//! ([`crate::cli::render_check_report`]) over the games the command line's walk finds: they
//! live here, above both the checker and the command line.

use crate::check::{
    CheckOptions, CheckReport, GameFormat, GameInput, ScoreEvents, TileSetCache, check, check_text,
    check_text_keeping,
};

/// Every game under `spec/` and `tests/fixtures/games/`.
fn every_spec_and_fixture_game() -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut games = crate::cli::files_below(&root.join("spec"), &["game"]);
    games.extend(crate::cli::files_below(
        &root.join("tests/fixtures/games"),
        &["game"],
    ));
    games
}

/// A game read once (its moves kept) and read twice (its moves lowered again as they are
/// replayed) is reported the same: every spec and game fixture, both ways.
#[test]
fn kept_and_streamed_moves_report_the_same() {
    let games = every_spec_and_fixture_game();
    let cache = TileSetCache::default();
    let mut checked = 0;
    for path in games {
        // A fixture of bytes that are not UTF-8 never gets as far as the lowering.
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let base = (path.parent().unwrap(), &cache);
        let check = |keep_up_to| {
            let report = check_text_keeping("g.game", text.clone(), base, keep_up_to);
            crate::cli::render_check_report(&report, false)
        };
        let kept = check(usize::MAX);
        assert_eq!(kept, check(0), "{}", path.display());
        // A game with more moves than may be kept drops them on the way.
        assert_eq!(kept, check(3), "{}", path.display());
        checked += 1;
    }
    assert!(checked > 100, "only {checked} games found");
}

/// A game checked without its scorings is reported as with them, but for the list of
/// scorings: empty, or (for a game with expectations, which read it) the same. Every spec
/// and game fixture, as it is and without its expectations.
#[test]
fn scorings_left_out_change_nothing_else() {
    let games = every_spec_and_fixture_game();
    let cache = TileSetCache::default();
    let (mut scored, mut with_expectations) = (0, 0);
    for path in games {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let without_expectations: String = text
            .lines()
            .filter(|line| !line.trim_start().starts_with("expect"))
            .flat_map(|line| [line, "\n"])
            .collect();
        for text in [text.clone(), without_expectations] {
            // The checker's entry point normalises the text and keeps the moves of a game of
            // up to `KEEP_MOVES_UP_TO`, as a file's check does.
            let check = |events| {
                let input = GameInput::Text {
                    origin: "g.game",
                    text: text.clone(),
                    format: GameFormat::Game,
                };
                let options = CheckOptions {
                    base_dir: path.parent().unwrap(),
                    tile_sets: Some(&cache),
                    events,
                };
                crate::check::check(input, &options)
            };
            let mut reported = check(ScoreEvents::Reported);
            let left_out = check(ScoreEvents::LeftOut);
            if text.contains("\nexpect") {
                with_expectations += 1;
            } else {
                assert!(left_out.events.is_empty(), "{}", path.display());
                scored += usize::from(!reported.events.is_empty());
                reported.events.clear();
            }
            assert_eq!(
                crate::cli::render_check_report(&reported, false),
                crate::cli::render_check_report(&left_out, false),
                "{}",
                path.display()
            );
        }
    }
    assert!(
        scored > 50 && with_expectations > 50,
        "{scored} {with_expectations}"
    );
}

/// Games of one run share their tile sets: each must still be reported as if it were
/// checked alone — a start choice, a multiplier or the game's own tiles stay the game's,
/// and a broken set is reported for every game that names it.
#[test]
fn games_sharing_tile_sets_report_as_if_checked_alone() {
    let dir = std::env::temp_dir().join(format!("carcspec-shared-sets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("fan.tiles"),
        "tileset fan\nruleset carcassonne\n\ntile F x3 start {\n  field: N E S W\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("broken.tiles"),
        "tileset broken\nruleset carcassonne\n\ntile B {\n  field: N E S\n}\n",
    )
    .unwrap();
    let header = "ruleset carcassonne\nplayers red blue\n";
    let moves = "turn red\ndraw BA/L\nplace at 1,0\nstop\n";
    let games = [
        format!("{header}tiles carcassonne-base\nstart BA/L\n{moves}"),
        format!("{header}tiles carcassonne-base\n{moves}"),
        format!("{header}tiles carcassonne-base x2\n{moves}"),
        format!("{header}tiles ./broken.tiles\n{moves}"),
        format!("{header}tiles ./fan.tiles\nturn red\ndraw F\nplace at 1,0\nend\n"),
        format!("{header}tiles ./fan.tiles x2\ntiles carcassonne-base\nstart F\n{moves}"),
        format!("{header}tiles ./broken.tiles\ntiles carcassonne-base\n{moves}"),
        format!("{header}tiles carcassonne-base\ntile BA/L {{\n  field: N E S W\n}}\n{moves}"),
        format!("{header}tiles carcassonne-base\n{moves}"),
    ];
    let render = |report: &CheckReport| crate::cli::render_check_report(report, false);
    let cache = TileSetCache::default();
    // Twice through, so that every game also follows every other.
    for game in games.iter().chain(&games) {
        let alone = check_text("g.game", game.clone(), &dir);
        let input = GameInput::Text {
            origin: "g.game",
            text: game.clone(),
            format: GameFormat::Game,
        };
        let options = CheckOptions {
            base_dir: &dir,
            tile_sets: Some(&cache),
            ..CheckOptions::default()
        };
        let shared = check(input, &options);
        assert_eq!(render(&shared), render(&alone), "{game}");
    }
    // The cases differ where a leak would show: the start choice changes the game, and the
    // broken set is reported.
    let alone = |game: &String| render(&check_text("g.game", game.clone(), &dir));
    assert_ne!(alone(&games[0]), alone(&games[1]));
    assert!(alone(&games[3]).contains("the tile set `./broken.tiles` has errors"));
    let _ = std::fs::remove_dir_all(&dir);
}
