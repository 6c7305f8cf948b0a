//! `plateau.japjap`: Jap Jap, the card game, with hidden hands.

use plateau_grid::{Bot, Play, Seat};
use plateau_japjap::{
    Action, Exhaustion, Game, GreedyBot, PenaltyMode, RandomBot, Rules, SearchBot, TakeFrom, View,
};
use pyo3::prelude::*;
use serde::{Deserialize, Serialize};

use crate::common::{Binding, Spec, value_error};
use crate::{bot_class, game_class, move_class};

pyo3::create_exception!(
    plateau.japjap,
    IllegalMove,
    pyo3::exceptions::PyValueError,
    "An action the game refuses (plateau_japjap::IllegalMove); the game is unchanged."
);

move_class!(PyAction, Action, "Action", "plateau.japjap");
game_class!(PyGame, Game, "Game", "plateau.japjap", PyAction);

#[derive(Serialize, Deserialize)]
struct Start {
    rules: Rules,
    seed: u64,
}

impl Binding for Game {
    fn rebuild(start: &str) -> Result<Game, String> {
        let s: Start = serde_json::from_str(start).map_err(|e| e.to_string())?;
        Ok(Game::new(s.rules, s.seed))
    }

    fn format_moves(moves: &[Self::Move]) -> String {
        plateau_japjap::format_actions(moves)
    }

    fn parse_moves(text: &str) -> Result<Vec<Self::Move>, String> {
        plateau_japjap::parse_actions(text).map_err(|e| e.to_string())
    }

    fn illegal(message: String) -> PyErr {
        IllegalMove::new_err(message)
    }

    fn action_count(&self) -> usize {
        Action::COUNT as usize
    }

    fn action_index(&self, m: Action) -> usize {
        m.id() as usize
    }

    fn action_move(&self, i: usize) -> Option<Action> {
        let a = Action::from_id(u32::try_from(i).ok()?)?;
        self.is_legal(a).then_some(a)
    }

    fn hint(&self) -> Option<Self::Move> {
        plateau_japjap::hint(&self.view(self.to_move()?))
    }

    fn choose_from(
        bot: &mut (dyn Bot<Game> + Send + Sync),
        obj: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Action>> {
        // The game first: the statistics loops hand bots the game, move after move.
        if let Ok(game) = obj.cast::<PyGame>() {
            let game = game.borrow();
            let Some(seat) = game.inner.game.to_move() else {
                return Ok(None);
            };
            return Ok(bot.choose(game.inner.game.view(seat)));
        }
        let v = obj.cast::<PyView>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(
                "a bot chooses from a japjap.Game or a japjap.View",
            )
        })?;
        Ok(bot.choose(v.borrow().0))
    }
}

/// The rules of a match (`plateau_japjap::Rules`), checked.
#[pyclass(module = "plateau.japjap", name = "Rules", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PyRules(pub Rules);

fn penalty_mode(s: &str) -> PyResult<PenaltyMode> {
    Ok(match s {
        "instead" => PenaltyMode::Instead,
        "added" => PenaltyMode::Added,
        _ => return Err(value_error(format!("penalty_mode {s:?}: instead or added"))),
    })
}

fn exhaustion(s: &str) -> PyResult<Exhaustion> {
    Ok(match s {
        "no_score" => Exhaustion::NoScore,
        "reshuffle" => Exhaustion::Reshuffle,
        "score_hands" => Exhaustion::ScoreHands,
        _ => {
            return Err(value_error(format!(
                "exhaustion {s:?}: no_score, reshuffle or score_hands"
            )));
        }
    })
}

fn take_from(s: &str) -> PyResult<TakeFrom> {
    Ok(match s {
        "any" => TakeFrom::Any,
        "run_ends" => TakeFrom::RunEnds,
        "top_only" => TakeFrom::TopOnly,
        _ => {
            return Err(value_error(format!(
                "take_from {s:?}: any, run_ends or top_only"
            )));
        }
    })
}

#[pymethods]
impl PyRules {
    /// The rules, each setting checked as in Rust (`Rules::new(players)` then the `with_`
    /// setters); the defaults are the classic game.
    #[new]
    #[pyo3(signature = (players = 4, *, min_run = 2, call_threshold = 5, counter_on_equal = false,
        penalty = 25, penalty_mode = "instead", exhaustion = "no_score", take_from = "any",
        score_limit = 90, match_losses = 1, turn_limit = 1000))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        players: u8,
        min_run: u8,
        call_threshold: u8,
        counter_on_equal: bool,
        penalty: u8,
        penalty_mode: &str,
        exhaustion: &str,
        take_from: &str,
        score_limit: u16,
        match_losses: u8,
        turn_limit: u16,
    ) -> PyResult<PyRules> {
        let r = Rules::new(players)
            .and_then(|r| r.with_min_run(min_run))
            .and_then(|r| r.with_call_threshold(call_threshold))
            .and_then(|r| r.with_penalty(penalty))
            .and_then(|r| r.with_score_limit(score_limit))
            .and_then(|r| r.with_match_losses(match_losses))
            .and_then(|r| r.with_turn_limit(turn_limit))
            .map_err(value_error)?
            .with_counter_on_equal(counter_on_equal)
            .with_penalty_mode(self::penalty_mode(penalty_mode)?)
            .with_exhaustion(self::exhaustion(exhaustion)?)
            .with_take_from(self::take_from(take_from)?);
        Ok(PyRules(r))
    }

    /// Players at the table.
    #[getter]
    fn players(&self) -> u8 {
        self.0.players()
    }

    /// The score that ends a match.
    #[getter]
    fn score_limit(&self) -> u16 {
        self.0.score_limit()
    }

    fn __repr__(&self) -> String {
        format!("{:?}", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let f = slf.get_type().getattr("_from_json")?;
        Ok((
            f,
            (serde_json::to_string(&slf.get().0).map_err(value_error)?,),
        ))
    }

    #[staticmethod]
    fn _from_json(text: &str) -> PyResult<PyRules> {
        serde_json::from_str(text).map(PyRules).map_err(value_error)
    }
}

