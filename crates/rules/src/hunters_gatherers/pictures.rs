//! The pictures of what Hunters and Gatherers prints on its tiles, which both editions play:
//! the water's fish, springs and river ends, the forests' gold, menhirs and mushrooms, the
//! meadows' animals, fire and shrine, and the volcano. The River's tiles carry the same water
//! (a spring where the river starts) and The River II's the volcano: they are drawn by these
//! pictures too.

use crate::model::{ContentKind, Marker};
use crate::{ContentPicture, ContentPlace, MarkerPicture, SymbolElement, SymbolPictures};

/// The paint of an animal's body or head: filled in `$fill`, outlined as the figures are.
macro_rules! outlined {
    ($fill:literal) => {
        concat!(
            r#"fill=""#,
            $fill,
            r##"" stroke="#222222" stroke-width="0.6""##
        )
    };
}

/// An animal: a four-legged silhouette facing right, in the colour `$body`, its body an
/// ellipse of radii `$rx` × `$ry` with the head at its upper right, then the strokes that tell
/// it apart (antlers, trunk and tusk, stripes, horns).
macro_rules! animal {
    ($content:expr, $body:literal, $rx:literal, $ry:literal, [$($detail:expr),* $(,)?]) => {
        ContentPicture {
            content: $content,
            place: ContentPlace::Row,
            elements: &[
                SymbolElement::Path {
                    d: "M-4,1 L-4,6 M-1.5,1 L-1.5,6 M1.5,1 L1.5,6 M4,1 L4,6",
                    paint: concat!(r#"stroke=""#, $body, r#"" stroke-width="1.6""#),
                },
                SymbolElement::Ellipse {
                    centre: (0.0, 0.0),
                    radii: ($rx, $ry),
                    paint: outlined!($body),
                },
                SymbolElement::Circle {
                    centre: ($rx + 1.0, -$ry),
                    radius: 2.3,
                    paint: outlined!($body),
                },
                $($detail),*
            ],
        }
    };
}

/// The pictures of the Hunters and Gatherers tiles, listed by both editions' descriptors.
pub const PICTURES: SymbolPictures = SymbolPictures {
    markers: &[
        // A brown cone with lava in its crater and a wisp of smoke.
        MarkerPicture {
            marker: Marker::Volcano,
            letter: 'A',
            elements: &[
                SymbolElement::Path {
                    d: "M-8,6 L-2,-4 L2,-4 L8,6 Z",
                    paint: r##"fill="#6b4a32" stroke="#2e1e12" stroke-width="1""##,
                },
                SymbolElement::Path {
                    d: "M-2,-4 L-1,-1 L0,-3 L1,0 L2,-4 Z",
                    paint: r##"fill="#e8401e""##,
                },
                SymbolElement::Path {
                    d: "M0,-5 Q-2,-7 0,-8 Q2,-9 1,-10",
                    paint: r##"fill="none" stroke="#777777" stroke-width="1""##,
                },
            ],
        },
    ],
    contents: &[
        ContentPicture {
            content: ContentKind::Fish,
            place: ContentPlace::Row,
            elements: &[
                SymbolElement::Path {
                    d: "M-6,0 Q-1,-5 4,0 Q-1,5 -6,0 Z M3,0 L7,-3 L7,3 Z",
                    paint: r##"fill="#f08a3c" stroke="#7a3e10" stroke-width="0.8""##,
                },
                SymbolElement::Circle {
                    centre: (-3.5, -0.8),
                    radius: 0.7,
                    paint: r##"fill="#111111""##,
                },
            ],
        },
        // A spring: where a river starts, a pool at the river's end.
        ContentPicture {
            content: ContentKind::Spring,
            place: ContentPlace::LineEnd,
            elements: &[
                SymbolElement::Circle {
                    centre: (0.0, 0.0),
                    radius: 5.5,
                    paint: r##"fill="#d6ecfb" stroke="#2a6cb0" stroke-width="1.5""##,
                },
                SymbolElement::Circle {
                    centre: (0.0, 0.0),
                    radius: 2.2,
                    paint: r##"fill="#2a6cb0""##,
                },
            ],
        },
        // Where a river ends, not a symbol: the river runs into the forest.
        ContentPicture {
            content: ContentKind::ForestEnd,
            place: ContentPlace::LineEnd,
            elements: &[],
        },
        ContentPicture {
            content: ContentKind::Gold,
            place: ContentPlace::Row,
            elements: &[
                SymbolElement::Path {
                    d: "M-6,3 L-4,-3 L0,-5 L5,-3 L6,2 L2,5 L-3,5 Z",
                    paint: r##"fill="#f2c230" stroke="#8a6a00" stroke-width="1""##,
                },
                SymbolElement::Path {
                    d: "M-2,-2 L1,-3",
                    paint: r##"stroke="#fff6c0" stroke-width="1""##,
                },
            ],
        },
        ContentPicture {
            content: ContentKind::Menhir,
            place: ContentPlace::Row,
            elements: &[
                SymbolElement::Path {
                    d: "M-3,7 L-4,-2 Q-3,-8 0,-8 Q3,-8 4,-2 L3,7 Z",
                    paint: r##"fill="#a3a3a3" stroke="#4a4a4a" stroke-width="1""##,
                },
                SymbolElement::Path {
                    d: "M-4,7 L4,7",
                    paint: r##"stroke="#4a4a4a" stroke-width="1.2""##,
                },
            ],
        },
        ContentPicture {
            content: ContentKind::Mushrooms,
            place: ContentPlace::Row,
            elements: &[
                SymbolElement::Path {
                    d: "M-1.5,0 L-1.5,6 L1.5,6 L1.5,0 Z",
                    paint: r##"fill="#f4eee0" stroke="#6b5b45" stroke-width="0.8""##,
                },
                SymbolElement::Path {
                    d: "M-6,1 Q-6,-6 0,-6 Q6,-6 6,1 Z",
                    paint: r##"fill="#d23a2a" stroke="#6b1a10" stroke-width="0.8""##,
                },
                SymbolElement::Circle {
                    centre: (-2.5, -2.5),
                    radius: 1.0,
                    paint: r##"fill="#ffffff""##,
                },
                SymbolElement::Circle {
                    centre: (2.0, -3.5),
                    radius: 0.9,
                    paint: r##"fill="#ffffff""##,
                },
            ],
        },
        animal!(
            ContentKind::Deer,
            "#b0773a",
            5.5,
            2.8,
            [SymbolElement::Path {
                d: "M6,-5 L4,-10 M4.8,-8 L2.5,-9 M7.5,-5 L9.5,-10 M8.8,-8 L11,-9",
                paint: r##"fill="none" stroke="#5a3410" stroke-width="1""##,
            }]
        ),
        animal!(
            ContentKind::Mammoth,
            "#7b6454",
            6.0,
            4.2,
            [
                SymbolElement::Path {
                    d: "M8.5,-3 Q11,1 9,6",
                    paint: r##"fill="none" stroke="#7b6454" stroke-width="1.8""##,
                },
                SymbolElement::Path {
                    d: "M7,-2 Q10,3 12,1",
                    paint: r##"fill="none" stroke="#fffbe8" stroke-width="1.2""##,
                },
            ]
        ),
        animal!(
            ContentKind::Tiger,
            "#ec8f2e",
            6.0,
            2.6,
            [
                SymbolElement::Path {
                    d: "M-3,-2.5 L-2,2.5 M0,-2.6 L0.5,2.6 M3,-2.5 L2.5,2.5",
                    paint: r##"stroke="#111111" stroke-width="1""##,
                },
                SymbolElement::Path {
                    d: "M-6,-1 Q-9,-4 -8,-7",
                    paint: r##"fill="none" stroke="#ec8f2e" stroke-width="1.2""##,
                },
            ]
        ),
        animal!(
            ContentKind::Aurochs,
            "#3d2b20",
            6.0,
            3.3,
            [SymbolElement::Path {
                d: "M5.5,-5 Q4,-8 6,-9 M8.5,-5 Q10,-8 8,-9",
                paint: r##"fill="none" stroke="#f2ead8" stroke-width="1.2""##,
            }]
        ),
        ContentPicture {
            content: ContentKind::Fire,
            place: ContentPlace::Row,
            elements: &[
                SymbolElement::Path {
                    d: "M0,-8 C6,-2 6,6 0,6 C-6,6 -6,-2 0,-8 Z",
                    paint: r##"fill="#e8541e" stroke="#8a2a08" stroke-width="0.8""##,
                },
                SymbolElement::Path {
                    d: "M0,-2 C3,1 3,5 0,5 C-3,5 -3,1 0,-2 Z",
                    paint: r##"fill="#ffd23a""##,
                },
                SymbolElement::Path {
                    d: "M-6,7 L6,5 M-6,5 L6,7",
                    paint: r##"stroke="#5a3a1a" stroke-width="1.5""##,
                },
            ],
        },
        // A shrine: a roof and a step on three columns.
        ContentPicture {
            content: ContentKind::Shrine,
            place: ContentPlace::Row,
            elements: &[
                SymbolElement::Path {
                    d: "M-7,-3 L0,-8 L7,-3 Z M-6,6 L6,6 L6,7.5 L-6,7.5 Z",
                    paint: r##"fill="#e2ddd0" stroke="#555555" stroke-width="0.8""##,
                },
                shrine_column(-4.5),
                shrine_column(0.0),
                shrine_column(4.5),
            ],
        },
    ],
};

/// A column of the shrine, its middle `x` from the shrine's.
const fn shrine_column(x: f64) -> SymbolElement {
    SymbolElement::Rect {
        corner: (x - 1.0, -3.0),
        size: (2.0, 9.0),
        paint: r##"fill="#e2ddd0" stroke="#555555" stroke-width="0.6""##,
    }
}
