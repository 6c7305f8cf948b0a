//! Connected-region labelling with sizes and a region adjacency graph.

use alloc::vec::Vec;

use crate::{Connectivity, Grid, Pos, Size};

/// Index of a region in a [`Regions`] labelling: `0..count()`.
pub type RegionId = u32;

/// Every cell of a grid labelled with the connected region it belongs to, with each region's
/// size, first cell and neighbouring regions.
///
/// Regions are numbered in row-major order of their first cell, so the labelling of a given
/// grid is always the same.
///
/// ```
/// use plateau_grid::{Connectivity, Grid, Pos, Regions};
///
/// let g: Grid<u8> = "\
/// 1122
/// 1322
/// 4444".parse()?;
/// let r = Regions::of_equal(&g, Connectivity::Four);
/// assert_eq!(r.count(), 4); // the 1s, the 2s, the lone 3, the 4s
/// assert_eq!(r.label(Pos::new(1, 1)), Some(2));
/// assert_eq!(r.size(3), 4);
/// assert_eq!(r.neighbors(2), &[0, 1, 3]);
/// # Ok::<(), plateau_grid::ParseGridError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Regions {
    labels: Grid<RegionId>,
    sizes: Vec<u32>,
    firsts: Vec<Pos>,
    // Compressed adjacency: region r's neighbours are adj[adj_start[r]..adj_start[r + 1]].
    adj_start: Vec<u32>,
    adj: Vec<RegionId>,
    // Cells grouped by region, row-major within each: region r's cells are the row-major
    // indices members[member_start[r]..member_start[r + 1]].
    member_start: Vec<usize>,
    members: Vec<usize>,
}

impl Regions {
    /// Labels the maximal groups of equal, connected cells.
    #[must_use]
    pub fn of_equal<T: PartialEq>(grid: &Grid<T>, conn: Connectivity) -> Self {
        Self::by(grid, conn, |a, b| a == b)
    }

