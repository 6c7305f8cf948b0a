//! Tetris on the page: [`Tetris`], the game in play. The page drives the engine's 60 Hz
//! ticks from `requestAnimationFrame` with the buttons held; DAS/ARR, gravity, the lock
//! delay, hold and the randomiser are the engine's. The contract's moves (placements, as
//! the bots play) are there too.

use plateau_grid::{Play, Pos, Seat};
use plateau_tetris::{Buttons, Cell, Event, Events, Game, Piece, Rotation, Rules, Tetromino, hint};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::contract::{PlayError, Session, WebGame, bindings};

fn event(e: &Event) -> Value {
    match e {
        Event::Spawned { piece } => {
            json!({ "kind": "spawned", "piece": piece.letter().to_string() })
        }
        Event::Held { piece } => json!({ "kind": "held", "piece": piece.letter().to_string() }),
        Event::Locked { tspin, .. } => json!({ "kind": "locked", "tspin": format!("{tspin:?}") }),
        Event::LinesCleared {
            rows,
            tspin,
            back_to_back,
            combo,
            perfect_clear,
        } => json!({
            "kind": "lines",
            "rows": rows.iter().collect::<Vec<_>>(),
            "tspin": format!("{tspin:?}"),
            "backToBack": back_to_back,
            "combo": combo,
            "perfectClear": perfect_clear,
        }),
        Event::Scored { points } => json!({ "kind": "scored", "points": points }),
        Event::LevelUp { level } => json!({ "kind": "level", "level": level }),
        Event::GameOver { reason } => json!({ "kind": "over", "reason": reason.to_string() }),
    }
}

fn events(list: &Events) -> Value {
    Value::Array(list.iter().map(event).collect())
}

fn cells_of(game: &Game, t: Option<Tetromino>) -> Vec<[i32; 2]> {
    let system = game.rules().rotation_system();
    t.map(|t| t.cells(system).iter().map(|&(x, y)| [x, y]).collect())
        .unwrap_or_default()
}

impl WebGame for Game {
    fn event_json(&self, e: &Events) -> Value {
        events(e)
    }

    /// `{width, height, rows, active, ghost, piece, hold, canHold, next, score, lines,
    /// level, status}`: `rows` the visible rows from the top, one symbol a cell (`.` empty,
    /// a piece letter, `#` garbage); `active` and `ghost` the falling piece's cells and
    /// where it would land, `[x, y]` with y counted from the bottom.
    fn view_json(&self, _seat: Seat) -> Value {
        let board = self.board();
        let height = self.rules().visible_height();
        let rows: Vec<String> = (0..height)
            .rev()
            .map(|y| {
                (0..board.width())
                    .map(|x| board.get(Pos::new(x, y)).map_or('.', Cell::symbol))
                    .collect()
            })
            .collect();
        let status = format!("{:?}", Play::status(self));
        json!({
            "width": board.width(),
            "height": height,
            "rows": rows,
            "active": cells_of(self, self.active()),
            "ghost": cells_of(self, self.ghost()),
            "piece": self.active().map(|t| t.piece.letter().to_string()),
            "hold": self.hold_piece().map(|p| p.letter().to_string()),
            "canHold": self.can_hold(),
            "holdAllowed": self.rules().hold(),
            "next": self.next().iter().map(|p| p.letter().to_string()).collect::<Vec<_>>(),
            "score": self.score(),
            "lines": self.lines(),
            "level": self.level(),
            "status": status.split([' ', '{']).next().unwrap_or(""),
            "das": self.rules().das(),
            "arr": self.rules().arr(),
        })
    }
}

/// A Tetris game in play: `tick(buttons)` is the engine's real-time step, the contract's
/// moves are placements (`T R 4`: piece, rotation, column, as the crate writes them).
#[wasm_bindgen]
#[derive(Debug)]
pub struct Tetris {
    session: Session<Game>,
}

bindings!(Tetris, Game);

#[wasm_bindgen]
impl Tetris {
    /// A game under the rules `rules` (a preset, `guideline`, `classic` or `calculator`,
    /// optionally followed by the crate's `key=value` settings), the same for the same
    /// seed.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for rules the crate cannot read.
    #[wasm_bindgen(constructor)]
    pub fn new(rules: &str, seed: u64) -> Result<Tetris, PlayError> {
        let rules: Rules = rules.parse().map_err(PlayError::input)?;
        Ok(Tetris {
            session: Session::new(Game::new(rules, seed)),
        })
    }

    /// One tick (1/60 s) with the buttons held (the bits of the crate's `Buttons`: 1 left,
    /// 2 right, 4 soft drop, 8 hard drop, 16 clockwise, 32 counter-clockwise, 64 hold).
    /// Returns the events as JSON, `""` when nothing happened (most ticks).
    pub fn tick(&mut self, buttons: u8) -> String {
        let ev = self
            .session
            .realtime(|g| g.tick(Buttons::from_bits(buttons)));
        if ev.is_empty() {
            String::new()
        } else {
            events(&ev).to_string()
        }
    }

