//! The table as both front ends show it: who sits where, the seat lines, the choices of a
//! turn, the log and the verdict. Lines are pieces of text with an optional colour (the
//! full screen colours the cards; the line mode prints the text alone).

use crossterm::style::Color;
use plateau::demo::japjap::{Words, rules_summary};
use plateau::palette;
use plateau_japjap::{Action, Card, CardSet, Event, Game, Meld, Play, Rules, Seat, Take, View};

use crate::cli::{BotName, Sitter};

/// A line of coloured pieces.
pub type Line = Vec<(String, Option<Color>)>;

pub fn plain(s: impl Into<String>) -> (String, Option<Color>) {
    (s.into(), None)
}

/// The text of a line, colours dropped.
pub fn text_of(line: &Line) -> String {
    line.iter().map(|(s, _)| s.as_str()).collect()
}

/// Who plays, under which rules, from which seed, and how they are named.
#[derive(Debug, Clone)]
pub struct Table {
    pub rules: Rules,
    pub seed: u64,
    pub sitters: Vec<Sitter>,
    /// The names given with --names (seats past them are `P3`...).
    pub names: Vec<String>,
}

impl Table {
    pub fn humans(&self) -> Vec<Seat> {
        Seat::all(self.sitters.len())
            .filter(|s| self.is_human(*s))
            .collect()
    }

    pub fn is_human(&self, s: Seat) -> bool {
        self.sitters.get(s.index()) == Some(&Sitter::Human)
    }

    /// More than one human: the screen hides each hand until its player asks.
    pub fn hot_seat(&self) -> bool {
        self.humans().len() > 1
    }

    /// The seat's name: the one given, else `P1`...
    pub fn name(&self, s: Seat) -> String {
        self.names
            .get(s.index())
            .cloned()
            .unwrap_or_else(|| s.to_string())
    }

    /// The words of the table, cards with suit symbols or in letters.
    pub fn words(&self, symbols: bool) -> Words {
        Words::new(
            Seat::all(self.sitters.len())
                .map(|s| self.name(s))
                .collect(),
            symbols,
        )
    }

    /// `you`, `human` or the bot's name.
    pub fn role(&self, s: Seat) -> String {
        match self.sitters.get(s.index()) {
            Some(Sitter::Human) if !self.hot_seat() => "you".to_owned(),
            Some(Sitter::Human) => "human".to_owned(),
            Some(Sitter::Bot(b)) => b.to_string(),
            None => String::new(),
        }
    }

    /// `P2 Bob` when named, `P2` otherwise.
    pub fn label(&self, s: Seat) -> String {
        match self.names.get(s.index()) {
            Some(n) => format!("{s} {n}"),
            None => s.to_string(),
        }
    }

    /// The bots of the table (`None` for human seats), seeded from the game's seed.
    pub fn bots(&self, worlds: u32) -> Vec<Option<Box<dyn plateau_japjap::Bot<Game> + Send>>> {
        self.sitters
            .iter()
            .enumerate()
            .map(|(s, sitter)| match sitter {
                Sitter::Human => None,
                Sitter::Bot(b) => Some(b.make(plateau::matches::bot_seed(self.seed, s), worlds)),
            })
            .collect()
    }

    /// `Jap Jap, seed 3: call at 5 or less, 90 loses`.
    pub fn title(&self) -> String {
        format!(
            "Jap Jap, seed {}: {}",
            self.seed,
            rules_summary(&self.rules)
        )
    }

    /// Where the match stands: `round 2, turn 5, stock 30` (and the game of a longer
    /// match), or how it ended.
    pub fn status(&self, game: &Game) -> String {
        if game.is_over() {
            let games = game.games_played();
            let rounds = plural(game.round_number(), "round");
            let when = if games > 1 {
                format!("{games} games ({rounds})")
            } else {
                rounds
            };
            return format!("Match over after {when}: {}", self.verdict(game));
        }
        let game_no = if game.rules().match_losses() > 1 {
            format!("game {}, ", game.games_played() + 1)
        } else {
            String::new()
        };
        format!(
            "{game_no}round {}, turn {}, stock {}",
            game.round_number() + 1,
            game.turn() + 1,
            game.stock_len()
        )
    }

    /// Who won, in the players' words: `You win!`, `Ann wins`, `P1 and P3 share the win`.
    pub fn verdict(&self, game: &Game) -> String {
        let Some(o) = game.outcome() else {
            return "the match goes on".to_owned();
        };
        let winners: Vec<Seat> = o.winners().iter().collect();
        let humans = self.humans();
        if humans.len() == 1 {
            let me = humans[0];
            if winners == [me] {
                return "you win!".to_owned();
            }
            if winners.contains(&me) {
                let others: Vec<String> = winners
                    .iter()
                    .filter(|&&s| s != me)
                    .map(|&s| self.name(s))
                    .collect();
                return format!("you share the win with {}", others.join(" and "));
            }
        }
        let names: Vec<String> = winners.iter().map(|&s| self.name(s)).collect();
        match names.len() {
            0 => "nobody wins".to_owned(),
            1 => format!("{} wins", names[0]),
            _ => format!("{} share the win", names.join(" and ")),
        }
    }

