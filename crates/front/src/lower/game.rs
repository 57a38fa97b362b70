//! Lowers a parsed game file to a [`Script`]: statement words become typed moves; players,
//! figures, variants and the order of sections are checked. Tile ids are checked by the
//! checker, which knows the game's tile sets.

use crate::codes;
use crate::diagnostic::{Diagnostic, Omitted, Span};
use crate::model::{
    Action, Anchor, Expectation, FeatureRef, MAX_MULTIPLIER, MoveWordsRead, Name, Pos, Rotation,
    Ruleset, Script, Step, Tile, TokenDraw,
};
use crate::rules;
use crate::syntax::game::{GameFile, Parsed, PlainStatement, Statement};
use crate::syntax::statements::{self, MoveWords};
use crate::syntax::tiles::TileDecl;

/// The result of lowering a game file.
pub struct LoweredGame {
    /// The script, when the header names a ruleset and players.
    pub script: Option<Script>,
    pub diagnostics: Vec<Diagnostic>,
    /// Indexes of local tiles that lost a line to an error.
    pub incomplete_tiles: Vec<usize>,
    /// Diagnostics beyond the report's limit, counted.
    pub omitted: Omitted,
}

/// A word of a statement as the lowering reads it: its text and its place.
#[derive(Debug, Clone, Copy)]
pub struct Word<'s> {
    pub value: &'s str,
    pub span: Span,
}

/// What the lowering reads of a statement: its keyword and words with their places. The
/// general parser's [`Statement`] holds its words (a quoted one may be unescaped, owned); the
/// scan of a plain line gives a [`PlainStatement`], the words' places in the text only, so that
/// a move is lowered without a list of its words being built. The moves are lowered from
/// either through [`Args`]; the rare lines read word by word elsewhere (the header, `expect`,
/// the control-character check) get the statement with its word list
/// ([`StatementWords::with_general`]).
pub trait StatementWords {
    fn keyword(&self) -> Word<'_>;
    /// The word at `at` after the keyword (0 is the first).
    fn word(&self, at: usize) -> Option<Word<'_>>;
    fn word_count(&self) -> usize;
    fn span(&self) -> Span;
    /// Every word is bare printable ASCII: no control character to look for.
    fn plain(&self) -> bool;
    /// `read` of the statement with its words in a list.
    fn with_general<R>(&self, read: impl FnOnce(&Statement<'_>) -> R) -> R;
}

impl StatementWords for Statement<'_> {
    fn keyword(&self) -> Word<'_> {
        Word {
            value: &self.keyword.value,
            span: self.keyword.span,
        }
    }

    fn word(&self, at: usize) -> Option<Word<'_>> {
        self.words.get(at).map(|word| Word {
            value: &word.value,
            span: word.span,
        })
    }

    fn word_count(&self) -> usize {
        self.words.len()
    }

    fn span(&self) -> Span {
        self.span
    }

    fn plain(&self) -> bool {
        self.plain
    }

    fn with_general<R>(&self, read: impl FnOnce(&Statement<'_>) -> R) -> R {
        read(self)
    }
}

impl StatementWords for PlainStatement<'_> {
    fn keyword(&self) -> Word<'_> {
        let (value, span) = self.keyword();
        Word { value, span }
    }

    fn word(&self, at: usize) -> Option<Word<'_>> {
        let (value, span) = self.word_at(at + 1)?;
        Some(Word { value, span })
    }

    fn word_count(&self) -> usize {
        PlainStatement::word_count(self)
    }

    fn span(&self) -> Span {
        PlainStatement::span(self)
    }

    fn plain(&self) -> bool {
        true
    }

    fn with_general<R>(&self, read: impl FnOnce(&Statement<'_>) -> R) -> R {
        read(&self.to_statement())
    }
}

pub use crate::model::MAX_SUPPLY;

use crate::model::MAX_COORDINATE;

struct Header {
    title: Option<String>,
    excerpt: bool,
    ruleset: Option<(Ruleset, Span)>,
    expansions: Vec<String>,
    expansion_spans: Vec<Span>,
    variants: Vec<(String, String, Span)>,
    tile_sets: Vec<(String, u32, Span)>,
    start: Option<(String, Span)>,
    players: Option<(Vec<String>, Span)>,
    /// Each pool's count of the `supply` line, with the place of the pool's word.
    supply: Vec<(String, u32, Span)>,
}

/// The ruleset's figures, as the moves of a game name them.
struct MoveContext {
    rules: Option<Box<dyn rules::Rules>>,
    /// The expansions the header declares: a figure of an expansion is a word of the game
    /// only with its expansion.
    expansions: Vec<String>,
}

impl MoveContext {
    fn of(header: &Header) -> MoveContext {
        MoveContext {
            // The ruleset's figures in its default reading, which has them all: a figure that
            // the game's variants leave out of play (`variant farmers off`) is a word of the
            // game, and its move a broken rule that the replay reports (G005) and checks on
            // from, as it does for a saved game with the same move.
            rules: header.ruleset.map(|(r, _)| rules::for_ruleset(r, &[])),
            expansions: header.expansions.clone(),
        }
    }
}

/// Lowers a game file's statements one by one, in the order of the text, so that a long game
/// can be lowered (and replayed) statement by statement without holding every move at once.
pub struct GameLowering {
    diagnostics: Vec<Diagnostic>,
    header: Header,
    /// What the moves are lowered against, worked out from the header at the first move (the
    /// header is complete then: a header line after a move is refused); `None` before it.
    moves: Option<MoveContext>,
    turns_started: bool,
    first_span: Option<Span>,
    omitted: Omitted,
}

impl Default for GameLowering {
    fn default() -> Self {
        GameLowering {
            diagnostics: Vec::new(),
            header: Header {
                title: None,
                excerpt: false,
                ruleset: None,
                expansions: Vec::new(),
                expansion_spans: Vec::new(),
                variants: Vec::new(),
                tile_sets: Vec::new(),
                start: None,
                players: None,
                supply: Vec::new(),
            },
            moves: None,
            turns_started: false,
            first_span: None,
            omitted: Omitted::default(),
        }
    }
}

pub fn lower(file: &GameFile<'_>) -> LoweredGame {
    let mut lowering = GameLowering::default();
    let steps = file
        .statements
        .iter()
        .filter_map(|statement| lowering.statement(statement))
        .collect();
    lowering.finish(&file.tiles, steps)
}

impl GameLowering {
    /// Lowers the next statement as the parser gives it (see [`GameLowering::statement`]).
    pub fn parsed(&mut self, parsed: &Parsed<'_>) -> Option<Step> {
        match parsed {
            Parsed::Plain(plain) => self.statement(plain),
            Parsed::General(statement) => self.statement(statement),
        }
    }

