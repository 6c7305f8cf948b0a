//! Flood-It in the terminal: play, watch the solver, solve boards, measure the solvers.
//!
//! ```text
//! cargo run --release --example floodit                        # play 12x12, 6 colours
//! cargo run --release --example floodit -- --size 14x14 --colors 8 --seed 7 --centre
//! cargo run --release --example floodit -- --demo --size 21x21 # the solver plays
//! cargo run --release --example floodit -- solve --size 3x3 012120201
//! echo 012/120/201 | cargo run --release --example floodit -- solve
//! cargo run --release --example floodit -- bench --boards 1000
//! ```

// The demo's `run` is the tour's entry point (the classic board); `--demo` here calls
// `deal` and `play` with the command line's board.
#[allow(dead_code)]
#[path = "demo/floodit.rs"]
mod demo;
#[path = "support/mod.rs"]
mod support;

use std::error::Error;
use std::io::{self, Write};
use std::time::Instant;

use clap::{Parser, Subcommand};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEventKind};
use crossterm::style::Stylize;
use plateau_floodit::{
    Board, Color, Config, Game, Play, Rules, Size, Solution, SolveError, Solver, Start, Status,
    format_moves, greedy, hint, lookahead, node_budget, parse_moves, solve_limited,
};
use support::keys;

#[derive(Parser)]
#[command(
    about = "Flood-It: flood the board with one colour",
    long_about = "Flood-It: flood the board with one colour.\n\n\
        Each move picks a colour for the flood (the region holding the start cell), which \
        then absorbs every adjacent cell of that colour. Win by making the board one colour \
        within the move limit.\n\n\
        On a terminal the game is full-screen: type a colour's number or letter, click a \
        cell or a colour, or pick one with the arrows and Enter; h hint, u undo, n new game, \
        q (or Esc, Ctrl-C) quit. Otherwise moves are read from standard input, one or more \
        colours per line."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    game: support::GameArgs,
    /// Board size, `WxH` (or `N` for `NxN`), each side 1 to 64.
    #[arg(long, default_value = "12x12", value_parser = parse_size)]
    size: Size,
    /// Number of colours, 2 to 36.
    #[arg(long, default_value_t = 6, value_parser = parse_colors)]
    colors: u8,
    /// Move limit. Without it, the limit is the solver's best for the board plus a quarter
    /// (at least 2 more), so every board offered can be won.
    #[arg(long, value_parser = parse_moves_limit)]
    moves: Option<u32>,
    /// Start the flood from the centre cell instead of the top-left.
    #[arg(long)]
    centre: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Solve boards: one output line per board, "<moves> <colours played>", as soon as it is
    /// solved; "error: ..." for a board that fails.
    Solve {
        /// Size of one-line boards (rows run together), `WxH`; boards written with rows
        /// separated by '/' need none.
        #[arg(long, value_parser = parse_size)]
        size: Option<Size>,
        /// Number of colours (default: the board's own, at least 2).
        #[arg(long, value_parser = parse_colors)]
        colors: Option<u8>,
        /// Start the flood from the centre cell.
        #[arg(long)]
        centre: bool,
        /// Lookahead instead of the exact solver: fast on any board, a few moves longer
        /// than optimal.
        #[arg(long)]
        fast: bool,
        /// Lookahead depth for --fast (1: greedy).
        #[arg(long, default_value_t = 3, requires = "fast")]
        depth: u32,
        /// Search nodes allowed per board (default: about 5 s of exact search, estimated
        /// from the board's size and colours; no limit for --fast).
        #[arg(long, value_name = "N")]
        max_nodes: Option<u64>,
        /// Boards, in one-line form or with rows separated by '/'; read from standard input,
        /// one per line, when none is given (blank lines and lines starting with # skipped).
        boards: Vec<String>,
    },
    /// Solve random boards with every solver and report lengths and times.
    Bench {
        /// Number of boards.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
        boards: u64,
        /// Board size, `WxH`.
        #[arg(long, default_value = "14x14", value_parser = parse_size)]
        size: Size,
        /// Number of colours.
        #[arg(long, default_value_t = 6, value_parser = parse_colors)]
        colors: u8,
        /// First seed; board i uses seed + i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Lookahead depth.
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// Start the flood from the centre cell.
        #[arg(long)]
        centre: bool,
        /// Search nodes allowed per board (default: about 5 s of exact search).
        #[arg(long, value_name = "N")]
        max_nodes: Option<u64>,
    },
}

