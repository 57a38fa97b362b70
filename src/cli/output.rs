//! What `check` and `tiles lint` share: the output formats, the order of the reports whatever
//! the number of threads, colour, `--quiet`, `--deny warnings`, standard input, and the exit
//! code (0 clean, 1 findings, 2 an input that could not be read).

use crate::check::StatePoint;
use std::io::{self, IsTerminal, Read, Write};
use std::sync::OnceLock;

use clap::ValueEnum;
use serde::Serialize;

use super::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::report::github;
use crate::report::html::HtmlWriter;
use crate::report::junit::JunitWriter;
use crate::report::sarif::SarifWriter;
use crate::report::{self, FileOutcome};

/// The version of the JSON records (`docs/report.schema.json`); raised when a field changes
/// meaning or goes away, not when one is added.
pub const JSON_SCHEMA_VERSION: u32 = 1;

/// How `check` and `tiles lint` report.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Default, Debug)]
pub enum OutputFormat {
    /// Diagnostics with the source, for people.
    #[default]
    Human,
    /// One JSON record per file, then a summary record (`docs/report.schema.json`).
    Json,
    /// A SARIF 2.1.0 log, as GitHub code scanning reads it.
    Sarif,
    /// JUnit XML: a test suite per folder, a test case per file.
    Junit,
    /// GitHub Actions workflow commands that annotate the pull request.
    Github,
    /// One self-contained page: every file, and each failing one's diagnostics by line with,
    /// for a game, the board after each failing line (docs/ci.md).
    Html,
}

/// `--color`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Default, Debug)]
pub enum ColorChoice {
    /// Colour on a terminal, unless `NO_COLOR` is set; `FORCE_COLOR` or `CLICOLOR_FORCE`
    /// force it on.
    #[default]
    Auto,
    Always,
    Never,
}

/// Warning levels `--deny` can turn into failures.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Debug)]
pub enum Deny {
    /// Warnings fail the run (exit 1) as errors do.
    Warnings,
}

static COLOR: OnceLock<ColorChoice> = OnceLock::new();

/// Sets the colour choice of the run (the first call wins).
pub(crate) fn set_color(choice: ColorChoice) {
    let _ = COLOR.set(choice);
}

/// Whether to colour standard output: `--color`, then `NO_COLOR`, `TERM=dumb`,
/// `CLICOLOR_FORCE` and `FORCE_COLOR` (as no-color.org and force-color.org define them), then
/// whether it is a terminal.
pub(crate) fn use_color() -> bool {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    let forced = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
    match COLOR.get().copied().unwrap_or_default() {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto if set("NO_COLOR") => false,
        // A terminal that says it cannot show escape sequences.
        ColorChoice::Auto if std::env::var_os("TERM").is_some_and(|t| t == "dumb") => false,
        ColorChoice::Auto if forced("CLICOLOR_FORCE") || forced("FORCE_COLOR") => true,
        ColorChoice::Auto => io::stdout().is_terminal(),
    }
}

/// Standard input, read once: `-` may name it on the command line of any command.
pub(crate) fn read_stdin() -> Result<String, String> {
    static STDIN: OnceLock<Result<String, String>> = OnceLock::new();
    STDIN
        .get_or_init(|| {
            let limit = crate::input::MAX_INPUT_BYTES;
            let mut bytes = Vec::new();
            io::stdin()
                .take(limit + 1)
                .read_to_end(&mut bytes)
                .map_err(|e| e.to_string())?;
            if bytes.len() as u64 > limit {
                return Err(format!("more than the limit of {limit} bytes"));
            }
            String::from_utf8(bytes)
                .map(crate::input::normalize)
                .map_err(|e| format!("standard input is not UTF-8 text: {e}"))
        })
        .clone()
}

/// The name standard input goes by in messages.
pub(crate) fn stdin_origin(stdin_filename: Option<&str>) -> String {
    stdin_filename.unwrap_or("<stdin>").to_string()
}

