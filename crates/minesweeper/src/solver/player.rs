//! [`Solver`]: plays a game from its view alone: deductions first, then exact
//! probabilities, then the best guess.

use alloc::vec::Vec;

use plateau_grid::Size;

use super::endgame::{Endgame, MAX_LAYOUTS};
use super::engine::{Certainty, Engine, EngineError, Known};
use super::guess;
use super::probability::states_of;
use super::settings::{Guess, Settings};
use crate::{Cell, View};

/// A Minesweeper player that sees only the [`PlayerView`](crate::PlayerView): the cells as
/// shown and the mine count. It is a [`Bot`](plateau_grid::Bot):
/// [`Bot::choose`](plateau_grid::Bot::choose) answers for any view; [`Solver::play`] plays a
/// whole game through the play contract. A solver keeps its buffers and what it deduced
/// between calls, so following one game move by move costs only the cells each move opened;
/// handed a view that is not the next position of the game it follows, it starts over from
/// that view.
///
/// ```
/// use plateau_minesweeper::solver::{Guess, Settings};
/// use plateau_minesweeper::{Config, Game, Solver, Status};
///
/// let mut solver = Solver::new(Settings { guess: Guess::LowestRisk, ..Settings::default() });
/// let wins = (0..20)
///     .filter(|&seed| {
///         let mut game = Game::new(Config::beginner(), seed);
///         solver.play(&mut game) == Status::Won
///     })
///     .count();
/// assert!(wins >= 12, "{wins}");
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    pub(crate) settings: Settings,
    pub(crate) engine: Engine,
    pub(crate) size: Size,
    pub(crate) mines: u32,
    pub(crate) know: Vec<Known>,
    pending: Vec<bool>,
    queue: Vec<u32>,
    work: Vec<u32>,
    in_work: Vec<bool>,
    pub(crate) guesses: u32,
    pub(crate) nodes: u64,
    /// Deductions only: a position with no certain cell is reported, not guessed.
    pub(crate) deduce_only: bool,
    pub(crate) guess_buf: guess::Buffers,
    endgame: Endgame,

    /// What the solver follows between calls of [`Bot::choose`](plateau_grid::Bot::choose).
    pub(crate) follow: Follow,
    /// Why the engine last gave up.
    pub(crate) gave_up: Option<EngineError>,
}

/// The game a solver follows: its knowledge is of the position after `last` was revealed,
/// with `revealed` numbers shown and `flags` flags.
#[derive(Debug, Clone, Default)]
pub(crate) struct Follow {
    /// Whether `know` holds a loaded position.
    pub(crate) loaded: bool,
    /// The cell the solver last chose to reveal.
    pub(crate) last: Option<u32>,
    /// Revealed cells the solver knows of.
    pub(crate) revealed: usize,
    /// Flags of the view it loaded.
    pub(crate) flags: usize,
    /// Scratch: cells learned from the last move, and the flood's stack.
    pub(crate) learned: Vec<u32>,
    /// Per cell: whether the flood has visited it (reset after each flood).
    pub(crate) visited: Vec<bool>,
    pub(crate) stack: Vec<u32>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(Settings::default())
    }
}

/// The solver's choice for one position.
pub(crate) enum Choice {
    /// A cell certainly safe.
    Safe(u32),
    /// A guess.
    Guess(u32),
    /// The probability engine could not count the position (why is in
    /// [`Solver::gave_up`]): a cell to try anyway.
    GaveUp(u32),
    /// Nothing left to reveal.
    Done,
}

