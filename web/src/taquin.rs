//! The taquin on the page: [`Taquin`] (the board in play) and [`TaquinSolver`] (the
//! solvers, run in a Web Worker so that building the 4 x 4 pattern databases never blocks
//! the page).

use plateau_grid::{Pos, Seat};
use plateau_taquin::{
    Board, Budget, Event, PatternDatabase, Size, Solver, format_moves, solve_best_with,
};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::contract::{PlayError, Session, WebGame, bindings};

impl WebGame for Board {
    fn event_json(&self, e: &Event) -> Value {
        json!({
            "move": e.direction.to_string(),
            "tile": e.tile.number(),
            "from": [e.from.x, e.from.y],
            "to": [e.to.x, e.to.y],
        })
    }

    /// `{width, height, tiles}`: the tile numbers row by row, 0 for the blank.
    fn view_json(&self, _seat: Seat) -> Value {
        let tiles: Vec<u8> = self.tiles().iter().map(|t| t.number()).collect();
        json!({ "width": self.width(), "height": self.height(), "tiles": tiles })
    }
}

/// A taquin board in play: the contract's operations (moves `U`, `D`, `L`, `R`: the tile
/// that slides, seen from the blank), plus the click of a cell and the board's text.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Taquin {
    session: Session<Board>,
}

bindings!(Taquin, Board);

#[wasm_bindgen]
impl Taquin {
    /// A scrambled `width` x `height` board (always solvable), the same for the same
    /// seed.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] unless both sides are in the crate's range.
    #[wasm_bindgen(constructor)]
    pub fn new(width: usize, height: usize, seed: u64) -> Result<Taquin, PlayError> {
        let board = Board::new(Size::new(width, height), seed).map_err(PlayError::input)?;
        Ok(Taquin {
            session: Session::new(board),
        })
    }

    /// A board read from its text (rows of numbers, `.` for the blank).
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] when the text is no board.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(text: &str) -> Result<Taquin, PlayError> {
        let board: Board = text.parse().map_err(PlayError::input)?;
        Ok(Taquin {
            session: Session::new(board),
        })
    }

    /// Clicks cell (`x`, `y`): the tiles between it and the blank slide together, as the
    /// library's click does. Returns `{move, tiles}` as JSON; one undo takes the whole
    /// click back.
    ///
    /// # Errors
    /// An `"illegal"` [`PlayError`] (not in line with the blank, the blank itself, off the
    /// board, or the board is solved); nothing changes.
    pub fn click(&mut self, x: usize, y: usize) -> Result<String, PlayError> {
        let slide = self
            .session
            .apply(|b| b.click(Pos::new(x, y)), |s| s.tiles)?;
        Ok(json!({ "move": slide.direction.to_string(), "tiles": slide.tiles }).to_string())
    }

    /// The board as text, as the crate writes it (what [`TaquinSolver`] reads).
    pub fn text(&self) -> String {
        self.session.game().to_string()
    }

    /// The cell `[x, y]` of the tile that move `m` would slide, `undefined` when `m` is no
    /// legal move (the page marks the hinted tile with it).
    #[wasm_bindgen(js_name = movedFrom)]
    pub fn moved_from(&self, m: &str) -> Option<Vec<u32>> {
        let m = self.session.parse(m).ok()?;
        let p = self.session.game().moved_from(m)?;
        Some(vec![p.x as u32, p.y as u32])
    }

    /// Whether the tiles are in order.
    #[wasm_bindgen(js_name = isSolved)]
    pub fn is_solved(&self) -> bool {
        self.session.game().is_solved()
    }
}

/// The taquin's solvers, meant for a Web Worker: [`solve_best_with`] under the hint's or
/// the player's budget, optimal on 4 x 4 with the pattern databases (built once, on first
/// need or by [`TaquinSolver::prepare`]) and the fast solver on larger boards.
#[wasm_bindgen]
#[derive(Debug, Default)]
pub struct TaquinSolver {
    databases: Option<PatternDatabase>,
}

