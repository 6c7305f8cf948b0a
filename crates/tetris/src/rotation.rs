//! Rotation systems as data: the cells of every piece in every state, the wall-kick tests of
//! every rotation, and the spawn position.
//!
//! Offsets are `(dx, dy)` from the pivot with `dy` counted **upwards** (the field's rows count
//! from the bottom). A rotation from state `A` to state `B` puts the piece in state `B` at the
//! same pivot, then tries the kick offsets in order and keeps the first position where the
//! piece fits; if none fits, the rotation fails and nothing moves.

use crate::{Piece, Rotation, Tetromino};

/// How pieces are shaped, rotate and spawn.
///
/// - [`RotationSystem::Srs`], the Super Rotation System of the Tetris Guideline: every piece
///   spawns pointing up (flat side down) in the two rows just above the visible field, the
///   3-wide pieces in the left-middle columns, and rotations try the five wall-kick tests of
///   the Guideline tables (the O piece never kicks).
/// - [`RotationSystem::Classic`], the Nintendo (NES) rotation system: right-handed, the T, J
///   and L spawn flat side up (pointing down) in the top visible row, the I, S and Z have two
///   states, and there are no kicks at all: a rotation that does not fit in place fails.
///
/// ```
/// use plateau_tetris::{Piece, Rotation, RotationSystem};
///
/// let srs = RotationSystem::Srs;
/// assert_eq!(srs.offsets(Piece::T, Rotation::North), [(-1, 0), (0, 0), (1, 0), (0, 1)]);
/// // 0 -> R for J, L, S, T, Z: the first test is the plain rotation, then four kicks.
/// assert_eq!(srs.kicks(Piece::T, Rotation::North, true), &[(0, 0), (-1, 0), (-1, 1), (0, -2), (-1, -2)]);
/// assert_eq!(srs.kicks(Piece::O, Rotation::North, true), &[(0, 0)]);
/// assert_eq!(RotationSystem::Classic.kicks(Piece::I, Rotation::East, false), &[(0, 0)]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RotationSystem {
    /// The Guideline's Super Rotation System, with wall kicks.
    #[default]
    Srs,
    /// The NES rotation system, without kicks.
    Classic,
}

type Offsets = [(i8, i8); 4];

/// Rotates offsets a quarter turn clockwise about the pivot: `(x, y) -> (y, -x)`.
const fn cw(cells: Offsets) -> Offsets {
    let mut out = cells;
    let mut i = 0;
    while i < 4 {
        out[i] = (cells[i].1, -cells[i].0);
        i += 1;
    }
    out
}

/// The four states of a piece that turns about its pivot cell.
const fn about_pivot(spawn: Offsets) -> [Offsets; 4] {
    let east = cw(spawn);
    let south = cw(east);
    [spawn, east, south, cw(south)]
}

// SRS states, from the Guideline (tetris.wiki, "SRS", the picture of the four states of every
// piece): J, L, S, T, Z turn about their centre cell; the I turns about the centre of its 4x4
// box and the O about the centre of its 2x2 box, so their states are written out (the I's
// pivot is the second cell of its spawn row, the O's its bottom-left cell, which never moves).
const SRS_CELLS: [[Offsets; 4]; 7] = [
    [
        [(-1, 0), (0, 0), (1, 0), (2, 0)],
        [(1, 1), (1, 0), (1, -1), (1, -2)],
        [(-1, -1), (0, -1), (1, -1), (2, -1)],
        [(0, 1), (0, 0), (0, -1), (0, -2)],
    ],
    [[(0, 0), (1, 0), (0, 1), (1, 1)]; 4],
    about_pivot([(-1, 0), (0, 0), (1, 0), (0, 1)]),
    about_pivot([(-1, 0), (0, 0), (0, 1), (1, 1)]),
    about_pivot([(-1, 1), (0, 1), (0, 0), (1, 0)]),
    about_pivot([(-1, 1), (-1, 0), (0, 0), (1, 0)]),
    about_pivot([(1, 1), (-1, 0), (0, 0), (1, 0)]),
];

