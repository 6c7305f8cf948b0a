//! The tetris example as a user runs it: the demo's summary line, the placements command
//! (counts, listing, bad boards), the bench, the rules from the command line, the line mode,
//! and bad arguments.

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
        &["--level", "1000"][..],
        &["--rules", "calculator", "--level", "100"],
        &["--rules", "tengen"],
        &["--rules", "guideline colour=red"],
        &["--hold", "maybe"],
        &["--preview", "7"],
        &["--width", "3"],
        &["--visible", "50"],
        &["--preview", "two words"],
        &["placements"],
        &["placements", "--piece", "Q"],
        &["--pieces", "-3", "--demo"],
        &["--pieces", "0", "--demo"],
        &["bench", "--pieces", "0"],
        &["bench", "--games", "0"],
        &["bench", "--games", "100000001"],
        &["--pieces", "1000000001", "--demo"],
    ] {
        let r = tetris(args, None);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert!(r.stderr.starts_with("error: "), "{args:?}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    }
    // Numbers out of range give the same kind of error, small or huge.
    for level in ["1000", "99999999999999999999"] {
        let r = tetris(&["--level", level], None);
        assert_eq!(r.code, Some(2), "{r:?}");
        assert!(
            r.stderr.starts_with("error: invalid rules: "),
            "{}",
            r.stderr
        );
    }
    // Options that do not apply say so (exit 1, one line).
    for args in [
        &["--demo", "bench"][..],
        &["--games", "3", "--demo"],
        &["rules", "--threads", "2"],
        &["--pieces", "5"],
        &["rules", "--pieces", "5"],
    ] {
        let r = tetris(args, Some(""));
        assert_clean_failure("tetris", &r);
    }
    let r = tetris(&["--help"], None);
    assert_eq!(r.code, Some(0));
    for word in [
        "placements",
        "bench",
        "rules",
        "--demo",
        "--rules",
        "--level",
        "--preview",
        "--hold",
        "--gravity",
        "--seed",
        "--pieces",
        "new game",
    ] {
        assert!(r.stdout.contains(word), "{word}");
    }
}

#[test]
fn rules_from_the_command_line() {
    // A preset, its text form, and one option per setting over it.
    let r = tetris(&["rules", "--rules", "calculator"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    let lines = r.lines();
    assert_eq!(lines[0], "calculator");
    assert!(lines[1].contains(" preview=3 "), "{}", lines[1]);
    assert!(lines[1].contains(" level-cap=99 "), "{}", lines[1]);
    // The full text given back as --rules is the same rule set.
    let again = tetris(&["rules", "--rules", lines[1]], None);
    assert_eq!(again.lines(), lines);
    // Options before or after the subcommand alike; the options win over the text.
    let r = tetris(
        &[
            "--preview",
            "5",
            "rules",
            "--rules",
            "classic hold=no",
            "--hold",
            "yes",
            "--level",
            "12",
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.lines()[0], "classic preview=5 hold=yes level=12");
    for (flag, value, key) in [
        ("--width", "6", "width=6"),
        ("--visible", "16", "visible=16"),
        ("--buffer", "8", "buffer=8"),
        ("--rotation", "classic", "rotation=classic"),
        ("--randomizer", "memoryless", "randomizer=memoryless"),
        ("--preview", "0", "preview=0"),
        ("--hold", "no", "hold=no"),
        ("--hard-drop", "no", "hard-drop=no"),
        ("--gravity", "calculator", "gravity=calculator"),
        ("--soft-drop", "x5", "soft-drop=x5"),
        ("--lock", "20/5", "lock=20/5"),
        ("--das", "8", "das=8"),
        ("--arr", "0", "arr=0"),
        ("--scoring", "nes", "scoring=nes"),
        ("--level", "7", "level=7"),
        ("--level-cap", "30", "level-cap=30"),
        ("--score-cap", "5000", "score-cap=5000"),
        ("--lines-per-level", "5", "lines-per-level=5"),
        ("--lock-out", "no", "lock-out=no"),
    ] {
        let r = tetris(&["rules", flag, value], None);
        assert_eq!(r.code, Some(0), "{flag}: {r:?}");
        assert_eq!(r.lines()[0], format!("guideline {key}"), "{flag}");
        assert!(
            r.lines()[1].split(' ').any(|w| w == key),
            "{flag}: {}",
            r.lines()[1]
        );
    }
    // The settings are checked together: a level above the cap given after it.
    let r = tetris(&["rules", "--level-cap", "10", "--level", "11"], None);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("above 10"), "{}", r.stderr);
    // A bot game under rules of the command line: a narrow field, no preview, no hold.
    let r = tetris(
        &[
            "--demo",
            "--width",
            "6",
            "--preview",
            "0",
            "--hold",
            "no",
            "--pieces",
            "50",
            "--seed",
            "2",
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.lines()[0].starts_with("Tetris, guideline width=6 preview=0 hold=no rules, seed 2"),
        "{}",
        r.lines()[0]
    );
    let (pieces, ..) = summary(r.lines().last().expect("a line"));
    assert_eq!(pieces, 50);
    assert!(
        r.lines().iter().filter(|l| l.len() == 6).count() >= 20,
        "{}",
        r.stdout
    );
}

#[test]
fn the_demo_draws_and_prints_a_seed_unless_given() {
    let r = tetris(&["--demo", "--pieces", "30"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    let seed = r.printed_seed();
    assert!(
        r.lines()[0].contains(&format!("seed {seed}:")),
        "{}",
        r.lines()[0]
    );
    // The printed seed replays the game.
    let again = tetris(&["--demo", "--pieces", "30", "--seed", &seed], None);
    let strip = |s: &str| s.rsplit_once(" pps ").map(|(a, _)| a.to_string());
    assert_eq!(strip(&r.stdout), strip(&again.stdout));
    assert!(again.stderr.is_empty(), "{}", again.stderr);
}

#[test]
fn bench_reports_each_game() {
    let r = tetris(
        &["bench", "--games", "2", "--pieces", "40", "--seed", "5"],
        None,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let lines = r.lines();
    assert_eq!(lines.len(), 6, "{}", r.stdout);
    assert!(
        lines[0].starts_with("# guideline Tetris, the heuristic bot, at most 40 pieces a game"),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].ends_with("2 games, seeds 5..6, seats rotated; bots heuristic"),
        "{}",
        lines[0]
    );
    // The same games as the demo plays from the same seeds.
    for (line, seed) in [(lines[1], 5), (lines[2], 6)] {
        let demo = tetris(
            &["--demo", "--pieces", "40", "--seed", &seed.to_string()],
            None,
        );
        let (_, _, score, _, _) = summary(demo.lines().last().expect("a line"));
        assert_eq!(
            line,
            format!(
                "game {} (seed {seed}): P1 heuristic {score}: won, 40 moves",
                seed - 5
            )
        );
    }
    assert!(
        lines[3].starts_with("heuristic: 2 of 2 games (100.0 %"),
        "{}",
        lines[3]
    );
    assert!(lines[4].starts_with("# "), "{}", lines[4]);
    assert!(
        lines[5].starts_with("2 of 2 games reached 40 pieces without topping out; mean lines "),
        "{}",
        lines[5]
    );
    assert!(lines[5].contains("; 80 pieces in "), "{}", lines[5]);
    // Options of the game before or after the subcommand alike (refused before).
    let after = tetris(
        &[
            "bench", "--rules", "classic", "--games", "1", "--pieces", "20", "--seed", "3",
        ],
        None,
    );
    let before = tetris(
        &[
            "--rules", "classic", "--seed", "3", "--pieces", "20", "--games", "1", "bench",
        ],
        None,
    );
    assert_eq!(after.code, Some(0), "{after:?}");
    assert!(
        after.lines()[0].starts_with("# classic Tetris"),
        "{}",
        after.stdout
    );
    assert_eq!(after.lines()[1], before.lines()[1]);
}

#[test]
fn bench_stops_when_its_output_closes() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    use std::time::Instant;
    // A long bench read for its header only: closing the pipe ends it at once.
    let mut child = Command::new(common::example_path("tetris"))
        .args([
            "bench", "--games", "100000", "--pieces", "1000", "--seed", "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the example runs");
    let start = Instant::now();
    let mut out = child.stdout.take().expect("piped");
    let mut first = [0u8; 16];
    out.read_exact(&mut first).expect("a header");
    drop(out);
    let status = child.wait().expect("it ends");
    assert!(status.success(), "{status:?}");
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{:?}",
        start.elapsed()
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

#[test]
fn line_mode_takes_placements_hints_and_new_games() {
    // The hint's placement, typed back, is played; a refused one says why.
    let r = tetris(&["--seed", "4"], Some("hint\n"));
    let hint = r
        .lines()
        .iter()
        .find_map(|l| l.strip_prefix("hint: "))
        .and_then(|h| h.split(' ').next())
        .map_or_else(|| panic!("a hint in {}", r.stdout), str::to_owned);
    let r = tetris(
        &["--seed", "4"],
        Some(&format!("{hint}\nZ0@0,0\nT0@999,1\n")),
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let status: Vec<&str> = r
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("score "))
        .collect();
    assert_eq!(status.len(), 4, "{}", r.stdout);
    // The hint's placement was played: the queue moved on by one piece.
    let next = |l: &str| {
        l.split(" next ")
            .nth(1)
            .and_then(|s| s.split(' ').next())
            .map(str::to_owned)
    };
    let (before, after) = (
        next(status[0]).expect("a queue"),
        next(status[1]).expect("a queue"),
    );
    assert_eq!(before[1..], after[..after.len() - 1], "{}", r.stdout);
    assert!(r.stdout.contains("error: Z0@0,0: "), "{}", r.stdout);
    assert!(r.stdout.contains("error: \"T0@999,1\""), "{}", r.stdout);
    // Hard drops in the middle column top out; then only new or quit, and new plays on.
    let drops = "D\n".repeat(40);
    let r = tetris(
        &["--seed", "4"],
        Some(&format!("{drops}LLLD\nnew\nLLLD\nquit\nLLLD\n")),
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("game over ("), "{}", r.stdout);
    assert!(
        r.stdout.contains("the game is over: type new or quit"),
        "{}",
        r.stdout
    );
    let last = r
        .lines()
        .into_iter()
        .rfind(|l| l.starts_with("score "))
        .expect("a status line");
    assert!(last.ends_with(" playing"), "{last}");
    assert!(last.starts_with("score "), "{last}");
    // A line past the reader's cap: one line of error, non-zero exit.
    let huge = "L".repeat(2 << 20);
    let r = tetris(&["--seed", "4"], Some(&huge));
    assert_clean_failure("tetris", &r);
}

#[test]
fn high_scores_are_kept_per_rule_set() {
    let dir = std::env::temp_dir().join(format!("plateau-tetris-scores-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let env = [("PLATEAU_DATA_DIR", dir.as_os_str())];
    let with =
        |args: &[&str], stdin: Option<&str>| common::run_env("tetris", args, &env, stdin, LIMIT);
    let r = with(&["scores"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.starts_with("no scores yet"), "{}", r.stdout);
    // Two games played to their top-out in the line mode enter the table.
    let drops = "D\n".repeat(40);
    let mut scores = Vec::new();
    for seed in ["4", "5"] {
        let r = with(&["--seed", seed], Some(&drops));
        assert_eq!(r.code, Some(0), "{r:?}");
        let over = r
            .lines()
            .into_iter()
            .find(|l| l.starts_with("game over ("))
            .unwrap_or_else(|| panic!("no game over in {}", r.stdout));
        let score: u64 = over
            .split("score ")
            .nth(1)
            .and_then(|s| s.split(',').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no score in {over}"));
        assert!(over.contains("high score"), "{over}");
        scores.push((score, seed));
    }
    scores.sort_by_key(|s| std::cmp::Reverse(s.0));
    let r = with(&["scores"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    let lines = r.lines();
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    assert_eq!(lines[0], "# guideline");
    for (line, (score, seed)) in lines[1..].iter().zip(&scores) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[1], score.to_string(), "{line}");
        assert!(line.ends_with(&format!("seed {seed}")), "{line}");
    }
    // A game played with a hint enters no record.
    let r = with(&["--seed", "6"], Some(&format!("hint\n{drops}")));
    assert!(
        r.stdout.contains("played with hints: no record"),
        "{}",
        r.stdout
    );
    assert_eq!(with(&["scores"], None).lines().len(), 3);
    // Each rule set has its own table.
    let r = with(&["scores", "--rules", "classic"], None);
    assert_eq!(
        r.lines(),
        ["no scores yet under classic rules: a game enters the table when it tops out"]
    );
    // A corrupt file is reported in one line and set aside, never a crash.
    let file = dir.join("tetris.records");
    std::fs::write(&file, "not a records file\n").expect("written");
    let r = with(&["scores"], None);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.starts_with("tetris: "), "{}", r.stderr);
    assert!(r.stdout.starts_with("no scores yet"), "{}", r.stdout);
    assert!(dir.join("tetris.records.corrupt").exists());
    assert!(!file.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
