//! Carcassonne: Hunters and Gatherers, the 2002 rules (`../shared/rules/hunters-and-gatherers.txt`).
//! Readings of the text are recorded in `docs/rules/hunters-gatherers.md`.

pub mod pictures;

use super::{
    Breakdown, Completion, Context, FigurePicture, FigureSpec, Hooks, Rules, ScoreEvent, Strength,
    TileWarning, TurnView, VariantSpec, majority,
};
use crate::descriptor::{CodeNote, RulesetDescriptor, ShippedSet};
use crate::engine::{CompiledTile, Component, Engine, Figure, FigureId, FigureKind, NodeId};
use crate::model::{ContentKind, FeatureKind, Ruleset};
use crate::{Paint, PictureStroke};

/// The hut's picture: a little house with its door.
pub const HUT_PICTURE: FigurePicture = FigurePicture {
    name: "hut",
    strokes: &[
        PictureStroke {
            path: "M-6,6 L-6,-1 L0,-7 L6,-1 L6,6 Z",
            paint: Paint::Owner,
        },
        // The door.
        PictureStroke {
            path: "M-1.5,6 L-1.5,2 L1.5,2 L1.5,6",
            paint: Paint::Fixed(r##"fill="none" stroke="#222222" stroke-width="0.8""##),
        },
    ],
    lies_in_a_field: false,
};

#[derive(Clone)]
pub struct HuntersGatherers {
    /// The variant `returned-figures-on-bonus-tile allowed`.
    pub returned_on_bonus_allowed: bool,
}

impl HuntersGatherers {
    /// The 2002 rules with the game's chosen `(name, value)` variants.
    pub fn new(variants: &[(String, String)]) -> HuntersGatherers {
        HuntersGatherers {
            returned_on_bonus_allowed: super::chosen(
                variants,
                RETURNED_FIGURES_ON_BONUS_TILE,
                "allowed",
            ),
        }
    }
}

pub const GATHERER: FigureKind = FigureKind("gatherer");
pub const FISHERMAN: FigureKind = FigureKind("fisherman");
pub const HUNTER: FigureKind = FigureKind("hunter");
pub const HUT: FigureKind = FigureKind("hut");

const TRIBE: usize = 0;
const HUTS: usize = 1;

/// The figures of both editions and where they stand (the 2020 rulebook: a hut “on the river or
/// the lake of that tile, if no hut is on that river system”, FR p3).
pub(crate) const FIGURES: [FigureSpec; 4] = [
    FigureSpec {
        kind: GATHERER,
        pool: TRIBE,
        stands_on: &[FeatureKind::Forest],
        holds_river_system: false,
        strength: Strength::Fixed(1),
        picture: &FigurePicture::MEEPLE,
    },
    FigureSpec {
        kind: FISHERMAN,
        pool: TRIBE,
        stands_on: &[FeatureKind::River],
        holds_river_system: false,
        strength: Strength::Fixed(1),
        picture: &FigurePicture::MEEPLE,
    },
    FigureSpec {
        kind: HUNTER,
        pool: TRIBE,
        stands_on: &[FeatureKind::Meadow],
        holds_river_system: false,
        strength: Strength::Fixed(1),
        picture: &FigurePicture::MEEPLE,
    },
    FigureSpec {
        kind: HUT,
        pool: HUTS,
        stands_on: &[FeatureKind::River, FeatureKind::Lake],
        holds_river_system: true,
        strength: Strength::Fixed(1),
        picture: &HUT_PICTURE,
    },
];

/// The variant that decides whether a figure returned by this turn's scoring may be deployed
/// on the turn's bonus tile.
pub const RETURNED_FIGURES_ON_BONUS_TILE: &str = "returned-figures-on-bonus-tile";

/// The tiles of the family, of the 2020 edition (a menhir where the 2002 tiles had a gold
/// nugget): both the 2002 and the 2020 rules are played with them.
pub const TILE_SET: ShippedSet = ShippedSet {
    name: "hunters-gatherers-v2",
    text: include_str!("../../../../tiles/hunters-gatherers-v2.tiles"),
};

/// The 2002 rules of Hunters and Gatherers.
pub const DESCRIPTOR: RulesetDescriptor = RulesetDescriptor {
    ruleset: Ruleset::HuntersGatherers,
    title: "Hunters and Gatherers (2002 rules)",
    base_tile_set: &TILE_SET,
    jcz_set: None,
    jcz: &crate::jcz::JczPart::NONE,
    figures: &FIGURES,
    expansions: &[],
    replacing_start_tile: &[],
    unimplemented_expansions: &[],
    variants: &[VariantSpec {
        name: RETURNED_FIGURES_ON_BONUS_TILE,
        values: &["forbidden", "allowed"],
        help: "whether a figure this turn's scoring sent home may stand on the turn's bonus tile",
    }],
    // “The remaining 5 tribe members and the 2 huts remain with the player as his or her
    // supply.” (Preparation)
    pools: &[("tribe member", 5), ("hut", 2)],
    // “30 tribe members in 5 colors”, “10 huts in 5 colors” (Contents); the game is played
    // in turns by several players, like the base game's 2 to 5 (the 2020 edition: “30
    // meeples (6 each in yellow, red, green, blue, violet)”).
    players: super::descriptor::Players {
        rulebook: (2, 5),
        by_variant: None,
    },
    take_back_help: None,
    bonus: Some(super::BonusWording {
        forest: "a forest with a gold nugget",
        forest_short: "a forest with gold",
        earning: "a forest with a gold nugget (or a menhir)",
        pile: "the bonus stack",
    }),
    codes: &[],
    code_notes: &[
        CodeNote {
            code: &carcspec_core::codes::SUPPLY_EMPTY,
            text: "- Hunters and Gatherers (2002): 5 tribe members and 2 huts (“The tribe member or hut must
  come from the player’s supply.”, 2. Deploy).",
        },
        CodeNote {
            code: &carcspec_core::codes::WRONG_FEATURE_FOR_FIGURE,
            text: "- Hunters and Gatherers (2002): a gatherer in a forest, a fisherman on a river, a hunter
  in a meadow, a hut on a river or a lake (2. Deploy a tribe member or hut; Huts).",
        },
    ],
    open_features_paid_at_end: &[],
    pictures: &pictures::PICTURES,
    statistics: &[],
};

