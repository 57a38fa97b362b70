//! The statements of the game language, described once: each keyword, the part of a game file
//! where it stands, the words it takes and what each word stands for, and a line of help.
//!
//! Lowering (`crates/front/src/lower/game.rs`) gives the statements their meaning and checks
//! their words one by one with its own diagnostics; the language server reads this table for the
//! role of every word (hover, completion, references), for the keywords that may stand at a line
//! and for the words that complete a fixed place; G001's help, the lowering's lists of
//! expectations and `docs/game-language.md` are held to it by tests. Like the parser, the table
//! knows no rules: which figures, tiles or codes exist is the ruleset's and the tile sets'
//! business.

/// Where in a game file a statement may stand: a file is header, then local tiles and setup,
/// then turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Header,
    Setup,
    Turn,
}

/// What a word of a statement stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The statement's keyword.
    Keyword,
    /// A word that must be written as is (`at`, `on`) or that picks a form (`expect score`).
    Fixed,
    TileId,
    TileSet,
    /// `x2` after a tile set: every count of the set multiplied.
    Multiplier,
    Ruleset,
    Expansion,
    Player,
    /// A player's name where the `players` line declares it.
    PlayerDeclaration,
    Figure,
    /// A feature of a tile: anchors or a label.
    Target,
    Position,
    Rotation,
    /// A diagnostic code or its name (`expect violation`).
    Code,
    /// A supply of figures (`followers`, `tribe-members`): `supply`, `expect supply`.
    Pool,
    /// A rule variant's name, and its value (`variant <name> <value>`).
    Variant,
    VariantValue,
    /// Anything else: a number, a title, a token, a variant's name or value.
    Other,
}

