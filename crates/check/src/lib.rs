//! The checker: replays a game against the rules of its ruleset, reports every violation (and
//! goes on as the move says, so that later moves are still checked), evaluates the game's
//! expectations, and keeps the scoring events and the scores.
//!
//! A crate of its own (`carcspec-check`) on the game runner and the layers below, so that it
//! imports none of the renderer, the simulator, the reports or the command line is Cargo's
//! rule.

// The layers below, at the paths the modules name them by.
pub(crate) use carcspec_core::{codes, diagnostic, input, model};
pub(crate) use carcspec_engine as engine;
pub(crate) use carcspec_front::{lower, setup};
pub(crate) use carcspec_play as play;
pub(crate) use carcspec_rules as rules;
pub(crate) use carcspec_syntax as syntax;
// The replay's tests play the simulator's games (a dependency of the tests only).
#[cfg(test)]
pub(crate) use carcspec_simulate as simulate;

mod import;
pub(crate) mod replay;
mod report;
pub mod state;

pub use import::{import_jcz, import_jcz_with_warnings};
pub use report::{CheckReport, ReportedEvent};

pub use crate::setup::catalog::{
    Catalog, TileIds, build_catalog, build_catalog_with, tile_set_target,
};
pub use crate::setup::tile_sets::TileSetCache;
pub use state::{
    DrawnTile, GameFormat, GameState, StateError, StatePoint, after_turns, drawn_tiles, game_state,
    game_state_at, game_state_of_text, game_state_of_text_at,
};

use std::path::Path;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Omitted, Span};
use crate::engine::Engine;
use crate::lower::game::GameLowering;
use crate::model::{Script, Step};

/// A game of up to this many moves is parsed and lowered once, its moves kept for the replay:
/// eight a tile of the largest game a game may be (`MAX_TILES_PER_GAME`, G020), more than a
/// complete game at that cap takes (a turn, a draw, a placement and a deployment or a pass a
/// tile, and its expectations). A kept move takes some 100 bytes, so this is 40 MB at the
/// most. A game of more moves (only a hostile text has them) drops what it kept and is read a
/// second time, each move replayed as it is lowered, so that its memory follows its board, not
/// its text (see [`check_text`]).
pub const KEEP_MOVES_UP_TO: usize = 8 * crate::model::MAX_TILES_PER_GAME as usize;

/// A game to check: a file (a `.jcz` by its ending, a game of the game language otherwise), or
/// a text given with its name and its format.
#[derive(Debug)]
pub enum GameInput<'a> {
    File(&'a Path),
    Text {
        origin: &'a str,
        text: String,
        format: GameFormat,
    },
}

/// How a game is checked. [`Default`]: tile sets by path from the current folder, a tile-set
/// cache of the check's own, the scorings listed.
#[derive(Debug, Clone, Copy)]
pub struct CheckOptions<'a> {
    /// The folder a text's tile sets named by path are looked up in (a file's are looked up
    /// in its own folder).
    pub base_dir: &'a Path,
    /// The run's tile sets, shared by the games of one run; `None`: the check's own.
    pub tile_sets: Option<&'a TileSetCache>,
    /// Whether the report lists the game's scorings.
    pub events: ScoreEvents,
}

impl Default for CheckOptions<'_> {
    fn default() -> Self {
        CheckOptions {
            base_dir: Path::new("."),
            tile_sets: None,
            events: ScoreEvents::Reported,
        }
    }
}

/// Checks a game: the one entry point of the checker ([`check_file`], [`check_text`] and
/// [`check_jcz_text`] are it with the usual options).
pub fn check(input: GameInput<'_>, options: &CheckOptions<'_>) -> CheckReport {
    let own_cache;
    let cache = match options.tile_sets {
        Some(cache) => cache,
        None => {
            own_cache = TileSetCache::default();
            &own_cache
        }
    };
    match input {
        GameInput::File(path) => {
            let origin = path.display().to_string();
            let base_dir = path.parent().unwrap_or(Path::new("."));
            let setting = (base_dir, cache, options.events);
            match crate::input::read_text(path) {
                Ok(text) if path.extension().is_some_and(|e| e == "jcz") => {
                    check_jcz_normalized(&origin, text, setting)
                }
                // `read_text` normalised the text already.
                Ok(text) => check_normalized_text(&origin, text, setting, KEEP_MOVES_UP_TO),
                Err(diagnostic) => CheckReport::failed(&origin, String::new(), vec![diagnostic]),
            }
        }
        GameInput::Text {
            origin,
            text,
            format,
        } => {
            let text = crate::input::normalize(text);
            let setting = (options.base_dir, cache, options.events);
            match format {
                GameFormat::Jcz => check_jcz_normalized(origin, text, setting),
                GameFormat::Game => check_normalized_text(origin, text, setting, KEEP_MOVES_UP_TO),
            }
        }
    }
}

