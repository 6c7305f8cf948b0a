//! The tree search's unit tests.

mod tree {
    use crate::{Config, Game, Play};

    #[test]
    fn the_tree_is_kept_only_for_the_same_game() {
        let config = Config::duo();
        let mut bot = crate::bot::mcts::Mcts::new(3).with_playouts(200);
        let mut game = Game::new(config);
        let first = bot.search(&game);
        game.play(first).unwrap();
        // The same game one move on: the subtree is kept.
        assert!(bot.take_root(&game).visits > 0);
        // A game set up at that position has no history, like a new game; the tree of one
        // is not the other's.
        let setup = Game::from_board(config, &game.board(), game.color_to_move()).unwrap();
        assert!(setup.moves().is_empty());
        bot.search(&setup);
        assert_eq!(bot.take_root(&Game::new(config)).visits, 0);
        bot.search(&setup);
        assert!(bot.take_root(&setup).visits > 0);
        bot.search(&Game::new(config));
        assert_eq!(bot.take_root(&setup).visits, 0);
    }

    #[cfg(feature = "std")]
    #[test]
    fn a_search_is_settled_when_the_lead_outruns_the_time_left() {
        use crate::Move;
        use crate::bot::mcts::{Node, settled};
        let mut root = Node::new(Move::Pass, 0, 0.5);
        for visits in [30, 100, 10] {
            let mut ch = Node::new(Move::Pass, 0, 0.5);
            ch.visits = visits;
            root.children.push(ch);
        }
        // A lead of 70 visits.
        assert!(!settled(&root, None, 140.0));
        assert!(!settled(&root, None, 70.0));
        assert!(settled(&root, None, 69.5));
        // With prior selection the wins count, and a playout may add 1.3 of them.
        let puct = Some(crate::bot::mcts::Puct::default());
        for (ch, (value, count)) in
            root.children
                .iter_mut()
                .zip([(0.5, 30.0), (0.6, 100.0), (0.1, 10.0)])
        {
            (ch.value, ch.count) = (value, count);
        }
        // A lead of 60 - 15 = 45 wins.
        assert!(!settled(&root, puct, 40.0));
        assert!(settled(&root, puct, 34.0));
        // A tie for the lead never settles.
        root.children[0].visits = 100;
        assert!(!settled(&root, None, 0.0));
    }
}

mod search_tests {
    use crate::bot::mcts::{Mcts, rewards};
    use crate::{Bot, Config, Game, Play};

    #[test]
    fn margin_rewards_stay_in_range_and_order_wins_by_margin() {
        let config = Config::duo();
        let mut bot = Mcts::new(5).with_score_weight(0.0).with_playouts(50);
        let mut game = Game::new(config);
        while let Some(m) = bot.choose(&game) {
            game.play(m).unwrap();
        }
        let pos = game.position();
        let plain = rewards(pos, config, 0.0);
        let mixed = rewards(pos, config, 0.1);
        assert!((plain[0] + plain[1] - 1.0).abs() < 1e-6);
        assert!((mixed[0] + mixed[1] - 1.0).abs() < 1e-6);
        // The winner's reward stays above a draw's and within 0.1 of the plain one.
        for p in 0..2 {
            assert!((mixed[p] - plain[p]).abs() <= 0.1 + 1e-6);
            assert_eq!(mixed[p] > 0.5, plain[p] > 0.5);
        }
    }

    #[test]
    fn rave_search_is_seeded_and_legal_and_keeps_its_tree() {
        for config in [
            Config::duo(),
            Config::classic(),
            Config::classic_two_players(),
        ] {
            let mut game = Game::new(config);
            let rave = || {
                Mcts::new(11)
                    .with_prior_selection(None)
                    .with_rave(true)
                    .with_score_weight(0.1)
            };
            let mut a = rave().with_playouts(300);
            let mut b = rave().with_playouts(300);
            for _ in 0..6 {
                let m = a.choose(&game).unwrap();
                assert_eq!(b.choose(&game), Some(m));
                assert!(game.is_legal(m));
                game.play(m).unwrap();
            }
            assert!(a.take_root(&game).visits > 0 || game.is_over());
        }
    }