    /// Pauses; the engine takes no tick until [`Tetris::resume`].
    ///
    /// # Errors
    /// An `"illegal"` [`PlayError`] when the game is over.
    pub fn pause(&mut self) -> Result<(), PlayError> {
        self.session
            .realtime(Game::pause)
            .map_err(PlayError::illegal)
    }

    /// Resumes a paused game.
    ///
    /// # Errors
    /// An `"illegal"` [`PlayError`] when the game is over.
    pub fn resume(&mut self) -> Result<(), PlayError> {
        self.session
            .realtime(Game::resume)
            .map_err(PlayError::illegal)
    }

    /// The bot's placement for the falling piece (the help: where it would put it), as
    /// its cells `[x0, y0, ...]` with y from the bottom; empty when there is none.
    pub fn help(&self) -> Vec<i32> {
        let game = self.session.game();
        let system = game.rules().rotation_system();
        hint(game)
            .map(|p| {
                p.tetromino
                    .cells(system)
                    .iter()
                    .flat_map(|&(x, y)| [x, y])
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The cells `[x0, y0, ...]` of piece `letter` as it spawns (y up, for the previews
    /// and the hold box), under this game's rotation system; empty for no such piece.
    pub fn shape(&self, letter: &str) -> Vec<i32> {
        let mut chars = letter.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Vec::new();
        };
        let Some(piece) = Piece::from_letter(c) else {
            return Vec::new();
        };
        let system = self.session.game().rules().rotation_system();
        Tetromino::new(piece, Rotation::from_index(0), 0, 0)
            .cells(system)
            .iter()
            .flat_map(|&(x, y)| [x, y])
            .collect()
    }

    /// The game's ticks so far.
    pub fn ticks(&self) -> f64 {
        self.session.game().ticks() as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(t: &Tetris) -> Value {
        serde_json::from_str(&t.view(0)).unwrap()
    }

    #[test]
    fn a_hard_drop_locks_the_piece_and_the_next_one_spawns() {
        let mut t = Tetris::new("guideline", 4).unwrap();
        let mut spawned = false;
        for _ in 0..3 {
            spawned |= t.tick(0).contains("spawned");
        }
        let v = view(&t);
        assert!(spawned || v["active"].as_array().is_some_and(|a| a.len() == 4));
        let piece = v["piece"].clone();
        let ghost = v["ghost"].clone();
        let e: Value = serde_json::from_str(&t.tick(8)).unwrap();
        assert!(e.as_array().unwrap().iter().any(|e| e["kind"] == "locked"));
        let after = view(&t);
        // The piece lies where its ghost was.
        let rows: Vec<String> = serde_json::from_value(after["rows"].clone()).unwrap();
        let height = rows.len() as i64;
        for cell in ghost.as_array().unwrap() {
            let (x, y) = (cell[0].as_i64().unwrap(), cell[1].as_i64().unwrap());
            let row = &rows[(height - 1 - y) as usize];
            assert_eq!(
                row.chars().nth(x as usize).map(String::from),
                piece.as_str().map(String::from)
            );
        }
        assert_eq!(t.tick(8), "", "a held button is not pressed again");
    }

    #[test]
    fn pause_stops_the_ticks_and_refusals_are_typed() {
        let mut t = Tetris::new("classic", 1).unwrap();
        t.tick(0);
        t.pause().unwrap();
        let before = t.view(0);
        let ticks = t.ticks();
        assert_eq!(t.tick(2), "");
        assert_eq!((t.view(0), t.ticks()), (before, ticks));
        t.resume().unwrap();
        t.tick(0);
        assert!(t.ticks() > ticks, "the ticks count again");
        assert_eq!(Tetris::new("tetris99", 1).unwrap_err().kind(), "input");
    }

    #[test]
    fn the_help_is_a_legal_placement_of_the_falling_piece() {
        let mut t = Tetris::new("calculator", 2).unwrap();
        t.tick(0);
        let help = t.help();
        assert_eq!(help.len(), 8);
        assert_eq!(
            (t.shape("T").len(), t.shape("?").len(), t.shape("TT").len()),
            (8, 0, 0)
        );
        let placements = t.legal_moves();
        assert!(!placements.is_empty());
        // Playing the bot's placement through the contract locks a piece.
        let best = plateau_tetris::hint(t.session.game()).unwrap().to_string();
        assert!(placements.contains(&best));
        let e: Value = serde_json::from_str(&t.play(&best).unwrap()).unwrap();
        assert!(e.as_array().unwrap().iter().any(|e| e["kind"] == "locked"));
    }
}
