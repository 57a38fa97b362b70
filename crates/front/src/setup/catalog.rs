//! The tiles a game plays with (its catalog): the tile sets it names, shipped or by path,
//! combined with the tiles it defines, and the checks of that combination. The checker and
//! the simulator build a game's catalog here; a game (`play::Game`) plays on it.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

pub use super::tile_sets::TileIds;
use super::tile_sets::{self, PreparedSet, TileSetCache};
use crate::codes;
use crate::diagnostic::{Diagnostic, Span};
use crate::engine::CompiledTile;
use crate::lint;
use crate::model::{MAX_TILES_PER_GAME, Script, TileKind, TileSet};
use crate::rules::descriptor::ExpansionKind;

/// The tiles a game plays with: its tile sets (shipped or by path) and the tiles it defines.
/// The tiles are shared (a game of one tile set plays on the set's compiled tiles, prepared
/// once per run), the counts the game's own.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub tiles: Arc<[CompiledTile]>,
    /// Copies of each tile in the box (index as in `tiles`).
    pub counts: Vec<u32>,
    /// The index in `tiles` of each tile id.
    pub ids: Arc<TileIds>,
    /// Whether each tile (index as in `tiles`) is of a shipped tile set: an official printing,
    /// whose symbols of another expansion are decoration by that expansion's own rules, where
    /// a symbol on a tile of the game's own is warned of (V192).
    pub shipped: Vec<bool>,
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
    build_catalog_with(
        script,
        incomplete_local,
        base_dir,
        diagnostics,
        &TileSetCache::default(),
    )
}

