//! A game as written: its setup and every move, with the places in the text they come from.

use crate::diagnostic::Span;
use crate::model::{Anchor, Pos, Rotation, Ruleset, Tile};

/// The largest multiplier of a tile set in a game (`tiles carcassonne-base x100`) and in
/// `carcspec simulate` (`--tiles carcassonne-base:x100`): one limit, so that every simulated
/// game can be written and checked as a game file.
pub const MAX_MULTIPLIER: u32 = 100;

/// The most tiles one game may play with: its tile sets times their multipliers, and its own
/// tiles. A stack and a board stay bounded by it whatever the counts say.
pub const MAX_TILES_PER_GAME: u64 = 50_000;

#[derive(Debug, Clone)]
pub struct Script {
    pub title: Option<String>,
    /// The file shows part of a game (a rulebook example), not a recorded game: it may `end`
    /// with tiles left in the stack.
    pub excerpt: bool,
    pub ruleset: Ruleset,
    pub expansions: Vec<String>,
    /// Where each of `expansions` is declared, in the same order; shorter than `expansions`
    /// where an expansion is implied (a saved game's figures) or chosen outside a text.
    pub expansion_spans: Vec<Span>,
    /// Rule variants chosen by the game: (name, value, where).
    pub variants: Vec<(String, String, Span)>,
    /// Tile sets by shipped name or path, as written, each with its multiplier (`x2`: every
    /// count doubled) and where.
    pub tile_sets: Vec<(String, u32, Span)>,
    /// The tile chosen to start the game (`start <tile-id>`), and where: needed when the
    /// combined sets have several start tiles.
    pub start: Option<(String, Span)>,
    /// Tiles defined in the game file.
    pub local_tiles: Vec<Tile>,
    pub players: Vec<String>,
    /// Each player's supply at the start, where the game changes the ruleset's: (pool word —
    /// `followers`, `shepherds`, `tribe-members`, `huts` — and count).
    pub supply: Vec<(String, u32)>,
    pub steps: Vec<Step>,
}

impl Script {
    /// The variants the game chose, as `(name, value)`: what the rules are built with.
    pub fn chosen_variants(&self) -> Vec<(String, String)> {
        self.variants
            .iter()
            .map(|(name, value, _)| (name.clone(), value.clone()))
            .collect()
    }

    /// A game of `ruleset` with nothing in it yet: no title, players, tile sets or steps.
    pub fn empty(ruleset: Ruleset) -> Script {
        Script {
            title: None,
            excerpt: false,
            ruleset,
            expansions: Vec::new(),
            expansion_spans: Vec::new(),
            variants: Vec::new(),
            tile_sets: Vec::new(),
            start: None,
            local_tiles: Vec::new(),
            players: Vec::new(),
            supply: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// The byte where each turn begins, in order: where the state after `n` turns is read
    /// (several turns may share a line, `turn red; …; turn blue; …`).
    pub fn turn_starts(&self) -> Vec<usize> {
        self.steps
            .iter()
            .filter(|s| matches!(s.action, Action::Turn { .. }))
            .map(|s| s.span.start)
            .collect()
    }

    /// Where the expansion `name` is declared (an unknown span where it is implied).
    pub fn expansion_span(&self, name: &str) -> Span {
        self.expansions
            .iter()
            .position(|e| e == name)
            .and_then(|i| self.expansion_spans.get(i).copied())
            .unwrap_or_default()
    }
}

/// A name in a move: a tile id (`BA/CFC.2`) or a figure (`farmer`). A name of up to 24 bytes —
/// every shipped tile id and figure — is kept inline, so that reading, generating, copying and
/// dropping a move allocates nothing; a longer one (a game's own tiles may have long ids) is
/// kept on the heap. Reads as a `&str` without checking its bytes again: the replay looks up the
/// tile of every `draw` by it.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Name(compact_str::CompactString);

impl Name {
    pub fn new(name: &str) -> Name {
        Name(compact_str::CompactString::new(name))
    }

    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Name {
    fn from(name: &str) -> Name {
        Name::new(name)
    }
}

impl From<String> for Name {
    fn from(name: String) -> Name {
        Name::new(&name)
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl std::fmt::Debug for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone)]
pub struct Step {
    pub action: Action,
    pub span: Span,
}

/// A feature of a tile, named in a deployment: by an anchor in board orientation (after the
/// tile's rotation) or by the label the tile gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeatureRef {
    Anchor(Anchor),
    /// Several anchors joined by `+` (`ER+SL+SR+WL`): the feature that claims all of them, as
    /// JCloisterZone names locations.
    Anchors(Vec<Anchor>),
    Label(String),
}

impl std::fmt::Display for FeatureRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FeatureRef::Anchor(anchor) => write!(f, "{anchor}"),
            FeatureRef::Anchors(anchors) => {
                let names: Vec<String> = anchors.iter().map(ToString::to_string).collect();
                f.write_str(&names.join("+"))
            }
            FeatureRef::Label(label) => f.write_str(label),
        }
    }
}

