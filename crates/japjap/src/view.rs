//! What one player may know, and worlds sampled to agree with it.

use alloc::vec::Vec;

use plateau_grid::{Seat, random};
use rand::Rng;

use crate::config::MAX_PLAYERS;
use crate::round::{Round, check, legal_into, seat};
use crate::{Action, CardSet, Game, GameResult, IllegalMove, Meld, Rules};

/// Everything one player may know about a match, and nothing else: their own hand, the
/// cards just discarded and the pile under them, every hand's size, the cards each player
/// was seen taking from the discard (and still holds), the stock's size, scores and
/// losses, the last game's result. Bots receive only a view, so they cannot peek at other
/// hands or the stock.
///
/// The view of a seat not at the table is a spectator's: no hand, nothing to play, and
/// every card not face up or seen taken is unseen.
///
/// [`View::sample_world`] deals the cards this player has not seen into a full [`Game`]
/// that agrees with the view, for search bots (a clone of the real game would leak the
/// stock's order and the other hands).
///
/// ```
/// use plateau_japjap::{Game, Play, Rules, random};
///
/// let game = Game::new(Rules::heads_up(), 3);
/// let me = game.to_move().unwrap();
/// let view = game.view(me);
/// assert_eq!(view.legal_moves(), game.legal_moves());
/// let world = view.sample_world(&mut random::seeded(1));
/// assert_eq!(world.hand(me), game.hand(me));
/// assert_eq!(world.view(me), view);
/// assert_eq!(world.legal_moves(), game.legal_moves());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct View {
    rules: Rules,
    player: Seat,
    current: Seat,
    over: bool,
    hand: CardSet,
    prev: Meld,
    dead: CardSet,
    known: [CardSet; MAX_PLAYERS],
    sizes: [u8; MAX_PLAYERS],
    scores: [u16; MAX_PLAYERS],
    losses: [u8; MAX_PLAYERS],
    stock: u8,
    starter: Seat,
    turns: u16,
    round: u32,
    game: u32,
    rounds_so_far: u32,
    last_game: Option<GameResult>,
}

impl View {
    pub(crate) fn of(game: &Game, player: Seat) -> View {
        let r = &game.round;
        let mut sizes = [0u8; MAX_PLAYERS];
        for (s, h) in sizes.iter_mut().zip(&r.hands) {
            *s = h.len() as u8;
        }
        View {
            rules: game.rules,
            player,
            current: seat(r.current),
            over: game.over,
            hand: r.hands.get(player.index()).copied().unwrap_or_default(),
            prev: r.prev,
            dead: r.dead,
            known: r.known,
            sizes,
            scores: game.scores,
            losses: game.losses,
            stock: r.stock_len() as u8,
            starter: seat(r.starter),
            turns: r.turns,
            round: game.round_no,
            game: game.games_done,
            rounds_so_far: game.rounds_so_far,
            last_game: game.last_game_result,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// Whose view this is.
    pub fn player(&self) -> Seat {
        self.player
    }
    /// The player to act, `None` once the match is over.
    pub fn to_move(&self) -> Option<Seat> {
        (!self.over).then_some(self.current)
    }
    /// Whether this player is to act.
    pub fn is_my_turn(&self) -> bool {
        !self.over && self.current == self.player
    }
    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.over
    }
    /// This player's hand.
    pub fn hand(&self) -> CardSet {
        self.hand
    }
    /// The cards the previous player just discarded (the face-up card on the first turn).
    pub fn discard(&self) -> Meld {
        self.prev
    }
    /// The discard pile under them.
    pub fn discard_pile(&self) -> CardSet {
        self.dead
    }
    /// The cards of `player`'s hand that everyone saw them take from the discard.
    pub fn known(&self, player: Seat) -> CardSet {
        self.known.get(player.index()).copied().unwrap_or_default()
    }
    /// Number of cards in `player`'s hand.
    pub fn hand_size(&self, player: Seat) -> usize {
        self.sizes
            .get(player.index())
            .map_or(0, |&s| usize::from(s))
    }
    /// Cards left in the stock.
    pub fn stock_len(&self) -> usize {
        usize::from(self.stock)
    }
    /// Each seat's total in the current game.
    pub fn scores(&self) -> &[u16] {
        &self.scores[..usize::from(self.rules.players())]
    }
    /// Games each seat has lost in the match.
    pub fn losses(&self) -> &[u8] {
        &self.losses[..usize::from(self.rules.players())]
    }
    /// Who played first this round.
    pub fn starter(&self) -> Seat {
        self.starter
    }
    /// Turns played in this round.
    pub fn turn(&self) -> u16 {
        self.turns
    }
    /// Index of the round in the match.
    pub fn round_number(&self) -> u32 {
        self.round
    }
    /// Games finished.
    pub fn games_played(&self) -> u32 {
        self.game
    }
    /// The last game that ended (its totals, winners and losers were seen by everyone).
    pub fn last_game(&self) -> Option<&GameResult> {
        self.last_game.as_ref()
    }

    /// The cards this player cannot place: in the stock or in another hand, not seen
    /// taken.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.hand | self.prev.cards() | self.dead;
        for p in 0..usize::from(self.rules.players()) {
            seen |= self.known[p];
        }
        seen.complement()
    }

