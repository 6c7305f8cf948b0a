//! Additive pattern databases and the optimal 4 x 4 solver built on them.
//!
//! The fifteen tiles are split into disjoint groups (a [`Partition`], by default 6-6-3). For
//! each group a table gives, for every placement of its tiles, the fewest moves **of those
//! tiles** needed to bring them home, the other tiles being indistinguishable. Moves of the
//! other tiles cost nothing there, so the tables add up to an admissible heuristic (Korf and
//! Felner, "Disjoint pattern database heuristics", 2002). The solver also looks the tables up
//! on the board mirrored along its main diagonal and takes the larger of the two sums.
//!
//! - `build.rs`: the tables, by breadth-first search backwards from the goal.
//! - `search.rs`: the IDA* state that reads them (run by the shared driver of
//!   `solver/ida.rs`).

mod build;
mod layout;
mod search;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use plateau_grid::Solution;

use crate::board::Board;
use crate::error::{PartitionError, PatternError, SolveError};
use crate::moves::Move;
use crate::solver::ida;
use crate::solver::prune::{self, Automaton};
use crate::tile::{Tile, parse_token};

/// Cells of the 4 x 4 board.
const N: usize = 16;
/// Largest group a table can be built for (7 tiles: 57.7 M entries in 29 MB, and about
/// 230 MB of working memory while it is built).
pub const MAX_GROUP: usize = 7;
/// The file format: these eight bytes, the groups, then the packed tables.
const MAGIC: &[u8; 8] = b"PLTQPDB2";
/// The first format (one byte per entry, the full move count), still read.
const MAGIC_COUNTS: &[u8; 8] = b"PLTQPDB1";

/// The default 6-6-3 partition (goal with the blank at the bottom-right): the left block,
/// the bottom-right block and the rest of the top row.
const DEFAULT_GROUPS: [&[u8]; 3] = [&[1, 5, 6, 9, 10, 13], &[7, 8, 11, 12, 14, 15], &[2, 3, 4]];

/// The 5-5-5 partition quickest to build: the left block, the top right, the bottom right.
const QUICK_GROUPS: [&[u8]; 3] = [&[1, 5, 6, 9, 10], &[2, 3, 4, 7, 8], &[11, 12, 13, 14, 15]];

/// A partition of the fifteen tiles `1..=15` into disjoint groups of at most
/// [`MAX_GROUP`] tiles: what a [`PatternDatabase`] is built from. Valid by construction.
///
/// The text form lists the groups separated by `/`, each a list of tile numbers separated by
/// commas (or spaces):
///
/// ```
/// use plateau_taquin::Partition;
///
/// let rows: Partition = "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15".parse()?;
/// assert_eq!(rows.groups().len(), 3);
/// assert_eq!(Partition::default().to_string(), "1,5,6,9,10,13/7,8,11,12,14,15/2,3,4");
/// assert!("1,2,3/4,5".parse::<Partition>().is_err()); // tiles 6 to 15 in no group
/// # Ok::<(), plateau_taquin::PartitionError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Partition {
    groups: Vec<Vec<Tile>>,
}

impl Partition {
    /// A partition from its groups.
    ///
    /// # Errors
    /// [`PartitionError`] unless every tile `1..=15` is in exactly one group and every
    /// group has 1 to [`MAX_GROUP`] tiles.
    ///
    /// ```
    /// use plateau_taquin::{Partition, PartitionError, Tile};
    /// let groups: Vec<Vec<Tile>> = [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]]
    ///     .iter()
    ///     .map(|g| g.map(Tile::new).to_vec())
    ///     .collect();
    /// assert_eq!(Partition::new(&groups)?.groups(), &groups[..]);
    /// assert_eq!(
    ///     Partition::new(&[[Tile::new(1)]]),
    ///     Err(PartitionError::TileInNoGroup { tile: Tile::new(2) })
    /// );
    /// # Ok::<(), PartitionError>(())
    /// ```
    pub fn new<G: AsRef<[Tile]>>(groups: &[G]) -> Result<Partition, PartitionError> {
        let mut seen = [false; N];
        for (group, tiles) in groups.iter().enumerate() {
            let tiles = tiles.as_ref();
            if tiles.is_empty() {
                return Err(PartitionError::EmptyGroup { group });
            }
            if tiles.len() > MAX_GROUP {
                return Err(PartitionError::GroupTooLarge {
                    group,
                    len: tiles.len(),
                });
            }
            for &tile in tiles {
                if tile.is_blank() || tile.index() >= N {
                    return Err(PartitionError::NotATile { tile });
                }
                if seen[tile.index()] {
                    return Err(PartitionError::TileInTwoGroups { tile });
                }
                seen[tile.index()] = true;
            }
        }
        if let Some(t) = (1..N).find(|&t| !seen[t]) {
            return Err(PartitionError::TileInNoGroup {
                tile: Tile::new(t as u8),
            });
        }
        Ok(Partition {
            groups: groups.iter().map(|g| g.as_ref().to_vec()).collect(),
        })
    }

