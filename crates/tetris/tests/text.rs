//! The text forms (rules, boards, moves, replays) and their checks, the replay's cap on one
//! wait, and serde, which goes through the same checks.

use plateau_grid::{Pos, Size};
use plateau_tetris::{
    Board, Buttons, Cell, Entry, Game, Lock, MAX_WAIT, ParseReplayError, Piece, Placement, Replay,
    ReplayError, Rotation, Rules, Speed, Tetromino,
};

#[test]
fn rules_text() {
    for rules in [Rules::guideline(), Rules::classic(), Rules::calculator()] {
        assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules.clone()));
    }
    assert_eq!(
        Rules::guideline().to_string(),
        "width=10 visible=20 buffer=20 rotation=srs randomizer=bag preview=5 hold=yes hard-drop=yes gravity=guideline soft-drop=x20 lock=30/15 das=10 arr=2 scoring=guideline level=1 level-cap=none score-cap=none lines-per-level=10 lock-out=yes"
    );
    let custom: Rules =
        "classic preview=3 hold=yes gravity=custom:100,2000 lock=20/5 level-cap=50 level=10"
            .parse()
            .expect("custom rules");
    assert_eq!(custom.preview(), 3);
    assert!(custom.hold());
    assert_eq!(
        custom.lock(),
        Lock::Delay {
            ticks: 20,
            resets: 5
        }
    );
    assert_eq!(
        custom.gravity().speed(0),
        Speed::from_raw(100).expect("a speed")
    );
    assert_eq!(
        custom.gravity().speed(7),
        Speed::from_raw(2000).expect("a speed")
    );
    assert_eq!((custom.start_level(), custom.level_cap()), (10, Some(50)));
    assert_eq!(custom.to_string().parse::<Rules>(), Ok(custom));
    for bad in [
        "tetris",
        "width",
        "colour=red",
        "width=3",
        "width=x",
        "preview=9",
        "level=120 level-cap=99",
        "gravity=custom:",
        "gravity=fixed:999999999999",
        "das=0",
        "soft-drop=x0",
    ] {
        assert!(bad.parse::<Rules>().is_err(), "{bad}");
    }
    // The short form: the nearest preset and what differs from it.
    for (rules, short) in [
        (Rules::guideline(), "guideline"),
        (Rules::classic(), "classic"),
        (Rules::calculator(), "calculator"),
        (
            Rules::calculator().with_start_level(20).expect("a level"),
            "calculator level=20",
        ),
        (
            Rules::guideline().with_preview(3).expect("a preview"),
            "guideline preview=3",
        ),
    ] {
        assert_eq!(rules.short_text(), short);
        assert_eq!(short.parse::<Rules>(), Ok(rules));
    }
    assert!(Rules::guideline().with_field(17, 20, 20).is_err());
    assert!(Rules::guideline().with_field(10, 40, 21).is_err());
    assert!(Rules::guideline().with_field(4, 4, 4).is_ok());
}

#[test]
fn board_text() {
    let text = "....\n.IT.\n##SZ";
    let board: Board = text.parse().expect("a board");
    assert_eq!(board.to_string(), text);
    assert_eq!(board.get(Pos::new(1, 1)), Some(Cell::Piece(Piece::I)));
    assert_eq!(board.get(Pos::new(0, 0)), Some(Cell::Garbage));
    assert_eq!(
        "  ....\n\n .ij.  "
            .parse::<Board>()
            .expect("a board")
            .to_string(),
        "....\n.IJ."
    );
    for bad in ["", "...", "....\n...", "..x.", &".".repeat(17)] {
        assert!(bad.parse::<Board>().is_err(), "{bad:?}");
    }
    let mut b = Board::new(Size::new(4, 2)).expect("a board");
    assert!(b.set(Pos::new(4, 0), Some(Cell::Garbage)).is_err());
    assert_eq!(b, Board::new(Size::new(4, 2)).expect("a board"));
    // A board wider than the rules' field is refused; a shorter one is padded.
    let wide: Board = "...........".parse().expect("a board");
    assert!(Game::from_board(Rules::guideline(), &wide, 1).is_err());
    let short: Board = "#########.".parse().expect("a board");
    let game = Game::from_board(Rules::guideline(), &short, 1).expect("padded");
    assert_eq!(game.board().height(), 40);
    assert!(game.board().field().is_filled(0, 0));
}

