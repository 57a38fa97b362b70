//! The tile model shared by both game families (see `docs/tile-language.md`).
//!
//! A tile has four sides. A side is whole (city, forest), split (field | road | field,
//! meadow | river | meadow) or an open area (field, meadow) whose two halves may belong to
//! different areas. Features claim sides through anchors compatible with JCloisterZone:
//! `N E S W` for a whole side or a side's middle, `NL … WR` for half-sides (left and right as
//! seen looking out from the centre) and `I` for an inner feature that touches no side.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::codes::Code;
use crate::diagnostic::Span;

crate::codes::codes! {
    /// The lints of the contents and feature kinds that an expansion brings into the model (an
    /// inn off a road, a garden outside a field): declared with the rows that give them their
    /// meaning, in the registry through `rules::codes`.
    pub CODES;

    GARDEN_OUTSIDE_FIELD = "T243" "garden-outside-field" Error:
"A tile has a garden (`garden: I`) but no field. A garden sits inside a field, which it does
not cut: the tile's field keeps its sides (`field: N E S W`) and the garden is a feature of
its own at `I`, as JCloisterZone's tiles have both.

Rule (the abbot and gardens): “A garden is a one-tile feature sitting inside a field, similar
to a monastery”; “The garden does not cut the field it stands in”.";
    INN_OFF_ROAD = "T260" "inn-off-road" Error:
"An `inn` stands on a feature that is not a road. In Inns & Cathedrals an inn is printed beside
a road and belongs to that road only: a completed road with an inn scores 2 points a tile, an
incomplete one nothing at the end. Anywhere else it has no meaning.

Put `inn` on the road it lines (`road: W E inn`). On a tile with several roads (the T-junction
`IC/RRR.i`), only the road beside the inn has it: `road: E inn`, `road: W`, `road: S`.";

    CATHEDRAL_OUTSIDE_CITY = "T261" "cathedral-outside-city" Error:
"A `cathedral` stands on a feature that is not a city. In Inns & Cathedrals a cathedral is part
of its city: a completed city with a cathedral scores 3 points a tile and a pennant, an
incomplete one nothing at the end. Anywhere else it has no meaning.

Put `cathedral` on the city it stands in: `city: N E S W cathedral`.";
}

/// The most tiles (the sum of the counts) one tile set may hold: far above any published set
/// (the base game has 72), and low enough that no count can make a stack of billions.
pub const MAX_TILES_PER_SET: u64 = 10_000;

/// The family of rules a tile set is made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ruleset {
    Carcassonne,
    HuntersGatherers,
    /// The 2020 edition of Hunters and Gatherers: the same tiles (family
    /// [`Ruleset::HuntersGatherers`]), its own rules.
    #[serde(rename = "hunters-gatherers-2020")]
    HuntersGatherers2020,
}

impl Ruleset {
    pub const ALL: [Ruleset; 3] = [
        Ruleset::Carcassonne,
        Ruleset::HuntersGatherers,
        Ruleset::HuntersGatherers2020,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Ruleset::Carcassonne => "carcassonne",
            Ruleset::HuntersGatherers => "hunters-gatherers",
            Ruleset::HuntersGatherers2020 => "hunters-gatherers-2020",
        }
    }

    /// The family of tiles the ruleset plays: what a tile set declares. Both editions of
    /// Hunters and Gatherers play the tile sets of `hunters-gatherers`.
    pub fn family(self) -> Ruleset {
        match self {
            Ruleset::HuntersGatherers2020 => Ruleset::HuntersGatherers,
            other => other,
        }
    }

    /// The letter of a side in `edges`: C city, R road, F field for Carcassonne (and I for
    /// The River's water, which meets only water); F forest, M meadow, R river for Hunters
    /// and Gatherers; X a closed side (which fits any side) in both. `river` says that a split
    /// side is split by a river.
    fn edge_letter(self, side_class: SideClass, river: bool) -> char {
        match (self.family(), side_class) {
            (_, SideClass::Closed) => CLOSED_EDGE as char,
            (Ruleset::Carcassonne, SideClass::Split) if river => 'I',
            (_, SideClass::Whole(FeatureKind::City)) => 'C',
            (_, SideClass::Whole(_)) => 'F',
            (_, SideClass::Split) => 'R',
            (Ruleset::Carcassonne, SideClass::Open) => 'F',
            (Ruleset::HuntersGatherers | Ruleset::HuntersGatherers2020, SideClass::Open) => 'M',
        }
    }
}

