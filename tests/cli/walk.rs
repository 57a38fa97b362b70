//! The folder walk of `check`, `fmt` and `tiles lint` (docs/ci.md, "Which files a folder
//! stands for"): hidden folders, `.gitignore` and `.ignore`, `--exclude`, `--no-ignore`,
//! symbolic links to folders outside the tree, and a folder that cannot be read.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::common::{carcspec, stderr, stdout};

/// A clean game of the shipped base set: it checks the same wherever it lies.
fn clean_game() -> String {
    std::fs::read_to_string("spec/carcassonne/farms.game").unwrap()
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A tree with a game in each place the walk treats differently, and a folder outside it that a
/// symbolic link inside points to.
struct Tree {
    _temp: tempfile::TempDir,
    root: PathBuf,
}

fn tree() -> Tree {
    let temp = tempfile::tempdir().unwrap();
    // Readable by everyone, as a checkout is: the unreadable-folder test runs as another user.
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(temp.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let root = temp.path().join("games");
    let game = clean_game();
    for file in [
        "top.game",
        "sub/deeper.game",
        ".hidden/secret.game",
        "sub/.also-hidden.game",
        "ignored/by-gitignore.game",
        "target/tmp/build-output.game",
        "sub/drafts/draft.game",
        "dropped/by-dot-ignore.game",
        "kept/kept.game",
    ] {
        write(&root.join(file), &game);
    }
    write(&root.join(".gitignore"), "/target\nignored/\n");
    write(&root.join(".ignore"), "dropped/\n");
    write(&temp.path().join("outside/elsewhere.game"), &game);
    std::os::unix::fs::symlink(temp.path().join("outside"), root.join("link")).unwrap();
    Tree { _temp: temp, root }
}

/// The games a JSON report of `check` names, relative to `root`, sorted.
fn checked(output: &Output, root: &Path) -> Vec<String> {
    let mut files: Vec<String> = stdout(output)
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .filter(|record| record["record"] == "file")
        .map(|record| {
            let file = record["file"].as_str().unwrap().to_string();
            Path::new(&file)
                .strip_prefix(root)
                .map_or(file.clone(), |p| p.display().to_string())
        })
        .collect();
    files.sort();
    files
}

fn check_json(root: &Path, options: &[&str]) -> Output {
    let mut args = vec!["check", "--format", "json"];
    args.extend(options);
    args.push(root.to_str().unwrap());
    carcspec(&args)
}

#[test]
fn the_walk_skips_hidden_and_ignored_files_and_does_not_follow_links() {
    let tree = tree();
    let output = check_json(&tree.root, &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        checked(&output, &tree.root),
        [
            "kept/kept.game",
            "sub/deeper.game",
            "sub/drafts/draft.game",
            "top.game"
        ]
    );
}

#[test]
fn follow_excludes_and_no_ignore_change_the_walk() {
    let tree = tree();
    let followed = check_json(&tree.root, &["-L", "--exclude", "drafts"]);
    assert_eq!(
        checked(&followed, &tree.root),
        [
            "kept/kept.game",
            "link/elsewhere.game",
            "sub/deeper.game",
            "top.game"
        ]
    );
    // Two excludes, one of them a path from the folder walked.
    let excluded = check_json(
        &tree.root,
        &["--exclude", "sub/*.game", "--exclude", "kept"],
    );
    assert_eq!(
        checked(&excluded, &tree.root),
        ["sub/drafts/draft.game", "top.game"]
    );
    // `--no-ignore` reads what the ignore files exclude; hidden folders stay hidden.
    let everything = check_json(&tree.root, &["--no-ignore"]);
    assert_eq!(
        checked(&everything, &tree.root),
        [
            "dropped/by-dot-ignore.game",
            "ignored/by-gitignore.game",
            "kept/kept.game",
            "sub/deeper.game",
            "sub/drafts/draft.game",
            "target/tmp/build-output.game",
            "top.game"
        ]
    );
}

#[test]
fn a_path_named_on_the_command_line_is_always_read() {
    let tree = tree();
    let hidden = tree.root.join(".hidden/secret.game");
    let ignored = tree.root.join("ignored");
    let output = carcspec(&[
        "check",
        "--format",
        "json",
        "--exclude",
        "*.game",
        hidden.to_str().unwrap(),
        ignored.to_str().unwrap(),
    ]);
    // The excludes are for the walk: the file named is read, and the folder named is walked
    // (its own files are excluded by the glob, so it holds nothing to check).
    assert_eq!(checked(&output, &tree.root)[0], ".hidden/secret.game");
    assert!(stdout(&output).contains("F021"), "{}", stdout(&output));
    let named = carcspec(&["check", "--format", "json", ignored.to_str().unwrap()]);
    assert_eq!(
        checked(&named, &tree.root),
        ["ignored/by-gitignore.game"],
        "a folder named is walked even when an ignore file above it excludes it"
    );
}

#[test]
fn fmt_and_tiles_lint_walk_the_same_way() {
    let tree = tree();
    let tiles = std::fs::read_to_string("tiles/hills-and-sheep.tiles").unwrap();
    write(&tree.root.join("sets/sheep.tiles"), &tiles);
    write(&tree.root.join(".hidden/sheep.tiles"), &tiles);
    write(&tree.root.join("ignored/sheep.tiles"), &tiles);
    let root = tree.root.to_str().unwrap();
    let lint = carcspec(&["tiles", "lint", root]);
    let text = stdout(&lint);
    assert!(text.contains("sets/sheep.tiles"), "{text}");
    assert!(
        !text.contains(".hidden") && !text.contains("ignored/"),
        "{text}"
    );
    let fmt = carcspec(&["fmt", "--check", "--exclude", "drafts", root]);
    let text = stdout(&fmt);
    // The clean game and the tile set are canonical; hidden, ignored and excluded files are
    // not counted.
    assert!(
        text.ends_with("4 of 4 files already in canonical layout\n"),
        "{text}{}",
        stderr(&fmt)
    );
}

/// An unreadable folder is a diagnostic with a code and exit 2, not a silent skip. Permissions
/// do not keep root out, so under root the run drops to the `nobody` user (`setpriv`); where
/// neither works, the test says why it did not run.
#[test]
fn an_unreadable_folder_is_reported_with_exit_2() {
    let tree = tree();
    let locked = tree.root.join("locked");
    write(&locked.join("inside.game"), &clean_game());
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let binary = env!("CARGO_BIN_EXE_carcspec");
    let args = ["check", "--format", "json", tree.root.to_str().unwrap()];
    let output = if std::fs::read_dir(&locked).is_err() {
        Command::new(binary).args(args).output().unwrap()
    } else {
        // Root reads every folder. As `nobody`, the temporary tree (made by root, readable by
        // everyone) is readable except the locked folder.
        let world_readable = |path: &Path| {
            path.ancestors().all(|p| {
                std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o005 == 0o005)
            })
        };
        let tree_and_binary_visible =
            world_readable(tree.root.parent().unwrap()) && world_readable(Path::new(binary));
        let dropped = Command::new("setpriv")
            .args([
                "--reuid=nobody",
                "--regid=nogroup",
                "--clear-groups",
                binary,
            ])
            .args(args)
            .output();
        match dropped {
            Ok(output) if tree_and_binary_visible && output.status.code() != Some(127) => output,
            other => {
                println!(
                    "skipped: running as root, where every folder is readable, and cannot run \
                     as `nobody` to test an unreadable one ({:?})",
                    other.map(|o| o.status)
                );
                return;
            }
        }
    };
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("\"code\":\"F030\""), "{text}");
    assert!(text.contains("locked"), "{text}");
    // Every other game is still checked.
    assert!(
        checked(&output, &tree.root).contains(&"top.game".to_string()),
        "{text}"
    );
}
