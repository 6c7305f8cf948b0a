//! [`Config`]: board size, mine count, first-click policy and question marks; the presets.

use core::fmt;
use core::str::FromStr;

use plateau_grid::Size;

use crate::error::ConfigError;

/// Longest side of a board.
pub const MAX_SIDE: usize = 1024;
/// Most cells of a board (1024 x 1024).
pub const MAX_CELLS: usize = 1 << 20;

/// The mine counts the calculator version offers: any count from 11 to 42 (its `+`/`-` keys
/// step by 3, see [`Config::step_mines`]).
pub const CALCULATOR_MINES: core::ops::RangeInclusive<u32> = 11..=42;

/// What the first reveal is promised. Mines are laid at the first reveal from the game's
/// seed (except with [`FirstClick::Unsafe`], where they are laid when the game is created),
/// so a (config, seed, moves) triple replays exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FirstClick {
    /// Nothing: the mines are laid before any click, the first reveal may explode.
    Unsafe,
    /// The clicked cell is never a mine (the classic Windows rule; mines are laid uniformly
    /// over the other cells).
    #[default]
    SafeCell,
    /// The 3 x 3 square around the clicked cell holds no mine, so the first reveal opens an
    /// area (the modern rule).
    Opening,
    /// As [`FirstClick::Opening`], and the whole board can then be solved by logic alone:
    /// no guess is ever needed (boards of at least 3 x 3; see the no-guess generator in
    /// [`solver`](crate::solver) for how and how fast).
    NoGuess,
}

impl FirstClick {
    /// Every policy, in the order of the enum.
    pub const ALL: [FirstClick; 4] = [
        FirstClick::Unsafe,
        FirstClick::SafeCell,
        FirstClick::Opening,
        FirstClick::NoGuess,
    ];

    /// The most cells this policy keeps free of mines on a board of `size` (wherever the
    /// first click lands).
    #[must_use]
    pub fn kept_clear(self, size: Size) -> usize {
        match self {
            FirstClick::Unsafe => 0,
            FirstClick::SafeCell => 1,
            FirstClick::Opening | FirstClick::NoGuess => size.width.min(3) * size.height.min(3),
        }
    }

    /// The name used by the text form: `unsafe`, `safe`, `opening`, `no-guess`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            FirstClick::Unsafe => "unsafe",
            FirstClick::SafeCell => "safe",
            FirstClick::Opening => "opening",
            FirstClick::NoGuess => "no-guess",
        }
    }
}

impl fmt::Display for FirstClick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads `unsafe`, `safe` (or `safe-cell`), `opening`, `no-guess` (or `noguess`), in any case.
impl FromStr for FirstClick {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Self, ParseNameError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "unsafe" => Ok(FirstClick::Unsafe),
            "safe" | "safe-cell" | "safecell" => Ok(FirstClick::SafeCell),
            "opening" | "open" => Ok(FirstClick::Opening),
            "no-guess" | "noguess" | "no_guess" => Ok(FirstClick::NoGuess),
            _ => Err(ParseNameError {
                text: s.into(),
                expected: "unsafe, safe, opening or no-guess",
            }),
        }
    }
}

/// A name that is not one of the accepted words (a level, a first-click policy).
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("invalid name {text:?}: expected {expected}")]
pub struct ParseNameError {
    /// The text given.
    pub text: alloc::string::String,
    /// The words accepted.
    pub expected: &'static str,
}

/// The named boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Level {
    /// 9 x 9, 10 mines.
    Beginner,
    /// 16 x 16, 40 mines.
    Intermediate,
    /// 30 x 16, 99 mines.
    Expert,
    /// 15 x 10, 19 mines: the calculator version.
    Calculator,
}

impl Level {
    /// Every level.
    pub const ALL: [Level; 4] = [
        Level::Beginner,
        Level::Intermediate,
        Level::Expert,
        Level::Calculator,
    ];

    /// `(width, height, mines)`.
    #[must_use]
    pub const fn dimensions(self) -> (usize, usize, u32) {
        match self {
            Level::Beginner => (9, 9, 10),
            Level::Intermediate => (16, 16, 40),
            Level::Expert => (30, 16, 99),
            Level::Calculator => (15, 10, 19),
        }
    }

    /// The lowercase name: `beginner`, `intermediate`, `expert`, `calculator`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Intermediate => "intermediate",
            Level::Expert => "expert",
            Level::Calculator => "calculator",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a level name in any case (`expert`, `Beginner`...).
impl FromStr for Level {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Self, ParseNameError> {
        let t = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == t)
            .ok_or_else(|| ParseNameError {
                text: s.into(),
                expected: "beginner, intermediate, expert or calculator",
            })
    }
}