// NES states: the orientation table of NES Tetris (as disassembled by meatfighter, whose
// table lists blocks as (x, y) with y growing downwards; here y is negated). Index order is
// the ROM's, where pressing A (clockwise) adds one.
const CLASSIC_CELLS: [[Offsets; 4]; 7] = {
    let i_h = [(-2, 0), (-1, 0), (0, 0), (1, 0)];
    let i_v = [(0, 2), (0, 1), (0, 0), (0, -1)];
    let s_h = [(0, 0), (1, 0), (-1, -1), (0, -1)];
    let s_v = [(0, 1), (0, 0), (1, 0), (1, -1)];
    let z_h = [(-1, 0), (0, 0), (0, -1), (1, -1)];
    let z_v = [(1, 1), (0, 0), (1, 0), (0, -1)];
    [
        [i_h, i_v, i_h, i_v],
        [[(-1, 0), (0, 0), (-1, -1), (0, -1)]; 4],
        [
            [(-1, 0), (0, 0), (1, 0), (0, -1)],
            [(0, 1), (-1, 0), (0, 0), (0, -1)],
            [(-1, 0), (0, 0), (1, 0), (0, 1)],
            [(0, 1), (0, 0), (1, 0), (0, -1)],
        ],
        [s_h, s_v, s_h, s_v],
        [z_h, z_v, z_h, z_v],
        [
            [(-1, 0), (0, 0), (1, 0), (1, -1)],
            [(0, 1), (0, 0), (-1, -1), (0, -1)],
            [(-1, 1), (-1, 0), (0, 0), (1, 0)],
            [(0, 1), (1, 1), (0, 0), (0, -1)],
        ],
        [
            [(-1, 0), (0, 0), (1, 0), (-1, -1)],
            [(-1, 1), (0, 1), (0, 0), (0, -1)],
            [(1, 1), (-1, 0), (0, 0), (1, 0)],
            [(0, 1), (0, 0), (0, -1), (1, -1)],
        ],
    ]
};

type Kicks = [(i8, i8); 5];

// The Guideline wall-kick tables (tetris.wiki, "SRS", "Wall Kicks"; y up), indexed by the
// state turned from and the direction (0 clockwise, 1 counter-clockwise). Test 1 is the plain
// rotation.
const SRS_JLSTZ_KICKS: [[Kicks; 2]; 4] = [
    [
        [(0, 0), (-1, 0), (-1, 1), (0, -2), (-1, -2)], // 0 -> R
        [(0, 0), (1, 0), (1, 1), (0, -2), (1, -2)],    // 0 -> L
    ],
    [
        [(0, 0), (1, 0), (1, -1), (0, 2), (1, 2)], // R -> 2
        [(0, 0), (1, 0), (1, -1), (0, 2), (1, 2)], // R -> 0
    ],
    [
        [(0, 0), (1, 0), (1, 1), (0, -2), (1, -2)],    // 2 -> L
        [(0, 0), (-1, 0), (-1, 1), (0, -2), (-1, -2)], // 2 -> R
    ],
    [
        [(0, 0), (-1, 0), (-1, -1), (0, 2), (-1, 2)], // L -> 0
        [(0, 0), (-1, 0), (-1, -1), (0, 2), (-1, 2)], // L -> 2
    ],
];

const SRS_I_KICKS: [[Kicks; 2]; 4] = [
    [
        [(0, 0), (-2, 0), (1, 0), (-2, -1), (1, 2)], // 0 -> R
        [(0, 0), (-1, 0), (2, 0), (-1, 2), (2, -1)], // 0 -> L
    ],
    [
        [(0, 0), (-1, 0), (2, 0), (-1, 2), (2, -1)], // R -> 2
        [(0, 0), (2, 0), (-1, 0), (2, 1), (-1, -2)], // R -> 0
    ],
    [
        [(0, 0), (2, 0), (-1, 0), (2, 1), (-1, -2)], // 2 -> L
        [(0, 0), (1, 0), (-2, 0), (1, -2), (-2, 1)], // 2 -> R
    ],
    [
        [(0, 0), (1, 0), (-2, 0), (1, -2), (-2, 1)], // L -> 0
        [(0, 0), (-2, 0), (1, 0), (-2, -1), (1, 2)], // L -> 2
    ],
];

