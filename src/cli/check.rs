//! `carcspec check <PATH>...`

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::output::{
    FileReport, InputProblem, OutputFormat, ReportOptions, Reporter, quiet_shows, run_ordered,
    stdin_game, stdin_origin,
};
use super::walk::WalkArgs;
use super::{EXIT_FINDINGS, EXIT_USAGE};
use crate::check::{self, CheckReport, ReportedEvent};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::report::{self, FileOutcome, JsonDiagnostic};

/// One input of a `check` run.
enum Input {
    File(PathBuf),
    Stdin,
    Problem(InputProblem),
}

/// The inputs named by `paths`: files as given, folders walked for `.game` and `.jcz` files
/// ([`super::walk`]), `-` for standard input. A path that cannot be used is an input of its
/// own, reported in its place, so that the others are still checked. With `dependents`, a tile
/// set named stands for the games below the current folder that use it.
fn inputs(paths: &[String], walk: &WalkArgs, dependents: bool) -> Vec<Input> {
    let mut inputs = Vec::new();
    let mut changed_tile_sets = Vec::new();
    for name in paths {
        let path = Path::new(name);
        if name == "-" {
            inputs.push(Input::Stdin);
        } else if path.is_dir() {
            let found = super::walk::files_below(path, &["game", "jcz"], walk);
            if found.files.is_empty() && found.problems.is_empty() {
                inputs.push(problem(
                    name,
                    Diagnostic::new(
                        &codes::NO_INPUT_FILES,
                        format!("no .game or .jcz files in `{name}`"),
                    )
                    .help("give a folder that holds games, or the games themselves"),
                ));
            }
            for diagnostic in found.problems {
                inputs.push(problem(name, diagnostic));
            }
            inputs.extend(found.files.into_iter().map(Input::File));
        } else if dependents && path.is_file() && tile_set_kind(path).is_some() {
            changed_tile_sets.push(path.to_path_buf());
        } else if let Some(kind) = tile_set_kind(path) {
            inputs.push(problem(
                name,
                Diagnostic::new(
                    &codes::WRONG_KIND_OF_FILE,
                    format!("`{name}` is a tile set ({kind}), not a game"),
                )
                .help(format!(
                    "check games (.game, .jcz); lint tile sets with `carcspec tiles lint {name}`"
                )),
            ));
        } else if path.is_file() {
            inputs.push(Input::File(path.to_path_buf()));
        } else if path.exists() {
            inputs.push(problem(
                name,
                Diagnostic::new(
                    &codes::NOT_A_REGULAR_FILE,
                    format!("`{name}` is neither a file nor a folder"),
                )
                .help(
                    "give .game or .jcz files, folders that hold them, or `-` for standard input",
                ),
            ));
        } else {
            inputs.push(problem(
                name,
                Diagnostic::new(
                    &codes::UNREADABLE_INPUT,
                    format!("`{name}`: no such file or folder"),
                )
                .help(
                    "give .game or .jcz files, folders that hold them, or `-` for standard input",
                ),
            ));
        }
    }
    if !changed_tile_sets.is_empty() {
        add_games_using(&mut inputs, &changed_tile_sets, walk);
    }
    inputs
}

/// Adds the games below the current folder that name one of `tile_sets` in a `tiles` line and
/// are not inputs already: a pre-commit hook that sees a tile set change checks the games that
/// play it. Games are matched by the file their `tiles` names come to (relative to the game's
/// folder, as `check` resolves them), so `../tiles/a.tiles` and `a.tiles` beside it both count.
fn add_games_using(inputs: &mut Vec<Input>, tile_sets: &[PathBuf], walk: &WalkArgs) {
    let wanted: Vec<PathBuf> = tile_sets
        .iter()
        .filter_map(|path| std::fs::canonicalize(path).ok())
        .collect();
    let named: std::collections::HashSet<PathBuf> = inputs
        .iter()
        .filter_map(|input| match input {
            Input::File(path) => std::fs::canonicalize(path).ok(),
            _ => None,
        })
        .collect();
    let found = super::walk::files_below(Path::new("."), &["game"], walk);
    for game in found.files {
        // Unreadable games are left to the run that names them; this one only looks.
        let Ok(text) = crate::input::read_text(&game) else {
            continue;
        };
        let folder = game.parent().unwrap_or(Path::new("."));
        let uses_one = crate::syntax::game::parse(&text)
            .0
            .statements
            .iter()
            .filter(|statement| statement.keyword.value == "tiles")
            .flat_map(|statement| statement.words.iter())
            .filter_map(|word| {
                std::fs::canonicalize(check::tile_set_target(&word.value, folder)).ok()
            })
            .any(|target| wanted.contains(&target));
        let canonical = std::fs::canonicalize(&game).ok();
        if uses_one && canonical.is_some_and(|c| !named.contains(&c)) {
            // `./a.game` as `a.game`, the way the hook names the files it passes.
            let shown = game
                .strip_prefix(".")
                .map(Path::to_path_buf)
                .unwrap_or(game);
            inputs.push(Input::File(shown));
        }
    }
}

