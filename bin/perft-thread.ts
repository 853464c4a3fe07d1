// `go perft` in a worker thread of its own, so the UCI loop keeps answering `isready` and `quit`
// during a long count (perft cannot be stopped part way; `quit` ends the thread).
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine } from '../web/engine/index.ts';

export interface PerftJob {
  backend: 'wasm' | 'js';
  wasmUrl: string;
  jsUrl: string;
  fen: string;
  moves: string[];
  depth: number;
}

/** One divide line per root move, then the total. */
export type PerftMessage = { type: 'move'; move: string; count: number } | { type: 'done'; total: number };

const job = workerData as PerftJob;
const engine = await createEngine(job.backend, { wasmUrl: job.wasmUrl, jsUrl: job.jsUrl });
engine.setPosition(job.fen, job.moves);
let total = 0;
for (const move of engine.legalMoves()) {
  engine.play(move);
  const count = job.depth === 1 ? 1 : engine.perft(job.depth - 1);
  engine.undo();
  total += count;
  parentPort!.postMessage({ type: 'move', move, count } satisfies PerftMessage);
}
parentPort!.postMessage({ type: 'done', total } satisfies PerftMessage);
