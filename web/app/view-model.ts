// What the page's templates (view.ts, panels.ts, dialog.ts, ...) see of the page: the shared state they
// draw and, for each panel, the part that answers its buttons. The templates import only these types,
// so they neither depend on the controllers' classes nor can reach their internals (workers, board,
// timers). App (app.ts) puts the parts together.
import type { TablebaseState } from './analysis-control.ts';
import type { XiangqiBoardEventMap } from '../board/types.ts';
import type { Color, Engine } from '../engine/types.ts';
import type { AnalysisState } from './analysis.ts';
import type { UpdatesView } from './app-updates.ts';
import type { LinksView } from './link-control.ts';
import type { PicturesView } from './picture-export.ts';
import type { ClockReading, TimeControl } from './clock.ts';
import type { ReviewState } from './review.ts';
import type { PositionEditor } from './editor.ts';
import type { Game, PageStatus } from './game.ts';
import type { GameFiles } from './game-files.ts';
import type { Lang, MessageKey } from './i18n.ts';
import type { Settings } from './settings.ts';
import type { OpeningName } from './openings.ts';
import type { Puzzle } from '../notation/puzzles.ts';
import type { PracticeRecord } from './puzzle-progress.ts';
import type { DrillStage } from './drill-control.ts';
import type { DrillGoal } from '../egtb/drills.ts';

export type Mode = 'red' | 'black' | 'two' | 'demo';

/** The side panel's tab. */
export type SideTab = 'moves' | 'game' | 'practice' | 'review' | 'settings';

export interface Toast {
  text: string;
  kind: 'info' | 'error';
  action?: { label: string; run: () => void };
}

/** What every template reads: the game, the settings, the words. */
export interface PageBasics {
  readonly settings: Readonly<Settings>;
  readonly lang: Lang;
  readonly mode: Mode;
  readonly status: PageStatus;
  /** The game; the templates read it (move list, cursor) and never change it. */
  readonly game: Game;
  readonly sideTab: SideTab;
  t(key: MessageKey, params?: Record<string, string | number>): string;
  isComputer(side: Color): boolean;
  /** Changes one setting (the parts that depend on it hear of it). */
  set<K extends keyof Settings>(key: K, value: Settings[K]): void;
  setTab(tab: SideTab): void;
}

/** The board and the moves: played on it, typed, or picked in the move list (moves-control.ts). */
export interface MovesView {
  readonly interactive: 'both' | 'red' | 'black' | 'none';
  /** The board's premove: on against the computer when the setting is. */
  readonly premove: boolean;
  readonly moveError: string | null;
  onBoardMove(event: XiangqiBoardEventMap['move']): void;
  onBoardError(event: XiangqiBoardEventMap['error']): void;
  /** The player's drawing on the board, kept on the current position of the tree. */
  onShapesChange(event: XiangqiBoardEventMap['shapeschange']): void;
  playTyped(text: string): boolean;
  canUndo(): boolean;
  undo(): void;
  redo(): void;
  goTo(ply: number): void;
  /** Shows the position after the tree's move `id` (a move list button). */
  selectNode(id: number): void;
  /** The comment on the current move (on the game at the start). */
  setComment(text: string): void;
  promoteVariation(): void;
  deleteMove(): void;
  playOnFromHere(): void;
  /** The tree's moves that are in the opening book (node ids; empty until the book has loaded). */
  bookNodes(): ReadonlySet<number>;
  /** The opening of the line followed, from its first moves (null when the table has no name for it). */
  opening(): OpeningName | null;
}

/** Who plays, how strong, and new games (players-control.ts). */
export interface PlayersView {
  setMode(mode: Mode): void;
  setLevel(level: number): void;
  setElo(elo: number): void;
  newGame(): void;
}

/** The computer's moves and the hint (computer-turns.ts). */
export interface ComputerView {
  readonly thinking: boolean;
  readonly paused: boolean;
  readonly hintPending: boolean;
  togglePause(): void;
  showHint(): Promise<void>;
}

