//! The batch commands: `solve` (one answer line per board, streamed) and `bench` (every
//! solver on random boards). Every search runs under a node budget, about 5 s a board by
//! default: no flag makes the work unbounded.

use std::error::Error;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use plateau::CliResult;
use plateau_floodit::{
    BATCH_MILLIS, Board, Color, Config, Game, Rules, Size, Solution, SolveError, Solver, Start,
    format_moves, greedy,
};

/// The lookahead depth when none is given.
pub const DEFAULT_DEPTH: u32 = 3;

/// What `solve` is asked.
pub struct SolveOptions {
    pub size: Option<Size>,
    pub colors: Option<u8>,
    pub start: Start,
    /// The exact solver, or a lookahead.
    pub solver: Solver,
    pub max_nodes: Option<u64>,
}

/// The node budget of `solver` on `game`: the one given, or about [`BATCH_MILLIS`].
fn budget(solver: Solver, game: &Game, max_nodes: Option<u64>) -> u64 {
    max_nodes.unwrap_or_else(|| solver.node_budget(game, BATCH_MILLIS))
}

/// What helps when a search ran out of its budget.
fn advice(solver: Solver) -> &'static str {
    match solver {
        Solver::Exact => {
            "--fast gives a quick solution (not proven optimal), --max-nodes N a bigger budget"
        }
        _ => "a smaller --depth is faster, --max-nodes N gives a bigger budget",
    }
}

pub fn solve_command(opts: &SolveOptions, boards: Vec<String>) -> CliResult {
    let mut over_budget = 0usize;
    let result = plateau::batch(plateau::inputs(boards), |line| {
        let game = game_of_line(line, opts)?;
        match opts
            .solver
            .solve_limited(&game, budget(opts.solver, &game, opts.max_nodes))
        {
            Ok(s) => Ok(answer(&s)),
            Err(SolveError::NodeLimit { nodes }) => {
                over_budget += 1;
                if over_budget == 1 {
                    eprintln!(
                        "floodit: the node budget ({nodes} nodes) ran out on a {} board; {}",
                        game.size(),
                        advice(opts.solver)
                    );
                }
                let what = if opts.solver.is_optimal() {
                    "no solution proved optimal"
                } else {
                    "no solution"
                };
                Err(format!("{what} within {nodes} search nodes").into())
            }
            Err(e) => Err(e.into()),
        }
    });
    if over_budget > 1 {
        eprintln!("floodit: {over_budget} boards ran out of the node budget");
    }
    result
}

/// A solution's output line: its length and moves, "0" alone for no move (no trailing
/// space).
fn answer(s: &Solution<Color>) -> String {
    if s.moves.is_empty() {
        "0".to_owned()
    } else {
        format!("{} {}", s.len(), format_moves(&s.moves))
    }
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

/// One solver's totals over the boards.
#[derive(Default)]
struct Tally {
    time: Duration,
    /// Boards solved within the budget, their moves and nodes.
    solved: u64,
    moves: u64,
    nodes: u64,
    max: usize,
    /// Moves beyond the optimum, over the boards the exact solver solved too.
    excess: u64,
}

impl Tally {
    fn add(&mut self, s: &Solution<Color>, time: Duration) {
        self.time += time;
        self.solved += 1;
        self.moves += s.len() as u64;
        self.nodes += s.nodes;
        self.max = self.max.max(s.len());
    }
}

/// Runs `solver` on `game` under `budget`, timed, into `tally`.
fn timed(tally: &mut Tally, solver: Solver, game: &Game, budget: u64) -> Option<Solution<Color>> {
    let t = Instant::now();
    let s = solver.solve_limited(game, budget).ok();
    match &s {
        Some(s) => tally.add(s, t.elapsed()),
        None => tally.time += t.elapsed(),
    }
    s
}

pub fn bench_command(
    config: Config,
    boards: u64,
    seed: u64,
    depth: u32,
    max_nodes: Option<u64>,
) -> CliResult {
    // Boards are dealt one at a time (any number of them in constant memory); each solver is
    // timed on its own, under its own budget (Solver::node_budget).
    let bar = plateau::progress::bar(boards, "boards");
    let (mut exact, mut greedy_t, mut look) =
        (Tally::default(), Tally::default(), Tally::default());
    for i in 0..boards {
        let g = Game::new(config, seed.wrapping_add(i));
        let best = timed(
            &mut exact,
            Solver::Exact,
            &g,
            budget(Solver::Exact, &g, max_nodes),
        );
        let t = Instant::now();
        let greedy_s = greedy(&g);
        greedy_t.add(&greedy_s, t.elapsed());
        let lookahead = Solver::Lookahead(depth);
        let look_s = timed(&mut look, lookahead, &g, budget(lookahead, &g, max_nodes));
        if let Some(best) = best {
            greedy_t.excess += greedy_s.len().saturating_sub(best.len()) as u64;
            if let Some(l) = look_s {
                look.excess += l.len().saturating_sub(best.len()) as u64;
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();

    let n = boards.max(1) as f64;
    let per = |t: &Tally| t.solved.max(1) as f64;
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
        "exact:       mean {:.3} moves, total {:.3} s, {:.3} ms per board, max {}, {:.0} nodes per board",
        exact.moves as f64 / per(&exact),
        exact.time.as_secs_f64(),
        exact.time.as_secs_f64() * 1e3 / n,
        exact.max,
        exact.nodes as f64 / per(&exact)
    )?;
    if exact.solved < boards {
        writeln!(
            out,
            "             {} of {boards} boards ran out of the node budget (excluded above and from the excess below)",
            boards - exact.solved
        )?;
    }
    writeln!(
        out,
        "greedy:      mean {:.3} moves, excess {:.3}, {:.3} ms per board",
        greedy_t.moves as f64 / n,
        greedy_t.excess as f64 / per(&exact),
        greedy_t.time.as_secs_f64() * 1e3 / n
    )?;
    writeln!(
        out,
        "lookahead {depth}: mean {:.3} moves, excess {:.3}, {:.3} ms per board",
        look.moves as f64 / per(&look),
        look.excess as f64 / per(&exact),
        look.time.as_secs_f64() * 1e3 / n
    )?;
    if look.solved < boards {
        writeln!(
            out,
            "             {} of {boards} boards ran out of the node budget (excluded above; {})",
            boards - look.solved,
            advice(Solver::Lookahead(depth))
        )?;
    }
    Ok(())
}
