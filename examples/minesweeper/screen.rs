//! The full-screen game: keys and mouse, a live clock, hints, the losing click taken back,
//! the mine count stepped between games, best times kept; drawn to the terminal's size
//! (a smaller terminal is asked to grow) and redrawn when it changes.

use std::time::Duration;

use crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use crossterm::style::{Color, Stylize};
use plateau::records::{Order, Records};
use plateau::screen::Options;
use plateau::{CliResult, Screen, keys, palette};
use plateau_minesweeper::{Cell, Config, Game, Move, Play, Pos, Size, Status, Step};

use plateau::clock::{Clock, clock_text};

use crate::play::{Best, hint_text, three_bv};

/// Where things go on a terminal of a given size.
#[derive(Debug, Clone, Copy)]
struct Layout {
    width: usize,
    rows: u16,
    /// The help line's row, when there is room for it.
    help: Option<u16>,
    /// The board's top row.
    top: u16,
    /// The message row (in a compact layout it also holds the help when there is no
    /// message).
    message: u16,
}

impl Layout {
    /// The layout for a `size` terminal, `None` when the board does not fit.
    fn new(size: (u16, u16), board: Size) -> Option<Layout> {
        let need = need(board);
        if size.0 < need.0 || size.1 < need.1 {
            return None;
        }
        let rows = board.height as u16;
        let width = usize::from(size.0);
        let all = size.1;
        // Roomy: status, help, the board, a blank row, the message.
        Some(if size.1 >= rows + 4 {
            Layout {
                width,
                rows: all,
                help: Some(1),
                top: 2,
                message: rows + 3,
            }
        } else {
            Layout {
                width,
                rows: all,
                help: None,
                top: 1,
                message: rows + 1,
            }
        })
    }

    /// The cell under the terminal's column `col` and row `row`.
    fn cell_at(&self, col: u16, row: u16, board: Size) -> Option<Pos> {
        let (x, y) = (
            usize::from(col) / 2,
            usize::from(row.checked_sub(self.top)?),
        );
        (x < board.width && y < board.height).then(|| Pos::new(x, y))
    }
}

/// The smallest terminal that shows the board: two columns a cell, a status row and a
/// message row.
fn need(board: Size) -> (u16, u16) {
    let cols = u16::try_from(2 * board.width).unwrap_or(u16::MAX);
    let rows = u16::try_from(board.height + 2).unwrap_or(u16::MAX);
    (cols.max(20), rows)
}

/// Parts of a line, each with its rank (0 first), kept in rank order while they fit in
/// `width` and shown in their own order; when not even the first fits, it is cut.
fn fit(parts: &[(u8, String)], width: usize) -> String {
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by_key(|&i| parts[i].0);
    if let Some(&first) = order.first()
        && parts[first].1.chars().count() > width
    {
        return clip(&parts[first].1, width);
    }
    let mut keep = vec![false; parts.len()];
    let mut used = 0;
    for i in order {
        let len = parts[i].1.chars().count() + if used == 0 { 0 } else { 2 };
        if used + len <= width {
            keep[i] = true;
            used += len;
        }
    }
    parts
        .iter()
        .zip(keep)
        .filter_map(|((_, p), k)| k.then_some(p.as_str()))
        .collect::<Vec<_>>()
        .join("  ")
}

