//! A game's state at a point of its text: the board, the features and the figures on them, the
//! players' scores and supplies, the stack, the tile in hand and the last tile placed — and the
//! legal placements and deployments of any tile there. `carcspec fit`, `carcspec render` of a
//! game and the language server read games through [`game_state`] and
//! [`game_state_of_text`]; the state comes from the checker's own replay and move generator,
//! so what they show is what `check` enforces.
//!
//! The point is *before a line* (1-based: the moves of that line and after it are not played)
//! or the end of the game. At the end, the turn left open by the text is closed as `check`
//! closes it, so a game whose last land tile was placed is finally scored.

use std::path::Path;

use super::import::import_jcz;
use super::replay::Replay;
use super::report::{CheckReport, ReportedEvent};
use crate::diagnostic::{self, Diagnostic, Span};
use crate::engine::{Engine, Placement, PlacementId, Pos, Rotation};
use crate::model::{Action, FeatureKind, FeatureRef, Script};
use crate::play::Game;
use crate::play::view::{BoardView, pieces_in_play};
pub use crate::play::view::{FeatureSpot, PieceInPlay, PieceSpot};
use crate::setup::catalog::{Catalog, build_catalog};
use crate::{lower, rules, syntax};

/// How a game's text is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameFormat {
    /// The game language (`.game`).
    Game,
    /// A JCloisterZone saved game (`.jcz`).
    Jcz,
}

impl GameFormat {
    /// The format of the file at `path`, by its ending: `.jcz`, otherwise the game language.
    pub fn of_path(path: &Path) -> GameFormat {
        if path.extension().is_some_and(|e| e == "jcz") {
            GameFormat::Jcz
        } else {
            GameFormat::Game
        }
    }
}

/// Why a game's state cannot be given.
#[derive(Debug)]
pub enum StateError {
    /// The game cannot be replayed (unreadable, syntax or lowering errors, unusable tile
    /// sets): the report holds the diagnostics, as `check` shows them.
    Unplayable(Box<CheckReport>),
    /// The point asked for lies outside the text.
    NoSuchLine {
        /// The line asked for.
        line: usize,
        /// The lines of the text.
        lines: usize,
    },
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StateError::Unplayable(report) => {
                write!(f, "`{}` cannot be replayed", report.origin)
            }
            StateError::NoSuchLine { line, lines } => {
                write!(f, "line {line} is not in the game, which has {lines} lines")
            }
        }
    }
}

/// A legal deployment on a tile just placed.
#[derive(Debug, Clone, PartialEq)]
pub struct DeploymentOption {
    pub figure: &'static str,
    /// The feature, as `deploy <figure> on <target>` names it.
    pub target: FeatureRef,
    /// The position of the feature's tile where it is not the tile placed (`deploy <figure>
    /// at <x>,<y> on <target>`: a tile the ruleset opens to the figure step).
    pub at: Option<Pos>,
    pub kind: FeatureKind,
}

impl DeploymentOption {
    /// The deployment's words after `deploy`: `knight on N`, `knight at 2,0 on N`.
    pub fn words(&self) -> String {
        match self.at {
            Some(pos) => format!("{} at {pos} on {}", self.figure, self.target),
            None => format!("{} on {}", self.figure, self.target),
        }
    }
}

/// A legal placement of a tile and the deployments it allows.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacementOption {
    pub pos: Pos,
    pub rotation: Rotation,
    pub deployments: Vec<DeploymentOption>,
}

/// The state of a game at a point of its text. See the module documentation.
#[derive(Debug, Clone)]
pub struct GameState {
    pub origin: String,
    pub text: String,
    /// The game as lowered (header, tile sets, steps with their spans).
    pub script: Script,
    /// The point: `Some(line)` for the state before that 1-based line, `None` for the end.
    pub before_line: Option<usize>,
    /// How many of `script.steps` were played.
    pub steps_played: usize,
    /// The board: placements, features (union-find roots with their data) and figures.
    pub engine: Engine,
    pub players: Vec<String>,
    /// Each player's points (index as in `players`).
    pub scores: Vec<i64>,
    /// Each player's figures in the supply: (pool name, count), per player.
    pub supplies: Vec<Vec<(&'static str, u32)>>,
    /// The player of the turn in progress, if a turn has begun and not ended.
    pub current_player: Option<usize>,
    /// The player who moves next: the current player while the turn is open and its tile not
    /// yet placed, otherwise the one after.
    pub to_move: usize,
    /// The tile the current player holds (drawn, not placed yet).
    pub in_hand: Option<String>,
    /// The next tile the transcript draws after the point (`draw`, or `bonus` for a bonus
    /// tile), if any.
    pub next_draw: Option<String>,
    /// Copies of each tile left in the stacks (land and bonus), in catalog order.
    pub stack: Vec<(String, u32)>,
    /// Land tiles left in the stack.
    pub land_tiles_left: u32,
    /// The last tile placed on the board (by a turn or a setup `lay`).
    pub last_placed: Option<PlacementId>,
    pub game_over: bool,
    pub final_scored: bool,
    /// Scoring events up to the point.
    pub events: Vec<ReportedEvent>,
    /// Violations and warnings the replay found up to the point (not the expectations' results
    /// that `check` adds at the end).
    pub diagnostics: Vec<Diagnostic>,
    /// The runner's game at the point, which answers what may be played there.
    game: GameAtPoint,
}

/// The runner's game at a state's point (a copy: the state outlives its replay).
#[derive(Clone)]
struct GameAtPoint(Game);

impl std::fmt::Debug for GameAtPoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Game { .. }")
    }
}

