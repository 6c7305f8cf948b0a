//! The table both front ends show: who sits in each seat, their bots, the suggestions,
//! and the words the game is told in (seats by their colours, "you" for a lone human).

use plateau::matches::bot_seed;
use plateau_blokus::{
    Bot, Color, Config, Game, GreedyBot, IllegalMove, Move, Placement, Play, Pos, Seat, Status,
    Variant,
};

use crate::cli::Sitter;

/// A seat's bot, sendable to a thinking thread.
pub type SeatBot = Box<dyn Bot<Game> + Send>;

/// Who plays, under which rules.
#[derive(Debug, Clone)]
pub struct Table {
    pub config: Config,
    pub seed: u64,
    /// One per seat.
    pub sitters: Vec<Sitter>,
    /// Playouts per move of the tree search.
    pub playouts: crate::cli::Playouts,
}

impl Table {
    /// The bots of the bot seats (`None` for a human), seeded from the table's seed.
    pub fn bots(&self) -> Vec<Option<SeatBot>> {
        self.sitters
            .iter()
            .enumerate()
            .map(|(s, sitter)| match sitter {
                Sitter::Human => None,
                Sitter::Bot(b) => Some(b.make(bot_seed(self.seed, s), self.playouts)),
            })
            .collect()
    }

    /// Whether a human plays `seat`.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.sitters.get(seat.index()) == Some(&Sitter::Human)
    }

    /// The seats humans play.
    pub fn humans(&self) -> Vec<Seat> {
        Seat::all(self.sitters.len())
            .filter(|&s| self.is_human(s))
            .collect()
    }

    /// The lone human's seat, when exactly one human plays.
    pub fn lone_human(&self) -> Option<Seat> {
        match self.humans()[..] {
            [one] => Some(one),
            _ => None,
        }
    }

    /// A seat's name: its colours, capitalised (`Blue`, `Blue and Red`).
    pub fn seat_name(&self, seat: Seat) -> String {
        let variant = self.config.variant();
        let names: Vec<String> = self
            .config
            .colors_of(seat)
            .iter()
            .map(|c| capitalised(c.name(variant)))
            .collect();
        names.join(" and ")
    }

    /// Who plays a colour, in the player's words: `you`, or the seat's name.
    pub fn who(&self, color: Color) -> String {
        let seat = self.config.player_of(color);
        if self.lone_human() == Some(seat) {
            "you".to_owned()
        } else {
            capitalised(color.name(self.config.variant()))
        }
    }

    /// What sits in a seat: `you`, `human`, or the bot's name.
    pub fn sitter_word(&self, seat: Seat) -> String {
        match self.sitters.get(seat.index()) {
            Some(Sitter::Human) if self.lone_human() == Some(seat) => "you".to_owned(),
            Some(Sitter::Human) => "human".to_owned(),
            Some(Sitter::Bot(b)) => b.to_string(),
            None => String::new(),
        }
    }

    /// `wins`, or `win` for a seat of two colours (`Blue and Red win`).
    fn wins(&self, seat: Seat) -> &'static str {
        if self.config.colors_of(seat).len() > 1 {
            "win"
        } else {
            "wins"
        }
    }

    /// How the game ended, in the player's words: `you win, you 12, Green -3`,
    /// `Green wins, ...: you lose`, `a draw, ...`, `Blue and Yellow tie for first, ...`.
    pub fn verdict(&self, game: &Game) -> String {
        let scores: Vec<String> = Seat::all(game.players())
            .map(|s| {
                let name = if self.lone_human() == Some(s) {
                    "you".to_owned()
                } else {
                    self.seat_name(s)
                };
                format!("{name} {}", game.score(s))
            })
            .collect();
        let tally = scores.join(", ");
        match game.status() {
            Status::InProgress => "the game goes on".to_owned(),
            Status::Won { player } if self.lone_human() == Some(player) => {
                format!("you win, {tally}")
            }
            Status::Won { player } if self.lone_human().is_some() => {
                format!(
                    "{} {}, {tally}: you lose",
                    self.seat_name(player),
                    self.wins(player)
                )
            }
            Status::Won { player } => {
                format!("{} {}, {tally}", self.seat_name(player), self.wins(player))
            }
            Status::Tied { players } if players.len() == game.players() => {
                format!("a draw, {tally}")
            }
            Status::Tied { players } => {
                let names: Vec<String> = players.iter().map(|s| self.seat_name(s)).collect();
                format!("{} tie for first, {tally}", names.join(" and "))
            }
        }
    }
}

