// W worker threads (bin/analyse-thread.ts), each with its own engine, handed whole games in file
// order as they come free. Results arrive in any order; the caller files them by index.
import { Worker } from 'node:worker_threads';
import type { AnalyseReply, AnalyseThreadData } from '../analyse-thread.ts';
import type { GameJob, GameResult } from './game-job.ts';

export interface PoolSetup extends AnalyseThreadData {
  threadUrl: URL;
  workers: number;
}

export interface PoolEvents {
  position(): void;
  result(result: GameResult): void;
  /** A game the engine failed on: it is skipped, the others go on. */
  failed(index: number, message: string): void;
}

/** Analyses `jobs` on the pool; resolves when all are done, rejects when a thread dies. */
export function analyseGames(jobs: readonly GameJob[], setup: PoolSetup, events: PoolEvents): Promise<void> {
  const { threadUrl, workers: count, ...data } = setup;
  const queue = [...jobs];
  const threads: Worker[] = [];
  let running = 0;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      for (const t of threads) void t.terminate();
      if (error) reject(error);
      else resolve();
    };
    const next = (thread: Worker) => {
      const job = queue.shift();
      if (job) {
        running++;
        thread.postMessage(job);
      } else if (running === 0) finish();
    };
    if (queue.length === 0) {
      finish();
      return;
    }
    for (let i = 0; i < Math.min(count, queue.length); i++) {
      const thread = new Worker(threadUrl, { workerData: data satisfies AnalyseThreadData });
      threads.push(thread);
      thread.on('message', (reply: AnalyseReply) => {
        if (reply.type === 'position') {
          events.position();
          return;
        }
        if (reply.type !== 'ready') {
          running--;
          if (reply.type === 'done') events.result(reply.result);
          else events.failed(reply.index, reply.message);
        }
        next(thread);
      });
      thread.on('error', (error) => finish(new Error(`an analysis thread failed: ${error.message}`)));
      thread.on('exit', (code) => {
        if (!settled) finish(new Error(`an analysis thread stopped (exit code ${code}) before the games were done`));
      });
    }
  });
}
