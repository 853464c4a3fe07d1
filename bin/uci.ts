// The UCI protocol over the Engine interface: text lines in, text lines out. Bad input gets
// `info string error: ...` and the session keeps its last good position. After `ucci` the session
// speaks UCCI instead (ElephantEye's dialect: ucci-format.ts), until `uci`.
import {
  createEngine,
  DEFAULT_RULE_SET,
  MAX_THREADS,
  parseRuleSet,
  RULE_SETS,
  START_FEN,
  type Backend,
  type Engine,
  type RuleSet,
} from '../web/engine/index.ts';
import { parseBenchArgs, runBench } from './bench.ts';
import { renderBoard } from './board-text.ts';
import { SearchThread, type SearchRunner, type ThreadUrls } from './search-client.ts';
import { SearchPool } from './search-pool.ts';
import { formatInfo, parseGoCommand, statusLine } from './uci-format.ts';
import { formatUcciInfo, parseCheck, parseUcciGo } from './ucci-format.ts';
import { RootFilter } from './ban-moves.ts';
import { BookOption } from './book-option.ts';
import { NetworkOption } from './network-option.ts';
import { budgetFor } from '../web/engine/search-limits.ts';
import { HASH_MAX_MB, MAX_LINES } from '../web/engine/shared.ts';
import type { SearchInfo, SearchLimits } from '../web/engine/types.ts';
import { Worker } from 'node:worker_threads';
import type { PerftJob, PerftMessage } from './perft-thread.ts';

export const ENGINE_NAME = 'xiangqi-wasm 0.1.0';
const HASH_DEFAULT_MB = 16;
/** The engine keeps this many lines per iteration: MultiPV cannot ask for more. */
const MULTIPV_MAX = MAX_LINES;
/**
 * One thread unless told otherwise, as UCI engines do: a GUI or match runner sets Threads for the
 * machine it shares out (the board and page keep their own default, cores less one).
 */
const THREADS_DEFAULT = 1;

export type Output = (line: string) => void;

/** A `go ponder` search: it runs without a time limit and answers only after `ponderhit` or `stop`. */
interface Pondering {
  /** The limits of the `go ponder` command: they apply from `ponderhit` on. */
  limits: SearchLimits;
  /** `ponderhit` or `stop` came: the answer may be printed once the search has ended. */
  released: boolean;
  release: () => void;
  whenReleased: Promise<void>;
  /** The search ended by itself (depth or nodes reached) and waits to be released. */
  done: boolean;
  /** Raises the stop flag when the time budget counted from `ponderhit` is spent. */
  timer: ReturnType<typeof setTimeout> | null;
}

export class UciSession {
  private engines = new Map<Backend, Engine>();
  private backend: Backend = 'wasm';
  private engine!: Engine;
  private thread!: SearchRunner;
  private searching: Promise<void> | null = null;
  private perftThread: Worker | null = null;
  private hashMb = HASH_DEFAULT_MB;
  private multiPv = 1;
  private skill = 20;
  /** The repetition rules (`Rule`), for the session's status and its searches alike. */
  private rule: RuleSet = DEFAULT_RULE_SET;
  private threads = THREADS_DEFAULT;
  /** The UCI `Ponder` / UCCI `ponder` option: GUIs set it; `go ponder` works either way. */
  private ponderOption = false;
  private pondering: Pondering | null = null;
  private protocol: 'uci' | 'ucci' = 'uci';
  /** UCCI `usemillisec`: `go time`/`increment` in milliseconds (true, the default) or seconds. */
  private ucciMillis = true;
  /** UCCI `banmoves`: moves the next search must not play from the current position. */
  private banned: string[] = [];
  /** OwnBook and BookFile (UCI only: UCCI GUIs keep their own books). */
  private readonly book: BookOption;
  /** EvalFile and Use NNUE. */
  private readonly evaluation: NetworkOption;

  private constructor(
    private readonly out: Output,
    private readonly urls: ThreadUrls,
  ) {
    this.book = BookOption.fromUrl(urls.book);
    this.evaluation = NetworkOption.fromUrl(urls.network);
  }

