//! Where pieces are: a figure or a neutral piece on a feature (listed in the feature's
//! figures, so counted in its majority), on a river system, on a tile, on a corner, beside a
//! figure, on a tower, or held by a player; the moves between these spots; a figure deployed,
//! returned and read on its feature, and the tokens lying on a feature. Apart from the feature
//! graph because a piece is the players' and the rules', not the board's: the graph only keeps
//! the list of the figures on each feature.

use super::{Engine, FigureId, FigureKind, NodeId, PlacementId, Pos};

/// Where a piece (a figure or a token a ruleset moves about) is: on a feature, as every
/// follower of the base game, or off the features, as the pieces of later expansions are.
///
/// Only a piece on a feature (or a river system) is listed in that feature's figures, so only
/// it counts in the feature's majority; a piece elsewhere is found by [`Engine::pieces_at`]
/// and counts where a ruleset counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Spot {
    /// On the feature of a node: listed in the feature's figures (a follower on a road).
    Feature(NodeId),
    /// On a river or lake node, listed in its river system's figures rather than the
    /// feature's (a hut of Hunters and Gatherers).
    RiverSystem(NodeId),
    /// On a tile as a whole, on none of its features (the dragon).
    Tile(PlacementId),
    /// On the point where four positions meet: the north-west corner of the position `Pos`,
    /// which it shares with its west, north and north-west neighbours (the barn; see
    /// [`Engine::corner_tiles`]).
    Corner(Pos),
    /// Beside another figure, following it wherever it stands (the fairy beside a follower).
    Beside(FigureId),
    /// On the tower of a tile: a floor of it or the figure on its top.
    Tower(PlacementId),
    /// Off the board in a player's hands (a prisoner of The Tower), not in its owner's supply.
    Held { by: usize },
}

