//! The minesweeper example, run as a user would: its subcommands, and every bad input.

mod common;

use std::time::Duration;

use common::{assert_clean_failure, run};

const NAME: &str = "minesweeper";
const LIMIT: Duration = Duration::from_secs(60);

fn ok(args: &[&str], stdin: Option<&str>) -> common::Run {
    let r = run(NAME, args, stdin, LIMIT);
    assert_eq!(r.code, Some(0), "{args:?}: {r:?}");
    r
}

fn fails(args: &[&str], stdin: Option<&str>) -> common::Run {
    let r = run(NAME, args, stdin, LIMIT);
    assert_clean_failure(NAME, &r);
    r
}

#[test]
fn demo_plays_a_whole_game() {
    let r = ok(&["--demo", "--seed", "2026"], None);
    let last = r.lines().last().copied().unwrap_or_default().to_owned();
    assert!(
        last.starts_with("minesweeper: the solver won on 30x16/99 safe"),
        "{last}"
    );
    assert!(r.stdout.contains("no-guess board"), "{}", r.stdout);
    // With options: a beginner board.
    let r = ok(&["--demo", "--seed", "1", "--level", "beginner"], None);
    assert!(r.stdout.contains("9x9/10"), "{}", r.stdout);
}

#[test]
fn probabilities_lines_and_rest() {
    let r = ok(&["probabilities", "--mines", "2"], Some("1xx\nxxx\nxxx\n"));
    assert_eq!(
        r.lines(),
        [
            "1 0 0.333333333333",
            "2 0 0.200000000000",
            "0 1 0.333333333333",
            "1 1 0.333333333333",
            "2 1 0.200000000000",
            "0 2 0.200000000000",
            "1 2 0.200000000000",
            "2 2 0.200000000000",
            "rest 0.200000000000",
        ]
    );
    // No rest line when every covered cell touches a number; flags are left out.
    let r = ok(
        &["probabilities", "--mines", "2"],
        Some("# 1-2-1\nxxx\n121\n...\n"),
    );
    assert_eq!(
        r.lines(),
        [
            "0 0 1.000000000000",
            "1 0 0.000000000000",
            "2 0 1.000000000000"
        ]
    );
    let r = ok(&["probabilities", "--mines", "1"], Some("F1x\n11x\n"));
    assert!(
        r.lines().iter().all(|l| !l.starts_with("0 0 ")),
        "{}",
        r.stdout
    );
    let r = ok(
        &["probabilities", "--mines", "2", "--grid"],
        Some("1xx\nxxx\nxxx\n"),
    );
    assert!(r.stdout.contains(" 33"), "{}", r.stdout);
}

#[test]
fn probabilities_of_an_inconsistent_view() {
    let r = fails(&["probabilities", "--mines", "1"], Some("8x\nxx\n"));
    assert_eq!(r.stdout.trim(), "error: inconsistent");
    let r = fails(&["probabilities", "--mines", "5"], Some("1xx\nxxx\n"));
    assert_eq!(r.stdout.trim(), "error: inconsistent");
}

#[test]
fn probabilities_bad_input() {
    fails(&["probabilities", "--mines", "2"], None);
    fails(&["probabilities", "--mines", "2"], Some(""));
    fails(
        &["probabilities", "--mines", "2"],
        Some("# only a comment\n"),
    );
    fails(&["probabilities", "--mines", "2"], Some("1x#\nxxx\n"));
    fails(&["probabilities", "--mines", "2"], Some("1xx\nxx\n"));
    fails(&["probabilities", "--mines", "2"], Some("9xx\n"));
    let wide = format!("{}\n", "x".repeat(2000));
    fails(&["probabilities", "--mines", "2"], Some(&wide));
    // --max-nodes bounds the work, and the message says which flag raises it.
    let r = fails(
        &["probabilities", "--mines", "2", "--max-nodes", "1"],
        Some("1x1x1x1\nxxxxxxx\n"),
    );
    assert!(
        r.stderr.contains("raise --max-nodes (it is 1)"),
        "{}",
        r.stderr
    );
    ok(
        &["probabilities", "--mines", "2", "--max-nodes", "1000"],
        Some("1x1x1x1\nxxxxxxx\n"),
    );
    let r = fails(&["probabilities"], Some("1x\n"));
    assert!(r.stderr.contains("needs --mines"), "{}", r.stderr);
    // The board options describe a game to play: the view read gives the board here.
    let r = fails(
        &["probabilities", "--mines", "1", "--level", "expert"],
        Some("1x\n"),
    );
    assert!(
        r.stderr.contains("--level does not apply to probabilities"),
        "{}",
        r.stderr
    );
    fails(&["metrics", "--width", "4"], Some("*.\n"));
}

