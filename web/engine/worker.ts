// The search worker: owns one engine and searches on request, so the page never freezes. Only the
// Web Worker transport lives here (search-handler.ts answers the requests). `onmessage` is
// registered before the engine loads; messages that arrive meanwhile wait for it. Like the UCI
// engine's search thread, it can probe endgame tables handed to it (SearchWorker.useTables): they are
// adopted into its own copy of the tables' module (web/egtb; its wasm build, whichever build
// searches: both make the same tables), loaded with the first table.
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';
import { notInitialised, SearchHandler } from './search-handler.ts';
import { createEngine, createThreadEngine } from './index.ts';

const scope = self as unknown as {
  postMessage(message: WorkerReply): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};
let handler: SearchHandler | null = null;

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'init') {
    handler = new SearchHandler(
      (reply) => scope.postMessage(reply),
      request.stopBuffer ? new Int32Array(request.stopBuffer) : null,
      request.thread !== undefined,
      () => import('../egtb/tablebases.ts').then(({ Tablebases }) => Tablebases.load('wasm')),
    );
    const options = { ...request.urls, stopRequested: handler.stopRequested };
    handler.start(
      request.thread
        ? createThreadEngine({ ...options, thread: request.thread })
        : createEngine(request.backend, options),
    );
    return;
  }
  if (handler) void handler.handle(request);
  else scope.postMessage(notInitialised(request));
};
