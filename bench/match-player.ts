// One engine in a match game: a spawned UCI process, set up, asked for moves under a deadline,
// and always ended. Every process started here is tracked so the runner can kill them all on exit.
import { START_FEN } from '../web/engine/index.ts';
import { UciProcess, fromFairyMove, toFairyMove } from './native.ts';

export interface EngineSpec {
  /** Label in tables, progress lines and file names. */
  name: string;
  command: string;
  args: string[];
  /** `setoption` pairs sent after `uci`, in order. */
  options: [name: string, value: string][];
}

/** What the engine said about its search, from its last `info ... depth` line before `bestmove`. */
export interface SearchReport {
  depth?: number;
  nodes?: number;
  nps?: number;
  /** Search time the engine reported (ms). */
  time?: number;
  score?: string;
}

export type Reply =
  | { kind: 'move'; move: string; elapsedMs: number; report: SearchReport; errors: string[] }
  | { kind: 'timeout'; elapsedMs: number }
  | { kind: 'crash'; detail: string };

const STARTUP_MS = 20_000;
const QUIT_GRACE_MS = 1000;
/** Our bench searches some 0.7 M nodes: about a second, several on a loaded machine. */
const BENCH_MS = 120_000;

const live = new Set<UciProcess>();

/** Kills every engine process still running; synchronous, so it is safe in an `exit` handler. */
export function killAllEngines(): void {
  for (const engine of live) engine.kill();
  live.clear();
}

export function liveEngineCount(): number {
  return live.size;
}

type Raced<T> = { kind: 'done'; value: T } | { kind: 'timeout' } | { kind: 'exit'; detail: string };