    /// The groups, as given.
    #[must_use]
    pub fn groups(&self) -> &[Vec<Tile>] {
        &self.groups
    }

    /// Whether the tables of this partition are kept sparse in memory (`layout.rs`).
    fn sparse(&self) -> bool {
        layout::is_sparse(self.groups.iter().map(Vec::len).max().unwrap_or(0))
    }
}

impl Partition {
    /// The 5-5-5 partition `{1,5,6,9,10}`, `{2,3,4,7,8}`, `{11,12,13,14,15}`: the quickest
    /// way to answers when the tables are built for one run rather than kept in a file. Its
    /// tables build in about a quarter of a second (three groups of 5 tiles, 0.5 M placements
    /// each, against 5.8 M for a group of 6), and the search needs about 1.6 times the nodes
    /// of the [default](Partition::default) 6-6-3 tables (Korf's 100: 31.0 M against
    /// 19.4 M), the best of the 5-5-5 partitions measured (see the crate README).
    ///
    /// ```
    /// use plateau_taquin::{Board, Partition, PatternDatabase, Size};
    ///
    /// let pdb = PatternDatabase::build_with(&Partition::quick());
    /// let board = Board::random_walk(Size::new(4, 4), 60, 7)?;
    /// assert!(pdb.solve(&board)?.len() <= 60);
    /// assert_eq!(Partition::quick().to_string(), "1,5,6,9,10/2,3,4,7,8/11,12,13,14,15");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn quick() -> Partition {
        Partition::from_numbers(&QUICK_GROUPS)
    }

    /// A partition from tile numbers known to form one.
    fn from_numbers(groups: &[&[u8]]) -> Partition {
        Partition {
            groups: groups
                .iter()
                .map(|g| g.iter().map(|&t| Tile::new(t)).collect())
                .collect(),
        }
    }
}

impl Default for Partition {
    /// The 6-6-3 partition `{1,5,6,9,10,13}`, `{7,8,11,12,14,15}`, `{2,3,4}`: the best of
    /// those measured for tables kept in a file (see the crate README; for tables built for
    /// one run, [`Partition::quick`] is quicker overall).
    fn default() -> Partition {
        Partition::from_numbers(&DEFAULT_GROUPS)
    }
}

/// Groups separated by `/`, tiles by `,`: `1,5,6,9,10,13/7,8,11,12,14,15/2,3,4`.
impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, group) in self.groups.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for (j, tile) in group.iter().enumerate() {
                if j > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{tile}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Partition {
    type Err = PartitionError;

    /// Groups separated by `/`; tiles separated by commas or spaces.
    fn from_str(s: &str) -> Result<Partition, PartitionError> {
        let mut groups = Vec::new();
        for group in s.split('/') {
            let mut tiles = Vec::new();
            for token in group
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|t| !t.is_empty())
            {
                tiles.push(
                    parse_token(token).ok_or_else(|| PartitionError::InvalidToken {
                        token: String::from(token),
                    })?,
                );
            }
            groups.push(tiles);
        }
        Partition::new(&groups)
    }
}

/// Additive pattern databases for the 4 x 4 puzzle, and an optimal IDA* solver using them.
///
/// Building the default 6-6-3 tables takes 2 to 4 s of CPU in release on the project's
/// machine (depending on its load), one thread per table with `std` (64 MiB of working
/// memory per table while building). In memory they take 16 MiB, indexed so that a move
/// updates an index with one exclusive or; a file holds them densely, half a byte per
/// placement (5.8 MB). Save them once with
/// [`save`](PatternDatabase::save) or [`load_or_build`](PatternDatabase::load_or_build)
/// and later runs load them in a fraction of a second. Smaller groups build much faster and
/// prune less:
///
/// ```
/// use plateau_taquin::{Board, Partition, PatternDatabase, Play, Size};
///
/// let partition: Partition = "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15".parse()?;
/// let pdb = PatternDatabase::build_with(&partition); // a few milliseconds
/// let board = Board::random_walk(Size::new(4, 4), 40, 1)?;
/// let solution = pdb.solve(&board)?; // optimal
/// let mut replay = board.clone();
/// replay.play_all(&solution.moves)?;
/// assert!(replay.is_solved());
/// assert!(solution.len() <= 40);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct PatternDatabase {
    partition: Partition,
    tables: Vec<Vec<u8>>,
    /// The duplicate-path automaton the search runs under (generated with the tables).
    automaton: Automaton,
}

