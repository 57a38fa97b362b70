//! carcspec as the CI tools users run read it, with the real tools (from PyPI): the pre-commit
//! hooks with `pre-commit` (`validate-manifest` and `try-repo` on a sample repository), the
//! JUnit report with `xmlschema` (the Jenkins JUnit schema, `tests/junit/`) and `junitparser`.
//!
//! `.ci/run` installs the tools in a virtual environment, `target/ci-venv` (or the one
//! `CARCSPEC_CI_VENV` names); without them a test prints why it did not run and passes.
//! The `language: python` hooks, which pre-commit installs from the wheel: tests/install.rs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::common::{carcspec, stderr, stdout};

/// The program `name` of the CI virtual environment, or of `PATH`.
fn tool(name: &str) -> Option<PathBuf> {
    let venv = std::env::var_os("CARCSPEC_CI_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/ci-venv"));
    let in_venv = venv.join("bin").join(name);
    if in_venv.is_file() {
        return Some(in_venv);
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|folder| folder.join(name))
        .find(|path| path.is_file())
}

/// The Python of the CI environment, if it can import `modules`.
fn python_with(modules: &str) -> Option<PathBuf> {
    let python = tool("python3")?;
    let imports = Command::new(&python)
        .args(["-c", &format!("import {modules}")])
        .output()
        .ok()?;
    imports.status.success().then_some(python)
}

fn run(command: &mut Command) -> Output {
    command.output().expect("the tool runs")
}

fn text(output: &Output) -> String {
    format!("{}{}", stdout(output), stderr(output))
}

