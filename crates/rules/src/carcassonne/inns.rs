//! Inns & Cathedrals (`../shared/rules/inns-and-cathedrals.md`): what an inn does to its road
//! and a cathedral to its city, and the C1 tiny city of the base game. The large follower is a
//! figure of the ruleset (`DESCRIPTOR.figures`, strength 2), counted by the majority like any follower.
//! The inn's and the cathedral's pictures are declared here ([`PICTURES`]).

use crate::descriptor::{CodeNote, ShippedSet};
use crate::jcz::{JczElement, JczMeaning, JczPart};
use crate::model::{ContentKind, FeatureKind};
use crate::{Breakdown, ContentPicture, ContentPlace, SymbolElement, SymbolPictures, chosen};

/// The pictures of the inn and the cathedral.
pub(super) const PICTURES: SymbolPictures = SymbolPictures {
    markers: &[],
    contents: &[
        // An inn: a foaming tankard on a round sign. Not a house: a house is what marks the
        // end of a road, and the inn stands on roads that run on. Its ale (#e9a630) is a
        // colour no other symbol uses, so that pictures and tests tell the inn by it.
        ContentPicture {
            content: ContentKind::Inn,
            place: ContentPlace::Row,
            elements: &[
                SymbolElement::Circle {
                    centre: (0.0, 0.0),
                    radius: 9.0,
                    paint: r##"fill="#fff3d6" stroke="#5a3a1a" stroke-width="1.2""##,
                },
                SymbolElement::Path {
                    d: "M2.5,-1.5 Q7,-1.5 7,2 Q7,5.5 2.5,5",
                    paint: r##"fill="none" stroke="#5a3a1a" stroke-width="1.6""##,
                },
                SymbolElement::Path {
                    d: "M-4.5,-2.5 L2.5,-2.5 L2.5,6 Q-1,7 -4.5,6 Z",
                    paint: r##"fill="#e9a630" stroke="#5a3a1a" stroke-width="0.9""##,
                },
                SymbolElement::Path {
                    d: "M-2.5,-0.5 L-2.5,4.5 M0.5,-0.5 L0.5,4.5",
                    paint: r##"stroke="#b36f12" stroke-width="0.8""##,
                },
                SymbolElement::Path {
                    d: "M-5.3,-2 Q-6,-5 -3.5,-5 Q-2.5,-7.5 -0.5,-6 Q1.5,-7.5 2.8,-5 Q4.5,-4.5 3.3,-2 Z",
                    paint: r##"fill="#ffffff" stroke="#8a8a8a" stroke-width="0.7""##,
                },
            ],
        },
        // A cathedral: a grey nave under a tall spire topped by a cross.
        ContentPicture {
            content: ContentKind::Cathedral,
            place: ContentPlace::Row,
            elements: &[
                SymbolElement::Path {
                    d: "M-7,7 L-7,0 L-2,-3 L-2,7 Z M2,7 L2,-3 L7,0 L7,7 Z",
                    paint: r##"fill="#c9c4bb" stroke="#3a3a3a" stroke-width="0.8""##,
                },
                SymbolElement::Path {
                    d: "M-2.5,7 L-2.5,-3 L0,-9 L2.5,-3 L2.5,7 Z",
                    paint: r##"fill="#e3ded4" stroke="#3a3a3a" stroke-width="0.8""##,
                },
                SymbolElement::Path {
                    d: "M0,-9 L0,-12 M-1.3,-10.8 L1.3,-10.8",
                    paint: r##"stroke="#3a3a3a" stroke-width="0.8""##,
                },
                SymbolElement::Circle {
                    centre: (0.0, 0.0),
                    radius: 1.3,
                    paint: r##"fill="#2553a8""##,
                },
            ],
        },
    ],
};

/// The expansion's tiles.
pub(super) const TILE_SET: ShippedSet = ShippedSet {
    name: "inns-and-cathedrals",
    text: include_str!("../../../../tiles/inns-and-cathedrals.tiles"),
};