impl fmt::Debug for PatternDatabase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternDatabase")
            .field("partition", &format_args!("{}", self.partition))
            .field("bytes", &self.tables.iter().map(Vec::len).sum::<usize>())
            .field("automaton_states", &self.automaton.next.len())
            .finish()
    }
}

impl PatternDatabase {
    /// Builds the default 6-6-3 databases ([`Partition::default`]).
    #[must_use]
    pub fn build() -> PatternDatabase {
        PatternDatabase::build_with(&Partition::default())
    }

    /// Builds the databases of any partition. The time and memory grow with the largest
    /// group: 16!/(16-k)! entries for a group of k tiles (k = 5: 0.5 M, 6: 5.8 M, 7: 57.7 M).
    #[must_use]
    pub fn build_with(partition: &Partition) -> PatternDatabase {
        let groups: Vec<Vec<u8>> = partition
            .groups
            .iter()
            .map(|g| g.iter().map(|t| t.number()).collect())
            .collect();
        PatternDatabase {
            partition: partition.clone(),
            tables: build_tables(&groups, partition.sparse()),
            automaton: Automaton::generate(prune::DEFAULT_LEN),
        }
    }

    /// The partition the tables were built for.
    #[must_use]
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// The heuristic value of a 4 x 4 board: the larger of the additive sum and the additive
    /// sum on the mirrored board. Never more than the optimal solution length.
    ///
    /// # Errors
    /// [`SolveError::WrongSize`] for a board that is not 4 x 4.
    pub fn heuristic(&self, board: &Board) -> Result<u32, SolveError> {
        Ok(if self.partition.sparse() {
            ida::Node::h(&search::Search::<true>::new(self, board)?)
        } else {
            ida::Node::h(&search::Search::<false>::new(self, board)?)
        })
    }

    /// Solves a 4 x 4 board optimally (IDA*).
    ///
    /// The search skips duplicate paths (a move automaton generated with the tables, see
    /// the crate README). Korf's 100 random instances take 19.4 M nodes in all with the
    /// default tables (1.5 to 3 s of CPU in release on the project's machine, depending on
    /// its load; the hardest, #17 and #88 at 66 and 65 moves, 1.6 to 1.7 M nodes each).
    ///
    /// # Errors
    /// [`SolveError::WrongSize`] for a board that is not 4 x 4, [`SolveError::Unsolvable`].
    pub fn solve(&self, board: &Board) -> Result<Solution<Move>, SolveError> {
        self.solve_limited(board, u64::MAX)
    }

    /// [`PatternDatabase::solve`] that gives up after expanding `max_nodes` nodes.
    ///
    /// # Errors
    /// As [`PatternDatabase::solve`], plus [`SolveError::NodeLimit`].
    pub fn solve_limited(
        &self,
        board: &Board,
        max_nodes: u64,
    ) -> Result<Solution<Move>, SolveError> {
        if self.partition.sparse() {
            self.search::<true>(board, max_nodes)
        } else {
            self.search::<false>(board, max_nodes)
        }
    }

    /// [`PatternDatabase::solve_limited`] over tables of the layout `SPARSE` (theirs).
    fn search<const SPARSE: bool>(
        &self,
        board: &Board,
        max_nodes: u64,
    ) -> Result<Solution<Move>, SolveError> {
        let search = search::Search::<SPARSE>::new(self, board)?;
        if !board.is_solvable() {
            return Err(SolveError::Unsolvable);
        }
        // Every solvable board has a solution: the search ends with one or with the budget.
        ida::search_pruned(search, &self.automaton.next, max_nodes, u32::MAX)?
            .ok_or(SolveError::Unsolvable)
    }

    /// The first move of an optimal solution, or `None` for a solved, unsolvable or not
    /// 4 x 4 board. As costly as [`solve`](PatternDatabase::solve): tens of milliseconds for
    /// a typical scramble, up to about a second for the hardest.
    #[must_use]
    pub fn hint(&self, board: &Board) -> Option<Move> {
        self.solve(board).ok()?.first().copied()
    }