  static async start(out: Output, urls: ThreadUrls): Promise<UciSession> {
    const session = new UciSession(out, urls);
    session.engine = await session.engineFor('wasm');
    session.thread = session.newRunner();
    if (session.evaluation.network) await session.thread.send({ type: 'network', file: session.evaluation.network });
    return session;
  }

  /**
   * One thread searches exactly as before threads existed (normal build, deterministic); more
   * share the threaded build's table (wasm only: the JS build stays single-threaded).
   */
  private newRunner(): SearchRunner {
    return this.threads > 1 && this.backend === 'wasm'
      ? new SearchPool(this.threads, this.urls)
      : new SearchThread(this.backend, this.urls);
  }

  private async replaceRunner(): Promise<void> {
    await this.stopSearch();
    await this.thread.terminate();
    this.thread = this.newRunner();
    await this.thread.send({ type: 'hash', megabytes: this.hashMb });
    if (this.evaluation.network) await this.thread.send({ type: 'network', file: this.evaluation.network });
    if (this.rule !== DEFAULT_RULE_SET) await this.thread.send({ type: 'rule', rule: this.rule });
  }

  /** The engine that keeps the position (the search thread has its own copy). */
  private async engineFor(backend: Backend): Promise<Engine> {
    let engine = this.engines.get(backend);
    if (!engine) {
      engine = await createEngine(backend, { wasmUrl: this.urls.wasm, jsUrl: this.urls.js });
      engine.setRule(this.rule);
      this.engines.set(backend, engine);
    }
    return engine;
  }

  private error(message: string): void {
    this.out(`info string error: ${message}`);
  }

  /** Handles one command line; returns false when the session should end. */
  async handle(line: string): Promise<boolean> {
    const tokens = line
      .trim()
      .split(/\s+/)
      .filter((t) => t !== '');
    const [command, ...args] = tokens;
    switch (command) {
      case undefined:
        return true;
      case 'quit':
        await this.stopSearch();
        await this.thread.terminate();
        if (this.protocol === 'ucci') this.out('bye');
        return false;
      case 'stop':
        // UCCI answers a stop with nothing to stop; UCI says nothing.
        if (!this.searching && this.protocol === 'ucci') this.out('nobestmove');
        await this.stopSearch();
        return true;
      case 'ponderhit':
        this.ponderHit(args);
        return true;
      case 'ucci':
        this.protocol = 'ucci';
        this.out(`id name ${ENGINE_NAME}`);
        this.out('id author the xiangqi-wasm developers');
        this.out('option usemillisec type check default true');
        this.out('option ponder type check default false');
        this.out(`option hashsize type spin min 1 max ${HASH_MAX_MB} default ${HASH_DEFAULT_MB}`);
        this.out(`option threads type spin min 1 max ${MAX_THREADS} default ${THREADS_DEFAULT}`);
        this.out(`option rule type combo default ${DEFAULT_RULE_SET} ${RULE_SETS.map((r) => `var ${r}`).join(' ')}`);
        this.out('option newgame type button');
        this.out('ucciok');
        return true;
      case 'banmoves':
        if (this.protocol !== 'ucci') {
          this.error(`unknown command "${command}"`);
          return true;
        }
        this.banMoves(args);
        return true;
      case 'uci':
        this.protocol = 'uci';
        this.out(`id name ${ENGINE_NAME}`);
        this.out('id author the xiangqi-wasm developers');
        this.out(`option name Hash type spin default ${HASH_DEFAULT_MB} min 1 max ${HASH_MAX_MB}`);
        this.out(`option name Threads type spin default ${THREADS_DEFAULT} min 1 max ${MAX_THREADS}`);
        this.out(`option name MultiPV type spin default 1 min 1 max ${MULTIPV_MAX}`);
        this.out('option name Skill Level type spin default 20 min 0 max 20');
        this.out('option name Backend type combo default wasm var wasm var js');
        this.out('option name Ponder type check default false');
        this.out('option name OwnBook type check default true');
        this.out(`option name BookFile type string default ${this.book.defaultFile ?? '<empty>'}`);
        this.out('option name Use NNUE type check default true');
        this.out(`option name EvalFile type string default ${this.evaluation.defaultFile ?? '<empty>'}`);
        this.out(
          `option name Rule type combo default ${DEFAULT_RULE_SET} ${RULE_SETS.map((r) => `var ${r}`).join(' ')}`,
        );
        this.out('uciok');
        return true;
      case 'isready':
        await this.thread.whenReady().catch(() => {});
        this.out('readyok');
        return true;
      case 'ucinewgame':
        await this.newGame();
        return true;
      case 'position':
        this.position(args);
        return true;
      case 'setoption':
        if (this.protocol === 'ucci') await this.setUcciOption(args);
        else await this.setOption(args);
        return true;
      case 'go':
        await this.go(args);
        return true;
      case 'bench':
        await this.bench(args);
        return true;
      case 'd':
        this.out(renderBoard(this.engine.board()));
        this.out(`Fen: ${this.engine.fen()}`);
        this.out(`Key moves: ${this.engine.history().join(' ') || '(none)'}`);
        this.out(`Checkers: ${this.engine.inCheck() ? 'in check' : 'none'}`);
        this.out(statusLine(this.engine.status()));
        return true;
      default:
        this.error(`unknown command "${command}"`);
        return true;
    }
  }

