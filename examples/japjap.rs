//! Jap Jap in the terminal: play against bots, watch them, measure them.
//!
//! ```text
//! cargo run --release --example japjap                          # you (P1) against 2 search bots
//! cargo run --release --example japjap -- --players 4 --bot greedy --seed 7
//! cargo run --release --example japjap -- --demo                # bots play a game, log printed
//! cargo run --release --example japjap -- stats --players 2 --games 1000 --bots greedy,search
//! cargo run --release --example japjap -- match --bots search,greedy --games 1000 --seed 1
//! cargo run --release --example japjap -- rounds --bots greedy,random --rounds 10000
//! ```

#[path = "demo/japjap.rs"]
mod demo;
#[path = "japjap/sim.rs"]
mod sim;
#[path = "support/mod.rs"]
mod support;

use std::error::Error;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::str::FromStr;

use clap::{Parser, Subcommand};
use crossterm::event::{Event as TermEvent, KeyCode, KeyEventKind};
use crossterm::style::{Color, Stylize};
use plateau_japjap::{
    Action, Bot, Card, CardSet, Game, GreedyBot, Meld, Play, RandomBot, Rules, SearchBot, Seat,
    Status, Take, View,
};

#[derive(Parser)]
#[command(
    about = "Jap Jap: discard combinations, call \"Jap Jap\" at 5 points or less, stay under 90",
    after_help = "Actions are typed as `call`, `discard 4H 5H 6H take stock`, `discard KD take 3C` \
                  (10 or T for tens; suits S H D C or ♠ ♥ ♦ ♣)."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    game: support::GameArgs,
    /// Players at the table (2 to 5); you are P1.
    #[arg(long, default_value_t = 3)]
    players: u8,
    /// The bot playing the other seats: random, greedy or search.
    #[arg(long, default_value = "search")]
    bot: BotName,
    /// Worlds the search bot samples per decision (1 to 4096; time grows with it).
    #[arg(long, default_value_t = plateau_japjap::DEFAULT_WORLDS, value_parser = clap::value_parser!(u32).range(1..=4096))]
    worlds: u32,
}

#[derive(Subcommand)]
enum Command {
    /// Simulate games and print mean turns per round, first-player win rate, call and
    /// counter rates, stock-exhaustion rate and rounds per game.
    Stats {
        /// Players at the table (2 to 5).
        #[arg(long, default_value_t = 2)]
        players: u8,
        /// Games to play.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Bots, one per seat (cycled if fewer than the players; seats rotate between games).
        #[arg(long, default_value = "greedy,greedy", value_delimiter = ',')]
        bots: Vec<BotName>,
        /// First seed; game i uses seed + i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Worlds the search bot samples per decision (1 to 4096; time grows with it).
        #[arg(long, default_value_t = plateau_japjap::DEFAULT_WORLDS, value_parser = clap::value_parser!(u32).range(1..=4096))]
        worlds: u32,
    },
    /// Play whole games between bots (one seat each, rotated between games) and print one
    /// line per bot: `<name>: won W of N games (P% +- H%)`, best first.
    Match {
        /// Bots, one per seat (2 to 5).
        #[arg(long, value_delimiter = ',', required = true)]
        bots: Vec<BotName>,
        /// Games to play.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// First seed; game i uses seed + i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Worlds the search bot samples per decision (1 to 4096; time grows with it).
        #[arg(long, default_value_t = plateau_japjap::DEFAULT_WORLDS, value_parser = clap::value_parser!(u32).range(1..=4096))]
        worlds: u32,
    },
    /// Play single rounds between bots (seats rotated) and print one line per bot:
    /// `<name>: won W of N rounds (P% +- H%)`, best first.
    Rounds {
        /// Bots, one per seat (2 to 5).
        #[arg(long, value_delimiter = ',', required = true)]
        bots: Vec<BotName>,
        /// Rounds to play.
        #[arg(long, default_value_t = 10_000)]
        rounds: u64,
        /// First seed; round i uses seed + i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Worlds the search bot samples per decision (1 to 4096; time grows with it).
        #[arg(long, default_value_t = plateau_japjap::DEFAULT_WORLDS, value_parser = clap::value_parser!(u32).range(1..=4096))]
        worlds: u32,
    },
}

