//! The rules engine: rules and configurations, boards, moves, errors and determinism.

mod common;

use plateau_floodit::{
    Board, BoardError, Color, Config, ConfigError, Event, Game, IllegalMove, ParseBoardError, Play,
    PlayAllError, Pos, Rules, SetupError, Size, Start, Status,
};
use plateau_grid::{GridError, ParseGridError, random};

fn c(i: usize) -> Color {
    Color::ALL[i]
}

fn rules(colors: u8, max_moves: u32) -> Rules {
    Rules::new(colors, max_moves).unwrap()
}

fn on(text: &str, colors: u8, max_moves: u32) -> Game {
    Game::from_board(rules(colors, max_moves), &text.parse().unwrap()).unwrap()
}

#[test]
fn presets() {
    let presets = [
        (Config::classic(), 12, 22),
        (Config::small(), 14, 25),
        (Config::medium(), 21, 35),
        (Config::large(), 28, 50),
    ];
    for (config, side, moves) in presets {
        assert_eq!(config.size(), Size::square(side));
        assert_eq!((config.colors(), config.max_moves()), (6, moves));
        assert_eq!(config.start_cell(), Pos::new(0, 0));
        assert_eq!(
            config.centre_start().start_cell(),
            Pos::new(side / 2, side / 2)
        );
        // Presets are what the checked constructor builds.
        assert_eq!(Config::new(config.size(), config.rules()), Ok(config));
    }
    assert_eq!(Config::default(), Config::classic());
    assert_eq!(Rules::default(), Rules::classic());
    assert_eq!(Config::classic().rules(), Rules::classic());
    assert_eq!(Rules::classic().start(), Start::TopLeft);
}

#[test]
fn checked_constructors_and_setters() {
    for size in [
        Size::new(0, 5),
        Size::new(65, 5),
        Size::new(5, 65),
        Size::new(0, 0),
    ] {
        assert_eq!(
            Config::new(size, Rules::classic()),
            Err(ConfigError::Size { size })
        );
        assert_eq!(
            Config::classic().with_size(size),
            Err(ConfigError::Size { size })
        );
    }
    for colors in [0, 1, 37, 255] {
        assert_eq!(Rules::new(colors, 10), Err(ConfigError::Colors { colors }));
        assert_eq!(
            Config::classic().with_colors(colors),
            Err(ConfigError::Colors { colors })
        );
    }
    assert_eq!(Rules::new(3, 0), Err(ConfigError::NoMoves));
    assert_eq!(
        Config::classic().with_max_moves(0),
        Err(ConfigError::NoMoves)
    );
    assert!(Config::new(Size::new(64, 64), rules(36, u32::MAX)).is_ok());
    assert!(Config::new(Size::new(1, 1), rules(2, 1)).is_ok());
    let off = Start::At(Pos::new(5, 0));
    assert_eq!(
        Config::new(Size::square(5), Rules::classic().with_start(off)),
        Err(ConfigError::Start {
            start: Pos::new(5, 0),
            size: Size::square(5)
        })
    );
    let inside = Config::classic()
        .with_start(Start::At(Pos::new(11, 3)))
        .unwrap();
    assert_eq!(inside.start_cell(), Pos::new(11, 3));
    // A smaller board under rules that start beyond it.
    assert!(inside.with_size(Size::square(11)).is_err());
    // A failed setter leaves nothing half-changed: the value is returned, not mutated.
    let small = Config::small();
    assert!(small.with_colors(99).is_err());
    assert_eq!(small, Config::small());
    assert_eq!(
        ConfigError::NoMoves.to_string(),
        "the move limit must be at least 1"
    );
    assert_eq!(
        ConfigError::Size {
            size: Size::new(65, 2)
        }
        .to_string(),
        "board size 65x2 is not within 1x1..=64x64"
    );
}

