//! Rulesets: the whole of a turn — which decision is due next, the moves it offers and what
//! they bring (`turn.rs`) — what may be deployed where, when features complete, how they
//! score, and which draws a player earns. Each ruleset is a folder that holds everything it
//! and its expansions decide. A ruleset works on the engine's features and figures only; it
//! knows nothing of text (the checker maps the game file to its moves and reports what they
//! break; the simulator asks it for the same decisions and moves).
//!
//! A crate of its own (`carcspec-rules`) on the core, the syntax and the engine alone, so that
//! a ruleset imports nothing of the layers that read files, replay games or draw them is
//! Cargo's rule; the `carcspec` crate re-exports it as `carcspec::rules`.

// The layers below, at the paths the rest of carcspec reads them by.
pub(crate) use carcspec_core::{diagnostic, model};
pub(crate) use carcspec_engine as engine;
pub(crate) use carcspec_syntax as syntax;

pub mod carcassonne;
pub mod codes;
pub mod descriptor;
pub use descriptor::BonusWording;
pub mod hunters_gatherers;
pub mod hunters_gatherers_2020;
pub mod jcz;
pub mod pictures;
pub mod turn;

pub use pictures::{
    ContentPicture, ContentPlace, MarkerPicture, SymbolElement, SymbolPictures, content_picture,
    marker_picture,
};
pub use turn::{
    Context, Decider, Decision, Move, MoveArg, Offer, Outcome, Phase, RulesetDecision, TAKE_BACK,
    TilePut, TurnView, Violation,
};

use crate::engine::{CompiledTile, Engine, Figure, FigureId, FigureKind, NodeId, PlacementId};
use crate::model::{ContentKind, FeatureKind, Ruleset};

/// A kind of figure and where it may stand.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FigureSpec {
    pub kind: FigureKind,
    /// Index into the descriptor's pools ([`descriptor::RulesetDescriptor::pools`]): the
    /// supply the figure comes from.
    pub pool: usize,
    pub stands_on: &'static [FeatureKind],
    /// It occupies a whole river system rather than one feature (a hut).
    pub holds_river_system: bool,
    /// What the figure weighs when the majority on a feature is decided: 1 for every figure
    /// of the base games, 2 for the large follower of Inns & Cathedrals ("a large meeple
    /// counts as two normal meeples"), or a count of what the feature holds (Abbey & Mayor's
    /// mayor: the city's pennants).
    pub strength: Strength,
    /// How render draws it (a heavier figure is drawn larger as well).
    pub picture: &'static FigurePicture,
}

/// What a figure weighs in the majority on the feature it stands on ([`FigureSpec::strength`]),
/// read where the feature is scored ([`majority`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    /// The same on every feature: 1 for a follower, 2 for the large follower.
    Fixed(u32),
    /// The count of this content in the feature at the time it is scored, possibly 0 (the
    /// mayor of Abbey & Mayor: “the number of pennants in the whole city”, pennants that
    /// joined after the mayor included).
    PerContent(ContentKind),
}

impl Strength {
    /// The weight on a feature that holds `contents` (a [`Component`](crate::engine::Component)'s counts; a river
    /// system's, [`system_contents`]). A fixed strength reads nothing of them.
    #[inline]
    pub fn on(self, contents: &Contents) -> u32 {
        match self {
            Strength::Fixed(weight) => weight,
            Strength::PerContent(content) => contents[crate::engine::content_index(content)],
        }
    }

    /// The weight wherever the figure stands, if it does not depend on the feature: what
    /// render draws a heavier figure larger by.
    pub fn fixed(self) -> Option<u32> {
        match self {
            Strength::Fixed(weight) => Some(weight),
            Strength::PerContent(_) => None,
        }
    }
}

/// What a feature holds, content by content ([`crate::engine::content_index`]): a
/// [`Component`](crate::engine::Component)'s `contents`.
pub type Contents = [u32; crate::engine::CONTENT_KINDS];

/// A river system's contents as a figure's strength reads them: its fish, the one content the
/// engine counts across a system.
pub fn system_contents(system: &crate::engine::RiverSystem) -> Contents {
    let mut contents = [0; crate::engine::CONTENT_KINDS];
    contents[crate::engine::content_index(ContentKind::Fish)] = system.fish;
    contents
}

/// How a figure is drawn on a board, declared with it in its ruleset's descriptor
/// (`FigureSpec::picture`) and, for an expansion's own figure, in the expansion's module: the
/// strokes of its picture, so that render draws a new figure with no edit of its own (render
/// reads no figure's name; a figure no descriptor declares is drawn as an unknown piece, not
/// as a meeple). What is printed on tiles is drawn from data of the same kind
/// ([`pictures`]).
#[derive(Debug, PartialEq, Eq)]
pub struct FigurePicture {
    /// What the picture shows, for messages and tests (`meeple`, `abbot`).
    pub name: &'static str,
    /// Its strokes, drawn in order, the first underneath.
    pub strokes: &'static [PictureStroke],
    /// Whether the figure lies flat in a field, as a farmer does (the others stand there).
    pub lies_in_a_field: bool,
}

/// One stroke of a [`FigurePicture`]: an SVG path about the point the figure stands on (the
/// commands `M`, `L`, `Q`, `Z` with absolute `x,y` pairs, y downwards; a standing follower
/// fills about -7..7 by -9.5..7), and how it is painted.
#[derive(Debug, PartialEq, Eq)]
pub struct PictureStroke {
    pub path: &'static str,
    pub paint: Paint,
}

/// How a stroke is painted.
#[derive(Debug, PartialEq, Eq)]
pub enum Paint {
    /// In its owner's colour (a neutral grey for a neutral piece), outlined as every figure
    /// is: the figure's body.
    Owner,
    /// The same in every player's picture: SVG presentation attributes (`fill="none"
    /// stroke="#5a3a1a" stroke-width="1.2"`), for a detail such as a crook or a door.
    Fixed(&'static str),
}

/// The outline of a standing follower, the meeple of the base games.
pub const MEEPLE_OUTLINE: &str = "M-1.6,-4.5 Q-3.5,-9 0,-9.5 Q3.5,-9 1.6,-4.5 L7,-2.5 Q8,0 5.5,0.5 L3.5,0.8 L6.5,7 L1.6,7 L0,3.5 L-1.6,7 L-6.5,7 L-3.5,0.8 L-5.5,0.5 Q-8,0 -7,-2.5 Z";

impl FigurePicture {
    /// A meeple: standing on a road, a city, a monastery; laid flat in a field or a meadow
    /// (a farmer, a hunter).
    pub const MEEPLE: FigurePicture = FigurePicture {
        name: "meeple",
        strokes: &[PictureStroke {
            path: MEEPLE_OUTLINE,
            paint: Paint::Owner,
        }],
        lies_in_a_field: true,
    };
}

/// Points for one feature, to one or more players; or points one player pays another
/// ([`Breakdown::Payment`]: The Tower's ransom).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreEvent {
    /// Who gains the points: the feature's majority, or a payment's payee (one player).
    pub players: Vec<usize>,
    pub points: u32,
    /// The feature scored, whose name is the event's [`family`](ScoreEvent::family). A
    /// payment scores no feature and names its family itself; its feature is read by nobody.
    pub feature: FeatureKind,
    /// How the points come about: "river of 3 segments + 3 fish = 6" once written out
    /// ([`ScoreEvent::breakdown_text`]).
    pub breakdown: Breakdown,
}

