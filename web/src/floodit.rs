//! Flood-It on the page: [`FloodIt`], the game in play, with the crate's hint and solver.

use plateau_floodit::{Color, Config, Event, Game, Size, Solver, format_moves, hint, solve_best};
use plateau_grid::{Pos, Seat};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::contract::{PlayError, Session, WebGame, bindings};

impl WebGame for Game {
    fn event_json(&self, e: &Event) -> Value {
        json!({
            "color": e.color.index(),
            "previous": e.previous.index(),
            "absorbedRegions": e.absorbed_regions,
            "absorbedCells": e.absorbed_cells,
            "floodedCells": e.flooded_cells,
        })
    }

    /// `{width, height, colors, cells, flooded, maxMoves, movesUsed, movesLeft, flood}`:
    /// the colour index of every cell row by row, and 1 for the flooded ones.
    fn view_json(&self, _seat: Seat) -> Value {
        let size = self.size();
        let region = self.flooded_region();
        let mut cells = Vec::with_capacity(size.width * size.height);
        let mut flooded = Vec::with_capacity(cells.capacity());
        for y in 0..size.height {
            for x in 0..size.width {
                let p = Pos::new(x, y);
                cells.push(self.cell(p).map_or(0, Color::index));
                flooded.push(u8::from(region.get(p)));
            }
        }
        json!({
            "width": size.width,
            "height": size.height,
            "colors": self.rules().colors(),
            "cells": cells,
            "flooded": flooded,
            "maxMoves": self.rules().max_moves(),
            "movesUsed": self.moves_used(),
            "movesLeft": self.moves_left(),
            "flood": self.flood_color().index(),
        })
    }
}

/// A Flood-It game in play: moves are colours (`0`, `1`, ... in the crate's notation).
#[wasm_bindgen]
#[derive(Debug)]
pub struct FloodIt {
    session: Session<Game>,
}

bindings!(FloodIt, Game);

#[wasm_bindgen]
impl FloodIt {
    /// A random `side` x `side` board of `colors` colours with `max_moves` moves, the same
    /// for the same seed.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for a size, colour count or limit out of the crate's
    /// range.
    #[wasm_bindgen(constructor)]
    pub fn new(side: usize, colors: u8, max_moves: u32, seed: u64) -> Result<FloodIt, PlayError> {
        let config = Config::classic()
            .with_size(Size::square(side))
            .and_then(|c| c.with_colors(colors))
            .and_then(|c| c.with_max_moves(max_moves))
            .map_err(PlayError::input)?;
        Ok(FloodIt {
            session: Session::new(Game::new(config, seed)),
        })
    }

    /// The colour at cell (`x`, `y`): clicking a cell plays its colour.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for a cell off the board.
    #[wasm_bindgen(js_name = colorAt)]
    pub fn color_at(&self, x: usize, y: usize) -> Result<String, PlayError> {
        self.session
            .game()
            .cell(Pos::new(x, y))
            .map(|c| c.to_string())
            .ok_or_else(|| PlayError::input(format_args!("cell ({x}, {y}) is off the board")))
    }

    /// The crate's hint (its exact solver within 100 ms, a lookahead beyond), `undefined`
    /// when the game is over.
    pub fn hint(&self) -> Option<String> {
        hint(self.session.game()).map(|c| c.to_string())
    }

    /// The best solution from here within about `millis` ms of the crate's cost model:
    /// `{moves, solver, optimal}` as JSON.
    pub fn solve(&self, millis: u32) -> String {
        let (solution, solver) = solve_best(self.session.game(), u64::from(millis));
        let name = match solver {
            Solver::Exact => "exact".to_string(),
            Solver::Greedy => "greedy".to_string(),
            Solver::Lookahead(d) => format!("lookahead {d}"),
            _ => "other".to_string(),
        };
        json!({
            "moves": format_moves(&solution.moves),
            "solver": name,
            "optimal": solver.is_optimal(),
        })
        .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_flood_a_small_board_within_its_limit() {
        let mut f = FloodIt::new(6, 4, 12, 3).expect("a valid setup");
        let best: Value = serde_json::from_str(&f.solve(100)).unwrap();
        let optimal = best["moves"].as_str().unwrap().len();
        assert_eq!(best["optimal"], true);
        while let Some(c) = f.hint() {
            let e: Value = serde_json::from_str(&f.play(&c).unwrap()).unwrap();
            assert_eq!(e["color"].to_string(), c);
        }
        assert_eq!((f.status().as_str(), f.moves()), ("Won", optimal));
        assert_eq!(f.outcome(), Some(format!("won ({optimal})")));
        let view: Value = serde_json::from_str(&f.view(0)).unwrap();
        assert!(view["flooded"].as_array().unwrap().iter().all(|v| v == 1));
    }

    #[test]
    fn refusals_change_nothing_and_undo_restores() {
        let mut f = FloodIt::new(6, 4, 12, 3).expect("a valid setup");
        let view = f.view(0);
        let flood: Value = serde_json::from_str(&view).unwrap();
        let current = flood["flood"].to_string();
        assert_eq!(f.play(&current).unwrap_err().kind(), "illegal");
        assert_eq!(f.play("9").unwrap_err().kind(), "illegal");
        assert_eq!(f.play("??").unwrap_err().kind(), "parse");
        assert_eq!((f.view(0), f.moves()), (view.clone(), 0));
        let other = f.legal_moves()[0].clone();
        f.play(&other).unwrap();
        assert!(f.undo());
        assert_eq!((f.view(0), f.moves()), (view, 0));
        assert_eq!(f.color_at(0, 0).unwrap(), current);
        assert_eq!(f.color_at(6, 0).unwrap_err().kind(), "input");
        assert_eq!(FloodIt::new(0, 4, 12, 1).unwrap_err().kind(), "input");
        assert_eq!(FloodIt::new(6, 99, 12, 1).unwrap_err().kind(), "input");
    }
}
