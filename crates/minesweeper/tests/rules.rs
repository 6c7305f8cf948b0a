//! The rules, case by case.

mod common;

use plateau_minesweeper::{
    Board, Cell, Config, ConfigError, Density, Event, FirstClick, Game, IllegalMove, Level, Mark,
    Marks, Move, Play, Pos, Rules, Size, Status, Step, View, format_moves, parse_moves,
};

fn board(text: &str) -> Board {
    text.parse().expect("a valid board")
}

fn game(text: &str) -> Game {
    Game::from_board(Rules::default(), &board(text)).expect("a board with a safe cell")
}

fn reveal(g: &mut Game, x: usize, y: usize) -> Result<Event, IllegalMove> {
    g.play(Move::Reveal(Pos::new(x, y)))
}

#[test]
fn presets_and_default() {
    let dims = |c: Config| (c.width(), c.height(), c.mines(), c.first_click(), c.marks());
    assert_eq!(
        dims(Config::beginner()),
        (9, 9, 10, FirstClick::SafeCell, Marks::Off)
    );
    assert_eq!(
        dims(Config::intermediate()),
        (16, 16, 40, FirstClick::SafeCell, Marks::Off)
    );
    assert_eq!(
        dims(Config::expert()),
        (30, 16, 99, FirstClick::SafeCell, Marks::Off)
    );
    assert_eq!(
        dims(Config::calculator()),
        (15, 10, 19, FirstClick::SafeCell, Marks::Off)
    );
    assert_eq!(Config::default(), Config::calculator());
    for level in Level::ALL {
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        assert_eq!(Config::level(level).matching_level(), Some(level));
    }
    assert_eq!("EXPERT".parse::<Level>(), Ok(Level::Expert));
    assert!("master".parse::<Level>().is_err());
    for p in FirstClick::ALL {
        assert_eq!(p.to_string().parse::<FirstClick>(), Ok(p));
    }
    assert_eq!(Config::expert().to_string(), "30x16/99 safe");
}

#[test]
fn config_validation() {
    assert_eq!(
        Config::new(Size::new(0, 5), 1),
        Err(ConfigError::Empty {
            size: Size::new(0, 5)
        })
    );
    assert!(matches!(
        Config::new(Size::new(2000, 2), 1),
        Err(ConfigError::TooLarge { .. })
    ));
    assert!(matches!(
        Config::new(Size::new(1024, 1025), 1),
        Err(ConfigError::TooLarge { .. })
    ));
    // Mines must leave a safe cell beyond the ones the first click keeps clear.
    let s = Size::new(5, 5);
    assert!(Config::new(s, 23).is_ok());
    assert!(matches!(
        Config::new(s, 24),
        Err(ConfigError::TooManyMines { max: 23, .. })
    ));
    let unsafe_ok = Config::new(s, 10)
        .and_then(|c| c.with_first_click(FirstClick::Unsafe))
        .and_then(|c| c.with_mines(24));
    assert_eq!(unsafe_ok.map(|c| c.mines()), Ok(24));
    let opening = Config::new(s, 15).and_then(|c| c.with_first_click(FirstClick::Opening));
    assert!(opening.is_ok());
    assert!(
        Config::new(s, 16)
            .and_then(|c| c.with_first_click(FirstClick::Opening))
            .is_err()
    );
    assert!(
        Config::new(s, 16)
            .and_then(|c| c.with_first_click(FirstClick::NoGuess))
            .is_err()
    );
    // A 2-row board keeps 2 x 3 cells clear for an opening.
    assert!(
        Config::new(Size::new(10, 2), 13)
            .and_then(|c| c.with_first_click(FirstClick::Opening))
            .is_ok()
    );
    assert!(Config::expert().with_mines(478).is_ok());
    let e = Config::expert().with_mines(479).unwrap_err();
    assert_eq!(
        e.to_string(),
        "479 mines do not fit on a 30x16 board with the safe first click: at most 478"
    );
}