/// One file's report, as each format needs it.
pub(crate) trait FileReport: Send {
    /// The file's name, text and problems, as the machine formats read them.
    fn outcome(&self) -> FileOutcome<'_>;
    /// The report for people (`--quiet` leaves out a clean file's whole report).
    fn human(&self, color: bool) -> String;
    /// The JSON record of the file (one line, no newline); `ok` is the verdict of the run's
    /// options (`--deny warnings`).
    fn json(&self, ok: bool) -> String;
    /// Expectations passed and failed (games only).
    fn expectations(&self) -> (usize, usize) {
        (0, 0)
    }
    /// Whether the file fails for reasons besides its diagnostics.
    fn failed_otherwise(&self) -> bool {
        false
    }
    /// Whether the file is refused for an expansion carcspec does not play, and for nothing
    /// else (its only errors are `J002 unsupported-jcz`).
    fn needs_what_is_not_played(&self) -> bool {
        false
    }
    /// Whether the run reports the file as skipped (`check --unsupported skip`).
    fn skipped(&self) -> bool {
        false
    }
    /// The board (SVG) after the 1-based line `line`, at the end for `None`, for the HTML
    /// report: `None` for a file that has no board, `Err` why a game has none.
    fn board_after(&self, _line: Option<usize>) -> Option<Result<String, String>> {
        None
    }
}

/// Whether `--quiet` shows the report of a file: one with a diagnostic (an error or a
/// warning) or failed otherwise; a clean file's report is left out.
pub(crate) fn quiet_shows(report: &dyn FileReport) -> bool {
    !report.outcome().diagnostics.is_empty() || report.failed_otherwise()
}

/// Whether a diagnostic means the input could not be read at all (exit 2).
pub(crate) fn is_input_error(diagnostic: &Diagnostic) -> bool {
    [
        &codes::UNREADABLE_INPUT,
        &codes::NOT_A_REGULAR_FILE,
        &codes::INPUT_TOO_LARGE,
        &codes::WRONG_KIND_OF_FILE,
        &codes::NO_INPUT_FILES,
        &codes::UNREADABLE_FOLDER,
    ]
    .iter()
    .any(|code| std::ptr::eq(*code, diagnostic.code))
}

#[derive(Default, Serialize)]
struct Totals {
    files: usize,
    clean: usize,
    /// Files `check --unsupported skip` passed over (written only when there are some).
    #[serde(skip_serializing_if = "is_zero")]
    skipped: usize,
    violations: usize,
    warnings: usize,
    unreadable: usize,
    expectations: ExpectationTotals,
}

fn is_zero(count: &usize) -> bool {
    *count == 0
}

#[derive(Default, Serialize)]
struct ExpectationTotals {
    passed: usize,
    failed: usize,
}

#[derive(Serialize)]
struct SummaryJson<'a> {
    schema: u32,
    record: &'static str,
    #[serde(flatten)]
    totals: &'a Totals,
}

/// Writes the reports of a run, in order, in one format, and keeps the totals.
pub(crate) struct Reporter<W: Write> {
    format: OutputFormat,
    out: W,
    quiet: bool,
    deny_warnings: bool,
    color: bool,
    /// The noun of the summary line: `game`, `tile set`.
    noun: &'static str,
    sarif: Option<SarifWriter>,
    junit: Option<JunitWriter>,
    html: Option<HtmlWriter>,
    totals: Totals,
}

pub(crate) struct ReportOptions {
    pub format: OutputFormat,
    pub quiet: bool,
    pub deny_warnings: bool,
}

impl<W: Write> Reporter<W> {
    pub fn new(
        mut out: W,
        options: &ReportOptions,
        noun: &'static str,
        suite: &str,
    ) -> io::Result<Self> {
        let sarif = match options.format {
            OutputFormat::Sarif => Some(SarifWriter::begin(&mut out)?),
            _ => None,
        };
        let junit = match options.format {
            OutputFormat::Junit => Some(JunitWriter::begin(suite)),
            _ => None,
        };
        let html = match options.format {
            OutputFormat::Html => Some(HtmlWriter::begin(&mut out, suite)?),
            _ => None,
        };
        Ok(Reporter {
            format: options.format,
            out,
            quiet: options.quiet,
            deny_warnings: options.deny_warnings,
            color: use_color(),
            noun,
            sarif,
            junit,
            html,
            totals: Totals::default(),
        })
    }

