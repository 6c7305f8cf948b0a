//! The command line: clap's parser. Every option but `--demo` is global: it may come
//! before or after the subcommand; one that does not apply to what runs is an error.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use plateau::GameArgs;
use plateau_taquin::{Board, Budget, Partition, Size};

/// The default node budget of `taquin solve`: about ten seconds of search in release.
pub const DEFAULT_MAX_NODES: u64 = Budget::BATCH.max_nodes();

#[derive(Parser, Debug)]
#[command(
    name = "taquin",
    about = "The taquin (15-puzzle): slide the tiles back into order",
    long_about = "The taquin (15-puzzle): slide the tiles back into order.\n\n\
        With no subcommand on a terminal: a full-screen game (arrow keys or a click slide \
        tiles; u undo, r restart, s solve, h hint, n new game, q quit). Once the board is \
        solved it takes no more moves until n (a new game) or r (the same one again). The \
        time runs from the first move; the best moves and time of each size are kept in \
        the user's data directory. Not on a terminal: a line mode reading moves from \
        standard input. Moves name the direction the tile slides: U, D, L, R. Every option \
        may come before or after the subcommand."
)]
#[command(mut_arg("seed", |a| a.global(true)))]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub opts: Opts,
}

/// The options, every one global.
#[derive(Args, Debug)]
pub struct Opts {
    /// Board size, width x height such as 5x3, each side 2 to 16 (the game's default:
    /// 4x4; solve's: a square board of as many cells as the line has tiles).
    #[arg(long, global = true, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<Size>,
    /// solve and korf: load the 4x4 pattern databases from FILE, or build them and save
    /// them there when it does not exist yet (a file that is not a pattern database is an
    /// error).
    #[arg(long, global = true, value_name = "FILE")]
    pub pdb: Option<PathBuf>,
    /// solve: use the fast reduction solver (any size, milliseconds, not optimal).
    #[arg(long, global = true)]
    pub fast: bool,
    /// solve: search nodes allowed per board before giving up on it (10 M take about a
    /// second; default 100 M).
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
    /// korf: the instance file, lines "<number> <optimal length> <16 tiles>" in Korf's
    /// convention (default: the crate's fixture, crates/taquin/tests/korf100.txt).
    #[arg(long, global = true, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// solve and korf: the partition of the tiles the 4x4 pattern databases are built
    /// for, groups of 1 to 7 tiles separated by '/', e.g.
    /// "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15" (default: with --pdb the 6-6-3
    /// "1,5,6,9,10,13/7,8,11,12,14,15/2,3,4", without it the 5-5-5
    /// "1,5,6,9,10/2,3,4,7,8/11,12,13,14,15", quickest to build; a --pdb file must hold the
    /// partition asked for). Larger groups prune more and build longer: the 7-7-1
    /// "1,2,3,4,5,6,7/9,10,11,12,13,14,15/8" takes about a minute, once with --pdb.
    #[arg(long, global = true)]
    pub partition: Option<Partition>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve boards: one output line per board, "<length> <moves>", as soon as it is
    /// solved (moves name the direction each tile slides; a solved board is "0"). Optimal:
    /// 4x4 boards use pattern databases (built once per run, when a 4x4 board first needs
    /// them: boards near the goal are answered by plain IDA*), other sizes IDA*, every
    /// search under a node budget (--max-nodes). Options: --size, --pdb, --partition, --fast.
    Solve {
        /// Boards: tiles row-major separated by spaces or commas, 0 or . for the blank.
        /// Read from standard input, one per line, when none is given (blank and # lines
        /// skipped).
        boards: Vec<String>,
    },
    /// Solve Korf's 100 15-puzzle instances optimally; print nodes and time per instance
    /// and the totals (pattern-database construction included), checking every length
    /// against the published one. Options: --file, --pdb, --partition.
    Korf,
}

impl Cli {
    /// The first option given that `what` does not take, as an error naming who does.
    pub fn refuse_unused(&self, what: &str) -> Result<(), String> {
        let o = &self.opts;
        let given = [
            (
                "--size",
                o.size.is_some(),
                matches!(self.command, None | Some(Command::Solve { .. })),
            ),
            (
                "--pdb",
                o.pdb.is_some(),
                matches!(self.command, Some(Command::Solve { .. } | Command::Korf)),
            ),
            (
                "--fast",
                o.fast,
                matches!(self.command, Some(Command::Solve { .. })),
            ),
            (
                "--max-nodes",
                o.max_nodes.is_some(),
                matches!(self.command, Some(Command::Solve { .. })),
            ),
            (
                "--file",
                o.file.is_some(),
                matches!(self.command, Some(Command::Korf)),
            ),
            (
                "--partition",
                o.partition.is_some(),
                matches!(self.command, Some(Command::Solve { .. } | Command::Korf)),
            ),
        ];
        match given.iter().find(|(_, given, applies)| *given && !applies) {
            Some((flag, ..)) => Err(format!(
                "{flag} does not apply to {what} (see --help for who takes it)"
            )),
            None => Ok(()),
        }
    }
}

fn parse_size(s: &str) -> Result<Size, String> {
    let size: Size = s.parse().map_err(|e| format!("{e}"))?;
    Board::solved(size).map_err(|e| e.to_string())?;
    Ok(size)
}
