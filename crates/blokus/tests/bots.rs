//! The bots: legal moves only, determinism under a seed, the greedy rule, tree reuse, and
//! the tree search beating greedy play in a few quick games (the 200-game match at 10,000
//! playouts is the example's `match` subcommand; see the README).

use plateau_blokus::{
    Bot, Color, Config, Game, GreedyBot, Mcts, Move, Play, RandomBot, Status, hint, random,
};

fn play(config: Config, bots: &mut [&mut dyn Bot<Game>]) -> Game {
    let mut g = Game::new(config);
    while !g.is_over() {
        let i = g.config().player_of(g.color_to_move()).index() % bots.len();
        let m = bots[i].choose(&g).expect("a move while the game goes on");
        assert!(g.is_legal(m), "{m} is not legal\n{g}");
        g.play(m).unwrap();
    }
    g
}

#[test]
fn every_bot_plays_legal_moves_to_the_end_in_every_variant() {
    for config in [
        Config::duo(),
        Config::classic(),
        Config::classic_two_players(),
        Config::icfpt(),
    ] {
        let mut r = RandomBot::new(1);
        let mut g = GreedyBot::new();
        let mut m = Mcts::new(2).with_playouts(20);
        let game = play(config, &mut [&mut m, &mut g, &mut r, &mut GreedyBot::new()]);
        assert_ne!(game.status(), Status::InProgress);
        assert_eq!(m.choose(&game), None, "nothing to do once over");
    }
}

#[test]
fn seeds_replay_games() {
    let run = |seed| {
        let mut a = Mcts::new(seed).with_playouts(30);
        let mut b = RandomBot::new(seed);
        play(Config::duo(), &mut [&mut a, &mut b]).moves().to_vec()
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5), run(6));
}

#[test]
fn greedy_plays_the_largest_piece_with_the_best_corner_balance() {
    let mut g = Game::new(Config::duo());
    let mut r = RandomBot::new(3);
    for _ in 0..10 {
        let m = r.choose(&g).expect("a move while the game goes on");
        g.play(m).unwrap();
    }
    let m = GreedyBot::new()
        .choose(&g)
        .expect("a move while the game goes on");
    let size = m.placement().map_or(0, plateau_blokus::Placement::size);
    let largest = g
        .legal_moves()
        .iter()
        .filter_map(|m| m.placement())
        .map(plateau_blokus::Placement::size)
        .max()
        .unwrap();
    assert_eq!(size, largest);
    let balance = |m: Move| {
        let mut after = g.clone();
        after.play(m).unwrap();
        let me = g.color_to_move();
        let other = if me == Color::BLUE {
            Color::YELLOW
        } else {
            Color::BLUE
        };
        after.attach_cells(me).len() as i64 - after.attach_cells(other).len() as i64
    };
    let best = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.placement().is_some_and(|p| p.size() == largest))
        .map(balance)
        .max()
        .unwrap();
    assert_eq!(balance(m), best);
}

#[test]
fn the_tree_is_kept_between_moves_and_the_budget_is_respected() {
    let mut g = Game::new(Config::duo());
    let mut bot = Mcts::new(4).with_playouts(200);
    let mut greedy = GreedyBot::new();
    for _ in 0..6 {
        let m = bot.choose(&g).expect("a move while the game goes on");
        assert_eq!(bot.last_playouts(), 200);
        assert!((0.0..=1.0).contains(&bot.last_value()));
        g.play(m).unwrap();
        let r = greedy.choose(&g).expect("a move while the game goes on");
        g.play(r).unwrap();
    }
    // Undoing and branching elsewhere (the kept tree no longer matches) is fine too.
    g.undo();
    g.undo();
    let m = bot.choose(&g).expect("a move while the game goes on");
    assert!(g.is_legal(m));
    let timed = Mcts::new(1)
        .with_playouts(u32::MAX)
        .with_time_limit(std::time::Duration::from_millis(50));
    let mut timed = timed;
    let start = std::time::Instant::now();
    let m = timed.choose(&g).expect("a move while the game goes on");
    assert!(g.is_legal(m));
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
    assert!(timed.last_playouts() < u32::MAX);
}

#[test]
fn the_tree_search_beats_greedy_in_quick_games() {
    let mut wins = 0;
    for seed in 0..4 {
        let mut m = Mcts::new(seed).with_playouts(150);
        let mut g = GreedyBot::new();
        let game = if seed % 2 == 0 {
            play(Config::duo(), &mut [&mut m, &mut g])
        } else {
            play(Config::duo(), &mut [&mut g, &mut m])
        };
        let mcts = if seed % 2 == 0 {
            Color::BLUE
        } else {
            Color::YELLOW
        };
        let other = if mcts == Color::BLUE {
            Color::YELLOW
        } else {
            Color::BLUE
        };
        if game.color_score(mcts) > game.color_score(other) {
            wins += 1;
        }
    }
    assert!(wins >= 3, "{wins} of 4");
}

#[test]
fn hints_are_legal_and_deterministic_and_random_moves_legal() {
    let mut g = Game::new(Config::classic());
    let mut r = RandomBot::new(8);
    let mut rng = random::seeded(8);
    while !g.is_over() {
        let moves = g.legal_moves();
        // The hint is a search (a few hundred playouts each): asked at some positions only.
        if g.moves().len() % 12 == 5 {
            let h = hint(&g).expect("the game goes on");
            assert!(moves.contains(&h), "{h}");
            assert_eq!(hint(&g), Some(h), "the same position, the same hint");
        }
        let m = r.choose(&g).expect("a move while the game goes on");
        assert!(moves.contains(&m));
        g.play(m).unwrap();
        if g.moves().len().is_multiple_of(16) {
            let p = plateau_blokus::playout(&g, &mut rng);
            assert!(p.placements <= 84);
        }
    }
}
