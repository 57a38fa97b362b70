//! The game language (`.game`): AST and parser. See `docs/game-language.md`.
//!
//! A game file is a list of statements, one a line (or several on a line, separated by `;`):
//! a keyword and its words. Tiles defined inside the file are written in the tile language and
//! parsed by its parser. Which keywords exist and what their words mean is decided by
//! `carcspec::lower::game`; the parser only splits the text, so that it can report every
//! malformed word at once and recover at the next statement.

use smallvec::SmallVec;

use super::tiles::{FileParser, TileDecl, split_comment, unquote};
use super::{Spanned, Text, offset_in};
use crate::codes;
use crate::diagnostic::{Diagnostic, Span};

#[derive(Debug, Clone, Default)]
pub struct GameFile<'a> {
    pub statements: Vec<Statement<'a>>,
    /// Tiles defined in the file.
    pub tiles: Vec<TileDecl<'a>>,
}

/// `keyword word word …`
#[derive(Debug, Clone)]
pub struct Statement<'a> {
    pub keyword: Spanned<Text<'a>>,
    pub words: Words<'a>,
    pub span: Span,
    /// Every word is printable ASCII, written bare (no string, no control character): the
    /// scan of a plain line found it so, and the lowering need not look for control characters
    /// again. `false` says nothing.
    pub plain: bool,
}

/// The words of a statement after its keyword. A move has at most four (`place at 1,0 r90`,
/// `deploy farmer on NL+ER`) and keeps them inline, so that reading a move allocates nothing;
/// a longer statement (`players`, `expect score`) spills to the heap.
pub type Words<'a> = SmallVec<[Spanned<Text<'a>>; 4]>;

/// The most words (the keyword included) of a [`PlainStatement`]: enough for every move
/// (`put red farmer at 0,0 on N` has seven); a longer plain line is read by the general path.
const MAX_PLAIN_WORDS: usize = 7;

/// A statement of bare words of printable ASCII, as the scan of a plain line finds it: the
/// words as their places in the text, not copied (a bare word needs no unquoting), so that
/// reading a move builds no word list. Its words are exactly those the general path would
/// give ([`PlainStatement::to_statement`] builds that statement).
#[derive(Debug, Clone, Copy)]
pub struct PlainStatement<'a> {
    text: &'a str,
    /// Where the keyword and each word start and end in `text` (`u32`: a text this scan
    /// reads is shorter than 4 GiB), the first `len` of them used.
    bounds: [(u32, u32); MAX_PLAIN_WORDS],
    len: usize,
}

impl<'a> PlainStatement<'a> {
    /// A statement of `text` with no words yet, for [`plain_line`] to fill.
    fn empty(text: &'a str) -> Self {
        PlainStatement {
            text,
            bounds: [(0, 0); MAX_PLAIN_WORDS],
            len: 0,
        }
    }

    /// The keyword and its span.
    #[inline]
    pub fn keyword(&self) -> (&'a str, Span) {
        let (start, end) = (self.bounds[0].0 as usize, self.bounds[0].1 as usize);
        (&self.text[start..end], Span::new(start, end))
    }

    /// The word at `at` (0 is the keyword) and its span.
    #[inline]
    pub fn word_at(&self, at: usize) -> Option<(&'a str, Span)> {
        let &(start, end) = self.bounds[..self.len].get(at)?;
        let (start, end) = (start as usize, end as usize);
        Some((&self.text[start..end], Span::new(start, end)))
    }

    /// The number of words after the keyword.
    #[inline]
    pub fn word_count(&self) -> usize {
        self.len - 1
    }

    /// From the keyword's start to the last word's end.
    #[inline]
    pub fn span(&self) -> Span {
        let last = self.len - 1;
        Span::new(self.bounds[0].0 as usize, self.bounds[last].1 as usize)
    }

