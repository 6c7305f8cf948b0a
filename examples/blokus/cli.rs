//! The command line: clap's parser, the seats at the table, the bots and the rules. Every
//! option but `--demo` and a subcommand's own is global: it may come before or after the
//! subcommand.

use std::fmt;
use std::str::FromStr;

use clap::{Args, Parser, Subcommand, ValueEnum};
use plateau::GameArgs;
use plateau_blokus::{Bot, Config, Game, GreedyBot, Mcts, RandomBot, Scoring, Variant};

use crate::gtp::Search;

/// How a move is written (for `--help` and the screens).
macro_rules! codes {
    () => {
        "A move is an ICFPT code XYpr: X and Y the column and row of the piece's reference \
         cell, counted from 1 at the top left in the digits 1-9 then a (10), b (11)...; p \
         the piece letter a-u (the rack's, in either case); r the orientation digit 0-7 (0 as \
         drawn, 1 its mirror image, 2 a quarter turn clockwise, 3 its mirror, 4 half a \
         turn, 5 its mirror, 6 three quarters, 7 its mirror). Example: 56t2 puts piece t \
         (F5) turned a quarter with its reference cell on column 5, row 6. 0000 passes \
         (only when no piece fits)."
    };
}

#[derive(Parser, Debug)]
#[command(
    name = "blokus",
    about = "Blokus Duo and Classic: play against bots or each other, watch bots, count \
             perft, match bots, serve the engine over GTP",
    long_about = "Blokus Duo (14x14, two players) and Classic (20x20, four colours): cover \
                  your start square, then let each new piece touch your own colour at a \
                  corner and never along an edge. The player with the fewest squares left \
                  in hand wins.\n\nWith no subcommand, play (full screen on a terminal, \
                  line by line otherwise); --demo watches bots play a game; the \
                  subcommands measure the engine. Every option may come before or after \
                  the subcommand.",
    after_help = concat!(
        "Keys on the full screen: Tab / Shift-Tab (or a piece's capital letter A-U) choose a \
         piece of your rack; r (or the mouse wheel, or the right button) turns it a quarter, f \
         mirrors it; the arrows or the \
         mouse move it over the board, drawn in your colour where it may go and in red \
         where it may not; Enter, Space or a click places it. Type a move code after `:` \
         (or a digit: 1-9 plays that suggestion, or starts a code), Enter plays it, Esc \
         drops it. h hint (the tree search's advice, shown on the board), u undo (back to \
         your previous turn), q, Esc or Ctrl-C quit.\n\nIn line mode (standard input not a \
         terminal) type a move code or a suggestion's number; hint, undo, quit, help. End \
         of input quits.\n\n",
        codes!()
    )
)]
#[command(mut_arg("seed", |a| a.global(true)))]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub table: TableArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the move sequences of each depth from the start (passes count as moves) and
    /// print one line per depth as it is done (a progress bar on a terminal).
    Perft {
        /// The deepest depth, 1 to 4 (depth 4 from the Duo start takes minutes).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=4))]
        depth: u32,
    },
    /// Play seeded games between bots (seats rotated, game i seeded seed + i) in
    /// parallel: a header line, one line per game in order, one line per bot (share of the
    /// wins with its 95 % interval, wins, draws, losses, mean score), and each bot's wall
    /// time per move.
    Match {
        /// Games to play (1 to 100000000).
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        games: u64,
        /// Print only the header and the summary, not a line per game.
        #[arg(long)]
        summary: bool,
        /// Worker threads (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
    },
    /// Fit the weights of the tree search's learned move knowledge to a file of Duo games
    /// (.blksgf, as Pentobi's twogtp writes them; `examples/blokus/learn_games.sh` makes
    /// one): prints how well the fitted and the committed weights predict the moves played
    /// (the last tenth of the games held out) and the fitted weights.
    Learn {
        /// The games.
        file: std::path::PathBuf,
        /// Steps of the fit (full-batch Adam).
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        iterations: u32,
    },
    /// Serve the engine with the Go Text Protocol in Pentobi's Blokus dialect on standard
    /// input and output (for tournament controllers such as Pentobi's twogtp).
    Gtp {
        /// Playout budget of the tree search per generated move [default: 30000, each move
        /// cut at 0.9 s].
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
        level: Option<u32>,
        /// Seconds of thinking per generated move at most (wall time; the playouts of
        /// --level are then not counted; a search stops early once its move is decided).
        /// GTP `time_settings` / `time_left` override it.
        #[arg(long, value_name = "SECS", value_parser = parse_secs)]
        time: Option<f64>,
        /// The tree search: `default` (learned move knowledge, prior selection with RAVE
        /// merged in, rewards count the score margin), `uct` (the default of 2026-12-04:
        /// hand-set move knowledge, UCT with progressive widening), `rave` (uct with RAVE
        /// as well) or `classic` (the search before issue 21: size-and-blocking priors, no
        /// local answers or last good replies in the playouts, rewards by result only).
        #[arg(long, value_enum, default_value_t = SearchArg::Default)]
        search: SearchArg,
        /// Threads growing the tree of each move together (1 to 64; with more than one the
        /// games no longer repeat under the seed).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
    },
}

