//! Piece movement, spawning and locking, shared by ticks, steps and placements.

use crate::movegen::{self};
use crate::scoring::{self, Clear};
use crate::{Event, Events, Field, Lock, Piece, Rows, Scoring, TSpin, Tetromino, TopOut};

use super::Game;

impl Game {
    // Piece movement, shared by ticks and steps.

    fn moved(&mut self) {
        if let Lock::Delay { resets, .. } = self.rules.lock()
            && self.lock_moves < u32::from(resets)
        {
            self.lock_timer = 0;
        }
        self.lock_moves = self.lock_moves.saturating_add(1);
    }

    pub(super) fn try_shift(&mut self, dx: i8) -> bool {
        let Some(t) = self.active else { return false };
        let m = t.moved(dx, 0);
        if !self.board.field().fits(self.rules.rotation_system(), m) {
            return false;
        }
        self.active = Some(m);
        self.last_kick = None;
        self.moved();
        true
    }

    pub(super) fn try_rotate(&mut self, cw: bool) -> bool {
        let Some(t) = self.active else { return false };
        let Some((m, kick)) =
            movegen::rotate(self.board.field(), self.rules.rotation_system(), t, cw)
        else {
            return false;
        };
        self.active = Some(m);
        self.last_kick = Some(kick as u8);
        self.moved();
        true
    }

    /// Moves the piece down up to `rows` rows; returns how many it fell.
    pub(super) fn fall_rows(&mut self, rows: u32) -> u32 {
        let system = self.rules.rotation_system();
        let mut moved = 0;
        while moved < rows {
            let Some(t) = self.active else { break };
            let m = t.moved(0, -1);
            if !self.board.field().fits(system, m) {
                break;
            }
            self.active = Some(m);
            self.last_kick = None;
            self.grounded = false;
            self.lock_timer = 0;
            if m.y < self.lowest {
                self.lowest = m.y;
                self.lock_moves = 0;
            }
            moved += 1;
        }
        moved
    }

    pub(super) fn hard_drop(&mut self, ev: &mut Events) {
        let rows = self.fall_rows(u32::MAX);
        if self.rules.scoring() == Scoring::Guideline {
            self.add_points(2 * u64::from(rows), ev);
        }
        self.lock_active(ev);
    }

    pub(super) fn add_points(&mut self, points: u64, ev: &mut Events) {
        let before = self.score;
        self.score = self.score.saturating_add(points);
        if let Some(cap) = self.rules.score_cap() {
            self.score = self.score.min(cap);
        }
        ev.push(Event::Scored {
            points: self.score - before,
        });
    }

    pub(super) fn hold_now(&mut self, ev: &mut Events) {
        let Some(t) = self.active else { return };
        let out = self.hold.take();
        self.hold = Some(t.piece);
        self.hold_used = true;
        ev.push(Event::Held { piece: t.piece });
        let next = match out {
            Some(p) => p,
            None => self.take_next(),
        };
        self.spawn(next, ev);
    }

    fn take_next(&mut self) -> Piece {
        let n = self.rules.preview();
        if n == 0 {
            return self.generator.next();
        }
        let p = self.queue[0];
        self.queue.copy_within(1..n, 0);
        self.queue[n - 1] = self.generator.next();
        p
    }

    /// The piece that comes out of hold (or the queue when hold is empty), if it is known.
    pub(super) fn hold_out(&self) -> Option<Piece> {
        self.hold.or_else(|| self.next().first().copied())
    }

    pub(super) fn spawn_next(&mut self, ev: &mut Events) {
        let p = self.take_next();
        self.spawn(p, ev);
    }

    fn spawn(&mut self, piece: Piece, ev: &mut Events) {
        let t = self.rules.spawn(piece);
        self.active = None;
        self.fall = 0;
        self.grounded = false;
        self.lock_timer = 0;
        self.lock_moves = 0;
        self.lowest = t.y;
        self.last_kick = None;
        if !self.board.field().fits(self.rules.rotation_system(), t) {
            self.over = Some(TopOut::BlockOut);
            ev.push(Event::GameOver {
                reason: TopOut::BlockOut,
            });
            return;
        }
        self.active = Some(t);
        ev.push(Event::Spawned { piece });
    }

    pub(super) fn lock_active(&mut self, ev: &mut Events) {
        let Some(t) = self.active else { return };
        let system = self.rules.rotation_system();
        let tspin = match self.last_kick {
            Some(k) if self.rules.tspins() && t.piece == Piece::T => {
                movegen::classify(self.board.field(), system, t, k == 4)
            }
            _ => TSpin::None,
        };
        self.lock_at(t, tspin, ev);
    }

    /// Locks `t` (which fits) with the T-spin `tspin`: scoring, lines, level, next piece.
    pub(super) fn lock_at(&mut self, t: Tetromino, tspin: TSpin, ev: &mut Events) {
        let system = self.rules.rotation_system();
        self.active = None;
        let visible = self.rules.visible_height() as i32;
        let lock_out =
            self.rules.lock_out() && Field::cells(system, t).iter().all(|&(_, y)| y >= visible);
        let rows = self.board.lock(system, t);
        self.pieces += 1;
        ev.push(Event::Locked {
            tetromino: t,
            tspin,
        });
        let lines = rows.count_ones();
        let perfect = lines > 0 && self.board.is_empty();
        let scored = scoring::score(
            self.rules.scoring(),
            self.level,
            Clear {
                lines,
                tspin,
                perfect,
            },
            self.chains,
        );
        self.chains = scored.chains;
        if lines > 0 {
            ev.push(Event::LinesCleared {
                rows: Rows(rows),
                tspin,
                back_to_back: scored.back_to_back,
                combo: scored.combo,
                perfect_clear: perfect,
            });
        }
        self.add_points(scored.points, ev);
        self.lines = self.lines.saturating_add(lines);
        let mut level = self
            .rules
            .start_level()
            .saturating_add(self.lines / self.rules.lines_per_level());
        if let Some(cap) = self.rules.level_cap() {
            level = level.min(cap);
        }
        if level > self.level {
            self.level = level;
            ev.push(Event::LevelUp { level });
        }
        if lock_out {
            self.over = Some(TopOut::LockOut);
            ev.push(Event::GameOver {
                reason: TopOut::LockOut,
            });
            return;
        }
        self.hold_used = false;
        self.spawn_next(ev);
    }
}
