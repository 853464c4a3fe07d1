// The analysis panel's engine: a second search worker, separate from the computer player, that
// searches the position on the board until told otherwise. A new position cancels the old search
// first, and reports carry the position's key, so a line for an old position is never shown.
import { SearchWorker } from '../engine/search-worker.ts';
import { WorkerFailure } from '../engine/errors.ts';
import { searchWithRetry } from '../engine/retry.ts';
import type { Color, Score, SearchInfo } from '../engine/types.ts';
import { giveReachableTables } from '../egtb/search-tables.ts';
import type { TablebaseWorker } from '../egtb/tablebase-worker.ts';

/** One of the engine's best lines (MultiPV). */
export interface AnalysisLine {
  /** 1 = the best. */
  multipv: number;
  depth: number;
  /** From Red's point of view. */
  score: Score;
  /** ICCS, from the analysed position. */
  pv: string[];
}

export interface AnalysisState {
  /** Identifies the position analysed (FEN plus the moves that led there). */
  key: string;
  running: boolean;
  depth: number;
  seldepth: number;
  /** From Red's point of view. */
  score: Score | null;
  /** Principal variation in ICCS, from the analysed position. */
  pv: string[];
  nps: number;
  nodes: number;
  /** Positions of the search's tree the endgame tables scored (its score may be theirs). */
  tbhits: number;
  error: string | null;
  /** The best lines, best first (as many as asked for, once the search has found them). */
  lines: AnalysisLine[];
}

/** Time an analysis runs for before it settles (it can be restarted by any change). */
const ANALYSIS_MS = 120_000;
/** Clicking quickly through the move list should not start a worker per click. */
const DEBOUNCE_MS = 120;

export function redScore(score: Score, turn: Color): Score {
  if (turn === 'red') return score;
  return 'mate' in score ? { mate: -score.mate } : { cp: -score.cp };
}

/** Share of the evaluation bar that is Red's, 0..1. */
export function redShare(score: Score | null): number {
  if (!score) return 0.5;
  if ('mate' in score) return score.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-score.cp / 250));
}

/** `+1.25`, `-0.40`, `#3` (Red mates in 3), `#-2` (Black mates in 2). */
export function formatScore(score: Score | null): string {
  if (!score) return '–';
  if ('mate' in score) return `#${score.mate}`;
  const pawns = score.cp / 100;
  return (pawns > 0 ? '+' : pawns < 0 ? '−' : '') + Math.abs(pawns).toFixed(2);
}

export class Analysis {
  private worker: SearchWorker | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  state: AnalysisState = Analysis.empty('');
  /** The endgame tables its searches probe where captures reach them (useTables). */
  private tables: TablebaseWorker | null = null;

  constructor(
    private readonly onChange: (state: AnalysisState) => void,
    private readonly makeWorker = () => new SearchWorker('wasm'),
  ) {}

  static empty(key: string): AnalysisState {
    return {
      key,
      running: false,
      depth: 0,
      seldepth: 0,
      score: null,
      pv: [],
      nps: 0,
      nodes: 0,
      tbhits: 0,
      error: null,
      lines: [],
    };
  }

  /** Lines the running search was asked for. */
  private multipv = 1;

  /** Analyses the position reached by `moves` from `fen`; `turn` is its side to move; `lines`: MultiPV 1-5. */
  start(fen: string, moves: readonly string[], turn: Color, over: boolean, lines = 1): void {
    const key = `${fen}|${moves.join(' ')}`;
    if (key === this.state.key && lines === this.multipv && (this.state.running || over)) return;
    this.cancelSearch();
    this.multipv = lines;
    const generation = this.generation;
    this.state = { ...Analysis.empty(key), running: !over };
    this.onChange(this.state);
    if (over) return;
    this.timer = setTimeout(() => void this.run(fen, [...moves], turn, generation, lines), DEBOUNCE_MS);
  }

