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
    let r = run(NAME, &["probabilities"], Some("1x\n"), LIMIT);
    assert_eq!(r.code, Some(2), "clap's own error for a missing --mines");
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
    fails(&["stats", "--games", "0"], None);
    fails(
        &[
            "stats",
            "--level",
            "beginner",
            "--games",
            "5",
            "--threads",
            "100000000",
        ],
        None,
    );
    let r = run(NAME, &["stats", "--click", "nowhere"], None, LIMIT);
    assert_eq!(r.code, Some(2));
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
