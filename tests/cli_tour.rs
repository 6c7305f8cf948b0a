//! The tour, run as the README's first command runs it.

mod common;

use std::time::Duration;

#[test]
fn the_tour_runs_every_section_and_exits_0() {
    let run = common::run("tour", &[], None, Duration::from_secs(120));
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(run.stdout.contains("tour finished"), "{}", run.stdout);
}
