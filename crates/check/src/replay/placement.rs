//! Tiles on the board: the start tile, a setup's `lay` and the checks of every placement (a
//! free position, a neighbour, sides that continue their neighbours), each reported with
//! what the tiles have where they clash. Apart from the turn's moves (`moves.rs`), which
//! place the tile in hand through the same check.

use super::{COPIES_HELP, Replay, label};
use crate::codes;
use crate::engine::{PlacementProblem, Pos, Rotation};

impl Replay<'_> {
    /// Lays the start tile of the game's tile sets at 0,0 before the first turn.
    pub(super) fn lay_start_tile(&mut self) {
        if self.game.lay_start_tile() {
            self.note_steps();
            self.sync();
        } else {
            self.current_step = self.first_step.unwrap_or_default();
            let base = crate::rules::descriptor::describe(self.script.ruleset)
                .base_tile_set
                .name;
            self.report(
                &codes::NO_START_TILE,
                "the game has no start tile".into(),
                "the game starts here with an empty board",
                &format!("add a set with a start tile (an expansion set has none), e.g. `tiles {base}`; or choose one with `start <tile-id>`, or lay the example's tiles with `lay`"),
            );
        }
    }

    /// `lay <tile> at <x>,<y>`: a tile of the setup, taken from the stack and laid where the
    /// game shows it.
    pub(super) fn lay(&mut self, id: &str, pos: Pos, rotation: Rotation) {
        let Some(tile) = self.tile(id) else { return };
        if !self.game.take_from_stack(tile) {
            let copies = self.copies_in_play(tile);
            self.report(
                &codes::TILE_NOT_IN_STACK,
                format!("every copy of tile `{id}` is already in play: {copies} on the board"),
                "no copy left",
                COPIES_HELP,
            );
        }
        // A setup shows part of a board, like a rulebook picture: its tiles must match where
        // they touch, but need not touch.
        if self.check_placement(tile, pos, rotation, true) {
            self.game.lay(tile, pos, rotation);
            self.note_steps();
            self.sync();
        }
    }

    /// Checks a placement and reports what is wrong with it (and a tile whose power the
    /// ruleset ignores, once). Returns whether the tile can lie there: the position is free.
    pub(super) fn check_placement(
        &mut self,
        tile: usize,
        pos: Pos,
        rotation: Rotation,
        setup: bool,
    ) -> bool {
        // The tile's id is written only into a report: cloned there, not for every placement.
        let id = |replay: &Self| replay.game.engine.catalog[tile].id.clone();
        match self.game.engine.check_placement(tile, pos, rotation) {
            Ok(()) => {}
            Err(PlacementProblem::Occupied) => {
                let there = self
                    .game
                    .engine
                    .at(pos)
                    .map(|p| self.placement_steps[p as usize])
                    .unwrap_or_default();
                self.report(
                    &codes::OCCUPIED_POSITION,
                    format!("{pos} is already taken"),
                    "a tile already lies there",
                    "place the tile on a free position",
                )
                .secondary
                .extend(label(there, "the tile placed there"));
                return false;
            }
            Err(PlacementProblem::NoNeighbour) if setup => {}
            Err(PlacementProblem::NoNeighbour) => {
                let id = id(self);
                self.report(
                    &codes::NOT_ADJACENT,
                    format!("tile `{id}` at {pos} touches no tile"),
                    "no neighbour by a side",
                    "place the tile next to a tile in play, side to side",
                );
            }
            Err(PlacementProblem::Mismatch(sides)) => {
                let id = id(self);
                let mut labels = Vec::new();
                for side in &sides {
                    if let Some(neighbour) = self.game.engine.at(pos.neighbour(*side)) {
                        labels.extend(label(
                            self.placement_steps[neighbour as usize],
                            &format!("the tile on the {} side", side.letter()),
                        ));
                    }
                }
                // Each clashing side, and what each of the two tiles has there.
                let clashes: Vec<String> = sides
                    .iter()
                    .map(|side| {
                        let ours = describe_side(
                            &self.game.engine.catalog[tile],
                            rotation.to_tile(*side),
                        );
                        let theirs = self.game.engine.at(pos.neighbour(*side)).map(|p| {
                            let placed = *self.game.engine.placement(p);
                            let facing = crate::model::Side::from_index(side.index() + 2);
                            (
                                placed.pos,
                                facing,
                                describe_side(
                                    &self.game.engine.catalog[placed.tile],
                                    placed.rotation.to_tile(facing),
                                ),
                            )
                        });
                        match theirs {
                            Some((at, facing, theirs)) => format!(
                                "its {} side has {ours}, the tile at {at} has {theirs} on its {} side",
                                side.letter(),
                                facing.letter()
                            ),
                            None => format!("its {} side has {ours}", side.letter()),
                        }
                    })
                    .collect();
                // The command to run, but for the game's path, which the report fills in
                // (`crate::GAME_PATH`): the replay reads text, not a file.
                let line = self.lines.line_of(self.text, self.current_step.start);
                self.report(
                    &codes::EDGES_DO_NOT_MATCH,
                    format!(
                        "tile `{id}` at {pos} {rotation} does not continue its neighbours: {}",
                        clashes.join("; ")
                    ),
                    "the sides do not match",
                    &format!(
                        "turn the tile or place it elsewhere; `carcspec fit {} {id} --at {line}` lists where it fits",
                        crate::GAME_PATH
                    ),
                )
                .secondary
                .extend(labels);
            }
        }
        if !self.warned_tiles.contains(&tile)
            && let Some(warning) = self.game.rules.tile_warning(
                &self.game.engine.catalog[tile],
                self.shipped_tiles.get(tile).copied().unwrap_or(false),
            )
        {
            self.warned_tiles.push(tile);
            self.report(warning.code, warning.message, "placed here", &warning.help);
        }
        true
    }
}

/// What a tile has along one of its sides (tile orientation), in words: "a city", "a road
/// between fields", "a field", "two city stretches".
fn describe_side(tile: &crate::engine::CompiledTile, side: crate::model::Side) -> String {
    use crate::engine::Slot;
    let slots = &tile.sides[side.index()];
    let kind_of = |slot: fn(&Slot) -> bool| {
        slots
            .iter()
            .filter(|(s, _)| slot(s))
            .map(|(_, feature)| tile.features[*feature].kind)
            .collect::<Vec<_>>()
    };
    let whole = kind_of(|s| matches!(s, Slot::Whole));
    let middle = kind_of(|s| matches!(s, Slot::Middle));
    let halves = kind_of(|s| matches!(s, Slot::Half(_)));
    match (whole.as_slice(), middle.first(), halves.first()) {
        ([kind], _, _) => format!("a {kind}"),
        ([kind, ..], _, _) => format!("{} {kind} stretches", whole.len()),
        ([], Some(kind), Some(area)) => format!("a {kind} between {area}s"),
        ([], Some(kind), None) => format!("a {kind}"),
        ([], None, Some(area)) => format!("a {area}"),
        ([], None, None) => "nothing".to_string(),
    }
}
