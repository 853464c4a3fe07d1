// The UCI protocol over the Engine interface: text lines in, text lines out. Bad input gets
// `info string error: ...` and the session keeps its last good position. After `ucci` the session
// speaks UCCI instead (ElephantEye's dialect: ucci-format.ts), until `uci`.
import { bookSkill, START_FEN } from '../web/engine/index.ts';
import { messageOf } from '../web/engine/errors.ts';
import { parseBenchArgs, runBench } from './bench.ts';
import { renderBoard } from './board-text.ts';
import type { ThreadUrls } from './search-client.ts';
import { formatInfo, parseGoCommand, statusLine } from './uci-format.ts';
import { formatUcciInfo, parseUcciGo } from './ucci-format.ts';
import { rootMoves } from './root-moves.ts';
import { BookOption } from './book-option.ts';
import { afterTables, tableBudget, tableSearchInfo } from './tablebase-option.ts';
import { EngineState, type Output } from './engine-state.ts';
import { optionLines, setOption, type Protocol } from './uci-options.ts';
import { Held, Pondering } from './pondering.ts';
import { runPerft, type PerftRun } from './perft-run.ts';
import type { SearchInfo, SearchLimits } from '../web/engine/types.ts';
import packageJson from '../package.json' with { type: 'json' };

export type { Output };

export const ENGINE_NAME = `xiangqi-wasm ${packageJson.version}`;

export class UciSession extends EngineState {
  private searching: Promise<void> | null = null;
  private perftRun: PerftRun | null = null;
  private pondering: Pondering | null = null;
  /** The running search's answer waits for `stop` (`go infinite`) or `ponderhit` (`go ponder`). */
  private held: Held | null = null;
  private protocol: Protocol = 'uci';
  /** UCCI `banmoves`: moves the next search must not play from the current position. */
  private banned: string[] = [];

  private constructor(out: Output, urls: ThreadUrls) {
    super(out, urls);
  }

