//! The conventions every multi-line text form of the workspace shares.
//!
//! A board's text is one line per row, top row first. Surrounding spaces and blank lines
//! are ignored, and so are lines whose first non-space character is `#` (comments), except
//! in forms where `#` is itself a cell symbol ([`BitGrid`](crate::BitGrid),
//! [`Shape`](crate::Shape), `Grid<char>`). `Display` of a board ends without a trailing
//! newline.

use alloc::vec::Vec;

use crate::{ParseGridError, Size};

/// The lines of `s` that carry content: trimmed, without blank lines and, when `comments`
/// is set, without lines starting with `#`.
///
/// ```
/// use plateau_grid::text::content_lines;
///
/// let text = "# a 2x2 board\n\n  ab \ncd\n";
/// assert_eq!(content_lines(text, true).collect::<Vec<_>>(), ["ab", "cd"]);
/// assert_eq!(content_lines(text, false).count(), 3);
/// ```
pub fn content_lines(s: &str, comments: bool) -> impl Iterator<Item = &str> {
    s.lines()
        .map(str::trim)
        .filter(move |l| !(l.is_empty() || comments && l.starts_with('#')))
}

/// [`content_lines`], collected.
pub(crate) fn lines(s: &str, comments: bool) -> Vec<&str> {
    content_lines(s, comments).collect()
}

/// The size of a rectangle of lines, in characters.
pub(crate) fn dims(lines: &[&str]) -> Result<Size, ParseGridError> {
    let first = lines.first().ok_or(ParseGridError::Empty)?;
    let width = first.chars().count();
    for (row, line) in lines.iter().enumerate() {
        let len = line.chars().count();
        if len != width {
            return Err(ParseGridError::Ragged {
                row,
                len,
                expected: width,
            });
        }
    }
    Ok(Size::new(width, lines.len()))
}
