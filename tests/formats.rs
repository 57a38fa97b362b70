//! The output formats of `check` and `tiles lint` (human, JSON, SARIF, JUnit, GitHub), the same
//! output on any number of threads, and the command-line conventions CI relies on: standard
//! input, `--quiet`, `--color`, `--deny warnings`, `--ignore`/`--select`, allow comments, and
//! inputs that cannot be read.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn carcspec_with(args: &[&str], env: &[(&str, &str)], stdin: Option<&[u8]>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carcspec"));
    command
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("FORCE_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("the carcspec binary runs");
    if let Some(text) = stdin {
        child.stdin.take().unwrap().write_all(text).unwrap();
    }
    child.wait_with_output().unwrap()
}

fn carcspec(args: &[&str]) -> Output {
    carcspec_with(args, &[], None)
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

const FAILING_GAME: &str = "tests/fixtures/games/invalid/occupied-position.game";
const CLEAN_GAME: &str = "spec/carcassonne/farms.game";
const GAME_INPUTS: &[&str] = &[FAILING_GAME, CLEAN_GAME, "no/such/game.game"];
const TILE_INPUTS: &[&str] = &[
    "tests/fixtures/tiles/invalid/lint-duplicate-id.tiles",
    "tests/fixtures/tiles/allow/river-end-allowed.tiles",
    "tiles/hills-and-sheep.tiles",
];

fn run_format(command: &[&str], inputs: &[&str], format: &str) -> Output {
    let mut args: Vec<&str> = command.to_vec();
    args.extend(["--format", format]);
    args.extend(inputs);
    carcspec(&args)
}

/// The SARIF log with the rules (every code of `crates/core/src/codes.rs`, checked on their own) left out,
/// pretty-printed for a snapshot a person can read.
fn sarif_for_snapshot(text: &str) -> String {
    let mut log: Value = serde_json::from_str(text).expect("SARIF is JSON");
    let rules = &mut log["runs"][0]["tool"]["driver"]["rules"];
    assert_eq!(
        rules.as_array().unwrap().len(),
        carcspec::rules::codes::all().len()
    );
    *rules = Value::from("<every code of crates/core/src/codes.rs>");
    log["runs"][0]["tool"]["driver"]["semanticVersion"] = Value::from("<version>");
    // Rule indices move when codes are added: `sarif_is_valid_…` checks them against the ids.
    for result in log["runs"][0]["results"].as_array_mut().unwrap() {
        result.as_object_mut().unwrap().remove("ruleIndex");
    }
    serde_json::to_string_pretty(&log).unwrap()
}

/// The JUnit report with its times (seconds, to the millisecond: the one part of a report that
/// differs from run to run) written `time="T"`.
fn junit_for_snapshot(text: &str) -> String {
    let mut rest = text;
    let mut out = String::new();
    while let Some(at) = rest.find(" time=\"") {
        let value = &rest[at + 7..];
        let end = value.find('"').unwrap();
        let seconds: f64 = value[..end].parse().expect("a time in seconds");
        assert!(seconds >= 0.0 && value[..end].split('.').nth(1).is_some_and(|d| d.len() == 3));
        out.push_str(&rest[..at]);
        out.push_str(" time=\"T\"");
        rest = &value[end + 1..];
    }
    out.push_str(rest);
    out
}

#[test]
fn every_format_of_check_is_snapshot_tested() {
    for format in ["human", "json", "sarif", "junit", "github"] {
        let output = run_format(&["check"], GAME_INPUTS, format);
        // The missing path is an input error: exit 2, whatever the format.
        assert_eq!(output.status.code(), Some(2), "{format}");
        let text = stdout(&output);
        let text = match format {
            "sarif" => sarif_for_snapshot(&text),
            "junit" => junit_for_snapshot(&text),
            _ => text,
        };
        insta::with_settings!({
            snapshot_path => "../snapshots/formats",
            prepend_module_to_snapshot => false,
        }, {
            insta::assert_snapshot!(format!("check-{format}"), text);
        });
    }
}

#[test]
fn every_format_of_lint_is_snapshot_tested() {
    for format in ["human", "json", "sarif", "junit", "github"] {
        let output = run_format(&["tiles", "lint"], TILE_INPUTS, format);
        assert_eq!(output.status.code(), Some(1), "{format}");
        let text = stdout(&output);
        let text = match format {
            "sarif" => sarif_for_snapshot(&text),
            "junit" => junit_for_snapshot(&text),
            _ => text,
        };
        insta::with_settings!({
            snapshot_path => "../snapshots/formats",
            prepend_module_to_snapshot => false,
        }, {
            insta::assert_snapshot!(format!("lint-{format}"), text);
        });
    }
}

fn sarif_validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string("tests/sarif/sarif-schema-2.1.0.json").unwrap(),
    )
    .unwrap();
    jsonschema::validator_for(&schema).expect("the SARIF schema compiles")
}

