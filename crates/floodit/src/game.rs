//! The game state: the flooded set as a set of regions, grown incrementally. Its moves,
//! through the play contract, are in `play.rs`.

mod play;

use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};

use plateau_grid::{BitGrid, Connectivity, Grid, Play, Pos, Regions, Size, random};
use rand::Rng;

use crate::{Board, Color, Config, Rules, SetupError, Start};

/// The board's regions (maximal groups of 4-connected cells of one colour) and their
/// adjacency, computed once per board. Each game owns its graph (clones copy it), so a game
/// is `Send + Sync` and needs no atomics.
#[derive(Debug, Clone)]
pub(crate) struct RegionGraph {
    pub(crate) regions: Regions,
    /// Colour of each region.
    pub(crate) color: Vec<Color>,
    /// `u64` words in a set of regions.
    pub(crate) words: usize,
    /// For each colour of the rules, the set of its regions (`words` words each).
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
        for (r, first) in (0..n).filter_map(|r| Some((r, regions.representative(r as u32)?))) {
            let c = board.grid()[first];
            color.push(c);
            by_color[c.index() * words + r / 64] |= 1 << (r % 64);
        }
        // At most 64 x 64 cells.
        let cells = board.cells().len() as u32;
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

    pub(crate) fn colour_set(&self, c: Color) -> &[u64] {
        let w = self.words;
        &self.by_color[c.index() * w..(c.index() + 1) * w]
    }
}

/// How a game stands. Exhaustive: a front end matches it without a wildcard arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

/// What one move changed, returned by [`Play::play`], so a front end can animate it without
/// comparing boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Event {
    /// The colour played (the flood's new colour).
    pub color: Color,
    /// The flood's colour before the move.
    pub previous: Color,
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
/// The game implements the workspace's play contract, [`Play`]: one seat, the moves are
/// colours, the game ends won or lost.
///
/// ```
/// use plateau_floodit::{Color, Game, Play, Rules, Status};
///
/// let mut game = Game::from_board(Rules::new(3, 5)?, &"0012\n1122\n2200".parse()?)?;
/// let [c0, c1, c2] = [0, 1, 2].map(|i| Color::ALL[i]);
/// assert_eq!(game.flood_color(), c0);
/// assert_eq!(game.useful_moves(), [c1]);
/// assert_eq!(game.legal_moves(), [c1, c2]);
/// let event = game.play(c1)?;
/// assert_eq!(event.absorbed_cells, 3);
/// assert!(game.play(c1).is_err()); // already the flood colour: refused, nothing counted
/// game.play_all(&[c2, c0])?;
/// assert_eq!(game.status(), Status::Won { moves: 3 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Game {
    rules: Rules,
    /// The rules' start, resolved on this board.
    start: Pos,
    initial: Board,
    graph: RegionGraph,
    /// The flooded regions then the frontier regions, `words` words each (one allocation).
    sets: Vec<u64>,
    flood_color: Color,
    flooded_cells: u32,
    history: Vec<Color>,
}

impl Game {
    /// A new game on a seeded random board ([`Board::random`]).
    ///
    /// ```
    /// use plateau_floodit::{Config, Game};
    ///
    /// let a = Game::new(Config::default(), 7);
    /// assert_eq!(a.initial_board(), Game::new(Config::default(), 7).initial_board());
    /// assert_eq!(a.moves_left(), 22);
    /// ```
    #[must_use]
    pub fn new(config: Config, seed: u64) -> Game {
        Game::new_with_rng(config, &mut random::seeded(seed))
    }

    /// A new game on a random board drawn from `rng` ([`Board::random_with_rng`]).
    pub fn new_with_rng<R: Rng + ?Sized>(config: Config, rng: &mut R) -> Game {
        let board = Board::random_with_rng(config, rng);
        let start = config.start_cell();
        Game::build(board, config.rules(), start)
    }

    /// A new game on a given board, under `rules`; the size is the board's.
    ///
    /// # Errors
    /// [`SetupError::Color`] if a cell holds a colour the rules do not have,
    /// [`SetupError::Start`] if the rules start off the board.
    pub fn from_board(rules: Rules, board: &Board) -> Result<Game, SetupError> {
        let size = board.size();
        // The top-left and centre cells are on every board (a board has at least one cell).
        let start = match rules.start() {
            Start::At(start) if !size.contains(start) => {
                return Err(SetupError::Start { start, size });
            }
            s => s.cell(size).unwrap_or_default(),
        };
        if let Some((pos, &color)) = board
            .grid()
            .iter_pos()
            .find(|(_, c)| c.get() >= rules.colors())
        {
            return Err(SetupError::Color {
                pos,
                color,
                colors: rules.colors(),
            });
        }
        Ok(Game::build(board.clone(), rules, start))
    }

    fn build(board: Board, rules: Rules, start: Pos) -> Game {
        let graph = RegionGraph::new(&board, rules.colors());
        let words = graph.words;
        let root = graph.regions.label(start).unwrap_or(0);
        let mut game = Game {
            rules,
            start,
            flood_color: graph.color[root as usize],
            initial: board,
            sets: alloc::vec![0; 2 * words],
            flooded_cells: 0,
            history: Vec::new(),
            graph,
        };
        game.history.reserve(game.history_capacity());
        game.reset_flood();
        game
    }

