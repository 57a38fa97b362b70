//! Lints of a lowered tile set: what the tile language can say but a tile set must not.
//!
//! Every input (tile language, JSON, YAML) passes these checks before it is used, so a tile
//! set that loads is one the engine can trust. See `carcspec explain T2xx` for each lint.

use std::collections::{BTreeSet, HashMap};

mod rivers;
mod same_shape;
mod topology;

/// The most of one content a feature may show (fish, deer…): more than any tile could picture,
/// and small enough that no sum over a board overflows.
pub const MAX_CONTENT_COUNT: u32 = 99;

use crate::codes;
use crate::diagnostic::{Diagnostic, Span};
use crate::model::MAX_TILES_PER_SET;
use crate::model::{
    Anchor, AnchorClass, Feature, FeatureKind, Half, Ruleset, Side, Tile, TileKind, TileSet,
};

/// What a tile set holds, for the summary line of `tiles lint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    pub tiles: usize,
    pub copies: u64,
    pub start: u64,
    pub land: u64,
    pub bonus: u64,
}

impl Summary {
    pub fn of(set: &TileSet) -> Summary {
        let start = set
            .tiles
            .iter()
            .filter(|t| t.kind == TileKind::Start && t.count > 0)
            .count() as u64;
        // A start tile's other copies are ordinary land tiles in the stack.
        let land = set.copies_of_kind(TileKind::Land) + set.copies_of_kind(TileKind::Start) - start;
        Summary {
            tiles: set.tiles.len(),
            copies: set.copies(),
            start,
            land,
            bonus: set.copies_of_kind(TileKind::Bonus),
        }
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        write!(
            f,
            "{} tile{}, {} cop{}: {} start, {} land, {} bonus",
            self.tiles,
            plural(self.tiles as u64),
            self.copies,
            if self.copies == 1 { "y" } else { "ies" },
            self.start,
            self.land,
            self.bonus
        )
    }
}

/// Runs every lint over `set`.
pub fn lint(set: &TileSet) -> Vec<Diagnostic> {
    lint_except_incomplete(set, &[])
}

/// Runs every lint over `set`, but checks neither the sides nor the reach of the tiles at
/// the indexes in `incomplete` (tiles that lost a line to an error already reported).
pub fn lint_except_incomplete(set: &TileSet, incomplete: &[usize]) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    let complete = complete_tiles(set, incomplete);
    for (tile, complete) in set.tiles.iter().zip(&complete) {
        lint_tile(set, tile, *complete, &mut findings);
    }
    lint_ids_and_counts(set, &mut findings);
    same_shape::lint_same_tiles(set, &complete, &mut findings);
    lint_start_tiles(set, &mut findings);
    if incomplete.is_empty() {
        lint_untouchable(set, &mut findings);
    }
    findings
}

/// Lints the tiles a game file defines: each tile, and ids and counts, but not what only a
/// whole box of tiles must have (a start tile, tiles that can touch each other).
pub fn lint_local_tiles(set: &TileSet, incomplete: &[usize]) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    let complete = complete_tiles(set, incomplete);
    for (tile, complete) in set.tiles.iter().zip(complete) {
        lint_tile(set, tile, complete, &mut findings);
    }
    lint_ids_and_counts(set, &mut findings);
    findings
}

/// Whether each tile of `set` is complete (its index is not in `incomplete`): one pass over
/// both, where asking `incomplete` for each tile was a pass over it per tile, quadratic in a
/// set whose every tile lost a line.
fn complete_tiles(set: &TileSet, incomplete: &[usize]) -> Vec<bool> {
    let mut complete = vec![true; set.tiles.len()];
    for &index in incomplete {
        if let Some(tile) = complete.get_mut(index) {
            *tile = false;
        }
    }
    complete
}

