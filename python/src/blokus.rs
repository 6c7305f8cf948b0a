//! `plateau.blokus`: Blokus Duo and Classic.

use plateau_blokus::{Config, Game, GreedyBot, Mcts, Puct, RandomBot, Variant};
use plateau_grid::Bot;
use pyo3::prelude::*;

use crate::common::{Binding, Spec, value_error};
use crate::{bot_class, game_class, move_class};

pyo3::create_exception!(
    plateau.blokus,
    IllegalMove,
    pyo3::exceptions::PyValueError,
    "A move the game refuses (plateau_blokus::IllegalMove); the game is unchanged."
);

move_class!(PyMove, plateau_blokus::Move, "Move", "plateau.blokus");
game_class!(PyGame, Game, "Game", "plateau.blokus", PyMove);
crate::perfect_information!(PyGame);

impl Binding for Game {
    fn rebuild(start: &str) -> Result<Game, String> {
        let config: Config = serde_json::from_str(start).map_err(|e| e.to_string())?;
        Ok(Game::new(config))
    }

    fn format_moves(moves: &[Self::Move]) -> String {
        plateau_blokus::format_moves(moves)
    }

    fn parse_moves(text: &str) -> Result<Vec<Self::Move>, String> {
        plateau_blokus::parse_moves(text).map_err(|e| e.to_string())
    }

    fn illegal(message: String) -> PyErr {
        IllegalMove::new_err(message)
    }

    /// A pass, then every (piece, orientation, x, y).
    fn action_count(&self) -> usize {
        let side = self.variant().side();
        1 + 21 * 8 * side * side
    }

    fn action_index(&self, m: plateau_blokus::Move) -> usize {
        let side = self.variant().side();
        match m.placement() {
            None => 0,
            Some(p) => {
                let o = p.origin();
                1 + ((p.piece().index() * 8 + usize::from(p.orientation().digit())) * side + o.y)
                    * side
                    + o.x
            }
        }
    }

    fn action_move(&self, i: usize) -> Option<plateau_blokus::Move> {
        use plateau_blokus::{Orientation, Piece, Placement};
        let side = self.variant().side();
        let m = if i == 0 {
            plateau_blokus::Move::Pass
        } else {
            let j = i - 1;
            let (x, y, rest) = (j % side, (j / side) % side, j / (side * side));
            let piece = Piece::from_index(rest / 8)?;
            let o = Orientation::new((rest % 8) as u8)?;
            plateau_blokus::Move::Place(Placement::new(piece, o, x as u8, y as u8))
        };
        (plateau_grid::Play::is_legal(self, m) && self.action_index(m) == i).then_some(m)
    }

    fn hint(&self) -> Option<Self::Move> {
        plateau_blokus::hint(self)
    }

    fn choose_from(
        bot: &mut (dyn Bot<Game> + Send + Sync),
        obj: &Bound<'_, PyAny>,
    ) -> PyResult<Option<plateau_blokus::Move>> {
        let game = obj.cast::<PyGame>()?.borrow();
        Ok(bot.choose(&game.inner.game))
    }
}

/// The configuration named `variant` (`duo`, `classic`, `classic2` for two players with two
/// colours each, `icfpt`).
pub(crate) fn config(variant: &str) -> PyResult<Config> {
    Ok(match variant {
        "duo" => Config::duo(),
        "classic" => Config::classic(),
        "classic2" | "classic_two_players" => Config::classic_two_players(),
        "icfpt" => Config::icfpt(),
        other => {
            return Err(value_error(format!(
                "{other:?} is not a Blokus variant (duo, classic, classic2, icfpt)"
            )));
        }
    })
}

impl PyGame {
    pub(crate) fn of(config: Config) -> PyResult<PyGame> {
        let start = serde_json::to_string(&config).map_err(value_error)?;
        Ok(PyGame::wrap(Game::new(config), start))
    }
}

#[pymethods]
impl PyGame {
    /// A new game of `variant`: `duo` (14x14, two players), `classic` (20x20, four),
    /// `classic2` (20x20, two players with two colours each), `icfpt`.
    #[new]
    #[pyo3(signature = (variant = "duo"))]
    fn py_new(variant: &str) -> PyResult<PyGame> {
        PyGame::of(config(variant)?)
    }

