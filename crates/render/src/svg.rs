//! A small SVG writer: numbers printed with at most two decimals, so that the same picture is
//! always the same text (snapshot tests compare it byte for byte).

use std::fmt::Write;

/// A point in SVG user units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    /// The point `fraction` of the way from `self` to `other`.
    pub fn toward(self, other: Point, fraction: f64) -> Point {
        Point::new(
            self.x + (other.x - self.x) * fraction,
            self.y + (other.y - self.y) * fraction,
        )
    }

    pub fn offset(self, dx: f64, dy: f64) -> Point {
        Point::new(self.x + dx, self.y + dy)
    }
}

/// A number as SVG text: rounded to hundredths, without trailing zeros (`12`, `12.5`, `-0.25`).
pub fn num(value: f64) -> String {
    let hundredths = (value * 100.0).round() as i64;
    let sign = if hundredths < 0 { "-" } else { "" };
    let abs = hundredths.unsigned_abs();
    let (whole, frac) = (abs / 100, abs % 100);
    match frac {
        0 => format!("{sign}{whole}"),
        f if f % 10 == 0 => format!("{sign}{whole}.{}", f / 10),
        f => format!("{sign}{whole}.{f:02}"),
    }
}

/// `x,y` for path data and point lists.
pub fn pt(p: Point) -> String {
    format!("{},{}", num(p.x), num(p.y))
}

/// Text escaped for XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0; a tile id cannot hold them, but a
            // player name read from a game might.
            c if c.is_control() => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// The text of an SVG document being written.
#[derive(Debug, Default)]
pub struct Svg {
    body: String,
    /// Ids handed out so far (clip paths), unique in the document.
    ids: usize,
}

/// The font every text of a picture uses; the PNG rasteriser loads exactly this font from the
/// bytes bundled in the binary, so pictures look the same everywhere.
pub const FONT_FAMILY: &str = "DejaVu Sans";

impl Svg {
    pub fn new() -> Svg {
        Svg::default()
    }

    /// Appends raw markup (one element or group, already well-formed).
    pub fn raw(&mut self, markup: &str) {
        self.body.push_str(markup);
        self.body.push('\n');
    }

    /// An id no other element of the document has, `prefix` then a number.
    pub fn fresh_id(&mut self, prefix: &str) -> String {
        self.ids += 1;
        format!("{prefix}{}", self.ids)
    }

    pub fn open_group(&mut self, attributes: &str) {
        let _ = writeln!(self.body, "<g {attributes}>");
    }

    pub fn close_group(&mut self) {
        self.body.push_str("</g>\n");
    }

    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, style: &str) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" {style}/>"#,
            num(x),
            num(y),
            num(width),
            num(height)
        );
    }

    pub fn line(&mut self, from: Point, to: Point, style: &str) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {style}/>"#,
            num(from.x),
            num(from.y),
            num(to.x),
            num(to.y)
        );
    }

    pub fn circle(&mut self, centre: Point, radius: f64, style: &str) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{}" cy="{}" r="{}" {style}/>"#,
            num(centre.x),
            num(centre.y),
            num(radius)
        );
    }

    pub fn ellipse(&mut self, centre: Point, rx: f64, ry: f64, style: &str) {
        let _ = writeln!(
            self.body,
            r#"<ellipse cx="{}" cy="{}" rx="{}" ry="{}" {style}/>"#,
            num(centre.x),
            num(centre.y),
            num(rx),
            num(ry)
        );
    }

    pub fn path(&mut self, data: &str, style: &str) {
        let _ = writeln!(self.body, r#"<path d="{data}" {style}/>"#);
    }

    pub fn polygon(&mut self, points: &[Point], style: &str) {
        let list: Vec<String> = points.iter().map(|p| pt(*p)).collect();
        let _ = writeln!(
            self.body,
            r#"<polygon points="{}" {style}/>"#,
            list.join(" ")
        );
    }

    /// Text centred on `at` (its baseline `size * 0.35` below, so that it looks centred).
    pub fn text(&mut self, at: Point, size: f64, style: &str, content: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-family="{FONT_FAMILY}" font-size="{}" text-anchor="middle" {style}>{}</text>"#,
            num(at.x),
            num(at.y + size * 0.35),
            num(size),
            escape(content)
        );
    }

    /// Text starting at `at` (left aligned).
    pub fn text_start(&mut self, at: Point, size: f64, style: &str, content: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-family="{FONT_FAMILY}" font-size="{}" {style}>{}</text>"#,
            num(at.x),
            num(at.y + size * 0.35),
            num(size),
            escape(content)
        );
    }

    /// The finished document, `width` × `height` user units, shown at `width_attr` ×
    /// `height_attr` (e.g. `210mm` for a printed page, or the same numbers for a screen).
    pub fn finish_sized(
        self,
        width: f64,
        height: f64,
        width_attr: &str,
        height_attr: &str,
    ) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width_attr}\" height=\"{height_attr}\" viewBox=\"0 0 {} {}\">\n{}</svg>\n",
            num(width),
            num(height),
            self.body
        )
    }

    /// The finished document at one pixel per user unit.
    pub fn finish(self, width: f64, height: f64) -> String {
        let (w, h) = (num(width), num(height));
        self.finish_sized(width, height, &w, &h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_at_most_two_decimals_and_no_trailing_zeros() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(-0.254), "-0.25");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