#[test]
fn golden_seeded_board() {
    // Pinned: seed 2026 with the classic rules. Changing the draw order breaks replays.
    let game = Game::new(Config::default(), 2026);
    assert_eq!(game.initial_board().to_line(), GOLDEN_2026);
    // The documented generation: one `below(rng, colors)` per cell, row-major.
    let mut rng = random::seeded(2026);
    let expected: String = (0..144)
        .map(|_| c(random::below(&mut rng, 6) as usize).to_char())
        .collect();
    assert_eq!(expected, GOLDEN_2026);
    // The generic form with the same generator gives the same board.
    let again = Game::new_with_rng(Config::default(), &mut random::seeded(2026));
    assert_eq!(again, game);
}

const GOLDEN_2026: &str = "032140215134350300213425254045053253540141130012544502451333033222013011313532135333214504412301051121144030054544401321033423534010233314320354";

#[test]
fn board_text_forms() {
    let b: Board = "0a1\nz23".parse().unwrap();
    assert_eq!(b.get(Pos::new(1, 0)), Some(c(10)));
    assert_eq!(b.get(Pos::new(0, 1)), Some(c(35)));
    assert_eq!(b.get(Pos::new(3, 0)), None);
    assert_eq!(b.colors_used(), 36);
    assert_eq!(b.to_string(), "0a1\nz23");
    assert!(!b.to_string().ends_with('\n'));
    assert_eq!("0a1/z23".parse::<Board>().unwrap(), b);
    assert_eq!("  0a1\n\n z23 \n".parse::<Board>().unwrap(), b);
    // Either case, and comment lines (a `/` in a comment does not split it).
    assert_eq!(
        "# seed 7, 3/2\n0A1\n  # more\nZ23"
            .parse::<Board>()
            .unwrap(),
        b
    );
    assert_eq!(Board::from_line(&b.to_line(), 3).unwrap(), b);
    assert_eq!(Board::from_line(" 0A1Z23 ", 3).unwrap(), b);
    assert_eq!(
        "".parse::<Board>(),
        Err(ParseBoardError::Text(ParseGridError::Empty))
    );
    assert_eq!(
        "# only a comment".parse::<Board>(),
        Err(ParseBoardError::Text(ParseGridError::Empty))
    );
    assert_eq!(
        "01\n0".parse::<Board>(),
        Err(ParseBoardError::Text(ParseGridError::Ragged {
            row: 1,
            len: 1,
            expected: 2
        }))
    );
    assert_eq!(
        "0!".parse::<Board>(),
        Err(ParseBoardError::Text(ParseGridError::InvalidChar {
            ch: '!',
            x: 1,
            y: 0
        }))
    );
    assert_eq!(
        Board::from_line("0123!5", 2),
        Err(ParseBoardError::Text(ParseGridError::InvalidChar {
            ch: '!',
            x: 0,
            y: 2
        }))
    );
    assert_eq!(
        Board::from_line("01234", 2),
        Err(ParseBoardError::Length { len: 5, width: 2 })
    );
    assert_eq!(
        Board::from_line("0123", 0),
        Err(ParseBoardError::Length { len: 4, width: 0 })
    );
    assert_eq!(
        Board::from_line("  ", 3),
        Err(ParseBoardError::Text(ParseGridError::Empty))
    );
    assert_eq!(
        "0".repeat(65).parse::<Board>(),
        Err(ParseBoardError::TooLarge {
            size: Size::new(65, 1)
        })
    );
    assert_eq!(
        Board::from_line(&"0".repeat(65 * 2), 2),
        Err(ParseBoardError::TooLarge {
            size: Size::new(2, 65)
        })
    );
}

#[test]
fn boards_from_cells() {
    let cells: Vec<Color> = (0..4).map(c).collect();
    let b = Board::from_cells(Size::new(2, 2), cells.clone()).unwrap();
    assert_eq!(b.to_string(), "01\n23");
    assert_eq!(b.cells(), cells.as_slice());
    assert_eq!(Board::from_grid(b.grid().clone()), Ok(b));
    assert_eq!(
        Board::from_cells(Size::new(3, 1), vec![c(0); 4]),
        Err(BoardError::Grid(GridError::LengthMismatch {
            expected: 3,
            actual: 4
        }))
    );
    assert!(matches!(
        Board::from_cells(Size::new(0, 1), Vec::new()),
        Err(BoardError::Grid(GridError::Empty { .. }))
    ));
    assert_eq!(
        Board::from_cells(Size::new(65, 1), vec![c(0); 65]),
        Err(BoardError::TooLarge {
            size: Size::new(65, 1)
        })
    );
}

