//! Minesweeper on the page: [`Minesweeper`], the game in play, with the solver's hint and
//! its exact mine probabilities.

use plateau_grid::{Play, Pos, Seat};
use plateau_minesweeper::{
    Cell, Config, Event, FirstClick, Game, Level, Status, Step, hint, probabilities,
};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::contract::{PlayError, Session, WebGame, bindings};

fn cells(list: &[Pos]) -> Vec<[usize; 2]> {
    list.iter().map(|p| [p.x, p.y]).collect()
}

impl WebGame for Game {
    fn event_json(&self, e: &Event) -> Value {
        match e {
            Event::Opened { cells: c } => json!({ "kind": "opened", "cells": cells(c) }),
            Event::Won { cells: c, flagged } => {
                json!({ "kind": "won", "cells": cells(c), "flagged": cells(flagged) })
            }
            Event::Exploded { at, cells: c } => {
                json!({ "kind": "exploded", "at": [at.x, at.y], "cells": cells(c) })
            }
            Event::Marked { at, mark } => {
                json!({ "kind": "marked", "at": [at.x, at.y], "mark": format!("{mark:?}") })
            }
        }
    }

    /// `{width, height, cells, mines, minesLeft, flags, revealed, exploded}`: `cells` is
    /// the crate's text form of what the player sees, one symbol a cell row by row (`x`
    /// hidden, `F` flag, `?`, `.` empty, `1`-`8`, `*` a mine shown at the end).
    fn view_json(&self, _seat: Seat) -> Value {
        let size = self.size();
        let view = self.cells();
        let mut symbols = String::with_capacity(size.width * size.height);
        for y in 0..size.height {
            for x in 0..size.width {
                symbols.push(view.get(Pos::new(x, y)).map_or('x', Cell::symbol));
            }
        }
        let exploded = match Play::status(self) {
            Status::Lost { at } => Some([at.x, at.y]),
            _ => None,
        };
        json!({
            "width": size.width,
            "height": size.height,
            "cells": symbols,
            "mines": self.mines(),
            "minesLeft": self.mines_left(),
            "flags": self.flags(),
            "revealed": self.revealed(),
            "exploded": exploded,
        })
    }
}

/// A Minesweeper game in play: moves `r3,4` (reveal), `f3,4` (flag), `c3,4` (chord).
#[wasm_bindgen]
#[derive(Debug)]
pub struct Minesweeper {
    session: Session<Game>,
}

bindings!(Minesweeper, Game);

#[wasm_bindgen]
impl Minesweeper {
    /// A game of `level` (`beginner`, `intermediate`, `expert`, `calculator`) under the
    /// first-click policy `first_click` (`unsafe`, `safe`, `opening`, `no-guess`), with the
    /// calculator's `+`/`-` key pressed `steps` times (positive: three mines more each,
    /// negative: three fewer; within the crate's range), the same for the same seed.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for an unknown level or policy, or a policy the board
    /// cannot take.
    #[wasm_bindgen(constructor)]
    pub fn new(
        level: &str,
        first_click: &str,
        steps: i32,
        seed: u64,
    ) -> Result<Minesweeper, PlayError> {
        let level: Level = level.parse().map_err(PlayError::input)?;
        let policy = FirstClick::ALL
            .into_iter()
            .find(|f| f.name() == first_click)
            .ok_or_else(|| {
                PlayError::input(format_args!(
                    "no first-click policy {first_click:?} (unsafe, safe, opening, no-guess)"
                ))
            })?;
        let mut config = Config::level(level)
            .with_first_click(policy)
            .map_err(PlayError::input)?;
        let step = if steps > 0 { Step::More } else { Step::Fewer };
        for _ in 0..steps.unsigned_abs().min(20) {
            config = config.step_mines(step);
        }
        Ok(Minesweeper {
            session: Session::new(Game::new(config, seed)),
        })
    }

    /// The solver's next move (a certainly safe cell, else its best guess), in the
    /// notation; `undefined` when the game is over.
    pub fn hint(&self) -> Option<String> {
        let game = self.session.game();
        hint(game.view(Seat::FIRST)).map(|m| m.to_string())
    }

