// Searches in a module Web Worker. Stopping uses a shared flag where the page is cross-origin
// isolated; elsewhere the worker is terminated and the deepest line reported so far is the answer.
// A crashed or hung worker is replaced; a cancelled search never resolves into a newer one.
// With `threads` > 1 on a cross-origin isolated page (wasm backend), the search is multi-core: the
// main worker plus helper workers, each running the threaded build on one shared memory (Lazy SMP,
// see threads.ts); the main worker reports. Elsewhere one worker searches and `info.threads` says 1.
import { readNetwork } from './network-file.ts';
import type { Backend, RuleSet, SearchInfo, SearchLimits, SearchResult } from './types.ts';
import { DEFAULT_RULE_SET, parseRuleSet } from './rule-sets.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';
import { createThreadMemory, MAX_THREADS } from './threads.ts';
import { engineUrls } from './load.ts';
import { WorkerFailure } from './errors.ts';
import { isWeakened } from './strength.ts';

/** Options of a SearchWorker. */
export interface SearchWorkerOptions {
  /** Search threads wanted (1 to 8, default 1); more than 1 needs an isolated page and wasm. */
  threads?: number;
}

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
/** A worker whose engine has not loaded by then is presumed hung, whatever the search's limits. */
const READY_TIMEOUT_MS = 5000;
/** setTimeout fires at once for longer delays. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The engine's search in a Web Worker (or several, for a multi-threaded search), so the page stays
 * responsive. A search that runs while another starts cancels the first; a worker that crashes or hangs
 * rejects its search with WorkerFailure and is replaced by the next search (see searchWithRetry).
 */