/// The state of the game in the file at `path` (`.game` or `.jcz`) before the 1-based line
/// `before_line`, or at the end when `None`. Tile sets named by path are looked up as `check`
/// looks them up (relative to the game file).
pub fn game_state(path: &Path, before_line: Option<usize>) -> Result<GameState, StateError> {
    game_state_at(
        path,
        before_line.map_or(StatePoint::End, StatePoint::BeforeLine),
    )
}

/// The state of the game in the file at `path` at `point`, as [`game_state`].
pub fn game_state_at(path: &Path, point: StatePoint) -> Result<GameState, StateError> {
    let origin = path.display().to_string();
    let text = crate::input::read_text(path).map_err(|diagnostic| {
        StateError::Unplayable(Box::new(CheckReport::failed(
            &origin,
            String::new(),
            vec![diagnostic],
        )))
    })?;
    let base_dir = path.parent().unwrap_or(Path::new("."));
    game_state_of_text_at(&origin, text, GameFormat::of_path(path), base_dir, point)
}

/// The state of the game `text` (named `origin` in diagnostics) before the 1-based line
/// `before_line`, or at the end when `None`; tile sets named by path are looked up relative
/// to `base_dir` (the game file's folder).
pub fn game_state_of_text(
    origin: &str,
    text: String,
    format: GameFormat,
    base_dir: &Path,
    before_line: Option<usize>,
) -> Result<GameState, StateError> {
    let point = before_line.map_or(StatePoint::End, StatePoint::BeforeLine);
    game_state_of_text_at(origin, text, format, base_dir, point)
}

/// Where in a game its state is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatePoint {
    /// After every move, with the final scoring.
    End,
    /// Before the 1-based line: the moves of the lines above are played.
    BeforeLine(usize),
    /// Before the byte of the text: the moves that begin before it are played. The start of a
    /// statement, where a line holds several (`turn red; draw A; … turn blue; …`).
    BeforeByte(usize),
}