/// The words a statement takes after its keyword.
#[derive(Debug, Clone, Copy)]
pub enum Arg {
    /// A word written as is.
    Word(&'static str),
    /// A word of the author's: what it stands for, and how the usage names it.
    Slot(Role, &'static str),
    /// Words that may be left out: taken when the next word has the form of the first of them
    /// (a rotation, a multiplier).
    Optional(&'static [Arg]),
    /// Words repeated up to the end of the statement.
    Repeat(&'static [Arg]),
    /// Pairs of a name of this role and a count (`followers 5 shepherds 1`), taken while the
    /// word after the name is a number: inside a `Repeat`, the word that follows a count and is
    /// not followed by one begins the next repetition (`red followers 5 blue followers 6`).
    Counts(Role, &'static str),
    /// One of several forms, picked by the next word: the form that starts with that word, or
    /// else the form that starts with no word of its own.
    Forms(&'static [Form]),
}

/// One form of a statement's words (an expectation's kind, `under ?` or `under <tile>`).
#[derive(Debug, Clone, Copy)]
pub struct Form {
    /// The word that picks the form, or `None` for the form taken when no other's word is
    /// written.
    pub word: Option<&'static str>,
    pub args: &'static [Arg],
    pub summary: &'static str,
}

/// One statement of the game language.
#[derive(Debug, Clone, Copy)]
pub struct StatementSpec {
    pub keyword: &'static str,
    /// The parts of a file where it may stand.
    pub parts: &'static [Part],
    pub args: &'static [Arg],
    /// What it says, in a line.
    pub summary: &'static str,
    /// The statement writes a ruleset's own move: lowering, formatting and the check read it
    /// through this, so a ruleset adds a move with its row here and its play in its module.
    pub ruleset_move: Option<RulesetMove>,
}

/// How a statement that writes a ruleset's own move (`carcspec::rules::Move`) is read, and
/// what the game reports where none of the ruleset's decisions offers it.
#[derive(Debug, Clone, Copy)]
pub struct RulesetMove {
    pub words: MoveWords,
    pub not_due: NotDue,
    /// The finding for words that name a figure or a tile the board does not hold there
    /// (`None` for words that name neither: a token, a bare position).
    pub absent: Option<&'static Code>,
}

/// The words of a ruleset's move after its keyword. Each kind is read, written and completed
/// the same way whichever move declares it, so a new move with these words is a row of the
/// table and its play in its ruleset's module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveWords {
    /// None (`stable`).
    Nothing,
    /// A token drawn from a bag (`flock sheep2`).
    Token,
    /// A figure of the player who moves, where it stands (`return abbot at 0,0 on I`).
    Standing,
    /// Any player's figure, where it stands: `<player> <figure> at <x>,<y> on <feature>` (a
    /// figure another player owns, as a capture names it).
    Owned,
    /// A figure of the player who moves, held by another player: `<figure> from <player>` (a
    /// prisoner bought back).
    Held,
    /// A position on the board: `at <x>,<y>` (a piece moved onto a tile).
    Position,
    /// A tile's placement: `at <x>,<y> [rN]` (a tile put down by the move itself).
    Placement,
    /// A feature of a tile, with no figure named: `at <x>,<y> on <feature>` (where a piece goes).
    Place,
    /// A figure from the supply of the player who moves, onto a tile: `<figure> at <x>,<y>`
    /// (a follower on top of a tower).
    Supplied,
}

impl MoveWords {
    /// The words as the statement table writes them: a move's row declares these `args`.
    pub const fn args(self) -> &'static [Arg] {
        match self {
            MoveWords::Nothing => &[],
            MoveWords::Token => &[TOKEN],
            MoveWords::Standing => &STANDING,
            MoveWords::Owned => &[PLAYER, FIGURE, Word("at"), POSITION, Word("on"), FEATURE],
            MoveWords::Held => &[FIGURE, Word("from"), PLAYER],
            MoveWords::Position => &[Word("at"), POSITION],
            MoveWords::Placement => &[Word("at"), POSITION, OPTIONAL_ROTATION],
            MoveWords::Place => &[Word("at"), POSITION, Word("on"), FEATURE],
            MoveWords::Supplied => &[FIGURE, Word("at"), POSITION],
        }
    }

    /// Whether the words name a figure on the board or in a player's hands.
    pub const fn name_a_figure(self) -> bool {
        matches!(
            self,
            MoveWords::Standing | MoveWords::Owned | MoveWords::Held
        )
    }
}

/// The finding for a ruleset's move that no decision waits for: its code and words.
#[derive(Debug, Clone, Copy)]
pub struct NotDue {
    pub code: &'static Code,
    pub message: &'static str,
    pub label: &'static str,
    pub help: &'static str,
}

impl StatementSpec {
    pub fn stands_in(&self, part: Part) -> bool {
        self.parts.contains(&part)
    }

    /// How the statement is written: `place at <x>,<y> [rN]`.
    pub fn usage(&self) -> String {
        let mut out = self.keyword.to_string();
        write_args(self.args, &mut out);
        out
    }
}

impl Form {
    /// How the form's words are written, from its picking word on: `score (<player> <n>)…`.
    pub fn usage(&self) -> String {
        let mut out = self.word.unwrap_or_default().to_string();
        write_args(self.args, &mut out);
        out.trim_start().to_string()
    }
}

fn write_args(args: &[Arg], out: &mut String) {
    for arg in args {
        out.push(' ');
        match arg {
            Arg::Word(word) => out.push_str(word),
            Arg::Slot(_, name) => out.push_str(name),
            Arg::Optional(inner) => {
                let mut words = String::new();
                write_args(inner, &mut words);
                out.push_str(&format!("[{}]", words.trim_start()));
            }
            Arg::Repeat(inner) => {
                let mut words = String::new();
                write_args(inner, &mut words);
                let words = words.trim_start();
                if inner.len() == 1 {
                    out.push_str(&format!("{words}…"));
                } else {
                    out.push_str(&format!("({words})…"));
                }
            }
            Arg::Counts(_, name) => out.push_str(&format!("({name} <n>)…")),
            Arg::Forms(forms) => {
                let usages: Vec<String> = forms.iter().map(Form::usage).collect();
                out.push_str(&usages.join(" | "));
            }
        }
    }
}

use crate::codes::{self, Code};
use Arg::{Counts, Optional, Repeat, Slot, Word};

const POSITION: Arg = Slot(Role::Position, "<x>,<y>");
const ROTATION: Arg = Slot(Role::Rotation, "rN");
const OPTIONAL_ROTATION: Arg = Optional(&[ROTATION]);
const PLAYER: Arg = Slot(Role::Player, "<player>");
const FIGURE: Arg = Slot(Role::Figure, "<figure>");
const FEATURE: Arg = Slot(Role::Target, "<feature>");
const TILE: Arg = Slot(Role::TileId, "<tile>");
const COUNT: Arg = Slot(Role::Other, "<n>");
const TOKEN: Arg = Slot(Role::Other, "<token>");
const POOL: Arg = Slot(Role::Pool, "<pool>");
/// `<figure> at <x>,<y> on <feature>`: where a figure stands.
const STANDING: [Arg; 5] = [FIGURE, Word("at"), POSITION, Word("on"), FEATURE];
const SCORES: [Arg; 1] = [Repeat(&[PLAYER, Slot(Role::Other, "<points>")])];

/// The expectations, `expect <kind> …`: G001's help, the lowering's messages and the language
/// server's completion list these.
pub const EXPECTATIONS: &[Form] = &[
    Form {
        word: Some("score"),
        args: &SCORES,
        summary: "the points each player named scored in the current turn",
    },
    Form {
        word: Some("total"),
        args: &SCORES,
        summary: "the points each player named has in all",
    },
    Form {
        word: Some("final"),
        args: &SCORES,
        summary: "the points after final scoring",
    },
    Form {
        word: Some("winner"),
        args: &[Repeat(&[PLAYER])],
        summary: "the players with the most points after final scoring, all of them on a tie",
    },
    Form {
        word: Some("violation"),
        args: &[Slot(Role::Code, "<code-or-name>")],
        summary: "the move just before breaks that rule",
    },
    Form {
        word: Some("placements"),
        args: &[
            TILE,
            Arg::Forms(&[
                Form {
                    word: Some("at"),
                    args: &[Repeat(&[POSITION, Slot(Role::Rotation, "<rN>")])],
                    summary: "exactly these legal positions and rotations",
                },
                Form {
                    word: Some("none"),
                    args: &[],
                    summary: "the tile fits nowhere",
                },
            ]),
        ],
        summary: "the legal positions and rotations of the tile now",
    },
    Form {
        word: Some("scored"),
        args: &[PLAYER, Slot(Role::Other, "<feature-kind>"), COUNT],
        summary: "some scoring of that feature kind gave the player exactly n",
    },
    Form {
        word: Some("supply"),
        args: &[Repeat(&[PLAYER, Counts(Role::Pool, "<pool>")])],
        summary: "each player's supply holds exactly n of each pool named",
    },
    Form {
        word: Some("stands"),
        args: &[PLAYER, FIGURE, Word("at"), POSITION, Word("on"), FEATURE],
        summary: "a figure of the player stands on that feature",
    },
    Form {
        word: Some("home"),
        args: &[PLAYER, FIGURE, Word("at"), POSITION, Word("on"), FEATURE],
        summary: "the figure the player deployed there is back in the supply",
    },
    Form {
        word: Some("bag"),
        args: &[Repeat(&[TOKEN, COUNT])],
        summary: "the sheep bag holds exactly n of each token named (Hills & Sheep)",
    },
    Form {
        word: Some("bonus"),
        args: &[Arg::Forms(&[
            Form {
                word: Some("earned"),
                args: &[],
                summary: "the turn earned a bonus tile",
            },
            Form {
                word: Some("none"),
                args: &[],
                summary: "the turn earned no bonus tile",
            },
        ])],
        summary: "whether the current turn earned a bonus tile (Hunters and Gatherers)",
    },
    Form {
        word: Some("covered"),
        args: &[Repeat(&[Slot(Role::Other, "<animal>"), COUNT])],
        summary: "the animals the hunting traps covered so far (2020 Hunters and Gatherers)",
    },
    Form {
        word: Some("goods"),
        args: &[PLAYER, Repeat(&[Slot(Role::Other, "<good>"), COUNT])],
        summary: "the player holds exactly n goods tokens of each kind named (Traders & Builders)",
    },
    Form {
        word: Some("jcloisterzone"),
        args: &[Slot(Role::Other, "\"<assertion>\"")],
        summary: "an assertion of JCloisterZone's engine tests, checked as its test harness checks it",
    },
    Form {
        word: Some("unsupported"),
        args: &[Slot(Role::Other, "\"<text>\"")],
        summary: "an assertion carcspec cannot check, listed as not applicable",
    },
];

/// An expectation that counts what a ruleset keeps (`expect bag sheep1 4 wolf 2`, `expect
/// covered deer 1`), for the whole game or for each player (its first word then names the
/// player: `expect goods Alice wine 2`): the names it counts, how lowering reads them and how
/// the check reports them. Its words are its row of [`EXPECTATIONS`]; the ruleset gives the
/// counts (`carcspec::rules::Rules::counted`). An expansion adds one with its two rows here and
/// its answer in its module: lowering, formatting and the check read it by these facts.
#[derive(Debug, Clone, Copy)]
pub struct CountedExpectation {
    /// The expectation's kind (`bag`).
    pub kind: &'static str,
    /// Whether each player has counts of their own, named first (its row of
    /// [`EXPECTATIONS`] then begins with the player's slot), or the game has one set of them.
    pub of_each_player: bool,
    /// The names it counts.
    pub names: &'static [&'static str],
    /// What a name is (`a token`), and the names with counts written as an example.
    pub name_is: &'static str,
    pub example: &'static str,
    /// The largest count a name can have.
    pub max: u32,
    pub code: &'static Code,
    /// A count that differs, with `{actual}`, `{name}` and `{expected}` filled in.
    pub mismatch: &'static str,
    /// The finding where the game keeps no such count, and its help.
    pub absent: &'static str,
    pub absent_help: &'static str,
}

/// The counted expectations.
pub const COUNTED_EXPECTATIONS: &[CountedExpectation] = &[
    CountedExpectation {
        kind: "bag",
        of_each_player: false,
        names: &["sheep1", "sheep2", "sheep3", "sheep4", "wolf"],
        name_is: "a token",
        example: "sheep1 4 wolf 2",
        max: 18,
        code: &codes::BAG_MISMATCH,
        mismatch: "the bag holds {actual} {name}, the game expects {expected}",
        absent: "this game has no sheep bag",
        absent_help: "`expect bag` counts the tokens in the bag of Hills & Sheep (`expansion hills-and-sheep`)",
    },
    CountedExpectation {
        kind: "covered",
        of_each_player: false,
        names: &["deer", "aurochs", "mammoth", "tiger"],
        name_is: "an animal",
        example: "deer 1 tiger 1",
        max: crate::model::MAX_SUPPLY,
        code: &codes::COVERED_MISMATCH,
        mismatch: "{actual} {name} covered, the game expects {expected}",
        absent: "this ruleset covers no animals",
        absent_help: "`expect covered` counts the animals the hunting traps of `hunters-gatherers-2020` covered",
    },
    CountedExpectation {
        kind: "goods",
        of_each_player: true,
        names: &["wine", "grain", "cloth"],
        name_is: "a good",
        example: "Alice wine 2 grain 1",
        // The expansion's tiles show 9 wine, 6 grain and 5 cloth symbols.
        max: 9,
        code: &codes::GOODS_MISMATCH,
        mismatch: "{actual} {name}, the game expects {expected}",
        absent: "this game has no goods",
        absent_help: "`expect goods` counts the goods tokens of Traders & Builders (`expansion traders-and-builders`) that a player took",
    },
];

/// The counted expectation of this kind.
pub fn counted_expectation(kind: &str) -> Option<&'static CountedExpectation> {
    COUNTED_EXPECTATIONS
        .iter()
        .find(|counted| counted.kind == kind)
}

const HEADER: &[Part] = &[Part::Header];
const SETUP: &[Part] = &[Part::Setup];
const TURN: &[Part] = &[Part::Turn];

/// Every statement of the game language, the moves of a turn first (they are the most
/// frequent), in the order the language server lists them.
pub const STATEMENTS: &[StatementSpec] = &[
    StatementSpec {
        keyword: "turn",
        parts: &[Part::Setup, Part::Turn],
        args: &[PLAYER],
        summary: "the next player's turn",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "draw",
        parts: TURN,
        args: &[TILE],
        summary: "the land tile drawn",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "place",
        parts: TURN,
        args: &[Word("at"), POSITION, OPTIONAL_ROTATION],
        summary: "the tile in hand is placed",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "deploy",
        parts: TURN,
        args: &[
            FIGURE,
            Optional(&[Word("at"), POSITION]),
            Word("on"),
            FEATURE,
        ],
        summary: "one figure on the tile just placed; `at <x>,<y>` names another tile, where the ruleset allows a deployment there",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "return",
        parts: TURN,
        args: MoveWords::Standing.args(),
        summary: "a figure of the player's goes back to the supply: the shaman's (2020 Hunters and Gatherers), the abbot's early return instead of a deployment (Carcassonne)",
        ruleset_move: Some(RulesetMove {
            words: MoveWords::Standing,
            not_due: NotDue {
                code: &codes::RETURN_NOT_ALLOWED,
                message: "a figure taken back where the game allows none",
                label: "no figure step takes a figure back here",
                help: "`return` follows the `place` of a tile whose figure step allows it",
            },
            absent: Some(&codes::NO_FIGURE_TO_RETURN),
        }),
    },
    StatementSpec {
        keyword: "pass",
        parts: TURN,
        args: &[],
        summary: "no figure",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "discard",
        parts: TURN,
        args: &[],
        summary: "the drawn tile fits nowhere",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "bonus",
        parts: TURN,
        args: &[TILE],
        summary: "a bonus tile drawn (Hunters and Gatherers)",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "under",
        parts: TURN,
        args: &[Arg::Forms(&[
            Form {
                word: Some("?"),
                args: &[],
                summary: "the transcript does not say which",
            },
            Form {
                word: None,
                args: &[TILE],
                summary: "the tile put under",
            },
        ])],
        summary: "the tile put under the hill tile just drawn (Hills & Sheep)",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "flock",
        parts: &[Part::Setup, Part::Turn],
        args: MoveWords::Token.args(),
        summary: "the token drawn for the shepherd (Hills & Sheep); in a setup, a token of the last shepherd's flock",
        ruleset_move: Some(RulesetMove {
            words: MoveWords::Token,
            not_due: NotDue {
                code: &codes::FLOCK_STEP,
                message: "a flock token with no shepherd just deployed",
                label: "no shepherd was deployed right before",
                help: "`flock <token>` follows the deployment of a shepherd",
            },
            absent: None,
        }),
    },
    StatementSpec {
        keyword: "grow",
        parts: TURN,
        args: MoveWords::Token.args(),
        summary: "grow the flock: the token drawn (Hills & Sheep)",
        ruleset_move: Some(RulesetMove {
            words: MoveWords::Token,
            not_due: NotDue {
                code: &codes::FLOCK_STEP,
                message: "`grow` with no flock to decide on",
                label: "the tile extended no field with the player's shepherd",
                help: "grow or stable only after a tile extends your shepherd's field",
            },
            absent: None,
        }),
    },
    StatementSpec {
        keyword: "stable",
        parts: TURN,
        args: MoveWords::Nothing.args(),
        summary: "guide the flock to the stable (Hills & Sheep)",
        ruleset_move: Some(RulesetMove {
            words: MoveWords::Nothing,
            not_due: NotDue {
                code: &codes::FLOCK_STEP,
                message: "`stable` with no flock to decide on",
                label: "the tile extended no field with the player's shepherd",
                help: "grow or stable only after a tile extends your shepherd's field",
            },
            absent: None,
        }),
    },
    StatementSpec {
        keyword: "abbey",
        parts: TURN,
        args: MoveWords::Placement.args(),
        summary: "the turn's player puts their abbey into a hole instead of drawing (Abbey & Mayor)",
        ruleset_move: Some(RulesetMove {
            words: MoveWords::Placement,
            not_due: NotDue {
                code: &codes::MOVE_OUT_OF_ORDER,
                message: "an abbey put down where no turn begins with it",
                label: "the player cannot put an abbey down here",
                help: "`abbey at <x>,<y>` begins a turn, instead of `draw`, for a player who still holds their abbey",
            },
            absent: None,
        }),
    },
    StatementSpec {
        keyword: "keep-abbey",
        parts: TURN,
        args: MoveWords::Nothing.args(),
        summary: "the turn's player, who could put their abbey down, draws instead (Abbey & Mayor)",
        ruleset_move: Some(RulesetMove {
            words: MoveWords::Nothing,
            not_due: NotDue {
                code: &codes::MOVE_OUT_OF_ORDER,
                message: "`keep-abbey` where no abbey could be put down",
                label: "the player cannot put an abbey down here",
                help: "`keep-abbey` begins a turn whose player holds their abbey and has a hole to put it in",
            },
            absent: None,
        }),
    },
    StatementSpec {
        keyword: "wagon",
        parts: TURN,
        args: MoveWords::Place.args(),
        summary: "a wagon just scored moves on to a feature, its owner deciding (Abbey & Mayor)",
        ruleset_move: Some(RulesetMove {
            words: MoveWords::Place,
            not_due: NotDue {
                code: &codes::MOVE_OUT_OF_ORDER,
                message: "a wagon move with no wagon just scored",
                label: "no wagon waits to move",
                help: "`wagon at <x>,<y> on <feature>` follows the scoring of a feature that held the wagon",
            },
            absent: Some(&codes::NO_SUCH_FEATURE),
        }),
    },
    StatementSpec {
        keyword: "wagon-home",
        parts: TURN,
        args: MoveWords::Nothing.args(),
        summary: "the wagon just scored stays in its owner's supply (Abbey & Mayor)",
        ruleset_move: Some(RulesetMove {
            words: MoveWords::Nothing,
            not_due: NotDue {
                code: &codes::MOVE_OUT_OF_ORDER,
                message: "`wagon-home` with no wagon just scored",
                label: "no wagon waits to move",
                help: "`wagon-home` follows the scoring of a feature that held the wagon",
            },
            absent: None,
        }),
    },
    StatementSpec {
        keyword: "barn",
        parts: TURN,
        args: MoveWords::Position.args(),
        summary: "the barn, instead of a follower, on the corner north-west of the position (Abbey & Mayor)",
        ruleset_move: Some(RulesetMove {
            words: MoveWords::Position,
            not_due: NotDue {
                code: &codes::MOVE_OUT_OF_ORDER,
                message: "a barn put where no figure step is open",
                label: "the barn goes on the tile just placed",
                help: "`barn at <x>,<y>` follows the `place` of a tile, instead of `deploy` or `pass`",
            },
            absent: None,
        }),
    },
    StatementSpec {
        keyword: "expect",
        parts: &[Part::Setup, Part::Turn],
        args: &[Arg::Forms(EXPECTATIONS)],
        summary: "an expectation the game states",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "end",
        parts: TURN,
        args: &[],
        summary: "the game ends: final scoring",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "stop",
        parts: TURN,
        args: &[],
        summary: "the example ends, no final scoring",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "lay",
        parts: SETUP,
        args: &[TILE, Word("at"), POSITION, OPTIONAL_ROTATION],
        summary: "setup: a tile laid from the stack",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "put",
        parts: SETUP,
        args: &[PLAYER, FIGURE, Word("at"), POSITION, Word("on"), FEATURE],
        summary: "setup: a figure from the player's supply on a laid tile",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "tile",
        parts: &[Part::Header, Part::Setup],
        args: &[TILE, Optional(&[Slot(Role::Multiplier, "xN")]), Word("{")],
        summary: "a tile defined in this file, in the tile language, up to its `}`",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "game",
        parts: HEADER,
        args: &[Slot(Role::Other, "\"<title>\"")],
        summary: "a title",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "excerpt",
        parts: HEADER,
        args: &[],
        summary: "the file shows part of a game, not a recorded game",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "ruleset",
        parts: HEADER,
        args: &[Slot(Role::Ruleset, "<ruleset>")],
        summary: "the rules the game is played by",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "expansion",
        parts: HEADER,
        args: &[Slot(Role::Expansion, "<expansion>")],
        summary: "an expansion of the ruleset",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "variant",
        parts: HEADER,
        args: &[
            Slot(Role::Variant, "<name>"),
            Slot(Role::VariantValue, "<value>"),
        ],
        summary: "a rule variant",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "tiles",
        parts: HEADER,
        args: &[Repeat(&[
            Slot(Role::TileSet, "<set>"),
            Optional(&[Slot(Role::Multiplier, "xN")]),
        ])],
        summary: "the tile sets: a shipped name or a path",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "start",
        parts: HEADER,
        args: &[TILE],
        summary: "the start tile, when the sets have several",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "supply",
        parts: HEADER,
        args: &[Repeat(&[POOL, COUNT])],
        summary: "each player's supply where it is not the ruleset's",
        ruleset_move: None,
    },
    StatementSpec {
        keyword: "players",
        parts: HEADER,
        args: &[Repeat(&[Slot(Role::PlayerDeclaration, "<name>")])],
        summary: "the players, in turn order",
        ruleset_move: None,
    },
];

/// The statement with this keyword.
pub fn statement(keyword: &str) -> Option<&'static StatementSpec> {
    STATEMENTS.iter().find(|s| s.keyword == keyword)
}

/// Every statement by the part of a file it stands in, and every expectation, in words (G001's
/// explanation appends it, so a statement added to the table is listed there too).
pub fn listed() -> String {
    let quoted = |words: Vec<&str>| -> String {
        let words: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
        words.join(", ")
    };
    let standing = |part: Part, left_out: &[&str]| {
        quoted(
            STATEMENTS
                .iter()
                .filter(|s| s.stands_in(part) && !left_out.contains(&s.keyword))
                .map(|s| s.keyword)
                .collect(),
        )
    };
    format!(
        "- the header: {}; local tiles (`tile … {{ … }}`, in the tile language);\n\
         - the setup: {};\n\
         - the turns: {};\n\
         - the expectations, `expect` and one of {}.",
        standing(Part::Header, &["tile"]),
        standing(Part::Setup, &["tile", "expect"]),
        standing(Part::Turn, &["expect"]),
        quoted(EXPECTATIONS.iter().filter_map(|e| e.word).collect()),
    )
}

/// The statement with this keyword, if it writes a ruleset's own move.
pub fn ruleset_move(keyword: &str) -> Option<(&'static str, RulesetMove)> {
    let spec = statement(keyword)?;
    Some((spec.keyword, spec.ruleset_move?))
}

/// The expectation of this kind (`expect <kind> …`).
pub fn expectation(kind: &str) -> Option<&'static Form> {
    EXPECTATIONS.iter().find(|e| e.word == Some(kind))
}

