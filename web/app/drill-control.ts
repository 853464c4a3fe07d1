// The practice tab's endgame drills (残局练习): a position of a chosen ending from the endgame tables
// (web/egtb/drills.ts), to win against their perfect defence or to hold against their attack. After
// each move of the player's, the tables judge it (the win kept, and the mate still so many moves
// away; or let slip) and answer it. A move taken back goes on from there; Retry sets the same
// position again. While a drill is on the board, the page's own computer and clocks stand aside
// (state.practice), as for a puzzle.
import type { Color } from '../engine/types.ts';
import { DRILL_ENDINGS, drillReply, type DrillGoal } from '../egtb/drills.ts';
import { TablebaseWorker } from '../egtb/tablebase-worker.ts';
import { messageOf } from '../engine/errors.ts';
import type { PageMessage, Receiver } from './page-messages.ts';
import type { PageState } from './page-state.ts';

/** A drill held this many of the player's moves is a draw held. */
export const HOLD_MOVES = 20;
/** How long the tables' reply waits (the player sees their move land). */
const REPLY_DELAY_MS = 400;

/**
 * Where a drill stands: none, its tables being made, being played, won (mated), held, let slip (a
 * win let go, or a draw lost), none such in the ending, or the tables failed.
 */
export type DrillStage = 'idle' | 'making' | 'playing' | 'won' | 'held' | 'slipped' | 'none' | 'error';

export class DrillControl implements Receiver {
  goal: DrillGoal = 'win';
  material: string = DRILL_ENDINGS.win[0]!;
  stage: DrillStage = 'idle';
  /** While making: tables made of those needed. */
  progress: { done: number; total: number } | null = null;
  /** The drill on the board: its position, its goal and, to win, the table's mate from it in moves. */
  start: { fen: string; goal: DrillGoal; mateIn: number | null } | null = null;
  /** The player's moves so far. */
  played = 0;
  /** To win: the table's mate after the player's last move, in the player's moves (null before one). */
  mateIn: number | null = null;
  error: string | null = null;
  private settingUp = false;
  private orientationBefore: Color | null = null;
  /** The page's practice state this drill set (a puzzle sets its own). */
  private practice: PageState['practice'] = null;

  constructor(
    private readonly state: PageState,
    private readonly playMove: (move: string, animate: boolean) => boolean,
    /** The tables' worker (the page's computer shares it: it stands aside in a drill). */
    private readonly tables: TablebaseWorker,
  ) {}

  /** The goal of the drill on the board (the one chosen for the next, before one is set). */
  get drillGoal(): DrillGoal {
    return this.start?.goal ?? this.goal;
  }

  /** The player's side: Red attacks to win, Black defends to hold. */
  get side(): Color {
    return this.drillGoal === 'win' ? 'red' : 'black';
  }

  get active(): boolean {
    return this.start !== null && this.practice !== null && this.state.practice === this.practice;
  }

  setGoal(goal: DrillGoal): void {
    this.goal = goal;
    if (!DRILL_ENDINGS[goal].includes(this.material)) this.material = DRILL_ENDINGS[goal][0]!;
    this.state.requestRender();
  }

  setMaterial(material: string): void {
    if (DRILL_ENDINGS[this.goal].includes(material)) this.material = material;
    this.state.requestRender();
  }

  /** A new position of the chosen ending, its tables made first (kept for the next visit). */
  async begin(): Promise<void> {
    const { goal, material } = this;
    this.stage = 'making';
    this.error = null;
    this.progress = null;
    this.state.requestRender();
    try {
      const fen = await this.tables.drill(material, goal, (done, total) => {
        this.progress = { done, total };
        this.state.requestRender();
      });
      this.progress = null;
      if (fen === null) {
        this.stage = 'none';
        this.state.requestRender();
        return;
      }
      const report = await this.tables.consult(fen);
      const plies = report?.probe.plies ?? null;
      this.start = { fen, goal, mateIn: goal === 'win' && plies !== null ? (plies + 1) / 2 : null };
      this.setUp();
    } catch (error) {
      this.stage = 'error';
      this.error = messageOf(error);
      this.state.requestRender();
    }
  }

