//! The checker: replays a game against the rules of its ruleset, reports every violation (and
//! goes on as the move says, so that later moves are still checked), evaluates the game's
//! expectations, and keeps the scoring events and the scores.

pub(crate) mod replay;
pub mod state;

pub use state::{GameFormat, GameState, StateError, game_state, game_state_of_text};

use std::path::Path;

use serde::Serialize;

use crate::codes;
use crate::diagnostic::{self, Diagnostic, Span};
use crate::engine::CompiledTile;
use crate::lint;
use crate::load;
use crate::model::{Script, TileKind, TileSet};
use crate::{lower, syntax};

/// Points scored by one event, for the report.
#[derive(Debug, Clone, Serialize)]
pub struct ReportedEvent {
    /// The line of the move (or `end`) that caused the scoring.
    pub line: usize,
    pub players: Vec<String>,
    pub points: u32,
    pub breakdown: String,
    /// True for final scoring.
    pub is_final: bool,
    #[serde(skip)]
    pub span: Span,
}

/// Everything the checker found in one game.
#[derive(Debug)]
pub struct CheckReport {
    pub origin: String,
    pub text: String,
    pub players: Vec<String>,
    /// Problems: game-language errors, rule violations no expectation names, expectations
    /// that do not hold, and warnings.
    pub diagnostics: Vec<Diagnostic>,
    /// Violations that an `expect violation` names (the rulebook's "not like this!").
    pub expected_violations: Vec<Diagnostic>,
    pub expectations_passed: usize,
    pub expectations_failed: usize,
    pub events: Vec<ReportedEvent>,
    /// Scores at the end of the replay.
    pub scores: Vec<i64>,
    /// Whether final scoring took place.
    pub final_scored: bool,
    /// Assertions of the game that carcspec cannot check (listed, never counted as passed).
    pub not_applicable: Vec<String>,
}

impl CheckReport {
    fn failed(origin: &str, text: String, diagnostics: Vec<Diagnostic>) -> CheckReport {
        CheckReport {
            origin: origin.to_string(),
            text,
            players: Vec::new(),
            diagnostics,
            expected_violations: Vec::new(),
            expectations_passed: 0,
            expectations_failed: 0,
            events: Vec::new(),
            scores: Vec::new(),
            final_scored: false,
            not_applicable: Vec::new(),
        }
    }

    /// Clean: no error (warnings allowed) and every expectation holds.
    pub fn ok(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error) && self.expectations_failed == 0
    }
}

/// Checks the game file at `path`.
pub fn check_file(path: &Path) -> CheckReport {
    let origin = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) if path.extension().is_some_and(|e| e == "jcz") => check_jcz_text(&origin, text),
        Ok(text) => check_text(&origin, text, path.parent().unwrap_or(Path::new("."))),
        Err(error) => CheckReport::failed(
            &origin,
            String::new(),
            vec![
                Diagnostic::new(
                    &codes::UNREADABLE_INPUT,
                    format!("cannot read `{origin}`: {error}"),
                )
                .help("give the path of a .game file or of a folder of them"),
            ],
        ),
    }
}

/// Checks the game `text`; tile sets named by path are looked up relative to `base_dir`.
pub fn check_text(origin: &str, text: String, base_dir: &Path) -> CheckReport {
    let (file, mut diagnostics) = syntax::game::parse(&text);
    let lowered = lower::game::lower(&file);
    diagnostics.extend(lowered.diagnostics);
    let Some(script) = lowered.script else {
        diagnostic::sort_by_position(&mut diagnostics);
        return CheckReport::failed(origin, text, diagnostics);
    };
    check_script(
        origin,
        text,
        &script,
        &lowered.incomplete_tiles,
        diagnostics,
        base_dir,
    )
}

/// Checks a JCloisterZone saved game (`.jcz`) given as `text`.
pub fn check_jcz_text(origin: &str, text: String) -> CheckReport {
    match import_jcz(&text) {
        Ok(script) => check_script(origin, text, &script, &[], Vec::new(), Path::new(".")),
        Err(diagnostics) => CheckReport::failed(origin, text, diagnostics),
    }
}

/// Reads a JCloisterZone saved game into a script.
pub fn import_jcz(text: &str) -> Result<Script, Vec<Diagnostic>> {
    let document = syntax::jcz::parse(text).map_err(|d| vec![d])?;
    lower::jcz::lower(&document, text)
}

