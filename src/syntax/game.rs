//! The game language (`.game`): AST and parser. See `docs/game-language.md`.
//!
//! A game file is a list of statements, one a line (or several on a line, separated by `;`):
//! a keyword and its words. Tiles defined inside the file are written in the tile language and
//! parsed by its parser. Which keywords exist and what their words mean is decided by
//! [`crate::lower::game`]; the parser only splits the text, so that it can report every
//! malformed word at once and recover at the next statement.

use nom::bytes::complete::take_while1;
use nom::{IResult, Parser};

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
    pub words: Vec<Spanned<Text<'a>>>,
    pub span: Span,
}

/// Parses a game file; never panics, and reports every line it cannot read.
pub fn parse(text: &str) -> (GameFile<'_>, Vec<Diagnostic>) {
    let mut tiles = FileParser::new(text);
    let mut file = GameFile::default();
    let mut diagnostics = Vec::new();
    for line in text.split_inclusive('\n') {
        let line = line.trim_end_matches(['\n', '\r']);
        let code = match split_comment(line) {
            Ok((code, _)) => code,
            Err(quote_at) => {
                let start = offset_in(text, &line[quote_at..]);
                diagnostics.push(
                    Diagnostic::new(&codes::UNTERMINATED_STRING, "unterminated string")
                        .at(
                            Span::new(start, start + line.len() - quote_at),
                            "this string has no closing quote",
                        )
                        .help("close the string with `\"` on the same line"),
                );
                continue;
            }
        };
        if tiles.takes(code) {
            tiles.line(line);
            continue;
        }
        for part in split_statements(code) {
            if part.trim().is_empty() {
                continue;
            }
            match statement(text, part.trim()) {
                Ok(statement) => file.statements.push(statement),
                Err(diagnostic) => diagnostics.push(diagnostic),
            }
        }
    }
    let (tile_file, tile_diagnostics) = tiles.finish();
    file.tiles = tile_file.tiles;
    diagnostics.extend(tile_diagnostics);
    (file, diagnostics)
}

/// Splits a line's code at `;` outside strings.
pub(crate) fn split_statements(code: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut in_string = false;
    let mut escaped = false;
    for (at, c) in code.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            ';' if !in_string => {
                parts.push(&code[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(&code[start..]);
    parts
}

/// A bare word: anything up to white space, `;` or a quote.
fn bare_word(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| !c.is_whitespace() && c != '"').parse(input)
}

fn statement<'a>(text: &'a str, code: &'a str) -> Result<Statement<'a>, Diagnostic> {
    let span_of = |part: &str| {
        let start = offset_in(text, part);
        Span::new(start, start + part.len())
    };
    let mut words = Vec::new();
    let mut rest = code;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        if rest.starts_with('"') {
            let (value, len) = unquote(rest);
            words.push(Spanned::new(value, span_of(&rest[..len])));
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
            continue;
        }
        match bare_word(rest) {
            Ok((after, word)) => {
                words.push(Spanned::new(Text::Borrowed(word), span_of(word)));
                rest = after;
            }
            Err(_) => break,
        }
    }
    let mut words = words.into_iter();
    let keyword = words.next().ok_or_else(|| {
        Diagnostic::new(&codes::UNEXPECTED_TOKEN, "expected a statement").at(span_of(code), "here")
    })?;
    Ok(Statement {
        keyword,
        words: words.collect(),
        span: span_of(code),
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

    #[test]
    fn local_tiles_go_to_the_tile_parser() {
        let (file, diagnostics) = parse("players a b\ntile A {\n  city: N E S W\n}\nturn a\n");
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        assert_eq!(file.tiles.len(), 1);
        assert_eq!(file.statements.len(), 2);
    }
}
