//! [`Game`]: the rules engine: first-click policies, reveal, flags and marks, chords, the
//! zero-region opening, win and loss, counters; [`Play`](plateau_grid::Play) in `play.rs`.

mod play;

use alloc::vec::Vec;
use core::fmt;

use plateau_grid::{Connectivity, Grid, Play, Pos, Size, flood_fill};
use rand::Rng;

use crate::board::{Board, MINE, lay_mines};
use crate::error::{ConfigError, IllegalMove};
use crate::geom;
use crate::{Cell, Config, FirstClick, Marks, Move, Number, Rules, View};

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// Safe cells remain covered (this includes a game before its first click).
    InProgress,
    /// Every safe cell is revealed; the remaining mines were flagged automatically.
    Won,
    /// A mine was revealed.
    Lost {
        /// The mine that exploded.
        at: Pos,
    },
}

/// The mark on a covered cell after a [`Move::Flag`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Mark {
    /// No mark: the cell is plainly hidden.
    None,
    /// A flag.
    Flag,
    /// A question mark.
    Question,
}

/// What a move changed, so a front end can animate it without comparing boards.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// A reveal or a chord opened these cells (row-major), and the game goes on.
    Opened {
        /// The cells opened by this move.
        cells: Vec<Pos>,
    },
    /// The move opened the last safe cells: the game is won.
    Won {
        /// The cells opened by this move.
        cells: Vec<Pos>,
        /// The mines flagged automatically at the end (those not flagged yet).
        flagged: Vec<Pos>,
    },
    /// The move revealed a mine: the game is lost.
    Exploded {
        /// The mine that exploded (the first in row-major order, for a chord).
        at: Pos,
        /// Safe cells the same chord opened.
        cells: Vec<Pos>,
    },
    /// A flag move changed a cell's mark.
    Marked {
        /// The cell.
        at: Pos,
        /// Its new mark.
        mark: Mark,
    },
}

impl Event {
    /// The cells the move opened (empty for a mark).
    #[must_use]
    pub fn opened(&self) -> &[Pos] {
        match self {
            Event::Opened { cells } | Event::Won { cells, .. } | Event::Exploded { cells, .. } => {
                cells
            }
            Event::Marked { .. } => &[],
        }
    }
}

// Per-square bits of the game's own grid (numbers 0..=8 or MINE in the low nibble).
const NUMBER: u8 = 0x0F;
const FLAG: u8 = 0x10;
const OPEN: u8 = 0x20;
/// Opened by the move being played (cleared before it returns).
const NEW: u8 = 0x40;

/// One game of Minesweeper.
///
/// The game holds the hidden layout and the player's [`View`]; players and solvers only
/// ever get a [`PlayerView`](crate::PlayerView) (the cells as seen, the mine count and the
/// first-click policy) through [`Play::view`]. Mines are laid at the first reveal (at
/// creation for [`FirstClick::Unsafe`]) from the game's seed, so the same config, seed and
/// moves always replay the same game.
///
/// ```
/// use plateau_minesweeper::{Config, Event, Game, Move, Play, Pos, Status};
///
/// let mut game = Game::new(Config::beginner(), 7);
/// let event = game.play(Move::Reveal(Pos::new(0, 0)))?;
/// assert!(!event.opened().is_empty()); // the first click is safe
/// assert_eq!(game.status(), Status::InProgress);
/// assert!(game.play(Move::Reveal(Pos::new(0, 0))).is_err()); // already open: refused
/// assert_eq!(game.clicks(), 1);
/// # Ok::<(), plateau_minesweeper::IllegalMove>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Game {
    config: Config,
    seed: u64,
    laid: bool,
    squares: Grid<u8>,
    view: View,
    status: Status,
    flags: u32,
    opened: u32,
    clicks: u32,
    effective: u32,
    first: Option<Pos>,
}

