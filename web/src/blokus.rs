//! Blokus on the page: [`Blokus`], the game in play, and [`BlokusBot`], the bots (the tree
//! search is meant for a Web Worker, so the page never freezes while it thinks).

use plateau_blokus::{
    Color, Config, Event, Game, GreedyBot, Mcts, Move, Orientation, Piece, Placement, RandomBot,
    Variant, hint, parse_moves,
};
use plateau_grid::{Bot, Play, Pos, Seat};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::contract::{PlayError, Session, WebGame, bindings};

/// The cells of `piece` in orientation digit `digit`, bounding box at the origin.
fn shape(piece: Piece, digit: u8) -> Vec<Pos> {
    let o = Orientation::new(digit % 8).unwrap_or(Orientation::AS_DRAWN);
    Placement::new(piece, o, 0, 0).cells().collect()
}

fn piece(index: usize) -> Result<Piece, PlayError> {
    Piece::from_index(index).ok_or_else(|| PlayError::input(format_args!("no piece {index}")))
}

/// The digit whose shape is `cells` (any digit when none matches).
fn digit_of(piece: Piece, cells: &mut [Pos]) -> u8 {
    let min_x = cells.iter().map(|p| p.x).min().unwrap_or(0);
    let min_y = cells.iter().map(|p| p.y).min().unwrap_or(0);
    for p in cells.iter_mut() {
        *p = Pos::new(p.x - min_x, p.y - min_y);
    }
    cells.sort_by_key(|p| (p.y, p.x));
    (0..8).find(|&d| shape(piece, d) == cells).unwrap_or(0)
}

fn config(variant: &str, players: usize) -> Result<Config, PlayError> {
    let variant = match variant {
        "duo" => Variant::Duo,
        "classic" => Variant::Classic,
        other => {
            return Err(PlayError::input(format_args!(
                "no variant {other:?} (duo, classic)"
            )));
        }
    };
    Config::new(variant, players).map_err(PlayError::input)
}

/// The game of `variant` and `players` after `history`.
fn replay(variant: &str, players: usize, history: &str) -> Result<Game, PlayError> {
    let mut game = Game::new(config(variant, players)?);
    let moves = parse_moves(history).map_err(PlayError::input)?;
    game.play_all(&moves).map_err(PlayError::input)?;
    Ok(game)
}

impl WebGame for Game {
    fn event_json(&self, e: &Event) -> Value {
        let cells: Vec<[usize; 2]> = e
            .placement
            .map(|p| p.cells().map(|c| [c.x, c.y]).collect())
            .unwrap_or_default();
        json!({
            "color": e.color.index(),
            "cells": cells,
            "blocked": e.blocked.iter().map(Color::index).collect::<Vec<_>>(),
            "gameOver": e.game_over,
        })
    }

    /// `{side, cells, colors, names, seats, toMove, pieces, scores, blocked, starts, last}`: every cell's
    /// colour index (-1 for empty) row by row, the seat of each colour, the colour to
    /// move, the pieces each colour still holds (indices), every seat's score, and the
    /// blocked colours, the start cells and the cells of the last piece placed.
    fn view_json(&self, _seat: Seat) -> Value {
        let config = self.config();
        let side = config.variant().side();
        let mut cells = Vec::with_capacity(side * side);
        for y in 0..side {
            for x in 0..side {
                cells.push(self.at(Pos::new(x, y)).map_or(-1, |c| c.index() as i32));
            }
        }
        let colors: Vec<Color> = (0..config.colors()).filter_map(Color::new).collect();
        let last: Vec<[usize; 2]> = self
            .moves()
            .iter()
            .rev()
            .find_map(|m| m.placement())
            .map(|p| p.cells().map(|c| [c.x, c.y]).collect())
            .unwrap_or_default();
        json!({
            "side": side,
            "cells": cells,
            "colors": colors.len(),
            "names": colors.iter().map(|c| c.name(config.variant())).collect::<Vec<_>>(),
            "seats": colors.iter().map(|&c| config.player_of(c).index()).collect::<Vec<_>>(),
            "toMove": self.color_to_move().index(),
            "pieces": colors.iter().map(|&c| self.pieces_left(c).iter().map(Piece::index).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "scores": Seat::all(config.players()).map(|s| self.score(s)).collect::<Vec<_>>(),
            "blocked": self.blocked().iter().map(Color::index).collect::<Vec<_>>(),
            "starts": colors.iter().filter_map(|&c| config.variant().start(c)).map(|p| [p.x, p.y]).collect::<Vec<_>>(),
            "last": last,
        })
    }
}

/// A Blokus game in play: moves in the ICFPT notation (`55u0`: reference cell, piece
/// letter, orientation digit; `0000` passes), plus what the page's rack and preview need:
/// the pieces' shapes, their rotations and mirror images, and the move a piece makes at a
/// cell.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Blokus {
    session: Session<Game>,
}

