//! An independent reference scorer: it replays a game's moves on a board of its own and
//! recomputes every scoring from the rules texts, by flood fill over the tiles placed so far —
//! no union-find, nothing of the engine's or the rulesets' code. It reads tiles and moves
//! through carcspec's parser and lowering only. It trusts the moves to be legal (the checker
//! decides that) and scores them.
//!
//! Rules read here (`../shared/rules/`):
//! - Hunters and Gatherers (2002): a completed forest scores 2 a segment and 2 a mushroom, a
//!   completed river 1 a segment and 1 a fish of its lakes (and its own), to the majority of
//!   tribe members, who go home; huts stay. At the end: tribe members leave incomplete forests
//!   and rivers; huts score the fish of their river system (rivers joined through lakes);
//!   hunters score 2 a deer, mammoth and aurochs, a tiger eats a deer unless fire, a hunter on
//!   the shrine takes the meadow alone.
//! - Carcassonne: a completed road 1 a tile, city 2 a tile and 2 a pennant, monastery 9 (and 3
//!   a vineyard around it, Hills & Sheep); at the end road 1 a tile, city 1 a tile and 1 a
//!   pennant, monastery 1 and 1 a tile around it, a field 3 a completed city it touches; ties
//!   in full unless a hill breaks them. Shepherds: a token at once, grow or stable when the
//!   tile extends the player's flock, a closed field goes to the stable.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

use carcspec::model::{
    Action, Anchor, AnchorClass, ContentKind, FeatureKind, FeatureRef, Half, Marker, Pos, Rotation,
    Ruleset, Script, Side, Tile, TileKind, TokenDraw,
};

/// One scoring: the turn it happened in (0 before the first turn), its players (sorted
/// names), points, the feature kind and whether it is final scoring.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Scoring {
    pub turn: usize,
    pub players: Vec<String>,
    pub points: u32,
    pub kind: &'static str,
    pub is_final: bool,
}

/// A place on a side: its left half, its middle, its right half (looking out from the tile).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Slot {
    L,
    M,
    R,
}

type Node = (usize, usize); // (placement, feature of its tile)

struct Placed {
    tile: usize,
    pos: Pos,
    rotation: Rotation,
}

struct Figure {
    player: usize,
    kind: String,
    node: Node,
    on_board: bool,
    /// Sheep tokens of a shepherd's flock.
    flock: Vec<u32>,
}

struct Game<'a> {
    tiles: &'a [Tile],
    script: &'a Script,
    placed: Vec<Placed>,
    at: HashMap<Pos, usize>,
    figures: Vec<Figure>,
    scores: Vec<i64>,
    scorings: Vec<Scoring>,
    turn: usize,
    player: usize,
    /// The sheep bag, in JCloisterZone's order (0 is a wolf).
    bag: Vec<u32>,
    /// Fields waiting for the player's grow-or-stable choice.
    choices: VecDeque<Node>,
    /// Figures deployed before this index were deployed in an earlier turn.
    first_figure_of_turn: usize,
    last_placement: Option<usize>,
    settled: bool,
    final_scored: bool,
    /// Land tiles (the start tile included) in the box, and those that left the stack.
    land_total: u32,
    land_used: u32,
}

fn carcassonne(script: &Script) -> bool {
    script.ruleset == carcspec::model::Ruleset::Carcassonne
}

fn stands_on(figure: &str) -> &'static [FeatureKind] {
    match figure {
        "gatherer" => &[FeatureKind::Forest],
        "fisherman" => &[FeatureKind::River],
        "hunter" => &[FeatureKind::Meadow],
        "hut" => &[FeatureKind::River, FeatureKind::Lake],
        "thief" => &[FeatureKind::Road],
        "knight" => &[FeatureKind::City],
        "monk" => &[FeatureKind::Monastery],
        "farmer" | "shepherd" => &[FeatureKind::Field],
        other => panic!("unknown figure {other}"),
    }
}

