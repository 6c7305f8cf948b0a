//! Bots playing whole rounds and matches, and the statistics of many of them.

use alloc::vec::Vec;

use plateau_grid::{Bot, Play};

use crate::round::RoundEnd;
use crate::{Event, Game, GameResult, RoundResult, SimError};

/// Plays one turn: the bot of the player on turn chooses from its view (and sees nothing
/// else of the game).
///
/// # Errors
/// [`SimError::BotCount`] unless there is one bot per seat, [`SimError::GameOver`],
/// [`SimError::NoAction`] when the bot on turn offers none, [`SimError::Bot`] when a bot's
/// action is refused (the game is then unchanged).
pub fn play_turn(game: &mut Game, bots: &mut [&mut dyn Bot<Game>]) -> Result<Event, SimError> {
    let players = game.rules().players();
    if bots.len() != usize::from(players) {
        return Err(SimError::BotCount {
            bots: bots.len(),
            players,
        });
    }
    let player = game.to_move().ok_or(SimError::GameOver)?;
    let action = bots[player.index()]
        .choose(game.view(player))
        .ok_or(SimError::NoAction { player })?;
    game.play(action)
        .map_err(|error| SimError::Bot { player, error })
}

/// Plays turns until the current round ends. Every round ends: by a call, an exhausted
/// stock, or at the rules' [turn limit](crate::Rules::turn_limit) (a capped round,
/// [`RoundEnd::TurnLimit`]).
///
/// ```
/// use plateau_japjap::{Game, GreedyBot, RandomBot, Rules, play_round};
///
/// let mut game = Game::new(Rules::heads_up(), 1);
/// let (mut a, mut b) = (GreedyBot::new(), RandomBot::new(2));
/// let result = play_round(&mut game, &mut [&mut a, &mut b])?;
/// assert!(result.turns() <= game.rules().turn_limit());
/// # Ok::<(), plateau_japjap::SimError>(())
/// ```
///
/// # Errors
/// As [`play_turn`].
pub fn play_round(
    game: &mut Game,
    bots: &mut [&mut dyn Bot<Game>],
) -> Result<RoundResult, SimError> {
    loop {
        if let Some(result) = play_turn(game, bots)?.round {
            return Ok(result);
        }
    }
}

/// Every round and game of a match.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MatchRecord {
    /// The rounds, in order.
    pub rounds: Vec<RoundResult>,
    /// The games, in order.
    pub games: Vec<GameResult>,
    /// Whether the match ended (false: `max_rounds` was reached first).
    pub finished: bool,
}

/// Plays the match to its end, or `max_rounds` rounds (rounds that score nothing, such as
/// exhausted stocks, do not bring the end closer, so a match has no bound of its own).
///
/// # Errors
/// As [`play_turn`].
pub fn play_match(
    game: &mut Game,
    bots: &mut [&mut dyn Bot<Game>],
    max_rounds: u32,
) -> Result<MatchRecord, SimError> {
    let mut record = MatchRecord::default();
    while !game.is_over() && record.rounds.len() < max_rounds as usize {
        let event = loop {
            let e = play_turn(game, bots)?;
            if e.round.is_some() {
                break e;
            }
        };
        record.rounds.extend(event.round);
        record.games.extend(event.game);
    }
    record.finished = game.is_over();
    Ok(record)
}

/// Counts over many rounds and games; [`Stats::merge`] adds the counts of another run (for
/// parallel simulations).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Stats {
    /// Rounds seen.
    pub rounds: u64,
    /// Turns played in them.
    pub turns: u64,
    /// Rounds ended by a call.
    pub calls: u64,
    /// Calls that were countered.
    pub counters: u64,
    /// Rounds ended by an exhausted stock.
    pub exhausted: u64,
    /// Rounds cut at the turn limit.
    pub capped: u64,
    /// Rounds won by the player who started them.
    pub starter_wins: u64,
    /// Games seen.
    pub games: u64,
    /// Rounds those games took.
    pub game_rounds: u64,
}

