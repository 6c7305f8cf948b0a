//! The play contract as Tetris keeps it: one seat, to move exactly while a placement can be
//! played, a top-out that is a loss scored by the points, the view, the bot through the
//! shared `Bot` trait, `hint`, and the generator built from this crate alone.

use plateau_tetris::{
    Board, Bot, Buttons, Game, Heuristic, IllegalMove, Outcome, Play, Rules, Seat, SeatSet,
    SeedableRng, SeededRng, Status, TopOut, hint, random,
};

/// Plays `game` with `bot` through the traits alone, at most `max` moves; the moves played.
fn play_out<G: Play, B: Bot<G>>(game: &mut G, bot: &mut B, max: usize) -> usize {
    let mut plies = 0;
    while plies < max
        && let Some(seat) = game.to_move()
    {
        let m = bot
            .choose(game.view(seat))
            .expect("a move while a seat is to move");
        game.play(m).expect("the bot's move is legal");
        plies += 1;
    }
    plies
}

/// Stacks every piece as high as it rests until the game tops out.
fn top_out(game: &mut Game) {
    while let Some(&p) = game.legal_moves().iter().max_by_key(|p| p.tetromino.y) {
        game.play(p).expect("legal");
    }
}

#[test]
fn one_seat_to_move_exactly_while_a_placement_can_be_played() {
    let mut game = Game::new(Rules::guideline(), 3);
    assert_eq!(game.players(), 1);
    assert_eq!(game.to_move(), Some(Seat::FIRST));
    assert_eq!((game.status(), game.outcome()), (Status::InProgress, None));
    // Paused: no seat is to move, nothing can be placed, the game is not over.
    game.pause().expect("pause");
    assert_eq!(game.to_move(), None);
    assert_eq!(game.status(), Status::Paused);
    assert!(game.legal_moves().is_empty() && !game.is_over() && game.outcome().is_none());
    let m = Game::new(Rules::guideline(), 3).legal_moves()[0];
    assert_eq!(game.check(m), Err(IllegalMove::Paused));
    game.resume().expect("resume");
    assert_eq!(game.to_move(), Some(Seat::FIRST));
    // In real time the seat is to move at every tick until the top-out, then never again.
    let mut ticks = 0;
    while !game.is_over() {
        assert_eq!(game.to_move(), Some(Seat::FIRST));
        assert!(!game.legal_moves().is_empty());
        game.tick(if ticks % 2 == 0 {
            Buttons::HARD_DROP
        } else {
            Buttons::NONE
        });
        ticks += 1;
        assert!(ticks < 10_000, "hard drops in the middle column top out");
    }
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
}

#[test]
fn a_top_out_is_a_loss_scored_by_the_points() {
    // Some lines first, so the score is not 0.
    let mut game = Game::new(Rules::guideline(), 12);
    assert_eq!(play_out(&mut game, &mut Heuristic::default(), 40), 40);
    assert!(game.score() > 0);
    top_out(&mut game);
    let outcome = game.outcome().expect("over");
    let score = i64::try_from(game.score()).expect("a small score");
    assert_eq!(outcome, Outcome::lost(score));
    assert_eq!((outcome.seats(), outcome.winners()), (1, SeatSet::EMPTY));
    assert_eq!(outcome.to_string(), format!("lost ({score})"));
    assert!(matches!(game.status(), Status::Over { .. }));
    // A game over before its first piece (block out) is lost with no points.
    let mut text = String::from("..........\n...####...\n");
    text += &"#.########\n".repeat(20);
    let board: Board = text.trim_end().parse().expect("a board");
    let blocked = Game::from_board(Rules::guideline(), &board, 1).expect("fits");
    assert_eq!(
        blocked.status(),
        Status::Over {
            reason: TopOut::BlockOut
        }
    );
    assert_eq!(blocked.outcome(), Some(Outcome::lost(0)));
    assert_eq!(blocked.to_move(), None);
}

