//! Additive pattern databases and the optimal 4 x 4 solver built on them.
//!
//! The fifteen tiles are split into disjoint groups (by default 6-6-3). For each group a
//! table gives, for every placement of its tiles, the fewest moves **of those tiles** needed
//! to bring them home, the other tiles being indistinguishable. Moves of the other tiles cost
//! nothing there, so the tables add up to an admissible heuristic (Korf and Felner, "Disjoint
//! pattern database heuristics", 2002). The solver also looks the tables up on the board
//! mirrored along its main diagonal (the goal is symmetric under that transpose, the blank
//! staying at the bottom-right) and takes the larger of the two sums.
//!
//! Each table is built by a breadth-first search backwards from the goal over (placement,
//! blank cell) pairs, where a blank step onto a non-pattern cell costs 0 and a step that
//! slides a pattern tile costs 1.

use alloc::vec;
use alloc::vec::Vec;

use crate::board::Board;
use crate::error::{PatternError, SolveError};
use crate::moves::Move;
use crate::solver::Solution;

const N: usize = 16;
/// Largest group a table can be built for (7 tiles: 57.7 M entries).
pub const MAX_GROUP: usize = 7;
const MAGIC: &[u8; 8] = b"PLTQPDB1";

/// The default 6-6-3 partition of the tiles 1..=15 (goal with the blank at the bottom-right):
/// the left block, the bottom-right block and the rest of the top row.
pub const DEFAULT_PARTITION: [&[u8]; 3] =
    [&[1, 5, 6, 9, 10, 13], &[7, 8, 11, 12, 14, 15], &[2, 3, 4]];

/// Mirror of a cell along the main diagonal.
const fn transpose(cell: usize) -> usize {
    (cell % 4) * 4 + cell / 4
}

/// The tile whose goal cell is the mirror of `t`'s goal cell (0 stays 0).
const fn mirror_tile(t: usize) -> usize {
    if t == 0 { 0 } else { transpose(t - 1) + 1 }
}

fn table_len(k: usize) -> usize {
    (0..k).map(|i| N - i).product()
}

/// Rank of a placement of `k` distinct cells (lexicographic over partial permutations).
#[inline]
fn rank(cells: &[u8]) -> usize {
    // Digit i is cell i minus the number of earlier cells below it: counted by comparisons
    // (independent, branch-free) rather than a popcount, which the baseline x86-64 target
    // lacks.
    let mut idx = 0usize;
    for (i, &c) in cells.iter().enumerate() {
        let below: usize = cells[..i].iter().map(|&e| usize::from(e < c)).sum();
        idx = idx * (N - i) + (usize::from(c) - below);
    }
    idx
}

/// Additive pattern databases for the 4 x 4 puzzle, and an optimal IDA* solver using them.
///
/// ```no_run
/// use plateau_taquin::{Board, PatternDatabase};
///
/// let pdb = PatternDatabase::build(); // 6-6-3, a couple of seconds in release
/// let board = Board::scrambled(4, 4, 1)?;
/// let solution = pdb.solve(&board)?;
/// let mut replay = board.clone();
/// replay.play_all(&solution.moves)?;
/// assert!(replay.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct PatternDatabase {
    groups: Vec<Vec<u8>>,
    tables: Vec<Vec<u8>>,
}

impl core::fmt::Debug for PatternDatabase {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PatternDatabase")
            .field("groups", &self.groups)
            .field("entries", &self.tables.iter().map(Vec::len).sum::<usize>())
            .finish()
    }
}

impl PatternDatabase {
    /// Builds the default 6-6-3 databases ([`DEFAULT_PARTITION`]): about 11.5 MB, a few
    /// seconds in release.
    #[must_use]
    pub fn build() -> PatternDatabase {
        match PatternDatabase::build_with(&DEFAULT_PARTITION) {
            Ok(pdb) => pdb,
            Err(_) => unreachable!("the default partition is valid"),
        }
    }

