//! What carcspec knows of a ruleset before a game is played: one value a ruleset
//! ([`RulesetDescriptor`]), written in the ruleset's own folder and read by every stage that
//! needs a ruleset's facts without playing it — lowering (figures, expansions, variants), the
//! JCloisterZone import (its set ids), the language server (completion and help), render's
//! legend, simulate's defaults and `explain`. A new expansion is an entry of its ruleset's
//! descriptor, not a name spelled again in each of those stages.

pub use super::codes::CodeNote;
pub use super::jcz::{JczElement, JczMeaning, JczPart};
use crate::model::{ContentKind, FeatureKind, Marker, Ruleset};
use carcspec_core::codes::Code;

// The lookup of a ruleset's descriptor names every ruleset, so it lives with the list of
// rulesets (`crates/rules/src/lib.rs`), which the rulesets' own descriptors do not import.
use super::{FigureSpec, VariantSpec};
pub use super::{all, describe};
use crate::pictures::SymbolPictures;

/// One ruleset: its name and family ([`Ruleset`]), the tile set it is played with, the
/// expansions it implements, its figures and its variants.
#[derive(Debug)]
pub struct RulesetDescriptor {
    pub ruleset: Ruleset,
    /// The ruleset as its rulebook is titled: "Carcassonne (2nd edition)".
    pub title: &'static str,
    /// The shipped tile set a game of the ruleset is played with when it names none.
    pub base_tile_set: &'static ShippedSet,
    /// JCloisterZone's id of the base tile set (`basic:1`), where JCloisterZone plays the ruleset.
    pub jcz_set: Option<&'static str>,
    /// How JCloisterZone's saved games show the base game: its elements, meeples, feature
    /// names and rules.
    pub jcz: &'static JczPart,
    /// Every figure of the ruleset and of its implemented expansions, in the order the game
    /// language lists them (what `Rules::figure_names` gives in the default reading), each
    /// with its pool, the features it stands on and its strength when the majority on a
    /// feature is decided (`rules::majority` reads it here: Inns & Cathedrals' large follower
    /// weighs 2).
    pub figures: &'static [FigureSpec],
    /// The expansions whose rules carcspec implements: an `expansion` line naming one
    /// switches its rules on.
    pub expansions: &'static [ExpansionDescriptor],
    /// The official expansions with rules of their own that carcspec does not implement, in
    /// the spellings of the rulebooks and of JCloisterZone: playing their tiles as a fan
    /// expansion would silently drop those rules, so they are refused by name.
    pub unimplemented_expansions: &'static [&'static str],
    /// The expansions whose tile set brings a start tile that replaces the base set's (The
    /// River's spring): their set may mark a tile `start`, and a game with it starts there,
    /// the base start tile back in the box.
    pub replacing_start_tile: &'static [&'static str],
    /// The rule variants a game may choose (the first value of each is the default).
    pub variants: &'static [VariantSpec],
    /// Each player's supply, pool by pool: the pool's name and how many figures it holds at
    /// the start. A figure's spec names its pool by its index here (`FigureSpec::pool`).
    pub pools: &'static [(&'static str, u32)],
    /// How many may play, as the rulebook says, and as a variant may say otherwise
    /// ([`RulesetDescriptor::seats`] adds an expansion's own colour).
    pub players: Players,
    /// How messages name the forest that earns a bonus tile, where the ruleset has bonus
    /// tiles: the 2002 rules' gold nugget (a menhir of the v2 tiles counts as one), the 2020
    /// rules' menhir.
    pub bonus: Option<BonusWording>,
    /// What the ruleset's take-back takes (`return`: the 2020 shaman, the abbot), for the help
    /// of a `return` that names no figure of the player's; `None` where no move of the ruleset
    /// takes a figure back.
    pub take_back_help: Option<&'static str>,
    /// The codes of the ruleset's own rules, beyond the registry's shared ones (`crates/core/src/codes.rs`):
    /// [`super::codes::all`] lists them with the others.
    pub codes: &'static [&'static Code],
    /// What the ruleset adds to the explanation of a shared code (its supply to V108's).
    pub code_notes: &'static [CodeNote],
    /// The kinds of feature closed by their ends whose incomplete features the final scoring
    /// still pays (Carcassonne's cities and roads; Hunters and Gatherers pays no incomplete
    /// forest or river). The search's prospect prior counts what closing such a feature adds
    /// over that (docs/simulation.md).
    pub open_features_paid_at_end: &'static [FeatureKind],
    /// The pictures of the markers and contents of the ruleset's own tiles (the base game's
    /// pennant, Hunters and Gatherers' animals), which render draws.
    pub pictures: &'static SymbolPictures,
    /// The lines `simulate`'s report gives the counts of the ruleset's own state (the 2020
    /// powers used); its expansions declare theirs.
    pub statistics: &'static [StatisticsLine],
}

