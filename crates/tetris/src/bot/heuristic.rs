//! The placement-evaluation bot: Dellacherie's and El-Tetris's features with a two-ply look
//! at the first next piece (and hold).

use alloc::vec::Vec;

use super::View;
use crate::movegen::Search;
use crate::{Bot, Field, Game, Piece, Placement, RotationSystem, Rules, Tetromino};

/// What the evaluation measures of a placement and of the field it leaves (Dellacherie 2003;
/// El-Ashi 2011, "El-Tetris").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Features {
    /// Twice the landing height: the sum of the rows of the piece's lowest and highest cells
    /// (rows from 0, before any line clears).
    pub landing_height_x2: i32,
    /// Rows the placement cleared.
    pub lines: i32,
    /// Dellacherie's eroded piece cells: rows cleared times the piece's cells in them.
    pub eroded_cells: i32,
    /// Changes between filled and empty along each visible row, walls counting as filled.
    pub row_transitions: i32,
    /// Changes between filled and empty up each column from the floor (filled) through the
    /// visible rows.
    pub column_transitions: i32,
    /// Empty cells with a filled cell somewhere above them in their column.
    pub holes: i32,
    /// Cumulative wells: for each run of well cells (empty, both sides filled or a wall) down
    /// a column, `1 + 2 + ... + depth`.
    pub wells: i32,
}

/// How much each feature counts (the evaluation is the weighted sum; higher is better).
/// Weights are per unit of each feature, times 1000.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Weights {
    /// Per row of landing height.
    pub landing_height: i32,
    /// Per row cleared.
    pub lines: i32,
    /// Per eroded piece cell.
    pub eroded_cells: i32,
    /// Per row transition.
    pub row_transitions: i32,
    /// Per column transition.
    pub column_transitions: i32,
    /// Per hole.
    pub holes: i32,
    /// Per unit of cumulative wells.
    pub wells: i32,
}

impl Weights {
    /// El-Tetris's weights (found by particle swarm optimisation for the one-piece game):
    /// landing height -4.500, rows eliminated 3.418, row transitions -3.218, column
    /// transitions -9.349, holes -7.899, wells -3.386.
    pub const EL_TETRIS: Weights = Weights {
        landing_height: -4500,
        lines: 3418,
        eroded_cells: 0,
        row_transitions: -3218,
        column_transitions: -9349,
        holes: -7899,
        wells: -3386,
    };

    /// Dellacherie's hand-tuned weights: -1 per row of landing height, +1 per eroded cell,
    /// -1 per transition and per unit of wells, -4 per hole.
    pub const DELLACHERIE: Weights = Weights {
        landing_height: -1000,
        lines: 0,
        eroded_cells: 1000,
        row_transitions: -1000,
        column_transitions: -1000,
        holes: -4000,
        wells: -1000,
    };

    /// The weighted sum of `f`, in thousandths (landing height counted from its doubled form).
    #[must_use]
    pub fn score(&self, f: &Features) -> i64 {
        (i64::from(self.landing_height) * i64::from(f.landing_height_x2)) / 2
            + i64::from(self.lines) * i64::from(f.lines)
            + i64::from(self.eroded_cells) * i64::from(f.eroded_cells)
            + i64::from(self.row_transitions) * i64::from(f.row_transitions)
            + i64::from(self.column_transitions) * i64::from(f.column_transitions)
            + i64::from(self.holes) * i64::from(f.holes)
            + i64::from(self.wells) * i64::from(f.wells)
    }

    /// The part of the score that belongs to the placement itself rather than to the field it
    /// leaves: landing height, lines and eroded cells.
    fn placement_part(&self, f: &Features) -> i64 {
        (i64::from(self.landing_height) * i64::from(f.landing_height_x2)) / 2
            + i64::from(self.lines) * i64::from(f.lines)
            + i64::from(self.eroded_cells) * i64::from(f.eroded_cells)
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::EL_TETRIS
    }
}

/// Worse than any real evaluation: a placement that tops out.
const LOSS: i64 = -(1 << 50);

