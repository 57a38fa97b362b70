//! Every entry point that reads a JCloisterZone saved game reads it alike: the library's
//! `import_jcz` and `import_jcz_with_warnings`, `check_jcz_text`, `check_file`, and the
//! command line's `import` and `check`, on the same text (with a byte-order mark, with lone
//! carriage returns, broken in the ways a save can be broken), give the same verdict: the same
//! errors, or an import and a check with the same warnings about the document.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use carcspec::check;
use common::{carcspec, stderr};

const FIXTURE: &str = "tests/fixtures/jcz/valid/road-between-crossroads.jcz";

fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("jcz-reading");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The codes of the reading of a save (`J…`, and the lowering's `G…` when the game it
/// describes cannot be written): what decides whether it is read at all.
fn reading_codes<'a>(codes: impl IntoIterator<Item = &'a str>) -> BTreeSet<String> {
    codes
        .into_iter()
        .filter(|code| code.starts_with('J') || code.starts_with('G'))
        .map(str::to_string)
        .collect()
}

/// Whether the save is read (imported), and the codes of its reading, through each entry point.
fn verdicts(name: &str, text: &str) -> Vec<(&'static str, bool, BTreeSet<String>)> {
    let mut found = Vec::new();
    let imported = check::import_jcz(text);
    found.push((
        "import_jcz",
        imported.is_ok(),
        match &imported {
            Ok(_) => BTreeSet::new(),
            Err(diagnostics) => reading_codes(diagnostics.iter().map(|d| d.code.code)),
        },
    ));
    let with_warnings = check::import_jcz_with_warnings(text);
    let diagnostics = match &with_warnings {
        Ok((_, warnings)) => warnings,
        Err(errors) => errors,
    };
    found.push((
        "import_jcz_with_warnings",
        with_warnings.is_ok(),
        reading_codes(diagnostics.iter().map(|d| d.code.code)),
    ));
    // A check reads the save when its reading found no error.
    let verdict_of = |report: &check::CheckReport| {
        let read = !report.diagnostics.iter().any(|d| {
            d.is_error() && (d.code.code.starts_with('J') || d.code.code.starts_with('G'))
        });
        (
            read,
            reading_codes(report.diagnostics.iter().map(|d| d.code.code)),
        )
    };
    let (read, codes) = verdict_of(&check::check_jcz_text(name, text.to_string()));
    found.push(("check_jcz_text", read, codes));
    let path = scratch().join(name);
    std::fs::write(&path, text).unwrap();
    let (read, codes) = verdict_of(&check::check_file(&path));
    found.push(("check_file", read, codes));
    let shown = path.display().to_string();
    let output = carcspec(&["import", &shown]);
    let said = stderr(&output);
    let cli_codes = said
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| {
            word.len() == 4
                && (word.starts_with('J') || word.starts_with('G'))
                && word[1..].bytes().all(|b| b.is_ascii_digit())
        });
    found.push((
        "carcspec import",
        output.status.success(),
        reading_codes(cli_codes),
    ));
    found
}

/// The fixture's text with `change` applied to its JSON.
fn changed(change: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut document: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(FIXTURE).unwrap()).unwrap();
    change(&mut document);
    serde_json::to_string_pretty(&document).unwrap()
}

#[test]
fn every_entry_point_reads_a_save_alike() {
    let fixture = std::fs::read_to_string(FIXTURE).unwrap();
    let mut cases: Vec<(&str, String, Option<&[&str]>)> = vec![
        ("plain.jcz", fixture.clone(), Some(&[])),
        ("bom.jcz", format!("\u{feff}{fixture}"), Some(&[])),
        ("lone-cr.jcz", fixture.replace('\n', "\r"), Some(&[])),
        (
            "no-replay.jcz",
            changed(|d| {
                d.as_object_mut().unwrap().remove("replay");
            }),
            None,
        ),
        (
            "players-a-string.jcz",
            changed(|d| d["players"] = "Alice".into()),
            None,
        ),
        (
            "no-setup.jcz",
            changed(|d| {
                d.as_object_mut().unwrap().remove("setup");
            }),
            None,
        ),
        ("a-list.jcz", "[1, 2]".into(), None),
        (
            "misspelt-key.jcz",
            changed(|d| {
                let elements = d["setup"].as_object_mut().unwrap().remove("elements");
                d["setup"]["el;ments"] = elements.unwrap();
            }),
            None,
        ),
        (
            "truncated.jcz",
            fixture[..fixture.len() / 2].to_string(),
            None,
        ),
        (
            "misspelt-tile-id.jcz",
            changed(|d| {
                let payload = d["replay"][0]["payload"].as_object_mut().unwrap();
                let id = payload.remove("tileId").unwrap();
                payload.insert("tileI2".into(), id);
            }),
            None,
        ),
    ];
    // The broken ones with a byte-order mark too: the mark changes nothing.
    let with_marks: Vec<_> = cases
        .iter()
        .skip(3)
        .map(|(name, text, _)| (*name, format!("\u{feff}{text}"), None))
        .collect();
    cases.extend(with_marks);
    for (name, text, expected) in cases {
        let found = verdicts(name, &text);
        // `import_jcz` gives no warnings: its verdict, and its errors when it refuses.
        let (_, read, codes) = &found[1];
        assert_eq!(found[0].1, *read, "{name}: {found:?}");
        if !read {
            assert_eq!(&found[0].2, codes, "{name}: {found:?}");
        }
        for (entry, other_read, other_codes) in &found[2..] {
            assert_eq!(
                (other_read, other_codes),
                (read, codes),
                "{name}: {entry} disagrees with import_jcz_with_warnings: {found:?}"
            );
        }
        if let Some(expected) = expected {
            assert!(*read, "{name}: {found:?}");
            let expected: BTreeSet<String> = expected.iter().map(|c| c.to_string()).collect();
            assert_eq!(codes, &expected, "{name}");
        }
    }
}