impl Stats {
    /// Counts a round.
    pub fn add_round(&mut self, r: &RoundResult) {
        self.rounds += 1;
        self.turns += u64::from(r.turns());
        match r.end() {
            RoundEnd::Call {
                winner, countered, ..
            } => {
                self.calls += 1;
                self.counters += u64::from(countered);
                self.starter_wins += u64::from(winner == r.starter());
            }
            RoundEnd::StockExhausted => self.exhausted += 1,
            RoundEnd::TurnLimit => self.capped += 1,
        }
    }

    /// Counts a game.
    pub fn add_game(&mut self, g: &GameResult) {
        self.games += 1;
        self.game_rounds += u64::from(g.rounds());
    }

    /// Counts every round and game of a match.
    pub fn add_match(&mut self, m: &MatchRecord) {
        for r in &m.rounds {
            self.add_round(r);
        }
        for g in &m.games {
            self.add_game(g);
        }
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: &Stats) {
        self.rounds += other.rounds;
        self.turns += other.turns;
        self.calls += other.calls;
        self.counters += other.counters;
        self.exhausted += other.exhausted;
        self.capped += other.capped;
        self.starter_wins += other.starter_wins;
        self.games += other.games;
        self.game_rounds += other.game_rounds;
    }

    fn ratio(a: u64, b: u64) -> f64 {
        if b == 0 { 0.0 } else { a as f64 / b as f64 }
    }

    /// Mean turns per round.
    pub fn mean_turns(&self) -> f64 {
        Stats::ratio(self.turns, self.rounds)
    }
    /// Share of rounds ended by a call.
    pub fn call_rate(&self) -> f64 {
        Stats::ratio(self.calls, self.rounds)
    }
    /// Share of calls that were countered.
    pub fn counter_rate(&self) -> f64 {
        Stats::ratio(self.counters, self.calls)
    }
    /// Share of rounds ended by an exhausted stock.
    pub fn exhaustion_rate(&self) -> f64 {
        Stats::ratio(self.exhausted, self.rounds)
    }
    /// Share of rounds cut at the turn limit.
    pub fn capped_rate(&self) -> f64 {
        Stats::ratio(self.capped, self.rounds)
    }
    /// Share of rounds won by the player who started them.
    pub fn first_player_win_rate(&self) -> f64 {
        Stats::ratio(self.starter_wins, self.rounds)
    }
    /// Mean rounds per game.
    pub fn rounds_per_game(&self) -> f64 {
        Stats::ratio(self.game_rounds, self.games)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GreedyBot, RandomBot, Rules};

    #[test]
    fn stats_count_what_the_records_say() {
        let mut total = Stats::default();
        let mut by_hand = (0u64, 0u64, 0u64, 0u64);
        for seed in 0..20 {
            let mut g = Game::new(Rules::new(3).unwrap(), seed);
            let (mut a, mut b, mut c) = (GreedyBot::new(), RandomBot::new(seed), GreedyBot::new());
            let rec = play_match(&mut g, &mut [&mut a, &mut b, &mut c], 10_000).unwrap();
            assert!(rec.finished);
            assert_eq!(rec.games.len(), 1);
            assert_eq!(rec.games[0].rounds() as usize, rec.rounds.len());
            let mut s = Stats::default();
            s.add_match(&rec);
            for r in &rec.rounds {
                by_hand.0 += u64::from(r.turns());
                by_hand.1 += u64::from(r.countered());
                by_hand.2 += u64::from(r.winner().is_some());
                by_hand.3 += u64::from(r.winner() == Some(r.starter()));
            }
            total.merge(&s);
        }
        assert_eq!(
            (total.turns, total.counters, total.calls, total.starter_wins),
            by_hand
        );
        assert_eq!(total.games, 20);
        assert_eq!(total.rounds, total.calls + total.exhausted + total.capped);
        assert!((total.rounds_per_game() - total.rounds as f64 / 20.0).abs() < 1e-12);
    }

    #[test]
    fn a_wrong_number_of_bots_is_an_error() {
        let mut g = Game::new(Rules::heads_up(), 1);
        let mut a = GreedyBot::new();
        assert_eq!(
            play_turn(&mut g, &mut [&mut a]).unwrap_err(),
            SimError::BotCount {
                bots: 1,
                players: 2
            }
        );
    }
}