#[test]
fn metrics() {
    let r = ok(
        &["metrics"],
        Some("# a 5x4 board\n*....\n.....\n..*..\n*...*\n"),
    );
    assert_eq!(r.lines(), ["3bv 7", "openings 1", "islands 1"]);
    fails(&["metrics"], None);
    fails(&["metrics"], Some("*.x\n"));
    fails(&["metrics"], Some("*..\n..\n"));
}

#[test]
fn stats_prints_the_win_rate_and_its_interval() {
    let r = ok(
        &[
            "stats", "--level", "beginner", "--games", "40", "--guess", "both",
        ],
        None,
    );
    let text = &r.stdout;
    assert!(text.contains("\nlookahead: "), "{text}");
    assert!(text.contains("\nlowest-risk: "), "{text}");
    assert!(text.contains("95 % interval"), "{text}");
    // A header, a line per game and the summary for each policy, on the same seeds.
    let headers: Vec<&str> = r
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("# Minesweeper"))
        .collect();
    assert_eq!(headers.len(), 2, "{text}");
    assert!(
        headers[0].ends_with("40 games, seeds 0..39, seats rotated; bots lookahead"),
        "{}",
        headers[0]
    );
    let games = r
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("game "))
        .count();
    assert_eq!(games, 80, "{text}");
    assert!(
        text.contains("gain of the lookahead on the same seeds"),
        "{text}"
    );
    let r = ok(
        &[
            "stats",
            "--level",
            "beginner",
            "--first-click",
            "opening",
            "--games",
            "10",
            "--click",
            "4,4",
        ],
        None,
    );
    assert!(r.stdout.contains("first click at (4, 4)"), "{}", r.stdout);
    for bad in [
        &["stats", "--games", "0"][..],
        &["stats", "--games", "100000001"],
        &["stats", "--threads", "0"],
        &["stats", "--threads", "100000000"],
        &["stats", "--click", "nowhere"],
    ] {
        let r = run(NAME, bad, None, LIMIT);
        assert_eq!(r.code, Some(2), "{bad:?}: clap's own error: {r:?}");
        assert!(r.stderr.contains("error:"), "{bad:?}: {}", r.stderr);
    }
    // A first click off the board is an error, not a clamp to the corner.
    let r = fails(
        &[
            "stats", "--level", "beginner", "--games", "3", "--click", "99,99",
        ],
        None,
    );
    assert!(
        r.stderr.contains("--click (99, 99) is off the 9x9 board"),
        "{}",
        r.stderr
    );
    ok(
        &[
            "stats", "--level", "beginner", "--games", "3", "--click", "8,8",
        ],
        None,
    );
}

/// The header line of `stats`, with the options placed as given.
fn stats_header(args: &[&str]) -> String {
    ok(args, None).lines()[0].to_owned()
}

#[test]
fn options_go_before_or_after_the_subcommand() {
    let after = stats_header(&[
        "stats",
        "--games",
        "4",
        "--level",
        "beginner",
        "--first-click",
        "opening",
        "--seed",
        "9",
    ]);
    let before = stats_header(&[
        "--level",
        "beginner",
        "--first-click",
        "opening",
        "--seed",
        "9",
        "stats",
        "--games",
        "4",
    ]);
    assert_eq!(after, before);
    assert!(after.contains("9x9/10 opening"), "{after}");
    assert!(after.contains("seeds 9.."), "{after}");
    // stats plays expert unless told otherwise; a custom board is said to be one.
    assert!(stats_header(&["stats", "--games", "1"]).contains("30x16/99 safe"));
    let custom = stats_header(&[
        "stats",
        "--games",
        "1",
        "--size",
        "10x10",
        "--density",
        "15",
    ]);
    assert!(custom.contains("10x10/15 safe"), "{custom}");
    fails(&["stats", "--games", "1", "--marks"], None);
    let r = fails(&["--demo", "stats"], None);
    assert!(r.stderr.contains("--demo"), "{}", r.stderr);
}

/// The "at most N" of a mine-count error.
fn at_most(stderr: &str) -> u32 {
    let tail = stderr
        .split("at most ")
        .nth(1)
        .expect("the error says the limit");
    tail.trim().parse().expect("a number ends the message")
}