/// A line of `simulate`'s report for counts that a ruleset or an expansion keeps of its own
/// state: each count is asked of the ruleset by its name ([`crate::Rules::count`]) at the
/// end of each game and reported as its mean per game (in the JSON report as
/// `<name>_per_game`, for every ruleset's counts, 0 where a game keeps none).
#[derive(Debug, PartialEq)]
pub struct StatisticsLine {
    pub counts: &'static [&'static str],
    /// The line for people, a `{}` for each count's mean per game (two decimals); shown
    /// where any of the counts is above zero.
    pub text: &'static str,
}

impl StatisticsLine {
    /// The line for people with the means of its counts, in order.
    pub fn written(&self, means: &[f64]) -> String {
        let mut parts = self.text.split("{}");
        let mut out = parts.next().unwrap_or_default().to_string();
        for (part, mean) in parts.zip(means) {
            out.push_str(&format!("{mean:.2}"));
            out.push_str(part);
        }
        out
    }
}

/// How many players a ruleset seats.
#[derive(Debug)]
pub struct Players {
    /// The rulebook's fewest and most players.
    pub rulebook: (usize, usize),
    /// A variant that seats another range: its name, its value, the fewest and the most
    /// (Carcassonne's `player-count jcloisterzone`: 1 to 6).
    pub by_variant: Option<(&'static str, &'static str, (usize, usize))>,
}

/// A tile set shipped with carcspec (`tiles/`): its name, which games and commands may give
/// wherever a tile-set path is accepted, and its text, built into the binary. Each is
/// declared by the module of the ruleset or expansion it belongs to;
/// `crates/front/src/shipped.rs` lists what the descriptors hold.
#[derive(Debug, PartialEq, Eq)]
pub struct ShippedSet {
    pub name: &'static str,
    pub text: &'static str,
}

/// The words of the messages about the forest that earns a bonus tile, in a ruleset that has
/// bonus tiles ([`RulesetDescriptor::bonus`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BonusWording {
    /// The forest as a label names it: "a forest with a gold nugget".
    pub forest: &'static str,
    /// The forest in a message or a help: "a forest with gold".
    pub forest_short: &'static str,
    /// Every forest that earns a bonus tile, for the help of `expect bonus`.
    pub earning: &'static str,
    /// The pile the bonus tiles are drawn from: "the bonus stack", "the menhir pile".
    pub pile: &'static str,
}

