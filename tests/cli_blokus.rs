//! The blokus example as a user runs it: the demo, perft, a line-mode game, a scripted GTP
//! session in Pentobi's dialect, matches, and every bad input found.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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
    let script = "11a0\nh\n56u0\nu\n1\n99z9\n11a0\nnonsense\n42\nq\n";
    let r = run(
        "blokus",
        &["--bot", "greedy", "--seed", "1"],
        Some(script),
        LIMIT,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let out = &r.stdout;
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("Green plays "), "{out}");
    assert!(
        !out.contains("P2"),
        "seats are named by their colours: {out}"
    );
    // 11a0 misses the start square, told in the board's coordinates; later it touches no
    // blue corner.
    assert!(
        out.contains(
            "not played: 11a0 (monomino): blue's first piece must cover column 5, row 5 (its start)"
        ),
        "{out}"
    );
    assert!(
        out.contains("not played: 11a0 (monomino) touches no blue piece at a corner"),
        "{out}"
    );
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
    assert_eq!(a[10], "? e10 is covered already");
    assert_eq!(a[11], "=3 ", "undo takes back green's move");
    // Green is to move again, but any colour may move at any time (as in Pentobi):
    // reg_genmove answers a blue move next to blue's X and plays nothing.
    let blue = a[12].strip_prefix("= ").expect("a move");
    assert_ne!(blue, "pass", "{}", a[12]);
    assert_eq!(
        a[13], "? a1 touches no blue piece at a corner",
        "told in the command's points"
    );
    assert_eq!(a[14], "? e8 is covered already");
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
        &["--playouts", "0"],
    ] {
        let r = run("blokus", args, None, LIMIT);
        assert_eq!(r.code, Some(2), "clap's own errors exit 2: {args:?} {r:?}");
    }
    let r = run("blokus", &["match", "--bots", "mcts,wizard"], None, LIMIT);
    assert_eq!(r.code, Some(2), "{r:?}");
    let r = run("blokus", &["match", "--bots", "mcts"], None, LIMIT);
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
    let lines = r.lines();
    // The header, four games, a line per bot, the wall time, the bots' thinking.
    assert_eq!(lines.len(), 9, "{}", r.stdout);
    let thinking = lines[8];
    assert!(
        thinking.starts_with("# thinking per move: greedy ")
            && thinking.contains(", random ")
            && thinking.contains(" moves)"),
        "{thinking}"
    );
    // Every move of every game was timed on its bot's clock.
    let timed: u64 = thinking
        .split(" moves)")
        .filter_map(|part| part.rsplit(' ').next()?.parse::<u64>().ok())
        .sum();
    let played: u64 = lines[1..5]
        .iter()
        .filter_map(|g| {
            g.strip_suffix(" moves")?
                .rsplit(' ')
                .next()?
                .parse::<u64>()
                .ok()
        })
        .sum();
    assert!(played > 0);
    assert_eq!(timed, played, "{}", r.stdout);
    for (i, game) in lines[1..5].iter().enumerate() {
        assert!(game.starts_with(&format!("game {i} (seed ")), "{game}");
    }
    assert!(lines[5].starts_with("greedy: ") && lines[6].starts_with("random: "));
    assert!(lines[5].contains("95 % interval"), "{}", lines[5]);
}

