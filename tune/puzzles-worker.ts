// A puzzle-mining thread of tune/puzzles.ts: its own engine, one game per message.
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine } from '../web/engine/index.ts';
import type { Opening } from '../lib/openings.ts';
import { mineGame, type MineSettings } from './puzzle-game.ts';
import { prepareJudge } from './puzzle-find.ts';

interface Setup {
  wasmUrl: string;
  jsUrl: string;
  openings: Opening[];
  settings: MineSettings;
  network: Uint8Array;
}

const setup = workerData as Setup;
const engine = await createEngine('wasm', { wasmUrl: setup.wasmUrl, jsUrl: setup.jsUrl });
prepareJudge(engine, setup.network);
parentPort!.on('message', (index: number) => {
  const opening = setup.openings[index % setup.openings.length]!;
  parentPort!.postMessage({ index, ...mineGame(engine, opening, index, setup.settings) });
});
parentPort!.postMessage('ready');
