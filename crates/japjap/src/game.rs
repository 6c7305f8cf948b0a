//! The full state of a match: [`Game`], its [`Status`], the [`Event`] of each turn and the
//! results of rounds and games.

use alloc::vec::Vec;

use plateau_grid::random::{self, SeededRng};
use plateau_grid::{Outcome, Play, Seat, SeatSet};
use rand::Rng;

use crate::config::MAX_PLAYERS;
use crate::round::{Round, RoundEnd, legal_into, seat};
use crate::{Action, Card, CardSet, IllegalMove, Meld, Rules, View};

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// `player` is to act.
    InProgress {
        /// The player on turn.
        player: Seat,
    },
    /// A player has lost [`Rules::match_losses`] games: the match is over. `losers` holds
    /// every player with that many losses (several can reach it in the same round).
    Over {
        /// The players who lost the match.
        losers: SeatSet,
    },
}

/// The result of a round: how it ended, the hands shown and the points scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoundResult {
    round: u32,
    game: u32,
    end: RoundEnd,
    starter: Seat,
    turns: u16,
    players: u8,
    hands: [CardSet; MAX_PLAYERS],
    added: [u16; MAX_PLAYERS],
    totals: [u16; MAX_PLAYERS],
}

impl RoundResult {
    /// Index of the round in the match, from 0.
    pub fn round(&self) -> u32 {
        self.round
    }
    /// Index of the game it belongs to, from 0.
    pub fn game(&self) -> u32 {
        self.game
    }
    /// How it ended.
    pub fn end(&self) -> RoundEnd {
        self.end
    }
    /// Who played first.
    pub fn starter(&self) -> Seat {
        self.starter
    }
    /// Turns played (discards; a call is not counted).
    pub fn turns(&self) -> u16 {
        self.turns
    }
    /// The winner: the caller or the counter, `None` when the stock ran out or the turn
    /// limit was reached.
    pub fn winner(&self) -> Option<Seat> {
        match self.end {
            RoundEnd::Call { winner, .. } => Some(winner),
            RoundEnd::StockExhausted | RoundEnd::TurnLimit => None,
        }
    }
    /// Whether a call was countered.
    pub fn countered(&self) -> bool {
        matches!(
            self.end,
            RoundEnd::Call {
                countered: true,
                ..
            }
        )
    }
    /// Every hand at the end of the round, by seat.
    pub fn hands(&self) -> &[CardSet] {
        &self.hands[..usize::from(self.players)]
    }
    /// The points each seat added.
    pub fn added(&self) -> &[u16] {
        &self.added[..usize::from(self.players)]
    }
    /// Each seat's total in the game after the round.
    pub fn totals(&self) -> &[u16] {
        &self.totals[..usize::from(self.players)]
    }

    /// The round in the terms every game shares, for runners that play single rounds:
    /// the [winner](RoundResult::winner) (nobody when the stock ran out or the turn limit
    /// was reached) and, as each seat's score, the points it [added](RoundResult::added)
    /// (lower is better).
    pub fn outcome(&self) -> Outcome {
        let mut scores = [0i64; MAX_PLAYERS];
        for (score, &added) in scores.iter_mut().zip(self.added()) {
            *score = i64::from(added);
        }
        let winners = self.winner().map_or(SeatSet::EMPTY, SeatSet::only);
        Outcome::new(&scores[..usize::from(self.players)], winners)
    }
}

/// The result of a game: someone reached the score limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameResult {
    game: u32,
    rounds: u32,
    players: u8,
    totals: [u16; MAX_PLAYERS],
    losers: SeatSet,
    winners: SeatSet,
}

impl GameResult {
    /// Index of the game in the match, from 0.
    pub fn game(&self) -> u32 {
        self.game
    }
    /// Rounds it took.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }
    /// Final totals by seat.
    pub fn totals(&self) -> &[u16] {
        &self.totals[..usize::from(self.players)]
    }
    /// The players at or past the limit: they lost the game.
    pub fn losers(&self) -> SeatSet {
        self.losers
    }
    /// The players with the lowest total (ties share the win).
    pub fn winners(&self) -> SeatSet {
        self.winners
    }
}

