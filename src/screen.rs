//! The full-screen terminal: a guard that enters and leaves it, and drawing helpers.

use std::fmt::Display;
use std::io::{self, IsTerminal, Stdout, Write};
use std::time::Duration;

use crossterm::event::{self, Event, KeyEventKind};
use crossterm::style::{PrintStyledContent, StyledContent};
use crossterm::{cursor, execute, queue, terminal};

/// Whether standard input and output are both a terminal (full-screen play possible);
/// otherwise games fall back to their line mode.
pub fn interactive() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// What a game wants from the terminal beyond raw mode and the alternate screen.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Report mouse clicks.
    pub mouse: bool,
    /// Ask the terminal to report key releases and repeats (terminals with the kitty
    /// keyboard protocol do; elsewhere keys only ever press).
    pub key_releases: bool,
}

/// The terminal in full-screen mode for the lifetime of the guard: raw mode, the alternate
/// screen, a hidden cursor and the options asked for. Everything is restored on drop, also
/// when the program unwinds from a panic.
pub struct Screen {
    out: Stdout,
    key_releases: bool,
}

impl std::fmt::Debug for Screen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Screen")
            .field("key_releases", &self.key_releases)
            .finish_non_exhaustive()
    }
}

impl Screen {
    /// Enters full-screen mode.
    ///
    /// # Errors
    /// The terminal refused a mode (it is then restored).
    ///
    /// # Errors
    /// The terminal could not be written or queried.
    pub fn enter(options: Options) -> io::Result<Screen> {
        terminal::enable_raw_mode()?;
        let mut screen = Screen {
            out: io::stdout(),
            key_releases: false,
        };
        execute!(screen.out, terminal::EnterAlternateScreen, cursor::Hide)?;
        if options.mouse {
            execute!(screen.out, event::EnableMouseCapture)?;
        }
        if options.key_releases && terminal::supports_keyboard_enhancement().unwrap_or(false) {
            execute!(
                screen.out,
                event::PushKeyboardEnhancementFlags(
                    event::KeyboardEnhancementFlags::REPORT_EVENT_TYPES
                )
            )?;
            screen.key_releases = true;
        }
        Ok(screen)
    }

    /// Whether the terminal reports key releases (see [`Options::key_releases`]).
    pub fn reports_releases(&self) -> bool {
        self.key_releases
    }

    /// Starts a frame: the screen cleared and the cursor at the top-left. Queue text with
    /// [`Screen::text`] / [`Screen::styled`], then [`Screen::show`] it.
    ///
    /// # Errors
    /// The terminal could not be written or queried.
    pub fn begin(&mut self) -> io::Result<()> {
        queue!(
            self.out,
            cursor::MoveTo(0, 0),
            terminal::Clear(terminal::ClearType::All)
        )
    }

    /// Queues plain text at column `x`, row `y`.
    ///
    /// # Errors
    /// The terminal could not be written or queried.
    pub fn text(&mut self, x: u16, y: u16, text: impl Display) -> io::Result<()> {
        queue!(
            self.out,
            cursor::MoveTo(x, y),
            crossterm::style::Print(text)
        )
    }

    /// Queues styled text (crossterm's `Stylize`: `"x".red().on_blue()`) at column `x`, row `y`.
    ///
    /// # Errors
    /// The terminal could not be written or queried.
    pub fn styled<D: Display>(&mut self, x: u16, y: u16, text: StyledContent<D>) -> io::Result<()> {
        queue!(self.out, cursor::MoveTo(x, y), PrintStyledContent(text))
    }

    /// Queues styled text where the cursor is (after the previous piece of text).
    ///
    /// # Errors
    /// The terminal could not be written or queried.
    pub fn more<D: Display>(&mut self, text: StyledContent<D>) -> io::Result<()> {
        queue!(self.out, PrintStyledContent(text))
    }

    /// Draws everything queued since [`Screen::begin`].
    ///
    /// # Errors
    /// The terminal could not be written or queried.
    pub fn show(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Whether the terminal is at least `need` (columns, rows). When it is smaller, the
    /// screen is cleared to "enlarge the terminal to `W`x`H` (q quits)", wrapped to the width
    /// there is, and the game should draw nothing more this frame: call it at the top of every
    /// frame and redraw on `Event::Resize`.
    ///
    /// # Errors
    /// The terminal could not be written or queried.
    pub fn fits(&mut self, need: (u16, u16)) -> io::Result<bool> {
        let (w, h) = Screen::size()?;
        if w >= need.0 && h >= need.1 {
            return Ok(true);
        }
        self.begin()?;
        let text = format!("enlarge the terminal to {}x{} (q quits)", need.0, need.1);
        for (row, part) in wrap(&text, usize::from(w.max(1))).iter().enumerate() {
            if row >= usize::from(h) {
                break;
            }
            self.text(0, row as u16, part)?;
        }
        self.show()?;
        Ok(false)
    }

    /// The terminal's size in columns and rows.
    ///
    /// # Errors
    /// The terminal could not be written or queried.
    pub fn size() -> io::Result<(u16, u16)> {
        terminal::size()
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        if self.key_releases {
            let _ = execute!(self.out, event::PopKeyboardEnhancementFlags);
        }
        restore();
    }
}

/// Leaves full-screen mode (idempotent; also called by the panic hook of [`crate::cli::run`]).
pub fn restore() {
    let mut out = io::stdout();
    let _ = execute!(
        out,
        event::DisableMouseCapture,
        cursor::Show,
        terminal::LeaveAlternateScreen
    );
    let _ = terminal::disable_raw_mode();
    let _ = out.flush();
}

impl Screen {
    /// The next input event, waiting at most `timeout` (`None`: as long as it takes). Key
    /// releases are passed on only when the terminal [reports](Screen::reports_releases)
    /// them; otherwise none ever come, and games see presses and repeats alike everywhere.
    ///
    /// # Errors
    /// Reading the terminal failed.
    ///
    /// # Errors
    /// The terminal could not be written or queried.
    pub fn next_event(&self, timeout: Option<Duration>) -> io::Result<Option<Event>> {
        loop {
            if let Some(t) = timeout
                && !event::poll(t)?
            {
                return Ok(None);
            }
            let ev = event::read()?;
            if let Event::Key(k) = &ev
                && k.kind == KeyEventKind::Release
                && !self.key_releases
            {
                continue;
            }
            return Ok(Some(ev));
        }
    }
}

/// `text` cut into lines of at most `width` characters, at spaces where it can.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        let used = line.chars().count();
        if used > 0 && used + 1 + word.len() <= width {
            line.push(' ');
            line.extend(word);
            continue;
        }
        if used > 0 {
            lines.push(std::mem::take(&mut line));
        }
        while word.len() > width {
            lines.push(word.drain(..width).collect());
        }
        line.extend(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrap_cuts_at_spaces_and_splits_long_words() {
        assert_eq!(
            wrap("enlarge the terminal to 80x24", 12),
            ["enlarge the", "terminal to", "80x24"]
        );
        assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
        assert_eq!(wrap("", 5), [""]);
        for width in 1..40 {
            let text = "enlarge the terminal to 120x40 (q quits)";
            let lines = wrap(text, width);
            assert!(
                lines.iter().all(|l| l.chars().count() <= width),
                "{width}: {lines:?}"
            );
            assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""));
        }
    }
}
