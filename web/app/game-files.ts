// Games in and out of the page: the import / export dialog's state, reading PGN, UBB, CBF or FEN text
// and XQF or CBF files (picked, or dropped anywhere on the page) into the game, a list when several
// games open at once (several files, or a file of several games) with "Analyse all" for it, and
// writing the game as PGN, UBB or FEN (to copy or download). A game read from a slightly broken file
// opens with the reader's warnings shown in the dialog (what was left out).
import type { GameAnalysis } from '../analysis/analyse-game.ts';
import type { Color, Engine } from '../engine/types.ts';
import type { NotationName } from '../notation/index.ts';
import type { Game } from './game.ts';
import type { MessageKey } from './i18n.ts';
import {
  downloadText,
  gamePgn,
  gameUbb,
  pgnFileName,
  readGamesFile,
  readGamesText,
  type FileGame,
  type ImportResult,
} from './import-export.ts';
import type { BatchAnalysis, BatchGame } from './batch-analysis.ts';
import type { PageMessage, Receiver } from './page-messages.ts';
import type { Settings } from './settings.ts';

/** What the files need of the page (its state, page-state.ts). */
export interface FilesHost {
  readonly game: Game;
  readonly settings: Readonly<Settings>;
  t(key: MessageKey, params?: Record<string, string | number>): string;
  isComputer(side: Color): boolean;
  requestRender(): void;
}

/** One game of several opened at once: the game, or why it could not be read. */
export interface ListedGame {
  name: string;
  /** Title, or the players, or the file name (with the game's number in a file of several). */
  label: string;
  read: ImportResult;
  /** What "Analyse all" found: the game's analysis, or why it has none. */
  analysis?: GameAnalysis;
  analysisError?: string;
}

export class GameFiles implements Receiver {
  dialog: 'import' | 'export' | null = null;
  importError: string | null = null;
  /** What the reader left out of the game just opened (the dialog stays open to show it). */
  importWarnings: string[] = [];
  copied: string | null = null;
  /** The games opened together (more than one, from one file or several), shown in the import dialog. */
  list: ListedGame[] = [];
  /** Which entry of `list` is loaded. */
  listIndex = -1;

  constructor(
    private readonly host: FilesHost,
    /**
     * A game read from text replaced the old one (`games`: how many games the text held; `review`:
     * its analysis, when "Analyse all" made one).
     */
    private readonly imported: (games: number, review?: GameAnalysis) => void,
    /** A spare engine for reading and writing game files. */
    private readonly scratch: Engine,
    /** The page, where a copy that the clipboard refused falls back to selecting the text. */
    private readonly root: HTMLElement,
    /** "Analyse all": the list's games in a pool of workers. */
    readonly batch: BatchAnalysis,
  ) {
    // Files dropped anywhere on the page open like picked ones.
    root.addEventListener('dragover', (event) => {
      if (event.dataTransfer?.types.includes('Files')) {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }
    });
    root.addEventListener('drop', (event) => {
      const files = event.dataTransfer?.files;
      if (!files || files.length === 0) return;
      event.preventDefault();
      void this.openFiles([...files]);
    });
  }

  receive(message: PageMessage): void {
    if (message.type === 'new-game') this.dialog = null;
  }

  openDialog(which: 'import' | 'export'): void {
    this.dialog = which;
    this.importError = null;
    this.importWarnings = [];
    this.copied = null;
    this.host.requestRender();
  }

  closeDialog(): void {
    this.dialog = null;
    this.host.requestRender();
  }

  /** Replaces the game with the one in `text`; on bad input says why and leaves the game as it was. */
  importText(text: string): boolean {
    const games = readGamesText(text, this.scratch);
    if (games.length > 1) return this.openList(listed(games, this.host.t('pastedText')));
    const ok = this.apply(games[0]!.read);
    if (ok) this.listIndex = -1;
    return ok;
  }

  /**
   * Opens picked or dropped files: one game replaces the game; several (a collection of XQF files,
   * a PGN file of many games) become a list in the import dialog, the first readable game loaded.
   * Read one after another, so hundreds of files do not hold hundreds of buffers at once.
   */
  async openFiles(files: readonly File[]): Promise<boolean> {
    const list: ListedGame[] = [];
    for (const file of files) list.push(...listed(await readGamesFile(file, this.scratch), file.name));
    if (list.length === 1) {
      this.batch.cancel();
      this.list = [];
      const ok = this.apply(list[0]!.read);
      // A dropped file that cannot be read says why in the dialog (it may not be open yet).
      if (!ok && this.dialog !== 'import') {
        this.dialog = 'import';
        this.host.requestRender();
      }
      return ok;
    }
    return this.openList(list);
  }

