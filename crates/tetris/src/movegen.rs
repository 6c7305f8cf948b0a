//! Every final placement a piece can reach from its spawn, by a breadth-first search over
//! whole rows of positions at once, and an input path to any one of them.
//!
//! A position is `(state, column, row)` of the piece's bounding box. For each state and row
//! the search keeps the set of reachable columns as one bitmask, so a shift is a bit shift,
//! "all the columns a piece can slide to" is a carry-propagating fill within the free run,
//! and a rotation tries its kick tests for every reachable column of a row with a few ANDs
//! (the first fitting test wins, exactly as one piece would). Rows are expanded from the top
//! down and re-expanded only when a kick lifts a piece back up; each position is expanded
//! once.
//!
//! The search assumes unbounded time before the piece locks (no gravity, no lock delay): the
//! placements a bot or a solver can aim for, as in the Tetris AI literature.

use alloc::vec;
use alloc::vec::Vec;

use crate::fit_map::MAP_ROWS as ROWS;
use crate::rotation::Shape;
use crate::{Field, Piece, Rotation, RotationSystem, Step, TSpin, Tetromino};

/// The reusable scratch of a search: a few kilobytes, so bots keep one and searches do not
/// allocate.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    free: [[u32; ROWS]; 4],
    reach: [[u32; ROWS]; 4],
    done: [[u32; ROWS]; 4],
    spun: [[u32; ROWS]; 4],
    kick5: [[u32; ROWS]; 4],
    dirty: [u64; 4],
    /// Rows searched.
    height: usize,
    /// Rows whose positions are recorded (kicks landing higher are in open air).
    follow: usize,
    piece: Piece,
    system: RotationSystem,
}

impl Default for Search {
    fn default() -> Self {
        Search {
            free: [[0; ROWS]; 4],
            reach: [[0; ROWS]; 4],
            done: [[0; ROWS]; 4],
            spun: [[0; ROWS]; 4],
            kick5: [[0; ROWS]; 4],
            dirty: [0; 4],
            height: 0,
            follow: 0,
            piece: Piece::I,
            system: RotationSystem::Srs,
        }
    }
}

/// The columns of a free run reachable from `seed` by shifts: both directions of the fill
/// (bit `i` is column `i` of the box's left edge).
#[inline(always)]
fn fill(seed: u32, free: u32) -> u32 {
    let seed = seed & free;
    // Upwards: adding the seeds to the free mask carries from the lowest seed of each run to
    // the run's top; the bits that changed are the filled part.
    let up = ((free.wrapping_add(seed) ^ free) & free) | seed;
    // Downwards: a Kogge-Stone occluded fill (16 columns need four doubling steps).
    let mut g = seed;
    let mut p = free;
    g |= p & (g >> 1);
    p &= p >> 1;
    g |= p & (g >> 2);
    p &= p >> 2;
    g |= p & (g >> 4);
    p &= p >> 4;
    g |= p & (g >> 8);
    up | g
}

#[inline(always)]
fn shift(bits: u32, by: i32) -> u32 {
    if by >= 0 { bits << by } else { bits >> -by }
}

