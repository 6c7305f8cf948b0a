//! [`Replay`]: rules, seed and inputs, which reproduce a game exactly, and their text form.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use plateau_grid::{Play, PlayAllError};

use crate::error::{IllegalMove, ParseReplayError, ReplayError};
use crate::{Board, Buttons, Game, Placement, Rules, Step};

/// The most ticks one [`Entry::Ticks`] may hold: a minute. It bounds the work one entry of a
/// replay asks of [`Replay::run`] (a hand-written `-*4294967295` would otherwise tick for
/// hours); a longer wait is several entries, as [`Game::replay`] records it.
pub const MAX_WAIT: u32 = 60 * 60;

/// One recorded input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Entry {
    /// `count` ticks with `buttons` held.
    Ticks {
        /// The buttons held.
        buttons: Buttons,
        /// How many ticks in a row: 1 to [`MAX_WAIT`] in a [`Replay`].
        count: u32,
    },
    /// A [`Game::step`].
    Step(Step),
    /// A placement ([`Play::play`](plateau_grid::Play::play)).
    Place(Placement),
    /// A [`Game::pause`].
    Pause,
    /// A [`Game::resume`].
    Resume,
}

/// Everything needed to play a game again: its rules, its seed and its inputs in order.
/// [`Game::replay`] records one; [`Replay::run`] plays it back into the identical game.
///
/// Text form (lines starting with `#` are comments):
///
/// ```text
/// plateau-tetris replay
/// rules width=10 visible=20 ... lock-out=yes
/// seed 2026
/// board ..........,#########.
/// -*12 L -*3 C LS*5 D /H =T0@4,0 pause resume
/// ```
///
/// The `board` line, present for a game that started from a board, lists the starting rows
/// top first, separated by commas, down to row 0 (rows above are empty). Inputs are
/// separated by spaces or newlines: `<buttons>` or `<buttons>*<n>` for ticks (see
/// [`Buttons`]; `n` from 1 to [`MAX_WAIT`]), `/<letter>` for a [`Step`], `=<placement>` for a
/// [`Placement`], and `pause` and `resume`.
///
/// ```
/// use plateau_tetris::{Buttons, Game, Play, Replay, Rules};
///
/// let mut game = Game::new(Rules::guideline(), 9);
/// for _ in 0..30 {
///     game.tick(Buttons::LEFT);
/// }
/// game.tick(Buttons::HARD_DROP);
/// let moves = game.legal_moves();
/// game.play(moves[3])?;
/// let replay = game.replay();
/// let text = replay.to_string();
/// assert_eq!(text.parse::<Replay>()?, replay);
/// assert_eq!(replay.run()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Replay {
    rules: Rules,
    board: Option<Board>,
    seed: u64,
    entries: Vec<Entry>,
}

impl Replay {
    /// A replay of `entries` under `rules` from `seed`, on an empty field.
    ///
    /// # Errors
    /// [`ReplayError::Wait`] for an entry of ticks that waits 0 ticks or more than
    /// [`MAX_WAIT`].
    pub fn new(rules: Rules, seed: u64, entries: Vec<Entry>) -> Result<Replay, ReplayError> {
        check_waits(&entries, 0)?;
        Ok(Replay {
            rules,
            board: None,
            seed,
            entries,
        })
    }

    /// A replay of a game that started from `board` ([`Game::from_board`]).
    ///
    /// # Errors
    /// [`ReplayError::Board`] as [`Game::from_board`] (the board must fit the rules' field);
    /// [`ReplayError::Wait`] as [`Replay::new`].
    pub fn from_board(
        rules: Rules,
        board: &Board,
        seed: u64,
        entries: Vec<Entry>,
    ) -> Result<Replay, ReplayError> {
        check_waits(&entries, 0)?;
        // The game checks and pads the board; keep what it starts from.
        let start = Game::from_board(rules.clone(), board, seed)?
            .board()
            .clone();
        Ok(Replay {
            rules,
            board: Some(start),
            seed,
            entries,
        })
    }

