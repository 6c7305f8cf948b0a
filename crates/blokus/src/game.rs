//! The game: rules applied move by move, with history, undo and scores.

use alloc::vec::Vec;
use core::fmt;

use plateau_grid::{Outcome, Play, Pos, Seat, SeatSet};

use crate::position::{ALL_PIECES, PAD, Position};
use crate::{
    Board, Color, ColorSet, Config, EndRule, IllegalMove, Move, Piece, Placement, Scoring,
    SetupError, Variant,
};

/// A set of pieces (those a colour still has in hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PieceSet(pub(crate) u32);

impl PieceSet {
    /// All 21 pieces.
    pub const ALL: PieceSet = PieceSet(ALL_PIECES);

    /// Whether `p` is in the set.
    pub const fn contains(self, p: Piece) -> bool {
        self.0 >> p as u8 & 1 == 1
    }

    /// Number of pieces.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Total squares of the pieces.
    pub fn squares(self) -> usize {
        self.iter().map(Piece::size).sum()
    }

    /// The pieces, in letter order.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Piece> + Clone {
        Piece::ALL.into_iter().filter(move |&p| self.contains(p))
    }
}

/// How a finished game ended (or that it has not).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Someone can still move.
    InProgress,
    /// One player has the best score.
    Won {
        /// The winner.
        player: Seat,
    },
    /// Several players share the best score (in two-player games: a draw).
    Tied {
        /// The players sharing first place.
        players: SeatSet,
    },
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::InProgress => f.write_str("in progress"),
            Status::Won { player } => write!(f, "{player} wins"),
            Status::Tied { players } => write!(f, "tie between {players}"),
        }
    }
}

/// What a move changed, for front ends that animate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Event {
    /// The colour that moved.
    pub color: Color,
    /// The piece placed (`None` for a pass); its cells are the cells newly covered.
    pub placement: Option<Placement>,
    /// Colours that have no legal move any more since this move (each is reported once).
    pub blocked: ColorSet,
    /// Whether the game ended with this move.
    pub game_over: bool,
}

/// A game of Blokus: the position, whose turn it is, the history.
///
/// ```
/// use plateau_blokus::{Config, Game, Move, Play, Status};
///
/// let mut game = Game::new(Config::duo());
/// assert_eq!(game.legal_moves().len(), 414);
/// let event = game.play("55u0".parse()?)?;
/// assert_eq!(event.placement.map(|p| p.size()), Some(5));
/// assert!(game.play("55t0".parse()?).is_err()); // (9, 9) must be covered first
/// game.play("aau0".parse()?)?;
/// assert_eq!(game.undo(), Some("aau0".parse()?));
/// assert_eq!(game.status(), Status::InProgress);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Game {
    config: Config,
    pos: Position,
    first: u8,
    moves: Vec<Move>,
    before: Vec<Position>,
}

impl Game {
    /// The start of a game under `config`. (Blokus deals nothing at random, so unlike the
    /// other Plateau games this takes no seed: the bots take theirs.)
    pub fn new(config: Config) -> Game {
        Game {
            config,
            pos: Position::new(config.variant()),
            first: 0,
            moves: Vec::new(),
            before: Vec::new(),
        }
    }

    /// The game at the position of `board`, `to_move` to play, under `config` (which must
    /// be for the board's variant). Each colour's pieces are its edge-connected groups of
    /// cells; the history starts here.
    ///
    /// # Errors
    /// [`SetupError`] when no legal game reaches the board: variants differ, a group is not
    /// a piece, a colour has a piece twice, its start square is not covered, a piece is not
    /// linked to the start by corner contacts, or `to_move` does not play.
    pub fn from_board(config: Config, board: &Board, to_move: Color) -> Result<Game, SetupError> {
        let variant = config.variant();
        if board.variant() != variant {
            return Err(SetupError::VariantMismatch {
                board: board.variant(),
                rules: variant,
            });
        }
        if to_move.index() >= variant.colors() {
            return Err(SetupError::NoSuchColor {
                color: to_move,
                variant,
            });
        }
        let pieces = crate::setup::pieces(board)?;
        let mut pos = Position::from_pieces(variant, &pieces, to_move);
        pos.refresh_blocked();
        Ok(Game {
            config,
            pos,
            first: to_move.0,
            moves: Vec::new(),
            before: Vec::new(),
        })
    }

