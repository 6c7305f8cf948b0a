//! The command line: clap's parser and the board the options describe. Every board option
//! and `--seed` are global: they may come before or after the subcommand.

use std::error::Error;

use clap::{Args, Parser, Subcommand, ValueEnum};
use plateau::GameArgs;
use plateau_minesweeper::solver::Opener;
use plateau_minesweeper::{Config, Density, FirstClick, Level, Marks, Pos, Size};

/// The keys of the full screen, for `--help` (the screen's `?` shows the same list).
const KEYS: &str = "Keys on the full screen: arrows move the cursor; space or Enter reveals; \
                    f flags (with --marks: flag, ?, nothing); c chords (reveals the cells \
                    around a number whose flags are all placed); the mouse: left reveals, \
                    right flags, middle chords; h hints (the solver's move and its risk); u \
                    takes back the losing click; + and - set three mines more or fewer for \
                    the next game (on the calculator board, 11 to 42); n new game; m shows \
                    the mines; ? lists the keys; q, Esc or Ctrl-C quit. The clock starts at \
                    the first click; the best time of each board is kept (a game won after \
                    h, m or u sets no record).\n\nIn line mode (standard input not a \
                    terminal) type moves: r x,y reveals, f x,y flags, c x,y chords (x = \
                    column, y = row from the top, from 0); hint, undo (the losing click), \
                    new, quit.";

#[derive(Parser, Debug)]
#[command(
    name = "minesweeper",
    about = "Minesweeper: reveal every safe cell; a number tells how many of the 8 cells around are mines",
    long_about = "Minesweeper: reveal every safe cell; a number tells how many of the 8 cells \
                  around are mines.\n\nWith no subcommand, play (full screen on a terminal, \
                  line by line otherwise); --demo watches the solver play; the subcommands \
                  measure the solver and read views and boards. Every board option may come \
                  before or after the subcommand.",
    after_help = KEYS
)]
#[command(mut_arg("seed", |a| a.global(true)))]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub board: BoardArgs,
}

/// The board: a preset, or its size and mines, and the rules of the first click.
#[derive(Args, Debug, Clone, Default)]
pub struct BoardArgs {
    /// Preset: beginner (9x9/10), intermediate (16x16/40), expert (30x16/99), calculator
    /// (15x10/19; the game's default, `stats` plays expert).
    #[arg(long, global = true, help_heading = "Board")]
    pub level: Option<Level>,
    /// Board width, 1 to 1024 (overrides the level's).
    #[arg(long, global = true, help_heading = "Board")]
    pub width: Option<usize>,
    /// Board height, 1 to 1024 (overrides the level's).
    #[arg(long, global = true, help_heading = "Board")]
    pub height: Option<usize>,
    /// Board size as `WxH` (instead of --width and --height).
    #[arg(long, global = true, conflicts_with_all = ["width", "height"], help_heading = "Board")]
    pub size: Option<Size>,
    /// Number of mines (overrides the level's; a custom size without it keeps the level's
    /// density). `probabilities` needs it: the total on the board read.
    #[arg(long, global = true, help_heading = "Board")]
    pub mines: Option<u32>,
    /// Mine density instead of a count: 11, 15 or 20 (per cent of the cells; or easy,
    /// medium, hard).
    #[arg(long, global = true, conflicts_with = "mines", help_heading = "Board")]
    pub density: Option<Density>,
    /// First-click policy: unsafe, safe (the clicked cell is never a mine; the default),
    /// opening (its 3x3 is clear) or no-guess (the board is solvable by logic alone).
    #[arg(long, global = true, help_heading = "Board")]
    pub first_click: Option<FirstClick>,
    /// Question marks: the flag key cycles hidden -> flag -> ? -> hidden.
    #[arg(long, global = true, help_heading = "Board")]
    pub marks: bool,
}

impl BoardArgs {
    /// Whether no board option was given.
    pub fn is_default(&self) -> bool {
        self.given().is_empty()
    }

