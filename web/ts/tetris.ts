// Tetris: the engine's 60 Hz ticks driven by requestAnimationFrame with the buttons held;
// DAS/ARR, gravity, the lock delay, hold and the pieces are the engine's. The page draws.
import { Tetris } from '../pkg/plateau_web.js';
import { button, el, reason, store, stored } from './wasm';

interface View {
  width: number; height: number; rows: string[]; active: [number, number][]; ghost: [number, number][];
  piece: string | null; hold: string | null; canHold: boolean; holdAllowed: boolean; next: string[];
  score: number; lines: number; level: number; status: string; das: number; arr: number;
}

const PAINT: Record<string, string> = { I: '#36c5d8', O: '#f2c531', T: '#a25ad9', S: '#5cc45a', Z: '#e2483d', J: '#3e6fd9', L: '#ef8a2f', '#': '#8a8f98' };
const KEYS: Record<string, number> = { ArrowLeft: 1, ArrowRight: 2, ArrowDown: 4, ' ': 8, ArrowUp: 16, x: 16, X: 16, z: 32, Z: 32, Control: 32, c: 64, C: 64, Shift: 64 };
const TICK_MS = 1000 / 60;

export function mountTetris(root: HTMLElement, params: URLSearchParams): () => void {
  let rules = ['guideline', 'classic', 'calculator'].includes(params.get('rules') ?? '') ? (params.get('rules') as string) : 'guideline';
  let seed = Number(params.get('seed')) || Math.floor(Math.random() * 1e9);
  let game = new Tetris(rules, BigInt(seed));
  let held = 0; // buttons held now
  let latched = 0; // buttons pressed since the last tick (a tap shorter than a tick still counts)
  let last = 0;
  let acc = 0;
  let frame = 0;
  let help = false;
  let helpCells: number[] = [];
  let recorded = false;
  const timing = { ticks: 0, total: 0, max: 0, frames: 0, late: 0 };

  const canvas = el('canvas', 'tetris-canvas');
  const status = el('p', 'status');
  status.dataset.status = '';
  const stats = el('div', 'tetris-stats');
  const perf = el('p', 'note');
  const error = el('p', 'error');
  const holdBox = el('canvas', 'mini');
  const nextBox = el('canvas', 'mini next');
  const scores = el('ol', 'scores');
  const rulesSelect = el('select');
  for (const r of ['guideline', 'classic', 'calculator']) rulesSelect.append(new Option(r[0].toUpperCase() + r.slice(1), r, false, r === rules));
  rulesSelect.setAttribute('aria-label', 'Rules');
  const pauseButton = button('Pause', () => togglePause());
  const helpBox = el('input');
  helpBox.type = 'checkbox';
  const helpLabel = el('label');
  helpLabel.append(helpBox, 'Help (the bot\'s placement)');
  const newButton = button('New', () => restart(Math.floor(Math.random() * 1e9)), 'primary');
  const controls = el('div', 'controls');
  controls.append(newButton, pauseButton, rulesSelect, helpLabel);
  // Touch buttons: held while pressed, like keys.
  const pad = el('div', 'pad');
  for (const [label, bit] of [['◀', 1], ['▶', 2], ['↺', 32], ['↻', 16], ['▼', 4], ['⤓', 8], ['Hold', 64]] as [string, number][]) {
    const b = button(label, () => {});
    b.dataset.bit = String(bit);
    b.addEventListener('pointerdown', (e) => { e.preventDefault(); held |= bit; latched |= bit; });
    const up = () => { held &= ~bit; };
    b.addEventListener('pointerup', up);
    b.addEventListener('pointerleave', up);
    b.addEventListener('pointercancel', up);
    pad.append(b);
  }
  const boxes = el('div', 'tetris-boxes');
  const holdWrap = el('div', 'box', 'Hold');
  holdWrap.append(holdBox);
  const nextWrap = el('div', 'box', 'Next');
  nextWrap.append(nextBox);
  boxes.append(holdWrap, nextWrap);
  const side = el('div', 'side');
  side.append(status, stats, boxes, controls, error, perf, el('p', 'note', '←/→ move, ↓ soft drop, Space hard drop, ↑/X rotate, Z/Ctrl rotate back, C/Shift hold, P pause.'), el('p', 'note', 'High scores'), scores);
  const left = el('div', 'tetris-left');
  left.append(canvas, pad);
  const layout = el('div', 'game');
  layout.append(left, side);
  root.append(layout);

  function view(): View {
    return JSON.parse(game.view(0)) as View;
  }

  function scoreKey(): string {
    return `tetris.scores.${rules}`;
  }

  function drawMini(c: HTMLCanvasElement, pieces: string[], unit: number): void {
    c.width = unit * 5;
    c.height = unit * 3 * Math.max(1, pieces.length);
    const g = c.getContext('2d') as CanvasRenderingContext2D;
    g.clearRect(0, 0, c.width, c.height);
    pieces.forEach((p, i) => {
      const flat = game.shape(p);
      const ys: number[] = [];
      for (let k = 1; k < flat.length; k += 2) ys.push(flat[k]);
      const top = Math.max(...ys);
      g.fillStyle = PAINT[p] ?? '#888';
      for (let k = 0; k < flat.length; k += 2) {
        g.fillRect((flat[k] + 0.5) * unit + 1, (top - flat[k + 1] + 0.5) * unit + i * unit * 3 + 1, unit - 2, unit - 2);
      }
    });
  }

  function draw(): void {
    const v = view();
    const unit = Math.floor(Math.min(28, (Math.min(window.innerWidth, 560) - 24) / v.width, (window.innerHeight - 170) / v.height));
    const u = Math.max(12, unit);
    if (canvas.width !== u * v.width || canvas.height !== u * v.height) {
      canvas.width = u * v.width;
      canvas.height = u * v.height;
    }
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    const css = getComputedStyle(document.documentElement);
    g.fillStyle = css.getPropertyValue('--panel');
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.strokeStyle = css.getPropertyValue('--line');
    g.lineWidth = 1;
    for (let x = 1; x < v.width; x++) { g.beginPath(); g.moveTo(x * u + 0.5, 0); g.lineTo(x * u + 0.5, canvas.height); g.stroke(); }
    const cell = (x: number, y: number, color: string, alpha = 1) => {
      // y from the bottom; only the visible rows.
      const row = v.height - 1 - y;
      if (row < 0) return;
      g.globalAlpha = alpha;
      g.fillStyle = color;
      g.fillRect(x * u + 1, row * u + 1, u - 2, u - 2);
      g.globalAlpha = 1;
    };
    v.rows.forEach((r, row) => [...r].forEach((s, x) => { if (s !== '.') cell(x, v.height - 1 - row, PAINT[s] ?? '#888'); }));
    if (help) for (let k = 0; k < helpCells.length; k += 2) cell(helpCells[k], helpCells[k + 1], '#ffffff', 0.35);
    for (const [x, y] of v.ghost) cell(x, y, PAINT[v.piece ?? ''] ?? '#888', 0.25);
    for (const [x, y] of v.active) cell(x, y, PAINT[v.piece ?? ''] ?? '#888');
    canvas.dataset.filled = String(v.rows.join('').replace(/\./g, '').length);
    canvas.dataset.active = JSON.stringify(v.active);
    canvas.dataset.hold = v.hold ?? '';
    drawMini(holdBox, v.hold ? [v.hold] : [], 12);
    holdWrap.hidden = !v.holdAllowed;
    drawMini(nextBox, v.next, 12);
    stats.textContent = `Score ${v.score} · lines ${v.lines} · level ${v.level}`;
    const over = v.status === 'Over';
    status.classList.toggle('lost', over);
    status.textContent = over ? `Game over · score ${v.score}` : v.status === 'Paused' ? 'Paused' : `Playing · ${rules}`;
    pauseButton.textContent = v.status === 'Paused' ? 'Resume' : 'Pause';
    pauseButton.disabled = over;
    if (over && !recorded) {
      recorded = true;
      const list = stored<number[]>(scoreKey(), []);
      list.push(v.score);
      list.sort((a, b) => b - a);
      store(scoreKey(), list.slice(0, 5));
    }
    scores.replaceChildren(...stored<number[]>(scoreKey(), []).map((s) => el('li', '', String(s))));
    const avg = timing.ticks ? timing.total / timing.ticks : 0;
    perf.textContent = `Engine: ${timing.ticks} ticks, ${(avg * 1000).toFixed(1)} µs a tick on average, ${(timing.max * 1000).toFixed(0)} µs at most; DAS ${v.das}, ARR ${v.arr} ticks.`;
    perf.dataset.tickAvgUs = String(avg * 1000);
    perf.dataset.tickMaxUs = String(timing.max * 1000);
    perf.dataset.ticks = String(timing.ticks);
    perf.dataset.frames = String(timing.frames);
    perf.dataset.late = String(timing.late);
  }

  function loop(now: number): void {
    frame = requestAnimationFrame(loop);
    if (!last) last = now;
    acc += Math.min(250, now - last);
    timing.frames++;
    if (now - last > TICK_MS * 2.5) timing.late++;
    last = now;
    let changed = false;
    let steps = 0;
    while (acc >= TICK_MS && steps < 5) {
      acc -= TICK_MS;
      steps++;
      const t0 = performance.now();
      const events = game.tick(held | latched);
      const dt = performance.now() - t0;
      latched = 0;
      timing.ticks++;
      timing.total += dt;
      timing.max = Math.max(timing.max, dt);
      if (events) {
        changed = true;
        if (events.includes('"spawned"') && help) helpCells = Array.from(game.help());
      }
    }
    if (steps) draw();
    void changed;
  }

  function togglePause(): void {
    try {
      if (view().status === 'Paused') game.resume();
      else game.pause();
      error.textContent = '';
    } catch (e) {
      error.textContent = reason(e);
    }
    draw();
  }

  function restart(newSeed: number): void {
    seed = newSeed;
    game.free();
    game = new Tetris(rules, BigInt(seed));
    held = latched = 0;
    recorded = false;
    helpCells = [];
    error.textContent = '';
    draw();
  }

  const onDown = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement) return;
    if (e.key === 'p' || e.key === 'P' || e.key === 'Escape') { togglePause(); return; }
    const bit = KEYS[e.key];
    if (bit === undefined) return;
    e.preventDefault();
    if (!e.repeat) latched |= bit;
    held |= bit;
  };
  const onUp = (e: KeyboardEvent) => {
    const bit = KEYS[e.key];
    if (bit !== undefined) held &= ~bit;
  };
  const onBlur = () => { held = 0; };
  document.addEventListener('keydown', onDown);
  document.addEventListener('keyup', onUp);
  window.addEventListener('blur', onBlur);
  rulesSelect.addEventListener('change', () => { rules = rulesSelect.value; restart(seed); });
  helpBox.addEventListener('change', () => { help = helpBox.checked; helpCells = help ? Array.from(game.help()) : []; draw(); });
  draw();
  frame = requestAnimationFrame(loop);
  return () => {
    cancelAnimationFrame(frame);
    document.removeEventListener('keydown', onDown);
    document.removeEventListener('keyup', onUp);
    window.removeEventListener('blur', onBlur);
    game.free();
  };
}