fn opposite(side: Side) -> Side {
    Side::from_index(side.index() + 2)
}

/// The places (side, slot) a tile's feature claims, on the board.
fn ports(tile: &Tile, feature: usize, rotation: Rotation) -> Vec<(Side, Slot)> {
    let feature = &tile.features[feature];
    let whole = |side: Side| vec![(side, Slot::L), (side, Slot::M), (side, Slot::R)];
    let mut ports = Vec::new();
    for anchor in &feature.anchors {
        match anchor {
            Anchor::Side(side) => {
                let side = rotation.to_board(*side);
                match feature.kind.anchor_class() {
                    AnchorClass::Area => ports.extend([(side, Slot::L), (side, Slot::R)]),
                    AnchorClass::Middle => ports.push((side, Slot::M)),
                    _ => ports.extend(whole(side)),
                }
            }
            Anchor::Half(side, half) => {
                let slot = if *half == Half::L { Slot::L } else { Slot::R };
                ports.push((rotation.to_board(*side), slot));
            }
            Anchor::Inner => {}
        }
    }
    for side in &feature.shares {
        ports.extend(whole(rotation.to_board(*side)));
    }
    ports
}

/// The anchors a feature stands at on the board, a whole side of an area as its two halves.
fn board_places(tile: &Tile, feature: usize, rotation: Rotation) -> BTreeSet<Anchor> {
    let feature = &tile.features[feature];
    let mut places = BTreeSet::new();
    for anchor in &feature.anchors {
        match anchor {
            Anchor::Side(side) => {
                let side = rotation.to_board(*side);
                if feature.kind.anchor_class() == AnchorClass::Area {
                    places.insert(Anchor::Half(side, Half::L));
                    places.insert(Anchor::Half(side, Half::R));
                } else {
                    places.insert(Anchor::Side(side));
                }
            }
            Anchor::Half(side, half) => {
                places.insert(Anchor::Half(rotation.to_board(*side), *half));
            }
            Anchor::Inner => {
                places.insert(Anchor::Inner);
            }
        }
    }
    places
}

