//! Test-only references: the published SRS data written out as published, a naive placement
//! search over `(x, y, rotation)` on a `Vec<Vec<bool>>` board, and random boards.
#![allow(dead_code)]

use std::collections::{BTreeSet, VecDeque};

use plateau_grid::random;
use plateau_tetris::{Board, Piece, Rotation, Tetromino};

/// The four SRS states of every piece as drawn on tetris.wiki ("Super Rotation System", the
/// figure of the rotation states; spawn state first, then each clockwise turn), top row
/// first, in the piece's box. The pivot of this crate is the box cell in column 1, row 1 from
/// the top.
pub const SRS_PICTURES: [(Piece, [&str; 4]); 7] = [
    (
        Piece::I,
        [
            "....\n####\n....\n....",
            "..#.\n..#.\n..#.\n..#.",
            "....\n....\n####\n....",
            ".#..\n.#..\n.#..\n.#..",
        ],
    ),
    (
        Piece::J,
        [
            "#..\n###\n...",
            ".##\n.#.\n.#.",
            "...\n###\n..#",
            ".#.\n.#.\n##.",
        ],
    ),
    (
        Piece::L,
        [
            "..#\n###\n...",
            ".#.\n.#.\n.##",
            "...\n###\n#..",
            "##.\n.#.\n.#.",
        ],
    ),
    (
        Piece::O,
        [
            ".##.\n.##.\n....",
            ".##.\n.##.\n....",
            ".##.\n.##.\n....",
            ".##.\n.##.\n....",
        ],
    ),
    (
        Piece::S,
        [
            ".##\n##.\n...",
            ".#.\n.##\n..#",
            "...\n.##\n##.",
            "#..\n##.\n.#.",
        ],
    ),
    (
        Piece::T,
        [
            ".#.\n###\n...",
            ".#.\n.##\n.#.",
            "...\n###\n.#.",
            ".#.\n##.\n.#.",
        ],
    ),
    (
        Piece::Z,
        [
            "##.\n.##\n...",
            "..#\n.##\n.#.",
            "...\n##.\n.##",
            ".#.\n##.\n#..",
        ],
    ),
];

/// The offsets (from the pivot, y up) of a picture.
pub fn picture_offsets(picture: &str) -> BTreeSet<(i8, i8)> {
    let mut out = BTreeSet::new();
    for (row, line) in picture.lines().enumerate() {
        for (col, ch) in line.chars().enumerate() {
            if ch == '#' {
                out.insert((col as i8 - 1, 1 - row as i8));
            }
        }
    }
    out
}

/// The Guideline wall-kick tables as published on tetris.wiki ("Super Rotation System",
/// "Wall Kicks"), y up, five tests per rotation.
pub const JLSTZ_KICKS: &str = "\
0->R	( 0, 0)	(-1, 0)	(-1,+1)	( 0,-2)	(-1,-2)
R->0	( 0, 0)	(+1, 0)	(+1,-1)	( 0,+2)	(+1,+2)
R->2	( 0, 0)	(+1, 0)	(+1,-1)	( 0,+2)	(+1,+2)
2->R	( 0, 0)	(-1, 0)	(-1,+1)	( 0,-2)	(-1,-2)
2->L	( 0, 0)	(+1, 0)	(+1,+1)	( 0,-2)	(+1,-2)
L->2	( 0, 0)	(-1, 0)	(-1,-1)	( 0,+2)	(-1,+2)
L->0	( 0, 0)	(-1, 0)	(-1,-1)	( 0,+2)	(-1,+2)
0->L	( 0, 0)	(+1, 0)	(+1,+1)	( 0,-2)	(+1,-2)";

/// The I's table, from the same page.
pub const I_KICKS: &str = "\
0->R	( 0, 0)	(-2, 0)	(+1, 0)	(-2,-1)	(+1,+2)
R->0	( 0, 0)	(+2, 0)	(-1, 0)	(+2,+1)	(-1,-2)
R->2	( 0, 0)	(-1, 0)	(+2, 0)	(-1,+2)	(+2,-1)
2->R	( 0, 0)	(+1, 0)	(-2, 0)	(+1,-2)	(-2,+1)
2->L	( 0, 0)	(+2, 0)	(-1, 0)	(+2,+1)	(-1,-2)
L->2	( 0, 0)	(-2, 0)	(+1, 0)	(-2,-1)	(+1,+2)
L->0	( 0, 0)	(+1, 0)	(-2, 0)	(+1,-2)	(-2,+1)
0->L	( 0, 0)	(-1, 0)	(+2, 0)	(-1,+2)	(+2,-1)";