    /// This player's legal actions (empty when it is not their turn), in the order of
    /// [`Game::legal_moves_into`](plateau_grid::Play::legal_moves_into).
    pub fn legal_moves(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_moves_into(&mut v);
        v
    }

    /// [`View::legal_moves`] into `out` (cleared first).
    pub fn legal_moves_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.is_my_turn() {
            legal_into(&self.rules, self.hand, self.prev, self.stock_len(), out);
        }
    }

    /// Whether this player may play `action` now.
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Why this player may not play `action` now.
    ///
    /// # Errors
    /// The reason the game would give: [`IllegalMove::GameOver`] once the match is over,
    /// [`IllegalMove::NotYourTurn`] when another player is on turn, or the rule broken.
    pub fn check(&self, action: Action) -> Result<(), IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        if self.current != self.player {
            return Err(IllegalMove::NotYourTurn {
                player: self.player,
                current: self.current,
            });
        }
        check(
            &self.rules,
            self.player,
            self.hand,
            self.prev,
            self.stock_len(),
            action,
        )
    }

    /// A full game that agrees with this view: the unseen cards shuffled with `rng` and
    /// dealt to the other hands (beside the cards they were seen taking) and the stock; its
    /// generator for later deals is seeded from `rng` too. Every world consistent with the
    /// view can come out, each with equal chance (the other players' past choices are not
    /// used to weigh them).
    pub fn sample_world<R: Rng + ?Sized>(&self, rng: &mut R) -> Game {
        let round = self.sample_round(rng);
        Game {
            rules: self.rules,
            rng: random::seeded(rng.next_u64()),
            round,
            scores: self.scores,
            losses: self.losses,
            round_no: self.round,
            games_done: self.game,
            rounds_so_far: self.rounds_so_far,
            over: self.over,
            last_round: None,
            last_game_result: self.last_game,
        }
    }

    /// [`View::sample_world`] from a seed.
    pub fn sample_world_seeded(&self, seed: u64) -> Game {
        self.sample_world(&mut random::seeded(seed))
    }

    /// The round part of [`View::sample_world`], with no generator to build (search code).
    pub(crate) fn sample_round<R: Rng + ?Sized>(&self, rng: &mut R) -> Round {
        let unseen = self.unseen();
        let mut pool = [0u8; 52];
        let k = unseen.len();
        for (slot, c) in pool.iter_mut().zip(unseen) {
            *slot = c.index();
        }
        random::shuffle(rng, &mut pool[..k]);
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        let mut next = 0usize;
        let n = usize::from(self.rules.players());
        for (p, hand) in hands.iter_mut().enumerate().take(n) {
            if p == self.player.index() {
                *hand = self.hand;
                continue;
            }
            *hand = self.known[p];
            let missing = usize::from(self.sizes[p]).saturating_sub(self.known[p].len());
            for &c in pool[next..k].iter().take(missing) {
                hand.insert(crate::round::card(c));
            }
            next = (next + missing).min(k);
        }
        // The stock is the rest of the pool; the dealt cards before it are never read.
        let pos = 52 - usize::from(self.stock);
        let mut deck = [0u8; 52];
        let rest = &pool[next..k];
        for (slot, &c) in deck[pos..].iter_mut().zip(rest) {
            *slot = c;
        }
        let placed: CardSet = deck[pos..].iter().map(|&c| crate::round::card(c)).collect();
        let mut other = (placed | unseen).complement().iter();
        for slot in &mut deck[..pos] {
            *slot = other.next().map_or(0, crate::Card::index);
        }
        Round {
            hands,
            known: self.known,
            deck,
            pos: pos as u8,
            prev: self.prev,
            dead: self.dead,
            current: self.current.index() as u8,
            starter: self.starter.index() as u8,
            turns: self.turns,
            players: self.rules.players(),
        }
    }
}
