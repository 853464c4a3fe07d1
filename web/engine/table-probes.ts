// The endgame tables inside the search (assembly/tablebase.ts): the engine marks the materials a
// prober holds, and the build's host answers the search's probes from it.
import type { LoadedBuild } from './raw.ts';
import type { TableProber } from './types.ts';

/** Gives a build's search the tables of `prober`, or none (null). */
export function attachTables(build: LoadedBuild, prober: TableProber | null): void {
  const raw = build.raw;
  raw.clearTableMaterials();
  if (!prober) {
    build.host.probeTable = () => -1;
    return;
  }
  for (const { key, pieces } of prober.materials()) raw.markTableMaterial(key, pieces);
  const at = raw.memoryBase() + raw.tablePiecesOffset();
  let view = new Uint8Array(build.buffer(), at, 64);
  build.host.probeTable = (count, side) => {
    // The view is made again only when the memory has grown (a new buffer).
    if (view.buffer !== build.buffer()) view = new Uint8Array(build.buffer(), at, 64);
    return prober.probe(view.subarray(0, count * 2), side);
  };
}

/** `tbhits` for a report, where the endgame tables answered any position. */
export function tableHits(hits: number): { tbhits?: number } {
  return hits > 0 ? { tbhits: hits } : {};
}
