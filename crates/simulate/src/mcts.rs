//! The search policy (`--policy mcts`): a Monte Carlo tree search (UCT) over the decisions the
//! ruleset lays out — where the tile goes, which figure stands where or none, a figure taken
//! back, grow or stable — with chance nodes for the tiles drawn.
//!
//! Each decision of a searching player with two moves or more is searched afresh: `playouts`
//! times, a copy of the game is dealt a stack (the tiles left, which every player can count,
//! in an order of the searcher's own generator: the real order stays with the simulator), the
//! tree is walked down from the decision by UCB1 at the players' decisions (at a placement's
//! root: tried best prior first, widened progressively, biased by the prior) and by the tile
//! that copy draws at the chance nodes, one new decision is added, and the game is played to
//! its end by the simulator's own turns (`play_out`, the random or greedy policy) through the
//! game runner. Each node keeps the rewards of the player who moved into it; the move taken is
//! the root's most visited. Dealing a fresh stack at every playout is a determinization; a
//! node's children after a draw are keyed by the tile drawn, so that the state of a node is
//! the same in every playout that reaches it (the tokens of Hills & Sheep, drawn from the bag
//! by a random number, are the one chance left unkeyed: the moves below them are filtered by
//! what is legal in the playout at hand, as in an information-set search).

use super::{MoveBuffers, Policy, Rng, play_out};
use crate::engine::{LegalPlacements, NodeId, Pos, Rotation};
use crate::model::{FeatureKind, TokenDraw};
use crate::play::moves::Offered;
use crate::play::{Game, GameMove};
use crate::rules::{Decision, Offer};

/// Playouts per decision by default (greedy playouts): some 48 decisions a CPU-second in a
/// two-player base game, about 30 under the Hunters and Gatherers rules, whose games are the
/// longest (docs/simulation.md has the figures).
pub const DEFAULT_PLAYOUTS: u32 = 100;
/// The exploration constant of UCB1 by default (rewards are in [0, 1]).
pub const DEFAULT_EXPLORATION: f64 = 0.7;

/// The weight of the prior at the root by default: with the prospect prior, 3 won more games
/// than 1 in every ruleset measured (docs/simulation.md).
pub const DEFAULT_PRIOR: f64 = 3.0;
/// Progressive widening at a placement by default: √N moves compared after N playouts.
pub const DEFAULT_WIDEN: f64 = 1.0;

/// What a move at the root of a search is worth before its first playout: the prior that
/// orders the moves, widens the search progressively and biases UCB1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Prior {
    /// The greedy policy's immediate value of a placement: the points of the features it
    /// completes for the player or for nobody yet (placements only).
    Immediate,
    /// The game scored as it stands after the move, by the ruleset's own final scoring: the
    /// player's margin over the best other player, after a placement with its best figure
    /// step. It sees what `Immediate` does not — a meadow's animals, a field's cities, a
    /// figure's incomplete feature — at the cost of a copy of the game a move.
    Standing,
    /// `Standing`, and what the board does not score yet ([`Prospects`]): an open feature's
    /// worth at the odds of its closing, a figure's in the supply. The default: under the
    /// Hunters and Gatherers rules, whose final scoring pays no open forest or river,
    /// `Standing` ranked a hunter in a meadow above a gatherer in a forest that closes later
    /// (docs/simulation.md).
    Prospect,
}

/// How the search plays out a game from the node it added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Playout {
    /// The random policy (`--policy random`).
    Random,
    /// The greedy policy (`--policy greedy`).
    Greedy,
}

/// The parameters of the search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Search {
    /// Playouts per decision (`--playouts`).
    pub playouts: u32,
    /// The exploration constant `c` of UCB1, mean + c·√(ln N / n) (`--exploration`).
    pub exploration: f64,
    /// The policy of the playouts (`--playout`).
    pub playout: Playout,
    /// What the prior is (`--prior`).
    pub prior_kind: Prior,
    /// The weight of the prior at the root (progressive bias).
    pub prior: f64,
    /// Progressive widening at a placement: the root compares only its `widen`·√N best moves
    /// by the prior after N playouts (0: all of them).
    pub widen: f64,
}

