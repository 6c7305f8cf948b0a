//! [`Game`]: the state of one game, driven in real time ([`Game::tick`]), turn by turn
//! ([`Game::step`]) or by placements (its [`Play`](plateau_grid::Play) impl).

use alloc::vec::Vec;
use core::fmt;

use plateau_grid::{Play, random};
use rand::Rng;

use crate::error::{BoardError, IllegalMove};
use crate::randomizer::Generator;
use crate::replay::{Entry, Replay};
use crate::scoring::Chains;
mod motion;
mod play;
mod realtime;
mod turns;

use crate::{Board, Buttons, Events, Field, Piece, Rules, Tetromino, TopOut};

/// Where a game is ([`Play::status`](plateau_grid::Play::status)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// A piece is falling.
    InProgress,
    /// Paused: ticks, steps and placements do nothing until [`Game::resume`].
    Paused,
    /// The game ended.
    Over {
        /// How.
        reason: TopOut,
    },
}

/// One game of Tetris under [`Rules`], from a seed.
///
/// Three ways to drive it, which can be mixed:
///
/// - **Real time**: [`Game::tick`] once per 1/60 s with the [`Buttons`] held; the game does
///   gravity, soft drop, lock delay, DAS and ARR itself from the held-button state, so a
///   recorded list of ticks replays exactly.
/// - **Turn by turn**: [`Game::step`] applies one [`Step`](crate::Step) at once (no time
///   passes: soft drop on a resting piece locks it).
/// - **Placements**, for bots and solvers: the workspace's play contract, [`Play`], whose
///   move is a [`Placement`](crate::Placement). `legal_moves` lists every distinct final
///   placement the current piece (and, through hold, the hold piece) can reach with the
///   rotation system's shifts, rotations with kicks and soft drops — tucks and spins included
///   — and `play` locks the piece at one of them, returning the [`Events`] of the lock (a lock
///   makes several: locked, lines cleared, points, level up, the next spawn or the game
///   over). [`Game::path`] gives the steps that reach a placement. The game has one seat,
///   which is to move exactly while a piece falls and the game is not paused, and it ends in
///   a loss at the top-out, scored by its points (see the `Play` impl).
///
/// Every refused operation leaves the game exactly as it was.
///
/// Coordinates: rows count **from the bottom** (row 0 is the floor; see the crate docs).
///
/// ```
/// use plateau_tetris::{Game, Play, Rules, Status};
///
/// let mut game = Game::new(Rules::guideline(), 2026);
/// let moves = game.legal_moves();
/// assert!(!moves.is_empty());
/// let events = game.play(moves[0])?;
/// assert_eq!(events.locked().map(|(t, _)| t), Some(moves[0].tetromino));
/// assert_eq!(game.status(), Status::InProgress);
/// assert_eq!(game.pieces(), 1);
/// # Ok::<(), plateau_tetris::IllegalMove>(())
/// ```
///
/// [`Play`]: plateau_grid::Play
#[derive(Clone, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    seed: u64,
    board: Board,
    generator: Generator,
    queue: [Piece; 6],
    active: Option<Tetromino>,
    hold: Option<Piece>,
    hold_used: bool,
    score: u64,
    lines: u32,
    level: u32,
    pieces: u64,
    chains: Chains,
    paused: bool,
    over: Option<TopOut>,
    ticks: u64,
    // Real-time state.
    held: Buttons,
    shift: i8,
    das_timer: u32,
    fall: u64,
    grounded: bool,
    lock_timer: u32,
    lock_moves: u32,
    lowest: i8,
    /// The kick test of the last successful rotation, if the last successful move was one.
    last_kick: Option<u8>,
    log: Vec<Entry>,
    /// The starting board of a game from [`Game::from_board`] (for its replay).
    start: Option<Board>,
}