#[test]
fn a_game_from_a_board_takes_its_size_from_the_board() {
    let b: Board = "012\n201".parse().unwrap();
    let g = Game::from_board(rules(3, 5), &b).unwrap();
    assert_eq!(g.size(), Size::new(3, 2));
    assert_eq!(g.config().size(), Size::new(3, 2));
    assert_eq!(g.config().rules(), rules(3, 5));
    // The same rules fit a board of any size.
    let wide = Game::from_board(rules(3, 5), &"0120120".parse().unwrap()).unwrap();
    assert_eq!(wide.size(), Size::new(7, 1));
    assert_eq!(
        Game::from_board(rules(2, 5), &b),
        Err(SetupError::Color {
            pos: Pos::new(2, 0),
            color: c(2),
            colors: 2
        })
    );
    let off = rules(3, 5).with_start(Start::At(Pos::new(0, 2)));
    assert_eq!(
        Game::from_board(off, &b),
        Err(SetupError::Start {
            start: Pos::new(0, 2),
            size: Size::new(3, 2)
        })
    );
    let centre = Game::from_board(rules(3, 5).with_start(Start::Centre), &b).unwrap();
    assert_eq!(centre.start_cell(), Pos::new(1, 1));
    assert_eq!(centre.flood_color(), c(0));
}

#[test]
fn illegal_moves_leave_the_game_unchanged() {
    let mut game = on("0012\n1122\n2200", 3, 3);
    let before = game.clone();
    assert_eq!(
        game.play(c(0)),
        Err(IllegalMove::FloodColor { color: c(0) })
    );
    assert_eq!(
        game.play(c(3)),
        Err(IllegalMove::OutOfRange {
            color: c(3),
            colors: 3
        })
    );
    assert!(!game.is_legal(c(0)) && !game.is_legal(c(3)) && game.is_legal(c(2)));
    assert_eq!(game, before);
    assert_eq!(game.moves_used(), 0);
    assert_eq!(game.flooded_region(), before.flooded_region());
    // A legal move that touches nothing still counts and repaints the flood.
    let e = game.play(c(2)).unwrap();
    assert_eq!(
        (
            e.previous,
            e.absorbed_regions,
            e.absorbed_cells,
            e.flooded_cells
        ),
        (c(0), 0, 0, 2)
    );
    assert_eq!(game.flood_color(), c(2));
    assert_eq!(game.cell(Pos::new(1, 0)), Some(c(2)));
    game.play(c(1)).unwrap();
    assert_eq!(game.status(), Status::InProgress);
    game.play(c(2)).unwrap();
    assert_eq!(game.status(), Status::Lost);
    assert_eq!(game.moves_left(), 0);
    let lost = game.clone();
    assert_eq!(
        game.play(c(0)),
        Err(IllegalMove::GameOver {
            status: Status::Lost
        })
    );
    assert_eq!(game, lost);
    assert!(game.legal_moves().is_empty());
    assert!(game.useful_moves().is_empty());
}

#[test]
fn winning_and_move_reports() {
    let mut game = on("0012\n1122\n2200", 3, 5);
    assert_eq!(game.region_count(), 6);
    assert_eq!(game.legal_moves(), [c(1), c(2)]);
    assert_eq!(game.useful_moves(), [c(1)]);
    assert_eq!(game.gain(c(1)), 3);
    assert_eq!(game.gain(c(2)), 0);
    assert_eq!(game.gain(c(30)), 0);
    let e: Event = game.play(c(1)).unwrap();
    assert_eq!(
        (
            e.color,
            e.previous,
            e.absorbed_regions,
            e.absorbed_cells,
            e.flooded_cells
        ),
        (c(1), c(0), 2, 3, 5)
    );
    assert_eq!(game.flooded_region().to_string(), "###.\n##..\n....");
    assert_eq!(game.to_string(), "1112\n1122\n2200");
    let e = game.play(c(2)).unwrap();
    assert_eq!((e.absorbed_regions, e.absorbed_cells), (2, 5));
    let e = game.play(c(0)).unwrap();
    assert_eq!(e.status, Status::Won { moves: 3 });
    assert!(game.is_uniform());
    assert_eq!(game.history(), [c(1), c(2), c(0)]);
    assert_eq!(
        game.play(c(1)),
        Err(IllegalMove::GameOver {
            status: Status::Won { moves: 3 }
        })
    );
    // A one-colour board is won before any move.
    let done = on("00\n00", 2, 1);
    assert_eq!(done.status(), Status::Won { moves: 0 });
    assert!(done.legal_moves().is_empty());
}

