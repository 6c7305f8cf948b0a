//! The full screen: the table redrawn in place (and on resize, or a request to enlarge a
//! terminal too small for it), the human's two-step choice, the hint, bots thinking off the
//! input thread so that quitting answers at once, and the hot seat: with two humans or
//! more every hand stays hidden until its player presses a key.

use std::sync::mpsc::{self, TryRecvError};
use std::time::{Duration, Instant};

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent};
use crossterm::style::Stylize;
use plateau::demo::japjap::Words;
use plateau::screen::{Options, Screen, wrap};
use plateau::{CliResult, keys};
use plateau_japjap::{Action, Bot, Game, Play, Seat, View, hint};

use crate::table::{
    Choice, Entry, Line, Table, card_pieces, choice_line, entries, meld_choices, plain,
    take_choices,
};

/// Columns the table needs: two columns of choices.
const WIDTH: u16 = 78;
/// Rows below the log: a blank, the discard, the hand, a message, the prompt and nine rows
/// of choices (a hand has at most 17 combinations, plus the call: two columns of nine).
const BOTTOM: u16 = 14;
/// Rows of choices, and the width of a column of them.
const CHOICE_ROWS: usize = 9;
const CHOICE_WIDTH: usize = 39;
/// The fewest log rows worth showing.
const LOG_MIN: u16 = 2;

type SeatBot = Box<dyn Bot<Game> + Send>;
/// A bot back from its thread with the action it chose.
type Thought = (SeatBot, Option<Action>);

/// What the bottom of the screen shows.
enum Panel<'a> {
    /// The human on turn chooses.
    Choose(Seat, &'a Asking),
    /// A bot is thinking.
    Thinking(Seat),
    /// Hot seat: the next human must take the terminal.
    Handoff(Seat),
    /// Hot seat: the human has played and sees the result before hiding it.
    Played(Seat),
    /// The match is over.
    Over,
}

/// What the human is choosing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// A combination (or the call).
    Meld,
    /// The card to take after discarding this combination.
    Take(plateau_japjap::Meld),
}

struct Ui<'t> {
    screen: Screen,
    table: &'t Table,
    words: Words,
    game: Game,
    log: Vec<Entry>,
    /// Whose hand the screen shows (none between hot-seat turns).
    viewer: Option<Seat>,
}

/// Plays the table full screen until the match ends or the player quits.
pub fn play(table: &Table, worlds: u32) -> CliResult {
    let mut ui = Ui {
        screen: Screen::enter(Options::default())?,
        table,
        words: table.words(true),
        game: Game::new(table.rules, table.seed),
        log: Vec::new(),
        viewer: None,
    };
    let humans = table.humans();
    if humans.len() == 1 {
        ui.viewer = Some(humans[0]);
    }
    let mut bots = table.bots(worlds);
    loop {
        let Some(seat) = ui.game.to_move() else {
            ui.wait(&Panel::Over)?;
            return Ok(());
        };
        if let Some(bot) = bots.get_mut(seat.index()).and_then(Option::take) {
            let Some((bot, action)) = ui.think(seat, bot)? else {
                return Ok(());
            };
            bots[seat.index()] = Some(bot);
            let action = action.ok_or_else(|| format!("the bot of {seat} offered no action"))?;
            ui.apply(action);
            continue;
        }
        if table.hot_seat() && ui.viewer != Some(seat) {
            ui.viewer = None;
            if !ui.wait(&Panel::Handoff(seat))? {
                return Ok(());
            }
            ui.viewer = Some(seat);
        }
        let Some(action) = ui.ask(seat)? else {
            return Ok(());
        };
        ui.apply(action);
        if table.hot_seat() {
            if !ui.wait(&Panel::Played(seat))? {
                return Ok(());
            }
            ui.viewer = None;
        }
    }
}

/// What a key asks for, once quitting is ruled out.
fn is_press(ev: &TermEvent) -> Option<&KeyEvent> {
    match ev {
        TermEvent::Key(k) => Some(k),
        _ => None,
    }
}

