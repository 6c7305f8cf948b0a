//! The command line: clap's parser, the seats at the table, the bots and the rules. Every
//! option but `--demo` is global: it may come before or after the subcommand.

use std::fmt;
use std::str::FromStr;

use clap::{Args, Parser, Subcommand, ValueEnum};
use plateau::GameArgs;
use plateau_japjap::{
    Bot, ConfigError, DEFAULT_WORLDS, Exhaustion, Game, GreedyBot, MAX_PLAYERS, PenaltyMode,
    RandomBot, Rules, SearchBot, TakeFrom,
};

#[derive(Parser, Debug)]
#[command(
    name = "japjap",
    about = "Jap Jap: discard combinations, call \"Jap Jap\" at 5 points or less, stay under 90",
    long_about = "Jap Jap: discard combinations, call \"Jap Jap\" at 5 points or less, stay \
                  under 90.\n\nWith no subcommand, play at the table (full screen on a \
                  terminal, line by line otherwise); --demo watches bots play a game; the \
                  subcommands measure bots. Every option may come before or after the \
                  subcommand.",
    after_help = "Keys on the full screen: Up/Down (or j/k) and Enter, or a choice's number \
                  (one that could go on, such as 1 among ten choices or more, waits for Enter \
                  or its next digit), to pick what to discard and then what to take; Backspace goes back; h hint (the search bot's advice); q, Esc \
                  or Ctrl-C quit. With two humans or more (hot seat) the screen hides every \
                  hand until its player presses a key.\n\nIn line mode (standard input not a \
                  terminal) type `call`, a whole action (`discard 4H 5H 6H take stock`, \
                  `discard KD take 3C`: 10 or T for tens; suits S H D C or ♠ ♥ ♦ ♣), or a \
                  combination's number and what to take (`2 stock`, `2 5D`; the number alone \
                  draws from the stock); `hint`, `quit`. There is no undo: taking a turn back \
                  after seeing the card it drew would be cheating."
)]
#[command(mut_arg("seed", |a| a.global(true)))]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play whole matches between bots (seats rotated between matches, match i seeded
    /// seed + i): a header line, one line per match as it ends, one line per bot (share
    /// of the wins with its 95 % interval, wins, draws, losses, mean final total).
    Match {
        /// Matches to play (1 to 100000000).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        games: u64,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Play single rounds between bots, the same way as `match` (a round's winner is the
    /// caller or the counter; a round with no winner, the stock run out, credits nobody).
    Rounds {
        /// Rounds to play (1 to 100000000).
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        rounds: u64,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Simulate matches between bots (2 greedy bots unless --bots says otherwise) and print
    /// the bots' results, then mean turns per round, first-player win rate, call and counter
    /// rates, stock-exhaustion rate, rounds per game and capped rounds.
    Stats {
        /// Matches to play (1 to 100000000).
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        games: u64,
        /// Worker threads (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
    },
}

/// What `match` and `rounds` share.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// Print only the header and the summary, not a line per match or round.
    #[arg(long)]
    pub summary: bool,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
}

/// Who sits where, and which bots play.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// The table: a number of players, 2 to 5 (you are P1, the others are --bot; 3 by
    /// default), or who sits in each seat, e.g. `human,search,greedy` or `human,human`
    /// (hot seat). For match, rounds and stats, a number of seats for the --bots to fill.
    #[arg(long, global = true, value_name = "N|SEATS", value_parser = parse_players)]
    pub players: Option<Players>,
    /// The bot in the other seats when --players is a number: random, greedy or search
    /// (default search).
    #[arg(long, global = true, value_name = "BOT")]
    pub bot: Option<BotName>,
    /// The bots of match, rounds and stats, comma separated (one per seat unless --players
    /// gives more seats; the same bot twice is told apart as search#1, search#2).
    #[arg(long, global = true, value_name = "BOTS", value_delimiter = ',')]
    pub bots: Option<Vec<BotName>>,
    /// Names for the seats at the table, comma separated in seat order (up to 12
    /// characters each; seats not named are P1, P2...).
    #[arg(long, global = true, value_name = "NAMES", value_delimiter = ',', value_parser = parse_name)]
    pub names: Option<Vec<String>>,
    /// Worlds the search bot samples per decision, 1 to 4096 (default 48; time grows with
    /// it).
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub worlds: Option<u32>,
}