  /**
   * Probes the endgame tables `tables` makes inside its searches, where captures may reach them.
   */
  useTables(tables: TablebaseWorker): void {
    this.tables = tables;
  }

  /** Search threads from the next analysis on. */
  setThreads(threads: number): void {
    this.worker?.setThreads(threads);
  }

  private async run(fen: string, moves: string[], turn: Color, generation: number, multipv: number): Promise<void> {
    const onInfo = (info: SearchInfo) => {
      if (generation !== this.generation || info.multipv < 1 || info.multipv > multipv || info.pv.length === 0) return;
      const lines = this.state.lines.filter((l) => l.multipv !== info.multipv);
      lines.push({ multipv: info.multipv, depth: info.depth, score: redScore(info.score, turn), pv: info.pv });
      lines.sort((a, b) => a.multipv - b.multipv);
      this.state =
        info.multipv !== 1
          ? { ...this.state, lines }
          : {
              ...this.state,
              depth: info.depth,
              seldepth: info.seldepth,
              score: redScore(info.score, turn),
              pv: info.pv,
              nps: info.nps,
              nodes: info.nodes,
              tbhits: info.tbhits ?? 0,
              error: null,
              lines,
            };
      this.onChange(this.state);
    };
    try {
      const result = await searchWithRetry(
        async () => {
          const worker = (this.worker ??= this.makeWorker());
          const limits = { movetime: ANALYSIS_MS, multipv };
          // Tables that failed to come leave the analysis as it would be without them.
          if (this.tables) await giveReachableTables(this.tables, worker, fen, moves, limits).catch(() => {});
          if (generation !== this.generation) throw new Error('the analysis moved on');
          const search = worker.search(fen, moves, limits, onInfo);
          if (this.tables) void this.moreTables(fen, moves, turn, generation, multipv, worker);
          return search;
        },
        (failure) => {
          if (generation !== this.generation) throw failure;
          // A failed worker: start a fresh one, keep the panel going (the error shows until it reports).
          this.worker?.dispose();
          this.worker = null;
          this.state = { ...this.state, error: failure.message };
          this.onChange(this.state);
        },
      );
      if (generation !== this.generation) return;
      this.state = {
        ...this.state,
        running: false,
        pv: result.pv.length ? result.pv : this.state.pv,
        score: this.state.score ?? redScore(result.score, turn),
      };
      this.onChange(this.state);
    } catch (error) {
      if (generation !== this.generation) return;
      const message = error instanceof Error ? error.message : String(error);
      this.state = { ...this.state, running: false, error: message };
      this.onChange(this.state);
    }
  }

  /**
   * The tables the budget left out are made while the analysis runs (a budget's worth at a time):
   * given more of them, it starts again with them, its table keeping what it found so far.
   */
  private async moreTables(
    fen: string,
    moves: string[],
    turn: Color,
    generation: number,
    lines: number,
    worker: SearchWorker,
  ): Promise<void> {
    const held = worker.heldTables.length;
    await giveReachableTables(this.tables!, worker, fen, moves, { movetime: ANALYSIS_MS }).catch(() => {});
    if (generation !== this.generation || worker.heldTables.length === held) return;
    this.cancelSearch();
    void this.run(fen, moves, turn, this.generation, lines);
  }

  private cancelSearch(): void {
    this.generation++;
    clearTimeout(this.timer);
    this.worker?.cancel();
  }

  /** Stops analysing and forgets the position (the panel was closed). */
  stop(): void {
    this.cancelSearch();
    this.state = Analysis.empty('');
    this.onChange(this.state);
  }

  /** The worker searching now (null until the first search, and while a failed one is replaced). */
  get currentWorker(): SearchWorker | null {
    return this.worker;
  }

  /** For tests: what a crash of the worker does, while a search runs. */
  simulateCrash(): void {
    this.worker?.abandon(new WorkerFailure('crashed', 'the engine worker crashed: simulated'));
  }

  dispose(): void {
    this.cancelSearch();
    this.worker?.dispose();
    this.worker = null;
  }
}
