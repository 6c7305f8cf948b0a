//! What a tick or a move changed, reported as values so a front end can animate without
//! comparing boards.

use core::fmt;

use crate::{Piece, Tetromino};

/// The kind of T-spin a lock made, by the Guideline's three-corner rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TSpin {
    /// Not a T-spin.
    #[default]
    None,
    /// A T-spin mini: three corners occupied but only one in front, without the fifth kick.
    Mini,
    /// A full T-spin: three corners with both front ones, or any three after the fifth kick.
    Full,
}

impl fmt::Display for TSpin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TSpin::None => "none",
            TSpin::Mini => "T-spin mini",
            TSpin::Full => "T-spin",
        })
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TopOut {
    /// The next piece's spawn position was blocked.
    BlockOut,
    /// A piece locked wholly above the visible field (when the rules have lock out).
    LockOut,
}

impl fmt::Display for TopOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TopOut::BlockOut => "block out",
            TopOut::LockOut => "lock out",
        })
    }
}

/// A set of rows (row 0 at the bottom) as a bitmask: the rows a lock cleared, numbered as
/// they were before the clear.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rows(pub u64);

impl Rows {
    /// Number of rows.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether there are none.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether row `y` is one of them.
    #[must_use]
    pub const fn contains(self, y: usize) -> bool {
        y < 64 && self.0 >> y & 1 == 1
    }

    /// The rows from the bottom up.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..64).filter(move |&y| self.0 >> y & 1 == 1)
    }
}

/// One thing that happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// A new piece appeared at its spawn position.
    Spawned {
        /// The piece.
        piece: Piece,
    },
    /// Hold was used: `piece` went into the hold box.
    Held {
        /// The piece now in hold.
        piece: Piece,
    },
    /// The falling piece locked where it rests.
    Locked {
        /// Where it locked.
        tetromino: Tetromino,
        /// The T-spin it made, if any.
        tspin: TSpin,
    },
    /// The lock completed rows, which were removed.
    LinesCleared {
        /// The rows, numbered before the removal.
        rows: Rows,
        /// The T-spin that cleared them, if any.
        tspin: TSpin,
        /// This clear continues a back-to-back chain of tetrises and T-spins.
        back_to_back: bool,
        /// Consecutive clearing locks before this one (0 for the first of a chain).
        combo: u32,
        /// The field is empty afterwards.
        perfect_clear: bool,
    },
    /// Points were scored this tick or move (drops and clears together).
    Scored {
        /// Points added (after the score cap).
        points: u64,
    },
    /// The level went up.
    LevelUp {
        /// The new level.
        level: u32,
    },
    /// The game ended.
    GameOver {
        /// How.
        reason: TopOut,
    },
}

const CAPACITY: usize = 12;

/// The events of one tick or one move, in order (a handful at most, kept inline: no
/// allocation per tick).
///
/// With `serde`, the events are a sequence of [`Event`]s, checked on the way in to be what a
/// tick or a move can report: at most 12 events, and at most one [`Event::Scored`], of a
/// positive number of points (the points of one tick or move are merged into one).
///
/// ```
/// use plateau_tetris::{Buttons, Event, Game, Rules};
///
/// let mut game = Game::new(Rules::guideline(), 1);
/// let events = game.tick(Buttons::HARD_DROP);
/// assert!(events.iter().any(|e| matches!(e, Event::Locked { .. })));
/// assert_eq!(events.points(), 2 * 20); // hard drop: 2 points per row, 20 rows
/// assert_eq!(events.lines(), 0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(into = "alloc::vec::Vec<Event>", try_from = "alloc::vec::Vec<Event>")
)]
pub struct Events {
    list: [Event; CAPACITY],
    len: u8,
}

impl Default for Events {
    fn default() -> Events {
        Events {
            list: [Event::Scored { points: 0 }; CAPACITY],
            len: 0,
        }
    }
}

impl Events {
    pub(crate) fn push(&mut self, e: Event) {
        // Merge points into one `Scored` per tick.
        if let Event::Scored { points } = e {
            if points == 0 {
                return;
            }
            for old in &mut self.list[..usize::from(self.len)] {
                if let Event::Scored { points: p } = old {
                    *p += points;
                    return;
                }
            }
        }
        // A tick produces at most eight events; the capacity is a margin, never reached.
        if usize::from(self.len) < CAPACITY {
            self.list[usize::from(self.len)] = e;
            self.len += 1;
        }
    }

    /// The events in order.
    pub fn iter(&self) -> impl Iterator<Item = &Event> {
        self.list[..usize::from(self.len)].iter()
    }

    /// The events as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[Event] {
        &self.list[..usize::from(self.len)]
    }

    /// Number of events.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether nothing happened.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Points scored.
    #[must_use]
    pub fn points(&self) -> u64 {
        self.iter()
            .map(|e| match e {
                Event::Scored { points } => *points,
                _ => 0,
            })
            .sum()
    }

    /// Lines cleared.
    #[must_use]
    pub fn lines(&self) -> u32 {
        self.iter()
            .map(|e| match e {
                Event::LinesCleared { rows, .. } => rows.len(),
                _ => 0,
            })
            .sum()
    }

    /// The lock of these events, if a piece locked: where, and its T-spin.
    #[must_use]
    pub fn locked(&self) -> Option<(Tetromino, TSpin)> {
        self.iter().find_map(|e| match e {
            Event::Locked { tetromino, tspin } => Some((*tetromino, *tspin)),
            _ => None,
        })
    }

    /// How the game ended, if it did.
    #[must_use]
    pub fn game_over(&self) -> Option<TopOut> {
        self.iter().find_map(|e| match e {
            Event::GameOver { reason } => Some(*reason),
            _ => None,
        })
    }
}

impl fmt::Debug for Events {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a Events {
    type Item = &'a Event;
    type IntoIter = core::slice::Iter<'a, Event>;
    fn into_iter(self) -> Self::IntoIter {
        self.list[..usize::from(self.len)].iter()
    }
}

#[cfg(feature = "serde")]
impl From<Events> for alloc::vec::Vec<Event> {
    fn from(events: Events) -> alloc::vec::Vec<Event> {
        events.as_slice().into()
    }
}

// The serde check: a list that `Events::push` would have built as it is.
#[cfg(feature = "serde")]
impl TryFrom<alloc::vec::Vec<Event>> for Events {
    type Error = alloc::string::String;

    fn try_from(list: alloc::vec::Vec<Event>) -> Result<Events, alloc::string::String> {
        if list.len() > CAPACITY {
            return Err(alloc::format!(
                "{} events are more than the {CAPACITY} of one tick or move",
                list.len()
            ));
        }
        let scored: alloc::vec::Vec<u64> = list
            .iter()
            .filter_map(|e| match e {
                Event::Scored { points } => Some(*points),
                _ => None,
            })
            .collect();
        if scored.len() > 1 {
            return Err(alloc::format!(
                "{} scored events, but one tick or move scores once",
                scored.len()
            ));
        }
        if scored.contains(&0) {
            return Err(alloc::string::String::from(
                "a scored event of 0 points (a tick or move that scores nothing reports no score)",
            ));
        }
        let mut events = Events::default();
        events.list[..list.len()].copy_from_slice(&list);
        events.len = list.len() as u8;
        Ok(events)
    }
}