/// A save lacking a key JCloisterZone always writes, or with the wrong kind of value there, is
/// refused with one `J005` naming the key and what it holds, not read as a game of made-up
/// players without moves.
#[test]
fn missing_and_misshapen_keys_are_named() {
    let cases = [
        (
            changed(|d| {
                d.as_object_mut().unwrap().remove("replay");
            }),
            "the saved game has no `replay`",
        ),
        (
            changed(|d| d["players"] = serde_json::json!({ "type": "PLACE_TILE" })),
            "`players` holds an object, not a list of players",
        ),
        (
            changed(|d| d["setup"] = serde_json::json!([])),
            "`setup` holds a list, not an object",
        ),
        (
            changed(|d| d["players"][1] = serde_json::json!(7)),
            "the player `players[1]` is a number",
        ),
        ("\"text\"".to_string(), "the saved game is a string"),
        (
            changed(|d| {
                d["replay"][0]["payload"]
                    .as_object_mut()
                    .unwrap()
                    .remove("tileId");
            }),
            "the PLACE_TILE message `replay[0]` is not a whole move: its payload has no `tileId`",
        ),
    ];
    for (text, message) in cases {
        let diagnostics = check::import_jcz(&text).expect_err(message);
        let errors: Vec<_> = diagnostics.iter().filter(|d| d.is_error()).collect();
        assert_eq!(errors.len(), 1, "{message}: {diagnostics:?}");
        assert_eq!(errors[0].code.code, "J005");
        assert!(
            errors[0].message.starts_with(message),
            "{}",
            errors[0].message
        );
    }
}

/// Unknown keys where the format's keys are fixed are warned of at their place, with the
/// nearest known key; keys of open maps (`elements`, `rules`, `gameAnnotations`) are not.
#[test]
fn unknown_keys_are_warned_of_with_the_nearest_known_key() {
    let text = changed(|d| {
        let elements = d["setup"].as_object_mut().unwrap().remove("elements");
        d["setup"]["el;ments"] = elements.unwrap();
        d["replay"][0]["payload"]["rotaton"] = "R0".into();
        d["replay"][1]["playr"] = 0.into();
        d["setup"]["rules"]["any-rule"] = true.into();
        d["gameAnnotations"]["anything"] = 1.into();
    });
    let document = carcspec::syntax::jcz::parse(&text).expect("the document is read");
    let found: Vec<(String, String, &str)> = document
        .warnings
        .iter()
        .map(|w| {
            let span = w.primary.as_ref().expect("a place").span;
            (
                w.message.clone(),
                w.help.clone().unwrap_or_default(),
                &text[span.start..span.end],
            )
        })
        .collect();
    assert_eq!(found.len(), 3, "{found:#?}");
    let warned = |key: &str| {
        found
            .iter()
            .find(|(_, _, at)| *at == format!("\"{key}\""))
            .unwrap_or_else(|| panic!("{key}: {found:#?}"))
    };
    let (message, help, _) = warned("el;ments");
    assert_eq!(message, "unknown key \"el;ments\" in `setup`");
    assert!(help.starts_with("did you mean `elements`?"), "{help}");
    let (message, help, _) = warned("rotaton");
    assert_eq!(
        message,
        "unknown key \"rotaton\" in the payload of `replay[0]` (PLACE_TILE)"
    );
    assert!(help.starts_with("did you mean `rotation`?"), "{help}");
    let (message, help, _) = warned("playr");
    assert_eq!(message, "unknown key \"playr\" in `replay[1]`");
    assert!(help.starts_with("did you mean `player`?"), "{help}");
    // Every save of JCloisterZone's engine tests uses known keys only.
    let peer = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/peer-tests/jcloisterzone-engine-tests");
    let mut folders = vec![peer];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for path in entries.flatten().map(|e| e.path()) {
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "jcz") {
                let text = std::fs::read_to_string(&path).unwrap();
                let document = carcspec::syntax::jcz::parse(&text)
                    .unwrap_or_else(|d| panic!("{}: {d:?}", path.display()));
                assert!(
                    document.warnings.is_empty(),
                    "{}: {:?}",
                    path.display(),
                    document.warnings
                );
            }
        }
    }
}
