//! The full-screen game: arrows or a click slide tiles, the clock runs from the first move,
//! the size is checked at every frame (too small, it asks to enlarge the terminal) and the screen is
//! redrawn on resize.

use std::io;
use std::time::Duration;

use crossterm::event::{Event, MouseButton, MouseEventKind};
use crossterm::style::{Color, Stylize};
use plateau::keys::{self, Scheme};
use plateau::screen::{Options, wrap};
use plateau::{CliResult, Screen};
use plateau_taquin::{Board, Move, Pos, Size};

use crate::game::{Game, describe};
use crate::records::Best;
use plateau::clock::clock_text;

const HELP: &str = "arrows or click: slide  u undo  r restart  s solve  h hint  n new  q quit";
/// The help on two lines, for narrow terminals.
const HELP_NARROW: [&str; 2] = [
    "arrows/click: slide  u undo  r restart",
    "s solve  h hint  n new  q quit",
];
/// Rows kept under the board for messages.
const MESSAGE_ROWS: u16 = 3;
/// The narrowest terminal the game asks for (the narrow help fits).
const MIN_COLUMNS: u16 = 40;

/// Where the board is drawn, in terminal cells.
#[derive(Clone, Copy)]
struct Layout {
    x0: u16,
    y0: u16,
    cell_w: u16,
    cell_h: u16,
    digits: usize,
    /// The help on two lines.
    narrow: bool,
    /// The terminal's size.
    columns: u16,
    rows: u16,
}

impl Layout {
    /// The roomiest layout for the terminal: a gap between tiles and two lines per row when
    /// there is room, tight otherwise.
    fn of(size: Size, (columns, rows): (u16, u16)) -> Layout {
        let digits = (size.width * size.height - 1).to_string().len();
        let narrow = usize::from(columns) < HELP.len();
        let y0 = if narrow { 4 } else { 3 };
        let (c, r) = (usize::from(columns), usize::from(rows));
        // Title, help and a blank line above; a blank line and the messages below.
        let tall = usize::from(y0) + 2 * size.height + 1 + usize::from(MESSAGE_ROWS) <= r;
        let roomy = 2 + (digits + 3) * size.width <= c;
        Layout {
            x0: if roomy { 2 } else { 0 },
            y0,
            cell_w: (digits + if roomy { 3 } else { 2 }) as u16,
            cell_h: if tall { 2 } else { 1 },
            digits,
            narrow,
            columns,
            rows,
        }
    }

    /// The terminal size this layout needs.
    fn need(self, size: Size) -> (u16, u16) {
        let board = self.x0 + self.cell_w * size.width as u16;
        (board.max(MIN_COLUMNS), self.bottom(size) + MESSAGE_ROWS)
    }

    /// The cell under a click, if it is on the board.
    fn cell_at(self, size: Size, column: u16, row: u16) -> Option<Pos> {
        let x = column.checked_sub(self.x0)? / self.cell_w;
        let y = row.checked_sub(self.y0)? / self.cell_h;
        let pos = Pos::new(usize::from(x), usize::from(y));
        size.contains(pos).then_some(pos)
    }

    /// The first row under the board and its blank line.
    fn bottom(self, size: Size) -> u16 {
        self.y0 + self.cell_h * size.height as u16 + 1
    }
}

/// One frame; `false` when the terminal is too small (it then says so).
fn draw(
    screen: &mut Screen,
    title: &str,
    board: &Board,
    message: &str,
    highlight: Option<Pos>,
) -> io::Result<bool> {
    let layout = Layout::of(board.size(), Screen::size()?);
    if !screen.fits(layout.need(board.size()))? {
        return Ok(false);
    }
    screen.begin()?;
    let width = usize::from(layout.columns);
    screen.styled(0, 0, fit(title, width).bold())?;
    if layout.narrow {
        screen.text(0, 1, HELP_NARROW[0])?;
        screen.text(0, 2, HELP_NARROW[1])?;
    } else {
        screen.text(0, 1, HELP)?;
    }
    for pos in board.size().positions() {
        let Some(tile) = board.tile_at(pos) else {
            continue;
        };
        if tile.is_blank() {
            continue;
        }
        let x = layout.x0 + pos.x as u16 * layout.cell_w;
        let y = layout.y0 + pos.y as u16 * layout.cell_h;
        let d = layout.digits;
        let text = format!(" {tile:>d$} ");
        let (fg, bg) = if highlight == Some(pos) {
            (Color::Black, Color::Yellow)
        } else if board.goal_tile(pos) == Some(tile) {
            (Color::White, Color::DarkGreen)
        } else {
            let row = (usize::from(tile) - 1) / board.width();
            (
                plateau::palette::text_on_indexed(row + 3),
                plateau::palette::indexed(row + 3),
            )
        };
        screen.styled(x, y, text.with(fg).on(bg).bold())?;
    }
    let top = layout.bottom(board.size());
    let room = usize::from(layout.rows.saturating_sub(top));
    for (i, line) in wrap(message, width).iter().take(room).enumerate() {
        screen.text(0, top + i as u16, line)?;
    }
    screen.show()?;
    Ok(true)
}

