//! [`Solver`]: plays a game from its view alone: deductions first, then exact
//! probabilities, then the best guess.

use alloc::vec::Vec;

use plateau_grid::{Pos, Size};

use super::endgame::{Endgame, MAX_LAYOUTS};
use super::engine::{self, Engine, EngineError, SAFE, SURE_MINE, UNKNOWN};
use super::guess;
use super::probability::states_of;
use crate::{Cell, FirstClick, Game, Move, Status, View};

/// How the solver chooses when no cell is certainly safe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Guess {
    /// The cell least likely to be a mine; on ties, the one with the fewest covered
    /// neighbours (corners first: most likely to open an area), then row-major.
    LowestRisk,
    /// A one-step lookahead on the win probability: for the safest candidates, every number
    /// the cell could show is played out exactly (its probability, and the position after
    /// it), and the cell is scored by the chance of surviving it *and* then either having a
    /// safe move or surviving the best next guess.
    #[default]
    Lookahead,
}

/// Where the solver makes its first click.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Opener {
    /// The top-left corner for [`FirstClick::Unsafe`] and [`FirstClick::SafeCell`] (a corner
    /// opens an area most often), and the cell (3, 3) from the corner, or the centre on small
    /// boards, for [`FirstClick::Opening`] and [`FirstClick::NoGuess`] (the first click
    /// opens anyway; away from the edges the opening is larger).
    #[default]
    Auto,
    /// The top-left corner.
    Corner,
    /// The centre cell.
    Centre,
    /// A given cell (clamped to the board).
    At(Pos),
}

impl Opener {
    /// The cell of the first click on a board of `size` under `policy`.
    #[must_use]
    pub fn cell(self, size: Size, policy: FirstClick) -> Pos {
        let centre = Pos::new(size.width / 2, size.height / 2);
        match self {
            Opener::Corner => Pos::new(0, 0),
            Opener::Centre => centre,
            Opener::At(p) => Pos::new(
                p.x.min(size.width.saturating_sub(1)),
                p.y.min(size.height.saturating_sub(1)),
            ),
            Opener::Auto => match policy {
                FirstClick::Unsafe | FirstClick::SafeCell => Pos::new(0, 0),
                FirstClick::Opening | FirstClick::NoGuess => {
                    if size.width >= 8 && size.height >= 8 {
                        Pos::new(3, 3)
                    } else {
                        centre
                    }
                }
            },
        }
    }
}

/// The solver's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Strategy {
    /// The guess policy.
    pub guess: Guess,
    /// Where to click first.
    pub opener: Opener,
    /// Node budget of each probability computation; past it the solver falls back to
    /// deductions and a risk estimate.
    pub max_nodes: u64,
    /// Search the endgame exactly when at most this many mine layouts remain (0: never;
    /// at most 512).
    pub endgame_layouts: u32,
    /// Positions the endgame search may evaluate before falling back to the guess policy.
    pub endgame_nodes: u64,
    /// The lookahead plays out the frontier cells whose safety is within this many
    /// thousandths of the best cell's.
    pub window: u32,
    /// At most this many frontier cells are played out (the safest).
    pub candidates: u32,
    /// Steps of the lookahead: 1, or 2 to replay the three best one-step candidates with a
    /// second guess after each number they could show.
    pub depth: u32,
}

impl Default for Strategy {
    fn default() -> Self {
        Strategy {
            guess: Guess::Lookahead,
            opener: Opener::Auto,
            max_nodes: 2_000_000,
            endgame_layouts: 512,
            endgame_nodes: 20_000,
            window: 120,
            candidates: 8,
            depth: 1,
        }
    }
}

/// A Minesweeper player that sees only the [`View`] and the mine count.
///
/// [`Solver::play`] plays a whole game (deductions, exact probabilities, guesses);
/// [`Solver::next_move`] answers for any view. A solver keeps its buffers between games, so
/// playing many games with one solver allocates almost nothing.
///
/// ```
/// use plateau_minesweeper::solver::{Guess, Strategy};
/// use plateau_minesweeper::{Config, Game, Solver, Status};
///
/// let mut solver = Solver::new(Strategy { guess: Guess::LowestRisk, ..Strategy::default() });
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
    strategy: Strategy,
    pub(crate) engine: Engine,
    size: Size,
    mines: u32,
    know: Vec<u8>,
    pending: Vec<bool>,
    queue: Vec<u32>,
    work: Vec<u32>,
    in_work: Vec<bool>,
    guesses: u32,
    pub(crate) nodes: u64,
    /// Deductions only: a position with no certain cell is reported, not guessed.
    pub(crate) deduce_only: bool,
    pub(crate) guess_buf: guess::Buffers,
    endgame: Endgame,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(Strategy::default())
    }
}

