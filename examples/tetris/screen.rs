//! Real-time play on the full screen: keys to buttons, one engine tick every 1/60 s, the
//! field, the hold and next pieces, the counters. The screen checks its size every frame and
//! redraws on resize; after a game over, `n` or Enter starts a new game.

use std::collections::VecDeque;
use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent, KeyEventKind};
use crossterm::style::{Color, Stylize};
use plateau::CliResult;
use plateau::palette;
use plateau::records::Records;
use plateau::screen::{Options, Screen, wrap};
use plateau_grid::Pos;
use plateau_tetris::{
    Board, Buttons, Cell, Field, Game, Piece, Placement, Play, Rotation, RotationSystem, Rules,
    Status, Tetromino, hint,
};

/// One tick: the engine's time step.
const TICK: Duration = Duration::from_nanos(16_666_667);

/// The buttons a key stands for.
fn button(key: &KeyEvent) -> Option<Buttons> {
    if !plateau::keys::plain(key) {
        return None;
    }
    Some(match key.code {
        KeyCode::Left => Buttons::LEFT,
        KeyCode::Right => Buttons::RIGHT,
        KeyCode::Down => Buttons::SOFT_DROP,
        KeyCode::Up => Buttons::CW,
        KeyCode::Char(' ') => Buttons::HARD_DROP,
        KeyCode::Char(c) => match c.to_ascii_lowercase() {
            'x' => Buttons::CW,
            'z' => Buttons::CCW,
            'c' => Buttons::HOLD,
            _ => return None,
        },
        _ => return None,
    })
}

/// Turns key events into the buttons held at each tick. With key releases reported, a key is
/// held from its press to its release (the engine does DAS/ARR). Without them every press is
/// a tap: held for one tick, and a button tapped again waits a tick so the engine sees the new
/// press.
struct Input {
    releases: bool,
    held: Buttons,
    taps: VecDeque<Buttons>,
    last: Buttons,
}

impl Input {
    fn new(releases: bool) -> Input {
        Input {
            releases,
            held: Buttons::NONE,
            taps: VecDeque::new(),
            last: Buttons::NONE,
        }
    }

    fn key(&mut self, key: &KeyEvent, b: Buttons) {
        match (self.releases, key.kind) {
            (true, KeyEventKind::Press) => self.held |= b,
            (true, KeyEventKind::Release) => self.held = self.held & !b,
            (true, KeyEventKind::Repeat) => {}
            (false, _) => self.taps.push_back(b),
        }
    }

    fn buttons(&mut self) -> Buttons {
        let mut now = self.held;
        if !self.releases {
            let mut waiting = VecDeque::new();
            while let Some(b) = self.taps.pop_front() {
                if self.last.contains(b) || now.contains(b) {
                    waiting.push_back(b);
                } else {
                    now |= b;
                }
            }
            self.taps = waiting;
        }
        self.last = now;
        now
    }

    /// Forgets every key (a new game starts with nothing held).
    fn clear(&mut self) {
        *self = Input::new(self.releases);
    }
}

/// What a key press outside the buttons asks for.
enum Action {
    Quit,
    Pause,
    Grid,
    Hint,
    NewGame,
    Buttons(Buttons),
    Nothing,
}

fn action(key: &KeyEvent, over: bool) -> Action {
    if key.kind != KeyEventKind::Release && plateau::keys::is_quit(key) {
        return Action::Quit;
    }
    if key.kind == KeyEventKind::Press {
        if over && key.code == KeyCode::Enter {
            return Action::NewGame;
        }
        match plateau::keys::char_of(key).map(|c| c.to_ascii_lowercase()) {
            Some('p') if !over => return Action::Pause,
            Some('g') => return Action::Grid,
            Some('h') if !over => return Action::Hint,
            Some('n') if over => return Action::NewGame,
            _ => {}
        }
    }
    match button(key) {
        Some(b) => Action::Buttons(b),
        None => Action::Nothing,
    }
}