    /// The exact mine probability of every cell, row by row (`null` for a revealed cell),
    /// as JSON, from the solver given only what the player sees (flags count as mines).
    ///
    /// # Errors
    /// An `"illegal"` [`PlayError`] when the flags make the view inconsistent or the search
    /// gives up.
    pub fn probabilities(&self) -> Result<String, PlayError> {
        let game = self.session.game();
        let p = probabilities(game.cells(), game.mines()).map_err(PlayError::illegal)?;
        let size = game.size();
        let mut out = Vec::with_capacity(size.width * size.height);
        for y in 0..size.height {
            for x in 0..size.width {
                out.push(p.get(Pos::new(x, y)));
            }
        }
        Ok(serde_json::to_string(&out).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(m: &Minesweeper) -> Value {
        serde_json::from_str(&m.view(0)).unwrap()
    }

    #[test]
    fn the_hints_win_a_beginner_board_or_lose_on_a_guess() {
        let mut m = Minesweeper::new("beginner", "opening", 0, 5).unwrap();
        assert_eq!(view(&m)["mines"], 10);
        let e: Value = serde_json::from_str(&m.play("r4,4").unwrap()).unwrap();
        assert_eq!(e["kind"], "opened");
        assert!(e["cells"].as_array().unwrap().len() >= 9, "an opening");
        while let Some(h) = m.hint() {
            m.play(&h).unwrap();
        }
        assert_ne!(m.status(), "InProgress");
        let end = view(&m);
        if m.status() == "Won" {
            assert!(!end["cells"].as_str().unwrap().contains('x'));
        } else {
            assert!(end["exploded"].is_array());
        }
    }

    #[test]
    fn flags_chords_and_refusals() {
        let mut m = Minesweeper::new("beginner", "safe", 0, 1).unwrap();
        m.play("f0,0").unwrap();
        assert_eq!(
            view(&m)["cells"].as_str().unwrap().chars().next(),
            Some('F')
        );
        assert_eq!(view(&m)["minesLeft"], 9);
        let before = m.view(0);
        assert_eq!(m.play("r0,0").unwrap_err().kind(), "illegal"); // flagged
        assert_eq!(m.play("r9,9").unwrap_err().kind(), "illegal"); // off the board
        assert_eq!(m.play("q1").unwrap_err().kind(), "parse");
        assert_eq!(m.view(0), before);
        assert!(m.undo());
        assert_eq!(view(&m)["minesLeft"], 10);
        // Before the first click every cell is as likely as the policy allows.
        let p: Vec<Option<f64>> = serde_json::from_str(&m.probabilities().unwrap()).unwrap();
        assert_eq!(p.len(), 81);
        let total: f64 = p.iter().map(|x| x.unwrap()).sum();
        assert!(
            (total - 10.0).abs() < 1e-6,
            "the probabilities add up to the mines"
        );
    }

    #[test]
    fn the_calculator_steps_its_mines_within_range() {
        let base = view(&Minesweeper::new("calculator", "safe", 0, 1).unwrap());
        assert_eq!(
            (base["width"].as_u64(), base["height"].as_u64()),
            (Some(15), Some(10))
        );
        let more = view(&Minesweeper::new("calculator", "safe", 2, 1).unwrap());
        let fewer = view(&Minesweeper::new("calculator", "safe", -1, 1).unwrap());
        let n = |v: &Value| v["mines"].as_i64().unwrap();
        assert_eq!((n(&more) - n(&base), n(&base) - n(&fewer)), (6, 3));
        let most = view(&Minesweeper::new("calculator", "safe", 99, 1).unwrap());
        assert_eq!(n(&most), 42);
        assert_eq!(
            Minesweeper::new("huge", "safe", 0, 1).unwrap_err().kind(),
            "input"
        );
        assert_eq!(
            Minesweeper::new("expert", "lucky", 0, 1)
                .unwrap_err()
                .kind(),
            "input"
        );
    }
}