    /// Builds databases for any partition of the tiles 1..=15 into groups of at most
    /// [`MAX_GROUP`] tiles. Smaller groups build faster and prune less.
    ///
    /// # Errors
    /// [`PatternError::InvalidPartition`] unless every tile 1..=15 is in exactly one group
    /// and every group has 1 to 7 tiles.
    ///
    /// ```
    /// use plateau_taquin::{Board, PatternDatabase};
    /// let pdb = PatternDatabase::build_with(&[&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10], &[11, 12, 13, 14, 15]])?;
    /// assert_eq!(pdb.heuristic(&Board::solved(4, 4)?)?, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build_with(partition: &[&[u8]]) -> Result<PatternDatabase, PatternError> {
        let groups = check_partition(partition.iter().map(|g| g.to_vec()).collect())?;
        let tables = groups.iter().map(|g| build_table(g)).collect();
        Ok(PatternDatabase { groups, tables })
    }

    /// The tile groups, as given.
    #[must_use]
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }

    /// The heuristic value of a 4 x 4 board: the larger of the additive sum and the additive
    /// sum on the mirrored board. Never more than the optimal solution length.
    ///
    /// # Errors
    /// [`SolveError::WrongSize`] for a board that is not 4 x 4.
    pub fn heuristic(&self, board: &Board) -> Result<u32, SolveError> {
        let search = Search::new(self, board)?;
        Ok(search.h())
    }

    /// Solves a 4 x 4 board optimally (IDA*).
    ///
    /// # Errors
    /// [`SolveError::WrongSize`] for a board that is not 4 x 4, [`SolveError::Unsolvable`].
    pub fn solve(&self, board: &Board) -> Result<Solution, SolveError> {
        self.solve_limited(board, u64::MAX)
    }

    /// [`PatternDatabase::solve`] that gives up after `max_nodes` expanded nodes.
    ///
    /// # Errors
    /// As [`PatternDatabase::solve`], plus [`SolveError::NodeLimit`].
    pub fn solve_limited(&self, board: &Board, max_nodes: u64) -> Result<Solution, SolveError> {
        let mut search = Search::new(self, board)?;
        if !board.is_solvable() {
            return Err(SolveError::Unsolvable);
        }
        search.max_nodes = max_nodes;
        let mut bound = search.h();
        loop {
            if search.sum_n == 0 {
                return Ok(Solution {
                    moves: Vec::new(),
                    nodes: 0,
                });
            }
            match search.dfs(0, bound, 4) {
                Step::Found => {
                    return Ok(Solution {
                        moves: search.path,
                        nodes: search.nodes,
                    });
                }
                Step::Exceeded(next) => bound = next,
                Step::Abort => {
                    return Err(SolveError::NodeLimit {
                        nodes: search.nodes,
                    });
                }
            }
        }
    }

    /// The databases as bytes: a magic header, the groups, then one byte per table entry.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + self.tables.iter().map(Vec::len).sum::<usize>());
        out.extend_from_slice(MAGIC);
        out.push(self.groups.len() as u8);
        for g in &self.groups {
            out.push(g.len() as u8);
            out.extend_from_slice(g);
        }
        for t in &self.tables {
            out.extend_from_slice(t);
        }
        out
    }

    /// Reads databases written by [`PatternDatabase::to_bytes`].
    ///
    /// # Errors
    /// [`PatternError::Corrupt`] when the image is truncated, has trailing bytes or a bad
    /// header, or [`PatternError::InvalidPartition`].
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternDatabase, PatternError> {
        let rest = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or(PatternError::Corrupt("bad magic"))?;
        let (&count, mut rest) = rest
            .split_first()
            .ok_or(PatternError::Corrupt("truncated"))?;
        let mut groups = Vec::new();
        for _ in 0..count {
            let (&k, r) = rest
                .split_first()
                .ok_or(PatternError::Corrupt("truncated"))?;
            let k = usize::from(k);
            if r.len() < k {
                return Err(PatternError::Corrupt("truncated"));
            }
            groups.push(r[..k].to_vec());
            rest = &r[k..];
        }
        let groups = check_partition(groups)?;
        let mut tables = Vec::new();
        for g in &groups {
            let len = table_len(g.len());
            if rest.len() < len {
                return Err(PatternError::Corrupt("truncated"));
            }
            tables.push(rest[..len].to_vec());
            rest = &rest[len..];
        }
        if !rest.is_empty() {
            return Err(PatternError::Corrupt("trailing bytes"));
        }
        Ok(PatternDatabase { groups, tables })
    }

    /// Writes [`PatternDatabase::to_bytes`] to a file.
    ///
    /// # Errors
    /// Any I/O error.
    #[cfg(feature = "std")]
    pub fn save(&self, path: impl AsRef<std::path::Path>) -> std::io::Result<()> {
        std::fs::write(path, self.to_bytes())
    }

    /// Reads a file written by [`PatternDatabase::save`].
    ///
    /// # Errors
    /// Any I/O error; a corrupt file gives [`std::io::ErrorKind::InvalidData`].
    #[cfg(feature = "std")]
    pub fn load(path: impl AsRef<std::path::Path>) -> std::io::Result<PatternDatabase> {
        let bytes = std::fs::read(path)?;
        PatternDatabase::from_bytes(&bytes)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }

    /// Loads the databases from `path` if it holds a valid image of the default partition,
    /// otherwise builds them and tries to save them there (a failed save is ignored).
    #[cfg(feature = "std")]
    #[must_use]
    pub fn load_or_build(path: impl AsRef<std::path::Path>) -> PatternDatabase {
        let path = path.as_ref();
        if let Ok(pdb) = PatternDatabase::load(path)
            && pdb
                .groups
                .iter()
                .map(Vec::as_slice)
                .eq(DEFAULT_PARTITION.iter().copied())
        {
            return pdb;
        }
        let pdb = PatternDatabase::build();
        let _ = pdb.save(path);
        pdb
    }
}

