// Games in and out of the page: the import / export dialog's state, reading PGN or FEN text into the
// game, and writing the game as PGN or FEN (to copy or download).
import type { Color, Engine } from '../engine/types.ts';
import type { NotationName } from '../notation/index.ts';
import type { Game } from './game.ts';
import type { MessageKey } from './i18n.ts';
import { downloadText, gamePgn, pgnFileName, readGameText } from './import-export.ts';
import type { Settings } from './settings.ts';

/** What the files need of the page's controller. */
export interface FilesHost {
  readonly game: Game;
  readonly settings: Readonly<Settings>;
  t(key: MessageKey, params?: Record<string, string | number>): string;
  isComputer(side: Color): boolean;
  requestRender(): void;
  /** A game read from text replaced the old one (`games`: how many games the text held). */
  imported(games: number): void;
}

export class GameFiles {
  dialog: 'import' | 'export' | null = null;
  importError: string | null = null;
  copied: string | null = null;

  constructor(
    private readonly host: FilesHost,
    /** A spare engine for reading and writing game files. */
    private readonly scratch: Engine,
    /** The page, where a copy that the clipboard refused falls back to selecting the text. */
    private readonly root: HTMLElement,
  ) {}


  openDialog(which: 'import' | 'export'): void {
    this.dialog = which;
    this.importError = null;
    this.copied = null;
    this.host.requestRender();
  }

  closeDialog(): void {
    this.dialog = null;
    this.host.requestRender();
  }

  /** Replaces the game with the one in `text`; on bad input says why and leaves the game as it was. */
  importText(text: string): boolean {
    const read = readGameText(text, this.scratch);
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
    this.dialog = null;
    this.host.imported(read.games);
    return true;
  }

  playerName(side: Color): string {
    return this.host.isComputer(side) ? `${this.host.t('computer')} (${this.host.t('level')} ${this.host.settings.level})` : this.host.t('youPlay');
  }

  exportPgn(notation: NotationName = this.host.settings.notation): string {
    const g = this.host.game;
    const finalStatus = g.mainLineStatus();
    return gamePgn(g.record, this.scratch, {
      notation, red: this.playerName('red'), black: this.playerName('black'), event: this.host.t('pgnEvent'), finalStatus,
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
