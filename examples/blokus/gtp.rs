//! `blokus gtp`: the engine behind the Go Text Protocol, in the Blokus dialect of Pentobi's
//! engine, so tournament controllers (Pentobi's `twogtp`) can match it against others.
//!
//! Framing: one command per line, an optional numeric id first; the answer is `=` (or `?`
//! for a failure), the id if one was given, a space and the text (possibly empty), then a
//! blank line. Lines are read through the toolkit's capped reader: a line that is not
//! UTF-8, or longer than the cap, is answered `?` and the engine goes on.
//!
//! Moves are Pentobi's point lists (`e10,d11,e11,f11,e12`, rows counted from the bottom).
//! Colours: `b`/`w` in Duo (also `blue`/`black`, `green`/`white`), `1`-`4` or `blue`,
//! `yellow`, `red`, `green` in Classic. As in Pentobi, `play` and `genmove` take any colour
//! at any time (controllers set positions up that way): the colour named moves, and the
//! turn then goes to the colour after it. Refusals are told in the points and colours of
//! the command received.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Duration;

use cpu_time::ProcessTime;
use plateau::CliResult;
use plateau::input::stdin_lines;

use crate::cli::Playouts;
use plateau_blokus::{Bot, Color, Config, Game, IllegalMove, Mcts, Move, Play, Pos, Seat, Variant};

const COMMANDS: [&str; 21] = [
    "all_legal",
    "clear_board",
    "cputime",
    "final_score",
    "genmove",
    "known_command",
    "list_commands",
    "name",
    "play",
    "protocol_version",
    "quit",
    "reg_genmove",
    "set_game",
    "set_random_seed",
    "showboard",
    "time_left",
    "time_settings",
    "undo",
    "version",
    "g",
    "p",
];

struct Engine {
    game: Game,
    /// The positions before each move played, for `undo`.
    history: Vec<Game>,
    level: Playouts,
    seed: u64,
    /// Seconds per generated move (`--time`), when set.
    per_move: Option<f64>,
    /// `time_settings`: main time, byo-yomi time and stones (seconds), when set.
    settings: Option<(f64, f64, u32)>,
    /// `time_left`: seconds and stones left of each colour, when told.
    left: [Option<(f64, u32)>; 4],
    search: Search,
    /// Threads of each search.
    threads: u16,
    bot: Mcts,
}

/// Which tree search `genmove` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Search {
    /// [`Mcts::new`]: the default search (learned move knowledge, prior selection).
    Default,
    /// The default of 2026-12-04: hand-set move knowledge, UCT with progressive widening.
    Uct,
    /// [`Search::Uct`] with RAVE as well.
    Rave,
    /// [`Mcts::new`] without move knowledge, without local answers and last good replies
    /// in the playouts and with rewards by result only (no margin): the search before
    /// issue 21.
    Classic,
}

impl Search {
    fn uct(seed: u64) -> Mcts {
        Mcts::new(seed)
            .with_prior_selection(None)
            .with_learned_knowledge(false)
    }

    /// The search drawing from `seed`, at the default budget.
    pub fn mcts(self, seed: u64) -> Mcts {
        match self {
            Search::Default => Mcts::new(seed),
            Search::Uct => Search::uct(seed),
            Search::Rave => Search::uct(seed).with_rave(true),
            Search::Classic => Mcts::new(seed)
                .with_score_weight(0.0)
                .with_move_knowledge(false)
                .with_local_answers(false)
                .with_last_good_replies(false),
        }
    }
}

impl Engine {
    fn new(
        config: Config,
        level: Playouts,
        seed: u64,
        per_move: Option<f64>,
        search: Search,
        threads: u16,
    ) -> Engine {
        let mut e = Engine {
            game: Game::new(config),
            history: Vec::new(),
            level,
            seed,
            per_move,
            settings: None,
            left: [None; 4],
            search,
            threads,
            bot: Mcts::new(seed),
        };
        e.bot = e.fresh_bot();
        e
    }

    /// A new search with the engine's seed and budget.
    fn fresh_bot(&self) -> Mcts {
        let bot = self.search.mcts(self.seed).with_threads(self.threads);
        // With a clock the playouts only cap what the time allows.
        if self.per_move.is_some() || self.settings.is_some() {
            bot.with_playouts(u32::MAX)
        } else {
            self.level.apply(bot)
        }
    }

