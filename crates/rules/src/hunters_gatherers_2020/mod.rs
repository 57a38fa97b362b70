//! Carcassonne: Hunters and Gatherers, the 2020 edition (`../shared/rules/hunters-and-gatherers-v2.md`,
//! a digest of the official French rulebook, Z-Man 2020). Readings of the text, and the
//! variants that offer the other reading, are recorded in `docs/rules/hunters-gatherers-2020.md`.
//!
//! The edition plays the tiles of the `hunters-gatherers` family with its own values (animals
//! 3/2/1, mushrooms +3, three huts), the menhir bonus turn and the six special powers of the
//! menhir tiles: the logboat and the hunting trap act when their tile is placed, the shaman
//! lets the placer take a figure back (`return`), and the pit trap, the wild fire and the raft
//! change the final scoring. The animals a hunting trap covered are the ruleset's own state
//! of the game, read by the final scoring.

use super::hunters_gatherers::{
    FIGURE_NAMES, FIGURES, HUNTER, RETURNED_FIGURES_ON_BONUS_TILE, end_lake_fish, hut_majority,
    is_tribe_member, plural, score_to_majority,
};
use super::{
    BonusWording, Breakdown, Completion, Context, Decision, FigureSpec, Hooks, Move, Offer,
    Outcome, Rules, ScoreEvent, TileWarning, TurnView, VariantSpec, Violation, majority,
};
use crate::descriptor::{CodeNote, RulesetDescriptor, StatisticsLine};
use crate::engine::{CompiledTile, Engine, FigureId, NodeId, PlacementId, Pos};
use crate::model::{Anchor, ContentKind, FeatureKind, Power, Ruleset};

/// §11.1: whether the tigers a hunting trap finds without a deer to eat are covered too.
pub const HUNTING_TRAP_LONE_TIGERS: &str = "hunting-trap-lone-tigers";
/// §11.2: whether the tigers of a meadow with the wild fire eat deer in a hunting trap's scoring.
pub const WILD_FIRE_AND_HUNTING_TRAP: &str = "wild-fire-and-hunting-trap";
/// §11.3: which deer the tigers eat first when a pit trap doubles some of a meadow's deer.
pub const PIT_TRAP_DEER_EATEN: &str = "pit-trap-deer-eaten";
/// §11.4: what a menhir tile that fits nowhere brings.
pub const UNPLACEABLE_MENHIR_TILE: &str = "unplaceable-menhir-tile";
/// §11.6: the fish of one lake at both ends of a river.
pub const LAKE_AT_BOTH_ENDS: &str = "lake-at-both-ends";
/// §11.7: whether the figure the shaman took back may stand on the shaman tile at once.
pub const SHAMAN_FIGURE_ON_TILE: &str = "shaman-figure-on-tile";

const VARIANTS: [VariantSpec; 7] = [
    VariantSpec {
        name: RETURNED_FIGURES_ON_BONUS_TILE,
        values: &["allowed", "forbidden"],
        help: "whether a figure this turn's scoring sent home may stand on the turn's bonus tile",
    },
    VariantSpec {
        name: HUNTING_TRAP_LONE_TIGERS,
        values: &["stay", "covered"],
        help: "§11.1: whether the tigers a hunting trap finds without a deer to eat are covered too",
    },
    VariantSpec {
        name: WILD_FIRE_AND_HUNTING_TRAP,
        values: &["tigers-eat", "tigers-flee"],
        help: "§11.2: whether the tigers of a meadow with the wild fire eat deer in a hunting trap's scoring",
    },
    VariantSpec {
        name: PIT_TRAP_DEER_EATEN,
        values: &["outside-first", "inside-first"],
        help: "§11.3: which deer the tigers eat first when a pit trap doubles some of a meadow's deer",
    },
    VariantSpec {
        name: UNPLACEABLE_MENHIR_TILE,
        values: &["redraw", "lost"],
        help: "§11.4: what a menhir tile that fits nowhere brings",
    },
    VariantSpec {
        name: LAKE_AT_BOTH_ENDS,
        values: &["once", "twice"],
        help: "§11.6: the fish of one lake at both ends of a river",
    },
    VariantSpec {
        name: SHAMAN_FIGURE_ON_TILE,
        values: &["allowed", "forbidden"],
        help: "§11.7: whether the figure the shaman took back may stand on the shaman tile at once",
    },
];