impl Game {
    /// A new game under `rules`, its pieces drawn from `seed`. The first piece is falling.
    #[must_use]
    pub fn new(rules: Rules, seed: u64) -> Game {
        let board = Board::empty(rules.width() as u8, rules.total_height() as u8);
        Game::start(rules, seed, board, false)
    }

    /// A new game whose seed is drawn from `rng` (and kept, for [`Game::replay`]).
    ///
    /// The crate re-exports what builds a seeded generator, so it is the only dependency
    /// needed:
    ///
    /// ```
    /// use plateau_tetris::{Game, Rules, SeedableRng, SeededRng, random};
    ///
    /// let a = Game::new_with_rng(Rules::guideline(), &mut SeededRng::seed_from_u64(7));
    /// let b = Game::new_with_rng(Rules::guideline(), &mut random::seeded(7));
    /// assert_eq!(a, b);
    /// ```
    #[must_use]
    pub fn new_with_rng<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Game {
        Game::new(rules, rng.next_u64())
    }

    /// A game starting from `board` (a garbage setup, a puzzle): the board's width must be the
    /// rules' width; it may have fewer rows than the field (the rows above are empty).
    ///
    /// # Errors
    /// [`BoardError::Width`] when the widths differ, [`BoardError::Height`] when the board
    /// has filled cells above the field.
    pub fn from_board(rules: Rules, board: &Board, seed: u64) -> Result<Game, BoardError> {
        if board.width() != rules.width() {
            return Err(BoardError::Width {
                board: board.width(),
                field: rules.width(),
            });
        }
        if !board.fits_height(rules.total_height()) {
            return Err(BoardError::Height {
                board: board.field().stack_height(),
                field: rules.total_height(),
            });
        }
        let board = board.padded_to(rules.total_height() as u8);
        Ok(Game::start(rules, seed, board, true))
    }

    fn start(rules: Rules, seed: u64, board: Board, keep: bool) -> Game {
        let generator = Generator::new(rules.randomizer(), random::seeded(seed));
        let level = rules.start_level();
        let start = keep.then(|| board.clone());
        let mut game = Game {
            rules,
            seed,
            board,
            generator,
            queue: [Piece::I; 6],
            active: None,
            hold: None,
            hold_used: false,
            score: 0,
            lines: 0,
            level,
            pieces: 0,
            chains: Chains::default(),
            paused: false,
            over: None,
            ticks: 0,
            held: Buttons::NONE,
            shift: 0,
            das_timer: 0,
            fall: 0,
            grounded: false,
            lock_timer: 0,
            lock_moves: 0,
            lowest: 0,
            last_kick: None,
            log: Vec::new(),
            start,
        };
        for i in 0..game.rules.preview() {
            game.queue[i] = game.generator.next();
        }
        let mut events = Events::default();
        game.spawn_next(&mut events);
        game
    }

