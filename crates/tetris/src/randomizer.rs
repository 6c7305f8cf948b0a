//! The piece generators behind [`Randomizer`], drawing only through `plateau_grid::random`.

use plateau_grid::random::{self, SeededRng};

use crate::{Piece, Randomizer};

/// A randomizer's state: the generator, and the bag or the last piece dealt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Generator {
    kind: Randomizer,
    rng: SeededRng,
    bag: [Piece; 7],
    /// Pieces of `bag` already dealt (7: draw a new bag).
    used: u8,
    last: Option<Piece>,
}

/// The NES ROM's piece order (T J Z O S L I), which its reroll rule indexes.
const NES_ORDER: [Piece; 7] = [
    Piece::T,
    Piece::J,
    Piece::Z,
    Piece::O,
    Piece::S,
    Piece::L,
    Piece::I,
];

impl Generator {
    pub(crate) fn new(kind: Randomizer, rng: SeededRng) -> Generator {
        Generator {
            kind,
            rng,
            bag: Piece::ALL,
            used: 7,
            last: None,
        }
    }

    pub(crate) fn next(&mut self) -> Piece {
        let p = match self.kind {
            Randomizer::Bag => {
                if self.used == 7 {
                    self.bag = Piece::ALL;
                    random::shuffle(&mut self.rng, &mut self.bag);
                    self.used = 0;
                }
                let p = self.bag[usize::from(self.used)];
                self.used += 1;
                p
            }
            Randomizer::Memoryless => Piece::ALL[random::below(&mut self.rng, 7) as usize],
            Randomizer::Classic => {
                let first = random::below(&mut self.rng, 8) as usize;
                if first == 7 || Some(NES_ORDER[first]) == self.last {
                    NES_ORDER[random::below(&mut self.rng, 7) as usize]
                } else {
                    NES_ORDER[first]
                }
            }
        };
        self.last = Some(p);
        p
    }
}
