//! Carcassonne, 2nd edition base game (`../shared/rules/carcassonne-base.md`), with the Hills &
//! Sheep expansion's hills and vineyards (`../shared/rules/hills-and-sheep.txt`). Readings of the
//! texts are recorded in `docs/rules/carcassonne.md`.

pub mod abbey;
pub mod abbot;
pub mod flock;
pub mod inns;
pub mod river;
pub mod traders;

use super::{
    Breakdown, Completion, ContentPicture, ContentPlace, Context, Counted, Decision, FigurePicture,
    FigureSpec, Move, Offer, Outcome, Rules, ScoreEvent, Strength, Surrounded, SymbolElement,
    SymbolPictures, TurnView, VariantSpec, Violation,
};
use crate::descriptor::{CodeNote, ExpansionDescriptor, Printing, RulesetDescriptor, ShippedSet};
use crate::engine::{CompiledTile, Engine, Figure, FigureId, FigureKind, NodeId, PlacementId};
use crate::jcz::{JczElement, JczMeaning, JczMove, JczPart};
use crate::model::{ContentKind, FeatureKind, Marker, Pos, Ruleset};
use carcspec_core::diagnostic::article;

pub const THIEF: FigureKind = FigureKind("thief");
pub const KNIGHT: FigureKind = FigureKind("knight");
pub const MONK: FigureKind = FigureKind("monk");
pub const FARMER: FigureKind = FigureKind("farmer");
pub const SHEPHERD: FigureKind = FigureKind("shepherd");
/// The large follower of Inns & Cathedrals, named by where it stands as the followers are.
pub const LARGE_THIEF: FigureKind = FigureKind("large-thief");
pub const LARGE_KNIGHT: FigureKind = FigureKind("large-knight");
pub const LARGE_MONK: FigureKind = FigureKind("large-monk");
pub const LARGE_FARMER: FigureKind = FigureKind("large-farmer");
pub const ABBOT: FigureKind = FigureKind("abbot");

const FOLLOWERS: usize = 0;
const SHEPHERDS: usize = 1;
const LARGE_FOLLOWERS: usize = 2;
const ABBOTS: usize = 3;
const BUILDERS: usize = 4;
const PIGS: usize = 5;
const MAYORS: usize = 6;
const WAGONS: usize = 7;
const BARNS: usize = 8;

/// “When deciding who has the most meeples in a feature, a large meeple counts as 2 normal
/// meeples” (Inns & Cathedrals, 5.3).
const LARGE_FOLLOWER_STRENGTH: u32 = 2;

/// The figures of the base game and its expansions: [`DESCRIPTOR`]'s figures.
const FIGURES: [FigureSpec; 15] = [
    FigureSpec {
        kind: THIEF,
        pool: FOLLOWERS,
        stands_on: &[FeatureKind::Road],
        holds_river_system: false,
        strength: Strength::Fixed(1),
        picture: &FigurePicture::MEEPLE,
    },
    FigureSpec {
        kind: KNIGHT,
        pool: FOLLOWERS,
        stands_on: &[FeatureKind::City],
        holds_river_system: false,
        strength: Strength::Fixed(1),
        picture: &FigurePicture::MEEPLE,
    },
    FigureSpec {
        kind: MONK,
        pool: FOLLOWERS,
        stands_on: &[FeatureKind::Monastery],
        holds_river_system: false,
        strength: Strength::Fixed(1),
        picture: &FigurePicture::MEEPLE,
    },
    FigureSpec {
        kind: FARMER,
        pool: FOLLOWERS,
        stands_on: &[FeatureKind::Field],
        holds_river_system: false,
        strength: Strength::Fixed(1),
        picture: &FigurePicture::MEEPLE,
    },
    FigureSpec {
        kind: SHEPHERD,
        pool: SHEPHERDS,
        stands_on: &[FeatureKind::Field],
        holds_river_system: false,
        strength: Strength::Fixed(1),
        picture: &flock::SHEPHERD_PICTURE,
    },
    // Inns & Cathedrals: the large follower is “placed instead of a normal meeple, under
    // exactly the same placement rules”, from a pool of its own.
    FigureSpec {
        kind: LARGE_THIEF,
        pool: LARGE_FOLLOWERS,
        stands_on: &[FeatureKind::Road],
        holds_river_system: false,
        strength: Strength::Fixed(LARGE_FOLLOWER_STRENGTH),
        picture: &FigurePicture::MEEPLE,
    },
    FigureSpec {
        kind: LARGE_KNIGHT,
        pool: LARGE_FOLLOWERS,
        stands_on: &[FeatureKind::City],
        holds_river_system: false,
        strength: Strength::Fixed(LARGE_FOLLOWER_STRENGTH),
        picture: &FigurePicture::MEEPLE,
    },
    FigureSpec {
        kind: LARGE_MONK,
        pool: LARGE_FOLLOWERS,
        stands_on: &[FeatureKind::Monastery],
        holds_river_system: false,
        strength: Strength::Fixed(LARGE_FOLLOWER_STRENGTH),
        picture: &FigurePicture::MEEPLE,
    },
    FigureSpec {
        kind: LARGE_FARMER,
        pool: LARGE_FOLLOWERS,
        stands_on: &[FeatureKind::Field],
        holds_river_system: false,
        strength: Strength::Fixed(LARGE_FOLLOWER_STRENGTH),
        picture: &FigurePicture::MEEPLE,
    },
    // “you may put your abbot (instead of a meeple) on that monastery or garden”; “The abbot
    // is never placed on roads, cities or fields.”
    FigureSpec {
        kind: ABBOT,
        pool: ABBOTS,
        stands_on: &[FeatureKind::Monastery, FeatureKind::Garden],
        holds_river_system: false,
        strength: Strength::Fixed(1),
        picture: &abbot::ABBOT_PICTURE,
    },
    // Traders & Builders: “Instead of placing a meeple, you may place your builder” on a road
    // or city segment, the pig on a field segment, each where the player has a follower
    // (`traders::Traders::refusal`). Neither is a meeple: strength 0, and never a follower
    // (`is_follower`) for a majority or a hill tie.
    FigureSpec {
        kind: traders::BUILDER,
        pool: BUILDERS,
        stands_on: &[FeatureKind::Road, FeatureKind::City],
        holds_river_system: false,
        strength: Strength::Fixed(0),
        picture: &traders::BUILDER_PICTURE,
    },
    FigureSpec {
        kind: traders::PIG,
        pool: PIGS,
        stands_on: &[FeatureKind::Field],
        holds_river_system: false,
        strength: Strength::Fixed(0),
        picture: &traders::PIG_PICTURE,
    },
    // Abbey & Mayor: the mayor “instead of a meeple … into a city”, its strength “the number
    // of pennants in the whole city”; the wagon on a road, city or monastery, never a field;
    // the barn on a corner (`abbey::BARN_MOVE`), on no feature, never counted in a majority.
    FigureSpec {
        kind: abbey::MAYOR,
        pool: MAYORS,
        stands_on: &[FeatureKind::City],
        holds_river_system: false,
        strength: Strength::PerContent(ContentKind::Pennant),
        picture: &abbey::MAYOR_PICTURE,
    },
    FigureSpec {
        kind: abbey::WAGON,
        pool: WAGONS,
        stands_on: &[FeatureKind::Road, FeatureKind::City, FeatureKind::Monastery],
        holds_river_system: false,
        strength: Strength::Fixed(1),
        picture: &abbey::WAGON_PICTURE,
    },
    FigureSpec {
        kind: abbey::BARN,
        pool: BARNS,
        stands_on: &[],
        holds_river_system: false,
        strength: Strength::Fixed(0),
        picture: &abbey::BARN_PICTURE,
    },
];

/// The Hills & Sheep tie-break: `at-least-one-follower` (the rules) or `number-of-followers`
/// (the house rule of the text).
pub const HILL_TIEBREAKER: &str = "hill-tiebreaker";

/// When your tile closes the field of your own shepherd: `choose-first` (grow or stable as
/// usual, then the closed field goes to the stable) or `stable-at-once`.
pub const CLOSED_FLOCK: &str = "closed-flock";

