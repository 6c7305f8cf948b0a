//! [`View`]: what the player sees, and its text form.

use core::fmt;
use core::str::FromStr;

use plateau_grid::{Grid, Pos, Size};

use crate::FirstClick;
use crate::board::check_parsed_size;
use crate::config::check_size;
use crate::error::{ConfigError, ParseBoardError};

/// The number a revealed cell shows: how many of its neighbours are mines, 0 to 8.
///
/// ```
/// use plateau_minesweeper::Number;
///
/// assert_eq!(Number::new(3).map(Number::get), Some(3));
/// assert_eq!(Number::new(9), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Number(u8);

impl Number {
    /// The number `n`, if it is at most 8.
    #[must_use]
    pub const fn new(n: u8) -> Option<Number> {
        if n <= 8 { Some(Number(n)) } else { None }
    }

    /// Its value, 0 to 8.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Number {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
        let n = <u8 as serde::Deserialize>::deserialize(d)?;
        Number::new(n).ok_or_else(|| serde::de::Error::custom("a number is at most 8"))
    }
}

/// One cell as the player sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Cell {
    /// Not revealed (`x`).
    #[default]
    Hidden,
    /// Not revealed, marked with a question mark (`?`).
    Question,
    /// Not revealed, flagged as a mine (`F`).
    Flagged,
    /// Revealed, showing its number (`.` for 0, `1` to `8`).
    Revealed(Number),
    /// A mine on show (`*`): the one that exploded, or every mine in
    /// [`Game::reveal_all_view`](crate::Game::reveal_all_view).
    Mine,
}

impl Cell {
    /// The character of the text form.
    #[must_use]
    pub fn symbol(self) -> char {
        match self {
            Cell::Hidden => 'x',
            Cell::Question => '?',
            Cell::Flagged => 'F',
            Cell::Revealed(n) if n.get() == 0 => '.',
            Cell::Revealed(n) => char::from(b'0' + n.get()),
            Cell::Mine => '*',
        }
    }

    /// The cell of a text-form character (`x`/`X`, `?`, `F`/`f`, `.`/`0`, `1`-`8`, `*`).
    #[must_use]
    pub fn from_symbol(c: char) -> Option<Cell> {
        match c {
            'x' | 'X' => Some(Cell::Hidden),
            '?' => Some(Cell::Question),
            'F' | 'f' => Some(Cell::Flagged),
            '.' => Some(Cell::Revealed(Number(0))),
            '*' => Some(Cell::Mine),
            '0'..='8' => Some(Cell::Revealed(Number(c as u8 - b'0'))),
            _ => None,
        }
    }

    /// Whether the cell is not revealed (hidden, question-marked or flagged).
    #[must_use]
    pub fn is_covered(self) -> bool {
        matches!(self, Cell::Hidden | Cell::Question | Cell::Flagged)
    }

    /// The number shown, if the cell is revealed.
    #[must_use]
    pub fn number(self) -> Option<u8> {
        match self {
            Cell::Revealed(n) => Some(n.get()),
            _ => None,
        }
    }
}

/// What the player sees of a game: every cell hidden, marked or revealed, and nothing of
/// the mines still covered. Solvers take a view (and the public mine count), never the
/// [`Board`](crate::Board).
///
/// A view is a plain description: any grid of cells is one, even an impossible position
/// (the solver reports it as inconsistent). Its text form is one line per row, top row
/// first: `x` hidden, `?` question mark, `F` flag, `.` (or `0`) revealed with no mine around,
/// `1`-`8` revealed numbers, `*` a mine on show; blank lines and `#` lines are ignored.
///
/// ```
/// use plateau_minesweeper::{Cell, Pos, View};
///
/// let view: View = "# a corner after one click\n1xx\nxxx".parse()?;
/// assert_eq!(view.get(Pos::new(0, 0)).and_then(Cell::number), Some(1));
/// assert_eq!(view.get(Pos::new(2, 1)), Some(Cell::Hidden));
/// assert_eq!(view.to_string(), "1xx\nxxx");
/// # Ok::<(), plateau_minesweeper::ParseBoardError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct View {
    cells: Grid<Cell>,
}

impl View {
    /// A view of `size` with every cell hidden (a game before its first click).
    ///
    /// # Errors
    /// [`ConfigError::Empty`] or [`ConfigError::TooLarge`] for a size no game allows.
    pub fn hidden(size: Size) -> Result<View, ConfigError> {
        View::from_fn(size, |_| Cell::Hidden)
    }

    /// The view of `size` whose cell at `p` is `f(p)`.
    ///
    /// # Errors
    /// As [`View::hidden`].
    // The expect cannot fire: the size was checked just before.
    #[allow(clippy::missing_panics_doc)]
    pub fn from_fn(size: Size, f: impl FnMut(Pos) -> Cell) -> Result<View, ConfigError> {
        check_size(size)?;
        Ok(View {
            cells: Grid::from_fn(size, f).expect("the size was checked"),
        })
    }

    /// Board size.
    #[must_use]
    pub fn size(&self) -> Size {
        self.cells.size()
    }

