//! The taquin example as a user runs it: bad input of every kind fails cleanly, `solve`
//! streams one answer per board, budgets and pattern-database files are reported.
//!
//! These run the debug build of the example, so they stay off the default 6-6-3 pattern
//! databases (about a minute to build without optimisations): the 4x4 paths are tried with
//! bad `--pdb` files, which fail before any building, and with the small tables (the quick
//! 5-5-5 ones, about a second, and single tiles).

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{Run, assert_clean_failure, printed_seed, run, run_env};
use plateau_taquin::{Board, Play, Size, parse_moves};

const LIMIT: Duration = Duration::from_secs(120);

fn taquin(args: &[&str], stdin: Option<&str>) -> Run {
    run("taquin", args, stdin, LIMIT)
}

/// A scratch file with `text`, unique to this test process and `name`.
fn scratch(name: &str, text: &[u8]) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("cli-taquin-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// Korf's instance 1, as the fixture writes it.
const KORF_1: &str = "1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

#[test]
fn korf_file_with_a_short_or_long_line_fails_cleanly() {
    // Issue 9: these panicked with a backtrace.
    for (name, bad) in [
        ("short", "2 55 13 5 4"),
        ("two", "2 55"),
        ("one", "7"),
        ("long", "2 55 13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6 99"),
    ] {
        let file = scratch(
            &format!("korf-{name}"),
            format!("{KORF_1}\n# ok\n\n{bad}\n").as_bytes(),
        );
        let r = taquin(&["korf", "--file", file.to_str().unwrap()], None);
        assert_clean_failure("taquin", &r);
        let expected = format!("{}:4: expected an instance number", file.display());
        assert!(r.stderr.contains(&expected), "{name}: {}", r.stderr);
        // Checked before the (slow) pattern databases are built: nothing was solved.
        assert!(r.stdout.is_empty(), "{name}: {}", r.stdout);
        std::fs::remove_file(file).unwrap();
    }
}

#[test]
fn korf_file_with_bad_numbers_fails_cleanly() {
    for (name, bad, says) in [
        (
            "letter",
            "1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 x",
            "\"x\" is not a number",
        ),
        (
            "negative",
            "1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 -3",
            "\"-3\" is not a number",
        ),
        (
            "duplicate",
            "1 57 14 14 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
            "tile 14 appears more than once",
        ),
        (
            "range",
            "1 57 14 300 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
            "300 is not a tile",
        ),
    ] {
        let file = scratch(&format!("korf-{name}"), bad.as_bytes());
        let r = taquin(&["korf", "--file", file.to_str().unwrap()], None);
        assert_clean_failure("taquin", &r);
        assert!(r.stderr.contains(says), "{name}: {}", r.stderr);
        std::fs::remove_file(file).unwrap();
    }
    let empty = scratch("korf-empty", b"# no instances\n");
    let r = taquin(&["korf", "--file", empty.to_str().unwrap()], None);
    assert_clean_failure("taquin", &r);
    assert!(r.stderr.contains("no instances"), "{}", r.stderr);
    std::fs::remove_file(empty).unwrap();
}

#[test]
fn korf_missing_file_is_named() {
    // Issue 9: reported as `Os { code: 2, .. }` without the file's name.
    let r = taquin(&["korf", "--file", "/nonexistent/korf.txt"], None);
    assert_clean_failure("taquin", &r);
    assert!(
        r.stderr
            .starts_with("taquin: cannot read /nonexistent/korf.txt: "),
        "{}",
        r.stderr
    );
}

#[test]
fn bad_partition_and_sizes_are_usage_errors() {
    for args in [
        &["korf", "--partition", "1,2,3/4"][..],
        &["korf", "--partition", "1,2,x"],
        &["--size", "1x5"],
        &["--size", "17x4"],
        &["--size", "four"],
        &["solve", "--size", "0x0", "1 2"],
        &["solve", "--max-nodes=-1", "1 2 3 0"],
        &["solve", "--max-nodes", "lots", "1 2 3 0"],
    ] {
        let r = taquin(args, None);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert!(
            r.stderr.starts_with("error: invalid value"),
            "{args:?}: {}",
            r.stderr
        );
    }
}

#[test]
fn solve_answers_every_line_in_order_and_fails_at_the_end() {
    let input = "# Korf-style comment\n\n8 6 7 2 5 4 3 0 1\n1 2 3\n2 1 3 4 5 6 7 8 0\n\
                 1 2 x 4\n  3,1,2,0  \n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n";
    let r = taquin(&["solve"], Some(input));
    assert_clean_failure("taquin", &r);
    assert_eq!(r.stderr.trim_end(), "taquin: 4 of 6 inputs failed");
    let lines = r.lines();
    assert_eq!(lines.len(), 6, "{}", r.stdout);
    assert!(lines[0].starts_with("31 "), "{}", lines[0]);
    assert_eq!(
        lines[1],
        "error: 3 tiles do not make a square board: give its size with --size WxH"
    );
    assert_eq!(lines[2], "error: the board is not solvable");
    assert!(
        lines[3].starts_with("error: invalid tile \"x\""),
        "{}",
        lines[3]
    );
    assert_eq!(lines[4], "4 RDLU");
    assert!(
        lines[5].starts_with("error: tile 16 is out of range"),
        "{}",
        lines[5]
    );
    // The answers are right: replayed, they solve their boards.
    let board: Board = "8 6 7\n2 5 4\n3 . 1".parse().unwrap();
    let mut replay = board.clone();
    replay
        .play_all(&parse_moves(lines[0].split_once(' ').unwrap().1).unwrap())
        .unwrap();
    assert!(replay.is_solved());
}

#[test]
fn solve_takes_boards_as_arguments_and_a_size() {
    // (4x4 boards with --fast: the pattern databases take long to build in a debug build.)
    let r = taquin(
        &[
            "solve",
            "--fast",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
            "1 2 3 0",
        ],
        None,
    );
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "1 L\n0\n"), "{r:?}");
    let r = taquin(&["solve", "--size", "3x2", "1 2 3 4 0 5"], None);
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "1 L\n"), "{r:?}");
    // The same tiles read as 3 x 2 and as 2 x 3; the flag goes before or after `solve`.
    let r = taquin(&["solve", "--size", "3x2", "1 2 3 0 4 5"], None);
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "2 LL\n"), "{r:?}");
    let r = taquin(&["--size", "2x3", "solve", "1 2 3 0 4 5"], None);
    assert_clean_failure("taquin", &r);
    assert_eq!(r.stdout, "error: the board is not solvable\n");
    let r = taquin(&["solve", "--size", "3x2", "1 2 3 4 0"], None);
    assert_clean_failure("taquin", &r);
    assert_eq!(r.stdout, "error: a 3x2 board has 6 cells, got 5 tiles\n");
}

