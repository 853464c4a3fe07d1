// The element's `computer` side: when it is that side's turn, ask the MoveProvider (the page's, or
// the default worker one) for a move and play it; a failed worker is replaced and asked once more
// (searchWithRetry, the policy the game page shares). Knows nothing of drawing or input.
import { chooseBookMove, type Book } from '../engine/book.ts';
import { searchWithRetry } from '../engine/retry.ts';
import { bookSkill } from '../engine/strength.ts';
import type { Engine } from '../engine/types.ts';
import { createDefaultProvider, searchLimits } from './computer.ts';
import { shippedNetwork } from '../engine/shipped-network.ts';
import type { Backend, ComputerSide, Evaluation, MoveProvider } from './types.ts';
import {
  maybeInTables,
  tableChoice,
  TablebaseWorker,
  TablesClosed,
  type TableChoice,
} from '../egtb/tablebase-worker.ts';

/** The element's settings the computer player reads (when it moves, so always the current ones). */
export interface ComputerSettings {
  readonly computer: ComputerSide;
  readonly moveProvider: MoveProvider | null;
  readonly backend: Backend;
  readonly threads: number;
  readonly level: number;
  readonly elo: number | undefined;
  readonly movetime: number | undefined;
  readonly depth: number | undefined;
  readonly isConnected: boolean;
  /** Moves from this book while the position is in it, instead of searching. */
  readonly openingBook: Book | null;
  /** `network` (the default): evaluate with `evalNetwork`, or the shipped network; `hand-written`: without one. */
  readonly evaluation: Evaluation;
  /** The page's own network, used instead of the shipped one. */
  readonly evalNetwork: Uint8Array | null;
  /** Plays from the endgame tables where they cover the position. */
  readonly tablebases: boolean;
}

/** What the computer player needs of the element's insides. */
export interface ComputerHost {
  /** The game's engine, null until loaded. */
  engine(): Engine | null;
  /** The FEN the game's history starts from. */
  root(): string;
  /** Bumped on every position change: a search for an older one is void. */
  version(): number;
  /** Plays the computer's move; false when it was not legal. */
  play(move: string): boolean;
  /** Fires the element's `error` event. */
  error(text: string): void;
  /** Shows (or, with null, clears) the notice on the board. */
  showProblem(text: string | null): void;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The computer's search no longer matters: its position or side changed, or the board left the page. */
class Abandoned extends Error {}
/** Neither `moveProvider` nor a default one (setDefaultMoveProvider) is there to ask. */
class NoComputer extends Error {}

export class ComputerPlayer {
  /** A search for the computer's move is running (the user may not pick pieces meanwhile). */
  thinking = false;
  /** The default provider, made on first need when the page gave none. */
  private auto: MoveProvider | null = null;
  /**
   * Counts the searches abandoned by stop() and disconnect(). The provider may reject an abandoned
   * search (the worker's says it was cancelled): that is no failure to report, and the computer
   * looks again whether it is its turn (the board may be back on the page, or playing the other side).
   */
  private stops = 0;
  /** What the provider was last told to evaluate with. */
  private networkGiven: { provider: MoveProvider; file: Uint8Array | null } | null = null;
  private networkAsks = 0;
  /** The endgame tables' worker (tablesWorker), made when a position first needs it (`tablebases`). */
  private tables: TablebaseWorker | null = null;

  constructor(
    private readonly settings: ComputerSettings,
    private readonly host: ComputerHost,
  ) {}

  private provider(): MoveProvider | null {
    return this.settings.moveProvider ?? this.auto;
  }

  /** Abandons the running search, if any (its answer, if it still comes, is not played). */
  stop(): void {
    if (!this.thinking) return;
    this.stops++;
    this.provider()?.stop();
  }

  /** The element left the page: stop, and free the default provider's worker. */
  disconnect(): void {
    if (this.thinking) this.stops++;
    this.provider()?.stop();
    this.auto?.dispose?.();
    this.auto = null;
    this.tables?.dispose();
    this.tables = null;
  }

  setThreads(threads: number): void {
    this.auto?.setThreads?.(threads);
  }

  /**
   * Gives the provider the evaluation the settings ask for (called when they or the provider change,
   * and before each search). A provider is told only when that changes: the file is large.
   */
  async updateNetwork(): Promise<void> {
    const provider = this.provider();
    const { settings } = this;
    if (!provider?.setNetwork || (settings.computer !== 'red' && settings.computer !== 'black')) return;
    const asked = ++this.networkAsks;
    const file = settings.evaluation === 'hand-written' ? null : (settings.evalNetwork ?? (await shippedNetwork()));
    // A later call (the settings changed meanwhile) decides instead.
    if (asked !== this.networkAsks || this.provider() !== provider) return;
    if (this.networkGiven?.provider === provider && this.networkGiven.file === file) return;
    provider.setNetwork(file);
    this.networkGiven = { provider, file };
  }

