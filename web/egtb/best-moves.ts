// Which of a position's moves the tables rate best: apart from Tablebases, so that the page's and
// the board's side of the tables' worker can use it without taking in the tables' module.
import type { TableMove } from './tablebases.ts';

/**
 * The moves that share first place in a list rated best first (Tablebases.moves): the same result
 * and distance as the first (every drawing move, where the best is a draw).
 */
export function bestMoves(moves: readonly TableMove[]): TableMove[] {
  const first = moves[0];
  return first ? moves.filter((m) => m.result === first.result && m.plies === first.plies) : [];
}
