// The tables a search may reach from a position, made within a time budget: for the UCI engine
// (bin/tablebase-option.ts) and the page's tables worker (worker.ts) alike, so a search never waits
// long for tables, and each later search finds more of them made.
import type { Tablebases } from './tablebases.ts';
import { ON_DEMAND_MAX_ENTRIES, reachableMaterials, smallerMaterials } from './material.ts';

/**
 * The most a search waits for the tables its captures may reach, however long it may run: an
 * analysis starts at once, and each later search makes more of them.
 */
export const REACHABLE_BUDGET_MS = 250;

/**
 * Generation time an entry, with room to spare: the wasm build makes KR-KAAEE's 634,500 entries a
 * side in about 1.1 s here, 0.9 µs an entry (docs/endgames.md).
 */
const MS_PER_ENTRY = 0.002;

/** The tables `material` needs that `tables` lacks: those its captures lead to, then itself. */
export function missingTables(tables: Tablebases, material: string): string[] {
  return [...smallerMaterials(material), material].filter((m) => !tables.has(m));
}

/**
 * Makes `material`'s table (and those its captures lead to) where that fits `budgetMs`: making the
 * tables must not cost a move its time. False when they are not there.
 */
export function makeWithin(tables: Tablebases, material: string, budgetMs: number): boolean {
  if (tables.entries(material) > ON_DEMAND_MAX_ENTRIES) return false;
  const missing = missingTables(tables, material);
  const entries = missing.reduce((sum, m) => sum + tables.entries(m), 0);
  if (entries * MS_PER_ENTRY > budgetMs) return false;
  if (missing.length > 0) tables.generate(material);
  return true;
}

/**
 * The materials a search from `fen` may reach by captures, smallest first. `adopt` may first take
 * tables kept elsewhere (IndexedDB; with `adoptLarger`, also those too large to make, as a folder of
 * the command-line engine's may hold); then those that fit `budgetMs` (REACHABLE_BUDGET_MS at most,
 * all together) are made, each passed to `made` as it is.
 */
export async function makeReachable(
  tables: Tablebases,
  fen: string,
  budgetMs: number,
  adopt: (material: string) => Promise<void> | void = () => {},
  made: (material: string) => Promise<void> | void = () => {},
  adoptLarger = false,
): Promise<void> {
  const start = performance.now();
  const reachable = reachableMaterials(fen).sort((a, b) => tables.entries(a) - tables.entries(b));
  const budget = Math.min(budgetMs, REACHABLE_BUDGET_MS);
  for (const material of reachable) {
    if (!adoptLarger && tables.entries(material) > ON_DEMAND_MAX_ENTRIES) continue;
    for (const m of missingTables(tables, material)) await adopt(m);
    const missing = missingTables(tables, material);
    if (missing.length === 0 || !makeWithin(tables, material, budget - (performance.now() - start))) continue;
    for (const m of missing) await made(m);
  }
}
