//! Real time: ticks, with DAS/ARR shifts, gravity and the lock delay.

use crate::replay::{Entry, MAX_WAIT};
use crate::{Buttons, Events, Lock};

use super::Game;

impl Game {
    // Real time.

    /// Plays one tick (1/60 s) with `buttons` held, and reports what happened.
    ///
    /// In order: hold (on press), rotations (on press), shifts (on press, then DAS/ARR while
    /// held), hard drop (on press: the piece falls and locks, and the tick ends), gravity
    /// (soft drop while held), then the lock rule. A tick of a paused or finished game does
    /// nothing and returns no events.
    pub fn tick(&mut self, buttons: Buttons) -> Events {
        self.log_tick(buttons);
        let mut ev = Events::default();
        if self.over.is_some() || self.paused || self.active.is_none() {
            return ev;
        }
        self.ticks += 1;
        let pressed = buttons & !self.held;
        self.held = buttons;
        if pressed.contains(Buttons::HOLD) && self.can_hold() {
            self.hold_now(&mut ev);
            if self.over.is_some() {
                return ev;
            }
        }
        if pressed.contains(Buttons::CW) {
            self.try_rotate(true);
        }
        if pressed.contains(Buttons::CCW) {
            self.try_rotate(false);
        }
        self.auto_shift(buttons, pressed);
        if pressed.contains(Buttons::HARD_DROP) && self.rules.hard_drop() {
            self.hard_drop(&mut ev);
            return ev;
        }
        let gravity = self.rules.gravity().speed(self.level);
        let soft = buttons.contains(Buttons::SOFT_DROP);
        let speed = if soft {
            self.rules.soft_drop().speed(gravity)
        } else {
            gravity
        };
        self.fall += speed.raw();
        let rows = (self.fall >> 32) as u32;
        self.fall &= 0xFFFF_FFFF;
        let moved = self.fall_rows(rows);
        if soft && moved > 0 {
            self.add_points(u64::from(moved), &mut ev);
        }
        let system = self.rules.rotation_system();
        let Some(t) = self.active else { return ev };
        let resting = !self.board.field().fits(system, t.moved(0, -1));
        match self.rules.lock() {
            Lock::Gravity => {
                if rows > moved {
                    self.lock_active(&mut ev);
                }
            }
            Lock::Delay { ticks, resets } => {
                if resting {
                    if self.grounded {
                        self.lock_timer += 1;
                    } else {
                        self.grounded = true;
                        self.lock_timer = 0;
                    }
                    if self.lock_timer >= u32::from(ticks) || self.lock_moves >= u32::from(resets) {
                        self.lock_active(&mut ev);
                    }
                } else {
                    self.grounded = false;
                }
            }
        }
        ev
    }

    fn log_tick(&mut self, buttons: Buttons) {
        // An entry holds at most `MAX_WAIT` ticks, so the game's own replay is one that the
        // parser and `Replay::new` accept.
        if let Some(Entry::Ticks { buttons: b, count }) = self.log.last_mut()
            && *b == buttons
            && *count < MAX_WAIT
        {
            *count += 1;
            return;
        }
        self.log.push(Entry::Ticks { buttons, count: 1 });
    }

    /// DAS and ARR from the held buttons: the newest direction wins; a press shifts at once,
    /// holding repeats after `das` ticks every `arr` ticks (0: straight to the wall).
    fn auto_shift(&mut self, held: Buttons, pressed: Buttons) {
        let left = held.contains(Buttons::LEFT);
        let right = held.contains(Buttons::RIGHT);
        let mut fresh = false;
        if pressed.contains(Buttons::LEFT) {
            self.shift = -1;
            fresh = true;
        } else if pressed.contains(Buttons::RIGHT) {
            self.shift = 1;
            fresh = true;
        } else if (self.shift == -1 && !left) || (self.shift == 1 && !right) {
            // The direction was released: fall back on the other one if it is still held.
            // One of the two is released here, so this is the other one's direction, or 0.
            self.shift = i8::from(right) - i8::from(left);
            fresh = self.shift != 0;
        }
        if self.shift == 0 {
            return;
        }
        if fresh {
            self.das_timer = 0;
            self.try_shift(self.shift);
            return;
        }
        self.das_timer = self.das_timer.saturating_add(1);
        let (das, arr) = (self.rules.das(), self.rules.arr());
        if self.das_timer >= das {
            if arr == 0 {
                while self.try_shift(self.shift) {}
            } else if (self.das_timer - das).is_multiple_of(arr) {
                self.try_shift(self.shift);
            }
        }
    }
}
