//! The layers as a fact drawn from the code's own paths and the crates' manifests: every
//! reference a module's code makes to another top-level module (`crate::lint`,
//! `use crate::{lower, shipped}`, `super::cli` from a top-level module's file,
//! `carcspec_front::load`) runs down the table [`LAYERS`] or stays within one layer, no two
//! top-level modules name each other, and every layer crate depends only on crates of its own
//! layer or below. docs/architecture.md states the same table.
//!
//! It reads the sources of the crates that hold more than one layer: the main crate (`src/`,
//! the command line) and the front layers' crate (`crates/front/src/`); every other crate
//! (`crates/core`, `crates/syntax`, `crates/engine`, `crates/rules`, `crates/play`,
//! `crates/check`, `crates/render`, `crates/simulate`, `crates/report`, `crates/lsp`) imports
//! only what its manifest names, by Cargo's rule, and [`CRATES`] places each manifest's
//! dependencies in the table. Skipped, because only the code that ships has to respect the
//! layers (a test may drive a higher layer to check a lower one, as the checker's replay tests
//! play the simulator's games):
//! - items under `#[cfg(test)]` (a `mod tests { … }`, a test-only function or `use`) and the
//!   files of test-only modules declared by `#[cfg(test)] mod tests;` (`tests.rs`), and a
//!   manifest's dev-dependencies;
//! - comments, doc comments included (an intra-doc link is no import), and the text of string
//!   and character literals;
//! - the crate roots (`src/lib.rs`, `src/main.rs`, `crates/front/src/lib.rs`), which declare
//!   and re-export the modules rather than use them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level modules, bottom up, a layer to a line: a module may name the modules of its
/// own layer and of the layers below, never one above. The crates below the front layers are
/// named by the modules they are seen as (`carcspec_syntax` is `syntax`; the core's four).
const LAYERS: &[&[&str]] = &[
    &["codes", "diagnostic", "input", "model"],
    &["syntax", "engine"],
    &["rules", "format"],
    &["lint", "shipped"],
    &["lower"],
    &["interchange"],
    &["load"],
    &["setup"],
    &["play"],
    &["check", "render"],
    &["simulate", "report", "lsp"],
    &["cli"],
];

/// The source folders read, from the repository's root.
const SOURCE_ROOTS: &[&str] = &["src", "crates/front/src"];

/// Each crate under `crates/` (its folder's name) with the top-level modules it holds: the
/// crate itself is one of [`LAYERS`]'s modules, the core and the front crate hold several.
const CRATES: &[(&str, &[&str])] = &[
    ("core", &["codes", "diagnostic", "input", "model"]),
    ("syntax", &["syntax"]),
    ("engine", &["engine"]),
    ("rules", &["rules"]),
    (
        "front",
        &[
            "format",
            "lint",
            "shipped",
            "lower",
            "interchange",
            "load",
            "setup",
        ],
    ),
    ("play", &["play"]),
    ("check", &["check"]),
    ("render", &["render"]),
    ("simulate", &["simulate"]),
    ("report", &["report"]),
    ("lsp", &["lsp"]),
];

