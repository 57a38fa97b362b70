//! The registry of diagnostic codes. Codes are stable: once published, a code keeps its number,
//! name and meaning. `carcspec explain <code>` prints the entry.
//!
//! Ranges: `T0xx` tile-language syntax, `T1xx` lowering of tile sets (names, anchors, JSON/YAML
//! documents), `T2xx` tile-set lints, `F0xx` files and inputs.

use crate::diagnostic::Severity;

#[derive(Debug, PartialEq, Eq)]
pub struct Code {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    /// One paragraph or more: what the check enforces, why, and how to fix it.
    pub explanation: &'static str,
}

macro_rules! codes {
    ($( $ident:ident = $code:literal $name:literal $sev:ident : $text:literal; )*) => {
        $( pub static $ident: Code = Code {
            code: $code,
            name: $name,
            severity: Severity::$sev,
            explanation: $text,
        }; )*
        /// Every code, in numeric order.
        pub static ALL: &[&Code] = &[$( &$ident ),*];
    };
}

codes! {
    UNEXPECTED_TOKEN = "T001" "unexpected-token" Error:
"The tile language expected something else at this place.

A tile file is a header (`tileset`, `ruleset`, `expansion`, `source` lines) followed by tiles:

    tile BA/RCr x4 start {
      city c: N
      road: W E
      field: EL WR touches=c
      field: ER SL SR WL
    }

Each statement stands on a line of its own; `#` starts a comment. The parser reports the
problem and goes on at the next line, so one run shows every syntax error of the file.";

    UNCLOSED_TILE = "T002" "unclosed-tile" Error:
"A tile opened with `{` was not closed with `}` before the next tile or the end of the file.

Put a line holding only `}` after the tile's last feature.";

    UNMATCHED_BRACE = "T003" "unmatched-brace" Error:
"A `}` appears where no tile is open.

Remove it, or open the tile it was meant to close with `tile <id> ... {`.";

    UNTERMINATED_STRING = "T004" "unterminated-string" Error:
"A string (in `source \"...\"`) has no closing quote on its line.

Close the string with `\"`. A quote inside a string is written `\\\"`, a backslash `\\\\`.";

    FEATURE_OUTSIDE_TILE = "T005" "feature-outside-tile" Error:
"A feature line (`city c: N`) stands outside any tile.

Features belong between a tile's `{` and `}`. Check that the tile above is not closed too early.";

    UNKNOWN_HEADER_KEY = "T101" "unknown-header-key" Error:
"The header of a tile set knows `tileset <name>`, `ruleset <name>`, `expansion <name>` (any
number of times) and `source \"<text>\"`. Any other keyword is an error, so that a typo is not
silently ignored.";

    MISSING_HEADER = "T102" "missing-header" Error:
"A tile set must say its name (`tileset <name>`) and its ruleset (`ruleset carcassonne` or
`ruleset hunters-gatherers`) before its first tile: the ruleset decides which features and
contents the tiles may use and how edges are lettered.";

    DUPLICATE_HEADER = "T103" "duplicate-header" Error:
"`tileset`, `ruleset` and `source` may each appear once in the header. Keep one.";

    UNKNOWN_RULESET = "T104" "unknown-ruleset" Error:
"The ruleset or expansion named in the header is not one carcspec knows.

Rulesets: `carcassonne` (with the expansion `hills-and-sheep`) and `hunters-gatherers`.";

    UNKNOWN_TILE_MODIFIER = "T105" "unknown-tile-modifier" Error:
"After a tile's id come its modifiers: the count `xN` (default 1), the kind `start`, `land`
(default) or `bonus`, and the markers `hill`, `vineyard` and `volcano`. Anything else there is
an error.";

    CONFLICTING_MODIFIERS = "T106" "conflicting-modifiers" Error:
"A tile has two counts, two kinds (`start` and `bonus`), or the same marker twice. Keep one.";

    UNKNOWN_FEATURE_KIND = "T107" "unknown-feature-kind" Error:
"A feature line starts with its kind: `city`, `road`, `field`, `monastery` (Carcassonne) or
`forest`, `meadow`, `river`, `lake` (Hunters and Gatherers).";

    UNKNOWN_ATTRIBUTE = "T108" "unknown-attribute" Error:
"After a feature's anchors come its attributes. Contents: `pennant`, `fish`, `spring`, `gold`,
`menhir`, `mushrooms`, `deer`, `mammoth`, `tiger`, `aurochs`, `fire`, `shrine` (each optionally
`=N` for a count); `power=<name>` for the special powers of the 2020 Hunters and Gatherers
tiles; references `touches=<city>,...` (fields) and `into=<lake>,...` (rivers); and
`shares=<side>,...` for a city stretch on a side that another city also claims.";

    BAD_ATTRIBUTE_VALUE = "T109" "bad-attribute-value" Error:
"An attribute has a value of the wrong form: a count must be a whole number of at least 1
(`deer=2`), `power` takes one power name, `touches` and `into` take labels, `shares` takes
sides (`N E S W`), and a plain mark such as `spring` takes no value.";

    UNKNOWN_ANCHOR = "T110" "unknown-anchor" Error:
"Anchors name where a feature touches the edge of the tile: `N E S W` (a whole side, or the
middle of a split side for a road or river), `NL NR EL ER SL SR WL WR` (half-sides, left and
right as seen looking out from the centre of the tile) and `I` (inside, touching no side).";

    DUPLICATE_ATTRIBUTE = "T111" "duplicate-attribute" Error:
"An attribute appears twice on one feature. Write it once, with a count where one is meant
(`deer=2`, not `deer deer`).";

    INVALID_DOCUMENT = "T120" "invalid-document" Error:
"A JSON or YAML tile set could not be read: it is not well-formed, or a field is missing, has the
wrong type, or is unknown. The message gives the line and column.

The document has the shape written by `carcspec tiles export`: `name`, `ruleset`, `expansions`,
`source`, and `tiles`, each with `id`, `count`, `kind`, `edges`, `markers` and `features`.";

    EDGES_MISMATCH = "T121" "edges-mismatch" Error:
"A JSON or YAML tile states `edges` that differ from the edges its features give. `edges` is
derived from the features; it is checked on input so that a hand edit of one without the other
is caught. Correct whichever is wrong, or leave `edges` out.";

    UNCLAIMED_SIDE = "T201" "unclaimed-side" Error:
"Every side of a tile must be claimed completely: by a whole-side feature (city, forest), or by a
road or river in the middle with a field or meadow on each half, or by fields or meadows on both
halves. A half-side that no feature claims leaves a hole in the tile.";

    CONFLICTING_SIDE_CLAIMS = "T202" "conflicting-side-claims" Error:
"Two features claim the same side or half-side in ways that cannot both be true: a city and a
field on one side, two roads on one side, two fields on the same half-side, a whole-side and a
half-side claim together. Only cities may share a side, and only when the second one says so
with `shares=<side>` (the Hills & Sheep tile with two city stretches on one side).";

    ROAD_ON_UNSPLIT_SIDE = "T203" "road-on-unsplit-side" Error:
"A road (or river) runs through the middle of a side, so the side is split into two halves; a
field (or meadow) on that side must then claim a half (`NL`, `NR`), not the whole side (`N`).";

    UNKNOWN_CITY = "T204" "unknown-city" Error:
"A field names, with `touches=`, a city that is not on the tile. Give the city a label
(`city c: N`) and name that label; farm scoring counts the cities a field touches.";

    UNKNOWN_LAKE = "T205" "unknown-lake" Error:
"A river flows, with `into=`, into a lake that is not on the tile. Give the lake a label
(`lake l: I fish=2`) and name that label.";

    CONTENT_ON_WRONG_FEATURE = "T206" "content-on-wrong-feature" Error:
