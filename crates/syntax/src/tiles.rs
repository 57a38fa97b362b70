//! The tile language (`.tiles`): AST and parser. See `docs/tile-language.md`.
//!
//! The language is line-based: every statement stands on a line of its own, so the parser can
//! recover from an error at the next line and report every problem of a file in one run. Each
//! line is parsed with nom; the loop over lines tracks whether a tile is open.

use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, space0, space1};
use nom::combinator::{opt, recognize};
use nom::sequence::{pair, preceded};
use nom::{IResult, Parser};

use super::{Comments, Spanned, Text, offset_in};
use crate::codes;
use crate::diagnostic::{Diagnostic, Span};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TileFile<'a> {
    pub header: Vec<HeaderItem<'a>>,
    pub tiles: Vec<TileDecl<'a>>,
    /// Comments after the last statement of the file.
    pub closing_comments: Vec<Text<'a>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeaderValue<'a> {
    /// A bare word: `ruleset carcassonne`.
    Word(Text<'a>),
    /// A quoted string, unescaped: `source "..."`.
    Text(Text<'a>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderItem<'a> {
    pub key: Spanned<Text<'a>>,
    pub value: Spanned<HeaderValue<'a>>,
    pub comments: Comments<'a>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileDecl<'a> {
    pub id: Spanned<Text<'a>>,
    /// Words between the id and `{`: `x4`, `start`, `hill` …
    pub modifiers: Vec<Spanned<Text<'a>>>,
    pub features: Vec<FeatureDecl<'a>>,
    pub comments: Comments<'a>,
    /// The `tile … {` line.
    pub header_span: Span,
    /// Comments between the last feature and `}`.
    pub closing_comments: Vec<Text<'a>>,
    /// A comment on the `}` line.
    pub closing_trailing: Option<Text<'a>>,
    /// A line inside the tile did not parse, so the tile misses what that line said.
    pub damaged: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeatureDecl<'a> {
    pub kind: Spanned<Text<'a>>,
    pub label: Option<Spanned<Text<'a>>>,
    pub anchors: Vec<Spanned<Text<'a>>>,
    pub attributes: Vec<Attribute<'a>>,
    pub comments: Comments<'a>,
    /// The whole statement, without its comment.
    pub span: Span,
}

/// The word of the statement that closes sides of a tile: `closed: N E S W`. It is written
/// like a feature (a word, a colon, sides) and parsed as one, but is none: it says which sides
/// no feature reaches (docs/tile-language.md, "Closed sides").
pub const CLOSED_SIDES: &str = "closed";

/// `key` or `key=value,value…`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribute<'a> {
    pub key: Spanned<Text<'a>>,
    pub values: Vec<Spanned<Text<'a>>>,
    pub span: Span,
}

/// Parses a tile file. Never panics and never stops at the first error: the AST holds every
/// statement that could be read, the diagnostics every one that could not.
pub fn parse(text: &str) -> (TileFile<'_>, Vec<Diagnostic>) {
    let mut parser = FileParser::new(text);
    for line in text.split_inclusive('\n') {
        parser.line(line.trim_end_matches(['\n', '\r']));
    }
    parser.finish()
}

/// The line-by-line parser of tile files, also used for the tiles defined inside game files.
pub(crate) struct FileParser<'t> {
    text: &'t str,
    file: TileFile<'t>,
    open_tile: Option<TileDecl<'t>>,
    /// Comments and blank lines seen since the last statement.
    pending: Comments<'t>,
    diagnostics: Vec<Diagnostic>,
}

/// A line's failure: where, and what was expected there.
struct LineError {
    at: usize,
    message: String,
}

impl<'t> FileParser<'t> {
    pub(crate) fn new(text: &'t str) -> Self {
        FileParser {
            text,
            file: TileFile::default(),
            open_tile: None,
            pending: Comments::default(),
            diagnostics: Vec::new(),
        }
    }

    /// Whether a line (without its comment) belongs to a tile block: it opens a tile, or a
    /// tile is open.
    pub(crate) fn takes(&self, code: &str) -> bool {
        self.in_tile() || starts_with_keyword(code.trim(), "tile")
    }

    /// Whether a tile block is open: every line goes to it until its `}`.
    pub(crate) fn in_tile(&self) -> bool {
        self.open_tile.is_some()
    }

    fn span_of(&self, part: &str) -> Span {
        let start = offset_in(self.text, part);
        Span::new(start, start + part.len())
    }

    /// Parses one line of the text (without its line break).
    pub(crate) fn line(&mut self, line: &'t str) {
        let (code, comment) = match split_comment(line) {
            Ok(split) => split,
            Err(quote_at) => {
                let span = self.span_of(&line[quote_at..]);
                self.diagnostics.push(
                    Diagnostic::new(&codes::UNTERMINATED_STRING, "unterminated string")
                        .at(span, "this string has no closing quote")
                        .help("close the string with `\"` on the same line"),
                );
                return;
            }
        };
        let code = code.trim();
        if code.is_empty() {
            match comment {
                Some(comment) => self.pending.leading.push(comment.into()),
                None => self.pending.blank_before = true,
            }
            return;
        }
        let mut comments = std::mem::take(&mut self.pending);
        comments.trailing = comment.map(Text::from);

        if code == "}" {
            self.close_tile(code, comments);
        } else if starts_with_keyword(code, "tile") {
            if let Some(tile) = self.open_tile.take() {
                self.report_unclosed(&tile);
                self.file.tiles.push(tile);
            }
            self.tile_header(code, comments);
        } else if self.open_tile.is_some() {
            self.feature(code, comments);
        } else if code
            .split('"')
            .next()
            .is_some_and(|before_string| before_string.contains(':'))
        {
            let span = self.span_of(code);
            self.diagnostics.push(
                Diagnostic::new(&codes::FEATURE_OUTSIDE_TILE, "feature outside a tile")
                    .at(span, "this feature belongs to no tile")
                    .help("move it between a tile's `{` and `}`"),
            );
        } else {
            self.header_item(code, comments);
        }
    }

    fn close_tile(&mut self, code: &str, comments: Comments<'t>) {
        match self.open_tile.take() {
            Some(mut tile) => {
                tile.closing_comments = comments.leading;
                tile.closing_trailing = comments.trailing;
                self.file.tiles.push(tile);
            }
            None => {
                let span = self.span_of(code);
                self.diagnostics.push(
                    Diagnostic::new(&codes::UNMATCHED_BRACE, "`}` closes no tile")
                        .at(span, "no tile is open here")
                        .help("remove this `}` or open a tile with `tile <id> {`"),
                );
            }
        }
    }

    fn report_unclosed(&mut self, tile: &TileDecl<'t>) {
        self.diagnostics.push(
            Diagnostic::new(
                &codes::UNCLOSED_TILE,
                format!("tile `{}` is not closed", tile.id.value),
            )
            .at(tile.header_span, "this tile's `{` has no matching `}`")
            .help("put a line holding only `}` after the tile's last feature"),
        );
    }

    fn fail(&mut self, error: LineError, line: &str) {
        let rest = &line[error.at.min(line.len())..];
        let token_len = rest
            .find(char::is_whitespace)
            .unwrap_or(rest.len())
            .max(rest.chars().next().map_or(0, char::len_utf8));
        let start = offset_in(self.text, rest);
        let span = Span::new(start, start + token_len);
        let found = if rest.is_empty() {
            "the end of the line".to_string()
        } else {
            format!("`{}`", &rest[..token_len])
        };
        self.diagnostics.push(
            Diagnostic::new(
                &codes::UNEXPECTED_TOKEN,
                format!("{}, found {found}", error.message),
            )
            .at(span, error.message.clone())
            .help("see `carcspec explain T001` for the shape of a tile file"),
        );
    }

    fn tile_header(&mut self, code: &'t str, comments: Comments<'t>) {
        match tile_header_line(code) {
            Ok((id, modifiers, has_brace)) => {
                let tile = TileDecl {
                    id: Spanned::new(id.into(), self.span_of(id)),
                    modifiers: modifiers
                        .into_iter()
                        .map(|m| Spanned::new(m.into(), self.span_of(m)))
                        .collect(),
                    features: Vec::new(),
                    comments,
                    header_span: self.span_of(code),
                    closing_comments: Vec::new(),
                    closing_trailing: None,
                    damaged: false,
                };
                if !has_brace {
                    // Take the tile as open anyway: its feature lines follow, and reading them
                    // as features reports their own errors instead of a cascade.
                    let end = code.len();
                    self.fail(
                        LineError {
                            at: end,
                            message: "expected `{` at the end of the tile line".into(),
                        },
                        code,
                    );
                }
                self.open_tile = Some(tile);
            }
            Err(error) => {
                self.fail(error, code);
                // Recover with an anonymous open tile, so that its features are still checked
                // for syntax and not reported as standing outside a tile.
                self.open_tile = Some(TileDecl {
                    id: Spanned::new(Text::Borrowed(""), self.span_of(code)),
                    modifiers: Vec::new(),
                    features: Vec::new(),
                    comments,
                    header_span: self.span_of(code),
                    closing_comments: Vec::new(),
                    closing_trailing: None,
                    damaged: true,
                });
            }
        }
    }

    fn header_item(&mut self, code: &'t str, comments: Comments<'t>) {
        match header_line(code) {
            Ok((key, value, value_text)) => {
                let item = HeaderItem {
                    key: Spanned::new(key.into(), self.span_of(key)),
                    value: Spanned::new(value, self.span_of(value_text)),
                    comments,
                };
                self.file.header.push(item);
            }
            Err(error) => self.fail(error, code),
        }
    }

    fn feature(&mut self, code: &'t str, comments: Comments<'t>) {
        match feature_line(code) {
            Ok(parts) => {
                let feature = FeatureDecl {
                    kind: Spanned::new(parts.kind.into(), self.span_of(parts.kind)),
                    label: parts.label.map(|l| Spanned::new(l.into(), self.span_of(l))),
                    anchors: parts
                        .anchors
                        .into_iter()
                        .map(|a| Spanned::new(a.into(), self.span_of(a)))
                        .collect(),
                    attributes: parts
                        .attributes
                        .into_iter()
                        .map(|(whole, key, values)| Attribute {
                            key: Spanned::new(key.into(), self.span_of(key)),
                            values: values
                                .into_iter()
                                .map(|v| Spanned::new(v.into(), self.span_of(v)))
                                .collect(),
                            span: self.span_of(whole),
                        })
                        .collect(),
                    comments,
                    span: self.span_of(code),
                };
                if let Some(tile) = self.open_tile.as_mut() {
                    tile.features.push(feature);
                }
            }
            Err(error) => {
                self.fail(error, code);
                if let Some(tile) = self.open_tile.as_mut() {
                    tile.damaged = true;
                }
            }
        }
    }

    pub(crate) fn finish(mut self) -> (TileFile<'t>, Vec<Diagnostic>) {
        if let Some(tile) = self.open_tile.take() {
            self.report_unclosed(&tile);
            self.file.tiles.push(tile);
        }
        self.file.closing_comments = self.pending.leading;
        (self.file, self.diagnostics)
    }
}

/// Splits a line into its code and its comment (the text after a `#` outside a string).
/// Fails with the offset of the opening quote when a string is not closed.
pub fn split_comment(line: &str) -> Result<(&str, Option<&str>), usize> {
    // Most lines hold no string: there the first `#`, if any, starts the comment.
    match line.bytes().position(|b| b == b'"' || b == b'#') {
        None => return Ok((line, None)),
        Some(at) if line.as_bytes()[at] == b'#' => {
            return Ok((&line[..at], Some(line[at + 1..].trim_end())));
        }
        Some(_) => {}
    }
    let mut in_string: Option<usize> = None;
    let mut escaped = false;
    // Byte by byte: the characters that matter are ASCII, and no byte of a multi-byte UTF-8
    // character is (every line of a game passes here).
    for (at, c) in line.bytes().enumerate() {
        match (in_string, c) {
            (Some(_), _) if escaped => escaped = false,
            (Some(_), b'\\') => escaped = true,
            (Some(_), b'"') => in_string = None,
            (Some(_), _) => {}
            (None, b'"') => in_string = Some(at),
            (None, b'#') => return Ok((&line[..at], Some(line[at + 1..].trim_end()))),
            (None, _) => {}
        }
    }
    match in_string {
        Some(quote_at) => Err(quote_at),
        None => Ok((line, None)),
    }
}

pub fn starts_with_keyword(code: &str, keyword: &str) -> bool {
    code.strip_prefix(keyword)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

/// A keyword, label or modifier: letters, digits, `-` and `_`, starting with a letter or digit.
fn word(input: &str) -> IResult<&str, &str> {
    take_while1(is_word_char).parse(input)
}

/// A label: a word starting with a letter.
fn label(input: &str) -> IResult<&str, &str> {
    recognize(pair(
        take_while1(|c: char| c.is_alphabetic()),
        take_while(is_word_char),
    ))
    .parse(input)
}

/// A tile id: anything up to white space or a character the language reserves.
fn tile_id(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| !c.is_whitespace() && !"{}#\"=:,".contains(c)).parse(input)
}

/// Any run of characters up to white space.
fn token(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| !c.is_whitespace()).parse(input)
}

fn expect<'a, O>(
    result: IResult<&'a str, O>,
    line: &'a str,
    at: &'a str,
    message: &str,
) -> Result<(&'a str, O), LineError> {
    result.map_err(|_| LineError {
        at: offset_in(line, at),
        message: message.to_string(),
    })
}

