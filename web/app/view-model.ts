// What the page's templates (view.ts, panels.ts, dialog.ts) see of the controller: the state they
// draw and the actions their buttons call. App implements it; the templates import only this, so
// they neither depend on App nor can reach its internals (workers, board, timers).
import type { XiangqiBoardEventMap } from '../board/types.ts';
import type { Color, Engine } from '../engine/types.ts';
import type { AnalysisState } from './analysis.ts';
import type { ClockReading, TimeControl } from './clock.ts';
import type { ReviewState } from './review.ts';
import type { PositionEditor } from './editor.ts';
import type { Game, PageStatus } from './game.ts';
import type { GameFiles } from './game-files.ts';
import type { Lang, MessageKey } from './i18n.ts';
import type { Settings } from './settings.ts';
import type { OpeningName } from './openings.ts';

export type Mode = 'red' | 'black' | 'two' | 'demo';

/** The side panel's tab. */
export type SideTab = 'moves' | 'game' | 'review' | 'settings';

export interface Toast {
  text: string;
  kind: 'info' | 'error';
  action?: { label: string; run: () => void };
}

export interface AppView {
  readonly settings: Readonly<Settings>;
  readonly lang: Lang;
  readonly mode: Mode;
  readonly status: PageStatus;
  /** The game; the templates read it (move list, cursor) and never change it. */
  readonly game: Game;
  readonly analysis: { readonly state: AnalysisState };
  /** The tree's moves that are in the opening book (node ids; empty until the book has loaded). */
  bookNodes(): ReadonlySet<number>;
  /** The opening book's moves for the position shown (empty out of book), best first. */
  bookMovesHere(): readonly string[];
  /** The opening of the line followed, from its first moves (null when the table has no name for it). */
  opening(): OpeningName | null;
  /** The import / export dialog and what it does. */
  readonly files: GameFiles;
  /** The board's own engine, set to the game before the board is drawn. */
  readonly boardEngine: Engine;
  readonly interactive: 'both' | 'red' | 'black' | 'none';
  readonly thinking: boolean;
  readonly paused: boolean;
  readonly hintPending: boolean;
  readonly bannerDismissed: boolean;
  readonly toast: Toast | null;
  readonly moveError: string | null;
  readonly sideTab: SideTab;
  /** The review of the line shown (复盘), null when there is none for it. */
  readonly review: ReviewState | null;
  startReview(): void;
  /** The position editor (摆棋), open or null. */
  readonly editor: PositionEditor | null;
  openEditor(): void;
  closeEditor(): void;
  /** The editor's state changed: redraw. */
  editorChanged(): void;
  editorPlay(analyse: boolean): void;
  cancelReview(): void;
  /** The game's clocks, null without a time control. */
  readonly clock: {
    reading(side: Color): ClockReading;
    readonly runningSide: Color | null;
    readonly control: TimeControl;
  } | null;
  /** On phones: the analysis shows all its lines and figures (else the best line only). */
  readonly analysisOpen: boolean;

  t(key: MessageKey, params?: Record<string, string | number>): string;
  isComputer(side: Color): boolean;
  canUndo(): boolean;
  /** Resign and Offer draw are open to the player now. */
  canEnd(): boolean;
  readonly drawPending: boolean;
  resign(): void;
  offerDraw(): Promise<void>;

  update<K extends keyof Settings>(key: K, value: Settings[K]): void;
  setMode(mode: Mode): void;
  setLevel(level: number): void;
  newGame(): void;
  undo(): void;
  redo(): void;
  flip(): void;
  goTo(ply: number): void;
  /** Shows the position after the tree's move `id` (a move list button). */
  selectNode(id: number): void;
  setTab(tab: SideTab): void;
  /** Draws a line of the analysis on the board while it is pointed at (null: the best move only). */
  previewLine(multipv: number | null): void;
  /** Plays `moves` from the position on the board into the tree. */
  playLine(moves: readonly string[]): void;
  toggleAnalysisDetails(): void;
  /** The comment on the current move (on the game at the start). */
  setComment(text: string): void;
  promoteVariation(): void;
  deleteMove(): void;
  playOnFromHere(): void;
  togglePause(): void;
  showHint(): Promise<void>;
  playTyped(text: string): boolean;
  onBoardMove(event: XiangqiBoardEventMap['move']): void;
  onBoardError(event: XiangqiBoardEventMap['error']): void;
  /** The player's drawing on the board, kept on the current position of the tree. */
  onShapesChange(event: XiangqiBoardEventMap['shapeschange']): void;
  /** The board's premove: on against the computer when the setting is. */
  readonly premove: boolean;
  dismissBanner(): void;
  dismissToast(): void;
}
