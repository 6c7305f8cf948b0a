//! [`Game`]: the state of one game, driven in real time ([`Game::tick`]), turn by turn
//! ([`Game::step`]) or by placements ([`Game::play`]).

use alloc::vec::Vec;
use core::fmt;

use plateau_grid::PlayAllError;
use plateau_grid::random;
use rand::Rng;

use crate::error::{BoardError, IllegalMove};
use crate::movegen::{self, Finish, Search};
use crate::randomizer::Generator;
use crate::replay::{Entry, Replay};
use crate::scoring::{self, Chains, Clear};
use crate::{
    Board, Buttons, Event, Events, Field, Lock, Piece, Placement, Rows, Rules, Scoring, Step,
    TSpin, Tetromino, TopOut,
};

/// Where a game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// A piece is falling.
    Playing,
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
/// - **Turn by turn**: [`Game::step`] applies one [`Step`] at once (no time passes: soft drop
///   on a resting piece locks it).
/// - **Placements**, for bots and solvers: [`Game::legal_moves`] lists every distinct final
///   placement the current piece (and, through hold, the hold piece) can reach with the
///   rotation system's shifts, rotations with kicks and soft drops — tucks and spins included
///   — and [`Game::play`] locks the piece at one of them. [`Game::path`] gives the steps that
///   reach a placement.
///
/// These are the workspace's verbs: a move `M` is a [`Placement`]; `legal_moves`,
/// `legal_moves_into`, `is_legal`, `play` (the placement API's "play placement") and
/// `play_all` keep their usual meaning, `play` returning the [`Events`] of the lock instead of
/// a single event (a lock makes several: locked, lines cleared, points, level up, the next
/// spawn or the game over), and [`Game::status`] is exhaustive. Every refused operation
/// leaves the game exactly as it was.
///
/// Coordinates: rows count **from the bottom** (row 0 is the floor; see the crate docs).
///
/// ```
/// use plateau_tetris::{Game, Rules, Status};
///
/// let mut game = Game::new(Rules::guideline(), 2026);
/// let moves = game.legal_moves();
/// assert!(!moves.is_empty());
/// let events = game.play(moves[0])?;
/// assert_eq!(events.locked().map(|(t, _)| t), Some(moves[0].tetromino));
/// assert_eq!(game.status(), Status::Playing);
/// assert_eq!(game.pieces(), 1);
/// # Ok::<(), plateau_tetris::IllegalMove>(())
/// ```
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
    /// Where the game is.
    #[must_use]
    pub fn status(&self) -> Status {
        match (self.over, self.paused) {
            (Some(reason), _) => Status::Over { reason },
            (None, true) => Status::Paused,
            (None, false) => Status::Playing,
        }
    }
    /// Whether the game ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over.is_some()
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

    // Real time.

    /// Plays one tick (1/60 s) with `buttons` held, and reports what happened.
    ///
    /// In order: hold (on press), rotations (on press), shifts (on press, then DAS/ARR while
    /// held), hard drop (on press: the piece falls and locks, and the tick ends), gravity
    /// (soft drop while held), then the lock rule. A tick of a paused or finished game does
    /// nothing and returns no events.
    pub fn tick(&mut self, buttons: Buttons) -> Events {
        self.log_tick(buttons);
        let mut ev = Events::default();
        if self.over.is_some() || self.paused || self.active.is_none() {
            return ev;
        }
        self.ticks += 1;
        let pressed = buttons & !self.held;
        self.held = buttons;
        if pressed.contains(Buttons::HOLD) && self.can_hold() {
            self.hold_now(&mut ev);
            if self.over.is_some() {
                return ev;
            }
        }
        if pressed.contains(Buttons::CW) {
            self.try_rotate(true);
        }
        if pressed.contains(Buttons::CCW) {
            self.try_rotate(false);
        }
        self.auto_shift(buttons, pressed);
        if pressed.contains(Buttons::HARD_DROP) && self.rules.hard_drop() {
            self.hard_drop(&mut ev);
            return ev;
        }
        let gravity = self.rules.gravity().speed(self.level);
        let soft = buttons.contains(Buttons::SOFT_DROP);
        let speed = if soft {
            self.rules.soft_drop().speed(gravity)
        } else {
            gravity
        };
        self.fall += speed.raw();
        let rows = (self.fall >> 32) as u32;
        self.fall &= 0xFFFF_FFFF;
        let moved = self.fall_rows(rows);
        if soft && moved > 0 {
            self.add_points(u64::from(moved), &mut ev);
        }
        let system = self.rules.rotation_system();
        let Some(t) = self.active else { return ev };
        let resting = !self.board.field().fits(system, t.moved(0, -1));
        match self.rules.lock() {
            Lock::Gravity => {
                if rows > moved {
                    self.lock_active(&mut ev);
                }
            }
            Lock::Delay { ticks, resets } => {
                if resting {
                    if self.grounded {
                        self.lock_timer += 1;
                    } else {
                        self.grounded = true;
                        self.lock_timer = 0;
                    }
                    if self.lock_timer >= u32::from(ticks) || self.lock_moves >= u32::from(resets) {
                        self.lock_active(&mut ev);
                    }
                } else {
                    self.grounded = false;
                }
            }
        }
        ev
    }

    fn log_tick(&mut self, buttons: Buttons) {
        if let Some(Entry::Ticks { buttons: b, count }) = self.log.last_mut()
            && *b == buttons
            && *count < u32::MAX
        {
            *count += 1;
            return;
        }
        self.log.push(Entry::Ticks { buttons, count: 1 });
    }

    /// DAS and ARR from the held buttons: the newest direction wins; a press shifts at once,
    /// holding repeats after `das` ticks every `arr` ticks (0: straight to the wall).
    fn auto_shift(&mut self, held: Buttons, pressed: Buttons) {
        let left = held.contains(Buttons::LEFT);
        let right = held.contains(Buttons::RIGHT);
        let mut fresh = false;
        if pressed.contains(Buttons::LEFT) {
            self.shift = -1;
            fresh = true;
        } else if pressed.contains(Buttons::RIGHT) {
            self.shift = 1;
            fresh = true;
        } else if (self.shift == -1 && !left) || (self.shift == 1 && !right) {
            // The direction was released: fall back on the other one if it is still held.
            // One of the two is released here, so this is the other one's direction, or 0.
            self.shift = i8::from(right) - i8::from(left);
            fresh = self.shift != 0;
        }
        if self.shift == 0 {
            return;
        }
        if fresh {
            self.das_timer = 0;
            self.try_shift(self.shift);
            return;
        }
        self.das_timer = self.das_timer.saturating_add(1);
        let (das, arr) = (self.rules.das(), self.rules.arr());
        if self.das_timer >= das {
            if arr == 0 {
                while self.try_shift(self.shift) {}
            } else if (self.das_timer - das).is_multiple_of(arr) {
                self.try_shift(self.shift);
            }
        }
    }

    // Piece movement, shared by ticks and steps.

    fn moved(&mut self) {
        if let Lock::Delay { resets, .. } = self.rules.lock()
            && self.lock_moves < u32::from(resets)
        {
            self.lock_timer = 0;
        }
        self.lock_moves = self.lock_moves.saturating_add(1);
    }

    fn try_shift(&mut self, dx: i8) -> bool {
        let Some(t) = self.active else { return false };
        let m = t.moved(dx, 0);
        if !self.board.field().fits(self.rules.rotation_system(), m) {
            return false;
        }
        self.active = Some(m);
        self.last_kick = None;
        self.moved();
        true
    }

    fn try_rotate(&mut self, cw: bool) -> bool {
        let Some(t) = self.active else { return false };
        let Some((m, kick)) =
            movegen::rotate(self.board.field(), self.rules.rotation_system(), t, cw)
        else {
            return false;
        };
        self.active = Some(m);
        self.last_kick = Some(kick as u8);
        self.moved();
        true
    }

    /// Moves the piece down up to `rows` rows; returns how many it fell.
    fn fall_rows(&mut self, rows: u32) -> u32 {
        let system = self.rules.rotation_system();
        let mut moved = 0;
        while moved < rows {
            let Some(t) = self.active else { break };
            let m = t.moved(0, -1);
            if !self.board.field().fits(system, m) {
                break;
            }
            self.active = Some(m);
            self.last_kick = None;
            self.grounded = false;
            self.lock_timer = 0;
            if m.y < self.lowest {
                self.lowest = m.y;
                self.lock_moves = 0;
            }
            moved += 1;
        }
        moved
    }

    fn hard_drop(&mut self, ev: &mut Events) {
        let rows = self.fall_rows(u32::MAX);
        if self.rules.scoring() == Scoring::Guideline {
            self.add_points(2 * u64::from(rows), ev);
        }
        self.lock_active(ev);
    }

    fn add_points(&mut self, points: u64, ev: &mut Events) {
        let before = self.score;
        self.score = self.score.saturating_add(points);
        if let Some(cap) = self.rules.score_cap() {
            self.score = self.score.min(cap);
        }
        ev.push(Event::Scored {
            points: self.score - before,
        });
    }

    fn hold_now(&mut self, ev: &mut Events) {
        let Some(t) = self.active else { return };
        let out = self.hold.take();
        self.hold = Some(t.piece);
        self.hold_used = true;
        ev.push(Event::Held { piece: t.piece });
        let next = match out {
            Some(p) => p,
            None => self.take_next(),
        };
        self.spawn(next, ev);
    }

    fn take_next(&mut self) -> Piece {
        let n = self.rules.preview();
        if n == 0 {
            return self.generator.next();
        }
        let p = self.queue[0];
        self.queue.copy_within(1..n, 0);
        self.queue[n - 1] = self.generator.next();
        p
    }

    /// The piece that comes out of hold (or the queue when hold is empty), if it is known.
    fn hold_out(&self) -> Option<Piece> {
        self.hold.or_else(|| self.next().first().copied())
    }

    fn spawn_next(&mut self, ev: &mut Events) {
        let p = self.take_next();
        self.spawn(p, ev);
    }

    fn spawn(&mut self, piece: Piece, ev: &mut Events) {
        let t = self.rules.spawn(piece);
        self.active = None;
        self.fall = 0;
        self.grounded = false;
        self.lock_timer = 0;
        self.lock_moves = 0;
        self.lowest = t.y;
        self.last_kick = None;
        if !self.board.field().fits(self.rules.rotation_system(), t) {
            self.over = Some(TopOut::BlockOut);
            ev.push(Event::GameOver {
                reason: TopOut::BlockOut,
            });
            return;
        }
        self.active = Some(t);
        ev.push(Event::Spawned { piece });
    }

    fn lock_active(&mut self, ev: &mut Events) {
        let Some(t) = self.active else { return };
        let system = self.rules.rotation_system();
        let tspin = match self.last_kick {
            Some(k) if self.rules.tspins() && t.piece == Piece::T => {
                movegen::classify(self.board.field(), system, t, k == 4)
            }
            _ => TSpin::None,
        };
        self.lock_at(t, tspin, ev);
    }

    /// Locks `t` (which fits) with the T-spin `tspin`: scoring, lines, level, next piece.
    fn lock_at(&mut self, t: Tetromino, tspin: TSpin, ev: &mut Events) {
        let system = self.rules.rotation_system();
        self.active = None;
        let visible = self.rules.visible_height() as i32;
        let lock_out =
            self.rules.lock_out() && Field::cells(system, t).iter().all(|&(_, y)| y >= visible);
        let rows = self.board.lock(system, t);
        self.pieces += 1;
        ev.push(Event::Locked {
            tetromino: t,
            tspin,
        });
        let lines = rows.count_ones();
        let perfect = lines > 0 && self.board.is_empty();
        let scored = scoring::score(
            self.rules.scoring(),
            self.level,
            Clear {
                lines,
                tspin,
                perfect,
            },
            self.chains,
        );
        self.chains = scored.chains;
        if lines > 0 {
            ev.push(Event::LinesCleared {
                rows: Rows(rows),
                tspin,
                back_to_back: scored.back_to_back,
                combo: scored.combo,
                perfect_clear: perfect,
            });
        }
        self.add_points(scored.points, ev);
        self.lines = self.lines.saturating_add(lines);
        let mut level = self
            .rules
            .start_level()
            .saturating_add(self.lines / self.rules.lines_per_level());
        if let Some(cap) = self.rules.level_cap() {
            level = level.min(cap);
        }
        if level > self.level {
            self.level = level;
            ev.push(Event::LevelUp { level });
        }
        if lock_out {
            self.over = Some(TopOut::LockOut);
            ev.push(Event::GameOver {
                reason: TopOut::LockOut,
            });
            return;
        }
        self.hold_used = false;
        self.spawn_next(ev);
    }

    // Turn by turn.

    /// Applies one step to the falling piece at once (no time passes).
    ///
    /// Soft drop moves one row, and on a piece that rests it locks the piece (there is no
    /// lock delay turn by turn); [`Step::Drop`] falls without locking; hard drop falls and
    /// locks. Drops score as in real time.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`], [`IllegalMove::Paused`]; [`IllegalMove::Blocked`] when the
    /// piece cannot move that way; [`IllegalMove::HardDropDisabled`],
    /// [`IllegalMove::HoldDisabled`], [`IllegalMove::HoldUsed`] by the rules. Nothing changes
    /// on an error.
    pub fn step(&mut self, step: Step) -> Result<Events, IllegalMove> {
        let t = self.refuse_unless_playing()?;
        let system = self.rules.rotation_system();
        let field = *self.board.field();
        let blocked = Err(IllegalMove::Blocked { step, tetromino: t });
        let mut ev = Events::default();
        match step {
            Step::Left | Step::Right => {
                let dx = if step == Step::Left { -1 } else { 1 };
                if !field.fits(system, t.moved(dx, 0)) {
                    return blocked;
                }
                self.try_shift(dx);
            }
            Step::RotateCw | Step::RotateCcw => {
                if movegen::rotate(&field, system, t, step == Step::RotateCw).is_none() {
                    return blocked;
                }
                self.try_rotate(step == Step::RotateCw);
            }
            Step::SoftDrop => {
                if self.fall_rows(1) == 1 {
                    self.add_points(1, &mut ev);
                } else {
                    self.lock_active(&mut ev);
                }
            }
            Step::Drop => {
                if !field.fits(system, t.moved(0, -1)) {
                    return blocked;
                }
                let rows = self.fall_rows(u32::MAX);
                self.add_points(u64::from(rows), &mut ev);
            }
            Step::HardDrop => {
                if !self.rules.hard_drop() {
                    return Err(IllegalMove::HardDropDisabled);
                }
                self.hard_drop(&mut ev);
            }
            Step::Hold => {
                self.check_hold()?;
                self.hold_now(&mut ev);
            }
        }
        self.log.push(Entry::Step(step));
        Ok(ev)
    }

    fn check_hold(&self) -> Result<(), IllegalMove> {
        if !self.rules.hold() {
            return Err(IllegalMove::HoldDisabled);
        }
        if self.hold_used {
            return Err(IllegalMove::HoldUsed);
        }
        Ok(())
    }

    // Placements.

    /// Every distinct final placement of the current piece reachable from its spawn, then,
    /// when hold can be used and the piece it would give is known, every placement of that
    /// piece marked [`Placement::hold`]. Empty when the game is over or paused.
    ///
    /// One placement per distinct set of cells (an S resting in state 2 is listed in state
    /// 0), in order of state, row and column. On an empty 10-wide field there are 34 for T, J
    /// and L, 17 for I, S and Z and 9 for O.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Placement> {
        let mut v = Vec::new();
        self.legal_moves_into(&mut v);
        v
    }

    /// [`Game::legal_moves`] into `out` (cleared first; no allocation once it has grown).
    pub fn legal_moves_into(&self, out: &mut Vec<Placement>) {
        out.clear();
        let Ok(t) = self.refuse_unless_playing() else {
            return;
        };
        let system = self.rules.rotation_system();
        let mut search = Search::default();
        if search.run(self.board.field(), system, self.rules.spawn(t.piece)) {
            search.for_each(|p| out.push(Placement::new(p)));
        }
        if self.check_hold().is_ok()
            && let Some(h) = self.hold_out()
            && search.run(self.board.field(), system, self.rules.spawn(h))
        {
            search.for_each(|p| out.push(Placement::held(p)));
        }
    }

    /// Whether [`Game::play`] would accept `p`.
    #[must_use]
    pub fn is_legal(&self, p: Placement) -> bool {
        self.check(p, &mut Search::default()).is_ok()
    }

    /// The T-spin a placement scores and checks it, on `search`.
    fn check(&self, p: Placement, search: &mut Search) -> Result<TSpin, IllegalMove> {
        let t = self.refuse_unless_playing()?;
        let piece = if p.hold {
            self.check_hold()?;
            self.hold_out().ok_or(IllegalMove::HoldUnknown)?
        } else {
            t.piece
        };
        if p.tetromino.piece != piece {
            return Err(IllegalMove::WrongPiece {
                expected: piece,
                placement: p,
            });
        }
        let field = self.board.field();
        let system = self.rules.rotation_system();
        if !search.run(field, system, self.rules.spawn(piece)) || !search.contains(p.tetromino) {
            return Err(IllegalMove::Unreachable { placement: p });
        }
        Ok(if self.rules.tspins() {
            movegen::best_spin(search, field, p.tetromino)
        } else {
            TSpin::None
        })
    }

    /// Locks the current piece (or, with [`Placement::hold`], the hold piece after holding) at
    /// the placement, as if it had been moved there from its spawn and locked without a drop:
    /// no drop points; the T-spin is the best any path into the placement makes.
    ///
    /// # Errors
    /// [`IllegalMove::Unreachable`] if the placement is not one of [`Game::legal_moves`] (any
    /// state with the same cells is accepted), [`IllegalMove::WrongPiece`],
    /// [`IllegalMove::HoldUsed`], [`IllegalMove::HoldDisabled`],
    /// [`IllegalMove::HoldUnknown`], [`IllegalMove::GameOver`], [`IllegalMove::Paused`].
    /// Nothing changes on an error.
    pub fn play(&mut self, p: Placement) -> Result<Events, IllegalMove> {
        let tspin = self.check(p, &mut Search::default())?;
        let mut ev = Events::default();
        if p.hold {
            self.hold_now(&mut ev);
        }
        self.lock_at(p.tetromino, tspin, &mut ev);
        self.log.push(Entry::Place(p));
        Ok(ev)
    }

    /// Plays every placement in order, or none: on an error the game is unchanged and the
    /// error names the refused placement's index.
    ///
    /// # Errors
    /// The first refused placement, as [`Game::play`] refuses it.
    pub fn play_all(&mut self, moves: &[Placement]) -> Result<(), PlayAllError<IllegalMove>> {
        let mut copy = self.clone();
        for (index, &m) in moves.iter().enumerate() {
            copy.play(m)
                .map_err(|error| PlayAllError { index, error })?;
        }
        *self = copy;
        Ok(())
    }

    /// A shortest list of steps from the spawn that brings the piece to placement `p`, ending
    /// with the move the placement's T-spin needs (a rotation, or a fifth-test kick); lock it
    /// with [`Step::HardDrop`] (or a soft drop where hard drop is off). With
    /// [`Placement::hold`] the list starts with [`Step::Hold`]. `None` when `p` is illegal.
    ///
    /// ```
    /// use plateau_tetris::{Game, Rules, Step};
    ///
    /// let game = Game::new(Rules::guideline(), 7);
    /// for p in game.legal_moves() {
    ///     let mut copy = game.clone();
    ///     for step in game.path(p).expect("every legal placement has a path") {
    ///         copy.step(step)?;
    ///     }
    ///     copy.step(Step::HardDrop)?;
    ///     let mut direct = game.clone();
    ///     direct.play(p)?;
    ///     assert_eq!(copy.board(), direct.board());
    /// }
    /// # Ok::<(), plateau_tetris::IllegalMove>(())
    /// ```
    #[must_use]
    pub fn path(&self, p: Placement) -> Option<Vec<Step>> {
        let mut search = Search::default();
        let tspin = self.check(p, &mut search).ok()?;
        let system = self.rules.rotation_system();
        let field = self.board.field();
        let finish = match tspin {
            TSpin::None => Finish::Any,
            TSpin::Mini => Finish::Rotation,
            TSpin::Full => {
                let (_, front) = field.t_corners(system, p.tetromino);
                if front == 2 {
                    Finish::Rotation
                } else {
                    Finish::Kick5
                }
            }
        };
        let spawn = self.rules.spawn(p.tetromino.piece);
        let mut steps = movegen::path(field, system, spawn, p.tetromino, finish)?;
        if p.hold {
            steps.insert(0, Step::Hold);
        }
        Some(steps)
    }

    /// What a bot may see of this game.
    #[must_use]
    pub fn view(&self) -> crate::View<'_> {
        crate::View::new(self)
    }

    /// The bits of state only the crate's bot needs.
    pub(crate) fn hold_flag(&self) -> bool {
        self.check_hold().is_ok() && self.active.is_some() && !self.paused
    }

    pub(crate) fn hold_out_piece(&self) -> Option<Piece> {
        self.hold_out()
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