"A content makes no sense on this feature: pennants belong on cities; fish on lakes and rivers;
springs on rivers; gold, menhirs and mushrooms in forests; deer, mammoths, tigers, aurochs,
fire and shrines on meadows; the powers shaman, hunting-trap, pit-trap and wild-fire on
meadows, logboat and raft on lakes.";

    UNKNOWN_TO_RULESET = "T207" "unknown-to-ruleset" Error:
"A feature, content, marker or tile kind is not part of the tile set's ruleset: cities, roads,
fields and monasteries belong to `carcassonne`; forests, meadows, rivers, lakes and bonus
tiles to `hunters-gatherers`; hills and vineyards need `expansion hills-and-sheep`.";

    DUPLICATE_TILE_ID = "T208" "duplicate-tile-id" Error:
"Two tiles of the set have the same id. Ids name tiles in games (and in imported JCloisterZone
games), so each must be unique; use the count (`x3`) for copies of one tile.";

    COUNT_BELOW_ONE = "T209" "count-below-one" Error:
"A tile's count (`x0`) is below 1. A tile that is not in the box does not belong in the set.";

    MISSING_START_TILE = "T210" "missing-start-tile" Error:
"A base tile set needs exactly one start tile (`tile <id> start {`); the game begins with it on
the table. Expansion sets (with an `expansion` line) have none.";

    SEVERAL_START_TILES = "T211" "several-start-tiles" Error:
"A tile set marks more than one tile as the start tile, or an expansion set marks one. A base set
has exactly one start tile (its other copies, if its count is above 1, are ordinary land tiles);
an expansion set has none.";

    UNTOUCHABLE_TILE = "T212" "untouchable-tile" Warning:
"No tile of the set can ever lie next to this tile: none of its sides matches a side of any
other tile (or of another copy of itself) in any rotation. Such a tile can never be placed.";

    DUPLICATE_LABEL = "T213" "duplicate-label" Error:
"Two features of one tile share a label, so a reference to it would be ambiguous.";

    RIVER_WITHOUT_END = "T214" "river-without-end" Warning:
"A river touches one side only, so it ends on this tile. A river's end must be a
lake (`into=<lake>`) or a spring (`spring`): the rules complete a river only when both ends
are lakes or springs.";

    BAD_SHARES = "T215" "bad-shares" Error:
"`shares=<side>` says that a city shares that side with another city of the tile, which claims
the side itself. No other city of the tile claims it, or the feature is not a city.";

    INVALID_ANCHOR = "T216" "invalid-anchor" Error:
"An anchor does not fit the feature: cities and forests claim whole sides (`N`); roads and rivers
the middle of a side (`N`); fields and meadows whole sides or half-sides (`N`, `NL`) or the
inside (`I`); monasteries and lakes only the inside (`I`). A feature needs at least one anchor,
and `I` stands alone.";

    INVALID_TILE_ID = "T217" "invalid-tile-id" Error:
"A tile id is empty or holds white space or one of the characters the tile language reserves
(`{ } # \" = : ,`). Such an id could not be written in a `.tiles` file or named in a game.";

    INVALID_LABEL = "T218" "invalid-label" Error:
"A feature label must start with a letter and hold only letters, digits, `-` and `_`, so that it
can be written in a `.tiles` file and named by `touches=` or `into=`.";

    UNREADABLE_INPUT = "F001" "unreadable-input" Error:
"A file could not be read (it does not exist, is not readable, or is not UTF-8 text), or a
name is neither a file nor a shipped tile set.";
}

/// Looks up a code by its number (`T204`, any case) or its name (`unknown-city`).
pub fn find(query: &str) -> Option<&'static Code> {
    ALL.iter()
        .copied()
        .find(|c| c.code.eq_ignore_ascii_case(query) || c.name == query)
}
