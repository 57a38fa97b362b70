//! `carcspec render <TILESET-OR-GAME>`: pictures of tiles, tile sets and games.
//!
//! The drawing is `crate::render`'s (pure functions to strings and bytes); this file reads the
//! input, checks the options and writes the results.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, use_color};
use crate::check::{self, GameState, StateError, StatePoint};
use crate::codes::{self, Code};
use crate::engine::CompiledTile;
use crate::load;
use crate::model::{Pos, Rotation, Tile, TileSet};
use crate::render::{self, Page, PrintLayout};

pub(super) mod html;

#[derive(Args)]
pub struct RenderArgs {
    /// A tile set (.tiles, .json, .yaml file, or a shipped set's name), a game (.game, .jcz),
    /// or `-` for standard input (a tile set or a game, told apart by the ending of
    /// `--stdin-filename`, or else by its content).
    input: String,
    /// Draw only this tile of the set.
    #[arg(long, value_name = "ID")]
    tile: Option<String>,
    /// The rotation of `--tile`: r0, r90, r180 or r270.
    #[arg(long, value_name = "ROTATION")]
    rotation: Option<String>,
    /// A game at a point: the state before this 1-based line (default: the end).
    #[arg(long, value_name = "LINE", conflicts_with = "turn")]
    at: Option<usize>,
    /// A game after its first N turns (0: before the first turn).
    #[arg(long, value_name = "N")]
    turn: Option<usize>,
    /// Show where this tile could be placed on the game's board, with its rotations; without
    /// a TILE, the tile in hand at that point or else the next tile the game draws.
    #[arg(long, value_name = "TILE", num_args = 0..=1, default_missing_value = "")]
    legal: Option<String>,
    /// Outline a feature: `X,Y:FEATURE` on a game's board (the whole feature, over every tile
    /// it extends to; FEATURE as a deployment names it: `N`, `ER+SL`, a label), or `FEATURE`
    /// on the tile of `--tile`. Repeatable. A negative position is a value, not an option:
    /// `--highlight -1,1:N` (or `--highlight=-1,1:N`).
    #[arg(long, value_name = "FEATURE", allow_hyphen_values = true)]
    highlight: Vec<String>,
    /// The picture's format: SVG (standard output unless `-o`), PNG (needs `-o`), text, or
    /// for a game an HTML page that steps through its turns. Default: the extension of `-o`
    /// (`.png`, `.svg`, `.txt`, `.html`), else SVG.
    #[arg(long, value_enum)]
    format: Option<PictureFormat>,
    /// Lay out every copy of the set's tiles at real size on pages of this paper, to print
    /// and cut (one picture per page).
    #[arg(long, value_enum, value_name = "PAPER")]
    page: Option<PaperArg>,
    /// The side of a printed tile in millimetres.
    #[arg(long, value_name = "MM", default_value_t = 45.0, requires = "page")]
    tile_mm: f64,
    /// PNG pixels per SVG unit (default 2; for printed pages 11.81, i.e. 300 dots per inch).
    #[arg(long, value_name = "FACTOR")]
    scale: Option<f32>,
    /// Write to this file instead of standard output (required for PNG). A print layout of
    /// several pages writes FILE-1.svg, FILE-2.svg … (with FILE's extension).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// The file name standard input (`-`) stands for: shown in messages and titles, its
    /// ending says what it is (`.tiles`, `.json`, `.yaml` a tile set, `.game`, `.jcz` a game),
    /// and its folder is where a game's tile sets named by path are looked up.
    #[arg(long, value_name = "NAME")]
    stdin_filename: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum PictureFormat {
    #[default]
    Svg,
    Png,
    Text,
    /// A page to step through a game's turns (docs/rendering.md).
    Html,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    A4,
    Letter,
}

/// A refusal: a code of the R range, a message, a help.
struct Refusal {
    code: &'static Code,
    message: String,
    help: String,
    exit: i32,
}

impl Refusal {
    fn new(code: &'static Code, message: impl Into<String>, help: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
            help: help.into(),
            exit: EXIT_USAGE,
        }
    }