/// One place where a module names another.
#[derive(Debug, Clone)]
struct Reference {
    from: String,
    to: String,
    place: String,
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn no_module_names_a_module_of_a_higher_layer() {
    let upward: Vec<String> = references()
        .iter()
        .filter_map(|r| {
            let (from, to) = (layer_of(&r.from)?, layer_of(&r.to)?);
            (to > from).then(|| {
                format!(
                    "{}: `{}` (layer {}) names `{}` (layer {})",
                    r.place,
                    r.from,
                    from + 1,
                    r.to,
                    to + 1
                )
            })
        })
        .collect();
    assert!(
        upward.is_empty(),
        "imports running up a layer (move the function to its layer):\n{}",
        upward.join("\n")
    );
}

#[test]
fn no_two_modules_name_each_other() {
    let mut first_place: BTreeMap<(String, String), String> = BTreeMap::new();
    for r in references() {
        first_place.entry((r.from, r.to)).or_insert(r.place);
    }
    let circles: Vec<String> = first_place
        .iter()
        .filter(|((from, to), _)| from < to)
        .filter_map(|((from, to), place)| {
            let back = first_place.get(&(to.clone(), from.clone()))?;
            Some(format!(
                "`{from}` names `{to}` ({place}) and `{to}` names `{from}` ({back})"
            ))
        })
        .collect();
    assert!(
        circles.is_empty(),
        "circles between modules:\n{}",
        circles.join("\n")
    );
}

/// Every module the sources hold or name has its layer: a new top-level module, or a path
/// through a crate root's item rather than a module, is placed in the table before it passes.
#[test]
fn every_module_has_a_layer() {
    let mut modules: BTreeSet<String> = source_files()
        .into_iter()
        .map(|(m, _)| m[0].clone())
        .collect();
    for r in references() {
        modules.insert(r.from);
        modules.insert(r.to);
    }
    let unplaced: Vec<&String> = modules.iter().filter(|m| layer_of(m).is_none()).collect();
    assert!(
        unplaced.is_empty(),
        "modules without a layer in LAYERS: {unplaced:?}"
    );
    assert!(
        references().len() > 100,
        "the sources' references were found (a reading that finds none checks nothing)"
    );
}

/// Every crate under `crates/` is placed in [`CRATES`], and each depends (its manifest's
/// `[dependencies]`) on crates whose modules all lie at or below the lowest layer of its own:
/// the simulator names no checker, the checker no renderer, the reports no language server.
#[test]
fn the_crates_depend_down_the_layers() {
    let modules_of = |name: &str| CRATES.iter().find(|(c, _)| *c == name).map(|(_, m)| *m);
    let layers = |modules: &[&str]| {
        modules
            .iter()
            .map(|m| layer_of(m).unwrap())
            .collect::<Vec<_>>()
    };
    let mut upward = Vec::new();
    let mut read = 0;
    for entry in std::fs::read_dir(repository().join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let modules = modules_of(&name)
            .unwrap_or_else(|| panic!("crates/{name} has no place in CRATES (and LAYERS)"));
        let own = *layers(modules).iter().min().unwrap();
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        for dependency in layer_dependencies(&manifest) {
            let theirs = modules_of(&dependency).unwrap_or_else(|| {
                panic!("crates/{name} depends on carcspec-{dependency}, not in CRATES")
            });
            let highest = *layers(theirs).iter().max().unwrap();
            if highest > own {
                upward.push(format!(
                    "crates/{name} (layer {}) depends on carcspec-{dependency} (layer {})",
                    own + 1,
                    highest + 1
                ));
            }
            read += 1;
        }
    }
    assert!(
        upward.is_empty(),
        "dependencies running up a layer:\n{}",
        upward.join("\n")
    );
    assert!(read > 20, "the manifests' dependencies were found ({read})");
}

/// The layer crates a manifest's `[dependencies]` name (`carcspec-play = …` is `play`), its
/// dev-dependencies left out.
fn layer_dependencies(manifest: &str) -> Vec<String> {
    let mut in_dependencies = false;
    let mut found = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
        } else if in_dependencies && let Some(rest) = line.strip_prefix("carcspec-") {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            found.push(name);
        }
    }
    found
}

/// docs/architecture.md states the layers as the table above: each layer's modules in
/// backticks, joined by commas, the layers by semicolons.
#[test]
fn the_architecture_states_the_same_layers() {
    let stated = LAYERS
        .iter()
        .map(|layer| {
            layer
                .iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect::<Vec<_>>()
        .join("; ");
    let doc = std::fs::read_to_string(repository().join("docs/architecture.md")).unwrap();
    let doc = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        doc.contains(&format!("bottom up: {stated}.")),
        "docs/architecture.md should state the layers, bottom up: {stated}."
    );
}

/// Every reference from one top-level module to another in the code that ships.
fn references() -> Vec<Reference> {
    let mut found = Vec::new();
    for (modules, path) in source_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let code = without_test_items(&blank_comments_and_literals(&text)).0;
        let place = path
            .strip_prefix(repository())
            .unwrap_or(&path)
            .display()
            .to_string();
        for (line, to) in named_modules(&code, &modules) {
            if to != modules[0] {
                found.push(Reference {
                    from: modules[0].clone(),
                    to,
                    place: format!("{place}:{line}"),
                });
            }
        }
    }
    found
}

