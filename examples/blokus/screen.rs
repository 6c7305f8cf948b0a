//! The full screen: the board, each colour's score, the rack of the colour to move with
//! every piece's shape, a piece chosen, turned and mirrored with keys and moved with the
//! arrows or the mouse over the board (drawn in the player's colour where it may go, in
//! red where it may not, with the reason), typed move codes, hints shown on the board,
//! undo, bots thinking off the input thread (quit answers at once), hot seat, and a
//! request to enlarge a terminal too small, redrawn on resize.

use std::error::Error;
use std::io;
use std::time::Duration;

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use crossterm::style::{Color as TermColor, StyledContent, Stylize};
use plateau::screen::{Options, Screen, wrap};
use plateau::think::Thinking;
use plateau::{CliResult, keys, palette};
use plateau_blokus::{Color, Game, Move, Orientation, Piece, Placement, Play, Pos, Seat, Shape};

use crate::table::{
    SeatBot, Table, capitalised, label, must_pass, piece_word, suggestion, suggestions, why,
};

/// The terminal the screen needs, Duo and Classic alike (Classic's 20 rows and the rack).
const NEED: (u16, u16) = (80, 24);
/// Columns left of the board's cells (the row labels).
const LEFT: u16 = 3;
/// Rows above the board's cells (the title and the column labels).
const TOP: u16 = 2;

/// How a move code is written, in the panel while one is typed (`--help` says more).
const SCREEN_CODES: &str = "A code is XYpr: X and Y the column and row of the piece's \
    reference cell, as the board's edges label them; p the piece's letter (the rack's, in \
    either case); r its orientation: 0 as drawn in the rules, 2, 4, 6 turned a quarter, \
    a half, three quarters clockwise, odd digits mirrored. The preview's code is on the \
    status line. 0000 passes.";

/// A bot back from its thread with the move it chose.
type Thought = (SeatBot, Option<Move>);

/// What the human's input asks for.
enum Asked {
    /// Nothing to do but redraw.
    Nothing,
    /// A move to play.
    Play(Move),
    Undo,
    Quit,
}

struct Ui<'t> {
    screen: Screen,
    table: &'t Table,
    game: Game,
    /// The game at each earlier human decision, for undo.
    history: Vec<Game>,
    log: Vec<String>,
    /// The answer to the last key (an error, a hint...), until the next one.
    message: String,
    /// A move code being typed.
    typing: Option<String>,
    piece: Option<Piece>,
    orientation: Orientation,
    /// The board cell the chosen piece is centred on.
    cursor: Pos,
    /// The last move played, outlined.
    marked: Option<Placement>,
    /// Where the rack's pieces are drawn (for clicks): left, top, width, height, piece.
    rack: Vec<(u16, u16, u16, u16, Piece)>,
    /// Whose bot is thinking.
    thinking: Option<Color>,
}

/// Plays the table full screen until the game is left.
pub fn play(table: &Table) -> CliResult {
    let screen = Screen::enter(Options {
        mouse: true,
        ..Options::default()
    })?;
    let game = Game::new(table.config);
    let start = table
        .config
        .variant()
        .start(game.color_to_move())
        .unwrap_or_default();
    let mut ui = Ui {
        screen,
        table,
        game,
        history: Vec::new(),
        log: Vec::new(),
        message: String::new(),
        typing: None,
        piece: Some(Piece::X5),
        orientation: Orientation::AS_DRAWN,
        cursor: start,
        marked: None,
        rack: Vec::new(),
        thinking: None,
    };
    let mut bots = table.bots();
    loop {
        ui.forced_passes();
        let Some(seat) = ui.game.to_move() else {
            if ui.game_over()? {
                continue;
            }
            return Ok(());
        };
        if let Some(bot) = bots.get_mut(seat.index()).and_then(Option::take) {
            let Some((bot, m)) = ui.think(bot)? else {
                return Ok(());
            };
            bots[seat.index()] = Some(bot);
            let m = m.ok_or_else(|| format!("the bot of {seat} offered no move"))?;
            let c = ui.game.color_to_move();
            ui.game
                .play(m)
                .map_err(|e| format!("the bot of {seat} chose a refused move: {e}"))?;
            ui.played(c, m);
            continue;
        }
        if !ui.turn(seat)? {
            return Ok(());
        }
    }
}

/// The screen colour of a colour: Duo's second colour is green.
fn term_color(game: &Game, c: Color) -> TermColor {
    match c.name(game.variant()) {
        "green" => palette::PLAYERS[3],
        _ => palette::PLAYERS[c.index() % 4],
    }
}