/// An expansion whose rules carcspec implements.
#[derive(Debug, PartialEq)]
pub struct ExpansionDescriptor {
    /// As an `expansion` line names it: `hills-and-sheep`.
    pub name: &'static str,
    /// As its rulebook is titled: "Hills & Sheep".
    pub title: &'static str,
    /// The shipped tile set of the expansion, if carcspec ships one.
    pub tile_set: Option<&'static ShippedSet>,
    /// JCloisterZone's id of that tile set (`hills-and-sheep:1`).
    pub jcz_set: Option<&'static str>,
    /// Other printings of the expansion's tiles that JCloisterZone names a set of their own,
    /// each played instead of `tile_set` (Hills & Sheep's `hills-and-sheep:2`, with a garden).
    pub other_printings: &'static [Printing],
    /// How JCloisterZone's saved games show the expansion beyond its tile set: the elements
    /// that switch it on and what each sets, its meeples, its rules, the variants its play
    /// implies, its take-back.
    pub jcz: &'static JczPart,
    /// The figures the expansion brings into play (the shepherd): a game names them only
    /// when it declares the expansion.
    pub figures: &'static [&'static str],
    /// The tile markers that mean something only with the expansion (hills, vineyards).
    pub markers: &'static [Marker],
    /// The contents of a feature that mean something only with the expansion (Inns &
    /// Cathedrals' inn and cathedral): in a game without it they are decoration (V192).
    pub contents: &'static [ContentKind],
    /// The features that mean something only with the expansion (the abbot's garden): in a
    /// game without it nobody stands on them and they score nothing (V192).
    pub features: &'static [FeatureKind],
    /// The pictures of the markers and contents the expansion gives a meaning (Hills &
    /// Sheep's hill and vineyard, Inns & Cathedrals' inn and cathedral), which render draws.
    pub pictures: &'static SymbolPictures,
    /// The lines `simulate`'s report gives the counts of the expansion's own state (Hills &
    /// Sheep's flocks to the stable and wolves).
    pub statistics: &'static [StatisticsLine],
    /// The most players a game with the expansion seats where the expansion brings a colour
    /// of its own (Inns & Cathedrals' sixth, pink); `None` where it brings none.
    pub seats_up_to: Option<usize>,
    /// The codes of the expansion's own rules (The River's V170–V175), declared in its
    /// module: [`super::codes::all`] lists them with the others.
    pub codes: &'static [&'static Code],
    /// What the expansion adds to the explanation of a shared code (its figure to V108's
    /// supplies and V109's features).
    pub code_notes: &'static [CodeNote],
}

/// A printing of an expansion's tiles other than its `tile_set`, with JCloisterZone's id of
/// it.
#[derive(Debug, PartialEq, Eq)]
pub struct Printing {
    /// As a help names it: "Hills & Sheep with a garden".
    pub title: &'static str,
    /// JCloisterZone's id of the set (`hills-and-sheep:2`).
    pub jcz_set: &'static str,
    /// The shipped tile set.
    pub tile_set: &'static ShippedSet,
}

impl ExpansionDescriptor {
    /// Every shipped tile set of the expansion: its `tile_set`, then its other printings.
    pub fn tile_sets(&self) -> impl Iterator<Item = &'static ShippedSet> + use<> {
        let printings = self.other_printings.iter().map(|p| p.tile_set);
        self.tile_set.into_iter().chain(printings)
    }

    /// The expansion's JCloisterZone sets: (JCloisterZone's id, title, shipped set).
    fn jcz_sets(
        &self,
    ) -> impl Iterator<Item = (&'static str, &'static str, &'static ShippedSet)> + use<> {
        let main = self
            .jcz_set
            .zip(self.tile_set)
            .map(|(id, set)| (id, self.title, set));
        let printings = self
            .other_printings
            .iter()
            .map(|p| (p.jcz_set, p.title, p.tile_set));
        main.into_iter().chain(printings)
    }
}

/// What an expansion's name stands for (see [`RulesetDescriptor::classify_expansion`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpansionKind {
    /// An expansion whose rules carcspec implements (`hills-and-sheep`): its name switches
    /// them on.
    Rules,
    /// A fan expansion: its tile set adds tiles, with the contents and markers its ruleset
    /// (and the rule-bearing expansions it declares) already knows.
    Fan,
    /// A rule-bearing expansion of another ruleset.
    OfAnotherRuleset(Ruleset),
    /// An official expansion whose own rules carcspec does not implement: playing its tiles
    /// as a fan expansion would silently drop them.
    RulesNotImplemented,
    /// Not a name: it must start with a letter and hold lowercase letters, digits and `-`.
    InvalidName,
}

