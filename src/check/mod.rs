//! The checker: replays a game against the rules of its ruleset, reports every violation (and
//! goes on as the move says, so that later moves are still checked), evaluates the game's
//! expectations, and keeps the scoring events and the scores.

pub(crate) mod replay;
pub mod state;

pub use state::{GameFormat, GameState, StateError, game_state, game_state_of_text};

use std::collections::HashMap;
use std::path::Path;

use serde::Serialize;

use crate::codes;
use crate::diagnostic::{self, Diagnostic, Omitted, Span};
use crate::engine::CompiledTile;
use crate::lint;
use crate::load;
use crate::lower::game::GameLowering;
use crate::model::{ExpansionKind, MAX_TILES_PER_GAME, Script, TileKind, TileSet};
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
        Self::failed_with(origin, text, diagnostics, Omitted::default())
    }

    /// A report of diagnostics only (the game was not replayed); `omitted` counts those left
    /// out already.
    fn failed_with(
        origin: &str,
        text: String,
        mut diagnostics: Vec<Diagnostic>,
        omitted: Omitted,
    ) -> CheckReport {
        diagnostic::limit_with(&mut diagnostics, omitted);
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
    match crate::input::read_text(path) {
        Ok(text) if path.extension().is_some_and(|e| e == "jcz") => {
            check_jcz_text_in(&origin, text, path.parent().unwrap_or(Path::new(".")))
        }
        Ok(text) => check_text(&origin, text, path.parent().unwrap_or(Path::new("."))),
        Err(diagnostic) => CheckReport::failed(&origin, String::new(), vec![diagnostic]),
    }
}

/// Checks the game `text`; tile sets named by path are looked up relative to `base_dir`.
///
/// The text is read twice, statement by statement: a first pass lowers the header, the local
/// tiles and every statement (for their diagnostics), keeping no move; a second pass replays
/// each move as it is lowered. A game's memory so grows with its board, not with its text.
pub fn check_text(origin: &str, text: String, base_dir: &Path) -> CheckReport {
    let text = crate::input::normalize(text);
    let mut diagnostics = Vec::new();
    let mut omitted = Omitted::default();
    let mut lowering = GameLowering::default();
    let mut first_step = None;
    let mut lays_tiles = false;
    let (tiles, tile_diagnostics) = syntax::game::parse_each(&text, |item| match item {
        Ok(statement) => {
            if let Some(step) = lowering.statement(&statement) {
                first_step.get_or_insert(step.span);
                lays_tiles |= matches!(step.action, crate::model::Action::Lay { .. });
            }
        }
        Err(diagnostic) => {
            diagnostics.push(diagnostic);
            omitted.keep_first(&mut diagnostics);
        }
    });
    diagnostics.extend(tile_diagnostics);
    let lowered = lowering.finish(&tiles, Vec::new());
    diagnostics.extend(lowered.diagnostics);
    omitted.merge(lowered.omitted);
    let Some(script) = lowered.script else {
        return CheckReport::failed_with(origin, text, diagnostics, omitted);
    };
    let steps = Steps::Streamed {
        first_step,
        lays_tiles,
    };
    check_script(
        origin,
        text,
        &script,
        &lowered.incomplete_tiles,
        (diagnostics, omitted),
        base_dir,
        steps,
    )
}

/// Checks a JCloisterZone saved game (`.jcz`) given as `text`, with no file around it (tile
/// sets by path are looked up in the current folder).
pub fn check_jcz_text(origin: &str, text: String) -> CheckReport {
    check_jcz_text_in(origin, text, Path::new("."))
}

/// Checks a JCloisterZone saved game (`.jcz`) given as `text`; tile sets named by path are
/// looked up relative to `base_dir`, the folder of the `.jcz` file.
pub fn check_jcz_text_in(origin: &str, text: String, base_dir: &Path) -> CheckReport {
    let text = crate::input::normalize(text);
    let imported = syntax::jcz::parse(&text)
        .map_err(|d| vec![d])
        .and_then(|document| lower::jcz::lower_with_warnings(&document));
    match imported {
        Ok((script, warnings, omitted)) => check_script(
            origin,
            text,
            &script,
            &[],
            (warnings, omitted),
            base_dir,
            Steps::Listed,
        ),
        Err(diagnostics) => CheckReport::failed(origin, text, diagnostics),
    }
}