/// `tile <id> <modifier>* {` → (id, modifiers, whether the `{` is there).
fn tile_header_line(line: &str) -> Result<(&str, Vec<&str>, bool), LineError> {
    let (rest, _) = expect(
        pair(tag("tile"), space1).parse(line),
        line,
        line,
        "expected `tile`",
    )?;
    let (mut rest, id) = expect(tile_id(rest), line, rest, "expected a tile id after `tile`")?;
    let mut modifiers = Vec::new();
    loop {
        let (after_space, _) = space0::<_, nom::error::Error<&str>>(rest).unwrap_or((rest, ""));
        rest = after_space;
        if rest.is_empty() {
            return Ok((id, modifiers, false));
        }
        if let Ok((after, _)) = char::<_, nom::error::Error<&str>>('{').parse(rest) {
            if !after.trim().is_empty() {
                return Err(LineError {
                    at: offset_in(line, after.trim_start()),
                    message: "expected the end of the line after `{`".into(),
                });
            }
            return Ok((id, modifiers, true));
        }
        let (after, modifier) = expect(
            word(rest),
            line,
            rest,
            "expected a tile modifier (`x2`, `start`, `bonus`, `hill` …) or `{`",
        )?;
        modifiers.push(modifier);
        rest = after;
    }
}

/// `key value` or `key "text"` → (key, value, the value's text in the line).
fn header_line(line: &str) -> Result<(&str, HeaderValue<'_>, &str), LineError> {
    let (rest, key) = expect(word(line), line, line, "expected a header keyword")?;
    let (rest, _) = expect(
        space1(rest),
        line,
        rest,
        "expected a value after the header keyword",
    )?;
    let (value, value_text, after) = if rest.starts_with('"') {
        let (text, len) = unquote(rest);
        (HeaderValue::Text(text), &rest[..len], &rest[len..])
    } else {
        let (after, value) = expect(
            token(rest),
            line,
            rest,
            "expected a value after the header keyword",
        )?;
        (HeaderValue::Word(value.into()), value, after)
    };
    if !after.trim().is_empty() {
        return Err(LineError {
            at: offset_in(line, after.trim_start()),
            message: "expected the end of the line after the header value".into(),
        });
    }
    Ok((key, value, value_text))
}

