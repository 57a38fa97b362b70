//! Small pictures of what is printed on tiles (pennant, fish, gold, animals …), of buildings
//! and of figures. Each is drawn centred on a point, about 14 units across (a tile is 100).
//! Here too each feature kind's and marker's letter in the text view, so that a kind's
//! pictures are found in one place.

use crate::model::{ContentKind, FeatureKind, Marker};
use crate::rules::{FigurePicture, Paint, Strength};

use super::svg::{Point, Svg, num};

const OUTLINE: &str = "#222222";

/// The ale of the inn's tankard: a colour no other symbol uses, so that pictures and tests can
/// tell the inn by it.
const INN_ALE: &str = "#e9a630";

/// Path data from a template whose coordinates are offsets from `at`: every `x,y` pair of
/// numbers is moved by `at`. Templates use absolute commands (M L Q C Z) only.
fn shifted(template: &str, at: Point) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    for token in template.split_whitespace() {
        let (command, coords) = match token.chars().next() {
            Some(c) if c.is_ascii_alphabetic() => (Some(c), &token[1..]),
            _ => (None, token),
        };
        if !out.is_empty() {
            out.push(' ');
        }
        if let Some(c) = command {
            out.push(c);
        }
        if let Some((x, y)) = coords.split_once(',') {
            let (x, y): (f64, f64) = (x.parse().unwrap_or(0.0), y.parse().unwrap_or(0.0));
            out.push_str(&format!("{},{}", num(at.x + x), num(at.y + y)));
        }
    }
    out
}