impl TableArgs {
    /// The search bot's worlds.
    pub fn worlds(&self) -> u32 {
        self.worlds.unwrap_or(DEFAULT_WORLDS)
    }
}

/// `--players`: a count, or the seats one by one.
pub type Players = plateau::seats::Players<BotName>;

/// Who plays a seat.
pub type Sitter = plateau::seats::Sitter<BotName>;

/// `--players` as Jap Jap seats it: 9 and 300 get the same answer (300 does not fit the
/// rules' byte, and the rules say how many a table seats).
fn parse_players(s: &str) -> Result<Players, String> {
    let seats = |n: usize| u8::try_from(n).is_ok_and(|n| Rules::new(n).is_ok());
    Players::parse(s, seats, |n| {
        format!("a table seats 2 to {MAX_PLAYERS}, not {n}")
    })
}

/// The longest seat name (the screen's columns are sized for it).
pub const NAME_MAX: usize = 12;

fn parse_name(s: &str) -> Result<String, String> {
    let t = s.trim();
    if t.is_empty() {
        return Err("a name cannot be empty".to_owned());
    }
    if t.chars().any(char::is_control) {
        return Err(format!("{t:?} holds a control character"));
    }
    if t.chars().count() > NAME_MAX {
        return Err(format!("{t:?} is longer than {NAME_MAX} characters"));
    }
    Ok(t.to_owned())
}

/// The bots the options name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotName {
    Random,
    Greedy,
    Search,
}

impl FromStr for BotName {
    type Err = String;
    fn from_str(s: &str) -> Result<BotName, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(BotName::Random),
            "greedy" => Ok(BotName::Greedy),
            "search" => Ok(BotName::Search),
            other => Err(format!(
                "unknown bot {other:?} (the bots are random, greedy and search)"
            )),
        }
    }
}

impl fmt::Display for BotName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BotName::Random => "random",
            BotName::Greedy => "greedy",
            BotName::Search => "search",
        })
    }
}

impl BotName {
    /// The bot, seeded, the search bot sampling `worlds` worlds.
    pub fn make(self, seed: u64, worlds: u32) -> Box<dyn Bot<Game> + Send> {
        match self {
            BotName::Random => Box::new(RandomBot::new(seed)),
            BotName::Greedy => Box::new(GreedyBot::new()),
            BotName::Search => Box::new(SearchBot::new(seed).with_worlds(worlds)),
        }
    }
}