    /// A replay whose board, if any, already fits the rules (the game's own record).
    pub(crate) fn from_parts(
        rules: Rules,
        board: Option<Board>,
        seed: u64,
        entries: Vec<Entry>,
    ) -> Replay {
        Replay {
            rules,
            board,
            seed,
            entries,
        }
    }

    /// The starting board, for a game that did not start on an empty field.
    #[must_use]
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The inputs, in order.
    #[must_use]
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Adds an input at the end (ticks with the same buttons as the last entry merge, up to
    /// [`MAX_WAIT`] ticks an entry).
    ///
    /// # Errors
    /// [`ReplayError::Wait`] for ticks that wait 0 ticks or more than [`MAX_WAIT`]; the
    /// replay is then unchanged.
    pub fn push(&mut self, entry: Entry) -> Result<(), ReplayError> {
        check_waits(&[entry], self.entries.len())?;
        if let (
            Entry::Ticks { buttons, count },
            Some(Entry::Ticks {
                buttons: b,
                count: c,
            }),
        ) = (entry, self.entries.last_mut())
            && *b == buttons
            && c.checked_add(count).is_some_and(|n| n <= MAX_WAIT)
        {
            *c += count;
            return Ok(());
        }
        self.entries.push(entry);
        Ok(())
    }

    /// Plays the replay into a new game.
    ///
    /// # Errors
    /// A step, placement, pause or resume the game refused (a replay edited by hand), with
    /// its entry's index.
    pub fn run(&self) -> Result<Game, PlayAllError<IllegalMove>> {
        let mut game = match &self.board {
            // Checked when the replay was made: it fits.
            Some(board) => Game::from_board(self.rules.clone(), board, self.seed)
                .unwrap_or_else(|_| Game::new(self.rules.clone(), self.seed)),
            None => Game::new(self.rules.clone(), self.seed),
        };
        for (index, &entry) in self.entries.iter().enumerate() {
            let fail = |error| PlayAllError { index, error };
            match entry {
                Entry::Ticks { buttons, count } => {
                    for _ in 0..count {
                        game.tick(buttons);
                    }
                }
                Entry::Step(s) => {
                    game.step(s).map_err(fail)?;
                }
                Entry::Place(p) => {
                    game.play(p).map_err(fail)?;
                }
                Entry::Pause => game.pause().map_err(fail)?,
                Entry::Resume => game.resume().map_err(fail)?,
            }
        }
        Ok(game)
    }
}

/// Refuses an entry of ticks outside `1..=MAX_WAIT`, naming it by its index from `first`.
fn check_waits(entries: &[Entry], first: usize) -> Result<(), ReplayError> {
    for (i, e) in entries.iter().enumerate() {
        if let Entry::Ticks { count, .. } = *e
            && !(1..=MAX_WAIT).contains(&count)
        {
            return Err(ReplayError::Wait {
                index: first + i,
                count,
                max: MAX_WAIT,
            });
        }
    }
    Ok(())
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::Ticks { buttons, count: 1 } => write!(f, "{buttons}"),
            Entry::Ticks { buttons, count } => write!(f, "{buttons}*{count}"),
            Entry::Step(s) => write!(f, "/{s}"),
            Entry::Place(p) => write!(f, "={p}"),
            Entry::Pause => f.write_str("pause"),
            Entry::Resume => f.write_str("resume"),
        }
    }
}

impl FromStr for Entry {
    type Err = ParseReplayError;

    fn from_str(s: &str) -> Result<Entry, ParseReplayError> {
        let t = s.trim();
        let bad = |source| ParseReplayError::Entry {
            token: t.into(),
            source,
        };
        if t.eq_ignore_ascii_case("pause") {
            return Ok(Entry::Pause);
        }
        if t.eq_ignore_ascii_case("resume") {
            return Ok(Entry::Resume);
        }
        if let Some(step) = t.strip_prefix('/') {
            return step.parse().map(Entry::Step).map_err(bad);
        }
        if let Some(p) = t.strip_prefix('=') {
            return p.parse().map(Entry::Place).map_err(bad);
        }
        let (buttons, count) = match t.split_once('*') {
            Some((b, n)) => (b, wait(t, n)?),
            None => (t, 1),
        };
        Ok(Entry::Ticks {
            buttons: buttons.parse().map_err(bad)?,
            count,
        })
    }
}