#[test]
fn move_notation() {
    let p: Placement = "HTR@-1,20".parse().expect("a placement");
    assert!(p.hold);
    assert_eq!(
        p.tetromino,
        Tetromino::new(Piece::T, Rotation::East, -1, 20)
    );
    assert_eq!(p.to_string(), "HTR@-1,20");
    for bad in [
        "", "T", "T0", "T0@", "T0@1", "T0@1,", "X0@1,1", "T5@1,1", "T0@1,300", "HH0@1,1",
    ] {
        assert!(bad.parse::<Placement>().is_err(), "{bad:?}");
    }
    let moves = plateau_tetris::parse_moves("T0@4,0 HI0@1,0;O0@0,0").expect("moves");
    assert_eq!(
        plateau_tetris::format_moves(&moves),
        "T0@4,0 HI0@1,0 O0@0,0"
    );
    assert_eq!(
        plateau_tetris::format_steps(
            &plateau_tetris::parse_steps("l r, s f c a d h").expect("steps")
        ),
        "LRSFCADH"
    );
    assert!(plateau_tetris::parse_steps("LX").is_err());
    assert_eq!("-".parse::<Buttons>(), Ok(Buttons::NONE));
    assert_eq!(
        "HACDSRL".parse::<Buttons>().expect("buttons").to_string(),
        "LRSDCAH"
    );
    assert!("Q".parse::<Buttons>().is_err());
    assert!("".parse::<Buttons>().is_err());
}

// ---------------------------------------------------------------------------------------------
// The replay's cap on one wait

/// A replay's text with `inputs` after the header, rules and seed.
fn replay_text(inputs: &str) -> String {
    format!(
        "plateau-tetris replay\nrules {}\nseed 3\n{inputs}",
        Rules::guideline()
    )
}

#[test]
fn a_replay_waits_at_most_a_minute_an_input() {
    assert_eq!(MAX_WAIT, 3_600);
    let ok = replay_text(&format!("-*{MAX_WAIT} L"));
    let replay: Replay = ok.parse().expect("a wait of MAX_WAIT ticks");
    assert_eq!(
        replay.entries()[0],
        Entry::Ticks {
            buttons: Buttons::NONE,
            count: MAX_WAIT
        }
    );
    // One tick more, the 4.29-billion-tick wait of a u32, and one past a u64's digits.
    for token in [
        format!("-*{}", MAX_WAIT + 1),
        format!("-*{}", u32::MAX),
        "D*99999999999999999999999".to_owned(),
    ] {
        let err = replay_text(&token).parse::<Replay>().expect_err(&token);
        assert_eq!(
            err,
            ParseReplayError::Wait {
                token: token.clone(),
                max: MAX_WAIT
            }
        );
        assert!(err.to_string().contains("3600"), "{err}");
    }
    for bad in ["-*0", "-*", "-*x", "-*-1"] {
        assert!(
            matches!(
                replay_text(bad).parse::<Replay>(),
                Err(ParseReplayError::Count { .. })
            ),
            "{bad}"
        );
    }
}

#[test]
fn replay_constructors_refuse_what_the_parser_refuses() {
    let wait = |count| Entry::Ticks {
        buttons: Buttons::LEFT,
        count,
    };
    let rules = Rules::guideline();
    assert!(Replay::new(rules.clone(), 1, vec![wait(1), wait(MAX_WAIT)]).is_ok());
    for count in [0, MAX_WAIT + 1, u32::MAX] {
        let entries = vec![Entry::Pause, wait(count)];
        let expected = ReplayError::Wait {
            index: 1,
            count,
            max: MAX_WAIT,
        };
        assert_eq!(
            Replay::new(rules.clone(), 1, entries.clone()),
            Err(expected.clone())
        );
        let board: Board = "#########.".parse().expect("a board");
        assert_eq!(
            Replay::from_board(rules.clone(), &board, 1, entries),
            Err(expected)
        );
    }
    let wide: Board = "...........".parse().expect("a board");
    assert!(matches!(
        Replay::from_board(rules.clone(), &wide, 1, vec![]),
        Err(ReplayError::Board(_))
    ));
    // `push` merges ticks up to the cap, then starts a new entry; it refuses an entry past
    // the cap and leaves the replay as it was.
    let mut replay = Replay::new(rules, 1, vec![wait(MAX_WAIT - 1)]).expect("a replay");
    replay.push(wait(1)).expect("merged");
    replay.push(wait(5)).expect("a new entry");
    assert_eq!(replay.entries(), [wait(MAX_WAIT), wait(5)]);
    let before = replay.clone();
    assert_eq!(
        replay.push(wait(MAX_WAIT + 1)),
        Err(ReplayError::Wait {
            index: 2,
            count: MAX_WAIT + 1,
            max: MAX_WAIT
        })
    );
    assert_eq!(replay, before);
    // Every replay so built prints a text that parses back to it.
    assert_eq!(replay.to_string().parse::<Replay>(), Ok(replay));
}

