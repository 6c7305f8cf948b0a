//! Invariants under random play: the 7-bag, ghosts, hold, cell counts, replays, the play
//! contract through `plateau_grid::testing` (refused placements change nothing, `is_legal`
//! agrees with `play`, atomic `play_all`, random games that top out), and the round trips of
//! every text form.

mod common;

use plateau_grid::testing::{self, check_notation};
use plateau_tetris::{
    Board, Buttons, Entry, Event, Field, Game, Gravity, Lock, Piece, Placement, Play, Randomizer,
    Rotation, RotationSystem, Rules, Scoring, SoftDrop, Speed, Step, Tetromino,
};
use plateau_tetris::{Outcome, Status, random};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// Placements a random game may take to top out. Random placements leave holes and rarely
/// clear a row: over 162,000 games (3,000 seeds for each preset with previews 0, 1 and 6, hold
/// or not, and each randomizer) the longest lasted 38 pieces and the median 22 to 24; and
/// without a clear a 10 x 40 field is full after 100 pieces. So 100, 2.6 times the longest.
const RANDOM_PLAY_BOUND: usize = 100;

/// One thing to do to a game.
#[derive(Debug, Clone)]
enum Action {
    Tick(u8, u8),
    Step(Step),
    /// The n-th legal placement (modulo their number).
    Place(usize),
    /// Any placement at all (usually illegal).
    Wild(Placement),
    Pause,
    Resume,
}

fn tetromino() -> impl Strategy<Value = Tetromino> {
    (0..7usize, 0..4usize, -3i8..14, -3i8..44).prop_map(|(p, r, x, y)| {
        Tetromino::new(
            Piece::from_index(p).expect("0..7"),
            Rotation::from_index(r),
            x,
            y,
        )
    })
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        6 => (0u8..128, 1u8..40).prop_map(|(b, n)| Action::Tick(b, n)),
        3 => (0..8usize).prop_map(|i| Action::Step(Step::ALL[i])),
        3 => any::<usize>().prop_map(Action::Place),
        1 => (any::<bool>(), tetromino()).prop_map(|(hold, tetromino)| Action::Wild(Placement { hold, tetromino })),
        1 => Just(Action::Pause),
        1 => Just(Action::Resume),
    ]
}

fn rules() -> impl Strategy<Value = Rules> {
    (0..3usize, 0..7usize, any::<bool>(), 0..3usize, 0..4usize).prop_map(
        |(preset, preview, hold, gravity, randomizer)| {
            let base = [Rules::guideline(), Rules::classic(), Rules::calculator()][preset].clone();
            let gravity =
                [Gravity::Guideline, Gravity::Fixed(Speed::G20), Gravity::Nes][gravity].clone();
            let r = [
                Randomizer::Bag,
                Randomizer::Memoryless,
                Randomizer::Classic,
                Randomizer::Bag,
            ][randomizer];
            base.with_preview(preview)
                .expect("0..=6")
                .with_hold(hold)
                .with_gravity(gravity)
                .expect("valid")
                .with_randomizer(r)
        },
    )
}

