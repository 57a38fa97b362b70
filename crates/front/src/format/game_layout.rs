//! The canonical layout of a game file (`carcspec fmt`).
//!
//! The game language is line-based, and so is its formatter: it splits each line as the parser
//! does (code and comment, statements at `;`, words and quoted strings) and writes the same
//! words back, so it changes layout only, never meaning. Canonical: statements start at the
//! left margin; single spaces between words; `; ` between statements on one line; a trailing
//! comment two spaces after its statement; one blank line at most between statements (as the
//! author put them), none at the start or the end; local tiles in the tile formatter's layout.
//! Callers format only files that parse without errors.

use crate::syntax::game::split_statements;
use crate::syntax::tiles::{split_comment, starts_with_keyword, unquote};

/// Writes the game `text` in canonical layout.
pub fn format(text: &str) -> String {
    let mut out = String::new();
    let mut tile_block: Option<String> = None;
    let mut blank_pending = false;
    for line in text.lines() {
        let (code, comment) = split_comment(line).unwrap_or((line, None));
        if let Some(block) = &mut tile_block {
            block.push_str(line);
            block.push('\n');
            if code.trim() == "}" {
                let (file, _) = crate::syntax::tiles::parse(block);
                out.push_str(&super::tiles::format(&file));
                tile_block = None;
            }
            continue;
        }
        if line.trim().is_empty() {
            blank_pending = !out.is_empty();
            continue;
        }
        if blank_pending {
            out.push('\n');
            blank_pending = false;
        }
        if starts_with_keyword(code.trim(), "tile") {
            let mut block = format!("{line}\n");
            if code.trim_end().ends_with('}') {
                // A tile opened and closed on one line goes to the tile formatter at once.
                let (file, _) = crate::syntax::tiles::parse(&block);
                out.push_str(&super::tiles::format(&file));
            } else {
                block.shrink_to_fit();
                tile_block = Some(block);
            }
            continue;
        }
        let statements: Vec<String> = split_statements(code)
            .map(words)
            .filter(|statement| !statement.is_empty())
            .collect();
        let statements = statements.join("; ");
        match (statements.is_empty(), comment) {
            (true, Some(comment)) => out.push_str(&format!("#{comment}\n")),
            (false, Some(comment)) => out.push_str(&format!("{statements}  #{comment}\n")),
            (false, None) => out.push_str(&format!("{statements}\n")),
            (true, None) => {}
        }
    }
    if let Some(block) = tile_block {
        // Unclosed (the parser reported it): keep the lines as they were.
        out.push_str(&block);
    }
    out
}

/// The words of one statement, single-spaced; quoted strings are kept as written.
fn words(statement: &str) -> String {
    let mut words = Vec::new();
    let mut rest = statement.trim_start();
    while !rest.is_empty() {
        let len = if rest.starts_with('"') {
            unquote(rest).1
        } else {
            rest.find(|c: char| c.is_whitespace() || c == '"')
                .unwrap_or(rest.len())
        };
        let len = len.max(1).min(rest.len());
        words.push(&rest[..len]);
        rest = rest[len..].trim_start();
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::format;
    use crate::syntax::tiles::split_comment;

    /// Every `.game` file of the repository (specs and fixtures), from the repository's root
    /// two folders above this crate's.
    fn games() -> Vec<std::path::PathBuf> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut found = Vec::new();
        let mut stack = vec![root.join("spec"), root.join("tests/fixtures")];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "game") {
                    found.push(path);
                }
            }
        }
        found.sort();
        assert!(found.len() > 50);
        found
    }

    /// The model a game text lowers to, as the printer writes it, and its diagnostics' codes.
    fn meaning(text: &str) -> (Option<String>, Vec<&'static str>) {
        let (file, mut diagnostics) = crate::syntax::game::parse(text);
        let lowered = crate::lower::game::lower(&file);
        diagnostics.extend(lowered.diagnostics);
        (
            lowered
                .script
                .map(|script| crate::format::game::print_script(&script, None)),
            diagnostics.iter().map(|d| d.code.code).collect(),
        )
    }

    fn comments(text: &str) -> Vec<String> {
        text.lines()
            .filter_map(|line| split_comment(line).ok()?.1)
            .map(|comment| comment.trim().to_string())
            .collect()
    }

    /// The same text laid out badly: indented, with trailing spaces and more blank lines.
    fn messy(text: &str) -> String {
        let lines: String = text
            .lines()
            .map(|line| {
                if line.trim().is_empty() {
                    "\n\n\n".to_string()
                } else {
                    format!("   {line}  \n")
                }
            })
            .collect();
        format!("\n\n{lines}\n\n")
    }

    #[test]
    fn formatting_every_game_is_idempotent_keeps_comments_and_meaning() {
        for path in games() {
            // Fixtures that are not text (binary input) are nothing to format.
            let Ok(text) = crate::input::read_text(&path) else {
                continue;
            };
            if !crate::syntax::game::parse(&text).1.is_empty() {
                continue; // formatting refuses files with syntax errors
            }
            let formatted = format(&text);
            assert_eq!(format(&formatted), formatted, "{}", path.display());
            assert_eq!(comments(&formatted), comments(&text), "{}", path.display());
            assert_eq!(meaning(&formatted), meaning(&text), "{}", path.display());
            assert_eq!(format(&messy(&text)), formatted, "{}", path.display());
        }
    }

    #[test]
    fn normalises_spacing_and_keeps_comments() {
        let text = "\n\n# a game\ngame   \"a  b; c\"   # named\nturn red ;draw   A\n\n\n\nend\n\n";
        assert_eq!(
            format(text),
            "# a game\ngame \"a  b; c\"  # named\nturn red; draw A\n\nend\n"
        );
    }

    #[test]
    fn local_tiles_take_the_tile_layout() {
        let text = "players a b\ntile A x2 {\n      city:   N E S W   # all city\n}\nturn a\n";
        assert_eq!(
            format(text),
            "players a b\ntile A x2 {\n  city: N E S W  # all city\n}\nturn a\n"
        );
    }
}
