//! `plateau.tetris`: Tetris, played by placements (the play contract's moves).

use plateau_grid::{Bot, Play, Pos};
use plateau_tetris::{Game, Heuristic, Placement, Rules};
use pyo3::prelude::*;

use crate::common::{Binding, Spec, value_error};
use crate::{bot_class, game_class, move_class};

pyo3::create_exception!(
    plateau.tetris,
    IllegalMove,
    pyo3::exceptions::PyValueError,
    "A placement the game refuses (plateau_tetris::IllegalMove); the game is unchanged."
);

move_class!(PyPlacement, Placement, "Placement", "plateau.tetris");
game_class!(PyGame, Game, "Game", "plateau.tetris", PyPlacement);

impl Binding for Game {
    /// The start is the seed on the first line, the rules' text after it.
    fn rebuild(start: &str) -> Result<Game, String> {
        let (seed, rules) = start.split_once('\n').ok_or("no seed line")?;
        let seed: u64 = seed.trim().parse().map_err(|e| format!("seed: {e}"))?;
        let rules: Rules = rules.parse().map_err(|e| format!("rules: {e}"))?;
        Ok(Game::new(rules, seed))
    }

    fn format_moves(moves: &[Self::Move]) -> String {
        plateau_tetris::format_moves(moves)
    }

    fn parse_moves(text: &str) -> Result<Vec<Self::Move>, String> {
        plateau_tetris::parse_moves(text).map_err(|e| e.to_string())
    }

    fn illegal(message: String) -> PyErr {
        IllegalMove::new_err(message)
    }

    /// (hold, rotation, pivot column + 2, pivot row + 2), columns and rows with a margin of
    /// two either side.
    fn action_count(&self) -> usize {
        let r = self.rules();
        2 * 4 * (r.width() + 4) * (r.total_height() + 4)
    }

    fn action_index(&self, m: Placement) -> usize {
        let r = self.rules();
        let (w, h) = (r.width() + 4, r.total_height() + 4);
        let t = m.tetromino;
        let x = (i32::from(t.x) + 2).clamp(0, w as i32 - 1) as usize;
        let y = (i32::from(t.y) + 2).clamp(0, h as i32 - 1) as usize;
        ((usize::from(m.hold) * 4 + t.rotation.index()) * w + x) * h + y
    }

    fn choose_from(
        bot: &mut (dyn Bot<Game> + Send + Sync),
        obj: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Placement>> {
        let game = obj.cast::<PyGame>()?.borrow();
        let Some(seat) = game.inner.game.to_move() else {
            return Ok(None);
        };
        Ok(bot.choose(game.inner.game.view(seat)))
    }
}

/// The rules named `rules` (`guideline`, `classic`, `calculator`) or written in full in the
/// rules' text form.
pub(crate) fn rules(rules: &str) -> PyResult<Rules> {
    if let Some(r) = Rules::preset(rules) {
        return Ok(r);
    }
    rules.parse().map_err(|e| {
        value_error(format!(
            "{rules:?} is neither a preset (guideline, classic, calculator) nor rules' text: {e}"
        ))
    })
}

impl PyGame {
    pub(crate) fn of(rules: Rules, seed: u64) -> PyGame {
        let start = format!("{seed}\n{rules}");
        PyGame::wrap(Game::new(rules, seed), start)
    }
}

#[pymethods]
impl PyGame {
    /// A game under `rules` (a preset name or the rules' text), its pieces drawn from
    /// `seed` as in Rust (`Game::new(rules, seed)`).
    #[new]
    #[pyo3(signature = (rules = "guideline", seed = 0))]
    fn py_new(rules: &str, seed: u64) -> PyResult<PyGame> {
        Ok(PyGame::of(self::rules(rules)?, seed))
    }

    /// The rules' text form.
    #[getter]
    fn rules(&self) -> String {
        self.inner.game.rules().to_string()
    }

    /// Board columns.
    #[getter]
    fn width(&self) -> usize {
        self.inner.game.board().width()
    }

    /// Board rows (buffer included).
    #[getter]
    fn height(&self) -> usize {
        self.inner.game.board().height()
    }

    /// The board's cells, `height` rows of `width` (row 0 as the Rust board numbers it):
    /// 0 empty, 1 filled (a numpy array).
    fn cells<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<i64>> {
        let b = self.inner.game.board();
        let (w, h) = (b.width(), b.height());
        let cells = (0..w * h)
            .map(|i| i64::from(b.get(Pos::new(i % w, i / w)).is_some()))
            .collect();
        numpy::PyArray1::from_vec(py, cells)
    }

    /// The board as text.
    #[getter]
    fn board(&self) -> String {
        self.inner.game.board().to_string()
    }