    /// An input that could not be read (standard input, for one): exit 2.
    fn of_diagnostic(diagnostic: crate::diagnostic::Diagnostic) -> Refusal {
        Refusal::new(
            diagnostic.code,
            diagnostic.message,
            diagnostic.help.unwrap_or_default(),
        )
    }

    fn print(&self) {
        eprintln!(
            "error[{} {}]: {}",
            self.code.code, self.code.name, self.message
        );
        eprintln!("help: {}", self.help);
    }
}

/// A picture in one of the formats: text, or one document per page.
enum Picture {
    Text(String),
    Svg(Vec<String>),
}

pub fn run(args: RenderArgs) -> i32 {
    match render(&args) {
        Ok(()) => EXIT_CLEAN,
        Err(refusal) => {
            refusal.print();
            refusal.exit
        }
    }
}

impl RenderArgs {
    /// `--stdin-filename` and the inputs it may name.
    pub(super) fn stdin_use(&self) -> (Option<&str>, Vec<&str>) {
        (self.stdin_filename.as_deref(), vec![self.input.as_str()])
    }

    /// The name the input goes by in messages and titles: `--stdin-filename` for `-`.
    fn shown(&self) -> &str {
        match (self.input.as_str(), &self.stdin_filename) {
            ("-", Some(name)) => name,
            ("-", None) => "<stdin>",
            (input, _) => input,
        }
    }

    /// The format asked for, or the one the output file's extension names (`-o board.png`
    /// writes a PNG, not SVG text under a PNG name), or SVG.
    fn format(&self) -> PictureFormat {
        self.format.unwrap_or_else(|| {
            let extension = self
                .output
                .as_ref()
                .and_then(|path| path.extension())
                .and_then(|e| e.to_str())
                .map(str::to_ascii_lowercase);
            match extension.as_deref() {
                Some("png") => PictureFormat::Png,
                Some("txt") => PictureFormat::Text,
                Some("html" | "htm") => PictureFormat::Html,
                _ => PictureFormat::Svg,
            }
        })
    }
}

fn render(args: &RenderArgs) -> Result<(), Refusal> {
    if let Some(scale) = args.scale
        && !(scale.is_finite() && scale > 0.0 && scale <= 64.0)
    {
        return Err(Refusal::new(
            &codes::RENDER_OPTION_DOES_NOT_APPLY,
            format!("`--scale {scale}` is not a scale carcspec draws at"),
            "give a factor above 0 and at most 64 (pixels per unit)",
        ));
    }
    if args.format() == PictureFormat::Png && args.output.is_none() {
        return Err(Refusal::new(
            &codes::PNG_NEEDS_OUTPUT,
            "a PNG picture is not written to standard output",
            "give the file to write: `-o picture.png`",
        ));
    }
    // Standard input is told by its name's ending, or else by its content: a game has lines a
    // tile set has not.
    let is_game = if args.input == "-" {
        super::output::read_stdin()
            .ok()
            .and_then(|text| {
                super::output::TextKind::of_stdin(args.stdin_filename.as_deref(), &text)
            })
            .is_some_and(super::output::TextKind::is_game)
    } else {
        matches!(
            Path::new(&args.input).extension().and_then(|e| e.to_str()),
            Some("game" | "jcz")
        )
    };
    if !is_game && args.format() == PictureFormat::Html {
        return Err(Refusal::new(
            &codes::RENDER_OPTION_DOES_NOT_APPLY,
            "`--format html` is a page to step through a game, and the input is a tile set",
            "draw a tile set as SVG, PNG or text; give a .game or .jcz file for a page",
        ));
    }
    let picture = if is_game && args.format() == PictureFormat::Html {
        Picture::Text(html::replay_page(args)?)
    } else if is_game {
        render_game(args)?
    } else {
        render_tiles(args)?
    };
    write_picture(args, picture)
}

