//! Positions in a text as the protocol counts them (line and UTF-16 or UTF-8 column), and
//! the files behind `file:` URIs.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::{Position, Range, Uri};

use crate::diagnostic::Span;

/// How the client counts columns: UTF-16 code units (the protocol's default) or bytes, when
/// the client offers `utf-8` in `general.positionEncodings`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf16,
    Utf8,
}

/// Byte offsets of line starts, to turn offsets into positions and back in O(log lines).
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
    encoding: Encoding,
}

impl LineIndex {
    pub fn new(text: &str, encoding: Encoding) -> LineIndex {
        // Lines end where the protocol says they do (LF, CR LF, or a CR alone), as for
        // every other reader of the text.
        let starts = crate::input::line_starts(text);
        LineIndex { starts, encoding }
    }

    /// How many lines the text has (a text ending in a newline has an empty last line).
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The protocol position of byte `offset` (clamped to the text, and to a character start).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|start| *start <= offset) - 1;
        let prefix = &text[self.starts[line]..offset];
        let column = match self.encoding {
            Encoding::Utf8 => prefix.len(),
            Encoding::Utf16 => prefix.encode_utf16().count(),
        };
        Position::new(saturate(line), saturate(column))
    }

    pub fn range(&self, text: &str, span: Span) -> Range {
        Range::new(
            self.position(text, span.start),
            self.position(text, span.end),
        )
    }

    /// The byte offset of a protocol position; positions past a line's end are clamped to it.
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(position.line as usize + 1)
            .map_or(text.len(), |&next| {
                // Before the line's end: a LF, a CR, or both.
                next - if text[..next].ends_with("\r\n") { 2 } else { 1 }
            });
        let line = &text[start..end];
        let wanted = position.character as usize;
        let mut counted = 0;
        for (at, c) in line.char_indices() {
            if counted >= wanted {
                return start + at;
            }
            counted += match self.encoding {
                Encoding::Utf8 => c.len_utf8(),
                Encoding::Utf16 => c.len_utf16(),
            };
        }
        end
    }
}

fn saturate(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

/// The local file a `file:` URI names.
pub fn uri_to_path(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file:///c:/…` on Windows, `file:///home/…` elsewhere; an authority other than empty or
    // `localhost` is a remote file we cannot read.
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    if !rest.starts_with('/') {
        return None;
    }
    let decoded = percent_decode(rest)?;
    if cfg!(windows) {
        let trimmed = decoded.strip_prefix('/').unwrap_or(&decoded);
        return Some(PathBuf::from(trimmed));
    }
    Some(PathBuf::from(decoded))
}

/// The `file:` URI of a local path.
pub fn path_to_uri(path: &Path) -> Option<Uri> {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(path)
    };
    let text = absolute.to_str()?.replace('\\', "/");
    let mut uri = String::from("file://");
    if !text.starts_with('/') {
        uri.push('/');
    }
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' | b':' => {
                uri.push(byte as char)
            }
            _ => uri.push_str(&format!("%{byte:02X}")),
        }
    }
    Uri::from_str(&uri).ok()
}

fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            let hex = text.get(at + 1..at + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            at += 3;
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_round_trip() {
        let text = "ab\nü𝄞x\n";
        let index = LineIndex::new(text, Encoding::Utf16);
        let x = text.find('x').unwrap();
        assert_eq!(index.position(text, x), Position::new(1, 3));
        assert_eq!(index.offset(text, Position::new(1, 3)), x);
        let utf8 = LineIndex::new(text, Encoding::Utf8);
        assert_eq!(utf8.position(text, x), Position::new(1, 6));
        assert_eq!(utf8.offset(text, Position::new(1, 6)), x);
        assert_eq!(index.offset(text, Position::new(9, 0)), text.len());
        assert_eq!(index.offset(text, Position::new(0, 99)), 2);
    }

    #[test]
    fn lines_end_at_a_lone_carriage_return_and_before_a_crlf() {
        let text = "ab\rcd\r\nef";
        let index = LineIndex::new(text, Encoding::Utf16);
        assert_eq!(index.line_count(), 3);
        assert_eq!(index.position(text, 3), Position::new(1, 0));
        assert_eq!(index.position(text, 7), Position::new(2, 0));
        // A column past a line's end stands for its end, before the line end.
        assert_eq!(index.offset(text, Position::new(0, 9)), 2);
        assert_eq!(index.offset(text, Position::new(1, 9)), 5);
        assert_eq!(index.offset(text, Position::new(2, 1)), 8);
    }

    #[test]
    fn file_uris_round_trip() {
        let path = Path::new("/tmp/a game/x.game");
        let uri = path_to_uri(path).unwrap();
        assert_eq!(uri.as_str(), "file:///tmp/a%20game/x.game");
        assert_eq!(uri_to_path(&uri).unwrap(), path);
    }
}
