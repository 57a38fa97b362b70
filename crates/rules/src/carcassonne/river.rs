//! The River and The River II (`../shared/rules/river.md`): the river tiles come first, the
//! spring is the start tile, the fork (River II) is drawn first and the lake last; each river
//! tile continues the river without a U-turn, the two branches of the fork never meet, no
//! figure stands on the water, and the volcano lake gives its player another turn at once.
//! Readings of the text are recorded in `docs/rules/carcassonne.md`.

/// The River, as an `expansion` line names it.
pub const THE_RIVER: &str = "the-river";
/// The River II, as an `expansion` line names it.
pub const THE_RIVER_2: &str = "the-river-2";

use crate::Violation;
use crate::descriptor::ShippedSet;
use crate::engine::{CompiledTile, Engine, Slot};
use crate::jcz::JczPart;
use crate::model::{ContentKind, FeatureKind, Marker, Pos, Rotation, Side, TileKind};

carcspec_core::codes::codes! {
    /// The River's rule violations, in the registry through the expansion's descriptor
    /// (`rules::codes` gathers them).
    pub(super) CODES;

    RIVER_DRAW_ORDER = "V170" "river-draw-order" Error:
"A tile drawn out of the river's order. With The River, the river tiles are drawn before any
land tile, and the lake is the last of them; with The River II the fork is the first river
tile and the volcano lake the last.

Rule (The River, Preparation): “Shuffle the other 10 river tiles face down into a river stack,
then put the lake at the bottom”; “on your turn you must draw from the river stack while it
has tiles, and you may not draw normal tiles until every river tile has been placed”. The River
II: “The first player's first turn is placing the fork”; “The volcano lake is the last river
tile”. Record the draws in that order.";

    RIVER_NOT_CONTINUED = "V171" "river-not-continued" Error:
"A river tile placed where none of its rivers joins the river on the board: it lies beside the
river, or only its land touches other tiles.

Rule (The River, Placing river tiles): “The drawn tile must continue the river: its river edge
must join the open end of the river already on the table.” Turn or move the tile so that its
river meets the open end.";

    RIVER_U_TURN = "V172" "river-u-turn" Error:
"A river tile whose curve turns the river the same way as the curve right before it (left after
left, right after right), which would bring the river back on itself.

Rule (The River, Placing river tiles): “the river may not turn in the same direction twice in a
row”; the FAQ: what is expressly prohibited is the direct U-turn, two successive curves bending
the same way. With `variant river-turns jcloisterzone` (JCloisterZone's reading, which its
saved games import with), the code reports instead a river tile whose open end leads towards
tiles already placed: the square the river flows into must have free squares on both sides, and
the square beyond it and its two sides must be free.";

    RIVER_THIRD_TURN = "V173" "river-third-turn" Error:
"A river tile that turns the river the same way as the two curves before it, with straight
tiles between them.

Rule (The River, FAQ reproduced on Wikicarpedia): a straight tile between two curves the same
way “can still cause problems”, and bending the same way three times is to be treated as
prohibited as well. carcspec reads it as three curves the same way in a row, however many
straights lie between (docs/rules/carcassonne.md); an opposite curve between starts the count
again. `variant river-turns jcloisterzone` does not have this rule.";

    RIVER_BRANCHES_JOINED = "V174" "river-branches-joined" Error:
"A river tile that joins the river on two sides: the two branches of The River II's fork meet.

Rule (The River II, Procedure): “the two branches must never be joined to each other.” Lay the
tile where only one of its rivers meets the river.";

    RIVER_NO_FIGURE = "V175" "river-no-figure" Error:
"A figure deployed on the water (a river or a lake), or on the volcano lake's tile.

Rule (The River, Placing meeples on river tiles): a meeple goes on a road, city, monastery or
field of the river tile, “never on the river itself — the river is not an occupiable feature”.
The River II: whoever places the volcano lake “may not put a meeple on it and immediately takes
another turn”. Pass instead.";
}

/// How the river may bend: `official` (the rulebook: no two successive curves the same way,
/// and, after the FAQ, no third curve the same way in a row) or `jcloisterzone` (its
/// geometric look-ahead: the squares ahead of every open end of the new tile must be free).
pub const RIVER_TURNS: &str = "river-turns";