impl ScoreEvent {
    /// How the points come about, as reports and `expect` messages show it: "road of 3 tiles
    /// = 3".
    pub fn breakdown_text(&self) -> String {
        self.breakdown.text(self.points)
    }

    /// A payment's payer, who loses what its payee gains; `None` for a scoring.
    pub fn payer(&self) -> Option<usize> {
        match self.breakdown {
            Breakdown::Payment { payer, .. } => Some(payer),
            _ => None,
        }
    }

    /// What kind of scoring this is, by the feature scored (`city` for a tiny city too,
    /// `road` for a road with an inn), `flock` for a flock to the stable, a payment's reason
    /// (`ransom`), or the word a ruleset's own text begins with (`huts`, `logboat`): the word
    /// `expect scored` and a JCloisterZone test's "scored city" name (its harness compares the
    /// scoring's family, `city` of `city.tiny`), never a prefix of the text.
    pub fn family(&self) -> &str {
        match &self.breakdown {
            Breakdown::Payment { reason, .. } => reason,
            Breakdown::Text(text) => text
                .split(|c: char| !(c.is_alphanumeric() || c == '-'))
                .next()
                .unwrap_or_default(),
            _ => self.feature.name(),
        }
    }
}

/// How the points of a score event come about. The base game's scorings keep their numbers
/// and are written out only when a report shows them (the simulator scores every feature of
/// thousands of games and shows none); the other rulesets write their text at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Breakdown {
    /// The whole text, " = points" included.
    Text(String),
    /// A feature scored by its tiles: "city of 3 tiles + 1 pennant with a cathedral
    /// (incomplete)". The words are the ruleset's, so an expansion's feature (an inn's road, a
    /// tiny city) needs no form of its own here.
    Tiles {
        /// What is scored: "road", "city", "tiny city".
        feature: &'static str,
        tiles: usize,
        /// Written " + 2 pennants" when there are any.
        pennants: u32,
        /// What the feature holds that changed its worth, written after " with ": "an inn".
        with: Option<&'static str>,
        /// Whether " (incomplete)" is written (the base game's road never says it).
        shows_incomplete: bool,
    },
    /// A feature scored by the tiles around it: "monastery with its 8 neighbours",
    /// "garden with 3 neighbours (incomplete)", "monastery with 2 neighbours, the abbot back
    /// early", each with an extra the ruleset counts (" + 1 vineyard").
    Neighbours {
        /// What is scored: "monastery", "garden".
        feature: &'static str,
        neighbours: usize,
        /// How the scoring came: surrounded, at the end of the game, or early.
        ended: Surrounded,
        /// A count added after the neighbours, written when it is not 0.
        extra: Counted,
    },
    /// A field at the end of the game: the completed cities it touches.
    Field { cities: usize },
    /// Points a player pays the event's player (The Tower's ransom: 3 to the player who holds
    /// the payer's follower): the payer loses what the payee gains, never more than the
    /// payer has (a score does not go below 0), and the event's points are what moved.
    /// Written "ransom = 3"; the reports name the payer beside the payee.
    Payment {
        payer: usize,
        /// Why the points are paid, one word: the event's family (`expect scored … ransom`).
        reason: &'static str,
    },
}

/// How a feature scored by its neighbours came to be scored ([`Breakdown::Neighbours`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surrounded {
    /// All 8 neighbours: "with its 8 neighbours".
    Complete,
    /// Scored incomplete at the end: "with 3 neighbours (incomplete)".
    Incomplete,
    /// Scored before it was surrounded, for the reason given: "with 3 neighbours, the abbot
    /// back early".
    Early(&'static str),
}

impl Surrounded {
    /// Surrounded when `complete`, else scored incomplete at the end.
    pub fn when(complete: bool) -> Surrounded {
        if complete {
            Surrounded::Complete
        } else {
            Surrounded::Incomplete
        }
    }
}

/// A count and the word it counts ("1 vineyard", "3 vineyards"); a count of 0 is not written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counted {
    pub count: usize,
    pub word: &'static str,
}

impl Counted {
    /// Nothing to count.
    pub const NONE: Counted = Counted { count: 0, word: "" };
}

impl Breakdown {
    /// The text of the breakdown of an event of `points`. Written into one string with the
    /// numbers pushed digit by digit (`check` writes one for every scoring it reports, and
    /// `format!` cost several times as much, with a string for each part).
    pub fn text(&self, points: u32) -> String {
        use crate::diagnostic::plural;
        let mut text = String::with_capacity(48);
        let number = |text: &mut String, n: usize| push_number(text, n as u64);
        // "3 tiles", "1 pennant": a count and its word, plural but for one.
        let counted = |text: &mut String, n: usize, word: &str| {
            number(text, n);
            text.push(' ');
            text.push_str(word);
            text.push_str(plural(n));
        };
        let pennants = |text: &mut String, n: u32| {
            if n > 0 {
                text.push_str(" + ");
                counted(text, n as usize, "pennant");
            }
        };
        match self {
            Breakdown::Text(text) => return text.clone(),
            Breakdown::Tiles {
                feature,
                tiles,
                pennants: n,
                with,
                shows_incomplete,
            } => {
                text.push_str(feature);
                text.push_str(" of ");
                counted(&mut text, *tiles, "tile");
                pennants(&mut text, *n);
                if let Some(with) = with {
                    text.push_str(" with ");
                    text.push_str(with);
                }
                if *shows_incomplete {
                    text.push_str(" (incomplete)");
                }
            }
            Breakdown::Neighbours {
                feature,
                neighbours,
                ended,
                extra,
            } => {
                text.push_str(feature);
                text.push_str(" with ");
                match ended {
                    Surrounded::Complete => text.push_str("its 8 neighbours"),
                    Surrounded::Incomplete => {
                        counted(&mut text, *neighbours, "neighbour");
                        text.push_str(" (incomplete)");
                    }
                    Surrounded::Early(why) => {
                        counted(&mut text, *neighbours, "neighbour");
                        text.push_str(", ");
                        text.push_str(why);
                    }
                }
                if extra.count > 0 {
                    text.push_str(" + ");
                    counted(&mut text, extra.count, extra.word);
                }
            }
            Breakdown::Field { cities } => {
                text.push_str("field touching ");
                number(&mut text, *cities);
                text.push_str(if *cities == 1 {
                    " completed city"
                } else {
                    " completed cities"
                });
            }
            Breakdown::Payment { reason, .. } => text.push_str(reason),
        }
        text.push_str(" = ");
        number(&mut text, points as usize);
        text
    }
}