impl Ui<'_> {
    fn apply(&mut self, action: Action) {
        match self.game.play(action) {
            Ok(event) => {
                let new = entries(&self.words, &self.game, &event);
                self.log.extend(new);
            }
            Err(e) => self.log.push(Entry {
                public: format!("not played: {e}"),
                private: None,
            }),
        }
    }

    /// Shows `panel` until a key is pressed: `false` when it asked to quit.
    fn wait(&mut self, panel: &Panel<'_>) -> Result<bool, Box<dyn std::error::Error>> {
        loop {
            let fits = self.draw(panel)?;
            let Some(ev) = self.screen.next_event(None)? else {
                continue;
            };
            if let Some(k) = is_press(&ev) {
                if keys::is_quit(k) {
                    return Ok(false);
                }
                if fits {
                    return Ok(true);
                }
            }
        }
    }

    /// Lets the bot of `seat` choose on another thread while the keyboard stays live:
    /// `None` when the player quit meanwhile (the thread is left to finish alone).
    fn think(
        &mut self,
        seat: Seat,
        mut bot: SeatBot,
    ) -> Result<Option<Thought>, Box<dyn std::error::Error>> {
        let view = self.game.view(seat);
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let action = bot.choose(view);
            let _ = tx.send((bot, action));
        });
        let start = Instant::now();
        let mut drawn = false;
        loop {
            match rx.try_recv() {
                Ok(done) => return Ok(Some(done)),
                Err(TryRecvError::Disconnected) => {
                    return Err(format!("the bot of {seat} failed").into());
                }
                Err(TryRecvError::Empty) => {}
            }
            // A quick bot plays without a frame of its own; a slow one says it thinks.
            if !drawn && start.elapsed() > Duration::from_millis(150) {
                self.draw(&Panel::Thinking(seat))?;
                drawn = true;
            }
            if let Some(ev) = self.screen.next_event(Some(Duration::from_millis(20)))? {
                match is_press(&ev) {
                    Some(k) if keys::is_quit(k) => return Ok(None),
                    _ => drawn = false,
                }
            }
        }
    }

    /// The human's action, `None` to quit.
    fn ask(&mut self, seat: Seat) -> Result<Option<Action>, Box<dyn std::error::Error>> {
        let mut asking = Asking::new(self.game.view(seat));
        loop {
            if asking.opts.is_empty() {
                return Err("no legal action (this is a bug)".into());
            }
            let fits = self.draw(&Panel::Choose(seat, &asking))?;
            let Some(ev) = self.screen.next_event(None)? else {
                continue;
            };
            let Some(key) = is_press(&ev) else {
                continue;
            };
            if keys::is_quit(key) {
                return Ok(None);
            }
            if fits && let Some(action) = asking.key(key.code, &self.words) {
                return Ok(Some(action));
            }
        }
    }

    /// Draws the table and `panel`, or asks for a larger terminal: whether it fits.
    fn draw(&mut self, panel: &Panel<'_>) -> std::io::Result<bool> {
        let (w, h) = Screen::size()?;
        let players = self.game.players() as u16;
        let top = 3 + players;
        let need = (WIDTH, top + LOG_MIN + BOTTOM);
        if !self.screen.fits(need)? {
            return Ok(false);
        }
        self.screen.begin()?;
        let width = usize::from(w);
        let mut rows: Vec<Line> = vec![
            vec![plain(self.table.title())],
            vec![plain(self.table.status(&self.game))],
        ];
        rows.extend(self.table.seat_lines(&self.game, true));
        rows.push(Vec::new());
        // The log fills what the rest leaves, newest last, long entries wrapped; at the
        // end nothing is left to choose and it takes the bottom too.
        let over = matches!(panel, Panel::Over);
        let bottom = if over { 3 } else { BOTTOM };
        let log_rows = usize::from(h - top - bottom);
        let mut log: Vec<String> = Vec::new();
        for e in self.log.iter().rev() {
            let mut parts = wrap(&e.text(self.viewer), width);
            parts.reverse();
            log.extend(parts);
            if log.len() >= log_rows {
                break;
            }
        }
        log.truncate(log_rows);
        log.reverse();
        rows.extend(log.into_iter().map(|l| vec![plain(l)]));
        for (y, row) in rows.iter().enumerate() {
            self.line(0, y as u16, row, width)?;
        }
        if over {
            let (message, prompt) = self.panel_text(panel);
            self.line(0, h - 2, &vec![plain(message)], width)?;
            self.line(0, h - 1, &vec![plain(prompt)], width)?;
            self.screen.show()?;
            return Ok(true);
        }
        let mut y = h - BOTTOM + 1;
        let discard = self.game.discard();
        let mut line = vec![plain("on the discard: ")];
        line.extend(card_pieces(&self.words, discard.cards()));
        self.line(0, y, &line, width)?;
        y += 1;
        if let Some(me) = self.viewer {
            let view = self.game.view(me);
            let mut hand = vec![plain(format!("{}'s hand: ", self.table.name(me)))];
            if !self.table.hot_seat() {
                hand = vec![plain("your hand:      ")];
            }
            hand.extend(card_pieces(&self.words, view.hand()));
            hand.push(plain(format!("  (worth {})", view.hand().value())));
            self.line(0, y, &hand, width)?;
        }
        y += 1;
        let (message, prompt) = self.panel_text(panel);
        self.line(0, y, &vec![plain(message)], width)?;
        self.line(0, y + 1, &vec![plain(prompt)], width)?;
        if let Panel::Choose(_, asking) = panel {
            for (i, &c) in asking.opts.iter().enumerate() {
                let col = i / CHOICE_ROWS;
                let row = (i % CHOICE_ROWS) as u16;
                let x = (col * CHOICE_WIDTH) as u16;
                let cell = choice_line(&self.words, i + 1, c, i == asking.cursor);
                self.line(x, y + 2 + row, &cell, CHOICE_WIDTH - 1)?;
            }
        }
        self.screen.show()?;
        Ok(true)
    }

    /// The message and prompt lines of a panel.
    fn panel_text(&self, panel: &Panel<'_>) -> (String, String) {
        let name = |s: Seat| self.table.name(s);
        match panel {
            Panel::Choose(seat, asking) => {
                let who = if self.table.hot_seat() {
                    format!("{}: ", name(*seat))
                } else {
                    String::new()
                };
                let what = match asking.stage {
                    Stage::Meld => {
                        "Discard what? (Up/Down and Enter, or its number; h hint, q quits)"
                    }
                    Stage::Take(_) => {
                        "Take what? (Up/Down and Enter, or its number; Backspace goes back)"
                    }
                };
                let message = if asking.typed.is_empty() {
                    asking.message.clone()
                } else {
                    format!("number {}_ (Enter, or its next digit)", asking.typed)
                };
                (message, format!("{who}{what}"))
            }
            Panel::Thinking(s) => (
                String::new(),
                format!(
                    "{} ({}) is thinking... (q quits)",
                    name(*s),
                    self.table.role(*s)
                ),
            ),
            Panel::Handoff(s) => (
                format!(
                    "{}'s turn: pass the terminal to {}.",
                    self.table.label(*s),
                    name(*s)
                ),
                format!("{}, press a key to see your hand (q quits).", name(*s)),
            ),
            Panel::Played(s) => (
                format!("{}, your turn is played.", name(*s)),
                "Press a key to hide your hand and pass the terminal on (q quits).".to_owned(),
            ),
            Panel::Over => (String::new(), "Press any key to leave.".to_owned()),
        }
    }

    /// Draws a line of pieces at (x, y), cut at `width` characters.
    fn line(&mut self, x: u16, y: u16, line: &Line, width: usize) -> std::io::Result<()> {
        self.screen.text(x, y, "")?;
        let mut left = width;
        for (text, color) in line {
            if left == 0 {
                break;
            }
            let part: String = text.chars().take(left).collect();
            left -= part.chars().count();
            match color {
                Some(c) => self.screen.more(part.as_str().with(*c).bold())?,
                None => self.screen.more(part.as_str().stylize())?,
            }
        }
        Ok(())
    }
}