#[test]
fn a_long_wait_is_recorded_as_several_inputs() {
    // Two and a half minutes paused: the game's own replay splits the wait at the cap, so it
    // parses and runs again.
    let mut game = Game::new(Rules::guideline(), 4);
    game.pause().expect("pause");
    for _ in 0..(2 * MAX_WAIT + MAX_WAIT / 2) {
        game.tick(Buttons::NONE);
    }
    game.resume().expect("resume");
    game.tick(Buttons::HARD_DROP);
    let replay = game.replay();
    let waits: Vec<u32> = replay
        .entries()
        .iter()
        .filter_map(|e| match e {
            Entry::Ticks { count, .. } => Some(*count),
            _ => None,
        })
        .collect();
    assert_eq!(waits, [MAX_WAIT, MAX_WAIT, MAX_WAIT / 2, 1]);
    let back: Replay = replay
        .to_string()
        .parse()
        .expect("the game's replay parses");
    assert_eq!(back.run().expect("it runs"), game);
}

// ---------------------------------------------------------------------------------------------
// Serde

#[cfg(feature = "serde")]
mod serde {
    use plateau_tetris::{
        Buttons, ConfigError, Event, Events, Game, Gravity, Play, Rules, SoftDrop, Speed,
    };

    #[test]
    fn gravity_deserialises_through_its_check() {
        for g in [
            Gravity::Guideline,
            Gravity::Nes,
            Gravity::Calculator,
            Gravity::Fixed(Speed::G20),
            Gravity::custom(vec![Speed::G1, Speed::HALF_G]).expect("a table"),
        ] {
            let text = serde_json::to_string(&g).expect("serialises");
            assert_eq!(serde_json::from_str::<Gravity>(&text).expect(&text), g);
        }
        assert_eq!(
            serde_json::to_string(&Gravity::custom(vec![Speed::G1]).expect("a table"))
                .expect("serialises"),
            format!(r#"{{"Custom":[{}]}}"#, 1u64 << 32)
        );
        let err = serde_json::from_str::<Gravity>(r#"{"Custom":[]}"#).expect_err("empty");
        assert!(
            err.to_string()
                .contains(&ConfigError::EmptyGravity.to_string()),
            "{err}"
        );
        // A speed past 20G is refused by the speed's own check, inside a table too.
        let fast = 21u64 << 32;
        for bad in [
            format!(r#"{{"Fixed":{fast}}}"#),
            format!(r#"{{"Custom":[1,{fast}]}}"#),
        ] {
            assert!(serde_json::from_str::<Gravity>(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn soft_drop_deserialises_through_its_check() {
        for sd in [
            SoftDrop::factor(20).expect("a factor"),
            SoftDrop::Fixed(Speed::HALF_G),
        ] {
            let text = serde_json::to_string(&sd).expect("serialises");
            assert_eq!(serde_json::from_str::<SoftDrop>(&text).expect(&text), sd);
        }
        assert_eq!(
            serde_json::to_string(&SoftDrop::Factor(20)).expect("serialises"),
            r#"{"Factor":20}"#
        );
        let err = serde_json::from_str::<SoftDrop>(r#"{"Factor":0}"#).expect_err("factor 0");
        assert!(
            err.to_string()
                .contains(&ConfigError::SoftDrop { factor: 0 }.to_string()),
            "{err}"
        );
        // The setter refuses the public variant the same way.
        assert_eq!(
            Rules::guideline().with_soft_drop(SoftDrop::Factor(0)),
            Err(ConfigError::SoftDrop { factor: 0 })
        );
    }

    #[test]
    fn events_round_trip_and_are_checked() {
        // Real events: a hard drop (locked, points, spawned) and a game of placements.
        let mut game = Game::new(Rules::guideline(), 5);
        let mut all = vec![game.tick(Buttons::HARD_DROP)];
        while let Some(&p) = game.legal_moves().iter().max_by_key(|p| p.tetromino.y) {
            all.push(game.play(p).expect("legal"));
        }
        assert!(all.last().and_then(Events::game_over).is_some());
        for events in &all {
            let text = serde_json::to_string(events).expect("serialises");
            let back: Events = serde_json::from_str(&text).expect(&text);
            assert_eq!(&back, events);
            // The form is the list of events.
            let list: Vec<Event> = serde_json::from_str(&text).expect("a list");
            assert_eq!(list, events.as_slice());
        }
        assert_eq!(
            serde_json::from_str::<Events>("[]").expect("none"),
            Events::default()
        );
        // More events than one tick makes, two scores, or a score of nothing are refused.
        let spawned = r#"{"Spawned":{"piece":"T"}}"#;
        let many = format!("[{}]", vec![spawned; 13].join(","));
        for bad in [
            many.as_str(),
            r#"[{"Scored":{"points":1}},{"Scored":{"points":2}}]"#,
            r#"[{"Scored":{"points":0}}]"#,
        ] {
            assert!(serde_json::from_str::<Events>(bad).is_err(), "{bad}");
        }
    }
}