    /// The same statement as the general path gives it (its words copied into a list).
    pub fn to_statement(&self) -> Statement<'a> {
        let mut words = (0..self.len)
            .filter_map(|at| self.word_at(at))
            .map(|(word, span)| Spanned::new(Text::Borrowed(word), span));
        let keyword = words
            .next()
            .unwrap_or_else(|| Spanned::new(Text::Borrowed(""), self.span()));
        Statement {
            keyword,
            words: words.collect(),
            span: self.span(),
            plain: true,
        }
    }
}

/// A statement as the parser hands it on: read by the scan of a plain line, or by the general
/// path.
#[derive(Debug, Clone)]
pub enum Parsed<'a> {
    Plain(PlainStatement<'a>),
    General(Statement<'a>),
}

impl<'a> Parsed<'a> {
    /// The statement with its words in a list.
    pub fn to_statement(&self) -> Statement<'a> {
        match self {
            Parsed::Plain(plain) => plain.to_statement(),
            Parsed::General(statement) => statement.clone(),
        }
    }
}

/// Parses a game file; never panics, and reports every line it cannot read.
pub fn parse(text: &str) -> (GameFile<'_>, Vec<Diagnostic>) {
    let mut statements = Vec::new();
    let mut diagnostics = Vec::new();
    let (tiles, tile_diagnostics) = parse_each(text, |item| match item {
        Ok(parsed) => statements.push(parsed.to_statement()),
        Err(diagnostic) => diagnostics.push(diagnostic),
    });
    diagnostics.extend(tile_diagnostics);
    (GameFile { statements, tiles }, diagnostics)
}

/// Parses a game file statement by statement: each statement, or the diagnostic of a
/// statement that cannot be read, is handed to `each` in the order of the text, and none is
/// kept. Returns the tiles the file defines, with their diagnostics.
pub fn parse_each<'a>(
    text: &'a str,
    mut each: impl FnMut(Result<&Parsed<'a>, Diagnostic>),
) -> (Vec<TileDecl<'a>>, Vec<Diagnostic>) {
    let mut tiles = FileParser::new(text);
    // The statement each plain line is scanned into, in place: handed on by reference, it is
    // never copied.
    let mut plain = Parsed::Plain(PlainStatement::empty(text));
    let mut at = 0;
    while at < text.len() {
        // Most lines of a game are one statement of bare ASCII words: they are read by one
        // scan of their bytes. Any other line (a string, a comment, a `;`, a control or
        // non-ASCII character, a tile block) is read by the general path below, from its start.
        if !tiles.in_tile() {
            let scanned = match &mut plain {
                Parsed::Plain(statement) => plain_line(text, at, statement),
                Parsed::General(_) => PlainLine::Other,
            };
            match scanned {
                PlainLine::Blank { next } => {
                    at = next;
                    continue;
                }
                PlainLine::Statement { next } => {
                    each(Ok(&plain));
                    at = next;
                    continue;
                }
                PlainLine::Other => {}
            }
        }
        let (line, next) = line_at(text, at);
        at = next;
        let code = match split_comment(line) {
            Ok((code, _)) => code,
            Err(quote_at) => {
                let start = offset_in(text, &line[quote_at..]);
                each(Err(Diagnostic::new(
                    &codes::UNTERMINATED_STRING,
                    "unterminated string",
                )
                .at(
                    Span::new(start, start + line.len() - quote_at),
                    "this string has no closing quote",
                )
                .help("close the string with `\"` on the same line")));
                continue;
            }
        };
        if tiles.takes(code) {
            tiles.line(line);
            continue;
        }
        for part in split_statements(code) {
            let part = part.trim();
            if !part.is_empty() {
                match statement(text, part) {
                    Ok(statement) => each(Ok(&Parsed::General(statement))),
                    Err(diagnostic) => each(Err(diagnostic)),
                }
            }
        }
    }
    let (tile_file, tile_diagnostics) = tiles.finish();
    (tile_file.tiles, tile_diagnostics)
}