/// Writes `n` in decimal at the end of `text`, as `{n}` would.
fn push_number(text: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for digit in &digits[at..] {
        text.push(char::from(*digit));
    }
}

/// What the completions of one placement bring.
#[derive(Debug, Default, Clone)]
pub struct Completion {
    pub events: Vec<ScoreEvent>,
    /// Roots of the completed features whose figures go back to their owners.
    pub returned: Vec<NodeId>,
    /// The placing player earns a bonus draw (a forest with a gold nugget was completed).
    pub earns_bonus: bool,
}

impl Completion {
    /// Empties it for the next placement, keeping the lists' room.
    pub fn clear(&mut self) {
        self.events.clear();
        self.returned.clear();
        self.earns_bonus = false;
    }
}

/// A legal deployment on the tile just placed: a figure and the feature it would stand on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occupation {
    pub figure: &'static str,
    /// The figure's index in [`Rules::figure_names`].
    pub figure_index: usize,
    /// The feature's index on its tile.
    pub feature: usize,
    pub kind: FeatureKind,
    pub node: NodeId,
}

/// A figure in play that may stand on a feature of a catalog tile, as its spec says: what
/// [`Rules::legal_occupations`] checks against the state of the game (figures left in the
/// supply, figures blocking the feature). It depends on the tile and the figures in play
/// only, so the move generator works the list out once per tile, not for every tile placed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Standing {
    pub figure: &'static str,
    /// The figure's index in [`Rules::figure_names`].
    pub figure_index: usize,
    pub spec: FigureSpec,
    /// The feature's index on its tile.
    pub feature: usize,
    pub kind: FeatureKind,
}

/// The [`Standing`]s of `tile`, into `into` (emptied first): feature by feature in the tile's
/// order, each figure of `figures` — [`Rules::figure_names`] in order, with the spec of each
/// that the game's setup has in play — whose spec lets it stand on the feature's kind.
pub fn standings(
    tile: &CompiledTile,
    figures: &[(&'static str, Option<FigureSpec>)],
    into: &mut Vec<Standing>,
) {
    into.clear();
    for (feature, compiled) in tile.features.iter().enumerate() {
        let kind = compiled.kind;
        for (figure_index, &(figure, spec)) in figures.iter().enumerate() {
            let Some(spec) = spec.filter(|spec| spec.stands_on.contains(&kind)) else {
                continue;
            };
            into.push(Standing {
                figure,
                figure_index,
                spec,
                feature,
                kind,
            });
        }
    }
}

/// A rule variant a game may choose: name, values (the first is the default).
#[derive(Debug, Clone, Copy)]
pub struct VariantSpec {
    pub name: &'static str,
    pub values: &'static [&'static str],
    /// What the variant decides, in a line (for help and completion).
    pub help: &'static str,
}

/// A tile that the ruleset plays only in part: what it ignores of the tile.
#[derive(Debug, Clone)]
pub struct TileWarning {
    pub code: &'static carcspec_core::codes::Code,
    pub message: String,
    pub help: std::borrow::Cow<'static, str>,
}

/// A copy of a game's rules with the state they keep (a bag of tokens, covered animals): the
/// search policy (`simulate::mcts`) plays on copies of a game, never on the game itself.
pub trait RulesClone {
    fn clone_rules(&self) -> Box<dyn Rules>;
}

impl<T: Rules + Clone + 'static> RulesClone for T {
    fn clone_rules(&self) -> Box<dyn Rules> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Rules> {
    fn clone(&self) -> Self {
        self.clone_rules()
    }
}

/// What a ruleset counts for a counted expectation ([`Rules::counted`]): each name's count,
/// and the whole in words, which the check's help shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Counts {
    pub counts: Vec<(&'static str, u32)>,
    pub in_words: String,
}

/// Which of a ruleset's hooks a game asks, as its reading and its expansions in play need
/// them ([`Rules::hooks`]): these are asked at every step or every tile, so the runner asks
/// none of them of a game whose expansions do not answer them (a base game asks nothing of
/// Hills & Sheep's flocks or of the abbot).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hooks {
    /// Decisions of its own: [`Rules::pending_decision`], [`Rules::leave_pending`].
    pub own_decisions: bool,
    /// Moves of its own in the figure step ([`Rules::offers`] of `DeployOrPass`: a take-back).
    pub figure_step_moves: bool,
    /// [`Rules::after_scoring`].
    pub after_scoring: bool,
    /// [`Rules::turn_begins`].
    pub turn_begins: bool,
    /// [`Rules::before_scoring`]: decisions of its own between the figure step and the
    /// scoring of the tile.
    pub before_scoring: bool,
    /// [`Rules::deployment_tiles`]: the figure step may deploy on tiles other than the one
    /// just placed.
    pub deploys_elsewhere: bool,
    /// [`Rules::scores_changed`]: the ruleset keeps the players' scores for its own rules.
    pub follows_scores: bool,
}

impl Hooks {
    /// No hook asked: a ruleset that answers none of them.
    pub const NONE: Hooks = Hooks {
        own_decisions: false,
        figure_step_moves: false,
        after_scoring: false,
        turn_begins: false,
        before_scoring: false,
        deploys_elsewhere: false,
        follows_scores: false,
    };

    /// Every hook asked.
    pub const ALL: Hooks = Hooks {
        own_decisions: true,
        figure_step_moves: true,
        after_scoring: true,
        turn_begins: true,
        before_scoring: true,
        deploys_elsewhere: true,
        follows_scores: true,
    };
}

