// The default computer player: the engine's search in a module Web Worker.
import { SearchWorker } from '../engine/search-worker.ts';
import type { Backend, MoveProvider } from './types.ts';

export function workerMoveProvider(backend: Backend, { threads }: { threads: number }): MoveProvider {
  // More than one thread only where the page is cross-origin isolated; elsewhere SearchWorker uses one.
  const worker = new SearchWorker(backend, undefined, { threads });
  return {
    async bestMove(fen, moves, limits) {
      const result = await worker.search(fen, moves, limits);
      if (!result.bestMove) throw new Error('the computer has no legal move');
      return result.bestMove;
    },
    stop: () => worker.cancel(),
    dispose: () => worker.dispose(),
    setThreads: (n) => worker.setThreads(n),
    setNetwork: (file) => worker.setNetwork(file),
    setRule: (rule) => worker.setRule(rule),
  };
}