/// Mine densities for boards of any size (mines = cells x density, rounded to the nearest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Density {
    /// 11.1 % (one cell in nine).
    Easy,
    /// 15 %.
    Medium,
    /// 20 %.
    Hard,
}

impl Density {
    /// The density as a fraction `(numerator, denominator)`.
    #[must_use]
    pub const fn fraction(self) -> (u64, u64) {
        match self {
            Density::Easy => (1, 9),
            Density::Medium => (3, 20),
            Density::Hard => (1, 5),
        }
    }

    /// Every density, from the easiest.
    pub const ALL: [Density; 3] = [Density::Easy, Density::Medium, Density::Hard];

    /// The density in whole percent, as the calculator names it: 11, 15 or 20.
    #[must_use]
    pub const fn percent(self) -> u32 {
        match self {
            Density::Easy => 11,
            Density::Medium => 15,
            Density::Hard => 20,
        }
    }

    /// Mines for `cells` cells: `cells x density`, rounded to the nearest (halves up).
    #[must_use]
    pub fn mines_for(self, cells: usize) -> u32 {
        let (n, d) = self.fraction();
        let m = (cells as u64 * n * 2 + d) / (2 * d);
        u32::try_from(m).unwrap_or(u32::MAX)
    }
}

/// Whether the flag key also puts question marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Marks {
    /// The flag key cycles hidden -> flag -> hidden (the default).
    #[default]
    Off,
    /// The flag key cycles hidden -> flag -> `?` -> hidden.
    On,
}

/// The rules of play once the mines are laid, whatever the board: today whether question
/// marks are used. [`Game::from_board`](crate::Game::from_board) takes them with a laid
/// board; a [`Config`] holds them beside the size, the mine count and the first-click
/// policy.
///
/// ```
/// use plateau_minesweeper::{Marks, Rules};
///
/// assert_eq!(Rules::default().marks(), Marks::Off);
/// assert_eq!(Rules::default().with_marks(Marks::On).marks(), Marks::On);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    #[cfg_attr(feature = "serde", serde(default))]
    marks: Marks,
}

impl Rules {
    /// The same rules with question marks on or off.
    #[must_use]
    pub const fn with_marks(self, marks: Marks) -> Rules {
        Rules { marks }
    }

    /// Whether question marks are used.
    #[must_use]
    pub const fn marks(self) -> Marks {
        self.marks
    }
}

/// A step of the calculator's mine count (see [`Config::step_mines`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// Three mines more (the `+` key).
    More,
    /// Three mines fewer (the `-` key).
    Fewer,
}

/// `11%`, `15%`, `20%`.
impl fmt::Display for Density {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}%", self.percent())
    }
}

/// Reads the percent (`11`, `15`, `20`, with or without `%`) or the name (`easy`,
/// `medium`, `hard`), in any case.
///
/// ```
/// use plateau_minesweeper::{Config, Density, Size};
///
/// let d: Density = "15".parse()?;
/// assert_eq!(d, Density::Medium);
/// assert_eq!("20%".parse::<Density>()?.to_string(), "20%");
/// assert!("12".parse::<Density>().is_err());
/// // The calculator's board at 15 %: 22.5 mines, rounded to 23.
/// assert_eq!(Config::with_density(Size::new(15, 10), d)?.mines(), 23);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl FromStr for Density {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Self, ParseNameError> {
        let t = s.trim().to_ascii_lowercase();
        let t = t.strip_suffix('%').unwrap_or(&t).trim_end();
        Density::ALL
            .into_iter()
            .find(|d| {
                let name = match d {
                    Density::Easy => "easy",
                    Density::Medium => "medium",
                    Density::Hard => "hard",
                };
                t == name || t.parse::<u32>().ok() == Some(d.percent())
            })
            .ok_or_else(|| ParseNameError {
                text: s.into(),
                expected: "11, 15 or 20 (percent), or easy, medium or hard",
            })
    }
}

