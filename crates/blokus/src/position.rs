//! The position and the move generator: padded row bitboards, one set per colour.
//!
//! # Layout
//!
//! Every board is a `[u32; 28]`: row `y` of the board is word `y + 4`, column `x` is bit
//! `x + 4`. The four-cell margin on every side lets a 9 x 9 window around any cell of a
//! 20 x 20 board be read without bounds checks, and in the *forbidden* boards the margin is
//! set, so a piece reaching off the board fails the same test as a piece overlapping one.
//!
//! Per colour the position keeps:
//! - `forbidden`: cells the colour may not cover (occupied by anyone, sharing an edge with
//!   its own pieces, off the board);
//! - `corners`: its attach cells (free, not forbidden, diagonal to one of its pieces; before
//!   its first move, its start square);
//! - `own`: its cells.
//!
//! # Move generation
//!
//! Every legal placement covers an attach cell. The 414 ways a piece can cover a given cell
//! (orientation x which of its cells lands there) are precomputed once, for every board
//! size, as masks of the 9 x 9 window centred on that cell (`tables::CAND`). Generating the
//! moves is a walk over the attach cells: read the window of `forbidden` around the cell
//! (nine shifts), then test the candidates of the pieces still in hand, one AND each. A
//! placement covering several attach cells is reported once: each attach cell, once
//! walked, is marked forbidden in the scratch copy the windows are read from, so the later
//! cells' windows reject it.

use alloc::vec::Vec;

use crate::piece::orient;
use crate::tables::{CAND, neighbour_group};
use crate::{Color, Move, Placement, Variant};

/// Margin of the padded layout, in cells.
pub(crate) const PAD: usize = 4;
/// Words of a padded board.
pub(crate) const ROWS: usize = 28;
/// A padded board.
pub(crate) type Rows = [u32; ROWS];
/// All 21 pieces in hand.
pub(crate) const ALL_PIECES: u32 = (1 << 21) - 1;

/// One row of a placement's frame, rows `-1..=height` of its bounding box: the padded row,
/// and that row's cells of the piece, cells sharing an edge with it and cells touching it
/// only at a corner, as padded-row bits.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FrameRow {
    pub row: usize,
    pub cells: u32,
    pub edges: u32,
    pub corners: u32,
}

/// The rows of `pl`'s frame, top to bottom (`height + 2` of them).
pub(crate) fn frame(pl: Placement) -> impl Iterator<Item = FrameRow> {
    let o = orient(pl.oid);
    let (x, y) = (usize::from(pl.x) + PAD, usize::from(pl.y) + PAD);
    let h = usize::from(o.height);
    (0..h + 2).map(move |r| FrameRow {
        row: y + r - 1,
        cells: if (1..=h).contains(&r) {
            u32::from(o.rows[r - 1]) << x
        } else {
            0
        },
        edges: u32::from(o.edges[r]) << (x - 1),
        corners: u32::from(o.corners[r]) << (x - 1),
    })
}

/// The state of the board and the hands, without history.
///
/// The fields are private: a position changes only through [`Position::apply`] (a move of
/// the colour to move), [`Position::refresh_blocked`] (the eager check the game needs),
/// [`Position::drop_attach`] (the playouts' pruning of attach cells no placement can use)
/// and [`Position::hand_turn_to`] (a protocol naming the colour of each move), so every
/// path that plays a move (the game, the tree search, the playouts) applies it the same
/// way.
///
/// `blocked` holds colours known to have no legal placement. It is always a subset of the
/// colours that truly have none (once without a move, always without: the forbidden cells
/// only grow and the hands only shrink): `apply` adds the colour that passes, which costs
/// nothing; `refresh_blocked` tests every colour, which [`crate::Game`] does after each
/// placement so that its `is_over` is exact. Search code keeps the lazy form: a colour
/// that cannot move is found out when it has to pass.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Position {
    forbidden: [Rows; 4],
    corners: [Rows; 4],
    own: [Rows; 4],
    /// Pieces in hand, bit `i` for piece `i`.
    left: [u32; 4],
    /// Squares placed.
    placed: [u8; 4],
    /// The last piece placed, as index + 1 (0: none yet).
    last: [u8; 4],
    /// Colours known to have no legal move (see the type's docs).
    blocked: u8,
    to_move: u8,
    colors: u8,
    side: u8,
}

impl Position {
    pub(crate) fn new(variant: Variant) -> Position {
        let side = variant.side();
        let mut free = [0u32; ROWS];
        for row in free.iter_mut().skip(PAD).take(side) {
            *row = ((1u32 << side) - 1) << PAD;
        }
        let forbidden = free.map(|r| !r);
        let mut corners = [[0u32; ROWS]; 4];
        for (c, rows) in corners.iter_mut().enumerate().take(variant.colors()) {
            if let Some(s) = variant.start(Color(c as u8)) {
                rows[s.y + PAD] |= 1 << (s.x + PAD);
            }
        }
        Position {
            forbidden: [forbidden; 4],
            corners,
            own: [[0; ROWS]; 4],
            left: [ALL_PIECES; 4],
            placed: [0; 4],
            last: [0; 4],
            blocked: 0,
            to_move: 0,
            colors: variant.colors() as u8,
            side: side as u8,
        }
    }

