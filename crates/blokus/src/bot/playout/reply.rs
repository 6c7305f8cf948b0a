//! Last good replies: the playouts remember which move won as an answer to a move.
//!
//! After each iteration of the search, every placement of the iteration's line (tree part
//! and playout) is stored as the *reply* to the placement before it (and to the two before
//! it) when its colour won, and forgotten when it lost and is the reply stored. The next
//! playouts play a stored reply first, when it is still legal: a policy that learns, within
//! one search, the local fights the fixed policy misplays. This is the LGRF-2 scheme of
//! Baier and Drake ("The Power of Forgetting", 2010), which Pentobi's playouts use as well;
//! the code and its layout are ours.

use alloc::vec::Vec;

use super::local::Recent;
use crate::Placement;
use crate::piece::orient;
use crate::position::{PAD, Position};

/// Placement codes: orientation (91) x row (20) x column (20).
const CODES: usize = 91 * 400;
/// Bits of the table of replies to two moves (per colour).
const TWO_BITS: u32 = 16;
/// The code standing for "no move" (before the first placement).
const NONE: usize = CODES;

/// The replies of each colour: to the last placement (indexed by its code), and to the last
/// two (a hash table; a collision only costs a wrong guess, rejected when not legal).
/// Entries are a code plus one, 0 when empty.
#[derive(Debug, Clone, Default)]
pub(crate) struct Replies {
    one: Vec<u16>,
    two: Vec<u16>,
}

fn code(pl: Placement) -> usize {
    usize::from(pl.oid) * 400 + usize::from(pl.y) * 20 + usize::from(pl.x)
}

fn decode(entry: u16) -> Option<Placement> {
    let c = usize::from(entry.checked_sub(1)?);
    Some(Placement {
        oid: (c / 400) as u8,
        y: (c % 400 / 20) as u8,
        x: (c % 20) as u8,
    })
}

/// The slot of the reply to `last` after `second` in a colour's table of pairs.
fn pair_slot(last: usize, second: usize) -> usize {
    let key = (last * (CODES + 1) + second) as u64;
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - TWO_BITS)) as usize
}

impl Replies {
    /// Empty tables for `colors` colours (reusing the storage).
    pub(crate) fn clear(&mut self, colors: usize) {
        self.one.clear();
        self.one.resize((CODES + 1) * colors, 0);
        self.two.clear();
        self.two.resize((1 << TWO_BITS) * colors, 0);
    }

    /// Whether the tables are sized for `colors` colours.
    pub(crate) fn is_ready(&self, colors: usize) -> bool {
        self.one.len() == (CODES + 1) * colors
    }

    /// The stored reply of colour `c` to the recent placements, when it is legal at `pos`:
    /// the reply to the last two first, then to the last one.
    pub(super) fn get(&self, pos: &Position, c: usize, recent: &Recent) -> Option<Placement> {
        let (last, second) = recent.last_two();
        let last = code(last?);
        let second = second.map_or(NONE, code);
        let pair = self.two[(c << TWO_BITS) + pair_slot(last, second)];
        let one = self.one[c * (CODES + 1) + last];
        [pair, one]
            .into_iter()
            .filter_map(decode)
            .find(|&pl| applicable(pos, c, pl))
    }

    /// Learns from one iteration's line of placements (colour, placement), in order, the
    /// colours in `winners` having won it.
    pub(crate) fn learn(&mut self, line: &[(u8, Placement)], winners: u8) {
        let (mut last, mut second) = (NONE, NONE);
        for &(c, pl) in line {
            let c = usize::from(c);
            let reply = code(pl);
            if last != NONE {
                let entry = (reply + 1) as u16;
                let one = &mut self.one[c * (CODES + 1) + last];
                let pair = &mut self.two[(c << TWO_BITS) + pair_slot(last, second)];
                if winners >> c & 1 == 1 {
                    (*one, *pair) = (entry, entry);
                } else {
                    for slot in [one, pair] {
                        if *slot == entry {
                            *slot = 0;
                        }
                    }
                }
            }
            (second, last) = (last, reply);
        }
    }
}

