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
    if text.contains('\r') {
        let mut bytes = text.into_bytes();
        for at in 0..bytes.len() {
            if bytes[at] == b'\r' && bytes.get(at + 1) != Some(&b'\n') {
                bytes[at] = b'\n';
            }
        }
        // Replacing one ASCII byte by another keeps the text UTF-8.
        text = String::from_utf8(bytes).unwrap_or_default();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn byte_order_mark_is_dropped_and_lone_carriage_returns_end_lines() {
        assert_eq!(normalize("\u{feff}a\rb\r\nc".into()), "a\nb\r\nc");
        assert_eq!(normalize("a\r".into()), "a\n");
        assert_eq!(normalize("é\u{feff}".into()), "é\u{feff}");
    }
}
