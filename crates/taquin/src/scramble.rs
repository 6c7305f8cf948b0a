//! Random boards: uniform among solvable boards, or a random walk from the goal.

use alloc::vec::Vec;

use plateau_grid::random;
use rand::Rng;

use crate::board::Board;
use crate::error::BoardError;
use crate::moves::Move;

impl Board {
    /// A board drawn uniformly among the solvable boards of this size, from a seed.
    ///
    /// The draw is a Fisher–Yates shuffle of all cells ([`plateau_grid::random::shuffle`]);
    /// if the result is unsolvable, tiles 1 and 2 swap places, which flips solvability
    /// without moving the blank. That swap is a bijection between unsolvable and solvable
    /// boards, so every solvable board (the goal included) is equally likely, and there is
    /// no rejection loop.
    ///
    /// # Errors
    /// [`BoardError::InvalidSize`] unless both sides are in `2..=16`.
    ///
    /// ```
    /// use plateau_taquin::Board;
    /// let b = Board::scrambled(4, 4, 7)?;
    /// assert!(b.is_solvable());
    /// assert_eq!(b, Board::scrambled(4, 4, 7)?);
    /// # Ok::<(), plateau_taquin::BoardError>(())
    /// ```
    pub fn scrambled(width: usize, height: usize, seed: u64) -> Result<Board, BoardError> {
        Board::scrambled_with_rng(width, height, &mut random::seeded(seed))
    }

    /// [`Board::scrambled`] with a caller-supplied generator.
    ///
    /// # Errors
    /// [`BoardError::InvalidSize`] unless both sides are in `2..=16`.
    pub fn scrambled_with_rng<R: Rng + ?Sized>(
        width: usize,
        height: usize,
        rng: &mut R,
    ) -> Result<Board, BoardError> {
        let mut tiles: Vec<u8> = Board::solved(width, height)?.tiles().to_vec();
        random::shuffle(rng, &mut tiles);
        let mut board = Board::from_raw(width, height, tiles);
        if !board.is_solvable() {
            let mut tiles = board.tiles().to_vec();
            let a = tiles.iter().position(|&t| t == 1).unwrap_or(0);
            let b = tiles.iter().position(|&t| t == 2).unwrap_or(0);
            tiles.swap(a, b);
            board = Board::from_raw(width, height, tiles);
        }
        Ok(board)
    }

    /// A board reached from the goal by `moves` random moves, from a seed.
    ///
    /// Each step picks uniformly among the legal moves except the one undoing the previous
    /// step, so the walk never immediately backtracks (it can still revisit positions).
    ///
    /// # Errors
    /// [`BoardError::InvalidSize`] unless both sides are in `2..=16`.
    ///
    /// ```
    /// use plateau_taquin::{Board, solve_optimal};
    /// let b = Board::random_walk(3, 3, 10, 1)?;
    /// assert!(solve_optimal(&b)?.moves.len() <= 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn random_walk(
        width: usize,
        height: usize,
        moves: usize,
        seed: u64,
    ) -> Result<Board, BoardError> {
        Board::random_walk_with_rng(width, height, moves, &mut random::seeded(seed))
    }

    /// [`Board::random_walk`] with a caller-supplied generator.
    ///
    /// # Errors
    /// [`BoardError::InvalidSize`] unless both sides are in `2..=16`.
    pub fn random_walk_with_rng<R: Rng + ?Sized>(
        width: usize,
        height: usize,
        moves: usize,
        rng: &mut R,
    ) -> Result<Board, BoardError> {
        let mut board = Board::solved(width, height)?;
        let mut last: Option<Move> = None;
        for _ in 0..moves {
            let mut options = [Move::Up; 4];
            let mut n = 0;
            for m in board.legal_moves() {
                if Some(m.opposite()) != last {
                    options[n] = m;
                    n += 1;
                }
            }
            let m = options[random::below(rng, n as u32) as usize];
            // Legal by construction.
            let _ = board.play(m);
            last = Some(m);
        }
        Ok(board)
    }
}
