//! The taquin (15-puzzle) in the terminal: play, watch a solver, solve boards, run Korf's 100.
//!
//! ```text
//! cargo run --release --example taquin                          # play a 4 x 4
//! cargo run --release --example taquin -- --size 5x3 --seed 7
//! cargo run --release --example taquin -- --demo                # scramble, solve, print
//! cargo run --release --example taquin -- solve "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"
//! echo "8 6 7 2 5 4 3 0 1" | cargo run --release --example taquin -- solve
//! cargo run --release --example taquin -- korf                  # Korf's 100, nodes and times
//! ```

#[path = "demo/taquin.rs"]
mod demo;
#[path = "support/mod.rs"]
mod support;

use std::cell::{Cell, RefCell};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};
use crossterm::event::{Event, MouseButton, MouseEventKind};
use crossterm::style::{Color, Stylize};
use plateau_taquin::{
    Board, Budget, Move, Partition, PatternDatabase, Play, Pos, Size, Solution, SolveError, Status,
    Tile, format_moves, parse_moves, solve_best_with, solve_fast,
};
use support::keys::{self, Scheme};
use support::screen::Options;
use support::{GameArgs, Outcome, Screen};

/// The default node budget of `taquin solve`: about ten seconds of search in release.
const DEFAULT_MAX_NODES: u64 = Budget::BATCH.max_nodes();

#[derive(Parser)]
#[command(
    name = "taquin",
    about = "The taquin (15-puzzle): slide the tiles back into order",
    long_about = "The taquin (15-puzzle): slide the tiles back into order.\n\n\
        With no subcommand on a terminal: a full-screen game (arrow keys or a click slide \
        tiles; u undo, r restart, s solve, h hint, n new game, q quit). Not on a terminal: \
        a line mode reading moves from standard input. Moves name the direction the tile \
        slides: U, D, L, R."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    game: GameArgs,
    /// Board size, width x height such as 5x3, each side 2 to 16 (the game's default:
    /// 4x4; solve's: a square board of as many cells as the line has tiles).
    #[arg(long, global = true, value_name = "WxH", value_parser = parse_size)]
    size: Option<Size>,
}

#[derive(Subcommand)]
enum Command {
    /// Solve boards: one output line per board, "<length> <moves>", as soon as it is
    /// solved (moves name the direction each tile slides). Optimal: 4x4 boards use pattern
    /// databases (built once per run, when a 4x4 board first needs them: boards near the
    /// goal are answered by plain IDA*), other sizes IDA*, every search under a node budget.
    Solve(SolveArgs),
    /// Solve Korf's 100 15-puzzle instances optimally; print nodes and time per instance
    /// and the totals (pattern-database construction included), checking every length
    /// against the published one.
    Korf(KorfArgs),
}

#[derive(Args)]
struct SolveArgs {
    /// Load the 4x4 pattern databases from FILE, or build them and save them there when it
    /// does not exist yet (a file that is not a pattern database is an error).
    #[arg(long, value_name = "FILE")]
    pdb: Option<PathBuf>,
    /// Use the fast reduction solver (any size, milliseconds, not optimal).
    #[arg(long)]
    fast: bool,
    /// Search nodes allowed per board before giving up on it (10 M take about a second).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_NODES)]
    max_nodes: u64,
    /// Boards: tiles row-major separated by spaces or commas, 0 or . for the blank. Read
    /// from standard input, one per line, when none is given (blank and # lines skipped).
    boards: Vec<String>,
}

#[derive(Args)]
struct KorfArgs {
    /// The instance file: lines "<number> <optimal length> <16 tiles>" in Korf's
    /// convention (default: the crate's fixture, crates/taquin/tests/korf100.txt).
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,
    /// Load the pattern databases from FILE, or build them and save them there.
    #[arg(long, value_name = "FILE")]
    pdb: Option<PathBuf>,
    /// Another partition of the tiles, groups separated by '/', e.g.
    /// "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15" (default: the 6-6-3 one).
    #[arg(long)]
    partition: Option<Partition>,
}

fn parse_size(s: &str) -> Result<Size, String> {
    let size: Size = s.parse().map_err(|e| format!("{e}"))?;
    Board::solved(size).map_err(|e| e.to_string())?;
    Ok(size)
}

fn main() -> ExitCode {
    support::run("taquin", || {
        let cli = Cli::parse();
        match cli.command {
            Some(Command::Solve(args)) => solve_command(args, cli.size),
            Some(Command::Korf(args)) => korf_command(args),
            None => {
                let size = cli.size.unwrap_or(Size::square(4));
                let seed = cli.game.seed();
                if cli.game.demo {
                    demo::run_sized(size, seed, &mut io::stdout().lock())?;
                    Ok(())
                } else if support::interactive() {
                    play_full_screen(size, seed)
                } else {
                    play_lines(size, seed)
                }
            }
        }
    })
}

