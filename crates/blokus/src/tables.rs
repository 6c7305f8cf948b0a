//! The piece tables, computed at compile time: the 91 distinct orientations of the 21 pieces
//! and the 414 placement candidates around an attach cell that the move generator walks.
//!
//! Everything here is derived from one literal: each piece's cells in ICFPT orientation 0,
//! as offsets from its reference cell (`DRAWINGS`). The tests check the result against
//! `plateau_grid::Shape` (the 21 free polyominoes of 1 to 5 cells, their orientation
//! counts) and against the ICFPT 2013 offset table of all 168 piece/digit codes.

/// Offsets `(dx, dy)` (y down) of each piece's cells from its reference cell, orientation 0,
/// in ICFPT letter order `a`..`u`; unused slots repeat `(0, 0)`.
const DRAWINGS: [(u8, [(i8, i8); 5]); 21] = [
    (1, [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)]),
    (2, [(0, 0), (0, 1), (0, 0), (0, 0), (0, 0)]),
    (3, [(0, -1), (0, 0), (0, 1), (0, 0), (0, 0)]),
    (3, [(0, -1), (0, 0), (1, 0), (0, 0), (0, 0)]),
    (4, [(0, -1), (0, 0), (0, 1), (0, 2), (0, 0)]),
    (4, [(-1, 1), (0, -1), (0, 0), (0, 1), (0, 0)]),
    (4, [(0, -1), (0, 0), (0, 1), (1, 0), (0, 0)]),
    (4, [(0, 0), (0, 1), (1, 0), (1, 1), (0, 0)]),
    (4, [(-1, 0), (0, 0), (0, 1), (1, 1), (0, 0)]),
    (5, [(0, -2), (0, -1), (0, 0), (0, 1), (0, 2)]),
    (5, [(-1, 1), (0, -2), (0, -1), (0, 0), (0, 1)]),
    (5, [(-1, 0), (-1, 1), (0, -2), (0, -1), (0, 0)]),
    (5, [(-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1)]),
    (5, [(-1, -1), (-1, 1), (0, -1), (0, 0), (0, 1)]),
    (5, [(0, -1), (0, 0), (0, 1), (0, 2), (1, 0)]),
    (5, [(-1, 1), (0, -1), (0, 0), (0, 1), (1, 1)]),
    (5, [(0, -2), (0, -1), (0, 0), (1, 0), (2, 0)]),
    (5, [(-1, -1), (0, -1), (0, 0), (1, 0), (1, 1)]),
    (5, [(-1, -1), (-1, 0), (0, 0), (1, 0), (1, 1)]),
    (5, [(-1, -1), (-1, 0), (0, 0), (0, 1), (1, 0)]),
    (5, [(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)]),
];

/// The cells of piece `p` in orientation 0, as offsets from its reference cell.
pub(crate) const fn drawing(p: usize) -> (usize, [(i8, i8); 5]) {
    (DRAWINGS[p].0 as usize, DRAWINGS[p].1)
}

/// Number of distinct orientations of all pieces.
pub(crate) const ORIENTATIONS: usize = 91;
/// Number of placement candidates around one attach cell (one per orientation and cell).
pub(crate) const CANDIDATES: usize = 414;

/// The ICFPT orientation digit `d` applied to an offset (y down): 0 as drawn, 1 mirrored in
/// x, 2 a quarter turn clockwise, 3 its mirror, 4 half a turn, 5 its mirror, 6 three
/// quarter turns, 7 its mirror.
pub(crate) const fn transform(d: u8, x: i8, y: i8) -> (i8, i8) {
    match d {
        0 => (x, y),
        1 => (-x, y),
        2 => (-y, x),
        3 => (y, x),
        4 => (-x, -y),
        5 => (x, -y),
        6 => (y, -x),
        _ => (-y, -x),
    }
}

/// One distinct orientation of a piece.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Orient {
    /// Index of the piece (ICFPT letter order).
    pub piece: u8,
    /// The smallest ICFPT digit giving this shape (the canonical one).
    pub digit: u8,
    /// Number of cells.
    pub len: u8,
    /// Bounding box.
    pub width: u8,
    pub height: u8,
    /// The normalised cells packed as `plateau_grid::Shape` packs them (bit `8 * y + x`).
    pub bits: u64,
    /// Rows of the shape, bit `x` for column `x` of the bounding box.
    pub rows: [u8; 5],
    /// The cells sharing an edge with the shape, rows `-1..=height` of the box, bit `x + 1`.
    pub edges: [u8; 7],
    /// The cells touching the shape only at a corner, same frame as `edges`.
    pub corners: [u8; 7],
    /// The cells, row-major, in the bounding box frame.
    pub cells: [(u8, u8); 5],
    /// Where the ICFPT reference cell of the canonical digit lies in the bounding box.
    pub reference: (u8, u8),
}

