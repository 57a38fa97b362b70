//! `carcspec fmt` (tile and game files) and `carcspec tiles fmt` (tile files): rewrite files in
//! the canonical layout, or with `--check` report those that are not (`--diff` shows how).

use std::path::Path;

use clap::Args;

use super::output::{read_stdin, stdin_origin};
use super::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, print_input_error, use_color};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::{format, report, shipped, syntax};

#[derive(Args)]
pub struct FmtArgs {
    /// Report the files that are not in the canonical layout (exit 1) instead of rewriting
    /// them.
    #[arg(long)]
    check: bool,
    /// Show the changes as a unified diff (with `--check`, nothing is rewritten).
    #[arg(long)]
    diff: bool,
    /// Files or folders; `-` formats standard input to standard output.
    #[arg(required = true)]
    paths: Vec<String>,
    /// The file name standard input (`-`) stands for: its ending (`.tiles`, `.game`) says
    /// which language it is written in.
    #[arg(long)]
    stdin_filename: Option<String>,
}

/// The languages a formatter reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Language {
    Tiles,
    Game,
}

impl Language {
    fn of(path: &str) -> Option<Language> {
        match Path::new(path).extension().and_then(|e| e.to_str()) {
            Some("tiles") => Some(Language::Tiles),
            Some("game") => Some(Language::Game),
            _ => None,
        }
    }
}

/// `carcspec fmt`: tile and game files.
pub fn run(args: &FmtArgs) -> i32 {
    // Standard input without a file name is a game: `tiles fmt` is there for tile files.
    format_files(args, &[Language::Game, Language::Tiles], "carcspec fmt")
}

/// `carcspec tiles fmt`: tile files only.
pub fn run_tiles(args: &FmtArgs) -> i32 {
    format_files(args, &[Language::Tiles], "carcspec tiles fmt")
}

fn format_files(args: &FmtArgs, languages: &[Language], command: &str) -> i32 {
    let mut exit = EXIT_CLEAN;
    let (mut files, mut canonical) = (0, 0);
    for name in &args.paths {
        if name == "-" {
            exit = exit.max(format_stdin(args, languages));
            continue;
        }
        let path = Path::new(name);
        let targets = if path.is_dir() {
            let mut found = Vec::new();
            for language in languages {
                let extension = match language {
                    Language::Tiles => "tiles",
                    Language::Game => "game",
                };
                found.extend(super::files_below(path, extension));
            }
            found.sort();
            if found.is_empty() {
                print_input_error(
                    &Diagnostic::new(
                        &codes::NO_INPUT_FILES,
                        format!("no files to format in `{name}`"),
                    )
                    .help(format!("`{command}` formats {}", kinds(languages))),
                );
                exit = EXIT_USAGE;
            }
            found.into_iter().map(|p| p.display().to_string()).collect()
        } else {
            vec![name.clone()]
        };
        for target in targets {
            files += 1;
            match format_file(&target, args, languages, command) {
                Ok(Formatted::Canonical) => canonical += 1,
                Ok(Formatted::Rewritten) => {}
                Ok(Formatted::NotCanonical) => exit = exit.max(EXIT_FINDINGS),
                Err(code) => exit = exit.max(code),
            }
        }
    }
    if files > 0 {
        println!(
            "{canonical} of {files} file{} already in canonical layout",
            if files == 1 { "" } else { "s" }
        );
    }
    exit
}

fn kinds(languages: &[Language]) -> &'static str {
    if languages.contains(&Language::Game) {
        ".tiles and .game files"
    } else {
        ".tiles files"
    }
}

/// The canonical text of `text`, or the syntax errors that keep it from being formatted
/// (formatting a file that did not parse would drop the lines in error).
fn canonical(text: &str, language: Language) -> Result<String, Vec<Diagnostic>> {
    let diagnostics = match language {
        Language::Tiles => syntax::tiles::parse(text).1,
        Language::Game => syntax::game::parse(text).1,
    };
    if !diagnostics.is_empty() {
        return Err(diagnostics);
    }
    Ok(match language {
        Language::Tiles => format::tiles::format(&syntax::tiles::parse(text).0),
        Language::Game => format::game_layout::format(text),
    })
}

