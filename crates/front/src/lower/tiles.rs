//! Lowers a parsed tile file to a [`TileSet`].

use crate::codes;
use crate::diagnostic::{Diagnostic, Span};
use crate::model::{
    Anchor, ContentKind, Feature, FeatureKind, FeatureSpans, Marker, Power, Ruleset, Tile,
    TileKind, TileSet, TileSpans,
};
use crate::rules::descriptor::ExpansionKind;
use crate::syntax::tiles::{Attribute, CLOSED_SIDES, FeatureDecl, HeaderValue, TileDecl, TileFile};
use crate::syntax::{Spanned, Text};

/// The result of lowering a tile file.
pub struct Lowered {
    /// The tile set, when the header names a tile set and a ruleset.
    pub set: Option<TileSet>,
    /// Every statement that did not lower.
    pub diagnostics: Vec<Diagnostic>,
    /// Indexes (in `set.tiles`) of tiles that lost a line to a syntax or lowering error: lints
    /// about their sides would only repeat that error.
    pub incomplete: Vec<usize>,
}

/// Lowers `file`. Each tile is lowered even when the header is broken, so that one run reports
/// every problem.
pub fn lower(file: &TileFile) -> Lowered {
    let mut diagnostics = Vec::new();
    let header = lower_header(file, &mut diagnostics);
    let mut incomplete = Vec::new();
    let mut tiles = Vec::new();
    for decl in file.tiles.iter().filter(|decl| !decl.id.value.is_empty()) {
        let errors_before = diagnostics.len();
        let tile = lower_tile(decl, &mut diagnostics);
        if decl.damaged || diagnostics.len() > errors_before {
            incomplete.push(tiles.len());
        }
        tiles.push(tile);
    }
    let set = header.map(|header| TileSet {
        name: header.name,
        ruleset: header.ruleset,
        expansions: header.expansions,
        source: header.source,
        tiles,
    });
    Lowered {
        set,
        diagnostics,
        incomplete,
    }
}

struct Header {
    name: String,
    ruleset: Ruleset,
    expansions: Vec<String>,
    source: Option<String>,
}

