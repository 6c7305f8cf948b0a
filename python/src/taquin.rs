//! `plateau.taquin`: the sliding puzzle.

use plateau_grid::{Bot, Planner, Play, Size};
use plateau_taquin::{Board, Budget, Move, solve_best};
use pyo3::prelude::*;

use crate::common::{Binding, Spec, value_error};
use crate::{bot_class, game_class, move_class};

pyo3::create_exception!(
    plateau.taquin,
    IllegalMove,
    pyo3::exceptions::PyValueError,
    "A move the board refuses (plateau_taquin::IllegalMove); the board is unchanged."
);

move_class!(PyMove, Move, "Move", "plateau.taquin");
game_class!(PyBoard, Board, "Board", "plateau.taquin", PyMove);
crate::perfect_information!(PyBoard);

impl Binding for Board {
    fn rebuild(start: &str) -> Result<Board, String> {
        start
            .parse()
            .map_err(|e| format!("not a taquin board: {e}"))
    }

    fn format_moves(moves: &[Self::Move]) -> String {
        plateau_taquin::format_moves(moves)
    }

    fn parse_moves(text: &str) -> Result<Vec<Self::Move>, String> {
        plateau_taquin::parse_moves(text).map_err(|e| e.to_string())
    }

    fn illegal(message: String) -> PyErr {
        IllegalMove::new_err(message)
    }

    fn action_count(&self) -> usize {
        4
    }

    fn action_index(&self, m: Move) -> usize {
        MOVES.iter().position(|&x| x == m).unwrap_or(0)
    }

    fn action_move(&self, i: usize) -> Option<Move> {
        MOVES.get(i).copied().filter(|&m| self.is_legal(m))
    }

    fn hint(&self) -> Option<Self::Move> {
        plateau_taquin::hint(self)
    }

    fn choose_from(
        bot: &mut (dyn Bot<Board> + Send + Sync),
        obj: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Move>> {
        let board = obj.cast::<PyBoard>()?.borrow();
        Ok(bot.choose(&board.inner.game))
    }
}

/// The action space: the four moves in this order.
pub(crate) const MOVES: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

fn size(width: usize, height: usize) -> Size {
    Size::new(width, height)
}

impl PyBoard {
    fn of(board: Board) -> PyBoard {
        let start = board.to_string();
        PyBoard::wrap(board, start)
    }
}

#[pymethods]
impl PyBoard {
    /// A random solvable board of `width` x `height`, the same for a seed as in Rust
    /// (`Board::new(Size::new(width, height), seed)`).
    #[new]
    #[pyo3(signature = (width = 4, height = 4, seed = 0))]
    fn py_new(width: usize, height: usize, seed: u64) -> PyResult<PyBoard> {
        Board::new(size(width, height), seed)
            .map(PyBoard::of)
            .map_err(value_error)
    }

    /// The board `moves` random moves away from solved (`Board::random_walk`); the GIL is
    /// released meanwhile (a billion moves take seconds).
    #[staticmethod]
    #[pyo3(signature = (width, height, moves, seed = 0))]
    fn random_walk(
        py: Python<'_>,
        width: usize,
        height: usize,
        moves: usize,
        seed: u64,
    ) -> PyResult<PyBoard> {
        py.detach(|| Board::random_walk(size(width, height), moves, seed))
            .map(PyBoard::of)
            .map_err(value_error)
    }

    /// The solved board of that size.
    #[staticmethod]
    fn solved(width: usize, height: usize) -> PyResult<PyBoard> {
        Board::solved(size(width, height))
            .map(PyBoard::of)
            .map_err(value_error)
    }

    /// The board written in `text` (the form `str()` gives).
    #[staticmethod]
    fn parse(text: &str) -> PyResult<PyBoard> {
        Board::rebuild(text).map(PyBoard::of).map_err(value_error)
    }

    /// Columns.
    #[getter]
    fn width(&self) -> usize {
        self.inner.game.width()
    }

    /// Rows.
    #[getter]
    fn height(&self) -> usize {
        self.inner.game.height()
    }

    /// The tiles' numbers row by row, 0 for the blank.
    #[getter]
    fn tiles(&self) -> Vec<u16> {
        self.inner
            .game
            .tiles()
            .iter()
            .map(|t| u16::from(t.number()))
            .collect()
    }