/// The 2020 rules of Hunters and Gatherers: the tiles of the 2002 edition's family, rules of
/// their own.
pub const DESCRIPTOR: RulesetDescriptor = RulesetDescriptor {
    ruleset: Ruleset::HuntersGatherers2020,
    title: "Hunters and Gatherers (2020 rules)",
    base_tile_set: &super::hunters_gatherers::TILE_SET,
    jcz_set: None,
    jcz: &crate::jcz::JczPart::NONE,
    figures: &FIGURES,
    expansions: &[],
    replacing_start_tile: &[],
    unimplemented_expansions: &[],
    variants: &VARIANTS,
    // “If it holds ≥1 menhir, the player who completed it … draws 1 menhir tile”: the 2020
    // tiles have menhirs where the 2002 tiles had gold nuggets.
    // “Each player's supply is 5 meeples and 3 huts” (FR p2).
    pools: &[("tribe member", 5), ("hut", 3)],
    // “30 meeples (6 each in yellow, red, green, blue, violet) and 15 huts” (FR p2).
    players: super::descriptor::Players {
        rulebook: (2, 5),
        by_variant: None,
    },
    take_back_help: Some("the shaman takes back one of the player's own figures on the board"),
    bonus: Some(BonusWording {
        forest: "a forest with a menhir",
        forest_short: "a forest with a menhir",
        earning: "a forest with a menhir",
        pile: "the menhir pile",
    }),
    codes: &[],
    code_notes: &[
        CodeNote {
            code: &carcspec_core::codes::SUPPLY_EMPTY,
            text: "- Hunters and Gatherers (2020): 5 tribe members and 3 huts (“Each player's supply is 5
  meeples and 3 huts”, FR p2).",
        },
        CodeNote {
            code: &carcspec_core::codes::WRONG_FEATURE_FOR_FIGURE,
            text: "- Hunters and Gatherers (2020): a gatherer in a forest, a fisherman on a river, a hunter
  in a meadow, a hut on the river or the lake of the tile (FR p3).",
        },
    ],
    open_features_paid_at_end: &[],
    pictures: &super::hunters_gatherers::pictures::PICTURES,
    statistics: &[StatisticsLine {
        counts: &[POWERS_USED],
        text: "special powers used per game: {}",
    }],
};

/// The readings a game chose (each `true` is the variant, not the default).
#[derive(Debug, Clone, Copy, Default)]
pub struct Readings {
    pub returned_figures_wait: bool,
    pub lone_tigers_covered: bool,
    pub fire_in_trap: bool,
    pub pit_trap_inside_first: bool,
    pub unplaceable_menhir_lost: bool,
    pub lake_fish_twice: bool,
    pub shaman_figure_waits: bool,
}

impl Readings {
    pub fn from_variants(variants: &[(String, String)]) -> Readings {
        let chosen = |name: &str, value: &str| super::chosen(variants, name, value);
        Readings {
            returned_figures_wait: chosen(RETURNED_FIGURES_ON_BONUS_TILE, "forbidden"),
            lone_tigers_covered: chosen(HUNTING_TRAP_LONE_TIGERS, "covered"),
            fire_in_trap: chosen(WILD_FIRE_AND_HUNTING_TRAP, "tigers-flee"),
            pit_trap_inside_first: chosen(PIT_TRAP_DEER_EATEN, "inside-first"),
            unplaceable_menhir_lost: chosen(UNPLACEABLE_MENHIR_TILE, "lost"),
            lake_fish_twice: chosen(LAKE_AT_BOTH_ENDS, "twice"),
            shaman_figure_waits: chosen(SHAMAN_FIGURE_ON_TILE, "forbidden"),
        }
    }
}

/// The count of the powers that acted so far in the game ([`Rules::count`]): placed logboats
/// and hunting traps, and the shaman's figures taken back.
pub const POWERS_USED: &str = "powers_used";

/// The animals of a meadow, or of part of one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Animals {
    pub deer: u32,
    pub aurochs: u32,
    pub mammoths: u32,
    pub tigers: u32,
}

impl Animals {
    pub fn of(contents: &[u32]) -> Animals {
        let count = |kind| contents[crate::engine::content_index(kind)];
        Animals {
            deer: count(ContentKind::Deer),
            aurochs: count(ContentKind::Aurochs),
            mammoths: count(ContentKind::Mammoth),
            tigers: count(ContentKind::Tiger),
        }
    }

    fn add(&mut self, other: Animals) {
        self.deer += other.deer;
        self.aurochs += other.aurochs;
        self.mammoths += other.mammoths;
        self.tigers += other.tigers;
    }

    fn less(self, other: Animals) -> Animals {
        Animals {
            deer: self.deer.saturating_sub(other.deer),
            aurochs: self.aurochs.saturating_sub(other.aurochs),
            mammoths: self.mammoths.saturating_sub(other.mammoths),
            tigers: self.tigers.saturating_sub(other.tigers),
        }
    }

