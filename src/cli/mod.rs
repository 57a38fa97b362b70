//! The command line: `carcspec tiles lint|fmt|export` and `carcspec explain`.
//!
//! Exit codes: 0 clean, 1 findings (or files that need formatting), 2 usage or input errors.

mod check;
mod fit;
mod render;
mod simulate;

pub use check::render_human as render_check_report;
mod tiles;

use std::ffi::OsString;
use std::io::{IsTerminal, Write};

use clap::{Parser, Subcommand, ValueEnum};

use crate::codes;

#[derive(Parser)]
#[command(
    name = "carcspec",
    version,
    about = "Rules-spec validator and tile-data toolkit for the Carcassonne family"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay games against the rules and check their expectations (exit 1 on any violation).
    Check {
        /// .game files, or folders searched for them.
        #[arg(required = true)]
        paths: Vec<String>,
        #[arg(long, value_enum, default_value_t)]
        format: ReportFormat,
    },
    /// Where a tile fits at a point of a game, as an `expect placements` line to paste.
    Fit(fit::FitArgs),
    /// Draw a tile, a tile set (sheet or print pages) or a game's board: SVG, PNG or text.
    Render(render::RenderArgs),
    /// Play random (or greedy) games on tile sets and report how the tiles play.
    Simulate(simulate::SimulateArgs),
    /// Print a JCloisterZone saved game (.jcz) in the game language.
    Import {
        /// The .jcz file.
        file: String,
    },
    /// Work with tile sets: lint, format, export.
    #[command(subcommand)]
    Tiles(tiles::TilesCommand),
    /// Explain a diagnostic code (`T204`) or name (`unknown-city`); `--list` lists them all.
    Explain {
        /// The code or name to explain.
        #[arg(required_unless_present = "list")]
        code: Option<String>,
        /// List every code with its name.
        #[arg(long)]
        list: bool,
    },
    /// Run the language server (Language Server Protocol over stdio) for editors.
    Lsp,
}

/// How a command reports.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ReportFormat {
    #[default]
    Human,
    Json,
}

pub const EXIT_CLEAN: i32 = 0;
pub const EXIT_FINDINGS: i32 = 1;
pub const EXIT_USAGE: i32 = 2;

/// Runs the command line `args` (with the program name first) and returns the exit code.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return if error.use_stderr() {
                EXIT_USAGE
            } else {
                EXIT_CLEAN
            };
        }
    };
    match cli.command {
        Command::Check { paths, format } => check::run(&paths, format),
        Command::Import { file } => import(&file),
        Command::Fit(args) => fit::run(args),
        Command::Render(args) => render::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Tiles(command) => tiles::run(command),
        Command::Explain { code, list } => explain(code.as_deref(), list),
        Command::Lsp => crate::lsp::run(),
    }
}

fn import(file: &str) -> i32 {
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error[F001 unreadable-input]: cannot read `{file}`: {error}");
            return EXIT_USAGE;
        }
    };
    match crate::check::import_jcz(&text) {
        Ok(script) => {
            print!("{}", crate::format::game::print_script(&script, Some(file)));
            EXIT_CLEAN
        }
        Err(diagnostics) => {
            eprint!(
                "{}",
                crate::report::render(file, &text, &diagnostics, false)
            );
            eprintln!("{file}: not imported");
            EXIT_FINDINGS
        }
    }
}

fn explain(query: Option<&str>, list: bool) -> i32 {
    let mut out = std::io::stdout().lock();
    if list {
        for code in codes::ALL {
            let _ = writeln!(out, "{}  {}", code.code, code.name);
        }
        return EXIT_CLEAN;
    }
    let query = query.unwrap_or_default();
    match codes::find(query) {
        Some(code) => {
            let severity = match code.severity {
                crate::diagnostic::Severity::Error => "error",
                crate::diagnostic::Severity::Warning => "warning",
            };
            let _ = writeln!(
                out,
                "{} {} ({severity})\n\n{}",
                code.code, code.name, code.explanation
            );
            EXIT_CLEAN
        }
        None => {
            eprintln!("error: no diagnostic code or name `{query}`");
            eprintln!("help: `carcspec explain --list` lists every code");
            EXIT_USAGE
        }
    }
}

/// The files below `dir` whose name ends in `.{extension}`, sorted so that reports are stable.
pub(crate) fn files_below(dir: &std::path::Path, extension: &str) -> Vec<std::path::PathBuf> {
    fn collect(dir: &std::path::Path, extension: &str, found: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                collect(&path, extension, found);
            } else if path.extension().is_some_and(|e| e == extension) {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    collect(dir, extension, &mut found);
    found.sort();
    found
}

/// Colour only on a terminal, and never when `NO_COLOR` is set.
pub(crate) fn use_color() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}
