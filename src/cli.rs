//! The command line every game shares, and `main`'s error convention.

use std::error::Error;
use std::io;
use std::process::ExitCode;

/// What an example's body returns: `Ok` or an error printed as `<game>: <message>`.
pub type CliResult = Result<(), Box<dyn Error>>;

/// The arguments every game example takes; flatten them into the game's parser with
/// `#[command(flatten)] game: plateau::GameArgs`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// Seed of the game, for a replay (without it a seed is drawn and printed on stderr).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Let the solver or bot play a whole game with no input and no terminal, print the
    /// final position and a one-line summary.
    #[arg(long)]
    pub demo: bool,
}

impl GameArgs {
    /// The seed to play: the one given, or a fresh one (printed on stderr so the game can be
    /// replayed with `--seed`).
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(fresh_seed)
    }
}

/// A seed from the clock, printed on stderr with how to replay it.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // splitmix64 finaliser: nearby clock readings give unrelated seeds.
    let mut z = nanos.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    let seed = (z ^ (z >> 31)) % 1_000_000_000;
    eprintln!("seed {seed} (replay with --seed {seed})");
    seed
}

/// Runs an example's body with the workspace's conventions: an error is printed as
/// `<name>: <message>` on stderr with exit status 1; output cut short by a closed pipe
/// (`| head`) ends quietly; a panic (a bug) is reported on one line, the terminal restored.
pub fn run(name: &'static str, body: impl FnOnce() -> CliResult) -> ExitCode {
    std::panic::set_hook(Box::new(move |info| {
        crate::screen::restore();
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_owned());
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!("{name}: internal error (please report it): {what}{at}");
    }));
    match body() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(e.as_ref()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn is_broken_pipe(e: &(dyn Error + 'static)) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