/// What one seat sees (`plateau_japjap::View`): its hand, the discard, what every player
/// is known to hold, the scores; never another player's hidden cards.
#[pyclass(module = "plateau.japjap", name = "View", frozen, eq)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PyView(pub View);

fn cards(set: plateau_japjap::CardSet) -> Vec<String> {
    set.iter().map(|c| c.to_string()).collect()
}

#[pymethods]
impl PyView {
    /// The seat this view belongs to.
    #[getter]
    fn player(&self) -> usize {
        self.0.player().index()
    }

    /// The seat to move, None when over.
    #[getter]
    #[allow(clippy::wrong_self_convention)] // the play contract's name
    fn to_move(&self) -> Option<usize> {
        self.0.to_move().map(Seat::index)
    }

    /// Whether this seat is to move.
    #[getter]
    fn is_my_turn(&self) -> bool {
        self.0.is_my_turn()
    }

    /// Whether the match is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// The seat's own cards.
    #[getter]
    fn hand(&self) -> Vec<String> {
        cards(self.0.hand())
    }

    /// The cards the previous player put down (the ones that may be taken).
    #[getter]
    fn discard(&self) -> Vec<String> {
        cards(self.0.discard().cards())
    }

    /// The cards of `player`'s hand known to everyone (taken from the discard).
    fn known(&self, player: usize) -> PyResult<Vec<String>> {
        let s = crate::common::seat(player, usize::from(self.0.rules().players()))?;
        Ok(cards(self.0.known(s)))
    }

    /// How many cards `player` holds.
    fn hand_size(&self, player: usize) -> PyResult<usize> {
        let s = crate::common::seat(player, usize::from(self.0.rules().players()))?;
        Ok(self.0.hand_size(s))
    }

    /// Cards left in the stock.
    #[getter]
    fn stock_len(&self) -> usize {
        self.0.stock_len()
    }

    /// Every player's match score.
    #[getter]
    fn scores(&self) -> Vec<u16> {
        self.0.scores().to_vec()
    }

    /// The turn number in the round.
    #[getter]
    fn turn(&self) -> u16 {
        self.0.turn()
    }

    /// The round number in the match.
    #[getter]
    fn round_number(&self) -> u32 {
        self.0.round_number()
    }

    /// Cards this seat has not seen (in others' hidden hands or the stock).
    #[getter]
    fn unseen(&self) -> Vec<String> {
        cards(self.0.unseen())
    }

    /// The legal actions when this seat is to move (none otherwise).
    fn legal_moves(&self) -> Vec<PyAction> {
        self.0.legal_moves().into_iter().map(PyAction).collect()
    }

    /// The action the search bot advises within a small budget, None when it is not this
    /// seat's turn.
    fn hint(&self, py: Python<'_>) -> Option<PyAction> {
        let v = self.0;
        py.detach(|| plateau_japjap::hint(&v)).map(PyAction)
    }

    fn __repr__(&self) -> String {
        format!(
            "<japjap.View of seat {}: hand {}, discard {}>",
            self.player(),
            self.0.hand(),
            self.0.discard()
        )
    }
}

impl PyGame {
    fn of(rules: Rules, seed: u64) -> PyResult<PyGame> {
        let start = serde_json::to_string(&Start { rules, seed }).map_err(value_error)?;
        Ok(PyGame::wrap(Game::new(rules, seed), start))
    }
}

fn rules_of(players: Option<u8>, rules: Option<PyRules>) -> PyResult<Rules> {
    match (players, rules) {
        (Some(p), Some(r)) if r.0.players() != p => Err(value_error(format!(
            "players={p} but the rules are for {}",
            r.0.players()
        ))),
        (_, Some(r)) => Ok(r.0),
        (p, None) => Rules::new(p.unwrap_or(4)).map_err(value_error),
    }
}