/// Checks the game file at `path`.
pub fn check_file(path: &Path) -> CheckReport {
    check(GameInput::File(path), &CheckOptions::default())
}

/// Whether a check lists the game's scorings in its report ([`CheckReport::events`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreEvents {
    /// Every scoring, with its line, players and breakdown.
    Reported,
    /// None: the points are scored all the same, but no scoring's text is written, no player's
    /// name copied and no line counted. For a report that is never shown (a clean game under
    /// `--quiet`, the formats that show only diagnostics). A game with expectations lists its
    /// scorings all the same, since `expect scored` and the help of a failed `expect score`
    /// read them.
    LeftOut,
}

/// Checks the game `text`; tile sets named by path are looked up relative to `base_dir`.
///
/// The text is read statement by statement: a first pass lowers the header, the local tiles
/// and every statement (for their diagnostics). A game of up to [`KEEP_MOVES_UP_TO`] moves
/// keeps them from that pass and replays them; a longer one keeps none and is read a second
/// time, each move replayed as it is lowered, so that a game's memory grows with its board,
/// not with its text.
pub fn check_text(origin: &str, text: String, base_dir: &Path) -> CheckReport {
    let input = GameInput::Text {
        origin,
        text,
        format: GameFormat::Game,
    };
    check(
        input,
        &CheckOptions {
            base_dir,
            ..CheckOptions::default()
        },
    )
}

/// [`check_text`], keeping the moves of a game of up to `keep_up_to` moves (for the tests of
/// the two ways a game is read, which render the reports with the command line's).
#[doc(hidden)]
pub fn check_text_keeping(
    origin: &str,
    text: String,
    tile_sets: (&Path, &TileSetCache),
    keep_up_to: usize,
) -> CheckReport {
    let (base_dir, cache) = tile_sets;
    check_normalized_text(
        origin,
        crate::input::normalize(text),
        (base_dir, cache, ScoreEvents::Reported),
        keep_up_to,
    )
}