    /// The position with `pieces[c]` placed for each colour `c`, in order (each legal after
    /// those before it: not checked), `to_move` to play, no colour blocked yet.
    pub(crate) fn from_pieces(
        variant: Variant,
        pieces: &[Vec<Placement>],
        to_move: Color,
    ) -> Position {
        let mut pos = Position::new(variant);
        for (c, list) in pieces.iter().enumerate().take(variant.colors()) {
            for &pl in list {
                pos.place(c, pl);
            }
        }
        pos.to_move = to_move.0;
        pos
    }

    /// Plays `m` for the colour to move, which must be legal there (not checked): places
    /// the piece, or records that the colour passes (a pass is legal only without a
    /// placement, so the colour is blocked from then on); then the turn goes to the next
    /// colour. The one way every caller plays a move.
    #[inline]
    pub(crate) fn apply(&mut self, m: Move) {
        let c = self.to_move as usize;
        match m {
            Move::Place(pl) => self.place(c, pl),
            Move::Pass => self.blocked |= 1 << c,
        }
        self.to_move = self.next_color(c) as u8;
    }

    /// Adds every colour that has no legal placement to the blocked set, which is then
    /// exact (not only a subset).
    pub(crate) fn refresh_blocked(&mut self) {
        for c in 0..self.colors as usize {
            if self.blocked >> c & 1 == 0 && !self.has_placement(c) {
                self.blocked |= 1 << c;
            }
        }
    }

    /// Removes padded cell `(px, py)` from colour `c`'s attach cells. Only for a cell that
    /// no placement of `c` can cover, now or later (the playouts prove it from the free
    /// room around it and the pieces left): the legal moves stay the same.
    #[inline]
    pub(crate) fn drop_attach(&mut self, c: usize, px: usize, py: usize) {
        self.corners[c][py] &= !(1 << px);
    }

    /// Gives the turn to colour `c` (which must play in the variant: not checked), nothing
    /// else changed.
    pub(crate) fn hand_turn_to(&mut self, c: usize) {
        self.to_move = c as u8;
    }

    /// The colour to move (its index).
    #[inline]
    pub(crate) fn to_move(&self) -> usize {
        self.to_move as usize
    }

    /// Number of colours.
    #[inline]
    pub(crate) fn colors(&self) -> usize {
        self.colors as usize
    }

    /// The side of the board.
    #[inline]
    pub(crate) fn side(&self) -> usize {
        self.side as usize
    }

    /// The pieces colour `c` has in hand, bit `i` for piece `i`.
    #[inline]
    pub(crate) fn left(&self, c: usize) -> u32 {
        self.left[c]
    }

    /// The pieces in hand of the first `n` colours.
    #[inline]
    pub(crate) fn hands(&self, n: usize) -> &[u32] {
        &self.left[..n]
    }

    /// Squares colour `c` has placed.
    #[inline]
    pub(crate) fn placed(&self, c: usize) -> u8 {
        self.placed[c]
    }

    /// The last piece colour `c` placed, as index + 1 (0: none yet).
    #[inline]
    pub(crate) fn last(&self, c: usize) -> u8 {
        self.last[c]
    }

    /// The colours known to have no legal move, bit `c` for colour `c`.
    #[inline]
    pub(crate) fn blocked(&self) -> u8 {
        self.blocked
    }

    /// Whether colour `c` is known to have no legal move.
    #[inline]
    pub(crate) fn is_blocked(&self, c: usize) -> bool {
        self.blocked >> c & 1 == 1
    }

    /// Colour `c`'s attach cells, padded.
    #[inline]
    pub(crate) fn corners(&self, c: usize) -> &Rows {
        &self.corners[c]
    }

    /// The cells colour `c` may not cover, padded (the margin is set).
    #[inline]
    pub(crate) fn forbidden(&self, c: usize) -> &Rows {
        &self.forbidden[c]
    }

    /// Colour `c`'s cells, padded.
    #[inline]
    pub(crate) fn own(&self, c: usize) -> &Rows {
        &self.own[c]
    }

    /// The next colour in turn order.
    #[inline]
    pub(crate) fn next_color(&self, c: usize) -> usize {
        if c + 1 == self.colors as usize {
            0
        } else {
            c + 1
        }
    }

    /// Places `pl` for colour `c`, which must be legal (not checked); does not change the
    /// colour to move or the blocked set (that is [`Position::apply`]'s part).
    #[inline]
    fn place(&mut self, c: usize, pl: Placement) {
        let o = orient(pl.oid);
        let x = usize::from(pl.x) + PAD;
        let y = usize::from(pl.y) + PAD;
        let colors = self.colors as usize;
        for r in 0..usize::from(o.height) {
            let bits = u32::from(o.rows[r]) << x;
            self.own[c][y + r] |= bits;
            for d in 0..colors {
                self.forbidden[d][y + r] |= bits;
                self.corners[d][y + r] &= !bits;
            }
        }
        for r in 0..usize::from(o.height) + 2 {
            let row = y + r - 1;
            let f = self.forbidden[c][row] | u32::from(o.edges[r]) << (x - 1);
            self.forbidden[c][row] = f;
            self.corners[c][row] = (self.corners[c][row] | u32::from(o.corners[r]) << (x - 1)) & !f;
        }
        let piece = o.piece;
        self.left[c] &= !(1 << piece);
        self.placed[c] += o.len;
        self.last[c] = piece + 1;
    }