bindings!(Blokus, Game);

#[wasm_bindgen]
impl Blokus {
    /// A new game of `variant` (`"duo"` or `"classic"`) for `players` seats (Duo: 2;
    /// Classic: 2 or 4, two seats playing two colours each).
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for another variant or seat count.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, players: usize) -> Result<Blokus, PlayError> {
        Ok(Blokus {
            session: Session::new(Game::new(config(variant, players)?)),
        })
    }

    /// The game of `variant` and `players` after `history` (moves in the notation), as a
    /// worker rebuilds it from what the page sends.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for a bad setup or a history the crate refuses.
    #[wasm_bindgen(js_name = fromHistory)]
    pub fn from_history(variant: &str, players: usize, history: &str) -> Result<Blokus, PlayError> {
        Ok(Blokus {
            session: Session::new(replay(variant, players, history)?),
        })
    }

    /// The cells `[x0, y0, x1, y1, ...]` of piece `index` (0 to 20) in orientation
    /// `digit`, its bounding box at the origin.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for no such piece.
    pub fn shape(index: usize, digit: u8) -> Result<Vec<u32>, PlayError> {
        Ok(shape(piece(index)?, digit)
            .iter()
            .flat_map(|p| [p.x as u32, p.y as u32])
            .collect())
    }

    /// The orientation digit of piece `index` turned a quarter clockwise from `digit`.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for no such piece.
    pub fn rotated(index: usize, digit: u8) -> Result<u8, PlayError> {
        let p = piece(index)?;
        let mut cells: Vec<Pos> = shape(p, digit)
            .iter()
            .map(|c| Pos::new(8 - c.y, c.x))
            .collect();
        Ok(digit_of(p, &mut cells))
    }

    /// The orientation digit of piece `index` mirrored left to right from `digit`.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for no such piece.
    pub fn mirrored(index: usize, digit: u8) -> Result<u8, PlayError> {
        let p = piece(index)?;
        let mut cells: Vec<Pos> = shape(p, digit)
            .iter()
            .map(|c| Pos::new(8 - c.x, c.y))
            .collect();
        Ok(digit_of(p, &mut cells))
    }

    /// The move placing piece `index` in orientation `digit` with its bounding box's
    /// top-left corner at (`x`, `y`), in the game's notation (legal or not: see
    /// `check`).
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for no such piece.
    #[wasm_bindgen(js_name = moveAt)]
    pub fn move_at(index: usize, digit: u8, x: u8, y: u8) -> Result<String, PlayError> {
        let o = Orientation::new(digit % 8).unwrap_or(Orientation::AS_DRAWN);
        Ok(Move::Place(Placement::new(piece(index)?, o, x, y)).to_string())
    }

    /// The moves so far, in the notation (what [`BlokusBot::choose`] is given).
    pub fn history(&self) -> String {
        plateau_blokus::format_moves(self.session.game().moves())
    }

    /// The crate's hint: the tree search's best move in its small budget.
    pub fn hint(&self) -> Option<String> {
        hint(self.session.game()).map(|m| m.to_string())
    }
}

/// A Blokus bot for the page: `"random"`, `"greedy"` or `"mcts"` (the tree search, given a
/// playout budget: the browser has no clock the crate can read).
#[wasm_bindgen]
#[derive(Debug)]
pub struct BlokusBot {
    kind: Kind,
    playouts: u32,
}

#[derive(Debug)]
enum Kind {
    Random(Box<RandomBot>),
    Greedy(Box<GreedyBot>),
    Mcts(u64),
}