    pub fn is_empty(self) -> bool {
        self == Animals::default()
    }

    /// “Mammoth 3, aurochs 2, deer 1” (FR p7), for the deer that no tiger ate.
    pub fn value(self, deer_eaten: u32) -> u32 {
        3 * self.mammoths + 2 * self.aurochs + self.deer.saturating_sub(deer_eaten)
    }

    /// In words: "2 mammoths, 1 aurochs, 1 deer, 1 tiger".
    pub fn describe(self) -> String {
        let mut parts = Vec::new();
        for (count, one, many) in [
            (self.mammoths, "mammoth", "mammoths"),
            (self.aurochs, "aurochs", "aurochs"),
            (self.deer, "deer", "deer"),
            (self.tigers, "tiger", "tigers"),
        ] {
            if count > 0 {
                parts.push(format!("{count} {}", if count == 1 { one } else { many }));
            }
        }
        if parts.is_empty() {
            "no animals".to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// How a meadow's hunters score at the end: the points, the deer the tigers ate, and the
/// animals a pit trap scores a second time (its range less the deer eaten there; tigers score
/// nothing, so none are doubled).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeadowScore {
    pub points: u32,
    pub eaten: u32,
    pub doubled: Animals,
}

/// The points of a meadow's hunters at the end (FR p7–8): each tiger eats one deer (unless the
/// wild fire chased the tigers), the rest score 3/2/1, and the animals in a pit trap's range
/// score a second time. Which deer the tigers eat first, when some are in the range and some
/// outside, is the variant `pit-trap-deer-eaten`.
pub fn meadow_points(
    meadow: Animals,
    in_pit_range: Animals,
    tigers_chased: bool,
    inside_first: bool,
) -> MeadowScore {
    let tigers = if tigers_chased { 0 } else { meadow.tigers };
    let eaten = tigers.min(meadow.deer);
    let outside_deer = meadow.deer.saturating_sub(in_pit_range.deer);
    let eaten_inside = if inside_first {
        eaten.min(in_pit_range.deer)
    } else {
        eaten.saturating_sub(outside_deer)
    };
    let doubled = Animals {
        deer: in_pit_range.deer.saturating_sub(eaten_inside),
        tigers: 0,
        ..in_pit_range
    };
    MeadowScore {
        points: meadow.value(eaten) + doubled.value(0),
        eaten,
        doubled,
    }
}

/// The hunting trap's scoring of the animals in its range (FR p8): each tiger eats one deer,
/// the mammoths, aurochs and deer left score 3/2/1. Returns the points, the deer eaten and the
/// tigers covered (those that ate, or all of them with `lone_tigers_covered`).
pub fn trap_points(
    in_range: Animals,
    tigers_eat: bool,
    lone_tigers_covered: bool,
) -> (u32, u32, u32) {
    let eaten = if tigers_eat {
        in_range.tigers.min(in_range.deer)
    } else {
        0
    };
    let tigers_covered = if lone_tigers_covered {
        in_range.tigers
    } else {
        eaten
    };
    (in_range.value(eaten), eaten, tigers_covered)
}

/// The positions a trap reaches: the eight around its tile, and its own (§11.5).
pub fn trap_range(pos: Pos) -> impl Iterator<Item = Pos> {
    std::iter::once(pos).chain(Engine::around(pos))
}

/// A placed tile's features as nodes, with their compiled features.
fn nodes_of(engine: &Engine, placement: PlacementId) -> impl Iterator<Item = (NodeId, usize)> + '_ {
    let first = engine.placement(placement).first_node;
    (0..engine.tile_of(placement).features.len()).map(move |i| (first + i as NodeId, i))
}

/// Every node of the board with a power, and its power.
fn powers_on_board(engine: &Engine) -> Vec<(NodeId, Power)> {
    let mut found = Vec::new();
    for placement in 0..engine.placements.len() as PlacementId {
        for (node, index) in nodes_of(engine, placement) {
            if let Some(power) = engine.tile_of(placement).features[index].power {
                found.push((node, power));
            }
        }
    }
    found
}

/// The lakes of the river system of `node`, counted over the board (O(board); asked once for
/// each logboat placed and once at the end).
pub fn lakes_in_system(engine: &mut Engine, node: NodeId) -> u32 {
    let system = engine.system_root(node);
    let mut lakes = 0;
    for placement in 0..engine.placements.len() as PlacementId {
        let first = engine.placement(placement).first_node;
        for index in 0..engine.tile_of(placement).features.len() {
            if engine.tile_of(placement).features[index].kind == FeatureKind::Lake
                && engine.system_root(first + index as NodeId) == system
            {
                lakes += 1;
            }
        }
    }
    lakes
}

#[derive(Clone)]
pub struct HuntersGatherers2020 {
    pub readings: Readings,
    /// Animals the hunting traps covered, on the node where they are printed.
    covered: Vec<(NodeId, Animals)>,
    /// Powers that acted in the game so far (placed immediate powers and shaman returns).
    powers_used: u32,
}

impl HuntersGatherers2020 {
    pub fn new(variants: &[(String, String)]) -> HuntersGatherers2020 {
        HuntersGatherers2020 {
            readings: Readings::from_variants(variants),
            covered: Vec::new(),
            powers_used: 0,
        }
    }