/// Whether colour `c` may place `pl` at `pos`: its piece in hand, no cell forbidden to `c`,
/// a cell on one of its attach cells.
fn applicable(pos: &Position, c: usize, pl: Placement) -> bool {
    let o = orient(pl.oid);
    if pos.left(c) >> o.piece & 1 == 0 {
        return false;
    }
    let (x, y) = (usize::from(pl.x) + PAD, usize::from(pl.y) + PAD);
    let (forbidden, corners) = (pos.forbidden(c), pos.corners(c));
    let mut attach = 0;
    for r in 0..usize::from(o.height) {
        let bits = u32::from(o.rows[r]) << x;
        if bits & forbidden[y + r] != 0 {
            return false;
        }
        attach |= bits & corners[y + r];
    }
    attach != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, Game, Move, Play};

    #[test]
    fn codes_round_trip() {
        for oid in 0..91u8 {
            for (x, y) in [(0, 0), (19, 0), (0, 19), (13, 7)] {
                let pl = Placement { oid, x, y };
                assert_eq!(decode((code(pl) + 1) as u16), Some(pl));
            }
        }
        assert_eq!(decode(0), None);
    }

    #[test]
    fn applicable_is_legality_for_every_placement_tried() {
        // Every placement code at a few positions of random games: `applicable` agrees
        // with the game's own legality test.
        for config in [Config::duo(), Config::classic()] {
            let mut game = Game::new(config);
            let mut bot = crate::RandomBot::new(5);
            for ply in 0..24 {
                if ply % 6 == 0 {
                    let c = game.color_to_move();
                    let side = config.variant().side() as u8;
                    for oid in 0..91u8 {
                        for y in 0..side {
                            for x in 0..side {
                                let pl = Placement { oid, x, y };
                                let o = orient(oid);
                                if x + o.width > side || y + o.height > side {
                                    continue;
                                }
                                assert_eq!(
                                    applicable(game.position(), c.index(), pl),
                                    game.is_legal(Move::Place(pl)),
                                    "{pl:?} at ply {ply}"
                                );
                            }
                        }
                    }
                }
                let Some(m) = crate::Bot::choose(&mut bot, &game) else {
                    break;
                };
                game.play(m).unwrap();
            }
        }
    }

    #[test]
    fn winners_replies_are_stored_and_losers_forgotten() {
        let mut game = Game::new(Config::duo());
        let mut bot = crate::RandomBot::new(9);
        let mut line = Vec::new();
        let mut recent = Recent::default();
        for _ in 0..2 {
            let c = game.color_to_move().index();
            let Some(Move::Place(pl)) = crate::Bot::choose(&mut bot, &game) else {
                panic!("the opening has placements")
            };
            line.push((c as u8, pl));
            recent.push(c, pl);
            game.play(Move::Place(pl)).unwrap();
        }
        // Green's reply to blue's first move, once blue has moved again: stored when green
        // won (it is blue's turn, so ask with the line up to blue's move).
        let mut replies = Replies::default();
        replies.clear(2);
        replies.learn(&line, 0b10);
        let (c, reply) = (usize::from(line[1].0), line[1].1);
        let mut first = Recent::default();
        first.push(usize::from(line[0].0), line[0].1);
        let before = Game::new(Config::duo());
        let mut after_first = before.clone();
        after_first.play(Move::Place(line[0].1)).unwrap();
        assert_eq!(replies.get(after_first.position(), c, &first), Some(reply));
        // Not stored for the loser, and forgotten when green loses with it.
        let mut lost = Replies::default();
        lost.clear(2);
        lost.learn(&line, 0b01);
        assert_eq!(lost.get(after_first.position(), c, &first), None);
        replies.learn(&line, 0b01);
        assert_eq!(replies.get(after_first.position(), c, &first), None);
        // A stored reply no longer legal is not offered.
        replies.learn(&line, 0b11);
        assert_eq!(replies.get(game.position(), c, &first), None);
    }
}