/// `blue` -> `Blue`.
pub fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Up to nine good moves for the colour to move: the greedy bot's choice first, then the
/// largest placement of each other piece.
pub fn suggestions(game: &Game) -> Vec<Move> {
    let mut moves: Vec<Placement> = game
        .legal_moves()
        .into_iter()
        .filter_map(Move::placement)
        .collect();
    moves.sort_by_key(|p| std::cmp::Reverse(p.size()));
    let mut out: Vec<Move> = Vec::new();
    if let Some(Move::Place(best)) = GreedyBot::new().choose(game) {
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

/// A suggestion's number (`1` to `9`, at most two characters), if `text` is one.
///
/// # Errors
/// A number that names no suggestion.
pub fn suggestion(text: &str, sugg: &[Move]) -> Option<Result<Move, String>> {
    let t = text.trim();
    let i = t.parse::<usize>().ok().filter(|_| t.len() <= 2)?;
    Some(
        sugg.get(i.wrapping_sub(1))
            .copied()
            .ok_or_else(|| format!("no suggestion {t} (1 to {})", sugg.len())),
    )
}

/// The pieces `c` has in hand, as their letters.
pub fn pieces_text(game: &Game, c: Color) -> String {
    game.pieces_left(c)
        .iter()
        .map(plateau_blokus::Piece::letter)
        .collect()
}

/// Whether the colour to move can only pass.
pub fn must_pass(game: &Game) -> bool {
    !game.is_over() && game.legal_moves() == [Move::Pass]
}

/// A piece's name, the two smallest in words.
pub fn piece_word(p: plateau_blokus::Piece) -> &'static str {
    match p {
        plateau_blokus::Piece::Monomino => "monomino",
        plateau_blokus::Piece::Domino => "domino",
        _ => p.name(),
    }
}

/// A coordinate as the board's margins label it: 1 to 9, then a (10), b (11)...
pub fn label(v: usize) -> char {
    char::from_digit(v as u32 + 1, 36).unwrap_or('?')
}

/// A cell in the board's labels: `column 5, row a`.
pub fn cell(pos: Pos) -> String {
    format!("column {}, row {}", label(pos.x), label(pos.y))
}

/// Why `m` is refused to the colour to move of `game`, in the words and coordinates the
/// screen shows.
pub fn why(game: &Game, m: Move, e: &IllegalMove) -> String {
    let variant: Variant = game.variant();
    let name = game.color_to_move().name(variant);
    let piece = m.placement().map_or_else(
        || "a pass".to_owned(),
        |p| format!("{m} ({})", piece_word(p.piece())),
    );
    match *e {
        IllegalMove::GameOver => "the game is over".to_owned(),
        IllegalMove::PieceUsed { piece: used, .. } => {
            format!("{name} has played its {} already", used.name())
        }
        IllegalMove::OffBoard { .. } => format!("{piece} reaches off the board"),
        IllegalMove::Overlap { pos, .. } => {
            format!("{piece} covers a taken cell at {}", cell(pos))
        }
        IllegalMove::EdgeContact { pos, .. } => format!(
            "{piece} touches {name} along an edge at {} (only corners may touch)",
            cell(pos)
        ),
        IllegalMove::StartNotCovered { start, .. } => format!(
            "{piece}: {name}'s first piece must cover {} (its start)",
            cell(start)
        ),
        IllegalMove::NoCornerContact { .. } => {
            format!("{piece} touches no {name} piece at a corner")
        }
        IllegalMove::PassWithMovesLeft { .. } => {
            format!("{name} can still place a piece: no pass")
        }
        _ => format!("{piece}: {e}"),
    }
}
