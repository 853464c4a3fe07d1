// An independent brute-force mate finder over the Engine's legal moves: the truth the search
// is checked against. "No legal move" ends the game for the side to move, check or not.
import type { Engine } from '../../web/engine/index.ts';

/** Does the side to move force a win within `moves` of its own moves? */
export function forcesWinIn(engine: Engine, moves: number): boolean {
  for (const move of engine.legalMoves()) {
    engine.play(move);
    const won = everyReplyLoses(engine, moves - 1);
    engine.undo();
    if (won) return true;
  }
  return false;
}

/** After our move: is the opponent out of moves now, or does every reply leave a forced win? */
export function everyReplyLoses(engine: Engine, movesLeft: number): boolean {
  const replies = engine.legalMoves();
  if (replies.length === 0) return true;
  if (movesLeft === 0) return false;
  for (const reply of replies) {
    engine.play(reply);
    const won = forcesWinIn(engine, movesLeft);
    engine.undo();
    if (!won) return false;
  }
  return true;
}

/** The smallest n <= max such that the side to move wins in n moves, or 0. */
export function shortestWin(engine: Engine, max: number): number {
  for (let n = 1; n <= max; n++) if (forcesWinIn(engine, n)) return n;
  return 0;
}