/// The human's two-step choice as it stands.
struct Asking {
    view: View,
    stage: Stage,
    opts: Vec<Choice>,
    cursor: usize,
    /// Digits typed of a number that could go on (1 when there are ten choices or more).
    typed: String,
    message: String,
    hinted: Option<Action>,
}

impl Asking {
    fn new(view: View) -> Asking {
        Asking {
            opts: choices(&view, Stage::Meld),
            view,
            stage: Stage::Meld,
            cursor: 0,
            typed: String::new(),
            message: String::new(),
            hinted: None,
        }
    }

    /// Moves to `stage`, the cursor on `on` (or on the hint's choice, or the first).
    fn enter(&mut self, stage: Stage, on: Option<Choice>) {
        self.stage = stage;
        self.opts = choices(&self.view, stage);
        let on = on.or_else(|| self.hinted.map(|a| hinted_choice(a, stage)));
        self.cursor = on.map_or(0, |c| opts_index(&self.opts, c));
    }

    /// Answers a key: the action once both steps are chosen.
    fn key(&mut self, code: KeyCode, words: &Words) -> Option<Action> {
        let last = self.opts.len().saturating_sub(1);
        let mut picked = None;
        match code {
            KeyCode::Up | KeyCode::Char('k') => {
                self.cursor = self.cursor.checked_sub(1).unwrap_or(last);
                self.typed.clear();
            }
            KeyCode::Down | KeyCode::Char('j') => {
                self.cursor = if self.cursor >= last {
                    0
                } else {
                    self.cursor + 1
                };
                self.typed.clear();
            }
            KeyCode::Left => self.cursor = self.cursor.saturating_sub(CHOICE_ROWS),
            KeyCode::Right => self.cursor = (self.cursor + CHOICE_ROWS).min(last),
            KeyCode::Enter => {
                picked = match self.typed.parse::<usize>() {
                    Ok(n) => pick(&self.opts, n),
                    Err(_) => self.opts.get(self.cursor).copied(),
                };
                self.typed.clear();
            }
            KeyCode::Backspace if !self.typed.is_empty() => {
                self.typed.pop();
            }
            KeyCode::Backspace => {
                if let Stage::Take(m) = self.stage {
                    self.enter(Stage::Meld, Some(Choice::Meld(m)));
                }
            }
            KeyCode::Char('h' | 'H' | '?') => {
                self.hinted = hint(&self.view);
                self.message = match self.hinted {
                    Some(a) => format!("hint (search bot): {}", words.action(a)),
                    None => "no hint here".to_owned(),
                };
                self.enter(self.stage, None);
            }
            KeyCode::Char(c) if c.is_ascii_digit() => self.digit(c, &mut picked),
            _ => {}
        }
        match (picked?, self.stage) {
            (Choice::Call, _) => Some(Action::Call),
            (Choice::Meld(m), _) => {
                self.enter(Stage::Take(m), None);
                None
            }
            (Choice::Take(take), Stage::Take(meld)) => Some(Action::Discard { meld, take }),
            (Choice::Take(_), Stage::Meld) => None,
        }
    }

