//! The frontier of a position: its constraints (revealed numbers with unknown neighbours),
//! the boxes of unknown cells that touch exactly the same constraints, and the independent
//! components the boxes form; and the [`Spec`] of one component for the counter.

use alloc::vec::Vec;

use super::{EngineError, Known};
use crate::geom::Neighbors;
use crate::solver::dp::Spec;

/// Constraints, boxes and components of one position (buffers kept between calls).
#[derive(Debug, Default, Clone)]
pub(super) struct Frontier {
    /// Per constraint: the revealed cell, and the mines its unknown neighbours hold.
    constraint_cell: Vec<u32>,
    constraint_need: Vec<u8>,
    /// Per cell: the constraints it touches (the first `cell_constraint_count` slots).
    cell_constraints: Vec<[u32; 8]>,
    cell_constraint_count: Vec<u8>,
    /// The unknown cells touching a constraint, row-major.
    pub(super) cells: Vec<u32>,
    /// Per cell: its box, `None` for a cell off the frontier.
    pub(super) cell_box: Vec<Option<u32>>,
    /// Per box: its first cell (the one that stands for its constraints).
    box_first_cell: Vec<u32>,
    /// Per box: the next box whose first constraint is the same (a chain per constraint).
    box_next: Vec<Option<u32>>,
    /// Per constraint: the first box of its chain.
    chain_head: Vec<Option<u32>>,
    /// The cells of box `b`: `box_cells[box_start[b]..box_start[b + 1]]`.
    box_cells: Vec<u32>,
    box_start: Vec<u32>,
    /// Union-find over the constraints, joined by the boxes that share them.
    union_find: Vec<u32>,
    /// Per constraint: its component.
    constraint_component: Vec<u32>,
    /// The boxes of component `c`: `component_boxes[component_start[c]..component_start[c + 1]]`.
    component_boxes: Vec<u32>,
    component_start: Vec<u32>,
    /// Per constraint: its number inside the component being specified.
    constraint_local: Vec<Option<u32>>,
}

impl Frontier {
    /// Builds the constraints, boxes and components of `states`.
    pub(super) fn build(&mut self, states: &[Known], nb: &Neighbors) -> Result<(), EngineError> {
        self.build_constraints(states, nb)?;
        self.build_boxes(states);
        self.build_components();
        Ok(())
    }

    /// Number of components.
    pub(super) fn components(&self) -> usize {
        self.component_start.len().saturating_sub(1)
    }

    /// The boxes of component `c`.
    pub(super) fn boxes_of_component(&self, c: usize) -> &[u32] {
        let range = self.component_start[c] as usize..self.component_start[c + 1] as usize;
        &self.component_boxes[range]
    }

    /// The cells of box `b`.
    pub(super) fn cells_of_box(&self, b: usize) -> &[u32] {
        &self.box_cells[self.box_start[b] as usize..self.box_start[b + 1] as usize]
    }

    /// The constraints of box `b` (those of its first cell).
    fn constraints_of_box(&self, b: usize) -> &[u32] {
        let first = self.box_first_cell[b] as usize;
        &self.cell_constraints[first][..usize::from(self.cell_constraint_count[first])]
    }

    /// Every revealed number with unknown neighbours, and the constraints of each cell.
    fn build_constraints(&mut self, states: &[Known], nb: &Neighbors) -> Result<(), EngineError> {
        let cells = states.len();
        self.constraint_cell.clear();
        self.constraint_need.clear();
        self.cell_constraint_count.clear();
        self.cell_constraint_count.resize(cells, 0);
        if self.cell_constraints.len() < cells {
            self.cell_constraints.resize(cells, [0; 8]);
        }
        for (i, &s) in states.iter().enumerate() {
            let Known::Number(number) = s else {
                continue;
            };
            let mut unknown = 0u8;
            let mut known = 0u8;
            for &j in nb.of(i) {
                match states[j as usize] {
                    Known::Unknown => unknown += 1,
                    Known::Mine => known += 1,
                    _ => {}
                }
            }
            if known > number || number - known > unknown {
                return Err(EngineError::Inconsistent);
            }
            if unknown == 0 {
                continue;
            }
            let k = self.constraint_cell.len() as u32;
            self.constraint_cell.push(i as u32);
            self.constraint_need.push(number - known);
            for &j in nb.of(i) {
                let j = j as usize;
                if states[j] == Known::Unknown {
                    let n = usize::from(self.cell_constraint_count[j]);
                    self.cell_constraints[j][n] = k;
                    self.cell_constraint_count[j] += 1;
                }
            }
        }
        Ok(())
    }