#[derive(Debug, Clone)]
pub enum Action {
    /// Setup: a tile laid directly, without a turn.
    Lay {
        tile: Name,
        pos: Pos,
        rotation: Rotation,
    },
    /// Setup: a figure put directly on a laid tile.
    Put {
        player: usize,
        figure: Name,
        pos: Pos,
        target: FeatureRef,
    },
    Turn {
        player: usize,
    },
    Draw {
        tile: Name,
    },
    /// The drawn tile fits nowhere and is removed from the game.
    Discard,
    Place {
        pos: Pos,
        rotation: Rotation,
    },
    Deploy {
        figure: Name,
        target: FeatureRef,
        /// The position of the tile the figure goes on, where the text names one: a tile
        /// other than the one just placed, where the ruleset allows it (the magic portal).
        at: Option<Pos>,
    },
    Pass,
    /// A bonus tile drawn (Hunters and Gatherers).
    Bonus {
        tile: Name,
    },
    /// The tile put face down under the hill tile just drawn (Hills & Sheep); `None` when the
    /// transcript does not say which (`under ?`, as in JCloisterZone's saved games).
    Under {
        tile: Option<Name>,
    },
    /// A move of a ruleset's own (`flock sheep2`, `grow wolf`, `stable`, `return abbot at 0,0
    /// on I`): the keyword of its statement, which declares how its words are read
    /// (`crates/syntax/src/statements.rs`: `RulesetMove`), and what they name.
    RulesetMove {
        keyword: &'static str,
        arg: MoveWordsRead,
    },
    Expect(Expectation),
    /// The game ends here: final scoring.
    End,
    /// The example ends here, without final scoring.
    Stop,
}

/// What the words of a ruleset's move name, as the text writes them (the checker resolves
/// them on the board: a figure's place to the figure).
#[derive(Debug, Clone, PartialEq)]
pub enum MoveWordsRead {
    Nothing,
    Token(TokenDraw),
    /// A figure of the player who moves, named as where it stands.
    Standing {
        figure: Name,
        pos: Pos,
        target: FeatureRef,
    },
    /// A figure of the named player, named as where it stands.
    Owned {
        player: usize,
        figure: Name,
        pos: Pos,
        target: FeatureRef,
    },
    /// A figure of the player who moves, held by the named player.
    Held {
        figure: Name,
        holder: usize,
    },
    /// A position on the board.
    Position(Pos),
    /// A tile's position and rotation (`r0` where the text writes none).
    Placement(Pos, Rotation),
    /// A feature of the tile at a position.
    Place {
        pos: Pos,
        target: FeatureRef,
    },
    /// A figure from the supply of the player who moves, onto the tile at a position.
    Supplied {
        figure: Name,
        pos: Pos,
    },
}

/// The most figures of one kind a player may start with (`supply`).
pub const MAX_SUPPLY: u32 = 99;

/// A sheep or wolf token drawn from the bag.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TokenDraw {
    /// The token itself: 0 is the wolf, 1–4 sheep.
    Token(u32),
    /// The random number in [0, 1) that JCloisterZone recorded: the token is
    /// `bag[floor(random × len)]`, the bag in JCloisterZone's order.
    Random(f64),
}

/// How the game language writes each token, by value: `wolf` for 0, `sheep1` … `sheep4`.
pub const TOKEN_WORDS: [&str; 5] = ["wolf", "sheep1", "sheep2", "sheep3", "sheep4"];

