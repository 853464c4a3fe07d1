// The analysis panel's controller: keeps the analysis (analysis.ts) on the position on the board
// while the panel is on, with the lines the player asked for; draws the engine's best move on the
// board (a whole line while the player points at it, and the hint); plays a line, or a book move,
// into the tree when one of its moves is clicked.
import type { Analysis, AnalysisState } from './analysis.ts';
import type { BoardLink } from './board-link.ts';
import type { PageBook } from './page-book.ts';
import type { PageMessage, Receiver } from './page-messages.ts';
import type { PageState } from './page-state.ts';
import { maybeInTables, TablebaseWorker, type TableReport } from '../egtb/tablebase-worker.ts';
import { messageOf } from '../engine/errors.ts';

/** The endgame tables' word on the position shown, while the analysis is on. */
export interface TablebaseState {
  fen: string;
  /** Its tables being made (`done` of `total`), its report, or what went wrong. */
  status: 'making' | 'ready' | 'error';
  material: string | null;
  done: number;
  total: number;
  report: TableReport | null;
  error: string | null;
}

export class AnalysisControl implements Receiver {
  /** On phones: the analysis shows all its lines and figures (else the best line only). */
  open = false;
  /** The analysis line pointed at (its MultiPV number), drawn whole on the board. */
  private preview: number | null = null;
  /** The endgame tables' word on the position shown: null where they do not cover it. */
  tablebase: TablebaseState | null = null;
  private readonly tables = new TablebaseWorker();

  constructor(
    private readonly state: PageState,
    private readonly analysis: Analysis,
    private readonly boardLink: BoardLink,
    private readonly book: PageBook,
    /** The hinted move, drawn with the analysis's arrows. */
    private readonly hint: () => string | null,
  ) {
    // The analysis's searches probe the tables this worker makes for the card.
    analysis.useTables(this.tables);
  }

  receive(message: PageMessage): void {
    if (message.type === 'position') {
      this.preview = null;
      this.update();
    } else if (message.type === 'setting') {
      if (message.key === 'analysis' || message.key === 'lines') this.update();
      if (message.key === 'analysis' || message.key === 'arrows') this.updateShapes();
    }
  }

  get current(): AnalysisState {
    return this.analysis.state;
  }

  /** The analysis reported: redraw, and the arrows when it is about the position on the board. */
  onChange(state: AnalysisState): void {
    if (state.key && state.key !== this.state.positionKey()) return;
    this.updateShapes();
    this.state.requestRender();
  }

  /** Starts (or keeps) the analysis of the position on the board, or stops it when the panel is off. */
  update(): void {
    const { settings, game } = this.state;
    if (!settings.analysis) {
      if (this.analysis.state.key) this.analysis.stop();
      this.tablebase = null;
      return;
    }
    const s = game.status();
    this.analysis.start(game.startFen, game.played, s.turn, s.over, settings.lines);
    this.consultTables(s.over);
  }

  /** Asks the endgame tables about the position shown, where they may cover it. */
  private consultTables(over: boolean): void {
    const fen = this.state.game.fen();
    if (over || !maybeInTables(fen)) {
      this.tablebase = null;
      return;
    }
    if (this.tablebase?.fen === fen) return;
    const entry: TablebaseState = {
      fen,
      status: 'making',
      material: null,
      done: 0,
      total: 0,
      report: null,
      error: null,
    };
    this.tablebase = entry;
    const current = () => this.tablebase === entry;
    this.tables
      .consult(fen, (done, total, material) => {
        Object.assign(entry, { done, total, material });
        if (current()) this.state.requestRender();
      })
      .then((report) => {
        if (!current()) return;
        if (report === null) this.tablebase = null;
        else Object.assign(entry, { status: 'ready', report, material: report.probe.material });
        this.state.requestRender();
      })
      .catch((error: unknown) => {
        if (!current()) return;
        Object.assign(entry, { status: 'error', error: messageOf(error) });
        this.state.requestRender();
      });
  }

  /** Draws a line of the analysis on the board while it is pointed at (null: the best move only). */
  previewLine(multipv: number | null): void {
    this.preview = multipv;
    this.updateShapes();
  }

  /** Plays `moves` from the position on the board into the tree, up to the move clicked. */
  playLine(moves: readonly string[]): void {
    const game = this.state.game;
    const before = game.cursor;
    let played = 0;
    for (const m of moves) {
      if (!game.play(m)) break;
      played++;
    }
    this.preview = null;
    if (played) this.state.changed({ animate: game.cursor === before + 1, effect: 'move' });
  }

  toggleDetails(): void {
    this.open = !this.open;
    this.state.requestRender();
  }

  /** The opening book's moves for the position shown (empty out of book), best first. */
  bookMovesHere(): readonly string[] {
    return this.book.moves(this.state.game.seek()).map((m) => m.move);
  }

  /** Arrows on the board: the hint, and the engine's best move (a whole line while one is pointed at). */
  updateShapes(): void {
    const a = this.analysis.state;
    const { settings } = this.state;
    const fresh = settings.analysis && settings.arrows && a.key === this.state.positionKey();
    const preview = this.preview === null ? undefined : a.lines.find((l) => l.multipv === this.preview)?.pv;
    this.boardLink.showArrows(fresh ? (preview ?? a.pv.slice(0, 1)) : null, this.hint());
  }
}
