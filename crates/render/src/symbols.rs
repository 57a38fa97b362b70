//! Small pictures of what is printed on tiles (pennant, fish, gold, animals …), of buildings
//! and of figures. Each is drawn centred on a point, about 14 units across (a tile is 100).
//! A marker's, a content's and a figure's picture is data its ruleset or expansion declares
//! (`rules::pictures`, `FigurePicture`): drawn here whatever it shows, with no arm for any
//! kind. Here too each feature kind's letter in the text view, so that a kind's pictures are
//! found in one place.

use crate::model::{ContentKind, FeatureKind, Marker};
use crate::rules::{self, ContentPlace, FigurePicture, Paint, Strength, SymbolElement};

use super::svg::{Point, Svg, num};

const OUTLINE: &str = "#222222";

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

/// The symbol of one content, as the ruleset or expansion that gives it its meaning declares
/// its picture; the unknown symbol for a content nobody declares.
pub fn content(svg: &mut Svg, kind: ContentKind, at: Point) {
    symbol(svg, rules::content_picture(kind).map(|p| p.elements), at);
}

/// Whether a content is drawn in the row of its feature's contents (a pennant, fish), rather
/// than at the end of its line (a spring) — as its picture declares; a content nobody declares
/// is drawn in the row, as the unknown symbol.
pub fn drawn_in_row(kind: ContentKind) -> bool {
    rules::content_picture(kind).is_none_or(|picture| picture.place == ContentPlace::Row)
}

/// The picture a line (a river) shows at an end it has on its tile, by the first of its
/// contents that declares itself drawn there (a spring); `None` when none does.
pub fn line_end_picture(
    contents: impl IntoIterator<Item = ContentKind>,
) -> Option<&'static [SymbolElement]> {
    contents.into_iter().find_map(|kind| {
        rules::content_picture(kind)
            .filter(|picture| picture.place == ContentPlace::LineEnd)
            .map(|picture| picture.elements)
    })
}

