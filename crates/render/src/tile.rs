//! One tile drawn from its model: the shapes follow the anchors of its features, never artwork.
//!
//! The drawing works in tile coordinates, a 100 × 100 square with north up. Its border is
//! walked clockwise from the top-left corner as a perimeter of length 400 (100 a side), cut into
//! the eight half-sides `NL NR EL ER SL SR WL WR` of 50 each, in that order — exactly the order
//! of the tile language. Every half-side is the outer edge of a "slice", the triangle between
//! it and the centre:
//!
//! - a **field or meadow** owns the slices of its half-sides; where two neighbouring slices
//!   belong to different fields a thin hedge is drawn between them (along the radius), so the
//!   Hills & Sheep tile with two separate fields shows two fields;
//! - a **city or forest** is one shape along the stretches of border it claims, closed by
//!   curves through the inside of the tile; the slices under it that it does not cover are
//!   given to the nearest field (preferring one that touches that city), so the hedges between
//!   fields continue up to the city wall. A side that two cities share (`shares=`) is cut in
//!   two stretches, each next to its own city's other sides;
//! - a **road or river** runs from the middle of each of its sides: straight across, curving
//!   round a corner, or to the centre; a road that touches one side only ends at a house (or at
//!   the monastery, the lake, the village of a crossroads), a river at its spring, its lake or
//!   in its forest (`forest-end`: the line runs on into the first forest ahead, with no pool);
//! - **monasteries, lakes and inner fields** stand in the middle.
//!
//! Contents (pennants, fish, animals …) are drawn as symbols at a point inside their feature,
//! upright whatever the rotation, and so are the buildings (houses, villages, monasteries);
//! figures and highlights use the same points and shapes. Roads that cross without joining
//! meet at a bridge (a road passes over a river). A garden, and the figures of a field too
//! narrow round its usual point, go where their field leaves room ([`FreeRoom`]), clear of
//! the walls, lines, hedges and buildings.

use crate::model::{
    Anchor, AnchorClass, ContentKind, Feature, FeatureKind, Half, Marker, Rotation, Side, Tile,
};

use super::svg::{Point, Svg, num, pt};
use super::symbols;

/// The side of a tile in tile coordinates.
pub const SIZE: f64 = 100.0;
const CENTRE: Point = Point::new(50.0, 50.0);
/// Perimeter length of the tile.
const PERIMETER: f64 = 400.0;

pub mod colour {
    pub const FIELD: &str = "#a4cf6a";
    pub const MEADOW: &str = "#c3dc7e";
    pub const HEDGE: &str = "#5d7f2e";
    pub const CITY: &str = "#d8b27a";
    pub const CITY_WALL: &str = "#7a5530";
    pub const FOREST: &str = "#2f6f3a";
    pub const FOREST_EDGE: &str = "#1b4724";
    pub const ROAD: &str = "#f4ecd8";
    pub const ROAD_EDGE: &str = "#6b6358";
    pub const RIVER: &str = "#5fa8e8";
    pub const RIVER_EDGE: &str = "#2a6cb0";
    pub const LAKE: &str = "#4f95d6";
    pub const TILE_EDGE: &str = "#333333";
    pub const HIGHLIGHT: &str = "#ffd400";
    pub const BRIDGE_DECK: &str = "#c9b99a";
    pub const BRIDGE_PARAPET: &str = "#4a3f35";
    pub const CLOSED_WALL: &str = "#b8b0a2";
    pub const CLOSED_WALL_EDGE: &str = "#5b544a";
}

/// A point of the border, `t` along the perimeter clockwise from the top-left corner.
fn perimeter_point(t: f64) -> Point {
    let t = t.rem_euclid(PERIMETER);
    let side = (t / SIZE).floor() as usize;
    let u = t - side as f64 * SIZE;
    match side {
        0 => Point::new(u, 0.0),
        1 => Point::new(SIZE, u),
        2 => Point::new(SIZE - u, SIZE),
        _ => Point::new(0.0, SIZE - u),
    }
}

fn side_start(side: Side) -> f64 {
    side.index() as f64 * SIZE
}

fn side_middle(side: Side) -> Point {
    perimeter_point(side_start(side) + SIZE / 2.0)
}

/// The half-sides in perimeter order: slot `s` is side `s / 2`, left half when `s` is even.
fn slot_of(side: Side, half: Half) -> usize {
    side.index() * 2 + usize::from(half == Half::R)
}

fn slot_side(slot: usize) -> Side {
    Side::from_index(slot / 2)
}

/// The centroid of a slice (the triangle between a half-side and the centre).
fn slice_centroid(slot: usize) -> Point {
    let a = perimeter_point(slot as f64 * 50.0);
    let b = perimeter_point(slot as f64 * 50.0 + 50.0);
    Point::new((a.x + b.x + CENTRE.x) / 3.0, (a.y + b.y + CENTRE.y) / 3.0)
}

/// Whether the slice `slot` (the triangle between its half-side and the centre, edges
/// included) holds the point `at`.
fn slice_contains(slot: usize, at: Point) -> bool {
    let a = perimeter_point(slot as f64 * 50.0);
    let b = perimeter_point(slot as f64 * 50.0 + 50.0);
    let cross = |p: Point, q: Point| (q.x - p.x) * (at.y - p.y) - (q.y - p.y) * (at.x - p.x);
    // The border runs clockwise, so the inside is on the right of each edge (y grows down).
    [cross(a, b), cross(b, CENTRE), cross(CENTRE, a)]
        .iter()
        .all(|side| *side >= -1e-9)
}

/// Turns a point of tile coordinates by the tile's rotation (quarter turns clockwise).
pub fn rotate(point: Point, rotation: Rotation) -> Point {
    let mut p = point;
    for _ in 0..rotation.0 % 4 {
        p = Point::new(SIZE - p.y, p.x);
    }
    p
}

/// Where everything of one tile lies, in tile coordinates.
#[derive(Debug, Clone)]
pub struct TileLayout {
    /// For each slice, the field or meadow that owns it (its own half-side or, under a city,
    /// the nearest field's).
    slice_area: [Option<usize>; 8],
    /// Per feature, its shape or path.
    shapes: Vec<Shape>,
    /// Per feature, the point where its contents and figures are drawn.
    anchors: Vec<Point>,
    /// Road ends at the centre of a crossroads (three or more roads end there).
    village: bool,
    /// Per feature, the scale its building, or a figure lying in it, is drawn at: below 1 for
    /// a garden, or a farmer, in a field too narrow for the whole of it.
    scales: Vec<f64>,
}

#[derive(Debug, Clone)]
enum Shape {
    /// City or forest: an outline path, and the stretches of border it claims.
    Region(String, Vec<(f64, f64)>),
    /// Field or meadow: its slices (plus an inner disc for an inner field).
    Area { inner: bool },
    /// Road or river: the path of its middle line, where a dead end stops, and the radii of
    /// the lake a river's unmarked dead end runs into there.
    Line {
        path: String,
        ends: Vec<Point>,
        lake: (f64, f64),
        /// Its middle line as straight pieces, for what must keep clear of it.
        pieces: Vec<Vec<Point>>,
    },
    /// Monastery or lake in the middle.
    Inner,
}

