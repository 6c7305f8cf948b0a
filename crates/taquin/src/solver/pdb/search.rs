//! Searching with the tables: the IDA* state of the 4 x 4 solver.
//!
//! The heuristic is the larger of the additive sum over the groups and the same sum on the
//! board mirrored along its main diagonal (the goal is symmetric under that transpose, the
//! blank staying at the bottom-right). A move changes one tile, so it changes one group's
//! entry in each sum; the mirrored lookup is skipped when the first sum already prunes.
//!
//! The state is generic over the tables' layout (`layout.rs`): with sparse tables each
//! lookup keeps its index and a move flips one hexadecimal digit of it; with ranked ones
//! each lookup keeps its cells and ranks them again.

use plateau_grid::Size;

use super::build::{entry, rank_fixed};
use super::{MAX_GROUP, N, PatternDatabase};
use crate::board::Board;
use crate::error::SolveError;
use crate::moves::Move;
use crate::solver::ida::{Child, Node};

/// Mirror of a cell along the main diagonal.
const fn transpose(cell: usize) -> usize {
    (cell % 4) * 4 + cell / 4
}

/// [`transpose`] of every cell.
const TRANSPOSE: [u8; N] = {
    let mut out = [0u8; N];
    let mut c = 0;
    while c < N {
        out[c] = transpose(c) as u8;
        c += 1;
    }
    out
};

/// The tile whose goal cell is the mirror of `t`'s goal cell (0 stays 0).
const fn mirror_tile(t: usize) -> usize {
    if t == 0 { 0 } else { transpose(t - 1) + 1 }
}

/// At most one group per tile (15), rounded up so that an index masks into range.
const MAX_GROUPS: usize = 16;
/// One lookup per group in each sum: `g` for the board, `MAX_GROUPS + g` for its mirror.
const UNITS: usize = 2 * MAX_GROUPS;

/// Where a tile is read in one of the sums: its lookup, its slot there (ranked layout) and
/// the shift of its digit in the lookup's index (sparse layout).
#[derive(Clone, Copy, Default)]
struct Place {
    unit: u8,
    slot: u8,
    shift: u8,
}

impl Place {
    #[inline(always)]
    fn unit(self) -> usize {
        usize::from(self.unit) % UNITS
    }

    #[inline(always)]
    fn slot(self) -> usize {
        usize::from(self.slot) % 8
    }

    #[inline(always)]
    fn shift(self) -> u32 {
        u32::from(self.shift) % 32
    }
}

/// The search state, with sparse tables when `SPARSE` and ranked ones otherwise. Each
/// lookup keeps what its table reads (mirrored for the mirror sum), so a move changes one
/// lookup per sum: no gathering, no allocation.
pub(super) struct Search<'a, const SPARSE: bool> {
    tables: [&'a [u8]; UNITS],
    /// Ranked layout: the cells each lookup ranks (padded to eight), and how many of them
    /// it has.
    cells: [[u8; 8]; UNITS],
    len: [u8; UNITS],
    /// Sparse layout: each lookup's index, its cells as hexadecimal digits.
    index: [u32; UNITS],
    /// Each lookup's current entry: its group's moves beyond their Manhattan distance, in
    /// pairs (so a sum is the board's distance plus twice its entries).
    h: [u8; UNITS],
    /// For each tile, where it is read in the sum on the board and in the mirror sum.
    place_n: [Place; N],
    place_r: [Place; N],
    /// cell -> tile
    board: [u8; N],
    blank: usize,
    /// The board's Manhattan distance (the mirrored board's is the same), and the sums of
    /// the entries on the board and on its mirror.
    md: u32,
    sum_n: u32,
    sum_r: u32,
}

/// The Manhattan distance of tile `t` (1..=15) at `cell`: `DIST[t][cell]`.
const DIST: [[u8; N]; N] = {
    let mut out = [[0u8; N]; N];
    let mut t = 1;
    while t < N {
        let mut c = 0;
        while c < N {
            let g = t - 1;
            out[t][c] = ((c % 4).abs_diff(g % 4) + (c / 4).abs_diff(g / 4)) as u8;
            c += 1;
        }
        t += 1;
    }
    out
};