    /// Reports one file, which took `time` to check.
    pub fn file(&mut self, report: &dyn FileReport, time: std::time::Duration) -> io::Result<()> {
        let outcome = report.outcome();
        let errors = outcome.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = outcome.diagnostics.len() - errors;
        let unreadable = outcome.diagnostics.iter().any(is_input_error);
        let skipped = report.skipped();
        let ok = errors == 0 && !report.failed_otherwise() && !(self.deny_warnings && warnings > 0);
        let (passed, failed) = report.expectations();
        self.totals.files += 1;
        self.totals.clean += usize::from(ok);
        self.totals.skipped += usize::from(skipped);
        // A skipped file's refusals are not violations of the run.
        if !skipped {
            self.totals.violations += errors;
        }
        self.totals.warnings += warnings;
        self.totals.unreadable += usize::from(unreadable);
        self.totals.expectations.passed += passed;
        self.totals.expectations.failed += failed;
        let show = !self.quiet || quiet_shows(report);
        match self.format {
            OutputFormat::Human if show => write!(self.out, "{}", report.human(self.color))?,
            OutputFormat::Json if show => writeln!(self.out, "{}", report.json(ok))?,
            OutputFormat::Human | OutputFormat::Json => {}
            OutputFormat::Github => write!(self.out, "{}", github::annotations(&outcome, skipped))?,
            OutputFormat::Sarif => {
                if let Some(sarif) = &mut self.sarif {
                    sarif.file(&mut self.out, &outcome, skipped)?;
                }
            }
            OutputFormat::Junit => {
                if let Some(junit) = &mut self.junit {
                    if skipped {
                        junit.skipped(&outcome, time);
                    } else {
                        junit.file(&outcome, unreadable, self.deny_warnings, time);
                    }
                }
            }
            OutputFormat::Html => {
                if let Some(html) = &mut self.html {
                    let board = |line| report.board_after(line);
                    html.file(&mut self.out, &outcome, ok, (passed, failed), &board)?;
                }
            }
        }
        Ok(())
    }

    /// `3 of 4 games clean, 1 not read`.
    fn summary_line(&self) -> String {
        let totals = &self.totals;
        let mut line = format!(
            "{} of {} {}{} clean",
            totals.clean,
            totals.files,
            self.noun,
            if totals.files == 1 { "" } else { "s" }
        );
        if totals.skipped > 0 {
            line.push_str(&format!(
                ", {} skipped (an expansion carcspec does not play)",
                totals.skipped
            ));
        }
        if totals.unreadable > 0 {
            line.push_str(&format!(", {} not read", totals.unreadable));
        }
        line
    }

    /// Writes the summary and returns the exit code.
    pub fn finish(mut self) -> io::Result<i32> {
        let totals = &self.totals;
        match self.format {
            OutputFormat::Human | OutputFormat::Github => {
                writeln!(self.out, "{}", self.summary_line())?;
            }
            OutputFormat::Html => {
                let line = self.summary_line();
                if let Some(html) = self.html.take() {
                    html.finish(&mut self.out, &line)?;
                }
            }
            OutputFormat::Json => {
                let summary = SummaryJson {
                    schema: JSON_SCHEMA_VERSION,
                    record: "summary",
                    totals,
                };
                writeln!(
                    self.out,
                    "{}",
                    serde_json::to_string(&summary).map_err(io::Error::other)?
                )?;
            }
            OutputFormat::Sarif => {
                if let Some(sarif) = self.sarif.take() {
                    sarif.finish(&mut self.out, totals.unreadable == 0)?;
                }
            }
            OutputFormat::Junit => {
                if let Some(junit) = self.junit.take() {
                    junit.finish(&mut self.out)?;
                }
            }
        }
        self.out.flush()?;
        Ok(if totals.unreadable > 0 {
            EXIT_USAGE
        } else if totals.clean + totals.skipped < totals.files {
            EXIT_FINDINGS
        } else {
            EXIT_CLEAN
        })
    }
}

/// A report for an input that never got as far as its own command: a path that does not exist,
/// a folder with nothing to check, a file of the wrong kind.
pub(crate) struct InputProblem {
    pub origin: String,
    pub diagnostics: Vec<Diagnostic>,
    /// The name of the list of diagnostics in the command's JSON records (`violations` for
    /// games, `diagnostics` for tile sets), so that one reader reads both kinds of record.
    pub list: &'static str,
}

