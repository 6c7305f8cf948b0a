//! Falling speeds in integer fixed point: [`Speed`], the per-level [`Gravity`] curves, and
//! [`SoftDrop`].
//!
//! Time is counted in ticks, 60 per second. A speed is a number of rows per tick with 32
//! fractional bits: each tick the game adds the speed to an accumulator and moves the piece
//! down by the accumulator's integer part. Nothing in a game's state is a float; the curves
//! defined by real formulas are precomputed tables (the tests recompute them).

use alloc::vec::Vec;
use core::fmt;

use crate::error::ConfigError;

/// The fixed-point unit: one row per tick is `1 << 32`.
const ONE: u64 = 1 << 32;

/// A falling speed: rows per tick, in fixed point with 32 fractional bits, at most 20 rows per
/// tick ("20G", the Guideline's maximum: a piece reaches the floor in the tick it appears).
///
/// ```
/// use plateau_tetris::Speed;
///
/// assert_eq!(Speed::ticks_per_row(60)?.raw(), 71_582_789); // one row per second
/// assert_eq!(Speed::G20.raw(), 20 << 32);
/// assert!(Speed::from_raw(21 << 32).is_err());
/// # Ok::<(), plateau_tetris::ConfigError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Speed(u64);

impl Speed {
    /// No gravity at all (pieces fall only when dropped).
    pub const ZERO: Speed = Speed(0);
    /// One row per tick.
    pub const G1: Speed = Speed(ONE);
    /// Twenty rows per tick: the fastest speed.
    pub const G20: Speed = Speed(20 * ONE);
    /// Half a row per tick (the NES soft drop).
    pub const HALF_G: Speed = Speed(ONE / 2);

    /// A speed of `raw / 2^32` rows per tick.
    ///
    /// # Errors
    /// [`ConfigError::Speed`] above 20 rows per tick.
    pub const fn from_raw(raw: u64) -> Result<Speed, ConfigError> {
        if raw > 20 * ONE {
            Err(ConfigError::Speed { raw })
        } else {
            Ok(Speed(raw))
        }
    }

    /// One row every `ticks` ticks, rounded up so a row never falls later than that.
    ///
    /// # Errors
    /// [`ConfigError::Speed`] for 0 ticks.
    pub const fn ticks_per_row(ticks: u32) -> Result<Speed, ConfigError> {
        if ticks == 0 {
            return Err(ConfigError::Speed { raw: u64::MAX });
        }
        Ok(Speed(ONE.div_ceil(ticks as u64)))
    }

    /// The fixed-point value: rows per tick times 2^32.
    #[must_use]
    pub const fn raw(self) -> u64 {
        self.0
    }