impl Solver {
    /// A solver with the given settings.
    #[must_use]
    pub fn new(settings: Settings) -> Solver {
        Solver {
            settings,
            engine: Engine::default(),
            size: Size::new(0, 0),
            mines: 0,
            know: Vec::new(),
            pending: Vec::new(),
            queue: Vec::new(),
            work: Vec::new(),
            in_work: Vec::new(),
            guesses: 0,
            nodes: 0,
            deduce_only: false,
            guess_buf: guess::Buffers::default(),
            endgame: Endgame::default(),
            follow: Follow::default(),
            gave_up: None,
        }
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Guesses made in the game the solver follows (the first click not counted), counted
    /// from the last view with nothing revealed or the last [`Solver::play`].
    #[must_use]
    pub fn guesses(&self) -> u32 {
        self.guesses
    }

    /// Loads a view: flags as mines, unless that makes it inconsistent (then flags are
    /// ignored).
    pub(crate) fn load(&mut self, view: &View, mines: u32) {
        self.size = view.size();
        self.mines = mines;
        states_of(view, &mut self.know);
        let flagged = self.know.contains(&Known::Mine);
        if flagged {
            let ok = self
                .engine
                .analyze(self.size, &self.know, mines, self.settings.max_nodes)
                .is_ok();
            if !ok {
                for (s, c) in self.know.iter_mut().zip(view.as_slice()) {
                    if *c == Cell::Flagged {
                        *s = Known::Unknown;
                    }
                }
            }
        }
        let n = self.know.len();
        self.engine.nb.ensure(self.size);
        self.pending.clear();
        self.pending.resize(n, false);
        self.in_work.clear();
        self.in_work.resize(n, false);
        self.queue.clear();
        self.work.clear();
        for i in 0..n {
            if self.know[i].is_number() {
                self.push_work(i);
            }
        }
    }

    pub(crate) fn know(&self) -> &[Known] {
        &self.know
    }

    fn push_work(&mut self, i: usize) {
        if !self.in_work[i] {
            self.in_work[i] = true;
            self.work.push(i as u32);
        }
    }

    /// Records that cell `i` was revealed showing `n`.
    pub(crate) fn learn(&mut self, i: usize, n: u8) {
        if self.know[i] == Known::Number(n) {
            return;
        }
        self.know[i] = Known::Number(n);
        self.pending[i] = false;
        self.push_work(i);
        for k in 0..self.engine.nb.of(i).len() {
            let j = self.engine.nb.of(i)[k] as usize;
            if self.know[j].is_number() {
                self.push_work(j);
            }
        }
    }

    fn mark_mine(&mut self, i: usize) {
        if self.know[i] != Known::Unknown {
            return;
        }
        self.know[i] = Known::Mine;
        for k in 0..self.engine.nb.of(i).len() {
            let j = self.engine.nb.of(i)[k] as usize;
            if self.know[j].is_number() {
                self.push_work(j);
            }
        }
    }

    fn mark_safe(&mut self, i: usize) {
        if self.know[i] == Known::Unknown && !self.pending[i] {
            self.pending[i] = true;
            self.queue.push(i as u32);
        }
    }

    /// Single-number deductions: a number with all its mines found clears the rest of its
    /// neighbours; one with exactly as many covered neighbours as mines left flags them.
    fn deduce_trivial(&mut self) {
        while let Some(r) = self.work.pop() {
            let r = r as usize;
            self.in_work[r] = false;
            let Known::Number(n) = self.know[r] else {
                continue;
            };
            let (mut unknown, mut mines) = (0u8, 0u8);
            for &j in self.engine.nb.of(r) {
                match self.know[j as usize] {
                    Known::Unknown if !self.pending[j as usize] => unknown += 1,
                    Known::Mine => mines += 1,
                    _ => {}
                }
            }
            if unknown == 0 || mines > n {
                continue;
            }
            let need = n - mines;
            if need == 0 {
                for k in 0..self.engine.nb.of(r).len() {
                    let j = self.engine.nb.of(r)[k] as usize;
                    if self.know[j] == Known::Unknown {
                        self.mark_safe(j);
                    }
                }
            } else if need == unknown {
                for k in 0..self.engine.nb.of(r).len() {
                    let j = self.engine.nb.of(r)[k] as usize;
                    if self.know[j] == Known::Unknown && !self.pending[j] {
                        self.mark_mine(j);
                    }
                }
            }
        }
    }

    /// The next cell to reveal.
    pub(crate) fn choose_cell(&mut self) -> Choice {
        loop {
            while let Some(c) = self.queue.pop() {
                if self.know[c as usize] == Known::Unknown {
                    return Choice::Safe(c);
                }
            }
            self.deduce_trivial();
            if !self.queue.is_empty() {
                continue;
            }
            if !self.know.contains(&Known::Unknown) {
                return Choice::Done;
            }
            let analysed =
                self.engine
                    .analyze(self.size, &self.know, self.mines, self.settings.max_nodes);
            self.nodes += self.engine.nodes;
            match analysed {
                Ok(()) => {
                    let mut found_mine = false;
                    for i in 0..self.know.len() {
                        if self.know[i] != Known::Unknown {
                            continue;
                        }
                        match self.engine.out.certain[i] {
                            Certainty::Safe => self.mark_safe(i),
                            Certainty::Mine => {
                                self.mark_mine(i);
                                found_mine = true;
                            }
                            Certainty::Unsure => {}
                        }
                    }
                    if !self.queue.is_empty() {
                        continue;
                    }
                    if found_mine {
                        // The engine found every certain cell: single-number deductions
                        // from the new mines cannot add a safe one.
                        self.work.clear();
                        self.in_work.iter_mut().for_each(|w| *w = false);
                        if !self.know.contains(&Known::Unknown) {
                            return Choice::Done;
                        }
                    }
                    if self.deduce_only {
                        return Choice::Guess(0);
                    }
                    if let Some(cell) = self.coin_flip() {
                        // Guessing it later cannot be safer, and its number may help now.
                        return Choice::Guess(cell);
                    }
                    let limit = self.settings.endgame_layouts.min(MAX_LAYOUTS as u32);
                    if limit > 0 && self.engine.out.total.to_f64() <= f64::from(limit) {
                        let found = self.endgame.best(
                            &self.engine.nb,
                            &self.know,
                            self.mines,
                            self.settings.endgame_nodes,
                        );
                        if let Some((cell, _)) = found {
                            return Choice::Guess(cell);
                        }
                    }
                    return Choice::Guess(self.guess());
                }
                Err(e) => {
                    self.gave_up = Some(e);
                    return Choice::GaveUp(self.fallback_guess());
                }
            }
        }
    }

    /// With the engine's analysis of the current position loaded: the guess.
    fn guess(&mut self) -> u32 {
        match self.settings.guess {
            Guess::LowestRisk => guess::lowest_risk(&self.engine, &self.know),
            Guess::Lookahead => {
                let (cell, nodes) = guess::lookahead(
                    &mut self.engine,
                    &self.know,
                    (self.size, self.mines),
                    &self.settings,
                    &mut self.guess_buf,
                );
                self.nodes += nodes;
                cell
            }
        }
    }

    /// A 50/50 that no future number can settle, if the position has one: two cells with
    /// the same constraints and exactly one mine between them in every layout, such that
    /// every covered cell that could still be revealed touches both or neither (so every
    /// number it could show is the same whichever of the two is the mine). It must be
    /// guessed some day at even odds; guessing it first costs nothing and may inform.
    fn coin_flip(&self) -> Option<u32> {
        let out = &self.engine.out;
        'pairs: for &(a, b) in &out.pairs {
            let (a, b) = (a as usize, b as usize);
            let touches = |x: usize, c: usize| self.engine.nb.of(x).contains(&(c as u32));
            for &x in self.engine.nb.of(a).iter().chain(self.engine.nb.of(b)) {
                let x = x as usize;
                if x == a
                    || x == b
                    || self.know[x] != Known::Unknown
                    || out.certain[x] == Certainty::Mine
                {
                    continue;
                }
                if touches(x, a) != touches(x, b) {
                    continue 'pairs;
                }
            }
            return Some(a as u32);
        }
        None
    }

