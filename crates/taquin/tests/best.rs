//! Which solver answers: `solve_best` under each budget, the pattern databases asked for
//! only when a 4 x 4 board needs them, the hint as the bot's first move, and the solver bot
//! playing boards to the goal through the play contract.

use std::cell::Cell;

use plateau_taquin::{
    Board, Bot, Budget, Move, Partition, PatternDatabase, Play, Size, SolveError, Solver, Tile,
    hint, solve, solve_best, solve_best_with, solve_limited, solver_bot,
};

fn sz(w: usize, h: usize) -> Size {
    Size::new(w, h)
}

fn replays(board: &Board, moves: &[Move]) -> bool {
    let mut b = board.clone();
    b.play_all(moves).is_ok() && b.is_solved()
}

/// The 4-4-4-3 databases: weaker than the default, but built in moments even in a debug
/// build.
fn small_pdb() -> PatternDatabase {
    let partition: Partition = "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15".parse().unwrap();
    PatternDatabase::build_with(&partition)
}

/// 4 x 4 boards too far from the goal for the plain search's first 200 000 nodes (so
/// `solve_best_with` asks for the databases), yet quick for the small databases in a debug
/// build: random walks of 100 moves.
fn middling_4x4(count: usize) -> Vec<Board> {
    (0..)
        .map(|seed| Board::random_walk(sz(4, 4), 100, seed).unwrap())
        .filter(|b| matches!(solve_limited(b, 200_000), Err(SolveError::NodeLimit { .. })))
        .take(count)
        .collect()
}

#[test]
fn small_boards_are_solved_optimally_under_every_budget() {
    // One of the two hardest 8-puzzles (31 moves) fits even the hint's budget.
    let hardest: Board = "8 6 7\n2 5 4\n3 . 1".parse().unwrap();
    for budget in [
        Budget::HINT,
        Budget::PLAY,
        Budget::BATCH,
        Budget::nodes(1 << 20),
    ] {
        let (s, solver) = solve_best(&hardest, budget).unwrap();
        assert_eq!((s.len(), solver), (31, Solver::Ida), "{budget:?}");
        assert!(replays(&hardest, &s.moves));
    }
    for seed in 0..20 {
        let board = Board::new(sz(3, 2), seed).unwrap();
        let (s, solver) = solve_best(&board, Budget::HINT).unwrap();
        assert_eq!(s, solve(&board).unwrap());
        assert_eq!(solver, Solver::Ida);
    }
}

#[test]
fn solved_and_unsolvable_boards() {
    let solved = Board::solved(sz(4, 4)).unwrap();
    let (s, solver) = solve_best(&solved, Budget::PLAY).unwrap();
    assert!(s.is_empty());
    assert!(solver.is_optimal());
    let mut tiles: Vec<Tile> = solved.tiles().to_vec();
    tiles.swap(13, 14);
    let loyd = Board::from_tiles(sz(4, 4), &tiles).unwrap();
    for budget in [Budget::HINT, Budget::PLAY, Budget::BATCH] {
        assert_eq!(solve_best(&loyd, budget), Err(SolveError::Unsolvable));
    }
    let built = Cell::new(false);
    let build = || {
        built.set(true);
        None
    };
    assert_eq!(
        solve_best_with(&loyd, Budget::BATCH, &mut None, build),
        Err(SolveError::Unsolvable)
    );
    assert!(
        !built.get(),
        "no databases are built for an unsolvable board"
    );
    assert_eq!(hint(&loyd), None);
    assert_eq!(
        solver_bot(Budget::PLAY).choose(&loyd),
        None,
        "the bot passes"
    );
}

#[test]
fn past_the_budget_the_fast_solver_answers_unless_only_optimal_will_do() {
    let board = Board::new(sz(5, 5), 3).unwrap();
    assert_eq!(
        solve_best(&board, Budget::optimal(1000)),
        Err(SolveError::NodeLimit { nodes: 1000 })
    );
    let (s, solver) = solve_best(&board, Budget::nodes(1000)).unwrap();
    assert_eq!(solver, Solver::Fast);
    assert!(!solver.is_optimal());
    assert!(replays(&board, &s.moves));
    // A 4 x 3 board within the budget is answered optimally, past it by the fast solver.
    let middle = Board::new(sz(4, 3), 5).unwrap();
    let optimal = solve(&middle).unwrap();
    let (s, solver) = solve_best(&middle, Budget::nodes(optimal.nodes)).unwrap();
    assert_eq!((s.len(), solver), (optimal.len(), Solver::Ida));
    let (s, solver) = solve_best(&middle, Budget::nodes(optimal.nodes / 2)).unwrap();
    assert_eq!(solver, Solver::Fast);
    assert!(replays(&middle, &s.moves));
}

#[test]
fn large_boards_get_the_optimal_search_only_near_the_goal() {
    // Near the goal a 7 x 5 board is solved optimally (within the 24 moves a large board is
    // searched for when a fast answer will do).
    let near = Board::random_walk(sz(7, 5), 14, 2).unwrap();
    let optimal = solve_limited(&near, 10_000_000).unwrap();
    assert!(optimal.len() <= 14);
    for budget in [Budget::HINT, Budget::PLAY] {
        let (s, solver) = solve_best(&near, budget).unwrap();
        assert_eq!((s.len(), solver), (optimal.len(), Solver::Ida));
    }
    // Far from it: the fast solver at once, whatever the node budget.
    let far = Board::new(sz(7, 5), 2).unwrap();
    let (s, solver) = solve_best(&far, Budget::nodes(u64::MAX)).unwrap();
    assert_eq!(solver, Solver::Fast);
    assert!(replays(&far, &s.moves));
    // Only optimal answers: no length limit, the budget decides.
    assert!(matches!(
        solve_best(&far, Budget::optimal(10_000)),
        Err(SolveError::NodeLimit { .. })
    ));
}

