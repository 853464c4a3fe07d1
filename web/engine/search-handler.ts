// The one request handler of a search thread (worker-protocol.ts), for the page's Web Worker
// (worker.ts) and the UCI engine's Node worker thread (bin/search-thread.ts) alike: each shell only
// receives requests and posts replies its own way, and gives this its engine and stop flag.
import { messageOf } from './errors.ts';
import type { Engine, TableKeeper, ThreadEngine } from './types.ts';
import type { SearchRequest, WorkerReply } from './worker-protocol.ts';

export class SearchHandler {
  private engine: Promise<Engine | ThreadEngine> | null = null;
  private runningId = 0;

  /**
   * `stopFlag`: shared with the thread's owner, which writes into it the id of the newest search it
   * wants stopped (null: searches end by their limits alone). `threaded`: one of several search
   * threads on a shared memory, whose helpers stop when the main search ends. `loadTables`: where
   * the thread's endgame tables come from (none: it cannot probe any).
   */
  constructor(
    private readonly post: (reply: WorkerReply) => void,
    private readonly stopFlag: Int32Array | null,
    private readonly threaded: boolean,
    private readonly loadTables?: () => Promise<TableKeeper>,
  ) {}

  private tables: Promise<TableKeeper> | null = null;

  private async useTables(engine: Engine, request: Extract<SearchRequest, { type: 'tables' }>): Promise<void> {
    if (!request.on) {
      engine.useTables(null);
      return;
    }
    if (!this.loadTables) throw new Error('this search thread cannot probe endgame tables');
    const tables = await (this.tables ??= this.loadTables());
    for (const { material, values } of request.add) tables.adopt(material, values);
    engine.useTables(tables.prober());
  }

  /** The engine's stop test (LoadOptions.stopRequested): has the search running now been stopped? */
  readonly stopRequested = (): number => (this.stopFlag && Atomics.load(this.stopFlag, 0) >= this.runningId ? 1 : 0);

  /** Serves requests with `engine` once it has loaded; says `ready`, or that it failed to load. */
  start(engine: Engine | ThreadEngine | Promise<Engine | ThreadEngine>): void {
    const loading = Promise.resolve(engine);
    this.engine = loading;
    loading.then(
      () => this.post({ type: 'ready' }),
      (error: unknown) =>
        this.post({
          type: 'error',
          id: null,
          message: `engine failed to load: ${messageOf(error)}`,
          failure: 'load-failed',
        }),
    );
  }

  /** Requests are served one after another: a search waits for the tables sent before it. */
  private served: Promise<void> = Promise.resolve();

  handle(request: SearchRequest): Promise<void> {
    this.served = this.served.then(() => this.serve(request));
    return this.served;
  }

  private async serve(request: SearchRequest): Promise<void> {
    const id = request.type === 'search' ? request.id : null;
    if (!this.engine) {
      this.post(notInitialised(request));
      return;
    }
    try {
      const ready = await this.engine;
      if (request.type === 'hash') ready.setHashSize(request.megabytes);
      else if (request.type === 'clear') ready.clearHash();
      else if (request.type === 'network') ready.setNetwork(request.file);
      else if (request.type === 'rule') ready.setRule(request.rule);
      else if (request.type === 'params') ready.setSearchParams(request.text);
      else if (request.type === 'tables') await this.useTables(ready, request);
      else if (request.type === 'sync') this.post({ type: 'synced', id: request.id });
      else if (request.type === 'help') {
        this.runningId = request.id;
        ready.setPosition(request.fen, request.moves);
        const depth = (ready as ThreadEngine).help(request.index);
        this.post({ type: 'helped', id: request.id, depth });
      } else {
        this.runningId = request.id;
        ready.setPosition(request.fen, request.moves);
        const result = ready.search(request.limits, (info) => this.post({ type: 'info', id: request.id, info }));
        // The main search is over: its helpers stop now, without a round trip through the owner.
        if (this.threaded && this.stopFlag)
          Atomics.store(this.stopFlag, 0, Math.max(Atomics.load(this.stopFlag, 0), request.id));
        this.post({ type: 'done', id: request.id, result });
      }
    } catch (error) {
      this.post({ type: 'error', id, message: (error as Error).message });
    }
  }
}

/** The answer to a request that came before the thread was given its engine. */
export function notInitialised(request: SearchRequest): WorkerReply {
  return {
    type: 'error',
    id: request.type === 'search' ? request.id : null,
    message: 'the worker was not initialised',
    failure: 'not-initialised',
  };
}
