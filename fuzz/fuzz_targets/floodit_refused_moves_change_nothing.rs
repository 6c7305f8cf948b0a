//! `is_legal(m) == play(m).is_ok()`, and a refused move (or a refused `play_all` list)
//! leaves the game exactly as it was.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_floodit::{Color, Config, Game, Pos, Rules, Size, Start};

fuzz_target!(|data: &[u8]| {
    let [w, h, k, m, x, y, s0, s1, script @ ..] = data else {
        return;
    };
    let size = Size::new(1 + usize::from(w % 16), 1 + usize::from(h % 16));
    let start = Start::At(Pos::new(
        usize::from(*x) % size.width,
        usize::from(*y) % size.height,
    ));
    let rules = Rules::new(2 + k % 9, 1 + u32::from(m % 48))
        .unwrap()
        .with_start(start);
    let config = Config::new(size, rules).unwrap();
    let mut game = Game::new(config, u64::from(*s0) << 8 | u64::from(*s1));
    // Any colour, those the game does not have included.
    let color = |b: u8| Color::ALL[usize::from(b % 36)];
    for (i, chunk) in script.chunks(4).enumerate() {
        let before = game.clone();
        if i % 3 == 2 {
            let moves: Vec<Color> = chunk.iter().map(|&b| color(b)).collect();
            match game.play_all(&moves) {
                Ok(()) => assert_eq!(game.moves_used(), before.moves_used() + moves.len() as u32),
                Err(e) => {
                    assert!(e.index < moves.len());
                    assert_eq!(game, before);
                    assert_eq!(game.board(), before.board());
                    assert_eq!(game.flooded_region(), before.flooded_region());
                }
            }
            continue;
        }
        for &b in chunk {
            let before = game.clone();
            let m = color(b);
            let legal = game.is_legal(m);
            let played = game.play(m);
            assert_eq!(legal, played.is_ok());
            if played.is_err() {
                assert_eq!(game, before);
                assert_eq!(game.board(), before.board());
                assert_eq!(game.flood_color(), before.flood_color());
                assert_eq!(game.flooded_cells(), before.flooded_cells());
                assert_eq!(game.useful_moves(), before.useful_moves());
            }
        }
    }
});