  private async newGame(): Promise<void> {
    this.engine.setPosition(START_FEN);
    this.banned = [];
    await this.thread.send({ type: 'clear' });
  }

  /** UCCI `banmoves m1 m2 ...`: they stay banned until the next `position`. */
  private banMoves(args: string[]): void {
    const bad = args.find((move) => !/^[a-i]\d[a-i]\d$/.test(move));
    if (bad !== undefined) {
      this.error(`"${bad}" is not a move in ICCS form (such as h2e2); banned moves unchanged`);
      return;
    }
    this.banned = [...args];
  }

  private position(args: string[]): void {
    const movesAt = args.indexOf('moves');
    const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
    const spec = movesAt < 0 ? args : args.slice(0, movesAt);
    let fen: string;
    if (spec[0] === 'startpos' && spec.length === 1) {
      fen = START_FEN;
    } else if (spec[0] === 'fen' && spec.length > 1) {
      fen = spec.slice(1).join(' ');
    } else {
      this.error('expected "position startpos [moves ...]" or "position fen <fen> [moves ...]"');
      return;
    }
    try {
      this.engine.setPosition(fen, moves);
      this.banned = [];
    } catch (e) {
      this.error(`${(e as Error).message}; position unchanged`);
    }
  }

  private async setOption(args: string[]): Promise<void> {
    // Options apply after a count still running; only `stop` and `quit` cut it short.
    if (this.perftThread) await this.searching;
    const nameAt = args.indexOf('name');
    const valueAt = args.indexOf('value');
    if (nameAt !== 0) {
      this.error('expected "setoption name <name> [value <value>]"');
      return;
    }
    const name = args
      .slice(1, valueAt < 0 ? undefined : valueAt)
      .join(' ')
      .toLowerCase();
    const value = valueAt < 0 ? '' : args.slice(valueAt + 1).join(' ');
    if (name === 'backend') {
      if (value !== 'wasm' && value !== 'js') {
        this.error(`Backend must be wasm or js, not "${value}"`);
        return;
      }
      if (value === this.backend) return;
      await this.stopSearch();
      const next = await this.engineFor(value);
      next.setPosition(this.engine.startFen(), this.engine.history());
      this.engine = next;
      this.backend = value;
      await this.replaceRunner();
      if (value === 'js' && this.threads > 1) this.out('info string the js backend searches with one thread');
    } else if (name === 'threads') {
      await this.setThreads(this.spin('Threads', value, 1, MAX_THREADS));
    } else if (name === 'hash') {
      await this.setHash(this.spin('Hash', value, 1, HASH_MAX_MB));
    } else if (name === 'ponder') {
      if (value !== 'true' && value !== 'false') {
        this.error(`Ponder must be true or false, not "${value}"`);
        return;
      }
      this.ponderOption = value === 'true';
    } else if (name === 'multipv') {
      this.multiPv = this.spin('MultiPV', value, 1, MULTIPV_MAX) ?? this.multiPv;
    } else if (name === 'skill level') {
      this.skill = this.spin('Skill Level', value, 0, 20) ?? this.skill;
    } else if (name === 'ownbook') {
      if (value !== 'true' && value !== 'false') {
        this.error(`OwnBook must be true or false, not "${value}"`);
        return;
      }
      this.book.enabled = value === 'true';
    } else if (name === 'bookfile') {
      const problem = this.book.setFile(value);
      if (problem) this.error(problem);
    } else if (name === 'use nnue') {
      if (value !== 'true' && value !== 'false') {
        this.error(`Use NNUE must be true or false, not "${value}"`);
        return;
      }
      this.evaluation.enabled = value === 'true';
      await this.applyNetwork();
    } else if (name === 'evalfile') {
      const problem = this.evaluation.setFile(value);
      if (problem) this.error(problem);
      else await this.applyNetwork();
    } else if (name === 'rule') {
      await this.setRule(value, 'Rule');
    } else {
      this.error(`unknown option "${name}"`);
    }
  }

