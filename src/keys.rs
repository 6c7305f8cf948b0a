//! Key mapping shared by every game, so the same keys do the same things everywhere.
//!
//! - Directions: the arrow keys always; WASD and the vi keys `hjkl` when the game has no
//!   other use for those letters (it says so with [`Scheme`]).
//! - Quit: `q`, Esc and Ctrl-C, in every game (raw mode turns Ctrl-C into a key).
//! - A key with Ctrl or Alt held is never taken for the plain letter.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use plateau_grid::Dir;

/// Which letter keys move as well as the arrows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scheme {
    /// `w a s d`.
    pub wasd: bool,
    /// `h j k l` (left, down, up, right).
    pub vi: bool,
}

impl Scheme {
    /// Arrows only: every letter is the game's.
    pub const ARROWS: Scheme = Scheme {
        wasd: false,
        vi: false,
    };
    /// Arrows, WASD and vi keys.
    pub const ALL: Scheme = Scheme {
        wasd: true,
        vi: true,
    };
}

/// Whether the key asks to quit: `q`, Esc or Ctrl-C.
pub fn is_quit(key: &KeyEvent) -> bool {
    match key.code {
        KeyCode::Esc => true,
        KeyCode::Char('c' | 'C') => key.modifiers.contains(KeyModifiers::CONTROL),
        KeyCode::Char('q' | 'Q') => plain(key),
        _ => false,
    }
}

/// Whether no modifier other than Shift is held.
pub fn plain(key: &KeyEvent) -> bool {
    !key.modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER)
}

/// The character typed, when it is one with no modifier but Shift.
pub fn char_of(key: &KeyEvent) -> Option<char> {
    match key.code {
        KeyCode::Char(c) if plain(key) => Some(c),
        _ => None,
    }
}

/// The direction the key points, under `scheme`.
pub fn direction(key: &KeyEvent, scheme: Scheme) -> Option<Dir> {
    match key.code {
        KeyCode::Up => Some(Dir::Up),
        KeyCode::Down => Some(Dir::Down),
        KeyCode::Left => Some(Dir::Left),
        KeyCode::Right => Some(Dir::Right),
        KeyCode::Char(c) if plain(key) => match c.to_ascii_lowercase() {
            'w' if scheme.wasd => Some(Dir::Up),
            'a' if scheme.wasd => Some(Dir::Left),
            's' if scheme.wasd => Some(Dir::Down),
            'd' if scheme.wasd => Some(Dir::Right),
            'k' if scheme.vi => Some(Dir::Up),
            'h' if scheme.vi => Some(Dir::Left),
            'j' if scheme.vi => Some(Dir::Down),
            'l' if scheme.vi => Some(Dir::Right),
            _ => None,
        },
        _ => None,
    }
}
