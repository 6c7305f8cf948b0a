//! The game state: the flooded set as a set of regions, grown incrementally.

use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};

use plateau_grid::{BitGrid, Connectivity, Grid, Pos, Regions, Size, random};
use rand::Rng;

use crate::{Board, BoardError, Color, Config, IllegalMove};

/// The board's regions (maximal groups of 4-connected cells of one colour) and their
/// adjacency, computed once per board and shared by a game and its clones.
#[derive(Debug)]
pub(crate) struct RegionGraph {
    pub(crate) regions: Regions,
    /// Colour of each region.
    pub(crate) color: Vec<u8>,
    /// `u64` words in a set of regions.
    pub(crate) words: usize,
    /// For each colour, the set of its regions (`words` words each).
    pub(crate) by_color: Vec<u64>,
    pub(crate) colors: u8,
    pub(crate) cells: u32,
}

impl RegionGraph {
    fn new(board: &Board, colors: u8) -> RegionGraph {
        let regions = Regions::of_equal(board.grid(), Connectivity::Four);
        let n = regions.count();
        let words = n.div_ceil(64);
        let mut color = Vec::with_capacity(n);
        let mut by_color = alloc::vec![0u64; words * usize::from(colors)];
        for r in 0..n {
            let pos = regions.representative(r as u32).unwrap_or_default();
            let c = board.grid()[pos];
            color.push(c);
            by_color[usize::from(c) * words + r / 64] |= 1 << (r % 64);
        }
        let cells = board.grid().len() as u32;
        RegionGraph {
            regions,
            color,
            words,
            by_color,
            colors,
            cells,
        }
    }

    pub(crate) fn count(&self) -> usize {
        self.color.len()
    }

    pub(crate) fn colour_set(&self, c: u8) -> &[u64] {
        let w = self.words;
        &self.by_color[usize::from(c) * w..(usize::from(c) + 1) * w]
    }
}

/// How a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Status {
    /// Not one colour yet, moves left.
    InProgress,
    /// The board is one colour.
    Won {
        /// Moves it took.
        moves: u32,
    },
    /// The move limit was reached with more than one colour left.
    Lost,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::InProgress => f.write_str("in progress"),
            Status::Won { moves } => write!(f, "won in {moves} moves"),
            Status::Lost => f.write_str("lost"),
        }
    }
}

/// What one move changed, returned by [`Game::play`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Flood {
    /// The colour played (the flood's new colour).
    pub color: Color,
    /// Regions the flood absorbed.
    pub absorbed_regions: u32,
    /// Cells the flood absorbed.
    pub absorbed_cells: u32,
    /// Cells in the flood after the move.
    pub flooded_cells: u32,
    /// The game's status after the move.
    pub status: Status,
}

/// A game of Flood-It: the initial board, the rules, the moves played and the flood.
///
/// The flood is kept as a set of the board's regions together with its frontier (the regions
/// touching it), so a move absorbs the frontier regions of its colour and adds their
/// neighbours in a few word operations, never refilling the board.
///
/// ```
/// use plateau_floodit::{Color, Config, Game, Status};
///
/// let mut game = Game::from_board("0012\n1122\n2200".parse()?, Config {
///     width: 4, height: 3, colors: 3, max_moves: 5, ..Config::default()
/// })?;
/// assert_eq!(game.flood_color(), Color(0));
/// assert_eq!(game.useful_moves(), [Color(1)]);
/// let flood = game.play(Color(1))?;
/// assert_eq!(flood.absorbed_cells, 3);
/// assert!(game.play(Color(1)).is_err()); // already the flood colour
/// game.play(Color(2))?;
/// game.play(Color(0))?;
/// assert_eq!(game.status(), Status::Won { moves: 3 });
/// assert!(game.is_uniform());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Game {
    config: Config,
    initial: Board,
    graph: Arc<RegionGraph>,
    /// The flooded regions then the frontier regions, `words` words each (one allocation).
    sets: Vec<u64>,
    flood_color: u8,
    flooded_cells: u32,
    history: Vec<Color>,
}

impl Game {
    /// A new game on a seeded random board ([`Board::random`]).
    ///
    /// # Errors
    /// The configuration's error, if it is invalid.
    ///
    /// ```
    /// use plateau_floodit::{Config, Game};
    ///
    /// let a = Game::new(Config::default(), 7)?;
    /// assert_eq!(a.initial_board(), Game::new(Config::default(), 7)?.initial_board());
    /// assert_eq!(a.moves_left(), 22);
    /// # Ok::<(), plateau_floodit::BoardError>(())
    /// ```
    pub fn new(config: Config, seed: u64) -> Result<Game, BoardError> {
        Game::new_with_rng(config, &mut random::seeded(seed))
    }

    /// A new game on a random board drawn from `rng` ([`Board::random_with_rng`]).
    ///
    /// # Errors
    /// The configuration's error, if it is invalid.
    pub fn new_with_rng<R: Rng + ?Sized>(config: Config, rng: &mut R) -> Result<Game, BoardError> {
        let board = Board::random_with_rng(&config, rng)?;
        Game::from_board(board, config)
    }

