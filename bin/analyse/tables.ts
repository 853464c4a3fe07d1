// The endgame tables in `xiangqi-engine analyse`. Before each position's search the tables its
// captures may reach are made, every one of a size made on demand however long it takes (the output
// must not depend on the clock), and the search probes those alone: a game's analysis then does not
// depend on which thread had it or what that thread analysed before.
import { Tablebases } from '../../web/egtb/tablebases.ts';
import { ON_DEMAND_MAX_ENTRIES, parseMaterial, reachableMaterials, smallerMaterials } from '../../web/egtb/material.ts';
import type { TableProber } from '../../web/engine/types.ts';

export class AnalyseTables {
  private constructor(private readonly tables: Tablebases) {}

  static async load(): Promise<AnalyseTables> {
    return new AnalyseTables(await Tablebases.load('wasm'));
  }

  /** What a search of the position `fen` probes: the tables its captures reach; null where none. */
  forPosition(fen: string): TableProber | null {
    const keys = new Set<number>();
    for (const material of reachableMaterials(fen)) {
      if (this.tables.entries(material) > ON_DEMAND_MAX_ENTRIES) continue;
      if (!this.tables.has(material)) {
        try {
          this.tables.generate(material);
        } catch {
          continue; // out of memory: the search goes on without this table, as it would without any
        }
      }
      for (const m of [...smallerMaterials(material), material]) keys.add(parseMaterial(m).key);
    }
    if (keys.size === 0) return null;
    const all = this.tables.prober();
    return {
      materials: () => all.materials().filter((m) => keys.has(m.key)),
      probe: (pieces, side) => all.probe(pieces, side),
    };
  }
}