/// The kinds of expectation, quoted and joined for a message: "`score`, `total` … or
/// `unsupported`".
pub fn expectation_kinds() -> String {
    let kinds: Vec<String> = EXPECTATIONS
        .iter()
        .filter_map(|e| e.word)
        .map(|w| format!("`{w}`"))
        .collect();
    match kinds.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => kinds.join(""),
    }
}

/// The role of each word of a statement (after its keyword), as the table describes it; the
/// words past what the statement takes are [`Role::Other`].
pub fn roles(keyword: &str, words: &[&str]) -> Vec<Role> {
    let mut roles = Vec::with_capacity(words.len());
    if let Some(spec) = statement(keyword) {
        walk(spec.args, words, &mut roles);
    }
    roles.resize(words.len(), Role::Other);
    roles
}

/// The role of word `index` (0 is the first word after the keyword) of a statement, also
/// for a word being typed past the last one written (`index == words.len()`).
pub fn role_of(keyword: &str, words: &[&str], index: usize) -> Role {
    let mut typed = words.to_vec();
    if typed.len() <= index {
        // The words written, and an empty stand-in up to the one being typed.
        typed.resize(index + 1, "");
    }
    roles(keyword, &typed)[index]
}

/// The words that may be written at word `index` of a statement where the table wants a
/// fixed word there (`at`, `on`, an expectation's kind), whatever is written there now.
pub fn fixed_words(keyword: &str, words: &[&str], index: usize) -> Vec<&'static str> {
    let Some(spec) = statement(keyword) else {
        return Vec::new();
    };
    // The words before `index` decide the form; the word at `index` is the one being written,
    // whatever it holds yet (an empty stand-in, never looked at).
    let mut before: Vec<&str> = words.iter().take(index).copied().collect();
    before.push("");
    let mut found = Vec::new();
    fixed_at(spec.args, &before, &mut 0, index, &mut found);
    found
}