fn assert_valid(validator: &jsonschema::Validator, document: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(document)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}");
}

#[test]
fn sarif_is_valid_against_the_sarif_2_1_0_schema() {
    let validator = sarif_validator();
    // The validator is not a rubber stamp: a log without `version` is refused.
    assert!(!validator.is_valid(&serde_json::json!({ "runs": [] })));
    let runs = [
        run_format(
            &["check"],
            &["tests/fixtures/games/invalid", "spec"],
            "sarif",
        ),
        run_format(&["check"], GAME_INPUTS, "sarif"),
        run_format(&["tiles", "lint"], &["tests/fixtures/tiles"], "sarif"),
    ];
    for output in runs {
        let log: Value = serde_json::from_slice(&output.stdout).expect("SARIF is JSON");
        assert_valid(&validator, &log, "SARIF log");
        let results = log["runs"][0]["results"].as_array().unwrap();
        assert!(!results.is_empty());
        let rules = log["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .unwrap();
        for result in results {
            let index = result["ruleIndex"].as_u64().unwrap() as usize;
            assert_eq!(rules[index]["id"], result["ruleId"]);
        }
    }
}

#[test]
fn sarif_rules_carry_the_codes_metadata() {
    let output = run_format(&["check"], &[CLEAN_GAME], "sarif");
    let log: Value = serde_json::from_slice(&output.stdout).unwrap();
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    for (rule, code) in rules.iter().zip(carcspec::rules::codes::all()) {
        assert_eq!(rule["id"], code.code);
        assert_eq!(rule["name"], code.name);
        assert_eq!(
            rule["fullDescription"]["text"],
            *carcspec::rules::codes::explanation(code)
        );
        assert_eq!(
            rule["helpUri"],
            format!(
                "{}#{}",
                carcspec::codes::DOCS_URL,
                code.code.to_ascii_lowercase()
            )
        );
    }
    assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), 0);
}

