//! Reading user files: the one function every command uses to read a tile set, a game or a
//! saved game, and the normalisation every text gets before it is parsed.
//!
//! Only regular files are read (symbolic links are followed to them): a device such as
//! `/dev/zero` never ends and a named pipe can block forever. A file larger than
//! [`MAX_INPUT_BYTES`] is refused before it is read, and reading stops there should the file
//! grow meanwhile, so memory stays bounded whatever the path names.

use std::io::Read;
use std::path::Path;

use crate::codes;
use crate::diagnostic::Diagnostic;

/// The largest file carcspec reads: far above any tile set or transcript of real games (a
/// game of a thousand turns is under 100 KB), low enough that a runaway file cannot exhaust
/// memory.
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// Reads the text of the regular file at `path`, normalised by [`normalize`].
pub fn read_text(path: &Path) -> Result<String, Diagnostic> {
    let shown = path.display();
    let unreadable = |error: std::io::Error| {
        let message = if error.kind() == std::io::ErrorKind::NotFound {
            format!("`{shown}`: no such file or folder")
        } else {
            format!("cannot read `{shown}`: {error}")
        };
        Diagnostic::new(&codes::UNREADABLE_INPUT, message).help("give the path of a readable file")
    };
    // `metadata` follows symbolic links; it is asked before opening, since opening a FIFO
    // blocks until someone writes to it.
    let metadata = std::fs::metadata(path).map_err(unreadable)?;
    if !metadata.is_file() {
        let what = if metadata.is_dir() {
            "a folder"
        } else {
            "not a regular file (a device, pipe or socket)"
        };
        return Err(
            Diagnostic::new(&codes::NOT_A_REGULAR_FILE, format!("`{shown}` is {what}")).help(
                "carcspec reads regular files only: save the input to a file and give its path",
            ),
        );
    }
    let too_large = |size: u64| {
        Diagnostic::new(
            &codes::INPUT_TOO_LARGE,
            format!(
                "`{shown}` is {} bytes long, more than the limit of {MAX_INPUT_BYTES} bytes",
                size
            ),
        )
        .help("split the file; no tile set or transcript of real games comes near the limit")
    };
    if metadata.len() > MAX_INPUT_BYTES {
        return Err(too_large(metadata.len()));
    }
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    let text = String::from_utf8(bytes).map_err(|error| {
        Diagnostic::new(
            &codes::UNREADABLE_INPUT,
            format!(
                "cannot read `{shown}`: not UTF-8 text (invalid byte at offset {})",
                error.utf8_error().valid_up_to()
            ),
        )
        .help("save the file as UTF-8 text")
    })?;
    Ok(normalize(text))
}

/// The text as the parsers read it: without a UTF-8 byte-order mark (which Windows editors
/// write at the start of a file), and with every line ending a line feed. A carriage return
/// alone (old Mac line endings) becomes a line feed in place, so every byte offset, and so every
/// place a diagnostic names, stays the same; a CR LF pair is left as it is (the parsers read it).
pub fn normalize(mut text: String) -> String {
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    with_line_feeds(text)
}

/// The text with every carriage return alone (old Mac line endings) made a line feed in place:
/// the same lines at the same offsets ([`line_starts`]), in the form every parser reads.
pub fn with_line_feeds(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let mut bytes = text.into_bytes();
    for at in 0..bytes.len() {
        if bytes[at] == b'\r' && bytes.get(at + 1) != Some(&b'\n') {
            bytes[at] = b'\n';
        }
    }
    // Replacing one ASCII byte by another keeps the text UTF-8.
    String::from_utf8(bytes).unwrap_or_default()
}

/// The byte offsets where the lines of `text` start: the one notion of a line every reader
/// of a text shares (the check after [`normalize`], the language server's positions and its
/// formatting edits). A line ends at a line feed, at a CR LF pair, or at a carriage return
/// alone, as the Language Server Protocol counts lines and as [`normalize`] reads them; the
/// first line starts at 0, and a text ending in a line end has an empty last line.
pub fn line_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = vec![0];
    for (at, byte) in bytes.iter().enumerate() {
        let ends_line = match byte {
            b'\n' => true,
            // The CR of a CR LF pair is not a line end of its own: the LF after it is.
            b'\r' => bytes.get(at + 1) != Some(&b'\n'),
            _ => false,
        };
        if ends_line {
            starts.push(at + 1);
        }
    }
    starts
}

/// The lines of `text` as [`line_starts`] cuts them, each with its line end.
pub fn lines_with_ends(text: &str) -> impl Iterator<Item = &str> {
    let starts = line_starts(text);
    let ends: Vec<usize> = starts.iter().skip(1).copied().chain([text.len()]).collect();
    starts
        .into_iter()
        .zip(ends)
        .filter(|(start, end)| start < end)
        .map(move |(start, end)| &text[start..end])
}

#[cfg(test)]
mod tests {
    use super::{line_starts, lines_with_ends, normalize};

    #[test]
    fn byte_order_mark_is_dropped_and_lone_carriage_returns_end_lines() {
        assert_eq!(normalize("\u{feff}a\rb\r\nc".into()), "a\nb\r\nc");
        assert_eq!(normalize("a\r".into()), "a\n");
        assert_eq!(normalize("é\u{feff}".into()), "é\u{feff}");
    }

    #[test]
    fn lines_end_at_lf_crlf_and_lone_cr() {
        assert_eq!(line_starts("a\rb\r\nc\nd"), [0, 2, 5, 7]);
        assert_eq!(line_starts("a\r"), [0, 2]);
        assert_eq!(line_starts(""), [0]);
        let lines: Vec<&str> = lines_with_ends("a\rb\r\nc\n\rd").collect();
        assert_eq!(lines, ["a\r", "b\r\n", "c\n", "\r", "d"]);
        // The lines of a text are those of its normalised text, at the same offsets.
        let text = "x\r\ry\r\n\nz\r";
        assert_eq!(line_starts(text), line_starts(&normalize(text.into())));
    }
}