    /// The falling piece's letter, None between pieces or when over.
    #[getter]
    fn piece(&self) -> Option<String> {
        self.inner.game.active().map(|t| t.piece.to_string())
    }

    /// The next pieces shown.
    #[getter]
    fn next(&self) -> Vec<String> {
        self.inner
            .game
            .next()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Score.
    #[getter]
    fn score(&self) -> u64 {
        self.inner.game.score()
    }

    /// Lines cleared.
    #[getter]
    fn lines(&self) -> u32 {
        self.inner.game.lines()
    }

    /// Level.
    #[getter]
    fn level(&self) -> u32 {
        self.inner.game.level()
    }

    /// Pieces locked.
    #[getter]
    fn pieces(&self) -> u64 {
        self.inner.game.pieces()
    }

    /// The placement the heuristic bot chooses.
    fn hint(&self, py: Python<'_>) -> Option<PyPlacement> {
        let game = self.inner.game.clone();
        py.detach(|| plateau_tetris::hint(&game)).map(PyPlacement)
    }

    /// The seat's view: the game (bots read from it only what the player sees: the board,
    /// the falling piece, hold and the preview).
    fn view(&self, seat: usize) -> PyResult<PyGame> {
        crate::common::seat(seat, 1)?;
        Ok(self.clone())
    }

    fn __str__(&self) -> String {
        self.inner.game.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<tetris.Game {} pieces, {} lines, score {}, {:?}>",
            self.inner.game.pieces(),
            self.inner.game.lines(),
            self.inner.game.score(),
            self.inner.game.status()
        )
    }
}

/// Tetris's bot.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub enum TetrisBot {
    /// El-Tetris weights over the best `beam` placements with the next piece.
    Heuristic { beam: usize },
}

impl Spec<Game> for TetrisBot {
    fn make(&self, _seed: u64) -> Box<dyn Bot<Game> + Send + Sync> {
        let TetrisBot::Heuristic { beam } = *self;
        Box::new(Heuristic::new(
            plateau_tetris::bot::Weights::default(),
            beam,
        ))
    }

    fn name(&self) -> String {
        let TetrisBot::Heuristic { beam } = *self;
        format!("Heuristic(beam={beam})")
    }
}

bot_class!(
    PyHeuristic,
    Game,
    PyGame,
    TetrisBot,
    "Heuristic",
    "plateau.tetris",
    PyPlacement
);

#[pymethods]
impl PyHeuristic {
    /// The El-Tetris evaluation, looking at the best `beam` placements with the next piece
    /// (`Heuristic::default()` is beam 4).
    #[new]
    #[pyo3(signature = (beam = 4))]
    fn py_new(beam: usize) -> PyResult<PyHeuristic> {
        if beam == 0 {
            return Err(value_error("the beam needs at least one placement"));
        }
        Ok(PyHeuristic::build(TetrisBot::Heuristic { beam }, 0))
    }
}

fn spec_of(obj: &Bound<'_, PyAny>) -> PyResult<TetrisBot> {
    Ok(obj.cast::<PyHeuristic>()?.borrow().spec)
}

/// Plays `games` seeded games (`Game::new(rules, seed + i)`) with each bot in turn; a game
/// that reaches `max_pieces` pieces ends there, won with its score (a top-out is lost with
/// it); the report as a dict.
#[pyfunction(name = "match")]
#[pyo3(signature = (bots, games = 100, seed = 0, rules = "guideline", max_pieces = 1_000, threads = None))]
fn run_match(
    py: Python<'_>,
    bots: Vec<Bound<'_, PyAny>>,
    games: u64,
    seed: u64,
    rules: &str,
    max_pieces: u64,
    threads: Option<usize>,
) -> PyResult<Py<pyo3::types::PyDict>> {
    let specs = bots.iter().map(spec_of).collect::<PyResult<Vec<_>>>()?;
    let r = self::rules(rules)?;
    crate::common::run_match(
        py,
        &format!("Tetris {rules}"),
        move |s| Game::new(r.clone(), s),
        specs,
        games,
        seed,
        threads,
        move |m| {
            m.until("games", move |g: &Game| {
                g.outcome().or_else(|| {
                    (g.pieces() >= max_pieces).then(|| {
                        plateau_grid::Outcome::won(i64::try_from(g.score()).unwrap_or(i64::MAX))
                    })
                })
            })
        },
    )
}

/// Registers the module's classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("IllegalMove", m.py().get_type::<IllegalMove>())?;
    m.add_class::<PyPlacement>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyHeuristic>()?;
    m.add_function(wrap_pyfunction!(run_match, m)?)?;
    Ok(())
}