impl<'a, const SPARSE: bool> Search<'a, SPARSE> {
    /// The state of `board` over `pdb`'s tables, which must have the layout `SPARSE` says.
    pub(super) fn new(
        pdb: &'a PatternDatabase,
        board: &Board,
    ) -> Result<Search<'a, SPARSE>, SolveError> {
        if board.size() != Size::square(4) {
            return Err(SolveError::WrongSize {
                expected: Size::square(4),
                found: board.size(),
            });
        }
        let mut s = Search {
            tables: [&[]; UNITS],
            cells: [[0; 8]; UNITS],
            len: [0; UNITS],
            index: [0; UNITS],
            h: [0; UNITS],
            place_n: [Place::default(); N],
            place_r: [Place::default(); N],
            board: [0; N],
            blank: 0,
            md: 0,
            sum_n: 0,
            sum_r: 0,
        };
        let mut pos = [0u8; N];
        for (c, &t) in board.tiles().iter().enumerate() {
            s.board[c] = t.number();
            pos[t.index()] = c as u8;
        }
        s.blank = usize::from(pos[0]);
        s.md = (1..N)
            .map(|t| u32::from(DIST[t][usize::from(pos[t])]))
            .sum();
        // A checked partition has at most 15 groups of at most 7 tiles 1..=15.
        let groups = pdb.partition.groups.len();
        for (g, tiles) in pdb.partition.groups.iter().enumerate() {
            let r = MAX_GROUPS + g;
            let k = tiles.len();
            for u in [g, r] {
                s.tables[u] = &pdb.tables[g];
                s.len[u] = k as u8;
            }
            for (i, &t) in tiles.iter().enumerate() {
                let t = t.index();
                // Slot i of a lookup is its index's digit k - 1 - i (the first tile the
                // most significant).
                let place = |unit| Place {
                    unit: unit as u8,
                    slot: i as u8,
                    shift: (4 * (k - 1 - i)) as u8,
                };
                // On the board, tile t sits in slot i of lookup g.
                s.place_n[t] = place(g);
                s.cells[g][i] = pos[t];
                // On the mirrored board, tile t of the mirrored problem is our
                // mirror_tile(t), seen at the transposed cell.
                let m = mirror_tile(t);
                s.place_r[m] = place(r);
                s.cells[r][i] = TRANSPOSE[usize::from(pos[m])];
            }
            for u in [g, r] {
                s.index[u] = s.cells[u][..k]
                    .iter()
                    .fold(0, |i, &c| i << 4 | u32::from(c));
                // A move from a cell to itself: the entry as things are.
                let c = s.cells[u][0];
                s.h[u] = s.entry_after(u, Place::default(), c, c);
            }
        }
        s.sum_n = s.h[..groups].iter().map(|&v| u32::from(v)).sum();
        s.sum_r = s.h[MAX_GROUPS..MAX_GROUPS + groups]
            .iter()
            .map(|&v| u32::from(v))
            .sum();
        Ok(s)
    }
}

/// What undoes a move: the cells, the tile, and its two lookups' entries before it.
pub(super) struct Undo {
    from: u8,
    to: u8,
    tile: u8,
    old_n: u8,
    old_r: u8,
}

/// The children of a node, looked up together: per move (index in [`Move::ALL`]) the cell
/// the tile comes from (`NONE`: no child there) and the entries it gives both lookups of
/// its tile (the mirror's only read for children the first sum keeps).
pub(super) struct Prep {
    from: [u8; 4],
    n: [u8; 4],
    r: [u8; 4],
}

/// No child in that direction (not a cell).
const NONE: u8 = 16;

