//! The japjap example as a user runs it: the demo, `match`, `rounds`, `stats`, line-mode
//! play (one human, the hot seat, every rules option), and every bad input found by hand.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const LIMIT: Duration = Duration::from_secs(120);

fn japjap(args: &[&str], stdin: Option<&str>) -> common::Run {
    common::run("japjap", args, stdin, LIMIT)
}

/// The output without the runner's wall-time line (the only line that changes between
/// runs).
fn timeless(run: &common::Run) -> Vec<String> {
    run.lines()
        .into_iter()
        .filter(|l| !(l.starts_with("# ") && l.ends_with(" s")))
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_demo_plays_a_whole_game_and_is_replayable() {
    let run = japjap(&["--demo", "--seed", "5"], None);
    assert_eq!(run.code, Some(0), "{run:?}");
    let lines = run.lines();
    assert!(
        lines[0].starts_with("Jap Jap, 3 players (P1 search, P2 greedy, P3 random), seed 5"),
        "{}",
        lines[0]
    );
    let last = lines.last().copied().unwrap_or_default();
    assert!(
        last.starts_with("japjap: ") && last.contains("won the game"),
        "{last}"
    );
    assert!(run.stdout.contains("discards"));
    assert_eq!(japjap(&["--demo", "--seed", "5"], None).stdout, run.stdout);
}

#[test]
fn the_demo_draws_a_seed_and_says_how_to_replay_it() {
    let run = japjap(&["--demo"], None);
    assert_eq!(run.code, Some(0), "{run:?}");
    let seed = run
        .stderr
        .lines()
        .find_map(|l| l.strip_prefix("seed "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or_else(|| panic!("no seed on stderr: {}", run.stderr))
        .to_owned();
    assert!(
        run.stdout.contains(&format!("seed {seed}")),
        "{}",
        run.stdout
    );
    let again = japjap(&["--demo", "--seed", &seed], None);
    assert_eq!(again.stdout, run.stdout);
}

#[test]
fn the_demo_plays_under_the_rules_given() {
    let run = japjap(
        &[
            "--demo",
            "--seed",
            "2",
            "--players",
            "4",
            "--score-limit",
            "30",
        ],
        None,
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(
        run.lines()[0]
            .starts_with("Jap Jap, 4 players (P1 search, P2 greedy, P3 random, P4 search)"),
        "{}",
        run.lines()[0]
    );
    assert!(run.lines()[0].contains("30 loses"), "{}", run.lines()[0]);
    assert!(run.lines().last().unwrap().contains("reached 30"));
}

/// A standing line of the runner: `<label>: <points> of <n> <unit> (...)`.
fn standing(line: &str) -> (String, f64, u64) {
    let (label, rest) = line.split_once(": ").unwrap_or_else(|| panic!("{line}"));
    let mut words = rest.split_whitespace();
    let points = words.next().unwrap().parse().unwrap();
    assert_eq!(words.next(), Some("of"), "{line}");
    let n = words.next().unwrap().parse().unwrap();
    assert!(line.contains("95 % interval"), "{line}");
    (label.to_owned(), points, n)
}

#[test]
fn match_prints_a_header_a_line_per_game_and_one_per_bot() {
    let args = [
        "match",
        "--bots",
        "greedy,random,greedy",
        "--games",
        "12",
        "--seed",
        "3",
    ];
    let run = japjap(&args, None);
    assert_eq!(run.code, Some(0), "{run:?}");
    let lines = timeless(&run);
    assert_eq!(
        lines[0],
        "# Jap Jap, 3 players, call at 5 or less, 90 loses: 12 games, seeds 3..14, seats \
         rotated; bots greedy#1, random, greedy#2"
    );
    for (i, line) in lines[1..=12].iter().enumerate() {
        assert!(
            line.starts_with(&format!("game {i} (seed {}): P1 ", 3 + i)),
            "{line}"
        );
    }
    let standings: Vec<_> = lines[13..].iter().map(|l| standing(l)).collect();
    let labels: Vec<&str> = standings.iter().map(|s| s.0.as_str()).collect();
    assert_eq!(labels, ["greedy#1", "random", "greedy#2"]);
    assert!(standings.iter().all(|s| s.2 == 12));
    // Ties share the win, so the points add up to the games played.
    let total: f64 = standings.iter().map(|s| s.1).sum();
    assert!((total - 12.0).abs() < 1e-9, "{}", run.stdout);
    // Same seed, same result, with the options before the subcommand as well.
    let again = japjap(
        &[
            "--bots",
            "greedy,random,greedy",
            "--seed",
            "3",
            "match",
            "--games",
            "12",
        ],
        None,
    );
    assert_eq!(timeless(&again), lines);
}

#[test]
fn search_plays_a_match_and_two_copies_are_told_apart() {
    let run = japjap(
        &[
            "match",
            "--bots",
            "search,search",
            "--games",
            "2",
            "--worlds",
            "4",
            "--seed",
            "0",
        ],
        None,
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(
        run.lines()[0].ends_with("bots search#1, search#2"),
        "{}",
        run.lines()[0]
    );
    let labels: Vec<String> = timeless(&run)[3..].iter().map(|l| standing(l).0).collect();
    assert_eq!(labels, ["search#1", "search#2"]);
}

#[test]
fn rounds_counts_single_rounds() {
    let run = japjap(
        &[
            "rounds",
            "--bots",
            "greedy,random",
            "--rounds",
            "300",
            "--seed",
            "0",
            "--summary",
        ],
        None,
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    let lines = timeless(&run);
    assert!(
        lines[0].contains(": 300 rounds, seeds 0..299,"),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines.len(),
        3,
        "--summary: no line per round: {}",
        run.stdout
    );
    let greedy = standing(&lines[1]);
    assert_eq!((greedy.0.as_str(), greedy.2), ("greedy", 300));
    assert!(greedy.1 >= 250.0, "{}", run.stdout);
    // Without --summary, one line per round.
    let each = japjap(
        &["rounds", "--bots", "greedy,random", "--rounds", "7"],
        None,
    );
    assert_eq!(each.code, Some(0), "{each:?}");
    assert_eq!(
        each.lines()
            .iter()
            .filter(|l| l.starts_with("round "))
            .count(),
        7
    );
}

/// The value after `label` in the stats output.
fn figure<'a>(run: &'a common::Run, label: &str) -> &'a str {
    run.lines()
        .iter()
        .find_map(|l| l.strip_prefix(label))
        .map_or_else(|| panic!("{label} missing: {}", run.stdout), str::trim)
}

#[test]
fn stats_prints_every_figure_and_follows_the_rules() {
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
            "--seed",
            "1",
        ],
        None,
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(
        run.lines()[0].contains("20 games, seeds 1..20"),
        "{}",
        run.stdout
    );
    for what in [
        "mean turns per round:",
        "first-player win rate:",
        "call rate:",
        "counter rate:",
        "stock-exhaustion rate:",
        "capped rounds:",
    ] {
        figure(&run, what);
    }
    let rounds: f64 = figure(&run, "rounds:").parse().unwrap();
    let per_game: f64 = figure(&run, "rounds per game:").parse().unwrap();
    assert!((rounds / 20.0 - per_game).abs() < 0.01, "{}", run.stdout);
    // A lower score limit ends games sooner: the rules reach the simulation, given
    // after the subcommand or before it.
    let per_game_at = |limit: &str, before: bool| -> String {
        let mut args = vec!["stats", "--games", "40", "--seed", "1"];
        let rule = ["--score-limit", limit];
        if before {
            args.splice(0..0, rule);
        } else {
            args.extend(rule);
        }
        let run = japjap(&args, None);
        assert_eq!(run.code, Some(0), "{run:?}");
        figure(&run, "rounds per game:").to_owned()
    };
    let short = per_game_at("30", false);
    assert_eq!(short, per_game_at("30", true));
    let long = per_game_at("90", false);
    assert!(
        short.parse::<f64>().unwrap() < long.parse::<f64>().unwrap(),
        "{short} {long}"
    );
}

#[test]
fn a_closed_output_stops_a_match_at_once() {
    let mut child = Command::new(common::example_path("japjap"))
        .args(["match", "--bots", "greedy,greedy", "--games", "100000000"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the example runs");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(first.starts_with("# Jap Jap"), "{first}");
    drop(out);
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("a hundred million games went on after the pipe closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "a closed pipe ends quietly: {status:?}");
}

#[test]
fn line_mode_plays_quits_and_survives_bad_input() {
    // Closed stdin: the game ends at once, cleanly.
    let run = japjap(&["--seed", "4", "--bot", "greedy"], None);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(run.stdout.contains("P1's hand:"), "{}", run.stdout);
    // A bad line, a bad number, a hint, undo (refused), the first combination drawing
    // from the stock, then the second taking from the stock by name, then quit.
    let run = japjap(
        &["--seed", "4", "--bot", "greedy", "--players", "2"],
        Some("nonsense\n99\nhint\nundo\n1\n2 stock\nquit\n1\n"),
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    for said in [
        "not played: \"nonsense\" is not an action",
        "not played: no combination 99",
        "hint: ",
        "no undo in this game",
        "P1 discards ",
        "draws from the stock (",
    ] {
        assert!(
            run.stdout.contains(said),
            "{said:?} missing: {}",
            run.stdout
        );
    }
    assert_eq!(
        run.stdout.matches("P1 discards ").count(),
        2,
        "quit stops before the last line: {}",
        run.stdout
    );
    // The hint is in the letters of the hand, and legal: played as typed, it is accepted.
    let hint = run
        .lines()
        .iter()
        .find_map(|l| l.strip_prefix("hint: "))
        .unwrap()
        .to_owned();
    let played = japjap(
        &["--seed", "4", "--bot", "greedy", "--players", "2"],
        Some(&format!("{hint}\n")),
    );
    assert!(!played.stdout.contains("not played"), "{}", played.stdout);
    assert!(played.stdout.contains("P1 discards"), "{}", played.stdout);
    // A whole action typed out, refused by the rules: said so, and play goes on.
    let run = japjap(
        &["--seed", "4", "--bot", "greedy"],
        Some("discard AS 2S 3S 4S 5S take stock\n1 2H 3H\n"),
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(run.stdout.contains("not played:"), "{}", run.stdout);
}

/// The seat lines of the last table printed: (label, points).
fn last_totals(stdout: &str) -> Vec<(String, u32)> {
    let table = stdout.rsplit("Jap Jap, seed").next().unwrap();
    table
        .lines()
        .filter_map(|l| {
            let l = l.trim_start_matches(['>', ' ']);
            let (label, rest) = l.split_once("  ")?;
            let pts = rest.split_whitespace().rev().find_map(|w| w.parse().ok())?;
            rest.contains(" pts")
                .then(|| (label.trim().to_owned(), pts))
        })
        .collect()
}

#[test]
fn the_end_shows_the_real_totals_and_says_who_won() {
    // One scoring round ends this game; the human always discards its first choice.
    let moves = "1\n".repeat(400);
    let run = japjap(
        &[
            "--seed",
            "8",
            "--players",
            "2",
            "--bot",
            "greedy",
            "--score-limit",
            "1",
            "--names",
            "Ann",
        ],
        Some(&moves),
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    let last = run.lines().last().copied().unwrap();
    assert!(last.starts_with("Match over after "), "{last}");
    assert!(
        last.ends_with("you win!") || last.ends_with("P2 wins"),
        "{last}"
    );
    let totals = last_totals(&run.stdout);
    assert_eq!(totals.len(), 2, "{}", run.stdout);
    assert_eq!(totals[0].0, "P1 Ann");
    // The totals of the game just ended, not the next game's zeros.
    assert!(
        totals.iter().any(|t| t.1 >= 1),
        "{totals:?}: {}",
        run.stdout
    );
    let round = run
        .lines()
        .iter()
        .rev()
        .find(|l| l.contains("; totals "))
        .copied()
        .unwrap();
    let printed = round.rsplit("; totals ").next().unwrap();
    let expected: Vec<String> = totals.iter().map(|t| t.1.to_string()).collect();
    assert_eq!(printed, expected.join("-"));
}

#[test]
fn the_hot_seat_shows_each_human_their_own_hand() {
    let run = japjap(
        &[
            "--seed",
            "3",
            "--players",
            "human,human",
            "--names",
            "Ann,Bob",
        ],
        Some("1\n1\n"),
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    let hands: Vec<&str> = run
        .lines()
        .into_iter()
        .filter_map(|l| l.split_once("'s hand: ").map(|(who, _)| who))
        .collect();
    assert!(hands.len() >= 3, "{}", run.stdout);
    // Whoever starts, the hands shown alternate between the two players.
    assert!(hands.windows(2).all(|w| w[0] != w[1]), "{hands:?}");
    assert!(
        hands.contains(&"Ann") && hands.contains(&"Bob"),
        "{hands:?}"
    );
    assert!(run.stdout.contains("P1 Ann  human"), "{}", run.stdout);
}

#[test]
fn every_rule_reaches_the_table() {
    // A call threshold of 64 allows a call on the first turn, whatever the hand.
    let run = japjap(
        &["--seed", "1", "--bot", "greedy", "--call-threshold", "64"],
        Some(""),
    );
    assert!(run.stdout.contains("discard: 1. call |"), "{}", run.stdout);
    assert!(run.stdout.contains("call at 64 or less"), "{}", run.stdout);
    let run = japjap(
        &[
            "--seed",
            "1",
            "--bot",
            "greedy",
            "--min-run",
            "3",
            "--penalty",
            "30",
            "--penalty-mode",
            "added",
            "--counter-on-equal",
            "--exhaustion",
            "reshuffle",
            "--take-from",
            "top-only",
            "--match-losses",
            "2",
            "--turn-limit",
            "500",
            "--score-limit",
            "60",
        ],
        Some(""),
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    let lines = run.lines();
    let at = lines
        .iter()
        .position(|l| l.starts_with("Jap Jap, seed 1:"))
        .unwrap_or_else(|| panic!("no title: {}", run.stdout));
    assert_eq!(
        lines[at],
        "Jap Jap, seed 1: call at 5 or less, 60 loses, runs of 3 or more, equal hands \
         counter, counter penalty 30 added to the hand, empty stock reshuffled, take only \
         the top card, match to 2 lost games, rounds cut at 500 turns"
    );
    assert!(
        lines[at + 1].starts_with("game 1, round 1, "),
        "{}",
        run.stdout
    );
}

#[test]
fn line_mode_input_is_capped_and_checked() {
    let long = "1".repeat(2 << 20);
    let run = japjap(&["--seed", "1", "--bot", "greedy"], Some(&long));
    common::assert_clean_failure("japjap", &run);
    assert!(run.stderr.contains("longer than"), "{}", run.stderr);
}

#[test]
fn bad_arguments_fail_cleanly() {
    for args in [
        &["match", "--bots", "greedy", "--games", "2"][..],
        &[
            "match",
            "--bots",
            "greedy,greedy,greedy,greedy,greedy,greedy",
        ][..],
        &["match", "--games", "2"][..],
        &[
            "match",
            "--bots",
            "greedy,random",
            "--players",
            "human,greedy",
        ][..],
        &["stats", "--players", "2", "--bots", "greedy,greedy,greedy"][..],
        &["stats", "--names", "Ann"][..],
        &["stats", "--bot", "greedy"][..],
        &["--demo", "match"][..],
        &["--demo", "--names", "Ann"][..],
        &["--demo", "--players", "human,greedy"][..],
        &["--players", "greedy,random"][..],
        &["--names", "Ann,Bob,Cy,Dan"][..],
        &["--names", "Ann,ann"][..],
        &["--bots", "greedy"][..],
        &["--players", "human,human", "--bot", "greedy"][..],
    ] {
        let run = japjap(args, None);
        common::assert_clean_failure("japjap", &run);
    }
    // 9 and 300 players: the same error, clap's, naming the range.
    let nine = japjap(&["--players", "9"], None);
    let many = japjap(&["--players", "300"], None);
    for (run, n) in [(&nine, "9"), (&many, "300")] {
        assert_eq!(run.code, Some(2), "{run:?}");
        assert!(
            run.stderr
                .contains(&format!("a table seats 2 to 5, not {n}")),
            "{}",
            run.stderr
        );
    }
    for args in [
        &["--players", "1", "--demo"][..],
        &["stats", "--players", "6"][..],
        &["match", "--bots", "greedy,random", "--games", "0"][..],
        &[
            "rounds",
            "--bots",
            "greedy,random",
            "--rounds",
            "1000000000",
        ][..],
        &["stats", "--games", "0"][..],
        &["match", "--bots", "search,greedy", "--worlds", "100000"][..],
        &["--score-limit", "0"][..],
        &["--penalty", "300"][..],
        &["--min-run", "6"][..],
        &["--exhaustion", "sometimes"][..],
        &["--names", "a-name-far-too-long"][..],
    ] {
        let run = japjap(args, None);
        assert_eq!(run.code, Some(2), "{args:?}: {run:?}");
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
    // An unknown bot is clap's error: exit 2, with the list of bots.
    let run = japjap(&["match", "--bots", "greedy,clever"], None);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(
        run.stderr.contains("random, greedy and search"),
        "{}",
        run.stderr
    );
}

#[test]
fn help_tells_every_option() {
    let run = japjap(&["--help"], None);
    assert_eq!(run.code, Some(0), "{run:?}");
    for flag in [
        "--score-limit",
        "--match-losses",
        "--call-threshold",
        "--penalty ",
        "--penalty-mode",
        "--counter-on-equal",
        "--exhaustion",
        "--take-from",
        "--min-run",
        "--turn-limit",
        "--players",
        "--names",
        "hot seat",
        "no undo",
    ] {
        assert!(run.stdout.contains(flag), "{flag} missing from --help");
    }
}