fn check_partition(groups: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, PatternError> {
    let mut seen = [false; N];
    for g in &groups {
        if g.is_empty() || g.len() > MAX_GROUP {
            return Err(PatternError::InvalidPartition(
                "every group needs 1 to 7 tiles",
            ));
        }
        for &t in g {
            let t = usize::from(t);
            if t == 0 || t >= N {
                return Err(PatternError::InvalidPartition("tiles are 1..=15"));
            }
            if seen[t] {
                return Err(PatternError::InvalidPartition("a tile is in two groups"));
            }
            seen[t] = true;
        }
    }
    if seen[1..].iter().any(|&s| !s) {
        return Err(PatternError::InvalidPartition("a tile is in no group"));
    }
    Ok(groups)
}

/// Neighbour cells of each cell on the 4 x 4 board (up to four; 16 = none).
const NEIGHBORS: [[u8; 4]; N] = {
    let mut out = [[16u8; 4]; N];
    let mut c = 0;
    while c < N {
        let (x, y) = (c % 4, c / 4);
        let mut k = 0;
        if y > 0 {
            out[c][k] = (c - 4) as u8;
            k += 1;
        }
        if y < 3 {
            out[c][k] = (c + 4) as u8;
            k += 1;
        }
        if x > 0 {
            out[c][k] = (c - 1) as u8;
            k += 1;
        }
        if x < 3 {
            out[c][k] = (c + 1) as u8;
        }
        c += 1;
    }
    out
};

/// Cells at the left (`x = 0`) and right (`x = 3`) edges, as 16-bit masks.
const LEFT_EDGE: u32 = 0x1111;
const RIGHT_EDGE: u32 = 0x8888;

/// Grows `seed` inside `free` to a fixed point (4-connected, on the 4 x 4 board).
#[inline]
fn flood(seed: u32, free: u32) -> u32 {
    let mut m = seed & free;
    loop {
        let grown =
            (m | (m << 4) | (m >> 4) | ((m << 1) & !LEFT_EDGE) | ((m >> 1) & !RIGHT_EDGE)) & free;
        if grown == m {
            return m;
        }
        m = grown;
    }
}

/// Builds one group's table: with the sparse working index for groups of up to 6 tiles
/// (fast, 4 bytes per 16^k slots: 64 MiB for 6 tiles), the compact one beyond.
fn build_table(group: &[u8]) -> Vec<u8> {
    if group.len() <= 6 {
        build_table_sparse(group)
    } else {
        build_table_compact(group)
    }
}

/// [`build_table_compact`] with a sparse working index: one nibble per tile's cell, the
/// first tile in the most significant one (so index order agrees with [`rank`] order). A
/// slide changes one nibble (no ranking per generated state), the frontier is visited in
/// index order, and the compact rank is computed once per placement, for the result.
fn build_table_sparse(group: &[u8]) -> Vec<u8> {
    let k = group.len();
    let mut dist = vec![u8::MAX; table_len(k)];
    // Per slot: bits 0..16 the blank cells closed, bits 16..32 those waiting for the next depth.
    let mut state = vec![0u32; 1 << (4 * k)];
    let goal = group.iter().fold(0u64, |s, &t| (s << 4) | u64::from(t - 1));
    let mut current: Vec<u64> = vec![goal | (1 << (32 + 15))];
    let mut next: Vec<u64> = Vec::new();
    let mut depth = 0u8;
    let mut cells = [0u8; MAX_GROUP];
    while !current.is_empty() {
        for &entry in &current {
            let s = (entry & 0xFFFF_FFFF) as usize;
            let closed = state[s] & 0xFFFF;
            let frontier = (entry >> 32) as u32 & !closed;
            if frontier == 0 {
                continue;
            }
            let mut occupied = 0u32;
            for (i, cell) in cells[..k].iter_mut().enumerate() {
                *cell = ((s >> (4 * (k - 1 - i))) & 15) as u8;
                occupied |= 1 << *cell;
            }
            let region = flood(frontier, !occupied & 0xFFFF);
            state[s] |= region;
            if closed == 0 {
                let r = rank(&cells[..k]);
                if dist[r] == u8::MAX {
                    dist[r] = depth;
                }
            }
            for (i, &c) in cells[..k].iter().enumerate() {
                let shift = 4 * (k - 1 - i);
                let base = s & !(15 << shift);
                for &b in &NEIGHBORS[usize::from(c)] {
                    if b == 16 {
                        break;
                    }
                    if region & (1 << b) == 0 {
                        continue;
                    }
                    let ns = base | (usize::from(b) << shift);
                    let w = state[ns];
                    let bit = 1u32 << c;
                    if (w | (w >> 16)) & bit == 0 {
                        if w >> 16 == 0 {
                            next.push(ns as u64);
                        }
                        state[ns] = w | (bit << 16);
                    }
                }
            }
        }
        next.sort_unstable();
        for entry in &mut next {
            let s = *entry as usize;
            *entry |= u64::from(state[s] >> 16) << 32;
            state[s] &= 0xFFFF;
        }
        current.clear();
        core::mem::swap(&mut current, &mut next);
        depth += 1;
    }
    dist
}

/// Inverse of [`rank`]: fills `cells` and returns the mask of occupied cells.
fn unrank(mut idx: usize, cells: &mut [u8]) -> u32 {
    let k = cells.len();
    let mut digits = [0usize; MAX_GROUP];
    for i in (0..k).rev() {
        let base = N - i;
        digits[i] = idx % base;
        idx /= base;
    }
    let mut used = 0u32;
    for (cell, &digit) in cells.iter_mut().zip(&digits[..k]) {
        // The digit-th free cell, in increasing order.
        let mut free = !used & 0xFFFF;
        for _ in 0..digit {
            free &= free - 1;
        }
        let c = free.trailing_zeros();
        *cell = c as u8;
        used |= 1 << c;
    }
    used
}

/// Breadth-first construction of one group's table (see the module docs).
///
/// A state is a placement of the group's tiles plus the blank's cell. Blank steps onto
/// non-pattern cells are free, so the states are handled a whole blank region at a time: for
/// each placement, a 16-bit mask holds the blank cells reached, and a flood fill inside the
/// free cells closes the region at the current depth before the pattern tiles next to it
/// slide (cost 1, next depth).
fn build_table_compact(group: &[u8]) -> Vec<u8> {
    let k = group.len();
    let len = table_len(k);
    let mut dist = vec![u8::MAX; len];
    // Per placement: bits 0..16 the blank cells closed (expanded), bits 16..32 the blank
    // cells waiting for the next depth.
    let mut state = vec![0u32; len];
    // Frontier: rank in the low 32 bits, its blank cells above. Sorted by rank, so the
    // table accesses of one depth sweep forwards.
    let goal: Vec<u8> = group.iter().map(|&t| t - 1).collect();
    let mut current: Vec<u64> = vec![rank(&goal) as u64 | (1 << (32 + 15))];
    let mut next: Vec<u64> = Vec::new();
    let mut depth = 0u8;
    let mut cells = [0u8; MAX_GROUP];
    while !current.is_empty() {
        for &entry in &current {
            let r = (entry & 0xFFFF_FFFF) as usize;
            let closed = state[r] & 0xFFFF;
            let frontier = (entry >> 32) as u32 & !closed;
            if frontier == 0 {
                continue;
            }
            let occupied = unrank(r, &mut cells[..k]);
            let region = flood(frontier, !occupied & 0xFFFF);
            state[r] |= region;
            if dist[r] == u8::MAX {
                dist[r] = depth;
            }
            // Every pattern tile next to the region can slide into it.
            for i in 0..k {
                let c = cells[i];
                for &b in &NEIGHBORS[usize::from(c)] {
                    if b == 16 {
                        break;
                    }
                    if region & (1 << b) == 0 {
                        continue;
                    }
                    cells[i] = b;
                    let nr = rank(&cells[..k]);
                    let w = state[nr];
                    let bit = 1u32 << c;
                    if (w | (w >> 16)) & bit == 0 {
                        if w >> 16 == 0 {
                            next.push(nr as u64);
                        }
                        state[nr] = w | (bit << 16);
                    }
                    cells[i] = c;
                }
            }
        }
        next.sort_unstable();
        for entry in &mut next {
            let r = *entry as usize;
            *entry |= u64::from(state[r] >> 16) << 32;
            state[r] &= 0xFFFF;
        }
        current.clear();
        core::mem::swap(&mut current, &mut next);
        depth += 1;
    }
    dist
}

enum Step {
    Found,
    Exceeded(u32),
    Abort,
}

const MAX_GROUPS: usize = 15;

struct Search<'a> {
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
    path: Vec<Move>,
    nodes: u64,
    max_nodes: u64,
}