fn lint_tile(set: &TileSet, tile: &Tile, check_sides: bool, findings: &mut Vec<Diagnostic>) {
    let before = findings.len();
    lint_membership(set, tile, findings);
    let mut labels: HashMap<&str, Span> = HashMap::new();
    for feature in &tile.features {
        lint_anchors(tile, feature, check_sides, findings);
        lint_contents(set.ruleset, tile, feature, findings);
        lint_references(tile, feature, findings);
        rivers::lint_river_ends(tile, feature, findings);
        if let Some(label) = &feature.label {
            if !is_label(label) {
                findings.push(
                    Diagnostic::new(
                        &codes::INVALID_LABEL,
                        format!("tile `{}` has a feature labelled `{label}`", tile.id),
                    )
                    .at(feature.spans.label, "not a valid label")
                    .help("a label starts with a letter and holds letters, digits, `-` and `_`"),
                );
            }
            if let Some(first) = labels.insert(label, feature.spans.label) {
                findings.push(
                    Diagnostic::new(
                        &codes::DUPLICATE_LABEL,
                        format!("tile `{}` has two features labelled `{label}`", tile.id),
                    )
                    .at(feature.spans.label, "second use of the label")
                    .also(first, "first use")
                    .help("give each feature its own label"),
                );
            }
        }
    }
    if check_sides {
        let mut unclaimed = UnclaimedHalves::default();
        for side in Side::ALL {
            lint_side(tile, side, &mut unclaimed, findings);
        }
        unclaimed.report(tile, findings);
        // A tile with errors of its own (sides that do not fit together, a bad `shares=`) has
        // no plane to read: its topology is checked once they are fixed.
        if findings[before..].iter().all(|d| !d.is_error()) {
            topology::lint_tile(tile, findings);
        }
    }
}

/// Features, contents, markers and tile kinds that the set's ruleset does not know.
fn lint_membership(set: &TileSet, tile: &Tile, findings: &mut Vec<Diagnostic>) {
    let ruleset = set.ruleset.name();
    let unknown = |what: String, span: Span| {
        Diagnostic::new(
            &codes::UNKNOWN_TO_RULESET,
            format!(
                "{what} on tile `{}` is not part of the ruleset `{ruleset}`",
                tile.id
            ),
        )
        .at(span, format!("unknown to `{ruleset}`"))
    };
    if tile.kind == TileKind::Bonus && set.ruleset != Ruleset::HuntersGatherers {
        findings.push(
            unknown("a bonus tile".into(), tile.spans.kind)
                .help("bonus tiles belong to `hunters-gatherers`; make it a land tile"),
        );
    }
    for (marker, span) in tile
        .markers
        .iter()
        .zip(spans_or_unknown(&tile.spans.markers))
    {
        let (marker_ruleset, expansion) =
            crate::rules::descriptor::owner_of_marker_in(*marker, set.ruleset);
        let expansion = expansion.map(|e| e.name);
        let declared = expansion.is_none_or(|e| set.expansions.iter().any(|x| x == e));
        if marker_ruleset != set.ruleset || !declared {
            let help = match expansion {
                Some(e) if marker_ruleset == set.ruleset => {
                    format!("declare the expansion with `expansion {e}`")
                }
                _ => format!("a {} belongs to `{}`", marker.name(), marker_ruleset.name()),
            };
            findings.push(unknown(format!("the marker `{}`", marker.name()), span).help(help));
        }
    }
    for feature in &tile.features {
        if !feature.kind.belongs_to(set.ruleset) {
            findings.push(
                unknown(format!("a {}", feature.kind), feature.spans.line).help(format!(
                    "a {} belongs to `{}`",
                    feature.kind,
                    feature.kind.ruleset().name()
                )),
            );
        }
    }
    // A feature that lies inside another ("a garden is a one-tile feature sitting inside a
    // field") needs that feature on its tile.
    for inner in &tile.features {
        let Some((outer, code)) = inner.kind.lies_inside() else {
            continue;
        };
        if !tile.features.iter().any(|f| f.kind == outer) {
            findings.push(
                Diagnostic::new(
                    code,
                    format!("the {} of tile `{}` lies in no {outer}", inner.kind, tile.id),
                )
                .at(inner.spans.line, format!("no {outer} on the tile around it"))
                .help(format!(
                    "a {kind} sits inside a {outer}: give the tile its {outer} (`{outer}: N E S W`) beside `{kind}: I`",
                    kind = inner.kind
                )),
            );
        }
    }
}

fn spans_or_unknown(spans: &[Span]) -> impl Iterator<Item = Span> + '_ {
    spans
        .iter()
        .copied()
        .chain(std::iter::repeat(Span::default()))
}