/// The rules of one game: board size, mine count, first-click policy and the [`Rules`] of
/// play (question marks). Always valid: every constructor checks it.
///
/// `Default` is the calculator version that inspired the crate: 15 x 10, 19 mines, a safe
/// first click, no question marks.
///
/// ```
/// use plateau_minesweeper::{Config, FirstClick, Size, Step};
///
/// let expert = Config::expert();
/// assert_eq!((expert.width(), expert.height(), expert.mines()), (30, 16, 99));
/// let custom = Config::custom(Size::new(20, 10), 30, FirstClick::Opening)?;
/// assert_eq!(custom.first_click(), FirstClick::Opening);
/// // The limit depends on the first-click policy, and the error names it.
/// let calculator = Size::new(15, 10);
/// assert!(Config::custom(calculator, 149, FirstClick::Unsafe).is_ok());
/// let refused = Config::custom(calculator, 149, FirstClick::SafeCell).unwrap_err();
/// assert_eq!(
///     refused.to_string(),
///     "149 mines do not fit on a 15x10 board with the safe first click: at most 148"
/// );
/// assert!(Config::new(Size::new(3, 3), 9).is_err()); // no safe cell left
/// // The calculator's +/- keys step the mine count by 3 between 11 and 42.
/// assert_eq!(Config::calculator().step_mines(Step::More).mines(), 22);
/// # Ok::<(), plateau_minesweeper::ConfigError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawConfig", into = "RawConfig"))]
pub struct Config {
    size: Size,
    mines: u32,
    first_click: FirstClick,
    rules: Rules,
}

impl Default for Config {
    fn default() -> Self {
        Config::calculator()
    }
}

impl Config {
    const fn preset(level: Level) -> Config {
        let (w, h, m) = level.dimensions();
        Config {
            size: Size::new(w, h),
            mines: m,
            first_click: FirstClick::SafeCell,
            rules: Rules { marks: Marks::Off },
        }
    }

    /// Beginner: 9 x 9, 10 mines, safe first click.
    #[must_use]
    pub const fn beginner() -> Config {
        Config::preset(Level::Beginner)
    }

    /// Intermediate: 16 x 16, 40 mines, safe first click.
    #[must_use]
    pub const fn intermediate() -> Config {
        Config::preset(Level::Intermediate)
    }

    /// Expert: 30 x 16, 99 mines, safe first click.
    #[must_use]
    pub const fn expert() -> Config {
        Config::preset(Level::Expert)
    }

    /// The calculator version: 15 x 10, 19 mines, safe first click.
    #[must_use]
    pub const fn calculator() -> Config {
        Config::preset(Level::Calculator)
    }

    /// The preset of a [`Level`].
    #[must_use]
    pub const fn level(level: Level) -> Config {
        Config::preset(level)
    }

    /// A `size` board with `mines` mines, a safe first click and no question marks.
    ///
    /// # Errors
    /// [`ConfigError::Empty`] for a zero side, [`ConfigError::TooLarge`] past [`MAX_SIDE`]
    /// or [`MAX_CELLS`], [`ConfigError::TooManyMines`] unless `mines` is below the cells
    /// minus the one the first click keeps clear.
    pub fn new(size: Size, mines: u32) -> Result<Config, ConfigError> {
        Config::checked(size, mines, FirstClick::SafeCell, Rules::default())
    }

    /// A `size` board with `mines` mines under the `first_click` policy, no question marks:
    /// the mine count is checked against that policy's limit (an unsafe first click leaves
    /// one more cell to mines than a safe one).
    ///
    /// # Errors
    /// As [`Config::new`], [`ConfigError::TooManyMines`] naming `first_click`, and
    /// [`ConfigError::NoGuessTooNarrow`] for a no-guess board with a side below 3.
    pub fn custom(size: Size, mines: u32, first_click: FirstClick) -> Result<Config, ConfigError> {
        Config::checked(size, mines, first_click, Rules::default())
    }

    /// A `size` board with the mine count of `density`.
    ///
    /// # Errors
    /// As [`Config::new`].
    pub fn with_density(size: Size, density: Density) -> Result<Config, ConfigError> {
        check_size(size)?;
        Config::new(size, density.mines_for(size.width * size.height))
    }

    fn checked(
        size: Size,
        mines: u32,
        first_click: FirstClick,
        rules: Rules,
    ) -> Result<Config, ConfigError> {
        check_size(size)?;
        if first_click == FirstClick::NoGuess && (size.width < 3 || size.height < 3) {
            return Err(ConfigError::NoGuessTooNarrow { size });
        }
        let max = max_mines(size, first_click);
        if mines > max {
            return Err(ConfigError::TooManyMines {
                mines,
                max,
                size,
                first_click,
            });
        }
        Ok(Config {
            size,
            mines,
            first_click,
            rules,
        })
    }

    /// The same rules with another mine count.
    ///
    /// # Errors
    /// [`ConfigError::TooManyMines`] as in [`Config::new`].
    pub fn with_mines(self, mines: u32) -> Result<Config, ConfigError> {
        Config::checked(self.size, mines, self.first_click, self.rules)
    }