/// Every field of the rules (the classic game for each one not given).
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// Points that lose a game, 1 to 1000 (default 90).
    #[arg(long, global = true, value_name = "POINTS", value_parser = score_limit, help_heading = "Rules")]
    pub score_limit: Option<u16>,
    /// Match length: the match ends when a player has lost this many games, 1 to 100
    /// (default 1, a single game).
    #[arg(long, global = true, value_name = "GAMES", value_parser = match_losses, help_heading = "Rules")]
    pub match_losses: Option<u8>,
    /// Call "Jap Jap" with a hand worth at most this, 0 to 64 (default 5).
    #[arg(long, global = true, value_name = "POINTS", value_parser = call_threshold, help_heading = "Rules")]
    pub call_threshold: Option<u8>,
    /// Points a countered caller scores, 0 to 100 (default 25).
    #[arg(long, global = true, value_name = "POINTS", value_parser = penalty, help_heading = "Rules")]
    pub penalty: Option<u8>,
    /// Whether the counter penalty replaces the caller's hand or is added to it (default
    /// instead).
    #[arg(
        long,
        global = true,
        value_enum,
        value_name = "MODE",
        help_heading = "Rules"
    )]
    pub penalty_mode: Option<PenaltyArg>,
    /// An equal hand counters a call too (by default only a strictly lower one does).
    #[arg(long, global = true, help_heading = "Rules")]
    pub counter_on_equal: bool,
    /// What an exhausted stock does: no-score (the round ends, nobody scores; the
    /// default), reshuffle (the discards make a new stock), score-hands (everyone adds
    /// their hand).
    #[arg(
        long,
        global = true,
        value_enum,
        value_name = "RULE",
        help_heading = "Rules"
    )]
    pub exhaustion: Option<ExhaustionArg>,
    /// Which of the previous player's discards may be taken: any (the default),
    /// run-ends (only a run's lowest or highest card), top-only.
    #[arg(
        long,
        global = true,
        value_enum,
        value_name = "RULE",
        help_heading = "Rules"
    )]
    pub take_from: Option<TakeFromArg>,
    /// Fewest cards in a run, 2 to 5 (default 2).
    #[arg(long, global = true, value_name = "CARDS", value_parser = min_run, help_heading = "Rules")]
    pub min_run: Option<u8>,
    /// Turns after which a round ends with no score, 1 to 65535 (default 1000; no real
    /// round comes near it).
    #[arg(long, global = true, value_name = "TURNS", value_parser = turn_limit, help_heading = "Rules")]
    pub turn_limit: Option<u16>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PenaltyArg {
    Instead,
    Added,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExhaustionArg {
    NoScore,
    Reshuffle,
    ScoreHands,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TakeFromArg {
    Any,
    RunEnds,
    TopOnly,
}

/// A number checked by the rules' own setter, so the message is the crate's.
fn checked<T: TryFrom<u64> + Copy>(
    s: &str,
    set: impl Fn(T) -> Result<Rules, ConfigError>,
) -> Result<T, String> {
    let wide: u64 = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a whole number"))?;
    let v = T::try_from(wide).map_err(|_| format!("{wide} is out of range (see --help)"))?;
    set(v).map(|_| v).map_err(|e| e.to_string())
}

fn score_limit(s: &str) -> Result<u16, String> {
    checked(s, |v| Rules::default().with_score_limit(v))
}
fn match_losses(s: &str) -> Result<u8, String> {
    checked(s, |v| Rules::default().with_match_losses(v))
}
fn call_threshold(s: &str) -> Result<u8, String> {
    checked(s, |v| Rules::default().with_call_threshold(v))
}
fn penalty(s: &str) -> Result<u8, String> {
    checked(s, |v| Rules::default().with_penalty(v))
}
fn min_run(s: &str) -> Result<u8, String> {
    checked(s, |v| Rules::default().with_min_run(v))
}
fn turn_limit(s: &str) -> Result<u16, String> {
    checked(s, |v| Rules::default().with_turn_limit(v))
}

impl RulesArgs {
    /// The rules for `players` players with every field given.
    ///
    /// # Errors
    /// A field out of range (clap has checked them all already).
    pub fn rules(&self, players: u8) -> Result<Rules, ConfigError> {
        let mut r = Rules::new(players)?.with_counter_on_equal(self.counter_on_equal);
        if let Some(v) = self.score_limit {
            r = r.with_score_limit(v)?;
        }
        if let Some(v) = self.match_losses {
            r = r.with_match_losses(v)?;
        }
        if let Some(v) = self.call_threshold {
            r = r.with_call_threshold(v)?;
        }
        if let Some(v) = self.penalty {
            r = r.with_penalty(v)?;
        }
        if let Some(v) = self.min_run {
            r = r.with_min_run(v)?;
        }
        if let Some(v) = self.turn_limit {
            r = r.with_turn_limit(v)?;
        }
        if let Some(m) = self.penalty_mode {
            r = r.with_penalty_mode(match m {
                PenaltyArg::Instead => PenaltyMode::Instead,
                PenaltyArg::Added => PenaltyMode::Added,
            });
        }
        if let Some(e) = self.exhaustion {
            r = r.with_exhaustion(match e {
                ExhaustionArg::NoScore => Exhaustion::NoScore,
                ExhaustionArg::Reshuffle => Exhaustion::Reshuffle,
                ExhaustionArg::ScoreHands => Exhaustion::ScoreHands,
            });
        }
        if let Some(t) = self.take_from {
            r = r.with_take_from(match t {
                TakeFromArg::Any => TakeFrom::Any,
                TakeFromArg::RunEnds => TakeFrom::RunEnds,
                TakeFromArg::TopOnly => TakeFrom::TopOnly,
            });
        }
        Ok(r)
    }
}