/// Plays on the full screen from `seed`; each new game takes the next seed.
pub fn play(rules: &Rules, seed: u64) -> CliResult {
    let mut game = Game::new(rules.clone(), seed);
    let mut screen = Screen::enter(Options {
        mouse: false,
        key_releases: true,
    })?;
    let mut input = Input::new(screen.reports_releases());
    let layout = Layout::of(rules);
    let opened = crate::scores::open();
    let mut records = opened.records;
    // What the side column says under the counters: a warning about the records file, then
    // after each game over where its score went.
    let mut note = opened.warning;
    let mut entered = false;
    let mut grid = false;
    // The bot's placement shown as an outline (h); a game played with it enters no record.
    let mut hinting = false;
    let mut helped = false;
    let mut next = Instant::now() + TICK;
    let mut drawn: Option<Frame> = None;
    loop {
        // Input until the next tick.
        loop {
            let now = Instant::now();
            if now >= next {
                break;
            }
            let Some(ev) = screen.next_event(Some(next - now))? else {
                break;
            };
            match ev {
                TermEvent::Key(key) => match action(&key, game.is_over()) {
                    Action::Quit => {
                        drop(screen);
                        println!(
                            "tetris: seed {}, score {}, lines {}, level {}",
                            game.seed(),
                            game.score(),
                            game.lines(),
                            game.level()
                        );
                        return Ok(());
                    }
                    Action::Pause => {
                        if game.is_paused() {
                            game.resume()?;
                        } else {
                            game.pause()?;
                        }
                    }
                    Action::Grid => grid = !grid,
                    Action::Hint => {
                        hinting = !hinting;
                        helped |= hinting;
                    }
                    Action::NewGame => {
                        game = Game::new(rules.clone(), game.seed().wrapping_add(1));
                        input.clear();
                        entered = false;
                        helped = hinting;
                        note = None;
                        drawn = None;
                    }
                    Action::Buttons(b) => input.key(&key, b),
                    Action::Nothing => {}
                },
                TermEvent::Resize(..) => drawn = None,
                _ => {}
            }
        }
        let buttons = input.buttons();
        game.tick(buttons);
        if game.is_over() && !entered {
            note = Some(if helped {
                "played with hints: no record".to_owned()
            } else {
                crate::scores::submit(&mut records, &game)
            });
            entered = true;
            drawn = None;
        }
        let frame = Frame::of(&game, grid, hinting);
        if drawn.as_ref() != Some(&frame) {
            let side = Side {
                records: &records,
                note: note.as_deref(),
                hint: if hinting { hint(&game) } else { None },
            };
            let shown = draw(&mut screen, &layout, &game, &side, grid, drawn.is_none())?;
            // Too small, the message is drawn once: a resize draws again.
            drawn = Some(frame);
            if !shown && !game.is_over() && !game.is_paused() {
                // Nobody can see the field: the game waits (p resumes it once it shows).
                game.pause()?;
            }
        }
        next += TICK;
        let now = Instant::now();
        if now > next + 5 * TICK {
            // Far behind (the terminal was slow or the process stopped): do not race to catch up.
            next = now + TICK;
        }
    }
}

/// What the screen shows, to redraw only when it changes.
#[derive(PartialEq)]
struct Frame {
    active: Option<Tetromino>,
    board: Board,
    hold: Option<Piece>,
    next: Vec<Piece>,
    score: u64,
    status: Status,
    grid: bool,
    hinting: bool,
}

impl Frame {
    fn of(game: &Game, grid: bool, hinting: bool) -> Frame {
        Frame {
            active: game.active(),
            board: game.board().clone(),
            hold: game.hold_piece(),
            next: game.next().to_vec(),
            score: game.score(),
            status: game.status(),
            grid,
            hinting,
        }
    }
}

fn piece_color(p: Piece) -> Color {
    palette::TETROMINOES[p.index()]
}

/// Buffer rows drawn above the visible field (where pieces spawn).
const SHOWN_BUFFER: usize = 2;
/// The field's left wall is in column 1; its cells start in column 2.
const FIELD_X: u16 = 2;
/// The field's top row is screen row 1, below the title.
const FIELD_Y: u16 = 1;
/// Width of the counters-and-keys column.
const INFO_WIDTH: u16 = 24;
/// Lines of the counters-and-keys column.
const INFO_LINES: u16 = 12;

/// Where things go, from the rules' field and preview.
struct Layout {
    width: usize,
    visible: usize,
    /// Column of the hold and next pieces.
    pieces_x: u16,
    /// Column of the counters and keys.
    info_x: u16,
    /// The smallest terminal that shows it all.
    need: (u16, u16),
}

