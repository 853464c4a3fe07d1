// `go perft N`: counts in a thread of its own (perft-thread.ts) and prints the divide as it goes, then
// the total. A count cannot stop part way: stopping ends its thread, and no total is printed.
import { Worker } from 'node:worker_threads';
import type { PerftJob, PerftMessage } from './perft-thread.ts';

export interface PerftRun {
  /** Resolves when the count has printed its total, or was ended. */
  readonly done: Promise<void>;
  terminate(): Promise<number>;
}

export function runPerft(url: URL, job: PerftJob, out: (line: string) => void): PerftRun {
  const worker = new Worker(url, { workerData: job });
  const done = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: PerftMessage) => {
      if (message.type === 'move') {
        out(`${message.move}: ${message.count}`);
      } else {
        out('');
        out(`Nodes searched: ${message.total}`);
        void worker.terminate();
        resolve();
      }
    });
    worker.on('error', reject);
    worker.on('exit', () => resolve());
  });
  return { done, terminate: () => worker.terminate() };
}
