//! Every fuzz target's body, with its properties, on the target's seed corpus: the
//! repository's own inputs, as `fuzz/seeds.txt` lists them — the one list that
//! `fuzz/seed-corpora.sh` also reads to copy them into `fuzz/corpus/` (the tile sets of
//! `tiles/`, `tests/fixtures/` and `spec/`; the games of `spec/` and `tests/fixtures/`; the
//! saved games of `tests/fixtures/` and of JCloisterZone's engine-test suite in `../shared`,
//! when it is there; the JSON and YAML tile documents, with the byte that
//! chooses their format, and the shipped sets exported). The bodies are the targets' own
//! (`fuzz/properties.rs`), so a file of the repository that breaks a round trip fails here, on
//! stable Rust, without a fuzzing run. A folder the list names that does not exist fails too.

use std::path::{Path, PathBuf};

#[path = "../fuzz/properties.rs"]
mod properties;

/// One line of `fuzz/seeds.txt`: a target, its format byte, and where its seeds come from.
struct Source {
    line: usize,
    target: String,
    prefix: Option<u8>,
    kind: SourceKind,
}

enum SourceKind {
    /// The files ending in the extension under the folders.
    Files {
        extension: String,
        folders: Vec<String>,
    },
    /// Shipped tile sets, exported in the format.
    Export {
        format: carcspec::interchange::DocumentFormat,
        sets: Vec<String>,
    },
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The seed list, every line read; a line that does not parse fails the test, naming it.
fn sources() -> Vec<Source> {
    let text = std::fs::read_to_string(root().join("fuzz/seeds.txt")).expect("fuzz/seeds.txt");
    let mut sources = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() || words[0].starts_with('#') {
            continue;
        }
        let [target, byte, source, names @ ..] = words.as_slice() else {
            panic!("fuzz/seeds.txt:{line_number}: `<target> <format byte> <source> <names>...`");
        };
        assert!(
            !names.is_empty(),
            "fuzz/seeds.txt:{line_number}: no folders or sets"
        );
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let prefix = match *byte {
            "-" => None,
            other => Some(other.parse().unwrap_or_else(|_| {
                panic!("fuzz/seeds.txt:{line_number}: the format byte `{other}` is no byte")
            })),
        };
        let kind = match *source {
            "export:json" => SourceKind::Export {
                format: carcspec::interchange::DocumentFormat::Json,
                sets: names,
            },
            "export:yaml" => SourceKind::Export {
                format: carcspec::interchange::DocumentFormat::Yaml,
                sets: names,
            },
            extension if extension.starts_with('.') => SourceKind::Files {
                extension: extension.to_string(),
                folders: names,
            },
            other => panic!("fuzz/seeds.txt:{line_number}: unknown source `{other}`"),
        };
        sources.push(Source {
            line: line_number,
            target: target.to_string(),
            prefix,
            kind,
        });
    }
    sources
}

/// The files under `folder` (of the repository) whose name ends in `extension`, sorted; the
/// folder must exist, unless it is written `?folder` (the reference data of `../shared`, read
/// when it is beside the repository).
fn files(folder: &str, extension: &str, line: usize) -> Vec<PathBuf> {
    if let Some(optional) = folder.strip_prefix('?') {
        if !root().join(optional).is_dir() {
            eprintln!(
                "fuzz/seeds.txt:{line}: `{optional}` is not beside the repository: its seeds are skipped"
            );
            return Vec::new();
        }
        return files(optional, extension, line);
    }
    let top = root().join(folder);
    assert!(
        top.is_dir(),
        "fuzz/seeds.txt:{line}: the folder `{folder}` is missing"
    );
    let mut found = Vec::new();
    let mut pending = vec![top];
    while let Some(folder) = pending.pop() {
        let entries =
            std::fs::read_dir(&folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.to_string_lossy().ends_with(extension) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The seeds of `target`, each named, as the fuzzer's corpus would hold them (after the
/// format byte, if any).
fn seeds(target: &str) -> Vec<(String, Vec<u8>)> {
    let mut seeds = Vec::new();
    for source in sources().into_iter().filter(|s| s.target == target) {
        let prefix: Vec<u8> = source.prefix.into_iter().collect();
        match &source.kind {
            SourceKind::Files { extension, folders } => {
                for folder in folders {
                    for file in files(folder, extension, source.line) {
                        let mut data = prefix.clone();
                        data.extend(std::fs::read(&file).expect("a readable seed"));
                        seeds.push((file.display().to_string(), data));
                    }
                }
            }
            SourceKind::Export { format, sets } => {
                for set in sets {
                    let loaded = carcspec::load::load(set).expect("a shipped set");
                    let tiles = loaded.usable().expect("a clean shipped set");
                    let mut data = prefix.clone();
                    data.extend(carcspec::interchange::write(tiles, *format).into_bytes());
                    seeds.push((format!("{set} exported"), data));
                }
            }
        }
    }
    seeds
}

/// Runs `body` on every seed of `target`, naming the seed whose input fails it; requires some
/// seeds, so that a target left out of the list cannot leave the test with nothing to run.
fn each(target: &str, body: fn(&[u8])) {
    let seeds = seeds(target);
    assert!(
        !seeds.is_empty(),
        "no seeds for `{target}` in fuzz/seeds.txt"
    );
    for (name, data) in seeds {
        let failed = std::panic::catch_unwind(|| body(&data));
        assert!(failed.is_ok(), "the fuzz target `{target}` fails on {name}");
    }
}

/// The targets the tests below run: every target of the list is one of them, and each has a
/// target file under `fuzz/fuzz_targets/`.
const TARGETS: [&str; 7] = [
    "tiles_lint",
    "roundtrip_tiles",
    "game_check",
    "roundtrip_game",
    "jcz_check",
    "roundtrip_jcz",
    "tile_documents",
];

#[test]
fn the_seed_list_names_known_targets_and_existing_folders() {
    let sources = sources();
    for source in &sources {
        assert!(
            TARGETS.contains(&source.target.as_str()),
            "fuzz/seeds.txt:{}: `{}` is no target that tests/fuzz_seeds.rs runs",
            source.line,
            source.target
        );
        if let SourceKind::Files { extension, folders } = &source.kind {
            for folder in folders {
                files(folder, extension, source.line);
            }
        }
    }
    for target in TARGETS {
        assert!(
            root()
                .join("fuzz/fuzz_targets")
                .join(format!("{target}.rs"))
                .is_file(),
            "no fuzz target `{target}`"
        );
        assert!(
            sources.iter().any(|s| s.target == target),
            "`{target}` has no line in fuzz/seeds.txt"
        );
    }
}

#[test]
fn tiles_lint_holds_on_its_seeds() {
    each("tiles_lint", properties::tiles_lint);
}

#[test]
fn roundtrip_tiles_holds_on_its_seeds() {
    each("roundtrip_tiles", properties::roundtrip_tiles);
}

#[test]
fn game_check_holds_on_its_seeds() {
    each("game_check", properties::game_check);
}

#[test]
fn roundtrip_game_holds_on_its_seeds() {
    each("roundtrip_game", properties::roundtrip_game);
}

#[test]
fn jcz_check_holds_on_its_seeds() {
    each("jcz_check", properties::jcz_check);
}

#[test]
fn roundtrip_jcz_holds_on_its_seeds() {
    each("roundtrip_jcz", properties::roundtrip_jcz);
}

/// The JSON and YAML documents of the fixtures, and the shipped sets exported in both formats,
/// each after the byte that chooses its format.
#[test]
fn tile_documents_holds_on_its_seeds() {
    each("tile_documents", properties::tile_documents);
}