fn parse_size(s: &str) -> Result<Size, String> {
    let size: Size = s.parse().map_err(|e| format!("{e}"))?;
    Config::classic()
        .with_size(size)
        .map(|c| c.size())
        .map_err(|e| e.to_string())
}

fn parse_colors(s: &str) -> Result<u8, String> {
    let k: u8 = s
        .parse()
        .map_err(|_| format!("{s:?} is not a number of colours (2 to 36)"))?;
    Rules::classic()
        .with_colors(k)
        .map(|r| r.colors())
        .map_err(|e| e.to_string())
}

fn parse_moves_limit(s: &str) -> Result<u32, String> {
    let n: u32 = s
        .parse()
        .map_err(|_| format!("{s:?} is not a number of moves"))?;
    Rules::classic()
        .with_max_moves(n)
        .map(|r| r.max_moves())
        .map_err(|e| e.to_string())
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    support::run("floodit", move || match cli.command {
        Some(Command::Solve {
            size,
            colors,
            centre,
            fast,
            depth,
            max_nodes,
            boards,
        }) => {
            let opts = SolveOptions {
                size,
                colors,
                start: start(centre),
                solver: fast.then_some(Solver::Lookahead(depth)),
                max_nodes,
            };
            solve_command(&opts, boards)
        }
        Some(Command::Bench {
            boards,
            size,
            colors,
            seed,
            depth,
            centre,
            max_nodes,
        }) => {
            let rules = Rules::new(colors, u32::MAX)?.with_start(start(centre));
            bench_command(Config::new(size, rules)?, boards, seed, depth, max_nodes)
        }
        None => {
            let rules = Rules::new(cli.colors, 1)?.with_start(start(cli.centre));
            let config = Config::new(cli.size, rules)?;
            if cli.game.demo {
                let seed = cli.game.seed.unwrap_or(2026);
                let deal = demo::deal(config, cli.moves, seed);
                demo::play(deal, seed, &mut io::stdout().lock())?;
                Ok(())
            } else if support::interactive() {
                full_screen(config, cli.moves, cli.game.seed())
            } else {
                line_mode(config, cli.moves, cli.game.seed())
            }
        }
    })
}

fn start(centre: bool) -> Start {
    if centre {
        Start::Centre
    } else {
        Start::TopLeft
    }
}

// ---------------------------------------------------------------------------------------------
// Batch solving.

struct SolveOptions {
    size: Option<Size>,
    colors: Option<u8>,
    start: Start,
    /// `None`: the exact solver.
    solver: Option<Solver>,
    max_nodes: Option<u64>,
}

/// How long the exact search may take per board by default, as estimated by `node_budget`.
const SOLVE_MILLIS: u64 = 5000;

fn solve_command(opts: &SolveOptions, boards: Vec<String>) -> support::Outcome {
    let mut over_budget = 0usize;
    let result = support::batch(support::inputs(boards), |line| {
        let game = game_of_line(line, opts)?;
        let solution = match opts.solver {
            Some(solver) => solver.solve_limited(&game, opts.max_nodes.unwrap_or(u64::MAX)),
            None => solve_limited(
                &game,
                opts.max_nodes
                    .unwrap_or_else(|| node_budget(&game, SOLVE_MILLIS)),
            ),
        };
        match solution {
            Ok(s) => Ok(format!("{} {}", s.len(), format_moves(&s.moves))),
            Err(SolveError::NodeLimit { nodes }) => {
                over_budget += 1;
                if over_budget == 1 {
                    eprintln!(
                        "floodit: the node budget ({nodes} nodes) ran out on a {} board; \
                         --fast gives a quick solution (not proven optimal), --max-nodes N a \
                         bigger budget",
                        game.size()
                    );
                }
                Err(format!("no solution proved optimal within {nodes} search nodes").into())
            }
            Err(e) => Err(e.into()),
        }
    });
    if over_budget > 1 {
        eprintln!("floodit: {over_budget} boards ran out of the node budget");
    }
    result
}

