//! A game's clock: it starts at the first move and stops when the game ends, and the way
//! every game writes a time (`1:05` live, `1:05.3` as a result).

use std::time::{Duration, Instant};

/// `1:05` (live) or `1:05.3` (a result); hours when it comes to that.
pub fn clock_text(d: Duration, tenths: bool) -> String {
    let total = d.as_secs();
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
    let whole = if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    };
    if tenths {
        format!("{whole}.{}", d.subsec_millis() / 100)
    } else {
        whole
    }
}

/// The game's clock: it starts at the first move played and stops when the game ends.
#[derive(Debug, Clone, Copy, Default)]
pub struct Clock {
    started: Option<Instant>,
    stopped: Option<Duration>,
}

impl Clock {
    /// Starts the clock if it is not running yet.
    pub fn start(&mut self) {
        if self.started.is_none() {
            self.started = Some(Instant::now());
        }
    }

    /// Stops it (the time so far is the result).
    pub fn stop(&mut self) {
        if self.stopped.is_none() {
            self.stopped = Some(self.elapsed());
        }
    }

    /// Lets it run on after a stop (a losing click taken back): the time stopped counts.
    pub fn resume(&mut self) {
        self.stopped = None;
    }

    /// The time on the clock in whole seconds, as it runs (`1:05`).
    pub fn text(&self) -> String {
        clock_text(self.elapsed(), false)
    }

    /// The time on the clock to the tenth, as a result (`1:05.3`).
    pub fn result(&self) -> String {
        clock_text(self.elapsed(), true)
    }

    /// Whether it runs.
    pub fn is_running(&self) -> bool {
        self.started.is_some() && self.stopped.is_none()
    }

    /// The time on the clock.
    pub fn elapsed(&self) -> Duration {
        match (self.stopped, self.started) {
            (Some(d), _) => d,
            (None, Some(t)) => t.elapsed(),
            (None, None) => Duration::ZERO,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Clock, clock_text};
    use std::time::Duration;

    #[test]
    fn times_read_as_a_clock() {
        let ms = Duration::from_millis;
        assert_eq!(clock_text(ms(0), false), "0:00");
        assert_eq!(clock_text(ms(65_349), false), "1:05");
        assert_eq!(clock_text(ms(65_349), true), "1:05.3");
        assert_eq!(clock_text(ms(3_725_999), true), "1:02:05.9");
        assert_eq!(Clock::default().elapsed(), Duration::ZERO);
        assert!(!Clock::default().is_running());
    }
}