fn state(c: char) -> Rotation {
    match c {
        '0' => Rotation::North,
        'R' => Rotation::East,
        '2' => Rotation::South,
        'L' => Rotation::West,
        _ => panic!("bad state {c}"),
    }
}

/// One row of a kick table: the rotation and its tests.
pub type KickRow = (Rotation, Rotation, Vec<(i8, i8)>);

/// A table as `(from, to, [tests])`.
pub fn parse_kicks(table: &str) -> Vec<KickRow> {
    table
        .lines()
        .map(|line| {
            let mut parts = line.split('\t');
            let head: Vec<char> = parts.next().expect("a head").chars().collect();
            let tests = parts
                .map(|p| {
                    let inner = p.trim().trim_start_matches('(').trim_end_matches(')');
                    let (x, y) = inner.split_once(',').expect("x,y");
                    (
                        x.trim().parse::<i8>().expect("x"),
                        y.trim().parse::<i8>().expect("y"),
                    )
                })
                .collect();
            (state(head[0]), state(head[3]), tests)
        })
        .collect()
}

/// The SRS offset tables of "How Guideline SRS Really Works" (harddrop.com, "SRS"): each
/// state's five offsets; a rotation about the pivot cell followed by `offset[from][k] -
/// offset[to][k]` is test `k`. A second published form of the same kicks.
pub const JLSTZ_OFFSETS: [[(i8, i8); 5]; 4] = [
    [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)],
    [(0, 0), (1, 0), (1, -1), (0, 2), (1, 2)],
    [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)],
    [(0, 0), (-1, 0), (-1, -1), (0, 2), (-1, 2)],
];
/// The I's offsets.
pub const I_OFFSETS: [[(i8, i8); 5]; 4] = [
    [(0, 0), (-1, 0), (2, 0), (-1, 0), (2, 0)],
    [(-1, 0), (0, 0), (0, 0), (0, 1), (0, -2)],
    [(-1, 1), (1, 1), (-2, 1), (1, 0), (-2, 0)],
    [(0, 1), (0, 1), (0, 1), (0, -1), (0, 2)],
];
/// The O's offsets (one test).
pub const O_OFFSETS: [(i8, i8); 4] = [(0, 0), (0, -1), (-1, -1), (-1, 0)];

// ---------------------------------------------------------------------------------------------
// A naive reference search.

/// A board as rows of cells, row 0 at the bottom.
pub type Cells = Vec<Vec<bool>>;

pub fn cells_of(board: &Board) -> Cells {
    (0..board.height())
        .map(|y| {
            (0..board.width())
                .map(|x| board.field().is_filled(x, y))
                .collect()
        })
        .collect()
}

/// The published SRS data in a form the naive search uses: offsets per piece and state, and
/// the kick tests per piece, state and direction.
pub struct Srs {
    offsets: Vec<Vec<BTreeSet<(i8, i8)>>>,
    jlstz: Vec<KickRow>,
    i: Vec<KickRow>,
}

impl Srs {
    pub fn published() -> Srs {
        let mut offsets = vec![Vec::new(); 7];
        for (p, pictures) in SRS_PICTURES {
            offsets[p.index()] = pictures.iter().map(|s| picture_offsets(s)).collect();
        }
        Srs {
            offsets,
            jlstz: parse_kicks(JLSTZ_KICKS),
            i: parse_kicks(I_KICKS),
        }
    }

    pub fn cells(&self, p: Piece, r: Rotation, x: i32, y: i32) -> Vec<(i32, i32)> {
        self.offsets[p.index()][r.index()]
            .iter()
            .map(|&(dx, dy)| (x + i32::from(dx), y + i32::from(dy)))
            .collect()
    }

    pub fn kicks(&self, p: Piece, from: Rotation, to: Rotation) -> Vec<(i8, i8)> {
        let table = match p {
            Piece::O => return vec![(0, 0)],
            Piece::I => &self.i,
            _ => &self.jlstz,
        };
        table
            .iter()
            .find(|(a, b, _)| *a == from && *b == to)
            .map(|(_, _, t)| t.clone())
            .expect("every rotation is in the table")
    }
}

fn fits(board: &Cells, cells: &[(i32, i32)]) -> bool {
    let h = board.len() as i32;
    let w = board[0].len() as i32;
    cells
        .iter()
        .all(|&(x, y)| (0..w).contains(&x) && (0..h).contains(&y) && !board[y as usize][x as usize])
}

/// What the naive search finds: each final cell set (sorted), with whether some path enters
/// it by a rotation and whether some path enters it by the fifth kick test.
pub type Finals = std::collections::BTreeMap<Vec<(i32, i32)>, (bool, bool)>;