    /// A digit typed: the choice is picked at once unless a longer number could follow.
    fn digit(&mut self, c: char, picked: &mut Option<Choice>) {
        self.typed.push(c);
        match self.typed.parse::<usize>() {
            Ok(n) if n >= 1 && n <= self.opts.len() => {
                self.cursor = n - 1;
                if n * 10 > self.opts.len() {
                    *picked = pick(&self.opts, n);
                    self.typed.clear();
                }
            }
            _ => {
                self.message = format!("no choice {}: pick 1 to {}", self.typed, self.opts.len());
                self.typed.clear();
            }
        }
    }
}

fn choices(view: &View, stage: Stage) -> Vec<Choice> {
    match stage {
        Stage::Meld => meld_choices(view),
        Stage::Take(m) => take_choices(view, m)
            .into_iter()
            .map(Choice::Take)
            .collect(),
    }
}

fn pick(opts: &[Choice], n: usize) -> Option<Choice> {
    n.checked_sub(1).and_then(|i| opts.get(i)).copied()
}

fn opts_index(opts: &[Choice], c: Choice) -> usize {
    opts.iter().position(|&o| o == c).unwrap_or(0)
}

/// The choice of `stage` the hinted action makes.
fn hinted_choice(a: Action, stage: Stage) -> Choice {
    match (a, stage) {
        (Action::Call, _) => Choice::Call,
        (Action::Discard { meld, .. }, Stage::Meld) => Choice::Meld(meld),
        (Action::Discard { take, .. }, Stage::Take(_)) => Choice::Take(take),
    }
}