  private openList(list: ListedGame[]): boolean {
    this.batch.cancel();
    this.list = list;
    this.listIndex = -1;
    const first = list.findIndex((g) => g.read.ok);
    if (first < 0) {
      this.dialog = 'import';
      this.importError = this.host.t('importBad', { reason: this.host.t('noGameInFiles') });
      this.host.requestRender();
      return false;
    }
    return this.openListed(first);
  }

  /** Loads a game of the list (with its review, once analysed); the dialog stays open on the list. */
  openListed(index: number): boolean {
    const entry = this.list[index];
    if (!entry) return false;
    const ok = this.apply(entry.read, { keepDialog: true, review: entry.analysis });
    if (ok) this.listIndex = index;
    this.dialog = 'import';
    this.host.requestRender();
    return ok;
  }

  /** Whether the list has games for "Analyse all" (two or more that can be read). */
  get canAnalyseAll(): boolean {
    return this.list.filter((g) => g.read.ok).length >= 2;
  }

  /** Analyses the main line of every game of the list that has moves; each row shows its figures as it is done. */
  analyseAll(): void {
    const entries: ListedGame[] = [];
    const games: BatchGame[] = [];
    for (const entry of this.list) {
      const read = entry.read;
      // A game with no moves has nothing to judge.
      if (!read.ok || read.record.moves.length === 0) continue;
      this.scratch.setPosition(read.record.startFen);
      entries.push(entry);
      games.push({ fen: read.record.startFen, moves: read.record.moves, first: this.scratch.turn() });
    }
    void this.batch.run(games, (i, result) => {
      const entry = entries[i]!;
      if ('analysis' in result) entry.analysis = result.analysis;
      else entry.analysisError = result.error;
    });
  }

  private apply(read: ImportResult, how: { keepDialog?: boolean; review?: GameAnalysis | undefined } = {}): boolean {
    if (!read.ok) {
      this.importError = read.reason ? this.host.t('importBad', { reason: read.reason }) : this.host.t('importEmpty');
      this.host.requestRender();
      return false;
    }
    try {
      this.host.game.load(read.record);
    } catch (error) {
      this.importError = this.host.t('importBad', { reason: error instanceof Error ? error.message : String(error) });
      this.host.requestRender();
      return false;
    }
    this.importError = null;
    this.importWarnings = read.warnings;
    // Parts of the file were left out: the dialog says which (a dropped file opens it).
    if (read.warnings.length > 0) this.dialog = 'import';
    else if (!how.keepDialog) this.dialog = null;
    this.imported(read.games, how.review);
    return true;
  }

  playerName(side: Color): string {
    return this.host.isComputer(side)
      ? `${this.host.t('computer')} (${this.host.t('level')} ${this.host.settings.level})`
      : this.host.t('youPlay');
  }

  exportPgn(notation: NotationName = this.host.settings.notation): string {
    const g = this.host.game;
    const finalStatus = g.mainLineStatus();
    return gamePgn(g.record, this.scratch, {
      notation,
      red: this.playerName('red'),
      black: this.playerName('black'),
      event: this.host.t('pgnEvent'),
      finalStatus,
    });
  }

  exportUbb(): string {
    const g = this.host.game;
    const finalStatus = g.mainLineStatus();
    return gameUbb(g.record, {
      red: this.playerName('red'),
      black: this.playerName('black'),
      event: this.host.t('pgnEvent'),
      finalStatus,
    });
  }

  exportFen(): string {
    return this.host.game.fen();
  }

  downloadPgn(): void {
    downloadText(this.exportPgn(), pgnFileName());
  }

  async copy(text: string, what: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this.copied = what;
    } catch {
      const area = this.root.querySelector<HTMLTextAreaElement>(`textarea[data-copy="${what}"]`);
      area?.select();
      this.copied = null;
    }
    this.host.requestRender();
  }
}

/** A file's games as list entries (`name`: the file's, or what to call pasted text). */
function listed(games: readonly FileGame[], name: string): ListedGame[] {
  return games.map(({ number, read }) => {
    const place = games.length > 1 ? `${name} #${number}` : name;
    return { name: place, label: read.ok ? gameLabel(read.tags, place) : place, read };
  });
}

/** How a game is named in the list: its title, else its players, else its place (the file, its number there). */
function gameLabel(tags: Record<string, string>, place: string): string {
  if (tags['Title']) return tags['Title'];
  if (tags['Red'] || tags['Black']) return `${tags['Red'] ?? '?'} – ${tags['Black'] ?? '?'}`;
  return place;
}