    /// The flood of the initial board: the start cell's region, its neighbours the frontier.
    fn reset_flood(&mut self) {
        let words = self.graph.words;
        let root = self.graph.regions.label(self.start).unwrap_or(0);
        self.sets.fill(0);
        self.sets[root as usize / 64] |= 1 << (root % 64);
        self.flooded_cells = self.graph.regions.size(root) as u32;
        self.flood_color = self.graph.color[root as usize];
        for &nb in self.graph.regions.neighbors(root) {
            self.sets[words + nb as usize / 64] |= 1 << (nb % 64);
        }
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The board size and rules, as a configuration (which gives random games like this
    /// one).
    #[must_use]
    pub fn config(&self) -> Config {
        // The board and its rules were checked together, so this is a valid configuration.
        Config::new(self.size(), self.rules)
            .unwrap_or_else(|_| unreachable!("a game's board fits its rules"))
    }

    /// The board's size.
    #[must_use]
    pub fn size(&self) -> Size {
        self.initial.size()
    }

    /// The cell the flood started from.
    #[must_use]
    pub fn start_cell(&self) -> Pos {
        self.start
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
        let initial = self.initial.cells();
        let cells = labels
            .iter()
            .zip(initial)
            .map(|(&r, &c)| {
                if self.is_flooded_region(r as usize) {
                    self.flood_color
                } else {
                    c
                }
            })
            .collect();
        let grid = Grid::from_vec(self.size(), cells)
            .unwrap_or_else(|_| unreachable!("same size as the initial board"));
        Board::from_valid_grid(grid)
    }

    /// The colour of a cell now, or `None` off the board.
    #[must_use]
    pub fn cell(&self, pos: Pos) -> Option<Color> {
        let r = self.graph.regions.label(pos)? as usize;
        if self.is_flooded_region(r) {
            Some(self.flood_color)
        } else {
            self.initial.get(pos)
        }
    }

    fn is_flooded_region(&self, r: usize) -> bool {
        self.sets[r / 64] >> (r % 64) & 1 == 1
    }

    /// The flood's colour.
    #[must_use]
    pub fn flood_color(&self) -> Color {
        self.flood_color
    }

    /// The flooded cells.
    #[must_use]
    pub fn flooded_region(&self) -> BitGrid {
        let labels = self.graph.regions.labels();
        BitGrid::from_fn(self.size(), |p| self.is_flooded_region(labels[p] as usize))
            .unwrap_or_else(|_| unreachable!("boards are at most 64 x 64"))
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
        // Never more than the move limit, a `u32`.
        self.history.len() as u32
    }

    /// Moves still allowed.
    #[must_use]
    pub fn moves_left(&self) -> u32 {
        self.rules.max_moves().saturating_sub(self.moves_used())
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

    /// The legal moves that make progress: the colours of the regions touching the flood.
    /// Any other legal move only repaints the flood.
    #[must_use]
    pub fn useful_moves(&self) -> Vec<Color> {
        let mut moves = Vec::new();
        self.useful_moves_into(&mut moves);
        moves
    }

    /// [`Game::useful_moves`] into `moves`, which is cleared first.
    pub fn useful_moves_into(&self, moves: &mut Vec<Color>) {
        moves.clear();
        if !self.is_over() {
            moves.extend(Color::first(self.rules.colors()).filter(|&c| self.touches(c)));
        }
    }

    fn touches(&self, c: Color) -> bool {
        self.graph
            .colour_set(c)
            .iter()
            .zip(self.frontier_set())
            .any(|(a, b)| a & b != 0)
    }

    /// Cells that playing `color` would absorb now (0 for a colour not touching the flood
    /// or not in the game).
    #[must_use]
    pub fn gain(&self, color: Color) -> usize {
        if color.get() >= self.rules.colors() {
            return 0;
        }
        let sizes = self.graph.regions.sizes();
        let mut cells = 0;
        for (i, (a, b)) in self
            .graph
            .colour_set(color)
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

    /// Takes back the last move, returning it (`None` at the start). The flood is rebuilt by
    /// replaying the moves before it, a few microseconds.
    pub fn undo(&mut self) -> Option<Color> {
        let last = self.history.pop()?;
        let replay = core::mem::take(&mut self.history);
        self.reset_flood();
        for &c in &replay {
            self.absorb(c);
            self.flood_color = c;
        }
        self.history = replay;
        Some(last)
    }

    #[inline]
    fn absorb(&mut self, c: Color) -> (u32, u32) {
        let g = &self.graph;
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

    /// Room kept for the history: the whole game's moves, up to 256 (a limit of `u32::MAX`
    /// must not reserve gigabytes), and never less than what is already played.
    fn history_capacity(&self) -> usize {
        let limit = usize::try_from(self.rules.max_moves()).unwrap_or(usize::MAX);
        limit.min(256).max(self.history.len())
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
            rules: self.rules,
            start: self.start,
            initial: self.initial.clone(),
            graph: self.graph.clone(),
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
        self.rules == other.rules && self.initial == other.initial && self.history == other.history
    }
}

impl Eq for Game {}

impl Hash for Game {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.rules.hash(state);
        self.initial.hash(state);
        self.history.hash(state);
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules)
            .field("initial", &self.initial)
            .field("history", &self.history)
            .field("status", &self.status())
            .finish_non_exhaustive()
    }
}

/// The current board, one line per row, no trailing newline.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.board(), f)
    }
}
