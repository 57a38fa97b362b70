//! How what is printed on a tile is drawn: each tile marker's and each content's picture, as
//! data declared by the ruleset or expansion that gives it its meaning (the base game's
//! pennant by its descriptor, the inn and the cathedral by Inns & Cathedrals, the hill and the
//! vineyard by Hills & Sheep, the water's and the meadows' by Hunters and Gatherers), listed
//! in its descriptor ([`RulesetDescriptor::pictures`], [`ExpansionDescriptor::pictures`]).
//! render draws any declared picture ([`marker_picture`], [`content_picture`]) and matches on
//! no marker or content: a new one needs its row in the model and its picture here, and a
//! kind no descriptor declares is drawn as an unknown symbol, never as another.
//!
//! [`RulesetDescriptor::pictures`]: crate::descriptor::RulesetDescriptor::pictures
//! [`ExpansionDescriptor::pictures`]: crate::descriptor::ExpansionDescriptor::pictures

use crate::model::{ContentKind, Marker};

/// One element of a symbol's picture, placed about the point the symbol is drawn at (SVG user
/// units, y downwards; a symbol is about 14 across, a tile 100), with its SVG presentation
/// attributes (`fill="#2553a8" stroke="#ffffff" stroke-width="1.3"`).
#[derive(Debug, PartialEq)]
pub enum SymbolElement {
    /// A path whose every `x,y` pair is an offset from the point: the commands `M`, `L`,
    /// `Q`, `C` and `Z`, absolute.
    Path {
        d: &'static str,
        paint: &'static str,
    },
    Circle {
        centre: (f64, f64),
        radius: f64,
        paint: &'static str,
    },
    Ellipse {
        centre: (f64, f64),
        radii: (f64, f64),
        paint: &'static str,
    },
    /// A rectangle from its top left corner.
    Rect {
        corner: (f64, f64),
        size: (f64, f64),
        paint: &'static str,
    },
}

/// The picture of a tile marker: drawn in a corner of open field of its tile, on a pale disc
/// that render lays under every marker.
#[derive(Debug, PartialEq)]
pub struct MarkerPicture {
    pub marker: Marker,
    /// The marker's letter in the text view (`^` a hill), one no other marker or feature uses.
    pub letter: char,
    /// Drawn in order, the first underneath.
    pub elements: &'static [SymbolElement],
}

/// The picture of a content printed on a feature.
#[derive(Debug, PartialEq)]
pub struct ContentPicture {
    pub content: ContentKind,
    pub place: ContentPlace,
    /// Drawn in order, the first underneath; none for a content that only shapes how its
    /// feature is drawn (a river that ends in a forest runs into the forest).
    pub elements: &'static [SymbolElement],
}

/// Where a content is drawn on its tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContentPlace {
    /// In the row of its feature's contents, at the feature's anchor, once a copy up to three
    /// (a pennant, two fish).
    Row,
    /// At the end of its line where the line ends on the tile (a spring, where a river
    /// starts), instead of the pool such an end otherwise shows; not in the row.
    LineEnd,
}

/// The pictures a ruleset or an expansion declares: of the markers and contents it gives a
/// meaning.
#[derive(Debug, PartialEq)]
pub struct SymbolPictures {
    pub markers: &'static [MarkerPicture],
    pub contents: &'static [ContentPicture],
}

impl SymbolPictures {
    /// A ruleset or expansion that brings no marker or content of its own.
    pub const NONE: SymbolPictures = SymbolPictures {
        markers: &[],
        contents: &[],
    };
}

/// Every ruleset's and every implemented expansion's declared pictures.
fn declared() -> impl Iterator<Item = &'static SymbolPictures> {
    crate::all().flat_map(|descriptor| {
        let expansions = descriptor.expansions.iter().map(|e| e.pictures);
        std::iter::once(descriptor.pictures).chain(expansions)
    })
}

