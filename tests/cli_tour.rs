//! The tour, run as the README's first command runs it.

mod common;

use std::time::Duration;

#[test]
fn the_tour_runs_every_section_and_exits_0() {
    let run = common::run("tour", &[], None, Duration::from_secs(120));
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(run.stdout.contains("tour finished"), "{}", run.stdout);
}

#[test]
fn the_tour_takes_help_and_refuses_unknown_arguments_like_every_example() {
    let help = common::run("tour", &["--help"], None, Duration::from_secs(60));
    assert_eq!(help.code, Some(0), "{help:?}");
    assert!(help.stdout.contains("--seed"), "{}", help.stdout);
    let bad = common::run("tour", &["--fast"], None, Duration::from_secs(60));
    assert_eq!(bad.code, Some(2), "{bad:?}");
    assert!(
        bad.stderr.contains("unexpected argument '--fast'"),
        "{}",
        bad.stderr
    );
    assert!(bad.stdout.is_empty(), "{}", bad.stdout);
}
