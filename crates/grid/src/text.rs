//! Shared helpers for the character-grid text forms.

use alloc::vec::Vec;

use crate::ParseGridError;

/// The non-blank lines of `s`, trimmed.
pub(crate) fn lines(s: &str) -> Vec<&str> {
    s.lines().map(str::trim).filter(|l| !l.is_empty()).collect()
}

/// `(width, height)` of a rectangle of lines, in characters.
pub(crate) fn dims(lines: &[&str]) -> Result<(usize, usize), ParseGridError> {
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
    Ok((width, lines.len()))
}
