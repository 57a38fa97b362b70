//! The assertions of JCloisterZone's engine tests (a saved game's `test.assertions`), read as
//! the client's test harness reads them (FanCloisterZone, `src/renderer/utils/testing.js`):
//! each form it understands, in the order it tries them. The import maps each to an
//! expectation (`docs/jcloisterzone.md`); the replay checks those it keeps as written
//! (`expect jcloisterzone "<assertion>"`) against the game as it stands.

use crate::model::{Anchor, FeatureKind, Half, Pos, Rotation, Side};

/// One assertion, as the harness reads it.
#[derive(Debug, Clone, PartialEq)]
pub enum HarnessAssertion {
    /// `<player> has <n> points`: the player's points now.
    Points { player: String, points: i64 },
    /// `<player> scored <family> for <n> points`: some scoring of that family (`city` of a tiny
    /// city too) gave the player exactly `n`.
    Scored {
        player: String,
        family: String,
        points: i64,
    },
    /// `Player can pass` (`true`) / `Player can't pass`.
    CanPass(bool),
    /// `Phase is <Phase>` (any case of `phase is`).
    Phase(String),
    /// `Available action <type>` or `Available action <type> for <id>`.
    Available { action: String, of: Option<String> },
    /// `TilePlacement <tile> options: [x,y] - [r,…]; …`: the tile on offer is `tile`, and it
    /// fits exactly there.
    TilePlacement {
        tile: String,
        placements: Vec<(Pos, Rotation)>,
    },
    /// `Undo is allowed` (`true`) / `Undo is not allowed`.
    Undo(bool),
    /// `Meeple <Figure> options: {Feature,Location,[x,y]}; …`: the features the figure may be
    /// deployed on now.
    MeepleOptions {
        figure: String,
        options: Vec<FeatureOption>,
    },
    /// `ReturnMeeple <SOURCE> options: {meepleId,Feature,Location,[x,y]}; …`: the figures the
    /// source may take back now.
    ReturnOptions {
        source: String,
        options: Vec<(String, FeatureOption)>,
    },
    /// A form of the harness that belongs to an expansion carcspec does not play (a tunnel
    /// token, a tower piece, a ferry, a captured follower, a bazaar, a token count): what it
    /// needs, in words.
    OtherExpansion(&'static str),
}

/// A feature on a tile, as the harness writes it: `{City,S,[0,-1]}`.
#[derive(Debug, Clone, PartialEq)]
pub struct FeatureOption {
    /// JCloisterZone's name of the feature kind (`City`, `Road`, `Field`, `Garden`, …).
    pub feature: String,
    /// The location, as [`location_anchors`] reads it.
    pub location: String,
    pub pos: Pos,
}

/// JCloisterZone's figure classes (an assertion's `Meeple <Figure>`) that carcspec plays, and
/// the meeple type of their ids (`<player>.<type>.<n>`).
pub const FIGURE_CLASSES: [(&str, &str); 4] = [
    ("SmallFollower", "small"),
    ("BigFollower", "big"),
    ("Abbot", "abbot"),
    ("Shepherd", "shepherd"),
];

/// Whether `class` is one of [`FIGURE_CLASSES`].
pub fn is_figure_class(class: &str) -> bool {
    FIGURE_CLASSES.iter().any(|(c, _)| *c == class)
}

/// Reads `text` as the harness does; `None` for a text no form of the harness reads (the
/// harness fails it as an unknown assertion).
pub fn parse(text: &str) -> Option<HarnessAssertion> {
    // The harness's own order: points, a scoring, passing, the phase, the bazaar, an action,
    // a tile's placements, undo, a tunnel token, ferries, a meeple's options, a return's
    // options, a token count, a tower piece, a capture.
    if let Some((player, points)) = points(text) {
        return Some(HarnessAssertion::Points { player, points });
    }
    if let Some(scored) = scored(text) {
        return Some(scored);
    }
    match text {
        "Player can't pass" => return Some(HarnessAssertion::CanPass(false)),
        "Player can pass" => return Some(HarnessAssertion::CanPass(true)),
        _ => {}
    }
    if let Some(phase) = after_ignoring_case(text, "phase is ") {
        let phase: String = phase.chars().take_while(|c| is_word(*c)).collect();
        if !phase.is_empty() {
            return Some(HarnessAssertion::Phase(phase));
        }
    }
    if after_ignoring_case(text, "bazaar noauction: ").is_some() {
        return Some(HarnessAssertion::OtherExpansion(
            "the bazaar's auctions (Bridges, Castles and Bazaars)",
        ));
    }
    if let Some(rest) = text.strip_prefix("Available action") {
        let words: Vec<&str> = rest.split_whitespace().collect();
        if rest.starts_with(char::is_whitespace) {
            match words.as_slice() {
                [action] => {
                    return Some(HarnessAssertion::Available {
                        action: action.to_string(),
                        of: None,
                    });
                }
                [action, "for", of] => {
                    return Some(HarnessAssertion::Available {
                        action: action.to_string(),
                        of: Some(of.to_string()),
                    });
                }
                _ => {}
            }
        }
    }
    if let Some(rest) = text.strip_prefix("TilePlacement ")
        && let Some((tile, options)) = rest.split_once(" options: ")
        && !tile.is_empty()
        && !tile.contains(char::is_whitespace)
    {
        return Some(HarnessAssertion::TilePlacement {
            tile: tile.to_string(),
            placements: placement_options(options)?,
        });
    }
    match text {
        "Undo is not allowed" => return Some(HarnessAssertion::Undo(false)),
        "Undo is allowed" => return Some(HarnessAssertion::Undo(true)),
        _ => {}
    }
    if text.starts_with("Tunnel token ") && text.contains(" options: ") {
        return Some(HarnessAssertion::OtherExpansion(
            "tunnel tokens (The Tunnel)",
        ));
    }
    if text.starts_with("Ferries options:") {
        return Some(HarnessAssertion::OtherExpansion("ferries (The Ferries)"));
    }
    // An option not in the harness's form makes the whole assertion unreadable (it fails),
    // rather than being left out of the comparison.
    if let Some((figure, options)) = named_options(text, "Meeple ") {
        let options = braced(options)
            .map(|fields| match fields.as_slice() {
                [feature, location, pos] => feature_option(feature, location, pos),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        return Some(HarnessAssertion::MeepleOptions {
            figure: figure.to_string(),
            options,
        });
    }
    if let Some((source, options)) = named_options(text, "ReturnMeeple ") {
        let options = braced(options)
            .map(|fields| match fields.as_slice() {
                [meeple, feature, location, pos] => {
                    Some((meeple.to_string(), feature_option(feature, location, pos)?))
                }
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        return Some(HarnessAssertion::ReturnOptions {
            source: source.to_string(),
            options,
        });
    }
    if token_count(text) {
        return Some(HarnessAssertion::OtherExpansion(
            "a player's tokens (The Tunnel, The Tower and others)",
        ));
    }
    if text.starts_with("Tower piece ") && text.contains(" options: ") {
        return Some(HarnessAssertion::OtherExpansion("tower pieces (The Tower)"));
    }
    if text.starts_with("CaptureFollower options: ") {
        return Some(HarnessAssertion::OtherExpansion(
            "captured followers (The Tower)",
        ));
    }
    None
}

/// `<prefix><name> options: <options>`, the name of word characters: the name and the options.
fn named_options<'t>(text: &'t str, prefix: &str) -> Option<(&'t str, &'t str)> {
    let (name, options) = text.strip_prefix(prefix)?.split_once(" options: ")?;
    (!name.is_empty() && name.chars().all(is_word)).then_some((name, options))
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The text after the first `needle` in `text`, compared without case (the harness's `/phase
/// is (\w+)/i` finds it anywhere).
fn after_ignoring_case<'t>(text: &'t str, needle: &str) -> Option<&'t str> {
    let lower = text.to_ascii_lowercase();
    let at = lower.find(needle)?;
    Some(&text[at + needle.len()..])
}

/// `(\w+) has (-?\d+) points?`, found anywhere in the text as the harness finds it.
fn points(text: &str) -> Option<(String, i64)> {
    let words: Vec<&str> = text.split(' ').collect();
    words.windows(4).find_map(|w| {
        let player = w[0].rsplit(|c: char| !is_word(c)).next()?;
        let points = number_prefix(w[2])?;
        (!player.is_empty() && w[1] == "has" && w[2] == points.1 && w[3].starts_with("point"))
            .then(|| (player.to_string(), points.0))
    })
}

/// `(\w+) scored ([\w-]+) for (-?\d+) points?`.
fn scored(text: &str) -> Option<HarnessAssertion> {
    let words: Vec<&str> = text.split(' ').collect();
    words.windows(6).find_map(|w| {
        let player = w[0].rsplit(|c: char| !is_word(c)).next()?;
        let family = w[2];
        let points = number_prefix(w[4])?;
        let ok = !player.is_empty()
            && w[1] == "scored"
            && !family.is_empty()
            && family.chars().all(|c| is_word(c) || c == '-')
            && w[3] == "for"
            && w[4] == points.1
            && w[5].starts_with("point");
        ok.then(|| HarnessAssertion::Scored {
            player: player.to_string(),
            family: family.to_string(),
            points: points.0,
        })
    })
}

/// A whole word that is a whole number (`-?\d+`): its value and its text.
fn number_prefix(word: &str) -> Option<(i64, &str)> {
    let digits = word.strip_prefix('-').unwrap_or(word);
    (!digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()))
        .then(|| word.parse().ok().map(|n| (n, word)))
        .flatten()
}

/// `(\w+) has (\w+) token with (size|count) (\d+)`.
fn token_count(text: &str) -> bool {
    let words: Vec<&str> = text.split(' ').collect();
    words.windows(6).any(|w| {
        w[1] == "has" && w[3] == "token" && w[4] == "with" && matches!(w[5], "size" | "count")
    })
}

/// `[x,y] - [r,…]; …` → every position and rotation; `None` when an entry is not in that form
/// or a rotation is not 0, 90, 180 or 270 (the assertion is then unreadable, and fails).
fn placement_options(text: &str) -> Option<Vec<(Pos, Rotation)>> {
    let mut placements = Vec::new();
    for option in text.split(';').map(str::trim).filter(|o| !o.is_empty()) {
        let close = option.find(']')?;
        let (position, rest) = option.split_at(close + 1);
        let rotations = rest.trim().strip_prefix('-')?.trim();
        let pos = position_of(position)?;
        let rotations = rotations.strip_prefix('[')?.strip_suffix(']')?;
        for degrees in rotations.split(',') {
            let degrees: u32 = degrees.trim().parse().ok()?;
            if !degrees.is_multiple_of(90) || degrees >= 360 {
                return None;
            }
            placements.push((pos, Rotation((degrees / 90) as u8)));
        }
    }
    Some(placements)
}

/// `[x,y]` → the position.
fn position_of(text: &str) -> Option<Pos> {
    let inner = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (x, y) = inner.split_once(',')?;
    Some(Pos::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// The comma-separated fields of each `{…}` of `text`, a `[x,y]` kept whole.
fn braced(text: &str) -> impl Iterator<Item = Vec<String>> + '_ {
    text.split('{').skip(1).filter_map(|part| {
        let inner = part.split_once('}')?.0;
        let mut fields = Vec::new();
        let mut field = String::new();
        let mut depth = 0;
        for c in inner.chars() {
            match c {
                '[' => depth += 1,
                ']' => depth -= 1,
                ',' if depth == 0 => {
                    fields.push(std::mem::take(&mut field).trim().to_string());
                    continue;
                }
                _ => {}
            }
            field.push(c);
        }
        fields.push(field.trim().to_string());
        Some(fields)
    })
}

fn feature_option(feature: &str, location: &str, pos: &str) -> Option<FeatureOption> {
    Some(FeatureOption {
        feature: feature.to_string(),
        location: location.to_string(),
        pos: position_of(pos)?,
    })
}

/// The kind of feature JCloisterZone names `name` (`City`, `Cloister`, `Garden`), by the
/// ruleset descriptor's JCloisterZone parts.
pub fn feature_kind(name: &str) -> Option<FeatureKind> {
    let descriptor = crate::rules::describe(crate::model::Ruleset::Carcassonne);
    std::iter::once(descriptor.jcz)
        .chain(descriptor.expansions.iter().map(|e| e.jcz))
        .flat_map(|part| part.features)
        .find(|(jcz, _)| *jcz == name)
        .map(|(_, kind)| *kind)
}

/// JCloisterZone locations, already in board orientation: sides (`N`, `NW`, `NWSE`), all sides
/// but one (`_N`), dot-joined half-sides (`ER.SL.SR.WL`), or `I`.
pub fn location_anchors(location: &str) -> Option<Vec<Anchor>> {
    let side = |c: char| match c {
        'N' => Some(Side::N),
        'E' => Some(Side::E),
        'S' => Some(Side::S),
        'W' => Some(Side::W),
        _ => None,
    };
    if location == "I" {
        return Some(vec![Anchor::Inner]);
    }
    if let Some(except) = location.strip_prefix('_') {
        let left_out = side(except.chars().next()?)?;
        return Some(
            Side::ALL
                .into_iter()
                .filter(|s| *s != left_out)
                .map(Anchor::Side)
                .collect(),
        );
    }
    if location.contains('.') || location.ends_with(['L', 'R']) {
        return location
            .split('.')
            .map(|part| {
                let mut chars = part.chars();
                let s = side(chars.next()?)?;
                let half = match chars.next()? {
                    'L' => Half::L,
                    'R' => Half::R,
                    _ => return None,
                };
                chars.next().is_none().then_some(Anchor::Half(s, half))
            })
            .collect();
    }
    let anchors: Option<Vec<Anchor>> = location
        .chars()
        .map(|c| side(c).map(Anchor::Side))
        .collect();
    anchors.filter(|a| !a.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_become_anchors() {
        assert_eq!(location_anchors("N"), Some(vec![Anchor::Side(Side::N)]));
        assert_eq!(
            location_anchors("NW"),
            Some(vec![Anchor::Side(Side::N), Anchor::Side(Side::W)])
        );
        assert_eq!(location_anchors("_N").map(|a| a.len()), Some(3));
        assert_eq!(
            location_anchors("ER.SL"),
            Some(vec![
                Anchor::Half(Side::E, Half::R),
                Anchor::Half(Side::S, Half::L)
            ])
        );
        assert_eq!(location_anchors("XYZ"), None);
    }

    #[test]
    fn every_form_of_the_harness_is_read() {
        assert_eq!(
            parse("Alice has 9 points."),
            Some(HarnessAssertion::Points {
                player: "Alice".into(),
                points: 9
            })
        );
        assert_eq!(
            parse("Wendy scored city for 1 point"),
            Some(HarnessAssertion::Scored {
                player: "Wendy".into(),
                family: "city".into(),
                points: 1
            })
        );
        assert_eq!(
            parse("Player can't pass"),
            Some(HarnessAssertion::CanPass(false))
        );
        assert_eq!(
            parse("phase is TilePhase"),
            Some(HarnessAssertion::Phase("TilePhase".into()))
        );
        assert_eq!(
            parse("Available action TilePlacement for BA/Cc+"),
            Some(HarnessAssertion::Available {
                action: "TilePlacement".into(),
                of: Some("BA/Cc+".into())
            })
        );
        assert_eq!(
            parse("TilePlacement BA/RRR options: [2,-3] - [180]; [1,-3] - [0,90,270]"),
            Some(HarnessAssertion::TilePlacement {
                tile: "BA/RRR".into(),
                placements: vec![
                    (Pos::new(2, -3), Rotation(2)),
                    (Pos::new(1, -3), Rotation(0)),
                    (Pos::new(1, -3), Rotation(1)),
                    (Pos::new(1, -3), Rotation(3)),
                ]
            })
        );
        assert_eq!(parse("Undo is allowed"), Some(HarnessAssertion::Undo(true)));
        let Some(HarnessAssertion::MeepleOptions { figure, options }) =
            parse("Meeple SmallFollower options: {City,S,[0,-1]}; {Road,WE,[0,-1]}")
        else {
            panic!("not read as a meeple's options");
        };
        assert_eq!(figure, "SmallFollower");
        assert_eq!(options.len(), 2);
        assert_eq!(options[1].location, "WE");
        assert_eq!(options[1].pos, Pos::new(0, -1));
        let Some(HarnessAssertion::ReturnOptions { source, options }) =
            parse("ReturnMeeple ABBOT_RETURN options: {0.abbot.1,Garden,I,[1,0]}")
        else {
            panic!("not read as a return's options");
        };
        assert_eq!(source, "ABBOT_RETURN");
        assert_eq!(options[0].0, "0.abbot.1");
        assert!(matches!(
            parse("Tunnel token TUNNEL_A options: {Road,S,[0,1]}"),
            Some(HarnessAssertion::OtherExpansion(_))
        ));
        assert!(matches!(
            parse("Alice has TUNNEL_A token with count 2"),
            Some(HarnessAssertion::OtherExpansion(_))
        ));
        assert_eq!(parse("The river flows"), None);
        // An option carcspec cannot read is no option left out: the assertion is unreadable.
        assert_eq!(parse("TilePlacement BA/RRR options: [2,-3] - [45]"), None);
        assert_eq!(
            parse("Meeple SmallFollower options: {City,S,[0,-1]}; {Road,WE}"),
            None
        );
    }
}
