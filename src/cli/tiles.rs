//! `carcspec tiles …`

use std::path::Path;

use clap::{Subcommand, ValueEnum};
use serde::Serialize;

use super::output::{
    Deny, FileReport, InputProblem, JSON_SCHEMA_VERSION, OutputFormat, ReportOptions, Reporter,
    read_stdin, run_ordered, stdin_origin,
};
use super::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, print_input_error};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::interchange::{self, DocumentFormat};
use crate::lint::Summary;
use crate::load::{self, LoadedTiles};
use crate::report::{self, FileOutcome, JsonDiagnostic};
use crate::{format, shipped};

#[derive(Subcommand)]
pub enum TilesCommand {
    /// Check tile sets and print a summary of each (exit 1 on any finding).
    Lint(LintArgs),
    /// Rewrite .tiles files in the canonical layout, keeping every comment.
    Fmt(super::fmt::FmtArgs),
    /// Write a tile set's model as JSON, YAML or tile language to standard output.
    Export {
        /// The format to write.
        #[arg(long, value_enum)]
        format: ExportFormat,
        /// A tile file, the name of a shipped tile set, or `-` for standard input (the tile
        /// language or JSON, told apart by the ending of `--stdin-filename` or else by its
        /// content).
        path: String,
        /// The file name standard input (`-`) stands for: shown in messages, and its ending
        /// (`.tiles`, `.json`, `.yaml`) says how the text is written.
        #[arg(long, value_name = "NAME")]
        stdin_filename: Option<String>,
    },
}

#[derive(clap::Args)]
pub struct LintArgs {
    /// Tile files (.tiles, .json, .yaml), folders (searched for .tiles files), names of
    /// shipped tile sets, or `-` for standard input.
    #[arg(required = true)]
    paths: Vec<String>,
    /// Lint each set as played together with these sets (shipped names or files):
    /// an expansion's tiles must be reachable, ids unique, the ruleset shared. Repeatable.
    #[arg(long = "with", value_name = "SET")]
    with: Vec<String>,
    /// The output format.
    #[arg(long, value_enum, default_value_t)]
    format: OutputFormat,
    /// Leave out these codes: a code (`T212`), a name (`untouchable-tile`) or a prefix of
    /// codes (`T2`). Repeatable, or separated by commas.
    #[arg(long, value_delimiter = ',')]
    ignore: Vec<String>,
    /// Report only these codes (same forms as `--ignore`). Repeatable, or separated by commas.
    #[arg(long, value_delimiter = ',')]
    select: Vec<String>,
    /// Make warnings fail the run (exit 1) as errors do.
    #[arg(long, value_enum)]
    deny: Vec<Deny>,
    /// The file name standard input (`-`) stands for: shown in messages, and its ending
    /// (`.json`, `.yaml`) says how the text is written.
    #[arg(long)]
    stdin_filename: Option<String>,
    #[command(flatten)]
    walk: super::walk::WalkArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// JSON (the interchange document).
    Json,
    /// YAML (the same document).
    Yaml,
    /// The tile language.
    Tiles,
}

impl TilesCommand {
    /// `--stdin-filename` and the inputs it may name.
    pub(super) fn stdin_use(&self) -> (Option<&str>, Vec<&str>) {
        match self {
            TilesCommand::Lint(args) => (
                args.stdin_filename.as_deref(),
                args.paths.iter().map(String::as_str).collect(),
            ),
            TilesCommand::Fmt(args) => args.stdin_use(),
            TilesCommand::Export {
                path,
                stdin_filename,
                ..
            } => (stdin_filename.as_deref(), vec![path.as_str()]),
        }
    }
}

pub fn run(command: TilesCommand, quiet: bool) -> i32 {
    match command {
        TilesCommand::Lint(args) => lint(&args, quiet),
        TilesCommand::Fmt(args) => super::fmt::run_tiles(&args, quiet),
        TilesCommand::Export {
            format,
            path,
            stdin_filename,
        } => export(&path, stdin_filename.as_deref(), format),
    }
}

#[derive(Serialize)]
struct LintJson<'a> {
    schema: u32,
    record: &'static str,
    file: &'a str,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    summary: Option<Summary>,
    diagnostics: Vec<JsonDiagnostic>,
}

/// One input of a `tiles lint` run.
enum LintInput {
    /// A path or a shipped tile set's name.
    Named(String),
    Stdin,
    Problem(InputProblem),
}