/// The game of one input line: a board in one-line form (with `--size`) or with rows
/// separated by `/`, under the options' rules.
fn game_of_line(line: &str, opts: &SolveOptions) -> Result<Game, Box<dyn Error>> {
    let board = if line.contains('/') {
        let board: Board = line.parse()?;
        if let Some(size) = opts.size
            && board.size() != size
        {
            return Err(format!("a {} board, but --size is {size}", board.size()).into());
        }
        board
    } else {
        let size = opts
            .size
            .ok_or("a one-line board needs --size WxH (or rows separated by '/')")?;
        let cells = line.chars().count();
        if Some(cells) != size.area() {
            return Err(format!(
                "{cells} cells, but a {size} board has {}",
                size.width * size.height
            )
            .into());
        }
        Board::from_line(line, size.width)?
    };
    let colors = opts.colors.unwrap_or_else(|| board.colors_used().max(2));
    let rules = Rules::new(colors, u32::MAX)?.with_start(opts.start);
    Ok(Game::from_board(rules, &board)?)
}

// ---------------------------------------------------------------------------------------------
// Measuring the solvers.

fn bench_command(
    config: Config,
    boards: u64,
    seed: u64,
    depth: u32,
    max_nodes: Option<u64>,
) -> support::Outcome {
    use std::time::Duration;
    // Boards are dealt one at a time (any number of them in constant memory); each solver is
    // timed on its own.
    let bar = support::progress::bar(boards, "boards");
    let (mut exact_time, mut greedy_time, mut look_time) =
        (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let (mut solved, mut optimal_sum, mut optimal_max, mut nodes) = (0u64, 0u64, 0usize, 0u64);
    let (mut greedy_sum, mut look_sum) = (0u64, 0u64);
    let (mut greedy_excess, mut look_excess) = (0u64, 0u64);
    for i in 0..boards {
        let g = Game::new(config, seed.wrapping_add(i));
        let budget = max_nodes.unwrap_or_else(|| node_budget(&g, SOLVE_MILLIS));
        let t = Instant::now();
        let exact = solve_limited(&g, budget);
        exact_time += t.elapsed();
        let t = Instant::now();
        let greedy_len = greedy(&g).len();
        greedy_time += t.elapsed();
        let t = Instant::now();
        let look_len = lookahead(&g, depth).len();
        look_time += t.elapsed();
        greedy_sum += greedy_len as u64;
        look_sum += look_len as u64;
        if let Ok(s) = exact {
            solved += 1;
            nodes += s.nodes;
            optimal_sum += s.len() as u64;
            optimal_max = optimal_max.max(s.len());
            greedy_excess += greedy_len.saturating_sub(s.len()) as u64;
            look_excess += look_len.saturating_sub(s.len()) as u64;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();

    let n = boards.max(1) as f64;
    let m = solved.max(1) as f64;
    let size = config.size();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{boards} boards {size}, {} colours, start {}, seeds {seed}..{}",
        config.colors(),
        config.start_cell(),
        seed.wrapping_add(boards)
    )?;
    writeln!(
        out,
        "exact:       mean {:.3} moves, total {:.3} s, {:.3} ms per board, max {optimal_max}, {:.0} nodes per board",
        optimal_sum as f64 / m,
        exact_time.as_secs_f64(),
        exact_time.as_secs_f64() * 1e3 / n,
        nodes as f64 / m
    )?;
    if solved < boards {
        writeln!(
            out,
            "             {} of {boards} boards ran out of the node budget (excluded above and from the excess below)",
            boards - solved
        )?;
    }
    writeln!(
        out,
        "greedy:      mean {:.3} moves, excess {:.3}, {:.3} ms per board",
        greedy_sum as f64 / n,
        greedy_excess as f64 / m,
        greedy_time.as_secs_f64() * 1e3 / n
    )?;
    writeln!(
        out,
        "lookahead {depth}: mean {:.3} moves, excess {:.3}, {:.3} ms per board",
        look_sum as f64 / n,
        look_excess as f64 / m,
        look_time.as_secs_f64() * 1e3 / n
    )?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Playing.

/// A game being played and what the solver found for its board.
struct Round {
    game: Game,
    seed: u64,
    /// The best solution from the start, and whether it is proven optimal.
    best: Solution<Color>,
    optimal: bool,
    /// A warning when the limit was given and the board may not be winnable in it.
    warning: Option<String>,
}

fn new_game(config: Config, moves: Option<u32>, seed: u64) -> Round {
    let demo::Deal {
        game,
        best,
        optimal,
    } = demo::deal(config, moves, seed);
    let limit = game.rules().max_moves();
    let warning = (best.len() > limit as usize).then(|| {
        if optimal {
            format!(
                "This board cannot be won in {limit} moves: it needs {}.",
                best.len()
            )
        } else {
            format!(
                "The solver's best for this board takes {} moves, more than the limit of {limit}.",
                best.len()
            )
        }
    });
    Round {
        game,
        seed,
        best,
        optimal,
        warning,
    }
}

/// The next game's seed: a fixed function of the last, so a series replays from its first.
fn next_seed(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) % 1_000_000_000
}

fn title(round: &Round) -> String {
    let g = &round.game;
    format!(
        "Flood-It {} · {} colours · moves {}/{} · seed {} · start {}",
        g.size(),
        g.rules().colors(),
        g.moves_used(),
        g.rules().max_moves(),
        round.seed,
        g.start_cell()
    )
}

/// What to say when the game is over (`None` while it is not).
fn verdict(round: &Round) -> Option<String> {
    let best = round.best.len();
    let quality = if round.optimal {
        "optimal"
    } else {
        "not proven optimal"
    };
    match round.game.status() {
        Status::InProgress => None,
        Status::Won { moves } => Some(format!(
            "You won in {moves} moves! The solver's best: {best} ({quality})."
        )),
        Status::Lost => Some(format!(
            "Out of moves. The solver floods this board in {best} ({quality}): {}",
            format_moves(&round.best.moves)
        )),
    }
}

/// The letters that are commands in the full-screen game (and in line mode when the game has
/// no colour of that letter).
const COMMANDS: [char; 4] = ['h', 'u', 'n', 'q'];

fn line_mode(config: Config, moves: Option<u32>, seed: u64) -> support::Outcome {
    let mut round = new_game(config, moves, seed);
    let mut out = io::stdout().lock();
    let show = |out: &mut dyn Write, round: &Round| -> io::Result<()> {
        writeln!(out, "{}", title(round))?;
        writeln!(out, "{}", round.game)
    };
    show(&mut out, &round)?;
    if let Some(w) = &round.warning {
        writeln!(out, "{w}")?;
    }
    writeln!(
        out,
        "Type colours (0-{}), or hint, undo, new, quit; one or more per line.",
        Color::ALL[usize::from(config.colors()) - 1]
    )?;
    for line in support::inputs(Vec::new()) {
        let line = line?;
        let word = line.to_ascii_lowercase();
        let has =
            |letter: char| Color::from_char(letter).is_some_and(|c| c.get() < config.colors());
        let command = match word.as_str() {
            "?" | "hint" => Some('h'),
            "undo" => Some('u'),
            "new" => Some('n'),
            "quit" | "exit" => Some('q'),
            w if w.len() == 1 && COMMANDS.contains(&w.chars().next().unwrap_or(' ')) => {
                let letter = w.chars().next().unwrap_or(' ');
                (!has(letter)).then_some(letter)
            }
            _ => None,
        };
        match command {
            Some('h') => match hint(&round.game) {
                Some(c) => writeln!(out, "Hint: {c}")?,
                None => writeln!(out, "No hint: the game is over.")?,
            },
            Some('u') => {
                if round.game.undo().is_none() {
                    writeln!(out, "Nothing to undo.")?;
                }
                show(&mut out, &round)?;
            }
            Some('n') => {
                round = new_game(config, moves, next_seed(round.seed));
                show(&mut out, &round)?;
            }
            Some(_) => return Ok(()),
            None => {
                let colours = match parse_moves(&line) {
                    Ok(c) => c,
                    Err(e) => {
                        writeln!(out, "Not a colour: {e}.")?;
                        continue;
                    }
                };
                if let Err(e) = round.game.play_all(&colours) {
                    writeln!(out, "Not played: {e}.")?;
                    continue;
                }
                show(&mut out, &round)?;
            }
        }
        if let Some(v) = verdict(&round) {
            writeln!(out, "{v}")?;
            return Ok(());
        }
    }
    Err(format!(
        "standard input ended before the game was over ({} moves played)",
        round.game.moves_used()
    )
    .into())
}

/// Where things are on the screen, for drawing and for clicks.
struct Layout {
    /// Columns per cell (2, or 1 on a narrow terminal).
    cell: u16,
    board_top: u16,
    palette_top: u16,
    /// Colour swatches per palette row.
    per_row: usize,
    help_top: u16,
    /// Whether everything fits the terminal.
    fits: bool,
    needed: (usize, usize),
}

const LEFT: u16 = 1;
const SWATCH: usize = 4;

impl Layout {
    fn new(size: Size, colors: usize, (cols, rows): (u16, u16)) -> Layout {
        let cols = usize::from(cols);
        let cell = if size.width * 2 + 2 <= cols { 2 } else { 1 };
        let per_row = ((cols.saturating_sub(2)) / SWATCH).clamp(1, colors);
        let palette_rows = colors.div_ceil(per_row);
        let board_top = 2u16;
        let palette_top = board_top + size.height as u16 + 1;
        let help_top = palette_top + palette_rows as u16 + 1;
        let needed = (
            (size.width * cell as usize + 2).max(40),
            usize::from(help_top) + 2,
        );
        Layout {
            cell,
            board_top,
            palette_top,
            per_row,
            help_top,
            fits: needed.0 <= cols && needed.1 <= usize::from(rows),
            needed,
        }
    }

    fn swatch(&self, i: usize) -> (u16, u16) {
        let x = LEFT + ((i % self.per_row) * SWATCH) as u16;
        let y = self.palette_top + (i / self.per_row) as u16;
        (x, y)
    }

    /// The colour clicked at column `x`, row `y`: a board cell's current colour, or a
    /// palette swatch.
    fn clicked(&self, game: &Game, colors: usize, x: u16, y: u16) -> Option<Color> {
        let size = game.size();
        if y >= self.board_top && x >= LEFT {
            let cx = usize::from((x - LEFT) / self.cell);
            let cy = usize::from(y - self.board_top);
            if cx < size.width && cy < size.height {
                return game.cell(plateau_floodit::Pos::new(cx, cy));
            }
        }
        (0..colors).find_map(|i| {
            let (sx, sy) = self.swatch(i);
            (y == sy && x >= sx && x < sx + 3).then_some(Color::ALL[i])
        })
    }
}

fn full_screen(config: Config, moves: Option<u32>, seed: u64) -> support::Outcome {
    let mut round = new_game(config, moves, seed);
    let colors = usize::from(config.colors());
    let mut screen = support::Screen::enter(support::screen::Options {
        mouse: true,
        key_releases: false,
    })?;
    let mut cursor = 0usize;
    let mut message = round.warning.clone().unwrap_or_default();
    loop {
        let layout = Layout::new(config.size(), colors, support::Screen::size()?);
        draw(&mut screen, &round, &layout, cursor, &message)?;
        let Some(event) = screen.next_event(None)? else {
            continue;
        };
        let choice = match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => {
                if keys::is_quit(&key) {
                    return Ok(());
                }
                match key_action(&key, colors, cursor) {
                    Action::Play(c) => Some(c),
                    Action::Cursor(i) => {
                        cursor = i;
                        None
                    }
                    Action::Hint => {
                        message = match hint(&round.game) {
                            Some(c) => {
                                cursor = c.index();
                                format!("Hint: colour {c} (Enter plays it).")
                            }
                            None => "No hint: the game is over.".to_owned(),
                        };
                        None
                    }
                    Action::Undo => {
                        message = match round.game.undo() {
                            Some(c) => format!("Took back {c}."),
                            None => "Nothing to undo.".to_owned(),
                        };
                        None
                    }
                    Action::New => {
                        // The solver may think for a moment on a big board: say so first.
                        "A new board...".clone_into(&mut message);
                        draw(&mut screen, &round, &layout, cursor, &message)?;
                        round = new_game(config, moves, next_seed(round.seed));
                        message = round
                            .warning
                            .clone()
                            .unwrap_or_else(|| format!("New game, seed {}.", round.seed));
                        None
                    }
                    Action::Nothing => None,
                }
            }
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) && layout.fits => {
                layout.clicked(&round.game, colors, m.column, m.row)
            }
            _ => None,
        };
        if let Some(c) = choice {
            cursor = c.index();
            message = match round.game.play(c) {
                Ok(_) => verdict(&round).unwrap_or_default(),
                // Over: the verdict stays on screen, with what to do next.
                Err(_) if round.game.is_over() => format!(
                    "{} u: undo, n: new game, q: quit.",
                    verdict(&round).unwrap_or_default()
                ),
                Err(e) => format!("Not played: {e}."),
            };
        }
    }
}

