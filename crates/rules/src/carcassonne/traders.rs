//! Traders & Builders (`../shared/rules/traders-and-builders.md`): the goods printed in cities
//! (a token of each to the player whose tile completes the city, 10 points a kind to the
//! players with the most at the end), the builder (on a road or city holding its owner's
//! follower; its owner's later tile that extends that feature gives a second tile at once) and
//! the pig (in a field holding its owner's farmer; 4 instead of 3 a city when its owner scores
//! the field). Builder and pig are figures of pools of their own, of strength 0 and never
//! followers: they count for no majority and no hill tie. Their pictures, the goods' and the
//! pig-herd's are declared here; readings are recorded in `docs/rules/carcassonne.md`.

use super::{BUILDERS, PIGS};
use crate::descriptor::{CodeNote, ShippedSet};
use crate::engine::{Engine, Figure, FigureId, FigureKind, NodeId, PlacementId};
use crate::jcz::{JczElement, JczMeaning, JczPart};
use crate::model::{ContentKind, FeatureKind};
use crate::{
    Breakdown, ContentPicture, ContentPlace, FigurePicture, MEEPLE_OUTLINE, Paint, PictureStroke,
    ScoreEvent, SymbolElement, SymbolPictures, TurnView, Violation, chosen,
};

/// The expansion, as an `expansion` line names it.
pub const TRADERS_AND_BUILDERS: &str = "traders-and-builders";

/// “Each player adds the builder and the pig of their colour to their supply.”
pub const BUILDER: FigureKind = FigureKind("builder");
pub const PIG: FigureKind = FigureKind("pig");

/// `goods off`: the goods symbols are decoration (JCloisterZone's setup without the element
/// `traders`).
pub const GOODS: &str = "goods";
/// `pig-herd on` (JCloisterZone's reading, the default): a field with a pig-herd is worth 1 more
/// a completed city to every player who scores it, with a pig or without; `off`: the pig-herd
/// is decoration. No official text of its effect was found (digest, open question 4).
pub const PIG_HERD: &str = "pig-herd";
/// Whether a builder may stand on a road or city that the tile just placed completes:
/// `allowed` (the rules say nothing against it; it comes home at once with the scoring) or
/// `refused` (JCloisterZone).
pub const BUILDER_ON_COMPLETED: &str = "builder-on-completed";

/// The goods, in the order of the game language's `expect goods` and of the final scoring.
pub const GOODS_KINDS: [ContentKind; 3] =
    [ContentKind::Wine, ContentKind::Grain, ContentKind::Cloth];

/// “the player(s) with the most tokens of that kind score 10 points”.
const GOODS_MAJORITY_POINTS: u32 = 10;

/// A completed city adds 3 to a field; “4 points per completed city … instead of 3” with the
/// player's pig there, and 1 more with a pig-herd (JCloisterZone).
const CITY_IN_A_FIELD: u32 = 3;

/// Traders & Builders' 24 tiles (JCloisterZone's `traders-and-builders:1`).
pub(super) const TILE_SET: ShippedSet = ShippedSet {
    name: "traders-and-builders",
    text: include_str!("../../../../tiles/traders-and-builders.tiles"),
};

/// The printing with two garden tiles (JCloisterZone's `traders-and-builders:2`), played
/// instead of `traders-and-builders`.
pub(super) const GARDENS_TILE_SET: ShippedSet = ShippedSet {
    name: "traders-and-builders-gardens",
    text: include_str!("../../../../tiles/traders-and-builders-gardens.tiles"),
};

carcspec_core::codes::codes! {
    /// Traders & Builders' rule violations, in the registry through the expansion's
    /// descriptor (`rules::codes` gathers them).
    pub(super) CODES;

    BUILDER_WITHOUT_FOLLOWER = "V180" "builder-without-follower" Error:
"A builder deployed on a road or city that holds none of its owner's followers (a thief or
knight, large or not), or that holds the owner's other builder already.

Rule (Traders & Builders, the builder): “Instead of placing a meeple, you may place your
builder on the tile you just placed — only on a road or city segment, and only if that road or
city already holds at least one of your own meeples.” The new tile must therefore extend a
road or city you occupy. The builder is not a follower: it never counts for a majority.";

    BUILDER_ON_COMPLETED_FEATURE = "V181" "builder-on-completed-feature" Error:
"A builder deployed on a road or city that the tile just placed completes, in a game with
`variant builder-on-completed refused` (JCloisterZone's reading; its saved games import with
it). The rules do not forbid it: under the default `allowed` the builder comes home at once
with the feature's scoring.";

    PIG_WITHOUT_FARMER = "V182" "pig-without-farmer" Error:
"A pig deployed in a field that holds none of its owner's farmers (large or not), or that
holds the owner's other pig already.

Rule (Traders & Builders, the pig): “Instead of placing a meeple, you may place your pig on a
field segment of the tile you just placed, only if that field already holds at least one of
your own farmers.” A shepherd is no farmer. The pig is not a follower: it never counts for a
majority; at the end it makes each completed city worth 4 instead of 3 to its owner, when its
owner scores the field.";
}

/// What Traders & Builders adds to the explanations of the shared codes: its figures.
pub(super) const CODE_NOTES: [CodeNote; 2] = [
    CodeNote {
        code: &carcspec_core::codes::SUPPLY_EMPTY,
        text: "  - with Traders & Builders: one builder and one pig as well.",
    },
    CodeNote {
        code: &carcspec_core::codes::WRONG_FEATURE_FOR_FIGURE,
        text: "  - with Traders & Builders: the builder on a road or in a city, the pig in a field.",
    },
];

/// Traders & Builders in JCloisterZone's saved games: `builder` and `pig` are each player's
/// counts, `traders` plays the goods, `pig-herd` the pig-herd's bonus; JCloisterZone refuses a
/// builder on a feature the tile just completed. The double turn has no message of its own:
/// the same player's next `PLACE_TILE` follows.
pub(super) const JCZ: JczPart = JczPart {
    elements: &[
        JczElement {
            name: "builder",
            meaning: JczMeaning::Pool {
                pool: BUILDERS,
                or_flag: true,
            },
        },
        JczElement {
            name: "pig",
            meaning: JczMeaning::Pool {
                pool: PIGS,
                or_flag: true,
            },
        },
        JczElement {
            name: "traders",
            meaning: JczMeaning::Variant(GOODS),
        },
        JczElement {
            name: "pig-herd",
            meaning: JczMeaning::Variant(PIG_HERD),
        },
    ],
    meeples: &[("builder", BUILDERS), ("pig", PIGS)],
    features: &[],
    rules: &[],
    implied_variants: &[(BUILDER_ON_COMPLETED, "refused")],
    take_back: None,
    moves: &[],
};