/** Waits for `work`, but not past `ms` and not past the process's death. */
async function race<T>(work: Promise<T>, ms: number, exited: Promise<string>): Promise<Raced<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Raced<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), ms);
  });
  try {
    return await Promise.race([
      work.then((value): Raced<T> => ({ kind: 'done', value })),
      exited.then((detail): Raced<T> => ({ kind: 'exit', detail })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Player {
  private constructor(
    readonly spec: EngineSpec,
    private readonly engine: UciProcess,
    /** The `id name` the engine gave. */
    readonly idName: string,
    /** Fairy-Stockfish writes ranks 1-10; everyone else here 0-9. */
    readonly fairy: boolean,
    /** The names of the options it offers, lowercase (UCI names are case-insensitive). */
    readonly options: ReadonlySet<string>,
  ) {}

  offers(option: string): boolean {
    return this.options.has(option.toLowerCase());
  }

  /** Spawns and sets up the engine; throws (with the process killed) if it does not come up. */
  static async start(spec: EngineSpec, timeoutMs = STARTUP_MS): Promise<Player> {
    const engine = new UciProcess(spec.command, spec.args);
    live.add(engine);
    const ask = async (command: string, answer: string): Promise<string[]> => {
      const outcome = await race(
        engine.request(command, (l) => l === answer),
        timeoutMs,
        engine.exited,
      );
      if (outcome.kind === 'done') return outcome.value;
      throw new Error(
        outcome.kind === 'timeout'
          ? `no "${answer}" within ${timeoutMs} ms of "${command}"`
          : `${crashText(outcome.detail, engine)} before answering "${command}"`,
      );
    };
    try {
      const hello = await ask('uci', 'uciok');
      const idName =
        hello
          .find((l) => l.startsWith('id name '))
          ?.slice('id name '.length)
          .trim() ?? spec.name;
      const fairy = /fairy-stockfish/i.test(idName);
      const options = new Set(
        hello.flatMap((l) => {
          const match = /^option name (.+?) type /.exec(l);
          return match ? [match[1]!.toLowerCase()] : [];
        }),
      );
      if (fairy) engine.send('setoption name UCI_Variant value xiangqi');
      for (const [name, value] of spec.options) engine.send(`setoption name ${name} value ${value}`);
      const setup = await ask('isready', 'readyok');
      // Our line answers a bad option with `info string error: ...`, Stockfish-family engines with
      // `No such option`: either would silently change what the match measures, so stop.
      const complaint = setup.find((l) => /^info string error|^No such option|^Unknown/i.test(l));
      if (complaint) throw new Error(`rejected its setup: ${complaint}`);
      engine.send('ucinewgame');
      return new Player(spec, engine, idName, fairy, options);
    } catch (error) {
      engine.kill();
      live.delete(engine);
      throw new Error(`${spec.name} (${[spec.command, ...spec.args].join(' ')}): ${(error as Error).message}`);
    }
  }

  /**
   * Our engine's bench signature: the nodes its `bench` searches, which any change to the search
   * changes. Two builds of our engine share a UCI id, so a record names the build by this.
   */
  async benchNodes(timeoutMs = BENCH_MS): Promise<number> {
    const outcome = await race(
      this.engine.request('bench', (l) => l.startsWith('Nodes/second')),
      timeoutMs,
      this.engine.exited,
    );
    const line = outcome.kind === 'done' ? outcome.value.find((l) => l.startsWith('Nodes searched')) : undefined;
    const nodes = Number(/(\d+)\s*$/.exec(line ?? '')?.[1]);
    if (Number.isInteger(nodes)) return nodes;
    const why =
      outcome.kind === 'timeout'
        ? `no bench result within ${timeoutMs} ms`
        : outcome.kind === 'exit'
          ? crashText(outcome.detail, this.engine)
          : 'its bench gave no "Nodes searched" line';
    throw new Error(`${this.spec.name} (${[this.spec.command, ...this.spec.args].join(' ')}): ${why}`);
  }

  /**
   * Sends the position and `go ...`, and waits for `bestmove` up to `timeoutMs` (measured here, from
   * sending `go` to reading `bestmove`, so pipe and start-up latency count against the engine).
   */
  async think(fen: string, moves: readonly string[], go: string, timeoutMs: number): Promise<Reply> {
    const translate = this.fairy ? toFairyMove : (move: string) => move;
    const position = fen === START_FEN ? 'position startpos' : `position fen ${fen}`;
    this.engine.send(moves.length ? `${position} moves ${moves.map(translate).join(' ')}` : position);
    const start = performance.now();
    const outcome = await race(
      this.engine.request(go, (l) => l.startsWith('bestmove')),
      timeoutMs,
      this.engine.exited,
    );
    const elapsedMs = performance.now() - start;
    if (outcome.kind === 'timeout') return { kind: 'timeout', elapsedMs };
    if (outcome.kind === 'exit') return { kind: 'crash', detail: crashText(outcome.detail, this.engine) };
    const lines = outcome.value;
    const answer = lines[lines.length - 1]!.split(/\s+/)[1] ?? '';
    return {
      kind: 'move',
      move: this.fairy ? fromFairyMove(answer) : answer,
      elapsedMs,
      report: lastReport(lines),
      errors: lines.filter((l) => l.startsWith('info string error')),
    };
  }

  /** Asks the engine to quit, then kills it if it has not gone within a second. */
  async close(): Promise<void> {
    this.engine.quit();
    await Promise.race([this.engine.exited, sleep(QUIT_GRACE_MS)]);
    this.engine.kill();
    live.delete(this.engine);
  }
}

function crashText(detail: string, engine: UciProcess): string {
  const stderr = engine.stderr.trim();
  return `engine process ended (${detail})${stderr ? `; stderr: ${stderr.slice(-500)}` : ''}`;
}

/** The search figures of the last `info` line that has a depth (not `info string`, not currmove lines). */
export function lastReport(lines: readonly string[]): SearchReport {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line.startsWith('info ') || line.startsWith('info string') || !/ depth \d/.test(line)) continue;
    const number = (key: string) => {
      const match = new RegExp(` ${key} (-?\\d+)`).exec(line);
      return match ? Number(match[1]) : undefined;
    };
    const report: SearchReport = {};
    const fields = { depth: number('depth'), nodes: number('nodes'), nps: number('nps'), time: number('time') };
    for (const [key, value] of Object.entries(fields))
      if (value !== undefined) report[key as keyof typeof fields] = value;
    const score = / score (cp|mate) (-?\d+)/.exec(line);
    if (score) report.score = `${score[1]} ${score[2]}`;
    return report;
  }
  return {};
}

/**
 * Starts and ends an engine once, so a wrong path or option fails before any game is played; our
 * engine is also asked for its bench signature, which names its build (see benchNodes).
 */
export async function probeEngine(
  spec: EngineSpec,
): Promise<{ id: string; offersRule: boolean; bench: number | null }> {
  const player = await Player.start(spec);
  try {
    const bench = /^xiangqi-wasm\b/.test(player.idName) ? await player.benchNodes() : null;
    return { id: player.idName, offersRule: player.offers('Rule'), bench };
  } finally {
    await player.close();
  }
}