  /** Judges repetitions by the named rule set from now on: the session's status and every search thread. */
  private async setRule(value: string, option: string): Promise<void> {
    let rule: RuleSet;
    try {
      rule = parseRuleSet(value);
    } catch {
      this.error(`${option} must be one of ${RULE_SETS.join(', ')}, not "${value}"`);
      return;
    }
    this.rule = rule;
    await this.stopSearch();
    for (const engine of this.engines.values()) engine.setRule(rule);
    await this.thread.send({ type: 'rule', rule });
  }

  private async setThreads(threads: number | null): Promise<void> {
    if (threads === null || threads === this.threads) return;
    this.threads = threads;
    await this.replaceRunner();
    if (threads > 1 && this.backend === 'js') this.out('info string the js backend searches with one thread');
  }

  /** Gives the search threads the evaluation the options ask for, and says which it is. */
  private async applyNetwork(): Promise<void> {
    await this.stopSearch();
    await this.thread.send({ type: 'network', file: this.evaluation.network });
    this.out(`info string ${this.evaluation.describe()}`);
  }

  private async setHash(mb: number | null): Promise<void> {
    if (mb === null) return;
    this.hashMb = mb;
    await this.stopSearch();
    await this.thread.send({ type: 'hash', megabytes: mb });
  }

  /** UCCI `setoption <name> [<value>]`, without the words name and value. */
  private async setUcciOption(args: string[]): Promise<void> {
    if (this.perftThread) await this.searching;
    const name = (args[0] ?? '').toLowerCase();
    const value = args.slice(1).join(' ');
    const check = (what: string): boolean | null => {
      const on = parseCheck(value);
      if (on === null) this.error(`${what} must be true or false, not "${value}"`);
      return on;
    };
    if (name === 'hashsize') {
      await this.setHash(this.spin('hashsize', value, 1, HASH_MAX_MB));
    } else if (name === 'threads') {
      await this.setThreads(this.spin('threads', value, 1, MAX_THREADS));
    } else if (name === 'ponder') {
      this.ponderOption = check('ponder') ?? this.ponderOption;
    } else if (name === 'usemillisec') {
      this.ucciMillis = check('usemillisec') ?? this.ucciMillis;
    } else if (name === 'rule') {
      await this.setRule(value, 'rule');
    } else if (name === 'newgame') {
      await this.stopSearch();
      await this.newGame();
    } else {
      this.error(`unknown option "${name}"`);
    }
  }