/// The edge letter of a closed side (`Tile::closed`): it fits against every other letter.
pub const CLOSED_EDGE: u8 = b'X';

/// A fan expansion's name: a lowercase letter, then lowercase letters, digits and `-` (at
/// most 64 characters), like the shipped sets' names.
pub fn is_expansion_name(name: &str) -> bool {
    name.len() <= 64
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

impl FromStr for Ruleset {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Ruleset::ALL.into_iter().find(|r| r.name() == s).ok_or(())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TileKind {
    /// Laid face up before the game; its other copies (if any) are land tiles in the stack.
    Start,
    #[default]
    Land,
    /// Hunters and Gatherers bonus tile (gold nugget / menhir stack).
    Bonus,
}

impl TileKind {
    pub fn name(self) -> &'static str {
        match self {
            TileKind::Start => "start",
            TileKind::Land => "land",
            TileKind::Bonus => "bonus",
        }
    }
}

/// Tile-level markers: things printed on the tile that belong to no single feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Marker {
    Hill,
    Vineyard,
    Volcano,
}

impl Marker {
    pub const ALL: [Marker; 3] = [Marker::Hill, Marker::Vineyard, Marker::Volcano];

    pub fn name(self) -> &'static str {
        match self {
            Marker::Hill => "hill",
            Marker::Vineyard => "vineyard",
            Marker::Volcano => "volcano",
        }
    }

    /// The family of tiles the marker is printed on. Which expansion, if any, gives it a
    /// meaning is its ruleset's to say (`rules::descriptor::owner_of_marker`).
    pub fn family(self) -> Ruleset {
        match self {
            Marker::Hill | Marker::Vineyard => Ruleset::Carcassonne,
            Marker::Volcano => Ruleset::HuntersGatherers,
        }
    }
}

impl FromStr for Marker {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Marker::ALL.into_iter().find(|m| m.name() == s).ok_or(())
    }
}

/// A set of tile markers, one bit a marker: what a compiled tile shows, asked on the engine's
/// hot paths (whether a placed tile has a hill, whether a neighbour has a vineyard) as cheaply
/// as a field of its own, and with no field to add for a new marker.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MarkerSet(u16);

// One bit a marker: the set holds up to 16 kinds.
const _: () = assert!(Marker::ALL.len() <= u16::BITS as usize);

impl MarkerSet {
    fn bit(marker: Marker) -> u16 {
        1 << marker as u16
    }

    /// Whether the set holds `marker`.
    #[inline]
    pub fn has(self, marker: Marker) -> bool {
        self.0 & MarkerSet::bit(marker) != 0
    }

    pub fn insert(&mut self, marker: Marker) {
        self.0 |= MarkerSet::bit(marker);
    }
}

impl FromIterator<Marker> for MarkerSet {
    fn from_iter<I: IntoIterator<Item = Marker>>(markers: I) -> Self {
        let mut set = MarkerSet::default();
        for marker in markers {
            set.insert(marker);
        }
        set
    }
}

/// How a feature kind sits on the sides of a tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnchorClass {
    /// Claims whole sides: city, forest.
    Whole,
    /// Runs through the middle of split sides: road, river.
    Middle,
    /// Fills half-sides (or both halves of a side at once): field, meadow.
    Area,
    /// Touches no side: monastery, lake.
    Inner,
}