    /// One line per seat: who is to move, name and role, points, cards, what is known of
    /// the hand (and games lost in a longer match). After the match, the last game's totals.
    pub fn seat_lines(&self, game: &Game, symbols: bool) -> Vec<Line> {
        let words = self.words(symbols);
        let totals: Vec<u16> = match (game.is_over(), game.last_game()) {
            (true, Some(g)) => g.totals().to_vec(),
            _ => game.scores().to_vec(),
        };
        let longer = game.rules().match_losses() > 1;
        let width = game
            .seats()
            .map(|s| self.label(s).chars().count())
            .max()
            .unwrap_or(2);
        game.seats()
            .map(|s| {
                let mark = if game.to_move() == Some(s) {
                    "> "
                } else {
                    "  "
                };
                let mut line = vec![plain(format!(
                    "{mark}{:<width$}  {:<6} {:>4} pts",
                    self.label(s),
                    self.role(s),
                    totals[s.index()]
                ))];
                if longer {
                    line.push(plain(format!(", {} lost", game.losses()[s.index()])));
                }
                if !game.is_over() {
                    let n = game.hand(s).len();
                    line.push(plain(format!(
                        ", {n} card{}",
                        if n == 1 { "" } else { "s" }
                    )));
                    let known = game.known(s);
                    if !known.is_empty() {
                        line.push(plain(", holds "));
                        line.extend(card_pieces(&words, known));
                    }
                }
                line
            })
            .collect()
    }
}

/// `1 round`, `2 rounds`.
fn plural(n: u32, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// The cards as coloured pieces separated by spaces (`-` for none).
pub fn card_pieces(words: &Words, cards: CardSet) -> Line {
    if cards.is_empty() {
        return vec![plain("-")];
    }
    let mut line = Vec::new();
    for (i, c) in cards.iter().enumerate() {
        if i > 0 {
            line.push(plain(" "));
        }
        line.push(card_piece(words, c));
    }
    line
}

pub fn card_piece(words: &Words, c: Card) -> (String, Option<Color>) {
    (words.card(c), Some(palette::suit(c.suit().is_red())))
}

/// What a human chooses, in two steps: a combination (or the call), then the card to take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    Call,
    Meld(Meld),
    Take(Take),
}

/// The first step's choices: the call when allowed, then every combination of the hand.
pub fn meld_choices(view: &View) -> Vec<Choice> {
    let mut out = Vec::new();
    for a in view.legal_moves() {
        let c = match a {
            Action::Call => Choice::Call,
            Action::Discard { meld, .. } => Choice::Meld(meld),
        };
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// The second step's choices: what may be taken after discarding `meld`.
pub fn take_choices(view: &View, meld: Meld) -> Vec<Take> {
    view.legal_moves()
        .into_iter()
        .filter_map(|a| match a {
            Action::Discard { meld: m, take } if m == meld => Some(take),
            _ => None,
        })
        .collect()
}

/// `12. discard 10♠ 10♣  (-20)`, or a take.
pub fn choice_line(words: &Words, n: usize, c: Choice, selected: bool) -> Line {
    let mark = if selected { "> " } else { "  " };
    let mut line = vec![plain(format!("{mark}{n:>2}. "))];
    match c {
        Choice::Call => line.push(plain("call Jap Jap")),
        Choice::Meld(m) => {
            line.push(plain("discard "));
            line.extend(card_pieces(words, m.cards()));
            line.push(plain(format!("  (-{})", m.value())));
        }
        Choice::Take(Take::Stock) => line.push(plain("draw from the stock")),
        Choice::Take(Take::Discard(card)) => {
            line.push(plain("take "));
            line.push(card_piece(words, card));
        }
    }
    line
}

/// One entry of the log: what everyone saw, and what only one seat may see (the card it
/// drew from the stock).
#[derive(Debug, Clone)]
pub struct Entry {
    pub public: String,
    pub private: Option<(Seat, String)>,
}

impl Entry {
    /// The text as `viewer` may read it.
    pub fn text(&self, viewer: Option<Seat>) -> String {
        match &self.private {
            Some((s, more)) if Some(*s) == viewer => format!("{} {more}", self.public),
            _ => self.public.clone(),
        }
    }
}

/// The log entries of one turn: the turn, the card drawn (private), the round's and the
/// game's results.
pub fn entries(words: &Words, game: &Game, event: &Event) -> Vec<Entry> {
    let private = event.took.and_then(|c| match event.action {
        Action::Discard {
            take: Take::Stock, ..
        } => Some((event.player, format!("({})", words.card(c)))),
        _ => None,
    });
    let mut out = vec![Entry {
        public: words.describe(event),
        private,
    }];
    let public = |s: String| Entry {
        public: s,
        private: None,
    };
    if let Some(r) = &event.round {
        out.push(public(words.round_summary(r)));
    }
    if let Some(g) = &event.game {
        out.push(public(words.game_summary(g, game.rules())));
    }
    out
}

/// The default bot of the other seats.
pub const DEFAULT_BOT: BotName = BotName::Search;
