//! The folder walk of `check`, `fmt`, `tiles fmt` and `tiles lint`: the files a folder named on
//! the command line stands for, found as ripgrep and ruff find them (the `ignore` crate, which
//! is ripgrep's walker).
//!
//! - Hidden files and folders (a name starting with `.`) are skipped.
//! - What `.gitignore`, `.ignore` and `.git/info/exclude` exclude is skipped, in a Git
//!   repository or not (a sample folder copied out of a repository keeps its rules), and so are
//!   the excludes of the parent folders' ignore files. `--no-ignore` reads every file.
//! - `--exclude GLOB` (repeatable) skips what the glob matches, with the `.gitignore` syntax:
//!   a glob without `/` matches a name at any depth (`--exclude drafts`), one with `/` a path
//!   from the folder walked (`--exclude 'archive/*.game'`).
//! - Symbolic links to folders are not followed unless `--follow` (`-L`) is given; a link to a
//!   file is read. Followed links that loop back are walked once.
//! - A path named on the command line is always read, whatever the rules say.
//! - A folder that cannot be read is a diagnostic (`F030`), reported like an unreadable file.

use std::path::{Path, PathBuf};

use clap::Args;

use crate::codes;
use crate::diagnostic::Diagnostic;

/// The options of the walk, shared by every command that walks folders.
#[derive(Args, Clone, Debug, Default)]
pub struct WalkArgs {
    /// Follow symbolic links to folders while walking a folder (not followed by default).
    #[arg(long, short = 'L')]
    pub follow: bool,
    /// Skip the files and folders this glob matches while walking a folder (the `.gitignore`
    /// syntax; repeatable). Paths named on the command line are read all the same.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Read the files that `.gitignore`, `.ignore` and `.git/info/exclude` exclude (hidden
    /// files and folders are still skipped).
    #[arg(long)]
    pub no_ignore: bool,
}

/// What walking a folder found: the files, sorted so that reports are stable (a folder's files
/// by name, then its subfolders'), and the folders that could not be read.
pub struct Found {
    pub files: Vec<PathBuf>,
    pub problems: Vec<Diagnostic>,
}

/// The files below `dir` whose name ends in one of `.{extensions}`, walked by the rules of the
/// module. Entries that are not regular files (a FIFO named `b.game`) are listed all the same:
/// reading them reports what they are.
pub fn files_below(dir: &Path, extensions: &[&str], options: &WalkArgs) -> Found {
    let mut problems = Vec::new();
    let mut builder = ignore::WalkBuilder::new(dir);
    builder
        .hidden(true)
        .ignore(!options.no_ignore)
        .git_ignore(!options.no_ignore)
        .git_exclude(!options.no_ignore)
        .parents(!options.no_ignore)
        // The user's global Git excludes are theirs, not the repository's: a CI machine and a
        // laptop must find the same files.
        .git_global(false)
        .require_git(false)
        .follow_links(options.follow);
    if !options.exclude.is_empty() {
        let mut overrides = ignore::overrides::OverrideBuilder::new(dir);
        for glob in &options.exclude {
            // An override glob is a whitelist; `!` makes it an exclude.
            if let Err(error) = overrides.add(&format!("!{glob}")) {
                problems.push(bad_exclude(glob, &error));
            }
        }
        match overrides.build() {
            Ok(overrides) => {
                builder.overrides(overrides);
            }
            Err(error) => problems.push(bad_exclude("", &error)),
        }
    }
    // Each file with its folder, to sort by folder then by name.
    let mut files: Vec<(PathBuf, PathBuf)> = Vec::new();
    for entry in builder.build() {
        match entry {
            Ok(entry) => {
                let path = entry.path();
                // The root itself is a folder; a symbolic link to a folder that is not followed
                // has no file type of a folder and no wanted extension.
                if entry.file_type().is_some_and(|t| t.is_dir()) {
                    continue;
                }
                if path
                    .extension()
                    .is_some_and(|e| extensions.iter().any(|wanted| e == *wanted))
                {
                    let folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
                    files.push((folder, path.to_path_buf()));
                }
            }
            Err(error) => {
                if let Some(problem) = walk_problem(&error) {
                    problems.push(problem);
                }
            }
        }
    }
    // `Path` comparisons split paths into components at every comparison; the folder's path
    // then the file's (every file of a folder is the folder joined with a name) as strings.
    files.sort_unstable_by(|(folder_a, a), (folder_b, b)| {
        folder_a
            .as_os_str()
            .cmp(folder_b.as_os_str())
            .then_with(|| a.as_os_str().cmp(b.as_os_str()))
    });
    Found {
        files: files.into_iter().map(|(_, path)| path).collect(),
        problems,
    }
}

fn bad_exclude(glob: &str, error: &ignore::Error) -> Diagnostic {
    Diagnostic::new(
        &codes::UNREADABLE_FOLDER,
        format!("`--exclude {glob}` is not a glob: {error}"),
    )
    .help("write a glob in the `.gitignore` syntax, such as `--exclude 'drafts/*.game'`")
}

/// The diagnostic of a walk error: a folder (or an entry of one) that cannot be read. A loop of
/// followed links is not one: the walker does not enter the folder again, and every file is
/// found once.
fn walk_problem(error: &ignore::Error) -> Option<Diagnostic> {
    use ignore::Error;
    match error {
        Error::Loop { .. } => None,
        Error::WithLineNumber { err, .. } | Error::WithDepth { err, .. } => walk_problem(err),
        Error::Partial(errors) => errors.first().and_then(walk_problem),
        Error::WithPath { path, err } => Some(unreadable_folder(path, err)),
        other => Some(
            Diagnostic::new(
                &codes::UNREADABLE_FOLDER,
                format!("cannot walk a folder: {other}"),
            )
            .help("make the folder readable, or leave it out with `--exclude`"),
        ),
    }
}

fn unreadable_folder(path: &Path, error: &ignore::Error) -> Diagnostic {
    // The innermost message: "Permission denied (os error 13)", not the path again.
    let mut inner = error;
    while let ignore::Error::WithPath { err, .. }
    | ignore::Error::WithDepth { err, .. }
    | ignore::Error::WithLineNumber { err, .. } = inner
    {
        inner = err;
    }
    Diagnostic::new(
        &codes::UNREADABLE_FOLDER,
        format!("cannot read `{}`: {inner}", path.display()),
    )
    .help("make the folder readable, or leave it out with `--exclude`")
}
