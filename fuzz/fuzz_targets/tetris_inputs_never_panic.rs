//! Arbitrary input sequences over thousands of ticks, under every rule set: nothing may panic,
//! every lock adds four cells and every cleared row removes a row, refused steps change
//! nothing, a seat is to move exactly while the game is in progress, and the recorded replay
//! reproduces the game. From wherever the inputs led (a piece mid-air, paused, over), a short
//! random game of placements keeps the play contract (`plateau_grid::testing::random_game`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::testing;
use plateau_tetris::{Buttons, Event, Game, Gravity, Play, Rules, Speed, Status, Step, random};

fuzz_target!(|data: &[u8]| {
    let Some((&head, script)) = data.split_first() else {
        return;
    };
    let mut rules =
        [Rules::guideline(), Rules::classic(), Rules::calculator()][usize::from(head % 3)].clone();
    if head & 4 != 0 {
        rules = rules
            .with_gravity(Gravity::Fixed(Speed::G20))
            .expect("valid");
    }
    if let Ok(r) = rules.clone().with_preview(usize::from(head >> 3) % 7) {
        rules = r;
    }
    let seed = u64::from(head) * 0x9E37_79B9;
    let mut game = Game::new(rules, seed);
    let mut i = 0;
    while i < script.len() {
        let byte = script[i];
        i += 1;
        let cells = game.board().count();
        let before = game.clone();
        let events = match byte >> 5 {
            // Steps, placements, pause: one in four bytes.
            0 => match game.step(Step::ALL[usize::from(byte) % 8]) {
                Ok(e) => vec![e],
                Err(_) => {
                    assert_eq!(game, before);
                    vec![]
                }
            },
            1 => {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    vec![]
                } else {
                    let m = moves[usize::from(byte) % moves.len()];
                    vec![game.play(m).expect("a legal move plays")]
                }
            }
            2 if byte & 1 == 0 => {
                let _ = game.pause();
                vec![]
            }
            2 => {
                let _ = game.resume();
                vec![]
            }
            // Ticks: the low 7 bits of the next byte are the buttons, held for 1 to 32 ticks.
            _ => {
                let buttons = Buttons::from_bits(script.get(i).copied().unwrap_or(0));
                i += 1;
                (0..=(byte & 31)).map(|_| game.tick(buttons)).collect()
            }
        };
        let mut expected = cells;
        for e in &events {
            for ev in e {
                match ev {
                    Event::Locked { .. } => expected += 4,
                    Event::LinesCleared { rows, .. } => {
                        expected -= game.board().width() * rows.len() as usize;
                    }
                    _ => {}
                }
            }
        }
        assert_eq!(expected, game.board().count());
        assert_eq!(game.to_move().is_some(), game.status() == Status::InProgress);
        assert_eq!(game.outcome().is_some(), matches!(game.status(), Status::Over { .. }));
        let _ = game.to_string();
    }
    let replay = game.replay();
    assert_eq!(replay.run().expect("a recorded replay plays"), game);
    testing::random_game(&game, &mut random::seeded(seed), 12);
});