/// The solver's choice for one position.
pub(crate) enum Choice {
    /// A cell certainly safe.
    Safe(u32),
    /// A guess.
    Guess(u32),
    /// The probability engine ran out of budget: a cell to try anyway.
    GaveUp(u32),
    /// Nothing left to reveal.
    Done,
}

impl Solver {
    /// A solver with the given settings.
    #[must_use]
    pub fn new(strategy: Strategy) -> Solver {
        Solver {
            strategy,
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
        }
    }

    /// The settings.
    #[must_use]
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// Guesses made in the last [`Solver::play`] (the first click not counted).
    #[must_use]
    pub fn guesses(&self) -> u32 {
        self.guesses
    }

    /// Plays `game` to its end from wherever it stands, seeing only its view and mine
    /// count, and returns the final status. The solver reveals cells and never flags; a
    /// flag of the player's that the solver needs to open is removed first.
    pub fn play(&mut self, game: &mut Game) -> Status {
        self.guesses = 0;
        if !game.is_over() && game.view().revealed() == 0 {
            let at = self
                .strategy
                .opener
                .cell(game.size(), game.config().first_click());
            if reveal(game, at).is_err() {
                return game.status();
            }
        }
        self.load(game.view(), game.mines());
        while !game.is_over() {
            let c = match self.choose() {
                Choice::Safe(c) => c,
                Choice::Guess(c) | Choice::GaveUp(c) => {
                    self.guesses += 1;
                    c
                }
                Choice::Done => break,
            };
            let at = crate::geom::pos(self.size, c as usize);
            match reveal(game, at) {
                Ok(opened) => {
                    for p in opened {
                        let i = crate::geom::index(self.size, p);
                        if let Some(Cell::Revealed(n)) = game.view().get(p) {
                            self.learn(i, n.get());
                        }
                    }
                }
                Err(()) => break,
            }
        }
        game.status()
    }

    /// The solver's move for `view` (with `mines` mines in total), or `None` when nothing is
    /// left to reveal. A certainly safe cell when there is one, else the best guess; a flag
    /// the solver believes wrong is removed first (a [`Move::Flag`] on it).
    pub fn next_move(&mut self, view: &View, mines: u32) -> Option<Move> {
        if view.revealed() == 0 {
            let at = self.strategy.opener.cell(view.size(), FirstClick::SafeCell);
            return Some(Move::Reveal(at));
        }
        self.load(view, mines);
        let c = match self.choose() {
            Choice::Safe(c) | Choice::Guess(c) | Choice::GaveUp(c) => c,
            Choice::Done => return None,
        };
        let at = crate::geom::pos(self.size, c as usize);
        match view.get(at) {
            Some(Cell::Flagged) => Some(Move::Flag(at)),
            _ => Some(Move::Reveal(at)),
        }
    }

