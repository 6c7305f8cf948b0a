//! Blokus in the terminal: play Duo or Classic against a bot, watch bots play, count perft,
//! match bots against each other, or serve the engine over GTP (Pentobi's Blokus dialect).
//!
//! ```text
//! cargo run --release --example blokus                          # you (blue) against the tree search
//! cargo run --release --example blokus -- --variant classic --bot greedy
//! cargo run --release --example blokus -- --demo --seed 7       # bot against bot, final board
//! cargo run --release --example blokus -- perft --depth 3
//! cargo run --release --example blokus -- match --bots mcts,greedy --games 200 --playouts 10000
//! cargo run --release --example blokus -- gtp --level 10000     # a GTP engine on stdin/stdout
//! ```

#[path = "demo/blokus.rs"]
mod demo;
#[path = "blokus/gtp.rs"]
mod gtp;
#[path = "support/mod.rs"]
mod support;

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use crossterm::event::{Event, KeyCode, KeyEventKind};
use crossterm::style::{Color as TermColor, Stylize};
use plateau_blokus::{
    Bot, Color, Config, Game, GreedyBot, Mcts, Move, Placement, Play, Pos, RandomBot, Variant,
};
use rayon::prelude::*;

#[derive(Parser)]
#[command(
    name = "blokus",
    about = "Blokus Duo and Classic: play against a bot (moves in ICFPT codes such as 56t2, or a \
             suggestion's number; h hint, u undo, q quit), or run perft, bot matches, a GTP engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    game: support::GameArgs,
    /// The variant.
    #[arg(long, value_enum, default_value_t = VariantArg::Duo)]
    variant: VariantArg,
    /// Players: Duo 2; Classic 4 (the default) or 2, each with two colours.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: Option<u8>,
    /// The bot you play against.
    #[arg(long, value_enum, default_value_t = BotArg::Mcts)]
    bot: BotArg,
    /// Playouts per move of the tree search.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    playouts: u32,
}

