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

#[doc(hidden)]
pub use alloc::string::String as __String;

/// Implements `serde::Serialize` and `serde::Deserialize` for types through their text
/// form: serialised as a string by `Display`, deserialised through the validating
/// `FromStr`, so a serialised value is checked on the way back in like any parsed one.
///
/// The calling crate depends on `serde` (usually behind its own `serde` feature, with the
/// macro call under `#[cfg(feature = "serde")]`); each type implements `Display` and
/// `FromStr` with an error that implements `Display`.
///
/// ```ignore
/// #[cfg(feature = "serde")]
/// plateau_grid::serde_via_text!(Board, View);
/// ```
#[macro_export]
macro_rules! serde_via_text {
    ($($t:ty),+ $(,)?) => {$(
        impl ::serde::Serialize for $t {
            fn serialize<S: ::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $t {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                let text =
                    <$crate::text::__String as ::serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(::serde::de::Error::custom)
            }
        }
    )+};
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use core::fmt;
    use core::str::FromStr;

    /// A value whose text form is checked: an even number.
    #[derive(Debug, PartialEq)]
    struct Even(u32);

    impl fmt::Display for Even {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", self.0)
        }
    }

    impl FromStr for Even {
        type Err = &'static str;
        fn from_str(s: &str) -> Result<Self, Self::Err> {
            match s.parse::<u32>() {
                Ok(n) if n % 2 == 0 => Ok(Even(n)),
                _ => Err("not an even number"),
            }
        }
    }

    crate::serde_via_text!(Even);

    #[test]
    fn serde_goes_through_the_checked_text_form() {
        assert_eq!(serde_json::to_string(&Even(42)).unwrap(), "\"42\"");
        assert_eq!(serde_json::from_str::<Even>("\"8\"").unwrap(), Even(8));
        let err = serde_json::from_str::<Even>("\"7\"").unwrap_err();
        assert!(err.to_string().contains("not an even number"), "{err}");
    }
}
