//! The conventions of command-line tools that CI users meet: `fmt` that never loses a file and
//! refuses what it cannot parse, `-` for standard input on every command that reads a tile set
//! or a game, portable transcripts, player counts from one source, colour, plurals, the manual
//! page, and a `rust-version` that is the true minimum.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use super::common::{carcspec, stderr, stdout};

/// Runs `carcspec` with `input` on standard input.
fn carcspec_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcspec"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn fmt_refuses_a_game_with_a_line_it_cannot_parse_and_leaves_it() {
    let temp = tempfile::tempdir().unwrap();
    let game = temp.path().join("broken.game");
    let text = format!("{}garbage here ((\n", read("spec/carcassonne/farms.game"));
    std::fs::write(&game, &text).unwrap();
    for args in [vec!["fmt"], vec!["fmt", "--check"]] {
        let mut args = args.clone();
        args.push(game.to_str().unwrap());
        let output = carcspec(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains("cannot be formatted"),
            "{}",
            stderr(&output)
        );
        assert!(stderr(&output).contains("G001"), "{}", stderr(&output));
        assert!(!stdout(&output).contains("already in canonical layout\n0 of"));
        // Counted as a file not formatted, not as one of those not in canonical layout.
        assert_eq!(
            stdout(&output),
            "1 file not formatted (errors above)\n",
            "{args:?}"
        );
        assert_eq!(std::fs::read_to_string(&game).unwrap(), text);
    }
}