/// The rulesets as a help text lists them: "`carcassonne`, `hunters-gatherers` or
/// `hunters-gatherers-2020`".
pub fn ruleset_names_for_help() -> String {
    let names: Vec<String> = all().map(|d| format!("`{}`", d.ruleset.name())).collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The ruleset and, where one is needed, the expansion that gives `marker` a meaning.
pub fn owner_of_marker(marker: Marker) -> (Ruleset, Option<&'static ExpansionDescriptor>) {
    // The family the marker is printed on owns it; another family's expansion may print it
    // too (The River II's volcano), which `owner_of_marker_in` finds for that family's sets.
    for descriptor in all().filter(|d| d.ruleset.family() == marker.family()) {
        if let Some(expansion) = descriptor
            .expansions
            .iter()
            .find(|e| e.markers.contains(&marker))
        {
            return (descriptor.ruleset, Some(expansion));
        }
    }
    // A marker no expansion claims is one of a family's own tiles (the volcano).
    (marker.family(), None)
}

/// The owner of `marker` as a tile set of the family `family` reads it: an expansion of
/// that family that claims the marker (The River II's volcano on a Carcassonne tile), or
/// else [`owner_of_marker`].
pub fn owner_of_marker_in(
    marker: Marker,
    family: Ruleset,
) -> (Ruleset, Option<&'static ExpansionDescriptor>) {
    let claimed = describe(family)
        .expansions
        .iter()
        .find(|e| e.markers.contains(&marker));
    match claimed {
        Some(expansion) => (family, Some(expansion)),
        None if marker.family() == family => (family, None),
        None => owner_of_marker(marker),
    }
}

/// The expansion whose shipped tile set JCloisterZone names `jcz_set`, with its ruleset;
/// `None` for the base tile set and for sets carcspec does not ship.
pub fn expansion_of_jcz_set(
    jcz_set: &str,
) -> Option<(&'static RulesetDescriptor, &'static ExpansionDescriptor)> {
    all().find_map(|d| {
        d.expansions
            .iter()
            .find(|e| e.jcz_sets().any(|(id, _, _)| id == jcz_set))
            .map(|e| (d, e))
    })
}

/// JCloisterZone's tile sets that carcspec ships: (JCloisterZone's id, carcspec's name).
pub fn jcz_tile_sets() -> impl Iterator<Item = (&'static str, &'static str)> {
    all().flat_map(|d| {
        let base = d.jcz_set.map(|id| (id, d.base_tile_set.name));
        let expansions = d
            .expansions
            .iter()
            .flat_map(|e| e.jcz_sets().map(|(id, _, set)| (id, set.name)));
        base.into_iter().chain(expansions)
    })
}

/// What a JCloisterZone saved game may hold, in words for a help: each ruleset and expansion
/// that has a JCloisterZone tile set, with the set's id — "Carcassonne (2nd edition)
/// (basic:1) and Hills & Sheep (hills-and-sheep:1)".
pub fn jcz_games_played() -> String {
    let played: Vec<String> = all()
        .flat_map(|d| {
            let base = d.jcz_set.map(|id| format!("{} ({id})", d.title));
            let expansions = d
                .expansions
                .iter()
                .flat_map(|e| e.jcz_sets().map(|(id, title, _)| format!("{title} ({id})")));
            base.into_iter().chain(expansions)
        })
        .collect();
    match played.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => played.concat(),
    }
}

