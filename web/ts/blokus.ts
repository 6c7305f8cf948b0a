// Blokus: the board, legality, scores and bots from the crate; the tree search runs in a
// Web Worker. The page draws the racks, the preview and the board.
import { Blokus } from '../pkg/plateau_web.js';
import { button, el, reason } from './wasm';

interface View {
  side: number; cells: number[]; colors: number; names: string[]; seats: number[];
  toMove: number; pieces: number[][]; scores: number[]; blocked: number[]; starts: [number, number][]; last: [number, number][];
}
interface Reply { id: number; move?: string | null; error?: string; ms: number; playouts?: number }

// The crate names the colours; the page paints each name.
const PAINT: Record<string, string> = { blue: '#3b6fd8', yellow: '#e8b524', red: '#d8453b', green: '#3aa655' };
let COLORS: string[] = [];
const PLAYERS = ['human', 'mcts', 'greedy', 'random'];
const PLAYER_NAMES: Record<string, string> = { human: 'Human', mcts: 'Tree search', greedy: 'Greedy bot', random: 'Random bot' };

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (r: Reply) => void>();
export function askBlokus(message: object): Promise<Reply> {
  if (!worker) {
    worker = new Worker(new URL('./blokus-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<Reply>) => {
      waiting.get(e.data.id)?.(e.data);
      waiting.delete(e.data.id);
    };
  }
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker?.postMessage({ id, ...message });
  });
}

function shapeCells(piece: number, digit: number): [number, number][] {
  const flat = Blokus.shape(piece, digit);
  const cells: [number, number][] = [];
  for (let i = 0; i < flat.length; i += 2) cells.push([flat[i], flat[i + 1]]);
  return cells;
}

