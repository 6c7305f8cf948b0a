//! [`Rules`]: everything that makes one Tetris differ from another, valid by construction.

use crate::error::ConfigError;
use crate::field::{MAX_HEIGHT, MAX_WIDTH, MIN_WIDTH};
use crate::gravity::{Gravity, SoftDrop, Speed};
use crate::randomizer::Generator;
use crate::{Piece, RotationSystem, Tetromino};

mod text;

/// How the next pieces are drawn (every draw goes through `plateau_grid::random`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Randomizer {
    /// The Guideline's 7-bag: the seven pieces in a shuffled order, again and again.
    Bag,
    /// Each piece uniform among the seven, independently.
    Memoryless,
    /// The NES rule: draw among eight (seven pieces and a "reroll"); on the reroll or on the
    /// piece just dealt, draw once more among the seven and keep that.
    Classic,
}

impl Randomizer {
    /// The pieces this randomizer deals from `seed`, as a game under it deals them.
    ///
    /// ```
    /// use plateau_tetris::{Piece, Randomizer};
    ///
    /// let first: Vec<Piece> = Randomizer::Bag.pieces(7).take(7).collect();
    /// let mut sorted = first.clone();
    /// sorted.sort();
    /// assert_eq!(sorted, Piece::ALL);
    /// ```
    pub fn pieces(self, seed: u64) -> impl Iterator<Item = Piece> + Clone {
        let mut g = Generator::new(self, plateau_grid::random::seeded(seed));
        core::iter::from_fn(move || Some(g.next()))
    }

    const fn name(self) -> &'static str {
        match self {
            Randomizer::Bag => "bag",
            Randomizer::Memoryless => "memoryless",
            Randomizer::Classic => "classic",
        }
    }
}

/// When a piece that rests on something locks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Lock {
    /// The Guideline's "extended placement": the piece locks `ticks` ticks after it lands;
    /// each successful move or rotation restarts the count, at most `resets` times; reaching a
    /// new lowest row refills the resets. Once the resets are used up the piece locks as soon
    /// as it rests.
    Delay {
        /// Ticks from landing to locking (the Guideline: 30, half a second).
        ticks: u16,
        /// Moves and rotations that restart the count (the Guideline: 15).
        resets: u16,
    },
    /// The NES rule: the piece locks when gravity (or soft drop) tries to move it down and it
    /// cannot; until then it slides freely.
    Gravity,
}

/// How lines, drops and T-spins score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Scoring {
    /// The Guideline: single 100, double 300, triple 500, tetris 800; T-spin mini 100 (single
    /// 200, double 400), T-spin 400 (single 800, double 1200, triple 1600), all times the
    /// level; back-to-back tetrises and T-spins with lines x1.5; combo 50 x combo x level;
    /// perfect clears 800 / 1200 / 1800 / 2000 (3200 for a back-to-back tetris) x level; soft
    /// drop 1 and hard drop 2 per row. T-spins are detected by the three-corner rule.
    Guideline,
    /// The NES: 40, 100, 300, 1200 x (level + 1) for 1 to 4 lines, soft drop 1 per row, no
    /// T-spins, combos or back-to-back.
    Nes,
}

/// The rules of a game: field size, rotation system, randomizer, preview, hold, timing,
/// gravity, scoring, caps. Fields are private and every setter checks its value, so a `Rules`
/// is always playable and [`Game::new`](crate::Game::new) cannot fail.
///
/// Three presets: [`Rules::guideline`] (the [`Default`]: this crate follows the Tetris
/// Guideline unless told otherwise), [`Rules::classic`] (NES) and [`Rules::calculator`] (the
/// calculator version that inspired this crate: levels up to 99, score capped at 999,999,
/// three next pieces).
///
/// All times are in ticks of 1/60 s.
///
/// ```
/// use plateau_tetris::{Gravity, Rules};
///
/// let rules = Rules::guideline().with_preview(3)?.with_start_level(5)?;
/// assert_eq!((rules.width(), rules.visible_height(), rules.preview()), (10, 20, 3));
/// assert!(Rules::guideline().with_preview(7).is_err());
/// let text = rules.to_string();
/// assert_eq!(text.parse::<Rules>()?, rules);
/// assert_eq!("calculator".parse::<Rules>()?, Rules::calculator());
/// assert_eq!(Rules::calculator().level_cap(), Some(99));
/// assert_eq!(*Rules::classic().gravity(), Gravity::Nes);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rules {
    width: u8,
    visible: u8,
    buffer: u8,
    rotation: RotationSystem,
    randomizer: Randomizer,
    preview: u8,
    hold: bool,
    hard_drop: bool,
    gravity: Gravity,
    soft_drop: SoftDrop,
    lock: Lock,
    das: u8,
    arr: u8,
    scoring: Scoring,
    start_level: u32,
    level_cap: Option<u32>,
    score_cap: Option<u64>,
    lines_per_level: u8,
    lock_out: bool,
}

