// Minesweeper: the board, the hint and the exact mine probabilities from the crate.
import { Minesweeper } from '../pkg/plateau_web.js';
import { button, clock, el, reason, store, stored } from './wasm';

interface View { width: number; height: number; cells: string; mines: number; minesLeft: number; flags: number; revealed: number; exploded: [number, number] | null }

const LEVELS = ['beginner', 'intermediate', 'expert', 'calculator'];
const POLICIES = ['safe', 'opening', 'no-guess', 'unsafe'];
const LONG_PRESS_MS = 450;

export function mountMinesweeper(root: HTMLElement, params: URLSearchParams): () => void {
  let level = LEVELS.includes(params.get('level') ?? '') ? (params.get('level') as string) : 'beginner';
  let policy = POLICIES.includes(params.get('first') ?? '') ? (params.get('first') as string) : 'safe';
  let steps = 0;
  let seed = Number(params.get('seed')) || Math.floor(Math.random() * 1e9);
  let game = new Minesweeper(level, policy, steps, BigInt(seed));
  let started = 0;
  let finished = 0;
  let overlay = false;
  let hinted = '';
  let pressTimer: number | null = null;
  let pressed = false; // a long press flagged: the click that follows does nothing

  const board = el('div', 'mine-board');
  board.setAttribute('aria-label', 'Minesweeper board');
  const status = el('p', 'status');
  status.dataset.status = '';
  const error = el('p', 'error');
  const info = el('p', 'note');
  const counters = el('div', 'counters');
  const levelSelect = el('select');
  for (const l of LEVELS) levelSelect.append(new Option(l[0].toUpperCase() + l.slice(1), l, false, l === level));
  levelSelect.setAttribute('aria-label', 'Level');
  const policySelect = el('select');
  for (const p of POLICIES) policySelect.append(new Option(`First click: ${p}`, p, false, p === policy));
  policySelect.setAttribute('aria-label', 'First click');
  const fewer = button('− 3 mines', () => { steps--; restart(seed); });
  const more = button('+ 3 mines', () => { steps++; restart(seed); });
  const overlayBox = el('input');
  overlayBox.type = 'checkbox';
  const overlayLabel = el('label');
  overlayLabel.append(overlayBox, 'Mine probabilities');
  const hintButton = button('Hint', () => {
    hinted = game.hint() ?? '';
    info.textContent = hinted ? `Hint: ${hinted} (the solver's move).` : '';
    render();
  });
  const undoButton = button('Undo', () => act(() => game.undo()));
  const newButton = button('New', () => restart(Math.floor(Math.random() * 1e9)), 'primary');
  const controls = el('div', 'controls');
  controls.append(newButton, hintButton, undoButton, overlayLabel);
  const options = el('div', 'controls');
  options.append(levelSelect, policySelect, fewer, more);
  const side = el('div', 'side');
  side.append(status, counters, controls, options, error, info,
    el('p', 'note', 'Click reveals; right click or a long press flags; click a number to chord. Keys: arrows and Space/F on the focused cell.'));
  const wrap = el('div', 'mine-wrap');
  wrap.append(board);
  const layout = el('div', 'game');
  layout.append(wrap, side);
  root.append(layout);

  function view(): View {
    return JSON.parse(game.view(0)) as View;
  }

  function render(): void {
    const v = view();
    // Cells as large as the column allows, 20 to 32 px (a wider board scrolls sideways).
    const fit = Math.floor((wrap.clientWidth || 600) / v.width) - 1;
    wrap.style.setProperty('--mine-cell', `${Math.max(20, Math.min(32, fit))}px`);
    board.style.gridTemplateColumns = `repeat(${v.width}, var(--mine-cell))`;
    if (board.childElementCount !== v.width * v.height) {
      board.replaceChildren(...Array.from({ length: v.width * v.height }, (_, i) => {
        const c = el('button', 'mcell');
        c.type = 'button';
        c.dataset.x = String(i % v.width);
        c.dataset.y = String(Math.floor(i / v.width));
        return c;
      }));
    }
    let probs: (number | null)[] | null = null;
    if (overlay && game.outcome() === undefined) {
      try {
        probs = JSON.parse(game.probabilities()) as (number | null)[];
      } catch (e) {
        error.textContent = reason(e);
      }
    }
    const hx = hinted.match(/^[rfc](\d+),(\d+)$/);
    [...v.cells].forEach((s, i) => {
      const c = board.children[i] as HTMLElement;
      c.dataset.cell = s;
      c.className = 'mcell';
      const x = i % v.width;
      const y = Math.floor(i / v.width);
      if (s === 'x' || s === '?' || s === 'F') c.classList.add('covered');
      if (v.exploded && v.exploded[0] === x && v.exploded[1] === y) c.classList.add('boom');
      if (hx && Number(hx[1]) === x && Number(hx[2]) === y) c.classList.add('hint');
      c.textContent = s === 'F' ? '⚑' : s === '*' ? '✹' : s === '.' || s === 'x' ? '' : s;
      if (/[1-8]/.test(s)) c.classList.add(`n${s}`);
      const p = probs?.[i];
      if (p !== null && p !== undefined && s === 'x') {
        c.textContent = p === 0 ? '0' : p === 1 ? '✹' : String(Math.round(p * 100));
        c.classList.add('prob');
        c.style.setProperty('--p', String(p));
      } else c.style.removeProperty('--p');
    });
    const st = game.status();
    const elapsed = started ? (finished || performance.now()) - started : 0;
    const bestKey = `minesweeper.best.${level}.${v.mines}.${policy}`;
    const best = stored<number | null>(bestKey, null);
    status.classList.toggle('won', st === 'Won');
    status.classList.toggle('lost', st === 'Lost');
    const bestText = best ? ` · best ${clock(best)}` : '';
    status.textContent = st === 'Won' ? `Won in ${clock(elapsed)}${bestText}` : st === 'Lost' ? 'Lost: a mine exploded' : `Playing · ${clock(elapsed)}${bestText}`;
    counters.textContent = `Mines left ${v.minesLeft} of ${v.mines} · revealed ${v.revealed}`;
    fewer.hidden = more.hidden = level !== 'calculator';
    hintButton.disabled = game.outcome() !== undefined;
    undoButton.disabled = game.moves() === 0;
  }

  function act(f: () => unknown): void {
    try {
      f();
      error.textContent = '';
      hinted = '';
      if (!started && game.moves() > 0) started = performance.now();
      if (game.outcome() !== undefined && !finished) {
        finished = performance.now();
        if (game.status() === 'Won') {
          const v = view();
          const key = `minesweeper.best.${level}.${v.mines}.${policy}`;
          const best = stored<number | null>(key, null);
          if (best === null || finished - started < best) store(key, finished - started);
        }
      }
    } catch (e) {
      error.textContent = reason(e);
    }
    render();
  }

  function restart(newSeed: number): void {
    seed = newSeed;
    try {
      const next = new Minesweeper(level, policy, steps, BigInt(seed));
      game.free();
      game = next;
      error.textContent = info.textContent = '';
    } catch (e) {
      error.textContent = reason(e);
    }
    started = finished = 0;
    hinted = '';
    board.replaceChildren();
    render();
  }

  function cellOf(e: Event): HTMLElement | null {
    return (e.target as HTMLElement).closest<HTMLElement>('.mcell');
  }

  function open(c: HTMLElement): void {
    const at = `${c.dataset.x},${c.dataset.y}`;
    act(() => game.play(/[1-8]/.test(c.dataset.cell ?? '') ? `c${at}` : `r${at}`));
  }

  function flag(c: HTMLElement): void {
    act(() => game.play(`f${c.dataset.x},${c.dataset.y}`));
  }

  board.addEventListener('click', (e) => {
    const c = cellOf(e);
    if (!c) return;
    if (pressed) { pressed = false; return; }
    open(c);
  });
  board.addEventListener('contextmenu', (e) => {
    e.preventDefault();
    const c = cellOf(e);
    if (c && !pressed) flag(c);
    pressed = false;
  });
  board.addEventListener('pointerdown', (e) => {
    const c = cellOf(e);
    if (!c || e.pointerType === 'mouse') return;
    pressTimer = window.setTimeout(() => { pressed = true; flag(c); }, LONG_PRESS_MS);
  });
  const cancel = () => { if (pressTimer !== null) clearTimeout(pressTimer); pressTimer = null; };
  board.addEventListener('pointerup', cancel);
  board.addEventListener('pointercancel', cancel);
  board.addEventListener('pointerleave', cancel);
  board.addEventListener('keydown', (e) => {
    const c = cellOf(e);
    if (!c) return;
    const v = view();
    const [x, y] = [Number(c.dataset.x), Number(c.dataset.y)];
    const go = (dx: number, dy: number) => {
      const nx = Math.min(v.width - 1, Math.max(0, x + dx));
      const ny = Math.min(v.height - 1, Math.max(0, y + dy));
      (board.children[ny * v.width + nx] as HTMLElement).focus();
    };
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[e.key]) { e.preventDefault(); go(...moves[e.key]); }
    else if (e.key === 'f' || e.key === 'F') flag(c);
    else if (e.key === ' ') { e.preventDefault(); open(c); }
  });
  levelSelect.addEventListener('change', () => { level = levelSelect.value; steps = 0; restart(seed); });
  policySelect.addEventListener('change', () => { policy = policySelect.value; restart(seed); });
  overlayBox.addEventListener('change', () => { overlay = overlayBox.checked; render(); });
  const ticker = window.setInterval(() => { if (started && !finished) render(); }, 1000);
  render();
  return () => {
    clearInterval(ticker);
    cancel();
    game.free();
  };
}