impl Default for Search {
    fn default() -> Search {
        Search {
            playouts: DEFAULT_PLAYOUTS,
            exploration: DEFAULT_EXPLORATION,
            playout: Playout::Greedy,
            prior_kind: Prior::Prospect,
            prior: DEFAULT_PRIOR,
            widen: DEFAULT_WIDEN,
        }
    }
}

/// What the search chose, as the simulator plays and writes it.
pub(crate) enum Choice {
    Place {
        pos: Pos,
        rotation: Rotation,
    },
    Deploy(Offered),
    Pass,
    /// One of the ruleset's offers (a draw from the bag is drawn by the game's generator).
    Offer(Offer),
}

/// A move of the tree, or a chance outcome: what a child is reached by.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Key {
    Place(Pos, Rotation),
    Deploy(&'static str, NodeId),
    Pass,
    /// The offer of this index of the ruleset's moves of the decision (its own decision's,
    /// or a take-back in the figure step).
    Offer(usize),
    /// A tile drawn (land or bonus).
    Draw(usize),
    /// The tile put under a hill.
    Under(usize),
}

/// Who moved into a chance node: nobody.
const CHANCE: usize = usize::MAX;

struct Node {
    /// The player whose move leads here (its rewards are theirs), or [`CHANCE`].
    player: usize,
    visits: u32,
    reward: f64,
    children: Vec<(Key, u32)>,
}

impl Node {
    fn new(player: usize) -> Node {
        Node {
            player,
            visits: 0,
            reward: 0.0,
            children: Vec::new(),
        }
    }

    fn child(&self, key: Key) -> Option<usize> {
        self.children
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, child)| *child as usize)
    }
}

/// The share of a playout's reward that its margin gives (the rest is winning): a win by many
/// points is worth a little more than a narrow one, which tells moves apart early in a game
/// where nearly every playout is won or lost whatever the move.
const MARGIN_WEIGHT: f64 = 0.25;
/// The margin (points ahead of the best other player) that earns three quarters of the
/// margin's share.
const MARGIN_SCALE: f64 = 20.0;

/// Each player's reward for the final `scores`: 1 for a win, shared in a tie, 0 for a loss,
/// blended with the margin.
fn rewards(scores: &[i64], into: &mut Vec<f64>) {
    into.clear();
    let best = scores.iter().copied().max().unwrap_or(0);
    let tied = scores.iter().filter(|&&s| s == best).count().max(1);
    for (player, &score) in scores.iter().enumerate() {
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|(other, _)| *other != player)
            .map(|(_, s)| *s)
            .max()
            .unwrap_or(score);
        let win = if score == best {
            1.0 / tied as f64
        } else {
            0.0
        };
        let margin = 0.5 + 0.5 * ((score - best_other) as f64 / MARGIN_SCALE).tanh();
        into.push((1.0 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT * margin);
    }
}

/// The buffers of one search, kept from playout to playout.
#[derive(Default)]
struct Buffers {
    legal: LegalPlacements,
    deployments: Vec<Offered>,
    playout: MoveBuffers,
    keys: Vec<Key>,
    rewards: Vec<f64>,
    path: Vec<usize>,
}

