//! The full-screen game: colours typed, clicked or picked with the arrows; the size checked
//! at every frame and the screen redrawn on resize; `--symbols` writes each colour's
//! symbol on its cells.
//!
//! A letter that is one of the game's colours plays it (from 18 colours up `h` is a colour,
//! from 24 `n`, from 27 `q`, from 31 `u`); each command also has a key that is never a
//! colour: `?` hint, Backspace undo, `+` new game, Esc quit.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEventKind};
use crossterm::style::Stylize;
use plateau::screen::{Options, wrap};
use plateau::{CliResult, Screen, keys, palette};
use plateau_floodit::{Color, Config, Game, Play, Size, hint};

use crate::round::Round;

/// Where things are on the screen, for drawing and for clicks.
struct Layout {
    /// Columns per cell (2, or 1 on a narrow terminal).
    cell: u16,
    board_top: u16,
    palette_top: u16,
    /// Colour swatches per palette row.
    per_row: usize,
    /// The help, cut to the terminal's width.
    help: Vec<String>,
    help_top: u16,
    /// The terminal size everything needs.
    need: (u16, u16),
}

const LEFT: u16 = 1;
const SWATCH: usize = 4;
/// Rows kept for the message under the help (one fewer on a short terminal).
const MESSAGE_ROWS: u16 = 2;
const MIN_COLUMNS: usize = 40;

impl Layout {
    /// The layout for a terminal of `cols` x `rows`: with a blank line between the parts
    /// when there is room, without when the terminal is short.
    fn new(size: Size, colors: usize, (cols, rows): (u16, u16)) -> Layout {
        let roomy = Layout::with_gaps(size, colors, cols, 1);
        if roomy.need.1 <= rows {
            roomy
        } else {
            Layout::with_gaps(size, colors, cols, 0)
        }
    }

    fn with_gaps(size: Size, colors: usize, cols: u16, gap: u16) -> Layout {
        let cols = usize::from(cols);
        let cell = if size.width * 2 + 2 <= cols { 2 } else { 1 };
        let per_row = ((cols.saturating_sub(2)) / SWATCH).clamp(1, colors);
        let palette_rows = colors.div_ceil(per_row);
        let board_top = 1 + gap;
        let palette_top = board_top + size.height as u16 + gap;
        let help_top = palette_top + palette_rows as u16 + gap;
        let help = wrap(&help_line(colors), cols.max(MIN_COLUMNS));
        let need = (
            (size.width * cell as usize + 2).max(MIN_COLUMNS) as u16,
            help_top + help.len() as u16 + MESSAGE_ROWS - 1 + gap,
        );
        Layout {
            cell: cell as u16,
            board_top,
            palette_top,
            per_row,
            help,
            help_top,
            need,
        }
    }

    fn swatch(&self, i: usize) -> (u16, u16) {
        let x = LEFT + ((i % self.per_row) * SWATCH) as u16;
        let y = self.palette_top + (i / self.per_row) as u16;
        (x, y)
    }

    /// The colour clicked at column `x`, row `y`: a board cell's current colour, or a
    /// palette swatch.
    fn clicked(&self, game: &Game, colors: usize, x: u16, y: u16) -> Option<Color> {
        let size = game.size();
        if y >= self.board_top && x >= LEFT {
            let cx = usize::from((x - LEFT) / self.cell);
            let cy = usize::from(y - self.board_top);
            if cx < size.width && cy < size.height {
                return game.cell(plateau_floodit::Pos::new(cx, cy));
            }
        }
        (0..colors).find_map(|i| {
            let (sx, sy) = self.swatch(i);
            (y == sy && x >= sx && x < sx + 3).then_some(Color::ALL[i])
        })
    }
}

/// Whether `letter` is one of the game's colours (it then plays, not commands).
fn is_color(letter: char, colors: usize) -> bool {
    Color::from_char(letter).is_some_and(|c| c.index() < colors)
}

/// The key of a command: its letter while that is not a colour, else the other key.
fn command_key(letter: char, other: &'static str, colors: usize) -> String {
    if is_color(letter, colors) {
        other.to_owned()
    } else {
        letter.to_string()
    }
}

fn help_line(colors: usize) -> String {
    let last = Color::ALL[colors - 1];
    format!(
        "0-{last} or click: play · arrows, Enter: pick · {} hint · {} undo · {} new game · {} \
         quit",
        command_key('h', "?", colors),
        command_key('u', "Backspace", colors),
        command_key('n', "+", colors),
        command_key('q', "Esc", colors),
    )
}