#[wasm_bindgen]
impl BlokusBot {
    /// A bot of `kind`, seeded with `seed`; `playouts` is the tree search's budget a move.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for another kind.
    #[wasm_bindgen(constructor)]
    pub fn new(kind: &str, seed: u64, playouts: u32) -> Result<BlokusBot, PlayError> {
        let kind = match kind {
            "random" => Kind::Random(Box::new(RandomBot::new(seed))),
            "greedy" => Kind::Greedy(Box::default()),
            "mcts" => Kind::Mcts(seed),
            other => {
                return Err(PlayError::input(format_args!(
                    "no bot {other:?} (random, greedy, mcts)"
                )));
            }
        };
        Ok(BlokusBot { kind, playouts })
    }

    /// The bot's move in the game of `variant` and `players` after `history` (moves in
    /// the notation), `undefined` when the game is over.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for a bad setup or a history the crate refuses.
    pub fn choose(
        &mut self,
        variant: &str,
        players: usize,
        history: &str,
    ) -> Result<Option<String>, PlayError> {
        let game = replay(variant, players, history)?;
        let m = match &mut self.kind {
            Kind::Random(b) => b.choose(&game),
            Kind::Greedy(b) => b.choose(&game),
            Kind::Mcts(seed) => Mcts::new(*seed).with_playouts(self.playouts).choose(&game),
        };
        Ok(m.map(|m| m.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_quarter_turns_and_two_mirrors_are_the_identity() {
        for index in 0..21 {
            for digit in 0..8 {
                let mut d = digit;
                for _ in 0..4 {
                    d = Blokus::rotated(index, d).unwrap();
                }
                let shape = |d| Blokus::shape(index, d).unwrap();
                assert_eq!(shape(d), shape(digit));
                let m = Blokus::mirrored(index, digit).unwrap();
                assert_eq!(shape(Blokus::mirrored(index, m).unwrap()), shape(digit));
            }
        }
        // The L tetromino's turns give four shapes, its mirror four others.
        let l = Piece::L4.index();
        let mut seen = std::collections::BTreeSet::new();
        let mut d = 0;
        for _ in 0..4 {
            seen.insert(Blokus::shape(l, d).unwrap());
            seen.insert(Blokus::shape(l, Blokus::mirrored(l, d).unwrap()).unwrap());
            d = Blokus::rotated(l, d).unwrap();
        }
        assert_eq!(seen.len(), 8);
    }

    #[test]
    fn the_preview_agrees_with_play() {
        let mut b = Blokus::new("duo", 2).unwrap();
        // The X pentomino around (4, 4): its box's corner at (3, 3).
        let x = Piece::X5.index();
        let m = Blokus::move_at(x, 0, 3, 3).unwrap();
        assert_eq!(m, "55u0");
        assert_eq!(b.check(&m), None);
        let off = Blokus::move_at(x, 0, 0, 0).unwrap();
        let reason = b.check(&off).expect("not on the start cell");
        let before = b.view(0);
        assert_eq!(b.play(&off).unwrap_err().message(), reason);
        assert_eq!(b.view(0), before);
        let e: Value = serde_json::from_str(&b.play(&m).unwrap()).unwrap();
        assert_eq!(e["cells"].as_array().unwrap().len(), 5);
        assert_eq!(b.history(), "55u0");
        assert!(b.check("55u0").is_some()); // the X is placed; the other colour moves
        assert_eq!(b.to_move(), Some(1));
    }

    #[test]
    fn bots_answer_legal_moves_from_the_history() {
        let mut b = Blokus::new("duo", 2).unwrap();
        for kind in ["random", "greedy", "mcts"] {
            let mut bot = BlokusBot::new(kind, 3, 200).unwrap();
            let m = bot.choose("duo", 2, &b.history()).unwrap().expect("a move");
            assert_eq!(b.check(&m), None, "{kind}");
            b.play(&m).unwrap();
        }
        assert!(b.hint().is_some_and(|m| b.check(&m).is_none()));
        assert_eq!(BlokusBot::new("smart", 1, 1).unwrap_err().kind(), "input");
        let mut bot = BlokusBot::new("greedy", 1, 1).unwrap();
        assert_eq!(bot.choose("duo", 2, "zz").unwrap_err().kind(), "input");
        assert_eq!(Blokus::new("trio", 3).unwrap_err().kind(), "input");
        let again = Blokus::from_history("duo", 2, &b.history()).unwrap();
        assert_eq!(again.view(0), b.view(0));
    }
}