    fn covered_on(&self, node: NodeId) -> Animals {
        let mut total = Animals::default();
        for (covered, animals) in &self.covered {
            if *covered == node {
                total.add(*animals);
            }
        }
        total
    }

    /// The animals of the meadow of `root` (a root) on the tiles at `positions` that no trap
    /// covered.
    fn animals_near(
        &self,
        engine: &mut Engine,
        root: NodeId,
        positions: &[Pos],
    ) -> Vec<(NodeId, Animals)> {
        let mut found = Vec::new();
        for pos in positions {
            let Some(placement) = engine.at(*pos) else {
                continue;
            };
            let nodes: Vec<(NodeId, usize)> = nodes_of(engine, placement).collect();
            for (node, index) in nodes {
                if engine.tile_of(placement).features[index].kind != FeatureKind::Meadow
                    || engine.root(node) != root
                {
                    continue;
                }
                let printed = Animals::of(&engine.tile_of(placement).features[index].contents);
                let left = printed.less(self.covered_on(node));
                if !left.is_empty() {
                    found.push((node, left));
                }
            }
        }
        found
    }

    /// The hunting trap at `node`: the placer scores the animals around, which are covered.
    fn hunting_trap(&mut self, engine: &mut Engine, node: NodeId, player: usize) -> ScoreEvent {
        let (placement, _) = engine.origin(node);
        let pos = engine.placement(placement).pos;
        let root = engine.root(node);
        let positions: Vec<Pos> = trap_range(pos).collect();
        let near = self.animals_near(engine, root, &positions);
        let mut in_range = Animals::default();
        for (_, animals) in &near {
            in_range.add(*animals);
        }
        let fire = self.readings.fire_in_trap
            && powers_on_board(engine).iter().any(|(n, p)| {
                *p == Power::WildFire && engine.clone_root(*n) == engine.clone_root(root)
            });
        let (points, eaten, mut tigers_to_cover) =
            trap_points(in_range, !fire, self.readings.lone_tigers_covered);
        // Every mammoth, aurochs and deer in range is covered (scored or eaten), and the
        // tigers that ate (or all, by the variant), tile by tile.
        for (node, animals) in near {
            let tigers = animals.tigers.min(tigers_to_cover);
            tigers_to_cover -= tigers;
            self.covered.push((node, Animals { tigers, ..animals }));
        }
        let mut breakdown = format!("hunting-trap: {} in range", in_range.describe());
        if eaten > 0 {
            breakdown.push_str(&format!(" ({eaten} deer eaten)"));
        } else if fire && in_range.tigers > 0 {
            breakdown.push_str(" (wild fire chases the tigers)");
        }
        ScoreEvent {
            players: vec![player],
            points,
            feature: FeatureKind::Meadow,
            breakdown: Breakdown::Text(format!("{breakdown} = {points}")),
        }
    }