/// The kind of tile set a file's name says it holds, if it names one.
fn tile_set_kind(path: &Path) -> Option<&'static str> {
    match path.extension()?.to_str()? {
        "tiles" => Some("tile language"),
        "json" => Some("JSON"),
        "yaml" | "yml" => Some("YAML"),
        _ => None,
    }
}

fn problem(origin: &str, diagnostic: Diagnostic) -> Input {
    Input::Problem(InputProblem {
        origin: origin.to_string(),
        diagnostics: vec![diagnostic],
        list: "violations",
    })
}

#[derive(Serialize)]
struct ExpectationsJson {
    passed: usize,
    failed: usize,
}

#[derive(Serialize)]
struct CheckJson<'a> {
    schema: u32,
    record: &'static str,
    file: &'a str,
    ok: bool,
    violations: Vec<JsonDiagnostic>,
    expected_violations: Vec<JsonDiagnostic>,
    expectations: ExpectationsJson,
    events: &'a [ReportedEvent],
    scores: serde_json::Map<String, serde_json::Value>,
    final_scored: bool,
    not_applicable: &'a [String],
}

/// The options of `carcspec check`.
pub struct CheckOptions {
    pub format: OutputFormat,
    pub threads: usize,
    pub quiet: bool,
    pub deny_warnings: bool,
    pub stdin_filename: Option<String>,
    /// `(K, N)`: only the K-th (from 1) of N shares of the inputs.
    pub shard: Option<(usize, usize)>,
    pub walk: WalkArgs,
    /// A tile set among the paths stands for the games that use it.
    pub dependents: bool,
    /// The file to write the report to (standard output when `None`).
    pub output: Option<PathBuf>,
    /// What a saved game that needs an expansion carcspec does not play comes to.
    pub unsupported: Unsupported,
}

/// `--unsupported`: what a saved game refused for an expansion carcspec does not play (its
/// only errors are `J002 unsupported-jcz`) comes to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Unsupported {
    /// It fails the run, as any error does.
    #[default]
    Error,
    /// It is reported as skipped, and does not fail the run.
    Skip,
}

/// Reads `K/N` with 1 ≤ K ≤ N.
pub fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let parsed = text
        .split_once('/')
        .and_then(|(k, n)| Some((k.trim().parse().ok()?, n.trim().parse().ok()?)));
    match parsed {
        Some((k, n)) if 1 <= k && k <= n => Ok((k, n)),
        _ => Err("expected K/N with 1 <= K <= N, such as 1/4".to_string()),
    }
}

pub fn run(paths: &[String], options: &CheckOptions) -> i32 {
    let mut inputs = inputs(paths, &options.walk, options.dependents);
    if let Some((k, n)) = options.shard {
        // Every input keeps its place in the ordered list, so the N shares never overlap and
        // together hold every input, on every machine that sees the same files.
        inputs = inputs
            .into_iter()
            .enumerate()
            .filter(|(index, _)| index % n == k - 1)
            .map(|(_, input)| input)
            .collect();
    }
    let report_options = ReportOptions {
        format: options.format,
        quiet: options.quiet,
        deny_warnings: options.deny_warnings,
    };
    let stdin_filename = options.stdin_filename.as_deref();
    let events = EventsShown::of(options);
    // The tile sets of the run: each is read and compiled once, for every game that names it.
    let cache = check::TileSetCache::default();
    let out: Box<dyn std::io::Write> = match &options.output {
        None => Box::new(std::io::stdout().lock()),
        Some(path) => match std::fs::File::create(path) {
            Ok(file) => Box::new(std::io::BufWriter::new(file)),
            Err(error) => {
                eprintln!("error: cannot write `{}`: {error}", path.display());
                return EXIT_USAGE;
            }
        },
    };
    let result =
        Reporter::new(out, &report_options, "game", "carcspec check").and_then(|mut reporter| {
            run_ordered(
                &inputs,
                options.threads,
                |input| {
                    let report = check_input(input, stdin_filename, &cache, events);
                    let skipped = options.unsupported == Unsupported::Skip
                        && report.needs_what_is_not_played();
                    if skipped {
                        Box::new(Skipped(report)) as Box<dyn FileReport>
                    } else {
                        report
                    }
                },
                &mut reporter,
            )?;
            reporter.finish()
        });
    match result {
        Ok(exit) => exit,
        // Standard output closed (a pager quit, `| head`): nothing more to say.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => EXIT_FINDINGS,
        Err(error) => {
            eprintln!("error: cannot write the report: {error}");
            EXIT_USAGE
        }
    }
}