    #[test]
    fn amaf_statistics_are_gathered() {
        let mut bot = Mcts::new(3)
            .with_prior_selection(None)
            .with_rave(true)
            .with_playouts(500);
        let game = Game::new(Config::duo());
        bot.search(&game);
        let root = bot.root.as_ref().unwrap();
        assert!(root.children.iter().any(|c| c.amaf_visits > 0.0));
        // No child can be credited more often than the searches through its parent.
        for c in &root.children {
            assert!(c.amaf_visits <= root.visits as f32);
        }
        let mut classic = Mcts::new(3).with_playouts(500);
        assert!(!classic.settings.rave);
        classic.search(&game);
        let root = classic.root.as_ref().unwrap();
        assert!(root.children.iter().all(|c| c.amaf_visits == 0.0));
    }
}

mod default_tests {
    use crate::bot::mcts::Mcts;
    use crate::{Bot, Config, Game, Play};

    /// The first moves of a game between two copies of `make`'s bot.
    fn line(make: impl Fn() -> Mcts) -> Vec<crate::Move> {
        let mut game = Game::new(Config::duo());
        let mut bot = make();
        for _ in 0..8 {
            let m = bot.choose(&game).unwrap();
            game.play(m).unwrap();
        }
        game.moves().to_vec()
    }

    #[test]
    fn the_margin_reward_changes_the_search_and_zero_weight_is_repeatable() {
        let classic = || Mcts::new(3).with_playouts(200).with_score_weight(0.0);
        assert_eq!(line(classic), line(classic));
        assert_ne!(line(|| Mcts::new(3).with_playouts(200)), line(classic));
    }

    #[test]
    fn the_move_knowledge_changes_the_search_and_is_repeatable() {
        let known = || Mcts::new(4).with_playouts(200);
        assert_eq!(line(known), line(known));
        assert_ne!(
            line(known),
            line(|| Mcts::new(4).with_playouts(200).with_move_knowledge(false))
        );
    }

    #[test]
    fn threads_share_one_tree() {
        fn idle(n: &super::super::Node) -> bool {
            n.pending == 0 && n.children.iter().all(idle)
        }
        let mut game = Game::new(Config::duo());
        let mut bot = Mcts::new(5).with_playouts(600).with_threads(2);
        for ply in 0..4 {
            let m = bot.choose(&game).unwrap();
            assert!(game.is_legal(m));
            assert_eq!(bot.last_playouts(), 600);
            let root = bot.root.as_ref().unwrap();
            // Every iteration of both threads went through the one root and on to a child
            // (a kept root brings its earlier visits, some from before it had children),
            // and none is left in flight.
            let through_children = root.children.iter().map(|c| c.visits).sum::<u32>();
            if ply == 0 {
                assert_eq!((root.visits, through_children), (600, 600));
            }
            assert!(root.visits >= through_children && through_children >= 600);
            assert!(idle(root));
            game.play(m).unwrap();
        }
        assert_eq!(bot.helpers.len(), 1);
    }

    #[test]
    fn threads_play_classic() {
        let mut game = Game::new(Config::classic());
        let mut bot = Mcts::new(6).with_playouts(150).with_threads(3);
        for _ in 0..8 {
            let m = bot.choose(&game).unwrap();
            assert!(game.is_legal(m));
            game.play(m).unwrap();
        }
        assert_eq!(bot.helpers.len(), 2);
        assert!(bot.take_root(&game).visits > 0);
    }

    #[test]
    fn one_thread_is_the_default_search() {
        let one = || Mcts::new(8).with_playouts(300).with_threads(1);
        assert_eq!(line(one), line(|| Mcts::new(8).with_playouts(300)));
    }
}
