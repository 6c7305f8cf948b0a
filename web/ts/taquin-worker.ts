// The taquin's solvers off the page's thread: the 4x4 pattern databases take seconds to
// build, and the page must never freeze.
import init, { TaquinSolver } from '../pkg/plateau_web.js';

interface Ask { id: number; kind: 'hint' | 'solve' | 'prepare'; board: string }
const scope = self as unknown as { postMessage(m: unknown): void; onmessage: ((e: MessageEvent<Ask>) => void) | null };
const solver = init().then(() => new TaquinSolver());

scope.onmessage = (e) => {
  void solver.then((s) => {
    const { id, kind, board } = e.data;
    const t0 = performance.now();
    try {
      if (kind === 'prepare') {
        const built = !s.ready;
        s.prepare();
        scope.postMessage({ id, built, ms: performance.now() - t0 });
      } else {
        const answer = JSON.parse(s.solve(board, kind === 'hint')) as object;
        scope.postMessage({ id, ...answer, ms: performance.now() - t0 });
      }
    } catch (err) {
      const message = err && typeof err === 'object' && 'message' in err ? String((err as { message: unknown }).message) : String(err);
      scope.postMessage({ id, error: message, ms: performance.now() - t0 });
    }
  });
};
