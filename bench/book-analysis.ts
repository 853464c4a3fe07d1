// One book position's analysis: this engine's moves within a window of the best, found by a
// fixed-depth MultiPV search from an empty hash and cleared history, so the answer depends only on
// the position and the settings (never on which thread or which earlier position came first).
import { START_FEN } from '../web/engine/index.ts';
import { mirrorMove } from '../web/engine/book.ts';
import type { Engine, SearchInfo } from '../web/engine/types.ts';

export interface AnalysisSettings {
  depth: number;
  multipv: number;
  /** Moves more than this many centipawns below the best are not kept. */
  window: number;
  maxMoves: number;
}

export interface BookChoice {
  move: string;
  score: number;
}

/** Scores from the side to move, mates as large numbers. */
const cp = (info: SearchInfo): number =>
  'cp' in info.score ? info.score.cp : info.score.mate > 0 ? 30000 - info.score.mate : -30000 - info.score.mate;

/**
 * The moves for the position after `moves` (from the start), best first. In a position that is its own
 * mirror (the start) a move and its mirror are one choice: only the first is kept, so the second place
 * goes to a different move.
 */
export function analyseBookPosition(
  engine: Engine,
  moves: readonly string[],
  symmetric: boolean,
  settings: AnalysisSettings,
): BookChoice[] {
  engine.setPosition(START_FEN, moves);
  engine.clearHash();
  const lines = new Map<number, SearchInfo>();
  const result = engine.search({ depth: settings.depth, multipv: settings.multipv }, (info) => {
    if (info.pv.length > 0) lines.set(info.multipv, info);
  });
  const found = [...lines.values()]
    .filter((i) => i.depth === result.depth)
    .map((i) => ({ move: i.pv[0]!, score: cp(i) }));
  if (found.length === 0 && result.bestMove) found.push({ move: result.bestMove, score: 0 });
  found.sort((a, b) => b.score - a.score);
  const best = found[0]?.score ?? 0;
  const kept: BookChoice[] = [];
  for (const f of found) {
    if (f.score < best - settings.window || kept.length >= settings.maxMoves) break;
    if (symmetric && kept.some((k) => k.move === mirrorMove(f.move))) continue;
    kept.push(f);
  }
  return kept;
}
