//! `plateau.floodit`: Flood-It.

use plateau_floodit::{Board, Color, Config, Game, Rules, Solver, solve_best};
use plateau_grid::{Bot, Planner, Size};
use pyo3::prelude::*;
use serde::{Deserialize, Serialize};

use crate::common::{Binding, Spec, value_error};
use crate::{bot_class, game_class, move_class};

pyo3::create_exception!(
    plateau.floodit,
    IllegalMove,
    pyo3::exceptions::PyValueError,
    "A colour the game refuses (plateau_floodit::IllegalMove); the game is unchanged."
);

move_class!(PyColor, Color, "Color", "plateau.floodit");
game_class!(PyGame, Game, "Game", "plateau.floodit", PyColor);
crate::perfect_information!(PyGame);

/// How a game started: what pickling writes.
#[derive(Serialize, Deserialize)]
enum Start {
    Seeded { config: Config, seed: u64 },
    Board { rules: Rules, board: String },
}

impl Start {
    fn build(&self) -> Result<Game, String> {
        match self {
            Start::Seeded { config, seed } => Ok(Game::new(*config, *seed)),
            Start::Board { rules, board } => {
                let board: Board = board.parse().map_err(|e| format!("{e}"))?;
                Game::from_board(*rules, &board).map_err(|e| e.to_string())
            }
        }
    }

    fn game(self) -> PyResult<PyGame> {
        let game = self.build().map_err(value_error)?;
        let text = serde_json::to_string(&self).map_err(value_error)?;
        Ok(PyGame::wrap(game, text))
    }
}

impl Binding for Game {
    fn rebuild(start: &str) -> Result<Game, String> {
        serde_json::from_str::<Start>(start)
            .map_err(|e| e.to_string())?
            .build()
    }

    fn format_moves(moves: &[Self::Move]) -> String {
        plateau_floodit::format_moves(moves)
    }

    fn parse_moves(text: &str) -> Result<Vec<Self::Move>, String> {
        plateau_floodit::parse_moves(text).map_err(|e| e.to_string())
    }

    fn illegal(message: String) -> PyErr {
        IllegalMove::new_err(message)
    }

    fn action_count(&self) -> usize {
        usize::from(self.rules().colors())
    }

    fn action_index(&self, m: Color) -> usize {
        m.index()
    }

    fn action_move(&self, i: usize) -> Option<Color> {
        let c = Color::new(u8::try_from(i).ok()?)?;
        plateau_grid::Play::is_legal(self, c).then_some(c)
    }

    fn hint(&self) -> Option<Self::Move> {
        plateau_floodit::hint(self)
    }

    fn choose_from(
        bot: &mut (dyn Bot<Game> + Send + Sync),
        obj: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Color>> {
        let game = obj.cast::<PyGame>()?.borrow();
        Ok(bot.choose(&game.inner.game))
    }
}

/// A game's configuration: the board's size, the colours, the move limit.
pub(crate) fn config(width: usize, height: usize, colors: u8, max_moves: u32) -> PyResult<Config> {
    let rules = Rules::new(colors, max_moves).map_err(value_error)?;
    Config::new(Size::new(width, height), rules).map_err(value_error)
}

#[pymethods]
impl PyGame {
    /// A random board, the same for a seed as in Rust (`Game::new(config, seed)`); the
    /// default is the classic 12x12, 6 colours, 22 moves.
    #[new]
    #[pyo3(signature = (seed = 0, width = 12, height = 12, colors = 6, max_moves = 22))]
    fn py_new(
        seed: u64,
        width: usize,
        height: usize,
        colors: u8,
        max_moves: u32,
    ) -> PyResult<PyGame> {
        let config = config(width, height, colors, max_moves)?;
        Start::Seeded { config, seed }.game()
    }

    /// A game on the board written in `board` (rows of colour letters, as `str(game.board)`
    /// prints them) under those rules.
    #[staticmethod]
    #[pyo3(signature = (board, colors = 6, max_moves = 22))]
    fn from_board(board: &str, colors: u8, max_moves: u32) -> PyResult<PyGame> {
        let rules = Rules::new(colors, max_moves).map_err(value_error)?;
        Start::Board {
            rules,
            board: board.to_owned(),
        }
        .game()
    }

    /// Columns.
    #[getter]
    fn width(&self) -> usize {
        self.inner.game.size().width
    }

    /// Rows.
    #[getter]
    fn height(&self) -> usize {
        self.inner.game.size().height
    }

    /// Colours in play.
    #[getter]
    fn colors(&self) -> u8 {
        self.inner.game.rules().colors()
    }

    /// The board now, as text (one letter a cell).
    #[getter]
    fn board(&self) -> String {
        self.inner.game.board().to_string()
    }

    /// The cells' colour indices row by row (a numpy array).
    fn cells<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<i64>> {
        let cells = self
            .inner
            .game
            .board()
            .cells()
            .iter()
            .map(|c| i64::from(c.get()))
            .collect();
        numpy::PyArray1::from_vec(py, cells)
    }

