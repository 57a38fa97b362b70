//! The command line: `carcspec tiles lint|fmt|export` and `carcspec explain`.
//!
//! Exit codes: 0 clean, 1 findings (or files that need formatting), 2 usage or input errors.

mod check;
mod fit;
mod fmt;
mod output;
mod render;
mod simulate;
mod stats;
mod walk;

pub use check::render_human as render_check_report;
mod tiles;

use std::ffi::OsString;
use std::io::Write;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

pub(crate) use output::use_color;
use output::{ColorChoice, Deny, OutputFormat};

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
    /// When to colour the output: `auto` colours a terminal unless `NO_COLOR` is set
    /// (`FORCE_COLOR` or `CLICOLOR_FORCE` force it).
    #[arg(long, value_enum, global = true, default_value_t)]
    color: ColorChoice,
    /// Print only what fails: the files that fail and the summary (`check`, `tiles lint`),
    /// the files not in canonical layout (`fmt`).
    #[arg(long, short, global = true)]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Replay games (.game, JCloisterZone .jcz) against the rules and check their
    /// expectations (exit 1 on any violation, 2 on an input that cannot be read).
    Check {
        /// Games (.game files, JCloisterZone .jcz saved games), folders searched for them, or
        /// `-` for standard input.
        #[arg(required = true)]
        paths: Vec<String>,
        /// The output format.
        #[arg(long, value_enum, default_value_t)]
        format: OutputFormat,
        /// Threads to check on (default, or 0: every core); the output does not depend on it.
        #[arg(long, short = 'j', default_value_t = 0, hide_default_value = true)]
        threads: usize,
        /// Make warnings fail the run (exit 1) as errors do.
        #[arg(long, value_enum)]
        deny: Vec<Deny>,
        /// The file name standard input (`-`) stands for: shown in messages, and its folder
        /// is where tile sets named by path are looked up; `.jcz` reads a JCloisterZone game.
        #[arg(long)]
        stdin_filename: Option<String>,
        /// Check only the K-th of N shares of the inputs (`--shard 2/4`): every N-th input of
        /// the ordered list, so that N CI jobs check an archive between them.
        #[arg(long, value_parser = check::parse_shard, value_name = "K/N")]
        shard: Option<(usize, usize)>,
        /// A tile set among the paths (.tiles, .json, .yaml) stands for the games below the
        /// current folder that name it in a `tiles` line: a hook that sees a tile set change
        /// checks the games that play it.
        #[arg(long)]
        dependents: bool,
        #[command(flatten)]
        walk: walk::WalkArgs,
        /// Write the report to this file instead of standard output (`--format html -o
        /// report.html`).
        #[arg(short, long, value_name = "FILE")]
        output: Option<std::path::PathBuf>,
        /// A saved game that needs an expansion carcspec does not play (J002 only): fail the
        /// run (`error`, the default) or report it as skipped (`skip`: JUnit `<skipped>`, a
        /// SARIF note, JSON `"status": "skipped"`).
        #[arg(long, value_enum, default_value_t)]
        unsupported: check::Unsupported,
    },
    /// Where a tile fits at a point of a game, as an `expect placements` line to paste.
    Fit(fit::FitArgs),
    /// Draw a tile, a tile set (sheet or print pages) or a game's board: SVG, PNG or text.
    Render(render::RenderArgs),
    /// Play random (or greedy) games on tile sets and report how the tiles play.
    Simulate(simulate::SimulateArgs),
    /// Work with the JSON statistics of simulated games: merge the shards of a run.
    #[command(subcommand)]
    Stats(stats::StatsCommand),
    /// Print a JCloisterZone saved game (.jcz) in the game language.
    Import {
        /// The .jcz file, or `-` for standard input.
        file: String,
        /// The file name standard input (`-`) stands for in messages.
        #[arg(long)]
        stdin_filename: Option<String>,
    },
    /// Rewrite tile (.tiles) and game (.game) files in the canonical layout, keeping every
    /// comment; `--check` reports the files that are not.
    Fmt(fmt::FmtArgs),
    /// Work with tile sets: lint, format, export.
    #[command(subcommand)]
    Tiles(tiles::TilesCommand),
    /// Explain a diagnostic code (`T204`) or name (`unknown-city`); `--list` lists them all.
    Explain {
        /// The code or name to explain.
        #[arg(required_unless_present_any = ["list", "markdown"])]
        code: Option<String>,
        /// List every code with its name.
        #[arg(long)]
        list: bool,
        /// Print the documentation of every code as Markdown (`docs/codes.md`).
        #[arg(long, conflicts_with_all = ["code", "list"])]
        markdown: bool,
    },
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish) to standard output.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) to standard output, or write one page per command into a
    /// folder.
    Man {
        /// Write `carcspec.1` and a page per subcommand into this folder.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Run the language server (Language Server Protocol over stdio) for editors.
    Lsp,
}