/// `text` cut to `width` columns.
fn clip(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

/// The help line's parts, ranked: what a new player needs first.
fn help_parts() -> Vec<(u8, String)> {
    [
        (3, "arrows move"),
        (1, "space reveals"),
        (2, "f flags"),
        (5, "c chords"),
        (4, "h hints"),
        (6, "u undo"),
        (7, "n new"),
        (8, "+/- mines"),
        (9, "b best"),
        (0, "? keys"),
        (0, "q quits"),
    ]
    .into_iter()
    .map(|(r, t)| (r, t.to_owned()))
    .collect()
}

/// The `?` page: every key, one a line (fits 40 x 12).
const KEYS: [&str; 12] = [
    "Keys (any key goes back)",
    "arrows  move the cursor",
    "space   reveal (Enter, left click)",
    "f c     flag, chord (right, middle click)",
    "h       hint: the solver's move",
    "u       take back the losing click",
    "+ -     3 mines more or fewer, next game",
    "n       new game",
    "m       show or hide the mines",
    "b       best times of this board",
    "q       quit (Esc, Ctrl-C)",
    "Won after h, m or u: no record",
];

/// What a key or a click asks for.
enum Input {
    Play(Move),
    Cursor(Pos),
    Hint,
    Undo,
    NewGame,
    Mines(bool),
    ToggleMines,
    Keys,
    Best,
    Quit,
    Nothing,
}

/// The meaning of a key, the cursor being at `cursor`.
fn key_input(key: &crossterm::event::KeyEvent, cursor: Pos, board: Size) -> Input {
    if keys::is_quit(key) {
        return Input::Quit;
    }
    if let Some(d) = keys::direction(key, keys::Scheme::ARROWS) {
        return match cursor.step(d) {
            Some(p) if p.x < board.width && p.y < board.height => Input::Cursor(p),
            _ => Input::Nothing,
        };
    }
    if key.code == KeyCode::Enter {
        return Input::Play(Move::Reveal(cursor));
    }
    match keys::char_of(key).map(|c| c.to_ascii_lowercase()) {
        Some(' ') => Input::Play(Move::Reveal(cursor)),
        Some('f') => Input::Play(Move::Flag(cursor)),
        Some('c') => Input::Play(Move::Chord(cursor)),
        Some('m') => Input::ToggleMines,
        Some('h') => Input::Hint,
        Some('u') => Input::Undo,
        Some('n') => Input::NewGame,
        Some('+' | '=') => Input::Mines(true),
        Some('-' | '_') => Input::Mines(false),
        Some('?') => Input::Keys,
        Some('b') => Input::Best,
        _ => Input::Nothing,
    }
}

/// One sitting at the screen: the game, what comes next, the clock.
struct Session {
    game: Game,
    /// The rules of the next game (`+`/`-` change its mines).
    next: Config,
    /// The game before the last reveal or chord, for taking a losing click back.
    before: Option<Game>,
    clock: Clock,
    /// Whether the game was played without help (no hint, no mines shown, no undo): only
    /// such a win sets a record.
    clean: bool,
    cursor: Pos,
    /// The message row's parts, ranked (see [`fit`]).
    message: Vec<(u8, String)>,
    show_mines: bool,
    hinted: Option<Pos>,
    page: Page,
    /// Best times, by board.
    best: Best,
}

/// What the screen shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Page {
    Board,
    /// The keys (`?`).
    Keys,
    /// The best times of the board (`b`).
    Best,
}

impl Session {
    fn new(config: Config, seed: u64, best: Best) -> Session {
        Session {
            game: Game::new(config, seed),
            next: config,
            before: None,
            clock: Clock::default(),
            clean: true,
            cursor: Pos::new(config.width() / 2, config.height() / 2),
            message: Vec::new(),
            show_mines: false,
            hinted: None,
            page: Page::Board,
            best,
        }
    }

    /// A new game of the next rules, from `seed`.
    fn restart(&mut self, seed: u64) {
        let cursor = self.cursor;
        let best = std::mem::replace(&mut self.best, Best::new(Records::in_memory(Order::Lower)));
        *self = Session::new(self.next, seed, best);
        if cursor.x < self.next.width() && cursor.y < self.next.height() {
            self.cursor = cursor;
        }
    }

    fn play(&mut self, m: Move) {
        self.cursor = m.pos();
        if self.game.is_over() {
            // The end's message stays (it says what the keys do now).
            return;
        }
        self.hinted = None;
        let before = self.game.clone();
        match self.game.play(m) {
            Ok(_) => {
                if matches!(m, Move::Reveal(_) | Move::Chord(_)) {
                    self.before = Some(before);
                }
                if self.game.is_started() {
                    self.clock.start();
                }
                self.message = self.ended();
            }
            Err(e) => self.say(format!("not played: {e}")),
        }
    }

    /// Stops the clock and says how the game ended, if it did (ranked parts).
    fn ended(&mut self) -> Vec<(u8, String)> {
        match self.game.status() {
            Status::InProgress => Vec::new(),
            Status::Won => {
                self.clock.stop();
                let time = clock_text(self.clock.elapsed(), true);
                let bv = three_bv(&self.game);
                let record = self
                    .best
                    .enter(&self.game, self.clock.elapsed(), self.clean);
                vec![
                    (0, format!("You won in {time}!")),
                    (2, record),
                    (3, format!("3BV {bv}")),
                    (1, "n new game, q quits".to_owned()),
                ]
            }
            Status::Lost { at } => {
                self.clock.stop();
                vec![
                    (0, format!("Boom: a mine at {at}.")),
                    (1, "u takes it back, n new game".to_owned()),
                ]
            }
        }
    }