fn lint_inputs(paths: &[String], walk: &super::walk::WalkArgs) -> Vec<LintInput> {
    let mut inputs = Vec::new();
    for name in paths {
        let path = Path::new(name);
        if name == "-" {
            inputs.push(LintInput::Stdin);
        } else if path.is_dir() && shipped::tiles(name).is_none() {
            // A bare shipped name is the shipped set, even where a folder of that name exists.
            let found = super::walk::files_below(path, &["tiles"], walk);
            for diagnostic in found.problems.iter().cloned() {
                inputs.push(LintInput::Problem(InputProblem {
                    origin: name.clone(),
                    list: "diagnostics",
                    diagnostics: vec![diagnostic],
                }));
            }
            if found.files.is_empty() && found.problems.is_empty() {
                inputs.push(LintInput::Problem(InputProblem {
                    origin: name.clone(),
                    list: "diagnostics",
                    diagnostics: vec![
                        Diagnostic::new(
                            &codes::NO_INPUT_FILES,
                            format!("no .tiles files in `{name}`"),
                        )
                        .help("give a folder that holds tile sets, or the files themselves (JSON and YAML tile sets are linted when named)"),
                    ],
                }));
            }
            inputs.extend(
                found
                    .files
                    .into_iter()
                    .map(|p| LintInput::Named(p.display().to_string())),
            );
        } else if path.extension().is_some_and(|e| e == "game" || e == "jcz") {
            inputs.push(LintInput::Problem(InputProblem {
                origin: name.clone(),
                list: "diagnostics",
                diagnostics: vec![
                    Diagnostic::new(
                        &codes::WRONG_KIND_OF_FILE,
                        format!("`{name}` is a game, not a tile set"),
                    )
                    .help(format!(
                        "lint tile sets (.tiles, .json, .yaml); check games with `carcspec check {name}`"
                    )),
                ],
            }));
        } else {
            inputs.push(LintInput::Named(name.clone()));
        }
    }
    inputs
}

/// `--ignore` and `--select`, and the codes a tile allows in a comment.
struct CodeFilter {
    ignore: Vec<String>,
    select: Vec<String>,
}

impl CodeFilter {
    /// Reads the patterns; an unknown one is a usage error.
    fn new(ignore: &[String], select: &[String]) -> Result<CodeFilter, String> {
        let parse = |patterns: &[String]| -> Result<Vec<String>, String> {
            patterns
                .iter()
                .map(|p| {
                    load::code_pattern(p.trim())
                        .ok_or_else(|| format!("no diagnostic code, name or prefix `{p}`"))
                })
                .collect()
        };
        Ok(CodeFilter {
            ignore: parse(ignore)?,
            select: parse(select)?,
        })
    }

    fn keeps(&self, code: &str) -> bool {
        (self.select.is_empty() || self.select.iter().any(|p| code.starts_with(p.as_str())))
            && !self.ignore.iter().any(|p| code.starts_with(p.as_str()))
    }
}

fn lint(args: &LintArgs, quiet: bool) -> i32 {
    let filter = match CodeFilter::new(&args.ignore, &args.select) {
        Ok(filter) => filter,
        Err(message) => {
            eprintln!("error: {message}");
            eprintln!("help: `carcspec explain --list` lists every code");
            return EXIT_USAGE;
        }
    };
    let options = ReportOptions {
        format: args.format,
        quiet,
        deny_warnings: args.deny.contains(&Deny::Warnings),
    };
    let mut combined = Vec::new();
    for name in &args.with {
        match load::load(name) {
            Ok(loaded) if loaded.usable().is_some() => combined.push(loaded),
            Ok(_) => {
                eprintln!(
                    "error: `{name}` has errors; lint it first: `carcspec tiles lint {name}`"
                );
                return EXIT_USAGE;
            }
            Err(diagnostic) => {
                print_input_error(&diagnostic);
                return EXIT_USAGE;
            }
        }
    }
    let inputs = lint_inputs(&args.paths, &args.walk);
    let stdin_filename = args.stdin_filename.as_deref();
    let result = Reporter::new(
        std::io::stdout().lock(),
        &options,
        "tile set",
        "carcspec tiles lint",
    )
    .and_then(|mut reporter| {
        // Tile sets are few and quick to lint: one thread keeps the shipped sets' cache simple.
        run_ordered(
            &inputs,
            1,
            |input| lint_input(input, stdin_filename, &filter, &combined),
            &mut reporter,
        )?;
        reporter.finish()
    });
    match result {
        Ok(exit) => exit,
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => EXIT_FINDINGS,
        Err(error) => {
            eprintln!("error: cannot write the report: {error}");
            EXIT_USAGE
        }
    }
}

