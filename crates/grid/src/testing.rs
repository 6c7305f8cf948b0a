//! Generic checks of the [`Play`] contract, written once for every game's property tests
//! and fuzz targets (feature `testing`).
//!
//! Each check panics with a message naming the rule that broke and the state it broke in,
//! which is what a proptest case or a fuzz target wants. None of them is meant for code
//! that plays games.
//!
//! - [`check_move`]: `is_legal(m) == check(m).is_ok() == play(m).is_ok()`, a refused move
//!   leaves the state equal, and the move's notation round-trips.
//! - [`check_position`]: `legal_moves_into` clears and lists each move once, every listed
//!   move is legal, and seat, status and outcome agree.
//! - [`check_play_all`]: `play_all` is atomic and names the index of the refused move.
//! - [`check_clone_continues`]: a clone continued with the same moves ends equal.
//! - [`random_game`]: a random game from a position, running all of the above at every ply
//!   (with moves that were legal earlier, so refusals are exercised too);
//!   [`assert_terminates`] adds that the game ends within a bound.

use alloc::vec::Vec;
use core::fmt::Debug;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use rand::Rng;

use crate::Play;
use crate::random;

/// Checks one move against `game`: `is_legal`, `check` and `play` agree, and agree with
/// whether `legal_moves` lists it; a refused move leaves a clone equal to `game`; the
/// move's text form parses back to it.
///
/// # Panics
/// When any of these fails.
pub fn check_move<G: Play>(game: &G, m: G::Move) {
    check_move_listed(game, m, &game.legal_moves());
}

/// [`check_move`] with the position's legal moves already listed.
fn check_move_listed<G: Play>(game: &G, m: G::Move, listed: &[G::Move]) {
    let checked = game.check(m);
    let legal = game.is_legal(m);
    assert_eq!(
        legal,
        checked.is_ok(),
        "is_legal({m}) = {legal} but check says {checked:?} in {game:?}"
    );
    assert_eq!(
        legal,
        listed.contains(&m),
        "is_legal({m}) = {legal} but legal_moves {} it in {game:?}",
        if legal { "omits" } else { "lists" }
    );
    let mut copy = game.clone();
    match copy.play(m) {
        Ok(_) => assert!(
            legal,
            "play({m}) succeeded but check refused it in {game:?}"
        ),
        Err(e) => {
            assert!(
                !legal,
                "play({m}) refused ({e}) a move check accepts in {game:?}"
            );
            assert_eq!(
                checked.err(),
                Some(e),
                "check and play give different reasons for refusing {m}"
            );
            assert!(
                copy == *game,
                "refused move {m} changed the state:\nbefore {game:?}\nafter  {copy:?}"
            );
        }
    }
    check_notation(&m);
}

/// Checks that a move's text form parses back to the move.
///
/// # Panics
/// When the text does not parse, or parses to another move.
pub fn check_notation<M>(m: &M)
where
    M: Debug + core::fmt::Display + FromStr + PartialEq,
{
    let text = alloc::format!("{m}");
    let back = text.parse::<M>().ok();
    assert!(
        back.as_ref() == Some(m),
        "{m:?} prints {text:?}, which parses to {back:?}"
    );
}

/// Checks the moves and the standing of one position, and returns its legal moves.
///
/// - `legal_moves_into` clears its vector, and agrees with `legal_moves`;
/// - no move is listed twice, and every listed move is legal (the first 48 and a spread
///   of the rest are also played on a clone through [`check_move`]);
/// - `outcome().is_some() == is_over()`, over means no seat to move and no legal move, a
///   listed move means a seat to move, the seat is at the table, and the outcome has one
///   score per seat.
///
/// # Panics
/// When any of these fails.
pub fn check_position<G: Play>(game: &G) -> Vec<G::Move> {
    let moves = game.legal_moves();
    let mut refilled = moves.clone();
    refilled.extend_from_slice(&moves);
    game.legal_moves_into(&mut refilled);
    assert!(
        refilled == moves,
        "legal_moves_into does not clear and refill to legal_moves in {game:?}"
    );
    if let Some(m) = first_duplicate(&moves) {
        panic!("{m} is listed twice among the legal moves of {game:?}");
    }
    let spread = moves.len() / 16 + 1;
    for (i, &m) in moves.iter().enumerate() {
        assert!(game.is_legal(m), "listed move {m} is not legal in {game:?}");
        if i < 48 || i % spread == 0 {
            check_move_listed(game, m, &moves);
        }
    }
    let outcome = game.outcome();
    assert_eq!(
        game.is_over(),
        outcome.is_some(),
        "is_over disagrees with outcome in {game:?}"
    );
    if let Some(o) = outcome {
        assert_eq!(
            o.seats(),
            game.players(),
            "outcome {o} has not one score per seat"
        );
        assert_eq!(game.to_move(), None, "a seat is to move after the end");
        assert!(moves.is_empty(), "legal moves after the end: {moves:?}");
    }
    if !moves.is_empty() {
        assert!(game.to_move().is_some(), "legal moves but no seat to move");
    }
    if let Some(seat) = game.to_move() {
        assert!(
            seat.index() < game.players(),
            "{seat} to move at a table of {}",
            game.players()
        );
    }
    moves
}