/// What a turn did, for front ends: who acted, what they took, and the round or game it
/// ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Event {
    /// Who acted.
    pub player: Seat,
    /// What they did.
    pub action: Action,
    /// The card that came into their hand (from the stock: only they may see it).
    pub took: Option<Card>,
    /// Whether the discard pile was shuffled into a new stock after the turn.
    pub reshuffled: bool,
    /// The round this turn ended (the next one is already dealt unless the match is over).
    pub round: Option<RoundResult>,
    /// The game this turn ended.
    pub game: Option<GameResult>,
}

/// A match of Jap Jap: every card, every score, and the seeded generator of the deals to
/// come. Rounds follow each other by themselves (the next is dealt as one ends), the
/// starting seat moving one place clockwise each round; scores go back to 0 when a game
/// ends. A bot sees only a [`View`].
///
/// The verbs are those of [`Play`], which every Plateau game implements: `legal_moves`,
/// `check`, `play`, `status`, `outcome`, `view(seat)`...
///
/// ```
/// use plateau_japjap::{Action, Game, Play, Rules, Status};
///
/// let mut game = Game::new(Rules::heads_up(), 7);
/// let Status::InProgress { player } = game.status() else { unreachable!() };
/// assert_eq!(game.to_move(), Some(player));
/// let before = game.clone();
/// // Nobody holds the ace of spades twice: a refused action changes nothing.
/// let bad: Action = "discard AS 2S 3S 4S 5S take stock".parse()?;
/// if !game.hand(player).is_superset(bad.meld().unwrap().cards()) {
///     assert!(game.play(bad).is_err());
///     assert_eq!(game, before);
/// }
/// let first = game.legal_moves()[0];
/// let event = game.play(first)?;
/// assert_eq!(event.player, player);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub(crate) rules: Rules,
    pub(crate) rng: SeededRng,
    pub(crate) round: Round,
    pub(crate) scores: [u16; MAX_PLAYERS],
    pub(crate) losses: [u8; MAX_PLAYERS],
    pub(crate) round_no: u32,
    pub(crate) games_done: u32,
    pub(crate) rounds_so_far: u32,
    pub(crate) over: bool,
    pub(crate) last_round: Option<RoundResult>,
    pub(crate) last_game_result: Option<GameResult>,
}

impl Game {
    /// A new match under `rules`, its starting player and deals drawn from `seed`.
    pub fn new(rules: Rules, seed: u64) -> Game {
        Game::from_generator(rules, random::seeded(seed))
    }

    /// A new match whose generator is seeded from `rng`.
    pub fn new_with_rng<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Game {
        Game::from_generator(rules, random::seeded(rng.next_u64()))
    }

    fn from_generator(rules: Rules, mut rng: SeededRng) -> Game {
        let starter = random::below(&mut rng, u32::from(rules.players())) as u8;
        let round = Round::deal(rules.players(), starter, &mut rng);
        Game::at_first_round(rules, rng, round, [0; MAX_PLAYERS])
    }

