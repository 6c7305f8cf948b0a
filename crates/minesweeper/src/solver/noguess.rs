//! No-guess boards: a layout the deductive solver clears from the first click.
//!
//! The generator lays the mines as for an opening, then plays the board with deductions
//! only (the same exact engine as the solver: a cell is deduced when it is safe, or a mine,
//! in every layout agreeing with what is revealed and with the mine count). Where it gets
//! stuck it perturbs the layout around the stuck frontier: one revealed number whose
//! covered neighbours are undecided gets them all safe (its mines move to covered cells away
//! from everything revealed) or all mines (taking mines from there), whichever moves fewer
//! mines. Either way that number now decides its neighbours, so the play goes on from where
//! it stopped with the changed numbers. Once it clears the board, the layout is verified
//! by a fresh deductive play from the first click; a layout that fails the check goes on
//! being perturbed from where the fresh play stopped. Everything is drawn from the game's
//! generator, so the board is a function of the seed and the first click.
//!
//! The work is bounded: 4000 perturbations per layout, 16 fresh layouts, then the compact
//! layout (mines as far from the click as possible), perturbed in turn. The bound has
//! never been reached in testing: every board from 3 x 3 to 9 x 9 at every mine count
//! (three first clicks, two seeds each), 3 x 30, 4 x 25, 16 x 16, Expert and 50 x 50 across
//! their whole density range, and the property tests. Should it ever be, the board is used
//! as it stands and may need a guess. Two-row boards are refused by the config: there a
//! lone mine in a column is a coin flip no number can settle.

use alloc::vec::Vec;

use plateau_grid::Pos;
use rand::Rng;

use super::engine::Known;
use super::player::{Choice, Solver};
use super::settings::Settings;
use crate::board::{Board, MINE, lay_mines};
use crate::{Config, geom};

/// Perturbations tried on one layout before laying a fresh one.
const PERTURBATIONS: usize = 4000;
/// Fresh layouts tried before the compact fallback.
const LAYOUTS: usize = 16;
/// Node budget of each probability computation during generation.
const NODES: u64 = 200_000;

/// The mine mask of a no-guess board for a first click at `click`.
pub(crate) fn generate<R: Rng + ?Sized>(config: Config, click: Pos, rng: &mut R) -> Vec<bool> {
    let size = config.size();
    let cells = config.cells();
    let mines = config.mines() as usize;
    let mut generator = Generator::new(config, click);
    for _ in 0..LAYOUTS {
        let mask = lay_mines(cells, mines, |i| !geom::near(size, click, i), rng);
        if let Some(mask) = generator.run(mask, rng) {
            return mask;
        }
    }
    // Never reached in testing (see the module docs): the mines packed as far from the
    // click as they go, perturbed in turn; as a last resort that layout as it is.
    let compact = compact(config, click);
    if generator.verify(&compact) {
        return compact;
    }
    generator.run(compact.clone(), rng).unwrap_or(compact)
}

struct Generator {
    config: Config,
    click: usize,
    solver: Solver,
    numbers: Vec<u8>,
    stack: Vec<u32>,
    stuck: Vec<u32>,
    pool: Vec<u32>,
}

impl Generator {
    fn new(config: Config, click: Pos) -> Generator {
        let mut solver = Solver::new(Settings {
            max_nodes: NODES,
            ..Settings::default()
        });
        solver.deduce_only = true;
        Generator {
            config,
            click: config.size().index_of(click).unwrap_or(0),
            solver,
            numbers: Vec::new(),
            stack: Vec::new(),
            stuck: Vec::new(),
            pool: Vec::new(),
        }
    }

    fn set_numbers(&mut self, mask: &[bool]) {
        let board = Board::from_mask(self.config.size(), mask);
        self.numbers.clear();
        self.numbers.extend_from_slice(board.raw());
    }

    /// Plays deductions from the current knowledge until stuck; `true` if every safe cell
    /// was revealed.
    fn play(&mut self) -> bool {
        loop {
            match self.solver.choose_cell() {
                Choice::Safe(c) => {
                    debug_assert!(self.numbers[c as usize] != MINE);
                    self.solver
                        .open_known(&self.numbers, c as usize, &mut self.stack);
                }
                Choice::Done => return true,
                Choice::Guess(_) | Choice::GaveUp(_) => {
                    return self.safe_left() == 0;
                }
            }
        }
    }

    fn safe_left(&self) -> usize {
        self.solver
            .know()
            .iter()
            .zip(&self.numbers)
            .filter(|&(&k, &n)| k == Known::Unknown && n != MINE)
            .count()
    }

    fn start(&mut self) {
        self.solver
            .reset_unknown(self.config.size(), self.config.mines());
        self.solver
            .open_known(&self.numbers, self.click, &mut self.stack);
    }

    /// Whether a fresh deductive play from the first click clears `mask`.
    fn verify(&mut self, mask: &[bool]) -> bool {
        self.set_numbers(mask);
        self.start();
        self.play()
    }