/// `text` cut to `width` characters.
fn fit(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

pub fn play(size: Size, seed: u64) -> CliResult {
    let mut game = Game::new(size, seed)?;
    let mut best = Best::open(size);
    let mut screen = Screen::enter(Options {
        mouse: true,
        key_releases: false,
    })?;
    let mut message = best.greeting();
    let mut highlight: Option<Pos> = None;
    loop {
        let shown = draw(
            &mut screen,
            &game.title(true),
            &game.board,
            &message,
            highlight,
        )?;
        // The clock is redrawn every second while it runs.
        let running = !game.is_solved() && game.moves() > 0;
        let tick = running.then_some(Duration::from_millis(250));
        let Some(event) = screen.next_event(tick)? else {
            continue;
        };
        let was_solved = game.is_solved();
        match event {
            Event::Key(key) => {
                if keys::is_quit(&key) {
                    return Ok(());
                }
                if !shown {
                    continue;
                }
                highlight = None;
                if let Some(dir) = keys::direction(&key, Scheme::ARROWS) {
                    if let Some(m) = Move::from_tile_dir(dir) {
                        message = game.slide(m).err().unwrap_or_default();
                    }
                } else {
                    match keys::char_of(&key).map(|c| c.to_ascii_lowercase()) {
                        Some('u') => {
                            message = game.undo().err().unwrap_or_default().to_owned();
                        }
                        Some('r') => {
                            game.restart();
                            message = "back to the start".into();
                        }
                        Some('n') => {
                            game.new_game()?;
                            message = format!("new game, seed {}", game.seed);
                        }
                        Some('h') => match game.hint() {
                            Some(m) => {
                                message = format!("hint: {}", describe(&game.board, m));
                                highlight = game.board.moved_from(m);
                            }
                            None if game.is_solved() => message = crate::game::LOCKED.into(),
                            None => message = "no hint within the hint's budget".into(),
                        },
                        Some('s') => {
                            message = animate_solution(&mut screen, &mut game)?;
                        }
                        _ => {}
                    }
                }
            }
            Event::Mouse(m) if shown && m.kind == MouseEventKind::Down(MouseButton::Left) => {
                highlight = None;
                let size = game.board.size();
                let layout = Layout::of(size, Screen::size()?);
                if let Some(pos) = layout.cell_at(size, m.column, m.row) {
                    message = game.click(pos).err().unwrap_or_default();
                }
            }
            // A resize, a tick of the clock: the loop redraws.
            _ => {}
        }
        if !was_solved && game.solved_unassisted() {
            message = format!(
                "solved in {} moves, {}! {} n: new game, r: again, q: quit",
                game.moves(),
                clock_text(game.elapsed(), true),
                best.enter(&game)
            );
        }
    }
}

/// Finds a solution and plays it move by move on screen; any key stops it. Returns the
/// message to show.
fn animate_solution(
    screen: &mut Screen,
    game: &mut Game,
) -> Result<String, Box<dyn std::error::Error>> {
    if game.is_solved() {
        return Ok(crate::game::LOCKED.into());
    }
    let (title, board) = (game.title(true), game.board.clone());
    draw(screen, &title, &board, "solving...", None)?;
    let (solution, kind) = game.solution(|| {
        let message = "building the 4x4 pattern databases (a few seconds, once per run)...";
        // Only a message: if it cannot be drawn, the next frame will say what happened.
        let _ = draw(screen, &title, &board, message, None);
    })?;
    let total = solution.len();
    // A few seconds for a short solution, faster for long ones.
    let frame = Duration::from_millis((4000 / total.max(1) as u64).clamp(8, 150));
    for (i, &m) in solution.moves.iter().enumerate() {
        game.slide(m)?;
        let message = format!("solver ({kind}): move {} of {total}, any key stops", i + 1);
        draw(screen, &game.title(true), &game.board, &message, None)?;
        if let Some(Event::Key(_)) = screen.next_event(Some(frame))? {
            return Ok(format!(
                "stopped after {} of {total} moves ({kind}); u undoes them one by one",
                i + 1
            ));
        }
    }
    Ok(format!(
        "solved by the solver in {total} moves ({kind}); n: new game, r: again"
    ))
}
