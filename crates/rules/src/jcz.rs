//! How JCloisterZone's saved games show a ruleset's base game and each of its expansions: the
//! part of a [`RulesetDescriptor`](super::descriptor::RulesetDescriptor) and of an
//! [`ExpansionDescriptor`](super::descriptor::ExpansionDescriptor) that the `.jcz` import
//! (`crates/front/src/lower/jcz.rs`) reads, so that an expansion's elements, meeples, rules and
//! implied variants are rows of its own descriptor, not names spelled again in the import.

use crate::model::FeatureKind;

/// What JCloisterZone calls the parts of a base game or an expansion.
#[derive(Debug, PartialEq, Eq)]
pub struct JczPart {
    /// Its elements of `setup.elements`. In a file that lists its elements, one that is on
    /// (a count above 0, or `true`) switches the expansion on, and one that is absent is off.
    pub elements: &'static [JczElement],
    /// JCloisterZone's meeple types (the `<type>` of `<player>.<type>.<n>`) and the pool
    /// (an index into `RulesetDescriptor::pools`) each is taken from: a meeple deployed is the pool's
    /// figure that stands on the feature (the pool's one figure, where it has one).
    pub meeples: &'static [(&'static str, usize)],
    /// JCloisterZone's names of feature kinds (a deployment pointer's `feature`).
    pub features: &'static [(&'static str, FeatureKind)],
    /// JCloisterZone's rules (`setup.rules`) that are variants of the same name and values.
    pub rules: &'static [&'static str],
    /// The variants JCloisterZone's own play implies when the expansion is in play (name,
    /// value), set unless the game sets them.
    pub implied_variants: &'static [(&'static str, &'static str)],
    /// The `source` of a `RETURN_MEEPLE` that takes one of its figures back early, and the
    /// meeple type taken back (`ABBOT_RETURN`, `abbot`).
    pub take_back: Option<(&'static str, &'static str)>,
    /// The replay messages that are moves of the expansion's own.
    pub moves: &'static [JczMove],
}

/// One of JCloisterZone's replay messages that is a move of an expansion's own (Hills &
/// Sheep's `SHEPHERD_CONFIRM` is `flock`): the import reads it by this row, so it names no
/// expansion.
#[derive(Debug, PartialEq, Eq)]
pub struct JczMove {
    /// The message's type.
    pub message: &'static str,
    /// The value of the payload's `value` that makes the message this move, for a message
    /// that is one of several moves by its value (`FLOCK_EXPAND_OR_SCORE`: `EXPAND` is `grow`).
    pub value: Option<&'static str>,
    /// The move's statement keyword (`crates/syntax/src/statements.rs`). A move whose words are a
    /// token takes the message's `random` as chance's draw.
    pub keyword: &'static str,
}

impl JczPart {
    /// A game or an expansion that JCloisterZone does not show, or shows by its tile set alone.
    pub const NONE: JczPart = JczPart {
        elements: &[],
        meeples: &[],
        features: &[],
        rules: &[],
        implied_variants: &[],
        take_back: None,
        moves: &[],
    };
}

/// One of JCloisterZone's `setup.elements`.
#[derive(Debug, PartialEq, Eq)]
pub struct JczElement {
    /// As `setup.elements` names it: `big-follower`.
    pub name: &'static str,
    pub meaning: JczMeaning,
}

/// What an element's value sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JczMeaning {
    /// Each player's count of a pool (an index into `RulesetDescriptor::pools`), a whole number 0–99
    /// (`true` for one, `false` for none, where `or_flag`): a `supply` line where it is not
    /// the rules' count.
    Pool { pool: usize, or_flag: bool },
    /// `true` or `false`, on when present (JCloisterZone asks `containsKey`, so `false` is on
    /// too): absent plays the variant of this name with the value `off`.
    Variant(&'static str),
    /// `true` or `false` (or a count), on when present: it switches the expansion on and
    /// changes nothing else in carcspec's play.
    Presence,
}

#[cfg(test)]
mod tests {
    use crate::jcz::JczMeaning;
    use crate::model::FeatureKind;
    use crate::syntax::statements::{self, MoveWords};

    /// Every ruleset JCloisterZone plays: each pool of its rules is counted by one element and
    /// deployed as one meeple type, and every feature kind a figure stands on has a name, so an
    /// expansion that brings a pool or a feature kind and forgets its JCloisterZone part fails
    /// here rather than importing its games wrongly.
    #[test]
    fn jcloisterzone_parts_name_every_pool_and_feature() {
        for descriptor in crate::all().filter(|d| d.jcz_set.is_some()) {
            let parts: Vec<_> = std::iter::once(descriptor.jcz)
                .chain(descriptor.expansions.iter().map(|e| e.jcz))
                .collect();
            let pools = descriptor.pools;
            for (index, (pool, _)) in pools.iter().enumerate() {
                let elements = parts
                    .iter()
                    .flat_map(|p| p.elements)
                    .filter(|e| matches!(e.meaning, JczMeaning::Pool { pool, .. } if pool == index))
                    .count();
                let meeples = parts
                    .iter()
                    .flat_map(|p| p.meeples)
                    .filter(|(_, pool)| *pool == index)
                    .count();
                assert_eq!((elements, meeples), (1, 1), "the pool {pool}");
            }
            let named: Vec<FeatureKind> = parts
                .iter()
                .flat_map(|p| p.features)
                .map(|(_, kind)| *kind)
                .collect();
            for figure in descriptor.figures {
                for kind in figure.stands_on {
                    assert!(
                        named.contains(kind),
                        "{kind:?}, where {} stands",
                        figure.kind.0
                    );
                }
            }
            let mut names: Vec<&str> = parts
                .iter()
                .flat_map(|p| p.elements)
                .map(|e| e.name)
                .collect();
            let count = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), count, "an element named twice");
            for jcz_move in parts.iter().flat_map(|p| p.moves) {
                let Some((_, statement)) = statements::ruleset_move(jcz_move.keyword) else {
                    panic!("`{}` is no ruleset move", jcz_move.keyword);
                };
                // A take-back is read from `RETURN_MEEPLE` (`take_back`); the import reads
                // a token's draw from a message's `random` and no other words yet.
                assert!(
                    matches!(statement.words, MoveWords::Nothing | MoveWords::Token),
                    "the words of `{}`",
                    jcz_move.keyword
                );
            }
            for (_, meeple_type) in parts.iter().filter_map(|p| p.take_back) {
                assert!(
                    parts
                        .iter()
                        .flat_map(|p| p.meeples)
                        .any(|(name, _)| *name == meeple_type),
                    "the take-back of `{meeple_type}`"
                );
            }
        }
    }
}
