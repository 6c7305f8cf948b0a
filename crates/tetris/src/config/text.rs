//! The text form of [`Rules`]: one line of `key=value` settings, parsed back through the
//! checked constructors.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::RotationSystem;
use crate::error::ParseRulesError;
use crate::gravity::{Gravity, SoftDrop, Speed};

use super::{Lock, Randomizer, Rules, Scoring};

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// One line of `key=value` settings, every key always written, in a fixed order:
///
/// `width=10 visible=20 buffer=20 rotation=srs randomizer=bag preview=5 hold=yes
/// hard-drop=yes gravity=guideline soft-drop=x20 lock=30/15 das=10 arr=2 scoring=guideline
/// level=1 level-cap=none score-cap=none lines-per-level=10 lock-out=yes`
impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "width={} visible={} buffer={} rotation={} randomizer={} preview={} hold={} hard-drop={} gravity={} soft-drop={} lock=",
            self.width,
            self.visible,
            self.buffer,
            self.rotation.name(),
            self.randomizer.name(),
            self.preview,
            yes_no(self.hold),
            yes_no(self.hard_drop),
            self.gravity,
            self.soft_drop,
        )?;
        match self.lock {
            Lock::Delay { ticks, resets } => write!(f, "{ticks}/{resets}")?,
            Lock::Gravity => f.write_str("gravity")?,
        }
        write!(
            f,
            " das={} arr={} scoring={} level={} level-cap=",
            self.das,
            self.arr,
            match self.scoring {
                Scoring::Guideline => "guideline",
                Scoring::Nes => "nes",
            },
            self.start_level
        )?;
        match self.level_cap {
            Some(c) => write!(f, "{c}")?,
            None => f.write_str("none")?,
        }
        f.write_str(" score-cap=")?;
        match self.score_cap {
            Some(c) => write!(f, "{c}")?,
            None => f.write_str("none")?,
        }
        write!(
            f,
            " lines-per-level={} lock-out={}",
            self.lines_per_level,
            yes_no(self.lock_out)
        )
    }
}

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// Parses what [`Display`](fmt::Display) writes. The text may start with a preset name
    /// (`guideline`, `classic`, `calculator`), which the `key=value` settings after it change;
    /// without one, the settings change the Guideline rules. Every value goes through the
    /// checked setters.
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let mut tokens = s.split_whitespace().peekable();
        let mut rules = Rules::guideline();
        if let Some(first) = tokens.peek()
            && !first.contains('=')
        {
            rules = Rules::preset(first).ok_or_else(|| ParseRulesError::Preset {
                name: (*first).into(),
            })?;
            tokens.next();
        }
        let mut pending = Pending {
            width: rules.width(),
            visible: rules.visible_height(),
            buffer: rules.buffer_height(),
            level: rules.start_level,
            cap: rules.level_cap,
            das: rules.das,
            arr: rules.arr,
        };
        for token in tokens {
            let (key, value) = token
                .split_once('=')
                .ok_or_else(|| ParseRulesError::Token {
                    token: token.into(),
                })?;
            rules = pending.set(rules, key, value)?;
        }
        rules = rules.with_field(pending.width, pending.visible, pending.buffer)?;
        rules = rules.with_das_arr(pending.das, pending.arr)?;
        // The cap first (checked against level 0), then the start level against the cap.
        rules.start_level = 0;
        rules = rules
            .with_level_cap(pending.cap)?
            .with_start_level(pending.level)?;
        Ok(rules)
    }
}

impl Rules {
    /// The shortest text form: the name of the nearest preset, then only the settings that
    /// differ from it (`"calculator"`, `"guideline preview=3 hold=no"`). It parses back to
    /// the same rules, like the full form [`Display`](fmt::Display) writes, and suits a title
    /// line or a key under which results of the same rules are kept.
    ///
    /// ```
    /// use plateau_tetris::Rules;
    ///
    /// assert_eq!(Rules::calculator().short_text(), "calculator");
    /// let rules = Rules::classic().with_preview(3)?.with_hold(true);
    /// assert_eq!(rules.short_text(), "classic preview=3 hold=yes");
    /// assert_eq!(rules.short_text().parse::<Rules>()?, rules);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn short_text(&self) -> String {
        let full = alloc::string::ToString::to_string(self);
        let mine: Vec<&str> = full.split(' ').collect();
        let mut best: Option<(usize, &str, Vec<&str>)> = None;
        let presets = [
            ("guideline", Rules::guideline()),
            ("classic", Rules::classic()),
            ("calculator", Rules::calculator()),
        ];
        let texts: Vec<String> = presets
            .iter()
            .map(|(_, r)| alloc::string::ToString::to_string(r))
            .collect();
        for ((name, _), text) in presets.iter().zip(&texts) {
            // Every key is always written, in the same order: compare token by token.
            let differ: Vec<&str> = mine
                .iter()
                .zip(text.split(' '))
                .filter(|(a, b)| *a != b)
                .map(|(a, _)| *a)
                .collect();
            if best.as_ref().is_none_or(|(n, _, _)| differ.len() < *n) {
                best = Some((differ.len(), name, differ));
            }
        }
        let (_, name, differ) = best.unwrap_or_default();
        let mut out = String::from(name);
        for token in differ {
            out.push(' ');
            out.push_str(token);
        }
        out
    }
}