/// What formatting did to a file.
enum Formatted {
    Canonical,
    Rewritten,
    /// Not canonical and left as it is (`--check`, `--diff`, or syntax errors).
    NotCanonical,
}

/// Formats one file; `Err(exit code)` when it could not be read.
fn format_file(
    path: &str,
    args: &FmtArgs,
    languages: &[Language],
    command: &str,
) -> Result<Formatted, i32> {
    let Some(language) = Language::of(path).filter(|l| languages.contains(l)) else {
        let hint = if Path::new(path).extension().is_some_and(|e| e == "game") {
            " (`carcspec fmt` formats games)".to_string()
        } else {
            String::new()
        };
        print_input_error(
            &Diagnostic::new(
                &codes::WRONG_KIND_OF_FILE,
                format!("`{path}` is not a file `{command}` formats{hint}"),
            )
            .help(format!("`{command}` formats {}", kinds(languages))),
        );
        return Err(EXIT_USAGE);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            let help = if shipped::tiles(path).is_some() {
                "shipped tile sets are formatted in the carcspec repository".to_string()
            } else {
                format!("give the path of {}", kinds(languages))
            };
            print_input_error(
                &Diagnostic::new(
                    &codes::UNREADABLE_INPUT,
                    format!("cannot read `{path}`: {error}"),
                )
                .help(help),
            );
            return Err(EXIT_USAGE);
        }
    };
    let formatted = match canonical(&text, language) {
        Ok(formatted) => formatted,
        Err(diagnostics) => {
            print!("{}", report::render(path, &text, &diagnostics, use_color()));
            println!("{path}: not formatted: fix the syntax errors first");
            return Ok(Formatted::NotCanonical);
        }
    };
    if formatted == text {
        return Ok(Formatted::Canonical);
    }
    if args.diff {
        print!("{}", unified_diff(path, &text, &formatted));
    }
    if args.check {
        println!(
            "{path}: not in canonical layout [{} {}] (run `{command} {path}`)",
            codes::NOT_FORMATTED.code,
            codes::NOT_FORMATTED.name
        );
        return Ok(Formatted::NotCanonical);
    }
    if args.diff {
        // `--diff` alone shows what would change, as `ruff format --diff` does.
        return Ok(Formatted::NotCanonical);
    }
    match std::fs::write(path, formatted) {
        Ok(()) => {
            println!("{path}: formatted");
            Ok(Formatted::Rewritten)
        }
        Err(error) => {
            eprintln!("error: cannot write `{path}`: {error}");
            Err(EXIT_USAGE)
        }
    }
}

/// Formats standard input to standard output (`--check`: only says whether it is canonical).
fn format_stdin(args: &FmtArgs, languages: &[Language]) -> i32 {
    let origin = stdin_origin(args.stdin_filename.as_deref());
    let language = Language::of(&origin)
        .filter(|l| languages.contains(l))
        .unwrap_or(languages[0]);
    let text = match read_stdin() {
        Ok(text) => text,
        Err(error) => {
            print_input_error(
                &Diagnostic::new(
                    &codes::UNREADABLE_INPUT,
                    format!("cannot read standard input: {error}"),
                )
                .help("pipe a tile or game file into `-`"),
            );
            return EXIT_USAGE;
        }
    };
    match canonical(&text, language) {
        Ok(formatted) if args.check || args.diff => {
            if formatted == text {
                EXIT_CLEAN
            } else {
                if args.diff {
                    print!("{}", unified_diff(&origin, &text, &formatted));
                }
                EXIT_FINDINGS
            }
        }
        Ok(formatted) => {
            print!("{formatted}");
            EXIT_CLEAN
        }
        Err(diagnostics) => {
            eprint!("{}", report::render(&origin, &text, &diagnostics, false));
            eprintln!("{origin}: not formatted: fix the syntax errors first");
            EXIT_FINDINGS
        }
    }
}

fn unified_diff(path: &str, before: &str, after: &str) -> String {
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(2)
        .header(path, path)
        .to_string()
}