impl Search {
    /// Searches from `spawn`; returns `false` (and finds nothing) if the spawn is blocked.
    pub(crate) fn run(&mut self, field: &Field, system: RotationSystem, spawn: Tetromino) -> bool {
        const BAND: usize = 3;
        let piece = spawn.piece;
        let shapes = &system.shapes()[piece.index()];
        let h = field.height();
        let top = field.stack_height();
        self.piece = piece;
        self.system = system;
        let min_dy = shapes.iter().map(|s| i32::from(s.dy)).min().unwrap_or(0);
        let sy = i32::from(spawn.y);
        // Open air: when every state of the spawn is at least `BAND` rows above the stack, all
        // of the empty space above the stack is reachable (rotate in place, slide, fall), so
        // the search starts from the full rows `top..=top + BAND` instead of the spawn. From
        // rows higher up no move reaches below `top + 1`, nor rests: what happens there is
        // implied by the band, so kicks that land higher are tried (for the order of the
        // tests) but not followed.
        let open_air = sy + min_dy >= (top + BAND) as i32 && field.fits(system, spawn);
        // Rows the search reads: kicks reach at most 2 rows up plus 2 of box offsets.
        self.height = if open_air { h.min(top + BAND + 5) } else { h };
        self.follow = if open_air { top + BAND + 1 } else { h };
        let rows = self.height;
        for (r, shape) in shapes.iter().enumerate() {
            field.free_rows(shape, &mut self.free[r][..rows]);
            self.reach[r][..rows].fill(0);
            self.done[r][..rows].fill(0);
            self.spun[r][..rows].fill(0);
            self.kick5[r][..rows].fill(0);
        }
        self.dirty = [0; 4];
        if open_air {
            for r in 0..4 {
                for y in top..=(top + BAND).min(rows - 1) {
                    self.reach[r][y] = self.free[r][y];
                    self.dirty[r] |= 1 << y;
                }
            }
        } else {
            if !field.fits(system, spawn) {
                return false;
            }
            let s = &shapes[spawn.rotation.index()];
            let bx = i32::from(spawn.x) + i32::from(s.dx);
            let by = (sy + i32::from(s.dy)) as usize;
            self.reach[spawn.rotation.index()][by] = 1 << bx;
            self.dirty[spawn.rotation.index()] = 1 << by;
        }
        loop {
            let any = self.dirty[0] | self.dirty[1] | self.dirty[2] | self.dirty[3];
            if any == 0 {
                break;
            }
            let y = 63 - any.leading_zeros() as usize;
            for r in 0..4 {
                if self.dirty[r] >> y & 1 == 1 {
                    self.dirty[r] &= !(1 << y);
                    self.expand(shapes, r, y);
                }
            }
        }
        true
    }

    #[inline]
    fn expand(&mut self, shapes: &[Shape; 4], r: usize, y: usize) {
        let closed = fill(self.reach[r][y], self.free[r][y]);
        let new = closed & !self.done[r][y];
        self.reach[r][y] = closed;
        self.done[r][y] = closed;
        if new == 0 {
            return;
        }
        if y > 0 {
            let add = new & self.free[r][y - 1] & !self.reach[r][y - 1];
            if add != 0 {
                self.reach[r][y - 1] |= add;
                self.dirty[r] |= 1 << (y - 1);
            }
        }
        for cw in [true, false] {
            let r2 = if cw { (r + 1) % 4 } else { (r + 3) % 4 };
            let kicks = self.system.kicks(self.piece, Rotation::from_index(r), cw);
            let base_dx = i32::from(shapes[r2].dx) - i32::from(shapes[r].dx);
            let base_dy = i32::from(shapes[r2].dy) - i32::from(shapes[r].dy);
            let mut rem = new;
            for (k, &(kx, ky)) in kicks.iter().enumerate() {
                if rem == 0 {
                    break;
                }
                let ty = y as i32 + i32::from(ky) + base_dy;
                if ty < 0 || ty >= self.height as i32 {
                    continue;
                }
                let ty = ty as usize;
                let sx = i32::from(kx) + base_dx;
                let tgt = shift(rem, sx) & self.free[r2][ty];
                if tgt == 0 {
                    continue;
                }
                rem &= !shift(tgt, -sx);
                if ty >= self.follow {
                    continue;
                }
                self.spun[r2][ty] |= tgt;
                if k == 4 {
                    self.kick5[r2][ty] |= tgt;
                }
                let add = tgt & !self.reach[r2][ty];
                if add != 0 {
                    self.reach[r2][ty] |= add;
                    self.dirty[r2] |= 1 << ty;
                }
            }
        }
    }

    /// The resting positions of state `r` in box row `y` (before merging equal states).
    #[inline]
    fn rest(&self, r: usize, y: usize) -> u32 {
        let below = if y > 0 { self.free[r][y - 1] } else { 0 };
        self.reach[r][y] & !below
    }