/// The line of `text` starting at `start`, without its line break and any `\r` before it (as
/// `split_inclusive('\n')` and `trim_end_matches(['\n', '\r'])`, scanning bytes: lines are
/// short, and the characters looked for are ASCII), and where the next line starts.
fn line_at(text: &str, start: usize) -> (&str, usize) {
    let bytes = &text.as_bytes()[start..];
    let end = bytes
        .iter()
        .position(|b| *b == b'\n')
        .map_or(bytes.len(), |at| at + 1);
    let kept = bytes[..end]
        .iter()
        .rposition(|b| *b != b'\n' && *b != b'\r')
        .map_or(0, |at| at + 1);
    (&text[start..start + kept], start + end)
}

/// What the scan of a line for bare ASCII words found.
enum PlainLine {
    /// White space only.
    Blank { next: usize },
    /// One statement of bare words, the next line starting at `next`.
    Statement { next: usize },
    /// A byte that needs the general path, more than [`MAX_PLAIN_WORDS`] words, or a tile
    /// block's first line (`tile …`).
    Other,
}

/// How [`plain_line`] reads a byte.
#[derive(Clone, Copy, PartialEq)]
enum ByteClass {
    /// Printable ASCII that a bare word may hold: anything but `"`, `#` and `;`.
    Word,
    /// ASCII white space other than the line break (`char::is_whitespace` of each).
    Space,
    LineBreak,
    /// `"`, `#`, `;`, a control character or a byte of a non-ASCII character.
    Other,
}

const BYTE_CLASSES: [ByteClass; 256] = {
    let mut classes = [ByteClass::Other; 256];
    let mut byte = 0x21;
    while byte < 0x7f {
        if byte != b'"' as usize && byte != b'#' as usize && byte != b';' as usize {
            classes[byte] = ByteClass::Word;
        }
        byte += 1;
    }
    classes[b' ' as usize] = ByteClass::Space;
    classes[b'\t' as usize] = ByteClass::Space;
    classes[0x0b] = ByteClass::Space;
    classes[0x0c] = ByteClass::Space;
    classes[b'\r' as usize] = ByteClass::Space;
    classes[b'\n' as usize] = ByteClass::LineBreak;
    classes
};

/// Reads the line of `text` starting at `start` in one scan, if it holds only bare words of
/// printable ASCII and white space: then it has no comment, string or `;`, and its words are
/// exactly what the general path (`split_comment`, `split_statements`, `statement`) finds.
/// They are written into `statement` (a statement of `text`); on `Other`, it holds nothing
/// meaningful.
fn plain_line(text: &str, start: usize, statement: &mut PlainStatement<'_>) -> PlainLine {
    let bytes = text.as_bytes();
    if u32::try_from(bytes.len()).is_err() {
        return PlainLine::Other;
    }
    let bounds = &mut statement.bounds;
    let mut len = 0;
    let mut at = start;
    while let Some(&byte) = bytes.get(at) {
        match BYTE_CLASSES[usize::from(byte)] {
            ByteClass::Space => at += 1,
            ByteClass::LineBreak => {
                at += 1;
                break;
            }
            ByteClass::Other => return PlainLine::Other,
            ByteClass::Word => {
                let word_start = at;
                while bytes
                    .get(at)
                    .is_some_and(|b| BYTE_CLASSES[usize::from(*b)] == ByteClass::Word)
                {
                    at += 1;
                }
                let Some(slot) = bounds.get_mut(len) else {
                    return PlainLine::Other;
                };
                // Both fit: the text is shorter than 4 GiB (checked above).
                *slot = (word_start as u32, at as u32);
                len += 1;
            }
        }
    }
    statement.len = len;
    if len == 0 {
        return PlainLine::Blank { next: at };
    }
    if statement.keyword().0 == "tile" {
        return PlainLine::Other;
    }
    PlainLine::Statement { next: at }
}

/// Splits a line's code at `;` outside strings. An iterator, so that reading a line allocates
/// nothing. The characters that matter (`;`, `"`, `\`) are ASCII, and no byte of a UTF-8
/// multi-byte character is ASCII, so the line is scanned byte by byte.
pub fn split_statements(code: &str) -> impl Iterator<Item = &str> {
    let bytes = code.as_bytes();
    let mut start = 0;
    let mut at = 0;
    let mut in_string = false;
    let mut escaped = false;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        while at < bytes.len() {
            let byte = bytes[at];
            at += 1;
            match byte {
                _ if escaped => escaped = false,
                b'\\' if in_string => escaped = true,
                b'"' => in_string = !in_string,
                b';' if !in_string => {
                    let part = &code[start..at - 1];
                    start = at;
                    return Some(part);
                }
                _ => {}
            }
        }
        done = true;
        Some(&code[start..])
    })
}

