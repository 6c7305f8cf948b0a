//! Runs the example programs as a user would, for the CLI tests of `tests/cli_<game>.rs`.
//!
//! `cargo test` builds every example before it runs the tests, so the binaries are found
//! beside the test executable: `target/<profile>/examples/<name>`.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The built example `name`.
pub fn example_path(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test knows where it runs");
    // target/<profile>/deps/<test> -> target/<profile>/examples/<name>
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("tests run from target/<profile>/deps");
    profile.join("examples").join(name)
}

/// What a run printed and how it ended.
#[derive(Debug)]
pub struct Run {
    /// Exit status code (`None`: killed by a signal).
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The standard output's lines.
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    /// The seed the program drew and printed on stderr (`seed N (replay with --seed N)`).
    pub fn printed_seed(&self) -> String {
        self.stderr
            .strip_prefix("seed ")
            .and_then(|s| s.split_whitespace().next())
            .map_or_else(
                || panic!("no seed on stderr: {}", self.stderr),
                str::to_owned,
            )
    }
}

/// Runs example `name` with `args`, feeding `stdin` (closed at once when `None`), and
/// fails the test if it takes longer than `limit` (it is then killed). Records go to a
/// scratch directory of this test process, never to the user's.
pub fn run(name: &str, args: &[&str], stdin: Option<&str>, limit: Duration) -> Run {
    run_bytes(name, args, stdin.unwrap_or("").as_bytes(), limit)
}

/// [`run`] feeding any bytes (not UTF-8, or huge) on standard input.
pub fn run_bytes(name: &str, args: &[&str], stdin: &[u8], limit: Duration) -> Run {
    let scratch = std::env::temp_dir().join(format!("plateau-cli-{}", std::process::id()));
    run_env_bytes(
        name,
        args,
        &[("PLATEAU_DATA_DIR", scratch.as_os_str())],
        stdin,
        limit,
    )
}

/// [`run`] with environment variables set (`PLATEAU_DATA_DIR` for a test's own records).
pub fn run_env(
    name: &str,
    args: &[&str],
    env: &[(&str, &std::ffi::OsStr)],
    stdin: Option<&str>,
    limit: Duration,
) -> Run {
    run_env_bytes(name, args, env, stdin.unwrap_or("").as_bytes(), limit)
}

/// [`run_env`] feeding any bytes on standard input.
pub fn run_env_bytes(
    name: &str,
    args: &[&str],
    env: &[(&str, &std::ffi::OsStr)],
    stdin: &[u8],
    limit: Duration,
) -> Run {
    let mut child = Command::new(example_path(name))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env("NO_COLOR", "1")
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "cannot start example {name} ({e}): `cargo test` builds the examples unless \
                 targets are filtered (`--test`); then run `cargo build --examples` first"
            )
        });
    let mut input = child.stdin.take().expect("stdin is piped");
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The program may exit before reading everything: a broken pipe here is fine.
        let _ = input.write_all(&bytes);
    });
    // Read both outputs while the program runs, so a full pipe never blocks it.
    let mut out = child.stdout.take().expect("stdout is piped");
    let mut err = child.stderr.take().expect("stderr is piped");
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting works") {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("{name} {args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = writer.join();
    Run {
        code: status.code(),
        stdout: String::from_utf8_lossy(&out.join().expect("reader")).into_owned(),
        stderr: String::from_utf8_lossy(&err.join().expect("reader")).into_owned(),
    }
}

/// The seed a run drew and printed on stderr (`seed N (replay with --seed N)`); fails the
/// test when there is none.
pub fn printed_seed(run: &Run) -> String {
    run.stderr
        .lines()
        .find_map(|l| l.strip_prefix("seed "))
        .and_then(|s| s.split_whitespace().next())
        .unwrap_or_else(|| panic!("no seed printed on stderr: {run:?}"))
        .to_owned()
}

/// Asserts the run failed the workspace's way: exit status 1, one line on stderr starting
/// with `<name>: `, and no sign of a panic or a Debug dump.
pub fn assert_clean_failure(name: &str, run: &Run) {
    assert_eq!(run.code, Some(1), "{name} should exit 1: {run:?}");
    let err = run.stderr.trim_end();
    assert!(
        err.starts_with(&format!("{name}: ")),
        "{name}: stderr should start with the program name: {err:?}"
    );
    for bad in [
        "panicked",
        "RUST_BACKTRACE",
        "Os {",
        "Error {",
        "internal error",
    ] {
        assert!(!err.contains(bad), "{name}: stderr shows {bad:?}: {err:?}");
    }
}
