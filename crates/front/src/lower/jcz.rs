//! Lowers a JCloisterZone saved game to a [`Script`]: the same model a `.game` file lowers to,
//! so that `carcspec check` replays both alike and `carcspec import` can print it as a game.
//! The mapping is documented in `docs/jcloisterzone.md`.

use std::sync::OnceLock;

use serde_json::Value;

/// The ruleset JCloisterZone's saved games play: its descriptor's parts name what each base
/// game's and expansion's elements, meeples, features and rules are (`rules::jcz`).
const JCZ_RULESET: Ruleset = Ruleset::Carcassonne;

/// The parts of the JCloisterZone vocabulary: the base game's, then each expansion's with it.
fn jcz_parts() -> impl Iterator<Item = (Option<&'static ExpansionDescriptor>, &'static JczPart)> {
    let descriptor = crate::rules::describe(JCZ_RULESET);
    std::iter::once((None, descriptor.jcz))
        .chain(descriptor.expansions.iter().map(|e| (Some(e), e.jcz)))
}

/// The pool (an index into `RulesetDescriptor::pools`) JCloisterZone's meeple type `meeple_type` is
/// taken from.
pub fn meeple_pool(meeple_type: &str) -> Option<usize> {
    jcz_parts()
        .flat_map(|(_, part)| part.meeples)
        .find(|(name, _)| *name == meeple_type)
        .map(|(_, pool)| *pool)
}

/// The `source`s of JCloisterZone's `RETURN_MEEPLE` that carcspec plays (`ABBOT_RETURN`).
pub fn take_back_sources() -> Vec<String> {
    jcz_parts()
        .filter_map(|(_, part)| part.take_back)
        .map(|(source, _)| source.to_string())
        .collect()
}

/// The figures of the pool `pool`, in the descriptor's order.
fn pool_figures(pool: usize) -> Vec<&'static FigureSpec> {
    crate::rules::describe(JCZ_RULESET)
        .figures
        .iter()
        .filter(|figure| figure.pool == pool)
        .collect()
}

/// A figure that stands on a monastery or a garden only: its deployment is on the tile's inner
/// anchor, whatever location the pointer names.
fn stands_inside(figure: &FigureSpec) -> bool {
    figure
        .stands_on
        .iter()
        .all(|kind| kind.anchor_class() == AnchorClass::Inner)
}

/// The parts of the base game and of the expansions in play.
fn jcz_parts_in_play(
    expansions: &[String],
) -> impl Iterator<Item = (Option<&'static ExpansionDescriptor>, &'static JczPart)> + '_ {
    jcz_parts().filter(|(expansion, _)| {
        expansion.is_none_or(|e| expansions.iter().any(|name| name == e.name))
    })
}

/// JCloisterZone's player slots: a saved game has 1 to 6 players.
const JCZ_PLAYER_SLOTS: usize = 6;

/// The keys of a replay message's payload that say what the move is (all but the random
/// number it drew): where the findings about the move point.
const PAYLOAD_KEYS_OF_A_MOVE: &[&str] = &[
    "tileId",
    "rotation",
    "position",
    "pointer",
    "meepleId",
    "figureId",
    "to",
    "token",
    "value",
    "source",
    "supplyIndex",
    "price",
];

use super::jcz_draw::{Drawn, PackTile, TilePack};
use super::jcz_harness::{self, HarnessAssertion, location_anchors};
use crate::codes;
use crate::diagnostic::{Diagnostic, Omitted, Span};
use crate::model::{
    Action, Anchor, AnchorClass, Expectation, FeatureRef, Marker, MoveWordsRead, Pos, Rotation,
    Ruleset, Script, Step, TokenDraw,
};
use crate::rules::carcassonne::abbey;
use crate::rules::descriptor::ExpansionDescriptor;
use crate::rules::jcz::{JczMeaning, JczMove, JczPart};
use crate::rules::{FigureSpec, TAKE_BACK};
use crate::syntax::jcz::JczDocument;
use crate::syntax::statements::{self, MoveWords};

/// JCloisterZone's expansions that carcspec does not ship, by the code that begins their tile
/// ids (`AM/A` is a tile of Abbey & Mayor), as its `Expansion` enum names them (the basic
/// game `BA`, Hills & Sheep `HS` and Inns & Cathedrals `IC` are shipped: `rules::descriptor::jcz_tile_sets`): a tile
/// of one is refused by the expansion's name (`J002`), not as an unknown tile.
const UNSHIPPED_EXPANSIONS: [(&str, &str); 33] = [
    ("WI", "the Winter Edition"),
    ("WF", "Wheel of Fortune"),
    ("TB", "Traders & Builders"),
    ("DG", "The Princess & the Dragon"),
    ("TO", "The Tower"),
    ("AM", "Abbey & Mayor"),
    ("CA", "The Catapult"),
    ("BB", "Bridges, Castles and Bazaars"),
    ("KR", "King and Robber Baron"),
    ("KS", "King and Scout"),
    ("SI", "The Cathars / Siege"),
    ("BE", "The Besiegers"),
    ("CO", "The Count of Carcassonne"),
    ("GQ", "The Mini Expansion (GQ11)"),
    ("CU", "The Cult"),
    ("TU", "The Tunnel"),
    ("CC", "The Corn Circles"),
    ("C2", "The Corn Circles II"),
    ("PL", "The Plague"),
    ("PH", "The Phantom"),
    ("FE", "The Festival"),
    ("LB", "Little Buildings"),
    ("WR", "The Wind Rose"),
    ("GM", "The German Monasteries"),
    ("FL", "The Flier"),
    ("ME", "The Messages"),
    ("FR", "The Ferries"),
    ("GO", "The Goldmines"),
    ("MW", "Mage & Witch"),
    ("RO", "The Robber"),
    ("EN", "The Entourage"),
    ("SC", "The School"),
    ("PX", "La Porxada"),
];

