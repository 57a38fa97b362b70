//! Diagnostics: every problem carcspec reports, from a stray brace to an illegal move.
//!
//! A diagnostic carries a stable code (`T204`) and kebab-case name (`unknown-city`) from the
//! registry in [`crate::codes`], a message that states the problem, labels that point into the
//! source, and a `help` that says what to do. Rendering lives in [`crate::report`].

use serde::Serialize;

use crate::codes::Code;

/// A byte range in one source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, PartialOrd, Ord)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// True for the span of something that has no place in a text (a value read from JSON).
    pub fn is_unknown(self) -> bool {
        self == Span::default()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: &'static Code,
    pub message: String,
    /// Where the problem is; `None` when the input has no text positions (e.g. JSON values).
    pub primary: Option<Label>,
    /// Related places, such as the first definition of a duplicated id.
    pub secondary: Vec<Label>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn new(code: &'static Code, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            message: message.into(),
            primary: None,
            secondary: Vec::new(),
            help: None,
        }
    }

    /// Points the diagnostic at `span` (ignored when the span is unknown).
    pub fn at(mut self, span: Span, label: impl Into<String>) -> Self {
        if !span.is_unknown() {
            self.primary = Some(Label {
                span,
                message: label.into(),
            });
        }
        self
    }

    pub fn also(mut self, span: Span, label: impl Into<String>) -> Self {
        if !span.is_unknown() {
            self.secondary.push(Label {
                span,
                message: label.into(),
            });
        }
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn severity(&self) -> Severity {
        self.code.severity
    }

    pub fn is_error(&self) -> bool {
        self.severity() == Severity::Error
    }
}

/// Sorts diagnostics by position in the text, so that a report reads top to bottom.
pub fn sort_by_position(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by_key(|d| d.primary.as_ref().map_or(usize::MAX, |l| l.span.start));
}