/// What the volcano lake does: `another-turn` (The River II: its player deploys nothing and
/// plays again at once) or `plain` (JCloisterZone without The Princess & the Dragon, whose
/// dragon the volcano belongs to: a lake tile like any, `RiverCapability` gives it no power).
pub const VOLCANO_LAKE: &str = "volcano-lake";

/// The River and The River II in JCloisterZone's saved games: their tile sets alone switch
/// them on; JCloisterZone bends a river by its own look-ahead
/// (`RiverCapability.isTilePlacementAllowed`), not by the rulebook's U-turn rule, and its
/// volcano does nothing without The Princess & the Dragon (which carcspec does not play).
pub(super) const JCZ: JczPart = JczPart {
    implied_variants: &[(RIVER_TURNS, "jcloisterzone"), (VOLCANO_LAKE, "plain")],
    ..JczPart::NONE
};

/// The River's tiles.
pub(super) const TILE_SET: ShippedSet = ShippedSet {
    name: "the-river",
    text: include_str!("../../../../tiles/the-river.tiles"),
};

/// The River II's tiles.
pub(super) const TILE_SET_2: ShippedSet = ShippedSet {
    name: "the-river-2",
    text: include_str!("../../../../tiles/the-river-2.tiles"),
};

/// The reading of the variant above that a game chose.
#[derive(Debug, Default, Clone, Copy)]
pub struct Readings {
    /// The river's turns read as JCloisterZone's look-ahead (`river-turns jcloisterzone`).
    pub look_ahead: bool,
    /// The volcano lake is a lake like any (`volcano-lake plain`).
    pub plain_volcano: bool,
}

impl Readings {
    /// The reading of the game's chosen `(name, value)` variants.
    pub fn from_variants(variants: &[(String, String)]) -> Readings {
        Readings {
            look_ahead: crate::chosen(variants, RIVER_TURNS, "jcloisterzone"),
            plain_volcano: crate::chosen(variants, VOLCANO_LAKE, "plain"),
        }
    }
}

/// The order the river's tiles are drawn in: the fork first (The River II), then the river
/// tiles, then the lake that closes the river, and only then the land tiles.
pub const FORK: u8 = 0;
pub const RIVER: u8 = 1;
pub const LAKE: u8 = 2;
pub const LAND: u8 = 3;

/// Whether the tile has water on it (a river tile).
pub fn is_river_tile(tile: &CompiledTile) -> bool {
    tile.features.iter().any(|f| f.kind == FeatureKind::River)
}

/// The sides of the tile (tile orientation) where a river runs through the middle, with the
/// river feature's index.
fn river_arms(tile: &CompiledTile) -> impl Iterator<Item = (Side, usize)> + '_ {
    Side::ALL.into_iter().flat_map(move |side| {
        tile.sides[side.index()]
            .iter()
            .filter(|(slot, feature)| {
                *slot == Slot::Middle && tile.features[*feature].kind == FeatureKind::River
            })
            .map(move |(_, feature)| (side, *feature))
    })
}

/// How many sides of the tile a river runs through (a fork's three).
pub fn river_sides(tile: &CompiledTile) -> usize {
    river_arms(tile).count()
}

/// Whether the tile is a lake that ends the river (River I's lake, River II's volcano lake):
/// a lake the river flows into.
fn is_closing_lake(tile: &CompiledTile) -> bool {
    tile.features.iter().any(|f| f.kind == FeatureKind::Lake)
}

/// The group of the draw order a tile belongs to ([`FORK`], [`RIVER`], [`LAKE`], [`LAND`]).
pub fn draw_group(tile: &CompiledTile) -> u8 {
    if !is_river_tile(tile) {
        LAND
    } else if river_arms(tile).count() >= 3 {
        FORK
    } else if is_closing_lake(tile) {
        LAKE
    } else {
        RIVER
    }
}

/// The stacks a game with the river starts from: with both rivers, one lake is removed (the
/// official note: one lake per spring and one per fork) — River I's, so that the volcano lake
/// closes the river as The River II says. (A second spring never reaches the stacks: the two
/// sets' springs are one tile, `RI/s`.)
pub fn prepare_stacks(catalog: &[CompiledTile], counts: &mut [u32]) {
    let volcano_lake = |tile: &CompiledTile| {
        tile.markers.has(Marker::Volcano)
            && draw_group(tile) == LAKE
            && tile.kind != TileKind::Start
    };
    let has_volcano_lake = catalog
        .iter()
        .zip(counts.iter())
        .any(|(t, n)| *n > 0 && volcano_lake(t));
    if !has_volcano_lake {
        return;
    }
    for (tile, count) in catalog.iter().zip(counts.iter_mut()) {
        if draw_group(tile) == LAKE && !tile.markers.has(Marker::Volcano) {
            *count = 0;
        }
    }
}