thread_local! {
    /// The layouts of the tiles drawn lately: a board draws the same few tiles again and
    /// again (a replay page, every turn's board), and finding the free room of a narrow field
    /// or a garden is the dearest part of a layout.
    static LAYOUTS: std::cell::RefCell<Vec<(Tile, TileLayout)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// How many layouts [`LAYOUTS`] keeps: more than the distinct tiles of any shipped set.
const LAYOUTS_KEPT: usize = 512;

impl TileLayout {
    /// Where everything of `tile` lies (the same tile's layout once worked out, again).
    pub fn of(tile: &Tile) -> TileLayout {
        let known = LAYOUTS.with(|layouts| {
            layouts
                .borrow()
                .iter()
                .find(|(known, _)| known == tile)
                .map(|(_, layout)| layout.clone())
        });
        if let Some(layout) = known {
            return layout;
        }
        let layout = TileLayout::work_out(tile);
        LAYOUTS.with(|layouts| {
            let mut layouts = layouts.borrow_mut();
            if layouts.len() >= LAYOUTS_KEPT {
                layouts.clear();
            }
            layouts.push((tile.clone(), layout.clone()));
        });
        layout
    }

    fn work_out(tile: &Tile) -> TileLayout {
        let features = &tile.features;
        let mut own_slot: [Option<usize>; 8] = [None; 8];
        let mut whole_slot: [Option<usize>; 8] = [None; 8];
        for (index, feature) in features.iter().enumerate() {
            match feature.kind.anchor_class() {
                AnchorClass::Area => {
                    for anchor in &feature.anchors {
                        let slots: Vec<usize> = match anchor {
                            Anchor::Side(side) => {
                                vec![slot_of(*side, Half::L), slot_of(*side, Half::R)]
                            }
                            Anchor::Half(side, half) => vec![slot_of(*side, *half)],
                            Anchor::Inner => vec![],
                        };
                        for slot in slots {
                            own_slot[slot].get_or_insert(index);
                        }
                    }
                }
                AnchorClass::Whole => {
                    for side in feature
                        .touched_sides()
                        .chain(feature.shares.iter().copied())
                    {
                        for half in [Half::L, Half::R] {
                            whole_slot[slot_of(side, half)].get_or_insert(index);
                        }
                    }
                }
                AnchorClass::Middle | AnchorClass::Inner => {}
            }
        }

        let mut slice_area = own_slot;
        for slot in 0..8 {
            if own_slot[slot].is_none() {
                slice_area[slot] = nearest_area(tile, &own_slot, slot, whole_slot[slot]);
            }
        }

        let has_inner_feature = features
            .iter()
            .any(|f| f.kind.anchor_class() == AnchorClass::Inner);
        let has_inner_field = features.iter().any(|f| {
            f.kind.anchor_class() == AnchorClass::Area && f.anchors.contains(&Anchor::Inner)
        });
        let dead_end_roads = features
            .iter()
            .filter(|f| f.kind == FeatureKind::Road && f.touched_sides().count() == 1)
            .count();
        // Three or more roads ending on a tile meet at a village, unless a monastery (or a
        // lake) stands where they end.
        let village = dead_end_roads >= 3 && !has_inner_feature;
        // Three or more rivers ending on a tile without a lake meet in the middle: The River
        // II's fork (a river that springs or ends in a forest keeps its own end).
        let fork = features
            .iter()
            .filter(|f| {
                f.kind == FeatureKind::River
                    && f.touched_sides().count() == 1
                    && f.contents.is_empty()
                    && f.flows_into.is_empty()
            })
            .count()
            >= 3
            && !has_inner_feature;
        let whole_intervals = whole_intervals(features);
        let reaches = forest_end_reaches(tile, &own_slot, &whole_intervals);

        let mut shapes = Vec::with_capacity(features.len());
        let mut anchors = Vec::with_capacity(features.len());
        for (index, feature) in features.iter().enumerate() {
            let (shape, anchor) = match feature.kind.anchor_class() {
                AnchorClass::Whole => {
                    let intervals = &whole_intervals[index];
                    let mut anchor = region_anchor(intervals);
                    if (has_inner_feature || has_inner_field) && distance(anchor, CENTRE) < 25.0 {
                        // A city or forest round a lake, a monastery or an inner field: its
                        // symbols go by its first stretch of border, not under the building,
                        // the water or the field's circle (where they would read as its own).
                        anchor = region_anchor(&intervals[..1.min(intervals.len())]);
                    }
                    (
                        Shape::Region(region_path(intervals), intervals.clone()),
                        anchor,
                    )
                }
                AnchorClass::Area => {
                    let slices: Vec<usize> =
                        (0..8).filter(|s| own_slot[*s] == Some(index)).collect();
                    let inner = feature.anchors.contains(&Anchor::Inner);
                    let anchor = area_anchor(&slices, inner, has_inner_feature || village);
                    (Shape::Area { inner }, anchor)
                }
                AnchorClass::Middle => {
                    let ends_in_middle = has_inner_feature
                        || (village && feature.kind == FeatureKind::Road)
                        || (fork && feature.kind == FeatureKind::River);
                    // A river that ends on its tile with nothing to mark its end (no spring, no
                    // forest, no lake feature it flows into) ends in a lake of its own, as The
                    // River II's `RI.2/IFC`: as large as a lake where nothing else of the tile
                    // reaches the middle, else small.
                    let middle_free = features.iter().enumerate().all(|(other, f)| {
                        other == index
                            || matches!(
                                f.kind.anchor_class(),
                                AnchorClass::Whole | AnchorClass::Area
                            ) && !f.anchors.contains(&Anchor::Inner)
                    });
                    line_shape(
                        feature,
                        ends_in_middle,
                        has_inner_feature,
                        reaches[index],
                        middle_free,
                    )
                }
                AnchorClass::Inner => (Shape::Inner, CENTRE),
            };
            shapes.push(shape);
            anchors.push(anchor);
        }
        // A road on a bridge keeps its contents and figures off the deck (the inn by The
        // River II's bridge), nearer its first side.
        let lines: Vec<(&Feature, Vec<f64>)> = crossing_lines(tile).collect();
        for (over, _) in bridged_pairs(&lines) {
            let (feature, ends) = &lines[over];
            if let (Some(index), [first, _]) = (
                features.iter().position(|f| std::ptr::eq(f, *feature)),
                ends.as_slice(),
            ) {
                anchors[index] = perimeter_point(*first).toward(CENTRE, 0.4);
            }
        }
        let mut layout = TileLayout {
            slice_area,
            scales: vec![1.0; features.len()],
            shapes,
            anchors,
            village,
        };
        layout.keep_clear(tile);
        layout
    }

    /// Puts each garden, and each field's figures and contents where its field is too
    /// narrow for them, in the field's free room: clear of the cities and forests (their
    /// walls), the roads and rivers, the hedges, the buildings and the tile's border, as a
    /// farmer lies inside its field. A garden stays in the middle where the middle is free
    /// room, else goes where the field is widest, drawn smaller where even that is narrow; the
    /// fields' figures then keep clear of the garden too.
    fn keep_clear(&mut self, tile: &Tile) {
        // Room round a point, in tile units: a lying farmer's reach from its middle (9.6)
        // with its outline, and a garden's radius (13) with its hedge.
        const FIGURE_ROOM: f64 = 10.5;
        const GARDEN_ROOM: f64 = 15.0;
        let needs_room = |feature: &Feature| {
            feature.kind == FeatureKind::Garden || feature.kind.anchor_class() == AnchorClass::Area
        };
        if !tile.features.iter().any(needs_room) {
            return;
        }
        let mut clear = FreeRoom::of(tile, self);
        for (index, feature) in tile.features.iter().enumerate() {
            if feature.kind != FeatureKind::Garden {
                continue;
            }
            let at = clear.roomiest(|room| room >= GARDEN_ROOM, CENTRE);
            let room = clear.room(at);
            self.anchors[index] = at;
            self.scales[index] = ((room - 2.0) / (GARDEN_ROOM - 2.0)).clamp(0.5, 1.0);
            clear
                .discs
                .push((at, (GARDEN_ROOM - 0.75) * self.scales[index]));
        }
        for index in 0..self.shapes.len() {
            let Shape::Area { inner: false } = self.shapes[index] else {
                continue;
            };
            let anchor = self.anchors[index];
            if clear.room(anchor) >= FIGURE_ROOM {
                continue;
            }
            let in_field = |at: Point| self.field_at(at) == Some(index);
            if let Some(at) = clear.roomiest_where(in_field, |room| room >= FIGURE_ROOM, anchor) {
                self.anchors[index] = at;
                // A field too narrow even there has its figures drawn smaller, inside it.
                self.scales[index] = (clear.room(at) / FIGURE_ROOM).clamp(0.6, 1.0);
            }
        }
    }

    /// The field (or meadow) that owns every slice the point `at` (tile coordinates) lies in,
    /// as the picture tints it when the field is highlighted; `None` where the slices round
    /// the point (on a hedge, at the centre) belong to different fields.
    pub fn field_at(&self, at: Point) -> Option<usize> {
        let mut owners = (0..8)
            .filter(|&slot| slice_contains(slot, at))
            .map(|slot| self.slice_area[slot]);
        let first = owners.next()??;
        owners.all(|owner| owner == Some(first)).then_some(first)
    }

    /// The scale a figure lying in feature `index` (a farmer in its field) is drawn at: below
    /// 1 where the field is too narrow for the whole figure.
    pub fn lying_scale(&self, index: usize) -> f64 {
        match self.shapes.get(index) {
            Some(Shape::Area { .. }) => self.scales[index],
            _ => 1.0,
        }
    }

    /// The point where the contents and figures of feature `index` are drawn (tile coordinates).
    pub fn anchor(&self, index: usize) -> Point {
        self.anchors.get(index).copied().unwrap_or(CENTRE)
    }
}

/// What stands on a tile, as a figure or a garden in a field must keep clear of it: the
/// outlines of the cities and forests (nothing of a field lies inside them), the middle lines
/// of the roads and rivers with their half widths, the hedges, and discs round the buildings,
/// lakes and markers.
struct FreeRoom {
    regions: Vec<Vec<Point>>,
    /// Straight pieces, each with the half width of what it draws.
    pieces: Vec<(Point, Point, f64)>,
    discs: Vec<(Point, f64)>,
}

impl FreeRoom {
    fn of(tile: &Tile, layout: &TileLayout) -> FreeRoom {
        let mut room = FreeRoom {
            regions: Vec::new(),
            pieces: Vec::new(),
            discs: Vec::new(),
        };
        for (feature, shape) in tile.features.iter().zip(&layout.shapes) {
            match shape {
                Shape::Region(_, intervals) => room.regions.push(region_polygon(intervals)),
                Shape::Line {
                    ends, lake, pieces, ..
                } => {
                    let river = feature.kind == FeatureKind::River;
                    let half_width = if river { 5.5 } else { 4.5 };
                    for piece in pieces {
                        for pair in piece.windows(2) {
                            room.pieces.push((pair[0], pair[1], half_width));
                        }
                    }
                    // A road's house, a river's spring or lake at its dead end.
                    let end_room = if river { lake.0.max(7.0) } else { 7.5 };
                    room.discs.extend(ends.iter().map(|&end| (end, end_room)));
                }
                Shape::Inner if feature.kind != FeatureKind::Garden => {
                    room.discs.push((CENTRE, 21.0));
                }
                Shape::Area { inner: true } => room.discs.push((CENTRE, 19.0)),
                _ => {}
            }
        }
        if layout.village {
            room.discs.push((CENTRE, 9.0));
        }
        if tile
            .features
            .iter()
            .any(|f| f.kind.anchor_class() == AnchorClass::Middle && passes_under_a_bridge(tile, f))
        {
            room.discs.push((CENTRE, 14.0));
        }
        for (from, to) in hedges(tile, layout) {
            room.pieces.push((from, to, 1.0));
        }
        if !tile.markers.is_empty() {
            let corner = marker_corner(tile, layout);
            for n in 0..tile.markers.len() {
                let at = corner.offset(0.0, -(n as f64) * 20.0 * corner_direction(corner));
                room.discs.push((at, 10.0));
            }
        }
        room
    }

    /// How far the point `at` is from everything on the tile and from its border (0 inside a
    /// city or forest).
    fn room(&self, at: Point) -> f64 {
        if self
            .regions
            .iter()
            .any(|region| polygon_contains(region, at))
        {
            return 0.0;
        }
        let mut room = at.x.min(SIZE - at.x).min(at.y).min(SIZE - at.y);
        for region in &self.regions {
            for (i, a) in region.iter().enumerate() {
                let b = region[(i + 1) % region.len()];
                room = room.min(distance_to_piece(at, *a, b) - 1.25);
            }
        }
        for &(a, b, half_width) in &self.pieces {
            room = room.min(distance_to_piece(at, a, b) - half_width);
        }
        for &(centre, radius) in &self.discs {
            room = room.min(distance(at, centre) - radius);
        }
        room.max(0.0)
    }

    /// Of the points with room enough (`enough`), the one nearest `near`; where none has, the
    /// point with the most room (the nearer `near` of two as roomy).
    fn roomiest(&self, enough: impl Fn(f64) -> bool, near: Point) -> Point {
        self.roomiest_where(|_| true, enough, near).unwrap_or(near)
    }

    /// As [`FreeRoom::roomiest`], among the points `allowed` says; `None` where none is.
    fn roomiest_where(
        &self,
        allowed: impl Fn(Point) -> bool,
        enough: impl Fn(f64) -> bool,
        near: Point,
    ) -> Option<Point> {
        // A grid of points 5 units apart inside the tile, then one a unit apart round the
        // best of them.
        let consider = |best: &mut Option<(bool, f64, f64, Point)>, at: Point| {
            if !allowed(at) {
                return;
            }
            let room = self.room(at);
            if room <= 0.0 {
                return;
            }
            let fits = enough(room);
            let key = (fits, if fits { 0.0 } else { room }, -distance(at, near));
            if best.is_none_or(|(f, r, d, _)| key > (f, r, d)) {
                *best = Some((key.0, key.1, key.2, at));
            }
        };
        let mut best = None;
        for i in 1..20 {
            for j in 1..20 {
                consider(
                    &mut best,
                    Point::new(f64::from(i) * 5.0, f64::from(j) * 5.0),
                );
            }
        }
        if let Some((_, _, _, coarse)) = best {
            for i in -4..=4 {
                for j in -4..=4 {
                    consider(&mut best, coarse.offset(f64::from(i), f64::from(j)));
                }
            }
        }
        best.map(|(_, _, _, at)| at)
    }
}

/// The distance from `at` to the straight piece from `a` to `b`.
fn distance_to_piece(at: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length = dx * dx + dy * dy;
    let t = if length == 0.0 {
        0.0
    } else {
        (((at.x - a.x) * dx + (at.y - a.y) * dy) / length).clamp(0.0, 1.0)
    };
    distance(at, Point::new(a.x + t * dx, a.y + t * dy))
}

/// The field that gets the slice `slot`, which no field claims (it lies under a city or
/// forest): the nearest field around the border, preferring one that touches that city, then
/// the nearer one, then the one on the slice's own side of the side's middle.
fn nearest_area(
    tile: &Tile,
    own_slot: &[Option<usize>; 8],
    slot: usize,
    whole: Option<usize>,
) -> Option<usize> {
    let backward = (1..8).find_map(|d| own_slot[(slot + 8 - d) % 8].map(|f| (d, f)));
    let forward = (1..8).find_map(|d| own_slot[(slot + d) % 8].map(|f| (d, f)));
    let touches_whole = |area: usize| -> bool {
        let Some(whole) = whole else { return false };
        let Some(label) = tile.features[whole].label.as_deref() else {
            return false;
        };
        tile.features[area].touches.iter().any(|t| t == label)
    };
    let left_half = slot.is_multiple_of(2);
    let rank = |(distance, area): (usize, usize), is_backward: bool| {
        (!touches_whole(area), distance, is_backward != left_half)
    };
    match (backward, forward) {
        (Some(b), Some(f)) => {
            if rank(b, true) <= rank(f, false) {
                Some(b.1)
            } else {
                Some(f.1)
            }
        }
        (Some(b), None) => Some(b.1),
        (None, Some(f)) => Some(f.1),
        (None, None) => None,
    }
}

/// The stretches of border each city or forest claims, as perimeter intervals. A side two
/// cities share is cut in two: the stretch next to a city's other sides is that city's.
fn whole_intervals(features: &[Feature]) -> Vec<Vec<(f64, f64)>> {
    let mut intervals = vec![Vec::new(); features.len()];
    for side in Side::ALL {
        let mut claimants: Vec<usize> = features
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                f.kind.anchor_class() == AnchorClass::Whole
                    && (f.anchors.contains(&Anchor::Side(side)) || f.shares.contains(&side))
            })
            .map(|(i, _)| i)
            .collect();
        let previous = Side::from_index(side.index() + 3);
        let next = Side::from_index(side.index() + 1);
        let claims = |i: usize, s: Side| {
            features[i].anchors.contains(&Anchor::Side(s)) || features[i].shares.contains(&s)
        };
        claimants.sort_by_key(|&i| {
            if claims(i, previous) {
                0
            } else if claims(i, next) {
                2
            } else {
                1
            }
        });
        let share = SIZE / claimants.len().max(1) as f64;
        for (n, &i) in claimants.iter().enumerate() {
            let start = side_start(side) + share * n as f64;
            intervals[i].push((start, start + share));
        }
    }
    intervals
}