fn lower_header(file: &TileFile, diagnostics: &mut Vec<Diagnostic>) -> Option<Header> {
    let mut name: Option<&Spanned<HeaderValue>> = None;
    let mut ruleset: Option<(Ruleset, Span)> = None;
    let mut ruleset_failed = false;
    let mut expansions: Vec<(String, Span)> = Vec::new();
    let mut source: Option<&Spanned<HeaderValue>> = None;
    let mut seen: Vec<(&str, Span)> = Vec::new();

    for item in &file.header {
        let key = item.key.value.as_ref();
        if matches!(key, "tileset" | "ruleset" | "source") {
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
                diagnostics.push(
                    Diagnostic::new(&codes::DUPLICATE_HEADER, format!("`{key}` given twice"))
                        .at(item.key.span, "given again here")
                        .also(*first, "first given here")
                        .help(format!("keep one `{key}` line")),
                );
                continue;
            }
            seen.push((key, item.key.span));
        }
        let text = match &item.value.value {
            HeaderValue::Word(w) | HeaderValue::Text(w) => w.as_ref(),
        };
        match key {
            "tileset" => name = Some(&item.value),
            "source" => source = Some(&item.value),
            "ruleset" => match text.parse::<Ruleset>() {
                Ok(r) if r != r.family() => {
                    // A tile set is made for a family of tiles; both editions of Hunters and
                    // Gatherers play the sets of `hunters-gatherers`.
                    ruleset = Some((r.family(), item.value.span));
                    diagnostics.push(
                        Diagnostic::new(
                            &codes::UNKNOWN_RULESET,
                            format!(
                                "a tile set is for the family `{}`, not the ruleset `{text}`",
                                r.family().name()
                            ),
                        )
                        .at(item.value.span, "a ruleset of games, not of tile sets")
                        .help(format!(
                            "write `ruleset {}`: games of both editions play the set",
                            r.family().name()
                        )),
                    );
                }
                Ok(r) => ruleset = Some((r, item.value.span)),
                Err(()) => {
                    ruleset_failed = true;
                    diagnostics.push(
                        Diagnostic::new(
                            &codes::UNKNOWN_RULESET,
                            format!("unknown ruleset `{text}`"),
                        )
                        .at(item.value.span, "not a ruleset")
                        .help("use `carcassonne` or `hunters-gatherers`"),
                    );
                }
            },
            "expansion" => expansions.push((text.to_string(), item.value.span)),
            _ => diagnostics.push(
                Diagnostic::new(
                    &codes::UNKNOWN_HEADER_KEY,
                    format!("unknown header keyword `{key}`"),
                )
                .at(item.key.span, "not a header keyword")
                .help("the header knows `tileset`, `ruleset`, `expansion` and `source`"),
            ),
        }
    }

    let at = file
        .tiles
        .first()
        .map_or(Span::new(0, 0), |t| t.header_span);
    let missing = |what: &str, example: &str| {
        Diagnostic::new(
            &codes::MISSING_HEADER,
            format!("the tile set has no `{what}` line"),
        )
        .at(at, format!("`{what}` is needed before the first tile"))
        .help(format!("add `{example}` at the top of the file"))
    };
    if name.is_none() {
        diagnostics.push(missing("tileset", "tileset <name>"));
    }
    if ruleset.is_none() && !ruleset_failed {
        diagnostics.push(missing("ruleset", "ruleset carcassonne"));
    }
    let (ruleset, _) = ruleset?;
    // A misspelt name still declares an expansion (so no start tile is asked for); an
    // expansion that cannot be played is left out.
    expansions.retain(
        |(expansion, span)| match expansion_problem(ruleset, expansion, *span) {
            Some(problem) => {
                let keep = problem.code == &codes::INVALID_EXPANSION_NAME;
                diagnostics.push(problem);
                keep
            }
            None => true,
        },
    );
    let text_of = |v: &Spanned<HeaderValue>| match &v.value {
        HeaderValue::Word(w) | HeaderValue::Text(w) => w.to_string(),
    };
    Some(Header {
        name: text_of(name?),
        ruleset,
        expansions: expansions.into_iter().map(|(e, _)| e).collect(),
        source: source.map(text_of),
    })
}

/// Why `expansion <name>` cannot be declared by a tile set or game of `ruleset`, if it cannot.
/// Any well-formed name that is not a rule-bearing expansion names a fan expansion, which
/// only adds tiles.
pub(crate) fn expansion_problem(ruleset: Ruleset, name: &str, span: Span) -> Option<Diagnostic> {
    let unknown = |message: String, label: &str| {
        Diagnostic::new(&codes::UNKNOWN_RULESET, message).at(span, label.to_string())
    };
    let descriptor = crate::rules::descriptor::describe(ruleset);
    match descriptor.classify_expansion(name) {
        ExpansionKind::Rules | ExpansionKind::Fan => None,
        ExpansionKind::OfAnotherRuleset(other) => Some(
            unknown(
                format!("`{name}` is an expansion of `{}`, not of `{}`", other.name(), ruleset.name()),
                "an expansion of another ruleset",
            )
            .help(format!("use `ruleset {}`, or give your own expansion another name", other.name())),
        ),
        ExpansionKind::RulesNotImplemented => Some(
            unknown(
                format!("the expansion `{name}` has rules of its own that carcspec does not implement"),
                "its tiles would play without its rules",
            )
            .help(format!(
                "to play tiles of your own with the rules carcspec knows, name your fan expansion (`expansion my-{}`); implemented: {}",
                name.trim_start_matches("the-"),
                descriptor.expansion_names().collect::<Vec<_>>().join(", ")
            )),
        ),
        ExpansionKind::InvalidName => Some(
            Diagnostic::new(
                &codes::INVALID_EXPANSION_NAME,
                format!("`{name}` is not a valid expansion name"),
            )
            .at(span, "not a name")
            .help("start with a lowercase letter and use lowercase letters, digits and `-` (`expansion river-keep`)"),
        ),
    }
}

