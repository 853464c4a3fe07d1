// Searches in a module Web Worker. Stopping uses a shared flag where the page is cross-origin
// isolated; elsewhere the worker is terminated and the deepest line reported so far is the answer.
// A crashed or hung worker is replaced on the next search; a cancelled search never resolves
// into a newer one.
import type { Backend, SearchInfo, SearchLimits, SearchResult } from './types.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

interface Pending {
  id: number;
  resolve: (result: SearchResult) => void;
  reject: (error: Error) => void;
  onInfo?: ((info: SearchInfo) => void) | undefined;
  last: SearchInfo | null;
  watchdog: ReturnType<typeof setTimeout> | undefined;
}

/** Extra time a timed search may take before its worker is presumed hung. */
const HANG_MARGIN_MS = 3000;

export class SearchWorker {
  private worker: Worker | null = null;
  private stopFlag: Int32Array | null = null;
  private pending: Pending | null = null;
  private nextId = 1;
  private hashMb: number | null = null;

  constructor(private readonly backend: Backend = 'wasm', private readonly create = defaultWorker) {}

  /** Whether `stop()` can halt a search in place (shared memory), rather than by terminating. */
  static get canStopInPlace(): boolean {
    return typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated === true;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = this.create();
    this.stopFlag = SearchWorker.canStopInPlace ? new Int32Array(new SharedArrayBuffer(4)) : null;
    worker.onmessage = (event: MessageEvent<WorkerReply>) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new Error(`the engine worker crashed: ${event.message || 'unknown error'}`));
    };
    const init: WorkerRequest = { type: 'init', backend: this.backend, stopBuffer: (this.stopFlag?.buffer as SharedArrayBuffer) ?? null };
    worker.postMessage(init);
    if (this.hashMb !== null) worker.postMessage({ type: 'hash', megabytes: this.hashMb } satisfies WorkerRequest);
    this.worker = worker;
    return worker;
  }

  private receive(reply: WorkerReply): void {
    const pending = this.pending;
    if (reply.type === 'ready') return;
    if (reply.type === 'error' && reply.id === null) {
      this.fail(new Error(reply.message));
      return;
    }
    if (!pending || reply.id !== pending.id) return; // an answer to a search already abandoned
    if (reply.type === 'info') {
      if (reply.info.multipv === 1) pending.last = reply.info;
      pending.onInfo?.(reply.info);
    } else if (reply.type === 'done') {
      this.settle();
      pending.resolve(reply.result);
    } else {
      this.settle();
      pending.reject(new Error(reply.message));
    }
  }

  private settle(): void {
    if (this.pending?.watchdog) clearTimeout(this.pending.watchdog);
    this.pending = null;
  }

  /** Ends the worker after a crash or hang; the next search starts a fresh one. */
  private fail(error: Error): void {
    const pending = this.pending;
    this.settle();
    this.worker?.terminate();
    this.worker = null;
    pending?.reject(error);
  }

  search(fen: string, moves: readonly string[], limits: SearchLimits, onInfo?: (info: SearchInfo) => void): Promise<SearchResult> {
    this.cancel();
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<SearchResult>((resolve, reject) => {
      const pending: Pending = { id, resolve, reject, onInfo, last: null, watchdog: undefined };
      const budget = limits.movetime ?? (limits.infinite || limits.depth || limits.nodes ? null : 10_000);
      if (budget !== null) {
        pending.watchdog = setTimeout(() => {
          if (this.pending === pending) this.fail(new Error(`the engine worker did not answer within ${budget + HANG_MARGIN_MS} ms`));
        }, budget + HANG_MARGIN_MS);
      }
      this.pending = pending;
      worker.postMessage({ type: 'search', id, fen, moves: [...moves], limits } satisfies WorkerRequest);
    });
  }

  /** Stops the running search; it resolves with the best move found so far. */
  stop(): void {
    const pending = this.pending;
    if (!pending) return;
    if (this.stopFlag) {
      Atomics.store(this.stopFlag, 0, pending.id);
      return;
    }
    this.settle();
    this.worker?.terminate();
    this.worker = null;
    const last = pending.last;
    if (last && last.pv.length > 0) {
      pending.resolve({
        bestMove: last.pv[0]!, ponder: last.pv[1] ?? null, score: last.score, depth: last.depth,
        nodes: last.nodes, time: last.time, pv: last.pv,
      });
    } else {
      pending.reject(new Error('the search was stopped before it found a move'));
    }
  }

  /** Abandons the running search: its result is never delivered. */
  cancel(): void {
    const pending = this.pending;
    if (!pending) return;
    this.settle();
    if (this.stopFlag) Atomics.store(this.stopFlag, 0, pending.id);
    else {
      this.worker?.terminate();
      this.worker = null;
    }
    pending.reject(new Error('the search was cancelled'));
  }

  setHashSize(megabytes: number): void {
    this.hashMb = megabytes;
    this.worker?.postMessage({ type: 'hash', megabytes } satisfies WorkerRequest);
  }

  clearHash(): void {
    this.worker?.postMessage({ type: 'clear' } satisfies WorkerRequest);
  }

  dispose(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }
}

function defaultWorker(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
}
