//! The full state of a match: [`Game`], its [`Status`], the [`Event`] of each turn and the
//! results of rounds and games.

use alloc::vec::Vec;

use plateau_grid::PlayAllError;
use plateau_grid::random::{self, SeededRng};
use rand::Rng;

use crate::config::MAX_PLAYERS;
use crate::round::{Round, RoundEnd, legal_into};
use crate::{Action, Card, CardSet, IllegalMove, Meld, Player, Players, Rules, View};

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// `player` is to act.
    Playing {
        /// The player on turn.
        player: Player,
    },
    /// A player has lost [`Rules::match_losses`] games: the match is over. `losers` holds
    /// every player with that many losses (several can reach it in the same round).
    Over {
        /// The players who lost the match.
        losers: Players,
    },
}

/// The result of a round: how it ended, the hands shown and the points scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoundResult {
    round: u32,
    game: u32,
    end: RoundEnd,
    starter: Player,
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
    pub fn starter(&self) -> Player {
        self.starter
    }
    /// Turns played (discards; a call is not counted).
    pub fn turns(&self) -> u16 {
        self.turns
    }
    /// The winner: the caller or the counter, `None` when the stock ran out or the turn
    /// limit was reached.
    pub fn winner(&self) -> Option<Player> {
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
}

/// The result of a game: someone reached the score limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameResult {
    game: u32,
    rounds: u32,
    players: u8,
    totals: [u16; MAX_PLAYERS],
    losers: Players,
    winners: Players,
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
    pub fn losers(&self) -> Players {
        self.losers
    }
    /// The players with the lowest total (ties share the win).
    pub fn winners(&self) -> Players {
        self.winners
    }
}

/// What a turn did, for front ends: who acted, what they took, and the round or game it
/// ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Event {
    /// Who acted.
    pub player: Player,
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
/// ```
/// use plateau_japjap::{Action, Game, Rules, Status};
///
/// let mut game = Game::new(Rules::heads_up(), 7);
/// let Status::Playing { player } = game.status() else { unreachable!() };
/// let before = game.clone();
/// // Nobody holds the ace of spades twice: a refused action changes nothing.
/// let bad: Action = "discard AS 2S 3S 4S 5S take stock".parse()?;
/// if !game.hand(player).is_superset(bad.meld().unwrap().cards()) {
///     assert!(game.play(bad).is_err());
///     assert_eq!(game, before);
/// }
/// let first = game.legal_actions()[0];
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

    /// Where the match stands.
    pub fn status(&self) -> Status {
        if self.over {
            let mut losers = Players::EMPTY;
            for p in self.seats() {
                if self.losses[p.index()] >= self.rules.match_losses() {
                    losers.insert(p);
                }
            }
            Status::Over { losers }
        } else {
            Status::Playing {
                player: Player::at(self.round.current),
            }
        }
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The player to act, `None` once the match is over.
    pub fn current_player(&self) -> Option<Player> {
        (!self.over).then_some(Player::at(self.round.current))
    }

    /// The seats, in turn order from seat 0.
    pub fn seats(&self) -> impl Iterator<Item = Player> + use<> {
        (0..self.rules.players()).map(Player::at)
    }

    /// `player`'s hand (the full state: a bot gets a [`View`] instead).
    pub fn hand(&self, player: Player) -> CardSet {
        self.round
            .hands
            .get(player.index())
            .copied()
            .unwrap_or_default()
    }

    /// The cards of `player`'s hand everyone saw them take from the discard.
    pub fn known(&self, player: Player) -> CardSet {
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
    pub fn starter(&self) -> Player {
        Player::at(self.round.starter)
    }

    /// The last round that ended.
    pub fn last_round(&self) -> Option<&RoundResult> {
        self.last_round.as_ref()
    }

    /// The last game that ended.
    pub fn last_game(&self) -> Option<&GameResult> {
        self.last_game_result.as_ref()
    }

    /// What `player` may know: see [`View`].
    pub fn view(&self, player: Player) -> View {
        View::of(self, player)
    }

    /// Every legal action of the player on turn, in a fixed order (empty once the match is
    /// over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// [`Game::legal_actions`] into `out` (cleared first; no allocation once it has grown).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
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

    /// Whether the player on turn may play `action` (always equal to `play(action).is_ok()`).
    pub fn is_legal(&self, action: Action) -> bool {
        !self.over && self.round.check(&self.rules, action).is_ok()
    }

    /// Plays `action` for the player on turn. A round that ends is scored, the game ends
    /// when a total reaches the score limit, and the next round is dealt at once.
    ///
    /// # Errors
    /// [`IllegalMove`] says why the action is refused; the game is then unchanged.
    pub fn play(&mut self, action: Action) -> Result<Event, IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        self.round.check(&self.rules, action)?;
        Ok(self.play_unchecked(action))
    }

    /// Plays actions in order, all or nothing.
    ///
    /// # Errors
    /// The first refused action's index and reason; nothing is then played.
    pub fn play_all(&mut self, actions: &[Action]) -> Result<(), PlayAllError<IllegalMove>> {
        let mut next = self.clone();
        for (index, &a) in actions.iter().enumerate() {
            next.play(a)
                .map_err(|error| PlayAllError { index, error })?;
        }
        *self = next;
        Ok(())
    }

    /// Plays a legal action without checking it (for search code that took it from
    /// [`Game::legal_actions`]). An illegal action may panic or leave the game
    /// inconsistent (never undefined behaviour: the crate forbids `unsafe`).
    pub fn play_unchecked(&mut self, action: Action) -> Event {
        let player = Player::at(self.round.current);
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
            starter: Player::at(self.round.starter),
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
            let mut losers = Players::EMPTY;
            let mut winners = Players::EMPTY;
            let low = self.scores[..n].iter().copied().min().unwrap_or(0);
            for p in 0..n {
                if self.scores[p] >= limit {
                    losers.insert(Player::at(p as u8));
                    self.losses[p] = self.losses[p].saturating_add(1);
                }
                if self.scores[p] == low {
                    winners.insert(Player::at(p as u8));
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
