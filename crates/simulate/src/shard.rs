//! The statistics of one shard of a run (`simulate --shard I/N --format json`) and their
//! merge (`stats merge`): a shard's JSON is the statistics of its games, as a whole run prints
//! them, with the run it belongs to, its place among the shards and the exact integer sums
//! the statistics come from. Merging adds the sums and computes the statistics again, so the
//! merge of every shard prints what the run on one machine prints, to the byte.

use serde::{Deserialize, Serialize};

use super::stats::{Accumulator, Statistics};
use super::{Config, Policy};
use crate::codes;
use crate::diagnostic::Diagnostic;

/// The configuration of a run, as far as it decides the games: two shards merge only when
/// theirs are equal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunDescription {
    pub ruleset: String,
    pub expansions: Vec<String>,
    /// `name=value`.
    pub variants: Vec<String>,
    /// The tile sets as the command line named them, with their multipliers (`NAME:xN`).
    pub tile_sets: Vec<String>,
    pub start: Option<String>,
    pub players: usize,
    /// The games of the whole run (of every shard).
    pub games: usize,
    pub seed: u64,
    pub policy: String,
}

impl RunDescription {
    /// The description of `config`, its tile sets named as the user spelt them
    /// (`tile_set_names`, in the order of the configuration's sets).
    pub fn of(config: &Config, tile_set_names: &[String]) -> RunDescription {
        RunDescription {
            ruleset: config.ruleset.name().to_string(),
            expansions: config.expansions.clone(),
            variants: config
                .variants
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect(),
            tile_sets: tile_set_names
                .iter()
                .zip(&config.tile_sets)
                .map(|(name, (_, times))| match times {
                    1 => name.clone(),
                    n => format!("{name}:x{n}"),
                })
                .collect(),
            start: config.start.clone(),
            players: config.players,
            games: config.games,
            seed: config.seed,
            policy: policy_name(config.policy),
        }
    }

    /// The first field in which `self` and `other` differ, with both values, for a message.
    fn difference(&self, other: &RunDescription) -> Option<(&'static str, String, String)> {
        let fields: [(&'static str, String, String); 9] = [
            ("ruleset", self.ruleset.clone(), other.ruleset.clone()),
            (
                "tile sets",
                self.tile_sets.join(" "),
                other.tile_sets.join(" "),
            ),
            (
                "expansions",
                self.expansions.join(" "),
                other.expansions.join(" "),
            ),
            (
                "variants",
                self.variants.join(" "),
                other.variants.join(" "),
            ),
            (
                "start tile",
                self.start.clone().unwrap_or_default(),
                other.start.clone().unwrap_or_default(),
            ),
            (
                "players",
                self.players.to_string(),
                other.players.to_string(),
            ),
            ("games", self.games.to_string(), other.games.to_string()),
            ("seed", self.seed.to_string(), other.seed.to_string()),
            ("policy", self.policy.clone(), other.policy.clone()),
        ];
        fields.into_iter().find(|(_, mine, theirs)| mine != theirs)
    }
}

/// The policy as a shard's run names it: its variant and any parameters it has, so that runs
/// of one policy with other parameters do not merge.
pub fn policy_name(policy: Policy) -> String {
    format!("{policy:?}").to_lowercase()
}

/// Which shard of how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardPlace {
    /// 1-based.
    pub index: usize,
    pub of: usize,
}

/// What `simulate --shard I/N --format json` prints: the shard's statistics (the fields of a
/// whole run's), then its place, its run and its sums.
#[derive(Serialize)]
pub struct ShardReport<'a> {
    #[serde(flatten)]
    pub statistics: &'a Statistics,
    pub shard: ShardPlace,
    pub run: &'a RunDescription,
    pub sums: &'a Accumulator,
}

/// What `stats merge` reads of a shard's JSON (the statistics are computed again).
#[derive(Deserialize)]
struct ShardInput {
    shard: ShardPlace,
    run: RunDescription,
    sums: Accumulator,
}

