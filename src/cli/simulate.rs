//! `carcspec simulate`

use std::io::{IsTerminal, Write};
use std::path::Path;

use clap::{Args, ValueEnum};

use super::{EXIT_CLEAN, EXIT_USAGE, ReportFormat};
use crate::model::{MAX_MULTIPLIER, Ruleset};
use crate::simulate::{self, Config, Policy, Stopped};

#[derive(Args)]
pub struct SimulateArgs {
    /// The ruleset (by default the tile sets' own).
    #[arg(long, value_parser = parse_ruleset)]
    ruleset: Option<Ruleset>,
    /// Tile sets combined: shipped names or files, `NAME` or `NAME:xN` for N copies of each
    /// tile (default: the ruleset's base set). Repeatable, or several after one `--tiles`.
    #[arg(long = "tiles", num_args = 1..)]
    tiles: Vec<String>,
    /// The tile that starts every game (needed when the sets have several start tiles).
    #[arg(long, value_name = "TILE-ID")]
    start: Option<String>,
    /// Expansions (those of the tile sets are added by themselves). Repeatable.
    #[arg(long = "expansion")]
    expansions: Vec<String>,
    /// Rule variants as `name=value`. Repeatable.
    #[arg(long = "variant")]
    variants: Vec<String>,
    /// Players at the table (1 to 6).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=6))]
    players: u8,
    /// Games to play (at most 1,000,000; memory does not grow with them: statistics are
    /// gathered and transcripts written as games end).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// The seed of the random draws: the same seed plays the same games, on any number of
    /// threads.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How players pick their moves.
    #[arg(long, value_enum, default_value_t = PolicyArg::Random)]
    policy: PolicyArg,
    /// Write every game as a `.game` transcript into this folder.
    #[arg(long)]
    out: Option<String>,
    /// Threads to play on (default: every core); the results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// The output format.
    #[arg(long, value_enum, default_value_t)]
    format: ReportFormat,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PolicyArg {
    /// Every legal move equally likely (and a figure on half of the tiles).
    Random,
    /// The placement and deployment with the best immediate score; ties at random.
    Greedy,
}

fn parse_ruleset(text: &str) -> Result<Ruleset, String> {
    text.parse()
        .map_err(|()| "expected `carcassonne` or `hunters-gatherers`".to_string())
}

fn usage(message: &str) -> i32 {
    eprintln!("error: {message}");
    EXIT_USAGE
}

pub fn run(args: SimulateArgs) -> i32 {
    let mut tile_sets = Vec::new();
    // (absolute path, as the user wrote it), to show the user's spelling in messages.
    let mut spelt = Vec::new();
    for spec in &args.tiles {
        let (name, times) = match spec.rsplit_once(":x") {
            Some((name, times)) => match times.parse::<u32>() {
                Ok(n) if (1..=MAX_MULTIPLIER).contains(&n) => (name.to_string(), n),
                _ => {
                    return usage(&format!(
                        "`{spec}`: the multiplier after `:x` is a number from 1 to {MAX_MULTIPLIER}"
                    ));
                }
            },
            None => (spec.clone(), 1),
        };
        // A bare shipped name is the shipped set; anything else a path, made absolute so that
        // transcripts written elsewhere still find it.
        let name = if crate::shipped::tiles(&name).is_some() {
            name
        } else {
            match std::fs::canonicalize(&name) {
                Ok(path) => {
                    spelt.push((path.display().to_string(), name));
                    path.display().to_string()
                }
                Err(_) => name,
            }
        };
        tile_sets.push((name, times));
    }
    let mut set_rulesets = Vec::new();
    let mut expansions = args.expansions.clone();
    for (name, _) in &tile_sets {
        match crate::load::load(name) {
            Ok(loaded) => match loaded.usable() {
                Some(set) => {
                    set_rulesets.push(set.ruleset);
                    for expansion in &set.expansions {
                        if !expansions.contains(expansion) {
                            expansions.push(expansion.clone());
                        }
                    }
                }
                None => {
                    return usage(&format!(
                        "the tile set `{name}` has errors (run `carcspec tiles lint {name}`)"
                    ));
                }
            },
            Err(diagnostic) => {
                // An unreadable tile set is reported as every command reports one.
                super::print_input_error(&diagnostic);
                return EXIT_USAGE;
            }
        }
    }
    let Some(ruleset) = args
        .ruleset
        .or(set_rulesets.first().copied())
        .or(Some(Ruleset::Carcassonne))
    else {
        return usage("no ruleset");
    };
    if tile_sets.is_empty() {
        let base = match ruleset.family() {
            Ruleset::Carcassonne => "carcassonne-base",
            Ruleset::HuntersGatherers | Ruleset::HuntersGatherers2020 => "hunters-gatherers-v2",
        };
        tile_sets.push((base.to_string(), 1));
    }
    let rules = crate::rules::for_ruleset(ruleset, &[]);
    let seats = rules.player_count();
    if !seats.contains(&usize::from(args.players)) {
        return usage(&format!(
            "{} is played by {} to {} players, not {}",
            ruleset.name(),
            seats.start(),
            seats.end(),
            args.players
        ));
    }
    let mut variants = Vec::new();
    for variant in &args.variants {
        let Some((name, value)) = variant.split_once('=') else {
            return usage(&format!("`{variant}`: write a variant as `name=value`"));
        };
        let known = rules
            .variants()
            .iter()
            .any(|v| v.name == name && v.values.contains(&value));
        if !known {
            let offered: Vec<String> = rules
                .variants()
                .iter()
                .map(|v| format!("{}={}", v.name, v.values.join("|")))
                .collect();
            return usage(&format!(
                "unknown variant `{variant}`; {} offers: {}",
                ruleset.name(),
                offered.join(", ")
            ));
        }
        variants.push((name.to_string(), value.to_string()));
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let config = Config {
        ruleset,
        expansions,
        variants,
        tile_sets,
        start: args.start.clone(),
        players: usize::from(args.players),
        games: args.games as usize,
        seed: args.seed,
        policy: match args.policy {
            PolicyArg::Random => Policy::Random,
            PolicyArg::Greedy => Policy::Greedy,
        },
        threads,
        // The moves are written down only for the transcripts of `--out`.
        transcripts: args.out.is_some(),
    };
    let show_progress = std::io::stderr().is_terminal() && args.games >= 20;
    let total = args.games as usize;
    let progress = move |done: usize| {
        if show_progress && (done % 10 == 0 || done == total) {
            let width = 30;
            let filled = width * done / total.max(1);
            eprint!(
                "\r[{}{}] {done}/{total} games",
                "=".repeat(filled),
                " ".repeat(width - filled)
            );
            if done == total {
                eprintln!();
            }
        }
    };
    // Each game's transcript is written as soon as the game is handed on, so that neither
    // the games nor their transcripts are kept (the folder is made when the first game ends,
    // so that tile sets that cannot be played leave nothing behind).
    let write_transcript = |index: usize, game: simulate::GameResult| -> Result<(), String> {
        let Some(dir) = &args.out else {
            return Ok(());
        };
        if index == 0 {
            std::fs::create_dir_all(dir)
                .map_err(|error| format!("cannot create `{dir}`: {error}"))?;
        }
        let path = Path::new(dir).join(format!("game-{:05}.game", index + 1));
        let source = format!(
            "carcspec simulate, seed {}, game {}",
            config.seed,
            index + 1
        );
        let text = crate::format::game::print_script(&game.script, Some(&source));
        std::fs::write(&path, text)
            .map_err(|error| format!("cannot write `{}`: {error}", path.display()))
    };
    let simulation = match simulate::run(&config, &progress, write_transcript) {
        Ok(simulation) => simulation,
        Err(Stopped::Output(message)) => return usage(&message),
        Err(Stopped::Diagnostics(diagnostics)) => {
            for d in diagnostics.iter().filter(|d| d.is_error()) {
                let message = spelt
                    .iter()
                    .fold(d.message.clone(), |m, (path, name)| m.replace(path, name));
                eprintln!("error[{} {}]: {message}", d.code.code, d.code.name);
                if let Some(help) = &d.help {
                    eprintln!("  help: {help}");
                }
            }
            return EXIT_USAGE;
        }
    };
    for d in &simulation.warnings {
        eprintln!("warning[{} {}]: {}", d.code.code, d.code.name, d.message);
    }
    let header = simulate::header(&config);
    let statistics = simulation.statistics;
    let mut out = std::io::stdout().lock();
    let _ = match args.format {
        ReportFormat::Human => write!(out, "{}", statistics.render(&header.players)),
        ReportFormat::Json => writeln!(
            out,
            "{}",
            serde_json::to_string(&statistics).unwrap_or_default()
        ),
    };
    EXIT_CLEAN
}