/// The bots `--bot` and `--bots` name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BotName {
    Random,
    Greedy,
    Search,
}

impl FromStr for BotName {
    type Err = String;
    fn from_str(s: &str) -> Result<BotName, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(BotName::Random),
            "greedy" => Ok(BotName::Greedy),
            "search" => Ok(BotName::Search),
            other => Err(format!(
                "unknown bot {other:?} (the bots are random, greedy and search)"
            )),
        }
    }
}

impl fmt::Display for BotName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BotName::Random => "random",
            BotName::Greedy => "greedy",
            BotName::Search => "search",
        })
    }
}

impl BotName {
    fn make(self, seed: u64, worlds: u32) -> Box<dyn Bot<Game> + Send> {
        match self {
            BotName::Random => Box::new(RandomBot::new(seed)),
            BotName::Greedy => Box::new(GreedyBot::new()),
            BotName::Search => Box::new(SearchBot::new(seed).with_worlds(worlds)),
        }
    }
}

fn main() -> std::process::ExitCode {
    support::run("japjap", || {
        let cli = Cli::parse();
        match cli.command {
            Some(Command::Stats {
                players,
                games,
                ref bots,
                seed,
                worlds,
            }) => sim::stats(players, games, bots, seed, worlds),
            Some(Command::Match {
                ref bots,
                games,
                seed,
                worlds,
            }) => sim::tournament(bots, games, seed, worlds, sim::Unit::Games),
            Some(Command::Rounds {
                ref bots,
                rounds,
                seed,
                worlds,
            }) => sim::tournament(bots, rounds, seed, worlds, sim::Unit::Rounds),
            None if cli.game.demo => {
                // The demo's table is its own (three bots), but a bad --players is still
                // an error rather than silently ignored.
                Rules::new(cli.players)?;
                let seed = cli.game.seed.unwrap_or(2026);
                demo::run(seed, &mut io::stdout().lock())?;
                Ok(())
            }
            None => play(&cli),
        }
    })
}

// ---------------------------------------------------------------------------------------
// Playing against the bots.

/// What the human is choosing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// A combination (or the call).
    Meld,
    /// The card to take after discarding this meld.
    Take(Meld),
}