    /// The same rules with another first-click policy.
    ///
    /// # Errors
    /// [`ConfigError::TooManyMines`] when the policy keeps more cells clear than the mine
    /// count leaves (`Opening` and `NoGuess` keep a 3 x 3 square clear);
    /// [`ConfigError::NoGuessTooNarrow`] for `NoGuess` on a board with a side below 3.
    pub fn with_first_click(self, first_click: FirstClick) -> Result<Config, ConfigError> {
        Config::checked(self.size, self.mines, first_click, self.rules)
    }

    /// The same config with question marks on or off (with marks, the flag key cycles
    /// hidden -> flag -> `?` -> hidden).
    #[must_use]
    pub fn with_marks(self, marks: Marks) -> Config {
        self.with_rules(self.rules.with_marks(marks))
    }

    /// The same config with other rules of play.
    #[must_use]
    pub fn with_rules(self, rules: Rules) -> Config {
        Config { rules, ..self }
    }

    /// The calculator's `+` ([`Step::More`]) or `-` ([`Step::Fewer`]) key: three mines
    /// more or fewer, kept within [`CALCULATOR_MINES`] and below this board's limit.
    #[must_use]
    pub fn step_mines(self, step: Step) -> Config {
        let (lo, hi) = (*CALCULATOR_MINES.start(), *CALCULATOR_MINES.end());
        let stepped = match step {
            Step::More => (self.mines + 3).min(hi),
            Step::Fewer => self.mines.saturating_sub(3).max(lo),
        };
        let mines = stepped.min(max_mines(self.size, self.first_click));
        Config { mines, ..self }
    }

    /// Board size.
    #[must_use]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// Columns.
    #[must_use]
    pub const fn width(&self) -> usize {
        self.size.width
    }

    /// Rows.
    #[must_use]
    pub const fn height(&self) -> usize {
        self.size.height
    }

    /// Number of cells.
    #[must_use]
    pub const fn cells(&self) -> usize {
        self.size.width * self.size.height
    }

    /// Number of mines.
    #[must_use]
    pub const fn mines(&self) -> u32 {
        self.mines
    }

    /// The first-click policy.
    #[must_use]
    pub const fn first_click(&self) -> FirstClick {
        self.first_click
    }

    /// Whether question marks are used.
    #[must_use]
    pub const fn marks(&self) -> Marks {
        self.rules.marks
    }

    /// The rules of play.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The preset this config matches (size and mines), if any.
    #[must_use]
    pub fn matching_level(&self) -> Option<Level> {
        Level::ALL.into_iter().find(|&l| {
            let (w, h, m) = l.dimensions();
            self.size == Size::new(w, h) && self.mines == m
        })
    }
}

/// `30x16/99 safe`: size, mines and first-click policy (and `marks` when they are on).
impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{} {}", self.size, self.mines, self.first_click)?;
        if self.rules.marks == Marks::On {
            f.write_str(" marks")?;
        }
        Ok(())
    }
}

pub(crate) fn check_size(size: Size) -> Result<(), ConfigError> {
    if size.is_empty() {
        return Err(ConfigError::Empty { size });
    }
    if size.width > MAX_SIDE || size.height > MAX_SIDE || size.width * size.height > MAX_CELLS {
        return Err(ConfigError::TooLarge {
            size,
            max_side: MAX_SIDE,
            max_cells: MAX_CELLS,
        });
    }
    Ok(())
}

/// Mines must be fewer than the cells left once the first click's clear cells are set
/// aside, so at least one more safe cell remains to find.
fn max_mines(size: Size, first_click: FirstClick) -> u32 {
    let free = size.width * size.height - first_click.kept_clear(size);
    u32::try_from(free.saturating_sub(1)).unwrap_or(u32::MAX)
}

/// The plain form a config is (de)serialised through, so deserialising runs the checks.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct RawConfig {
    width: usize,
    height: usize,
    mines: u32,
    #[serde(default)]
    first_click: FirstClick,
    #[serde(default)]
    marks: Marks,
}

#[cfg(feature = "serde")]
impl TryFrom<RawConfig> for Config {
    type Error = ConfigError;

    fn try_from(r: RawConfig) -> Result<Config, ConfigError> {
        Config::checked(
            Size::new(r.width, r.height),
            r.mines,
            r.first_click,
            Rules { marks: r.marks },
        )
    }
}

#[cfg(feature = "serde")]
impl From<Config> for RawConfig {
    fn from(c: Config) -> RawConfig {
        RawConfig {
            width: c.size.width,
            height: c.size.height,
            mines: c.mines,
            first_click: c.first_click,
            marks: c.rules.marks,
        }
    }
}