const NO_KICK: [(i8, i8); 1] = [(0, 0)];

impl RotationSystem {
    /// The cells of `piece` in state `rotation`, as offsets from its pivot (`dy` upwards).
    #[must_use]
    pub const fn offsets(self, piece: Piece, rotation: Rotation) -> [(i8, i8); 4] {
        match self {
            RotationSystem::Srs => SRS_CELLS[piece.index()][rotation.index()],
            RotationSystem::Classic => CLASSIC_CELLS[piece.index()][rotation.index()],
        }
    }

    /// The tests of a rotation of `piece` from state `from`, clockwise when `cw`: offsets
    /// added to the pivot, tried in order; the first is always `(0, 0)`.
    #[must_use]
    pub fn kicks(self, piece: Piece, from: Rotation, cw: bool) -> &'static [(i8, i8)] {
        let dir = usize::from(!cw);
        match (self, piece) {
            (RotationSystem::Classic, _) | (RotationSystem::Srs, Piece::O) => &NO_KICK,
            (RotationSystem::Srs, Piece::I) => &SRS_I_KICKS[from.index()][dir],
            (RotationSystem::Srs, _) => &SRS_JLSTZ_KICKS[from.index()][dir],
        }
    }

    /// Where `piece` appears on a field `width` columns wide whose visible part is `visible`
    /// rows high (the buffer rows above it hold the spawn).
    ///
    /// SRS: pivot in column `(width - 1) / 2` (4 on the standard field) and row `visible`
    /// (row 20, the first row above the visible 20), facing north: the I fills columns 3-6 of
    /// row 20, the O columns 4-5, the others columns 3-5. Classic: pivot in column `width / 2`
    /// and row `visible - 1` (the top visible row), as on the NES.
    #[must_use]
    pub const fn spawn(self, piece: Piece, width: u8, visible: u8) -> Tetromino {
        match self {
            RotationSystem::Srs => Tetromino::new(
                piece,
                Rotation::North,
                ((width - 1) / 2) as i8,
                visible as i8,
            ),
            RotationSystem::Classic => {
                Tetromino::new(piece, Rotation::North, (width / 2) as i8, visible as i8 - 1)
            }
        }
    }

    /// The system's name in the rules text: `srs` or `classic`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RotationSystem::Srs => "srs",
            RotationSystem::Classic => "classic",
        }
    }

    /// The shapes of every piece (index 7 repeats the I so that `index & 7` needs no bounds
    /// check).
    pub(crate) const fn shapes(self) -> &'static [[Shape; 4]; 8] {
        match self {
            RotationSystem::Srs => &SRS_SHAPES,
            RotationSystem::Classic => &CLASSIC_SHAPES,
        }
    }

    /// The precomputed shape of `piece` in `rotation`.
    pub(crate) const fn shape(self, piece: Piece, rotation: Rotation) -> &'static Shape {
        &self.shapes()[piece.index() & 7][rotation.index() & 3]
    }

    /// The row of the collision window's bottom row relative to the pivot: every cell of
    /// every state lies in rows `window()..window() + 4` from its pivot (SRS: two below to
    /// one above; NES: one below to two above).
    #[inline(always)]
    pub(crate) const fn window(self) -> i8 {
        match self {
            RotationSystem::Srs => -2,
            RotationSystem::Classic => -1,
        }
    }

    /// The collision probes of every piece, state and pivot column (see [`Probes`]).
    #[inline(always)]
    pub(crate) const fn probes(self) -> &'static Probes {
        match self {
            RotationSystem::Srs => &SRS_PROBES,
            RotationSystem::Classic => &CLASSIC_PROBES,
        }
    }
}

/// The lowest pivot column at which a piece can fit: every cell lies at most two columns
/// from the pivot (and two rows), in both systems.
pub(crate) const PROBE_MIN_X: i32 = -2;
/// Pivot columns with a probe: `-2..=61`. A piece can fit only at `-2..=17` (the widest field
/// has 16 columns), but 64 makes the column one test shared with the row's (both below 64,
/// see [`Field::fits`](crate::Field::fits)) and the index one AND and one add.
pub(crate) const PROBE_COLUMNS: usize = 64;