/// Options that only a game or only a tile set takes.
fn refuse_options(args: &RenderArgs, is_game: bool) -> Result<(), Refusal> {
    let misplaced: Vec<&str> = if is_game {
        [
            (args.tile.is_some(), "--tile"),
            (args.rotation.is_some(), "--rotation"),
            (args.page.is_some(), "--page"),
        ]
        .iter()
        .filter(|(given, _)| *given)
        .map(|(_, name)| *name)
        .collect()
    } else {
        [
            (args.at.is_some(), "--at"),
            (args.turn.is_some(), "--turn"),
            (args.legal.is_some(), "--legal"),
        ]
        .iter()
        .filter(|(given, _)| *given)
        .map(|(_, name)| *name)
        .collect()
    };
    if let Some(first) = misplaced.first() {
        let (what, other) = if is_game {
            ("a game", "a tile set")
        } else {
            ("a tile set", "a game (.game or .jcz)")
        };
        return Err(Refusal::new(
            &codes::RENDER_OPTION_DOES_NOT_APPLY,
            format!("`{first}` does not apply to {what}"),
            format!("`{first}` is an option for {other}; leave it out"),
        ));
    }
    Ok(())
}

/// A rotation on the command line: as the languages write it (`r90`), or in degrees alone
/// (`90`), either case.
fn parse_rotation(text: &str) -> Option<Rotation> {
    let degrees = text.strip_prefix(['r', 'R']).unwrap_or(text);
    Rotation::from_word(&format!("r{degrees}"))
}

fn unknown_tile(id: &str, known: &[&str]) -> Refusal {
    let names: Vec<String> = known.iter().map(|k| k.to_string()).collect();
    let help = crate::diagnostic::did_you_mean(id, &names, 3).unwrap_or_else(|| {
        let first: Vec<&str> = known.iter().copied().take(8).collect();
        format!(
            "the tiles are {}{}",
            first.join(", "),
            if known.len() > 8 { " …" } else { "" }
        )
    });
    Refusal::new(
        &codes::UNKNOWN_RENDER_TILE,
        format!("no tile `{id}` to draw"),
        help,
    )
}

