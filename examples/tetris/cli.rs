//! The command line: clap's parser and the rules it builds. Every option but those of one
//! subcommand is global: it may come before or after the subcommand alike.

use clap::{Args, CommandFactory, Parser, Subcommand};
use plateau::GameArgs;
use plateau::matches::MAX_GAMES;
use plateau_tetris::{Piece, Rules};

#[derive(Parser, Debug)]
#[command(
    name = "tetris",
    about = "Tetris: the Guideline game in real time, the classic and calculator rule sets, a bot",
    long_about = "Tetris: the Guideline game in real time, the classic and calculator rule sets, \
                  a bot.\n\nWith no subcommand, play (full screen on a terminal, line by line \
                  otherwise); --demo watches the bot play; the subcommands list placements, \
                  measure the bot, print the rules and the high scores. Every option may come \
                  before or after the subcommand.",
    after_help = "Keys: arrows move (down: soft drop), up or x rotate clockwise, z counter-clockwise, \
                  space hard drop, c hold, p pause, g the help grid, h the bot's placement (a game \
                  played with it enters no record), q quit; after a game over, n (or Enter) starts \
                  a new game. The best scores of each rule set are kept (see `tetris scores`).\n\n\
                  Without a terminal, each line of standard input is a list of steps \
                  (L R S F C A D H: left, right, soft drop, fall, rotate cw, anticlockwise, \
                  hard drop, hold) or of placements (T2@2,1), and the board is printed after each; \
                  `hint`, `new`, `help` and `quit` are understood.\n\n\
                  Rules: --rules takes a preset (guideline, classic, calculator) or the rules' \
                  text form (`tetris rules` prints it: a preset name then key=value settings, e.g. \
                  \"calculator preview=5 hold=no\"); each option under \"Rules\" changes one \
                  setting of it."
)]
#[command(mut_arg("seed", |a| a.global(true)))]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub game: GameArgs,
    /// Pieces the bot plays at most: with --demo (default 1000) and bench (default 50000),
    /// 1 to 1000000000.
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub pieces: Option<u64>,
    /// Games bench plays (1 to 100000000, default 10).
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: Option<u64>,
    /// Worker threads of bench (default: one per core).
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Read a board from standard input (rows of # and ., top row first, the last line is row
    /// 0; missing rows above are empty) and print how many distinct final placements the
    /// piece reaches from its spawn under the rules (the Guideline's unless --rules says
    /// otherwise: SRS, the pivot at column 4 of a 10-wide field, row 20, facing north), then
    /// one placement per line: the placement, its cells, an input path from the spawn, and
    /// the T-spin it makes.
    Placements {
        /// The piece: I, O, T, S, Z, J or L.
        #[arg(long)]
        piece: Piece,
    },
    /// The bot plays games from consecutive seeds (game i plays seed + i), each capped at
    /// --pieces, on the toolkit's match runner: a header line, one line per game ("won" when
    /// it reached the cap without topping out), then the survival rate with its 95 %
    /// interval, the mean lines, and the pieces per second of each game (the bot's decision
    /// and the engine's lock; --threads 1 for one core's figures).
    Bench,
    /// Print the rules in force in their text form, short (the nearest preset and what
    /// differs) then in full, every setting written.
    Rules,
    /// Print the high scores kept for each rule set (with --rules or a rules option, only
    /// that rule set's): a game enters its rule set's table when it tops out.
    Scores,
}

