//! The one binding layer over the play contract: what every game's Python class shares.
//!
//! A game module gives its state type a [`Binding`] (how its start is written as text, how a
//! bot reads a view), and the [`game_class!`](crate::game_class), [`move_class!`](crate::move_class)
//! and [`bot_class!`](crate::bot_class) macros write the Python classes over [`Tracked`], the
//! generic wrapper that keeps the moves played (pickling replays them from the start's text).

use std::sync::Arc;

use plateau::matches::{Entrant, Match, Report};
use plateau_grid::{Bot, Outcome, Play, Seat};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// What a game's binding says about it beyond the play contract.
pub trait Binding:
    Play<Move: Send + Sync + std::str::FromStr<Err: std::fmt::Display>> + Send + Sync + 'static
{
    /// Rebuilds the start a text written by the game module describes.
    ///
    /// # Errors
    /// The text does not describe a start.
    fn rebuild(start: &str) -> Result<Self, String>;

    /// Moves in the crate's own notation for a line of moves (`format_moves`).
    fn format_moves(moves: &[Self::Move]) -> String;

    /// A line of moves in the crate's notation (`parse_moves`).
    ///
    /// # Errors
    /// The crate's parse error, as text.
    fn parse_moves(text: &str) -> Result<Vec<Self::Move>, String>;

    /// The game module's exception for a refused move, with its message.
    fn illegal(message: String) -> PyErr;

    /// Size of the game's action space: every move of this configuration has an index in
    /// `0..action_count()` (for masks and fixed action spaces).
    fn action_count(&self) -> usize;

    /// The move's index in the action space.
    fn action_index(&self, m: Self::Move) -> usize;

    /// The legal move of index `i`, None when no legal move has it.
    fn action_move(&self, i: usize) -> Option<Self::Move> {
        self.legal_moves()
            .into_iter()
            .find(|&m| self.action_index(m) == i)
    }

    /// The legal moves as a mask over the action space.
    fn action_mask_into(&self, moves: &mut Vec<Self::Move>, mask: &mut [bool]) {
        mask.fill(false);
        self.legal_moves_into(moves);
        for &m in moves.iter() {
            if let Some(slot) = mask.get_mut(self.action_index(m)) {
                *slot = true;
            }
        }
    }

    /// The move the crate's `hint` advises the seat to move within its small budget, None
    /// when there is none (the game is over, or no seat is to move).
    fn hint(&self) -> Option<Self::Move>;

    /// What `bot` chooses from the Python object given (the game, or a seat's view for a
    /// game with hidden information).
    ///
    /// # Errors
    /// The object is neither.
    fn choose_from(
        bot: &mut (dyn Bot<Self> + Send + Sync),
        obj: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Self::Move>>;
}

/// A game state with the text of its start and the moves played since: the text form
/// pickling goes through.
#[derive(Clone, Debug)]
pub struct Tracked<G: Play> {
    /// The state.
    pub game: G,
    /// The start, as [`Binding::rebuild`] reads it.
    pub start: Arc<str>,
    /// Moves played since the start.
    pub moves: Vec<G::Move>,
}

impl<G: Binding> Tracked<G> {
    /// A fresh game from its start text (checked by rebuilding it).
    pub fn new(game: G, start: String) -> Tracked<G> {
        Tracked {
            game,
            start: start.into(),
            moves: Vec::new(),
        }
    }

    /// Plays `m`, keeping it; on error the state is unchanged.
    pub fn play(&mut self, m: G::Move) -> PyResult<()> {
        self.game.play(m).map_err(|e| G::illegal(e.to_string()))?;
        self.moves.push(m);
        Ok(())
    }

    /// Plays every move or none.
    pub fn play_all(&mut self, moves: &[G::Move]) -> PyResult<()> {
        self.game.play_all(moves).map_err(|e| {
            G::illegal(format!(
                "move {} ({}): {}",
                e.index, moves[e.index], e.error
            ))
        })?;
        self.moves.extend_from_slice(moves);
        Ok(())
    }

    /// Plays on with `bot` at every seat until the game ends, the bot has no move, or `max`
    /// moves are played; returns the moves played and whether the game stopped (over, or
    /// no move offered) before `max`.
    ///
    /// # Errors
    /// A move the game refuses (the bot's bug), as text; the moves before it stay played,
    /// so callers that promise atomicity work on a copy.
    pub fn play_on(
        &mut self,
        bot: &mut (dyn Bot<G> + Send + Sync),
        max: usize,
    ) -> Result<(usize, bool), String> {
        for played in 0..max {
            let Some(seat) = self.game.to_move() else {
                return Ok((played, true));
            };
            let Some(m) = bot.choose(self.game.view(seat)) else {
                return Ok((played, true));
            };
            self.game
                .play(m)
                .map_err(|e| format!("the bot chose {m}, which the game refuses: {e}"))?;
            self.moves.push(m);
        }
        Ok((max, false))
    }

    /// The moves played, in the crate's notation for a line of moves.
    pub fn moves_text(&self) -> String {
        G::format_moves(&self.moves)
    }

    /// The game rebuilt from its start and moves (what unpickling does).
    pub fn restore(start: &str, moves: &str) -> PyResult<Tracked<G>> {
        let game = G::rebuild(start).map_err(PyValueError::new_err)?;
        let mut t = Tracked {
            game,
            start: start.into(),
            moves: Vec::new(),
        };
        let moves = G::parse_moves(moves).map_err(PyValueError::new_err)?;
        t.play_all(&moves)?;
        Ok(t)
    }
}

/// Parses one move's notation, as a `ValueError` naming the text.
pub fn parse_move<M: std::str::FromStr>(text: &str) -> PyResult<M>
where
    M::Err: std::fmt::Display,
{
    text.trim()
        .parse()
        .map_err(|e| PyValueError::new_err(format!("{text:?} is not a move: {e}")))
}

/// A seat from Python's integer, checked against the table.
pub fn seat(index: usize, players: usize) -> PyResult<Seat> {
    Seat::new(index)
        .filter(|s| s.index() < players)
        .ok_or_else(|| {
            PyIndexError::new_err(format!("seat {index} is not at a table of {players}"))
        })
}

/// How a game ended, the same for every game (`plateau_grid::Outcome`).
#[pyclass(module = "plateau", name = "Outcome", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PyOutcome(pub Outcome);

#[pymethods]
impl PyOutcome {
    /// The end of a game of `len(scores)` seats won by `winners` (seat indices).
    #[new]
    fn py_new(scores: Vec<i64>, winners: Vec<usize>) -> PyResult<PyOutcome> {
        if scores.is_empty() || scores.len() > plateau_grid::MAX_SEATS {
            return Err(value_error(format!(
                "an outcome has 1 to {} seats, not {}",
                plateau_grid::MAX_SEATS,
                scores.len()
            )));
        }
        let mut set = plateau_grid::SeatSet::EMPTY;
        for w in winners {
            set.insert(seat(w, scores.len())?);
        }
        Ok(PyOutcome(Outcome::new(&scores, set)))
    }

    #[allow(clippy::type_complexity)] // pickle's (callable, args) pair
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, pyo3::types::PyType>, (Vec<i64>, Vec<usize>))> {
        let me = slf.get();
        Ok((slf.get_type(), (me.scores(), me.winners())))
    }

    /// Number of seats at the table.
    #[getter]
    fn seats(&self) -> usize {
        self.0.seats()
    }

    /// The seats that won (several when they share first place; none when a puzzle is lost).
    #[getter]
    fn winners(&self) -> Vec<usize> {
        self.0.winners().iter().map(Seat::index).collect()
    }

    /// The one winner, or None for a shared first place or a loss.
    #[getter]
    fn winner(&self) -> Option<usize> {
        self.0.winner().map(Seat::index)
    }

    /// Whether first place is shared.
    #[getter]
    fn is_draw(&self) -> bool {
        self.0.is_draw()
    }

    /// Each seat's score, as the game counts it.
    #[getter]
    fn scores(&self) -> Vec<i64> {
        self.0.scores().to_vec()
    }

    /// The seat's share of the win: 1 alone, 1/k among k winners, 0 otherwise.
    fn share(&self, seat: usize) -> PyResult<f64> {
        Ok(self.0.share(self::seat(seat, self.0.seats())?))
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winners={:?}, scores={:?})",
            self.winners(),
            self.scores()
        )
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }
}