/// Consecutive intervals joined into runs; a run may pass the top-left corner (end > 400).
fn runs(intervals: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut sorted = intervals.to_vec();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut runs: Vec<(f64, f64)> = Vec::new();
    for (start, end) in sorted {
        match runs.last_mut() {
            Some(last) if (last.1 - start).abs() < 1e-9 => last.1 = end,
            _ => runs.push((start, end)),
        }
    }
    if runs.len() > 1 {
        let first = runs[0];
        let last = runs[runs.len() - 1];
        if first.0.abs() < 1e-9 && (last.1 - PERIMETER).abs() < 1e-9 {
            runs.pop();
            runs[0] = (last.0, first.1 + PERIMETER);
        }
    }
    runs
}

/// One stretch of a city's or forest's outline, from where the previous one ended.
#[derive(Debug, Clone, Copy)]
enum Stroke {
    Line(Point),
    /// A cubic curve: its two control points and its end.
    Curve(Point, Point, Point),
}

/// The outline of a city or forest: along its runs of border, and between two runs a curve
/// through the inside of the tile, bowed towards the centre. Its starting point and strokes;
/// `None` for a region without border.
fn region_outline(intervals: &[(f64, f64)]) -> Option<(Point, Vec<Stroke>)> {
    let runs = runs(intervals);
    if runs.is_empty() {
        return None;
    }
    if runs.len() == 1 && runs[0].1 - runs[0].0 >= PERIMETER - 1e-9 {
        let corners = [(100.0, 0.0), (100.0, 100.0), (0.0, 100.0)];
        let strokes = corners
            .iter()
            .map(|&(x, y)| Stroke::Line(Point::new(x, y)))
            .collect();
        return Some((Point::new(0.0, 0.0), strokes));
    }
    let start = perimeter_point(runs[0].0);
    let mut strokes = Vec::new();
    for (n, &(start, end)) in runs.iter().enumerate() {
        let mut corner = (start / SIZE).floor() * SIZE + SIZE;
        while corner < end - 1e-9 {
            strokes.push(Stroke::Line(perimeter_point(corner)));
            corner += SIZE;
        }
        let to = perimeter_point(end);
        strokes.push(Stroke::Line(to));
        let next_start = runs[(n + 1) % runs.len()].0;
        let next = perimeter_point(next_start);
        let gap = (next_start - end).rem_euclid(PERIMETER);
        // Across a corner (a city on two neighbouring sides) a curve through the centre would
        // be a straight diagonal: bow it out towards the far corner, as the printed walls do.
        let bend = if (gap - 2.0 * SIZE).abs() < 1e-9 {
            CENTRE.toward(perimeter_point(end + SIZE), 0.2)
        } else {
            CENTRE
        };
        strokes.push(Stroke::Curve(
            to.toward(bend, 0.7),
            next.toward(bend, 0.7),
            next,
        ));
    }
    Some((start, strokes))
}

