//! The one binding layer: [`Session`] over any [`Play`] game, [`PlayError`], and the
//! `bindings!` macro that exports a session to JavaScript.

use core::fmt::Display;
use core::str::FromStr;

use plateau_grid::{Play, Seat};
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// What the page needs of a game beyond the contract: its events and views as JSON, built
/// from the crate's own types (the page draws them and decides nothing).
pub trait WebGame: Play {
    /// What a move changed, for the page to animate.
    fn event_json(&self, event: &Self::Event) -> Value;
    /// What `seat` sees, for the page to draw.
    fn view_json(&self, seat: Seat) -> Value;
}

/// Why the page's request was refused: `kind` is `"parse"` (the text is no move of this
/// game), `"illegal"` (the crate refused the move, `message` says why) or `"input"` (a
/// bad argument, such as a size out of range). Thrown to JavaScript as an instance of this
/// class.
#[wasm_bindgen]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayError {
    kind: &'static str,
    message: String,
}

impl PlayError {
    /// A refusal of the given kind.
    pub fn new(kind: &'static str, message: impl Display) -> PlayError {
        PlayError {
            kind,
            message: message.to_string(),
        }
    }

    /// The crate refused a move: `error` says why.
    pub fn illegal(error: impl Display) -> PlayError {
        PlayError::new("illegal", error)
    }

    /// A bad argument.
    pub fn input(error: impl Display) -> PlayError {
        PlayError::new("input", error)
    }
}

#[wasm_bindgen]
impl PlayError {
    /// `"parse"`, `"illegal"` or `"input"`.
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.kind.to_string()
    }

    /// Why, in the crate's words.
    #[wasm_bindgen(getter)]
    pub fn message(&self) -> String {
        self.message.clone()
    }

    /// `kind: message`.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_js_string(&self) -> String {
        format!("{}: {}", self.kind, self.message)
    }
}

/// A game in play on the page: the state, the steps before it (for undo: each the state
/// before and the move count then), and the number of moves played.
#[derive(Debug, Clone)]
pub struct Session<G: Play> {
    game: G,
    history: Vec<(G, usize)>,
    moves: usize,
}

impl<G: WebGame> Session<G>
where
    <G::Move as FromStr>::Err: Display,
{
    /// A session starting at `game`.
    pub fn new(game: G) -> Session<G> {
        Session {
            game,
            history: Vec::new(),
            moves: 0,
        }
    }

    /// The game as it stands.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Every legal move in its text notation, in the game's order.
    pub fn legal_moves(&self) -> Vec<String> {
        self.game
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Reads a move in the game's notation.
    ///
    /// # Errors
    /// A `"parse"` [`PlayError`] when the text is no move of the game.
    pub fn parse(&self, text: &str) -> Result<G::Move, PlayError> {
        text.trim()
            .parse()
            .map_err(|e| PlayError::new("parse", format_args!("{text:?}: {e}")))
    }

    /// Plays `m` and returns the crate's event as JSON.
    ///
    /// # Errors
    /// An `"illegal"` [`PlayError`] with the crate's reason; the session is then unchanged.
    pub fn play(&mut self, m: G::Move) -> Result<Value, PlayError> {
        let before = self.game.clone();
        let event = self.game.play(m).map_err(PlayError::illegal)?;
        self.history.push((before, self.moves));
        self.moves += 1;
        Ok(self.game.event_json(&event))
    }

    /// Plays a move given in text.
    ///
    /// # Errors
    /// As [`Session::parse`] and [`Session::play`]; the session is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<Value, PlayError> {
        let m = self.parse(text)?;
        self.play(m)
    }

    /// Runs an operation of the game outside the contract (the taquin's click) as one
    /// undoable step counting `moves(&result)` moves.
    ///
    /// # Errors
    /// The operation's error, as a [`PlayError`]; the operation must leave the game
    /// unchanged on `Err`, and the session is then unchanged too.
    pub fn apply<R, E: Display>(
        &mut self,
        op: impl FnOnce(&mut G) -> Result<R, E>,
        moves: impl FnOnce(&R) -> usize,
    ) -> Result<R, PlayError> {
        let before = self.game.clone();
        let result = op(&mut self.game).map_err(PlayError::illegal)?;
        self.history.push((before, self.moves));
        self.moves += moves(&result);
        Ok(result)
    }

    /// Runs a real-time step of the game (a Tetris tick, a pause): not a move, so it is
    /// not counted, and it forgets the undo history (the states before it are no longer
    /// reachable by play).
    pub fn realtime<R>(&mut self, step: impl FnOnce(&mut G) -> R) -> R {
        self.history.clear();
        step(&mut self.game)
    }

    /// Why the crate would refuse the move given in text now (the parse error or the
    /// game's reason), `None` when it is legal.
    pub fn check_text(&self, text: &str) -> Option<String> {
        match self.parse(text) {
            Ok(m) => self.game.check(m).err().map(|e| e.to_string()),
            Err(e) => Some(e.message),
        }
    }

    /// Takes back the last step; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some((before, moves)) => {
                self.game = before;
                self.moves = moves;
                true
            }
            None => false,
        }
    }

    /// Starts again at `game`, forgetting the history.
    pub fn reset(&mut self, game: G) {
        *self = Session::new(game);
    }

    /// Moves played so far (undone ones not counted).
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// The seat to move as its index, `None` when the game is over or takes no move now.
    pub fn to_move(&self) -> Option<u32> {
        self.game.to_move().map(|s| s.index() as u32)
    }

    /// The game's own status, by its variant's name.
    pub fn status(&self) -> String {
        let text = format!("{:?}", self.game.status());
        text.split([' ', '(', '{']).next().unwrap_or("").to_string()
    }

    /// How the game ended, in the contract's words (`"won (17)"`, `"P1 wins (P1 35, P2
    /// 30)"`), `None` while it goes on.
    pub fn outcome(&self) -> Option<String> {
        self.game.outcome().map(|o| o.to_string())
    }

    /// The winning seats' indices (empty while the game goes on).
    pub fn winners(&self) -> Vec<u32> {
        self.game
            .outcome()
            .map(|o| o.winners().iter().map(|s| s.index() as u32).collect())
            .unwrap_or_default()
    }

    /// Every seat's score at the end (empty while the game goes on).
    pub fn scores(&self) -> Vec<f64> {
        self.game
            .outcome()
            .map(|o| o.scores().iter().map(|&s| s as f64).collect())
            .unwrap_or_default()
    }

    /// What seat `seat` sees, as JSON.
    pub fn view(&self, seat: u32) -> Value {
        let seat = Seat::new(seat as usize).unwrap_or(Seat::FIRST);
        self.game.view_json(seat)
    }
}

