// The `computer` player: limits from the attributes, and where its moves come from. The search
// itself runs elsewhere (a Web Worker behind a MoveProvider); until one is registered the element
// reports that no computer player is available instead of freezing the page with a search here.
import type { Backend, MoveProvider, MoveProviderFactory, SearchLimits } from './types.ts';
import { FULL_STRENGTH, MAX_PLY } from '../engine/shared.ts';
import { clampElo, RATED_MOVETIME_MS } from '../engine/strength.ts';

/** Thinking time per level, 1 (a blink) to 10 (several seconds). */
const LEVEL_MS = [50, 100, 200, 350, 500, 800, 1200, 2000, 3000, 5000];

/** Deepest search the engine does; deeper asks are the same search. */
const MAX_DEPTH = MAX_PLY;
/** Longest movetime a timer can hold (setTimeout overflows past 2^31-1 ms and fires at once). */
const MAX_MOVETIME = 2 ** 31 - 1;

/**
 * Limits from the attributes: `elo` (a rating, 800-2400) or else `level` 1-10 sets the engine's
 * strength (a level: skill 0-20) and, unless `movetime` or
 * `depth` is given, the thinking time. Attributes arrive through Number(), so NaN, Infinity and huge
 * values do: a depth or movetime that is not a finite positive number (under a millisecond or ply
 * after flooring) is ignored, as is a movetime past what a timer can hold (3e9 means nothing a game
 * could wait for; clamping it would leave the user waiting ~25 days). Depth is capped at MAX_DEPTH.
 */
export function searchLimits(
  level: number,
  movetime: number | undefined,
  depth: number | undefined,
  elo?: number | null,
): SearchLimits {
  const lv = Math.min(10, Math.max(1, Math.round(level || 5)));
  // A rating overrides the level: played at the strength the engine's table puts it, at the time
  // a move the ratings hold at (unless `movetime` or `depth` says otherwise).
  const rating = elo ?? NaN;
  const rated = Number.isFinite(rating) && rating > 0;
  const limits: SearchLimits = rated
    ? { elo: clampElo(rating) }
    : { skill: Math.round(((lv - 1) * FULL_STRENGTH) / 9) };
  const d = Math.floor(Number(depth));
  if (Number.isFinite(d) && d >= 1) limits.depth = Math.min(MAX_DEPTH, d);
  const t = Math.floor(Number(movetime));
  if (Number.isFinite(t) && t >= 1 && t <= MAX_MOVETIME) limits.movetime = t;
  if (limits.depth === undefined && limits.movetime === undefined)
    limits.movetime = rated ? RATED_MOVETIME_MS : LEVEL_MS[lv - 1]!;
  return limits;
}

let defaultFactory: MoveProviderFactory | null = null;

/** Registers how boards without their own `moveProvider` get one (the worker-backed search). */
export function setDefaultMoveProvider(factory: MoveProviderFactory | null): void {
  defaultFactory = factory;
}

export async function createDefaultProvider(backend: Backend, threads: number): Promise<MoveProvider | null> {
  return defaultFactory ? defaultFactory(backend, { threads }) : null;
}
