//! `plateau.vector`: n games stepped in one call from numpy arrays, the GIL released and the
//! games spread over rayon's threads (the envpool shape: observation, reward, done and mask
//! arrays back, finished games reset in the same call).

use numpy::prelude::*;
use numpy::{PyArray1, PyArray2, PyReadonlyArray1};
use plateau_grid::{Play, random};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::common::{Binding, value_error};

/// The most games in a batch.
pub const MAX_GAMES: usize = 1 << 20;
/// The most bytes of observation and mask arrays a step of a batch returns.
pub const MAX_BYTES: usize = 1 << 30;

/// A game the batch can step: its observation as `i8`s and its reward.
pub trait Observe: Binding + Clone {
    /// Length of one observation.
    fn obs_len(&self) -> usize;
    /// Writes the observation (the same numbers as the Gymnasium environment's).
    fn observe(&self, out: &mut [i8]);
    /// What the reward is the change of.
    fn progress(&self) -> f64;
    /// The reward of a move that took the game from `before` progress to this state.
    fn reward(&self, before: f64) -> f32;
}

impl Observe for plateau_floodit::Game {
    fn obs_len(&self) -> usize {
        self.size().width * self.size().height
    }

    fn observe(&self, out: &mut [i8]) {
        for (o, c) in out.iter_mut().zip(self.board().cells()) {
            *o = c.get() as i8;
        }
    }

    fn progress(&self) -> f64 {
        self.flooded_cells() as f64
    }

    /// As `plateau/FloodIt-v0`: cells joined over cells, minus 0.01.
    fn reward(&self, before: f64) -> f32 {
        ((self.flooded_cells() as f64 - before) / self.obs_len() as f64 - 0.01) as f32
    }
}

impl Observe for plateau_minesweeper::Game {
    fn obs_len(&self) -> usize {
        self.size().width * self.size().height
    }

    fn observe(&self, out: &mut [i8]) {
        for (o, (_, c)) in out.iter_mut().zip(self.cells().iter()) {
            *o = crate::minesweeper::cell_code(c);
        }
    }

    fn progress(&self) -> f64 {
        self.revealed() as f64
    }

    /// As `plateau/Minesweeper-v0`: revealed safe cells over safe cells, -1 on a mine.
    fn reward(&self, before: f64) -> f32 {
        if self.outcome().is_some_and(|o| o.winners().is_empty()) {
            return -1.0;
        }
        let safe = self.obs_len() as f64 - self.mines() as f64;
        ((self.revealed() as f64 - before) / safe) as f32
    }
}

impl Observe for plateau_taquin::Board {
    fn obs_len(&self) -> usize {
        self.tiles().len()
    }

    /// The tile numbers, 0 the blank (a batch holds boards of at most 128 cells).
    fn observe(&self, out: &mut [i8]) {
        for (o, t) in out.iter_mut().zip(self.tiles()) {
            *o = i8::try_from(t.number()).unwrap_or(i8::MAX);
        }
    }

    fn progress(&self) -> f64 {
        0.0
    }

    /// As `plateau/Taquin-v0`: -1 a move.
    fn reward(&self, _before: f64) -> f32 {
        -1.0
    }
}

impl Observe for plateau_tetris::Game {
    fn obs_len(&self) -> usize {
        self.board().width() * self.board().height()
    }

    /// The filled cells, row 0 at the bottom (buffer rows included), as `plateau/Tetris-v0`.
    fn observe(&self, out: &mut [i8]) {
        let b = self.board();
        let w = b.width();
        for (i, o) in out.iter_mut().enumerate() {
            *o = i8::from(b.get(plateau_grid::Pos::new(i % w, i / w)).is_some());
        }
    }

    fn progress(&self) -> f64 {
        self.score() as f64
    }

    /// As `plateau/Tetris-v0`: the score gained.
    fn reward(&self, before: f64) -> f32 {
        (self.score() as f64 - before) as f32
    }
}

/// One slot of a batch: its game, how many episodes it finished, its move buffer.
#[derive(Clone)]
struct Slot<G: Play> {
    game: G,
    episodes: u64,
    /// Steps of the episode in play.
    steps: u32,
    moves: Vec<G::Move>,
}