#[test]
fn calculator_stepping_and_densities() {
    let c = Config::calculator();
    assert_eq!(c.step_mines(Step::More).mines(), 22);
    assert_eq!(c.step_mines(Step::Fewer).mines(), 16);
    let mut up = c;
    for _ in 0..20 {
        up = up.step_mines(Step::More);
    }
    assert_eq!(up.mines(), 42);
    let mut down = c;
    for _ in 0..20 {
        down = down.step_mines(Step::Fewer);
    }
    assert_eq!(down.mines(), 11);
    assert_eq!(Density::Easy.mines_for(81), 9);
    assert_eq!(Density::Medium.mines_for(256), 38);
    assert_eq!(Density::Hard.mines_for(480), 96);
    let d = Config::with_density(Size::new(30, 16), Density::Hard).unwrap();
    assert_eq!(d.mines(), 96);
}

#[test]
fn golden_layouts_from_seed_2026() {
    // What seed 2026 lays on the beginner board, per policy; a change of the random stream
    // or of the laying order breaks this on purpose.
    let mut g = Game::new(Config::beginner(), 2026);
    assert!(g.board().is_none(), "mines wait for the first click");
    reveal(&mut g, 4, 4).unwrap();
    assert_eq!(
        g.board().unwrap().to_string(),
        "....*...*\n.........\n..*.*...*\n.*.......\n.......*.\n....*....\n......*..\n.........\n.*......."
    );
    let unsafe_game = Game::new(
        Config::beginner()
            .with_first_click(FirstClick::Unsafe)
            .unwrap(),
        2026,
    );
    assert_eq!(
        unsafe_game.board().unwrap().to_string(),
        "....*...*\n.........\n..*.*...*\n.*.......\n......*..\n...*.....\n......*..\n.........\n.*......."
    );
    let mut opening = Game::new(
        Config::beginner()
            .with_first_click(FirstClick::Opening)
            .unwrap(),
        2026,
    );
    reveal(&mut opening, 4, 4).unwrap();
    assert_eq!(
        opening.board().unwrap().to_string(),
        "....*..*.\n.........\n.**...**.\n.........\n........*\n.......*.\n.........\n*........\n..*......"
    );
}

#[test]
fn first_click_policies() {
    for seed in 0..200 {
        for (x, y) in [(0, 0), (4, 4), (8, 3)] {
            let at = Pos::new(x, y);
            let mut safe = Game::new(Config::beginner(), seed);
            let e = safe.play(Move::Reveal(at)).unwrap();
            assert!(!matches!(e, Event::Exploded { .. }));
            assert!(!safe.board().unwrap().is_mine(at));

            let cfg = Config::beginner()
                .with_first_click(FirstClick::Opening)
                .unwrap();
            let mut open = Game::new(cfg, seed);
            let e = open.play(Move::Reveal(at)).unwrap();
            let b = open.board().unwrap();
            assert_eq!(b.number(at), Some(0), "the first click opens");
            assert!(e.opened().len() >= 4);
        }
    }
    // Unsafe: the mines are there before the click, and a click on one loses.
    let cfg = Config::beginner()
        .with_first_click(FirstClick::Unsafe)
        .unwrap();
    let g = Game::new(cfg, 5);
    let b = g.board().unwrap();
    let mine = b.mines().next().unwrap();
    let mut g2 = g.clone();
    assert!(matches!(
        g2.play(Move::Reveal(mine)),
        Ok(Event::Exploded { .. })
    ));
    assert_eq!(g2.status(), Status::Lost { at: mine });
}

#[test]
fn zero_opens_its_region_and_border() {
    let mut g = game("....\n....\n...*\n..*.");
    let e = reveal(&mut g, 0, 0).unwrap();
    // Everything but the two mines and the cell shut in behind them.
    assert_eq!(e.opened().len(), 13);
    assert_eq!(g.cells().to_string(), "....\n..11\n.12x\n.1xx");
    assert_eq!(g.status(), Status::InProgress);
    assert_eq!(g.safe_left(), 1);
    let e = reveal(&mut g, 3, 3).unwrap();
    assert!(matches!(e, Event::Won { .. }));
    assert_eq!(g.status(), Status::Won);
    assert_eq!(g.mines_left(), 0, "mines are flagged at the win");
    assert_eq!(g.cells().to_string(), "....\n..11\n.12F\n.1F2");
}