function pieceSvg(piece: number, digit: number, color: string, unit = 10): SVGSVGElement {
  const cells = shapeCells(piece, digit);
  const w = Math.max(...cells.map((c) => c[0])) + 1;
  const h = Math.max(...cells.map((c) => c[1])) + 1;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${w * unit} ${h * unit}`);
  svg.setAttribute('width', String(w * unit));
  svg.setAttribute('height', String(h * unit));
  for (const [x, y] of cells) {
    const r = document.createElementNS(ns, 'rect');
    r.setAttribute('x', String(x * unit + 0.5));
    r.setAttribute('y', String(y * unit + 0.5));
    r.setAttribute('width', String(unit - 1));
    r.setAttribute('height', String(unit - 1));
    r.setAttribute('rx', '1.5');
    r.setAttribute('fill', color);
    svg.append(r);
  }
  return svg;
}

export function mountBlokus(root: HTMLElement, params: URLSearchParams): () => void {
  let variant = params.get('variant') === 'classic' ? 'classic' : 'duo';
  let players = variant === 'classic' && params.get('players') === '4' ? 4 : 2;
  let seats: string[] = (params.get('seats') ?? 'human,mcts').split(',');
  let playouts = Number(params.get('playouts')) || 3000;
  let game = new Blokus(variant, players);
  let selected: { piece: number; digit: number } | null = null;
  let anchor: [number, number] | null = null;
  let dragging = false;
  let thinking = false;
  let alive = true;

  const board = el('div', 'blokus-board');
  const status = el('p', 'status');
  status.dataset.status = '';
  const error = el('p', 'error');
  const info = el('p', 'note');
  const racks = el('div', 'racks');
  const variantSelect = el('select');
  variantSelect.append(new Option('Duo (14 x 14)', 'duo'), new Option('Classic, 2 seats', 'classic:2'), new Option('Classic, 4 seats', 'classic:4'));
  variantSelect.value = variant === 'duo' ? 'duo' : `classic:${players}`;
  variantSelect.setAttribute('aria-label', 'Variant');
  const seatBox = el('div', 'controls');
  const rotate = button('Rotate ↻', () => turn('rotate'));
  const mirror = button('Mirror ⇋', () => turn('mirror'));
  const pass = button('Pass', () => human('0000'));
  const undoButton = button('Undo', () => undo());
  const hintButton = button('Hint', () => void hint());
  const newButton = button('New game', () => restart(), 'primary');
  const controls = el('div', 'controls');
  controls.append(rotate, mirror, pass, undoButton, hintButton);
  const setup = el('div', 'controls');
  setup.append(newButton, variantSelect);
  const side = el('div', 'side');
  side.append(status, controls, racks, setup, seatBox, error, info,
    el('p', 'note', 'Pick a piece in your rack, turn it (R, F, wheel), then drag it or click the board. Green is legal, red is not.'));
  const layout = el('div', 'game');
  const left = el('div', 'board-wrap');
  left.append(board);
  layout.append(left, side);
  root.append(layout);

  function seatControls(): void {
    seatBox.replaceChildren();
    for (let s = 0; s < players; s++) {
      seats[s] = seats[s] ?? (s === 0 ? 'human' : 'mcts');
      const sel = el('select');
      for (const p of PLAYERS) sel.append(new Option(PLAYER_NAMES[p], p, false, p === seats[s]));
      sel.setAttribute('aria-label', `Seat ${s + 1}`);
      sel.addEventListener('change', () => { seats[s] = sel.value; render(); void next(); });
      const label = el('label', '', `P${s + 1}`);
      label.append(sel);
      seatBox.append(label);
    }
  }

  function view(): View {
    return JSON.parse(game.view(0)) as View;
  }

  function humanToMove(v: View): boolean {
    return game.toMove() !== undefined && seats[v.seats[v.toMove]] === 'human' && !thinking;
  }

  function previewMove(): string | null {
    if (!selected || !anchor) return null;
    const cells = shapeCells(selected.piece, selected.digit);
    const w = Math.max(...cells.map((c) => c[0])) + 1;
    const h = Math.max(...cells.map((c) => c[1])) + 1;
    const x = anchor[0] - Math.floor((w - 1) / 2);
    const y = anchor[1] - Math.floor((h - 1) / 2);
    if (x < 0 || y < 0) return null;
    return Blokus.moveAt(selected.piece, selected.digit, x, y);
  }

  function render(): void {
    const v = view();
    COLORS = v.names.map((n) => PAINT[n] ?? '#888');
    const starts = new Set(v.starts.map(([x, y]) => y * v.side + x));
    board.style.gridTemplateColumns = `repeat(${v.side}, 1fr)`;
    if (board.childElementCount !== v.side * v.side) {
      board.replaceChildren(...v.cells.map((_, i) => {
        const c = el('div', 'bcell');
        c.dataset.x = String(i % v.side);
        c.dataset.y = String(Math.floor(i / v.side));
        return c;
      }));
    }
    const last = new Set(v.last.map(([x, y]) => y * v.side + x));
    // The preview: the cells the selected piece would cover, legal or not by the crate.
    const preview = new Map<number, boolean>();
    const m = previewMove();
    let why: string | undefined;
    if (m && selected && anchor && humanToMove(v)) {
      why = game.check(m);
      const cells = shapeCells(selected.piece, selected.digit);
      const w = Math.max(...cells.map((c) => c[0])) + 1;
      const h = Math.max(...cells.map((c) => c[1])) + 1;
      const ox = anchor[0] - Math.floor((w - 1) / 2);
      const oy = anchor[1] - Math.floor((h - 1) / 2);
      for (const [cx, cy] of cells) {
        if (ox + cx < v.side && oy + cy < v.side) preview.set((oy + cy) * v.side + ox + cx, why === undefined);
      }
    }
    v.cells.forEach((color, i) => {
      const c = board.children[i] as HTMLElement;
      c.style.background = color >= 0 ? COLORS[color] : '';
      c.classList.toggle('last', last.has(i));
      c.classList.toggle('start', starts.has(i) && color < 0);
      const p = preview.get(i);
      c.classList.toggle('ok', p === true);
      c.classList.toggle('bad', p === false);
      c.dataset.color = String(color);
    });
    board.dataset.preview = m === null ? '' : why === undefined ? 'legal' : 'illegal';
    board.title = why ?? '';
    // Racks: every colour's pieces left; the colour to move's are pickable by a human.
    racks.replaceChildren(...v.pieces.map((pieces, color) => {
      const rack = el('div', 'rack');
      rack.dataset.color = String(color);
      rack.classList.toggle('to-move', color === v.toMove && game.toMove() !== undefined);
      const head = el('div', 'rack-head', `${v.names[color]} · P${v.seats[color] + 1} ${PLAYER_NAMES[seats[v.seats[color]]]}`);
      head.style.color = COLORS[color];
      rack.append(head);
      const list = el('div', 'rack-pieces');
      for (const piece of pieces) {
        const digit = selected && selected.piece === piece && color === v.toMove ? selected.digit : 0;
        const b = el('button', 'piece');
        b.type = 'button';
        b.dataset.piece = String(piece);
        b.setAttribute('aria-label', `piece ${piece}`);
        b.append(pieceSvg(piece, digit, COLORS[color], 7));
        b.disabled = !(color === v.toMove && humanToMove(v));
        b.classList.toggle('selected', selected?.piece === piece && color === v.toMove);
        list.append(b);
      }
      rack.append(list);
      return rack;
    }));
    const outcome = game.outcome();
    const scores = v.scores.map((s, i) => `P${i + 1} ${s}`).join(', ');
    status.classList.toggle('won', outcome !== undefined);
    status.textContent = outcome !== undefined
      ? `Game over: ${outcome}`
      : `${v.names[v.toMove]} to move (P${v.seats[v.toMove] + 1}${thinking ? ', thinking…' : ''}) · ${scores}`;
    const mine = humanToMove(v);
    pass.disabled = !mine || game.check('0000') !== undefined;
    rotate.disabled = mirror.disabled = !selected;
    hintButton.disabled = !mine;
    undoButton.disabled = game.moves() === 0 || thinking;
  }

  function human(m: string): void {
    for (const c of board.querySelectorAll('.hinted')) c.classList.remove('hinted');
    try {
      game.play(m);
      selected = null;
      error.textContent = '';
    } catch (e) {
      error.textContent = reason(e);
    }
    render();
    void next();
  }

  /** Plays the bots' moves while a bot is to move. */
  async function next(): Promise<void> {
    while (alive && !thinking) {
      const v = view();
      if (game.toMove() === undefined) return;
      const who = seats[v.seats[v.toMove]];
      if (who === 'human') return;
      thinking = true;
      render();
      const history = game.history();
      const r = await askBlokus({ kind: 'choose', variant, players, history, bot: who, playouts, seed: game.moves() + 1 });
      thinking = false;
      if (!alive) return;
      if (game.history() !== history) continue; // undone or restarted meanwhile
      if (r.error || !r.move) {
        error.textContent = r.error ?? 'the bot has no move';
        render();
        return;
      }
      game.play(r.move);
      info.textContent = `${PLAYER_NAMES[who]} played ${r.move} in ${Math.round(r.ms)} ms.`;
      render();
    }
  }

  function undo(): void {
    selected = null;
    if (!game.undo()) return;
    // Back to the last position where a human was to move.
    for (;;) {
      const v = view();
      if (seats[v.seats[v.toMove]] === 'human' || !game.undo()) break;
    }
    render();
  }

  async function hint(): Promise<void> {
    thinking = true;
    render();
    const r = await askBlokus({ kind: 'hint', variant, players, history: game.history() });
    thinking = false;
    if (r.move) {
      info.textContent = `Hint: ${r.move} (the tree search's choice in ${Math.round(r.ms)} ms).`;
      const mv = r.move;
      const before = view();
      try {
        // Show the hinted piece as the last move for a moment: play it on a copy.
        const copy = Blokus.fromHistory(variant, players, game.history());
        copy.play(mv);
        const after = JSON.parse(copy.view(0)) as View;
        copy.free();
        after.last.forEach(([x, y]) => (board.children[y * before.side + x] as HTMLElement).classList.add('hinted'));
        board.dataset.hint = mv;
      } catch (e) {
        error.textContent = reason(e);
      }
    }
    render();
  }

  function turn(how: 'rotate' | 'mirror'): void {
    if (!selected) return;
    selected.digit = how === 'rotate' ? Blokus.rotated(selected.piece, selected.digit) : Blokus.mirrored(selected.piece, selected.digit);
    render();
  }

  function cellAt(x: number, y: number): [number, number] | null {
    const t = document.elementFromPoint(x, y);
    const c = t instanceof HTMLElement ? t.closest<HTMLElement>('.bcell') : null;
    return c ? [Number(c.dataset.x), Number(c.dataset.y)] : null;
  }

  function restart(): void {
    const [v, p] = variantSelect.value.split(':');
    variant = v;
    players = Number(p ?? 2);
    seats = seats.slice(0, players);
    game.free();
    game = new Blokus(variant, players);
    selected = null;
    anchor = null;
    thinking = false;
    error.textContent = info.textContent = '';
    board.replaceChildren();
    seatControls();
    render();
    void next();
  }

  racks.addEventListener('pointerdown', (e) => {
    const b = (e.target as HTMLElement).closest<HTMLButtonElement>('.piece');
    if (!b || b.disabled) return;
    e.preventDefault();
    const piece = Number(b.dataset.piece);
    selected = selected?.piece === piece ? selected : { piece, digit: 0 };
    dragging = true;
    render();
  });
  const onMove = (e: PointerEvent) => {
    if (!selected) return;
    const c = cellAt(e.clientX, e.clientY);
    if (c && (!anchor || c[0] !== anchor[0] || c[1] !== anchor[1])) {
      anchor = c;
      render();
    }
  };
  const onUp = (e: PointerEvent) => {
    const wasDragging = dragging;
    dragging = false;
    if (!selected) return;
    const c = cellAt(e.clientX, e.clientY);
    if (!c) return;
    anchor = c;
    const m = previewMove();
    if (m && game.check(m) === undefined) human(m);
    else if (!wasDragging) {
      error.textContent = m ? (game.check(m) ?? '') : 'the piece would leave the board';
      render();
    } else render();
  };
  document.addEventListener('pointermove', onMove);
  document.addEventListener('pointerup', onUp);
  board.addEventListener('wheel', (e) => {
    if (!selected) return;
    e.preventDefault();
    turn(e.deltaY > 0 ? 'rotate' : 'mirror');
  }, { passive: false });
  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLSelectElement) return;
    if (e.key === 'r') turn('rotate');
    else if (e.key === 'f') turn('mirror');
    else if (e.key === 'Escape') { selected = null; render(); }
    else if (e.key === 'u') undo();
  };
  document.addEventListener('keydown', onKey);
  seatControls();
  render();
  void next();
  return () => {
    alive = false;
    document.removeEventListener('pointermove', onMove);
    document.removeEventListener('pointerup', onUp);
    document.removeEventListener('keydown', onKey);
    game.free();
  };
}
