// What the page and its endgame-tables worker (worker.ts) say to each other.
import type { TableMove, TableProbe } from './tablebases.ts';

/** A position to look up: its FEN, and a number its replies carry. */
export interface TablebaseRequest {
  id: number;
  fen: string;
}

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
  | { id: number; type: 'error'; message: string };