/// How a command reports.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ReportFormat {
    /// Text for people.
    #[default]
    Human,
    /// JSON for programs.
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
    output::set_color(cli.color);
    if let Some((command, stdin_filename, inputs)) = cli.command.stdin_use()
        && let Err(diagnostic) =
            output::refuse_stray_stdin_filename(command, stdin_filename, inputs)
    {
        print_input_error(&diagnostic);
        return EXIT_USAGE;
    }
    match cli.command {
        Command::Check {
            paths,
            format,
            threads,
            deny,
            stdin_filename,
            shard,
            dependents,
            walk,
            output,
            unsupported,
        } => check::run(
            &paths,
            &check::CheckOptions {
                format,
                threads,
                quiet: cli.quiet,
                deny_warnings: deny.contains(&Deny::Warnings),
                stdin_filename,
                shard,
                walk,
                dependents,
                output,
                unsupported,
            },
        ),
        Command::Import {
            file,
            stdin_filename,
        } => import(&file, stdin_filename.as_deref()),
        Command::Fit(args) => fit::run(args),
        Command::Render(args) => render::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Stats(command) => stats::run(command),
        Command::Fmt(args) => fmt::run(&args, cli.quiet),
        Command::Tiles(command) => tiles::run(command, cli.quiet),
        Command::Explain {
            code,
            list,
            markdown,
        } => explain(code.as_deref(), list, markdown),
        Command::Completions { shell } => {
            clap_complete::generate(
                shell,
                &mut Cli::command(),
                "carcspec",
                &mut std::io::stdout(),
            );
            EXIT_CLEAN
        }
        Command::Man { out } => man(out.as_deref()),
        Command::Lsp => crate::lsp::run(),
    }
}

impl Command {
    /// For a command that takes `--stdin-filename`: its name, the option's value and the
    /// inputs that may be `-`, for the one check that the option names an input.
    fn stdin_use(&self) -> Option<(&'static str, Option<&str>, Vec<&str>)> {
        let (command, (name, inputs)) = match self {
            Command::Check {
                paths,
                stdin_filename,
                ..
            } => (
                "check",
                (
                    stdin_filename.as_deref(),
                    paths.iter().map(String::as_str).collect(),
                ),
            ),
            Command::Import {
                file,
                stdin_filename,
            } => ("import", (stdin_filename.as_deref(), vec![file.as_str()])),
            Command::Fit(args) => ("fit", args.stdin_use()),
            Command::Render(args) => ("render", args.stdin_use()),
            Command::Simulate(args) => ("simulate", args.stdin_use()),
            Command::Fmt(args) => ("fmt", args.stdin_use()),
            Command::Tiles(command) => (
                match command {
                    tiles::TilesCommand::Lint(_) => "tiles lint",
                    tiles::TilesCommand::Fmt(_) => "tiles fmt",
                    tiles::TilesCommand::Export { .. } => "tiles export --format json",
                },
                command.stdin_use(),
            ),
            Command::Explain { .. }
            | Command::Completions { .. }
            | Command::Man { .. }
            | Command::Stats(_) => {
                return None;
            }
            Command::Lsp => return None,
        };
        Some((command, name, inputs))
    }
}

/// The players each ruleset seats, a line each, as `simulate --help` and docs/simulation.md
/// list them (from the rules).
pub fn simulate_player_counts() -> Vec<String> {
    simulate::player_counts()
}

/// The command-line definition, for completions, the manual page and tests.
pub fn command() -> clap::Command {
    Cli::command()
}

/// The manual pages, generated from the command-line definition, with the sections a manual
/// page has that the definition does not hold (exit status, environment, examples) on the
/// main page.
fn man(out: Option<&std::path::Path>) -> i32 {
    let command = Cli::command();
    let result = match out {
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command)
                .render(&mut page)
                .and_then(|()| {
                    page.extend_from_slice(MAN_SECTIONS.as_bytes());
                    std::io::stdout().write_all(&page)
                })
        }
        Some(folder) => std::fs::create_dir_all(folder)
            .and_then(|()| clap_mangen::generate_to(command, folder))
            .and_then(|()| {
                let main = folder.join("carcspec.1");
                let mut page = std::fs::read_to_string(&main)?;
                page.push_str(MAN_SECTIONS);
                std::fs::write(main, page)
            }),
    };
    match result {
        Ok(()) => EXIT_CLEAN,
        Err(error) => {
            eprintln!("error: cannot write the manual page: {error}");
            EXIT_USAGE
        }
    }
}