    /// Lowers the next statement: the step it is, if it is a move (or setup, or expectation)
    /// without errors. Header statements shape the game and give no step.
    pub fn statement(&mut self, statement: &impl StatementWords) -> Option<Step> {
        self.first_span.get_or_insert(statement.span());
        // A text wrong on every line keeps only the first diagnostics, and a count of the rest.
        self.omitted.keep_first(&mut self.diagnostics);
        let keyword = statement.keyword().value;
        // Names may not hold control characters; free text may (a title, an assertion kept as
        // `expect unsupported`), written as escapes in a quoted string. A plain statement's
        // words are printable ASCII (the scan that found them said so): nothing to look for.
        if !statement.plain() {
            statement.with_general(|statement| self.check_control_characters(statement));
        }
        let is_header = matches!(
            keyword,
            "game"
                | "excerpt"
                | "ruleset"
                | "expansion"
                | "variant"
                | "tiles"
                | "start"
                | "players"
                | "supply"
        );
        if is_header {
            if self.moves.is_some() {
                self.diagnostics.push(out_of_place(
                    statement,
                    "a header line must come before the first move or setup line",
                ));
                return None;
            }
            if let Err(d) =
                statement.with_general(|statement| lower_header(&mut self.header, statement))
            {
                self.diagnostics.push(d);
            }
            return None;
        }
        let header = &self.header;
        let MoveContext { rules, expansions } =
            &*self.moves.get_or_insert_with(|| MoveContext::of(header));
        let descriptor = header
            .ruleset
            .map(|(ruleset, _)| crate::rules::descriptor::describe(ruleset));
        let players: &[String] = header.players.as_ref().map_or(&[], |(p, _)| p);
        let figure_ok = |word: Word<'_>| -> Result<Name, Diagnostic> {
            let name = word.value;
            if let Some(expansion) =
                descriptor.and_then(|d| d.missing_expansion_for(name, expansions))
            {
                return Err(Diagnostic::new(
                    &codes::UNKNOWN_FIGURE,
                    format!("the {name} belongs to the {} expansion", expansion.title),
                )
                .at(
                    word.span,
                    format!("no `expansion {}` in this game", expansion.name),
                )
                .help(format!("add `expansion {}` to the header", expansion.name)));
            }
            match rules {
                Some(rules) if rules.figure(name).is_none() => Err(Diagnostic::new(
                    &codes::UNKNOWN_FIGURE,
                    format!("unknown figure `{name}`"),
                )
                .at(word.span, "not a figure of this ruleset")
                .help(format!("figures: {}", rules.figure_names().join(", ")))),
                _ => Ok(Name::new(name)),
            }
        };
        let action = (|| -> Result<Action, Diagnostic> {
            Ok(match keyword {
                // The moves of every turn first: a guarded arm (`flock`, `lay`, `put`) splits
                // the match into tests made one after the other.
                "turn" => {
                    self.turns_started = true;
                    let mut args = Args::new(statement);
                    let player = args.player(players)?;
                    args.done()?;
                    Action::Turn { player }
                }
                "draw" | "bonus" => {
                    let mut args = Args::new(statement);
                    let tile = args.name("a tile id")?;
                    args.done()?;
                    if keyword == "draw" {
                        Action::Draw { tile }
                    } else {
                        Action::Bonus { tile }
                    }
                }
                "place" => {
                    let mut args = Args::new(statement);
                    args.keyword("at")?;
                    let pos = args.position()?;
                    let rotation = args.optional_rotation()?;
                    args.done()?;
                    Action::Place { pos, rotation }
                }
                "deploy" => {
                    let mut args = Args::new(statement);
                    let figure = figure_ok(args.next("a figure")?)?;
                    let at = if args.peek_is("at") {
                        args.keyword("at")?;
                        Some(args.position()?)
                    } else {
                        None
                    };
                    args.keyword("on")?;
                    let target = args.feature_ref()?;
                    args.done()?;
                    Action::Deploy { figure, target, at }
                }
                "pass" | "discard" | "end" | "stop" => {
                    Args::new(statement).done()?;
                    match keyword {
                        "pass" => Action::Pass,
                        "discard" => Action::Discard,
                        "end" => Action::End,
                        _ => Action::Stop,
                    }
                }
                "lay" | "put" if self.turns_started => {
                    return Err(out_of_place(
                        statement,
                        "setup lines (`lay`, `put`) come before the first turn",
                    ));
                }
                "lay" => {
                    let mut args = Args::new(statement);
                    let tile = args.name("a tile id")?;
                    args.keyword("at")?;
                    let pos = args.position()?;
                    let rotation = args.optional_rotation()?;
                    args.done()?;
                    Action::Lay {
                        tile,
                        pos,
                        rotation,
                    }
                }
                "put" => {
                    let mut args = Args::new(statement);
                    let player = args.player(players)?;
                    let (figure, pos, target) = figure_standing(&mut args, &figure_ok)?;
                    Action::Put {
                        player,
                        figure,
                        pos,
                        target,
                    }
                }
                "under" => {
                    let mut args = Args::new(statement);
                    let tile = args.name("a tile id, or `?` when the transcript does not say")?;
                    args.done()?;
                    Action::Under {
                        tile: (tile != "?").then_some(tile),
                    }
                }
                "expect" => Action::Expect(
                    statement.with_general(|statement| lower_expectation(statement, players))?,
                ),
                // A ruleset's own move, read as its statement declares its words.
                _ if let Some((keyword, ruleset_move)) = statements::ruleset_move(keyword) => {
                    let mut args = Args::new(statement);
                    let arg = lower_move_words(ruleset_move.words, &mut args, players, &figure_ok)?;
                    Action::RulesetMove { keyword, arg }
                }
                _ => {
                    return Err(Diagnostic::new(
                        &codes::UNKNOWN_STATEMENT,
                        format!("unknown statement `{keyword}`"),
                    )
                    .at(
                        statement.keyword().span,
                        "not a statement of the game language",
                    )
                    .help(unknown_statement_help(keyword)));
                }
            })
        })();
        match action {
            Ok(action) => Some(Step {
                action,
                span: statement.span(),
            }),
            Err(d) => {
                self.diagnostics.push(d);
                None
            }
        }
    }

    /// Reports the first word of `statement` that holds a control character (G021), unless the
    /// statement is free text.
    fn check_control_characters(&mut self, statement: &Statement<'_>) {
        let keyword = statement.keyword.value.as_ref();
        let free_text = keyword == "game"
            || (keyword == "expect"
                && statement
                    .words
                    .first()
                    .is_some_and(|w| w.value == "unsupported" || w.value == "jcloisterzone"));
        if free_text {
            return;
        }
        let control = std::iter::once(&statement.keyword)
            .chain(&statement.words)
            .find(|word| has_forbidden_control(&word.value));
        if let Some(word) = control {
            self.diagnostics.push(
                Diagnostic::new(
                    &codes::CONTROL_CHARACTER_IN_GAME,
                    format!("{:?} holds a control character", word.value),
                )
                .at(word.span, "a control character in this word")
                .help("remove it: names are text without control characters (a NUL byte often means a damaged file)"),
            );
        }
    }

    /// The game, once every statement is lowered: the header, the local tiles (`tiles`, from the
    /// parser) and the steps given (all of them, or none when they are replayed as they come).
    pub fn finish(self, tiles: &[TileDecl<'_>], steps: Vec<Step>) -> LoweredGame {
        let GameLowering {
            mut diagnostics,
            header,
            first_span,
            omitted,
            ..
        } = self;
        let first_span = first_span.unwrap_or_default();

        let missing = |what: &str, example: &str| {
            Diagnostic::new(
                &codes::GAME_HEADER,
                format!("the game has no `{what}` line"),
            )
            .at(
                first_span,
                format!("`{what}` is needed before the first move"),
            )
            .help(format!("add `{example}` at the top of the file"))
        };
        if header.ruleset.is_none() {
            // The ruleset of a shipped set the game names, else the base game's.
            let ruleset = header
                .tile_sets
                .iter()
                .filter_map(|(name, _, _)| crate::shipped::tiles(name))
                .find_map(|text| {
                    text.lines()
                        .find_map(|line| line.trim().strip_prefix("ruleset "))
                        .map(str::trim)
                })
                .unwrap_or(Ruleset::Carcassonne.name());
            diagnostics.push(missing("ruleset", &format!("ruleset {ruleset}")));
        }
        if header.players.is_none() {
            diagnostics.push(missing("players", "players red blue"));
        }

        if let (Some((ruleset, _)), Some((players, span))) = (header.ruleset, &header.players) {
            let variants: Vec<(String, String)> = header
                .variants
                .iter()
                .map(|(name, value, _)| (name.clone(), value.clone()))
                .collect();
            let seats = rules::describe(ruleset).seats(&variants, &header.expansions);
            diagnostics.extend(seats_problem(ruleset.name(), seats, players.len(), *span));
        }

        if let Some((ruleset, _)) = header.ruleset {
            diagnostics.extend(supply_of_absent_expansions(
                ruleset,
                &header.supply,
                &header.expansions,
            ));
        }

        let ruleset = header.ruleset.map(|(r, _)| r);
        let mut local_tiles: Vec<Tile> = Vec::new();
        let mut incomplete_tiles = Vec::new();
        for decl in tiles.iter().filter(|d| !d.id.value.is_empty()) {
            let before = diagnostics.len();
            let tile = super::tiles::lower_tile(decl, &mut diagnostics);
            if decl.damaged || diagnostics.len() > before {
                incomplete_tiles.push(local_tiles.len());
            }
            local_tiles.push(tile);
        }

        let script = match (ruleset, header.players) {
            (Some(ruleset), Some((players, _))) => Some(Script {
                title: header.title,
                excerpt: header.excerpt,
                ruleset,
                expansions: header.expansions,
                expansion_spans: header.expansion_spans,
                variants: header.variants,
                tile_sets: header.tile_sets,
                start: header.start,
                local_tiles,
                players,
                supply: header
                    .supply
                    .into_iter()
                    .map(|(pool, count, _)| (pool, count))
                    .collect(),
                steps,
            }),
            _ => None,
        };
        LoweredGame {
            script,
            diagnostics,
            incomplete_tiles,
            omitted,
        }
    }
}

