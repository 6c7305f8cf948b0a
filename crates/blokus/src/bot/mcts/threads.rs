//! The threaded search (with `std` only): the workers share the tree behind a `Mutex`.
//!
//! The crate's rule is that library code needs no atomics, so that it builds for
//! `thumbv6m-none-eabi`; that target has no `std`, so this module is not built there and
//! the search runs on one thread ([`super::worker::Worker::run_alone`]).

use std::sync::{Mutex, PoisonError};

use super::Node;
use super::worker::{Lock, Setup, Shared, Worker};

impl Lock for Mutex<Shared> {
    fn with<R>(&self, f: impl FnOnce(&mut Shared) -> R) -> R {
        // A worker that panicked left the tree consistent enough to read a move from.
        f(&mut self.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// The search of `setup` from `root` on this thread (`main`) and one more for each of
/// `helpers`, growing one tree.
pub(super) fn run_together(
    main: &mut Worker,
    helpers: &mut [Worker],
    setup: &Setup<'_>,
    root: Node,
) -> Shared {
    let lock = Mutex::new(Shared::new(root));
    std::thread::scope(|s| {
        for h in helpers.iter_mut() {
            // A thread the system cannot start leaves the work to the others.
            let _ = std::thread::Builder::new().spawn_scoped(s, || h.run(setup, &lock));
        }
        main.run(setup, &lock);
    });
    lock.into_inner().unwrap_or_else(PoisonError::into_inner)
}
