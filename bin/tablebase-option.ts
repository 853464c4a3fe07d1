// The UCI option Tablebases: where a position's material is one the endgame tables cover
// (web/egtb/), `go` is answered from them. The table is generated the first time a position needs
// it (up to ON_DEMAND_MAX_ENTRIES positions a side, a few seconds at most) and kept for the session.
// A won or lost position is answered at once with the table's move (the fastest mate, the longest
// defence) and `score mate N` at the table's distance; a drawn one is searched among its drawing
// moves only. With EgtbPath, tables are kept in a folder (table-folder.ts) and read back from it, a
// table of any size there.
import { Tablebases } from '../web/egtb/tablebases.ts';
import { bestMoves } from '../web/egtb/best-moves.ts';
import { makeReachable, makeWithin, missingTables } from '../web/egtb/reachable.ts';
import { TableFolder } from './table-folder.ts';
import { RuleBoard } from '../web/notation/rule-board.ts';
import type { SearchInfo, SearchLimits } from '../web/engine/types.ts';
import type { SetupRequest } from '../web/engine/worker-protocol.ts';

/**
 * How long a `go` may spend making tables: a quarter of a fixed move time, a fortieth of the clock
 * of the side to move; no limit for a search by depth or nodes, or an infinite one.
 */
export function tableBudget(limits: SearchLimits, turn: 'red' | 'black'): number {
  if (limits.movetime !== undefined) return limits.movetime / 4;
  const clock = turn === 'red' ? limits.wtime : limits.btime;
  return clock !== undefined ? clock / 40 : Infinity;
}

/** `limits` less the time the tables took (`spentMs`): a timed move's time is the move's, tables and all. */
export function afterTables(limits: SearchLimits, turn: 'red' | 'black', spentMs: number): SearchLimits {
  const less = (ms: number | undefined) => (ms === undefined ? undefined : Math.max(1, Math.round(ms - spentMs)));
  const clock = turn === 'red' ? 'wtime' : 'btime';
  const result = { ...limits };
  if (limits.movetime !== undefined) result.movetime = less(limits.movetime);
  if (limits[clock] !== undefined) result[clock] = less(limits[clock]);
  return result;
}

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

/**
 * Reading a kept table, a value, with room to spare: KHP-KAAEE and the 35 tables its captures lead
 * to, 170 M values in 30 MB of files, read in 1.2 s here (7 ns a value, most of it gunzip).
 */
const READ_MS_PER_VALUE = 0.00002;

export class TablebaseOption {
  /** Tablebases: on by default. */
  enabled = true;
  /** EgtbPath: the folder tables are kept in and read back from (null: none). */
  folder: TableFolder | null = null;

  /** `report` hears what went wrong with a folder's file (the table is then made instead). */
  constructor(private readonly report: (problem: string) => void = () => {}) {}
  private tables: Promise<Tablebases> | null = null;

  /** The tables the search thread holds, by material (it keeps them until it is replaced). */
  private readonly sent = new Set<string>();

  /** The tables once loaded (the first `go` loads them). */
  private loaded: Tablebases | null = null;

  private load(): Promise<Tablebases> {
    this.tables ??= Tablebases.load('wasm').then((tables) => (this.loaded = tables));
    return this.tables;
  }

  /**
   * A search's report whose line ends where the tables scored it (`tbhits`, a mate), with the
   * tables' line from there: the whole mate, as a GUI shows it. `fen`: the searched position.
   */
  withTableLine(fen: string, info: SearchInfo): SearchInfo {
    const tables = this.loaded;
    if (!tables || !info.tbhits || !('mate' in info.score) || info.pv.length === 0) return info;
    const board = new RuleBoard(fen);
    try {
      for (const move of info.pv) board.play(move);
    } catch {
      return info; // a line not from `fen`: left as it is
    }
    const end = board.fen();
    const probe = tables.probe(end);
    if (probe === null || probe.result === 'draw') return info;
    return { ...info, pv: [...info.pv, ...tables.line(end).moves] };
  }

  /**
   * What the tables say of a position, among the `allowed` root moves; null when they are off, or
   * cover neither its material nor one of that size.
   */
  async consult(fen: string, allowed: readonly string[], budgetMs = Infinity): Promise<TableAnswer | null> {
    if (!this.enabled || allowed.length === 0) return null;
    const tables = await this.load();
    const material = tables.materialOf(fen);
    if (material === null) return null;
    const start = performance.now();
    this.readKept(tables, material, budgetMs);
    budgetMs -= performance.now() - start;
    const missing = missingTables(tables, material);
    if (missing.length > 0 && !makeWithin(tables, material, budgetMs)) return null;
    for (const m of missing) this.keep(tables, m);
    const moves = tables.moves(fen)?.filter((m) => allowed.includes(m.move));
    if (!moves?.length) return null;
    const best = bestMoves(moves);
    const first = best[0]!;
    return {
      material,
      result: first.result,
      plies: first.plies,
      best: best.map((m) => m.move),
      line: first.result === 'draw' ? [] : [first.move, ...tables.line(afterMove(fen, first.move)).moves],
    };
  }

  /**
   * Makes the tables a search from `fen` may reach by captures, within `budgetMs` (makeReachable),
   * and returns the tables the search thread lacks: its request to send.
   * Off, the thread is told to probe none.
   */
  async forSearch(fen: string, budgetMs: number): Promise<Extract<SetupRequest, { type: 'tables' }> | null> {
    if (!this.enabled) {
      if (this.sent.size === 0) return null;
      this.sent.clear();
      return { type: 'tables', on: false, add: [] };
    }
    const tables = await this.load();
    const start = performance.now();
    const read = (m: string) => this.readKept(tables, m, budgetMs - (performance.now() - start));
    const keep = (m: string) => this.keep(tables, m);
    await makeReachable(tables, fen, budgetMs, read, keep, this.folder !== null);
    const add = tables
      .held()
      .filter((m) => !this.sent.has(m))
      .map((material) => ({ material, values: tables.values(material) }));
    if (add.length === 0) return null;
    for (const { material } of add) this.sent.add(material);
    return { type: 'tables', on: true, add };
  }

  /**
   * Takes from the folder the tables `material` needs (its own and its captures') that are not held,
   * those that fit `budgetMs`: reading the largest takes seconds, which a timed move may not have.
   */
  private readKept(tables: Tablebases, material: string, budgetMs: number): void {
    if (!this.folder) return;
    const start = performance.now();
    for (const m of missingTables(tables, material)) {
      if (tables.entries(m) * 2 * READ_MS_PER_VALUE > budgetMs - (performance.now() - start)) continue;
      try {
        this.folder.adoptInto(tables, m);
      } catch (error) {
        this.report(`EgtbPath: ${error instanceof Error ? error.message : String(error)}; not used`);
      }
    }
  }

  /** Writes a table just made to the folder; one that cannot be written is said, and the table still used. */
  private keep(tables: Tablebases, material: string): void {
    try {
      this.folder?.write(material, tables.values(material));
    } catch (error) {
      this.report(`EgtbPath: ${material} not kept: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The search thread was replaced: it holds no tables now. */
  forgetSent(): void {
    this.sent.clear();
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