/// When a feature of a kind counts as complete in the simulator's statistics and per-tile
/// figures, the same under every ruleset (each ruleset scores its features itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Completion {
    /// When no end of it is left open: a city, a road, a forest, a river, a meadow. The tile
    /// that closes the last end completes it.
    Ends,
    /// When its tile and the eight around it are on the board: a monastery, a garden. The
    /// last of the nine completes it.
    Square,
    /// Enclosed when no end is left open, which the statistics count, but scored at the end
    /// of the game whatever its borders, so that no tile completes it: a field.
    Enclosed,
    /// Never: a lake, which the statistics leave out.
    Never,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FeatureKind {
    City,
    Road,
    Field,
    Monastery,
    Forest,
    Meadow,
    River,
    Lake,
    /// A garden (the abbot's): a one-tile feature inside a field, which it does not cut.
    Garden,
}

impl FeatureKind {
    pub const ALL: [FeatureKind; 9] = [
        FeatureKind::City,
        FeatureKind::Road,
        FeatureKind::Field,
        FeatureKind::Monastery,
        FeatureKind::Forest,
        FeatureKind::Meadow,
        FeatureKind::River,
        FeatureKind::Lake,
        FeatureKind::Garden,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FeatureKind::City => "city",
            FeatureKind::Road => "road",
            FeatureKind::Field => "field",
            FeatureKind::Monastery => "monastery",
            FeatureKind::Forest => "forest",
            FeatureKind::Meadow => "meadow",
            FeatureKind::River => "river",
            FeatureKind::Lake => "lake",
            FeatureKind::Garden => "garden",
        }
    }

    pub fn ruleset(self) -> Ruleset {
        match self {
            FeatureKind::City
            | FeatureKind::Road
            | FeatureKind::Field
            | FeatureKind::Monastery
            | FeatureKind::Garden => Ruleset::Carcassonne,
            _ => Ruleset::HuntersGatherers,
        }
    }

    /// Whether a tile set of the family `family` may have the feature: its own ruleset's, and
    /// for Carcassonne also the river and its lake (The River, whose tiles carry the water of
    /// the Hunters and Gatherers model).
    pub fn belongs_to(self, family: Ruleset) -> bool {
        self.ruleset() == family
            || (family == Ruleset::Carcassonne
                && matches!(self, FeatureKind::River | FeatureKind::Lake))
    }

    pub fn anchor_class(self) -> AnchorClass {
        match self {
            FeatureKind::City | FeatureKind::Forest => AnchorClass::Whole,
            FeatureKind::Road | FeatureKind::River => AnchorClass::Middle,
            FeatureKind::Field | FeatureKind::Meadow => AnchorClass::Area,
            FeatureKind::Monastery | FeatureKind::Lake | FeatureKind::Garden => AnchorClass::Inner,
        }
    }

    pub fn completion(self) -> Completion {
        match self {
            FeatureKind::City
            | FeatureKind::Road
            | FeatureKind::Forest
            | FeatureKind::Meadow
            | FeatureKind::River => Completion::Ends,
            FeatureKind::Monastery | FeatureKind::Garden => Completion::Square,
            FeatureKind::Field => Completion::Enclosed,
            FeatureKind::Lake => Completion::Never,
        }
    }

    /// What each tile of a feature of the kind is worth in the simulator's per-tile figures,
    /// the same under every ruleset: 2 for a completed city or forest, 1 for another city,
    /// forest, road or river, nothing for the rest (a field scores the cities it feeds, which
    /// the figures of those cities already show). A kind completed by its square is worth its
    /// tile and those around it instead, whatever this says.
    pub fn nominal_points_per_tile(self, completed: bool) -> u32 {
        match self {
            FeatureKind::City | FeatureKind::Forest if completed => 2,
            FeatureKind::City | FeatureKind::Forest | FeatureKind::Road | FeatureKind::River => 1,
            FeatureKind::Field
            | FeatureKind::Monastery
            | FeatureKind::Meadow
            | FeatureKind::Lake
            | FeatureKind::Garden => 0,
        }
    }

    /// The feature a kind lies inside, which a tile with it must have, and the lint code of a
    /// tile without it: a garden lies in a field ("a one-tile feature sitting inside a field",
    /// the abbot and gardens), T243.
    pub fn lies_inside(self) -> Option<(FeatureKind, &'static Code)> {
        match self {
            FeatureKind::Garden => Some((FeatureKind::Field, &GARDEN_OUTSIDE_FIELD)),
            FeatureKind::City
            | FeatureKind::Road
            | FeatureKind::Field
            | FeatureKind::Monastery
            | FeatureKind::Forest
            | FeatureKind::Meadow
            | FeatureKind::River
            | FeatureKind::Lake => None,
        }
    }
}