    /// A new game on a given board.
    ///
    /// # Errors
    /// [`BoardError`] if the configuration is invalid or the board does not fit it.
    pub fn from_board(board: Board, config: Config) -> Result<Game, BoardError> {
        board.check(&config)?;
        let graph = RegionGraph::new(&board, config.colors);
        let words = graph.words;
        let start = graph.regions.label(config.start).unwrap_or(0);
        let mut game = Game {
            config,
            flood_color: graph.color[start as usize],
            graph: Arc::new(graph),
            initial: board,
            sets: alloc::vec![0; 2 * words],
            flooded_cells: 0,
            history: Vec::new(),
        };
        game.history.reserve(game.history_capacity());
        game.sets[start as usize / 64] |= 1 << (start % 64);
        game.flooded_cells = game.graph.regions.size(start) as u32;
        for &nb in game.graph.regions.neighbors(start) {
            game.sets[words + nb as usize / 64] |= 1 << (nb % 64);
        }
        Ok(game)
    }

    /// The rules.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The board before any move.
    #[must_use]
    pub fn initial_board(&self) -> &Board {
        &self.initial
    }

    /// The colours now on the board (the flood painted in its colour).
    #[must_use]
    pub fn board(&self) -> Board {
        let labels = self.graph.regions.labels();
        let grid = Grid::from_fn(Size::new(self.config.width, self.config.height), |p| {
            let r = labels[p] as usize;
            if self.is_flooded_region(r) {
                self.flood_color
            } else {
                self.initial.grid()[p]
            }
        });
        // The dimensions come from a valid board, so the grid always builds.
        Board::from_grid(grid.unwrap_or_else(|_| self.initial.grid().clone()))
    }

    /// The colour of a cell now, or `None` off the board.
    #[must_use]
    pub fn cell(&self, pos: Pos) -> Option<Color> {
        let r = self.graph.regions.label(pos)? as usize;
        Some(Color(if self.is_flooded_region(r) {
            self.flood_color
        } else {
            self.initial.grid()[pos]
        }))
    }

    fn is_flooded_region(&self, r: usize) -> bool {
        self.sets[r / 64] >> (r % 64) & 1 == 1
    }

    /// The flood's colour.
    #[must_use]
    pub fn flood_color(&self) -> Color {
        Color(self.flood_color)
    }

    /// The flooded cells.
    #[must_use]
    pub fn flooded_region(&self) -> BitGrid {
        let labels = self.graph.regions.labels();
        BitGrid::from_fn(Size::new(self.config.width, self.config.height), |p| {
            self.is_flooded_region(labels[p] as usize)
        })
        .unwrap_or_else(|_| unreachable!("configurations are at most 64 x 64"))
    }

    /// Whether a cell is flooded (`false` off the board).
    #[must_use]
    pub fn is_flooded(&self, pos: Pos) -> bool {
        self.graph
            .regions
            .label(pos)
            .is_some_and(|r| self.is_flooded_region(r as usize))
    }

    /// Number of flooded cells.
    #[must_use]
    pub fn flooded_cells(&self) -> usize {
        self.flooded_cells as usize
    }

    /// Number of regions (maximal one-colour groups) of the initial board.
    #[must_use]
    pub fn region_count(&self) -> usize {
        self.graph.count()
    }

    /// Moves played so far.
    #[must_use]
    pub fn moves_used(&self) -> u32 {
        self.history.len() as u32
    }

    /// Moves still allowed.
    #[must_use]
    pub fn moves_left(&self) -> u32 {
        self.config.max_moves.saturating_sub(self.moves_used())
    }

    /// The colours played, in order.
    #[must_use]
    pub fn history(&self) -> &[Color] {
        &self.history
    }

    /// Whether the whole board is one colour.
    #[must_use]
    pub fn is_uniform(&self) -> bool {
        self.flooded_cells == self.graph.cells
    }

    /// Won, lost or in progress.
    #[must_use]
    pub fn status(&self) -> Status {
        if self.is_uniform() {
            Status::Won {
                moves: self.moves_used(),
            }
        } else if self.moves_used() >= self.config.max_moves {
            Status::Lost
        } else {
            Status::InProgress
        }
    }

