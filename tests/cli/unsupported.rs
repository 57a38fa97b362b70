//! `carcspec check --unsupported skip|error`: a saved game that needs an expansion carcspec
//! does not play (its only errors are `J002 unsupported-jcz`) fails the run by default, and is
//! reported as skipped in every format when the user asks; any other error still fails it.

use super::common::{carcspec, stdout};

const REFUSED: &str = "tests/fixtures/jcz/invalid/other-expansion.J002.jcz";
const CLEAN: &str = "tests/fixtures/jcz/valid/road-between-crossroads.jcz";
const BROKEN: &str = "tests/fixtures/jcz/invalid/wrong-assertion.X002.jcz";

#[test]
fn a_refused_save_fails_the_run_unless_skipped() {
    let default = carcspec(&["check", REFUSED, CLEAN]);
    assert_eq!(default.status.code(), Some(1), "{}", stdout(&default));
    let error = carcspec(&["check", "--unsupported", "error", REFUSED, CLEAN]);
    assert_eq!(error.status.code(), Some(1));

    let skip = carcspec(&["check", "--unsupported", "skip", REFUSED, CLEAN]);
    let text = stdout(&skip);
    assert_eq!(skip.status.code(), Some(0), "{text}");
    assert!(text.contains("  skipped: "), "{text}");
    assert!(
        text.contains("1 of 2 games clean, 1 skipped"),
        "the summary counts it: {text}"
    );

    // Another error beside nothing unsupported is no reason to skip.
    let broken = carcspec(&["check", "--unsupported", "skip", BROKEN]);
    assert_eq!(broken.status.code(), Some(1), "{}", stdout(&broken));
}

#[test]
fn a_skipped_save_in_each_format() {
    let run = |format: &str| {
        let output = carcspec(&[
            "check",
            "--unsupported",
            "skip",
            "--format",
            format,
            REFUSED,
        ]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{format}: {}",
            stdout(&output)
        );
        stdout(&output)
    };
    let json = run("json");
    let record: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(record["status"], "skipped", "{json}");
    let summary: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    assert_eq!(summary["skipped"], 1, "{json}");
    assert_eq!(summary["violations"], 0, "{json}");

    let junit = run("junit");
    assert!(junit.contains("<skipped message=\""), "{junit}");
    assert!(junit.contains("skipped=\"1\""), "{junit}");
    assert!(!junit.contains("<failure"), "{junit}");

    let sarif: serde_json::Value = serde_json::from_str(&run("sarif")).unwrap();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert!(!results.is_empty());
    assert!(results.iter().all(|r| r["level"] == "note"), "{sarif}");

    let github = run("github");
    assert!(github.starts_with("::notice "), "{github}");
}