    /// `duo`, or `classic`.
    #[getter]
    fn variant(&self) -> &'static str {
        match self.inner.game.variant() {
            Variant::Duo => "duo",
            Variant::Classic => "classic",
        }
    }

    /// The board's side (14 or 20).
    #[getter]
    fn side(&self) -> usize {
        self.inner.game.variant().side()
    }

    /// The colour to move, by index (0 blue/first...).
    #[getter]
    fn color_to_move(&self) -> usize {
        self.inner.game.color_to_move().index()
    }

    /// Colours at the table.
    #[getter]
    fn colors(&self) -> usize {
        self.inner.game.config().colors()
    }

    /// The board's cells row by row: -1 empty, else the colour's index (a numpy array).
    fn cells<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<i64>> {
        let game = &self.inner.game;
        let side = game.variant().side();
        let cells = (0..side * side)
            .map(|i| {
                game.at(plateau_grid::Pos::new(i % side, i / side))
                    .map_or(-1, |c| c.index() as i64)
            })
            .collect();
        numpy::PyArray1::from_vec(py, cells)
    }

    /// The seat's score so far, as the rules count it.
    fn score(&self, seat: usize) -> PyResult<i32> {
        let s = crate::common::seat(seat, plateau_grid::Play::players(&self.inner.game))?;
        Ok(self.inner.game.score(s))
    }

    fn __str__(&self) -> String {
        self.inner.game.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<blokus.Game {}, {} moves, {:?}>",
            self.variant(),
            self.inner.moves.len(),
            plateau_grid::Play::status(&self.inner.game)
        )
    }
}

/// Blokus's bots.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub enum BlokusBot {
    /// Monte Carlo tree search.
    Mcts {
        playouts: u32,
        exploration: Option<f32>,
        local_playouts: Option<bool>,
        time_limit_ms: Option<u64>,
        rave: Option<bool>,
        score_weight: Option<f32>,
        move_knowledge: Option<bool>,
        local_answers: Option<bool>,
        last_good_replies: Option<bool>,
        #[serde(default)]
        prior_selection: Option<bool>,
        #[serde(default)]
        learned_knowledge: Option<bool>,
        #[serde(default)]
        threads: Option<u16>,
    },
    /// The largest piece with the most corners.
    Greedy,
    /// A uniformly random legal move.
    Random,
}

impl Spec<Game> for BlokusBot {
    fn make(&self, seed: u64) -> Box<dyn Bot<Game> + Send + Sync> {
        match *self {
            BlokusBot::Mcts {
                playouts,
                exploration,
                local_playouts,
                time_limit_ms,
                rave,
                score_weight,
                move_knowledge,
                local_answers,
                last_good_replies,
                prior_selection,
                learned_knowledge,
                threads,
            } => {
                let mut m = Mcts::new(seed).with_playouts(playouts);
                if let Some(n) = threads {
                    m = m.with_threads(n);
                }
                if let Some(on) = prior_selection {
                    m = m.with_prior_selection(on.then(Puct::default));
                }
                if let Some(on) = learned_knowledge {
                    m = m.with_learned_knowledge(on);
                }
                if let Some(on) = move_knowledge {
                    m = m.with_move_knowledge(on);
                }
                if let Some(on) = local_answers {
                    m = m.with_local_answers(on);
                }
                if let Some(on) = last_good_replies {
                    m = m.with_last_good_replies(on);
                }
                if let Some(on) = rave {
                    m = m.with_rave(on);
                }
                if let Some(w) = score_weight {
                    m = m.with_score_weight(w);
                }
                if let Some(ms) = time_limit_ms {
                    m = m.with_time_limit(std::time::Duration::from_millis(ms));
                }
                if let Some(c) = exploration {
                    m = m.with_exploration(c);
                }
                if let Some(on) = local_playouts {
                    m = m.with_local_playouts(on);
                }
                Box::new(m)
            }
            BlokusBot::Greedy => Box::new(GreedyBot::new()),
            BlokusBot::Random => Box::new(RandomBot::new(seed)),
        }
    }

    fn name(&self) -> String {
        match self {
            BlokusBot::Mcts {
                playouts,
                exploration,
                local_playouts,
                time_limit_ms,
                rave,
                score_weight,
                move_knowledge,
                local_answers,
                last_good_replies,
                prior_selection,
                learned_knowledge,
                threads,
            } => {
                let mut text = format!("Mcts(playouts={playouts}");
                let options = [
                    exploration.map(|c| format!("exploration={c}")),
                    local_playouts.map(|on| format!("local_playouts={}", py_bool(on))),
                    time_limit_ms.map(|ms| format!("time_limit_ms={ms}")),
                    rave.map(|on| format!("rave={}", py_bool(on))),
                    score_weight.map(|w| format!("score_weight={w}")),
                    move_knowledge.map(|on| format!("move_knowledge={}", py_bool(on))),
                    local_answers.map(|on| format!("local_answers={}", py_bool(on))),
                    last_good_replies.map(|on| format!("last_good_replies={}", py_bool(on))),
                    prior_selection.map(|on| format!("prior_selection={}", py_bool(on))),
                    learned_knowledge.map(|on| format!("learned_knowledge={}", py_bool(on))),
                    threads.map(|n| format!("threads={n}")),
                ];
                for option in options.into_iter().flatten() {
                    text.push_str(", ");
                    text.push_str(&option);
                }
                text.push(')');
                text
            }
            BlokusBot::Greedy => "GreedyBot()".into(),
            BlokusBot::Random => "RandomBot()".into(),
        }
    }
}