/// How the game language writes a token ([`TOKEN_WORDS`]).
pub fn token_word(token: u32) -> String {
    match TOKEN_WORDS.get(token as usize) {
        Some(word) => (*word).into(),
        None => format!("sheep{token}"),
    }
}

/// The token a word of the game language names ([`token_word`] read back).
pub fn token_of_word(word: &str) -> Option<u32> {
    match word {
        "wolf" => Some(0),
        "sheep1" => Some(1),
        "sheep2" => Some(2),
        "sheep3" => Some(3),
        "sheep4" => Some(4),
        _ => None,
    }
}

#[derive(Debug, Clone)]
pub enum Expectation {
    /// Points each named player scored in the current turn.
    Score(Vec<(usize, i64)>),
    /// Running totals.
    Total(Vec<(usize, i64)>),
    /// Scores after final scoring.
    Final(Vec<(usize, i64)>),
    /// The players with the most points after final scoring, all of them: “tied players share
    /// the victory” (2020 rules digest §8).
    Winner(Vec<usize>),
    /// The move just before breaks this rule (a code or name).
    Violation(String),
    /// The exact set of legal placements of a tile at this point.
    Placements {
        tile: String,
        placements: Vec<(Pos, Rotation)>,
    },
    /// Some scoring of the game (so far) gave the player exactly these points for a feature of
    /// this kind (`flock` for a flock to the stable).
    Scored {
        player: usize,
        feature: String,
        points: i64,
    },
    /// Each named supply (`followers`, `shepherds`, `tribe-members`, `huts`) of each player
    /// named holds exactly this many figures: the players in the order written, each with the
    /// pools named for them.
    Supply(Vec<(usize, Vec<(String, u32)>)>),
    /// A figure of the player, of this kind, stands on the feature named at the tile at
    /// `pos` — or, with `home`, the figure deployed there is back in the player's supply.
    Figure {
        player: usize,
        figure: String,
        pos: Pos,
        target: FeatureRef,
        home: bool,
    },
    /// A count the ruleset keeps holds exactly this many of each name (`expect bag sheep1 4`,
    /// `expect covered deer 1`), the game's or, for a kind counted for each player, this
    /// player's: the kind is a counted expectation of the statement table
    /// (`crates/syntax/src/statements.rs`), the names are among those it declares.
    Counted {
        kind: &'static str,
        player: Option<usize>,
        counts: Vec<(&'static str, u32)>,
    },
    /// The current turn earned a bonus tile (`true`), or did not.
    Bonus(bool),
    /// An assertion carcspec cannot check (a JCloisterZone user-interface assertion), kept so
    /// that the report lists it instead of dropping it.
    Unsupported(String),
    /// An assertion of JCloisterZone's engine tests, as written (`Phase is TilePhase`,
    /// `Undo is allowed`, `Meeple SmallFollower options: …`), checked against the game as it
    /// stands the way JCloisterZone's test harness checks it (`carcspec::lower::jcz_harness`).
    Harness(String),
}

#[cfg(test)]
mod tests {
    use super::Name;

    #[test]
    fn names_read_back_as_written_inline_or_not() {
        for text in [
            "",
            "A",
            "BA/CFC.2",
            "farmer",
            "\u{e9}t\u{e9}",
            &"x".repeat(24),
            &"y".repeat(25),
        ] {
            let name = Name::new(text);
            assert_eq!(name.as_str(), text);
            assert_eq!(name, *text);
            assert_eq!(name.to_string(), text);
            assert_eq!(format!("{name:?}"), format!("{text:?}"));
        }
        // A multi-byte character across the inline limit goes to the heap whole.
        let long = format!("{}\u{e9}", "x".repeat(23));
        assert_eq!(Name::new(&long).as_str(), long);
        assert_ne!(Name::new("A"), Name::new("B"));
        // No larger than the `String` it replaces, so a kept move does not grow.
        assert_eq!(size_of::<Name>(), size_of::<String>());
        assert_eq!(size_of::<Option<Name>>(), size_of::<Option<String>>());
    }
}

#[cfg(test)]
mod token_words {
    use super::*;

    #[test]
    fn every_token_reads_back_as_written() {
        for token in 0..=4 {
            assert_eq!(token_of_word(&token_word(token)), Some(token));
        }
        assert_eq!(token_of_word("sheep5"), None);
        assert_eq!(token_of_word("Wolf"), None);
    }
}