impl Layout {
    fn of(rules: &Rules) -> Layout {
        let (w, h) = (rules.width(), rules.visible_height());
        let pieces_x = FIELD_X + 2 * w as u16 + 3;
        let info_x = pieces_x + 10;
        // Title, the shown rows, the bottom wall; the hold box and the previews (2 rows and a
        // gap each, from row 6); the ten lines of counters and keys from row 3.
        let field_rows = FIELD_Y + (h + SHOWN_BUFFER) as u16 + 1;
        let pieces_rows = 5 + 3 * rules.preview() as u16;
        Layout {
            width: w,
            visible: h,
            pieces_x,
            info_x,
            need: (
                info_x + INFO_WIDTH,
                field_rows.max(pieces_rows).max(FIELD_Y + 2 + INFO_LINES),
            ),
        }
    }
}

/// What the side column shows below the counters and keys.
struct Side<'a> {
    records: &'a Records,
    note: Option<&'a str>,
    /// The bot's placement, drawn as an outline in the field.
    hint: Option<Placement>,
}

/// Draws the game; `false` when the terminal is too small (the message is shown instead).
fn draw(
    screen: &mut Screen,
    layout: &Layout,
    game: &Game,
    side: &Side<'_>,
    grid: bool,
    clear: bool,
) -> io::Result<bool> {
    if !screen.fits(layout.need)? {
        return Ok(false);
    }
    if clear {
        screen.begin()?;
    }
    let (w, h) = (layout.width, layout.visible);
    let (cols, _) = Screen::size()?;
    let rules = game.rules();
    let title = format!(
        "Tetris · {} · seed {} · level {} · lines {} · score {}",
        rules.short_text(),
        game.seed(),
        game.level(),
        game.lines(),
        game.score()
    );
    let title: String = title.chars().take(usize::from(cols) - 1).collect();
    screen.text(
        0,
        0,
        format!("{title:<width$}", width = usize::from(cols) - 1),
    )?;
    let system = rules.rotation_system();
    let active = game.active().map(|t| Field::cells(system, t));
    let ghost = game.ghost().map(|t| Field::cells(system, t));
    let piece = game.active().map(|t| t.piece);
    let hinted = side
        .hint
        .map(|h| (Field::cells(system, h.tetromino), h.tetromino.piece));
    let paused = game.is_paused();
    // The visible rows, and above them the two buffer rows where pieces appear.
    let shown = h + SHOWN_BUFFER;
    for row in 0..shown {
        let y = shown - 1 - row;
        let sy = FIELD_Y + row as u16;
        let wall = if y < h { "│" } else { " " };
        screen.styled(FIELD_X - 1, sy, wall.dark_grey())?;
        for x in 0..w {
            let sx = FIELD_X + 2 * x as u16;
            let here = (x as i32, y as i32);
            let cell = game.board().get(Pos::new(x, y));
            let text = if paused {
                "  ".stylize()
            } else if let (Some(cells), Some(p)) = (active, piece)
                && cells.contains(&here)
            {
                "██".with(piece_color(p))
            } else if let Some(c) = cell {
                match c {
                    Cell::Piece(p) => "██".with(piece_color(p)),
                    Cell::Garbage => "██".with(Color::Grey),
                }
            } else if let Some((cells, p)) = hinted
                && cells.contains(&here)
            {
                "<>".with(piece_color(p))
            } else if let (Some(cells), Some(p)) = (ghost, piece)
                && cells.contains(&here)
            {
                "[]".with(piece_color(p))
            } else if grid && y < h {
                // The calculator's help grid: a guide in every column.
                if x % 2 == 0 { " ·" } else { " :" }.dark_grey()
            } else {
                "  ".stylize()
            };
            screen.styled(sx, sy, text)?;
        }
        screen.styled(FIELD_X + 2 * w as u16, sy, wall.dark_grey())?;
    }
    // The bottom wall; with the grid on, the column numbers in it.
    let bottom_y = FIELD_Y + shown as u16;
    let inner: String = if grid {
        (0..w)
            .flat_map(|x| ['─', char::from(b'0' + (x % 10) as u8)])
            .collect()
    } else {
        "──".repeat(w)
    };
    screen.styled(FIELD_X - 1, bottom_y, format!("└{inner}┘").dark_grey())?;
    let middle = FIELD_Y + shown as u16 / 2;
    if paused {
        screen.styled(FIELD_X + w as u16 - 3, middle, "PAUSED".bold())?;
    }
    if game.is_over() {
        let x = (FIELD_X + w as u16).saturating_sub(5);
        screen.styled(x, middle, " GAME OVER ".bold().red())?;
    }
    draw_pieces(screen, layout, game)?;
    draw_info(screen, layout, game, side)?;
    screen.show()?;
    Ok(true)
}