/// Lowers `document`. Returns the script, or the diagnostics that keep it
/// from being replayed.
pub fn lower(document: &JczDocument) -> Result<Script, Vec<Diagnostic>> {
    lower_with_warnings(document).map(|(script, _, _)| script)
}

/// As [`lower`], with the warnings that do not keep the game from being replayed (elements
/// declared but not played): the first ones, and a count of the rest.
pub fn lower_with_warnings(
    document: &JczDocument,
) -> Result<(Script, Vec<Diagnostic>, Omitted), Vec<Diagnostic>> {
    let mut lowering = Lowering {
        document,
        diagnostics: Vec::new(),
        omitted: Omitted::default(),
        warnings: Vec::new(),
        warnings_omitted: Omitted::default(),
        hills: Vec::new(),
        hills_in_play: false,
        shipped_ids: std::collections::HashSet::new(),
        draw: None,
    };
    for (id, is_hill) in shipped_tiles() {
        if *is_hill {
            lowering.hills.push(id.clone());
        }
        lowering.shipped_ids.insert(id.clone());
    }
    let script = lowering.script(document);
    if lowering.diagnostics.is_empty() {
        Ok((script, lowering.warnings, lowering.warnings_omitted))
    } else {
        lowering.diagnostics.extend(lowering.omitted.summary());
        Err(lowering.diagnostics)
    }
}

/// The tiles of the shipped sets that a saved game can name: each id, and whether it is a hill
/// tile (JCloisterZone does not record the tile that goes under a hill, so the import writes
/// `under ?` after each hill tile). Read from the shipped text by the tile language's own
/// parser and lowering, once per process: a folder of saved games reads them once.
fn shipped_tiles() -> &'static [(String, bool)] {
    static TILES: OnceLock<Vec<(String, bool)>> = OnceLock::new();
    TILES.get_or_init(|| {
        crate::rules::descriptor::jcz_tile_sets()
            .filter_map(|(_, name)| crate::shipped::tiles(name))
            .filter_map(|text| super::tiles::lower(&crate::syntax::tiles::parse(text).0).set)
            .flat_map(|set| set.tiles)
            .map(|tile| {
                let is_hill = tile.has_marker(Marker::Hill);
                (tile.id, is_hill)
            })
            .collect()
    })
}

struct Lowering<'t> {
    document: &'t JczDocument,
    diagnostics: Vec<Diagnostic>,
    /// Diagnostics beyond the report's limit, counted: a saved game of a million broken
    /// messages keeps the first ones only.
    omitted: Omitted,
    /// Findings that do not keep the game from being replayed.
    warnings: Vec<Diagnostic>,
    /// Warnings beyond the report's limit, counted (a document can declare any number of
    /// elements).
    warnings_omitted: Omitted,
    hills: Vec<String>,
    /// The element `hill` is in play: a hill tile takes a tile under it.
    hills_in_play: bool,
    /// The ids of the shipped sets' tiles.
    shipped_ids: std::collections::HashSet<String>,
    /// The draw JCloisterZone made after the save's last move, to be written before the
    /// assertions.
    draw: Option<NextDraw>,
}

/// JCloisterZone's pack after the save's last committed turn, and the player of the next turn.
struct NextDraw {
    pack: TilePack,
    player: usize,
    /// The message the draw follows (the last `COMMIT`), where its steps are placed.
    span: Span,
}