/// `complete`: the tile lost nothing to an error already reported (a feature whose only
/// anchor was unknown, T110, has no anchor left, and is not reported again for that).
fn lint_anchors(tile: &Tile, feature: &Feature, complete: bool, findings: &mut Vec<Diagnostic>) {
    let class = feature.kind.anchor_class();
    let invalid = |message: String, span: Span, help: String| {
        Diagnostic::new(&codes::INVALID_ANCHOR, message)
            .at(span, "does not fit this feature")
            .help(help)
    };
    if feature.anchors.is_empty() {
        if !complete {
            return;
        }
        findings.push(
            Diagnostic::new(
                &codes::INVALID_ANCHOR,
                format!("a {} on tile `{}` has no anchor", feature.kind, tile.id),
            )
            .at(feature.spans.line, "no anchor")
            .help("name the sides it touches after `:`, or `I` for the inside"),
        );
        return;
    }
    let has_inner = feature.anchors.contains(&Anchor::Inner);
    for (anchor, span) in feature
        .anchors
        .iter()
        .zip(spans_or_unknown(&feature.spans.anchors))
    {
        let fits = match (class, anchor) {
            (AnchorClass::Whole | AnchorClass::Middle, Anchor::Side(_)) => true,
            (AnchorClass::Area, Anchor::Side(_) | Anchor::Half(..)) => !has_inner,
            (AnchorClass::Area | AnchorClass::Inner, Anchor::Inner) => feature.anchors.len() == 1,
            _ => false,
        };
        if !fits {
            let help = match (class, feature.kind.lies_inside()) {
                (AnchorClass::Whole, _) => {
                    "cities and forests claim whole sides: N, E, S, W".to_string()
                }
                (AnchorClass::Middle, _) => {
                    "roads and rivers run through the middle of a side: N, E, S, W".to_string()
                }
                (AnchorClass::Area, _) => {
                    "`I` stands alone: an inner field touches no side".to_string()
                }
                (AnchorClass::Inner, Some((outer, _))) => format!(
                    "a {} touches no side (it lies inside its {outer}): anchor it at `I` alone",
                    feature.kind
                ),
                (AnchorClass::Inner, None) => {
                    "monasteries and lakes touch no side: anchor them at `I` alone".to_string()
                }
            };
            findings.push(invalid(
                format!(
                    "the anchor `{anchor}` does not fit a {} on tile `{}`",
                    feature.kind, tile.id
                ),
                span,
                help,
            ));
        }
    }
    let distinct: BTreeSet<_> = feature.anchors.iter().collect();
    if distinct.len() != feature.anchors.len() {
        findings.push(invalid(
            format!(
                "a {} on tile `{}` names an anchor twice",
                feature.kind, tile.id
            ),
            feature.spans.line,
            "name each anchor once".to_string(),
        ));
    }
}

fn lint_contents(family: Ruleset, tile: &Tile, feature: &Feature, findings: &mut Vec<Diagnostic>) {
    let wrong = |what: &str, belongs: String| {
        Diagnostic::new(
            &codes::CONTENT_ON_WRONG_FEATURE,
            format!("{what} on a {} of tile `{}`", feature.kind, tile.id),
        )
        .at(
            feature.spans.attribute(what),
            format!("a {} has no {what}", feature.kind),
        )
        .help(belongs)
    };
    for (content, count) in &feature.contents {
        let valid_count = if content.is_counted() {
            (1..=MAX_CONTENT_COUNT).contains(count)
        } else {
            *count == 1
        };
        if !valid_count {
            findings.push(
                Diagnostic::new(
                    &codes::BAD_ATTRIBUTE_VALUE,
                    format!(
                        "{} {count} on a {} of tile `{}`",
                        content.name(),
                        feature.kind,
                        tile.id
                    ),
                )
                .at(feature.spans.attribute(content.name()), "not a valid count")
                .help(if content.is_counted() {
                    "a count is from 1 to 99; leave the content out for none"
                } else {
                    "this is a plain mark: it is there (1) or left out"
                }),
            );
        }
        let allowed = content.allowed_on();
        if let Some(misplaced) = content.misplaced()
            && !allowed.contains(&feature.kind)
        {
            // An inn lines a road and a cathedral stands in a city: anywhere else the tile
            // means something the rules cannot score, with a code of its own to say which.
            findings.push(
                Diagnostic::new(
                    misplaced.code,
                    format!(
                        "{} on a {} of tile `{}`",
                        misplaced.what, feature.kind, tile.id
                    ),
                )
                .at(
                    feature.spans.attribute(content.name()),
                    format!("a {} has no {}", feature.kind, content.name()),
                )
                .help(misplaced.help.to_string()),
            );
        } else if !allowed.contains(&feature.kind) {
            let names: Vec<_> = allowed.iter().map(|k| k.name()).collect();
            findings.push(wrong(
                content.name(),
                format!("{} belongs on: {}", content.name(), names.join(", ")),
            ));
        }
    }
    if let Some(power) = feature.power
        && power.allowed_on() != feature.kind
    {
        findings.push(wrong(
            "power",
            format!(
                "the power `{}` belongs on a {}",
                power.name(),
                power.allowed_on()
            ),
        ));
    }
    if !feature.touches.is_empty() && feature.kind != FeatureKind::Field {
        findings.push(wrong(
            "touches",
            "only fields name the cities they touch".into(),
        ));
    }
    if !feature.flows_into.is_empty() && feature.kind != FeatureKind::River {
        findings.push(wrong("into", "only rivers flow into lakes".into()));
    }
    // Carcassonne scores no river: The River's arms may end on a tile unmarked (a fork's, the
    // River II city lake's), as JCloisterZone's tiles have them.
    if feature.kind == FeatureKind::River
        && family != Ruleset::Carcassonne
        && feature.touched_sides().count() == 1
        && feature.flows_into.is_empty()
        && feature.count(crate::model::ContentKind::Spring) == 0
        && feature.count(crate::model::ContentKind::ForestEnd) == 0
    {
        findings.push(
            Diagnostic::new(
                &codes::RIVER_WITHOUT_END,
                format!(
                    "a river of tile `{}` ends on the tile at neither a lake, a spring nor a forest",
                    tile.id
                ),
            )
            .at(feature.spans.line, "this river touches one side only")
            .help("add `forest-end` (it ends in a forest of the tile), `spring`, or `into=<lake>` naming the lake it flows into"),
        );
    }
}