impl Default for Hooks {
    /// Every hook asked, until the ruleset knows its expansions.
    fn default() -> Hooks {
        Hooks::ALL
    }
}

/// What a ruleset does (its static facts — pools, players, figures with their specs,
/// variants — are its descriptor's: [`describe`]).
pub trait Rules: RulesClone + Send + Sync {
    /// The spec of the figure `name` in this game's reading (none for a farmer under `variant
    /// farmers off`).
    fn figure(&self, name: &str) -> Option<FigureSpec>;
    /// The figures of this game's reading, in the descriptor's order.
    fn figure_names(&self) -> &'static [&'static str];
    /// The hooks this game asks ([`Hooks`]), known once its expansions are
    /// ([`Rules::expansions_in_play`]); the runner asks it once a game. By default, all.
    fn hooks(&self) -> Hooks {
        Hooks::ALL
    }
    /// The figures that forbid `at.player` deploying `figure` on the feature of `node`.
    fn blockers(&self, at: &mut Context, figure: &FigureSpec, node: NodeId) -> Vec<FigureId>;
    /// Scores the features that the tile just placed (`at.placement`, in `at.player`'s turn)
    /// completed, into `completion` (empty: the caller keeps one from placement to placement,
    /// so that its lists are not made and dropped at every placement); `roots` are the
    /// features the placed tile is part of.
    fn score_completed(&mut self, at: &mut Context, roots: &[NodeId], completion: &mut Completion);
    /// Scores the end of the game and takes the figures off incomplete features.
    fn final_scoring(&self, engine: &mut Engine) -> Vec<ScoreEvent>;
    /// A warning about a tile that does not fully belong to this ruleset or to the game's
    /// expansions, if any. `shipped`: the tile is of a shipped tile set (an official printing).
    fn tile_warning(&self, tile: &CompiledTile, shipped: bool) -> Option<TileWarning>;

    // The turn: the common steps (draw, place or discard, deploy or pass) are laid out by
    // `turn::next_decision`; a ruleset adds its own decisions, draws and effects here, and
    // keeps the state of the game they need (a bag of tokens, animals a trap covered) in
    // itself — one `Rules` value plays one game.

    /// The ruleset's own decision due now, which comes before the common steps go on: a flock
    /// token, a flock choice; (next) a decision between placement and occupation.
    fn pending_decision(&self) -> Option<Decision> {
        None
    }
    /// The ruleset's own moves that `decision` offers now, into `into` (emptied first): the
    /// moves of its own decisions (a flock token, grow or stable), and its moves of a common
    /// decision — a take-back (`Move::take_back`) in the figure step of the tile just placed
    /// ([`Decision::DeployOrPass`]), besides the deployments and the pass. The simulator and
    /// the search choose among them; the checker validates a transcript's move with
    /// [`Rules::take_back_due`] and [`Rules::take_back_refused`].
    fn offers(
        &self,
        _engine: &mut Engine,
        _turn: &TurnView,
        _decision: Decision,
        into: &mut Vec<Offer>,
    ) {
        into.clear();
    }
    /// Plays a move of the ruleset's own decisions; `setup` while the game's setup lays its
    /// board (before the first turn).
    fn play(&mut self, _engine: &mut Engine, mv: Move, _setup: bool) -> Outcome {
        turn::not_due(mv)
    }
    /// A move that is not the one the ruleset's pending decision waits for comes: the
    /// decision is dropped, and the rule it broke reported.
    fn leave_pending(&mut self) -> Option<Violation> {
        None
    }
    /// The decision a tile drawn brings before it is placed (the tile under a hill), given
    /// the land tiles left.
    fn after_draw(&self, _tile: &CompiledTile, _land_left: u32) -> Option<Decision> {
        None
    }
    /// The tile just placed acts at once, before occupation (an immediate power); its points,
    /// the figures it sends home, the state it changes for final scoring.
    fn after_placement(
        &mut self,
        _engine: &mut Engine,
        _turn: &TurnView,
        _placement: PlacementId,
    ) -> Outcome {
        Outcome::default()
    }
    /// A figure was deployed (in a setup: `setup`).
    fn deployed(&mut self, _engine: &Engine, _figure: FigureId, _node: NodeId, _setup: bool) {}
    /// The ruleset's own decision between the figure step of the tile just placed
    /// (`at.placement`, in `at.player`'s turn) and its scoring, if one is left: the dragon's
    /// move, a capture ([`Phase::RulesetSteps`]). The runner asks it when the figure step is
    /// done (a deployment, a pass, a take-back instead of the deployment) and after each move
    /// of the ruleset in that step, and scores the tile once the answer is `None`; the
    /// decision's moves are the ruleset's [`Rules::offers`], played by [`Rules::play`] and
    /// taken by the decision's [`Decider`]. Asked only where [`Hooks::before_scoring`] is set.
    /// A move of another step that comes instead (a transcript that leaves the step out)
    /// scores the tile where it needs it scored (a draw, the end of the turn); the ruleset,
    /// which keeps what its step is owed, reports it ([`Rules::end_turn`]).
    fn before_scoring(&mut self, _at: &mut Context) -> Option<RulesetDecision> {
        None
    }
    /// The tiles besides the one just placed (`at.placement`) on which the figure step of
    /// `at.player` may deploy, into `into` (emptied first): none in the base games; every tile
    /// whose features are open where the tile just placed shows a magic portal (Princess &
    /// Dragon). Which occupations of those tiles are legal is [`Rules::legal_occupations`]'s
    /// (asked with each tile as `at.placement`), and [`Rules::deployment_violation`] says why a
    /// written one is not. Asked only where [`Hooks::deploys_elsewhere`] is set.
    fn deployment_tiles(&self, _at: &mut Context, into: &mut Vec<PlacementId>) {
        into.clear();
    }
    /// The players' scores, each time points were scored or paid: a ruleset whose rules read
    /// a player's score (The Tower's ransom, paid only by a player with the points) keeps them
    /// for its offers and its moves. Asked only where [`Hooks::follows_scores`] is set.
    fn scores_changed(&mut self, _scores: &[i64]) {}
    /// After the scoring of the tile just placed (`roots`: its features): what follows in the
    /// same turn (flocks the tile extended).
    fn after_scoring(
        &mut self,
        _engine: &mut Engine,
        _turn: &TurnView,
        _roots: &[NodeId],
    ) -> Outcome {
        Outcome::default()
    }
    /// Whether the scoring of a tile earns the turn a bonus turn, with `bonus_left` tiles in
    /// the bonus pile. By default a completion that earns one does, unless it is a bonus
    /// tile's own (“there is no chain reaction”) or the pile is empty: “When the bonus stack
    /// is used up, players no longer draw bonus tiles!” (2002), “Empty pile: no bonus” (2020
    /// digest §6).
    fn earns_bonus_turn(
        &self,
        completion: &Completion,
        on_bonus_tile: bool,
        bonus_left: u32,
    ) -> bool {
        completion.earns_bonus && !on_bonus_tile && bonus_left > 0
    }
    /// Whether the player now draws a bonus tile.
    fn bonus_turn_due(&self, turn: &TurnView) -> bool {
        turn.bonus_earned && !turn.bonus_drawn && turn.bonus_left > 0
    }
    /// The figures of a pool a player may deploy now, of `supply` in the supply, of which
    /// `returned_this_turn` came back in this turn (by scoring) and `taken_back_now` were
    /// taken back (`return`) in the figure step of the tile just placed.
    fn usable_figures(
        &self,
        _turn: Option<&TurnView>,
        supply: u32,
        _returned_this_turn: u32,
        _taken_back_now: u32,
    ) -> u32 {
        supply
    }
    /// Why `at.player` may not deploy `figure` on the feature of `node` although no figure
    /// blocks it: a figure that needs one of its owner's followers there (Traders & Builders'
    /// builder and pig). The checker reports it instead of looking for blockers; the move
    /// generator asks [`Rules::blocked`], which says `true` then too.
    fn occupation_refused(
        &self,
        _at: &mut Context,
        _figure: &FigureSpec,
        _node: NodeId,
    ) -> Option<Violation> {
        None
    }
    /// Whether a figure forbids `at.player` deploying `figure` on the feature of `node`:
    /// whether [`Rules::blockers`] finds any, without collecting them (the move generator asks
    /// this for every feature and figure of every tile placed, so each ruleset answers it
    /// without the list).
    fn blocked(&self, at: &mut Context, figure: &FigureSpec, node: NodeId) -> bool;
    /// Every legal occupation of the tile just placed (`at.placement`) by `at.player` (the
    /// moves of [`Decision::DeployOrPass`] besides passing), into `into` (emptied first): of
    /// the `standings` of its catalog tile (see [`standings`]: each figure in play that may
    /// stand on each feature, in the tile's order of features and the order of
    /// [`Rules::figure_names`]), those with `usable[pool]` figures of their pool left to deploy
    /// and no figure blocking the feature.
    fn legal_occupations(
        &self,
        at: &mut Context,
        standings: &[Standing],
        usable: &[u32],
        into: &mut Vec<Occupation>,
    ) {
        into.clear();
        let Some(placement) = at.placement else {
            return;
        };
        let first_node = at.engine.placement(placement).first_node;
        for standing in standings {
            let node = first_node + standing.feature as NodeId;
            if usable.get(standing.spec.pool).copied().unwrap_or(0) == 0
                || self.blocked(at, &standing.spec, node)
            {
                continue;
            }
            into.push(Occupation {
                figure: standing.figure,
                figure_index: standing.figure_index,
                feature: standing.feature,
                kind: standing.kind,
                node,
            });
        }
    }
    /// The turn ends: the rules its open decisions break.
    fn end_turn(&mut self) -> Vec<Violation> {
        Vec::new()
    }
    /// A count the ruleset keeps of its own state, by the name its module gives it (Hills &
    /// Sheep's flocks to the stable and wolves, the 2020 powers used): `simulate`'s
    /// statistics ask the counts the descriptors' `statistics` lines name, so the common trait
    /// declares no ruleset's state. `None` where the ruleset keeps no such count.
    fn count(&self, _name: &str) -> Option<u32> {
        None
    }
    /// The counts of a counted expectation of the statement table (`expect bag`, `expect
    /// covered`: `crates/syntax/src/statements.rs`, `COUNTED_EXPECTATIONS`), by the names it
    /// declares: the game's, or `player`'s for a kind counted for each player (then always
    /// `Some`); `None` where the game keeps no such count.
    fn counted(&self, _kind: &str, _player: Option<usize>) -> Option<Counts> {
        None
    }

    // Taking a figure back (`return`, `Move::take_back`): a move of the figure step that the
    // ruleset offers (`Rules::offers`) — the 2020 shaman before the deployment, the abbot
    // instead of it (`Outcome::figure_step_done`). For the checker, the ruleset says when one
    // is due and why a `return` is refused; it plays its effects (`Rules::play`); the runner
    // takes the figure off the board.

    /// Whether the turn's player may take a figure back now, in the figure step of the tile
    /// just placed (`turn.placed`, whose figure step may have taken one back already:
    /// `turn.took_back`).
    fn take_back_due(&self, _engine: &Engine, _turn: &TurnView) -> bool {
        false
    }
    /// What a `return` breaks when none is due (`take_back_due` says `false`), for the checker;
    /// the message follows the player's name.
    fn take_back_not_due(&self, _engine: &Engine, turn: &TurnView) -> Violation {
        no_take_back(turn)
    }
    /// What a `return` of `figure` — one of the turn's player's, on the board — breaks when a
    /// take-back is due but the figure is not one the ruleset offers; `None` when it is. The
    /// message follows the player's name; the text labels the move that deployed the figure.
    fn take_back_refused(
        &self,
        _engine: &mut Engine,
        _turn: &TurnView,
        _figure: FigureId,
    ) -> Option<(Violation, &'static str)> {
        None
    }
    /// Whether a bonus tile that fits nowhere is replaced by another draw.
    fn unplaceable_bonus_tile_redrawn(&self) -> bool {
        true
    }
    /// The stacks a game starts from, given the copies of each catalog tile (`counts`, in
    /// place): The River leaves out a second lake when both rivers are played.
    fn prepare_stacks(&self, _catalog: &[CompiledTile], _counts: &mut [u32]) {}
    /// The game's expansions, told before its first move. A content that only an expansion's
    /// rules give meaning to is decoration without it (The River II's inn, in a game without
    /// Inns & Cathedrals).
    fn expansions_in_play(&mut self, _expansions: &[String]) {}
    /// The group of the draw order a tile belongs to: the stacks are drawn group by group,
    /// lowest first (The River: the fork, the river, the lake, then the land tiles).
    fn draw_group(&self, _tile: &CompiledTile) -> u8 {
        0
    }
    /// The rule a draw of the catalog tile `tile` breaks, given the copies left in the stacks
    /// (`stack`, the drawn tile still among them): a tile drawn out of the order.
    fn draw_violation(
        &self,
        _catalog: &[CompiledTile],
        _stack: &[u32],
        _tile: usize,
    ) -> Option<Violation> {
        None
    }
    /// Whether the ruleset has rules of its own on where `tile` may lie, besides matching
    /// sides (a river tile must continue the river): only such tiles are asked
    /// [`Rules::placement_violation`].
    fn restricts_placement(&self, _tile: &CompiledTile) -> bool {
        false
    }
    /// The rule a placement of the catalog tile `tile` at `pos` breaks, its sides matching.
    fn placement_violation(
        &self,
        _engine: &Engine,
        _tile: usize,
        _pos: crate::model::Pos,
        _rotation: crate::model::Rotation,
    ) -> Option<Violation> {
        None
    }
    /// The rule a figure on a feature of `kind` of the tile `at.placement` breaks, the
    /// figure's kind apart (nobody stands on the water of The River, nor on the volcano lake's
    /// tile). The move generator asks it once for each tile and rotation and keeps the answer
    /// for every later game of the catalog: a rule that depends on the player or the turn is
    /// [`Rules::blocked`]'s (and [`Rules::blockers`]').
    fn deployment_violation(&self, _at: &Context, _kind: FeatureKind) -> Option<Violation> {
        None
    }
    /// Whether the turn's player takes another turn at once, as the turn ends (The River
    /// II's volcano lake; a double turn): the ruleset sees the board and the whole turn.
    fn another_turn(&self, _engine: &Engine, _turn: &TurnView) -> bool {
        false
    }
    /// A turn begins (the turn's player, its lists emptied): what the ruleset does at the
    /// start of a turn, before the draw.
    fn turn_begins(&mut self, _engine: &mut Engine, _turn: &TurnView) -> Outcome {
        Outcome::default()
    }
}