  private spin(name: string, value: string, min: number, max: number): number | null {
    const n = parseWhole(value);
    if (n === null || n < min || n > max) {
      this.error(`${name} must be a whole number from ${min} to ${max}, not "${value}"`);
      return null;
    }
    return n;
  }

  /** Resolves when no search is running (a search started before stdin closed still answers). */
  async idle(): Promise<void> {
    await this.searching;
  }

  private async stopSearch(): Promise<void> {
    if (!this.searching) return;
    if (this.perftThread) {
      // A count cannot stop part way: end its thread (no total is printed).
      await this.perftThread.terminate();
      return;
    }
    // A search on the opponent's time answers when stopped, as any other.
    this.pondering?.release();
    this.thread.stop();
    await this.searching;
  }

  /**
   * `ponderhit`: the opponent played the expected move; the ponder search goes on as a normal one
   * under the `go ponder` limits, its time counted from now. The search keeps running without a
   * time limit of its own: a timer raises the stop flag when the budget is spent (the soft budget
   * under a clock, the whole movetime under `movetime`). A search already over answers at once.
   */
  private ponderHit(args: string[]): void {
    const pondering = this.pondering;
    const extra = this.protocol === 'ucci' && args.length === 1 && args[0] === 'draw' ? [] : args;
    if (extra.length > 0) {
      this.error(`unknown ponderhit parameter "${extra[0]}"`);
      return;
    }
    if (!pondering || pondering.released) {
      this.error('ponderhit without a "go ponder" search');
      return;
    }
    if (!pondering.done && !pondering.limits.infinite) {
      try {
        const budget = budgetFor(pondering.limits, this.engine.turn());
        const ms = budget.softMs > 0 ? budget.softMs : budget.hardMs;
        if (ms > 0) pondering.timer = setTimeout(() => this.thread.stop(), ms);
      } catch (e) {
        this.error((e as Error).message);
      }
    }
    pondering.release();
  }

  /** Counts in a thread of its own and prints the divide as it goes. */
  private perft(depth: number): Promise<void> {
    const job: PerftJob = {
      backend: this.backend,
      wasmUrl: this.urls.wasm.href,
      jsUrl: this.urls.js.href,
      fen: this.engine.startFen(),
      moves: this.engine.history(),
      depth,
    };
    const worker = new Worker(this.urls.perft ?? new URL('./perft-thread.js', this.urls.thread), { workerData: job });
    this.perftThread = worker;
    return new Promise((resolve, reject) => {
      worker.on('message', (message: PerftMessage) => {
        if (message.type === 'move') {
          this.out(`${message.move}: ${message.count}`);
        } else {
          this.out('');
          this.out(`Nodes searched: ${message.total}`);
          void worker.terminate();
          resolve();
        }
      });
      worker.on('error', reject);
      worker.on('exit', () => resolve());
    });
  }

