// The completed iterations of a UCI search, read from its `info` lines (bench/scaling.ts).
import { fromFairyMove } from '../native.ts';

export interface Iteration {
  depth: number;
  nodes: number;
  move: string;
}

/** The last full iteration of each depth an engine reported (`info depth d ... nodes n ... pv m ...`). */
export function iterations(lines: readonly string[], fairy: boolean): Iteration[] {
  const byDepth = new Map<number, Iteration>();
  for (const line of lines) {
    if (!line.startsWith('info ') || / (upperbound|lowerbound) /.test(line) || / multipv [2-9]/.test(line)) continue;
    const depth = / depth (\d+)/.exec(line);
    const nodes = / nodes (\d+)/.exec(line);
    const pv = / pv (\S+)/.exec(line);
    if (!depth || !nodes || !pv) continue;
    byDepth.set(Number(depth[1]), {
      depth: Number(depth[1]),
      nodes: Number(nodes[1]),
      move: fairy ? fromFairyMove(pv[1]!) : pv[1]!,
    });
  }
  return [...byDepth.values()].sort((a, b) => a.depth - b.depth);
}
