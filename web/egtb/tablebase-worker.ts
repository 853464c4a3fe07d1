// The page's side of the endgame-tables worker (worker.ts): of the questions about a position (a
// consultation, a drill) only the latest matters, and a reply to an older one is dropped; every
// request for a search's tables is answered. A crashed worker is replaced on the next request.
import { materialOfFen } from './material.ts';
import { bestMoves } from './best-moves.ts';
import type { TableReport, TableValues, TablebaseReply, TablebaseRequest } from './worker-protocol.ts';
import type { DrillGoal } from './drills.ts';

export type { TableReport, TableValues };

/** A request the worker had not answered when it was closed (TablebaseWorker.dispose). */
export class TablesClosed extends Error {
  constructor() {
    super("The endgame tables' worker was closed");
  }
}

/** Whether the tables may cover a FEN's position (its pieces alone; the worker decides the rest). */
export function maybeInTables(fen: string): boolean {
  return materialOfFen(fen) !== null;
}

/** What the tables say the computer should do: play this move, or search among these drawing moves. */
export type TableChoice = { move: string } | { drawing: string[] };

/**
 * The computer's choice from the tables in a position they cover: the fastest mate when winning,
 * the longest defence when losing, the drawing moves to search among in a draw; null where they do
 * not cover it.
 */
export async function tableChoice(tables: TablebaseWorker, fen: string): Promise<TableChoice | null> {
  if (!maybeInTables(fen)) return null;
  const report = await tables.consult(fen);
  const best = report ? bestMoves(report.moves) : [];
  if (best.length === 0) return null;
  return best[0]!.result === 'draw' ? { drawing: best.map((m) => m.move) } : { move: best[0]!.move };
}

/**
 * The endgame tables in a Web Worker of their own (web/egtb/worker.ts): made there on demand and kept
 * in IndexedDB; asked about positions, for drills, and for the tables a search may reach.
 */
export class TablebaseWorker {
  private worker: Worker | null = null;
  private next = 0;
  private latest: {
    id: number;
    resolve: (answer: TableReport | string | null) => void;
    reject: (error: Error) => void;
    progress: (done: number, total: number, material: string) => void;
  } | null = null;
  /** The requests for a search's tables (reachable), each answered. */
  private readonly searches = new Map<
    number,
    { resolve: (tables: TableValues[]) => void; reject: (error: Error) => void }
  >();

  constructor(
    private readonly makeWorker: () => Worker = () =>
      new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }),
  ) {}

  /**
   * What the tables say of a position, generating what it needs (`progress` hears of each table);
   * null when they do not cover it (or not at a size made on demand: ON_DEMAND_MAX_ENTRIES). A newer
   * request leaves this one unanswered.
   */
  consult(
    fen: string,
    progress: (done: number, total: number, material: string) => void = () => {},
  ): Promise<TableReport | null> {
    return this.ask({ id: ++this.next, type: 'consult', fen }, progress) as Promise<TableReport | null>;
  }

  /**
   * A drill's position (drills.ts): one of `material` for `goal`, its tables made (`progress` hears
   * of each); null when the ending has none. A newer request leaves this one unanswered.
   */
  drill(
    material: string,
    goal: DrillGoal,
    progress: (done: number, total: number, material: string) => void = () => {},
  ): Promise<string | null> {
    return this.ask({ id: ++this.next, type: 'drill', material, goal }, progress) as Promise<string | null>;
  }

  /**
   * The tables a search from `fen` may reach by captures, read back or made within `budgetMs`
   * (web/egtb/reachable.ts), less those named in `holds` (a search thread has them).
   */
  reachable(fen: string, holds: readonly string[], budgetMs: number): Promise<TableValues[]> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.searches.set(id, { resolve, reject });
      this.connect().postMessage({
        id,
        type: 'reachable',
        fen,
        holds: [...holds],
        budgetMs,
      } satisfies TablebaseRequest);
    });
  }

  private ask(
    request: TablebaseRequest,
    progress: (done: number, total: number, material: string) => void,
  ): Promise<TableReport | string | null> {
    return new Promise((resolve, reject) => {
      this.latest = { id: request.id, resolve, reject, progress };
      this.connect().postMessage(request);
    });
  }

  /**
   * Terminates the worker (the tables it made stay in IndexedDB): requests it had not answered
   * reject, so nothing waits on them for ever. A later request starts another.
   */
  dispose(): void {
    this.close(new TablesClosed());
  }

  /** Terminates the worker; what it had not answered rejects with `reason`. */
  private close(reason: Error): void {
    this.worker?.terminate();
    this.worker = null;
    this.latest?.reject(reason);
    this.latest = null;
    for (const search of this.searches.values()) search.reject(reason);
    this.searches.clear();
  }

  private connect(): Worker {
    if (this.worker) return this.worker;
    const worker = (this.worker = this.makeWorker());
    worker.onmessage = (event: MessageEvent<TablebaseReply>) => {
      const reply = event.data;
      const search = this.searches.get(reply.id);
      if (search) {
        this.searches.delete(reply.id);
        if (reply.type === 'tables') search.resolve(reply.tables);
        else if (reply.type === 'error') search.reject(new Error(`Endgame tables: ${reply.message}`));
        return;
      }
      const latest = this.latest;
      if (!latest || reply.id !== latest.id) return;
      if (reply.type === 'progress') latest.progress(reply.done, reply.total, reply.material);
      else if (reply.type === 'result') latest.resolve(reply.report);
      else if (reply.type === 'drill') latest.resolve(reply.fen);
      else if (reply.type === 'error') latest.reject(new Error(`Endgame tables: ${reply.message}`));
    };
    worker.onerror = (event) => {
      // An error queued by a worker already replaced (it crashed twice) is not the new worker's.
      if (this.worker !== worker) return;
      this.close(new Error(`The endgame tables' worker crashed: ${event.message || 'unknown error'}`));
    };
    return worker;
  }
}
