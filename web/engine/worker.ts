// The search worker: owns one engine and searches on request, so the page never freezes.
// `onmessage` is registered before the engine loads; messages that arrive meanwhile wait for it.
import type { Engine } from './types.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';
import { createEngine } from './index.ts';

const scope = self as unknown as {
  postMessage(message: WorkerReply): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};
let engine: Promise<Engine> | null = null;
let runningId = 0;

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'init') {
    // The page writes into the flag the id of the newest search it wants stopped, so a stop meant
    // for an old search can never halt a newer one.
    const flag = request.stopBuffer ? new Int32Array(request.stopBuffer) : null;
    const stopRequested = () => (flag && Atomics.load(flag, 0) >= runningId ? 1 : 0);
    engine = createEngine(request.backend, { stopRequested });
    engine.then(
      () => scope.postMessage({ type: 'ready' }),
      (error: Error) => scope.postMessage({ type: 'error', id: null, message: `engine failed to load: ${error.message}` }),
    );
    return;
  }
  void handle(request);
};

async function handle(request: Exclude<WorkerRequest, { type: 'init' }>): Promise<void> {
  const id = request.type === 'search' ? request.id : null;
  try {
    if (!engine) throw new Error('the worker was not initialised');
    const ready = await engine;
    if (request.type === 'hash') ready.setHashSize(request.megabytes);
    else if (request.type === 'clear') ready.clearHash();
    else {
      runningId = request.id;
      ready.setPosition(request.fen, request.moves);
      const result = ready.search(request.limits, (info) => scope.postMessage({ type: 'info', id: request.id, info }));
      scope.postMessage({ type: 'done', id: request.id, result });
    }
  } catch (error) {
    scope.postMessage({ type: 'error', id, message: (error as Error).message });
  }
}
