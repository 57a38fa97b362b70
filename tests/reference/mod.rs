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
//!   tile extends the player's flock, a closed field goes to the stable. Inns & Cathedrals
//!   (`inns-and-cathedrals.md`): a large follower weighs two in every majority; a completed road
//!   with an inn 2 a tile, a completed city with a cathedral 3 a tile and a pennant, either of
//!   them incomplete at the end 0 (or as a plain one with JCloisterZone's
//!   `inn-and-cathedral-final-scoring ignore`); the tiny city (`tiny-city-scoring 2`): a
//!   completed city of two tiles 1 a tile and a pennant. The abbot and gardens
//!   (`abbot-and-gardens.md`): a garden scores as a monastery but never with vineyards (but
//!   with JCloisterZone's `vineyards-for-garden on`, 3 a vineyard when completed), only
//!   the abbot stands on it; the abbot may go home instead of a deployment, from an incomplete
//!   monastery or garden, scoring 1 and 1 a tile around it for its owner at once, and the tile
//!   is scored after that. Traders & Builders (`traders-and-builders.md`): whoever places the
//!   tile that completes a city takes a token a goods symbol in it (wine, grain, cloth), scored
//!   or not; at the end 10 a kind to every player with the most (at least one). The builder and
//!   the pig are no followers: they weigh nothing in a majority nor on a hill; the builder goes
//!   home with its feature's followers; a field's scorer with a pig of theirs in it takes 4 a
//!   city instead of 3, and 1 more for everybody with a pig-herd there (JCloisterZone's
//!   reading, `variant pig-herd on`). The player whose own tile joins a road or city where
//!   their builder stands plays the next turn too, unless that turn is itself such a second
//!   turn: the reference checks that the transcript's turns follow this.
//! - Hunters and Gatherers 2020 (the digest `hunters-and-gatherers-v2.md`, with the readings
//!   of `docs/rules/hunters-gatherers-2020.md` and their variants): a completed forest 2 a tile
//!   and 3 a tile with mushrooms, a completed river 1 a tile and 1 a fish of the river and of
//!   the lakes at its ends; at the end meadows 3 a mammoth, 2 an aurochs, 1 a deer, a tiger
//!   eating one deer, and huts 1 a fish of their river system. The powers: the logboat pays
//!   its placer 2 a lake of its system at once; the hunting trap pays its placer the animals
//!   of its meadow on its tile and the 8 around (tigers eating deer first) and covers them;
//!   the shaman takes one of the player's figures back; at the end the pit trap doubles the
//!   animals of its range, the wild fire chases the meadow's tigers, the raft adds 1 a lake
//!   to its system's huts.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

use carcspec::model::{
    Action, Anchor, AnchorClass, ContentKind, FeatureKind, FeatureRef, Half, Marker, MoveWordsRead,
    Pos, Power, Rotation, Ruleset, Script, Side, Tile, TileKind, TokenDraw,
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

/// The meadow animals of some features (2020 rules: those not covered yet).
#[derive(Debug, Clone, Copy, Default)]
struct Animals {
    deer: u32,
    mammoth: u32,
    aurochs: u32,
    tiger: u32,
}

impl Animals {
    fn add(&mut self, other: Animals) {
        self.deer += other.deer;
        self.mammoth += other.mammoth;
        self.aurochs += other.aurochs;
        self.tiger += other.tiger;
    }

    /// Mammoth 3, aurochs 2, deer 1: the 2020 values (FR p7).
    fn value(&self) -> u32 {
        3 * self.mammoth + 2 * self.aurochs + self.deer
    }
}

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
    /// Animals a hunting trap covered, by the feature they are printed on (2020 rules).
    covered: HashMap<Node, Animals>,
    /// The first move the reference finds against the rules it reads (2020 rules: the menhir
    /// turns, the shaman, the figures a player may deploy; every ruleset: a discarded tile
    /// that fits somewhere). The moves come from the engine's simulator, so a move found here
    /// is a disagreement with the engine.
    problem: Option<String>,
    /// Bonus tiles left in the pile.
    bonus_left: u32,
    /// This turn: whether it earned a menhir tile, how many it drew, whether the last one drawn
    /// was discarded.
    menhir_earned: bool,
    bonus_draws: u32,
    bonus_discarded: bool,
    /// This turn: the figures its scoring sent home, and the figure the shaman took back.
    sent_home_by_scoring: Vec<usize>,
    taken_back: Option<usize>,
    /// The abbot went home early in this turn (instead of the deployment).
    abbot_returned: bool,
    /// Traders & Builders: each player's goods (wine, grain, cloth); whether the turn in play
    /// is a builder's second turn, and whether its tile earned one.
    goods: Vec<[u32; 3]>,
    second_turn: bool,
    second_turn_due: bool,
}

fn carcassonne(script: &Script) -> bool {
    script.ruleset == carcspec::model::Ruleset::Carcassonne
}

fn abbot_in_play(script: &Script) -> bool {
    carcassonne(script) && script.expansions.iter().any(|e| e == "abbot-and-gardens")
}