fn lint_references(tile: &Tile, feature: &Feature, findings: &mut Vec<Diagnostic>) {
    for (labels, target, code, attribute) in [
        (
            &feature.touches,
            FeatureKind::City,
            &codes::UNKNOWN_CITY,
            "touches",
        ),
        (
            &feature.flows_into,
            FeatureKind::Lake,
            &codes::UNKNOWN_LAKE,
            "into",
        ),
    ] {
        for label in labels {
            let found = tile.feature_by_label(label);
            if found.is_none_or(|f| f.kind != target) {
                let what = match found {
                    Some(f) => format!("`{label}` is a {}, not a {target}", f.kind),
                    None => format!("no {target} labelled `{label}` on tile `{}`", tile.id),
                };
                findings.push(
                    Diagnostic::new(code, what)
                        .at(feature.spans.attribute(attribute), format!("names `{label}`"))
                        .help(format!(
                            "label the {target} (`{target} {label}: …`) or name one that is on the tile"
                        )),
                );
            }
        }
    }
    for side in &feature.shares {
        let owner = tile.features.iter().any(|other| {
            !std::ptr::eq(other, feature)
                && other.kind == feature.kind
                && other.anchors.contains(&Anchor::Side(*side))
        });
        if feature.kind != FeatureKind::City || !owner {
            findings.push(
                Diagnostic::new(
                    &codes::BAD_SHARES,
                    format!(
                        "a {} of tile `{}` shares side {} with no other city",
                        feature.kind,
                        tile.id,
                        side.letter()
                    ),
                )
                .at(feature.spans.attribute("shares"), "nothing to share with")
                .help("only a city shares a side, with another city of the tile that claims it"),
            );
        }
    }
}

/// The half sides no feature claims, gathered over the four sides so that one missing field
/// is one finding (T201) naming all it leaves unclaimed, not one finding a half.
#[derive(Default)]
struct UnclaimedHalves {
    /// By ring position, clockwise from the north side's left half: NL NR EL ER SL SR WL WR
    /// (left and right as seen from the tile's centre, so each side's left half comes first).
    halves: [bool; 8],
    /// The sides a road or river runs through: their two halves lie in different fields.
    split: [bool; 4],
}

impl UnclaimedHalves {
    fn ring_position(side: Side, half: Half) -> usize {
        2 * side.index() + usize::from(half == Half::R)
    }

    fn half_at(position: usize) -> (Side, Half) {
        let half = if position.is_multiple_of(2) {
            Half::L
        } else {
            Half::R
        };
        (Side::ALL[position / 2], half)
    }

