// Taquin: the board from the crate (moves, clicks, status), its solvers in a Web Worker.
import { Taquin } from '../pkg/plateau_web.js';
import { button, clock, el, reason, store, stored } from './wasm';

interface View { width: number; height: number; tiles: number[] }
interface Answer { id: number; moves?: string; solver?: string; optimal?: boolean; error?: string; ms: number }
interface Best { moves: number; ms: number }

const KEYS: Record<string, string> = { ArrowUp: 'U', ArrowDown: 'D', ArrowLeft: 'L', ArrowRight: 'R' };

/** The solver worker, shared by every board of the page (it keeps the 4x4 databases). */
let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (a: Answer) => void>();
export function ask(kind: 'hint' | 'solve' | 'prepare', board = ''): Promise<Answer> {
  if (!worker) {
    worker = new Worker(new URL('./taquin-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<Answer>) => {
      waiting.get(e.data.id)?.(e.data);
      waiting.delete(e.data.id);
    };
  }
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker?.postMessage({ id, kind, board });
  });
}

/** A built-in picture, drawn once: hills under a sun, with a grid of stars. */
function builtInPicture(): string {
  const c = document.createElement('canvas');
  c.width = c.height = 480;
  const g = c.getContext('2d') as CanvasRenderingContext2D;
  const sky = g.createLinearGradient(0, 0, 0, 480);
  sky.addColorStop(0, '#1e3c72');
  sky.addColorStop(0.55, '#f2a65a');
  sky.addColorStop(1, '#f7d08a');
  g.fillStyle = sky;
  g.fillRect(0, 0, 480, 480);
  g.fillStyle = '#ffe9a8';
  g.beginPath();
  g.arc(330, 210, 60, 0, Math.PI * 2);
  g.fill();
  const hills = ['#3d5a40', '#2c4430', '#1b2d1f'];
  hills.forEach((color, i) => {
    g.fillStyle = color;
    g.beginPath();
    g.moveTo(0, 480);
    for (let x = 0; x <= 480; x += 20) g.lineTo(x, 300 + i * 50 + Math.sin(x / (60 + i * 25) + i) * 35);
    g.lineTo(480, 480);
    g.fill();
  });
  g.fillStyle = '#ffffffcc';
  for (let i = 0; i < 40; i++) g.fillRect((i * 97) % 480, (i * 53) % 160, 2, 2);
  return c.toDataURL('image/png');
}

