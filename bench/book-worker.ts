// A book-building thread: its own engine, one position per message (bench/make-book.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine } from '../web/engine/index.ts';
import { analyseBookPosition, type AnalysisSettings } from './book-analysis.ts';

export interface BookTask {
  id: number;
  moves: string[];
  symmetric: boolean;
}

const { wasmUrl, jsUrl, settings } = workerData as { wasmUrl: string; jsUrl: string; settings: AnalysisSettings };
const engine = await createEngine('wasm', { wasmUrl, jsUrl });
parentPort!.on('message', (task: BookTask) => {
  parentPort!.postMessage({ id: task.id, choices: analyseBookPosition(engine, task.moves, task.symmetric, settings) });
});
parentPort!.postMessage('ready');