/// When the flocks of fields the turn's tile closed go to the stable: `before-draws` (the
/// rules' “immediately”: their tokens are back in the bag before the turn's token draws) or
/// `after-draws` (JCloisterZone's `ShepherdPhase`, after a new shepherd's token and the grow;
/// its saved games import with it).
pub const CLOSED_FLOCK_TIMING: &str = "closed-flock-timing";

/// How many players sit at the table: `rulebook` (2 to 5) or `jcloisterzone` (1 to 6, as
/// JCloisterZone's six player slots allow; its saved games import with this variant).
pub const PLAYER_COUNT: &str = "player-count";

/// `farmers off`: a game without farmers (JCloisterZone's setup without the element `farmers`).
pub const FARMERS: &str = "farmers";
/// `hills off`: hill tiles play as plain tiles — no tile under them, no tie-break
/// (JCloisterZone's setup without the element `hill`).
pub const HILLS: &str = "hills";
/// `vineyards off`: no vineyard bonus (JCloisterZone's setup without the element `vineyard`).
pub const VINEYARDS: &str = "vineyards";
/// `vineyards-for-garden on`: a completed garden earns the vineyard bonus of a monastery
/// (JCloisterZone's rule of that name); the rulebook gives it none (`off`).
pub const VINEYARDS_FOR_GARDEN: &str = "vineyards-for-garden";

/// The expansion of the shepherd, the hills and the vineyards, as an `expansion` line names it.
pub const HILLS_AND_SHEEP: &str = "hills-and-sheep";

/// The expansion of the inns, the cathedrals and the large follower.
pub const INNS_AND_CATHEDRALS: &str = "inns-and-cathedrals";

/// The names of [`DESCRIPTOR`]'s figures.
static FIGURE_NAMES: [&str; 15] = crate::descriptor::figure_names(&FIGURES);

/// The figures of a game without farmers (`variant farmers off`), in the order of
/// [`DESCRIPTOR`]'s figures: without a farmer, no pig either.
const FIGURES_WITHOUT_FARMERS: &[&str] = &[
    "thief",
    "knight",
    "monk",
    "shepherd",
    "large-thief",
    "large-knight",
    "large-monk",
    "abbot",
    "builder",
    "mayor",
    "wagon",
    "barn",
];

/// The base game in JCloisterZone's saved games: its followers (`small`), the farmers, the
/// names of its features.
const BASE_JCZ: JczPart = JczPart {
    elements: &[
        JczElement {
            name: "small-follower",
            meaning: JczMeaning::Pool {
                pool: FOLLOWERS,
                or_flag: false,
            },
        },
        JczElement {
            name: "farmers",
            meaning: JczMeaning::Variant(FARMERS),
        },
    ],
    meeples: &[("small", FOLLOWERS)],
    features: &[
        ("City", FeatureKind::City),
        ("Road", FeatureKind::Road),
        ("Monastery", FeatureKind::Monastery),
        ("Cloister", FeatureKind::Monastery),
        ("Field", FeatureKind::Field),
        ("Farm", FeatureKind::Field),
    ],
    // A rule of JCloisterZone's base game: it reads the vineyards of Hills & Sheep and the
    // gardens of the abbot's sets, and means nothing without either.
    rules: &[VINEYARDS_FOR_GARDEN],
    implied_variants: &[],
    take_back: None,
    moves: &[],
};

/// Hills & Sheep in JCloisterZone's saved games: the shepherd, the hills, the vineyards and
/// the hill tie-break; its `ShepherdPhase` draws the turn's tokens (a new shepherd's first, a
/// grow) before the flocks of the fields the tile closed go to the stable.
const HILLS_AND_SHEEP_JCZ: JczPart = JczPart {
    elements: &[
        JczElement {
            name: "shepherd",
            meaning: JczMeaning::Pool {
                pool: SHEPHERDS,
                or_flag: true,
            },
        },
        JczElement {
            name: "hill",
            meaning: JczMeaning::Variant(HILLS),
        },
        JczElement {
            name: "vineyard",
            meaning: JczMeaning::Variant(VINEYARDS),
        },
    ],
    meeples: &[("shepherd", SHEPHERDS)],
    features: &[],
    rules: &[HILL_TIEBREAKER],
    implied_variants: &[(CLOSED_FLOCK_TIMING, "after-draws")],
    take_back: None,
    moves: &[
        JczMove {
            message: "SHEPHERD_CONFIRM",
            value: None,
            keyword: flock::FLOCK,
        },
        JczMove {
            message: "FLOCK_EXPAND_OR_SCORE",
            value: Some("EXPAND"),
            keyword: flock::GROW,
        },
        JczMove {
            message: "FLOCK_EXPAND_OR_SCORE",
            value: Some("SCORE"),
            keyword: flock::STABLE,
        },
    ],
};

/// The pictures of the base game's contents: its pennant.
const PICTURES: SymbolPictures = SymbolPictures {
    markers: &[],
    contents: &[
        // A blue shield with a white cross.
        ContentPicture {
            content: ContentKind::Pennant,
            place: ContentPlace::Row,
            elements: &[
                SymbolElement::Path {
                    d: "M-5,-6 L5,-6 L5,0 Q5,5 0,7 Q-5,5 -5,0 Z",
                    paint: r##"fill="#2553a8" stroke="#ffffff" stroke-width="1.3""##,
                },
                SymbolElement::Path {
                    d: "M0,-4 L0,4 M-3,-1 L3,-1",
                    paint: r##"stroke="#ffffff" stroke-width="1""##,
                },
            ],
        },
    ],
};

/// The base game's 72 tiles.
pub const BASE_TILE_SET: ShippedSet = ShippedSet {
    name: "carcassonne-base",
    text: include_str!("../../../../tiles/carcassonne-base.tiles"),
};

/// Hills & Sheep's tiles.
pub const HILLS_AND_SHEEP_TILE_SET: ShippedSet = ShippedSet {
    name: "hills-and-sheep",
    text: include_str!("../../../../tiles/hills-and-sheep.tiles"),
};

/// Hills & Sheep's tiles with the hill tile HS/RR.h replaced by HS/RR.hG, the same tile with
/// a garden (JCloisterZone's `hills-and-sheep:2`), played instead of `hills-and-sheep`.
pub const HILLS_AND_SHEEP_GARDENS_TILE_SET: ShippedSet = ShippedSet {
    name: "hills-and-sheep-gardens",
    text: include_str!("../../../../tiles/hills-and-sheep-gardens.tiles"),
};