/// Checks that `play_all(moves)` is atomic: it succeeds exactly when playing the moves one
/// by one does, ends in the same state, and on a refusal names the first refused index and
/// leaves the state unchanged.
///
/// # Panics
/// When any of these fails.
pub fn check_play_all<G: Play>(game: &G, moves: &[G::Move]) {
    let mut one_by_one = game.clone();
    let first_refused = moves.iter().position(|&m| one_by_one.play(m).is_err());
    let mut all = game.clone();
    match (all.play_all(moves), first_refused) {
        (Ok(()), None) => assert!(
            all == one_by_one,
            "play_all ends elsewhere than the moves one by one"
        ),
        (Err(e), Some(i)) => {
            assert_eq!(
                e.index, i,
                "play_all names move {} but {i} was refused",
                e.index
            );
            assert!(all == *game, "a refused play_all changed the state");
        }
        (Ok(()), Some(i)) => panic!("play_all accepted a list whose move {i} is refused"),
        (Err(e), None) => panic!("play_all refused a list the moves one by one accept: {e}"),
    }
}

/// Checks that a clone of `game` continued with `moves` ends equal to `game` continued
/// with them (no state is shared between clones).
///
/// # Panics
/// When the two differ, or when a move one accepts the other refuses.
pub fn check_clone_continues<G: Play>(game: &G, moves: &[G::Move]) {
    let mut original = game.clone();
    let mut copy = original.clone();
    for &m in moves {
        let a = original.play(m).is_ok();
        let b = copy.play(m).is_ok();
        assert_eq!(a, b, "a clone and its original disagree on {m}");
    }
    assert!(
        original == copy,
        "a clone continued with the same moves ends elsewhere"
    );
}

/// A random game: where it ended and the moves that led there.
#[derive(Debug, Clone)]
pub struct RandomGame<G: Play> {
    /// The last position.
    pub end: G,
    /// The moves played from the start position.
    pub moves: Vec<G::Move>,
}

/// Plays uniformly random legal moves from `start` until the game is over, no seat is to
/// move, or `max_plies` moves were played, checking every position with
/// [`check_position`] and, at every ply, a few moves that were legal earlier with
/// [`check_move`] (so refusals are exercised). At the end the whole move list goes
/// through [`check_play_all`] (as played, and with an earlier move spliced in) and
/// [`check_clone_continues`].
///
/// # Panics
/// When any check fails, or a listed legal move is refused.
pub fn random_game<G, R>(start: &G, rng: &mut R, max_plies: usize) -> RandomGame<G>
where
    G: Play,
    R: Rng + ?Sized,
{
    let mut game = start.clone();
    let mut played = Vec::new();
    let mut seen: Vec<G::Move> = Vec::new();
    while played.len() < max_plies {
        let moves = check_position(&game);
        for _ in 0..seen.len().min(4) {
            check_move_listed(&game, seen[random::index(rng, seen.len())], &moves);
        }
        if game.to_move().is_none() || moves.is_empty() {
            break;
        }
        let m = moves[random::index(rng, moves.len())];
        for &other in moves.iter().take(2) {
            remember(&mut seen, other, rng);
        }
        remember(&mut seen, m, rng);
        if let Err(e) = game.play(m) {
            panic!("listed legal move {m} refused ({e}) in {game:?}");
        }
        played.push(m);
    }
    check_position(&game);
    check_play_all(start, &played);
    if !seen.is_empty() && !played.is_empty() {
        let mut spliced = played.clone();
        let at = random::index(rng, spliced.len());
        spliced.insert(at, seen[random::index(rng, seen.len())]);
        check_play_all(start, &spliced);
    }
    check_clone_continues(start, &played);
    RandomGame {
        end: game,
        moves: played,
    }
}

/// [`random_game`] from `start`, which must end (be over) within `bound` moves.
///
/// # Panics
/// When the game is not over after `bound` moves, or any check of [`random_game`] fails.
pub fn assert_terminates<G, R>(start: &G, rng: &mut R, bound: usize) -> RandomGame<G>
where
    G: Play,
    R: Rng + ?Sized,
{
    let game = random_game(start, rng, bound);
    assert!(
        game.end.is_over(),
        "random play did not end within {bound} moves: {:?}",
        game.end
    );
    game
}