/// Walks `args` over `words` from `*at`, recording each word's role.
fn walk(args: &[Arg], words: &[&str], roles: &mut Vec<Role>) {
    for arg in args {
        if roles.len() >= words.len() {
            return;
        }
        match arg {
            Arg::Word(_) => roles.push(Role::Fixed),
            Arg::Slot(role, _) => roles.push(*role),
            Arg::Optional(inner) => {
                if takes(inner, words[roles.len()]) {
                    walk(inner, words, roles);
                }
            }
            Arg::Repeat(inner) => {
                while roles.len() < words.len() {
                    let before = roles.len();
                    walk(inner, words, roles);
                    if roles.len() == before {
                        break;
                    }
                }
            }
            Arg::Counts(role, _) => {
                let mut first = true;
                while roles.len() < words.len() && (first || counted_at(words, roles.len())) {
                    roles.push(*role);
                    if roles.len() < words.len() {
                        roles.push(Role::Other);
                    }
                    first = false;
                }
            }
            Arg::Forms(forms) => match pick(forms, words[roles.len()]) {
                Some(form) => {
                    if form.word.is_some() {
                        roles.push(Role::Fixed);
                    }
                    walk(form.args, words, roles);
                }
                // An unknown form's word is where its picking word should be.
                None => {
                    roles.push(Role::Fixed);
                    return;
                }
            },
        }
    }
}