/// What an incomplete road with an inn or city with a cathedral scores at the end: `zero` (the
/// rules: "Incomplete road with an inn: 0 points") or `ignore` (JCloisterZone's optional rule:
/// scored as if the inn or cathedral were not there).
pub const INN_AND_CATHEDRAL_FINAL_SCORING: &str = "inn-and-cathedral-final-scoring";

/// Whether the inns count (`on`, the rules) or their roads score as plain roads (`off`:
/// JCloisterZone's game without the element `inn`).
pub const INNS: &str = "inns";

/// Whether the cathedrals count (`on`) or their cities score as plain cities (`off`:
/// JCloisterZone's game without the element `cathedral`).
pub const CATHEDRALS: &str = "cathedrals";

/// What a completed city of two tiles scores: `4` (the 2nd edition: 2 a tile) or `2` (the 1st
/// edition's tiny city: 1 a tile and a pennant, JCloisterZone's rule `tiny-city-scoring`).
pub const TINY_CITY_SCORING: &str = "tiny-city-scoring";

/// What Inns & Cathedrals adds to the explanations of the shared codes: its large follower.
pub(super) const CODE_NOTES: [CodeNote; 2] = [
    CodeNote {
        code: &carcspec_core::codes::SUPPLY_EMPTY,
        text: "  - with Inns & Cathedrals: one large follower as well.",
    },
    CodeNote {
        code: &carcspec_core::codes::WRONG_FEATURE_FOR_FIGURE,
        text: "  - with Inns & Cathedrals: the large follower as any of the four (`large-thief`,
    `large-knight`, `large-monk`, `large-farmer`).",
    },
];

/// Inns & Cathedrals in JCloisterZone's saved games: the large follower (`big-follower`, the
/// meeple type `big`), the inns and the cathedrals (without their element, the tiles' inns and
/// cathedrals are plain roads and cities: `variant inns off`, `variant cathedrals off`), and
/// its two rules.
pub(super) const JCZ: JczPart = JczPart {
    elements: &[
        JczElement {
            name: "big-follower",
            meaning: JczMeaning::Pool {
                pool: super::LARGE_FOLLOWERS,
                or_flag: false,
            },
        },
        JczElement {
            name: "inn",
            meaning: JczMeaning::Variant(INNS),
        },
        JczElement {
            name: "cathedral",
            meaning: JczMeaning::Variant(CATHEDRALS),
        },
    ],
    meeples: &[("big", super::LARGE_FOLLOWERS)],
    features: &[],
    rules: &[TINY_CITY_SCORING, INN_AND_CATHEDRAL_FINAL_SCORING],
    implied_variants: &[],
    take_back: None,
    moves: &[],
};

/// The readings of the variants above that a game chose.
#[derive(Debug, Default, Clone, Copy)]
pub struct Readings {
    /// `inn-and-cathedral-final-scoring ignore`.
    pub final_scoring_ignores: bool,
    /// `tiny-city-scoring 2`.
    pub tiny_city: bool,
}

impl Readings {
    /// The readings of the game's chosen `(name, value)` variants.
    pub fn from_variants(variants: &[(String, String)]) -> Readings {
        Readings {
            final_scoring_ignores: chosen(variants, INN_AND_CATHEDRAL_FINAL_SCORING, "ignore"),
            tiny_city: chosen(variants, TINY_CITY_SCORING, "2"),
        }
    }
}

/// A road's points and breakdown: 1 a tile; with one inn or more on it, 2 a tile when
/// complete ("Inns do not stack") and nothing when incomplete at the end.
pub fn road(tiles: usize, inns: u32, complete: bool, readings: Readings) -> (u32, Breakdown) {
    let tiles_points = tiles as u32;
    // The base game's breakdown never says a road is incomplete; an inn's road does, as it is
    // what voids it.
    let breakdown = |with, shows_incomplete| Breakdown::Tiles {
        feature: FeatureKind::Road.name(),
        tiles,
        pennants: 0,
        with,
        shows_incomplete,
    };
    if inns == 0 {
        return (tiles_points, breakdown(None, false));
    }
    let points = match (complete, readings.final_scoring_ignores) {
        (true, _) => 2 * tiles_points,
        (false, false) => 0,
        (false, true) => tiles_points,
    };
    (points, breakdown(Some("an inn"), !complete))
}