/// The base game and the expansions carcspec plays with it.
pub const DESCRIPTOR: RulesetDescriptor = RulesetDescriptor {
    ruleset: Ruleset::Carcassonne,
    title: "Carcassonne (2nd edition)",
    base_tile_set: &BASE_TILE_SET,
    jcz_set: Some("basic:1"),
    jcz: &BASE_JCZ,
    figures: &FIGURES,
    expansions: &[
        ExpansionDescriptor {
            name: HILLS_AND_SHEEP,
            title: "Hills & Sheep",
            tile_set: Some(&HILLS_AND_SHEEP_TILE_SET),
            jcz_set: Some("hills-and-sheep:1"),
            other_printings: &[Printing {
                title: "Hills & Sheep with a garden",
                jcz_set: "hills-and-sheep:2",
                tile_set: &HILLS_AND_SHEEP_GARDENS_TILE_SET,
            }],
            jcz: &HILLS_AND_SHEEP_JCZ,
            figures: &["shepherd"],
            markers: &[Marker::Hill, Marker::Vineyard],
            contents: &[],
            features: &[],
            pictures: &flock::PICTURES,
            statistics: &[flock::STATISTICS],
            seats_up_to: None,
            codes: &[],
            code_notes: &HILLS_AND_SHEEP_CODE_NOTES,
        },
        ExpansionDescriptor {
            name: INNS_AND_CATHEDRALS,
            title: "Inns & Cathedrals",
            tile_set: Some(&inns::TILE_SET),
            jcz_set: Some("inns-and-cathedrals:1"),
            other_printings: &[],
            jcz: &inns::JCZ,
            figures: &["large-thief", "large-knight", "large-monk", "large-farmer"],
            markers: &[],
            contents: &[ContentKind::Inn, ContentKind::Cathedral],
            features: &[],
            pictures: &inns::PICTURES,
            statistics: &[],
            // “With 6 players, the 6th player uses the pink set.”
            seats_up_to: Some(6),
            codes: &[],
            code_notes: &inns::CODE_NOTES,
        },
        ExpansionDescriptor {
            name: river::THE_RIVER,
            title: "The River",
            tile_set: Some(&river::TILE_SET),
            jcz_set: Some("river/1:1"),
            other_printings: &[],
            jcz: &river::JCZ,
            figures: &[],
            markers: &[],
            contents: &[],
            features: &[],
            pictures: &SymbolPictures::NONE,
            statistics: &[],
            seats_up_to: None,
            codes: river::CODES,
            code_notes: &[],
        },
        ExpansionDescriptor {
            name: river::THE_RIVER_2,
            title: "The River II",
            tile_set: Some(&river::TILE_SET_2),
            jcz_set: Some("river/2:1"),
            other_printings: &[],
            jcz: &river::JCZ,
            figures: &[],
            markers: &[Marker::Volcano],
            contents: &[],
            features: &[],
            pictures: &SymbolPictures::NONE,
            statistics: &[],
            seats_up_to: None,
            codes: river::CODES,
            code_notes: &[],
        },
        // The abbot and the gardens of the base box (C2, C3): the base set with gardens
        // (JCloisterZone's `basic:2`) is played instead of `carcassonne-base`. Its gardens need
        // no expansion: without the abbot nobody stands on them, as JCloisterZone ignores the
        // garden symbols without its element `garden`.
        ExpansionDescriptor {
            name: abbot::ABBOT_AND_GARDENS,
            title: "Abbot & Gardens",
            tile_set: Some(&abbot::TILE_SET),
            jcz_set: Some("basic:2"),
            other_printings: &[],
            jcz: &abbot::JCZ,
            figures: &["abbot"],
            markers: &[],
            contents: &[],
            features: &[FeatureKind::Garden],
            pictures: &SymbolPictures::NONE,
            statistics: &[],
            seats_up_to: None,
            codes: abbot::CODES,
            code_notes: &abbot::CODE_NOTES,
        },
        ExpansionDescriptor {
            name: traders::TRADERS_AND_BUILDERS,
            title: "Traders & Builders",
            tile_set: Some(&traders::TILE_SET),
            jcz_set: Some("traders-and-builders:1"),
            other_printings: &[Printing {
                title: "Traders & Builders with gardens",
                jcz_set: "traders-and-builders:2",
                tile_set: &traders::GARDENS_TILE_SET,
            }],
            jcz: &traders::JCZ,
            figures: &["builder", "pig"],
            markers: &[],
            contents: &[
                ContentKind::Wine,
                ContentKind::Grain,
                ContentKind::Cloth,
                ContentKind::PigHerd,
            ],
            features: &[],
            pictures: &traders::PICTURES,
            statistics: &[],
            seats_up_to: None,
            codes: traders::CODES,
            code_notes: &traders::CODE_NOTES,
        },
        ExpansionDescriptor {
            name: abbey::ABBEY_AND_MAYOR,
            title: "Abbey & Mayor",
            tile_set: Some(&abbey::TILE_SET),
            jcz_set: Some("abbey-and-mayor:1"),
            other_printings: &[Printing {
                title: "Abbey & Mayor with a garden",
                jcz_set: "abbey-and-mayor:2",
                tile_set: &abbey::GARDENS_TILE_SET,
            }],
            jcz: &abbey::JCZ,
            figures: &["mayor", "wagon", "barn"],
            markers: &[],
            contents: &[],
            features: &[],
            pictures: &SymbolPictures::NONE,
            statistics: &[],
            seats_up_to: None,
            codes: abbey::CODES,
            code_notes: &abbey::CODE_NOTES,
        },
    ],
    replacing_start_tile: &[river::THE_RIVER, river::THE_RIVER_2],
    unimplemented_expansions: &[
        "the-princess-and-the-dragon",
        "princess-and-dragon",
        "the-tower",
        "tower",
        "bridges-castles-and-bazaars",
        "the-catapult",
        "catapult",
    ],
    variants: &[
        VariantSpec {
            name: HILL_TIEBREAKER,
            values: &["at-least-one-follower", "number-of-followers"],
            help: "the Hills & Sheep tie-break: the rules, or the house rule of the text",
        },
        VariantSpec {
            name: CLOSED_FLOCK,
            values: &["choose-first", "stable-at-once"],
            help: "when your tile closes the field of your own shepherd: choose as usual first, or to the stable at once",
        },
        VariantSpec {
            name: CLOSED_FLOCK_TIMING,
            values: &["before-draws", "after-draws"],
            help: "when the flocks of fields your tile closed go to the stable: before the turn's token draws (the rules' \"immediately\"), or after them (JCloisterZone)",
        },
        VariantSpec {
            name: PLAYER_COUNT,
            values: &["rulebook", "jcloisterzone"],
            help: "how many players sit at the table: 2 to 5 (the rulebook) or 1 to 6 (JCloisterZone)",
        },
        VariantSpec {
            name: FARMERS,
            values: &["on", "off"],
            help: "followers may lie in fields, or a game without farmers",
        },
        VariantSpec {
            name: HILLS,
            values: &["on", "off"],
            help: "hill tiles take a tile under them and break ties, or play as plain tiles",
        },
        VariantSpec {
            name: VINEYARDS,
            values: &["on", "off"],
            help: "the vineyard bonus, or none",
        },
        VariantSpec {
            name: VINEYARDS_FOR_GARDEN,
            values: &["off", "on"],
            help: "a completed garden earns no vineyard bonus (the rulebook), or 3 a vineyard around it as a monastery does (JCloisterZone's rule)",
        },
        VariantSpec {
            name: inns::INNS,
            values: &["on", "off"],
            help: "inns double their completed roads and void incomplete ones, or the roads score as plain roads",
        },
        VariantSpec {
            name: inns::CATHEDRALS,
            values: &["on", "off"],
            help: "cathedrals make their completed cities 3 a unit and void incomplete ones, or the cities score as plain cities",
        },
        VariantSpec {
            name: inns::INN_AND_CATHEDRAL_FINAL_SCORING,
            values: &["zero", "ignore"],
            help: "an incomplete road with an inn or city with a cathedral at the end: 0 (the rules), or scored as if it had none (JCloisterZone's option)",
        },
        VariantSpec {
            name: inns::TINY_CITY_SCORING,
            values: &["4", "2"],
            help: "a completed city of two tiles: 2 a tile (2nd edition), or the 1st edition's tiny city, 1 a tile and a pennant",
        },
        VariantSpec {
            name: traders::GOODS,
            values: &["on", "off"],
            help: "the goods symbols give tokens to the player who completes their city, or are decoration",
        },
        VariantSpec {
            name: traders::PIG_HERD,
            values: &["on", "off"],
            help: "a field with a pig-herd is worth 1 more a completed city to each player scoring it (JCloisterZone), or the pig-herd is decoration",
        },
        VariantSpec {
            name: traders::BUILDER_ON_COMPLETED,
            values: &["allowed", "refused"],
            help: "a builder may stand on a road or city the tile just completed (the rules say nothing against it), or not (JCloisterZone)",
        },
        VariantSpec {
            name: abbey::BARN_PLACEMENT,
            values: &["not-occupied", "occupied"],
            help: "a barn may not go into a field that holds one (the rules), or may (JCloisterZone's option)",
        },
        VariantSpec {
            name: river::VOLCANO_LAKE,
            values: &["another-turn", "plain"],
            help: "the volcano lake: its player deploys nothing and plays again at once (The River II), or a lake like any (JCloisterZone without The Princess & the Dragon)",
        },
        VariantSpec {
            name: river::RIVER_TURNS,
            values: &["official", "jcloisterzone"],
            help: "how The River may bend: no two curves the same way in a row, nor a third (the rulebook and its FAQ), or JCloisterZone's look-ahead",
        },
    ],
    // “Per player: 8 meeples; one goes on the scoring track, 7 are followers in the
    // supply.” Hills & Sheep: one shepherd each. Inns & Cathedrals: “Each player takes the
    // large meeple of their colour into their supply.” The abbot: “Each player puts the
    // abbot of their colour into their supply.”
    // Traders & Builders: “Each player adds the builder and the pig of their colour to their
    // supply.”
    pools: &[
        ("follower", 7),
        ("shepherd", 1),
        ("large follower", 1),
        ("abbot", 1),
        ("builder", 1),
        ("pig", 1),
        ("mayor", 1),
        ("wagon", 1),
        ("barn", 1),
    ],
    // “2-5 players (6 with the 6th color from an expansion; Hills & Sheep has 6
    // shepherds)”: Hills & Sheep brings no sixth colour of followers; Inns & Cathedrals
    // does (its descriptor's `seats_up_to`, read with the game's expansions).
    players: super::descriptor::Players {
        rulebook: (2, 5),
        by_variant: Some((PLAYER_COUNT, "jcloisterzone", (1, 6))),
    },
    take_back_help: Some("the abbot goes home early from the player's own monastery or garden"),
    bonus: None,
    codes: &[],
    code_notes: &[
        CodeNote {
            code: &carcspec_core::codes::SUPPLY_EMPTY,
            text: "- Carcassonne: 7 followers (of 8 meeples, one goes on the scoring track).",
        },
        CodeNote {
            code: &carcspec_core::codes::WRONG_FEATURE_FOR_FIGURE,
            text: "- Carcassonne: a thief on a road, a knight in a city, a monk in a monastery, a farmer in
  a field.",
        },
    ],
    open_features_paid_at_end: &[FeatureKind::City, FeatureKind::Road],
    pictures: &PICTURES,
    statistics: &[],
};