fn render_tiles(args: &RenderArgs) -> Result<Picture, Refusal> {
    refuse_options(args, false)?;
    let loaded = super::output::load_tiles(&args.input, args.stdin_filename.as_deref()).map_err(
        |diagnostic| {
            Refusal::new(
                &codes::UNREADABLE_INPUT,
                diagnostic.message,
                diagnostic
                    .help
                    .unwrap_or_else(|| "give a tile file or a shipped set's name".to_string()),
            )
        },
    )?;
    let Some(set) = loaded.usable() else {
        eprint!(
            "{}",
            crate::report::render(
                &loaded.origin,
                &loaded.text,
                &loaded.diagnostics,
                use_color()
            )
        );
        let mut refusal = Refusal::new(
            &codes::RENDER_INPUT_HAS_ERRORS,
            format!("`{}` has errors, so it is not drawn", loaded.origin),
            format!(
                "fix the errors above (`carcspec tiles lint {}`)",
                args.input
            ),
        );
        refusal.exit = EXIT_FINDINGS;
        return Err(refusal);
    };
    if args.rotation.is_some() && args.tile.is_none() {
        return Err(Refusal::new(
            &codes::RENDER_OPTION_DOES_NOT_APPLY,
            "`--rotation` turns one tile, and no `--tile` is given",
            "name the tile: `--tile <ID> --rotation r90`",
        ));
    }
    if let Some(id) = &args.tile {
        if args.page.is_some() {
            return Err(Refusal::new(
                &codes::RENDER_OPTION_DOES_NOT_APPLY,
                "`--page` lays out a whole tile set, and `--tile` picks one tile",
                "leave out `--tile` to print the set, or `--page` to draw the tile",
            ));
        }
        let Some(tile) = set.tiles.iter().find(|t| &t.id == id) else {
            let known: Vec<&str> = set.tiles.iter().map(|t| t.id.as_str()).collect();
            return Err(unknown_tile(id, &known));
        };
        let rotation = match &args.rotation {
            None => Rotation(0),
            Some(text) => parse_rotation(text).ok_or_else(|| {
                Refusal::new(
                    &codes::BAD_RENDER_ROTATION,
                    format!("`{text}` is not a rotation"),
                    "a rotation is r0, r90, r180 or r270 (quarter turns clockwise)",
                )
            })?,
        };
        let highlight = tile_highlights(tile, set, rotation, &args.highlight)?;
        return Ok(match args.format() {
            PictureFormat::Text => {
                Picture::Text(render::text::tile_text(tile, rotation, &highlight))
            }
            _ => Picture::Svg(vec![render::tile_svg(tile, rotation, &highlight)]),
        });
    }
    if !args.highlight.is_empty() {
        return Err(Refusal::new(
            &codes::RENDER_OPTION_DOES_NOT_APPLY,
            "`--highlight` on a tile set needs the tile: `--tile <ID>`",
            "name the tile whose feature to outline",
        ));
    }
    if let Some(paper) = args.page {
        if args.format() == PictureFormat::Text {
            return Err(Refusal::new(
                &codes::RENDER_OPTION_DOES_NOT_APPLY,
                "`--page` lays out pictures, not text",
                "use `--format svg` or `--format png` with `--page`",
            ));
        }
        let page = match paper {
            PaperArg::A4 => Page::A4,
            PaperArg::Letter => Page::Letter,
        };
        let layout = PrintLayout {
            page,
            tile_mm: args.tile_mm,
        };
        let too_small = !(args.tile_mm.is_finite() && args.tile_mm >= 10.0);
        let pages = if too_small {
            Err(render::PrintProblem::TileDoesNotFit)
        } else {
            render::print_pages_svg(set, layout)
        };
        return match pages {
            Ok(pages) => Ok(Picture::Svg(pages)),
            Err(render::PrintProblem::TileDoesNotFit) => Err(Refusal::new(
                &codes::PRINT_TILE_SIZE,
                format!(
                    "tiles of {} mm cannot be printed on {} pages",
                    args.tile_mm,
                    page.name()
                ),
                "give `--tile-mm` from 10 up to what fits inside the page's 10 mm margins (45 mm is the size of the boxed tiles)",
            )),
            Err(render::PrintProblem::TooManyPages(pages)) => Err(Refusal::new(
                &codes::PICTURE_TOO_LARGE,
                format!(
                    "the {} copies of the set would fill {pages} pages",
                    set.copies()
                ),
                format!(
                    "carcspec prints at most {} pages; check the tiles' counts (`xN`)",
                    render::MAX_PRINT_PAGES
                ),
            )),
        };
    }
    Ok(match args.format() {
        PictureFormat::Text => Picture::Text(render::text::sheet_text(set)),
        _ => Picture::Svg(vec![render::sheet_svg(set)]),
    })
}

/// `--highlight FEATURE` on one tile: the features it names.
fn tile_highlights(
    tile: &Tile,
    set: &TileSet,
    rotation: Rotation,
    wanted: &[String],
) -> Result<Vec<usize>, Refusal> {
    let compiled = CompiledTile::compile(tile, set.ruleset);
    let mut found = Vec::new();
    for text in wanted {
        let feature = render::parse_feature_ref(text).ok_or_else(|| {
            Refusal::new(
                &codes::BAD_HIGHLIGHT,
                format!("`{text}` does not name a feature"),
                "name it as a deployment does: an anchor (`N`, `NL`, `I`), anchors joined by `+`, or the tile's label",
            )
        })?;
        let index = render::resolve_feature(&compiled, rotation, &feature).ok_or_else(|| {
            Refusal::new(
                &codes::BAD_HIGHLIGHT,
                format!("tile `{}` ({rotation}) has no feature at `{text}`", tile.id),
                "anchors name the sides of the board as the tile lies (after its rotation)",
            )
        })?;
        found.push(index);
    }
    Ok(found)
}