impl FromStr for FeatureKind {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        FeatureKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or(())
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What may be printed on a feature. Each has a count (1 for a plain mark such as a spring).
/// Two plain marks say how a river that touches one side ends on its tile, where the rules
/// distinguish it: at a spring (`spring`, the 2002 rules' end) or in a forest of the tile
/// (`forest-end`, the 2020 rules' end: "both ends reach a forest or a lake"); a river that
/// flows into a lake says so with `into=` instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ContentKind {
    Pennant,
    Fish,
    Spring,
    /// The river ends in a forest of its tile.
    ForestEnd,
    Gold,
    Menhir,
    Mushrooms,
    Deer,
    Mammoth,
    Tiger,
    Aurochs,
    Fire,
    Shrine,
    /// An inn beside a road (Inns & Cathedrals): the road it lines scores 2 a tile.
    Inn,
    /// A cathedral in a city (Inns & Cathedrals): the city scores 3 a tile and pennant.
    Cathedral,
    /// A goods symbol in a city (Traders & Builders): wine, grain or cloth, a token of its
    /// kind to the player who completes the city.
    Wine,
    Grain,
    Cloth,
    /// A pig-herd in a field (The River II, read with Traders & Builders' pigs).
    PigHerd,
}

impl ContentKind {
    pub const ALL: [ContentKind; 19] = [
        ContentKind::Pennant,
        ContentKind::Fish,
        ContentKind::Spring,
        ContentKind::ForestEnd,
        ContentKind::Gold,
        ContentKind::Menhir,
        ContentKind::Mushrooms,
        ContentKind::Deer,
        ContentKind::Mammoth,
        ContentKind::Tiger,
        ContentKind::Aurochs,
        ContentKind::Fire,
        ContentKind::Shrine,
        ContentKind::Inn,
        ContentKind::Cathedral,
        ContentKind::Wine,
        ContentKind::Grain,
        ContentKind::Cloth,
        ContentKind::PigHerd,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ContentKind::Pennant => "pennant",
            ContentKind::Fish => "fish",
            ContentKind::Spring => "spring",
            ContentKind::ForestEnd => "forest-end",
            ContentKind::Gold => "gold",
            ContentKind::Menhir => "menhir",
            ContentKind::Mushrooms => "mushrooms",
            ContentKind::Deer => "deer",
            ContentKind::Mammoth => "mammoth",
            ContentKind::Tiger => "tiger",
            ContentKind::Aurochs => "aurochs",
            ContentKind::Fire => "fire",
            ContentKind::Shrine => "shrine",
            ContentKind::Inn => "inn",
            ContentKind::Cathedral => "cathedral",
            ContentKind::Wine => "wine",
            ContentKind::Grain => "grain",
            ContentKind::Cloth => "cloth",
            ContentKind::PigHerd => "pig-herd",
        }
    }

    /// The features this content makes sense on.
    /// Whether the tiles of the ruleset family `family` may carry the content: it goes on one
    /// of the family's features (a pennant on a Carcassonne city, no gold on a Carcassonne
    /// tile, which has no forest).
    pub fn belongs_to(self, family: Ruleset) -> bool {
        self.allowed_on().iter().any(|kind| kind.belongs_to(family))
    }

    pub fn allowed_on(self) -> &'static [FeatureKind] {
        use FeatureKind::*;
        match self {
            ContentKind::Pennant => &[City],
            ContentKind::Fish => &[Lake, River],
            ContentKind::Spring | ContentKind::ForestEnd => &[River],
            ContentKind::Gold | ContentKind::Menhir | ContentKind::Mushrooms => &[Forest],
            ContentKind::Deer
            | ContentKind::Mammoth
            | ContentKind::Tiger
            | ContentKind::Aurochs
            | ContentKind::Fire
            | ContentKind::Shrine => &[Meadow],
            ContentKind::Inn => &[Road],
            ContentKind::Cathedral => &[City],
            ContentKind::Wine | ContentKind::Grain | ContentKind::Cloth => &[City],
            ContentKind::PigHerd => &[Field],
        }
    }

    /// The code and help of the content where it stands on a feature other than those it is
    /// allowed on, when the rules of its expansion cannot score the tile otherwise (an inn
    /// off a road, T260; a cathedral outside a city, T261); `None` for the contents the
    /// common code of a content on the wrong feature tells.
    pub fn misplaced(self) -> Option<Misplaced> {
        match self {
            ContentKind::Inn => Some(Misplaced {
                code: &INN_OFF_ROAD,
                what: "an inn",
                help: "an inn lines a road: `road: W E inn`",
            }),
            ContentKind::Cathedral => Some(Misplaced {
                code: &CATHEDRAL_OUTSIDE_CITY,
                what: "a cathedral",
                help: "a cathedral stands in a city: `city: N E S W cathedral`",
            }),
            ContentKind::Pennant
            | ContentKind::Fish
            | ContentKind::Spring
            | ContentKind::ForestEnd
            | ContentKind::Gold
            | ContentKind::Menhir
            | ContentKind::Mushrooms
            | ContentKind::Deer
            | ContentKind::Mammoth
            | ContentKind::Tiger
            | ContentKind::Aurochs
            | ContentKind::Fire
            | ContentKind::Shrine
            | ContentKind::Wine
            | ContentKind::Grain
            | ContentKind::Cloth
            | ContentKind::PigHerd => None,
        }
    }

    /// Whether more than one of it on a feature means anything (two deer, three fish).
    pub fn is_counted(self) -> bool {
        matches!(
            self,
            ContentKind::Pennant
                | ContentKind::Fish
                | ContentKind::Gold
                | ContentKind::Deer
                | ContentKind::Mammoth
                | ContentKind::Tiger
                | ContentKind::Aurochs
        )
    }
}