/// Every piece state at every pivot column, ready for [`Field::fits`](crate::Field::fits):
/// its cells shifted to their columns and to their rows in a window of four rows starting
/// [`RotationSystem::window`] rows from the pivot, packed two rows to a word (row `2k` in the
/// low half) the way the field reads four consecutive rows. The words of rows 0-1 and 2-3 are
/// two parallel arrays, so that one index (see [`Probes::index`]) addresses both with the
/// word size as the scale of the load.
///
/// Where the box would start left of column 0 or end past bit 31 of a row, the probe is bit 31
/// of the window's bottom row instead, which is always filled (a wall bit, a field being at
/// most 16 columns wide, or the floor or ceiling), so the test fails without a test of its
/// own. Cells right of the field meet the wall bits; cells below it the floor rows, above it
/// the ceiling rows.
///
/// The table is laid out piece, column, state (see [`Probes::index`]): with 64 columns and
/// 4 states the piece's stride is 256, so the index is the piece and the state where they lie
/// in a [`Tetromino`](crate::Tetromino)'s bytes plus four times the column.
#[derive(Debug)]
pub(crate) struct Probes {
    /// Window rows 0 and 1.
    pub low: [u64; PROBES],
    /// Window rows 2 and 3.
    pub high: [u64; PROBES],
}

/// Probes of a system: 8 pieces (the I repeated) x 4 states x the pivot columns.
const PROBES: usize = 8 * 4 * PROBE_COLUMNS;

impl Probes {
    /// The index of `piece` in `rotation` at pivot column `column + PROBE_MIN_X` (`column`
    /// below [`PROBE_COLUMNS`]).
    #[inline(always)]
    pub(crate) const fn index(piece: Piece, rotation: Rotation, column: usize) -> usize {
        (piece.index() & 7) * (PROBE_COLUMNS * 4) + column * 4 + (rotation.index() & 3)
    }
}

const fn probes_of(shapes: &[[Shape; 4]; 8], window: i8) -> Probes {
    let mut out = Probes {
        low: [0; PROBES],
        high: [0; PROBES],
    };
    let mut p = 0;
    while p < 8 {
        let mut r = 0;
        while r < 4 {
            let s = shapes[p][r];
            // The window row of the box's bottom row.
            let lift = (s.dy - window) as usize;
            assert!(lift + s.h as usize <= 4, "a state leaves the window");
            let mut i = 0;
            while i < PROBE_COLUMNS {
                let bx = PROBE_MIN_X + i as i32 + s.dx as i32;
                let mut rows = [0u64; 4];
                if bx < 0 || bx + s.w as i32 > 32 {
                    rows[0] = 1 << 31;
                } else {
                    let mut k = 0;
                    while k < s.h as usize {
                        rows[lift + k] = (s.rows[k] as u64) << bx;
                        k += 1;
                    }
                }
                let at = p * (PROBE_COLUMNS * 4) + i * 4 + r;
                out.low[at] = rows[0] | rows[1] << 32;
                out.high[at] = rows[2] | rows[3] << 32;
                i += 1;
            }
            r += 1;
        }
        p += 1;
    }
    out
}

static SRS_PROBES: Probes = probes_of(&SRS_SHAPES, RotationSystem::Srs.window());
static CLASSIC_PROBES: Probes = probes_of(&CLASSIC_SHAPES, RotationSystem::Classic.window());

/// A piece state as bitmasks over its bounding box: what collision and move generation use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shape {
    /// Offset of the box's left column from the pivot.
    pub dx: i8,
    /// Offset of the box's bottom row from the pivot.
    pub dy: i8,
    /// Box width.
    pub w: u8,
    /// Box height.
    pub h: u8,
    /// Row `i` of the box (from its bottom) as a mask, bit 0 the box's left column.
    pub rows: [u32; 4],
    /// The four cells as `(row, column)` in the box.
    pub cells: [(u8, u8); 4],
    /// Rows 0-1 and 2-3 of the box packed two to a word (row `2k` in the low half), so two
    /// shifts and two ANDs test the whole piece against two packed pairs of field rows.
    pub pairs: [u64; 2],
    /// The first state with the same cells once boxed (the same final placements): S, Z and
    /// I states 2 and L repeat 0 and R one cell away, the O's four states are one.
    pub canon: u8,
}