/// Finds the fixed words the table allows at word `target`, walking as [`walk`] does.
fn fixed_at(
    args: &[Arg],
    words: &[&str],
    at: &mut usize,
    target: usize,
    found: &mut Vec<&'static str>,
) {
    for arg in args {
        if *at > target || *at >= words.len() {
            return;
        }
        match arg {
            Arg::Word(word) => {
                if *at == target {
                    found.push(word);
                }
                *at += 1;
            }
            Arg::Slot(..) => *at += 1,
            Arg::Counts(..) => {
                let mut first = true;
                while *at <= target && *at < words.len() && (first || counted_at(words, *at)) {
                    *at += 2;
                    first = false;
                }
            }
            Arg::Optional(inner) => {
                if *at == target {
                    if let Some(Arg::Word(word)) = inner.first() {
                        found.push(word);
                    }
                } else if takes(inner, words[*at]) {
                    fixed_at(inner, words, at, target, found);
                }
            }
            Arg::Repeat(inner) => {
                while *at <= target && *at < words.len() {
                    let before = *at;
                    fixed_at(inner, words, at, target, found);
                    if *at == before {
                        break;
                    }
                }
            }
            Arg::Forms(forms) => {
                if *at == target {
                    found.extend(forms.iter().filter_map(|f| f.word));
                    *at += 1;
                    return;
                }
                let Some(form) = pick(forms, words[*at]) else {
                    return;
                };
                if form.word.is_some() {
                    *at += 1;
                }
                fixed_at(form.args, words, at, target, found);
            }
        }
    }
}

