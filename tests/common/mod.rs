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
