//! `carcspec fmt` (tile and game files) and `carcspec tiles fmt` (tile files): rewrite files in
//! the canonical layout, or with `--check` report those that are not (`--diff` shows how).

use std::path::Path;

use clap::Args;

use super::output::{TextKind, read_stdin, stdin_origin};
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
    /// which language it is written in (without it, the text says: a tile set has a
    /// `tileset NAME` line, a game `game "TITLE"` or `players`).
    #[arg(long)]
    stdin_filename: Option<String>,
    #[command(flatten)]
    walk: super::walk::WalkArgs,
}

impl FmtArgs {
    /// `--stdin-filename` and the inputs it may name.
    pub(super) fn stdin_use(&self) -> (Option<&str>, Vec<&str>) {
        (
            self.stdin_filename.as_deref(),
            self.paths.iter().map(String::as_str).collect(),
        )
    }
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
pub fn run(args: &FmtArgs, quiet: bool) -> i32 {
    format_files(
        args,
        &[Language::Game, Language::Tiles],
        "carcspec fmt",
        quiet,
    )
}

/// `carcspec tiles fmt`: tile files only.
pub fn run_tiles(args: &FmtArgs, quiet: bool) -> i32 {
    format_files(args, &[Language::Tiles], "carcspec tiles fmt", quiet)
}

/// Formats every file named; `quiet` leaves out the files already canonical or rewritten and
/// the summary, keeping what needs attention.
fn format_files(args: &FmtArgs, languages: &[Language], command: &str, quiet: bool) -> i32 {
    let mut exit = EXIT_CLEAN;
    let (mut files, mut canonical, mut not_formatted) = (0, 0, 0);
    for name in &args.paths {
        if name == "-" {
            exit = exit.max(format_stdin(args, languages));
            continue;
        }
        let path = Path::new(name);
        let targets = if path.is_dir() {
            let extensions: Vec<&str> = languages
                .iter()
                .map(|language| match language {
                    Language::Tiles => "tiles",
                    Language::Game => "game",
                })
                .collect();
            let found = super::walk::files_below(path, &extensions, &args.walk);
            for problem in &found.problems {
                print_input_error(problem);
                exit = EXIT_USAGE;
            }
            if found.files.is_empty() && found.problems.is_empty() {
                print_input_error(
                    &Diagnostic::new(
                        &codes::NO_INPUT_FILES,
                        format!("no files to format in `{name}`"),
                    )
                    .help(format!("`{command}` formats {}", kinds(languages))),
                );
                exit = EXIT_USAGE;
            }
            found
                .files
                .into_iter()
                .map(|p| p.display().to_string())
                .collect()
        } else {
            vec![name.clone()]
        };
        for target in targets {
            files += 1;
            match format_file(&target, args, languages, command, quiet) {
                Ok(Formatted::Canonical) => canonical += 1,
                Ok(Formatted::Rewritten) => {}
                Ok(Formatted::NotCanonical) => exit = exit.max(EXIT_FINDINGS),
                Err(code) => {
                    not_formatted += 1;
                    exit = exit.max(code);
                }
            }
        }
    }
    if files > 0 && !quiet {
        // A file that could not be read or formatted (syntax errors) is counted apart: it is
        // neither canonical nor rewritten, and its diagnostics above say why.
        let read = files - not_formatted;
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let mut parts = Vec::new();
        if read > 0 {
            parts.push(format!(
                "{canonical} of {read} file{} already in canonical layout",
                plural(read)
            ));
        }
        if not_formatted > 0 {
            parts.push(format!(
                "{not_formatted} file{} not formatted (errors above)",
                plural(not_formatted)
            ));
        }
        println!("{}", parts.join("; "));
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
/// (formatting a file that did not parse would drop the lines in error). In a game, a line
/// the game language has no statement for (`garbage here ((`) is one: the parser splits any
/// line into words, and only the lowering knows the statements.
fn canonical(text: &str, language: Language) -> Result<String, Vec<Diagnostic>> {
    let diagnostics = match language {
        Language::Tiles => syntax::tiles::parse(text).1,
        Language::Game => {
            let (file, mut diagnostics) = syntax::game::parse(text);
            diagnostics.extend(
                crate::lower::game::lower(&file)
                    .diagnostics
                    .into_iter()
                    .filter(|d| std::ptr::eq(d.code, &codes::UNKNOWN_STATEMENT)),
            );
            diagnostics
        }
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
    /// Not canonical and left as it is (`--check`, `--diff`).
    NotCanonical,
}

/// Formats one file; `Err(exit code)` when it could not be read.
fn format_file(
    path: &str,
    args: &FmtArgs,
    languages: &[Language],
    command: &str,
    quiet: bool,
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
    let text = match crate::input::read_text(Path::new(path)) {
        Ok(text) => text,
        Err(mut diagnostic) => {
            if shipped::tiles(path).is_some() {
                diagnostic =
                    diagnostic.help("shipped tile sets are formatted in the carcspec repository");
            }
            print_input_error(&diagnostic);
            return Err(EXIT_USAGE);
        }
    };
    let formatted = match canonical(&text, language) {
        Ok(formatted) => formatted,
        Err(diagnostics) => {
            // As rustfmt and ruff do: the file is left as it is, and the run fails as for a
            // file that cannot be read (exit 2), not as for one that needs formatting.
            eprint!("{}", report::render(path, &text, &diagnostics, use_color()));
            eprintln!("error: `{path}` cannot be formatted: fix the syntax errors first");
            return Err(EXIT_USAGE);
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
    match write_atomically(Path::new(path), &formatted) {
        Ok(()) => {
            if !quiet {
                println!("{path}: formatted");
            }
            Ok(Formatted::Rewritten)
        }
        Err(error) => {
            eprintln!("error: cannot write `{path}`: {error}");
            Err(EXIT_USAGE)
        }
    }
}

/// Formats standard input to standard output (`--check`: says whether it is canonical, and
/// shows the change when it is not).
fn format_stdin(args: &FmtArgs, languages: &[Language]) -> i32 {
    let origin = stdin_origin(args.stdin_filename.as_deref());
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
    let named = args
        .stdin_filename
        .as_deref()
        .and_then(Language::of)
        .filter(|l| languages.contains(l));
    let Some(language) = named.or_else(|| language_of_text(&text, languages)) else {
        print_input_error(
            &Diagnostic::new(
                &codes::WRONG_KIND_OF_FILE,
                "cannot tell whether standard input is a tile set or a game",
            )
            .help(
                "a tile set has a `tileset NAME` line, a game `game \"TITLE\"` and `players`; \
                 or name the language with `--stdin-filename NAME.tiles` (or `NAME.game`)",
            ),
        );
        return EXIT_USAGE;
    };
    match canonical(&text, language) {
        Ok(formatted) if args.check || args.diff => {
            if formatted == text {
                EXIT_CLEAN
            } else {
                if args.check {
                    eprintln!(
                        "{origin}: not in canonical layout [{} {}]",
                        codes::NOT_FORMATTED.code,
                        codes::NOT_FORMATTED.name
                    );
                }
                print!("{}", unified_diff(&origin, &text, &formatted));
                EXIT_FINDINGS
            }
        }
        Ok(formatted) => {
            print!("{formatted}");
            EXIT_CLEAN
        }
        Err(diagnostics) => {
            eprint!("{}", report::render(&origin, &text, &diagnostics, false));
            eprintln!("error: `{origin}` cannot be formatted: fix the syntax errors first");
            EXIT_USAGE
        }
    }
}

/// The language of a text without a file name, by its content ([`TextKind`]). With one
/// language to choose from (`tiles fmt`), that one.
fn language_of_text(text: &str, languages: &[Language]) -> Option<Language> {
    if let [only] = languages {
        return Some(*only);
    }
    let language = match TextKind::of(text)? {
        TextKind::Tiles => Language::Tiles,
        TextKind::Game => Language::Game,
        TextKind::TilesJson | TextKind::TilesYaml | TextKind::Jcz => return None,
    };
    languages.contains(&language).then_some(language)
}

/// Replaces the file at `path` with `text` so that it is never left half written: the text
/// goes to a temporary file in the same folder (the same file system, so the rename is
/// atomic), which takes the old file's permissions and then its place. An interrupted run or a
/// full disk leaves the old file whole (and at worst a stray `.tmp` file beside it).
fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    // A symbolic link is formatted through: its target is replaced, the link kept.
    let target = std::fs::canonicalize(path)?;
    let folder = target.parent().unwrap_or(Path::new("."));
    let permissions = std::fs::metadata(&target)?.permissions();
    let mut temporary = tempfile::Builder::new()
        .prefix(".carcspec-fmt-")
        .suffix(".tmp")
        .tempfile_in(folder)?;
    temporary.write_all(text.as_bytes())?;
    temporary.as_file().sync_all()?;
    temporary.as_file().set_permissions(permissions)?;
    temporary
        .persist(&target)
        .map(drop)
        .map_err(|error| error.error)
}

fn unified_diff(path: &str, before: &str, after: &str) -> String {
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(2)
        .header(path, path)
        .to_string()
}
