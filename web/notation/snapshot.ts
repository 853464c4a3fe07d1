// A frozen copy of a position's view. Converting many moves of one position (a move list, every
// legal move for a menu) would otherwise ask the engine for the board and the legal moves once
// per conversion; a snapshot asks once. It must not outlive the position it was taken from.

import type { Color, PieceLetter, PositionView } from './types.ts';

/**
 * A frozen copy of a position's view (board, turn, legal moves), read from `pos` once: quicker when
 * converting many moves of one position. It must not outlive the position it was taken from.
 */
export function snapshot(pos: PositionView): PositionView {
  const board: readonly (PieceLetter | null)[] = Object.freeze([...pos.board()]);
  const turn: Color = pos.turn();
  const legal: readonly string[] = Object.freeze([...pos.legalMoves()]);
  return {
    board: () => board,
    turn: () => turn,
    legalMoves: () => [...legal],
  };
}