    /// A match at its first round, `round`, with the seats' totals `scores` (a setup may
    /// start from any totals) and nothing played yet.
    pub(crate) fn at_first_round(
        rules: Rules,
        rng: SeededRng,
        round: Round,
        scores: [u16; MAX_PLAYERS],
    ) -> Game {
        Game {
            rules,
            rng,
            round,
            scores,
            losses: [0; MAX_PLAYERS],
            round_no: 0,
            games_done: 0,
            rounds_so_far: 0,
            over: false,
            last_round: None,
            last_game_result: None,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seats, in turn order from seat 0.
    pub fn seats(&self) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + use<> {
        Seat::all(usize::from(self.rules.players()))
    }

    /// `player`'s hand (the full state: a bot gets a [`View`] instead); empty for a seat
    /// not at the table.
    pub fn hand(&self, player: Seat) -> CardSet {
        self.round
            .hands
            .get(player.index())
            .copied()
            .unwrap_or_default()
    }

    /// The cards of `player`'s hand everyone saw them take from the discard.
    pub fn known(&self, player: Seat) -> CardSet {
        self.round
            .known
            .get(player.index())
            .copied()
            .unwrap_or_default()
    }

    /// The cards the previous player just discarded (the face-up card on a round's first
    /// turn): the ones the player on turn may take.
    pub fn discard(&self) -> Meld {
        self.round.prev
    }

    /// The discard pile below them (every card there was seen, none can be taken).
    pub fn discard_pile(&self) -> CardSet {
        self.round.dead
    }

    /// Cards left in the stock.
    pub fn stock_len(&self) -> usize {
        self.round.stock_len()
    }

    /// The stock from the top down (the full state: hidden from every player).
    pub fn stock(&self) -> impl Iterator<Item = Card> + '_ {
        self.round.deck[usize::from(self.round.pos)..]
            .iter()
            .map(|&c| crate::round::card(c))
    }

    /// Each seat's total in the current game.
    pub fn scores(&self) -> &[u16] {
        &self.scores[..usize::from(self.rules.players())]
    }

    /// Games each seat has lost in the match.
    pub fn losses(&self) -> &[u8] {
        &self.losses[..usize::from(self.rules.players())]
    }

    /// Index of the current round in the match, from 0.
    pub fn round_number(&self) -> u32 {
        self.round_no
    }

    /// Games finished.
    pub fn games_played(&self) -> u32 {
        self.games_done
    }

    /// Turns played in the current round.
    pub fn turn(&self) -> u16 {
        self.round.turns
    }

    /// Who played first in the current round.
    pub fn starter(&self) -> Seat {
        seat(self.round.starter)
    }

    /// The last round that ended.
    pub fn last_round(&self) -> Option<&RoundResult> {
        self.last_round.as_ref()
    }

    /// The last game that ended.
    pub fn last_game(&self) -> Option<&GameResult> {
        self.last_game_result.as_ref()
    }

    /// Plays an action [`Play::check`] accepted. Kept private: an unchecked action can
    /// index past the stock.
    fn apply(&mut self, action: Action) -> Event {
        let player = seat(self.round.current);
        let step = self.round.apply(&self.rules, action, &mut self.rng);
        let mut event = Event {
            player,
            action,
            took: step.took,
            reshuffled: step.reshuffled,
            round: None,
            game: None,
        };
        if let Some(end) = step.end {
            self.end_round(end, &mut event);
        }
        event
    }

    fn end_round(&mut self, end: RoundEnd, event: &mut Event) {
        let n = usize::from(self.rules.players());
        let added = self.round.points(&self.rules, end);
        for (score, add) in self.scores.iter_mut().zip(added).take(n) {
            *score = score.saturating_add(add);
        }
        let result = RoundResult {
            round: self.round_no,
            game: self.games_done,
            end,
            starter: seat(self.round.starter),
            turns: self.round.turns,
            players: self.rules.players(),
            hands: self.round.hands,
            added,
            totals: self.scores,
        };
        event.round = Some(result);
        self.last_round = Some(result);
        self.round_no += 1;
        self.rounds_so_far += 1;
        let limit = self.rules.score_limit();
        if self.scores[..n].iter().any(|&s| s >= limit) {
            let mut losers = SeatSet::EMPTY;
            let mut winners = SeatSet::EMPTY;
            let low = self.scores[..n].iter().copied().min().unwrap_or(0);
            for p in 0..n {
                if self.scores[p] >= limit {
                    losers.insert(seat(p as u8));
                    self.losses[p] = self.losses[p].saturating_add(1);
                }
                if self.scores[p] == low {
                    winners.insert(seat(p as u8));
                }
            }
            let game = GameResult {
                game: self.games_done,
                rounds: self.rounds_so_far,
                players: self.rules.players(),
                totals: self.scores,
                losers,
                winners,
            };
            event.game = Some(game);
            self.last_game_result = Some(game);
            self.games_done += 1;
            self.rounds_so_far = 0;
            self.scores = [0; MAX_PLAYERS];
            if self.losses[..n]
                .iter()
                .any(|&l| l >= self.rules.match_losses())
            {
                self.over = true;
                return;
            }
        }
        let starter = (self.round.starter + 1) % self.rules.players();
        self.round = Round::deal(self.rules.players(), starter, &mut self.rng);
    }
}

/// The play contract. A match is over when a seat has lost [`Rules::match_losses`] games;
/// until then exactly one seat is to move.
impl Play for Game {
    type Move = Action;
    type Event = Event;
    type Illegal = IllegalMove;
    type Status = Status;
    /// Built per call: what one seat may know, owned (a bot keeps it without borrowing
    /// the game).
    type View<'a> = View;