/// The model of every tile a game can use: its tile sets and its own tiles. The sets are found
/// as the checker's catalog finds them — a shipped set's bare name is that set, anything else
/// a path relative to the game's folder — and tile ids are unique across a game's sets, so an
/// id names one model.
fn game_tiles(state: &GameState, game: &Path) -> HashMap<String, Tile> {
    let base_dir = super::output::folder_of(game.to_str().unwrap_or_default());
    let mut tiles = HashMap::new();
    for (name, _, _) in &state.script.tile_sets {
        if let Ok(loaded) = load::load(&crate::check::tile_set_target(name, base_dir))
            && let Some(set) = loaded.set
        {
            for tile in set.tiles {
                tiles.entry(tile.id.clone()).or_insert(tile);
            }
        }
    }
    for tile in &state.script.local_tiles {
        tiles.insert(tile.id.clone(), tile.clone());
    }
    tiles
}

/// The byte where turn `turn + 1` begins (`None`: after the last turn, the end): a place in a
/// line, where several turns share one (`turn red; …; turn blue; …`).
fn point_after_turns(state: &GameState, turns: usize) -> Result<Option<usize>, Refusal> {
    let starts = state.script.turn_starts();
    if turns > starts.len() {
        return Err(Refusal::new(
            &codes::NO_SUCH_POINT,
            format!("the game has {} turns, not {turns}", starts.len()),
            format!("`--turn` takes 0 to {}", starts.len()),
        ));
    }
    if turns == starts.len() {
        return Ok(None);
    }
    if starts[turns] == 0 && turns > 0 {
        return Err(Refusal::new(
            &codes::NO_SUCH_POINT,
            "the game's turns have no places in its text",
            "use `--at LINE` or draw the end of the game",
        ));
    }
    Ok(Some(starts[turns].min(state.text.len())))
}

/// The state of the game `args.input` at `point`, or the refusal to draw it.
fn state_at(args: &RenderArgs, point: StatePoint) -> Result<GameState, Refusal> {
    let path = Path::new(&args.input);
    let state = super::output::game_state_at(&args.input, args.stdin_filename.as_deref(), point)
        .map_err(Refusal::of_diagnostic)?;
    match state {
        Ok(state) => Ok(state),
        Err(StateError::Unplayable(report)) => {
            eprint!("{}", super::render_check_report(&report, use_color()));
            let readable = args.input == "-" || path.is_file();
            let mut refusal = if readable {
                Refusal::new(
                    &codes::RENDER_INPUT_HAS_ERRORS,
                    format!("`{}` cannot be replayed, so it is not drawn", args.shown()),
                    format!("fix the errors above (`carcspec check {}`)", args.input),
                )
            } else {
                Refusal::new(
                    &codes::UNREADABLE_INPUT,
                    format!("cannot read `{}`", args.input),
                    "give the path of a .game or .jcz file",
                )
            };
            refusal.exit = if readable { EXIT_FINDINGS } else { EXIT_USAGE };
            Err(refusal)
        }
        Err(error @ StateError::NoSuchLine { .. }) => Err(Refusal::new(
            &codes::NO_SUCH_POINT,
            error.to_string(),
            "`--at LINE` takes a line of the game, from 1 to one past its last",
        )),
    }
}

fn render_game(args: &RenderArgs) -> Result<Picture, Refusal> {
    refuse_options(args, true)?;
    let path = Path::new(args.shown());
    let replay = |point: StatePoint| state_at(args, point);
    let (state, point) = match (args.at, args.turn) {
        (Some(line), _) => (
            replay(StatePoint::BeforeLine(line))?,
            format!("before line {line}"),
        ),
        (None, Some(turns)) => {
            let end = replay(StatePoint::End)?;
            let point = check::after_turns(turns, end.script.turn_starts().len());
            match point_after_turns(&end, turns)? {
                None => (end, point),
                Some(byte) => (replay(StatePoint::BeforeByte(byte))?, point),
            }
        }
        (None, None) => (replay(StatePoint::End)?, "the end".to_string()),
    };
    let violations = state.diagnostics.iter().filter(|d| d.is_error()).count();
    if violations > 0 {
        // The board is drawn as the replay played it; say that it is not a legal one.
        eprintln!(
            "note: the game breaks the rules {violations} time{} up to this point; `carcspec check {}` shows where",
            if violations == 1 { "" } else { "s" },
            args.input
        );
    }
    let tiles = game_tiles(&state, path);
    let mut highlight = Vec::new();
    for text in &args.highlight {
        highlight.push(parse_board_highlight(text)?);
    }
    let title = state.board_title(args.shown(), &point);
    let legal = match args.legal.as_deref() {
        Some("") => Some(
            state
                .in_hand
                .clone()
                .or_else(|| state.next_draw.clone())
                .ok_or_else(|| {
                    Refusal::new(
                        &codes::UNKNOWN_RENDER_TILE,
                        format!("`--legal` names no tile, and none is in hand ({point}) or drawn after it"),
                        "name the tile: `--legal <ID>`",
                    )
                })?,
        ),
        other => other.map(str::to_string),
    };
    let board = board_of(&state, &tiles, title, legal.as_deref(), &highlight)?;
    Ok(match args.format() {
        PictureFormat::Text => Picture::Text(render::text::board_text(&board)),
        _ => Picture::Svg(vec![render::board_svg(&board)]),
    })
}

