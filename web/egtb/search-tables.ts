// The page's searches with the endgame tables inside them: the tables a search from a position may
// reach, handed to its SearchWorker before it starts (made by the page's TablebaseWorker within a
// budget, so the search barely waits).
import type { SearchWorker } from '../engine/search-worker.ts';
import type { SearchLimits } from '../engine/types.ts';
import { RuleBoard } from '../notation/rule-board.ts';
import { reachableMaterials } from './material.ts';
import { REACHABLE_BUDGET_MS } from './reachable.ts';
import type { TablebaseWorker } from './tablebase-worker.ts';

/**
 * Gives `search` the tables a search of the position reached by `moves` from `fen` may reach by
 * captures, those `tables` has or makes within `budgetMs`: by default a quarter of the search's move
 * time, 250 ms at most. Nothing where captures reach no table.
 */
export async function giveReachableTables(
  tables: Pick<TablebaseWorker, 'reachable'>,
  search: SearchWorker,
  fen: string,
  moves: readonly string[],
  limits: SearchLimits,
  budgetMs = Math.min(REACHABLE_BUDGET_MS, (limits.movetime ?? Infinity) / 4),
): Promise<void> {
  const board = new RuleBoard(fen);
  for (const move of moves) board.play(move);
  const position = board.fen();
  if (reachableMaterials(position).length === 0) return;
  const add = await tables.reachable(position, search.heldTables, budgetMs);
  if (add.length > 0) search.useTables(add);
}