/// What Hills & Sheep adds to the explanations of the shared codes: its shepherd.
const HILLS_AND_SHEEP_CODE_NOTES: [CodeNote; 2] = [
    CodeNote {
        code: &carcspec_core::codes::SUPPLY_EMPTY,
        text: "  - with Hills & Sheep: one shepherd as well.",
    },
    CodeNote {
        code: &carcspec_core::codes::WRONG_FEATURE_FOR_FIGURE,
        text: "  - with Hills & Sheep: the shepherd in a field.",
    },
];

// `Carcassonne::absent_expansions` holds a bit for each expansion.
const _: () = assert!(DESCRIPTOR.expansions.len() <= 32);

#[derive(Debug, Default, Clone)]
pub struct Carcassonne {
    /// Followers may lie in fields (not `variant farmers off`).
    pub farmers: bool,
    /// Hills take a tile and break ties (not `variant hills off`).
    pub hills: bool,
    /// Vineyards add to completed monasteries (not `variant vineyards off`).
    pub vineyards: bool,
    /// Vineyards add to completed gardens too (`variant vineyards-for-garden on`).
    pub vineyards_for_garden: bool,
    /// The house rule: the tied player with the most followers on hills wins the tie.
    pub hill_tiebreak_by_count: bool,
    /// The flocks of Hills & Sheep: the bag, and the flock decisions waiting.
    pub flocks: flock::Flocks,
    /// The monasteries on the board not yet surrounded.
    pub monasteries: OpenMonasteries,
    /// The readings of Inns & Cathedrals' final scoring and of the tiny city.
    pub inns: inns::Readings,
    /// Inns change their roads' worth (not `variant inns off`).
    pub inns_scored: bool,
    /// Cathedrals change their cities' worth (not `variant cathedrals off`).
    pub cathedrals_scored: bool,
    /// The reading of The River's turns.
    pub river: river::Readings,
    /// Whether Inns & Cathedrals is in play: without it an inn is decoration (“Special
    /// features (inn, volcano, pig-herd) follow the rules of their own expansions; if those
    /// expansions are not in play they are decoration”, The River §9.2.6).
    pub inns_in_play: bool,
    /// The ruleset's expansions the game does not play, a bit each by their place in
    /// `DESCRIPTOR.expansions` (no list to copy with the rules, which the search copies at
    /// every playout): what they give a meaning to on a tile (an inn, a garden, a hill) is
    /// decoration in this game, and the first tile placed with it warns (V192).
    pub absent_expansions: u32,
    /// Whether an abbot was deployed in this game: until one is, no abbot's return is due,
    /// and the figure step of every tile does not look through the figures for one.
    pub abbot_deployed: bool,
    /// Traders & Builders: the goods held, the double turn, and the readings of its variants.
    pub traders: traders::Traders,
    /// Abbey & Mayor: the abbeys put down, the wagons waiting to move, the barns.
    pub abbey: abbey::AbbeyAndMayor,
    /// The hooks the game's expansions answer ([`Rules::hooks`]): Hills & Sheep's flocks
    /// (decisions of their own, a look after each scoring), the abbot's return (a move of the
    /// figure step).
    pub hooks: super::Hooks,
}

/// The monasteries on the board that are not yet surrounded, by placement. A placement can
/// complete only a monastery on the nine positions around it, and a surrounded monastery has
/// no free position around it left: each placement is looked at once for monasteries, and a
/// placement then reads the flags of the (at most nine) placements around it — a constant
/// cost whatever the number of monasteries still open on the board. While few are open (as in
/// a real game), their positions tell first whether any lies near at all, which is cheaper
/// than the board's look-up of nine positions that most placements would make for nothing.
#[derive(Debug, Default, Clone)]
pub struct OpenMonasteries {
    /// Placements looked at: the engine's first `seen`.
    seen: usize,
    /// For each placement looked at, the index in `open` of its tile's monastery while it is
    /// not yet surrounded, or [`NOT_OPEN`].
    open_at: Vec<u32>,
    /// The placements (and their positions) whose monastery is not yet surrounded, in no
    /// particular order.
    open: Vec<(PlacementId, Pos)>,
}

/// [`OpenMonasteries::open_at`] of a placement with no monastery open.
const NOT_OPEN: u32 = u32::MAX;

/// Up to this many open monasteries, their positions are compared with a placement's before
/// the board is looked at around it (a look-up of nine positions costs about as much).
const FEW_OPEN: usize = 8;

impl OpenMonasteries {
    /// Takes in the monasteries of the placements made since the last call.
    fn catch_up(&mut self, engine: &Engine) {
        let placed = engine.placements.len();
        if placed < self.seen {
            // The engine was emptied under these rules (a ruleset is made for each game, so
            // this does not happen; it would start the flags again).
            *self = OpenMonasteries::default();
        }
        for placement in self.seen..placed {
            let placement = placement as PlacementId;
            let tile = engine.tile_of(placement);
            // A garden completes as a monastery does (the abbot and gardens).
            let has_monastery = tile
                .features
                .iter()
                .any(|feature| abbot::is_cloister(feature.kind));
            if has_monastery {
                self.open_at.push(self.open.len() as u32);
                self.open.push((placement, engine.placement(placement).pos));
            } else {
                self.open_at.push(NOT_OPEN);
            }
        }
        self.seen = placed;
    }

    /// The monasteries that the placement at `pos` leaves surrounded, taken off the open ones,
    /// into `surrounded` in the order of the positions of [`Engine::square_around`] (`pos`,
    /// then [`Engine::around`]) and of their tiles' features.
    fn surrounded_near(&mut self, engine: &Engine, pos: Pos, surrounded: &mut Vec<NodeId>) {
        if self.open.is_empty() {
            return;
        }
        let near =
            |(_, at): &(PlacementId, Pos)| at.x.abs_diff(pos.x) <= 1 && at.y.abs_diff(pos.y) <= 1;
        if self.open.len() <= FEW_OPEN && !self.open.iter().any(near) {
            return;
        }
        for placement in engine.square_around(pos).into_iter().flatten() {
            let index = self.open_at[placement as usize];
            if index == NOT_OPEN {
                continue;
            }
            let placed = engine.placement(placement);
            if engine.filled_around(placed.pos) < 8 {
                continue;
            }
            self.close(placement, index);
            let tile = &engine.catalog[placed.tile];
            for (feature, compiled) in tile.features.iter().enumerate() {
                if abbot::is_cloister(compiled.kind) {
                    surrounded.push(placed.first_node + feature as NodeId);
                }
            }
        }
    }