enum Action {
    Play(Color),
    Cursor(usize),
    Hint,
    Undo,
    New,
    Nothing,
}

fn key_action(key: &KeyEvent, colors: usize, cursor: usize) -> Action {
    match key.code {
        KeyCode::Left | KeyCode::Up => return Action::Cursor((cursor + colors - 1) % colors),
        KeyCode::Right | KeyCode::Down | KeyCode::Tab => {
            return Action::Cursor((cursor + 1) % colors);
        }
        KeyCode::Enter => return Action::Play(Color::ALL[cursor]),
        _ => {}
    }
    let Some(ch) = keys::char_of(key) else {
        return Action::Nothing;
    };
    match ch.to_ascii_lowercase() {
        'h' => Action::Hint,
        'u' => Action::Undo,
        'n' => Action::New,
        ' ' => Action::Play(Color::ALL[cursor]),
        ch => match Color::from_char(ch) {
            Some(c) if c.index() < colors => Action::Play(c),
            _ => Action::Nothing,
        },
    }
}

fn draw(
    screen: &mut support::Screen,
    round: &Round,
    layout: &Layout,
    cursor: usize,
    message: &str,
) -> io::Result<()> {
    use support::palette;
    screen.begin()?;
    let game = &round.game;
    let colors = usize::from(game.rules().colors());
    screen.text(0, 0, title(round).bold())?;
    if !layout.fits {
        screen.text(
            0,
            2,
            format!(
                "The terminal is too small for this board: {}x{} needed. Enlarge it, or q to quit.",
                layout.needed.0, layout.needed.1
            ),
        )?;
        return screen.show();
    }
    let board = game.board();
    let blank = " ".repeat(usize::from(layout.cell));
    for (y, row) in board.grid().rows().enumerate() {
        let top = layout.board_top + y as u16;
        // One styled run per stretch of one colour.
        let mut x = 0;
        while x < row.len() {
            let c = row[x];
            let run = row[x..].iter().take_while(|&&d| d == c).count();
            let text = blank.repeat(run).on(palette::indexed(c.index()));
            screen.styled(LEFT + x as u16 * layout.cell, top, text)?;
            x += run;
        }
    }
    for i in 0..colors {
        let (x, y) = layout.swatch(i);
        let c = Color::ALL[i];
        let label = if i == cursor {
            format!("[{c}]")
        } else {
            format!(" {c} ")
        };
        let text = label
            .with(palette::text_on_indexed(i))
            .on(palette::indexed(i));
        screen.styled(
            x,
            y,
            if c == game.flood_color() {
                text.underlined()
            } else {
                text
            },
        )?;
    }
    let last = Color::ALL[colors - 1];
    screen.text(
        0,
        layout.help_top,
        format!(
            "0-{last} or click: play · arrows, Enter: pick · h hint · u undo · n new game · q quit"
        )
        .dark_grey(),
    )?;
    screen.text(0, layout.help_top + 1, message)?;
    screen.show()
}