/// The engine of a batch, without Python: what `step` runs with the GIL released.
pub struct Batch<G: Observe> {
    slots: Vec<Slot<G>>,
    new_game: Box<dyn Fn(u64) -> G + Send + Sync>,
    seed: u64,
    obs_len: usize,
    actions: usize,
    /// Steps after which an episode is cut short (truncated), as Gymnasium's time limit.
    max_steps: Option<u32>,
    pool: rayon::ThreadPool,
}

/// The arrays of one step, filled in place.
pub struct Out<'a> {
    /// n x obs_len.
    pub obs: &'a mut [i8],
    /// n.
    pub reward: &'a mut [f32],
    /// n: the episode ended (terminated or truncated).
    pub done: &'a mut [bool],
    /// n: the episode was cut short at the step limit.
    pub truncated: &'a mut [bool],
    /// n x actions.
    pub mask: &'a mut [bool],
}

impl<G: Observe> Batch<G> {
    /// `n` games, slot `i`'s episode `e` starting from `new_game(seed + i + e * n)`, each
    /// cut short after `max_steps` steps if given.
    pub fn new(
        n: usize,
        seed: u64,
        threads: Option<usize>,
        max_steps: Option<u32>,
        new_game: impl Fn(u64) -> G + Send + Sync + 'static,
    ) -> Result<Batch<G>, String> {
        if n == 0 {
            return Err("a batch needs at least one game".into());
        }
        if max_steps == Some(0) {
            return Err("max_steps needs at least one step".into());
        }
        let first = new_game(seed);
        let per_game = first.obs_len() + first.action_count();
        if n > MAX_GAMES || n.saturating_mul(per_game) > MAX_BYTES {
            return Err(format!(
                "{n} games of {per_game} bytes of arrays each is more than a batch holds \
                 ({MAX_GAMES} games, {MAX_BYTES} bytes)"
            ));
        }
        let slots: Vec<Slot<G>> = (0..n)
            .map(|i| Slot {
                game: new_game(seed.wrapping_add(i as u64)),
                episodes: 0,
                steps: 0,
                moves: Vec::new(),
            })
            .collect();
        let (obs_len, actions) = (slots[0].game.obs_len(), slots[0].game.action_count());
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.unwrap_or(0))
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Batch {
            slots,
            new_game: Box::new(new_game),
            seed,
            obs_len,
            actions,
            max_steps,
            pool,
        })
    }

    /// Number of games.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the batch is empty (never: a batch has a game).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Back to every slot's first game; fills `obs` and `mask`.
    pub fn reset(&mut self, obs: &mut [i8], mask: &mut [bool]) {
        let (seed, new_game) = (self.seed, &self.new_game);
        let (ol, al) = (self.obs_len, self.actions);
        self.pool.install(|| {
            self.slots
                .par_iter_mut()
                .zip(obs.par_chunks_mut(ol))
                .zip(mask.par_chunks_mut(al))
                .enumerate()
                .for_each(|(i, ((s, o), m))| {
                    s.game = new_game(seed.wrapping_add(i as u64));
                    s.episodes = 0;
                    s.steps = 0;
                    s.game.observe(o);
                    s.game.action_mask_into(&mut s.moves, m);
                });
        });
    }

    /// Plays `actions[i]` in game `i` (an illegal action changes nothing and costs -1); a
    /// game that ends is replaced by its slot's next one, `done[i]` says so and `obs[i]`
    /// is the new game's first observation; `truncated[i]` says it ended at the step limit.
    pub fn step(&mut self, actions: &[i64], out: Out<'_>) {
        let n = self.slots.len() as u64;
        let (seed, new_game, max_steps) = (self.seed, &self.new_game, self.max_steps);
        let (ol, al) = (self.obs_len, self.actions);
        self.pool.install(|| {
            self.slots
                .par_iter_mut()
                .zip(out.obs.par_chunks_mut(ol))
                .zip(out.mask.par_chunks_mut(al))
                .zip(out.reward.par_iter_mut())
                .zip(out.done.par_iter_mut())
                .zip(out.truncated.par_iter_mut())
                .enumerate()
                .for_each(|(i, (((((s, o), m), r), d), t))| {
                    let action = usize::try_from(actions[i]).ok();
                    match action.and_then(|a| s.game.action_move(a)) {
                        Some(mv) => {
                            let before = s.game.progress();
                            let played = s.game.play(mv).is_ok();
                            *r = if played { s.game.reward(before) } else { -1.0 };
                        }
                        None => *r = -1.0,
                    }
                    s.steps = s.steps.saturating_add(1);
                    let over = s.game.is_over();
                    *t = !over && max_steps.is_some_and(|limit| s.steps >= limit);
                    *d = over || *t;
                    if *d {
                        s.episodes += 1;
                        s.steps = 0;
                        s.game = new_game(
                            seed.wrapping_add(i as u64)
                                .wrapping_add(s.episodes.wrapping_mul(n)),
                        );
                    }
                    s.game.observe(o);
                    s.game.action_mask_into(&mut s.moves, m);
                });
        });
    }

    /// The reference loop: `steps` calls of [`Batch::step`] with a uniformly random legal
    /// action a game chosen in Rust (seeded), no Python in between. Returns the episodes
    /// finished.
    pub fn rust_loop(&mut self, steps: usize, seed: u64) -> u64 {
        let n = self.slots.len();
        let mut obs = vec![0; n * self.obs_len];
        let mut mask = vec![false; n * self.actions];
        let mut reward = vec![0.0; n];
        let mut done = vec![false; n];
        let mut truncated = vec![false; n];
        let mut actions = vec![0i64; n];
        let mut rngs: Vec<_> = (0..n)
            .map(|i| random::seeded(seed.wrapping_add(i as u64)))
            .collect();
        let mut finished = 0;
        self.reset(&mut obs, &mut mask);
        let al = self.actions;
        for _ in 0..steps {
            self.pool.install(|| {
                actions
                    .par_iter_mut()
                    .zip(rngs.par_iter_mut())
                    .zip(mask.par_chunks(al))
                    .for_each(|((a, rng), m)| {
                        let legal = m.iter().filter(|&&x| x).count() as u32;
                        let k = random::below(rng, legal.max(1)) as usize;
                        *a = m
                            .iter()
                            .enumerate()
                            .filter(|(_, x)| **x)
                            .nth(k)
                            .map_or(0, |(j, _)| j as i64);
                    });
            });
            self.step(
                &actions,
                Out {
                    obs: &mut obs,
                    reward: &mut reward,
                    done: &mut done,
                    truncated: &mut truncated,
                    mask: &mut mask,
                },
            );
            finished += done.iter().filter(|&&d| d).count() as u64;
        }
        finished
    }
}