/// `--search` of `gtp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SearchArg {
    /// The default search.
    Default,
    /// Hand-set knowledge, UCT with progressive widening: the default of 2026-12-04.
    Uct,
    /// Uct with RAVE as well.
    Rave,
    /// Rewards by result only, no RAVE: the search before issue 21.
    Classic,
}

/// A positive number of seconds.
fn parse_secs(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 && t <= 1.0e6 => Ok(t),
        _ => Err(format!("expected seconds (a positive number), got '{s}'")),
    }
}

/// The rules and who plays.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// The variant.
    #[arg(long, global = true, value_enum, default_value_t = VariantArg::Duo)]
    pub variant: VariantArg,
    /// Who plays: a number of players (Duo 2; Classic 4, the default, or 2 with two
    /// colours each; you are the first, the others are --bot), or who sits in each seat,
    /// e.g. `human,human` (hot seat), `human,greedy`, `mcts,human,random,human`. For
    /// match, the number of seats the --bots fill.
    #[arg(long, global = true, value_name = "N|SEATS", value_parser = parse_players)]
    pub players: Option<Players>,
    /// The bot in the other seats when --players is a number: mcts (the tree search),
    /// greedy or random.
    #[arg(long, global = true, value_name = "BOT")]
    pub bot: Option<BotName>,
    /// The bots of match, comma separated (the same bot twice is told apart as mcts#1,
    /// mcts#2): mcts, uct (the default of 2026-12-04: hand-set knowledge, UCT), rave (uct
    /// with RAVE), classic (the search before issue 21:
    /// size-and-blocking priors, playouts without local answers or replies, rewards by
    /// result only), greedy or random; a tree search may take its own budget per move
    /// after a colon, playouts or seconds: `mcts,classic:100000`, `mcts:0.05s,classic:0.05s`.
    #[arg(long, global = true, value_name = "BOTS", value_delimiter = ',')]
    pub bots: Option<Vec<MatchBot>>,
    /// Playouts per move of the tree searches (mcts; in match, those without a budget of
    /// their own) [default: 30000, each move cut at 0.9 s].
    #[arg(long, global = true, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub playouts: Option<u32>,
    /// The scoring: official (-1 per square left in hand, +15 for placing all, +20 if the
    /// monomino was last) or original (the original program's: +1 per square placed on
    /// top of that).
    #[arg(long, global = true, value_enum, default_value_t = ScoringArg::Official)]
    pub scoring: ScoringArg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VariantArg {
    Duo,
    Classic,
}

