//! Random boards: uniform among solvable boards, or a random walk from the goal.

use plateau_grid::{Size, random};
use rand::Rng;

use crate::board::Board;
use crate::error::SizeError;
use crate::moves::Move;

impl Board {
    /// A new game: a board drawn uniformly among the solvable boards of `size`, from a seed.
    ///
    /// The draw is a Fisher–Yates shuffle of all cells ([`plateau_grid::random::shuffle`]);
    /// if the result is unsolvable, tiles 1 and 2 swap places, which flips solvability
    /// without moving the blank. That swap is a bijection between unsolvable and solvable
    /// boards, so every solvable board (the goal included) is equally likely, and there is
    /// no rejection loop.
    ///
    /// # Errors
    /// [`SizeError`] unless both sides are in `2..=16`.
    ///
    /// ```
    /// use plateau_taquin::{Board, Size};
    /// let b = Board::new(Size::new(4, 4), 7)?;
    /// assert!(b.is_solvable());
    /// assert_eq!(b, Board::new(Size::new(4, 4), 7)?);
    /// # Ok::<(), plateau_taquin::SizeError>(())
    /// ```
    pub fn new(size: Size, seed: u64) -> Result<Board, SizeError> {
        Board::new_with_rng(size, &mut random::seeded(seed))
    }

    /// [`Board::new`] with a caller-supplied generator.
    ///
    /// # Errors
    /// [`SizeError`] unless both sides are in `2..=16`.
    ///
    /// ```
    /// use plateau_taquin::{Board, SeededRng, Size};
    /// use plateau_taquin::SeedableRng;
    /// let mut rng = SeededRng::seed_from_u64(7);
    /// assert_eq!(Board::new_with_rng(Size::new(4, 4), &mut rng)?, Board::new(Size::new(4, 4), 7)?);
    /// # Ok::<(), plateau_taquin::SizeError>(())
    /// ```
    pub fn new_with_rng<R: Rng + ?Sized>(size: Size, rng: &mut R) -> Result<Board, SizeError> {
        let mut tiles = Board::solved(size)?.tiles().to_vec();
        random::shuffle(rng, &mut tiles);
        let mut board = Board::from_raw(size, tiles);
        if !board.is_solvable() {
            let mut tiles = board.tiles().to_vec();
            let a = tiles.iter().position(|t| t.number() == 1).unwrap_or(0);
            let b = tiles.iter().position(|t| t.number() == 2).unwrap_or(0);
            tiles.swap(a, b);
            board = Board::from_raw(size, tiles);
        }
        Ok(board)
    }

    /// A board reached from the goal by `moves` random moves, from a seed: an easier
    /// scramble than [`Board::new`], at most `moves` moves from the goal.
    ///
    /// Each step picks uniformly among the legal moves except the one undoing the previous
    /// step, so the walk never immediately backtracks (it can still revisit positions). The
    /// time taken grows linearly with `moves`.
    ///
    /// # Errors
    /// [`SizeError`] unless both sides are in `2..=16`.
    ///
    /// ```
    /// use plateau_taquin::{Board, Size, solve};
    /// let b = Board::random_walk(Size::new(3, 3), 10, 1)?;
    /// assert!(solve(&b)?.len() <= 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn random_walk(size: Size, moves: usize, seed: u64) -> Result<Board, SizeError> {
        Board::random_walk_with_rng(size, moves, &mut random::seeded(seed))
    }

    /// [`Board::random_walk`] with a caller-supplied generator.
    ///
    /// # Errors
    /// [`SizeError`] unless both sides are in `2..=16`.
    pub fn random_walk_with_rng<R: Rng + ?Sized>(
        size: Size,
        moves: usize,
        rng: &mut R,
    ) -> Result<Board, SizeError> {
        let mut board = Board::solved(size)?;
        let mut last: Option<Move> = None;
        for _ in 0..moves {
            let mut options = [Move::Up; 4];
            let mut n = 0u32;
            for m in Move::ALL {
                if board.can_slide(m) && Some(m.opposite()) != last {
                    options[n as usize] = m;
                    n += 1;
                }
            }
            // Every cell of a board at least 2 x 2 has two neighbours, so one remains. The
            // walk slides on through the goal if it passes there (a solved board refuses
            // `play`, not `slide`), so the stream of boards is the same as ever.
            let m = options[random::below(rng, n) as usize];
            if board.slide(m).is_ok() {
                last = Some(m);
            }
        }
        Ok(board)
    }
}
