// The `computer` player: limits from the attributes, and where its moves come from. The search
// itself runs elsewhere (a Web Worker behind a MoveProvider); until one is registered the element
// reports that no computer player is available instead of freezing the page with a search here.
import type { Backend, MoveProvider, MoveProviderFactory, SearchLimits } from './types.ts';

/** Thinking time per level, 1 (a blink) to 10 (several seconds). */
const LEVEL_MS = [50, 100, 200, 350, 500, 800, 1200, 2000, 3000, 5000];

/**
 * Limits from the attributes: `level` 1-10 sets the engine's skill (0-20) and, unless `movetime` or
 * `depth` is given, the thinking time.
 */
export function searchLimits(level: number, movetime: number | undefined, depth: number | undefined): SearchLimits {
  const lv = Math.min(10, Math.max(1, Math.round(Number(level) || 5)));
  const limits: SearchLimits = { skill: Math.round(((lv - 1) * 20) / 9) };
  if (depth && depth > 0) limits.depth = Math.floor(depth);
  if (movetime && movetime > 0) limits.movetime = Math.floor(movetime);
  if (!limits.depth && !limits.movetime) limits.movetime = LEVEL_MS[lv - 1]!;
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
