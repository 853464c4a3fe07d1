// What the page and its endgame-tables worker (worker.ts) say to each other.
import type { TableMove, TableProbe } from './tablebases.ts';
import type { DrillGoal } from './drills.ts';

/** A table's values for a search thread to probe (SearchWorker.useTables). */
export interface TableValues {
  material: string;
  values: Uint16Array;
}

/**
 * A position to look up (its FEN); a drill to set (a position of `material` for `goal`, drills.ts);
 * or the tables a search from `fen` may reach, made within `budgetMs`, less those a search thread
 * `holds` already; and a number its replies carry.
 */
export type TablebaseRequest =
  | { id: number; type: 'consult'; fen: string }
  | { id: number; type: 'drill'; material: string; goal: DrillGoal }
  | { id: number; type: 'reachable'; fen: string; holds: readonly string[]; budgetMs: number };

/** What the tables say of a position: the verdict and every legal move's. */
export interface TableReport {
  probe: TableProbe;
  moves: TableMove[];
}

export type TablebaseReply =
  /** Tables generated so far of those the position needs (the smaller ones first). */
  | { id: number; type: 'progress'; material: string; done: number; total: number }
  /** The report, or null when no table covers the position or its table is too large to make. */
  | { id: number; type: 'result'; report: TableReport | null }
  /** A drill's position, or null when the ending has none for its goal. */
  | { id: number; type: 'drill'; fen: string | null }
  /** The reachable tables the search thread lacks. */
  | { id: number; type: 'tables'; tables: TableValues[] }
  | { id: number; type: 'error'; message: string };
