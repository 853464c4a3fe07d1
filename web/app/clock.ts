// Game clocks: base time plus an increment per move (Fischer), or base time then byoyomi (局时 + 读秒:
// once the base time is spent, every move must be made within the period, which starts again after
// each move). Only the side to move's clock runs; the page starts, pauses and stops it. Pure logic
// over a clock function, so it is tested without waiting.
import type { Color, PieceLetter } from '../engine/types.ts';

export interface TimeControl {
  id: string;
  /** Base time per side (ms). */
  base: number;
  /** Added after each move (ms). */
  inc: number;
  /** Byoyomi period (ms): 0 for none. */
  byoyomi: number;
}

const MIN = 60_000;
const SEC = 1000;

/** The choices offered: no clock, Fischer increments, and byoyomi as Xiangqi tournaments play it. */
export const TIME_CONTROLS: readonly TimeControl[] = [
  { id: 'none', base: 0, inc: 0, byoyomi: 0 },
  { id: '3+2', base: 3 * MIN, inc: 2 * SEC, byoyomi: 0 },
  { id: '5+3', base: 5 * MIN, inc: 3 * SEC, byoyomi: 0 },
  { id: '10+5', base: 10 * MIN, inc: 5 * SEC, byoyomi: 0 },
  { id: '15+10', base: 15 * MIN, inc: 10 * SEC, byoyomi: 0 },
  { id: '5m/20s', base: 5 * MIN, inc: 0, byoyomi: 20 * SEC },
  { id: '10m/30s', base: 10 * MIN, inc: 0, byoyomi: 30 * SEC },
  { id: '20m/60s', base: 20 * MIN, inc: 0, byoyomi: 60 * SEC },
];

export function timeControl(id: string): TimeControl | null {
  const tc = TIME_CONTROLS.find((t) => t.id === id);
  return tc && tc.id !== 'none' ? tc : null;
}

export interface ClockSnapshot {
  id: string;
  main: Record<Color, number>;
  turn: Color | null;
  spent: number;
}

export interface ClockReading {
  /** Time left now (ms): the base time, or in byoyomi what is left of the period. Never below 0. */
  ms: number;
  byoyomi: boolean;
}

export class GameClock {
  private main: Record<Color, number>;
  private running: Color | null = null;
  /** The side whose turn it is and the time it has used on this move (paused time excluded). */
  private turn: Color | null = null;
  private spent = 0;
  private since = 0;

  constructor(
    readonly control: TimeControl,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.main = { red: control.base, black: control.base };
  }

  get runningSide(): Color | null {
    return this.running;
  }

  /** Time `side` has used on the move it is making. */
  private used(side: Color): number {
    if (this.turn !== side) return 0;
    return this.spent + (this.running === side ? this.now() - this.since : 0);
  }

  reading(side: Color): ClockReading {
    const used = this.used(side);
    const main = this.main[side];
    if (used <= main && main > 0) return { ms: main - used, byoyomi: false };
    if (this.control.byoyomi > 0) return { ms: Math.max(0, this.control.byoyomi - (used - main)), byoyomi: true };
    return { ms: 0, byoyomi: false };
  }

  /** The side whose time has run out, if any. */
  flagged(): Color | null {
    for (const side of ['red', 'black'] as const) if (this.turn === side && this.reading(side).ms <= 0) return side;
    return null;
  }

  /** Runs `side`'s clock (its turn); another side's turn ends without a move only by moveMade. */
  start(side: Color): void {
    if (this.running === side) return;
    this.pause();
    if (this.turn !== side) {
      this.turn = side;
      this.spent = 0;
    }
    this.running = side;
    this.since = this.now();
  }

  /** Stops the clock that runs, keeping the time used on this move. */
  pause(): void {
    if (this.running) this.spent += this.now() - this.since;
    this.running = null;
  }

  /** What to save: the time left on each clock and on the move under way (time while closed is not counted). */
  snapshot(): ClockSnapshot {
    return {
      id: this.control.id,
      main: { ...this.main },
      turn: this.turn,
      spent: this.turn ? this.used(this.turn) : 0,
    };
  }

  /** Puts a saved state back, paused; false (and unchanged) when it is for another control or unreadable. */
  restore(saved: unknown): boolean {
    const s = saved as Partial<ClockSnapshot> | null;
    const ok = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;
    if (!s || s.id !== this.control.id || !s.main || !ok(s.main.red) || !ok(s.main.black) || !ok(s.spent)) return false;
    if (s.turn !== null && s.turn !== 'red' && s.turn !== 'black') return false;
    this.running = null;
    this.main = { red: s.main.red, black: s.main.black };
    this.turn = s.turn ?? null;
    this.spent = s.spent;
    return true;
  }

  /** `side` moved: its time is charged (the increment added, a byoyomi period survived starts again). */
  moveMade(side: Color): void {
    const used = this.used(side);
    if (this.running === side) this.running = null;
    if (this.turn === side) {
      this.main[side] = used <= this.main[side] ? this.main[side] - used : 0;
      this.main[side] += this.control.inc;
      this.turn = null;
      this.spent = 0;
    }
  }

  /**
   * What the computer playing `side` may spend on its move (ms): a share of its base time plus most of
   * the increment, or in byoyomi part of the period, so that it never flags.
   */
  budget(side: Color): number {
    const r = this.reading(side);
    if (r.byoyomi) return Math.max(50, r.ms * 0.6 - 300);
    const share = r.ms / 30 + this.control.inc * 0.75;
    // In the base time of a byoyomi control, the period is always there afterwards.
    const floor = this.control.byoyomi > 0 ? this.control.byoyomi * 0.4 : 50;
    return Math.max(50, Math.min(r.ms * 0.5, Math.max(share, Math.min(floor, r.ms * 0.5))));
  }
}

/** `m:ss` (or `h:mm:ss`), tenths under ten seconds. */
export function formatClock(ms: number): string {
  if (ms < 10_000) return `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * Whether `side` could ever mate with what it has: a chariot, horse, cannon or pawn (advisors,
 * elephants and the king never cross the river). A flag fall against a side that cannot is a draw.
 */
export function canMate(board: readonly (PieceLetter | null)[], side: Color): boolean {
  const attackers = side === 'red' ? 'RNCP' : 'rncp';
  return board.some((p) => p !== null && attackers.includes(p));
}