fn git(folder: &Path, args: &[&str]) {
    let output = run(Command::new("git")
        .args([
            "-c",
            "user.name=carcspec tests",
            "-c",
            "user.email=tests@carcspec.invalid",
            "-c",
            "init.defaultBranch=main",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(folder));
    assert!(output.status.success(), "git {args:?}: {}", text(&output));
}

#[test]
fn the_pre_commit_manifest_is_valid() {
    let Some(pre_commit) = tool("pre-commit") else {
        super::common::skip("`pre-commit` is not installed (`.ci/run` installs it from PyPI)");
        return;
    };
    let output = run(Command::new(pre_commit)
        .args(["validate-manifest", ".pre-commit-hooks.yaml"])
        .env("PRE_COMMIT_HOME", tempfile::tempdir().unwrap().path()));
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
}

/// `pre-commit try-repo` of the hooks on a sample repository of tiles and games: a clean
/// repository passes every hook, a broken game fails `carcspec-check`, and so does a change to
/// a tile set that breaks the games that use it, though no game changed.
///
/// The hooks are `language: rust`, for which pre-commit runs `cargo install` of the repository
/// in a fresh target folder: a release build of every dependency, minutes of CI time for each
/// run. The test gives pre-commit the manifest with `language: system` instead (every other
/// line as it is) and the carcspec this test run built on `PATH`: pre-commit reads, selects
/// files and runs each hook as the published manifest says, without building carcspec again.
#[test]
fn the_pre_commit_hooks_pass_clean_files_and_fail_broken_games() {
    let Some(pre_commit) = tool("pre-commit") else {
        super::common::skip("`pre-commit` is not installed (`.ci/run` installs it from PyPI)");
        return;
    };
    let temp = tempfile::tempdir().unwrap();
    // The hook repository: the manifest, built-in carcspec instead of a cargo install.
    let hooks = temp.path().join("hooks");
    std::fs::create_dir_all(&hooks).unwrap();
    let manifest = std::fs::read_to_string(".pre-commit-hooks.yaml").unwrap();
    let hook_language = "\n  language: rust\n";
    assert_eq!(manifest.matches(hook_language).count(), 4);
    std::fs::write(
        hooks.join(".pre-commit-hooks.yaml"),
        manifest.replace(hook_language, "\n  language: system\n"),
    )
    .unwrap();
    git(&hooks, &["init", "-q"]);
    git(&hooks, &["add", "."]);
    git(&hooks, &["commit", "-q", "-m", "hooks"]);

    // The sample: a tile set of its own, a game that plays it by path, a game of a shipped set.
    let sample = temp.path().join("sample");
    let tiles = std::fs::read_to_string("tiles/carcassonne-base.tiles").unwrap();
    let farms = std::fs::read_to_string("spec/carcassonne/farms.game").unwrap();
    assert!(farms.contains("\ntiles carcassonne-base\n"));
    for (file, text) in [
        ("sets/base.tiles", tiles.clone()),
        (
            "games/own-set.game",
            farms.replace("\ntiles carcassonne-base\n", "\ntiles ../sets/base.tiles\n"),
        ),
        ("games/shipped-set.game", farms.clone()),
    ] {
        let path = sample.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    git(&sample, &["init", "-q"]);
    git(&sample, &["add", "."]);
    git(&sample, &["commit", "-q", "-m", "sample"]);

    let binaries = Path::new(env!("CARGO_BIN_EXE_carcspec")).parent().unwrap();
    let path = std::env::join_paths(
        std::iter::once(binaries.to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let pre_commit_home = temp.path().join("pre-commit-home");
    let try_repo = |hook: Option<&str>, files: &[&str]| {
        let mut command = Command::new(&pre_commit);
        command.arg("try-repo").arg(&hooks);
        command.args(hook);
        command.arg("--files").args(files);
        command
            .current_dir(&sample)
            .env("PATH", &path)
            .env("PRE_COMMIT_HOME", &pre_commit_home)
            .env("NO_COLOR", "1");
        run(&mut command)
    };

    let every_file = [
        "sets/base.tiles",
        "games/own-set.game",
        "games/shipped-set.game",
    ];
    let clean = try_repo(None, &every_file);
    assert_eq!(clean.status.code(), Some(0), "{}", text(&clean));
    assert!(
        text(&clean).contains("carcspec check") && !text(&clean).contains("Failed"),
        "{}",
        text(&clean)
    );

    // A broken game fails the check, and the report names it.
    // The clean game with a tile laid where one lies already.
    let broken = farms.replace("\nlay BA/C at 1,0\n", "\nlay BA/C at 0,0\n");
    assert_ne!(broken, farms);
    std::fs::write(sample.join("games/broken.game"), broken).unwrap();
    let failed = try_repo(Some("carcspec-check"), &["games/broken.game"]);
    assert_eq!(failed.status.code(), Some(1), "{}", text(&failed));
    assert!(
        text(&failed).contains("games/broken.game"),
        "{}",
        text(&failed)
    );
    assert!(text(&failed).contains("FAILED"), "{}", text(&failed));
    std::fs::remove_file(sample.join("games/broken.game")).unwrap();

    // A tile set that no longer loads: only the tile set is passed to the hook, and the game
    // that plays it fails; the game of the shipped set is not checked.
    std::fs::write(
        sample.join("sets/base.tiles"),
        format!("{tiles}\ngarbage here ((\n"),
    )
    .unwrap();
    let tile_set_changed = try_repo(Some("carcspec-check"), &["sets/base.tiles"]);
    let report = text(&tile_set_changed);
    assert_eq!(tile_set_changed.status.code(), Some(1), "{report}");
    assert!(report.contains("games/own-set.game"), "{report}");
    assert!(!report.contains("shipped-set.game"), "{report}");
    // And the tile set's own hook says why.
    let linted = try_repo(Some("carcspec-tiles-lint"), &["sets/base.tiles"]);
    assert_eq!(linted.status.code(), Some(1), "{}", text(&linted));
}

/// The JUnit report validates against the Jenkins JUnit schema, and junitparser reads in it
/// what the JSON summary of the same run counts: a test case per file, one failure per failing
/// file (whatever the number of its findings), one error per unreadable input, and the totals
/// of each suite and of the root.
#[test]
fn junit_validates_against_the_jenkins_schema_and_junitparser_counts_it() {
    let Some(python) = python_with("xmlschema, junitparser") else {
        super::common::skip(
            "Python with `xmlschema` and `junitparser` is not installed (`.ci/run` installs \
             them from PyPI)",
        );
        return;
    };
    let inputs = [
        "tests/fixtures/games/invalid",
        "spec/carcassonne",
        "no/such/game.game",
    ];
    let temp = tempfile::tempdir().unwrap();
    let mut reports = Vec::new();
    for (command, extra) in [
        (vec!["check"], vec![]),
        (vec!["tiles", "lint"], vec!["tests/fixtures/tiles"]),
    ] {
        let inputs: Vec<&str> = if extra.is_empty() {
            inputs.to_vec()
        } else {
            extra
        };
        let mut args = command.clone();
        args.extend(["--format", "junit"]);
        args.extend(&inputs);
        let junit = carcspec(&args);
        let mut args = command.clone();
        args.extend(["--format", "json"]);
        args.extend(&inputs);
        let summary: serde_json::Value =
            serde_json::from_str(stdout(&carcspec(&args)).lines().last().unwrap()).unwrap();
        let file = temp.path().join(format!("{}.xml", command.join("-")));
        std::fs::write(&file, junit.stdout).unwrap();
        reports.push((file, summary));
    }
    let script = r#"
import sys, xmlschema, junitparser
xmlschema.XMLSchema(sys.argv[1]).validate(sys.argv[2])
xml = junitparser.JUnitXml.fromfile(sys.argv[2])
totals = [0, 0, 0]
for suite in xml:
    counts = [0, 0, 0]
    for case in suite:
        results = case.result
        assert len(results) <= 1, (case.name, results)
        assert float(case.time) >= 0
        counts[0] += 1
        counts[1] += sum(isinstance(r, junitparser.Failure) for r in results)
        counts[2] += sum(isinstance(r, junitparser.Error) for r in results)
    assert counts == [suite.tests, suite.failures, suite.errors], (suite.name, counts)
    totals = [a + b for a, b in zip(totals, counts)]
assert totals == [xml.tests, xml.failures, xml.errors], (totals, xml.tests)
assert xml.time >= 0
print(*totals)
"#;
    for (file, summary) in reports {
        let output = run(Command::new(&python)
            .args(["-c", script, "tests/junit/junit-10.xsd"])
            .arg(&file));
        assert!(output.status.success(), "{}", text(&output));
        let counts: Vec<u64> = stdout(&output)
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        let count = |key: &str| summary[key].as_u64().unwrap();
        let failing = count("files") - count("clean") - count("unreadable");
        assert_eq!(
            counts,
            [count("files"), failing, count("unreadable")],
            "{summary}"
        );
        assert!(failing > 5, "the fixtures fail: {summary}");
    }
}