/// The figures of both editions, as the game language names them.
pub(crate) static FIGURE_NAMES: [&str; 4] = super::descriptor::figure_names(&FIGURES);

pub(crate) fn is_tribe_member(figure: &Figure) -> bool {
    figure.kind != HUT
}

/// Whether any of [`blockers`] stands there, without collecting them: every figure listed
/// blocks ([`is_listed_blocker`]), so the first one answers.
pub(crate) fn blocked(engine: &mut Engine, figure: &FigureSpec, node: NodeId) -> bool {
    let system = figure.holds_river_system;
    let first = if system {
        engine.system(node).figures.first().copied()
    } else {
        engine.component(node).figures.first().copied()
    };
    debug_assert!(first.is_none_or(|f| is_listed_blocker(&engine.figures[f as usize], system)));
    first.is_some()
}

/// What every figure the engine lists on a river system (`system`) or a feature is: on the
/// board (a figure taken back leaves the list), a hut on a system (the figures deployed on
/// one) and a tribe member on a feature. So every listed figure blocks a figure of its own
/// list, and the rules' exceptions are kept by the lists themselves: fishermen, on the river,
/// "do not block huts", and huts do not block tribe members.
fn is_listed_blocker(figure: &Figure, system: bool) -> bool {
    figure.on_board && (figure.kind == HUT) == system
}

/// The figures that forbid deploying `figure` on the feature of `node`, under both editions: a
/// hut needs its river system free of huts (fishermen do not count, “Fishers do not block
/// huts”); a tribe member needs its feature free of tribe members, since a feature holds
/// gatherers, fishermen or hunters only (“only on a feature not already occupied by a figure
/// of the same kind”), and huts do not count.
pub(crate) fn blockers(engine: &mut Engine, figure: &FigureSpec, node: NodeId) -> Vec<FigureId> {
    let system = figure.holds_river_system;
    let listed = if system {
        engine.figures_on_system(node)
    } else {
        engine.figures_on(node)
    };
    debug_assert!(
        listed
            .iter()
            .all(|f| is_listed_blocker(&engine.figures[*f as usize], system))
    );
    listed
}

