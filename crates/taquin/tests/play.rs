//! The board under the play contract: one seat, a solved board is a finished game (no
//! legal move, every move and click refused), status and outcome agree with the
//! predicates.

use plateau_taquin::{Board, IllegalMove, Move, Outcome, Play, Pos, Seat, Size, Status};

fn sz(w: usize, h: usize) -> Size {
    Size::new(w, h)
}

#[test]
fn a_solved_board_is_a_finished_game() {
    // No move is legal, every one is refused.
    let mut solved = Board::solved(sz(3, 3)).unwrap();
    assert_eq!(solved.legal_moves(), vec![]);
    assert_eq!(solved.to_move(), None);
    for m in Move::ALL {
        assert!(!solved.is_legal(m));
        assert_eq!(solved.check(m), Err(IllegalMove::Solved));
        assert_eq!(solved.play(m), Err(IllegalMove::Solved));
        assert_eq!(solved.moved_from(m), None);
    }
    assert_eq!(
        solved.click(Pos::new(0, 2)),
        Err(IllegalMove::Solved),
        "a click too"
    );
    assert_eq!(
        solved.play(Move::Down).unwrap_err().to_string(),
        "the board is solved"
    );
    assert_eq!(solved, Board::solved(sz(3, 3)).unwrap());
    // The move that solves a board is played; the next is refused.
    let mut last: Board = "1 2 3\n4 5 6\n7 . 8".parse().unwrap();
    assert_eq!(last.to_move(), Some(Seat::FIRST));
    last.play(Move::Left).unwrap();
    assert!(last.is_solved());
    assert_eq!(last.play(Move::Right), Err(IllegalMove::Solved));
}

#[test]
fn status_is_exhaustive_and_agrees_with_the_predicates() {
    let solved = Board::solved(sz(4, 4)).unwrap();
    let moved: Board = " 1  2  3  4\n 5  6  7  8\n 9 10 11  .\n13 14 15 12"
        .parse()
        .unwrap();
    let mut loyd_tiles = solved.tiles().to_vec();
    loyd_tiles.swap(13, 14);
    let loyd = Board::from_tiles(sz(4, 4), &loyd_tiles).unwrap();
    for (board, expected) in [
        (&solved, Status::Solved),
        (&moved, Status::InProgress),
        (&loyd, Status::Unsolvable),
    ] {
        let status = board.status();
        assert_eq!(status, expected);
        // No wildcard arm: adding a variant breaks this match on purpose.
        let (over, solvable) = match status {
            Status::InProgress => (false, true),
            Status::Solved => (true, true),
            Status::Unsolvable => (false, false),
        };
        assert_eq!(board.is_over(), over);
        assert_eq!(board.is_solved(), over);
        assert_eq!(board.is_solvable(), solvable);
        // The contract's view of it: one seat, to move until solved (an unsolvable board
        // never ends), the solved board won with a score of 0 (the board counts no moves).
        assert_eq!(board.players(), 1);
        assert_eq!(board.to_move(), (!over).then_some(Seat::FIRST));
        assert_eq!(board.outcome(), over.then(|| Outcome::won(0)));
        assert_eq!(board.view(Seat::FIRST), board);
    }
}
