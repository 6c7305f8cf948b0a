//! The batch commands: `solve` (one answer line per board, streamed) and `korf` (Korf's
//! 100 instances, checked against their published lengths).

use std::cell::{Cell, RefCell};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use plateau::CliResult;
use plateau_taquin::{
    Board, Budget, Move, Partition, PatternDatabase, Play, Size, Solution, SolveError, Tile,
    format_moves, solve_best_with, solve_fast,
};

use crate::cli::{DEFAULT_MAX_NODES, Opts};

/// A board from one input line: its tiles, the size from `--size` or a square of as many
/// cells.
fn board_of_line(line: &str, size: Option<Size>) -> Result<Board, String> {
    let tiles = line
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(str::parse::<Tile>)
        .collect::<Result<Vec<Tile>, _>>()
        .map_err(|e| e.to_string())?;
    let size = match size {
        Some(size) => size,
        None => square_of(tiles.len()).ok_or_else(|| {
            format!(
                "{} tiles do not make a square board: give its size with --size WxH",
                tiles.len()
            )
        })?,
    };
    Board::from_tiles(size, &tiles).map_err(|e| e.to_string())
}

fn square_of(cells: usize) -> Option<Size> {
    (2..=16).find(|k| k * k == cells).map(Size::square)
}

pub fn solve_command(opts: &Opts, boards: Vec<String>) -> CliResult {
    let (size, budget) = (opts.size, opts.max_nodes.unwrap_or(DEFAULT_MAX_NODES));
    let pdb: RefCell<Option<PatternDatabase>> = RefCell::new(None);
    // A bad --pdb file ends the run: every other 4x4 board would fail the same way.
    let fatal: RefCell<Option<String>> = RefCell::new(None);
    let budget_said = Cell::new(false);
    let mut lines = plateau::inputs(boards);
    let inputs = std::iter::from_fn(|| {
        if fatal.borrow().is_some() {
            None
        } else {
            lines.next()
        }
    });
    let answer = |solution| answer_line(solution, budget, &budget_said);
    let result = plateau::batch(inputs, |line| {
        let board = board_of_line(line, size)?;
        let solution = if opts.fast {
            solve_fast(&board)
        } else {
            let mut pdb = pdb.borrow_mut();
            // A --pdb file is read at the first 4x4 board, before any search, so that a bad
            // one is reported; without one, the library builds the databases when a board
            // first needs them.
            if pdb.is_none()
                && board.size() == Size::square(4)
                && let Some(path) = opts.pdb.as_deref()
            {
                match pattern_databases(Some(path), &Partition::default()) {
                    Ok(loaded) => *pdb = Some(loaded),
                    Err(e) => {
                        *fatal.borrow_mut() = Some(e.clone());
                        return Err(e.into());
                    }
                }
            }
            let build = || pattern_databases(None, &Partition::default()).ok();
            solve_best_with(&board, Budget::optimal(budget), &mut pdb, build).map(|(s, _)| s)
        };
        answer(solution)
    });
    if let Some(e) = fatal.into_inner() {
        return Err(e.into());
    }
    result
}

/// The output line of a solved board, or its error (the budget named once, on stderr).
fn answer_line(
    solution: Result<Solution<Move>, SolveError>,
    budget: u64,
    budget_said: &Cell<bool>,
) -> Result<String, Box<dyn std::error::Error>> {
    match solution {
        // A solved board is "0", with no trailing space.
        Ok(s) if s.moves.is_empty() => Ok("0".to_owned()),
        Ok(s) => Ok(format!("{} {}", s.len(), format_moves(&s.moves))),
        Err(SolveError::NodeLimit { nodes }) => {
            if !budget_said.replace(true) {
                eprintln!(
                    "taquin: the node budget ({budget} nodes) ran out on a board: raise \
                     it with --max-nodes, or use --fast for a quick solution that is not \
                     optimal"
                );
            }
            Err(format!("no solution within {nodes} nodes (--max-nodes)").into())
        }
        Err(e) => Err(e.into()),
    }
}

/// The pattern databases of `partition`: from `path` when given (built and saved there
/// when the file does not exist yet), built in memory otherwise. Says on stderr when it
/// builds, on a terminal (the few seconds would otherwise pass in silence).
fn pattern_databases(
    path: Option<&Path>,
    partition: &Partition,
) -> Result<PatternDatabase, String> {
    let builds = path.is_none_or(|p| !p.exists());
    if builds && io::stderr().is_terminal() {
        eprintln!(
            "taquin: building the 4x4 pattern databases (a few seconds){}",
            match path {
                Some(p) => format!(", saving them to {}", p.display()),
                None => String::from("; --pdb FILE keeps them for the next run"),
            }
        );
    }
    match path {
        Some(p) => PatternDatabase::load_or_build(p, partition).map_err(|e| e.to_string()),
        None => Ok(PatternDatabase::build_with(partition)),
    }
}

