//! The command line: clap's parser. Every option but `--demo` is global: it may come
//! before or after the subcommand; one that does not apply to what runs is an error.

use clap::{Args, Parser, Subcommand};
use plateau::GameArgs;
use plateau_floodit::{Config, Rules, Size, Start};

/// The deepest lookahead `--depth` takes: the work grows as `colours ^ depth` per move.
pub const MAX_DEPTH: u32 = 8;

#[derive(Parser, Debug)]
#[command(
    name = "floodit",
    about = "Flood-It: flood the board with one colour",
    long_about = "Flood-It: flood the board with one colour.\n\n\
        Each move picks a colour for the flood (the region holding the start cell), which \
        then absorbs every adjacent cell of that colour. Win by making the board one colour \
        within the move limit. Colours are written 0-9 then a-z.\n\n\
        With no subcommand on a terminal the game is full-screen: type a colour's digit or \
        letter, click a cell or a colour, or pick one with the arrows and Enter; h or ? \
        hint, u or Backspace undo, n or + new game, q (or Esc, Ctrl-C) quit. A letter that \
        is one of the game's colours (h from 18 colours up, n from 24, q from 27, u from 31) \
        plays that colour: the other key of its command still works. Otherwise moves are \
        read from standard input, one or more colours per line, or hint, undo, new, quit; \
        999 ends the game, as in the original. Every option may come before or after the \
        subcommand."
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
    /// Board size, `WxH` (or `N` for `NxN`), each side 1 to 64 (the game's default: 12x12,
    /// bench's 14x14; solve: the size of one-line boards, rows run together; boards
    /// written with rows separated by '/' need none).
    #[arg(long, global = true, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<Size>,
    /// Number of colours, 2 to 36 (default 6; solve: the board's own, at least 2).
    #[arg(long, global = true, value_name = "N", value_parser = parse_colors)]
    pub colors: Option<u8>,
    /// The game's move limit. Without it, the limit is the solver's best for the board
    /// plus a quarter (at least 2 more), so every board offered can be won. `--moves 22`
    /// is the original's rule on its 12x12 board with 6 colours.
    #[arg(long, global = true, value_name = "N", value_parser = parse_moves_limit)]
    pub moves: Option<u32>,
    /// Start the flood from the centre cell instead of the top-left.
    #[arg(long, global = true)]
    pub centre: bool,
    /// The game: show each cell's colour symbol (0-9, a-z) on it, for colour-blind
    /// players.
    #[arg(long, global = true)]
    pub symbols: bool,
    /// solve: lookahead instead of the exact solver, fast on any board, a few moves longer
    /// than optimal.
    #[arg(long, global = true)]
    pub fast: bool,
    /// solve --fast and bench: lookahead depth, 1 (greedy) to 8 (default 3). The work
    /// grows as colours ^ depth per move, always under the node budget (--max-nodes).
    #[arg(long, global = true, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    pub depth: Option<u32>,
    /// solve and bench: search nodes allowed per board and solver (default: about 5 s of
    /// search, estimated from the board's size and colours).
    #[arg(long, global = true, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
    /// bench: number of boards, 1 to 100000000 (default 1000).
    #[arg(long, global = true, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub boards: Option<u64>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve boards: one output line per board, "<moves> <colours played>" ("0" for a
    /// board already one colour), as soon as it is solved; "error: ..." for a board that
    /// fails. Options: --size, --colors, --centre, --fast, --depth, --max-nodes.
    Solve {
        /// Boards, in one-line form or with rows separated by '/'; read from standard
        /// input, one per line, when none is given (blank lines and lines starting with #
        /// skipped).
        #[arg(id = "board_list", value_name = "BOARDS")]
        boards: Vec<String>,
    },
    /// Solve random boards with every solver and report lengths and times (board i uses
    /// seed + i; default seed 0). Options: --boards, --size, --colors, --centre, --depth,
    /// --max-nodes, --seed.
    Bench,
}

impl Cli {
    /// The first option given that `what` does not take, as an error.
    pub fn refuse_unused(&self, what: &str) -> Result<(), String> {
        let o = &self.opts;
        let (game, solve, bench) = match &self.command {
            None => (true, false, false),
            Some(Command::Solve { .. }) => (false, true, false),
            Some(Command::Bench) => (false, false, true),
        };
        let given = [
            ("--moves", o.moves.is_some(), game),
            ("--symbols", o.symbols, game && !self.game.demo),
            ("--fast", o.fast, solve),
            ("--depth", o.depth.is_some(), (solve && o.fast) || bench),
            ("--max-nodes", o.max_nodes.is_some(), solve || bench),
            ("--boards", o.boards.is_some(), bench),
        ];
        match given.iter().find(|(_, given, applies)| *given && !applies) {
            Some(("--depth", ..)) if solve => {
                Err("--depth is the lookahead's: give --fast with it".to_owned())
            }
            Some((flag, ..)) => Err(format!(
                "{flag} does not apply to {what} (see --help for who takes it)"
            )),
            None => Ok(()),
        }
    }

    /// Where the flood starts.
    pub fn start(&self) -> Start {
        if self.opts.centre {
            Start::Centre
        } else {
            Start::TopLeft
        }
    }
}

fn parse_size(s: &str) -> Result<Size, String> {
    let size: Size = s.parse().map_err(|e| format!("{e}"))?;
    Config::classic()
        .with_size(size)
        .map(|c| c.size())
        .map_err(|e| e.to_string())
}

fn parse_colors(s: &str) -> Result<u8, String> {
    let k: u8 = s
        .parse()
        .map_err(|_| format!("{s:?} is not a number of colours (2 to 36)"))?;
    Rules::classic()
        .with_colors(k)
        .map(|r| r.colors())
        .map_err(|e| e.to_string())
}

fn parse_moves_limit(s: &str) -> Result<u32, String> {
    let n: u32 = s
        .parse()
        .map_err(|_| format!("{s:?} is not a number of moves"))?;
    Rules::classic()
        .with_max_moves(n)
        .map(|r| r.max_moves())
        .map_err(|e| e.to_string())
}