/// The largest preview (next queue).
pub const MAX_PREVIEW: usize = 6;
/// The highest level a game may start at or be capped to.
pub const MAX_LEVEL: u32 = 999;

impl Default for Rules {
    /// [`Rules::guideline`].
    fn default() -> Rules {
        Rules::guideline()
    }
}

impl Rules {
    /// The Tetris Guideline: a 10 x 20 field with a 20-row buffer, SRS, 7-bag, five next
    /// pieces, hold, hard drop, the Guideline gravity curve from level 1, soft drop 20x, lock
    /// delay 30 ticks with 15 resets, DAS 10 and ARR 2 ticks, Guideline scoring with T-spins,
    /// a level every 10 lines, no caps, lock out on.
    #[must_use]
    pub fn guideline() -> Rules {
        Rules {
            width: 10,
            visible: 20,
            buffer: 20,
            rotation: RotationSystem::Srs,
            randomizer: Randomizer::Bag,
            preview: 5,
            hold: true,
            hard_drop: true,
            gravity: Gravity::Guideline,
            soft_drop: SoftDrop::Factor(20),
            lock: Lock::Delay {
                ticks: 30,
                resets: 15,
            },
            das: 10,
            arr: 2,
            scoring: Scoring::Guideline,
            start_level: 1,
            level_cap: None,
            score_cap: None,
            lines_per_level: 10,
            lock_out: true,
        }
    }

    /// NES Tetris: 10 x 20 (with a 4-row buffer for pieces turning at the top), the NES
    /// rotation system without kicks, the reroll-once randomizer, one next piece, no hold and
    /// no hard drop, the NES gravity table from level 0, soft drop at half a row per frame,
    /// locking when gravity cannot move the piece, DAS 16 and ARR 6 frames, NES scoring, a
    /// level every 10 lines, the score capped at 999,999 (what the NES displays), no lock out.
    #[must_use]
    pub fn classic() -> Rules {
        Rules {
            width: 10,
            visible: 20,
            buffer: 4,
            rotation: RotationSystem::Classic,
            randomizer: Randomizer::Classic,
            preview: 1,
            hold: false,
            hard_drop: false,
            gravity: Gravity::Nes,
            soft_drop: SoftDrop::Fixed(Speed::HALF_G),
            lock: Lock::Gravity,
            das: 16,
            arr: 6,
            scoring: Scoring::Nes,
            start_level: 0,
            level_cap: None,
            score_cap: Some(999_999),
            lines_per_level: 10,
            lock_out: false,
        }
    }

    /// The calculator version: the Guideline game with three next pieces, the calculator's
    /// logarithmic gravity curve (one row per second at level 1, 20G at level 99), levels
    /// capped at 99 and the score at 999,999.
    #[must_use]
    pub fn calculator() -> Rules {
        Rules {
            preview: 3,
            gravity: Gravity::Calculator,
            level_cap: Some(99),
            score_cap: Some(999_999),
            ..Rules::guideline()
        }
    }

    /// The preset named `name`: `guideline`, `classic` or `calculator` (either case).
    #[must_use]
    pub fn preset(name: &str) -> Option<Rules> {
        match name.to_ascii_lowercase().as_str() {
            "guideline" => Some(Rules::guideline()),
            "classic" | "nes" => Some(Rules::classic()),
            "calculator" => Some(Rules::calculator()),
            _ => None,
        }
    }

    // Getters.