    /// The final placements of the last search, one per distinct set of cells, in order of
    /// state, then row, then column. `f` gets each resting tetromino.
    pub(crate) fn for_each(&self, mut f: impl FnMut(Tetromino)) {
        let shapes = &self.system.shapes()[self.piece.index()];
        for (c, shape) in shapes.iter().enumerate() {
            if usize::from(shape.canon) != c {
                continue;
            }
            for y in 0..self.height {
                let mut bits = 0;
                for (r, s) in shapes.iter().enumerate() {
                    if usize::from(s.canon) == c {
                        bits |= self.rest(r, y);
                    }
                }
                while bits != 0 {
                    let bx = bits.trailing_zeros() as i32;
                    bits &= bits - 1;
                    f(Tetromino::new(
                        self.piece,
                        Rotation::from_index(c),
                        (bx - i32::from(shape.dx)) as i8,
                        (y as i32 - i32::from(shape.dy)) as i8,
                    ));
                }
            }
        }
    }

    /// Whether `t` (any state with the same cells) is a final placement of the last search.
    pub(crate) fn contains(&self, t: Tetromino) -> bool {
        if t.piece != self.piece {
            return false;
        }
        let shapes = &self.system.shapes()[self.piece.index()];
        let s = &shapes[t.rotation.index()];
        let bx = i32::from(t.x) + i32::from(s.dx);
        let by = i32::from(t.y) + i32::from(s.dy);
        if !(0..16).contains(&bx) || by < 0 || by as usize >= self.height {
            return false;
        }
        let (bx, by) = (bx as u32, by as usize);
        shapes
            .iter()
            .enumerate()
            .filter(|(_, o)| o.canon == s.canon)
            .any(|(r, _)| self.rest(r, by) >> bx & 1 == 1)
    }

    /// The state the placements list for `t`'s cells: `t` itself when its state is the
    /// listed one, else the tetromino of the listed state covering the same cells.
    pub(crate) fn canonical(&self, t: Tetromino) -> Tetromino {
        let shapes = &self.system.shapes()[t.piece.index()];
        let s = &shapes[t.rotation.index()];
        let c = usize::from(s.canon);
        if c == t.rotation.index() {
            return t;
        }
        // Equal states share their box position (the search merges them there).
        let listed = &shapes[c];
        Tetromino::new(
            t.piece,
            Rotation::from_index(c),
            (i32::from(t.x) + i32::from(s.dx) - i32::from(listed.dx)) as i8,
            (i32::from(t.y) + i32::from(s.dy) - i32::from(listed.dy)) as i8,
        )
    }

    /// How the T-spin rule sees the best way into final placement `t` (a T): `(reached by a
    /// rotation, reached by the fifth kick test)`.
    pub(crate) fn spin_entry(&self, t: Tetromino) -> (bool, bool) {
        let shapes = &self.system.shapes()[self.piece.index()];
        let s = &shapes[t.rotation.index()];
        let bx = i32::from(t.x) + i32::from(s.dx);
        let by = i32::from(t.y) + i32::from(s.dy);
        if !(0..16).contains(&bx) || by < 0 || by as usize >= self.height {
            return (false, false);
        }
        let r = t.rotation.index();
        let (bx, by) = (bx as u32, by as usize);
        (
            self.spun[r][by] >> bx & 1 == 1,
            self.kick5[r][by] >> bx & 1 == 1,
        )
    }
}

/// The T-spin a T locking at `t` earns when its last move was a rotation that used kick test
/// `kick` (0-based), by the Guideline's three-corner rule: three of the four corners around
/// the pivot occupied (walls and floor count) make a T-spin; it is a full one when both front
/// corners (on the side the T points to) are occupied or when the rotation used the fifth
/// test, and a mini otherwise.
pub(crate) fn classify(field: &Field, system: RotationSystem, t: Tetromino, kick5: bool) -> TSpin {
    let (all, front) = field.t_corners(system, t);
    if all < 3 {
        TSpin::None
    } else if front == 2 || kick5 {
        TSpin::Full
    } else {
        TSpin::Mini
    }
}

