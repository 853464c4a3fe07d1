// The default computer player: the engine's search in a module Web Worker, able to probe the endgame
// tables a search may reach (the `tablebases` attribute).
import { SearchWorker } from '../engine/search-worker.ts';
import { giveReachableTables } from '../egtb/search-tables.ts';
import type { Backend, BoardTables, MoveProvider } from './types.ts';

export function workerMoveProvider(backend: Backend, { threads }: { threads: number }): MoveProvider {
  // More than one thread only where the page is cross-origin isolated; elsewhere SearchWorker uses one.
  const worker = new SearchWorker(backend, undefined, { threads });
  let tables: BoardTables | null = null;
  let disposed = false;
  return {
    async bestMove(fen, moves, limits) {
      if (!tables) worker.useTables(null);
      // Tables that failed to come leave the search as it would be without them: it still plays.
      else await giveReachableTables(tables, worker, fen, moves, limits).catch(() => {});
      // Disposed meanwhile (the board left the page): a search would start a worker nobody ends.
      if (disposed) throw new Error('the computer player was disposed');
      const result = await worker.search(fen, moves, limits);
      if (!result.bestMove) throw new Error('the computer has no legal move');
      return result.bestMove;
    },
    stop: () => worker.cancel(),
    dispose: () => {
      disposed = true;
      worker.dispose();
    },
    setThreads: (n) => worker.setThreads(n),
    setNetwork: (file) => worker.setNetwork(file),
    setRule: (rule) => worker.setRule(rule),
    useTables: (given) => {
      tables = given;
    },
  };
}