    /// Columns of the field.
    #[must_use]
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }
    /// Visible rows.
    #[must_use]
    pub fn visible_height(&self) -> usize {
        usize::from(self.visible)
    }
    /// Rows above the visible ones (where pieces spawn).
    #[must_use]
    pub fn buffer_height(&self) -> usize {
        usize::from(self.buffer)
    }
    /// All rows: visible plus buffer.
    #[must_use]
    pub fn total_height(&self) -> usize {
        self.visible_height() + self.buffer_height()
    }
    /// The rotation system.
    #[must_use]
    pub fn rotation_system(&self) -> RotationSystem {
        self.rotation
    }
    /// The randomizer.
    #[must_use]
    pub fn randomizer(&self) -> Randomizer {
        self.randomizer
    }
    /// Next pieces shown, 0 to 6.
    #[must_use]
    pub fn preview(&self) -> usize {
        usize::from(self.preview)
    }
    /// Whether hold is allowed.
    #[must_use]
    pub fn hold(&self) -> bool {
        self.hold
    }
    /// Whether hard drop is allowed.
    #[must_use]
    pub fn hard_drop(&self) -> bool {
        self.hard_drop
    }
    /// The gravity curve.
    #[must_use]
    pub fn gravity(&self) -> &Gravity {
        &self.gravity
    }
    /// The soft drop speed.
    #[must_use]
    pub fn soft_drop(&self) -> SoftDrop {
        self.soft_drop
    }
    /// The lock rule.
    #[must_use]
    pub fn lock(&self) -> Lock {
        self.lock
    }
    /// Delayed auto-shift: ticks a direction is held before it repeats.
    #[must_use]
    pub fn das(&self) -> u32 {
        u32::from(self.das)
    }
    /// Auto-repeat rate: ticks between repeated shifts (0: straight to the wall).
    #[must_use]
    pub fn arr(&self) -> u32 {
        u32::from(self.arr)
    }
    /// The scoring.
    #[must_use]
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }
    /// The level a game starts at.
    #[must_use]
    pub fn start_level(&self) -> u32 {
        self.start_level
    }
    /// The highest level, if capped.
    #[must_use]
    pub fn level_cap(&self) -> Option<u32> {
        self.level_cap
    }
    /// The highest score, if capped.
    #[must_use]
    pub fn score_cap(&self) -> Option<u64> {
        self.score_cap
    }
    /// Lines per level.
    #[must_use]
    pub fn lines_per_level(&self) -> u32 {
        u32::from(self.lines_per_level)
    }
    /// Whether locking a piece wholly above the visible field ends the game.
    #[must_use]
    pub fn lock_out(&self) -> bool {
        self.lock_out
    }

    /// Where `piece` spawns under these rules.
    #[must_use]
    pub fn spawn(&self, piece: Piece) -> Tetromino {
        self.rotation.spawn(piece, self.width, self.visible)
    }

    /// The T-spin rule applies (Guideline scoring with SRS).
    pub(crate) fn tspins(&self) -> bool {
        self.scoring == Scoring::Guideline && self.rotation == RotationSystem::Srs
    }

    // Checked setters.

    /// The same rules on a field of `width` columns, `visible` rows and `buffer` rows above.
    ///
    /// # Errors
    /// [`ConfigError::Field`] unless the width is within 4..=16, visible and buffer at least
    /// 4 rows each and their sum at most 60.
    pub fn with_field(
        self,
        width: usize,
        visible: usize,
        buffer: usize,
    ) -> Result<Rules, ConfigError> {
        if !(MIN_WIDTH..=MAX_WIDTH).contains(&width)
            || visible < 4
            || buffer < 4
            || visible + buffer > MAX_HEIGHT
        {
            return Err(ConfigError::Field {
                width,
                visible,
                buffer,
            });
        }
        Ok(Rules {
            width: width as u8,
            visible: visible as u8,
            buffer: buffer as u8,
            ..self
        })
    }

    /// The same rules with another rotation system.
    #[must_use]
    pub fn with_rotation_system(self, rotation: RotationSystem) -> Rules {
        Rules { rotation, ..self }
    }

    /// The same rules with another randomizer.
    #[must_use]
    pub fn with_randomizer(self, randomizer: Randomizer) -> Rules {
        Rules { randomizer, ..self }
    }

    /// The same rules showing `preview` next pieces.
    ///
    /// # Errors
    /// [`ConfigError::Preview`] above 6.
    pub fn with_preview(self, preview: usize) -> Result<Rules, ConfigError> {
        if preview > MAX_PREVIEW {
            return Err(ConfigError::Preview { preview });
        }
        Ok(Rules {
            preview: preview as u8,
            ..self
        })
    }

    /// The same rules with hold allowed or not.
    #[must_use]
    pub fn with_hold(self, hold: bool) -> Rules {
        Rules { hold, ..self }
    }

    /// The same rules with hard drop allowed or not.
    #[must_use]
    pub fn with_hard_drop(self, hard_drop: bool) -> Rules {
        Rules { hard_drop, ..self }
    }

    /// The same rules with another gravity curve.
    ///
    /// # Errors
    /// [`ConfigError::EmptyGravity`] for an empty custom table (build one with
    /// [`Gravity::custom`]).
    pub fn with_gravity(self, gravity: Gravity) -> Result<Rules, ConfigError> {
        if !gravity.is_valid() {
            return Err(ConfigError::EmptyGravity);
        }
        Ok(Rules { gravity, ..self })
    }

    /// The same rules with another soft drop.
    ///
    /// # Errors
    /// [`ConfigError::SoftDrop`] for a factor of 0.
    pub fn with_soft_drop(self, soft_drop: SoftDrop) -> Result<Rules, ConfigError> {
        let soft_drop = soft_drop.checked()?;
        Ok(Rules { soft_drop, ..self })
    }

    /// The same rules with another lock rule (any delay and reset count are accepted).
    #[must_use]
    pub fn with_lock(self, lock: Lock) -> Rules {
        Rules { lock, ..self }
    }

    /// The same rules with other DAS and ARR (ticks; ARR 0 shifts straight to the wall).
    ///
    /// # Errors
    /// [`ConfigError::Das`] for a DAS of 0 (the first shift would repeat at once).
    pub fn with_das_arr(self, das: u8, arr: u8) -> Result<Rules, ConfigError> {
        if das == 0 {
            return Err(ConfigError::Das { das });
        }
        Ok(Rules { das, arr, ..self })
    }

    /// The same rules with another scoring.
    #[must_use]
    pub fn with_scoring(self, scoring: Scoring) -> Rules {
        Rules { scoring, ..self }
    }

    /// The same rules starting at `level`.
    ///
    /// # Errors
    /// [`ConfigError::Level`] above the level cap (or above 999).
    pub fn with_start_level(self, level: u32) -> Result<Rules, ConfigError> {
        let max = self.level_cap.unwrap_or(MAX_LEVEL);
        if level > max {
            return Err(ConfigError::Level { level, max });
        }
        Ok(Rules {
            start_level: level,
            ..self
        })
    }

    /// The same rules with levels capped at `cap` (`None`: no cap).
    ///
    /// # Errors
    /// [`ConfigError::LevelCap`] for a cap of 0, above 999 or below the start level.
    pub fn with_level_cap(self, cap: Option<u32>) -> Result<Rules, ConfigError> {
        if let Some(c) = cap
            && (c == 0 || c > MAX_LEVEL || c < self.start_level)
        {
            return Err(ConfigError::LevelCap {
                cap: c,
                start: self.start_level,
            });
        }
        Ok(Rules {
            level_cap: cap,
            ..self
        })
    }

    /// The same rules with the score capped at `cap` (`None`: no cap).
    #[must_use]
    pub fn with_score_cap(self, cap: Option<u64>) -> Rules {
        Rules {
            score_cap: cap,
            ..self
        }
    }

    /// The same rules with a level every `lines` lines.
    ///
    /// # Errors
    /// [`ConfigError::LinesPerLevel`] for 0.
    pub fn with_lines_per_level(self, lines: u8) -> Result<Rules, ConfigError> {
        if lines == 0 {
            return Err(ConfigError::LinesPerLevel);
        }
        Ok(Rules {
            lines_per_level: lines,
            ..self
        })
    }

    /// The same rules with lock out on or off.
    #[must_use]
    pub fn with_lock_out(self, lock_out: bool) -> Rules {
        Rules { lock_out, ..self }
    }
}
