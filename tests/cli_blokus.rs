//! The blokus example as a user runs it: the demo, perft, a line-mode game, a scripted GTP
//! session in Pentobi's dialect, and every bad input found.

mod common;

use std::time::Duration;

use common::{assert_clean_failure, run};

const LIMIT: Duration = Duration::from_secs(120);

#[test]
fn demo_plays_a_whole_game_and_exits_0() {
    let r = run("blokus", &["--demo", "--seed", "3"], None, LIMIT);
    assert_eq!(r.code, Some(0), "{r:?}");
    let last = r.lines().last().copied().unwrap_or_default();
    assert!(last.starts_with("blokus: P"), "{last}");
    // The final board: 14 rows of 14 cells.
    let rows = r
        .lines()
        .iter()
        .filter(|l| l.len() == 14 && l.chars().all(|c| ".12".contains(c)))
        .count();
    assert_eq!(rows, 14, "{}", r.stdout);
    let again = run("blokus", &["--demo", "--seed", "3"], None, LIMIT);
    assert_eq!(again.stdout, r.stdout, "a seed replays the demo");
    let classic = run(
        "blokus",
        &["--demo", "--variant", "classic", "--seed", "1"],
        None,
        LIMIT,
    );
    assert_eq!(classic.code, Some(0), "{classic:?}");
    assert!(classic.stdout.contains("Classic"));
}

#[test]
fn perft_prints_each_depth() {
    let r = run("blokus", &["perft", "--depth", "2"], None, LIMIT);
    assert_eq!(r.code, Some(0), "{r:?}");
    let lines = r.lines();
    assert!(lines[0].starts_with("depth 1: 414 "), "{lines:?}");
    assert!(lines[1].starts_with("depth 2: 171396 "), "{lines:?}");
    let classic = run(
        "blokus",
        &["perft", "--depth", "1", "--variant", "classic"],
        None,
        LIMIT,
    );
    assert!(classic.stdout.starts_with("depth 1: 58 "), "{classic:?}");
}

#[test]
fn a_line_mode_game_takes_codes_numbers_hints_and_undo() {
    let script = "h\n56u0\nu\n1\n99z9\n11a0\nnonsense\n42\nq\n";
    let r = run(
        "blokus",
        &["--bot", "greedy", "--seed", "1"],
        Some(script),
        LIMIT,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let out = &r.stdout;
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("green plays "), "{out}");
    assert!(out.contains("not played: "), "{out}"); // 11a0 misses the start square
    assert!(out.contains("bad piece letter"), "{out}");
    assert!(out.contains("no suggestion 42"), "{out}");
    // Closed stdin ends the game quietly.
    let r = run("blokus", &["--bot", "greedy"], None, LIMIT);
    assert_eq!(r.code, Some(0), "{r:?}");
}

/// Sends a GTP script and splits the answers (each ends with a blank line).
fn gtp(args: &[&str], script: &str) -> Vec<String> {
    let mut all = vec!["gtp"];
    all.extend_from_slice(args);
    let r = run("blokus", &all, Some(script), LIMIT);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.ends_with("\n\n"), "{:?}", r.stdout);
    r.stdout
        .trim_end()
        .split("\n\n")
        .map(str::to_owned)
        .collect()
}