/// The pools of a `supply` line that no figure of the game fills: an expansion's pool in a
/// game without that expansion (`supply shepherds 2` without Hills & Sheep), G005 as its
/// figure would be.
fn supply_of_absent_expansions(
    ruleset: Ruleset,
    supply: &[(String, u32, Span)],
    expansions: &[String],
) -> Vec<Diagnostic> {
    let descriptor = rules::describe(ruleset);
    supply
        .iter()
        .filter_map(|(word, _, span)| {
            let pool = descriptor
                .pools
                .iter()
                .position(|(name, _)| rules::pool_word(name) == *word)?;
            if descriptor.pool_in_play(pool, expansions) {
                return None;
            }
            let expansion = descriptor.pool_owner(pool)?;
            Some(
                Diagnostic::new(
                    &codes::UNKNOWN_FIGURE,
                    format!("the {word} belong to the {} expansion", expansion.title),
                )
                .at(
                    *span,
                    format!("no `expansion {}` in this game", expansion.name),
                )
                .help(format!(
                    "add `expansion {}` to the header, or leave the {word} out of `supply`",
                    expansion.name
                )),
            )
        })
        .collect()
}

/// A diagnostic when `players` is outside `range`, the seats of `game`.
pub fn seats_problem(
    game: &str,
    range: std::ops::RangeInclusive<usize>,
    players: usize,
    span: Span,
) -> Option<Diagnostic> {
    (!range.contains(&players)).then(|| {
        Diagnostic::new(
            &codes::PLAYER_COUNT,
            format!(
                "{game} is played by {} to {} players, this game has {players}",
                range.start(),
                range.end()
            ),
        )
        .at(span, "the players")
        .help(format!(
            "name {} to {} players, in turn order",
            range.start(),
            range.end()
        ))
    })
}

/// A control character that a word may not hold: any but the tab (which separates words).
fn is_forbidden_control(c: char) -> bool {
    c.is_control() && c != '\t'
}

/// Whether `word` holds a control character it may not hold. Every word of every statement is
/// looked at, so bytes first: an ASCII control is one byte below 0x20 or 0x7F, and the others
/// (U+0080–U+009F) all start with the byte 0xC2, so only a word holding such a byte is decoded.
fn has_forbidden_control(word: &str) -> bool {
    word.bytes().any(|b| b < 0x20 || b == 0x7f || b == 0xc2)
        && word.chars().any(is_forbidden_control)
}