/// The picture of `marker`, as the ruleset or expansion that gives it its meaning declares it;
/// `None` for a marker nobody declares, which render draws as an unknown symbol.
pub fn marker_picture(marker: Marker) -> Option<&'static MarkerPicture> {
    declared()
        .flat_map(|pictures| pictures.markers)
        .find(|picture| picture.marker == marker)
}

/// The picture of `content`, as the ruleset or expansion that gives it its meaning declares
/// it; `None` for a content nobody declares, which render draws as an unknown symbol.
pub fn content_picture(content: ContentKind) -> Option<&'static ContentPicture> {
    declared()
        .flat_map(|pictures| pictures.contents)
        .find(|picture| picture.content == content)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::descriptor::{describe, owner_of_marker};

    /// Every marker and every content of the model has a declared picture, so that no shipped
    /// kind is drawn as the unknown symbol; and one kind has one picture: where two
    /// descriptors list it (both Hunters and Gatherers rulesets list their tiles' pictures),
    /// they list the same declaration.
    #[test]
    fn every_marker_and_content_has_one_declared_picture() {
        /// The `declarations` of the kind `what` are one picture, listed once or more.
        fn one_picture<'p, T: 'p>(
            what: &dyn std::fmt::Debug,
            declarations: impl Iterator<Item = &'p T>,
        ) {
            let declarations: Vec<&T> = declarations.collect();
            let Some(first) = declarations.first() else {
                panic!("{what:?} has no picture");
            };
            assert!(
                declarations.iter().all(|p| std::ptr::eq(*p, *first)),
                "{what:?} is declared twice"
            );
        }
        for marker in Marker::ALL {
            let pictures = declared().flat_map(|pictures| pictures.markers);
            one_picture(&marker, pictures.filter(|p| p.marker == marker));
        }
        for content in ContentKind::ALL {
            let pictures = declared().flat_map(|pictures| pictures.contents);
            one_picture(&content, pictures.filter(|p| p.content == content));
        }
    }

    /// A marker's picture is declared by what gives the marker its meaning: the expansion that
    /// claims it (Hills & Sheep's hill), or else its family's ruleset (the volcano).
    #[test]
    fn a_markers_picture_is_declared_by_its_owner() {
        for marker in Marker::ALL {
            let (ruleset, expansion) = owner_of_marker(marker);
            let pictures = match expansion {
                Some(expansion) => expansion.pictures,
                None => describe(ruleset).pictures,
            };
            assert!(
                pictures.markers.iter().any(|p| p.marker == marker),
                "{marker:?}"
            );
        }
    }

    /// The markers' letters tell them apart in the text view.
    #[test]
    fn marker_letters_are_distinct() {
        let mut letters: Vec<char> = Marker::ALL
            .iter()
            .filter_map(|m| marker_picture(*m))
            .map(|p| p.letter)
            .collect();
        letters.sort_unstable();
        letters.dedup();
        assert_eq!(letters.len(), Marker::ALL.len(), "{letters:?}");
    }

    /// Every path of every declared picture is data render reads in full: only the commands
    /// it moves (`M`, `L`, `Q`, `C`, `Z`) and `x,y` pairs of numbers — a typo would otherwise
    /// draw a point at the symbol's centre without a word.
    #[test]
    fn every_declared_path_is_well_formed() {
        let elements = declared().flat_map(|pictures| {
            let markers = pictures
                .markers
                .iter()
                .map(|p| (p.marker.name(), p.elements));
            let contents = pictures
                .contents
                .iter()
                .map(|p| (p.content.name(), p.elements));
            markers.chain(contents)
        });
        for (name, elements) in elements {
            for element in elements {
                let SymbolElement::Path { d, .. } = element else {
                    continue;
                };
                for token in d.split_whitespace() {
                    let coords = token.trim_start_matches(['M', 'L', 'Q', 'C', 'Z']);
                    assert!(
                        token == "Z"
                            || coords.split_once(',').is_some_and(|(x, y)| {
                                x.parse::<f64>().is_ok() && y.parse::<f64>().is_ok()
                            }),
                        "{name}'s picture: `{token}` in `{d}`"
                    );
                }
            }
        }
    }
}