/// The `github` and `sarif` outputs point at the same places of a failing game: the move in
/// error (line 8, `place at 0,0`, 12 characters) and the earlier move its label names (line 5).
#[test]
fn github_and_sarif_locate_a_violation_and_its_related_move() {
    let text = std::fs::read_to_string(FAILING_GAME).unwrap();
    assert_eq!(text.lines().nth(7), Some("place at 0,0"));
    assert_eq!(text.lines().nth(4), Some("lay VOLCANO at 0,0"));

    let github = stdout(&run_format(&["check"], &[FAILING_GAME], "github"));
    let annotation = github.lines().next().unwrap();
    assert!(
        annotation.starts_with(&format!(
            "::error file={FAILING_GAME},line=8,col=1,endLine=8,endColumn=13,\
             title=V102 occupied-position::0%2C0 is already taken"
        )) || annotation.starts_with(&format!(
            "::error file={FAILING_GAME},line=8,col=1,endLine=8,endColumn=13,\
             title=V102 occupied-position::0,0 is already taken"
        )),
        "{annotation}"
    );
    assert!(
        annotation.contains("%0Aline 5: the tile placed there"),
        "{annotation}"
    );

    let sarif: Value =
        serde_json::from_slice(&run_format(&["check"], &[FAILING_GAME], "sarif").stdout).unwrap();
    let result = &sarif["runs"][0]["results"][0];
    assert_eq!(result["ruleId"], "V102");
    assert_eq!(result["level"], "error");
    let location = &result["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], FAILING_GAME);
    assert_eq!(
        location["region"],
        serde_json::json!({"startLine": 8, "startColumn": 1, "endLine": 8, "endColumn": 13})
    );
    let related = &result["relatedLocations"][0];
    assert_eq!(related["physicalLocation"]["region"]["startLine"], 5);
    assert_eq!(related["physicalLocation"]["region"]["endColumn"], 19);
    assert_eq!(related["message"]["text"], "the tile placed there");
}

#[test]
fn json_records_follow_the_documented_schema() {
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string("docs/report.schema.json").unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the report schema compiles");
    let runs = [
        run_format(
            &["check"],
            &["spec", "tests/fixtures/games/invalid"],
            "json",
        ),
        run_format(
            &["check"],
            &["no/such", "tiles", "spec/carcassonne/farms.game"],
            "json",
        ),
        run_format(
            &["tiles", "lint"],
            &["tests/fixtures/tiles", "tiles", "no/such.tiles"],
            "json",
        ),
        run_format(&["tiles", "lint"], &["spec", "x.game"], "json"),
    ];
    for output in runs {
        let text = stdout(&output);
        let records: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        for record in &records {
            assert_valid(&validator, record, "JSON record");
        }
        let summary = records.last().unwrap();
        assert_eq!(summary["record"], "summary");
        assert_eq!(summary["files"], records.len() - 1);
        let clean = records.iter().filter(|r| r["ok"] == true).count();
        assert_eq!(summary["clean"], clean);
    }
}

/// JUnit: a suite per folder, a case per file, a failure per error with its line, and the
/// file names and messages escaped.
#[test]
fn junit_counts_failures_per_folder() {
    let output = run_format(
        &["check"],
        &["tests/fixtures/games/invalid", "spec/carcassonne"],
        "junit",
    );
    let xml = stdout(&output);
    // A suite holds the games directly in its folder; a subfolder is a suite of its own.
    let games_in = |folder: &str| {
        std::fs::read_dir(folder)
            .unwrap()
            .filter(|entry| {
                let path = entry.as_ref().unwrap().path();
                path.is_file() && path.extension().is_some_and(|e| e == "game" || e == "jcz")
            })
            .count()
    };
    let games = games_in("tests/fixtures/games/invalid");
    assert!(
        xml.contains(&format!(
            "<testsuite name=\"tests/fixtures/games/invalid\" tests=\"{games}\" failures=\"{games}\" errors=\"0\""
        )),
        "{xml}"
    );
    let specs = games_in("spec/carcassonne");
    assert!(xml.contains(&format!(
        "<testsuite name=\"spec/carcassonne\" tests=\"{specs}\" failures=\"0\""
    )));
    assert!(xml.contains("<failure message=\"line 8: 0,0 is already taken\" type=\"V102\">"));
    assert_eq!(
        xml.matches("<testsuite ").count(),
        xml.matches("</testsuite>").count()
    );
    assert!(xml.trim_end().ends_with("</testsuites>"));
    // Nothing unescaped: every `<` opens one of the elements JUnit has.
    for (at, _) in xml.match_indices('<') {
        let rest = &xml[at + 1..];
        assert!(
            [
                "?xml",
                "testsuites",
                "/testsuites",
                "testsuite",
                "/testsuite",
                "testcase",
                "/testcase",
                "failure",
                "/failure",
                "error",
                "/error",
                "system-out",
                "/system-out"
            ]
            .iter()
            .any(|element| rest.starts_with(element)),
            "{}",
            &rest[..rest.len().min(40)]
        );
    }
}

#[test]
fn check_gives_the_same_output_on_any_number_of_threads() {
    for format in ["human", "json", "sarif", "junit", "github"] {
        let run = |threads: &str| {
            let output = carcspec(&[
                "check",
                "--threads",
                threads,
                "--format",
                format,
                "spec",
                "tests/fixtures/games/invalid",
                "no/such",
            ]);
            assert_eq!(output.status.code(), Some(2));
            // JUnit's times are the one part that differs from run to run.
            if format == "junit" {
                junit_for_snapshot(&stdout(&output)).into_bytes()
            } else {
                output.stdout
            }
        };
        let one = run("1");
        assert!(!one.is_empty());
        for threads in ["2", "3", "8"] {
            assert!(one == run(threads), "{format} on {threads} threads");
        }
    }
}

#[test]
fn standard_input_is_read_for_dash() {
    let game = std::fs::read_to_string(FAILING_GAME).unwrap();
    // Tile sets named by path are found beside the file stdin stands for.
    let output = carcspec_with(
        &[
            "check",
            "-",
            "--stdin-filename",
            FAILING_GAME,
            "--format",
            "github",
        ],
        &[],
        Some(game.as_bytes()),
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).starts_with(&format!("::error file={FAILING_GAME},line=8,")));

    let tiles = std::fs::read_to_string("tiles/hills-and-sheep.tiles").unwrap();
    let output = carcspec_with(&["tiles", "lint", "-"], &[], Some(tiles.as_bytes()));
    assert_eq!(output.status.code(), Some(0));
    assert!(
        stdout(&output).starts_with("<stdin>: 16 tiles, 18 copies"),
        "{}",
        stdout(&output)
    );

    let jcz_path = std::fs::read_dir("tests/fixtures/jcz/valid")
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "jcz"))
        .unwrap();
    let jcz = std::fs::read_to_string(&jcz_path).unwrap();
    let from_file = carcspec(&["import", jcz_path.to_str().unwrap()]);
    let from_stdin = carcspec_with(
        &[
            "import",
            "-",
            "--stdin-filename",
            jcz_path.to_str().unwrap(),
        ],
        &[],
        Some(jcz.as_bytes()),
    );
    assert_eq!(from_stdin.status.code(), Some(0));
    assert_eq!(stdout(&from_file), stdout(&from_stdin));

    // Bytes that are not UTF-8 text on standard input: reported like an unreadable file.
    let binary = carcspec_with(
        &["check", "-", "--format", "github"],
        &[],
        Some(&[0xff, 0xfe, 0x41]),
    );
    assert_eq!(binary.status.code(), Some(2));
    assert!(stdout(&binary).starts_with("::error file=<stdin>,title=F001 unreadable-input"));
}