/// Replays a lowered game. `diagnostics` are those found before (syntax, lowering); a game
/// with errors there is not replayed, since it would be replayed wrongly.
fn check_script(
    origin: &str,
    text: String,
    script: &Script,
    incomplete_local: &[usize],
    mut diagnostics: Vec<Diagnostic>,
    base_dir: &Path,
) -> CheckReport {
    let catalog = build_catalog(script, incomplete_local, base_dir, &mut diagnostics);
    if diagnostics.iter().any(Diagnostic::is_error) {
        diagnostic::sort_by_position(&mut diagnostics);
        let mut report = CheckReport::failed(origin, text, diagnostics);
        report.players = script.players.clone();
        return report;
    }
    let variants: Vec<(String, String)> = script
        .variants
        .iter()
        .map(|(name, value, _)| (name.clone(), value.clone()))
        .collect();
    let rules = crate::rules::for_ruleset(script.ruleset, &variants);
    let mut report = replay::Replay::new(script, catalog, rules, &text).run();
    report.diagnostics.splice(0..0, diagnostics);
    diagnostic::sort_by_position(&mut report.diagnostics);
    report.origin = origin.to_string();
    report.text = text;
    report
}

/// The tiles a game plays with: its tile sets (shipped or by path) and the tiles it defines.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub tiles: Vec<CompiledTile>,
    /// Copies of each tile in the box (index as in `tiles`).
    pub counts: Vec<u32>,
}

pub fn build_catalog(
    script: &Script,
    incomplete_local: &[usize],
    base_dir: &Path,
    diagnostics: &mut Vec<Diagnostic>,
) -> Catalog {
    let mut sets: Vec<(TileSet, Span)> = Vec::new();
    for (name, multiplier, span) in &script.tile_sets {
        let by_path = base_dir.join(name);
        let target = if by_path.exists() {
            by_path.display().to_string()
        } else {
            name.clone()
        };
        let problem = |message: String| {
            Diagnostic::new(&codes::TILE_SET_PROBLEM, message)
                .at(*span, "this tile set")
                .help(format!(
                    "name a shipped set ({}) or a path relative to the game file",
                    crate::shipped::TILE_SETS
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
        };
        match load::load(&target) {
            Err(error) => diagnostics.push(problem(error.message)),
            Ok(loaded) => match loaded.usable() {
                None => diagnostics.push(problem(format!(
                    "the tile set `{name}` has errors (run `carcspec tiles lint {target}`)"
                ))),
                Some(set) if set.ruleset != script.ruleset => diagnostics.push(problem(format!(
                    "the tile set `{name}` is for `{}`, the game for `{}`",
                    set.ruleset.name(),
                    script.ruleset.name()
                ))),
                Some(set)
                    if set
                        .expansions
                        .iter()
                        .any(|e| !script.expansions.contains(e)) =>
                {
                    diagnostics.push(problem(format!(
                        "the tile set `{name}` belongs to the expansion `{}`, which the game does not declare",
                        set.expansions.join(", ")
                    )))
                }
                Some(set) => {
                    let mut set = set.clone();
                    for tile in &mut set.tiles {
                        tile.count = tile.count.saturating_mul(*multiplier);
                    }
                    sets.push((set, *span));
                }
            },
        }
    }
    let local = TileSet {
        name: "tiles of the game".into(),
        ruleset: script.ruleset,
        expansions: script.expansions.clone(),
        source: None,
        tiles: script.local_tiles.clone(),
    };
    diagnostics.extend(lint::lint_local_tiles(&local, incomplete_local));
    let mut catalog = Catalog {
        tiles: Vec::new(),
        counts: Vec::new(),
    };
    let mut seen: std::collections::HashMap<String, Span> = std::collections::HashMap::new();
    for (set, span) in sets
        .iter()
        .map(|(s, span)| (s, *span))
        .chain(std::iter::once((&local, Span::default())))
    {
        for tile in &set.tiles {
            let here = if span.is_unknown() {
                tile.spans.id
            } else {
                span
            };
            if let Some(first) = seen.insert(tile.id.clone(), here) {
                diagnostics.push(
                    Diagnostic::new(
                        &codes::TILE_SET_PROBLEM,
                        format!("tile id `{}` is defined twice", tile.id),
                    )
                    .at(here, "defined again here")
                    .also(first, "first defined here")
                    .help("give local tiles ids of their own"),
                );
                continue;
            }
            catalog
                .tiles
                .push(CompiledTile::compile(tile, script.ruleset));
            catalog.counts.push(tile.count);
        }
    }
    catalog
}

/// Whether a tile goes to the bonus stack rather than the land stack.
pub(crate) fn is_bonus(tile: &CompiledTile) -> bool {
    tile.kind == TileKind::Bonus
}
