// A worker thread that owns a search engine, so the UCI loop keeps reading commands (`stop`,
// `isready`) while it thinks. The stop flag is shared memory both threads see.
// With Threads > 1 (see search-pool.ts) there are several: each runs the threaded build in its
// own slot of one shared memory; slot 0 searches and reports, the others help.
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine, createThreadEngine, type ThreadEngine } from '../web/engine/index.ts';
import type { Engine } from '../web/engine/types.ts';
import type { SearchRequest, ThreadMessage, ThreadSeatData } from './search-protocol.ts';

const { backend, stopBuffer, wasmUrl, jsUrl, seat } = workerData as {
  backend: 'wasm' | 'js';
  stopBuffer: SharedArrayBuffer;
  wasmUrl: string;
  jsUrl: string;
  seat?: ThreadSeatData;
};
const port = parentPort!;
const stopFlag = new Int32Array(stopBuffer);
// Threads: the flag holds the id of the newest search to stop, so a late stop never halts a newer
// search. One thread alone keeps the plain 0/1 flag its client resets.
let runningId = 0;
const engine: Engine | ThreadEngine = seat
  ? await createThreadEngine({
    thread: { memory: seat.memory, slot: seat.slot },
    threadsWasmUrl: seat.threadsWasmUrl,
    stopRequested: () => (Atomics.load(stopFlag, 0) >= runningId ? 1 : 0),
  })
  : await createEngine(backend, { wasmUrl, jsUrl, stopFlag });

port.on('message', (request: SearchRequest) => {
  const send = (message: ThreadMessage) => port.postMessage(message);
  try {
    if (request.type === 'hash') {
      engine.setHashSize(request.megabytes);
    } else if (request.type === 'clear') {
      engine.clearHash();
    } else if (request.type === 'help') {
      runningId = request.id;
      engine.setPosition(request.fen, request.moves);
      send({ type: 'helped', id: request.id, depth: (engine as ThreadEngine).help(request.index) });
    } else {
      runningId = request.id ?? 0;
      engine.setPosition(request.fen, request.moves);
      const result = engine.search(request.limits, (info) => send({ type: 'info', info }));
      // The main search is over: its helpers stop now, without waiting for the UCI loop.
      if (seat) Atomics.store(stopFlag, 0, Math.max(Atomics.load(stopFlag, 0), runningId));
      send({ type: 'done', result });
    }
  } catch (error) {
    send({ type: 'error', message: (error as Error).message });
  }
});
port.postMessage({ type: 'ready' } satisfies ThreadMessage);