    /// Every animal the hunting traps covered, in all.
    pub fn covered_total(&self) -> Animals {
        let mut total = Animals::default();
        for (_, animals) in &self.covered {
            total.add(*animals);
        }
        total
    }
}

/// Whether every end of the river of `node` that lies on a tile reaches a forest or a lake
/// ("complete when both ends reach a forest or a lake, or when it loops", FR p4–5). A piece of
/// the river that touches one side only ends on its tile: in a lake it flows into (`into=`) or
/// in a forest of the tile (`forest-end`). A spring, the 2002 rules' end, is none here, and
/// neither is an end the tile does not mark. The ends on the sides are the engine's open ends.
fn ends_reach_forest_or_lake(engine: &Engine, node: NodeId) -> bool {
    let forest_end = crate::engine::content_index(ContentKind::ForestEnd);
    engine.segments_of(node).all(|segment| {
        let (placement, index) = engine.origin(segment);
        let feature = &engine.tile_of(placement).features[index];
        let sides = feature
            .anchors
            .iter()
            .filter(|anchor| matches!(anchor, Anchor::Side(_)))
            .count();
        sides != 1 || !feature.lakes.is_empty() || feature.contents[forest_end] > 0
    })
}

/// The distinct tiles among the segments of the feature of `node` that hold `content`.
fn tiles_with(engine: &Engine, node: NodeId, content: ContentKind) -> u32 {
    let mut placements: Vec<PlacementId> = engine
        .segments_of(node)
        .filter_map(|segment| {
            let (placement, index) = engine.origin(segment);
            (engine.tile_of(placement).features[index].contents
                [crate::engine::content_index(content)]
                > 0)
            .then_some(placement)
        })
        .collect();
    placements.sort_unstable();
    placements.dedup();
    placements.len() as u32
}

impl Rules for HuntersGatherers2020 {
    /// Of the hooks asked at every step, the 2020 rules answer the figure step's moves (the
    /// shaman's take-back) only.
    fn hooks(&self) -> Hooks {
        Hooks {
            figure_step_moves: true,
            ..Hooks::NONE
        }
    }

    fn figure(&self, name: &str) -> Option<FigureSpec> {
        DESCRIPTOR.figure(name).copied()
    }

    fn figure_names(&self) -> &'static [&'static str] {
        &FIGURE_NAMES
    }

    fn blockers(&self, at: &mut Context, figure: &FigureSpec, node: NodeId) -> Vec<FigureId> {
        // The same blocking as in 2002 (FR p3, p5).
        super::hunters_gatherers::blockers(at.engine, figure, node)
    }

    fn blocked(&self, at: &mut Context, figure: &FigureSpec, node: NodeId) -> bool {
        super::hunters_gatherers::blocked(at.engine, figure, node)
    }

    fn score_completed(&mut self, at: &mut Context, roots: &[NodeId], completion: &mut Completion) {
        let engine = &mut *at.engine;
        for &root in roots {
            let component = engine.component(root).clone();
            let kind = component.kind.unwrap_or(FeatureKind::Meadow);
            if component.open_ends > 0 || !matches!(kind, FeatureKind::Forest | FeatureKind::River)
            {
                continue;
            }
            // “River: complete when both ends reach a forest or a lake, or when it loops” (FR
            // p4–5): the ends on the tiles count too.
            if kind == FeatureKind::River && !ends_reach_forest_or_lake(engine, root) {
                continue;
            }
            let tiles = engine.tile_count(root) as u32;
            let (points, breakdown) = if kind == FeatureKind::Forest {
                // “2 per tile + 3 per tile with mushrooms” (FR p4, p8).
                let mushrooms = tiles_with(engine, root, ContentKind::Mushrooms);
                let points = 2 * tiles + 3 * mushrooms;
                let mut text = format!("forest of {tiles} tile{}", plural(tiles));
                if mushrooms > 0 {
                    text.push_str(&format!(
                        " + {mushrooms} mushroom tile{}",
                        plural(mushrooms)
                    ));
                }
                // “If it holds ≥1 menhir, the player who completed it … draws 1 menhir tile”.
                if component.count(ContentKind::Menhir) > 0 {
                    completion.earns_bonus = true;
                }
                (points, format!("{text} = {points}"))
            } else {
                // “1 per tile + 1 per fish in the river and in the lakes at its ends” (FR p4–5);
                // a lake at both ends counts once (§11.6, the variant `lake-at-both-ends`).
                let fish = end_lake_fish(engine, root, self.readings.lake_fish_twice)
                    + component.count(ContentKind::Fish);
                let points = tiles + fish;
                let mut text = format!("river of {tiles} tile{}", plural(tiles));
                if fish > 0 {
                    text.push_str(&format!(" + {fish} fish"));
                }
                (points, format!("{text} = {points}"))
            };
            score_to_majority(engine, completion, root, &component, (points, breakdown));
        }
    }

    fn after_placement(
        &mut self,
        engine: &mut Engine,
        turn: &TurnView,
        placement: PlacementId,
    ) -> Outcome {
        // The logboat and the hunting trap act at once, for the placer.
        let player = turn.player;
        let mut events = Vec::new();
        let nodes: Vec<(NodeId, usize)> = nodes_of(engine, placement).collect();
        for (node, index) in nodes {
            match engine.tile_of(placement).features[index].power {
                Some(Power::Logboat) => {
                    // “2 per lake in its river system, its own lake included” (FR p8).
                    self.powers_used += 1;
                    let lakes = lakes_in_system(engine, node);
                    events.push(ScoreEvent {
                        players: vec![player],
                        points: 2 * lakes,
                        feature: FeatureKind::Lake,
                        breakdown: Breakdown::Text(format!(
                            "logboat: river system with {lakes} lake{} = {}",
                            plural(lakes),
                            2 * lakes
                        )),
                    });
                }
                Some(Power::HuntingTrap) => {
                    self.powers_used += 1;
                    events.push(self.hunting_trap(engine, node, player));
                }
                _ => {}
            }
        }
        Outcome {
            events,
            ..Outcome::default()
        }
    }