impl Game {
    /// A new game under `config`, its mines drawn from `seed`.
    #[must_use]
    // The expects cannot fire: a `Config`'s size is always valid for a grid.
    #[allow(clippy::missing_panics_doc)]
    pub fn new(config: Config, seed: u64) -> Game {
        let size = config.size();
        let mut game = Game {
            config,
            seed,
            laid: false,
            squares: Grid::new(size, 0).expect("a config's size is valid"),
            view: View::hidden(size).expect("a config's size is valid"),
            status: Status::InProgress,
            flags: 0,
            opened: 0,
            clicks: 0,
            effective: 0,
            first: None,
        };
        if config.first_click() == FirstClick::Unsafe {
            let mut rng = plateau_grid::random::seeded(seed);
            let mask = lay_mines(config.cells(), config.mines() as usize, |_| true, &mut rng);
            game.set_layout(&mask);
        }
        game
    }

    /// A new game under `config`, its seed drawn from `rng` (one 64-bit word).
    pub fn new_with_rng<R: Rng + ?Sized>(config: Config, rng: &mut R) -> Game {
        Game::new(config, rng.next_u64())
    }

    /// A game on a laid board under `rules`: its size and mine count are the board's, and
    /// the first click has no protection since the mines are already there (the game's
    /// config says [`FirstClick::Unsafe`]).
    ///
    /// ```
    /// use plateau_minesweeper::{Board, Game, Marks, Move, Play, Pos, Rules, Status};
    ///
    /// let board: Board = "*..\n...".parse()?;
    /// let rules = Rules::default().with_marks(Marks::On);
    /// let mut game = Game::from_board(rules, &board)?;
    /// assert_eq!((game.mines(), game.config().marks()), (1, Marks::On));
    /// game.play(Move::Reveal(Pos::new(2, 1)))?; // a zero: opens its region and border
    /// assert_eq!(game.status(), Status::InProgress);
    /// game.play(Move::Reveal(Pos::new(0, 1)))?; // the last safe cell
    /// assert_eq!(game.status(), Status::Won);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`ConfigError::TooManyMines`] if the board has no safe cell.
    pub fn from_board(rules: Rules, board: &Board) -> Result<Game, ConfigError> {
        let size = board.size();
        let config =
            Config::custom(size, board.mine_count(), FirstClick::Unsafe)?.with_rules(rules);
        let mut game = Game::new(config, 0);
        let mask: Vec<bool> = board.raw().iter().map(|&c| c == MINE).collect();
        game.set_layout(&mask);
        Ok(game)
    }

    fn set_layout(&mut self, mask: &[bool]) {
        let board = Board::from_mask(self.config.size(), mask);
        for (sq, &n) in self.squares.as_mut_slice().iter_mut().zip(board.raw()) {
            *sq = (*sq & !NUMBER) | n;
        }
        self.laid = true;
    }

    /// Lays the mines for a first reveal at `at`, following the first-click policy.
    fn lay_for(&mut self, at: Pos) {
        let size = self.config.size();
        let cells = self.config.cells();
        let mines = self.config.mines() as usize;
        let mut rng = plateau_grid::random::seeded(self.seed);
        let mask = match self.config.first_click() {
            FirstClick::Unsafe => lay_mines(cells, mines, |_| true, &mut rng),
            FirstClick::SafeCell => {
                lay_mines(cells, mines, |i| size.pos_of(i) != Some(at), &mut rng)
            }
            FirstClick::Opening => {
                let near = |i| size.pos_of(i).is_some_and(|p| p.chebyshev(at) <= 1);
                lay_mines(cells, mines, |i| !near(i), &mut rng)
            }
            FirstClick::NoGuess => crate::solver::noguess::generate(self.config, at, &mut rng),
        };
        self.set_layout(&mask);
    }

    /// The rules.
    #[must_use]
    pub fn config(&self) -> Config {
        self.config
    }

    /// The seed the mines are drawn from.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Board size.
    #[must_use]
    pub fn size(&self) -> Size {
        self.config.size()
    }

    /// Total number of mines (public information: the mine counter starts there).
    #[must_use]
    pub fn mines(&self) -> u32 {
        self.config.mines()
    }

