//! `plateau.minesweeper`: Minesweeper, the bots seeing the player's view only.

use plateau_grid::{Bot, Play, Pos, Size};
use plateau_minesweeper::{
    Cell, Config, FirstClick, Game, Level, Move, PlayerView, Settings, Solver, View,
};
use pyo3::prelude::*;
use serde::{Deserialize, Serialize};

use crate::common::{Binding, Spec, value_error};
use crate::{bot_class, game_class, move_class};

pyo3::create_exception!(
    plateau.minesweeper,
    IllegalMove,
    pyo3::exceptions::PyValueError,
    "A move the game refuses (plateau_minesweeper::IllegalMove); the game is unchanged."
);

move_class!(PyMove, Move, "Move", "plateau.minesweeper");
game_class!(PyGame, Game, "Game", "plateau.minesweeper", PyMove);

#[derive(Serialize, Deserialize)]
struct Start {
    config: Config,
    seed: u64,
}

/// A cell as a number: 0 to 8 revealed, -1 hidden, -2 flagged, -3 question mark, 9 a mine.
pub(crate) fn cell_code(c: Cell) -> i8 {
    match c {
        Cell::Hidden => -1,
        Cell::Flagged => -2,
        Cell::Question => -3,
        Cell::Revealed(n) => n.get() as i8,
        Cell::Mine => 9,
    }
}

fn index(size: Size, p: Pos) -> usize {
    p.y * size.width + p.x
}

impl Binding for Game {
    fn rebuild(start: &str) -> Result<Game, String> {
        let s: Start = serde_json::from_str(start).map_err(|e| e.to_string())?;
        Ok(Game::new(s.config, s.seed))
    }

    fn format_moves(moves: &[Move]) -> String {
        plateau_minesweeper::format_moves(moves)
    }

    fn parse_moves(text: &str) -> Result<Vec<Move>, String> {
        plateau_minesweeper::parse_moves(text).map_err(|e| e.to_string())
    }

    fn illegal(message: String) -> PyErr {
        IllegalMove::new_err(message)
    }

    /// Reveals of every cell (row-major), then flags, then chords.
    fn action_count(&self) -> usize {
        3 * self.size().width * self.size().height
    }

    fn action_index(&self, m: Move) -> usize {
        let size = self.size();
        let cells = size.width * size.height;
        match m {
            Move::Reveal(p) => index(size, p),
            Move::Flag(p) => cells + index(size, p),
            Move::Chord(p) => 2 * cells + index(size, p),
        }
    }

    fn action_move(&self, i: usize) -> Option<Move> {
        let size = self.size();
        let cells = size.width * size.height;
        let (kind, at) = (i / cells, i % cells);
        let p = Pos::new(at % size.width, at / size.width);
        let m = match kind {
            0 => Move::Reveal(p),
            1 => Move::Flag(p),
            2 => Move::Chord(p),
            _ => return None,
        };
        self.is_legal(m).then_some(m)
    }

    fn hint(&self) -> Option<Self::Move> {
        plateau_minesweeper::hint(self.view(self.to_move()?))
    }

    fn choose_from(
        bot: &mut (dyn Bot<Game> + Send + Sync),
        obj: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Move>> {
        if let Ok(v) = obj.cast::<PyView>() {
            let v = v.borrow();
            return Ok(bot.choose(v.player_view()));
        }
        let game = obj.cast::<PyGame>()?.borrow();
        let Some(seat) = game.inner.game.to_move() else {
            return Ok(None);
        };
        Ok(bot.choose(game.inner.game.view(seat)))
    }
}

/// What the player sees: the cells as shown, the mine count, the first-click rule.
#[pyclass(module = "plateau.minesweeper", name = "View", frozen)]
#[derive(Clone, Debug)]
pub struct PyView {
    cells: View,
    mines: u32,
    first_click: FirstClick,
}

impl PyView {
    fn player_view(&self) -> PlayerView<'_> {
        PlayerView::new(&self.cells, self.mines).with_first_click(self.first_click)
    }
}