#[test]
fn status_is_matched_without_a_wildcard() {
    // Compiles only while `Status` is exhaustive.
    let describe = |s: Status| match s {
        Status::InProgress => "playing".to_owned(),
        Status::Won { moves } => format!("won in {moves}"),
        Status::Lost => "lost".to_owned(),
    };
    assert_eq!(describe(on("01", 2, 1).status()), "playing");
    assert_eq!(Status::Won { moves: 3 }.to_string(), "won in 3 moves");
}

#[test]
fn play_all_is_all_or_nothing() {
    let mut g = on("0012\n1122\n2200", 3, 5);
    let before = g.clone();
    // The third move repeats the flood colour: nothing is played.
    assert_eq!(
        g.play_all(&[c(1), c(2), c(2)]),
        Err(PlayAllError {
            index: 2,
            error: IllegalMove::FloodColor { color: c(2) }
        })
    );
    assert_eq!(g, before);
    assert_eq!(g.board(), before.board());
    assert_eq!(g.flooded_cells(), before.flooded_cells());
    assert_eq!(g.legal_moves(), before.legal_moves());
    // Moves after a win are refused too, with their index.
    assert_eq!(
        g.play_all(&[c(1), c(2), c(0), c(1)]).map_err(|e| e.index),
        Err(3)
    );
    assert_eq!(g, before);
    g.play_all(&[c(1), c(2), c(0)]).unwrap();
    assert_eq!(g.status(), Status::Won { moves: 3 });
    g.play_all(&[]).unwrap();
}

#[test]
fn legal_moves_into_reuses_the_vector() {
    let g = Game::new(Config::small(), 3);
    let mut moves = Vec::with_capacity(36);
    let room = moves.capacity();
    g.legal_moves_into(&mut moves);
    assert_eq!(moves, g.legal_moves());
    assert_eq!(moves.len(), 5);
    assert!(!moves.contains(&g.flood_color()));
    g.useful_moves_into(&mut moves);
    assert_eq!(moves, g.useful_moves());
    assert_eq!(moves.capacity(), room);
}

#[test]
fn undo_takes_back_one_move() {
    let mut g = Game::new(Config::classic(), 5);
    let start = g.clone();
    assert_eq!(g.undo(), None);
    assert_eq!(g, start);
    let moves = plateau_floodit::greedy(&g).moves;
    g.play_all(&moves[..5]).unwrap();
    let after4 = {
        let mut h = start.clone();
        h.play_all(&moves[..4]).unwrap();
        h
    };
    assert_eq!(g.undo(), Some(moves[4]));
    assert_eq!(g, after4);
    assert_eq!(g.board(), after4.board());
    assert_eq!(g.flood_color(), after4.flood_color());
    assert_eq!(g.flooded_cells(), after4.flooded_cells());
    assert_eq!(g.useful_moves(), after4.useful_moves());
    while g.undo().is_some() {}
    assert_eq!(g.board(), start.board());
    assert_eq!(g.flooded_region(), start.flooded_region());
}

#[test]
fn clone_after_more_than_256_moves() {
    // Regression: cloning panicked once more than 256 moves were played
    // (`history_capacity` clamped with min > max).
    let mut g = Game::from_board(rules(4, 1000), &"01\n22".parse().unwrap()).unwrap();
    // Colour 3 is on no cell: alternating it with 0 repaints the flood forever.
    for i in 0..300 {
        g.play(c(if i % 2 == 0 { 3 } else { 0 })).unwrap();
    }
    let copy = g.clone();
    assert_eq!(copy, g);
    assert_eq!(copy.moves_used(), 300);
    // A limit of u32::MAX reserves no gigabytes.
    let mut h = Game::from_board(rules(3, u32::MAX), &"01".parse().unwrap()).unwrap();
    h.play(c(2)).unwrap();
    assert_eq!(h.clone().moves_left(), u32::MAX - 1);
}