    /// The databases as bytes: a magic header, the groups, then the packed tables (two
    /// entries a byte, each the moves beyond the group's Manhattan distance, in pairs).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let groups = &self.partition.groups;
        let mut out = Vec::with_capacity(32 + self.tables.iter().map(Vec::len).sum::<usize>());
        out.extend_from_slice(MAGIC);
        // A partition has at most 15 groups of at most 7 tiles.
        out.push(groups.len() as u8);
        for g in groups {
            out.push(g.len() as u8);
            out.extend(g.iter().map(|t| t.number()));
        }
        let sparse = self.partition.sparse();
        for (g, t) in groups.iter().zip(&self.tables) {
            out.extend_from_slice(&layout::for_file(t, g.len(), sparse));
        }
        out
    }

    /// Reads databases written by [`PatternDatabase::to_bytes`], or by the crate's first
    /// format (magic `PLTQPDB1`, one byte per entry), which it converts.
    ///
    /// # Errors
    /// [`PatternError::BadMagic`], [`PatternError::Truncated`],
    /// [`PatternError::TrailingBytes`], or [`PatternError::Partition`] for an image whose
    /// groups do not form a partition.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternDatabase, PatternError> {
        let len = bytes.len();
        let mut at = MAGIC.len();
        let counts = match bytes.get(..at) {
            Some(m) if m == MAGIC.as_slice() => false,
            Some(m) if m == MAGIC_COUNTS.as_slice() => true,
            _ => return Err(PatternError::BadMagic),
        };
        let take = |at: &mut usize, n: usize| {
            let part = bytes.get(*at..*at + n).ok_or(PatternError::Truncated {
                len,
                needed: *at + n,
            })?;
            *at += n;
            Ok::<&[u8], PatternError>(part)
        };
        let count = take(&mut at, 1)?[0];
        let mut groups = Vec::new();
        for _ in 0..count {
            let k = usize::from(take(&mut at, 1)?[0]);
            let tiles = take(&mut at, k)?;
            groups.push(tiles.iter().map(|&t| Tile::new(t)).collect::<Vec<_>>());
        }
        let partition = Partition::new(&groups)?;
        let mut ranked = Vec::new();
        for g in &partition.groups {
            ranked.push(if counts {
                let numbers: Vec<u8> = g.iter().map(|t| t.number()).collect();
                let raw = take(&mut at, build::table_len(g.len()))?;
                (Cow::Owned(build::pack_counts(raw, &numbers)), g.len())
            } else {
                (
                    Cow::Borrowed(take(&mut at, build::packed_len(g.len()))?),
                    g.len(),
                )
            });
        }
        if at < len {
            return Err(PatternError::TrailingBytes { extra: len - at });
        }
        let sparse = partition.sparse();
        Ok(PatternDatabase {
            tables: per_table(&ranked, |(table, k)| layout::for_search(table, *k, sparse)),
            partition,
            automaton: Automaton::generate(prune::DEFAULT_LEN),
        })
    }
}

/// Every group's table (`g` being the group's tiles).
fn build_tables(groups: &[Vec<u8>], sparse: bool) -> Vec<Vec<u8>> {
    per_table(groups, |g| build::build_table(g, sparse))
}

/// `f` of every item: with `std`, each on its own thread (the tables are independent, and
/// the two large ones of the default partition take about the same time). Where no thread
/// can be started (a process at its limit) the item is done on the calling thread; on
/// WebAssembly, which has no threads without special set-up, every one is.
#[cfg(all(feature = "std", not(target_family = "wasm")))]
fn per_table<T: Sync>(items: &[T], f: impl Fn(&T) -> Vec<u8> + Sync) -> Vec<Vec<u8>> {
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .iter()
            .map(|item| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || f(item))
                    .ok()
            })
            .collect();
        handles
            .into_iter()
            .zip(items)
            .map(
                |(h, item)| match h.map(std::thread::ScopedJoinHandle::join) {
                    Some(Ok(table)) => table,
                    // Not started, or (only on a bug) failed: done here.
                    _ => f(item),
                },
            )
            .collect()
    })
}

/// `f` of every item, one after the other.
#[cfg(any(not(feature = "std"), target_family = "wasm"))]
fn per_table<T>(items: &[T], f: impl Fn(&T) -> Vec<u8>) -> Vec<Vec<u8>> {
    items.iter().map(f).collect()
}

#[cfg(feature = "std")]
mod file {
    use std::io::Write;
    use std::path::{Path, PathBuf};

    use super::{Partition, PatternDatabase};
    use crate::error::PatternFileError;

    impl PatternDatabase {
        /// Writes [`PatternDatabase::to_bytes`] to a file.
        ///
        /// # Errors
        /// [`PatternFileError::Write`].
        pub fn save(&self, path: impl AsRef<Path>) -> Result<(), PatternFileError> {
            let path = path.as_ref();
            std::fs::write(path, self.to_bytes()).map_err(|source| PatternFileError::Write {
                path: path.to_owned(),
                source,
            })
        }

