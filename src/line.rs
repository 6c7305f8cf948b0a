//! One line mode for every game: what an example does when standard input is not a
//! terminal (a script, a pipe, a screen reader). It prints the position, reads moves a line
//! at a time, lets bots play their seats, and understands the same few commands in every
//! game.
//!
//! A line is first read as moves (`FromStr` of the game's move, several per line where the
//! game's notation allows); only a line that is not moves is a command, so a move whose
//! text is also a command letter (Flood-It's colour `h`) stays playable. Commands:
//! `hint` (`h`, `?`), `undo` (`u`), `new` (`n`), `quit` (`q`, `exit`), `help`. End of input
//! ends the game quietly (exit 0).

use std::io::{self, Write};

use plateau_grid::{Bot, Play, Seat};

use crate::cli::CliResult;
use crate::input;

type Render<G> = Box<dyn Fn(&G, &mut dyn Write) -> io::Result<()>>;
type Parse<G> = Box<dyn Fn(&G, &str) -> Result<Vec<<G as Play>::Move>, String>>;
type Hint<G> = Box<dyn FnMut(&G) -> Option<<G as Play>::Move>>;
type HintNote<G> = Box<dyn Fn(&G, <G as Play>::Move) -> String>;
type NewGame<G> = Box<dyn FnMut() -> G>;
type Verdict<G> = Box<dyn Fn(&G) -> String>;
type OnEvent<G> = Box<dyn Fn(&G, Seat, <G as Play>::Move, &<G as Play>::Event) -> Option<String>>;
type Forced<G> = Box<dyn Fn(&G) -> Option<<G as Play>::Move>>;
type SeatName<G> = Box<dyn Fn(&G, Seat) -> String>;
type Refusal<G> = Box<dyn Fn(&G, <G as Play>::Move, &<G as Play>::Illegal) -> String>;

/// A game played line by line on standard input and output.
pub struct LineMode<'b, G: Play> {
    game: G,
    /// The states at the human's earlier decisions, for undo.
    history: Vec<G>,
    bots: Vec<Option<Box<dyn Bot<G> + 'b>>>,
    render: Render<G>,
    parse: Parse<G>,
    hint: Option<Hint<G>>,
    hint_note: Option<HintNote<G>>,
    new_game: Option<NewGame<G>>,
    verdict: Verdict<G>,
    on_event: Option<OnEvent<G>>,
    forced: Option<Forced<G>>,
    seat_name: Option<SeatName<G>>,
    refusal: Option<Refusal<G>>,
    help: String,
    undo: bool,
    after_end: bool,
}

impl<G: Play> std::fmt::Debug for LineMode<'_, G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LineMode")
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

/// A line of moves separated by spaces or commas, each through `FromStr`.
///
/// # Errors
/// The first word that is not a move, and why.
pub fn parse_words<M: std::str::FromStr>(line: &str) -> Result<Vec<M>, String>
where
    M::Err: std::fmt::Display,
{
    line.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<M>()
                .map_err(|e| format!("{w:?} is not a move: {e}"))
        })
        .collect()
}

impl<'b, G> LineMode<'b, G>
where
    G: Play + std::fmt::Display,
    <G::Move as std::str::FromStr>::Err: std::fmt::Display,
{
    /// A line mode on `game`, every seat human, the position printed with `Display`, moves
    /// read with [`parse_words`], the outcome printed with `Display`.
    pub fn new(game: G) -> LineMode<'b, G> {
        LineMode::with_render(game, |g, out| writeln!(out, "{g}"))
    }
}

impl<'b, G> LineMode<'b, G>
where
    G: Play,
    <G::Move as std::str::FromStr>::Err: std::fmt::Display,
{
    /// [`LineMode::new`] for a game printed by `render` instead of `Display` (a game of
    /// hidden information has no `Display`: no player may see its whole state).
    pub fn with_render(
        game: G,
        render: impl Fn(&G, &mut dyn Write) -> io::Result<()> + 'static,
    ) -> LineMode<'b, G> {
        LineMode {
            game,
            history: Vec::new(),
            bots: Vec::new(),
            render: Box::new(render),
            parse: Box::new(|_, line| parse_words(line)),
            hint: None,
            hint_note: None,
            new_game: None,
            verdict: Box::new(|g| match g.outcome() {
                Some(o) => format!("game over: {o}"),
                None => "game over".to_owned(),
            }),
            on_event: None,
            forced: None,
            seat_name: None,
            refusal: None,
            help: String::new(),
            undo: true,
            after_end: false,
        }
    }
}