    /// Groups the frontier cells into boxes of cells with the same constraints.
    fn build_boxes(&mut self, states: &[Known]) {
        let cells = states.len();
        self.cells.clear();
        self.cell_box.clear();
        self.cell_box.resize(cells, None);
        self.box_first_cell.clear();
        self.box_next.clear();
        self.chain_head.clear();
        self.chain_head.resize(self.constraint_cell.len(), None);
        let mut box_len: Vec<u32> = Vec::new();
        for (i, &state) in states.iter().enumerate() {
            let n = usize::from(self.cell_constraint_count[i]);
            if state != Known::Unknown || n == 0 {
                continue;
            }
            self.cells.push(i as u32);
            let list = &self.cell_constraints[i][..n];
            let first = list[0] as usize;
            // The box of these constraints, on the chain of the first one.
            let mut found = self.chain_head[first];
            while let Some(b) = found {
                let other = self.box_first_cell[b as usize] as usize;
                let on = usize::from(self.cell_constraint_count[other]);
                if on == n && self.cell_constraints[other][..n] == *list {
                    break;
                }
                found = self.box_next[b as usize];
            }
            let b = found.unwrap_or_else(|| {
                let b = self.box_first_cell.len() as u32;
                self.box_first_cell.push(i as u32);
                box_len.push(0);
                self.box_next.push(self.chain_head[first]);
                self.chain_head[first] = Some(b);
                b
            });
            self.cell_box[i] = Some(b);
            box_len[b as usize] += 1;
        }
        // Cells of each box, contiguous.
        self.box_start.clear();
        let mut acc = 0u32;
        for &len in &box_len {
            self.box_start.push(acc);
            acc += len;
        }
        self.box_start.push(acc);
        self.box_cells.clear();
        self.box_cells.resize(acc as usize, 0);
        box_len.fill(0);
        for &i in &self.cells {
            let b = self.cell_box[i as usize].map_or(0, |b| b as usize);
            self.box_cells[(self.box_start[b] + box_len[b]) as usize] = i;
            box_len[b] += 1;
        }
    }

    /// The root of constraint `k` in the union-find (halving the path on the way).
    fn find(&mut self, mut k: u32) -> u32 {
        while self.union_find[k as usize] != k {
            let parent = self.union_find[k as usize];
            self.union_find[k as usize] = self.union_find[parent as usize];
            k = parent;
        }
        k
    }

    /// Splits the boxes into independent components (joined by shared constraints).
    fn build_components(&mut self) {
        let constraints = self.constraint_cell.len();
        self.union_find.clear();
        self.union_find.extend(0..constraints as u32);
        let boxes = self.box_first_cell.len();
        for b in 0..boxes {
            let key = self.box_first_cell[b] as usize;
            let n = usize::from(self.cell_constraint_count[key]);
            let first = self.cell_constraints[key][0];
            for j in 1..n {
                let a = self.find(first);
                let c = self.find(self.cell_constraints[key][j]);
                if a != c {
                    self.union_find[a as usize] = c;
                }
            }
        }
        // Number the components in order of their first constraint.
        let mut numbered: Vec<Option<u32>> = alloc::vec![None; constraints];
        self.constraint_component.clear();
        let mut components = 0u32;
        for k in 0..constraints {
            let root = self.find(k as u32) as usize;
            let c = *numbered[root].get_or_insert_with(|| {
                components += 1;
                components - 1
            });
            self.constraint_component.push(c);
        }
        // Boxes of each component, contiguous.
        let component_of_box = |f: &Frontier, b: usize| {
            let key = f.box_first_cell[b] as usize;
            f.constraint_component[f.cell_constraints[key][0] as usize] as usize
        };
        let mut per = alloc::vec![0u32; components as usize];
        for b in 0..boxes {
            per[component_of_box(self, b)] += 1;
        }
        self.component_start.clear();
        let mut acc = 0;
        for p in &mut per {
            self.component_start.push(acc);
            acc += *p;
            *p = 0;
        }
        self.component_start.push(acc);
        self.component_boxes.clear();
        self.component_boxes.resize(acc as usize, 0);
        for b in 0..boxes {
            let c = component_of_box(self, b);
            self.component_boxes[(self.component_start[c] + per[c]) as usize] = b as u32;
            per[c] += 1;
        }
    }

    /// The [`Spec`] of component `c`, in local numbering, into `spec`.
    pub(super) fn spec_of(&mut self, c: usize, spec: &mut Spec) {
        spec.clear();
        self.constraint_local.clear();
        self.constraint_local
            .resize(self.constraint_cell.len(), None);
        let mut members: Vec<Vec<u32>> = Vec::new();
        let range = self.component_start[c] as usize..self.component_start[c + 1] as usize;
        for (local_box, i) in range.enumerate() {
            let b = self.component_boxes[i] as usize;
            spec.box_start.push(spec.box_cons.len() as u32);
            spec.box_size.push(self.cells_of_box(b).len() as u8);
            for j in 0..self.constraints_of_box(b).len() {
                let k = self.constraints_of_box(b)[j] as usize;
                let local = *self.constraint_local[k].get_or_insert_with(|| {
                    spec.cons_target.push(self.constraint_need[k]);
                    members.push(Vec::new());
                    (members.len() - 1) as u32
                });
                spec.box_cons.push(local);
                members[local as usize].push(local_box as u32);
            }
        }
        spec.box_start.push(spec.box_cons.len() as u32);
        for boxes in &members {
            spec.cons_start.push(spec.cons_boxes.len() as u32);
            spec.cons_boxes.extend_from_slice(boxes);
        }
        spec.cons_start.push(spec.cons_boxes.len() as u32);
    }
}