/// The source files that ship, each with its module path (`check/replay/moves.rs` is
/// `["check", "replay", "moves"]`), crate roots and test-only modules' files left out.
fn source_files() -> Vec<(Vec<String>, PathBuf)> {
    let mut files = Vec::new();
    for root in SOURCE_ROOTS {
        let root = repository().join(root);
        let mut stack = vec![root.clone()];
        let mut test_only = BTreeSet::new();
        let mut all = Vec::new();
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    let (_, test_modules) = without_test_items(&blank_comments_and_literals(&text));
                    let dir = module_dir(&path);
                    for name in test_modules {
                        test_only.insert(dir.join(format!("{name}.rs")));
                        test_only.insert(dir.join(name).join("mod.rs"));
                    }
                    all.push(path);
                }
            }
        }
        for path in all {
            let relative = path.strip_prefix(&root).unwrap();
            let mut modules: Vec<String> = relative
                .with_extension("")
                .iter()
                .map(|c| c.to_string_lossy().into_owned())
                .collect();
            if modules.last().is_some_and(|m| m == "mod") {
                modules.pop();
            }
            let is_root = relative == Path::new("lib.rs") || relative == Path::new("main.rs");
            if !is_root && !test_only.contains(&path) {
                files.push((modules, path));
            }
        }
    }
    files.sort();
    files
}

/// The folder a file's child modules live in: its own for `mod.rs`, `lib.rs` and `main.rs`,
/// else the folder named after it.
fn module_dir(path: &Path) -> PathBuf {
    let parent = path.parent().unwrap();
    match path.file_stem().and_then(|s| s.to_str()) {
        Some("mod" | "lib" | "main") => parent.to_path_buf(),
        Some(stem) => parent.join(stem),
        None => parent.to_path_buf(),
    }
}