  static async start(out: Output, urls: ThreadUrls): Promise<UciSession> {
    const session = new UciSession(out, urls);
    await session.init();
    return session;
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
        for (const line of optionLines('ucci', this)) this.out(line);
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
        for (const line of optionLines('uci', this)) this.out(line);
        this.out('uciok');
        return true;
      case 'isready':
        await this.thread.whenReady().catch(() => {});
        // Setup still under way (a table sized or cleared, a network taken) is done first, and its
        // errors said; while a search runs the answer comes at once, as UCI asks.
        if (!this.searching) await this.setupDone();
        this.sayShippedProblem();
        this.out('readyok');
        return true;
      case 'ucinewgame':
        await this.resetGame();
        return true;
      case 'position':
        this.position(args);
        return true;
      case 'setoption': {
        // Options apply after a count still running; only `stop` and `quit` cut it short.
        if (this.perftRun) await this.searching;
        const problem = await setOption(this.protocol, args, this);
        if (problem) this.error(problem);
        return true;
      }
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

  protected async resetGame(): Promise<void> {
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

  /**
   * The input ended. A search that only `stop` or `ponderhit` would end is stopped (nothing can send
   * them now); any other still answers. Resolves when no search is running.
   */
  async inputClosed(): Promise<void> {
    // Released already (a ponderhit on a clock): a timed search now, which answers in its time.
    if (this.held && !this.held.released) await this.stopSearch();
    await this.searching;
  }

  protected async stopSearch(): Promise<void> {
    if (!this.searching) return;
    if (this.perftRun) {
      // A count cannot stop part way: end its thread (no total is printed).
      await this.perftRun.terminate();
      return;
    }
    // A search on the opponent's time, or an infinite one, answers when stopped, as any other.
    this.held?.release();
    this.thread.stop();
    await this.searching;
  }

  /** Waits until the search thread(s) have done the setup sent before, and says its errors. */
  private async setupDone(): Promise<void> {
    const problems = await this.thread.sync().catch((error: unknown) => [messageOf(error)]);
    for (const problem of problems) this.error(problem);
  }

  /** `ponderhit` (pondering.ts); UCCI's `ponderhit draw` (the opponent offers a draw) is taken as a plain one. */
  private ponderHit(args: string[]): void {
    const pondering = this.pondering;
    const extra = this.protocol === 'ucci' && args.length === 1 && args[0] === 'draw' ? [] : args;
    if (extra.length > 0) {
      this.error(`unknown ponderhit parameter "${extra[0]}"`);
      return;
    }
    if (!pondering || pondering.released || pondering.hit) {
      this.error('ponderhit without a "go ponder" search');
      return;
    }
    const problem = pondering.ponderHit(this.engine.turn(), () => this.thread.stop());
    if (problem) this.error(problem);
  }

  /** Counts in a thread of its own (perft-run.ts). */
  private perft(depth: number): Promise<void> {
    const run = runPerft(
      this.urls.perft ?? new URL('./perft-thread.js', this.urls.thread),
      {
        backend: this.backend,
        wasmUrl: this.urls.wasm.href,
        jsUrl: this.urls.js.href,
        fen: this.engine.startFen(),
        moves: this.engine.history(),
        depth,
      },
      this.out,
    );
    this.perftRun = run;
    return run.done;
  }

  private async go(args: string[]): Promise<void> {
    // A count still running finishes first: commands keep their order.
    if (this.perftRun) await this.searching;
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
        .catch((error: unknown) => this.error(`perft failed: ${messageOf(error)}`))
        .finally(() => {
          this.searching = null;
          this.perftRun = null;
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
      const hit = this.book.pick(this.engine, bookSkill(this.strengthLimits()));
      if (hit) {
        this.out(`info string book move ${hit.move} (book: ${hit.choices})`);
        this.out(`bestmove ${hit.move}`);
        return;
      }
    }
    // UCI `go searchmoves` and UCCI `banmoves` limit the root moves; the engine searches only those.
    const roots = rootMoves(this.engine.legalMoves(), limits.searchmoves, ucci ? this.banned : []);
    if (roots.ignored.length > 0) {
      this.out(
        `info string searchmoves: ${roots.ignored.join(' ')} ${roots.ignored.length === 1 ? 'is' : 'are'} not legal here` +
          (roots.listedNone ? '; searching every move' : ' and left out'),
      );
    }
    let allowed = roots.allowed;
    // The setup sent before (a GUI need not send isready) is done before the search's clock starts.
    await this.setupDone();
    // The endgame tables decide a won or lost position (answered below) and limit a drawn one to its
    // drawing moves. Not while pondering: that position is the opponent's to move into.
    const tablesStart = performance.now();
    const table = ponder ? null : await this.consultTables(allowed, tableBudget(limits, this.engine.turn()));
    if (table?.result === 'draw') allowed = table.best;
    const limited = roots.limited || table?.result === 'draw';
    const searchmoves = limited ? { searchmoves: allowed } : {};
    const pondering = ponder ? (this.pondering = new Pondering(limits)) : null;
    // An infinite search answers after `stop` alone, however it ends.
    const held = pondering ?? (limits.infinite ? new Held() : null);
    this.held = held;
    if (table && table.result !== 'draw') {
      const info = tableSearchInfo(table);
      this.answerWithoutSearch(held, () => {
        for (const line of ucci ? formatUcciInfo(info) : [formatInfo(info, 1)]) this.out(line);
        this.out(`bestmove ${table.best[0]!}`);
      });
      return;
    }
    if (allowed.length === 0) {
      // Nothing to search (mated, stalemated, or every move banned).
      this.answerWithoutSearch(held, () => {
        for (const line of ucci ? ['nobestmove'] : ['info depth 0 score mate 0', 'bestmove (none)']) this.out(line);
      });
      return;
    }
    const multiPv = ucci ? 1 : this.multiPv;
    // While pondering the search has no clock: the `go ponder` limits start with `ponderhit`.
    const searchLimits: SearchLimits = pondering
      ? { depth: limits.depth, nodes: limits.nodes, infinite: true, ...searchmoves }
      : { ...afterTables(limits, this.engine.turn(), performance.now() - tablesStart), ...searchmoves };
    if (searchLimits.depth === undefined) delete searchLimits.depth;
    if (searchLimits.nodes === undefined) delete searchLimits.nodes;
    if (!limited) delete searchLimits.searchmoves;
    // The first move of the best line reported: the answer if the search fails.
    let reported: string | null = null;
    const root = this.engine.fen();
    const onInfo = (found: SearchInfo) => {
      const info = this.tablebases.withTableLine(root, found);
      const first = info.pv[0];
      if (info.multipv === 1 && first !== undefined) reported = first;
      for (const line of ucci ? formatUcciInfo(info) : [formatInfo(info, multiPv)]) this.out(line);
    };
    const request = this.thread.search(
      this.engine.startFen(),
      this.engine.history(),
      { ...searchLimits, multipv: multiPv, ...this.strengthLimits(), seed: (Math.random() * 2 ** 31) | 0 },
      onInfo,
    );
    this.searching = request
      .then(
        async (result) => {
          if (held) {
            // Finished on the opponent's time, or an infinite search ended by itself: wait for the release.
            held.done = true;
            await held.whenReleased;
          }
          if (result.bestMove === null && ucci) this.out('nobestmove');
          else this.out(`bestmove ${result.bestMove ?? '(none)'}${result.ponder ? ` ponder ${result.ponder}` : ''}`);
        },
        async (error: unknown) => {
          this.error(`search failed: ${messageOf(error)}`);
          // The GUI still waits for an answer: the best line reported, or else the first allowed move.
          if (held) {
            held.done = true;
            await held.whenReleased;
          }
          this.out(`bestmove ${reported ?? allowed[0] ?? '(none)'}`);
        },
      )
      .finally(() => this.endSearch(held));
  }

  /** Answers a `go` without a search: at once, or when a held one (infinite, ponder) is released. */
  private answerWithoutSearch(held: Held | null, answer: () => void): void {
    if (!held) {
      answer();
      return;
    }
    held.done = true;
    this.searching = held.whenReleased.then(answer).finally(() => this.endSearch(held));
  }

  private endSearch(held: Held | null): void {
    held?.end();
    if (this.pondering === held) this.pondering = null;
    if (this.held === held) this.held = null;
    this.searching = null;
  }

  /**
   * The bench (bench.ts) on an engine of its own: the session's position, table and options stay
   * as they were. It runs on this thread, so later commands wait for it, as they do in Stockfish.
   */
  private async bench(args: string[]): Promise<void> {
    if (this.perftRun) await this.searching;
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
    await runBench(options, this.out, this.urls).catch((error: unknown) =>
      this.error(`bench failed: ${messageOf(error)}`),
    );
  }
}

function parseWhole(text: string): number | null {
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}