/// The hold piece and the next pieces, right of the field.
fn draw_pieces(screen: &mut Screen, layout: &Layout, game: &Game) -> io::Result<()> {
    let rules = game.rules();
    let system = rules.rotation_system();
    let x = layout.pieces_x;
    screen.text(x, FIELD_Y, if rules.hold() { "Hold" } else { "    " })?;
    draw_piece(
        screen,
        x,
        FIELD_Y + 1,
        game.hold_piece(),
        system,
        !game.can_hold(),
    )?;
    if rules.preview() > 0 {
        screen.text(x, FIELD_Y + 4, "Next")?;
    }
    for i in 0..rules.preview() {
        let y = FIELD_Y + 5 + 3 * i as u16;
        draw_piece(screen, x, y, game.next().get(i).copied(), system, false)?;
    }
    Ok(())
}

/// The counters and the keys; below them the note and, after a game over, the high scores
/// of the rule set (as many as the terminal has rows for).
fn draw_info(screen: &mut Screen, layout: &Layout, game: &Game, side: &Side<'_>) -> io::Result<()> {
    let rules = game.rules();
    let mut lines = vec![
        format!("Score  {}", game.score()),
        format!("Level  {}", game.level()),
        format!("Lines  {}", game.lines()),
        format!("Pieces {}", game.pieces()),
        String::new(),
        "←→ move  ↓ soft drop".to_owned(),
        "↑ x cw   z ccw".to_owned(),
    ];
    lines.push(match (rules.hard_drop(), rules.hold()) {
        (true, true) => "space drop  c hold".to_owned(),
        (true, false) => "space drop".to_owned(),
        (false, true) => "c hold".to_owned(),
        (false, false) => String::new(),
    });
    lines.push("p pause  g grid  h hint".to_owned());
    lines.push("q quit".to_owned());
    if let Status::Over { reason } = game.status() {
        lines.push(format!("Game over ({reason})"));
        lines.push("n or Enter: new game".to_owned());
    } else {
        lines.push(String::new());
        lines.push(String::new());
    }
    let width = usize::from(INFO_WIDTH);
    if let Some(note) = side.note {
        lines.extend(wrap(note, width));
    }
    if game.is_over() {
        let key = crate::scores::key(game.rules());
        lines.push(String::new());
        lines.push("High scores".to_owned());
        let table = side.records.table(&key);
        if table.is_empty() {
            lines.push(" none yet".to_owned());
        }
        for (i, e) in table.iter().enumerate() {
            lines.push(crate::scores::line(i + 1, e));
        }
    }
    let (_, rows) = Screen::size()?;
    for (i, l) in lines.iter().enumerate() {
        let y = FIELD_Y + 2 + i as u16;
        if y >= rows {
            break;
        }
        let l: String = l.chars().take(width).collect();
        screen.text(layout.info_x, y, format!("{l:<width$}"))?;
    }
    Ok(())
}

/// A piece in its spawn state in a 4 x 2 box at `(x, y)` (blank when `None`).
fn draw_piece(
    screen: &mut Screen,
    x: u16,
    y: u16,
    piece: Option<Piece>,
    system: RotationSystem,
    dim: bool,
) -> io::Result<()> {
    for row in 0..2u16 {
        screen.text(x, y + row, "        ")?;
    }
    let Some(p) = piece else { return Ok(()) };
    let offsets = system.offsets(p, Rotation::North);
    let min_x = offsets.iter().map(|o| o.0).min().unwrap_or(0);
    let max_y = offsets.iter().map(|o| o.1).max().unwrap_or(0);
    for (dx, dy) in offsets {
        let col = (dx - min_x) as u16;
        let row = (max_y - dy) as u16;
        if row < 2 {
            let color = if dim { Color::DarkGrey } else { piece_color(p) };
            screen.styled(x + 2 * col, y + row, "██".with(color))?;
        }
    }
    Ok(())
}