impl<'b, G: Play> LineMode<'b, G> {
    /// `bot` plays `seat` (the other seats stay human).
    #[must_use]
    pub fn bot(mut self, seat: Seat, bot: impl Bot<G> + 'b) -> LineMode<'b, G> {
        if self.bots.len() <= seat.index() {
            self.bots.resize_with(seat.index() + 1, || None);
        }
        self.bots[seat.index()] = Some(Box::new(bot));
        self
    }

    /// How the position is printed (after every change).
    #[must_use]
    pub fn render(mut self, f: impl Fn(&G, &mut dyn Write) -> io::Result<()> + 'static) -> Self {
        self.render = Box::new(f);
        self
    }

    /// How a line becomes moves (the game's own notation of a move list).
    #[must_use]
    pub fn parse(mut self, f: impl Fn(&G, &str) -> Result<Vec<G::Move>, String> + 'static) -> Self {
        self.parse = Box::new(f);
        self
    }

    /// What `hint` suggests.
    #[must_use]
    pub fn hint(mut self, f: impl FnMut(&G) -> Option<G::Move> + 'static) -> Self {
        self.hint = Some(Box::new(f));
        self
    }

    /// Words said after the hint's move (`hint: r3,4 (safe)`): how sure it is.
    #[must_use]
    pub fn hint_note(mut self, f: impl Fn(&G, G::Move) -> String + 'static) -> Self {
        self.hint_note = Some(Box::new(f));
        self
    }

    /// Goes on reading once the game is over, so `undo` can take the last move back
    /// (Minesweeper's losing click, as Tatham's Mines allows) and `new` start again; moves
    /// are refused until then, and the end of input or `quit` ends as usual.
    #[must_use]
    pub fn undo_after_end(mut self) -> Self {
        self.after_end = true;
        self
    }

    /// What `new` starts.
    #[must_use]
    pub fn new_game(mut self, f: impl FnMut() -> G + 'static) -> Self {
        self.new_game = Some(Box::new(f));
        self
    }

    /// The line printed when the game ends.
    #[must_use]
    pub fn verdict(mut self, f: impl Fn(&G) -> String + 'static) -> Self {
        self.verdict = Box::new(f);
        self
    }

    /// A line about each move played (by anyone), from its event; `None` prints nothing.
    #[must_use]
    pub fn on_event(
        mut self,
        f: impl Fn(&G, Seat, G::Move, &G::Event) -> Option<String> + 'static,
    ) -> Self {
        self.on_event = Some(Box::new(f));
        self
    }

    /// A move played for a human seat without asking, when `f` gives one (a pass for a
    /// player who cannot move); it is announced like a bot's move.
    #[must_use]
    pub fn forced(mut self, f: impl Fn(&G) -> Option<G::Move> + 'static) -> Self {
        self.forced = Some(Box::new(f));
        self
    }

    /// How a seat is named in the lines about its moves (default `P1`, `P2`...).
    #[must_use]
    pub fn seat_name(mut self, f: impl Fn(&G, Seat) -> String + 'static) -> Self {
        self.seat_name = Some(Box::new(f));
        self
    }

    /// Why a move is refused, in the game's words (default `<move>: <error>`).
    #[must_use]
    pub fn refusal(mut self, f: impl Fn(&G, G::Move, &G::Illegal) -> String + 'static) -> Self {
        self.refusal = Some(Box::new(f));
        self
    }

    /// What the game adds to the help line (how to write a move).
    #[must_use]
    pub fn help(mut self, text: impl Into<String>) -> Self {
        self.help = text.into();
        self
    }

    /// Refuses `undo` (a game of hidden information: taking a turn back after seeing the
    /// card it drew would be cheating); the help line no longer offers it.
    #[must_use]
    pub fn without_undo(mut self) -> Self {
        self.undo = false;
        self
    }

    /// The game as it stands.
    pub fn game(&self) -> &G {
        &self.game
    }

    fn is_bot(&self, seat: Seat) -> bool {
        self.bots.get(seat.index()).is_some_and(Option::is_some)
    }

    fn help_line(&self) -> String {
        let mut commands = if self.undo {
            vec!["undo", "quit"]
        } else {
            vec!["quit"]
        };
        if self.hint.is_some() {
            commands.insert(0, "hint");
        }
        if self.new_game.is_some() {
            commands.push("new");
        }
        let moves = if self.help.is_empty() {
            "Type moves".to_owned()
        } else {
            self.help.clone()
        };
        format!(
            "{moves}; or {} (end of input also quits).",
            commands.join(", ")
        )
    }

    /// Plays one move and reports it.
    fn play(&mut self, m: G::Move, out: &mut dyn Write) -> io::Result<Result<(), String>> {
        let seat = self.game.to_move().unwrap_or(Seat::FIRST);
        match self.game.play(m) {
            Ok(event) => {
                if let Some(f) = &self.on_event
                    && let Some(line) = f(&self.game, seat, m, &event)
                {
                    writeln!(out, "{line}")?;
                }
                Ok(Ok(()))
            }
            Err(e) => Ok(Err(match &self.refusal {
                Some(f) => f(&self.game, m, &e),
                None => format!("{m}: {e}"),
            })),
        }
    }

    fn name(&self, seat: Seat) -> String {
        match &self.seat_name {
            Some(f) => f(&self.game, seat),
            None => seat.to_string(),
        }
    }

    /// Lets the bots play (and forced moves be played) until a human seat is to move or
    /// the game is over.
    fn bots_play(&mut self, out: &mut dyn Write) -> io::Result<Result<(), String>> {
        while let Some(seat) = self.game.to_move() {
            if !self.is_bot(seat) {
                let Some(m) = self.forced.as_ref().and_then(|f| f(&self.game)) else {
                    break;
                };
                writeln!(out, "{} plays {m}", self.name(seat))?;
                if let Err(e) = self.play(m, out)? {
                    return Ok(Err(format!("a forced move was refused, {e}")));
                }
                continue;
            }
            let name = self.name(seat);
            let Some(Some(bot)) = self.bots.get_mut(seat.index()) else {
                break;
            };
            let Some(m) = bot.choose(self.game.view(seat)) else {
                return Ok(Err(format!("the bot of {seat} has no move")));
            };
            writeln!(out, "{name} plays {m}")?;
            if let Err(e) = self.play(m, out)? {
                return Ok(Err(format!("the bot of {seat} chose a refused move, {e}")));
            }
        }
        Ok(Ok(()))
    }

    /// Answers a line that is not moves: runs its command, or says why it is not played.
    /// `false` when it asked to quit.
    fn answer(
        &mut self,
        text: &str,
        why: &str,
        out: &mut dyn Write,
    ) -> Result<bool, Box<dyn std::error::Error>> {
        match command(text) {
            Some(Command::Quit) => return Ok(false),
            Some(Command::Help) => writeln!(out, "{}", self.help_line())?,
            Some(Command::Hint) => {
                let hint = self.hint.as_mut().and_then(|h| h(&self.game));
                match hint {
                    Some(m) => match &self.hint_note {
                        Some(note) => writeln!(out, "hint: {m} {}", note(&self.game, m))?,
                        None => writeln!(out, "hint: {m}")?,
                    },
                    None if self.hint.is_none() => writeln!(out, "no hint in this game")?,
                    None => writeln!(out, "no hint here")?,
                }
            }
            Some(Command::Undo) if !self.undo => writeln!(out, "no undo in this game")?,
            Some(Command::Undo) => {
                match self.history.pop() {
                    Some(g) => self.game = g,
                    None => writeln!(out, "nothing to undo")?,
                }
                (self.render)(&self.game, out)?;
            }
            Some(Command::New) => {
                if let Some(f) = self.new_game.as_mut() {
                    self.game = f();
                    self.history.clear();
                    if let Err(e) = self.bots_play(out)? {
                        return Err(e.into());
                    }
                    (self.render)(&self.game, out)?;
                } else {
                    writeln!(out, "no new game here")?;
                }
            }
            None => writeln!(out, "not played: {why}")?,
        }
        out.flush()?;
        Ok(true)
    }

    /// Runs the game on standard input and output until it ends, `quit`, or the end of
    /// input.
    ///
    /// # Errors
    /// Reading or writing failed, an input line was over the length cap, or a bot failed.
    pub fn run(self) -> CliResult {
        let mut out = io::stdout().lock();
        self.run_on(input::stdin_lines(), &mut out)
    }

    /// [`LineMode::run`] on any input lines and output.
    ///
    /// # Errors
    /// As [`LineMode::run`].
    pub fn run_on(
        mut self,
        lines: impl IntoIterator<Item = io::Result<String>>,
        out: &mut dyn Write,
    ) -> CliResult {
        if let Err(e) = self.bots_play(out)? {
            return Err(e.into());
        }
        (self.render)(&self.game, out)?;
        writeln!(out, "{}", self.help_line())?;
        if self.game.is_over() {
            writeln!(out, "{}", (self.verdict)(&self.game))?;
            return Ok(());
        }
        out.flush()?;
        for line in lines {
            let line = line?;
            let text = line.trim();
            let parsed = (self.parse)(&self.game, text);
            let moves = match parsed {
                Ok(moves) if !moves.is_empty() => moves,
                Ok(_) => continue,
                Err(why) => {
                    if self.answer(text, &why, out)? {
                        continue;
                    }
                    return Ok(());
                }
            };
            if self.game.is_over() {
                writeln!(out, "not played: the game is over")?;
                continue;
            }
            let before = self.game.clone();
            // A line of moves is all or nothing, and the bots answer only after the last.
            let mut refused = None;
            for m in moves {
                if self.game.to_move().is_some_and(|s| self.is_bot(s)) {
                    refused = Some(format!("{m}: not your turn"));
                    break;
                }
                if let Err(e) = self.play(m, out)? {
                    refused = Some(e);
                    break;
                }
            }
            if let Some(why) = refused {
                self.game = before;
                writeln!(out, "not played: {why}")?;
                out.flush()?;
                continue;
            }
            if self.undo {
                self.history.push(before);
            }
            if let Err(e) = self.bots_play(out)? {
                return Err(e.into());
            }
            (self.render)(&self.game, out)?;
            if self.game.is_over() {
                writeln!(out, "{}", (self.verdict)(&self.game))?;
                out.flush()?;
                if self.after_end && self.undo {
                    continue;
                }
                return Ok(());
            }
            out.flush()?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Command {
    Hint,
    Undo,
    New,
    Quit,
    Help,
}

fn command(text: &str) -> Option<Command> {
    Some(match text.to_ascii_lowercase().as_str() {
        "h" | "?" | "hint" => Command::Hint,
        "u" | "undo" => Command::Undo,
        "n" | "new" => Command::New,
        "q" | "quit" | "exit" => Command::Quit,
        "help" => Command::Help,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau_grid::testing::{Nim, Take};

    struct TakeOne;
    impl Bot<Nim> for TakeOne {
        fn choose(&mut self, _: &Nim) -> Option<Take> {
            Some(Take(1))
        }
    }

    fn run(lines: &[&str], mode: LineMode<'_, Nim>) -> String {
        let mut out = Vec::new();
        mode.run_on(lines.iter().map(|l| Ok((*l).to_owned())), &mut out)
            .unwrap();
        String::from_utf8(out).unwrap()
    }

    fn nim(n: u32) -> LineMode<'static, Nim> {
        LineMode::new(Nim::new(n))
            .render(|g, out| writeln!(out, "{} left", g.left()))
            .hint(|g| Some(Take(g.left() % 4).max(Take(1))))
    }

    #[test]
    fn moves_commands_and_the_bot_take_turns() {
        let text = run(
            &["t3", "hint", "t9", "undo", "t2 t1", "bogus", "t3"],
            nim(7).bot(Seat::new(1).unwrap(), TakeOne),
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "7 left");
        assert_eq!(lines[2], "P2 plays t1");
        assert_eq!(lines[3], "3 left");
        assert_eq!(lines[4], "hint: t3");
        assert!(lines[5].starts_with("not played: t9"), "{}", lines[5]);
        assert_eq!(lines[6], "7 left", "undo goes back past the bot's reply");
        assert!(
            lines[7].starts_with("not played: t1: not your turn"),
            "{}",
            lines[7]
        );
        assert!(
            lines[8].starts_with("not played: \"bogus\""),
            "{}",
            lines[8]
        );
        assert_eq!(lines[9], "P2 plays t1");
        assert_eq!(lines[10], "3 left");
        assert_eq!(lines.len(), 11, "end of input ends quietly");
    }

    #[test]
    fn a_game_without_undo_refuses_it_and_does_not_offer_it() {
        let hidden =
            LineMode::with_render(Nim::new(7), |g, out| writeln!(out, "{} left", g.left()))
                .hint(|g| Some(Take(g.left() % 4).max(Take(1))));
        let text = run(&["t1", "u"], hidden.without_undo());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[1],
            "Type moves; or hint, quit (end of input also quits)."
        );
        assert_eq!(lines[2], "6 left");
        assert_eq!(lines[3], "no undo in this game");
        assert_eq!(lines.len(), 4, "{text}");
        let offered = run(&[], nim(7));
        assert!(offered.contains("hint, undo, quit"), "{offered}");
    }

    #[test]
    fn forced_moves_seat_names_and_refusals_are_the_games() {
        // P1 is human, but whenever a single counter is left it is taken for them.
        let mode = nim(5)
            .bot(Seat::new(1).unwrap(), TakeOne)
            .forced(|g| (g.left() == 1).then_some(Take(1)))
            .seat_name(|_, seat| format!("seat {}", seat.index() + 1))
            .refusal(|g, Take(n), _| format!("only {} left, not {n}", g.left()));
        let text = run(&["t9", "t3"], mode);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "5 left");
        assert_eq!(lines[2], "not played: only 5 left, not 9");
        assert_eq!(lines[3], "seat 2 plays t1", "the bot's move, named");
        assert_eq!(lines[4], "seat 1 plays t1", "the human's forced move");
        assert!(lines[5].starts_with("0 left"), "{text}");
    }

    #[test]
    fn undo_after_the_end_takes_the_last_move_back() {
        let mode = nim(7)
            .undo_after_end()
            .hint_note(|g, Take(n)| format!("(leaves {})", g.left() - n));
        let text = run(&["t3", "t3", "t1", "t1", "u", "hint", "t1"], mode);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[4], "0 left");
        assert_eq!(lines[5], "game over: P1 wins (P1 1, P2 0)");
        assert_eq!(lines[6], "not played: the game is over");
        assert_eq!(lines[7], "1 left", "undo went back before the last move");
        assert_eq!(lines[8], "hint: t1 (leaves 0)");
        assert_eq!(lines[9], "0 left");
        assert_eq!(
            lines.len(),
            11,
            "the end again, then the end of input: {text}"
        );
        // Without it, the end of the game ends the line mode.
        let text = run(&["t3", "t3", "t1", "u"], nim(7));
        assert!(
            text.ends_with("game over: P1 wins (P1 1, P2 0)\n"),
            "{text}"
        );
    }

    #[test]
    fn the_end_is_announced_and_quit_quits() {
        let text = run(&["t3", "t3", "t1", "t3"], nim(7));
        assert!(
            text.ends_with("0 left\ngame over: P1 wins (P1 1, P2 0)\n"),
            "{text}"
        );
        let text = run(&["q", "t3"], nim(7));
        assert_eq!(text.lines().count(), 2, "{text}");
    }
}