/// The move of the decision due in `game` (`Place`, `DeployOrPass` or a ruleset's decision that
/// a player takes: [`is_searched`]) that the
/// search finds best, or `None` when the decision has fewer than two moves (the caller plays
/// the only one, or discards). The search draws from a generator seeded from `rng`.
pub(crate) fn choose(
    game: &mut Game,
    decision: Decision,
    search: Search,
    under_hills: &[usize],
    rng: &mut Rng,
) -> Option<Choice> {
    if !is_searched(decision) {
        return None;
    }
    let mut buffers = Buffers::default();
    let mut root_keys = Vec::new();
    options(game, decision, &mut buffers, &mut root_keys);
    if root_keys.len() < 2 {
        return None;
    }
    let player = game.current_player()?;
    let mut rng = Rng::new(rng.next_u64());
    let root = root_order(game, decision, player, &root_keys, search, &mut rng);
    let mut tree = vec![Node::new(CHANCE)];
    let policy = match search.playout {
        Playout::Random => Policy::Random,
        Playout::Greedy => Policy::Greedy,
    };
    for _ in 0..search.playouts.max(1) {
        let mut copy = game.clone();
        let (mut land, mut bonus) = deal(&mut copy, under_hills, &mut rng);
        buffers.path.clear();
        buffers.path.push(0);
        let mut node = 0;
        let mut due = Some((player, decision));
        while let Some((mover, decision)) = due {
            options(&mut copy, decision, &mut buffers, &mut root_keys);
            let at_root = (node == 0).then_some(&root);
            let (key, added) = select(&tree, node, &root_keys, at_root, search, &mut rng);
            play_key(&mut copy, decision, key, &mut rng);
            node = match (added, tree[node].child(key)) {
                (false, Some(child)) => child,
                _ => add(&mut tree, node, key, mover),
            };
            buffers.path.push(node);
            if added {
                break;
            }
            due = advance(
                &mut copy,
                &mut land,
                &mut bonus,
                &mut rng,
                &mut tree,
                &mut node,
                &mut buffers,
            );
        }
        play_out(
            &mut copy,
            &mut land,
            &mut bonus,
            policy,
            &mut rng,
            &mut buffers.playout,
        );
        rewards(&copy.scores, &mut buffers.rewards);
        for &visited in &buffers.path {
            let node = &mut tree[visited];
            node.visits += 1;
            if let Some(reward) = buffers.rewards.get(node.player) {
                node.reward += reward;
            }
        }
    }
    // The most visited move of the root (ties: the first in the order of the moves).
    let (key, _) = tree[0]
        .children
        .iter()
        .map(|(key, child)| (*key, tree[*child as usize].visits))
        .fold(None, |best: Option<(Key, u32)>, (key, visits)| match best {
            Some((_, most)) if most >= visits => best,
            _ => Some((key, visits)),
        })?;
    choice_of(game, decision, key, &mut buffers)
}

/// A new child of `parent` reached by `key`, whose rewards are `player`'s.
fn add(tree: &mut Vec<Node>, parent: usize, key: Key, player: usize) -> usize {
    let child = tree.len();
    tree.push(Node::new(player));
    tree[parent].children.push((key, child as u32));
    child
}

/// The root's moves for the search: each key's prior in [0, 1] (by the search's [`Prior`]),
/// and the keys' indices best prior first (ties in a random order).
struct Root {
    prior: Vec<f64>,
    order: Vec<usize>,
}

fn root_order(
    game: &mut Game,
    decision: Decision,
    player: usize,
    keys: &[Key],
    search: Search,
    rng: &mut Rng,
) -> Root {
    let mut prior = vec![0.0; keys.len()];
    if search.prior > 0.0 || search.widen > 0.0 {
        match search.prior_kind {
            Prior::Immediate => immediate_prior(game, decision, player, keys, &mut prior),
            Prior::Standing => standing_prior(game, decision, player, keys, false, &mut prior),
            Prior::Prospect => standing_prior(game, decision, player, keys, true, &mut prior),
        }
    }
    let mut order: Vec<usize> = (0..keys.len()).collect();
    rng.shuffle(&mut order);
    order.sort_by(|a, b| prior[*b].total_cmp(&prior[*a]));
    Root { prior, order }
}

/// The greedy policy's immediate value of each placement over the best one's.
fn immediate_prior(
    game: &mut Game,
    decision: Decision,
    player: usize,
    keys: &[Key],
    prior: &mut [f64],
) {
    if decision != Decision::Place {
        return;
    }
    if let Some(tile) = game.turn.as_ref().and_then(|t| t.hand).map(|h| h.tile) {
        let mut previews = Vec::new();
        for (value, key) in prior.iter_mut().zip(keys) {
            if let Key::Place(pos, rotation) = key {
                *value = super::policy::immediate_value(
                    game,
                    tile,
                    (*pos, *rotation),
                    player,
                    &mut previews,
                ) as f64;
            }
        }
    }
    let best = prior.iter().copied().fold(0.0, f64::max);
    if best > 0.0 {
        prior.iter_mut().for_each(|v| *v /= best);
    }
}