    /// The cells as the player sees them (also in [`Play::view`]'s
    /// [`PlayerView`](crate::PlayerView), with the mine count and the counters).
    #[must_use]
    pub fn cells(&self) -> &View {
        &self.view
    }

    /// The calculator's cheat key: the view with every mine on show (flags kept). Before the
    /// mines are laid it is the plain view. The game is not changed.
    #[must_use]
    pub fn reveal_all_view(&self) -> View {
        let mut v = self.view.clone();
        if self.laid {
            for (c, &sq) in v.cells_mut().iter_mut().zip(self.squares.as_slice()) {
                if sq & NUMBER == MINE && *c != Cell::Flagged {
                    *c = Cell::Mine;
                }
            }
        }
        v
    }

    /// The full layout, once the mines are laid (hidden information: for replays, tests and
    /// end-of-game displays, not for players).
    #[must_use]
    pub fn board(&self) -> Option<Board> {
        self.laid.then(|| {
            let mask: Vec<bool> = self.squares.iter().map(|&sq| sq & NUMBER == MINE).collect();
            Board::from_mask(self.size(), &mask)
        })
    }

    /// Whether the mines are laid (after the first reveal, or from the start for
    /// [`FirstClick::Unsafe`]).
    #[must_use]
    pub fn is_started(&self) -> bool {
        self.laid
    }

    /// Where the first reveal was made, once it was.
    #[must_use]
    pub fn first_click(&self) -> Option<Pos> {
        self.first
    }

    /// The mine counter: mines minus flags (negative when there are too many flags).
    #[must_use]
    pub fn mines_left(&self) -> i64 {
        i64::from(self.config.mines()) - i64::from(self.flags)
    }

    /// Flags on the board.
    #[must_use]
    pub fn flags(&self) -> u32 {
        self.flags
    }

    /// Safe cells revealed so far.
    #[must_use]
    pub fn revealed(&self) -> u32 {
        self.opened
    }

    /// Safe cells still covered.
    #[must_use]
    pub fn safe_left(&self) -> u32 {
        self.config.cells() as u32 - self.config.mines() - self.opened
    }

    /// Moves played (every accepted reveal, flag and chord).
    #[must_use]
    pub fn clicks(&self) -> u32 {
        self.clicks
    }

    /// Accepted moves that opened cells (reveals and chords; flags are not counted).
    #[must_use]
    pub fn effective_clicks(&self) -> u32 {
        self.effective
    }

    fn index_of(&self, pos: Pos) -> Result<usize, IllegalMove> {
        self.size().index_of(pos).ok_or(IllegalMove::OutOfBounds {
            pos,
            size: self.size(),
        })
    }

    /// Checks a move without playing it: the index of the cell it acts on.
    ///
    /// # Errors
    /// The [`IllegalMove`] that [`Play::play`] would return.
    fn locate(&self, m: Move) -> Result<usize, IllegalMove> {
        let pos = m.pos();
        let i = self.index_of(pos)?;
        if self.status != Status::InProgress {
            return Err(IllegalMove::GameOver);
        }
        let cell = self.view.as_slice()[i];
        match m {
            Move::Reveal(_) => match cell {
                Cell::Revealed(_) | Cell::Mine => Err(IllegalMove::AlreadyRevealed { pos }),
                Cell::Flagged => Err(IllegalMove::Flagged { pos }),
                Cell::Hidden | Cell::Question => Ok(i),
            },
            Move::Flag(_) => match cell {
                Cell::Revealed(_) | Cell::Mine => Err(IllegalMove::AlreadyRevealed { pos }),
                _ => Ok(i),
            },
            Move::Chord(_) => {
                let Cell::Revealed(n) = cell else {
                    return Err(IllegalMove::NotANumber { pos });
                };
                let (flags, covered) = self.around(i);
                if flags != n.get() {
                    return Err(IllegalMove::FlagMismatch {
                        pos,
                        number: n.get(),
                        flags,
                    });
                }
                if covered == 0 {
                    return Err(IllegalMove::NothingToOpen { pos });
                }
                Ok(i)
            }
        }
    }