    /// This speed times `factor`, at most 20G.
    #[must_use]
    pub const fn times(self, factor: u64) -> Speed {
        let v = self.0.saturating_mul(factor);
        Speed(if v > 20 * ONE { 20 * ONE } else { v })
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Speed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Speed, D::Error> {
        Speed::from_raw(u64::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

// The Guideline curve, seconds per row = (0.8 - (L - 1) * 0.007)^(L - 1), as rows per tick
// `ceil(2^32 / (60 * seconds))` for levels 1 to 18; from level 19 the formula passes 20G.
// (Recomputed by the tests.)
const GUIDELINE: [u64; 18] = [
    71_582_789,
    90_268_334,
    115_868_003,
    151_424_532,
    201_529_863,
    273_213_048,
    377_392_598,
    531_286_832,
    762_474_154,
    1_115_838_188,
    1_665_635_658,
    2_536_806_494,
    3_943_232_124,
    6_257_596_469,
    10_141_192_839,
    16_789_452_805,
    28_404_921_873,
    49_125_581_974,
];

/// NES Tetris (NTSC): frames per row for levels 0 to 28; level 29 and above fall a row every
/// frame.
const NES_FRAMES: [u8; 29] = [
    48, 43, 38, 33, 28, 23, 18, 13, 8, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
];

// The calculator curve: ticks per row T(L) = 60 - (60 - 1/20) * ln(L) / ln(99), so level 1
// falls one row per second (60 ticks) and level 99 twenty rows per tick; the speed 1/T grows
// with ln(level), slowly at first and steeply near the top. As `ceil(2^32 / T)` for levels 1
// to 98 (recomputed by the tests); level 99 is 20G.
const CALCULATOR: [u64; 98] = [
    71_582_789,
    84_286_292,
    94_049_672,
    102_471_485,
    110_120_169,
    117_272_254,
    124_086_166,
    130_662_601,
    137_070_421,
    143_359_402,
    149_567_151,
    155_723_141,
    161_851_206,
    167_971_159,
    174_099_880,
    180_252_077,
    186_440_825,
    192_677_969,
    198_974_420,
    205_340_392,
    211_785_579,
    218_319_304,
    224_950_637,
    231_688_495,
    238_541_728,
    245_519_195,
    252_629_828,
    259_882_693,
    267_287_052,
    274_852_411,
    282_588_576,
    290_505_704,
    298_614_357,
    306_925_556,
    315_450_833,
    324_202_295,
    333_192_681,
    342_435_429,
    351_944_746,
    361_735_687,
    371_824_233,
    382_227_384,
    392_963_256,
    404_051_191,
    415_511_876,
    427_367_475,
    439_641_773,
    452_360_346,
    465_550_738,
    479_242_664,
    493_468_243,
    508_262_256,
    523_662_428,
    539_709_767,
    556_448_931,
    573_928_651,
    592_202_217,
    611_328_031,
    631_370_241,
    652_399_475,
    674_493_685,
    697_739_132,
    722_231_527,
    748_077_369,
    775_395_518,
    804_319_046,
    834_997_432,
    867_599_184,
    902_314_963,
    939_361_364,
    978_985_480,
    1_021_470_477,
    1_067_142_428,
    1_116_378_773,
    1_169_618_848,
    1_227_377_130,
    1_290_260_020,
    1_358_987_348,
    1_434_420_196,
    1_517_597_345,
    1_609_783_616,
    1_712_534_900,
    1_827_787_006,
    1_957_979_171,
    2_106_229_109,
    2_276_586_545,
    2_474_409_632,
    2_706_939_828,
    2_984_209_060,
    3_320_527_165,
    3_737_034_298,
    4_266_328_432,
    4_961_444_641,
    5_914_848_191,
    7_303_444_723,
    9_513_486_825,
    13_580_352_391,
    23_540_206_705,
];

/// How fast pieces fall at each level.
///
/// ```
/// use plateau_tetris::{Gravity, Speed};
///
/// // Level 1 of the Guideline and of the calculator: one row per second.
/// assert_eq!(Gravity::Guideline.speed(1), Speed::ticks_per_row(60)?);
/// assert_eq!(Gravity::Calculator.speed(1), Speed::ticks_per_row(60)?);
/// assert_eq!(Gravity::Calculator.speed(99), Speed::G20);
/// assert_eq!(Gravity::Guideline.speed(19), Speed::G20);
/// // NES level 0: a row every 48 frames; level 29 and up: every frame.
/// assert_eq!(Gravity::Nes.speed(0), Speed::ticks_per_row(48)?);
/// assert_eq!(Gravity::Nes.speed(29), Speed::G1);
/// # Ok::<(), plateau_tetris::ConfigError>(())
/// ```
///
/// With `serde`, a gravity deserialises through the same check as [`Gravity::custom`] (an
/// empty table is refused).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "GravityForm"))]
pub enum Gravity {
    /// The Guideline curve: seconds per row `(0.8 - (L - 1) * 0.007)^(L - 1)`, 20G from level
    /// 19 (level 0 falls as level 1).
    Guideline,
    /// The NES frames-per-row table (level 0: 48 frames ... level 29 and up: 1).
    Nes,
    /// The calculator's logarithmic curve: `60 - (60 - 1/20) * ln(L) / ln(99)` ticks per row,
    /// one row per second at level 1, 20G at level 99 and above (level 0 falls as level 1).
    Calculator,
    /// The same speed at every level ([`Speed::ZERO`] for none, [`Speed::G20`] for 20G).
    Fixed(Speed),
    /// One speed per level from level 0; levels past the end use the last entry. Build it
    /// with [`Gravity::custom`], which refuses an empty table.
    Custom(Vec<Speed>),
}

impl Gravity {
    /// A custom table, one speed per level from level 0.
    ///
    /// # Errors
    /// [`ConfigError::EmptyGravity`] for an empty table.
    pub fn custom(table: Vec<Speed>) -> Result<Gravity, ConfigError> {
        if table.is_empty() {
            Err(ConfigError::EmptyGravity)
        } else {
            Ok(Gravity::Custom(table))
        }
    }

    /// The speed at `level`.
    #[must_use]
    pub fn speed(&self, level: u32) -> Speed {
        let l = level as usize;
        match self {
            Gravity::Guideline => {
                let i = l.max(1) - 1;
                GUIDELINE.get(i).map_or(Speed::G20, |&v| Speed(v))
            }
            Gravity::Nes => NES_FRAMES
                .get(l)
                .map_or(Speed::G1, |&f| Speed(ONE.div_ceil(u64::from(f)))),
            Gravity::Calculator => {
                let i = l.max(1) - 1;
                CALCULATOR.get(i).map_or(Speed::G20, |&v| Speed(v))
            }
            Gravity::Fixed(s) => *s,
            // An empty custom table cannot be built through `custom` or the text form; treat
            // one as no gravity rather than panic.
            Gravity::Custom(t) => t.get(l).or(t.last()).copied().unwrap_or(Speed::ZERO),
        }
    }

    pub(crate) fn is_valid(&self) -> bool {
        !matches!(self, Gravity::Custom(t) if t.is_empty() || t.iter().any(|s| s.0 > 20 * ONE))
    }
}

/// `guideline`, `nes`, `calculator`, `fixed:<raw>` or `custom:<raw>,<raw>,...` (raw
/// fixed-point speeds).
impl fmt::Display for Gravity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gravity::Guideline => f.write_str("guideline"),
            Gravity::Nes => f.write_str("nes"),
            Gravity::Calculator => f.write_str("calculator"),
            Gravity::Fixed(s) => write!(f, "fixed:{}", s.0),
            Gravity::Custom(t) => {
                f.write_str("custom:")?;
                for (i, s) in t.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}", s.0)?;
                }
                Ok(())
            }
        }
    }
}