/// The choices of a stage, in the order they are numbered.
fn options(view: &View, stage: Stage) -> Vec<Choice> {
    let legal = view.legal_moves();
    match stage {
        Stage::Meld => {
            let mut out = Vec::new();
            if legal.contains(&Action::Call) {
                out.push(Choice::Call);
            }
            for a in &legal {
                if let Action::Discard { meld, .. } = a
                    && !out.contains(&Choice::Meld(*meld))
                {
                    out.push(Choice::Meld(*meld));
                }
            }
            out
        }
        Stage::Take(m) => legal
            .iter()
            .filter_map(|a| match a {
                Action::Discard { meld, take } if *meld == m => Some(Choice::Take(*take)),
                _ => None,
            })
            .collect(),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Choice {
    Call,
    Meld(Meld),
    Take(Take),
}

/// The table as lines of coloured pieces, for both the full screen and the line mode.
type Line = Vec<(String, Option<Color>)>;

fn plain(s: impl Into<String>) -> (String, Option<Color>) {
    (s.into(), None)
}

fn card_piece(c: Card) -> (String, Option<Color>) {
    (
        format!("{}{}", c.rank(), c.suit().symbol()),
        Some(support::palette::suit(c.suit().is_red())),
    )
}

fn cards_line(label: &str, cards: CardSet) -> Line {
    let mut line = vec![plain(label)];
    if cards.is_empty() {
        line.push(plain("-"));
    }
    for (i, c) in cards.iter().enumerate() {
        if i > 0 {
            line.push(plain(" "));
        }
        line.push(card_piece(c));
    }
    line
}

fn table(game: &Game, me: Seat, seed: u64, log: &[String], bot: BotName) -> Vec<Line> {
    let view = game.view(me);
    let rules = game.rules();
    let mut lines = vec![vec![plain(format!(
        "Jap Jap, {} players (you are {me}, the others {bot}), seed {seed}: call at {} or less, {} loses",
        rules.players(),
        rules.call_threshold(),
        rules.score_limit()
    ))]];
    let scores: Vec<String> = game
        .seats()
        .map(|p| {
            let sz = view.hand_size(p);
            let known = view.known(p);
            let seen = if p != me && !known.is_empty() {
                format!(", holds {known}")
            } else {
                String::new()
            };
            format!("{p} {} pts ({sz} cards{seen})", game.scores()[p.index()])
        })
        .collect();
    lines.push(vec![plain(format!(
        "round {}, turn {}, stock {}: {}",
        game.round_number() + 1,
        game.turn() + 1,
        game.stock_len(),
        scores.join(" | ")
    ))]);
    lines.push(Vec::new());
    for l in log.iter().rev().take(8).rev() {
        lines.push(vec![plain(l.clone())]);
    }
    lines.push(Vec::new());
    lines.push(cards_line("on the discard: ", view.discard().cards()));
    let mut hand = cards_line("your hand:      ", view.hand());
    hand.push(plain(format!("  (worth {})", view.hand().value())));
    lines.push(hand);
    lines
}

fn choice_line(n: usize, c: Choice, selected: bool) -> Line {
    let mark = if selected { "> " } else { "  " };
    let mut line = vec![plain(format!("{mark}{n:>2}. "))];
    match c {
        Choice::Call => line.push(plain("call Jap Jap")),
        Choice::Meld(m) => {
            line.push(plain("discard "));
            for (i, card) in m.cards().iter().enumerate() {
                if i > 0 {
                    line.push(plain(" "));
                }
                line.push(card_piece(card));
            }
            line.push(plain(format!("  (-{})", m.value())));
        }
        Choice::Take(Take::Stock) => line.push(plain("draw from the stock")),
        Choice::Take(Take::Discard(card)) => {
            line.push(plain("take "));
            line.push(card_piece(card));
        }
    }
    line
}

fn play(cli: &Cli) -> support::Outcome {
    let rules = Rules::new(cli.players)?;
    let seed = cli.game.seed();
    let mut game = Game::new(rules, seed);
    let me = Seat::FIRST;
    let mut bots: Vec<Box<dyn Bot<Game> + Send>> = (0..usize::from(cli.players))
        .map(|s| cli.bot.make(sim::bot_seed(seed, s), cli.worlds))
        .collect();
    let mut log: Vec<String> = Vec::new();
    let mut ui = if support::interactive() {
        Ui::Screen(support::Screen::enter(support::screen::Options::default())?)
    } else {
        Ui::Lines(io::stdin().lock(), io::stdout().lock())
    };
    loop {
        // Bots play until it is the human's turn.
        while let Some(p) = game.to_move()
            && p != me
        {
            let hand = game.hand(p);
            let action = bots[p.index()]
                .choose(game.view(p))
                .ok_or("a bot offered no action")?;
            let event = game.play(action)?;
            note(&mut log, &event, hand, me);
        }
        if let Status::Over { losers } = game.status() {
            let g = game.last_game().ok_or("the game has no result")?;
            let verdict = if g.winners().contains(me) {
                "You win!"
            } else if losers.contains(me) {
                "You lose."
            } else {
                "Game over."
            };
            let totals: Vec<String> = g.totals().iter().map(ToString::to_string).collect();
            log.push(format!(
                "{verdict} Final totals {} after {} rounds.",
                totals.join("-"),
                g.rounds()
            ));
            ui.finish(&table(&game, me, seed, &log, cli.bot))?;
            return Ok(());
        }
        let Some(action) = ui.ask(&game, me, seed, &log, cli.bot)? else {
            return Ok(());
        };
        let hand = game.hand(me);
        match game.play(action) {
            Ok(event) => note(&mut log, &event, hand, me),
            Err(e) => log.push(format!("not played: {e}")),
        }
    }
}

fn note(log: &mut Vec<String>, event: &plateau_japjap::Event, hand: CardSet, me: Seat) {
    let mut line = demo::describe(event, hand);
    if event.player == me
        && let (
            Some(c),
            Action::Discard {
                take: Take::Stock, ..
            },
        ) = (event.took, event.action)
    {
        line = format!("{line} ({c})");
    }
    log.push(line);
    if let Some(r) = &event.round {
        log.push(demo::round_summary(r));
    }
    if let Some(g) = &event.game {
        let totals: Vec<String> = g.totals().iter().map(ToString::to_string).collect();
        log.push(format!(
            "game over: {} reached the limit; totals {}",
            g.losers(),
            totals.join("-")
        ));
    }
}

enum Ui {
    Screen(support::Screen),
    Lines(io::StdinLock<'static>, io::StdoutLock<'static>),
}

impl Ui {
    /// The human's next action, `None` to quit.
    fn ask(
        &mut self,
        game: &Game,
        me: Seat,
        seed: u64,
        log: &[String],
        bot: BotName,
    ) -> Result<Option<Action>, Box<dyn Error>> {
        let view = game.view(me);
        let mut stage = Stage::Meld;
        let mut cursor = 0usize;
        // No undo: taking back a turn after seeing the card drawn would be cheating.
        let mut hint: Option<String> = None;
        loop {
            let opts = options(&view, stage);
            if opts.is_empty() {
                return Err("no legal action (this is a bug)".into());
            }
            cursor = cursor.min(opts.len() - 1);
            let mut lines = table(game, me, seed, log, bot);
            lines.push(Vec::new());
            let prompt = match (stage, &self) {
                (Stage::Meld, Ui::Screen(_)) => {
                    "Choose what to discard (Up/Down and Enter, or its number; h hint, q quits):"
                }
                (Stage::Take(_), Ui::Screen(_)) => {
                    "Choose the card to take (Up/Down and Enter, or its number; Backspace goes back):"
                }
                (Stage::Meld, Ui::Lines(..)) => {
                    "Type a number, or a whole action (`discard KD take 3C`); `hint`, `quit`:"
                }
                (Stage::Take(_), Ui::Lines(..)) => {
                    "Type the number of the card to take (`back` goes back):"
                }
            };
            if let Some(h) = &hint {
                lines.push(vec![plain(format!("hint (search bot): {h}"))]);
            }
            lines.push(vec![plain(prompt)]);
            for (i, &c) in opts.iter().enumerate() {
                lines.push(choice_line(
                    i + 1,
                    c,
                    matches!(self, Ui::Screen(_)) && i == cursor,
                ));
            }
            let input = match self {
                Ui::Screen(screen) => {
                    draw(screen, &lines)?;
                    screen_input(screen, &opts, &mut cursor)?
                }
                Ui::Lines(input, out) => line_input(input, out, &lines, &opts)?,
            };
            let picked = match input {
                Input::Pick(c) => c,
                Input::Quit => return Ok(None),
                Input::Typed(a) => return Ok(Some(a)),
                Input::Hint => {
                    hint = plateau_japjap::hint(&view).map(|a| a.to_string());
                    continue;
                }
                Input::Back => {
                    stage = Stage::Meld;
                    continue;
                }
                Input::Nothing => continue,
            };
            match (picked, stage) {
                (Choice::Call, _) => return Ok(Some(Action::Call)),
                (Choice::Meld(m), _) => {
                    stage = Stage::Take(m);
                    cursor = 0;
                }
                (Choice::Take(take), Stage::Take(meld)) => {
                    return Ok(Some(Action::Discard { meld, take }));
                }
                (Choice::Take(_), Stage::Meld) => stage = Stage::Meld,
            }
        }
    }

    /// Shows the final table (and waits for a key on the full screen).
    fn finish(&mut self, lines: &[Line]) -> support::Outcome {
        match self {
            Ui::Screen(screen) => {
                let mut lines = lines.to_vec();
                lines.push(vec![plain("Press any key to leave.")]);
                draw(screen, &lines)?;
                loop {
                    if let Some(TermEvent::Key(k)) = screen.next_event(None)?
                        && k.kind != KeyEventKind::Release
                    {
                        return Ok(());
                    }
                }
            }
            Ui::Lines(_, out) => {
                for l in lines {
                    let text: String = l.iter().map(|(s, _)| s.as_str()).collect();
                    writeln!(out, "{text}")?;
                }
                Ok(())
            }
        }
    }
}

/// What one key or line asked for.
enum Input {
    Pick(Choice),
    Typed(Action),
    Back,
    Hint,
    Quit,
    Nothing,
}

fn screen_input(
    screen: &support::Screen,
    opts: &[Choice],
    cursor: &mut usize,
) -> Result<Input, Box<dyn Error>> {
    let Some(TermEvent::Key(key)) = screen.next_event(None)? else {
        return Ok(Input::Nothing);
    };
    if key.kind == KeyEventKind::Release {
        return Ok(Input::Nothing);
    }
    if support::keys::is_quit(&key) {
        return Ok(Input::Quit);
    }
    Ok(match key.code {
        KeyCode::Up => {
            *cursor = cursor.checked_sub(1).unwrap_or(opts.len() - 1);
            Input::Nothing
        }
        KeyCode::Down => {
            *cursor = (*cursor + 1) % opts.len();
            Input::Nothing
        }
        KeyCode::Enter => Input::Pick(opts[*cursor]),
        KeyCode::Backspace => Input::Back,
        KeyCode::Char('h' | 'H') => Input::Hint,
        KeyCode::Char(c) if c.is_ascii_digit() => {
            let n = c.to_digit(10).unwrap_or(0) as usize;
            n.checked_sub(1)
                .and_then(|i| opts.get(i))
                .map_or(Input::Nothing, |&o| Input::Pick(o))
        }
        _ => Input::Nothing,
    })
}

fn line_input(
    input: &mut io::StdinLock<'static>,
    out: &mut io::StdoutLock<'static>,
    lines: &[Line],
    opts: &[Choice],
) -> Result<Input, Box<dyn Error>> {
    for l in lines {
        let text: String = l.iter().map(|(s, _)| s.as_str()).collect();
        writeln!(out, "{text}")?;
    }
    write!(out, "> ")?;
    out.flush()?;
    let mut text = String::new();
    if input.read_line(&mut text)? == 0 {
        writeln!(out)?;
        return Ok(Input::Quit);
    }
    let t = text.trim();
    if t.eq_ignore_ascii_case("quit") || t.eq_ignore_ascii_case("q") {
        return Ok(Input::Quit);
    }
    if t.eq_ignore_ascii_case("hint") || t.eq_ignore_ascii_case("h") {
        return Ok(Input::Hint);
    }
    if t.eq_ignore_ascii_case("back") {
        return Ok(Input::Back);
    }
    if let Ok(n) = t.parse::<usize>() {
        if let Some(&o) = n.checked_sub(1).and_then(|i| opts.get(i)) {
            return Ok(Input::Pick(o));
        }
        writeln!(out, "no choice {n}: pick 1 to {}", opts.len())?;
        return Ok(Input::Nothing);
    }
    match t.parse::<Action>() {
        Ok(a) => Ok(Input::Typed(a)),
        Err(e) => {
            writeln!(out, "not understood: {e}")?;
            Ok(Input::Nothing)
        }
    }
}

fn draw(screen: &mut support::Screen, lines: &[Line]) -> io::Result<()> {
    screen.begin()?;
    for (y, line) in lines.iter().enumerate() {
        let y = u16::try_from(y).unwrap_or(u16::MAX);
        screen.text(0, y, "")?;
        for (text, color) in line {
            match color {
                Some(c) => screen.more(text.as_str().with(*c).bold())?,
                None => screen.more(text.as_str().stylize())?,
            }
        }
    }
    screen.show()
}
