//! Host package for the Plateau examples and benches; the libraries live in `crates/`.