#[test]
fn the_mine_count_error_names_the_policy_in_force() {
    let r = fails(&["--level", "expert", "--mines", "480"], None);
    assert!(
        r.stderr.contains("with the safe first click"),
        "{}",
        r.stderr
    );
    let safe = at_most(&r.stderr);
    // An unsafe first click keeps no cell clear: one mine more fits than with a safe one.
    ok(
        &[
            "--level",
            "expert",
            "--first-click",
            "unsafe",
            "--mines",
            &(safe + 1).to_string(),
        ],
        Some("q\n"),
    );
    let r = fails(
        &[
            "--first-click",
            "unsafe",
            "--level",
            "expert",
            "--mines",
            &(safe + 2).to_string(),
        ],
        None,
    );
    assert!(
        r.stderr.contains("with the unsafe first click"),
        "{}",
        r.stderr
    );
    assert_eq!(at_most(&r.stderr), safe + 1);
    // An opening keeps the 3x3 around the click clear: 8 cells more than a safe click.
    let r = fails(
        &[
            "--level",
            "expert",
            "--first-click",
            "opening",
            "--mines",
            &safe.to_string(),
        ],
        None,
    );
    assert!(
        r.stderr.contains("with the opening first click"),
        "{}",
        r.stderr
    );
    assert_eq!(at_most(&r.stderr), safe - 8);
}

#[test]
fn density_presets() {
    // 20 % of the calculator's 150 cells, 15 % of expert's 480, 11 % (one in nine) of 81.
    for (args, board) in [
        (&["--density", "20"][..], "15x10/30 safe"),
        (&["--level", "expert", "--density", "15%"], "30x16/72 safe"),
        (&["--level", "beginner", "--density", "11"], "9x9/9 safe"),
    ] {
        let r = ok(args, Some("q\n"));
        assert!(r.stdout.contains(board), "{args:?}: {}", r.stdout);
    }
    for bad in [
        &["--density", "12"][..],
        &["--density", "dense"],
        &["--density", "20", "--mines", "5"],
    ] {
        let r = run(NAME, bad, None, LIMIT);
        assert_eq!(r.code, Some(2), "{bad:?}: {r:?}");
    }
    let r = run(NAME, &["--density", "12"], None, LIMIT);
    assert!(r.stderr.contains("11, 15 or 20"), "{}", r.stderr);
}

#[test]
fn help_lists_the_keys() {
    let r = ok(&["--help"], None);
    for words in [
        "Keys on the full screen",
        "space or Enter reveals",
        "f flags",
        "u takes back the losing click",
        "+ and - set three mines more or fewer",
        "q, Esc or Ctrl-C quit",
        "--density",
        "In line mode",
    ] {
        assert!(r.stdout.contains(words), "{words:?} missing: {}", r.stdout);
    }
}

#[test]
fn demo_draws_and_prints_a_seed() {
    let r = ok(&["--demo", "--level", "beginner"], None);
    let seed = r
        .stderr
        .strip_prefix("seed ")
        .and_then(|s| s.split_whitespace().next())
        .expect("the seed is printed on stderr");
    assert!(
        r.stderr.contains(&format!("replay with --seed {seed}")),
        "{}",
        r.stderr
    );
    assert!(
        r.stdout.contains(&format!("seed {seed}:")),
        "the demo says its seed: {}",
        r.stdout
    );
}

#[test]
fn bad_options() {
    fails(&["--level", "beginner", "--mines", "100"], None);
    fails(&["--width", "0", "--demo"], None);
    fails(&["--width", "5000", "--height", "2", "--demo"], None);
    fails(
        &[
            "--first-click",
            "no-guess",
            "--width",
            "2",
            "--height",
            "9",
            "--mines",
            "3",
        ],
        None,
    );
    for bad in [
        &["--level", "master"][..],
        &["--first-click", "lucky"],
        &["--seed", "-1"],
    ] {
        let r = run(NAME, bad, None, LIMIT);
        assert_eq!(r.code, Some(2), "{bad:?}: {r:?}");
    }
}

#[test]
fn line_mode_plays_from_standard_input() {
    let r = ok(
        &["--level", "beginner", "--seed", "3"],
        Some("r0,0\nzz\nr99,99\nh\nf1,1\nq\n"),
    );
    let out = &r.stdout;
    assert!(out.contains("not played: invalid move \"zz\""), "{out}");
    assert!(
        out.contains("not played: r99,99: (99, 99) is outside the 9x9 board"),
        "{out}"
    );
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("mines left 9"), "{out}");
    // Closed input ends the game quietly, and so does the end of input mid-game.
    ok(&["--level", "beginner", "--seed", "3"], None);
    ok(&["--level", "beginner", "--seed", "3"], Some("r0,0\n"));
    // A 100 MB line is refused in one line, not read whole.
    let huge = "r".repeat(100 << 20);
    let r = fails(&["--level", "beginner", "--seed", "3"], Some(&huge));
    assert!(r.stderr.contains("longer than"), "{}", r.stderr);
}

