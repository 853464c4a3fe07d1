// Where each piece can ever stand: the engine refuses a FEN that puts one elsewhere, and no move takes
// one there. The notation's rules board (web/notation/rule-fen.ts) and the network's inputs
// (nnue-reach.ts) read the same answer.

/**
 * Whether a piece of `kind` (K A B N R C P) and colour (`red`) can stand on `rank` (0..9 from Red's
 * side) and `file` (0..8): a king in its palace, an advisor or elephant on its points, a pawn on its
 * start rank or beyond (on the even files until it has crossed the river); horses, rooks and
 * cannons anywhere.
 */
export function canStand(kind: string, red: boolean, rank: number, file: number): boolean {
  const own = red ? rank : 9 - rank; // ranks counted from the piece's own side
  switch (kind) {
    case 'K':
      return own <= 2 && file >= 3 && file <= 5;
    case 'A':
      return own === 0 || own === 2 ? file === 3 || file === 5 : own === 1 && file === 4;
    case 'B':
      return own === 0 || own === 4 ? file === 2 || file === 6 : own === 2 && (file === 0 || file === 4 || file === 8);
    case 'P':
      return own >= 5 || (own >= 3 && file % 2 === 0);
    default:
      return true;
  }
}
