//! Turn by turn ([`Game::step`]), and what placements share with it: the check of a
//! placement and the steps that reach one ([`Game::path`]).

use alloc::vec::Vec;

use crate::error::IllegalMove;
use crate::movegen::{self, Finish, Search};
use crate::replay::Entry;
use crate::{Events, Piece, Placement, Step, TSpin};

use super::Game;

impl Game {
    // Turn by turn.

    /// Applies one step to the falling piece at once (no time passes).
    ///
    /// Soft drop moves one row, and on a piece that rests it locks the piece (there is no
    /// lock delay turn by turn); [`Step::Drop`] falls without locking; hard drop falls and
    /// locks. Drops score as in real time.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`], [`IllegalMove::Paused`]; [`IllegalMove::Blocked`] when the
    /// piece cannot move that way; [`IllegalMove::HardDropDisabled`],
    /// [`IllegalMove::HoldDisabled`], [`IllegalMove::HoldUsed`] by the rules. Nothing changes
    /// on an error.
    pub fn step(&mut self, step: Step) -> Result<Events, IllegalMove> {
        let t = self.refuse_unless_playing()?;
        let system = self.rules.rotation_system();
        let field = *self.board.field();
        let blocked = Err(IllegalMove::Blocked { step, tetromino: t });
        let mut ev = Events::default();
        match step {
            Step::Left | Step::Right => {
                let dx = if step == Step::Left { -1 } else { 1 };
                if !field.fits(system, t.moved(dx, 0)) {
                    return blocked;
                }
                self.try_shift(dx);
            }
            Step::RotateCw | Step::RotateCcw => {
                if movegen::rotate(&field, system, t, step == Step::RotateCw).is_none() {
                    return blocked;
                }
                self.try_rotate(step == Step::RotateCw);
            }
            Step::SoftDrop => {
                if self.fall_rows(1) == 1 {
                    self.add_points(1, &mut ev);
                } else {
                    self.lock_active(&mut ev);
                }
            }
            Step::Drop => {
                if !field.fits(system, t.moved(0, -1)) {
                    return blocked;
                }
                let rows = self.fall_rows(u32::MAX);
                self.add_points(u64::from(rows), &mut ev);
            }
            Step::HardDrop => {
                if !self.rules.hard_drop() {
                    return Err(IllegalMove::HardDropDisabled);
                }
                self.hard_drop(&mut ev);
            }
            Step::Hold => {
                self.check_hold()?;
                self.hold_now(&mut ev);
            }
        }
        self.log.push(Entry::Step(step));
        Ok(ev)
    }

    pub(super) fn check_hold(&self) -> Result<(), IllegalMove> {
        if !self.rules.hold() {
            return Err(IllegalMove::HoldDisabled);
        }
        if self.hold_used {
            return Err(IllegalMove::HoldUsed);
        }
        Ok(())
    }

    // Placements (the `Play` verbs are in `play.rs`).

    /// The T-spin a placement scores and checks it, on `search`.
    pub(super) fn check_placement(
        &self,
        p: Placement,
        search: &mut Search,
    ) -> Result<TSpin, IllegalMove> {
        let t = self.refuse_unless_playing()?;
        let piece = if p.hold {
            self.check_hold()?;
            self.hold_out().ok_or(IllegalMove::HoldUnknown)?
        } else {
            t.piece
        };
        if p.tetromino.piece != piece {
            return Err(IllegalMove::WrongPiece {
                expected: piece,
                placement: p,
            });
        }
        let field = self.board.field();
        let system = self.rules.rotation_system();
        if !search.run(field, system, self.rules.spawn(piece)) || !search.contains(p.tetromino) {
            return Err(IllegalMove::Unreachable { placement: p });
        }
        // One name per set of cells, the one the legal moves list, so that `is_legal` and
        // the list agree (an action mask indexes the list).
        let listed = search.canonical(p.tetromino);
        if listed != p.tetromino {
            return Err(IllegalMove::ListedAs {
                placement: p,
                listed: Placement {
                    tetromino: listed,
                    ..p
                },
            });
        }
        Ok(if self.rules.tspins() {
            movegen::best_spin(search, field, p.tetromino)
        } else {
            TSpin::None
        })
    }

    /// A shortest list of steps from the spawn that brings the piece to placement `p`, ending
    /// with the move the placement's T-spin needs (a rotation, or a fifth-test kick); lock it
    /// with [`Step::HardDrop`] (or a soft drop where hard drop is off). With
    /// [`Placement::hold`] the list starts with [`Step::Hold`]. `None` when `p` is illegal.
    ///
    /// ```
    /// use plateau_tetris::{Game, Play, Rules, Step};
    ///
    /// let game = Game::new(Rules::guideline(), 7);
    /// for p in game.legal_moves() {
    ///     let mut copy = game.clone();
    ///     for step in game.path(p).expect("every legal placement has a path") {
    ///         copy.step(step)?;
    ///     }
    ///     copy.step(Step::HardDrop)?;
    ///     let mut direct = game.clone();
    ///     direct.play(p)?;
    ///     assert_eq!(copy.board(), direct.board());
    /// }
    /// # Ok::<(), plateau_tetris::IllegalMove>(())
    /// ```
    #[must_use]
    pub fn path(&self, p: Placement) -> Option<Vec<Step>> {
        let mut search = Search::default();
        let tspin = self.check_placement(p, &mut search).ok()?;
        let system = self.rules.rotation_system();
        let field = self.board.field();
        let finish = match tspin {
            TSpin::None => Finish::Any,
            TSpin::Mini => Finish::Rotation,
            TSpin::Full => {
                let (_, front) = field.t_corners(system, p.tetromino);
                if front == 2 {
                    Finish::Rotation
                } else {
                    Finish::Kick5
                }
            }
        };
        let spawn = self.rules.spawn(p.tetromino.piece);
        let mut steps = movegen::path(field, system, spawn, p.tetromino, finish)?;
        if p.hold {
            steps.insert(0, Step::Hold);
        }
        Some(steps)
    }

    /// The bits of state only the crate's bot needs.
    pub(crate) fn hold_flag(&self) -> bool {
        self.check_hold().is_ok() && self.active.is_some() && !self.paused
    }

    pub(crate) fn hold_out_piece(&self) -> Option<Piece> {
        self.hold_out()
    }
}