/// One game of a match (`plateau::matches::GameRecord`).
pub fn record_dict<'py>(
    py: Python<'py>,
    r: &plateau::matches::GameRecord,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("index", r.index)?;
    d.set_item("seed", r.seed)?;
    d.set_item("seats", r.seats.clone())?;
    d.set_item("outcome", r.outcome.map(PyOutcome))?;
    d.set_item("plies", r.plies)?;
    d.set_item("failure", r.failure.clone())?;
    d.set_item("tally", r.tally.clone())?;
    Ok(d)
}

/// How a match's printout is written: what merging shards of it needs beyond the records.
pub struct Printout {
    /// The header line's title.
    pub title: String,
    /// What a game is called (`games`, `rounds`).
    pub unit: &'static str,
    /// Whether each game has its own line.
    pub per_game: bool,
}

/// A match's result in Python: `records` (one dict a game, in order), `standings` (one
/// dict an entrant), `text` (what the Rust runner prints, but its timing line), and
/// `title`, `unit`, `per_game_lines` (how the text is written).
pub fn report_dict<'py>(
    py: Python<'py>,
    report: &Report,
    text: &str,
    how: &Printout,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("title", &how.title)?;
    d.set_item("unit", how.unit)?;
    d.set_item("per_game_lines", how.per_game)?;
    let records = PyList::empty(py);
    for r in &report.records {
        records.append(record_dict(py, r)?)?;
    }
    d.set_item("records", records)?;
    d.set_item("standings", standings_list(py, &report.standings)?)?;
    // The timing line differs from run to run: it is left out so that two runs compare equal.
    let text: String = text
        .lines()
        .filter(|l| !(l.starts_with("# ") && l.ends_with(" s")))
        .map(|l| format!("{l}\n"))
        .collect();
    d.set_item("text", text)?;
    Ok(d)
}

