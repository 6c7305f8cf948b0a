//! Polyomino shapes (filled in below).
