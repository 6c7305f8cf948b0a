//! The tetris example as a user runs it: the demo's summary line, the placements command
//! (counts, listing, bad boards), the bench, the line mode, and bad arguments.

mod common;

use std::time::Duration;

use common::{assert_clean_failure, run};

const LIMIT: Duration = Duration::from_secs(120);

fn tetris(args: &[&str], stdin: Option<&str>) -> common::Run {
    run("tetris", args, stdin, LIMIT)
}

/// The words of the summary line, checked in order: `pieces P lines L score S level V topout
/// yes|no pps X`.
fn summary(line: &str) -> (u64, u64, u64, u64, bool) {
    let w: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(w.len(), 12, "{line}");
    assert_eq!(
        [w[0], w[2], w[4], w[6], w[8], w[10]],
        ["pieces", "lines", "score", "level", "topout", "pps"],
        "{line}"
    );
    let n = |s: &str| s.parse::<u64>().unwrap_or_else(|_| panic!("{s} in {line}"));
    assert!(w[9] == "yes" || w[9] == "no", "{line}");
    n(w[11]);
    (n(w[1]), n(w[3]), n(w[5]), n(w[7]), w[9] == "yes")
}

#[test]
fn demo_ends_with_the_summary_line() {
    let r = tetris(&["--demo", "--pieces", "150", "--seed", "3"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    let lines = r.lines();
    let (pieces, lines_cleared, score, level, topout) = summary(lines[lines.len() - 1]);
    assert_eq!(pieces, 150);
    assert!(!topout);
    assert!(lines_cleared >= 50, "{lines_cleared}");
    assert!(score > 0);
    assert_eq!(level, 1 + lines_cleared / 10);
    // The final board: 10 columns of cells and dots, 20 rows at least.
    let board: Vec<&&str> = lines
        .iter()
        .filter(|l| {
            l.len() == 10
                && l.chars()
                    .all(|c| c == '.' || "IOTSZJL#".contains(c) || "iotszjl".contains(c))
        })
        .collect();
    assert!(board.len() >= 20, "{}", r.stdout);
    // The same seed gives the same game.
    let again = tetris(&["--demo", "--pieces", "150", "--seed", "3"], None);
    let strip = |s: &str| s.rsplit_once(" pps ").map(|(a, _)| a.to_string());
    assert_eq!(strip(&r.stdout), strip(&again.stdout));
}

#[test]
fn demo_under_every_rule_set() {
    for (rules, level) in [("classic", "0"), ("calculator", "99"), ("guideline", "15")] {
        let r = tetris(
            &[
                "--demo", "--rules", rules, "--level", level, "--pieces", "60",
            ],
            None,
        );
        assert_eq!(r.code, Some(0), "{r:?}");
        let (pieces, _, score, lvl, _) = summary(r.lines().last().expect("a line"));
        assert_eq!(pieces, 60, "{rules}");
        if rules == "calculator" {
            assert_eq!(lvl, 99);
            assert!(score <= 999_999);
        }
    }
}

#[test]
fn placements_on_an_empty_field() {
    let mut total = 0;
    for (piece, count) in [
        ("T", 34),
        ("I", 17),
        ("O", 9),
        ("S", 17),
        ("Z", 17),
        ("J", 34),
        ("L", 34),
    ] {
        let r = tetris(&["placements", "--piece", piece], Some("..........\n"));
        assert_eq!(r.code, Some(0), "{r:?}");
        let lines = r.lines();
        assert_eq!(lines[0], count.to_string(), "{piece}");
        assert_eq!(lines.len(), count + 1);
        // One placement per line, each starting with the piece letter and listing 4 cells.
        for l in &lines[1..] {
            assert!(l.starts_with(piece), "{l}");
            assert_eq!(l.matches('(').count(), 4, "{l}");
            assert!(l.contains(" path "), "{l}");
        }
        total += count;
    }
    assert_eq!(total, 162);
}

#[test]
fn placements_on_a_board_top_row_first() {
    // A T-spin double slot; the bottom line is row 0, rows above are empty.
    let board = "..........\n##........\n#...######\n##.#######\n";
    let r = tetris(&["placements", "--piece", "t"], Some(board));
    assert_eq!(r.code, Some(0), "{r:?}");
    let lines = r.lines();
    let n: usize = lines[0].parse().expect("a count");
    assert_eq!(lines.len(), n + 1);
    // The slot: the T pointing down with its pivot at (2, 1), a T-spin.
    let slot = lines
        .iter()
        .find(|l| l.starts_with("T2@2,1 "))
        .expect("the slot is listed");
    assert!(slot.ends_with("T-spin"), "{slot}");
    // A blocked spawn: no placement at all.
    let mut full = String::from("...####...\n");
    full += &"#.########\n".repeat(20);
    let r = tetris(&["placements", "--piece", "I"], Some(&full));
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.lines(), ["0"]);
}

#[test]
fn placements_refuses_bad_boards() {
    for (stdin, why) in [
        (None, "no board"),
        (Some(""), "no board"),
        (Some("\n\n"), "no board"),
        (Some("..........\n.........\n"), "has 9 cells"),
        (Some("....x.....\n"), "not a cell"),
        (Some("...\n"), "not within"),
        (Some("............\n"), "columns wide"),
    ] {
        let r = tetris(&["placements", "--piece", "T"], stdin);
        assert_clean_failure("tetris", &r);
        assert!(r.stderr.contains(why), "{stdin:?}: {}", r.stderr);
    }
    let tall = "..........\n".repeat(41);
    let r = tetris(&["placements", "--piece", "T"], Some(&tall));
    assert_clean_failure("tetris", &r);
    assert!(r.stderr.contains("41 rows"), "{}", r.stderr);
    let huge = ".".repeat(200_000);
    let r = tetris(&["placements", "--piece", "T"], Some(&huge));
    assert_clean_failure("tetris", &r);
}

#[test]
fn bad_arguments_are_clap_errors() {
    for args in [
        &["--level", "100"][..],
        &["--rules", "tengen"],
        &["placements"],
        &["placements", "--piece", "Q"],
        &["--pieces", "-3", "--demo"],
    ] {
        let r = tetris(args, None);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    }
    let r = tetris(&["--help"], None);
    assert_eq!(r.code, Some(0));
    for word in [
        "placements",
        "bench",
        "--demo",
        "--rules",
        "--level",
        "--seed",
    ] {
        assert!(r.stdout.contains(word), "{word}");
    }
}

#[test]
fn bench_reports_each_game() {
    let r = tetris(
        &["bench", "--games", "2", "--pieces", "40", "--seed", "5"],
        None,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let lines = r.lines();
    assert_eq!(lines.len(), 4, "{}", r.stdout);
    assert!(
        lines[1].starts_with("game 1 seed 5: pieces 40 "),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("game 2 seed 6: pieces 40 "),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with("2 of 2 games reached 40 pieces"),
        "{}",
        lines[3]
    );
}

#[test]
fn line_mode_without_a_terminal() {
    // Each line is a list of steps; the board and a status line follow each.
    let r = tetris(&["--seed", "4"], Some("LLLD\nX\nRRRD\n"));
    assert_eq!(r.code, Some(0), "{r:?}");
    let status = r
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("score "))
        .count();
    assert_eq!(status, 4, "{}", r.stdout);
    assert!(
        r.stdout.contains("error: \"X\" is not a step"),
        "{}",
        r.stdout
    );
    // Closed standard input: the first board, then a clean exit.
    let r = tetris(&["--seed", "4"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        r.lines().iter().filter(|l| l.starts_with("score ")).count(),
        1
    );
}
