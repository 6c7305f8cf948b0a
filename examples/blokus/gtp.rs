//! `blokus gtp`: the engine behind the Go Text Protocol, in the Blokus dialect of Pentobi's
//! engine, so tournament controllers (Pentobi's `twogtp`) can match it against others.
//!
//! Framing: one command per line, an optional numeric id first; the answer is `=` (or `?`
//! for a failure), the id if one was given, a space and the text (possibly empty), then a
//! blank line.
//! Moves are Pentobi's point lists (`e10,d11,e11,f11,e12`, rows counted from the bottom) or
//! `pass`. Colours: `b`/`w` in Duo (also `blue`/`black`, `green`/`white`), `1`-`4` or
//! `blue`, `yellow`, `red`, `green` in Classic. A colour may be named out of turn when the
//! colours between can only pass (controllers never send passes): those passes are played
//! first.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use plateau_blokus::{Bot, Color, Config, Game, IllegalMove, Mcts, Move, Play, Seat, Variant};

const COMMANDS: [&str; 19] = [
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
    "undo",
    "version",
    "g",
    "p",
];

struct Engine {
    game: Game,
    level: u32,
    bot: Mcts,
    /// Time spent generating moves (answered by `cputime`).
    thinking: Duration,
}

impl Engine {
    fn bot(seed: u64, level: u32) -> Mcts {
        Mcts::new(seed).with_playouts(level)
    }

    fn variant(&self) -> Variant {
        self.game.variant()
    }

    fn color(&self, arg: Option<&str>) -> Result<Color, String> {
        let s = arg.ok_or("missing colour argument")?.to_ascii_lowercase();
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

    /// Plays the passes of the colours before `c` that cannot move; an error if one of them
    /// could (nothing is played then).
    fn skip_to(&mut self, c: Color) -> Result<(), String> {
        let mut g = self.game.clone();
        while g.color_to_move() != c && !g.is_over() {
            if g.legal_moves() != [Move::Pass] {
                return Err(format!(
                    "not your turn: {} is to move",
                    g.color_to_move().name(self.variant())
                ));
            }
            g.play(Move::Pass).map_err(|e| e.to_string())?;
        }
        self.game = g;
        Ok(())
    }

    fn play(&mut self, c: Color, text: &str) -> Result<String, String> {
        let m = Move::parse_points(text, self.variant()).map_err(|e| e.to_string())?;
        let saved = self.game.clone();
        self.skip_to(c)?;
        if let Err(e) = self.game.play_as(c, m) {
            self.game = saved;
            return Err(e.to_string());
        }
        Ok(String::new())
    }

    fn genmove(&mut self, c: Color, commit: bool) -> Result<String, String> {
        let saved = self.game.clone();
        self.skip_to(c)?;
        if self.game.is_over() {
            self.game = saved;
            return Ok("pass".into());
        }
        let start = Instant::now();
        let m = self.bot.choose(&self.game).unwrap_or(Move::Pass);
        self.thinking += start.elapsed();
        let text = m.points(self.variant()).to_string();
        if commit {
            self.game
                .play_as(c, m)
                .map_err(|e: IllegalMove| e.to_string())?;
        } else {
            self.game = saved;
        }
        Ok(text)
    }

    fn undo(&mut self) -> Result<String, String> {
        // Take back the last placement with the passes played around it.
        let mut g = self.game.clone();
        while g.moves().last() == Some(&Move::Pass) {
            g.undo();
        }
        if g.undo().is_none() {
            return Err("cannot undo".into());
        }
        while g.moves().last() == Some(&Move::Pass) {
            g.undo();
        }
        self.game = g;
        Ok(String::new())
    }

    fn final_score(&self) -> String {
        let config = self.game.config();
        if config.players() == 2 {
            let d = self.game.score(Seat::new(0).unwrap_or_default())
                - self.game.score(Seat::new(1).unwrap_or_default());
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
                let ch = g
                    .at(plateau_blokus::Pos::new(x, y))
                    .map_or('.', |c| symbols[c.index()]);
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
                let name = line.trim().to_ascii_lowercase();
                let config = match name
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .as_str()
                {
                    "blokus duo" => Config::duo(),
                    "blokus" => Config::classic(),
                    "blokus two-player" => Config::classic_two_players(),
                    _ => {
                        return Err(format!(
                            "invalid argument '{}' (Blokus Duo, Blokus, Blokus Two-Seat)",
                            line.trim()
                        ));
                    }
                };
                self.game = Game::new(config);
                Ok(String::new())
            }
            "clear_board" => {
                self.game = Game::new(self.game.config());
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
                self.bot = Engine::bot(seed, self.level);
                Ok(String::new())
            }
            "cputime" => Ok(format!("{:.3}", self.thinking.as_secs_f64())),
            _ => Err("unknown command".into()),
        }
    }
}

/// Runs the engine until `quit` or the end of standard input.
pub fn serve(level: u32, seed: u64, classic: bool) -> crate::support::Outcome {
    let config = if classic {
        Config::classic()
    } else {
        Config::duo()
    };
    let mut engine = Engine {
        game: Game::new(config),
        level,
        bot: Engine::bot(seed, level),
        thinking: Duration::ZERO,
    };
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line?;
        // GTP: comments start with '#'; control characters other than tab are dropped.
        let line: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| !c.is_control() || *c == '\t')
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
