//! `carcspec fit <GAME> [TILE] [--at LINE] [--deployments]`: where a tile fits at a point of a
//! game, printed as the game language's `expect placements` line, so that the author of an
//! example can paste it into the game (before the same line) and the expectation holds.

use std::io::Write;

use clap::Args;
use serde::Serialize;

use super::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, ReportFormat, use_color};
use crate::check::{GameState, StateError};
use crate::model::Expectation;

#[derive(Args)]
pub struct FitArgs {
    /// The game (.game or .jcz), or `-` for standard input (tile sets named by path are
    /// looked up from the current folder, or from the folder of `--stdin-filename`).
    game: String,
    /// The tile id; by default the tile in hand at that point, or else the next tile the game
    /// draws.
    tile: Option<String>,
    /// The point of the game: before this 1-based line (default: the end).
    #[arg(long, value_name = "LINE")]
    at: Option<usize>,
    /// Also list, for each placement, the figures that could be deployed and where.
    #[arg(long)]
    deployments: bool,
    /// The output format: the `expect placements` line (human) or a JSON record.
    #[arg(long, value_enum, default_value_t)]
    format: ReportFormat,
    /// The file name standard input (`-`) stands for: shown in messages, its ending says
    /// which language the game is written in (`.game`, `.jcz`), and its folder is where tile
    /// sets named by path are looked up.
    #[arg(long, value_name = "NAME")]
    stdin_filename: Option<String>,
}

impl FitArgs {
    /// `--stdin-filename` and the inputs it may name.
    pub(super) fn stdin_use(&self) -> (Option<&str>, Vec<&str>) {
        (self.stdin_filename.as_deref(), vec![self.game.as_str()])
    }

    /// The name the game goes by in messages: `--stdin-filename` for `-`.
    fn shown(&self) -> &str {
        match (self.game.as_str(), &self.stdin_filename) {
            ("-", Some(name)) => name,
            ("-", None) => "<stdin>",
            (game, _) => game,
        }
    }
}

#[derive(Serialize)]
struct DeploymentJson {
    figure: &'static str,
    /// The position of the feature's tile where it is not the tile placed.
    #[serde(skip_serializing_if = "Option::is_none")]
    at: Option<[i32; 2]>,
    on: String,
    feature: &'static str,
}

#[derive(Serialize)]
struct PlacementJson {
    x: i32,
    y: i32,
    rotation: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    deployments: Option<Vec<DeploymentJson>>,
}

#[derive(Serialize)]
struct FitJson<'a> {
    file: &'a str,
    tile: &'a str,
    before_line: Option<usize>,
    to_move: &'a str,
    expectation: String,
    placements: Vec<PlacementJson>,
}

pub fn run(args: FitArgs) -> i32 {
    let state = match super::output::game_state(&args.game, args.stdin_filename.as_deref(), args.at)
    {
        Err(diagnostic) => {
            super::print_input_error(&diagnostic);
            return EXIT_USAGE;
        }
        Ok(Ok(state)) => state,
        Ok(Err(StateError::Unplayable(report))) => {
            eprint!("{}", super::render_check_report(&report, use_color()));
            eprintln!("{}: the game cannot be replayed", args.shown());
            return EXIT_FINDINGS;
        }
        Ok(Err(error @ StateError::NoSuchLine { .. })) => {
            eprintln!("error: {error}");
            eprintln!("help: `--at LINE` takes a line of the game, from 1 to one past its last");
            return EXIT_USAGE;
        }
    };
    let Some(tile) = args
        .tile
        .clone()
        .or_else(|| state.in_hand.clone())
        .or_else(|| state.next_draw.clone())
    else {
        eprintln!("error: no tile given, and the game draws none after this point");
        eprintln!("help: name the tile: `carcspec fit {} <TILE>`", args.game);
        return EXIT_USAGE;
    };
    let Some(placements) = state.legal_placements(&tile) else {
        eprintln!("error: unknown tile `{tile}`");
        eprintln!("help: {}", known_tiles_help(&state, &tile));
        return EXIT_USAGE;
    };
    let line = crate::format::game::expectation_line(
        &Expectation::Placements {
            tile: tile.clone(),
            placements: placements.clone(),
        },
        &|player| state.players.get(player).cloned().unwrap_or_default(),
    );
    let mut out = std::io::stdout().lock();
    match args.format {
        ReportFormat::Human => {
            let _ = writeln!(out, "{line}");
            if args.deployments {
                let player = &state.players[state.to_move];
                let _ = writeln!(out, "# deployments if {player} places `{tile}`:");
                for (pos, rotation) in &placements {
                    let options = state.legal_deployments(&tile, *pos, *rotation);
                    let listed: Vec<String> = options.iter().map(|d| d.words()).collect();
                    let listed = if listed.is_empty() {
                        "none".to_string()
                    } else {
                        listed.join(", ")
                    };
                    let _ = writeln!(out, "#   {pos} {rotation}: {listed}");
                }
            }
        }
        ReportFormat::Json => {
            let placements = placements
                .iter()
                .map(|(pos, rotation)| PlacementJson {
                    x: pos.x,
                    y: pos.y,
                    rotation: rotation.to_string(),
                    deployments: args.deployments.then(|| {
                        state
                            .legal_deployments(&tile, *pos, *rotation)
                            .into_iter()
                            .map(|d| DeploymentJson {
                                figure: d.figure,
                                at: d.at.map(|pos| [pos.x, pos.y]),
                                on: d.target.to_string(),
                                feature: d.kind.name(),
                            })
                            .collect()
                    }),
                })
                .collect();
            let json = FitJson {
                file: args.shown(),
                tile: &tile,
                before_line: args.at,
                to_move: &state.players[state.to_move],
                expectation: line,
                placements,
            };
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&json).unwrap_or_default()
            );
        }
    }
    EXIT_CLEAN
}

/// Help for an unknown tile id: the ids that look like it, or where the ids come from.
fn known_tiles_help(state: &GameState, wanted: &str) -> String {
    let ids: Vec<String> = state.engine.catalog.iter().map(|t| t.id.clone()).collect();
    crate::diagnostic::did_you_mean(wanted, &ids, 3).unwrap_or_else(|| {
        format!(
            "the game's tile sets and its own tiles have {} tiles; `carcspec tiles lint <SET>` lists a set",
            state.engine.catalog.len()
        )
    })
}