    /// The seats at the table, 2 to 5.
    fn players(&self) -> usize {
        usize::from(self.rules.players())
    }

    /// The player on turn, `None` once the match is over.
    fn to_move(&self) -> Option<Seat> {
        (!self.over).then_some(seat(self.round.current))
    }

    /// Where the match stands.
    fn status(&self) -> Status {
        if self.over {
            let losers = self
                .seats()
                .filter(|p| self.losses[p.index()] >= self.rules.match_losses())
                .collect();
            Status::Over { losers }
        } else {
            Status::InProgress {
                player: seat(self.round.current),
            }
        }
    }

    /// How the match ended, `None` while it goes on.
    ///
    /// - **Winners**: the seats that lost the fewest games of the match; among them, those
    ///   with the lowest total in the last game; seats still tied share the win. In a
    ///   one-game match (the default, [`Rules::match_losses`] 1) these are the last game's
    ///   [`GameResult::winners`], the lowest totals. A seat in [`Status::Over`]'s `losers`
    ///   is never a winner unless every seat lost the match in the same round.
    /// - **Score**: each seat's penalty points in the last game, its total when the match
    ///   ended ([`GameResult::totals`]); lower is better.
    fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        let n = self.players();
        let totals = self.last_game_result.map_or(self.scores, |g| g.totals);
        let rank = |p: usize| (self.losses[p], totals[p]);
        let best = (0..n).map(rank).min()?;
        let winners = (0..n)
            .filter(|&p| rank(p) == best)
            .map(|p| seat(p as u8))
            .collect();
        let mut scores = [0i64; MAX_PLAYERS];
        for (score, &total) in scores.iter_mut().zip(&totals) {
            *score = i64::from(total);
        }
        Some(Outcome::new(&scores[..n], winners))
    }

    /// Whether the match is over (a flag, not an [`Outcome`] built to be dropped).
    fn is_over(&self) -> bool {
        self.over
    }

    /// What `seat` may know: see [`View`]. A seat not at the table gets a spectator's
    /// view: no hand, and every card not face up unseen.
    fn view(&self, seat: Seat) -> View {
        View::of(self, seat)
    }

    /// Every legal action of the player on turn, in a fixed order: `call` first when
    /// allowed, then each combination of the hand with the stock and then with each card
    /// that may be taken (empty once the match is over).
    fn legal_moves_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if !self.over {
            legal_into(
                &self.rules,
                self.round.hand(),
                self.round.prev,
                self.round.stock_len(),
                out,
            );
        }
    }

    /// Whether the player on turn may play `action`.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] once the match is over, or the rule `action` breaks.
    fn check(&self, action: Action) -> Result<(), IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        self.round.check(&self.rules, action)
    }

    /// Plays `action` for the player on turn. A round that ends is scored, the game ends
    /// when a total reaches the score limit, and the next round is dealt at once.
    ///
    /// # Errors
    /// [`IllegalMove`] says why the action is refused; the game is then unchanged.
    fn play(&mut self, action: Action) -> Result<Event, IllegalMove> {
        self.check(action)?;
        Ok(self.apply(action))
    }
}