/// The figures of `supply` a player may deploy now: when `returned_wait`, those that this
/// turn's scoring sent home stay off the turn's bonus tile.
pub(crate) fn usable_figures(
    turn: Option<&TurnView>,
    supply: u32,
    returned_this_turn: u32,
    returned_wait: bool,
) -> u32 {
    match turn {
        Some(turn) if returned_wait && turn.on_bonus_tile => {
            supply.saturating_sub(returned_this_turn)
        }
        _ => supply,
    }
}

impl Rules for HuntersGatherers {
    /// The 2002 rules answer none of the hooks asked at every step: no decisions or moves of
    /// their own, nothing after a scoring or at the start of a turn, no step before a scoring.
    fn hooks(&self) -> Hooks {
        Hooks::NONE
    }

    /// “From the next turn onwards, the player can then use them again”: by default a figure
    /// returned in this turn stays off the turn's bonus tile (the player's own figures only).
    fn usable_figures(
        &self,
        turn: Option<&TurnView>,
        supply: u32,
        returned_this_turn: u32,
        _taken_back_now: u32,
    ) -> u32 {
        usable_figures(
            turn,
            supply,
            returned_this_turn,
            !self.returned_on_bonus_allowed,
        )
    }

    fn figure(&self, name: &str) -> Option<FigureSpec> {
        DESCRIPTOR.figure(name).copied()
    }