/// Why a `return` is refused where the ruleset takes no figure back during the game (the
/// 2002 Hunters and Gatherers rules; Carcassonne without the abbot words its own).
fn no_take_back(turn: &TurnView) -> Violation {
    let why = match turn.placed {
        None => "no tile was placed in this turn yet",
        Some(_) => "no move of these rules takes a figure back",
    };
    Violation::new(
        &carcspec_core::codes::RETURN_NOT_ALLOWED,
        " may not take a figure back here",
        why,
        "remove the `return`: under these rules a figure leaves the board only when its feature \
        is scored",
    )
}

/// The descriptor of `ruleset`.
pub fn describe(ruleset: Ruleset) -> &'static descriptor::RulesetDescriptor {
    match ruleset {
        Ruleset::Carcassonne => &carcassonne::DESCRIPTOR,
        Ruleset::HuntersGatherers => &hunters_gatherers::DESCRIPTOR,
        Ruleset::HuntersGatherers2020 => &hunters_gatherers_2020::DESCRIPTOR,
    }
}

/// Every ruleset's descriptor, in the order of [`Ruleset::ALL`].
pub fn all() -> impl Iterator<Item = &'static descriptor::RulesetDescriptor> {
    Ruleset::ALL.into_iter().map(describe)
}

/// Every line of `simulate`'s statistics: the rulesets' own, then their expansions', each in
/// the order of [`Ruleset::ALL`].
pub fn statistics() -> impl Iterator<Item = &'static descriptor::StatisticsLine> {
    let expansions = all().flat_map(|descriptor| descriptor.expansions);
    all()
        .flat_map(|descriptor| descriptor.statistics)
        .chain(expansions.flat_map(|expansion| expansion.statistics))
}