fn cells_array<'py>(py: Python<'py>, view: &View) -> Bound<'py, numpy::PyArray1<i64>> {
    let cells = view.iter().map(|(_, c)| i64::from(cell_code(c))).collect();
    numpy::PyArray1::from_vec(py, cells)
}

#[pymethods]
impl PyView {
    /// The view written in `text` (rows of `x`, `F`, `?`, `.`, `1`-`8`, `*`) with `mines`
    /// mines in all.
    #[new]
    fn py_new(text: &str, mines: u32) -> PyResult<PyView> {
        let cells: View = text.parse().map_err(value_error)?;
        Ok(PyView {
            cells,
            mines,
            first_click: FirstClick::SafeCell,
        })
    }

    /// Columns.
    #[getter]
    fn width(&self) -> usize {
        self.cells.width()
    }

    /// Rows.
    #[getter]
    fn height(&self) -> usize {
        self.cells.height()
    }

    /// Mines in all.
    #[getter]
    fn mines(&self) -> u32 {
        self.mines
    }

    /// The cells row by row: 0 to 8 revealed, -1 hidden, -2 flagged, -3 `?`, 9 a mine.
    fn cells<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<i64>> {
        cells_array(py, &self.cells)
    }

    /// Each cell's exact probability of holding a mine given what is shown and the mine
    /// count (NaN for cells not covered or flagged), row by row; the GIL is released. Raises
    /// ValueError for a contradictory view or past the solver's node budget.
    fn probabilities<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray1<f64>>> {
        let me = self.clone();
        let p = py
            .detach(|| plateau_minesweeper::probabilities(&me.cells, me.mines))
            .map_err(value_error)?;
        let (w, h) = (self.cells.width(), self.cells.height());
        let all = (0..w * h)
            .map(|i| p.get(Pos::new(i % w, i / w)).unwrap_or(f64::NAN))
            .collect();
        Ok(numpy::PyArray1::from_vec(py, all))
    }

    /// The move the solver advises within a small budget.
    fn hint(&self, py: Python<'_>) -> Option<PyMove> {
        let me = self.clone();
        py.detach(|| plateau_minesweeper::hint(me.player_view()))
            .map(PyMove)
    }

    fn __str__(&self) -> String {
        self.cells.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "minesweeper.View({:?}, {})",
            self.cells.to_string(),
            self.mines
        )
    }
}

fn config(
    level: &str,
    width: Option<usize>,
    height: Option<usize>,
    mines: Option<u32>,
    first_click: Option<&str>,
) -> PyResult<Config> {
    let mut config = match (width, height, mines) {
        (None, None, None) => {
            let level: Level = level.parse().map_err(value_error)?;
            Config::level(level)
        }
        (Some(w), Some(h), Some(m)) => Config::new(Size::new(w, h), m).map_err(value_error)?,
        _ => {
            return Err(value_error(
                "give width, height and mines together (or a level alone)",
            ));
        }
    };
    if let Some(fc) = first_click {
        let fc: FirstClick = fc.parse().map_err(value_error)?;
        config = config.with_first_click(fc).map_err(value_error)?;
    }
    Ok(config)
}

impl PyGame {
    fn of(config: Config, seed: u64) -> PyResult<PyGame> {
        let start = serde_json::to_string(&Start { config, seed }).map_err(value_error)?;
        Ok(PyGame::wrap(Game::new(config, seed), start))
    }
}