    /// Whether the game is won or lost.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.status() != Status::InProgress
    }

    /// Whether [`Game::play`] would accept `color`.
    #[must_use]
    pub fn is_legal(&self, color: Color) -> bool {
        self.check(color).is_ok()
    }

    fn check(&self, color: Color) -> Result<(), IllegalMove> {
        let status = self.status();
        if status != Status::InProgress {
            return Err(IllegalMove::GameOver { status });
        }
        if color.0 >= self.config.colors {
            return Err(IllegalMove::OutOfRange {
                color,
                colors: self.config.colors,
            });
        }
        if color.0 == self.flood_color {
            return Err(IllegalMove::FloodColor { color });
        }
        Ok(())
    }

    /// The legal moves: every colour but the flood's, while the game is in progress.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Color> {
        if self.is_over() {
            return Vec::new();
        }
        (0..self.config.colors)
            .filter(|&c| c != self.flood_color)
            .map(Color)
            .collect()
    }

    /// The legal moves that make progress: the colours of the regions touching the flood.
    /// Any other legal move only repaints the flood.
    #[must_use]
    pub fn useful_moves(&self) -> Vec<Color> {
        if self.is_over() {
            return Vec::new();
        }
        (0..self.config.colors)
            .filter(|&c| self.touches(c))
            .map(Color)
            .collect()
    }

    fn touches(&self, c: u8) -> bool {
        self.graph
            .colour_set(c)
            .iter()
            .zip(self.frontier_set())
            .any(|(a, b)| a & b != 0)
    }

    /// Cells that playing `color` would absorb now (0 for a colour not touching the flood
    /// or out of range).
    #[must_use]
    pub fn gain(&self, color: Color) -> usize {
        if color.0 >= self.config.colors {
            return 0;
        }
        let sizes = self.graph.regions.sizes();
        let mut cells = 0;
        for (i, (a, b)) in self
            .graph
            .colour_set(color.0)
            .iter()
            .zip(self.frontier_set())
            .enumerate()
        {
            let mut bits = a & b;
            while bits != 0 {
                cells += sizes[i * 64 + bits.trailing_zeros() as usize] as usize;
                bits &= bits - 1;
            }
        }
        cells
    }

    /// Plays a colour: the flood takes it and absorbs every adjacent region of that colour.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] once the game is won or lost, [`IllegalMove::OutOfRange`]
    /// for a colour the game does not have, [`IllegalMove::FloodColor`] for the flood's own
    /// colour (which would do nothing and counts no move). The game is unchanged on error.
    pub fn play(&mut self, color: Color) -> Result<Flood, IllegalMove> {
        self.check(color)?;
        let (absorbed_regions, absorbed_cells) = self.absorb(color.0);
        self.flood_color = color.0;
        self.history.push(color);
        Ok(Flood {
            color,
            absorbed_regions,
            absorbed_cells,
            flooded_cells: self.flooded_cells,
            status: self.status(),
        })
    }

    #[inline]
    fn absorb(&mut self, c: u8) -> (u32, u32) {
        let g = &*self.graph;
        let sizes = g.regions.sizes();
        let mask = g.colour_set(c);
        let (mut regions, mut cells) = (0, 0);
        let (flooded, frontier) = self.sets.split_at_mut(g.words);
        for (i, &m) in mask.iter().enumerate() {
            // Regions of one colour are never adjacent, so the neighbours added below never
            // hold this colour and cannot change `new` for a later word.
            let mut new = frontier[i] & m;
            flooded[i] |= new;
            while new != 0 {
                let r = i * 64 + new.trailing_zeros() as usize;
                new &= new - 1;
                regions += 1;
                cells += sizes[r];
                for &nb in g.regions.neighbors(r as u32) {
                    frontier[nb as usize / 64] |= 1 << (nb % 64);
                }
            }
        }
        for (f, d) in frontier.iter_mut().zip(flooded.iter()) {
            *f &= !d;
        }
        self.flooded_cells += cells;
        (regions, cells)
    }

    fn history_capacity(&self) -> usize {
        (self.config.max_moves as usize).clamp(self.history.len(), 256)
    }

    pub(crate) fn graph(&self) -> &RegionGraph {
        &self.graph
    }

    pub(crate) fn flooded_set(&self) -> &[u64] {
        &self.sets[..self.graph.words]
    }

    pub(crate) fn frontier_set(&self) -> &[u64] {
        &self.sets[self.graph.words..]
    }
}

/// Clones keep room for the whole game's moves, so playing on a clone does not allocate.
impl Clone for Game {
    fn clone(&self) -> Self {
        let mut history = Vec::with_capacity(self.history_capacity());
        history.extend_from_slice(&self.history);
        Game {
            config: self.config,
            initial: self.initial.clone(),
            graph: Arc::clone(&self.graph),
            sets: self.sets.clone(),
            flood_color: self.flood_color,
            flooded_cells: self.flooded_cells,
            history,
        }
    }
}

/// Two games are equal when they have the same rules, initial board and moves.
impl PartialEq for Game {
    fn eq(&self, other: &Self) -> bool {
        self.config == other.config
            && self.initial == other.initial
            && self.history == other.history
    }
}

impl Eq for Game {}

impl Hash for Game {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.config.hash(state);
        self.initial.hash(state);
        self.history.hash(state);
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("config", &self.config)
            .field("initial", &self.initial)
            .field("history", &self.history)
            .field("status", &self.status())
            .finish_non_exhaustive()
    }
}

/// The current board, one line per row.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.board(), f)
    }
}
