//! JSON and YAML tile sets: the lowered model written out (`tiles export`) and read back.
//!
//! The documents carry every fact of the model, so `.tiles` → JSON → model gives the model
//! back unchanged. Each tile also carries its derived `edges` (four letters N, E, S, W); on
//! input they are optional and, when present, checked against the features.

use serde::{Deserialize, Serialize};

use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::model::{Feature, Marker, Ruleset, Side, Tile, TileKind, TileSet, TileSpans};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentFormat {
    Json,
    Yaml,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TileSetDocument {
    name: String,
    ruleset: Ruleset,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    expansions: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    source: Option<String>,
    tiles: Vec<TileDocument>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TileDocument {
    id: String,
    count: u32,
    #[serde(default)]
    kind: TileKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    edges: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    markers: Vec<Marker>,
    features: Vec<Feature>,
    /// The sides the tile closes (`closed:` in the tile language).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    closed: Vec<Side>,
}

/// Writes `set` as a JSON or YAML document.
pub fn write(set: &TileSet, format: DocumentFormat) -> String {
    let document = TileSetDocument {
        name: set.name.clone(),
        ruleset: set.ruleset,
        expansions: set.expansions.clone(),
        source: set.source.clone(),
        tiles: set
            .tiles
            .iter()
            .map(|tile| TileDocument {
                id: tile.id.clone(),
                count: tile.count,
                kind: tile.kind,
                edges: Some(tile.edges(set.ruleset)),
                markers: tile.markers.clone(),
                features: tile.features.clone(),
                closed: tile.closed.clone(),
            })
            .collect(),
    };
    // Serialising plain data with string keys cannot fail; an error here is a bug.
    match format {
        DocumentFormat::Json => {
            let mut text = serde_json::to_string_pretty(&document).expect("model serialises");
            text.push('\n');
            text
        }
        DocumentFormat::Yaml => serde_yaml::to_string(&document).expect("model serialises"),
    }
}

/// Reads a JSON or YAML tile set. A document that does not parse is one diagnostic with the
/// line and column; `edges` that disagree with the features are one diagnostic per tile.
pub fn read(text: &str, format: DocumentFormat) -> (Option<TileSet>, Vec<Diagnostic>) {
    if format == DocumentFormat::Yaml
        && let Some(offset) = yaml_too_deep(text)
    {
        let at = crate::diagnostic::Span::new(offset, offset + 1);
        return (
                None,
                vec![
                    Diagnostic::new(
                        &codes::DOCUMENT_TOO_DEEP,
                        format!(
                            "the YAML document nests deeper than {MAX_YAML_DEPTH} levels (the limit)"
                        ),
                    )
                    .at(at, format!("level {} starts here", MAX_YAML_DEPTH + 1))
                    .help("a tile set nests six levels; compare with `carcspec tiles export --format yaml`"),
                ],
            );
    }
    let parsed: Result<TileSetDocument, (String, Option<(usize, usize)>)> = match format {
        DocumentFormat::Json => {
            serde_json::from_str(text).map_err(|e| (e.to_string(), Some((e.line(), e.column()))))
        }
        DocumentFormat::Yaml => serde_yaml::from_str(text).map_err(|e| {
            let at = e.location().map(|l| (l.line(), l.column()));
            (e.to_string(), at)
        }),
    };
    let document = match parsed {
        Ok(document) => document,
        Err((message, at)) => {
            let offset = at.map_or(0, |(line, column)| {
                crate::diagnostic::offset_at(text, line, column)
            });
            let span = crate::diagnostic::Span::new(offset, offset);
            let kind = if format == DocumentFormat::Json {
                "JSON"
            } else {
                "YAML"
            };
            return (
                None,
                vec![
                    Diagnostic::new(
                        &codes::INVALID_DOCUMENT,
                        format!("invalid {kind} tile set: {message}"),
                    )
                    .at(span, "here")
                    .help("compare with the output of `carcspec tiles export`"),
                ],
            );
        }
    };
    let mut diagnostics = Vec::new();
    let ruleset = document.ruleset;
    let mut search_from = 0;
    // Ids written with escapes are not found as written: each such search reads the rest of
    // the text. A budget of a few readings of the whole text keeps that linear; past it, tiles
    // are reported without a place.
    let mut search_budget = text.len().saturating_mul(4);
    let tiles = document
        .tiles
        .into_iter()
        .map(|doc| {
            // A document keeps no positions; the place of the tile's id stands for the tile
            // and its features, so that diagnostics still point somewhere near.
            let found = (search_budget > 0)
                .then(|| find_token(text, &doc.id, search_from))
                .flatten();
            let id_span = found.unwrap_or_default();
            search_budget = search_budget.saturating_sub(if found.is_some() {
                id_span.end.saturating_sub(search_from)
            } else {
                text.len() - search_from.min(text.len())
            });
            search_from = id_span.end.max(search_from);
            let mut features = doc.features;
            for feature in &mut features {
                feature.spans.line = id_span;
                feature.spans.label = id_span;
            }
            let tile = Tile {
                id: doc.id,
                count: doc.count,
                kind: doc.kind,
                markers: doc.markers,
                features,
                closed: doc.closed,
                spans: TileSpans {
                    header: id_span,
                    id: id_span,
                    count: id_span,
                    kind: id_span,
                    markers: Vec::new(),
                    closed: id_span,
                },
            };
            let mut closed = tile.closed.clone();
            closed.sort_unstable();
            if let Some(twice) = closed.windows(2).find(|pair| pair[0] == pair[1]) {
                diagnostics.push(
                    Diagnostic::new(
                        &codes::BAD_CLOSED_SIDES,
                        format!("tile `{}` closes side {} twice", tile.id, twice[0].letter()),
                    )
                    .at(id_span, "this tile")
                    .help("list each side the tile closes once in `closed`"),
                );
            }
            if let Some(stated) = doc.edges {
                let derived = tile.edges(ruleset);
                if stated != derived {
                    diagnostics.push(
                        Diagnostic::new(
                            &codes::EDGES_MISMATCH,
                            format!(
                                "tile `{}` states edges {stated}, but its features give {derived}",
                                tile.id
                            ),
                        )
                        .at(id_span, format!("the features of this tile give {derived}"))
                        .help("correct the features or the edges, or leave `edges` out"),
                    );
                }
            }
            tile
        })
        .collect();
    // The same expansion names as the tile language accepts, checked the same way.
    let mut expansions = document.expansions;
    expansions.retain(|name| {
        let span = find_token(text, name, 0).unwrap_or_default();
        match crate::lower::tiles::expansion_problem(ruleset, name, span) {
            Some(problem) => {
                let keep = problem.code == &codes::INVALID_EXPANSION_NAME;
                diagnostics.push(problem);
                keep
            }
            None => true,
        }
    });
    let set = TileSet {
        name: document.name,
        ruleset,
        expansions,
        source: document.source,
        tiles,
    };
    (Some(set), diagnostics)
}

/// The first place at or after `from` where `token` stands on its own (not inside a longer
/// word), as the span of a tile's id in a document.
fn find_token(text: &str, token: &str, from: usize) -> Option<crate::diagnostic::Span> {
    if token.is_empty() {
        return None;
    }
    let is_word = |c: char| c.is_alphanumeric() || "/_.-+!".contains(c);
    let mut at = from.min(text.len());
    while let Some(found) = text.get(at..)?.find(token) {
        let start = at + found;
        let end = start + token.len();
        let before = text[..start].chars().next_back();
        let after = text[end..].chars().next();
        if !before.is_some_and(is_word) && !after.is_some_and(is_word) {
            return Some(crate::diagnostic::Span::new(start, end));
        }
        at = start + token.chars().next().map_or(1, char::len_utf8);
    }
    None
}

/// The deepest nesting of collections read from a YAML tile set. A tile set nests six levels
/// (document, tiles, tile, features, feature, anchors); the YAML reader takes time quadratic in
/// the depth, so a document of thousands of levels is refused before it is handed over.
pub const MAX_YAML_DEPTH: usize = 64;

/// The offset where a YAML document first nests deeper than [`MAX_YAML_DEPTH`], if it does.
///
/// One pass over the text, bounding the depth from above: flow collections (`[`, `{` outside
/// quotes and comments) count one level each, block collections one level per indentation
/// still open, and each `- ` or `? ` that starts an entry on a line one more.
fn yaml_too_deep(text: &str) -> Option<usize> {
    let mut indents: Vec<usize> = Vec::new();
    let mut flow = 0usize;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let line_start = offset;
        offset += line.len();
        let content = line.trim_start_matches(' ');
        let indent = line.len() - content.len();
        let blank = content.trim().is_empty() || content.starts_with('#');
        if flow == 0 && !blank {
            while indents.last().is_some_and(|open| *open >= indent) {
                indents.pop();
            }
            indents.push(indent);
        }
        let mut entries = 0;
        let mut rest = content;
        while let Some(after) = rest
            .strip_prefix("- ")
            .or_else(|| rest.strip_prefix("? "))
            .or_else(|| rest.strip_prefix("-\t"))
        {
            entries += 1;
            rest = after.trim_start_matches([' ', '\t']);
        }
        if indents.len() + entries + flow > MAX_YAML_DEPTH {
            return Some(line_start + indent);
        }
        // Quotes are read within a line: a bound from above needs no more (a quote opened
        // and not closed on its line hides nothing past it).
        let mut quote: Option<char> = None;
        let mut previous = ' ';
        // Whether a value may begin here: at the start of the line, after an entry's `- ` or
        // `? `, after `key: `, and inside a flow collection after `[`, `{` or `,`. A quoted
        // scalar or a flow collection opens only there; elsewhere a quote or a bracket is text
        // of a plain scalar (`source: the fan's {braces}, [more]`).
        let mut value_starts = true;
        let mut chars = line.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            let spaced = chars.peek().is_none_or(|(_, next)| next.is_whitespace());
            match (quote, c) {
                (Some('"'), '\\') if previous != '\\' => {}
                // In single quotes, `''` is a quote of the text, not the end of it.
                (Some('\''), '\'') if chars.peek().is_some_and(|(_, next)| *next == '\'') => {
                    chars.next();
                }
                (Some(q), c) if c == q && !(q == '"' && previous == '\\') => quote = None,
                (Some(_), _) => {}
                (None, '#') if previous.is_whitespace() => break,
                (None, c) if c.is_whitespace() => {}
                (None, '"' | '\'') if value_starts => {
                    quote = Some(c);
                    value_starts = false;
                }
                (None, '[' | '{') if value_starts => {
                    flow += 1;
                    if indents.len() + entries + flow > MAX_YAML_DEPTH {
                        return Some(line_start + at);
                    }
                }
                (None, ',') if flow > 0 => value_starts = true,
                (None, ']' | '}') if flow > 0 => {
                    flow -= 1;
                    value_starts = false;
                }
                (None, '-' | '?') if value_starts && spaced => {}
                (None, ':') if spaced => value_starts = true,
                (None, _) => value_starts = false,
            }
            previous = if previous == '\\' && c == '\\' {
                ' '
            } else {
                c
            };
        }
    }
    None
}
