//! The batch commands: `solve` (one answer line per board, streamed) and `korf` (Korf's
//! 100 instances, checked against their published lengths).

use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError, mpsc};
use std::time::Instant;

use plateau::CliResult;
use plateau_taquin::{
    Board, Budget, Move, Partition, PatternDatabase, PatternFileError, Play, Size, Solution,
    SolveError, Tile, format_moves, solve_best_shared, solve_fast,
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

/// What went wrong with one input line.
enum Failure {
    /// The line's `error:` message.
    Line(String),
    /// Its search ran out of nodes (stderr names the budget, once).
    Budget(String),
    /// A bad `--pdb` file: the line's error, then the run stops.
    Fatal(String),
    /// Standard input could not be read: the run stops there.
    Read(io::Error),
}

/// Which input lines needed the pattern databases, so that each line is answered as in a
/// run of one line after the other: a 4 x 4 board goes straight to the databases if and
/// only if an earlier line needed them (it tries plain IDA* near the goal first otherwise).
#[derive(Default)]
struct Needs {
    state: Mutex<NeedState>,
    changed: Condvar,
}

#[derive(Default)]
struct NeedState {
    /// Every line before this one is settled.
    prefix: usize,
    /// Settled lines at or after `prefix`.
    settled: BTreeSet<usize>,
    /// The first line known to have needed the databases.
    first_needed: Option<usize>,
}

impl Needs {
    /// Line `i` is settled: it needed the databases or it did not.
    fn settle(&self, i: usize, needed: bool) {
        let mut s = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if needed {
            s.first_needed = Some(s.first_needed.map_or(i, |f| f.min(i)));
        }
        s.settled.insert(i);
        loop {
            let p = s.prefix;
            if !s.settled.remove(&p) {
                break;
            }
            s.prefix += 1;
        }
        self.changed.notify_all();
    }

    /// Whether a line before `i` needed the databases (waits until that is known: the
    /// lines before `i` are already being answered, and settle after at most their
    /// near-goal search).
    fn needed_before(&self, i: usize) -> bool {
        let mut s = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if s.first_needed.is_some_and(|f| f < i) {
                return true;
            }
            if s.prefix >= i {
                return false;
            }
            s = self.changed.wait(s).unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// What the workers of `taquin solve` share.
struct Shared {
    size: Option<Size>,
    budget: u64,
    fast: bool,
    pdb_path: Option<PathBuf>,
    partition: Partition,
    /// The databases, built or loaded once (by the first line that needs them).
    pdb: OnceLock<Result<PatternDatabase, String>>,
    needs: Needs,
}

impl Shared {
    fn databases(&self) -> &Result<PatternDatabase, String> {
        self.pdb
            .get_or_init(|| pattern_databases(self.pdb_path.as_deref(), &self.partition))
    }

    /// The answer to input line `i`; settles it in `needs` (as soon as that is known).
    fn answer(&self, i: usize, line: &str) -> Result<String, Failure> {
        let settled = Cell::new(false);
        let settle = |needed| {
            if !settled.replace(true) {
                self.needs.settle(i, needed);
            }
        };
        let result = self.solve_line(i, line, &settle);
        settle(false);
        result
    }

    fn solve_line(&self, i: usize, line: &str, settle: &dyn Fn(bool)) -> Result<String, Failure> {
        let board = board_of_line(line, self.size).map_err(Failure::Line)?;
        let four = board.size() == Size::square(4);
        if self.fast {
            settle(false);
            return answer_line(solve_fast(&board));
        }
        let ready = if !four {
            None
        } else if self.pdb_path.is_some() {
            // A --pdb file is read at the first 4x4 board, before any search, so that a
            // bad one is reported.
            settle(false);
            match self.databases() {
                Ok(pdb) => Some(pdb),
                Err(e) => return Err(Failure::Fatal(e.clone())),
            }
        } else if self.needs.needed_before(i) {
            // Without a file, the databases are built when a board first needs them.
            self.databases().as_ref().ok()
        } else {
            None
        };
        if ready.is_some() || !four {
            settle(false);
        }
        let build = || {
            // This line needs them: a later one need not wait for its search.
            settle(true);
            self.databases().as_ref().ok()
        };
        answer_line(
            solve_best_shared(&board, Budget::optimal(self.budget), ready, build).map(|(s, _)| s),
        )
    }
}

/// Answers every input board with one line, in input order, each printed as soon as it and
/// every earlier one are answered (so a script can drive the command line by line), the
/// boards solved by one worker a core. As `plateau::batch`: `error: <message>` for a line
/// that fails, and the run ends with an error saying how many did.
pub fn solve_command(opts: &Opts, boards: Vec<String>) -> CliResult {
    let budget = opts.max_nodes.unwrap_or(DEFAULT_MAX_NODES);
    let shared = Arc::new(Shared {
        size: opts.size,
        budget,
        fast: opts.fast,
        pdb_path: opts.pdb.clone(),
        partition: partition_of(opts),
        pdb: OnceLock::new(),
        needs: Needs::default(),
    });
    let workers = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    // The reader and the workers are detached threads: when the run stops early (a bad
    // --pdb file, an unreadable input), the process ends without waiting on standard input.
    // The queue is short, so input is read little ahead of the answers.
    let (line_tx, line_rx) = mpsc::sync_channel::<(usize, io::Result<String>)>(workers);
    let (answer_tx, answer_rx) = mpsc::channel::<(usize, Result<String, Failure>)>();
    std::thread::Builder::new()
        .name("taquin-input".into())
        .spawn(move || {
            for (i, line) in plateau::inputs(boards).enumerate() {
                if line_tx.send((i, line)).is_err() {
                    break;
                }
            }
        })?;
    let line_rx = Arc::new(Mutex::new(line_rx));
    for w in 0..workers {
        let (line_rx, answer_tx, shared) =
            (Arc::clone(&line_rx), answer_tx.clone(), Arc::clone(&shared));
        std::thread::Builder::new()
            .name(format!("taquin-solve-{w}"))
            .spawn(move || {
                loop {
                    let next = line_rx
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .recv();
                    let Ok((i, line)) = next else { break };
                    let answer = match line {
                        Ok(line) => shared.answer(i, &line),
                        Err(e) => {
                            shared.needs.settle(i, false);
                            Err(Failure::Read(e))
                        }
                    };
                    if answer_tx.send((i, answer)).is_err() {
                        break;
                    }
                }
            })?;
    }
    drop(answer_tx);
    let mut out = io::stdout().lock();
    let (mut total, mut failed, mut budget_said) = (0usize, 0usize, false);
    let mut waiting = BTreeMap::new();
    for (i, answer) in answer_rx {
        waiting.insert(i, answer);
        while let Some(answer) = waiting.remove(&total) {
            total += 1;
            let (message, fatal) = match answer {
                Ok(text) => {
                    writeln!(out, "{text}")?;
                    out.flush()?;
                    continue;
                }
                Err(Failure::Read(e)) => return Err(e.into()),
                Err(Failure::Line(m)) => (m, false),
                Err(Failure::Budget(m)) => {
                    if !budget_said {
                        budget_said = true;
                        eprintln!(
                            "taquin: the node budget ({budget} nodes) ran out on a board: \
                             raise it with --max-nodes, or use --fast for a quick solution \
                             that is not optimal"
                        );
                    }
                    (m, false)
                }
                Err(Failure::Fatal(m)) => (m, true),
            };
            failed += 1;
            writeln!(out, "error: {message}")?;
            out.flush()?;
            if fatal {
                return Err(message.into());
            }
        }
    }
    if failed > 0 {
        return Err(format!("{failed} of {total} inputs failed").into());
    }
    if total == 0 {
        return Err("no input given (pass it as arguments or on standard input)".into());
    }
    Ok(())
}

/// The output line of a solved board, or its error.
fn answer_line(solution: Result<Solution<Move>, SolveError>) -> Result<String, Failure> {
    match solution {
        // A solved board is "0", with no trailing space.
        Ok(s) if s.moves.is_empty() => Ok("0".to_owned()),
        Ok(s) => Ok(format!("{} {}", s.len(), format_moves(&s.moves))),
        Err(SolveError::NodeLimit { nodes }) => Err(Failure::Budget(format!(
            "no solution within {nodes} nodes (--max-nodes)"
        ))),
        Err(e) => Err(Failure::Line(e.to_string())),
    }
}

/// The partition the run's tables are for: `--partition`, else the 6-6-3 one for tables
/// kept in a `--pdb` file (built once, the fewest nodes), else the 5-5-5 one quickest to
/// build (a quarter of a second instead of two, which the extra nodes do not cost back). The
/// solutions are the same whatever the tables: IDA* with an admissible heuristic returns
/// the first optimal path in move order.
fn partition_of(opts: &Opts) -> Partition {
    match (&opts.partition, &opts.pdb) {
        (Some(p), _) => p.clone(),
        (None, Some(_)) => Partition::default(),
        (None, None) => Partition::quick(),
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
        // Each tile more in a group multiplies its placements by about ten.
        let largest = partition.groups().iter().map(Vec::len).max().unwrap_or(0);
        eprintln!(
            "taquin: building the 4x4 pattern databases ({}){}",
            match largest {
                7.. => "about a minute",
                6 => "a few seconds",
                _ => "under a second",
            },
            match path {
                Some(p) => format!(", saving them to {}", p.display()),
                None => String::from("; --pdb FILE keeps them for the next run"),
            }
        );
    }
    match path {
        Some(p) => PatternDatabase::load_or_build(p, partition).map_err(|e| match e {
            PatternFileError::OtherPartition { ref found, .. } => {
                format!("{e} (--partition {found} reads it)")
            }
            e => e.to_string(),
        }),
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
    let partition = partition_of(opts);
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
