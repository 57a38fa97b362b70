//! `carcspec simulate`

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::{EXIT_CLEAN, EXIT_USAGE, ReportFormat};
use crate::model::{MAX_MULTIPLIER, Ruleset};
use crate::simulate::{self, Config, Policy, Stopped};

#[derive(Args)]
pub struct SimulateArgs {
    /// The ruleset (by default the tile sets' own): `carcassonne`, `hunters-gatherers` or
    /// `hunters-gatherers-2020`.
    #[arg(long, value_parser = parse_ruleset)]
    ruleset: Option<Ruleset>,
    /// Tile sets combined: shipped names or files, `NAME` or `NAME:xN` for N copies of each
    /// tile (default: the ruleset's base set), `-` for standard input (saved as `stdin.tiles`
    /// in the `--out` folder). Repeatable, or several after one `--tiles`.
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
    /// Players at the table (default 2), as many as the ruleset is for.
    #[arg(long, default_value_t = 2, long_help = players_help(),
          value_parser = clap::value_parser!(u8).range(1..=6))]
    players: u8,
    /// Games to play (at most 1,000,000; memory does not grow with them: statistics are
    /// gathered and transcripts written as games end).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// The seed of the random draws: the same seed plays the same games, on any number of
    /// threads.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How players pick their moves: one policy for every seat, or one a seat, comma-separated
    /// (`mcts,greedy`: the first seat searches, the second plays greedy; round the list when
    /// there are more seats). With several, the report adds each policy's wins.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "random")]
    policy: Vec<PolicyArg>,
    /// With one policy a seat: the seats turn by one each game (game 2 gives the first seat
    /// the second seat's policy…), so that every policy sits in every seat as often.
    #[arg(long)]
    alternate_seats: bool,
    /// `mcts`: playouts per decision (more: stronger and slower).
    #[arg(long, default_value_t = simulate::mcts::DEFAULT_PLAYOUTS,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    playouts: u32,
    /// `mcts`: the exploration constant c of UCB1 (mean reward + c·√(ln N / n)).
    #[arg(long, default_value_t = simulate::mcts::DEFAULT_EXPLORATION, value_parser = parse_non_negative)]
    exploration: f64,
    /// `mcts`: how the search plays a game out to its end from the move it tries (greedy
    /// playouts cost some four random ones and win far more).
    #[arg(long, value_enum, default_value_t = PlayoutArg::Greedy)]
    playout: PlayoutArg,
    /// `mcts`: what a move at the root of a search is worth before its playouts (the order
    /// the moves are tried in, which of them are compared first, a bias that fades).
    #[arg(long, value_enum, default_value_t = PriorArg::Prospect)]
    prior: PriorArg,
    /// `mcts`: the weight of the prior at the root, `w` in UCB1's bias w·prior/(n + 1) (0: the
    /// prior only orders and widens).
    #[arg(long, default_value_t = simulate::mcts::DEFAULT_PRIOR, value_parser = parse_non_negative)]
    prior_weight: f64,
    /// Write every game as a `.game` transcript into this folder.
    #[arg(long)]
    out: Option<String>,
    /// Play only shard I of N of the games (`--shard 2/4`): the games whose number, counted
    /// from 0, leaves I-1 divided by N, each with the seed and transcript name it has in the
    /// whole run. With `--format json` the statistics carry the sums that `carcspec stats
    /// merge` adds up into the whole run's statistics.
    #[arg(long, value_parser = super::check::parse_shard, value_name = "I/N")]
    shard: Option<(usize, usize)>,
    /// A balance report: play the same games (seed by seed) on these tile sets too (B, against
    /// the `--tiles` sets, A), and report the shift in scores, game length and completions
    /// with 95 % intervals, and each tile's figures, the tiles outside the spread of their
    /// kind flagged (docs/simulation.md).
    #[arg(long = "compare-with", num_args = 1.., value_name = "SETS",
          conflicts_with_all = ["shard", "out"])]
    compare_with: Vec<String>,
    /// With `--compare-with`: draw the tiles' figures of B (with A's for the same tiles) as a
    /// chart, SVG or PNG by the file's ending.
    #[arg(long, value_name = "FILE", requires = "compare_with")]
    chart: Option<PathBuf>,
    /// Threads to play on (default, or 0: every core); the results do not depend on it.
    #[arg(long, short = 'j')]
    threads: Option<usize>,
    /// The output format.
    #[arg(long, value_enum, default_value_t)]
    format: ReportFormat,
    /// The file name the tile set on standard input (`--tiles -`) stands for: shown in
    /// messages, and its ending (`.tiles`, `.json`, `.yaml`) says how the text is written.
    #[arg(long, value_name = "NAME")]
    stdin_filename: Option<String>,
}