    /// Takes the monastery of `placement`, at `index` in `open`, off the open ones (the last
    /// one takes its place in the list).
    fn close(&mut self, placement: PlacementId, index: u32) {
        self.open.swap_remove(index as usize);
        self.open_at[placement as usize] = NOT_OPEN;
        if let Some(&(moved, _)) = self.open.get(index as usize) {
            self.open_at[moved as usize] = index;
        }
    }
}

/// A figure that counts for a majority and a hill tie: neither the shepherd nor Traders &
/// Builders' builder and pig (“not a meeple: it never counts toward the majority”).
fn is_follower(figure: &Figure) -> bool {
    figure.kind != SHEPHERD && !traders::is_special(figure.kind)
}

/// A follower lying in a field: the farmer, and the large follower as a farmer.
fn is_farmer(kind: FigureKind) -> bool {
    kind == FARMER || kind == LARGE_FARMER
}

impl Carcassonne {
    /// The base game and its expansions with the game's chosen `(name, value)` variants: the
    /// base game's, the hills' and the vineyards' read here, the flocks', the inns' and The
    /// River's by their own modules.
    pub fn new(variants: &[(String, String)]) -> Carcassonne {
        let chosen = |name: &str, value: &str| super::chosen(variants, name, value);
        Carcassonne {
            hill_tiebreak_by_count: chosen(HILL_TIEBREAKER, "number-of-followers"),
            farmers: !chosen(FARMERS, "off"),
            hills: !chosen(HILLS, "off"),
            vineyards: !chosen(VINEYARDS, "off"),
            vineyards_for_garden: chosen(VINEYARDS_FOR_GARDEN, "on"),
            flocks: flock::Flocks::from_variants(variants),
            monasteries: OpenMonasteries::default(),
            inns: inns::Readings::from_variants(variants),
            inns_scored: !chosen(inns::INNS, "off"),
            cathedrals_scored: !chosen(inns::CATHEDRALS, "off"),
            river: river::Readings::from_variants(variants),
            // Until the game's expansions are told (`Rules::expansions_in_play`).
            inns_in_play: false,
            absent_expansions: 0,
            abbot_deployed: false,
            traders: traders::Traders::from_variants(variants),
            abbey: abbey::AbbeyAndMayor::from_variants(variants),
            hooks: super::Hooks::ALL,
        }
    }

    /// The players who score a feature that holds `figures` and `contents`: the follower
    /// majority, ties in full, unless a hill breaks the tie (Hills & Sheep, "3. Scoring a
    /// hill").
    fn winners(
        &self,
        engine: &Engine,
        figures: &[FigureId],
        contents: &super::Contents,
    ) -> Vec<usize> {
        let tied = super::majority(engine, figures, DESCRIPTOR.figures, contents, is_follower);
        if tied.len() < 2 || !self.hills {
            return tied;
        }
        // What a tied player's followers on hills are worth to the tie-break: whether there is
        // one (“the strength of the meeple placed on the hill is irrelevant”: a mayor of
        // strength 0 counts), or, by the house rule, their weight as the majority weighs them
        // (a large follower as two).
        let on_hills = |player: usize| {
            let mut followers = 0;
            let mut weight = 0;
            for figure in figures
                .iter()
                .map(|f| &engine.figures[*f as usize])
                .filter(|f| f.on_board && is_follower(f) && f.player == player)
                .filter(|f| {
                    f.node().is_some_and(|node| {
                        engine
                            .tile_of(engine.origin(node).0)
                            .markers
                            .has(Marker::Hill)
                    })
                })
            {
                followers += 1;
                weight += super::strength_of(DESCRIPTOR.figures, figure.kind).on(contents);
            }
            if self.hill_tiebreak_by_count {
                weight
            } else {
                followers.min(1)
            }
        };
        let measures: Vec<u32> = tied.iter().map(|p| on_hills(*p)).collect();
        // With no follower of a tied player on a hill the tie stands; else the tied players
        // with the best measure share the points (by presence: the tie stands when every tied
        // player has one).
        let best = measures.iter().copied().max().unwrap_or(0);
        if best == 0 {
            return tied;
        }
        tied.into_iter()
            .zip(measures)
            .filter(|(_, measure)| *measure == best)
            .map(|(p, _)| p)
            .collect()
    }

    /// A completed or final score for a road or city.
    fn road_or_city(
        &self,
        engine: &mut Engine,
        root: NodeId,
        complete: bool,
    ) -> Option<ScoreEvent> {
        let component = engine.component(root);
        let kind = component.kind?;
        if !matches!(kind, FeatureKind::Road | FeatureKind::City) {
            return None;
        }
        let pennants = component.count(ContentKind::Pennant);
        // An inn or a cathedral counts where Inns & Cathedrals is in play and its reading
        // does not play it as a plain road or city.
        let counted = |scored: bool, kind| {
            if self.inns_in_play && scored {
                component.count(kind)
            } else {
                0
            }
        };
        let inns = counted(self.inns_scored, ContentKind::Inn);
        let cathedrals = counted(self.cathedrals_scored, ContentKind::Cathedral);
        let figures = component.figures.clone();
        let contents = component.contents;
        // Nobody scores a feature without followers: its size and text are not worked out.
        let winners = self.winners(engine, &figures, &contents);
        if winners.is_empty() {
            return None;
        }
        let tiles = engine.tile_count(root);
        let (points, breakdown) = match kind {
            FeatureKind::Road => inns::road(tiles, inns, complete, self.inns),
            FeatureKind::City => inns::city(tiles, pennants, cathedrals, complete, self.inns),
            _ => return None,
        };
        Some(ScoreEvent {
            players: winners,
            points,
            feature: kind,
            breakdown,
        })
    }

    /// The tiles around the tile of `node` (of the 8), and the vineyards among them that add
    /// to its score: only when it is complete (“when the monastery is completed”) and the
    /// vineyards are in play.
    pub(super) fn neighbours_and_vineyards(
        &self,
        engine: &Engine,
        node: NodeId,
        complete: bool,
    ) -> (usize, usize) {
        let (placement, _) = engine.origin(node);
        let pos = engine.placement(placement).pos;
        let square = engine.square_around(pos);
        let around = square[1..].iter().flatten().count();
        let vineyards = if complete && self.vineyards {
            square[1..]
                .iter()
                .flatten()
                .filter(|p| engine.tile_of(**p).markers.has(Marker::Vineyard))
                .count()
        } else {
            0
        };
        (around, vineyards)
    }

    /// A monastery's score: 9 when complete (plus 3 a vineyard around it), 1 + its neighbours
    /// at the end of the game (no vineyard bonus then).
    fn monastery(&self, engine: &mut Engine, node: NodeId, complete: bool) -> Option<ScoreEvent> {
        let monastery = engine.component(node);
        let (figures, contents) = (monastery.figures.clone(), monastery.contents);
        let winners = super::majority(engine, &figures, DESCRIPTOR.figures, &contents, is_follower);
        if winners.is_empty() {
            return None;
        }
        let (around, vineyards) = self.neighbours_and_vineyards(engine, node, complete);
        let points = (1 + around + 3 * vineyards) as u32;
        Some(ScoreEvent {
            players: winners,
            points,
            feature: FeatureKind::Monastery,
            breakdown: Breakdown::Neighbours {
                feature: FeatureKind::Monastery.name(),
                neighbours: around,
                ended: Surrounded::when(complete),
                extra: Counted {
                    count: vineyards,
                    word: Marker::Vineyard.name(),
                },
            },
        })
    }