impl FromStr for ContentKind {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        ContentKind::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or(())
    }
}

/// How the lint tells a content of an expansion that stands on a feature it has no meaning
/// on: its own code, what the message calls it, and the help that puts it right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Misplaced {
    pub code: &'static Code,
    pub what: &'static str,
    pub help: &'static str,
}

/// The special powers of the 2020 Hunters and Gatherers tiles, kept as data. The 2002 rules
/// give them no effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Power {
    Shaman,
    Logboat,
    HuntingTrap,
    PitTrap,
    WildFire,
    Raft,
}

impl Power {
    pub const ALL: [Power; 6] = [
        Power::Shaman,
        Power::Logboat,
        Power::HuntingTrap,
        Power::PitTrap,
        Power::WildFire,
        Power::Raft,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Power::Shaman => "shaman",
            Power::Logboat => "logboat",
            Power::HuntingTrap => "hunting-trap",
            Power::PitTrap => "pit-trap",
            Power::WildFire => "wild-fire",
            Power::Raft => "raft",
        }
    }

    /// The feature a power is printed on.
    pub fn allowed_on(self) -> FeatureKind {
        match self {
            Power::Logboat | Power::Raft => FeatureKind::Lake,
            _ => FeatureKind::Meadow,
        }
    }
}

impl FromStr for Power {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Power::ALL.into_iter().find(|p| p.name() == s).ok_or(())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    N,
    E,
    S,
    W,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }

    pub fn from_index(index: usize) -> Side {
        Side::ALL[index % 4]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Half {
    L,
    R,
}

/// Where a feature touches the edge of its tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Anchor {
    /// A whole side (city, forest), both halves of a side (field, meadow), or the middle of a
    /// split side (road, river).
    Side(Side),
    /// One half of a side.
    Half(Side, Half),
    /// An inner area that touches no side.
    Inner,
}