/// The Python class of a batch (generated per game).
macro_rules! batch_class {
    ($Py:ident, $G:ty, $name:literal) => {
        #[doc = concat!("n games of ", $name, " stepped in one call (see the module's docs).")]
        #[pyclass(module = "plateau.vector", name = $name)]
        pub struct $Py {
            batch: Batch<$G>,
            shape: Vec<usize>,
            /// The last step's truncations.
            truncated: Vec<bool>,
        }

        impl $Py {
            fn of(batch: Batch<$G>, shape: Vec<usize>) -> $Py {
                let truncated = vec![false; batch.len()];
                $Py {
                    batch,
                    shape,
                    truncated,
                }
            }

            fn arrays<'py>(
                &self,
                py: Python<'py>,
                obs: Vec<i8>,
                mask: Vec<bool>,
            ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyArray2<bool>>)> {
                let n = self.batch.len();
                let mut shape = vec![n];
                shape.extend(&self.shape);
                let obs = PyArray1::from_vec(py, obs).reshape(shape)?.into_any();
                let mask = PyArray1::from_vec(py, mask).reshape([n, self.batch.actions])?;
                Ok((obs, mask))
            }
        }

        #[pymethods]
        impl $Py {
            /// Number of games.
            #[getter]
            fn num_envs(&self) -> usize {
                self.batch.len()
            }

            /// Size of each game's action space.
            #[getter]
            fn action_count(&self) -> usize {
                self.batch.actions
            }

            /// Shape of one observation.
            #[getter]
            fn obs_shape(&self) -> Vec<usize> {
                self.shape.clone()
            }

            /// Which games of the last step ended at the step limit (`done` and cut short,
            /// not terminated): n booleans, all false before the first step.
            #[getter]
            fn truncated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
                PyArray1::from_slice(py, &self.truncated)
            }

            /// Steps after which an episode is cut short, None for no limit.
            #[getter]
            fn max_steps(&self) -> Option<u32> {
                self.batch.max_steps
            }

            /// Every slot back to its first game: `(obs, mask)`.
            fn reset<'py>(
                &mut self,
                py: Python<'py>,
            ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyArray2<bool>>)> {
                let n = self.batch.len();
                let mut obs = vec![0i8; n * self.batch.obs_len];
                let mut mask = vec![false; n * self.batch.actions];
                let batch = &mut self.batch;
                py.detach(|| batch.reset(&mut obs, &mut mask));
                self.truncated.fill(false);
                self.arrays(py, obs, mask)
            }

            /// Plays one action a game (an int array of length n): `(obs, reward, done,
            /// mask)`; a finished game is replaced by its slot's next one in the same call.
            #[allow(clippy::type_complexity)]
            fn step<'py>(
                &mut self,
                py: Python<'py>,
                actions: PyReadonlyArray1<'py, i64>,
            ) -> PyResult<(
                Bound<'py, PyAny>,
                Bound<'py, PyArray1<f32>>,
                Bound<'py, PyArray1<bool>>,
                Bound<'py, PyArray2<bool>>,
            )> {
                let n = self.batch.len();
                let actions = actions.as_slice()?;
                if actions.len() != n {
                    return Err(value_error(format!(
                        "{} actions for {n} games",
                        actions.len()
                    )));
                }
                let mut obs = vec![0i8; n * self.batch.obs_len];
                let mut mask = vec![false; n * self.batch.actions];
                let mut reward = vec![0f32; n];
                let mut done = vec![false; n];
                let mut truncated = vec![false; n];
                let batch = &mut self.batch;
                py.detach(|| {
                    batch.step(
                        actions,
                        Out {
                            obs: &mut obs,
                            reward: &mut reward,
                            done: &mut done,
                            truncated: &mut truncated,
                            mask: &mut mask,
                        },
                    )
                });
                self.truncated = truncated;
                let (obs, mask) = self.arrays(py, obs, mask)?;
                Ok((
                    obs,
                    PyArray1::from_vec(py, reward),
                    PyArray1::from_vec(py, done),
                    mask,
                ))
            }

            /// The same stepping for `steps` calls with random legal actions chosen in
            /// Rust, no Python in between (the reference for the Python loop's speed);
            /// the episodes finished. Resets the batch first.
            #[pyo3(signature = (steps, seed = 0))]
            fn rust_loop(&mut self, py: Python<'_>, steps: usize, seed: u64) -> u64 {
                let batch = &mut self.batch;
                py.detach(|| batch.rust_loop(steps, seed))
            }
        }
    };
}

