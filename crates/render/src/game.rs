//! From a game's state at a point (`check::game_state`) to the board a picture shows.

use std::collections::{BTreeMap, HashMap};

use crate::engine::{CompiledTile, Engine, FigureKind};
use crate::model::{Anchor, FeatureRef, Pos, Rotation, Tile};
use crate::play::view::{BoardView, PieceInPlay, PieceSpot, last_spot, pieces_in_play};

use super::board::{Board, BoardFigure, BoardSpot, BoardTile, LegalOverlay};

/// A feature named on the board: the tile at `pos`, and the feature as a deployment names it
/// (an anchor in board orientation, anchors joined by `+`, or the tile's label).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeatureOnBoard {
    pub pos: Pos,
    pub feature: FeatureRef,
}

/// Reads a feature reference as the game language writes it after `on`: `N`, `ER+SL`, `c`.
pub fn parse_feature_ref(text: &str) -> Option<FeatureRef> {
    if text.is_empty() {
        return None;
    }
    if text.contains('+') {
        let anchors: Option<Vec<Anchor>> = text.split('+').map(|a| a.parse().ok()).collect();
        return anchors.map(FeatureRef::Anchors);
    }
    if let Ok(anchor) = text.parse::<Anchor>() {
        return Some(FeatureRef::Anchor(anchor));
    }
    let is_label = text.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    is_label.then(|| FeatureRef::Label(text.to_string()))
}

/// The feature of `tile`, lying in `rotation`, that `feature` names (anchors in board
/// orientation), as an index into the tile's features.
pub fn resolve_feature(
    tile: &CompiledTile,
    rotation: Rotation,
    feature: &FeatureRef,
) -> Option<usize> {
    match feature {
        FeatureRef::Anchor(anchor) => tile.feature_at(rotation.anchor_to_tile(*anchor), |_| true),
        FeatureRef::Anchors(anchors) => {
            let in_tile = anchors.iter().map(|a| rotation.anchor_to_tile(*a));
            tile.feature_claiming(in_tile, |_| true)
        }
        FeatureRef::Label(label) => tile.feature_by_label(label),
    }
}

/// Why a board cannot be drawn as asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardProblem {
    /// A placed tile's model was not found among the game's tile sets (should not happen: the
    /// replay found it).
    MissingTile(String),
    /// `--highlight` names a position without a tile, or a feature the tile there lacks.
    NoSuchFeature(FeatureOnBoard, &'static str),
}

/// The board of `state` (the runner's board at a point): its tiles (models looked up by id in `tiles`), the figures on the
/// board, the last placed tile, the legal placements `legal` of a tile (its id, and its
/// positions and rotations) and the whole features (over every tile they extend to) that
/// `highlight` names.
pub fn board_from_view<'a>(
    state: &BoardView,
    tiles: &'a HashMap<String, Tile>,
    title: String,
    legal: Option<(&str, &[(Pos, Rotation)])>,
    highlight: &[FeatureOnBoard],
) -> Result<Board<'a>, BoardProblem> {
    let engine = state.engine;
    let mut board = Board {
        title,
        players: state.players.to_vec(),
        last: state.last_placed.map(|p| p as usize),
        ..Board::default()
    };
    let mut at_pos: HashMap<Pos, usize> = HashMap::new();
    for (index, placement) in engine.placements.iter().enumerate() {
        let compiled = &engine.catalog[placement.tile];
        let tile = tiles
            .get(&compiled.id)
            .ok_or_else(|| BoardProblem::MissingTile(compiled.id.clone()))?;
        board.tiles.push(BoardTile {
            tile,
            pos: placement.pos,
            rotation: placement.rotation,
        });
        at_pos.insert(placement.pos, index);
    }
    // The figures' strengths and pictures from the ruleset's descriptor, which lists the
    // figures of its expansions too.
    let specs = crate::rules::describe(state.ruleset).figures;
    let pieces = pieces_in_play(engine);
    for figure in &pieces {
        board.figures.push(BoardFigure {
            spot: board_spot(engine, &pieces, &figure.spot),
            player: figure.owner,
            kind: figure.kind.to_string(),
            strength: crate::rules::strength_of(specs, FigureKind(figure.kind)),
            picture: crate::rules::picture_of(specs, FigureKind(figure.kind)),
        });
    }
    if let Some((id, placements)) = legal {
        let mut by_pos: BTreeMap<Pos, Vec<Rotation>> = BTreeMap::new();
        for &(pos, rotation) in placements {
            by_pos.entry(pos).or_default().push(rotation);
        }
        board.legal = Some(LegalOverlay {
            tile_id: id.to_string(),
            placements: by_pos,
        });
    }
    for wanted in highlight {
        let Some(&index) = at_pos.get(&wanted.pos) else {
            return Err(BoardProblem::NoSuchFeature(
                wanted.clone(),
                "no tile lies there",
            ));
        };
        let placement = &engine.placements[index];
        let compiled = &engine.catalog[placement.tile];
        let Some(feature) = resolve_feature(compiled, placement.rotation, &wanted.feature) else {
            return Err(BoardProblem::NoSuchFeature(
                wanted.clone(),
                "the tile there has no such feature",
            ));
        };
        // The whole feature: every node whose root is this node's root.
        let root = engine.clone_root(placement.first_node + feature as u32);
        for (other_index, other) in engine.placements.iter().enumerate() {
            let features = engine.catalog[other.tile].features.len() as u32;
            for f in 0..features {
                if engine.clone_root(other.first_node + f) == root {
                    board.highlight.push((other_index, f as usize));
                }
            }
        }
    }
    board.highlight.sort_unstable();
    board.highlight.dedup();
    Ok(board)
}