/// A draw out of the river's order: `tile` drawn while a tile of an earlier group is still
/// in the stacks.
pub fn draw_violation(catalog: &[CompiledTile], stack: &[u32], tile: usize) -> Option<Violation> {
    let group = draw_group(&catalog[tile]);
    if group == FORK {
        return None;
    }
    let earlier = catalog
        .iter()
        .zip(stack)
        .enumerate()
        .filter(|(index, (t, n))| *index != tile && **n > 0 && t.kind != TileKind::Bonus)
        .map(|(_, (t, _))| (draw_group(t), t))
        .filter(|(g, _)| *g < group)
        .min_by_key(|(g, _)| *g)?;
    // How many tiles of that group are left, not only one of them.
    let left: u32 = catalog
        .iter()
        .zip(stack)
        .enumerate()
        .filter(|(index, (t, _))| {
            *index != tile && t.kind != TileKind::Bonus && draw_group(t) == earlier.0
        })
        .map(|(_, (_, n))| *n)
        .sum();
    let (what, help) = match (group, earlier.0) {
        (LAND, _) => (
            "a land tile drawn while river tiles are left",
            "draw the river tiles first: the land tiles are drawn once the river is finished",
        ),
        (LAKE, FORK) | (RIVER, FORK) => (
            "a river tile drawn before the fork",
            "the first river tile is the fork, laid by the first player",
        ),
        _ => (
            "the lake drawn while other river tiles are left",
            "the lake is the last river tile: draw the other river tiles first",
        ),
    };
    let still = match left {
        1 => format!("`{}` is still in the stack", earlier.1.id),
        _ => format!(
            "{left} of them are still in the stack, `{}` among them",
            earlier.1.id
        ),
    };
    Some(Violation::new(
        &RIVER_DRAW_ORDER,
        format!("{what} ({still})"),
        "drawn out of the river's order",
        help,
    ))
}

/// The sides (board orientation) of the tile turned by `rotation` where a river arm runs,
/// with the arm's feature index.
fn arms_on_board(tile: &CompiledTile, rotation: Rotation) -> Vec<(Side, usize)> {
    river_arms(tile)
        .map(|(side, feature)| {
            (
                Side::from_index(side.index() + rotation.0 as usize),
                feature,
            )
        })
        .collect()
}

fn opposite(side: Side) -> Side {
    Side::from_index(side.index() + 2)
}

/// How the river bends on a tile it enters through `entry` and leaves through `exit`: 0
/// straight, 1 right, -1 left.
fn bend(entry: Side, exit: Side) -> i8 {
    let heading = opposite(entry).index();
    match (exit.index() + 4 - heading) % 4 {
        1 => 1,
        3 => -1,
        _ => 0,
    }
}

/// Where the river enters the tile at `pos` that it leaves through the side `joined`: the
/// other end of the same river; on The River II's fork, whose three arms are rivers of their
/// own, the trunk — the arm that meets the spring, or else the tile laid before the fork (“The
/// first player's first turn is placing the fork (attached to the spring)”). A branch leaves
/// the fork as it leaves a curve or a straight, so its bends count from the trunk on: a branch
/// that leaves the fork to the left may not turn left again at once (no 180° turn, river
/// digest §9.2.4). `None` at the spring, a lake or a tile the river does not run through.
fn entry_of(engine: &Engine, pos: Pos, joined: Side) -> Option<Side> {
    let placement = engine.at(pos)?;
    let placed = engine.placement(placement);
    let arms = arms_on_board(&engine.catalog[placed.tile], placed.rotation);
    let &(_, feature) = arms.iter().find(|(side, _)| *side == joined)?;
    let same: Vec<Side> = arms
        .iter()
        .filter(|(side, f)| *f == feature && *side != joined)
        .map(|(side, _)| *side)
        .collect();
    match same.as_slice() {
        [entry] => return Some(*entry),
        [] => {}
        _ => return None,
    }
    let others: Vec<Side> = arms
        .iter()
        .filter(|(_, f)| *f != feature)
        .map(|(side, _)| *side)
        .collect();
    if others.len() != 2 {
        return None;
    }
    let neighbour = |side: Side| engine.at(pos.neighbour(side));
    let spring = crate::engine::content_index(ContentKind::Spring);
    let is_spring = |side: Side| {
        neighbour(side).is_some_and(|p| {
            let tile = &engine.catalog[engine.placement(p).tile];
            tile.features.iter().any(|f| f.contents[spring] > 0)
        })
    };
    others
        .iter()
        .copied()
        .find(|side| is_spring(*side))
        .or_else(|| {
            others
                .iter()
                .copied()
                .filter(|side| neighbour(*side).is_some_and(|p| p < placement))
                .min_by_key(|side| neighbour(*side))
        })
}

