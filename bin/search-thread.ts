// A worker thread that owns a search engine, so the UCI loop keeps reading commands (`stop`,
// `isready`) while it thinks. The stop flag is shared memory both threads see.
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine } from '../web/engine/index.ts';
import type { SearchRequest, ThreadMessage } from './search-protocol.ts';

const { backend, stopBuffer, wasmUrl, jsUrl } = workerData as {
  backend: 'wasm' | 'js';
  stopBuffer: SharedArrayBuffer;
  wasmUrl: string;
  jsUrl: string;
};
const port = parentPort!;
const engine = await createEngine(backend, { wasmUrl, jsUrl, stopFlag: new Int32Array(stopBuffer) });

port.on('message', (request: SearchRequest) => {
  const send = (message: ThreadMessage) => port.postMessage(message);
  try {
    if (request.type === 'hash') {
      engine.setHashSize(request.megabytes);
    } else if (request.type === 'clear') {
      engine.clearHash();
    } else {
      engine.setPosition(request.fen, request.moves);
      const result = engine.search(request.limits, (info) => send({ type: 'info', info }));
      send({ type: 'done', result });
    }
  } catch (error) {
    send({ type: 'error', message: (error as Error).message });
  }
});
port.postMessage({ type: 'ready' } satisfies ThreadMessage);