/// Reads a JCloisterZone saved game into a script.
pub fn import_jcz(text: &str) -> Result<Script, Vec<Diagnostic>> {
    let document = syntax::jcz::parse(text).map_err(|d| vec![d])?;
    lower::jcz::lower(&document)
}

/// Where the steps of a game to replay come from.
enum Steps {
    /// The script lists them.
    Listed,
    /// The game text: read again and replayed statement by statement.
    Streamed {
        first_step: Option<Span>,
        lays_tiles: bool,
    },
}

/// Replays a lowered game. `earlier` are the diagnostics found before (syntax, lowering) and
/// the count of those left out; a game with errors there is not replayed, since it would be
/// replayed wrongly.
fn check_script(
    origin: &str,
    text: String,
    script: &Script,
    incomplete_local: &[usize],
    earlier: (Vec<Diagnostic>, Omitted),
    base_dir: &Path,
    steps: Steps,
) -> CheckReport {
    let (mut diagnostics, omitted) = earlier;
    let catalog = build_catalog(script, incomplete_local, base_dir, &mut diagnostics);
    if diagnostics.iter().any(Diagnostic::is_error) {
        let mut report = CheckReport::failed_with(origin, text, diagnostics, omitted);
        report.players = script.players.clone();
        return report;
    }
    let variants: Vec<(String, String)> = script
        .variants
        .iter()
        .map(|(name, value, _)| (name.clone(), value.clone()))
        .collect();
    let rules = crate::rules::for_ruleset(script.ruleset, &variants);
    let mut replay = replay::Replay::new(script, catalog, rules, &text);
    replay.add_diagnostics(diagnostics, omitted);
    match steps {
        Steps::Listed => {
            replay.begin(
                script
                    .steps
                    .iter()
                    .any(|s| matches!(s.action, crate::model::Action::Lay { .. })),
            );
            for step in &script.steps {
                replay.apply(step);
            }
        }
        Steps::Streamed {
            first_step,
            lays_tiles,
        } => {
            replay.set_first_step(first_step);
            replay.begin(lays_tiles);
            let mut lowering = GameLowering::default();
            syntax::game::parse_each(&text, |item| {
                if let Some(step) = item.ok().and_then(|s| lowering.statement(&s)) {
                    replay.apply(&step);
                }
            });
        }
    }
    let mut report = replay.finish();
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

/// The tiles of the game: its tile sets (a bare shipped name is the shipped set, anything else
/// a path relative to `base_dir`, the game file's folder), combined with the tiles the game
/// defines. Reports sets that cannot be combined (another ruleset, an undeclared rule-bearing
/// expansion, a tile id defined twice, several start tiles and no `start` choice) and runs the
/// lints that need the whole combination. The start tile that the game starts from is the one
/// tile of kind `start` in the catalog: the chosen one, the others played as land tiles.
pub fn build_catalog(
    script: &Script,
    incomplete_local: &[usize],
    base_dir: &Path,
    diagnostics: &mut Vec<Diagnostic>,
) -> Catalog {
    let mut sets: Vec<CombinedSet> = Vec::new();
    for (name, multiplier, span) in &script.tile_sets {
        let resolved = resolve_tile_set(name, base_dir);
        if let Some(shadowing) = &resolved.shadowing {
            diagnostics.push(
                Diagnostic::new(
                    &codes::SHADOWED_TILE_SET_NAME,
                    format!(
                        "`{name}` is the shipped tile set; the file `{}` is not read",
                        shadowing.display()
                    ),
                )
                .at(*span, "the shipped set")
                .help(format!(
                    "to play the file, name it as a path: `tiles ./{name}`"
                )),
            );
        }
        let target = resolved.target;
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
        let loaded = match load::load(&target) {
            Err(error) => {
                diagnostics.push(problem(error.message));
                continue;
            }
            Ok(loaded) => loaded,
        };
        let Some(set) = loaded.usable() else {
            diagnostics.push(problem(format!(
                "the tile set `{name}` has errors (run `carcspec tiles lint {target}`)"
            )));
            continue;
        };
        if set.ruleset != script.ruleset.family() {
            diagnostics.push(problem(format!(
                "the tile set `{name}` is for `{}`, the game for `{}`",
                set.ruleset.name(),
                script.ruleset.name()
            )));
            continue;
        }
        // A rule-bearing expansion's tiles need its rules: the game must switch them on. A
        // fan expansion only adds tiles, so naming its set is enough.
        let undeclared: Vec<&str> = set
            .expansions
            .iter()
            .filter(|e| {
                script.ruleset.classify_expansion(e) == ExpansionKind::Rules
                    && !script.expansions.contains(e)
            })
            .map(String::as_str)
            .collect();
        if !undeclared.is_empty() {
            diagnostics.push(
                problem(format!(
                    "the tile set `{name}` belongs to the expansion `{}`, which the game does not declare",
                    undeclared.join(", ")
                ))
                .help(format!("add `expansion {}` to the header", undeclared[0])),
            );
            continue;
        }
        let mut set = set.clone();
        for tile in &mut set.tiles {
            tile.count = tile.count.saturating_mul(*multiplier);
        }
        sets.push(CombinedSet {
            set,
            span: *span,
            origin: name.clone(),
            text: loaded.text.clone(),
        });
    }
    for expansion in &script.expansions {
        let is_fan = script.ruleset.classify_expansion(expansion) == ExpansionKind::Fan;
        if is_fan && !sets.iter().any(|s| s.set.expansions.contains(expansion)) {
            let at = script
                .tile_sets
                .first()
                .map_or(Span::default(), |(_, _, span)| *span);
            diagnostics.push(
                Diagnostic::new(
                    &codes::EXPANSION_WITHOUT_TILES,
                    format!("the game declares the expansion `{expansion}`, but none of its tile sets is of it"),
                )
                .at(at, "the game's tile sets")
                .help(format!(
                    "name the tile set of `{expansion}` with `tiles <path>`, or remove `expansion {expansion}`"
                )),
            );
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
    diagnostics.extend(lint_combination(&sets, &local));
    let mut catalog = Catalog {
        tiles: Vec::new(),
        counts: Vec::new(),
    };
    let total: u64 = sets
        .iter()
        .flat_map(|combined| &combined.set.tiles)
        .chain(&local.tiles)
        .map(|tile| u64::from(tile.count))
        .sum();
    if total > MAX_TILES_PER_GAME {
        let span = script
            .tile_sets
            .first()
            .map_or(Span::default(), |(_, _, span)| *span);
        diagnostics.push(
            Diagnostic::new(
                &codes::TOO_MANY_TILES_IN_GAME,
                format!("the game's tiles number {total}, more than the limit of {MAX_TILES_PER_GAME}"),
            )
            .at(span, "these tile sets")
            .help(format!(
                "a game plays with at most {MAX_TILES_PER_GAME} tiles: use smaller multipliers or counts"
            )),
        );
        return catalog;
    }
    // Where each tile id was defined: the set (index in `sets`, or `None` for the game's own
    // tiles) and the tile's span in that set's text.
    let mut seen: HashMap<String, (Option<usize>, Span)> = HashMap::new();
    let all_sets = sets
        .iter()
        .enumerate()
        .map(|(i, s)| (Some(i), &s.set))
        .chain(std::iter::once((None, &local)));
    for (from, set) in all_sets {
        for tile in &set.tiles {
            if let Some(first) = seen.get(&tile.id) {
                diagnostics.push(id_clash(&tile.id, *first, (from, tile.spans.id), &sets));
                continue;
            }
            seen.insert(tile.id.clone(), (from, tile.spans.id));
            catalog
                .tiles
                .push(CompiledTile::compile(tile, script.ruleset));
            catalog.counts.push(tile.count);
        }
    }
    choose_start_tile(script, &mut catalog, &sets, &seen, diagnostics);
    catalog
}

/// A tile set of a game's combination, with the text its spans point into.
struct CombinedSet {
    set: TileSet,
    /// The game's `tiles` line that names it.
    span: Span,
    origin: String,
    text: String,
}

impl CombinedSet {
    /// "`river-keep.tiles` line 7": where a span of the set's text lies.
    fn place(&self, span: Span) -> String {
        let line = self.text[..span.start.min(self.text.len())]
            .matches('\n')
            .count()
            + 1;
        format!("`{}` line {line}", self.origin)
    }
}

/// How a `tiles` line's name resolves.
struct ResolvedTileSet {
    /// What to load: a shipped set's name or a path.
    target: String,
    /// A file of the shipped set's name next to the game, which is not read.
    shadowing: Option<std::path::PathBuf>,
}

/// A bare shipped name (`carcassonne-base`) is always the shipped set; anything else is a path
/// relative to `base_dir` (the folder of the game or `.jcz` file, never the current one).
/// Where a game's `tiles` name `name` is loaded from: a shipped set's bare name is that set,
/// anything else a path relative to `base_dir`, the game's folder.
pub fn tile_set_target(name: &str, base_dir: &Path) -> String {
    resolve_tile_set(name, base_dir).target
}

fn resolve_tile_set(name: &str, base_dir: &Path) -> ResolvedTileSet {
    let by_path = base_dir.join(name);
    if crate::shipped::tiles(name).is_some() {
        return ResolvedTileSet {
            target: name.to_string(),
            shadowing: by_path.is_file().then_some(by_path),
        };
    }
    ResolvedTileSet {
        target: by_path.display().to_string(),
        shadowing: None,
    }
}

/// G030: the tile id `id` is defined at `first` and again at `again` (set index or the
/// game's own tiles, and the span in that set's text).
fn id_clash(
    id: &str,
    first: (Option<usize>, Span),
    again: (Option<usize>, Span),
    sets: &[CombinedSet],
) -> Diagnostic {
    let place = |(from, span): (Option<usize>, Span)| match from {
        Some(set) => sets[set].place(span),
        None => "the game's own tiles".to_string(),
    };
    let at = |(from, span): (Option<usize>, Span)| match from {
        Some(set) => sets[set].span,
        None => span,
    };
    let mut diagnostic = Diagnostic::new(
        &codes::TILE_ID_CLASH,
        format!(
            "tile id `{id}` is defined in {} and again in {}",
            place(first),
            place(again)
        ),
    )
    .at(
        at(again),
        format!("defines `{id}` again ({})", place(again)),
    );
    if at(first) != at(again) {
        diagnostic = diagnostic.also(
            at(first),
            format!("first defines `{id}` ({})", place(first)),
        );
    }
    diagnostic.help("give the tiles of your own set or of the game ids of their own")
}

/// Makes the catalog's start tile the one the game starts from: the `start <tile-id>` choice,
/// or the one start tile of the combined sets. The others become land tiles. A game that lays
/// its own board needs none.
fn choose_start_tile(
    script: &Script,
    catalog: &mut Catalog,
    sets: &[CombinedSet],
    defined: &HashMap<String, (Option<usize>, Span)>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let lays_own_board = script
        .steps
        .iter()
        .any(|s| matches!(s.action, crate::model::Action::Lay { .. }));
    let starts: Vec<usize> = (0..catalog.tiles.len())
        .filter(|i| catalog.tiles[*i].kind == TileKind::Start)
        .collect();
    let place = |index: usize| {
        let id = &catalog.tiles[index].id;
        match defined.get(id) {
            Some((Some(set), span)) => sets[*set].place(*span),
            _ => "the game's own tiles".to_string(),
        }
    };
    let Some((chosen, span)) = &script.start else {
        if starts.len() > 1 && !lays_own_board {
            let listed: Vec<String> = starts
                .iter()
                .map(|i| format!("`{}` ({})", catalog.tiles[*i].id, place(*i)))
                .collect();
            let mut diagnostic = Diagnostic::new(
                &codes::SEVERAL_START_TILES_COMBINED,
                format!(
                    "the combined tile sets have {} start tiles: {}",
                    starts.len(),
                    listed.join(", ")
                ),
            );
            let mut labelled: Vec<Span> = Vec::new();
            for index in &starts {
                let id = &catalog.tiles[*index].id;
                let at = match defined.get(id) {
                    Some((Some(set), _)) => sets[*set].span,
                    Some((None, span)) => *span,
                    None => continue,
                };
                if labelled.contains(&at) {
                    continue;
                }
                let message = format!("has the start tile `{id}`");
                diagnostic = if labelled.is_empty() {
                    diagnostic.at(at, message)
                } else {
                    diagnostic.also(at, message)
                };
                labelled.push(at);
            }
            diagnostics.push(diagnostic.help(format!(
                "choose the one that starts with `start {}` in the header",
                catalog.tiles[starts[0]].id
            )));
        }
        return;
    };
    let Some(index) = catalog.tiles.iter().position(|t| &t.id == chosen) else {
        diagnostics.push(
            Diagnostic::new(&codes::UNKNOWN_TILE, format!("unknown tile `{chosen}`"))
                .at(*span, "no such tile in the game's tile sets")
                .help("name a land tile of the game's tile sets or of the game itself"),
        );
        return;
    };
    if is_bonus(&catalog.tiles[index]) {
        diagnostics.push(
            Diagnostic::new(
                &codes::BAD_START_CHOICE,
                format!("the bonus tile `{chosen}` cannot start the game"),
            )
            .at(*span, "a bonus tile")
            .help("choose a land tile; bonus tiles are drawn only as a bonus"),
        );
        return;
    }
    if lays_own_board {
        diagnostics.push(
            Diagnostic::new(
                &codes::BAD_START_CHOICE,
                format!("`start {chosen}` is chosen, but the game lays its own board"),
            )
            .at(*span, "no start tile is laid")
            .help("remove `start`, or the `lay` lines"),
        );
        return;
    }
    for (i, tile) in catalog.tiles.iter_mut().enumerate() {
        if i == index {
            tile.kind = TileKind::Start;
        } else if tile.kind == TileKind::Start {
            tile.kind = TileKind::Land;
        }
    }
}

/// The lints that need the whole combination (T226): a tile of an expansion set that no tile
/// of the combination can touch. Reported on the game's `tiles` line of that set.
fn lint_combination(sets: &[CombinedSet], local: &TileSet) -> Vec<Diagnostic> {
    let all: Vec<&TileSet> = sets
        .iter()
        .map(|s| &s.set)
        .chain(std::iter::once(local))
        .collect();
    let mut findings = Vec::new();
    for (index, combined) in sets.iter().enumerate() {
        if !combined.set.is_expansion() {
            continue;
        }
        for (tile, edges) in lint::untouchable_in_combination(&all, index) {
            findings.push(
                Diagnostic::new(
                    &codes::UNTOUCHABLE_IN_COMBINATION,
                    format!(
                        "no tile of the game's sets can ever touch tile `{}` (edges {edges}) of {}",
                        tile.id,
                        combined.place(tile.spans.id)
                    ),
                )
                .at(combined.span, "the expansion set")
                .help("check the tile's sides, or add the tiles it is meant to join"),
            );
        }
    }
    findings
}

/// Whether a tile goes to the bonus stack rather than the land stack.
pub(crate) fn is_bonus(tile: &CompiledTile) -> bool {
    tile.kind == TileKind::Bonus
}