impl fmt::Display for Anchor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Anchor::Side(side) => write!(f, "{}", side.letter()),
            Anchor::Half(side, Half::L) => write!(f, "{}L", side.letter()),
            Anchor::Half(side, Half::R) => write!(f, "{}R", side.letter()),
            Anchor::Inner => f.write_str("I"),
        }
    }
}

impl FromStr for Anchor {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        let side = |c: u8| match c {
            b'N' => Ok(Side::N),
            b'E' => Ok(Side::E),
            b'S' => Ok(Side::S),
            b'W' => Ok(Side::W),
            _ => Err(()),
        };
        match s.as_bytes() {
            [b'I'] => Ok(Anchor::Inner),
            [c] => Ok(Anchor::Side(side(*c)?)),
            [c, b'L'] => Ok(Anchor::Half(side(*c)?, Half::L)),
            [c, b'R'] => Ok(Anchor::Half(side(*c)?, Half::R)),
            _ => Err(()),
        }
    }
}

impl Serialize for Anchor {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Anchor {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(|()| {
            serde::de::Error::custom(format!(
                "unknown anchor `{text}`, expected one of N E S W, NL NR EL ER SL SR WL WR, I"
            ))
        })
    }
}

impl Serialize for Side {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.letter())
    }
}

impl<'de> Deserialize<'de> for Side {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        match text.parse() {
            Ok(Anchor::Side(side)) => Ok(side),
            _ => Err(serde::de::Error::custom(format!(
                "unknown side `{text}`, expected one of N E S W"
            ))),
        }
    }
}

/// Where the parts of a feature stand in its source text, for diagnostics. Empty (unknown)
/// for features read from JSON or YAML.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FeatureSpans {
    pub line: Span,
    pub label: Span,
    /// One span per anchor, in the order of `Feature::anchors`.
    pub anchors: Vec<Span>,
    /// The span of each attribute, by its keyword (`pennant`, `touches`, `power` …).
    pub attributes: Vec<(String, Span)>,
}

impl FeatureSpans {
    pub fn attribute(&self, key: &str) -> Span {
        self.attributes
            .iter()
            .find(|(k, _)| k == key)
            .map_or(self.line, |(_, span)| *span)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    pub kind: FeatureKind,
    /// A name for other features of the tile to refer to (a field's city, a river's lake).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    pub anchors: Vec<Anchor>,
    /// Sides whose whole length this feature shares with another feature of its kind (the
    /// Hills & Sheep city with two stretches on one side).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shares: Vec<Side>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub contents: BTreeMap<ContentKind, u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<Power>,
    /// Labels of the cities a field touches (farm scoring).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub touches: Vec<String>,
    /// Labels of the lakes a river flows into.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flows_into: Vec<String>,
    #[serde(skip)]
    pub spans: FeatureSpans,
}

impl Feature {
    pub fn new(kind: FeatureKind, anchors: Vec<Anchor>) -> Self {
        Feature {
            kind,
            label: None,
            anchors,
            shares: Vec::new(),
            contents: BTreeMap::new(),
            power: None,
            touches: Vec::new(),
            flows_into: Vec::new(),
            spans: FeatureSpans::default(),
        }
    }

    /// How many of `content` the feature shows (0 when it has none).
    pub fn count(&self, content: ContentKind) -> u32 {
        self.contents.get(&content).copied().unwrap_or(0)
    }

    /// The sides this feature touches at all (through a whole, middle or half anchor).
    pub fn touched_sides(&self) -> impl Iterator<Item = Side> + '_ {
        self.anchors.iter().filter_map(|anchor| match anchor {
            Anchor::Side(side) | Anchor::Half(side, _) => Some(*side),
            Anchor::Inner => None,
        })
    }
}

