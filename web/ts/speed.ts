// The speed figures of web/README.md, measured in this browser: the Blokus tree search's
// playouts a second in its worker, and the time the taquin worker takes to build the 4x4
// pattern databases (the native side: `cargo run --release -p plateau-web --example speed`).
import { askBlokus } from './blokus';
import { ask } from './taquin';
import { button, el } from './wasm';

export function mountSpeed(root: HTMLElement, params: URLSearchParams): () => void {
  const playouts = Number(params.get('playouts')) || 3000;
  const status = el('p', 'status', 'Press Run to measure (the tree search, then the pattern databases).');
  status.dataset.status = '';
  const out = el('pre', 'note');
  const run = button('Run', () => void measure(), 'primary');
  root.append(status, run, out);
  const lines: string[] = [];
  async function measure(): Promise<void> {
    run.disabled = true;
    status.textContent = 'Measuring…';
    for (let seed = 1; seed <= 3; seed++) {
      const r = await askBlokus({ kind: 'speed', variant: 'duo', players: 2, history: '', bot: 'mcts', playouts, seed });
      lines.push(`blokus mcts: ${playouts} playouts in ${Math.round(r.ms)} ms = ${Math.round((playouts / r.ms) * 1000)} playouts/s (move ${r.move})`);
      out.textContent = lines.join('\n');
    }
    const p = await ask('prepare');
    lines.push(`taquin pattern databases built in ${Math.round(p.ms)} ms`);
    out.textContent = lines.join('\n');
    status.textContent = 'Done';
  }
  return () => {};
}