/// The builder's picture: a meeple with a mason's hammer raised over its shoulder.
pub const BUILDER_PICTURE: FigurePicture = FigurePicture {
    name: "builder",
    strokes: &[
        PictureStroke {
            path: MEEPLE_OUTLINE,
            paint: Paint::Owner,
        },
        // The hammer's handle and its iron head.
        PictureStroke {
            path: "M6,-1 L10.5,-9",
            paint: Paint::Fixed(r##"fill="none" stroke="#6b4423" stroke-width="1.4""##),
        },
        PictureStroke {
            path: "M8,-11 L13,-8.2 L12,-6.5 L7,-9.3 Z",
            paint: Paint::Fixed(r##"fill="#5e5e5e" stroke="#222222" stroke-width="0.6""##),
        },
    ],
    lies_in_a_field: false,
};

/// The pig's picture: a pig seen from the side, in its owner's colour, with a pink snout and a
/// curly tail, so that it reads apart from a farmer lying in the same field.
pub const PIG_PICTURE: FigurePicture = FigurePicture {
    name: "pig",
    strokes: &[
        // Body, head and legs.
        PictureStroke {
            path: "M-7,-1 Q-7,-6 -1,-6 L3,-6 Q5,-7 6,-5 L8.5,-3.5 Q9.5,-1 8,0.5 L6,1 Q5.5,3 4.5,3 L4.5,6 L2.5,6 L2.5,3.5 L-3,3.5 L-3,6 L-5,6 L-5,3 Q-7,2 -7,-1 Z",
            paint: Paint::Owner,
        },
        // The snout, the eye and the ear.
        PictureStroke {
            path: "M8,-3.5 Q10,-3 10,-1.5 Q10,0 8.3,0 Q7.6,-1.8 8,-3.5 Z",
            paint: Paint::Fixed(r##"fill="#f4a7b9" stroke="#222222" stroke-width="0.6""##),
        },
        PictureStroke {
            path: "M5.2,-3.6 L5.8,-3.6 L5.8,-3 L5.2,-3 Z",
            paint: Paint::Fixed(r##"fill="#222222""##),
        },
        PictureStroke {
            path: "M3.5,-5.8 L5,-8.5 L5.8,-5.6 Z",
            paint: Paint::Fixed(r##"fill="#f4a7b9" stroke="#222222" stroke-width="0.5""##),
        },
        // The curly tail.
        PictureStroke {
            path: "M-7,-2 Q-9.5,-3 -9,-4.5 Q-8,-5.5 -7.5,-4 Q-8,-3 -9.5,-2",
            paint: Paint::Fixed(r##"fill="none" stroke="#222222" stroke-width="0.8""##),
        },
    ],
    lies_in_a_field: false,
};

/// The pale disc under each goods symbol, as under the inn's tankard.
const GOODS_DISC: SymbolElement = SymbolElement::Circle {
    centre: (0.0, 0.0),
    radius: 8.5,
    paint: r##"fill="#fbf1e3" stroke="#5a3a1a" stroke-width="0.9""##,
};

/// The pictures of the goods and the pig-herd, each small enough to share a city's row with
/// its pennants.
pub(super) const PICTURES: SymbolPictures = SymbolPictures {
    markers: &[],
    contents: &[
        // Wine: a dark red bottle with a cork, on a pale disc.
        ContentPicture {
            content: ContentKind::Wine,
            place: ContentPlace::Row,
            elements: &[
                GOODS_DISC,
                SymbolElement::Path {
                    d: "M-1.3,-7 L1.3,-7 L1.3,-3.5 Q3.8,-2.5 3.8,0 L3.8,6 L-3.8,6 L-3.8,0 Q-3.8,-2.5 -1.3,-3.5 Z",
                    paint: r##"fill="#7b1530" stroke="#3a0a16" stroke-width="0.8""##,
                },
                SymbolElement::Path {
                    d: "M-1.3,-7 L1.3,-7 L1.3,-5.5 L-1.3,-5.5 Z",
                    paint: r##"fill="#c49a5a""##,
                },
                SymbolElement::Path {
                    d: "M-3.8,1 L3.8,1 L3.8,3.5 L-3.8,3.5 Z",
                    paint: r##"fill="#f3e6c8""##,
                },
            ],
        },
        // Grain: a golden sheaf of three ears, tied in the middle.
        ContentPicture {
            content: ContentKind::Grain,
            place: ContentPlace::Row,
            elements: &[
                GOODS_DISC,
                SymbolElement::Path {
                    d: "M0,6.5 L0,-2 M-3,6.5 L-1,-1 M3,6.5 L1,-1",
                    paint: r##"stroke="#9a7b1c" stroke-width="0.9""##,
                },
                SymbolElement::Ellipse {
                    centre: (0.0, -4.0),
                    radii: (1.6, 3.4),
                    paint: r##"fill="#e8b92e" stroke="#8a6a10" stroke-width="0.6""##,
                },
                SymbolElement::Ellipse {
                    centre: (-3.0, -2.6),
                    radii: (1.4, 3.0),
                    paint: r##"fill="#e8b92e" stroke="#8a6a10" stroke-width="0.6""##,
                },
                SymbolElement::Ellipse {
                    centre: (3.0, -2.6),
                    radii: (1.4, 3.0),
                    paint: r##"fill="#e8b92e" stroke="#8a6a10" stroke-width="0.6""##,
                },
                SymbolElement::Path {
                    d: "M-2.6,2.5 L2.6,2.5",
                    paint: r##"stroke="#8a3a10" stroke-width="1.4""##,
                },
            ],
        },
        // Cloth: a bolt of blue cloth, rolled, its end hanging down.
        ContentPicture {
            content: ContentKind::Cloth,
            place: ContentPlace::Row,
            elements: &[
                GOODS_DISC,
                SymbolElement::Path {
                    d: "M2,-1 L5.5,-1 L5.5,6 L4,4.8 L2.5,6 Z",
                    paint: r##"fill="#3f6fc4" stroke="#1d3766" stroke-width="0.6""##,
                },
                SymbolElement::Path {
                    d: "M-6,-5 L4,-5 L4,1 L-6,1 Z",
                    paint: r##"fill="#4f83d8" stroke="#1d3766" stroke-width="0.7""##,
                },
                SymbolElement::Ellipse {
                    centre: (-6.0, -2.0),
                    radii: (1.6, 3.0),
                    paint: r##"fill="#2c5aa8" stroke="#1d3766" stroke-width="0.6""##,
                },
                SymbolElement::Path {
                    d: "M-3,-5 L-3,1 M0,-5 L0,1",
                    paint: r##"stroke="#e0e8f8" stroke-width="0.6""##,
                },
            ],
        },
        // A pig-herd: a pink pig's face with its snout and ears.
        ContentPicture {
            content: ContentKind::PigHerd,
            place: ContentPlace::Row,
            elements: &[
                SymbolElement::Path {
                    d: "M-6,-4 L-7,-8 L-3,-6 Z M6,-4 L7,-8 L3,-6 Z",
                    paint: r##"fill="#e88aa0" stroke="#7a2a3a" stroke-width="0.6""##,
                },
                SymbolElement::Circle {
                    centre: (0.0, 0.0),
                    radius: 6.5,
                    paint: r##"fill="#f4a7b9" stroke="#7a2a3a" stroke-width="0.8""##,
                },
                SymbolElement::Ellipse {
                    centre: (0.0, 2.0),
                    radii: (3.0, 2.0),
                    paint: r##"fill="#e88aa0" stroke="#7a2a3a" stroke-width="0.6""##,
                },
                SymbolElement::Circle {
                    centre: (-1.0, 2.0),
                    radius: 0.6,
                    paint: r##"fill="#7a2a3a""##,
                },
                SymbolElement::Circle {
                    centre: (1.0, 2.0),
                    radius: 0.6,
                    paint: r##"fill="#7a2a3a""##,
                },
                SymbolElement::Circle {
                    centre: (-2.5, -2.0),
                    radius: 0.8,
                    paint: r##"fill="#222222""##,
                },
                SymbolElement::Circle {
                    centre: (2.5, -2.0),
                    radius: 0.8,
                    paint: r##"fill="#222222""##,
                },
            ],
        },
    ],
};

/// Why a builder or a pig may not stand where it is put ([`Traders::refusal`]): a value the
/// move generator asks for every road, city and field of a tile, written out as a violation
/// only for the checker ([`Refusal::violation`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// None of the player's followers (farmers, for the pig) is on the feature.
    NoFollower { pig: bool },
    /// The player's other builder (pig) is there already.
    SecondOfItsKind { pig: bool },
    /// The tile just placed completes the builder's feature (`variant builder-on-completed
    /// refused`).
    CompletedFeature,
}

impl Refusal {
    /// The rule broken, in the checker's words.
    pub fn violation(self) -> Violation {
        match self {
            Refusal::NoFollower { pig: false } => {
                builder_without_follower("none of the player's thieves or knights stands there")
            }
            Refusal::SecondOfItsKind { pig: false } => {
                builder_without_follower("the player's other builder stands there already")
            }
            Refusal::NoFollower { pig: true } => {
                pig_without_farmer("none of the player's farmers lies in this field")
            }
            Refusal::SecondOfItsKind { pig: true } => {
                pig_without_farmer("the player's other pig is in this field already")
            }
            Refusal::CompletedFeature => Violation::new(
                &BUILDER_ON_COMPLETED_FEATURE,
                "a builder on a feature the tile just completed",
                "the tile completes this feature",
                "under `variant builder-on-completed refused` a builder goes on a road or city that stays open",
            ),
        }
    }
}

fn builder_without_follower(why: &str) -> Violation {
    Violation::new(
        &BUILDER_WITHOUT_FOLLOWER,
        "a builder needs one of its owner's followers on its road or city",
        why,
        "a builder goes on a road or city the tile extends that holds your thief or knight",
    )
}

fn pig_without_farmer(why: &str) -> Violation {
    Violation::new(
        &PIG_WITHOUT_FARMER,
        "a pig needs one of its owner's farmers in its field",
        why,
        "a pig goes into a field the tile extends that holds your farmer",
    )
}

/// Whether a figure of `kind` is one of the expansion's figures that are not followers.
pub fn is_special(kind: FigureKind) -> bool {
    kind == BUILDER || kind == PIG
}

/// The expansion's state in one game: the goods each player holds, and the double turn.
#[derive(Debug, Clone, Default)]
pub struct Traders {
    /// Whether the game plays Traders & Builders (`expansion traders-and-builders`).
    pub in_play: bool,
    /// The goods give tokens (not `variant goods off`).
    goods_scored: bool,
    /// A pig-herd adds 1 a city to a field's scorers (not `variant pig-herd off`).
    pig_herd: bool,
    /// A builder may stand on a feature the tile just completed (`variant
    /// builder-on-completed allowed`).
    builder_on_completed: bool,
    /// The goods tokens of each player by seat, wine, grain, cloth (grown as players take
    /// some).
    goods: Vec<[u32; 3]>,
    /// Whether a builder was deployed in this game: until one is, no placement needs a look
    /// for one.
    builder_deployed: bool,
    /// The player whose tile extended a road or city of their builder in the turn in play: the
    /// second part of the double turn is theirs when the turn ends.
    double_turn_for: Option<usize>,
    /// The turn in play is a double turn's second part: it gives no other (“no chain”).
    second_part: bool,
}

impl Traders {
    /// The expansion's readings of the game's chosen `(name, value)` variants.
    pub fn from_variants(variants: &[(String, String)]) -> Self {
        Traders {
            goods_scored: !chosen(variants, GOODS, "off"),
            pig_herd: !chosen(variants, PIG_HERD, "off"),
            builder_on_completed: !chosen(variants, BUILDER_ON_COMPLETED, "refused"),
            ..Traders::default()
        }
    }

    pub fn deployed(&mut self, engine: &Engine, figure: FigureId) {
        self.builder_deployed |= engine.figures[figure as usize].kind == BUILDER;
    }

    /// A turn begins: it is the second part of a double turn when the turn before gave one to
    /// this player.
    pub fn turn_begins(&mut self, turn: &TurnView) {
        self.second_part = self.double_turn_for.take() == Some(turn.player);
    }

    /// The tile just placed: “if the tile you place extends a road or city on which your
    /// builder stands, you get a double turn” — judged now, so that a builder that goes home
    /// with this tile's scoring still gives it; never in a second part (“no chain”).
    pub fn after_placement(
        &mut self,
        engine: &mut Engine,
        turn: &TurnView,
        placement: PlacementId,
    ) {
        if !self.builder_deployed || self.second_part || self.double_turn_for.is_some() {
            return;
        }
        let first_node = engine.placement(placement).first_node;
        let features = engine.tile_of(placement).features.len();
        for feature in 0..features {
            let node = first_node + feature as NodeId;
            if !matches!(
                engine.feature_kind(node),
                FeatureKind::Road | FeatureKind::City
            ) {
                continue;
            }
            let own_builder =
                |f: &Figure| f.on_board && f.kind == BUILDER && f.player == turn.player;
            if crate::any_figure_on(engine, node, false, own_builder) {
                self.double_turn_for = Some(turn.player);
                return;
            }
        }
    }

    /// Whether the turn's player plays the second part of a double turn when the turn ends.
    pub fn another_turn(&self, turn: &TurnView) -> bool {
        self.double_turn_for == Some(turn.player)
    }

    /// Why `player` may not put `kind` (the builder or the pig) on the feature of `node`,
    /// `complete` whether the tile just placed completed it: the builder needs a follower of
    /// its owner on the road or city, the pig a farmer of its owner in the field, and neither
    /// joins another of its owner's kind there.
    pub fn refusal(
        &self,
        engine: &mut Engine,
        player: usize,
        kind: FigureKind,
        node: NodeId,
        complete: bool,
    ) -> Option<Refusal> {
        let follower_there = crate::any_figure_on(engine, node, false, |f| {
            f.on_board && f.player == player && super::is_follower(f)
        });
        let same_kind_there = crate::any_figure_on(engine, node, false, |f| {
            f.on_board && f.player == player && f.kind == kind
        });
        let pig = kind == PIG;
        if same_kind_there {
            Some(Refusal::SecondOfItsKind { pig })
        } else if !follower_there {
            Some(Refusal::NoFollower { pig })
        } else if !pig && complete && !self.builder_on_completed {
            Some(Refusal::CompletedFeature)
        } else {
            None
        }
    }

    /// The completed cities among `roots` (the features of the tile just placed): their goods
    /// go to `player`, who placed the tile, “whether or not that player has knights in the
    /// city”.
    pub fn take_goods(&mut self, engine: &mut Engine, player: usize, roots: &[NodeId]) {
        if !self.in_play || !self.goods_scored {
            return;
        }
        for &root in roots {
            let component = engine.component(root);
            if component.kind != Some(FeatureKind::City) || component.open_ends != 0 {
                continue;
            }
            let counts = GOODS_KINDS.map(|kind| component.count(kind));
            if counts.iter().all(|n| *n == 0) {
                continue;
            }
            if self.goods.len() <= player {
                self.goods.resize(player + 1, [0; 3]);
            }
            for (held, taken) in self.goods[player].iter_mut().zip(counts) {
                *held += taken;
            }
        }
    }

    /// The goods `player` holds: wine, grain, cloth.
    pub fn goods_of(&self, player: usize) -> [u32; 3] {
        self.goods.get(player).copied().unwrap_or_default()
    }

    /// `expect goods <player>`: the player's tokens by the game language's words (`wine`,
    /// `grain`, `cloth`); none in a game without the expansion (under `variant goods off`,
    /// the player takes none).
    pub fn counted(&self, player: Option<usize>) -> Option<crate::Counts> {
        if !self.in_play {
            return None;
        }
        let held = self.goods_of(player?);
        let counts = GOODS_KINDS
            .iter()
            .zip(held)
            .map(|(kind, n)| (kind.name(), n))
            .collect();
        Some(super::counts_in_words("goods", counts))
    }

    /// The goods' final scoring: for each kind, 10 to every player with the most tokens, where
    /// anyone has one.
    pub fn final_goods(&self, events: &mut Vec<ScoreEvent>) {
        if !self.in_play || !self.goods_scored {
            return;
        }
        for (index, kind) in GOODS_KINDS.iter().enumerate() {
            let most = self.goods.iter().map(|g| g[index]).max().unwrap_or(0);
            if most == 0 {
                continue;
            }
            let players: Vec<usize> = (0..self.goods.len())
                .filter(|p| self.goods[*p][index] == most)
                .collect();
            events.push(ScoreEvent {
                players,
                points: GOODS_MAJORITY_POINTS,
                feature: FeatureKind::City,
                // Its own text, whose first word is its family (`expect scored … goods`).
                breakdown: Breakdown::Text(format!(
                    "goods: the most {}, {most} token{} = {GOODS_MAJORITY_POINTS}",
                    kind.name(),
                    crate::diagnostic::plural(most as usize)
                )),
            });
        }
    }

    /// A field's final scoring with the expansion: each of `winners` scores 3 a completed city,
    /// 1 more with a pig of theirs in the field, 1 more for everybody with a pig-herd there.
    /// Players who score the same are one event.
    /// Whether `player` has a pig in the field of `root`, Traders & Builders in play: their
    /// field's cities are worth 1 more to them (also in a barn's scorings, Abbey & Mayor).
    pub fn has_pig(&self, engine: &mut Engine, root: NodeId, player: usize) -> bool {
        self.in_play
            && crate::any_figure_on(engine, root, false, |f| {
                f.on_board && f.kind == PIG && f.player == player
            })
    }

    pub fn field_events(
        &self,
        engine: &mut Engine,
        root: NodeId,
        winners: Vec<usize>,
        cities: usize,
        events: &mut Vec<ScoreEvent>,
    ) {
        let herd =
            self.in_play && self.pig_herd && engine.component(root).count(ContentKind::PigHerd) > 0;
        let mut with_pig = Vec::new();
        let mut without = Vec::new();
        for player in winners {
            if self.has_pig(engine, root, player) {
                with_pig.push(player);
            } else {
                without.push(player);
            }
        }
        for (players, pig) in [(without, false), (with_pig, true)] {
            if players.is_empty() {
                continue;
            }
            let per_city = CITY_IN_A_FIELD + u32::from(pig) + u32::from(herd);
            let points = per_city * cities as u32;
            let breakdown = if per_city == CITY_IN_A_FIELD {
                Breakdown::Field { cities }
            } else {
                let what = match (pig, herd) {
                    (true, true) => "with the pig and the pig-herd",
                    (true, false) => "with the pig",
                    _ => "with the pig-herd",
                };
                Breakdown::Text(format!(
                    "field touching {cities} completed cit{}, {per_city} a city {what} = {points}",
                    if cities == 1 { "y" } else { "ies" }
                ))
            };
            events.push(ScoreEvent {
                players,
                points,
                feature: FeatureKind::Field,
                breakdown,
            });
        }
    }
}