#[wasm_bindgen]
impl TaquinSolver {
    /// A solver with no databases yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> TaquinSolver {
        TaquinSolver::default()
    }

    /// Builds the 4 x 4 pattern databases now (a few seconds) unless they are built.
    pub fn prepare(&mut self) {
        if self.databases.is_none() {
            self.databases = Some(PatternDatabase::build());
        }
    }

    /// Whether the databases are built.
    #[wasm_bindgen(getter)]
    pub fn ready(&self) -> bool {
        self.databases.is_some()
    }

    /// Solves the board given as text: `{moves, solver, optimal, nodes}` as JSON, `moves`
    /// in the crate's notation. `hint` picks the hint's small budget (a few milliseconds
    /// without the databases) over the player's.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] when the text is no board, `"illegal"` when it cannot be
    /// solved.
    pub fn solve(&mut self, board: &str, hint: bool) -> Result<String, PlayError> {
        let board: Board = board.parse().map_err(PlayError::input)?;
        let budget = if hint { Budget::HINT } else { Budget::PLAY };
        let (solution, solver) = solve_best_with(&board, budget, &mut self.databases, || {
            Some(PatternDatabase::build())
        })
        .map_err(PlayError::illegal)?;
        let name = match solver {
            Solver::Ida => "IDA*",
            Solver::PatternDatabase => "pattern databases",
            _ => "fast",
        };
        Ok(json!({
            "moves": format_moves(&solution.moves),
            "solver": name,
            "optimal": solver.is_optimal(),
            "nodes": solution.nodes,
        })
        .to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau_grid::Play;

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut t = Taquin::from_text("1 2 3\n4 5 6\n7 8 .").expect("a board");
        let before = t.text();
        let err = t.play("L").expect_err("solved: no move");
        assert_eq!(err.kind(), "illegal");
        let err = t.play("X").expect_err("no such move");
        assert_eq!(err.kind(), "parse");
        assert_eq!((t.text(), t.moves()), (before, 0));
    }

    #[test]
    fn the_page_plays_the_solvers_moves_to_the_goal() {
        let mut t = Taquin::new(3, 3, 42).expect("a 3 x 3");
        let mut solver = TaquinSolver::new();
        let answer: Value = serde_json::from_str(&solver.solve(&t.text(), false).unwrap()).unwrap();
        assert_eq!(answer["optimal"], true);
        let moves = answer["moves"].as_str().unwrap().to_string();
        assert_eq!(
            t.legal_moves().len(),
            Play::legal_moves(t.session.game()).len()
        );
        for m in moves.chars() {
            assert_eq!(t.status(), "InProgress");
            let event: Value = serde_json::from_str(&t.play(&m.to_string()).unwrap()).unwrap();
            assert_eq!(event["move"], m.to_string());
        }
        assert!(t.is_solved());
        assert_eq!((t.status().as_str(), t.to_move()), ("Solved", None));
        assert_eq!(t.moves(), moves.len());
        assert_eq!(t.outcome().as_deref(), Some("won (0)"));
    }

    #[test]
    fn a_click_slides_a_row_and_one_undo_takes_it_back() {
        let mut t = Taquin::from_text("1 2 3\n4 5 6\n7 8 .").expect("a board");
        // Solved boards take no click; start one move away.
        let mut t2 = Taquin::from_text("1 2 3\n4 5 6\n. 7 8").expect("a board");
        let before = t2.text();
        let slide: Value = serde_json::from_str(&t2.click(2, 2).unwrap()).unwrap();
        assert_eq!(
            (slide["move"].as_str(), slide["tiles"].as_u64()),
            (Some("L"), Some(2))
        );
        assert!(t2.is_solved());
        assert_eq!(t2.moves(), 2);
        assert!(t2.undo());
        assert_eq!((t2.text(), t2.moves()), (before.clone(), 0));
        assert_eq!(t2.click(1, 1).unwrap_err().kind(), "illegal");
        assert_eq!(t2.text(), before);
        assert!(t.click(0, 0).is_err());
        assert_eq!(t2.moved_from("L"), Some(vec![1, 2]));
        assert_eq!((t2.moved_from("R"), t2.moved_from("?")), (None, None));
        assert!(!t.undo());
    }

    #[test]
    fn bad_sizes_are_input_errors() {
        assert_eq!(Taquin::new(1, 9, 0).unwrap_err().kind(), "input");
        assert_eq!(Taquin::from_text("1 2\n3").unwrap_err().kind(), "input");
    }
}