/// A city's points and breakdown: 2 a tile and a pennant when complete, 1 when not; with one
/// cathedral or both, 3 when complete and nothing when incomplete at the end; a completed city
/// of two tiles 1 a tile and a pennant in the tiny-city variant.
pub fn city(
    tiles: usize,
    pennants: u32,
    cathedrals: u32,
    complete: bool,
    readings: Readings,
) -> (u32, Breakdown) {
    let units = tiles as u32 + pennants;
    let city_word = FeatureKind::City.name();
    let breakdown = |feature, with| Breakdown::Tiles {
        feature,
        tiles,
        pennants,
        with,
        shows_incomplete: !complete,
    };
    if cathedrals > 0 {
        let per = match (complete, readings.final_scoring_ignores) {
            (true, _) => 3,
            (false, false) => 0,
            (false, true) => 1,
        };
        return (per * units, breakdown(city_word, Some("a cathedral")));
    }
    if complete && tiles == 2 && readings.tiny_city {
        return (units, breakdown("tiny city", None));
    }
    let per = if complete { 2 } else { 1 };
    (per * units, breakdown(city_word, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: Readings = Readings {
        final_scoring_ignores: false,
        tiny_city: false,
    };
    const IGNORE: Readings = Readings {
        final_scoring_ignores: true,
        tiny_city: false,
    };
    const TINY: Readings = Readings {
        final_scoring_ignores: false,
        tiny_city: true,
    };

    #[test]
    fn an_inn_doubles_a_completed_road_and_voids_an_incomplete_one() {
        assert_eq!(road(5, 0, true, RULES).0, 5);
        assert_eq!(road(5, 1, true, RULES).0, 10);
        assert_eq!(road(5, 3, true, RULES).0, 10, "inns do not stack");
        assert_eq!(road(3, 1, false, RULES).0, 0);
        assert_eq!(road(3, 0, false, RULES).0, 3);
        assert_eq!(road(3, 2, false, IGNORE).0, 3);
        assert_eq!(road(3, 2, true, IGNORE).0, 6);
    }

    #[test]
    fn a_cathedral_makes_a_completed_city_three_a_unit_and_an_incomplete_one_nothing() {
        assert_eq!(city(12, 0, 1, true, RULES).0, 36);
        assert_eq!(city(5, 2, 2, true, RULES).0, 21, "cathedrals do not stack");
        assert_eq!(city(5, 2, 1, false, RULES).0, 0);
        assert_eq!(city(5, 2, 1, false, IGNORE).0, 7);
        assert_eq!(city(5, 2, 0, false, RULES).0, 7);
        assert_eq!(city(5, 2, 0, true, RULES).0, 14);
    }

    #[test]
    fn a_tiny_city_scores_one_a_unit_only_in_its_variant_and_only_when_complete() {
        assert_eq!(city(2, 0, 0, true, RULES).0, 4);
        assert_eq!(city(2, 0, 0, true, TINY).0, 2);
        assert_eq!(city(2, 1, 0, true, TINY).0, 3);
        assert_eq!(city(3, 0, 0, true, TINY).0, 6);
        assert_eq!(city(2, 0, 0, false, TINY).0, 2);
    }

    /// The breakdowns say what changed a feature's worth, and an inn's road says it is
    /// incomplete where the base game's road does not.
    #[test]
    fn the_breakdowns_name_the_inn_the_cathedral_and_the_tiny_city() {
        let text = |(points, breakdown): (u32, Breakdown)| breakdown.text(points);
        assert_eq!(text(road(3, 0, false, RULES)), "road of 3 tiles = 3");
        assert_eq!(
            text(road(3, 1, false, RULES)),
            "road of 3 tiles with an inn (incomplete) = 0"
        );
        assert_eq!(
            text(city(5, 2, 1, true, RULES)),
            "city of 5 tiles + 2 pennants with a cathedral = 21"
        );
        assert_eq!(
            text(city(5, 2, 0, false, RULES)),
            "city of 5 tiles + 2 pennants (incomplete) = 7"
        );
        assert_eq!(text(city(2, 0, 0, true, TINY)), "tiny city of 2 tiles = 2");
    }
}
