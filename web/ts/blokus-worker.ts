// The Blokus bots off the page's thread: the tree search takes seconds a move.
import init, { Blokus, BlokusBot } from '../pkg/plateau_web.js';

interface Ask { id: number; kind: 'choose' | 'hint' | 'speed'; variant: string; players: number; history: string; bot: string; playouts: number; seed: number }
const scope = self as unknown as { postMessage(m: unknown): void; onmessage: ((e: MessageEvent<Ask>) => void) | null };
const ready = init();

scope.onmessage = (e) => {
  void ready.then(() => {
    const a = e.data;
    const t0 = performance.now();
    try {
      if (a.kind === 'hint') {
        const game = Blokus.fromHistory(a.variant, a.players, a.history);
        const move = game.hint();
        game.free();
        scope.postMessage({ id: a.id, move, ms: performance.now() - t0 });
      } else {
        const bot = new BlokusBot(a.kind === 'speed' ? 'mcts' : a.bot, BigInt(a.seed), a.playouts);
        const move = bot.choose(a.variant, a.players, a.history);
        bot.free();
        scope.postMessage({ id: a.id, move, ms: performance.now() - t0, playouts: a.playouts });
      }
    } catch (err) {
      const message = err && typeof err === 'object' && 'message' in err ? String((err as { message: unknown }).message) : String(err);
      scope.postMessage({ id: a.id, error: message, ms: performance.now() - t0 });
    }
  });
};