    /// The time `genmove` may spend for `c`: `--time`, or its share of the time left
    /// (what `time_left` said, else `time_settings`' main time) over the moves it may
    /// still make, plus the byo-yomi period per stone; `None` without a clock.
    fn budget(&self, g: &Game, c: Color) -> Option<Duration> {
        let secs = if let Some((main, byo, stones)) = self.settings {
            let (left, left_stones) = self.left[c.index()].unwrap_or((main, 0));
            // Pieces in hand bound the moves left; a colour plays about half of them.
            let pieces = g.pieces_left(c).iter().count() as f64;
            let moves = (pieces * 0.6).max(3.0);
            if left_stones > 0 {
                // In byo-yomi: this period over its stones, with a margin.
                0.85 * left / f64::from(left_stones)
            } else {
                let extra = if stones > 0 {
                    byo / f64::from(stones)
                } else {
                    0.0
                };
                (0.9 * left / moves + 0.85 * extra).max(0.0)
            }
        } else {
            self.per_move?
        };
        // Never less than a millisecond: the search runs at least one playout anyway.
        Some(Duration::from_secs_f64(secs.clamp(0.001, 1.0e6)))
    }

    fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// A new game (the search's tree goes with the old one).
    fn reset(&mut self, config: Config) {
        self.game = Game::new(config);
        self.history.clear();
        self.left = [None; 4];
        self.bot = self.fresh_bot();
    }

    fn color(&self, arg: Option<&str>) -> Result<Color, String> {
        let s = arg.ok_or("missing color argument")?.to_ascii_lowercase();
        let c = match (self.variant(), s.as_str()) {
            (Variant::Duo, "b" | "blue" | "black") | (Variant::Classic, "1" | "blue") => {
                Color::BLUE
            }
            (Variant::Duo, "w" | "green" | "white") | (Variant::Classic, "2" | "yellow") => {
                Color::YELLOW
            }
            (Variant::Classic, "3" | "red") => Color::RED,
            (Variant::Classic, "4" | "green") => Color::GREEN,
            _ => return Err(format!("invalid color argument '{s}'")),
        };
        Ok(c)
    }

    /// The game with `c` to move: as it is when it is `c`'s turn, otherwise the same
    /// position handed to `c` (Pentobi lets any colour move at any time).
    fn turn_of(&mut self, c: Color) -> Result<Game, String> {
        // Colours between that can only pass do (controllers send no passes): the history
        // goes on, and with it the search's tree.
        let mut g = self.game.clone();
        while g.color_to_move() != c && !g.is_over() && g.legal_moves() == [Move::Pass] {
            g.play(Move::Pass).map_err(|e| e.to_string())?;
        }
        if g.color_to_move() == c {
            return Ok(g);
        }
        let g = self.game.with_to_move(c).map_err(|e| e.to_string())?;
        // The search keeps its tree by the moves played since the start, which restart
        // here: a fresh search, so no tree of another position is reused.
        self.bot = self.fresh_bot();
        Ok(g)
    }

    /// Plays `m` for `c` on `g` (the game with `c` to move), keeping the position before.
    fn commit(&mut self, g: Game, c: Color, m: Move) -> Result<(), String> {
        let mut g = g;
        g.play_as(c, m)
            .map_err(|e| refusal(&e, c, m, self.variant()))?;
        let before = std::mem::replace(&mut self.game, g);
        self.history.push(before);
        Ok(())
    }

    fn play(&mut self, c: Color, text: &str) -> Result<String, String> {
        let m = Move::parse_points(text, self.variant()).map_err(|e| e.to_string())?;
        if m.is_pass() {
            return Err("play pass is not supported: a colour that cannot move is skipped".into());
        }
        let g = self.turn_of(c)?;
        self.commit(g, c, m)?;
        Ok(String::new())
    }

    fn genmove(&mut self, c: Color, commit: bool) -> Result<String, String> {
        if self.game.is_over() {
            return Ok("pass".into());
        }
        let g = self.turn_of(c)?;
        if g.legal_moves() == [Move::Pass] {
            return Ok("pass".into());
        }
        if let Some(limit) = self.budget(&g, c) {
            self.bot.set_time_limit(Some(limit));
        }
        let m = self.bot.choose(&g).unwrap_or(Move::Pass);
        let text = m.points(self.variant()).to_string();
        if commit && !m.is_pass() {
            self.commit(g, c, m)?;
        }
        Ok(text)
    }

    fn undo(&mut self) -> Result<String, String> {
        let before = self.history.pop().ok_or("cannot undo")?;
        self.game = before;
        Ok(String::new())
    }