    /// Scores each monastery on the placement and the eight positions around it that is now
    /// surrounded, into `completion`, in the order of the positions and of the tiles' features.
    fn score_monasteries_near(
        &mut self,
        engine: &mut Engine,
        placement: PlacementId,
        completion: &mut Completion,
    ) {
        self.monasteries.catch_up(engine);
        if self.monasteries.open.is_empty() {
            return;
        }
        let pos = engine.placement(placement).pos;
        let mut surrounded = Vec::new();
        self.monasteries
            .surrounded_near(engine, pos, &mut surrounded);
        for monastery in surrounded {
            let event = if engine.feature_kind(monastery) == FeatureKind::Garden {
                self.garden(engine, monastery, true)
            } else {
                self.monastery(engine, monastery, true)
            };
            if let Some(event) = event {
                completion.events.push(event);
            }
            completion.returned.push(engine.root(monastery));
        }
    }
}

impl Rules for Carcassonne {
    fn figure(&self, name: &str) -> Option<FigureSpec> {
        DESCRIPTOR
            .figure(name)
            .copied()
            .filter(|f| self.farmers || !is_farmer(f.kind))
    }

    fn figure_names(&self) -> &'static [&'static str] {
        if self.farmers {
            &FIGURE_NAMES
        } else {
            FIGURES_WITHOUT_FARMERS
        }
    }

    fn pending_decision(&self) -> Option<Decision> {
        self.flocks
            .pending_decision()
            .or_else(|| self.abbey.pending_decision())
    }

    fn offers(
        &self,
        engine: &mut Engine,
        turn: &TurnView,
        decision: Decision,
        into: &mut Vec<Offer>,
    ) {
        into.clear();
        match decision {
            Decision::DeployOrPass => {
                self.abbot_return_offers(engine, turn, into);
                self.abbey.offers(engine, turn, decision, into);
            }
            _ => {
                flock::Flocks::offers(decision, into);
                self.abbey.offers(engine, turn, decision, into);
            }
        }
    }

    fn play(&mut self, engine: &mut Engine, mv: Move, setup: bool) -> Outcome {
        match mv.taken_back() {
            Some(figure) => self.abbot_returns(engine, figure),
            None => match self.abbey.play(engine, mv) {
                Some(outcome) => outcome,
                None => self.flocks.play(engine, mv, setup),
            },
        }
    }

    fn take_back_due(&self, engine: &Engine, turn: &TurnView) -> bool {
        self.abbot_return_due(engine, turn)
    }

    fn take_back_not_due(&self, engine: &Engine, turn: &TurnView) -> Violation {
        self.abbot_return_not_due(engine, turn)
    }

    fn take_back_refused(
        &self,
        engine: &mut Engine,
        _turn: &TurnView,
        figure: FigureId,
    ) -> Option<(Violation, &'static str)> {
        self.abbot_return_refused(engine, figure)
    }

    fn leave_pending(&mut self) -> Option<Violation> {
        let flock = self.flocks.leave_pending();
        if flock.is_none() {
            self.abbey.leave_pending();
        }
        flock
    }

    fn turn_begins(&mut self, engine: &mut Engine, turn: &TurnView) -> Outcome {
        self.traders.turn_begins(turn);
        self.abbey.turn_begins(engine, turn);
        Outcome::default()
    }

    fn after_placement(
        &mut self,
        engine: &mut Engine,
        turn: &TurnView,
        placement: PlacementId,
    ) -> Outcome {
        self.traders.after_placement(engine, turn, placement);
        self.abbey.after_placement(turn, placement);
        Outcome::default()
    }

    /// A hill tile takes the next tile of the stack under it (not `variant hills off`).
    fn after_draw(&self, tile: &CompiledTile, land_left: u32) -> Option<Decision> {
        (tile.markers.has(Marker::Hill) && self.hills && land_left > 0)
            .then_some(Decision::UnderTile)
    }

    fn deployed(&mut self, engine: &Engine, figure: FigureId, node: NodeId, setup: bool) {
        self.abbot_deployed |= engine.figures[figure as usize].kind == ABBOT;
        self.traders.deployed(engine, figure);
        self.abbey.deployed();
        self.flocks.deployed(engine, figure, node, setup);
    }

    fn after_scoring(&mut self, engine: &mut Engine, turn: &TurnView, roots: &[NodeId]) -> Outcome {
        let mut outcome = self.flocks.after_scoring(engine, turn, roots);
        // The expansion's state is lent out while it reads the ruleset's majorities.
        let mut abbey = std::mem::take(&mut self.abbey);
        let barns_and_wagons = abbey.after_scoring(self, engine, turn, roots);
        self.abbey = abbey;
        outcome.events.extend(barns_and_wagons.events);
        outcome.returned.extend(barns_and_wagons.returned);
        outcome
    }

    fn end_turn(&mut self) -> Vec<Violation> {
        match self.flocks.end_turn() {
            None => Vec::new(),
            Some(violation) => vec![violation],
        }
    }

    fn count(&self, name: &str) -> Option<u32> {
        self.flocks.count(name)
    }

    /// `expect bag`: the tokens in the bag, by the game language's words (`sheep1` …
    /// `sheep4`, `wolf`). A game without Hills & Sheep has no bag (its flocks' decisions are
    /// then not the ruleset's own: `expansions_in_play`).
    fn counted(&self, kind: &str, player: Option<usize>) -> Option<crate::Counts> {
        if kind == traders::GOODS {
            return self.traders.counted(player);
        }
        if kind != "bag" || !self.hooks.own_decisions {
            return None;
        }
        let bag = &self.flocks.bag.0;
        let counts = [1, 2, 3, 4, 0]
            .into_iter()
            .map(|token| (crate::model::TOKEN_WORDS[token], bag[token]))
            .collect();
        Some(counts_in_words("the bag", counts))
    }

    fn blockers(&self, at: &mut Context, figure: &FigureSpec, node: NodeId) -> Vec<FigureId> {
        // The builder and the pig are refused for what they need (`occupation_refused`), never
        // blocked by a figure.
        if traders::is_special(figure.kind) {
            return Vec::new();
        }
        let engine = &mut *at.engine;
        // Followers block followers; a shepherd blocks only another shepherd (“You can place
        // your shepherd even if there is already a farmer in that field (and vice versa)”).
        let shepherd = figure.kind == SHEPHERD;
        let mut blockers: Vec<FigureId> = engine
            .figures_on(node)
            .into_iter()
            .filter(|f| {
                let other = &engine.figures[*f as usize];
                other.on_board
                    && (other.kind == SHEPHERD) == shepherd
                    && !traders::is_special(other.kind)
            })
            .collect();
        // “No farmer may be placed in a field that holds a barn.”
        if is_farmer(figure.kind) {
            blockers.extend(self.abbey.barns_in_field(engine, node));
        }
        blockers
    }

    fn blocked(&self, at: &mut Context, figure: &FigureSpec, node: NodeId) -> bool {
        if traders::is_special(figure.kind) {
            // The reason alone, not its words: asked for every feature of every tile.
            let complete = at.engine.component(node).open_ends == 0;
            return self
                .traders
                .refusal(at.engine, at.player, figure.kind, node, complete)
                .is_some();
        }
        let engine = &mut *at.engine;
        let shepherd = figure.kind == SHEPHERD;
        // A builder or a pig blocks no follower, but it never stands without its owner's
        // follower, which blocks the feature anyway: no need to tell them apart here, in the
        // move generator's look at every feature.
        super::any_figure_on(engine, node, false, |other| {
            other.on_board && (other.kind == SHEPHERD) == shepherd
        }) || (is_farmer(figure.kind) && self.abbey.field_has_barn(engine, node))
    }

    fn occupation_refused(
        &self,
        at: &mut Context,
        figure: &FigureSpec,
        node: NodeId,
    ) -> Option<Violation> {
        if !traders::is_special(figure.kind) {
            return None;
        }
        let complete = at.engine.component(node).open_ends == 0;
        self.traders
            .refusal(at.engine, at.player, figure.kind, node, complete)
            .map(traders::Refusal::violation)
    }

    fn score_completed(&mut self, at: &mut Context, roots: &[NodeId], completion: &mut Completion) {
        let engine = &mut *at.engine;
        let Some(placement) = at.placement else {
            return;
        };
        // A tile that closes its sides (the abbey) completes what it closes on the tiles
        // beside it, which are not among its own features; the goods of a city it completes
        // go to its player as those of any other tile.
        let closed_beside = abbey::closed_beside(engine, placement);
        let completed: std::borrow::Cow<[NodeId]> = if closed_beside.is_empty() {
            std::borrow::Cow::Borrowed(roots)
        } else {
            roots.iter().chain(&closed_beside).copied().collect()
        };
        self.traders.take_goods(engine, at.player, &completed);
        for &root in completed.iter() {
            let component = engine.component(root);
            let closed = component.open_ends == 0;
            if !closed || !matches!(component.kind, Some(FeatureKind::Road | FeatureKind::City)) {
                continue;
            }
            if let Some(event) = self.road_or_city(engine, root, true) {
                completion.events.push(event);
            }
            completion.returned.push(root);
        }
        self.score_monasteries_near(engine, placement, completion);
        self.abbey.note_scored_wagons(engine, &completion.returned);
    }

    fn final_scoring(&self, engine: &mut Engine) -> Vec<ScoreEvent> {
        let mut events = Vec::new();
        // Most features have no follower: the features to score are found from the followers
        // on the board (a few dozen), not by a look at each of the hundreds of features (nor
        // by a list of every feature's root, `Engine::feature_roots`, made for nothing).
        // Ascending, as that list of roots is, so that the events come in the same order.
        let mut scored: Vec<NodeId> = engine
            .figures
            .iter()
            .filter(|f| f.on_board && is_follower(f))
            .filter_map(|f| f.node())
            .collect();
        for node in &mut scored {
            *node = engine.root(*node);
        }
        scored.sort_unstable();
        scored.dedup();
        // The features a look at each root finds (the tests' games are checked this way).
        debug_assert_eq!(
            scored,
            engine
                .feature_roots()
                .into_iter()
                .filter(|root| super::any_figure_on(engine, *root, false, |f| {
                    f.on_board && is_follower(f)
                }))
                .collect::<Vec<_>>()
        );
        for root in scored {
            let component = engine.component(root).clone();
            let event = match component.kind {
                Some(FeatureKind::Road | FeatureKind::City) => {
                    self.road_or_city(engine, root, component.open_ends == 0)
                }
                Some(FeatureKind::Monastery) => self.monastery(engine, root, false),
                Some(FeatureKind::Garden) => self.garden(engine, root, false),
                Some(FeatureKind::Field) => {
                    // 3 a completed city the field touches, each city once.
                    let completed = completed_cities_touched(engine, root);
                    let points = 3 * completed as u32;
                    let winners = self.winners(engine, &component.figures, &component.contents);
                    if self.traders.in_play && !winners.is_empty() {
                        // The pig and the pig-herd change what a city is worth to its scorers.
                        self.traders
                            .field_events(engine, root, winners, completed, &mut events);
                        continue;
                    }
                    (!winners.is_empty()).then_some(ScoreEvent {
                        players: winners,
                        points,
                        feature: FeatureKind::Field,
                        breakdown: Breakdown::Field { cities: completed },
                    })
                }
                _ => None,
            };
            events.extend(event);
        }
        self.traders.final_goods(&mut events);
        events.extend(self.abbey.final_scoring(engine));
        events
    }

    fn tile_warning(&self, tile: &CompiledTile, shipped: bool) -> Option<super::TileWarning> {
        // What an expansion the game does not play gives a meaning to is decoration (“if those
        // expansions are not in play they are decoration”, The River §9.2.6). An official
        // printing's symbols of another box are meant so (The River II's inn and volcano, the
        // gardens of the base set's second printing): only a tile of the game's own, or of a
        // tile set it reads from a file, is warned of, where an author may have meant the
        // symbol to score.
        if shipped {
            return None;
        }
        let mut decoration: Vec<String> = Vec::new();
        let mut owners: Vec<&ExpansionDescriptor> = Vec::new();
        let absent = DESCRIPTOR
            .expansions
            .iter()
            .enumerate()
            .filter(|(index, _)| self.absent_expansions & (1 << index) != 0)
            .map(|(_, expansion)| expansion);
        for expansion in absent {
            let before = decoration.len();
            for feature in &tile.features {
                if expansion.features.contains(&feature.kind) {
                    decoration.push(format!("a {}", feature.kind));
                }
                for content in expansion.contents {
                    if feature.contents[crate::engine::content_index(*content)] > 0 {
                        decoration.push(format!("{} {}", article(content.name()), content.name()));
                    }
                }
            }
            for marker in expansion.markers {
                if tile.markers.has(*marker) {
                    decoration.push(format!("{} {}", article(marker.name()), marker.name()));
                }
            }
            if decoration.len() > before {
                owners.push(expansion);
            }
        }
        decoration.dedup();
        let titles: Vec<&str> = owners.iter().map(|e| e.title).collect();
        let declarations: Vec<String> = owners
            .iter()
            .map(|e| format!("`expansion {}`", e.name))
            .collect();
        (!decoration.is_empty()).then(|| super::TileWarning {
            code: &carcspec_core::codes::CONTENT_WITHOUT_EXPANSION,
            message: format!(
                "tile `{}` has {}, which only {} gives a meaning; the game does not play it, so \
                 it is decoration",
                tile.id,
                decoration.join(" and "),
                titles.join(" and ")
            ),
            help: format!(
                "declare {} in the game to play it",
                declarations.join(" and ")
            )
            .into(),
        })
    }

    fn expansions_in_play(&mut self, expansions: &[String]) {
        self.inns_in_play = expansions.iter().any(|e| e == INNS_AND_CATHEDRALS);
        self.traders.in_play = expansions
            .iter()
            .any(|e| e == traders::TRADERS_AND_BUILDERS);
        self.absent_expansions = DESCRIPTOR
            .expansions
            .iter()
            .enumerate()
            .filter(|(_, e)| !expansions.iter().any(|declared| declared == e.name))
            .fold(0, |bits, (index, _)| bits | (1 << index));
        // The expansions' figures bring their hooks: a flock needs a shepherd, a return an
        // abbot.
        let in_play = |figure: FigureKind| {
            DESCRIPTOR
                .missing_expansion_for(figure.0, expansions)
                .is_none()
        };
        let flocks = in_play(SHEPHERD);
        self.abbey.abbeys = expansions.iter().any(|e| e == abbey::ABBEY_AND_MAYOR);
        self.abbey.wagons = in_play(abbey::WAGON);
        self.abbey.barns = in_play(abbey::BARN);
        let (abbeys, wagons, barns) = (self.abbey.abbeys, self.abbey.wagons, self.abbey.barns);
        self.hooks = super::Hooks {
            own_decisions: flocks || abbeys || wagons,
            figure_step_moves: in_play(ABBOT) || barns,
            after_scoring: flocks || wagons || barns,
            // The builder's double turn (whether a turn is its second part), and the abbey
            // put down instead of a draw.
            turn_begins: in_play(traders::BUILDER) || abbeys,
            // No expansion of these rules takes a step between the figure step and the
            // scoring yet.
            before_scoring: false,
            // No expansion of these rules deploys off the tile just placed yet.
            deploys_elsewhere: false,
            // Nor reads a player's score.
            follows_scores: false,
        };
    }

    fn hooks(&self) -> super::Hooks {
        self.hooks
    }

    fn prepare_stacks(&self, catalog: &[CompiledTile], counts: &mut [u32]) {
        river::prepare_stacks(catalog, counts);
        if self.abbey.abbeys {
            abbey::prepare_stacks(catalog, counts);
        }
    }

    fn draw_group(&self, tile: &CompiledTile) -> u8 {
        river::draw_group(tile)
    }

    fn draw_violation(
        &self,
        catalog: &[CompiledTile],
        stack: &[u32],
        tile: usize,
    ) -> Option<Violation> {
        river::draw_violation(catalog, stack, tile)
    }

    fn restricts_placement(&self, tile: &CompiledTile) -> bool {
        river::is_river_tile(tile)
    }

    fn placement_violation(
        &self,
        engine: &Engine,
        tile: usize,
        pos: Pos,
        rotation: crate::model::Rotation,
    ) -> Option<Violation> {
        river::placement_violation(engine, tile, pos, rotation, self.river.look_ahead)
    }

    fn deployment_violation(&self, at: &Context, kind: FeatureKind) -> Option<Violation> {
        let tile = at.engine.tile_of(at.placement?);
        river::deployment_violation(tile, kind, self.river)
    }

    fn another_turn(&self, engine: &Engine, turn: &TurnView) -> bool {
        self.traders.another_turn(turn)
            || turn
                .placed
                .is_some_and(|placement| river::another_turn(engine.tile_of(placement), self.river))
    }
}