pub fn lower_tile(decl: &TileDecl, diagnostics: &mut Vec<Diagnostic>) -> Tile {
    let mut tile = Tile {
        id: decl.id.value.to_string(),
        count: 1,
        kind: TileKind::Land,
        markers: Vec::new(),
        features: Vec::new(),
        closed: Vec::new(),
        spans: TileSpans {
            header: decl.header_span,
            id: decl.id.span,
            ..TileSpans::default()
        },
    };
    let mut count_seen = false;
    let mut kind_seen = false;
    for modifier in &decl.modifiers {
        let word = modifier.value.as_ref();
        let conflict = |what: &str| {
            Diagnostic::new(
                &codes::CONFLICTING_MODIFIERS,
                format!("tile `{}` has {what}", decl.id.value),
            )
            .at(modifier.span, "conflicts with an earlier modifier")
        };
        if let Some(digits) = word.strip_prefix('x').filter(|d| !d.is_empty()) {
            match digits.parse::<u32>() {
                _ if count_seen => diagnostics.push(conflict("two counts")),
                Ok(count) => {
                    tile.count = count;
                    tile.spans.count = modifier.span;
                    count_seen = true;
                }
                Err(_) => diagnostics.push(
                    Diagnostic::new(
                        &codes::UNKNOWN_TILE_MODIFIER,
                        format!("`{word}` is not a count"),
                    )
                    .at(modifier.span, "expected `x` and a whole number")
                    .help("write the number of copies as `x3` (at most 4294967295)"),
                ),
            }
        } else if let Some(kind) = tile_kind(word) {
            if kind_seen {
                diagnostics.push(conflict("two kinds"));
            } else {
                tile.kind = kind;
                tile.spans.kind = modifier.span;
                kind_seen = true;
            }
        } else if let Ok(marker) = word.parse::<Marker>() {
            if tile.markers.contains(&marker) {
                diagnostics.push(conflict(&format!("the marker `{word}` twice")));
            } else {
                tile.markers.push(marker);
                tile.spans.markers.push(modifier.span);
            }
        } else {
            diagnostics.push(
                Diagnostic::new(
                    &codes::UNKNOWN_TILE_MODIFIER,
                    format!("unknown tile modifier `{word}`"),
                )
                .at(modifier.span, "not a count, kind or marker")
                .help(
                    "modifiers are `xN`, `start`, `land`, `bonus`, `hill`, `vineyard`, `volcano`",
                ),
            );
        }
    }
    for decl in &decl.features {
        if decl.kind.value == CLOSED_SIDES {
            lower_closed_sides(&mut tile, decl, diagnostics);
        } else if let Some(feature) = lower_feature(decl, diagnostics) {
            tile.features.push(feature);
        }
    }
    tile
}

/// Reads `closed: <side>...`: whole sides, each once, no label, no attributes, one such
/// statement a tile. Every slip is one T124 at its place; the sides that were read are kept.
fn lower_closed_sides(tile: &mut Tile, decl: &FeatureDecl, diagnostics: &mut Vec<Diagnostic>) {
    let problem = |message: String, at: Span, label: &str| {
        Diagnostic::new(&codes::BAD_CLOSED_SIDES, message)
            .at(at, label.to_string())
            .help("write the sides the tile closes once, as `closed: N E S W`")
    };
    if tile.spans.closed != Span::default() {
        diagnostics.push(
            problem(
                format!("tile `{}` has two `closed:` lines", tile.id),
                decl.span,
                "a second `closed:` line",
            )
            .also(tile.spans.closed, "the first"),
        );
        return;
    }
    tile.spans.closed = decl.span;
    if let Some(label) = &decl.label {
        diagnostics.push(problem(
            "`closed:` takes no label: it names no feature".into(),
            label.span,
            "a label",
        ));
    }
    if let Some(attribute) = decl.attributes.first() {
        diagnostics.push(problem(
            format!("`closed:` takes sides only, not `{}`", attribute.key.value),
            attribute.span,
            "not a side",
        ));
    }
    if decl.anchors.is_empty() {
        diagnostics.push(problem(
            "`closed:` names no side".into(),
            decl.span,
            "no side after the colon",
        ));
    }
    for anchor in &decl.anchors {
        match anchor.value.parse::<Anchor>() {
            Ok(Anchor::Side(side)) if tile.closed.contains(&side) => diagnostics.push(problem(
                format!("side {} is closed twice", side.letter()),
                anchor.span,
                "given again here",
            )),
            Ok(Anchor::Side(side)) => tile.closed.push(side),
            _ => diagnostics.push(problem(
                format!("`{}` is not a whole side", anchor.value),
                anchor.span,
                "not N, E, S or W",
            )),
        }
    }
}

