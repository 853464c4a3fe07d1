// A self-play thread: its own engine, one game per message.
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine } from '../web/engine/index.ts';
import type { Opening } from '../lib/openings.ts';
import { playSelfPlayGame, type SelfPlaySettings } from './selfplay-game.ts';

interface Setup {
  wasmUrl: string;
  jsUrl: string;
  openings: Opening[];
  settings: SelfPlaySettings;
  /** The network's bytes, or null for the hand-written evaluation. */
  network: Uint8Array | null;
}

const setup = workerData as Setup;
const engine = await createEngine('wasm', { wasmUrl: setup.wasmUrl, jsUrl: setup.jsUrl });
engine.setHashSize(16);
engine.setNetwork(setup.network);
// `ordinal`: the game's place in this run (a shard plays every Nth game), `index`: its number.
parentPort!.on('message', ({ ordinal, index }: { ordinal: number; index: number }) => {
  const opening = setup.openings[index % setup.openings.length]!;
  const game = playSelfPlayGame(engine, opening, index, setup.settings);
  parentPort!.postMessage({ ordinal, index, ...game }, [game.records.buffer as ArrayBuffer]);
});
parentPort!.postMessage('ready');
