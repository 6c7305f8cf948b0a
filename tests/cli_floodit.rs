//! The `floodit` example as a user runs it: `solve` streaming, bad inputs, the node budget,
//! the line-mode game, `--demo` and `bench`.

mod common;

use std::time::Duration;

use common::{Run, assert_clean_failure, printed_seed, run};

const LIMIT: Duration = Duration::from_secs(60);

fn floodit(args: &[&str], stdin: Option<&str>) -> Run {
    run("floodit", args, stdin, LIMIT)
}

#[test]
fn solve_answers_each_board_in_order() {
    let r = floodit(&["solve", "--size", "3x3", "012120201", "000000000"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.lines(), ["4 1201", "0"]);
    // Rows separated by '/' need no size; blank and comment lines are skipped; letters in
    // either case.
    let input = "# two boards\n\n012/120/201\n  0A/A0  \n";
    let r = floodit(&["solve"], Some(input));
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.lines(), ["4 1201", "2 a0"]);
}

#[test]
fn solve_is_optimal_on_a_known_board() {
    // 14x14, 6 colours: the first of the 1000 boards the CLI's speed is measured on.
    let board = "0244501444344534310400203053521322235450520442231555420522330344303443342343440411054505433131055353542435245453331220015434321253343345022303554231353052320153130003440411040425521025443551413414";
    let r = floodit(&["solve", "--size", "14x14", "--colors", "6", board], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    // The line the solver printed before the template pass (/work/measure/flood_base.out):
    // the same search, so the same moves.
    assert_eq!(r.lines(), ["21 241323542345024532104"]);
}

#[test]
fn solve_reports_bad_boards_on_their_line_and_fails_at_the_end() {
    let input = "012120201\n0121\n01!0\n0120\n01/1\n";
    let r = floodit(&["solve", "--size", "2x2", "--colors", "2"], Some(input));
    assert_clean_failure("floodit", &r);
    let lines = r.lines();
    assert_eq!(lines.len(), 5, "{r:?}");
    assert_eq!(lines[0], "error: 9 cells, but a 2x2 board has 4");
    assert_eq!(
        lines[1],
        "error: cell (0, 1) has colour 2 but the rules have 2 colours"
    );
    assert!(
        lines[2].starts_with("error: unexpected character '!'"),
        "{}",
        lines[2]
    );
    assert!(lines[3].starts_with("error: cell"), "{}", lines[3]);
    assert!(
        lines[4].starts_with("error: row 1 has 1 cells"),
        "{}",
        lines[4]
    );
    assert!(r.stderr.contains("5 of 5 inputs failed"), "{}", r.stderr);
}

#[test]
fn solve_needs_a_size_for_one_line_boards() {
    let r = floodit(&["solve", "012120201"], None);
    assert_clean_failure("floodit", &r);
    assert_eq!(
        r.lines(),
        ["error: a one-line board needs --size WxH (or rows separated by '/')"]
    );
    let r = floodit(&["solve", "--size", "3x3", "012/120"], None);
    assert_clean_failure("floodit", &r);
    assert_eq!(r.lines(), ["error: a 3x2 board, but --size is 3x3"]);
}

#[test]
fn solve_without_input_says_so() {
    let r = floodit(&["solve", "--size", "3x3"], None);
    assert_clean_failure("floodit", &r);
    assert!(r.stderr.contains("no input given"), "{}", r.stderr);
}

#[test]
fn solve_rejects_an_overlong_line() {
    let line = "0".repeat((1 << 20) + 10);
    let r = floodit(&["solve", "--size", "3x3"], Some(&line));
    assert_clean_failure("floodit", &r);
    assert!(r.stderr.contains("longer than"), "{}", r.stderr);
}

/// A 64x64 board with 36 colours, from the workspace's seeded generator.
fn big_board() -> String {
    use plateau_floodit::{Config, Game, Rules, Size};
    let config = Config::new(Size::square(64), Rules::new(36, 1000).unwrap()).unwrap();
    Game::new(config, 5).initial_board().to_line()
}

#[test]
fn the_node_budget_is_reported_and_fast_is_suggested() {
    let board = big_board();
    let r = floodit(
        &["solve", "--size", "64x64", "--max-nodes", "50", &board],
        None,
    );
    assert_clean_failure("floodit", &r);
    assert_eq!(
        r.lines(),
        ["error: no solution proved optimal within 50 search nodes"]
    );
    assert!(
        r.stderr.contains("node budget (50 nodes) ran out"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("--fast") && r.stderr.contains("--max-nodes"));
    // The fast solver answers the same board.
    let r = floodit(
        &["solve", "--size", "64x64", "--fast", "--depth", "1", &board],
        None,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let (len, moves) = r.lines()[0].split_once(' ').unwrap();
    assert_eq!(len.parse::<usize>().unwrap(), moves.len());
    assert!(moves.len() > 100);
}

#[test]
fn bad_options_are_clap_errors() {
    for args in [
        &["--size", "0x3"][..],
        &["--size", "65x65", "--demo"],
        &["--size", "banana"],
        &["--colors", "40"],
        &["--colors", "1"],
        &["--moves", "0"],
        &["solve", "--colors", "99"],
        // Issue 18: depth 0 was accepted, depth 100 ran for minutes.
        &["solve", "--fast", "--depth", "0"],
        &["solve", "--fast", "--depth", "100"],
        &["bench", "--depth", "9"],
        &["bench", "--boards", "0"],
        &["solve", "--max-nodes", "0"],
    ] {
        let r = floodit(args, None);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert!(r.stderr.contains("error"), "{args:?}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn the_line_mode_game_is_won_from_standard_input() {
    // The demo's solution for seed 2026, typed in two lines, with a comment, a hint and a
    // bad colour on the way.
    let demo = floodit(&["--demo", "--seed", "2026"], None);
    assert_eq!(demo.code, Some(0), "{demo:?}");
    let moves = demo
        .lines()
        .iter()
        .find_map(|l| l.strip_prefix("moves (exact solver, optimal): "))
        .unwrap()
        .to_owned();
    let (a, b) = moves.split_at(5);
    let input = format!("# my moves\n{a}\nhint\n!\n{}\n", b.to_uppercase());
    let r = floodit(&["--seed", "2026"], Some(&input));
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("hint: "), "{}", r.stdout);
    assert!(
        r.stdout.contains("not played: not a colour"),
        "{}",
        r.stdout
    );
    let last = *r.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("You won in {} moves!", moves.len())),
        "{last}"
    );
}

#[test]
fn the_line_mode_ends_quietly_at_the_end_of_input() {
    // Issue 18: exit 0 at the end of input, as every other line mode.
    let r = floodit(&["--seed", "1"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    // The board was shown, with its title.
    assert!(
        r.stdout
            .starts_with("Flood-It 12x12 · 6 colours · moves 0/"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_lost_game_shows_the_solution() {
    // With a limit of 1, whichever of 1 and 2 is not the flood colour ends the game.
    let r = floodit(&["--seed", "3", "--moves", "1"], Some("1\n2\n"));
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.contains("cannot be won in 1 moves"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("Out of moves."), "{}", r.stdout);
    // As on the full screen, the game goes on after its end: undo takes the losing move
    // back, new deals the next board.
    let r = floodit(&["--seed", "3", "--moves", "1"], Some("1\n2\nundo\nnew\n"));
    assert_eq!(r.code, Some(0), "{r:?}");
    let titles = titles(&r);
    assert!(titles.len() >= 4, "{}", r.stdout);
    assert!(
        titles[titles.len() - 2].contains("moves 0/1 · seed 3 "),
        "{}",
        r.stdout
    );
    assert!(
        !titles[titles.len() - 1].contains("seed 3 "),
        "{}",
        r.stdout
    );
}

#[test]
fn the_demo_honours_size_colours_and_seed() {
    let r = floodit(
        &["--demo", "--size", "7x5", "--colors", "3", "--seed", "9"],
        None,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.starts_with("Flood-It 7x5, 3 colours, limit "),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains(", seed 9, start (0, 0):"));
    let last = *r.lines().last().unwrap();
    assert!(last.starts_with("floodit: won in "), "{last}");
    // Same seed, same game.
    let again = floodit(
        &["--demo", "--size", "7x5", "--colors", "3", "--seed", "9"],
        None,
    );
    assert_eq!(again.stdout, r.stdout);
}

#[test]
fn bench_runs_a_few_boards() {
    let r = floodit(
        &["bench", "--boards", "3", "--size", "6x6", "--colors", "4"],
        None,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.starts_with("3 boards 6x6, 4 colours"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("lookahead 3: mean"));
}

#[test]
fn nine_nine_nine_ends_the_game_with_the_solution() {
    // Issue 18: as in the original program.
    let r = floodit(
        &["--seed", "3", "--size", "4x4", "--colors", "3"],
        Some("1\n999\n2\n"),
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let last = *r.lines().last().unwrap();
    assert!(
        last.starts_with("Game ended (999). The solver floods this board in "),
        "{}",
        r.stdout
    );
    // Nothing after 999 was read: one move was played.
    assert!(r.stdout.contains("moves 1/"), "{}", r.stdout);
    assert!(!r.stdout.contains("moves 2/"), "{}", r.stdout);
}

#[test]
fn every_colour_is_typeable_and_the_command_words_still_work() {
    // Issue 18: from 18 colours up `h` is a colour (and n, q, u further on).
    let r = floodit(&["--seed", "4", "--size", "6x6", "--colors", "36"], None);
    let board: Vec<&str> = r.lines()[1..7].to_vec();
    let start = board[0].chars().next().unwrap();
    // A colour letter that is a command letter and not the flood's own colour.
    let letter = ['h', 'n', 'q', 'u']
        .into_iter()
        .find(|&l| l != start)
        .unwrap();
    let input = format!("{letter}\nhint\nundo\n");
    let r = floodit(
        &["--seed", "4", "--size", "6x6", "--colors", "36"],
        Some(&input),
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let titles = titles(&r);
    // The start, after the letter (played as a colour), after the undo.
    assert_eq!(titles.len(), 3, "{}", r.stdout);
    assert!(titles[1].contains("moves 1/"), "{}", r.stdout);
    assert!(titles[2].contains("moves 0/"), "{}", r.stdout);
    assert!(r.stdout.contains("hint: "), "{}", r.stdout);
    // With 6 colours the same letter is the command again.
    let r = floodit(&["--seed", "4", "--size", "6x6"], Some("h\nq\n1\n"));
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("hint: "), "{}", r.stdout);
    assert!(
        !r.stdout.contains("moves 1/"),
        "q quits before the 1: {}",
        r.stdout
    );
}

#[test]
fn options_go_before_or_after_the_subcommand() {
    let after = floodit(
        &["solve", "--size", "3x3", "--colors", "4", "012120201"],
        None,
    );
    let before = floodit(
        &["--size", "3x3", "--colors", "4", "solve", "012120201"],
        None,
    );
    assert_eq!(after.code, Some(0), "{after:?}");
    assert_eq!(after.stdout, before.stdout);
    let after = floodit(
        &["bench", "--boards", "2", "--size", "5x5", "--seed", "3"],
        None,
    );
    let before = floodit(
        &["--boards", "2", "--size", "5x5", "--seed", "3", "bench"],
        None,
    );
    assert_eq!(after.code, Some(0), "{after:?}");
    assert_eq!(after.lines()[0], before.lines()[0]);
    assert_eq!(
        after.lines()[0],
        "2 boards 5x5, 6 colours, start (0, 0), seeds 3..5"
    );
    for (args, says) in [
        (
            &["solve", "--depth", "2", "012/120/201"][..],
            "--depth is the lookahead's: give --fast",
        ),
        (&["--fast"], "--fast does not apply to the game"),
        (
            &["bench", "--moves", "3"],
            "--moves does not apply to bench",
        ),
        (
            &["--demo", "--symbols"],
            "--symbols does not apply to --demo",
        ),
        (&["--demo", "bench"], "--demo plays a game of its own"),
    ] {
        let r = floodit(args, None);
        assert_clean_failure("floodit", &r);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn a_deep_lookahead_is_bounded_by_the_node_budget_and_says_so() {
    // Issue 18: `solve --fast --depth 100` ran for minutes in silence. The deepest depth
    // now allowed, on the largest board, under a small budget: a quick, clear answer.
    let board = big_board();
    let r = floodit(
        &[
            "solve",
            "--size",
            "64x64",
            "--fast",
            "--depth",
            "8",
            "--max-nodes",
            "2000",
            &board,
        ],
        None,
    );
    assert_clean_failure("floodit", &r);
    assert_eq!(r.lines(), ["error: no solution within 2000 search nodes"]);
    assert!(
        r.stderr.contains("a smaller --depth is faster"),
        "{}",
        r.stderr
    );
}

#[test]
fn the_demo_draws_and_prints_a_seed_when_none_is_given() {
    let r = floodit(&["--demo", "--size", "5x5"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    let seed = printed_seed(&r);
    assert!(
        r.stdout.contains(&format!(", seed {seed}, ")),
        "{}",
        r.stdout
    );
    let again = floodit(&["--demo", "--size", "5x5", "--seed", &seed], None);
    assert_eq!(r.stdout, again.stdout);
}

#[test]
fn an_overlong_line_in_line_mode_fails_cleanly() {
    let line = "1".repeat(3 << 20);
    let r = floodit(&["--seed", "1"], Some(&line));
    assert_clean_failure("floodit", &r);
    assert!(r.stderr.contains("longer than"), "{}", r.stderr);
}

/// The title lines of a line-mode run, one per position printed.
fn titles(r: &Run) -> Vec<&str> {
    r.lines()
        .into_iter()
        .filter(|l| l.starts_with("Flood-It"))
        .collect()
}