#[test]
fn the_view_of_any_seat_is_the_games_view() {
    let mut game = Game::new(Rules::guideline(), 5);
    play_out(&mut game, &mut Heuristic::default(), 25);
    let inherent = game.view(Seat::FIRST);
    for seat in [Seat::FIRST, Seat::new(3).expect("a seat")] {
        let view = Play::view(&game, seat);
        assert_eq!(view.board(), inherent.board());
        assert_eq!(
            (view.active(), view.hold_piece()),
            (inherent.active(), inherent.hold_piece())
        );
        assert_eq!(view.next(), inherent.next());
        assert_eq!(
            (view.score(), view.lines(), view.level()),
            (game.score(), game.lines(), game.level())
        );
        assert_eq!(view.legal_moves(), game.legal_moves());
        assert_eq!(
            Heuristic::default().choose(view),
            Heuristic::default().choose(inherent)
        );
    }
}

#[test]
fn the_bot_plays_through_the_shared_traits_and_hint_is_its_choice() {
    let mut game = Game::new(Rules::guideline(), 9);
    let mut bot = Heuristic::default();
    // As a trait object too: one runner seats any bot of any game.
    let mut boxed: Box<dyn Bot<Game>> = Box::new(Heuristic::default());
    for _ in 0..60 {
        let h = hint(&game).expect("a hint while the game goes on");
        assert_eq!(bot.choose(game.view(Seat::FIRST)), Some(h));
        assert_eq!(boxed.choose(game.view(Seat::FIRST)), Some(h));
        game.play(h).expect("the hint is legal");
    }
    assert_eq!(game.status(), Status::InProgress);
    game.pause().expect("pause");
    assert_eq!(
        (hint(&game), bot.choose(game.view(Seat::FIRST))),
        (None, None)
    );
    game.resume().expect("resume");
    top_out(&mut game);
    assert_eq!(hint(&game), None);
    // The bot plays a whole game through the traits: 300 pieces without topping out.
    let mut game = Game::new(Rules::guideline(), 10);
    assert_eq!(play_out(&mut game, &mut bot, 300), 300);
    assert!(!game.is_over());
}

#[test]
fn the_generator_is_built_from_this_crate_alone() {
    // `SeedableRng`, `SeededRng` and `random::seeded` are re-exported: no `rand` dependency.
    let rules = Rules::guideline();
    let a = Game::new_with_rng(rules.clone(), &mut SeededRng::seed_from_u64(77));
    let b = Game::new_with_rng(rules.clone(), &mut random::seeded(77));
    assert_eq!(a, b);
    let mut rng = random::seeded(77);
    let seed = plateau_tetris::Rng::next_u64(&mut rng);
    assert_eq!(a.seed(), seed);
    assert_eq!(a, Game::new(rules, seed));
}

/// Every legal placement has one name: the same cells in another state are refused with the
/// listed name (found here by brute force over every state and position, from the cells
/// alone), so `is_legal` agrees with the list an action mask indexes.
#[test]
fn the_same_cells_in_another_state_are_refused_with_the_listed_name() {
    use plateau_tetris::{Placement, Rotation, Tetromino};
    for rules in [Rules::guideline(), Rules::classic()] {
        let system = rules.rotation_system();
        let mut game = Game::new(rules, 11);
        let mut aliases = 0;
        for _ in 0..12 {
            let moves = game.legal_moves();
            for &p in &moves {
                let mut cells = p.tetromino.cells(system);
                cells.sort_unstable();
                for r in Rotation::ALL {
                    for x in -4..16 {
                        for y in -4..48 {
                            let t = Tetromino::new(p.tetromino.piece, r, x, y);
                            let mut other = t.cells(system);
                            other.sort_unstable();
                            if other != cells || t == p.tetromino {
                                continue;
                            }
                            aliases += 1;
                            let alias = Placement { tetromino: t, ..p };
                            assert_eq!(
                                game.check(alias),
                                Err(IllegalMove::ListedAs {
                                    placement: alias,
                                    listed: p
                                })
                            );
                            assert!(!moves.contains(&alias));
                        }
                    }
                }
            }
            let lowest = *moves.iter().min_by_key(|p| p.tetromino.y).expect("a move");
            game.play(lowest).expect("legal");
        }
        assert!(aliases > 0, "S, Z and I have two states a shape");
    }
}