/// Exports a `wasm-bindgen` class `$name` holding a field `session: Session<$game>`, with
/// the contract's operations as its methods (see the crate's docs). The game's own module
/// declares the struct (with its docs) and adds its constructor and extras in another
/// `#[wasm_bindgen] impl` block.
macro_rules! bindings {
    ($name:ident, $game:ty) => {
        #[wasm_bindgen::prelude::wasm_bindgen]
        impl $name {
            /// Every legal move in the game's notation.
            #[wasm_bindgen(js_name = legalMoves)]
            pub fn legal_moves(&self) -> Vec<String> {
                self.session.legal_moves()
            }

            /// Plays a move given in the game's notation; returns the event as JSON.
            ///
            /// # Errors
            /// A [`PlayError`](crate::PlayError) (`parse` or `illegal`); nothing changes.
            pub fn play(&mut self, text: &str) -> Result<String, crate::PlayError> {
                self.session.play_text(text).map(|e| e.to_string())
            }

            /// Why the crate would refuse the move now, `undefined` when it is legal (for
            /// live previews: nothing changes).
            pub fn check(&self, text: &str) -> Option<String> {
                self.session.check_text(text)
            }

            /// Takes back the last step; `false` when there is none.
            pub fn undo(&mut self) -> bool {
                self.session.undo()
            }

            /// Moves played (undone ones not counted).
            pub fn moves(&self) -> usize {
                self.session.moves()
            }

            /// The seat to move, `undefined` when the game is over or takes no move now.
            #[wasm_bindgen(js_name = toMove)]
            pub fn to_move(&self) -> Option<u32> {
                self.session.to_move()
            }

            /// The game's status, by its variant's name (`InProgress`, `Solved`...).
            pub fn status(&self) -> String {
                self.session.status()
            }

            /// How the game ended, `undefined` while it goes on.
            pub fn outcome(&self) -> Option<String> {
                self.session.outcome()
            }

            /// The winning seats (empty while the game goes on).
            pub fn winners(&self) -> Vec<u32> {
                self.session.winners()
            }

            /// Every seat's score at the end (empty while the game goes on).
            pub fn scores(&self) -> Vec<f64> {
                self.session.scores()
            }

            /// Number of seats.
            pub fn players(&self) -> usize {
                plateau_grid::Play::players(self.session.game())
            }

            /// What `seat` sees, as JSON.
            pub fn view(&self, seat: u32) -> String {
                self.session.view(seat).to_string()
            }
        }
    };
}
pub(crate) use bindings;