    fn final_score(&self) -> String {
        let config = self.game.config();
        if config.players() == 2 {
            let d =
                self.game.score(Seat::FIRST) - self.game.score(Seat::new(1).unwrap_or_default());
            match d {
                0 => "0".into(),
                d if d > 0 => format!("B+{d}"),
                d => format!("W+{}", -d),
            }
        } else {
            (0..config.colors())
                .filter_map(Color::new)
                .map(|c| self.game.color_score(c).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        }
    }

    fn showboard(&self) -> String {
        let g = &self.game;
        let side = self.variant().side();
        let letters: String = (0..side)
            .flat_map(|x| [' ', char::from(b'A' + x as u8)])
            .collect();
        let mut s = format!("\n  {letters}\n");
        let symbols = ['X', 'O', '#', '@'];
        for y in 0..side {
            let row = side - y;
            let _ = write!(s, "{row:>2}");
            for x in 0..side {
                let ch = g.at(Pos::new(x, y)).map_or('.', |c| symbols[c.index()]);
                let _ = write!(s, " {ch}");
            }
            let _ = writeln!(s, " {row}");
        }
        let _ = writeln!(s, "  {letters}");
        for c in (0..g.config().colors()).filter_map(Color::new) {
            let turn = if g.color_to_move() == c { "*" } else { " " };
            let pieces: Vec<&str> = g
                .pieces_left(c)
                .iter()
                .map(plateau_blokus::Piece::name)
                .collect();
            let _ = writeln!(
                s,
                "{turn}{}({}): {} points, left {}",
                c.name(self.variant()),
                symbols[c.index()],
                g.color_score(c),
                pieces.join(" ")
            );
        }
        s.trim_end().to_owned()
    }

    /// The CPU time the process has used, in seconds, as GTP means it (all threads, all
    /// commands: not the wall time of `genmove`).
    fn cputime() -> Result<String, String> {
        ProcessTime::try_now()
            .map(|t| format!("{:.3}", t.as_duration().as_secs_f64()))
            .map_err(|e| format!("cannot read the CPU time: {e}"))
    }

    /// `time_settings main byo_yomi stones` and `time_left color seconds stones`.
    fn time_command(&mut self, cmd: &str, args: &[&str]) -> Result<String, String> {
        let arg = |i: usize| args.get(i).copied();
        match cmd {
            "time_settings" => {
                if args.len() > 3 {
                    return Err("too many arguments".to_owned());
                }
                let num = |i: usize| -> Result<f64, String> {
                    arg(i)
                        .and_then(|s| s.parse::<f64>().ok())
                        .filter(|t| t.is_finite() && *t >= 0.0)
                        .ok_or_else(|| "expected main time, byo-yomi time and stones".to_owned())
                };
                let (main, byo) = (num(0)?, num(1)?);
                let stones: u32 = arg(2)
                    .and_then(|s| s.parse().ok())
                    .ok_or("expected main time, byo-yomi time and stones")?;
                // GTP: byo-yomi time with no stones means no time limit.
                self.settings = (byo == 0.0 || stones > 0).then_some((main, byo, stones));
                self.left = [None; 4];
                self.bot = self.fresh_bot();
                Ok(String::new())
            }
            "time_left" => {
                if args.len() > 3 {
                    return Err("too many arguments".to_owned());
                }
                let c = self.color(arg(0))?;
                let t = arg(1)
                    .and_then(|s| s.parse::<f64>().ok())
                    .filter(|t| t.is_finite() && *t >= 0.0)
                    .ok_or("expected a colour, seconds and stones")?;
                let stones: u32 = arg(2)
                    .and_then(|s| s.parse().ok())
                    .ok_or("expected a colour, seconds and stones")?;
                self.left[c.index()] = Some((t, stones));
                Ok(String::new())
            }
            _ => Err("unknown command".into()),
        }
    }

    fn handle(&mut self, cmd: &str, args: &[&str], line: &str) -> Result<String, String> {
        let arg = |i: usize| args.get(i).copied();
        let no_more = |n: usize| {
            if args.len() > n {
                Err("too many arguments".to_owned())
            } else {
                Ok(())
            }
        };
        match cmd {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("plateau-blokus".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(COMMANDS.contains(&arg(0).unwrap_or("")).to_string()),
            "list_commands" => {
                let mut v = COMMANDS.to_vec();
                v.sort_unstable();
                Ok(v.join("\n"))
            }
            "set_game" => {
                let name = line.split_whitespace().collect::<Vec<_>>().join(" ");
                let config = match name.to_ascii_lowercase().as_str() {
                    "blokus duo" => Config::duo(),
                    "blokus" => Config::classic(),
                    "blokus two-player" => Config::classic_two_players(),
                    _ => {
                        return Err(format!(
                            "invalid argument '{name}' (Blokus Duo, Blokus, Blokus Two-Player)"
                        ));
                    }
                };
                self.reset(config.with_scoring(self.game.config().scoring()));
                Ok(String::new())
            }
            "clear_board" => {
                self.reset(self.game.config());
                Ok(String::new())
            }
            "play" => {
                let c = self.color(arg(0))?;
                let rest = args.get(1..).unwrap_or_default().join("");
                if rest.is_empty() {
                    return Err("missing move argument".into());
                }
                self.play(c, &rest)
            }
            "p" => {
                let c = self.game.color_to_move();
                self.play(c, &args.join(""))
            }
            "genmove" | "reg_genmove" => {
                no_more(1)?;
                let c = self.color(arg(0))?;
                self.genmove(c, cmd == "genmove")
            }
            "g" => {
                no_more(0)?;
                let c = self.game.color_to_move();
                self.genmove(c, true)
            }
            "undo" => self.undo(),
            "showboard" => Ok(self.showboard()),
            "final_score" => Ok(self.final_score()),
            "all_legal" => {
                no_more(1)?;
                let c = self.color(arg(0))?;
                let v = self.variant();
                Ok(self
                    .game
                    .placements_of(c)
                    .into_iter()
                    .map(|p| Move::Place(p).points(v).to_string())
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
            "set_random_seed" => {
                let seed: u64 = arg(0)
                    .and_then(|s| s.parse().ok())
                    .ok_or("expected a seed (a whole number)")?;
                self.seed = seed;
                self.bot = self.fresh_bot();
                Ok(String::new())
            }
            "time_settings" | "time_left" => self.time_command(cmd, args),
            "cputime" => Engine::cputime(),
            _ => Err("unknown command".into()),
        }
    }
}

/// A point in Pentobi's notation: column letter, row counted from the bottom.
fn point(pos: Pos, variant: Variant) -> String {
    let col = char::from(b'a'.wrapping_add(pos.x as u8));
    format!("{col}{}", variant.side() as isize - pos.y as isize)
}

/// Why a move was refused, in the points and colour names of the protocol.
fn refusal(e: &IllegalMove, c: Color, m: Move, variant: Variant) -> String {
    let name = c.name(variant);
    let points = m.points(variant);
    match *e {
        IllegalMove::GameOver => "the game is over".to_owned(),
        IllegalMove::PieceUsed { piece, .. } => {
            format!(
                "{name} has played its {} already",
                crate::table::piece_word(piece)
            )
        }
        IllegalMove::OffBoard { .. } => format!("{points} reaches off the board"),
        IllegalMove::Overlap { pos, .. } => {
            format!("{} is covered already", point(pos, variant))
        }
        IllegalMove::EdgeContact { pos, .. } => format!(
            "{} touches {name} along an edge (only corners may touch)",
            point(pos, variant)
        ),
        IllegalMove::StartNotCovered { start, .. } => {
            format!("{name}'s first piece must cover {}", point(start, variant))
        }
        IllegalMove::NoCornerContact { .. } => {
            format!("{points} touches no {name} piece at a corner")
        }
        IllegalMove::PassWithMovesLeft { .. } => format!("{name} has a move: it cannot pass"),
        IllegalMove::NotYourTurn { .. } => format!("it is not {name}'s turn"),
        _ => format!("illegal move {points}"),
    }
}

/// Runs the engine until `quit` or the end of standard input.
pub fn serve(
    level: Playouts,
    seed: u64,
    config: Config,
    per_move: Option<f64>,
    search: Search,
    threads: u16,
) -> CliResult {
    let mut engine = Engine::new(config, level, seed, per_move, search, threads);
    let mut out = io::stdout().lock();
    for line in stdin_lines() {
        let line = match line {
            Ok(line) => line,
            // Not UTF-8, or over the length cap: a failed command, and the engine goes on.
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                write!(out, "? {e}\n\n")?;
                out.flush()?;
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        // GTP: comments start with '#'; control characters other than tab are dropped and
        // tabs read as spaces.
        let line: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| !c.is_control() || *c == '\t')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            continue;
        };
        let (id, cmd) = match first.parse::<u64>() {
            Ok(id) => {
                if let Some(cmd) = words.next() {
                    (Some(id), cmd)
                } else {
                    write!(out, "?{id} missing command\n\n")?;
                    out.flush()?;
                    continue;
                }
            }
            Err(_) => (None, first),
        };
        let args: Vec<&str> = words.collect();
        let rest = line.split_once(cmd).map_or("", |(_, r)| r);
        let id_text = id.map(|i| i.to_string()).unwrap_or_default();
        let result = if cmd == "quit" {
            Ok(String::new())
        } else {
            engine.handle(cmd, &args, rest)
        };
        // Always a space after the status and id, even before an empty answer: Pentobi's
        // twogtp refuses a bare "=".
        match result {
            Ok(text) => write!(out, "={id_text} {text}\n\n")?,
            Err(e) => write!(out, "?{id_text} {e}\n\n")?,
        }
        out.flush()?;
        if cmd == "quit" {
            break;
        }
    }
    Ok(())
}