    /// Whether the halves at ring positions `position` and the next one lie in one stretch of
    /// land: always across a corner, and across a side's middle unless a road or river
    /// runs through it.
    fn joined_to_next(&self, position: usize) -> bool {
        position % 2 == 1 || !self.split[position / 2]
    }

    /// The unclaimed stretches, each the ring positions it covers in order. A stretch across
    /// the ring's start (WR then NL) is one stretch.
    fn stretches(&self) -> Vec<Vec<usize>> {
        // Start after a break, so that no stretch is cut by the ring's start: at a position
        // whose predecessor is claimed or not joined to it.
        let Some(start) = (0..8).find(|&p| {
            let previous = (p + 7) % 8;
            !self.halves[p] || !self.halves[previous] || !self.joined_to_next(previous)
        }) else {
            // Every half unclaimed and joined all round: the whole border is one stretch.
            return vec![(0..8).collect()];
        };
        let mut stretches: Vec<Vec<usize>> = Vec::new();
        let mut current: Vec<usize> = Vec::new();
        for offset in 0..8 {
            let position = (start + offset) % 8;
            if !self.halves[position] {
                stretches.extend((!current.is_empty()).then(|| std::mem::take(&mut current)));
                continue;
            }
            current.push(position);
            if !self.joined_to_next(position) {
                stretches.push(std::mem::take(&mut current));
            }
        }
        stretches.extend((!current.is_empty()).then_some(current));
        stretches
    }

    /// The anchors that write a stretch: a side whose two halves it holds is written whole.
    fn anchors(stretch: &[usize]) -> Vec<Anchor> {
        let mut anchors = Vec::new();
        let mut positions = stretch.iter().peekable();
        while let Some(&position) = positions.next() {
            let (side, half) = Self::half_at(position);
            if half == Half::L && positions.peek() == Some(&&(position + 1)) {
                positions.next();
                anchors.push(Anchor::Side(side));
            } else {
                anchors.push(Anchor::Half(side, half));
            }
        }
        anchors
    }

    fn report(&self, tile: &Tile, findings: &mut Vec<Diagnostic>) {
        for stretch in self.stretches() {
            let anchors = Self::anchors(&stretch);
            let written: Vec<String> = anchors.iter().map(Anchor::to_string).collect();
            let (what, verb, help) = match written.as_slice() {
                [one] => (
                    one.clone(),
                    "is",
                    format!("add {one} to the field or meadow that lies there"),
                ),
                [init @ .., last] => (
                    format!("{} and {last}", init.join(", ")),
                    "are",
                    format!(
                        "they are one stretch of land: add {} to the field or meadow that lies \
                         there, or write one of its own (`field: {}`)",
                        written.join(" "),
                        written.join(" ")
                    ),
                ),
                [] => continue,
            };
            findings.push(
                Diagnostic::new(
                    &codes::UNCLAIMED_SIDE,
                    format!("tile `{}`: no feature claims {what}", tile.id),
                )
                .at(
                    tile.spans.id,
                    format!("{what} {verb} claimed by no feature"),
                )
                .help(help),
            );
        }
    }
}

