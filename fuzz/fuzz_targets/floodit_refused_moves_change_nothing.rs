//! The play contract on games the input picks (through `plateau_grid::testing`:
//! `is_legal(m) == check(m).is_ok() == play(m).is_ok()`, a refused move leaves the game
//! equal, `play_all` is atomic and names the refused move), and a refusal leaves the flood,
//! which equality does not compare, exactly as it was.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_floodit::{Color, Config, Game, Play, Pos, Rules, Size, Start};
use plateau_grid::testing::{check_move, check_play_all};

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
    let same_flood = |a: &Game, b: &Game| {
        assert_eq!(a.board(), b.board());
        assert_eq!(a.flood_color(), b.flood_color());
        assert_eq!(a.flooded_region(), b.flooded_region());
        assert_eq!(a.useful_moves(), b.useful_moves());
    };
    for (i, chunk) in script.chunks(4).enumerate() {
        if i % 3 == 2 {
            let moves: Vec<Color> = chunk.iter().map(|&b| color(b)).collect();
            check_play_all(&game, &moves);
            let before = game.clone();
            match game.play_all(&moves) {
                Ok(()) => assert_eq!(game.moves_used(), before.moves_used() + moves.len() as u32),
                Err(_) => same_flood(&game, &before),
            }
            continue;
        }
        for &b in chunk {
            let m = color(b);
            check_move(&game, m);
            let before = game.clone();
            if game.play(m).is_err() {
                same_flood(&game, &before);
            }
        }
    }
});