/// How fast soft drop moves a piece.
///
/// With `serde`, a soft drop deserialises through the same check as [`SoftDrop::factor`]
/// (a factor of 0 is refused).
///
/// ```
/// use plateau_tetris::SoftDrop;
///
/// assert_eq!(SoftDrop::factor(20), Ok(SoftDrop::Factor(20)));
/// assert!(SoftDrop::factor(0).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "SoftDropForm"))]
pub enum SoftDrop {
    /// This many times the level's gravity, at most 20G (the Guideline: 20). Build it with
    /// [`SoftDrop::factor`], which refuses 0.
    Factor(u8),
    /// A fixed speed whatever the level (the NES: half a row per frame).
    Fixed(Speed),
}

impl SoftDrop {
    /// Soft drop at `factor` times the level's gravity.
    ///
    /// # Errors
    /// [`ConfigError::SoftDrop`] for a factor of 0 (soft drop would not drop).
    pub const fn factor(factor: u8) -> Result<SoftDrop, ConfigError> {
        if factor == 0 {
            Err(ConfigError::SoftDrop { factor })
        } else {
            Ok(SoftDrop::Factor(factor))
        }
    }

    /// Whether the rules may use it (a factor of 0 cannot be built through
    /// [`SoftDrop::factor`], but the variant is public).
    pub(crate) fn checked(self) -> Result<SoftDrop, ConfigError> {
        match self {
            SoftDrop::Factor(k) => SoftDrop::factor(k),
            SoftDrop::Fixed(_) => Ok(self),
        }
    }

    /// The speed of a held soft drop when gravity is `gravity` (never slower than gravity).
    #[must_use]
    pub fn speed(self, gravity: Speed) -> Speed {
        let s = match self {
            SoftDrop::Factor(k) => gravity.times(u64::from(k)),
            SoftDrop::Fixed(s) => s,
        };
        s.max(gravity)
    }
}