/// Checks that the claims on `side` form one of the profiles of the tile model: whole, split
/// (area | middle | area) or open (areas on both halves). The halves no feature claims are
/// gathered in `unclaimed`, to be reported once for the whole tile.
fn lint_side(
    tile: &Tile,
    side: Side,
    unclaimed: &mut UnclaimedHalves,
    findings: &mut Vec<Diagnostic>,
) {
    let mut whole = Vec::new();
    let mut middle = Vec::new();
    let mut area_whole = Vec::new();
    let mut halves: [Vec<&Feature>; 2] = [Vec::new(), Vec::new()];
    for feature in &tile.features {
        for anchor in &feature.anchors {
            match (feature.kind.anchor_class(), anchor) {
                (AnchorClass::Whole, Anchor::Side(s)) if *s == side => whole.push(feature),
                (AnchorClass::Middle, Anchor::Side(s)) if *s == side => middle.push(feature),
                (AnchorClass::Area, Anchor::Side(s)) if *s == side => area_whole.push(feature),
                (AnchorClass::Area, Anchor::Half(s, half)) if *s == side => {
                    halves[*half as usize].push(feature)
                }
                _ => {}
            }
        }
    }
    let letter = side.letter();
    if tile.closed.contains(&side) {
        // A closed side is whole as it is: no feature may reach it.
        if let Some(feature) = whole
            .iter()
            .chain(&middle)
            .chain(&area_whole)
            .chain(&halves[0])
            .chain(&halves[1])
            .next()
        {
            findings.push(
                Diagnostic::new(
                    &codes::CONFLICTING_SIDE_CLAIMS,
                    format!(
                        "tile `{}`: side {letter} is closed, but a {} reaches it",
                        tile.id, feature.kind
                    ),
                )
                .at(feature.spans.line, "this claim")
                .also(tile.spans.closed, format!("closes side {letter}"))
                .help(format!(
                    "take {letter} out of the {} or out of `closed:`",
                    feature.kind
                )),
            );
        }
        return;
    }
    let conflict = |a: &Feature, b: &Feature, what: String| {
        Diagnostic::new(
            &codes::CONFLICTING_SIDE_CLAIMS,
            format!("tile `{}`: {what}", tile.id),
        )
        .at(b.spans.line, "this claim")
        .also(a.spans.line, "conflicts with this one")
        .help("each side or half-side belongs to one feature (or to cities that say `shares=`)")
    };
    if let Some(first) = whole.first() {
        let others = middle
            .iter()
            .chain(&area_whole)
            .chain(&halves[0])
            .chain(&halves[1]);
        if let Some(other) = whole.get(1).or(others.into_iter().next()) {
            findings.push(conflict(
                first,
                other,
                format!(
                    "side {letter} is claimed by a {} and a {}",
                    first.kind, other.kind
                ),
            ));
        }
        return;
    }
    if let Some(first) = middle.first() {
        if let Some(second) = middle.get(1) {
            findings.push(conflict(
                first,
                second,
                format!("side {letter} has two {}s in its middle", second.kind),
            ));
        }
        if let Some(area) = area_whole.first() {
            findings.push(
                Diagnostic::new(
                    &codes::ROAD_ON_UNSPLIT_SIDE,
                    format!(
                        "tile `{}`: a {} runs through side {letter}, but a {} claims the whole side",
                        tile.id, first.kind, area.kind
                    ),
                )
                .at(area.spans.line, format!("claims all of {letter}"))
                .also(first.spans.line, format!("splits side {letter}"))
                .help(format!(
                    "anchor the {} at {letter}L or {letter}R, the half it lies on",
                    area.kind
                )),
            );
            return;
        }
    }
    for half in [Half::L, Half::R] {
        let claims: Vec<&Feature> = area_whole
            .iter()
            .chain(&halves[half as usize])
            .copied()
            .collect();
        let name = Anchor::Half(side, half);
        match claims.as_slice() {
            [] => {
                unclaimed.halves[UnclaimedHalves::ring_position(side, half)] = true;
                unclaimed.split[side.index()] = !middle.is_empty();
            }
            [_] => {}
            [a, b, ..] => findings.push(conflict(
                a,
                b,
                format!("{name} is claimed by two {}s", b.kind),
            )),
        }
    }
}

/// Whether `label` can be written as a label in the tile language.
fn is_label(label: &str) -> bool {
    label.starts_with(char::is_alphabetic)
        && label
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

fn lint_ids_and_counts(set: &TileSet, findings: &mut Vec<Diagnostic>) {
    let mut first_seen: HashMap<&str, Span> = HashMap::new();
    for tile in &set.tiles {
        let writable = !tile.id.is_empty()
            && !tile
                .id
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || "{}#\"=:,".contains(c));
        if !writable {
            findings.push(
                Diagnostic::new(
                    &codes::INVALID_TILE_ID,
                    format!("the tile id `{}` cannot be written", tile.id),
                )
                .at(tile.spans.id, "not a valid tile id")
                .help("use letters, digits and punctuation other than { } # \" = : ,"),
            );
        }
        if let Some(first) = first_seen.insert(&tile.id, tile.spans.id) {
            findings.push(
                Diagnostic::new(
                    &codes::DUPLICATE_TILE_ID,
                    format!("two tiles have the id `{}`", tile.id),
                )
                .at(tile.spans.id, "second tile with this id")
                .also(first, "first tile with this id")
                .help("give each tile its own id; use `xN` for copies of one tile"),
            );
        }
        if tile.count < 1 {
            findings.push(
                Diagnostic::new(
                    &codes::COUNT_BELOW_ONE,
                    format!("tile `{}` has a count of {}", tile.id, tile.count),
                )
                .at(tile.spans.count.to(tile.spans.id), "no copies")
                .help("a tile in the set has at least one copy; remove the tile or write `x1`"),
            );
        }
    }
    let mut total: u64 = 0;
    for tile in &set.tiles {
        total += u64::from(tile.count);
        if total > MAX_TILES_PER_SET {
            findings.push(
                Diagnostic::new(
                    &codes::TOO_MANY_TILES,
                    format!(
                        "the tile set holds more than {MAX_TILES_PER_SET} tiles (the limit), counting up to tile `{}`",
                        tile.id
                    ),
                )
                .at(tile.spans.count.to(tile.spans.id), format!("{} copies", tile.count))
                .help(format!(
                    "a tile set holds at most {MAX_TILES_PER_SET} tiles in all: correct the counts"
                )),
            );
            break;
        }
    }
    lint_names(set, findings);
}