/// The text with comments and the contents of string and character literals turned into
/// spaces (line breaks kept, so lines still count): what is left is code, its braces balanced.
fn blank_comments_and_literals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = chars.clone();
    let blank = |out: &mut Vec<char>, from: usize, to: usize| {
        for c in &mut out[from..to.min(chars.len())] {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let next = chars.get(i + 1).copied();
        // A raw string's `r` may follow a `b` (`br"…"`), else it starts a word of its own.
        let after_ident = i > 0
            && is_ident(chars[i - 1])
            && !(chars[i - 1] == 'b' && (i < 2 || !is_ident(chars[i - 2])));
        if chars[i] == '/' && next == Some('/') {
            let end = chars[i..]
                .iter()
                .position(|&c| c == '\n')
                .map_or(chars.len(), |p| i + p);
            blank(&mut out, i, end);
            i = end;
        } else if chars[i] == '/' && next == Some('*') {
            let (mut depth, mut j) = (1, i + 2);
            while j < chars.len() && depth > 0 {
                if chars[j] == '/' && chars.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 2;
                } else if chars[j] == '*' && chars.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if chars[i] == 'r' && !after_ident && matches!(next, Some('"' | '#')) {
            // A raw string `r"…"`, `r#"…"#` (or `br…`): it ends at a quote and as many `#`.
            let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                i += 1;
                continue;
            }
            let closes_at = |j: usize| {
                chars[j] == '"'
                    && chars[j + 1..].iter().take_while(|&&c| c == '#').count() >= hashes
            };
            let mut j = i + 2 + hashes;
            while j < chars.len() && !closes_at(j) {
                j += 1;
            }
            let end = j + 1 + hashes;
            blank(&mut out, i, end);
            i = end;
        } else if chars[i] == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            blank(&mut out, i, j + 1);
            i = j + 1;
        } else if chars[i] == '\'' {
            // A character literal (`'{'`, `'\n'`, `'\u{7f}'`), else a lifetime or a label.
            if next == Some('\\') {
                let mut j = i + 2;
                while j < chars.len() && chars[j] != '\'' {
                    j += 1;
                }
                blank(&mut out, i, j + 1);
                i = j + 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                blank(&mut out, i, i + 3);
                i += 3;
            } else {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out.into_iter().collect()
}

/// The code with every item under `#[cfg(test)]` blanked (line breaks kept), and the names of
/// the test-only modules it declares in files of their own (`#[cfg(test)] mod tests;`).
fn without_test_items(code: &str) -> (String, Vec<String>) {
    const TEST_ONLY: &str = "#[cfg(test)]";
    let chars: Vec<char> = code.chars().collect();
    let mut out = chars.clone();
    let mut test_modules = Vec::new();
    let mut search_from = 0;
    while let Some(start) = find(&chars, TEST_ONLY, search_from) {
        let mut j = start + TEST_ONLY.chars().count();
        // The item: to a `;` outside braces, or to the brace that closes its body.
        let mut depth = 0usize;
        let item_start = j;
        while j < chars.len() {
            match chars[j] {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                ';' if depth == 0 => break,
                _ => {}
            }
            j += 1;
        }
        let item: String = chars[item_start..j.min(chars.len())].iter().collect();
        let words: Vec<&str> = item.split_whitespace().collect();
        let declared_in_its_file = chars.get(j) == Some(&';');
        if let Some(at) = words.iter().position(|w| *w == "mod")
            && let Some(name) = words.get(at + 1)
            && declared_in_its_file
        {
            test_modules.push(name.to_string());
        }
        for c in &mut out[start..(j + 1).min(chars.len())] {
            if *c != '\n' {
                *c = ' ';
            }
        }
        search_from = j + 1;
    }
    (out.into_iter().collect(), test_modules)
}

fn find(chars: &[char], needle: &str, from: usize) -> Option<usize> {
    let needle: Vec<char> = needle.chars().collect();
    (from..chars.len().saturating_sub(needle.len() - 1)).find(|&i| chars[i..].starts_with(&needle))
}

/// The top-level modules a file's code names, each with its line: the first segment after
/// `crate::`, after as many `super::` as climb out of the file's module path `modules` (and
/// the inline modules around the place), or after a layer crate's name; each name of a group
/// (`crate::{lint, lower}`) counts.
fn named_modules(code: &str, modules: &[String]) -> Vec<(usize, String)> {
    let chars: Vec<char> = code.chars().collect();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let ident_at =
        |i: usize| -> String { chars[i..].iter().take_while(|&&c| is_ident(c)).collect() };
    let mut found = Vec::new();
    let (mut line, mut depth) = (1, 0usize);
    // The inline modules (`mod name { … }`) the scan is in, with the depth of their body.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
        } else if c == '{' {
            depth += 1;
        } else if c == '}' {
            depth = depth.saturating_sub(1);
            if inline.last().is_some_and(|(_, d)| *d > depth) {
                inline.pop();
            }
        }
        if !is_ident(c) || (i > 0 && (is_ident(chars[i - 1]) || chars[i - 1] == ':')) {
            i += 1;
            continue;
        }
        let word = ident_at(i);
        let mut j = i + word.chars().count();
        if word == "mod" {
            let rest: String = chars[j..].iter().take(200).collect();
            let mut parts = rest.split_whitespace();
            if let (Some(name), Some("{")) = (parts.next(), parts.next()) {
                inline.push((name.to_string(), depth + 1));
            }
        }
        let path_follows = |j: usize| chars.get(j) == Some(&':') && chars.get(j + 1) == Some(&':');
        if !path_follows(j) {
            i = j;
            continue;
        }
        // The module path the names after the prefix are read in: empty for the crate root.
        let scope: Option<Vec<String>> = match word.as_str() {
            "crate" => Some(Vec::new()),
            "super" => {
                let mut here: Vec<String> = modules.to_vec();
                here.extend(inline.iter().map(|(name, _)| name.clone()));
                here.pop();
                while ident_at(j + 2) == "super" && path_follows(j + 7) {
                    here.pop();
                    j += 7;
                }
                Some(here)
            }
            "carcspec_front" | "carcspec_core" => Some(Vec::new()),
            "carcspec_syntax" | "carcspec_engine" | "carcspec_rules" | "carcspec_play"
            | "carcspec_check" | "carcspec_render" | "carcspec_simulate" | "carcspec_report"
            | "carcspec_lsp" => {
                found.push((line, word.trim_start_matches("carcspec_").to_string()));
                None
            }
            _ => None,
        };
        j += 2;
        if scope.is_some_and(|s| s.is_empty()) {
            for name in group_heads(&chars, j) {
                if name != "self" {
                    found.push((line, name));
                }
            }
        }
        i = j;
    }
    found
}

/// The first segment of each path at `at`: one name (`lint::x`) or each of a group's
/// (`{lint, lower::tiles}`).
fn group_heads(chars: &[char], at: usize) -> Vec<String> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut at = at;
    while chars.get(at).is_some_and(|c| c.is_whitespace()) {
        at += 1;
    }
    if chars.get(at) != Some(&'{') {
        return vec![chars[at..].iter().take_while(|&&c| is_ident(c)).collect()];
    }
    let (mut heads, mut depth, mut expecting) = (Vec::new(), 0, true);
    for (k, &c) in chars[at..].iter().enumerate() {
        match c {
            '{' => {
                depth += 1;
                if depth == 1 {
                    expecting = true;
                }
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => expecting = true,
            c if depth == 1 && expecting && is_ident(c) => {
                let previous = chars[at + k - 1];
                if !is_ident(previous) {
                    heads.push(
                        chars[at + k..]
                            .iter()
                            .take_while(|&&c| is_ident(c))
                            .collect(),
                    );
                    expecting = false;
                }
            }
            _ => {}
        }
    }
    heads
}