    /// This position with `color` to move instead of the colour whose turn it is, nothing
    /// else changed (pieces, hands, the last piece of each colour, which colours are
    /// blocked); the history starts here, as after [`Game::from_board`]. For protocols
    /// that name the colour of every move and let any colour move at any time, as
    /// Pentobi's GTP engine does.
    ///
    /// ```
    /// use plateau_blokus::{Color, Config, Game, Play};
    ///
    /// let game = Game::new(Config::duo());
    /// let mut green_first = game.with_to_move(Color::YELLOW)?;
    /// assert_eq!(green_first.color_to_move(), Color::YELLOW);
    /// green_first.play("aau0".parse()?)?; // green's X on its start square (9, 9)
    /// assert_eq!(green_first.color_to_move(), Color::BLUE);
    /// assert!(green_first.moves().len() == 1 && game.moves().is_empty());
    /// assert!(game.with_to_move(Color::RED).is_err()); // Duo has no red
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SetupError::NoSuchColor`] when `color` does not play in this variant.
    pub fn with_to_move(&self, color: Color) -> Result<Game, SetupError> {
        let variant = self.variant();
        if color.index() >= variant.colors() {
            return Err(SetupError::NoSuchColor { color, variant });
        }
        let mut pos = self.pos.clone();
        pos.hand_turn_to(color.index());
        Ok(Game {
            config: self.config,
            pos,
            first: color.0,
            moves: Vec::new(),
            before: Vec::new(),
        })
    }

    /// The rules.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.config.variant()
    }

    /// The colour to move (after the game's end: the one that would be next). The seat to
    /// move is [`Play::to_move`].
    pub fn color_to_move(&self) -> Color {
        Color(self.pos.to_move() as u8)
    }

    /// The board.
    pub fn board(&self) -> Board {
        let mut board = Board::new(self.variant());
        let side = self.variant().side();
        for c in 0..self.config.colors() {
            for y in 0..side {
                let row = self.pos.own(c)[y + PAD] >> PAD;
                for x in (0..side).filter(|x| row >> x & 1 == 1) {
                    board.set(Pos::new(x, y), Some(Color(c as u8)));
                }
            }
        }
        board
    }

    /// The colour covering `pos`, if any.
    pub fn at(&self, pos: Pos) -> Option<Color> {
        let side = self.variant().side();
        if pos.x >= side || pos.y >= side {
            return None;
        }
        (0..self.config.colors())
            .find(|&c| self.pos.covered_by(c, pos.x, pos.y))
            .map(|c| Color(c as u8))
    }

    /// The cells where `color` may attach its next piece (its start square before its first
    /// move), row-major.
    pub fn attach_cells(&self, color: Color) -> Vec<Pos> {
        let side = self.variant().side();
        let c = color.index().min(3);
        (0..side * side)
            .map(|i| Pos::new(i % side, i / side))
            .filter(|p| color.index() < self.config.colors() && self.pos.is_corner(c, p.x, p.y))
            .collect()
    }

    /// The pieces `color` still has in hand.
    pub fn pieces_left(&self, color: Color) -> PieceSet {
        if color.index() < self.config.colors() {
            PieceSet(self.pos.left(color.index()))
        } else {
            PieceSet(0)
        }
    }

    /// Squares `color` has placed.
    pub fn squares_placed(&self, color: Color) -> usize {
        if color.index() < self.config.colors() {
            usize::from(self.pos.placed(color.index()))
        } else {
            0
        }
    }

    /// The moves played since the start (or since [`Game::from_board`]), passes included.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position [`Game::moves`] start from (the setup's, or the empty board's).
    pub(crate) fn start_position(&self) -> &Position {
        self.before.first().unwrap_or(&self.pos)
    }

    /// The colour that played move `i` of [`Game::moves`].
    pub fn mover_of(&self, i: usize) -> Color {
        Color(((usize::from(self.first) + i) % self.config.colors()) as u8)
    }

    /// Colours with no legal move left (blocked colours can only pass).
    pub fn blocked(&self) -> ColorSet {
        ColorSet(self.pos.blocked())
    }

    /// The placements `color` could make on the current board if it were its turn (for
    /// analysis; empty for a colour that does not play).
    pub fn placements_of(&self, color: Color) -> Vec<Placement> {
        let mut v = Vec::new();
        if color.index() < self.config.colors() {
            self.pos.for_each_placement(color.index(), |p| {
                v.push(p);
                true
            });
        }
        v
    }

    /// Why `color` may not play `m` now, or `Ok` if it may ([`Play::check`] for the colour
    /// to move).
    ///
    /// # Errors
    /// The first rule `m` breaks, checked in this order: the game is over, not `color`'s
    /// turn, the piece was used, it reaches off the board, it overlaps a piece, it touches
    /// its own colour edge to edge, a first piece misses the start square, a later piece
    /// touches no own corner; a pass while a placement exists.
    pub fn check_as(&self, color: Color, m: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let to_move = self.color_to_move();
        if color != to_move {
            return Err(IllegalMove::NotYourTurn { color, to_move });
        }
        let c = color.index();
        let Move::Place(pl) = m else {
            return if self.pos.has_placement(c) {
                Err(IllegalMove::PassWithMovesLeft { color })
            } else {
                Ok(())
            };
        };
        let piece = pl.piece();
        if self.pos.left(c) >> piece.index() & 1 == 0 {
            return Err(IllegalMove::PieceUsed { piece, color });
        }
        let side = self.variant().side();
        let o = pl.orient();
        if usize::from(pl.x) + usize::from(o.width) > side
            || usize::from(pl.y) + usize::from(o.height) > side
        {
            return Err(IllegalMove::OffBoard {
                placement: pl,
                size: self.variant().size(),
            });
        }
        if let Some(pos) = pl
            .cells()
            .find(|p| (0..self.config.colors()).any(|d| self.pos.covered_by(d, p.x, p.y)))
        {
            return Err(IllegalMove::Overlap { placement: pl, pos });
        }
        if let Some(pos) = pl.cells().find(|p| self.pos.is_forbidden(c, p.x, p.y)) {
            return Err(IllegalMove::EdgeContact { placement: pl, pos });
        }
        if pl.cells().any(|p| self.pos.is_corner(c, p.x, p.y)) {
            return Ok(());
        }
        if self.pos.left(c) == ALL_PIECES
            && let Some(start) = self.variant().start(color)
        {
            return Err(IllegalMove::StartNotCovered {
                placement: pl,
                start,
            });
        }
        Err(IllegalMove::NoCornerContact { placement: pl })
    }

    /// Plays `m` for `color`, which must be the colour to move (for protocols that name the
    /// colour, such as GTP).
    ///
    /// # Errors
    /// As [`Play::play`], plus [`IllegalMove::NotYourTurn`].
    pub fn play_as(&mut self, color: Color, m: Move) -> Result<Event, IllegalMove> {
        self.check_as(color, m)?;
        self.before.push(self.pos.clone());
        self.moves.push(m);
        let blocked_before = self.pos.blocked();
        self.pos.apply(m);
        // A pass changes no one's moves; a placement may leave any colour without one, and
        // `is_over` must know at once.
        if m != Move::Pass {
            self.pos.refresh_blocked();
        }
        Ok(Event {
            color,
            placement: m.placement(),
            blocked: ColorSet(self.pos.blocked() & !blocked_before),
            game_over: self.is_over(),
        })
    }

    /// Takes back the last move and returns it (`None` when there is none).
    pub fn undo(&mut self) -> Option<Move> {
        let pos = self.before.pop()?;
        self.pos = pos;
        self.moves.pop()
    }

    /// The score of each seat, in seat order.
    fn seat_scores(&self) -> Vec<i32> {
        Seat::all(self.config.players())
            .map(|p| self.score(p))
            .collect()
    }

    /// The seats sharing the best score.
    fn leaders(&self) -> SeatSet {
        let scores = self.seat_scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        Seat::all(scores.len())
            .filter(|p| scores[p.index()] == best)
            .collect()
    }

    /// The score of `color` under the configured [`Scoring`] (so far, if the game goes on).
    pub fn color_score(&self, color: Color) -> i32 {
        if color.index() >= self.config.colors() {
            return 0;
        }
        color_score(&self.pos, self.config.scoring(), color.index())
    }

    /// The score of seat `player`: the sum over the colours they play.
    pub fn score(&self, player: Seat) -> i32 {
        self.config
            .colors_of(player)
            .iter()
            .map(|c| self.color_score(c))
            .sum()
    }

    /// The internal position (for the bots).
    pub(crate) fn position(&self) -> &Position {
        &self.pos
    }
}

/// Whether the game at `pos` is over under `config`.
pub(crate) fn is_over(pos: &Position, config: Config) -> bool {
    let all = (1u8 << config.colors()) - 1;
    pos.blocked() == all
        || config.end_rule() == EndRule::FirstFinished && pos.hands(config.colors()).contains(&0)
}

/// The score of colour `c` at `pos`.
pub(crate) fn color_score(pos: &Position, scoring: Scoring, c: usize) -> i32 {
    let unplaced = pos.unplaced(c);
    let bonus = if pos.left(c) == 0 {
        if pos.last(c) == 1 { 20 } else { 15 }
    } else {
        0
    };
    let placed = i32::from(pos.placed(c));
    match scoring {
        Scoring::Official => bonus - unplaced,
        Scoring::WithPlaced => bonus - unplaced + placed,
    }
}

/// The play contract. Blokus hides nothing: a seat's view is the whole game.
///
/// ```
/// use plateau_blokus::{Config, Game, Play, Seat, Status};
///
/// let mut game = Game::new(Config::duo());
/// assert_eq!((game.players(), game.to_move()), (2, Some(Seat::FIRST)));
/// game.play("55u0".parse()?)?;
/// assert_eq!(game.to_move(), Seat::new(1));
/// assert_eq!(game.status(), Status::InProgress);
/// assert_eq!(game.outcome(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Play for Game {
    type Move = Move;
    type Event = Event;
    type Illegal = IllegalMove;
    type Status = Status;
    type View<'a> = &'a Game;