/// The outline of a city or forest as an SVG path.
fn region_path(intervals: &[(f64, f64)]) -> String {
    let Some((start, strokes)) = region_outline(intervals) else {
        return String::new();
    };
    let mut path = format!("M{}", pt(start));
    for stroke in strokes {
        match stroke {
            Stroke::Line(to) => path.push_str(&format!(" L{}", pt(to))),
            Stroke::Curve(c1, c2, to) => {
                path.push_str(&format!(" C{} {} {}", pt(c1), pt(c2), pt(to)))
            }
        }
    }
    path.push_str(" Z");
    path
}

/// Whether `point` lies inside the outline of a city or forest (its curves followed in short
/// straight pieces, then the even-odd rule).
fn region_contains(intervals: &[(f64, f64)], point: Point) -> bool {
    polygon_contains(&region_polygon(intervals), point)
}

/// The outline of a city or forest as a polygon, its curves followed in short straight
/// pieces; empty for a region without border.
fn region_polygon(intervals: &[(f64, f64)]) -> Vec<Point> {
    let Some((start, strokes)) = region_outline(intervals) else {
        return Vec::new();
    };
    let mut corners = vec![start];
    for stroke in strokes {
        match stroke {
            Stroke::Line(to) => corners.push(to),
            Stroke::Curve(c1, c2, to) => {
                let from = *corners.last().unwrap_or(&start);
                const PIECES: usize = 24;
                for i in 1..=PIECES {
                    let t = i as f64 / PIECES as f64;
                    let u = 1.0 - t;
                    let along = |a: f64, b: f64, c: f64, d: f64| {
                        u * u * u * a + 3.0 * u * u * t * b + 3.0 * u * t * t * c + t * t * t * d
                    };
                    corners.push(Point::new(
                        along(from.x, c1.x, c2.x, to.x),
                        along(from.y, c1.y, c2.y, to.y),
                    ));
                }
            }
        }
    }
    corners
}