impl Lowering<'_> {
    fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
        self.omitted.keep_first(&mut self.diagnostics);
    }

    fn unsupported(&mut self, what: String, span: Span) {
        self.push(
            Diagnostic::new(&codes::UNSUPPORTED_JCZ, what)
                .at(span, "not supported")
                .help(format!(
                    "carcspec plays {}",
                    crate::rules::descriptor::jcz_games_played()
                )),
        );
    }

    /// An element's count: a whole number from 0 to 99, else `J003` (never a default).
    fn count_element(&mut self, element: &str, value: &Value) -> u32 {
        match value.as_u64().filter(|n| *n <= 99) {
            Some(n) => n as u32,
            None => {
                self.bad(
                    format!("the element `{element}` = {value} is not a whole number from 0 to 99"),
                    self.document.key_span(&format!("setup/elements/{element}")),
                );
                0
            }
        }
    }

    /// An element that is on or off: `true` or `false`, else `J003`.
    fn flag_element(&mut self, element: &str, value: &Value) -> bool {
        value.as_bool().unwrap_or_else(|| {
            self.bad(
                format!("the element `{element}` = {value} is not `true` or `false`"),
                self.document.key_span(&format!("setup/elements/{element}")),
            );
            false
        })
    }

    fn bad(&mut self, what: String, span: Span) {
        self.push(
            Diagnostic::new(&codes::BAD_JCZ_VALUE, what)
                .at(span, "this value")
                .help("see docs/jcloisterzone.md for the values carcspec reads"),
        );
    }

    fn script(&mut self, document: &JczDocument) -> Script {
        let root = &document.root;
        let setup = root.get("setup").cloned().unwrap_or(Value::Null);
        let mut script = Script {
            // `endTurn` ends the game early on purpose (a test of JCloisterZone's engine).
            excerpt: root.pointer("/gameAnnotations/endTurn").is_some(),
            title: root
                .pointer("/test/description")
                .and_then(Value::as_str)
                .map(str::to_string),
            ruleset: JCZ_RULESET,
            expansions: Vec::new(),
            expansion_spans: Vec::new(),
            variants: Vec::new(),
            tile_sets: Vec::new(),
            start: None,
            local_tiles: Vec::new(),
            players: Vec::new(),
            supply: Vec::new(),
            steps: Vec::new(),
        };
        self.sets(&setup, &mut script);
        self.elements_and_rules(&setup, &mut script);
        let entries = root
            .get("players")
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice);
        for (index, entry) in entries.iter().enumerate() {
            match entry.get("name").and_then(Value::as_str) {
                Some(name) => script.players.push(name.to_string()),
                // A player without a name: the assertions name players, so a made-up name
                // would leave them unchecked.
                None => {
                    let shown = entry.get("name").map_or("no `name`".to_string(), |name| {
                        format!("the name {name}, not a string")
                    });
                    self.bad(
                        format!("the player entry {index} ({entry}) has {shown}"),
                        self.document.key_span("players"),
                    );
                    script.players.push(format!("player{index}"));
                }
            }
        }
        if script.players.is_empty() {
            self.bad(
                "the saved game has no players".into(),
                self.document.key_span("players"),
            );
        } else if let Some(problem) = super::game::seats_problem(
            // JCloisterZone's reading for its games: six player slots
            // (`PlayerSlot.COUNT`), and a game starts with any one of them taken.
            "a JCloisterZone game",
            1..=JCZ_PLAYER_SLOTS,
            script.players.len(),
            self.document.key_span("players"),
        ) {
            self.push(problem);
        } else if !crate::rules::describe(script.ruleset)
            .seats(&[], &script.expansions)
            .contains(&script.players.len())
        {
            // The rulebook's 2 to 5 players do not hold: the game plays with JCloisterZone's.
            script.variants.push((
                crate::rules::carcassonne::PLAYER_COUNT.to_string(),
                "jcloisterzone".to_string(),
                Span::default(),
            ));
        }
        if let Some(name) = script
            .players
            .iter()
            .find(|name| name.is_empty() || name.chars().any(char::is_control))
        {
            self.bad(
                format!("the player name {name:?} is empty or holds a control character"),
                self.document.key_span("players"),
            );
        }
        let mut named = std::collections::HashSet::new();
        for name in &script.players {
            if !named.insert(name.as_str()) {
                self.push(
                    Diagnostic::new(
                        &codes::DUPLICATE_JCZ_PLAYER,
                        format!("two players are named `{name}`"),
                    )
                    .at(self.document.key_span("players"), "the players")
                    .help("give each player a name of their own"),
                );
                break;
            }
        }
        for (index, start) in setup
            .get("start")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let tile = start
                .get("tile")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            let span = self
                .document
                .start_spans
                .get(index)
                .copied()
                .unwrap_or_default();
            if !self.is_name(&tile, "start tile id", span) || !self.is_playable_tile(&tile, span) {
                continue;
            }
            let pos = match (
                coordinate(start.get("x"), "the start tile's x"),
                coordinate(start.get("y"), "the start tile's y"),
            ) {
                (Ok(x), Ok(y)) => Pos::new(x, y),
                (Err(problem), _) | (_, Err(problem)) => {
                    self.bad(problem, span);
                    continue;
                }
            };
            // JCloisterZone writes the start tile's rotation in degrees.
            let rotation = match start.get("rotation").map(|r| (r, r.as_u64())) {
                Some((_, Some(degrees))) if degrees % 90 == 0 && degrees < 360 => {
                    Rotation((degrees / 90) as u8)
                }
                other => {
                    let shown = other.map_or("(none)".to_string(), |(r, _)| r.to_string());
                    self.bad(
                        format!("the start tile's rotation {shown} is not 0, 90, 180 or 270"),
                        span,
                    );
                    continue;
                }
            };
            script.steps.push(Step {
                action: Action::Lay {
                    tile: tile.into(),
                    pos,
                    rotation,
                },
                span,
            });
        }
        let last = self.replay(document, &mut script);
        // The assertions hold where the save ends: after final scoring (`end`), or as the
        // last move left the game (then `stop`, with no final scoring).
        if !matches!(last, Action::End) {
            self.next_draw(&mut script);
        }
        self.assertions(root, &mut script);
        if matches!(last, Action::Stop)
            && !script.steps.iter().any(|s| matches!(s.action, Action::End))
        {
            script.steps.push(Step {
                action: Action::Stop,
                span: Span::default(),
            });
        }
        script
    }

    /// After a save that ends with a committed turn, JCloisterZone has drawn the next
    /// player's tile (its assertions are about that tile): `turn`, then `draw` of the tile
    /// its pack gives (`lower::jcz_draw`) — or, where the pack is empty, the game is over:
    /// `end`.
    fn next_draw(&mut self, script: &mut Script) {
        let Some(draw) = self.draw.take() else {
            return;
        };
        let NextDraw {
            mut pack,
            player,
            span,
        } = draw;
        let steps = match pack.draw() {
            Drawn::Tile(tile) => vec![Action::Turn { player }, Action::Draw { tile: tile.into() }],
            Drawn::Empty => vec![Action::End],
            // The save does not say which tile came: the next player's turn, no tile yet.
            Drawn::Unknown => vec![Action::Turn { player }],
        };
        script
            .steps
            .extend(steps.into_iter().map(|action| Step { action, span }));
    }

    fn sets(&mut self, setup: &Value, script: &mut Script) {
        let Some(sets) = setup.get("sets").and_then(Value::as_object) else {
            self.bad(
                "the saved game names no tile sets".into(),
                self.document.key_span("setup"),
            );
            return;
        };
        for (id, multiplier) in sets {
            let Some((_, name)) =
                crate::rules::descriptor::jcz_tile_sets().find(|(jcz, _)| jcz == id)
            else {
                self.unsupported(
                    format!("the tile set `{id}` is not supported"),
                    self.document.key_span(&format!("setup/sets/{id}")),
                );
                continue;
            };
            let times = multiplier
                .as_u64()
                .filter(|n| (1..=u64::from(crate::model::MAX_MULTIPLIER)).contains(n))
                .unwrap_or(0) as u32;
            if times == 0 {
                self.bad(
                    format!("the tile set `{id}` has the multiplier {multiplier}"),
                    self.document.key_span(&format!("setup/sets/{id}")),
                );
                continue;
            }
            // The set of an expansion switches the expansion's rules on.
            if let Some((_, expansion)) = crate::rules::descriptor::expansion_of_jcz_set(id)
                && !script.expansions.iter().any(|e| e == expansion.name)
            {
                script.expansions.push(expansion.name.into());
            }
            script
                .tile_sets
                .push((name.to_string(), times, Span::default()));
        }
    }

    /// `setup.elements`: which of JCloisterZone's game elements are in play, read from the
    /// descriptor's parts (`rules::jcz`). An element that is absent is not in play (no
    /// farmers, no shepherds, no hill tie-break, no vineyard bonus); an element carcspec does
    /// not play is listed as declared but unused (`J004`), and refused only by the message or
    /// tile that needs it. Then the variants JCloisterZone's play of an expansion implies, and
    /// `setup.rules`.
    fn elements_and_rules(&mut self, setup: &Value, script: &mut Script) {
        let elements = setup.get("elements").and_then(Value::as_object);
        // A file without `elements` at all (written by hand, or by an older version) plays
        // the rulebooks' games: every element of its tile sets in play.
        let listed = elements.is_some();
        // The value of each element the file lists, a flag as 1 or 0.
        let mut values: std::collections::HashMap<&'static str, u32> = Default::default();
        for (element, value) in elements.into_iter().flatten() {
            let Some(known) = jcz_parts()
                .flat_map(|(_, part)| part.elements)
                .find(|known| known.name == element)
            else {
                self.warnings.push(
                    Diagnostic::new(
                        &codes::UNUSED_JCZ_ELEMENT,
                        format!("the element `{element}` = {value} is declared but not played"),
                    )
                    .at(self.document.key_span(&format!("setup/elements/{element}")), "declared here")
                    .help(format!("carcspec plays {}; a move or tile that needs this element is refused (J002)", crate::rules::descriptor::jcz_games_played())),
                );
                self.warnings_omitted.keep_first(&mut self.warnings);
                continue;
            };
            let count = match known.meaning {
                JczMeaning::Pool { or_flag: false, .. } => self.count_element(element, value),
                JczMeaning::Pool { or_flag: true, .. } => match value.as_bool() {
                    Some(on) => u32::from(on),
                    None => self.count_element(element, value),
                },
                // JCloisterZone switches these on by the key alone (`containsKey`, `addCapabilities`
                // tests the value for null): `"inn": false` plays the inns. The value must
                // still have the element's form.
                JczMeaning::Variant(_) => {
                    self.flag_element(element, value);
                    1
                }
                JczMeaning::Presence => {
                    if value.as_bool().is_none() {
                        self.count_element(element, value);
                    }
                    1
                }
            };
            values.insert(known.name, count);
        }
        let on = |element: &str| !listed || values.get(element).is_some_and(|v| *v > 0);
        // An element of an expansion that is on switches the expansion on.
        if listed {
            for (expansion, part) in jcz_parts() {
                if let Some(expansion) = expansion
                    && part.elements.iter().any(|element| on(element.name))
                    && !script.expansions.iter().any(|e| e == expansion.name)
                {
                    script.expansions.push(expansion.name.into());
                }
            }
        }
        // A hill tile takes a tile under it where the element `hill` is on.
        self.hills_in_play = on("hill");
        // The variants JCloisterZone's own play implies, expansion by expansion as they came
        // into play, unless the game sets them.
        let implied: Vec<_> = script
            .expansions
            .iter()
            .filter_map(|name| crate::rules::describe(JCZ_RULESET).expansion(name))
            .flat_map(|e| e.jcz.implied_variants)
            .collect();
        for (name, value) in implied {
            if !script.variants.iter().any(|(set, ..)| set == name) {
                script
                    .variants
                    .push((name.to_string(), value.to_string(), Span::default()));
            }
        }
        let in_play: Vec<_> = jcz_parts_in_play(&script.expansions).collect();
        if listed {
            let pools = crate::rules::describe(script.ruleset).pools;
            for (index, (pool, count)) in pools.iter().enumerate() {
                let element = in_play
                    .iter()
                    .flat_map(|(_, part)| part.elements)
                    .find(|e| matches!(e.meaning, JczMeaning::Pool { pool, .. } if pool == index));
                let Some(element) = element else {
                    continue;
                };
                let wanted = values.get(element.name).copied().unwrap_or(0);
                if wanted != *count {
                    script.supply.push((crate::rules::pool_word(pool), wanted));
                }
            }
        }
        for element in in_play.iter().flat_map(|(_, part)| part.elements) {
            if let JczMeaning::Variant(variant) = element.meaning
                && !on(element.name)
            {
                script
                    .variants
                    .push((variant.to_string(), "off".to_string(), Span::default()));
            }
        }
        for (rule, value) in setup
            .get("rules")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            // A boolean rule (`vineyards-for-garden`) is a variant of the values `on` and `off`.
            let value_text = match value.as_bool() {
                Some(true) => "on",
                Some(false) => "off",
                None => value.as_str().unwrap_or_default(),
            };
            // JCloisterZone's rules that carcspec plays are variants of the same name and
            // values (`hill-tiebreaker`, `tiny-city-scoring`, `inn-and-cathedral-final-scoring`).
            let known = crate::rules::describe(script.ruleset)
                .variants
                .iter()
                .any(|v| v.name == rule && v.values.contains(&value_text))
                && jcz_parts().any(|(_, part)| part.rules.contains(&rule.as_str()));
            if known {
                script
                    .variants
                    .push((rule.clone(), value_text.to_string(), Span::default()));
            } else {
                self.unsupported(
                    format!("the rule `{rule}` = {value} is not supported"),
                    self.document.key_span(&format!("setup/rules/{rule}")),
                );
            }
        }
    }

    /// JCloisterZone's pack at the start of the game: the game's sets' tiles less the start
    /// tiles, the save's draw order (`gameAnnotations.drawOrder`) and its first random number
    /// (`initialRandom`). `None` for a save without them: its draws cannot be told.
    fn pack(&self, document: &JczDocument, script: &Script) -> Option<TilePack> {
        let root = &document.root;
        let initial_random = root.get("initialRandom").and_then(Value::as_f64);
        let draw_order: Vec<String> = root
            .pointer("/gameAnnotations/drawOrder")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|id| id.as_str().map(str::to_string))
            .collect();
        let sets: Vec<(String, u32)> = script
            .tile_sets
            .iter()
            .map(|(name, times, _)| (name.clone(), *times))
            .collect();
        let tiles = super::jcz_draw::shipped_pack_tiles(&sets);
        let started: Vec<String> = script
            .steps
            .iter()
            .filter_map(|step| match &step.action {
                Action::Lay { tile, .. } => Some(tile.to_string()),
                _ => None,
            })
            .collect();
        let pack_tiles: Vec<PackTile<'_>> = tiles
            .iter()
            // JCloisterZone's pack holds no abbey: each player keeps theirs.
            .filter(|(id, ..)| id.as_str() != abbey::JCZ_ABBEY_TILE)
            .map(|(id, copies, compiled)| PackTile {
                id,
                copies: *copies,
                compiled,
            })
            .collect();
        Some(TilePack::new(
            &pack_tiles,
            &started,
            draw_order,
            initial_random,
        ))
    }

    /// The replay's moves; returns how the save ends: `End` (final scoring, written already)
    /// or `Stop` (to be written after the assertions).
    fn replay(&mut self, document: &JczDocument, script: &mut Script) -> Action {
        let mut pack = self.pack(document, script);
        let mut placed_tiles = script.steps.len();
        let no_messages = Vec::new();
        let messages = document
            .root
            .get("replay")
            .and_then(Value::as_array)
            .unwrap_or(&no_messages);
        let end_turn = document
            .root
            .pointer("/gameAnnotations/endTurn")
            .and_then(Value::as_u64);
        let mut draws = 0u64;
        let mut next_player = 0usize;
        let mut last_placed: Option<Pos> = None;
        let mut ended = false;
        // A turn's `COMMIT` came and no tile was placed since: a `PASS` then declines a
        // decision of Abbey & Mayor's (the abbey at the start of a turn, a wagon's move after
        // the scoring), which the next move leaves; a wagon deployed then is a wagon's move.
        let mut after_commit = false;
        for (index, message) in messages.iter().enumerate() {
            let type_span = document
                .message_spans
                .get(index)
                .copied()
                .unwrap_or_default();
            let kind = message
                .get("type")
                .and_then(Value::as_str)
                .unwrap_or_default();
            // What a move's findings point at: the values its payload holds (a deployment's
            // pointer and meeple), else the message's `type`.
            let value_span =
                |keys: &[&str]| document.payload_span(index, keys).unwrap_or(type_span);
            let span = match kind {
                "PLACE_TILE" => type_span,
                _ => value_span(PAYLOAD_KEYS_OF_A_MOVE),
            };
            let payload = message.get("payload").unwrap_or(&Value::Null);
            // A message's random number is the generator's from now on (`COMMIT`'s is the
            // next turn's draw).
            if let (Some(pack), Some(random)) =
                (pack.as_mut(), payload.get("random").and_then(Value::as_f64))
            {
                pack.set_random(random);
            }
            let push = |script: &mut Script, action| script.steps.push(Step { action, span });
            match kind {
                "PLACE_TILE" => {
                    if end_turn.is_some_and(|end| draws >= end) && !ended {
                        push(script, Action::End);
                        ended = true;
                    }
                    draws += 1;
                    // Older saved games leave `player` out: the turn order then says who plays.
                    let player = match message.get("player") {
                        None => next_player,
                        Some(value) => match value.as_u64() {
                            Some(p) => usize::try_from(p).unwrap_or(usize::MAX),
                            None => {
                                self.bad(
                                    format!("the player {value} is not a player's index"),
                                    span,
                                );
                                continue;
                            }
                        },
                    };
                    if player >= script.players.len() {
                        self.bad(
                            format!(
                                "a move of player {player}, but the game has {} players",
                                script.players.len()
                            ),
                            span,
                        );
                        continue;
                    }
                    next_player = (player + 1) % script.players.len();
                    let tile = payload
                        .get("tileId")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_string();
                    last_placed = None;
                    let tile_span = value_span(&["tileId"]);
                    if !self.is_name(&tile, "tile id", tile_span)
                        || !self.is_playable_tile(&tile, tile_span)
                    {
                        continue;
                    }
                    let pos = match position(payload.get("position")) {
                        Ok(pos) => pos,
                        Err(problem) => {
                            self.bad(
                                format!("a tile placement: {problem}"),
                                value_span(&["position"]),
                            );
                            continue;
                        }
                    };
                    let Some(rotation) = rotation(payload.get("rotation")) else {
                        self.bad(
                            "a tile placement has no rotation R0, R90, R180 or R270".into(),
                            value_span(&["rotation"]),
                        );
                        continue;
                    };
                    push(script, Action::Turn { player });
                    after_commit = false;
                    // Abbey & Mayor's abbey is put down instead of a draw. carcspec ships the
                    // abbey tile with the expansion's tile set; JCloisterZone's element `abbey`
                    // alone gives it without the set's land tiles.
                    if tile == abbey::JCZ_ABBEY_TILE
                        && !script
                            .tile_sets
                            .iter()
                            .any(|(set, ..)| set.starts_with(abbey::ABBEY_AND_MAYOR))
                    {
                        self.unsupported(
                            format!(
                                "the abbey tile `{tile}` without the tile set `{}` is not supported",
                                abbey::ABBEY_AND_MAYOR
                            ),
                            span,
                        );
                        continue;
                    }
                    if tile == abbey::JCZ_ABBEY_TILE {
                        push(
                            script,
                            Action::RulesetMove {
                                keyword: abbey::ABBEY,
                                arg: MoveWordsRead::Placement(pos, rotation),
                            },
                        );
                        last_placed = Some(pos);
                        continue;
                    }
                    let hill = self.hills_in_play && self.hills.contains(&tile);
                    script.steps.push(Step {
                        action: Action::Draw {
                            tile: tile.as_str().into(),
                        },
                        span: tile_span,
                    });
                    if hill {
                        script.steps.push(Step {
                            action: Action::Under { tile: None },
                            span: tile_span,
                        });
                    }
                    script.steps.push(Step {
                        action: Action::Place { pos, rotation },
                        span: value_span(&["rotation", "position"]),
                    });
                    last_placed = Some(pos);
                    if let Some(pack) = pack.as_mut() {
                        pack.drawn(&tile);
                        placed_tiles += 1;
                        pack.placed(placed_tiles);
                    }
                }
                "DEPLOY_MEEPLE" if position(payload.pointer("/pointer/position")).is_err() => {
                    if let Err(problem) = position(payload.pointer("/pointer/position")) {
                        self.bad(format!("a deployment: {problem}"), span);
                    }
                }
                // Abbey & Mayor's barn: its pointer names the tile south-east of its corner,
                // as `barn at <x>,<y>` does.
                "DEPLOY_MEEPLE" if meeple_type_of(payload) == Some("barn") => {
                    if let Ok(pos) = position(payload.pointer("/pointer/position")) {
                        push(
                            script,
                            Action::RulesetMove {
                                keyword: abbey::BARN_MOVE,
                                arg: MoveWordsRead::Position(pos),
                            },
                        );
                    }
                }
                // A wagon deployed after the turn's scoring moves on.
                "DEPLOY_MEEPLE" if after_commit && meeple_type_of(payload) == Some("wagon") => {
                    let pos = position(payload.pointer("/pointer/position"));
                    if let (Ok(pos), Some((_, target))) =
                        (pos, self.deployment(payload, &script.expansions, span))
                    {
                        push(
                            script,
                            Action::RulesetMove {
                                keyword: abbey::WAGON_MOVE,
                                arg: MoveWordsRead::Place { pos, target },
                            },
                        );
                    }
                }
                "DEPLOY_MEEPLE"
                    if matches!(
                        (position(payload.pointer("/pointer/position")), last_placed),
                        (Ok(at), Some(placed)) if at != placed
                    ) =>
                {
                    // The base game and Hills & Sheep deploy only on the tile just placed;
                    // other expansions' figures go elsewhere.
                    self.unsupported(
                        "a figure deployed away from the tile just placed is not supported".into(),
                        span,
                    );
                }
                "DEPLOY_MEEPLE" => match self.deployment(payload, &script.expansions, span) {
                    Some((figure, target)) => push(
                        script,
                        Action::Deploy {
                            figure: figure.into(),
                            target,
                            at: None,
                        },
                    ),
                    None => continue,
                },
                "PASS" if after_commit => {}
                "PASS" => push(script, Action::Pass),
                "RETURN_MEEPLE" => {
                    if let Some(action) = self.take_back(payload, span) {
                        push(script, action);
                    }
                }
                "COMMIT" => after_commit = true,
                other => match self.expansion_move(other, payload, span) {
                    Ok(Some(action)) => push(script, action),
                    Ok(None) => {}
                    Err(()) => self.unsupported(
                        format!("the replay message `{other}` is not supported"),
                        span,
                    ),
                },
            }
        }
        if end_turn.is_some_and(|end| draws >= end) || ended {
            if !ended {
                script.steps.push(Step {
                    action: Action::End,
                    span: Span::default(),
                });
            }
            return Action::End;
        }
        let committed = messages
            .last()
            .is_some_and(|m| m.get("type").and_then(Value::as_str) == Some("COMMIT"));
        // A save of no move at all shows the first turn's draw; a save that ends with a
        // committed turn, the next turn's.
        if (committed || messages.is_empty())
            && let Some(pack) = pack
        {
            self.draw = Some(NextDraw {
                pack,
                player: next_player,
                span: document.message_spans.last().copied().unwrap_or_default(),
            });
        }
        Action::Stop
    }

    /// Whether `name` can be a name (of a tile, say) in a game: no control character, as the
    /// game language requires, so that the import of a saved game reads as the saved game.
    fn is_name(&mut self, name: &str, what: &str, span: Span) -> bool {
        if name.chars().any(char::is_control) {
            self.bad(
                format!("the {what} {name:?} holds a control character"),
                span,
            );
            return false;
        }
        true
    }

    /// Whether the tile `id` may be played: not one of an expansion that carcspec does not
    /// ship (its id begins with the expansion's code, `AM/A`), which is refused by name
    /// (`J002`). A tile of no known expansion is left to the check (`G004`).
    fn is_playable_tile(&mut self, id: &str, span: Span) -> bool {
        if self.shipped_ids.contains(id) {
            return true;
        }
        let code = id.split_once('/').map_or("", |(code, _)| code);
        let Some((_, expansion)) = UNSHIPPED_EXPANSIONS.iter().find(|(c, _)| *c == code) else {
            return true;
        };
        self.unsupported(
            format!(
                "tile `{id}` belongs to {expansion} (`{code}`), an expansion carcspec does not play"
            ),
            span,
        );
        false
    }

    /// The random number JCloisterZone recorded for a token drawn from the bag: a number in
    /// [0, 1), as its random generator gives.
    fn random(&mut self, payload: &Value, span: Span) -> Option<f64> {
        let value = payload.get("random");
        match value.and_then(Value::as_f64) {
            Some(random) if (0.0..1.0).contains(&random) => Some(random),
            _ => {
                let shown = value.map_or("nothing".to_string(), Value::to_string);
                self.bad(
                    format!("the random number of a token draw is {shown}, not a number from 0 to 1 (not 1)"),
                    span,
                );
                None
            }
        }
    }

    /// A replay message that is a move of an expansion's own, as its JCloisterZone part
    /// declares it (`rules::jcz::JczMove`: Hills & Sheep's `SHEPHERD_CONFIRM` is `flock`):
    /// `Err` for a message no expansion declares, `Ok(None)` for one that is wrong (reported).
    fn expansion_move(
        &mut self,
        message: &str,
        payload: &Value,
        span: Span,
    ) -> Result<Option<Action>, ()> {
        let moves: Vec<&JczMove> = jcz_parts()
            .flat_map(|(_, part)| part.moves)
            .filter(|jcz_move| jcz_move.message == message)
            .collect();
        if moves.is_empty() {
            return Err(());
        }
        let value = payload.get("value").and_then(Value::as_str);
        let Some(jcz_move) = moves
            .iter()
            .find(|jcz_move| jcz_move.value.is_none() || jcz_move.value == value)
        else {
            let values: Vec<&str> = moves.iter().filter_map(|m| m.value).collect();
            let shown = payload
                .get("value")
                .map_or("nothing".to_string(), Value::to_string);
            self.bad(
                format!(
                    "the value of a `{message}` is {shown}, not {}",
                    values.join(" or ")
                ),
                span,
            );
            return Ok(None);
        };
        let Some((keyword, statement)) = statements::ruleset_move(jcz_move.keyword) else {
            unreachable!("a JCloisterZone move of no statement (held by `rules::jcz`'s test)")
        };
        let arg = match statement.words {
            MoveWords::Nothing => MoveWordsRead::Nothing,
            MoveWords::Token => match self.random(payload, span) {
                Some(random) => MoveWordsRead::Token(TokenDraw::Random(random)),
                None => return Ok(None),
            },
            // A take-back is read from `RETURN_MEEPLE` (`take_back`); where the other words
            // stand in JCloisterZone's payloads is each message's own, read when an
            // expansion's messages need them (`rules::jcz`'s test holds that no message of
            // a shipped expansion has them).
            MoveWords::Standing
            | MoveWords::Owned
            | MoveWords::Held
            | MoveWords::Position
            | MoveWords::Placement
            | MoveWords::Place
            | MoveWords::Supplied => {
                self.unsupported(format!("the words of a `{message}` are not read yet"), span);
                return Ok(None);
            }
        };
        Ok(Some(Action::RulesetMove { keyword, arg }))
    }

    /// A `RETURN_MEEPLE` of an expansion's early take-back (the abbot's, from `ABBOT_RETURN`:
    /// `return abbot at <x>,<y> on I`, where the pointer says the abbot stands). Other sources
    /// belong to other expansions.
    fn take_back(&mut self, payload: &Value, span: Span) -> Option<Action> {
        let source = payload
            .get("source")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let taken_back = jcz_parts().find_map(|(_, part)| {
            let (_, meeple_type) = part.take_back.filter(|(from, _)| *from == source)?;
            let pool = meeple_pool(meeple_type)?;
            Some((meeple_type, *pool_figures(pool).first()?))
        });
        let Some((meeple_type, figure)) = taken_back else {
            self.unsupported(
                format!("a figure returned by `{source}` is not supported"),
                span,
            );
            return None;
        };
        let name = figure.kind.0;
        let pos = match position(payload.pointer("/pointer/position")) {
            Ok(pos) => pos,
            Err(problem) => {
                self.bad(format!("the {name}'s return: {problem}"), span);
                return None;
            }
        };
        let meeple = payload
            .pointer("/pointer/meepleId")
            .or_else(|| payload.get("meepleId"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        if meeple.split('.').nth(1) != Some(meeple_type) {
            self.bad(
                format!(
                    "the {name}'s return names the meeple `{meeple}`, not `<player>.{meeple_type}.<n>`"
                ),
                span,
            );
            return None;
        }
        let target = if stands_inside(figure) {
            FeatureRef::Anchor(Anchor::Inner)
        } else {
            let location = payload
                .pointer("/pointer/location")
                .and_then(Value::as_str)
                .unwrap_or_default();
            match location_anchors(location) {
                Some(anchors) if anchors.len() == 1 => FeatureRef::Anchor(anchors[0]),
                Some(anchors) => FeatureRef::Anchors(anchors),
                None => {
                    self.bad(format!("unknown location `{location}`"), span);
                    return None;
                }
            }
        };
        Some(Action::RulesetMove {
            keyword: TAKE_BACK,
            arg: MoveWordsRead::Standing {
                figure: name.into(),
                pos,
                target,
            },
        })
    }

    /// The figure and the feature of a `DEPLOY_MEEPLE`: the figure of the meeple's pool that
    /// stands on the pointer's feature (the pool's one figure, where it has one). A figure of
    /// an expansion the save's elements do not switch on is refused (`J002`): JCloisterZone
    /// has none of it in the game, and the move could be neither replayed nor printed.
    fn deployment(
        &mut self,
        payload: &Value,
        expansions: &[String],
        span: Span,
    ) -> Option<(String, FeatureRef)> {
        let meeple = payload
            .get("meepleId")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let feature = payload
            .pointer("/pointer/feature")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let location = payload
            .pointer("/pointer/location")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let Some(meeple_type) = meeple.split('.').nth(1) else {
            self.bad(
                format!("the meeple id `{meeple}` is not `<player>.<type>.<n>`"),
                span,
            );
            return None;
        };
        let Some(pool) = meeple_pool(meeple_type) else {
            self.unsupported(format!("the figure `{meeple_type}` is not supported"), span);
            return None;
        };
        let figures = pool_figures(pool);
        let figure = match figures.as_slice() {
            [only] => Some(*only),
            _ => jcz_parts()
                .flat_map(|(_, part)| part.features)
                .find(|(name, _)| *name == feature)
                .and_then(|(_, kind)| figures.iter().find(|f| f.stands_on.contains(kind)))
                .copied(),
        };
        let Some(figure) = figure else {
            let pool_name = crate::rules::describe(JCZ_RULESET)
                .pools
                .get(pool)
                .map_or("figure", |(name, _)| *name);
            self.unsupported(
                format!("a {pool_name} on a `{feature}` is not supported"),
                span,
            );
            return None;
        };
        if let Some(expansion) =
            crate::rules::describe(JCZ_RULESET).missing_expansion_for(figure.kind.0, expansions)
        {
            self.unsupported(
                format!(
                    "a {} of {}, whose elements the save does not switch on",
                    figure.kind.0, expansion.title
                ),
                span,
            );
            return None;
        }
        let name = figure.kind.0.to_string();
        if stands_inside(figure) {
            return Some((name, FeatureRef::Anchor(Anchor::Inner)));
        }
        match location_anchors(location) {
            Some(anchors) if anchors.len() == 1 => Some((name, FeatureRef::Anchor(anchors[0]))),
            Some(anchors) => Some((name, FeatureRef::Anchors(anchors))),
            None => {
                self.bad(format!("unknown location `{location}`"), span);
                None
            }
        }
    }

    fn assertions(&mut self, root: &Value, script: &mut Script) {
        let end_scored = script.steps.iter().any(|s| matches!(s.action, Action::End));
        let assertions = root
            .pointer("/test/assertions")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate();
        // What the assertions of expansions carcspec does not play need, and where the first
        // is: one J002 for them all.
        let mut unplayed: Vec<String> = Vec::new();
        let mut unplayed_span = None;
        for (index, assertion) in assertions {
            let Some(assertion) = assertion.as_str() else {
                continue;
            };
            let span = self
                .document
                .assertion_spans
                .get(index)
                .copied()
                .unwrap_or_default();
            match self.assertion(assertion, &script.players, end_scored) {
                Ok(expectation) => script.steps.push(Step {
                    action: Action::Expect(expectation),
                    span,
                }),
                Err(needs) => {
                    unplayed_span.get_or_insert(span);
                    if !unplayed.contains(&needs) {
                        unplayed.push(needs);
                    }
                }
            }
        }
        if let Some(span) = unplayed_span {
            self.unsupported(
                format!(
                    "assertions about {}, which carcspec does not play",
                    unplayed.join("; ")
                ),
                span,
            );
        }
    }

    /// The expectation of an assertion of JCloisterZone's harness (`lower::jcz_harness`): a
    /// player's points and scorings as carcspec's own expectations, every other form (and a
    /// player the game does not have, and a text no form reads) kept as written, for the
    /// replay to check as the harness does. `Err` with what an assertion of an expansion
    /// carcspec does not play needs.
    fn assertion(
        &mut self,
        text: &str,
        players: &[String],
        end_scored: bool,
    ) -> Result<Expectation, String> {
        let player = |name: &str| players.iter().position(|p| p == name);
        let kept = Expectation::Harness(text.to_string());
        let Some(assertion) = jcz_harness::parse(text) else {
            return Ok(kept);
        };
        Ok(match assertion {
            HarnessAssertion::Points {
                player: name,
                points,
            } => match player(&name) {
                Some(p) if end_scored => Expectation::Final(vec![(p, points)]),
                Some(p) => Expectation::Total(vec![(p, points)]),
                None => kept,
            },
            HarnessAssertion::Scored {
                player: name,
                family,
                points,
            } => match player(&name) {
                Some(p) => Expectation::Scored {
                    player: p,
                    feature: match family.as_str() {
                        "cloister" => "monastery".to_string(),
                        "farm" => "field".to_string(),
                        _ => family,
                    },
                    points,
                },
                None => kept,
            },
            HarnessAssertion::OtherExpansion(needs) => return Err(needs.to_string()),
            HarnessAssertion::Available { action, of } => {
                let played = match (action.as_str(), of.as_deref()) {
                    ("TilePlacement", _) => true,
                    ("Meeple", of) => of.is_none_or(jcz_harness::is_figure_class),
                    ("ReturnMeeple", of) => {
                        of.is_none_or(|source| take_back_sources().iter().any(|s| s == source))
                    }
                    _ => false,
                };
                if !played {
                    let what = of.map_or(action.clone(), |of| format!("{action} for {of}"));
                    return Err(format!("the action `{what}`"));
                }
                kept
            }
            HarnessAssertion::MeepleOptions { figure, .. } => {
                if !jcz_harness::is_figure_class(&figure) {
                    return Err(format!("the figure `{figure}`"));
                }
                kept
            }
            HarnessAssertion::ReturnOptions { source, .. } => {
                if !take_back_sources().contains(&source) {
                    return Err(format!("figures returned by `{source}`"));
                }
                kept
            }
            HarnessAssertion::CanPass(_)
            | HarnessAssertion::Phase(_)
            | HarnessAssertion::TilePlacement { .. }
            | HarnessAssertion::Undo(_) => kept,
        })
    }
}

/// A coordinate: a whole number within the board's range — never clamped, never defaulted.
fn coordinate(value: Option<&Value>, what: &str) -> Result<i32, String> {
    let Some(value) = value else {
        return Err(format!("{what} is missing"));
    };
    let range = -crate::model::MAX_COORDINATE..=crate::model::MAX_COORDINATE;
    match value.as_i64() {
        Some(n) => i32::try_from(n)
            .ok()
            .filter(|n| range.contains(n))
            .ok_or_else(|| {
                format!(
                    "{what} {value} is out of range (-{0} to {0})",
                    crate::model::MAX_COORDINATE
                )
            }),
        None if value.is_number() => Err(format!("{what} {value} is not a whole number")),
        None => Err(format!("{what} {value} is not a number")),
    }
}

fn position(value: Option<&Value>) -> Result<Pos, String> {
    let pair = value.and_then(Value::as_array);
    match pair.map(Vec::as_slice) {
        Some([x, y]) => Ok(Pos::new(
            coordinate(Some(x), "x")?,
            coordinate(Some(y), "y")?,
        )),
        _ => Err(format!(
            "the position {} is not `[x, y]`",
            value.map_or("(none)".to_string(), ToString::to_string)
        )),
    }
}

fn rotation(value: Option<&Value>) -> Option<Rotation> {
    match value?.as_str()? {
        "R0" => Some(Rotation(0)),
        "R90" => Some(Rotation(1)),
        "R180" => Some(Rotation(2)),
        "R270" => Some(Rotation(3)),
        _ => None,
    }
}

/// The meeple type of a deployment's `meepleId` (`<player>.<type>.<n>`).
fn meeple_type_of(payload: &Value) -> Option<&str> {
    payload
        .get("meepleId")
        .and_then(Value::as_str)?
        .split('.')
        .nth(1)
}
