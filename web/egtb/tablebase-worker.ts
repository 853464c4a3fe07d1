// The page's side of the endgame-tables worker (worker.ts): one request at a time matters, the
// latest; a reply to an older one is dropped. A crashed worker is replaced on the next request.
import { materialOfFen } from './material.ts';
import { bestMoves } from './best-moves.ts';
import type { TableReport, TablebaseReply, TablebaseRequest } from './worker-protocol.ts';
import type { DrillGoal } from './drills.ts';

export type { TableReport };

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

export class TablebaseWorker {
  private worker: Worker | null = null;
  private next = 0;
  private latest: {
    id: number;
    resolve: (answer: TableReport | string | null) => void;
    reject: (error: Error) => void;
    progress: (done: number, total: number, material: string) => void;
  } | null = null;

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

  private ask(
    request: TablebaseRequest,
    progress: (done: number, total: number, material: string) => void,
  ): Promise<TableReport | string | null> {
    return new Promise((resolve, reject) => {
      this.latest = { id: request.id, resolve, reject, progress };
      this.connect().postMessage(request);
    });
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.latest = null;
  }

  private connect(): Worker {
    if (this.worker) return this.worker;
    const worker = (this.worker = this.makeWorker());
    worker.onmessage = (event: MessageEvent<TablebaseReply>) => {
      const reply = event.data;
      const latest = this.latest;
      if (!latest || reply.id !== latest.id) return;
      if (reply.type === 'progress') latest.progress(reply.done, reply.total, reply.material);
      else if (reply.type === 'result') latest.resolve(reply.report);
      else if (reply.type === 'drill') latest.resolve(reply.fen);
      else latest.reject(new Error(`Endgame tables: ${reply.message}`));
    };
    worker.onerror = (event) => {
      this.latest?.reject(new Error(`The endgame tables' worker crashed: ${event.message || 'unknown error'}`));
      this.dispose();
    };
    return worker;
  }
}