impl FileReport for InputProblem {
    fn outcome(&self) -> FileOutcome<'_> {
        FileOutcome {
            origin: &self.origin,
            text: "",
            diagnostics: &self.diagnostics,
        }
    }

    fn human(&self, color: bool) -> String {
        let mut text = report::render(&self.origin, "", &self.diagnostics, color);
        text.push_str(&format!("{}\n  not read\n", self.origin));
        text
    }

    fn json(&self, ok: bool) -> String {
        let diagnostics: Vec<report::JsonDiagnostic> = self
            .diagnostics
            .iter()
            .map(|d| report::to_json("", d))
            .collect();
        format!(
            "{{\"schema\":{JSON_SCHEMA_VERSION},\"record\":\"file\",\"file\":{},\"ok\":{ok},\"{}\":{}}}",
            serde_json::Value::from(self.origin.as_str()),
            self.list,
            serde_json::to_string(&diagnostics).unwrap_or_default()
        )
    }
}

/// Runs `work` on every input on `threads` threads (0: every core) and reports the results in
/// the order of `inputs`, whatever the threads. At most a window of a few inputs per thread is
/// in flight: a result that is ready before its predecessors waits in a small reorder buffer,
/// and no new input starts until the oldest one is reported, so memory holds a window of
/// reports, never the archive's. One thread is this one: the inputs are worked and reported in
/// turn, with no pool and no channel (handing every file to a worker and its report back
/// wakes a thread twice a file, which cost about a sixth of `check --threads 1`'s time on
/// small games: docs/performance.md).
pub(crate) fn run_ordered<T: Sync, W: Write>(
    inputs: &[T],
    threads: usize,
    work: impl Fn(&T) -> Box<dyn FileReport> + Sync,
    reporter: &mut Reporter<W>,
) -> io::Result<()> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(io::Error::other)?;
    if pool.current_num_threads() == 1 {
        drop(pool);
        for input in inputs {
            let started = std::time::Instant::now();
            let report = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(input)))
                .map_err(|_| io::Error::other("internal error while checking"))?;
            reporter.file(report.as_ref(), started.elapsed())?;
        }
        return Ok(());
    }
    let window = pool.current_num_threads() * 8;
    let work = &work;
    type Done = (usize, Option<Box<dyn FileReport>>, std::time::Duration);
    let (sender, receiver) = std::sync::mpsc::channel::<Done>();
    // The body runs on this thread (which waits for results), the work on the pool's threads.
    pool.in_place_scope(|scope| {
        let mut waiting = std::collections::BTreeMap::new();
        let (mut started, mut reported) = (0, 0);
        while reported < inputs.len() {
            while started < inputs.len() && started - reported < window {
                let (sender, input, index) = (sender.clone(), &inputs[started], started);
                scope.spawn(move |_| {
                    // A panic is a bug; it becomes an internal error rather than a hang.
                    let started = std::time::Instant::now();
                    let report =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(input)));
                    let _ = sender.send((index, report.ok(), started.elapsed()));
                });
                started += 1;
            }
            let (index, report, time) = receiver.recv().map_err(io::Error::other)?;
            let report = report.ok_or_else(|| io::Error::other("internal error while checking"))?;
            waiting.insert(index, (report, time));
            while let Some((report, time)) = waiting.remove(&reported) {
                reporter.file(report.as_ref(), time)?;
                reported += 1;
            }
        }
        Ok(())
    })
}

/// What a text read from standard input (`-`) is written in: by the ending of its
/// `--stdin-filename`, or else by its content.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TextKind {
    /// The tile language: it has the header line `tileset NAME`, which no game has.
    Tiles,
    /// A tile set as a JSON document (`tiles export --format json`).
    TilesJson,
    /// A tile set as a YAML document: told by a name ending in `.yaml` or `.yml` only.
    TilesYaml,
    /// The game language: it has lines no tile set has (`game`, `excerpt`, `players`,
    /// `tiles`, `turn`). `ruleset` starts both, so it says nothing.
    Game,
    /// A JCloisterZone saved game: JSON with JCloisterZone's `appVersion`.
    Jcz,
}

impl TextKind {
    /// The kind a file name's ending says: `.tiles`, `.json`, `.yaml`/`.yml` a tile set,
    /// `.game` a game, `.jcz` a JCloisterZone saved game; `None` for any other ending.
    pub fn of_name(name: &str) -> Option<TextKind> {
        match std::path::Path::new(name).extension()?.to_str()? {
            "tiles" => Some(TextKind::Tiles),
            "json" => Some(TextKind::TilesJson),
            "yaml" | "yml" => Some(TextKind::TilesYaml),
            "game" => Some(TextKind::Game),
            "jcz" => Some(TextKind::Jcz),
            _ => None,
        }
    }

