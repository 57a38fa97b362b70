//! What the integration tests share: running the `carcspec` binary as a user does.
// Each test crate uses only some of these.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `carcspec` with `args`, without colour.
pub fn carcspec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carcspec"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the carcspec binary runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `carcspec` with `args` and then `-o PATH`, where PATH is `name` in `dir`, requiring
/// success: an HTML page, a picture. Returns PATH.
pub fn write_output(args: &[&str], dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    let mut all = args.to_vec();
    all.extend(["-o", path.to_str().expect("a UTF-8 path")]);
    let output = carcspec(&all);
    assert!(output.status.success(), "{}", stderr(&output));
    path
}

/// Says that a test skips its work because `reason` (a tool or the reference data beside the
/// repository is missing), where the test output shows it in every run: written to the
/// process's standard error, not through the test harness's capture of `print!`, which would
/// show it with `--nocapture` only and let the test pass as a plain `ok`. With
/// `CARCSPEC_REQUIRE_ALL_TESTS` set (`.ci/run` sets it) a skip fails the test instead: CI runs
/// them all.
pub fn skip(reason: impl std::fmt::Display) {
    use std::io::Write;
    if std::env::var_os("CARCSPEC_REQUIRE_ALL_TESTS").is_some() {
        panic!("CARCSPEC_REQUIRE_ALL_TESTS is set, but this test would be skipped: {reason}");
    }
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {reason}");
}

/// Plays one game of the tile set `tiles` (a shipped set's name or a path) with the simulator
/// under `seed`, written in `dir`; returns the game file's path.
pub fn simulated_game(tiles: &str, seed: u64, dir: &std::path::Path) -> std::path::PathBuf {
    let seed = seed.to_string();
    let output = carcspec(&[
        "simulate",
        "--tiles",
        tiles,
        "--games",
        "1",
        "--seed",
        &seed,
        "--out",
        dir.to_str().expect("a UTF-8 path"),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    std::fs::read_dir(dir)
        .expect("the simulator's folder")
        .map(|entry| entry.expect("a file of the folder").path())
        .find(|path| path.extension().is_some_and(|e| e == "game"))
        .expect("the simulator writes its game")
}