impl Features {
    /// Locks `t` (which must fit) on a copy of `field`, clears lines, and measures the
    /// placement and the result over the `visible` bottom rows. Returns the features and the
    /// resulting field.
    #[must_use]
    pub fn measure(
        field: &Field,
        system: RotationSystem,
        t: Tetromino,
        visible: usize,
    ) -> (Features, Field) {
        let mut after = *field;
        after.lock(system, t);
        let tables = Tables::new(field.width() as u32);
        let (features, _) =
            Features::measure_rows(field, field.stack_height(), system, t, visible, &tables);
        (features, after)
    }

    /// The features of locking `t` on `field` (whose stack is `top` rows high) without
    /// building the resulting field: the rows below the stack and the piece are read once,
    /// full rows are skipped (that is the line clear), and the rest are measured. Returns the
    /// features and the stack height after.
    fn measure_rows(
        field: &Field,
        top: usize,
        system: RotationSystem,
        t: Tetromino,
        visible: usize,
        tables: &Tables,
    ) -> (Features, usize) {
        let shape = system.shape(t.piece, t.rotation);
        let bx = (i32::from(t.x) + i32::from(shape.dx)) as u32;
        let by = (i32::from(t.y) + i32::from(shape.dy)) as usize;
        let bh = usize::from(shape.h);
        let full = field.full_row();
        let hi = top.max(by + bh);
        let mut rows = [0u32; 64];
        let mut n = 0;
        let mut cleared = 0;
        let mut piece_cells_cleared = 0;
        for y in 0..hi {
            let piece_bits = if y >= by && y < by + bh {
                shape.rows[y - by] << bx
            } else {
                0
            };
            let r = (field.raw(y) & full) | piece_bits;
            if r == full {
                cleared += 1;
                piece_cells_cleared += piece_bits.count_ones() as i32;
                continue;
            }
            rows[n] = r;
            n += 1;
        }
        while n > 0 && rows[n - 1] == 0 {
            n -= 1;
        }
        // Boxes are tight: the piece's lowest cell is in the box's bottom row.
        let low = by as i32;
        let high = by as i32 + bh as i32 - 1;
        let mut f = Features {
            landing_height_x2: low + high,
            lines: cleared,
            eroded_cells: cleared * piece_cells_cleared,
            ..Features::default()
        };
        f.measure_field(&rows[..n], tables, visible);
        (f, n)
    }

    /// The field's features (transitions, holes, wells) of `rows` (bottom first, the stack;
    /// empty rows above it up to `visible`).
    fn measure_field(&mut self, rows: &[u32], tables: &Tables, visible: usize) {
        let top = rows.len().min(visible);
        let width = tables.width;
        let full = (1u32 << width) - 1;
        let left_wall = 1u32;
        let right_wall = 1u32 << (width - 1);
        let (mut row_t, mut col_t, mut holes, mut wells) = (0u32, 0u32, 0u32, 0u32);
        let mut prev = full;
        for &r in &rows[..top] {
            row_t += u32::from(tables.row_transitions[r as usize]);
            col_t += u32::from(tables.ones[(r ^ prev) as usize]);
            prev = r;
        }
        // Every empty row up to the top of the visible field has its two wall transitions,
        // and each column ends empty.
        row_t += 2 * (visible - top) as u32;
        if top < visible {
            col_t += u32::from(tables.ones[prev as usize]);
        }
        // Holes and wells, from the top down. A well cell is empty with both sides filled
        // (or a wall); each adds its depth in its column's run of well cells.
        let mut covered = 0u32;
        let mut depth = [0u32; 16];
        let mut in_run = 0u32;
        for &r in rows[..top].iter().rev() {
            holes += u32::from(tables.ones[(!r & covered & full) as usize]);
            covered |= r;
            let well = !r & full & ((r << 1) | left_wall) & ((r >> 1) | right_wall);
            let mut ended = in_run & !well;
            while ended != 0 {
                depth[ended.trailing_zeros() as usize] = 0;
                ended &= ended - 1;
            }
            let mut w = well;
            while w != 0 {
                let c = w.trailing_zeros() as usize;
                depth[c] += 1;
                wells += depth[c];
                w &= w - 1;
            }
            in_run = well;
        }
        self.row_transitions = row_t as i32;
        self.column_transitions = col_t as i32;
        self.holes = holes as i32;
        self.wells = wells as i32;
    }
}