/// One instance of the Korf file: its number, published optimal length and board.
struct Instance {
    id: u32,
    length: usize,
    board: Board,
}

/// Reads Korf's instances: "<number> <length> <16 tiles>" per line, tiles in his
/// convention (goal 0 1 2 ... 15, blank top-left), mapped to ours by half a turn and
/// t -> 16 - t (see the fixture's header). Blank and # lines are skipped.
fn read_instances(file: &Path) -> Result<Vec<Instance>, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{}:{}", file.display(), i + 1);
        let numbers: Vec<u32> = line
            .split_whitespace()
            .map(|t| {
                t.parse()
                    .map_err(|e| format!("{at}: {t:?} is not a number ({e})"))
            })
            .collect::<Result<_, _>>()?;
        let [id, length, cells @ ..] = numbers.as_slice() else {
            return Err(format!(
                "{at}: expected an instance number, its optimal length and 16 tiles, got {} \
                 numbers",
                numbers.len()
            ));
        };
        if cells.len() != 16 {
            return Err(format!(
                "{at}: expected an instance number, its optimal length and 16 tiles, got {} \
                 numbers",
                numbers.len()
            ));
        }
        // Checked in the file's own numbering first, so an error names the file's tiles.
        let mut korf = Vec::with_capacity(16);
        for &t in cells {
            match u8::try_from(t) {
                Ok(t @ 0..=15) => korf.push(Tile::new(t)),
                _ => {
                    return Err(format!(
                        "{at}: {t} is not a tile of the 15-puzzle (0 to 15)"
                    ));
                }
            }
        }
        Board::from_tiles(Size::square(4), &korf)
            .map_err(|e| format!("{at}: not a 15-puzzle position: {e}"))?;
        let mut tiles = [Tile::BLANK; 16];
        for (i, t) in korf.iter().enumerate() {
            tiles[15 - i] = if t.is_blank() {
                Tile::BLANK
            } else {
                Tile::new(16 - t.number())
            };
        }
        let board = Board::from_tiles(Size::square(4), &tiles)
            .map_err(|e| format!("{at}: not a 15-puzzle position: {e}"))?;
        out.push(Instance {
            id: *id,
            length: *length as usize,
            board,
        });
    }
    if out.is_empty() {
        return Err(format!("{}: no instances in the file", file.display()));
    }
    Ok(out)
}

pub fn korf_command(opts: &Opts) -> CliResult {
    let file = opts.file.clone().unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("crates/taquin/tests/korf100.txt")
    });
    // Every line is checked before the databases are built: a bad file fails at once.
    let instances = read_instances(&file)?;
    let partition = opts.partition.clone().unwrap_or_default();
    let start = Instant::now();
    let pdb = pattern_databases(opts.pdb.as_deref(), &partition)?;
    let built = start.elapsed();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "pattern databases {}: {:.2} s",
        pdb.partition(),
        built.as_secs_f64()
    )?;
    writeln!(out, "{:>4} {:>4} {:>12} {:>9}", "#", "len", "nodes", "ms")?;
    let (mut total_nodes, mut count) = (0u64, 0u64);
    let search_start = Instant::now();
    for Instance { id, length, board } in &instances {
        let t = Instant::now();
        let s: Solution<Move> = pdb
            .solve(board)
            .map_err(|e| format!("instance {id}: {e}"))?;
        let ms = t.elapsed().as_secs_f64() * 1e3;
        let mut replay = board.clone();
        replay.play_all(&s.moves)?;
        if s.len() != *length || !replay.is_solved() {
            return Err(format!(
                "instance {id}: got {} moves, the published optimum is {length}",
                s.len()
            )
            .into());
        }
        writeln!(out, "{id:>4} {:>4} {:>12} {ms:>9.1}", s.len(), s.nodes)?;
        out.flush()?;
        total_nodes += s.nodes;
        count += 1;
    }
    let search = search_start.elapsed().as_secs_f64();
    writeln!(
        out,
        "all {count} optimal: {total_nodes} nodes ({} per instance), search {search:.2} s, \
         construction {:.2} s, total {:.2} s",
        total_nodes / count.max(1),
        built.as_secs_f64(),
        start.elapsed().as_secs_f64()
    )?;
    Ok(())
}