#[test]
fn games_are_send_and_sync() {
    // No shared ownership through atomics or `Rc`: a game moves to other threads freely.
    fn check<T: Send + Sync + 'static>() {}
    check::<Game>();
    check::<Board>();
    let g = Game::new(Config::small(), 1);
    let moved = std::thread::spawn(move || plateau_floodit::greedy(&g).len())
        .join()
        .unwrap();
    assert!(moved > 0);
}

#[test]
fn centre_start_floods_from_the_centre() {
    let config = Config::new(Size::square(5), rules(3, 30))
        .unwrap()
        .centre_start();
    let mut game = Game::new(config, 9);
    assert!(game.is_flooded(Pos::new(2, 2)));
    assert_eq!(game.start_cell(), Pos::new(2, 2));
    while let Some(&m) = game.useful_moves().first() {
        game.play(m).unwrap();
    }
    assert!(game.is_uniform());
}

#[test]
fn moves_match_a_naive_flood_fill() {
    // Every move on random boards, against a cell-by-cell recolouring.
    for seed in 0..40u64 {
        let x = (seed % 9) as usize;
        let config = Config::new(Size::new(9, 7), rules(4, 200))
            .unwrap()
            .with_start(Start::At(Pos::new(x, 3)))
            .unwrap();
        let mut game = Game::new(config, seed);
        let mut cells: Vec<u8> = game
            .initial_board()
            .cells()
            .iter()
            .map(|c| c.get())
            .collect();
        let start = 3 * 9 + x;
        let mut rng = random::seeded(seed + 1000);
        while !game.is_over() {
            let legal = game.legal_moves();
            let m = *random::choose(&mut rng, &legal).unwrap();
            game.play(m).unwrap();
            cells = common::naive_move(&cells, 9, start, m.get());
            let now: Vec<u8> = game.board().cells().iter().map(|c| c.get()).collect();
            assert_eq!(now, cells, "seed {seed} after {:?}", game.history());
            let flooded = cells
                .iter()
                .enumerate()
                .filter(|(i, _)| game.is_flooded(Pos::new(i % 9, i / 9)))
                .count();
            assert_eq!(flooded, game.flooded_cells());
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_checks() {
    let config = Config::small().centre_start();
    let text = serde_json::to_string(&config).unwrap();
    assert_eq!(
        text,
        r#"{"size":"14x14","colors":6,"max_moves":25,"start":"Centre"}"#
    );
    assert_eq!(serde_json::from_str::<Config>(&text).unwrap(), config);
    for bad in [
        r#"{"size":"0x14","colors":6,"max_moves":25}"#,
        r#"{"size":"14x14","colors":60,"max_moves":25}"#,
        r#"{"size":"14x14","colors":6,"max_moves":0}"#,
        r#"{"size":"4x4","colors":6,"max_moves":9,"start":{"At":{"x":4,"y":0}}}"#,
    ] {
        assert!(serde_json::from_str::<Config>(bad).is_err(), "{bad}");
    }
    let rules: Rules = serde_json::from_str(r#"{"colors":4,"max_moves":9}"#).unwrap();
    assert_eq!(rules, Rules::new(4, 9).unwrap());
    assert!(serde_json::from_str::<Rules>(r#"{"colors":1,"max_moves":9}"#).is_err());
    assert_eq!(serde_json::to_string(&c(11)).unwrap(), r#""b""#);
    assert_eq!(serde_json::from_str::<Color>(r#""B""#).unwrap(), c(11));
    assert!(serde_json::from_str::<Color>(r#""!""#).is_err());
    let board: Board = "01\n22".parse().unwrap();
    let text = serde_json::to_string(&board).unwrap();
    assert_eq!(serde_json::from_str::<Board>(&text).unwrap(), board);
    assert!(serde_json::from_str::<Board>(r#""01\n2""#).is_err());
}
