// Multi-core search for the UCI loop (Threads > 1): one worker thread per search thread, each
// running the threaded build in its own slot of one shared WebAssembly.Memory (Lazy SMP, see
// web/engine/threads.ts). Slot 0 searches with the limits and reports; the others help until it
// ends. A thread that dies is replaced in its slot; if it was the main one, its search fails.
import { Worker } from 'node:worker_threads';
import { createThreadMemory, MAX_THREADS } from '../web/engine/threads.ts';
import type { SearchInfo, SearchLimits, SearchResult } from '../web/engine/types.ts';
import { isSetupError, SyncWaiters, type SearchRunner, type ThreadUrls } from './search-client.ts';
import type { SearchRequest, SetupRequest, WorkerReply } from '../web/engine/worker-protocol.ts';
import type { SearchThreadData } from './search-thread.ts';
import { isWeakened } from '../web/engine/strength.ts';

interface Seat {
  /** Started once the seats before it are ready; `ready` gives it once it has loaded its engine. */
  worker: Worker | undefined;
  ready: Promise<Worker>;
  started: boolean;
  /** Ends when this helper's current search has ended (or the thread has). */
  helping: Promise<void>;
  helped: () => void;
  helpId: number;
}

export class SearchPool implements SearchRunner {
  private readonly memory = createThreadMemory();
  /** Holds the id of the newest search to stop (each search has a new id). */
  private readonly stopFlag = new Int32Array(new SharedArrayBuffer(4));
  private readonly seats: Seat[] = [];
  private closed = false;
  private readonly syncs = new SyncWaiters();
  private searchId = 0;
  private pending: {
    resolve: (result: SearchResult) => void;
    reject: (error: Error) => void;
    onInfo: (info: SearchInfo) => void;
  } | null = null;

  constructor(
    readonly threads: number,
    private readonly urls: ThreadUrls,
  ) {
    if (!Number.isInteger(threads) || threads < 2 || threads > MAX_THREADS) {
      throw new RangeError(`a search pool has 2 to ${MAX_THREADS} threads, not ${threads}`);
    }
    // The main thread's instance starts first: the first instance on the memory sets the table up.
    this.seats[0] = this.spawn(0);
    const mainReady = this.seats[0].ready;
    for (let slot = 1; slot < threads; slot++) this.seats[slot] = this.spawn(slot, mainReady);
  }

  private spawn(slot: number, after: Promise<unknown> = Promise.resolve()): Seat {
    const seatData: SearchThreadData['seat'] = {
      memory: this.memory,
      slot,
      threadsWasmUrl: (this.urls.threadsWasm ?? new URL('engine.threads.wasm', this.urls.wasm)).href,
    };
    const ready = after.then(
      () =>
        new Promise<Worker>((resolve, reject) => {
          const started = new Worker(this.urls.thread, {
            workerData: {
              backend: 'wasm',
              stopBuffer: this.stopFlag.buffer,
              wasmUrl: this.urls.wasm.href,
              jsUrl: this.urls.js.href,
              seat: seatData,
            } satisfies SearchThreadData,
          });
          seat.worker = started;
          started.once('error', reject);
          started.on('message', (message: WorkerReply) => {
            if (message.type === 'synced') {
              this.syncs.answered(slot, message.id);
            } else if (slot === 0 && isSetupError(message)) {
              this.syncs.setupError(message.message);
            } else if (message.type === 'ready') {
              seat.started = true;
              resolve(started);
            } else if (
              (message.type === 'helped' && message.id === seat.helpId) ||
              (slot > 0 && message.type === 'error')
            ) {
              seat.helped();
            } else if (slot === 0) {
              this.receive(message);
            }
          });
          started.on('exit', () => this.replace(slot, started));
        }),
    );
    const seat: Seat = {
      worker: undefined,
      ready,
      started: false,
      helping: Promise.resolve(),
      helped: () => {},
      helpId: 0,
    };
    ready.catch(() => {}); // reported through the search that needs it
    return seat;
  }