/// The completed cities the field of `node` touches, each once: what a field scores by.
fn completed_cities_touched(engine: &mut Engine, node: NodeId) -> usize {
    let mut cities: Vec<NodeId> = engine.cities_touched(node).collect();
    for city in &mut cities {
        *city = engine.root(*city);
    }
    cities.sort_unstable();
    cities.dedup();
    cities
        .iter()
        .filter(|c| engine.component(**c).open_ends == 0)
        .count()
}

/// The bag of sheep and wolf tokens: how many of each value (0 = wolf, 1–4 sheep) are in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bag(pub [u32; 5]);

impl Default for Bag {
    /// “18 flock and wolf tokens (4x 1 sheep, 5x 2 sheep, 5x 3 sheep, 2x 4 sheep, 2x wolf)”
    fn default() -> Self {
        Bag([2, 4, 5, 5, 2])
    }
}

impl Bag {
    /// Takes a token out; false when none of that value is in the bag.
    pub fn take(&mut self, token: u32) -> bool {
        match self.0.get_mut(token as usize) {
            Some(count) if *count > 0 => {
                *count -= 1;
                true
            }
            _ => false,
        }
    }

    /// The token a JCloisterZone random number in [0, 1) picks: `bag[floor(random × len)]`
    /// with the bag in JCloisterZone's order — the sheep from 1 to 4, then the wolves.
    pub fn pick(&self, random: f64) -> u32 {
        let len: u32 = self.0.iter().sum();
        let mut index = (random.clamp(0.0, 1.0) * f64::from(len)).floor() as u32;
        for token in [1, 2, 3, 4, 0] {
            let count = self.0[token as usize];
            if index < count {
                return token;
            }
            index -= count;
        }
        0
    }