/// The names of the counts of every line of [`statistics`], in order.
pub fn statistic_counts() -> impl Iterator<Item = &'static str> {
    statistics().flat_map(|line| line.counts.iter().copied())
}

/// The rules of `ruleset`, played with the chosen `(name, value)` variants (the lowering has
/// checked them against its descriptor's variants). Each ruleset reads its own variants.
pub fn for_ruleset(ruleset: Ruleset, variants: &[(String, String)]) -> Box<dyn Rules> {
    match ruleset {
        Ruleset::Carcassonne => Box::new(carcassonne::Carcassonne::new(variants)),
        Ruleset::HuntersGatherers => Box::new(hunters_gatherers::HuntersGatherers::new(variants)),
        Ruleset::HuntersGatherers2020 => {
            Box::new(hunters_gatherers_2020::HuntersGatherers2020::new(variants))
        }
    }
}

/// The rules a game is played by: its ruleset with the variants it chose.
pub fn for_script(script: &crate::model::Script) -> Box<dyn Rules> {
    for_ruleset(script.ruleset, &script.chosen_variants())
}

/// Whether the game chose `value` for the variant `name`, among its `(name, value)` choices:
/// how a ruleset and its expansions read the variants they are built with.
pub fn chosen(variants: &[(String, String)], name: &str, value: &str) -> bool {
    variants.iter().any(|(n, v)| n == name && v == value)
}

/// How the game language names a supply pool: `followers`, `shepherds`, `tribe-members`,
/// `huts`.
pub fn pool_word(pool: &str) -> String {
    format!("{}s", pool.replace(' ', "-"))
}

/// Each pool's figures a player starts with in a game of `expansions`: none in a pool that
/// no figure in play fills (the shepherd's without Hills & Sheep:
/// [`descriptor::RulesetDescriptor::pool_in_play`]); otherwise the ruleset's count, or what
/// the game's `supply` line says (`overrides`: pool words, as [`pool_word`] writes them, and
/// counts).
pub fn starting_supply<'a>(
    ruleset: Ruleset,
    expansions: &'a [String],
    overrides: &'a [(String, u32)],
) -> impl Iterator<Item = u32> + 'a {
    let descriptor = describe(ruleset);
    descriptor
        .pools
        .iter()
        .enumerate()
        .map(move |(index, (name, n))| {
            if !descriptor.pool_in_play(index, expansions) {
                return 0;
            }
            overrides
                .iter()
                .find(|(pool, _)| *pool == pool_word(name))
                .map_or(*n, |(_, count)| *count)
        })
}

/// Whether a figure on the feature of `node` (on its river system when `system`) is one that
/// `counts`, without collecting the figures into a vector.
pub(crate) fn any_figure_on(
    engine: &mut Engine,
    node: NodeId,
    system: bool,
    counts: impl Fn(&Figure) -> bool,
) -> bool {
    let mut index = 0;
    loop {
        // The engine lends its component mutably (it compresses paths), so each figure id is
        // read by index and the figure looked up after that borrow ends.
        let figure = if system {
            engine.system(node).figures.get(index).copied()
        } else {
            engine.component(node).figures.get(index).copied()
        };
        let Some(figure) = figure else {
            return false;
        };
        if counts(&engine.figures[figure as usize]) {
            return true;
        }
        index += 1;
    }
}

