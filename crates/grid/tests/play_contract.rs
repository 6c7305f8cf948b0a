//! The play contract's test kit against a toy game (Nim: take 1 to 3 counters, whoever
//! takes the last wins; the moves and error are the kit's own `testing::Nim`'s), played
//! correctly and with each bug the kit exists to catch, so the kit's checks are shown to
//! fail when the rule they name is broken.
#![cfg(feature = "testing")]

use plateau_grid::testing::{
    CannotTake, Take, assert_terminates, check_clone_continues, check_move, check_play_all,
    check_position, random_game,
};
use plateau_grid::{Bot, Outcome, Play, Seat, SeatSet, random};

/// The bugs a game can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Bug {
    #[default]
    None,
    /// A refused move still takes a counter.
    RefusalMutates,
    /// `check` accepts taking 4.
    CheckTooLoose,
    /// The move 1 is listed twice.
    DuplicateMove,
    /// `legal_moves_into` appends instead of refilling.
    NoClear,
    /// The game never ends: taking the last counter puts one back.
    Endless,
    /// `play_all` keeps the moves before the refused one.
    PartialPlayAll,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Nim {
    left: u32,
    turn: Seat,
    bug: Bug,
}

impl Nim {
    fn new(left: u32, bug: Bug) -> Nim {
        Nim {
            left,
            turn: Seat::FIRST,
            bug,
        }
    }
    fn most(&self) -> u32 {
        if self.bug == Bug::CheckTooLoose { 4 } else { 3 }
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
    fn to_move(&self) -> Option<Seat> {
        (self.left > 0).then_some(self.turn)
    }
    fn status(&self) -> u32 {
        self.left
    }
    fn outcome(&self) -> Option<Outcome> {
        // The seat that took the last counter is the one before the seat on turn.
        (self.left == 0).then(|| Outcome::new(&[0, 0], SeatSet::only(self.turn.next(2))))
    }
    fn view(&self, _: Seat) -> &Nim {
        self
    }
    fn legal_moves_into(&self, out: &mut Vec<Take>) {
        if self.bug != Bug::NoClear {
            out.clear();
        }
        out.extend((1..=self.left.min(3)).map(Take));
        if self.bug == Bug::DuplicateMove && self.left > 0 {
            out.push(Take(1));
        }
    }
    fn check(&self, m: Take) -> Result<(), CannotTake> {
        if m.0 >= 1 && m.0 <= self.most() && m.0 <= self.left {
            Ok(())
        } else {
            Err(CannotTake(m.0))
        }
    }
    fn play(&mut self, m: Take) -> Result<(), CannotTake> {
        if let Err(e) = self.check(m) {
            if self.bug == Bug::RefusalMutates && self.left > 0 {
                self.left -= 1;
            }
            return Err(e);
        }
        self.left -= m.0;
        if self.bug == Bug::Endless && self.left == 0 {
            self.left = 1;
        }
        self.turn = self.turn.next(2);
        Ok(())
    }
    fn play_all(&mut self, moves: &[Take]) -> Result<(), plateau_grid::PlayAllError<CannotTake>> {
        if self.bug != Bug::PartialPlayAll {
            let mut next = self.clone();
            for (index, &m) in moves.iter().enumerate() {
                next.play(m)
                    .map_err(|error| plateau_grid::PlayAllError { index, error })?;
            }
            *self = next;
            return Ok(());
        }
        for (index, &m) in moves.iter().enumerate() {
            self.play(m)
                .map_err(|error| plateau_grid::PlayAllError { index, error })?;
        }
        Ok(())
    }
}

struct Greedy;

impl Bot<Nim> for Greedy {
    fn choose(&mut self, view: &Nim) -> Option<Take> {
        view.legal_moves().last().copied()
    }
}

#[test]
fn a_correct_game_passes_every_check() {
    let mut rng = random::seeded(1);
    for left in 0..40 {
        let start = Nim::new(left, Bug::None);
        let game = assert_terminates(&start, &mut rng, 40);
        assert_eq!(game.moves.iter().map(|t| t.0).sum::<u32>(), left);
        check_move(&start, Take(9));
        check_play_all(&start, &[Take(1), Take(9)]);
        check_clone_continues(&start, &game.moves);
    }
}

#[test]
fn bots_are_seated_through_the_trait() {
    let mut game = Nim::new(10, Bug::None);
    let mut bots: [Box<dyn Bot<Nim>>; 2] = [Box::new(Greedy), Box::new(Greedy)];
    while let Some(seat) = game.to_move() {
        let m = bots[seat.index()].choose(game.view(seat)).expect("a move");
        game.play(m).expect("legal");
    }
    // 10 = 3 + 3 + 3 + 1, seats alternating: the second seat takes the last counter.
    assert_eq!(game.outcome().and_then(|o| o.winner()), Seat::new(1));
}

#[test]
#[should_panic(expected = "changed the state")]
fn a_refusal_that_mutates_is_caught() {
    check_move(&Nim::new(5, Bug::RefusalMutates), Take(7));
}

#[test]
#[should_panic(expected = "legal_moves omits")]
fn a_legal_move_missing_from_the_list_is_caught() {
    // check accepts taking 4 but the list stops at 3.
    check_move(&Nim::new(4, Bug::CheckTooLoose), Take(4));
}

#[test]
#[should_panic(expected = "listed twice")]
fn a_duplicate_move_is_caught() {
    check_position(&Nim::new(5, Bug::DuplicateMove));
}

#[test]
#[should_panic(expected = "does not clear")]
fn a_move_list_that_is_not_cleared_is_caught() {
    check_position(&Nim::new(5, Bug::NoClear));
}

#[test]
#[should_panic(expected = "did not end")]
fn an_endless_game_is_caught() {
    assert_terminates(&Nim::new(5, Bug::Endless), &mut random::seeded(2), 50);
}

#[test]
#[should_panic(expected = "changed the state")]
fn a_play_all_that_is_not_atomic_is_caught() {
    check_play_all(&Nim::new(5, Bug::PartialPlayAll), &[Take(1), Take(9)]);
}

#[test]
fn random_games_are_reproducible_from_a_seed() {
    let start = Nim::new(30, Bug::None);
    let a = random_game(&start, &mut random::seeded(7), 100).moves;
    let b = random_game(&start, &mut random::seeded(7), 100).moves;
    assert_eq!(a, b);
}
