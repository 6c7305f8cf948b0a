//! Searching with the tables: the IDA* state of the 4 x 4 solver.
//!
//! The heuristic is the larger of the additive sum over the groups and the same sum on the
//! board mirrored along its main diagonal (the goal is symmetric under that transpose, the
//! blank staying at the bottom-right). A move changes one tile, so it changes one group's
//! entry in each sum; the mirrored lookup is skipped when the first sum already prunes.

use plateau_grid::Size;

use super::build::rank;
use super::{MAX_GROUP, N, PatternDatabase};
use crate::board::Board;
use crate::error::SolveError;
use crate::moves::Move;
use crate::solver::ida::{Child, Node};

/// Mirror of a cell along the main diagonal.
const fn transpose(cell: usize) -> usize {
    (cell % 4) * 4 + cell / 4
}

/// The tile whose goal cell is the mirror of `t`'s goal cell (0 stays 0).
const fn mirror_tile(t: usize) -> usize {
    if t == 0 { 0 } else { transpose(t - 1) + 1 }
}

/// At most one group per tile.
const MAX_GROUPS: usize = 15;

/// The search state: the board both ways (cell to tile, tile to cell) and each group's
/// current entry in both sums.
pub(super) struct Search<'a> {
    tables: [&'a [u8]; MAX_GROUPS],
    /// Tiles of each group (padded), and the group sizes.
    group_tiles: [[u8; MAX_GROUP]; MAX_GROUPS],
    group_len: [u8; MAX_GROUPS],
    groups: usize,
    /// cell -> tile
    board: [u8; N],
    /// tile -> cell
    pos: [u8; N],
    blank: usize,
    /// For each tile, its group, and its group in the mirrored lookup.
    group_of: [u8; N],
    mirror_group_of: [u8; N],
    hn: [u8; MAX_GROUPS],
    hr: [u8; MAX_GROUPS],
    sum_n: u32,
    sum_r: u32,
}

impl<'a> Search<'a> {
    pub(super) fn new(pdb: &'a PatternDatabase, board: &Board) -> Result<Search<'a>, SolveError> {
        if board.size() != Size::square(4) {
            return Err(SolveError::WrongSize {
                expected: Size::square(4),
                found: board.size(),
            });
        }
        let mut s = Search {
            tables: [&[]; MAX_GROUPS],
            group_tiles: [[0; MAX_GROUP]; MAX_GROUPS],
            group_len: [0; MAX_GROUPS],
            groups: pdb.partition.groups.len(),
            board: [0; N],
            pos: [0; N],
            blank: 0,
            group_of: [0; N],
            mirror_group_of: [0; N],
            hn: [0; MAX_GROUPS],
            hr: [0; MAX_GROUPS],
            sum_n: 0,
            sum_r: 0,
        };
        for (c, &t) in board.tiles().iter().enumerate() {
            s.board[c] = t.number();
            s.pos[t.index()] = c as u8;
        }
        s.blank = usize::from(s.pos[0]);
        // A checked partition has at most 15 groups of at most 7 tiles 1..=15.
        for (g, tiles) in pdb.partition.groups.iter().enumerate() {
            s.tables[g] = &pdb.tables[g];
            s.group_len[g] = tiles.len() as u8;
            for (i, &t) in tiles.iter().enumerate() {
                s.group_tiles[g][i] = t.number();
                s.group_of[t.index()] = g as u8;
                // Tile t of the mirrored problem is mirror_tile(t) of ours.
                s.mirror_group_of[mirror_tile(t.index())] = g as u8;
            }
        }
        for g in 0..s.groups {
            s.hn[g] = s.lookup(g);
            s.hr[g] = s.lookup_mirror(g);
        }
        s.sum_n = s.hn[..s.groups].iter().map(|&v| u32::from(v)).sum();
        s.sum_r = s.hr[..s.groups].iter().map(|&v| u32::from(v)).sum();
        Ok(s)
    }

    #[inline(always)]
    fn lookup(&self, g: usize) -> u8 {
        let k = usize::from(self.group_len[g]);
        let mut cells = [0u8; MAX_GROUP];
        for (cell, &t) in cells.iter_mut().zip(&self.group_tiles[g][..k]) {
            *cell = self.pos[usize::from(t)];
        }
        self.tables[g][rank(&cells[..k])]
    }

    #[inline(always)]
    fn lookup_mirror(&self, g: usize) -> u8 {
        let k = usize::from(self.group_len[g]);
        let mut cells = [0u8; MAX_GROUP];
        for (cell, &t) in cells.iter_mut().zip(&self.group_tiles[g][..k]) {
            *cell = transpose(usize::from(self.pos[mirror_tile(usize::from(t))])) as u8;
        }
        self.tables[g][rank(&cells[..k])]
    }
}

/// What undoes a move: the cells, the tile, and the two groups' entries and sums before it.
pub(super) struct Undo {
    from: usize,
    to: usize,
    tile: usize,
    gn: usize,
    gr: usize,
    old_n: u8,
    old_r: u8,
    sum_n: u32,
    sum_r: u32,
}

impl Node for Search<'_> {
    type Undo = Undo;

