//! `blokus learn`: fits the weights of the tree search's learned move knowledge to a file of
//! Duo games (`.blksgf`, as Pentobi and its `twogtp` write them): a softmax over each
//! position's legal moves of `weights . features` ([`plateau_blokus::move_features`]),
//! trained to give the move played the highest probability (full-batch Adam on the mean
//! negative log-likelihood, a little L2). The last tenth of the games is held out and
//! scored, with the committed weights beside the fitted ones.

use std::path::Path;

use plateau::CliResult;
use plateau_blokus::{
    Color, Config, FEATURES, Features, Game, LEARNED_WEIGHTS, Move, Play, Variant, move_features,
};
use rayon::prelude::*;

/// One position: every legal move's features and the index of the move played.
struct Sample {
    features: Vec<Features>,
    played: usize,
}

pub fn run(file: &Path, iterations: u32) -> CliResult {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let games = parse_games(&text)?;
    if games.len() < 2 {
        return Err(format!("{}: {} games, need at least 2", file.display(), games.len()).into());
    }
    let held = (games.len() / 10).max(1);
    let (train_games, test_games) = games.split_at(games.len() - held);
    let train: Vec<Sample> = train_games
        .par_iter()
        .flat_map(|g| samples(g.as_slice()))
        .collect();
    let test: Vec<Sample> = test_games
        .par_iter()
        .flat_map(|g| samples(g.as_slice()))
        .collect();
    println!(
        "{} games ({} positions) to fit, {} ({} positions) held out",
        train_games.len(),
        train.len(),
        test_games.len(),
        test.len()
    );
    let w = fit(&train, iterations);
    let committed = LEARNED_WEIGHTS.map(f64::from);
    for (name, weights) in [("fitted", &w), ("committed", &committed)] {
        let (nll_train, top_train) = score(weights, &train);
        let (nll_test, top_test) = score(weights, &test);
        println!(
            "{name:>9}: fitted games: -log p {nll_train:.4}, top-1 {:.1} %; held out: -log p \
             {nll_test:.4}, top-1 {:.1} %",
            100.0 * top_train,
            100.0 * top_test
        );
    }
    let uniform = |set: &[Sample]| {
        set.iter()
            .map(|s| (s.features.len() as f64).ln())
            .sum::<f64>()
            / set.len().max(1) as f64
    };
    println!(
        "  uniform: fitted games: -log p {:.4}; held out: -log p {:.4}",
        uniform(&train),
        uniform(&test)
    );
    println!("weights (features 0-{}):", FEATURES - 1);
    let cells: Vec<String> = w.iter().map(|v| format!("{v:.4}")).collect();
    for chunk in cells.chunks(10) {
        println!("    {},", chunk.join(", "));
    }
    Ok(())
}

/// The games of a `.blksgf` file as move lists, each move with its colour (blue `B`, green
/// `W`); every game must be Duo.
fn parse_games(text: &str) -> Result<Vec<Vec<(Color, Move)>>, String> {
    let mut games = Vec::new();
    for (n, body) in text.split("(;").skip(1).enumerate() {
        if let Some(i) = body.find("GM[") {
            let gm = body[i + 3..].split(']').next().unwrap_or("");
            if !gm.eq_ignore_ascii_case("Blokus Duo") {
                return Err(format!("game {}: {gm:?} is not Blokus Duo", n + 1));
            }
        }
        let mut moves = Vec::new();
        let mut rest = body;
        while let Some(i) = rest.find(';') {
            rest = &rest[i + 1..];
            let color = if rest.starts_with("B[") {
                Color::BLUE
            } else if rest.starts_with("W[") {
                Color::YELLOW
            } else {
                continue;
            };
            let end = rest
                .find(']')
                .ok_or_else(|| format!("game {}: a move without its closing ]", n + 1))?;
            let m = Move::parse_points(&rest[2..end], Variant::Duo)
                .map_err(|e| format!("game {}: {e}", n + 1))?;
            moves.push((color, m));
            rest = &rest[end..];
        }
        games.push(moves);
    }
    Ok(games)
}

/// The positions of one game with more than one legal move (a game that turns illegal is
/// cut there).
fn samples(moves: &[(Color, Move)]) -> Vec<Sample> {
    let mut game = Game::new(Config::duo());
    let mut out = Vec::new();
    for &(color, m) in moves {
        // The files leave out passes: a colour that cannot move is skipped.
        while game.color_to_move() != color && game.play(Move::Pass).is_ok() {}
        let all = move_features(&game);
        // Move equality is by cells: a symmetric piece has several codes per placement.
        let cells = |m: Move| {
            let mut v: Vec<String> = m
                .points(Variant::Duo)
                .to_string()
                .split(',')
                .map(str::to_owned)
                .collect();
            v.sort();
            v
        };
        let target = cells(m);
        if all.len() > 1
            && let Some(played) = all.iter().position(|(c, _)| cells(*c) == target)
        {
            out.push(Sample {
                features: all.iter().map(|(_, f)| *f).collect(),
                played,
            });
        }
        if game.play(m).is_err() {
            break;
        }
    }
    out
}

/// Each move's logit and the log of the sum of their exponentials.
fn logits(w: &[f64; FEATURES], s: &Sample) -> (Vec<f64>, f64) {
    let z: Vec<f64> = s
        .features
        .iter()
        .map(|f| f.iter().zip(w).map(|(a, b)| f64::from(*a) * b).sum())
        .collect();
    let max = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let lse = max + z.iter().map(|v| (v - max).exp()).sum::<f64>().ln();
    (z, lse)
}

/// Mean negative log-likelihood of the moves played, and how often the played move has
/// the highest logit.
fn score(w: &[f64; FEATURES], set: &[Sample]) -> (f64, f64) {
    if set.is_empty() {
        return (0.0, 0.0);
    }
    let (nll, top) = set
        .par_iter()
        .map(|s| {
            let (z, lse) = logits(w, s);
            let best = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            (lse - z[s.played], f64::from(u8::from(z[s.played] >= best)))
        })
        .reduce(|| (0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
    (nll / set.len() as f64, top / set.len() as f64)
}

fn fit(train: &[Sample], iterations: u32) -> [f64; FEATURES] {
    const RATE: f64 = 0.05;
    const L2: f64 = 1e-4;
    let mut w = [0.0; FEATURES];
    let (mut m1, mut m2) = ([0.0; FEATURES], [0.0; FEATURES]);
    for it in 1..=iterations {
        let grad = train
            .par_iter()
            .map(|s| {
                let (z, lse) = logits(&w, s);
                let mut g = [0.0; FEATURES];
                for (j, f) in s.features.iter().enumerate() {
                    let p = (z[j] - lse).exp() - f64::from(u8::from(j == s.played));
                    for (gd, fd) in g.iter_mut().zip(f) {
                        *gd += p * f64::from(*fd);
                    }
                }
                g
            })
            .reduce(
                || [0.0; FEATURES],
                |mut a, b| {
                    a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                    a
                },
            );
        let t = i32::try_from(it).unwrap_or(i32::MAX);
        for d in 0..FEATURES {
            let g = grad[d] / train.len().max(1) as f64 + L2 * w[d];
            m1[d] = 0.9 * m1[d] + 0.1 * g;
            m2[d] = 0.999 * m2[d] + 0.001 * g * g;
            let (mh, vh) = (
                m1[d] / (1.0 - 0.9f64.powi(t)),
                m2[d] / (1.0 - 0.999f64.powi(t)),
            );
            w[d] -= RATE * mh / (vh.sqrt() + 1e-8);
        }
    }
    w
}