    /// Standard input's kind: what its name (`--stdin-filename`) says, as for a file of that
    /// name; the content only when there is no name or its ending says nothing.
    pub fn of_stdin(stdin_filename: Option<&str>, text: &str) -> Option<TextKind> {
        stdin_filename
            .and_then(TextKind::of_name)
            .or_else(|| TextKind::of(text))
    }

    /// The kind by content alone, for a text without a name.
    pub fn of(text: &str) -> Option<TextKind> {
        if text.trim_start().starts_with('{') {
            return Some(if text.contains("\"appVersion\"") {
                TextKind::Jcz
            } else {
                TextKind::TilesJson
            });
        }
        let first_words = || {
            text.lines()
                .filter_map(|line| line.split_whitespace().next())
                .filter(|word| !word.starts_with('#'))
        };
        if first_words().any(|word| word == "tileset") {
            Some(TextKind::Tiles)
        } else if first_words()
            .any(|word| matches!(word, "game" | "excerpt" | "players" | "tiles" | "turn"))
        {
            Some(TextKind::Game)
        } else {
            None
        }
    }

    pub fn is_game(self) -> bool {
        matches!(self, TextKind::Game | TextKind::Jcz)
    }
}

/// Standard input as a diagnostic when it cannot be read; `what` says what to pipe in.
pub(crate) fn read_stdin_or_diagnostic(what: &str) -> Result<String, Diagnostic> {
    read_stdin().map_err(|error| {
        Diagnostic::new(
            &codes::UNREADABLE_INPUT,
            format!("cannot read standard input: {error}"),
        )
        .help(format!("pipe {what} into `-`"))
    })
}

/// The folder a file named `name` is in, where the tile sets its game names by path are looked
/// up: the folder of a path, the current folder for a bare name (and for `<stdin>`). One
/// function for a file and for standard input under `--stdin-filename NAME`, so that the two
/// resolve alike.
pub(crate) fn folder_of(name: &str) -> &std::path::Path {
    std::path::Path::new(name)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."))
}

/// `--stdin-filename NAME` names standard input, so it goes with an input `-`. Refused with
/// F040 by every command that takes it when none of its inputs is `-`, rather than ignored.
pub(crate) fn refuse_stray_stdin_filename<'a>(
    command: &str,
    stdin_filename: Option<&str>,
    inputs: impl IntoIterator<Item = &'a str>,
) -> Result<(), Diagnostic> {
    let Some(name) = stdin_filename else {
        return Ok(());
    };
    if inputs.into_iter().any(|input| input == "-") {
        return Ok(());
    }
    Err(Diagnostic::new(
        &codes::STDIN_FILENAME_WITHOUT_STDIN,
        format!("`--stdin-filename {name}` names standard input, and no input is `-`"),
    )
    .help(format!(
        "read standard input with `-` (`… | carcspec {command} --stdin-filename {name} {stdin}`), \
         or leave `--stdin-filename` out",
        stdin = if command == "simulate" {
            "--tiles -"
        } else {
            "-"
        }
    )))
}

/// Standard input read as a game: the name it goes by, its text, its format (by the name's
/// ending, else by its content) and the folder its tile sets named by path are looked up from
/// (the name's, as for a file of that name).
pub(crate) struct StdinGame {
    pub origin: String,
    pub text: String,
    pub format: crate::check::GameFormat,
    pub base_dir: std::path::PathBuf,
}

/// Reads standard input as a game (`stdin_filename`: `--stdin-filename`). A name that says
/// tile set (`.tiles`, `.json`, `.yaml`) is refused; without a name, JCloisterZone's JSON is
/// told by its content, anything else read as the game language.
pub(crate) fn stdin_game(stdin_filename: Option<&str>) -> Result<StdinGame, Diagnostic> {
    use crate::check::GameFormat;
    let origin = stdin_origin(stdin_filename);
    let text = read_stdin_or_diagnostic("a game (.game or .jcz)")?;
    let format = match TextKind::of_stdin(stdin_filename, &text) {
        Some(TextKind::Jcz) => GameFormat::Jcz,
        Some(kind) if !kind.is_game() && stdin_filename.is_some() => {
            return Err(Diagnostic::new(
                &codes::WRONG_KIND_OF_FILE,
                format!("standard input is named `{origin}`, a tile set, and a game is read"),
            )
            .help("name a game with `--stdin-filename NAME.game` (or `.jcz`), and pipe one"));
        }
        _ => GameFormat::Game,
    };
    Ok(StdinGame {
        base_dir: folder_of(&origin).to_path_buf(),
        origin,
        text,
        format,
    })
}