/// Keeps a small pool of moves seen legal, replacing a random one once full.
fn remember<M: Copy, R: Rng + ?Sized>(seen: &mut Vec<M>, m: M, rng: &mut R) {
    const POOL: usize = 32;
    if seen.len() < POOL {
        seen.push(m);
    } else {
        let i = random::index(rng, POOL);
        seen[i] = m;
    }
}

/// The first move listed twice, found through a small open-addressing table (the crate
/// has no `std` hash set, and the lists run to thousands of moves).
fn first_duplicate<M: Copy + Eq + Hash>(moves: &[M]) -> Option<M> {
    let slots = (moves.len() * 2).next_power_of_two().max(16);
    let mut table: Vec<Option<M>> = alloc::vec![None; slots];
    for &m in moves {
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        m.hash(&mut h);
        let mut i = (h.finish() as usize) & (slots - 1);
        loop {
            match table[i] {
                None => {
                    table[i] = Some(m);
                    break;
                }
                Some(other) if other == m => return Some(m),
                Some(_) => i = (i + 1) & (slots - 1),
            }
        }
    }
    None
}

/// FNV-1a: deterministic and dependency-free, good enough to spread moves over a table.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_are_found_wherever_they_are() {
        assert_eq!(first_duplicate::<u32>(&[]), None);
        assert_eq!(first_duplicate(&[1u32, 2, 3]), None);
        assert_eq!(first_duplicate(&[1u32, 2, 3, 2]), Some(2));
        let many: Vec<u32> = (0..5000).chain([4999]).collect();
        assert_eq!(first_duplicate(&many), Some(4999));
    }
}

/// A reference game for code written over the contract (match runners, front ends):
/// Nim with one heap, each move takes 1 to 3 counters, whoever takes the last one wins.
/// Two seats, perfect information, moves written `t1` to `t3`.
///
/// ```
/// use plateau_grid::testing::{Nim, assert_terminates};
/// use plateau_grid::{Play, random};
///
/// let game = assert_terminates(&Nim::new(10), &mut random::seeded(1), 10);
/// assert!(game.end.outcome().and_then(|o| o.winner()).is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Nim {
    left: u32,
    turn: crate::Seat,
}

/// A Nim move: take this many counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Take(pub u32);

/// A Nim move refused: the counters asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot take {0} counters")]
pub struct CannotTake(pub u32);

impl Nim {
    /// A heap of `counters`, the first seat to move.
    #[must_use]
    pub fn new(counters: u32) -> Nim {
        Nim {
            left: counters,
            turn: crate::Seat::FIRST,
        }
    }

    /// Counters left.
    #[must_use]
    pub fn left(&self) -> u32 {
        self.left
    }
}

/// `7 left, P1 to move` (or `0 left`).
impl core::fmt::Display for Nim {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} left", self.left)?;
        if self.left > 0 {
            write!(f, ", {} to move", self.turn)?;
        }
        Ok(())
    }
}

impl core::fmt::Display for Take {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "t{}", self.0)
    }
}

impl FromStr for Take {
    type Err = CannotTake;

    fn from_str(s: &str) -> Result<Take, CannotTake> {
        s.strip_prefix('t')
            .and_then(|n| n.parse().ok())
            .map(Take)
            .ok_or(CannotTake(0))
    }
}

impl Play for Nim {
    type Move = Take;
    type Event = ();
    type Illegal = CannotTake;
    type Status = u32;
    type View<'a> = &'a Nim;

    fn players(&self) -> usize {
        2
    }
    fn to_move(&self) -> Option<crate::Seat> {
        (self.left > 0).then_some(self.turn)
    }
    fn status(&self) -> u32 {
        self.left
    }
    /// The seat that took the last counter wins; scores are 1 for the winner, 0 else.
    fn outcome(&self) -> Option<crate::Outcome> {
        let winner = self.turn.next(2);
        let mut scores = [0; 2];
        scores[winner.index()] = 1;
        (self.left == 0).then(|| crate::Outcome::new(&scores, crate::SeatSet::only(winner)))
    }
    fn view(&self, _: crate::Seat) -> &Nim {
        self
    }
    fn legal_moves_into(&self, out: &mut Vec<Take>) {
        out.clear();
        out.extend((1..=self.left.min(3)).map(Take));
    }
    fn check(&self, m: Take) -> Result<(), CannotTake> {
        if (1..=self.left.min(3)).contains(&m.0) {
            Ok(())
        } else {
            Err(CannotTake(m.0))
        }
    }
    fn play(&mut self, m: Take) -> Result<(), CannotTake> {
        self.check(m)?;
        self.left -= m.0;
        self.turn = self.turn.next(2);
        Ok(())
    }
}
