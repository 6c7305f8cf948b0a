//! Thinking off the input thread: a bot's search (or any slow computation) runs on a
//! worker thread while the front end keeps reading keys and redrawing, so quitting and
//! resizing answer at once however long the bot thinks.
//!
//! ```
//! use std::time::Duration;
//! use plateau::think::Thinking;
//!
//! let thought = Thinking::start(|| (1..=10u64).product::<u64>());
//! // A front end polls between input events; here we only wait.
//! let answer = loop {
//!     if let Some(v) = thought.wait(Duration::from_millis(10))? {
//!         break v;
//!     }
//! };
//! assert_eq!(answer, 3_628_800);
//! # Ok::<(), plateau::think::Failed>(())
//! ```
//!
//! A bot goes into the closure and comes back with its choice, so it keeps what it learnt
//! (a tree search reuses its tree):
//! `Thinking::start(move || { let m = bot.choose(&game); (bot, m) })`. Dropping a
//! [`Thinking`] leaves the worker to finish alone; its result is thrown away (a program
//! that quits ends it with the process).

use std::sync::mpsc::{self, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

/// A computation running on its own thread.
#[derive(Debug)]
pub struct Thinking<T> {
    rx: mpsc::Receiver<T>,
    started: Instant,
}

/// The worker thread died without an answer (the computation panicked: a bug).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Failed;

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the thinking thread stopped without an answer")
    }
}

impl std::error::Error for Failed {}

impl<T: Send + 'static> Thinking<T> {
    /// Starts `work` on a new thread.
    pub fn start(work: impl FnOnce() -> T + Send + 'static) -> Thinking<T> {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            // The receiver may be gone (the player quit): nothing to tell then.
            let _ = tx.send(work());
        });
        Thinking {
            rx,
            started: Instant::now(),
        }
    }
}

impl<T> Thinking<T> {
    /// The answer if it is ready, without waiting.
    ///
    /// # Errors
    /// [`Failed`] when the worker died without one (ask no more once it has answered).
    pub fn poll(&self) -> Result<Option<T>, Failed> {
        match self.rx.try_recv() {
            Ok(v) => Ok(Some(v)),
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err(Failed),
        }
    }

    /// The answer, waiting for it at most `timeout`.
    ///
    /// # Errors
    /// [`Failed`] when the worker died without one (ask no more once it has answered).
    pub fn wait(&self, timeout: Duration) -> Result<Option<T>, Failed> {
        match self.rx.recv_timeout(timeout) {
            Ok(v) => Ok(Some(v)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(Failed),
        }
    }

    /// How long the computation has been running.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_comes_once_and_the_input_thread_is_never_blocked() {
        let (go_tx, go_rx) = mpsc::channel::<()>();
        let t = Thinking::start(move || {
            // Holds until the test lets it go: polling meanwhile must not wait.
            let _ = go_rx.recv();
            42
        });
        let before = Instant::now();
        assert_eq!(t.poll(), Ok(None));
        assert_eq!(t.wait(Duration::from_millis(5)), Ok(None));
        assert!(before.elapsed() < Duration::from_secs(5));
        go_tx.send(()).unwrap();
        assert_eq!(t.wait(Duration::from_secs(60)), Ok(Some(42)));
    }

    #[test]
    fn a_panicking_worker_is_a_failure_not_a_hang() {
        // Silence the expected panic's message.
        let t = Thinking::start(|| -> u8 { std::panic::resume_unwind(Box::new("bug")) });
        assert_eq!(t.wait(Duration::from_secs(60)), Err(Failed));
    }
}