    /// Loads a view: flags as mines, unless that makes it inconsistent (then flags are
    /// ignored).
    pub(crate) fn load(&mut self, view: &View, mines: u32) {
        self.size = view.size();
        self.mines = mines;
        states_of(view, &mut self.know);
        let flagged = self.know.contains(&engine::MINE);
        if flagged {
            let ok = self
                .engine
                .analyze(self.size, &self.know, mines, self.strategy.max_nodes)
                .is_ok();
            if !ok {
                for (s, c) in self.know.iter_mut().zip(view.as_slice()) {
                    if *c == Cell::Flagged {
                        *s = UNKNOWN;
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
            if self.know[i] <= 8 {
                self.push_work(i);
            }
        }
    }

    pub(crate) fn know(&self) -> &[u8] {
        &self.know
    }

    pub(crate) fn size(&self) -> Size {
        self.size
    }

    fn push_work(&mut self, i: usize) {
        if !self.in_work[i] {
            self.in_work[i] = true;
            self.work.push(i as u32);
        }
    }

    /// Records that cell `i` was revealed showing `n`.
    pub(crate) fn learn(&mut self, i: usize, n: u8) {
        if self.know[i] == n {
            return;
        }
        self.know[i] = n;
        self.pending[i] = false;
        self.push_work(i);
        for k in 0..self.engine.nb.of(i).len() {
            let j = self.engine.nb.of(i)[k] as usize;
            if self.know[j] <= 8 {
                self.push_work(j);
            }
        }
    }

    fn mark_mine(&mut self, i: usize) {
        if self.know[i] != UNKNOWN {
            return;
        }
        self.know[i] = engine::MINE;
        for k in 0..self.engine.nb.of(i).len() {
            let j = self.engine.nb.of(i)[k] as usize;
            if self.know[j] <= 8 {
                self.push_work(j);
            }
        }
    }

    fn mark_safe(&mut self, i: usize) {
        if self.know[i] == UNKNOWN && !self.pending[i] {
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
            let n = self.know[r];
            if n > 8 {
                continue;
            }
            let (mut unknown, mut mines) = (0u8, 0u8);
            for &j in self.engine.nb.of(r) {
                match self.know[j as usize] {
                    UNKNOWN if !self.pending[j as usize] => unknown += 1,
                    engine::MINE => mines += 1,
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
                    if self.know[j] == UNKNOWN {
                        self.mark_safe(j);
                    }
                }
            } else if need == unknown {
                for k in 0..self.engine.nb.of(r).len() {
                    let j = self.engine.nb.of(r)[k] as usize;
                    if self.know[j] == UNKNOWN && !self.pending[j] {
                        self.mark_mine(j);
                    }
                }
            }
        }
    }

    /// The next cell to reveal.
    pub(crate) fn choose(&mut self) -> Choice {
        loop {
            while let Some(c) = self.queue.pop() {
                if self.know[c as usize] == UNKNOWN {
                    return Choice::Safe(c);
                }
            }
            self.deduce_trivial();
            if !self.queue.is_empty() {
                continue;
            }
            if !self.know.contains(&UNKNOWN) {
                return Choice::Done;
            }
            let analysed =
                self.engine
                    .analyze(self.size, &self.know, self.mines, self.strategy.max_nodes);
            self.nodes += self.engine.nodes;
            match analysed {
                Ok(()) => {
                    let mut found_mine = false;
                    for i in 0..self.know.len() {
                        if self.know[i] != UNKNOWN {
                            continue;
                        }
                        match self.engine.out.certain[i] {
                            SAFE => self.mark_safe(i),
                            SURE_MINE => {
                                self.mark_mine(i);
                                found_mine = true;
                            }
                            _ => {}
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
                        if !self.know.contains(&UNKNOWN) {
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
                    let limit = self.strategy.endgame_layouts.min(MAX_LAYOUTS as u32);
                    if limit > 0 && self.engine.out.total.to_f64() <= f64::from(limit) {
                        let found = self.endgame.best(
                            &self.engine.nb,
                            &self.know,
                            self.mines,
                            self.strategy.endgame_nodes,
                        );
                        if let Some((cell, _)) = found {
                            return Choice::Guess(cell);
                        }
                    }
                    return Choice::Guess(self.guess());
                }
                Err(EngineError::Inconsistent | EngineError::TooComplex { .. }) => {
                    return Choice::GaveUp(self.fallback_guess());
                }
            }
        }
    }

    /// With the engine's analysis of the current position loaded: the guess.
    fn guess(&mut self) -> u32 {
        match self.strategy.guess {
            Guess::LowestRisk => guess::lowest_risk(self),
            Guess::Lookahead => guess::lookahead(self),
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
                if x == a || x == b || self.know[x] != UNKNOWN || out.certain[x] == SURE_MINE {
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
            if s == UNKNOWN {
                let covered = self
                    .engine
                    .nb
                    .of(i)
                    .iter()
                    .filter(|&&j| self.know[j as usize] == UNKNOWN)
                    .count() as u32;
                if covered < best.0 {
                    best = (covered, i as u32);
                }
            }
        }
        best.1
    }

    pub(crate) fn mines(&self) -> u32 {
        self.mines
    }

    /// Starts from a board of `size` with every cell unknown and `mines` mines.
    pub(crate) fn reset_unknown(&mut self, size: Size, mines: u32) {
        self.size = size;
        self.mines = mines;
        let n = size.width * size.height;
        self.engine.nb.ensure(size);
        self.know.clear();
        self.know.resize(n, UNKNOWN);
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
            if self.know[c] != UNKNOWN {
                continue;
            }
            self.learn(c, numbers[c]);
            if numbers[c] == 0 {
                for k in 0..self.engine.nb.of(c).len() {
                    let j = self.engine.nb.of(c)[k];
                    if self.know[j as usize] == UNKNOWN {
                        stack.push(j);
                    }
                }
            }
        }
    }

    /// Sets the number a revealed cell shows (after a change of the layout under it).
    pub(crate) fn renumber(&mut self, i: usize, n: u8) {
        if self.know[i] <= 8 {
            self.learn(i, n);
        }
    }
}

/// Reveals `at`, removing a mark first if there is one; returns the opened cells.
fn reveal(game: &mut Game, at: Pos) -> Result<Vec<Pos>, ()> {
    for _ in 0..3 {
        if game.view().get(at) == Some(Cell::Flagged) {
            game.play(Move::Flag(at)).map_err(|_| ())?;
        }
    }
    game.play(Move::Reveal(at))
        .map(|e| e.opened().to_vec())
        .map_err(|_| ())
}