bot_class!(
    PyMcts,
    Game,
    PyGame,
    BlokusBot,
    "Mcts",
    "plateau.blokus",
    PyMove
);
bot_class!(
    PyGreedy,
    Game,
    PyGame,
    BlokusBot,
    "GreedyBot",
    "plateau.blokus",
    PyMove
);
bot_class!(
    PyRandom,
    Game,
    PyGame,
    BlokusBot,
    "RandomBot",
    "plateau.blokus",
    PyMove
);

/// `True` / `False`, as Python writes them.
fn py_bool(on: bool) -> &'static str {
    if on { "True" } else { "False" }
}

#[pymethods]
impl PyMcts {
    /// Monte Carlo tree search of `playouts` playouts a move, seeded (`Mcts::new(seed)
    /// .with_playouts(playouts)`); `exploration`, `local_playouts`, `time_limit_ms` (a
    /// move's time budget: then the play depends on the machine's speed), `rave` and
    /// `score_weight`, `move_knowledge`, `local_answers`, `last_good_replies`,
    /// `prior_selection` (`Puct::default()` or none) and `learned_knowledge` as in Rust (the
    /// default: learned move knowledge, prior selection, margin rewards of weight 0.1,
    /// local answers and last good replies on; `prior_selection=False,
    /// learned_knowledge=False` is the search of 2026-12-04, UCT, where `exploration` and
    /// `rave` apply; `score_weight=0.0, move_knowledge=False, local_answers=False,
    /// last_good_replies=False` is the search as it was before issue 21); `threads` (1 to 64,
    /// default 1) searches each move on that many threads growing one tree (then the play
    /// no longer repeats under the seed).
    #[new]
    #[pyo3(signature = (playouts = 1_000, seed = 0, exploration = None, local_playouts = None, time_limit_ms = None, rave = None, score_weight = None, move_knowledge = None, local_answers = None, last_good_replies = None, prior_selection = None, learned_knowledge = None, threads = None))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        playouts: u32,
        seed: u64,
        exploration: Option<f32>,
        local_playouts: Option<bool>,
        time_limit_ms: Option<u64>,
        rave: Option<bool>,
        score_weight: Option<f32>,
        move_knowledge: Option<bool>,
        local_answers: Option<bool>,
        last_good_replies: Option<bool>,
        prior_selection: Option<bool>,
        learned_knowledge: Option<bool>,
        threads: Option<u16>,
    ) -> PyResult<PyMcts> {
        if threads.is_some_and(|n| !(1..=64).contains(&n)) {
            return Err(value_error("threads is between 1 and 64"));
        }
        if score_weight.is_some_and(|w| !(0.0..=1.0).contains(&w)) {
            return Err(value_error("score_weight is between 0 and 1"));
        }
        if playouts == 0 {
            return Err(value_error("Mcts needs at least one playout"));
        }
        Ok(PyMcts::build(
            BlokusBot::Mcts {
                playouts,
                exploration,
                local_playouts,
                time_limit_ms,
                rave,
                score_weight,
                move_knowledge,
                local_answers,
                last_good_replies,
                prior_selection,
                learned_knowledge,
                threads,
            },
            seed,
        ))
    }
}

#[pymethods]
impl PyGreedy {
    /// The largest piece, placed to open the most corners.
    #[new]
    fn py_new() -> PyGreedy {
        PyGreedy::build(BlokusBot::Greedy, 0)
    }
}

#[pymethods]
impl PyRandom {
    /// A uniformly random legal move, seeded.
    #[new]
    #[pyo3(signature = (seed = 0))]
    fn py_new(seed: u64) -> PyRandom {
        PyRandom::build(BlokusBot::Random, seed)
    }
}

crate::specs_of!(BlokusBot, "plateau.blokus": PyMcts, PyGreedy, PyRandom);

/// Plays `games` games of `variant` between the bots, seats rotated, each bot seeded from
/// the game's seed and its seat as in the Rust match runner; the report as a dict.
#[pyfunction(name = "match")]
#[pyo3(signature = (bots, games = 100, seed = 0, variant = "duo", threads = None))]
fn run_match(
    py: Python<'_>,
    bots: Vec<Bound<'_, PyAny>>,
    games: u64,
    seed: u64,
    variant: &str,
    threads: Option<usize>,
) -> PyResult<Py<pyo3::types::PyDict>> {
    let specs = specs_of(&bots)?;
    let config = config(variant)?;
    crate::common::run_match(
        py,
        &format!("Blokus {variant}"),
        move |_| Game::new(config),
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
    m.add_class::<PyGame>()?;
    m.add_class::<PyMcts>()?;
    m.add_class::<PyGreedy>()?;
    m.add_class::<PyRandom>()?;
    m.add_function(wrap_pyfunction!(run_match, m)?)?;
    Ok(())
}
