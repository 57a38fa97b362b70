//! The registry of every diagnostic code, as `explain`, the SARIF rules, the language server
//! and the fixtures read it: the shared codes of `crates/core/src/codes.rs`, the lints of the tile model's
//! expansion contents (`model::tile::CODES`), and each ruleset's and expansion's own codes
//! from its descriptor ([`RulesetDescriptor::codes`], [`ExpansionDescriptor::codes`]). It
//! lives here, above the codes and the model, because only the descriptors know which
//! expansions there are; `crates/core/src/codes.rs` imports nothing.
//!
//! A code shared by every ruleset (the empty supply, V108) is explained once in
//! `crates/core/src/codes.rs`; what each ruleset or expansion adds to it (its counts, its figures, its
//! rule's words) is a [`CodeNote`] of its descriptor, which [`explanation`] appends.

use std::borrow::Cow;
use std::sync::OnceLock;

use super::descriptor::{ExpansionDescriptor, RulesetDescriptor};
use carcspec_core::codes::{self, Code};

/// A ruleset's or an expansion's own words in the explanation of a code that others share:
/// a paragraph, or a list item (starting with `- `, or `  - ` nested) that follows the items
/// before it without a blank line.
#[derive(Debug, PartialEq, Eq)]
pub struct CodeNote {
    pub code: &'static Code,
    pub text: &'static str,
}

/// Every code, once, ordered by its range (as `crates/core/src/codes.rs` lists the ranges: `T`, `G`, `V`,
/// `X`, `J`, `F`, `R`, `L`) and its number within it.
pub fn all() -> &'static [&'static Code] {
    static ALL: OnceLock<Vec<&'static Code>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all: Vec<&'static Code> = Vec::new();
        let tables = [codes::CORE, crate::model::tile::CODES]
            .into_iter()
            .chain(owners().map(|owner| owner.codes));
        for code in tables.flatten() {
            if !all.iter().any(|known| std::ptr::eq(*known, *code)) {
                all.push(code);
            }
        }
        let range_rank = |code: &Code| {
            let letter = code.code.as_bytes()[0];
            codes::CORE
                .iter()
                .position(|c| c.code.as_bytes()[0] == letter)
                .unwrap_or(usize::MAX)
        };
        all.sort_by_key(|code| (range_rank(code), &code.code[1..]));
        all
    })
}

/// Looks up a code by its number (`T204`, any case) or its name (`unknown-city`).
pub fn find(query: &str) -> Option<&'static Code> {
    all()
        .iter()
        .copied()
        .find(|c| c.code.eq_ignore_ascii_case(query) || c.name == query)
}

/// The whole explanation of `code`: its text in the registry and the notes every ruleset and
/// expansion adds to it, in the order of the rulesets and of their expansions.
pub fn explanation(code: &Code) -> Cow<'static, str> {
    if std::ptr::eq(code, &codes::UNKNOWN_STATEMENT) {
        return Cow::Owned(format!(
            "{}\n\n{}",
            code.explanation,
            crate::syntax::statements::listed()
        ));
    }
    if std::ptr::eq(code, &codes::UNKNOWN_VARIANT) {
        return Cow::Owned(format!("{}\n\n{}", code.explanation, variants_listed()));
    }
    let mut notes = owners()
        .flat_map(|owner| owner.code_notes)
        .filter(|note| std::ptr::eq(note.code, code))
        .peekable();
    if notes.peek().is_none() {
        return Cow::Borrowed(code.explanation);
    }
    let mut text = code.explanation.to_string();
    let mut after_item = false;
    for note in notes {
        let item = note.text.trim_start().starts_with("- ");
        text.push_str(if item && after_item { "\n" } else { "\n\n" });
        text.push_str(note.text);
        after_item = item;
    }
    Cow::Owned(text)
}