/// The manual page's EXIT STATUS, ENVIRONMENT and EXAMPLES, in roff.
const MAN_SECTIONS: &str = r#".SH "EXIT STATUS"
.TP
\fB0\fR
Clean: no violation, failed expectation or lint error (warnings pass unless \fB\-\-deny warnings\fR).
.TP
\fB1\fR
Findings: a violation, a failed expectation, a lint error, a file not in canonical layout (\fBfmt \-\-check\fR).
.TP
\fB2\fR
An input that could not be read (a missing path, a folder that cannot be read, a file of the wrong kind, a file with syntax errors given to \fBfmt\fR) or a usage error. The other inputs are still checked.
.SH ENVIRONMENT
.TP
\fBNO_COLOR\fR
When set and not empty, no colour under \fB\-\-color auto\fR.
.TP
\fBTERM\fR
\fBdumb\fR: no colour under \fB\-\-color auto\fR.
.TP
\fBFORCE_COLOR\fR, \fBCLICOLOR_FORCE\fR
When set and neither empty nor 0, colour under \fB\-\-color auto\fR even when the output is not a terminal.
.SH EXAMPLES
.TP
\fBcarcspec check spec\fR
Replay every game below \fIspec\fR and check its expectations.
.TP
\fBcarcspec check \-\-format junit \-\-exclude drafts games > report.xml\fR
A JUnit report of the games, leaving out every folder named \fIdrafts\fR.
.TP
\fBcarcspec tiles lint \-\-deny warnings tiles\fR
Lint the tile sets; warnings fail the run.
.TP
\fBcarcspec fmt \-\-check \-\-diff spec tiles\fR
Show what formatting would change.
.TP
\fBcarcspec render game.game \-\-highlight \-1,1:N \-o board.png\fR
Draw a game's board with a feature outlined.
"#;

fn import(file: &str, stdin_filename: Option<&str>) -> i32 {
    let (file, read) = if file == "-" {
        (
            output::stdin_origin(stdin_filename),
            output::read_stdin().map_err(|error| {
                crate::diagnostic::Diagnostic::new(
                    &codes::UNREADABLE_INPUT,
                    format!("cannot read standard input: {error}"),
                )
                .help("pipe a JCloisterZone saved game (.jcz) into `carcspec import -`")
            }),
        )
    } else {
        (
            file.to_string(),
            crate::input::read_text(std::path::Path::new(file)),
        )
    };
    let file = file.as_str();
    let text = match read {
        Ok(text) => text,
        Err(diagnostic) => {
            print_input_error(&diagnostic);
            return EXIT_USAGE;
        }
    };
    match crate::check::import_jcz_with_warnings(&text) {
        Ok((script, warnings)) => {
            // The transcript on standard output, the warnings beside it on standard error.
            if !warnings.is_empty() {
                eprint!("{}", crate::report::render(file, &text, &warnings, false));
            }
            let origin = format!("Imported by carcspec from {file}.");
            print!(
                "{}",
                crate::format::game::print_script(&script, Some(&origin))
            );
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

/// Reports an input that could not be read, the same way for every command that does not
/// write a report of its own: `error[F001 unreadable-input]: …` and its help on standard error.
pub(crate) fn print_input_error(diagnostic: &crate::diagnostic::Diagnostic) {
    eprintln!(
        "error[{} {}]: {}",
        diagnostic.code.code, diagnostic.code.name, diagnostic.message
    );
    if let Some(help) = &diagnostic.help {
        eprintln!("help: {help}");
    }
}

fn explain(query: Option<&str>, list: bool, markdown: bool) -> i32 {
    let mut out = std::io::stdout().lock();
    if markdown {
        let _ = write!(out, "{}", codes_markdown());
        return EXIT_CLEAN;
    }
    if list {
        for code in crate::rules::codes::all() {
            let _ = writeln!(out, "{}  {}", code.code, code.name);
        }
        return EXIT_CLEAN;
    }
    let query = query.unwrap_or_default();
    match crate::rules::codes::find(query) {
        Some(code) => {
            let severity = match code.severity {
                crate::diagnostic::Severity::Error => "error",
                crate::diagnostic::Severity::Warning => "warning",
            };
            let _ = writeln!(
                out,
                "{} {} ({severity})\n\n{}",
                code.code,
                code.name,
                crate::rules::codes::explanation(code)
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

/// The files below `dir` whose name ends in one of `.{extensions}`, walked by the default rules
/// ([`walk`]: hidden files and what ignore files exclude are skipped), without the folders that
/// could not be read; for the crate's own tests of its folders.
#[cfg(test)]
pub(crate) fn files_below(dir: &std::path::Path, extensions: &[&str]) -> Vec<std::path::PathBuf> {
    walk::files_below(dir, extensions, &walk::WalkArgs::default()).files
}

/// The documentation of every code as Markdown, with an anchor per code for the SARIF rules'
/// help addresses.
pub fn codes_markdown() -> String {
    let mut text = String::from(
        "# Diagnostic codes\n\nGenerated by `carcspec explain --markdown` from the registry of codes (`crates/core/src/codes.rs` and each ruleset's own); \
         do not edit by hand.\n",
    );
    for code in crate::rules::codes::all() {
        let severity = match code.severity {
            crate::diagnostic::Severity::Error => "error",
            crate::diagnostic::Severity::Warning => "warning",
        };
        text.push_str(&format!(
            "\n<a id=\"{}\"></a>\n## {} {} ({severity})\n\n{}\n",
            code.code.to_ascii_lowercase(),
            code.code,
            code.name,
            crate::rules::codes::explanation(code)
        ));
    }
    text
}
