//! The play contract from outside the crates: one generic function, written against
//! `plateau_grid::Play` and `Bot` alone, plays a seeded random game of each of the six
//! games and checks what every game promises (the test kit's checks at every position,
//! an outcome with one score per seat at the end, the same game from the same seed).

use plateau_grid::testing::random_game;
use plateau_grid::{Bot, Outcome, Play, random};

/// Plays random legal moves from `start` for at most `max_plies` moves, through the trait
/// alone, with the kit's checks at every position; returns the final state and its
/// outcome.
fn random_play<G: Play>(start: &G, seed: u64, max_plies: usize) -> (G, Option<Outcome>) {
    let first = random_game(start, &mut random::seeded(seed), max_plies);
    let again = random_game(start, &mut random::seeded(seed), max_plies);
    assert!(first.moves == again.moves, "a seed replays the same game");
    let outcome = first.end.outcome();
    if let Some(o) = outcome {
        assert_eq!(o.seats(), start.players());
        assert!(first.end.legal_moves().is_empty());
    }
    (first.end, outcome)
}

/// Seats bots (one per seat) through the trait alone and plays to the end.
fn bots_play<G: Play>(mut game: G, bots: &mut [Box<dyn Bot<G>>], max_plies: u64) -> Outcome {
    let (outcome, _) = plateau::matches::play_to_end(&mut game, bots, max_plies, G::outcome)
        .expect("the bots finish the game");
    outcome
}

#[test]
fn blokus_through_the_contract() {
    use plateau_blokus::{Config, Game, GreedyBot, RandomBot};
    for config in [
        Config::duo(),
        Config::classic(),
        Config::classic_two_players(),
    ] {
        let (_, outcome) = random_play(&Game::new(config), 5, 400);
        assert!(outcome.is_some(), "random Blokus ends within 400 moves");
    }
    let mut bots: Vec<Box<dyn Bot<Game>>> =
        vec![Box::new(GreedyBot::new()), Box::new(RandomBot::new(1))];
    let o = bots_play(Game::new(Config::duo()), &mut bots, 400);
    assert_eq!(o.seats(), 2);
}

#[test]
fn japjap_through_the_contract() {
    use plateau_japjap::{Game, GreedyBot, RandomBot, Rules, SearchBot};
    for players in 2..=5 {
        let rules = Rules::new(players).expect("2 to 5 players");
        random_play(&Game::new(rules, u64::from(players)), 7, 300);
    }
    let mut bots: Vec<Box<dyn Bot<Game>>> = vec![
        Box::new(SearchBot::new(1).with_worlds(4)),
        Box::new(GreedyBot::new()),
        Box::new(RandomBot::new(2)),
    ];
    let o = bots_play(
        Game::new(Rules::new(3).expect("3 players"), 9),
        &mut bots,
        100_000,
    );
    assert_eq!(o.seats(), 3);
    assert!(!o.winners().is_empty());
}

#[test]
fn taquin_through_the_contract() {
    use plateau_taquin::{Board, Budget, Size, solver_bot};
    for side in 2..=5 {
        let size = Size::new(side, side + 1);
        random_play(&Board::new(size, 3).expect("a valid size"), 11, 200);
    }
    let board = Board::random_walk(Size::new(4, 4), 30, 8).expect("a valid size");
    let mut bots: Vec<Box<dyn Bot<Board>>> = vec![Box::new(solver_bot(Budget::PLAY))];
    let o = bots_play(board, &mut bots, 1_000);
    assert_eq!(o.winner(), Some(plateau_grid::Seat::FIRST));
}

#[test]
fn floodit_through_the_contract() {
    use plateau_floodit::{Config, Game, solver_bot};
    for seed in 0..4 {
        let (_, outcome) = random_play(&Game::new(Config::default(), seed), seed, 1_000);
        assert!(outcome.is_some(), "the move limit ends a random game");
    }
    let mut bots: Vec<Box<dyn Bot<Game>>> = vec![Box::new(solver_bot(50))];
    let o = bots_play(Game::new(Config::default(), 5), &mut bots, 1_000);
    assert_eq!(o.seats(), 1);
}

#[test]
fn tetris_through_the_contract() {
    use plateau_tetris::{Game, Heuristic, Rules};
    for rules in [Rules::guideline(), Rules::classic(), Rules::calculator()] {
        let (_, outcome) = random_play(&Game::new(rules, 4), 4, 200);
        assert!(
            outcome.is_some(),
            "random placements top out within 200 pieces"
        );
    }
    let mut game = Game::new(Rules::guideline(), 6);
    let mut bot = Heuristic::default();
    // The bot keeps going: play 200 pieces through the traits alone.
    for _ in 0..200 {
        let seat = game.to_move().expect("the bot survives 200 pieces");
        let m = bot.choose(game.view(seat)).expect("a placement");
        game.play(m).expect("legal");
    }
}

#[test]
fn minesweeper_through_the_contract() {
    use plateau_minesweeper::{Config, FirstClick, Game, Marks, Solver};
    // Random play flags and unflags too, so it need not end: it runs the kit's checks for
    // a few hundred moves of each policy, on small boards where reveals end it soon.
    let mut ended = 0;
    for (i, policy) in FirstClick::ALL.into_iter().enumerate() {
        let config = Config::beginner()
            .with_first_click(policy)
            .expect("beginner takes every policy")
            .with_marks(if i % 2 == 0 { Marks::Off } else { Marks::On });
        let seed = i as u64;
        let (_, outcome) = random_play(&Game::new(config, seed), seed, 300);
        ended += usize::from(outcome.is_some());
    }
    assert!(ended > 0, "some random game ends within 300 moves");
    let mut bots: Vec<Box<dyn Bot<Game>>> = vec![Box::new(Solver::default())];
    let o = bots_play(Game::new(Config::expert(), 2026), &mut bots, 10_000);
    assert_eq!(o.seats(), 1);
    // Seed 2026 is a win for the solver (the demo's game): every safe cell revealed.
    assert_eq!(o, Outcome::won(381));
}