#[pymethods]
impl PyGame {
    /// A game of `level` (`beginner`, `intermediate`, `expert`, `calculator`), or of
    /// `width` x `height` with `mines`, under `first_click` (`unsafe`, `safe-cell`,
    /// `opening`, `no-guess`, as the crate names them); its mines laid from `seed` as in
    /// Rust (`Game::new(config, seed)`).
    #[new]
    #[pyo3(signature = (level = "beginner", seed = 0, *, width = None, height = None, mines = None, first_click = None))]
    fn py_new(
        level: &str,
        seed: u64,
        width: Option<usize>,
        height: Option<usize>,
        mines: Option<u32>,
        first_click: Option<&str>,
    ) -> PyResult<PyGame> {
        PyGame::of(config(level, width, height, mines, first_click)?, seed)
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

    /// Mines in all.
    #[getter]
    fn mines(&self) -> u32 {
        self.inner.game.mines()
    }

    /// Mines minus flags.
    #[getter]
    fn mines_left(&self) -> i64 {
        self.inner.game.mines_left()
    }

    /// Cells revealed.
    #[getter]
    fn revealed(&self) -> u32 {
        self.inner.game.revealed()
    }

    /// Safe cells still covered.
    #[getter]
    fn safe_left(&self) -> u32 {
        self.inner.game.safe_left()
    }

    /// The cells as the player sees them, row by row (see `View.cells`).
    fn cells<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<i64>> {
        cells_array(py, self.inner.game.cells())
    }

    /// What the player sees: a View (the cells shown, the mine count), never the mines.
    fn view(&self, seat: usize) -> PyResult<PyView> {
        crate::common::seat(seat, 1)?;
        let g = &self.inner.game;
        Ok(PyView {
            cells: g.cells().clone(),
            mines: g.mines(),
            first_click: g.config().first_click(),
        })
    }

    /// The moves that win from here by deduction alone (the solver's first click first if
    /// the game has not started), never revealing a cell that could be a mine; raises
    /// ValueError when a guess is needed, the game is lost or the budget runs out.
    fn solve(&self, py: Python<'_>) -> PyResult<Vec<PyMove>> {
        let g = self.inner.game.clone();
        py.detach(|| plateau_minesweeper::solve(&g))
            .map(|s| s.moves.into_iter().map(PyMove).collect())
            .map_err(value_error)
    }

    fn __str__(&self) -> String {
        self.inner.game.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<minesweeper.Game {}x{}, {} mines, {} revealed, {:?}>",
            self.width(),
            self.height(),
            self.mines(),
            self.revealed(),
            self.inner.game.status()
        )
    }
}

/// Minesweeper's bot.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub enum MinesweeperBot {
    /// The solver, reading the view only.
    Solver { max_nodes: Option<u64> },
}

impl Spec<Game> for MinesweeperBot {
    fn make(&self, _seed: u64) -> Box<dyn Bot<Game> + Send + Sync> {
        let MinesweeperBot::Solver { max_nodes } = *self;
        let mut settings = Settings::default();
        if let Some(n) = max_nodes {
            settings.max_nodes = n;
        }
        Box::new(Solver::new(settings))
    }

    fn name(&self) -> String {
        match self {
            MinesweeperBot::Solver { max_nodes: Some(n) } => format!("Solver(max_nodes={n})"),
            MinesweeperBot::Solver { max_nodes: None } => "Solver()".into(),
        }
    }
}

bot_class!(
    PySolver,
    Game,
    PyGame,
    MinesweeperBot,
    "Solver",
    "plateau.minesweeper",
    PyMove
);

#[pymethods]
impl PySolver {
    /// The solver as a player: deductions, exact probabilities within `max_nodes` nodes a
    /// computation (the Rust default when None), a lookahead guess; it reads the view only.
    #[new]
    #[pyo3(signature = (max_nodes = None))]
    fn py_new(max_nodes: Option<u64>) -> PySolver {
        PySolver::build(MinesweeperBot::Solver { max_nodes }, 0)
    }
}

crate::specs_of!(MinesweeperBot, "plateau.minesweeper": PySolver);

/// Plays `games` seeded games (`Game::new(config, seed + i)`) with each bot in turn; the
/// report as a dict.
#[pyfunction(name = "match")]
#[pyo3(signature = (bots, games = 100, seed = 0, level = "beginner", threads = None))]
fn run_match(
    py: Python<'_>,
    bots: Vec<Bound<'_, PyAny>>,
    games: u64,
    seed: u64,
    level: &str,
    threads: Option<usize>,
) -> PyResult<Py<pyo3::types::PyDict>> {
    let specs = specs_of(&bots)?;
    let config = config(level, None, None, None, None)?;
    crate::common::run_match(
        py,
        &format!("Minesweeper {level}"),
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
    m.add_class::<PyMove>()?;
    m.add_class::<PyView>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PySolver>()?;
    m.add_function(wrap_pyfunction!(run_match, m)?)?;
    Ok(())
}