  /** The same position again. */
  retry(): void {
    if (this.start) this.setUp();
  }

  /** Back to playing games: the position stays on the board. */
  leave(): void {
    this.end();
    this.state.requestRender();
  }

  receive(message: PageMessage): void {
    if (!this.active) return;
    if ((message.type === 'new-game' || message.type === 'imported') && !this.settingUp) this.end();
    else if (message.type === 'position' && message.moved === this.side) void this.judge();
    else if (message.type === 'position' && !message.moved) this.follow();
  }

  private setUp(): void {
    const { state } = this;
    this.played = 0;
    this.mateIn = null;
    this.stage = 'playing';
    this.settingUp = true;
    try {
      state.game.newGame(this.start!.fen);
      // Set after the new game is told: a puzzle that was on the board ends on it.
      state.send({ type: 'new-game' });
      state.practice = this.practice = { side: this.side, accepting: true };
      this.orientationBefore ??= state.settings.orientation;
      state.set('orientation', this.side);
      state.changed();
    } finally {
      this.settingUp = false;
    }
  }

  /** The player's move just played: the tables' verdict on it, then their answer. */
  private async judge(): Promise<void> {
    const { state } = this;
    const practice = this.practice;
    if (!practice || !this.active || this.stage !== 'playing') return;
    practice.accepting = false;
    this.played = state.game.played.filter((_, i) => state.game.turnAt(i) === this.side).length;
    const status = state.game.status();
    if (status.over) {
      this.stage = status.result === (this.side === 'red' ? '1-0' : '0-1') ? 'won' : 'slipped';
      state.requestRender();
      return;
    }
    const version = state.version;
    const fen = state.game.fen();
    const report = await this.tables.consult(fen).catch((error: unknown) => {
      this.stage = 'error';
      this.error = messageOf(error);
      return null;
    });
    if (state.version !== version || state.practice !== practice) return;
    if (!report) {
      state.requestRender();
      return;
    }
    // The tables speak for the side to move now: the computer.
    const goal = this.drillGoal;
    const kept = goal === 'win' ? report.probe.result === 'loss' : report.probe.result !== 'win';
    if (goal === 'win') this.mateIn = kept ? report.probe.plies! / 2 : null;
    if (!kept) {
      this.stage = 'slipped';
      this.mateIn = goal === 'hold' ? (report.probe.plies! + 1) / 2 : null;
      state.requestRender();
      return;
    }
    if (goal === 'hold' && this.played >= HOLD_MOVES) {
      this.stage = 'held';
      state.requestRender();
      return;
    }
    state.requestRender();
    const reply = drillReply(report.moves);
    setTimeout(() => {
      if (state.version !== version || state.practice !== practice || reply === null) return;
      if (this.playMove(reply, true)) practice.accepting = true;
      state.requestRender();
    }, REPLY_DELAY_MS);
  }

  /** A move taken back (or the move list): the drill goes on from there, the player's turn or the computer's. */
  private follow(): void {
    const practice = this.practice;
    if (!practice || this.stage === 'making') return;
    const { game } = this.state;
    this.stage = 'playing';
    this.played = game.played.filter((_, i) => game.turnAt(i) === this.side).length;
    if (game.turn() === this.side) practice.accepting = true;
    // The computer's turn: the tables answer as after a move of the player's.
    else void this.judge();
    this.state.requestRender();
  }

  private end(): void {
    this.start = null;
    this.stage = 'idle';
    if (this.state.practice === this.practice) this.state.practice = null;
    this.practice = null;
    if (this.orientationBefore !== null) this.state.set('orientation', this.orientationBefore);
    this.orientationBefore = null;
  }
}
