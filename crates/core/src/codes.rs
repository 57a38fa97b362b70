//! The registry of diagnostic codes. Codes are stable: once published, a code keeps its number,
//! name and meaning. `carcspec explain <code>` prints the entry.
//!
//! Ranges: `T0xx` tile-language syntax, `T1xx` lowering of tile sets (names, anchors, JSON/YAML
//! documents), `T2xx` tile-set lints, `G0xx` the game language, `V1xx` rule violations (each
//! names the rulebook section it enforces), `X0xx` expectations that do not hold, `F0xx` files
//! and inputs.

/// How bad a finding is. Defined with the codes, since every code has one, and read by
/// [`crate::diagnostic`] (which re-exports it) so that the registry imports nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

#[derive(Debug, PartialEq, Eq)]
pub struct Code {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    /// One paragraph or more: what the check enforces, why, and how to fix it.
    pub explanation: &'static str,
}

/// Declares a table of codes: a `static` for each code and a `static` slice of them all,
/// named by the table's header (`pub CODES;`). The registry's own codes are declared here;
/// a code that belongs to one ruleset or expansion, or to one content of the tile model, is
/// declared in that module with this macro, and `carcspec::rules::codes` gathers every table
/// into the registry that `explain`, the SARIF rules, the language server and the fixtures
/// read. The registry imports nothing, so no table here names another.
#[macro_export]
macro_rules! codes {
    ($(#[$attr:meta])* $vis:vis $table:ident; $( $ident:ident = $code:literal $name:literal $sev:ident : $text:literal; )*) => {
        $( pub static $ident: $crate::codes::Code = $crate::codes::Code {
            code: $code,
            name: $name,
            severity: $crate::codes::Severity::$sev,
            explanation: $text,
        }; )*
        $(#[$attr])*
        $vis static $table: &[&$crate::codes::Code] = &[$( &$ident ),*];
    };
}
pub use crate::codes;

codes! {
    /// The codes every ruleset shares, and the Carcassonne base game's and the Hunters and
    /// Gatherers rulesets' own.
    pub CORE;

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

Rulesets: `carcassonne` (with the expansion `hills-and-sheep`), `hunters-gatherers` (the 2002
rules) and `hunters-gatherers-2020` (the 2020 edition) for games. A tile set declares the
family of tiles it is made for: `carcassonne` or `hunters-gatherers`, whose sets games of both
Hunters and Gatherers rulesets play; a tile set that names `hunters-gatherers-2020` is told to
write `hunters-gatherers`.";

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

    CONTROL_CHARACTER = "T122" "control-character" Error:
"A name of the tile set (its `tileset` name, `source` or an expansion) holds a control character
such as NUL. Control characters are invisible and cannot be typed in a game file; a NUL byte
usually means the file is binary or was damaged. Remove the character.";

    DOCUMENT_TOO_DEEP = "T123" "document-too-deep" Error:
"A YAML tile set nests collections deeper than carcspec reads (the message names the limit). A
tile set written by `carcspec tiles export` nests six levels; the limit only refuses documents
that would take the YAML reader a long time to refuse, such as thousands of nested maps.";

    BAD_CLOSED_SIDES = "T124" "bad-closed-sides" Error:
"`closed: N E S W` lists the sides a tile closes: whole sides (`N E S W`), each once, with no
label and no attributes, on one line a tile. A closed side is reached by no feature; it fits
against any side and ends every feature that meets it (Abbey & Mayor's abbey).";

    UNCLAIMED_SIDE = "T201" "unclaimed-side" Error:
"Every side of a tile must be claimed completely: by a whole-side feature (city, forest), or by a
road or river in the middle with a field or meadow on each half, or by fields or meadows on both
halves, or closed (`closed: N`: no feature reaches it, as on Abbey & Mayor's abbey). A
half-side that no feature claims leaves a hole in the tile. The unclaimed halves of one stretch
of land (next to each other around the border, not parted by a road or river) are one finding
that names them all, as one missing field is one mistake.";

    CONFLICTING_SIDE_CLAIMS = "T202" "conflicting-side-claims" Error:
"Two features claim the same side or half-side in ways that cannot both be true: a city and a
field on one side, two roads on one side, two fields on the same half-side, a whole-side and a
half-side claim together, a feature on a side the tile closes (`closed:`). Only cities may share
a side, and only when the second one says so with `shares=<side>` (the Hills & Sheep tile with
two city stretches on one side).";

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
"A river touches one side only, so it ends on this tile, and the tile should say where: in a
lake (`into=<lake>`), at a spring (`spring`) or in a forest of the tile (`forest-end`). The
2002 rules complete a river when “there is a lake or spring on each end”, the 2020 rules when
“both ends reach a forest or a lake”; under the 2020 rules a river whose end is marked neither
way is never complete.";

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

    TOO_MANY_TILES = "T219" "too-many-tiles" Error:
"The tile set holds more tiles (the sum of every tile's count) than carcspec plays with; the
message names the limit. The limit is far above any published set (the base game has 72 tiles)
and keeps a count such as `x4294967295` from making the checker or the simulator build a stack
of billions of tiles. Correct the count.";

    INVALID_EXPANSION_NAME = "T225" "invalid-expansion-name" Error:
"An `expansion` line names no valid expansion. Any name that is not an expansion with rules of
its own (`hills-and-sheep`) declares a fan expansion, whose tile set only adds tiles
(`expansion river-keep`): such a name starts with a lowercase letter and holds lowercase
letters, digits and `-`, at most 64 characters.";

    UNTOUCHABLE_IN_COMBINATION = "T226" "untouchable-in-combination" Warning:
"A tile of an expansion set can never be placed in the combination it is played in: none of its
sides matches a side of any tile of the combined sets (nor of another copy of itself) in any
rotation. An expansion set alone is not checked for this (its tiles are meant to join the base
set's); `carcspec tiles lint <EXPANSION> --with <BASE>`, `check` and `simulate` check the
combination.";

    COMBINED_SETS_DISAGREE = "T227" "combined-sets-disagree" Error:
"Sets linted together (`carcspec tiles lint <SET> --with <OTHER>`) cannot be played together:
they are for different rulesets, or a tile id appears in more than one of them. A game plays
only sets of its own ruleset, and names every tile by an id that is unique across its sets.";

    SAME_AS_ANOTHER_TILE = "T228" "same-as-another-tile" Warning:
"A tile of an expansion set is another tile of the set, or of a set linted with it (`--with`),
under a different id: the same features on the same sides, with the same contents, markers and
closed sides, in some rotation (ids, labels and counts aside). More copies of one tile are
written as its count (`xN`); two tiles that are meant to differ need a different side or
feature. A game plays both ids as separate tiles of one shape. A base set is not checked: it
transcribes a whole box, whose ids may name each printed tile.";

    SPRING_ON_A_THROUGH_RIVER = "T230" "spring-on-a-through-river" Error:
"A river marked `spring` touches two sides or more: it runs through the tile, and its ends are
on those sides, where the neighbouring tiles continue it, not on this tile. A spring is the
end of a river that touches one side only (“A river is completed when there is a lake or
spring on each end”, 2002 rules). Drop `spring`, or write the tile's rivers as separate
features.";

    SPRING_INTO_A_LAKE = "T231" "spring-into-a-lake" Error:
"A river that touches one side ends on its tile once: at a lake (`into=<lake>`) or at a spring
(`spring`), not both. Which of the two it is decides what the river's end is for the rules (the
2020 rules complete a river when “both ends reach a forest or a lake”) and which lake's fish
it scores.";

    FOREST_END_WITHOUT_FOREST = "T232" "forest-end-without-forest" Error:
"A river marked `forest-end` ends in a forest of its tile (the 2020 rules complete a river when
“both ends reach a forest or a lake”), but no forest is there to reach: the tile has no forest,
or one meadow claims both halves of the river's side, so that it goes round the river's end and
the end lies inside that meadow. A river ends in a forest when the forest parts the two areas
beside it: write the two banks as two features (`meadow: NL` and `meadow: NR …`), add the
forest, or drop `forest-end` and mark the end as it is (`spring`, or `into=<lake>`).";

    FOREST_END_NOT_AN_END = "T233" "forest-end-not-an-end" Error:
"A river marked `forest-end` does not end on its tile in a forest: it touches two sides or more
(it runs through the tile, and its ends are on those sides, where the neighbouring tiles
continue it), or it flows into a lake (`into=<lake>`), which is its end already. A forest end
belongs to a river that touches one side only and flows into no lake. Drop `forest-end`, or
write the tile's rivers as separate features.";

    FIELD_CROSSES_ROAD = "T240" "field-crosses-road" Error:
"A field (or meadow) claims half-sides on both sides of a road, river, city or forest that runs
across the tile, from one side to another: `road: N S` with `field: NL SL` (NL is the west half
of N, SL the east half of S). A field cannot cross a road; the tile could not be drawn, and
farm scoring would join farms that the road keeps apart.

Write one field for each side of the road (the help lists them): `field: NL SR W` west of the
road and `field: NR E SL` east of it. Half-sides run clockwise from the north-west corner:
`NL NR EL ER SL SR WL WR`. A road that ends on the tile (at a village or a monastery) divides
nothing by itself, so fields on its two sides are not checked.";

    MISSING_TOUCHES = "T241" "missing-touches" Error:
"A field lines a city's edge but does not name the city in `touches=`, so its farmers would
score nothing for it. The field holds the half-side next to a corner where the city's side
ends (a city on N is lined by the fields at WR and EL), or it is the inner field of a tile
whose city covers every side.

Label the city (`city c: N`) and add it to the field: `field: E S W touches=c`. The lint
reports only the borders that are certain; a field that touches a city elsewhere (past a road
that ends at the city's gate) still needs `touches=`, and the linter cannot tell.";

    IMPOSSIBLE_TOUCHES = "T242" "impossible-touches" Error:
"A field says `touches=` a city that it cannot touch: a road (or another feature) that runs
across the tile lies between them. A field inside a road's curve (`road: E S`,
`field: ER SL`) touches no city on the other side of the road (`city c: N`).

Remove the city from `touches=`; if the field does touch it, its anchors are wrong: check on
which side of the road each half-side lies.";

    UNKNOWN_STATEMENT = "G001" "unknown-statement" Error:
"The first word of a line is not a statement of the game language, or not one that may stand in
that part of the file (header, setup, turns). The statements each part takes are listed below,
from the language's own table; `docs/game-language.md` says what each does.";

    BAD_STATEMENT = "G002" "bad-statement" Error:
"A statement's words do not have the expected form, such as `place at 1,-2 r90` (a position is
`x,y` with whole numbers; a rotation is `r0`, `r90`, `r180` or `r270`), or a word is missing
or left over. The message names the word expected.";

    UNKNOWN_PLAYER = "G003" "unknown-player" Error:
"A statement names a player that the `players` line does not list. Players are named once, in
turn order: `players red blue`.";

    UNKNOWN_TILE = "G004" "unknown-tile" Error:
"A tile id is neither in the game's tile sets nor defined in the game file.";

    UNKNOWN_FIGURE = "G005" "unknown-figure" Error:
"The figure is not one of the ruleset's: `gatherer`, `fisherman`, `hunter`, `hut` in Hunters and
Gatherers; `thief`, `knight`, `monk`, `farmer` and (Hills & Sheep) `shepherd` in Carcassonne.";

    GAME_HEADER = "G006" "game-header" Error:
"A game needs `ruleset <name>` and `players <name> <name>…` before its first move, each once.";

    UNKNOWN_VARIANT = "G007" "unknown-variant" Error:
"The rule variant, or its value, is not one the ruleset offers. A variant line is `variant
<name> <value>`; the first value of each is the rules' own reading, the default. `carcspec
explain G007` lists every variant of every ruleset (below, drawn from the rulesets themselves),
and `docs/rules/` says where each comes from.";

    TILE_SET_PROBLEM = "G008" "tile-set-problem" Error:
"A tile set that the game names cannot be used: it cannot be read, has errors (run
`carcspec tiles lint` on it), belongs to another ruleset, or repeats a tile id of another set.";

    TRUNCATED_GAME = "G009" "truncated-game" Error:
"The game text ends while tiles are left in the stack, without `end` (the game ends here and is
scored) or `stop` (an example that ends here, without final scoring). A transcript cut short
is reported rather than scored as if it were complete.";

    STATEMENT_OUT_OF_PLACE = "G010" "statement-out-of-place" Error:
"A statement stands where it cannot: a header line after the first move, a move before any
`turn`, or a setup statement (`lay`, `put`) after the first turn.";

    NO_START_TILE = "G011" "no-start-tile" Error:
"The game lays no tile before its first turn: its tile sets have no start tile and it has no
`lay` statement. An expansion set has no start tile of its own: combine it with a base set
(`tiles carcassonne-base my-expansion.tiles`), or choose one of the game's land tiles to start
with `start <tile-id>`. `carcspec simulate` refuses an expansion alone the same way.";

    PLAYER_COUNT = "G012" "player-count" Error:
"The game has more or fewer players than its ruleset is for. Carcassonne (with Hills & Sheep)
is for 2 to 5 players: “2-5 players (6 with the 6th color from an expansion; Hills & Sheep has 6
shepherds)”. Hunters and Gatherers has “30 tribe members in 5 colors” and “10 huts in 5 colors”:
2 to 5 players.

Name between 2 and 5 players on the `players` line, in turn order.";

    EARLY_END = "G013" "early-end" Warning:
"A recorded game says `end` while the land stack still holds tiles: the game is scored as if it
were over. “The game ends at the end of the turn in which the last land tile (not bonus tile!)
is placed”, so a transcript that ends early has lost its last turns.

A file that shows only part of a game on purpose (a rulebook example, a test of final scoring)
says so with `excerpt` in its header; it may then `end` at any point. An example that stops
without final scoring ends with `stop` instead.";

    AMBIGUOUS_ANCHOR = "G014" "ambiguous-anchor" Error:
"A deployment names a feature by an anchor that several features of the tile claim, for the
figure's kinds: tile `HG/83` has two lakes, both at `I`. The anchor alone does not say which
one the figure stands on, and the two may belong to different river systems.

Name the feature by the label its tile definition gives it (`deploy hut on l2`); the message
lists the labels.";

    TOO_MANY_TILES_IN_GAME = "G020" "too-many-tiles-in-game" Error:
"The game's tile sets, with their multipliers (`tiles carcassonne-base x100`) and the game's own
tiles, hold more tiles than carcspec plays with in one game; the message names the limit and the
total. Use fewer copies.";

    CONTROL_CHARACTER_IN_GAME = "G021" "control-character-in-game" Error:
"A word of the game file (a player, a tile id, a title …) holds a control character such as NUL.
Control characters are invisible and would become part of the name; a NUL byte usually means
the file is binary or was damaged. Remove the character, or write it as an escape inside a
quoted string only where text (an assertion) needs it.";

    TILE_ID_CLASH = "G030" "tile-id-clash" Error:
"Two of the tile sets a game combines (or a set and the game's own tiles) define the same tile
id, so a move that names the id would be ambiguous. The message names both definitions (file
and line). Rename the tile in your own set or in the game; the shipped sets keep JCloisterZone's
ids.";

    SEVERAL_START_TILES_COMBINED = "G031" "several-start-tiles-combined" Error:
"The tile sets the game combines have more than one start tile, and the game does not say which
one starts. Choose it in the header with `start <tile-id>` (or `carcspec simulate --start
<tile-id>`): one copy of that tile is laid at 0,0, and the other start tiles are ordinary land
tiles in the stack. An expansion set has no start tile, so a base set with expansions never
needs the choice.";

    BAD_START_CHOICE = "G032" "bad-start-choice" Error:
"The tile chosen with `start <tile-id>` cannot start the game: it is a bonus tile (bonus tiles
are drawn only as a bonus), or the game lays its own board with `lay`, so no start tile is laid.";

    EXPANSION_WITHOUT_TILES = "G033" "expansion-without-tiles" Error:
"The game declares a fan expansion (`expansion river-keep`) but none of its tile sets is of that
expansion. A fan expansion adds nothing but tiles: name its tile set with `tiles` (the
`expansion` line may then be left out), or check the name against the set's own `expansion`
line.";

    SHADOWED_TILE_SET_NAME = "G034" "shadowed-tile-set-name" Warning:
"A `tiles` line names a shipped tile set by its bare name (`tiles carcassonne-base`) while a file
of that name lies next to the game. A bare shipped name always means the shipped set; the file
is not read. To play the file, name it as a path: `tiles ./carcassonne-base`.";

    TILE_NOT_IN_STACK = "V101" "tile-not-in-stack" Error:
"The drawn tile is not (or no longer) in the stack: every copy of it has been drawn or laid, or
it is a bonus tile drawn as a land tile (or the reverse).

Rule: “The player must draw one new land tile from one of the stacks” (Hunters and Gatherers,
Playing the game); “Draw one tile and place it face up” (Carcassonne, 1. Place a tile) — from
the tiles of the sets in play, each as many times as its count.";

    OCCUPIED_POSITION = "V102" "occupied-position" Error:
"A tile is placed where a tile already lies.

Rule: 1. Place a tile.";

    NOT_ADJACENT = "V103" "not-adjacent" Error:
"The placed tile touches no tile already in play by a side.

Rule: “At least one side of the new tile must touch one or more tiles already in play.
Corner-to-corner placement is not permitted.” (Hunters and Gatherers, 1. Place a tile); “at
least one of its sides touches a tile already placed (no corner-only contact)” (Carcassonne,
1. Place a tile).";

    EDGES_DO_NOT_MATCH = "V104" "edges-do-not-match" Error:
"A side of the placed tile does not continue the side it touches: a forest must meet a forest,
a meadow a meadow, a river a river (a city a city, a road a road, a field a field). The message
names each side that clashes and what the two tiles have there; `carcspec fit <GAME> <TILE>
--at <LINE>` lists where the tile fits.

Rule: “Any meadow, river and forest segments must continue segments already in play.”
(Hunters and Gatherers, 1. Place a tile); “every side that touches another tile matches it:
road to road, city to city, field to field” (Carcassonne, 1. Place a tile).";

    DISCARDED_TILE_FITS = "V105" "discarded-tile-fits" Error:
"A tile was removed as unplaceable, but it fits somewhere on the board.

Rule: “In the rare case that a tile cannot be placed anywhere, it is removed from the game, and
the player draws another.” (Hunters and Gatherers, 1. Place a tile); “If a drawn tile fits
nowhere, it is set aside (removed from the game) and the player draws another.” (Carcassonne,
1. Place a tile)";

    WRONG_PLAYER = "V106" "wrong-player" Error:
"The turn is taken by a player whose turn it is not. Players take turns in the order of the
`players` line, and a game (an excerpt too) starts with its first player: an excerpt that shows
blue's turn first lists blue first (`players blue red`).

Rule: “Play progresses in a clockwise fashion.” (Hunters and Gatherers, Playing the game). In
Carcassonne, as in JCloisterZone, turns pass from player to player in a fixed order: the order
of the `players` line.";

    ONE_FIGURE_PER_TILE = "V107" "one-figure-per-tile" Error:
"A second figure is deployed on the same placed tile.

Hunters and Gatherers: “Only one tribe member or hut may be deployed each turn.” (2. Deploy)
Carcassonne: “Take one meeple from your supply and put it on one feature of the tile just
placed” (2. Place a meeple); with Hills & Sheep the shepherd is placed instead of a meeple, not
as well.";

    SUPPLY_EMPTY = "V108" "supply-empty" Error:
"The player has no figure of that kind left in the supply, or only figures that scoring
returned in this turn, which may be used again from the next turn on. A game's `supply` line
sets other counts, and the message names the game's own. Each ruleset has its own supply:";

    WRONG_FEATURE_FOR_FIGURE = "V109" "wrong-feature-for-figure" Error:
"The figure cannot stand on that feature. Where each figure stands depends on the ruleset:";

    FEATURE_OCCUPIED = "V110" "feature-occupied" Error:
"The feature the figure is deployed on is already occupied: a figure that blocks it stands on
the connected feature, however far away.

- Hunters and Gatherers: “There must be no other tribe member (not even one belonging to the
  same player) on the forest, river or meadow segments connected to the tile just placed.”
  Huts: “There must be no other hut (not even belonging to the same player) on the river
  system.” Huts and fishermen do not block each other.
- Carcassonne: “Not allowed if that feature — followed across all tiles it is connected to,
  however far — already holds a meeple of anyone, you included.” (2. Place a meeple) With
  Hills & Sheep a shepherd is blocked only by another shepherd:
  “You can place your shepherd even if there is already a farmer in that field (and vice
  versa), but you cannot place a shepherd if there is already another shepherd in that
  field.”";

    NO_SUCH_FEATURE = "V111" "no-such-feature" Error:
"The deployment names a feature that the tile just placed does not have (no feature at that
anchor, or no feature with that label).

Every ruleset deploys on the tile just placed: “The tribe member or hut may only be deployed to
the tile just placed.” (Hunters and Gatherers, 2. Deploy); “put it on one feature of the tile
just placed” (Carcassonne, 2. Place a meeple).";

    BONUS_NOT_EARNED = "V112" "bonus-not-earned" Error:
"A bonus tile is drawn although the turn's land tile completed no forest with a gold nugget (or,
with 2020 tiles, a menhir), or a second bonus tile is drawn in one turn.

Rule: “If so, the player who completed the forest draws 1 bonus tile” — “You can only ever get
one bonus tile per turn” (A completed forest and the bonus tiles).";

    BONUS_NOT_DRAWN = "V113" "bonus-not-drawn" Error:
"The turn's land tile completed a forest with a gold nugget, the bonus stack is not empty, and
no bonus tile was drawn.

Rule: “the player who completed the forest draws 1 bonus tile from the stack.”";

    GAME_OVER = "V114" "game-over" Error:
"A move comes after the game ended (the last land tile was placed, or `end`).

Rule: “The game ends at the end of the turn in which the last land tile (not bonus tile!) is
placed.” (Hunters and Gatherers, The End of the Game); “The game ends after the turn in which
the last tile is placed.” (Carcassonne, End of game)";

    MOVE_OUT_OF_ORDER = "V115" "move-out-of-order" Error:
"A move comes at the wrong point of a turn: a turn is draw → place → deploy or pass (→ bonus
tile: place → deploy or pass). Placing with no tile drawn, drawing twice, deploying before
placing, or ending a turn with a drawn tile not placed are out of order.

Rule: Playing the game (the order of a turn's actions).";

    TILE_UNDER_HILL = "V117" "tile-under-hill" Error:
"A hill tile takes the next tile of the stack face down under it, and the game records it with
`under <tile>` right after the draw. The record is missing, or `under` follows a tile without a
hill. When the hill tile is the last tile of the stack, nothing goes under it.

Rule: Hills & Sheep, Hills, “1. Placing a tile”: “If you draw a tile with a hill, immediately
take another facedown tile and place it under the hill tile.” — “If the hill tile drawn is the
last tile in the game, the player is still allowed to place it without a second tile
underneath.”";

    TOKEN_NOT_IN_BAG = "V118" "token-not-in-bag" Error:
"The sheep or wolf token drawn is not in the bag. The bag holds 18 tokens (4 × 1 sheep, 5 × 2,
5 × 3, 2 × 4, 2 wolves); sheep lying in fields are out of the bag until their flock is scored
or scattered; a wolf goes back at once.

Rule: Hills & Sheep, “Shepherd, sheep and wolves”.";

    FLOCK_STEP = "V119" "flock-step" Error:
"A step of a shepherd's flock is missing or out of place: the token drawn for a shepherd
(`flock <token>`) comes right after the shepherd is deployed; when a tile extends a field with
your shepherd you grow the flock (`grow <token>`) or guide it to the stable (`stable`), after
the meeple step and before the turn ends; neither is allowed otherwise.

Rule: Hills & Sheep, “2. Placing a meeple” and “1. Placing a tile”.";

    TURN_WITHOUT_TILE = "V120" "turn-without-tile" Error:
"A turn ends without its land tile: no tile was drawn (or none placed) while the stack still
holds tiles.

Rule: “The player must draw one new land tile from the stack and place it” (Hunters and
Gatherers, Playing the game; the base game: “Each turn, the player draws a land tile and
places it”). A turn is draw → place; an example that shows only part of a turn ends with
`stop` before the turn would end.";

    DISCARD_NOT_REDRAWN = "V121" "discard-not-redrawn" Error:
"A tile was discarded because it fits nowhere, and the turn goes on without drawing the next
one while the stack still holds tiles.

Rule: “If a drawn tile cannot be placed anywhere … the player removes it from the game and
draws another” (land tiles); “If there is no legal place for the bonus card, the player
discards it from the game and draws another” (bonus tiles). Record the next draw right after
`discard`.";

    DEPLOYED_ELSEWHERE = "V122" "deployed-elsewhere" Error:
"A `deploy` names a tile other than the one just placed (`deploy <figure> at <x>,<y> on
<feature>`) where the game opens no other tile to the figure step. The figure is deployed
there all the same, so that the replay goes on as written.

Carcassonne: “Take one meeple from your supply and put it on one feature of the tile just
placed” (2. Place a meeple). Hunters and Gatherers 2020: “Place a figure only on the tile just
placed” (3. Occupation). Write `deploy <figure> on <feature>` for the tile just placed; `at`
names another tile only where an expansion allows a deployment there.";

    RETURN_NOT_ALLOWED = "V150" "return-not-allowed" Error:
"A `return` (a figure taken back before its feature is scored) where the game allows none: the
ruleset offers no take-back there (under the 2020 Hunters and Gatherers rules, the turn's last
tile has no shaman; what an expansion allows is below), the tile's figure step is over
(`deploy` or `pass` came first), or the tile already took a figure back.

Rule (Hunters and Gatherers 2020, the menhir tiles, FR p8): “Shaman: the placer may return one
of their own meeples from anywhere (hunters included) to their supply.” The power acts right
after the tile is placed and before the figure step: write `return <figure> at <x>,<y> on
<feature>` after `place` of the shaman tile, at most once, then `deploy` or `pass`. Only the
ruleset `hunters-gatherers-2020` plays the power.";

    NO_FIGURE_TO_RETURN = "V151" "no-figure-to-return" Error:
"A `return` names a figure the player does not have there: no tile at the position, or no
figure of the player, of that kind, on that feature (it may be another player's).

Rule (Hunters and Gatherers 2020, FR p8): the shaman returns “one of their own meeples”. Name
the figure as `expect stands` does: the position of the tile it stands on and the feature, by
an anchor in board orientation or a label.";

    NOT_RETURNABLE = "V152" "not-returnable" Error:
"A `return` names one of the player's huts. The shaman takes back meeples — gatherers,
fishermen and hunters — and huts stay all game.

Rule (Hunters and Gatherers 2020, FR p3 and p8): “Huts stay all game”; the shaman returns one
of the player's meeples. (ChaCuN never returns huts either.)";

    RETURN_AND_DEPLOY = "V153" "return-and-deploy" Error:
"A turn both takes a figure back instead of its figure step (`return`) and deploys a figure
(`deploy`), in either order. Such a return is the figure step of the turn: it comes instead of
placing a figure, so a turn has one or the other, never both; and a figure cannot go back in
the turn it was deployed.";

    V2_POWER_IGNORED = "V190" "v2-power-ignored" Warning:
"A tile with a special power of the 2020 edition (shaman, logboat, hunting trap, pit trap,
wild fire, raft) was played under the 2002 rules (`ruleset hunters-gatherers`), which give the
power no effect. The tile plays as its forests, meadows, rivers and lakes. The ruleset
`hunters-gatherers-2020` plays the powers, and never warns.";

    CONTENT_2002_IGNORED = "V191" "2002-content-ignored" Warning:
"A tile with contents that only the 2002 edition scores (a gold nugget, fire, a shrine, or a
spring as a river's end) was played under the 2020 rules (`ruleset hunters-gatherers-2020`),
which have none of them: a forest with gold earns no menhir tile (only a menhir does, “If it
holds ≥1 menhir, the player who completed it … draws 1 menhir tile”, FR p4–5), fire does not
chase the tigers (only the wild fire does), a hunter on a shrine takes no meadow alone, and a
river is complete when “both ends reach a forest or a lake” (FR p4–5), so a river that ends at
a spring is never complete (a river that springs in a forest says so with `spring forest-end`
and ends in the forest). The tile plays as its forests,
meadows, rivers and lakes. The ruleset `hunters-gatherers` plays these contents. The warning is
V190 the other way round, a separate code because V190's name says what it warns of.";

    CONTENT_WITHOUT_EXPANSION = "V192" "content-without-expansion" Warning:
"A tile placed in the game carries something that only an expansion gives a meaning (an inn
or a cathedral of Inns & Cathedrals, a garden of the abbot and gardens, a hill or vineyard of
Hills & Sheep, The River II's volcano), and the game does not play that expansion. By the
rules it is decoration: “Special features (inn, volcano, pig-herd) follow the rules of their own
expansions; if those expansions are not in play they are decoration” (The River, §9.2.6). An
inn's road scores 1 a tile, a cathedral's city 2 a tile, and nobody stands on a garden. To play
it, declare the expansion in the game (`expansion inns-and-cathedrals`). A tile warns once a
game, and only a tile of the game's own or of a tile set read from a file: the shipped sets'
symbols of another box are decoration by design (The River II's inn and volcano, the gardens
of the base set's second printing).";

    SCORE_MISMATCH = "X001" "score-mismatch" Error:
"An `expect score` of a turn does not match the points the player scored in that turn.";

    TOTAL_MISMATCH = "X002" "total-mismatch" Error:
"An `expect total` does not match the player's running total at that point.";

    FINAL_MISMATCH = "X003" "final-mismatch" Error:
"An `expect final` does not match the player's score after final scoring, or an `expect winner`
does not name exactly the players with the most points after final scoring (“tied players share
the victory”, 2020 rules, FR p7: the winners of a tie are all named) — or the game was not
scored: it has no `end` and the stack is not empty.";

    VIOLATION_NOT_FOUND = "X004" "violation-not-found" Error:
"An `expect violation` names a rule that the move before it does not break.";

    PLACEMENTS_MISMATCH = "X005" "placements-mismatch" Error:
"An `expect placements` does not list exactly the legal positions and rotations of the tile.";

    SCORED_NOT_FOUND = "X006" "scored-not-found" Error:
"An `expect scored <player> <feature> <points>` found no scoring of that feature kind that gave
the player exactly those points (as JCloisterZone's assertion `X scored city for 8 points`).";

    SUPPLY_MISMATCH = "X007" "supply-mismatch" Error:
"An `expect supply <player> <pool> <n> …` does not match the figures in the player's supply:
`followers` and `shepherds` (Carcassonne), `tribe-members` and `huts` (Hunters and Gatherers).
A figure leaves the supply when it is deployed and comes back when its feature is scored.";

    FIGURE_MISMATCH = "X008" "figure-mismatch" Error:
"An `expect stands <player> <figure> at <x>,<y> on <feature>` found no such figure standing on
that feature, or an `expect home …` found the figure deployed there still on the board (or
never deployed). The feature is named as in `deploy`: an anchor in board orientation or a
label.";

    BAG_MISMATCH = "X009" "bag-mismatch" Error:
"An `expect bag <token> <n> …` does not match the sheep bag (Hills & Sheep): 18 tokens at the
start, less the sheep lying in fields; a wolf goes back at once. A game without Hills & Sheep has
no bag, so the expectation fails there whatever it counts.";

    BONUS_MISMATCH = "X010" "bonus-mismatch" Error:
"An `expect bonus earned` found that the current turn earned no bonus tile, or `expect bonus
none` found that it earned one (Hunters and Gatherers: a forest with a gold nugget completed by
the turn's land tile).";

    COVERED_MISMATCH = "X011" "covered-mismatch" Error:
"An `expect covered <animal> <n> …` does not match the animals that the hunting traps covered so
far (Hunters and Gatherers 2020): `deer`, `aurochs`, `mammoth`, `tiger`. A hunting trap covers
every mammoth, aurochs and deer it scored or that a tiger ate, and the tigers that ate (all the
tigers in its range with `variant hunting-trap-lone-tigers covered`). Covered animals do not
count at the final scoring of their meadow.";

    HARNESS_MISMATCH = "X012" "harness-mismatch" Error:
"An `expect jcloisterzone \"<assertion>\"` does not hold: an assertion of JCloisterZone's engine
tests, checked as its test harness checks it (FanCloisterZone's `src/renderer/utils/testing.js`)
against the game as it stands: a player's points or scorings, the phase (`TilePhase`: a tile on
offer; `ActionPhase`: a tile placed, with figures that may be deployed or taken back;
`CommitActionPhase`: nothing left but to commit; `GameOverPhase`), whether the player can pass
or undo, the actions on offer, the tile on offer and its placements, a figure's deployments, a
return's figures. An assertion that names a player the game does not have, or that no form of
the harness reads, does not hold either: a typo in a test never passes.";

    GOODS_MISMATCH = "X013" "goods-mismatch" Error:
"An `expect goods <player> <good> <n> …` does not match the goods tokens the player holds
(Traders & Builders): `wine`, `grain`, `cloth`. The player whose tile completes a city takes one
token for each goods symbol in it, whoever scores the city. A game without the expansion has no
goods, so the expectation fails there whatever it counts.";

    MALFORMED_JCZ = "J001" "malformed-jcz" Error:
"A .jcz file is not readable JSON: it is cut short, or not a JCloisterZone saved game. The
report points at the line and column where reading stopped.";

    UNSUPPORTED_JCZ = "J002" "unsupported-jcz" Error:
"The saved game uses something carcspec does not play: the tile set of an expansion carcspec
does not play (the message's help lists the sets it reads), a rule of another expansion, a
figure of another expansion or of one whose elements the save does not switch on, an
assertion of another expansion's engine tests, or a replay message of another expansion. (An
element of another expansion that nothing in the game uses is only listed: `J004`.)
The message names it. carcspec does not guess at rules it does not have.";

    BAD_JCZ_VALUE = "J003" "bad-jcz-value" Error:
"A value of the saved game does not have the form JCloisterZone writes: a missing field, a
position that is not `[x, y]` of whole numbers from -1,000,000 to 1,000,000, a rotation other
than R0, R90, R180, R270 (0, 90, 180, 270 for the start tile), a player that is not a
player's index, an element's count that is not a whole number from 0 to 99 or a flag that is
not `true` or `false`, an unknown location, a meeple id that is not `<player>.<type>.<n>`, a
recorded random number outside [0, 1), or a player name or tile id that is empty or holds a
control character (which the game language refuses too, so that a saved game and its import
check alike). A number is never clamped or read as 0: a fraction, a number out of range and a
string are all reported at their place.";

    UNUSED_JCZ_ELEMENT = "J004" "unused-jcz-element" Warning:
"The saved game's `setup.elements` declares an element that carcspec does not play (an element
of another expansion: `abbey`, `tower`, …). JCloisterZone switches rules on with elements, but
an element that no move and no tile of the game uses changes nothing: the game is replayed, and
the element is listed. A move or a tile that does need it is refused (`J002`).

carcspec honours `small-follower` (followers each player has), `farmers`, `shepherd` (shepherds
each player has), `hill` and `vineyard`; an element that is absent is not in play.";

    DUPLICATE_JCZ_PLAYER = "J010" "duplicate-jcz-player" Error:
"Two players of the saved game have the same name. A game names each player once, so that
moves, scores and assertions (`Alice has 10 points`) say whose they are; the game language
refuses the same, so a saved game that imports must name its players apart.";

    MISSHAPEN_JCZ = "J005" "misshapen-jcz" Error:
"The saved game lacks a key that JCloisterZone always writes, or holds the wrong kind of value
there: the document is an object with `setup` (an object), `players` (a list of player
objects) and `replay` (a list of message objects), and a move's payload has the keys its
message always has (`tileId`, `rotation` and `position` of a `PLACE_TILE`; `pointer` and
`meepleId` of a `DEPLOY_MEEPLE`; `value` of a `FLOCK_EXPAND_OR_SCORE`). The message names the
key and what it holds. Such a document is not read further: guessing at an empty list of moves or at players
made up from nothing would check a game that was never played. (JCloisterZone before 5 wrote
another format, with `slots` for the players: open the game in JCloisterZone 6 and save it
again.)";

    UNKNOWN_JCZ_KEY = "J006" "unknown-jcz-key" Warning:
"A key of the saved game is none of those JCloisterZone writes where its format has a fixed set
of keys: the document's top level, `setup`, a start tile of `setup.start`, a player, `test`, a
replay message and a message's payload (for the message types JCloisterZone defines). The
value is ignored, and the game read as if the key were absent, which is rarely what a
misspelt key meant (`el;ments` for `elements` leaves every element out): the warning names the
key's place and the nearest known key.";

    UNREADABLE_INPUT = "F001" "unreadable-input" Error:
"A file could not be read (it does not exist, is not readable, or is not UTF-8 text), or a
name is neither a file nor a shipped tile set.

Every command reports an input it cannot read in the same way: this diagnostic for that path,
the other inputs still processed, and exit code 2 at the end.";

    NOT_A_REGULAR_FILE = "F002" "not-a-regular-file" Error:
"The path names something other than a regular file: a device such as `/dev/zero`, a named pipe
(FIFO) or a socket. carcspec reads only regular files (and follows symbolic links to them), so
that reading ends: a device can be endless and a pipe can block forever.";

    INPUT_TOO_LARGE = "F003" "input-too-large" Error:
"The file is larger than carcspec reads (the message names the limit). The limit is far above
any tile set or transcript of real games (a game of a thousand turns is under 100 KB); it keeps
a runaway file from exhausting memory.";

    DIAGNOSTICS_OMITTED = "F004" "diagnostics-omitted" Error:
"The file has more diagnostics than a report shows (the message names the limit): the first ones
are shown in full, the rest are counted by code in this summary. At least one of those not shown
is an error. Fix the first ones and check again; often one mistake causes many of the others.";

    WARNINGS_OMITTED = "F005" "warnings-omitted" Warning:
"The file has more diagnostics than a report shows (the message names the limit): the first ones
are shown in full, the rest, all warnings, are counted by code in this summary.";

    WRONG_KIND_OF_FILE = "F020" "wrong-kind-of-file" Error:
"The file is not of the kind the command reads: `check` replays games (`.game`, `.jcz`),
`tiles lint` reads tile sets (`.tiles`, `.json`, `.yaml`), `tiles fmt` formats `.tiles` files and
`fmt` formats `.tiles` and `.game` files.

The file is reported once and not parsed, rather than with a page of syntax errors of the
wrong language. Give the file to the command that reads its kind.";

    NO_INPUT_FILES = "F021" "no-input-files" Error:
"A folder given to the command holds no file that the command reads (for `check`, no `.game`
or `.jcz` file; for `tiles lint`, no `.tiles` file), so nothing would be checked.

A run that checks nothing is almost always a mistake in a CI job's paths; it is reported, and
the run exits with 2, instead of passing silently.";

    NOT_FORMATTED = "F022" "not-formatted" Error:
"`--check` found a file that is not in the canonical layout (`--diff` shows the change).

Run `carcspec fmt <file>` (or `carcspec tiles fmt` for tile files) to rewrite it; formatting
changes the layout only, never the meaning, and keeps every comment.";

    UNKNOWN_ALLOWED_CODE = "F023" "unknown-allowed-code" Warning:
"An allow comment (`# carcspec: allow T212, untouchable-tile` above a tile or on its `tile … {`
line) names something that is neither a diagnostic code, nor a code's name, nor a prefix of
codes (`T2`). It allows nothing.

