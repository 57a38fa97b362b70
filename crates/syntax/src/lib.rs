//! Syntax: text → AST with spans, plus syntax diagnostics. Knows nothing of rules: which
//! feature kinds, anchors or attributes exist is decided by `carcspec::lower`.

pub mod game;
pub mod jcz;
pub mod statements;
pub mod tiles;

// The bottom layer's modules at the paths the files name them by.
pub(crate) use carcspec_core::{codes, diagnostic, model};

use std::borrow::Cow;

use crate::diagnostic::Span;

/// Text of the AST: borrowed from the source when parsed (no copy), owned when a model is
/// turned back into an AST for printing.
pub type Text<'a> = Cow<'a, str>;

/// A value with the place in the source text it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(value: T, span: Span) -> Self {
        Spanned { value, span }
    }
}

/// The comments (and blank lines) that belong to one statement, kept so that the formatter
/// can write them back.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Comments<'a> {
    /// A blank line separated this statement from the one before.
    pub blank_before: bool,
    /// Whole-line comments above the statement, without the `#`.
    pub leading: Vec<Text<'a>>,
    /// A comment at the end of the statement's line, without the `#`.
    pub trailing: Option<Text<'a>>,
}

/// The byte offset of `rest` (a suffix slice of some line of `text`) within `text`.
pub fn offset_in(text: &str, rest: &str) -> usize {
    (rest.as_ptr() as usize).saturating_sub(text.as_ptr() as usize)
}