const EMPTY_ORIENT: Orient = Orient {
    piece: 0,
    digit: 0,
    len: 0,
    width: 0,
    height: 0,
    bits: 0,
    rows: [0; 5],
    edges: [0; 7],
    corners: [0; 7],
    cells: [(0, 0); 5],
    reference: (0, 0),
};

/// The piece's cells under digit `d`, normalised: (bits, min x, min y) where the reference
/// cell lies at `(-min x, -min y)` in the box.
const fn shape_of(piece: usize, d: u8) -> (u64, i8, i8) {
    let (len, offs) = DRAWINGS[piece];
    let mut tx = [0i8; 5];
    let mut ty = [0i8; 5];
    let (mut min_x, mut min_y) = (i8::MAX, i8::MAX);
    let mut i = 0;
    while i < len as usize {
        let (x, y) = transform(d, offs[i].0, offs[i].1);
        tx[i] = x;
        ty[i] = y;
        if x < min_x {
            min_x = x;
        }
        if y < min_y {
            min_y = y;
        }
        i += 1;
    }
    let mut bits = 0u64;
    let mut i = 0;
    while i < len as usize {
        bits |= 1 << (8 * (ty[i] - min_y) as u32 + (tx[i] - min_x) as u32);
        i += 1;
    }
    (bits, min_x, min_y)
}

/// The orientation table, the first orientation index of each piece (plus a final 91), and
/// for each piece and digit the orientation index it gives.
pub(crate) struct OrientTable {
    pub orients: [Orient; ORIENTATIONS],
    pub first: [u8; 22],
    pub by_digit: [[u8; 8]; 21],
}

const fn build_orients() -> OrientTable {
    let mut t = OrientTable {
        orients: [EMPTY_ORIENT; ORIENTATIONS],
        first: [0; 22],
        by_digit: [[0; 8]; 21],
    };
    let mut n = 0usize;
    let mut p = 0usize;
    while p < 21 {
        t.first[p] = n as u8;
        let mut d = 0u8;
        while d < 8 {
            let (bits, min_x, min_y) = shape_of(p, d);
            // Seen already among this piece's orientations?
            let mut k = t.first[p] as usize;
            let mut found = usize::MAX;
            while k < n {
                if t.orients[k].bits == bits {
                    found = k;
                }
                k += 1;
            }
            if found == usize::MAX {
                t.orients[n] = orient_of(p as u8, d, bits, (-min_x) as u8, (-min_y) as u8);
                found = n;
                n += 1;
            }
            t.by_digit[p][d as usize] = found as u8;
            d += 1;
        }
        p += 1;
    }
    t.first[21] = n as u8;
    assert!(n == ORIENTATIONS);
    t
}

const fn orient_of(piece: u8, digit: u8, bits: u64, rx: u8, ry: u8) -> Orient {
    let mut o = EMPTY_ORIENT;
    o.piece = piece;
    o.digit = digit;
    o.bits = bits;
    o.reference = (rx, ry);
    let mut i = 0;
    while i < 64 {
        if bits >> i & 1 == 1 {
            let (x, y) = ((i % 8) as u8, (i / 8) as u8);
            o.cells[o.len as usize] = (x, y);
            o.len += 1;
            o.rows[y as usize] |= 1 << x;
            if x + 1 > o.width {
                o.width = x + 1;
            }
            if y + 1 > o.height {
                o.height = y + 1;
            }
        }
        i += 1;
    }
    // The halo frame: row r is box row r - 1, bit b is box column b - 1.
    let mut r = 0;
    while r < 7 {
        let here = if r >= 1 && r <= 5 { o.rows[r - 1] } else { 0 };
        let up = if r >= 2 { o.rows[r - 2] } else { 0 };
        let down = if r <= 4 { o.rows[r] } else { 0 };
        let here = (here as u16) << 1;
        let up = (up as u16) << 1;
        let down = (down as u16) << 1;
        let edges = (up | down | here << 1 | here >> 1) & !here;
        let diag = (up << 1 | up >> 1 | down << 1 | down >> 1) & !here & !edges;
        o.edges[r] = edges as u8;
        o.corners[r] = diag as u8;
        r += 1;
    }
    o
}

/// The orientations of every piece.
pub(crate) const ORIENT: OrientTable = build_orients();