/** Resigning and draws (endings.ts). */
export interface EndingsView {
  readonly drawPending: boolean;
  /** Resign and Offer draw are open to the player now. */
  canEnd(): boolean;
  resign(): void;
  offerDraw(): Promise<void>;
}

/** The game's clocks (clock.ts), when there is a time control. */
export interface ClockView {
  reading(side: Color): ClockReading;
  readonly runningSide: Color | null;
  readonly control: TimeControl;
}

/** The analysis panel (analysis-control.ts). */
export interface AnalysisView {
  readonly current: AnalysisState;
  /** On phones: the analysis shows all its lines and figures (else the best line only). */
  readonly open: boolean;
  toggleDetails(): void;
  /** Draws a line of the analysis on the board while it is pointed at (null: the best move only). */
  previewLine(multipv: number | null): void;
  /** Plays `moves` from the position on the board into the tree. */
  playLine(moves: readonly string[]): void;
  /** The opening book's moves for the position shown (empty out of book), best first. */
  bookMovesHere(): readonly string[];
  /** The endgame tables' word on the position shown, where they cover it. */
  readonly tablebase: TablebaseState | null;
}

/** The review tab (复盘, review-control.ts). */
export interface ReviewView {
  /** The review of the line shown, null when there is none for it. */
  readonly current: ReviewState | null;
  start(): void;
  cancel(): void;
}

/** The position editor (摆棋, editor-control.ts). */
export interface EditorView {
  /** The editor, open, or null. */
  readonly editor: PositionEditor | null;
  open(): void;
  close(): void;
  /** The editor's state changed: redraw. */
  changed(): void;
  play(analyse: boolean): void;
}

/** Where a puzzle stands: none on the board, fetching the puzzles, to be solved, solved, or a wrong move played. */
export type PracticeStage = 'idle' | 'loading' | 'solving' | 'solved' | 'wrong';

/** The practice tab (练习, practice-control.ts). */
export interface PracticeView {
  readonly record: Readonly<PracticeRecord>;
  readonly puzzle: Puzzle | null;
  readonly stage: PracticeStage;
  readonly lastChange: number | null;
  readonly loadError: string | null;
  readonly hint: string | null;
  readonly side: Color | null;
  start(): Promise<void>;
  next(): void;
  retry(): void;
  showHint(): void;
  leave(): void;
}

/** The practice tab's endgame drills (残局练习, drill-control.ts). */
export interface DrillView {
  readonly goal: DrillGoal;
  readonly material: string;
  readonly stage: DrillStage;
  readonly progress: { done: number; total: number } | null;
  readonly start: { fen: string; goal: DrillGoal; mateIn: number | null } | null;
  /** The goal of the drill on the board (else the one chosen). */
  readonly drillGoal: DrillGoal;
  readonly played: number;
  readonly mateIn: number | null;
  readonly error: string | null;
  /** A drill is on the board. */
  readonly active: boolean;
  setGoal(goal: DrillGoal): void;
  setMaterial(material: string): void;
  begin(): Promise<void>;
  retry(): void;
  leave(): void;
}

/** Toasts and the end-of-game banner (notices.ts). */
export interface NoticesView {
  readonly toast: Toast | null;
  readonly bannerDismissed: boolean;
  dismissToast(): void;
  dismissBanner(): void;
}

export interface PageView extends PageBasics {
  /** The board's own engine, set to the game before the board is drawn. */
  readonly boardEngine: Engine;
  readonly moves: MovesView;
  readonly players: PlayersView;
  readonly computer: ComputerView;
  readonly endings: EndingsView;
  /** Null without a time control. */
  readonly clock: ClockView | null;
  readonly analysis: AnalysisView;
  readonly review: ReviewView;
  readonly practice: PracticeView;
  readonly drills: DrillView;
  readonly editor: EditorView;
  /** The import / export dialog and what it does. */
  readonly files: GameFiles;
  readonly notices: NoticesView;
  /** A new version of the installed app, waiting for the player. */
  readonly updates: UpdatesView;
  /** Links to the game (Copy link, and the export dialog's link). */
  readonly links: LinksView;
  /** The position as PNG or SVG, the game as an animated GIF (the export dialog). */
  readonly pictures: PicturesView;
}