/// The set's name, source and expansions hold no control character (a NUL byte most often
/// means a damaged or binary file).
fn lint_names(set: &TileSet, findings: &mut Vec<Diagnostic>) {
    let names = std::iter::once(("tile set name", &set.name))
        .chain(set.source.iter().map(|s| ("source", s)))
        .chain(set.expansions.iter().map(|e| ("expansion", e)));
    for (what, name) in names {
        if name.chars().any(char::is_control) {
            findings.push(
                Diagnostic::new(
                    &codes::CONTROL_CHARACTER,
                    format!("the {what} {name:?} holds a control character"),
                )
                .help("remove the control character (a NUL byte often means a damaged file)"),
            );
        }
    }
}

fn lint_start_tiles(set: &TileSet, findings: &mut Vec<Diagnostic>) {
    let starts: Vec<&Tile> = set
        .tiles
        .iter()
        .filter(|t| t.kind == TileKind::Start)
        .collect();
    let replaces_start = set.expansions.iter().any(|e| {
        crate::rules::describe(set.ruleset)
            .replacing_start_tile
            .contains(&e.as_str())
    });
    if set.is_expansion() && replaces_start {
        // The River's spring: the set's one start tile replaces the base set's.
        for tile in starts.iter().skip(1) {
            findings.push(
                Diagnostic::new(
                    &codes::SEVERAL_START_TILES,
                    format!("the tile set `{}` has more than one start tile", set.name),
                )
                .at(tile.spans.kind, "another start tile")
                .also(starts[0].spans.kind, "first start tile")
                .help("keep `start` on one tile"),
            );
        }
        return;
    }
    if set.is_expansion() {
        for tile in starts {
            findings.push(
                Diagnostic::new(
                    &codes::SEVERAL_START_TILES,
                    format!(
                        "the expansion set `{}` has a start tile `{}`",
                        set.name, tile.id
                    ),
                )
                .at(tile.spans.kind, "an expansion has no start tile")
                .help("remove `start`: the game starts from the base set's start tile"),
            );
        }
        return;
    }
    match starts.as_slice() {
        [] => findings.push(
            Diagnostic::new(
                &codes::MISSING_START_TILE,
                format!("the tile set `{}` has no start tile", set.name),
            )
            .at(
                set.tiles.first().map_or(Span::default(), |t| t.spans.id),
                "no tile is marked `start`",
            )
            .help("mark the start tile with `start` after its id, or declare `expansion <name>`"),
        ),
        [_] => {}
        [first, rest @ ..] => {
            for tile in rest {
                findings.push(
                    Diagnostic::new(
                        &codes::SEVERAL_START_TILES,
                        format!("the tile set `{}` has more than one start tile", set.name),
                    )
                    .at(tile.spans.kind, "another start tile")
                    .also(first.spans.kind, "first start tile")
                    .help("keep `start` on one tile"),
                );
            }
        }
    }
}