/// The board of `state` as `render` draws it, or why it is not drawn.
fn board_of<'a>(
    state: &GameState,
    tiles: &'a HashMap<String, Tile>,
    title: String,
    legal: Option<&str>,
    highlight: &[render::FeatureOnBoard],
) -> Result<render::Board<'a>, Refusal> {
    let legal = match legal {
        Some(id) => {
            let placements = state.legal_placements(id).ok_or_else(|| {
                let known: Vec<&str> = state.engine.catalog.iter().map(|t| t.id.as_str()).collect();
                unknown_tile(id, &known)
            })?;
            Some((id, placements))
        }
        None => None,
    };
    let legal = legal
        .as_ref()
        .map(|(id, placements)| (*id, placements.as_slice()));
    let board = render::board_from_view(&state.board_view(), tiles, title, legal, highlight)
        .map_err(|problem| match problem {
            render::BoardProblem::MissingTile(id) => Refusal::new(
                &codes::UNKNOWN_RENDER_TILE,
                format!("the model of tile `{id}` was not found in the game's tile sets"),
                "check that the game's tile sets load (`carcspec check`)",
            ),
            render::BoardProblem::NoSuchFeature(wanted, why) => Refusal::new(
                &codes::BAD_HIGHLIGHT,
                format!("no feature `{}` at {}: {why}", wanted.feature, wanted.pos),
                "name a placed tile's position and a feature on it as a deployment does (`0,0:N`)",
            ),
        })?;
    if let Some((min, max)) = board.bounds() {
        let columns = i64::from(max.x) - i64::from(min.x) + 1;
        let rows = i64::from(max.y) - i64::from(min.y) + 1;
        if columns > render::MAX_BOARD_SPAN || rows > render::MAX_BOARD_SPAN {
            return Err(Refusal::new(
                &codes::PICTURE_TOO_LARGE,
                format!("the board spans {columns} × {rows} positions, too far apart to draw"),
                format!(
                    "carcspec draws boards up to {0} × {0} positions; check the game (`carcspec check`) for tiles placed away from the others",
                    render::MAX_BOARD_SPAN
                ),
            ));
        }
    }
    Ok(board)
}

/// `X,Y:FEATURE` (`0,-1:N`, `2,0:ER+SL`, `1,1:c`).
fn parse_board_highlight(text: &str) -> Result<render::FeatureOnBoard, Refusal> {
    let bad = || {
        Refusal::new(
            &codes::BAD_HIGHLIGHT,
            format!("`{text}` does not name a feature on the board"),
            "write the tile's position and the feature as a deployment names it: `0,-1:N`, `2,0:ER+SL`, `1,1:c`",
        )
    };
    let (pos, feature) = text.split_once(':').ok_or_else(bad)?;
    let (x, y) = pos.split_once(',').ok_or_else(bad)?;
    let x: i32 = x.trim().parse().map_err(|_| bad())?;
    let y: i32 = y.trim().parse().map_err(|_| bad())?;
    let feature = render::parse_feature_ref(feature.trim()).ok_or_else(bad)?;
    Ok(render::FeatureOnBoard {
        pos: Pos::new(x, y),
        feature,
    })
}