  /** A thread ended without being asked to: start another in its slot. */
  private replace(slot: number, worker: Worker): void {
    if (this.seats[slot]?.worker !== worker) return;
    this.seats[slot].helped();
    this.syncs.lost(slot);
    if (this.closed) return;
    if (slot === 0) {
      Atomics.store(this.stopFlag, 0, this.searchId); // its helpers stop too
      const pending = this.pending;
      this.pending = null;
      pending?.reject(new Error('the main search thread died'));
    }
    this.seats[slot] = this.spawn(slot);
  }

  private receive(message: WorkerReply): void {
    const pending = this.pending;
    if (!pending) return;
    if (message.type === 'info') {
      pending.onInfo(message.info);
    } else if (message.type === 'done') {
      this.pending = null;
      pending.resolve(message.result);
    } else if (message.type === 'error') {
      this.pending = null;
      Atomics.store(this.stopFlag, 0, this.searchId);
      pending.reject(new Error(message.message));
    }
  }

  get busy(): boolean {
    return this.pending !== null;
  }

  /** The worker of each slot (tests use it to kill a thread). */
  get workers(): readonly (Worker | undefined)[] {
    return this.seats.map((seat) => seat.worker);
  }

  /** Resolves once every thread has loaded its engine (or failed to: the search reports that). */
  async whenReady(): Promise<void> {
    await Promise.allSettled(this.seats.map((seat) => seat.ready));
  }

  /** Every thread's requests so far done (sync on each); the main thread's setup errors. */
  async sync(): Promise<string[]> {
    const id = this.syncs.newId();
    await Promise.all(
      this.seats.map(async (seat, slot) => {
        const worker = await seat.ready.catch(() => null);
        if (!worker) return;
        const answered = this.syncs.wait(slot, id);
        worker.postMessage({ type: 'sync', id } satisfies SearchRequest);
        await answered;
      }),
    );
    return this.syncs.takeErrors();
  }

  /** The table is shared: only the main thread sizes it; every thread forgets its own history and takes the network and the rule. */
  async send(request: SetupRequest): Promise<void> {
    const targets = request.type === 'hash' ? [this.seats[0]!] : this.seats;
    await Promise.all(
      targets.map(async (seat) => {
        (await seat.ready).postMessage(request);
      }),
    );
  }

  async search(
    fen: string,
    moves: string[],
    limits: SearchLimits,
    onInfo: (info: SearchInfo) => void,
  ): Promise<SearchResult> {
    if (this.pending) throw new Error('a search is already running; send "stop" first');
    const id = ++this.searchId;
    const result = new Promise<SearchResult>((resolve, reject) => {
      this.pending = { resolve, reject, onInfo };
    });
    let main: Worker;
    try {
      await this.whenReady();
      main = await this.seats[0]!.ready;
    } catch (error) {
      this.pending = null;
      throw error;
    }
    main.postMessage({ type: 'search', id, fen, moves, limits } satisfies SearchRequest);
    // Weakened play stays single-threaded and reproducible; so does a node-limited search.
    if (!isWeakened(limits) && limits.nodes === undefined) {
      for (let index = 1; index < this.seats.length; index++) {
        const seat = this.seats[index]!;
        // A helper still starting (or restarting) joins the next search instead.
        if (!seat.started || !seat.worker) continue;
        seat.helpId = id;
        seat.helping = new Promise<void>((resolve) => {
          seat.helped = resolve;
        });
        seat.worker.postMessage({ type: 'help', id, fen, moves, index } satisfies SearchRequest);
      }
    }
    return result;
  }

  /** Resolves when every helper has finished the last search (they stop when the main one ends). */
  async helpersDone(): Promise<void> {
    await Promise.all(this.seats.map((seat) => seat.helping));
  }

  stop(): void {
    Atomics.store(this.stopFlag, 0, this.searchId);
  }

  async terminate(): Promise<void> {
    this.closed = true;
    this.stop();
    await Promise.all(
      this.seats.map(async (seat) => {
        await seat.ready.catch(() => {});
        await seat.worker?.terminate();
      }),
    );
  }
}