/// G001's help: the nearest statements, if any is close, and where the statements are listed.
fn unknown_statement_help(keyword: &str) -> String {
    // Keywords are short: a suggestion at most one edit away from a word of three letters or
    // fewer, two from a longer one (`plcae`), so that `fly` suggests nothing.
    let most = if keyword.chars().count() <= 3 { 1 } else { 2 };
    let written = keyword.to_lowercase();
    let close: Vec<String> = statements::STATEMENTS
        .iter()
        .filter(|s| crate::diagnostic::edit_distance(&written, s.keyword) <= most)
        .map(|s| s.keyword.to_string())
        .collect();
    let listed = "see `carcspec explain G001` for the statements of a game file";
    match crate::diagnostic::did_you_mean(keyword, &close, 2) {
        Some(close) => format!("{close} ({listed})"),
        None => listed.to_string(),
    }
}

fn out_of_place(statement: &impl StatementWords, why: &str) -> Diagnostic {
    Diagnostic::new(
        &codes::STATEMENT_OUT_OF_PLACE,
        format!("`{}` is out of place", statement.keyword().value),
    )
    .at(statement.span(), why.to_string())
    .help("a game file is: header, local tiles and setup, then turns")
}

fn lower_header(header: &mut Header, statement: &Statement<'_>) -> Result<(), Diagnostic> {
    let keyword = statement.keyword.value.as_ref();
    let mut args = Args::new(statement);
    let twice = |span: Span| {
        Diagnostic::new(&codes::GAME_HEADER, format!("`{keyword}` given twice"))
            .at(statement.span, "given again here")
            .also(span, "first given here")
            .help(format!("keep one `{keyword}` line"))
    };
    match keyword {
        "game" => header.title = Some(args.word("a title")?),
        "excerpt" => header.excerpt = true,
        "supply" => {
            let Some((ruleset, _)) = header.ruleset else {
                return Err(Diagnostic::new(
                    &codes::GAME_HEADER,
                    "`supply` comes before the ruleset",
                )
                .at(statement.span, "no ruleset named yet")
                .help("name the ruleset first: its figures make the supply"));
            };
            let pools: Vec<String> = rules::describe(ruleset)
                .pools
                .iter()
                .map(|(name, _)| rules::pool_word(name))
                .collect();
            while let Some(word) = args.maybe_next() {
                if !pools.contains(&word.value.to_string()) {
                    return Err(Diagnostic::new(
                        &codes::BAD_STATEMENT,
                        format!("`{}` is not a supply of {}", word.value, ruleset.name()),
                    )
                    .at(word.span, "not a supply")
                    .help(format!("supplies: {}", pools.join(", "))));
                }
                let count = args.count(MAX_SUPPLY)?;
                header
                    .supply
                    .push((word.value.to_string(), count, word.span));
            }
        }
        "ruleset" => {
            if let Some((_, span)) = header.ruleset {
                return Err(twice(span));
            }
            let word = args.next("a ruleset")?;
            let ruleset = word.value.parse::<Ruleset>().map_err(|()| {
                Diagnostic::new(
                    &codes::UNKNOWN_RULESET,
                    format!("unknown ruleset `{}`", word.value),
                )
                .at(word.span, "not a ruleset")
                .help(format!(
                    "use {}",
                    crate::rules::descriptor::ruleset_names_for_help()
                ))
            })?;
            header.ruleset = Some((ruleset, statement.span));
        }
        "expansion" => {
            let word = args.next("an expansion")?;
            let Some((ruleset, _)) = header.ruleset else {
                return Err(Diagnostic::new(
                    &codes::UNKNOWN_RULESET,
                    format!("expansion `{}` before the ruleset", word.value),
                )
                .at(word.span, "no ruleset named yet")
                .help("name the ruleset first: `ruleset carcassonne`"));
            };
            if let Some(problem) = super::tiles::expansion_problem(ruleset, word.value, word.span) {
                return Err(problem);
            }
            if !header.expansions.iter().any(|e| e == word.value) {
                header.expansions.push(word.value.to_string());
                header.expansion_spans.push(word.span);
            }
        }
        "variant" => {
            let name = args.next("a variant name")?;
            let value = args.next("a variant value")?;
            let specs = header.ruleset.map(|(r, _)| rules::describe(r).variants);
            let valid = specs.is_some_and(|variants| {
                variants
                    .iter()
                    .any(|v| v.name == name.value && v.values.contains(&value.value))
            });
            if !valid {
                let offered = specs
                    .map(|variants| {
                        variants
                            .iter()
                            .map(|v| format!("{} ({})", v.name, v.values.join(" | ")))
                            .collect::<Vec<_>>()
                            .join("; ")
                    })
                    .unwrap_or_default();
                return Err(Diagnostic::new(
                    &codes::UNKNOWN_VARIANT,
                    format!("unknown variant `{} {}`", name.value, value.value),
                )
                .at(statement.span, "not a variant of the game's ruleset")
                .help(if offered.is_empty() {
                    "name the ruleset first".to_string()
                } else {
                    format!("variants: {offered}")
                }));
            }
            header.variants.push((
                name.value.to_string(),
                value.value.to_string(),
                statement.span,
            ));
        }
        "tiles" => {
            // `tiles <set> [xN] [<set> [xN]]...`: several sets on a line are combined as if
            // each had a line of its own.
            let mut word = args.next("a tile set name or path")?;
            loop {
                let mut next = args.maybe_next();
                let mut multiplier = 1;
                if let Some(times) = next.as_ref().filter(|w| statements::is_multiplier(w.value)) {
                    multiplier = times
                        .value
                        .strip_prefix('x')
                        .and_then(|n| n.parse::<u32>().ok())
                        .filter(|n| (1..=MAX_MULTIPLIER).contains(n))
                        .ok_or_else(|| {
                            Diagnostic::new(
                                &codes::BAD_STATEMENT,
                                format!("`{}` is not a multiplier", times.value),
                            )
                            .at(
                                times.span,
                                format!("expected `x` and a number from 1 to {MAX_MULTIPLIER}"),
                            )
                            .help("`tiles carcassonne-base x2` plays with two copies of every tile")
                        })?;
                    next = args.maybe_next();
                }
                header
                    .tile_sets
                    .push((word.value.to_string(), multiplier, word.span));
                match next {
                    Some(following) => word = following,
                    None => break,
                }
            }
        }
        "start" => {
            if let Some((_, span)) = header.start {
                return Err(twice(span));
            }
            let word = args.next("the id of the tile that starts the game")?;
            header.start = Some((word.value.to_string(), word.span));
        }
        "players" => {
            if let Some((_, span)) = header.players {
                return Err(twice(span));
            }
            let mut players: Vec<String> = Vec::new();
            let mut named = std::collections::HashSet::new();
            while let Some(word) = args.maybe_next() {
                if !named.insert(word.value) {
                    return Err(Diagnostic::new(
                        &codes::GAME_HEADER,
                        format!("player `{}` named twice", word.value),
                    )
                    .at(word.span, "named again")
                    .help("give each player a name of their own"));
                }
                players.push(word.value.to_string());
            }
            if players.is_empty() {
                return Err(
                    Diagnostic::new(&codes::BAD_STATEMENT, "`players` names no player")
                        .at(statement.span, "expected player names")
                        .help("write the players in turn order: `players red blue`"),
                );
            }
            header.players = Some((players, statement.span));
            return Ok(());
        }
        _ => unreachable!("only header keywords reach here"),
    }
    args.done()
}

