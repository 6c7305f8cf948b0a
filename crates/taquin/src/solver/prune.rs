//! Duplicate-path pruning: a finite automaton over move sequences that forbids every
//! sequence some shorter or equally long, lexicographically smaller sequence replaces.
//!
//! Two blank paths from the same cell that end at the same cell and leave every tile in the
//! same place are the same move for the search, wherever on the board they start (the
//! effect of a path does not depend on its start, as long as the board holds it). The
//! search needs only one of them. A path `s` is *redundant* when another path `t` with the
//! same effect is shorter, or as long and smaller in the order `U < D < L R` (the order the
//! driver tries moves in), and `t` stays inside the rectangle `s` covers, so that `t` is
//! playable wherever `s` is. Then some optimal solution contains no redundant path: take
//! the smallest optimal solution in that order; replacing a redundant part would give a
//! shorter or a smaller one. IDA* with the automaton still finds an optimal solution (that
//! one's prefixes are never cut, and each bound still rises to at most the optimum along
//! it), which the tests check against plain IDA* on random boards.
//!
//! The automaton is generated at first use: the redundant paths are found length by length
//! on an abstract board (never extending a path that already ends in a redundant one), by
//! hashing each path's effect and comparing the paths of equal hash exactly; the minimal
//! redundant paths then go into an Aho-Corasick automaton whose dead states are the
//! matches. Move `i` is [`Move::ALL`]`[i]` (`U D L R`, tile directions; the blank goes the
//! other way).
//!
//! [`Move::ALL`]: crate::Move::ALL

use alloc::vec;
use alloc::vec::Vec;

/// A state the search may not enter.
pub(crate) const DEAD: u32 = u32::MAX;

/// The automaton of the plain search: the last move only, so that no move undoes the last
/// one. State 0 is the start, state `1 + i` follows move `i`.
pub(crate) const INVERSE_ONLY: [[u32; 4]; 5] = {
    let mut next = [[0u32; 4]; 5];
    let mut s = 0;
    while s < 5 {
        let mut i = 0;
        while i < 4 {
            // Move i undoes move i ^ 1.
            next[s][i] = if s > 0 && (s - 1) ^ 1 == i {
                DEAD
            } else {
                1 + i as u32
            };
            i += 1;
        }
        s += 1;
    }
    next
};

/// Longest redundant path looked for by default, and the largest rectangle a path may cover
/// (the 4 x 4 board).
pub(crate) const DEFAULT_LEN: usize = 12;
const SIDE: i32 = 4;

/// The window the abstract board is simulated on: paths that fit a 4 x 4 rectangle stay
/// within three cells of their start.
const W: i32 = 8;
const CENTER: i32 = 3 * W + 3;
const BLANK: u8 = u8::MAX;

/// The blank's step for move `i` (`U D L R` name the tile's direction: the blank goes
/// down, up, right, left).
const STEP: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// A path of at most 16 moves, the first in the highest bits, so that paths of one length
/// compare as integers in the order the search tries them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Path {
    pub(crate) len: u8,
    pub(crate) moves: u32,
}

impl Path {
    pub(crate) fn get(self, k: usize) -> usize {
        ((self.moves >> (2 * (usize::from(self.len) - 1 - k))) & 3) as usize
    }

    fn push(self, i: usize) -> Path {
        Path {
            len: self.len + 1,
            moves: (self.moves << 2) | i as u32,
        }
    }
}

/// The rectangle a path's blank covers, relative to its start: min x, max x, min y, max y.
type Rect = [i8; 4];

fn inside(inner: Rect, outer: Rect) -> bool {
    inner[0] >= outer[0] && inner[1] <= outer[1] && inner[2] >= outer[2] && inner[3] <= outer[3]
}

/// A path played on the window: the labels (each tile labelled by its starting cell), the
/// blank, the rectangle, and a hash of the labels' placement.
#[derive(Clone)]
struct Play {
    cells: [u8; (W * W) as usize],
    blank: i32,
    rect: Rect,
    hash: u64,
}