#[test]
fn solve_with_no_input_fails_cleanly() {
    let r = taquin(&["solve"], None);
    assert_clean_failure("taquin", &r);
    assert!(r.stderr.contains("no input given"), "{}", r.stderr);
    let r = taquin(&["solve"], Some("\n# only comments\n\n"));
    assert_clean_failure("taquin", &r);
}

#[test]
fn solve_streams_one_answer_per_line() {
    // A script drives it line by line: each answer arrives before the next board is sent.
    let mut child = Command::new(common::example_path("taquin"))
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    for (board, length) in [("8 6 7 2 5 4 3 0 1", "31 "), ("1 2 3 4 5 6 7 0 8", "1 L")] {
        writeln!(stdin, "{board}").unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        assert!(answer.starts_with(length), "{answer:?}");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn solve_under_a_node_budget_says_so() {
    let board = Board::new(Size::new(5, 5), 3).unwrap();
    let line: Vec<String> = board
        .tiles()
        .iter()
        .map(|t| t.number().to_string())
        .collect();
    let line = line.join(" ");
    let r = taquin(&["solve", "--max-nodes", "1000", &line, "1 2 3 0"], None);
    assert_clean_failure("taquin", &r);
    assert_eq!(
        r.lines(),
        vec!["error: no solution within 1000 nodes (--max-nodes)", "0"]
    );
    assert!(
        r.stderr.contains("--max-nodes") && r.stderr.contains("--fast"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .trim_end()
            .ends_with("taquin: 1 of 2 inputs failed"),
        "{}",
        r.stderr
    );
    // --fast solves it (not optimally), and the answer replays.
    let r = taquin(&["solve", "--fast", &line], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    let (len, moves) = r.stdout.trim_end().split_once(' ').unwrap();
    let moves = parse_moves(moves).unwrap();
    assert_eq!(len.parse::<usize>().unwrap(), moves.len());
    let mut replay = board.clone();
    replay.play_all(&moves).unwrap();
    assert!(replay.is_solved());
}

#[test]
fn solve_fast_on_the_largest_board() {
    let board = Board::new(Size::new(16, 16), 1).unwrap();
    let line: Vec<String> = board.tiles().iter().map(ToString::to_string).collect();
    let r = taquin(&["solve", "--fast", &line.join(",")], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    let moves = parse_moves(r.stdout.trim_end().split_once(' ').unwrap().1).unwrap();
    let mut replay = board;
    replay.play_all(&moves).unwrap();
    assert!(replay.is_solved());
}

#[test]
fn a_bad_pdb_file_is_reported_not_replaced() {
    let fifteen = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    for (name, bytes, says) in [
        ("garbage", &b"not a pattern database"[..], "bad header"),
        ("truncated", b"PLTQPDB1\x03\x06", "truncated"),
    ] {
        let file = scratch(&format!("pdb-{name}"), bytes);
        let path = file.to_str().unwrap();
        let r = taquin(
            &[
                "solve",
                "--pdb",
                path,
                "8 6 7 2 5 4 3 0 1",
                fifteen,
                fifteen,
            ],
            None,
        );
        assert_clean_failure("taquin", &r);
        assert!(
            r.stderr.contains(path) && r.stderr.contains(says),
            "{name}: {}",
            r.stderr
        );
        // The 3x3 board before was answered; the run stopped at the first 4x4 board.
        let lines = r.lines();
        assert_eq!(lines.len(), 2, "{name}: {}", r.stdout);
        assert!(lines[0].starts_with("31 "));
        assert!(lines[1].starts_with("error: ") && lines[1].contains(path));
        assert_eq!(
            std::fs::read(&file).unwrap(),
            bytes,
            "{name}: file left as it was"
        );
        std::fs::remove_file(file).unwrap();
    }
    // An unwritable place for a new file is reported before anything is built.
    let r = taquin(&["solve", "--pdb", "/nonexistent/dir/t.pdb", fifteen], None);
    assert_clean_failure("taquin", &r);
    assert!(
        r.stderr
            .contains("cannot write pattern databases to /nonexistent/dir/t.pdb"),
        "{}",
        r.stderr
    );
}

#[test]
fn solve_reads_a_pdb_file_of_the_partition_it_is_given() {
    // Fifteen groups of one tile build at once even in a debug build.
    let singles = "1/2/3/4/5/6/7/8/9/10/11/12/13/14/15";
    let board = "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12";
    let file = std::env::temp_dir().join(format!("cli-taquin-{}-singles.pdb", std::process::id()));
    let path = file.to_str().unwrap();
    let built = taquin(
        &["solve", "--partition", singles, "--pdb", path, board],
        None,
    );
    assert_eq!(built.code, Some(0), "{built:?}");
    assert_eq!(built.stdout, "9 DDDLLLUUU\n");
    // Read back with the same partition: the same answer.
    let loaded = taquin(
        &["solve", "--pdb", path, "--partition", singles, board],
        None,
    );
    assert_eq!((loaded.code, &loaded.stdout), (Some(0), &built.stdout));
    // Without it, the default partition is asked for: refused, naming the option that reads
    // the file, and the file is kept.
    let bytes = std::fs::read(&file).unwrap();
    let other = taquin(&["solve", "--pdb", path, board], None);
    assert_clean_failure("taquin", &other);
    assert!(
        other
            .stderr
            .contains(&format!("(--partition {singles} reads it)")),
        "{}",
        other.stderr
    );
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    std::fs::remove_file(file).unwrap();
    // --partition still belongs to the searches only.
    let r = taquin(&["--partition", singles], None);
    assert_clean_failure("taquin", &r);
    assert!(
        r.stderr.contains("--partition does not apply to the game"),
        "{}",
        r.stderr
    );
}

#[test]
fn the_pattern_databases_are_only_touched_for_4x4_boards() {
    // No 4x4 board: the (unwritable) file is never opened, everything is answered.
    let r = taquin(
        &[
            "solve",
            "--pdb",
            "/nonexistent/dir/t.pdb",
            "8 6 7 2 5 4 3 0 1",
            "1 2 3 0",
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.lines().len(), 2);
}

#[test]
fn line_mode_plays_from_standard_input() {
    let r = taquin(
        &["--seed", "5", "--size", "3x3"],
        Some("hint\nULx\n# a comment\n\n9,9\nundo\nsolve\n"),
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let out = &r.stdout;
    assert!(out.starts_with("Taquin 3x3  seed 5  moves 0\n"), "{out}");
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("error: invalid move letter 'x'"), "{out}");
    assert!(
        out.contains("error: cell (9, 9) is outside the 3x3 board"),
        "{out}"
    );
    assert!(out.contains("nothing to undo"), "{out}");
    assert!(out.contains("solver (optimal)"), "{out}");
    let last_title = out.lines().rfind(|l| l.starts_with("Taquin")).unwrap();
    assert!(last_title.ends_with("SOLVED"), "{out}");
    // Closed standard input: the board, then a clean exit.
    let r = taquin(&["--seed", "1"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.starts_with("Taquin 4x4  seed 1  moves 0\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn demo_honours_size_and_seed() {
    let r = taquin(&["--demo", "--size", "3x3", "--seed", "5"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.starts_with("Taquin 3x3, seed 5:\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("taquin: solved in "), "{}", r.stdout);
    let again = taquin(&["--demo", "--size", "3x3", "--seed", "5"], None);
    assert_eq!(r.stdout, again.stdout);
    let big = taquin(&["--demo", "--size", "7x5", "--seed", "1"], None);
    assert_eq!(big.code, Some(0), "{big:?}");
    assert!(
        big.stdout.contains("(reduction, not optimal"),
        "{}",
        big.stdout
    );
}

#[test]
fn easy_4x4_boards_are_solved_without_building_the_databases() {
    // Boards a few moves from the goal are answered by plain IDA*: in the debug build the
    // pattern databases would take about a minute, so the short limit tells.
    let easy = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n1 2 3 4 5 6 7 8 9 10 0 11 13 14 15 12\n";
    let run = run("taquin", &["solve"], Some(easy), Duration::from_secs(20));
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(run.lines(), ["1 L", "2 LU"], "{run:?}");
}

#[test]
fn a_solved_board_is_answered_without_a_trailing_space() {
    // Issue 18: "0 " with a trailing space.
    let r = taquin(&["solve", "1 2 3 4 5 6 7 8 0", "1 2 0 3"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.lines(), ["0", "1 L"], "{r:?}");
    for line in r.lines() {
        assert_eq!(line, line.trim_end());
    }
}

#[test]
fn options_go_before_or_after_the_subcommand() {
    // Issue 18: every option accepted before or after the subcommand alike.
    let board = "8 6 7 2 5 4 3 0 1";
    let after = taquin(
        &["solve", "--max-nodes", "1000", "--size", "3x3", board],
        None,
    );
    let before = taquin(
        &["--max-nodes", "1000", "--size", "3x3", "solve", board],
        None,
    );
    assert_eq!(after.code, Some(1), "{after:?}");
    assert!(
        after.stdout.starts_with("error: no solution within"),
        "{after:?}"
    );
    assert_eq!((after.code, &after.stdout), (before.code, &before.stdout));
    let fast = taquin(&["--fast", "solve", board], None);
    assert_eq!(fast.code, Some(0), "{fast:?}");
    let moves = fast.stdout.split_whitespace().nth(1).unwrap();
    let tiles: Vec<_> = board.split(' ').map(|t| t.parse().unwrap()).collect();
    let mut b = Board::from_tiles(Size::square(3), &tiles).unwrap();
    b.play_all(&parse_moves(moves).unwrap()).unwrap();
    assert!(b.is_solved());
    // An option that does not apply to what runs is an error, not ignored.
    for (args, says) in [
        (&["--fast"][..], "--fast does not apply to the game"),
        (
            &["korf", "--max-nodes", "5"],
            "--max-nodes does not apply to korf",
        ),
        (
            &["solve", "--file", "x", board],
            "--file does not apply to solve",
        ),
        (&["--demo", "--pdb", "x"], "--pdb does not apply to --demo"),
        (
            &["--demo", "solve", board],
            "--demo plays a game of its own",
        ),
    ] {
        let r = taquin(args, None);
        assert_clean_failure("taquin", &r);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
    }
    // Out-of-range numbers are usage errors, like any bad value.
    let r = taquin(&["solve", "--max-nodes", "0", board], None);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.starts_with("error: invalid value"), "{}", r.stderr);
}

#[test]
fn demo_without_a_seed_draws_and_prints_one() {
    let r = taquin(&["--demo", "--size", "3x3"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    let seed = printed_seed(&r);
    let again = taquin(&["--demo", "--size", "3x3", "--seed", &seed], None);
    assert_eq!(r.stdout, again.stdout);
}

/// The optimal solution of the 3x3 game of seed 5, from `taquin solve` on its board.
fn solution_of_seed_5() -> String {
    let start = taquin(&["--size", "3x3", "--seed", "5"], None);
    let tiles: String = start
        .stdout
        .lines()
        .skip(1)
        .take(3)
        .collect::<Vec<_>>()
        .join(" ");
    let r = taquin(&["solve", &tiles], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    r.stdout.split_whitespace().nth(1).unwrap().to_owned()
}

#[test]
fn after_the_win_no_move_until_restart_or_new_and_records_are_kept() {
    let dir = std::env::temp_dir().join(format!("cli-taquin-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let env = [("PLATEAU_DATA_DIR", dir.as_os_str())];
    let moves = solution_of_seed_5();
    let input = format!("{moves}\nU\nundo\n1,1\nrestart\n{moves}\n");
    let r = run_env(
        "taquin",
        &["--size", "3x3", "--seed", "5"],
        &env,
        Some(&input),
        LIMIT,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let out = &r.stdout;
    let wins: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("solved in "))
        .collect();
    assert_eq!(wins.len(), 2, "{out}");
    assert!(
        wins[0].contains("A new record of moves and of time!"),
        "{out}"
    );
    // The same moves again: no better, the records stand.
    assert!(!wins[1].contains("new record"), "{out}");
    assert!(
        wins[1].contains(&format!("3x3: best {} moves", moves.len())),
        "{out}"
    );
    // The move, the undo and the click after the win were refused.
    let refused = out
        .lines()
        .filter(|l| l.starts_with("error: solved: n starts a new game"))
        .count();
    assert_eq!(refused, 3, "{out}");
    let file = std::fs::read_to_string(dir.join("taquin.records")).unwrap();
    assert!(
        file.contains(&format!("3x3 moves\t{}\t", moves.len())),
        "{file}"
    );
    // A corrupt file is reported once and set aside, never a crash.
    std::fs::write(dir.join("taquin.records"), b"\xff\xfe garbage\n").unwrap();
    let r = run_env(
        "taquin",
        &["--size", "3x3", "--seed", "5"],
        &env,
        Some(&moves),
        LIMIT,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.contains("A new record of moves and of time!"),
        "{}",
        r.stdout
    );
    assert!(dir.join("taquin.records.corrupt").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_overlong_line_in_line_mode_fails_cleanly() {
    // Issue 17: the line mode read unbounded lines.
    let line = "U".repeat(3 << 20);
    let r = taquin(&["--size", "3x3", "--seed", "5"], Some(&line));
    assert_clean_failure("taquin", &r);
    assert!(r.stderr.contains("longer than"), "{}", r.stderr);
}

/// Without `--pdb` (and `--partition`) the 4x4 searches build the quick 5-5-5 tables, and
/// their answers are those of any other tables: IDA* returns the first optimal path in move
/// order whatever its admissible heuristic (here the weakest, fifteen single tiles).
#[test]
fn solve_without_a_file_builds_the_quick_tables_and_answers_alike() {
    // Korf's instance 97 (44 moves), in our convention: half a turn and t -> 16 - t.
    let korf: Vec<u32> = "9 14 5 7 8 15 1 2 10 4 13 6 12 0 11 3"
        .split(' ')
        .map(|t| t.parse().unwrap())
        .collect();
    let board: Vec<String> = (0..16)
        .map(|i| match korf[15 - i] {
            0 => 0,
            t => 16 - t,
        })
        .map(|t| t.to_string())
        .collect();
    let board = board.join(" ");
    let quick = taquin(&["solve", &board], None);
    assert_eq!(quick.code, Some(0), "{quick:?}");
    let singles = taquin(
        &[
            "solve",
            "--partition",
            "1/2/3/4/5/6/7/8/9/10/11/12/13/14/15",
            &board,
        ],
        None,
    );
    assert_eq!(singles.code, Some(0), "{singles:?}");
    assert!(quick.stdout.starts_with("44 "), "{}", quick.stdout);
    assert_eq!(quick.stdout, singles.stdout);
    let file = scratch(
        "korf97.txt",
        b"97 44 9 14 5 7 8 15 1 2 10 4 13 6 12 0 11 3\n",
    );
    let korf = taquin(&["korf", "--file", file.to_str().unwrap()], None);
    assert_eq!(korf.code, Some(0), "{korf:?}");
    assert!(
        korf.stdout
            .starts_with("pattern databases 1,5,6,9,10/2,3,4,7,8/11,12,13,14,15: "),
        "{}",
        korf.stdout
    );
    assert!(korf.stdout.contains("all 1 optimal"), "{}", korf.stdout);
    std::fs::remove_file(file).unwrap();
}