#[test]
fn flags_stop_the_cascade_and_question_marks_do_not() {
    let mut g = game("......\n......\n.....*");
    g.play(Move::Flag(Pos::new(2, 0))).unwrap();
    reveal(&mut g, 0, 0).unwrap();
    assert_eq!(g.cells().get(Pos::new(2, 0)), Some(Cell::Flagged));
    // The flag on a zero did not pass the opening on, but the zeros around it did.
    assert_eq!(g.cells().to_string(), "..F...\n....11\n....1x");

    let mut marks = Game::from_board(
        Rules::default().with_marks(Marks::On),
        &board("......\n......\n.....*"),
    )
    .unwrap();
    let at = Pos::new(2, 0);
    assert!(matches!(
        marks.play(Move::Flag(at)),
        Ok(Event::Marked {
            mark: Mark::Flag,
            ..
        })
    ));
    assert!(matches!(
        marks.play(Move::Flag(at)),
        Ok(Event::Marked {
            mark: Mark::Question,
            ..
        })
    ));
    reveal(&mut marks, 0, 0).unwrap();
    assert_eq!(
        marks.cells().get(at),
        Some(Cell::Revealed(plateau_minesweeper::Number::new(0).unwrap()))
    );
}

#[test]
fn marks_cycle() {
    let at = Pos::new(1, 1);
    let mut plain = game("*..\n...\n...");
    let cycle: Vec<Cell> = (0..3)
        .map(|_| {
            plain.play(Move::Flag(at)).unwrap();
            plain.cells().get(at).unwrap()
        })
        .collect();
    assert_eq!(cycle, [Cell::Flagged, Cell::Hidden, Cell::Flagged]);
    assert_eq!(plain.mines_left(), 0);
    let mut marks = Game::from_board(
        Rules::default().with_marks(Marks::On),
        &board("*..\n...\n..."),
    )
    .unwrap();
    let cycle: Vec<Cell> = (0..4)
        .map(|_| {
            marks.play(Move::Flag(at)).unwrap();
            marks.cells().get(at).unwrap()
        })
        .collect();
    assert_eq!(
        cycle,
        [Cell::Flagged, Cell::Question, Cell::Hidden, Cell::Flagged]
    );
    // A question mark does not protect the cell.
    marks.play(Move::Flag(at)).unwrap();
    assert!(reveal(&mut marks, 1, 1).is_ok());
}

#[test]
fn refused_moves_change_nothing() {
    let mut g = game("*...\n....\n...*");
    reveal(&mut g, 1, 1).unwrap();
    g.play(Move::Flag(Pos::new(3, 0))).unwrap();
    let before = g.clone();
    let cases = [
        (
            Move::Reveal(Pos::new(4, 0)),
            IllegalMove::OutOfBounds {
                pos: Pos::new(4, 0),
                size: Size::new(4, 3),
            },
        ),
        (
            Move::Reveal(Pos::new(1, 1)),
            IllegalMove::AlreadyRevealed {
                pos: Pos::new(1, 1),
            },
        ),
        (
            Move::Flag(Pos::new(1, 1)),
            IllegalMove::AlreadyRevealed {
                pos: Pos::new(1, 1),
            },
        ),
        (
            Move::Reveal(Pos::new(3, 0)),
            IllegalMove::Flagged {
                pos: Pos::new(3, 0),
            },
        ),
        (
            Move::Chord(Pos::new(0, 1)),
            IllegalMove::NotANumber {
                pos: Pos::new(0, 1),
            },
        ),
        (
            Move::Chord(Pos::new(1, 1)),
            IllegalMove::FlagMismatch {
                pos: Pos::new(1, 1),
                number: 1,
                flags: 0,
            },
        ),
    ];
    for (m, err) in cases {
        assert_eq!(g.play(m), Err(err), "{m}");
        assert!(!g.is_legal(m));
        assert_eq!(g, before, "{m} changed the game");
    }
    let mut lost = game("*.\n..");
    reveal(&mut lost, 0, 0).unwrap();
    let before = lost.clone();
    assert_eq!(reveal(&mut lost, 1, 1), Err(IllegalMove::GameOver));
    assert_eq!(lost, before);
    assert!(lost.legal_moves().is_empty());
}