/// The form `word` picks.
fn pick<'f>(forms: &'f [Form], word: &str) -> Option<&'f Form> {
    forms
        .iter()
        .find(|f| f.word == Some(word))
        .or_else(|| forms.iter().find(|f| f.word.is_none()))
}

/// Whether an optional group is written: its first word has its form. A word still being
/// typed (empty) is taken for an optional rotation or word, which completion offers, but not for
/// a multiplier, where the next tile set is likelier.
fn takes(inner: &[Arg], word: &str) -> bool {
    if word.is_empty() {
        return !matches!(inner.first(), Some(Arg::Slot(Role::Multiplier, _)) | None);
    }
    match inner.first() {
        Some(Arg::Word(w)) => *w == word,
        Some(Arg::Slot(Role::Rotation, _)) => {
            word.starts_with('r') && word[1..].bytes().all(|b| b.is_ascii_digit())
        }
        Some(Arg::Slot(Role::Multiplier, _)) => is_multiplier(word),
        Some(_) => true,
        None => false,
    }
}

/// Whether the word at `at` is followed by a count, so that it is a name of a `Counts` pair
/// rather than the first word of what follows the pairs. A word still being typed (the empty
/// word, or the last one) continues the pairs, which completion offers.
fn counted_at(words: &[&str], at: usize) -> bool {
    match words.get(at + 1) {
        Some(next) => next.bytes().all(|b| b.is_ascii_digit()),
        None => true,
    }
}