  /**
   * After a wait: is the move being chosen still wanted (the same position, still the computer's
   * side, the board still on the page)? Read afresh, as a separate method, since all three change
   * while the search runs.
   */
  private stillWanted(version: number, side: ComputerSide): boolean {
    const { host, settings } = this;
    return version === host.version() && settings.computer === side && settings.isConnected;
  }

  /** The endgame tables' worker: one for the table moves and the provider's searches (it starts on first use). */
  private tablesWorker(): TablebaseWorker {
    return (this.tables ??= new TablebaseWorker());
  }

  /**
   * With `tablebases` on, the endgame tables' choice in the position (tableChoice); null where they
   * do not cover it, or failed (said as an error: the search plays instead); `closed` where the board
   * left the page meanwhile, which closed them.
   */
  private async tableChoice(fen: string): Promise<TableChoice | null | 'closed'> {
    if (!this.settings.tablebases || !maybeInTables(fen)) return null;
    return tableChoice(this.tablesWorker(), fen).catch((err: unknown) => {
      if (err instanceof TablesClosed) return 'closed' as const;
      this.host.error(message(err));
      return null;
    });
  }

  /** Moves for the computer if it is its turn (and nothing is searching already). */
  async maybeMove(): Promise<void> {
    const { host, settings } = this;
    const e = host.engine();
    const side = settings.computer;
    if (!e || (side !== 'red' && side !== 'black') || this.thinking || !settings.isConnected) return;
    const status = e.status();
    if (status.over || status.turn !== side) return;
    const version = host.version();
    const stops = this.stops;
    this.thinking = true;
    const limits = searchLimits(settings.level, settings.movetime, settings.depth, settings.elo);
    const book = settings.openingBook;
    const table = await this.tableChoice(e.fen());
    if (table === 'closed' || !this.stillWanted(version, side)) {
      // The position, the side or the page changed while the tables were asked: look again (a
      // board back on the page asks tables of its own).
      this.thinking = false;
      void this.maybeMove();
      return;
    }
    if (table && 'drawing' in table) limits.searchmoves = table.drawing;
    // A move known without a search: the tables', or the book's.
    const known =
      table && 'move' in table
        ? table.move
        : book
          ? chooseBookMove(book.lookup(e.board(), e.turn()), e.legalMoves(), bookSkill(limits), Math.random)
          : null;
    if (known) {
      // Played on a later turn of the event loop, as a searched move would be: never inside the
      // handler of the move that made it the computer's turn.
      await new Promise((resolve) => setTimeout(resolve, 0));
      this.thinking = false;
      if (!this.stillWanted(version, side)) {
        void this.maybeMove();
        return;
      }
      host.showProblem(null);
      if (!host.play(known)) host.error(`The computer chose an illegal ${table ? 'table' : 'book'} move "${known}"`);
      return;
    }
    try {
      let provider: MoveProvider | null = null;
      // Retried once on a fresh worker after the worker failed: without it the game would sit on
      // the computer's turn with nothing to move it.
      const move = await searchWithRetry(
        async () => {
          provider = this.provider() ?? (this.auto = await createDefaultProvider(settings.backend, settings.threads));
          if (!provider) throw new NoComputer();
          await this.updateNetwork();
          if (version !== host.version()) throw new Abandoned();
          // Told before every search (a message, no more): the game's rules, whatever the provider,
          // and where `tablebases` is on, the tables' worker whose tables it may probe.
          provider.setRule?.(e.rule());
          provider.useTables?.(settings.tablebases ? this.tablesWorker() : null);
          return provider.bestMove(host.root(), e.history(), limits);
        },
        (failure) => {
          if (version !== host.version() || stops !== this.stops) throw new Abandoned();
          // Reported even when the retry succeeds: the page should know its engine failed.
          host.error(`The computer could not move: ${failure.message}`);
          if (settings.computer !== side || !settings.isConnected) throw new Abandoned();
          if (provider === this.auto) {
            // A fresh worker for the retry, as the game page's engine player does.
            provider?.dispose?.();
            this.auto = null;
          }
        },
      );
      // Stale: the position changed, the side is no longer the computer's, or the board left the page.
      if (!this.stillWanted(version, side)) return;
      this.thinking = false;
      host.showProblem(null);
      if (!host.play(move)) host.error(`The computer chose an illegal move "${move}"`);
    } catch (err) {
      if (err instanceof Abandoned || stops !== this.stops) return;
      if (err instanceof NoComputer) {
        host.error('No computer player is available: no MoveProvider is registered');
        host.showProblem('No computer player is available');
      } else if (version === host.version()) {
        host.error(`The computer could not move: ${message(err)}`);
        host.showProblem(`The computer could not move: ${message(err)}`);
      }
    } finally {
      this.thinking = false;
      if (version !== host.version() || stops !== this.stops) void this.maybeMove();
    }
  }
}
