// The UCI option Tablebases: where a position's material is one the endgame tables cover
// (web/egtb/), `go` is answered from them. The table is generated the first time a position needs
// it (up to ON_DEMAND_MAX_ENTRIES positions a side, a few seconds at most) and kept for the session.
// A won or lost position is answered at once with the table's move (the fastest mate, the longest
// defence) and `score mate N` at the table's distance; a drawn one is searched among its drawing
// moves only.
import { Tablebases, type TableMove } from '../web/egtb/tablebases.ts';
import { ON_DEMAND_MAX_ENTRIES } from '../web/egtb/material.ts';
import { RuleBoard } from '../web/notation/rule-board.ts';
import type { SearchInfo } from '../web/engine/types.ts';

export interface TableAnswer {
  material: string;
  result: 'win' | 'loss' | 'draw';
  /** Plies to mate; null for a draw. */
  plies: number | null;
  /** The allowed moves the table rates best (for a draw, every drawing move). */
  best: string[];
  /** The table's line from the first of them (empty for a draw). */
  line: string[];
}

export class TablebaseOption {
  /** Tablebases: on by default. */
  enabled = true;
  private tables: Promise<Tablebases> | null = null;

  /**
   * What the tables say of a position, among the `allowed` root moves; null when they are off, or
   * cover neither its material nor one of that size.
   */
  async consult(fen: string, allowed: readonly string[]): Promise<TableAnswer | null> {
    if (!this.enabled || allowed.length === 0) return null;
    this.tables ??= Tablebases.load('wasm');
    const tables = await this.tables;
    const material = tables.materialOf(fen);
    if (material === null || tables.entries(material) > ON_DEMAND_MAX_ENTRIES) return null;
    tables.generate(material);
    const moves = tables.moves(fen)?.filter((m) => allowed.includes(m.move));
    if (!moves?.length) return null;
    const first = moves[0]!;
    const equal = (m: TableMove) => m.result === first.result && m.plies === first.plies;
    const best = moves.filter(first.result === 'draw' ? (m) => m.result === 'draw' : equal);
    return {
      material,
      result: first.result,
      plies: first.plies,
      best: best.map((m) => m.move),
      line: first.result === 'draw' ? [] : [first.move, ...tables.line(afterMove(fen, first.move)).moves],
    };
  }
}

function afterMove(fen: string, move: string): string {
  const board = new RuleBoard(fen);
  board.play(move);
  return board.fen();
}

/** The `info string` line of a table's verdict. */
export function describeTable(table: TableAnswer): string {
  return `tablebase ${table.material}: ${table.result}${table.plies === null ? '' : ` in ${table.plies} plies`}`;
}

/** A won or lost table position as a search report: `score mate N` at the table's distance, its line. */
export function tableSearchInfo(table: TableAnswer): SearchInfo {
  const plies = table.plies ?? 0;
  return {
    depth: plies,
    seldepth: plies,
    multipv: 1,
    score: { mate: table.result === 'win' ? (plies + 1) / 2 : -plies / 2 },
    nodes: 0,
    nps: 0,
    time: 0,
    hashfull: 0,
    pv: table.line,
    tbhits: 1,
  };
}