batch_class!(PyFloodItBatch, plateau_floodit::Game, "FloodItBatch");
batch_class!(
    PyMinesweeperBatch,
    plateau_minesweeper::Game,
    "MinesweeperBatch"
);
batch_class!(PyTaquinBatch, plateau_taquin::Board, "TaquinBatch");
batch_class!(PyTetrisBatch, plateau_tetris::Game, "TetrisBatch");

/// The most cells of a board a `TaquinBatch` holds (its observations are `int8`).
const TAQUIN_MAX_CELLS: usize = 128;

#[pymethods]
impl PyFloodItBatch {
    /// `n` Flood-It games; slot `i`'s episode `e` is `Game::new(config, seed + i + e * n)`.
    #[new]
    #[pyo3(signature = (n, seed = 0, width = 12, height = 12, colors = 6, max_moves = 22, threads = None, max_steps = None))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        n: usize,
        seed: u64,
        width: usize,
        height: usize,
        colors: u8,
        max_moves: u32,
        threads: Option<usize>,
        max_steps: Option<u32>,
    ) -> PyResult<PyFloodItBatch> {
        let config = crate::floodit::config(width, height, colors, max_moves)?;
        let batch = Batch::new(n, seed, threads, max_steps, move |s| {
            plateau_floodit::Game::new(config, s)
        })
        .map_err(value_error)?;
        Ok(PyFloodItBatch::of(batch, vec![height, width]))
    }
}