/// A position of the naive search: pivot column, pivot row, state.
type State = (i32, i32, Rotation);

/// Breadth-first search over `(x, y, rotation)` from `(sx, sy, North)`: shifts, one-row soft
/// drops and rotations with the published kicks; a state is final when it cannot move down.
pub fn naive_finals(srs: &Srs, board: &Cells, piece: Piece, sx: i32, sy: i32) -> Finals {
    let mut finals = Finals::new();
    if !fits(board, &srs.cells(piece, Rotation::North, sx, sy)) {
        return finals;
    }
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::new();
    queue.push_back((sx, sy, Rotation::North));
    seen.insert((sx, sy, Rotation::North));
    // Positions entered by a rotation, and whether by the fifth test.
    let mut entered: Vec<(State, bool)> = Vec::new();
    while let Some((x, y, r)) = queue.pop_front() {
        let mut next = vec![
            ((x - 1, y, r), None),
            ((x + 1, y, r), None),
            ((x, y - 1, r), None),
        ];
        for to in [r.cw(), r.ccw()] {
            for (k, (dx, dy)) in srs.kicks(piece, r, to).into_iter().enumerate() {
                let (nx, ny) = (x + i32::from(dx), y + i32::from(dy));
                if fits(board, &srs.cells(piece, to, nx, ny)) {
                    next.push(((nx, ny, to), Some(k)));
                    break;
                }
            }
        }
        for ((nx, ny, nr), kick) in next {
            if !fits(board, &srs.cells(piece, nr, nx, ny)) {
                continue;
            }
            if let Some(k) = kick {
                entered.push(((nx, ny, nr), k == 4));
            }
            if seen.insert((nx, ny, nr)) {
                queue.push_back((nx, ny, nr));
            }
        }
    }
    for &(x, y, r) in &seen {
        if fits(board, &srs.cells(piece, r, x, y - 1)) {
            continue;
        }
        let mut cells = srs.cells(piece, r, x, y);
        cells.sort_unstable();
        let e = finals.entry(cells).or_insert((false, false));
        for &(s, kick5) in &entered {
            if s == (x, y, r) {
                e.0 = true;
                e.1 |= kick5;
            }
        }
    }
    finals
}

/// The sorted cells of a tetromino (by the engine's data).
pub fn sorted_cells(t: Tetromino) -> Vec<(i32, i32)> {
    let mut c: Vec<(i32, i32)> =
        plateau_tetris::Field::cells(plateau_tetris::RotationSystem::Srs, t).to_vec();
    c.sort_unstable();
    c
}

/// A random 10-wide board of `height` rows: a jagged stack of random column heights with
/// random holes and overhangs (cells filled with probability `fill` percent below each
/// column's top), never touching the spawn rows (20 and up).
pub fn random_board(seed: u64, fill: u32) -> Board {
    let mut rng = random::seeded(seed);
    let max = 1 + random::below(&mut rng, 18) as usize;
    let mut rows: Vec<String> = Vec::new();
    let heights: Vec<usize> = (0..10)
        .map(|_| random::below(&mut rng, max as u32 + 1) as usize)
        .collect();
    for y in (0..max).rev() {
        let mut line = String::new();
        for &h in &heights {
            let filled = y < h && random::chance(&mut rng, fill, 100)
                || y + 1 == h
                || random::chance(&mut rng, 4, 100);
            line.push(if filled { '#' } else { '.' });
        }
        // A full row would clear: leave one hole.
        if !line.contains('.') {
            let x = random::below(&mut rng, 10) as usize;
            line.replace_range(x..=x, ".");
        }
        rows.push(line);
    }
    rows.join("\n").parse().expect("a valid board")
}

/// A random board whose outer columns (0-2 and 7-9) rise up to row 29, into the buffer,
/// while the spawn columns stay below row 20: pieces must find their way around towers.
pub fn tall_board(seed: u64) -> Board {
    let mut rng = random::seeded(seed);
    let heights: Vec<usize> = (0..10)
        .map(|x| {
            let cap = if (3..7).contains(&x) { 19 } else { 30 };
            random::below(&mut rng, cap) as usize
        })
        .collect();
    let top = heights.iter().copied().max().unwrap_or(1).max(1);
    let mut rows = Vec::new();
    for y in (0..top).rev() {
        let mut line: String = heights
            .iter()
            .map(|&h| {
                if y < h && !random::chance(&mut rng, 15, 100) {
                    '#'
                } else {
                    '.'
                }
            })
            .collect();
        if !line.contains('.') {
            line.replace_range(0..1, ".");
        }
        rows.push(line);
    }
    rows.join("\n").parse().expect("a valid board")
}