#[test]
fn chords() {
    // Flag the mine next to a 1 and chord it: the other neighbours open.
    let mut g = game("*..\n...\n...\n..*");
    reveal(&mut g, 1, 0).unwrap();
    assert_eq!(
        g.cells().get(Pos::new(1, 0)).and_then(Cell::number),
        Some(1)
    );
    g.play(Move::Flag(Pos::new(0, 0))).unwrap();
    let e = g.play(Move::Chord(Pos::new(1, 0))).unwrap();
    assert!(e.opened().contains(&Pos::new(0, 1)));
    assert_eq!(g.effective_clicks(), 2);
    assert_eq!(g.clicks(), 3);
    // Nothing left around it: refused.
    assert_eq!(
        g.play(Move::Chord(Pos::new(1, 0))),
        Err(IllegalMove::NothingToOpen {
            pos: Pos::new(1, 0)
        })
    );
    // A wrong flag loses on the chord.
    let mut w = game("*..\n...\n...\n..*");
    reveal(&mut w, 1, 0).unwrap();
    w.play(Move::Flag(Pos::new(2, 0))).unwrap();
    let e = w.play(Move::Chord(Pos::new(1, 0))).unwrap();
    assert!(matches!(e, Event::Exploded { at, .. } if at == Pos::new(0, 0)));
    assert_eq!(w.status(), Status::Lost { at: Pos::new(0, 0) });
}

#[test]
fn loss_shows_the_mine_and_reveal_all_changes_nothing() {
    let mut g = game("*...\n....\n...*");
    reveal(&mut g, 2, 1).unwrap();
    let before = g.clone();
    let all = g.reveal_all_view();
    assert_eq!(g, before);
    assert_eq!(all.get(Pos::new(0, 0)), Some(Cell::Mine));
    assert_eq!(all.get(Pos::new(3, 2)), Some(Cell::Mine));
    reveal(&mut g, 0, 0).unwrap();
    assert_eq!(g.cells().get(Pos::new(0, 0)), Some(Cell::Mine));
    assert_eq!(g.cells().get(Pos::new(3, 2)), Some(Cell::Hidden));
}

#[test]
fn counters_and_legal_moves() {
    let mut g = game("*...\n....\n...*");
    assert_eq!(g.mines_left(), 2);
    g.play(Move::Flag(Pos::new(0, 0))).unwrap();
    g.play(Move::Flag(Pos::new(1, 0))).unwrap();
    g.play(Move::Flag(Pos::new(2, 0))).unwrap();
    assert_eq!(
        g.mines_left(),
        -1,
        "the counter goes negative with too many flags"
    );
    assert_eq!((g.clicks(), g.effective_clicks()), (3, 0));
    let moves = g.legal_moves();
    for m in &moves {
        assert!(g.is_legal(*m), "{m}");
    }
    // 12 covered cells, 3 of them flagged: 9 reveals and 12 flag moves, no chord yet.
    assert_eq!(moves.len(), 21);
    let mut buf = Vec::new();
    g.legal_moves_into(&mut buf);
    assert_eq!(buf, moves);
}

#[test]
fn play_all_is_atomic() {
    let mut g = game("*...\n....\n...*");
    let before = g.clone();
    let moves = parse_moves("r2,1 f0,0 r2,1").unwrap();
    let err = g.play_all(&moves).unwrap_err();
    assert_eq!(err.index, 2);
    assert_eq!(g, before);
    g.play_all(&moves[..2]).unwrap();
    assert_eq!(g.clicks(), 2);
    assert_eq!(format_moves(&moves), "r2,1 f0,0 r2,1");
}

