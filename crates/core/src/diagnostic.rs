//! Diagnostics: every problem carcspec reports, from a stray brace to an illegal move.
//!
//! A diagnostic carries a stable code (`T204`) and kebab-case name (`unknown-city`) from the
//! registry in [`crate::codes`], a message that states the problem, labels that point into the
//! source, and a `help` that says what to do. Rendering lives in `carcspec::report`.

use serde::Serialize;

// A code's severity is part of its registry entry; diagnostics carry it on.
pub use crate::codes::Severity;
use crate::codes::{self, Code};

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

/// The most diagnostics a report keeps of one file. Beyond it, a file that is wrong all over
/// (a binary file, a transcript of another program's dialect) would print megabytes that no
/// one reads: the rest are counted by code in one summary diagnostic instead.
pub const MAX_DIAGNOSTICS: usize = 200;

/// Diagnostics left out of a report, counted by code.
#[derive(Debug, Default, Clone)]
pub struct Omitted {
    /// (code, how many), in the order the codes were first left out; few distinct codes.
    counts: Vec<(&'static Code, usize)>,
}

impl Omitted {
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// Counts `other`'s diagnostics too.
    pub fn merge(&mut self, other: Omitted) {
        for (code, count) in other.counts {
            match self.counts.iter_mut().find(|(c, _)| std::ptr::eq(*c, code)) {
                Some((_, n)) => *n += count,
                None => self.counts.push((code, count)),
            }
        }
    }

    fn add(&mut self, code: &'static Code) {
        match self.counts.iter_mut().find(|(c, _)| std::ptr::eq(*c, code)) {
            Some((_, count)) => *count += 1,
            None => self.counts.push((code, 1)),
        }
    }

    /// Keeps the first [`MAX_DIAGNOSTICS`] of `diagnostics` and counts the rest. Cheap when
    /// called after each diagnostic found, as the stages that may find millions do.
    /// The test is inlined (the lowering asks after every statement) and the counting kept
    /// out of line.
    #[inline]
    pub fn keep_first(&mut self, diagnostics: &mut Vec<Diagnostic>) {
        if diagnostics.len() > MAX_DIAGNOSTICS {
            self.count_beyond_limit(diagnostics);
        }
    }

    #[cold]
    fn count_beyond_limit(&mut self, diagnostics: &mut Vec<Diagnostic>) {
        for dropped in diagnostics.drain(MAX_DIAGNOSTICS..) {
            self.add(dropped.code);
        }
    }

    /// The diagnostic that stands for those left out: an error if any of them is one.
    pub fn summary(&self) -> Option<Diagnostic> {
        if self.counts.is_empty() {
            return None;
        }
        let total: usize = self.counts.iter().map(|(_, n)| n).sum();
        let any_error = self
            .counts
            .iter()
            .any(|(c, _)| c.severity == Severity::Error);
        let code = if any_error {
            &codes::DIAGNOSTICS_OMITTED
        } else {
            &codes::WARNINGS_OMITTED
        };
        let mut by_code = self.counts.clone();
        by_code.sort_by_key(|(c, n)| (std::cmp::Reverse(*n), c.code));
        let listed: Vec<String> = by_code
            .iter()
            .map(|(c, n)| format!("{n} × {} {}", c.code, c.name))
            .collect();
        Some(
            Diagnostic::new(
                code,
                format!(
                    "{total} more diagnostic{} not shown (a report shows the first {MAX_DIAGNOSTICS}): {}",
                    if total == 1 { "" } else { "s" },
                    listed.join(", ")
                ),
            )
            .help("fix the diagnostics shown and check again; one mistake often causes many"),
        )
    }
}

/// Whether `diagnostic` stands for diagnostics left out.
fn is_summary(diagnostic: &Diagnostic) -> bool {
    std::ptr::eq(diagnostic.code, &codes::DIAGNOSTICS_OMITTED)
        || std::ptr::eq(diagnostic.code, &codes::WARNINGS_OMITTED)
}

/// Sorts `diagnostics` by position and keeps the first [`MAX_DIAGNOSTICS`], with a summary of
/// the rest (and of those `omitted` before) at the end.
///
/// A summary made before, by a stage that kept its first diagnostics already, is kept as it
/// is, not counted.
pub fn limit_with(diagnostics: &mut Vec<Diagnostic>, omitted: Omitted) {
    limit_in_order(diagnostics, omitted, Order::ByPosition);
}

/// The order of a report's diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// By position in the text: a report that reads top to bottom.
    ByPosition,
    /// As they were found: the order of the game where the text's order is not the game's
    /// (a saved game's assertions stand before its moves, and are checked after them).
    AsFound,
}