/// The bends of the river upstream of the side `joined` of the tile at `pos`, nearest first,
/// straights left out, back to the spring (through the fork: [`entry_of`]).
fn bends_upstream(engine: &Engine, mut pos: Pos, mut joined: Side) -> Vec<i8> {
    let mut bends = Vec::new();
    // A river on a board is at most as long as the tiles placed.
    for _ in 0..engine.placements.len() {
        let Some(entry) = entry_of(engine, pos, joined) else {
            break;
        };
        match bend(entry, joined) {
            0 => {}
            turn => bends.push(turn),
        }
        pos = pos.neighbour(entry);
        joined = opposite(entry);
    }
    bends
}

/// The rule a river tile's placement breaks, if any: it must continue the river (one of its
/// river arms joins the open end), must not join the two branches of the fork, and must not
/// turn the river back on itself (`look_ahead`: JCloisterZone's reading).
pub fn placement_violation(
    engine: &Engine,
    tile: usize,
    pos: Pos,
    rotation: Rotation,
    look_ahead: bool,
) -> Option<Violation> {
    let compiled = &engine.catalog[tile];
    if !is_river_tile(compiled) {
        return None;
    }
    let arms = arms_on_board(compiled, rotation);
    let joined: Vec<(Side, usize)> = arms
        .iter()
        .copied()
        .filter(|(side, _)| engine.at(pos.neighbour(*side)).is_some())
        .collect();
    let Some(&(entry, feature)) = joined.first() else {
        return Some(Violation::new(
            &RIVER_NOT_CONTINUED,
            format!(
                "the river tile `{}` at {pos} does not continue the river",
                compiled.id
            ),
            "no river of this tile joins the river on the board",
            "turn or move the tile so that its river joins the open end of the river",
        ));
    };
    if joined.len() > 1 {
        return Some(Violation::new(
            &RIVER_BRANCHES_JOINED,
            format!(
                "the river tile `{}` at {pos} joins the river on {} sides",
                compiled.id,
                joined.len()
            ),
            "the river's ends meet here",
            "the two branches of the fork never join: lay the tile where only one of its rivers meets the river",
        ));
    }
    let exits: Vec<Side> = arms
        .iter()
        .filter(|(side, f)| *f == feature && *side != entry)
        .map(|(side, _)| *side)
        .collect();
    if look_ahead {
        return look_ahead_violation(engine, compiled, pos, &arms, entry);
    }
    let [exit] = exits.as_slice() else {
        return None;
    };
    let turn = bend(entry, *exit);
    if turn == 0 {
        return None;
    }
    let upstream = bends_upstream(engine, pos.neighbour(entry), opposite(entry));
    let way = if turn > 0 { "right" } else { "left" };
    // The curve just upstream, with no straight between (the tile next to this one).
    let next_bend = {
        let facing = opposite(entry);
        entry_of(engine, pos.neighbour(entry), facing).map(|before| bend(before, facing))
    };
    if next_bend == Some(turn) {
        return Some(Violation::new(
            &RIVER_U_TURN,
            format!(
                "the river tile `{}` at {pos} turns the river {way} again, just after a curve to the {way}",
                compiled.id
            ),
            "a second curve the same way in a row",
            "the river may not turn the same way twice in a row: turn the tile so that it bends the other way, or lay it elsewhere",
        ));
    }
    if upstream.len() >= 2 && upstream[0] == turn && upstream[1] == turn {
        return Some(Violation::new(
            &RIVER_THIRD_TURN,
            format!(
                "the river tile `{}` at {pos} turns the river {way} a third time in a row",
                compiled.id
            ),
            "a third curve the same way",
            "after two curves the same way (straights between or not), the next curve turns the other way",
        ));
    }
    None
}

