// What the command-line engine's options set up (options.ts), apart from the protocol (uci.ts): the
// engine that keeps the position for each backend, the search runner (one thread, or a pool sharing
// the threaded build's table), the table's size, the evaluation (EvalFile, Use NNUE) and the opening
// book (OwnBook, BookFile), the repetition rules (Rule), MultiPV, the strength (Skill Level, or
// UCI_LimitStrength with UCI_Elo) and UCCI's time unit.
import { parseSearchParams } from '../web/engine/search-params.ts';
import {
  createEngine,
  DEFAULT_RULE_SET,
  type Backend,
  type Engine,
  type RuleSet,
  type SearchLimits,
} from '../web/engine/index.ts';
import { BookOption } from './book-option.ts';
import { messageOf } from '../web/engine/errors.ts';
import { TablebaseOption, describeTable, type TableAnswer } from './tablebase-option.ts';
import { TableFolder } from './table-folder.ts';
import { NetworkOption } from './network-option.ts';
import { checkDefault, spinDefault, type OptionTarget } from './options.ts';
import { SearchThread, type SearchRunner, type ThreadUrls } from './search-client.ts';
import { SearchPool } from './search-pool.ts';

export type Output = (line: string) => void;

export abstract class EngineState implements OptionTarget {
  private engines = new Map<Backend, Engine>();
  protected backend: Backend = 'wasm';
  /** The engine that keeps the position (the search thread has its own copy). */
  protected engine!: Engine;
  protected thread!: SearchRunner;
  protected hashMb = spinDefault('Hash');
  protected multiPv = spinDefault('MultiPV');
  protected skill = spinDefault('Skill Level');
  /** UCI_LimitStrength and UCI_Elo: when on, the rating decides and the skill level is ignored. */
  protected limitStrength = checkDefault('UCI_LimitStrength');
  protected elo = spinDefault('UCI_Elo');
  /** The repetition rules, for the session's status and its searches alike. */
  protected rule: RuleSet = DEFAULT_RULE_SET;
  /** SearchParams: the search's named constants as `name=value` pairs (empty: the shipped search). */
  protected searchParams = '';
  /**
   * One thread unless told otherwise, as UCI engines do: a GUI or match runner sets Threads for the
   * machine it shares out (the board and page keep their own default, cores less one).
   */
  protected threads = spinDefault('Threads');
  /** UCCI `usemillisec`: `go time`/`increment` in milliseconds (true, the default) or seconds. */
  protected ucciMillis = checkDefault('usemillisec');
  /** OwnBook and BookFile (UCI only: UCCI GUIs keep their own books). */
  protected readonly book: BookOption;
  /** Tablebases: the endgame tables answer `go` where they cover the position. */
  protected readonly tablebases = new TablebaseOption((problem) => this.error(problem));
  /** EvalFile and Use NNUE. */
  protected readonly evaluation: NetworkOption;

  protected constructor(
    protected readonly out: Output,
    protected readonly urls: ThreadUrls,
  ) {
    this.book = BookOption.fromUrl(urls.book);
    this.evaluation = NetworkOption.fromUrl(urls.network);
  }

  /** Loads the engine and starts the search runner with the evaluation the options name. */
  protected async init(): Promise<void> {
    this.engine = await this.engineFor('wasm');
    this.thread = this.newRunner();
    if (this.evaluation.network) await this.thread.send({ type: 'network', file: this.evaluation.network });
  }

  /** Stops whatever is searching or counting, and waits until it has answered. */
  protected abstract stopSearch(): Promise<void>;
  /** A new game: the start position, and the table and history cleared. */
  protected abstract resetGame(): Promise<void>;

  protected error(message: string): void {
    this.out(`info string error: ${message}`);
  }

  /**
   * One thread searches exactly as before threads existed (normal build, deterministic); more
   * share the threaded build's table (wasm only: the JS build stays single-threaded).
   */
  protected newRunner(): SearchRunner {
    return this.threads > 1 && this.backend === 'wasm'
      ? new SearchPool(this.threads, this.urls)
      : new SearchThread(this.backend, this.urls);
  }

  protected async replaceRunner(): Promise<void> {
    await this.stopSearch();
    await this.thread.terminate();
    this.thread = this.newRunner();
    this.tablebases.forgetSent();
    await this.thread.send({ type: 'hash', megabytes: this.hashMb });
    if (this.evaluation.network) await this.thread.send({ type: 'network', file: this.evaluation.network });
    if (this.rule !== DEFAULT_RULE_SET) await this.thread.send({ type: 'rule', rule: this.rule });
    if (this.searchParams !== '') await this.thread.send({ type: 'params', text: this.searchParams });
  }

  /** The engine for `backend`, loaded once. */
  protected async engineFor(backend: Backend): Promise<Engine> {
    let engine = this.engines.get(backend);
    if (!engine) {
      engine = await createEngine(backend, { wasmUrl: this.urls.wasm, jsUrl: this.urls.js });
      engine.setRule(this.rule);
      engine.setSearchParams(this.searchParams);
      this.engines.set(backend, engine);
    }
    return engine;
  }

  // ---- the options (options.ts) -----------------------------------------------------------------

