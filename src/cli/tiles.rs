//! `carcspec tiles …`

use std::io::Write;
use std::path::Path;

use clap::{Subcommand, ValueEnum};
use serde::Serialize;

use super::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, ReportFormat, use_color};
use crate::diagnostic::Diagnostic;
use crate::interchange::{self, DocumentFormat};
use crate::lint::Summary;
use crate::load::{self, LoadedTiles};
use crate::report::{self, JsonDiagnostic};
use crate::{format, shipped, syntax};

#[derive(Subcommand)]
pub enum TilesCommand {
    /// Check tile sets and print a summary of each (exit 1 on any finding).
    Lint {
        /// Tile files (.tiles, .json, .yaml), folders (searched for .tiles files) or names of
        /// shipped tile sets.
        #[arg(required = true)]
        paths: Vec<String>,
        #[arg(long, value_enum, default_value_t)]
        format: ReportFormat,
    },
    /// Rewrite .tiles files in the canonical layout, keeping every comment.
    Fmt {
        /// Report files that are not formatted (exit 1) instead of rewriting them.
        #[arg(long)]
        check: bool,
        /// .tiles files or folders.
        #[arg(required = true)]
        paths: Vec<String>,
    },
    /// Write a tile set's model as JSON, YAML or tile language to standard output.
    Export {
        #[arg(long, value_enum)]
        format: ExportFormat,
        /// A tile file or the name of a shipped tile set.
        path: String,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    Json,
    Yaml,
    Tiles,
}

pub fn run(command: TilesCommand) -> i32 {
    match command {
        TilesCommand::Lint { paths, format } => lint(&paths, format),
        TilesCommand::Fmt { check, paths } => fmt(&paths, check),
        TilesCommand::Export { format, path } => export(&path, format),
    }
}

/// Expands folders into the `.tiles` files below them (sorted, for a stable report). Names that
/// are neither files nor folders are kept: loading reports them, or finds a shipped set.
fn expand(paths: &[String]) -> Vec<String> {
    let mut expanded = Vec::new();
    for path in paths {
        if Path::new(path).is_dir() {
            let found = super::files_below(Path::new(path), "tiles");
            expanded.extend(found.into_iter().map(|p| p.display().to_string()));
        } else {
            expanded.push(path.clone());
        }
    }
    expanded
}

fn print_input_error(diagnostic: &Diagnostic) {
    eprintln!(
        "error[{} {}]: {}",
        diagnostic.code.code, diagnostic.code.name, diagnostic.message
    );
    if let Some(help) = &diagnostic.help {
        eprintln!("help: {help}");
    }
}

#[derive(Serialize)]
struct LintJson<'a> {
    file: &'a str,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    summary: Option<Summary>,
    diagnostics: Vec<JsonDiagnostic>,
}

fn lint(paths: &[String], format: ReportFormat) -> i32 {
    let mut exit = EXIT_CLEAN;
    let mut out = std::io::stdout().lock();
    for path in expand(paths) {
        let loaded = match load::load(&path) {
            Ok(loaded) => loaded,
            Err(diagnostic) => {
                print_input_error(&diagnostic);
                exit = EXIT_USAGE;
                continue;
            }
        };
        if !loaded.diagnostics.is_empty() || loaded.set.is_none() {
            exit = exit.max(EXIT_FINDINGS);
        }
        let summary = loaded.set.as_ref().map(Summary::of);
        match format {
            ReportFormat::Human => {
                let rendered = report::render(
                    &loaded.origin,
                    &loaded.text,
                    &loaded.diagnostics,
                    use_color(),
                );
                let _ = write!(out, "{rendered}");
                let _ = writeln!(out, "{}", summary_line(&loaded, summary));
            }
            ReportFormat::Json => {
                let json = LintJson {
                    file: &loaded.origin,
                    ok: loaded.diagnostics.is_empty() && loaded.set.is_some(),
                    summary,
                    diagnostics: loaded
                        .diagnostics
                        .iter()
                        .map(|d| report::to_json(&loaded.text, d))
                        .collect(),
                };
                let _ = writeln!(out, "{}", serde_json::to_string(&json).unwrap_or_default());
            }
        }
    }
    exit
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
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}

fn fmt(paths: &[String], check: bool) -> i32 {
    let mut exit = EXIT_CLEAN;
    let (mut files, mut canonical) = (0, 0);
    for path in expand(paths) {
        files += 1;
        if load::format_of(Path::new(&path)).is_some() {
            eprintln!(
                "error: `{path}` is not a tile-language file; `tiles fmt` formats .tiles files"
            );
            exit = EXIT_USAGE;
            continue;
        }
        let text = match crate::input::read_text(Path::new(&path)) {
            Ok(text) => text,
            Err(diagnostic) => {
                print_input_error(&diagnostic);
                if shipped::tiles(&path).is_some() {
                    eprintln!("note: shipped tile sets are formatted in the carcspec repository");
                }
                exit = EXIT_USAGE;
                continue;
            }
        };
        let (file, diagnostics) = syntax::tiles::parse(&text);
        if !diagnostics.is_empty() {
            // Formatting a file that did not parse would drop the lines in error.
            print!(
                "{}",
                report::render(&path, &text, &diagnostics, use_color())
            );
            println!("{path}: not formatted: fix the syntax errors first");
            exit = exit.max(EXIT_FINDINGS);
            continue;
        }
        let formatted = format::tiles::format(&file);
        if formatted == text {
            canonical += 1;
            continue;
        }
        if check {
            println!("{path}: not in canonical layout (run `carcspec tiles fmt {path}`)");
            exit = exit.max(EXIT_FINDINGS);
        } else if let Err(error) = std::fs::write(&path, formatted) {
            eprintln!("error: cannot write `{path}`: {error}");
            exit = EXIT_USAGE;
        } else {
            println!("{path}: formatted");
        }
    }
    println!(
        "{canonical} of {files} {} already in canonical layout",
        plural(files, "file")
    );
    exit
}

fn export(path: &str, format: ExportFormat) -> i32 {
    let loaded = match load::load(path) {
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
        eprintln!("{path}: not exported: the tile set has errors");
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
