// The search worker: owns one engine and searches on request, so the page never freezes.
// `onmessage` is registered before the engine loads; messages that arrive meanwhile wait for it.
import type { Engine, ThreadEngine } from './types.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';
import { createEngine, createThreadEngine } from './index.ts';

const scope = self as unknown as {
  postMessage(message: WorkerReply): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};
let engine: Promise<Engine | ThreadEngine> | null = null;
let runningId = 0;
let stopFlag: Int32Array | null = null;
let threaded = false;

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'init') {
    // The page writes into the flag the id of the newest search it wants stopped, so a stop meant
    // for an old search can never halt a newer one.
    const flag = request.stopBuffer ? new Int32Array(request.stopBuffer) : null;
    const stopRequested = () => (flag && Atomics.load(flag, 0) >= runningId ? 1 : 0);
    stopFlag = flag;
    threaded = request.thread !== undefined;
    const options = { ...request.urls, stopRequested };
    engine = request.thread ? createThreadEngine({ ...options, thread: request.thread }) : createEngine(request.backend, options);
    engine.then(
      () => scope.postMessage({ type: 'ready' }),
      (error: Error) => scope.postMessage({ type: 'error', id: null, message: `engine failed to load: ${error.message}`, failure: 'load-failed' }),
    );
    return;
  }
  void handle(request);
};

async function handle(request: Exclude<WorkerRequest, { type: 'init' }>): Promise<void> {
  const id = request.type === 'search' ? request.id : null;
  if (!engine) {
    scope.postMessage({ type: 'error', id, message: 'the worker was not initialised', failure: 'not-initialised' });
    return;
  }
  try {
    const ready = await engine;
    if (request.type === 'hash') ready.setHashSize(request.megabytes);
    else if (request.type === 'clear') ready.clearHash();
    else if (request.type === 'help') {
      runningId = request.id;
      ready.setPosition(request.fen, request.moves);
      (ready as ThreadEngine).help(request.index);
      scope.postMessage({ type: 'helped', id: request.id });
    } else {
      runningId = request.id;
      ready.setPosition(request.fen, request.moves);
      const result = ready.search(request.limits, (info) => scope.postMessage({ type: 'info', id: request.id, info }));
      // The main search is over: its helpers stop now, without a round trip through the page.
      if (threaded && stopFlag) Atomics.store(stopFlag, 0, Math.max(Atomics.load(stopFlag, 0), request.id));
      scope.postMessage({ type: 'done', id: request.id, result });
    }
  } catch (error) {
    scope.postMessage({ type: 'error', id, message: (error as Error).message });
  }
}