    /// Flags, and covered unflagged cells, around cell `i`.
    fn around(&self, i: usize) -> (u8, u8) {
        let mut buf = [0u32; 8];
        let n = geom::neighbors(self.size().width, self.size().height, i, &mut buf);
        let (mut flags, mut covered) = (0, 0);
        for &j in &buf[..n] {
            match self.view.as_slice()[j as usize] {
                Cell::Flagged => flags += 1,
                Cell::Hidden | Cell::Question => covered += 1,
                _ => {}
            }
        }
        (flags, covered)
    }

    /// Reveals the cell at `pos`: `play(Move::Reveal(pos))`.
    ///
    /// # Errors
    /// As [`Play::play`]; the game is then unchanged.
    pub fn reveal(&mut self, pos: Pos) -> Result<Event, IllegalMove> {
        self.play(Move::Reveal(pos))
    }

    /// Cycles the mark of the covered cell at `pos` (hidden, flag, `?` with marks on):
    /// `play(Move::Flag(pos))`.
    ///
    /// # Errors
    /// As [`Play::play`]; the game is then unchanged.
    pub fn toggle_flag(&mut self, pos: Pos) -> Result<Event, IllegalMove> {
        self.play(Move::Flag(pos))
    }

    /// Chords on the number at `pos`: `play(Move::Chord(pos))`.
    ///
    /// # Errors
    /// As [`Play::play`]; the game is then unchanged.
    pub fn chord(&mut self, pos: Pos) -> Result<Event, IllegalMove> {
        self.play(Move::Chord(pos))
    }

    /// Plays `m` (see [`Play::play`]).
    fn apply(&mut self, m: Move) -> Result<Event, IllegalMove> {
        let i = self.locate(m)?;
        let pos = m.pos();
        self.clicks += 1;
        match m {
            Move::Flag(_) => Ok(self.cycle_mark(i, pos)),
            Move::Reveal(_) => {
                self.effective += 1;
                if !self.laid {
                    self.lay_for(pos);
                }
                if self.first.is_none() {
                    self.first = Some(pos);
                }
                let mut cells = Vec::new();
                let exploded = self.open(i, &mut cells);
                Ok(self.finish(exploded, cells))
            }
            Move::Chord(_) => {
                self.effective += 1;
                let mut buf = [0u32; 8];
                let (w, h) = (self.size().width, self.size().height);
                let n = geom::neighbors(w, h, i, &mut buf);
                let mut cells = Vec::new();
                let mut exploded = None;
                for &j in &buf[..n] {
                    let j = j as usize;
                    // A neighbour may have been opened by an earlier neighbour's flood.
                    if matches!(self.view.as_slice()[j], Cell::Hidden | Cell::Question) {
                        let e = self.open(j, &mut cells);
                        exploded = exploded.or(e);
                    }
                }
                Ok(self.finish(exploded, cells))
            }
        }
    }

    fn cycle_mark(&mut self, i: usize, at: Pos) -> Event {
        let cells = self.view.cells_mut();
        let (next, mark) = match cells[i] {
            Cell::Hidden => (Cell::Flagged, Mark::Flag),
            Cell::Flagged if self.config.marks() == Marks::On => (Cell::Question, Mark::Question),
            _ => (Cell::Hidden, Mark::None),
        };
        if cells[i] == Cell::Flagged {
            self.flags -= 1;
            self.squares.as_mut_slice()[i] &= !FLAG;
        }
        if next == Cell::Flagged {
            self.flags += 1;
            self.squares.as_mut_slice()[i] |= FLAG;
        }
        cells[i] = next;
        Event::Marked { at, mark }
    }