#[test]
fn text_forms() {
    let v: View = "# a comment\n\n  1F?\n x*8 \n.0X\n".parse().unwrap();
    assert_eq!(v.to_string(), "1F?\nx*8\n..x");
    assert_eq!(v.to_string().parse::<View>().unwrap(), v);
    assert_eq!(v.flags(), 1);
    assert!("1#x".parse::<View>().is_err());
    assert!("xx\nx".parse::<View>().is_err());
    assert!("9x".parse::<View>().is_err());
    assert!("".parse::<View>().is_err());
    let b = board("# board\n*.\n.0");
    assert_eq!(b.to_string(), "*.\n..");
    assert!("*x".parse::<Board>().is_err());
    for s in ["r3,4", "f0,0", "c10,2"] {
        assert_eq!(s.parse::<Move>().unwrap().to_string(), s);
    }
    assert_eq!("R 3 4".parse::<Move>(), Ok(Move::Reveal(Pos::new(3, 4))));
    assert!("x3,4".parse::<Move>().is_err());
    assert!("r3".parse::<Move>().is_err());
    assert!("".parse::<Move>().is_err());
    assert!(parse_moves("r1,1 z").is_err());
    let long = format!("{}\n", "x".repeat(1025));
    assert!(long.parse::<View>().is_err(), "wider than a game allows");
}

#[test]
fn metrics_match_an_independent_count() {
    // Values from a plain Python flood count (openings: 8-connected zeros; 3BV: openings
    // plus numbers with no zero around; islands: 8-connected groups of those numbers).
    let cases = [
        ("*...\n....\n..**", (2, 2, 0)),
        ("*....\n.....\n..*..\n*...*", (7, 1, 1)),
        (".*...\n*....\n...*.\n.....", (7, 2, 2)),
        ("*", (0, 0, 0)),
        (".", (1, 1, 0)),
        ("*.*\n.*.\n*.*", (4, 0, 1)),
    ];
    for (text, (bv, openings, islands)) in cases {
        let m = board(text).metrics();
        assert_eq!(
            (m.three_bv, m.openings, m.islands),
            (bv, openings, islands),
            "{text}"
        );
    }
}

#[test]
fn random_expert_boards_average_about_174_3bv() {
    // 2000 boards here (the README reports 20 000: 173.5).
    let n = 2000;
    let total: u64 = (0..n)
        .map(|s| {
            u64::from(
                Board::random(Size::new(30, 16), 99, s)
                    .unwrap()
                    .metrics()
                    .three_bv,
            )
        })
        .sum();
    let mean = total as f64 / n as f64;
    assert!((171.0..176.0).contains(&mean), "{mean}");
}

#[test]
fn from_board_needs_a_safe_cell() {
    assert!(Game::from_board(Rules::default(), &board("**\n**")).is_err());
    let g = game("**\n*.");
    assert_eq!(g.mines(), 3);
    assert_eq!(g.config().first_click(), FirstClick::Unsafe);
}

#[test]
fn replay_from_a_seed() {
    let moves = parse_moves("r0,0 f5,5 r8,8 r4,0").unwrap();
    let play = || {
        let mut g = Game::new(Config::beginner(), 99);
        for &m in &moves {
            let _ = g.play(m);
        }
        g
    };
    assert_eq!(play(), play());
    assert_eq!(play().board(), play().board());
    let _ = common::pos(1, 0);
}

#[test]
fn the_named_actions_are_the_moves() {
    // reveal / toggle_flag / chord are play(Move::..) under the names: the same
    // events and the same games, refusals included.
    let mut by_name = Game::new(Config::beginner(), 11);
    let mut by_move = Game::new(Config::beginner(), 11);
    let start = Pos::new(4, 4);
    assert_eq!(by_name.reveal(start), by_move.play(Move::Reveal(start)));
    assert_eq!(by_name.reveal(start), by_move.play(Move::Reveal(start)));
    let covered = (0..9)
        .flat_map(|y| (0..9).map(move |x| Pos::new(x, y)))
        .find(|&p| by_move.cells().get(p) == Some(Cell::Hidden))
        .expect("a beginner board is not cleared by one click");
    assert_eq!(
        by_name.toggle_flag(covered),
        by_move.play(Move::Flag(covered))
    );
    assert_eq!(by_name.chord(start), by_move.play(Move::Chord(start)));
    assert_eq!(
        by_name.chord(Pos::new(9, 9)),
        by_move.play(Move::Chord(Pos::new(9, 9)))
    );
    assert!(by_name == by_move);
}