/// `x2`, `x10`: a tile set's multiplier (`x0` and `x1` included; lowering checks the range).
pub fn is_multiplier(word: &str) -> bool {
    word.strip_prefix('x')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roles_of(line: &str) -> Vec<Role> {
        let mut words = line.split_whitespace();
        let keyword = words.next().unwrap();
        let words: Vec<&str> = words.collect();
        roles(keyword, &words)
    }

    /// A ruleset's move is read by the words it declares (`MoveWords`), and written and
    /// completed by its `args`: the two say the same.
    #[test]
    fn a_ruleset_moves_words_are_its_arguments() {
        let moves: Vec<&StatementSpec> = STATEMENTS
            .iter()
            .filter(|spec| spec.ruleset_move.is_some())
            .collect();
        assert!(moves.len() >= 4, "flock, grow, stable, return");
        for spec in moves {
            let ruleset_move = spec.ruleset_move.unwrap();
            let words = ruleset_move.words;
            assert_eq!(
                ruleset_move.absent.is_some(),
                words.name_a_figure() || words == MoveWords::Place,
                "`{}` declares a finding for an absent figure or tile exactly when its words name one",
                spec.keyword
            );
            // The replay resolves such words for the player who moves in a turn.
            assert!(
                ruleset_move.absent.is_none() || !spec.stands_in(Part::Setup),
                "`{}` names a figure or a tile in a setup",
                spec.keyword
            );
            let mut expected = spec.keyword.to_string();
            write_args(words.args(), &mut expected);
            assert_eq!(spec.usage(), expected, "the words of `{}`", spec.keyword);
            assert!(spec.stands_in(Part::Turn), "`{}` is a move", spec.keyword);
        }
    }

    /// Each kind of words reads as its documentation says.
    #[test]
    fn each_kind_of_move_words_is_written_as_documented() {
        let usage = |words: MoveWords| {
            let mut out = String::new();
            write_args(words.args(), &mut out);
            out.trim().to_string()
        };
        assert_eq!(usage(MoveWords::Nothing), "");
        assert_eq!(usage(MoveWords::Token), "<token>");
        assert_eq!(
            usage(MoveWords::Standing),
            "<figure> at <x>,<y> on <feature>"
        );
        assert_eq!(
            usage(MoveWords::Owned),
            "<player> <figure> at <x>,<y> on <feature>"
        );
        assert_eq!(usage(MoveWords::Held), "<figure> from <player>");
        assert_eq!(usage(MoveWords::Position), "at <x>,<y>");
        assert_eq!(usage(MoveWords::Placement), "at <x>,<y> [rN]");
        assert_eq!(usage(MoveWords::Place), "at <x>,<y> on <feature>");
        assert_eq!(usage(MoveWords::Supplied), "<figure> at <x>,<y>");
    }

    #[test]
    fn keywords_and_expectation_kinds_are_unique() {
        for (i, s) in STATEMENTS.iter().enumerate() {
            assert!(
                STATEMENTS[..i].iter().all(|t| t.keyword != s.keyword),
                "{} twice",
                s.keyword
            );
            assert!(!s.parts.is_empty(), "{} stands nowhere", s.keyword);
        }
        for (i, e) in EXPECTATIONS.iter().enumerate() {
            assert!(e.word.is_some());
            assert!(EXPECTATIONS[..i].iter().all(|f| f.word != e.word));
        }
    }

    #[test]
    fn each_word_gets_the_role_of_its_place() {
        use Role::*;
        assert_eq!(
            roles_of("put red hunter at 1,0 on N"),
            [Player, Figure, Fixed, Position, Fixed, Target]
        );
        assert_eq!(roles_of("place at 1,0 r90"), [Fixed, Position, Rotation]);
        assert_eq!(roles_of("place at 1,0"), [Fixed, Position]);
        assert_eq!(
            roles_of("lay T at 1,0 r90 extra"),
            [TileId, Fixed, Position, Rotation, Other]
        );
        assert_eq!(
            roles_of("lay T at 1,0 extra"),
            [TileId, Fixed, Position, Other]
        );
        assert_eq!(roles_of("under ?"), [Fixed]);
        assert_eq!(roles_of("under T"), [TileId]);
        assert_eq!(
            roles_of("tiles a x2 b c x3"),
            [TileSet, Multiplier, TileSet, TileSet, Multiplier]
        );
        assert_eq!(
            roles_of("expect score red 3 blue 0"),
            [Fixed, Player, Other, Player, Other]
        );
        assert_eq!(roles_of("expect winner red blue"), [Fixed, Player, Player]);
        assert_eq!(roles_of("expect violation V104"), [Fixed, Code]);
        assert_eq!(
            roles_of("expect placements T at 1,0 r0 2,0 r90"),
            [Fixed, TileId, Fixed, Position, Rotation, Position, Rotation]
        );
        assert_eq!(roles_of("expect placements T none"), [Fixed, TileId, Fixed]);
        assert_eq!(
            roles_of("expect stands red hunter at 1,0 on N"),
            [Fixed, Player, Figure, Fixed, Position, Fixed, Target]
        );
        assert_eq!(roles_of("expect nonsense red"), [Fixed, Other]);
        assert_eq!(roles_of("frobnicate a b"), [Other, Other]);
        assert_eq!(roles_of("players a b c"), [PlayerDeclaration; 3]);
        assert_eq!(
            roles_of("supply followers 5 shepherds 0"),
            [Pool, Other, Pool, Other]
        );
        assert_eq!(
            roles_of("expect supply red huts 1"),
            [Fixed, Player, Pool, Other]
        );
        // A word after a count that no count follows is the next player's name.
        assert_eq!(
            roles_of("expect supply red huts 1 tribe-members 4 blue huts 2"),
            [Fixed, Player, Pool, Other, Pool, Other, Player, Pool, Other]
        );
        assert_eq!(
            roles_of("variant player-count jcloisterzone"),
            [Variant, VariantValue]
        );
    }

    /// Completion asks for the role of the word being typed, past the words written.
    #[test]
    fn the_word_being_typed_has_the_role_of_its_place() {
        use Role::*;
        assert_eq!(role_of("place", &["at", "1,0"], 2), Rotation);
        assert_eq!(role_of("place", &[], 0), Fixed);
        assert_eq!(role_of("tiles", &["a"], 1), TileSet);
        assert_eq!(role_of("tiles", &["a", "x2"], 2), TileSet);
        assert_eq!(role_of("under", &[], 0), TileId);
        assert_eq!(role_of("expect", &[], 0), Fixed);
        assert_eq!(role_of("expect", &["score"], 1), Player);
        assert_eq!(role_of("expect", &["score", "red"], 2), Other);
        assert_eq!(role_of("deploy", &["hunter", "on"], 2), Target);
        assert_eq!(role_of("turn", &[], 3), Other);
    }

    #[test]
    fn fixed_places_offer_their_words() {
        assert_eq!(fixed_words("place", &[], 0), ["at"]);
        assert_eq!(fixed_words("put", &["red", "hunter"], 2), ["at"]);
        assert_eq!(
            fixed_words("put", &["red", "hunter", "at", "1,0"], 4),
            ["on"]
        );
        // `at <x>,<y>` names another tile, where the ruleset allows it.
        assert_eq!(fixed_words("deploy", &["hunter"], 1), ["at", "on"]);
        assert_eq!(fixed_words("deploy", &["hunter", "at", "1,0"], 3), ["on"]);
        let kinds = fixed_words("expect", &[], 0);
        assert_eq!(kinds.len(), EXPECTATIONS.len());
        assert!(kinds.contains(&"winner") && kinds.contains(&"supply"));
        assert_eq!(
            fixed_words("expect", &["placements", "T"], 2),
            ["at", "none"]
        );
        assert_eq!(fixed_words("expect", &["bonus"], 1), ["earned", "none"]);
        assert_eq!(fixed_words("under", &[], 0), ["?"]);
        assert!(fixed_words("place", &["at"], 1).is_empty());
        assert!(fixed_words("nonsense", &[], 0).is_empty());
    }

    #[test]
    fn usage_reads_as_the_docs_write_it() {
        assert_eq!(statement("place").unwrap().usage(), "place at <x>,<y> [rN]");
        assert_eq!(
            statement("return").unwrap().usage(),
            "return <figure> at <x>,<y> on <feature>"
        );
        assert_eq!(statement("tiles").unwrap().usage(), "tiles (<set> [xN])…");
        assert_eq!(
            expectation("score").unwrap().usage(),
            "score (<player> <points>)…"
        );
        assert_eq!(
            expectation("placements").unwrap().usage(),
            "placements <tile> at (<x>,<y> <rN>)… | none"
        );
        assert_eq!(statement("under").unwrap().usage(), "under ? | <tile>");
        assert!(expectation_kinds().starts_with("`score`, `total`"));
        assert!(expectation_kinds().ends_with(" or `unsupported`"));
    }

    /// A counted expectation's two rows agree: each kind has its form of `expect`, which
    /// names the player first exactly when the kind is counted for each player.
    #[test]
    fn a_counted_expectation_has_its_form_naming_the_player_when_counted_for_each() {
        for counted in COUNTED_EXPECTATIONS {
            let form = EXPECTATIONS
                .iter()
                .find(|form| form.word == Some(counted.kind))
                .unwrap_or_else(|| panic!("`expect {}` has no form", counted.kind));
            let names_player = matches!(form.args.first(), Some(Arg::Slot(Role::Player, _)));
            assert_eq!(names_player, counted.of_each_player, "{}", counted.kind);
        }
    }
}