#[test]
fn gtp_takes_either_colour_at_any_time_and_survives_bad_bytes() {
    // One byte that is not UTF-8 (after `name`): answered, and the engine goes on.
    let mut raw =
        b"play w j5\nplay w k4,l4\nname\xff\nplay b e10\nplay b e10,e11\nplay b d9,c9\n".to_vec();
    raw.extend_from_slice(b"undo\nshowboard\ncputime\ngenmove w\ngenmove w\ncputime\nquit\n");
    let r = common::run_bytes("blokus", &["gtp", "--level", "200"], &raw, LIMIT);
    assert_eq!(r.code, Some(0), "{r:?}");
    let a: Vec<&str> = r.stdout.trim_end().split("\n\n").collect();
    assert_eq!(a[0], "= ", "green may open");
    assert_eq!(
        a[1], "= ",
        "and move again: the turn goes to the colour after the one named"
    );
    assert_eq!(a[2], "? an input line is not UTF-8 text");
    assert_eq!(a[3], "= ", "blue's monomino on its start");
    assert_eq!(a[4], "? e10 is covered already");
    assert_eq!(a[5], "= ", "d9 touches e10 at a corner");
    assert_eq!(a[6], "= ", "undo takes back the domino");
    let on_board = |symbol: char| -> usize {
        a[7].lines()
            .filter(|l| !l.contains("points"))
            .map(|l| l.matches(symbol).count())
            .sum()
    };
    assert_eq!(on_board('X'), 1, "blue's monomino alone: {}", a[7]);
    assert_eq!(on_board('O'), 3, "green's j5, k4 and l4: {}", a[7]);
    let cpu = |i: usize| -> f64 {
        a[i].strip_prefix("= ")
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("cputime answers seconds: {}", a[i]))
    };
    // Process CPU time: already above zero before any genmove (the engine started), and
    // growing with the searches.
    assert!(cpu(8) > 0.0, "{}", a[8]);
    assert!(a[9].starts_with("= ") && a[9] != "= pass", "{}", a[9]);
    assert!(a[10].starts_with("= ") && a[10] != "= pass", "{}", a[10]);
    assert!(cpu(11) >= cpu(8), "{} then {}", a[8], a[11]);
    assert_eq!(a.len(), 13, "{a:?}");
}

#[test]
fn gtp_answers_a_100_mb_line_and_goes_on() {
    let mut raw = b"name\n".to_vec();
    raw.extend(std::iter::repeat_n(b'x', 100 << 20));
    raw.extend_from_slice(b"\nprotocol_version\nquit\n");
    let r = common::run_bytes("blokus", &["gtp"], &raw, LIMIT);
    assert_eq!(r.code, Some(0), "{r:?}");
    let a: Vec<&str> = r.stdout.trim_end().split("\n\n").collect();
    assert_eq!(a[0], "= plateau-blokus");
    assert!(
        a[1].starts_with("? an input line is longer than"),
        "{}",
        a[1]
    );
    assert_eq!(
        a[2], "= 2",
        "the rest of the long line is skipped, not read as commands"
    );
    assert_eq!(a.len(), 4, "{a:?}");
}

#[test]
fn hot_seat_and_seats_are_named_by_their_colours() {
    let r = run(
        "blokus",
        &["--players", "human,human", "--seed", "1"],
        Some("55u0\naau0\nq\n"),
        LIMIT,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("Blue to move"), "{}", r.stdout);
    assert!(r.stdout.contains("Green to move"), "{}", r.stdout);
    assert!(!r.stdout.contains("plays"), "no bot plays: {}", r.stdout);
    let refused = run("blokus", &["--players", "greedy,random"], None, LIMIT);
    assert_clean_failure("blokus", &refused);
}