    /// The 9 x 9 window of `rows` centred on padded cell `(px, py)`, bit `9 * dy + dx`.
    #[inline(always)]
    fn window(rows: &Rows, px: usize, py: usize) -> u128 {
        let mut w = 0u128;
        for i in 0..9 {
            w |= u128::from((rows[py - 4 + i] >> (px - 4)) & 0x1FF) << (9 * i);
        }
        w
    }

    /// Calls `f` with every legal placement of colour `c` (each once), in the documented scan
    /// order: attach cells row by row from the top, left to right; at each, the pieces in
    /// hand from the last letter (`u`, the largest) to the first; within a piece, by which
    /// of the attach cell's neighbours the piece covers (none first, then the 4-bit number
    /// up = 1, left = 2, right = 4, down = 8, increasing); then orientation digit; then which
    /// cell of the piece covers the attach cell, row-major. Stops early when `f` returns
    /// `false`; returns whether it ran to the end.
    #[inline]
    pub(crate) fn for_each_placement(
        &self,
        c: usize,
        mut f: impl FnMut(Placement) -> bool,
    ) -> bool {
        let mut scratch = self.forbidden[c];
        let left = self.left[c];
        let side = self.side as usize;
        for py in PAD..PAD + side {
            let mut bits = self.corners[c][py];
            while bits != 0 {
                let px = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let local = Self::window(&scratch, px, py);
                // Neighbours of the attach cell still free: groups needing others are skipped.
                let free = !neighbour_group(local) & 15;
                let (x, y) = ((px - PAD) as u8, (py - PAD) as u8);
                let mut l = left;
                while l != 0 {
                    let p = 31 - l.leading_zeros() as usize;
                    l &= !(1 << p);
                    let groups = &CAND.group[p];
                    for g in 0..16 {
                        if g & !free != 0 {
                            continue;
                        }
                        let (start, end) = (usize::from(groups[g]), usize::from(groups[g + 1]));
                        let masks = &CAND.masks[start..end];
                        let info = &CAND.info[start..end];
                        for (&mask, &ci) in masks.iter().zip(info) {
                            if mask & local == 0 {
                                let pl = Placement {
                                    oid: ci.orient,
                                    x: x.wrapping_add_signed(ci.dx),
                                    y: y.wrapping_add_signed(ci.dy),
                                };
                                if !f(pl) {
                                    return false;
                                }
                            }
                        }
                    }
                }
                scratch[py] |= 1 << px;
            }
        }
        true
    }

    /// Appends every legal placement of colour `c` to `out` (scan order as
    /// [`Position::for_each_placement`]).
    #[inline]
    pub(crate) fn gen_placements(&self, c: usize, out: &mut Vec<Move>) {
        self.for_each_placement(c, |pl| {
            out.push(Move::Place(pl));
            true
        });
    }

    /// Whether colour `c` has a legal placement.
    pub(crate) fn has_placement(&self, c: usize) -> bool {
        if self.left[c] == 0 || self.blocked >> c & 1 == 1 {
            return false;
        }
        !self.for_each_placement(c, |_| false)
    }

    /// The legal moves of the colour to move: its placements, or a pass when it has none;
    /// nothing when the game is over.
    pub(crate) fn legal_moves_into(&self, over: bool, out: &mut Vec<Move>) {
        out.clear();
        if over {
            return;
        }
        let c = self.to_move as usize;
        if self.blocked >> c & 1 == 0 {
            self.gen_placements(c, out);
        }
        if out.is_empty() {
            out.push(Move::Pass);
        }
    }

    /// Squares of the pieces colour `c` has not placed.
    pub(crate) fn unplaced(&self, c: usize) -> i32 {
        89 - i32::from(self.placed[c])
    }

    /// Whether cell (x, y) of the board is covered by colour `c`.
    pub(crate) fn covered_by(&self, c: usize, x: usize, y: usize) -> bool {
        self.own[c][y + PAD] >> (x + PAD) & 1 == 1
    }

    /// Whether cell (x, y) is an attach cell of colour `c`.
    pub(crate) fn is_corner(&self, c: usize, x: usize, y: usize) -> bool {
        self.corners[c][y + PAD] >> (x + PAD) & 1 == 1
    }

    /// Whether cell (x, y) is forbidden to colour `c`.
    pub(crate) fn is_forbidden(&self, c: usize, x: usize, y: usize) -> bool {
        self.forbidden[c][y + PAD] >> (x + PAD) & 1 == 1
    }

    /// Number of attach cells of colour `c`.
    pub(crate) fn corner_count(&self, c: usize) -> u32 {
        self.corners[c].iter().map(|r| r.count_ones()).sum()
    }
}