/// The rules: a preset or a text form, then one option per setting. Each option's value is
/// written as in the text form and checked with the others by the library's parser.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// Rule set: guideline (the default), classic (NES) or calculator, or a text form such
    /// as "calculator preview=5" (see `tetris rules`).
    #[arg(long, global = true, value_name = "RULES", help_heading = "Rules")]
    pub rules: Option<String>,
    /// Columns of the field, 4 to 16.
    #[arg(long, global = true, value_name = "N", value_parser = one_token, help_heading = "Rules")]
    pub width: Option<String>,
    /// Visible rows, at least 4 (visible and buffer rows 60 at most).
    #[arg(long, global = true, value_name = "N", value_parser = one_token, help_heading = "Rules")]
    pub visible: Option<String>,
    /// Buffer rows above the visible field, at least 4.
    #[arg(long, global = true, value_name = "N", value_parser = one_token, help_heading = "Rules")]
    pub buffer: Option<String>,
    /// Rotation system: srs or classic.
    #[arg(long, global = true, value_name = "SYSTEM", value_parser = one_token, help_heading = "Rules")]
    pub rotation: Option<String>,
    /// Randomizer: bag (7-bag), memoryless or classic (NES, one reroll).
    #[arg(long, global = true, value_name = "KIND", value_parser = one_token, help_heading = "Rules")]
    pub randomizer: Option<String>,
    /// Next pieces shown, 0 to 6.
    #[arg(long, global = true, value_name = "N", value_parser = one_token, help_heading = "Rules")]
    pub preview: Option<String>,
    /// Hold allowed: yes or no.
    #[arg(long, global = true, value_name = "YES|NO", value_parser = one_token, help_heading = "Rules")]
    pub hold: Option<String>,
    /// Hard drop allowed: yes or no.
    #[arg(long, global = true, value_name = "YES|NO", value_parser = one_token, help_heading = "Rules")]
    pub hard_drop: Option<String>,
    /// Gravity: guideline, nes, calculator, 20g, fixed:RAW or custom:RAW,RAW,... (rows per
    /// tick times 2^32, one per level).
    #[arg(long, global = true, value_name = "CURVE", value_parser = one_token, help_heading = "Rules")]
    pub gravity: Option<String>,
    /// Soft drop: xK (K times gravity, K at least 1) or fixed:RAW.
    #[arg(long, global = true, value_name = "SPEED", value_parser = one_token, help_heading = "Rules")]
    pub soft_drop: Option<String>,
    /// Lock: TICKS/RESETS (a lock delay reset by moves) or gravity (locks when gravity
    /// cannot move the piece).
    #[arg(long, global = true, value_name = "RULE", value_parser = one_token, help_heading = "Rules")]
    pub lock: Option<String>,
    /// Delayed auto shift in ticks, at least 1.
    #[arg(long, global = true, value_name = "TICKS", value_parser = one_token, help_heading = "Rules")]
    pub das: Option<String>,
    /// Auto repeat rate in ticks (0: straight to the wall).
    #[arg(long, global = true, value_name = "TICKS", value_parser = one_token, help_heading = "Rules")]
    pub arr: Option<String>,
    /// Scoring: guideline (T-spins, back-to-back, combos) or nes.
    #[arg(long, global = true, value_name = "KIND", value_parser = one_token, help_heading = "Rules")]
    pub scoring: Option<String>,
    /// Starting level, 0 to 999 (at most the level cap).
    #[arg(long, global = true, value_name = "N", value_parser = one_token, help_heading = "Rules")]
    pub level: Option<String>,
    /// Highest level, 1 to 999, or none.
    #[arg(long, global = true, value_name = "N|none", value_parser = one_token, help_heading = "Rules")]
    pub level_cap: Option<String>,
    /// Highest score, or none.
    #[arg(long, global = true, value_name = "N|none", value_parser = one_token, help_heading = "Rules")]
    pub score_cap: Option<String>,
    /// Lines per level, 1 to 255.
    #[arg(long, global = true, value_name = "N", value_parser = one_token, help_heading = "Rules")]
    pub lines_per_level: Option<String>,
    /// Lock out (a piece locked wholly above the visible field ends the game): yes or no.
    #[arg(long, global = true, value_name = "YES|NO", value_parser = one_token, help_heading = "Rules")]
    pub lock_out: Option<String>,
}

/// A setting's value is one word of the text form.
fn one_token(s: &str) -> Result<String, String> {
    let t = s.trim();
    if t.is_empty() || t.contains(char::is_whitespace) || t.contains('=') {
        return Err(format!("{s:?} is not one value"));
    }
    Ok(t.to_owned())
}

impl RulesArgs {
    /// The settings given as options, as `key=value` words of the text form.
    fn settings(&self) -> Vec<String> {
        let fields = [
            ("width", &self.width),
            ("visible", &self.visible),
            ("buffer", &self.buffer),
            ("rotation", &self.rotation),
            ("randomizer", &self.randomizer),
            ("preview", &self.preview),
            ("hold", &self.hold),
            ("hard-drop", &self.hard_drop),
            ("gravity", &self.gravity),
            ("soft-drop", &self.soft_drop),
            ("lock", &self.lock),
            ("das", &self.das),
            ("arr", &self.arr),
            ("scoring", &self.scoring),
            ("level", &self.level),
            ("level-cap", &self.level_cap),
            ("score-cap", &self.score_cap),
            ("lines-per-level", &self.lines_per_level),
            ("lock-out", &self.lock_out),
        ];
        fields
            .iter()
            .filter_map(|(key, v)| v.as_ref().map(|v| format!("{key}={}", v.to_lowercase())))
            .collect()
    }

    /// Whether the rules were chosen at all (a preset, a text or one setting).
    pub fn given(&self) -> bool {
        self.rules.is_some() || !self.settings().is_empty()
    }

    /// The rules: `--rules` (Guideline when absent), then every setting given, checked
    /// together by the library's parser of the text form.
    ///
    /// # Errors
    /// The library's message (an unknown preset, a value out of range, two settings that
    /// do not go together), naming the setting.
    pub fn build(&self) -> Result<Rules, String> {
        let mut text = self.rules.clone().unwrap_or_else(|| "guideline".to_owned());
        for s in self.settings() {
            text.push(' ');
            text.push_str(&s);
        }
        text.parse::<Rules>().map_err(|e| e.to_string())
    }
}

impl Cli {
    /// The rules, or clap's usage error (exit status 2) for rules that do not hold together,
    /// the same kind of error as a value clap refuses itself.
    pub fn rules_or_exit(&self) -> Rules {
        self.rules.build().unwrap_or_else(|e| {
            Cli::command()
                .error(
                    clap::error::ErrorKind::ValueValidation,
                    format!("invalid rules: {e}"),
                )
                .exit()
        })
    }
}