fn edition_2020(script: &Script) -> bool {
    script.ruleset == Ruleset::HuntersGatherers2020
}

fn stands_on(figure: &str) -> &'static [FeatureKind] {
    match figure {
        "gatherer" => &[FeatureKind::Forest],
        "fisherman" => &[FeatureKind::River],
        "hunter" => &[FeatureKind::Meadow],
        "hut" => &[FeatureKind::River, FeatureKind::Lake],
        "thief" | "large-thief" => &[FeatureKind::Road],
        "knight" | "large-knight" => &[FeatureKind::City],
        "monk" | "large-monk" => &[FeatureKind::Monastery],
        "abbot" => &[FeatureKind::Monastery, FeatureKind::Garden],
        "farmer" | "large-farmer" | "shepherd" | "pig" => &[FeatureKind::Field],
        "builder" => &[FeatureKind::Road, FeatureKind::City],
        other => panic!("unknown figure {other}"),
    }
}

/// What a figure weighs in a majority: “a large meeple counts as 2 normal meeples”.
fn weight(figure: &str) -> usize {
    if figure.starts_with("large-") { 2 } else { 1 }
}

/// Whether a figure of this kind counts for a majority: not the shepherd, not Traders &
/// Builders' builder and pig (“not a meeple”).
fn is_meeple(figure: &str) -> bool {
    !matches!(figure, "shepherd" | "builder" | "pig")
}