/// Every ruleset's variants, each with its values (the default first) and what it decides.
fn variants_listed() -> String {
    super::all()
        .filter(|ruleset| !ruleset.variants.is_empty())
        .map(|ruleset| {
            let variants: Vec<String> = ruleset
                .variants
                .iter()
                .map(|v| {
                    format!(
                        "  - `variant {} {}`: {} (default `{}`)",
                        v.name,
                        v.values.join(" | "),
                        v.help,
                        v.values.first().copied().unwrap_or_default()
                    )
                })
                .collect();
            format!("{}:\n{}", ruleset.ruleset.name(), variants.join("\n"))
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// A ruleset or an expansion, as the registry reads it: its own codes and its notes.
struct Owner {
    codes: &'static [&'static Code],
    code_notes: &'static [CodeNote],
}

/// Each ruleset, then each of its expansions.
fn owners() -> impl Iterator<Item = Owner> {
    let of_ruleset = |d: &'static RulesetDescriptor| Owner {
        codes: d.codes,
        code_notes: d.code_notes,
    };
    let of_expansion = |e: &'static ExpansionDescriptor| Owner {
        codes: e.codes,
        code_notes: e.code_notes,
    };
    super::all().flat_map(move |ruleset| {
        std::iter::once(of_ruleset(ruleset)).chain(ruleset.expansions.iter().map(of_expansion))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// G007's explanation lists every variant of every ruleset with all its values and its
    /// default, as the message of G007 does: a variant added to a ruleset is explained at once.
    #[test]
    fn g007_lists_every_variant_of_every_ruleset() {
        let text = explanation(&codes::UNKNOWN_VARIANT);
        for ruleset in super::super::all() {
            assert!(text.contains(&format!("{}:", ruleset.ruleset.name())));
            for variant in ruleset.variants {
                let line = format!("`variant {} {}`", variant.name, variant.values.join(" | "));
                assert!(text.contains(&line), "{line} missing from:\n{text}");
                assert!(text.contains(&format!("(default `{}`)", variant.values[0])));
            }
        }
    }

    #[test]
    fn every_code_is_listed_once_in_the_order_of_its_range_and_number() {
        let all = all();
        for pair in all.windows(2) {
            let [a, b] = pair else { unreachable!() };
            assert_ne!(a.code, b.code, "{} twice", a.code);
            let same_range = a.code.as_bytes()[0] == b.code.as_bytes()[0];
            assert!(
                !same_range || a.code < b.code,
                "{} listed before {}",
                a.code,
                b.code
            );
        }
        // The ranges follow one another as `crates/core/src/codes.rs` lists them, each range whole.
        let mut ranges: Vec<u8> = all.iter().map(|c| c.code.as_bytes()[0]).collect();
        ranges.dedup();
        let mut listed: Vec<u8> = codes::CORE.iter().map(|c| c.code.as_bytes()[0]).collect();
        listed.dedup();
        assert_eq!(
            String::from_utf8(ranges).unwrap(),
            String::from_utf8(listed).unwrap()
        );
        for code in [
            &codes::UNEXPECTED_TOKEN,
            &crate::model::tile::GARDEN_OUTSIDE_FIELD,
            &super::super::carcassonne::river::RIVER_NO_FIGURE,
            &super::super::carcassonne::abbot::ABBOT_FEATURE_COMPLETE,
        ] {
            assert!(all.iter().any(|c| std::ptr::eq(*c, code)), "{}", code.code);
            assert!(std::ptr::eq(find(code.name).unwrap(), code));
            assert!(std::ptr::eq(
                find(&code.code.to_ascii_lowercase()).unwrap(),
                code
            ));
        }
    }

    /// A note adds to a code of the registry, in one list with the notes of the other
    /// rulesets where it is a list item.
    #[test]
    fn notes_are_appended_to_registered_codes_as_paragraphs_or_one_list() {
        for owner in owners() {
            for note in owner.code_notes {
                assert!(
                    all().iter().any(|c| std::ptr::eq(*c, note.code)),
                    "a note to {}, which is not in the registry",
                    note.code.code
                );
                assert!(explanation(note.code).contains(note.text));
            }
        }
        let supply = explanation(&codes::SUPPLY_EMPTY);
        assert!(supply.starts_with(codes::SUPPLY_EMPTY.explanation));
        let list = supply
            .split_once("\n\n- ")
            .expect("the supplies as a list")
            .1;
        assert!(!list.contains("\n\n"), "one list: {supply}");
        assert!(matches!(
            explanation(&codes::UNEXPECTED_TOKEN),
            Cow::Borrowed(_)
        ));
    }
}

/// The statement table against the explanation that lists it.
#[cfg(test)]
mod g001 {
    use super::*;
    use crate::syntax::statements;

    /// G001's explanation, which `carcspec explain G001` prints, names every statement and
    /// every kind of expectation.
    #[test]
    fn g001_names_every_statement_and_expectation() {
        let text = explanation(&codes::UNKNOWN_STATEMENT);
        for spec in statements::STATEMENTS {
            assert!(
                text.contains(&format!("`{}", spec.keyword)),
                "{} in G001",
                spec.keyword
            );
        }
        for kind in statements::EXPECTATIONS.iter().filter_map(|e| e.word) {
            assert!(
                text.contains(&format!("`{kind}`")) || text.contains(&format!("`expect {kind}`")),
                "{kind} in G001"
            );
        }
    }
}