// ---------------------------------------------------------------- solve

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

fn solve_command(args: SolveArgs, size: Option<Size>) -> Outcome {
    let budget = args.max_nodes;
    let pdb: RefCell<Option<PatternDatabase>> = RefCell::new(None);
    // A bad --pdb file ends the run: every other 4x4 board would fail the same way.
    let fatal: RefCell<Option<String>> = RefCell::new(None);
    let budget_said = Cell::new(false);
    let mut lines = support::inputs(args.boards);
    let inputs = std::iter::from_fn(|| {
        if fatal.borrow().is_some() {
            None
        } else {
            lines.next()
        }
    });
    let answer = |solution| answer_line(solution, budget, &budget_said);
    let result = support::batch(inputs, |line| {
        let board = board_of_line(line, size)?;
        let solution = if args.fast {
            solve_fast(&board)
        } else {
            let mut pdb = pdb.borrow_mut();
            // A --pdb file is read at the first 4x4 board, before any search, so that a bad
            // one is reported; without one, the library builds the databases when a board
            // first needs them.
            if pdb.is_none()
                && board.size() == Size::square(4)
                && let Some(path) = args.pdb.as_deref()
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

// ---------------------------------------------------------------- korf

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

fn korf_command(args: KorfArgs) -> Outcome {
    let file = args.file.unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("crates/taquin/tests/korf100.txt")
    });
    // Every line is checked before the databases are built: a bad file fails at once.
    let instances = read_instances(&file)?;
    let partition = args.partition.unwrap_or_default();
    let start = Instant::now();
    let pdb = pattern_databases(args.pdb.as_deref(), &partition)?;
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

// ---------------------------------------------------------------- the game

/// A game in progress, shared by the full-screen and the line modes.
struct Game {
    seed: u64,
    start: Board,
    board: Board,
    /// What was played, for undo: each entry is one key press, click or solver step (a
    /// direction and how many tiles slid that way).
    history: Vec<(Move, usize)>,
    /// The 4 x 4 pattern databases, once the solver has needed them.
    pdb: Option<PatternDatabase>,
}

impl Game {
    fn new(size: Size, seed: u64) -> Result<Game, Box<dyn std::error::Error>> {
        let start = Board::new(size, seed)?;
        Ok(Game {
            seed,
            board: start.clone(),
            start,
            history: Vec::new(),
            pdb: None,
        })
    }

    fn moves(&self) -> usize {
        self.history.iter().map(|&(_, n)| n).sum()
    }

    fn slide(&mut self, m: Move) -> Result<(), String> {
        self.board.play(m).map_err(|e| e.to_string())?;
        self.history.push((m, 1));
        Ok(())
    }

    fn click(&mut self, pos: Pos) -> Result<(), String> {
        let slide = self.board.click(pos).map_err(|e| e.to_string())?;
        self.history.push((slide.direction, slide.tiles));
        Ok(())
    }

    fn undo(&mut self) -> bool {
        if self.history.pop().is_none() {
            return false;
        }
        // A solved board takes no move, not even one back: what is left of the history is
        // replayed from the start (every move of it was legal then, and is again).
        self.board = self.start.clone();
        for &(m, n) in &self.history {
            for _ in 0..n {
                let _ = self.board.play(m);
            }
        }
        true
    }

    fn restart(&mut self) {
        self.board = self.start.clone();
        self.history.clear();
    }

    fn new_game(&mut self) -> Result<(), Box<dyn std::error::Error>> {
        let pdb = self.pdb.take();
        *self = Game::new(self.board.size(), self.seed.wrapping_add(1))?;
        self.pdb = pdb;
        Ok(())
    }

    /// A good next move within the hint's budget (optimal from the pattern databases once
    /// built, on a 4 x 4).
    fn hint(&mut self) -> Option<Move> {
        solve_best_with(&self.board, Budget::HINT, &mut self.pdb, || None)
            .ok()?
            .0
            .first()
            .copied()
    }

    /// A solution from here and what kind it is: optimal where that is quick (any 4 x 4
    /// with the pattern databases, built on first use: `building` is called first), the
    /// fast reduction solver otherwise.
    fn solution(
        &mut self,
        building: impl FnOnce(),
    ) -> Result<(Solution<Move>, &'static str), String> {
        let build = || {
            building();
            Some(PatternDatabase::build())
        };
        let (s, solver) = solve_best_with(&self.board, Budget::PLAY, &mut self.pdb, build)
            .map_err(|e| e.to_string())?;
        Ok((
            s,
            if solver.is_optimal() {
                "optimal"
            } else {
                "fast, not optimal"
            },
        ))
    }

    fn title(&self) -> String {
        let status = match self.board.status() {
            Status::Solved => "  SOLVED",
            Status::InProgress => "",
            Status::Unsolvable => "  (unsolvable)",
        };
        format!(
            "Taquin {}  seed {}  moves {}{status}",
            self.board.size(),
            self.seed,
            self.moves()
        )
    }
}

/// How a hint reads: the move and the tile it slides.
fn describe(board: &Board, m: Move) -> String {
    let tile = board
        .moved_from(m)
        .and_then(|p| board.tile_at(p))
        .map_or_else(String::new, |t| {
            format!(" (tile {t} slides {:?})", m.tile_dir())
        });
    format!("{m}{}", tile.to_lowercase())
}

// ---------------------------------------------------------------- full screen

const HELP: &str = "arrows or click: slide  u undo  r restart  s solve  h hint  n new  q quit";

/// Where the board is drawn, in terminal cells.
#[derive(Clone, Copy)]
struct Layout {
    x0: u16,
    y0: u16,
    cell_w: u16,
    cell_h: u16,
    digits: usize,
}

impl Layout {
    /// The roomiest layout that fits the terminal: a gap between tiles and two lines per
    /// row when there is room, tight otherwise.
    fn of(size: Size) -> Layout {
        let digits = (size.width * size.height - 1).to_string().len();
        let (columns, rows) = Screen::size().unwrap_or((100, 40));
        let (columns, rows) = (usize::from(columns), usize::from(rows));
        // Title, help and a blank line above; a blank line and the message below.
        let tall = 3 + 2 * size.height + 2 <= rows;
        let roomy = 2 + (digits + 3) * size.width <= columns;
        Layout {
            x0: if roomy { 2 } else { 0 },
            y0: 3,
            cell_w: (digits + if roomy { 3 } else { 2 }) as u16,
            cell_h: if tall { 2 } else { 1 },
            digits,
        }
    }

    /// The cell under a click, if it is on the board.
    fn cell_at(self, size: Size, column: u16, row: u16) -> Option<Pos> {
        let x = column.checked_sub(self.x0)? / self.cell_w;
        let y = row.checked_sub(self.y0)? / self.cell_h;
        let pos = Pos::new(usize::from(x), usize::from(y));
        size.contains(pos).then_some(pos)
    }

    fn bottom(self, size: Size) -> u16 {
        self.y0 + self.cell_h * size.height as u16 + 1
    }
}

fn draw(
    screen: &mut Screen,
    title: &str,
    board: &Board,
    message: &str,
    highlight: Option<Pos>,
) -> io::Result<()> {
    let layout = Layout::of(board.size());
    screen.begin()?;
    screen.styled(0, 0, title.bold())?;
    screen.text(0, 1, HELP)?;
    for pos in board.size().positions() {
        let Some(tile) = board.tile_at(pos) else {
            continue;
        };
        let x = layout.x0 + pos.x as u16 * layout.cell_w;
        let y = layout.y0 + pos.y as u16 * layout.cell_h;
        let d = layout.digits;
        if tile.is_blank() {
            continue;
        }
        let text = format!(" {tile:>d$} ");
        let (fg, bg) = if highlight == Some(pos) {
            (Color::Black, Color::Yellow)
        } else if board.goal_tile(pos) == Some(tile) {
            (Color::White, Color::DarkGreen)
        } else {
            let row = (usize::from(tile) - 1) / board.width();
            (
                support::palette::text_on_indexed(row + 3),
                support::palette::indexed(row + 3),
            )
        };
        screen.styled(x, y, text.with(fg).on(bg).bold())?;
    }
    screen.text(0, layout.bottom(board.size()), message)?;
    screen.show()
}

fn play_full_screen(size: Size, seed: u64) -> Outcome {
    let mut game = Game::new(size, seed)?;
    let mut screen = Screen::enter(Options {
        mouse: true,
        key_releases: false,
    })?;
    let mut message = String::new();
    let mut highlight: Option<Pos> = None;
    loop {
        draw(&mut screen, &game.title(), &game.board, &message, highlight)?;
        let Some(event) = screen.next_event(None)? else {
            continue;
        };
        highlight = None;
        match event {
            Event::Key(key) => {
                if keys::is_quit(&key) {
                    return Ok(());
                }
                if let Some(dir) = keys::direction(&key, Scheme::ARROWS) {
                    if let Some(m) = Move::from_tile_dir(dir) {
                        message = game.slide(m).err().unwrap_or_default();
                    }
                    continue;
                }
                match keys::char_of(&key).map(|c| c.to_ascii_lowercase()) {
                    Some('u') => {
                        message = if game.undo() {
                            String::new()
                        } else {
                            "nothing to undo".into()
                        };
                    }
                    Some('r') => {
                        game.restart();
                        message = "back to the start".into();
                    }
                    Some('n') => {
                        game.new_game()?;
                        message = format!("new game, seed {}", game.seed);
                    }
                    Some('h') => match game.hint() {
                        Some(m) => {
                            message = format!("hint: {}", describe(&game.board, m));
                            highlight = game.board.moved_from(m);
                        }
                        None => message = "nothing to hint: the board is solved".into(),
                    },
                    Some('s') => {
                        message = animate_solution(&mut screen, &mut game)?;
                    }
                    _ => {}
                }
            }
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                let size = game.board.size();
                if let Some(pos) = Layout::of(size).cell_at(size, m.column, m.row) {
                    message = game.click(pos).err().unwrap_or_default();
                }
            }
            _ => {}
        }
        if message.is_empty() && game.board.is_solved() {
            message = format!("solved in {} moves! n: new game, q: quit", game.moves());
        }
    }
}

/// Finds a solution and plays it move by move on screen; any key stops it. Returns the
/// message to show.
fn animate_solution(
    screen: &mut Screen,
    game: &mut Game,
) -> Result<String, Box<dyn std::error::Error>> {
    if game.board.is_solved() {
        return Ok("already solved".into());
    }
    let (title, board) = (game.title(), game.board.clone());
    draw(screen, &title, &board, "solving...", None)?;
    let (solution, kind) = game.solution(|| {
        let message = "building the 4x4 pattern databases (a few seconds, once per run)...";
        // Only a message: if it cannot be drawn, the next frame will say what happened.
        let _ = draw(screen, &title, &board, message, None);
    })?;
    let total = solution.len();
    // A few seconds for a short solution, faster for long ones.
    let frame = Duration::from_millis((4000 / total.max(1) as u64).clamp(8, 150));
    for (i, &m) in solution.moves.iter().enumerate() {
        game.slide(m)?;
        let message = format!("solver ({kind}): move {} of {total}, any key stops", i + 1);
        draw(screen, &game.title(), &game.board, &message, None)?;
        if let Some(Event::Key(_)) = screen.next_event(Some(frame))? {
            return Ok(format!(
                "stopped after {} of {total} moves ({kind}); u undoes them one by one",
                i + 1
            ));
        }
    }
    Ok(format!("solved by the solver in {total} moves ({kind})"))
}

// ---------------------------------------------------------------- line mode

const LINE_HELP: &str = "moves as letters (U D L R, e.g. \"ULDR\"), a cell x,y to click, or: undo, \
                         restart, solve, hint, new, help, quit";

/// The game without a terminal: the board is printed after every line of standard input.
fn play_lines(size: Size, seed: u64) -> Outcome {
    let mut game = Game::new(size, seed)?;
    let mut out = io::stdout().lock();
    writeln!(out, "{}", game.title())?;
    writeln!(out, "{}", game.board)?;
    writeln!(out, "{LINE_HELP}")?;
    out.flush()?;
    for line in io::stdin().lock().lines() {
        let line = line?;
        let command = line.trim();
        if command.is_empty() || command.starts_with('#') {
            continue;
        }
        let message = match command.to_ascii_lowercase().as_str() {
            "quit" | "exit" => return Ok(()),
            "help" => LINE_HELP.to_owned(),
            "undo" => {
                if game.undo() {
                    String::new()
                } else {
                    "nothing to undo".into()
                }
            }
            "restart" => {
                game.restart();
                String::new()
            }
            "new" => {
                game.new_game()?;
                format!("new game, seed {}", game.seed)
            }
            "hint" => game.hint().map_or_else(
                || "nothing to hint: the board is solved".into(),
                |m| format!("hint: {}", describe(&game.board, m)),
            ),
            "solve" => match game.solution(|| {}) {
                Ok((s, kind)) => {
                    for &m in &s.moves {
                        game.slide(m)?;
                    }
                    format!(
                        "solver ({kind}), {} moves: {}",
                        s.len(),
                        format_moves(&s.moves)
                    )
                }
                Err(e) => format!("error: {e}"),
            },
            _ => line_move(&mut game, command),
        };
        writeln!(out, "{}", game.title())?;
        writeln!(out, "{}", game.board)?;
        if !message.is_empty() {
            writeln!(out, "{message}")?;
        }
        out.flush()?;
    }
    Ok(())
}

/// A line of moves (played atomically) or a cell to click; the message to print.
fn line_move(game: &mut Game, command: &str) -> String {
    if let Ok(pos) = command.parse::<Pos>() {
        return game
            .click(pos)
            .err()
            .map_or_else(String::new, |e| format!("error: {e}"));
    }
    match parse_moves(command) {
        Ok(moves) => {
            let mut board = game.board.clone();
            match board.play_all(&moves) {
                Ok(()) => {
                    for m in moves {
                        // Checked on the copy just now.
                        let _ = game.slide(m);
                    }
                    String::new()
                }
                Err(e) => format!("error: {e} (nothing played)"),
            }
        }
        Err(e) => format!("error: {e} ({LINE_HELP})"),
    }
}