impl SimulateArgs {
    /// `--stdin-filename` and the inputs it may name (`--tiles -`, `--tiles -:x2`).
    pub(super) fn stdin_use(&self) -> (Option<&str>, Vec<&str>) {
        let sets = self
            .tiles
            .iter()
            .map(|spec| match spec.rsplit_once(":x") {
                Some((name, _)) => name,
                None => spec.as_str(),
            })
            .collect();
        (self.stdin_filename.as_deref(), sets)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PolicyArg {
    /// Every legal move equally likely (and a figure on half of the tiles).
    Random,
    /// The placement and deployment with the best immediate score; ties at random.
    Greedy,
    /// A Monte Carlo tree search over every decision of the turn (`--playouts`,
    /// `--exploration`, `--playout`).
    Mcts,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PlayoutArg {
    /// The random policy's moves.
    Random,
    /// The greedy policy's moves.
    Greedy,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PriorArg {
    /// The points of the features a placement completes for the player (or for nobody yet).
    Immediate,
    /// The player's margin in the game scored as it stands after the move, by the ruleset's
    /// own final scoring (a placement with its best figure step).
    Standing,
    /// `standing`, with what the board does not score yet: each open city, road, forest or
    /// river worth what closing it would add, at odds of one in (open ends + 1), and each
    /// figure in the supply worth some points while the stack lasts; the default.
    Prospect,
}

fn parse_non_negative(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(c) if c.is_finite() && c >= 0.0 => Ok(c),
        _ => Err("expected a number of 0 or more, e.g. 0.7".into()),
    }
}

fn parse_ruleset(text: &str) -> Result<Ruleset, String> {
    text.parse().map_err(|()| {
        format!(
            "expected {}",
            crate::rules::descriptor::ruleset_names_for_help()
        )
    })
}

/// The players each ruleset is for, and what its variants change, from the rules themselves:
/// `--help` prints it and docs/simulation.md says the same (a test compares them).
pub fn player_counts() -> Vec<String> {
    Ruleset::ALL
        .iter()
        .map(|&ruleset| {
            let descriptor = crate::rules::describe(ruleset);
            let seats = descriptor.seats(&[], &[]);
            let mut text = format!("{}: {} to {}", ruleset.name(), seats.start(), seats.end());
            for variant in descriptor.variants {
                for value in variant.values {
                    let chosen = [(variant.name.to_string(), value.to_string())];
                    let other = descriptor.seats(&chosen, &[]);
                    if other != seats {
                        text.push_str(&format!(
                            " ({} to {} with `--variant {}={value}`)",
                            other.start(),
                            other.end(),
                            variant.name
                        ));
                    }
                }
            }
            for expansion in descriptor.expansions {
                let with = descriptor.seats(&[], &[expansion.name.to_string()]);
                if with != seats {
                    text.push_str(&format!(
                        " ({} to {} with `--expansion {}`)",
                        with.start(),
                        with.end(),
                        expansion.name
                    ));
                }
            }
            text
        })
        .collect()
}

fn players_help() -> String {
    format!(
        "Players at the table (default 2), as many as the ruleset is for: {}.",
        player_counts().join("; ")
    )
}

fn usage(message: &str) -> i32 {
    eprintln!("error: {message}");
    EXIT_USAGE
}

/// Resolved tile sets: (name, multiplier) as the games load them, the rulesets the sets are
/// for, and the expansions given and brought by the sets.
struct TileSets {
    sets: Vec<(String, u32)>,
    rulesets: Vec<Ruleset>,
    expansions: Vec<String>,
}

/// The tile sets `specs` name (`NAME[:xN]`, `-`), resolved as the games load them, with the
/// rulesets they are for and the expansions they bring; `spelt` collects how the user wrote
/// each path. Err: the exit code, the problem printed.
fn resolve_tile_sets(
    specs: &[String],
    args: &SimulateArgs,
    spelt: &mut Vec<(String, String)>,
    stdin_file: &mut Option<tempfile::NamedTempFile>,
) -> Result<TileSets, i32> {
    let mut tile_sets = Vec::new();
    for spec in specs {
        let (name, times) = match spec.rsplit_once(":x") {
            Some((name, times)) => match times.parse::<u32>() {
                Ok(n) if (1..=MAX_MULTIPLIER).contains(&n) => (name.to_string(), n),
                _ => {
                    return Err(usage(&format!(
                        "`{spec}`: the multiplier after `:x` is a number from 1 to {MAX_MULTIPLIER}"
                    )));
                }
            },
            None => (spec.clone(), 1),
        };
        // Standard input is saved to a file the games load like any other: into the folder of
        // the transcripts (which then name it `stdin.tiles`), or a temporary file for the run.
        let name = if name == "-" {
            match stdin_tile_set(args.out.as_deref(), args.stdin_filename.as_deref()) {
                Ok((path, file)) => {
                    *stdin_file = file;
                    spelt.push((
                        path.clone(),
                        super::output::stdin_origin(args.stdin_filename.as_deref()),
                    ));
                    path
                }
                Err(diagnostic) => {
                    super::print_input_error(&diagnostic);
                    return Err(EXIT_USAGE);
                }
            }
        } else {
            name
        };
        // A bare shipped name is the shipped set; anything else a path, made absolute so that
        // the games load it wherever they are written.
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
                    // As the user named it (`--stdin-filename` for standard input's copy).
                    let name = spelt
                        .iter()
                        .find(|(path, _)| path == name)
                        .map_or(name.as_str(), |(_, shown)| shown.as_str());
                    return Err(usage(&format!(
                        "the tile set `{name}` has errors (run `carcspec tiles lint {name}`)"
                    )));
                }
            },
            Err(diagnostic) => {
                // An unreadable tile set is reported as every command reports one.
                super::print_input_error(&diagnostic);
                return Err(EXIT_USAGE);
            }
        }
    }
    Ok(TileSets {
        sets: tile_sets,
        rulesets: set_rulesets,
        expansions,
    })
}