/// The state of the game in `text` at `point`; tile sets named by path are looked up relative
/// to `base_dir` (the game file's folder).
pub fn game_state_of_text_at(
    origin: &str,
    text: String,
    format: GameFormat,
    base_dir: &Path,
    point: StatePoint,
) -> Result<GameState, StateError> {
    let lines = text.lines().count();
    let (cut, before_line) = match point {
        StatePoint::End => (text.len(), None),
        // Line `lines + 1` is the end of the text: the state after every move.
        StatePoint::BeforeLine(line) if line >= 1 && line <= lines + 1 => {
            (line_start(&text, line), Some(line))
        }
        StatePoint::BeforeLine(line) => return Err(StateError::NoSuchLine { line, lines }),
        StatePoint::BeforeByte(byte) => {
            let byte = byte.min(text.len());
            (byte, Some(text[..byte].matches('\n').count() + 1))
        }
    };
    let unplayable = |text: String, diagnostics: Vec<Diagnostic>| -> StateError {
        let mut diagnostics = diagnostics;
        diagnostic::sort_by_position(&mut diagnostics);
        StateError::Unplayable(Box::new(CheckReport::failed(origin, text, diagnostics)))
    };
    let (script, catalog, diagnostics) = prepare(&text, format, base_dir)
        .map_err(|diagnostics| unplayable(text.clone(), diagnostics))?;
    let steps_played = script
        .steps
        .iter()
        .take_while(|step| step.span.start < cut)
        .count();
    let mut replay = start_replay(&script, &catalog, &text, steps_played);
    if point == StatePoint::End {
        replay.conclude();
    }
    let engine = replay.engine().clone();
    let pools = replay.pools();
    // Only the pools in play: a base game's page shows no shepherd, large follower or abbot.
    let supplies = replay
        .supplies()
        .iter()
        .map(|counts| {
            pools
                .iter()
                .zip(counts)
                .enumerate()
                .filter(|(pool, _)| replay.game().pool_in_play(*pool))
                .map(|(_, ((name, _), n))| (*name, *n))
                .collect()
        })
        .collect();
    let in_hand = replay
        .in_hand()
        .map(|(tile, _)| engine.catalog[tile].id.clone());
    let current_player = replay.current_player();
    let to_move = replay.game().player_to_place();
    let next_draw = script.steps[steps_played..]
        .iter()
        .find_map(|step| match &step.action {
            Action::Draw { tile } | Action::Bonus { tile } => Some(tile.to_string()),
            _ => None,
        });
    let stack = engine
        .catalog
        .iter()
        .zip(replay.stack())
        .map(|(tile, copies)| (tile.id.clone(), *copies))
        .collect();
    let mut found = diagnostics;
    found.extend(replay.diagnostics_so_far().iter().cloned());
    diagnostic::sort_by_position(&mut found);
    let scores = replay.scores().to_vec();
    let land_tiles_left = replay.land_tiles_left();
    let (game_over, final_scored) = (replay.is_over(), replay.is_final_scored());
    let events = replay.events_so_far().to_vec();
    let game = GameAtPoint(replay.game().clone());
    drop(replay);
    Ok(GameState {
        origin: origin.to_string(),
        players: script.players.clone(),
        scores,
        supplies,
        current_player,
        to_move,
        in_hand,
        next_draw,
        stack,
        land_tiles_left,
        last_placed: engine
            .placements
            .len()
            .checked_sub(1)
            .map(|p| p as PlacementId),
        game_over,
        final_scored,
        events,
        diagnostics: found,
        before_line,
        steps_played,
        engine,
        script,
        text,
        game,
    })
}

/// The game `text` lowered, with its catalog of tiles and the diagnostics found on the way;
/// the diagnostics alone when it cannot be replayed (syntax, lowering or tile-set errors).
fn prepare(
    text: &str,
    format: GameFormat,
    base_dir: &Path,
) -> Result<(Script, Catalog, Vec<Diagnostic>), Vec<Diagnostic>> {
    let (script, incomplete, mut diagnostics) = match format {
        GameFormat::Game => {
            let (file, mut diagnostics) = syntax::game::parse(text);
            let lowered = lower::game::lower(&file);
            diagnostics.extend(lowered.diagnostics);
            match lowered.script {
                Some(script) => (script, lowered.incomplete_tiles, diagnostics),
                None => return Err(diagnostics),
            }
        }
        GameFormat::Jcz => match import_jcz(text) {
            Ok(script) => (script, Vec::new(), Vec::new()),
            Err(diagnostics) => return Err(diagnostics),
        },
    };
    let catalog = build_catalog(&script, &incomplete, base_dir, &mut diagnostics);
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(diagnostics);
    }
    Ok((script, catalog, diagnostics))
}

/// A tile drawn in a replay: the step that drew it, the tile, and how many legal placements
/// it had on the board as it was then.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawnTile {
    /// The `draw` or `bonus` step.
    pub span: Span,
    pub tile: String,
    pub placements: usize,
}

/// Every tile the game `text` draws, with its legal placements counted when it was drawn
/// (as [`GameState::legal_placements`] lists them), from one replay of the whole game rather
/// than one per draw. `go_on` is asked before each step with the steps played and their
/// number; when it says `false` the replay stops and `None` is returned.
pub fn drawn_tiles(
    text: &str,
    format: GameFormat,
    base_dir: &Path,
    go_on: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Option<Vec<DrawnTile>>, Vec<Diagnostic>> {
    let (script, catalog, _) = prepare(text, format, base_dir)?;
    let mut replay = start_replay(&script, &catalog, text, 0);
    let mut drawn = Vec::new();
    let total = script.steps.len();
    for (at, step) in script.steps.iter().enumerate() {
        if !go_on(at, total) {
            return Ok(None);
        }
        replay.apply(step);
        if !matches!(step.action, Action::Draw { .. } | Action::Bonus { .. }) {
            continue;
        }
        let Some((tile, _)) = replay.in_hand() else {
            continue;
        };
        let game = replay.game();
        let placements = game.legal_placements(tile);
        let engine = &game.engine;
        drawn.push(DrawnTile {
            span: step.span,
            tile: engine.catalog[tile].id.clone(),
            placements: placements.len(),
        });
    }
    Ok(Some(drawn))
}

/// A replay of `script` with its first `steps` steps played.
fn start_replay<'s>(
    script: &'s Script,
    catalog: &Catalog,
    text: &'s str,
    steps: usize,
) -> Replay<'s> {
    let mut replay = Replay::new(script, catalog.clone(), rules::for_script(script), text);
    // As `Replay::run` decides it from the whole game: a game that lays its own board gets
    // no start tile.
    let lays_tiles = script
        .steps
        .iter()
        .any(|s| matches!(s.action, Action::Lay { .. }));
    replay.begin(lays_tiles);
    for step in &script.steps[..steps] {
        replay.apply(step);
    }
    replay
}