impl VariantArg {
    pub fn variant(self) -> Variant {
        match self {
            VariantArg::Duo => Variant::Duo,
            VariantArg::Classic => Variant::Classic,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScoringArg {
    Official,
    Original,
}

impl TableArgs {
    /// The rules for `players` players (the variant's own count when `None`).
    pub fn config(&self, players: Option<usize>) -> Result<Config, String> {
        let variant = self.variant.variant();
        let players = players.unwrap_or(variant.colors());
        let config = Config::new(variant, players).map_err(|e| e.to_string())?;
        Ok(config.with_scoring(match self.scoring {
            ScoringArg::Official => Scoring::Official,
            ScoringArg::Original => Scoring::WithPlaced,
        }))
    }

    /// The number of players `--players` asks for, if it does.
    pub fn player_count(&self) -> Option<usize> {
        self.players.as_ref().map(Players::count)
    }
}

/// `--players`: a count, or the seats one by one.
pub type Players = plateau::seats::Players<BotName>;
/// Who plays a seat.
pub type Sitter = plateau::seats::Sitter<BotName>;

/// `--players`: the counts Blokus seats (Duo 2, Classic 2 or 4; the variant checks its own).
fn parse_players(s: &str) -> Result<Players, String> {
    Players::parse(
        s,
        |n| matches!(n, 2 | 4),
        |n| format!("{n} players: Duo is for 2, Classic for 2 or 4"),
    )
}

/// A bot of `match`: what it is and, for a tree search, its budget per move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatchBot {
    kind: MatchKind,
    budget: Option<Budget>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MatchKind {
    Search(Search),
    Greedy,
    Random,
}

/// A tree search's budget per move.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Budget {
    Playouts(u32),
    Seconds(f64),
}

impl MatchBot {
    /// The tree search at `--playouts`, the default of `match`'s first seat.
    pub const MCTS: MatchBot = MatchBot {
        kind: MatchKind::Search(Search::Default),
        budget: None,
    };
    /// The greedy bot.
    pub const GREEDY: MatchBot = MatchBot {
        kind: MatchKind::Greedy,
        budget: None,
    };

    /// Whether the bot's strength depends on `--playouts`.
    pub fn uses_playouts(self) -> bool {
        matches!(self.kind, MatchKind::Search(_)) && self.budget.is_none()
    }

    /// The bot, seeded; `playouts` for a tree search without a budget of its own.
    pub fn make(self, seed: u64, playouts: Playouts) -> Box<dyn Bot<Game> + Send> {
        match self.kind {
            MatchKind::Search(search) => {
                let bot = search.mcts(seed);
                Box::new(match self.budget {
                    None => playouts.apply(bot),
                    Some(Budget::Playouts(n)) => bot.with_playouts(n),
                    // The clock alone ends the search.
                    Some(Budget::Seconds(s)) => bot
                        .with_playouts(u32::MAX)
                        .with_time_limit(std::time::Duration::from_secs_f64(s)),
                })
            }
            MatchKind::Greedy => Box::new(GreedyBot::new()),
            MatchKind::Random => Box::new(RandomBot::new(seed)),
        }
    }
}

impl FromStr for MatchBot {
    type Err = String;
    fn from_str(s: &str) -> Result<MatchBot, String> {
        let s = s.trim();
        let (name, budget) = match s.split_once(':') {
            Some((name, budget)) => (name.trim(), Some(budget.trim())),
            None => (s, None),
        };
        let kind = match name.to_ascii_lowercase().as_str() {
            "mcts" | "search" => MatchKind::Search(Search::Default),
            "uct" => MatchKind::Search(Search::Uct),
            "rave" => MatchKind::Search(Search::Rave),
            "classic" => MatchKind::Search(Search::Classic),
            "greedy" => MatchKind::Greedy,
            "random" => MatchKind::Random,
            _ => {
                return Err(format!(
                    "unknown bot {name:?} (the bots of match are mcts, uct, rave, classic, \
                     greedy and random)"
                ));
            }
        };
        let budget = match budget {
            None => None,
            Some(_) if !matches!(kind, MatchKind::Search(_)) => {
                return Err(format!(
                    "{name} takes no budget (only mcts, uct, rave and classic do)"
                ));
            }
            Some(b) => Some(parse_budget(b)?),
        };
        Ok(MatchBot { kind, budget })
    }
}

/// The playouts per move of a tree search: the number given (`--playouts`, `gtp --level`),
/// or the default of 30,000 with each move cut at 0.9 s, so that the default answers
/// within a second whatever the position and the machine's load.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Playouts(pub Option<u32>);

impl Playouts {
    /// The default number of playouts.
    pub const DEFAULT: u32 = 30_000;
    /// The default's time cap per move.
    pub const DEFAULT_CAP: std::time::Duration = std::time::Duration::from_millis(900);

    /// `bot` with this budget.
    pub fn apply(self, bot: Mcts) -> Mcts {
        match self.0 {
            Some(n) => bot.with_playouts(n),
            None => bot
                .with_playouts(Self::DEFAULT)
                .with_time_limit(Self::DEFAULT_CAP),
        }
    }
}

impl fmt::Display for Playouts {
    /// `N playouts per move`, and the cap when it is the default's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(n) => write!(f, "{n} playouts per move"),
            None => write!(
                f,
                "{} playouts per move (at most {} s)",
                Self::DEFAULT,
                Self::DEFAULT_CAP.as_secs_f64()
            ),
        }
    }
}

/// `N` playouts (1 to 10,000,000) or `Xs` seconds (above 0, at most 3600).
fn parse_budget(b: &str) -> Result<Budget, String> {
    let bad = || {
        format!("expected a budget of playouts (1 to 10000000) or seconds (e.g. 0.05s), got {b:?}")
    };
    if let Some(secs) = b.strip_suffix('s') {
        match secs.parse::<f64>() {
            Ok(t) if t.is_finite() && t > 0.0 && t <= 3600.0 => Ok(Budget::Seconds(t)),
            _ => Err(bad()),
        }
    } else {
        match b.parse::<u32>() {
            Ok(n) if (1..=10_000_000).contains(&n) => Ok(Budget::Playouts(n)),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for MatchBot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.kind {
            MatchKind::Search(Search::Default) => "mcts",
            MatchKind::Search(Search::Uct) => "uct",
            MatchKind::Search(Search::Rave) => "rave",
            MatchKind::Search(Search::Classic) => "classic",
            MatchKind::Greedy => "greedy",
            MatchKind::Random => "random",
        })?;
        match self.budget {
            None => Ok(()),
            Some(Budget::Playouts(n)) => write!(f, ":{n}"),
            Some(Budget::Seconds(s)) => write!(f, ":{s}s"),
        }
    }
}

/// The bots the options name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BotName {
    #[value(alias = "search")]
    Mcts,
    Greedy,
    Random,
}

impl FromStr for BotName {
    type Err = String;
    fn from_str(s: &str) -> Result<BotName, String> {
        <BotName as ValueEnum>::from_str(s.trim(), true)
            .map_err(|_| format!("unknown bot {s:?} (the bots are mcts, greedy and random)"))
    }
}

impl fmt::Display for BotName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.to_possible_value().map(|v| v.get_name().to_owned());
        f.write_str(&name.unwrap_or_default())
    }
}

impl BotName {
    /// The bot, seeded.
    pub fn make(self, seed: u64, playouts: Playouts) -> Box<dyn Bot<Game> + Send> {
        match self {
            BotName::Mcts => Box::new(playouts.apply(Mcts::new(seed))),
            BotName::Greedy => Box::new(GreedyBot::new()),
            BotName::Random => Box::new(RandomBot::new(seed)),
        }
    }
}