#[test]
fn a_whole_line_mode_game_ends_in_the_players_words() {
    // Always the first suggestion (the greedy choice): passes are played for the player.
    let script = "1\n".repeat(40);
    let r = run(
        "blokus",
        &["--bot", "random", "--seed", "4"],
        Some(&script),
        LIMIT,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let last = r.lines().last().copied().unwrap_or_default();
    assert!(last.starts_with("game over: "), "{last}");
    assert!(
        last.contains("you win") || last.contains("you lose") || last.contains("a draw"),
        "{last}"
    );
    assert!(
        !r.stdout.contains("P1") && !r.stdout.contains("P2"),
        "{}",
        r.stdout
    );
}

#[test]
fn the_original_scoring_adds_a_point_per_square_placed() {
    let score = |args: &[&str]| -> Vec<(i64, i64)> {
        let r = run("blokus", args, None, LIMIT);
        assert_eq!(r.code, Some(0), "{r:?}");
        let line = r
            .lines()
            .into_iter()
            .find(|l| l.starts_with("scores:"))
            .expect("a scores line")
            .to_owned();
        // "scores: blue -3 (42 squares, 4 pieces left); green ..."
        line.trim_start_matches("scores:")
            .split(';')
            .map(|part| {
                let w: Vec<&str> = part.split_whitespace().collect();
                let score = w[1].parse().expect("a score");
                let squares = w[2].trim_start_matches('(').parse().expect("squares");
                (score, squares)
            })
            .collect()
    };
    let official = score(&["--demo", "--seed", "2"]);
    let original = score(&["--demo", "--seed", "2", "--scoring", "original"]);
    assert_eq!(official.len(), 2);
    for ((o, squares), (g, same)) in official.iter().zip(&original) {
        assert_eq!(squares, same, "the same game");
        assert_eq!(*g, o + squares);
    }
}

#[test]
fn demo_without_a_seed_draws_one_and_says_it() {
    let r = run("blokus", &["--demo"], None, LIMIT);
    assert_eq!(r.code, Some(0), "{r:?}");
    let seed: u64 = r
        .stderr
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a seed on stderr: {:?}", r.stderr));
    assert!(r.stdout.contains(&format!("seed {seed}:")), "{}", r.stdout);
    let again = run(
        "blokus",
        &["--demo", "--seed", &seed.to_string()],
        None,
        LIMIT,
    );
    assert_eq!(again.stdout, r.stdout, "the printed seed replays the game");
}

#[test]
fn options_go_before_or_after_the_subcommand() {
    let after = run(
        "blokus",
        &[
            "match",
            "--bots",
            "greedy,random",
            "--games",
            "2",
            "--seed",
            "9",
            "--summary",
        ],
        None,
        LIMIT,
    );
    let before = run(
        "blokus",
        &[
            "--seed",
            "9",
            "--bots",
            "greedy,random",
            "match",
            "--games",
            "2",
            "--summary",
        ],
        None,
        LIMIT,
    );
    assert_eq!(after.code, Some(0), "{after:?}");
    let strip = |t: &str| -> Vec<String> {
        // The last lines are timings.
        t.lines()
            .filter(|l| !l.ends_with(" s") && !l.starts_with("# thinking"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(strip(&after.stdout), strip(&before.stdout));
    let r = run(
        "blokus",
        &["perft", "--depth", "1", "--variant", "classic"],
        None,
        LIMIT,
    );
    let l = run(
        "blokus",
        &["--variant", "classic", "perft", "--depth", "1"],
        None,
        LIMIT,
    );
    assert!(r.stdout.starts_with("depth 1: 58 ") && l.stdout.starts_with("depth 1: 58 "));
}

#[test]
fn match_names_its_bots_and_playouts_only_where_they_count() {
    let r = run(
        "blokus",
        &[
            "match",
            "--bots",
            "mcts,mcts",
            "--playouts",
            "20",
            "--games",
            "2",
            "--threads",
            "1",
        ],
        None,
        LIMIT,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let header = r.lines()[0];
    assert!(
        header.starts_with("# Blokus Duo, mcts at 20 playouts per move: 2 games, seeds "),
        "{header}"
    );
    assert!(header.ends_with("bots mcts#1, mcts#2"), "{header}");
    let r = run(
        "blokus",
        &[
            "match",
            "--bots",
            "greedy,random",
            "--games",
            "2",
            "--threads",
            "1",
        ],
        None,
        LIMIT,
    );
    assert!(!r.lines()[0].contains("playouts"), "{}", r.lines()[0]);
    assert!(
        r.lines()[0].ends_with("bots greedy, random"),
        "{}",
        r.lines()[0]
    );
}

#[test]
fn match_bots_take_budgets_of_their_own() {
    let games = |bots: &str, playouts: &str| {
        let r = run(
            "blokus",
            &[
                "match",
                "--bots",
                bots,
                "--playouts",
                playouts,
                "--games",
                "2",
                "--seed",
                "5",
                "--threads",
                "1",
            ],
            None,
            LIMIT,
        );
        assert_eq!(r.code, Some(0), "{r:?}");
        r.lines()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    };
    let own = games("mcts:20,classic:30", "999");
    assert_eq!(
        own[0], "# Blokus Duo: 2 games, seeds 5..6, seats rotated; bots mcts:20, classic:30",
        "no --playouts in the header when every search has its own budget"
    );
    // A budget of its own is the same search as --playouts at that budget (and not the
    // --playouts given): game for game the same scores.
    let games_only = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l.starts_with("game "))
            .map(|l| l.replace("mcts:20#", "mcts#"))
            .collect()
    };
    let own_budget = games_only(&games("mcts:20,mcts:20", "999"));
    assert_eq!(own_budget.len(), 2);
    assert_eq!(own_budget, games_only(&games("mcts,mcts", "20")));
    for bad in [
        "greedy:5,mcts",
        "mcts:0,mcts",
        "mcts:0s,mcts",
        "mcts:x,mcts",
        "wizard:9,mcts",
    ] {
        let r = run("blokus", &["match", "--bots", bad], None, LIMIT);
        assert_eq!(r.code, Some(2), "{bad}: {r:?}");
        assert!(r.stderr.contains("--bots"), "{bad}: {}", r.stderr);
    }
}

#[test]
fn match_stops_when_its_output_closes() {
    // `blokus match --games 100000 | head -1`: the reader takes one line and goes.
    let mut child = Command::new(common::example_path("blokus"))
        .args(["match", "--bots", "greedy,greedy", "--games", "100000"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the example runs");
    let start = Instant::now();
    {
        let mut first = String::new();
        let mut out = BufReader::new(child.stdout.take().expect("piped"));
        out.read_line(&mut first).expect("a header line");
        assert!(first.starts_with("# Blokus Duo"), "{first}");
    }
    loop {
        if let Some(status) = child.try_wait().expect("waiting works") {
            assert!(status.success(), "a closed pipe ends quietly: {status:?}");
            break;
        }
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("the match went on after its output closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn out_of_range_numbers_get_one_kind_of_error() {
    for players in ["9", "300", "3", "99999999999999999999999"] {
        let r = run("blokus", &["--players", players], None, LIMIT);
        assert_eq!(r.code, Some(2), "{players}: {r:?}");
        assert!(
            r.stderr.contains(&format!(
                "{players} players: Duo is for 2, Classic for 2 or 4"
            )),
            "{players}: {}",
            r.stderr
        );
    }
    for args in [
        &["match", "--games", "0"][..],
        &["match", "--threads", "0"],
        &["gtp", "--level", "0"],
        &["--playouts", "99999999999"],
    ] {
        let r = run("blokus", args, None, LIMIT);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
    }
    let r = run(
        "blokus",
        &["--variant", "duo", "--players", "4"],
        None,
        LIMIT,
    );
    assert_clean_failure("blokus", &r);
    let r = run(
        "blokus",
        &["match", "--bots", "mcts,greedy,random"],
        None,
        LIMIT,
    );
    assert_clean_failure("blokus", &r);
}

#[test]
fn perft_is_quiet_off_a_terminal() {
    let r = run("blokus", &["perft", "--depth", "2"], None, LIMIT);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stderr, "", "no progress bar into a pipe");
}

#[test]
fn a_hot_seat_game_names_the_winner_by_colour() {
    // Both players always take the first suggestion until the game ends.
    let script = "1\n".repeat(60);
    let r = run(
        "blokus",
        &["--players", "human,human", "--seed", "2"],
        Some(&script),
        LIMIT,
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let last = r.lines().last().copied().unwrap_or_default();
    assert!(
        last.starts_with("game over: Blue wins")
            || last.starts_with("game over: Green wins")
            || last.starts_with("game over: a draw"),
        "{last}"
    );
    assert!(!last.contains("you"), "no `you` with two humans: {last}");
    assert!(
        !r.stdout.contains("P1"),
        "seats by colour, never P1: {}",
        r.stdout
    );
}