/// The best T-spin a final placement can be reached with (by the three-corner rule), given the
/// search that found it.
pub(crate) fn best_spin(search: &Search, field: &Field, t: Tetromino) -> TSpin {
    if t.piece != Piece::T || search.system != RotationSystem::Srs {
        return TSpin::None;
    }
    let (spun, kick5) = search.spin_entry(t);
    if !spun {
        return TSpin::None;
    }
    classify(field, search.system, t, kick5)
}

/// What the last step of a path must be so that the lock scores the placement's T-spin.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Finish {
    /// Any step.
    Any,
    /// A rotation.
    Rotation,
    /// A rotation that used the fifth kick test.
    Kick5,
}

/// A shortest path of steps from `spawn` to a position with the cells of `target`, whose last
/// step satisfies `finish`; `None` if there is none (or the spawn is blocked).
pub(crate) fn path(
    field: &Field,
    system: RotationSystem,
    spawn: Tetromino,
    target: Tetromino,
    finish: Finish,
) -> Option<Vec<Step>> {
    // States by pivot: columns -3..=18 and rows -3..=62 cover every pivot of a piece that fits.
    const W: i32 = 22;
    const H: i32 = 66;
    let index = |t: Tetromino| -> Option<usize> {
        let x = i32::from(t.x) + 3;
        let y = i32::from(t.y) + 3;
        ((0..W).contains(&x) && (0..H).contains(&y))
            .then(|| ((t.rotation.index() as i32 * H + y) * W + x) as usize)
    };
    if !field.fits(system, spawn) || spawn.piece != target.piece {
        return None;
    }
    let shapes = &system.shapes()[target.piece.index()];
    let goal = |t: Tetromino| {
        let s = &shapes[t.rotation.index()];
        let g = &shapes[target.rotation.index()];
        s.canon == g.canon
            && i32::from(t.x) + i32::from(s.dx) == i32::from(target.x) + i32::from(g.dx)
            && i32::from(t.y) + i32::from(s.dy) == i32::from(target.y) + i32::from(g.dy)
    };
    let resting = |t: Tetromino| !field.fits(system, t.moved(0, -1));
    let total = (4 * W * H) as usize;
    // Parent state and the step that reached each state; u32::MAX: unvisited.
    let mut parent = vec![(u32::MAX, Step::Left); total];
    let mut queue: Vec<Tetromino> = Vec::with_capacity(256);
    let start = index(spawn)?;
    parent[start] = (start as u32, Step::Left);
    queue.push(spawn);
    let mut head = 0;
    let unwind = |parent: &[(u32, Step)], mut at: usize, last: Step| -> Vec<Step> {
        let mut steps = vec![last];
        while parent[at].0 as usize != at {
            steps.push(parent[at].1);
            at = parent[at].0 as usize;
        }
        steps.reverse();
        steps
    };
    if finish == Finish::Any && goal(spawn) && resting(spawn) {
        return Some(Vec::new());
    }
    while head < queue.len() {
        let t = queue[head];
        head += 1;
        let from = index(t)?;
        let mut next: [(Option<Tetromino>, Step, Option<usize>); 6] = [(None, Step::Left, None); 6];
        for (slot, (step, dx)) in next.iter_mut().zip([(Step::Left, -1), (Step::Right, 1)]) {
            let m = t.moved(dx, 0);
            if field.fits(system, m) {
                *slot = (Some(m), step, None);
            }
        }
        if field.fits(system, t.moved(0, -1)) {
            next[2] = (Some(t.moved(0, -1)), Step::SoftDrop, None);
            next[3] = (Some(field.drop_position(system, t)), Step::Drop, None);
        }
        for (slot, (cw, step)) in next[4..]
            .iter_mut()
            .zip([(true, Step::RotateCw), (false, Step::RotateCcw)])
        {
            if let Some((m, k)) = rotate(field, system, t, cw) {
                *slot = (Some(m), step, Some(k));
            }
        }
        for (m, step, kick) in next {
            let Some(m) = m else { continue };
            if goal(m) && resting(m) {
                let ok = match finish {
                    Finish::Any => true,
                    Finish::Rotation => kick.is_some(),
                    Finish::Kick5 => kick == Some(4),
                };
                if ok {
                    return Some(unwind(&parent, from, step));
                }
            }
            let i = index(m)?;
            if parent[i].0 == u32::MAX {
                parent[i] = (from as u32, step);
                queue.push(m);
            }
        }
    }
    None
}