  async setBackend(backend: Backend): Promise<void> {
    if (backend === this.backend) return;
    await this.stopSearch();
    const next = await this.engineFor(backend);
    next.setPosition(this.engine.startFen(), this.engine.history());
    this.engine = next;
    this.backend = backend;
    await this.replaceRunner();
    if (backend === 'js' && this.threads > 1) this.out('info string the js backend searches with one thread');
  }

  async setThreads(threads: number): Promise<void> {
    if (threads === this.threads) return;
    this.threads = threads;
    await this.replaceRunner();
    if (threads > 1 && this.backend === 'js') this.out('info string the js backend searches with one thread');
  }

  async setHash(mb: number): Promise<void> {
    this.hashMb = mb;
    await this.stopSearch();
    await this.thread.send({ type: 'hash', megabytes: mb });
  }

  /** Judges repetitions by `rule` from now on: the session's status and every search thread. */
  async setRule(rule: RuleSet): Promise<void> {
    this.rule = rule;
    await this.stopSearch();
    for (const engine of this.engines.values()) engine.setRule(rule);
    await this.thread.send({ type: 'rule', rule });
  }

  /** Searches with the named constants of `text` from now on (every search thread); an error names a bad pair. */
  async setSearchParams(text: string): Promise<string | null> {
    try {
      parseSearchParams(text);
    } catch (error) {
      return (error as Error).message;
    }
    this.searchParams = text;
    await this.stopSearch();
    for (const engine of this.engines.values()) engine.setSearchParams(text);
    await this.thread.send({ type: 'params', text });
    return null;
  }

  setMultiPv(lines: number): void {
    this.multiPv = lines;
  }

  setSkill(level: number): void {
    this.skill = level;
  }

  setLimitStrength(on: boolean): void {
    this.limitStrength = on;
  }

  setElo(elo: number): void {
    this.elo = elo;
  }

  /** How strong the next search plays: the rating with UCI_LimitStrength on, else the skill level. */
  protected strengthLimits(): Pick<SearchLimits, 'skill' | 'elo'> {
    return this.limitStrength ? { elo: this.elo } : { skill: this.skill };
  }

  /** The UCI `Ponder` / UCCI `ponder` option: GUIs set it before they ponder; `go ponder` works either way, so nothing depends on it. */
  setPonder(_on: boolean): void {}

  setMilliseconds(on: boolean): void {
    this.ucciMillis = on;
  }

  /**
   * The endgame tables' verdict on the position among the `allowed` moves, said in an info string;
   * or null (also where making the tables would take more than `budgetMs`).
   */
  protected async consultTables(allowed: readonly string[], budgetMs: number): Promise<TableAnswer | null> {
    const start = performance.now();
    const fen = this.engine.fen();
    const failed = (error: unknown) => {
      this.error(`tablebases: ${messageOf(error)}`);
      return null;
    };
    const table = await this.tablebases.consult(fen, allowed, budgetMs).catch(failed);
    if (table) this.out(`info string ${describeTable(table)}`);
    if (table && table.result !== 'draw') return table;
    // A search follows: it probes the tables its captures may reach, made with the time left.
    const request = await this.tablebases.forSearch(fen, budgetMs - (performance.now() - start)).catch(failed);
    if (request) await this.thread.send(request);
    return table;
  }

  setTablebases(on: boolean): void {
    this.tablebases.enabled = on;
  }

  /** EgtbPath: the folder the endgame tables are kept in ('' for none); a problem with it, or null. */
  setEgtbPath(path: string): string | null {
    if (path === '') {
      this.tablebases.folder = null;
      return null;
    }
    const problem = TableFolder.problem(path);
    if (!problem) this.tablebases.folder = new TableFolder(path);
    return problem;
  }

  setOwnBook(on: boolean): void {
    this.book.enabled = on;
  }

  setBookFile(path: string): string | null {
    return this.book.setFile(path);
  }

  async setUseNetwork(on: boolean): Promise<void> {
    this.evaluation.enabled = on;
    this.evaluation.takeShippedProblem(); // the evaluation is chosen now
    await this.applyNetwork();
  }

  async setEvalFile(path: string): Promise<string | null> {
    const problem = this.evaluation.setFile(path);
    if (!problem) await this.applyNetwork();
    return problem;
  }

  /** Says once, as an error, that the shipped network could not be loaded (see NetworkOption). */
  protected sayShippedProblem(): void {
    const problem = this.evaluation.takeShippedProblem();
    if (problem) this.error(problem);
  }

  shippedFile(which: 'book' | 'network'): string | null {
    return which === 'book' ? this.book.defaultFile : this.evaluation.defaultFile;
  }

  /** Gives the search threads the evaluation the options ask for, and says which it is. */
  private async applyNetwork(): Promise<void> {
    await this.stopSearch();
    await this.thread.send({ type: 'network', file: this.evaluation.network });
    this.out(`info string ${this.evaluation.describe()}`);
  }

  /** UCCI's `newgame` option: what is searched stops, then a new game. */
  async newGame(): Promise<void> {
    await this.stopSearch();
    await this.resetGame();
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