impl<'a> Game<'a> {
    fn tile_of(&self, placement: usize) -> &'a Tile {
        &self.tiles[self.placed[placement].tile]
    }

    fn kind(&self, node: Node) -> FeatureKind {
        self.tile_of(node.0).features[node.1].kind
    }

    fn tile_index(&self, id: &str) -> usize {
        self.tiles
            .iter()
            .position(|t| t.id == id)
            .unwrap_or_else(|| panic!("unknown tile {id}"))
    }

    fn place(&mut self, tile: usize, pos: Pos, rotation: Rotation) -> usize {
        self.placed.push(Placed {
            tile,
            pos,
            rotation,
        });
        self.at.insert(pos, self.placed.len() - 1);
        self.placed.len() - 1
    }

    /// The features joined to `node` across sides, of the same kind; whether any of its places
    /// faces an empty position.
    fn neighbours(&self, node: Node) -> (Vec<Node>, bool) {
        let placed = &self.placed[node.0];
        let tile = self.tile_of(node.0);
        let kind = tile.features[node.1].kind;
        let mut found = Vec::new();
        let mut open = false;
        for (side, slot) in ports(tile, node.1, placed.rotation) {
            let Some(&other) = self.at.get(&placed.pos.neighbour(side)) else {
                open = true;
                continue;
            };
            let facing = (
                opposite(side),
                match slot {
                    Slot::L => Slot::R,
                    Slot::M => Slot::M,
                    Slot::R => Slot::L,
                },
            );
            let other_tile = self.tile_of(other);
            for feature in 0..other_tile.features.len() {
                if other_tile.features[feature].kind == kind
                    && ports(other_tile, feature, self.placed[other].rotation).contains(&facing)
                {
                    found.push((other, feature));
                }
            }
        }
        (found, open)
    }

    /// Flood fill: the feature of `node` and whether it is complete (nothing open).
    fn feature(&self, node: Node) -> (Vec<Node>, bool) {
        let mut seen: HashSet<Node> = HashSet::from([node]);
        let mut order = vec![node];
        let mut queue = vec![node];
        let mut complete = true;
        while let Some(next) = queue.pop() {
            let (joined, open) = self.neighbours(next);
            complete &= !open;
            for other in joined {
                if seen.insert(other) {
                    order.push(other);
                    queue.push(other);
                }
            }
        }
        order.sort_unstable();
        (order, complete)
    }

    /// A river system: rivers joined across sides and through the lakes they flow into.
    fn river_system(&self, node: Node) -> Vec<Node> {
        let mut seen: HashSet<Node> = HashSet::from([node]);
        let mut queue = vec![node];
        while let Some(next) = queue.pop() {
            let tile = self.tile_of(next.0);
            let feature = &tile.features[next.1];
            let mut joined = Vec::new();
            if feature.kind == FeatureKind::River {
                joined.extend(self.neighbours(next).0);
                for lake in &feature.flows_into {
                    joined.extend(
                        (0..tile.features.len())
                            .filter(|f| tile.features[*f].label.as_deref() == Some(lake))
                            .map(|f| (next.0, f)),
                    );
                }
            } else {
                // A lake: the rivers of its tile that flow into it.
                let label = feature.label.as_deref();
                joined.extend(
                    (0..tile.features.len())
                        .filter(|f| {
                            label.is_some_and(|l| {
                                tile.features[*f].flows_into.iter().any(|x| x == l)
                            })
                        })
                        .map(|f| (next.0, f)),
                );
            }
            for other in joined {
                if seen.insert(other) {
                    queue.push(other);
                }
            }
        }
        seen.into_iter().collect()
    }

    fn count(&self, nodes: &[Node], content: ContentKind) -> u32 {
        nodes
            .iter()
            .map(|n| self.tile_of(n.0).features[n.1].count(content))
            .sum()
    }

    fn distinct_tiles(nodes: &[Node]) -> u32 {
        nodes.iter().map(|n| n.0).collect::<HashSet<_>>().len() as u32
    }

    /// Figures on the board standing on one of `nodes`, of the kinds `counts` admits.
    fn figures_on(&self, nodes: &[Node], counts: impl Fn(&str) -> bool) -> Vec<usize> {
        let nodes: HashSet<&Node> = nodes.iter().collect();
        (0..self.figures.len())
            .filter(|f| {
                let figure = &self.figures[*f];
                figure.on_board && nodes.contains(&figure.node) && counts(&figure.kind)
            })
            .collect()
    }

    /// The players with the most of `figures` (all of them on a tie), with the Hills & Sheep
    /// tie-break by followers on hill tiles.
    fn winners(&self, figures: &[usize], hills: bool) -> Vec<usize> {
        let mut counts: HashMap<usize, usize> = HashMap::new();
        for f in figures {
            *counts.entry(self.figures[*f].player).or_default() += 1;
        }
        let most = counts.values().copied().max().unwrap_or(0);
        let mut tied: Vec<usize> = counts
            .iter()
            .filter(|(_, n)| **n == most && most > 0)
            .map(|(p, _)| *p)
            .collect();
        tied.sort_unstable();
        if hills && tied.len() > 1 {
            let by_count = self.variant("hill-tiebreaker", "number-of-followers");
            let on_hills = |player: usize| {
                let n = figures
                    .iter()
                    .filter(|f| {
                        let figure = &self.figures[**f];
                        figure.player == player
                            && self.tile_of(figure.node.0).markers.contains(&Marker::Hill)
                    })
                    .count();
                if by_count { n } else { n.min(1) }
            };
            let best = tied.iter().map(|p| on_hills(*p)).max().unwrap_or(0);
            if best > 0 {
                tied.retain(|p| on_hills(*p) == best);
            }
        }
        tied
    }

    fn variant(&self, name: &str, value: &str) -> bool {
        self.script
            .variants
            .iter()
            .any(|(n, v, _)| n == name && v == value)
    }

    fn record(&mut self, players: &[usize], points: u32, kind: &'static str, is_final: bool) {
        let mut names: Vec<String> = players
            .iter()
            .map(|p| self.script.players[*p].clone())
            .collect();
        names.sort();
        for p in players {
            self.scores[*p] += i64::from(points);
        }
        self.scorings.push(Scoring {
            turn: self.turn,
            players: names,
            points,
            kind,
            is_final,
        });
    }

    fn go_home(&mut self, figures: &[usize]) {
        for f in figures {
            let figure = &mut self.figures[*f];
            figure.on_board = false;
            let flock = std::mem::take(&mut figure.flock);
            self.bag.extend(flock);
        }
    }

    fn hills_and_sheep(&self) -> bool {
        self.script
            .expansions
            .iter()
            .any(|e| e == "hills-and-sheep")
    }

    fn resolve(&self, placement: usize, figure: &str, target: &FeatureRef) -> usize {
        let tile = self.tile_of(placement);
        let rotation = self.placed[placement].rotation;
        let kinds = stands_on(figure);
        let candidates =
            (0..tile.features.len()).filter(|f| kinds.contains(&tile.features[*f].kind));
        let found: Vec<usize> = match target {
            FeatureRef::Label(label) => candidates
                .filter(|f| tile.features[*f].label.as_deref() == Some(label.as_str()))
                .collect(),
            FeatureRef::Anchor(anchor) => {
                let wanted: Vec<Anchor> = match anchor {
                    Anchor::Side(side) => vec![
                        Anchor::Side(*side),
                        Anchor::Half(*side, Half::L),
                        Anchor::Half(*side, Half::R),
                    ],
                    other => vec![*other],
                };
                candidates
                    .filter(|f| {
                        let places = board_places(tile, *f, rotation);
                        places.contains(&wanted[0])
                            || (wanted.len() == 3
                                && places.contains(&wanted[1])
                                && places.contains(&wanted[2]))
                    })
                    .collect()
            }
            FeatureRef::Anchors(anchors) => {
                let wanted: BTreeSet<Anchor> = anchors.iter().copied().collect();
                candidates
                    .filter(|f| board_places(tile, *f, rotation) == wanted)
                    .collect()
            }
        };
        assert_eq!(
            found.len(),
            1,
            "`{target}` on tile {} names {found:?}",
            tile.id
        );
        found[0]
    }

    fn deploy(&mut self, figure: &str, target: &FeatureRef) {
        let placement = self.last_placement.expect("a tile just placed");
        let feature = self.resolve(placement, figure, target);
        self.figures.push(Figure {
            player: self.player,
            kind: figure.to_string(),
            node: (placement, feature),
            on_board: true,
            flock: Vec::new(),
        });
    }

    fn draw_token(&mut self, draw: &TokenDraw) -> u32 {
        let index = match draw {
            TokenDraw::Random(r) => (r * self.bag.len() as f64).floor() as usize,
            TokenDraw::Token(t) => self.bag.iter().position(|x| x == t).expect("in the bag"),
        };
        let token = self.bag.remove(index.min(self.bag.len() - 1));
        if token == 0 {
            self.bag.push(0);
            self.bag.sort_by_key(|t| if *t == 0 { 5 } else { *t });
        }
        token
    }

    /// All sheep tokens go back to the bag in JCloisterZone's order.
    fn sort_bag(&mut self) {
        self.bag.sort_by_key(|t| if *t == 0 { 5 } else { *t });
    }

    fn shepherds_on(&self, field: &[Node]) -> Vec<usize> {
        self.figures_on(field, |k| k == "shepherd")
    }

    fn stable(&mut self, field: &[Node]) {
        let shepherds = self.shepherds_on(field);
        let sheep: u32 = shepherds.iter().flat_map(|s| &self.figures[*s].flock).sum();
        let mut players: Vec<usize> = shepherds.iter().map(|s| self.figures[*s].player).collect();
        players.sort_unstable();
        players.dedup();
        self.record(&players, sheep, "flock", false);
        self.go_home(&shepherds);
        self.sort_bag();
    }

    fn flock(&mut self, draw: &TokenDraw) {
        let shepherd = self.figures.len() - 1;
        let token = self.draw_token(draw);
        if token == 0 {
            self.go_home(&[shepherd]);
            self.sort_bag();
            return;
        }
        self.figures[shepherd].flock.push(token);
        let (field, closed) = self.feature(self.figures[shepherd].node);
        if closed {
            self.stable(&field);
        }
    }

    /// Scores what the tile just placed completed, after its deployment.
    fn settle(&mut self) {
        if self.settled {
            return;
        }
        self.settled = true;
        let Some(placement) = self.last_placement else {
            return;
        };
        if carcassonne(self.script) {
            if self.hills_and_sheep() {
                // The fields this tile extended with the player's own shepherd, deployed before.
                for feature in 0..self.tile_of(placement).features.len() {
                    if self.tile_of(placement).features[feature].kind != FeatureKind::Field {
                        continue;
                    }
                    let (field, _) = self.feature((placement, feature));
                    let own = self.shepherds_on(&field).into_iter().any(|s| {
                        s < self.first_figure_of_turn && self.figures[s].player == self.player
                    });
                    if own && !self.choices.iter().any(|c| field.contains(c)) {
                        self.choices.push_back((placement, feature));
                    }
                }
            }
            if self.choices.is_empty() {
                self.score_carcassonne(placement);
            }
        } else {
            self.score_hunters(placement);
        }
    }

    fn score_hunters(&mut self, placement: usize) {
        let mut done: Vec<Vec<Node>> = Vec::new();
        for feature in 0..self.tile_of(placement).features.len() {
            let kind = self.kind((placement, feature));
            if !matches!(kind, FeatureKind::Forest | FeatureKind::River) {
                continue;
            }
            let (nodes, complete) = self.feature((placement, feature));
            if !complete || done.contains(&nodes) {
                continue;
            }
            let segments = nodes.len() as u32;
            let (points, name) = if kind == FeatureKind::Forest {
                (
                    2 * segments + 2 * self.count(&nodes, ContentKind::Mushrooms),
                    "forest",
                )
            } else {
                let mut lakes: BTreeSet<Node> = BTreeSet::new();
                for node in &nodes {
                    let tile = self.tile_of(node.0);
                    for lake in &tile.features[node.1].flows_into {
                        if let Some(f) = tile
                            .features
                            .iter()
                            .position(|x| x.label.as_deref() == Some(lake))
                        {
                            lakes.insert((node.0, f));
                        }
                    }
                }
                let lakes: Vec<Node> = lakes.into_iter().collect();
                let fish =
                    self.count(&lakes, ContentKind::Fish) + self.count(&nodes, ContentKind::Fish);
                (segments + fish, "river")
            };
            let tribe = self.figures_on(&nodes, |k| k != "hut");
            let winners = self.winners(&tribe, false);
            if !winners.is_empty() {
                self.record(&winners, points, name, false);
            }
            // “any tribe members involved are returned”; huts stay for the whole game.
            self.go_home(&tribe);
            done.push(nodes);
        }
    }

    fn score_carcassonne(&mut self, placement: usize) {
        let hills = self.hills_and_sheep();
        let mut done: Vec<Vec<Node>> = Vec::new();
        for feature in 0..self.tile_of(placement).features.len() {
            let kind = self.kind((placement, feature));
            if !matches!(kind, FeatureKind::Road | FeatureKind::City) {
                continue;
            }
            let (nodes, complete) = self.feature((placement, feature));
            if !complete || done.contains(&nodes) {
                continue;
            }
            let tiles = Self::distinct_tiles(&nodes);
            let (points, name) = if kind == FeatureKind::Road {
                (tiles, "road")
            } else {
                (
                    2 * tiles + 2 * self.count(&nodes, ContentKind::Pennant),
                    "city",
                )
            };
            let followers = self.figures_on(&nodes, |k| k != "shepherd");
            let winners = self.winners(&followers, hills);
            if !winners.is_empty() {
                self.record(&winners, points, name, false);
            }
            self.go_home(&followers);
            done.push(nodes);
        }
        // Monasteries on this tile and around it whose 8 neighbours are now all placed.
        let pos = self.placed[placement].pos;
        for dx in -1..=1 {
            for dy in -1..=1 {
                let Some(&there) = self.at.get(&Pos::new(pos.x + dx, pos.y + dy)) else {
                    continue;
                };
                if self.around(there) < 8 {
                    continue;
                }
                for feature in 0..self.tile_of(there).features.len() {
                    if self.kind((there, feature)) != FeatureKind::Monastery {
                        continue;
                    }
                    let monks = self.figures_on(&[(there, feature)], |k| k == "monk");
                    if monks.is_empty() {
                        continue;
                    }
                    let points = 9 + 3 * self.vineyards_around(there);
                    let winners = self.winners(&monks, false);
                    self.record(&winners, points, "monastery", false);
                    self.go_home(&monks);
                }
            }
        }
        // Closed fields with shepherds go to the stable.
        if hills {
            for feature in 0..self.tile_of(placement).features.len() {
                if self.kind((placement, feature)) != FeatureKind::Field {
                    continue;
                }
                let (field, closed) = self.feature((placement, feature));
                if closed && !self.shepherds_on(&field).is_empty() {
                    self.stable(&field);
                }
            }
        }
    }

    fn neighbours_around(&self, placement: usize) -> Vec<usize> {
        let pos = self.placed[placement].pos;
        let mut found = Vec::new();
        for dx in -1..=1 {
            for dy in -1..=1 {
                if (dx, dy) != (0, 0) {
                    if let Some(&p) = self.at.get(&Pos::new(pos.x + dx, pos.y + dy)) {
                        found.push(p);
                    }
                }
            }
        }
        found
    }

    fn around(&self, placement: usize) -> u32 {
        self.neighbours_around(placement).len() as u32
    }

    fn vineyards_around(&self, placement: usize) -> u32 {
        if !self.hills_and_sheep() {
            return 0;
        }
        self.neighbours_around(placement)
            .into_iter()
            .filter(|p| self.tile_of(*p).markers.contains(&Marker::Vineyard))
            .count() as u32
    }

    fn choose(&mut self, grow: Option<&TokenDraw>) {
        let node = self.choices.pop_front().expect("a flock choice is due");
        let (field, _) = self.feature(node);
        match grow {
            Some(draw) => {
                let token = self.draw_token(draw);
                let shepherds = self.shepherds_on(&field);
                if token == 0 {
                    self.go_home(&shepherds);
                    self.sort_bag();
                } else {
                    let own = shepherds
                        .into_iter()
                        .find(|s| self.figures[*s].player == self.player)
                        .expect("the player's shepherd");
                    self.figures[own].flock.push(token);
                }
            }
            None => self.stable(&field),
        }
        if self.choices.is_empty() {
            let placement = self.last_placement.expect("placed");
            self.score_carcassonne(placement);
        }
    }

    fn final_scoring(&mut self) {
        self.settle();
        self.final_scored = true;
        let hills = self.hills_and_sheep();
        let mut seen: HashSet<Node> = HashSet::new();
        let all: Vec<Node> = (0..self.placed.len())
            .flat_map(|p| (0..self.tile_of(p).features.len()).map(move |f| (p, f)))
            .collect();
        if carcassonne(self.script) {
            for node in all {
                if seen.contains(&node) {
                    continue;
                }
                let (nodes, _) = self.feature(node);
                seen.extend(nodes.iter().copied());
                let kind = self.kind(node);
                let followers = self.figures_on(&nodes, |k| k != "shepherd");
                if followers.is_empty() {
                    continue;
                }
                let (points, name, tie_break) = match kind {
                    FeatureKind::Road => (Self::distinct_tiles(&nodes), "road", hills),
                    FeatureKind::City => (
                        Self::distinct_tiles(&nodes) + self.count(&nodes, ContentKind::Pennant),
                        "city",
                        hills,
                    ),
                    FeatureKind::Monastery => (1 + self.around(node.0), "monastery", false),
                    FeatureKind::Field => {
                        let mut cities: Vec<Vec<Node>> = Vec::new();
                        for part in &nodes {
                            let tile = self.tile_of(part.0);
                            for city in &tile.features[part.1].touches {
                                let Some(f) = tile
                                    .features
                                    .iter()
                                    .position(|x| x.label.as_deref() == Some(city))
                                else {
                                    continue;
                                };
                                let (city_nodes, complete) = self.feature((part.0, f));
                                if complete && !cities.contains(&city_nodes) {
                                    cities.push(city_nodes);
                                }
                            }
                        }
                        (3 * cities.len() as u32, "field", hills)
                    }
                    _ => continue,
                };
                let winners = self.winners(&followers, tie_break);
                self.record(&winners, points, name, true);
            }
        } else {
            // “The players remove all tribe members from incomplete forests and rivers.”
            let gone: Vec<usize> = (0..self.figures.len())
                .filter(|f| {
                    let figure = &self.figures[*f];
                    figure.on_board
                        && figure.kind != "hut"
                        && matches!(
                            self.kind(figure.node),
                            FeatureKind::Forest | FeatureKind::River
                        )
                })
                .collect();
            self.go_home(&gone);
            let mut systems_seen: HashSet<Node> = HashSet::new();
            for node in &all {
                if !matches!(self.kind(*node), FeatureKind::River | FeatureKind::Lake)
                    || systems_seen.contains(node)
                {
                    continue;
                }
                let system = self.river_system(*node);
                systems_seen.extend(system.iter().copied());
                let huts = self.figures_on(&system, |k| k == "hut");
                let winners = self.winners(&huts, false);
                if !winners.is_empty() {
                    let fish = self.count(&system, ContentKind::Fish);
                    self.record(&winners, fish, "huts", true);
                }
            }
            for node in all {
                if self.kind(node) != FeatureKind::Meadow || seen.contains(&node) {
                    continue;
                }
                let (meadow, _) = self.feature(node);
                seen.extend(meadow.iter().copied());
                let hunters = self.figures_on(&meadow, |k| k == "hunter");
                if hunters.is_empty() {
                    continue;
                }
                let on_shrine: Vec<usize> = hunters
                    .iter()
                    .filter(|h| {
                        let n = self.figures[**h].node;
                        self.tile_of(n.0).features[n.1].count(ContentKind::Shrine) > 0
                    })
                    .map(|h| self.figures[*h].player)
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .collect();
                let winners = if on_shrine.is_empty() {
                    self.winners(&hunters, false)
                } else {
                    on_shrine
                };
                let deer = self.count(&meadow, ContentKind::Deer);
                let tigers = if self.count(&meadow, ContentKind::Fire) > 0 {
                    0
                } else {
                    self.count(&meadow, ContentKind::Tiger)
                };
                let points = 2
                    * (deer.saturating_sub(tigers)
                        + self.count(&meadow, ContentKind::Mammoth)
                        + self.count(&meadow, ContentKind::Aurochs));
                self.record(&winners, points, "meadow", true);
            }
        }
    }

    fn end_turn(&mut self) {
        self.settle();
        let land_left = self.land_left();
        if land_left == 0 && !self.final_scored && self.turn > 0 {
            self.final_scoring();
        }
    }

    fn land_left(&self) -> u32 {
        self.land_total - self.land_used
    }
}