/// JCloisterZone's look-ahead (`RiverCapability.isContinuationFree`, engine v6.2.8): for every
/// river arm of the new tile but the one that joins the river,
/// - the square the river flows into must have free squares on its left and right, and the
///   square two ahead and its left and right must be free;
/// - the three-wide lane straight ahead must be empty out to the edge of the board's bounding
///   box (the placed tiles, the new one and the square 0,0);
/// - no two open river ends may lie side by side flowing that way. JCloisterZone compares one
///   coordinate only (the column for ends flowing north or south, the row for east or west),
///   so two such ends a column apart but on different rows count as side by side too; the
///   import keeps that quirk (docs/jcloisterzone.md).
fn look_ahead_violation(
    engine: &Engine,
    compiled: &CompiledTile,
    pos: Pos,
    arms: &[(Side, usize)],
    entry: Side,
) -> Option<Violation> {
    let refuse = |what: &str| {
        Violation::new(
            &RIVER_U_TURN,
            format!("the river tile `{}` at {pos} {what}", compiled.id),
            "the river would run into the board here",
            "JCloisterZone's reading (`variant river-turns jcloisterzone`): the squares ahead of every open end of the river must be free, and no two open ends flow side by side the same way; turn the tile the other way",
        )
    };
    for (side, _) in arms.iter().filter(|(side, _)| *side != entry) {
        let left = Side::from_index(side.index() + 3);
        let right = Side::from_index(side.index() + 1);
        let ahead = pos.neighbour(*side);
        let two_ahead = ahead.neighbour(*side);
        let squares = [
            ahead.neighbour(left),
            ahead.neighbour(right),
            two_ahead,
            two_ahead.neighbour(left),
            two_ahead.neighbour(right),
        ];
        if squares.iter().any(|square| engine.at(*square).is_some()) {
            return Some(refuse("leads the river towards tiles already placed"));
        }
        if lane_ahead_taken(engine, pos, *side) {
            return Some(refuse(
                "leads the river towards tiles further ahead in its lane",
            ));
        }
        if open_ends_side_by_side(engine, pos, arms, *side) {
            return Some(refuse(
                "leaves two open ends of the river side by side, flowing the same way",
            ));
        }
    }
    None
}

/// Whether a tile lies in the three-wide lane straight ahead of the side `side` of `pos`, out
/// to the edge of the bounding box of the placed tiles, `pos` and the square 0,0.
fn lane_ahead_taken(engine: &Engine, pos: Pos, side: Side) -> bool {
    let (mut low, mut high) = (
        Pos::new(pos.x.min(0), pos.y.min(0)),
        Pos::new(pos.x.max(0), pos.y.max(0)),
    );
    for placed in &engine.placements {
        low = Pos::new(low.x.min(placed.pos.x), low.y.min(placed.pos.y));
        high = Pos::new(high.x.max(placed.pos.x), high.y.max(placed.pos.y));
    }
    let across = |along: i32| -> [Pos; 3] {
        match side {
            Side::N | Side::S => [-1, 0, 1].map(|dx| Pos::new(pos.x + dx, along)),
            Side::E | Side::W => [-1, 0, 1].map(|dy| Pos::new(along, pos.y + dy)),
        }
    };
    let lane = match side {
        Side::N => low.y..pos.y,
        Side::S => pos.y + 1..high.y + 1,
        Side::E => pos.x + 1..high.x + 1,
        Side::W => low.x..pos.x,
    };
    lane.flat_map(across)
        .any(|square| engine.at(square).is_some())
}

/// Whether, with the new tile at `pos`, two open river ends (empty squares a river flows into)
/// flowing towards `side` lie side by side: their columns (north, south) or rows (east, west)
/// one apart — JCloisterZone's comparison of one coordinate.
fn open_ends_side_by_side(engine: &Engine, pos: Pos, arms: &[(Side, usize)], side: Side) -> bool {
    let flowing_that_way = |from: Pos, arms: &[(Side, usize)]| {
        arms.iter()
            .any(|(arm, _)| *arm == side)
            .then(|| from.neighbour(side))
            .filter(|end| *end != pos && engine.at(*end).is_none())
    };
    let mut ends: Vec<Pos> = flowing_that_way(pos, arms).into_iter().collect();
    for placed in &engine.placements {
        let tile = &engine.catalog[placed.tile];
        if !is_river_tile(tile) {
            continue;
        }
        ends.extend(flowing_that_way(
            placed.pos,
            &arms_on_board(tile, placed.rotation),
        ));
    }
    ends.sort();
    ends.dedup();
    let across = |end: &Pos| match side {
        Side::N | Side::S => end.x,
        Side::E | Side::W => end.y,
    };
    ends.iter().enumerate().any(|(i, a)| {
        ends[i + 1..]
            .iter()
            .any(|b| (across(a) - across(b)).abs() == 1)
    })
}