fn lower_expectation(
    statement: &Statement<'_>,
    players: &[String],
) -> Result<Expectation, Diagnostic> {
    let mut args = Args::new(statement);
    let Some(kind) = args.maybe_next() else {
        return Err(args.error(&format!("expected {}", statements::expectation_kinds())));
    };
    let scores = |args: &mut Args<'_, Statement<'_>>| -> Result<Vec<(usize, i64)>, Diagnostic> {
        let mut scores = Vec::new();
        while args.has_more() {
            let player = args.player(players)?;
            let points = args.number("points")?;
            scores.push((player, points));
        }
        if scores.is_empty() {
            return Err(args.error("expected a player and points: `red 6`"));
        }
        Ok(scores)
    };
    let expectation = match kind.value {
        "score" => Expectation::Score(scores(&mut args)?),
        "total" => Expectation::Total(scores(&mut args)?),
        "final" => Expectation::Final(scores(&mut args)?),
        "winner" => {
            let mut winners = Vec::new();
            while args.has_more() {
                let player = args.player(players)?;
                if !winners.contains(&player) {
                    winners.push(player);
                }
            }
            if winners.is_empty() {
                return Err(args.error("expected the winner, or the tied winners: `red blue`"));
            }
            Expectation::Winner(winners)
        }
        "violation" => Expectation::Violation(args.word("a violation code or name")?),
        "scored" => {
            let player = args.player(players)?;
            let feature =
                args.word("a feature: road, city, monastery, field, flock, forest, river, meadow")?;
            let points = args.number("points")?;
            Expectation::Scored {
                player,
                feature,
                points,
            }
        }
        "unsupported" => Expectation::Unsupported(args.word("the assertion, in quotes")?),
        "jcloisterzone" => Expectation::Harness(args.word("the assertion, in quotes")?),
        "supply" => {
            let mut supplies = Vec::new();
            while args.has_more() {
                let player = args.player(players)?;
                let mut pools = Vec::new();
                // After a player's first pool, a declared player's name not followed by a
                // count begins the next player's pools (`red followers 5 blue followers 6`).
                while args.has_more() && (pools.is_empty() || !args.next_begins_player(players)) {
                    let pool = args.word("a supply: followers, shepherds, tribe-members, huts")?;
                    pools.push((pool, args.count(MAX_SUPPLY)?));
                }
                if pools.is_empty() {
                    return Err(args.error("expected a supply and a count: `tribe-members 2`"));
                }
                supplies.push((player, pools));
            }
            if supplies.is_empty() {
                return Err(args.error("expected a player and a supply: `red followers 5`"));
            }
            Expectation::Supply(supplies)
        }
        "stands" | "home" => {
            let player = args.player(players)?;
            let figure = args.word("a figure")?;
            args.keyword("at")?;
            let pos = args.position()?;
            args.keyword("on")?;
            let target = args.feature_ref()?;
            Expectation::Figure {
                player,
                figure,
                pos,
                target,
                home: kind.value == "home",
            }
        }
        "bonus" => {
            let word = args.next("`earned` or `none`")?;
            match word.value {
                "earned" => Expectation::Bonus(true),
                "none" => Expectation::Bonus(false),
                _ => {
                    args.at -= 1;
                    return Err(args.error("expected `earned` or `none`"));
                }
            }
        }
        "placements" => {
            let tile = args.word("a tile id")?;
            let mut placements = Vec::new();
            if args.peek_is("none") {
                args.next("none")?;
            } else {
                args.keyword("at")?;
                while args.has_more() {
                    let pos = args.position()?;
                    let rotation = args.rotation()?;
                    placements.push((pos, rotation));
                }
                if placements.is_empty() {
                    return Err(args.error(
                        "expected positions and rotations: `at 1,0 r0 1,0 r90`, or `none`",
                    ));
                }
            }
            Expectation::Placements { tile, placements }
        }
        // A count the ruleset keeps, of the names its declaration gives.
        other if let Some(counted) = statements::counted_expectation(other) => {
            lower_counted(counted, &mut args, players)?
        }
        other => {
            return Err(Diagnostic::new(
                &codes::UNKNOWN_STATEMENT,
                format!("unknown expectation `{other}`"),
            )
            .at(kind.span, "not an expectation")
            .help(format!("expectations: {}", statements::expectation_kinds())));
        }
    };
    args.done()?;
    Ok(expectation)
}
/// `<figure> at <x>,<y> on <feature>`: where a figure stands (`put`, a ruleset's move); `figure`
/// reads the figure's name in the game's ruleset.
fn figure_standing<S: StatementWords>(
    args: &mut Args<'_, S>,
    figure: &dyn Fn(Word<'_>) -> Result<Name, Diagnostic>,
) -> Result<(Name, Pos, FeatureRef), Diagnostic> {
    let figure = figure(args.next("a figure")?)?;
    args.keyword("at")?;
    let pos = args.position()?;
    args.keyword("on")?;
    let target = args.feature_ref()?;
    args.done()?;
    Ok((figure, pos, target))
}

/// The words of a ruleset's move, read as its statement declares them (`MoveWords`);
/// `figure` reads a figure's name in the game's ruleset.
fn lower_move_words<S: StatementWords>(
    words: MoveWords,
    args: &mut Args<'_, S>,
    players: &[String],
    figure: &dyn Fn(Word<'_>) -> Result<Name, Diagnostic>,
) -> Result<MoveWordsRead, Diagnostic> {
    Ok(match words {
        MoveWords::Nothing => {
            args.done()?;
            MoveWordsRead::Nothing
        }
        MoveWords::Token => {
            let token = args.token()?;
            args.done()?;
            MoveWordsRead::Token(token)
        }
        MoveWords::Standing => {
            let (figure, pos, target) = figure_standing(args, figure)?;
            MoveWordsRead::Standing {
                figure,
                pos,
                target,
            }
        }
        MoveWords::Owned => {
            let player = args.player(players)?;
            let (figure, pos, target) = figure_standing(args, figure)?;
            MoveWordsRead::Owned {
                player,
                figure,
                pos,
                target,
            }
        }
        MoveWords::Held => {
            let figure = figure(args.next("a figure")?)?;
            args.keyword("from")?;
            let holder = args.player(players)?;
            args.done()?;
            MoveWordsRead::Held { figure, holder }
        }
        MoveWords::Position => {
            args.keyword("at")?;
            let pos = args.position()?;
            args.done()?;
            MoveWordsRead::Position(pos)
        }
        MoveWords::Placement => {
            args.keyword("at")?;
            let pos = args.position()?;
            let rotation = args.optional_rotation()?;
            args.done()?;
            MoveWordsRead::Placement(pos, rotation)
        }
        MoveWords::Place => {
            args.keyword("at")?;
            let pos = args.position()?;
            args.keyword("on")?;
            let target = args.feature_ref()?;
            args.done()?;
            MoveWordsRead::Place { pos, target }
        }
        MoveWords::Supplied => {
            let figure = figure(args.next("a figure")?)?;
            args.keyword("at")?;
            let pos = args.position()?;
            args.done()?;
            MoveWordsRead::Supplied { figure, pos }
        }
    })
}

/// The words of a counted expectation (`expect bag sheep1 4 wolf 2`; `expect goods Alice wine
/// 2` for a kind counted for each player): the player where the kind names one, then names of
/// its declaration, each with a count.
fn lower_counted<S: StatementWords>(
    counted: &'static statements::CountedExpectation,
    args: &mut Args<'_, S>,
    players: &[String],
) -> Result<Expectation, Diagnostic> {
    let player = if counted.of_each_player {
        Some(args.player(players)?)
    } else {
        None
    };
    let expected = || format!("expected {}: {}", counted.name_is, counted.names.join(", "));
    let mut counts = Vec::new();
    while args.has_more() {
        let word = args.next(counted.name_is)?;
        let Some(name) = counted.names.iter().find(|name| **name == word.value) else {
            args.at -= 1;
            return Err(args.error(&expected()));
        };
        counts.push((*name, args.count(counted.max)?));
    }
    if counts.is_empty() {
        return Err(args.error(&format!("expected names and counts: `{}`", counted.example)));
    }
    Ok(Expectation::Counted {
        kind: counted.kind,
        player,
        counts,
    })
}

/// Reads a statement's words one by one, with a clear diagnostic for each missing or
/// malformed one.
struct Args<'s, S> {
    statement: &'s S,
    /// The next word's index (0 is the first word after the keyword).
    at: usize,
}

impl<'s, S: StatementWords> Args<'s, S> {
    fn new(statement: &'s S) -> Self {
        Args { statement, at: 0 }
    }

    fn has_more(&self) -> bool {
        self.at < self.statement.word_count()
    }

    fn peek_is(&self, word: &str) -> bool {
        self.statement
            .word(self.at)
            .is_some_and(|w| w.value == word)
    }

    /// Whether the next word is a declared player's name with no count after it: the first
    /// word of the next player's part of `expect supply`, not a pool.
    fn next_begins_player(&self, players: &[String]) -> bool {
        let is_player = self
            .statement
            .word(self.at)
            .is_some_and(|w| players.iter().any(|p| p == w.value));
        let counted = self
            .statement
            .word(self.at + 1)
            .is_some_and(|w| w.value.bytes().all(|b| b.is_ascii_digit()));
        is_player && !counted
    }

    fn error(&self, message: &str) -> Diagnostic {
        let end = self.statement.span().end;
        let span = self
            .statement
            .word(self.at)
            .map_or(Span::new(end, end), |w| w.span);
        Diagnostic::new(
            &codes::BAD_STATEMENT,
            format!("`{}`: {message}", self.statement.keyword().value),
        )
        .at(span, message.to_string())
        .help("see docs/game-language.md for the form of each statement")
    }

    // `next` and `maybe_next` are inlined always: as calls they returned a `Result` as large
    // as a diagnostic for every word of every move.
    #[inline(always)]
    fn maybe_next(&mut self) -> Option<Word<'s>> {
        let word = self.statement.word(self.at)?;
        self.at += 1;
        Some(word)
    }

    #[inline(always)]
    fn next(&mut self, what: &str) -> Result<Word<'s>, Diagnostic> {
        match self.maybe_next() {
            Some(word) => Ok(word),
            None => Err(self.error(&format!("expected {what}"))),
        }
    }

    /// The next word, or the diagnostic `expected` (made only when it is needed).
    fn expect_word(&mut self, expected: &str) -> Result<Word<'s>, Diagnostic> {
        match self.maybe_next() {
            Some(word) => Ok(word),
            None => Err(self.error(expected)),
        }
    }

    fn word(&mut self, what: &str) -> Result<String, Diagnostic> {
        Ok(self.next(what)?.value.to_string())
    }

    /// The next word as the name of a tile or a figure in a move.
    fn name(&mut self, what: &str) -> Result<Name, Diagnostic> {
        Ok(Name::new(self.next(what)?.value))
    }

    fn keyword(&mut self, keyword: &str) -> Result<(), Diagnostic> {
        if self.peek_is(keyword) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(&format!("expected `{keyword}`")))
        }
    }

    fn done(&self) -> Result<(), Diagnostic> {
        if self.has_more() {
            Err(self.error("expected the end of the statement"))
        } else {
            Ok(())
        }
    }

    fn number(&mut self, what: &str) -> Result<i64, Diagnostic> {
        let Some(word) = self.maybe_next() else {
            return Err(self.error(&format!("expected {what} (a whole number)")));
        };
        word.value.parse().map_err(|_| {
            self.at -= 1;
            self.error(&format!("expected {what} (a whole number)"))
        })
    }

    fn player(&mut self, players: &[String]) -> Result<usize, Diagnostic> {
        let word = self.next("a player")?;
        if players.is_empty() {
            // The missing `players` line is reported once; naming a player is not a second
            // error.
            return Ok(0);
        }
        players
            .iter()
            .position(|p| *p == word.value)
            .ok_or_else(|| {
                Diagnostic::new(
                    &codes::UNKNOWN_PLAYER,
                    format!("unknown player `{}`", word.value),
                )
                .at(word.span, "not on the `players` line")
                .help(if players.is_empty() {
                    "name the players first: `players red blue`".to_string()
                } else {
                    format!("players: {}", players.join(", "))
                })
            })
    }

    /// A whole number from 0 to `max`.
    fn count(&mut self, max: u32) -> Result<u32, Diagnostic> {
        // The message is made only for a diagnostic.
        let expected = || format!("expected a whole number from 0 to {max}");
        let Some(word) = self.maybe_next() else {
            return Err(self.error(&expected()));
        };
        word.value
            .parse::<u32>()
            .ok()
            .filter(|n| *n <= max)
            .ok_or_else(|| {
                self.at -= 1;
                self.error(&expected())
            })
    }

    fn position(&mut self) -> Result<Pos, Diagnostic> {
        let word = self.expect_word("expected a position `x,y`")?;
        Pos::from_word(word.value).ok_or_else(|| {
            self.at -= 1;
            self.error(&format!(
                "expected a position `x,y` of whole numbers from -{MAX_COORDINATE} to {MAX_COORDINATE}"
            ))
        })
    }

    fn rotation(&mut self) -> Result<Rotation, Diagnostic> {
        let word = self.expect_word("expected a rotation: r0, r90, r180 or r270")?;
        Rotation::from_word(word.value).ok_or_else(|| {
            self.at -= 1;
            self.error("expected a rotation: r0, r90, r180 or r270")
        })
    }

    fn optional_rotation(&mut self) -> Result<Rotation, Diagnostic> {
        if self.has_more() {
            self.rotation()
        } else {
            Ok(Rotation(0))
        }
    }

    /// A sheep or wolf token: `sheep1` … `sheep4` (its number of sheep), `wolf`, or
    /// `random <r>` with the random number JCloisterZone recorded for the draw.
    fn token(&mut self) -> Result<TokenDraw, Diagnostic> {
        const EXPECTED: &str = "expected a token: sheep1 … sheep4, wolf, or `random <r>`";
        let word = self.expect_word(EXPECTED)?;
        if let Some(token) = crate::model::token_of_word(word.value) {
            return Ok(TokenDraw::Token(token));
        }
        if word.value != "random" {
            self.at -= 1;
            return Err(self.error(EXPECTED));
        }
        const NUMBER: &str = "expected a number from 0 to 1 (not 1)";
        let value = self.expect_word(NUMBER)?;
        let random = value
            .value
            .parse::<f64>()
            .ok()
            .filter(|r| (0.0..1.0).contains(r));
        random.map(TokenDraw::Random).ok_or_else(|| {
            self.at -= 1;
            self.error(NUMBER)
        })
    }

    /// A feature of a tile: an anchor (`N`), anchors joined by `+` (`ER+SL`), or a label.
    fn feature_ref(&mut self) -> Result<FeatureRef, Diagnostic> {
        let word = self.next("an anchor (`N`, `NL`, `I` …) or a feature label")?;
        if !word.value.starts_with(|c: char| c.is_uppercase()) {
            return Ok(FeatureRef::Label(word.value.to_string()));
        }
        let unknown = |text: &str| {
            Diagnostic::new(&codes::UNKNOWN_ANCHOR, format!("unknown anchor `{text}`"))
                .at(word.span, "not an anchor")
                .help("anchors are N E S W, NL NR EL ER SL SR WL WR and I, in board orientation; join several with `+`")
        };
        if !word.value.contains('+') {
            // One anchor, the common case: no list. A word that is no anchor names a label (a
            // label may begin with a capital, `G`): whether the tile has it is the replay's to
            // say (V111), which lists what the figure may stand on there.
            return Ok(word.value.parse::<Anchor>().map_or_else(
                |()| FeatureRef::Label(word.value.to_string()),
                FeatureRef::Anchor,
            ));
        }
        let anchors = word
            .value
            .split('+')
            .map(|part| part.parse::<Anchor>().map_err(|()| unknown(part)))
            .collect::<Result<Vec<Anchor>, Diagnostic>>()?;
        Ok(match anchors.as_slice() {
            [single] => FeatureRef::Anchor(*single),
            _ => FeatureRef::Anchors(anchors),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::game::parse_each;
    use crate::syntax::statements::{EXPECTATIONS, Part, STATEMENTS};

    fn lowered(text: &str) -> Vec<Diagnostic> {
        let (file, _) = crate::syntax::game::parse(text);
        lower(&file).diagnostics
    }

    /// Every statement of the language's table is one the lowering knows (no G001), standing
    /// where the table says, and a word the table does not have is G001.
    #[test]
    fn the_lowering_knows_the_statements_of_the_table() {
        const HEADER: &str = "ruleset carcassonne\ntiles carcassonne-base\nplayers red blue\n";
        for spec in STATEMENTS.iter().filter(|s| s.keyword != "tile") {
            let text = if spec.stands_in(Part::Header) {
                format!("{}\n{HEADER}", spec.keyword)
            } else {
                format!("{HEADER}turn red\n{}\n", spec.keyword)
            };
            let found = lowered(&text);
            assert!(
                found.iter().all(|d| d.code.code != "G001"),
                "{}: {found:?}",
                spec.keyword
            );
            // A header statement after the first move is out of place; no other is for that
            // reason.
            let after_moves = lowered(&format!("{HEADER}turn red\n{}\n", spec.keyword));
            let out_of_place = after_moves.iter().any(|d| {
                d.code.code == codes::STATEMENT_OUT_OF_PLACE.code
                    && d.message.contains(&format!("`{}`", spec.keyword))
                    && d.primary
                        .as_ref()
                        .is_some_and(|l| l.message.contains("header line"))
            });
            assert_eq!(
                out_of_place,
                spec.stands_in(Part::Header),
                "{}: {after_moves:?}",
                spec.keyword
            );
        }
        for kind in EXPECTATIONS.iter().filter_map(|e| e.word) {
            let found = lowered(&format!("{HEADER}turn red\nexpect {kind}\n"));
            assert!(
                found.iter().all(|d| d.code.code != "G001"),
                "{kind}: {found:?}"
            );
        }
        let found = lowered(&format!(
            "{HEADER}turn red\nplcae at 1,0\nexpect scroe red 1\n"
        ));
        let unknown: Vec<&Diagnostic> = found.iter().filter(|d| d.code.code == "G001").collect();
        assert_eq!(unknown.len(), 2, "{found:?}");
        assert!(
            unknown[0]
                .help
                .as_deref()
                .is_some_and(|h| h.contains("`place`")),
            "{:?}",
            unknown[0]
        );
        assert!(
            unknown[1]
                .help
                .as_deref()
                .is_some_and(|h| h.contains("`winner`")),
            "{:?}",
            unknown[1]
        );
    }

    /// A statement lowered from the plain scan's word places gives the step and the
    /// diagnostics that the same statement with its words in a list gives, right or wrong.
    #[test]
    fn plain_statements_lower_as_listed_ones() {
        let text = "ruleset carcassonne\ntiles carcassonne-base\nplayers red blue\n\
            lay BA/CRRR at 0,0\nput red farmer at 0,0 on N\nput red wizard at 0,0 on N\n\
            turn red\ndraw BA/CFC.2\nplace at -1,0 r270\ndeploy farmer on NL+ER\n\
            deploy knight on E\ndeploy shepherd on E\ndeploy wizard on N\n\
            deploy farmer on NL+QQ\ndeploy farmer on lower-field\nturn green\nturn\n\
            draw\ndraw A B\nplace at 1,x r90\nplace at 1,0 r45\nplace 1,0\n\
            place at 2000000,0\npass now\npass\nbogus word\nlay A at 0,0\n\
            ruleset carcassonne\nexpect score red 4\nflock sheep1\nunder ?\nend\n";
        let mut plain = GameLowering::default();
        let mut listed = GameLowering::default();
        let (mut plain_steps, mut listed_steps) = (Vec::new(), Vec::new());
        let mut plain_lines = 0;
        let (tiles, errors) = parse_each(text, |item| {
            let parsed = item.expect("every line reads");
            plain_lines += usize::from(matches!(parsed, Parsed::Plain(_)));
            plain_steps.push(plain.parsed(parsed));
            listed_steps.push(listed.statement(&parsed.to_statement()));
        });
        assert!(errors.is_empty());
        assert_eq!(plain_lines, text.lines().count());
        let plain = plain.finish(&tiles, Vec::new());
        let listed = listed.finish(&tiles, Vec::new());
        assert_eq!(format!("{plain_steps:?}"), format!("{listed_steps:?}"));
        assert_eq!(
            format!("{:?}", plain.diagnostics),
            format!("{:?}", listed.diagnostics)
        );
        // Some of each: the comparison is not between two empty lists.
        assert!(plain_steps.iter().filter(|s| s.is_some()).count() >= 10);
        assert!(plain.diagnostics.len() >= 15, "{:?}", plain.diagnostics);
    }

    /// A kind counted for each player names the player first, then its names and counts; a
    /// player the game lacks, a name the kind does not count and a missing count are each an
    /// error at the word (Traders & Builders' `expect goods`).
    #[test]
    fn a_kind_counted_for_each_player_reads_the_player_first() {
        let goods = statements::counted_expectation("goods").expect("the goods' row");
        assert!(goods.of_each_player);
        let players = ["red".to_string(), "blue".to_string()];
        let lowered = |line: &str| {
            let mut statements = Vec::new();
            let (_, errors) = parse_each(line, |item| {
                statements.push(format!("{:?}", {
                    let statement = item.expect("the line reads").to_statement();
                    let mut args = Args::new(&statement);
                    args.next("the kind").expect("a kind");
                    lower_counted(goods, &mut args, &players)
                        .map_err(|d| (d.message, d.primary.map(|l| l.span)))
                }));
            });
            assert!(errors.is_empty(), "{errors:?}");
            statements.pop().expect("one statement")
        };
        assert_eq!(
            lowered("expect goods blue wine 2 cloth 0\n"),
            format!(
                "{:?}",
                Ok::<_, ()>(Expectation::Counted {
                    kind: "goods",
                    player: Some(1),
                    counts: vec![("wine", 2), ("cloth", 0)],
                })
            )
        );
        let refused = lowered("expect goods green wine 2\n");
        assert!(refused.contains("green"), "{refused}");
        assert!(refused.starts_with("Err"), "{refused}");
        let refused = lowered("expect goods red gold 2\n");
        assert!(refused.contains("wine, grain, cloth"), "{refused}");
        let refused = lowered("expect goods red wine\n");
        assert!(refused.starts_with("Err"), "{refused}");
        let refused = lowered("expect goods red\n");
        assert!(refused.contains("Alice wine 2"), "{refused}");
    }

    /// Every kind of a ruleset move's words reads what it documents, refuses what it does
    /// not take, and is written back in the same words (the simulator writes its moves and
    /// lowering reads them again), whichever move declares it.
    #[test]
    fn each_kind_of_move_words_reads_and_writes_back() {
        let players = ["red".to_string(), "blue".to_string()];
        let figure = |word: Word<'_>| -> Result<Name, Diagnostic> { Ok(Name::new(word.value)) };
        let lowered = |words: MoveWords, line: &str| {
            let mut read = Vec::new();
            let (_, errors) = parse_each(line, |item| {
                let statement = item.expect("the line reads").to_statement();
                let mut args = Args::new(&statement);
                read.push(
                    lower_move_words(words, &mut args, &players, &figure).map_err(|d| d.message),
                );
            });
            assert!(errors.is_empty(), "{errors:?}");
            read.pop().expect("one statement")
        };
        let cases = [
            (MoveWords::Nothing, "mv"),
            (MoveWords::Token, "mv sheep2"),
            (MoveWords::Standing, "mv follower at 1,-2 on N"),
            (MoveWords::Owned, "mv blue follower at 1,-2 on N"),
            (MoveWords::Held, "mv follower from blue"),
            (MoveWords::Position, "mv at 3,4"),
            (MoveWords::Placement, "mv at 3,4 r90"),
            (MoveWords::Place, "mv at 0,1 on ER+SL"),
            (MoveWords::Supplied, "mv knight at 2,-1"),
        ];
        for (words, line) in cases {
            let read = lowered(words, &format!("{line}\n"))
                .unwrap_or_else(|message| panic!("`{line}`: {message}"));
            let written =
                crate::format::game::ruleset_move_line("mv", &read, &|p| players[p].clone());
            assert_eq!(written, line, "{words:?} written back");
        }
        assert_eq!(
            lowered(MoveWords::Owned, "mv blue follower at 1,-2 on N\n"),
            Ok(MoveWordsRead::Owned {
                player: 1,
                figure: Name::new("follower"),
                pos: Pos::new(1, -2),
                target: FeatureRef::Anchor(Anchor::Side(crate::model::Side::N)),
            })
        );
        // A rotation is optional in a placement (`r0`), and taken nowhere else.
        assert_eq!(
            lowered(MoveWords::Placement, "mv at 3,4\n"),
            Ok(MoveWordsRead::Placement(Pos::new(3, 4), Rotation(0)))
        );
        for (words, line) in [
            (MoveWords::Position, "mv at 3,4 r90\n"),
            (MoveWords::Held, "mv follower from green\n"),
            (MoveWords::Held, "mv follower blue\n"),
            (MoveWords::Owned, "mv follower at 1,2 on N\n"),
            (MoveWords::Place, "mv at 1,2\n"),
            (MoveWords::Nothing, "mv 1,2\n"),
            (MoveWords::Supplied, "mv knight 2,-1\n"),
            (MoveWords::Supplied, "mv at 2,-1\n"),
        ] {
            assert!(lowered(words, line).is_err(), "{words:?}: `{line}` refused");
        }
    }
}