impl<'a> Search<'a> {
    fn new(pdb: &'a PatternDatabase, board: &Board) -> Result<Search<'a>, SolveError> {
        if board.width() != 4 || board.height() != 4 {
            return Err(SolveError::WrongSize {
                expected: (4, 4),
                found: (board.width(), board.height()),
            });
        }
        let mut s = Search {
            tables: [&[]; MAX_GROUPS],
            group_tiles: [[0; MAX_GROUP]; MAX_GROUPS],
            group_len: [0; MAX_GROUPS],
            groups: pdb.groups.len(),
            board: [0; N],
            pos: [0; N],
            blank: 0,
            group_of: [0; N],
            mirror_group_of: [0; N],
            hn: [0; MAX_GROUPS],
            hr: [0; MAX_GROUPS],
            sum_n: 0,
            sum_r: 0,
            path: Vec::with_capacity(96),
            nodes: 0,
            max_nodes: u64::MAX,
        };
        for (c, &t) in board.tiles().iter().enumerate() {
            s.board[c] = t;
            s.pos[usize::from(t)] = c as u8;
        }
        s.blank = usize::from(s.pos[0]);
        for (g, tiles) in pdb.groups.iter().enumerate() {
            s.tables[g] = &pdb.tables[g];
            s.group_len[g] = tiles.len() as u8;
            for (i, &t) in tiles.iter().enumerate() {
                s.group_tiles[g][i] = t;
                s.group_of[usize::from(t)] = g as u8;
                // Tile t of the mirrored problem is mirror_tile(t) of ours.
                s.mirror_group_of[mirror_tile(usize::from(t))] = g as u8;
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

    #[inline]
    fn lookup(&self, g: usize) -> u8 {
        let k = usize::from(self.group_len[g]);
        let mut cells = [0u8; MAX_GROUP];
        for (cell, &t) in cells.iter_mut().zip(&self.group_tiles[g][..k]) {
            *cell = self.pos[usize::from(t)];
        }
        self.tables[g][rank(&cells[..k])]
    }

    #[inline]
    fn lookup_mirror(&self, g: usize) -> u8 {
        let k = usize::from(self.group_len[g]);
        let mut cells = [0u8; MAX_GROUP];
        for (cell, &t) in cells.iter_mut().zip(&self.group_tiles[g][..k]) {
            *cell = transpose(usize::from(self.pos[mirror_tile(usize::from(t))])) as u8;
        }
        self.tables[g][rank(&cells[..k])]
    }

    fn h(&self) -> u32 {
        self.sum_n.max(self.sum_r)
    }

    /// `prev` is the index in `Move::ALL` of the last move (4 = none). The caller has checked
    /// that `g + h <= bound`.
    fn dfs(&mut self, g: u32, bound: u32, prev: usize) -> Step {
        if self.sum_n == 0 {
            return Step::Found;
        }
        if self.nodes >= self.max_nodes {
            return Step::Abort;
        }
        self.nodes += 1;
        let mut next = u32::MAX;
        let b = self.blank;
        let (bx, by) = (b % 4, b / 4);
        for (mi, m) in Move::ALL.into_iter().enumerate() {
            // Move::ALL is U D L R: opposite pairs are (0,1) and (2,3).
            if prev ^ 1 == mi {
                continue;
            }
            let src = match m {
                Move::Up if by < 3 => b + 4,
                Move::Down if by > 0 => b - 4,
                Move::Left if bx < 3 => b + 1,
                Move::Right if bx > 0 => b - 1,
                _ => continue,
            };
            let t = usize::from(self.board[src]);
            self.pos[t] = b as u8;
            // Normal lookup first; the mirrored one only if the child survives it.
            let gn = usize::from(self.group_of[t]);
            let old_n = self.hn[gn];
            let new_n = self.lookup(gn);
            let sum_n = self.sum_n - u32::from(old_n) + u32::from(new_n);
            if g + 1 + sum_n > bound {
                next = next.min(g + 1 + sum_n);
                self.pos[t] = src as u8;
                continue;
            }
            let gr = usize::from(self.mirror_group_of[t]);
            let old_r = self.hr[gr];
            let new_r = self.lookup_mirror(gr);
            let sum_r = self.sum_r - u32::from(old_r) + u32::from(new_r);
            if g + 1 + sum_r > bound {
                next = next.min(g + 1 + sum_r);
                self.pos[t] = src as u8;
                continue;
            }
            let (saved_n, saved_r) = (self.sum_n, self.sum_r);
            self.hn[gn] = new_n;
            self.hr[gr] = new_r;
            self.sum_n = sum_n;
            self.sum_r = sum_r;
            self.board[b] = t as u8;
            self.board[src] = 0;
            self.blank = src;
            self.path.push(m);
            match self.dfs(g + 1, bound, mi) {
                Step::Found => return Step::Found,
                Step::Exceeded(f) => next = next.min(f),
                Step::Abort => return Step::Abort,
            }
            self.path.pop();
            self.hn[gn] = old_n;
            self.hr[gr] = old_r;
            self.sum_n = saved_n;
            self.sum_r = saved_r;
            self.board[src] = t as u8;
            self.board[b] = 0;
            self.pos[t] = src as u8;
            self.blank = b;
        }
        Step::Exceeded(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_bijections() {
        let len = table_len(3);
        assert_eq!(len, 16 * 15 * 14);
        let mut seen = vec![false; len];
        let mut cells = [0u8; 3];
        for (r, seen) in seen.iter_mut().enumerate() {
            let used = unrank(r, &mut cells);
            assert_eq!(used.count_ones(), 3);
            assert_eq!(rank(&cells), r);
            assert!(!*seen);
            *seen = true;
        }
        assert_eq!(rank(&[0, 1, 2]), 0);
        assert_eq!(rank(&[15, 14, 13]), len - 1);
    }

    #[test]
    fn flood_stays_inside_and_does_not_wrap() {
        // Column 0 free, everything else blocked: the flood runs down the column only.
        assert_eq!(flood(1, LEFT_EDGE), LEFT_EDGE);
        // Cell 3 (right edge, row 0) must not leak into cell 4 (left edge, row 1).
        assert_eq!(flood(1 << 3, (1 << 3) | (1 << 4)), 1 << 3);
        assert_eq!(flood(1, 0xFFFF), 0xFFFF);
    }

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

    #[test]
    fn sparse_and_compact_builders_agree() {
        for group in [&[1u8, 2, 3][..], &[5, 10, 15, 4], &[7]] {
            assert_eq!(build_table_sparse(group), build_table_compact(group));
        }
    }
}