    /// Whether every tile is home.
    #[getter]
    fn is_solved(&self) -> bool {
        self.inner.game.is_solved()
    }

    /// The sum of the tiles' Manhattan distances to home.
    fn manhattan(&self) -> u32 {
        self.inner.game.manhattan()
    }

    /// A solution within `max_nodes` search nodes (the shortest when `optimal`), as moves;
    /// raises ValueError when the budget runs out. The GIL is released meanwhile.
    #[pyo3(signature = (max_nodes = 20_000_000, optimal = false))]
    fn solve(&self, py: Python<'_>, max_nodes: u64, optimal: bool) -> PyResult<Vec<PyMove>> {
        let budget = budget(max_nodes, optimal);
        let board = self.inner.game.clone();
        let found = py.detach(|| solve_best(&board, budget));
        found
            .map(|(s, _)| s.moves.into_iter().map(PyMove).collect())
            .map_err(value_error)
    }

    fn __str__(&self) -> String {
        self.inner.game.to_string()
    }

    fn __repr__(&self) -> String {
        format!("taquin.Board.parse({:?})", self.inner.game.to_string())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.game.hash(&mut h);
        h.finish()
    }
}

fn budget(max_nodes: u64, optimal: bool) -> Budget {
    if optimal {
        Budget::optimal(max_nodes)
    } else {
        Budget::nodes(max_nodes)
    }
}

/// The taquin's bots.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub enum TaquinBot {
    /// The solver as a player, planning within a node budget.
    Solver { max_nodes: u64, optimal: bool },
}

impl Spec<Board> for TaquinBot {
    fn make(&self, _seed: u64) -> Box<dyn Bot<Board> + Send + Sync> {
        let TaquinBot::Solver { max_nodes, optimal } = *self;
        let budget = budget(max_nodes, optimal);
        Box::new(Planner::new(move |b: &Board| {
            solve_best(b, budget).ok().map(|(s, _)| s.moves)
        }))
    }

    fn name(&self) -> String {
        let TaquinBot::Solver { max_nodes, optimal } = *self;
        format!(
            "Solver(max_nodes={max_nodes}, optimal={})",
            py_bool(optimal)
        )
    }
}

pub(crate) fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

bot_class!(
    PySolver,
    Board,
    PyBoard,
    TaquinBot,
    "Solver",
    "plateau.taquin",
    PyMove
);

#[pymethods]
impl PySolver {
    /// The solver as a player: it plans a solution within `max_nodes` search nodes (the
    /// shortest when `optimal`), then plays it move by move.
    #[new]
    #[pyo3(signature = (max_nodes = 20_000_000, optimal = false))]
    fn py_new(max_nodes: u64, optimal: bool) -> PySolver {
        PySolver::build(TaquinBot::Solver { max_nodes, optimal }, 0)
    }
}

crate::specs_of!(TaquinBot, "plateau.taquin": PySolver);

/// Plays `games` seeded boards of `width` x `height` (`Board::new(size, seed + i)`) with each
/// bot (a puzzle has one seat: the bots take turns by game); the report as a dict.
#[pyfunction(name = "match")]
#[pyo3(signature = (bots, games = 100, seed = 0, width = 4, height = 4, threads = None))]
fn run_match(
    py: Python<'_>,
    bots: Vec<Bound<'_, PyAny>>,
    games: u64,
    seed: u64,
    width: usize,
    height: usize,
    threads: Option<usize>,
) -> PyResult<Py<pyo3::types::PyDict>> {
    let specs = specs_of(&bots)?;
    let size = size(width, height);
    Board::new(size, 0).map_err(value_error)?;
    crate::common::run_match(
        py,
        &format!("taquin {width}x{height}"),
        move |s| Board::new(size, s).unwrap_or_else(|_| Board::solved(size).expect("checked")),
        specs,
        games,
        seed,
        threads,
        |m| m,
    )
}

/// Registers the module's classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("IllegalMove", m.py().get_type::<IllegalMove>())?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyBoard>()?;
    m.add_class::<PySolver>()?;
    m.add_function(wrap_pyfunction!(run_match, m)?)?;
    Ok(())
}