#[test]
fn fmt_rewrites_through_a_temporary_file_and_keeps_the_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let temp = tempfile::tempdir().unwrap();
    let file = temp.path().join("messy.tiles");
    std::fs::write(
        &file,
        read("tests/fixtures/tiles/valid/comments-everywhere.tiles"),
    )
    .unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = temp.path().join("link.tiles");
    std::os::unix::fs::symlink(&file, &link).unwrap();
    let output = carcspec(&["fmt", link.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    // The link is kept and its target rewritten; no temporary file is left beside it.
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let check = carcspec(&["fmt", "--check", file.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0));
    let names: Vec<String> = std::fs::read_dir(temp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn fmt_of_standard_input_tells_tiles_from_games_and_shows_what_differs() {
    let messy_tiles = read("tests/fixtures/tiles/valid/comments-everywhere.tiles");
    let tiles = carcspec_with_stdin(&["fmt", "-"], messy_tiles.as_bytes());
    assert_eq!(tiles.status.code(), Some(0), "{}", stderr(&tiles));
    let canonical = stdout(&tiles);
    assert_ne!(canonical, messy_tiles);
    // Formatted as a tile set: what `tiles fmt` makes of it.
    let as_tiles = carcspec_with_stdin(&["tiles", "fmt", "-"], messy_tiles.as_bytes());
    assert_eq!(canonical, stdout(&as_tiles));

    let game = read("spec/carcassonne/farms.game");
    let messy_game = game.replace("\nlay BA/C at 1,0\n", "\nlay  BA/C   at 1,0\n");
    assert_ne!(messy_game, game);
    let formatted = carcspec_with_stdin(&["fmt", "-"], messy_game.as_bytes());
    assert_eq!(stdout(&formatted), game, "{}", stderr(&formatted));

    let check = carcspec_with_stdin(&["fmt", "--check", "-"], messy_game.as_bytes());
    assert_eq!(check.status.code(), Some(1));
    assert!(
        stdout(&check).contains("-lay  BA/C   at 1,0"),
        "{}",
        stdout(&check)
    );
    assert!(
        stdout(&check).contains("+lay BA/C at 1,0"),
        "{}",
        stdout(&check)
    );
    assert!(stderr(&check).contains("not in canonical layout"));

    let neither = carcspec_with_stdin(&["fmt", "-"], b"hello world\n");
    assert_eq!(neither.status.code(), Some(2));
    assert!(
        stderr(&neither).contains("cannot tell whether standard input is a tile set or a game"),
        "{}",
        stderr(&neither)
    );
}

#[test]
fn standard_input_is_read_by_render_simulate_export_and_fit() {
    let tiles = read("tiles/hills-and-sheep.tiles");
    let base = read("tiles/carcassonne-base.tiles");
    let game = read("spec/carcassonne/farms.game");

    let sheet = carcspec_with_stdin(&["render", "-", "--format", "text"], base.as_bytes());
    assert_eq!(sheet.status.code(), Some(0), "{}", stderr(&sheet));
    let by_name = carcspec(&["render", "carcassonne-base", "--format", "text"]);
    assert_eq!(stdout(&sheet), stdout(&by_name));

    let board = carcspec_with_stdin(&["render", "-", "--format", "text"], game.as_bytes());
    assert_eq!(board.status.code(), Some(0), "{}", stderr(&board));
    let board_of_file = carcspec(&["render", "spec/carcassonne/farms.game", "--format", "text"]);
    assert_eq!(
        stdout(&board).replace("<stdin>", ""),
        stdout(&board_of_file).replace("spec/carcassonne/farms.game", "")
    );

    let exported = carcspec_with_stdin(
        &["tiles", "export", "--format", "json", "-"],
        tiles.as_bytes(),
    );
    assert_eq!(exported.status.code(), Some(0), "{}", stderr(&exported));
    let of_file = carcspec(&[
        "tiles",
        "export",
        "--format",
        "json",
        "tiles/hills-and-sheep.tiles",
    ]);
    assert_eq!(exported.stdout, of_file.stdout);
    // And the JSON it wrote reads back from standard input.
    let again = carcspec_with_stdin(
        &["tiles", "export", "--format", "tiles", "-"],
        &exported.stdout,
    );
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));

    let fit = carcspec_with_stdin(&["fit", "-", "BA/CFC.2", "--at", "13"], game.as_bytes());
    let fit_file = carcspec(&[
        "fit",
        "spec/carcassonne/farms.game",
        "BA/CFC.2",
        "--at",
        "13",
    ]);
    assert_eq!(
        fit.status.code(),
        fit_file.status.code(),
        "{}",
        stderr(&fit)
    );
    assert_eq!(stdout(&fit), stdout(&fit_file));
    assert!(!stdout(&fit).is_empty());

    let simulated = carcspec_with_stdin(
        &[
            "simulate", "--tiles", "-", "--games", "3", "--format", "json",
        ],
        base.as_bytes(),
    );
    assert_eq!(simulated.status.code(), Some(0), "{}", stderr(&simulated));
    let by_name = carcspec(&[
        "simulate",
        "--tiles",
        "carcassonne-base",
        "--games",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(simulated.stdout, by_name.stdout);
}

/// `--stdin-filename` names standard input for every command that reads `-`: the name is in
/// the messages and reports, its ending says what the text is, and a game's tile sets named by
/// path are found from its folder, as for the file of that name.
#[test]
fn stdin_filename_names_standard_input_for_every_command() {
    // The game names `fan-keep.tiles` by path: from the repository's root it is found only in
    // the folder of the name given.
    let name = "spec/carcassonne/fan-expansion/keep-city.game";
    let game = read(name);
    let named = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend(["--stdin-filename", name]);
        carcspec_with_stdin(&all, game.as_bytes())
    };

    let unnamed = carcspec_with_stdin(&["check", "-"], game.as_bytes());
    assert_eq!(unnamed.status.code(), Some(1), "{}", stdout(&unnamed));
    let check = named(&["check", "--format", "json", "-"]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    assert!(
        stdout(&check).contains(&format!("\"file\":\"{name}\"")),
        "{}",
        stdout(&check)
    );

    // `fit` before blue's last cap (line 33): the cap's places, as for the file.
    let fit = named(&["fit", "-", "BA/C", "--at", "33", "--format", "json"]);
    let fit_file = carcspec(&["fit", name, "BA/C", "--at", "33", "--format", "json"]);
    assert_eq!(fit.status.code(), Some(0), "{}", stderr(&fit));
    assert_eq!(stdout(&fit), stdout(&fit_file));
    assert!(stdout(&fit).contains(&format!("\"file\": \"{name}\"")));

    let board = named(&["render", "--format", "text", "-"]);
    let board_file = carcspec(&["render", name, "--format", "text"]);
    assert_eq!(board.status.code(), Some(0), "{}", stderr(&board));
    assert_eq!(stdout(&board), stdout(&board_file));
    let page = named(&["render", "--format", "html", "-"]);
    assert_eq!(page.status.code(), Some(0), "{}", stderr(&page));
    assert!(stdout(&page).contains("keep-city.game"));
    assert!(!stdout(&page).contains("&lt;stdin&gt;"));

    // A name's ending says what the text is: YAML, which has no mark of its own.
    let yaml = carcspec(&[
        "tiles",
        "export",
        "--format",
        "yaml",
        "tiles/hills-and-sheep.tiles",
    ]);
    assert_eq!(yaml.status.code(), Some(0), "{}", stderr(&yaml));
    let unnamed = carcspec_with_stdin(&["tiles", "export", "--format", "tiles", "-"], &yaml.stdout);
    assert_eq!(unnamed.status.code(), Some(2), "{}", stderr(&unnamed));
    let exported = carcspec_with_stdin(
        &[
            "tiles",
            "export",
            "--format",
            "tiles",
            "--stdin-filename",
            "sets/hills.yaml",
            "-",
        ],
        &yaml.stdout,
    );
    assert_eq!(exported.status.code(), Some(0), "{}", stderr(&exported));
    let exported_file = carcspec(&[
        "tiles",
        "export",
        "--format",
        "tiles",
        "tiles/hills-and-sheep.tiles",
    ]);
    assert_eq!(exported.stdout, exported_file.stdout);
    let sheet = carcspec_with_stdin(
        &[
            "render",
            "--format",
            "text",
            "--stdin-filename",
            "sets/hills.yaml",
            "-",
        ],
        &yaml.stdout,
    );
    assert_eq!(sheet.status.code(), Some(0), "{}", stderr(&sheet));

    // A tile set with an error: the reports name it as given.
    let mut broken = read("tiles/hills-and-sheep.tiles");
    broken.push_str("tile BROKEN {\n");
    let with_name = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend(["--stdin-filename", "sets/broken.tiles"]);
        carcspec_with_stdin(&all, broken.as_bytes())
    };
    for (args, exit) in [
        (&["tiles", "export", "--format", "json", "-"][..], 1),
        (&["render", "--format", "text", "-"][..], 1),
        (&["simulate", "--games", "1", "--tiles", "-"][..], 2),
    ] {
        let output = with_name(args);
        assert_eq!(
            output.status.code(),
            Some(exit),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains("sets/broken.tiles"),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(!stderr(&output).contains("<stdin>"), "{args:?}");
    }

    // A name that says the other kind is refused, not read as the wrong language.
    let as_game = carcspec_with_stdin(
        &["fit", "--stdin-filename", "sets/x.tiles", "-"],
        game.as_bytes(),
    );
    assert_eq!(as_game.status.code(), Some(2));
    assert!(stderr(&as_game).contains("F020"), "{}", stderr(&as_game));
    let as_tiles = carcspec_with_stdin(
        &[
            "tiles",
            "export",
            "--format",
            "json",
            "--stdin-filename",
            name,
            "-",
        ],
        broken.as_bytes(),
    );
    assert_eq!(as_tiles.status.code(), Some(2));
    assert!(stderr(&as_tiles).contains("F020"), "{}", stderr(&as_tiles));
}

/// `--stdin-filename` without an input `-` is refused (F040, exit 2) by every command that has
/// the option, rather than ignored.
#[test]
fn stdin_filename_without_standard_input_is_refused_by_every_command() {
    let cases: [&[&str]; 9] = [
        &["check", "spec/carcassonne/farms.game"],
        &[
            "import",
            "tests/fixtures/jcz/valid/road-between-crossroads.jcz",
        ],
        &[
            "fit",
            "spec/carcassonne/farms.game",
            "BA/CFC.2",
            "--at",
            "13",
        ],
        &["render", "carcassonne-base", "--format", "text"],
        &["simulate", "--games", "1", "--tiles", "carcassonne-base"],
        &["fmt", "--check", "tiles/hills-and-sheep.tiles"],
        &["tiles", "fmt", "--check", "tiles/hills-and-sheep.tiles"],
        &["tiles", "lint", "tiles/hills-and-sheep.tiles"],
        &["tiles", "export", "--format", "json", "carcassonne-base"],
    ];
    let mut covered = std::collections::BTreeSet::new();
    for case in cases {
        // Without the option each runs (and reads its file).
        let plain = carcspec(case);
        assert_ne!(plain.status.code(), Some(2), "{case:?}: {}", stderr(&plain));
        let mut args = case.to_vec();
        args.extend(["--stdin-filename", "x.tiles"]);
        let output = carcspec(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert!(
            err.starts_with(
                "error[F040 stdin-filename-without-stdin]: `--stdin-filename x.tiles` names \
                 standard input, and no input is `-`"
            ),
            "{args:?}: {err}"
        );
        assert!(
            err.contains("\nhelp: read standard input with `-`"),
            "{err}"
        );
        assert!(stdout(&output).is_empty(), "{args:?}: {}", stdout(&output));
        let command = if case[0] == "tiles" {
            format!("tiles {}", case[1])
        } else {
            case[0].to_string()
        };
        covered.insert(command);
    }
    // Every command that has the option is among the cases.
    let mut with_option = std::collections::BTreeSet::new();
    let cli = carcspec::cli::command();
    for command in cli.get_subcommands() {
        let mut visit = |name: String, command: &clap::Command| {
            if command
                .get_arguments()
                .any(|arg| arg.get_long() == Some("stdin-filename"))
            {
                with_option.insert(name);
            }
        };
        visit(command.get_name().to_string(), command);
        for sub in command.get_subcommands() {
            visit(format!("{} {}", command.get_name(), sub.get_name()), sub);
        }
    }
    assert_eq!(covered, with_option);
    // The help of a standard input read by `--tiles` shows where `-` goes.
    let simulate = carcspec(&[
        "simulate",
        "--tiles",
        "carcassonne-base",
        "--stdin-filename",
        "mine.tiles",
    ]);
    assert!(
        stderr(&simulate).contains("carcspec simulate --stdin-filename mine.tiles --tiles -"),
        "{}",
        stderr(&simulate)
    );
}

/// Transcripts name their tile sets from their own folder: moved together with the sets, they
/// still check clean.
#[test]
fn simulated_transcripts_can_be_moved_with_their_tile_sets() {
    let temp = tempfile::tempdir().unwrap();
    let project = temp.path().join("project");
    std::fs::create_dir_all(project.join("sets")).unwrap();
    std::fs::copy(
        "spec/carcassonne/fan-expansion/fan-keep.tiles",
        project.join("sets/fan-keep.tiles"),
    )
    .unwrap();
    let out = project.join("games");
    let output = carcspec(&[
        "simulate",
        "--tiles",
        "carcassonne-base",
        project.join("sets/fan-keep.tiles").to_str().unwrap(),
        "--games",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let transcript = std::fs::read_to_string(out.join("game-00001.game")).unwrap();
    assert!(
        transcript.contains("tiles carcassonne-base ../sets/fan-keep.tiles")
            || transcript.contains("tiles ../sets/fan-keep.tiles"),
        "{transcript}"
    );
    let moved = temp.path().join("moved");
    std::fs::rename(&project, &moved).unwrap();
    let check = carcspec(&["check", moved.join("games").to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
}

#[test]
fn player_counts_come_from_the_rules_in_help_docs_and_simulate() {
    let help = stdout(&carcspec(&["simulate", "--help"]));
    let docs = read("docs/simulation.md");
    let start = docs.find("<!-- player-counts").unwrap();
    let end = docs.find("<!-- end player-counts -->").unwrap();
    let listed: Vec<&str> = docs[start..end]
        .lines()
        .filter_map(|line| line.strip_prefix("- "))
        .collect();
    let from_rules = carcspec::cli::simulate_player_counts();
    assert_eq!(listed, from_rules, "docs/simulation.md");
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for line in &from_rules {
        assert!(help.contains(line.as_str()), "{line} not in\n{help}");
    }
    // And simulate seats what the help says: six players with JCloisterZone's count.
    let six = carcspec(&[
        "simulate",
        "--variant",
        "player-count=jcloisterzone",
        "--players",
        "6",
        "--games",
        "1",
    ]);
    assert_eq!(six.status.code(), Some(0), "{}", stderr(&six));
    let refused = carcspec(&["simulate", "--players", "6", "--games", "1"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("2 to 5 players, not 6"),
        "{}",
        stderr(&refused)
    );
    let j = carcspec(&["simulate", "-j", "0", "--games", "2", "--format", "json"]);
    let one = carcspec(&["simulate", "-j", "1", "--games", "2", "--format", "json"]);
    assert_eq!(j.status.code(), Some(0), "{}", stderr(&j));
    assert_eq!(j.stdout, one.stdout);
}

#[test]
fn terminal_and_message_conventions() {
    // `TERM=dumb` under `--color always`-less auto with a forced colour: no escape.
    let output = Command::new(env!("CARGO_BIN_EXE_carcspec"))
        .args([
            "check",
            "tests/fixtures/games/invalid/occupied-position.game",
        ])
        .env_remove("NO_COLOR")
        .env("TERM", "dumb")
        .output()
        .unwrap();
    assert!(!stdout(&output).contains('\u{1b}'));
    let forced = Command::new(env!("CARGO_BIN_EXE_carcspec"))
        .args([
            "check",
            "tests/fixtures/games/invalid/occupied-position.game",
        ])
        .env_remove("NO_COLOR")
        .env("FORCE_COLOR", "1")
        .env("TERM", "xterm")
        .output()
        .unwrap();
    assert!(
        stdout(&forced).contains('\u{1b}'),
        "FORCE_COLOR still colours"
    );

    let missing = carcspec(&["check", "no/such/game.game"]);
    assert!(
        stdout(&missing).contains("no such file or folder"),
        "{}",
        stdout(&missing)
    );
    let missing = carcspec(&["tiles", "lint", "no/such/set.tiles"]);
    assert!(
        stdout(&missing).contains("no such file or folder"),
        "{}",
        stdout(&missing)
    );

    // A negative position is a value of `--highlight`.
    let highlighted = carcspec(&[
        "render",
        "spec/carcassonne/farms.game",
        "--highlight",
        "-1,0:N",
        "--format",
        "text",
    ]);
    // The board has no tile at -1,0: the renderer (not the option parser) says so.
    assert!(
        stderr(&highlighted).contains("R005") && !stderr(&highlighted).contains("unexpected"),
        "{}",
        stderr(&highlighted)
    );

    // Plurals: one tile, one copy.
    let temp = tempfile::tempdir().unwrap();
    let one = temp.path().join("one.tiles");
    std::fs::write(
        &one,
        "tileset one\nruleset carcassonne\ntile S start {\n  field: N E S W\n}\n",
    )
    .unwrap();
    let lint = stdout(&carcspec(&["tiles", "lint", one.to_str().unwrap()]));
    assert!(lint.contains(": 1 tile, 1 copy:"), "{lint}");

    // An empty game's help names a ruleset that exists.
    let empty = temp.path().join("empty.game");
    std::fs::write(&empty, "").unwrap();
    let report = stdout(&carcspec(&["check", empty.to_str().unwrap()]));
    assert!(report.contains("add `ruleset carcassonne`"), "{report}");
    let of_shipped = temp.path().join("hg.game");
    std::fs::write(&of_shipped, "tiles hunters-gatherers-v2\nplayers a b\n").unwrap();
    let report = stdout(&carcspec(&["check", of_shipped.to_str().unwrap()]));
    assert!(
        report.contains("add `ruleset hunters-gatherers"),
        "{report}"
    );
}

#[test]
fn the_manual_page_has_exit_status_environment_and_examples() {
    let page = stdout(&carcspec(&["man"]));
    for section in [".SH \"EXIT STATUS\"", ".SH ENVIRONMENT", ".SH EXAMPLES"] {
        assert!(page.contains(section), "{section}");
    }
    let temp = tempfile::tempdir().unwrap();
    let output = carcspec(&["man", "--out", temp.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0));
    let main = std::fs::read_to_string(temp.path().join("carcspec.1")).unwrap();
    assert!(main.contains(".SH EXAMPLES"));
}

/// `rust-version` is the highest `rust-version` any locked package declares, dependencies and
/// dev-dependencies alike, as `cargo metadata` reads them: raising a dependency that needs a
/// newer Rust fails this test until Cargo.toml says so. The packages are those of the platform
/// the tests run on (`--filter-platform`): the others' manifests are not downloaded by a build.
#[test]
fn rust_version_is_the_highest_any_locked_package_needs() {
    let rustc = Command::new(std::env::var_os("RUSTC").unwrap_or("rustc".into()))
        .arg("-vV")
        .output()
        .unwrap();
    let host = stdout(&rustc)
        .lines()
        .find_map(|line| line.strip_prefix("host: "))
        .expect("rustc -vV names the host")
        .to_string();
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked", "--offline"])
        .args(["--filter-platform", &host])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let version =
        |text: &str| -> Vec<u64> { text.split('.').map(|part| part.parse().unwrap()).collect() };
    let mut needed = (vec![0], String::new());
    let mut ours = None;
    for package in metadata["packages"].as_array().unwrap() {
        let Some(declared) = package["rust_version"].as_str() else {
            continue;
        };
        if package["name"] == "carcspec" {
            ours = Some(version(declared));
            continue;
        }
        if version(declared) > needed.0 {
            needed = (
                version(declared),
                package["name"].as_str().unwrap().to_string(),
            );
        }
    }
    let ours = ours.expect("Cargo.toml states rust-version");
    assert!(
        ours >= needed.0,
        "rust-version {ours:?} is below the {:?} that `{}` declares",
        needed.0,
        needed.1
    );
    // Not above it either: the minimum is the true one.
    let mut trimmed = needed.0.clone();
    trimmed.resize(ours.len(), 0);
    assert_eq!(
        ours, trimmed,
        "rust-version is higher than any package needs"
    );
    assert!(Path::new("Cargo.toml").is_file());
}