/// The rule a deployment on a river tile breaks: no figure stands on the water, and none on
/// the volcano lake's tile (unless it is a plain lake, `volcano-lake plain`).
pub fn deployment_violation(
    tile: &CompiledTile,
    kind: FeatureKind,
    readings: Readings,
) -> Option<Violation> {
    if tile.markers.has(Marker::Volcano) && is_river_tile(tile) && !readings.plain_volcano {
        return Some(Violation::new(
            &RIVER_NO_FIGURE,
            format!("a figure on the volcano lake `{}`", tile.id),
            "no figure on the volcano lake",
            "whoever places the volcano lake deploys nothing and takes another turn at once: pass",
        ));
    }
    (kind == FeatureKind::River || kind == FeatureKind::Lake).then(|| {
        Violation::new(
            &RIVER_NO_FIGURE,
            format!("a figure on the {kind}"),
            "nobody occupies the water",
            "deploy on a road, city, monastery or field of the tile, or pass",
        )
    })
}

/// Whether placing the tile gives its player another turn at once (the volcano lake, unless
/// it is a plain lake).
pub fn another_turn(tile: &CompiledTile, readings: Readings) -> bool {
    tile.markers.has(Marker::Volcano) && is_river_tile(tile) && !readings.plain_volcano
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A river heading east (in through W) that leaves through S turns right, through N left,
    /// through E not at all; the same holds turned round the compass.
    #[test]
    fn bends_are_read_from_the_heading() {
        for quarter in 0..4 {
            let turn = |side: Side| Side::from_index(side.index() + quarter);
            assert_eq!(bend(turn(Side::W), turn(Side::S)), 1);
            assert_eq!(bend(turn(Side::W), turn(Side::N)), -1);
            assert_eq!(bend(turn(Side::W), turn(Side::E)), 0);
        }
    }

    /// The volcano lake gives another turn and takes no figure by the rulebook; as a plain
    /// lake (JCloisterZone without the dragon) it does neither, and the water stays empty.
    #[test]
    fn the_volcano_lake_is_a_plain_lake_in_its_variant() {
        let tiles = crate::shipped_tiles("the-river-2");
        let volcano = tiles
            .iter()
            .find(|tile| tile.id == "RI.2/I.v")
            .expect("the volcano lake");
        let rulebook = Readings::from_variants(&[]);
        let plain = Readings::from_variants(&[(VOLCANO_LAKE.into(), "plain".into())]);
        assert!(another_turn(volcano, rulebook));
        assert!(!another_turn(volcano, plain));
        assert!(deployment_violation(volcano, FeatureKind::Field, rulebook).is_some());
        assert!(deployment_violation(volcano, FeatureKind::Field, plain).is_none());
        assert!(deployment_violation(volcano, FeatureKind::Lake, plain).is_some());
    }

    /// The shipped river tiles fall into the draw order's groups: the fork first, the lakes
    /// last (the River II city lake among the river tiles), the land tiles after them.
    #[test]
    fn the_shipped_tiles_fall_into_the_draw_order() {
        let mut groups = std::collections::BTreeMap::new();
        for set in ["the-river", "the-river-2", "carcassonne-base"] {
            for tile in &crate::shipped_tiles(set) {
                groups.insert(tile.id.clone(), draw_group(tile));
            }
        }
        assert_eq!(groups["RI.2/III"], FORK);
        assert_eq!(groups["RI.1/I.e"], LAKE);
        assert_eq!(groups["RI.2/I.v"], LAKE);
        assert_eq!(groups["RI.2/IFC"], RIVER);
        assert_eq!(groups["RI.1/RIrI"], RIVER);
        assert_eq!(groups["BA/RCr"], LAND);
        let rivers = groups.iter().filter(|(id, _)| id.starts_with("RI")).count();
        let land = groups.values().filter(|g| **g == LAND).count();
        assert_eq!((rivers, land), (21, 24));
    }
}