/// Whether `point` lies inside the polygon `corners` (the even-odd rule).
fn polygon_contains(corners: &[Point], point: Point) -> bool {
    let mut inside = false;
    for (i, a) in corners.iter().enumerate() {
        let b = corners[(i + 1) % corners.len()];
        if (a.y > point.y) != (b.y > point.y) {
            let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if point.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// Where a river that ends in a forest of its tile (`forest-end`) stops: a little way into
/// the first forest it meets going straight across the tile from its side (when `straight`
/// and it meets one), or else going towards the inside of the nearest forest, so that the water visibly runs into the trees (the forest is
/// drawn over it). `None` when the tile has no forest, or when one field lies on both sides of
/// the river: drawn up to a forest, the river would cut that field in two.
fn forest_reach(
    side: Side,
    forests: &[&[(f64, f64)]],
    one_field_around: bool,
    straight: bool,
) -> Option<Point> {
    if one_field_around || forests.is_empty() {
        return None;
    }
    const STEP: f64 = 0.5;
    // How far past the forest's edge the line goes, under the forest.
    const INTO: f64 = 4.0;
    let from = side_middle(side);
    let first_inside = |to: Point| -> Option<f64> {
        let length = distance(from, to);
        let mut travelled = STEP;
        while travelled <= length {
            let at = from.toward(to, travelled / length);
            if forests.iter().any(|f| region_contains(f, at)) {
                return Some(travelled);
            }
            travelled += STEP;
        }
        None
    };
    let across = side_middle(Side::from_index((side.index() + 2) % 4));
    let (to, travelled) = match first_inside(across).filter(|_| straight) {
        Some(travelled) => (across, travelled),
        None => forests
            .iter()
            .map(|f| region_anchor(f))
            .filter_map(|anchor| first_inside(anchor).map(|t| (anchor, t)))
            .min_by(|a, b| a.1.total_cmp(&b.1))?,
    };
    let length = distance(from, to);
    Some(from.toward(to, ((travelled + INTO) / length).min(1.0)))
}

/// Inside a city or forest: the average of points a little inside each stretch it claims.
fn region_anchor(intervals: &[(f64, f64)]) -> Point {
    if intervals.is_empty() {
        return CENTRE;
    }
    let (mut x, mut y) = (0.0, 0.0);
    for &(start, end) in intervals {
        let edge = perimeter_point((start + end) / 2.0);
        let inside = edge.toward(CENTRE, 0.3);
        x += inside.x;
        y += inside.y;
    }
    let n = intervals.len() as f64;
    Point::new(x / n, y / n)
}

/// Inside a field: the centroid of its slices; near the centre, when something else stands
/// there, the centroid of its first slice.
fn area_anchor(slices: &[usize], inner: bool, centre_taken: bool) -> Point {
    if slices.is_empty() || inner {
        return CENTRE;
    }
    let (mut x, mut y) = (0.0, 0.0);
    for &slot in slices {
        let c = slice_centroid(slot);
        x += c.x;
        y += c.y;
    }
    let n = slices.len() as f64;
    let average = Point::new(x / n, y / n);
    let distance = ((average.x - CENTRE.x).powi(2) + (average.y - CENTRE.y).powi(2)).sqrt();
    if distance < 22.0 && centre_taken {
        // A field all round the tile: its centroid is the centre, where a monastery or the
        // roads stand; use a corner of it instead.
        return slice_centroid(slices[0]);
    }
    average
}

/// Per feature, for a river that touches one side and ends in a forest (`forest-end`), the
/// point where it stops inside that forest ([`forest_reach`]): straight across the tile; but
/// where two such rivers would end side by side (two rivers on neighbouring sides running into
/// one forest across the corner between them), each heads for the forest's inside instead, so
/// that the two never seem to join.
fn forest_end_reaches(
    tile: &Tile,
    own_slot: &[Option<usize>; 8],
    whole_intervals: &[Vec<(f64, f64)>],
) -> Vec<Option<Point>> {
    let forests: Vec<&[(f64, f64)]> = tile
        .features
        .iter()
        .zip(whole_intervals)
        .filter(|(f, _)| f.kind == FeatureKind::Forest)
        .map(|(_, intervals)| intervals.as_slice())
        .collect();
    let reach = |feature: &Feature, straight: bool| -> Option<Point> {
        let mut sides = feature.touched_sides();
        let (Some(side), None) = (sides.next(), sides.next()) else {
            return None;
        };
        if feature.kind != FeatureKind::River || feature.count(ContentKind::ForestEnd) == 0 {
            return None;
        }
        let (left, right) = (
            own_slot[slot_of(side, Half::L)],
            own_slot[slot_of(side, Half::R)],
        );
        forest_reach(side, &forests, left.is_some() && left == right, straight)
    };
    let mut reaches: Vec<Option<Point>> = tile.features.iter().map(|f| reach(f, true)).collect();
    // Two river lines closer than this look like one river.
    const APART: f64 = 22.0;
    let crowded: Vec<usize> = (0..reaches.len())
        .filter(|&i| {
            reaches[i].is_some_and(|a| {
                reaches
                    .iter()
                    .enumerate()
                    .any(|(j, b)| j != i && b.is_some_and(|b| distance(a, b) < APART))
            })
        })
        .collect();
    for index in crowded {
        reaches[index] = reach(&tile.features[index], false);
    }
    reaches
}

/// The path of a road or river and where it stops: at `reach` when given (a river running
/// into its forest), else in the middle or, for a dead end, short of it.
fn line_shape(
    feature: &Feature,
    ends_in_middle: bool,
    has_inner: bool,
    reach: Option<Point>,
    middle_free: bool,
) -> (Shape, Point) {
    let sides: Vec<Side> = feature.touched_sides().collect();
    let mut path = String::new();
    let mut pieces = Vec::new();
    let mut ends = Vec::new();
    let anchor;
    let own_lake = feature.kind == FeatureKind::River && ends_unmarked(feature);
    let lake = if own_lake && middle_free {
        (16.0, 13.0)
    } else {
        (7.0, 6.0)
    };
    match sides.as_slice() {
        [] => {
            anchor = CENTRE;
        }
        [only] => {
            let from = side_middle(*only);
            let end = match reach {
                Some(reach) => reach,
                None if ends_in_middle => CENTRE,
                // Its own lake, large, lies between the side and the middle.
                None if own_lake && middle_free => from.toward(CENTRE, 0.8),
                None => from.toward(CENTRE, 0.64),
            };
            path = format!("M{} L{}", pt(from), pt(end));
            pieces.push(vec![from, end]);
            if reach.is_some() || !ends_in_middle {
                ends.push(end);
            }
            anchor = from.toward(end, 0.5);
        }
        [a, b] => {
            let (from, to) = (side_middle(*a), side_middle(*b));
            let opposite = (a.index() + 2) % 4 == b.index();
            if opposite {
                path = format!("M{} L{}", pt(from), pt(to));
                pieces.push(vec![from, to]);
            } else {
                path = format!("M{} Q{} {}", pt(from), pt(CENTRE), pt(to));
                pieces.push(
                    (0..=16)
                        .map(|i| {
                            let t = f64::from(i) / 16.0;
                            let u = 1.0 - t;
                            Point::new(
                                u * u * from.x + 2.0 * u * t * CENTRE.x + t * t * to.x,
                                u * u * from.y + 2.0 * u * t * CENTRE.y + t * t * to.y,
                            )
                        })
                        .collect(),
                );
            }
            anchor = if has_inner {
                from.toward(CENTRE, 0.45)
            } else if opposite {
                from.toward(to, 0.3)
            } else {
                Point::new(
                    0.25 * from.x + 0.5 * CENTRE.x + 0.25 * to.x,
                    0.25 * from.y + 0.5 * CENTRE.y + 0.25 * to.y,
                )
            };
        }
        many => {
            for side in many {
                let from = side_middle(*side);
                path.push_str(&format!("M{} L{} ", pt(from), pt(CENTRE)));
                pieces.push(vec![from, CENTRE]);
            }
            path = path.trim_end().to_string();
            anchor = side_middle(many[0]).toward(CENTRE, 0.45);
        }
    }
    (
        Shape::Line {
            path,
            ends,
            lake,
            pieces,
        },
        anchor,
    )
}

/// Whether a river's dead end has nothing to mark it: no content drawn at its end (a
/// spring, a forest it runs into) and no lake feature it flows into.
fn ends_unmarked(feature: &Feature) -> bool {
    feature.flows_into.is_empty()
        && feature.count(ContentKind::ForestEnd) == 0
        && symbols::line_end_picture(feature.contents.keys().copied()).is_none()
}

/// What to draw besides the tile itself.
#[derive(Debug, Clone, Default)]
pub struct TileDecor {
    /// Features (indexes into the tile's features) to outline.
    pub highlight: Vec<usize>,
}

/// Draws `tile` turned by `rotation` into the square at `(x, y)` of side `size`.
pub fn draw(
    svg: &mut Svg,
    tile: &Tile,
    rotation: Rotation,
    x: f64,
    y: f64,
    size: f64,
    decor: &TileDecor,
) {
    let layout = TileLayout::of(tile);
    let scale = size / SIZE;
    svg.open_group(&format!(
        r#"transform="translate({} {}) scale({})""#,
        num(x),
        num(y),
        num(scale)
    ));
    svg.open_group(&format!(
        r#"transform="rotate({} 50 50)""#,
        rotation.degrees()
    ));
    draw_ground(svg, tile, &layout, rotation, &decor.highlight);
    draw_closed_sides(svg, tile);
    svg.close_group();
    draw_symbols(svg, tile, &layout, rotation);
    svg.rect(
        0.0,
        0.0,
        SIZE,
        SIZE,
        &format!(
            r#"fill="none" stroke="{}" stroke-width="1""#,
            colour::TILE_EDGE
        ),
    );
    svg.close_group();
}

/// A closed side (`closed:`) as a stone wall along the tile's edge, its blocks marked, so
/// that it reads as the barrier it is: nothing crosses it.
fn draw_closed_sides(svg: &mut Svg, tile: &Tile) {
    const THICKNESS: f64 = 7.0;
    const BLOCKS: usize = 8;
    for &side in &tile.closed {
        let start = perimeter_point(side_start(side));
        let end = perimeter_point(side_start(side) + SIZE);
        // Inwards from the side: the direction from its middle to the centre, one unit long.
        let middle = side_middle(side);
        let inward = Point::new(
            (CENTRE.x - middle.x) / (SIZE / 2.0),
            (CENTRE.y - middle.y) / (SIZE / 2.0),
        );
        let inner = |p: Point| Point::new(p.x + inward.x * THICKNESS, p.y + inward.y * THICKNESS);
        let (inner_start, inner_end) = (inner(start), inner(end));
        svg.path(
            &format!(
                "M {} {} L {} {} L {} {} L {} {} Z",
                num(start.x),
                num(start.y),
                num(end.x),
                num(end.y),
                num(inner_end.x),
                num(inner_end.y),
                num(inner_start.x),
                num(inner_start.y)
            ),
            &format!(
                r#"fill="{}" stroke="{}" stroke-width="0.8""#,
                colour::CLOSED_WALL,
                colour::CLOSED_WALL_EDGE
            ),
        );
        for block in 1..BLOCKS {
            let along = block as f64 / BLOCKS as f64;
            let at = Point::new(
                start.x + (end.x - start.x) * along,
                start.y + (end.y - start.y) * along,
            );
            let to = inner(at);
            svg.line(
                at,
                to,
                &format!(
                    r#"stroke="{}" stroke-width="0.6""#,
                    colour::CLOSED_WALL_EDGE
                ),
            );
        }
    }
}

fn area_colour(tile: &Tile) -> &'static str {
    if tile.features.iter().any(|f| f.kind == FeatureKind::Meadow) {
        colour::MEADOW
    } else {
        colour::FIELD
    }
}

/// Everything that turns with the tile: ground, hedges, roads, rivers, cities, forests and
/// the buildings in the middle, and the highlights among them.
fn draw_ground(
    svg: &mut Svg,
    tile: &Tile,
    layout: &TileLayout,
    rotation: Rotation,
    highlight: &[usize],
) {
    let ground = area_colour(tile);
    svg.rect(0.0, 0.0, SIZE, SIZE, &format!(r#"fill="{ground}""#));

    for (from, to) in hedges(tile, layout) {
        svg.line(
            from,
            to,
            &format!(
                r#"stroke="{}" stroke-width="2" stroke-linecap="round""#,
                colour::HEDGE
            ),
        );
    }

    // Highlighted fields lie under everything that stands on them: the roads, cities and
    // buildings drawn next cover their own ground, so the highlight covers the field alone.
    let (fields, others): (Vec<usize>, Vec<usize>) = highlight.iter().partition(|&&index| {
        matches!(
            layout.shapes.get(index),
            Some(Shape::Area { inner: false, .. })
        )
    });
    for index in fields {
        draw_field_highlight(svg, tile, layout, index);
    }

    // Rivers, then roads: under the cities they lead into, over the forest round a lake
    // they flow into.
    let has_inner = tile
        .features
        .iter()
        .any(|f| f.kind.anchor_class() == AnchorClass::Inner);
    let draw_lines = |svg: &mut Svg, over_regions: bool| {
        for kind in [FeatureKind::River, FeatureKind::Road] {
            let lines: Vec<(&Feature, &Shape)> = tile
                .features
                .iter()
                .zip(&layout.shapes)
                .filter(|(feature, _)| {
                    feature.kind == kind && drawn_over_regions(has_inner, feature) == over_regions
                })
                .collect();
            for (feature, shape) in &lines {
                if let Shape::Line { path, .. } = shape {
                    draw_line_edge(svg, feature, path);
                }
            }
            for (feature, shape) in &lines {
                if let Shape::Line {
                    path, ends, lake, ..
                } = shape
                {
                    draw_line_fill(svg, feature, path, ends, *lake);
                }
            }
        }
    };
    draw_lines(svg, false);
    // A road or river that passes under a bridge is outlined under the bridge too, so that the
    // outline does not seem to run over it.
    let (under, others): (Vec<usize>, Vec<usize>) = others.into_iter().partition(|&index| {
        matches!(layout.shapes.get(index), Some(Shape::Line { .. }))
            && !drawn_over_regions(has_inner, &tile.features[index])
            && passes_under_a_bridge(tile, &tile.features[index])
    });
    for index in under {
        draw_highlight(svg, layout, index);
    }
    draw_bridges(svg, tile);
    // Road ends' houses, under the cities a road leads into (as the roads are).
    draw_buildings(svg, tile, layout, rotation, false);

    // Cities and forests over the ends of the roads that lead into them.
    for (index, feature) in tile.features.iter().enumerate() {
        if let Shape::Region(path, intervals) = &layout.shapes[index] {
            let style = match feature.kind {
                FeatureKind::Forest => format!(
                    r#"fill="{}" stroke="{}" stroke-width="2" stroke-linejoin="round""#,
                    colour::FOREST,
                    colour::FOREST_EDGE
                ),
                _ => format!(
                    r#"fill="{}" stroke="{}" stroke-width="2.5" stroke-linejoin="round""#,
                    colour::CITY,
                    colour::CITY_WALL
                ),
            };
            svg.path(path, &style);
            if feature.kind == FeatureKind::Forest {
                draw_trees(svg, intervals);
            }
        }
    }

    draw_lines(svg, true);

    // Inner fields, lakes, monasteries, the village of a crossroads.
    for (index, feature) in tile.features.iter().enumerate() {
        match (&layout.shapes[index], feature.kind) {
            (Shape::Area { inner: true, .. }, _) => {
                svg.circle(
                    CENTRE,
                    18.0,
                    &format!(
                        r#"fill="{ground}" stroke="{}" stroke-width="2""#,
                        colour::HEDGE
                    ),
                );
            }
            (Shape::Inner, FeatureKind::Lake) => {
                svg.ellipse(
                    CENTRE,
                    21.0,
                    17.0,
                    &format!(
                        r#"fill="{}" stroke="{}" stroke-width="2""#,
                        colour::LAKE,
                        colour::RIVER_EDGE
                    ),
                );
            }
            _ => {}
        }
    }
    draw_buildings(svg, tile, layout, rotation, true);
    for index in others {
        draw_highlight(svg, layout, index);
    }
}

/// The hedges between neighbouring slices of different fields, from the centre out to the
/// border (under the cities, which cover their part). A road through both sides of a
/// half-side boundary is the boundary itself; a dead end leaves the inner part to a hedge.
fn hedges(tile: &Tile, layout: &TileLayout) -> Vec<(Point, Point)> {
    let mut hedges = Vec::new();
    for slot in 0..8 {
        let before = layout.slice_area[(slot + 7) % 8];
        let after = layout.slice_area[slot];
        if before.is_none() || after.is_none() || before == after {
            continue;
        }
        let border = perimeter_point(slot as f64 * 50.0);
        let mut inner_end = border;
        if slot % 2 == 1 {
            let side = slot_side(slot);
            let through = tile.features.iter().enumerate().find(|(_, f)| {
                f.kind.anchor_class() == AnchorClass::Middle
                    && f.anchors.contains(&Anchor::Side(side))
            });
            if let Some((index, feature)) = through {
                if feature.touched_sides().count() >= 2 {
                    continue;
                }
                if let Shape::Line { ends, .. } = &layout.shapes[index] {
                    inner_end = ends.first().copied().unwrap_or(CENTRE);
                }
            }
        }
        if inner_end == CENTRE {
            // The road ends in the middle (at a monastery or a village): it parts the fields.
            continue;
        }
        hedges.push((CENTRE, inner_end));
    }
    hedges
}

/// Buildings are symbols, like the contents: upright whatever the rotation (a roof upside
/// down reads as something else), each turned back about its own place inside the turned
/// tile, so that it keeps its layer (a road's house under the city the road leads into). The
/// houses at the ends of roads are drawn first (`middle` false), then the buildings in the
/// middle: a monastery, or the village where three or more roads end.
fn draw_buildings(
    svg: &mut Svg,
    tile: &Tile,
    layout: &TileLayout,
    rotation: Rotation,
    middle: bool,
) {
    let upright = |svg: &mut Svg, at: Point, draw: &dyn Fn(&mut Svg)| {
        if rotation.degrees() == 0 {
            return draw(svg);
        }
        svg.open_group(&format!(
            r#"transform="rotate(-{} {} {})""#,
            rotation.degrees(),
            num(at.x),
            num(at.y)
        ));
        draw(svg);
        svg.close_group();
    };
    for (index, feature) in tile.features.iter().enumerate() {
        match &layout.shapes[index] {
            Shape::Inner if middle => {
                if let Some(draw) = symbols::inner_building(feature.kind) {
                    let at = layout.anchor(index);
                    let scale = layout.scales[index];
                    upright(svg, at, &|svg| {
                        symbols::scaled(svg, at, scale, |svg| draw(svg, at));
                    });
                }
            }
            Shape::Line { ends, .. } if !middle && feature.kind == FeatureKind::Road => {
                for &end in ends {
                    upright(svg, end, &|svg| symbols::house(svg, end, 0.9));
                }
            }
            _ => {}
        }
    }
    if middle && layout.village {
        upright(svg, CENTRE, &|svg| symbols::house(svg, CENTRE, 1.3));
    }
}

/// Where two roads (or rivers) cross the tile and cross each other without joining (`road: N
/// S` and `road: E W` are two roads), one passes over the other on a bridge: a stone deck
/// along it with a parapet on each side, so that it does not read as a crossroads (which ends
/// its roads at a village). Which one is on the deck is [`on_the_bridge`]'s: a road over a
/// river, the water flowing under it.
fn draw_bridges(svg: &mut Svg, tile: &Tile) {
    let lines: Vec<(&Feature, Vec<f64>)> = crossing_lines(tile).collect();
    for (n, (upper, upper_ends)) in lines.iter().enumerate() {
        if !bridged_pairs(&lines).any(|(over, _)| over == n) {
            continue;
        }
        // The deck runs along the upper road through the centre, where the two cross.
        let a = perimeter_point(upper_ends[0]);
        let along = Point::new((a.x - CENTRE.x) / 50.0, (a.y - CENTRE.y) / 50.0);
        let across = Point::new(-along.y, along.x);
        let half_width = if upper.kind == FeatureKind::River {
            7.0
        } else {
            6.0
        };
        let reach = 13.0;
        let at = |l: f64, w: f64| {
            Point::new(
                CENTRE.x + along.x * l + across.x * w,
                CENTRE.y + along.y * l + across.y * w,
            )
        };
        svg.polygon(
            &[
                at(-reach, -half_width),
                at(reach, -half_width),
                at(reach, half_width),
                at(-reach, half_width),
            ],
            &format!(r#"fill="{}""#, colour::BRIDGE_DECK),
        );
        for side in [-1.0, 1.0] {
            svg.line(
                at(-reach, side * half_width),
                at(reach, side * half_width),
                &format!(
                    r#"stroke="{}" stroke-width="2.4" stroke-linecap="square""#,
                    colour::BRIDGE_PARAPET
                ),
            );
        }
    }
}

/// A forest is dark green; tree crowns along the inside of its border make it read as woods.
/// They stand close to the border, where even a one-side forest is deep enough.
fn draw_trees(svg: &mut Svg, intervals: &[(f64, f64)]) {
    for &(start, end) in intervals {
        for fraction in [0.2, 0.8] {
            let edge = perimeter_point(start + (end - start) * fraction);
            let at = edge.toward(CENTRE, 9.0 / distance(edge, CENTRE));
            svg.circle(
                at,
                3.4,
                r##"fill="#3f8a4a" stroke="#1b4724" stroke-width="0.8""##,
            );
        }
    }
}

fn distance(a: Point, b: Point) -> f64 {
    ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()
}

/// Whether a road or river is drawn over the cities and forests: a river on a lake's (or a
/// monastery's) tile, which flows over the forest round the lake into it. A river that ends in
/// a forest runs under that forest, as on every tile.
fn drawn_over_regions(has_inner: bool, feature: &Feature) -> bool {
    has_inner && feature.kind == FeatureKind::River && feature.count(ContentKind::ForestEnd) == 0
}

/// The colours and widths of a road's or river's line: its edge, its fill, and their widths.
fn line_style(feature: &Feature) -> (&'static str, &'static str, f64, f64) {
    if feature.kind == FeatureKind::River {
        (colour::RIVER_EDGE, colour::RIVER, 11.0, 8.0)
    } else {
        (colour::ROAD_EDGE, colour::ROAD, 9.0, 6.0)
    }
}

/// The edge of a road's or river's line: drawn for every line of a kind before their fills,
/// so that lines meeting in the middle (the arms of The River II's fork) flow into each other
/// with no edge across the water where one meets the other.
fn draw_line_edge(svg: &mut Svg, feature: &Feature, path: &str) {
    let (edge, _, outer, _) = line_style(feature);
    svg.path(
        path,
        &format!(r#"fill="none" stroke="{edge}" stroke-width="{outer}" stroke-linecap="butt""#),
    );
}

/// The fill of a road's or river's line, and what ends it on its tile.
fn draw_line_fill(svg: &mut Svg, feature: &Feature, path: &str, ends: &[Point], lake: (f64, f64)) {
    let (edge, fill, _, inner) = line_style(feature);
    svg.path(
        path,
        &format!(r#"fill="none" stroke="{fill}" stroke-width="{inner}" stroke-linecap="butt""#),
    );
    if feature.kind != FeatureKind::River {
        // A road's end has its house, drawn upright with the other buildings.
        return;
    }
    // A river's end shows what its contents declare drawn there (a spring; nothing where it
    // runs into a forest), else the lake it ends in.
    let end_picture = symbols::line_end_picture(feature.contents.keys().copied());
    for end in ends {
        if let Some(picture) = end_picture {
            symbols::symbol(svg, Some(picture), *end);
        } else {
            svg.ellipse(
                *end,
                lake.0,
                lake.1,
                &format!(
                    r#"fill="{}" stroke="{edge}" stroke-width="2""#,
                    colour::LAKE
                ),
            );
        }
    }
}

/// A thick yellow outline (and tint) over one city, forest, road, river, inner field or
/// building.
fn draw_highlight(svg: &mut Svg, layout: &TileLayout, index: usize) {
    let Some(shape) = layout.shapes.get(index) else {
        return;
    };
    let style = format!(
        r#"fill="{0}" fill-opacity="0.35" stroke="{0}" stroke-width="4" stroke-linejoin="round""#,
        colour::HIGHLIGHT
    );
    match shape {
        Shape::Region(path, _) => svg.path(path, &style),
        Shape::Area { .. } => svg.circle(CENTRE, 18.0, &style),
        Shape::Line { path, .. } => svg.path(
            path,
            &format!(
                r#"fill="none" stroke="{}" stroke-opacity="0.8" stroke-width="6""#,
                colour::HIGHLIGHT
            ),
        ),
        // A garden round its bed, wherever its field has put it.
        Shape::Inner => svg.circle(
            layout.anchor(index),
            22.0 * layout.scales.get(index).copied().unwrap_or(1.0),
            &style,
        ),
    }
}

/// A yellow tint over one field (or meadow), drawn before what stands on it. The field lies in
/// one face of the tile cut by the roads and rivers that cross it: the tint is clipped to that
/// face, whose edges follow the roads' curves. A field alone in its face fills it; fields
/// that share a face (parted by hedges) are told apart by their slices.
fn draw_field_highlight(svg: &mut Svg, tile: &Tile, layout: &TileLayout, index: usize) {
    let slices: Vec<usize> = (0..8)
        .filter(|slot| layout.slice_area[*slot] == Some(index))
        .collect();
    let Some(&first) = slices.first() else {
        return;
    };
    let crossings = crossing_ends(tile);
    let face_of = |slot: usize| -> Vec<usize> {
        crossings
            .iter()
            .map(|ends| run_of(ends, slot_middle(slot)))
            .collect()
    };
    let face = face_of(first);
    for (ends, run) in crossings.iter().zip(&face) {
        let id = svg.fresh_id("face");
        svg.raw(&format!(
            r#"<clipPath id="{id}"><path d="{}"/></clipPath>"#,
            face_path(ends, *run)
        ));
        svg.open_group(&format!(r#"clip-path="url(#{id})""#));
    }
    let shares_face = (0..8).any(|slot| {
        layout.slice_area[slot].is_some_and(|other| other != index) && face_of(slot) == face
    });
    let tint = format!(r#"fill="{}" fill-opacity="0.45""#, colour::HIGHLIGHT);
    if shares_face {
        for slot in slices {
            let a = perimeter_point(slot as f64 * 50.0);
            let b = perimeter_point(slot as f64 * 50.0 + 50.0);
            svg.polygon(&[CENTRE, a, b], &tint);
        }
    } else {
        svg.rect(0.0, 0.0, SIZE, SIZE, &tint);
    }
    for _ in &face {
        svg.close_group();
    }
}

/// The middle of a half-side, along the perimeter.
fn slot_middle(slot: usize) -> f64 {
    slot as f64 * 50.0 + 25.0
}

/// For each road or river that crosses the tile (it touches two sides or more), where its ends
/// lie along the perimeter, in clockwise order.
fn crossing_ends(tile: &Tile) -> Vec<Vec<f64>> {
    crossing_lines(tile).map(|(_, ends)| ends).collect()
}

/// Each road or river that crosses the tile, with where its ends lie along the perimeter, in
/// clockwise order.
fn crossing_lines(tile: &Tile) -> impl Iterator<Item = (&Feature, Vec<f64>)> {
    tile.features
        .iter()
        .filter(|f| f.kind.anchor_class() == AnchorClass::Middle)
        .map(|f| {
            let mut ends: Vec<f64> = f
                .touched_sides()
                .map(|side| side_start(side) + SIZE / 2.0)
                .collect();
            ends.sort_by(f64::total_cmp);
            ends.dedup();
            (f, ends)
        })
        .filter(|(_, ends)| ends.len() >= 2)
}

/// Whether another road or river of the tile crosses `feature` without joining it and passes
/// over it on a bridge (as [`draw_bridges`] draws it).
fn passes_under_a_bridge(tile: &Tile, feature: &Feature) -> bool {
    let lines: Vec<(&Feature, Vec<f64>)> = crossing_lines(tile).collect();
    let Some(n) = lines.iter().position(|(f, _)| std::ptr::eq(*f, feature)) else {
        return false;
    };
    bridged_pairs(&lines).any(|(_, under)| under == n)
}

/// The pairs of crossing lines (indexes into `lines`, as [`crossing_lines`] gives them) that
/// cross each other without joining, as (the one on the bridge, the one under it).
fn bridged_pairs<'a>(
    lines: &'a [(&Feature, Vec<f64>)],
) -> impl Iterator<Item = (usize, usize)> + 'a {
    (0..lines.len())
        .flat_map(move |over| (0..lines.len()).map(move |under| (over, under)))
        .filter(move |&(over, under)| {
            over != under
                && on_the_bridge(lines[over].0, over, lines[under].0, under)
                && crosses(&lines[under].1, &lines[over].1)
        })
}

/// Of two lines that cross without joining, whether `a` (the `a_order`-th crossing line of the
/// tile) is the one on the bridge over `b`: a road passes over a river, as a bridge carries a
/// road across the water; of two roads, or two rivers, the later one passes over.
fn on_the_bridge(a: &Feature, a_order: usize, b: &Feature, b_order: usize) -> bool {
    let river = |f: &Feature| f.kind == FeatureKind::River;
    match (river(a), river(b)) {
        (false, true) => true,
        (true, false) => false,
        _ => a_order > b_order,
    }
}

/// Whether a line with ends `upper_ends` crosses one with ends `lower_ends`: it has ends on
/// both sides of it.
fn crosses(lower_ends: &[f64], upper_ends: &[f64]) -> bool {
    let runs: std::collections::BTreeSet<usize> =
        upper_ends.iter().map(|t| run_of(lower_ends, *t)).collect();
    runs.len() > 1
}

/// The run of border between two consecutive ends in which the point `t` lies: run `i` goes
/// clockwise from `ends[i]` to the next end.
fn run_of(ends: &[f64], t: f64) -> usize {
    (0..ends.len())
        .find(|&i| {
            let next = ends[(i + 1) % ends.len()];
            let span = (next - ends[i]).rem_euclid(PERIMETER);
            let span = if span == 0.0 { PERIMETER } else { span };
            (t - ends[i]).rem_euclid(PERIMETER) < span
        })
        .unwrap_or(0)
}

/// The face of the tile on run `run` of a crossing road: along the border from one end to the
/// next, and back along the road's middle line as `line_shape` draws it.
fn face_path(ends: &[f64], run: usize) -> String {
    let start = ends[run];
    let span = (ends[(run + 1) % ends.len()] - start).rem_euclid(PERIMETER);
    let from = perimeter_point(start);
    let mut path = format!("M{}", pt(from));
    let mut corner = (start / SIZE).floor() * SIZE + SIZE;
    while corner < start + span - 1e-9 {
        path.push_str(&format!(" L{}", pt(perimeter_point(corner))));
        corner += SIZE;
    }
    path.push_str(&format!(" L{}", pt(perimeter_point(start + span))));
    if ends.len() > 2 || (span - 2.0 * SIZE).abs() < 1e-9 {
        if ends.len() > 2 {
            path.push_str(&format!(" L{}", pt(CENTRE)));
        }
        path.push_str(&format!(" L{} Z", pt(from)));
    } else {
        path.push_str(&format!(" Q{} {} Z", pt(CENTRE), pt(from)));
    }
    path
}

/// Contents and markers, drawn upright at their rotated places.
fn draw_symbols(svg: &mut Svg, tile: &Tile, layout: &TileLayout, rotation: Rotation) {
    for (index, feature) in tile.features.iter().enumerate() {
        let mut items: Vec<(ContentKind, u32)> = feature
            .contents
            .iter()
            .filter(|(kind, _)| symbols::drawn_in_row(**kind))
            .map(|(kind, count)| (*kind, *count))
            .collect();
        items.sort();
        let power = feature.power.map(|p| p.name());
        if items.is_empty() && power.is_none() {
            continue;
        }
        let at = rotate(layout.anchor(index), rotation);
        symbols::contents_row(svg, at, &items, power);
    }
    let markers: Vec<Marker> = tile.markers.clone();
    if !markers.is_empty() {
        let corner = rotate(marker_corner(tile, layout), rotation);
        for (n, marker) in markers.iter().enumerate() {
            let at = corner.offset(0.0, -(n as f64) * 20.0 * corner_direction(corner));
            symbols::marker(svg, *marker, at);
        }
    }
}

fn corner_direction(at: Point) -> f64 {
    if at.y > 50.0 { 1.0 } else { -1.0 }
}

/// Where the tile's markers (hill, vineyard, volcano) stand: in a corner of open field, away
/// from roads and cities if there is one.
fn marker_corner(tile: &Tile, layout: &TileLayout) -> Point {
    // Corners as (the two slots beside it, a point inside it), bottom ones first.
    let corners = [
        (3usize, 4usize, Point::new(80.0, 80.0)),
        (5, 6, Point::new(20.0, 80.0)),
        (1, 2, Point::new(80.0, 20.0)),
        (7, 0, Point::new(20.0, 20.0)),
    ];
    let open = |slot: usize| {
        let side = slot_side(slot);
        let owned = tile.features.iter().any(|f| {
            f.kind.anchor_class() == AnchorClass::Area
                && f.anchors.iter().any(|a| match a {
                    Anchor::Side(s) => *s == side,
                    Anchor::Half(s, h) => slot_of(*s, *h) == slot,
                    Anchor::Inner => false,
                })
        });
        owned && layout.slice_area[slot].is_some()
    };
    if let Some(corner) = corners.iter().find(|(a, b, _)| open(*a) && open(*b)) {
        return corner.2;
    }
    // No open corner: inside the field with the most half-sides.
    let largest = tile
        .features
        .iter()
        .enumerate()
        .filter(|(_, f)| f.kind.anchor_class() == AnchorClass::Area)
        .max_by_key(|(i, _)| {
            (
                layout.slice_area.iter().filter(|s| **s == Some(*i)).count(),
                usize::MAX - i,
            )
        });
    largest.map_or(CENTRE, |(i, _)| layout.anchor(i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_sides_follow_the_tile_language_order() {
        // NL is the west half of N, EL the north half of E, SL the east half of S, WL the south
        // half of W ("left, looking out from the centre").
        assert!(slice_centroid(slot_of(Side::N, Half::L)).x < 50.0);
        assert!(slice_centroid(slot_of(Side::E, Half::L)).y < 50.0);
        assert!(slice_centroid(slot_of(Side::S, Half::L)).x > 50.0);
        assert!(slice_centroid(slot_of(Side::W, Half::L)).y > 50.0);
    }

    #[test]
    fn rotation_turns_clockwise() {
        let north = Point::new(50.0, 0.0);
        assert_eq!(rotate(north, Rotation(1)), Point::new(100.0, 50.0));
        assert_eq!(rotate(north, Rotation(2)), Point::new(50.0, 100.0));
    }

    #[test]
    fn joined_runs_wrap_round_the_top_left_corner() {
        assert_eq!(runs(&[(0.0, 100.0), (300.0, 400.0)]), vec![(300.0, 500.0)]);
        assert_eq!(runs(&[(0.0, 100.0), (200.0, 300.0)]).len(), 2);
    }
}