    fn figure_names(&self) -> &'static [&'static str] {
        &FIGURE_NAMES
    }

    fn blockers(&self, at: &mut Context, figure: &FigureSpec, node: NodeId) -> Vec<FigureId> {
        blockers(at.engine, figure, node)
    }

    fn blocked(&self, at: &mut Context, figure: &FigureSpec, node: NodeId) -> bool {
        blocked(at.engine, figure, node)
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
            let segments = component.segments;
            let (points, breakdown) = if kind == FeatureKind::Forest {
                // “2 points for every forest segment”; “Each mushroom tile adds 2 points”.
                let mushrooms = component.count(ContentKind::Mushrooms);
                let points = 2 * segments + 2 * mushrooms;
                let mut text = format!("forest of {segments} segment{}", plural(segments));
                if mushrooms > 0 {
                    text.push_str(&format!(
                        " + {mushrooms} mushroom tile{}",
                        plural(mushrooms)
                    ));
                }
                if component.count(ContentKind::Gold) + component.count(ContentKind::Menhir) > 0 {
                    completion.earns_bonus = true;
                }
                (points, format!("{text} = {points}"))
            } else {
                // “1 point for each river segment … 1 point for each fish” of the lakes at its
                // ends (and, on 2020 tiles, of the river itself).
                let fish = end_lake_fish(engine, root, false) + component.count(ContentKind::Fish);
                let points = segments + fish;
                let mut text = format!("river of {segments} segment{}", plural(segments));
                if fish > 0 {
                    text.push_str(&format!(" + {fish} fish"));
                }
                (points, format!("{text} = {points}"))
            };
            score_to_majority(engine, completion, root, &component, (points, breakdown));
        }
    }

    fn final_scoring(&self, engine: &mut Engine) -> Vec<ScoreEvent> {
        let mut events = Vec::new();
        // Every feature's root, in ascending order (returning figures joins no features).
        let roots = engine.feature_roots();
        // “The players remove all tribe members from incomplete forests and rivers.”
        for &root in &roots {
            let component = engine.component(root);
            if matches!(
                component.kind,
                Some(FeatureKind::Forest | FeatureKind::River)
            ) {
                engine.return_figures(root);
            }
        }
        // Huts: “1 point for each fish in the river system” to the hut majority.
        for system in engine.system_roots() {
            let river_system = engine.system(system).clone();
            let winners = hut_majority(engine, &river_system);
            if !winners.is_empty() {
                events.push(ScoreEvent {
                    players: winners,
                    points: river_system.fish,
                    feature: FeatureKind::River,
                    breakdown: Breakdown::Text(format!(
                        "huts: river system with {} fish = {}",
                        river_system.fish, river_system.fish
                    )),
                });
            }
        }
        // Hunters: 2 a deer, mammoth and aurochs; each tiger eats a deer; fire chases the
        // tigers; a hunter on the shrine takes the meadow alone.
        for &root in &roots {
            if engine.component(root).kind != Some(FeatureKind::Meadow) {
                continue;
            }
            let component = engine.component(root).clone();
            // A feature lists the figures on the board that stand on it, and a hunter is the
            // only figure that stands on a meadow (its `FigureSpec`).
            let hunters: Vec<FigureId> = component.figures.clone();
            debug_assert!(
                hunters
                    .iter()
                    .all(|f| engine.figures[*f as usize].kind == HUNTER),
                "a meadow holds hunters only"
            );
            if hunters.is_empty() {
                continue;
            }
            let on_shrine: Vec<usize> = hunters
                .iter()
                .map(|f| &engine.figures[*f as usize])
                .filter(|f| {
                    f.node().is_some_and(|node| {
                        let (placement, feature) = engine.origin(node);
                        engine.tile_of(placement).features[feature].contents
                            [crate::engine::content_index(ContentKind::Shrine)]
                            > 0
                    })
                })
                .map(|f| f.player)
                .collect();
            let winners = if on_shrine.is_empty() {
                majority(
                    engine,
                    &hunters,
                    DESCRIPTOR.figures,
                    &component.contents,
                    |_| true,
                )
            } else {
                let mut players = on_shrine;
                players.sort_unstable();
                players.dedup();
                players
            };
            let deer = component.count(ContentKind::Deer);
            let fire = component.count(ContentKind::Fire) > 0;
            let tigers = if fire {
                0
            } else {
                component.count(ContentKind::Tiger)
            };
            let mammoths = component.count(ContentKind::Mammoth);
            let aurochs = component.count(ContentKind::Aurochs);
            let deer_left = deer.saturating_sub(tigers);
            let points = 2 * (deer_left + mammoths + aurochs);
            let mut parts = Vec::new();
            for (count, name) in [
                (deer, "deer"),
                (mammoths, "mammoth"),
                (aurochs, "aurochs"),
                (component.count(ContentKind::Tiger), "tiger"),
            ] {
                if count > 0 {
                    parts.push(format!("{count} {name}"));
                }
            }
            if parts.is_empty() {
                parts.push("no animals".into());
            }
            let mut breakdown = format!("meadow with {}", parts.join(", "));
            if fire {
                breakdown.push_str(" (fire chases the tigers)");
            } else if tigers.min(deer) > 0 {
                breakdown.push_str(&format!(" ({} deer eaten)", tigers.min(deer)));
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
        tile.features.iter().any(|f| f.has_power).then(|| TileWarning {
            code: &carcspec_core::codes::V2_POWER_IGNORED,
            message: format!(
                "tile `{}` has a special power of the 2020 edition, which the 2002 rules ignore",
                tile.id
            ),
            help: "the tile plays without its power; `ruleset hunters-gatherers-2020` plays it".into(),
        })
    }
}

/// The fish of the lakes at the ends of a completed river: each lake once, or once for each
/// end it closes when `each_end` (the 2020 variant `lake-at-both-ends twice`).
pub(crate) fn end_lake_fish(engine: &mut Engine, river: NodeId, each_end: bool) -> u32 {
    let mut lakes: Vec<NodeId> = engine.lakes_of(river).collect();
    if !each_end {
        lakes.sort_unstable();
        lakes.dedup();
    }
    lakes
        .iter()
        .map(|lake| engine.component(*lake).count(ContentKind::Fish))
        .sum()
}

/// The players with the most huts on `river_system`, who score its fish: the same in both
/// editions.
pub(crate) fn hut_majority(
    engine: &Engine,
    river_system: &crate::engine::RiverSystem,
) -> Vec<usize> {
    majority(
        engine,
        &river_system.figures,
        &FIGURES,
        &crate::system_contents(river_system),
        |f| f.kind == HUT,
    )
}

/// A completed forest or river (`feature`, whose root is `root`) scores its points to the
/// majority of its tribe members, and every figure on it but the huts goes home: the same in
/// both editions.
pub(crate) fn score_to_majority(
    engine: &mut Engine,
    completion: &mut Completion,
    root: NodeId,
    feature: &Component,
    (points, breakdown): (u32, String),
) {
    let winners = majority(
        engine,
        &feature.figures,
        DESCRIPTOR.figures,
        &feature.contents,
        is_tribe_member,
    );
    if !winners.is_empty() {
        completion.events.push(ScoreEvent {
            players: winners,
            points,
            feature: feature.kind.unwrap_or(FeatureKind::Meadow),
            breakdown: Breakdown::Text(breakdown),
        });
    }
    completion.returned.push(root);
}

pub(crate) use crate::diagnostic::plural;