    /// The shaman: “the placer may return one of their own meeples from anywhere (hunters
    /// included) to their supply”, once, before the figure step of the shaman's tile.
    /// The take-back comes before the figure step, which still follows: the shaman's
    /// `Move::take_back` leaves `Outcome::figure_step_done` false.
    fn take_back_due(&self, engine: &Engine, turn: &TurnView) -> bool {
        turn.placed.is_some_and(|placement| {
            turn.figure_step_open()
                && !turn.took_back
                && engine
                    .tile_of(placement)
                    .features
                    .iter()
                    .any(|f| f.power == Some(Power::Shaman))
        })
    }

    /// The shaman's take-backs, in the figure step of the shaman's tile.
    fn offers(
        &self,
        engine: &mut Engine,
        turn: &TurnView,
        decision: Decision,
        into: &mut Vec<Offer>,
    ) {
        into.clear();
        if decision != Decision::DeployOrPass || !self.take_back_due(engine, turn) {
            return;
        }
        // “one of their own meeples from anywhere (hunters included)”: huts are no meeples.
        into.extend(
            engine
                .figures
                .iter()
                .enumerate()
                .filter(|(_, f)| f.on_board && f.player == turn.player && is_tribe_member(f))
                .map(|(id, _)| Offer::Move(Move::take_back(id as FigureId))),
        );
    }

    fn take_back_refused(
        &self,
        engine: &mut Engine,
        _turn: &TurnView,
        figure: FigureId,
    ) -> Option<(Violation, &'static str)> {
        let figure = &engine.figures[figure as usize];
        (!is_tribe_member(figure)).then(|| {
            (
                Violation::new(
                    &carcspec_core::codes::NOT_RETURNABLE,
                    format!("'s {} cannot be taken back", figure.kind.0),
                    "huts stay all game",
                    "the shaman takes back a meeple (gatherer, fisherman or hunter), not a hut",
                ),
                "the hut was built here",
            )
        })
    }

    /// Why a `return` is not due: no tile placed yet, the tile took a figure back already,
    /// its figure step is over, or its tile has no power that takes a figure back.
    fn take_back_not_due(&self, engine: &Engine, turn: &TurnView) -> Violation {
        let why = match turn.placed {
            None => "no tile was placed in this turn yet".to_string(),
            Some(_) if turn.took_back => "the tile already took a figure back".to_string(),
            Some(_) if !turn.figure_step_open() => "the tile's figure step is over".to_string(),
            Some(placement) => format!(
                "tile `{}` has no power that takes a figure back",
                engine.tile_of(placement).id
            ),
        };
        Violation::new(
            &carcspec_core::codes::RETURN_NOT_ALLOWED,
            " may not take a figure back here",
            &why,
            "`return` follows the `place` of a tile with the shaman, once, before `deploy` or \
            `pass`",
        )
    }

    fn play(&mut self, _engine: &mut Engine, mv: Move, _setup: bool) -> Outcome {
        match mv.taken_back() {
            // The shaman's power acted.
            Some(_) => {
                self.powers_used += 1;
                Outcome::default()
            }
            None => super::turn::not_due(mv),
        }
    }

    fn usable_figures(
        &self,
        turn: Option<&TurnView>,
        supply: u32,
        returned_this_turn: u32,
        taken_back_now: u32,
    ) -> u32 {
        // `variant shaman-figure-on-tile forbidden`: the figure the shaman took back stays off
        // the shaman's tile.
        let supply = if self.readings.shaman_figure_waits {
            supply.saturating_sub(taken_back_now)
        } else {
            supply
        };
        // The 2020 text has no wait for returned meeples (`docs/rules/hunters-gatherers-2020.md`);
        // the variant keeps the 2002 rule.
        super::hunters_gatherers::usable_figures(
            turn,
            supply,
            returned_this_turn,
            self.readings.returned_figures_wait,
        )
    }

    fn unplaceable_bonus_tile_redrawn(&self) -> bool {
        !self.readings.unplaceable_menhir_lost
    }