#[pymethods]
impl PyMinesweeperBatch {
    /// `n` Minesweeper games of `level`; slot `i`'s episode `e` is `Game::new(config, seed
    /// + i + e * n)`.
    #[new]
    #[pyo3(signature = (n, seed = 0, level = "beginner", threads = None, max_steps = None))]
    fn py_new(
        n: usize,
        seed: u64,
        level: &str,
        threads: Option<usize>,
        max_steps: Option<u32>,
    ) -> PyResult<PyMinesweeperBatch> {
        let level: plateau_minesweeper::Level = level.parse().map_err(value_error)?;
        let config = plateau_minesweeper::Config::level(level);
        let size = config.size();
        let batch = Batch::new(n, seed, threads, max_steps, move |s| {
            plateau_minesweeper::Game::new(config, s)
        })
        .map_err(value_error)?;
        Ok(PyMinesweeperBatch::of(batch, vec![size.height, size.width]))
    }
}

#[pymethods]
impl PyTaquinBatch {
    /// `n` sliding puzzles of `width` x `height` (at most 128 cells); slot `i`'s episode `e`
    /// is `Board::new(size, seed + i + e * n)`, or `Board::random_walk(size, scramble, ..)`
    /// when `scramble` is given. Episodes are cut short after `max_steps` steps (200, as
    /// `plateau/Taquin-v0`; None for no limit).
    #[new]
    #[pyo3(signature = (n, seed = 0, width = 3, height = 3, scramble = None, threads = None, max_steps = Some(200)))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        n: usize,
        seed: u64,
        width: usize,
        height: usize,
        scramble: Option<usize>,
        threads: Option<usize>,
        max_steps: Option<u32>,
    ) -> PyResult<PyTaquinBatch> {
        let size = plateau_grid::Size::new(width, height);
        if width.saturating_mul(height) > TAQUIN_MAX_CELLS {
            return Err(value_error(format!(
                "a {width}x{height} board has more than the {TAQUIN_MAX_CELLS} cells a batch holds"
            )));
        }
        let new_board = move |s| match scramble {
            Some(moves) => plateau_taquin::Board::random_walk(size, moves, s),
            None => plateau_taquin::Board::new(size, s),
        };
        // The size is checked once here; every later board has the same size.
        let first = new_board(seed).map_err(value_error)?;
        let batch = Batch::new(n, seed, threads, max_steps, move |s| {
            new_board(s).unwrap_or_else(|_| first.clone())
        })
        .map_err(value_error)?;
        Ok(PyTaquinBatch::of(batch, vec![height, width]))
    }
}

#[pymethods]
impl PyTetrisBatch {
    /// `n` games of Tetris by placements under `rules` (a preset name or the rules' text);
    /// slot `i`'s episode `e` is `Game::new(rules, seed + i + e * n)`. Episodes are cut
    /// short after `max_steps` placements (2,000, as `plateau/Tetris-v0`; None for no
    /// limit).
    #[new]
    #[pyo3(signature = (n, seed = 0, rules = "guideline", threads = None, max_steps = Some(2_000)))]
    fn py_new(
        n: usize,
        seed: u64,
        rules: &str,
        threads: Option<usize>,
        max_steps: Option<u32>,
    ) -> PyResult<PyTetrisBatch> {
        let rules = crate::tetris::rules(rules)?;
        let first = plateau_tetris::Game::new(rules.clone(), seed);
        let shape = vec![first.board().height(), first.board().width()];
        let batch = Batch::new(n, seed, threads, max_steps, move |s| {
            plateau_tetris::Game::new(rules.clone(), s)
        })
        .map_err(value_error)?;
        Ok(PyTetrisBatch::of(batch, shape))
    }
}

/// Registers the module's classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyFloodItBatch>()?;
    m.add_class::<PyMinesweeperBatch>()?;
    m.add_class::<PyTaquinBatch>()?;
    m.add_class::<PyTetrisBatch>()?;
    Ok(())
}