/// The tick count `n` of token `token`: 1 to [`MAX_WAIT`].
fn wait(token: &str, n: &str) -> Result<u32, ParseReplayError> {
    let digits = !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit());
    match n.parse::<u64>() {
        Ok(0) => Err(ParseReplayError::Count {
            token: token.into(),
        }),
        Ok(k) if k <= u64::from(MAX_WAIT) => Ok(k as u32),
        // Past the cap, or so many digits that not even a u64 holds them.
        Ok(_) => Err(ParseReplayError::Wait {
            token: token.into(),
            max: MAX_WAIT,
        }),
        Err(_) if digits => Err(ParseReplayError::Wait {
            token: token.into(),
            max: MAX_WAIT,
        }),
        Err(_) => Err(ParseReplayError::Count {
            token: token.into(),
        }),
    }
}

const HEADER: &str = "plateau-tetris replay";

impl fmt::Display for Replay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{HEADER}\nrules {}\nseed {}", self.rules, self.seed)?;
        if let Some(board) = &self.board {
            // One line, rows top first separated by commas, up to the highest filled row (a
            // row starting with `#` on a line of its own would read as a comment).
            let text = alloc::string::ToString::to_string(board);
            let rows: Vec<&str> = text.lines().collect();
            let keep = board.field().stack_height().max(1);
            f.write_str("\nboard ")?;
            f.write_str(&rows[rows.len() - keep..].join(","))?;
        }
        for chunk in self.entries.chunks(16) {
            f.write_str("\n")?;
            for (i, e) in chunk.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{e}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Replay {
    type Err = ParseReplayError;

    fn from_str(s: &str) -> Result<Replay, ParseReplayError> {
        let mut lines = plateau_grid::text::content_lines(s, true);
        match lines.next() {
            Some(HEADER) => {}
            other => {
                return Err(ParseReplayError::Header {
                    found: other.unwrap_or("").into(),
                });
            }
        }
        let line = lines.next().unwrap_or("");
        let rules = line
            .strip_prefix("rules ")
            .ok_or_else(|| ParseReplayError::MissingRules { found: line.into() })?
            .parse::<Rules>()?;
        let line = lines.next().unwrap_or("");
        let seed_line = line
            .strip_prefix("seed ")
            .ok_or_else(|| ParseReplayError::MissingSeed { found: line.into() })?;
        let seed = seed_line
            .trim()
            .parse::<u64>()
            .map_err(|source| ParseReplayError::Seed {
                text: seed_line.trim().into(),
                source,
            })?;
        let mut replay = Replay {
            rules,
            board: None,
            seed,
            entries: Vec::new(),
        };
        let mut lines = lines.peekable();
        if let Some(rows) = lines.peek().and_then(|l| l.strip_prefix("board ")) {
            let board: Board = rows.replace(',', "\n").parse()?;
            replay.board = Some(
                Game::from_board(replay.rules.clone(), &board, seed)?
                    .board()
                    .clone(),
            );
            lines.next();
        }
        for line in lines {
            for token in line.split_whitespace() {
                replay.entries.push(token.parse()?);
            }
        }
        Ok(replay)
    }
}

impl TryFrom<String> for Replay {
    type Error = ParseReplayError;

    fn try_from(s: String) -> Result<Replay, ParseReplayError> {
        s.parse()
    }
}

impl From<Replay> for String {
    fn from(r: Replay) -> String {
        alloc::string::ToString::to_string(&r)
    }
}

// Serialised as the text form, checked on the way back in.
#[cfg(feature = "serde")]
plateau_grid::serde_via_text!(Replay);