/// The board `minesweeper --level beginner --first-click unsafe --seed <seed>` plays (an
/// unsafe first click lays the mines at once), from the library.
fn unsafe_beginner(seed: u64) -> plateau_minesweeper::Game {
    let config = plateau_minesweeper::Config::custom(
        plateau_minesweeper::Size::new(9, 9),
        10,
        plateau_minesweeper::FirstClick::Unsafe,
    )
    .expect("beginner");
    plateau_minesweeper::Game::new(config, seed)
}

/// The reveals that win `game`, one a line, each legal when its turn comes (played on the
/// library's copy: the example must be playing the same board).
fn winning_lines(mut game: plateau_minesweeper::Game) -> Vec<String> {
    use plateau_minesweeper::{Move, Play, Pos};
    let board = game.board().expect("unsafe: the mines are laid");
    let mut lines = Vec::new();
    for y in 0..board.height() {
        for x in 0..board.width() {
            let m = Move::Reveal(Pos::new(x, y));
            if !board.is_mine(Pos::new(x, y)) && game.play(m).is_ok() {
                lines.push(m.to_string());
            }
        }
    }
    assert!(game.is_over(), "every safe cell revealed wins");
    lines
}

fn first_mine(game: &plateau_minesweeper::Game) -> String {
    let board = game.board().expect("unsafe: the mines are laid");
    let at = board.mines().next().expect("a mine");
    format!("r{},{}", at.x, at.y)
}

/// A scratch data directory of the test's own, empty.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("plateau-ms-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

const BEGINNER_UNSAFE: [&str; 6] = [
    "--level",
    "beginner",
    "--first-click",
    "unsafe",
    "--seed",
    "5",
];