/// A tile set from a path, a shipped set's name, or standard input (`-`, named
/// `stdin_filename`), whose name's ending (`.tiles`, `.json`, `.yaml`) says how it is
/// written, or else its content (the tile language, or JSON).
pub(crate) fn load_tiles(
    name: &str,
    stdin_filename: Option<&str>,
) -> Result<crate::load::LoadedTiles, Diagnostic> {
    use crate::interchange::DocumentFormat;
    if name != "-" {
        return crate::load::load(name);
    }
    let origin = stdin_origin(stdin_filename);
    let text = read_stdin_or_diagnostic("a tile set (the tile language, or JSON)")?;
    match TextKind::of_stdin(stdin_filename, &text) {
        Some(TextKind::Tiles) => Ok(crate::load::from_text(&origin, text, None)),
        Some(TextKind::TilesJson) => Ok(crate::load::from_text(
            &origin,
            text,
            Some(DocumentFormat::Json),
        )),
        Some(TextKind::TilesYaml) => Ok(crate::load::from_text(
            &origin,
            text,
            Some(DocumentFormat::Yaml),
        )),
        Some(TextKind::Game | TextKind::Jcz) if stdin_filename.is_some() => Err(Diagnostic::new(
            &codes::WRONG_KIND_OF_FILE,
            format!("standard input is named `{origin}`, a game, and a tile set is read"),
        )
        .help("name a tile set with `--stdin-filename NAME.tiles` (or `.json`, `.yaml`)")),
        Some(TextKind::Game | TextKind::Jcz) => Err(Diagnostic::new(
            &codes::WRONG_KIND_OF_FILE,
            "standard input is a game, not a tile set",
        )
        .help("pipe a tile set (a `tileset NAME` file, or its JSON) into `-`")),
        None => Err(Diagnostic::new(
            &codes::WRONG_KIND_OF_FILE,
            "standard input is not a tile set: it has no `tileset NAME` line and is not JSON",
        )
        .help(
            "pipe a tile set into `-`; a YAML tile set is read from a `.yaml` file \
             (or with `--stdin-filename NAME.yaml`)",
        )),
    }
}

/// The check report of the game `name`: a `.game` or `.jcz` file, or standard input (`-`,
/// named `stdin_filename`; read as [`stdin_game`] reads it).
pub(crate) fn check_game(
    name: &str,
    stdin_filename: Option<&str>,
) -> Result<crate::check::CheckReport, Diagnostic> {
    if name != "-" {
        return Ok(crate::check::check_file(std::path::Path::new(name)));
    }
    let game = stdin_game(stdin_filename)?;
    let options = crate::check::CheckOptions {
        base_dir: &game.base_dir,
        ..crate::check::CheckOptions::default()
    };
    let input = crate::check::GameInput::Text {
        origin: &game.origin,
        text: game.text,
        format: game.format,
    };
    Ok(crate::check::check(input, &options))
}

/// A game's state from a path or from standard input (`-`, named `stdin_filename`; read as
/// [`stdin_game`] reads it), before the 1-based line `before_line` or at the end. `Err` when
/// standard input cannot be read or is named as a tile set.
pub(crate) fn game_state(
    name: &str,
    stdin_filename: Option<&str>,
    before_line: Option<usize>,
) -> Result<Result<crate::check::GameState, crate::check::StateError>, Diagnostic> {
    let point = before_line.map_or(StatePoint::End, StatePoint::BeforeLine);
    game_state_at(name, stdin_filename, point)
}

/// A game's state from a path or from standard input, as [`game_state`], at `point`.
pub(crate) fn game_state_at(
    name: &str,
    stdin_filename: Option<&str>,
    point: StatePoint,
) -> Result<Result<crate::check::GameState, crate::check::StateError>, Diagnostic> {
    if name != "-" {
        return Ok(crate::check::game_state_at(
            std::path::Path::new(name),
            point,
        ));
    }
    let game = stdin_game(stdin_filename)?;
    Ok(crate::check::game_state_of_text_at(
        &game.origin,
        game.text,
        game.format,
        &game.base_dir,
        point,
    ))
}