/// Each move's margin for `player` in the game scored as it stands after it (a placement:
/// after its best figure step), scaled from the worst move's (0) to the best one's (1).
fn standing_prior(
    game: &mut Game,
    decision: Decision,
    player: usize,
    keys: &[Key],
    prospect: bool,
    prior: &mut [f64],
) {
    if !matches!(decision, Decision::Place | Decision::DeployOrPass) {
        return;
    }
    let mut deployments = Vec::new();
    let mut rng = Rng::new(0);
    let prospects = prospect.then(|| Prospects::of(game.setup.ruleset));
    let prospects = prospects.as_ref();
    for (value, key) in prior.iter_mut().zip(keys) {
        let mut after = game.clone();
        play_key(&mut after, decision, *key, &mut rng);
        *value = if matches!(key, Key::Place(..)) {
            // The figure step at its best: no figure, or one of those the tile offers.
            after.offered_deployments(&mut deployments);
            let mut best = standing_margin(after.clone(), player, prospects);
            for deployment in &deployments {
                let mut deployed = after.clone();
                deployed.play(GameMove::Deploy {
                    figure: deployment.figure,
                    node: deployment.node,
                });
                best = best.max(standing_margin(deployed, player, prospects));
            }
            best
        } else {
            standing_margin(after, player, prospects)
        };
    }
    let (low, high) = prior
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
            (l.min(*v), h.max(*v))
        });
    for value in prior.iter_mut() {
        *value = if high > low {
            (*value - low) / (high - low)
        } else {
            0.0
        };
    }
}

/// `player`'s points ahead of the best other player when `game` ends now: the turn closed
/// (its tile scored) and the board scored by the ruleset's final scoring as it stands; with
/// `prospects`, each player's worth still to come ([`Prospects`]) added first.
fn standing_margin(mut game: Game, player: usize, prospects: Option<&Prospects>) -> f64 {
    let mut extra = vec![0.0; game.scores.len()];
    if let Some(prospects) = prospects {
        prospects.add(&mut game, &mut extra);
    }
    game.play(GameMove::End);
    let scores: Vec<f64> = (game.scores.iter().zip(&extra))
        .map(|(score, extra)| *score as f64 + extra)
        .collect();
    let own = scores.get(player).copied().unwrap_or(0.0);
    let best_other = (scores.iter().enumerate())
        .filter(|(other, _)| *other != player)
        .map(|(_, score)| *score)
        .reduce(f64::max)
        .unwrap_or(own);
    own - best_other
}

/// What the board as it stands does not score yet, for the prospect prior: a feature still
/// open that a closing scores (a city, a road, a forest, a river) is worth to its majority
/// (`rules::majority`, the figures weighed as the ruleset weighs them) what closing it would
/// add a tile, at odds of one in (open ends + 1); and a figure in the supply is worth
/// [`SUPPLY_WORTH`] points, falling with the stack to none at the game's end.
struct Prospects {
    /// By feature kind: the points a tile a closing adds.
    gain_per_tile: [f64; FeatureKind::ALL.len()],
    /// The ruleset's figures, whose strengths decide a feature's majority.
    figures: &'static [crate::rules::FigureSpec],
}

impl Prospects {
    /// The gains under `ruleset`: a closed feature's worth a tile as the greedy policy
    /// counts it, less the kind's nominal worth a tile where the ruleset's final scoring pays
    /// its incomplete features ([`crate::rules::descriptor::RulesetDescriptor::open_features_paid_at_end`]).
    fn of(ruleset: crate::model::Ruleset) -> Prospects {
        let descriptor = crate::rules::describe(ruleset);
        let paid = descriptor.open_features_paid_at_end;
        let mut gain_per_tile = [0.0; FeatureKind::ALL.len()];
        for kind in FeatureKind::ALL {
            let closed = super::policy::closed_value_per_tile(kind);
            let open = if paid.contains(&kind) {
                kind.nominal_points_per_tile(false)
            } else {
                0
            };
            gain_per_tile[kind as usize] = f64::from(closed.saturating_sub(open));
        }
        Prospects {
            gain_per_tile,
            figures: descriptor.figures,
        }
    }