    /// Columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.cells.width()
    }

    /// Rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.cells.height()
    }

    /// The cell at `pos`, `None` off the board.
    #[must_use]
    pub fn get(&self, pos: Pos) -> Option<Cell> {
        self.cells.get(pos).copied()
    }

    /// Every cell, row-major, with its position.
    pub fn iter(&self) -> impl Iterator<Item = (Pos, Cell)> + '_ {
        self.cells.iter_pos().map(|(p, &c)| (p, c))
    }

    /// The cells as a grid.
    #[must_use]
    pub fn grid(&self) -> &Grid<Cell> {
        &self.cells
    }

    /// Number of flags.
    #[must_use]
    pub fn flags(&self) -> usize {
        self.cells.iter().filter(|&&c| c == Cell::Flagged).count()
    }

    /// Number of revealed cells.
    #[must_use]
    pub fn revealed(&self) -> usize {
        self.cells.iter().filter(|c| c.number().is_some()).count()
    }

    pub(crate) fn cells_mut(&mut self) -> &mut [Cell] {
        self.cells.as_mut_slice()
    }

    pub(crate) fn as_slice(&self) -> &[Cell] {
        self.cells.as_slice()
    }
}

impl fmt::Debug for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "View {}:\n{self}", self.size())
    }
}

/// The text form, one line per row, no trailing newline.
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.cells.to_text(|c| c.symbol()))
    }
}

/// Reads the text form (see [`View`]).
impl FromStr for View {
    type Err = ParseBoardError;

    fn from_str(s: &str) -> Result<View, ParseBoardError> {
        let cells = Grid::parse_with_comments(s, Cell::from_symbol)?;
        check_parsed_size(cells.size())?;
        Ok(View { cells })
    }
}

// Serialised as the text form, checked on the way back in.
#[cfg(feature = "serde")]
plateau_grid::serde_via_text!(View);

/// What the player of a game may know: the cells as shown, the mine count and the
/// first-click policy (public rules), and the counters. It is the game's
/// [`Play::View`](plateau_grid::Play::View): bots and solvers get this, never the
/// [`Board`](crate::Board), so they cannot cheat.
///
/// It dereferences to the [`View`] of the cells; [`PlayerView::new`] builds one for a
/// position that comes from no game (a view read from text).
///
/// ```
/// use plateau_minesweeper::{Config, Game, Move, Play, PlayerView, Pos, Seat, View};
///
/// let mut game = Game::new(Config::beginner(), 3);
/// game.play(Move::Reveal(Pos::new(4, 4)))?;
/// let seen = game.view(Seat::FIRST);
/// assert_eq!((seen.mines(), seen.revealed()), (10, game.revealed() as usize));
/// assert_eq!(seen.cells(), game.cells());
///
/// let text: View = "1x\nxx".parse()?;
/// let standalone = PlayerView::new(&text, 1);
/// assert_eq!((standalone.revealed(), standalone.flags()), (1, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerView<'a> {
    pub(crate) cells: &'a View,
    pub(crate) mines: u32,
    pub(crate) first_click: FirstClick,
    pub(crate) revealed: usize,
    pub(crate) flags: usize,
    pub(crate) over: bool,
}

impl<'a> PlayerView<'a> {
    /// The view of `cells` with `mines` mines in all (flags count as the player's guesses,
    /// not as mines), under a safe first click ([`PlayerView::with_first_click`] changes
    /// it). Counts the cells once.
    #[must_use]
    pub fn new(cells: &'a View, mines: u32) -> PlayerView<'a> {
        let mut view = PlayerView {
            cells,
            mines,
            first_click: FirstClick::SafeCell,
            revealed: 0,
            flags: 0,
            over: false,
        };
        for c in cells.as_slice() {
            match c {
                Cell::Revealed(_) => view.revealed += 1,
                Cell::Flagged => view.flags += 1,
                Cell::Mine => view.over = true,
                Cell::Hidden | Cell::Question => {}
            }
        }
        view
    }

    /// The same view under another first-click policy (where a solver clicks first).
    #[must_use]
    pub fn with_first_click(self, first_click: FirstClick) -> PlayerView<'a> {
        PlayerView {
            first_click,
            ..self
        }
    }

    /// The cells as shown.
    #[must_use]
    pub fn cells(&self) -> &'a View {
        self.cells
    }

    /// Mines in all.
    #[must_use]
    pub fn mines(&self) -> u32 {
        self.mines
    }

    /// The first-click policy of the game.
    #[must_use]
    pub fn first_click(&self) -> FirstClick {
        self.first_click
    }

    /// Revealed cells (numbers shown).
    #[must_use]
    pub fn revealed(&self) -> usize {
        self.revealed
    }

    /// Flags placed.
    #[must_use]
    pub fn flags(&self) -> usize {
        self.flags
    }

    /// The mine counter: mines minus flags (negative when there are too many flags).
    #[must_use]
    pub fn mines_left(&self) -> i64 {
        i64::from(self.mines) - self.flags as i64
    }

    /// Whether the game is over: a mine is on show, or (for a game's view) every safe cell
    /// is revealed.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over
    }
}

impl core::ops::Deref for PlayerView<'_> {
    type Target = View;

    fn deref(&self) -> &View {
        self.cells
    }
}