/// [`build_catalog`], with the tile sets taken from (and added to) the run's `cache`.
pub fn build_catalog_with(
    script: &Script,
    incomplete_local: &[usize],
    base_dir: &Path,
    diagnostics: &mut Vec<Diagnostic>,
    cache: &TileSetCache,
) -> Catalog {
    let mut sets: Vec<CombinedSet> = Vec::new();
    for (name, multiplier, span) in &script.tile_sets {
        let resolved = cache.resolve(name, base_dir);
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
        let target = &resolved.target;
        let problem = |message: String| {
            Diagnostic::new(&codes::TILE_SET_PROBLEM, message)
                .at(*span, "this tile set")
                .help(format!(
                    "name a shipped set ({}) or a path relative to the game file",
                    crate::shipped::names_for_help()
                ))
        };
        let prepared = match &resolved.prepared {
            Err(message) => {
                diagnostics.push(problem(message.clone()));
                continue;
            }
            Ok(prepared) => prepared,
        };
        let Some(set) = prepared.usable() else {
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
                crate::rules::descriptor::describe(script.ruleset).classify_expansion(e)
                    == ExpansionKind::Rules
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
        sets.push(CombinedSet {
            prepared: Arc::clone(prepared),
            multiplier: *multiplier,
            span: *span,
            origin: name.clone(),
            shipped: crate::shipped::tiles(target).is_some(),
        });
    }
    // A tile set that could not be played (reported above) may be the one of the expansion:
    // one cause, one error.
    let every_set_played = sets.len() == script.tile_sets.len();
    for expansion in &script.expansions {
        let is_fan = crate::rules::descriptor::describe(script.ruleset)
            .classify_expansion(expansion)
            == ExpansionKind::Fan;
        if every_set_played
            && is_fan
            && !sets.iter().any(|s| s.set().expansions.contains(expansion))
        {
            diagnostics.push(
                Diagnostic::new(
                    &codes::EXPANSION_WITHOUT_TILES,
                    format!("the game declares the expansion `{expansion}`, but none of its tile sets is of it"),
                )
                .at(script.expansion_span(expansion), "declared here")
                .help(match expansion_meant(script.ruleset, expansion) {
                    Some(meant) => format!(
                        "{meant} (an expansion of these rules); or name the tile set of `{expansion}` with `tiles <path>`"
                    ),
                    None => format!(
                        "name the tile set of `{expansion}` with `tiles <path>`, or remove `expansion {expansion}`"
                    ),
                }),
            );
        }
    }
    // A game's own tiles are of its ruleset's family, as a tile set is (`hunters-gatherers`
    // for both editions).
    let local = TileSet {
        name: "tiles of the game".into(),
        ruleset: script.ruleset.family(),
        expansions: script.expansions.clone(),
        source: None,
        tiles: script.local_tiles.clone(),
    };
    diagnostics.extend(lint::lint_local_tiles(&local, incomplete_local));
    diagnostics.extend(lint_combination(&sets, &local));
    let mut catalog = Catalog {
        tiles: Arc::new([]),
        counts: Vec::new(),
        ids: Arc::default(),
        shipped: Vec::new(),
    };
    let total: u64 = sets
        .iter()
        .flat_map(|combined| combined.counts())
        .chain(local.tiles.iter().map(|tile| tile.count))
        .map(u64::from)
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
    if let ([only], []) = (sets.as_slice(), local.tiles.as_slice()) {
        // One set and no tiles of the game's own: the set's compiled tiles as they are (a set
        // that loads without errors has no id twice).
        catalog.tiles = Arc::clone(&only.prepared.compiled);
        catalog.ids = Arc::clone(&only.prepared.ids);
        catalog.counts = only.counts().collect();
        catalog.shipped = vec![only.shipped; catalog.counts.len()];
    } else {
        let mut tiles = Vec::new();
        let mut seen: HashMap<&str, (Option<usize>, Span)> = HashMap::new();
        let all_sets = sets
            .iter()
            .enumerate()
            .map(|(i, s)| (Some(i), s.set(), s.multiplier))
            .chain(std::iter::once((None, &local, 1)));
        for (from, set, multiplier) in all_sets {
            for (index, tile) in set.tiles.iter().enumerate() {
                if let Some(first) = seen.get(tile.id.as_str()) {
                    // The River and The River II both have the spring `RI/s`: a game with both
                    // plays one spring (the official note), so the second is left out.
                    let same_start = match (first.0, from) {
                        (Some(earlier), Some(this)) => {
                            brings_start_tile(script, &sets[earlier])
                                && brings_start_tile(script, &sets[this])
                                && same_tile(
                                    &sets[earlier].prepared.compiled,
                                    &sets[this].prepared.compiled[index],
                                )
                        }
                        _ => false,
                    };
                    if !same_start {
                        diagnostics.push(id_clash(&tile.id, *first, (from, tile.spans.id), &sets));
                    }
                    continue;
                }
                seen.insert(&tile.id, (from, tile.spans.id));
                tiles.push(match from {
                    Some(set) => sets[set].prepared.compiled[index].clone(),
                    None => CompiledTile::compile(tile, script.ruleset),
                });
                catalog.counts.push(tile.count.saturating_mul(multiplier));
                catalog
                    .shipped
                    .push(from.is_some_and(|set| sets[set].shipped));
            }
        }
        catalog.ids = Arc::new(tile_sets::ids_of(&tiles));
        catalog.tiles = tiles.into();
    }
    choose_start_tile(script, &mut catalog, &sets, &local, diagnostics);
    catalog
}

/// "did you mean `abbot-and-gardens`?" for an expansion name that is no expansion of the
/// ruleset but is close to one: a word of its name (`abbot`, `inns`), or a few edits away
/// (`hills-and-shep`). `None` when none is close (a fan expansion's own name).
fn expansion_meant(ruleset: crate::model::Ruleset, written: &str) -> Option<String> {
    let names: Vec<String> = crate::rules::descriptor::describe(ruleset)
        .expansion_names()
        .map(str::to_string)
        .collect();
    let by_word: Vec<String> = names
        .iter()
        .filter(|name| name.split('-').any(|word| word == written))
        .cloned()
        .collect();
    let close = match by_word.is_empty() {
        true => crate::diagnostic::nearest(written, &names, 2),
        false => by_word,
    };
    let quoted: Vec<String> = close.iter().map(|n| format!("`{n}`")).collect();
    (!quoted.is_empty()).then(|| format!("did you mean {}?", quoted.join(" or ")))
}

/// Whether the set is of an expansion whose start tile replaces the base set's (The River).
fn brings_start_tile(script: &Script, set: &CombinedSet) -> bool {
    let replacing = crate::rules::descriptor::describe(script.ruleset).replacing_start_tile;
    set.set()
        .expansions
        .iter()
        .any(|e| replacing.contains(&e.as_str()))
}

/// Whether `tiles` (a set's compiled tiles) defines `tile` the same way: the same id, kind,
/// sides and features.
fn same_tile(tiles: &[CompiledTile], tile: &CompiledTile) -> bool {
    tiles.iter().any(|other| {
        other.id == tile.id
            && other.kind == tile.kind
            && other.edges == tile.edges
            && other.features.len() == tile.features.len()
            && other.features.iter().zip(&tile.features).all(|(a, b)| {
                a.kind == b.kind && a.anchors == b.anchors && a.contents == b.contents
            })
    })
}

/// A tile set of a game's combination: the prepared set, shared by every game that names it,
/// and how the game names it.
struct CombinedSet {
    prepared: Arc<PreparedSet>,
    /// The game's multiplier of the set's counts (`tiles carcassonne-base x2`).
    multiplier: u32,
    /// The game's `tiles` line that names it.
    span: Span,
    origin: String,
    /// Whether the set is a shipped one (named by its bare name).
    shipped: bool,
}

impl CombinedSet {
    /// The set; only sets that load without errors are combined.
    fn set(&self) -> &TileSet {
        self.prepared
            .loaded
            .set
            .as_ref()
            .expect("a combined set loaded without errors")
    }

    /// The copies of each tile that the game plays with: the set's counts times the game's
    /// multiplier.
    fn counts(&self) -> impl Iterator<Item = u32> + '_ {
        self.set()
            .tiles
            .iter()
            .map(|tile| tile.count.saturating_mul(self.multiplier))
    }

    /// The set with the game's counts, for the lints of the combination.
    fn multiplied(&self) -> TileSet {
        let mut set = self.set().clone();
        for tile in &mut set.tiles {
            tile.count = tile.count.saturating_mul(self.multiplier);
        }
        set
    }

    /// "`river-keep.tiles` line 7": where a span of the set's text lies.
    fn place(&self, span: Span) -> String {
        let text = &self.prepared.loaded.text;
        let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
        format!("`{}` line {line}", self.origin)
    }
}

