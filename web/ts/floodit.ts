// Flood-It: the board, its hint and solver from the crate; the page only draws.
import { FloodIt } from '../pkg/plateau_web.js';
import { button, el, reason, store, stored } from './wasm';

interface View {
  width: number; height: number; colors: number; cells: number[]; flooded: number[];
  maxMoves: number; movesUsed: number; movesLeft: number; flood: number;
}

export const PALETTE = ['#e63946', '#f4a261', '#e9c46a', '#2a9d8f', '#457b9d', '#9b5de5', '#f15bb5', '#8d6e63'];
export const SYMBOLS = ['●', '▲', '■', '◆', '★', '✚', '♥', '☾'];
const PRESETS: [string, number, number][] = [['12 x 12', 12, 22], ['14 x 14', 14, 25], ['21 x 21', 21, 35], ['28 x 28', 28, 50], ['6 x 6', 6, 10]];

export function mountFloodIt(root: HTMLElement, params: URLSearchParams): () => void {
  let preset = Math.max(0, PRESETS.findIndex((p) => p[1] === Number(params.get('size'))));
  let colors = Math.min(8, Math.max(3, Number(params.get('colors')) || 6));
  let seed = Number(params.get('seed')) || Math.floor(Math.random() * 1e9);
  let symbols = stored<boolean>('floodit.symbols', false);
  let limit = Number(params.get('limit')) || PRESETS[preset][2];
  let game = make();
  let hinted: number | null = null;

  function make(): FloodIt {
    return new FloodIt(PRESETS[preset][1], colors, limit, BigInt(seed));
  }

  const board = el('div', 'flood-board');
  const status = el('p', 'status');
  status.dataset.status = '';
  const error = el('p', 'error');
  const info = el('p', 'note');
  const swatches = el('div', 'swatches');
  const size = el('select');
  PRESETS.forEach(([name], i) => size.append(new Option(name, String(i), false, i === preset)));
  const colorCount = el('select');
  for (let c = 3; c <= 8; c++) colorCount.append(new Option(`${c} colours`, String(c), false, c === colors));
  const limitInput = el('input');
  limitInput.type = 'number';
  limitInput.min = '1';
  limitInput.max = '999';
  limitInput.value = String(limit);
  limitInput.className = 'limit';
  limitInput.setAttribute('aria-label', 'Move limit');
  const symbolBox = el('input');
  symbolBox.type = 'checkbox';
  symbolBox.checked = symbols;
  const symbolLabel = el('label', '', '');
  symbolLabel.append(symbolBox, 'Symbols');
  const limitLabel = el('label', '', 'Limit');
  limitLabel.append(limitInput);
  const undoButton = button('Undo', () => act(() => game.undo()));
  const hintButton = button('Hint', () => {
    hinted = Number.parseInt(game.hint() ?? '', 36);
    if (Number.isNaN(hinted)) hinted = null;
    info.textContent = hinted === null ? '' : `Hint: colour ${hinted + 1} (${SYMBOLS[hinted]}).`;
    render();
  });
  const solveButton = button('Solve', () => {
    const s = JSON.parse(game.solve(300)) as { moves: string; solver: string; optimal: boolean };
    info.textContent = `${s.solver}: ${s.moves.length} moves from here${s.optimal ? ' (optimal)' : ''}.`;
  });
  const newButton = button('New', () => restart(Math.floor(Math.random() * 1e9)), 'primary');
  const controls = el('div', 'controls');
  controls.append(newButton, undoButton, hintButton, solveButton);
  const options = el('div', 'controls');
  options.append(size, colorCount, limitLabel, symbolLabel);
  const side = el('div', 'side');
  side.append(status, swatches, controls, options, error, info, el('p', 'note', 'Click a cell or a swatch (keys 1 to 8) to flood from the top-left corner with its colour.'));
  const left = el('div', 'board-wrap');
  left.append(board);
  const layout = el('div', 'game');
  layout.append(left, side);
  root.append(layout);

  function view(): View {
    return JSON.parse(game.view(0)) as View;
  }

  function render(): void {
    const v = view();
    board.style.gridTemplateColumns = `repeat(${v.width}, 1fr)`;
    board.style.setProperty('--cell-font', `${Math.max(6, 300 / v.width)}px`);
    if (board.childElementCount !== v.cells.length) {
      board.replaceChildren(...v.cells.map((_, i) => {
        const c = el('div', 'cell');
        c.dataset.x = String(i % v.width);
        c.dataset.y = String(Math.floor(i / v.width));
        return c;
      }));
    }
    v.cells.forEach((color, i) => {
      const c = board.children[i] as HTMLElement;
      c.style.background = PALETTE[color];
      c.textContent = symbols ? SYMBOLS[color] : '';
      c.dataset.color = String(color);
      c.classList.toggle('flooded', v.flooded[i] === 1);
    });
    swatches.replaceChildren(...Array.from({ length: v.colors }, (_, color) => {
      const b = button(SYMBOLS[color], () => act(() => game.play(color.toString(36))), 'swatch');
      b.style.background = PALETTE[color];
      b.dataset.color = String(color);
      b.setAttribute('aria-label', `Colour ${color + 1}`);
      b.disabled = color === v.flood || game.outcome() !== undefined;
      b.classList.toggle('hint', hinted === color);
      return b;
    }));
    const st = game.status();
    const key = `floodit.best.${v.width}.${v.colors}`;
    const best = stored<number | null>(key, null);
    status.classList.toggle('won', st === 'Won');
    status.classList.toggle('lost', st === 'Lost');
    const bestText = best ? ` · best ${best}` : '';
    status.textContent = st === 'Won'
      ? `Won in ${v.movesUsed} moves${bestText}`
      : st === 'Lost'
        ? `Lost: the ${v.maxMoves} moves are used`
        : `Moves ${v.movesUsed} / ${v.maxMoves} · ${v.movesLeft} left${bestText}`;
    undoButton.disabled = game.moves() === 0;
    hintButton.disabled = solveButton.disabled = st !== 'InProgress';
  }

  function act(f: () => unknown): void {
    try {
      f();
      error.textContent = '';
      hinted = null;
      if (game.status() === 'Won') {
        const v = view();
        const key = `floodit.best.${v.width}.${v.colors}`;
        const best = stored<number | null>(key, null);
        if (best === null || v.movesUsed < best) store(key, v.movesUsed);
      }
    } catch (e) {
      error.textContent = reason(e);
    }
    render();
  }

  function restart(newSeed: number): void {
    seed = newSeed;
    try {
      const next = make();
      game.free();
      game = next;
      error.textContent = info.textContent = '';
    } catch (e) {
      error.textContent = reason(e);
    }
    hinted = null;
    render();
  }

  board.addEventListener('click', (e) => {
    const c = (e.target as HTMLElement).closest<HTMLElement>('.cell');
    if (c) act(() => game.play(game.colorAt(Number(c.dataset.x), Number(c.dataset.y))));
  });
  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement) return;
    const n = Number(e.key);
    if (n >= 1 && n <= 8) act(() => game.play((n - 1).toString(36)));
    else if (e.key === 'u') act(() => game.undo());
    else if (e.key === 'h') hintButton.click();
  };
  document.addEventListener('keydown', onKey);
  size.addEventListener('change', () => {
    preset = Number(size.value);
    limit = PRESETS[preset][2];
    limitInput.value = String(limit);
    board.replaceChildren();
    restart(seed);
  });
  colorCount.addEventListener('change', () => { colors = Number(colorCount.value); restart(seed); });
  limitInput.addEventListener('change', () => { limit = Number(limitInput.value); restart(seed); });
  symbolBox.addEventListener('change', () => { symbols = symbolBox.checked; store('floodit.symbols', symbols); render(); });
  render();
  return () => {
    document.removeEventListener('keydown', onKey);
    game.free();
  };
}