    /// Adds each player's prospects in `game` to `into`.
    fn add(&self, game: &mut Game, into: &mut [f64]) {
        let engine = &mut game.engine;
        for root in engine.feature_roots() {
            let kind = engine.feature_kind(root);
            let gain = self.gain_per_tile[kind as usize];
            let open_ends = engine.component(root).open_ends;
            if gain == 0.0 || open_ends == 0 {
                continue;
            }
            let feature = engine.component(root);
            let (standing, contents) = (feature.figures.clone(), feature.contents);
            let winners =
                crate::rules::majority(engine, &standing, self.figures, &contents, |_| true);
            let worth = gain * engine.tile_count(root) as f64 / f64::from(open_ends + 1);
            for player in winners {
                if let Some(value) = into.get_mut(player) {
                    *value += worth;
                }
            }
        }
        let placed = engine.placements.len() as f64;
        let left = f64::from(game.land_left);
        let worth = SUPPLY_WORTH * left / (left + placed).max(1.0);
        for (pools, value) in game.supply.iter().zip(into.iter_mut()) {
            *value += worth * pools.iter().map(|n| f64::from(*n)).sum::<f64>();
        }
    }
}

/// What a figure in the supply is worth to the prospect prior at the game's start.
const SUPPLY_WORTH: f64 = 8.0;

/// The move to take at `node` among the legal `keys`: one not yet tried (at random; `true`:
/// the tree grows by it), else the best by UCB1 of those tried. At the root (`root`), the
/// moves are tried best prior first, only the best few are compared when the search widens
/// progressively, and the prior biases UCB1 by `prior`/(n + 1).
fn select(
    tree: &[Node],
    node: usize,
    keys: &[Key],
    root: Option<&Root>,
    search: Search,
    rng: &mut Rng,
) -> (Key, bool) {
    let parent = &tree[node];
    let log_visits = f64::from(parent.visits.max(1)).ln();
    if let Some(root) = root
        && root.prior.len() == keys.len()
    {
        let width = if search.widen > 0.0 {
            ((search.widen * f64::from(parent.visits.max(1)).sqrt()).ceil() as usize)
                .clamp(2, keys.len())
        } else {
            keys.len()
        };
        let candidates = &root.order[..width];
        if let Some(index) = candidates
            .iter()
            .find(|i| parent.child(keys[**i]).is_none())
        {
            return (keys[*index], true);
        }
        let mut best = (keys[candidates[0]], f64::NEG_INFINITY);
        for &index in candidates {
            let Some(child) = parent.child(keys[index]) else {
                continue;
            };
            let child = &tree[child];
            let visits = f64::from(child.visits.max(1));
            let value = child.reward / visits
                + search.exploration * (log_visits / visits).sqrt()
                + search.prior * root.prior[index] / (visits + 1.0);
            if value > best.1 {
                best = (keys[index], value);
            }
        }
        return (best.0, false);
    }
    let untried = keys.iter().filter(|k| parent.child(**k).is_none()).count();
    if untried > 0 {
        let nth = rng.below(untried);
        let key = keys
            .iter()
            .filter(|k| parent.child(**k).is_none())
            .nth(nth)
            .copied()
            .unwrap_or(keys[0]);
        return (key, true);
    }
    let mut best = (keys[0], f64::NEG_INFINITY);
    for key in keys {
        let Some(child) = parent.child(*key) else {
            continue;
        };
        let child = &tree[child];
        let visits = f64::from(child.visits.max(1));
        let value = child.reward / visits + search.exploration * (log_visits / visits).sqrt();
        if value > best.1 {
            best = (*key, value);
        }
    }
    (best.0, false)
}

/// A stack for a copy of the game: the land and bonus tiles left (`Game::stack`, what every
/// player can count), shuffled by the searcher's generator, in the ruleset's groups (The
/// River's tiles first) as the simulator deals them. Drawn from the end.
///
/// The tiles under hills (`under_hills`, face down: no player knows which they are) go back
/// into the pool first, and as many tiles of the pool are put aside for them in the copy, so
/// that the copy's stack is one the searcher cannot tell from the real one.
fn deal(game: &mut Game, under_hills: &[usize], rng: &mut Rng) -> (Vec<usize>, Vec<usize>) {
    let (mut land, mut bonus) = game.tiles_left();
    land.extend_from_slice(under_hills);
    rng.shuffle(&mut land);
    rng.shuffle(&mut bonus);
    for &hidden in under_hills {
        game.stack[hidden] += 1;
    }
    // The copy's own tiles under the hills: the first of the shuffled pool.
    for under in land.drain(..under_hills.len().min(land.len())) {
        game.stack[under] -= 1;
    }
    game.order_deck(&mut land);
    (land, bonus)
}