    // Queries.

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The seed the pieces are drawn from.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The locked cells.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The falling piece (`None` once the game is over).
    #[must_use]
    pub fn active(&self) -> Option<Tetromino> {
        self.active
    }
    /// Where the falling piece would land if hard-dropped now.
    #[must_use]
    pub fn ghost(&self) -> Option<Tetromino> {
        self.active.map(|t| {
            self.board
                .field()
                .drop_position(self.rules.rotation_system(), t)
        })
    }
    /// The piece in hold.
    #[must_use]
    pub fn hold_piece(&self) -> Option<Piece> {
        self.hold
    }
    /// Whether hold can be used now (allowed, not yet used for this piece, game on).
    #[must_use]
    pub fn can_hold(&self) -> bool {
        self.rules.hold() && !self.hold_used && self.active.is_some() && !self.paused
    }
    /// The next pieces, as many as the rules show.
    #[must_use]
    pub fn next(&self) -> &[Piece] {
        &self.queue[..self.rules.preview()]
    }
    /// Points.
    #[must_use]
    pub fn score(&self) -> u64 {
        self.score
    }
    /// Lines cleared.
    #[must_use]
    pub fn lines(&self) -> u32 {
        self.lines
    }
    /// The level.
    #[must_use]
    pub fn level(&self) -> u32 {
        self.level
    }
    /// Pieces locked.
    #[must_use]
    pub fn pieces(&self) -> u64 {
        self.pieces
    }
    /// Ticks played (paused ticks do not count).
    #[must_use]
    pub fn ticks(&self) -> u64 {
        self.ticks
    }
    /// The current combo: consecutive clearing locks minus one, `None` after a lock that
    /// cleared nothing.
    #[must_use]
    pub fn combo(&self) -> Option<u32> {
        self.chains.combo
    }
    /// Whether the next tetris or T-spin with lines would be back-to-back.
    #[must_use]
    pub fn back_to_back(&self) -> bool {
        self.chains.back_to_back
    }
    /// The buttons held at the last tick.
    #[must_use]
    pub fn buttons(&self) -> Buttons {
        self.held
    }
    /// Whether the game is paused.
    #[must_use]
    pub fn is_paused(&self) -> bool {
        self.paused
    }
    /// Everything played so far, as a replay: the rules, the starting board (for a game from
    /// [`Game::from_board`]), the seed and every tick, step, placement, pause and resume, in
    /// order.
    #[must_use]
    pub fn replay(&self) -> Replay {
        Replay::from_parts(
            self.rules.clone(),
            self.start.clone(),
            self.seed,
            self.log.clone(),
        )
    }

    // Pause.

    /// Pauses: until [`Game::resume`], ticks do nothing (and do not count) and steps and
    /// placements are refused.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when the game has ended.
    pub fn pause(&mut self) -> Result<(), IllegalMove> {
        self.refuse_if_over()?;
        self.paused = true;
        self.log.push(Entry::Pause);
        Ok(())
    }

    /// Resumes a paused game (nothing changes if it was not paused).
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when the game has ended.
    pub fn resume(&mut self) -> Result<(), IllegalMove> {
        self.refuse_if_over()?;
        self.paused = false;
        self.log.push(Entry::Resume);
        Ok(())
    }

    fn refuse_if_over(&self) -> Result<(), IllegalMove> {
        match self.over {
            Some(reason) => Err(IllegalMove::GameOver { reason }),
            None => Ok(()),
        }
    }

    fn refuse_unless_playing(&self) -> Result<Tetromino, IllegalMove> {
        self.refuse_if_over()?;
        if self.paused {
            return Err(IllegalMove::Paused);
        }
        // Not over means a piece is falling.
        self.active.ok_or(IllegalMove::Paused)
    }
}

/// The visible rows (and any buffer row with a cell in it), top first, with the falling piece
/// in lower case; no trailing newline.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let system = self.rules.rotation_system();
        let cells = self.active.map(|t| Field::cells(system, t));
        let mut top = self
            .board
            .field()
            .stack_height()
            .max(self.rules.visible_height());
        if let Some(cells) = cells {
            for (_, y) in cells {
                top = top.max(y as usize + 1);
            }
        }
        for y in (0..top).rev() {
            for x in 0..self.board.width() {
                let falling = cells.is_some_and(|c| c.contains(&(x as i32, y as i32)));
                let ch = if falling {
                    self.active
                        .map_or('?', |t| t.piece.letter().to_ascii_lowercase())
                } else {
                    self.board
                        .get(plateau_grid::Pos::new(x, y))
                        .map_or('.', crate::Cell::symbol)
                };
                write!(f, "{ch}")?;
            }
            if y > 0 {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("rules", &format_args!("{}", self.rules))
            .field("seed", &self.seed)
            .field("status", &self.status())
            .field("active", &self.active)
            .field("hold", &self.hold)
            .field("next", &self.next())
            .field("score", &self.score)
            .field("lines", &self.lines)
            .field("level", &self.level)
            .field("pieces", &self.pieces)
            .field("ticks", &self.ticks)
            .field("board", &format_args!("\n{}", self.board))
            .finish_non_exhaustive()
    }
}