/// Merges the shards' JSON texts (each with the name to show for it) into the statistics of
/// the whole run. Refuses texts that are no shard's statistics, shards of other runs, and a set
/// of shards with one missing or twice.
pub fn merge(texts: &[(String, String)]) -> Result<Statistics, Diagnostic> {
    let mut shards: Vec<(&str, ShardInput)> = Vec::new();
    for (name, text) in texts {
        let input: ShardInput = serde_json::from_str(text).map_err(|error| {
            let missing = error.is_data() && error.to_string().starts_with("missing field");
            Diagnostic::new(
                &codes::MALFORMED_STATISTICS,
                format!(
                    "{name}:{}:{}: {}",
                    error.line(),
                    error.column(),
                    // serde's message ends with the place, which the message starts with.
                    error
                        .to_string()
                        .trim_end_matches(&format!(" at line {} column {}", error.line(), error.column()))
                ),
            )
            .help(if missing {
                "this is no shard's statistics: `stats merge` reads what `carcspec simulate --shard I/N --format json` prints (a run without `--shard` carries no sums to merge)"
            } else {
                "give the JSON that `carcspec simulate --shard I/N --format json` prints, unchanged"
            })
        })?;
        shards.push((name, input));
    }
    let Some((first_name, first)) = shards.first().map(|(n, s)| (n.to_string(), s)) else {
        return Err(
            Diagnostic::new(&codes::INCOMPLETE_SHARDS, "no shards to merge").help(
                "name the JSON statistics of every shard: `carcspec stats merge shard-*.json`",
            ),
        );
    };
    let count = first.shard.of;
    for (name, shard) in &shards {
        if let Some((field, mine, theirs)) = first.run.difference(&shard.run) {
            return Err(Diagnostic::new(
                &codes::MISMATCHED_SHARDS,
                format!(
                    "{name} is a shard of another run than {first_name}: {field} `{theirs}` there, `{mine}` here"
                ),
            )
            .help("merge the shards of one run: the same ruleset, tile sets, expansions, variants, start tile, players, games, seed and policy, with only `--shard` changed"));
        }
        if shard.shard.of != count || shard.shard.index == 0 || shard.shard.index > count {
            return Err(Diagnostic::new(
                &codes::INCOMPLETE_SHARDS,
                format!(
                    "{name} is shard {}/{}, {first_name} shard {}/{count}: the shards split the run differently",
                    shard.shard.index, shard.shard.of, first.shard.index
                ),
            )
            .help("merge the shards of one split: every `--shard I/N` of one N"));
        }
    }
    let mut seen: Vec<Option<&str>> = vec![None; count];
    for (name, shard) in &shards {
        if let Some(earlier) = seen[shard.shard.index - 1] {
            return Err(Diagnostic::new(
                &codes::INCOMPLETE_SHARDS,
                format!(
                    "{name} and {earlier} are both shard {}/{count}: their games would be counted twice",
                    shard.shard.index
                ),
            )
            .help("name each shard's statistics once"));
        }
        seen[shard.shard.index - 1] = Some(name);
    }
    let missing: Vec<String> = (1..=count)
        .filter(|index| seen[index - 1].is_none())
        .map(|index| format!("{index}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(Diagnostic::new(
            &codes::INCOMPLETE_SHARDS,
            format!(
                "shard{} {} of the run {} missing: the merge would lack their games",
                if missing.len() == 1 { "" } else { "s" },
                missing.join(", "),
                if missing.len() == 1 { "is" } else { "are" },
            ),
        )
        .help("run the missing shards (`carcspec simulate ... --shard I/N --format json`) and merge them all"));
    }
    let mut sums = first.sums.clone();
    for (name, shard) in &shards[1..] {
        sums.merge(&shard.sums).map_err(|message| {
            Diagnostic::new(
                &codes::MISMATCHED_SHARDS,
                format!("{name} is a shard of another run than {first_name}: {message}"),
            )
            .help("merge the shards of one run, played on the same tile sets")
        })?;
    }
    Ok(sums.statistics())
}