/// The length of the white-space character at `at` in `rest`, if there is one there: white
/// space as [`char::is_whitespace`] says, decided without decoding a character for ASCII.
fn is_space(rest: &str, at: usize) -> Option<usize> {
    let byte = *rest.as_bytes().get(at)?;
    if byte.is_ascii() {
        return matches!(byte, b'\t'..=b'\r' | b' ').then_some(1);
    }
    let c = rest[at..].chars().next()?;
    c.is_whitespace().then(|| c.len_utf8())
}

/// `rest` without its leading white space (as [`str::trim_start`]).
fn skip_space(rest: &str) -> &str {
    let mut at = 0;
    while let Some(len) = is_space(rest, at) {
        at += len;
    }
    &rest[at..]
}

/// The length of the bare word at the start of `rest`: anything up to white space or a quote.
fn bare_word_len(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        if byte == b'"' || is_space(rest, at).is_some() {
            break;
        }
        // The length of the character starting here (a leading UTF-8 byte says it).
        at += match byte {
            0x00..=0x7f => 1,
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            _ => 4,
        };
    }
    at.min(bytes.len())
}

fn statement<'a>(text: &'a str, code: &'a str) -> Result<Statement<'a>, Diagnostic> {
    let span_of = |part: &str| {
        let start = offset_in(text, part);
        Span::new(start, start + part.len())
    };
    let mut keyword = None;
    let mut words = Words::new();
    let mut rest = code;
    loop {
        rest = skip_space(rest);
        if rest.is_empty() {
            break;
        }
        let word = if rest.starts_with('"') {
            let (value, len) = unquote(rest);
            let word = Spanned::new(value, span_of(&rest[..len]));
            rest = &rest[len..];
            if rest.starts_with(|c: char| !c.is_whitespace()) {
                return Err(Diagnostic::new(
                    &codes::UNEXPECTED_TOKEN,
                    "expected white space after a string",
                )
                .at(
                    span_of(&rest[..rest.chars().next().map_or(0, char::len_utf8)]),
                    "here",
                )
                .help("separate words with spaces"));
            }
            word
        } else {
            let (word, after) = rest.split_at(bare_word_len(rest));
            rest = after;
            Spanned::new(Text::Borrowed(word), span_of(word))
        };
        if keyword.is_none() {
            keyword = Some(word);
        } else {
            words.push(word);
        }
    }
    let keyword = keyword.ok_or_else(|| {
        Diagnostic::new(&codes::UNEXPECTED_TOKEN, "expected a statement").at(span_of(code), "here")
    })?;
    Ok(Statement {
        keyword,
        words,
        span: span_of(code),
        plain: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_split_at_semicolons_outside_strings() {
        let (file, diagnostics) = parse("turn red; draw A; place at 1,0 r90\ngame \"a; b\"\n");
        assert!(diagnostics.is_empty());
        let keywords: Vec<&str> = file
            .statements
            .iter()
            .map(|s| s.keyword.value.as_ref())
            .collect();
        assert_eq!(keywords, ["turn", "draw", "place", "game"]);
        assert_eq!(file.statements[3].words[0].value, "a; b");
    }

    /// The byte scan splits words where `char::is_whitespace` does, ASCII or not, keeps
    /// non-ASCII words whole, and ends lines as `split_inclusive` and `trim_end_matches` did.
    #[test]
    fn words_split_at_any_white_space() {
        let text =
            "turn\u{3000}rot\u{a0}\u{b}gr\u{fc}n \u{85}\u{e9}t\u{e9}\"x\"\r\r\ndraw A;;  \t\nend";
        let (file, diagnostics) = parse(text);
        let words: Vec<Vec<&str>> = file
            .statements
            .iter()
            .map(|s| {
                std::iter::once(&s.keyword)
                    .chain(&s.words)
                    .map(|w| w.value.as_ref())
                    .collect()
            })
            .collect();
        let expected: Vec<Vec<&str>> = text
            .split_inclusive('\n')
            .map(|line| line.trim_end_matches(['\n', '\r']))
            .flat_map(|line| line.split(';'))
            .map(|part| part.split(char::is_whitespace).filter(|w| !w.is_empty()))
            .map(|words| words.flat_map(|w| w.split('"')).filter(|w| !w.is_empty()))
            .map(Iterator::collect)
            .filter(|words: &Vec<&str>| !words.is_empty())
            .collect();
        assert_eq!(words, expected);
        assert_eq!(words[0], ["turn", "rot", "gr\u{fc}n", "\u{e9}t\u{e9}", "x"]);
        // The quoted word follows the bare one without a space.
        assert_eq!(diagnostics.len(), 0, "{diagnostics:?}");
        let spans: Vec<(usize, usize)> = file.statements[0]
            .words
            .iter()
            .map(|w| (w.span.start, w.span.end))
            .collect();
        // The words after the keyword: `rot`, `grün`, `été`, `"x"`.
        assert_eq!(&text[spans[1].0..spans[1].1], "gr\u{fc}n");
        assert_eq!(&text[spans[2].0..spans[2].1], "\u{e9}t\u{e9}");
        assert_eq!(&text[spans[3].0..spans[3].1], "\"x\"");
    }

    /// The one-scan path reads a plain line as the general path does: the same keyword, words
    /// and spans; and it leaves every other line to the general path.
    #[test]
    fn plain_lines_read_as_the_general_path_reads_them() {
        let lines = [
            "turn red",
            "  draw BA/CFC.2 \t",
            "place at -1,0 r270\r",
            "deploy farmer on NL+ER",
            "put red farmer at 0,0 \x0b on \x0c N",
            "end",
            "a\\b c",
        ];
        for line in lines {
            let text = format!("{line}\nnext");
            let mut statement = PlainStatement::empty(&text);
            let PlainLine::Statement { next } = plain_line(&text, 0, &mut statement) else {
                panic!("{line:?} is plain");
            };
            let statement = statement.to_statement();
            assert_eq!(next, line.len() + 1);
            let trimmed = text[..line.len()].trim();
            let general = super::statement(&text, trimmed).expect("a statement");
            let words = |s: &Statement<'_>| -> Vec<(String, Span)> {
                std::iter::once(&s.keyword)
                    .chain(&s.words)
                    .map(|w| (w.value.to_string(), w.span))
                    .collect()
            };
            assert_eq!(words(&statement), words(&general), "{line:?}");
            assert_eq!(statement.span, general.span, "{line:?}");
            assert!(statement.plain && !general.plain);
        }
        for blank in ["", "   \t\r", "\n"] {
            let text = format!("{blank}\nx");
            let mut statement = PlainStatement::empty(&text);
            assert!(matches!(
                plain_line(&text, 0, &mut statement),
                PlainLine::Blank { .. }
            ));
        }
        for other in [
            "game \"a\"",
            "turn red # red starts",
            "turn red; draw A",
            "turn r\u{e9}d",
            "turn \u{7}red",
            "turn red\u{7f}",
            // More words than a plain statement holds.
            "expect score red 4 blue 0 x y",
            // A tile block's first line, for the tile parser.
            "tile A {",
            "tile",
        ] {
            let mut statement = PlainStatement::empty(other);
            assert!(
                matches!(plain_line(other, 0, &mut statement), PlainLine::Other),
                "{other:?} is not plain"
            );
        }
    }

    #[test]
    fn local_tiles_go_to_the_tile_parser() {
        let (file, diagnostics) = parse("players a b\ntile A {\n  city: N E S W\n}\nturn a\n");
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        assert_eq!(file.tiles.len(), 1);
        assert_eq!(file.statements.len(), 2);
    }
}