impl Spot {
    /// The node of a spot on a feature or a river system.
    #[inline]
    pub fn node(self) -> Option<NodeId> {
        match self {
            Spot::Feature(node) | Spot::RiverSystem(node) => Some(node),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Figure {
    /// Its owner, or [`Figure::NOBODY`] for a neutral piece (the dragon, the fairy, a tower
    /// floor once placed).
    pub player: usize,
    pub kind: FigureKind,
    /// Where it stands, or stood last once it went back to its owner (a take-back names the
    /// figure where it stood). Moved by [`Engine::move_piece`], never written directly, so
    /// that the features' lists of figures follow it.
    spot: Spot,
    /// In play: on the board or held by a player. False once the figure went back to its
    /// owner's supply.
    pub on_board: bool,
    /// Caller's tag (the checker keeps the step that deployed the figure, for labels).
    pub tag: usize,
}

impl Figure {
    /// The owner of a neutral piece, which belongs to nobody.
    pub const NOBODY: usize = usize::MAX;

    /// Where the figure stands (or stood last).
    #[inline]
    pub fn spot(&self) -> Spot {
        self.spot
    }

    /// The node the figure stands (or stood last) on, when on a feature or a river system:
    /// the one read the scoring and majority code makes of where a figure is.
    #[inline]
    pub fn node(&self) -> Option<NodeId> {
        self.spot.node()
    }

    /// Its owner; `None` for a neutral piece.
    pub fn owner(&self) -> Option<usize> {
        (self.player != Figure::NOBODY).then_some(self.player)
    }
}

impl Engine {
    /// Puts a new piece of `player` (or [`Figure::NOBODY`]'s) at `spot` and returns its id.
    pub fn put(&mut self, player: usize, kind: FigureKind, spot: Spot, tag: usize) -> FigureId {
        let id = self.figures.len() as FigureId;
        self.figures.push(Figure {
            player,
            kind,
            spot,
            on_board: true,
            tag,
        });
        self.enter(id, spot);
        id
    }

    /// Moves a piece in play to `to`: a dragon's step from tile to tile, the fairy beside
    /// another follower, a follower captured into a player's hands (`Spot::Held`) or put back
    /// on the board. It leaves the list of the feature it stood on and joins that of the
    /// feature it goes to; the pieces beside it go with it.
    pub fn move_piece(&mut self, figure: FigureId, to: Spot) {
        debug_assert!(self.figures[figure as usize].on_board, "a piece in play");
        debug_assert!(
            to != Spot::Beside(figure),
            "a piece does not stand beside itself"
        );
        self.leave(figure);
        self.figures[figure as usize].spot = to;
        self.enter(figure, to);
    }

    /// Takes a figure prisoner: off the board into the hands of player `by`.
    pub fn capture(&mut self, figure: FigureId, by: usize) {
        self.move_piece(figure, Spot::Held { by });
    }

    /// Puts a piece into the list of the feature or river system `spot` is on (a piece
    /// elsewhere is in no list).
    fn enter(&mut self, figure: FigureId, spot: Spot) {
        match spot {
            Spot::Feature(node) => {
                let root = self.features.find_mut(node);
                self.components[root as usize].figures.push(figure);
            }
            Spot::RiverSystem(node) => {
                self.cover_systems(node as usize + 1);
                let root = self.systems_uf.find_mut(node);
                self.systems[root as usize].figures.push(figure);
            }
            _ => {}
        }
    }

    /// Takes a piece out of the list of the feature or river system it stands on.
    pub(super) fn leave(&mut self, figure: FigureId) {
        match self.figures[figure as usize].spot {
            Spot::Feature(node) => {
                let root = self.features.find_mut(node) as usize;
                self.components[root].figures.retain(|f| *f != figure);
            }
            // Entering a river system gave the node its entry (`enter`).
            Spot::RiverSystem(node) => {
                let root = self.systems_uf.find_mut(node) as usize;
                self.systems[root].figures.retain(|f| *f != figure);
            }
            _ => {}
        }
    }

    /// The pieces in play at `spot` exactly, in the order they were put into play (a scan of
    /// the figures, a few dozen). The figures of a whole feature, on whichever of its nodes
    /// they stand, are its list instead: [`Engine::figures_on`].
    pub fn pieces_at(&self, spot: Spot) -> impl Iterator<Item = FigureId> + '_ {
        self.figures
            .iter()
            .enumerate()
            .filter(move |(_, f)| f.on_board && f.spot == spot)
            .map(|(id, _)| id as FigureId)
    }

    /// The placements at the four positions that meet at the corner of `Spot::Corner(pos)`:
    /// north-west, north, west of `pos`, and `pos` itself.
    pub fn corner_tiles(&self, pos: Pos) -> [Option<PlacementId>; 4] {
        [
            Pos::new(pos.x - 1, pos.y - 1),
            Pos::new(pos.x, pos.y - 1),
            Pos::new(pos.x - 1, pos.y),
            pos,
        ]
        .map(|at| self.at(at))
    }

    /// Puts a figure on `node` (into its river system's list when `river_system`) and returns
    /// its id.
    pub fn deploy(
        &mut self,
        player: usize,
        kind: FigureKind,
        node: NodeId,
        river_system: bool,
        tag: usize,
    ) -> FigureId {
        let spot = if river_system {
            Spot::RiverSystem(node)
        } else {
            Spot::Feature(node)
        };
        self.put(player, kind, spot, tag)
    }

    /// Takes the figures of the feature rooted at `root` off the board; returns them.
    pub fn return_figures(&mut self, root: NodeId) -> Vec<FigureId> {
        let root = self.features.find_mut(root);
        let figures = std::mem::take(&mut self.components[root as usize].figures);
        for figure in &figures {
            self.figures[*figure as usize].on_board = false;
        }
        figures
    }

    /// Lays a token on the feature of `node`.
    pub fn add_token(&mut self, node: NodeId, value: u32) {
        let root = self.features.find_mut(node);
        self.components[root as usize].tokens.push(value);
    }

    /// Takes every token off the feature of `node`.
    pub fn take_tokens(&mut self, node: NodeId) -> Vec<u32> {
        let root = self.features.find_mut(node);
        std::mem::take(&mut self.components[root as usize].tokens)
    }

    /// Sends one piece back to its owner's supply, from wherever it is: off the board or out
    /// of a player's hands (a prisoner released). It keeps its spot, where it stood last.
    ///
    /// A hut leaves no list: a river system keeps the figures put on it, which its readers
    /// tell apart by `on_board` (and by their place in the list).
    pub fn return_figure(&mut self, figure: FigureId) {
        if let Spot::Feature(_) = self.figures[figure as usize].spot() {
            self.leave(figure);
        }
        self.figures[figure as usize].on_board = false;
    }

    /// Takes the figures of `kind` off the feature of `node`; returns them.
    pub fn return_figures_of(&mut self, node: NodeId, kind: FigureKind) -> Vec<FigureId> {
        let root = self.features.find_mut(node) as usize;
        let (gone, kept): (Vec<FigureId>, Vec<FigureId>) = self.components[root]
            .figures
            .iter()
            .partition(|f| self.figures[**f as usize].kind == kind);
        self.components[root].figures = kept;
        for figure in &gone {
            self.figures[*figure as usize].on_board = false;
        }
        gone
    }

    /// The figures on the feature of `node` that are still on the board.
    pub fn figures_on(&mut self, node: NodeId) -> Vec<FigureId> {
        self.component(node).figures.clone()
    }
}