/// The players with the most strength among the given figures that `counts` (all of them on
/// a tie); empty when there are none, or when the most is 0 (a mayor alone in a city without
/// pennants wins nothing). Each figure weighs its spec's strength (`specs`: the ruleset's
/// figures, looked up by kind) on the feature that holds `contents`, so that a large follower
/// outweighs one follower and ties with two, and a mayor weighs the city's pennants.
pub fn majority(
    engine: &Engine,
    figures: &[FigureId],
    specs: &[FigureSpec],
    contents: &Contents,
    counts: impl Fn(&crate::engine::Figure) -> bool,
) -> Vec<usize> {
    let mut per_player: Vec<(usize, u32)> = Vec::new();
    for figure in figures {
        let figure = &engine.figures[*figure as usize];
        if !figure.on_board || !counts(figure) {
            continue;
        }
        let strength = strength_of(specs, figure.kind).on(contents);
        match per_player.iter_mut().find(|(p, _)| *p == figure.player) {
            Some((_, n)) => *n += strength,
            None => per_player.push((figure.player, strength)),
        }
    }
    let most = per_player.iter().map(|(_, n)| *n).max().unwrap_or(0);
    let mut winners: Vec<usize> = per_player
        .into_iter()
        .filter(|(_, n)| most > 0 && *n == most)
        .map(|(p, _)| p)
        .collect();
    winners.sort_unstable();
    winners
}

/// The strength of a figure of `kind` among `specs`. Every figure on the board was deployed
/// from one of its ruleset's specs; a kind that is none of them weighs as one figure.
pub fn strength_of(specs: &[FigureSpec], kind: FigureKind) -> Strength {
    specs
        .iter()
        .find(|spec| spec.kind == kind)
        .map_or(Strength::Fixed(1), |spec| spec.strength)
}

/// The picture of a figure of `kind` among `specs` (a ruleset's descriptor's figures); `None`
/// for a kind the ruleset does not declare, which render draws as a piece it does not know
/// (never silently as a meeple).
pub fn picture_of(specs: &[FigureSpec], kind: FigureKind) -> Option<&'static FigurePicture> {
    specs
        .iter()
        .find(|spec| spec.kind == kind)
        .map(|spec| spec.picture)
}