    fn h(&self) -> u32 {
        self.sum_n.max(self.sum_r)
    }

    fn is_goal(&self) -> bool {
        // Every group home means every tile home, and so the blank too.
        self.sum_n == 0
    }

    #[inline]
    fn enter(&mut self, m: Move, budget: u32) -> Child<Undo> {
        let to = self.blank;
        let (bx, by) = (to % 4, to / 4);
        let from = match m {
            Move::Up if by < 3 => to + 4,
            Move::Down if by > 0 => to - 4,
            Move::Left if bx < 3 => to + 1,
            Move::Right if bx > 0 => to - 1,
            _ => return Child::Illegal,
        };
        let tile = usize::from(self.board[from]);
        self.pos[tile] = to as u8;
        // Normal lookup first; the mirrored one only if the child survives it.
        let gn = usize::from(self.group_of[tile]);
        let old_n = self.hn[gn];
        let new_n = self.lookup(gn);
        let sum_n = self.sum_n - u32::from(old_n) + u32::from(new_n);
        if sum_n > budget {
            self.pos[tile] = from as u8;
            return Child::Pruned(sum_n);
        }
        let gr = usize::from(self.mirror_group_of[tile]);
        let old_r = self.hr[gr];
        let new_r = self.lookup_mirror(gr);
        let sum_r = self.sum_r - u32::from(old_r) + u32::from(new_r);
        if sum_r > budget {
            self.pos[tile] = from as u8;
            return Child::Pruned(sum_r);
        }
        let undo = Undo {
            from,
            to,
            tile,
            gn,
            gr,
            old_n,
            old_r,
            sum_n: self.sum_n,
            sum_r: self.sum_r,
        };
        self.hn[gn] = new_n;
        self.hr[gr] = new_r;
        self.sum_n = sum_n;
        self.sum_r = sum_r;
        self.board[to] = tile as u8;
        self.board[from] = 0;
        self.blank = from;
        Child::Entered(undo)
    }

    #[inline]
    fn leave(&mut self, _: Move, u: Undo) {
        self.hn[u.gn] = u.old_n;
        self.hr[u.gr] = u.old_r;
        self.sum_n = u.sum_n;
        self.sum_r = u.sum_r;
        self.board[u.from] = u.tile as u8;
        self.board[u.to] = 0;
        self.pos[u.tile] = u.from as u8;
        self.blank = u.to;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_maps_the_goal_to_itself() {
        for t in 0..16 {
            assert_eq!(mirror_tile(mirror_tile(t)), t);
        }
        assert_eq!(mirror_tile(2), 5);
        assert_eq!(mirror_tile(15), 12);
        assert_eq!(mirror_tile(11), 11);
        assert_eq!(transpose(1), 4);
    }
}