    fn count(&self, name: &str) -> Option<u32> {
        (name == POWERS_USED).then_some(self.powers_used)
    }

    /// `expect covered`: the animals the hunting traps covered so far.
    fn counted(&self, kind: &str, _player: Option<usize>) -> Option<super::Counts> {
        if kind != "covered" {
            return None;
        }
        let covered = self.covered_total();
        Some(super::Counts {
            counts: vec![
                ("deer", covered.deer),
                ("aurochs", covered.aurochs),
                ("mammoth", covered.mammoths),
                ("tiger", covered.tigers),
            ],
            in_words: format!("covered so far: {}", covered.describe()),
        })
    }

    fn final_scoring(&self, engine: &mut Engine) -> Vec<ScoreEvent> {
        let mut events = Vec::new();
        // Every feature's root, in ascending order (returning figures joins no features).
        let roots = engine.feature_roots();
        // “Meeples in incomplete forests and rivers are removed and score nothing” (FR p6).
        for &root in &roots {
            if matches!(
                engine.component(root).kind,
                Some(FeatureKind::Forest | FeatureKind::River)
            ) {
                engine.return_figures(root);
            }
        }
        let powers = powers_on_board(engine);
        // Huts: “1 per fish in the whole river system” to the hut majority; the raft adds 1
        // per lake of its system (FR p6, p8).
        for system in engine.system_roots() {
            let river_system = engine.system(system).clone();
            let winners = hut_majority(engine, &river_system);
            if winners.is_empty() {
                continue;
            }
            let raft = powers
                .iter()
                .any(|(node, power)| *power == Power::Raft && engine.system_root(*node) == system);
            let lakes = if raft {
                lakes_in_system(engine, system)
            } else {
                0
            };
            let points = river_system.fish + lakes;
            let mut breakdown = format!("huts: river system with {} fish", river_system.fish);
            if raft {
                breakdown.push_str(&format!(" + raft, {lakes} lake{}", plural(lakes)));
            }
            events.push(ScoreEvent {
                players: winners,
                points,
                feature: FeatureKind::River,
                breakdown: Breakdown::Text(format!("{breakdown} = {points}")),
            });
        }
        // Hunters: the meadow's animals less those the hunting traps covered; the wild fire
        // chases the meadow's tigers; a pit trap doubles the animals in its range.
        for &root in &roots {
            if engine.component(root).kind != Some(FeatureKind::Meadow) {
                continue;
            }
            let component = engine.component(root).clone();
            let winners = majority(
                engine,
                &component.figures,
                DESCRIPTOR.figures,
                &component.contents,
                |f| f.kind == HUNTER,
            );
            if winners.is_empty() {
                continue;
            }
            let mut covered = Animals::default();
            for (node, animals) in &self.covered {
                if engine.root(*node) == root {
                    covered.add(*animals);
                }
            }
            let meadow = Animals::of(&component.contents).less(covered);
            let mut fire = false;
            let mut pit_positions: Vec<Pos> = Vec::new();
            for (node, power) in &powers {
                if engine.root(*node) != root {
                    continue;
                }
                match power {
                    Power::WildFire => fire = true,
                    Power::PitTrap => {
                        let pos = engine.placement(engine.origin(*node).0).pos;
                        pit_positions.extend(trap_range(pos));
                    }
                    _ => {}
                }
            }
            // Tiles in the range of two pit traps are doubled once.
            pit_positions.sort_unstable_by_key(|p| (p.x, p.y));
            pit_positions.dedup();
            let mut in_pit_range = Animals::default();
            for (_, animals) in self.animals_near(engine, root, &pit_positions) {
                in_pit_range.add(animals);
            }
            let MeadowScore {
                points,
                eaten,
                doubled,
            } = meadow_points(
                meadow,
                in_pit_range,
                fire,
                self.readings.pit_trap_inside_first,
            );
            let mut breakdown = format!("meadow with {}", meadow.describe());
            if fire && meadow.tigers > 0 {
                breakdown.push_str(" (wild fire chases the tigers)");
            } else if eaten > 0 {
                breakdown.push_str(&format!(" ({eaten} deer eaten)"));
            }
            if !pit_positions.is_empty() {
                breakdown.push_str(&format!(", pit trap doubles {}", doubled.describe()));
            }
            events.push(ScoreEvent {
                players: winners,
                points,
                feature: FeatureKind::Meadow,
                breakdown: Breakdown::Text(format!("{breakdown} = {points}")),
            });
        }
        events
    }