/// The tiles of a shipped set as a game plays them (loaded, linted and compiled by the layers
/// above, as `carcspec::load` reads a set): for the tests that play the shipped tiles.
#[cfg(test)]
pub(crate) fn shipped_tiles(set: &str) -> Vec<CompiledTile> {
    let loaded = carcspec::load::load(set).unwrap_or_else(|_| panic!("{set} is shipped"));
    let usable = loaded
        .usable()
        .unwrap_or_else(|| panic!("{set} loads clean"));
    usable
        .tiles
        .iter()
        .map(|tile| CompiledTile::compile(tile, usable.ruleset))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Breakdown, Counted, Ruleset, Surrounded, describe};

    /// `explain V108` states each ruleset's own supply: its line names every pool with the
    /// count its descriptor's pools give (the 2020 rules' 3 huts, not the 2002 rules' 2).
    #[test]
    fn the_supply_explanation_states_every_rulesets_counts() {
        let text = super::codes::explanation(&carcspec_core::codes::SUPPLY_EMPTY);
        for (ruleset, line_starts) in [
            (Ruleset::Carcassonne, "Carcassonne:"),
            (Ruleset::HuntersGatherers, "Hunters and Gatherers (2002):"),
            (
                Ruleset::HuntersGatherers2020,
                "Hunters and Gatherers (2020):",
            ),
        ] {
            let item = text
                .split("\n- ")
                .find(|item| item.starts_with(line_starts))
                .unwrap_or_else(|| panic!("no item `{line_starts}` in {text}"));
            for (pool, count) in describe(ruleset).pools {
                let stated = if *count == 1 {
                    format!("one {pool}")
                } else {
                    format!("{count} {pool}s")
                };
                assert!(
                    item.contains(&stated),
                    "{ruleset:?}: `{stated}` not in {item}"
                );
            }
        }
    }

    /// The breakdowns kept as numbers read as the texts the reports have always shown
    /// (singular and plural, complete and incomplete, with and without extras).
    #[test]
    fn breakdowns_read_as_the_reports_show_them() {
        let tiles = |feature, tiles, pennants, with, shows_incomplete| Breakdown::Tiles {
            feature,
            tiles,
            pennants,
            with,
            shows_incomplete,
        };
        let neighbours = |feature, neighbours, ended, extra| Breakdown::Neighbours {
            feature,
            neighbours,
            ended,
            extra,
        };
        let vineyards = |count| Counted {
            count,
            word: "vineyard",
        };
        let cases = [
            (tiles("road", 1, 0, None, false), 1, "road of 1 tile = 1"),
            (tiles("road", 4, 0, None, false), 4, "road of 4 tiles = 4"),
            (
                tiles("city", 3, 1, None, false),
                8,
                "city of 3 tiles + 1 pennant = 8",
            ),
            (
                tiles("city", 1, 2, None, true),
                3,
                "city of 1 tile + 2 pennants (incomplete) = 3",
            ),
            (tiles("city", 2, 0, None, false), 4, "city of 2 tiles = 4"),
            (
                neighbours("monastery", 8, Surrounded::Complete, vineyards(1)),
                12,
                "monastery with its 8 neighbours + 1 vineyard = 12",
            ),
            (
                neighbours("monastery", 8, Surrounded::Complete, vineyards(2)),
                15,
                "monastery with its 8 neighbours + 2 vineyards = 15",
            ),
            (
                neighbours("monastery", 1, Surrounded::Incomplete, vineyards(0)),
                2,
                "monastery with 1 neighbour (incomplete) = 2",
            ),
            (
                Breakdown::Field { cities: 1 },
                3,
                "field touching 1 completed city = 3",
            ),
            (
                Breakdown::Field { cities: 0 },
                0,
                "field touching 0 completed cities = 0",
            ),
            (
                tiles("road", 5, 0, Some("an inn"), false),
                10,
                "road of 5 tiles with an inn = 10",
            ),
            (
                tiles("road", 1, 0, Some("an inn"), true),
                0,
                "road of 1 tile with an inn (incomplete) = 0",
            ),
            (
                tiles("city", 12, 0, Some("a cathedral"), false),
                36,
                "city of 12 tiles with a cathedral = 36",
            ),
            (
                tiles("city", 6, 1, Some("a cathedral"), true),
                0,
                "city of 6 tiles + 1 pennant with a cathedral (incomplete) = 0",
            ),
            (
                tiles("tiny city", 2, 1, None, false),
                3,
                "tiny city of 2 tiles + 1 pennant = 3",
            ),
            (
                neighbours("garden", 8, Surrounded::Complete, Counted::NONE),
                9,
                "garden with its 8 neighbours = 9",
            ),
            (
                neighbours("garden", 3, Surrounded::Incomplete, Counted::NONE),
                4,
                "garden with 3 neighbours (incomplete) = 4",
            ),
            (
                neighbours(
                    "garden",
                    5,
                    Surrounded::Early("the abbot back early"),
                    Counted::NONE,
                ),
                6,
                "garden with 5 neighbours, the abbot back early = 6",
            ),
            (
                neighbours(
                    "monastery",
                    1,
                    Surrounded::Early("the abbot back early"),
                    Counted::NONE,
                ),
                2,
                "monastery with 1 neighbour, the abbot back early = 2",
            ),
            (
                Breakdown::Text("huts: river system with 3 fish = 3".into()),
                3,
                "huts: river system with 3 fish = 3",
            ),
            (
                Breakdown::Payment {
                    payer: 1,
                    reason: "ransom",
                },
                3,
                "ransom = 3",
            ),
        ];
        for (breakdown, points, text) in cases {
            assert_eq!(breakdown.text(points), text);
        }
    }

    /// A figure whose strength is a count of what its feature holds (Abbey & Mayor's mayor:
    /// the city's pennants) weighs that count in the majority, read at scoring: against one
    /// follower, a mayor in a city of 0 pennants loses, of 1 ties, of 2 wins; alone in a city
    /// of 0 pennants it wins nothing. A fixed strength reads none of the counts.
    #[test]
    fn a_per_content_strength_weighs_the_count_of_its_feature() {
        use super::{FigureKind, FigurePicture, FigureSpec, Strength, majority};
        use crate::engine::{Engine, content_index};
        use crate::model::{ContentKind, FeatureKind, Pos, Rotation};
        const MAYOR: FigureKind = FigureKind("mayor");
        let spec = |kind, strength| FigureSpec {
            kind,
            pool: 0,
            stands_on: &[FeatureKind::City],
            holds_river_system: false,
            strength,
            picture: &FigurePicture::MEEPLE,
        };
        let specs = [
            spec(crate::carcassonne::KNIGHT, Strength::Fixed(1)),
            spec(MAYOR, Strength::PerContent(ContentKind::Pennant)),
        ];
        let catalog = super::shipped_tiles("carcassonne-base");
        let (tile, feature) = catalog
            .iter()
            .enumerate()
            .find_map(|(t, tile)| {
                let city = tile
                    .features
                    .iter()
                    .position(|f| f.kind == FeatureKind::City)?;
                Some((t, city))
            })
            .expect("the base set has a city");
        let mut engine = Engine::new(catalog);
        let (placement, _) = engine.place(tile, Pos::new(0, 0), Rotation(0));
        let city = engine.placement(placement).first_node + feature as u32;
        let mayor = engine.deploy(0, MAYOR, city, false, 0);
        let knight = engine.deploy(1, crate::carcassonne::KNIGHT, city, false, 0);
        let held = engine.component(city).contents;
        let with_pennants = |pennants: u32| {
            let mut contents = held;
            contents[content_index(ContentKind::Pennant)] = pennants;
            contents
        };
        for (pennants, winners) in [(0, vec![1]), (1, vec![0, 1]), (2, vec![0])] {
            let contents = with_pennants(pennants);
            let both = [mayor, knight];
            assert_eq!(
                majority(&engine, &both, &specs, &contents, |_| true),
                winners,
                "{pennants} pennants"
            );
        }
        assert_eq!(
            majority(&engine, &[mayor], &specs, &with_pennants(0), |_| true),
            Vec::<usize>::new(),
            "a mayor alone in a city without pennants"
        );
        assert_eq!(
            majority(&engine, &[mayor], &specs, &with_pennants(3), |_| true),
            vec![0]
        );
        // The same figure weighed as one follower, whatever the city holds.
        let fixed = [specs[0], spec(MAYOR, Strength::Fixed(1))];
        assert_eq!(
            majority(&engine, &[mayor, knight], &fixed, &with_pennants(2), |_| {
                true
            }),
            vec![0, 1]
        );
    }

    /// Numbers of every length are written as `format!` writes them.
    /// Every count a ruleset's statistics lines name is one its rules keep (a line that
    /// named no count would report 0 in every game), the names are unique (they are fields
    /// of the JSON report), and a line reads with its means in place.
    #[test]
    fn the_statistics_lines_name_counts_the_rules_keep() {
        let mut names: Vec<&str> = super::statistic_counts().collect();
        assert!(names.len() >= 3, "flocks, wolves, powers");
        for descriptor in super::all() {
            let mut rules = super::for_ruleset(descriptor.ruleset, &[]);
            let expansions: Vec<String> = descriptor
                .expansions
                .iter()
                .map(|e| e.name.to_string())
                .collect();
            rules.expansions_in_play(&expansions);
            let lines = descriptor
                .expansions
                .iter()
                .flat_map(|expansion| expansion.statistics)
                .chain(descriptor.statistics);
            for name in lines.flat_map(|line| line.counts) {
                assert_eq!(
                    rules.count(name),
                    Some(0),
                    "`{name}` at the start of a game"
                );
            }
        }
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a count named twice");
        let line = super::descriptor::StatisticsLine {
            counts: &["a", "b"],
            text: "\nas per game: {}; bs per game: {}",
        };
        assert_eq!(
            line.written(&[1.825, 0.25]),
            "\nas per game: 1.82; bs per game: 0.25"
        );
    }

    #[test]
    fn numbers_are_written_as_format_writes_them() {
        let mut n = 1u64;
        for value in [0, 7, 10, 99, 100, 12_345, u64::from(u32::MAX), u64::MAX]
            .into_iter()
            .chain(std::iter::from_fn(|| {
                n = n.checked_mul(3)?;
                Some(n - 1)
            }))
        {
            let mut text = String::from("x");
            super::push_number(&mut text, value);
            assert_eq!(text, format!("x{value}"));
        }
    }
}