fn zobrist(cell: i32, label: u8) -> u64 {
    // splitmix64 of the pair: deterministic, no table.
    let mut z = (cell as u64) << 8 | u64::from(label);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Play {
    fn start() -> Play {
        let mut cells = [0u8; (W * W) as usize];
        for (c, label) in cells.iter_mut().enumerate() {
            *label = c as u8;
        }
        cells[CENTER as usize] = BLANK;
        Play {
            cells,
            blank: CENTER,
            rect: [0; 4],
            hash: 0,
        }
    }

    /// Plays move `i`, if the path still fits a 4 x 4 rectangle.
    fn step(&mut self, i: usize) -> bool {
        let (dx, dy) = STEP[i];
        let (x, y) = (self.blank % W - 3 + dx, self.blank / W - 3 + dy);
        let rect = [
            self.rect[0].min(x as i8),
            self.rect[1].max(x as i8),
            self.rect[2].min(y as i8),
            self.rect[3].max(y as i8),
        ];
        if i32::from(rect[1] - rect[0]) >= SIDE || i32::from(rect[3] - rect[2]) >= SIDE {
            return false;
        }
        let to = self.blank + dx + dy * W;
        let tile = self.cells[to as usize];
        self.hash ^= zobrist(self.blank, BLANK)
            ^ zobrist(to, tile)
            ^ zobrist(self.blank, tile)
            ^ zobrist(to, BLANK);
        self.cells[self.blank as usize] = tile;
        self.cells[to as usize] = BLANK;
        self.blank = to;
        self.rect = rect;
        true
    }

    fn of(path: Path) -> Option<Play> {
        let mut p = Play::start();
        for k in 0..usize::from(path.len) {
            if !p.step(path.get(k)) {
                return None;
            }
        }
        Some(p)
    }
}

/// The automaton: `next[state][i]` is the state after move `i`, or [`DEAD`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Automaton {
    pub(crate) next: Vec<[u32; 4]>,
}

/// A redundant path and the path that replaces it (for the tests).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Redundant {
    pub(crate) path: Path,
    #[cfg_attr(not(test), expect(dead_code, reason = "kept for the tests' check"))]
    pub(crate) by: Path,
}

impl Automaton {
    /// The automaton forbidding every minimal redundant path of up to `max_len` moves
    /// (at most 16).
    pub(crate) fn generate(max_len: usize) -> Automaton {
        Automaton::from_paths(&redundant_paths(max_len))
    }