/// The settings of a rules text checked together at the end, so their order in the text does
/// not matter (the field's three sizes, DAS with ARR, the start level with the cap).
struct Pending {
    width: usize,
    visible: usize,
    buffer: usize,
    level: u32,
    cap: Option<u32>,
    das: u8,
    arr: u8,
}

impl Pending {
    /// Applies one `key=value` setting.
    fn set(&mut self, mut rules: Rules, key: &str, value: &str) -> Result<Rules, ParseRulesError> {
        let bad = || ParseRulesError::Value {
            key: key.into(),
            value: value.into(),
        };
        let number = |v: &str| {
            v.parse::<u64>().map_err(|source| ParseRulesError::Number {
                key: key.into(),
                value: v.into(),
                source,
            })
        };
        let flag = |v: &str| match v {
            "yes" | "on" | "true" => Ok(true),
            "no" | "off" | "false" => Ok(false),
            _ => Err(bad()),
        };
        let small = |v: &str| usize::try_from(number(v)?).map_err(|_| bad());
        let byte = |v: &str| u8::try_from(number(v)?).map_err(|_| bad());
        let word = |v: &str| u16::try_from(number(v)?).map_err(|_| bad());
        let level = |v: &str| u32::try_from(number(v)?).map_err(|_| bad());
        match key {
            "width" => self.width = small(value)?,
            "visible" => self.visible = small(value)?,
            "buffer" => self.buffer = small(value)?,
            "rotation" => {
                rules.rotation = match value {
                    "srs" => RotationSystem::Srs,
                    "classic" | "nes" => RotationSystem::Classic,
                    _ => return Err(bad()),
                }
            }
            "randomizer" => {
                rules.randomizer = match value {
                    "bag" | "7-bag" => Randomizer::Bag,
                    "memoryless" => Randomizer::Memoryless,
                    "classic" | "nes" => Randomizer::Classic,
                    _ => return Err(bad()),
                }
            }
            "preview" => rules = rules.with_preview(small(value)?)?,
            "hold" => rules.hold = flag(value)?,
            "hard-drop" => rules.hard_drop = flag(value)?,
            "gravity" => rules = rules.with_gravity(parse_gravity(value).ok_or_else(bad)?)?,
            "soft-drop" => {
                let sd = if let Some(k) = value.strip_prefix('x') {
                    SoftDrop::factor(byte(k)?)?
                } else if let Some(raw) = value.strip_prefix("fixed:") {
                    SoftDrop::Fixed(Speed::from_raw(number(raw)?)?)
                } else {
                    return Err(bad());
                };
                rules = rules.with_soft_drop(sd)?;
            }
            "lock" => {
                rules.lock = if value == "gravity" {
                    Lock::Gravity
                } else {
                    let (t, r) = value.split_once('/').ok_or_else(bad)?;
                    Lock::Delay {
                        ticks: word(t)?,
                        resets: word(r)?,
                    }
                }
            }
            "das" => self.das = byte(value)?,
            "arr" => self.arr = byte(value)?,
            "scoring" => {
                rules.scoring = match value {
                    "guideline" => Scoring::Guideline,
                    "nes" | "classic" => Scoring::Nes,
                    _ => return Err(bad()),
                }
            }
            "level" => self.level = level(value)?,
            "level-cap" => {
                self.cap = if value == "none" {
                    None
                } else {
                    Some(level(value)?)
                }
            }
            "score-cap" => {
                rules.score_cap = if value == "none" {
                    None
                } else {
                    Some(number(value)?)
                }
            }
            "lines-per-level" => rules = rules.with_lines_per_level(byte(value)?)?,
            "lock-out" => rules.lock_out = flag(value)?,
            _ => return Err(ParseRulesError::Key { key: key.into() }),
        }
        Ok(rules)
    }
}

fn parse_gravity(value: &str) -> Option<Gravity> {
    Some(match value {
        "guideline" => Gravity::Guideline,
        "nes" | "classic" => Gravity::Nes,
        "calculator" => Gravity::Calculator,
        "20g" | "20G" => Gravity::Fixed(Speed::G20),
        _ => {
            if let Some(raw) = value.strip_prefix("fixed:") {
                Gravity::Fixed(Speed::from_raw(raw.parse().ok()?).ok()?)
            } else if let Some(list) = value.strip_prefix("custom:") {
                let table: Option<Vec<Speed>> = list
                    .split(',')
                    .map(|v| Speed::from_raw(v.trim().parse().ok()?).ok())
                    .collect();
                Gravity::custom(table?).ok()?
            } else {
                return None;
            }
        }
    })
}

impl TryFrom<String> for Rules {
    type Error = ParseRulesError;

    fn try_from(s: String) -> Result<Rules, ParseRulesError> {
        s.parse()
    }
}

impl From<Rules> for String {
    fn from(r: Rules) -> String {
        alloc::string::ToString::to_string(&r)
    }
}

// Serialised as the text form, checked on the way back in.
#[cfg(feature = "serde")]
plateau_grid::serde_via_text!(Rules);
