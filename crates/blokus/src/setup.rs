//! Reading a position off a board: each colour's pieces, in an order they could have been
//! played.

use alloc::vec::Vec;

use plateau_grid::Pos;

use crate::{Board, Color, Placement, SetupError};

/// The pieces of `color` on `board`, in an order that plays legally from the empty board:
/// breadth-first from the piece on the start square along corner contacts.
///
/// Same-colour pieces never share an edge, so each edge-connected group of a colour's cells
/// is exactly one piece; and since the rules only ask each piece to touch an earlier one at
/// a corner, any order that grows outward from the first piece is legal.
pub(crate) fn ordered_pieces(board: &Board, color: Color) -> Result<Vec<Placement>, SetupError> {
    let side = board.variant().side();
    let mut seen = alloc::vec![false; side * side];
    let mut pieces: Vec<Placement> = Vec::new();
    for y in 0..side {
        for x in 0..side {
            let start = Pos::new(x, y);
            if seen[y * side + x] || board.get(start) != Some(color) {
                continue;
            }
            let mut group = alloc::vec![start];
            seen[y * side + x] = true;
            let mut i = 0;
            while i < group.len() {
                let p = group[i];
                i += 1;
                let around = [
                    p.offset(-1, 0),
                    p.offset(1, 0),
                    p.offset(0, -1),
                    p.offset(0, 1),
                ];
                for q in around.into_iter().flatten() {
                    if q.x < side
                        && q.y < side
                        && !seen[q.y * side + q.x]
                        && board.get(q) == Some(color)
                    {
                        seen[q.y * side + q.x] = true;
                        group.push(q);
                    }
                }
                if group.len() > 5 {
                    return Err(SetupError::NotAPiece { color, pos: start });
                }
            }
            let pl =
                Placement::from_cells(&group).ok_or(SetupError::NotAPiece { color, pos: start })?;
            if let Some(twice) = pieces.iter().find(|q| q.piece() == pl.piece()) {
                return Err(SetupError::PieceTwice {
                    color,
                    piece: twice.piece(),
                });
            }
            pieces.push(pl);
        }
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