/// When the run shows a game's scorings (the human and JSON reports list them).
#[derive(Clone, Copy)]
enum EventsShown {
    Always,
    /// Under `--quiet`: only in the report of a game that is not clean or has warnings, since
    /// a clean game's report is left out.
    UnlessClean,
    /// The formats that show diagnostics only.
    Never,
}

impl EventsShown {
    fn of(options: &CheckOptions) -> Self {
        match options.format {
            OutputFormat::Human | OutputFormat::Json if options.quiet => EventsShown::UnlessClean,
            OutputFormat::Human | OutputFormat::Json => EventsShown::Always,
            OutputFormat::Github
            | OutputFormat::Sarif
            | OutputFormat::Junit
            | OutputFormat::Html => EventsShown::Never,
        }
    }
}

/// Checks the game file at `path`, listing its scorings only if the report may show them: a
/// game's scorings are some 5 % of checking it (their text, the players' names, the lines
/// counted), and `--quiet` shows no clean game.
fn check_game_file(path: &Path, cache: &check::TileSetCache, events: EventsShown) -> GameReport {
    use check::ScoreEvents;
    let check = |events| {
        let options = check::CheckOptions {
            tile_sets: Some(cache),
            events,
            ..check::CheckOptions::default()
        };
        GameReport(check::check(check::GameInput::File(path), &options))
    };
    match events {
        EventsShown::Always => check(ScoreEvents::Reported),
        EventsShown::Never => check(ScoreEvents::LeftOut),
        EventsShown::UnlessClean => {
            let report = check(ScoreEvents::LeftOut);
            // A game `--quiet` shows (rare in a run that checks many) is checked again with
            // its scorings, for the report.
            if quiet_shows(&report) {
                check(ScoreEvents::Reported)
            } else {
                report
            }
        }
    }
}

fn check_input(
    input: &Input,
    stdin_filename: Option<&str>,
    cache: &check::TileSetCache,
    events: EventsShown,
) -> Box<dyn FileReport> {
    match input {
        Input::File(path) => Box::new(check_game_file(path, cache, events)),
        Input::Stdin => match stdin_game(stdin_filename) {
            Ok(game) => {
                let options = check::CheckOptions {
                    base_dir: &game.base_dir,
                    tile_sets: Some(cache),
                    // Standard input is read once: its report lists the scorings, whether
                    // the output shows them or not.
                    events: check::ScoreEvents::Reported,
                };
                let input = check::GameInput::Text {
                    origin: &game.origin,
                    text: game.text,
                    format: game.format,
                };
                Box::new(GameReport(check::check(input, &options)))
            }
            Err(diagnostic) => Box::new(InputProblem {
                origin: stdin_origin(stdin_filename),
                list: "violations",
                diagnostics: vec![diagnostic],
            }),
        },
        Input::Problem(problem) => Box::new(InputProblem {
            origin: problem.origin.clone(),
            diagnostics: problem.diagnostics.clone(),
            list: "violations",
        }),
    }
}

/// A game's report as the output formats read it.
struct GameReport(CheckReport);

/// A saved game refused for an expansion carcspec does not play, reported as skipped
/// (`--unsupported skip`).
struct Skipped(Box<dyn FileReport>);