/// Reads a quoted string at the start of `input` (its closing quote is known to exist, since
/// [`split_comment`] checked it). Returns the unescaped text and the length it took.
pub fn unquote(input: &str) -> (Text<'_>, usize) {
    // Most strings hold no escape: borrow those.
    let body = &input[1..];
    if let Some(end) = body
        .find(['"', '\\'])
        .filter(|at| body[*at..].starts_with('"'))
    {
        return (Text::Borrowed(&body[..end]), end + 2);
    }
    let mut text = String::new();
    let mut chars = input.char_indices().skip(1).peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, 'n')) => text.push('\n'),
                Some((_, 'r')) => text.push('\r'),
                Some((_, 't')) => text.push('\t'),
                // `\u{7f}`: any character by its code point, as `quote` writes control ones.
                Some((_, 'u')) if chars.peek().is_some_and(|(_, c)| *c == '{') => {
                    let rest = &input[at + 2..];
                    let escape = rest.find('}').and_then(|end| {
                        let code = u32::from_str_radix(&rest[1..end], 16).ok()?;
                        Some((char::from_u32(code)?, end))
                    });
                    match escape {
                        Some((decoded, end)) => {
                            text.push(decoded);
                            // Skip `{`, the digits and `}`.
                            while chars.peek().is_some_and(|(i, _)| *i <= at + 2 + end) {
                                chars.next();
                            }
                        }
                        None => text.push('u'),
                    }
                }
                Some((_, escaped)) => text.push(escaped),
                None => {}
            },
            '"' => return (text.into(), at + 1),
            _ => text.push(c),
        }
    }
    (text.into(), input.len())
}