    /// Labels regions where two neighbouring cells belong together when `same(a, b)`.
    ///
    /// `same` should be symmetric; a region is then a connected component of the graph whose
    /// edges are the neighbouring pairs it accepts.
    #[must_use]
    pub fn by<T>(grid: &Grid<T>, conn: Connectivity, mut same: impl FnMut(&T, &T) -> bool) -> Self {
        const UNSET: RegionId = RegionId::MAX;
        let Size {
            width: w,
            height: h,
        } = grid.size();
        let cells = grid.as_slice();
        let mut labels = alloc::vec![UNSET; cells.len()];
        let mut sizes = Vec::new();
        let mut firsts = Vec::new();
        let mut stack = Vec::new();
        for start in 0..cells.len() {
            if labels[start] != UNSET {
                continue;
            }
            let id = sizes.len() as RegionId;
            labels[start] = id;
            firsts.push(Pos::new(start % w, start / w));
            let mut size = 0u32;
            stack.push(start);
            while let Some(i) = stack.pop() {
                size += 1;
                let p = Pos::new(i % w, i / w);
                for &d in conn.dirs() {
                    let Some(q) = grid.neighbor(p, d) else {
                        continue;
                    };
                    let j = q.y * w + q.x;
                    if labels[j] == UNSET && same(&cells[i], &cells[j]) {
                        labels[j] = id;
                        stack.push(j);
                    }
                }
            }
            sizes.push(size);
        }

        // Each adjacent pair of differing labels seen once per cell boundary: look only
        // forward (right, down, and the two lower diagonals) and record both directions.
        let forward: &[(isize, isize)] = match conn {
            Connectivity::Four => &[(1, 0), (0, 1)],
            Connectivity::Eight => &[(1, 0), (0, 1), (1, 1), (-1, 1)],
        };
        let mut edges: Vec<(RegionId, RegionId)> = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let a = labels[y * w + x];
                for &(dx, dy) in forward {
                    let Some(q) = Pos::new(x, y).offset(dx, dy) else {
                        continue;
                    };
                    if q.x >= w || q.y >= h {
                        continue;
                    }
                    let b = labels[q.y * w + q.x];
                    if a != b {
                        edges.push((a, b));
                        edges.push((b, a));
                    }
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        let mut adj_start = alloc::vec![0u32; sizes.len() + 1];
        for &(a, _) in &edges {
            adj_start[a as usize + 1] += 1;
        }
        for r in 0..sizes.len() {
            adj_start[r + 1] += adj_start[r];
        }
        let adj = edges.into_iter().map(|(_, b)| b).collect();

        // A counting sort of the cells by label keeps each region's cells row-major.
        let mut member_start = Vec::with_capacity(sizes.len() + 1);
        member_start.push(0);
        for &size in &sizes {
            member_start.push(member_start[member_start.len() - 1] + size as usize);
        }
        let mut next = member_start.clone();
        let mut members = alloc::vec![0; cells.len()];
        for (i, &l) in labels.iter().enumerate() {
            members[next[l as usize]] = i;
            next[l as usize] += 1;
        }

        // `labels` has one entry per cell of `grid`, so it has the grid's size.
        let Ok(labels) = Grid::from_vec(grid.size(), labels) else {
            unreachable!("one label per cell")
        };
        Regions {
            labels,
            sizes,
            firsts,
            adj_start,
            adj,
            member_start,
            members,
        }
    }

    /// Number of regions.
    #[must_use]
    pub fn count(&self) -> usize {
        self.sizes.len()
    }

    /// The region of the cell at `pos`, or `None` off the board.
    #[must_use]
    pub fn label(&self, pos: Pos) -> Option<RegionId> {
        self.labels.get(pos).copied()
    }

    /// The label of every cell.
    #[must_use]
    pub fn labels(&self) -> &Grid<RegionId> {
        &self.labels
    }

    /// Number of cells in region `id` (0 for an unknown id).
    #[must_use]
    pub fn size(&self, id: RegionId) -> usize {
        self.sizes.get(id as usize).map_or(0, |&s| s as usize)
    }

    /// The size of every region, indexed by id.
    #[must_use]
    pub fn sizes(&self) -> &[u32] {
        &self.sizes
    }

    /// The first cell (row-major) of region `id`, or `None` for an unknown id.
    #[must_use]
    pub fn representative(&self, id: RegionId) -> Option<Pos> {
        self.firsts.get(id as usize).copied()
    }

    /// The regions adjacent to `id` (under the labelling's connectivity), sorted; empty for an
    /// unknown id.
    #[must_use]
    pub fn neighbors(&self, id: RegionId) -> &[RegionId] {
        let i = id as usize;
        if i >= self.count() {
            return &[];
        }
        &self.adj[self.adj_start[i] as usize..self.adj_start[i + 1] as usize]
    }

    /// The cells of region `id`, row-major (none for an unknown id). Costs the region's
    /// size, not the grid's.
    pub fn cells(&self, id: RegionId) -> impl ExactSizeIterator<Item = Pos> + '_ {
        let i = id as usize;
        let range = match (self.member_start.get(i), self.member_start.get(i + 1)) {
            (Some(&a), Some(&b)) => a..b,
            _ => 0..0,
        };
        let size = self.labels.size();
        self.members[range]
            .iter()
            .map(move |&c| Pos::new(c % size.width, c / size.width))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_connectivity_merges_diagonals() {
        let g: Grid<u8> = "10\n01".parse().unwrap();
        let four = Regions::of_equal(&g, Connectivity::Four);
        assert_eq!(four.count(), 4);
        assert_eq!(four.neighbors(0), &[1, 2]);
        let eight = Regions::of_equal(&g, Connectivity::Eight);
        assert_eq!(eight.count(), 2);
        assert_eq!(eight.sizes(), &[2, 2]);
        assert_eq!(eight.neighbors(0), &[1]);
        assert_eq!(
            eight.cells(1).collect::<Vec<_>>(),
            [Pos::new(1, 0), Pos::new(0, 1)]
        );
        assert_eq!(eight.neighbors(7), &[] as &[RegionId]);
        assert_eq!(eight.cells(7).count(), 0);
    }

    #[test]
    fn custom_relation() {
        // Cells join when both are non-zero: "islands" of any value.
        let g: Grid<u8> = "120\n003\n045".parse().unwrap();
        let r = Regions::by(&g, Connectivity::Four, |a, b| (*a != 0) == (*b != 0));
        assert_eq!(r.count(), 4);
        assert_eq!(r.size(r.label(Pos::new(2, 1)).unwrap()), 3);
    }
}