export class SearchWorker {
  private worker: Worker | null = null;
  private stopFlag: Int32Array | null = null;
  private pending: Pending | null = null;
  private nextId = 1;
  private hashMb: number | null = null;
  /** The network every thread evaluates with (null: the hand-written evaluation). */
  private network: Uint8Array | null = null;
  /** The repetition rules every thread judges by (the engine's default until setRule). */
  private rule: RuleSet = DEFAULT_RULE_SET;
  /** The endgame tables every thread probes, by material (null: none), to give a restarted thread too. */
  private tables: Map<string, Uint16Array> | null = null;
  private wanted: number;
  /** Threads asked for while a search ran: the setup changes when the next search starts. */
  private wantedNext: number | null = null;
  /** Workers of the current thread setup: helpers (slot 1..) start once the main one is ready. */
  private mainReady = false;
  private helpers: (Worker | null)[] = [];
  private helperReady: boolean[] = [];
  private memory: WebAssembly.Memory | null = null;
  private readyTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly backend: Backend = 'wasm',
    private readonly create = defaultWorker,
    options: SearchWorkerOptions = {},
  ) {
    this.wanted = clampThreads(options.threads ?? 1);
  }

  /** The search threads a search uses: as many as asked where possible, else 1. */
  get threads(): number {
    return this.wanted > 1 && this.backend === 'wasm' && SearchWorker.canStopInPlace ? this.wanted : 1;
  }

  /** Why fewer threads search than asked for, or null. */
  get threadsNote(): string | null {
    if (this.wanted <= 1 || this.threads === this.wanted) return null;
    return this.backend !== 'wasm'
      ? 'the js backend searches with one thread'
      : 'one search thread: the page is not cross-origin isolated (see docs/engine-api.md, Threads in the browser)';
  }

  /**
   * Search threads whose engines have loaded. Workers start with the first search (helpers once
   * the main one is ready) and a helper still loading joins the search after, so a page that
   * measures, or wants every thread from the first move, searches once and waits for this.
   */
  get threadsReady(): number {
    if (!this.worker || !this.mainReady) return 0;
    return 1 + this.helperReady.filter((ready, slot) => ready && this.helpers[slot]).length;
  }

  /**
   * Changes the number of search threads from the next search on. A search running now goes on
   * with the threads it has (a new setup would mean ending it).
   */
  setThreads(threads: number): void {
    const wanted = clampThreads(threads);
    if (this.pending) {
      this.wantedNext = wanted;
      return;
    }
    this.wantedNext = null;
    if (wanted === this.wanted) return;
    const before = this.threads;
    this.wanted = wanted;
    if (this.threads !== before) this.dispose(); // the next search starts the new setup
  }

  /** Whether `stop()` can halt a search in place (shared memory), rather than by terminating. */
  static get canStopInPlace(): boolean {
    return typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = this.create();
    // Threads keep their flag (and shared memory) across a replaced main worker: its helpers
    // search on and must see the same flag.
    if (!this.stopFlag || this.threads === 1) {
      this.stopFlag = SearchWorker.canStopInPlace ? new Int32Array(new SharedArrayBuffer(4)) : null;
    }
    if (this.threads > 1) this.memory ??= createThreadMemory();
    this.mainReady = false;
    clearTimeout(this.readyTimer);
    this.readyTimer = setTimeout(() => {
      if (this.worker === worker && !this.mainReady) {
        this.abandon(
          new WorkerFailure(
            'hung',
            `the engine worker did not answer: its engine was not ready within ${READY_TIMEOUT_MS} ms`,
          ),
        );
      }
    }, READY_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<WorkerReply>) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      if (this.worker !== worker) return; // a replaced worker's queued error: not the new one's
      this.abandon(new WorkerFailure('crashed', `the engine worker crashed: ${event.message || 'unknown error'}`));
    };
    const init: WorkerRequest = {
      type: 'init',
      backend: this.backend,
      stopBuffer: this.stopFlag ? (this.stopFlag.buffer as SharedArrayBuffer) : null,
      urls: engineUrls(),
      ...(this.threads > 1 ? { thread: { memory: this.memory!, slot: 0 } } : {}),
    };
    worker.postMessage(init);
    if (this.hashMb !== null) worker.postMessage({ type: 'hash', megabytes: this.hashMb } satisfies WorkerRequest);
    if (this.network) worker.postMessage({ type: 'network', file: this.network } satisfies WorkerRequest);
    if (this.rule !== DEFAULT_RULE_SET) worker.postMessage({ type: 'rule', rule: this.rule } satisfies WorkerRequest);
    this.sendTables(worker);
    this.worker = worker;
    return worker;
  }

  private receive(reply: WorkerReply): void {
    const pending = this.pending;
    if (reply.type === 'ready') {
      // The first instance on the shared memory sets the table up; the helpers join after it.
      this.mainReady = true;
      clearTimeout(this.readyTimer);
      this.startHelpers();
      return;
    }
    if (reply.type === 'helped' || reply.type === 'synced') return;
    if (reply.type === 'error' && reply.id === null) {
      this.abandon(new WorkerFailure(reply.failure ?? 'load-failed', reply.message));
      return;
    }
    if (!pending || reply.id !== pending.id) return; // an answer to a search already abandoned
    if (reply.type === 'info') {
      const info = this.wanted > 1 ? { ...reply.info, threads: this.threads } : reply.info;
      if (info.multipv === 1) pending.last = info;
      pending.onInfo?.(info);
    } else if (reply.type === 'done') {
      this.settle();
      pending.resolve(reply.result);
    } else {
      this.settle();
      pending.reject(reply.failure ? new WorkerFailure(reply.failure, reply.message) : new Error(reply.message));
    }
  }

  private settle(): void {
    if (this.pending?.watchdog) clearTimeout(this.pending.watchdog);
    this.pending = null;
  }

  /** Starts (or restarts, after a crash) the helper workers of a multi-core setup. */
  private startHelpers(): void {
    if (this.threads === 1 || !this.mainReady) return;
    for (let slot = 1; slot < this.threads; slot++) {
      if (this.helpers[slot]) continue;
      const helper = this.create();
      this.helpers[slot] = helper;
      this.helperReady[slot] = false;
      helper.onmessage = (event: MessageEvent<WorkerReply>) => {
        if (event.data.type === 'ready') this.helperReady[slot] = true;
        else if (event.data.type === 'error' && event.data.id === null) drop(); // its engine did not load
      };
      const drop = () => {
        helper.terminate();
        if (this.helpers[slot] === helper) this.helpers[slot] = null;
      };
      // A helper that crashes is replaced at the next search; the main search never needed it.
      helper.onerror = (event) => {
        event.preventDefault();
        drop();
      };
      helper.postMessage({
        type: 'init',
        backend: 'wasm',
        stopBuffer: this.stopFlag!.buffer as SharedArrayBuffer,
        thread: { memory: this.memory!, slot },
        urls: engineUrls(),
      } satisfies WorkerRequest);
      if (this.network) helper.postMessage({ type: 'network', file: this.network } satisfies WorkerRequest);
      if (this.rule !== DEFAULT_RULE_SET) helper.postMessage({ type: 'rule', rule: this.rule } satisfies WorkerRequest);
      this.sendTables(helper);
    }
  }

  /** The workers of the current setup, main first (tests use it). */
  get workers(): (Worker | null)[] {
    return [this.worker, ...this.helpers.slice(1)];
  }

  /**
   * Gives the worker up as failed (SearchWorker does after a crash or hang; a page may for its own
   * reasons): the running search rejects with `failure`, the next search starts a fresh worker.
   */
  abandon(failure: WorkerFailure): void {
    const pending = this.pending;
    if (this.stopFlag && pending && this.threads > 1) Atomics.store(this.stopFlag, 0, pending.id); // helpers too
    this.settle();
    this.worker?.terminate();
    this.worker = null;
    pending?.reject(failure);
  }

  /**
   * Searches the position reached by playing the ICCS `moves` from `fen`, within `limits` (a search
   * without limits is given 10 s). Calls `onInfo` as it deepens; resolves with the result, rejects with
   * WorkerFailure when the worker fails, or with an Error when cancelled by another search or stop.
   */
  search(
    fen: string,
    moves: readonly string[],
    limits: SearchLimits,
    onInfo?: (info: SearchInfo) => void,
  ): Promise<SearchResult> {
    this.cancel();
    if (this.wantedNext !== null) this.setThreads(this.wantedNext);
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<SearchResult>((resolve, reject) => {
      const pending: Pending = { id, resolve, reject, onInfo, last: null, watchdog: undefined };
      const budget = limits.movetime ?? (limits.infinite || limits.depth || limits.nodes ? null : 10_000);
      if (budget !== null) {
        const patience = Math.min(budget + HANG_MARGIN_MS, MAX_TIMER_MS);
        pending.watchdog = setTimeout(() => {
          if (this.pending === pending)
            this.abandon(new WorkerFailure('hung', `the engine worker did not answer within ${patience} ms`));
        }, patience);
      }
      this.pending = pending;
      worker.postMessage({ type: 'search', id, fen, moves: [...moves], limits } satisfies WorkerRequest);
      // Weakened play and node-limited searches stay single-threaded and reproducible.
      if (this.threads > 1 && !isWeakened(limits) && limits.nodes === undefined) {
        this.startHelpers();
        for (let index = 1; index < this.threads; index++) {
          if (!this.helperReady[index]) continue; // still starting: it joins the next search
          this.helpers[index]!.postMessage({ type: 'help', id, fen, moves: [...moves], index } satisfies WorkerRequest);
        }
      }
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
        bestMove: last.pv[0]!,
        ponder: last.pv[1] ?? null,
        score: last.score,
        depth: last.depth,
        nodes: last.nodes,
        time: last.time,
        pv: last.pv,
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

  /** With threads, the table is shared: only the main worker sizes it. */
  setHashSize(megabytes: number): void {
    this.hashMb = megabytes;
    this.worker?.postMessage({ type: 'hash', megabytes } satisfies WorkerRequest);
  }

  /** Empties every thread's transposition table (a new game). */
  clearHash(): void {
    for (const worker of this.workers) worker?.postMessage({ type: 'clear' } satisfies WorkerRequest);
  }

  /**
   * Evaluates with a network file (an `.nnue` file's bytes) on every thread, now and after any
   * restart, or with the hand-written evaluation again (null). A bad file throws NetworkFileError.
   */
  setNetwork(file: Uint8Array | null): void {
    if (file) readNetwork(file);
    this.network = file;
    for (const worker of this.workers) worker?.postMessage({ type: 'network', file } satisfies WorkerRequest);
  }

  /** Judges repetitions by `rule` on every thread, now and after any restart; RangeError for an unknown name. */
  setRule(rule: RuleSet): void {
    this.rule = parseRuleSet(rule);
    for (const worker of this.workers) worker?.postMessage({ type: 'rule', rule: this.rule } satisfies WorkerRequest);
  }

  /**
   * Lets every search thread probe these endgame tables inside its search (web/egtb's, as its
   * TablebaseWorker.reachable gives them), besides those given before, now and after any restart;
   * null: probe none. A thread loads the tables' module (web/egtb) with the first table it is given.
   */
  useTables(add: readonly { material: string; values: Uint16Array }[] | null): void {
    if (add === null) {
      if (this.tables === null) return;
      this.tables = null;
      for (const worker of this.workers)
        worker?.postMessage({ type: 'tables', on: false, add: [] } satisfies WorkerRequest);
      return;
    }
    this.tables ??= new Map();
    for (const { material, values } of add) this.tables.set(material, values);
    for (const worker of this.workers) worker?.postMessage({ type: 'tables', on: true, add } satisfies WorkerRequest);
  }

  /** The materials of the endgame tables the threads probe (useTables). */
  get heldTables(): string[] {
    return [...(this.tables?.keys() ?? [])];
  }

  private sendTables(worker: Worker): void {
    if (!this.tables) return;
    const add = [...this.tables].map(([material, values]) => ({ material, values }));
    worker.postMessage({ type: 'tables', on: true, add } satisfies WorkerRequest);
  }

  /** Cancels any search and terminates the workers; the object must not be used afterwards. */
  dispose(): void {
    this.cancel();
    clearTimeout(this.readyTimer);
    this.worker?.terminate();
    this.worker = null;
    for (const helper of this.helpers) helper?.terminate();
    this.helpers = [];
    this.helperReady = [];
    this.memory = null;
    this.stopFlag = null;
  }
}

function clampThreads(threads: number): number {
  return Number.isFinite(threads) ? Math.max(1, Math.min(MAX_THREADS, Math.floor(threads))) : 1;
}

function defaultWorker(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
}