fn tile_kind(word: &str) -> Option<TileKind> {
    [TileKind::Start, TileKind::Land, TileKind::Bonus]
        .into_iter()
        .find(|k| k.name() == word)
}

/// The feature kinds of the model, as a help lists them: `city, road, … and lake`.
fn feature_kind_list() -> String {
    let names: Vec<&str> = FeatureKind::ALL.iter().map(|k| k.name()).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

fn lower_feature(decl: &FeatureDecl, diagnostics: &mut Vec<Diagnostic>) -> Option<Feature> {
    let Ok(kind) = decl.kind.value.parse::<FeatureKind>() else {
        diagnostics.push(
            Diagnostic::new(
                &codes::UNKNOWN_FEATURE_KIND,
                format!("unknown feature kind `{}`", decl.kind.value),
            )
            .at(decl.kind.span, "not a feature kind")
            .help({
                let kinds: Vec<String> = FeatureKind::ALL
                    .iter()
                    .map(|k| k.name().to_string())
                    .collect();
                let listed = format!("feature kinds are {}", feature_kind_list());
                match crate::diagnostic::did_you_mean(&decl.kind.value, &kinds, 1) {
                    Some(meant) => format!("{meant} ({listed})"),
                    None => listed,
                }
            }),
        );
        return None;
    };
    let mut anchors = Vec::new();
    let mut anchor_spans = Vec::new();
    for anchor in &decl.anchors {
        match anchor.value.parse::<Anchor>() {
            Ok(a) => {
                anchors.push(a);
                anchor_spans.push(anchor.span);
            }
            Err(()) => diagnostics.push(unknown_anchor(anchor)),
        }
    }
    let mut feature = Feature::new(kind, anchors);
    feature.label = decl.label.as_ref().map(|l| l.value.to_string());
    feature.spans = FeatureSpans {
        line: decl.span,
        label: decl.label.as_ref().map_or(decl.kind.span, |l| l.span),
        anchors: anchor_spans,
        attributes: Vec::new(),
    };
    for attribute in &decl.attributes {
        let key = attribute.key.value.as_ref();
        if let Some((_, first)) = feature.spans.attributes.iter().find(|(k, _)| k == key) {
            diagnostics.push(
                Diagnostic::new(
                    &codes::DUPLICATE_ATTRIBUTE,
                    format!("`{key}` given twice on one {kind}"),
                )
                .at(attribute.span, "given again here")
                .also(*first, "first given here")
                .help("write it once; give a count with `=N`"),
            );
            continue;
        }
        feature
            .spans
            .attributes
            .push((key.to_string(), attribute.span));
        lower_attribute(&mut feature, attribute, diagnostics);
    }
    Some(feature)
}

fn unknown_anchor(anchor: &Spanned<Text<'_>>) -> Diagnostic {
    let listed = "anchors are N E S W, the half-sides NL NR EL ER SL SR WL WR, and I (inside)";
    let help = match anchors_run_together(&anchor.value) {
        Some(apart) => format!("did you mean `{apart}`? anchors are written apart ({listed})"),
        None => listed.to_string(),
    };
    Diagnostic::new(
        &codes::UNKNOWN_ANCHOR,
        format!("unknown anchor `{}`", anchor.value),
    )
    .at(anchor.span, "not an anchor")
    .help(help)
}

/// `written` as anchors written apart, when it is anchors run together: whole sides (`NE`:
/// `N E`, `nesw`: `N E S W`) or half-sides (`NLER`: `NL ER`). `None` for anything else.
fn anchors_run_together(written: &str) -> Option<String> {
    let upper = written.to_uppercase();
    if upper.len() < 2 || !upper.is_ascii() {
        return None;
    }
    // Half-sides first (`NL` is one anchor, not `N` and `L`), then whole sides.
    let mut anchors: Vec<&str> = Vec::new();
    let mut rest = upper.as_str();
    while !rest.is_empty() {
        let two = rest
            .get(..2)
            .filter(|pair| matches!(*pair, "NL" | "NR" | "EL" | "ER" | "SL" | "SR" | "WL" | "WR"));
        let taken = match two {
            Some(pair) => pair,
            None => rest
                .get(..1)
                .filter(|one| matches!(*one, "N" | "E" | "S" | "W"))?,
        };
        anchors.push(taken);
        rest = &rest[taken.len()..];
    }
    (anchors.len() > 1).then(|| anchors.join(" "))
}

fn lower_attribute(
    feature: &mut Feature,
    attribute: &Attribute,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let key = attribute.key.value.as_ref();
    let values = &attribute.values;
    let bad_value = |message: String, help: &str| {
        Diagnostic::new(&codes::BAD_ATTRIBUTE_VALUE, message)
            .at(attribute.span, "this value")
            .help(help.to_string())
    };
    if let Ok(content) = key.parse::<ContentKind>() {
        let count = match values.as_slice() {
            [] => Some(1),
            [value] if content.is_counted() => value.value.parse::<u32>().ok().filter(|n| *n >= 1),
            _ => None,
        };
        match count {
            Some(count) => {
                feature.contents.insert(content, count);
            }
            None if content.is_counted() => diagnostics.push(bad_value(
                format!("`{key}` takes one count of at least 1"),
                &format!("write `{key}` for one, `{key}=2` for two"),
            )),
            None => diagnostics.push(bad_value(
                format!("`{key}` is a plain mark and takes no value"),
                &format!("write `{key}` alone"),
            )),
        }
        return;
    }
    match key {
        "power" => match values.as_slice() {
            [value] => match value.value.parse::<Power>() {
                Ok(power) => feature.power = Some(power),
                Err(()) => diagnostics.push(bad_value(
                    format!("unknown power `{}`", value.value),
                    "powers are shaman, logboat, hunting-trap, pit-trap, wild-fire and raft",
                )),
            },
            _ => diagnostics.push(bad_value(
                "`power` takes one power name".into(),
                "write `power=shaman`",
            )),
        },
        "touches" | "into" => {
            if values.is_empty() {
                diagnostics.push(bad_value(
                    format!("`{key}` needs at least one label"),
                    &format!("write `{key}=<label>` naming a feature of the tile"),
                ));
            }
            let labels = values.iter().map(|v| v.value.to_string());
            if key == "touches" {
                feature.touches.extend(labels);
            } else {
                feature.flows_into.extend(labels);
            }
        }
        "shares" => {
            if values.is_empty() {
                diagnostics.push(bad_value(
                    "`shares` needs at least one side".into(),
                    "write `shares=N`",
                ));
            }
            for value in values {
                match value.value.parse::<Anchor>() {
                    Ok(Anchor::Side(side)) => feature.shares.push(side),
                    _ => diagnostics.push(
                        unknown_anchor(value).help("`shares` takes whole sides: N, E, S or W"),
                    ),
                }
            }
        }
        _ => diagnostics.push(
            Diagnostic::new(
                &codes::UNKNOWN_ATTRIBUTE,
                format!("unknown attribute `{key}`"),
            )
            .at(attribute.key.span, "not an attribute")
            .help("see `carcspec explain T108` for the attributes a feature can have"),
        ),
    }
}