/// Where the parts of a tile stand in its source text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TileSpans {
    pub header: Span,
    pub id: Span,
    pub count: Span,
    pub kind: Span,
    /// One span per marker, in the order of `Tile::markers`.
    pub markers: Vec<Span>,
    /// The `closed:` statement, where the tile has one.
    pub closed: Span,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tile {
    pub id: String,
    /// Copies of the tile in the box.
    pub count: u32,
    pub kind: TileKind,
    pub markers: Vec<Marker>,
    pub features: Vec<Feature>,
    /// The sides the tile closes (`closed: N E S W`), which no feature reaches: a closed side
    /// fits against any side and ends every feature that meets it (Abbey & Mayor's abbey,
    /// "matching nothing and closing every feature it touches").
    pub closed: Vec<Side>,
    pub spans: TileSpans,
}

/// What runs along one side of a tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideClass {
    /// One feature kind along the whole side (city, forest).
    Whole(FeatureKind),
    /// Area | road or river | area.
    Split,
    /// Field or meadow along the whole side.
    Open,
    /// No feature: the tile closes the side (see `Tile::closed`).
    Closed,
}

impl Tile {
    pub fn has_marker(&self, marker: Marker) -> bool {
        self.markers.contains(&marker)
    }

    pub fn feature_by_label(&self, label: &str) -> Option<&Feature> {
        self.features
            .iter()
            .find(|f| f.label.as_deref() == Some(label))
    }

    /// What runs along `side`, read from the features that claim it. A side no whole or middle
    /// feature claims is open; the linter reports sides whose claims do not fit together.
    pub fn side_class(&self, side: Side) -> SideClass {
        if self.closed.contains(&side) {
            return SideClass::Closed;
        }
        let mut class = SideClass::Open;
        for feature in &self.features {
            let claims_side =
                feature.anchors.contains(&Anchor::Side(side)) || feature.shares.contains(&side);
            if !claims_side {
                continue;
            }
            match feature.kind.anchor_class() {
                AnchorClass::Whole => return SideClass::Whole(feature.kind),
                AnchorClass::Middle => class = SideClass::Split,
                AnchorClass::Area | AnchorClass::Inner => {}
            }
        }
        class
    }

    /// Whether a river runs through the middle of `side`.
    pub fn river_at(&self, side: Side) -> bool {
        self.features
            .iter()
            .any(|f| f.kind == FeatureKind::River && f.anchors.contains(&Anchor::Side(side)))
    }

    /// The four side letters N, E, S, W (e.g. `CRFR`), as in the `edges` of an export.
    pub fn edges(&self, ruleset: Ruleset) -> String {
        Side::ALL
            .into_iter()
            .map(|side| ruleset.edge_letter(self.side_class(side), self.river_at(side)))
            .collect()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileSet {
    pub name: String,
    pub ruleset: Ruleset,
    pub expansions: Vec<String>,
    /// Where the tiles come from, and the attribution their source asks for.
    pub source: Option<String>,
    pub tiles: Vec<Tile>,
}

impl TileSet {
    /// Tiles in the box, counting every copy.
    pub fn copies(&self) -> u64 {
        self.tiles.iter().map(|t| u64::from(t.count)).sum()
    }

    /// Copies of the tiles of one kind.
    pub fn copies_of_kind(&self, kind: TileKind) -> u64 {
        self.tiles
            .iter()
            .filter(|t| t.kind == kind)
            .map(|t| u64::from(t.count))
            .sum()
    }

    pub fn is_expansion(&self) -> bool {
        !self.expansions.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::{Marker, MarkerSet};

    /// Each marker has a bit of its own: a set of one marker holds that marker and no other,
    /// and a set holds exactly what was put in it.
    #[test]
    fn a_marker_set_holds_exactly_its_markers() {
        assert!(Marker::ALL.iter().all(|m| !MarkerSet::default().has(*m)));
        for marker in Marker::ALL {
            let set: MarkerSet = [marker].into_iter().collect();
            for other in Marker::ALL {
                assert_eq!(set.has(other), other == marker, "{marker:?} {other:?}");
            }
        }
        let hill_and_volcano: MarkerSet = [Marker::Hill, Marker::Volcano].into_iter().collect();
        assert!(hill_and_volcano.has(Marker::Hill) && hill_and_volcano.has(Marker::Volcano));
        assert!(!hill_and_volcano.has(Marker::Vineyard));
    }
}