/// A tile is untouchable when none of its edge letters appears on any other tile of the set
/// (or on another copy of itself): then it can lie next to nothing, whatever the rotation.
/// Counting the tiles that show each letter keeps this linear in the size of the set.
/// An expansion set is not checked alone: its tiles are meant to join another set's, so
/// `untouchable_in_combination` checks it where it is combined.
fn lint_untouchable(set: &TileSet, findings: &mut Vec<Diagnostic>) {
    if set.is_expansion() {
        return;
    }
    let letters: Vec<BTreeSet<char>> = set
        .tiles
        .iter()
        .map(|t| t.edges(set.ruleset).chars().collect())
        .collect();
    let mut copies_showing: HashMap<char, u64> = HashMap::new();
    for (tile, tile_letters) in set.tiles.iter().zip(&letters) {
        for letter in tile_letters {
            *copies_showing.entry(*letter).or_default() += u64::from(tile.count);
        }
    }
    for (tile, tile_letters) in set.tiles.iter().zip(&letters) {
        // Another copy, of this tile or of another one, shows one of its letters.
        let touchable = tile_letters.iter().any(|letter| copies_showing[letter] > 1);
        if !touchable {
            let edges = tile.edges(set.ruleset);
            findings.push(
                Diagnostic::new(
                    &codes::UNTOUCHABLE_TILE,
                    format!(
                        "no tile of the set can ever touch tile `{}` (edges {edges})",
                        tile.id
                    ),
                )
                .at(
                    tile.spans.id,
                    "matches no side of any other tile in any rotation",
                )
                .help("check its sides, or add the tiles it is meant to join"),
            );
        }
    }
}

/// The tiles of `sets[index]` that no copy of any tile of `sets` (another one, or another copy
/// of itself) can touch in any rotation, each with its edges. Linear in the number of tiles,
/// like the lint of one set. The sets are of one ruleset.
pub fn untouchable_in_combination<'a>(
    sets: &[&'a TileSet],
    index: usize,
) -> Vec<(&'a Tile, String)> {
    let Some(checked) = sets.get(index) else {
        return Vec::new();
    };
    let mut copies_showing: HashMap<char, u64> = HashMap::new();
    for set in sets {
        for tile in &set.tiles {
            let letters: BTreeSet<char> = tile.edges(checked.ruleset).chars().collect();
            for letter in letters {
                *copies_showing.entry(letter).or_default() += u64::from(tile.count);
            }
        }
    }
    checked
        .tiles
        .iter()
        .filter_map(|tile| {
            let edges = tile.edges(checked.ruleset);
            let touchable = edges
                .chars()
                .any(|letter| copies_showing.get(&letter).copied().unwrap_or(0) > 1);
            (!touchable).then_some((tile, edges))
        })
        .collect()
}

/// Lints `set` as it is played together with `others` (`carcspec tiles lint SET --with OTHER`):
/// every set of one ruleset (T227), tile ids unique across them (T227), and, for an expansion
/// set, no tile that the combination can never touch (T226). Spans point into `set`'s text.
pub fn lint_with(set: &TileSet, others: &[(&str, &TileSet)]) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    let first_span = set.tiles.first().map_or(Span::default(), |t| t.spans.id);
    for (name, other) in others {
        if other.ruleset != set.ruleset {
            findings.push(
                Diagnostic::new(
                    &codes::COMBINED_SETS_DISAGREE,
                    format!(
                        "`{name}` is for `{}`, this set for `{}`",
                        other.ruleset.name(),
                        set.ruleset.name()
                    ),
                )
                .at(first_span, "the tiles of this set")
                .help("combine only sets of one ruleset"),
            );
        }
    }
    if !findings.is_empty() {
        return findings;
    }
    let ids: HashMap<&str, &str> = others
        .iter()
        .flat_map(|(name, other)| other.tiles.iter().map(move |t| (t.id.as_str(), *name)))
        .collect();
    for tile in &set.tiles {
        if let Some(name) = ids.get(tile.id.as_str()) {
            findings.push(
                Diagnostic::new(
                    &codes::COMBINED_SETS_DISAGREE,
                    format!("tile id `{}` is also a tile of `{name}`", tile.id),
                )
                .at(tile.spans.id, format!("also defined in `{name}`"))
                .help("give the tile an id of its own: games name tiles by id"),
            );
        }
    }
    same_shape::lint_same_tiles_with(set, others, &mut findings);
    if set.is_expansion() {
        let all: Vec<&TileSet> = std::iter::once(set)
            .chain(others.iter().map(|(_, other)| *other))
            .collect();
        let with: Vec<&str> = others.iter().map(|(name, _)| *name).collect();
        for (tile, edges) in untouchable_in_combination(&all, 0) {
            findings.push(
                Diagnostic::new(
                    &codes::UNTOUCHABLE_IN_COMBINATION,
                    format!(
                        "no tile of this set or of {} can ever touch tile `{}` (edges {edges})",
                        with.join(", "),
                        tile.id
                    ),
                )
                .at(tile.spans.id, "matches no side of any tile in any rotation")
                .help("check its sides, or add the tiles it is meant to join"),
            );
        }
    }
    findings
}
