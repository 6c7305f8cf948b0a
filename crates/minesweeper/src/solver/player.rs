//! [`Solver`]: plays a game from its view alone: deductions first, then exact
//! probabilities, then the best guess.

use alloc::vec::Vec;

use plateau_grid::{Bot, Play, Pos, Size};

use super::endgame::{Endgame, MAX_LAYOUTS};
use super::engine::{self, Engine, EngineError, SAFE, SURE_MINE, UNKNOWN};
use super::guess;
use super::probability::states_of;
use crate::{Cell, FirstClick, Game, Move, PlayerView, Status, View};

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

/// The solver's settings: how it guesses, where it clicks first, and its budgets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Settings {
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

impl Settings {
    /// The settings [`hint`](crate::hint) uses: the default play within a small budget
    /// (a tenth of the probability nodes and endgame positions), so a hint answers in
    /// milliseconds on any board a player has on screen.
    #[must_use]
    pub fn hint() -> Settings {
        Settings {
            max_nodes: 200_000,
            endgame_nodes: 2_000,
            ..Settings::default()
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
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

/// A Minesweeper player that sees only the [`PlayerView`]: the cells as shown and the mine
/// count. It is a [`Bot`]: [`Bot::choose`] answers for any view; [`Solver::play`] plays a
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
    settings: Settings,
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
    /// What the solver follows between calls of [`Bot::choose`].
    follow: Follow,
}

/// A `know` value only [`Solver::follows`] uses, for a cell its flood has visited.
const LEARNING: u8 = 0xFD;

/// The game a solver follows: its knowledge is of the position after `last` was revealed,
/// with `revealed` numbers shown and `flags` flags.
#[derive(Debug, Clone, Default)]
struct Follow {
    /// Whether `know` holds a loaded position.
    loaded: bool,
    /// The cell the solver last chose to reveal.
    last: Option<u32>,
    /// Revealed cells the solver knows of.
    revealed: usize,
    /// Flags of the view it loaded.
    flags: usize,
    /// Scratch: cells learned from the last move, and the flood's stack.
    learned: Vec<u32>,
    stack: Vec<u32>,
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
    /// The probability engine ran out of budget: a cell to try anyway.
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

    /// Plays `game` to its end from wherever it stands through the play contract (each move
    /// is [`Bot::choose`] on the seat's [`PlayerView`]), and returns the final status. The
    /// solver reveals cells and never flags; a flag of the player's that it needs to open is
    /// removed first. It stops early only if it has no move to offer.
    pub fn play(&mut self, game: &mut Game) -> Status {
        self.guesses = 0;
        while let Some(seat) = game.to_move() {
            let Some(m) = self.choose(game.view(seat)) else {
                break;
            };
            if game.play(m).is_err() {
                break;
            }
        }
        game.status()
    }

    /// The solver's move for `view`, `None` when the game is over or nothing is left to
    /// reveal (see [`Bot::choose`]).
    fn next_move(&mut self, view: PlayerView<'_>) -> Option<Move> {
        if view.is_over() {
            return None;
        }
        let cells = view.cells();
        if view.revealed() == 0 {
            self.guesses = 0;
            self.follow.loaded = false;
            let at = self.settings.opener.cell(cells.size(), view.first_click());
            return Some(first_move(cells, at));
        }
        let mut fresh = !self.follows(view);
        if fresh {
            self.reload(view);
        }
        loop {
            self.follow.last = None;
            let choice = self.choose_cell();
            let at = match choice {
                Choice::Safe(c) | Choice::Guess(c) | Choice::GaveUp(c) => {
                    Some(crate::geom::pos(self.size, c as usize))
                }
                Choice::Done => None,
            };
            let m = match at.and_then(|at| cells.get(at)) {
                Some(Cell::Flagged) => at.map(Move::Flag),
                Some(Cell::Hidden | Cell::Question) => at.map(Move::Reveal),
                _ if fresh => None,
                // Knowledge carried over from a view that passed the checks of `follows`
                // but was another game's: start over from the view itself.
                _ => {
                    fresh = true;
                    self.reload(view);
                    continue;
                }
            };
            if let (Some(Move::Reveal(_)), Choice::Safe(c) | Choice::Guess(c) | Choice::GaveUp(c)) =
                (m, &choice)
            {
                self.follow.last = Some(*c);
            }
            if matches!(choice, Choice::Guess(_) | Choice::GaveUp(_)) {
                self.guesses += 1;
            }
            return m;
        }
    }

    /// Loads `view` from scratch as the position the solver follows.
    fn reload(&mut self, view: PlayerView<'_>) {
        self.load(view.cells(), view.mines());
        self.follow.loaded = true;
        self.follow.revealed = view.revealed();
        self.follow.flags = view.flags();
    }

    /// Whether `view` is the position after the solver's last reveal in the game it
    /// follows; if so, learns the cells that reveal opened (a flood from it through the
    /// zeros, as the game opened them), in row-major order.
    fn follows(&mut self, view: PlayerView<'_>) -> bool {
        let cells = view.cells();
        let f = &mut self.follow;
        let Some(last) = f.last else {
            return false;
        };
        if !f.loaded
            || cells.size() != self.size
            || view.mines() != self.mines
            || view.flags() != f.flags
            || view.revealed() < f.revealed
        {
            return false;
        }
        let shown = cells.as_slice();
        if shown[last as usize].number().is_none() {
            return false;
        }
        f.learned.clear();
        f.stack.clear();
        f.stack.push(last);
        while let Some(c) = f.stack.pop() {
            let i = c as usize;
            if self.know[i] != UNKNOWN {
                continue;
            }
            let Cell::Revealed(n) = shown[i] else {
                continue;
            };
            // Marked by a sentinel until the learning pass below, so the flood visits it once.
            self.know[i] = LEARNING;
            f.learned.push(c);
            if n.get() == 0 {
                f.stack.extend_from_slice(self.engine.nb.of(i));
            }
        }
        if f.revealed + f.learned.len() != view.revealed() {
            for &c in &f.learned {
                self.know[c as usize] = UNKNOWN;
            }
            return false;
        }
        f.revealed = view.revealed();
        f.learned.sort_unstable();
        let learned = core::mem::take(&mut self.follow.learned);
        for &c in &learned {
            let i = c as usize;
            self.know[i] = UNKNOWN;
            if let Cell::Revealed(n) = shown[i] {
                self.learn(i, n.get());
            }
        }
        self.follow.learned = learned;
        true
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
                .analyze(self.size, &self.know, mines, self.settings.max_nodes)
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
    pub(crate) fn choose_cell(&mut self) -> Choice {
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
                    .analyze(self.size, &self.know, self.mines, self.settings.max_nodes);
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
                Err(EngineError::Inconsistent | EngineError::TooComplex { .. }) => {
                    return Choice::GaveUp(self.fallback_guess());
                }
            }
        }
    }

    /// With the engine's analysis of the current position loaded: the guess.
    fn guess(&mut self) -> u32 {
        match self.settings.guess {
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

/// The first click at `at`: a reveal, or the removal of a flag the player put there.
fn first_move(cells: &View, at: Pos) -> Move {
    if cells.get(at) == Some(Cell::Flagged) {
        Move::Flag(at)
    } else {
        Move::Reveal(at)
    }
}

/// The solver as a player: from the view alone, a certainly safe cell when there is one,
/// else its best guess (a flag it must open first is removed by a [`Move::Flag`] on it);
/// `None` when the game is over or nothing is left to reveal.
impl Bot<Game> for Solver {
    fn choose(&mut self, view: PlayerView<'_>) -> Option<Move> {
        self.next_move(view)
    }
}
