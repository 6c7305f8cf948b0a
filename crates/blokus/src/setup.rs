//! Reading a position off a board: each colour's pieces, in an order they could have been
//! played.

use alloc::vec::Vec;

use plateau_grid::{Connectivity, Grid, Pos, Regions};

use crate::{Board, Color, Placement, SetupError};

/// Each colour's pieces on `board` (index by colour), each list in an order that plays
/// legally from the empty board (see [`ordered_pieces`]); the errors of the first colour
/// that has one.
pub(crate) fn pieces(board: &Board) -> Result<Vec<Vec<Placement>>, SetupError> {
    // A board always has its variant's cells, so the grid always builds; were it not so,
    // the empty labelling below would report no pieces rather than panic.
    let regions = Grid::from_vec(board.size(), board.cells().to_vec())
        .map(|grid| Regions::of_equal(&grid, Connectivity::Four))
        .ok();
    (0..board.variant().colors())
        .map(|c| match &regions {
            Some(r) => ordered_pieces(board, r, Color(c as u8)),
            None => Ok(Vec::new()),
        })
        .collect()
}

/// The pieces of `color` on `board`, in an order that plays legally from the empty board:
/// breadth-first from the piece on the start square along corner contacts.
///
/// Same-colour pieces never share an edge, so each edge-connected region of a colour's
/// cells (`regions`, the board's labelling) is exactly one piece; and since the rules only
/// ask each piece to touch an earlier one at a corner, any order that grows outward from
/// the first piece is legal.
fn ordered_pieces(
    board: &Board,
    regions: &Regions,
    color: Color,
) -> Result<Vec<Placement>, SetupError> {
    let mut pieces: Vec<Placement> = Vec::new();
    // Regions are numbered in row-major order of their first cell.
    for id in 0..regions.count() as u32 {
        let Some(start) = regions.representative(id) else {
            continue;
        };
        if board.get(start) != Some(color) {
            continue;
        }
        let cells: Vec<Pos> = regions.cells(id).collect();
        let pl =
            Placement::from_cells(&cells).ok_or(SetupError::NotAPiece { color, pos: start })?;
        if let Some(twice) = pieces.iter().find(|q| q.piece() == pl.piece()) {
            return Err(SetupError::PieceTwice {
                color,
                piece: twice.piece(),
            });
        }
        pieces.push(pl);
    }
    if pieces.is_empty() {
        return Ok(pieces);
    }
    let Some(start) = board.variant().start(color) else {
        return Err(SetupError::NoSuchColor {
            color,
            variant: board.variant(),
        });
    };
    let Some(first) = pieces.iter().position(|p| p.cells().any(|c| c == start)) else {
        return Err(SetupError::StartNotCovered { color, start });
    };
    let mut order = alloc::vec![pieces.swap_remove(first)];
    let mut i = 0;
    while i < order.len() {
        let a = order[i];
        i += 1;
        let mut k = 0;
        while k < pieces.len() {
            if corner_contact(a, pieces[k]) {
                order.push(pieces.swap_remove(k));
            } else {
                k += 1;
            }
        }
    }
    if let Some(rest) = pieces.first() {
        return Err(SetupError::Unreachable {
            color,
            pos: rest.origin_cell(),
        });
    }
    Ok(order)
}

/// Whether two pieces (of one colour, sharing no edge) touch at a corner.
fn corner_contact(a: Placement, b: Placement) -> bool {
    a.cells().any(|p| {
        b.cells()
            .any(|q| p.x.abs_diff(q.x) == 1 && p.y.abs_diff(q.y) == 1)
    })
}

impl Placement {
    /// The first covered cell, row-major.
    fn origin_cell(self) -> Pos {
        self.cells().next().unwrap_or(self.origin())
    }
}