/// As [`limit_with`], with the diagnostics in `order`.
pub fn limit_in_order(diagnostics: &mut Vec<Diagnostic>, mut omitted: Omitted, order: Order) {
    let mut earlier_summaries = Vec::new();
    if diagnostics.iter().any(is_summary) {
        let (summaries, others) = std::mem::take(diagnostics)
            .into_iter()
            .partition(is_summary);
        earlier_summaries = summaries;
        *diagnostics = others;
    }
    if order == Order::ByPosition {
        sort_by_position(diagnostics);
    }
    omitted.keep_first(diagnostics);
    diagnostics.extend(earlier_summaries);
    diagnostics.extend(omitted.summary());
}

/// Keeps the first [`MAX_DIAGNOSTICS`] of `diagnostics` (sorted by position) and a summary of
/// the rest.
pub fn limit(diagnostics: &mut Vec<Diagnostic>) {
    limit_with(diagnostics, Omitted::default());
}

/// The `limit` names nearest to `written` by edit distance (at most half its length away),
/// regardless of case; among names as near, those nearer as written, case and all, first
/// (`BA/Rrr`: `BA/RRR`, then `BA/Rr` before `BA/CRRR`).
pub fn nearest(written: &str, names: &[String], limit: usize) -> Vec<String> {
    let lower = written.to_lowercase();
    let mut scored: Vec<(usize, usize, &String)> = names
        .iter()
        .map(|n| {
            let folded = edit_distance(&lower, &n.to_lowercase());
            (folded, edit_distance(written, n), n)
        })
        .filter(|(d, _, n)| *d <= written.len().max(n.len()).div_ceil(2))
        .collect();
    scored.sort();
    // The names as near as the last one kept come too (a few more at most): which of names
    // one edit away is meant, the order of their letters cannot say.
    let last = scored
        .get(limit.saturating_sub(1))
        .map(|(folded, exact, _)| (*folded, *exact));
    let ties = scored
        .iter()
        .skip(limit)
        .take_while(|(folded, exact, _)| Some((*folded, *exact)) == last)
        .take(3)
        .count();
    scored
        .into_iter()
        .take(limit + ties)
        .map(|(_, _, n)| n.clone())
        .collect()
}

/// "did you mean `A` or `B`?" with the names nearest to `written` ([`nearest`], at most
/// `limit`), or `None` when none is close: the one wording of every suggestion of a name.
pub fn did_you_mean(written: &str, names: &[String], limit: usize) -> Option<String> {
    let close = nearest(written, names, limit);
    if close.is_empty() {
        return None;
    }
    let quoted: Vec<String> = close.iter().map(|c| format!("`{c}`")).collect();
    Some(format!("did you mean {}?", quoted.join(" or ")))
}

/// The number of single-character insertions, deletions and substitutions that turn `a` into
/// `b` (Levenshtein).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous + usize::from(ca != *cb);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(previous + 1);
        }
    }
    row[b.len()]
}

/// The ending of a noun counted `n` times in a message: none for one, `s` for any other number
/// (`format!("{n} point{}", plural(n))`: "1 point", "0 points").
/// The indefinite article of `word` in a message: `an` before a vowel (`an abbot`), `a`
/// otherwise (`a monk`). The names carcspec writes this way (figures, features) are plain
/// words, whose first letter says it.
pub fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

pub fn plural<N: PartialEq + From<u8>>(n: N) -> &'static str {
    if n == N::from(1) { "" } else { "s" }
}

/// The 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |at| at + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// The byte offset of a 1-based line and column (columns counted in characters), as parsers of
/// JSON and YAML report places; the inverse of [`line_column`].
pub fn offset_at(text: &str, line: usize, column: usize) -> usize {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let rest = &text[line_start.min(text.len())..];
    let column_offset = rest
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(rest.len(), |(at, _)| at);
    line_start + column_offset
}

#[cfg(test)]
mod tests {
    use super::line_column;

    /// The name that differs only in case comes first; the names one edit away that tie with
    /// the last one kept come too, so that `BA/Rr` (one `r` too many) is not left out for the
    /// order of the letters; a name far off never comes.
    #[test]
    fn nearest_keeps_the_names_as_near_as_the_last() {
        let names: Vec<String> = ["BA/RRR", "BA/RCr", "BA/RFr", "BA/Rr", "BA/CCCC", "BA/L"]
            .map(String::from)
            .to_vec();
        let near = super::nearest("BA/Rrr", &names, 3);
        assert_eq!(near.first().map(String::as_str), Some("BA/RRR"), "{near:?}");
        assert!(near.iter().any(|n| n == "BA/Rr"), "{near:?}");
        assert!(
            !near.iter().any(|n| n == "BA/CCCC" || n == "BA/L"),
            "{near:?}"
        );
    }

    #[test]
    fn offset_at_inverts_line_column() {
        let text = "ab\ncé d";
        for offset in [0, 1, 3, 4, 6, 7] {
            let (line, column) = super::line_column(text, offset);
            assert_eq!(super::offset_at(text, line, column), offset);
        }
    }

    #[test]
    fn line_column_counts_characters() {
        assert_eq!(line_column("ab\ncé d", 7), (2, 4));
        assert_eq!(line_column("ab", 99), (1, 3));
    }
}