/// One symbol per content (two or three copies side by side for a count of two or three, one
/// copy and the number for more), and a power's name, in a row centred on `at`.
pub fn contents_row(svg: &mut Svg, at: Point, items: &[(ContentKind, u32)], power: Option<&str>) {
    let mut glyphs: Vec<(ContentKind, Option<u32>)> = Vec::new();
    for &(kind, count) in items {
        if count <= 3 {
            glyphs.extend(std::iter::repeat_n((kind, None), count as usize));
        } else {
            glyphs.push((kind, Some(count)));
        }
    }
    let width: f64 = glyphs
        .iter()
        .map(|(_, n)| if n.is_some() { 22.0 } else { 14.0 })
        .sum();
    // Keep the row inside the tile.
    let left = (at.x - width / 2.0).clamp(6.0, (90.0 - width).max(6.0));
    // Keep symbols off the border strip, where the tile's sides are seen.
    let y = at.y.clamp(15.0, 87.0);
    let mut x = left;
    let no_symbols = glyphs.is_empty();
    for (kind, number) in glyphs {
        content(svg, kind, Point::new(x + 7.0, y));
        x += 14.0;
        if let Some(n) = number {
            svg.text(
                Point::new(x + 3.0, y + 2.0),
                8.0,
                r##"fill="#111111" stroke="#ffffff" stroke-width="2" paint-order="stroke""##,
                &n.to_string(),
            );
            x += 8.0;
        }
    }
    if let Some(power) = power {
        let label_y = if no_symbols {
            y
        } else if y > 70.0 {
            y - 13.0
        } else {
            y + 13.0
        }
        .clamp(14.0, 86.0);
        let w = power.len() as f64 * 4.6 + 4.0;
        let cx = at.x.clamp(w / 2.0 + 1.0, 99.0 - w / 2.0);
        svg.rect(
            cx - w / 2.0,
            label_y - 5.0,
            w,
            10.0,
            r##"rx="2" fill="#3b2d5c" fill-opacity="0.85""##,
        );
        svg.text(Point::new(cx, label_y), 7.5, r##"fill="#ffffff""##, power);
    }
}

/// The symbol of one content.
pub fn content(svg: &mut Svg, kind: ContentKind, at: Point) {
    match kind {
        ContentKind::Pennant => {
            svg.path(
                &shifted("M-5,-6 L5,-6 L5,0 Q5,5 0,7 Q-5,5 -5,0 Z", at),
                r##"fill="#2553a8" stroke="#ffffff" stroke-width="1.3""##,
            );
            svg.path(
                &shifted("M0,-4 L0,4 M-3,-1 L3,-1", at),
                r##"stroke="#ffffff" stroke-width="1""##,
            );
        }
        ContentKind::Fish => {
            svg.path(
                &shifted("M-6,0 Q-1,-5 4,0 Q-1,5 -6,0 Z M3,0 L7,-3 L7,3 Z", at),
                r##"fill="#f08a3c" stroke="#7a3e10" stroke-width="0.8""##,
            );
            svg.circle(at.offset(-3.5, -0.8), 0.7, r##"fill="#111111""##);
        }
        ContentKind::Spring => spring(svg, at),
        // Where a river ends, not a symbol: the river runs into the forest.
        ContentKind::ForestEnd => {}
        ContentKind::Gold => {
            svg.path(
                &shifted("M-6,3 L-4,-3 L0,-5 L5,-3 L6,2 L2,5 L-3,5 Z", at),
                r##"fill="#f2c230" stroke="#8a6a00" stroke-width="1""##,
            );
            svg.path(
                &shifted("M-2,-2 L1,-3", at),
                r##"stroke="#fff6c0" stroke-width="1""##,
            );
        }
        ContentKind::Menhir => {
            svg.path(
                &shifted("M-3,7 L-4,-2 Q-3,-8 0,-8 Q3,-8 4,-2 L3,7 Z", at),
                r##"fill="#a3a3a3" stroke="#4a4a4a" stroke-width="1""##,
            );
            svg.path(
                &shifted("M-4,7 L4,7", at),
                r##"stroke="#4a4a4a" stroke-width="1.2""##,
            );
        }
        ContentKind::Mushrooms => {
            svg.path(
                &shifted("M-1.5,0 L-1.5,6 L1.5,6 L1.5,0 Z", at),
                r##"fill="#f4eee0" stroke="#6b5b45" stroke-width="0.8""##,
            );
            svg.path(
                &shifted("M-6,1 Q-6,-6 0,-6 Q6,-6 6,1 Z", at),
                r##"fill="#d23a2a" stroke="#6b1a10" stroke-width="0.8""##,
            );
            svg.circle(at.offset(-2.5, -2.5), 1.0, r##"fill="#ffffff""##);
            svg.circle(at.offset(2.0, -3.5), 0.9, r##"fill="#ffffff""##);
        }
        ContentKind::Deer => animal(svg, at, Animal::Deer),
        ContentKind::Mammoth => animal(svg, at, Animal::Mammoth),
        ContentKind::Tiger => animal(svg, at, Animal::Tiger),
        ContentKind::Aurochs => animal(svg, at, Animal::Aurochs),
        ContentKind::Fire => {
            svg.path(
                &shifted("M0,-8 C6,-2 6,6 0,6 C-6,6 -6,-2 0,-8 Z", at),
                r##"fill="#e8541e" stroke="#8a2a08" stroke-width="0.8""##,
            );
            svg.path(
                &shifted("M0,-2 C3,1 3,5 0,5 C-3,5 -3,1 0,-2 Z", at),
                r##"fill="#ffd23a""##,
            );
            svg.path(
                &shifted("M-6,7 L6,5 M-6,5 L6,7", at),
                r##"stroke="#5a3a1a" stroke-width="1.5""##,
            );
        }
        ContentKind::Shrine => {
            svg.path(
                &shifted("M-7,-3 L0,-8 L7,-3 Z M-6,6 L6,6 L6,7.5 L-6,7.5 Z", at),
                r##"fill="#e2ddd0" stroke="#555555" stroke-width="0.8""##,
            );
            for dx in [-4.5, 0.0, 4.5] {
                svg.rect(
                    at.x + dx - 1.0,
                    at.y - 3.0,
                    2.0,
                    9.0,
                    r##"fill="#e2ddd0" stroke="#555555" stroke-width="0.6""##,
                );
            }
        }
        // An inn: a foaming tankard on a round sign. Not a house: a house is what marks the
        // end of a road, and the inn stands on roads that run on.
        ContentKind::Inn => {
            svg.circle(
                at,
                9.0,
                r##"fill="#fff3d6" stroke="#5a3a1a" stroke-width="1.2""##,
            );
            svg.path(
                &shifted("M2.5,-1.5 Q7,-1.5 7,2 Q7,5.5 2.5,5", at),
                r##"fill="none" stroke="#5a3a1a" stroke-width="1.6""##,
            );
            svg.path(
                &shifted("M-4.5,-2.5 L2.5,-2.5 L2.5,6 Q-1,7 -4.5,6 Z", at),
                &format!(r##"fill="{INN_ALE}" stroke="#5a3a1a" stroke-width="0.9""##),
            );
            svg.path(
                &shifted("M-2.5,-0.5 L-2.5,4.5 M0.5,-0.5 L0.5,4.5", at),
                r##"stroke="#b36f12" stroke-width="0.8""##,
            );
            svg.path(
                &shifted(
                    "M-5.3,-2 Q-6,-5 -3.5,-5 Q-2.5,-7.5 -0.5,-6 Q1.5,-7.5 2.8,-5 Q4.5,-4.5 3.3,-2 Z",
                    at,
                ),
                r##"fill="#ffffff" stroke="#8a8a8a" stroke-width="0.7""##,
            );
        }
        // A cathedral: a grey nave under a tall spire topped by a cross.
        ContentKind::Cathedral => {
            svg.path(
                &shifted("M-7,7 L-7,0 L-2,-3 L-2,7 Z M2,7 L2,-3 L7,0 L7,7 Z", at),
                r##"fill="#c9c4bb" stroke="#3a3a3a" stroke-width="0.8""##,
            );
            svg.path(
                &shifted("M-2.5,7 L-2.5,-3 L0,-9 L2.5,-3 L2.5,7 Z", at),
                r##"fill="#e3ded4" stroke="#3a3a3a" stroke-width="0.8""##,
            );
            svg.path(
                &shifted("M0,-9 L0,-12 M-1.3,-10.8 L1.3,-10.8", at),
                r##"stroke="#3a3a3a" stroke-width="0.8""##,
            );
            svg.circle(at.offset(0.0, 0.0), 1.3, r##"fill="#2553a8""##);
        }
    }
}

enum Animal {
    Deer,
    Mammoth,
    Tiger,
    Aurochs,
}

/// A four-legged silhouette facing right, told apart by colour and by antlers, trunk and
/// tusk, stripes or horns.
fn animal(svg: &mut Svg, at: Point, animal: Animal) {
    let (body, rx, ry) = match animal {
        Animal::Deer => ("#b0773a", 5.5, 2.8),
        Animal::Mammoth => ("#7b6454", 6.0, 4.2),
        Animal::Tiger => ("#ec8f2e", 6.0, 2.6),
        Animal::Aurochs => ("#3d2b20", 6.0, 3.3),
    };
    let legs = shifted("M-4,1 L-4,6 M-1.5,1 L-1.5,6 M1.5,1 L1.5,6 M4,1 L4,6", at);
    svg.path(&legs, &format!(r#"stroke="{body}" stroke-width="1.6""#));
    svg.ellipse(
        at,
        rx,
        ry,
        &format!(r#"fill="{body}" stroke="{OUTLINE}" stroke-width="0.6""#),
    );
    let head = at.offset(rx + 1.0, -ry);
    svg.circle(
        head,
        2.3,
        &format!(r#"fill="{body}" stroke="{OUTLINE}" stroke-width="0.6""#),
    );
    match animal {
        Animal::Deer => svg.path(
            &shifted(
                "M6,-5 L4,-10 M4.8,-8 L2.5,-9 M7.5,-5 L9.5,-10 M8.8,-8 L11,-9",
                at,
            ),
            r##"fill="none" stroke="#5a3410" stroke-width="1""##,
        ),
        Animal::Mammoth => {
            svg.path(
                &shifted("M8.5,-3 Q11,1 9,6", at),
                &format!(r#"fill="none" stroke="{body}" stroke-width="1.8""#),
            );
            svg.path(
                &shifted("M7,-2 Q10,3 12,1", at),
                r##"fill="none" stroke="#fffbe8" stroke-width="1.2""##,
            );
        }
        Animal::Tiger => {
            svg.path(
                &shifted("M-3,-2.5 L-2,2.5 M0,-2.6 L0.5,2.6 M3,-2.5 L2.5,2.5", at),
                r##"stroke="#111111" stroke-width="1""##,
            );
            svg.path(
                &shifted("M-6,-1 Q-9,-4 -8,-7", at),
                r##"fill="none" stroke="#ec8f2e" stroke-width="1.2""##,
            );
        }
        Animal::Aurochs => svg.path(
            &shifted("M5.5,-5 Q4,-8 6,-9 M8.5,-5 Q10,-8 8,-9", at),
            r##"fill="none" stroke="#f2ead8" stroke-width="1.2""##,
        ),
    }
}

/// A spring: where a river starts.
pub fn spring(svg: &mut Svg, at: Point) {
    svg.circle(
        at,
        5.5,
        r##"fill="#d6ecfb" stroke="#2a6cb0" stroke-width="1.5""##,
    );
    svg.circle(at, 2.2, r##"fill="#2a6cb0""##);
}

/// A house: a road's end, or (larger) the village of a crossroads.
pub fn house(svg: &mut Svg, at: Point, scale: f64) {
    let s = |v: f64| v * scale;
    svg.polygon(
        &[
            at.offset(s(-5.0), s(5.0)),
            at.offset(s(-5.0), s(-1.0)),
            at.offset(0.0, s(-6.0)),
            at.offset(s(5.0), s(-1.0)),
            at.offset(s(5.0), s(5.0)),
        ],
        r##"fill="#efe4cf" stroke="#5a4a3a" stroke-width="1""##,
    );
    svg.polygon(
        &[
            at.offset(s(-6.5), s(-0.5)),
            at.offset(0.0, s(-7.0)),
            at.offset(s(6.5), s(-0.5)),
        ],
        r##"fill="#b5442f" stroke="#5a2a1a" stroke-width="0.8""##,
    );
}

/// The letter of a feature kind in the text view (`render::text`, where its legend says the
/// kind's name beside it). `vertical` asks for a line feature running north–south: a road is
/// `|` one way and `-` the other.
pub fn letter(kind: FeatureKind, vertical: bool) -> char {
    match kind {
        FeatureKind::City => 'C',
        FeatureKind::Forest => 'F',
        FeatureKind::Field => '.',
        FeatureKind::Meadow => ',',
        FeatureKind::Road => {
            if vertical {
                '|'
            } else {
                '-'
            }
        }
        FeatureKind::River => '~',
        FeatureKind::Monastery => 'M',
        FeatureKind::Lake => 'O',
        FeatureKind::Garden => 'G',
    }
}

/// The letter of a tile marker in the text view.
pub fn marker_letter(marker: Marker) -> char {
    match marker {
        Marker::Hill => '^',
        Marker::Vineyard => 'v',
        Marker::Volcano => 'A',
    }
}

/// The picture of an inner feature drawn at the middle of its tile, over the fields (a
/// monastery's chapel, a garden); `None` for an inner feature drawn as an area of its own (a
/// lake) and for the features that touch the sides.
pub fn inner_building(kind: FeatureKind) -> Option<fn(&mut Svg, Point)> {
    match kind {
        FeatureKind::Monastery => Some(monastery),
        FeatureKind::Garden => Some(garden),
        FeatureKind::City
        | FeatureKind::Road
        | FeatureKind::Field
        | FeatureKind::Forest
        | FeatureKind::Meadow
        | FeatureKind::River
        | FeatureKind::Lake => None,
    }
}

/// A monastery: a chapel with a red roof and a cross.
pub fn monastery(svg: &mut Svg, at: Point) {
    svg.rect(
        at.x - 11.0,
        at.y - 5.0,
        22.0,
        17.0,
        r##"fill="#efe4cf" stroke="#5a4a3a" stroke-width="1.5""##,
    );
    svg.polygon(
        &[
            at.offset(-14.0, -4.0),
            at.offset(0.0, -15.0),
            at.offset(14.0, -4.0),
        ],
        r##"fill="#b5442f" stroke="#5a2a1a" stroke-width="1.5""##,
    );
    svg.path(
        &shifted("M0,-24 L0,-15 M-3.5,-21 L3.5,-21", at),
        r##"stroke="#5a2a1a" stroke-width="1.8""##,
    );
    svg.path(
        &shifted("M-3,12 L-3,5 Q0,1 3,5 L3,12 Z", at),
        r##"fill="#5a4a3a""##,
    );
}

/// A tile marker: hill, vineyard or volcano.
pub fn marker(svg: &mut Svg, marker: Marker, at: Point) {
    svg.circle(
        at,
        9.5,
        r##"fill="#ffffff" fill-opacity="0.75" stroke="#555555" stroke-width="0.8""##,
    );
    match marker {
        Marker::Hill => {
            svg.path(
                &shifted("M-8,4 Q0,-12 8,4 Z", at),
                r##"fill="#8ea24a" stroke="#4d5a22" stroke-width="1""##,
            );
            svg.path(
                &shifted("M-3,-1 L-2,-3 M1,-2 L2,-4 M3,1 L4,-1", at),
                r##"stroke="#4d5a22" stroke-width="0.8""##,
            );
        }
        Marker::Vineyard => {
            svg.path(
                &shifted("M0,-6 L1,-8", at),
                r##"stroke="#4d3a1a" stroke-width="1""##,
            );
            svg.path(
                &shifted("M1,-7 Q5,-9 6,-5 Q3,-4 1,-7 Z", at),
                r##"fill="#4e9a2e""##,
            );
            for (dx, dy) in [
                (-3.0, -3.5),
                (0.0, -3.5),
                (3.0, -3.5),
                (-1.5, -0.5),
                (1.5, -0.5),
                (0.0, 2.5),
            ] {
                svg.circle(
                    at.offset(dx, dy),
                    1.7,
                    r##"fill="#6b2a8a" stroke="#3a1050" stroke-width="0.5""##,
                );
            }
        }
        Marker::Volcano => {
            svg.path(
                &shifted("M-8,6 L-2,-4 L2,-4 L8,6 Z", at),
                r##"fill="#6b4a32" stroke="#2e1e12" stroke-width="1""##,
            );
            svg.path(
                &shifted("M-2,-4 L-1,-1 L0,-3 L1,0 L2,-4 Z", at),
                r##"fill="#e8401e""##,
            );
            svg.path(
                &shifted("M0,-5 Q-2,-7 0,-8 Q2,-9 1,-10", at),
                r##"fill="none" stroke="#777777" stroke-width="1""##,
            );
        }
    }
}

/// A meeple laid flat in its player's colour, head to the west: a farmer in a field, a hunter
/// in a meadow ("lying in a field (farmer)", the base rules; "a meeple laid flat in a meadow",
/// Hunters and Gatherers), told at a glance from the knights, thieves and monks standing up.
pub fn lying_figure(svg: &mut Svg, at: Point, fill: &str) {
    svg.open_group(&format!(
        r#"transform="rotate(-90 {} {})""#,
        super::svg::num(at.x),
        super::svg::num(at.y)
    ));
    figure(svg, &FigurePicture::MEEPLE, at, fill);
    svg.close_group();
}

/// How much larger a figure heavier than a follower (the large follower of Inns &
/// Cathedrals) is drawn, so that a player tells it at a glance (the box's large meeple stands
/// about half as tall again).
const HEAVY_FIGURE_SCALE: f64 = 1.5;

/// Whether a figure of `strength` (its weight in a majority, `FigureSpec::strength` in the
/// ruleset's descriptor) is drawn large: every figure heavier than one follower wherever it
/// stands. A figure whose weight is a count of what its feature holds (the mayor: the city's
/// pennants) has no one size: it is drawn as large as a follower, its picture telling it apart.
pub fn is_drawn_large(strength: Strength) -> bool {
    strength.fixed().is_some_and(|weight| weight > 1)
}

/// Draws `draw` scaled about `at` to the size of a figure of `strength`: larger for a figure
/// heavier than a follower, as it is otherwise.
pub fn sized_for(svg: &mut Svg, strength: Strength, at: Point, draw: impl FnOnce(&mut Svg)) {
    if !is_drawn_large(strength) {
        draw(svg);
        return;
    }
    svg.open_group(&format!(
        r#"transform="translate({x} {y}) scale({HEAVY_FIGURE_SCALE}) translate(-{x} -{y})""#,
        x = super::svg::num(at.x),
        y = super::svg::num(at.y)
    ));
    draw(svg);
    svg.close_group();
}

/// A figure in its player's colour, as its ruleset declares its picture: each stroke about
/// `at`, the body in the player's colour with the figures' outline, the details as declared.
pub fn figure(svg: &mut Svg, picture: &FigurePicture, at: Point, fill: &str) {
    let owner =
        format!(r#"fill="{fill}" stroke="{OUTLINE}" stroke-width="1.1" stroke-linejoin="round""#);
    for stroke in picture.strokes {
        let paint = match stroke.paint {
            Paint::Owner => owner.as_str(),
            Paint::Fixed(attributes) => attributes,
        };
        svg.path(&shifted(stroke.path, at), paint);
    }
}

/// A piece by its declared picture, or, for a piece whose ruleset declares none, a picture
/// that says so: a disc in its owner's colour with a question mark in a dashed red ring, seen
/// at a glance as not one of the game's figures (never a meeple by default).
pub fn piece(svg: &mut Svg, picture: Option<&FigurePicture>, at: Point, fill: &str) {
    match picture {
        Some(picture) => figure(svg, picture, at, fill),
        None => unknown_piece(svg, at, fill),
    }
}

/// The picture of a piece no descriptor declares (see [`piece`]).
fn unknown_piece(svg: &mut Svg, at: Point, fill: &str) {
    svg.circle(
        at,
        7.5,
        &format!(
            r##"fill="{fill}" stroke="#d00000" stroke-width="1.6" stroke-dasharray="2.5 1.5""##
        ),
    );
    svg.text(
        at.offset(0.0, 0.5),
        10.0,
        r##"fill="#111111" stroke="#ffffff" stroke-width="2" paint-order="stroke" font-weight="bold""##,
        "?",
    );
}

/// The colour of a neutral piece (the dragon, the fairy, a tower's floors): a pale grey no
/// player's colour is, so that it reads as nobody's.
pub const NEUTRAL_FILL: &str = "#e4e0d6";

/// The ground of a piece that stands on a whole tile, on a tower or on a corner rather than
/// on a feature: a disc under it, ringed in `ring`, so that it reads apart from the figures
/// on the features around it.
pub fn piece_ground(svg: &mut Svg, at: Point, radius: f64, ring: &str) {
    svg.circle(
        at,
        radius,
        &format!(r##"fill="#ffffff" fill-opacity="0.75" stroke="{ring}" stroke-width="1.5""##),
    );
}

/// Bars across a piece centred on `at`: a prisoner, held by another player.
pub fn bars(svg: &mut Svg, at: Point) {
    for dx in [-5.0, 0.0, 5.0] {
        svg.line(
            at.offset(dx, -10.0),
            at.offset(dx, 9.0),
            r##"stroke="#333333" stroke-width="1.3""##,
        );
    }
}

/// A garden (the abbot and gardens): a round bed of lawn in a hedge, with a tree in the middle
/// and flowers around it, told at a glance from a monastery's building.
pub fn garden(svg: &mut Svg, at: Point) {
    svg.circle(
        at,
        13.0,
        r##"fill="#8cc063" stroke="#3f6b2a" stroke-width="2.5""##,
    );
    for (dx, dy) in [(-8.0, 0.0), (8.0, 0.0), (0.0, 8.5), (-5.5, 6.0), (5.5, 6.0)] {
        svg.circle(
            at.offset(dx, dy),
            1.8,
            r##"fill="#e8506a" stroke="#8a2038" stroke-width="0.6""##,
        );
    }
    svg.rect(at.x - 1.2, at.y - 1.0, 2.4, 6.0, r##"fill="#6b4a2a""##);
    svg.circle(
        at.offset(0.0, -4.0),
        5.5,
        r##"fill="#3f8a34" stroke="#24511e" stroke-width="1""##,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::FigurePicture;

    /// Each figure of every ruleset is drawn by the picture its descriptor declares, and the
    /// pictures are drawn apart: no figure falls back to another's drawing.
    #[test]
    fn every_declared_picture_is_a_drawing_of_its_own() {
        let drawn = |picture: &FigurePicture| {
            let mut svg = Svg::new();
            figure(&mut svg, picture, Point::new(20.0, 20.0), "#cc0000");
            svg.finish(40.0, 40.0)
        };
        let declared: Vec<(&str, &FigurePicture)> = crate::rules::all()
            .flat_map(|descriptor| descriptor.figures)
            .map(|spec| (spec.kind.0, spec.picture))
            .collect();
        let mut pictures: Vec<&FigurePicture> = declared.iter().map(|(_, p)| *p).collect();
        pictures.sort_by_key(|picture| picture.name);
        pictures.dedup();
        let names: Vec<&str> = pictures.iter().map(|picture| picture.name).collect();
        assert_eq!(names, ["abbot", "hut", "meeple", "shepherd"]);
        for (index, picture) in pictures.iter().enumerate() {
            for other in &pictures[index + 1..] {
                assert_ne!(
                    drawn(picture),
                    drawn(other),
                    "{} and {}",
                    picture.name,
                    other.name
                );
            }
        }
        for (kind, picture) in [
            ("shepherd", "shepherd"),
            ("hut", "hut"),
            ("abbot", "abbot"),
            ("farmer", "meeple"),
            ("large-knight", "meeple"),
        ] {
            assert!(
                declared
                    .iter()
                    .any(|(k, p)| *k == kind && p.name == picture),
                "{kind}: {picture}"
            );
        }
        let lies_in_a_field = |kind: &str| {
            declared
                .iter()
                .find(|(declared, _)| *declared == kind)
                .is_some_and(|(_, picture)| picture.lies_in_a_field)
        };
        assert!(lies_in_a_field("farmer") && lies_in_a_field("hunter"));
        assert!(!lies_in_a_field("shepherd"));
    }

    /// Every stroke of every declared picture is path data that render reads in full: only
    /// the commands it moves (`M`, `L`, `Q`, `Z`) and `x,y` pairs of numbers — a typo would
    /// otherwise draw a point at the figure's foot without a word.
    #[test]
    fn every_declared_picture_is_well_formed_path_data() {
        for spec in crate::rules::all().flat_map(|descriptor| descriptor.figures) {
            for stroke in spec.picture.strokes {
                for token in stroke.path.split_whitespace() {
                    let coords = token.trim_start_matches(['M', 'L', 'Q', 'Z']);
                    assert!(
                        token == "Z"
                            || coords.split_once(',').is_some_and(|(x, y)| {
                                x.parse::<f64>().is_ok() && y.parse::<f64>().is_ok()
                            }),
                        "{}'s picture: `{token}` in `{}`",
                        spec.kind.0,
                        stroke.path
                    );
                }
            }
        }
    }

    /// A picture an expansion declares in its own module is drawn as declared, with no arm
    /// of render's own: its body in the owner's colour, its details as declared, each about
    /// the point the figure stands on.
    #[test]
    fn a_new_picture_is_drawn_from_its_declaration() {
        const TOWER_GUARD: FigurePicture = FigurePicture {
            name: "tower-guard",
            strokes: &[
                crate::rules::PictureStroke {
                    path: "M-5,6 L0,-8 L5,6 Z",
                    paint: Paint::Owner,
                },
                crate::rules::PictureStroke {
                    path: "M0,-8 L0,-12",
                    paint: Paint::Fixed(r##"stroke="#123456""##),
                },
            ],
            lies_in_a_field: false,
        };
        let mut svg = Svg::new();
        figure(&mut svg, &TOWER_GUARD, Point::new(20.0, 30.0), "#cc0000");
        let svg = svg.finish(40.0, 40.0);
        let body = svg.find(r#"d="M15,36 L20,22 L25,36 Z""#).expect(&svg);
        let detail = svg.find(r#"d="M20,22 L20,18""#).expect(&svg);
        assert!(body < detail, "{svg}");
        assert!(
            svg.contains(r##"fill="#cc0000" stroke="#222222""##),
            "{svg}"
        );
        assert!(svg.contains(r##"stroke="#123456""##), "{svg}");
    }
}