const fn shape_of(cells: Offsets) -> Shape {
    let (mut minx, mut miny, mut maxx, mut maxy) = (i8::MAX, i8::MAX, i8::MIN, i8::MIN);
    let mut i = 0;
    while i < 4 {
        let (x, y) = cells[i];
        if x < minx {
            minx = x;
        }
        if y < miny {
            miny = y;
        }
        if x > maxx {
            maxx = x;
        }
        if y > maxy {
            maxy = y;
        }
        i += 1;
    }
    let mut rows = [0u32; 4];
    let mut boxed = [(0u8, 0u8); 4];
    let mut i = 0;
    while i < 4 {
        let (x, y) = cells[i];
        rows[(y - miny) as usize] |= 1 << (x - minx);
        boxed[i] = ((y - miny) as u8, (x - minx) as u8);
        i += 1;
    }
    Shape {
        dx: minx,
        dy: miny,
        w: (maxx - minx + 1) as u8,
        h: (maxy - miny + 1) as u8,
        rows,
        cells: boxed,
        pairs: [
            rows[0] as u64 | (rows[1] as u64) << 32,
            rows[2] as u64 | (rows[3] as u64) << 32,
        ],
        canon: 0,
    }
}

const fn shapes_of(cells: &[[Offsets; 4]; 7]) -> [[Shape; 4]; 8] {
    let mut out = [[shape_of(cells[0][0]); 4]; 8];
    let mut p = 0;
    while p < 7 {
        let mut r = 0;
        while r < 4 {
            let mut s = shape_of(cells[p][r]);
            let mut c = 0;
            while c < r {
                let o = out[p][c];
                if o.rows[0] == s.rows[0]
                    && o.rows[1] == s.rows[1]
                    && o.rows[2] == s.rows[2]
                    && o.rows[3] == s.rows[3]
                    && o.w == s.w
                    && o.h == s.h
                {
                    break;
                }
                c += 1;
            }
            s.canon = c as u8;
            out[p][r] = s;
            r += 1;
        }
        p += 1;
    }
    out
}

static SRS_SHAPES: [[Shape; 4]; 8] = shapes_of(&SRS_CELLS);
static CLASSIC_SHAPES: [[Shape; 4]; 8] = shapes_of(&CLASSIC_CELLS);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn srs_canonical_states() {
        let canon = |p: Piece| Rotation::ALL.map(|r| RotationSystem::Srs.shape(p, r).canon);
        assert_eq!(canon(Piece::T), [0, 1, 2, 3]);
        assert_eq!(canon(Piece::J), [0, 1, 2, 3]);
        assert_eq!(canon(Piece::L), [0, 1, 2, 3]);
        assert_eq!(canon(Piece::S), [0, 1, 0, 1]);
        assert_eq!(canon(Piece::Z), [0, 1, 0, 1]);
        assert_eq!(canon(Piece::I), [0, 1, 0, 1]);
        assert_eq!(canon(Piece::O), [0, 0, 0, 0]);
        let c = |p: Piece| Rotation::ALL.map(|r| RotationSystem::Classic.shape(p, r).canon);
        assert_eq!(c(Piece::T), [0, 1, 2, 3]);
        assert_eq!(c(Piece::I), [0, 1, 0, 1]);
        assert_eq!(c(Piece::O), [0, 0, 0, 0]);
    }

    #[test]
    fn shapes_hold_four_cells() {
        for sys in [RotationSystem::Srs, RotationSystem::Classic] {
            for p in Piece::ALL {
                for r in Rotation::ALL {
                    let s = sys.shape(p, r);
                    let n: u32 = s.rows.iter().map(|m| m.count_ones()).sum();
                    assert_eq!(n, 4, "{sys:?} {p:?} {r:?}");
                    assert!(s.w <= 4 && s.h <= 4);
                }
            }
        }
    }
}