impl<const SPARSE: bool> Search<'_, SPARSE> {
    /// The Manhattan distance once `tile` has gone from `from` to `to`.
    #[inline(always)]
    fn md_after(&self, tile: usize, from: usize, to: usize) -> u32 {
        let d = &DIST[tile % N];
        self.md + u32::from(d[to % N]) - u32::from(d[from % N])
    }

    /// The entry of lookup `u` once the tile at `place` in it has gone from cell `from` to
    /// cell `to` (as the lookup sees them: mirrored for the mirror sum).
    #[inline(always)]
    fn entry_after(&self, u: usize, place: Place, from: u8, to: u8) -> u8 {
        if SPARSE {
            let index = self.index[u] ^ u32::from(from ^ to) << place.shift();
            return entry(self.tables[u], index as usize);
        }
        let mut cells = self.cells[u];
        cells[place.slot()] = to;
        let r = match self.len[u] {
            1 => rank_fixed::<1>(&cells),
            2 => rank_fixed::<2>(&cells),
            3 => rank_fixed::<3>(&cells),
            4 => rank_fixed::<4>(&cells),
            5 => rank_fixed::<5>(&cells),
            6 => rank_fixed::<6>(&cells),
            _ => rank_fixed::<MAX_GROUP>(&cells),
        };
        entry(self.tables[u], r)
    }

    /// Moves the tile at `place` of lookup `u` from cell `from` to cell `to`.
    #[inline(always)]
    fn shift_tile(&mut self, u: usize, place: Place, from: u8, to: u8) {
        if SPARSE {
            self.index[u] ^= u32::from(from ^ to) << place.shift();
        } else {
            self.cells[u][place.slot()] = to;
        }
    }
}