struct FeatureParts<'a> {
    kind: &'a str,
    label: Option<&'a str>,
    anchors: Vec<&'a str>,
    /// (whole attribute, key, values)
    attributes: Vec<(&'a str, &'a str, Vec<&'a str>)>,
}

/// `kind [label]: ANCHOR* attribute*`.
fn feature_line(line: &str) -> Result<FeatureParts<'_>, LineError> {
    let (rest, kind) = expect(word(line), line, line, "expected a feature kind")?;
    let (rest, label) = expect(
        opt(preceded(space1, label)).parse(rest),
        line,
        rest,
        "expected a label",
    )?;
    let (rest, _) = expect(
        pair(space0, char(':')).parse(rest),
        line,
        rest.trim_start(),
        "expected `:` after the feature kind and label",
    )?;
    let mut parts = FeatureParts {
        kind,
        label,
        anchors: Vec::new(),
        attributes: Vec::new(),
    };
    let mut rest = rest;
    loop {
        let (after_space, _) = space0::<_, nom::error::Error<&str>>(rest).unwrap_or((rest, ""));
        rest = after_space;
        if rest.is_empty() {
            return Ok(parts);
        }
        let (after, item) = expect(token(rest), line, rest, "expected an anchor or attribute")?;
        if item.starts_with(|c: char| c.is_uppercase()) {
            if !parts.attributes.is_empty() {
                return Err(LineError {
                    at: offset_in(line, item),
                    message: "expected an attribute: anchors come before attributes".into(),
                });
            }
            if !item.chars().all(|c| c.is_alphanumeric()) {
                return Err(LineError {
                    at: offset_in(line, item),
                    message: "expected an anchor such as `N` or `NL`".into(),
                });
            }
            parts.anchors.push(item);
        } else {
            parts.attributes.push(attribute(item, line)?);
        }
        rest = after;
    }
}