    /// 2 in Duo, 2 or 4 in Classic (a colour each, or two each).
    fn players(&self) -> usize {
        self.config.players()
    }

    /// The seat playing the colour to move; `None` once the game is over.
    fn to_move(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.config.player_of(self.color_to_move()))
    }

    fn status(&self) -> Status {
        if !self.is_over() {
            return Status::InProgress;
        }
        let leaders = self.leaders();
        match leaders.first() {
            Some(player) if leaders.len() == 1 => Status::Won { player },
            _ => Status::Tied { players: leaders },
        }
    }

    /// The seats with the best score win (several: a tie); each seat's score is
    /// [`Game::score`] under the configured [`Scoring`].
    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let scores: Vec<i64> = self.seat_scores().into_iter().map(i64::from).collect();
        Some(Outcome::new(&scores, self.leaders()))
    }

    fn view(&self, _seat: Seat) -> &Game {
        self
    }

    /// The legal moves of the colour to move: its placements, or only a pass when it has
    /// none; nothing when the game is over.
    ///
    /// The placements come in the generator's scan order: attach cells row by row from the
    /// top, left to right; at each, the pieces in hand from the largest (letter `u`) down
    /// to the monomino (`a`); within a piece, by which of the attach cell's neighbours it
    /// covers (the 4-bit number up = 1, left = 2, right = 4, down = 8, increasing); then
    /// orientation digits in increasing order; then which cell of the piece lies on the
    /// attach cell, row-major.
    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.pos.legal_moves_into(self.is_over(), out);
    }

    /// See [`Game::check_as`], for the colour to move.
    fn check(&self, m: Move) -> Result<(), IllegalMove> {
        self.check_as(self.color_to_move(), m)
    }

    /// Plays `m` for the colour to move.
    ///
    /// # Errors
    /// [`IllegalMove`] naming the rule `m` breaks (see [`Game::check_as`]); the game is then
    /// unchanged.
    fn play(&mut self, m: Move) -> Result<Event, IllegalMove> {
        self.play_as(self.color_to_move(), m)
    }

    /// Whether the game is over: no colour can move, or (under
    /// [`EndRule::FirstFinished`]) a colour has placed all its pieces.
    fn is_over(&self) -> bool {
        is_over(&self.pos, self.config)
    }
}

impl fmt::Display for Game {
    /// The board (see [`Board`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.board(), f)
    }
}
