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
    fails(
        &["probabilities", "--mines", "2", "--max-nodes", "1"],
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
    assert!(text.contains("lookahead    won "), "{text}");
    assert!(text.contains("lowest-risk  won "), "{text}");
    assert!(text.contains("95 % interval"), "{text}");
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
    assert!(out.contains("invalid move \"zz\""), "{out}");
    assert!(
        out.contains("not played: (99, 99) is outside the 9x9 board"),
        "{out}"
    );
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("mines left 9"), "{out}");
    // Closed input ends the game quietly.
    ok(&["--level", "beginner", "--seed", "3"], None);
    // A game played to the end says so.
    let r = ok(
        &[
            "--level",
            "beginner",
            "--seed",
            "3",
            "--first-click",
            "unsafe",
        ],
        Some(&"r0,0\n".repeat(3)),
    );
    assert!(
        r.stdout.contains("You won") || r.stdout.contains("You lost") || r.stdout.contains("> ")
    );
}