/// The standings as a list of dicts.
fn standings_list<'py>(
    py: Python<'py>,
    standings: &[plateau::matches::Standing],
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for s in standings {
        let e = PyDict::new(py);
        e.set_item("label", &s.label)?;
        e.set_item("games", s.games)?;
        e.set_item("points", s.points)?;
        e.set_item("wins", s.wins)?;
        e.set_item("draws", s.draws)?;
        e.set_item("losses", s.losses)?;
        e.set_item("score_sum", s.score_sum)?;
        let (rate, lo, hi) = s.rate();
        e.set_item("rate", (rate, lo, hi))?;
        list.append(e)?;
    }
    Ok(list)
}

/// A record back from its dict (see [`record_dict`]).
fn record_of(d: &Bound<'_, PyAny>) -> PyResult<plateau::matches::GameRecord> {
    let outcome: Option<Bound<'_, PyOutcome>> = d.get_item("outcome")?.extract()?;
    Ok(plateau::matches::GameRecord {
        index: d.get_item("index")?.extract()?,
        seed: d.get_item("seed")?.extract()?,
        seats: d.get_item("seats")?.extract()?,
        outcome: outcome.map(|o| o.get().0),
        plies: d.get_item("plies")?.extract()?,
        failure: d.get_item("failure")?.extract()?,
        tally: d.get_item("tally")?.extract()?,
    })
}

/// Records back from their dicts, each seating only entrants of `labels`.
fn records_of(
    records: &[Bound<'_, PyAny>],
    labels: &[String],
) -> PyResult<Vec<plateau::matches::GameRecord>> {
    let records = records
        .iter()
        .map(record_of)
        .collect::<PyResult<Vec<_>>>()?;
    if let Some(r) = records
        .iter()
        .find(|r| r.seats.iter().any(|&e| e >= labels.len()))
    {
        return Err(value_error(format!(
            "game {} seats entrant {:?} of {}",
            r.index,
            r.seats,
            labels.len()
        )));
    }
    Ok(records)
}

/// The standings of `records` (dicts as a match returns them, in game order) for the
/// entrants `labels`, as the Rust runner computes them: what merging shards of a match
/// needs.
#[pyfunction]
pub fn standings<'py>(
    py: Python<'py>,
    records: Vec<Bound<'py, PyAny>>,
    labels: Vec<String>,
) -> PyResult<Bound<'py, PyList>> {
    let records = records_of(&records, &labels)?;
    standings_list(py, &plateau::matches::standings(&records, &labels))
}

/// What the Rust runner prints (but its timing line) for a match of `records` (dicts in
/// game order, game 0 seeded `seed`) between `labels`, written as `title`, `unit`,
/// `per_game_lines` say (the keys of a match's dict): the text of merged shards.
#[pyfunction]
pub fn printout(
    title: &str,
    unit: &str,
    seed: u64,
    labels: Vec<String>,
    records: Vec<Bound<'_, PyAny>>,
    per_game_lines: bool,
) -> PyResult<String> {
    let records = records_of(&records, &labels)?;
    Ok(plateau::matches::printout(
        title,
        unit,
        seed,
        &labels,
        &records,
        per_game_lines,
    ))
}

