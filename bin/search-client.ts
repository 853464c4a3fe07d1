// The UCI loop's side of the search thread: start it, send a search, stop it through shared memory.
import { Worker } from 'node:worker_threads';
import type { Backend, SearchInfo, SearchLimits, SearchResult } from '../web/engine/types.ts';
import type { SearchThreadData } from './search-thread.ts';
import type { SearchRequest, SetupRequest, WorkerReply } from '../web/engine/worker-protocol.ts';

export interface ThreadUrls {
  thread: URL;
  wasm: URL;
  js: URL;
  /** The threaded build (Threads > 1); by default engine.threads.wasm beside `wasm`. */
  threadsWasm?: URL;
  /** The thread that counts `go perft`; by default perft-thread.js beside `thread`. */
  perft?: URL;
  /** The opening book BookFile starts as (OwnBook); none when absent. */
  book?: URL;
  /** The network EvalFile starts as (Use NNUE); the hand-written evaluation when absent. */
  network?: URL;
}

/** What the UCI loop needs of its search: one thread (SearchThread) or several (SearchPool). */
export interface SearchRunner {
  readonly busy: boolean;
  send(request: SetupRequest): Promise<void>;
  search(fen: string, moves: string[], limits: SearchLimits, onInfo: (info: SearchInfo) => void): Promise<SearchResult>;
  stop(): void;
  terminate(): Promise<void>;
  /** Resolves when the thread(s) have loaded their engines. */
  whenReady(): Promise<void>;
  /**
   * Resolves once the thread(s) have done every request sent before (a table sized or cleared, a
   * network taken), with the errors setup requests met since the last sync: no search is to blame.
   */
  sync(): Promise<string[]>;
}

/** The `sync` requests waiting for their `synced`, and the setup errors that came meanwhile. */
export class SyncWaiters {
  private lastId = 0;
  private readonly waiting = new Map<string, () => void>();
  private errors: string[] = [];

  newId(): number {
    return ++this.lastId;
  }

  /** Resolves when thread `slot` has answered sync `id` (or is gone). */
  wait(slot: number, id: number): Promise<void> {
    return new Promise((resolve) => this.waiting.set(`${slot}:${id}`, resolve));
  }

  answered(slot: number, id: number): void {
    this.waiting.get(`${slot}:${id}`)?.();
    this.waiting.delete(`${slot}:${id}`);
  }

  /** Thread `slot` is gone: whoever waits for it waits no more (its loss is reported elsewhere). */
  lost(slot: number): void {
    for (const [key, resolve] of this.waiting) {
      if (key.startsWith(`${slot}:`)) {
        resolve();
        this.waiting.delete(key);
      }
    }
  }

  setupError(message: string): void {
    this.errors.push(message);
  }

  /** The setup errors since the last call. */
  takeErrors(): string[] {
    const errors = this.errors;
    this.errors = [];
    return errors;
  }
}

/** The error of a setup request: no search's id, and the thread itself is fine. */
type SetupError = { type: 'error'; id: null; message: string };

export function isSetupError(message: WorkerReply): message is SetupError {
  return message.type === 'error' && message.id === null && message.failure === undefined;
}

export class SearchThread implements SearchRunner {
  private readonly worker: Worker;
  /** Holds the id of the newest search to stop (each search has a new id). */
  private readonly stopFlag = new Int32Array(new SharedArrayBuffer(4));
  private searchId = 0;
  private readonly ready: Promise<void>;
  private readonly syncs = new SyncWaiters();
  /** Why the thread is gone (it failed, or ended), once it is: nothing sent to it is answered then. */
  private dead: string | null = null;
  private pending: {
    resolve: (result: SearchResult) => void;
    reject: (error: Error) => void;
    onInfo: (info: SearchInfo) => void;
  } | null = null;

  constructor(backend: Backend, urls: ThreadUrls) {
    this.worker = new Worker(urls.thread, {
      workerData: {
        backend,
        stopBuffer: this.stopFlag.buffer,
        wasmUrl: urls.wasm.href,
        jsUrl: urls.js.href,
      } satisfies SearchThreadData,
    });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('error', reject);
      this.worker.on('message', (message: WorkerReply) => {
        if (message.type === 'ready') resolve();
        else this.receive(message);
      });
    });
    this.worker.on('error', (error) => {
      this.dead = `the search thread failed: ${error.message}`;
      // Said once: by the search it ends, or else by the next sync.
      if (this.pending) this.pending.reject(error);
      else this.syncs.setupError(this.dead);
      this.pending = null;
      this.syncs.lost(0);
    });
    this.worker.on('exit', () => {
      this.dead ??= 'the search thread has ended';
      this.pending?.reject(new Error(this.dead));
      this.pending = null;
      this.syncs.lost(0);
    });
  }

  private receive(message: WorkerReply): void {
    if (message.type === 'synced') {
      this.syncs.answered(0, message.id);
      return;
    }
    if (isSetupError(message)) {
      this.syncs.setupError(message.message);
      return;
    }
    const pending = this.pending;
    if (!pending) return;
    if (message.type === 'info') {
      pending.onInfo(message.info);
    } else if (message.type === 'done') {
      this.pending = null;
      pending.resolve(message.result);
    } else if (message.type === 'error') {
      this.pending = null;
      pending.reject(new Error(message.message));
    }
  }

  async whenReady(): Promise<void> {
    await this.ready;
  }

  async sync(): Promise<string[]> {
    if (this.dead) return this.syncs.takeErrors();
    const id = this.syncs.newId();
    const answered = this.syncs.wait(0, id);
    await this.send({ type: 'sync', id });
    await answered;
    return this.syncs.takeErrors();
  }

  get busy(): boolean {
    return this.pending !== null;
  }

  async send(request: SearchRequest): Promise<void> {
    await this.ready;
    this.worker.postMessage(request);
  }

  async search(
    fen: string,
    moves: string[],
    limits: SearchLimits,
    onInfo: (info: SearchInfo) => void,
  ): Promise<SearchResult> {
    if (this.pending) throw new Error('a search is already running; send "stop" first');
    if (this.dead) throw new Error(this.dead);
    const id = ++this.searchId;
    const result = new Promise<SearchResult>((resolve, reject) => {
      this.pending = { resolve, reject, onInfo };
    });
    await this.send({ type: 'search', id, fen, moves, limits });
    return result;
  }

  stop(): void {
    Atomics.store(this.stopFlag, 0, this.searchId);
  }

  async terminate(): Promise<void> {
    this.stop();
    await this.worker.terminate();
  }
}