/// Plays `a` on `game`; checks the invariants every action keeps.
fn apply(game: &mut Game, a: &Action) -> Result<(), TestCaseError> {
    let before = game.clone();
    let cells_before = game.board().count();
    let lock_events = match a {
        Action::Tick(b, n) => {
            let mut all = Vec::new();
            for _ in 0..*n {
                let ghost = game.ghost();
                let buttons = Buttons::from_bits(*b);
                let e = game.tick(buttons);
                // A hard drop locks where the ghost was (rotations and shifts of the same tick
                // come first, so compare only when they were not pressed).
                if buttons == Buttons::HARD_DROP
                    && let Some((t, _)) = e.locked()
                    && !before.is_paused()
                {
                    prop_assert_eq!(Some(t), ghost);
                }
                all.push(e);
            }
            all
        }
        Action::Step(s) => {
            if let Ok(e) = game.step(*s) {
                vec![e]
            } else {
                prop_assert_eq!(&*game, &before);
                vec![]
            }
        }
        Action::Place(i) => {
            let moves = game.legal_moves();
            if moves.is_empty() {
                vec![]
            } else {
                let p = moves[i % moves.len()];
                testing::check_move(game, p);
                vec![game.play(p).expect("a legal move plays")]
            }
        }
        Action::Wild(p) => {
            // The kit plays it on a copy: agreement of `is_legal`, `check` and `play`, and a
            // refusal that changes nothing.
            testing::check_move(game, *p);
            game.play(*p).map_or_else(|_| vec![], |e| vec![e])
        }
        Action::Pause => {
            let _ = game.pause();
            vec![]
        }
        Action::Resume => {
            let _ = game.resume();
            vec![]
        }
    };
    // Cell count conservation: each lock adds 4 cells and each cleared row removes a row.
    let width = game.board().width();
    let mut cells = cells_before;
    for e in &lock_events {
        for ev in e {
            match ev {
                Event::Locked { .. } => cells += 4,
                Event::LinesCleared { rows, .. } => cells -= width * rows.len() as usize,
                _ => {}
            }
        }
    }
    prop_assert_eq!(cells, game.board().count());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/properties.txt",
        ))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn bag_windows_are_permutations(seed in any::<u64>()) {
        let pieces: Vec<Piece> = Randomizer::Bag.pieces(seed).take(70).collect();
        for window in pieces.chunks(7) {
            let mut w = window.to_vec();
            w.sort();
            prop_assert_eq!(&w[..], &Piece::ALL[..]);
        }
    }

    #[test]
    fn random_play_keeps_the_invariants_and_replays(
        rules in rules(),
        seed in any::<u64>(),
        actions in prop::collection::vec(action(), 1..60),
    ) {
        let mut game = Game::new(rules, seed);
        for a in &actions {
            apply(&mut game, a)?;
        }
        // Wherever the actions led (paused, over, mid-piece), the position keeps the
        // contract, and two placements of it in a row are refused at the second (another
        // piece comes next) without changing anything.
        let moves = testing::check_position(&game);
        testing::check_play_all(&game, &moves[..moves.len().min(2)]);
        // The replay reproduces the game, and its text round-trips.
        let replay = game.replay();
        prop_assert_eq!(replay.run().expect("a recorded replay plays"), game.clone());
        check_notation(&replay);
    }

    #[test]
    fn random_placements_keep_the_contract_and_top_out(rules in rules(), seed in any::<u64>()) {
        let start = Game::new(rules, seed);
        let game = testing::assert_terminates(&start, &mut random::seeded(seed), RANDOM_PLAY_BOUND);
        // Over means topped out: a loss, scored by the points.
        let score = i64::try_from(game.end.score()).expect("a small score");
        prop_assert_eq!(game.end.outcome(), Some(Outcome::lost(score)));
        let over = matches!(game.end.status(), Status::Over { .. });
        prop_assert!(over, "{:?}", game.end.status());
        prop_assert_eq!(game.end.pieces(), game.moves.len() as u64);
    }

    #[test]
    fn random_placements_from_a_board_top_out(board_seed in any::<u64>(), seed in any::<u64>()) {
        let board = common::random_board(board_seed, 60);
        let start = Game::from_board(Rules::guideline(), &board, seed).expect("fits");
        testing::assert_terminates(&start, &mut random::seeded(seed), RANDOM_PLAY_BOUND);
    }

    #[test]
    fn games_from_a_board_replay_too(
        board_seed in any::<u64>(),
        seed in any::<u64>(),
        actions in prop::collection::vec(action(), 1..40),
    ) {
        let board = common::random_board(board_seed, 60);
        let mut game = Game::from_board(Rules::guideline(), &board, seed).expect("fits");
        for a in &actions {
            apply(&mut game, a)?;
        }
        let replay = game.replay();
        prop_assert!(replay.board().is_some());
        prop_assert_eq!(replay.run().expect("a recorded replay plays"), game.clone());
        check_notation(&replay);
    }

    #[test]
    fn ghost_is_the_hard_drop_landing(seed in any::<u64>(), moves in prop::collection::vec(0u8..4, 0..12)) {
        let mut game = Game::new(Rules::guideline(), seed);
        for m in moves {
            let b = [Buttons::LEFT, Buttons::RIGHT, Buttons::CW, Buttons::CCW][m as usize];
            game.tick(b);
            game.tick(Buttons::NONE);
        }
        let ghost = game.ghost().expect("falling");
        let field = *game.board().field();
        prop_assert!(field.rests(RotationSystem::Srs, ghost));
        let events = game.tick(Buttons::HARD_DROP);
        prop_assert_eq!(events.locked().map(|l| l.0), Some(ghost));
    }

    #[test]
    fn hold_twice_without_a_lock_changes_nothing(
        seed in any::<u64>(),
        actions in prop::collection::vec(action(), 0..20),
    ) {
        let mut game = Game::new(Rules::guideline(), seed);
        for a in &actions {
            apply(&mut game, a)?;
        }
        if game.can_hold() {
            game.step(Step::Hold).expect("hold is available");
            let after_first = game.clone();
            // The second hold before a lock is refused by the step API...
            prop_assert!(game.step(Step::Hold).is_err());
            prop_assert_eq!(&game, &after_first);
            // ... and ignored by a tick (only the tick count and the held buttons move on).
            let mut ticked = game.clone();
            ticked.tick(Buttons::HOLD);
            prop_assert_eq!(ticked.hold_piece(), after_first.hold_piece());
            prop_assert_eq!(ticked.next(), after_first.next());
            prop_assert_eq!(ticked.active().map(|t| t.piece), after_first.active().map(|t| t.piece));
        }
    }

    #[test]
    fn rules_text_round_trips(
        rules in rules(),
        preview in 0usize..7,
        lock in prop_oneof![Just(Lock::Gravity), (0u16..100, 0u16..30).prop_map(|(ticks, resets)| Lock::Delay { ticks, resets })],
        das in 1u8..30, arr in 0u8..10,
        soft in prop_oneof![(1u8..40).prop_map(SoftDrop::Factor), (0u64..(20 << 32)).prop_map(|r| SoftDrop::Fixed(Speed::from_raw(r).expect("below 20G")))],
        table in prop::collection::vec(0u64..(20 << 32), 1..5),
        width in 4usize..17, visible in 4usize..30, buffer in 4usize..30,
        nes in any::<bool>(),
    ) {
        let mut r = rules
            .with_preview(preview).expect("ok")
            .with_lock(lock)
            .with_das_arr(das, arr).expect("ok")
            .with_soft_drop(soft).expect("ok")
            .with_gravity(Gravity::custom(table.into_iter().map(|v| Speed::from_raw(v).expect("ok")).collect()).expect("non-empty")).expect("ok")
            .with_scoring(if nes { Scoring::Nes } else { Scoring::Guideline });
        if visible + buffer <= 60 {
            r = r.with_field(width, visible, buffer).expect("in range");
        }
        check_notation(&r);
        // The short form names the nearest preset and parses back to the same rules.
        let short = r.short_text();
        prop_assert_eq!(short.parse::<Rules>(), Ok(r.clone()), "{}", short);
        prop_assert!(short.split(' ').count() <= r.to_string().split(' ').count());
    }

    #[test]
    fn board_text_round_trips(rows in prop::collection::vec(prop::collection::vec(0u8..10, 4..17), 1..30)) {
        let width = rows[0].len();
        let text: Vec<String> = rows.iter().map(|r| {
            (0..width).map(|x| match r.get(x).copied().unwrap_or(0) {
                0..=2 => '.',
                3 => '#',
                c => Piece::ALL[usize::from(c - 3) % 7].letter(),
            }).collect()
        }).collect();
        let board: Board = text.join("\n").parse().expect("a board");
        prop_assert_eq!(board.to_string(), text.join("\n"));
        check_notation(&board);
        prop_assert_eq!(board.field().to_string().replace(|c: char| c.is_ascii_alphabetic(), "#"),
            text.join("\n").replace(|c: char| c.is_ascii_alphabetic(), "#"));
    }

    #[test]
    fn move_notation_round_trips(hold in any::<bool>(), t in tetromino(), bits in 0u8..128, step in 0usize..8) {
        let p = Placement { hold, tetromino: t };
        check_notation(&p);
        prop_assert_eq!(p.to_string().to_lowercase().parse::<Placement>(), Ok(p));
        let b = Buttons::from_bits(bits);
        check_notation(&b);
        let s = Step::ALL[step];
        check_notation(&s);
        for e in [Entry::Ticks { buttons: b, count: u32::from(bits) + 1 }, Entry::Step(s), Entry::Place(p), Entry::Pause, Entry::Resume] {
            check_notation(&e);
        }
    }

    #[test]
    fn every_field_cell_test_agrees_with_the_cells(t in tetromino(), seed in any::<u64>()) {
        // `fits` (bitmask rows) against the cells one by one.
        let board = common::random_board(seed, 60);
        let game = Game::from_board(Rules::guideline(), &board, 0).expect("fits");
        let field = game.board().field();
        for system in [RotationSystem::Srs, RotationSystem::Classic] {
            let by_cells = Field::cells(system, t).iter().all(|&(x, y)| !field.is_blocked(x, y));
            prop_assert_eq!(field.fits(system, t), by_cells);
        }
    }
}