impl RulesetDescriptor {
    /// The implemented expansion called `name`.
    pub fn expansion(&self, name: &str) -> Option<&'static ExpansionDescriptor> {
        self.expansions.iter().find(|e| e.name == name)
    }

    /// The names of the implemented expansions.
    pub fn expansion_names(&self) -> impl Iterator<Item = &'static str> + use<> {
        self.expansions.iter().map(|e| e.name)
    }

    /// What an `expansion <name>` line means for a game or tile set of this ruleset: the
    /// name of an expansion whose rules carcspec implements switches them on; any other
    /// well-formed name is a fan expansion, whose tile set only adds tiles.
    pub fn classify_expansion(&self, name: &str) -> ExpansionKind {
        if self.expansion(name).is_some() {
            return ExpansionKind::Rules;
        }
        if let Some(other) = all().find(|d| d.expansion(name).is_some()) {
            return ExpansionKind::OfAnotherRuleset(other.ruleset);
        }
        if self.unimplemented_expansions.contains(&name) {
            return ExpansionKind::RulesNotImplemented;
        }
        if crate::model::is_expansion_name(name) {
            ExpansionKind::Fan
        } else {
            ExpansionKind::InvalidName
        }
    }

    /// The players a game seats with `variants` chosen and `expansions` declared: the
    /// rulebook's count, or the one a chosen variant sets ([`Players`]), up to the most that a
    /// declared expansion's colour of its own seats (“With 6 players, the 6th player uses the
    /// pink set”).
    pub fn seats(
        &self,
        variants: &[(String, String)],
        expansions: &[String],
    ) -> std::ops::RangeInclusive<usize> {
        let (fewest, most) = match self.players.by_variant {
            Some((name, value, seats)) if super::chosen(variants, name, value) => seats,
            _ => self.players.rulebook,
        };
        let most = self
            .expansions
            .iter()
            .filter(|e| expansions.iter().any(|declared| declared == e.name))
            .filter_map(|e| e.seats_up_to)
            .fold(most, usize::max);
        fewest..=most
    }

    /// The expansion a game must declare before its moves may name the figure `name`, when
    /// the game's `expansions` leave it out: the Hills & Sheep shepherd without
    /// `expansion hills-and-sheep`. `None` when the figure may be named (or is no figure of
    /// the ruleset: that is the ruleset's own answer).
    pub fn missing_expansion_for(
        &self,
        figure: &str,
        expansions: &[String],
    ) -> Option<&'static ExpansionDescriptor> {
        self.expansions
            .iter()
            .find(|e| e.figures.contains(&figure))
            .filter(|e| !expansions.iter().any(|declared| declared == e.name))
    }

    /// Whether pool `pool` ([`RulesetDescriptor::pools`]) is in a game of `expansions`: one of
    /// its figures is the ruleset's own or an expansion's that the game plays. The Hills &
    /// Sheep shepherd's pool is empty in a game without `expansion hills-and-sheep`.
    pub fn pool_in_play(&self, pool: usize, expansions: &[String]) -> bool {
        self.figures.iter().any(|figure| {
            figure.pool == pool
                && self
                    .missing_expansion_for(figure.kind.0, expansions)
                    .is_none()
        })
    }

    /// The expansion whose figures fill pool `pool`, when the ruleset's own figures do not:
    /// what a message names when a game without it asks for that pool.
    pub fn pool_owner(&self, pool: usize) -> Option<&'static ExpansionDescriptor> {
        let mut figures = self.figures.iter().filter(|figure| figure.pool == pool);
        let first = figures.next()?;
        let owner = self
            .expansions
            .iter()
            .find(|e| e.figures.contains(&first.kind.0))?;
        figures
            .all(|figure| owner.figures.contains(&figure.kind.0))
            .then_some(owner)
    }

    /// The spec of the figure `name` among the ruleset's figures.
    pub fn figure(&self, name: &str) -> Option<&'static FigureSpec> {
        self.figures.iter().find(|spec| spec.kind.0 == name)
    }
}