impl FileReport for Skipped {
    fn outcome(&self) -> FileOutcome<'_> {
        self.0.outcome()
    }

    fn human(&self, _color: bool) -> String {
        let outcome = self.0.outcome();
        let mut text = format!("{}\n", outcome.origin);
        for diagnostic in outcome.diagnostics {
            text.push_str(&format!("  skipped: {}\n", diagnostic.message));
        }
        text
    }

    fn json(&self, _ok: bool) -> String {
        // The game's record, with `"status": "skipped"`.
        let json = self.0.json(false);
        let mut value: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
        if let Some(record) = value.as_object_mut() {
            record.insert("status".into(), "skipped".into());
        }
        value.to_string()
    }

    fn skipped(&self) -> bool {
        true
    }
}

impl FileReport for GameReport {
    fn outcome(&self) -> FileOutcome<'_> {
        FileOutcome {
            origin: &self.0.origin,
            text: &self.0.text,
            diagnostics: &self.0.diagnostics,
        }
    }

    fn human(&self, color: bool) -> String {
        render_human(&self.0, color)
    }

    fn json(&self, ok: bool) -> String {
        let mut json = to_json(&self.0);
        json.ok = ok;
        serde_json::to_string(&json).unwrap_or_default()
    }

    fn expectations(&self) -> (usize, usize) {
        (self.0.expectations_passed, self.0.expectations_failed)
    }

    fn failed_otherwise(&self) -> bool {
        self.0.expectations_failed > 0
    }

    fn needs_what_is_not_played(&self) -> bool {
        let mut errors = self
            .0
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .peekable();
        errors.peek().is_some() && errors.all(|d| std::ptr::eq(d.code, &codes::UNSUPPORTED_JCZ))
    }

    fn board_after(&self, line: Option<usize>) -> Option<Result<String, String>> {
        Some(super::render::html::board_after_line(
            &self.0.origin,
            &self.0.text,
            line,
        ))
    }
}

/// The report of one game as people read it: problems with the source, then what was scored.
pub fn render_human(report: &CheckReport, color: bool) -> String {
    use std::fmt::Write as _;
    let mut text = report::render(&report.origin, &report.text, &report.diagnostics, color);
    // Every game's scorings are listed, clean or not: written into the report in place (writing
    // to a `String` cannot fail), without a string of their own for each line.
    let _ = writeln!(text, "{}", report.origin);
    let mut line = String::new();
    for event in &report.events {
        line.clear();
        if event.is_final {
            line.push_str("final");
        } else {
            let _ = write!(line, "line {}", event.line);
        }
        let _ = write!(text, "  {line:>9}  {}: ", event.breakdown);
        event.write_players(&mut text);
        text.push('\n');
    }
    if !report.players.is_empty() && !report.scores.is_empty() {
        let scores: Vec<String> = report
            .players
            .iter()
            .zip(&report.scores)
            .map(|(p, s)| format!("{p} {s}"))
            .collect();
        let label = if report.final_scored {
            "final scores"
        } else {
            "scores"
        };
        text.push_str(&format!("  {label}: {}\n", scores.join(", ")));
    }
    let expected = report.expected_violations.len();
    text.push_str(&format!(
        "  expectations: {} passed, {} failed{}\n",
        report.expectations_passed,
        report.expectations_failed,
        if expected > 0 {
            format!(
                " (including {expected} expected violation{})",
                if expected == 1 { "" } else { "s" }
            )
        } else {
            String::new()
        }
    ));
    for assertion in &report.not_applicable {
        text.push_str(&format!("  not applicable: {assertion}\n"));
    }
    text.push_str(if report.ok() { "  ok\n" } else { "  FAILED\n" });
    text
}

fn to_json(report: &CheckReport) -> CheckJson<'_> {
    let scores = report
        .players
        .iter()
        .zip(&report.scores)
        .map(|(p, s)| (p.clone(), serde_json::Value::from(*s)))
        .collect();
    CheckJson {
        schema: super::output::JSON_SCHEMA_VERSION,
        record: "file",
        file: &report.origin,
        ok: report.ok(),
        violations: report::to_json_all(&report.text, &report.diagnostics),
        expected_violations: report::to_json_all(&report.text, &report.expected_violations),
        expectations: ExpectationsJson {
            passed: report.expectations_passed,
            failed: report.expectations_failed,
        },
        events: &report.events,
        scores,
        final_scored: report.final_scored,
        not_applicable: &report.not_applicable,
    }
}

#[cfg(test)]
mod tests;
