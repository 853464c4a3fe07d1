// A worker thread that owns a search engine, so the UCI loop keeps reading commands (`stop`,
// `isready`) while it thinks. The stop flag is shared memory both threads see.
// With Threads > 1 (see search-pool.ts) there are several: each runs the threaded build in its
// own slot of one shared memory; slot 0 searches and reports, the others help.
// Only the Node transport lives here: workerData and the parent port. The protocol and the request
// handler are the page's search worker's (web/engine/worker-protocol.ts, search-handler.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine, createThreadEngine } from '../web/engine/index.ts';
import { SearchHandler } from '../web/engine/search-handler.ts';
import type { Backend } from '../web/engine/types.ts';
import type { SearchRequest, WorkerReply } from '../web/engine/worker-protocol.ts';
import { Tablebases } from '../web/egtb/tablebases.ts';

/** What a search thread gets in workerData (its Node transport's `init`). */
export interface SearchThreadData {
  backend: Backend;
  stopBuffer: SharedArrayBuffer;
  wasmUrl: string;
  jsUrl: string;
  /** A thread of a multi-core search: its slot of the shared memory, and the threaded build. */
  seat?: { memory: WebAssembly.Memory; slot: number; threadsWasmUrl: string };
}

const { backend, stopBuffer, wasmUrl, jsUrl, seat } = workerData as SearchThreadData;
const port = parentPort!;
const handler = new SearchHandler(
  (reply: WorkerReply) => port.postMessage(reply),
  new Int32Array(stopBuffer),
  seat !== undefined,
  () => Tablebases.load('wasm'),
);
// A build that fails to load ends the thread (its owner sees the error), as a crash would.
const engine = seat
  ? await createThreadEngine({
      thread: { memory: seat.memory, slot: seat.slot },
      threadsWasmUrl: seat.threadsWasmUrl,
      stopRequested: handler.stopRequested,
    })
  : await createEngine(backend, { wasmUrl, jsUrl, stopRequested: handler.stopRequested });

port.on('message', (request: SearchRequest) => void handler.handle(request));
handler.start(engine);