#[pymethods]
impl PyGame {
    /// A match, dealt from `seed` as in Rust (`Game::new(rules, seed)`): `players` at the
    /// table under the classic rules, or `rules`.
    #[new]
    #[pyo3(signature = (players = None, seed = 0, rules = None))]
    fn py_new(
        players: Option<u8>,
        seed: u64,
        rules: Option<PyRef<'_, PyRules>>,
    ) -> PyResult<PyGame> {
        PyGame::of(rules_of(players, rules.map(|r| *r))?, seed)
    }

    /// The rules.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules(*self.inner.game.rules())
    }

    /// Every player's match score.
    #[getter]
    fn scores(&self) -> Vec<u16> {
        self.inner.game.scores().to_vec()
    }

    /// The round number in the match.
    #[getter]
    fn round_number(&self) -> u32 {
        self.inner.game.round_number()
    }

    /// What `seat` sees: a View with its own hand and the public cards only.
    fn view(&self, seat: usize) -> PyResult<PyView> {
        let s = crate::common::seat(seat, self.inner.game.players())?;
        Ok(PyView(self.inner.game.view(s)))
    }

    fn __repr__(&self) -> String {
        format!(
            "<japjap.Game {} players, round {}, scores {:?}, {:?}>",
            self.inner.game.players(),
            self.inner.game.round_number(),
            self.inner.game.scores(),
            self.inner.game.status()
        )
    }
}

/// Jap Jap's bots.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub enum JapjapBot {
    /// Determinised search over sampled worlds.
    Search { worlds: Option<u32> },
    /// The best immediate action.
    Greedy,
    /// A uniformly random legal action.
    Random,
}

impl Spec<Game> for JapjapBot {
    fn make(&self, seed: u64) -> Box<dyn Bot<Game> + Send + Sync> {
        match *self {
            JapjapBot::Search { worlds } => {
                let b = SearchBot::new(seed);
                Box::new(match worlds {
                    Some(w) => b.with_worlds(w),
                    None => b,
                })
            }
            JapjapBot::Greedy => Box::new(GreedyBot::new()),
            JapjapBot::Random => Box::new(RandomBot::new(seed)),
        }
    }

    fn name(&self) -> String {
        match self {
            JapjapBot::Search { worlds: Some(w) } => format!("SearchBot(worlds={w})"),
            JapjapBot::Search { worlds: None } => "SearchBot()".into(),
            JapjapBot::Greedy => "GreedyBot()".into(),
            JapjapBot::Random => "RandomBot()".into(),
        }
    }
}

bot_class!(
    PySearch,
    Game,
    PyGame,
    JapjapBot,
    "SearchBot",
    "plateau.japjap",
    PyAction
);
bot_class!(
    PyGreedy,
    Game,
    PyGame,
    JapjapBot,
    "GreedyBot",
    "plateau.japjap",
    PyAction
);
bot_class!(
    PyRandom,
    Game,
    PyGame,
    JapjapBot,
    "RandomBot",
    "plateau.japjap",
    PyAction
);

#[pymethods]
impl PySearch {
    /// Search over `worlds` sampled deals (the Rust default when None), seeded.
    #[new]
    #[pyo3(signature = (seed = 0, worlds = None))]
    fn py_new(seed: u64, worlds: Option<u32>) -> PyResult<PySearch> {
        if worlds == Some(0) {
            return Err(value_error("SearchBot needs at least one world"));
        }
        Ok(PySearch::build(JapjapBot::Search { worlds }, seed))
    }
}

#[pymethods]
impl PyGreedy {
    /// The best immediate action.
    #[new]
    fn py_new() -> PyGreedy {
        PyGreedy::build(JapjapBot::Greedy, 0)
    }
}

#[pymethods]
impl PyRandom {
    /// A uniformly random legal action, seeded.
    #[new]
    #[pyo3(signature = (seed = 0))]
    fn py_new(seed: u64) -> PyRandom {
        PyRandom::build(JapjapBot::Random, seed)
    }
}

crate::specs_of!(JapjapBot, "plateau.japjap": PySearch, PyGreedy, PyRandom);

/// Plays `games` seeded matches (`Game::new(rules, seed + i)`) between the bots, seats
/// rotated; the report as a dict.
#[pyfunction(name = "match")]
#[pyo3(signature = (bots, games = 100, seed = 0, players = None, rules = None, threads = None))]
fn run_match(
    py: Python<'_>,
    bots: Vec<Bound<'_, PyAny>>,
    games: u64,
    seed: u64,
    players: Option<u8>,
    rules: Option<PyRef<'_, PyRules>>,
    threads: Option<usize>,
) -> PyResult<Py<pyo3::types::PyDict>> {
    let specs = specs_of(&bots)?;
    let rules = rules_of(players, rules.map(|r| *r))?;
    crate::common::run_match(
        py,
        &format!("Jap Jap, {} players", rules.players()),
        move |s| Game::new(rules, s),
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
    m.add_class::<PyAction>()?;
    m.add_class::<PyRules>()?;
    m.add_class::<PyView>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PySearch>()?;
    m.add_class::<PyGreedy>()?;
    m.add_class::<PyRandom>()?;
    m.add_function(wrap_pyfunction!(run_match, m)?)?;
    Ok(())
}