/// Where render draws a piece at `spot`, among `pieces` (the pieces in play, in the order of
/// the board's figures). A piece beside a figure that went home is drawn where that figure
/// stood last (the ruleset has not moved it on yet).
fn board_spot(engine: &Engine, pieces: &[PieceInPlay], spot: &PieceSpot) -> BoardSpot {
    let mut spot = spot.clone();
    // Each step follows a figure out of play to where it stood; a ring of such figures
    // (none today) ends after as many steps as there are figures, drawn nowhere.
    for _ in 0..=engine.figures.len() {
        return match spot {
            PieceSpot::Feature(ref on) => BoardSpot::Feature {
                placement: on.placement as usize,
                feature: on.feature,
            },
            PieceSpot::Tile { placement, .. } => BoardSpot::Tile {
                placement: placement as usize,
            },
            PieceSpot::Tower { placement, .. } => BoardSpot::Tower {
                placement: placement as usize,
            },
            PieceSpot::Corner { pos } => BoardSpot::Corner { pos },
            PieceSpot::Held { by } => BoardSpot::Held { by },
            PieceSpot::Beside { figure } => {
                match pieces.iter().position(|other| other.id == figure) {
                    Some(index) => BoardSpot::Beside { figure: index },
                    None => {
                        spot = last_spot(engine, figure);
                        continue;
                    }
                }
            }
        };
    }
    BoardSpot::Beside { figure: usize::MAX }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Ruleset;
    use crate::play::view::fixture::board_with_a_piece_in_each_spot;
    use crate::rules::FigurePicture;

    fn base_tiles() -> HashMap<String, Tile> {
        let set = crate::load::load("carcassonne-base")
            .ok()
            .and_then(|loaded| loaded.usable().cloned())
            .expect("the shipped base set");
        set.tiles.into_iter().map(|t| (t.id.clone(), t)).collect()
    }

    /// The board of the fixture with a piece in each kind of spot, as render takes it.
    fn pieces_board(tiles: &HashMap<String, Tile>) -> Board<'_> {
        let (engine, _) = board_with_a_piece_in_each_spot();
        let players = ["red".to_string(), "blue".to_string()];
        let view = BoardView {
            engine: &engine,
            players: &players,
            last_placed: None,
            ruleset: Ruleset::Carcassonne,
        };
        board_from_view(&view, tiles, "pieces".to_string(), None, &[])
            .expect("every tile is in the set")
    }

    #[test]
    fn every_piece_is_drawn_from_its_spot_and_its_declared_picture() {
        let tiles = base_tiles();
        let board = pieces_board(&tiles);
        let tile_index = |pos: Pos| board.tiles.iter().position(|t| t.pos == pos).unwrap();
        let tower = BoardSpot::Tower {
            placement: tile_index(Pos::new(0, 1)),
        };
        let spots: Vec<(&str, Option<usize>, BoardSpot)> = board
            .figures
            .iter()
            .map(|f| (f.kind.as_str(), f.player, f.spot))
            .collect();
        // In the order the pieces came into play; the follower that went home is not drawn.
        assert!(matches!(
            spots[0],
            ("thief", Some(0), BoardSpot::Feature { placement, .. })
                if placement == tile_index(Pos::new(0, 0))
        ));
        assert_eq!(
            spots[1..],
            [
                ("fairy", None, BoardSpot::Beside { figure: 0 }),
                (
                    "dragon",
                    None,
                    BoardSpot::Tile {
                        placement: tile_index(Pos::new(1, 0))
                    }
                ),
                (
                    "barn",
                    Some(1),
                    BoardSpot::Corner {
                        pos: Pos::new(1, 1)
                    }
                ),
                ("floor", None, tower),
                ("floor", None, tower),
                ("knight", Some(1), tower),
                ("knight", Some(1), BoardSpot::Held { by: 0 }),
            ]
        );
        // Pictures by the ruleset's declarations: the thief's and the knight's are meeples,
        // the barn's Abbey & Mayor's; the base game declares no dragon, fairy or floor, so
        // each is an unknown piece, not a meeple.
        for figure in &board.figures {
            let declared = match figure.kind.as_str() {
                "thief" | "knight" => Some(&FigurePicture::MEEPLE),
                "barn" => Some(&crate::rules::carcassonne::abbey::BARN_PICTURE),
                _ => None,
            };
            assert_eq!(figure.picture, declared, "{}", figure.kind);
        }

        let svg = super::super::board_svg(&board);
        // Four unknown pieces, each a "?" in a dashed red ring.
        assert_eq!(svg.matches(r##"stroke="#d00000""##).count(), 4, "{svg}");
        // The grounds of the dragon on its tile and of the barn on its corner.
        assert_eq!(svg.matches(r#"fill-opacity="0.75""#).count(), 2, "{svg}");
        let text = super::super::text::board_text(&board);
        for line in [
            "neutral fairy (no picture declared) beside player 1's thief at 0,0",
            "neutral dragon (no picture declared) on the tile at 1,0",
            "player 2's barn on the corner north-west of 1,1",
            "neutral floor (no picture declared) on the tower of the tile at 0,1",
            "player 2's knight on the tower of the tile at 0,1",
            "player 2's knight held by player 1 (red)",
        ] {
            assert!(text.lines().any(|l| l == line), "{line}:\n{text}");
        }
        assert!(
            !text.contains('@'),
            "no neutral piece on a feature:\n{text}"
        );

        // A neutral piece on a feature is marked in its tile's block, and the legend says so.
        let mut neutral = board.clone();
        neutral.figures[0].player = None;
        let text = super::super::text::board_text(&neutral);
        assert!(text.contains("--@--"), "{text}");
        assert!(text.contains("@ a neutral piece"), "{text}");
    }

    /// The picture and the text view of the board, snapshot-tested as render's other boards
    /// (tests/render.rs); the picture rasterises, and with `CARCSPEC_PIECES_PNG` set it is
    /// written there to look at.
    #[test]
    fn the_pieces_board_as_svg_and_text() {
        let tiles = base_tiles();
        let board = pieces_board(&tiles);
        let svg = super::super::board_svg(&board);
        insta::with_settings!({
            snapshot_path => "../../../snapshots/render",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!("board-pieces-in-every-spot.svg", &svg);
            insta::assert_snapshot!(
                "board-pieces-in-every-spot.txt",
                super::super::text::board_text(&board)
            );
        });
        let png = super::super::png(&svg, 3.0).expect("the board rasterises");
        assert!(png.starts_with(b"\x89PNG"));
        if let Some(path) = std::env::var_os("CARCSPEC_PIECES_PNG") {
            std::fs::write(path, &png).expect("written");
        }
    }
}