#[test]
fn the_databases_are_built_only_when_a_4x4_board_needs_them() {
    let built = Cell::new(0);
    let build = || {
        built.set(built.get() + 1);
        Some(small_pdb())
    };
    let mut databases = None;
    // Boards that are not 4 x 4, or 4 x 4 near the goal, never ask for them.
    let three = Board::new(sz(3, 3), 1).unwrap();
    let near = Board::random_walk(sz(4, 4), 12, 1).unwrap();
    for board in [&three, &near] {
        let (s, solver) = solve_best_with(board, Budget::BATCH, &mut databases, build).unwrap();
        assert_eq!(
            (s.len(), solver),
            (solve(board).unwrap().len(), Solver::Ida)
        );
    }
    assert_eq!(built.get(), 0);
    assert!(databases.is_none());
    // A 4 x 4 further away does, once; the next ones use what was kept.
    for board in middling_4x4(3) {
        let (s, solver) = solve_best_with(&board, Budget::BATCH, &mut databases, build).unwrap();
        assert_eq!(solver, Solver::PatternDatabase);
        let pdb = databases.as_ref().unwrap();
        assert_eq!(s, pdb.solve(&board).unwrap());
        assert!(replays(&board, &s.moves));
    }
    assert_eq!(built.get(), 1);
    // With the databases at hand, even a board near the goal goes to them.
    let (_, solver) = solve_best_with(&near, Budget::BATCH, &mut databases, build).unwrap();
    assert_eq!(solver, Solver::PatternDatabase);
    // A build that gives nothing leaves the board to plain IDA* within the budget.
    let board = Board::random_walk(sz(4, 4), 60, 4).unwrap();
    let plain = solve_limited(&board, 50_000_000).unwrap();
    let (s, solver) = solve_best_with(&board, Budget::PLAY, &mut None, || None).unwrap();
    assert_eq!((s.len(), solver), (plain.len(), Solver::Ida));
}

#[test]
fn the_hint_is_the_bots_first_move() {
    for (w, h) in [(2, 2), (3, 3), (4, 4), (5, 3), (8, 8)] {
        for seed in 0..3 {
            for board in [
                Board::new(sz(w, h), seed).unwrap(),
                Board::random_walk(sz(w, h), 20, seed).unwrap(),
            ] {
                let first = solve_best(&board, Budget::HINT).unwrap().0.first().copied();
                assert_eq!(hint(&board), first, "{w}x{h} seed {seed}");
                assert_eq!(solver_bot(Budget::HINT).choose(&board), first);
            }
        }
    }
}

/// Plays `start` to its end with one bot through the contract alone; the moves played.
fn play_out<G: Play>(start: &G, bot: &mut dyn Bot<G>, limit: usize) -> (G, usize) {
    let mut game = start.clone();
    let mut plies = 0;
    while let Some(seat) = game.to_move() {
        assert!(plies < limit, "the bot did not finish");
        let m = bot.choose(game.view(seat)).expect("a move");
        game.play(m).expect("a legal move");
        plies += 1;
    }
    (game, plies)
}

#[test]
fn the_solver_bot_plays_boards_to_the_goal() {
    for (w, h) in [(2, 2), (3, 3), (4, 3), (6, 5), (10, 10)] {
        let start = Board::new(sz(w, h), 7).unwrap();
        let mut bot = solver_bot(Budget::PLAY);
        let (end, plies) = play_out(&start, &mut bot, 100_000);
        assert!(end.is_solved());
        assert_eq!(
            end.outcome().unwrap().winner(),
            Some(plateau_taquin::Seat::FIRST)
        );
        let (s, _) = solve_best(&start, Budget::PLAY).unwrap();
        assert_eq!(plies, s.len(), "{w}x{h}: the plan is played as planned");
    }
    // Moved off its plan, the bot plans again from where the board is.
    let start = Board::new(sz(3, 3), 8).unwrap();
    let mut bot = solver_bot(Budget::HINT);
    let mut board = start.clone();
    let first = bot.choose(&board).unwrap();
    let other = board
        .legal_moves()
        .into_iter()
        .find(|&m| m != first)
        .unwrap();
    board.play(other).unwrap();
    let (end, plies) = play_out(&board, &mut bot, 1000);
    assert!(end.is_solved());
    assert_eq!(
        plies,
        solve(&board).unwrap().len(),
        "optimal from the new board"
    );
}

#[test]
fn following_hints_with_the_databases_reaches_the_goal() {
    // With the databases at hand a 4 x 4 hint comes from them within the hint's 2 M nodes,
    // from the fast solver past that; followed, the hints still end at the goal.
    let mut databases = Some(small_pdb());
    for (seed, start) in middling_4x4(2).into_iter().enumerate() {
        let mut board = start;
        let mut moves = 0;
        while let Ok((s, _)) = solve_best_with(&board, Budget::HINT, &mut databases, || None) {
            let Some(&m) = s.first() else { break };
            board.play(m).unwrap();
            moves += 1;
            assert!(moves < 1000, "seed {seed}: the hints go in circles");
        }
        assert!(board.is_solved(), "seed {seed}");
    }
}