    /// The board options given, by flag.
    pub fn given(&self) -> Vec<&'static str> {
        [
            (self.level.is_some(), "--level"),
            (self.width.is_some(), "--width"),
            (self.height.is_some(), "--height"),
            (self.size.is_some(), "--size"),
            (self.mines.is_some(), "--mines"),
            (self.density.is_some(), "--density"),
            (self.first_click.is_some(), "--first-click"),
            (self.marks, "--marks"),
        ]
        .into_iter()
        .filter_map(|(given, flag)| given.then_some(flag))
        .collect()
    }

    /// The board the options describe, from the preset `base` when no level is given.
    ///
    /// # Errors
    /// The crate's own: a size out of range, more mines than the board holds under the
    /// first-click policy in force (the message names it), no-guess on a narrow board.
    pub fn config(&self, base: Level) -> Result<Config, Box<dyn Error>> {
        let base = Config::level(self.level.unwrap_or(base));
        let size = self.size.unwrap_or(Size::new(
            self.width.unwrap_or(base.width()),
            self.height.unwrap_or(base.height()),
        ));
        let policy = self.first_click.unwrap_or_default();
        // The size's own errors first (a side of 0 or past 1024), before counting its cells.
        let cells = Config::custom(size, 0, policy)?.cells();
        let mines = match (self.mines, self.density) {
            (Some(m), _) => m,
            (None, Some(d)) => d.mines_for(cells),
            // A custom size without a mine count keeps the level's density.
            (None, None) if size != base.size() => {
                let per = u64::from(base.mines()) * cells as u64 / base.cells() as u64;
                u32::try_from(per).unwrap_or(u32::MAX)
            }
            (None, None) => base.mines(),
        };
        // The count is checked against the policy in force (`--first-click unsafe` leaves
        // one more cell to mines than `safe`), and the error names it.
        let config = Config::custom(size, mines, policy)?;
        let marks = if self.marks { Marks::On } else { Marks::Off };
        Ok(config.with_marks(marks))
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug, ValueEnum)]
pub enum GuessArg {
    /// The one-step lookahead on the win probability.
    Lookahead,
    /// The cell least likely to be a mine.
    LowestRisk,
    /// Both, on the same seeds, with the lookahead's gain.
    Both,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play many seeded games with the solver (expert unless the board options say
    /// otherwise) on the match runner: a header line, one line per game as it ends (its
    /// score is the safe cells revealed), then the win rate with its 95 % interval and the
    /// CPU time per game. Game i is seeded seed + i (seed 0 unless --seed says otherwise);
    /// games spread over every core.
    Stats {
        /// Number of games (1 to 100000000).
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        games: u64,
        /// Where the solver clicks first: auto (corner for safe/unsafe, (3,3) for
        /// opening/no-guess), corner, centre, or a cell x,y on the board.
        #[arg(long, default_value = "auto", value_parser = parse_opener)]
        click: Opener,
        /// Guess policy.
        #[arg(long, value_enum, default_value = "lookahead")]
        guess: GuessArg,
        /// Worker threads, 1 to 256 (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
        /// Print only the header and the summary, not a line per game (a closed output is
        /// then noticed only at the end).
        #[arg(long)]
        summary: bool,
    },
    /// Read one view from standard input and print, for every covered unflagged cell, "x y
    /// p" (column, row from the top, the exact mine probability), row-major, then "rest p"
    /// for the cells touching no number. Flags count as mines. Needs --mines, the total.
    Probabilities {
        /// Print a picture (percentages) instead of the lines.
        #[arg(long)]
        grid: bool,
        /// Work budget of the exact count (search nodes; past it the command says so).
        #[arg(long, default_value_t = plateau_minesweeper::solver::DEFAULT_MAX_NODES)]
        max_nodes: u64,
    },
    /// Read one full board from standard input (`*` mine, `.` safe) and print its 3BV,
    /// openings and islands.
    Metrics,
}

fn parse_opener(s: &str) -> Result<Opener, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "auto" => Ok(Opener::Auto),
        "corner" => Ok(Opener::Corner),
        "centre" | "center" => Ok(Opener::Centre),
        other => other
            .parse::<Pos>()
            .map(Opener::At)
            .map_err(|e| format!("{e}, or auto, corner, centre")),
    }
}