/// The byte offset where the 1-based `line` starts (the text's length after the last line).
fn line_start(text: &str, line: usize) -> usize {
    if line <= 1 {
        return 0;
    }
    text.match_indices('\n')
        .nth(line - 2)
        .map_or(text.len(), |(at, _)| at + 1)
}

/// The point after `turns` turns of a game of `turns_in_game` turns, as a board picture's
/// title names it: `after turn 3`, and after the last turn `after turn 12, the end`.
pub fn after_turns(turns: usize, turns_in_game: usize) -> String {
    if turns >= turns_in_game {
        format!("after turn {turns}, the end")
    } else {
        format!("after turn {turns}")
    }
}

impl GameState {
    /// What a board picture of this state says above it: the game (its `title`, else `name`),
    /// the point (`after turn 3`, see [`after_turns`]) and the scores. `carcspec render`, its
    /// replay page and the language server's board write this one title, so that the same
    /// board has the same title wherever it is drawn.
    pub fn board_title(&self, name: &str, point: &str) -> String {
        let name = self.script.title.as_deref().unwrap_or(name);
        let scores: Vec<String> = self
            .players
            .iter()
            .zip(&self.scores)
            .map(|(player, score)| format!("{player} {score}"))
            .collect();
        format!("{name} — {point} — {}", scores.join(", "))
    }

    /// The catalog index of the tile `id` (the game's tile sets and its own tiles).
    pub fn tile_index(&self, id: &str) -> Option<usize> {
        self.engine.catalog.iter().position(|t| t.id == id)
    }

    /// The placement of the last tile placed, if any.
    pub fn last_placement(&self) -> Option<&Placement> {
        self.last_placed.map(|p| self.engine.placement(p))
    }

    /// Every piece in play (on the board or held by a player), with its owner and where it
    /// is.
    pub fn figures(&self) -> Vec<PieceInPlay> {
        pieces_in_play(&self.engine)
    }

    /// The board as render draws it.
    pub fn board_view(&self) -> BoardView<'_> {
        BoardView {
            engine: &self.engine,
            players: &self.players,
            last_placed: self.last_placed,
            ruleset: self.script.ruleset,
        }
    }

    /// Every legal position and rotation of the tile `id` on the board as it is, sorted as
    /// `expect placements` compares them; `None` for a tile the game does not know.
    pub fn legal_placements(&self, id: &str) -> Option<Vec<(Pos, Rotation)>> {
        let tile = self.tile_index(id)?;
        Some(self.game.0.legal_placements(tile))
    }

    /// The legal deployments if the player to move placed the tile `id` at `pos` turned by
    /// `rotation` now: the tile in hand is placed; otherwise the tile is drawn first — in the
    /// turn just begun, as the earned bonus tile, or as the next player's draw. Empty when
    /// the game is over or the placement is illegal.
    pub fn legal_deployments(
        &self,
        id: &str,
        pos: Pos,
        rotation: Rotation,
    ) -> Vec<DeploymentOption> {
        let Some(tile) = self.tile_index(id) else {
            return Vec::new();
        };
        self.game
            .0
            .deployments_if_placed(tile, pos, rotation)
            .into_iter()
            .map(|d| DeploymentOption {
                figure: d.figure,
                target: d.target,
                at: d.at,
                kind: d.kind,
            })
            .collect()
    }

    /// Every legal placement of the tile `id` with the deployments each allows; `None` for a
    /// tile the game does not know.
    pub fn legal_moves(&self, id: &str) -> Option<Vec<PlacementOption>> {
        let placements = self.legal_placements(id)?;
        Some(
            placements
                .into_iter()
                .map(|(pos, rotation)| PlacementOption {
                    pos,
                    rotation,
                    deployments: self.legal_deployments(id, pos, rotation),
                })
                .collect(),
        )
    }
}