pub fn run(args: SimulateArgs) -> i32 {
    // (absolute path, as the user wrote it), to show the user's spelling in messages.
    let mut spelt = Vec::new();
    // The temporary file that holds a tile set read from standard input, for the whole run.
    let mut _stdin_file: Option<tempfile::NamedTempFile> = None;
    let TileSets {
        sets: mut tile_sets,
        rulesets: set_rulesets,
        expansions,
    } = match resolve_tile_sets(&args.tiles, &args, &mut spelt, &mut _stdin_file) {
        Ok(resolved) => resolved,
        Err(code) => return code,
    };
    let Some(ruleset) = args
        .ruleset
        .or(set_rulesets.first().copied())
        .or(Some(Ruleset::Carcassonne))
    else {
        return usage("no ruleset");
    };
    if tile_sets.is_empty() {
        let base = crate::rules::descriptor::describe(ruleset)
            .base_tile_set
            .name;
        tile_sets.push((base.to_string(), 1));
    }
    let descriptor = crate::rules::describe(ruleset);
    let mut variants = Vec::new();
    for variant in &args.variants {
        let Some((name, value)) = variant.split_once('=') else {
            return usage(&format!("`{variant}`: write a variant as `name=value`"));
        };
        let known = descriptor
            .variants
            .iter()
            .any(|v| v.name == name && v.values.contains(&value));
        if !known {
            let offered: Vec<String> = descriptor
                .variants
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
    // The seats with the variants chosen (`player-count=jcloisterzone` seats 1 to 6).
    let seats = descriptor.seats(&variants, &expansions);
    if !seats.contains(&usize::from(args.players)) {
        return usage(&format!(
            "{} is played by {} to {} players, not {} (the rulesets: {})",
            ruleset.name(),
            seats.start(),
            seats.end(),
            args.players,
            player_counts().join("; ")
        ));
    }
    let search = simulate::mcts::Search {
        playouts: args.playouts,
        exploration: args.exploration,
        playout: match args.playout {
            PlayoutArg::Random => simulate::mcts::Playout::Random,
            PlayoutArg::Greedy => simulate::mcts::Playout::Greedy,
        },
        prior_kind: match args.prior {
            PriorArg::Immediate => simulate::mcts::Prior::Immediate,
            PriorArg::Standing => simulate::mcts::Prior::Standing,
            PriorArg::Prospect => simulate::mcts::Prior::Prospect,
        },
        prior: args.prior_weight,
        ..simulate::mcts::Search::default()
    };
    let policies: Vec<Policy> = args
        .policy
        .iter()
        .map(|policy| match policy {
            PolicyArg::Random => Policy::Random,
            PolicyArg::Greedy => Policy::Greedy,
            PolicyArg::Mcts => Policy::Mcts(search),
        })
        .collect();
    let policy = match policies.as_slice() {
        [one] => *one,
        several => match simulate::seats::Seats::new(several, args.alternate_seats) {
            Some(seats) => Policy::Seats(seats),
            None => {
                return usage(&format!(
                    "`--policy` lists {} policies, at most {} (one a seat)",
                    several.len(),
                    simulate::seats::MAX_SEATS
                ));
            }
        },
    };
    let threads = args
        .threads
        .filter(|&n| n > 0)
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
        policy,
        threads,
        // The moves are written down only for the transcripts of `--out`.
        transcripts: args.out.is_some(),
    };
    if args.shard.is_some() && matches!(config.policy, Policy::Seats(_)) {
        // The shards' sums hold no wins per policy, so `stats merge` could not give them.
        return usage(
            "`--shard` plays one policy for every seat: the wins of a policy a seat do not merge yet; play such a run unsharded",
        );
    }
    let options = simulate::RunOptions {
        shard: args.shard,
        per_tile: false,
    };
    let total = options.game_count(args.games as usize);
    let show_progress = std::io::stderr().is_terminal() && total >= 20;
    if !args.compare_with.is_empty() {
        return compare(&args, &config, &set_rulesets, &mut spelt, &mut _stdin_file);
    }
    let progress = move |done: usize| {
        if show_progress && (done.is_multiple_of(10) || done == total) {
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
    // The transcripts' folder, absolute, once it is made.
    let mut out_folder: Option<PathBuf> = None;
    let write_transcript = |index: usize, mut game: simulate::GameResult| -> Result<(), String> {
        let Some(dir) = &args.out else {
            return Ok(());
        };
        if out_folder.is_none() {
            std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::canonicalize(dir))
                .map(|folder| out_folder = Some(folder))
                .map_err(|error| format!("cannot create `{dir}`: {error}"))?;
        }
        // Tile sets by path as seen from the transcript's folder (shipped sets keep their
        // names), so that the folder of transcripts and tile sets can be moved as a whole.
        if let Some(folder) = &out_folder {
            for (name, _, _) in &mut game.script.tile_sets {
                if crate::shipped::tiles(name).is_none() {
                    *name = relative_name(folder, Path::new(name));
                }
            }
        }
        let path = Path::new(dir).join(format!("game-{:05}.game", index + 1));
        let origin = format!(
            "Played by carcspec simulate, seed {}, game {}.",
            config.seed,
            index + 1
        );
        let text = crate::format::game::print_script(&game.script, Some(&origin));
        std::fs::write(&path, text)
            .map_err(|error| format!("cannot write `{}`: {error}", path.display()))
    };
    let simulation = match simulate::run_with(&config, options, &progress, write_transcript) {
        Ok(simulation) => simulation,
        Err(Stopped::Output(message)) => return usage(&message),
        Err(Stopped::Diagnostics(diagnostics)) => return print_errors(&diagnostics, &spelt),
    };
    for d in &simulation.warnings {
        eprintln!("warning[{} {}]: {}", d.code.code, d.code.name, d.message);
    }
    let header = simulate::header(&config);
    let statistics = simulation.statistics;
    let mut out = std::io::stdout().lock();
    let policies = simulation
        .win_rates
        .as_ref()
        .map(|w| w.render())
        .unwrap_or_default();
    let _ = match (args.format, args.shard) {
        (ReportFormat::Human, None) => {
            write!(out, "{}{policies}", statistics.render(&header.players))
        }
        (ReportFormat::Human, Some((index, count))) => write!(
            out,
            "{}{policies}\nshard {index}/{count} of a run of {} games (`--format json` prints the sums that `carcspec stats merge` adds up)\n",
            statistics.render(&header.players),
            config.games
        ),
        (ReportFormat::Json, None) => {
            /// The statistics' fields in their order, then the policies' wins when the seats
            /// have their own.
            #[derive(serde::Serialize)]
            struct Report<'a> {
                #[serde(flatten)]
                statistics: &'a simulate::stats::Statistics,
                #[serde(skip_serializing_if = "Option::is_none")]
                policies: Option<&'a [simulate::seats::PolicyRecord]>,
            }
            let report = Report {
                statistics: &statistics,
                policies: simulation.win_rates.as_ref().map(|w| w.policies.as_slice()),
            };
            writeln!(
                out,
                "{}",
                serde_json::to_string(&report).unwrap_or_default()
            )
        }
        (ReportFormat::Json, Some((index, of))) => {
            // The tile sets as the user named them, so that shards run in other folders (or
            // checkouts) of the same sets merge.
            let names = spelt_names(&config.tile_sets, &spelt);
            let run = simulate::shard::RunDescription::of(&config, &names);
            let report = simulate::shard::ShardReport {
                statistics: &statistics,
                shard: simulate::shard::ShardPlace { index, of },
                run: &run,
                sums: &simulation.sums,
            };
            writeln!(
                out,
                "{}",
                serde_json::to_string(&report).unwrap_or_default()
            )
        }
    };
    EXIT_CLEAN
}

/// Prints the errors among `diagnostics`, with the tile sets named as the user named them
/// (`spelt`: path and name), and gives the exit code of a run that could not be played.
fn print_errors(diagnostics: &[crate::diagnostic::Diagnostic], spelt: &[(String, String)]) -> i32 {
    for d in diagnostics.iter().filter(|d| d.is_error()) {
        let message = spelt
            .iter()
            .fold(d.message.clone(), |m, (path, name)| m.replace(path, name));
        eprintln!("error[{} {}]: {message}", d.code.code, d.code.name);
        if let Some(help) = &d.help {
            eprintln!("  help: {help}");
        }
    }
    EXIT_USAGE
}

/// The tile sets of `config` as the user named them (a path as written, a shipped set by its
/// name).
fn spelt_names(sets: &[(String, u32)], spelt: &[(String, String)]) -> Vec<String> {
    sets.iter()
        .map(|(name, _)| {
            spelt
                .iter()
                .find(|(path, _)| path == name)
                .map_or(name.clone(), |(_, shown)| shown.clone())
        })
        .collect()
}

/// `--compare-with`: the games of `config` (A) and the same games on the sets of B, their
/// balance report and its chart.
fn compare(
    args: &SimulateArgs,
    config: &Config,
    rulesets_a: &[Ruleset],
    spelt: &mut Vec<(String, String)>,
    stdin_file: &mut Option<tempfile::NamedTempFile>,
) -> i32 {
    use crate::simulate::compare::{self, Comparison};
    let b = match resolve_tile_sets(&args.compare_with, args, spelt, stdin_file) {
        Ok(resolved) => resolved,
        Err(code) => return code,
    };
    if let Some(other) = b.rulesets.iter().find(|r| **r != config.ruleset) {
        return usage(&format!(
            "the sets of `--compare-with` are for {}, those of `--tiles` for {}: a comparison plays one ruleset",
            other.name(),
            rulesets_a.first().unwrap_or(&config.ruleset).name()
        ));
    }
    let config_b = Config {
        tile_sets: b.sets,
        expansions: b.expansions,
        ..config.clone()
    };
    let quiet = |_: usize| {};
    let names_a = spelt_names(&config.tile_sets, spelt);
    let names_b = spelt_names(&config_b.tile_sets, spelt);
    let run_a = match compare::play(config, names_a, &quiet) {
        Ok(run) => run,
        Err(diagnostics) => return print_errors(&diagnostics, spelt),
    };
    let run_b = match compare::play(&config_b, names_b, &quiet) {
        Ok(run) => run,
        Err(diagnostics) => return print_errors(&diagnostics, spelt),
    };
    let comparison = Comparison::of(config, &run_a, &run_b);
    if let Some(path) = &args.chart {
        let svg = compare::chart(&comparison, &run_b);
        let bytes = match path.extension().and_then(|e| e.to_str()) {
            Some("svg") => svg.into_bytes(),
            Some("png") => match crate::render::png(&svg, 1.5) {
                Ok(png) => png,
                Err(error) => return usage(&format!("cannot draw the chart: {error:?}")),
            },
            _ => {
                return usage(&format!(
                    "`--chart {}`: name a `.svg` or a `.png` file",
                    path.display()
                ));
            }
        };
        if let Err(error) = std::fs::write(path, bytes) {
            return usage(&format!("cannot write `{}`: {error}", path.display()));
        }
    }
    let mut out = std::io::stdout().lock();
    let _ = match args.format {
        ReportFormat::Human => write!(out, "{}", comparison.render()),
        ReportFormat::Json => writeln!(
            out,
            "{}",
            serde_json::to_string(&comparison).unwrap_or_default()
        ),
    };
    EXIT_CLEAN
}

/// The absolute path `target` as a game's `tiles` line names it from the absolute folder
/// `folder`: relative (`../sets/a.tiles`), with `./` before a name that is a shipped set's (a
/// bare shipped name is always the shipped set).
fn relative_name(folder: &Path, target: &Path) -> String {
    let from: Vec<_> = folder.components().collect();
    let to: Vec<_> = target.components().collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut path = PathBuf::new();
    for _ in common..from.len() {
        path.push("..");
    }
    for component in &to[common..] {
        path.push(component);
    }
    let name = path.display().to_string();
    if crate::shipped::tiles(&name).is_some() {
        format!("./{name}")
    } else {
        name
    }
}

/// Saves the tile set on standard input to a file: `stdin.tiles` (or `.json`) in the
/// transcripts' folder `out`, or a temporary file (returned, to be kept for the run). Returns
/// its absolute path.
fn stdin_tile_set(
    out: Option<&str>,
    stdin_filename: Option<&str>,
) -> Result<(String, Option<tempfile::NamedTempFile>), crate::diagnostic::Diagnostic> {
    use super::output::TextKind;
    let text = super::output::load_tiles("-", stdin_filename)?.text;
    let extension = match TextKind::of_stdin(stdin_filename, &text) {
        Some(TextKind::TilesJson) => ".json",
        Some(TextKind::TilesYaml) => ".yaml",
        _ => ".tiles",
    };
    let cannot_save = |error: std::io::Error| {
        crate::diagnostic::Diagnostic::new(
            &crate::codes::UNREADABLE_INPUT,
            format!("cannot save the tile set of standard input: {error}"),
        )
        .help("give the tile set as a file: `--tiles my-set.tiles`")
    };
    let (path, file) = match out {
        Some(folder) => {
            std::fs::create_dir_all(folder).map_err(cannot_save)?;
            let path = Path::new(folder).join(format!("stdin{extension}"));
            std::fs::write(&path, &text).map_err(cannot_save)?;
            (path, None)
        }
        None => {
            let mut file = tempfile::Builder::new()
                .prefix("carcspec-stdin-")
                .suffix(extension)
                .tempfile()
                .map_err(cannot_save)?;
            std::io::Write::write_all(&mut file, text.as_bytes()).map_err(cannot_save)?;
            (file.path().to_path_buf(), Some(file))
        }
    };
    let path = std::fs::canonicalize(path).map_err(cannot_save)?;
    Ok((path.display().to_string(), file))
}

#[cfg(test)]
mod tests {
    use super::relative_name;
    use std::path::Path;

    #[test]
    fn tile_sets_are_named_from_the_transcripts_folder() {
        let name = |folder: &str, target: &str| relative_name(Path::new(folder), Path::new(target));
        assert_eq!(name("/a/b/out", "/a/b/sets/x.tiles"), "../sets/x.tiles");
        assert_eq!(name("/a/b/out", "/a/b/out/x.tiles"), "x.tiles");
        assert_eq!(name("/a/out", "/c/x.tiles"), "../../c/x.tiles");
        assert_eq!(
            name("/a/out", "/a/out/carcassonne-base"),
            "./carcassonne-base"
        );
    }
}