    pub fn put_back(&mut self, tokens: impl IntoIterator<Item = u32>) {
        for token in tokens {
            if let Some(count) = self.0.get_mut(token as usize) {
                *count += 1;
            }
        }
    }
}

/// A counted expectation's counts (`expect bag`, `expect goods`), with their words for the
/// check's help: `what: name n, name n`.
fn counts_in_words(what: &str, counts: Vec<(&'static str, u32)>) -> crate::Counts {
    let words: Vec<String> = counts
        .iter()
        .map(|(name, n)| format!("{name} {n}"))
        .collect();
    crate::Counts {
        in_words: format!("{what}: {}", words.join(", ")),
        counts,
    }
}

/// Guides the flock of the field of `node` to the stable: every player with a shepherd there
/// scores all its sheep; the tokens go back to the bag and the shepherds home.
pub fn stable(
    engine: &mut Engine,
    node: NodeId,
    bag: &mut Bag,
) -> (Option<ScoreEvent>, Vec<FigureId>) {
    let tokens = engine.take_tokens(node);
    let shepherds = engine.return_figures_of(node, SHEPHERD);
    let sheep: u32 = tokens.iter().sum();
    let mut players: Vec<usize> = shepherds
        .iter()
        .map(|f| engine.figures[*f as usize].player)
        .collect();
    players.sort_unstable();
    players.dedup();
    let count = tokens.len();
    bag.put_back(tokens);
    let event = (!players.is_empty()).then_some(ScoreEvent {
        players,
        points: sheep,
        feature: FeatureKind::Field,
        // Its own text, whose first word is its family (`expect scored … flock`).
        breakdown: Breakdown::Text(format!(
            "flock of {count} token{}, {sheep} sheep = {sheep}",
            crate::diagnostic::plural(count)
        )),
    });
    (event, shepherds)
}

/// A wolf scatters the flock of the field of `node`: the sheep go back to the bag and every
/// shepherd there goes home.
pub fn scatter(engine: &mut Engine, node: NodeId, bag: &mut Bag) -> Vec<FigureId> {
    let tokens = engine.take_tokens(node);
    bag.put_back(tokens);
    engine.return_figures_of(node, SHEPHERD)
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcspec::simulate::Rng;

    /// The monasteries a placement surrounds, as found before the ruleset kept the open ones:
    /// the tiles on the placement's position and the eight around it, in that order, searched
    /// for monasteries with all eight neighbours.
    fn surrounded_by_search(engine: &Engine, pos: Pos) -> Vec<NodeId> {
        let mut found = Vec::new();
        let positions = std::iter::once(pos).chain(Engine::around(pos));
        for (at, near) in positions.zip(engine.square_around(pos)) {
            let Some(near) = near else { continue };
            let first = engine.placement(near).first_node;
            for (feature, compiled) in engine.tile_of(near).features.iter().enumerate() {
                if compiled.kind == FeatureKind::Monastery && engine.filled_around(at) == 8 {
                    found.push(first + feature as NodeId);
                }
            }
        }
        found
    }

    /// The open monasteries give the monasteries the search gave, in its order, after every
    /// placement of boards filled at random (tiles laid without regard to their edges, as a
    /// replay lays a wrong move, so that monasteries crowd and several complete at once) —
    /// boards of many monasteries and boards of few, where the open ones' positions are
    /// compared first (`FEW_OPEN`).
    #[test]
    fn open_monasteries_find_what_the_search_around_a_placement_found() {
        let catalog: Vec<CompiledTile> = crate::shipped_tiles("carcassonne-base");
        let monasteries: Vec<usize> = (0..catalog.len())
            .filter(|t| {
                catalog[*t]
                    .features
                    .iter()
                    .any(|f| f.kind == FeatureKind::Monastery)
            })
            .collect();
        assert!(!monasteries.is_empty());
        let mut rng = Rng::new(5);
        let mut several_at_once = 0;
        let mut found_among_few = 0;
        // One tile in two a monastery, then one in twelve.
        for (one_in, boards) in [(2, 200), (12, 300)] {
            for _ in 0..boards {
                let mut engine = Engine::new(catalog.clone());
                let mut open = OpenMonasteries::default();
                let mut free: Vec<Pos> = (-3..=3)
                    .flat_map(|x| (-3..=3).map(move |y| Pos::new(x, y)))
                    .collect();
                rng.shuffle(&mut free);
                for pos in free {
                    // Half of the tiles monasteries, the rest any tile.
                    let tile = if rng.below(one_in) == 0 {
                        monasteries[rng.below(monasteries.len())]
                    } else {
                        rng.below(catalog.len())
                    };
                    let rotation = crate::engine::Rotation(rng.below(4) as u8);
                    let (placement, _) = engine.place(tile, pos, rotation);
                    let expected = surrounded_by_search(&engine, engine.placement(placement).pos);
                    open.catch_up(&engine);
                    let few = open.open.len() <= FEW_OPEN;
                    let mut found = Vec::new();
                    open.surrounded_near(&engine, pos, &mut found);
                    assert_eq!(found, expected, "placement at {pos}");
                    several_at_once += usize::from(found.len() > 1);
                    found_among_few += usize::from(few && !found.is_empty());
                    // Each open monastery's entry points back at it.
                    for (index, (placement, _)) in open.open.iter().enumerate() {
                        assert_eq!(open.open_at[*placement as usize], index as u32);
                    }
                }
            }
        }
        assert!(
            found_among_few > 10,
            "{found_among_few} placements surrounded a monastery among few open"
        );
        assert!(
            several_at_once > 10,
            "{several_at_once} placements surrounded several"
        );
    }
}