impl<const SPARSE: bool> Node for Search<'_, SPARSE> {
    type Undo = Undo;
    type Prep = Prep;

    fn h(&self) -> u32 {
        self.md + 2 * self.sum_n.max(self.sum_r)
    }

    fn is_goal(&self) -> bool {
        // Every tile home, and so the blank too.
        self.md == 0
    }

    #[inline]
    fn prepare(&self, allowed: u8, budget: u32) -> Prep {
        let to = self.blank % N;
        let (bx, by) = (to % 4, to / 4);
        let mut p = Prep {
            from: [NONE; 4],
            n: [0; 4],
            r: [0; 4],
        };
        // Move::ALL is U D L R: the tile comes from below, above, the right, the left.
        let sources = [
            (by < 3, to + 4),
            (by > 0, to.wrapping_sub(4)),
            (bx < 3, to + 1),
            (bx > 0, to.wrapping_sub(1)),
        ];
        for (i, &(legal, from)) in sources.iter().enumerate() {
            if legal && allowed & (1 << i) != 0 {
                let from = from % N;
                p.from[i] = from as u8;
                let place = self.place_n[usize::from(self.board[from]) % N];
                p.n[i] = self.entry_after(place.unit(), place, from as u8, to as u8);
            }
        }
        for i in 0..4 {
            let from = usize::from(p.from[i]);
            if from == usize::from(NONE) {
                continue;
            }
            let from = from % N;
            let tile = usize::from(self.board[from]) % N;
            let un = self.place_n[tile].unit();
            let md = self.md_after(tile, from, to);
            if md + 2 * (self.sum_n - u32::from(self.h[un]) + u32::from(p.n[i])) <= budget {
                let place = self.place_r[tile];
                p.r[i] = self.entry_after(place.unit(), place, TRANSPOSE[from], TRANSPOSE[to]);
            }
        }
        p
    }

    #[inline]
    fn enter(&mut self, m: Move, budget: u32, p: &Prep) -> Child<Undo> {
        let i = m as usize % 4;
        let from = usize::from(p.from[i]);
        if from == usize::from(NONE) {
            return Child::Illegal;
        }
        let from = from % N;
        let to = self.blank % N;
        let tile = usize::from(self.board[from]) % N;
        let (pn, pr) = (self.place_n[tile], self.place_r[tile]);
        let (un, ur) = (pn.unit(), pr.unit());
        let md = self.md_after(tile, from, to);
        let (old_n, new_n) = (self.h[un], p.n[i]);
        let sum_n = self.sum_n - u32::from(old_n) + u32::from(new_n);
        if md + 2 * sum_n > budget {
            return Child::Pruned(md + 2 * sum_n);
        }
        let (old_r, new_r) = (self.h[ur], p.r[i]);
        let sum_r = self.sum_r - u32::from(old_r) + u32::from(new_r);
        if md + 2 * sum_r > budget {
            return Child::Pruned(md + 2 * sum_r);
        }
        self.shift_tile(un, pn, from as u8, to as u8);
        self.shift_tile(ur, pr, TRANSPOSE[from], TRANSPOSE[to]);
        self.h[un] = new_n;
        self.h[ur] = new_r;
        self.md = md;
        self.sum_n = sum_n;
        self.sum_r = sum_r;
        self.board[to] = tile as u8;
        self.board[from] = 0;
        self.blank = from;
        Child::Entered(Undo {
            from: from as u8,
            to: to as u8,
            tile: tile as u8,
            old_n,
            old_r,
        })
    }

    #[inline]
    fn leave(&mut self, _: Move, u: Undo) {
        let (from, to, tile) = (
            usize::from(u.from) % N,
            usize::from(u.to) % N,
            usize::from(u.tile) % N,
        );
        let (pn, pr) = (self.place_n[tile], self.place_r[tile]);
        let (un, ur) = (pn.unit(), pr.unit());
        self.md = self.md_after(tile, to, from);
        self.sum_n = self.sum_n - u32::from(self.h[un]) + u32::from(u.old_n);
        self.sum_r = self.sum_r - u32::from(self.h[ur]) + u32::from(u.old_r);
        self.h[un] = u.old_n;
        self.h[ur] = u.old_r;
        self.shift_tile(un, pn, to as u8, from as u8);
        self.shift_tile(ur, pr, TRANSPOSE[to], TRANSPOSE[from]);
        self.board[from] = tile as u8;
        self.board[to] = 0;
        self.blank = to;
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

    /// The duplicate-path automaton never changes an optimal length: the same searches with
    /// the plain automaton (no move undoes the last) and with the generated one, on random
    /// boards, give solutions of the same length, and the pruned one expands fewer nodes.
    #[test]
    fn the_automaton_keeps_every_optimal_length() {
        use crate::solver::ida;
        use crate::solver::prune::INVERSE_ONLY;
        use crate::{Partition, Play};
        let partition: Partition = "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15".parse().unwrap();
        let pdb = PatternDatabase::build_with(&partition);
        let (mut plain_nodes, mut pruned_nodes) = (0, 0);
        for seed in 0..40u64 {
            let moves = 30 + (seed % 5) as usize * 10;
            let board = Board::random_walk(Size::square(4), moves, seed).unwrap();
            let plain = ida::search_pruned(
                Search::<true>::new(&pdb, &board).unwrap(),
                &INVERSE_ONLY,
                u64::MAX,
                u32::MAX,
            )
            .unwrap()
            .unwrap();
            let pruned = pdb.solve(&board).unwrap();
            assert_eq!(pruned.len(), plain.len(), "seed {seed}");
            let mut replay = board.clone();
            replay.play_all(&pruned.moves).unwrap();
            assert!(replay.is_solved());
            assert!(pruned.nodes <= plain.nodes, "seed {seed}");
            plain_nodes += plain.nodes;
            pruned_nodes += pruned.nodes;
        }
        assert!(
            pruned_nodes * 4 < plain_nodes * 3,
            "{pruned_nodes} vs {plain_nodes}"
        );
    }

    /// The two layouts read the same entries: the same heuristic at the start, and the same
    /// search (moves and node count, so the same bound at every node it expanded).
    #[test]
    fn both_layouts_search_alike() {
        use super::super::layout::to_ranked;
        use crate::Partition;
        use crate::solver::ida;
        let partition: Partition = "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15".parse().unwrap();
        let sparse = PatternDatabase::build_with(&partition);
        let mut ranked = sparse.clone();
        ranked.tables = sparse
            .tables
            .iter()
            .zip(partition.groups())
            .map(|(t, g)| to_ranked(t, g.len()))
            .collect();
        for seed in 0..20u64 {
            let board = Board::random_walk(Size::square(4), 30 + seed as usize, seed).unwrap();
            let a = Search::<true>::new(&sparse, &board).unwrap();
            let b = Search::<false>::new(&ranked, &board).unwrap();
            assert_eq!(a.h(), b.h(), "seed {seed}");
            let next = &sparse.automaton.next;
            let a = ida::search_pruned(a, next, u64::MAX, u32::MAX)
                .unwrap()
                .unwrap();
            let b = ida::search_pruned(b, next, u64::MAX, u32::MAX)
                .unwrap()
                .unwrap();
            assert_eq!(a.moves, b.moves, "seed {seed}");
            assert_eq!(a.nodes, b.nodes, "seed {seed}");
        }
    }
}