    fn from_paths(forbidden: &[Redundant]) -> Automaton {
        // Aho-Corasick: the trie of the paths, then failure links breadth first.
        let mut child: Vec<[u32; 4]> = vec![[DEAD; 4]];
        let mut dead: Vec<bool> = vec![false];
        for r in forbidden {
            let mut s = 0usize;
            for k in 0..usize::from(r.path.len) {
                let i = r.path.get(k);
                if child[s][i] == DEAD {
                    child[s][i] = child.len() as u32;
                    child.push([DEAD; 4]);
                    dead.push(false);
                }
                s = child[s][i] as usize;
            }
            dead[s] = true;
        }
        let mut next = vec![[0u32; 4]; child.len()];
        let mut fail = vec![0u32; child.len()];
        let mut queue = Vec::with_capacity(child.len());
        for i in 0..4 {
            let c = child[0][i];
            if c == DEAD {
                next[0][i] = 0;
            } else {
                next[0][i] = c;
                fail[c as usize] = 0;
                queue.push(c);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let s = queue[head] as usize;
            head += 1;
            dead[s] |= dead[fail[s] as usize];
            for i in 0..4 {
                let c = child[s][i];
                let via_fail = next[fail[s] as usize][i];
                if c == DEAD {
                    next[s][i] = via_fail;
                } else {
                    next[s][i] = c;
                    fail[c as usize] = via_fail;
                    queue.push(c);
                }
            }
        }
        for row in &mut next {
            for n in row.iter_mut() {
                if dead[*n as usize] {
                    *n = DEAD;
                }
            }
        }
        Automaton { next }
    }
}

/// Every minimal redundant path of up to `max_len` moves (at most 16), each with the path
/// that replaces it, shortest first.
pub(crate) fn redundant_paths(max_len: usize) -> Vec<Redundant> {
    let max_len = max_len.min(16);
    let mut forbidden: Vec<Redundant> = Vec::new();
    // Every path kept so far (none redundant), by hash: the candidates to replace longer
    // ones.
    let mut kept: Vec<(u64, Path, Rect)> = vec![(0, Path { len: 0, moves: 0 }, [0; 4])];
    for len in 1..=max_len {
        let automaton = Automaton::from_paths(&forbidden);
        let mut layer: Vec<(u64, Path, Rect)> = Vec::new();
        let mut play = Play::start();
        extend(
            &automaton,
            0,
            Path { len: 0, moves: 0 },
            &mut play,
            len,
            &mut layer,
        );
        layer.sort_unstable_by_key(|&(h, p, _)| (h, p));
        kept.sort_unstable_by_key(|&(h, p, _)| (h, p));
        let mut new_kept = Vec::with_capacity(layer.len());
        for (j, &(h, path, rect)) in layer.iter().enumerate() {
            // Candidates: shorter kept paths, then same-length smaller ones of this layer.
            let start = kept.partition_point(|&(k, _, _)| k < h);
            let shorter = kept[start..].iter().take_while(|&&(k, _, _)| k == h);
            let same = layer[..j].iter().rev().take_while(|&&(k, _, _)| k == h);
            let by = shorter
                .chain(same)
                .find(|&&(_, t, r)| inside(r, rect) && same_effect(t, path))
                .map(|&(_, t, _)| t);
            match by {
                Some(by) => forbidden.push(Redundant { path, by }),
                None => new_kept.push((h, path, rect)),
            }
        }
        kept.extend(new_kept);
    }
    forbidden
}

/// Appends to `out` every path of `len` moves extending `path` that the automaton allows and
/// that fits a 4 x 4 rectangle.
fn extend(
    automaton: &Automaton,
    state: u32,
    path: Path,
    play: &mut Play,
    len: usize,
    out: &mut Vec<(u64, Path, Rect)>,
) {
    if usize::from(path.len) == len {
        out.push((play.hash, path, play.rect));
        return;
    }
    for i in 0..4 {
        let next = automaton.next[state as usize][i];
        if next == DEAD {
            continue;
        }
        let saved = play.clone();
        if play.step(i) {
            extend(automaton, next, path.push(i), play, len, out);
        }
        *play = saved;
    }
}

/// Whether two paths from the same start leave the same board (the hash only says they
/// probably do).
fn same_effect(a: Path, b: Path) -> bool {
    match (Play::of(a), Play::of(b)) {
        (Some(x), Some(y)) => x.cells == y.cells,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_automaton_forbids_undoing_the_last_move() {
        for (i, &to) in INVERSE_ONLY[0].iter().enumerate() {
            assert_eq!(to, 1 + i as u32);
            for (j, &after) in INVERSE_ONLY[to as usize].iter().enumerate() {
                assert_eq!(after == DEAD, j == i ^ 1);
            }
        }
        // The generated automaton over the four two-move undos allows the same sequences.
        let undo: Vec<Redundant> = (0..4)
            .map(|i| Redundant {
                path: Path {
                    len: 2,
                    moves: (i << 2) | (i ^ 1),
                },
                by: Path { len: 0, moves: 0 },
            })
            .collect();
        let a = Automaton::from_paths(&undo);
        for seq in 0..4u32.pow(5) {
            let (mut s, mut t) = (0u32, 0u32);
            for k in 0..5 {
                let i = ((seq >> (2 * k)) & 3) as usize;
                s = a.next[s as usize][i];
                t = INVERSE_ONLY[t as usize][i];
                assert_eq!(s == DEAD, t == DEAD, "{seq:#b}");
                if s == DEAD {
                    break;
                }
            }
        }
    }

    #[test]
    fn redundant_paths_start_with_the_undos_and_include_the_square() {
        let paths = redundant_paths(8);
        let mut twos: Vec<u32> = paths
            .iter()
            .filter(|r| r.path.len == 2)
            .map(|r| r.path.moves)
            .collect();
        twos.sort_unstable();
        assert_eq!(twos, [0b0001, 0b0100, 0b1011, 0b1110]);
        // Nothing shorter than the undos, and nothing of 3 to 5 moves is redundant: a
        // 2 x 2 square's cycle of twelve moves is the shortest loop.
        assert!(paths.iter().all(|r| r.path.len == 2 || r.path.len >= 6));
    }

    /// Every redundant path, played on the real 4 x 4 board from every cell where it is
    /// playable, leaves the same board as its replacement, which is playable there too and
    /// comes first in the search's order: an independent check of the generator (a board,
    /// not the abstract window and its hash).
    #[test]
    fn every_redundant_path_is_replaced_on_the_real_board() {
        use crate::{Board, Move, Play, Size};
        let paths = redundant_paths(DEFAULT_LEN);
        assert!(paths.len() > 1000, "{}", paths.len());
        let moves = |p: Path| -> Vec<Move> {
            (0..usize::from(p.len))
                .map(|k| Move::ALL[p.get(k)])
                .collect()
        };
        let mut checked = 0;
        for r in &paths {
            assert!((r.by.len, r.by.moves) < (r.path.len, r.path.moves) || r.by.len < r.path.len);
            let (s, t) = (moves(r.path), moves(r.by));
            for seed in [7, 8] {
                let start = Board::new(Size::square(4), seed).unwrap();
                for blank in 0..16u8 {
                    // The start board with the blank moved to `blank` (a walk to it).
                    let mut b = start.clone();
                    while usize::from(blank) != b.blank().x + 4 * b.blank().y {
                        let (x, y) = (usize::from(blank % 4), usize::from(blank / 4));
                        let m = if b.blank().y < y {
                            Move::Up
                        } else if b.blank().y > y {
                            Move::Down
                        } else if b.blank().x < x {
                            Move::Left
                        } else {
                            Move::Right
                        };
                        b.play(m).unwrap();
                    }
                    let mut one = b.clone();
                    if one.play_all(&s).is_err() {
                        continue;
                    }
                    let mut two = b.clone();
                    two.play_all(&t).unwrap();
                    assert_eq!(one, two, "{s:?} and {t:?} from cell {blank}");
                    checked += 1;
                }
            }
        }
        assert!(checked > paths.len());
    }
}