        /// Reads a file written by [`PatternDatabase::save`].
        ///
        /// # Errors
        /// [`PatternFileError::Read`], or [`PatternFileError::Corrupt`] when the file is not
        /// an image written by this crate.
        pub fn load(path: impl AsRef<Path>) -> Result<PatternDatabase, PatternFileError> {
            let path = path.as_ref();
            let bytes = std::fs::read(path).map_err(|source| PatternFileError::Read {
                path: path.to_owned(),
                source,
            })?;
            PatternDatabase::from_bytes(&bytes).map_err(|source| PatternFileError::Corrupt {
                path: path.to_owned(),
                source,
            })
        }

        /// The databases of `partition` from `path`, or, when there is no such file yet,
        /// built and saved there (so the next run loads them).
        ///
        /// A file that exists is never replaced: if it cannot be read, is not a pattern
        /// database image, or holds another partition, that is the error. The new file is
        /// written next to its final name first and renamed into place, so an interrupted
        /// run leaves no half-written file behind; the directory's writability is checked
        /// before the tables are built.
        ///
        /// # Errors
        /// [`PatternFileError::Read`], [`PatternFileError::Corrupt`],
        /// [`PatternFileError::OtherPartition`] or [`PatternFileError::Write`].
        pub fn load_or_build(
            path: impl AsRef<Path>,
            partition: &Partition,
        ) -> Result<PatternDatabase, PatternFileError> {
            let path = path.as_ref();
            match std::fs::read(path) {
                Ok(bytes) => {
                    let pdb = PatternDatabase::from_bytes(&bytes).map_err(|source| {
                        PatternFileError::Corrupt {
                            path: path.to_owned(),
                            source,
                        }
                    })?;
                    if pdb.partition != *partition {
                        return Err(PatternFileError::OtherPartition {
                            path: path.to_owned(),
                            found: pdb.partition,
                            expected: partition.clone(),
                        });
                    }
                    Ok(pdb)
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    let write_error = |source| PatternFileError::Write {
                        path: path.to_owned(),
                        source,
                    };
                    let partial = partial_name(path);
                    let mut file = std::fs::File::create(&partial).map_err(write_error)?;
                    let pdb = PatternDatabase::build_with(partition);
                    let written = file
                        .write_all(&pdb.to_bytes())
                        .and_then(|()| file.sync_all())
                        .and_then(|()| std::fs::rename(&partial, path));
                    if let Err(source) = written {
                        // Best effort: the error to report is the write's, not this one's.
                        let _ = std::fs::remove_file(&partial);
                        return Err(write_error(source));
                    }
                    Ok(pdb)
                }
                Err(source) => Err(PatternFileError::Read {
                    path: path.to_owned(),
                    source,
                }),
            }
        }
    }

    /// `<path>.partial`, where a new file is written before it is renamed into place.
    fn partial_name(path: &Path) -> PathBuf {
        let mut name = path.as_os_str().to_owned();
        name.push(".partial");
        PathBuf::from(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in partitions are partitions (they skip [`Partition::new`]'s checks).
    #[test]
    fn the_built_in_partitions_are_valid() {
        for p in [Partition::default(), Partition::quick()] {
            assert_eq!(Partition::new(p.groups()), Ok(p.clone()));
            assert_eq!(p.to_string().parse::<Partition>(), Ok(p));
        }
    }

    /// A file of the first format (one byte per entry, the full move count) reads as the
    /// same databases as the current one.
    #[test]
    fn the_first_format_still_reads() {
        let partition: Partition = "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15".parse().unwrap();
        let pdb = PatternDatabase::build_with(&partition);
        let mut old = MAGIC_COUNTS.to_vec();
        old.push(4);
        for g in partition.groups() {
            old.push(g.len() as u8);
            old.extend(g.iter().map(|t| t.number()));
        }
        for (g, table) in partition.groups().iter().zip(&pdb.tables) {
            let numbers: Vec<u8> = g.iter().map(|t| t.number()).collect();
            old.extend(build::unpack_counts(
                &layout::for_file(table, g.len(), partition.sparse()),
                &numbers,
            ));
        }
        assert_eq!(PatternDatabase::from_bytes(&old), Ok(pdb.clone()));
        assert_eq!(PatternDatabase::from_bytes(&pdb.to_bytes()), Ok(pdb));
        assert_eq!(
            PatternDatabase::from_bytes(&old[..old.len() - 1]),
            Err(PatternError::Truncated {
                len: old.len() - 1,
                needed: old.len()
            })
        );
    }
}
