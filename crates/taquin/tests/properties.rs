//! Property tests: moves keep solvability, inverses undo, scrambles are solvable, notation
//! round-trips, refused operations change nothing.

use plateau_grid::Pos;
use plateau_taquin::{Board, Move, format_moves, parse_moves};
use proptest::prelude::*;

fn any_move() -> impl Strategy<Value = Move> {
    prop::sample::select(Move::ALL.to_vec())
}

fn any_size() -> impl Strategy<Value = (usize, usize)> {
    (2usize..=16, 2usize..=16)
}

proptest! {
    #[test]
    fn moves_keep_the_board_solvable((w, h) in any_size(), seed in any::<u64>(), moves in prop::collection::vec(any_move(), 0..64)) {
        let mut b = Board::scrambled(w, h, seed).unwrap();
        for m in moves {
            let before = b.clone();
            if let Ok(()) = b.play(m) { prop_assert!(b.is_solvable()) } else { prop_assert_eq!(&b, &before) }
        }
    }

    #[test]
    fn a_move_then_its_inverse_is_the_identity((w, h) in any_size(), seed in any::<u64>(), m in any_move()) {
        let b = Board::scrambled(w, h, seed).unwrap();
        let mut c = b.clone();
        if c.play(m).is_ok() {
            prop_assert_ne!(&c, &b);
            c.play(m.opposite()).unwrap();
        }
        prop_assert_eq!(c, b);
    }

    #[test]
    fn unsolvable_boards_stay_unsolvable((w, h) in (2usize..=6, 2usize..=6), seed in any::<u64>(), moves in prop::collection::vec(any_move(), 0..40)) {
        let b = Board::scrambled(w, h, seed).unwrap();
        let mut tiles: Vec<usize> = b.tiles().iter().map(|&t| usize::from(t)).collect();
        let i = tiles.iter().position(|&t| t == 1).unwrap();
        let j = tiles.iter().position(|&t| t == 2).unwrap();
        tiles.swap(i, j);
        let mut u = Board::from_tiles(w, h, &tiles).unwrap();
        prop_assert!(!u.is_solvable());
        for m in moves {
            let _ = u.play(m);
            prop_assert!(!u.is_solvable());
        }
    }

    #[test]
    fn every_scramble_is_solvable((w, h) in any_size(), seed in any::<u64>(), k in 0usize..200) {
        prop_assert!(Board::scrambled(w, h, seed).unwrap().is_solvable());
        prop_assert!(Board::random_walk(w, h, k, seed).unwrap().is_solvable());
    }

    #[test]
    fn board_text_round_trips((w, h) in any_size(), seed in any::<u64>()) {
        let b = Board::scrambled(w, h, seed).unwrap();
        prop_assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
    }

    #[test]
    fn move_notation_round_trips(moves in prop::collection::vec(any_move(), 0..100)) {
        let text = format_moves(&moves);
        prop_assert_eq!(parse_moves(&text).unwrap(), moves.clone());
        for m in moves {
            prop_assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
        }
    }

    #[test]
    fn clicks_equal_repeated_moves_or_change_nothing((w, h) in any_size(), seed in any::<u64>(), x in 0usize..18, y in 0usize..18) {
        let b = Board::scrambled(w, h, seed).unwrap();
        let mut c = b.clone();
        if let Ok(slide) = c.click(Pos::new(x, y)) {
            let mut d = b.clone();
            for _ in 0..slide.tiles {
                d.play(slide.direction).unwrap();
            }
            prop_assert_eq!(&c, &d);
            prop_assert_eq!(c.blank(), Pos::new(x, y));
        } else { prop_assert_eq!(c, b) }
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in ".{0,64}") {
        let _ = text.parse::<Board>();
        let _ = parse_moves(&text);
        let _ = text.parse::<Move>();
    }
}