#[derive(Subcommand)]
enum Command {
    /// Count the move sequences of each depth from the start (passes count as moves) and
    /// print one line per depth as it is done.
    Perft {
        /// The deepest depth (1 to 4; depth 4 from the Duo start takes minutes).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=4))]
        depth: u32,
        /// The variant.
        #[arg(long, value_enum, default_value_t = VariantArg::Duo)]
        variant: VariantArg,
    },
    /// Play seeded games between two bots, alternating colours, in parallel; print each
    /// result line and the first bot's score rate with its 95 % interval.
    Match {
        /// The two bots, comma separated: mcts, greedy or random.
        #[arg(long, default_value = "mcts,greedy", value_parser = parse_bots)]
        bots: (BotArg, BotArg),
        /// Number of games (the first bot plays blue in the even ones).
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
        /// Playouts per move of the tree search.
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
        playouts: u32,
        /// Seed of the first game; game i uses seed + i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Worker threads (default: all cores).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
    },
    /// Serve the engine with the Go Text Protocol in Pentobi's Blokus dialect on standard
    /// input and output (for tournament controllers such as Pentobi's twogtp).
    Gtp {
        /// Playout budget of the tree search per generated move.
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
        level: u32,
        /// Seed of the tree search.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The variant at start-up (`set_game` changes it).
        #[arg(long, value_enum, default_value_t = VariantArg::Duo)]
        variant: VariantArg,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum VariantArg {
    Duo,
    Classic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum BotArg {
    Mcts,
    Greedy,
    Random,
}

fn parse_bots(s: &str) -> Result<(BotArg, BotArg), String> {
    let (a, b) = s
        .split_once(',')
        .ok_or("expected two bots separated by a comma, e.g. mcts,greedy")?;
    let one = |t: &str| {
        BotArg::from_str(t.trim(), true)
            .map_err(|_| format!("unknown bot {t:?} (mcts, greedy, random)"))
    };
    Ok((one(a)?, one(b)?))
}

fn make_bot(kind: BotArg, seed: u64, playouts: u32) -> Box<dyn Bot<Game> + Send> {
    match kind {
        BotArg::Mcts => Box::new(Mcts::new(seed).with_playouts(playouts)),
        BotArg::Greedy => Box::new(GreedyBot::new()),
        BotArg::Random => Box::new(RandomBot::new(seed)),
    }
}

fn config_of(
    variant: VariantArg,
    players: Option<u8>,
) -> Result<Config, Box<dyn std::error::Error>> {
    let variant = match variant {
        VariantArg::Duo => Variant::Duo,
        VariantArg::Classic => Variant::Classic,
    };
    let players = players.map_or(variant.colors(), usize::from);
    Ok(Config::new(variant, players)?)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    support::run("blokus", move || match cli.command {
        Some(Command::Perft { depth, variant }) => perft(depth, variant),
        Some(Command::Match {
            bots,
            games,
            playouts,
            seed,
            threads,
        }) => run_match(bots, games, playouts, seed, threads),
        Some(Command::Gtp {
            level,
            seed,
            variant,
        }) => gtp::serve(level, seed, variant == VariantArg::Classic),
        None => {
            let config = config_of(cli.variant, cli.players)?;
            if cli.game.demo {
                let seed = cli.game.seed.unwrap_or(2026);
                let mut out = io::stdout().lock();
                if config == Config::duo() {
                    demo::run(seed, &mut out)?;
                } else {
                    demo_variant(config, seed, &mut out)?;
                }
                return Ok(());
            }
            let seed = cli.game.seed();
            let bot = make_bot(cli.bot, seed, cli.playouts);
            if support::interactive() {
                play_screen(config, bot, seed)
            } else {
                play_lines(config, bot)
            }
        }
    })
}

/// `--demo` for Classic: bots on every colour (the tree search on blue, greedy elsewhere).
fn demo_variant(config: Config, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let mut bots: Vec<Box<dyn Bot<Game>>> =
        vec![Box::new(Mcts::new(seed).with_playouts(demo::DEMO_PLAYOUTS))];
    for _ in 1..config.players() {
        bots.push(Box::new(GreedyBot::new()));
    }
    writeln!(
        out,
        "Blokus {} for {} players, seed {seed}: player 1 is the tree search, the others greedy",
        config.variant(),
        config.players()
    )?;
    let game = demo::play_out(Game::new(config), &mut bots).map_err(io::Error::other)?;
    writeln!(out, "{game}")?;
    demo::summary(&game, out)
}

fn perft(depth: u32, variant: VariantArg) -> support::Outcome {
    let config = config_of(variant, None)?;
    let mut game = Game::new(config);
    let mut out = io::stdout().lock();
    for d in 1..=depth {
        let start = Instant::now();
        let mut lists = vec![Vec::new(); d as usize];
        let n = count(&mut game, d, &mut lists);
        writeln!(out, "depth {d}: {n} ({:.2?})", start.elapsed())?;
        out.flush()?;
    }
    Ok(())
}

/// Perft with one move list per level, reused.
fn count(game: &mut Game, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one list per level");
    game.legal_moves_into(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for &m in list.iter() {
        if game.play(m).is_ok() {
            n += count(game, depth - 1, rest);
            game.undo();
        }
    }
    n
}

/// One match game: the bots' results, first bot's score minus the second's.
struct Outcome {
    index: u32,
    first_blue: bool,
    diff: i32,
    moves: usize,
}

fn run_match(
    (a, b): (BotArg, BotArg),
    games: u32,
    playouts: u32,
    seed: u64,
    threads: Option<u32>,
) -> support::Outcome {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.map_or(0, |t| t as usize))
        .build()?;
    let bar = support::progress::bar(u64::from(games), "games");
    let start = Instant::now();
    let (tx, rx) = std::sync::mpsc::channel::<Outcome>();
    let printer = std::thread::spawn(move || -> io::Result<Vec<Outcome>> {
        let mut all = Vec::new();
        let mut out = io::stdout().lock();
        for o in rx {
            writeln!(
                out,
                "game {} ({} blue): first bot {:+} in {} moves",
                o.index,
                if o.first_blue { "first" } else { "second" },
                o.diff,
                o.moves
            )?;
            out.flush()?;
            all.push(o);
        }
        Ok(all)
    });
    pool.install(|| {
        (0..games).into_par_iter().for_each_with(tx, |tx, i| {
            let s = seed.wrapping_add(u64::from(i));
            let first_blue = i % 2 == 0;
            let (x, y) = (
                make_bot(a, s, playouts),
                make_bot(b, s.wrapping_add(1 << 32), playouts),
            );
            let mut bots: Vec<Box<dyn Bot<Game> + Send>> =
                if first_blue { vec![x, y] } else { vec![y, x] };
            let mut game = Game::new(Config::duo());
            while !game.is_over() {
                let m = bots[game.color_to_move().index()]
                    .choose(&game)
                    .expect("a move while the game goes on");
                if game.play(m).is_err() {
                    break;
                }
            }
            let blue = game.color_score(Color::BLUE) - game.color_score(Color::YELLOW);
            let diff = if first_blue { blue } else { -blue };
            bar.inc(1);
            let _ = tx.send(Outcome {
                index: i,
                first_blue,
                diff,
                moves: game.moves().len(),
            });
        });
    });
    bar.finish_and_clear();
    let all = printer.join().map_err(|_| "the result printer failed")??;
    let n = all.len() as f64;
    let wins = all.iter().filter(|o| o.diff > 0).count();
    let draws = all.iter().filter(|o| o.diff == 0).count();
    let losses = all.len() - wins - draws;
    let rate = (wins as f64 + draws as f64 / 2.0) / n;
    let (lo, hi) = wilson(wins as f64 + draws as f64 / 2.0, n);
    let mean = all.iter().map(|o| f64::from(o.diff)).sum::<f64>() / n;
    println!(
        "{a:?} vs {b:?}, {games} Duo games, {playouts} playouts per tree-search move, seeds {seed}..{}: \
         {wins} wins, {draws} draws, {losses} losses; score rate {:.1} % (95 % interval {:.1} to {:.1} %), \
         mean margin {mean:+.1}, {:.1} s",
        seed + u64::from(games),
        100.0 * rate,
        100.0 * lo,
        100.0 * hi,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The Wilson score interval at 95 % for `k` successes in `n` trials.
fn wilson(k: f64, n: f64) -> (f64, f64) {
    let z = 1.959_964;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

// ---------------------------------------------------------------------------------------
// Playing against the bot.

/// The human's colours: blue (and red in two-player Classic).
fn human_plays(game: &Game) -> bool {
    game.config().player_of(game.color_to_move()).index() == 0
}

/// Up to nine good moves for the colour to move: the greedy ranking (largest pieces, most
/// attach cells), one per piece.
fn suggestions(game: &Game) -> Vec<Move> {
    let mut moves: Vec<Placement> = game
        .legal_moves()
        .into_iter()
        .filter_map(plateau_blokus::Move::placement)
        .collect();
    moves.sort_by_key(|p| std::cmp::Reverse(p.size()));
    let mut out: Vec<Move> = Vec::new();
    let mut greedy = GreedyBot::new();
    if let Some(Move::Place(best)) = greedy.choose(game) {
        out.push(Move::Place(best));
    }
    for p in moves {
        if out.len() >= 9 {
            break;
        }
        if !out
            .iter()
            .any(|m| m.placement().is_some_and(|q| q.piece() == p.piece()))
        {
            out.push(Move::Place(p));
        }
    }
    out
}

/// What a typed line asks for.
enum Typed {
    Play(Move),
    Hint,
    Undo,
    Quit,
}

fn parse_line(line: &str, suggestions: &[Move]) -> Result<Typed, String> {
    let t = line.trim();
    match t {
        "h" | "hint" => return Ok(Typed::Hint),
        "u" | "undo" => return Ok(Typed::Undo),
        "q" | "quit" => return Ok(Typed::Quit),
        _ => {}
    }
    if let Ok(i) = t.parse::<usize>()
        && t.len() <= 2
    {
        return suggestions
            .get(i.wrapping_sub(1))
            .copied()
            .map(Typed::Play)
            .ok_or_else(|| format!("no suggestion {t} (1 to {})", suggestions.len()));
    }
    t.parse::<Move>()
        .map(Typed::Play)
        .map_err(|e| e.to_string())
}

/// Undoes the last human move and every bot move after it.
fn undo_turn(game: &mut Game) -> bool {
    let mut undone = false;
    while game.undo().is_some() {
        undone = true;
        if human_plays(game) {
            return true;
        }
    }
    undone
}

/// Lets the bot play until it is the human's turn again (or the game ends); passes for the
/// human when blocked.
fn bot_turns(game: &mut Game, bot: &mut Box<dyn Bot<Game> + Send>, log: &mut Vec<String>) {
    while !game.is_over() {
        if human_plays(game) {
            if game.legal_moves() == [Move::Pass] {
                log.push(format!(
                    "you ({}) cannot move: pass",
                    game.color_to_move().name(game.variant())
                ));
                let _ = game.play(Move::Pass);
                continue;
            }
            return;
        }
        let c = game.color_to_move();
        let Some(m) = bot.choose(game) else {
            return;
        };
        if game.play(m).is_err() {
            return;
        }
        log.push(format!("{} plays {m}", c.name(game.variant())));
    }
}

fn play_lines(config: Config, mut bot: Box<dyn Bot<Game> + Send>) -> support::Outcome {
    let mut game = Game::new(config);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    let mut log = Vec::new();
    loop {
        bot_turns(&mut game, &mut bot, &mut log);
        for l in log.drain(..) {
            writeln!(out, "{l}")?;
        }
        writeln!(out, "{game}")?;
        if game.is_over() {
            demo::summary(&game, &mut out)?;
            return Ok(());
        }
        let sugg = suggestions(&game);
        let list: Vec<String> = sugg
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{}:{m}", i + 1))
            .collect();
        writeln!(
            out,
            "{} to move; pieces {}; suggestions {}",
            game.color_to_move().name(game.variant()),
            pieces_text(&game, game.color_to_move()),
            list.join(" ")
        )?;
        write!(out, "move (code, number, h, u, q)> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(());
        }
        if line.trim().is_empty() {
            continue;
        }
        match parse_line(&line, &sugg) {
            Ok(Typed::Quit) => return Ok(()),
            Ok(Typed::Hint) => {
                let h = plateau_blokus::hint(&game).unwrap_or(Move::Pass);
                writeln!(out, "hint: {h}")?;
            }
            Ok(Typed::Undo) => {
                if !undo_turn(&mut game) {
                    writeln!(out, "nothing to undo")?;
                }
            }
            Ok(Typed::Play(m)) => {
                if let Err(e) = game.play(m) {
                    writeln!(out, "not played: {e}")?;
                }
            }
            Err(e) => writeln!(out, "{e}")?,
        }
    }
}

fn pieces_text(game: &Game, c: Color) -> String {
    game.pieces_left(c)
        .iter()
        .map(plateau_blokus::Piece::letter)
        .collect()
}

/// The terminal colour of a colour.
fn term_color(c: Color) -> TermColor {
    support::palette::PLAYERS[c.index() % 4]
}

fn play_screen(config: Config, mut bot: Box<dyn Bot<Game> + Send>, seed: u64) -> support::Outcome {
    let mut screen = support::Screen::enter(support::screen::Options::default())?;
    let mut game = Game::new(config);
    let mut input = String::new();
    let mut log: Vec<String> =
        vec!["type a move code (e.g. 56t2) or a suggestion's number and press Enter".into()];
    let mut highlight: Option<Placement> = None;
    loop {
        if !human_plays(&game) && !game.is_over() {
            draw(
                &mut screen,
                &game,
                seed,
                &input,
                &log,
                highlight,
                &[],
                "the bot is thinking...",
            )?;
            let before = log.len();
            bot_turns(&mut game, &mut bot, &mut log);
            highlight = game.moves().iter().rev().find_map(|m| m.placement());
            if log.len() > before + 6 {
                log.drain(..log.len() - 6);
            }
        }
        let sugg = if game.is_over() {
            Vec::new()
        } else {
            suggestions(&game)
        };
        let status = if game.is_over() {
            format!("game over: {}; q quits, u undoes", game.status())
        } else {
            String::from("Enter plays; h hint, u undo, q quit (in Classic type column h as H)")
        };
        draw(
            &mut screen,
            &game,
            seed,
            &input,
            &log,
            highlight,
            &sugg,
            &status,
        )?;
        let Some(Event::Key(k)) = screen.next_event(None)? else {
            continue;
        };
        if k.kind == KeyEventKind::Release {
            continue;
        }
        let typed = support::keys::char_of(&k);
        if k.code == KeyCode::Esc || (k.code == KeyCode::Char('c') && !support::keys::plain(&k)) {
            return Ok(());
        }
        // With nothing typed yet, q, h and u act at once (no code starts with them, except
        // Classic's column h, typed H).
        if input.is_empty()
            && let Some(c @ ('q' | 'h' | 'u')) = typed
        {
            if c == 'q' {
                return Ok(());
            }
            quick_key(c, &mut game, &mut log, &mut highlight);
            continue;
        }
        match k.code {
            KeyCode::Backspace => {
                input.pop();
            }
            KeyCode::Enter => {
                let line = std::mem::take(&mut input);
                match parse_line(&line, &sugg) {
                    Ok(Typed::Play(m)) => match game.play(m) {
                        Ok(_) => {
                            log.push(format!("you play {m}"));
                            highlight = m.placement();
                        }
                        Err(e) => log.push(format!("not played: {e}")),
                    },
                    Ok(Typed::Quit) => return Ok(()),
                    Ok(Typed::Hint | Typed::Undo) => {}
                    Err(e) => log.push(e),
                }
            }
            _ => {
                if let Some(c) = typed
                    && input.len() < 8
                {
                    input.push(c);
                }
            }
        }
        if log.len() > 6 {
            log.drain(..log.len() - 6);
        }
    }
}

/// `h` (a hint, highlighted) or `u` (undo the last turn).
fn quick_key(c: char, game: &mut Game, log: &mut Vec<String>, highlight: &mut Option<Placement>) {
    if c == 'h' {
        let h = plateau_blokus::hint(game).unwrap_or(Move::Pass);
        *highlight = h.placement();
        log.push(format!("hint: {h} (highlighted)"));
    } else if undo_turn(game) {
        log.push("undone".into());
        *highlight = None;
    } else {
        log.push("nothing to undo".into());
    }
}

#[allow(clippy::too_many_arguments)]
fn draw(
    screen: &mut support::Screen,
    game: &Game,
    seed: u64,
    input: &str,
    log: &[String],
    highlight: Option<Placement>,
    sugg: &[Move],
    status: &str,
) -> io::Result<()> {
    let variant = game.variant();
    let side = variant.side();
    screen.begin()?;
    screen.text(
        0,
        0,
        format!(
            "Blokus {variant} (seed {seed}): cover your start, then touch your own colour only at corners. Move {}",
            game.moves().len() + 1
        ),
    )?;
    let digits: String = (1..=side)
        .flat_map(|v| [' ', char::from_digit(v as u32, 36).unwrap_or('?')])
        .collect();
    screen.text(3, 1, digits)?;
    let marked: Vec<Pos> = highlight.map(|p| p.cells().collect()).unwrap_or_default();
    for y in 0..side {
        let row = u16::try_from(y).unwrap_or(0) + 2;
        screen.text(
            0,
            row,
            format!("{:>2} ", char::from_digit(y as u32 + 1, 36).unwrap_or('?')),
        )?;
        for x in 0..side {
            let pos = Pos::new(x, y);
            let mark = if marked.contains(&pos) { "<>" } else { "  " };
            let cell = match game.at(pos) {
                Some(c) => mark.on(term_color(c)).with(TermColor::Black),
                None if variant.start(game.color_to_move()) == Some(pos)
                    && game.pieces_left(game.color_to_move()).len() == 21 =>
                {
                    "()".on(TermColor::AnsiValue(238))
                        .with(term_color(game.color_to_move()))
                }
                None if marked.contains(&pos) => "<>".on(TermColor::AnsiValue(238)),
                None => " ."
                    .on(TermColor::AnsiValue(236))
                    .with(TermColor::AnsiValue(244)),
            };
            screen.more(cell)?;
        }
    }
    let px = u16::try_from(side * 2 + 5).unwrap_or(45);
    let mut line = 2;
    for c in (0..game.config().colors()).filter_map(Color::new) {
        let who = if game.config().player_of(c).index() == 0 {
            "you"
        } else {
            "bot"
        };
        let turn = if game.color_to_move() == c && !game.is_over() {
            " <- to move"
        } else {
            ""
        };
        screen.styled(
            px,
            line,
            format!(" {} ", c.name(variant))
                .on(term_color(c))
                .with(TermColor::Black),
        )?;
        screen.more(format!(" {who}, score {}{turn}", game.color_score(c)).stylize())?;
        line += 1;
        screen.text(px + 1, line, format!("pieces: {}", pieces_text(game, c)))?;
        line += 2;
    }
    if !sugg.is_empty() {
        screen.text(px, line, "suggestions:")?;
        line += 1;
        for (i, m) in sugg.iter().enumerate() {
            let what = m.placement().map_or("pass", |p| p.piece().name());
            screen.text(px + 1, line, format!("{}: {m} ({what})", i + 1))?;
            line += 1;
        }
    }
    let bottom = u16::try_from(side).unwrap_or(20) + 3;
    for (i, l) in log.iter().enumerate() {
        screen.text(0, bottom + u16::try_from(i).unwrap_or(0), l)?;
    }
    let prompt = bottom + 7;
    screen.text(0, prompt, status)?;
    screen.text(0, prompt + 1, format!("> {input}_"))?;
    if game.is_over() {
        screen.text(0, prompt + 2, format!("{}", game.status()))?;
    }
    screen.show()
}