#[test]
fn quiet_prints_only_failures_and_the_summary() {
    let output = carcspec(&["--quiet", "check", CLEAN_GAME, FAILING_GAME]);
    let text = stdout(&output);
    assert!(!text.contains("farms.game"), "{text}");
    assert!(text.contains("V102 occupied-position"));
    assert!(text.trim_end().ends_with("1 of 2 games clean"));
    let json = stdout(&carcspec(&["check", "-q", "--format", "json", CLEAN_GAME]));
    assert_eq!(json.lines().count(), 1, "only the summary: {json}");
}

/// `--quiet` checks a game without writing its scorings, and a game it then shows (one that
/// is not clean) again with them: the record shown is the one a run without `--quiet` gives.
#[test]
fn quiet_shows_a_failing_game_with_its_scorings() {
    let dir = std::env::temp_dir().join(format!("carcspec-quiet-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().unwrap();
    let simulated = carcspec(&[
        "simulate",
        "--tiles",
        "carcassonne-base",
        "--games",
        "2",
        "--seed",
        "3",
        "--out",
        out,
    ]);
    assert_eq!(simulated.status.code(), Some(0), "{}", stdout(&simulated));
    let mut games: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    games.sort();
    assert_eq!(games.len(), 2);
    // The first game stops halfway: it fails (G009) after scoring on the way.
    let text = std::fs::read_to_string(&games[0]).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(&games[0], lines[..lines.len() / 2].join("\n") + "\n").unwrap();
    let full = stdout(&carcspec(&["check", "--format", "json", out]));
    let quiet = stdout(&carcspec(&["check", "-q", "--format", "json", out]));
    let full: Vec<&str> = full.lines().collect();
    let quiet: Vec<&str> = quiet.lines().collect();
    assert_eq!(full.len(), 3, "two games and the summary");
    assert_eq!(
        quiet,
        [full[0], full[2]],
        "the failing game and the summary"
    );
    let record: Value = serde_json::from_str(quiet[0]).unwrap();
    assert_eq!(record["ok"], false);
    assert!(!record["events"].as_array().unwrap().is_empty(), "{record}");
    // The human report lists the scorings too.
    let human = |quiet: bool| {
        let mut args = vec!["check", games[0].to_str().unwrap()];
        if quiet {
            args.insert(1, "-q");
        }
        stdout(&carcspec(&args))
    };
    let shown = human(true);
    assert!(shown.contains("  line "), "{shown}");
    assert_eq!(shown, human(false));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn color_follows_the_flag_and_the_environment() {
    let colored = |args: &[&str], env: &[(&str, &str)]| {
        stdout(&carcspec_with(args, env, None)).contains('\u{1b}')
    };
    let game = ["check", FAILING_GAME];
    // Standard output is a pipe here: no colour unless forced.
    assert!(!colored(&game, &[]));
    assert!(colored(&["--color", "always", "check", FAILING_GAME], &[]));
    assert!(colored(&game, &[("FORCE_COLOR", "1")]));
    assert!(colored(&game, &[("CLICOLOR_FORCE", "1")]));
    assert!(!colored(&game, &[("FORCE_COLOR", "0")]));
    assert!(!colored(&game, &[("FORCE_COLOR", "1"), ("NO_COLOR", "1")]));
    assert!(!colored(
        &["check", "--color", "never", FAILING_GAME],
        &[("FORCE_COLOR", "1")]
    ));
}

#[test]
fn warnings_fail_only_when_denied() {
    let warned = "tests/fixtures/tiles/invalid/lint-untouchable.tiles";
    assert_eq!(carcspec(&["tiles", "lint", warned]).status.code(), Some(0));
    assert_eq!(
        carcspec(&["tiles", "lint", "--deny", "warnings", warned])
            .status
            .code(),
        Some(1)
    );
}

#[test]
fn lint_ignores_and_selects_codes() {
    let file = "tests/fixtures/tiles/invalid/syntax-several-errors.tiles";
    let all = stdout(&carcspec(&["tiles", "lint", file, "--format", "github"]));
    assert!(all.contains("T005") && all.contains("T001") && all.contains("T003"));
    let ignored = stdout(&carcspec(&[
        "tiles",
        "lint",
        file,
        "--format",
        "github",
        "--ignore",
        "T001,unmatched-brace",
    ]));
    assert!(ignored.contains("T005") && !ignored.contains("T001") && !ignored.contains("T003"));
    let selected = carcspec(&[
        "tiles", "lint", file, "--format", "github", "--select", "T00",
    ]);
    assert_eq!(stdout(&selected).lines().count(), all.lines().count());
    let none = carcspec(&["tiles", "lint", file, "--select", "T2"]);
    assert_eq!(none.status.code(), Some(0));
    let unknown = carcspec(&["tiles", "lint", file, "--ignore", "Q123"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no diagnostic code"));
}

#[test]
fn an_allow_comment_allows_a_code_for_one_tile() {
    let output = carcspec(&[
        "tiles",
        "lint",
        "--format",
        "github",
        "tests/fixtures/tiles/allow/river-end-allowed.tiles",
    ]);
    let text = stdout(&output);
    assert_eq!(text.matches("T214").count(), 1, "{text}");
    assert!(
        text.contains("tile `B`") && !text.contains("tile `A`"),
        "{text}"
    );

    let unknown = stdout(&carcspec(&[
        "tiles",
        "lint",
        "--format",
        "github",
        "tests/fixtures/tiles/allow/unknown-allowed-code.tiles",
    ]));
    assert!(
        unknown.contains("title=F023 unknown-allowed-code"),
        "{unknown}"
    );
    assert!(unknown.contains("title=T212 untouchable-tile"), "{unknown}");
}

/// One unreadable input never stops the run: it is reported in the report, the others are
/// still checked, and the exit code is 2. The same for every command that reads files.
#[test]
fn unreadable_inputs_are_reported_the_same_way_everywhere() {
    let dir = std::env::temp_dir().join(format!("carcspec-unreadable-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    let binary_game = dir.join("binary.game");
    std::fs::write(&binary_game, [0xff, 0xfe, 0x00, 0x41]).unwrap();
    let binary_tiles = dir.join("binary.tiles");
    std::fs::write(&binary_tiles, [0xff, 0xfe, 0x00, 0x41]).unwrap();
    let binary_game = binary_game.to_str().unwrap();
    let binary_tiles = binary_tiles.to_str().unwrap();
    let empty = dir.join("empty");
    let empty = empty.to_str().unwrap();

    let check = carcspec(&[
        "check",
        "--format",
        "github",
        binary_game,
        "no/such",
        CLEAN_GAME,
        empty,
    ]);
    assert_eq!(check.status.code(), Some(2));
    let text = stdout(&check);
    assert!(
        text.contains(&format!(
            "::error file={binary_game},title=F001 unreadable-input"
        )),
        "{text}"
    );
    assert!(
        text.contains("::error file=no/such,title=F001 unreadable-input"),
        "{text}"
    );
    assert!(
        text.contains(&format!("::error file={empty},title=F021 no-input-files")),
        "{text}"
    );
    assert!(
        text.trim_end().ends_with("1 of 4 games clean, 3 not read"),
        "{text}"
    );

    let lint = carcspec(&[
        "tiles",
        "lint",
        "--format",
        "github",
        binary_tiles,
        "tiles/hills-and-sheep.tiles",
        empty,
    ]);
    assert_eq!(lint.status.code(), Some(2));
    let text = stdout(&lint);
    assert!(
        text.contains(&format!(
            "::error file={binary_tiles},title=F001 unreadable-input"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("::error file={empty},title=F021 no-input-files")),
        "{text}"
    );
    assert!(
        text.trim_end()
            .ends_with("1 of 3 tile sets clean, 2 not read"),
        "{text}"
    );

    for args in [
        vec!["tiles", "fmt", "--check", binary_tiles],
        vec!["fmt", "--check", binary_game],
        vec!["import", binary_game],
        vec!["tiles", "export", "--format", "json", binary_tiles],
        vec!["simulate", "--tiles", binary_tiles, "--games", "1"],
    ] {
        let output = carcspec(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("error[F001 unreadable-input]: cannot read"),
            "{args:?}: {stderr}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_of_the_wrong_kind_gets_one_diagnostic() {
    let check = carcspec(&["check", "--format", "json", "tiles/carcassonne-base.tiles"]);
    assert_eq!(check.status.code(), Some(2));
    let records: Vec<Value> = stdout(&check)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records[0]["violations"].as_array().unwrap().len(), 1);
    assert_eq!(records[0]["violations"][0]["code"], "F020");

    let lint = carcspec(&["tiles", "lint", "--format", "json", CLEAN_GAME]);
    assert_eq!(lint.status.code(), Some(2));
    let records: Vec<Value> = stdout(&lint)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records[0]["diagnostics"].as_array().unwrap().len(), 1);
    assert_eq!(records[0]["diagnostics"][0]["code"], "F020");

    let fmt = carcspec(&["tiles", "fmt", "--check", CLEAN_GAME]);
    assert_eq!(fmt.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&fmt.stderr).contains("F020 wrong-kind-of-file"));
}

#[test]
fn completions_and_man_page_come_from_the_cli() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let output = carcspec(&["completions", shell]);
        assert_eq!(output.status.code(), Some(0), "{shell}");
        let script = stdout(&output);
        assert!(
            script.contains("carcspec") && script.contains("stdin-filename"),
            "{shell}"
        );
    }
    let man = stdout(&carcspec(&["man"]));
    assert!(
        man.starts_with(".ie") || man.contains(".TH carcspec"),
        "{man}"
    );
    assert!(man.contains("check"));
}

/// Every option and argument of every command says what it is for in `--help`.
#[test]
fn every_option_has_a_description() {
    fn visit(command: &clap::Command, path: &str, missing: &mut Vec<String>) {
        for arg in command.get_arguments() {
            let id = arg.get_id().as_str();
            if ["help", "version"].contains(&id) {
                continue;
            }
            if arg.get_help().is_none() && arg.get_long_help().is_none() {
                missing.push(format!("{path} {id}"));
            }
        }
        for sub in command.get_subcommands() {
            if sub.get_about().is_none() && sub.get_name() != "help" {
                missing.push(format!("{path} {} (no about)", sub.get_name()));
            }
            visit(sub, &format!("{path} {}", sub.get_name()), missing);
        }
    }
    let mut missing = Vec::new();
    visit(&carcspec::cli::command(), "carcspec", &mut missing);
    assert!(missing.is_empty(), "without a description: {missing:#?}");
    let help = stdout(&carcspec(&["check", "--help"]));
    assert!(help.contains(".jcz"), "{help}");
}

/// `fmt --check --diff` shows the change and leaves the file alone; `fmt` then rewrites it.
#[test]
fn fmt_checks_shows_and_rewrites() {
    let dir = std::env::temp_dir().join(format!("carcspec-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("messy.game");
    let messy = "# a comment\ngame   \"x\"   # named\nruleset carcassonne\n\n\n\nend\n";
    std::fs::write(&game, messy).unwrap();
    let tiles = dir.join("messy.tiles");
    std::fs::write(
        &tiles,
        "tileset t\nruleset carcassonne\ntile A   start {\n city: N E S W\n}\n",
    )
    .unwrap();
    let game = game.to_str().unwrap();
    let tiles = tiles.to_str().unwrap();

    let check = carcspec(&["fmt", "--check", "--diff", game, tiles]);
    assert_eq!(check.status.code(), Some(1));
    let text = stdout(&check);
    assert!(
        text.contains("-game   \"x\"   # named\n+game \"x\"  # named"),
        "{text}"
    );
    assert!(text.contains("+tile A start {"), "{text}");
    assert!(text.contains("F022 not-formatted"), "{text}");
    assert_eq!(std::fs::read_to_string(game).unwrap(), messy);

    let tiles_only = carcspec(&["tiles", "fmt", "--check", "--diff", tiles]);
    assert_eq!(tiles_only.status.code(), Some(1));
    assert!(stdout(&tiles_only).contains("+  city: N E S W"));

    assert_eq!(carcspec(&["fmt", game, tiles]).status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(game).unwrap(),
        "# a comment\ngame \"x\"  # named\nruleset carcassonne\n\nend\n"
    );
    assert_eq!(
        carcspec(&["fmt", "--check", game, tiles]).status.code(),
        Some(0)
    );
    let quiet = carcspec(&["fmt", "--check", "--quiet", game, tiles]);
    assert_eq!(
        (quiet.status.code(), stdout(&quiet)),
        (Some(0), String::new())
    );

    let piped = carcspec_with(&["fmt", "-"], &[], Some(messy.as_bytes()));
    assert_eq!(stdout(&piped), std::fs::read_to_string(game).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn docs_codes_md_is_generated_from_the_registry() {
    let generated = stdout(&carcspec(&["explain", "--markdown"]));
    let committed = std::fs::read_to_string("docs/codes.md").unwrap_or_default();
    assert!(
        generated == committed,
        "docs/codes.md is out of date: run `cargo run -- explain --markdown > docs/codes.md`"
    );
}

/// `--shard K/N` splits the ordered inputs into N disjoint shares that hold every input.
#[test]
fn shards_split_the_inputs_between_jobs() {
    let files = |args: &[&str]| -> Vec<String> {
        stdout(&carcspec(args))
            .lines()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .filter(|record| record["record"] == "file")
            .map(|record| record["file"].as_str().unwrap().to_string())
            .collect()
    };
    let all = files(&["check", "--format", "json", "spec"]);
    let mut shares: Vec<String> = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let share = files(&["check", "--format", "json", "--shard", &shard, "spec"]);
        assert!(!share.is_empty());
        shares.extend(share);
    }
    let mut sorted = shares.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), shares.len(), "shares overlap");
    let mut all_sorted = all.clone();
    all_sorted.sort();
    assert_eq!(sorted, all_sorted);
    assert_eq!(
        carcspec(&["check", "--shard", "4/3", "spec"]).status.code(),
        Some(2)
    );
}

/// Parses an XML document with a real parser (well-formed, end tags matching, every entity
/// known, attribute values escaped) and counts its elements by name.
fn xml_elements(xml: &str) -> std::collections::BTreeMap<String, usize> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut counts = std::collections::BTreeMap::new();
    let mut depth = 0usize;
    loop {
        let event = reader.read_event().expect("well-formed XML");
        let element = match &event {
            Event::Start(element) | Event::Empty(element) => Some(element.clone()),
            _ => None,
        };
        if let Some(element) = element {
            let name = String::from_utf8(element.name().as_ref().to_vec()).unwrap();
            *counts.entry(name).or_default() += 1;
            for attribute in element.attributes() {
                let attribute = attribute.expect("a well-formed attribute");
                let value = std::str::from_utf8(&attribute.value).unwrap();
                quick_xml::escape::unescape(value).expect("an escaped attribute value");
            }
        }
        match event {
            Event::Start(_) => depth += 1,
            Event::End(_) => depth -= 1,
            Event::GeneralRef(reference) => {
                let name = String::from_utf8_lossy(&reference).into_owned();
                assert!(
                    ["amp", "lt", "gt", "quot", "apos"].contains(&name.as_str())
                        || name.starts_with('#'),
                    "unknown entity &{name};"
                );
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert_eq!(depth, 0, "unclosed elements");
    counts
}

/// The JUnit document parses as XML and holds a test case per file, a failure per error of a
/// readable file and an error per unreadable input, as the JSON summary counts them.
#[test]
fn junit_is_well_formed_xml_with_the_summary_counts() {
    let inputs = ["tests/fixtures/games/invalid", "spec", "no/such/game.game"];
    let mut junit_args = vec!["check", "--format", "junit"];
    junit_args.extend(inputs);
    let mut json_args = vec!["check", "--format", "json"];
    json_args.extend(inputs);
    let summary: Value =
        serde_json::from_str(stdout(&carcspec(&json_args)).lines().last().unwrap()).unwrap();
    let elements = xml_elements(&stdout(&carcspec(&junit_args)));
    let count = |name: &str| elements.get(name).copied().unwrap_or(0) as u64;
    assert_eq!(count("testsuites"), 1);
    assert_eq!(count("testcase"), summary["files"].as_u64().unwrap());
    let unreadable = summary["unreadable"].as_u64().unwrap();
    assert_eq!(unreadable, 1);
    assert_eq!(count("error"), unreadable);
    // One failure per file that fails, whatever the number of its findings.
    let failing = summary["files"].as_u64().unwrap() - summary["clean"].as_u64().unwrap();
    assert_eq!(count("failure"), failing - unreadable);
    assert!(summary["violations"].as_u64().unwrap() > count("failure"));
    assert!(count("testsuite") >= 3);

    let lint = stdout(&carcspec(&[
        "tiles",
        "lint",
        "--format",
        "junit",
        "tests/fixtures/tiles",
    ]));
    let elements = xml_elements(&lint);
    assert!(
        elements["failure"] > 30 && elements["system-out"] >= 2,
        "{elements:?}"
    );
}