/// Per-row lookup tables for one field width (there may be no popcount instruction): the
/// number of filled cells of each row pattern, and its row transitions with the walls
/// counted as filled.
#[derive(Clone, Debug, Default)]
struct Tables {
    width: u32,
    ones: Vec<u8>,
    row_transitions: Vec<u8>,
}

impl Tables {
    fn new(width: u32) -> Tables {
        let n = 1usize << width;
        let frame = (1u32 << (width + 1)) - 1;
        Tables {
            width,
            ones: (0..n).map(|r| r.count_ones() as u8).collect(),
            row_transitions: (0..n as u32)
                .map(|r| {
                    let framed = (r << 1) | 1 | (1 << (width + 1));
                    ((framed ^ (framed >> 1)) & frame).count_ones() as u8
                })
                .collect(),
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Candidate {
    placement: Placement,
    /// Landing height, lines, eroded cells.
    own: i64,
    /// `own` plus the field it leaves.
    total: i64,
}

/// The placement-evaluation bot: every legal placement of the current piece and of the
/// piece hold gives is scored by [`Weights`] over [`Features`]; the best few are then looked
/// at with the first next piece (or the hold piece, whichever is better there), and the
/// placement with the best two-piece outcome is played. A placement that tops out (or leaves
/// the next spawn blocked) is never chosen while another exists.
///
/// ```
/// use plateau_tetris::{Bot, Game, Heuristic, Play, Rules, Seat};
///
/// let mut game = Game::new(Rules::guideline(), 2026);
/// let mut bot = Heuristic::default();
/// for _ in 0..200 {
///     let p = bot.choose(game.view(Seat::FIRST)).expect("the game goes on");
///     game.play(p)?;
/// }
/// assert!(!game.is_over());
/// assert!(game.lines() >= 70);
/// # Ok::<(), plateau_tetris::IllegalMove>(())
/// ```
#[derive(Debug, Clone)]
pub struct Heuristic {
    weights: Weights,
    beam: usize,
    search: Search,
    candidates: Vec<Candidate>,
    tables: Tables,
}

impl Default for Heuristic {
    /// El-Tetris weights, the best 4 placements looked at with the next piece.
    fn default() -> Heuristic {
        Heuristic::new(Weights::default(), 4)
    }
}

impl Heuristic {
    /// A bot with `weights` that looks at its `beam` best placements with the next piece (0:
    /// one piece only).
    #[must_use]
    pub fn new(weights: Weights, beam: usize) -> Heuristic {
        Heuristic {
            weights,
            beam,
            search: Search::default(),
            candidates: Vec::with_capacity(128),
            tables: Tables::default(),
        }
    }

    /// The weights.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Scores every placement of `piece` from its spawn on `field`, calling `f` with each
    /// tetromino, its placement score and its total. Returns `false` if the spawn is blocked.
    fn each(
        &mut self,
        rules: &Rules,
        field: &Field,
        piece: Piece,
        next: Option<Piece>,
        mut f: impl FnMut(Tetromino, i64, i64),
    ) -> bool {
        let system = rules.rotation_system();
        let visible = rules.visible_height();
        if !self.search.run(field, system, rules.spawn(piece)) {
            return false;
        }
        let weights = self.weights;
        let lock_out = rules.lock_out();
        let top = field.stack_height();
        // The next piece's spawn cannot be blocked by a stack below its lowest spawn row.
        let next_floor = next.map(|n| {
            let s = rules.spawn(n);
            let shape = system.shape(n, s.rotation);
            (i32::from(s.y) + i32::from(shape.dy)) as usize
        });
        self.search.for_each(|t| {
            let (features, height) =
                Features::measure_rows(field, top, system, t, visible, &self.tables);
            let locks_out = lock_out
                && Field::cells(system, t)
                    .iter()
                    .all(|&(_, y)| y >= visible as i32);
            let blocks = match (next, next_floor) {
                (Some(n), Some(floor)) if height > floor => {
                    let mut after = *field;
                    after.lock(system, t);
                    !after.fits(system, rules.spawn(n))
                }
                _ => false,
            };
            let own = weights.placement_part(&features);
            let total = if locks_out || blocks {
                LOSS
            } else {
                weights.score(&features)
            };
            f(t, own, total);
        });
        true
    }

    /// The best total over the placements of any of `pieces` on `field`.
    fn best_on(&mut self, rules: &Rules, field: &Field, pieces: &[Piece]) -> i64 {
        let mut best = LOSS;
        for &p in pieces {
            self.each(rules, field, p, None, |_, _, total| best = best.max(total));
        }
        best
    }
}

/// The best placement by the evaluation (see [`Heuristic`]); `None` only when no placement
/// can be played (the game is over or paused).
impl Bot<Game> for Heuristic {
    fn choose(&mut self, view: View<'_>) -> Option<Placement> {
        // Paused, the piece is still shown but takes no placement.
        if !view.can_place() {
            return None;
        }
        let rules = view.rules();
        let field = *view.field();
        let current = view.active()?.piece;
        if self.tables.width != field.width() as u32 {
            self.tables = Tables::new(field.width() as u32);
        }
        let next = view.next();
        let hold_out = if view.can_hold() {
            view.hold_out()
        } else {
            None
        };
        let mut candidates = core::mem::take(&mut self.candidates);
        candidates.clear();
        // The piece that spawns after each option (to reject placements that block it).
        let after_plain = next.first().copied();
        let after_hold = if view.hold_piece().is_some() {
            next.first().copied()
        } else {
            next.get(1).copied()
        };
        for (hold, piece, after) in [
            (false, Some(current), after_plain),
            (true, hold_out, after_hold),
        ] {
            let Some(piece) = piece else { continue };
            self.each(rules, &field, piece, after, |t, own, total| {
                candidates.push(Candidate {
                    placement: Placement { hold, tetromino: t },
                    own,
                    total,
                });
            });
        }
        if candidates.is_empty() {
            self.candidates = candidates;
            return None;
        }
        // Best first; the sort is stable, so equal scores keep the generation order.
        candidates.sort_by_key(|c| core::cmp::Reverse(c.total));
        let mut best = candidates[0];
        let k = self.beam.min(candidates.len());
        if k > 0 && best.total > LOSS {
            let system = rules.rotation_system();
            let mut best_value = i64::MIN;
            for c in candidates.iter().take(k) {
                if c.total <= LOSS {
                    continue;
                }
                let mut after = field;
                after.lock(system, c.placement.tetromino);
                // Next turn: the next piece, or what hold would give then.
                let (second, alternative) = if c.placement.hold {
                    match view.hold_piece() {
                        Some(_) => (next.first().copied(), Some(current)),
                        None => (next.get(1).copied(), Some(current)),
                    }
                } else {
                    let hold_then = view.hold_piece().or_else(|| next.get(1).copied());
                    (next.first().copied(), hold_then.filter(|_| rules.hold()))
                };
                let mut pieces = [Piece::I; 2];
                let mut n = 0;
                for p in [second, alternative].into_iter().flatten() {
                    if !pieces[..n].contains(&p) {
                        pieces[n] = p;
                        n += 1;
                    }
                }
                if n == 0 {
                    // Nothing is known about the next turn: one ply only.
                    best_value = best_value.max(c.total);
                    if c.total == best_value {
                        best = *c;
                    }
                    continue;
                }
                let value = c.own + self.best_on(rules, &after, &pieces[..n]);
                if value > best_value {
                    best_value = value;
                    best = *c;
                }
            }
        }
        self.candidates = candidates;
        Some(best.placement)
    }
}