fn lint_input(
    input: &LintInput,
    stdin_filename: Option<&str>,
    filter: &CodeFilter,
    combined: &[LoadedTiles],
) -> Box<dyn FileReport> {
    let loaded = match input {
        LintInput::Named(name) => load::load(name),
        LintInput::Stdin => {
            let origin = stdin_origin(stdin_filename);
            read_stdin()
                .map(|text| load::from_text(&origin, text, load::format_of(Path::new(&origin))))
                .map_err(|error| {
                    Diagnostic::new(
                        &codes::UNREADABLE_INPUT,
                        format!("cannot read standard input: {error}"),
                    )
                    .help("pipe a tile set into `carcspec tiles lint -`")
                })
        }
        LintInput::Problem(problem) => {
            return Box::new(InputProblem {
                origin: problem.origin.clone(),
                diagnostics: problem.diagnostics.clone(),
                list: "diagnostics",
            });
        }
    };
    match loaded {
        Ok(mut loaded) => {
            if let (Some(set), false) = (loaded.usable(), combined.is_empty()) {
                let others: Vec<(&str, &crate::model::TileSet)> = combined
                    .iter()
                    .filter(|other| other.origin != loaded.origin)
                    .filter_map(|other| Some((other.origin.as_str(), other.set.as_ref()?)))
                    .collect();
                let findings = crate::lint::lint_with(set, &others);
                loaded.diagnostics.extend(findings);
                crate::diagnostic::sort_by_position(&mut loaded.diagnostics);
            }
            // Loading reported the allow comments' unknown codes (F023) already.
            let (allowed, _) = load::allowed_by_comments(&loaded.text);
            loaded.diagnostics.retain(|d| {
                filter.keeps(d.code.code) && !allowed.iter().any(|allow| allow.covers(d))
            });
            Box::new(LintReport(loaded))
        }
        Err(diagnostic) => {
            let origin = match input {
                LintInput::Named(name) => name.clone(),
                _ => stdin_origin(stdin_filename),
            };
            Box::new(InputProblem {
                origin,
                diagnostics: vec![diagnostic],
                list: "diagnostics",
            })
        }
    }
}

/// A tile set's lint report as the output formats read it.
struct LintReport(LoadedTiles);

impl FileReport for LintReport {
    fn outcome(&self) -> FileOutcome<'_> {
        FileOutcome {
            origin: &self.0.origin,
            text: &self.0.text,
            diagnostics: &self.0.diagnostics,
        }
    }

    fn human(&self, color: bool) -> String {
        let loaded = &self.0;
        let mut text = report::render(&loaded.origin, &loaded.text, &loaded.diagnostics, color);
        text.push_str(&summary_line(loaded, loaded.set.as_ref().map(Summary::of)));
        text.push('\n');
        text
    }

    fn json(&self, ok: bool) -> String {
        let loaded = &self.0;
        let json = LintJson {
            schema: JSON_SCHEMA_VERSION,
            record: "file",
            file: &loaded.origin,
            ok,
            summary: loaded.set.as_ref().map(Summary::of),
            diagnostics: report::to_json_all(&loaded.text, &loaded.diagnostics),
        };
        serde_json::to_string(&json).unwrap_or_default()
    }

    fn failed_otherwise(&self) -> bool {
        self.0.set.is_none()
    }
}

fn summary_line(loaded: &LoadedTiles, summary: Option<Summary>) -> String {
    let errors = loaded.diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = loaded.diagnostics.len() - errors;
    let verdict = if loaded.diagnostics.is_empty() {
        "clean".to_string()
    } else {
        format!(
            "{} {}, {} {}",
            errors,
            plural(errors, "error"),
            warnings,
            plural(warnings, "warning")
        )
    };
    match summary {
        Some(summary) => format!("{}: {summary}; {verdict}", loaded.origin),
        None => format!("{}: not a usable tile set; {verdict}", loaded.origin),
    }
}

fn plural(n: usize, word: &str) -> String {
    format!("{word}{}", crate::diagnostic::plural(n))
}

fn export(path: &str, stdin_filename: Option<&str>, format: ExportFormat) -> i32 {
    let loaded = match super::output::load_tiles(path, stdin_filename) {
        Ok(loaded) => loaded,
        Err(diagnostic) => {
            print_input_error(&diagnostic);
            return EXIT_USAGE;
        }
    };
    let Some(set) = loaded.usable() else {
        eprint!(
            "{}",
            report::render(&loaded.origin, &loaded.text, &loaded.diagnostics, false)
        );
        eprintln!("{}: not exported: the tile set has errors", loaded.origin);
        return EXIT_FINDINGS;
    };
    let text = match format {
        ExportFormat::Json => interchange::write(set, DocumentFormat::Json),
        ExportFormat::Yaml => interchange::write(set, DocumentFormat::Yaml),
        ExportFormat::Tiles => format::tiles::print_model(set),
    };
    print!("{text}");
    EXIT_CLEAN
}