/// The file of page `page` (0-based) of `pages`: FILE itself for a single page, otherwise
/// FILE-1.ext, FILE-2.ext …
fn page_path(output: &Path, page: usize, pages: usize) -> PathBuf {
    if pages <= 1 {
        return output.to_path_buf();
    }
    let stem = output
        .file_stem()
        .map_or_else(|| "page".to_string(), |s| s.to_string_lossy().into_owned());
    let name = match output.extension() {
        Some(ext) => format!("{stem}-{}.{}", page + 1, ext.to_string_lossy()),
        None => format!("{stem}-{}", page + 1),
    };
    output.with_file_name(name)
}

fn write_picture(args: &RenderArgs, picture: Picture) -> Result<(), Refusal> {
    let write = |path: &Path, bytes: &[u8]| -> Result<(), Refusal> {
        std::fs::write(path, bytes).map_err(|error| {
            Refusal::new(
                &codes::RENDER_OUTPUT_FAILED,
                format!("cannot write `{}`: {error}", path.display()),
                "give a file in a folder that exists and that you may write to",
            )
        })
    };
    match picture {
        Picture::Text(text) => match &args.output {
            Some(path) => write(path, text.as_bytes()),
            None => {
                let _ = std::io::stdout().lock().write_all(text.as_bytes());
                Ok(())
            }
        },
        Picture::Svg(pages) => {
            let Some(output) = &args.output else {
                if pages.len() > 1 {
                    return Err(Refusal::new(
                        &codes::PAGES_NEED_OUTPUT,
                        format!(
                            "the print layout has {} pages, one picture each",
                            pages.len()
                        ),
                        "give a file name to write them to: `-o tiles.svg` writes tiles-1.svg, tiles-2.svg …",
                    ));
                }
                let mut out = std::io::stdout().lock();
                for page in &pages {
                    let _ = out.write_all(page.as_bytes());
                }
                return Ok(());
            };
            let scale = args.scale.unwrap_or(if args.page.is_some() {
                300.0 / 25.4
            } else {
                2.0
            });
            for (n, page) in pages.iter().enumerate() {
                let path = page_path(output, n, pages.len());
                let bytes = match args.format() {
                    PictureFormat::Png => render::png(page, scale).map_err(|error| match error {
                        render::PngError::TooLarge { width, height } => Refusal::new(
                            &codes::PICTURE_TOO_LARGE,
                            format!("the PNG would be {width} × {height} pixels"),
                            format!(
                                "draw it smaller with `--scale` (at most {} pixels in all), or as SVG",
                                render::MAX_PNG_PIXELS
                            ),
                        ),
                        render::PngError::Internal(message) => Refusal::new(
                            &codes::RENDER_OUTPUT_FAILED,
                            message,
                            "this is a bug of carcspec: please report it with the input",
                        ),
                    })?,
                    _ => page.clone().into_bytes(),
                };
                write(&path, &bytes)?;
                if pages.len() > 1 {
                    eprintln!("wrote {}", path.display());
                }
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_numbered_before_the_extension() {
        assert_eq!(
            page_path(Path::new("out/t.svg"), 0, 1),
            PathBuf::from("out/t.svg")
        );
        assert_eq!(
            page_path(Path::new("out/t.svg"), 1, 3),
            PathBuf::from("out/t-2.svg")
        );
        assert_eq!(page_path(Path::new("t"), 0, 2), PathBuf::from("t-1"));
    }

    #[test]
    fn rotations_are_read_with_or_without_r() {
        assert_eq!(parse_rotation("r90"), Some(Rotation(1)));
        assert_eq!(parse_rotation("270"), Some(Rotation(3)));
        assert_eq!(parse_rotation("r45"), None);
    }

    #[test]
    fn board_highlights_name_a_position_and_a_feature() {
        let h = parse_board_highlight("0,-1:N").ok().unwrap();
        assert_eq!(h.pos, Pos::new(0, -1));
        assert!(parse_board_highlight("0:N").is_err());
        assert!(parse_board_highlight("a,b:N").is_err());
    }
}