Correct the code; `carcspec explain --list` lists them all.";

    UNREADABLE_FOLDER = "F030" "unreadable-folder" Error:
"A folder below a folder given to `check`, `fmt`, `tiles fmt` or `tiles lint` could not be read
(its permissions do not let carcspec list it, or it went away during the walk), or an
`--exclude` glob is not a glob. The files in it are not checked, so the run exits with 2, as
for a file that cannot be read; every other file is still checked.

Make the folder readable, or leave it out of the walk with `--exclude NAME` (or an entry in
`.gitignore`). `docs/ci.md` lists the rules of the walk.";

    STDIN_FILENAME_WITHOUT_STDIN = "F040" "stdin-filename-without-stdin" Error:
"`--stdin-filename NAME` was given, and none of the command's inputs is `-`. The option names
standard input: the name shown in the diagnostics and reports, the kind of file its ending
says (`.tiles`, `.json`, `.yaml` a tile set, `.game`, `.jcz` a game), and the folder a game's
tile sets named by path are looked up from. Without `-` there is no standard input to name,
and an option that does nothing is refused rather than ignored (exit 2): a CI job that meant
to pipe a file in would otherwise check another one and pass.

Add `-` to the inputs (`cat game.game | carcspec check --stdin-filename game.game -`), or leave
`--stdin-filename` out.";

    MALFORMED_STATISTICS = "F050" "malformed-statistics" Error:
"`carcspec stats merge` was given a file that is not the JSON statistics of a shard: the JSON
does not parse (the message gives the line and column), or it lacks the `shard`, `run` and
`sums` that `carcspec simulate --shard I/N --format json` prints after the statistics. The
statistics of a run without `--shard` carry no sums (their means and spreads cannot be added
up exactly), so they do not merge either.

Give `stats merge` the output of each shard's `simulate --shard I/N --format json`, unchanged.";

    MISMATCHED_SHARDS = "F051" "mismatched-shards" Error:
"`carcspec stats merge` was given the statistics of shards of different runs: their ruleset,
tile sets, expansions, variants, start tile, players, number of games, seed or policy differ
(the message names the first difference), or their sums count other tiles. Their games are not
the slices of one run, and their sums would add up to the statistics of no run.

Merge the shards of one run: the same command line with only `--shard I/N` changed.";

    INCOMPLETE_SHARDS = "F052" "incomplete-shards" Error:
"`carcspec stats merge` was given shards that do not make up one run exactly: a shard is
missing, a shard is given twice (its games would be counted twice), or the shards split the
run in different numbers (`--shard 1/3` with `--shard 2/4`). The merge of an incomplete set is
not the run's statistics, so nothing is printed (exit 2).

Merge every shard `1/N` to `N/N` of one run once each.";

    UNKNOWN_RENDER_TILE = "R001" "render-unknown-tile" Error:
"`carcspec render --tile ID` or `--legal ID` names a tile that the tile set (or the game's tile
sets and its own tiles) does not have, or `--legal` without an id finds no tile in hand and
none that the game draws after that point. Tile ids are case-sensitive (`BA/RCr`); the help
lists ids that look like the one given. `carcspec render <SET> --format text` lists every
tile.";

    BAD_RENDER_ROTATION = "R002" "render-bad-rotation" Error:
"`--rotation` takes a quarter turn clockwise: `r0`, `r90`, `r180` or `r270` (the `r` may be
left out), as a game's `place` line writes it.";

    PNG_NEEDS_OUTPUT = "R003" "render-png-needs-output" Error:
"A PNG picture is binary and is not written to standard output, where it would fill a terminal
with bytes. Give the file to write with `-o picture.png`. SVG and text go to standard output
unless `-o` is given.";

    NO_SUCH_POINT = "R004" "render-no-such-point" Error:
"`--at LINE` names a line that is not in the game (lines count from 1; one past the last line
is the end of the game), or `--turn N` asks for more turns than the game has. `--turn 0` is
the board before the first turn (the start tile and any `setup`).";

    BAD_HIGHLIGHT = "R005" "render-bad-highlight" Error:
"`--highlight` does not name a feature. On a game's board it is `X,Y:FEATURE`: the position of
a placed tile and the feature as a deployment names it (an anchor in board orientation such as
`N` or `NL`, anchors joined by `+` such as `ER+SL`, or the tile's label); the whole feature is
outlined, over every tile it extends to. With `--tile` it is just `FEATURE`. The message says
whether the position has no tile or the tile has no such feature.";

    RENDER_INPUT_HAS_ERRORS = "R006" "render-input-has-errors" Error:
"The tile set has errors (they are printed first) or the game cannot be replayed, so nothing is
drawn: a picture of a tile whose sides do not fit together would show something the tile
language does not mean. Fix the errors that `carcspec tiles lint` or `carcspec check` reports,
then render again.";

    RENDER_OPTION_DOES_NOT_APPLY = "R007" "render-option-does-not-apply" Error:
"An option of `carcspec render` was given where it has no meaning: `--at`, `--turn` and
`--legal` are for games; `--tile`, `--rotation` and `--page` for tile sets; `--rotation` and
`--highlight` on a set need `--tile`; `--page` lays out pictures (SVG or PNG), not text, and a
whole set, not one tile; `--scale` is a factor above 0 and at most 64. Leave the option out.";

    PICTURE_TOO_LARGE = "R008" "render-too-large" Error:
"The picture would be too large to make: a game board whose tiles lie more than the allowed
number of positions apart (an illegal placement far from the others, which `carcspec check`
reports), or a PNG of more pixels than carcspec allocates. Draw the PNG at a smaller `--scale`,
or as SVG.";

    RENDER_OUTPUT_FAILED = "R009" "render-output-failed" Error:
"The picture could not be written: the file of `-o` could not be created (its folder does not
exist, or is not writable). If the message says the PNG could not be encoded, that is a bug
of carcspec: please report it with the input.";

    PAGES_NEED_OUTPUT = "R010" "render-pages-need-output" Error:
"The print layout (`--page`) of this tile set takes more than one page, and each page is a
picture of its own, which standard output cannot hold apart. Give a file name: `-o tiles.svg`
writes `tiles-1.svg`, `tiles-2.svg` … (and `-o tiles.png --format png` the PNG pages).";

    PRINT_TILE_SIZE = "R011" "render-print-tile-size" Error:
"`--tile-mm` gives a printed tile's side in millimetres; it must be at least 10 mm and small
enough for one tile to fit inside the page's 10 mm margins. The tiles in the boxes of the
Carcassonne family are 45 mm, the default.";
    LSP_INTERNAL_ERROR = "L001" "internal-error" Error:
"The language server (`carcspec lsp`) failed while analysing this document: a bug in carcspec,
not in the document. The server caught the failure and goes on serving this and the other
documents; the diagnostic stands at the start of the document until an edit analyses cleanly.

Please report it with the document that causes it. `carcspec check` or `carcspec tiles lint`
on the saved file shows whether the command line fails the same way.";

    UNSAVED_TILE_SET = "L002" "unsaved-tile-set" Warning:
"A game names a tile-set file (`tiles rulebook.tiles`) that is open in the editor with changes
not yet saved. The checker reads tile sets from disk, as `carcspec check` does, so the game's
diagnostics are those of the saved tile set, not of the text in the editor.

