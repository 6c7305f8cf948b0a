//! The `plateau` Python package's native module (`plateau._plateau`): one binding layer
//! over the play contract (`common`), one submodule a game.

pub mod blokus;
pub mod common;
pub mod floodit;
pub mod japjap;
pub mod minesweeper;
pub mod taquin;
pub mod tetris;
pub mod vector;

use pyo3::prelude::*;

type Register = fn(&Bound<'_, PyModule>) -> PyResult<()>;

#[pymodule]
fn _plateau(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<common::PyOutcome>()?;
    m.add_function(wrap_pyfunction!(common::standings, m)?)?;
    m.add_function(wrap_pyfunction!(common::printout, m)?)?;
    let games: [(&str, Register); 7] = [
        ("taquin", taquin::register),
        ("floodit", floodit::register),
        ("minesweeper", minesweeper::register),
        ("blokus", blokus::register),
        ("japjap", japjap::register),
        ("tetris", tetris::register),
        ("vector", vector::register),
    ];
    for (name, register) in games {
        let sub = PyModule::new(m.py(), name)?;
        register(&sub)?;
        m.add_submodule(&sub)?;
    }
    Ok(())
}
