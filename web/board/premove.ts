// Premoves: a move the user makes for their side while the other side (the computer, or the page) is
// to move, kept and played as soon as it is their turn if it is legal then. Where a piece might go is
// its movement pattern alone: the opponent's move is not known yet (blockers, the horse's leg and the
// elephant's eye may change by then); legality is asked of the engine when the premove is played.
import type { GameStatus } from '../engine/types.ts';
import { squareName } from './geometry.ts';
import { isRed } from './pieces.ts';
import type { Color, PieceLetter } from './types.ts';

const inBoard = (f: number, r: number) => f >= 0 && f <= 8 && r >= 0 && r <= 9;

/** The points the piece on `sq` could reach by its pattern, ignoring what stands in the way. */
export function premoveDests(board: readonly (PieceLetter | null)[], sq: number): Set<number> {
  const piece = board[sq];
  const out = new Set<number>();
  if (!piece) return out;
  const red = isRed(piece);
  const f0 = sq % 9;
  const r0 = Math.floor(sq / 9);
  const ownHalf = (r: number) => (red ? r <= 4 : r >= 5);
  const palace = (f: number, r: number) => f >= 3 && f <= 5 && (red ? r <= 2 : r >= 7);
  const add = (f: number, r: number, ok = true) => {
    if (ok && inBoard(f, r) && (f !== f0 || r !== r0)) out.add(r * 9 + f);
  };
  switch (piece.toUpperCase()) {
    case 'K':
      for (const [df, dr] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const)
        add(f0 + df, r0 + dr, palace(f0 + df, r0 + dr));
      break;
    case 'A':
      for (const [df, dr] of [
        [1, 1],
        [1, -1],
        [-1, 1],
        [-1, -1],
      ] as const)
        add(f0 + df, r0 + dr, palace(f0 + df, r0 + dr));
      break;
    case 'B':
      for (const [df, dr] of [
        [2, 2],
        [2, -2],
        [-2, 2],
        [-2, -2],
      ] as const)
        add(f0 + df, r0 + dr, ownHalf(r0 + dr));
      break;
    case 'N':
      for (const [df, dr] of [
        [1, 2],
        [2, 1],
        [2, -1],
        [1, -2],
        [-1, -2],
        [-2, -1],
        [-2, 1],
        [-1, 2],
      ] as const)
        add(f0 + df, r0 + dr);
      break;
    case 'R':
    case 'C':
      for (let f = 0; f <= 8; f++) add(f, r0);
      for (let r = 0; r <= 9; r++) add(f0, r);
      break;
    case 'P': {
      add(f0, r0 + (red ? 1 : -1));
      // Across the river a soldier also steps sideways.
      if (!ownHalf(r0)) {
        add(f0 - 1, r0);
        add(f0 + 1, r0);
      }
      break;
    }
  }
  return out;
}

/** What the premove needs of the element. */
export interface PremoveHost {
  /** Whether premoves are allowed (the `premove` attribute). */
  enabled(): boolean;
  status(): GameStatus | null;
  board(): readonly (PieceLetter | null)[];
  /** Bumped on every position change. */
  version(): number;
  /** Whether the user may move this side (interactive, and not the computer's). */
  userMayMove(color: Color): boolean;
  isLegal(move: string): boolean;
  /** Plays the premove as the user's move; false when it was refused (e.g. its `move` event cancelled). */
  play(move: string): boolean;
  /** Fires `premovechange`. */
  changed(move: string | null, reason: 'set' | 'played' | 'illegal' | 'cancelled'): void;
  /** Tells screen readers the premove made. */
  announce(piece: PieceLetter, from: string, to: string): void;
  requestUpdate(): void;
}

/**
 * The premove waiting, if any: which side may make one now, keeping it, and playing or dropping it
 * when the opponent has moved. The element routes input here and draws `squares`.
 */
export class Premove {
  private pending: { from: number; to: number; color: Color } | null = null;

  constructor(private readonly host: PremoveHost) {}

  /** The premove waiting, as ICCS, or null. */
  get move(): string | null {
    const p = this.pending;
    return p ? squareName(p.from) + squareName(p.to) : null;
  }

  /** The two squares to highlight, or null. */
  get squares(): [number, number] | null {
    return this.pending ? [this.pending.from, this.pending.to] : null;
  }

  /** The side the user may premove for now: not to move and theirs, while the side to move is not. */
  side(): Color | null {
    const s = this.host.status();
    if (!this.host.enabled() || !s || s.over) return null;
    const other: Color = s.turn === 'red' ? 'black' : 'red';
    return !this.host.userMayMove(s.turn) && this.host.userMayMove(other) ? other : null;
  }

  /** Whether the piece on `sq` is one the user may premove now. */
  owns(sq: number): boolean {
    const piece = this.host.board()[sq];
    return !!piece && (isRed(piece) ? 'red' : 'black') === this.side();
  }

  set(from: number, to: number): void {
    const piece = this.host.board()[from]!;
    this.pending = { from, to, color: isRed(piece) ? 'red' : 'black' };
    this.host.requestUpdate();
    this.host.announce(piece, squareName(from), squareName(to));
    this.host.changed(this.move, 'set');
  }

  clear(reason: 'illegal' | 'cancelled'): void {
    if (!this.pending) return;
    this.pending = null;
    this.host.requestUpdate();
    this.host.changed(null, reason);
  }

  /**
   * The position changed. After a move, the premove is tried once that move has been fully reported
   * (a microtask later, not inside its change); after anything else (undo, a new position) it is dropped.
   */
  positionChanged(byMove: boolean): void {
    if (!this.pending) return;
    if (!byMove) {
      this.clear('cancelled');
      return;
    }
    const version = this.host.version();
    queueMicrotask(() => this.tryPlay(version));
  }

  private tryPlay(version: number): void {
    const p = this.pending;
    const s = this.host.status();
    if (!p || !s || version !== this.host.version()) return;
    if (s.over) {
      this.clear('illegal');
      return;
    }
    // Still not its turn (the page played a move for the user's side): it waits on.
    if (s.turn !== p.color) return;
    const move = squareName(p.from) + squareName(p.to);
    if (!this.host.userMayMove(p.color) || !this.host.isLegal(move)) {
      this.clear('illegal');
      return;
    }
    this.pending = null;
    const played = this.host.play(move);
    this.host.changed(null, played ? 'played' : 'illegal');
  }
}