Save the tile set: the language server then checks every open game again.";

    DOCUMENT_OUT_OF_SYNC = "L010" "document-out-of-sync" Error:
"The editor sent a change the language server cannot apply to its copy of the document: a
position before the start of the text (a negative line or column), a line past its end, or a
range whose end comes before its start. Applying it anyway would leave the server's text and
the editor's different, and every later diagnostic, hover and edit would be off. So the server
refuses it, says so (this diagnostic, a message in the editor and on its standard error) and
answers no request on the document until it has the whole text again.

Close the file and open it again (or reload it): the editor then sends the whole text. This is
a bug in the editor or its plugin; please report the change it sent, which the server's log
shows.";

    DIAGNOSTICS_CAPPED = "L011" "diagnostics-capped" Warning:
"The document has more findings than the language server's `maxDiagnostics` setting lets it
show: the first ones are shown, and this note, at the first finding left out, says how many
more there are. The setting keeps an editor responsive on an archive with thousands of
findings; `carcspec check` on the file reports all of them.";

}

/// Where the codes are documented, one heading per code (`docs/codes.md`, generated from this
/// registry by `carcspec explain --markdown`).
pub const DOCS_URL: &str = "https://github.com/carcspec/carcspec/blob/main/docs/codes.md";

/// The address of a code's entry in the documentation.
pub fn help_uri(code: &Code) -> String {
    format!("{DOCS_URL}#{}", code.code.to_ascii_lowercase())
}