    /// When the engine gave up: the covered cell with the fewest covered neighbours.
    fn fallback_guess(&self) -> u32 {
        let mut best = (u32::MAX, 0u32);
        for (i, &s) in self.know.iter().enumerate() {
            if s == Known::Unknown {
                let covered = self
                    .engine
                    .nb
                    .of(i)
                    .iter()
                    .filter(|&&j| self.know[j as usize] == Known::Unknown)
                    .count() as u32;
                if covered < best.0 {
                    best = (covered, i as u32);
                }
            }
        }
        best.1
    }

    /// Starts from a board of `size` with every cell unknown and `mines` mines.
    pub(crate) fn reset_unknown(&mut self, size: Size, mines: u32) {
        self.size = size;
        self.mines = mines;
        let n = size.width * size.height;
        self.engine.nb.ensure(size);
        self.know.clear();
        self.know.resize(n, Known::Unknown);
        self.pending.clear();
        self.pending.resize(n, false);
        self.in_work.clear();
        self.in_work.resize(n, false);
        self.queue.clear();
        self.work.clear();
        self.nodes = 0;
    }

    /// Reveals cell `i` of a known layout (`numbers`, per cell), opening zeros around it,
    /// as the game would.
    pub(crate) fn open_known(&mut self, numbers: &[u8], i: usize, stack: &mut Vec<u32>) {
        stack.clear();
        stack.push(i as u32);
        while let Some(c) = stack.pop() {
            let c = c as usize;
            if self.know[c] != Known::Unknown {
                continue;
            }
            self.learn(c, numbers[c]);
            if numbers[c] == 0 {
                for k in 0..self.engine.nb.of(c).len() {
                    let j = self.engine.nb.of(c)[k];
                    if self.know[j as usize] == Known::Unknown {
                        stack.push(j);
                    }
                }
            }
        }
    }

    /// Sets the number a revealed cell shows (after a change of the layout under it).
    pub(crate) fn renumber(&mut self, i: usize, n: u8) {
        if self.know[i].is_number() {
            self.learn(i, n);
        }
    }
}