/// The table against the texts that describe the language to its users.
#[cfg(test)]
mod documented {
    use super::*;

    /// The VS Code extension's grammar colours every statement and every kind of expectation
    /// (a local tile's `tile` line is the tile grammar's).
    #[test]
    fn the_editor_grammar_colours_every_statement() {
        let grammar =
            include_str!("../../../editors/vscode/syntaxes/carcspec-game.tmLanguage.json");
        let grammar: serde_json::Value =
            serde_json::from_str(grammar).expect("the grammar is JSON");
        let patterns: Vec<&str> = grammar["repository"]
            .as_object()
            .into_iter()
            .flat_map(|rules| rules.values())
            .flat_map(|rule| {
                rule["patterns"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .chain([rule])
            })
            .filter_map(|rule| rule["match"].as_str())
            .collect();
        let alternatives = |pattern: &str| -> Vec<String> {
            pattern
                .split(['(', ')', '|'])
                .map(|w| {
                    w.trim_end_matches("\\b")
                        .trim_start_matches("?:")
                        .to_string()
                })
                .collect()
        };
        let keywords: Vec<String> = patterns
            .iter()
            .filter(|p| p.starts_with("(?:^|;)"))
            .flat_map(|p| alternatives(p))
            .collect();
        for spec in STATEMENTS.iter().filter(|s| s.keyword != "tile") {
            assert!(
                keywords.contains(&spec.keyword.to_string()),
                "{} in the grammar",
                spec.keyword
            );
        }
        let expect = patterns
            .iter()
            .find(|p| p.contains("(expect)"))
            .expect("an expect rule");
        let kinds = alternatives(expect);
        for kind in EXPECTATIONS.iter().filter_map(|e| e.word) {
            assert!(
                kinds.contains(&kind.to_string()),
                "expect {kind} in the grammar"
            );
        }
    }

    /// docs/game-language.md shows every statement and expectation.
    #[test]
    fn the_language_reference_shows_every_statement() {
        let docs = include_str!("../../../docs/game-language.md");
        for spec in STATEMENTS {
            let shown = docs.contains(&format!("`{} ", spec.keyword))
                || docs.contains(&format!("`{}`", spec.keyword))
                || docs.contains(&format!("\n{} ", spec.keyword));
            assert!(shown, "{} in docs/game-language.md", spec.keyword);
        }
        for kind in EXPECTATIONS.iter().filter_map(|e| e.word) {
            assert!(
                docs.contains(&format!("`expect {kind}")),
                "expect {kind} in docs/game-language.md"
            );
        }
    }
}