pub fn play(config: Config, moves: Option<u32>, seed: u64, symbols: bool) -> CliResult {
    let colors = usize::from(config.colors());
    let mut screen = Screen::enter(Options {
        mouse: true,
        key_releases: false,
    })?;
    // The solver sets the move limit first (up to a second or so on a big board).
    screen.begin()?;
    screen.text(0, 0, "Dealing a board: the solver sets its move limit...")?;
    screen.show()?;
    let mut round = Round::new(config, moves, seed);
    let mut cursor = 0usize;
    let mut message = round.warning.clone().unwrap_or_default();
    loop {
        let layout = Layout::new(config.size(), colors, Screen::size()?);
        let shown = screen.fits(layout.need)? && {
            draw(&mut screen, &round, &layout, cursor, &message, symbols)?;
            true
        };
        let Some(event) = screen.next_event(None)? else {
            continue;
        };
        let choice = match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => {
                if keys::is_quit(&key)
                    && !(keys::char_of(&key) == Some('q') && is_color('q', colors))
                {
                    return Ok(());
                }
                if !shown {
                    continue;
                }
                match key_action(&key, colors, cursor) {
                    Action::Play(c) => Some(c),
                    Action::Cursor(i) => {
                        cursor = i;
                        None
                    }
                    Action::Hint => {
                        message = match hint(&round.game) {
                            Some(c) => {
                                cursor = c.index();
                                format!("Hint: colour {c} (Enter plays it).")
                            }
                            None => "No hint: the game is over.".to_owned(),
                        };
                        None
                    }
                    Action::Undo => {
                        message = match round.game.undo() {
                            Some(c) => format!("Took back {c}."),
                            None => "Nothing to undo.".to_owned(),
                        };
                        None
                    }
                    Action::New => {
                        // The solver may think for a moment on a big board: say so first.
                        "A new board...".clone_into(&mut message);
                        draw(&mut screen, &round, &layout, cursor, &message, symbols)?;
                        round = round.next(moves);
                        message = round
                            .warning
                            .clone()
                            .unwrap_or_else(|| format!("New game, seed {}.", round.seed));
                        None
                    }
                    Action::Nothing => None,
                }
            }
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) && shown => {
                layout.clicked(&round.game, colors, m.column, m.row)
            }
            // A resize: the loop redraws.
            _ => None,
        };
        if let Some(c) = choice {
            cursor = c.index();
            message = match round.game.play(c) {
                Ok(_) => round.verdict().unwrap_or_default(),
                // Over: the verdict stays on screen, with what to do next.
                Err(_) if round.game.is_over() => format!(
                    "{} {} undo, {} new game, {} quit.",
                    round.verdict().unwrap_or_default(),
                    command_key('u', "Backspace", colors),
                    command_key('n', "+", colors),
                    command_key('q', "Esc", colors),
                ),
                Err(e) => format!("Not played: {e}."),
            };
        }
    }
}

enum Action {
    Play(Color),
    Cursor(usize),
    Hint,
    Undo,
    New,
    Nothing,
}

fn key_action(key: &KeyEvent, colors: usize, cursor: usize) -> Action {
    match key.code {
        KeyCode::Left | KeyCode::Up => return Action::Cursor((cursor + colors - 1) % colors),
        KeyCode::Right | KeyCode::Down | KeyCode::Tab => {
            return Action::Cursor((cursor + 1) % colors);
        }
        KeyCode::Enter => return Action::Play(Color::ALL[cursor]),
        KeyCode::Backspace => return Action::Undo,
        _ => {}
    }
    let Some(ch) = keys::char_of(key) else {
        return Action::Nothing;
    };
    let ch = ch.to_ascii_lowercase();
    if is_color(ch, colors) {
        return Action::Play(Color::from_char(ch).unwrap_or(Color::ALL[0]));
    }
    match ch {
        'h' | '?' => Action::Hint,
        'u' => Action::Undo,
        'n' | '+' => Action::New,
        ' ' => Action::Play(Color::ALL[cursor]),
        _ => Action::Nothing,
    }
}

fn draw(
    screen: &mut Screen,
    round: &Round,
    layout: &Layout,
    cursor: usize,
    message: &str,
    symbols: bool,
) -> std::io::Result<()> {
    screen.begin()?;
    let game = &round.game;
    let colors = usize::from(game.rules().colors());
    let width = usize::from(layout.need.0.max(Screen::size()?.0));
    let mut title = round.title();
    if title.chars().count() > width {
        let g = &round.game;
        title = format!(
            "{} · {} colours · moves {}/{} · seed {}",
            g.size(),
            colors,
            g.moves_used(),
            g.rules().max_moves(),
            round.seed
        );
    }
    let title: String = title.chars().take(width).collect();
    screen.text(0, 0, title.bold())?;
    let board = game.board();
    let cell = usize::from(layout.cell);
    for (y, row) in board.grid().rows().enumerate() {
        let top = layout.board_top + y as u16;
        // One styled run per stretch of one colour.
        let mut x = 0;
        while x < row.len() {
            let c = row[x];
            let run = row[x..].iter().take_while(|&&d| d == c).count();
            let one = if symbols {
                format!("{:<cell$}", c.to_char())
            } else {
                " ".repeat(cell)
            };
            let text = one
                .repeat(run)
                .with(palette::text_on_indexed(c.index()))
                .on(palette::indexed(c.index()));
            screen.styled(LEFT + x as u16 * layout.cell, top, text)?;
            x += run;
        }
    }
    for i in 0..colors {
        let (x, y) = layout.swatch(i);
        let c = Color::ALL[i];
        let label = if i == cursor {
            format!("[{c}]")
        } else {
            format!(" {c} ")
        };
        let text = label
            .with(palette::text_on_indexed(i))
            .on(palette::indexed(i));
        screen.styled(
            x,
            y,
            if c == game.flood_color() {
                text.underlined()
            } else {
                text
            },
        )?;
    }
    for (i, line) in layout.help.iter().enumerate() {
        screen.text(0, layout.help_top + i as u16, line.as_str().dark_grey())?;
    }
    let top = layout.help_top + layout.help.len() as u16;
    let rows = Screen::size()?.1.saturating_sub(top);
    for (i, line) in wrap(message, width)
        .iter()
        .take(usize::from(rows))
        .enumerate()
    {
        screen.text(0, top + i as u16, line)?;
    }
    screen.show()
}
