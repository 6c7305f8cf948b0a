//! The japjap example as a user runs it: the demo, `match`, `rounds`, `stats`, line-mode
//! play, and every bad input found by hand.

mod common;

use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(120);

fn japjap(args: &[&str], stdin: Option<&str>) -> common::Run {
    common::run("japjap", args, stdin, LIMIT)
}

#[test]
fn the_demo_plays_a_whole_game_and_is_replayable() {
    let run = japjap(&["--demo", "--seed", "5"], None);
    assert_eq!(run.code, Some(0), "{run:?}");
    let last = run.lines().last().copied().unwrap_or_default().to_owned();
    assert!(
        last.starts_with("japjap: ") && last.contains("won the game"),
        "{last}"
    );
    assert!(run.stdout.contains("discards"));
    assert_eq!(japjap(&["--demo", "--seed", "5"], None).stdout, run.stdout);
}

/// `<name>: won W of N <unit> (P% +- H%)`, parsed.
fn parse_line(line: &str, unit: &str) -> (String, f64, u64) {
    let (name, rest) = line
        .split_once(": won ")
        .unwrap_or_else(|| panic!("{line}"));
    let (w, rest) = rest.split_once(" of ").unwrap();
    let (n, rest) = rest.split_once(&format!(" {unit} (")).unwrap();
    assert!(rest.ends_with("%)") && rest.contains("% +- "), "{line}");
    (name.to_owned(), w.parse().unwrap(), n.parse().unwrap())
}

#[test]
fn match_prints_one_line_per_bot_best_first() {
    let run = japjap(
        &[
            "match",
            "--bots",
            "greedy,random,greedy",
            "--games",
            "12",
            "--seed",
            "3",
        ],
        None,
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    let lines = run.lines();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    let parsed: Vec<_> = lines.iter().map(|l| parse_line(l, "games")).collect();
    assert!(
        parsed.windows(2).all(|w| w[0].1 >= w[1].1),
        "best first: {}",
        run.stdout
    );
    assert!(parsed.iter().all(|p| p.2 == 12));
    // Ties share the win, so the wins add up to the games played.
    let total: f64 = parsed.iter().map(|p| p.1).sum();
    assert!((total - 12.0).abs() < 1e-9, "{}", run.stdout);
    let mut names: Vec<&str> = parsed.iter().map(|p| p.0.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["greedy", "greedy", "random"]);
    // Same seed, same result.
    let again = japjap(
        &[
            "match",
            "--bots",
            "greedy,random,greedy",
            "--games",
            "12",
            "--seed",
            "3",
        ],
        None,
    );
    assert_eq!(again.stdout, run.stdout);
}

#[test]
fn search_plays_a_match() {
    let run = japjap(
        &[
            "match",
            "--bots",
            "search,greedy",
            "--games",
            "4",
            "--worlds",
            "4",
        ],
        None,
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(run.lines().len(), 2);
    for l in run.lines() {
        parse_line(l, "games");
    }
}

#[test]
fn rounds_counts_single_rounds() {
    let run = japjap(
        &["rounds", "--bots", "greedy,random", "--rounds", "300"],
        None,
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    let first = parse_line(run.lines()[0], "rounds");
    assert_eq!(first.0, "greedy");
    assert!(first.1 >= 250.0, "{}", run.stdout);
}

#[test]
fn stats_prints_every_figure() {
    let run = japjap(
        &[
            "stats",
            "--players",
            "3",
            "--games",
            "20",
            "--bots",
            "greedy,search",
            "--worlds",
            "4",
        ],
        None,
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    for what in [
        "mean turns per round:",
        "first-player win rate:",
        "call rate:",
        "counter rate:",
        "stock-exhaustion rate:",
        "rounds per game:",
        "capped rounds:",
    ] {
        assert!(run.stdout.contains(what), "{what} missing: {}", run.stdout);
    }
}

#[test]
fn line_mode_plays_quits_and_survives_bad_input() {
    // Closed stdin: the game ends at once, cleanly.
    let run = japjap(&["--seed", "4", "--bot", "greedy"], None);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(run.stdout.contains("your hand:"), "{}", run.stdout);
    // A bad line, a bad number, then the first meld and the first take, then quit.
    let run = japjap(
        &["--seed", "4", "--bot", "greedy", "--players", "2"],
        Some("nonsense\n99\nhint\n1\n1\nquit\n"),
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(run.stdout.contains("not understood"), "{}", run.stdout);
    assert!(run.stdout.contains("no choice 99"), "{}", run.stdout);
    assert!(run.stdout.contains("hint (search bot): "), "{}", run.stdout);
    assert!(run.stdout.contains("P1 discards"), "{}", run.stdout);
    // A whole action typed out, refused by the rules: said so, and play goes on.
    let run = japjap(
        &["--seed", "4", "--bot", "greedy"],
        Some("discard AS 2S 3S 4S 5S take stock\n"),
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(run.stdout.contains("not played:"), "{}", run.stdout);
}

#[test]
fn bad_arguments_fail_cleanly() {
    for args in [
        &["--players", "6"][..],
        &["--players", "1", "--demo"][..],
        &["match", "--bots", "greedy", "--games", "2"][..],
        &[
            "match",
            "--bots",
            "greedy,greedy,greedy,greedy,greedy,greedy",
        ][..],
        &["match", "--bots", "greedy,random", "--games", "0"][..],
        &[
            "rounds",
            "--bots",
            "greedy,random",
            "--rounds",
            "1000000000",
        ][..],
        &["stats", "--players", "6"][..],
        &["stats", "--players", "2", "--bots", "greedy,greedy,greedy"][..],
        &["stats", "--games", "0"][..],
    ] {
        let run = japjap(args, None);
        common::assert_clean_failure("japjap", &run);
    }
    // Out-of-range worlds are clap's error too.
    let run = japjap(
        &["match", "--bots", "search,greedy", "--worlds", "100000"],
        None,
    );
    assert_eq!(run.code, Some(2), "{run:?}");
    // An unknown bot is clap's error: exit 2, with the list of bots.
    let run = japjap(&["match", "--bots", "greedy,clever"], None);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(
        run.stderr.contains("random, greedy and search"),
        "{}",
        run.stderr
    );
}