/// How a bot of game `G` is built from its parameters and a seed.
pub trait Spec<G: Play>:
    Clone + Send + Sync + serde::Serialize + serde::de::DeserializeOwned + 'static
{
    /// The bot, seeded by `seed` (a match gives each seat its own).
    fn make(&self, seed: u64) -> Box<dyn Bot<G> + Send + Sync>;
    /// The name the match output gives it.
    fn name(&self) -> String;
}

/// Plays a seeded match (`plateau::matches::Match`) with the GIL released; the report as a
/// dict (see [`report_dict`]).
#[allow(clippy::too_many_arguments)] // the Python signature's, passed through
pub fn run_match<G, S>(
    py: Python<'_>,
    title: &str,
    new_game: impl Fn(u64) -> G + Send + Sync + 'static,
    bots: Vec<S>,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    configure: impl FnOnce(Match<G>) -> Match<G>,
) -> PyResult<Py<PyDict>>
where
    G: Play + Send,
    S: Spec<G>,
{
    let mut m = configure(
        Match::new(title, new_game)
            .games(games)
            .seed(seed)
            .threads(threads),
    );
    let how = Printout {
        title: m.title().to_owned(),
        unit: m.unit(),
        per_game: m.prints_games(),
    };
    for b in bots {
        let name = b.name();
        m = m.entrant(Entrant::new(name, move |s| -> Box<dyn Bot<G> + Send> {
            b.make(s)
        }));
    }
    let (report, out) = py.detach(|| {
        let mut out = Vec::new();
        let report = m.run(&mut out).map_err(|e| e.to_string());
        (report, out)
    });
    let report = report.map_err(PyValueError::new_err)?;
    let text = String::from_utf8_lossy(&out);
    Ok(report_dict(py, &report, &text, &how)?.unbind())
}

/// A move given from Python: the move class itself or its notation.
pub fn move_arg<M, P>(obj: &Bound<'_, PyAny>, inner: impl Fn(&P) -> M) -> PyResult<M>
where
    M: std::str::FromStr,
    M::Err: std::fmt::Display,
    P: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Sync,
{
    if let Ok(p) = obj.cast::<P>() {
        return Ok(inner(p.get()));
    }
    if let Ok(s) = obj.extract::<String>() {
        return parse_move(&s);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "a move is a {} or its notation (str), not {}",
        std::any::type_name::<P>()
            .rsplit("::")
            .next()
            .unwrap_or("move"),
        obj.get_type().name()?
    )))
}

/// Moves given from Python: a list of moves (or notations), or one string in the crate's
/// notation for a line of moves.
pub fn moves_arg<G: Binding, P>(
    obj: &Bound<'_, PyAny>,
    inner: impl Fn(&P) -> G::Move + Copy,
) -> PyResult<Vec<G::Move>>
where
    P: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Sync,
{
    if let Ok(s) = obj.extract::<String>() {
        return G::parse_moves(&s).map_err(PyValueError::new_err);
    }
    obj.try_iter()?
        .map(|item| move_arg(&item?, inner))
        .collect()
}

/// The Python class of a move: frozen, compared and hashed by value, written in the game's
/// notation by `str()` and read back by `parse` (pickled through it).
#[macro_export]
macro_rules! move_class {
    ($Py:ident, $M:ty, $name:literal, $module:literal) => {
        #[doc = concat!("A move of ", $module, " in its text notation (`str()` / `parse`).")]
        #[pyo3::pyclass(module = $module, name = $name, frozen, eq, hash)]
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub struct $Py(pub $M);

        #[pyo3::pymethods]
        impl $Py {
            #[new]
            fn py_new(text: &str) -> pyo3::PyResult<Self> {
                $crate::common::parse_move::<$M>(text).map($Py)
            }

            /// The move written in `text` (the game's notation).
            #[staticmethod]
            fn parse(text: &str) -> pyo3::PyResult<Self> {
                $crate::common::parse_move::<$M>(text).map($Py)
            }

            fn __str__(&self) -> String {
                self.0.to_string()
            }

            fn __repr__(&self) -> String {
                format!("{}({:?})", $name, self.0.to_string())
            }

            fn __reduce__<'py>(
                slf: &pyo3::Bound<'py, Self>,
            ) -> pyo3::PyResult<(pyo3::Bound<'py, pyo3::types::PyType>, (String,))> {
                Ok((slf.get_type(), (slf.get().0.to_string(),)))
            }
        }
    };
}