    /// Perturbs `mask` until a fresh deductive play clears it, or gives up.
    fn run<R: Rng + ?Sized>(&mut self, mut mask: Vec<bool>, rng: &mut R) -> Option<Vec<bool>> {
        self.set_numbers(&mask);
        self.start();
        for _ in 0..PERTURBATIONS {
            if self.play() {
                // Cleared, possibly along numbers that changed midway: check from scratch.
                self.start();
                if self.play() {
                    return Some(mask);
                }
            }
            if !self.perturb(&mut mask, rng) {
                return None;
            }
        }
        None
    }

    /// One perturbation at the stuck frontier; `false` if none is possible.
    fn perturb<R: Rng + ?Sized>(&mut self, mask: &mut [bool], rng: &mut R) -> bool {
        let know = self.solver.know();
        let size = self.config.size();
        let (w, h) = (size.width, size.height);
        let mut buf = [0u32; 8];
        // Revealed numbers with undecided covered neighbours.
        self.stuck.clear();
        for (i, &k) in know.iter().enumerate() {
            if !k.is_number() {
                continue;
            }
            let n = geom::neighbors(w, h, i, &mut buf);
            if buf[..n].iter().any(|&j| know[j as usize] == Known::Unknown) {
                self.stuck.push(i as u32);
            }
        }
        if self.stuck.is_empty() {
            return false;
        }
        let r = self.stuck[plateau_grid::random::index(rng, self.stuck.len())] as usize;
        let n = geom::neighbors(w, h, r, &mut buf);
        let around: Vec<u32> = buf[..n]
            .iter()
            .copied()
            .filter(|&j| know[j as usize] == Known::Unknown)
            .collect();
        let mines_in = around.iter().filter(|&&j| mask[j as usize]).count();
        let safe_in = around.len() - mines_in;
        // Covered cells touching nothing revealed: where mines can go or come from without
        // changing any number the play has seen.
        let far = |i: usize, know: &[Known]| {
            let mut nb = [0u32; 8];
            let n = geom::neighbors(w, h, i, &mut nb);
            know[i] == Known::Unknown && nb[..n].iter().all(|&j| !know[j as usize].is_number())
        };
        let clear_first = mines_in <= safe_in;
        for attempt in 0..2 {
            let clear = clear_first == (attempt == 0);
            let need = if clear { mines_in } else { safe_in };
            self.pool.clear();
            for (i, &m) in mask.iter().enumerate() {
                if far(i, know) && m != clear && !around.contains(&(i as u32)) {
                    self.pool.push(i as u32);
                }
            }
            if self.pool.len() < need {
                continue;
            }
            for &j in &around {
                if mask[j as usize] == clear {
                    let k = plateau_grid::random::index(rng, self.pool.len());
                    let to = self.pool.swap_remove(k) as usize;
                    mask[j as usize] = !clear;
                    mask[to] = clear;
                }
            }
            self.renumber(mask);
            return true;
        }
        // No room away from the frontier (the end of the board): move the mines of `around`
        // under revealed cells outside the first click's square, and play again from the
        // start, since cells the play had opened are now mines.
        self.pool.clear();
        let click_at = size.pos_of(self.click).unwrap_or_default();
        for i in 0..know.len() {
            if know[i].is_number() && !geom::near(size, click_at, i) && !mask[i] {
                self.pool.push(i as u32);
            }
        }
        if self.pool.len() < mines_in || mines_in == 0 {
            return false;
        }
        for &j in &around {
            if mask[j as usize] {
                let k = plateau_grid::random::index(rng, self.pool.len());
                let to = self.pool.swap_remove(k) as usize;
                mask[j as usize] = false;
                mask[to] = true;
            }
        }
        self.set_numbers(mask);
        self.start();
        true
    }

    /// Recomputes the numbers after a change and tells the play the revealed ones.
    fn renumber(&mut self, mask: &[bool]) {
        self.set_numbers(mask);
        for i in 0..self.numbers.len() {
            let n = self.numbers[i];
            if n != MINE {
                self.solver.renumber(i, n);
            }
        }
    }
}

/// Every safe cell as close to the click as possible: cells ordered by Chebyshev distance,
/// then squared distance, then row-major; the farthest hold the mines.
fn compact(config: Config, click: Pos) -> Vec<bool> {
    let size = config.size();
    let cells = config.cells();
    let mut order: Vec<u32> = (0..cells as u32).collect();
    order.sort_by_key(|&i| {
        let p = size.pos_of(i as usize).unwrap_or(click);
        let (dx, dy) = (p.x.abs_diff(click.x), p.y.abs_diff(click.y));
        (dx.max(dy), dx * dx + dy * dy, i)
    });
    let mut mask = alloc::vec![false; cells];
    for &i in order.iter().rev().take(config.mines() as usize) {
        mask[i as usize] = true;
    }
    mask
}
