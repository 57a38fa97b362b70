//! Pictures of tiles in hovers: the renderer's SVG (`crate::render::tile_svg`) as a Markdown
//! image with a `data:` URI, so that no file has to be written for the editor to show it.
//! Editors that show Markdown as text (most terminal editors) skip the image.

use crate::model::{Rotation, Tile};

impl super::Context<'_> {
    /// The picture of `tile` for a hover, after a blank line; nothing when the client does not
    /// show pictures (see [`super::Settings::pictures`]).
    pub(crate) fn picture(&self, tile: &Tile, rotation: Rotation, highlight: &[usize]) -> String {
        if self.settings.pictures {
            format!("\n\n{}", tile_image(tile, rotation, highlight))
        } else {
            String::new()
        }
    }
}

/// A Markdown image of `tile` turned by `rotation`, with the features `highlight` (indexes
/// into `tile.features`) outlined.
pub(crate) fn tile_image(tile: &Tile, rotation: Rotation, highlight: &[usize]) -> String {
    let svg = crate::render::tile_svg(tile, rotation, highlight);
    format!(
        "![tile {}](data:image/svg+xml;base64,{})",
        tile.id.replace(['[', ']'], ""),
        base64(svg.as_bytes())
    )
}

/// Standard base64 with padding (RFC 4648).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> shift) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::base64;

    #[test]
    fn base64_matches_rfc_4648_vectors() {
        let vectors = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in vectors {
            assert_eq!(base64(plain.as_bytes()), encoded);
        }
    }
}