    /// One message, cut to the width if it must be.
    fn say(&mut self, text: impl Into<String>) {
        self.message = vec![(0, text.into())];
    }

    fn undo(&mut self) {
        if !matches!(self.game.status(), Status::Lost { .. }) {
            self.say("u takes back a losing click only");
            return;
        }
        let Some(before) = self.before.take() else {
            self.say("nothing to take back");
            return;
        };
        let at = match self.game.status() {
            Status::Lost { at } => at,
            _ => self.cursor,
        };
        self.game = before;
        self.clock.resume();
        self.clean = false;
        self.say(format!("took back the click on {at}: a mine"));
    }

    fn step_mines(&mut self, up: bool) {
        let next = step_mines(self.next, up);
        if next == self.next {
            self.say(format!("{} mines: as far as it goes", self.next.mines()));
            return;
        }
        self.next = next;
        if self.game.is_started() && !self.game.is_over() {
            self.say(format!(
                "the next game has {} mines (n starts it)",
                next.mines()
            ));
        } else {
            // Nothing played yet, or the game is over: the new count applies at once.
            let seed = self.game.seed();
            let seed = if self.game.is_over() {
                seed.wrapping_add(1)
            } else {
                seed
            };
            self.restart(seed);
            self.say(format!("{} mines", next.mines()));
        }
    }

    fn status_line(&self, width: usize) -> String {
        let config = self.game.config();
        let game = &self.game;
        let wide = width >= 80;
        let mut parts = Vec::new();
        if wide {
            parts.push((7, "Minesweeper".to_owned()));
        }
        parts.push((1, config.to_string()));
        parts.push((4, format!("seed {}", game.seed())));
        parts.push((0, format!("mines left {}", game.mines_left())));
        parts.push((2, clock_text(self.clock.elapsed(), false)));
        parts.push((
            3,
            if wide {
                format!(
                    "clicks {} ({} effective)",
                    game.clicks(),
                    game.effective_clicks()
                )
            } else {
                format!("clicks {}", game.clicks())
            },
        ));
        if let Some(best) = self.best.text(config) {
            parts.push((6, best));
        }
        if self.next != config {
            parts.push((5, format!("next {} mines", self.next.mines())));
        }
        fit(&parts, width)
    }
}

/// The calculator's `+`/`-` (three mines, 11 to 42) on its board; elsewhere three mines
/// more or fewer as far as the board allows.
fn step_mines(config: Config, up: bool) -> Config {
    if config.size() == Config::calculator().size() {
        return config.step_mines(if up { Step::More } else { Step::Fewer });
    }
    let mines = if up {
        config.mines().saturating_add(3)
    } else {
        config.mines().saturating_sub(3)
    };
    config.with_mines(mines).unwrap_or(config)
}

