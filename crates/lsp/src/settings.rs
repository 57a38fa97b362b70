//! The settings the client chose: read from its capabilities and `initializationOptions` at
//! `initialize`, and from `workspace/didChangeConfiguration` later. Apart from the session:
//! the worker reads them too (through `Shared`), and what an option takes is read here alone.

use serde_json::Value;

use super::worker;

/// What the client chose: from its capabilities, its `initializationOptions`, and the
/// settings of `workspace/didChangeConfiguration` (the options `hoverPictures`, `debounceMs` and
/// `maxDiagnostics`, at the top or under `carcspec`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Pictures of tiles in hovers. Off when the client's hovers take no Markdown, or when
    /// the option `hoverPictures` is `false` (terminal editors show an image as its address, a
    /// screenful of base64); on otherwise.
    pub pictures: bool,
    /// The client's hovers take Markdown (`textDocument.hover.contentFormat`).
    markdown_hovers: bool,
    /// The client takes snippets in completion items
    /// (`textDocument.completion.completionItem.snippetSupport`).
    pub snippets: bool,
    /// The client watches files for the server when asked
    /// (`workspace.didChangeWatchedFiles.dynamicRegistration`): tile sets changed on disk
    /// outside the editor are then reported, and the games re-checked.
    pub watches_files: bool,
    /// How long the worker waits for typing to pause before it checks (`debounceMs`).
    pub debounce: std::time::Duration,
    /// The most diagnostics published for one document (`maxDiagnostics`; none: all of them).
    pub max_diagnostics: Option<usize>,
}

/// The longest pause the `debounceMs` option may ask for: longer, and the diagnostics would
/// seem not to come at all.
pub const MAX_DEBOUNCE_MS: u64 = 5_000;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            pictures: true,
            markdown_hovers: true,
            snippets: false,
            watches_files: false,
            debounce: worker::DEBOUNCE,
            max_diagnostics: None,
        }
    }
}

impl Settings {
    /// The settings an `initialize` request's params ask for, and what was wrong in its
    /// options.
    pub fn from_initialize(params: &Value) -> (Settings, Vec<String>) {
        let markdown_hovers = params
            .pointer("/capabilities/textDocument/hover/contentFormat")
            .and_then(Value::as_array)
            .is_none_or(|formats| formats.iter().any(|f| f == "markdown"));
        let snippets = params
            .pointer("/capabilities/textDocument/completion/completionItem/snippetSupport")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let watches_files = params
            .pointer("/capabilities/workspace/didChangeWatchedFiles/dynamicRegistration")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let mut settings = Settings {
            pictures: markdown_hovers,
            markdown_hovers,
            snippets,
            watches_files,
            ..Settings::default()
        };
        let problems = params
            .get("initializationOptions")
            .map_or_else(Vec::new, |options| settings.take_options(options));
        (settings, problems)
    }

    /// Takes the options in `options` (an object of them, or one under `carcspec`); an option
    /// that is absent keeps its value. Says what was wrong: an option of the wrong type or out
    /// of range is left as it was.
    pub fn take_options(&mut self, options: &Value) -> Vec<String> {
        let options = options.get("carcspec").unwrap_or(options);
        let mut problems = Vec::new();
        if let Some(value) = options.get("hoverPictures") {
            match value.as_bool() {
                Some(asked) => self.pictures = self.markdown_hovers && asked,
                None => problems.push(format!("`hoverPictures` is `true` or `false`, not {value}")),
            }
        }
        if let Some(value) = options.get("debounceMs") {
            match value.as_u64().filter(|ms| *ms <= MAX_DEBOUNCE_MS) {
                Some(ms) => self.debounce = std::time::Duration::from_millis(ms),
                None => problems.push(format!(
                    "`debounceMs` is a number of milliseconds from 0 to {MAX_DEBOUNCE_MS}, not {value}"
                )),
            }
        }
        if let Some(value) = options.get("maxDiagnostics") {
            match value {
                Value::Null => self.max_diagnostics = None,
                _ => match value
                    .as_u64()
                    .and_then(|n| usize::try_from(n).ok())
                    .filter(|n| *n > 0)
                {
                    Some(n) => self.max_diagnostics = Some(n),
                    None => problems.push(format!(
                        "`maxDiagnostics` is a number above 0 (or null for no limit), not {value}"
                    )),
                },
            }
        }
        problems
    }
}
