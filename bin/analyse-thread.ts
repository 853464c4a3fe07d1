// A worker thread of `xiangqi-engine analyse`: its own engine and table, given whole games one at a
// time by the pool (bin/analyse/pool.ts); it says when each position is done (for the progress
// bar) and sends the annotated game back.
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine } from '../web/engine/index.ts';
import { runGameJob, type GameJob } from './analyse/game-job.ts';
import { AnalyseTables } from './analyse/tables.ts';

/** What an analyse thread gets in workerData. */
export interface AnalyseThreadData {
  wasmUrl: string;
  jsUrl: string;
  hashMb: number;
  /** The network's bytes, or null for the hand-written evaluation. */
  network: Uint8Array | null;
  /** Whether the searches probe the endgame tables their captures reach. */
  tables: boolean;
}

export type AnalyseReply =
  | { type: 'ready' }
  | { type: 'position' }
  | { type: 'done'; result: Awaited<ReturnType<typeof runGameJob>> }
  | { type: 'error'; index: number; message: string };

const { wasmUrl, jsUrl, hashMb, network, tables } = workerData as AnalyseThreadData;
const port = parentPort!;
const engine = await createEngine('wasm', { wasmUrl, jsUrl });
engine.setHashSize(hashMb);
if (network) engine.setNetwork(network);
const endings = tables ? await AnalyseTables.load() : null;
const tablesFor = endings ? (fen: string) => endings.forPosition(fen) : undefined;

port.on('message', (job: GameJob) => {
  void runGameJob(engine, job, () => port.postMessage({ type: 'position' } satisfies AnalyseReply), tablesFor).then(
    (result) => port.postMessage({ type: 'done', result } satisfies AnalyseReply),
    (error: unknown) =>
      port.postMessage({
        type: 'error',
        index: job.index,
        message: error instanceof Error ? error.message : String(error),
      } satisfies AnalyseReply),
  );
});
port.postMessage({ type: 'ready' } satisfies AnalyseReply);