/// Plays on the full screen until `q`.
pub fn play(config: Config, seed: u64) -> CliResult {
    let mut screen = Screen::enter(Options {
        mouse: true,
        key_releases: false,
    })?;
    let opened = Records::open("minesweeper", Order::Lower);
    let mut s = Session::new(config, seed, Best::new(opened.records));
    if let Some(warning) = opened.warning {
        s.say(warning);
    }
    loop {
        let layout = draw(&mut screen, &s)?;
        // The clock ticks on screen while it runs; otherwise wait for input.
        let tick = s.clock.is_running().then(|| Duration::from_millis(250));
        let Some(ev) = screen.next_event(tick)? else {
            continue;
        };
        let board = s.game.size();
        let input = match (&ev, layout) {
            (Event::Key(key), _) if s.page != Page::Board => {
                s.page = Page::Board;
                if keys::is_quit(key) {
                    Input::Quit
                } else {
                    Input::Nothing
                }
            }
            (Event::Key(key), Some(_)) => key_input(key, s.cursor, board),
            (Event::Key(key), None) if keys::is_quit(key) => Input::Quit,
            (Event::Mouse(m), Some(l)) => match l.cell_at(m.column, m.row, board) {
                Some(at) => match m.kind {
                    MouseEventKind::Down(MouseButton::Left) => Input::Play(Move::Reveal(at)),
                    MouseEventKind::Down(MouseButton::Right) => Input::Play(Move::Flag(at)),
                    MouseEventKind::Down(MouseButton::Middle) => Input::Play(Move::Chord(at)),
                    _ => Input::Nothing,
                },
                None => Input::Nothing,
            },
            // A resize, or input while the terminal is too small: the next frame redraws.
            _ => Input::Nothing,
        };
        match input {
            Input::Quit => return Ok(()),
            Input::Nothing => {}
            Input::Keys => s.page = Page::Keys,
            Input::Best => s.page = Page::Best,
            Input::Cursor(p) => s.cursor = p,
            Input::ToggleMines => {
                s.show_mines = !s.show_mines;
                if s.show_mines && !s.game.is_over() {
                    s.clean = false;
                }
            }
            Input::Hint => {
                let (m, text) = hint_text(&s.game);
                s.hinted = m.map(Move::pos);
                s.say(text);
                if let Some(p) = s.hinted {
                    s.cursor = p;
                    if !s.game.is_over() {
                        s.clean = false;
                    }
                }
            }
            Input::Undo => s.undo(),
            Input::NewGame => {
                let seed = s.game.seed().wrapping_add(1);
                s.restart(seed);
            }
            Input::Mines(up) => s.step_mines(up),
            Input::Play(m) => s.play(m),
        }
    }
}

/// Draws a frame (or the request for a larger terminal); the layout drawn.
fn draw(screen: &mut Screen, s: &Session) -> std::io::Result<Option<Layout>> {
    let board = s.game.size();
    if !screen.fits(need(board))? {
        return Ok(None);
    }
    let Some(l) = Layout::new(Screen::size()?, board) else {
        return Ok(None);
    };
    screen.begin()?;
    let page = match s.page {
        Page::Board => None,
        Page::Keys => Some(KEYS.iter().map(|&k| k.to_owned()).collect()),
        Page::Best => Some(s.best.page(s.game.config())),
    };
    if let Some(lines) = page {
        for (row, line) in lines.iter().enumerate().take(usize::from(l.rows)) {
            screen.text(0, row as u16, clip(line, l.width))?;
        }
        screen.show()?;
        return Ok(Some(l));
    }
    screen.text(0, 0, clip(&s.status_line(l.width), l.width).bold())?;
    let help = fit(&help_parts(), l.width);
    if let Some(row) = l.help {
        screen.text(0, row, &help)?;
    }
    let view = if s.show_mines || s.game.is_over() {
        s.game.reveal_all_view()
    } else {
        s.game.cells().clone()
    };
    let exploded = match s.game.status() {
        Status::Lost { at } => Some(at),
        _ => None,
    };
    for (at, cell) in view.iter() {
        let text = match cell {
            Cell::Hidden => " ·".to_owned(),
            Cell::Question => " ?".to_owned(),
            Cell::Flagged => " F".to_owned(),
            Cell::Mine => " *".to_owned(),
            Cell::Revealed(n) if n.get() == 0 => "  ".to_owned(),
            Cell::Revealed(n) => format!(" {n}"),
        };
        let mut styled = match cell {
            Cell::Revealed(n) => text
                .with(palette::NUMBERS[usize::from(n.get())])
                .on(Color::Grey),
            Cell::Flagged => text.with(Color::Red).on(Color::DarkGrey),
            Cell::Mine if exploded == Some(at) => text.with(Color::Black).on(Color::Red),
            Cell::Mine => text.with(Color::Black).on(Color::DarkGrey),
            _ => text.with(Color::White).on(Color::DarkGrey),
        };
        if Some(at) == s.hinted {
            styled = styled.on(Color::DarkGreen);
        }
        if at == s.cursor {
            styled = styled.reverse();
        }
        screen.styled(2 * at.x as u16, l.top + at.y as u16, styled)?;
    }
    let bottom = if s.message.is_empty() && l.help.is_none() {
        help
    } else {
        fit(&s.message, l.width)
    };
    screen.text(0, l.message, bottom)?;
    screen.show()?;
    Ok(Some(l))
}
