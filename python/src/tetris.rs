//! `plateau.tetris`: Tetris, played by placements (the play contract's moves).

use plateau_grid::{Bot, Play, Pos};
use plateau_tetris::bot::Weights;
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
crate::perfect_information!(PyGame);

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

    fn hint(&self) -> Option<Self::Move> {
        plateau_tetris::hint(self)
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

/// The names of the evaluation's weights, in [`TetrisBot::Heuristic`]'s order.
const WEIGHT_NAMES: [&str; 7] = [
    "landing_height",
    "lines",
    "eroded_cells",
    "row_transitions",
    "column_transitions",
    "holes",
    "wells",
];

fn weights_array(w: &Weights) -> [i32; 7] {
    [
        w.landing_height,
        w.lines,
        w.eroded_cells,
        w.row_transitions,
        w.column_transitions,
        w.holes,
        w.wells,
    ]
}

fn weights_of(a: [i32; 7]) -> Weights {
    let [
        landing_height,
        lines,
        eroded_cells,
        row_transitions,
        column_transitions,
        holes,
        wells,
    ] = a;
    Weights {
        landing_height,
        lines,
        eroded_cells,
        row_transitions,
        column_transitions,
        holes,
        wells,
    }
}

/// The weights a Python caller gives: a preset's name, or a dict of all seven weights per
/// unit of each feature (floats, kept to thousandths as the crate keeps them).
fn weights_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Weights> {
    let Some(obj) = obj else {
        return Ok(Weights::default());
    };
    if let Ok(name) = obj.extract::<String>() {
        return match name.as_str() {
            "el-tetris" => Ok(Weights::EL_TETRIS),
            "dellacherie" => Ok(Weights::DELLACHERIE),
            other => Err(value_error(format!(
                "weights {other:?}: the presets are \"el-tetris\" and \"dellacherie\", or give a dict"
            ))),
        };
    }
    let dict = obj.cast::<pyo3::types::PyDict>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(
            "weights are a preset's name or a dict of the seven weights",
        )
    })?;
    let mut out = [0i32; 7];
    for (key, value) in dict.iter() {
        let key: String = key.extract()?;
        let Some(i) = WEIGHT_NAMES.iter().position(|&n| n == key) else {
            return Err(value_error(format!(
                "no weight is named {key:?}: the weights are {}",
                WEIGHT_NAMES.join(", ")
            )));
        };
        let v: f64 = value.extract()?;
        let thousandths = (v * 1000.0).round();
        if !thousandths.is_finite() || thousandths.abs() > f64::from(i32::MAX) {
            return Err(value_error(format!("weight {key} = {v} is out of range")));
        }
        out[i] = thousandths as i32;
    }
    let missing: Vec<&str> = WEIGHT_NAMES
        .iter()
        .filter(|n| !dict.contains(**n).unwrap_or(false))
        .copied()
        .collect();
    if !missing.is_empty() {
        return Err(value_error(format!(
            "the weights need all seven values; missing: {}",
            missing.join(", ")
        )));
    }
    Ok(weights_of(out))
}

/// Tetris's bot.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub enum TetrisBot {
    /// The evaluation of `weights` (thousandths, [`WEIGHT_NAMES`]' order) over the best `beam`
    /// placements with the next piece.
    Heuristic { beam: usize, weights: [i32; 7] },
}

impl Spec<Game> for TetrisBot {
    fn make(&self, _seed: u64) -> Box<dyn Bot<Game> + Send + Sync> {
        let TetrisBot::Heuristic { beam, weights } = *self;
        Box::new(Heuristic::new(weights_of(weights), beam))
    }

    fn name(&self) -> String {
        let TetrisBot::Heuristic { beam, weights } = *self;
        if weights == weights_array(&Weights::default()) {
            return format!("Heuristic(beam={beam})");
        }
        if weights == weights_array(&Weights::DELLACHERIE) {
            return format!("Heuristic(beam={beam}, weights=\"dellacherie\")");
        }
        let parts: Vec<String> = WEIGHT_NAMES
            .iter()
            .zip(weights)
            .map(|(n, w)| format!("{n:?}: {}", f64::from(w) / 1000.0))
            .collect();
        format!("Heuristic(beam={beam}, weights={{{}}})", parts.join(", "))
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
    /// The placement evaluation of `weights`, looking at the best `beam` placements with the
    /// next piece (`Heuristic::default()` is beam 4 with El-Tetris's weights).
    ///
    /// `weights` is `"el-tetris"` (the default), `"dellacherie"`, or a dict of all seven
    /// weights per unit of each feature (`landing_height`, `lines`, `eroded_cells`,
    /// `row_transitions`, `column_transitions`, `holes`, `wells`), kept to thousandths.
    /// Raises `ValueError` for a beam of 0, an unknown preset or name, a missing weight.
    #[new]
    #[pyo3(signature = (beam = 4, weights = None))]
    fn py_new(beam: usize, weights: Option<&Bound<'_, PyAny>>) -> PyResult<PyHeuristic> {
        if beam == 0 {
            return Err(value_error("the beam needs at least one placement"));
        }
        let weights = weights_array(&weights_arg(weights)?);
        Ok(PyHeuristic::build(
            TetrisBot::Heuristic { beam, weights },
            0,
        ))
    }

    /// The weights, per unit of each feature (a dict `Heuristic(weights=...)` takes back).
    #[getter]
    fn weights(&self) -> std::collections::BTreeMap<&'static str, f64> {
        let TetrisBot::Heuristic { weights, .. } = self.spec;
        WEIGHT_NAMES
            .iter()
            .zip(weights)
            .map(|(&n, w)| (n, f64::from(w) / 1000.0))
            .collect()
    }

    /// How many placements it looks at with the next piece.
    #[getter]
    fn beam(&self) -> usize {
        let TetrisBot::Heuristic { beam, .. } = self.spec;
        beam
    }
}

crate::specs_of!(TetrisBot, "plateau.tetris": PyHeuristic);

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
    let specs = specs_of(&bots)?;
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