/// The Python class of a game state over [`Tracked`]: the play contract's verbs, the moves
/// played, copies, equality and pickling. The game module adds its constructors and its own
/// getters in another `#[pymethods]` block.
#[macro_export]
macro_rules! game_class {
    ($Py:ident, $G:ty, $name:literal, $module:literal, $PyMove:ident) => {
        #[doc = concat!("A game of ", $module, ".")]
        #[pyo3::pyclass(module = $module, name = $name)]
        #[derive(Clone, Debug)]
        pub struct $Py {
            /// The state, its start and the moves played.
            pub inner: $crate::common::Tracked<$G>,
        }

        impl $Py {
            /// Wraps a fresh state with the text of its start.
            pub fn wrap(game: $G, start: String) -> $Py {
                $Py {
                    inner: $crate::common::Tracked::new(game, start),
                }
            }

            fn arg(
                obj: &pyo3::Bound<'_, pyo3::PyAny>,
            ) -> pyo3::PyResult<<$G as plateau_grid::Play>::Move> {
                $crate::common::move_arg(obj, |m: &$PyMove| m.0)
            }
        }

        #[pyo3::pymethods]
        impl $Py {
            /// Every legal move, in the game's fixed order.
            fn legal_moves(&self) -> Vec<$PyMove> {
                plateau_grid::Play::legal_moves(&self.inner.game)
                    .into_iter()
                    .map($PyMove)
                    .collect()
            }

            /// The move the crate's `hint` advises the seat to move within a small budget
            /// (the GIL released meanwhile), None when there is none.
            fn hint(&self, py: pyo3::Python<'_>) -> Option<$PyMove> {
                let game = self.inner.game.clone();
                py.detach(move || $crate::common::Binding::hint(&game))
                    .map($PyMove)
            }

            /// Plays a move (the move class or its notation) for the seat to move; raises
            /// the module's `IllegalMove` (a `ValueError`) with the state unchanged.
            fn play(&mut self, m: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<()> {
                let m = Self::arg(m)?;
                self.inner.play(m)
            }

            /// Size of the action space (every move of this configuration has an index below).
            #[getter]
            fn action_count(&self) -> usize {
                $crate::common::Binding::action_count(&self.inner.game)
            }

            /// The legal moves as a boolean numpy mask over the action space.
            fn action_mask<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::Bound<'py, numpy::PyArray1<bool>> {
                let g = &self.inner.game;
                let mut mask = vec![false; $crate::common::Binding::action_count(g)];
                $crate::common::Binding::action_mask_into(g, &mut Vec::new(), &mut mask);
                numpy::PyArray1::from_vec(py, mask)
            }

            /// The move's index in the action space.
            fn action_index(&self, m: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<usize> {
                let m = Self::arg(m)?;
                Ok($crate::common::Binding::action_index(&self.inner.game, m))
            }

            /// The legal move of index `i`, None when no legal move has it.
            fn action_move(&self, i: usize) -> Option<$PyMove> {
                $crate::common::Binding::action_move(&self.inner.game, i).map($PyMove)
            }

            /// Plays the legal move of index `i`; raises `IllegalMove` (state unchanged)
            /// when no legal move has it.
            fn play_action(&mut self, i: usize) -> pyo3::PyResult<()> {
                match $crate::common::Binding::action_move(&self.inner.game, i) {
                    Some(m) => self.inner.play(m),
                    None => Err(<$G as $crate::common::Binding>::illegal(format!(
                        "action {i} is not a legal move now"
                    ))),
                }
            }

            /// Plays `moves` in order `reps` times on a copy, in Rust, and returns the seconds
            /// taken: the Rust side of the `play()` overhead benchmark.
            fn _time_play(
                &self,
                moves: &pyo3::Bound<'_, pyo3::PyAny>,
                reps: usize,
            ) -> pyo3::PyResult<f64> {
                let moves = $crate::common::moves_arg::<$G, $PyMove>(moves, |m: &$PyMove| m.0)?;
                let mut g = self.inner.game.clone();
                let start = std::time::Instant::now();
                for _ in 0..reps {
                    for &m in &moves {
                        plateau_grid::Play::play(&mut g, m)
                            .map_err(|e| <$G as $crate::common::Binding>::illegal(e.to_string()))?;
                    }
                }
                std::hint::black_box(&g);
                Ok(start.elapsed().as_secs_f64())
            }

            /// Raises `IllegalMove` when the move cannot be played now.
            fn check(&self, m: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<()> {
                let m = Self::arg(m)?;
                plateau_grid::Play::check(&self.inner.game, m)
                    .map_err(|e| <$G as $crate::common::Binding>::illegal(e.to_string()))
            }

            /// Whether the move can be played now.
            fn is_legal(&self, m: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<bool> {
                let m = Self::arg(m)?;
                Ok(plateau_grid::Play::is_legal(&self.inner.game, m))
            }

            /// Plays every move (a list, or one string of notations) or none.
            fn play_all(&mut self, moves: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<()> {
                let moves = $crate::common::moves_arg::<$G, $PyMove>(moves, |m: &$PyMove| m.0)?;
                self.inner.play_all(&moves)
            }

            /// Number of seats at the table (1 for a puzzle).
            #[getter]
            fn players(&self) -> usize {
                plateau_grid::Play::players(&self.inner.game)
            }

            /// The seat to move, None when the game is over.
            #[getter]
            fn to_move(&self) -> Option<usize> {
                plateau_grid::Play::to_move(&self.inner.game).map(|s| s.index())
            }

            /// Where the game stands, in the game's own words (`InProgress`, `Won { .. }`...).
            #[getter]
            fn status(&self) -> String {
                format!("{:?}", plateau_grid::Play::status(&self.inner.game))
            }

            /// How the game ended, None while it goes on.
            #[getter]
            fn outcome(&self) -> Option<$crate::common::PyOutcome> {
                plateau_grid::Play::outcome(&self.inner.game).map($crate::common::PyOutcome)
            }

            /// Whether the game is over.
            #[getter]
            fn is_over(&self) -> bool {
                plateau_grid::Play::is_over(&self.inner.game)
            }

            /// The moves played since the start, in order.
            #[getter]
            fn moves(&self) -> Vec<$PyMove> {
                self.inner.moves.iter().copied().map($PyMove).collect()
            }

            /// An independent copy.
            fn copy(&self) -> Self {
                self.clone()
            }

            fn __copy__(&self) -> Self {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &pyo3::Bound<'_, pyo3::PyAny>) -> Self {
                self.clone()
            }

            fn __eq__(&self, other: &pyo3::Bound<'_, pyo3::PyAny>) -> bool {
                other
                    .cast::<Self>()
                    .is_ok_and(|o| o.borrow().inner.game == self.inner.game)
            }

            /// The start's text and the moves' notation: what pickling stores.
            fn __reduce__<'py>(
                slf: &pyo3::Bound<'py, Self>,
            ) -> pyo3::PyResult<(pyo3::Bound<'py, pyo3::PyAny>, (String, String))> {
                let restore = slf.get_type().getattr("_restore")?;
                let me = slf.borrow();
                Ok((restore, (me.inner.start.to_string(), me.inner.moves_text())))
            }

            /// Rebuilds a game from its start's text and the moves played (unpickling).
            #[staticmethod]
            fn _restore(start: &str, moves: &str) -> pyo3::PyResult<Self> {
                Ok($Py {
                    inner: $crate::common::Tracked::restore(start, moves)?,
                })
            }
        }
    };
}

/// The Python class of a bot: built from its parameters (a [`Spec`]), it chooses a move from
/// what its seat sees (`choose(game)`, or `choose(view)` in a game with hidden information).
#[macro_export]
macro_rules! bot_class {
    ($Py:ident, $G:ty, $PyGame:ident, $S:ty, $name:literal, $module:literal, $PyMove:ident) => {
        #[doc = concat!("A bot of ", $module, ".")]
        #[pyo3::pyclass(module = $module, name = $name)]
        pub struct $Py {
            /// Its parameters.
            pub spec: $S,
            seed: u64,
            live: Box<dyn plateau_grid::Bot<$G> + Send + Sync>,
        }

        impl $Py {
            /// The bot of `spec`, seeded.
            pub fn build(spec: $S, seed: u64) -> $Py {
                let live = $crate::common::Spec::make(&spec, seed);
                $Py { spec, seed, live }
            }
        }

        #[pyo3::pymethods]
        impl $Py {
            /// The move this bot plays from what it is given (the game, or a view), None
            /// when it has none.
            fn choose(
                &mut self,
                view: &pyo3::Bound<'_, pyo3::PyAny>,
            ) -> pyo3::PyResult<Option<$PyMove>> {
                Ok(
                    <$G as $crate::common::Binding>::choose_from(&mut *self.live, view)?
                        .map($PyMove),
                )
            }

            /// Plays `game` on with this bot at every seat (each seat's own view) until it
            /// ends, the bot has no move, or `max_moves` moves are played; returns the moves
            /// played. The loop runs in Rust with the GIL released (Ctrl-C is checked every
            /// few thousand moves).
            ///
            /// Raises the module's `IllegalMove` if the bot chooses a move the game refuses
            /// (a bug): the game is then unchanged.
            #[pyo3(signature = (game, max_moves = None))]
            fn play_out(
                &mut self,
                py: pyo3::Python<'_>,
                game: &pyo3::Bound<'_, $PyGame>,
                max_moves: Option<usize>,
            ) -> pyo3::PyResult<usize> {
                // Moves between checks for Ctrl-C.
                const CHUNK: usize = 1 << 14;
                let mut target = game.try_borrow_mut()?;
                let mut next = target.inner.clone();
                let live = &mut *self.live;
                let limit = max_moves.unwrap_or(usize::MAX);
                let mut played = 0;
                while played < limit {
                    let chunk = (limit - played).min(CHUNK);
                    let (n, stopped) = py
                        .detach(|| next.play_on(live, chunk))
                        .map_err(<$G as $crate::common::Binding>::illegal)?;
                    played += n;
                    if stopped {
                        break;
                    }
                    py.check_signals()?;
                }
                target.inner = next;
                Ok(played)
            }

            fn __repr__(&self) -> String {
                $crate::common::Spec::name(&self.spec)
            }

            /// Its parameters and seed: a pickled bot comes back as the bot was built (its
            /// plans and random stream start again).
            fn __reduce__<'py>(
                slf: &pyo3::Bound<'py, Self>,
            ) -> pyo3::PyResult<(pyo3::Bound<'py, pyo3::PyAny>, (String, u64))> {
                let f = slf.get_type().getattr("_from_spec")?;
                let me = slf.borrow();
                let spec = serde_json::to_string(&me.spec).map_err($crate::common::value_error)?;
                Ok((f, (spec, me.seed)))
            }

            /// The bot of a pickled spec.
            #[staticmethod]
            fn _from_spec(spec: &str, seed: u64) -> pyo3::PyResult<Self> {
                let spec: $S = serde_json::from_str(spec).map_err($crate::common::value_error)?;
                Ok($Py::build(spec, seed))
            }
        }
    };
}

/// A `ValueError` with the error's message.
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// `specs_of(bots)`: the parameters of each bot of a list given from Python, a `TypeError`
/// naming the module's bot classes for anything else (what a module's `match` seats).
#[macro_export]
macro_rules! specs_of {
    ($S:ty, $module:literal: $($Bot:ident),+) => {
        fn specs_of(bots: &[pyo3::Bound<'_, pyo3::PyAny>]) -> pyo3::PyResult<Vec<$S>> {
            bots.iter()
                .map(|obj| {
                    $(
                        if let Ok(b) = obj.cast::<$Bot>() {
                            return Ok(b.borrow().spec.clone());
                        }
                    )+
                    Err(pyo3::exceptions::PyTypeError::new_err(format!(
                        "{} is not a bot of {}",
                        obj.get_type().name()?,
                        $module
                    )))
                })
                .collect()
        }
    };
}

/// `view(seat)` of a game whose seats all see the game itself, for a seat at the table.
#[macro_export]
macro_rules! perfect_information {
    ($Py:ident) => {
        #[pyo3::pymethods]
        impl $Py {
            /// The seat's view: the game itself (perfect information; in Tetris a bot reads
            /// from it only what the player sees: the board, the piece, hold, the preview).
            fn view(&self, seat: usize) -> pyo3::PyResult<$Py> {
                $crate::common::seat(seat, plateau_grid::Play::players(&self.inner.game))?;
                Ok(self.clone())
            }
        }
    };
}