/// Checks a game of the game language whose text [`crate::input::normalize`] normalised (as
/// [`crate::input::read_text`] gives it). `setting`: the folder tile sets by path are looked
/// up in, the run's tile sets, and whether the report lists the scorings.
fn check_normalized_text(
    origin: &str,
    text: String,
    setting: (&Path, &TileSetCache, ScoreEvents),
    keep_up_to: usize,
) -> CheckReport {
    let mut diagnostics = Vec::new();
    let mut omitted = Omitted::default();
    let mut lowering = GameLowering::default();
    let mut first_step = None;
    let mut lays_tiles = false;
    let mut has_expectations = false;
    // Room for the moves at once (a statement takes some 13 bytes of a transcript), instead of
    // the vector growing by doubling and copying its moves several times for each game; never
    // more than may be kept, whatever the size of the text.
    let mut kept = Some(Vec::with_capacity((text.len() / 12).min(keep_up_to)));
    let (tiles, tile_diagnostics) = syntax::game::parse_each(&text, |item| match item {
        Ok(parsed) => {
            if let Some(step) = lowering.parsed(parsed) {
                first_step.get_or_insert(step.span);
                lays_tiles |= matches!(step.action, crate::model::Action::Lay { .. });
                has_expectations |= matches!(step.action, crate::model::Action::Expect(_));
                let full = kept.as_ref().is_some_and(|moves| moves.len() >= keep_up_to);
                if full {
                    // Too many moves to keep: the replay reads the text a second time.
                    kept = None;
                } else if let Some(moves) = &mut kept {
                    moves.push(step);
                }
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
        kept,
    };
    let (base_dir, cache, mut events) = setting;
    if has_expectations {
        events = ScoreEvents::Reported;
    }
    check_script(
        origin,
        text,
        &script,
        &lowered.incomplete_tiles,
        (diagnostics, omitted),
        (base_dir, cache, events),
        steps,
    )
}

/// Checks a JCloisterZone saved game (`.jcz`) given as `text`, with no file around it (tile
/// sets by path are looked up in the current folder).
pub fn check_jcz_text(origin: &str, text: String) -> CheckReport {
    let input = GameInput::Text {
        origin,
        text,
        format: GameFormat::Jcz,
    };
    check(input, &CheckOptions::default())
}

/// Checks a JCloisterZone saved game whose text [`crate::input::normalize`] normalised.
fn check_jcz_normalized(
    origin: &str,
    text: String,
    (base_dir, cache, events): (&Path, &TileSetCache, ScoreEvents),
) -> CheckReport {
    match import::read_jcz(&text) {
        Ok((script, warnings, omitted)) => check_script(
            origin,
            text,
            &script,
            &[],
            (warnings, omitted),
            (base_dir, cache, events),
            Steps::Listed,
        ),
        Err(diagnostics) => CheckReport::failed(origin, text, diagnostics),
    }
}

/// Where the steps of a game to replay come from.
enum Steps {
    /// The script lists them.
    Listed,
    /// The game text, lowered statement by statement: its moves as the first pass kept them,
    /// or (`None`, a long text) read again and replayed as they are lowered.
    Streamed {
        first_step: Option<Span>,
        lays_tiles: bool,
        kept: Option<Vec<Step>>,
    },
}

thread_local! {
    /// The engine of the last game checked on this thread, for the next one: a run of many
    /// games fills its tables once instead of growing them again for every game.
    static SPARE_ENGINE: std::cell::Cell<Option<Engine>> = const { std::cell::Cell::new(None) };
}

/// The largest game (in placed tiles) whose engine is kept for the next game: a thread keeps
/// the tables of an ordinary game, never those of a huge one.
const KEEP_ENGINE_UP_TO: usize = 1_000;

/// Replays a lowered game. `earlier` are the diagnostics found before (syntax, lowering) and
/// the count of those left out; a game with errors there is not replayed, since it would be
/// replayed wrongly.
/// Where a help names the game's own file (`carcspec fit <GAME> …`): the replay writes this
/// and the report puts the game's path in its place, or leaves it for a text without one
/// (standard input).
pub(crate) const GAME_PATH: &str = "<GAME>";

/// `help` with the game's path for [`GAME_PATH`], quoted for a shell when it needs to be.
fn with_game_path(help: String, origin: &str) -> String {
    if origin.is_empty() || origin == "-" || !help.contains(GAME_PATH) {
        return help;
    }
    let plain = origin
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+,:@".contains(c));
    let path = if plain {
        origin.to_string()
    } else {
        format!("'{}'", origin.replace('\'', r"'\''"))
    };
    help.replace(GAME_PATH, &path)
}

fn check_script(
    origin: &str,
    text: String,
    script: &Script,
    incomplete_local: &[usize],
    earlier: (Vec<Diagnostic>, Omitted),
    (base_dir, cache, events): (&Path, &TileSetCache, ScoreEvents),
    steps: Steps,
) -> CheckReport {
    let (mut diagnostics, omitted) = earlier;
    let catalog = build_catalog_with(script, incomplete_local, base_dir, &mut diagnostics, cache);
    if diagnostics.iter().any(Diagnostic::is_error) {
        let mut report = CheckReport::failed_with(origin, text, diagnostics, omitted);
        report.players = script.players.clone();
        return report;
    }
    let rules = crate::rules::for_script(script);
    let mut replay = replay::Replay::new(script, catalog, rules, &text);
    if let Some(mut engine) = SPARE_ENGINE.take() {
        // The last game's engine, emptied: its tables keep their capacity.
        engine.clear();
        engine.catalog = Arc::clone(&replay.engine().catalog);
        *replay.engine_mut() = engine;
    }
    replay.add_diagnostics(diagnostics, omitted);
    let has_expectations = match &steps {
        Steps::Listed => script
            .steps
            .iter()
            .any(|s| matches!(s.action, crate::model::Action::Expect(_))),
        // The first pass looked, and asks for the events if the game has any.
        Steps::Streamed { .. } => false,
    };
    replay.report_events(events == ScoreEvents::Reported || has_expectations);
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
            kept,
        } => {
            replay.set_first_step(first_step);
            replay.begin(lays_tiles);
            match kept {
                Some(steps) => steps.iter().for_each(|step| replay.apply(step)),
                None => {
                    let mut lowering = GameLowering::default();
                    syntax::game::parse_each(&text, |item| {
                        if let Some(step) = item.ok().and_then(|p| lowering.parsed(p)) {
                            replay.apply(&step);
                        }
                    });
                }
            }
        }
    }
    let (mut report, engine) = replay.finish_keeping_engine();
    if engine.placements.len() <= KEEP_ENGINE_UP_TO {
        SPARE_ENGINE.set(Some(engine));
    }
    for diagnostic in &mut report.diagnostics {
        if let Some(help) = diagnostic.help.take() {
            diagnostic.help = Some(with_game_path(help, origin));
        }
    }
    report.origin = origin.to_string();
    report.text = text;
    report
}