/// The names of a descriptor's figures, in their order: what `Rules::figure_names` gives,
/// derived from the figures' specs at compile time.
pub const fn figure_names<const N: usize>(specs: &[FigureSpec; N]) -> [&'static str; N] {
    let mut names = [""; N];
    let mut index = 0;
    while index < N {
        names[index] = specs[index].kind.0;
        index += 1;
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_jcz_help_names_every_set_the_import_reads() {
        let played = jcz_games_played();
        for (id, _) in jcz_tile_sets() {
            assert!(played.contains(&format!("({id})")), "{id} in {played}");
        }
        assert!(played.contains("Hills & Sheep"), "{played}");
        // One list: the sets joined by commas, the last by "and".
        let mut ids: Vec<(usize, &str)> = jcz_tile_sets()
            .map(|(id, _)| (played.find(&format!("({id})")).unwrap(), id))
            .collect();
        ids.sort();
        assert!(ids.len() > 2, "{played}");
        for (nth, (_, id)) in ids.iter().enumerate() {
            let after = match ids.len() - nth {
                1 => "",
                2 => " and ",
                _ => ", ",
            };
            assert!(played.contains(&format!("({id}){after}")), "{played}");
        }
        assert!(played.ends_with(')'), "{played}");
    }

    /// The descriptor is what the rules play: its figures are the ruleset's own, in the
    /// ruleset's order, and its variants the ones the rules read.
    #[test]
    fn each_descriptor_describes_the_rules_it_names() {
        for descriptor in all() {
            let rules = super::super::for_ruleset(descriptor.ruleset, &[]);
            let names: Vec<&str> = descriptor.figures.iter().map(|f| f.kind.0).collect();
            assert_eq!(names, rules.figure_names(), "{:?}", descriptor.ruleset);
            // The rules play the descriptor's figures, strength included.
            for spec in descriptor.figures {
                assert_eq!(rules.figure(spec.kind.0).as_ref(), Some(spec));
            }
            for expansion in descriptor.expansions {
                for figure in expansion.figures {
                    assert!(names.contains(figure), "{figure}");
                }
            }
            // Every figure comes from a pool of the descriptor's, and every pool holds one.
            for (index, (pool, _)) in descriptor.pools.iter().enumerate() {
                assert!(
                    descriptor.figures.iter().any(|f| f.pool == index),
                    "{pool} holds no figure"
                );
            }
            for spec in descriptor.figures {
                assert!(spec.pool < descriptor.pools.len(), "{:?}", spec.kind);
                // A strength by a content counts one that every feature the figure stands on
                // can hold (the mayor's pennants, in a city): else it would weigh 0 there.
                if let crate::Strength::PerContent(content) = spec.strength {
                    assert!(
                        spec.stands_on
                            .iter()
                            .all(|kind| content.allowed_on().contains(kind)),
                        "{:?} weighs the {} of features that hold none",
                        spec.kind,
                        content.name()
                    );
                }
            }
            for variant in descriptor.variants {
                assert!(variant.values.len() >= 2, "{}", variant.name);
                assert!(!variant.help.is_empty(), "{}", variant.name);
            }
        }
    }

    /// Every tile set a descriptor names is shipped under its name and with its text; no two
    /// descriptors ship different sets under one name; and every file of `tiles/` is shipped
    /// (a set added there without a descriptor's entry would be unreachable by name).
    #[test]
    fn descriptors_and_shipped_tile_sets_agree() {
        let declared: Vec<&ShippedSet> = all()
            .flat_map(|d| {
                std::iter::once(d.base_tile_set)
                    .chain(d.expansions.iter().flat_map(|e| e.tile_sets()))
            })
            .collect();
        for set in &declared {
            assert_eq!(
                carcspec::shipped::tiles(set.name),
                Some(set.text),
                "{}",
                set.name
            );
            assert!(
                set.text.starts_with(&format!("tileset {}", set.name))
                    || set.text.contains(&format!("\ntileset {}\n", set.name)),
                "{} is the set its text names",
                set.name
            );
        }
        let shipped: Vec<&str> = carcspec::shipped::names().collect();
        let mut sorted = shipped.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(shipped, sorted, "listed once each, by name");
        let tiles_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tiles");
        let mut files: Vec<String> = std::fs::read_dir(tiles_dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .filter_map(|file| file.strip_suffix(".tiles").map(str::to_string))
            .collect();
        files.sort();
        assert_eq!(files, shipped, "every file of tiles/ is shipped");
    }

    #[test]
    fn a_figure_of_an_expansion_needs_its_expansion() {
        let base = describe(Ruleset::Carcassonne);
        let missing = base.missing_expansion_for("shepherd", &[]);
        assert_eq!(missing.map(|e| e.name), Some("hills-and-sheep"));
        let declared = ["hills-and-sheep".to_string()];
        assert!(base.missing_expansion_for("shepherd", &declared).is_none());
        assert!(base.missing_expansion_for("knight", &[]).is_none());
        assert!(base.missing_expansion_for("dragon", &[]).is_none());
    }

    #[test]
    fn the_sixth_colour_seats_six_only_with_its_expansion() {
        let base = describe(Ruleset::Carcassonne);
        assert_eq!(base.seats(&[], &[]), 2..=5);
        let sheep = ["hills-and-sheep".to_string()];
        assert_eq!(base.seats(&[], &sheep), 2..=5);
        let inns = ["inns-and-cathedrals".to_string()];
        assert_eq!(base.seats(&[], &inns), 2..=6);
        // JCloisterZone's count seats one to six, with or without the sixth colour.
        let jcloisterzone = [("player-count".to_string(), "jcloisterzone".to_string())];
        assert_eq!(base.seats(&jcloisterzone, &[]), 1..=6);
        assert_eq!(base.seats(&jcloisterzone, &inns), 1..=6);
        for ruleset in [Ruleset::HuntersGatherers, Ruleset::HuntersGatherers2020] {
            assert_eq!(describe(ruleset).seats(&[], &[]), 2..=5);
        }
    }

    #[test]
    fn expansions_are_told_apart_by_their_ruleset() {
        let base = describe(Ruleset::Carcassonne);
        let hunters = describe(Ruleset::HuntersGatherers);
        assert_eq!(
            base.classify_expansion("hills-and-sheep"),
            ExpansionKind::Rules
        );
        assert_eq!(
            hunters.classify_expansion("hills-and-sheep"),
            ExpansionKind::OfAnotherRuleset(Ruleset::Carcassonne)
        );
        assert_eq!(base.classify_expansion("the-river"), ExpansionKind::Rules);
        assert_eq!(base.classify_expansion("the-river-2"), ExpansionKind::Rules);
        assert_eq!(
            base.classify_expansion("the-tower"),
            ExpansionKind::RulesNotImplemented
        );
        assert_eq!(base.classify_expansion("my-tiles"), ExpansionKind::Fan);
        assert_eq!(
            base.classify_expansion("My Tiles"),
            ExpansionKind::InvalidName
        );
        assert_eq!(
            owner_of_marker(Marker::Hill),
            (Ruleset::Carcassonne, base.expansion("hills-and-sheep"))
        );
        assert_eq!(
            owner_of_marker(Marker::Volcano),
            (Ruleset::HuntersGatherers, None)
        );
        // The River II prints the volcano on Carcassonne tiles; Hunters and Gatherers keeps
        // its own.
        assert_eq!(
            owner_of_marker_in(Marker::Volcano, Ruleset::Carcassonne),
            (Ruleset::Carcassonne, base.expansion("the-river-2"))
        );
        assert_eq!(
            owner_of_marker_in(Marker::Volcano, Ruleset::HuntersGatherers),
            (Ruleset::HuntersGatherers, None)
        );
        assert_eq!(
            owner_of_marker_in(Marker::Hill, Ruleset::Carcassonne),
            (Ruleset::Carcassonne, base.expansion("hills-and-sheep"))
        );
    }

    #[test]
    fn rulesets_are_listed_for_help() {
        assert_eq!(
            ruleset_names_for_help(),
            "`carcassonne`, `hunters-gatherers` or `hunters-gatherers-2020`"
        );
    }
}
