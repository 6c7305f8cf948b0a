//! [`WordGrid`]: boards of at most 64 cells packed into a single `u64`.

use crate::{GridError, Pos, Size};

/// The geometry of a board of at most 64 cells whose cells are the bits of one `u64`,
/// row-major: cell `(x, y)` is bit `y * width + x`.
///
/// A set of cells of such a board is a plain `u64`; this type knows which bits are on the
/// board and where its left and right edges are, so shifts never wrap a cell onto the next
/// row. It is what small fixed boards use on hot paths: the 4 x 4 taquin's pattern-database
/// construction floods blank regions with it, and a [`Shape`](crate::Shape) (an 8 x 8 box)
/// checks its connectivity with it.
///
/// Build one as a constant so the masks fold into the code:
///
/// ```
/// use plateau_grid::{Pos, Size, WordGrid};
///
/// const BOARD: WordGrid = match WordGrid::new(Size::new(4, 4)) {
///     Ok(b) => b,
///     Err(_) => panic!("4 x 4 fits a word"),
/// };
/// // A wall down column 1 except at the bottom: the flood from the corner goes round it.
/// let wall = BOARD.bit(Pos::new(1, 0)) | BOARD.bit(Pos::new(1, 1)) | BOARD.bit(Pos::new(1, 2));
/// let open = BOARD.cells() & !wall;
/// let region = BOARD.flood4(BOARD.bit(Pos::new(0, 0)), open);
/// assert_eq!(region, open);
/// assert_eq!(BOARD.neighbors4(BOARD.bit(Pos::new(0, 0))).count_ones(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WordGrid {
    width: u32,
    height: u32,
    cells: u64,
    /// The cells that may move one column right (all but the last column).
    not_last_col: u64,
    /// The cells that may move one column left (all but the first column).
    not_first_col: u64,
}

impl WordGrid {
    /// The geometry of a `size` board.
    ///
    /// # Errors
    /// [`GridError::Empty`] for a zero side, [`GridError::ExceedsCapacity`] when the board
    /// has more than 64 cells.
    pub const fn new(size: Size) -> Result<WordGrid, GridError> {
        if size.is_empty() {
            return Err(GridError::Empty { size });
        }
        let area = match size.area() {
            Some(a) if a <= 64 => a,
            _ => {
                return Err(GridError::ExceedsCapacity {
                    size,
                    max: Size::new(64, 1),
                });
            }
        };
        let cells = if area == 64 {
            u64::MAX
        } else {
            (1 << area) - 1
        };
        let mut first_col = 0u64;
        let mut y = 0;
        while y < size.height {
            first_col |= 1 << (y * size.width);
            y += 1;
        }
        let last_col = first_col << (size.width - 1);
        Ok(WordGrid {
            width: size.width as u32,
            height: size.height as u32,
            cells,
            not_last_col: cells & !last_col,
            not_first_col: cells & !first_col,
        })
    }

    /// The board's dimensions.
    #[must_use]
    pub const fn size(self) -> Size {
        Size::new(self.width as usize, self.height as usize)
    }

    /// Every cell of the board.
    #[must_use]
    pub const fn cells(self) -> u64 {
        self.cells
    }

    /// The bit of `pos`, or 0 off the board.
    #[must_use]
    pub const fn bit(self, pos: Pos) -> u64 {
        match self.size().index_of(pos) {
            Some(i) => 1 << i,
            None => 0,
        }
    }

    /// `set` and its orthogonal neighbours on the board (bits off the board are dropped).
    #[must_use]
    #[inline]
    pub const fn grow4(self, set: u64) -> u64 {
        let set = set & self.cells;
        (set | shl(set, self.width)
            | shr(set, self.width)
            | ((set & self.not_last_col) << 1)
            | ((set & self.not_first_col) >> 1))
            & self.cells
    }

    /// The cells orthogonally next to `set`, not in it.
    #[must_use]
    #[inline]
    pub const fn neighbors4(self, set: u64) -> u64 {
        self.grow4(set) & !set
    }

    /// The cells of `open` 4-connected to a cell of `seed` (seed cells outside `open` are
    /// dropped).
    #[must_use]
    #[inline]
    pub const fn flood4(self, seed: u64, open: u64) -> u64 {
        let mut region = seed & open;
        loop {
            let grown = self.grow4(region) & open;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// `x << n`, 0 once every bit has left (a one-row board is 64 cells wide).
#[inline]
const fn shl(x: u64, n: u32) -> u64 {
    if n < 64 { x << n } else { 0 }
}

/// `x >> n`, 0 once every bit has left.
#[inline]
const fn shr(x: u64, n: u32) -> u64 {
    if n < 64 { x >> n } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(w: usize, h: usize) -> WordGrid {
        WordGrid::new(Size::new(w, h)).unwrap()
    }

    #[test]
    fn shifts_never_wrap_rows() {
        let b = board(4, 4);
        // The last cell of row 0 and the first of row 1 are adjacent bits, not neighbours.
        let (end, start) = (b.bit(Pos::new(3, 0)), b.bit(Pos::new(0, 1)));
        assert_eq!(end << 1, start);
        assert_eq!(b.flood4(end, end | start), end);
        assert_eq!(b.flood4(1, 0xFFFF), 0xFFFF);
        assert_eq!(b.flood4(1, 0x1111), 0x1111);
        // Full-word boards keep every bit.
        assert_eq!(board(8, 8).grow4(u64::MAX), u64::MAX);
        assert_eq!(board(64, 1).neighbors4(1 << 63), 1 << 62);
        assert_eq!(board(1, 64).neighbors4(1), 2);
    }

    #[test]
    fn matches_a_cell_by_cell_flood() {
        let mut rng = crate::random::seeded(11);
        for case in 0..2000 {
            let (w, h) = (1 + case % 8, 1 + case / 8 % 8);
            let b = board(w, h);
            let open = rand::Rng::next_u64(&mut rng) & b.cells();
            let seed = 1u64 << crate::random::index(&mut rng, w * h);
            // Reference: repeated single steps over positions.
            let mut region = seed & open;
            loop {
                let mut next = region;
                for p in Size::new(w, h).positions() {
                    if region & b.bit(p) != 0 {
                        for q in crate::Dir::ORTHOGONAL.iter().filter_map(|&d| p.step(d)) {
                            next |= b.bit(q) & open;
                        }
                    }
                }
                if next == region {
                    break;
                }
                region = next;
            }
            assert_eq!(b.flood4(seed, open), region, "{w}x{h} case {case}");
        }
    }

    #[test]
    fn rejects_boards_larger_than_a_word() {
        assert!(WordGrid::new(Size::new(9, 8)).is_err());
        assert!(WordGrid::new(Size::new(0, 8)).is_err());
        assert!(WordGrid::new(Size::new(usize::MAX, 2)).is_err());
        assert_eq!(board(5, 3).size(), Size::new(5, 3));
        assert_eq!(board(5, 3).bit(Pos::new(5, 0)), 0);
    }
}