/// `x<factor>` or `fixed:<raw>`.
impl fmt::Display for SoftDrop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SoftDrop::Factor(k) => write!(f, "x{k}"),
            SoftDrop::Fixed(s) => write!(f, "fixed:{}", s.0),
        }
    }
}

/// The serde form of [`Gravity`], unchecked; it becomes one through [`Gravity::custom`].
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Gravity")]
enum GravityForm {
    Guideline,
    Nes,
    Calculator,
    Fixed(Speed),
    Custom(Vec<Speed>),
}

#[cfg(feature = "serde")]
impl TryFrom<GravityForm> for Gravity {
    type Error = ConfigError;

    fn try_from(form: GravityForm) -> Result<Gravity, ConfigError> {
        Ok(match form {
            GravityForm::Guideline => Gravity::Guideline,
            GravityForm::Nes => Gravity::Nes,
            GravityForm::Calculator => Gravity::Calculator,
            // Speeds are checked by their own `Deserialize`.
            GravityForm::Fixed(s) => Gravity::Fixed(s),
            GravityForm::Custom(table) => Gravity::custom(table)?,
        })
    }
}

/// The serde form of [`SoftDrop`], unchecked; it becomes one through [`SoftDrop::factor`].
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "SoftDrop")]
enum SoftDropForm {
    Factor(u8),
    Fixed(Speed),
}

#[cfg(feature = "serde")]
impl TryFrom<SoftDropForm> for SoftDrop {
    type Error = ConfigError;

    fn try_from(form: SoftDropForm) -> Result<SoftDrop, ConfigError> {
        match form {
            SoftDropForm::Factor(k) => SoftDrop::factor(k),
            SoftDropForm::Fixed(s) => Ok(SoftDrop::Fixed(s)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(ticks_per_row: f64) -> u64 {
        ((4_294_967_296.0f64 / ticks_per_row).ceil() as u64).min(20 * ONE)
    }

    #[test]
    fn guideline_table_is_the_formula() {
        for level in 1..=40u32 {
            let spr = (0.8 - f64::from(level - 1) * 0.007).powi((level - 1) as i32);
            assert_eq!(
                Gravity::Guideline.speed(level).raw(),
                raw(60.0 * spr),
                "level {level}"
            );
        }
        assert_eq!(Gravity::Guideline.speed(0), Gravity::Guideline.speed(1));
    }

    #[test]
    fn calculator_table_is_the_formula() {
        for level in 1..=120u32 {
            let l = f64::from(level.min(99));
            let ticks = 60.0 - (60.0 - 0.05) * l.ln() / 99f64.ln();
            assert_eq!(
                Gravity::Calculator.speed(level).raw(),
                raw(ticks),
                "level {level}"
            );
        }
        // Level 1 falls one row in exactly 60 ticks, level 99 twenty rows per tick.
        let one = Gravity::Calculator.speed(1).raw();
        assert!(59 * one < ONE && 60 * one >= ONE);
        assert_eq!(Gravity::Calculator.speed(99), Speed::G20);
        // Monotone: every level at least as fast as the one before.
        for level in 1..=99 {
            assert!(
                Gravity::Calculator.speed(level) < Gravity::Calculator.speed(level + 1)
                    || level >= 99
            );
        }
    }

    #[test]
    fn nes_frames_fall_exactly() {
        for (level, &frames) in NES_FRAMES.iter().enumerate() {
            let s = Gravity::Nes.speed(level as u32).raw();
            // After `frames` frames one row has fallen, and not one frame earlier.
            assert!(s * u64::from(frames) >= ONE);
            assert!(s * (u64::from(frames) - 1) < ONE);
        }
    }

    #[test]
    fn soft_drop_is_capped_and_never_slower() {
        assert_eq!(SoftDrop::Factor(20).speed(Speed::G1), Speed::G20);
        assert_eq!(SoftDrop::Fixed(Speed::HALF_G).speed(Speed::G1), Speed::G1);
        let g = Gravity::Guideline.speed(1);
        assert_eq!(SoftDrop::Factor(20).speed(g).raw(), 20 * g.raw());
    }
}