/// Scores `script` (tiles from `tiles`, with their counts): every scoring and the scores; or
/// why the reference does not score it (the 2020 Hunters and Gatherers rules, whose powers it
/// does not know, and setups).
pub fn score(script: &Script, tiles: &[Tile]) -> Result<(Vec<Scoring>, Vec<i64>), String> {
    if script.ruleset == Ruleset::HuntersGatherers2020 {
        return Err("the reference scores the 2002 Hunters and Gatherers and the Carcassonne rules, not the 2020 rules".into());
    }
    if let Some(step) = script
        .steps
        .iter()
        .find(|s| matches!(s.action, Action::Put { .. } | Action::Return { .. }))
    {
        let what = match step.action {
            Action::Put { .. } => "a setup (`put`)",
            _ => "a `return` move (a 2020 power)",
        };
        return Err(format!(
            "the reference scores whole games of the rules it knows, not {what}"
        ));
    }
    let mut game = Game {
        tiles,
        script,
        placed: Vec::new(),
        at: HashMap::new(),
        figures: Vec::new(),
        scores: vec![0; script.players.len()],
        scorings: Vec::new(),
        turn: 0,
        player: 0,
        bag: vec![1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 0, 0],
        choices: VecDeque::new(),
        first_figure_of_turn: 0,
        last_placement: None,
        settled: true,
        final_scored: false,
        land_total: tiles
            .iter()
            .filter(|t| t.kind != TileKind::Bonus)
            .map(|t| t.count)
            .sum(),
        land_used: 0,
    };
    let lays = script
        .steps
        .iter()
        .any(|s| matches!(s.action, Action::Lay { .. }));
    if !lays {
        let start = tiles
            .iter()
            .position(|t| t.kind == TileKind::Start)
            .expect("a start tile");
        game.place(start, Pos::new(0, 0), Rotation(0));
        game.land_used += 1;
    }
    let mut hand: Option<usize> = None;
    for step in &script.steps {
        match &step.action {
            Action::Lay {
                tile,
                pos,
                rotation,
            } => {
                let tile = game.tile_index(tile);
                game.place(tile, *pos, *rotation);
                game.land_used += 1;
            }
            // Refused above.
            Action::Put { .. } | Action::Return { .. } => {}
            Action::Turn { player } => {
                game.end_turn();
                game.turn += 1;
                game.player = *player;
                game.first_figure_of_turn = game.figures.len();
            }
            Action::Draw { tile } | Action::Bonus { tile } => {
                game.settle();
                let index = game.tile_index(tile);
                if tiles[index].kind != TileKind::Bonus {
                    game.land_used += 1;
                }
                hand = Some(index);
            }
            Action::Under { tile } => {
                let _ = tile;
                game.land_used += 1;
            }
            Action::Discard => hand = None,
            Action::Place { pos, rotation } => {
                let tile = hand.take().expect("a tile in hand");
                let placement = game.place(tile, *pos, *rotation);
                game.last_placement = Some(placement);
                game.settled = false;
            }
            Action::Deploy { figure, target } => {
                game.deploy(figure, target);
                if figure != "shepherd" {
                    game.settle();
                }
            }
            Action::Pass => game.settle(),
            Action::Flock { token } => {
                game.flock(token);
                game.settle();
            }
            Action::Grow { token } => game.choose(Some(token)),
            Action::Stable => game.choose(None),
            Action::Expect(_) => {}
            Action::End => {
                game.end_turn();
                if !game.final_scored {
                    game.final_scoring();
                }
            }
            Action::Stop => game.settle(),
        }
    }
    game.end_turn();
    Ok((game.scorings, game.scores))
}