/// `key` or `key=value,value…`.
fn attribute<'a>(
    item: &'a str,
    line: &'a str,
) -> Result<(&'a str, &'a str, Vec<&'a str>), LineError> {
    let (rest, key) = expect(
        label(item),
        line,
        item,
        "expected an attribute such as `pennant` or `touches=c`",
    )?;
    if rest.is_empty() {
        return Ok((item, key, Vec::new()));
    }
    let (mut rest, _) = expect(
        char('=').parse(rest),
        line,
        rest,
        "expected `=` or white space after the attribute name",
    )?;
    let mut values = Vec::new();
    loop {
        let (after, value) = expect(
            tile_id(rest),
            line,
            rest,
            "expected a value after `=` or `,`",
        )?;
        values.push(value);
        if after.is_empty() {
            return Ok((item, key, values));
        }
        let (after, _) = expect(
            char(',').parse(after),
            line,
            after,
            "expected `,` between values",
        )?;
        rest = after;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_split_respects_strings() {
        assert_eq!(
            split_comment(r#"source "a # b" # c"#).ok(),
            Some((r#"source "a # b" "#, Some(" c")))
        );
        assert_eq!(split_comment(r#"source "open"#).err(), Some(7));
    }

    #[test]
    fn feature_line_splits_anchors_and_attributes() {
        let parts = feature_line("field f: EL WR touches=c,d").ok().unwrap();
        assert_eq!(parts.kind, "field");
        assert_eq!(parts.label, Some("f"));
        assert_eq!(parts.anchors, ["EL", "WR"]);
        assert_eq!(parts.attributes[0].1, "touches");
        assert_eq!(parts.attributes[0].2, ["c", "d"]);
    }

    #[test]
    fn anchors_after_attributes_are_an_error() {
        assert!(feature_line("field: EL touches=c WR").is_err());
    }
}