/// A placement candidate around an attach cell: the orientation, and where its bounding
/// box's top-left corner lies relative to the attach cell.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Candidate {
    pub orient: u8,
    pub dx: i8,
    pub dy: i8,
}

/// Every placement covering the centre of a 9 x 9 window, as a mask of the window (bit
/// `9 * y + x`), grouped by piece: piece `p` owns `first[p]..first[p + 1]`. Within a piece
/// the candidates are grouped by which of the centre's four neighbours they cover (bit 0
/// up, 1 left, 2 right, 3 down): group `g` of piece `p` is `group[p][g]..group[p][g + 1]`,
/// so a cell whose neighbours are partly taken skips whole groups. Within a group the order
/// is orientation digit, then which cell lies on the centre (row-major).
pub(crate) struct CandidateTable {
    pub masks: [u128; CANDIDATES],
    pub info: [Candidate; CANDIDATES],
    pub first: [u16; 22],
    pub group: [[u16; 17]; 21],
}

/// The window bits of the centre's neighbours: up, left, right, down.
pub(crate) const NEIGHBOURS: [u32; 4] = [31, 39, 41, 49];

/// Which of the centre's neighbours a window mask covers, as a 4-bit group number.
pub(crate) const fn neighbour_group(mask: u128) -> usize {
    let mut g = 0;
    let mut i = 0;
    while i < 4 {
        if mask >> NEIGHBOURS[i] & 1 == 1 {
            g |= 1 << i;
        }
        i += 1;
    }
    g
}

const fn build_candidates() -> CandidateTable {
    let mut t = CandidateTable {
        masks: [0; CANDIDATES],
        info: [Candidate {
            orient: 0,
            dx: 0,
            dy: 0,
        }; CANDIDATES],
        first: [0; 22],
        group: [[0; 17]; 21],
    };
    let mut n = 0usize;
    let mut p = 0usize;
    while p < 21 {
        t.first[p] = n as u16;
        let mut o = ORIENT.first[p] as usize;
        while o < ORIENT.first[p + 1] as usize {
            let or = &ORIENT.orients[o];
            let mut j = 0;
            while j < or.len as usize {
                let (sx, sy) = or.cells[j];
                let mut mask = 0u128;
                let mut k = 0;
                while k < or.len as usize {
                    let (cx, cy) = or.cells[k];
                    let wx = 4 + cx as i32 - sx as i32;
                    let wy = 4 + cy as i32 - sy as i32;
                    mask |= 1 << (9 * wy + wx) as u32;
                    k += 1;
                }
                t.masks[n] = mask;
                t.info[n] = Candidate {
                    orient: o as u8,
                    dx: -(sx as i8),
                    dy: -(sy as i8),
                };
                n += 1;
                j += 1;
            }
            o += 1;
        }
        // Stable counting sort of the piece's candidates by neighbour group.
        let (lo, hi) = (t.first[p] as usize, n);
        let mut masks = [0u128; 40];
        let mut info = [Candidate {
            orient: 0,
            dx: 0,
            dy: 0,
        }; 40];
        let mut k = 0;
        let mut g = 0;
        while g < 16 {
            t.group[p][g] = (lo + k) as u16;
            let mut i = lo;
            while i < hi {
                if neighbour_group(t.masks[i]) == g {
                    masks[k] = t.masks[i];
                    info[k] = t.info[i];
                    k += 1;
                }
                i += 1;
            }
            g += 1;
        }
        t.group[p][16] = hi as u16;
        let mut i = 0;
        while i < k {
            t.masks[lo + i] = masks[i];
            t.info[lo + i] = info[i];
            i += 1;
        }
        p += 1;
    }
    t.first[21] = n as u16;
    assert!(n == CANDIDATES);
    t
}

/// The candidates around an attach cell.
pub(crate) const CAND: CandidateTable = build_candidates();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halo_of_the_monomino() {
        let o = &ORIENT.orients[0];
        assert_eq!(o.edges[..3], [0b010, 0b101, 0b010]);
        assert_eq!(o.corners[..3], [0b101, 0b000, 0b101]);
        assert_eq!(o.edges[3..], [0; 4]);
    }

    #[test]
    fn a_piece_has_at_most_8_corner_cells() {
        let most = ORIENT
            .orients
            .iter()
            .map(|o| o.corners.iter().map(|r| r.count_ones()).sum::<u32>())
            .max();
        assert_eq!(most, Some(8));
        const { assert!(8 * 21 <= crate::bot::MAX_ATTACH_CELLS) };
    }

    #[test]
    fn candidates_cover_the_centre() {
        for m in CAND.masks {
            assert!(m >> 40 & 1 == 1);
        }
    }
}