/// Whether a player takes `decision` among moves the search can weigh: a placement, the
/// figure step, or a ruleset's decision that is not chance's.
fn is_searched(decision: Decision) -> bool {
    match decision {
        Decision::Place | Decision::DeployOrPass => true,
        Decision::Ruleset(_) => !decision.is_chance(),
        Decision::Draw | Decision::UnderTile | Decision::BonusDraw | Decision::EndOfTurn => false,
    }
}

/// The moves of `decision` in `game`, into `keys`: for a placement, the sorted legal
/// placements of the tile in hand; for the figure step, the ruleset's offers (a take-back),
/// the deployments and the pass; for a ruleset decision, its offers.
fn options(game: &mut Game, decision: Decision, buffers: &mut Buffers, keys: &mut Vec<Key>) {
    keys.clear();
    match decision {
        Decision::Place => {
            let Some(tile) = game.turn.as_ref().and_then(|t| t.hand).map(|h| h.tile) else {
                return;
            };
            game.scan_legal_placements(tile, &mut buffers.legal);
            keys.extend(
                buffers
                    .legal
                    .sorted()
                    .map(|(pos, rotation)| Key::Place(pos, rotation)),
            );
        }
        Decision::DeployOrPass => {
            // The ruleset's own moves of the figure step (a take-back) first.
            keys.extend((0..game.offers(decision).len()).map(Key::Offer));
            game.offered_deployments(&mut buffers.deployments);
            keys.extend(
                buffers
                    .deployments
                    .iter()
                    .map(|d| Key::Deploy(d.figure, d.node)),
            );
            keys.push(Key::Pass);
        }
        Decision::Ruleset(_) => {
            keys.extend((0..game.offers(decision).len()).map(Key::Offer));
        }
        _ => {}
    }
}

/// Plays the move `key` of `decision` in `game`.
fn play_key(game: &mut Game, decision: Decision, key: Key, rng: &mut Rng) {
    let mv = match key {
        Key::Place(pos, rotation) => GameMove::Place { pos, rotation },
        Key::Deploy(figure, node) => GameMove::Deploy { figure, node },
        Key::Pass => GameMove::Pass,
        Key::Offer(index) => match game.offers(decision).get(index) {
            Some(offer) => GameMove::Ruleset(offer.into_move(|| TokenDraw::Random(rng.unit()))),
            None => return,
        },
        Key::Draw(tile) => GameMove::Draw {
            tile,
            bonus: decision == Decision::BonusDraw,
        },
        Key::Under(tile) => GameMove::Under { tile },
    };
    game.play(mv);
    // The ruleset's warnings are none of the search's business; a rule broken would be the
    // move generator's bug, which the real game's moves are checked for.
    game.violations.clear();
}