/// Rotates `t` with the system's kick tests; the new position and the index of the test used.
pub(crate) fn rotate(
    field: &Field,
    system: RotationSystem,
    t: Tetromino,
    cw: bool,
) -> Option<(Tetromino, usize)> {
    field.rotate(system, t, cw)
}

impl Field {
    /// Every distinct final placement `spawn`'s piece can reach from `spawn` with `system`'s
    /// shifts, rotations with kicks and soft drops (tucks and spins included): one tetromino
    /// per distinct set of cells, in order of state, row and column. Empty when `spawn` does
    /// not fit. Assumes unlimited time (no gravity or lock delay).
    ///
    /// ```
    /// use plateau_grid::Size;
    /// use plateau_tetris::{Board, Piece, Rotation, RotationSystem, Tetromino};
    ///
    /// let board = Board::new(Size::new(10, 40))?;
    /// let spawn = Tetromino::new(Piece::T, Rotation::North, 4, 20);
    /// assert_eq!(board.field().placements(RotationSystem::Srs, spawn).len(), 34);
    /// # Ok::<(), plateau_tetris::BoardError>(())
    /// ```
    #[must_use]
    pub fn placements(&self, system: RotationSystem, spawn: Tetromino) -> Vec<Tetromino> {
        let mut out = Vec::new();
        self.placements_into(system, spawn, &mut out);
        out
    }

    /// Rotates `t` (clockwise when `cw`) as the game does: the new state at the same pivot,
    /// then each of the system's kick tests in order; the first position that fits wins.
    /// Returns it and the index of the test used (0 for the plain rotation), or `None` when
    /// no test fits.
    ///
    /// ```
    /// use plateau_grid::Size;
    /// use plateau_tetris::{Board, Piece, Rotation, RotationSystem, Tetromino};
    ///
    /// let board = Board::new(Size::new(10, 40))?;
    /// // A vertical I against the left wall turns flat with the third test, one column right.
    /// let i = Tetromino::new(Piece::I, Rotation::West, 0, 10);
    /// let (turned, test) = board.field().rotate(RotationSystem::Srs, i, false).expect("it turns");
    /// assert_eq!((turned, test), (Tetromino::new(Piece::I, Rotation::South, 1, 10), 2));
    /// # Ok::<(), plateau_tetris::BoardError>(())
    /// ```
    #[must_use]
    pub fn rotate(
        &self,
        system: RotationSystem,
        t: Tetromino,
        cw: bool,
    ) -> Option<(Tetromino, usize)> {
        let to = if cw {
            t.rotation.cw()
        } else {
            t.rotation.ccw()
        };
        system
            .kicks(t.piece, t.rotation, cw)
            .iter()
            .enumerate()
            .find_map(|(k, &(dx, dy))| {
                let m = t.turned(to).moved(dx, dy);
                self.fits(system, m).then_some((m, k))
            })
    }

    /// [`Field::placements`] into `out` (cleared first).
    pub fn placements_into(
        &self,
        system: RotationSystem,
        spawn: Tetromino,
        out: &mut Vec<Tetromino>,
    ) {
        out.clear();
        let mut search = Search::default();
        if search.run(self, system, spawn) {
            search.for_each(|t| out.push(t));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_covers_the_runs_holding_seeds() {
        let free = 0b1110_1111_0111u32;
        assert_eq!(fill(0b0000_0010_0000, free), 0b0000_1111_0000);
        assert_eq!(fill(0b0100_0000_0001, free), 0b1110_0000_0111);
        assert_eq!(fill(0, free), 0);
        assert_eq!(fill(0xFFFF, 0xFFFF), 0xFFFF);
        assert_eq!(fill(0x8000, 0xFFFF), 0xFFFF);
        assert_eq!(fill(1, 0xFFFF), 0xFFFF);
    }
}
