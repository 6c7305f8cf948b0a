//! A game in progress, shared by the full screen and the line mode: the board, the undo
//! history, the clock, and the solver's pattern databases once built.

use std::time::{Duration, Instant};

use plateau::clock::clock_text;

use plateau_taquin::{
    Board, Budget, Move, PatternDatabase, Play, Pos, Size, Solution, Status, solve_best_with,
};

/// A game in progress, shared by the full-screen and the line modes.
pub struct Game {
    pub seed: u64,
    start: Board,
    pub board: Board,
    /// What was played, for undo: each entry is one key press, click or solver step (a
    /// direction and how many tiles slid that way).
    history: Vec<(Move, usize)>,
    /// The 4 x 4 pattern databases, once the solver has needed them.
    pdb: Option<PatternDatabase>,
    /// When the first move was played, and how long the game took once solved.
    clock: Clock,
    /// Whether the solver played any of the moves (such a game sets no record).
    assisted: bool,
}

/// The game's time: it runs from the first move to the solution.
#[derive(Debug, Clone, Copy, Default)]
enum Clock {
    #[default]
    NotStarted,
    Running(Instant),
    Stopped(Duration),
}

/// Why a move is not taken once the board is solved.
pub const LOCKED: &str = "solved: n starts a new game, r plays this one again";

impl Game {
    pub fn new(size: Size, seed: u64) -> Result<Game, Box<dyn std::error::Error>> {
        let start = Board::new(size, seed)?;
        Ok(Game {
            seed,
            board: start.clone(),
            start,
            history: Vec::new(),
            pdb: None,
            clock: Clock::NotStarted,
            assisted: false,
        })
    }

    pub fn moves(&self) -> usize {
        self.history.iter().map(|&(_, n)| n).sum()
    }

    /// Whether the board is solved: it then takes no move, not even one back, until
    /// [`Game::restart`] or [`Game::new_game`].
    pub fn is_solved(&self) -> bool {
        self.board.is_solved()
    }

    /// The time played: from the first move, until the board is solved.
    pub fn elapsed(&self) -> Duration {
        match self.clock {
            Clock::NotStarted => Duration::ZERO,
            Clock::Running(t) => t.elapsed(),
            Clock::Stopped(d) => d,
        }
    }

    /// Whether the board was solved by the player alone (not by the solver, even in part).
    pub fn solved_unassisted(&self) -> bool {
        self.is_solved() && !self.assisted && !self.history.is_empty()
    }

    /// Starts the clock at the first move, stops it at the solution.
    fn tick(&mut self) {
        if let Clock::NotStarted = self.clock {
            self.clock = Clock::Running(Instant::now());
        }
        if self.board.is_solved() {
            self.clock = Clock::Stopped(self.elapsed());
        }
    }

    pub fn slide(&mut self, m: Move) -> Result<(), String> {
        if self.is_solved() {
            return Err(LOCKED.to_owned());
        }
        self.board.play(m).map_err(|e| e.to_string())?;
        self.history.push((m, 1));
        self.tick();
        Ok(())
    }

    /// A line of moves, all or nothing.
    pub fn slide_all(&mut self, moves: &[Move]) -> Result<(), String> {
        if self.is_solved() {
            return Err(LOCKED.to_owned());
        }
        let mut board = self.board.clone();
        board
            .play_all(moves)
            .map_err(|e| format!("{e} (nothing played)"))?;
        for &m in moves {
            // Checked on the copy just now.
            let _ = self.slide(m);
        }
        Ok(())
    }

    pub fn click(&mut self, pos: Pos) -> Result<(), String> {
        if self.is_solved() {
            return Err(LOCKED.to_owned());
        }
        let slide = self.board.click(pos).map_err(|e| e.to_string())?;
        self.history.push((slide.direction, slide.tiles));
        self.tick();
        Ok(())
    }

    /// Takes the last key press, click or solver step back; an error says why not.
    pub fn undo(&mut self) -> Result<(), &'static str> {
        if self.is_solved() {
            return Err(LOCKED);
        }
        if self.history.pop().is_none() {
            return Err("nothing to undo");
        }
        // What is left of the history is replayed from the start (every move of it was
        // legal then, and is again).
        self.board = self.start.clone();
        for &(m, n) in &self.history {
            for _ in 0..n {
                let _ = self.board.play(m);
            }
        }
        Ok(())
    }

    /// The same scramble again, the clock reset.
    pub fn restart(&mut self) {
        self.board = self.start.clone();
        self.history.clear();
        self.clock = Clock::NotStarted;
        self.assisted = false;
    }

    pub fn new_game(&mut self) -> Result<(), Box<dyn std::error::Error>> {
        let pdb = self.pdb.take();
        *self = Game::new(self.board.size(), self.seed.wrapping_add(1))?;
        self.pdb = pdb;
        Ok(())
    }

    /// A good next move within the hint's budget (optimal from the pattern databases once
    /// built, on a 4 x 4).
    pub fn hint(&mut self) -> Option<Move> {
        solve_best_with(&self.board, Budget::HINT, &mut self.pdb, || None)
            .ok()?
            .0
            .first()
            .copied()
    }

    /// A solution from here and what kind it is: optimal where that is quick (any 4 x 4
    /// with the pattern databases, built on first use: `building` is called first), the
    /// fast reduction solver otherwise.
    pub fn solution(
        &mut self,
        building: impl FnOnce(),
    ) -> Result<(Solution<Move>, &'static str), String> {
        let build = || {
            building();
            Some(PatternDatabase::build())
        };
        let (s, solver) = solve_best_with(&self.board, Budget::PLAY, &mut self.pdb, build)
            .map_err(|e| e.to_string())?;
        self.assisted = true;
        Ok((
            s,
            if solver.is_optimal() {
                "optimal"
            } else {
                "fast, not optimal"
            },
        ))
    }

    /// The title line; with the clock on the full screen (the line mode prints no time, so
    /// that its output replays exactly).
    pub fn title(&self, with_time: bool) -> String {
        let status = match self.board.status() {
            Status::Solved => "  SOLVED",
            Status::InProgress => "",
            Status::Unsolvable => "  (unsolvable)",
        };
        let time = if with_time {
            format!("  time {}", clock_text(self.elapsed(), true))
        } else {
            String::new()
        };
        format!(
            "Taquin {}  seed {}  moves {}{time}{status}",
            self.board.size(),
            self.seed,
            self.moves(),
        )
    }
}

/// How a hint reads: the move and the tile it slides.
pub fn describe(board: &Board, m: Move) -> String {
    let tile = board
        .moved_from(m)
        .and_then(|p| board.tile_at(p))
        .map_or_else(String::new, |t| {
            format!(" (tile {t} slides {:?})", m.tile_dir())
        });
    format!("{m}{}", tile.to_lowercase())
}