/// The goods, in the order of the final scoring.
const GOODS: [(ContentKind, &str); 3] = [
    (ContentKind::Wine, "wine"),
    (ContentKind::Grain, "grain"),
    (ContentKind::Cloth, "cloth"),
];

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
        // “Special features (inn, volcano, pig-herd) follow the rules of their own
        // expansions; if those expansions are not in play they are decoration” (The River
        // §9.2.6): The River II's inn without Inns & Cathedrals.
        let decoration = matches!(content, ContentKind::Inn | ContentKind::Cathedral)
            && !self
                .script
                .expansions
                .iter()
                .any(|e| e == "inns-and-cathedrals");
        // Without JCloisterZone's element `inn` or `cathedral` (`variant inns off`,
        // `variant cathedrals off`) they change nothing either.
        let switched_off = (content == ContentKind::Inn && self.variant("inns", "off"))
            || (content == ContentKind::Cathedral && self.variant("cathedrals", "off"))
            || (content == ContentKind::PigHerd && self.variant("pig-herd", "off"))
            || (GOODS.iter().any(|(goods, _)| *goods == content) && self.variant("goods", "off"));
        let decoration = decoration
            || (matches!(
                content,
                ContentKind::Wine | ContentKind::Grain | ContentKind::Cloth | ContentKind::PigHerd
            ) && !self.traders());
        if decoration || switched_off {
            return 0;
        }
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
            *counts.entry(self.figures[*f].player).or_default() += weight(&self.figures[*f].kind);
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
                let n: usize = figures
                    .iter()
                    .map(|f| &self.figures[*f])
                    .filter(|figure| {
                        figure.player == player
                            && self.tile_of(figure.node.0).markers.contains(&Marker::Hill)
                    })
                    .map(|figure| weight(&figure.kind))
                    .sum();
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

    fn traders(&self) -> bool {
        self.script
            .expansions
            .iter()
            .any(|e| e == "traders-and-builders")
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
        if self.abbot_returned {
            self.disagree(format!(
                "a deployment after the abbot's return in turn {}",
                self.turn
            ));
        }
        let player = self.player;
        if figure == "abbot"
            && self
                .figures
                .iter()
                .any(|f| f.on_board && f.player == player && f.kind == "abbot")
        {
            self.disagree(format!("a second abbot deployed in turn {}", self.turn));
        }
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
        self.stable_closed_before_draw(Some(shepherd));
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

    /// The fields the tile just placed closed go to the stable at once (“If any player closes
    /// a field with shepherds and sheep …, immediately resolve the Guide the flock to the
    /// stable action”), so their tokens are back in the bag before the turn's next draw (the
    /// first token of a `new_shepherd`, or a grow): all but the new shepherd's own field,
    /// which is closed after its draw, and the fields of the player's own earlier shepherds,
    /// whose grow-or-stable choice comes first.
    fn stable_closed_before_draw(&mut self, new_shepherd: Option<usize>) {
        let Some(placement) = self.last_placement else {
            return;
        };
        // JCloisterZone's order: the turn's draws first, the closed fields after them.
        if self.variant("closed-flock-timing", "after-draws") {
            return;
        }
        let at_once = self.variant("closed-flock", "stable-at-once");
        for feature in 0..self.tile_of(placement).features.len() {
            if self.kind((placement, feature)) != FeatureKind::Field {
                continue;
            }
            let (field, closed) = self.feature((placement, feature));
            let shepherds = self.shepherds_on(&field);
            let own_choice = shepherds
                .iter()
                .any(|s| *s < self.first_figure_of_turn && self.figures[*s].player == self.player);
            let sheep = shepherds.iter().any(|s| !self.figures[*s].flock.is_empty());
            let new_here = new_shepherd.is_some_and(|n| shepherds.contains(&n));
            if closed && sheep && !new_here && (at_once || !own_choice) {
                self.stable(&field);
            }
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
            if edition_2020(self.script) && kind == FeatureKind::River && !self.ends_reached(&nodes)
            {
                continue;
            }
            let segments = nodes.len() as u32;
            let (points, name) = if edition_2020(self.script) {
                self.score_2020(kind, &nodes)
            } else if kind == FeatureKind::Forest {
                (
                    2 * segments + 2 * self.count(&nodes, ContentKind::Mushrooms),
                    "forest",
                )
            } else {
                let mut lakes = self.end_lakes(&nodes);
                lakes.sort_unstable();
                lakes.dedup();
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
            self.sent_home_by_scoring.extend(tribe);
            // “If it holds ≥1 menhir, the player who completed it (occupant or not) draws 1
            // menhir tile … completing one with the menhir tile gives nothing more” (FR p4–5).
            if edition_2020(self.script)
                && kind == FeatureKind::Forest
                && self.count(&nodes, ContentKind::Menhir) > 0
                && self.tile_of(placement).kind != TileKind::Bonus
            {
                self.menhir_earned = true;
            }
            done.push(nodes);
        }
    }

    /// A completed forest or river under the 2020 rules (FR p4–5): tiles are counted as tiles,
    /// not as pieces of the feature.
    fn score_2020(&self, kind: FeatureKind, nodes: &[Node]) -> (u32, &'static str) {
        let tiles = Self::distinct_tiles(nodes);
        if kind == FeatureKind::Forest {
            let with_mushrooms = nodes
                .iter()
                .filter(|n| self.tile_of(n.0).features[n.1].count(ContentKind::Mushrooms) > 0)
                .map(|n| n.0)
                .collect::<HashSet<_>>()
                .len() as u32;
            return (2 * tiles + 3 * with_mushrooms, "forest");
        }
        // The lakes at its ends: once each, or once an end with the variant.
        let mut ends = self.end_lakes(nodes);
        if !self.variant("lake-at-both-ends", "twice") {
            ends.sort_unstable();
            ends.dedup();
        }
        let fish = self.count(nodes, ContentKind::Fish) + self.count(&ends, ContentKind::Fish);
        (tiles + fish, "river")
    }

    /// Under the 2020 rules a river is “complete when both ends reach a forest or a lake, or
    /// when it loops” (FR p4–5): besides its sides, every piece of it that touches a single
    /// side ends on its tile, and that end must be a lake it flows into or a forest the tile
    /// marks (`forest-end`); a spring is no end in 2020.
    fn ends_reached(&self, river: &[Node]) -> bool {
        river.iter().all(|node| {
            let feature = &self.tile_of(node.0).features[node.1];
            let sides: HashSet<Side> = feature
                .anchors
                .iter()
                .filter_map(|anchor| match anchor {
                    Anchor::Side(side) => Some(*side),
                    _ => None,
                })
                .collect();
            sides.len() != 1
                || !feature.flows_into.is_empty()
                || feature.count(ContentKind::ForestEnd) > 0
        })
    }

    /// The lakes the pieces of a river flow into, once for each end.
    fn end_lakes(&self, river: &[Node]) -> Vec<Node> {
        let mut lakes = Vec::new();
        for node in river {
            let tile = self.tile_of(node.0);
            for lake in &tile.features[node.1].flows_into {
                if let Some(f) = tile
                    .features
                    .iter()
                    .position(|x| x.label.as_deref() == Some(lake))
                {
                    lakes.push((node.0, f));
                }
            }
        }
        lakes
    }

    fn lake_count(&self, nodes: &[Node]) -> u32 {
        nodes
            .iter()
            .filter(|n| self.kind(**n) == FeatureKind::Lake)
            .count() as u32
    }

    fn power_of(&self, node: Node) -> Option<Power> {
        self.tile_of(node.0).features[node.1].power
    }

    /// The placements of a trap's range: its own tile and the 8 around it.
    fn range(&self, placement: usize) -> HashSet<usize> {
        let mut range: HashSet<usize> = self.neighbours_around(placement).into_iter().collect();
        range.insert(placement);
        range
    }

    /// The animals printed on `node` that no hunting trap covered.
    fn uncovered(&self, node: Node) -> Animals {
        let feature = &self.tile_of(node.0).features[node.1];
        let covered = self.covered.get(&node).copied().unwrap_or_default();
        Animals {
            deer: feature.count(ContentKind::Deer) - covered.deer,
            mammoth: feature.count(ContentKind::Mammoth) - covered.mammoth,
            aurochs: feature.count(ContentKind::Aurochs) - covered.aurochs,
            tiger: feature.count(ContentKind::Tiger) - covered.tiger,
        }
    }

    /// The powers that act as the tile is placed (FR p8): the logboat and the hunting trap.
    fn immediate_powers(&mut self, placement: usize) {
        for feature in 0..self.tile_of(placement).features.len() {
            match self.power_of((placement, feature)) {
                Some(Power::Logboat) => {
                    let system = self.river_system((placement, feature));
                    let lakes = self.lake_count(&system);
                    let player = self.player;
                    self.record(&[player], 2 * lakes, "logboat", false);
                }
                Some(Power::HuntingTrap) => self.hunting_trap((placement, feature)),
                _ => {}
            }
        }
    }

    /// “It takes the animals on the 8 tiles around the trap that are in the trap's meadow. Each
    /// tiger there eats one deer (pair covered). The remaining mammoths, aurochs and deer score
    /// normal values. Then all scored animals are covered.”
    fn hunting_trap(&mut self, trap: Node) {
        let (meadow, _) = self.feature(trap);
        let range = self.range(trap.0);
        let in_range: Vec<Node> = meadow
            .iter()
            .copied()
            .filter(|n| range.contains(&n.0))
            .collect();
        let mut animals = Animals::default();
        for node in &in_range {
            animals.add(self.uncovered(*node));
        }
        let fire = meadow
            .iter()
            .any(|n| self.power_of(*n) == Some(Power::WildFire));
        let tigers_eat = !(fire && self.variant("wild-fire-and-hunting-trap", "tigers-flee"));
        let eaten = if tigers_eat {
            animals.tiger.min(animals.deer)
        } else {
            0
        };
        let scored = Animals {
            deer: animals.deer - eaten,
            tiger: 0,
            ..animals
        };
        let player = self.player;
        self.record(&[player], scored.value(), "hunting-trap", false);
        // Every deer, mammoth and aurochs in range is covered (scored or eaten); tigers that
        // ate, or every tiger in range with the variant.
        let mut tigers_to_cover = if self.variant("hunting-trap-lone-tigers", "covered") {
            animals.tiger
        } else {
            eaten
        };
        for node in in_range {
            let here = self.uncovered(node);
            let tigers = here.tiger.min(tigers_to_cover);
            tigers_to_cover -= tigers;
            let covered = self.covered.entry(node).or_default();
            covered.add(Animals {
                tiger: tigers,
                ..here
            });
        }
    }

    /// The shaman: the player's figure at `pos` on `target` goes back to the supply.
    fn take_back(&mut self, figure: &str, pos: Pos, target: &FeatureRef) {
        if carcassonne(self.script) {
            return self.abbot_return(figure, pos, target);
        }
        // “the placer may return one of their own meeples from anywhere (hunters included)”:
        // once, on the turn of the shaman tile; huts are no meeples (FR p8).
        let shaman_placed = self.last_placement.is_some_and(|p| {
            self.tile_of(p)
                .features
                .iter()
                .any(|f| f.power == Some(Power::Shaman))
        });
        if !shaman_placed {
            self.disagree(format!(
                "a `return` in turn {} without the shaman",
                self.turn
            ));
        }
        if self.taken_back.is_some() {
            self.disagree(format!("a second `return` in turn {}", self.turn));
        }
        if figure == "hut" {
            self.disagree(format!("the shaman takes a hut back in turn {}", self.turn));
        }
        let placement = self.at[&pos];
        let feature = self.resolve(placement, figure, target);
        let found = (0..self.figures.len())
            .find(|f| {
                let f = &self.figures[*f];
                f.on_board
                    && f.player == self.player
                    && f.kind == figure
                    && f.node == (placement, feature)
            })
            .unwrap_or_else(|| panic!("no {figure} of the player at {pos:?} on {target}"));
        self.go_home(&[found]);
        self.taken_back = Some(found);
    }

    /// The abbot goes home instead of the deployment: 1 and 1 a tile around its monastery or
    /// garden to its owner, no vineyards; then the tile placed is scored.
    fn abbot_return(&mut self, figure: &str, pos: Pos, target: &FeatureRef) {
        if figure != "abbot" {
            self.disagree(format!("a {figure} goes home early in turn {}", self.turn));
        }
        if self.settled || self.figures.len() > self.first_figure_of_turn {
            self.disagree(format!(
                "the abbot goes home in turn {} outside the figure step or beside a deployment",
                self.turn
            ));
        }
        let placement = self.at[&pos];
        let feature = self.resolve(placement, figure, target);
        let found = (0..self.figures.len())
            .find(|f| {
                let f = &self.figures[*f];
                f.on_board
                    && f.player == self.player
                    && f.kind == figure
                    && f.node == (placement, feature)
            })
            .unwrap_or_else(|| panic!("no abbot of the player at {pos:?} on {target}"));
        let around = self.around(placement);
        if around == 8 {
            self.disagree(format!(
                "the abbot goes home from a complete feature in turn {}",
                self.turn
            ));
        }
        let kind = if self.kind((placement, feature)) == FeatureKind::Garden {
            "garden"
        } else {
            "monastery"
        };
        let player = self.player;
        self.record(&[player], 1 + around, kind, false);
        self.go_home(&[found]);
        self.abbot_returned = true;
        self.settle();
    }

    fn disagree(&mut self, problem: String) {
        self.problem.get_or_insert(problem);
    }

    /// The kind of a tile's side on the board: what runs through its middle (a city, forest,
    /// road or river), or nothing for an open field or meadow. Two sides meet when they are
    /// the same.
    fn middle_of(tile: &Tile, rotation: Rotation, side: Side) -> Option<FeatureKind> {
        (0..tile.features.len())
            .find(|f| ports(tile, *f, rotation).contains(&(side, Slot::M)))
            .map(|f| tile.features[f].kind)
    }

    /// Whether `tile` fits anywhere on the board: next to a placed tile, with every side
    /// meeting its neighbour's.
    fn fits_anywhere(&self, tile: usize) -> bool {
        let tile = &self.tiles[tile];
        let mut empty: BTreeSet<(i32, i32)> = BTreeSet::new();
        for placed in &self.placed {
            for side in Side::ALL {
                let next = placed.pos.neighbour(side);
                if !self.at.contains_key(&next) {
                    empty.insert((next.x, next.y));
                }
            }
        }
        empty.into_iter().any(|(x, y)| {
            let pos = Pos::new(x, y);
            (0..4).any(|quarter| {
                let rotation = Rotation(quarter);
                Side::ALL.into_iter().all(|side| {
                    let Some(&other) = self.at.get(&pos.neighbour(side)) else {
                        return true;
                    };
                    let other_rotation = self.placed[other].rotation;
                    Self::middle_of(tile, rotation, side)
                        == Self::middle_of(self.tile_of(other), other_rotation, opposite(side))
                })
            })
        })
    }

    /// A figure deployed under the 2020 rules needs one of its pool in the supply (5 meeples
    /// and 3 huts, FR p2) that the variants leave usable: not one this turn's scoring sent home
    /// when it is to stand on the menhir tile (`returned-figures-on-bonus-tile forbidden`), not
    /// the one the shaman took back, on the shaman tile (`shaman-figure-on-tile forbidden`).
    fn check_supply(&mut self, figure: &str) {
        let pool = |kind: &str| kind == "hut";
        let total = if pool(figure) { 3 } else { 5 };
        let player = self.player;
        let mine = |f: &Figure| f.player == player && pool(&f.kind) == pool(figure);
        let on_board = self
            .figures
            .iter()
            .filter(|f| f.on_board && mine(f))
            .count();
        let supply = total - on_board;
        let on_bonus_tile = self
            .last_placement
            .is_some_and(|p| self.tile_of(p).kind == TileKind::Bonus);
        let mut held_back = 0;
        if on_bonus_tile && self.variant("returned-figures-on-bonus-tile", "forbidden") {
            held_back += self
                .sent_home_by_scoring
                .iter()
                .filter(|f| mine(&self.figures[**f]))
                .count();
        }
        if let Some(taken) = self.taken_back
            && mine(&self.figures[taken])
            && self.variant("shaman-figure-on-tile", "forbidden")
        {
            held_back += 1;
        }
        if supply <= held_back {
            self.disagree(format!(
                "a {figure} deployed in turn {} with {supply} in the supply, {held_back} of them held back",
                self.turn
            ));
        }
    }

    /// A menhir tile drawn: the first of the turn only when the turn earned one, another only
    /// after the last was discarded and the variant redraws, and never from an empty pile.
    fn check_bonus_draw(&mut self) {
        if self.bonus_left == 0 {
            self.disagree(format!(
                "a bonus tile from an empty pile in turn {}",
                self.turn
            ));
        } else if self.bonus_draws == 0 && !self.menhir_earned {
            self.disagree(format!(
                "a menhir tile drawn in turn {}, which earned none",
                self.turn
            ));
        } else if self.bonus_draws > 0 && !self.redraw_due() {
            self.disagree(format!("a second menhir tile in turn {}", self.turn));
        }
        self.bonus_left = self.bonus_left.saturating_sub(1);
        self.bonus_draws += 1;
        self.bonus_discarded = false;
    }

    /// Whether the turn's last menhir tile was discarded and another is drawn for it (§11.4:
    /// `redraw` by default, `lost` by the variant).
    fn redraw_due(&self) -> bool {
        self.bonus_discarded && !self.variant("unplaceable-menhir-tile", "lost")
    }

    /// At the end of a turn under the 2020 rules: the menhir tile it earned was drawn (while the
    /// pile has one), and one more after a discarded one unless the variant loses it.
    fn check_turn_end(&mut self) {
        if edition_2020(self.script) && self.bonus_left > 0 {
            if self.menhir_earned && self.bonus_draws == 0 {
                self.disagree(format!(
                    "turn {} earned a menhir tile, and none was drawn",
                    self.turn
                ));
            }
            if self.redraw_due() {
                self.disagree(format!(
                    "turn {} discarded its menhir tile, and drew no other",
                    self.turn
                ));
            }
        }
        self.menhir_earned = false;
        self.bonus_draws = 0;
        self.bonus_discarded = false;
        self.sent_home_by_scoring.clear();
        self.taken_back = None;
    }

    /// A meadow's points at the end under the 2020 rules: the uncovered animals, tigers eating
    /// deer unless a wild fire chases them, the pit trap's range counted twice.
    fn meadow_2020(&self, meadow: &[Node]) -> u32 {
        let mut pit_range: HashSet<usize> = HashSet::new();
        for node in meadow {
            if self.power_of(*node) == Some(Power::PitTrap) {
                pit_range.extend(self.range(node.0));
            }
        }
        let fire = meadow
            .iter()
            .any(|n| self.power_of(*n) == Some(Power::WildFire));
        let (mut inside, mut outside) = (Animals::default(), Animals::default());
        for node in meadow {
            let animals = self.uncovered(*node);
            if pit_range.contains(&node.0) {
                inside.add(animals);
            } else {
                outside.add(animals);
            }
        }
        let mut tigers = if fire {
            0
        } else {
            inside.tiger + outside.tiger
        };
        let order = if self.variant("pit-trap-deer-eaten", "inside-first") {
            [&mut inside, &mut outside]
        } else {
            [&mut outside, &mut inside]
        };
        for animals in order {
            let eaten = tigers.min(animals.deer);
            animals.deer -= eaten;
            tigers -= eaten;
        }
        outside.value() + 2 * inside.value()
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
            let pennants = self.count(&nodes, ContentKind::Pennant);
            let (points, name) = if kind == FeatureKind::Road {
                let per = if self.count(&nodes, ContentKind::Inn) > 0 {
                    2
                } else {
                    1
                };
                (per * tiles, "road")
            } else if self.count(&nodes, ContentKind::Cathedral) > 0 {
                (3 * (tiles + pennants), "city")
            } else if tiles == 2 && self.variant("tiny-city-scoring", "2") {
                (tiles + pennants, "city")
            } else {
                (2 * (tiles + pennants), "city")
            };
            let followers = self.figures_on(&nodes, is_meeple);
            let winners = self.winners(&followers, hills);
            if !winners.is_empty() {
                self.record(&winners, points, name, false);
            }
            // The builder goes home with the followers.
            let figures = self.figures_on(&nodes, |k| k != "shepherd");
            self.go_home(&figures);
            if kind == FeatureKind::City {
                // “the player who placed the tile that completed it takes … one token per goods
                // symbol in the city”.
                let player = self.player;
                for (index, (goods, _)) in GOODS.iter().enumerate() {
                    let taken = self.count(&nodes, *goods);
                    if taken > 0 {
                        if self.goods.len() <= player {
                            self.goods.resize(player + 1, [0; 3]);
                        }
                        self.goods[player][index] += taken;
                    }
                }
            }
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
                    let kind = self.kind((there, feature));
                    if !matches!(kind, FeatureKind::Monastery | FeatureKind::Garden) {
                        continue;
                    }
                    let monks = self.figures_on(&[(there, feature)], |k| {
                        matches!(k, "monk" | "large-monk" | "abbot")
                    });
                    if monks.is_empty() {
                        continue;
                    }
                    // A garden takes no monastery bonus: no vineyards, but with
                    // JCloisterZone's rule `vineyards-for-garden`.
                    let (points, name) = if kind == FeatureKind::Garden {
                        let vineyards = if self.variant("vineyards-for-garden", "on") {
                            self.vineyards_around(there)
                        } else {
                            0
                        };
                        (9 + 3 * vineyards, "garden")
                    } else {
                        (9 + 3 * self.vineyards_around(there), "monastery")
                    };
                    let winners = self.winners(&monks, false);
                    self.record(&winners, points, name, false);
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
                if (dx, dy) != (0, 0)
                    && let Some(&p) = self.at.get(&Pos::new(pos.x + dx, pos.y + dy))
                {
                    found.push(p);
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
                self.stable_closed_before_draw(None);
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
                let followers = self.figures_on(&nodes, is_meeple);
                if followers.is_empty() {
                    continue;
                }
                // An incomplete road with an inn, city with a cathedral: nothing, unless
                // JCloisterZone's option scores it as a plain one.
                let plain = |content| {
                    self.count(&nodes, content) == 0
                        || self.variant("inn-and-cathedral-final-scoring", "ignore")
                };
                let (points, name, tie_break) = match kind {
                    FeatureKind::Road => (
                        if plain(ContentKind::Inn) {
                            Self::distinct_tiles(&nodes)
                        } else {
                            0
                        },
                        "road",
                        hills,
                    ),
                    FeatureKind::City => (
                        if plain(ContentKind::Cathedral) {
                            Self::distinct_tiles(&nodes) + self.count(&nodes, ContentKind::Pennant)
                        } else {
                            0
                        },
                        "city",
                        hills,
                    ),
                    FeatureKind::Monastery => (1 + self.around(node.0), "monastery", false),
                    FeatureKind::Garden => (1 + self.around(node.0), "garden", false),
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
                        if self.traders() {
                            // The pig: 4 a city instead of 3 for its owner; the pig-herd 1 more
                            // for everybody.
                            let winners = self.winners(&followers, hills);
                            let herd = u32::from(self.count(&nodes, ContentKind::PigHerd) > 0);
                            let pigs: Vec<usize> = self
                                .figures_on(&nodes, |k| k == "pig")
                                .into_iter()
                                .map(|f| self.figures[f].player)
                                .collect();
                            let (with, without): (Vec<usize>, Vec<usize>) =
                                winners.into_iter().partition(|p| pigs.contains(p));
                            let cities = cities.len() as u32;
                            for (players, pig) in [(without, 0), (with, 1)] {
                                if !players.is_empty() {
                                    self.record(&players, (3 + pig + herd) * cities, "field", true);
                                }
                            }
                            continue;
                        }
                        (3 * cities.len() as u32, "field", hills)
                    }
                    _ => continue,
                };
                let winners = self.winners(&followers, tie_break);
                self.record(&winners, points, name, true);
            }
            // The goods: 10 a kind to the players with the most.
            for index in 0..GOODS.len() {
                let most = self.goods.iter().map(|g| g[index]).max().unwrap_or(0);
                if most == 0 {
                    continue;
                }
                let players: Vec<usize> = (0..self.goods.len())
                    .filter(|p| self.goods[*p][index] == most)
                    .collect();
                self.record(&players, 10, "goods", true);
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
                    let mut points = self.count(&system, ContentKind::Fish);
                    if edition_2020(self.script)
                        && system
                            .iter()
                            .any(|n| self.power_of(*n) == Some(Power::Raft))
                    {
                        // The raft: 1 more a lake of its system.
                        points += self.lake_count(&system);
                    }
                    self.record(&winners, points, "huts", true);
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
                if edition_2020(self.script) {
                    // The 2020 edition has no shrine: the majority of hunters takes the meadow.
                    let winners = self.winners(&hunters, false);
                    let points = self.meadow_2020(&meadow);
                    self.record(&winners, points, "meadow", true);
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
        self.check_turn_end();
        let land_left = self.land_left();
        if land_left == 0 && !self.final_scored && self.turn > 0 {
            self.final_scoring();
        }
    }

    /// The tile just placed joins a road or city where the player's builder stands: the next
    /// turn is the player's too, unless this one is such a second turn.
    fn builder_extended(&mut self, placement: usize) {
        if self.second_turn || self.second_turn_due {
            return;
        }
        for feature in 0..self.tile_of(placement).features.len() {
            if !matches!(
                self.kind((placement, feature)),
                FeatureKind::Road | FeatureKind::City
            ) {
                continue;
            }
            let (nodes, _) = self.feature((placement, feature));
            let player = self.player;
            if self
                .figures_on(&nodes, |k| k == "builder")
                .into_iter()
                .any(|f| self.figures[f].player == player)
            {
                self.second_turn_due = true;
                return;
            }
        }
    }

    /// A turn of `player` begins: after a builder's extension it must be the same player's
    /// (or The River II's volcano lake gave the same player another turn).
    fn check_double_turn(&mut self, player: usize) {
        let same = self.turn > 0 && player == self.player;
        let volcano = self
            .last_placement
            .is_some_and(|p| self.tile_of(p).markers.contains(&Marker::Volcano));
        if self.second_turn_due && !same {
            self.disagree(format!(
                "turn {} passes to another player after a builder's extension",
                self.turn
            ));
        } else if same && !self.second_turn_due && !volcano {
            self.disagree(format!(
                "turn {} is the same player's again with no builder's extension",
                self.turn
            ));
        }
        self.second_turn = self.second_turn_due;
        self.second_turn_due = false;
    }

    fn land_left(&self) -> u32 {
        self.land_total - self.land_used
    }
}

/// Scores `script` (tiles from `tiles`, with their counts): every scoring and the scores; or
/// why the reference does not score it (setups, and a `return` move outside the 2020 rules).
pub fn score(script: &Script, tiles: &[Tile]) -> Result<(Vec<Scoring>, Vec<i64>), String> {
    if let Some(step) = script.steps.iter().find(|s| match &s.action {
        // A setup's figures stand where they are put; a shepherd's flock laid in a setup is
        // not followed.
        Action::Put { figure, .. } => !carcassonne(script) || &**figure == "shepherd",
        Action::RulesetMove {
            keyword: "return", ..
        } => !edition_2020(script) && !abbot_in_play(script),
        _ => false,
    }) {
        let what = match step.action {
            Action::Put { .. } => "a setup (`put`)",
            _ => "a `return` move, which only the 2020 rules and the abbot have",
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
        covered: HashMap::new(),
        problem: None,
        bonus_left: tiles
            .iter()
            .filter(|t| t.kind == TileKind::Bonus)
            .map(|t| t.count)
            .sum(),
        menhir_earned: false,
        bonus_draws: 0,
        bonus_discarded: false,
        sent_home_by_scoring: Vec::new(),
        taken_back: None,
        abbot_returned: false,
        goods: Vec::new(),
        second_turn: false,
        second_turn_due: false,
    };
    let lays = script
        .steps
        .iter()
        .any(|s| matches!(s.action, Action::Lay { .. }));
    if !lays {
        // The River: “They replace the base start tile, which goes back in the box”: the
        // spring starts, and one copy of the other start tile leaves the game.
        let is_spring = |t: &Tile| {
            t.kind == TileKind::Start
                && t.features
                    .iter()
                    .any(|f| f.kind == FeatureKind::River && f.count(ContentKind::Spring) > 0)
        };
        let spring = tiles.iter().position(is_spring);
        let start = spring
            .or_else(|| tiles.iter().position(|t| t.kind == TileKind::Start))
            .expect("a start tile");
        game.place(start, Pos::new(0, 0), Rotation(0));
        game.land_used += 1;
        if spring.is_some() {
            let mut ids: Vec<&str> = Vec::new();
            for tile in tiles.iter().filter(|t| t.kind == TileKind::Start) {
                if is_spring(tile) {
                    // Both rivers: “discard one spring” (the sets name it alike).
                    if ids.contains(&tile.id.as_str()) {
                        game.land_total -= tile.count;
                    }
                    ids.push(&tile.id);
                } else {
                    game.land_total -= 1;
                }
            }
            // Both rivers: “and one lake”: River I's, the volcano lake closing the river.
            let lake = |t: &Tile| {
                t.features.iter().any(|f| f.kind == FeatureKind::Lake)
                    && t.features.iter().any(|f| f.kind == FeatureKind::River)
            };
            let volcano = tiles
                .iter()
                .any(|t| lake(t) && t.markers.contains(&carcspec::model::Marker::Volcano));
            if volcano {
                for tile in tiles
                    .iter()
                    .filter(|t| lake(t) && !t.markers.contains(&carcspec::model::Marker::Volcano))
                {
                    game.land_total -= tile.count;
                }
            }
        }
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
            Action::Put {
                player,
                figure,
                pos,
                target,
            } => {
                let placement = game.at[pos];
                let feature = game.resolve(placement, figure, target);
                game.figures.push(Figure {
                    player: *player,
                    kind: figure.to_string(),
                    node: (placement, feature),
                    on_board: true,
                    flock: Vec::new(),
                });
            }
            Action::RulesetMove {
                keyword: "return",
                arg:
                    MoveWordsRead::Standing {
                        figure,
                        pos,
                        target,
                    },
            } => game.take_back(figure, *pos, target),
            Action::Turn { player } => {
                game.end_turn();
                if game.traders() {
                    game.check_double_turn(*player);
                }
                game.turn += 1;
                game.player = *player;
                game.first_figure_of_turn = game.figures.len();
                game.abbot_returned = false;
            }
            Action::Draw { tile } | Action::Bonus { tile } => {
                game.settle();
                if matches!(step.action, Action::Bonus { .. }) && edition_2020(script) {
                    game.check_bonus_draw();
                }
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
            Action::Discard => {
                // “A tile that cannot be placed goes back to the box and another is drawn”.
                if let Some(tile) = hand.take() {
                    // The reference scores; it does not read The River's placement rules,
                    // under which a river tile that matches somewhere may still fit nowhere.
                    let river = tiles[tile]
                        .features
                        .iter()
                        .any(|f| f.kind == FeatureKind::River);
                    if !river && game.fits_anywhere(tile) {
                        game.disagree(format!(
                            "turn {} discards `{}`, which fits",
                            game.turn, tiles[tile].id
                        ));
                    }
                    if tiles[tile].kind == TileKind::Bonus {
                        game.bonus_discarded = true;
                    }
                }
            }
            Action::Place { pos, rotation } => {
                let tile = hand.take().expect("a tile in hand");
                let placement = game.place(tile, *pos, *rotation);
                game.last_placement = Some(placement);
                if game.traders() {
                    game.builder_extended(placement);
                }
                game.settled = false;
                if edition_2020(script) {
                    game.immediate_powers(placement);
                }
            }
            Action::Deploy { at: Some(_), .. } => {
                return Err(
                    "the reference scores deployments on the tile just placed only".to_string(),
                );
            }
            Action::Deploy {
                figure,
                target,
                at: None,
            } => {
                if edition_2020(script) {
                    game.check_supply(figure);
                }
                game.deploy(figure, target);
                if figure != "shepherd" {
                    game.settle();
                }
            }
            Action::Pass => game.settle(),
            Action::RulesetMove {
                keyword: "flock",
                arg: MoveWordsRead::Token(token),
            } => {
                game.flock(token);
                game.settle();
            }
            Action::RulesetMove {
                keyword: "grow",
                arg: MoveWordsRead::Token(token),
            } => game.choose(Some(token)),
            Action::RulesetMove {
                keyword: "stable", ..
            } => game.choose(None),
            Action::RulesetMove { keyword, .. } => {
                return Err(format!(
                    "the reference scores the moves of the rules it knows, not `{keyword}`"
                ));
            }
            Action::Expect(_) => {}
            Action::End => {
                game.end_turn();
                if !game.final_scored {
                    game.final_scoring();
                }
            }
            Action::Stop => {
                // An excerpt stops mid-game: what its turn still owes is not asked.
                game.settle();
                game.menhir_earned = false;
                game.bonus_discarded = false;
            }
        }
    }
    game.end_turn();
    match game.problem {
        Some(problem) => Err(format!("the reference disagrees with a move: {problem}")),
        None => Ok((game.scorings, game.scores)),
    }
}
