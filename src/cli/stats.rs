//! `carcspec stats merge`

use std::io::Write;
use std::path::PathBuf;

use clap::Subcommand;

use super::{EXIT_CLEAN, EXIT_USAGE};

#[derive(Subcommand)]
pub enum StatsCommand {
    /// Add up the JSON statistics of the shards of a run (`simulate --shard I/N --format
    /// json`) into the statistics of the whole run, exactly as one machine prints them.
    Merge {
        /// The shards' JSON statistics, every shard of the run once.
        #[arg(required = true)]
        files: Vec<String>,
        /// Write the merged statistics to this file instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
}

pub fn run(command: StatsCommand) -> i32 {
    let StatsCommand::Merge { files, output } = command;
    let mut texts = Vec::with_capacity(files.len());
    for file in &files {
        match std::fs::read_to_string(file) {
            Ok(text) => texts.push((file.clone(), text)),
            Err(error) => {
                super::print_input_error(
                    &crate::diagnostic::Diagnostic::new(
                        &crate::codes::UNREADABLE_INPUT,
                        format!("cannot read `{file}`: {error}"),
                    )
                    .help("name the JSON files the shards' `simulate --shard I/N --format json` wrote"),
                );
                return EXIT_USAGE;
            }
        }
    }
    let statistics = match crate::simulate::shard::merge(&texts) {
        Ok(statistics) => statistics,
        Err(diagnostic) => {
            super::print_input_error(&diagnostic);
            return EXIT_USAGE;
        }
    };
    // The line `simulate --format json` prints for the whole run.
    let text = format!(
        "{}\n",
        serde_json::to_string(&statistics).unwrap_or_default()
    );
    let written = match &output {
        Some(path) => std::fs::write(path, text),
        None => std::io::stdout().lock().write_all(text.as_bytes()),
    };
    match written {
        Ok(()) => EXIT_CLEAN,
        Err(error) => {
            let place = output.map_or("standard output".to_string(), |p| p.display().to_string());
            eprintln!("error: cannot write {place}: {error}");
            EXIT_USAGE
        }
    }
}