export function mountTaquin(root: HTMLElement, params: URLSearchParams): () => void {
  let side = Math.min(8, Math.max(3, Number(params.get('size')) || 4));
  let seed = Number(params.get('seed')) || Math.floor(Math.random() * 1e9);
  let game = new Taquin(side, side, BigInt(seed));
  let started = 0;
  let finished = 0;
  let picture: string | null = null;
  let userPicture: string | null = null;
  let hinted: number[] | null = null;
  let playing: number | null = null; // the animated solve's timer
  let busy = false;

  const board = el('div', 'taquin-board');
  board.tabIndex = 0;
  board.setAttribute('aria-label', 'Taquin board: arrows move, click a tile');
  const status = el('p', 'status');
  status.dataset.status = '';
  const error = el('p', 'error');
  const info = el('p', 'note');
  const size = el('select');
  for (let s = 3; s <= 8; s++) size.append(new Option(`${s} x ${s}`, String(s), false, s === side));
  const pictures = el('select');
  pictures.append(new Option('Numbers', 'numbers'), new Option('Picture', 'builtin'), new Option('My picture…', 'file'));
  const file = el('input');
  file.type = 'file';
  file.accept = 'image/*';
  file.hidden = true;
  const undoButton = button('Undo', () => act(() => game.undo()));
  const hintButton = button('Hint', () => void hint());
  const solveButton = button('Solve', () => void solve(), 'primary');
  const newButton = button('New', () => restart(Math.floor(Math.random() * 1e9)));
  const controls = el('div', 'controls');
  controls.append(newButton, undoButton, hintButton, solveButton);
  const options = el('div', 'controls');
  options.append(size, pictures, file);
  const side_ = el('div', 'side');
  side_.append(status, controls, options, error, info, el('p', 'note', 'Click or tap a tile in the blank\'s row or column to slide it (and those between); arrows slide one tile.'));
  const layout = el('div', 'game');
  layout.append(board, side_);
  root.append(layout);

  function view(): View {
    return JSON.parse(game.view(0)) as View;
  }

  function bestKey(): string {
    return `taquin.best.${side}x${side}`;
  }

  function render(): void {
    const v = view();
    board.style.setProperty('--ratio', String(v.width / v.height));
    board.style.setProperty('--font', `${Math.max(0.8, 2.6 - v.width * 0.25)}em`);
    const existing = new Map<number, HTMLElement>();
    for (const t of board.querySelectorAll<HTMLElement>('.tile')) existing.set(Number(t.dataset.tile), t);
    if (existing.size !== v.tiles.length - 1) {
      board.replaceChildren();
      existing.clear();
    }
    v.tiles.forEach((n, i) => {
      if (n === 0) return;
      let t = existing.get(n);
      if (!t) {
        t = el('div', 'tile', String(n));
        t.dataset.tile = String(n);
        board.append(t);
      }
      const x = i % v.width;
      const y = Math.floor(i / v.width);
      t.style.width = `${100 / v.width}%`;
      t.style.height = `${100 / v.height}%`;
      t.style.transform = `translate(${x * 100}%, ${y * 100}%)`;
      t.dataset.x = String(x);
      t.dataset.y = String(y);
      // The tile's goal cell decides its part of the picture.
      const gx = (n - 1) % v.width;
      const gy = Math.floor((n - 1) / v.width);
      t.classList.toggle('picture', picture !== null);
      t.style.backgroundImage = picture ? `url(${picture})` : '';
      t.style.backgroundSize = picture ? `${v.width * 100}% ${v.height * 100}%` : '';
      t.style.backgroundPosition = picture ? `${(gx / (v.width - 1)) * 100}% ${(gy / (v.height - 1)) * 100}%` : '';
      t.classList.toggle('hint', hinted !== null && hinted[0] === x && hinted[1] === y);
      t.dataset.hint = String(hinted !== null && hinted[0] === x && hinted[1] === y);
    });
    const solved = game.isSolved();
    board.classList.toggle('solved', solved);
    const moves = game.moves();
    const elapsed = started ? (finished || performance.now()) - started : 0;
    const best = stored<Best | null>(bestKey(), null);
    const bestText = best ? ` · best ${best.moves} moves, ${clock(best.ms)}` : '';
    status.classList.toggle('won', solved);
    status.textContent = solved
      ? `Solved in ${moves} moves, ${clock(elapsed)}${bestText}`
      : game.status() === 'Unsolvable'
        ? 'Unsolvable'
        : `Moves ${moves} · ${clock(elapsed)}${bestText}`;
    undoButton.disabled = moves === 0 || busy;
    hintButton.disabled = solved || busy;
    solveButton.disabled = solved || busy;
  }

  function moved(): void {
    hinted = null;
    error.textContent = '';
    if (!started) started = performance.now();
    if (game.isSolved() && !finished) {
      finished = performance.now();
      const best = stored<Best | null>(bestKey(), null);
      const mine = { moves: game.moves(), ms: finished - started };
      if (!best || mine.moves < best.moves || (mine.moves === best.moves && mine.ms < best.ms)) store(bestKey(), mine);
    }
  }

  function stop(): void {
    if (playing !== null) clearInterval(playing);
    playing = null;
  }

  /** Runs a player's action: stops an animated solve, reports a refusal. */
  function act(f: () => unknown): void {
    stop();
    try {
      f();
      moved();
    } catch (e) {
      error.textContent = reason(e);
    }
    render();
  }

  function restart(newSeed: number): void {
    stop();
    seed = newSeed;
    game.free();
    game = new Taquin(side, side, BigInt(seed));
    started = finished = 0;
    hinted = null;
    error.textContent = '';
    info.textContent = '';
    board.replaceChildren();
    render();
    if (side === 4) void ask('prepare').then((a) => { if ((a as { built?: boolean }).built) info.textContent = `Pattern databases built in the worker in ${Math.round(a.ms)} ms.`; });
  }

  async function hint(): Promise<void> {
    busy = true;
    render();
    const a = await ask('hint', game.text());
    busy = false;
    if (a.error || !a.moves) error.textContent = a.error ?? 'no hint';
    else {
      const from = game.movedFrom(a.moves[0]);
      hinted = from ? Array.from(from) : null;
      info.textContent = `Hint: ${a.moves[0]} (${a.solver}, ${a.moves.length} moves to go${a.optimal ? ', optimal' : ''}).`;
    }
    render();
  }

  async function solve(): Promise<void> {
    stop();
    busy = true;
    render();
    const a = await ask('solve', game.text());
    busy = false;
    if (a.error || a.moves === undefined) {
      error.textContent = a.error ?? 'no solution';
      render();
      return;
    }
    info.textContent = `${a.solver}: ${a.moves.length} moves${a.optimal ? ' (optimal)' : ''}, found in ${Math.round(a.ms)} ms.`;
    const moves = [...a.moves];
    playing = window.setInterval(() => {
      const m = moves.shift();
      if (m === undefined) return stop();
      try {
        game.play(m);
        moved();
      } catch (e) {
        error.textContent = reason(e);
        stop();
      }
      render();
    }, Math.max(16, Math.min(140, 15000 / Math.max(1, moves.length))));
    render();
  }

  board.addEventListener('click', (e) => {
    const t = (e.target as HTMLElement).closest<HTMLElement>('.tile');
    if (!t) return;
    act(() => game.click(Number(t.dataset.x), Number(t.dataset.y)));
  });
  const onKey = (e: KeyboardEvent) => {
    const m = KEYS[e.key];
    if (m) {
      e.preventDefault();
      act(() => game.play(m));
    } else if (e.key === 'u' || (e.key === 'z' && (e.ctrlKey || e.metaKey))) act(() => game.undo());
    else if (e.key === 'h') void hint();
  };
  document.addEventListener('keydown', onKey);
  size.addEventListener('change', () => {
    side = Number(size.value);
    restart(seed);
  });
  pictures.addEventListener('change', () => {
    if (pictures.value === 'file') file.click();
    else {
      picture = pictures.value === 'builtin' ? builtInPicture() : null;
      render();
    }
  });
  file.addEventListener('change', () => {
    const f = file.files?.[0];
    if (!f) return;
    if (userPicture) URL.revokeObjectURL(userPicture);
    userPicture = picture = URL.createObjectURL(f);
    render();
  });
  const ticker = window.setInterval(() => { if (started && !finished) render(); }, 500);
  restart(seed);
  board.focus();
  return () => {
    stop();
    clearInterval(ticker);
    document.removeEventListener('keydown', onKey);
    game.free();
  };
}