  private async go(args: string[]): Promise<void> {
    // A count still running finishes first: commands keep their order.
    if (this.perftThread) await this.searching;
    if (this.searching) {
      this.error('a search is already running; send "stop" first');
      return;
    }
    if (args[0] === 'perft') {
      const depth = parseWhole(args[1] ?? '');
      if (depth === null || depth < 1 || depth > 12) {
        this.error(`go perft needs a depth from 1 to 12, not "${args[1] ?? ''}"`);
        return;
      }
      this.searching = this.perft(depth)
        .catch((error: Error) => this.error(`perft failed: ${error.message}`))
        .finally(() => {
          this.searching = null;
          this.perftThread = null;
        });
      return;
    }
    let limits: SearchLimits;
    let ponder: boolean;
    try {
      ({ limits, ponder } =
        this.protocol === 'ucci' ? parseUcciGo(args, this.engine.turn(), this.ucciMillis) : parseGoCommand(args));
    } catch (e) {
      this.error((e as Error).message);
      return;
    }
    const ucci = this.protocol === 'ucci';
    if (!ucci && BookOption.answersFor(limits, ponder)) {
      const hit = this.book.pick(this.engine, this.skill);
      if (hit) {
        this.out(`info string book move ${hit.move} (book: ${hit.choices})`);
        this.out(`bestmove ${hit.move}`);
        return;
      }
    }
    const filter = new RootFilter(
      this.engine.legalMoves(),
      ucci ? this.banned : [],
      ucci ? 1 : this.multiPv,
      MULTIPV_MAX,
    );
    const pondering = ponder ? this.startPondering(limits) : null;
    if (filter.allowed.length === 0) {
      // Nothing to search (mated, stalemated, or every move banned): answer at once, or when released.
      const answer = () => {
        if (ucci) {
          this.out('nobestmove');
        } else {
          this.out('info depth 0 score mate 0');
          this.out('bestmove (none)');
        }
      };
      if (!pondering) {
        answer();
        return;
      }
      pondering.done = true;
      this.searching = pondering.whenReleased.then(answer).finally(() => this.endSearch(pondering));
      return;
    }
    if (!filter.complete) {
      this.out(
        `info string more than ${MULTIPV_MAX - 1} banned moves: if all ${MULTIPV_MAX} lines searched are banned, the first allowed move is played`,
      );
    }
    const multiPv = filter.multipv;
    // While pondering the search has no clock: the `go ponder` limits start with `ponderhit`.
    const searchLimits: SearchLimits = pondering
      ? { depth: limits.depth, nodes: limits.nodes, infinite: true }
      : limits;
    for (const key of ['depth', 'nodes'] as const) if (searchLimits[key] === undefined) delete searchLimits[key];
    const onInfo = ucci
      ? (info: SearchInfo) => {
          if (filter.accept(info)) for (const line of formatUcciInfo(info)) this.out(line);
        }
      : (info: SearchInfo) => this.out(formatInfo(info, multiPv));
    const request = this.thread.search(
      this.engine.startFen(),
      this.engine.history(),
      { ...searchLimits, multipv: multiPv, skill: this.skill, seed: (Math.random() * 2 ** 31) | 0 },
      onInfo,
    );
    this.searching = request
      .then(
        async (result) => {
          if (pondering) {
            // Finished on the opponent's time (depth or nodes reached): wait for ponderhit or stop.
            pondering.done = true;
            await pondering.whenReleased;
          }
          const { bestMove, ponder: next } = filter.choose(result);
          if (bestMove === null && ucci) this.out('nobestmove');
          else this.out(`bestmove ${bestMove ?? '(none)'}${next ? ` ponder ${next}` : ''}`);
        },
        (error: Error) => this.error(`search failed: ${error.message}`),
      )
      .finally(() => this.endSearch(pondering));
  }

  private startPondering(limits: SearchLimits): Pondering {
    let release!: () => void;
    const whenReleased = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pondering: Pondering = {
      limits,
      released: false,
      done: false,
      timer: null,
      whenReleased,
      release: () => {
        pondering.released = true;
        release();
      },
    };
    this.pondering = pondering;
    return pondering;
  }

  private endSearch(pondering: Pondering | null): void {
    if (pondering?.timer) clearTimeout(pondering.timer);
    if (this.pondering === pondering) this.pondering = null;
    this.searching = null;
  }

  /**
   * The bench (bench.ts) on an engine of its own: the session's position, table and options stay
   * as they were. It runs on this thread, so later commands wait for it, as they do in Stockfish.
   */
  private async bench(args: string[]): Promise<void> {
    if (this.perftThread) await this.searching;
    if (this.searching) {
      this.error('a search is already running; send "stop" first');
      return;
    }
    let options;
    try {
      options = parseBenchArgs(args, this.backend);
    } catch (e) {
      this.error((e as Error).message);
      return;
    }
    await runBench(options, this.out, this.urls).catch((error: Error) => this.error(`bench failed: ${error.message}`));
  }

  get currentBackend(): Backend {
    return this.backend;
  }
  get threadCount(): number {
    return this.threads;
  }
  get hashSizeMb(): number {
    return this.hashMb;
  }
}

function parseWhole(text: string): number | null {
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}
