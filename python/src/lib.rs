//! The `plateau` Python package's native module (`plateau._plateau`): one binding layer
//! over the play contract (`common`), one submodule a game.

pub mod blokus;
pub mod common;
pub mod floodit;
pub mod japjap;
pub mod taquin;
pub mod tetris;

use pyo3::prelude::*;

type Register = fn(&Bound<'_, PyModule>) -> PyResult<()>;

#[pymodule]
fn _plateau(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<common::PyOutcome>()?;
    let games: [(&str, Register); 5] = [
        ("taquin", taquin::register),
        ("floodit", floodit::register),
        ("blokus", blokus::register),
        ("japjap", japjap::register),
        ("tetris", tetris::register),
    ];
    for (name, register) in games {
        let sub = PyModule::new(m.py(), name)?;
        register(&sub)?;
        m.add_submodule(&sub)?;
    }
    Ok(())
}