    /// Opens covered cell `i`: a mine explodes (returned), a number opens alone, a zero opens
    /// its whole 8-connected region of zeros and their numbered border (plateau-grid's
    /// iterative flood fill: no recursion, however large the region).
    fn open(&mut self, i: usize, cells: &mut Vec<u32>) -> Option<Pos> {
        let size = self.size();
        let at = self.squares.pos_of(i)?;
        let sq = self.squares.as_slice()[i];
        if sq & NUMBER == MINE {
            self.view.cells_mut()[i] = Cell::Mine;
            return Some(at);
        }
        if sq & NUMBER != 0 {
            self.open_one(i, cells);
            return None;
        }
        // Zeros not yet open and not flagged: exactly the squares whose byte is 0.
        let region = flood_fill(&self.squares, at, Connectivity::Eight, |&s| s == 0);
        let mut buf = [0u32; 8];
        let (w, h) = (size.width, size.height);
        for p in &region {
            let Some(z) = size.index_of(p) else {
                continue;
            };
            self.open_one(z, cells);
            let n = geom::neighbors(w, h, z, &mut buf);
            for &j in &buf[..n] {
                let j = j as usize;
                if self.squares.as_slice()[j] & (OPEN | FLAG) == 0 {
                    self.open_one(j, cells);
                }
            }
        }
        None
    }

    fn open_one(&mut self, i: usize, cells: &mut Vec<u32>) {
        let sq = &mut self.squares.as_mut_slice()[i];
        if *sq & OPEN != 0 {
            return;
        }
        *sq |= OPEN | NEW;
        let n = *sq & NUMBER;
        self.view.cells_mut()[i] = Cell::Revealed(Number::new(n).expect("a safe square"));
        self.opened += 1;
        cells.push(i as u32);
    }

    fn finish(&mut self, exploded: Option<Pos>, mut opened: Vec<u32>) -> Event {
        // Row-major order (a flood visits cells tile by tile): a scan of the board's new
        // marks when the move opened much of it, a sort otherwise.
        let size = self.size();
        let cells: Vec<Pos> = if opened.len() * 16 > self.squares.len() {
            let mut cells = Vec::with_capacity(opened.len());
            for (p, sq) in size.positions().zip(self.squares.as_mut_slice()) {
                if *sq & NEW != 0 {
                    *sq &= !NEW;
                    cells.push(p);
                }
            }
            cells
        } else {
            opened.sort_unstable();
            let squares = self.squares.as_mut_slice();
            opened
                .into_iter()
                .filter_map(|i| {
                    squares[i as usize] &= !NEW;
                    size.pos_of(i as usize)
                })
                .collect()
        };
        if let Some(at) = exploded {
            self.status = Status::Lost { at };
            return Event::Exploded { at, cells };
        }
        if self.safe_left() == 0 {
            self.status = Status::Won;
            let mut flagged = Vec::new();
            let squares = self.squares.as_mut_slice();
            for ((p, c), sq) in size.positions().zip(self.view.cells_mut()).zip(squares) {
                if matches!(*c, Cell::Hidden | Cell::Question) {
                    *c = Cell::Flagged;
                    *sq |= FLAG;
                    flagged.push(p);
                }
            }
            self.flags += flagged.len() as u32;
            return Event::Won { cells, flagged };
        }
        Event::Opened { cells }
    }

    /// The legal moves into `out` (see [`Play::legal_moves_into`]).
    fn list_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.status != Status::InProgress {
            return;
        }
        let cells = self.view.grid();
        for (p, c) in cells.iter_pos() {
            if matches!(c, Cell::Hidden | Cell::Question) {
                out.push(Move::Reveal(p));
            }
        }
        for (p, c) in cells.iter_pos() {
            if c.is_covered() {
                out.push(Move::Flag(p));
            }
        }
        for (i, (p, c)) in cells.iter_pos().enumerate() {
            if let Cell::Revealed(n) = c {
                let (flags, covered) = self.around(i);
                if flags == n.get() && covered > 0 {
                    out.push(Move::Chord(p));
                }
            }
        }
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("config", &self.config)
            .field("seed", &self.seed)
            .field("status", &self.status)
            .field("view", &self.view)
            .finish_non_exhaustive()
    }
}

/// The player's view (see [`View`]'s text form), no trailing newline.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.view, f)
    }
}