    fn tile_warning(&self, tile: &CompiledTile, _shipped: bool) -> Option<TileWarning> {
        // Every power of the 2020 tiles is played; the 2002 tiles' gold, fire and shrine have
        // no rule here (a forest earns a menhir tile by its menhir alone, FR p4–5), and a
        // spring is no river's end ("both ends reach a forest or a lake", FR p4–5) unless the
        // river also ends in a forest there.
        let mut ignored: Vec<&str> = Vec::new();
        for kind in [ContentKind::Gold, ContentKind::Fire, ContentKind::Shrine] {
            let index = crate::engine::content_index(kind);
            if tile.features.iter().any(|f| f.contents[index] > 0) {
                ignored.push(kind.name());
            }
        }
        let (spring, forest_end) = (
            crate::engine::content_index(ContentKind::Spring),
            crate::engine::content_index(ContentKind::ForestEnd),
        );
        if tile
            .features
            .iter()
            .any(|f| f.contents[spring] > 0 && f.contents[forest_end] == 0)
        {
            ignored.push("a spring");
        }
        (!ignored.is_empty()).then(|| TileWarning {
            code: &carcspec_core::codes::CONTENT_2002_IGNORED,
            message: format!(
                "tile `{}` has {} of the 2002 edition, which the 2020 rules ignore{}",
                tile.id,
                ignored.join(" and "),
                if ignored.contains(&"a spring") {
                    " (a river ending at a spring, in no forest or lake, is never complete)"
                } else {
                    ""
                }
            ),
            help: "the tile plays without them; `ruleset hunters-gatherers` plays them".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn animals(mammoths: u32, aurochs: u32, deer: u32, tigers: u32) -> Animals {
        Animals {
            deer,
            aurochs,
            mammoths,
            tigers,
        }
    }

    /// §9 example 9, meadow M4: 2 mammoths, 2 aurochs, 2 deer, 1 tiger → 6 + 4 + 1 = 11; M3:
    /// 1 deer, 2 tigers → 0, no negative.
    #[test]
    fn meadow_values_and_tigers() {
        let score = |meadow, fire| meadow_points(meadow, Animals::default(), fire, false);
        assert_eq!(
            (
                score(animals(2, 2, 2, 1), false).points,
                score(animals(2, 2, 2, 1), false).eaten
            ),
            (11, 1)
        );
        assert_eq!(
            (
                score(animals(0, 0, 1, 2), false).points,
                score(animals(0, 0, 1, 2), false).eaten
            ),
            (0, 1)
        );
        assert_eq!(
            (
                score(animals(0, 0, 1, 2), true).points,
                score(animals(0, 0, 1, 2), true).eaten
            ),
            (1, 0)
        );
    }

    /// A pit trap: the tiger eats a deer outside the range first (the default), or inside.
    /// What it doubles is the range less the deer eaten there, and never a tiger.
    #[test]
    fn pit_trap_doubles_the_range() {
        let meadow = animals(2, 2, 2, 1);
        let range = animals(2, 2, 1, 0);
        // Outside first: 6 + 4 + 1 = 11, doubled range 6 + 4 + 1 = 11.
        let outside_first = meadow_points(meadow, range, false, false);
        assert_eq!(outside_first.points, 22);
        assert_eq!(outside_first.doubled, animals(2, 2, 1, 0));
        // Inside first: the range's deer is eaten: 11 + 10.
        let inside_first = meadow_points(meadow, range, false, true);
        assert_eq!(inside_first.points, 21);
        assert_eq!(inside_first.doubled, animals(2, 2, 0, 0));
        // A tiger in the range is not doubled; the deer it ate is not either.
        let tiger_in_range = meadow_points(animals(1, 0, 1, 1), animals(1, 0, 1, 1), false, false);
        assert_eq!(tiger_in_range.doubled, animals(1, 0, 0, 0));
        assert_eq!(tiger_in_range.doubled.describe(), "1 mammoth");
        assert_eq!(tiger_in_range.points, 6);
    }

    /// §9 example 11: a tiger, a deer and a mammoth in range: 3 points, the tiger and the deer
    /// covered; a lone tiger stays unless the variant covers it.
    #[test]
    fn hunting_trap_scores_and_covers() {
        assert_eq!(trap_points(animals(1, 0, 2, 1), true, false), (4, 1, 1));
        assert_eq!(trap_points(animals(1, 0, 0, 2), true, false), (3, 0, 0));
        assert_eq!(trap_points(animals(1, 0, 0, 2), true, true), (3, 0, 2));
    }

    #[test]
    fn the_range_is_nine_tiles() {
        assert_eq!(trap_range(Pos::new(0, 0)).count(), 9);
    }
}