/// Plays `game` on from the move just made: the draws (down the chance node of the tile
/// drawn, from `node`), the forced moves (a discard, the only placement, a pass where no
/// figure may go), turn after turn, until a decision with two moves or more — returned with
/// its player — or the end of the game (`None`).
fn advance(
    game: &mut Game,
    land: &mut Vec<usize>,
    bonus: &mut Vec<usize>,
    rng: &mut Rng,
    tree: &mut Vec<Node>,
    node: &mut usize,
    buffers: &mut Buffers,
) -> Option<(usize, Decision)> {
    let mut keys = std::mem::take(&mut buffers.keys);
    let due = loop {
        let decision = game.decision();
        // As the simulator: a turn ends when its decisions are over, or a draw finds its
        // deck empty; the game when the land stack is.
        let mut turn_over = matches!(decision, None | Some(Decision::EndOfTurn));
        let mut chance = None;
        match decision {
            Some(d @ (Decision::Draw | Decision::BonusDraw)) => {
                let deck = if d == Decision::BonusDraw {
                    &mut *bonus
                } else {
                    &mut *land
                };
                match deck.pop() {
                    Some(tile) => chance = Some((d, Key::Draw(tile))),
                    None => turn_over = true,
                }
            }
            Some(Decision::UnderTile) => {
                let from_bonus = game
                    .turn
                    .as_ref()
                    .and_then(|t| t.hand)
                    .is_some_and(|h| h.bonus);
                let deck = if from_bonus { &mut *bonus } else { &mut *land };
                match deck.pop() {
                    Some(tile) => chance = Some((Decision::UnderTile, Key::Under(tile))),
                    None => turn_over = true,
                }
            }
            Some(d @ Decision::Ruleset(_)) if d.is_chance() => {
                // Chance's decision (the token drawn for a shepherd): a draw the tree does not
                // key.
                options(game, d, buffers, &mut keys);
                match keys.first() {
                    Some(key) => play_key(game, d, *key, rng),
                    None => {
                        debug_assert!(false, "the ruleset's decision {d:?} offers no move");
                        break None;
                    }
                }
            }
            Some(d @ (Decision::Place | Decision::DeployOrPass | Decision::Ruleset(_))) => {
                options(game, d, buffers, &mut keys);
                match keys.len() {
                    0 if d == Decision::Place => {
                        game.play(GameMove::Discard);
                        game.violations.clear();
                    }
                    // A ruleset decision with nothing to offer: the ruleset and the search
                    // disagree (the simulator rejects such a real game); the playout ends.
                    0 => {
                        debug_assert!(false, "the ruleset's decision {d:?} offers no move");
                        break None;
                    }
                    1 => play_key(game, d, keys[0], rng),
                    _ => {
                        break game
                            .turn
                            .as_ref()
                            .and_then(|t| d.decider(t.player))
                            .map(|player| (player, d));
                    }
                }
            }
            None | Some(Decision::EndOfTurn) => {}
        }
        if let Some((decision, key)) = chance {
            play_key(game, decision, key, rng);
            *node = match tree[*node].child(key) {
                Some(child) => child,
                None => add(tree, *node, key, CHANCE),
            };
            buffers.path.push(*node);
            continue;
        }
        if turn_over {
            if game.game_over {
                break None;
            }
            if land.is_empty() {
                game.play(GameMove::End);
                game.violations.clear();
                break None;
            }
            let player = game.player_after_turn();
            game.play(GameMove::Turn { player });
            game.violations.clear();
        }
    };
    buffers.keys = keys;
    due
}

/// The [`Choice`] of the root's move `key` in the real game.
fn choice_of(
    game: &mut Game,
    decision: Decision,
    key: Key,
    buffers: &mut Buffers,
) -> Option<Choice> {
    Some(match key {
        Key::Place(pos, rotation) => Choice::Place { pos, rotation },
        Key::Deploy(figure, node) => {
            game.offered_deployments(&mut buffers.deployments);
            let deployment = buffers
                .deployments
                .iter()
                .find(|d| d.figure == figure && d.node == node)?;
            Choice::Deploy(*deployment)
        }
        Key::Pass => Choice::Pass,
        Key::Offer(index) => Choice::Offer(*game.offers(decision).get(index)?),
        Key::Draw(_) | Key::Under(_) => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Ruleset;

    /// A closing adds to a Carcassonne city its second point a tile (the final scoring pays an
    /// open one a point a tile) and nothing to a road (a point a tile either way); under the
    /// Hunters and Gatherers rules, whose final scoring pays no open forest or river, it adds
    /// a forest's 2 a tile and a river's 1. Nothing else is closed by its ends.
    #[test]
    fn a_closing_gains_what_the_final_scoring_does_not_pay_an_open_feature() {
        let gain = |ruleset, kind: FeatureKind| Prospects::of(ruleset).gain_per_tile[kind as usize];
        assert_eq!(gain(Ruleset::Carcassonne, FeatureKind::City), 1.0);
        assert_eq!(gain(Ruleset::Carcassonne, FeatureKind::Road), 0.0);
        for ruleset in [Ruleset::HuntersGatherers, Ruleset::HuntersGatherers2020] {
            assert_eq!(gain(ruleset, FeatureKind::Forest), 2.0);
            assert_eq!(gain(ruleset, FeatureKind::River), 1.0);
        }
        for ruleset in Ruleset::ALL {
            for kind in [
                FeatureKind::Field,
                FeatureKind::Monastery,
                FeatureKind::Meadow,
                FeatureKind::Lake,
                FeatureKind::Garden,
            ] {
                assert_eq!(gain(ruleset, kind), 0.0, "{kind} under {ruleset:?}");
            }
        }
    }
}