    /// The flooded region's colour.
    #[getter]
    fn flood_color(&self) -> PyColor {
        PyColor(self.inner.game.flood_color())
    }

    /// Cells in the flooded region.
    #[getter]
    fn flooded_cells(&self) -> usize {
        self.inner.game.flooded_cells()
    }

    /// Moves played.
    #[getter]
    fn moves_used(&self) -> u32 {
        self.inner.game.moves_used()
    }

    /// Moves left before the limit.
    #[getter]
    fn moves_left(&self) -> u32 {
        self.inner.game.moves_left()
    }

    /// The best solution found within `millis` milliseconds (the GIL released meanwhile).
    #[pyo3(signature = (millis = 200))]
    fn solve(&self, py: Python<'_>, millis: u64) -> Vec<PyColor> {
        let game = self.inner.game.clone();
        py.detach(|| solve_best(&game, millis))
            .0
            .moves
            .into_iter()
            .map(PyColor)
            .collect()
    }

    fn __str__(&self) -> String {
        self.inner.game.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<floodit.Game {}x{}, {} moves of {}, {:?}>",
            self.width(),
            self.height(),
            self.moves_used(),
            self.inner.game.rules().max_moves(),
            plateau_grid::Play::status(&self.inner.game)
        )
    }
}

/// Flood-It's bots: the solvers as players.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub enum FlooditBot {
    /// The best solution within a time budget (not reproducible under load).
    Best { millis: u64 },
    /// The colour absorbing the most cells.
    Greedy,
    /// A look-ahead of `depth` moves.
    Lookahead { depth: u32 },
}

impl Spec<Game> for FlooditBot {
    fn make(&self, _seed: u64) -> Box<dyn Bot<Game> + Send + Sync> {
        let spec = *self;
        Box::new(Planner::new(move |g: &Game| {
            if plateau_grid::Play::is_over(g) {
                return None;
            }
            let solution = match spec {
                FlooditBot::Best { millis } => solve_best(g, millis).0,
                FlooditBot::Greedy => Solver::Greedy.solve(g).ok()?,
                FlooditBot::Lookahead { depth } => Solver::Lookahead(depth).solve(g).ok()?,
            };
            Some(solution.moves)
        }))
    }

    fn name(&self) -> String {
        match self {
            FlooditBot::Best { millis } => format!("Solver(millis={millis})"),
            FlooditBot::Greedy => "Greedy()".into(),
            FlooditBot::Lookahead { depth } => format!("Lookahead(depth={depth})"),
        }
    }
}

bot_class!(
    PySolver,
    Game,
    PyGame,
    FlooditBot,
    "Solver",
    "plateau.floodit",
    PyColor
);
bot_class!(
    PyGreedy,
    Game,
    PyGame,
    FlooditBot,
    "Greedy",
    "plateau.floodit",
    PyColor
);
bot_class!(
    PyLookahead,
    Game,
    PyGame,
    FlooditBot,
    "Lookahead",
    "plateau.floodit",
    PyColor
);

#[pymethods]
impl PySolver {
    /// The best solution found within `millis` milliseconds, played move by move.
    #[new]
    #[pyo3(signature = (millis = 50))]
    fn py_new(millis: u64) -> PySolver {
        PySolver::build(FlooditBot::Best { millis }, 0)
    }
}

#[pymethods]
impl PyGreedy {
    /// Always the colour that absorbs the most cells.
    #[new]
    fn py_new() -> PyGreedy {
        PyGreedy::build(FlooditBot::Greedy, 0)
    }
}

#[pymethods]
impl PyLookahead {
    /// The colour that starts the best sequence of `depth` moves.
    #[new]
    #[pyo3(signature = (depth = 2))]
    fn py_new(depth: u32) -> PyLookahead {
        PyLookahead::build(FlooditBot::Lookahead { depth }, 0)
    }
}

crate::specs_of!(FlooditBot, "plateau.floodit": PySolver, PyGreedy, PyLookahead);

/// Plays `games` seeded boards (`Game::new(config, seed + i)`) with each bot in turn; the
/// report as a dict.
#[pyfunction(name = "match")]
#[pyo3(signature = (bots, games = 100, seed = 0, width = 12, height = 12, colors = 6, max_moves = 22, threads = None))]
#[allow(clippy::too_many_arguments)]
fn run_match(
    py: Python<'_>,
    bots: Vec<Bound<'_, PyAny>>,
    games: u64,
    seed: u64,
    width: usize,
    height: usize,
    colors: u8,
    max_moves: u32,
    threads: Option<usize>,
) -> PyResult<Py<pyo3::types::PyDict>> {
    let specs = specs_of(&bots)?;
    let config = config(width, height, colors, max_moves)?;
    crate::common::run_match(
        py,
        &format!("Flood-It {width}x{height}, {colors} colours, {max_moves} moves"),
        move |s| Game::new(config, s),
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
    m.add_class::<PyColor>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PySolver>()?;
    m.add_class::<PyGreedy>()?;
    m.add_class::<PyLookahead>()?;
    m.add_function(wrap_pyfunction!(run_match, m)?)?;
    Ok(())
}
