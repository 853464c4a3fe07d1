// The default computer player: the engine's search in a module Web Worker.
import { SearchWorker } from '../engine/search-worker.ts';
import type { Backend, MoveProvider } from './types.ts';

export function workerMoveProvider(backend: Backend): MoveProvider {
  const worker = new SearchWorker(backend);
  return {
    async bestMove(fen, moves, limits) {
      const result = await worker.search(fen, moves, limits);
      if (!result.bestMove) throw new Error('the computer has no legal move');
      return result.bestMove;
    },
    stop: () => worker.cancel(),
    dispose: () => worker.dispose(),
  };
}