fn in_dir(dir: &std::path::Path, stdin: &str) -> common::Run {
    let r = common::run_env(
        NAME,
        &BEGINNER_UNSAFE,
        &[("PLATEAU_DATA_DIR", dir.as_os_str())],
        Some(stdin),
        LIMIT,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    r
}

#[test]
fn a_win_without_help_is_a_best_time_kept_in_the_data_directory() {
    let dir = scratch("best");
    let wins = winning_lines(unsafe_beginner(5)).join("\n");
    let r = in_dir(&dir, &wins);
    let last = r.lines().last().copied().unwrap_or_default().to_owned();
    assert!(last.starts_with("You won!"), "{last}");
    assert!(last.contains("a new best time"), "{last}");
    let file = dir.join("minesweeper.records");
    let text = std::fs::read_to_string(&file).expect("the first win creates the file");
    assert_eq!(
        text.lines()
            .filter(|l| l.starts_with("9x9/10 unsafe\t"))
            .count(),
        1,
        "{text}"
    );
    // A second win ranks beside the first.
    let r = in_dir(&dir, &wins);
    assert!(
        r.stdout.contains("a new best time") || r.stdout.contains("best time #2"),
        "{}",
        r.stdout
    );
    // A win after a hint sets no record.
    let r = in_dir(&dir, &format!("hint\n{wins}"));
    assert!(r.stdout.contains("with help: no record"), "{}", r.stdout);
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        text.lines().filter(|l| !l.starts_with('#')).count(),
        2,
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_losing_click_can_be_taken_back() {
    let dir = scratch("undo");
    let game = unsafe_beginner(5);
    let boom = first_mine(&game);
    let wins = winning_lines(game).join("\n");
    let r = in_dir(&dir, &format!("{boom}\n{boom}\nundo\n{wins}"));
    let out = &r.stdout;
    let lost = out.find("Boom: a mine at").expect("the mine exploded");
    assert!(
        out[lost..].contains("undo takes the click back"),
        "the end offers undo: {out}"
    );
    assert!(
        out[lost..].contains("not played: the game is over"),
        "{out}"
    );
    assert!(
        out.contains("You won!"),
        "the game went on after undo: {out}"
    );
    assert!(out.contains("with help: no record"), "{out}");
    assert!(
        !dir.join("minesweeper.records").exists(),
        "no record was set"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_corrupt_records_file_is_reported_and_set_aside() {
    let dir = scratch("corrupt");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("minesweeper.records");
    std::fs::write(&file, b"9x9/10 unsafe\tnot a number\n\xff\n").unwrap();
    let wins = winning_lines(unsafe_beginner(5)).join("\n");
    let r = in_dir(&dir, &wins);
    let first = r.lines()[0];
    assert!(
        first.contains("was unreadable") && first.contains(".corrupt"),
        "one line says so: {first}"
    );
    assert!(dir.join("minesweeper.records.corrupt").exists());
    assert!(r.stdout.contains("a new best time"), "{}", r.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `size`-cell-square view of a board of `mines` mines from `seed` with every safe cell
/// where `(x + y) % 3 == 0` revealed (a dense web of numbers, the hard case of an exact
/// count), the rest hidden.
fn web_view(side: usize, mines: u32, seed: u64) -> String {
    let board =
        plateau_minesweeper::Board::random(plateau_minesweeper::Size::new(side, side), mines, seed)
            .expect("a valid board");
    let mut text = String::new();
    for y in 0..side {
        for x in 0..side {
            let at = plateau_minesweeper::Pos::new(x, y);
            let c = match board.number(at) {
                Some(n) if (x + y) % 3 == 0 => char::from(b'0' + n),
                _ => 'x',
            };
            text.push(c);
        }
        text.push('\n');
    }
    text
}

/// The view of a `side` x `side` game of `mines` mines from `seed` after the solver has
/// played `moves` moves (a real position: openings, a long frontier, flags).
fn played_view(side: usize, mines: u32, seed: u64, moves: usize) -> String {
    use plateau_minesweeper::{Bot, Config, FirstClick, Game, Play, Seat, Size, Solver};
    let config = Config::custom(Size::new(side, side), mines, FirstClick::Opening).unwrap();
    let mut game = Game::new(config, seed);
    let mut solver = Solver::default();
    for _ in 0..moves {
        let Some(m) = solver.choose(game.view(Seat::FIRST)) else {
            break;
        };
        let before = game.clone();
        if game.play(m).is_err() || game.is_over() {
            game = before;
            break;
        }
    }
    format!("{}\n", game.cells())
}

/// `probabilities` on `view` answers within seconds: the probabilities, or one clean line
/// that says what would help (the budget and its flag, or what else).
fn answers_in_seconds(side: usize, mines: u32, view: &str) {
    let start = std::time::Instant::now();
    let r = run(
        NAME,
        &["probabilities", "--mines", &mines.to_string()],
        Some(view),
        LIMIT,
    );
    let took = start.elapsed();
    assert!(took < Duration::from_secs(30), "{side}x{side}: {took:?}");
    if r.code == Some(0) {
        assert!(r.lines().len() > 1, "{side}x{side}: {}", r.stdout);
        return;
    }
    assert_clean_failure(NAME, &r);
    assert!(
        r.stderr.contains("--max-nodes") || r.stderr.contains("reveal or flag"),
        "{side}x{side}: the message says what would help: {}",
        r.stderr
    );
    assert!(
        !r.stderr.contains("after 0 search nodes"),
        "{side}x{side}: a structural limit is not a budget: {}",
        r.stderr
    );
}

#[test]
fn probabilities_of_played_positions_end_in_seconds() {
    for (side, mines, moves) in [(200, 7806, 400), (100, 1950, 200)] {
        answers_in_seconds(side, mines, &played_view(side, mines, 3, moves));
    }
}

#[test]
fn probabilities_of_huge_views_end_in_seconds_with_a_clear_answer() {
    for (side, mines) in [(200, 7806), (100, 1950), (60, 700)] {
        answers_in_seconds(side, mines, &web_view(side, mines, 1));
    }
}

#[test]
fn stats_are_the_same_on_any_number_of_threads() {
    // Solvers are reused from game to game on each thread: no game may see another's.
    let lines = |threads: &str| -> Vec<String> {
        let r = ok(
            &[
                "stats",
                "--level",
                "intermediate",
                "--games",
                "60",
                "--threads",
                threads,
            ],
            None,
        );
        r.lines()
            .into_iter()
            .filter(|l| !l.starts_with("# ") || l.contains("seeds"))
            .map(str::to_owned)
            .collect()
    };
    let one = lines("1");
    assert_eq!(one.iter().filter(|l| l.starts_with("game ")).count(), 60);
    assert_eq!(one, lines("2"));
}