#[test]
fn gtp_session_in_pentobis_dialect() {
    let script = "\
protocol_version
1 name
2 version
known_command genmove
known_command fly
set_game Blokus Duo
play b e8,d9,e9,f9,e10
all_legal w
genmove w
showboard
play b e10
3 undo
reg_genmove b
play blue a1
play w e8
play x e7
bogus
final_score
clear_board
set_random_seed 5
quit
";
    let a = gtp(&["--level", "200", "--seed", "1"], script);
    assert_eq!(a[0], "= 2");
    assert_eq!(a[1], "=1 plateau-blokus");
    assert!(a[2].starts_with("=2 "));
    assert_eq!(a[3], "= true");
    assert_eq!(a[4], "= false");
    assert_eq!(a[5], "= ");
    assert_eq!(a[6], "= ", "the X on e9 covers (4, 4)");
    // Green's 414 openings around j5, one per line.
    let legal: Vec<&str> = a[7].trim_start_matches("= ").lines().collect();
    assert_eq!(legal.len(), 414, "{}", a[7]);
    assert!(legal.iter().all(|m| m.split(',').any(|p| p == "j5")));
    // genmove answers a move of green covering j5 and plays it.
    let answer = a[8].strip_prefix("= ").expect("a move");
    assert!(answer.split(',').any(|p| p == "j5"), "{answer}");
    assert!(a[9].contains("A B C D E F G H I J K L M N"), "{}", a[9]);
    assert!(a[9].contains("*blue"), "blue is to move: {}", a[9]);
    assert_eq!(
        a[10].split_once(' ').map(|x| x.0),
        Some("?"),
        "e10 overlaps: {}",
        a[10]
    );
    assert_eq!(a[11], "=3 ", "undo takes back green's move");
    // Green is to move again and can: blue may not move out of turn.
    assert!(a[12].starts_with("? not your turn"), "{}", a[12]);
    assert!(a[13].starts_with("? "), "{}", a[13]);
    assert!(a[14].starts_with("? "), "{}", a[14]);
    assert!(a[15].starts_with("? invalid color"), "{}", a[15]);
    assert_eq!(a[16], "? unknown command");
    assert!(a[17].starts_with("= "), "{}", a[17]);
    assert_eq!(a[18], "= ");
    assert_eq!(a[19], "= ");
    assert_eq!(a[20], "=", "the output's end is trimmed");
    assert_eq!(a.len(), 21);
}

#[test]
fn gtp_plays_a_whole_game_against_itself() {
    // Alternate genmove b / genmove w until both answer pass, then final_score.
    let mut script = String::from("set_game Blokus Duo\n");
    for _ in 0..45 {
        script += "genmove b\ngenmove w\n";
    }
    script += "final_score\nquit\n";
    let a = gtp(&["--level", "30", "--seed", "2"], &script);
    assert_eq!(a.len(), 93);
    assert!(a.iter().all(|r| r.starts_with('=')), "{a:?}");
    assert_eq!(a[a.len() - 3], "= pass");
    let score = a[a.len() - 2].trim_start_matches("= ");
    assert!(
        score == "0" || score.starts_with("B+") || score.starts_with("W+"),
        "{score}"
    );
}

#[test]
fn bad_input_fails_cleanly() {
    for args in [
        &["--variant", "hexagon"][..],
        &["perft", "--depth", "0"],
        &["perft", "--depth", "9"],
        &["match", "--bots", "mcts"],
        &["--playouts", "0"],
    ] {
        let r = run("blokus", args, None, LIMIT);
        assert_eq!(r.code, Some(2), "clap's own errors exit 2: {args:?} {r:?}");
    }
    let r = run("blokus", &["match", "--bots", "mcts,wizard"], None, LIMIT);
    assert_eq!(r.code, Some(2), "{r:?}");
    let r = run(
        "blokus",
        &["--variant", "duo", "--players", "3"],
        None,
        LIMIT,
    );
    assert_clean_failure("blokus", &r);
    let r = run(
        "blokus",
        &["--variant", "classic", "--players", "3", "--demo"],
        None,
        LIMIT,
    );
    assert_clean_failure("blokus", &r);
    // GTP errors are answers, not exits.
    let a = gtp(
        &[],
        "play\ngenmove\nplay b\nplay b zz99\nset_game Chess\n7\n",
    );
    assert_eq!(a.len(), 6);
    assert!(a.iter().all(|r| r.starts_with('?')), "{a:?}");
}

#[test]
fn a_short_match_reports_the_rate_and_interval() {
    let r = run(
        "blokus",
        &[
            "match",
            "--bots",
            "greedy,random",
            "--games",
            "4",
            "--threads",
            "1",
        ],
        None,
        LIMIT,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let last = r.lines().last().copied().unwrap_or_default();
    assert!(
        last.contains("score rate") && last.contains("95 % interval"),
        "{last}"
    );
    assert_eq!(r.lines().len(), 5);
}