/// A declared picture's elements about `at`, or, where nothing is declared, the unknown
/// symbol: a question mark in a dashed red ring, seen at a glance as none of the game's
/// symbols (never another symbol's picture).
pub fn symbol(svg: &mut Svg, elements: Option<&[SymbolElement]>, at: Point) {
    let Some(elements) = elements else {
        unknown(svg, at, 6.5, "#ffffff", 9.0);
        return;
    };
    for element in elements {
        match *element {
            SymbolElement::Path { d, paint } => svg.path(&shifted(d, at), paint),
            SymbolElement::Circle {
                centre: (x, y),
                radius,
                paint,
            } => svg.circle(at.offset(x, y), radius, paint),
            SymbolElement::Ellipse {
                centre: (x, y),
                radii: (rx, ry),
                paint,
            } => svg.ellipse(at.offset(x, y), rx, ry, paint),
            SymbolElement::Rect {
                corner: (x, y),
                size: (width, height),
                paint,
            } => svg.rect(at.x + x, at.y + y, width, height, paint),
        }
    }
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

/// The letter of a tile marker in the text view, as its picture declares it; `!` for a
/// marker nobody declares.
pub fn marker_letter(marker: Marker) -> char {
    rules::marker_picture(marker).map_or(UNKNOWN_MARKER_LETTER, |picture| picture.letter)
}

/// The text view's letter of a marker with no declared picture.
const UNKNOWN_MARKER_LETTER: char = '!';

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

/// A tile marker: its declared picture (a hill, a vineyard, a volcano) on a pale disc that
/// sets it off the fields, or the unknown symbol there.
pub fn marker(svg: &mut Svg, marker: Marker, at: Point) {
    svg.circle(
        at,
        9.5,
        r##"fill="#ffffff" fill-opacity="0.75" stroke="#555555" stroke-width="0.8""##,
    );
    symbol(svg, rules::marker_picture(marker).map(|p| p.elements), at);
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
    let scale = if is_drawn_large(strength) {
        HEAVY_FIGURE_SCALE
    } else {
        1.0
    };
    scaled(svg, at, scale, draw);
}

/// Draws `draw` scaled by `scale` about `at` (as it is where `scale` is 1).
pub fn scaled(svg: &mut Svg, at: Point, scale: f64, draw: impl FnOnce(&mut Svg)) {
    if scale == 1.0 {
        draw(svg);
        return;
    }
    svg.open_group(&format!(
        r#"transform="translate({x} {y}) scale({scale}) translate(-{x} -{y})""#,
        x = super::svg::num(at.x),
        y = super::svg::num(at.y),
        scale = super::svg::num(scale)
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
    unknown(svg, at, 7.5, fill, 10.0);
}

/// What render draws for something no descriptor gives a picture: a disc of `radius` filled
/// with `fill`, in a dashed red ring, with a question mark of `size`.
fn unknown(svg: &mut Svg, at: Point, radius: f64, fill: &str, size: f64) {
    svg.circle(
        at,
        radius,
        &format!(
            r##"fill="{fill}" stroke="#d00000" stroke-width="1.6" stroke-dasharray="2.5 1.5""##
        ),
    );
    svg.text(
        at.offset(0.0, 0.5),
        size,
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
        assert_eq!(
            names,
            [
                "abbot", "barn", "builder", "hut", "mayor", "meeple", "pig", "shepherd", "wagon"
            ]
        );
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

    /// What nothing declares is drawn as the unknown symbol, a question mark in a dashed
    /// red ring; every marker and content of the model is declared, and none of them is drawn
    /// so.
    #[test]
    fn only_an_undeclared_symbol_is_drawn_as_the_unknown_symbol() {
        let drawn = |draw: &dyn Fn(&mut Svg)| {
            let mut svg = Svg::new();
            draw(&mut svg);
            svg.finish(40.0, 40.0)
        };
        let at = Point::new(20.0, 20.0);
        let unknown = drawn(&|svg| symbol(svg, None, at));
        assert!(unknown.contains(r##"stroke="#d00000""##), "{unknown}");
        assert!(
            unknown.contains(r#"stroke-dasharray="2.5 1.5""#),
            "{unknown}"
        );
        assert!(unknown.contains(">?</text>"), "{unknown}");
        for kind in ContentKind::ALL {
            let svg = drawn(&|svg| content(svg, kind, at));
            assert!(!svg.contains("#d00000"), "{kind:?}: {svg}");
        }
        for kind in Marker::ALL {
            let svg = drawn(&|svg| marker(svg, kind, at));
            assert!(!svg.contains("#d00000"), "{kind:?}: {svg}");
            assert!(
                svg.matches("<").count() > 3,
                "{kind:?} shows its picture: {svg}"
            );
        }
    }

    /// A marker's letter in the text view is its declared one, which no feature kind's
    /// letter is.
    #[test]
    fn marker_letters_are_declared_and_apart_from_the_features() {
        for marker in Marker::ALL {
            let declared = rules::marker_picture(marker).map(|picture| picture.letter);
            assert_eq!(Some(marker_letter(marker)), declared, "{marker:?}");
            for kind in FeatureKind::ALL {
                assert_ne!(
                    marker_letter(marker),
                    letter(kind, true),
                    "{marker:?} {kind}"
                );
                assert_ne!(
                    marker_letter(marker),
                    letter(kind, false),
                    "{marker:?} {kind}"
                );
            }
        }
    }

    /// A symbol an expansion declares is drawn from its elements alone, each about the point
    /// it is drawn at, in order: a new content needs no arm of render's own.
    #[test]
    fn a_new_symbol_is_drawn_from_its_declaration() {
        const GOODS: &[SymbolElement] = &[
            SymbolElement::Rect {
                corner: (-5.0, -4.0),
                size: (10.0, 8.0),
                paint: r##"fill="#aa7744""##,
            },
            SymbolElement::Path {
                d: "M-5,-4 L5,4",
                paint: r##"stroke="#123456""##,
            },
            SymbolElement::Circle {
                centre: (1.5, -2.0),
                radius: 1.25,
                paint: r##"fill="#654321""##,
            },
            SymbolElement::Ellipse {
                centre: (0.0, 3.0),
                radii: (4.0, 1.5),
                paint: r##"fill="#abcdef""##,
            },
        ];
        let mut svg = Svg::new();
        symbol(&mut svg, Some(GOODS), Point::new(30.0, 20.0));
        let svg = svg.finish(60.0, 40.0);
        let positions: Vec<usize> = [
            r##"<rect x="25" y="16" width="10" height="8" fill="#aa7744"/>"##,
            r##"<path d="M25,16 L35,24" stroke="#123456"/>"##,
            r##"<circle cx="31.5" cy="18" r="1.25" fill="#654321"/>"##,
            r##"<ellipse cx="30" cy="23" rx="4" ry="1.5" fill="#abcdef"/>"##,
        ]
        .iter()
        .map(|element| svg.find(element).expect(&svg))
        .collect();
        assert!(positions.is_sorted(), "{svg}");
        assert!(!svg.contains("#d00000"), "{svg}");
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