/// `text` cut to `width` characters.
fn cut(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

/// The rack's drawing of a piece: its first orientation at least as wide as tall.
fn rack_shape(piece: Piece) -> Shape {
    Orientation::ALL
        .iter()
        .map(|o| o.shape_of(piece))
        .find(|s| s.width() >= s.height())
        .unwrap_or_else(|| piece.shape())
}

/// The orientation of `piece` whose shape is `shape`.
fn orientation_of(piece: Piece, shape: Shape) -> Orientation {
    Orientation::ALL
        .into_iter()
        .find(|o| o.shape_of(piece) == shape)
        .unwrap_or(Orientation::AS_DRAWN)
}

impl Ui<'_> {
    fn variant_side(&self) -> usize {
        self.game.variant().side()
    }

    /// The human's blocked colours pass without being asked.
    fn forced_passes(&mut self) {
        while let Some(seat) = self.game.to_move() {
            if !self.table.is_human(seat) || !must_pass(&self.game) {
                return;
            }
            let c = self.game.color_to_move();
            if self.game.play(Move::Pass).is_err() {
                return;
            }
            self.played(c, Move::Pass);
        }
    }

    /// Logs a move just played by colour `c`.
    fn played(&mut self, c: Color, m: Move) {
        let who = self.table.who(c);
        let name = c.name(self.game.variant());
        let who = if who == "you" {
            format!("you ({name})")
        } else {
            who
        };
        self.log.push(match m.placement() {
            Some(p) => format!("{who}: {m} {}", piece_word(p.piece())),
            None => format!("{who}: cannot move, passes"),
        });
        if m.placement().is_some() {
            self.marked = m.placement();
        }
    }

    /// Lets a bot choose on another thread while the keyboard stays live: `None` when the
    /// player quit meanwhile (the thread is left to finish alone).
    fn think(&mut self, bot: SeatBot) -> Result<Option<Thought>, Box<dyn Error>> {
        let game = self.game.clone();
        let thought = Thinking::start(move || {
            let mut bot = bot;
            let m = bot.choose(&game);
            (bot, m)
        });
        self.thinking = Some(self.game.color_to_move());
        let mut drawn = false;
        loop {
            if let Some(done) = thought.poll()? {
                self.thinking = None;
                return Ok(Some(done));
            }
            // A quick bot plays without a frame of its own; a slow one is seen thinking.
            if !drawn && thought.elapsed() > Duration::from_millis(100) {
                self.draw()?;
                drawn = true;
            }
            match self.screen.next_event(Some(Duration::from_millis(20)))? {
                Some(Event::Key(k)) if k.kind != KeyEventKind::Release && keys::is_quit(&k) => {
                    return Ok(None);
                }
                Some(Event::Resize(..)) => drawn = false,
                _ => {}
            }
        }
    }

    /// The game is over: the verdict until `u` (back into the game: `true`) or quit.
    fn game_over(&mut self) -> Result<bool, Box<dyn Error>> {
        self.message.clear();
        loop {
            self.draw()?;
            match self.screen.next_event(None)? {
                Some(Event::Key(k)) if k.kind != KeyEventKind::Release => {
                    if keys::is_quit(&k) {
                        return Ok(false);
                    }
                    if keys::char_of(&k) == Some('u') && self.undo() {
                        return Ok(true);
                    }
                }
                _ => {}
            }
        }
    }

    /// Back to the position of the previous human decision.
    fn undo(&mut self) -> bool {
        let Some(before) = self.history.pop() else {
            "nothing to undo".clone_into(&mut self.message);
            return false;
        };
        self.game = before;
        self.log.push("undone".to_owned());
        self.marked = None;
        self.message.clear();
        true
    }

    /// A human seat's turn: `false` when the player quits.
    fn turn(&mut self, _seat: Seat) -> Result<bool, Box<dyn Error>> {
        let c = self.game.color_to_move();
        if self
            .piece
            .is_none_or(|p| !self.game.pieces_left(c).contains(p))
        {
            self.piece = self.game.pieces_left(c).iter().next_back();
        }
        if self.game.pieces_left(c).len() == 21
            && let Some(start) = self.game.variant().start(c)
        {
            self.cursor = start;
        }
        loop {
            self.draw()?;
            let asked = match self.screen.next_event(None)? {
                Some(Event::Key(k)) if k.kind != KeyEventKind::Release => self.key(&k),
                Some(Event::Mouse(m)) => self.mouse(m),
                _ => Asked::Nothing,
            };
            match asked {
                Asked::Nothing => {}
                Asked::Quit => return Ok(false),
                Asked::Undo => {
                    if self.undo() {
                        return Ok(true);
                    }
                }
                Asked::Play(m) => {
                    if self.play_human(m) {
                        return Ok(true);
                    }
                }
            }
        }
    }

    /// Plays the human's move, or says why not: whether it was played.
    fn play_human(&mut self, m: Move) -> bool {
        if let Err(e) = self.game.check(m) {
            self.message = format!("not played: {}", why(&self.game, m, &e));
            return false;
        }
        let before = self.game.clone();
        let c = self.game.color_to_move();
        if self.game.play(m).is_err() {
            return false;
        }
        self.history.push(before);
        self.message.clear();
        self.played(c, m);
        true
    }

    /// The chosen piece where the cursor puts it (kept on the board).
    fn preview(&self) -> Option<Placement> {
        let piece = self.piece?;
        let shape = self.orientation.shape_of(piece);
        let (w, h) = (shape.width(), shape.height());
        let side = self.variant_side();
        let x = self.cursor.x.saturating_sub(w / 2).min(side - w);
        let y = self.cursor.y.saturating_sub(h / 2).min(side - h);
        Some(Placement::new(piece, self.orientation, x as u8, y as u8))
    }

    /// Chooses `piece` (if in hand), keeping its orientation when it has one.
    fn choose(&mut self, piece: Piece) {
        let c = self.game.color_to_move();
        if self.game.pieces_left(c).contains(piece) {
            self.piece = Some(piece);
            self.message.clear();
        } else {
            self.message = format!("the {} is played already", piece_word(piece));
        }
    }

    /// The next (or previous) piece in hand.
    fn cycle(&mut self, forward: bool) {
        let hand: Vec<Piece> = self
            .game
            .pieces_left(self.game.color_to_move())
            .iter()
            .collect();
        if hand.is_empty() {
            return;
        }
        let at = self.piece.and_then(|p| hand.iter().position(|&q| q == p));
        let n = hand.len();
        let next = match (at, forward) {
            (Some(i), true) => (i + 1) % n,
            (Some(i), false) => (i + n - 1) % n,
            (None, _) => n - 1,
        };
        self.piece = Some(hand[next]);
        self.message.clear();
    }

    fn turn_piece(&mut self, mirror: bool) {
        let Some(piece) = self.piece else {
            return;
        };
        let shape = self.orientation.shape_of(piece);
        let shape = if mirror {
            shape.mirrored()
        } else {
            shape.rotated()
        };
        self.orientation = orientation_of(piece, shape);
        self.message.clear();
    }

    fn hint(&mut self) {
        match plateau_blokus::hint(&self.game) {
            Some(Move::Place(p)) => {
                let shape = p.shape();
                self.piece = Some(p.piece());
                self.orientation = p.orientation();
                self.cursor = Pos::new(
                    p.origin().x + shape.width() / 2,
                    p.origin().y + shape.height() / 2,
                );
                self.message = format!(
                    "hint: {} ({}), shown on the board: Enter places it",
                    Move::Place(p),
                    piece_word(p.piece())
                );
            }
            _ => "no hint: the game is over".clone_into(&mut self.message),
        }
    }

    fn key(&mut self, k: &KeyEvent) -> Asked {
        let ctrl_c = matches!(k.code, KeyCode::Char('c' | 'C'))
            && k.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl_c {
            return Asked::Quit;
        }
        if let Some(text) = &mut self.typing {
            match k.code {
                KeyCode::Esc => {
                    self.typing = None;
                    self.message.clear();
                }
                KeyCode::Backspace => {
                    text.pop();
                }
                KeyCode::Enter => {
                    let line = std::mem::take(text);
                    self.typing = None;
                    let sugg = suggestions(&self.game);
                    let parsed = match suggestion(&line, &sugg) {
                        Some(m) => m,
                        None => line.trim().parse::<Move>().map_err(|e| e.to_string()),
                    };
                    match parsed {
                        Ok(m) => return Asked::Play(m),
                        Err(e) => self.message = format!("{line:?}: {e}"),
                    }
                }
                _ => {
                    if let Some(c) = keys::char_of(k)
                        && text.chars().count() < 8
                    {
                        text.push(c);
                    }
                }
            }
            return Asked::Nothing;
        }
        if let Some(dir) = keys::direction(k, keys::Scheme::ARROWS) {
            let side = self.variant_side();
            let (dx, dy) = dir.delta();
            let x = self
                .cursor
                .x
                .saturating_add_signed(dx as isize)
                .min(side - 1);
            let y = self
                .cursor
                .y
                .saturating_add_signed(dy as isize)
                .min(side - 1);
            self.cursor = Pos::new(x, y);
            self.message.clear();
            return Asked::Nothing;
        }
        match k.code {
            KeyCode::Esc => return Asked::Quit,
            KeyCode::Tab => self.cycle(true),
            KeyCode::BackTab => self.cycle(false),
            KeyCode::Enter => return self.place(),
            _ => {}
        }
        let Some(ch) = keys::char_of(k) else {
            return Asked::Nothing;
        };
        match ch {
            'q' => return Asked::Quit,
            'u' => return Asked::Undo,
            'h' => self.hint(),
            'r' => self.turn_piece(false),
            'f' | 'm' => self.turn_piece(true),
            ' ' => return self.place(),
            ':' => {
                self.typing = Some(String::new());
                self.message.clear();
            }
            '1'..='9' => {
                self.typing = Some(ch.to_string());
                self.message.clear();
            }
            'A'..='U' => {
                if let Some(p) = Piece::from_letter(ch.to_ascii_lowercase()) {
                    self.choose(p);
                }
            }
            _ => {
                self.message = format!(
                    "{ch:?} does nothing here (pieces are chosen with their capital letter)"
                );
            }
        }
        Asked::Nothing
    }

    /// The preview, played (or refused with the reason).
    fn place(&mut self) -> Asked {
        if let Some(p) = self.preview() {
            Asked::Play(Move::Place(p))
        } else {
            "choose a piece first (Tab)".clone_into(&mut self.message);
            Asked::Nothing
        }
    }

    /// The board cell under a screen position.
    fn cell_at(&self, col: u16, row: u16) -> Option<Pos> {
        let side = self.variant_side() as u16;
        let x = col.checked_sub(LEFT)? / 2;
        let y = row.checked_sub(TOP)?;
        (x < side && y < side).then(|| Pos::new(usize::from(x), usize::from(y)))
    }

    fn mouse(&mut self, m: MouseEvent) -> Asked {
        if self.typing.is_some() {
            return Asked::Nothing;
        }
        let on_board = self.cell_at(m.column, m.row);
        match m.kind {
            MouseEventKind::Moved | MouseEventKind::Drag(_) => {
                if let Some(pos) = on_board
                    && pos != self.cursor
                {
                    self.cursor = pos;
                    self.message.clear();
                }
            }
            MouseEventKind::Down(MouseButton::Left) => {
                if let Some(pos) = on_board {
                    self.cursor = pos;
                    return self.place();
                }
                let hit = self.rack.iter().find(|&&(x, y, w, h, _)| {
                    (x..x + w).contains(&m.column) && (y..y + h).contains(&m.row)
                });
                if let Some(&(.., piece)) = hit {
                    self.choose(piece);
                }
            }
            MouseEventKind::Down(MouseButton::Right)
            | MouseEventKind::ScrollDown
            | MouseEventKind::ScrollUp => self.turn_piece(false),
            _ => {}
        }
        Asked::Nothing
    }

    /// Whether the human is to move (the piece preview and the keys are theirs).
    fn humans_turn(&self) -> bool {
        self.thinking.is_none() && self.game.to_move().is_some_and(|s| self.table.is_human(s))
    }

    fn draw(&mut self) -> io::Result<()> {
        if !self.screen.fits(NEED)? {
            return Ok(());
        }
        let (w, h) = Screen::size()?;
        self.screen.begin()?;
        let game = &self.game;
        let variant = game.variant();
        let side = variant.side();
        let scoring = match game.config().scoring() {
            plateau_blokus::Scoring::Official => "",
            plateau_blokus::Scoring::WithPlaced => ", original scoring",
        };
        let title = format!(
            "Blokus {variant}{scoring}, seed {}, move {}: touch your own colour only at corners",
            self.table.seed,
            game.moves().len() + 1
        );
        self.screen.text(0, 0, cut(&title, usize::from(w)))?;
        let digits: String = (0..side).flat_map(|v| [' ', label(v)]).collect();
        self.screen.text(LEFT, 1, digits)?;
        self.draw_board()?;
        let px = LEFT + 2 * side as u16 + 2;
        let pw = usize::from(w - px);
        let bottom = h - 2;
        let mut row = TOP;
        row = self.draw_scores(px, row)?;
        row += 1;
        row = self.draw_rack(px, row, pw, bottom)?;
        let sugg = if self.humans_turn() {
            suggestions(&self.game)
        } else {
            Vec::new()
        };
        if !sugg.is_empty() && row + 2 < bottom {
            row += 1;
            let mut line = String::from("typed: ");
            let mut lines = Vec::new();
            for (i, m) in sugg.iter().enumerate() {
                let item = format!("{}:{m} ", i + 1);
                if line.chars().count() + item.len() > pw {
                    lines.push(std::mem::take(&mut line));
                }
                line.push_str(&item);
            }
            lines.push(line);
            for l in lines {
                if row >= bottom {
                    break;
                }
                self.screen.text(px, row, cut(l.trim_end(), pw))?;
                row += 1;
            }
        }
        // The log fills what is left of the panel, newest last; while a code is typed,
        // how codes are written.
        if row + 1 < bottom {
            row += 1;
            let room = usize::from(bottom - row);
            let lines = if self.typing.is_some() {
                wrap(SCREEN_CODES, pw)
            } else {
                self.log.clone()
            };
            let skip = if self.typing.is_some() {
                0
            } else {
                lines.len().saturating_sub(room)
            };
            for (i, l) in lines.iter().skip(skip).take(room).enumerate() {
                self.screen.text(px, row + i as u16, cut(l, pw))?;
            }
        }
        let status = self.status();
        self.screen.text(0, h - 2, cut(&status, usize::from(w)))?;
        let keys = self.keys_line();
        self.screen.styled(
            0,
            h - 1,
            cut(&keys, usize::from(w)).with(TermColor::AnsiValue(245)),
        )?;
        self.screen.show()
    }

    fn draw_board(&mut self) -> io::Result<()> {
        let game = &self.game;
        let side = game.variant().side();
        let to_move = game.color_to_move();
        let ours = term_color(game, to_move);
        let preview = if self.humans_turn() && self.typing.is_none() {
            self.preview()
        } else {
            None
        };
        let legal = preview.is_some_and(|p| game.is_legal(Move::Place(p)));
        let shown: Vec<Pos> = preview.map(|p| p.cells().collect()).unwrap_or_default();
        let marked: Vec<Pos> = self.marked.map(|p| p.cells().collect()).unwrap_or_default();
        let attach: Vec<Pos> = if self.humans_turn() {
            game.attach_cells(to_move)
        } else {
            Vec::new()
        };
        for y in 0..side {
            let row = TOP + y as u16;
            self.screen.text(0, row, format!("{:>2} ", label(y)))?;
            for x in 0..side {
                let pos = Pos::new(x, y);
                let at = game.at(pos);
                let cell: StyledContent<&str> = if shown.contains(&pos) {
                    match (legal, at) {
                        (true, _) => "[]".on(ours).with(TermColor::Black),
                        (false, Some(_)) => {
                            "xx".on(TermColor::AnsiValue(160)).with(TermColor::White)
                        }
                        (false, None) => "[]"
                            .on(TermColor::AnsiValue(52))
                            .with(TermColor::AnsiValue(203)),
                    }
                } else {
                    match at {
                        Some(c) if marked.contains(&pos) => {
                            "<>".on(term_color(game, c)).with(TermColor::Black)
                        }
                        Some(c) => "  ".on(term_color(game, c)),
                        None if attach.contains(&pos) => {
                            " +".on(TermColor::AnsiValue(236)).with(ours)
                        }
                        None => " ."
                            .on(TermColor::AnsiValue(236))
                            .with(TermColor::AnsiValue(244)),
                    }
                };
                self.screen.more(cell)?;
            }
        }
        Ok(())
    }

    /// One line per colour: its name, who plays it, its score, pieces left: the next row.
    fn draw_scores(&mut self, px: u16, mut row: u16) -> io::Result<u16> {
        let game = &self.game;
        let variant = game.variant();
        for c in (0..game.config().colors()).filter_map(Color::new) {
            let seat = game.config().player_of(c);
            let turn = if game.to_move().is_some() && game.color_to_move() == c {
                if self.thinking == Some(c) {
                    " thinks"
                } else {
                    " <"
                }
            } else {
                ""
            };
            let chip = format!(" {:<6} ", capitalised(c.name(variant)));
            self.screen
                .styled(px, row, chip.on(term_color(game, c)).with(TermColor::Black))?;
            let text = format!(
                " {:<6} {:>4} pts {:>2} left{turn}",
                self.table.sitter_word(seat),
                game.color_score(c),
                game.pieces_left(c).len()
            );
            self.screen.more(text.stylize())?;
            row += 1;
        }
        Ok(row)
    }

    /// The rack of the colour to move: every piece drawn in its letter, in hand or not;
    /// the chosen one lit. Returns the next row.
    fn draw_rack(&mut self, px: u16, row: u16, pw: usize, bottom: u16) -> io::Result<u16> {
        let game = &self.game;
        let c = game.color_to_move();
        let hand = game.pieces_left(c);
        let color = term_color(game, c);
        let name = capitalised(c.name(game.variant()));
        let long = format!("{name}'s pieces (arrows or mouse move one):");
        let head = if self.humans_turn() && long.chars().count() <= pw {
            long
        } else {
            format!("{name}'s pieces:")
        };
        self.screen.text(px, row, cut(&head, pw))?;
        // Shelves of pieces left to right; a blank row between shelves when there is room.
        let mut shelves: Vec<Vec<(usize, Piece, Shape)>> = vec![Vec::new()];
        let mut x = 0;
        for piece in Piece::ALL {
            let shape = rack_shape(piece);
            if x + shape.width() > pw && x > 0 {
                shelves.push(Vec::new());
                x = 0;
            }
            if let Some(shelf) = shelves.last_mut() {
                shelf.push((x, piece, shape));
            }
            x += shape.width() + 1;
        }
        let heights: Vec<u16> = shelves
            .iter()
            .map(|s| {
                s.iter()
                    .map(|(_, _, sh)| sh.height() as u16)
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        let tall: u16 = heights.iter().sum();
        let gaps = bottom > row + 1 + tall + shelves.len() as u16 + 6;
        self.rack.clear();
        let mut y = row + 1;
        let lit = if self.humans_turn() { self.piece } else { None };
        for (shelf, height) in shelves.iter().zip(&heights) {
            for &(dx, piece, shape) in shelf {
                let left = px + dx as u16;
                self.rack
                    .push((left, y, shape.width() as u16, *height, piece));
                let letter = piece.letter().to_ascii_uppercase().to_string();
                for cell in shape.cells() {
                    let (cx, cy) = (left + cell.x as u16, y + cell.y as u16);
                    if cy >= bottom {
                        continue;
                    }
                    let styled = if !hand.contains(piece) {
                        "·".to_owned().with(TermColor::AnsiValue(240))
                    } else if lit == Some(piece) {
                        letter.clone().on(TermColor::White).with(TermColor::Black)
                    } else {
                        letter.clone().on(color).with(TermColor::Black)
                    };
                    self.screen.styled(cx, cy, styled)?;
                }
            }
            y += height + u16::from(gaps);
        }
        Ok(y - u16::from(gaps))
    }

    /// The status line: the answer to the last key, what the preview would do, or whose
    /// turn it is.
    fn status(&self) -> String {
        if let Some(text) = &self.typing {
            return format!("move code or suggestion number: {text}_");
        }
        if !self.message.is_empty() {
            return self.message.clone();
        }
        let game = &self.game;
        if game.is_over() {
            return format!("game over: {}", self.table.verdict(game));
        }
        let c = game.color_to_move();
        let who = self.table.who(c);
        if let Some(thinking) = self.thinking {
            return format!("{} is thinking...", self.table.who(thinking));
        }
        let Some(p) = self.preview() else {
            return format!("{who} to move: choose a piece (Tab)");
        };
        let m = Move::Place(p);
        let turn = if who == "you" {
            String::new()
        } else {
            format!("{who}: ")
        };
        match game.check(m) {
            Ok(()) => format!(
                "{turn}{m} ({}) fits: Enter, Space or a click places it",
                piece_word(p.piece())
            ),
            Err(e) => format!("{turn}{}", why(game, m, &e)),
        }
    }

    fn keys_line(&self) -> String {
        if self.typing.is_some() {
            "type the code, Enter plays it, Backspace erases, Esc drops it".to_owned()
        } else if self.game.is_over() {
            "u undo, q quit".to_owned()
        } else if self.humans_turn() {
            "Tab/A-U piece, r turn, f mirror, Enter place, : code, h hint, u undo, q quit"
                .to_owned()
        } else {
            "q quits".to_owned()
        }
    }
}