/// Where a game's `tiles` name `name` is loaded from: a shipped set's bare name is that set,
/// anything else a path relative to `base_dir`, the game's folder.
pub fn tile_set_target(name: &str, base_dir: &Path) -> String {
    tile_sets::resolve_target(name, base_dir).0
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
    local: &TileSet,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let lays_own_board = script
        .steps
        .iter()
        .any(|s| matches!(s.action, crate::model::Action::Lay { .. }));
    let starts: Vec<usize> = (0..catalog.tiles.len())
        .filter(|i| catalog.tiles[*i].kind == TileKind::Start)
        .collect();
    let Some((chosen, span)) = &script.start else {
        if starts.len() > 1
            && !lays_own_board
            && !replace_start_tile(script, catalog, &starts, sets)
        {
            several_start_tiles(catalog, &starts, sets, local, diagnostics);
        }
        return;
    };
    let Some(index) = catalog.ids.get(chosen).copied() else {
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
    let kind = |i: usize| match i == index {
        true => TileKind::Start,
        false if catalog.tiles[i].kind == TileKind::Start => TileKind::Land,
        false => catalog.tiles[i].kind,
    };
    if (0..catalog.tiles.len()).all(|i| catalog.tiles[i].kind == kind(i)) {
        return;
    }
    // The tiles may be shared with other games: this game's kinds go on a copy.
    let mut tiles = catalog.tiles.to_vec();
    for (i, tile) in tiles.iter_mut().enumerate() {
        tile.kind = kind(i);
    }
    catalog.tiles = tiles.into();
}

/// The River's spring replaces the base game's start tile: when exactly one of the start
/// tiles comes from a set of an expansion whose start tile replaces the base set's, it starts
/// the game and one copy of each other start tile goes back in the box (the others stay land
/// tiles). Returns whether it did.
fn replace_start_tile(
    script: &Script,
    catalog: &mut Catalog,
    starts: &[usize],
    sets: &[CombinedSet],
) -> bool {
    let from_replacing = |index: usize| {
        let id = &catalog.tiles[index].id;
        sets.iter().any(|set| {
            brings_start_tile(script, set) && set.set().tiles.iter().any(|t| &t.id == id)
        })
    };
    let replacing: Vec<usize> = starts
        .iter()
        .copied()
        .filter(|i| from_replacing(*i))
        .collect();
    let [spring] = replacing.as_slice() else {
        return false;
    };
    let mut tiles = catalog.tiles.to_vec();
    for &index in starts {
        if index != *spring {
            tiles[index].kind = TileKind::Land;
            catalog.counts[index] = catalog.counts[index].saturating_sub(1);
        }
    }
    catalog.tiles = tiles.into();
    true
}

/// G031: the combined sets have several start tiles and the game chooses none.
fn several_start_tiles(
    catalog: &Catalog,
    starts: &[usize],
    sets: &[CombinedSet],
    local: &TileSet,
    diagnostics: &mut Vec<Diagnostic>,
) {
    // Where each tile id was first defined: the set (index in `sets`, or `None` for the
    // game's own tiles) and the tile's span in that set's text.
    let mut defined: HashMap<&str, (Option<usize>, Span)> = HashMap::new();
    let all_sets = sets
        .iter()
        .enumerate()
        .map(|(i, s)| (Some(i), s.set()))
        .chain(std::iter::once((None, local)));
    for (from, set) in all_sets {
        for tile in &set.tiles {
            defined.entry(&tile.id).or_insert((from, tile.spans.id));
        }
    }
    let place = |index: usize| {
        let id = &catalog.tiles[index].id;
        match defined.get(id.as_str()) {
            Some((Some(set), span)) => sets[*set].place(*span),
            _ => "the game's own tiles".to_string(),
        }
    };
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
    for index in starts {
        let id = &catalog.tiles[*index].id;
        let at = match defined.get(id.as_str()) {
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

/// The lints that need the whole combination (T226): a tile of an expansion set that no tile
/// of the combination can touch. Reported on the game's `tiles` line of that set.
fn lint_combination(sets: &[CombinedSet], local: &TileSet) -> Vec<Diagnostic> {
    if !sets.iter().any(|combined| combined.set().is_expansion()) {
        return Vec::new();
    }
    let multiplied: Vec<TileSet> = sets.iter().map(CombinedSet::multiplied).collect();
    let all: Vec<&TileSet> = multiplied.iter().chain(std::iter::once(local)).collect();
    let mut findings = Vec::new();
    for (index, combined) in sets.iter().enumerate() {
        if !combined.set().is_expansion() {
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
pub fn is_bonus(tile: &CompiledTile) -> bool {
    tile.kind == TileKind::Bonus
}
