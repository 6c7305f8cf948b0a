//! The plateau-grid part of the tour: a seeded cave, its regions, a flood fill, and the
//! pentominoes with their orientations.

use std::io::{self, Write};

use plateau_grid::{Connectivity, Grid, Regions, Shape, Size, flood_fill, random};

/// Draws a cave from `seed`, labels its caverns, floods the largest, and lists the
/// pentominoes with their orientations.
///
/// # Errors
/// Writing to `out` failed.
// The expects cannot fire: the sizes are constants.
#[allow(clippy::missing_panics_doc)]
pub fn run(seed: u64, out: &mut dyn Write) -> io::Result<()> {
    // A cave: rock with probability 46 %, then one smoothing pass (a cell becomes rock when
    // most of its neighbourhood is rock) so the open space forms caverns.
    let mut rng = random::seeded(seed);
    let noise = Grid::from_fn(Size::new(48, 14), |_| random::chance(&mut rng, 46, 100))
        .expect("valid size");
    let rock = noise.map_pos(|p, &r| {
        let around = noise.neighbors8(p).filter(|&q| noise[q]).count();
        around >= 5 || (r && around >= 4)
    });
    let regions = Regions::by(&rock, Connectivity::Four, |a, b| a == b);
    let caverns: Vec<u32> = (0..regions.count() as u32)
        .filter(|&r| !rock[regions.representative(r).expect("region exists")])
        .collect();
    let biggest = caverns.iter().copied().max_by_key(|&r| regions.size(r));
    let Some(biggest) = biggest else {
        return writeln!(out, "no open cell in this cave");
    };
    let start = regions.representative(biggest).expect("region exists");
    let flooded = flood_fill(&rock, start, Connectivity::Four, |&r| !r);
    let picture = rock.map_pos(|p, &r| {
        if p == start {
            '@'
        } else if flooded.contains(p) {
            '~'
        } else if r {
            '#'
        } else {
            '.'
        }
    });
    writeln!(out, "{picture}")?;
    writeln!(
        out,
        "cave 48x14 (seed {seed}): {} caverns; flooding the largest from @ fills {} cells ({} touching regions)",
        caverns.len(),
        flooded.len(),
        regions.neighbors(biggest).len(),
    )?;

    let pentominoes = Shape::free_polyominoes(5);
    let mut row = [String::new(), String::new(), String::new()];
    let mut counts = Vec::new();
    for shape in &pentominoes {
        counts.push(shape.orientations().len());
        let text = shape.to_string();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in row.iter_mut().enumerate() {
            let piece = lines.get(i).copied().unwrap_or("");
            line.push_str(piece);
            line.push_str(&" ".repeat(6usize.saturating_sub(piece.len())));
        }
    }
    // The canonical orientation has the smallest bit pattern, hence the fewest rows: every
    // pentomino fits in three.
    for line in &row {
        writeln!(out, "{}", line.trim_end())?;
    }
    writeln!(
        out,
        "{} free pentominoes; distinct orientations each: {counts:?} ({} fixed in all)",
        pentominoes.len(),
        counts.iter().sum::<usize>(),
    )?;
    Ok(())
}
